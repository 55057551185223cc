//! `ring_core::crc32c::crc32q` against the instruction it stands for: SSE4.2's `crc32q`,
//! through `std::arch::x86_64::_mm_crc32_u64`, on x86-64 hosts whose CPU has SSE4.2 (the
//! test passes without checking anything elsewhere, and says so). The library forbids
//! unsafe code; this test is its own crate, and the intrinsic needs `unsafe` to be called
//! from code compiled without the feature.

#![cfg(target_arch = "x86_64")]

use ring_core::crc32c::crc32q;
use ring_core::keys::SplitMix64;

/// The instruction, `crc32q key, seed`, as the references' `crc32c_sse42_u64` wraps it.
fn instruction(key: u64, seed: u64) -> u32 {
    // SAFETY: called only after `is_x86_feature_detected!("sse4.2")` returned true.
    unsafe { std::arch::x86_64::_mm_crc32_u64(seed & 0xffff_ffff, key) as u32 }
}

#[test]
fn crc32q_is_the_sse42_instruction() {
    if !is_x86_feature_detected!("sse4.2") {
        eprintln!("no SSE4.2 on this CPU: crc32q not compared with the instruction");
        return;
    }
    let edges = [
        0u64,
        1,
        42,
        0xFFFF_FFFF,
        0x1_0000_0000,
        u64::MAX,
        10427592028180905159,
    ];
    for &key in &edges {
        for &seed in &edges {
            assert_eq!(
                crc32q(key, seed),
                instruction(key, seed),
                "crc32q({key}, {seed})"
            );
        }
    }
    let mut rng = SplitMix64::new(0x5EED);
    for _ in 0..200_000 {
        let (key, seed) = (rng.next_u64(), rng.next_u64());
        assert_eq!(
            crc32q(key, seed),
            instruction(key, seed),
            "crc32q({key}, {seed})"
        );
    }
    // The chains the references run: AnchorHash's rehash and DxHash's sequence.
    let (k1, k2) = (42u64, 12345u64);
    let (mut ours, mut theirs) = (crc32q(k1, k2), instruction(k1, k2));
    for _ in 0..1000 {
        assert_eq!(ours, theirs);
        ours = crc32q(
            k1.wrapping_sub(u64::from(ours)),
            k2.wrapping_add(u64::from(ours)),
        );
        theirs = instruction(
            k1.wrapping_sub(u64::from(theirs)),
            k2.wrapping_add(u64::from(theirs)),
        );
    }
}
