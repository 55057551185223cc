//! Every system as a [`Placement`], so that the app draws, compares and replays it like an
//! algorithm: each system is an entry of the registry ([`crate::registry`]'s `systems`
//! section) whose [`AlgoSpec`] is made here from its [`SystemSpec`].
//!
//! A system's ring becomes a [`SortedRing`] whose first-at-or-after rule places every
//! position as the system does ([`Locate::picture`]), so a ring system has the ring
//! algorithms' fast paths: positions kept across changes, and the arc-by-arc delta of a
//! join or a leave. A table system (Redis's slots, Maglev, partitions) is its table; Guava
//! is its buckets; a rendezvous system (pymemcache, Caddy) is its scores, each node's for
//! the key, explained as the rendezvous algorithm's are.
//!
//! Riak's keys are `BUCKET/KEY`; a lab key without a `/` is taken as the key of the bucket
//! `ringlab` ([`RIAK_LAB_BUCKET`]), so the lab's own keys place.
//!
//! The lab's weights are in hundredths of the system's default weight: the lab's 100 is
//! the system's default (nginx's `weight=1`, go-zero's 100), 300 is three times it. A lab
//! weight that is not a whole system weight is refused, as the system would refuse
//! `weight=1.5`. Where a system's weights are decimals ([`Weights::Hundredths`]: Ceph's
//! CRUSH weights, Varnish's), its default is 100 hundredths, so the lab's weight is the
//! system's in hundredths: 125 is `1.25`.

use super::{KeyRefused, LabBuild, Locate, SystemError, SystemId, SystemNode, SystemSpec, Weights};
use crate::error::BuildError;
use crate::placement::{Config, Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint};
use crate::registry::{self, AlgoDocs, AlgoSpec, HashUse, WorkFn};
use crate::ring::SortedRing;

/// The lab's weight of a node at its system's default weight.
pub const LAB_WEIGHT_UNIT: u32 = 100;

/// The bucket of a lab key without one, under Riak.
pub const RIAK_LAB_BUCKET: &str = "ringlab";

/// A built system, placing the lab's keys.
pub struct SystemPlacement {
    system: SystemId,
    locate: Box<dyn Locate>,
    nodes: u32,
    shape: Shape,
}

enum Shape {
    Ring(SortedRing),
    Table(Vec<NodeIndex>),
    Buckets(u32),
    /// Every node scores each key (this many nodes).
    Scores(u32),
}

impl SystemPlacement {
    /// `system` over the lab's `nodes` (weights in [`LAB_WEIGHT_UNIT`]s, virtual-node
    /// counts ignored: the system sets its own points).
    pub fn build(
        system: SystemId,
        nodes: &[NodeSpec],
        params: &[(&str, u64)],
    ) -> Result<Self, BuildError> {
        let spec = system.spec();
        let given: Vec<SystemNode> = nodes
            .iter()
            .zip(system_weights(system, nodes)?)
            .map(|(node, weight)| SystemNode {
                name: node.name.clone(),
                weight,
            })
            .collect();
        if spec.shape == registry::Picture::Table {
            // nginx's plain hash and twemproxy's modula: an entry per unit of weight.
            let entries: u64 = given.iter().map(|n| u64::from(n.weight.unwrap_or(1))).sum();
            if entries > super::MAX_SYSTEM_POINTS {
                return Err(BuildError::TooManyPoints { points: entries });
            }
        }
        let locate =
            super::build(system, &given, params).map_err(|e| core_error(system, nodes, e))?;
        let count = crate::systems::index(nodes.len());
        let shape = match locate.picture() {
            Picture::Ring { space_bits, points } => {
                // The picture is the system's own, just made: its points are no one else's.
                let points = std::rc::Rc::try_unwrap(points).unwrap_or_else(|p| (*p).clone());
                Shape::Ring(SortedRing::new(points, space_bits, count)?)
            }
            Picture::Table { entries } => Shape::Table(entries),
            Picture::Buckets { count } => Shape::Buckets(count),
            Picture::Scores { nodes } => Shape::Scores(nodes),
            // No system draws otherwise; a count of buckets is the plainest fallback.
            Picture::BucketSet { .. } => Shape::Buckets(count),
        };
        Ok(SystemPlacement {
            system,
            locate,
            nodes: count,
            shape,
        })
    }

    /// The system.
    pub fn system(&self) -> SystemId {
        self.system
    }

    /// `key` as the system is given it.
    fn system_key<'k>(&self, key: &'k str) -> std::borrow::Cow<'k, str> {
        if self.system == SystemId::Riak && !key.contains('/') {
            std::borrow::Cow::Owned(format!("{RIAK_LAB_BUCKET}/{key}"))
        } else {
            std::borrow::Cow::Borrowed(key)
        }
    }
}

/// The lab's nodes' weights as `system` takes them (`None` where it takes none): a lab
/// weight is in hundredths of the system's default ([`LAB_WEIGHT_UNIT`]), and one that is
/// not a whole system weight in the system's range is refused.
pub(crate) fn system_weights(
    system: SystemId,
    nodes: &[NodeSpec],
) -> Result<Vec<Option<u32>>, BuildError> {
    // A loop rather than a `collect` into a `Result`: its generic instance cost 500
    // bytes of wasm.
    let mut weights = Vec::with_capacity(nodes.len());
    for node in nodes {
        let weights_taken = system.spec().weights;
        weights.push(
            match (weights_taken.default_weight(), weights_taken.range()) {
                (Some(default), Some((min, max))) => {
                    let scaled = u64::from(node.weight) * u64::from(default);
                    let whole = scaled % u64::from(LAB_WEIGHT_UNIT) == 0;
                    let weight = scaled / u64::from(LAB_WEIGHT_UNIT);
                    if !whole || weight < u64::from(min.max(1)) || weight > u64::from(max) {
                        return Err(BuildError::SystemWeight {
                            algo: system.algo(),
                            name: node.name.clone(),
                            weight: node.weight,
                        });
                    }
                    Some(weight as u32)
                }
                _ => None,
            },
        );
    }
    Ok(weights)
}

fn core_error(system: SystemId, nodes: &[NodeSpec], e: SystemError) -> BuildError {
    let algo = system.algo();
    match e {
        SystemError::Core(e) => e,
        SystemError::NoNodes => BuildError::NoNodes,
        SystemError::TooManyNodes { count, .. } => BuildError::TooManyNodes { count },
        SystemError::EmptyName { index } => BuildError::EmptyName { index },
        SystemError::NameTooLong { name } => BuildError::NameTooLong {
            index: nodes.iter().position(|n| n.name == name).unwrap_or(0),
            bytes: name.len(),
        },
        SystemError::DuplicateName { name } => BuildError::DuplicateName { name },
        SystemError::BadNodeName { name, .. } => BuildError::SystemNodeName { algo, name },
        SystemError::WeightNotTaken { name, .. }
        | SystemError::BadWeight { name, .. }
        | SystemError::BadDecimalWeight { name, .. } => {
            let weight = nodes
                .iter()
                .find(|n| n.name == name)
                .map_or(0, |n| n.weight);
            BuildError::SystemWeight { algo, name, weight }
        }
        SystemError::TooManyPoints { points } => BuildError::TooManyPoints { points },
        // With its parameters at their defaults, a system refuses only a cluster larger than
        // its partitions (Riak's 64; buraksezer's room for 271).
        SystemError::UnknownParam { .. } | SystemError::BadParam { .. } => BuildError::SystemFull {
            algo,
            nodes: crate::systems::index(nodes.len()),
            most: capacity(system),
        },
    }
}

/// The most nodes a system takes at its default parameters.
fn capacity(system: SystemId) -> u32 {
    match system {
        SystemId::Riak => 64,
        SystemId::Buraksezer => 271,
        _ => crate::systems::index(crate::error::MAX_NODES),
    }
}

impl Placement for SystemPlacement {
    fn node_count(&self) -> u32 {
        self.nodes
    }

    fn ring_wraps(&self) -> bool {
        self.locate.wraps()
    }

    fn own_point_counts(&self) -> Option<Vec<u32>> {
        self.locate.point_counts()
    }

    fn space_bits(&self) -> u32 {
        match &self.shape {
            Shape::Ring(ring) => ring.space_bits(),
            _ => self.locate.space_bits(),
        }
    }

    fn key_position(&self, key: &str) -> u64 {
        // A refused key has no position; the lab refuses such keys before placing them
        // ([`Placement::refuses`]), so 0 is never drawn.
        self.locate.position(&self.system_key(key)).unwrap_or(0)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.locate.locate(&self.system_key(key)).unwrap_or(0)
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        match &self.shape {
            Shape::Ring(ring) => Some(ring.owner(position)),
            Shape::Table(entries) => entries.get(position as usize).copied(),
            Shape::Buckets(_) | Shape::Scores(_) => None,
        }
    }

    fn owning_ring(&self) -> Option<&SortedRing> {
        match &self.shape {
            Shape::Ring(ring) => Some(ring),
            _ => None,
        }
    }

    fn refuses(&self, key: &str) -> Option<KeyRefused> {
        self.locate.position(&self.system_key(key)).err()
    }

    fn preference_list(&self, key: &str) -> Option<Vec<NodeIndex>> {
        self.locate
            .preference_list(&self.system_key(key))
            .and_then(Result::ok)
    }

    fn preference_entries(&self, key: &str) -> Option<Vec<u32>> {
        self.locate
            .preference_entries(&self.system_key(key))
            .and_then(Result::ok)
    }

    fn explain(&self, key: &str) -> Explanation {
        let position = self.key_position(key);
        match &self.shape {
            Shape::Ring(ring) => ring.explain(position),
            Shape::Table(entries) => Explanation::TableEntry {
                hash: position,
                entry: position as u32,
                owner: entries.get(position as usize).copied().unwrap_or(0),
            },
            Shape::Buckets(_) => {
                let owner = self.locate(key);
                Explanation::Jump {
                    key: position,
                    steps: self.locate.steps(position).unwrap_or_else(|| vec![owner]),
                    owner,
                }
            }
            Shape::Scores(_) => Explanation::Rendezvous {
                scores: self
                    .locate
                    .scores(&self.system_key(key))
                    .and_then(Result::ok)
                    .unwrap_or_default(),
                owner: self.locate(key),
            },
        }
    }

    fn picture(&self) -> Picture {
        match &self.shape {
            Shape::Ring(ring) => ring.picture(),
            Shape::Table(entries) => Picture::Table {
                entries: entries.clone(),
            },
            Shape::Buckets(count) => Picture::Buckets { count: *count },
            Shape::Scores(nodes) => Picture::Scores { nodes: *nodes },
        }
    }

    fn shares(&self) -> Vec<f64> {
        match &self.shape {
            Shape::Ring(ring) => ring.shares(),
            Shape::Table(entries) => {
                let mut counts = vec![0u64; self.nodes as usize];
                for &owner in entries {
                    if let Some(c) = counts.get_mut(owner as usize) {
                        *c += 1;
                    }
                }
                let total = entries.len().max(1) as f64;
                counts.into_iter().map(|c| c as f64 / total).collect()
            }
            // Guava's buckets, like jump hash's, each hold 1/n of the keys; an unweighted
            // rendezvous gives each node 1/n of them in expectation.
            Shape::Buckets(count) | Shape::Scores(count) => {
                vec![1.0 / f64::from((*count).max(1)); *count as usize]
            }
        }
    }

    fn joined(&self, newcomer: &NodeSpec) -> Option<Result<Box<dyn Placement>, BuildError>> {
        let Shape::Ring(ring) = &self.shape else {
            return None;
        };
        let weight = match system_weights(self.system, std::slice::from_ref(newcomer)) {
            Ok(weights) => weights.first().copied().flatten(),
            Err(e) => return Some(Err(e)),
        };
        // Past the system's limits, a rebuild gives the error.
        if self.nodes >= capacity(self.system) {
            return None;
        }
        let newcomer = SystemNode {
            name: newcomer.name.clone(),
            weight,
        };
        let (locate, positions) = self.locate.joined(&newcomer)?;
        let owner = self.nodes;
        // Numbered in ring order, as the picture numbers each node's points.
        let points = (0..).zip(positions).map(|(replica, position)| RingPoint {
            position,
            owner,
            replica,
        });
        let ring = ring.with_points_added(points.collect(), owner + 1);
        Some(ring.map(|ring| {
            Box::new(SystemPlacement {
                system: self.system,
                locate,
                nodes: owner + 1,
                shape: Shape::Ring(ring),
            }) as Box<dyn Placement>
        }))
    }

    fn memory_bytes(&self) -> u64 {
        match &self.shape {
            Shape::Ring(ring) => ring.memory_bytes(),
            Shape::Table(entries) => (entries.len() * std::mem::size_of::<NodeIndex>()) as u64,
            Shape::Buckets(_) | Shape::Scores(_) => 0,
        }
    }
}

/// The registry's entry for `system`, built by `build` ([`build_as`] for it).
pub(crate) const fn algo_spec(system: &'static SystemSpec, build: registry::BuildFn) -> AlgoSpec {
    AlgoSpec {
        uses_weights: !matches!(system.weights, Weights::None),
        hash: HashUse::Own,
        work: system_work(system.shape),
        params: match system.lab {
            LabBuild::Ring { params, .. } | LabBuild::SystemWith { params, .. } => params,
            _ => &[],
        },
        shares_ring: match system.lab {
            LabBuild::Ring { build, .. } => Some(build),
            _ => None,
        },
        ring_is_placement: matches!(system.lab, LabBuild::Ring { .. }),
        scores_every_node: matches!(system.shape, registry::Picture::Scores),
        ..AlgoSpec::plain(system.id, system.shape, build)
    }
}

/// The registry's words for `system` (the command line's; the app has its own).
pub(crate) const fn algo_docs(system: &'static SystemSpec) -> AlgoDocs {
    AlgoDocs {
        description: system.description,
        source: system.source,
        params: match system.lab {
            LabBuild::Ring { docs, .. } | LabBuild::SystemWith { docs, .. } => docs,
            _ => &[],
        },
    }
}

const fn system_work(shape: registry::Picture) -> WorkFn {
    match shape {
        // nginx's 160 points a node, the most a default-weight node of a ring system has.
        registry::Picture::Ring => |_: &Config, n: u64| n * 160,
        _ => registry::one_per_node,
    }
}

/// Builds the system listed `SYSTEM`-th ([`SystemId::ALL`]) over the lab's nodes: the
/// [`registry::BuildFn`] of its entry.
pub(crate) fn build_as<const SYSTEM: usize>(
    config: &Config,
    nodes: &[NodeSpec],
) -> Result<Box<dyn Placement>, BuildError> {
    build_system(SystemId::ALL[SYSTEM], config, nodes)
}

/// [`build_as`]'s work, once for every system rather than once per instance.
#[inline(never)]
fn build_system(
    system: SystemId,
    config: &Config,
    nodes: &[NodeSpec],
) -> Result<Box<dyn Placement>, BuildError> {
    match system.spec().lab {
        LabBuild::Algorithm(build) => build(config, nodes),
        LabBuild::Ring { build, .. } => Ok(Box::new(build(config, nodes)?.finish()?)),
        LabBuild::System => Ok(Box::new(SystemPlacement::build(system, nodes, &[])?)),
        LabBuild::SystemWith { params, .. } => {
            // The lab's parameters are the system's, in order.
            let values: Vec<(&str, u64)> = system
                .spec()
                .params
                .iter()
                .zip(0..params.len())
                .map(|(p, i)| (p.name, u64::from(config.algorithm.params.whole(i))))
                .collect();
            Ok(Box::new(SystemPlacement::build(system, nodes, &values)?))
        }
    }
}
