//! Rendezvous hashing, also called highest random weight (Thaler and Ravishankar, 1998),
//! weighted by the logarithmic method (Schindelhauer and Schomaker, "Weighted Distributed
//! Hash Tables", 2005).
//!
//! - **Placement:** for each key, every node draws a pseudo-random `u` in (0, 1) from a hash
//!   of (node, key) and scores `−w / ln(u)`; the highest score owns the key. With equal
//!   weights that is simply the node with the highest hash.
//! - **Lookup cost:** O(n): one hash mix and one logarithm per node.
//! - **Memory:** 12 bytes per node (a seed and a weight); no table.
//! - **Balance:** node `i` owns each key with probability exactly `wᵢ/W`.
//! - **Join:** a new node takes exactly the keys on which it outscores the current owner;
//!   no key moves between existing nodes. **Leave:** only the leaver's keys move, each to
//!   its second-highest scorer. Changing one node's weight moves keys only to or from it.
//! - [`Rendezvous::top_r`] gives the `r` highest scorers: a replica set that changes just as
//!   little.
//!
//! ## Determinism
//!
//! `u` comes from integer mixing only, and the logarithm is `libm::log`, never the
//! platform's `f64::ln`, so scores are bit-identical on wasm32 and x86_64.

use std::cmp::Ordering;

use crate::error::{self, BuildError};
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement};
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::Config;

/// `rendezvous` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec {
    uses_weights: true,
    scores_every_node: true,
    ..AlgoSpec::plain("rendezvous", Drawn::Scores, build_spec)
};

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "Rendezvous (highest random weight) hashing, weighted",
    source: "Thaler and Ravishankar 1998; weighted scores as Schindelhauer and Schomaker",
    params: &[],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Rendezvous::new(nodes, config.effective_hash())?))
}

impl Algorithm {
    /// Rendezvous hashing.
    pub fn rendezvous() -> Algorithm {
        Algorithm::new(AlgoId::Rendezvous)
    }
}

/// The golden-ratio increment of splitmix64.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// One step of splitmix64 (Steele, Lea and Flood, 2014) from state `x`: add the golden
/// gamma, then apply the finaliser. A bijection on `u64`, and `0` does not map to `0`.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The top 53 bits of `bits` as a number in (0, 1): `max(k, 1) / 2^53` for
/// `k = bits >> 11`, exact in `f64`, never 0 (the `ln` would be −∞) and never 1 (the score
/// would be infinite).
pub fn unit_interval(bits: u64) -> f64 {
    const TWO_POW_MINUS_53: f64 = 1.0 / 9_007_199_254_740_992.0;
    ((bits >> 11).max(1)) as f64 * TWO_POW_MINUS_53
}

/// The logarithmic method's score `−weight / ln(u)` for `u = unit_interval(bits)`: positive
/// and finite, increasing in both the weight and the bits.
pub fn score(weight: u32, bits: u64) -> f64 {
    -f64::from(weight) / libm::log(unit_interval(bits))
}

/// Rendezvous hashing over weighted nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct Rendezvous {
    hash: HashFn,
    seeds: Vec<u64>,
    weights: Vec<u32>,
}

/// A node's standing for one key: higher score first, then higher raw bits (so equal
/// weights order exactly by hash), then the lower index.
#[derive(Clone, Copy, Debug)]
struct Standing {
    score: f64,
    bits: u64,
    node: NodeIndex,
}

impl Standing {
    /// `Ordering::Greater` when `self` beats `other`.
    fn contest(&self, other: &Standing) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then(self.bits.cmp(&other.bits))
            .then(other.node.cmp(&self.node))
    }
}

impl Rendezvous {
    /// Each node's seed is `splitmix64(hash(name))`, spreading even a 32-bit name hash over
    /// 64 bits; its weight is [`NodeSpec::weight`].
    pub fn new(nodes: &[NodeSpec], hash: HashFn) -> Result<Self, BuildError> {
        error::validate_nodes(nodes, 1)?;
        Ok(Rendezvous {
            hash,
            seeds: nodes
                .iter()
                .map(|n| splitmix64(hash.hash_str(&n.name)))
                .collect(),
            weights: nodes.iter().map(|n| n.weight).collect(),
        })
    }

    /// The 64 random bits node `node` draws for a key hash: `splitmix64(key_hash ^ seed)`.
    /// `None` if there is no such node.
    pub fn bits(&self, key_hash: u64, node: NodeIndex) -> Option<u64> {
        self.seeds
            .get(node as usize)
            .map(|&seed| splitmix64(key_hash ^ seed))
    }

    /// Every node's score for `key`, by node index.
    pub fn scores(&self, key: &str) -> Vec<f64> {
        self.standings(self.key_position(key))
            .map(|s| s.score)
            .collect()
    }

    /// The `r` nodes with the highest scores for `key`, best first: the owner, then the
    /// node that would own the key if the owner left, and so on. `r` must be from 1 to the
    /// node count.
    pub fn top_r(&self, key: &str, r: u32) -> Result<Vec<NodeIndex>, BuildError> {
        let nodes = self.node_count();
        if r == 0 || r > nodes {
            return Err(BuildError::BadReplicas { replicas: r, nodes });
        }
        let mut all: Vec<Standing> = self.standings(self.key_position(key)).collect();
        all.sort_by(|a, b| b.contest(a));
        Ok(all.iter().take(r as usize).map(|s| s.node).collect())
    }

    fn standings(&self, key_hash: u64) -> impl Iterator<Item = Standing> + '_ {
        self.seeds
            .iter()
            .zip(&self.weights)
            .enumerate()
            .map(move |(i, (&seed, &weight))| {
                let bits = splitmix64(key_hash ^ seed);
                Standing {
                    score: score(weight, bits),
                    bits,
                    node: i as NodeIndex,
                }
            })
    }

    fn winner(&self, key_hash: u64) -> NodeIndex {
        self.standings(key_hash)
            .max_by(|a, b| a.contest(b))
            .map_or(0, |s| s.node)
    }
}

impl Placement for Rendezvous {
    fn node_count(&self) -> u32 {
        self.seeds.len() as u32
    }

    fn space_bits(&self) -> u32 {
        self.hash.bits()
    }

    /// The configured hash of the key, mixed with each node's seed to draw its score.
    fn key_position(&self, key: &str) -> u64 {
        self.hash.hash_str(key)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.winner(self.key_position(key))
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some(self.winner(position))
    }

    fn explain(&self, key: &str) -> Explanation {
        let key_hash = self.key_position(key);
        Explanation::Rendezvous {
            scores: self.standings(key_hash).map(|s| s.score).collect(),
            owner: self.winner(key_hash),
        }
    }

    fn picture(&self) -> Picture {
        Picture::Scores {
            nodes: self.node_count(),
        }
    }

    /// The expected shares `wᵢ / W`, which the logarithmic method gives exactly in
    /// probability; not measured from any key set.
    fn shares(&self) -> Vec<f64> {
        let total: f64 = self.weights.iter().map(|&w| f64::from(w)).sum();
        self.weights
            .iter()
            .map(|&w| f64::from(w) / total.max(1.0))
            .collect()
    }

    fn memory_bytes(&self) -> u64 {
        (self.seeds.len() * (std::mem::size_of::<u64>() + std::mem::size_of::<u32>())) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn specs(weights: &[u32]) -> Vec<NodeSpec> {
        weights
            .iter()
            .enumerate()
            .map(|(i, &w)| NodeSpec::new(format!("server-{i}"), w))
            .collect()
    }

    /// The plain highest-random-weight rule, written independently: the node whose mixed
    /// hash is largest, ties to the first.
    fn max_hash_owner(names: &[String], hash: HashFn, key: &str) -> NodeIndex {
        let k = hash.hash_str(key);
        let mut best: Option<(u64, usize)> = None;
        for (i, name) in names.iter().enumerate() {
            let seed = splitmix64(hash.hash_str(name));
            let h = splitmix64(k ^ seed);
            if best.is_none_or(|(b, _)| h > b) {
                best = Some((h, i));
            }
        }
        best.unwrap().1 as NodeIndex
    }

    #[test]
    fn splitmix64_reference_outputs() {
        // The first outputs of splitmix64 seeded with 0 (Vigna's reference generator, whose
        // state is advanced by the gamma before mixing): 0xe220a8397b1dcdaf, then
        // 0x6e789e6aa1b965f4.
        assert_eq!(splitmix64(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(GOLDEN_GAMMA), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn unit_interval_stays_inside() {
        assert_eq!(unit_interval(0), 1.0 / 9_007_199_254_740_992.0);
        assert!(unit_interval(u64::MAX) < 1.0);
        assert_eq!(unit_interval(u64::MAX), 1.0 - 1.0 / 9_007_199_254_740_992.0);
        assert_eq!(unit_interval(1 << 63), 0.5);
        for bits in [0, 1, 2047, 2048, u64::MAX, u64::MAX - 2047] {
            let s = score(1, bits);
            assert!(s.is_finite() && s > 0.0, "{bits}: {s}");
        }
        // -1 / ln(0.5) by hand.
        assert!((score(1, 1 << 63) - 1.0 / std::f64::consts::LN_2).abs() < 1e-15);
    }

    #[test]
    fn equal_weights_are_the_plain_max_hash_rule() {
        for weight in [1, 7, 1_000_000] {
            let nodes = specs(&[weight; 9]);
            let names: Vec<String> = nodes.iter().map(|n| n.name.clone()).collect();
            for hash in [HashFn::Murmur3_64, HashFn::Fnv1a_32, HashFn::JavaString] {
                let hrw = Rendezvous::new(&nodes, hash).unwrap();
                for i in 0..3000 {
                    let key = format!("key-{i}");
                    assert_eq!(
                        hrw.locate(&key),
                        max_hash_owner(&names, hash, &key),
                        "{key}"
                    );
                }
            }
        }
    }

    #[test]
    fn explanation_holds_every_score() {
        let hrw = Rendezvous::new(&specs(&[1, 2, 3]), HashFn::Murmur3_64).unwrap();
        let key = "hello";
        let k = HashFn::Murmur3_64.hash_str(key);
        match hrw.explain(key) {
            Explanation::Rendezvous { scores, owner } => {
                assert_eq!(scores.len(), 3);
                for (i, s) in scores.iter().enumerate() {
                    let bits = hrw.bits(k, i as NodeIndex).unwrap();
                    let u = ((bits >> 11).max(1)) as f64 / 2f64.powi(53);
                    let want = -((i + 1) as f64) / u.ln();
                    // The platform's ln may differ from libm in the last place.
                    assert!((s - want).abs() <= want * 1e-14, "{s} vs {want}");
                }
                let best = (0..3)
                    .max_by(|&a, &b| scores[a].total_cmp(&scores[b]))
                    .unwrap();
                assert_eq!(owner, best as NodeIndex);
                assert_eq!(owner, hrw.locate(key));
            }
            other => panic!("wrong explanation {other:?}"),
        }
        assert_eq!(hrw.picture(), Picture::Scores { nodes: 3 });
        assert_eq!(hrw.shares(), vec![1.0 / 6.0, 2.0 / 6.0, 3.0 / 6.0]);
    }

    #[test]
    fn weighted_shares_match_weights() {
        // 60_000 keys over weights 1:2:3:6; each count is binomial, 5 standard deviations
        // is under 600 for the largest.
        let weights = [1u32, 2, 3, 6];
        let hrw = Rendezvous::new(&specs(&weights), HashFn::Murmur3_64).unwrap();
        let mut counts = [0u32; 4];
        for i in 0..60_000 {
            counts[hrw.locate(&format!("k{i}")) as usize] += 1;
        }
        for (i, &w) in weights.iter().enumerate() {
            let want = 60_000.0 * f64::from(w) / 12.0;
            assert!((f64::from(counts[i]) - want).abs() < 600.0, "{counts:?}");
        }
    }

    #[test]
    fn top_r_is_the_order_of_scores() {
        let hrw = Rendezvous::new(&specs(&[5, 1, 3, 2, 4]), HashFn::Murmur3_64).unwrap();
        for i in 0..200 {
            let key = format!("k{i}");
            let scores = hrw.scores(&key);
            let mut by_hand: Vec<usize> = (0..5).collect();
            by_hand.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            let top = hrw.top_r(&key, 5).unwrap();
            let want: Vec<NodeIndex> = by_hand.iter().map(|&i| i as NodeIndex).collect();
            assert_eq!(top, want);
            assert_eq!(top[0], hrw.locate(&key));
            assert_eq!(hrw.top_r(&key, 2).unwrap(), want[..2].to_vec());
        }
        assert_eq!(
            hrw.top_r("k", 0),
            Err(BuildError::BadReplicas {
                replicas: 0,
                nodes: 5
            })
        );
        assert_eq!(
            hrw.top_r("k", 6),
            Err(BuildError::BadReplicas {
                replicas: 6,
                nodes: 5
            })
        );
    }

    #[test]
    fn colliding_name_hashes_tie_to_the_first_node() {
        // "Aa" and "BB" have the same Java hashCode, so the same seed and the same bits.
        let nodes = vec![NodeSpec::new("Aa", 1), NodeSpec::new("BB", 1)];
        let hrw = Rendezvous::new(&nodes, HashFn::JavaString).unwrap();
        for i in 0..50 {
            assert_eq!(hrw.locate(&format!("k{i}")), 0);
        }
    }

    fn keys() -> Vec<String> {
        (0..300).map(|i| format!("key:{i}")).collect()
    }

    proptest! {
        #[test]
        fn join_moves_keys_only_onto_the_newcomer(
            weights in proptest::collection::vec(1u32..50, 1..10),
            new_weight in 1u32..50,
        ) {
            let before = specs(&weights);
            let mut after = before.clone();
            after.push(NodeSpec::new("newcomer", new_weight));
            let a = Rendezvous::new(&before, HashFn::Murmur3_64).unwrap();
            let b = Rendezvous::new(&after, HashFn::Murmur3_64).unwrap();
            let new_index = before.len() as NodeIndex;
            for k in keys() {
                let now = b.locate(&k);
                prop_assert!(now == a.locate(&k) || now == new_index);
            }
        }

        #[test]
        fn leave_moves_only_the_leavers_keys(
            weights in proptest::collection::vec(1u32..50, 2..10),
            pick in any::<usize>(),
        ) {
            let before = specs(&weights);
            let leaver = pick % before.len();
            let mut after = before.clone();
            after.remove(leaver);
            let a = Rendezvous::new(&before, HashFn::Murmur3_64).unwrap();
            let b = Rendezvous::new(&after, HashFn::Murmur3_64).unwrap();
            for k in keys() {
                let old = a.locate(&k) as usize;
                let new = after[b.locate(&k) as usize].name.clone();
                if old == leaver {
                    // It goes to the runner-up.
                    let second = a.top_r(&k, 2).unwrap()[1] as usize;
                    prop_assert_eq!(new, before[second].name.clone());
                } else {
                    prop_assert_eq!(new, before[old].name.clone());
                }
            }
        }
    }
}
