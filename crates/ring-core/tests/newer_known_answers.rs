//! The "Newer algorithms" vectors of `crates/ring-core/tests/data/known-answers.md` for the engines
//! this crate implements itself (AnchorHash, DxHash, MementoHash, multi-probe) and the
//! hashes under them (crc32q and SipHash, from crates), run natively and again under wasm32 (`cargo test -p ring-core
//! --target wasm32-unknown-unknown --test newer_known_answers`): the same answers on both.
//! Each row starts with buckets `0..N` working (capacity `A`, `N` unless given), removes
//! the listed buckets in order, and looks the key up with the seed (0 unless given).

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ring_core::anchor::AnchorHash;
use ring_core::crc32c::{crc32c, crc32c_append, crc32q};
use ring_core::dx::DxHash;
use ring_core::memento::MementoHash;
use ring_core::multiprobe::MultiProbe;
use ring_core::siphash::siphash24;

fn ok<T, E: std::fmt::Display>(r: Result<T, E>) -> T {
    match r {
        Ok(t) => t,
        Err(e) => unreachable!("known-answer setup must succeed: {e}"),
    }
}

#[test]
fn hashes() {
    assert_eq!(crc32c(b"123456789"), 0xE306_9283);
    for (key, seed) in [(1u64, 0u64), (42, 12345), (u64::MAX, 7)] {
        assert_eq!(
            crc32q(key, seed),
            !crc32c_append(!(seed as u32), &key.to_le_bytes())
        );
    }
    let message: Vec<u8> = (0..15).collect();
    assert_eq!(
        siphash24(0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908, &message),
        0xa129_ca61_49be_45e5
    );
}

/// One row of the table: `buckets` working of `capacity`, `removed` in order, then each
/// key looked up (with `seed` where the algorithm takes one) gives its bucket.
struct Row {
    buckets: u32,
    capacity: u32,
    removed: &'static [u32],
    seed: u64,
    answers: &'static [(u64, u32)],
}

const fn row(
    buckets: u32,
    capacity: u32,
    removed: &'static [u32],
    seed: u64,
    answers: &'static [(u64, u32)],
) -> Row {
    Row {
        buckets,
        capacity,
        removed,
        seed,
        answers,
    }
}

#[test]
fn anchor_table() {
    let rows = [
        row(10, 10, &[], 0, &[(1, 7)]),
        row(10, 16, &[3, 7], 0, &[(1, 9), (18446744073709551615, 8)]),
        row(
            1000,
            1000,
            &[0, 999, 500],
            12345,
            &[(42, 94), (10427592028180905159, 427)],
        ),
    ];
    for r in rows {
        let mut a = ok(AnchorHash::new(r.capacity, r.buckets));
        for &b in r.removed {
            ok(a.remove(b));
        }
        for &(key, want) in r.answers {
            assert_eq!(
                a.bucket(key, r.seed),
                want,
                "anchor {}/{} {:?} key {key}",
                r.buckets,
                r.capacity,
                r.removed
            );
        }
    }
}

#[test]
fn dx_table() {
    let rows = [
        row(10, 10, &[], 0, &[(0, 7)]),
        row(10, 16, &[3, 7], 0, &[(0, 9), (42, 2)]),
        row(
            1000,
            1000,
            &[0, 999, 500],
            0,
            &[(1, 296), (10427592028180905159, 577)],
        ),
    ];
    for r in rows {
        let mut dx = ok(DxHash::new(r.capacity, r.buckets));
        for &b in r.removed {
            ok(dx.remove(b));
        }
        for &(key, want) in r.answers {
            assert_eq!(
                dx.bucket(key),
                want,
                "dx {}/{} {:?} key {key}",
                r.buckets,
                r.capacity,
                r.removed
            );
        }
    }
}

#[test]
fn memento_table() {
    let rows = [
        row(10, 10, &[3, 7], 0, &[(1, 6), (18446744073709551615, 8)]),
        row(10, 10, &[9, 8], 0, &[(18446744073709551615, 7)]),
        row(1000, 1000, &[0, 999, 500], 12345, &[(0, 151), (42, 950)]),
    ];
    for r in rows {
        let mut m = ok(MementoHash::new(r.buckets));
        for &b in r.removed {
            ok(m.remove(b));
        }
        for &(key, want) in r.answers {
            assert_eq!(
                m.bucket(key, r.seed),
                want,
                "memento {} {:?} key {key}",
                r.buckets,
                r.removed
            );
        }
    }
}

#[test]
fn multiprobe_small_vectors() {
    let abc = ok(MultiProbe::new(&["a", "b", "c"], [1, 2], 21));
    assert_eq!(abc.locate("hello"), 2); // c
    assert_eq!(abc.locate("user:42"), 0); // a
    let cache = ok(MultiProbe::new(
        &["cache-1", "cache-2", "cache-3", "cache-4"],
        [7, 8],
        5,
    ));
    assert_eq!(cache.locate("hello"), 0); // cache-1
}
