//! A built placement with everything the views read from it, and the change between two.

use std::fmt;
use std::rc::Rc;

use ring_core::delta::KeyPositions;
use ring_core::metrics::{self, Balance};
use ring_core::registry::ParamRef;
use ring_core::{build, BuildError, Config, HashFn, NodeIndex, NodeSpec, Picture, Placement};

use super::algo::AlgoId;
use super::keys::KeySet;
use super::message::Msg;
use super::node_id::NodeId;
use super::palette::Rgb;

/// A node as one snapshot knows it: its index in the snapshot is its position in
/// [`Snapshot::nodes`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NodeInfo {
    /// The stable id.
    pub(crate) id: NodeId,
    /// The name.
    pub(crate) name: String,
    /// The colour.
    pub(crate) colour: Rgb,
    /// The shape of its mark.
    pub(crate) shape: super::palette::Shape,
    /// The weight, for the fair shares (see [`Snapshot::weight_shares`]).
    pub(crate) weight: u32,
}

/// Keys already placed, for [`Snapshot::assemble`].
pub(crate) struct PlacedKeys<'a> {
    /// Every key's owner, in key order.
    pub(crate) owners: Vec<NodeIndex>,
    /// Every key's position, in key order; may be empty, and then the sampled keys are
    /// hashed.
    pub(crate) positions: &'a [u64],
    /// The positions sorted, for the next delta (rings only).
    pub(crate) cache: Option<Rc<KeyPositions>>,
    /// The keys per node, when already known (after a delta); counted from `owners` if not.
    pub(crate) loads: Option<Vec<u64>>,
}

/// A placement built by the core over the nodes that were up, with the owners of every key.
#[derive(Clone)]
pub(crate) struct Snapshot {
    /// The configuration it was built with.
    pub(crate) config: Config,
    /// The algorithm as the menu names it.
    pub(crate) kind: AlgoId,
    /// The nodes, in the core's index order.
    pub(crate) nodes: Vec<NodeInfo>,
    /// The placement.
    pub(crate) placement: Rc<dyn Placement>,
    /// What to draw.
    pub(crate) picture: Picture,
    /// Each node's points on a ring picture, counted once here rather than by every frame
    /// (Envoy's ring has 8,388,608); empty off a ring.
    pub(crate) point_counts: Vec<u32>,
    /// The owner (core index) of every key.
    pub(crate) owners: Vec<NodeIndex>,
    /// Keys per node.
    pub(crate) loads: Vec<u64>,
    /// Share of the hash space per node.
    pub(crate) shares: Vec<f64>,
    /// Position (`Placement::key_position`) of each sampled key, in sample order.
    pub(crate) sample_positions: Vec<u64>,
    /// Every key's position, sorted once, on a ring: what the delta path of the next join
    /// or leave reads instead of hashing every key again (`None` off a ring, and for
    /// snapshots built for one look only).
    pub(crate) positions: Option<Rc<KeyPositions>>,
}

impl fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Snapshot")
            .field("config", &self.config)
            .field("nodes", &self.nodes)
            .field("loads", &self.loads)
            .finish_non_exhaustive()
    }
}

impl Snapshot {
    /// Builds the placement over `nodes` (the nodes that are up, with their ids and colours)
    /// and places every key.
    pub(crate) fn build(
        config: &Config,
        kind: AlgoId,
        nodes: Vec<NodeInfo>,
        specs: &[NodeSpec],
        keys: &KeySet,
    ) -> Result<Snapshot, BuildError> {
        let placement: Rc<dyn Placement> = Rc::from(build(config, specs)?);
        Ok(Snapshot::from_placement(
            config, kind, nodes, placement, keys,
        ))
    }

    /// The snapshot of keys already `placed` on `placement`.
    pub(crate) fn assemble(
        config: &Config,
        kind: AlgoId,
        nodes: Vec<NodeInfo>,
        placement: Rc<dyn Placement>,
        keys: &KeySet,
        placed: PlacedKeys<'_>,
    ) -> Snapshot {
        let PlacedKeys {
            owners,
            positions,
            cache,
            loads,
        } = placed;
        let loads = loads.filter(|l| l.len() == nodes.len());
        let loads = loads.unwrap_or_else(|| {
            metrics::loads(&owners, placement.node_count()).unwrap_or_else(|_| {
                // The core gives owners below node_count; counting by hand covers a broken one.
                let mut l = vec![0u64; nodes.len()];
                for &o in &owners {
                    if let Some(c) = l.get_mut(o as usize) {
                        *c += 1;
                    }
                }
                l
            })
        });
        let sample_positions = keys
            .sample
            .iter()
            .filter_map(|&i| match positions.get(i as usize) {
                Some(&p) => Some(p),
                None => keys.keys.get(i as usize).map(|k| placement.key_position(k)),
            })
            .collect();
        let picture = placement.picture();
        let pictured = picture.ring_points();
        // The ring's own counts when the picture is its points (they share them), made
        // in the build's steps: counting Envoy's 8,388,608 points here took 25 ms.
        // A system whose picture adds points (Varnish's) says how many are its own.
        let point_counts = match (placement.own_point_counts(), placement.owning_ring()) {
            (Some(counts), _) => counts,
            (None, Some(ring)) if std::ptr::eq(ring.points(), pictured) => ring.point_counts(),
            _ => {
                let mut counts = vec![0u32; nodes.len()];
                ring_core::ring::count_points(pictured, &mut counts);
                counts
            }
        };
        Snapshot {
            config: config.clone(),
            kind,
            point_counts,
            picture,
            shares: placement.shares(),
            placement,
            nodes,
            owners,
            loads,
            sample_positions,
            positions: cache,
        }
    }

    /// The snapshot of a placement built by the caller (the slot table kept across
    /// changes), over `nodes` in the placement's index order.
    pub(crate) fn from_placement(
        config: &Config,
        kind: AlgoId,
        nodes: Vec<NodeInfo>,
        placement: Rc<dyn Placement>,
        keys: &KeySet,
    ) -> Snapshot {
        let placed = PlacedKeys {
            owners: placement.assign(&keys.keys),
            positions: &[],
            cache: None,
            loads: None,
        };
        Snapshot::assemble(config, kind, nodes, placement, keys, placed)
    }

    /// The node at core index `index`.
    pub(crate) fn node(&self, index: NodeIndex) -> Option<&NodeInfo> {
        self.nodes.get(index as usize)
    }

    /// The core index of the node with id `id`, if it is in this snapshot.
    pub(crate) fn index_of(&self, id: NodeId) -> Option<NodeIndex> {
        self.nodes
            .iter()
            .position(|n| n.id == id)
            .map(|i| i as NodeIndex)
    }

    /// Each node's fair part by weight, when the algorithm weighs nodes and their weights
    /// differ; `None` when every node's fair part is the same, 1/n.
    pub(crate) fn weight_shares(&self) -> Option<Vec<f64>> {
        let first = self.nodes.first()?.weight;
        if !self.kind.spec().uses_weights || self.nodes.iter().all(|n| n.weight == first) {
            return None;
        }
        let total: f64 = self.nodes.iter().map(|n| f64::from(n.weight)).sum();
        Some(
            self.nodes
                .iter()
                .map(|n| f64::from(n.weight) / total)
                .collect(),
        )
    }

    /// The balance of keys per node: when the weights differ, each node against its fair
    /// part by weight (`Balance::against_fair`), so R1, R2, R3, peak-to-mean and the
    /// deviation judge deliberate weights fairly.
    pub(crate) fn key_balance(&self) -> Option<Balance> {
        match self.weight_shares() {
            Some(fair) => {
                let loads: Vec<f64> = self.loads.iter().map(|&l| l as f64).collect();
                Balance::against_fair(&loads, &fair).ok()
            }
            None => Balance::of_counts(&self.loads).ok(),
        }
    }

    /// The balance of the hash-space shares, likewise.
    pub(crate) fn share_balance(&self) -> Option<Balance> {
        match self.weight_shares() {
            Some(fair) => Balance::against_fair(&self.shares, &fair).ok(),
            None => Balance::of(&self.shares).ok(),
        }
    }

    /// Each node's fair value when the weights differ (the whole of `balance`'s values
    /// times its weight share): where the charts draw each node's own dashed line and band.
    pub(crate) fn fair_values(&self, balance: Option<Balance>) -> Option<Vec<f64>> {
        let fair = self.weight_shares()?;
        let whole = balance?.mean * fair.len() as f64;
        Some(fair.iter().map(|f| whole * f).collect())
    }

    /// The width of the hash space in bits.
    pub(crate) fn space_bits(&self) -> u32 {
        match &self.picture {
            Picture::Ring { space_bits, .. } => *space_bits,
            _ => self.placement.space_bits(),
        }
    }

    /// `position` as a fraction of the hash space, 0 ≤ f < 1.
    pub(crate) fn fraction(&self, position: u64) -> f64 {
        position as f64 / 2f64.powi(self.space_bits().min(64) as i32)
    }

    /// The ring whose points the picture shows, with its radix index for finding a
    /// position's successor; `None` when the picture's points are not a placement's ring.
    pub(crate) fn picture_ring(&self) -> Option<&ring_core::ring::SortedRing> {
        self.placement
            .owning_ring()
            .filter(|r| std::ptr::eq(r.points(), self.picture.ring_points()))
    }

    /// On a ring, the index of the point that took a key at `position` owned by `owner`:
    /// the owner's first point at or after the position, wrapping. (For bounded loads this
    /// is the point the walk stopped at; on a plain ring it is simply the successor.)
    pub(crate) fn anchor_point(&self, position: u64, owner: NodeIndex) -> Option<u32> {
        let points = self.picture.ring_points();
        if points.is_empty() {
            return None;
        }
        // Through the ring's radix index when there is one: on Envoy's ring of 8,388,608, a
        // bisection's 23 cache misses a key took 3.8 ms for 2,000 keys.
        let start = match self.picture_ring() {
            Some(ring) => ring.successor_index(position),
            None => points.partition_point(|p| p.position < position),
        };
        (0..points.len())
            .map(|step| (start + step) % points.len())
            .find(|&i| points[i].owner == owner)
            .map(|i| i as u32)
    }
}

/// A sampled key that changed owner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct KeyMove {
    /// Its position in the sample (and in [`Snapshot::sample_positions`]).
    pub(crate) sample: u32,
    /// The owner before.
    pub(crate) from: NodeId,
    /// The owner after.
    pub(crate) to: NodeId,
}

/// What a change did, for its caption ("added cache-e"): the sentences of [`Msg`] that a
/// change can say, each with the same fields. They are kept apart so that they can be
/// copied (a change resampled, a tour fact) without `Msg: Clone`, which is a match over
/// every sentence of the catalogues (8 KB of wasm).
#[derive(Clone, Debug, PartialEq)]
// Each variant is the `Msg` sentence of the same name, documented there and worded in the
// catalogues; repeating those docs here would only say it twice.
#[allow(missing_docs)]
pub(crate) enum Did {
    Added { name: String },
    NodesReplaced { count: usize },
    ConfigRead { count: usize, kind: AlgoId },
    Removed { name: String },
    MarkedDown { name: String },
    MarkedUp { name: String },
    WeightSet { name: String, weight: u32 },
    VnodesSet { name: String, vnodes: Option<u32> },
    DefaultVnodesSet { vnodes: u32 },
    AlgorithmSet(AlgoId),
    HashSet(HashFn),
    ParamSet { param: ParamRef, value: f64 },
}

impl From<Did> for Msg {
    fn from(did: Did) -> Msg {
        match did {
            Did::Added { name } => Msg::Added { name },
            Did::NodesReplaced { count } => Msg::NodesReplaced { count },
            Did::ConfigRead { count, kind } => Msg::config_read(count as u64, kind),
            Did::Removed { name } => Msg::Removed { name },
            Did::MarkedDown { name } => Msg::MarkedDown { name },
            Did::MarkedUp { name } => Msg::MarkedUp { name },
            Did::WeightSet { name, weight } => Msg::WeightSet { name, weight },
            Did::VnodesSet { name, vnodes } => Msg::VnodesSet { name, vnodes },
            Did::DefaultVnodesSet { vnodes } => Msg::DefaultVnodesSet { vnodes },
            Did::AlgorithmSet(kind) => Msg::AlgorithmSet(kind),
            Did::HashSet(hash) => Msg::HashSet(hash),
            Did::ParamSet { param, value } => Msg::ParamSet { param, value },
        }
    }
}
