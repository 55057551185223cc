//! HAProxy's key hash for `hash-type consistent`: sdbm, then the "avalanche"
//! [`full_hash`] (haproxy/haproxy `src/hash.c` `hash_sdbm`, `include/haproxy/hash.h` /
//! `src/lb_chash.c` `full_hash`). HAProxy also places its servers' points with
//! [`full_hash`] (see [`crate::systems`]).

/// sdbm over bytes read unsigned: `h = c + (h << 6) + (h << 16) - h`, in u32.
///
/// ```
/// assert_eq!(ring_core::sdbm::sdbm(b"a"), 97);
/// ```
pub fn sdbm(data: &[u8]) -> u32 {
    data.iter().fold(0u32, |h, &c| {
        u32::from(c)
            .wrapping_add(h << 6)
            .wrapping_add(h << 16)
            .wrapping_sub(h)
    })
}

/// HAProxy's `full_hash`, Bob Jenkins' 32-bit integer mix ending in a multiply by
/// 3221225473, all in u32: it spreads close inputs (sdbm values of similar keys, or a
/// server's consecutive point numbers) over the whole ring.
///
/// ```
/// use ring_core::sdbm::full_hash;
/// assert_ne!(full_hash(1), full_hash(2));
/// ```
pub fn full_hash(a: u32) -> u32 {
    let a = a.wrapping_add(0x7ed5_5d16).wrapping_add(a << 12);
    let a = (a ^ 0xc761_c23c) ^ (a >> 19);
    let a = a.wrapping_add(0x1656_67b1).wrapping_add(a << 5);
    let a = a.wrapping_add(0xd3a2_646c) ^ (a << 9);
    let a = a.wrapping_add(0xfd70_46c5).wrapping_add(a << 3);
    let a = (a ^ 0xb55a_4f09) ^ (a >> 16);
    a.wrapping_mul(3_221_225_473)
}

/// What bare `hash-type consistent` hashes a key with: `full_hash(sdbm(key))`.
pub fn haproxy_key_hash(data: &[u8]) -> u32 {
    full_hash(sdbm(data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sdbm_is_the_recurrence_over_unsigned_bytes() {
        // Worked by hand: h("ab") = 98 + (97 << 6) + (97 << 16) - 97.
        assert_eq!(sdbm(b""), 0);
        assert_eq!(sdbm(b"ab"), 98 + (97 << 6) + (97 << 16) - 97);
        // A byte of 0x80 or above counts as 128..255, not negative.
        assert_eq!(sdbm(&[0xff]), 255);
        // known-answers.md, "Real systems": sdbm of the sample keys.
        assert_eq!(sdbm(b"user:1:abc"), 1_464_726_058);
        assert_eq!(sdbm(b"hello"), 684_824_882);
    }

    #[test]
    fn full_hash_is_a_bijection_on_a_sample() {
        // HAProxy relies on distinct point numbers giving distinct points.
        let mut seen: Vec<u32> = (0..100_000u32).map(full_hash).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 100_000);
    }
}
