//! XXH64 (Yann Collet's xxHash, 64-bit), seeded: the hash Envoy's ring hash and Maglev load
//! balancers place hosts and keys with (`HashUtil::xxHash64(key, seed)`).
//!
//! Written from the specification (`doc/xxhash_spec.md` of Cyan4973/xxHash): four lanes of
//! 8-byte rounds over 32-byte stripes, then the remaining 8-, 4- and 1-byte pieces, then
//! the avalanche. One pass, no allocation, the same answer on every target.

const PRIME_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const PRIME_3: u64 = 0x1656_67B1_9E37_79F9;
const PRIME_4: u64 = 0x85EB_CA77_C2B2_AE63;
const PRIME_5: u64 = 0x27D4_EB2F_1656_67C5;

#[inline]
fn round(accumulator: u64, lane: u64) -> u64 {
    accumulator
        .wrapping_add(lane.wrapping_mul(PRIME_2))
        .rotate_left(31)
        .wrapping_mul(PRIME_1)
}

#[inline]
fn merge(accumulator: u64, lane: u64) -> u64 {
    (accumulator ^ round(0, lane))
        .wrapping_mul(PRIME_1)
        .wrapping_add(PRIME_4)
}

/// Reads 8 little-endian bytes; `bytes` holds exactly 8 where it is called.
#[inline]
fn le64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
}

/// XXH64 of `data` with `seed`.
///
/// ```
/// use ring_core::xxh64::xxh64;
///
/// assert_eq!(xxh64(b"", 0), 0xEF46_DB37_51D8_E999);
/// assert_eq!(xxh64(b"127.0.0.1:94_1", 0), 833_437_586_790_550_860); // Envoy's ring test
/// ```
pub fn xxh64(data: &[u8], seed: u64) -> u64 {
    let mut stripes = data.chunks_exact(32);
    let mut hash = if data.len() >= 32 {
        let mut lanes = [
            seed.wrapping_add(PRIME_1).wrapping_add(PRIME_2),
            seed.wrapping_add(PRIME_2),
            seed,
            seed.wrapping_sub(PRIME_1),
        ];
        for stripe in &mut stripes {
            for (lane, word) in lanes.iter_mut().zip(stripe.chunks_exact(8)) {
                *lane = round(*lane, le64(word));
            }
        }
        let [v1, v2, v3, v4] = lanes;
        let mut h = v1
            .rotate_left(1)
            .wrapping_add(v2.rotate_left(7))
            .wrapping_add(v3.rotate_left(12))
            .wrapping_add(v4.rotate_left(18));
        for lane in lanes {
            h = merge(h, lane);
        }
        h
    } else {
        seed.wrapping_add(PRIME_5)
    };
    hash = hash.wrapping_add(data.len() as u64);

    let mut words = stripes.remainder().chunks_exact(8);
    for word in &mut words {
        hash ^= round(0, le64(word));
        hash = hash
            .rotate_left(27)
            .wrapping_mul(PRIME_1)
            .wrapping_add(PRIME_4);
    }
    let mut rest = words.remainder();
    if let Some((half, tail)) = rest.split_first_chunk::<4>() {
        hash ^= u64::from(u32::from_le_bytes(*half)).wrapping_mul(PRIME_1);
        hash = hash
            .rotate_left(23)
            .wrapping_mul(PRIME_2)
            .wrapping_add(PRIME_3);
        rest = tail;
    }
    for &byte in rest {
        hash ^= u64::from(byte).wrapping_mul(PRIME_5);
        hash = hash.rotate_left(11).wrapping_mul(PRIME_1);
    }

    hash ^= hash >> 33;
    hash = hash.wrapping_mul(PRIME_2);
    hash ^= hash >> 29;
    hash = hash.wrapping_mul(PRIME_3);
    hash ^ (hash >> 32)
}

#[cfg(test)]
mod tests {
    use super::xxh64;

    #[test]
    fn the_reference_vectors() {
        // xxHash's own sanity values and the widely published ones.
        assert_eq!(xxh64(b"", 0), 0xEF46_DB37_51D8_E999);
        assert_eq!(xxh64(b"a", 0), 0xD24E_C4F1_A98C_6E5B);
        assert_eq!(xxh64(b"abc", 0), 0x44BC_2CF5_AD77_0999);
        assert_eq!(
            xxh64(b"Nobody inspects the spammish repetition", 0),
            0xFBCE_A83C_8A37_8BF1
        );
        // Envoy's ring-hash test: the smallest entry of its ring (known-answers.md names it
        // `127.0.0.1:94_0`, but it is the host's second hash, `_1`).
        assert_eq!(xxh64(b"127.0.0.1:94_1", 0), 833_437_586_790_550_860);
    }
}
