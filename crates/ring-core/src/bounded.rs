//! Consistent hashing with bounded loads (Mirrokni, Thorup and Zadimoghaddam, SODA 2018),
//! over a virtual-node ring.
//!
//! - **Placement:** nodes sit on a ring of virtual nodes named `"name#i"` (as
//!   [`Naming::Hash`]). Placing `m` keys in order, each goes to the first point clockwise
//!   of its hash whose node holds fewer than `cap = ceil((1 + ε)·m / n)` keys; a full node
//!   passes the key on. No node ever holds more than `cap`.
//! - **Lookup cost:** a key's first choice is a binary search over the points, O(log P);
//!   placing a batch of `m` keys costs O(m log P + P) here, because full nodes' points are
//!   skipped through a union-find rather than walked one by one.
//! - **Memory:** the ring's points (16 bytes each) plus, while assigning, one word per point.
//! - **Join and leave:** a key's first choice changes exactly as on the plain ring (only
//!   keys next to the joining or leaving node's points); the cap adds a cascade of
//!   forwarded keys, and the paper bounds the expected number of keys that move per
//!   insertion or removal of a key or node by `O(1/ε²)`. The assignment depends on the
//!   order the keys arrive in.
//! - With a large ε (at most [`MAX_EPSILON`]) no node fills up and the result is the plain
//!   ring's.
//!
//! [`Placement::locate`] gives the first choice, before any cap: a single key in an empty
//! cluster. [`Placement::assign`] applies the cap to the whole batch, and
//! [`Bounded::assign_explained`] shows the walk of one key of a batch.

use crate::error::{self, BuildError, MAX_EPSILON};
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement};
use crate::registry::{
    self, AlgoDocs, AlgoId, AlgoSpec, Algorithm, ParamKind, ParamSpec, Picture as Drawn,
};
use crate::ring::{Naming, Ring, RingBuild, SortedRing};
use crate::Config;

/// `bounded` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec {
    uses_weights: true,
    uses_vnodes: true,
    params: &[ParamSpec {
        key: "eps",
        flag: "epsilon",
        unit: "",
        kind: ParamKind::Real {
            above: 0.0,
            max: MAX_EPSILON,
            default: 0.25,
        },
    }],
    work: registry::vnodes_per_node,
    shares_ring: Some(shares_ring),
    places_together: true,
    ..AlgoSpec::plain("bounded", Drawn::Ring, build_spec)
};

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "Consistent hashing with bounded loads over a virtual-node ring (see --epsilon)",
    source: "Mirrokni, Thorup and Zadimoghaddam 2018",
    params: &["the allowed overload ε: no node takes more than ceil((1 + ε) × mean) keys"],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    let epsilon = config.algorithm.params.get(0);
    let hash = config.effective_hash();
    Ok(Box::new(Bounded::new(
        nodes,
        hash,
        config.default_vnodes,
        epsilon,
    )?))
}

/// `Bounded::shares` are the shares of its virtual-node ring: the cap only matters to keys.
fn shares_ring(config: &Config, nodes: &[NodeSpec]) -> Result<RingBuild, BuildError> {
    let vnodes = config.default_vnodes;
    error::validate_nodes(nodes, vnodes)?;
    check_epsilon(config.algorithm.params.get(0))?;
    RingBuild::virtual_nodes(nodes, config.effective_hash(), Naming::Hash, vnodes)
}

impl Algorithm {
    /// Bounded loads with overload `epsilon`.
    pub fn bounded(epsilon: f64) -> Algorithm {
        Algorithm::new(AlgoId::Bounded).with(0, epsilon)
    }
}

/// Refuses an ε that is not a number in `(0, MAX_EPSILON]`. [`Bounded::new`] checks it
/// between the node list and the ring, and so does the study's resumable cell, which builds
/// the same ring for the same shares.
pub(crate) fn check_epsilon(epsilon: f64) -> Result<(), BuildError> {
    if epsilon > 0.0 && epsilon <= MAX_EPSILON {
        Ok(())
    } else {
        Err(BuildError::BadEpsilon { epsilon })
    }
}

/// The most of `items` one of `nodes` nodes may take under overload `epsilon`:
/// `ceil((1 + ε)·items / n)`, and never less than `ceil(items / n)`, so every item finds
/// room. A product within a relative 1e-9 above a whole number counts as that number, so
/// that ε = 0.1 over 10 keys on one node gives 11 although `1.1` is stored slightly above
/// 1.1. [`Bounded::cap`] caps keys with it, and [`crate::traffic`] the requests of a time
/// bucket.
pub fn cap(epsilon: f64, items: u64, nodes: u32) -> u64 {
    let n = u64::from(nodes.max(1));
    let exact = (1.0 + epsilon) * items as f64 / n as f64;
    let floor = exact.floor();
    let rounded = if exact - floor <= 1e-9 * exact.max(1.0) {
        floor
    } else {
        floor + 1.0
    };
    // `as` saturates: a float beyond u64 becomes u64::MAX, which is no cap at all.
    (rounded as u64).max(items.div_ceil(n))
}

/// Consistent hashing with bounded loads over a virtual-node ring.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounded {
    hash: HashFn,
    epsilon: f64,
    vnodes: Ring,
}

impl Bounded {
    /// The ring of [`Ring::virtual_nodes`] with [`Naming::Hash`], `default_vnodes` per node
    /// unless a node sets its own, scaled by weight; `epsilon` must be a number in
    /// `(0, MAX_EPSILON]`.
    pub fn new(
        nodes: &[NodeSpec],
        hash: HashFn,
        default_vnodes: u32,
        epsilon: f64,
    ) -> Result<Self, BuildError> {
        error::validate_nodes(nodes, default_vnodes)?;
        check_epsilon(epsilon)?;
        let vnodes = Ring::virtual_nodes(nodes, hash, Naming::Hash, default_vnodes)?;
        Ok(Bounded {
            hash,
            epsilon,
            vnodes,
        })
    }

    /// The placement after `newcomer` joins at the end of the node list: its points are
    /// merged into the ring ([`Ring::with_joined`]); equal to a rebuild.
    pub fn with_joined(&self, newcomer: &NodeSpec) -> Result<Bounded, BuildError> {
        Ok(Bounded {
            vnodes: self.vnodes.with_joined(newcomer)?,
            ..*self
        })
    }

    /// The placement after node `node` leaves ([`Ring::with_left`]); equal to a rebuild.
    pub fn with_left(&self, node: NodeIndex) -> Result<Bounded, BuildError> {
        Ok(Bounded {
            vnodes: self.vnodes.with_left(node)?,
            ..*self
        })
    }

    /// The allowed overload ε.
    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }

    /// The ring the keys walk.
    pub fn ring(&self) -> &SortedRing {
        self.vnodes.sorted()
    }

    /// The most keys a node may hold when `keys` keys are placed ([`cap`] over this ring's
    /// nodes).
    pub fn cap(&self, keys: u64) -> u64 {
        cap(self.epsilon, keys, self.ring().node_count())
    }

    /// Places `keys` in order under the cap and also returns the walk of key `index`:
    /// which points it visited before one took it. `None` for the walk if `index` is not a
    /// key's index.
    pub fn assign_explained(
        &self,
        keys: &[String],
        index: usize,
    ) -> (Vec<NodeIndex>, Option<Explanation>) {
        let positions = self.key_positions(keys);
        self.place(&positions, index)
    }

    /// Places keys at `positions` in order under the cap, with the walk of key `index`.
    fn place(&self, positions: &[u64], index: usize) -> (Vec<NodeIndex>, Option<Explanation>) {
        let cap = self.cap(positions.len() as u64);
        let mut loads = vec![0u64; self.ring().node_count() as usize];
        let mut skipper = Skipper::new(self.ring());
        let mut walk = None;
        let owners = positions
            .iter()
            .enumerate()
            .map(|(i, &position)| {
                if i == index {
                    walk = Some(self.walk(position, &loads, cap));
                }
                let point = skipper.first_open(self.ring().successor(position).0);
                let owner = self.ring().point(point).owner;
                if let Some(load) = loads.get_mut(owner as usize) {
                    *load += 1;
                    if *load >= cap {
                        skipper.close_node(owner);
                    }
                }
                owner
            })
            .collect();
        (owners, walk)
    }

    /// The walk of a key at `position` given the current loads: each point from the key's
    /// successor on, until one whose node is below `cap`.
    fn walk(&self, position: u64, loads: &[u64], cap: u64) -> Explanation {
        let (start, _) = self.ring().successor(position);
        let len = self.ring().points().len() as u32;
        let mut visited = Vec::new();
        for step in 0..len {
            let index = (start + step) % len;
            visited.push(index);
            let owner = self.ring().point(index).owner;
            if loads.get(owner as usize).copied().unwrap_or(0) < cap {
                return Explanation::BoundedWalk {
                    key_position: position,
                    visited,
                    owner,
                };
            }
        }
        // Every node full cannot happen under the cap; fall back to the first choice.
        Explanation::BoundedWalk {
            key_position: position,
            visited: vec![start],
            owner: self.ring().point(start).owner,
        }
    }
}

/// Skips the points of full nodes: each point links to itself while its node has room,
/// and to the next point once its node is full; finding the first open point follows the
/// links with path halving. Everything is full only if every node is, which the cap rules
/// out while keys remain, so the search is also bounded by a count.
struct Skipper {
    next: Vec<u32>,
    points_of: Vec<Vec<u32>>,
    open_nodes: u32,
}

impl Skipper {
    fn new(ring: &SortedRing) -> Self {
        let len = ring.points().len();
        let mut points_of = vec![Vec::new(); ring.node_count() as usize];
        for (i, p) in ring.points().iter().enumerate() {
            if let Some(list) = points_of.get_mut(p.owner as usize) {
                list.push(i as u32);
            }
        }
        Skipper {
            next: (0..len as u32).collect(),
            open_nodes: ring.node_count(),
            points_of,
        }
    }

    fn close_node(&mut self, node: NodeIndex) {
        let len = self.next.len() as u32;
        if let Some(points) = self.points_of.get(node as usize) {
            for &p in points {
                self.next[p as usize] = (p + 1) % len;
            }
            self.open_nodes = self.open_nodes.saturating_sub(1);
        }
    }

    /// The first point at or after `start` (clockwise) whose node has room; `start` itself
    /// if every node is full.
    fn first_open(&mut self, start: u32) -> u32 {
        if self.open_nodes == 0 {
            return start;
        }
        let mut p = start;
        loop {
            let q = self.next[p as usize];
            if q == p {
                return p;
            }
            let r = self.next[q as usize];
            self.next[p as usize] = r;
            p = r;
        }
    }
}

impl Placement for Bounded {
    fn node_count(&self) -> u32 {
        self.ring().node_count()
    }

    fn space_bits(&self) -> u32 {
        self.ring().space_bits()
    }

    fn key_position(&self, key: &str) -> u64 {
        self.hash.hash_str(key)
    }

    /// The key's first choice on the ring, as if it were alone: no cap applies.
    fn locate(&self, key: &str) -> NodeIndex {
        self.ring().owner(self.key_position(key))
    }

    /// Keys in order, each to the first point clockwise whose node is below the cap.
    fn assign(&self, keys: &[String]) -> Vec<NodeIndex> {
        self.assign_explained(keys, usize::MAX).0
    }

    /// The first choice, as [`Placement::locate`].
    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some(self.ring().owner(position))
    }

    /// As [`Placement::assign`], under the cap, from known positions (a key without one
    /// is hashed).
    fn assign_positions(&self, keys: &[String], positions: &[u64]) -> Vec<NodeIndex> {
        if positions.len() >= keys.len() {
            self.place(positions.get(..keys.len()).unwrap_or(positions), usize::MAX)
                .0
        } else {
            self.assign(keys)
        }
    }

    fn joined(&self, newcomer: &NodeSpec) -> Option<Result<Box<dyn Placement>, BuildError>> {
        Some(
            self.with_joined(newcomer)
                .map(|b| Box::new(b) as Box<dyn Placement>),
        )
    }

    fn left(&self, node: NodeIndex) -> Option<Result<Box<dyn Placement>, BuildError>> {
        Some(
            self.with_left(node)
                .map(|b| Box::new(b) as Box<dyn Placement>),
        )
    }

    /// The walk of a single key in an empty cluster: just its first point.
    fn explain(&self, key: &str) -> Explanation {
        let position = self.key_position(key);
        let loads = vec![0u64; self.ring().node_count() as usize];
        self.walk(position, &loads, self.cap(1))
    }

    fn picture(&self) -> Picture {
        self.ring().picture()
    }

    /// The ring's arcs, the shares before any cap.
    fn shares(&self) -> Vec<f64> {
        self.ring().shares()
    }

    fn memory_bytes(&self) -> u64 {
        self.ring().memory_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn specs(n: u32) -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("10.0.0.{i}"), 100))
            .collect()
    }

    fn keys(m: u32) -> Vec<String> {
        (0..m).map(|i| format!("object-{i}")).collect()
    }

    /// The algorithm as the paper states it, walking point by point with no shortcuts.
    fn naive_assign(ring: &SortedRing, hash: HashFn, keys: &[String], cap: u64) -> Vec<NodeIndex> {
        let points = ring.points();
        let mut loads = vec![0u64; ring.node_count() as usize];
        keys.iter()
            .map(|k| {
                let h = hash.hash_str(k);
                let start = points.iter().position(|p| p.position >= h).unwrap_or(0);
                let owner = (0..points.len())
                    .map(|d| points[(start + d) % points.len()].owner)
                    .find(|&o| loads[o as usize] < cap)
                    .unwrap();
                loads[owner as usize] += 1;
                owner
            })
            .collect()
    }

    #[test]
    fn cap_is_the_ceiling_of_the_overloaded_mean() {
        let b = Bounded::new(&specs(4), HashFn::Murmur3_64, 10, 0.25).unwrap();
        // (1.25 × 100) / 4 = 31.25 -> 32; (1.25 × 16) / 4 = 5 exactly.
        assert_eq!(b.cap(100), 32);
        assert_eq!(b.cap(16), 5);
        assert_eq!(b.cap(0), 0);
        assert_eq!(b.cap(1), 1);
        let one = Bounded::new(&specs(1), HashFn::Murmur3_64, 10, 0.1).unwrap();
        assert_eq!(one.cap(10), 11);
        let tiny = Bounded::new(&specs(3), HashFn::Murmur3_64, 10, 1e-12).unwrap();
        assert_eq!(tiny.cap(10), 4);
        assert_eq!(tiny.cap(9), 3);
    }

    #[test]
    fn rejects_bad_epsilon() {
        for epsilon in [0.0, -1.0, f64::NAN, f64::INFINITY, MAX_EPSILON * 1.01] {
            match Bounded::new(&specs(3), HashFn::Murmur3_64, 10, epsilon) {
                Err(BuildError::BadEpsilon { .. }) => {}
                other => panic!("{epsilon}: {other:?}"),
            }
        }
        assert!(Bounded::new(&specs(3), HashFn::Murmur3_64, 10, MAX_EPSILON).is_ok());
    }

    #[test]
    fn matches_the_naive_walk() {
        for (n, m, eps) in [(5, 200, 0.1), (3, 1000, 0.01), (8, 37, 0.5), (1, 10, 0.3)] {
            let b = Bounded::new(&specs(n), HashFn::Murmur3_64, 20, eps).unwrap();
            let keys = keys(m);
            let want = naive_assign(b.ring(), HashFn::Murmur3_64, &keys, b.cap(u64::from(m)));
            assert_eq!(b.assign(&keys), want, "n = {n}, m = {m}, ε = {eps}");
        }
    }

    #[test]
    fn the_walk_of_a_key_ends_at_its_owner() {
        let b = Bounded::new(&specs(4), HashFn::Murmur3_64, 5, 0.05).unwrap();
        let keys = keys(400);
        let (owners, _) = b.assign_explained(&keys, usize::MAX);
        let mut forwarded = 0;
        for i in 0..keys.len() {
            let (again, walk) = b.assign_explained(&keys, i);
            assert_eq!(again, owners);
            match walk {
                Some(Explanation::BoundedWalk {
                    key_position,
                    visited,
                    owner,
                }) => {
                    assert_eq!(key_position, HashFn::Murmur3_64.hash_str(&keys[i]));
                    assert_eq!(owner, owners[i]);
                    let last = *visited.last().unwrap();
                    assert_eq!(b.ring().point(last).owner, owner);
                    assert_eq!(visited[0], b.ring().successor(key_position).0);
                    forwarded += usize::from(visited.len() > 1);
                }
                other => panic!("key {i}: {other:?}"),
            }
        }
        // With ε = 0.05 and 5 points per node some keys must have been passed on.
        assert!(forwarded > 0);
        assert_eq!(b.assign_explained(&keys, 400).1, None);
    }

    #[test]
    fn a_lone_key_goes_to_its_first_point() {
        let b = Bounded::new(&specs(6), HashFn::Fnv1a_32, 10, 0.2).unwrap();
        for key in ["a", "b", "c", "hello"] {
            let position = u64::from(crate::hash::fnv1a_32(key.as_bytes()));
            let (point, _) = b.ring().successor(position);
            assert_eq!(
                b.explain(key),
                Explanation::BoundedWalk {
                    key_position: position,
                    visited: vec![point],
                    owner: b.ring().point(point).owner,
                }
            );
            assert_eq!(b.locate(key), b.ring().point(point).owner);
        }
    }

    #[test]
    fn ring_is_the_hash_named_virtual_node_ring() {
        let nodes = specs(3);
        let b = Bounded::new(&nodes, HashFn::Md5, 7, 1.0).unwrap();
        let plain = Ring::virtual_nodes(&nodes, HashFn::Md5, Naming::Hash, 7).unwrap();
        assert_eq!(b.picture(), plain.picture());
        assert_eq!(b.shares(), plain.shares());
        let first = b
            .ring()
            .points()
            .iter()
            .find(|p| p.owner == 0 && p.replica == 3)
            .unwrap();
        assert_eq!(
            first.position,
            u64::from(crate::hash::md5_le32(b"10.0.0.0#3"))
        );
    }

    proptest! {
        #[test]
        fn no_node_exceeds_the_cap_and_every_key_is_placed(
            n in 1u32..8,
            m in 0u32..300,
            eps in 0.001f64..2.0,
            vnodes in 1u32..20,
        ) {
            let b = Bounded::new(&specs(n), HashFn::Murmur3_64, vnodes, eps).unwrap();
            let keys = keys(m);
            let owners = b.assign(&keys);
            prop_assert_eq!(owners.len(), keys.len());
            let cap = b.cap(u64::from(m));
            let mut loads = vec![0u64; n as usize];
            for &o in &owners {
                prop_assert!(o < n);
                loads[o as usize] += 1;
            }
            prop_assert!(loads.iter().all(|&l| l <= cap), "{loads:?} over {cap}");
            let want = naive_assign(b.ring(), HashFn::Murmur3_64, &keys, cap);
            prop_assert_eq!(owners, want);
        }

        #[test]
        fn a_large_epsilon_is_the_plain_ring(n in 1u32..8, m in 0u32..300) {
            let nodes = specs(n);
            let b = Bounded::new(&nodes, HashFn::Murmur3_64, 10, 100.0).unwrap();
            let plain = Ring::virtual_nodes(&nodes, HashFn::Murmur3_64, Naming::Hash, 10).unwrap();
            let keys = keys(m);
            let want: Vec<NodeIndex> = keys.iter().map(|k| plain.locate(k)).collect();
            prop_assert_eq!(b.assign(&keys), want);
        }
    }
}
