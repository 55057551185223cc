//! Hash rings: the sorted-points structure every ring algorithm shares ([`SortedRing`]), and
//! the seeds' own rings ([`Ring`]): one point per node, and virtual nodes under the naming
//! schemes the seeds use.

use crate::error::{BuildError, MAX_RING_POINTS};
use crate::hash::{java_md5_hex_signed, HashFn};
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint};

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

impl Naming {
    /// Every naming scheme.
    pub const ALL: [Naming; 3] = [Naming::Hash, Naming::Dash, Naming::JavaSeed];

    /// The short name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Naming::Hash => "hash",
            Naming::Dash => "dash",
            Naming::JavaSeed => "java-seed",
        }
    }

    /// The scheme called `name`, if any.
    pub fn parse(name: &str) -> Option<Naming> {
        Naming::ALL.into_iter().find(|n| n.name() == name.trim())
    }

    /// The name of virtual node `i` of `node`.
    pub fn vnode_name(self, node: &str, i: u32, hash: HashFn) -> String {
        match self {
            Naming::Hash => format!("{node}#{i}"),
            Naming::Dash => format!("{node}-{i}"),
            Naming::JavaSeed => {
                let own = match hash {
                    HashFn::JavaMd5Hex => i64::from(java_md5_hex_signed(node)),
                    other => other.hash_str(node) as i64,
                };
                format!("{node}-{own}-{i}")
            }
        }
    }
}

/// Points sorted by position, with the lookup every ring uses: a key belongs to the first
/// point at or after its position, wrapping past the top to the first point. Among points
/// at the same position, the first in the vector wins; constructors order ties as the
/// implementation they copy does.
#[derive(Clone, Debug, PartialEq)]
pub struct SortedRing {
    space_bits: u32,
    node_count: u32,
    points: Vec<RingPoint>,
}

impl SortedRing {
    /// Sorts `points` by position, keeping the given order among equal positions.
    /// `points` must not be empty (the constructors check node lists first).
    pub fn new(mut points: Vec<RingPoint>, space_bits: u32, node_count: u32) -> Result<Self, BuildError> {
        if points.is_empty() {
            return Err(BuildError::NoNodes);
        }
        points.sort_by_key(|p| p.position);
        Ok(SortedRing {
            space_bits,
            node_count,
            points,
        })
    }

    /// The points, sorted.
    pub fn points(&self) -> &[RingPoint] {
        &self.points
    }

    /// Width of the hash space in bits.
    pub fn space_bits(&self) -> u32 {
        self.space_bits
    }

    /// The number of nodes.
    pub fn node_count(&self) -> u32 {
        self.node_count
    }

    /// Index of the first point at or after `position`, and whether the search wrapped.
    pub fn successor(&self, position: u64) -> (u32, bool) {
        let i = self.points.partition_point(|p| p.position < position);
        if i == self.points.len() {
            (0, true)
        } else {
            (i as u32, false)
        }
    }

    /// The point at index `i` (wrapping), used by walks that go on past the owner.
    pub fn point(&self, i: u32) -> RingPoint {
        self.points[i as usize % self.points.len()]
    }

    /// The owner of `position`.
    pub fn owner(&self, position: u64) -> NodeIndex {
        self.point(self.successor(position).0).owner
    }

    /// The walk from `position` to its owner.
    pub fn explain(&self, position: u64) -> Explanation {
        let (point, wrapped) = self.successor(position);
        Explanation::RingWalk {
            key_position: position,
            point,
            wrapped,
            owner: self.point(point).owner,
        }
    }

    /// Each node's share of the space: a point owns the arc from the previous point
    /// (exclusive) to itself (inclusive).
    pub fn shares(&self) -> Vec<f64> {
        let mut arcs = vec![0u128; self.node_count as usize];
        let space: u128 = 1u128 << self.space_bits;
        let n = self.points.len();
        for (i, p) in self.points.iter().enumerate() {
            let prev = self.points[(i + n - 1) % n].position;
            let arc = if n == 1 {
                space
            } else {
                (u128::from(p.position) + space - u128::from(prev)) % space
            };
            if let Some(a) = arcs.get_mut(p.owner as usize) {
                *a += arc;
            }
        }
        arcs.iter().map(|&a| a as f64 / space as f64).collect()
    }

    /// The picture of the ring.
    pub fn picture(&self) -> Picture {
        Picture::Ring {
            space_bits: self.space_bits,
            points: self.points.clone(),
        }
    }

    /// Bytes held: one position, owner and replica number per point.
    pub fn memory_bytes(&self) -> u64 {
        (self.points.len() * std::mem::size_of::<RingPoint>()) as u64
    }
}

/// The seeds' rings: one point per node (seed 000's first class), or virtual nodes named by
/// a [`Naming`] scheme, each node with `vnodes × weight / 100` points (at least 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    hash: HashFn,
    ring: SortedRing,
}

impl Ring {
    /// One point per node at `hash(name)`. Two nodes on one position: the first listed wins.
    pub fn single_point(nodes: &[NodeSpec], hash: HashFn) -> Result<Self, BuildError> {
        let points = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| RingPoint {
                position: hash.hash_str(&n.name),
                owner: i as NodeIndex,
                replica: 0,
            })
            .collect();
        Ok(Ring {
            hash,
            ring: SortedRing::new(points, hash.bits(), nodes.len() as u32)?,
        })
    }

    /// Virtual nodes: node `n` gets `vnodes(n) × weight(n) / 100` points (rounded, at least
    /// 1), virtual node `i` at `hash(naming.vnode_name(n, i))`. Ties: the first listed node.
    pub fn virtual_nodes(
        nodes: &[NodeSpec],
        hash: HashFn,
        naming: Naming,
        default_vnodes: u32,
    ) -> Result<Self, BuildError> {
        let counts: Vec<u32> = nodes
            .iter()
            .map(|n| weighted_vnodes(n.vnodes.unwrap_or(default_vnodes), n.weight))
            .collect();
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if total > MAX_RING_POINTS {
            return Err(BuildError::TooManyPoints { points: total });
        }
        let mut points = Vec::with_capacity(total as usize);
        for (owner, (node, &count)) in nodes.iter().zip(&counts).enumerate() {
            for replica in 0..count {
                points.push(RingPoint {
                    position: hash.hash_str(&naming.vnode_name(&node.name, replica, hash)),
                    owner: owner as NodeIndex,
                    replica,
                });
            }
        }
        Ok(Ring {
            hash,
            ring: SortedRing::new(points, hash.bits(), nodes.len() as u32)?,
        })
    }

    /// The sorted points.
    pub fn sorted(&self) -> &SortedRing {
        &self.ring
    }
}

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
        self.hash.hash_str(key)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.ring.owner(self.key_position(key))
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
