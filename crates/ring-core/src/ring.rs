//! Hash rings: the sorted-points structure every ring algorithm shares ([`SortedRing`]), and
//! the seeds' own rings ([`Ring`]): one point per node, and virtual nodes under the naming
//! schemes the seeds use. A [`RingBuild`] builds the same [`Ring`] a bounded amount of work
//! at a time, for a caller that must not block (a page between two frames).

use crate::error::{self, BuildError, MAX_NODES, MAX_RING_POINTS};
use crate::hash::{java_md5_hex_signed, HashFn};
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint};
use crate::systems::MAX_SYSTEM_POINTS;
use crate::xxh64::xxh64;

mod build;
mod sorted;
pub(crate) use sorted::position_of;

use crate::registry::{
    self, AlgoDocs, AlgoId, AlgoSpec, Algorithm, ParamKind, ParamSpec, Picture as Drawn,
};
use crate::Config;
pub use build::RingBuild;
pub(crate) use build::POINT_WORK;
pub use sorted::count_points;
pub use sorted::SortedRing;
pub(crate) use sorted::{add_arcs, shares_of_arcs};

/// `virtual` in the registry.
pub static VIRTUAL: AlgoSpec = AlgoSpec {
    aliases: &["vnodes"],
    uses_weights: true,
    uses_vnodes: true,
    params: &[ParamSpec {
        key: "naming",
        flag: "naming",
        unit: "",
        kind: ParamKind::Choice {
            options: &NAMING_NAMES,
            default: 0,
        },
    }],
    work: registry::vnodes_per_node,
    shares_ring: Some(virtual_ring_build),
    ring_is_placement: true,
    names_virtual_nodes: true,
    ..AlgoSpec::plain("virtual", Drawn::Ring, build_virtual)
};

/// What `VIRTUAL` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static VIRTUAL_DOCS: AlgoDocs = AlgoDocs {
    description: "A ring with virtual nodes (see --naming, --vnodes)",
    source: "Karger et al. 1997; virtual nodes named as zouyq (2018), the notes 一致性哈希算法 and Pan Zihao's study name them",
    params: &["how virtual nodes are named: hash = name#i, dash = name-i, java-seed = name-<hash of name>-i"],
};

/// `single` in the registry.
pub static SINGLE_POINT: AlgoSpec = AlgoSpec {
    shares_ring: Some(single_point_ring_build),
    ring_is_placement: true,
    ..AlgoSpec::plain("single", Drawn::Ring, build_single_point)
};

/// What `SINGLE_POINT` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static SINGLE_POINT_DOCS: AlgoDocs = AlgoDocs {
    description: "A ring with one point per node",
    source: "the first Java ring of zouyq's blog post (2018)",
    params: &[],
};

/// The naming schemes' names, in [`Naming::ALL`]'s order.
const NAMING_NAMES: [&str; 3] = ["hash", "dash", "java-seed"];

fn build_virtual(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    let naming = Naming::of(&config.algorithm);
    let hash = config.effective_hash();
    Ok(Box::new(Ring::virtual_nodes(
        nodes,
        hash,
        naming,
        config.default_vnodes,
    )?))
}

fn build_single_point(
    config: &Config,
    nodes: &[NodeSpec],
) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Ring::single_point(
        nodes,
        config.effective_hash(),
    )?))
}

fn virtual_ring_build(config: &Config, nodes: &[NodeSpec]) -> Result<RingBuild, BuildError> {
    error::validate_nodes(nodes, config.default_vnodes)?;
    let naming = Naming::of(&config.algorithm);
    RingBuild::virtual_nodes(
        nodes,
        config.effective_hash(),
        naming,
        config.default_vnodes,
    )
}

fn single_point_ring_build(config: &Config, nodes: &[NodeSpec]) -> Result<RingBuild, BuildError> {
    error::validate_nodes(nodes, config.default_vnodes)?;
    RingBuild::single_point(nodes, config.effective_hash())
}

impl Algorithm {
    /// A ring with one point per node.
    pub fn single_point() -> Algorithm {
        Algorithm::new(AlgoId::SinglePoint)
    }

    /// A ring with virtual nodes named by `naming`.
    pub fn virtual_nodes(naming: Naming) -> Algorithm {
        Algorithm::new(AlgoId::Virtual).with(0, naming as usize as f64)
    }
}

crate::listed_enum! {
    /// How a virtual node's name is formed from its node's name and its number `i`; the point
    /// is the hash of that name.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Naming {
        /// `"name#i"`: seed 001 (`10.24.23.227#1`) and the paper of seed 003.
        Hash,
        /// `"name-i"`: the form ketama uses.
        Dash,
        /// `"name-<h>-i"` with `h` the node name's own hash, in decimal: seed 000's Java class
        /// (`ip + "-" + orginalHash + "-" + i`). With [`HashFn::JavaMd5Hex`], `h` is the signed
        /// Java int, exactly as the seed prints it.
        JavaSeed,
    }
}

impl Naming {
    /// The short name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        NAMING_NAMES[self as usize]
    }

    /// The naming a virtual-node [`Algorithm`] was given (`Hash` for any other).
    pub fn of(algorithm: &Algorithm) -> Naming {
        Naming::ALL
            .get(algorithm.params.choice(0))
            .copied()
            .unwrap_or(Naming::Hash)
    }

    /// The scheme called `name`, if any.
    pub fn parse(name: &str) -> Option<Naming> {
        Naming::ALL.into_iter().find(|n| n.name() == name.trim())
    }

    /// The name of virtual node `i` of `node`.
    pub fn vnode_name(self, node: &str, i: u32, hash: HashFn) -> String {
        let mut name = String::new();
        self.write_vnode_name(&mut name, node, self.own_hash(node, hash), i);
        name
    }

    /// The node's own hash that [`Naming::JavaSeed`] writes into every name (0 for the
    /// others, which do not use it).
    fn own_hash(self, node: &str, hash: HashFn) -> i64 {
        match (self, hash) {
            (Naming::JavaSeed, HashFn::JavaMd5Hex) => i64::from(java_md5_hex_signed(node)),
            (Naming::JavaSeed, other) => other.hash_str(node) as i64,
            _ => 0,
        }
    }

    /// Writes the name of virtual node `i` into `name` (cleared first), with the node's
    /// [`Naming::own_hash`] computed once by the caller: a ring of a million points then
    /// neither allocates a name nor hashes a node name per point.
    fn write_vnode_name(self, name: &mut String, node: &str, own: i64, i: u32) {
        let mut bytes = Vec::with_capacity(node.len() + 32);
        self.write_prefix(&mut bytes, node, own);
        push_decimal(&mut bytes, u64::from(i));
        // A node name and ASCII: always UTF-8.
        *name = String::from_utf8(bytes).unwrap_or_default();
    }

    /// Writes what every virtual node name of `node` starts with, all but the number, into
    /// `name` (cleared first): a build writes it once per node and each number after it.
    fn write_prefix(self, name: &mut Vec<u8>, node: &str, own: i64) {
        name.clear();
        name.extend_from_slice(node.as_bytes());
        match self {
            Naming::Hash => name.push(b'#'),
            Naming::Dash => name.push(b'-'),
            Naming::JavaSeed => {
                name.push(b'-');
                if own < 0 {
                    name.push(b'-');
                }
                push_decimal(name, own.unsigned_abs());
                name.push(b'-');
            }
        }
    }
}

/// Appends `value` in decimal, as `write!(name, "{value}")` does. Written here, with
/// [`increment_decimal`], because a ring's build names every point: `write!`'s formatting
/// machinery took about a third of making a point (`benches/peers.rs`, `peers_build`,
/// `ring-core` against `hashring`).
fn push_decimal(name: &mut Vec<u8>, value: u64) {
    if value >= 10 {
        push_decimal(name, value / 10);
    }
    name.push(b'0' + (value % 10) as u8);
}

/// Adds one to the decimal number that fills `name[start..]`.
#[inline]
fn increment_decimal(name: &mut Vec<u8>, start: usize) {
    for i in (start..name.len()).rev() {
        if name[i] == b'9' {
            name[i] = b'0';
        } else {
            name[i] += 1;
            return;
        }
    }
    name.insert(start, b'1');
}

/// [`HashFn::hash_str`] of a name held as bytes, which are always UTF-8 here (a node's
/// name and ASCII): only the Java hashes read characters, the others hash the bytes.
#[inline]
fn hash_name(hash: HashFn, name: &[u8]) -> u64 {
    match hash {
        HashFn::JavaString | HashFn::JavaMd5Hex => {
            std::str::from_utf8(name).map_or(0, |s| hash.hash_str(s))
        }
        _ => hash.hash_bytes(name),
    }
}

/// The seeds' rings: one point per node (seed 000's first class), or virtual nodes named by
/// a [`Naming`] scheme, each node with `vnodes × weight / 100` points (at least 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    hash: HashFn,
    layout: Layout,
    ring: SortedRing,
}

/// How a [`Ring`] places a node's points, kept so that a joining node is placed the same way.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layout {
    SinglePoint,
    Virtual {
        naming: Naming,
        default_vnodes: u32,
    },
    /// Envoy's ring hash (`crate::systems::envoy`): a node's points are `"<name>_<i>"` at
    /// XXH64 seed 0, as many as [`NodeSpec::vnodes`] says exactly (what Envoy's scaling
    /// gave that host, which may be none), and keys are hashed by XXH64 too. Every host's
    /// count depends on every weight, so such a ring is only ever built whole.
    Envoy,
}

impl Layout {
    /// Appends `node`'s points, owned by `owner`, to `points`.
    fn push_points(
        self,
        points: &mut Vec<RingPoint>,
        node: &NodeSpec,
        owner: NodeIndex,
        hash: HashFn,
    ) {
        let count = self.replica_count(node);
        let own = self.own_hash(node, hash);
        let mut name = Vec::with_capacity(node.name.len() + 32);
        self.push_replicas(points, node, owner, hash, own, 0..count, &mut name);
    }

    /// Appends the points of `node`'s replicas `replicas` (within `0 ..
    /// replica_count(node)`), owned by `owner`, to `points`: all of them at once, or a few
    /// at a time by a [`RingBuild`]. `own` is the node's [`Layout::own_hash`], computed once
    /// per node by the caller; `name` is a buffer kept across calls.
    #[allow(clippy::too_many_arguments)] // a node's replicas, and the state kept across calls
    fn push_replicas(
        self,
        points: &mut Vec<RingPoint>,
        node: &NodeSpec,
        owner: NodeIndex,
        hash: HashFn,
        own: i64,
        replicas: std::ops::Range<u32>,
        name: &mut Vec<u8>,
    ) {
        match self {
            Layout::SinglePoint => {
                if replicas.start == 0 && replicas.end > 0 {
                    points.push(RingPoint {
                        position: hash.hash_str(&node.name),
                        owner,
                        replica: 0,
                    });
                }
            }
            Layout::Virtual { naming, .. } => {
                naming.write_prefix(name, &node.name, own);
                let prefix = name.len();
                push_decimal(name, u64::from(replicas.start));
                for replica in replicas {
                    points.push(RingPoint {
                        position: hash_name(hash, name),
                        owner,
                        replica,
                    });
                    increment_decimal(name, prefix);
                }
            }
            Layout::Envoy => {
                name.clear();
                name.extend_from_slice(node.name.as_bytes());
                name.push(b'_');
                let prefix = name.len();
                push_decimal(name, u64::from(replicas.start));
                for replica in replicas {
                    points.push(RingPoint {
                        position: xxh64(name, 0),
                        owner,
                        replica,
                    });
                    increment_decimal(name, prefix);
                }
            }
        }
    }

    /// Whether a node's replica is at the same position in both layouts, whatever their
    /// counts: the same naming and hashing of points.
    fn names_points_as(self, other: Layout) -> bool {
        match (self, other) {
            (Layout::Virtual { naming: a, .. }, Layout::Virtual { naming: b, .. }) => a == b,
            (Layout::SinglePoint, Layout::SinglePoint) | (Layout::Envoy, Layout::Envoy) => true,
            _ => false,
        }
    }

    /// Where `key` goes on the ring.
    fn key_position(self, hash: HashFn, key: &str) -> u64 {
        match self {
            Layout::Envoy => xxh64(key.as_bytes(), 0),
            _ => hash.hash_str(key),
        }
    }

    /// The width of the ring's space.
    fn space_bits(self, hash: HashFn) -> u32 {
        match self {
            Layout::Envoy => 64,
            _ => hash.bits(),
        }
    }

    /// The most points the ring may hold: Envoy's largest ring, or the lab's limit.
    fn max_points(self) -> u64 {
        match self {
            Layout::Envoy => MAX_SYSTEM_POINTS,
            _ => MAX_RING_POINTS,
        }
    }

    /// The hash of `node`'s name that its virtual nodes' names carry ([`Naming::own_hash`];
    /// 0 when they carry none).
    fn own_hash(self, node: &NodeSpec, hash: HashFn) -> i64 {
        match self {
            Layout::SinglePoint | Layout::Envoy => 0,
            Layout::Virtual { naming, .. } => naming.own_hash(&node.name, hash),
        }
    }

    /// How many points `node` gets.
    fn replica_count(self, node: &NodeSpec) -> u32 {
        match self {
            Layout::SinglePoint => 1,
            Layout::Virtual { default_vnodes, .. } => {
                weighted_vnodes(node.vnodes.unwrap_or(default_vnodes), node.weight)
            }
            Layout::Envoy => node.vnodes.unwrap_or(0),
        }
    }

    /// How many points `node` gets, as a count to add up.
    fn point_count(self, node: &NodeSpec) -> u64 {
        u64::from(self.replica_count(node))
    }

    /// The virtual-node count a node without its own is checked against.
    fn default_vnodes(self) -> u32 {
        match self {
            Layout::SinglePoint | Layout::Envoy => 1,
            Layout::Virtual { default_vnodes, .. } => default_vnodes,
        }
    }
}

impl Ring {
    /// One point per node at `hash(name)`. Two nodes on one position: the first listed wins.
    pub fn single_point(nodes: &[NodeSpec], hash: HashFn) -> Result<Self, BuildError> {
        Self::with_layout(nodes, hash, Layout::SinglePoint)
    }

    /// Virtual nodes: node `n` gets `vnodes(n) × weight(n) / 100` points (rounded, at least
    /// 1), virtual node `i` at `hash(naming.vnode_name(n, i))`. Ties: the first listed node.
    pub fn virtual_nodes(
        nodes: &[NodeSpec],
        hash: HashFn,
        naming: Naming,
        default_vnodes: u32,
    ) -> Result<Self, BuildError> {
        let layout = Layout::Virtual {
            naming,
            default_vnodes,
        };
        Self::with_layout(nodes, hash, layout)
    }

    /// Built by a [`RingBuild`] run to its end: one way of building a ring, whether at once
    /// or in slices (the app carries one rather than two).
    fn with_layout(nodes: &[NodeSpec], hash: HashFn, layout: Layout) -> Result<Self, BuildError> {
        RingBuild::with_layout(nodes, hash, layout)?.finish()
    }

    /// The ring after `newcomer` joins at the end of the node list: its points are merged
    /// into the sorted ones ([`SortedRing::with_points_added`]), and the result equals a
    /// rebuild from the longer list. The newcomer is checked against the limits, but its
    /// name is not compared with the others', which this ring does not keep.
    pub fn with_joined(&self, newcomer: &NodeSpec) -> Result<Ring, BuildError> {
        error::validate_nodes(std::slice::from_ref(newcomer), self.layout.default_vnodes())?;
        let count = self.ring.node_count() as usize + 1;
        if count > MAX_NODES {
            return Err(BuildError::TooManyNodes { count });
        }
        // Checked before the newcomer's points are made, not only by the merge: 10,000
        // virtual nodes at weight 1,000,000 would be 100,000,000 points allocated first.
        let added = self.layout.point_count(newcomer);
        let total = self.ring.points().len() as u64 + added;
        if total > MAX_RING_POINTS {
            return Err(BuildError::TooManyPoints { points: total });
        }
        let mut points = Vec::with_capacity(added as usize);
        self.layout
            .push_points(&mut points, newcomer, self.ring.node_count(), self.hash);
        Ok(Ring {
            ring: self.ring.with_points_added(points, count as u32)?,
            ..*self
        })
    }

    /// The ring after node `node` leaves: its points are filtered out and the nodes after
    /// it renumbered down by one ([`SortedRing::without_owner`]); equal to a rebuild.
    pub fn with_left(&self, node: NodeIndex) -> Result<Ring, BuildError> {
        Ok(Ring {
            ring: self.ring.without_owner(node)?,
            ..*self
        })
    }

    /// The sorted points.
    pub fn sorted(&self) -> &SortedRing {
        &self.ring
    }
}

/// Keys hashed at once by [`Ring`]'s `assign` before they are looked up.
const ASSIGN_BLOCK: usize = 256;

/// `vnodes × weight / 100`, rounded to nearest, at least 1: weight 100 keeps the count.
pub fn weighted_vnodes(vnodes: u32, weight: u32) -> u32 {
    let scaled = (u64::from(vnodes) * u64::from(weight) + 50) / 100;
    scaled.clamp(1, u64::from(u32::MAX)) as u32
}

impl Placement for Ring {
    fn node_count(&self) -> u32 {
        self.ring.node_count()
    }

    fn space_bits(&self) -> u32 {
        self.ring.space_bits()
    }

    fn key_position(&self, key: &str) -> u64 {
        self.layout.key_position(self.hash, key)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.ring.owner(self.key_position(key))
    }

    /// Hashes a block of keys, then looks the block up: each loop stays small and hot, and
    /// the searches of a block no longer wait on a hash in between. In the browser,
    /// assigning 100,000 keys on a million-point ring one key at a time took 2.8× as long
    /// as hashing them all first and then placing them (10.8 vs 3.9 ms); in blocks it takes
    /// as long as that (8.1 vs 7.8 ms in one later run, BENCHMARKS.md), without keeping a
    /// position per key.
    fn assign(&self, keys: &[String]) -> Vec<NodeIndex> {
        let mut owners = Vec::with_capacity(keys.len());
        let mut positions = [0u64; ASSIGN_BLOCK];
        for block in keys.chunks(ASSIGN_BLOCK) {
            for (position, key) in positions.iter_mut().zip(block) {
                *position = self.layout.key_position(self.hash, key);
            }
            let hashed = positions.get(..block.len()).unwrap_or_default();
            owners.extend(hashed.iter().map(|&p| self.ring.owner(p)));
        }
        owners
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some(self.ring.owner(position))
    }

    fn owning_ring(&self) -> Option<&SortedRing> {
        Some(&self.ring)
    }

    fn joined(&self, newcomer: &NodeSpec) -> Option<Result<Box<dyn Placement>, BuildError>> {
        // Envoy's counts all change with a join: built again instead.
        if self.layout == Layout::Envoy {
            return None;
        }
        Some(
            self.with_joined(newcomer)
                .map(|r| Box::new(r) as Box<dyn Placement>),
        )
    }

    fn left(&self, node: NodeIndex) -> Option<Result<Box<dyn Placement>, BuildError>> {
        if self.layout == Layout::Envoy {
            return None;
        }
        Some(
            self.with_left(node)
                .map(|r| Box::new(r) as Box<dyn Placement>),
        )
    }

    fn explain(&self, key: &str) -> Explanation {
        self.ring.explain(self.key_position(key))
    }

    fn picture(&self) -> Picture {
        self.ring.picture()
    }

    fn shares(&self) -> Vec<f64> {
        self.ring.shares()
    }

    fn memory_bytes(&self) -> u64 {
        self.ring.memory_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::{build, Algorithm, Config};
    use std::collections::BTreeMap;

    #[test]
    fn names_hash_as_strings() {
        for hash in HashFn::ALL {
            for name in ["", "10.0.0.1:11211#7", "节点-12", "a-b-c"] {
                assert_eq!(
                    hash_name(hash, name.as_bytes()),
                    hash.hash_str(name),
                    "{hash:?}"
                );
            }
        }
        let mut name = b"n#".to_vec();
        push_decimal(&mut name, 0);
        for i in 1..=10_000u32 {
            increment_decimal(&mut name, 2);
            assert_eq!(name, format!("n#{i}").into_bytes());
        }
    }

    #[test]
    fn names_are_written_as_format_writes_them() {
        let mut name = String::new();
        for own in [0, 7, -7, 1_234_567_890, i64::MIN, i64::MAX] {
            for i in [0, 9, 10, 12_345, u32::MAX] {
                let expected = [format!("n#{i}"), format!("n-{i}"), format!("n-{own}-{i}")];
                for (naming, want) in Naming::ALL.into_iter().zip(expected) {
                    naming.write_vnode_name(&mut name, "n", own, i);
                    assert_eq!(name, want);
                }
            }
        }
    }

    /// Seed 000's `MD5.md5(s).hashCode()`, written out again from the seed's Java: the
    /// lowercase hex digest, then `String.hashCode` over its (ASCII) characters.
    fn seed_hash(s: &str) -> i32 {
        let hex = format!("{:x}", md5::compute(s.as_bytes()));
        hex.bytes()
            .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)))
    }

    /// Seed 000's lookup over its `TreeMap<Integer, ServerInfo>`: `circle.put` for every
    /// name in order (a later put replaces an equal key), then `tailMap(hash).firstKey()`.
    /// The seed's own code throws when the tail map is empty; the ring wraps to the first
    /// key, as the article's text says.
    fn tree_map_owner(circle: &BTreeMap<i32, usize>, key: &str) -> usize {
        let h = seed_hash(key);
        let (_, &owner) = circle
            .range(h..)
            .next()
            .or_else(|| circle.iter().next())
            .unwrap();
        owner
    }

    fn servers() -> Vec<NodeSpec> {
        (1..=5)
            .map(|i| NodeSpec::new(format!("192.168.1.{i}"), 100))
            .collect()
    }

    #[test]
    fn seed_000_single_point_ring() {
        let nodes = servers();
        let mut circle = BTreeMap::new();
        for (i, n) in nodes.iter().enumerate() {
            circle.insert(seed_hash(&n.name), i);
        }
        assert_eq!(
            circle.len(),
            5,
            "no two servers collide, so tie rules do not matter"
        );
        let config = Config::new(Algorithm::single_point()).with_hash(HashFn::JavaMd5Hex);
        let ring = build(&config, &nodes).unwrap();
        for i in 0..10 {
            // Java's `new Integer(i).toString()`.
            let key = i.to_string();
            assert_eq!(
                ring.locate(&key) as usize,
                tree_map_owner(&circle, &key),
                "key {key}"
            );
        }
        // The explanation walks to the same point the map found.
        for i in 0..10 {
            let key = i.to_string();
            let Explanation::RingWalk { point, owner, .. } = ring.explain(&key) else {
                panic!("a ring explains with a ring walk");
            };
            let p = ring.picture().ring_points()[point as usize];
            assert_eq!(owner, p.owner);
            let h = seed_hash(&key);
            let want = circle
                .range(h..)
                .next()
                .or_else(|| circle.iter().next())
                .map(|(&k, _)| k);
            assert_eq!(
                Some(java_md5_hex_signed(&nodes[p.owner as usize].name)),
                want
            );
        }
    }

    #[test]
    fn seed_000_virtual_ring() {
        let nodes = servers();
        let mut circle = BTreeMap::new();
        for (i, n) in nodes.iter().enumerate() {
            let original = seed_hash(&n.name);
            for v in 0..100 {
                circle.insert(seed_hash(&format!("{}-{original}-{v}", n.name)), i);
            }
        }
        assert_eq!(
            circle.len(),
            500,
            "no collisions among the 500 virtual nodes"
        );
        let config = Config::new(Algorithm::virtual_nodes(Naming::JavaSeed))
            .with_hash(HashFn::JavaMd5Hex)
            .with_vnodes(100);
        let ring = build(&config, &nodes).unwrap();
        assert_eq!(ring.picture().ring_points().len(), 500);
        for i in 0..100 {
            let key = i.to_string();
            assert_eq!(
                ring.locate(&key) as usize,
                tree_map_owner(&circle, &key),
                "key {key}"
            );
        }
    }

    #[test]
    fn java_seed_names_carry_the_signed_hash() {
        let signed = seed_hash("192.168.1.1");
        assert_eq!(
            Naming::JavaSeed.vnode_name("192.168.1.1", 0, HashFn::JavaMd5Hex),
            format!("192.168.1.1-{signed}-0")
        );
        assert_eq!(
            Naming::Hash.vnode_name("10.24.23.227", 1, HashFn::Md5),
            "10.24.23.227#1"
        );
        assert_eq!(Naming::Dash.vnode_name("a", 39, HashFn::Md5), "a-39");
        let h = HashFn::Fnv1_32.hash_str("n");
        assert_eq!(
            Naming::JavaSeed.vnode_name("n", 2, HashFn::Fnv1_32),
            format!("n-{h}-2")
        );
    }

    #[test]
    fn naming_names_round_trip() {
        for n in Naming::ALL {
            assert_eq!(Naming::parse(n.name()), Some(n));
        }
        assert_eq!(Naming::parse("slash"), None);
    }

    #[test]
    fn weighted_vnodes_rounds_and_keeps_one() {
        assert_eq!(weighted_vnodes(100, 100), 100);
        assert_eq!(weighted_vnodes(100, 250), 250);
        assert_eq!(weighted_vnodes(10, 15), 2); // 1.5 rounds up
        assert_eq!(weighted_vnodes(10, 14), 1);
        assert_eq!(weighted_vnodes(1, 1), 1); // never zero
        assert_eq!(weighted_vnodes(10_000, 1_000_000), 100_000_000);
    }

    #[test]
    fn virtual_ring_point_counts_and_limit() {
        let nodes = vec![
            NodeSpec::new("a", 100),
            NodeSpec::new("b", 300),
            NodeSpec::new("c", 100).with_vnodes(7),
        ];
        let ring = Ring::virtual_nodes(&nodes, HashFn::Murmur3_64, Naming::Hash, 10).unwrap();
        let mut counts = [0; 3];
        for p in ring.sorted().points() {
            counts[p.owner as usize] += 1;
            let name = Naming::Hash.vnode_name(
                &nodes[p.owner as usize].name,
                p.replica,
                HashFn::Murmur3_64,
            );
            assert_eq!(p.position, HashFn::Murmur3_64.hash_str(&name));
        }
        assert_eq!(counts, [10, 30, 7]);
        let heavy = vec![NodeSpec::new("a", 1_000_000)];
        assert!(matches!(
            Ring::virtual_nodes(&heavy, HashFn::Md5, Naming::Hash, 10_000),
            Err(BuildError::TooManyPoints { .. })
        ));
    }

    #[test]
    fn single_point_collision_keeps_the_first_listed() {
        // The 15-bit CRC hash collides easily; find two names on one position.
        let mut seen = std::collections::HashMap::new();
        let mut pair = None;
        for i in 0..100_000 {
            let name = format!("n{i}");
            let h = HashFn::Crc32Memcached.hash_str(&name);
            if let Some(first) = seen.insert(h, name.clone()) {
                pair = Some((first, name));
                break;
            }
        }
        let (a, b) = pair.unwrap();
        let ring = Ring::single_point(
            &[NodeSpec::new(a, 1), NodeSpec::new(b, 1)],
            HashFn::Crc32Memcached,
        )
        .unwrap();
        assert_eq!(ring.locate("anything"), 0);
        assert_eq!(ring.shares(), vec![1.0, 0.0]);
    }
}
