//! SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): two
//! compression rounds per 8-byte word, four finalization rounds, a 128-bit key given as two
//! little-endian 64-bit halves `k0`, `k1`.
//!
//! [`crate::multiprobe`] hashes with it as dgryski/go-mpchash's compatibility test does,
//! `siphash.Hash(seed, 0, bytes)` of github.com/dchest/siphash, which is this function.
//!
//! From the `siphasher` crate; checked against the paper's test vector (Appendix A: key
//! `00 01 … 0f`, message `00 01 … 0e`, hash `0xa129ca6149be45e5`) and, natively, against
//! the standard library's own SipHash-2-4.

/// SipHash-2-4 of `data` under the key `(k0, k1)` (the key's bytes are `k0` then `k1`, each
/// little-endian).
///
/// ```
/// use ring_core::siphash::siphash24;
///
/// // The paper's Appendix A: key 00 01 .. 0f, message 00 01 .. 0e.
/// let message: Vec<u8> = (0..15).collect();
/// assert_eq!(
///     siphash24(0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908, &message),
///     0xa129_ca61_49be_45e5
/// );
/// ```
#[inline]
pub fn siphash24(k0: u64, k1: u64, data: &[u8]) -> u64 {
    siphasher::sip::SipHasher24::new_with_keys(k0, k1).hash(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::hash::Hasher;

    const K0: u64 = 0x0706_0504_0302_0100;
    const K1: u64 = 0x0f0e_0d0c_0b0a_0908;

    #[test]
    fn the_papers_vector() {
        let message: Vec<u8> = (0..15).collect();
        assert_eq!(siphash24(K0, K1, &message), 0xa129_ca61_49be_45e5);
    }

    #[test]
    fn the_reference_implementations_first_vectors() {
        // vectors.h of veorq/SipHash (the authors' code), key 00..0f, messages 00..(n-1),
        // for n = 0, 1, 7, 8: the 64-bit outputs as little-endian bytes.
        let want: [(usize, [u8; 8]); 4] = [
            (0, [0x31, 0x0e, 0x0e, 0xdd, 0x47, 0xdb, 0x6f, 0x72]),
            (1, [0xfd, 0x67, 0xdc, 0x93, 0xc5, 0x39, 0xf8, 0x74]),
            (7, [0x37, 0xd1, 0x01, 0x8b, 0xf5, 0x00, 0x02, 0xab]),
            (8, [0x62, 0x24, 0x93, 0x9a, 0x79, 0xf5, 0xf5, 0x93]),
        ];
        for (n, bytes) in want {
            let message: Vec<u8> = (0..n as u8).collect();
            assert_eq!(
                siphash24(K0, K1, &message),
                u64::from_le_bytes(bytes),
                "n = {n}"
            );
        }
    }

    /// The standard library's SipHash-2-4, written apart from `siphasher`. Deprecated only
    /// because std no longer promises which hash `SipHasher` is; its 1.x releases keep it
    /// SipHash-2-4, and the vectors above would catch a change.
    #[allow(deprecated)]
    fn std_siphash24(k0: u64, k1: u64, data: &[u8]) -> u64 {
        let mut h = std::hash::SipHasher::new_with_keys(k0, k1);
        h.write(data);
        h.finish()
    }

    #[test]
    fn every_length_up_to_64_matches_std() {
        let data: Vec<u8> = (0..64u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(11))
            .collect();
        for len in 0..=64 {
            assert_eq!(
                siphash24(1, 2, &data[..len]),
                std_siphash24(1, 2, &data[..len]),
                "{len}"
            );
        }
    }

    proptest! {
        #[test]
        fn matches_std(k0 in any::<u64>(), k1 in any::<u64>(),
                       data in proptest::collection::vec(any::<u8>(), 0..200)) {
            prop_assert_eq!(siphash24(k0, k1, &data), std_siphash24(k0, k1, &data));
        }
    }
}
