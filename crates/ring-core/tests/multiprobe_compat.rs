//! go-mpchash's own compatibility data, line for line: `data/mpchash_compat.out` is
//! dgryski/go-mpchash `testdata/compat.out` @7382f34, byte for byte. Its `compat_test.go`
//! builds `New(shard-1 … shard-6000, siphash64seed, [2]uint64{1, 2}, 21)` and expects line
//! `i` to be `Hash("shard-i")`. Runs natively and under wasm32.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ring_core::multiprobe::MultiProbe;

const COMPAT: &str = include_str!("data/mpchash_compat.out");

#[test]
fn every_line_of_go_mpchash_compat_out() {
    let buckets: Vec<String> = (1..=6000).map(|i| format!("shard-{i}")).collect();
    let m = match MultiProbe::new(&buckets, [1, 2], 21) {
        Ok(m) => m,
        Err(e) => unreachable!("6000 shards must build: {e}"),
    };
    let want: Vec<&str> = COMPAT.lines().collect();
    assert_eq!(want.len(), 6000);
    let mut wrong = Vec::new();
    for (bucket, &expected) in buckets.iter().zip(&want) {
        let got = &buckets[m.locate(bucket)];
        if got != expected {
            wrong.push(format!("Hash({bucket}) = {got}, want {expected}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 6000 differ: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(10)]
    );
    // The two rows known-answers.md quotes.
    assert_eq!(buckets[m.locate("shard-1")], "shard-1389");
    assert_eq!(buckets[m.locate("shard-3")], "shard-4744");
}
