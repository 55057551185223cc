//! libmemcached's default hash, Bob Jenkins' one-at-a-time (awesomized/libmemcached
//! `src/libhashkit/one_at_a_time.cc`), as libmemcached computes it: each byte is read
//! through a plain `char` and widened with `(uint32_t)`, so a byte of 0x80 or above is
//! **sign-extended** (`0xe9` is added as `0xffffffe9`) where `char` is signed, as on the
//! x86-64 and i386 builds Debian ships. No crate has that variant; the plain unsigned one
//! differs on most non-ASCII keys.

/// libmemcached's `hashkit_one_at_a_time` of `data`.
///
/// ```
/// use ring_core::one_at_a_time::libmemcached_one_at_a_time;
/// // libmemcached's own test vector (test/fixtures/hashes.hpp).
/// assert_eq!(libmemcached_one_at_a_time(b"apple"), 2297466611);
/// ```
pub fn libmemcached_one_at_a_time(data: &[u8]) -> u32 {
    let mut value = data.iter().fold(0u32, |mut value, &c| {
        let widened = i32::from(c as i8) as u32;
        value = value.wrapping_add(widened);
        value = value.wrapping_add(value << 10);
        value ^ (value >> 6)
    });
    value = value.wrapping_add(value << 3);
    value ^= value >> 11;
    value.wrapping_add(value << 15)
}

#[cfg(test)]
mod tests {
    use super::libmemcached_one_at_a_time;

    /// libmemcached's `test/fixtures/hashes.hpp`: its inputs and the one_at_a_time row.
    #[test]
    fn libmemcached_test_vectors() {
        let inputs = [
            "apple",
            "beat",
            "carrot",
            "daikon",
            "eggplant",
            "flower",
            "green",
            "hide",
            "ick",
            "jack",
            "kick",
            "lime",
            "mushrooms",
            "nectarine",
            "orange",
            "peach",
            "quant",
            "ripen",
            "strawberry",
            "tang",
            "up",
            "volumne",
            "when",
            "yellow",
            "zip",
            "The quick brown fox jumps over the lazy dog",
        ];
        let outputs: [u32; 26] = [
            2297466611, 3902465932, 469785835, 1937308741, 261917617, 3785641677, 1439605128,
            1649152283, 1493851484, 1246520657, 2221159044, 1973511823, 384136800, 214358653,
            2379473940, 4269788650, 2864377005, 2638630052, 427683330, 990491717, 1747111141,
            792127364, 2599214128, 2553037199, 2509838425, 1369346549,
        ];
        for (input, output) in inputs.iter().zip(outputs) {
            assert_eq!(
                libmemcached_one_at_a_time(input.as_bytes()),
                output,
                "{input}"
            );
        }
    }

    /// The unsigned one-at-a-time, byte by byte as Jenkins wrote it.
    fn unsigned(data: &[u8]) -> u32 {
        let mut h = 0u32;
        for &b in data {
            h = h.wrapping_add(u32::from(b));
            h = h.wrapping_add(h << 10);
            h ^= h >> 6;
        }
        h = h.wrapping_add(h << 3);
        h ^= h >> 11;
        h.wrapping_add(h << 15)
    }

    #[test]
    fn high_bytes_are_sign_extended() {
        for ascii in ["", "a", "user:1", "~"] {
            assert_eq!(
                libmemcached_one_at_a_time(ascii.as_bytes()),
                unsigned(ascii.as_bytes())
            );
        }
        assert_ne!(
            libmemcached_one_at_a_time("é".as_bytes()),
            unsigned("é".as_bytes())
        );
        // 0xe9 widened from a signed char is 0xffffffe9: one step by hand.
        let mut h = 0xffff_ffe9u32;
        h = h.wrapping_add(h << 10);
        h ^= h >> 6;
        h = h.wrapping_add(h << 3);
        h ^= h >> 11;
        h = h.wrapping_add(h << 15);
        assert_eq!(libmemcached_one_at_a_time(&[0xe9]), h);
    }
}
