//! FlipHash (Masson and Lee, "FlipHash: A Constant-Time Consistent Range-Hashing Algorithm",
//! 2024): a consistent bucket function in constant time. A key's hash, masked to the
//! enclosing power of two, is placed in its power-of-two range `[2^k, 2^(k+1))` by flipping
//! its low bits with a second hash; a key that lands past `n − 1` draws again in the top
//! range a bounded number of times and otherwise falls back to the range below.
//!
//! - **Reference:** crate `fliphash` 0.1.0 (DataDog/fliphash-rs),
//!   `fliphash_64_with_seed(key, seed, ..=n - 1)`; [`fliphash`] gives the same bucket for
//!   every key, seed and `n`, on every target (plain 64-bit integer arithmetic).
//! - **Lookup cost:** O(1): two hashes in most lookups, at most 64 retries in the top range.
//! - **Memory:** none beyond the bucket count.
//! - **Leave:** only the last bucket can leave, and only its keys move; adding bucket `n`
//!   moves to it exactly the keys that now land there.

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::trace::Tracer;

/// The most draws in the top power-of-two range before falling back to the one below
/// (the reference's `MAX_NUM_ITERATIONS`).
const MAX_DRAWS: u32 = 64;

/// The reference's hash of (key, seed, range bit length, draw index): a multiply-xorshift
/// mixer after Pelle Evensen's "moremur".
#[inline]
fn mix(key: u64, seed: u64, bit_len: u32, draw: u32) -> u64 {
    let mut k = key ^ seed;
    k = k.wrapping_mul(u64::from(bit_len) * 2 + 1);
    k = (k ^ (k >> 27)).wrapping_mul(0x3C79_AC49_2BA7_B653);
    k = k.wrapping_mul(u64::from(draw) * 2 + 1);
    k = (k ^ (k >> 33)).wrapping_mul(0x1C69_B3F7_4AC4_AE35);
    k ^ (k >> 27)
}

/// The bucket of `hash` in `0..=mask` (`mask` = 2^r − 1): the masked hash, with the bits
/// below its top bit flipped by a hash of its range.
#[inline]
fn within_power_of_two(key: u64, seed: u64, hash: u64, mask: u64) -> u64 {
    let masked = hash & mask;
    if masked == 0 {
        return 0;
    }
    let zeros = masked.leading_zeros();
    let flipper = mix(key, seed, 63 - zeros, 0) & (u64::MAX >> zeros >> 1);
    masked ^ flipper
}

/// A bucket in the top range `(mask >> 1, last]` drawn by retrying, or `None` when a draw
/// falls below the top range or [`MAX_DRAWS`] draws all fall past `last`; `bit_len` is
/// `last`'s bit length less one.
#[inline]
fn top_range_draw(
    key: u64,
    seed: u64,
    last: u64,
    mask: u64,
    bit_len: u32,
    tracer: &mut impl Tracer,
) -> Option<u64> {
    let narrow = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    // An exclusive range: `1..=MAX_DRAWS` kept an "exhausted" flag in the loop, three more
    // instructions a draw than the crate's counter (counted with valgrind --tool=callgrind).
    for draw in 1..MAX_DRAWS + 1 {
        let value = mix(key, seed, bit_len, draw) & mask;
        if value <= mask >> 1 {
            return None;
        }
        tracer.draw(narrow(value), narrow((mask >> 1) + 1), narrow(mask));
        if value <= last {
            return Some(value);
        }
    }
    None
}

/// FlipHash over a fixed number of buckets, with what depends on that number alone worked
/// out once: the last bucket, the enclosing power of two's mask and its bit length. The
/// crate works them out from its range on every call; done once, the core's lookups are
/// 1.01-1.13× the crate's in two runs, where they were 0.91-0.97× (an Intel Xeon;
/// `benches/newer.rs`, `fliphash-core` against `fliphash-crate`).
///
/// ```
/// use ring_core::fliphash::{fliphash, FlipHasher};
///
/// let hasher = FlipHasher::new(1_000).unwrap();
/// assert_eq!(Some(hasher.bucket(42, 7)), fliphash(42, 1_000, 7));
/// assert_eq!(FlipHasher::new(0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlipHasher {
    /// n − 1.
    last: u64,
    /// 2^r − 1 for the smallest 2^r ≥ n (0 for one bucket).
    mask: u64,
    /// The bit length of n − 1, less one (0 for one bucket, where it is not read).
    bit_len: u32,
}

impl FlipHasher {
    /// The hasher of `buckets` buckets, or `None` for none (the reference's range `..=n − 1`
    /// has no such range).
    #[inline]
    pub fn new(buckets: u32) -> Option<FlipHasher> {
        let last = u64::from(buckets.checked_sub(1)?);
        Some(FlipHasher {
            last,
            // For one bucket every key lands on 0: no bit of the hash is kept.
            mask: u64::MAX.checked_shr(last.leading_zeros()).unwrap_or(0),
            bit_len: 63u32.saturating_sub(last.leading_zeros()),
        })
    }

    /// The bucket in `0..buckets` that `key` lands on with `seed`.
    #[inline]
    pub fn bucket(&self, key: u64, seed: u64) -> u32 {
        self.bucket_traced(key, seed, &mut ())
    }

    /// [`FlipHasher::bucket`], telling `tracer` each candidate in the order drawn: the first
    /// in the enclosing power of two `0..2^r`, the retries in its top half, and the last
    /// resort in `0..2^(r−1)`.
    #[inline]
    pub fn bucket_traced(&self, key: u64, seed: u64, tracer: &mut impl Tracer) -> u32 {
        let FlipHasher {
            last,
            mask,
            bit_len,
        } = *self;
        // Every candidate is at most mask < 2^32.
        let narrow = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        let hash = mix(key, seed, 0, 0);
        let mut bucket = within_power_of_two(key, seed, hash, mask);
        tracer.draw(narrow(bucket), 0, narrow(mask));
        if bucket > last {
            bucket = match top_range_draw(key, seed, last, mask, bit_len, tracer) {
                Some(b) => b,
                None => {
                    let b = within_power_of_two(key, seed, hash, mask >> 1);
                    tracer.draw(narrow(b), 0, narrow(mask >> 1));
                    b
                }
            };
        }
        // bucket ≤ last < 2^32 on every path, so the cast keeps every bit; `try_from` cost
        // a compare and a select a key (`benches/newer.rs`, `fliphash-core` against the
        // crate).
        bucket as u32
    }
}

/// The bucket in `0..buckets` that `key` lands on with `seed`, or `None` for
/// `buckets == 0` (the reference's range `..=n − 1` has no such range).
#[inline]
pub fn fliphash(key: u64, buckets: u32, seed: u64) -> Option<u32> {
    fliphash_traced(key, buckets, seed, &mut ())
}

/// [`fliphash`], telling `tracer` each candidate in the order drawn (see
/// [`FlipHasher::bucket_traced`]).
#[inline]
pub fn fliphash_traced(key: u64, buckets: u32, seed: u64, tracer: &mut impl Tracer) -> Option<u32> {
    Some(FlipHasher::new(buckets)?.bucket_traced(key, seed, tracer))
}

/// `fliphash` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[bucket_placement::seed("flip-seed")],
    ..AlgoSpec::plain("fliphash", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "FlipHash over the nodes as buckets: constant time, only the last node leaves",
    source: "crate fliphash 0.1.0 (DataDog/fliphash-rs) fliphash_64_with_seed",
    params: &["the seed"],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(
        AlgoId::FlipHash,
        BucketAlgo::FlipHash,
        config,
        nodes,
        None,
        Some(0),
    )
}

impl Algorithm {
    /// FlipHash with seed 0.
    pub fn fliphash() -> Algorithm {
        Algorithm::new(AlgoId::FlipHash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::SplitMix64;
    use proptest::prelude::*;

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms", the fliphash rows.
        let table: [(u64, u32, u64, u32); 5] = [
            (10_427_592_028_180_905_159, 18, 0, 13),
            (1, 18, 0, 16),
            (42, 1000, 0, 792),
            (18_446_744_073_709_551_615, 1000, 0, 272),
            (0, 1000, 7, 459),
        ];
        for (key, buckets, seed, want) in table {
            assert_eq!(
                fliphash(key, buckets, seed),
                Some(want),
                "({key}, {buckets}, seed {seed})"
            );
        }
    }

    #[test]
    fn no_bucket_for_zero_and_bucket_zero_for_one() {
        assert_eq!(fliphash(7, 0, 0), None);
        assert_eq!(fliphash(7, 1, 0), Some(0));
        assert_eq!(fliphash(u64::MAX, 1, u64::MAX), Some(0));
    }

    #[test]
    fn agrees_with_the_crate_on_a_million_keys() {
        for (buckets, seed) in [(10u32, 0u64), (1000, 0), (1_000_000, 0), (1000, 7)] {
            let mut rng = SplitMix64::new(u64::from(buckets) ^ seed);
            for _ in 0..1_000_000 {
                let key = rng.next_u64();
                let want = ::fliphash::fliphash_64_with_seed(key, seed, ..=u64::from(buckets) - 1);
                assert_eq!(
                    fliphash(key, buckets, seed).map(u64::from),
                    Some(want),
                    "({key}, {buckets}, seed {seed})"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_crate(key in any::<u64>(), seed in any::<u64>(), n in 1u32..=u32::MAX) {
            let want = ::fliphash::fliphash_64_with_seed(key, seed, ..=u64::from(n) - 1);
            prop_assert_eq!(fliphash(key, n, seed).map(u64::from), Some(want));
        }

    }
}
