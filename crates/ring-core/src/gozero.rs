//! go-zero's ring (`core/hash/consistenthash.go`, seed 004), exact to its code.
//!
//! - Node `n`'s virtual node `i` sits at MurmurHash3 x64_128 h1 (seed 0) of
//!   `repr(n) + strconv.Itoa(i)`, with no separator; a node's `repr` is its name.
//! - The ring keeps `replicas` (raised to [`MIN_REPLICAS`] if lower). `AddWithWeight(node, w)`
//!   gives the node `replicas * w / TopWeight` virtual nodes in Go's integer division, and
//!   `AddWithReplicas` caps any count at `replicas`, so weights above [`TOP_WEIGHT`] count
//!   as [`TOP_WEIGHT`].
//! - Equal points are all kept, in the order they were added. A key landing on a position
//!   several nodes share goes to `nodes[h1("16777619:" + key) % len]`.
//!
//! A [`NodeSpec`] maps onto go-zero's calls as: no own virtual-node count →
//! `AddWithWeight(name, weight)`; an own count `r` → `AddWithReplicas(name, r)`, where go-zero
//! ignores weight. The nodes are added in the order given.
//!
//! - **Lookup cost:** one MurmurHash3 and a binary search, O(log P); a second hash only when
//!   the position is shared.
//! - **Memory:** one [`RingPoint`] per virtual node.
//! - **Join, leave, reweight:** a node's points depend only on its own name and count, so a
//!   join moves keys only onto the newcomer, a leave only the leaver's keys, a reweight only
//!   keys onto or off the reweighted node. (A key on a position three or more nodes share
//!   can move between the others when one of them leaves, as go-zero's `% len` changes;
//!   distinct names almost never share 64-bit positions, but names that run into each other
//!   do: `"localhost:1" + "10"` and `"localhost:11" + "0"` are both `"localhost:110"`.)
//!
//! ```
//! use ring_core::gozero::GoZeroRing;
//! use ring_core::{NodeSpec, Placement};
//!
//! let nodes: Vec<NodeSpec> = (0..20).map(|i| NodeSpec::new(format!("localhost:{i}"), 100)).collect();
//! let ring = GoZeroRing::new(&nodes, 100).unwrap();
//! assert_eq!(ring.locate("1000"), 15);
//! ```

use crate::error::{self, BuildError, MAX_NODES, MAX_RING_POINTS, MAX_VNODES};
use crate::hash::murmur3_x64_128;
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint};
use crate::registry::{
    AlgoDocs, AlgoId, AlgoSpec, Algorithm, HashUse, ParamKind, ParamSpec, Picture as Drawn,
};
use crate::ring::SortedRing;
use crate::Config;

/// `go-zero` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec {
    aliases: &["gozero"],
    uses_weights: true,
    vnodes_param: Some(0),
    hash: HashUse::Fixed(HashFn::Murmur3_64),
    params: &[ParamSpec {
        key: "replicas",
        flag: "replicas",
        unit: "points",
        kind: ParamKind::Whole {
            min: 1,
            max: MAX_VNODES,
            default: 100,
            picture_default: None,
            prime: false,
        },
    }],
    // go-zero raises fewer than 100 replicas to 100.
    work: |c, n| n * u64::from(c.algorithm.params.whole(0).max(100)),
    ..AlgoSpec::plain("go-zero", Drawn::Ring, build_spec)
};

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "go-zero's core/hash ring (murmur3-64; replicas at least 100)",
    source: "zeromicro/go-zero core/hash/consistenthash.go",
    params: &["go-zero's replicas per node (raised to 100 if lower)"],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(GoZeroRing::new(
        nodes,
        config.algorithm.params.whole(0),
    )?))
}

impl Algorithm {
    /// go-zero's ring with `replicas` per node.
    pub fn go_zero(replicas: u32) -> Algorithm {
        Algorithm::new(AlgoId::GoZero).with(0, f64::from(replicas))
    }
}

/// go-zero's `TopWeight`: the weight that means "all of `replicas`".
pub const TOP_WEIGHT: u32 = 100;
/// go-zero's `minReplicas`: a smaller `replicas` argument is raised to this.
pub const MIN_REPLICAS: u32 = 100;
/// go-zero's `prime`, the prefix of a key's second hash (`innerRepr`).
const PRIME: u32 = 16_777_619;

/// go-zero's `Sum64`: MurmurHash3 x64_128 h1, seed 0.
fn sum64(data: &[u8]) -> u64 {
    murmur3_x64_128(data, 0).0
}

/// A go-zero ring.
#[derive(Clone, Debug, PartialEq)]
pub struct GoZeroRing {
    replicas: u32,
    ring: SortedRing,
    points_per_node: Vec<u32>,
}

impl GoZeroRing {
    /// Adds `nodes` in order to a ring made with `NewCustomConsistentHash(replicas, Hash)`.
    pub fn new(nodes: &[NodeSpec], replicas: u32) -> Result<Self, BuildError> {
        // go-zero's replicas are its virtual nodes: the same range as a virtual-node count.
        if !(1..=MAX_VNODES).contains(&replicas) {
            return Err(BuildError::BadVnodes {
                name: None,
                vnodes: replicas,
            });
        }
        let replicas = replicas.max(MIN_REPLICAS);
        let counts: Vec<u32> = nodes.iter().map(|n| node_replicas(replicas, n)).collect();
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if total > MAX_RING_POINTS {
            return Err(BuildError::TooManyPoints { points: total });
        }
        let mut points = Vec::with_capacity(total as usize);
        for (owner, (node, &count)) in nodes.iter().zip(&counts).enumerate() {
            push_points(&mut points, &node.name, owner as NodeIndex, count);
        }
        Self::from_points(points, replicas, nodes.len() as u32)
    }

    /// The ring after `newcomer` joins at the end of the node list, as go-zero's `Add`
    /// appends it: its points are merged in ([`SortedRing::with_points_added`]), after the
    /// points already on a shared position as in go-zero's `ring[hash]` slice. Equal to a
    /// rebuild from the longer list. The newcomer is checked against the limits, but its
    /// name is not compared with the others', which this ring does not keep.
    pub fn with_joined(&self, newcomer: &NodeSpec) -> Result<GoZeroRing, BuildError> {
        error::validate_nodes(std::slice::from_ref(newcomer), 1)?;
        let owner = self.ring.node_count();
        let node_count = owner as usize + 1;
        if node_count > MAX_NODES {
            return Err(BuildError::TooManyNodes { count: node_count });
        }
        let count = node_replicas(self.replicas, newcomer);
        // Checked before the newcomer's points are made: a count near u32::MAX would
        // otherwise be allocated first (and abort) before the merge refuses it.
        let total = self.ring.points().len() as u64 + u64::from(count);
        if total > MAX_RING_POINTS {
            return Err(BuildError::TooManyPoints { points: total });
        }
        let mut points = Vec::with_capacity(count as usize);
        push_points(&mut points, &newcomer.name, owner, count);
        let mut points_per_node = self.points_per_node.clone();
        points_per_node.push(count);
        Ok(GoZeroRing {
            replicas: self.replicas,
            ring: self.ring.with_points_added(points, node_count as u32)?,
            points_per_node,
        })
    }

    /// The ring after node `node` leaves, as go-zero's `Remove` deletes its points and
    /// keeps the others in order; the nodes after it are renumbered down by one. Equal to
    /// a rebuild from the shorter list.
    pub fn with_left(&self, node: NodeIndex) -> Result<GoZeroRing, BuildError> {
        let ring = self.ring.without_owner(node)?;
        let mut points_per_node = self.points_per_node.clone();
        if (node as usize) < points_per_node.len() {
            points_per_node.remove(node as usize);
        }
        Ok(GoZeroRing {
            replicas: self.replicas,
            ring,
            points_per_node,
        })
    }

    /// A ring over points given in the order go-zero would have added them.
    fn from_points(
        points: Vec<RingPoint>,
        replicas: u32,
        node_count: u32,
    ) -> Result<Self, BuildError> {
        // The stable sort keeps equal points in insertion order, the order of go-zero's
        // `ring[hash]` slice.
        let ring = SortedRing::new(points, 64, node_count)?;
        let mut points_per_node = vec![0u32; node_count as usize];
        for p in ring.points() {
            if let Some(c) = points_per_node.get_mut(p.owner as usize) {
                *c += 1;
            }
        }
        Ok(GoZeroRing {
            replicas,
            ring,
            points_per_node,
        })
    }

    /// The ring's `replicas`, after raising it to [`MIN_REPLICAS`].
    pub fn replicas(&self) -> u32 {
        self.replicas
    }

    /// How many points each node holds.
    pub fn points_per_node(&self) -> &[u32] {
        &self.points_per_node
    }

    /// The sorted points (equal positions in insertion order).
    pub fn sorted(&self) -> &SortedRing {
        &self.ring
    }

    /// The run of points at the position `sort.Search` lands on: its first index, its
    /// length and whether the search wrapped.
    fn run_at(&self, position: u64) -> (u32, u32, bool) {
        let (first, wrapped) = self.ring.successor(position);
        let points = self.ring.points();
        let at = self.ring.point(first).position;
        let len = points.get(first as usize..).map_or(1, |rest| {
            rest.iter().take_while(|p| p.position == at).count()
        });
        (first, len.max(1) as u32, wrapped)
    }

    /// The index of the point that takes `key`, and whether the search wrapped.
    fn resolve(&self, key: &str) -> (u32, bool) {
        self.resolve_at(key, self.key_position(key))
    }

    /// [`GoZeroRing::resolve`] for a key at a known `position`.
    fn resolve_at(&self, key: &str, position: u64) -> (u32, bool) {
        let (first, len, wrapped) = self.run_at(position);
        if len == 1 {
            return (first, wrapped);
        }
        let inner = sum64(format!("{PRIME}:{key}").as_bytes());
        (first + (inner % u64::from(len)) as u32, wrapped)
    }
}

/// Appends the `count` points of the node called `name`: virtual node `i` at the hash of
/// the name followed by `i`, written into one reused buffer.
fn push_points(points: &mut Vec<RingPoint>, name: &str, owner: NodeIndex, count: u32) {
    use std::fmt::Write;
    let mut text = String::with_capacity(name.len() + 10);
    for i in 0..count {
        text.clear();
        text.push_str(name);
        // Writing into a String cannot fail.
        let _ = write!(text, "{i}");
        points.push(RingPoint {
            position: sum64(text.as_bytes()),
            owner,
            replica: i,
        });
    }
}

/// The virtual-node count go-zero gives `node` on a ring with `replicas` (already raised to
/// [`MIN_REPLICAS`]): `AddWithReplicas` with the node's own count, else `AddWithWeight`.
pub fn node_replicas(replicas: u32, node: &NodeSpec) -> u32 {
    let asked = match node.vnodes {
        Some(own) => u64::from(own),
        None => u64::from(replicas) * u64::from(node.weight) / u64::from(TOP_WEIGHT),
    };
    asked.min(u64::from(replicas)) as u32
}

impl Placement for GoZeroRing {
    fn node_count(&self) -> u32 {
        self.ring.node_count()
    }

    fn space_bits(&self) -> u32 {
        64
    }

    fn key_position(&self, key: &str) -> u64 {
        sum64(key.as_bytes())
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.ring.point(self.resolve(key).0).owner
    }

    /// The owner when the position's successor is a lone point; `None` on a position
    /// several points share, where go-zero's second hash of the key picks among them.
    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        let points = self.ring.points();
        let i = self.ring.successor_index(position);
        let i = if i < points.len() { i } else { 0 };
        let at = points.get(i)?;
        match points.get(i + 1) {
            Some(next) if next.position == at.position => None,
            _ => Some(at.owner),
        }
    }

    fn locate_with_position(&self, key: &str, position: u64) -> NodeIndex {
        self.ring.point(self.resolve_at(key, position).0).owner
    }

    fn owning_ring(&self) -> Option<&SortedRing> {
        Some(&self.ring)
    }

    fn joined(&self, newcomer: &NodeSpec) -> Option<Result<Box<dyn Placement>, BuildError>> {
        Some(
            self.with_joined(newcomer)
                .map(|r| Box::new(r) as Box<dyn Placement>),
        )
    }

    fn left(&self, node: NodeIndex) -> Option<Result<Box<dyn Placement>, BuildError>> {
        Some(
            self.with_left(node)
                .map(|r| Box::new(r) as Box<dyn Placement>),
        )
    }

    fn explain(&self, key: &str) -> Explanation {
        let (point, wrapped) = self.resolve(key);
        Explanation::RingWalk {
            key_position: self.key_position(key),
            point,
            wrapped,
            owner: self.ring.point(point).owner,
        }
    }

    fn picture(&self) -> Picture {
        self.ring.picture()
    }

    /// Arcs as [`SortedRing::shares`] measures them, except that the arc ending at a
    /// position several points share is split evenly among them: the key's second hash
    /// picks one of them, so that is each one's expected part.
    fn shares(&self) -> Vec<f64> {
        let points = self.ring.points();
        let space = 2f64.powi(64);
        let mut shares = vec![0f64; self.ring.node_count() as usize];
        let mut start = 0;
        while start < points.len() {
            let at = points[start].position;
            let len = points[start..]
                .iter()
                .take_while(|p| p.position == at)
                .count();
            let prev = if start == 0 {
                points[points.len() - 1].position
            } else {
                points[start - 1].position
            };
            let arc = if start == 0 && prev == at {
                // Every point is on one position: it holds the whole ring.
                space
            } else {
                at.wrapping_sub(prev) as f64
            };
            for p in &points[start..start + len] {
                if let Some(s) = shares.get_mut(p.owner as usize) {
                    *s += arc / len as f64 / space;
                }
            }
            start += len;
        }
        shares
    }

    fn memory_bytes(&self) -> u64 {
        self.ring.memory_bytes() + (self.points_per_node.len() * std::mem::size_of::<u32>()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn localhosts(n: u32) -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("localhost:{i}"), TOP_WEIGHT))
            .collect()
    }

    /// Emulated from go-zero's code (known-answers.md): 20 nodes, 100 replicas.
    #[test]
    fn twenty_localhosts() {
        let ring = GoZeroRing::new(&localhosts(20), 100).unwrap();
        let want = [15, 16, 14, 3, 10, 19, 3, 16, 17, 5];
        let got: Vec<NodeIndex> = (1000..1010).map(|k| ring.locate(&k.to_string())).collect();
        assert_eq!(got, want);
        assert_eq!(ring.picture().ring_points().len(), 2000);
        // "1002" lands on "localhost:1" + "44" = "localhost:14" + "4": the fact holds only
        // with both points kept and the second hash choosing node 14, the later one added.
        let picture = ring.picture();
        let points = picture.ring_points();
        let Explanation::RingWalk { point, .. } = ring.explain("1002") else {
            panic!("a ring walk");
        };
        let at = points[point as usize].position;
        assert_eq!(at, sum64(b"localhost:144"));
        let shared: Vec<(NodeIndex, u32)> = points
            .iter()
            .filter(|p| p.position == at)
            .map(|p| (p.owner, p.replica))
            .collect();
        assert_eq!(shared, [(1, 44), (14, 4)]);
        assert_eq!(sum64(b"16777619:1002") % 2, 1);
    }

    #[test]
    fn point_is_murmur_of_name_and_number_without_separator() {
        let ring = GoZeroRing::new(&[NodeSpec::new("localhost:7", 100)], 100).unwrap();
        let want = sum64(b"localhost:712");
        let p = ring.picture();
        let found = p.ring_points().iter().find(|p| p.replica == 12).unwrap();
        assert_eq!(found.position, want);
    }

    #[test]
    fn replicas_weights_and_caps() {
        let node = |w: u32| NodeSpec::new("n", w);
        // Raised to 100.
        let ring = GoZeroRing::new(&[node(100)], 10).unwrap();
        assert_eq!(ring.replicas(), 100);
        assert_eq!(ring.points_per_node(), &[100]);
        // replicas * weight / 100 in integer division.
        assert_eq!(node_replicas(150, &node(33)), 49);
        assert_eq!(node_replicas(100, &node(1)), 1);
        assert_eq!(node_replicas(199, &node(50)), 99);
        // Capped at replicas: weight above TopWeight is TopWeight.
        assert_eq!(node_replicas(100, &node(250)), 100);
        // AddWithReplicas with the node's own count, capped too, weight ignored.
        assert_eq!(node_replicas(100, &node(10).with_vnodes(40)), 40);
        assert_eq!(node_replicas(100, &node(10).with_vnodes(400)), 100);
    }

    fn point(position: u64, owner: NodeIndex, replica: u32) -> RingPoint {
        RingPoint {
            position,
            owner,
            replica,
        }
    }

    /// A hand-built collision: nodes 0, 1 and 2 share position `p`, added in the order 1, 2,
    /// 0. A key just below `p` goes to `nodes[h1("16777619:" + key) % 3]` of that order.
    #[test]
    fn shared_points_break_ties_with_the_second_hash() {
        let p = 1u64 << 63;
        let points = vec![
            point(10, 0, 0),
            point(p, 1, 0),
            point(p, 2, 0),
            point(p, 0, 1),
            point(u64::MAX - 5, 1, 1),
        ];
        let ring = GoZeroRing::from_points(points, 100, 3).unwrap();
        let order = [1, 2, 0];
        let mut seen = [false; 3];
        let mut checked = 0;
        for i in 0..2000 {
            let key = format!("key-{i}");
            let h = ring.key_position(&key);
            if h <= 10 || h > p {
                continue;
            }
            checked += 1;
            let pick = (sum64(format!("16777619:{key}").as_bytes()) % 3) as usize;
            assert_eq!(ring.locate(&key), order[pick], "{key}");
            seen[pick] = true;
            let Explanation::RingWalk {
                point,
                owner,
                wrapped,
                ..
            } = ring.explain(&key)
            else {
                panic!("a ring walk");
            };
            assert_eq!(
                (point, owner, wrapped),
                (1 + pick as u32, order[pick], false)
            );
        }
        assert!(
            checked > 500 && seen.iter().all(|&s| s),
            "{checked} keys, {seen:?}"
        );
        // The shared arc (10, p] splits in three; node 1 also has (p, MAX-5], node 0 the wrap.
        let shares = ring.shares();
        let space = 2f64.powi(64);
        let third = (p - 10) as f64 / 3.0 / space;
        let want = [
            third + 16.0 / space,
            third + (u64::MAX - 5 - p) as f64 / space,
            third,
        ];
        for (s, w) in shares.iter().zip(want) {
            assert!((s - w).abs() < 1e-12, "{shares:?} vs {want:?}");
        }
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_lone_run_holds_the_whole_ring() {
        let ring = GoZeroRing::from_points(vec![point(7, 0, 0), point(7, 1, 0)], 100, 2).unwrap();
        assert_eq!(ring.shares(), vec![0.5, 0.5]);
        for key in ["a", "b", "c", "d"] {
            let pick = (sum64(format!("16777619:{key}").as_bytes()) % 2) as NodeIndex;
            assert_eq!(ring.locate(key), pick);
        }
    }

    #[test]
    fn keys_past_the_last_point_wrap() {
        let ring = GoZeroRing::new(&localhosts(3), 100).unwrap();
        let last = ring.picture().ring_points().last().unwrap().position;
        let first_owner = ring.picture().ring_points()[0].owner;
        let mut wrapped = 0;
        for i in 0..20_000 {
            let key = i.to_string();
            if ring.key_position(&key) > last {
                wrapped += 1;
                assert_eq!(ring.locate(&key), first_owner);
                assert!(matches!(
                    ring.explain(&key),
                    Explanation::RingWalk {
                        wrapped: true,
                        point: 0,
                        ..
                    }
                ));
            }
        }
        assert!(wrapped > 0);
    }
}
