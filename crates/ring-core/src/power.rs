//! Power consistent hashing (Leu, "Power Consistent Hashing", 2023): a consistent bucket
//! function in constant expected time. A key is placed in the enclosing power of two `m` of
//! `n` (a uniform, consistent choice within each range `[2^k, 2^(k+1))`); a key past
//! `n − 1` makes a jump-hash-like weighted draw over `[m/2, n)` and, if that draw falls
//! below `m/2`, takes its place in the power of two `m/2` instead.
//!
//! - **Reference:** crate `power-consistent-hash` 0.1.0,
//!   `PowerConsistentHasher::try_new(n)?.hash_u64(key)`, with its x86 results on every
//!   target: the crate's fallback for other targets takes the top bit as
//!   `15 − leading_zeros` and is wrong; here it is `31 − leading_zeros` everywhere. The
//!   crate's power of two overflows above `2^31` buckets; here it does not.
//! - **Lookup cost:** O(1) expected: a PCG32 generator seeded by the key, a few draws.
//! - **Memory:** none beyond the bucket count.
//! - **Leave:** only the last bucket can leave, and only its keys move; adding bucket `n`
//!   moves to it exactly the keys that now land there. At least 2 buckets, as the crate
//!   requires.

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::trace::Tracer;

/// The crate's generator: PCG32 (XSH RR 64/32 over a 64-bit LCG), whose output does not
/// advance the state; the caller steps it.
#[derive(Clone, Debug)]
struct Pcg32 {
    state: u64,
    increment: u64,
}

impl Pcg32 {
    /// PCG's default 64-bit multiplier.
    const MULTIPLIER: u64 = 6_364_136_223_846_793_005;

    /// Seeded with `state` on stream `stream`, stepped once past the seed.
    #[inline]
    fn new(state: u64, stream: u64) -> Self {
        let increment = (stream << 1) | 1;
        let mut rng = Pcg32 {
            state: state.wrapping_add(increment),
            increment,
        };
        rng.step();
        rng
    }

    #[inline]
    fn step(&mut self) {
        self.state = self
            .state
            .wrapping_mul(Self::MULTIPLIER)
            .wrapping_add(self.increment);
    }

    /// The output for the current state (XSH RR), without stepping.
    #[inline]
    fn output(&self) -> u32 {
        let rotate = (self.state >> 59) as u32;
        let shifted = (((self.state >> 18) ^ self.state) >> 27) as u32;
        shifted.rotate_right(rotate)
    }
}

/// The crate's `f`: a uniform consistent bucket of `key` in `0..=mask` (`mask` = 2^r − 1),
/// and the generator it used (`None` for bucket 0, which needs none).
#[inline]
fn within_power_of_two(key: u64, mask: u32) -> (u32, Option<Pcg32>) {
    let bits = (key & u64::from(mask)) as u32;
    if bits == 0 {
        return (0, None);
    }
    let top = 31 - bits.leading_zeros();
    let rng = Pcg32::new(key, u64::from(top));
    let base = 1u32 << top;
    (base + (rng.output() & (base - 1)), Some(rng))
}

/// The crate's `g`: the last bucket of `[start, n)` a weighted walk from `start` stands on,
/// jump hash's rule with integer arithmetic.
fn weighted_draw(n: u32, start: u32, mut rng: Pcg32) -> u32 {
    let n = u64::from(n);
    let mut x = start;
    loop {
        let scaled = (u64::from(x) + 1) * u64::from(u32::MAX);
        let draw = u64::from(rng.output()) + 1;
        if n * draw <= scaled {
            return x;
        }
        rng.step();
        // scaled / draw < n ≤ u32::MAX here.
        x = u32::try_from(scaled / draw).unwrap_or(u32::MAX);
    }
}

/// Power consistent hashing over a fixed number of buckets, with the masks of its powers
/// of two computed once, as the crate's `PowerConsistentHasher` keeps them: a caller that
/// looks up many keys makes one (`BucketEngine` does). [`power_hash`] makes one a call.
///
/// ```
/// use ring_core::power::{power_hash, PowerHasher};
///
/// let hasher = PowerHasher::new(96).unwrap();
/// assert_eq!(hasher.bucket(11), 15); // the crate's own test answers
/// assert_eq!(Some(hasher.bucket(999)), power_hash(999, 96));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PowerHasher {
    buckets: u32,
    /// m − 1 for the smallest power of two m ≥ buckets.
    mask: u32,
    /// m/2 − 1.
    half_mask: u32,
}

impl PowerHasher {
    /// The hasher of `buckets` buckets, or `None` for fewer than 2, which the crate refuses.
    #[inline]
    pub fn new(buckets: u32) -> Option<PowerHasher> {
        if buckets < 2 {
            return None;
        }
        // buckets − 1 ≥ 1.
        let mask = u32::MAX >> (buckets - 1).leading_zeros();
        Some(PowerHasher {
            buckets,
            mask,
            half_mask: mask >> 1,
        })
    }

    /// The number of buckets.
    pub fn buckets(&self) -> u32 {
        self.buckets
    }

    /// The bucket in `0..buckets` that `key` lands on.
    #[inline]
    pub fn bucket(&self, key: u64) -> u32 {
        self.bucket_traced(key, &mut ())
    }

    /// [`PowerHasher::bucket`], telling `tracer` each candidate in the order drawn: the
    /// first in the enclosing power of two `0..m`, the weighted draw in `[m/2, n)`, and the
    /// last resort in `0..m/2`.
    #[inline]
    pub fn bucket_traced(&self, key: u64, tracer: &mut impl Tracer) -> u32 {
        let PowerHasher {
            buckets,
            mask,
            half_mask,
        } = *self;
        let (first, rng) = within_power_of_two(key, mask);
        tracer.draw(first, 0, mask);
        if first < buckets {
            return first;
        }
        // first ≥ buckets ≥ 2 is not 0, so the generator was made; 0 keeps the answer in range.
        let Some(mut rng) = rng else {
            return 0;
        };
        rng.step();
        let second = weighted_draw(buckets, half_mask, rng);
        tracer.draw(second, half_mask, buckets - 1);
        if second > half_mask {
            return second;
        }
        let last_resort = within_power_of_two(key, half_mask).0;
        tracer.draw(last_resort, 0, half_mask);
        last_resort
    }
}

/// The bucket in `0..buckets` that `key` lands on, or `None` for fewer than 2 buckets,
/// which the crate refuses.
#[inline]
pub fn power_hash(key: u64, buckets: u32) -> Option<u32> {
    Some(PowerHasher::new(buckets)?.bucket(key))
}

/// [`power_hash`], telling `tracer` each candidate (see [`PowerHasher::bucket_traced`]).
pub fn power_traced(key: u64, buckets: u32, tracer: &mut impl Tracer) -> Option<u32> {
    Some(PowerHasher::new(buckets)?.bucket_traced(key, tracer))
}

/// `power` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[],
    ..AlgoSpec::plain("power", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description:
        "Power consistent hashing over the nodes as buckets: constant expected time, only the last node leaves",
    source: "crate power-consistent-hash 0.1.0 (x86-64 results on every target)",
    params: &[],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(AlgoId::Power, BucketAlgo::Power, config, nodes, None, None)
}

impl Algorithm {
    /// Power consistent hashing.
    pub fn power() -> Algorithm {
        Algorithm::new(AlgoId::Power)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::SplitMix64;
    use proptest::prelude::*;

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms", the power rows.
        let table: [(u64, u32, u32); 5] = [
            (8, 96, 12),
            (11, 96, 15),
            (999, 96, 89),
            (42, 1000, 53),
            (18_446_744_073_709_551_615, 1000, 815),
        ];
        for (key, buckets, want) in table {
            assert_eq!(power_hash(key, buckets), Some(want), "({key}, {buckets})");
        }
    }

    #[test]
    fn the_crates_own_backwards_compatibility_answers() {
        // power-consistent-hash 0.1.0, src/tests.rs, with 96 buckets.
        for (key, want) in [
            (0, 0),
            (8, 12),
            (9, 12),
            (10, 13),
            (11, 15),
            (12, 11),
            (999, 89),
        ] {
            assert_eq!(power_hash(key, 96), Some(want), "key {key}");
        }
    }

    #[test]
    fn no_bucket_below_two() {
        assert_eq!(power_hash(7, 0), None);
        assert_eq!(power_hash(7, 1), None);
        assert!(power_hash(7, 2).is_some_and(|b| b < 2));
    }

    // The crate is the reference only on x86: elsewhere it finds the top bit with
    // `15 - leading_zeros` of a u32 in place of its `bsr`, a different power of two, and
    // gives other buckets. The core gives the x86 answers on every target.
    #[cfg(target_arch = "x86_64")]
    fn crate_answer(key: u64, buckets: u32) -> u32 {
        power_consistent_hash::PowerConsistentHasher::try_new(buckets)
            .unwrap()
            .hash_u64(key)
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn agrees_with_the_crate_on_a_million_keys() {
        for buckets in [10u32, 1000, 1_000_000] {
            let hasher = power_consistent_hash::PowerConsistentHasher::try_new(buckets).unwrap();
            let mut rng = SplitMix64::new(u64::from(buckets));
            for _ in 0..1_000_000 {
                let key = rng.next_u64();
                assert_eq!(
                    power_hash(key, buckets),
                    Some(hasher.hash_u64(key)),
                    "({key}, {buckets})"
                );
            }
        }
    }

    proptest! {
        // The crate's power of two overflows above 2^31 buckets (a panic in a debug build).
        #[cfg(target_arch = "x86_64")]
        #[test]
        fn agrees_with_the_crate(key in any::<u64>(), n in 2u32..=(1 << 31)) {
            prop_assert_eq!(power_hash(key, n), Some(crate_answer(key, n)));
        }

    }
}
