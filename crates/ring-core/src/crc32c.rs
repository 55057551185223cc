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
//! [`crc32q`] is that one instruction where the build enables SSE4.2 (every x86-64 build of
//! this workspace does: `.cargo/config.toml` asks for `x86-64-v2`, as the references' own
//! builds need `-msse4.2`), called through `safe_arch`'s safe wrapper and inlined. Elsewhere
//! (wasm32, other CPUs, an x86-64 build for the 2003 baseline) it is [`crc32q_sliced`]:
//! eight independent lookups in eight 1 KiB tables (a `static` computed at compile time), so
//! that the eight bytes are not a chain of eight dependent lookups. Measured on 8-byte words
//! (`benches/hashes.rs`, `hashes_crc32q`, one hash of 1,024 independent pairs): the
//! instruction about 0.4 ns, the sliced tables 2.7 ns, the `crc` crate's byte table 6.4 ns
//! and the `crc32c` crate 9.6 ns, whose hardware path is an out-of-line call that splits its
//! slice into aligned words before its one instruction.

pub use ::crc32c::{crc32c, crc32c_append};

/// Slice-by-8 tables: `TABLES[0]` is the byte table of the reflected polynomial, and
/// `TABLES[k][i]` is the register after byte `i` followed by `k` zero bytes.
static TABLES: [[u32; 256]; 8] = slice_by_8_tables();

const fn slice_by_8_tables() -> [[u32; 256]; 8] {
    let mut tables = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0x82F6_3B78
            } else {
                crc >> 1
            };
            bit += 1;
        }
        tables[0][i] = crc;
        i += 1;
    }
    let mut k = 1;
    while k < 8 {
        let mut i = 0;
        while i < 256 {
            let previous = tables[k - 1][i];
            tables[k][i] = (previous >> 8) ^ tables[0][(previous & 0xFF) as usize];
            i += 1;
        }
        k += 1;
    }
    tables
}

/// What the SSE4.2 instruction `crc32q key, seed` returns: CRC-32C of `key`'s 8
/// little-endian bytes with the register starting at the low 32 bits of `seed`, no initial
/// or final inversion. The high 32 bits of `seed` are ignored, as the instruction ignores
/// them. Here, the instruction itself.
///
/// ```
/// use ring_core::crc32c::{crc32c_append, crc32q};
///
/// let (key, seed) = (42u64, 12345u64);
/// assert_eq!(crc32q(key, seed), !crc32c_append(!(seed as u32), &key.to_le_bytes()));
/// assert_eq!(crc32q(0, 0), 0); // no inversion: zeros stay zero
/// ```
#[cfg(all(target_arch = "x86_64", target_feature = "sse4.2"))]
#[inline]
pub fn crc32q(key: u64, seed: u64) -> u32 {
    // The instruction returns the 32-bit register in a 64-bit one; the upper half is zero.
    safe_arch::crc32_u64(u64::from(seed as u32), key) as u32
}

/// What the SSE4.2 instruction `crc32q key, seed` returns: here, without the instruction,
/// [`crc32q_sliced`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse4.2")))]
#[inline]
pub fn crc32q(key: u64, seed: u64) -> u32 {
    crc32q_sliced(key, seed)
}

/// [`crc32q`] computed with the slice-by-8 tables, on any target: what the SSE4.2 instruction `crc32q key, seed` returns: CRC-32C of `key`'s 8
/// little-endian bytes with the register starting at the low 32 bits of `seed`, no initial
/// or final inversion. The high 32 bits of `seed` are ignored, as the instruction ignores
/// them.
///
/// ```
/// use ring_core::crc32c::{crc32c_append, crc32q_sliced as crc32q};
///
/// let (key, seed) = (42u64, 12345u64);
/// assert_eq!(crc32q(key, seed), !crc32c_append(!(seed as u32), &key.to_le_bytes()));
/// assert_eq!(crc32q(0, 0), 0); // no inversion: zeros stay zero
/// ```
#[inline]
pub fn crc32q_sliced(key: u64, seed: u64) -> u32 {
    // The register is XORed into the first four bytes; each byte then contributes its
    // table entry for the bytes that follow it, all eight independently.
    let x = key ^ u64::from(seed as u32);
    let t = &TABLES;
    t[7][(x & 0xFF) as usize]
        ^ t[6][((x >> 8) & 0xFF) as usize]
        ^ t[5][((x >> 16) & 0xFF) as usize]
        ^ t[4][((x >> 24) & 0xFF) as usize]
        ^ t[3][((x >> 32) & 0xFF) as usize]
        ^ t[2][((x >> 40) & 0xFF) as usize]
        ^ t[1][((x >> 48) & 0xFF) as usize]
        ^ t[0][(x >> 56) as usize]
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
            // The `crc32c` crate and the `crc` crate's table, which `crc32q` does not call.
            let iscsi = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI);
            let mut digest = iscsi.digest_with_initial((seed as u32).reverse_bits());
            digest.update(&key.to_le_bytes());
            prop_assert_eq!(crc32q(key, seed), !digest.finalize());
            prop_assert_eq!(
                crc32q(key, seed),
                !crc32c_append(!(seed as u32), &key.to_le_bytes())
            );
            // The tables wasm32 uses, against the instruction where this build has it.
            prop_assert_eq!(crc32q_sliced(key, seed), crc32q(key, seed));
        }

        #[test]
        fn crc32c_is_the_crc_crates_crc_32_iscsi(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            let iscsi = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI);
            prop_assert_eq!(crc32c(&data), iscsi.checksum(&data));
        }

        #[test]
        fn append_splits_anywhere(data in proptest::collection::vec(any::<u8>(), 0..200), cut in 0usize..200) {
            let cut = cut.min(data.len());
            prop_assert_eq!(crc32c_append(crc32c(&data[..cut]), &data[cut..]), crc32c(&data));
        }
    }
}
