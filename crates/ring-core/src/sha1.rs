//! SHA-1 (FIPS 180-4), the hash Riak's `chash` places keys and partitions with
//! (`crypto:hash(sha, …)`, a 160-bit ring), from RustCrypto's `sha1` crate. It is not a
//! security primitive here, only a placement hash.

/// The SHA-1 digest of `data`.
///
/// ```
/// let digest = ring_core::sha1::sha1(b"abc");
/// assert_eq!(digest[..4], [0xa9, 0x99, 0x3e, 0x36]);
/// ```
pub fn sha1(data: &[u8]) -> [u8; 20] {
    use ::sha1::Digest;
    ::sha1::Sha1::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::sha1;
    use proptest::prelude::*;

    fn hex(digest: [u8; 20]) -> String {
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn the_fips_vectors() {
        assert_eq!(hex(sha1(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(
            hex(sha1(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        // 56 bytes: the length no longer fits the first padding block.
        assert_eq!(
            hex(sha1(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        );
        let million = vec![b'a'; 1_000_000];
        assert_eq!(
            hex(sha1(&million)),
            "34aa973cd4c4daa4f61eeb2bdbad27316534016f"
        );
    }

    proptest! {
        #[test]
        fn agrees_with_sha1_smol(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            prop_assert_eq!(sha1(&data), sha1_smol::Sha1::from(&data).digest().bytes());
        }
    }
}
