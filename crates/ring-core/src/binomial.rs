//! BinomialHash (Coluzzi, Brocco, Antonucci and Leidi, "BinomialHash: A Constant Time,
//! Minimal Memory Consistent Hash Algorithm", 2024): the buckets are the nodes of a binary
//! tree filled level by level; a key takes a position in the smallest complete tree that
//! holds all `n` buckets, is moved to a random position of the same level, and, if that is
//! past `n − 1`, tries again up to four times before settling in the smaller tree below,
//! whose positions all exist.
//!
//! - **Reference:** SUPSI-DTI-ISIN/java-consistent-hashing-algorithms, `BinomialEngine.java`
//!   @68803f8; [`binomial_hash`] gives what its `getBucket` gives for a key whose
//!   `hashFunction.hash(key)` is `key`. The engine's `removeBucket` removes the last bucket
//!   whatever bucket it is given, so an engine of `n` buckets after `r` removals is this
//!   function with `n − r`.
//! - **Lookup cost:** O(1): at most five tries, each an LCG step and a rehash.
//! - **Memory:** none beyond the bucket count.
//! - **Leave:** only the last bucket can leave, and only its keys move; adding bucket `n`
//!   moves to it exactly the keys that now land there.
//! - **Range:** the engine's size is a Java `int`, so its answers stop at `2^31 − 1`
//!   buckets; above that the same steps run in unsigned 32-bit arithmetic.

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::trace::Tracer;

/// The multiplier of the engine's linear congruential rehash (the same as jump hash's).
const LCG_MULTIPLIER: u64 = 2_862_933_555_777_941_757;

/// The engine's `rehash(value, seed)`: one LCG step, squared, times the seed, high half.
fn rehash(value: u64, seed: u32) -> u64 {
    let h = LCG_MULTIPLIER.wrapping_mul(value).wrapping_add(1);
    h.wrapping_mul(h).wrapping_mul(u64::from(seed)) >> 32
}

/// The engine's `relocateWithinLevel`: a position in the same tree level as `bucket`
/// (`[2^k, 2^(k+1))`), chosen by `hash`; 0 and 1, the root level, stay.
fn relocate_within_level(bucket: u32, hash: u64) -> u32 {
    if bucket < 2 {
        return bucket;
    }
    let level_base = 1u32 << (31 - bucket.leading_zeros());
    let level_filter = level_base - 1;
    level_base + (rehash(hash, level_filter) as u32 & level_filter)
}

/// The bucket in `0..buckets` that `key` (the engine's 64-bit key hash) lands on, or
/// `None` for `buckets == 0`, which has none (the engine answers 0 for any size below 2).
pub fn binomial_hash(key: u64, buckets: u32) -> Option<u32> {
    binomial_traced(key, buckets, &mut ())
}

/// [`binomial_hash`], telling `tracer` each candidate in the order drawn: the first in the
/// enclosing tree `0..2^k`, the retries in it, and the last resort in the tree below.
pub fn binomial_traced(key: u64, buckets: u32, tracer: &mut impl Tracer) -> Option<u32> {
    match buckets {
        0 => None,
        1 => {
            tracer.draw(0, 0, 0);
            Some(0)
        }
        n => Some(at_least_two(key, n, tracer)),
    }
}

/// The engine's `getBucket` for `n ≥ 2`.
fn at_least_two(key: u64, n: u32, tracer: &mut impl Tracer) -> u32 {
    // 2^k − 1 for the smallest 2^k ≥ n, and the tree one level smaller; n − 1 ≥ 1.
    let enclosing = u32::MAX >> (n - 1).leading_zeros();
    let minor = enclosing >> 1;
    let bucket = relocate_within_level(key as u32 & enclosing, key);
    tracer.draw(bucket, 0, enclosing);
    if bucket < n {
        return bucket;
    }
    let mut h = key;
    for _ in 0..4 {
        h = rehash(h, enclosing);
        let bucket = relocate_within_level(h as u32 & enclosing, h);
        tracer.draw(bucket, 0, enclosing);
        if bucket <= minor {
            break;
        }
        if bucket < n {
            return bucket;
        }
    }
    // Every position of the minor tree is below n.
    let bucket = relocate_within_level(key as u32 & minor, key);
    tracer.draw(bucket, 0, minor);
    bucket
}

/// `binomial` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[],
    ..AlgoSpec::plain("binomial", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "BinomialHash over the nodes as buckets: constant time, only the last node leaves",
    source: "SUPSI-DTI-ISIN/java-consistent-hashing-algorithms BinomialEngine.java @68803f8",
    params: &[],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(
        AlgoId::Binomial,
        BucketAlgo::Binomial,
        config,
        nodes,
        None,
        None,
    )
}

impl Algorithm {
    /// BinomialHash.
    pub fn binomial() -> Algorithm {
        Algorithm::new(AlgoId::Binomial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms", the binomial rows.
        let table: [(u64, u32, u32); 5] = [
            (42, 10, 3),
            (10_427_592_028_180_905_159, 10, 6),
            (18_446_744_073_709_551_615, 10, 4),
            (42, 1000, 59),
            (18_446_744_073_709_551_615, 1000, 972),
        ];
        for (key, buckets, want) in table {
            assert_eq!(
                binomial_hash(key, buckets),
                Some(want),
                "({key}, {buckets})"
            );
        }
    }

    #[test]
    fn no_bucket_for_zero_and_bucket_zero_for_one() {
        assert_eq!(binomial_hash(7, 0), None);
        assert_eq!(binomial_hash(7, 1), Some(0));
        assert_eq!(binomial_hash(u64::MAX, 1), Some(0));
    }
}
