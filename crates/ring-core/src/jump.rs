//! Jump consistent hash (Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash
//! Algorithm", 2014): nodes are buckets `0..n`, and a short loop over a linear congruential
//! generator seeded by the key jumps forward through bucket numbers until it passes `n`.
//!
//! - **Placement:** the key string's configured hash, widened to 64 bits, seeds the loop
//!   ([`jump_hash`]); the last bucket the loop stands on below `n` owns the key.
//! - **Lookup cost:** O(ln n) loop steps, no table, no search.
//! - **Memory:** none beyond the bucket count.
//! - **Join:** adding bucket `n` moves exactly the keys that now land on it, about `1/(n+1)`
//!   of them, and nothing else. **Leave:** only the last bucket can leave, and only its keys
//!   move ([`Jump::check_removal`] refuses any other); removing a bucket from the middle
//!   would renumber the ones after it and move keys between survivors.
//! - **Weights:** ignored; every bucket's expected share is exactly `1/n`.

use crate::error::{self, BuildError};
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement};
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::Config;

/// `jump` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec::plain("jump", Drawn::Buckets, build_spec);

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "Jump consistent hash over the nodes as buckets",
    source: "Lamping and Veach 2014, the paper's C++ (jumphash)",
    params: &[],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Jump::new(nodes, config.effective_hash())?))
}

impl Algorithm {
    /// Jump consistent hash.
    pub fn jump() -> Algorithm {
        Algorithm::new(AlgoId::Jump)
    }
}

/// The multiplier of the reference loop's linear congruential generator.
const LCG_MULTIPLIER: u64 = 2_862_933_555_777_941_757;

/// The reference loop of Lamping and Veach, with the same `f64` arithmetic: the bucket in
/// `0..buckets` that `key` jumps to. `buckets == 0` has no bucket to give; it returns 0
/// rather than the reference's −1, so the result is always a valid index when there is one.
#[inline]
pub fn jump_hash(key: u64, buckets: u32) -> u32 {
    // The reference's `j = (int64_t)((b + 1) * (2^31 / ((key >> 33) + 1)))`, kept as a whole
    // `f64` instead: `trunc` is its cast, and `j < buckets` compares the same whole numbers.
    // While the loop runs, `j < 2^32`, so `b + 1` is exact in `f64` as in `i64`. This spares
    // Rust's saturating `f64 → i64` cast (four instructions more than C's, a few percent of
    // MementoHash's lookup against its authors' C++: `benches/newer.rs`, `memento-core-sum`
    // against `memento-cpp`); the answers are the reference's.
    let mut key = key;
    let mut b = -1.0_f64;
    let mut j = 0.0_f64;
    let n = f64::from(buckets);
    while j < n {
        b = j;
        key = key.wrapping_mul(LCG_MULTIPLIER).wrapping_add(1);
        j = ((b + 1.0) * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)).trunc();
    }
    // b is −1 only when buckets == 0 (the cast saturates it to 0), and otherwise a whole
    // number below buckets.
    b as u32
}

/// Every bucket the reference loop stands on for `key`, in order: always starts at 0, ends
/// at [`jump_hash`]`(key, buckets)`. Empty when `buckets == 0`. About `ln(buckets) + 1`
/// steps.
pub fn jump_steps(key: u64, buckets: u32) -> Vec<u32> {
    let mut steps = Vec::new();
    let mut key = key;
    let mut j: i64 = 0;
    while j < i64::from(buckets) {
        let b = j;
        // b < buckets here, so it fits a u32.
        steps.push(u32::try_from(b).unwrap_or(0));
        key = key.wrapping_mul(LCG_MULTIPLIER).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    steps
}

/// Jump consistent hash over the nodes as buckets: node `i` is bucket `i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Jump {
    hash: HashFn,
    buckets: u32,
}

impl Jump {
    /// One bucket per node, in list order; keys hashed with `hash`. Weights are ignored.
    pub fn new(nodes: &[NodeSpec], hash: HashFn) -> Result<Self, BuildError> {
        error::validate_nodes(nodes, 1)?;
        let buckets = u32::try_from(nodes.len())
            .map_err(|_| BuildError::TooManyNodes { count: nodes.len() })?;
        Ok(Jump { hash, buckets })
    }

    /// The number of buckets.
    pub fn buckets(&self) -> u32 {
        self.buckets
    }
}

impl Placement for Jump {
    fn node_count(&self) -> u32 {
        self.buckets
    }

    fn space_bits(&self) -> u32 {
        self.hash.bits()
    }

    /// The configured hash of the key, widened to the loop's 64-bit key.
    fn key_position(&self, key: &str) -> u64 {
        self.hash.hash_str(key)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        jump_hash(self.key_position(key), self.buckets)
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some(jump_hash(position, self.buckets))
    }

    fn explain(&self, key: &str) -> Explanation {
        let key = self.key_position(key);
        let steps = jump_steps(key, self.buckets);
        let owner = steps.last().copied().unwrap_or(0);
        Explanation::Jump { key, steps, owner }
    }

    fn picture(&self) -> Picture {
        Picture::Buckets {
            count: self.buckets,
        }
    }

    /// The ideal shares, `1/n` each: jump hash is exactly uniform in expectation over
    /// random keys. These are not measured from any key set.
    fn shares(&self) -> Vec<f64> {
        let n = self.buckets.max(1);
        vec![1.0 / f64::from(n); n as usize]
    }

    /// Jump hash keeps no structure: 0 bytes.
    fn memory_bytes(&self) -> u64 {
        0
    }

    /// Only the last bucket can leave: any other would renumber the buckets after it.
    fn check_removal(&self, node: NodeIndex) -> Result<(), BuildError> {
        if node >= self.buckets {
            return Err(BuildError::NoSuchNode { index: node });
        }
        let last = self.buckets - 1;
        if node == last {
            Ok(())
        } else {
            Err(BuildError::RemovesOnlyLast {
                algo: AlgoId::Jump,
                index: node,
                last,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn nodes(n: u32) -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("node-{i}"), 1))
            .collect()
    }

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Jump consistent hash".
        let table: [(u64, u32, u32); 6] = [
            (1, 1, 0),
            (42, 57, 43),
            (0xDEAD10CC, 1, 0),
            (0xDEAD10CC, 666, 361),
            (256, 1024, 520),
            (123456, 1000, 984),
        ];
        for (key, buckets, want) in table {
            assert_eq!(jump_hash(key, buckets), want, "jump_hash({key}, {buckets})");
            let steps = jump_steps(key, buckets);
            assert_eq!(steps.first(), Some(&0));
            assert_eq!(steps.last(), Some(&want));
        }
    }

    #[test]
    fn zero_buckets_gives_zero_and_no_steps() {
        assert_eq!(jump_hash(12345, 0), 0);
        assert!(jump_steps(12345, 0).is_empty());
    }

    #[test]
    fn steps_climb_strictly() {
        let steps = jump_steps(0xDEAD10CC, 666);
        assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
    }

    #[test]
    fn placement_feeds_the_configured_hash_to_the_loop() {
        let jump = Jump::new(&nodes(57), HashFn::Fnv1a_64).unwrap();
        for key in ["alpha", "beta", "gamma", "hello jason"] {
            let h = crate::hash::fnv1a_64(key.as_bytes());
            assert_eq!(jump.locate(key), jump_hash(h, 57));
            match jump.explain(key) {
                Explanation::Jump {
                    key: k,
                    steps,
                    owner,
                } => {
                    assert_eq!(k, h);
                    assert_eq!(owner, jump_hash(h, 57));
                    assert_eq!(steps.last(), Some(&owner));
                }
                other => panic!("wrong explanation {other:?}"),
            }
        }
        assert_eq!(jump.picture(), Picture::Buckets { count: 57 });
        let shares = jump.shares();
        assert_eq!(shares.len(), 57);
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn only_the_last_bucket_can_leave() {
        let jump = Jump::new(&nodes(5), HashFn::Murmur3_64).unwrap();
        assert_eq!(jump.check_removal(4), Ok(()));
        assert_eq!(
            jump.check_removal(2),
            Err(BuildError::RemovesOnlyLast {
                algo: AlgoId::Jump,
                index: 2,
                last: 4
            })
        );
        assert_eq!(
            jump.check_removal(5),
            Err(BuildError::NoSuchNode { index: 5 })
        );
        assert_eq!(Jump::new(&[], HashFn::Murmur3_64), Err(BuildError::NoNodes));
    }

    #[test]
    fn roughly_uniform_over_many_keys() {
        // Expected 10_000 per bucket; 5 standard deviations is about ±475.
        let n = 10u32;
        let mut counts = [0u32; 10];
        for k in 0..100_000u64 {
            counts[jump_hash(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), n) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..=10_500).contains(&c), "{counts:?}");
        }
    }

    proptest! {
        #[test]
        fn a_new_last_bucket_takes_keys_only_for_itself(key in any::<u64>(), n in 1u32..2000) {
            let before = jump_hash(key, n);
            let after = jump_hash(key, n + 1);
            prop_assert!(after == before || after == n, "{before} -> {after} with n = {n}");
        }

        #[test]
        fn removing_the_last_bucket_moves_only_its_keys(key in any::<u64>(), n in 2u32..2000) {
            let before = jump_hash(key, n);
            let after = jump_hash(key, n - 1);
            if before != n - 1 {
                prop_assert_eq!(after, before);
            }
            prop_assert!(after < n - 1);
        }

        #[test]
        fn steps_end_at_the_answer(key in any::<u64>(), n in 1u32..100_000) {
            let steps = jump_steps(key, n);
            prop_assert_eq!(steps.last().copied(), Some(jump_hash(key, n)));
            prop_assert!(steps.iter().all(|&b| b < n));
        }
    }
}
