use ring_core::multiprobe::{mpchash_hash, MultiProbe};
fn main() {
    let key = "$\\:O\u{11d1e}\\D9";
    let m = MultiProbe::new(&["#", "j"], [0, 0], 2).unwrap();
    println!("points {:?}", m.points());
    println!("h1 {}", mpchash_hash(key.as_bytes(), 0));
    println!("{:?}", m.probe_path(key));
    println!("locate {}", m.locate(key));
}
