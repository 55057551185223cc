//! SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): two
//! compression rounds per 8-byte word, four finalization rounds, a 128-bit key given as two
//! little-endian 64-bit halves `k0`, `k1`.
//!
//! [`crate::multiprobe`] hashes with it as dgryski/go-mpchash's compatibility test does,
//! `siphash.Hash(seed, 0, bytes)` of github.com/dchest/siphash, which is this function.
//!
//! - **Cost:** one pass over the bytes, `⌈(len + 1) / 8⌉` compressions and one
//!   finalization; no allocation, no table.
//! - Checked against the paper's test vector (Appendix A: key `00 01 … 0f`, message
//!   `00 01 … 0e`, hash `0xa129ca6149be45e5`) and, natively, against the `siphasher` crate.

/// The four SipHash state words.
struct State {
    v0: u64,
    v1: u64,
    v2: u64,
    v3: u64,
}

impl State {
    #[inline]
    fn round(&mut self) {
        self.v0 = self.v0.wrapping_add(self.v1);
        self.v1 = self.v1.rotate_left(13);
        self.v1 ^= self.v0;
        self.v0 = self.v0.rotate_left(32);
        self.v2 = self.v2.wrapping_add(self.v3);
        self.v3 = self.v3.rotate_left(16);
        self.v3 ^= self.v2;
        self.v0 = self.v0.wrapping_add(self.v3);
        self.v3 = self.v3.rotate_left(21);
        self.v3 ^= self.v0;
        self.v2 = self.v2.wrapping_add(self.v1);
        self.v1 = self.v1.rotate_left(17);
        self.v1 ^= self.v2;
        self.v2 = self.v2.rotate_left(32);
    }

    /// Two compression rounds over one message word.
    #[inline]
    fn compress(&mut self, m: u64) {
        self.v3 ^= m;
        self.round();
        self.round();
        self.v0 ^= m;
    }
}

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
pub fn siphash24(k0: u64, k1: u64, data: &[u8]) -> u64 {
    let mut s = State {
        v0: k0 ^ 0x736f_6d65_7073_6575,
        v1: k1 ^ 0x646f_7261_6e64_6f6d,
        v2: k0 ^ 0x6c79_6765_6e65_7261,
        v3: k1 ^ 0x7465_6462_7974_6573,
    };
    let mut words = data.chunks_exact(8);
    for word in &mut words {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(word);
        s.compress(u64::from_le_bytes(bytes));
    }
    // The last word: the remaining 0..7 bytes, little-endian, and the length's low byte on
    // top.
    let mut last = [0u8; 8];
    let rest = words.remainder();
    last[..rest.len()].copy_from_slice(rest);
    last[7] = data.len() as u8;
    s.compress(u64::from_le_bytes(last));
    s.v2 ^= 0xff;
    for _ in 0..4 {
        s.round();
    }
    s.v0 ^ s.v1 ^ s.v2 ^ s.v3
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

    fn peer(k0: u64, k1: u64, data: &[u8]) -> u64 {
        let mut h = siphasher::sip::SipHasher24::new_with_keys(k0, k1);
        h.write(data);
        h.finish()
    }

    #[test]
    fn every_length_up_to_64_matches_siphasher() {
        let data: Vec<u8> = (0..64u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(11))
            .collect();
        for len in 0..=64 {
            assert_eq!(
                siphash24(1, 2, &data[..len]),
                peer(1, 2, &data[..len]),
                "{len}"
            );
        }
    }

    proptest! {
        #[test]
        fn matches_siphasher(k0 in any::<u64>(), k1 in any::<u64>(),
                             data in proptest::collection::vec(any::<u8>(), 0..300)) {
            prop_assert_eq!(siphash24(k0, k1, &data), peer(k0, k1, &data));
        }
    }
}
