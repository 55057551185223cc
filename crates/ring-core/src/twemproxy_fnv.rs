//! twemproxy's `fnv1a_64` (twitter/twemproxy `src/hashkit/nc_fnv.c`, `hash_fnv1a_64`), which
//! is not FNV-1a 64: it keeps the 64-bit offset basis and prime truncated to 32 bits
//! (`0x84222325`, `0x1b3`) in a `uint32_t`, and reads each byte through a plain `char`, so a
//! byte of 0x80 or above is **sign-extended** (`0xe9` is XORed in as `0xffffffe9`).

const OFFSET_BASIS_LOW: u32 = 0xcbf2_9ce4_8422_2325_u64 as u32;
const PRIME_LOW: u32 = 0x0100_0000_01b3_u64 as u32;

/// twemproxy's `fnv1a_64` of `data`, a 32-bit value.
///
/// ```
/// use ring_core::twemproxy_fnv::twemproxy_fnv1a_64;
/// assert_eq!(twemproxy_fnv1a_64(b""), 0x8422_2325);
/// ```
pub fn twemproxy_fnv1a_64(data: &[u8]) -> u32 {
    data.iter().fold(OFFSET_BASIS_LOW, |h, &c| {
        // `(uint32_t)key[x]` with `char` signed on x86 and most ABIs twemproxy runs on.
        let widened = i32::from(c as i8) as u32;
        (h ^ widened).wrapping_mul(PRIME_LOW)
    })
}

#[cfg(test)]
mod tests {
    use super::twemproxy_fnv1a_64;
    use crate::hash::fnv1a_32;

    #[test]
    fn ascii_is_fnv1a_from_another_basis() {
        // Same steps as FNV-1a 32 but from 0x84222325 with prime 0x1b3: worked by hand for
        // one byte.
        assert_eq!(
            twemproxy_fnv1a_64(b"a"),
            (0x8422_2325u32 ^ 0x61).wrapping_mul(0x1b3)
        );
        assert_ne!(twemproxy_fnv1a_64(b"a"), fnv1a_32(b"a"));
    }

    #[test]
    fn high_bytes_are_sign_extended() {
        assert_eq!(
            twemproxy_fnv1a_64(&[0xe9]),
            (0x8422_2325u32 ^ 0xffff_ffe9).wrapping_mul(0x1b3)
        );
        assert_ne!(
            twemproxy_fnv1a_64(&[0xe9]),
            (0x8422_2325u32 ^ 0xe9).wrapping_mul(0x1b3)
        );
    }
}
