//! Cassandra's `Murmur3Partitioner` token (apache/cassandra
//! `src/java/org/apache/cassandra/dht/Murmur3Partitioner.java` and
//! `utils/MurmurHash.java` `hash3_x64_128`): h1 of MurmurHash3 x64_128 with seed 0, read as
//! a signed `long`, except that the **tail bytes are Java's signed bytes**: each is
//! sign-extended before it is shifted into `k1`/`k2`, so a key whose last `len % 16` bytes
//! hold one of 0x80 or above hashes differently from standard MurmurHash3 (the 16-byte
//! blocks are masked and standard). `Long.MIN_VALUE` is the partitioner's minimum token,
//! so a key hashing to it gets `Long.MAX_VALUE` instead.

const C1: u64 = 0x87c3_7b91_1142_53d5;
const C2: u64 = 0x4cf5_ad43_2745_937f;

#[inline]
fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

/// The tail bytes as Java ORs them in: `k ^= ((long) b) << 8·i`, `b` signed.
fn signed_tail_word(bytes: &[u8]) -> u64 {
    bytes.iter().enumerate().fold(0u64, |k, (i, &b)| {
        k ^ ((i64::from(b as i8) as u64) << (8 * i))
    })
}

/// h1 of Cassandra's MurmurHash3 x64_128 (seed 0), before the token's normalisation.
pub fn cassandra_murmur3_h1(data: &[u8]) -> i64 {
    let mut h1 = 0u64;
    let mut h2 = 0u64;
    let mut blocks = data.chunks_exact(16);
    for block in &mut blocks {
        let (low, high) = block.split_at(8);
        let k1 = u64::from_le_bytes(low.try_into().unwrap_or([0; 8]));
        let k2 = u64::from_le_bytes(high.try_into().unwrap_or([0; 8]));
        h1 ^= k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        h2 ^= k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    if tail.len() > 8 {
        let k2 = signed_tail_word(&tail[8..]);
        h2 ^= k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
    }
    if !tail.is_empty() {
        let k1 = signed_tail_word(&tail[..tail.len().min(8)]);
        h1 ^= k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
    }
    let len = data.len() as u64;
    h1 ^= len;
    h2 ^= len;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1.wrapping_add(h2) as i64
}

/// The Murmur3Partitioner token of a key's bytes.
///
/// ```
/// use ring_core::cassandra_murmur3::token;
/// assert_eq!(token(b"123"), -7_468_325_962_851_647_638); // the Java driver's test
/// ```
pub fn token(data: &[u8]) -> i64 {
    match cassandra_murmur3_h1(data) {
        i64::MIN => i64::MAX,
        h => h,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::murmur3_x64_128;

    #[test]
    fn the_java_drivers_vectors() {
        // known-answers.md, "Real systems" (the DataStax driver's Murmur3 token tests).
        assert_eq!(token(b"123"), -7_468_325_962_851_647_638);
        assert_eq!(token(&[0xfe; 8]), -8_927_430_733_708_461_935);
        assert_eq!(token(&[0x10; 8]), 1_446_172_840_243_228_796);
        let pattern: Vec<u8> = [0x00, 0xff, 0x10, 0xfa, 0x99].repeat(10);
        assert_eq!(token(&pattern), 5_837_342_703_291_459_765);
        assert_eq!(token(b"9223372036854775807"), 7_162_290_910_810_015_547);
        assert_eq!(token("café".as_bytes()), -5_777_272_221_172_978_824);
    }

    #[test]
    fn only_high_tail_bytes_differ_from_standard_murmur3() {
        // Standard MurmurHash3 gives this for 8 × 0xfe (known-answers.md).
        assert_eq!(
            murmur3_x64_128(&[0xfe; 8], 0).0 as i64,
            -3_927_725_473_986_473_217
        );
        for key in [&b"user:1:abc"[..], b"0123456789abcdef", b"hello"] {
            assert_eq!(token(key), murmur3_x64_128(key, 0).0 as i64);
        }
    }
}
