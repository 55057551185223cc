//! CRC-32C (Castagnoli), the checksum that SSE4.2's `crc32` instruction computes, as the
//! newer bucket algorithms use it: [`crate::anchor`], [`crate::dx`] and [`crate::memento`]
//! all hash with the 64-bit form of the instruction, `crc32q` ([`crc32q`]).
//!
//! - **[`crc32q`]**: exactly what `crc32q key, seed` leaves in the seed register (and what
//!   `_mm_crc32_u64(seed & 0xffff_ffff, key) as u32` returns): CRC-32C, reflected polynomial
//!   `0x82F63B78`, over the key's 8 little-endian bytes, starting from the low 32 bits of the
//!   seed, with **no** initial or final inversion. The references call it through a small
//!   inline-assembly wrapper, `crc32c_sse42_u64(key, seed)` (anchorhash/cpp-anchorhash
//!   `misc/crc32c_sse42_u64.h` @3ef98f0; the same wrapper in ChaosD/DxHash and in
//!   slashdotted/cpp-consistent-hashing-algorithms).
//! - **[`crc32c`]**: the standard CRC-32C of a byte string (initial value and final XOR
//!   `0xFFFFFFFF`; check value `crc32c(b"123456789") = 0xE3069283`, RFC 3720 §B.4), and
//!   [`crc32c_append`] to continue one: the `crc32c` crate's, re-exported. It uses the
//!   CPU's CRC instruction where there is one (SSE4.2, ARMv8) and tables elsewhere (wasm32):
//!   the same answer on every target. From 16 bytes on it is 3–6× faster than a byte table;
//!   on 8 bytes its dispatch to the instruction costs about 2 ns more (`benches/hashes.rs`).
//! - The two are related by `crc32q(k, s) = !crc32c_append(!(s as u32), &k.to_le_bytes())`.
//!
//! [`crc32q`] is the `crc` crate's byte table (CRC-32/ISCSI) rather than the `crc32c`
//! crate, which took about 1.3× the table's time on its 8 bytes (`benches/hashes.rs`,
//! `hashes_crc32q`): the bucket algorithms call it in their lookup loops. Both are table
//! lookups on wasm32.

pub use ::crc32c::{crc32c, crc32c_append};

/// CRC-32C as the `crc` crate names it. A `static` so that its table is one copy, however
/// many callers inline [`crc32q`].
static CRC_32_ISCSI: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI);

/// What the SSE4.2 instruction `crc32q key, seed` returns: CRC-32C of `key`'s 8
/// little-endian bytes with the register starting at the low 32 bits of `seed`, no initial
/// or final inversion. The high 32 bits of `seed` are ignored, as the instruction ignores
/// them.
///
/// ```
/// use ring_core::crc32c::{crc32c_append, crc32q};
///
/// let (key, seed) = (42u64, 12345u64);
/// assert_eq!(crc32q(key, seed), !crc32c_append(!(seed as u32), &key.to_le_bytes()));
/// assert_eq!(crc32q(0, 0), 0); // no inversion: zeros stay zero
/// ```
#[inline]
pub fn crc32q(key: u64, seed: u64) -> u32 {
    // The crate takes the register's first value unreflected and inverts what it returns.
    let mut digest = CRC_32_ISCSI.digest_with_initial((seed as u32).reverse_bits());
    digest.update(&key.to_le_bytes());
    !digest.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bit by bit, straight from the definition, no inversion: the register `crc32q` leaves.
    fn bitwise(mut crc: u32, data: &[u8]) -> u32 {
        for &byte in data {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0x82F6_3B78
                } else {
                    crc >> 1
                };
            }
        }
        crc
    }

    #[test]
    fn standard_check_values() {
        assert_eq!(crc32c(b"123456789"), 0xE306_9283);
        assert_eq!(crc32c(b""), 0);
        // RFC 3720 §B.4: 32 bytes of zeros, of 0xFF, and ascending 0..31.
        assert_eq!(crc32c(&[0u8; 32]), 0x8A91_36AA);
        assert_eq!(crc32c(&[0xFFu8; 32]), 0x62A8_AB43);
        let ascending: Vec<u8> = (0..32).collect();
        assert_eq!(crc32c(&ascending), 0x46DD_794E);
    }

    #[test]
    fn crc32q_has_no_inversion() {
        assert_eq!(crc32q(0, 0), 0);
        // Only the low 32 bits of the seed count.
        assert_eq!(crc32q(7, 0xFFFF_FFFF_0000_0001), crc32q(7, 1));
    }

    proptest! {
        #[test]
        fn crc32q_is_the_register_without_inversion(key in any::<u64>(), seed in any::<u64>()) {
            prop_assert_eq!(crc32q(key, seed), bitwise(seed as u32, &key.to_le_bytes()));
            // The `crc32c` crate, which `crc32q` does not call.
            prop_assert_eq!(
                crc32q(key, seed),
                !crc32c_append(!(seed as u32), &key.to_le_bytes())
            );
        }

        #[test]
        fn crc32c_is_the_crc_crates_crc_32_iscsi(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            prop_assert_eq!(crc32c(&data), CRC_32_ISCSI.checksum(&data));
        }

        #[test]
        fn append_splits_anywhere(data in proptest::collection::vec(any::<u8>(), 0..200), cut in 0usize..200) {
            let cut = cut.min(data.len());
            prop_assert_eq!(crc32c_append(crc32c(&data[..cut]), &data[cut..]), crc32c(&data));
        }
    }
}
