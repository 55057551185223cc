//! JumpBackHash (Ertl, "JumpBackHash: Say Goodbye to the Modulo Operation to Distribute Keys
//! Uniformly to Buckets", 2024): a consistent bucket function that walks from the top of the
//! range back down instead of jumping up, drawing 64-bit values from a generator seeded by
//! the key and using each draw's bits directly, with no modulo and no division.
//!
//! - **Reference:** hash4j's `ConsistentJumpBackBucketHasher`, as
//!   `ConsistentHashing.jumpBackHashSplitMix64()` returns it (dynatrace-oss/hash4j @41d814f):
//!   the generator is SplitMix64 with the key as its state ([`crate::keys::SplitMix64`]
//!   draws the same values), and [`jumpback_hash`] gives what `getBucket(key, n)` gives.
//! - **Lookup cost:** O(1) expected: a few generator draws whatever `n` is, no table.
//! - **Memory:** none beyond the bucket count.
//! - **Leave:** only the last bucket can leave, and only its keys move; adding bucket `n`
//!   moves to it exactly the keys that now land there.
//! - **Range:** hash4j's bucket count is a Java `int`, so its answers stop at `2^31 − 1`
//!   buckets; above that the same steps run in unsigned 32-bit arithmetic.

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::keys::SplitMix64;
use crate::trace::Tracer;

/// The bucket in `0..buckets` that `key` (the 64-bit hash hash4j's `getBucket` receives)
/// lands on, or `None` for `buckets == 0`, which hash4j refuses.
pub fn jumpback_hash(key: u64, buckets: u32) -> Option<u32> {
    jumpback_traced(key, buckets, &mut ())
}

/// [`jumpback_hash`], telling `tracer` each candidate in the order drawn: the first of each
/// power-of-two range `[2^k, 2^(k+1))` it falls back through, and each retry in a range
/// that landed in the range but past the last bucket.
pub fn jumpback_traced(key: u64, buckets: u32, tracer: &mut impl Tracer) -> Option<u32> {
    match buckets {
        0 => None,
        1 => {
            tracer.draw(0, 0, 0);
            Some(0)
        }
        n => Some(at_least_two(key, n, tracer)),
    }
}

/// hash4j's loop for `n ≥ 2`.
fn at_least_two(key: u64, n: u32, tracer: &mut impl Tracer) -> u32 {
    let mut rng = SplitMix64::new(key);
    let first = rng.next_u64();
    // One bit per power-of-two range [2^k, 2^(k+1)) below the enclosing power of two of n;
    // n - 1 ≥ 1, so the shift is below 32.
    let mut ranges = ((first ^ (first >> 32)) as u32) & (u32::MAX >> (n - 1).leading_zeros());
    loop {
        if ranges == 0 {
            tracer.draw(0, 0, 1);
            return 0;
        }
        let range_min = 1u32 << (31 - ranges.leading_zeros());
        // Java shifts the long by bitCount(ranges) * 32 taken mod 64: 32 for an odd count.
        let shift = (ranges.count_ones() & 1) * 32;
        let bucket = range_min + ((first >> shift) as u32 & (range_min - 1));
        let range_max = range_min | (range_min - 1);
        tracer.draw(bucket, range_min, range_max);
        if bucket < n {
            return bucket;
        }
        loop {
            let draw = rng.next_u64();
            let low = draw as u32 & range_max;
            if low < range_min {
                break;
            }
            tracer.draw(low, range_min, range_max);
            if low < n {
                return low;
            }
            let high = (draw >> 32) as u32 & range_max;
            if high < range_min {
                break;
            }
            tracer.draw(high, range_min, range_max);
            if high < n {
                return high;
            }
        }
        ranges ^= range_min;
    }
}

/// `jumpback` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[],
    ..AlgoSpec::plain("jumpback", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "JumpBackHash over the nodes as buckets: O(1) expected, only the last node leaves",
    source: "dynatrace-oss/hash4j consistent/ConsistentJumpBackBucketHasher.java (jumpBackHashSplitMix64) @41d814f",
    params: &[],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(
        AlgoId::JumpBack,
        BucketAlgo::JumpBack,
        config,
        nodes,
        None,
        None,
    )
}

impl Algorithm {
    /// JumpBackHash.
    pub fn jumpback() -> Algorithm {
        Algorithm::new(AlgoId::JumpBack)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms", the jumpback rows.
        let table: [(u64, u32, u32); 5] = [
            (9_184_114_998_275_508_886, 2, 1),
            (9_650_971_699_621_254_459, 3, 2),
            (0, 1000, 313),
            (42, 1000, 166),
            (18_446_744_073_709_551_615, 1000, 288),
        ];
        for (key, buckets, want) in table {
            assert_eq!(
                jumpback_hash(key, buckets),
                Some(want),
                "({key}, {buckets})"
            );
        }
    }

    #[test]
    fn no_bucket_for_zero_and_bucket_zero_for_one() {
        assert_eq!(jumpback_hash(7, 0), None);
        assert_eq!(jumpback_hash(7, 1), Some(0));
        assert_eq!(jumpback_hash(u64::MAX, 1), Some(0));
    }

    /// Java's `SplittableRandom` with its default gamma, the draws hash4j's test takes.
    struct SplittableRandom {
        seed: u64,
    }

    impl SplittableRandom {
        fn next_seed(&mut self) -> u64 {
            self.seed = self.seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            self.seed
        }

        fn next_long(&mut self) -> u64 {
            let mut z = self.next_seed();
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        fn next_int(&mut self) -> u32 {
            let mut z = self.next_seed();
            z = (z ^ (z >> 33)).wrapping_mul(0x62a9_d9ed_7997_05f5);
            ((z ^ (z >> 28)).wrapping_mul(0xcb24_d0a5_c88c_35b3) >> 32) as u32
        }
    }

    fn mul_high(a: u64, b: u64) -> u64 {
        ((u128::from(a) * u128::from(b)) >> 64) as u64
    }

    fn read(data: &[u8], at: usize) -> u64 {
        u64::from_le_bytes(data[at..at + 8].try_into().unwrap())
    }

    fn komihash_finish(r1h: u64, r2h: u64, see5: u64) -> u64 {
        let see5 = see5.wrapping_add(mul_high(r1h, r2h));
        let see1 = see5 ^ r1h.wrapping_mul(r2h);
        let high = mul_high(see1, see5);
        let see1 = see1.wrapping_mul(see5);
        let see5 = see5.wrapping_add(high);
        see1 ^ see5
    }

    /// komihash 5.0 with seed 0 (hash4j's `Hashing.komihash5_0()`, a port of Vaneev's C),
    /// for inputs of 32 bytes or more: enough for the checksum's 4,000,000.
    fn komihash5_0(data: &[u8]) -> u64 {
        assert!(data.len() >= 32);
        let mut s1: u64 = 0x243F_6A88_85A3_08D3;
        let mut s5: u64 = 0x4528_21E6_38D0_1377;
        let low = s1.wrapping_mul(s5);
        s5 = s5.wrapping_add(mul_high(s1, s5));
        s1 = s5 ^ low;
        let mut see = [
            s1,
            0x1319_8A2E_0370_7344 ^ s1,
            0xA409_3822_299F_31D0 ^ s1,
            0x082E_FA98_EC4E_6C89 ^ s1,
            s5,
            0xBE54_66CF_34E9_0C6C ^ s5,
            0xC0AC_29B7_C97C_50DD ^ s5,
            0x3F84_D5B5_B547_0917 ^ s5,
        ];
        let (mut off, mut len) = (0usize, data.len());
        if len > 63 {
            while len > 63 {
                let t: [u64; 8] = std::array::from_fn(|i| see[i] ^ read(data, off + 8 * i));
                for i in 0..4 {
                    see[4 + i] = see[4 + i].wrapping_add(mul_high(t[i], t[4 + i]));
                }
                see[0] = see[7] ^ t[0].wrapping_mul(t[4]);
                see[1] = see[4] ^ t[1].wrapping_mul(t[5]);
                see[2] = see[5] ^ t[2].wrapping_mul(t[6]);
                see[3] = see[6] ^ t[3].wrapping_mul(t[7]);
                off += 64;
                len -= 64;
            }
            see[4] ^= see[5] ^ see[6] ^ see[7];
            see[0] ^= see[1] ^ see[2] ^ see[3];
        }
        let (mut see1, mut see5) = (see[0], see[4]);
        let round = |see1: &mut u64, see5: &mut u64, at: usize| {
            let a = *see1 ^ read(data, at);
            let b = *see5 ^ read(data, at + 8);
            *see5 = see5.wrapping_add(mul_high(a, b));
            *see1 = a.wrapping_mul(b) ^ *see5;
        };
        if len > 31 {
            round(&mut see1, &mut see5, off);
            round(&mut see1, &mut see5, off + 16);
            off += 32;
            len -= 32;
        }
        if len > 15 {
            round(&mut see1, &mut see5, off);
            off += 16;
            len -= 16;
        }
        let ml8 = ((len << 3) ^ 56) & 63;
        let tail = (read(data, off + len - 8) >> 8) | (1 << 56);
        let (r1h, r2h) = if len < 8 {
            ((tail >> ml8) ^ see1, see5)
        } else {
            (read(data, off) ^ see1, (tail >> ml8) ^ see5)
        };
        komihash_finish(r1h, r2h, see5)
    }

    #[test]
    fn komihash5_0_of_zeros_is_deterministic_and_length_sensitive() {
        // A smoke test of the helper; the checksum below is its real check.
        assert_ne!(komihash5_0(&[0; 64]), komihash5_0(&[0; 65]));
        assert_eq!(komihash5_0(&[1; 100]), komihash5_0(&[1; 100]));
    }

    #[test]
    fn hash4j_checksum() {
        // hash4j's AbstractConsistentBucketHasherTest.testCheckSum with
        // ConsistentJumpBackBucketHasherSplitMix64Test.CHECKSUM.
        let mut random = SplittableRandom {
            seed: 0x0a55_871a_9d91_03b7,
        };
        let mut bytes = Vec::with_capacity(4_000_000);
        for _ in 0..1_000_000 {
            let a = random.next_int();
            let b = random.next_int();
            let buckets = ((a >> 1) >> (b & 31)).max(1);
            let hash = random.next_long();
            let bucket = jumpback_hash(hash, buckets).unwrap();
            assert!(bucket < buckets);
            bytes.extend_from_slice(&bucket.to_le_bytes());
        }
        assert_eq!(komihash5_0(&bytes), 0x23d7_a0d2_88cd_67e7);
    }
}
