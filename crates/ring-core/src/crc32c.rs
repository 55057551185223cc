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
//!   [`crc32c_append`] to continue one.
//! - The two are related by `crc32q(k, s) = !crc32c_append(!(s as u32), &k.to_le_bytes())`.
//!
//! Table-driven, one byte at a time, from a 256-entry table built on first use: the same
//! answer on every target (wasm32 has no CRC instruction). Cost: 8 table reads for a
//! [`crc32q`], one per byte for [`crc32c`]. Memory: the 1,024-byte table. Built at compile
//! time instead, it was 816 bytes of the app's first load (gzip -6), random numbers that do
//! not compress; the loop that builds it is a few dozen.

/// The reflected CRC-32C polynomial (Castagnoli), `0x1EDC6F41` bit-reversed.
pub const POLY: u32 = 0x82F6_3B78;

/// The byte-at-a-time table: entry `i` is the register after shifting the byte `i` through
/// eight steps of the reflected polynomial division. Built on first use (see the module's
/// note).
static TABLE: std::sync::LazyLock<[u32; 256]> = std::sync::LazyLock::new(make_table);

const fn make_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ POLY
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
}

/// Feeds `data` through the register `crc`, no inversion either side.
#[inline]
fn update(mut crc: u32, data: &[u8]) -> u32 {
    let table = &*TABLE;
    for &byte in data {
        crc = table[usize::from((crc as u8) ^ byte)] ^ (crc >> 8);
    }
    crc
}

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
    update(seed as u32, &key.to_le_bytes())
}

/// The standard CRC-32C of `data` (iSCSI, ext4, SSE4.2's polynomial): initial value and
/// final XOR `0xFFFFFFFF`.
///
/// ```
/// assert_eq!(ring_core::crc32c::crc32c(b"123456789"), 0xE306_9283);
/// ```
pub fn crc32c(data: &[u8]) -> u32 {
    crc32c_append(0, data)
}

/// Continues a standard CRC-32C: `crc` is the CRC-32C of the bytes so far (0 for none), the
/// result that of those bytes followed by `data`.
///
/// ```
/// use ring_core::crc32c::{crc32c, crc32c_append};
///
/// assert_eq!(crc32c_append(crc32c(b"1234"), b"56789"), crc32c(b"123456789"));
/// ```
pub fn crc32c_append(crc: u32, data: &[u8]) -> u32 {
    !update(!crc, data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bit by bit, straight from the definition: the table must agree with it.
    fn bitwise(mut crc: u32, data: &[u8]) -> u32 {
        for &byte in data {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ POLY
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
    fn table_entries() {
        assert_eq!(TABLE[0], 0);
        assert_eq!(TABLE[1], 0xF26B_8303);
        assert_eq!(TABLE[128], POLY);
        assert_eq!(TABLE[255], 0xAD7D_5351);
    }

    #[test]
    fn crc32q_has_no_inversion() {
        assert_eq!(crc32q(0, 0), 0);
        // Only the low 32 bits of the seed count.
        assert_eq!(crc32q(7, 0xFFFF_FFFF_0000_0001), crc32q(7, 1));
    }

    proptest! {
        #[test]
        fn crc32q_is_the_inverted_standard_crc(key in any::<u64>(), seed in any::<u64>()) {
            prop_assert_eq!(
                crc32q(key, seed),
                !crc32c_append(!(seed as u32), &key.to_le_bytes())
            );
            prop_assert_eq!(crc32q(key, seed), bitwise(seed as u32, &key.to_le_bytes()));
        }

        #[test]
        fn table_matches_the_bitwise_definition(data in proptest::collection::vec(any::<u8>(), 0..64)) {
            prop_assert_eq!(crc32c(&data), !bitwise(!0, &data));
        }

        #[test]
        fn append_splits_anywhere(data in proptest::collection::vec(any::<u8>(), 0..64), cut in 0usize..64) {
            let cut = cut.min(data.len());
            prop_assert_eq!(crc32c_append(crc32c(&data[..cut]), &data[cut..]), crc32c(&data));
        }
    }
}
