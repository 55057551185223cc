//! XXH64 (Yann Collet's xxHash, 64-bit), seeded: the hash Envoy's ring hash and Maglev load
//! balancers place hosts and keys with (`HashUtil::xxHash64(key, seed)`).
//!
//! From the `xxhash-rust` crate (its `xxh64` feature): one pass, no allocation, the same
//! answer on every target.

/// XXH64 of `data` with `seed`.
///
/// ```
/// use ring_core::xxh64::xxh64;
///
/// assert_eq!(xxh64(b"", 0), 0xEF46_DB37_51D8_E999);
/// assert_eq!(xxh64(b"127.0.0.1:94_1", 0), 833_437_586_790_550_860); // Envoy's ring test
/// ```
#[inline]
pub fn xxh64(data: &[u8], seed: u64) -> u64 {
    xxhash_rust::xxh64::xxh64(data, seed)
}

#[cfg(test)]
mod tests {
    use super::xxh64;
    use proptest::prelude::*;

    #[test]
    fn the_reference_vectors() {
        // xxHash's own sanity values and the widely published ones.
        assert_eq!(xxh64(b"", 0), 0xEF46_DB37_51D8_E999);
        assert_eq!(xxh64(b"a", 0), 0xD24E_C4F1_A98C_6E5B);
        assert_eq!(xxh64(b"abc", 0), 0x44BC_2CF5_AD77_0999);
        assert_eq!(
            xxh64(b"Nobody inspects the spammish repetition", 0),
            0xFBCE_A83C_8A37_8BF1
        );
        // Envoy's ring-hash test: the smallest entry of its ring (known-answers.md names it
        // `127.0.0.1:94_0`, but it is the host's second hash, `_1`).
        assert_eq!(xxh64(b"127.0.0.1:94_1", 0), 833_437_586_790_550_860);
    }

    proptest! {
        #[test]
        fn agrees_with_twox_hash(data in proptest::collection::vec(any::<u8>(), 0..200), seed in any::<u64>()) {
            prop_assert_eq!(xxh64(&data, seed), twox_hash::XxHash64::oneshot(seed, &data));
        }
    }
}
