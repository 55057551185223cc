//! The bucket algorithms ([`crate::buckets`]) as placements of named nodes: a node owns one
//! bucket, and a key's bucket is the algorithm's answer for the key's configured hash.
//!
//! - **JumpBackHash, FlipHash, BinomialHash, power:** node `i` is bucket `i`, as with jump
//!   hash; only the last node can leave ([`Placement::check_removal`]).
//! - **AnchorHash, DxHash, MementoHash:** any node can leave. A placement built afresh has
//!   node `i` on bucket `i` (and AnchorHash's and DxHash's spare buckets, up to the capacity,
//!   removed); one kept across changes ([`BucketPlacement::from_engine`]) has the engine's
//!   own history of removals, so that a node that leaves takes only its own keys with it and
//!   a node that joins takes back the bucket removed last, as the references do.
//! - **Shares:** each working bucket's share is `1/n`: every one of these algorithms is
//!   uniform over its working buckets in expectation over random keys (what their papers
//!   prove and their reference tests measure). These are not measured from a key set.
//! - **One node:** every key is on it; power consistent hashing, whose crate refuses a
//!   single bucket, answers bucket 0 there like every other algorithm of one bucket.
//! - **DxHash's "not found":** after `4·A` probes the reference gives up and answers
//!   4,294,967,295. A placement must name a node, so such a key goes to the lowest working
//!   bucket here; `ringlab bucket` prints the reference's answer.

use crate::buckets::{BucketAlgo, BucketEngine, Removal};
use crate::error::{self, BuildError};
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement};
use crate::registry::{AlgoId, ParamKind, ParamSpec};
use crate::Config;

/// The seed parameter of FlipHash, AnchorHash (its `key2`) and MementoHash, called `name`
/// in links and on the command line. The references take a 64-bit seed; here it is a
/// 32-bit one, which a link and a field carry exactly.
pub const fn seed(name: &'static str) -> ParamSpec {
    ParamSpec {
        key: name,
        flag: name,
        unit: "",
        kind: ParamKind::Whole {
            min: 0,
            max: u32::MAX,
            default: 0,
            picture_default: None,
            prime: false,
        },
    }
}

/// AnchorHash's and DxHash's capacity `A`, the buckets there are in all; 0 for as many as
/// the nodes (no spare bucket, so no node can join); called `name`.
pub const fn capacity(name: &'static str) -> ParamSpec {
    ParamSpec {
        key: name,
        flag: name,
        unit: "buckets",
        kind: ParamKind::Whole {
            min: 0,
            max: crate::anchor::MAX_CAPACITY,
            default: 0,
            // A few spare buckets to see: removed from the start, taken by nodes that join.
            picture_default: Some(8),
            prime: false,
        },
    }
}

/// Builds `algo` (registered as `id`) afresh from a configuration whose parameter
/// `capacity` (if given) is a [`capacity`] and `seed` (if given) a [`seed`].
pub fn build(
    id: AlgoId,
    algo: BucketAlgo,
    config: &Config,
    nodes: &[NodeSpec],
    capacity: Option<usize>,
    seed: Option<usize>,
) -> Result<Box<dyn Placement>, BuildError> {
    id.spec().check_params(id, &config.algorithm.params)?;
    let params = config.algorithm.params;
    let capacity = capacity.map(|i| params.whole(i)).filter(|&c| c > 0);
    let seed = seed.map(|i| u64::from(params.whole(i)));
    let placement = BucketPlacement::fresh(id, algo, config, nodes, capacity, seed)?;
    Ok(Box::new(placement))
}

/// A bucket algorithm over named nodes.
#[derive(Clone, Debug)]
pub struct BucketPlacement {
    id: AlgoId,
    engine: BucketEngine,
    hash: HashFn,
    /// The node of each bucket number, `None` for a removed bucket.
    owners: Vec<Option<NodeIndex>>,
    nodes: u32,
}

impl BucketPlacement {
    /// `algo` (registered as `id`) over `nodes`, built afresh: node `i` on bucket `i`, with
    /// the capacity (AnchorHash, DxHash; `None`: as many buckets as nodes) and seed of the
    /// configuration's parameters.
    pub fn fresh(
        id: AlgoId,
        algo: BucketAlgo,
        config: &Config,
        nodes: &[NodeSpec],
        capacity: Option<u32>,
        seed: Option<u64>,
    ) -> Result<BucketPlacement, BuildError> {
        error::validate_nodes(nodes, 1)?;
        let count = u32::try_from(nodes.len())
            .map_err(|_| BuildError::TooManyNodes { count: nodes.len() })?;
        // Power's crate refuses a single bucket; over one node every key has that node,
        // which jump hash of one bucket (always 0) answers.
        let algo = if count < algo.spec().min_buckets {
            BucketAlgo::Jump
        } else {
            algo
        };
        if let Some(capacity) = capacity.filter(|&c| c < count) {
            return Err(BuildError::OverCapacity {
                algo: id,
                nodes: count,
                capacity,
            });
        }
        let engine = BucketEngine::new(algo, count, capacity, &[], seed).map_err(|_| {
            BuildError::OverCapacity {
                algo: id,
                nodes: count,
                capacity: capacity.unwrap_or(count),
            }
        })?;
        let mut owners: Vec<Option<NodeIndex>> = (0..count).map(Some).collect();
        owners.resize(engine.span() as usize, None);
        BucketPlacement::from_engine(id, engine, config.effective_hash(), owners)
    }

    /// The placement of an engine kept across changes: `owners[b]` is the node of bucket
    /// `b`, `None` exactly for the removed buckets, and every node `0..n` owns exactly one
    /// bucket. Refused (as [`BuildError::NoSuchNode`]) when the owners do not fit the engine.
    pub fn from_engine(
        id: AlgoId,
        engine: BucketEngine,
        hash: HashFn,
        owners: Vec<Option<NodeIndex>>,
    ) -> Result<BucketPlacement, BuildError> {
        let nodes = engine.working_count();
        let mut seen = vec![false; nodes as usize];
        let fits = owners.len() == engine.span() as usize
            && owners.iter().enumerate().all(|(b, owner)| {
                let working = engine.is_working(b as u32);
                match owner {
                    Some(n) if working => match seen.get_mut(*n as usize) {
                        Some(s) if !*s => {
                            *s = true;
                            true
                        }
                        _ => false,
                    },
                    None => !working,
                    Some(_) => false,
                }
            });
        if !fits {
            return Err(BuildError::NoSuchNode { index: nodes });
        }
        Ok(BucketPlacement {
            id,
            engine,
            hash,
            owners,
            nodes,
        })
    }

    /// The same engine with the buckets owned by `owners` instead (see
    /// [`BucketPlacement::from_engine`]): the same placement with its nodes renumbered.
    pub fn with_owners(
        &self,
        owners: Vec<Option<NodeIndex>>,
    ) -> Result<BucketPlacement, BuildError> {
        BucketPlacement::from_engine(self.id, self.engine.clone(), self.hash, owners)
    }

    /// The engine.
    pub fn engine(&self) -> &BucketEngine {
        &self.engine
    }

    /// The node of each bucket number, `None` for a removed bucket.
    pub fn owners(&self) -> &[Option<NodeIndex>] {
        &self.owners
    }

    /// This placement after node `node` leaves by the engine's removal of its bucket, the
    /// nodes after it renumbered down by one.
    pub fn without(&self, node: NodeIndex) -> Result<BucketPlacement, BuildError> {
        let bucket = self
            .owners
            .iter()
            .position(|&o| o == Some(node))
            .ok_or(BuildError::NoSuchNode { index: node })?;
        let mut engine = self.engine.clone();
        engine
            .remove(bucket as u32)
            .map_err(|_| BuildError::NoNodes)?;
        let mut owners: Vec<Option<NodeIndex>> = self
            .owners
            .iter()
            .map(|&o| match o {
                Some(o) if o == node => None,
                Some(o) if o > node => Some(o - 1),
                other => other,
            })
            .collect();
        // MementoHash's removal of its last bucket with nothing else removed shrinks n.
        owners.truncate(engine.span() as usize);
        BucketPlacement::from_engine(self.id, engine, self.hash, owners)
    }

    /// This placement with the bucket the engine gives back (the last removed, or a new
    /// one) owned by a new last node, `n`.
    pub fn with_restored(&self) -> Result<BucketPlacement, BuildError> {
        let mut engine = self.engine.clone();
        let overfull = || BuildError::OverCapacity {
            algo: self.id,
            nodes: self.nodes + 1,
            capacity: self.engine.span(),
        };
        let bucket = engine.restore().map_err(|_| overfull())? as usize;
        let mut owners = self.owners.clone();
        owners.resize((engine.span() as usize).max(owners.len()), None);
        *owners.get_mut(bucket).ok_or_else(overfull)? = Some(self.nodes);
        BucketPlacement::from_engine(self.id, engine, self.hash, owners)
    }

    /// The working bucket of a key whose hash is `position`, DxHash's "not found" taken to
    /// the lowest working bucket.
    fn bucket_of(&self, position: u64) -> u32 {
        let bucket = self.engine.bucket(position);
        if self.engine.is_working(bucket) {
            bucket
        } else {
            self.lowest_working()
        }
    }

    fn lowest_working(&self) -> u32 {
        self.owners.iter().position(Option::is_some).unwrap_or(0) as u32
    }

    fn owner_of(&self, bucket: u32) -> NodeIndex {
        // A working bucket has an owner (checked when built).
        self.owners
            .get(bucket as usize)
            .copied()
            .flatten()
            .unwrap_or(0)
    }
}

impl Placement for BucketPlacement {
    fn node_count(&self) -> u32 {
        self.nodes
    }

    fn space_bits(&self) -> u32 {
        self.hash.bits()
    }

    /// The configured hash of the key: the 64-bit key the reference's lookup receives.
    fn key_position(&self, key: &str) -> u64 {
        self.hash.hash_str(key)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.owner_of(self.bucket_of(self.key_position(key)))
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some(self.owner_of(self.bucket_of(position)))
    }

    fn as_buckets(&self) -> Option<&BucketPlacement> {
        Some(self)
    }

    fn explain(&self, key: &str) -> Explanation {
        let key = self.key_position(key);
        let (_, draws) = self.engine.bucket_path(key);
        let bucket = self.bucket_of(key);
        Explanation::Draws {
            key,
            draws,
            bucket,
            owner: self.owner_of(bucket),
        }
    }

    fn picture(&self) -> Picture {
        match self.engine.algo().removal() {
            Removal::LastOnly => Picture::Buckets { count: self.nodes },
            Removal::AnyWorking => Picture::BucketSet {
                owners: self.owners.clone(),
                removed: self.engine.removed(),
            },
        }
    }

    fn shares(&self) -> Vec<f64> {
        let n = self.nodes.max(1);
        vec![1.0 / f64::from(n); n as usize]
    }

    fn memory_bytes(&self) -> u64 {
        self.engine.memory_bytes()
    }

    /// The engines' own removal of the node's bucket (AnchorHash, DxHash, MementoHash):
    /// its keys go to working buckets and no other key moves, which a placement built over
    /// the shorter list would not do. `None` for the last-only algorithms, whose removal of
    /// the last bucket is the build over the shorter list.
    fn left(&self, node: NodeIndex) -> Option<Result<Box<dyn Placement>, BuildError>> {
        if self.engine.algo().removal() != Removal::AnyWorking {
            return None;
        }
        Some(
            self.without(node)
                .map(|p| Box::new(p) as Box<dyn Placement>),
        )
    }

    /// The last-only algorithms lose only their last bucket (and power keeps two); the
    /// others any node while one stays.
    fn check_removal(&self, node: NodeIndex) -> Result<(), BuildError> {
        if node >= self.nodes {
            return Err(BuildError::NoSuchNode { index: node });
        }
        let spec = self.engine.algo().spec();
        if spec.removal == Removal::LastOnly {
            let last = self.nodes - 1;
            if node != last {
                return Err(BuildError::RemovesOnlyLast {
                    algo: self.id,
                    index: node,
                    last,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::SplitMix64;
    use crate::trace::Draw;

    fn nodes(n: u32) -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("n{i}"), 100))
            .collect()
    }

    #[test]
    fn every_lookup_path_ends_at_the_answer() {
        for algo in BucketAlgo::ALL {
            for n in [1u32, 2, 3, 5, 8, 13, 100, 1000] {
                let Ok(mut engine) = BucketEngine::new(algo, n, None, &[], None) else {
                    continue;
                };
                if algo.removal() == Removal::AnyWorking && n > 4 {
                    engine.remove(1).unwrap();
                    engine.remove(n - 2).unwrap();
                }
                let mut rng = SplitMix64::new(u64::from(n));
                for _ in 0..2000 {
                    let key = rng.next_u64();
                    let (bucket, path) = engine.bucket_path(key);
                    assert_eq!(bucket, engine.bucket(key), "{algo} n={n} key={key}");
                    let last: Option<&Draw> = path.last();
                    if bucket != crate::dx::NOT_FOUND {
                        assert_eq!(
                            last.map(|d| d.bucket),
                            Some(bucket),
                            "{algo} n={n} key={key}"
                        );
                    }
                    for d in &path {
                        assert!(d.low <= d.bucket && d.bucket <= d.high, "{algo} {d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_kept_engine_moves_only_the_keys_of_the_node_that_left() {
        let config = Config::new(crate::Algorithm::new(AlgoId::Memento));
        let fresh = BucketPlacement::fresh(
            AlgoId::Memento,
            BucketAlgo::Memento,
            &config,
            &nodes(5),
            None,
            None,
        )
        .unwrap();
        let mut engine = fresh.engine().clone();
        engine.remove(1).unwrap();
        // Nodes 0, 2, 3, 4 are now indices 0, 1, 2, 3.
        let owners = vec![Some(0), None, Some(1), Some(2), Some(3)];
        let after =
            BucketPlacement::from_engine(AlgoId::Memento, engine, config.effective_hash(), owners)
                .unwrap();
        let renumber = [Some(0), None, Some(1), Some(2), Some(3)];
        for i in 0..5000 {
            let key = format!("key-{i}");
            let before = fresh.locate(&key);
            match renumber[before as usize] {
                Some(now) => assert_eq!(after.locate(&key), now, "{key}"),
                None => assert_ne!(after.locate(&key), 4, "{key}"),
            }
        }
    }

    #[test]
    fn a_leave_moves_only_its_keys_and_a_join_takes_back_the_bucket_removed_last() {
        for (id, algo, capacity) in [
            (AlgoId::Anchor, BucketAlgo::Anchor, Some(12)),
            (AlgoId::Dx, BucketAlgo::Dx, Some(12)),
            (AlgoId::Memento, BucketAlgo::Memento, None),
        ] {
            let config = Config::new(crate::Algorithm::new(id));
            let full =
                BucketPlacement::fresh(id, algo, &config, &nodes(8), capacity, None).unwrap();
            let gone = full.without(2).unwrap();
            let back = gone.with_restored().unwrap();
            for i in 0..4000 {
                let key = format!("key-{i}");
                let before = full.locate(&key);
                let during = gone.locate(&key);
                if before != 2 {
                    // Renumbered down past the node that left, and otherwise unmoved.
                    assert_eq!(during, before - u32::from(before > 2), "{id} {key}");
                }
                // The newcomer (index 7) owns bucket 2 again: every key of node 2 is its.
                let want = if before == 2 { 7 } else { during };
                assert_eq!(back.locate(&key), want, "{id} {key}");
            }
        }
    }

    #[test]
    fn owners_that_do_not_fit_the_engine_are_refused() {
        let engine = BucketEngine::new(BucketAlgo::Anchor, 3, Some(4), &[], None).unwrap();
        let hash = HashFn::Murmur3_64;
        let bad = [
            vec![Some(0), Some(1), Some(2)],
            vec![Some(0), Some(1), Some(2), Some(3)],
            vec![Some(0), Some(0), Some(2), None],
            vec![Some(0), Some(1), None, Some(2)],
        ];
        for owners in bad {
            assert!(
                BucketPlacement::from_engine(AlgoId::Anchor, engine.clone(), hash, owners.clone())
                    .is_err(),
                "{owners:?}"
            );
        }
        let good = vec![Some(2), Some(0), Some(1), None];
        assert!(BucketPlacement::from_engine(AlgoId::Anchor, engine, hash, good).is_ok());
    }

    #[test]
    fn one_node_takes_every_key_and_too_small_a_capacity_is_refused() {
        let config = Config::new(crate::Algorithm::new(AlgoId::Power));
        let one = BucketPlacement::fresh(
            AlgoId::Power,
            BucketAlgo::Power,
            &config,
            &nodes(1),
            None,
            None,
        )
        .unwrap();
        assert!((0..100).all(|i| one.locate(&format!("k{i}")) == 0));
        assert!(matches!(
            BucketPlacement::fresh(
                AlgoId::Anchor,
                BucketAlgo::Anchor,
                &config,
                &nodes(5),
                Some(4),
                None
            ),
            Err(BuildError::OverCapacity {
                capacity: 4,
                nodes: 5,
                ..
            })
        ));
    }
}
