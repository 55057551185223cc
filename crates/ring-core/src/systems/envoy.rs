//! Envoy's ring hash and Maglev load balancers (envoyproxy/envoy
//! `source/extensions/load_balancing_policies/ring_hash/ring_hash_lb.cc` and
//! `…/maglev/maglev_lb.cc`), with the default XXH64 ([`crate::xxh64`]). A host's key is its
//! address as written (`127.0.0.1:90`); a request's hash is XXH64 of its key, seed 0 (what
//! a header `hash_policy` computes). Envoy is not packaged for Debian: these are checked
//! against the vectors of Envoy's own tests (`ring_hash_lb_test.cc`, `maglev_lb_test.cc`).
//!
//! - **Ring hash**: weights normalised (`w / Σw`, f64); `scale = min(ceil(min_w ·
//!   minimum_ring_size) / min_w, maximum_ring_size)`; walking the hosts in order with
//!   running f64 sums `target += scale · w`, a host pushes `XXH64("<address>_<i>")` while
//!   `current < target`. Sorted; a hash goes to the first entry at or after it, wrapping
//!   (`chooseHost`, ported from libketama's search).
//! - **Maglev**: hosts sorted bytewise by address; `offset = XXH64(address, 0) % M`,
//!   `skip = XXH64(address, 1) % (M − 1) + 1`; rounds `1, 2, …` over the hosts, each host
//!   taking its next free entry when `round · w ≥ target` and then raising its target by
//!   the largest normalised weight; a hash goes to `table[hash % M]`.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemParam,
    SystemSpec, Ties, Weights,
};
use crate::error::BuildError;
use crate::maglev::is_prime;
use crate::placement::{Config, NodeIndex, NodeSpec, Picture};
use crate::registry::{ParamKind, ParamSpec, SystemId};
use crate::ring::RingBuild;
use crate::xxh64::xxh64;

const WEIGHTS: Weights = Weights::Taken {
    meaning: "Envoy's `load_balancing_weight`: a share of the ring or of the table",
    default: 1,
    max: 1_000_000,
};

const NODE_SYNTAX: &str =
    "the host's address as Envoy writes it (`127.0.0.1:90`), hashed as written";

/// Envoy's `maximum_ring_size` limit and default.
const MAX_RING: u64 = 8_388_608;

/// The ring hash load balancer.
pub static RING_HASH: SystemSpec = SystemSpec {
    id: "envoy-ring-hash",
    description:
        "Envoy ring hash (XXH64 of \"address_i\", ring scaled between minimum and maximum size)",
    source: "envoyproxy/envoy source/extensions/load_balancing_policies/ring_hash/ring_hash_lb.cc",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[
        SystemParam {
            name: "min-ring-size",
            description: MIN_RING_DOC,
            default: 1024,
            min: 1,
            max: MAX_RING,
        },
        SystemParam {
            name: "max-ring-size",
            description: MAX_RING_DOC,
            default: MAX_RING,
            min: 1,
            max: MAX_RING,
        },
    ],
    key_hash: "xxh64",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::Ring {
        build: lab_ring_build,
        params: &[
            ParamSpec {
                key: "min-ring",
                flag: "min-ring-size",
                unit: "entries",
                kind: ring_size(1024),
            },
            ParamSpec {
                key: "max-ring",
                flag: "max-ring-size",
                unit: "entries",
                kind: ring_size(MAX_RING as u32),
            },
        ],
        docs: &[MIN_RING_DOC, MAX_RING_DOC],
    },
    client_of: None,
    build: build_ring,
};

/// What the ring sizes are, as Envoy's configuration names them: the command line's
/// parameters and the lab's say the same.
const MIN_RING_DOC: &str = "RingHashLbConfig.minimum_ring_size";
const MAX_RING_DOC: &str = "RingHashLbConfig.maximum_ring_size";

/// A ring size in the lab, from 1 to Envoy's largest.
const fn ring_size(default: u32) -> ParamKind {
    ParamKind::Whole {
        min: 1,
        max: MAX_RING as u32,
        default,
        picture_default: None,
        prime: false,
    }
}

/// The lab's Envoy ring, to build in slices: the lab's nodes as hosts (their weights in
/// the lab's unit, [`super::LAB_WEIGHT_UNIT`]), the ring sizes from the lab's parameters,
/// each host given the entries [`ring_counts`] says. It places every key as
/// [`EnvoyRing`] does, point for point (a test checks), but as a
/// [`crate::ring::Ring`], so that the lab has a ring's fast paths and slices.
fn lab_ring_build(config: &Config, nodes: &[NodeSpec]) -> Result<RingBuild, BuildError> {
    crate::error::validate_nodes(nodes, config.default_vnodes)?;
    let params = &config.algorithm.params;
    let (min_ring, max_ring) = (params.whole(0), params.whole(1));
    if min_ring > max_ring {
        return Err(BuildError::RingSizes {
            min: min_ring,
            max: max_ring,
        });
    }
    let weights: Vec<u32> = super::placement::system_weights(SystemId::EnvoyRingHash, nodes)?
        .into_iter()
        .map(|w| w.unwrap_or(1))
        .collect();
    let counts = ring_counts(&weights, u64::from(min_ring), u64::from(max_ring));
    let hosts: Vec<NodeSpec> = nodes
        .iter()
        .zip(counts)
        .map(|(node, count)| NodeSpec {
            vnodes: Some(count as u32),
            ..node.clone()
        })
        .collect();
    RingBuild::envoy(&hosts, config.effective_hash())
}

/// Envoy's largest Maglev table (`MaglevLbConfig.table_size`).
const MAX_TABLE: u64 = 5_000_011;

/// The Maglev load balancer.
pub static MAGLEV: SystemSpec = SystemSpec {
    id: "envoy-maglev",
    description: "Envoy Maglev (XXH64 offset and skip, weighted fill of a prime table)",
    source: "envoyproxy/envoy source/extensions/load_balancing_policies/maglev/maglev_lb.cc",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[SystemParam {
        name: "table-size",
        description: "MaglevLbConfig.table_size, a prime",
        default: 65_537,
        min: 2,
        max: MAX_TABLE,
    }],
    key_hash: "xxh64",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build: build_maglev,
};

/// Normalised weights `w / Σw`, as Envoy's `normalizeHostWeights` computes them.
fn normalised(weights: &[u32]) -> Vec<f64> {
    let sum: f64 = weights.iter().map(|&w| f64::from(w)).sum();
    weights.iter().map(|&w| f64::from(w) * 1.0 / sum).collect()
}

/// How many entries each host gets on Envoy's ring: `scale = min(ceil(min_w ·
/// min_ring) / min_w, max_ring)` over the normalised weights, then, walking the hosts in
/// order, a host pushes entries while the running count (`current`, a whole f64) is below
/// the running target (`target += scale · w`). Its count is therefore `ceil(target)`
/// less the count so far, or none: exact in f64, whose whole numbers go far past
/// [`MAX_RING`]. `min_ring ≤ max_ring` is the caller's to check.
pub fn ring_counts(weights: &[u32], min_ring: u64, max_ring: u64) -> Vec<u64> {
    let normalised = normalised(weights);
    let min_weight = normalised.iter().copied().fold(1.0f64, f64::min);
    let scale = ((min_weight * min_ring as f64).ceil() / min_weight).min(max_ring as f64);
    let mut current = 0.0f64;
    let mut target = 0.0f64;
    normalised
        .iter()
        .map(|weight| {
            target += scale * weight;
            let reached = target.ceil().max(current);
            let count = reached - current;
            current = reached;
            count as u64
        })
        .collect()
}

/// Envoy's ring.
#[derive(Clone, Debug)]
pub struct EnvoyRing {
    points: Points,
}

impl EnvoyRing {
    /// The ring over hosts `addresses` with `weights`, between `min_ring` and `max_ring`
    /// entries as Envoy scales it.
    pub fn new(
        addresses: &[&str],
        weights: &[u32],
        min_ring: u64,
        max_ring: u64,
    ) -> Result<Self, SystemError> {
        if min_ring > max_ring {
            return Err(SystemError::BadParam {
                name: "min-ring-size",
                value: min_ring,
                rule: format!("the minimum ring size is at most the maximum ({max_ring})"),
            });
        }
        let counts = ring_counts(weights, min_ring, max_ring);
        let mut points = Vec::with_capacity(counts.iter().sum::<u64>() as usize);
        for (host, (address, &count)) in addresses.iter().zip(&counts).enumerate() {
            for i in 0..count {
                let key = format!("{address}_{i}");
                points.push((xxh64(key.as_bytes(), 0), index(host)));
            }
        }
        Ok(EnvoyRing {
            points: Points::new(points, Ties::FirstWins)?,
        })
    }

    /// The host a request hash goes to.
    pub fn owner_of_hash(&self, hash: u64) -> NodeIndex {
        self.points.at_or_after(hash)
    }

    /// The number of entries on the ring.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the ring is empty (it never is once built).
    pub fn is_empty(&self) -> bool {
        self.points.len() == 0
    }
}

/// The command line's build of Envoy's ring ([`EnvoyRing`]); the lab builds its own in
/// slices ([`lab_ring_build`]).
fn build_ring(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let (min_ring, max_ring) = match cluster.params[..] {
        [min, max] => (min, max),
        _ => (1024, MAX_RING),
    };
    Ok(Box::new(EnvoyRing::new(
        &cluster.names,
        &cluster.weights,
        min_ring,
        max_ring,
    )?))
}

impl Locate for EnvoyRing {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.owner_of_hash(xxh64(key.as_bytes(), 0)))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(xxh64(key.as_bytes(), 0))
    }

    fn picture(&self) -> Picture {
        self.points.picture(64, Rule::AtOrAfter)
    }

    fn space_bits(&self) -> u32 {
        64
    }
}

/// Envoy's Maglev table.
#[derive(Clone, Debug)]
pub struct EnvoyMaglev {
    table: Vec<NodeIndex>,
}

impl EnvoyMaglev {
    /// The table of size `table_size` (a prime, at least the host count) over hosts
    /// `addresses` with `weights`; entries are indices into `addresses`.
    pub fn new(addresses: &[&str], weights: &[u32], table_size: u64) -> Result<Self, SystemError> {
        let prime = u32::try_from(table_size).is_ok_and(is_prime);
        if !prime || table_size < addresses.len() as u64 {
            return Err(SystemError::BadParam {
                name: "table-size",
                value: table_size,
                rule: format!(
                    "Envoy's Maglev table size is a prime, at least the host count ({})",
                    addresses.len()
                ),
            });
        }
        let normalised = normalised(weights);
        let max_weight = normalised.iter().copied().fold(0.0f64, f64::max);
        struct Entry {
            host: NodeIndex,
            offset: u64,
            skip: u64,
            weight: f64,
            target: f64,
            next: u64,
        }
        let order = super::by_name(addresses);
        let mut entries: Vec<Entry> = order
            .into_iter()
            .map(|i| {
                let key = addresses[i].as_bytes();
                Entry {
                    host: index(i),
                    offset: xxh64(key, 0) % table_size,
                    skip: xxh64(key, 1) % (table_size - 1) + 1,
                    weight: normalised[i],
                    target: 0.0,
                    next: 0,
                }
            })
            .collect();
        let size = table_size as usize;
        let mut table: Vec<Option<NodeIndex>> = vec![None; size];
        let mut filled = 0usize;
        let mut round = 1u64;
        while filled < size {
            for entry in entries.iter_mut() {
                if filled == size {
                    break;
                }
                if (round as f64) * entry.weight < entry.target {
                    continue;
                }
                entry.target += max_weight;
                let slot = loop {
                    let c = ((entry.offset + entry.skip * entry.next) % table_size) as usize;
                    if table[c].is_none() {
                        break c;
                    }
                    entry.next += 1;
                };
                table[slot] = Some(entry.host);
                entry.next += 1;
                filled += 1;
            }
            round += 1;
        }
        Ok(EnvoyMaglev {
            table: table.into_iter().map(|e| e.unwrap_or(0)).collect(),
        })
    }

    /// The table: entry `i` names a host by its index.
    pub fn table(&self) -> &[NodeIndex] {
        &self.table
    }

    /// The host a request hash goes to.
    pub fn owner_of_hash(&self, hash: u64) -> NodeIndex {
        let size = self.table.len().max(1) as u64;
        self.table.get((hash % size) as usize).copied().unwrap_or(0)
    }
}

fn build_maglev(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let size = cluster.params.first().copied().unwrap_or(65_537);
    Ok(Box::new(EnvoyMaglev::new(
        &cluster.names,
        &cluster.weights,
        size,
    )?))
}

impl Locate for EnvoyMaglev {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.owner_of_hash(xxh64(key.as_bytes(), 0)))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(xxh64(key.as_bytes(), 0) % self.table.len().max(1) as u64)
    }

    fn picture(&self) -> Picture {
        Picture::Table {
            entries: self.table.clone(),
        }
    }
}
