//! The common interface of every placement algorithm, and the one entry point that builds
//! any of them from a configuration.

use crate::error::{self, BuildError};
use crate::hash::HashFn;
pub use crate::registry::Algorithm;
use crate::ring;

/// A node's position in the slice given to [`build`].
pub type NodeIndex = u32;

/// A node as the caller describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeSpec {
    /// The node's name, hashed to place it (for example `"10.0.1.1:11211"`).
    pub name: String,
    /// Relative weight, at least 1. What it means depends on the algorithm: libketama's
    /// server memory, go-zero's percentage of `TopWeight` (100), a multiplier of the
    /// virtual-node count in percent (100 = as configured) for the virtual-node ring, a
    /// relative share for Maglev and rendezvous. Algorithms that cannot weigh ignore it.
    pub weight: u32,
    /// This node's own virtual-node count; `None` uses [`Config::default_vnodes`].
    pub vnodes: Option<u32>,
}

impl NodeSpec {
    /// A node with a name and a weight, using the default virtual-node count.
    pub fn new(name: impl Into<String>, weight: u32) -> Self {
        NodeSpec {
            name: name.into(),
            weight,
            vnodes: None,
        }
    }

    /// The same node with its own virtual-node count.
    pub fn with_vnodes(mut self, vnodes: u32) -> Self {
        self.vnodes = Some(vnodes);
        self
    }
}

/// A placement configuration: the algorithm, the hash and the default virtual-node count.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The algorithm and its parameters.
    pub algorithm: Algorithm,
    /// The hash of keys and node names, unless the algorithm fixes its own.
    pub hash: HashFn,
    /// Virtual nodes for a node that does not set its own count.
    pub default_vnodes: u32,
}

impl Config {
    /// A configuration with MurmurHash3 (64-bit) and 100 virtual nodes per node.
    pub fn new(algorithm: Algorithm) -> Self {
        Config {
            algorithm,
            hash: HashFn::Murmur3_64,
            default_vnodes: 100,
        }
    }

    /// The same configuration with another hash.
    pub fn with_hash(mut self, hash: HashFn) -> Self {
        self.hash = hash;
        self
    }

    /// The same configuration with another default virtual-node count.
    pub fn with_vnodes(mut self, vnodes: u32) -> Self {
        self.default_vnodes = vnodes;
        self
    }

    /// The hash actually used: the algorithm's own, or [`Config::hash`].
    pub fn effective_hash(&self) -> HashFn {
        self.algorithm.fixed_hash().unwrap_or(self.hash)
    }
}

/// One point on a ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RingPoint {
    /// Position in the hash space (`0 .. 2^space_bits`).
    pub position: u64,
    /// The node that owns the point.
    pub owner: NodeIndex,
    /// Which of the owner's points this is (the virtual-node number).
    pub replica: u32,
}

/// What a drawing of the placement needs.
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    /// Points on a ring of `2^space_bits` positions, sorted by position; a key belongs to
    /// the first point at or after its position, wrapping to the first point.
    Ring {
        /// Width of the hash space in bits.
        space_bits: u32,
        /// The points, sorted by position (ties in the order the lookup resolves them):
        /// shared with the ring they picture, whose points they are ([`SortedRing`]'s),
        /// so that a picture of Envoy's 8,388,608 points is no copy of 134 MB.
        ///
        /// [`SortedRing`]: crate::ring::SortedRing
        points: std::rc::Rc<Vec<RingPoint>>,
    },
    /// Numbered buckets (modulo, jump): node i is bucket i.
    Buckets {
        /// The number of buckets.
        count: u32,
    },
    /// Numbered buckets of which some are removed (AnchorHash, DxHash, MementoHash).
    BucketSet {
        /// Bucket b belongs to `owners[b]`, or to no node if it is removed.
        owners: Vec<Option<NodeIndex>>,
        /// The removed buckets, first removed first: the next node to join takes the last.
        /// (MementoHash's replacers show in a key's explanation, [`Explanation::Draws`].)
        removed: Vec<u32>,
    },
    /// A table whose entries name nodes (slot table, Maglev's lookup table).
    Table {
        /// Entry i is owned by `entries[i]`.
        entries: Vec<NodeIndex>,
    },
    /// No static structure: each key compares a score per node (rendezvous).
    Scores {
        /// The number of nodes.
        nodes: u32,
    },
}

impl Picture {
    /// The ring points, or an empty slice if the picture is not a ring.
    pub fn ring_points(&self) -> &[RingPoint] {
        match self {
            Picture::Ring { points, .. } => points,
            _ => &[],
        }
    }
}

/// How one key was placed, step by step, for a picture or a caption.
#[derive(Clone, Debug, PartialEq)]
pub enum Explanation {
    /// `hash % buckets`.
    Modulo {
        /// The key's hash.
        hash: u64,
        /// The node count.
        buckets: u32,
        /// The result, which is the owner.
        bucket: NodeIndex,
    },
    /// The clockwise walk from the key's position to the first point at or after it.
    RingWalk {
        /// The key's position on the ring.
        key_position: u64,
        /// Index (in [`Picture::Ring`]'s points) of the point that owns the key.
        point: u32,
        /// Whether the walk passed the top of the ring and wrapped to the first point.
        wrapped: bool,
        /// The owner.
        owner: NodeIndex,
    },
    /// Bounded loads: the ring walk, then the points skipped because their node was full.
    BoundedWalk {
        /// The key's position on the ring.
        key_position: u64,
        /// Indices of the points visited, in order; the last one took the key.
        visited: Vec<u32>,
        /// The owner.
        owner: NodeIndex,
    },
    /// A slot or table entry chosen by the hash.
    TableEntry {
        /// The key's hash.
        hash: u64,
        /// The entry (slot) index.
        entry: u32,
        /// The entry's owner.
        owner: NodeIndex,
    },
    /// Jump hash's candidate buckets, in the order the loop visited them.
    Jump {
        /// The 64-bit key fed to the loop.
        key: u64,
        /// Each bucket the loop stood on; the last is the answer.
        steps: Vec<u32>,
        /// The owner.
        owner: NodeIndex,
    },
    /// A bucket algorithm's candidates, in the order its lookup drew them (see
    /// [`crate::trace`]): the power-of-two ranges of JumpBackHash, FlipHash, BinomialHash
    /// and power, AnchorHash's retry chain, DxHash's probes, MementoHash's replacements.
    Draws {
        /// The 64-bit key the lookup received.
        key: u64,
        /// Each candidate and the range it was drawn from.
        draws: Vec<crate::trace::Draw>,
        /// The working bucket that took the key.
        bucket: u32,
        /// The owner.
        owner: NodeIndex,
    },
    /// Multi-probe: each probe of the key, the node point that follows it and the distance;
    /// the closest wins.
    Probes {
        /// The probes, in order.
        probes: Vec<crate::multiprobe::Probe>,
        /// The index in `probes` of the winning one.
        best: u32,
        /// The owner.
        owner: NodeIndex,
    },
    /// Rendezvous: every node's score for the key; the highest wins.
    Rendezvous {
        /// Score per node.
        scores: Vec<f64>,
        /// The owner.
        owner: NodeIndex,
    },
}

impl Explanation {
    /// The node the key belongs to.
    pub fn owner(&self) -> NodeIndex {
        match self {
            Explanation::Modulo { bucket, .. } => *bucket,
            Explanation::RingWalk { owner, .. }
            | Explanation::BoundedWalk { owner, .. }
            | Explanation::TableEntry { owner, .. }
            | Explanation::Jump { owner, .. }
            | Explanation::Draws { owner, .. }
            | Explanation::Probes { owner, .. }
            | Explanation::Rendezvous { owner, .. } => *owner,
        }
    }
}

/// The common interface of every placement algorithm. A `Placement` is immutable once built
/// and always has at least one node, so every key has an owner.
pub trait Placement {
    /// The number of nodes.
    fn node_count(&self) -> u32;

    /// Width in bits of the space [`Placement::key_position`] returns.
    fn space_bits(&self) -> u32;

    /// The key's hash as this algorithm uses it (its position on a ring, or the value that
    /// picks a slot, bucket or table entry).
    fn key_position(&self, key: &str) -> u64;

    /// The node that owns `key`. For bounded loads this is the key's first choice on the
    /// ring, before any cap applies; [`Placement::assign`] applies the cap.
    fn locate(&self, key: &str) -> NodeIndex;

    /// The owner of every key, in order. Bounded loads places the keys in this order,
    /// each on the first node clockwise that is below the cap.
    fn assign(&self, keys: &[String]) -> Vec<NodeIndex> {
        keys.iter().map(|k| self.locate(k)).collect()
    }

    /// Every key's [`Placement::key_position`], in order. Hash the keys once, keep the
    /// positions, and place the keys again after a change with
    /// [`Placement::assign_positions`]: positions stay valid for any placement built with
    /// the same algorithm and hash, whatever its nodes.
    fn key_positions(&self, keys: &[String]) -> Vec<u64> {
        keys.iter().map(|k| self.key_position(k)).collect()
    }

    /// The owner of a key at `position` when the position alone decides it. `None` when
    /// the owner also depends on the key's text (go-zero, on a position several points
    /// share) or when the algorithm does not say (the default).
    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        let _ = position;
        None
    }

    /// [`Placement::locate`] for a key whose position is already known; `position` must be
    /// the key's [`Placement::key_position`]. Hashes the key again only if the position
    /// alone does not decide the owner.
    fn locate_with_position(&self, key: &str, position: u64) -> NodeIndex {
        self.locate_position(position)
            .unwrap_or_else(|| self.locate(key))
    }

    /// [`Placement::assign`] with the keys' positions already known: `positions[i]` must be
    /// `key_position(&keys[i])` (from [`Placement::key_positions`]); a key without a
    /// position is hashed. Bounded loads applies its cap here too.
    fn assign_positions(&self, keys: &[String], positions: &[u64]) -> Vec<NodeIndex> {
        keys.iter()
            .enumerate()
            .map(|(i, key)| match positions.get(i) {
                Some(&p) => self.locate_with_position(key, p),
                None => self.locate(key),
            })
            .collect()
    }

    /// The ring whose points alone decide every key's owner (with the key's text for
    /// go-zero's tie-break): what [`crate::delta`] compares to find the keys a change can
    /// move. `None` for algorithms without one, and for bounded loads, whose cap makes a
    /// key's owner depend on the other keys.
    fn owning_ring(&self) -> Option<&ring::SortedRing> {
        None
    }

    /// The placement after `newcomer` joins at the end of the node list, computed from
    /// this one (a ring merges the newcomer's points in) and equal to [`build`] over the
    /// longer list. `None` if the algorithm has no such update: build again. The other
    /// nodes' names are not known here, so the caller checks the whole list with
    /// [`error::validate_nodes`] first (a repeated name is not caught).
    fn joined(&self, newcomer: &NodeSpec) -> Option<Result<Box<dyn Placement>, BuildError>> {
        let _ = newcomer;
        None
    }

    /// The placement after node `node` leaves (the nodes after it renumbered down by one),
    /// computed from this one and equal to [`build`] over the shorter list; except for
    /// the engines that remove any bucket (AnchorHash, DxHash, MementoHash), whose leave is
    /// their own removal, which keeps every other key where it was. `None` if the
    /// algorithm has no such update: build again.
    fn left(&self, node: NodeIndex) -> Option<Result<Box<dyn Placement>, BuildError>> {
        let _ = node;
        None
    }

    /// This placement as a bucket algorithm's ([`crate::bucket_placement`]), for a caller
    /// that keeps an engine's history of removals across changes; `None` for the others.
    fn as_buckets(&self) -> Option<&crate::bucket_placement::BucketPlacement> {
        None
    }

    /// Why this placement cannot take `key`, if it cannot: a real system refuses some keys
    /// (nginx an empty one, twemproxy one with a space). The others take every key.
    fn refuses(&self, key: &str) -> Option<crate::systems::KeyRefused> {
        let _ = key;
        None
    }

    /// The nodes that hold `key`'s copies, first the owner, where a real system says so by
    /// its own rule (Riak's next partitions, Cassandra's SimpleStrategy); `None` for the
    /// others, and for a key the system refuses.
    fn preference_list(&self, key: &str) -> Option<Vec<NodeIndex>> {
        let _ = key;
        None
    }

    /// The table entries that hold [`Placement::preference_list`]'s copies, in its order,
    /// where the picture is a table (Riak's partitions); `None` for the others.
    fn preference_entries(&self, key: &str) -> Option<Vec<u32>> {
        let _ = key;
        None
    }

    /// How `key` is placed, step by step.
    fn explain(&self, key: &str) -> Explanation;

    /// What a drawing needs: ring points, buckets or table entries.
    fn picture(&self) -> Picture;

    /// Each node's share of the hash space (its arcs, slots or table entries); sums to 1.
    fn shares(&self) -> Vec<f64>;

    /// Approximate bytes the lookup structure holds.
    fn memory_bytes(&self) -> u64;

    /// Whether a key past a ring's last point goes round to the first (a real system's
    /// ring may not: [`crate::systems::Locate::wraps`]). Off a ring, `true`.
    fn ring_wraps(&self) -> bool {
        true
    }

    /// Each node's points where they differ from the picture's
    /// ([`crate::systems::Locate::point_counts`]); `None`: count the picture's.
    fn own_point_counts(&self) -> Option<Vec<u32>> {
        None
    }

    /// Whether `node` can leave without the algorithm breaking its guarantees. Jump hash
    /// can only lose its last bucket and says so here; the others always can.
    fn check_removal(&self, node: NodeIndex) -> Result<(), BuildError> {
        if node < self.node_count() {
            Ok(())
        } else {
            Err(BuildError::NoSuchNode { index: node })
        }
    }
}

/// Builds the placement `config` describes over `nodes`, after checking every input
/// against the limits in [`error`]. Each algorithm builds itself ([`AlgoSpec::build`]).
///
/// [`AlgoSpec::build`]: crate::registry::AlgoSpec::build
pub fn build(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    error::validate_nodes(nodes, config.default_vnodes)?;
    (config.algorithm.spec().build)(config, nodes)
}
