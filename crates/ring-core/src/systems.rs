//! Real systems, exact: how nginx, HAProxy, Envoy, twemproxy, Redis Cluster, Cassandra,
//! groupcache, stathat/consistent, Guava, buraksezer/consistent, Riak, the memcached
//! clients (libketama, the Java client, libmemcached, Dalli, pymemcache), the Redis clients
//! (redis-rb, predis), Kafka's producers, Hazelcast, Caddy, Ceph, Varnish's shard director
//! and RabbitMQ's consistent-hash exchange place a key, each by its own rules, read from its
//! source (named in its [`SystemSpec`]) and checked against the real program where Debian or
//! PyPI has it (`crates/ringlab/tests/real_systems.rs`, `real_clients.rs`, `real_caches.rs`,
//! `real_servers.rs`), against the vectors of its own tests
//! (`crates/ring-core/tests/data/known-answers.md`, "Real systems" and "Real systems, round
//! two"), or against answers its own code gave when run here (buraksezer/consistent under
//! Go, riak_core's claim and chash under Erlang).
//!
//! [`systems!`](crate::systems) below lists them once ([`SystemId`], [`SystemId::ALL`]);
//! each lives in a file of its own under `systems/` with its [`SystemSpec`]: an id, a
//! description, the source (repository and file), whether it takes weights and what a
//! weight means there, the syntax of its node names, its parameters, and a build function
//! that turns nodes into a [`Locate`].
//!
//! A system is not an [`crate::Algorithm`] of the registry: it fixes its hash, its
//! parameters and its tie rules, and it may refuse keys (nginx sends a request with an
//! empty key by round robin; a memcached key has no spaces). [`Locate::locate`] says so
//! with a [`KeyRefused`].

use std::fmt;

use crate::error::{is_blank_name, BuildError, MAX_NAME_BYTES, MAX_NODES};
use crate::placement::{NodeIndex, Picture, RingPoint};

mod address;
pub(crate) mod buraksezer;
pub(crate) mod caddy;
pub(crate) mod cassandra;
pub(crate) mod ceph;
pub(crate) mod dalli;
pub(crate) mod envoy;
pub(crate) mod groupcache;
pub(crate) mod guava;
pub(crate) mod haproxy;
pub(crate) mod hazelcast;
pub(crate) mod kafka;
pub(crate) mod libmemcached;
pub(crate) mod memcached;
pub(crate) mod nginx;
mod placement;
pub(crate) mod predis;
pub(crate) mod pymemcache;
pub(crate) mod rabbitmq;
pub(crate) mod redis;
pub(crate) mod redis_rb;
pub(crate) mod riak;
pub(crate) mod stathat;
pub(crate) mod twemproxy;
pub(crate) mod varnish;

pub use buraksezer::{buraksezer_average_load, Buraksezer};
pub use cassandra::{
    cassandra_random_token, cassandra_random_tokens, evenly_spaced_tokens, Cassandra, JavaRandom,
};
pub use ceph::{ceph_str_hash_rjenkins, crush_weight, osd_ids};
pub use envoy::{EnvoyMaglev, EnvoyRing};
pub use guava::consistent_hash as guava_consistent_hash;
pub use hazelcast::{
    hazelcast_hash_to_index, hazelcast_murmur3, hazelcast_partition, hazelcast_string_data,
};
pub use kafka::{kafka_murmur2, kafka_partition, librdkafka_partition};
pub use nginx::split_host_port as nginx_split_host_port;
pub use placement::RIAK_LAB_BUCKET;
pub(crate) use placement::{algo_docs, algo_spec, build_as};
pub use placement::{SystemPlacement, LAB_WEIGHT_UNIT};
pub use pymemcache::{pymemcache_murmur3, pymemcache_node_key};
pub use rabbitmq::jump as rabbitmq_jump;
pub use redis::redis_cli_slot_ranges;
pub use redis_rb::redis_rb_node_id;
pub use riak::{
    riak_bucket_key_term, riak_chash_key, riak_responsible_position, riak_sequential_claim, Riak,
};
pub use varnish::varnish_hash32;

/// Most points a system's ring may hold: Envoy's largest ring (`maximum_ring_size`,
/// 8,388,608), and one entry a host past it, which Envoy's running f64 sums can add
/// (1,000 hosts of equal weight at the largest size get 8,388,609).
pub const MAX_SYSTEM_POINTS: u64 = 8_388_608 + MAX_NODES as u64;

/// A node as a system's configuration names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SystemNode {
    /// The name as written (nginx's `server` text, Envoy's host address, twemproxy's
    /// server name); what is hashed depends on the system.
    pub name: String,
    /// The weight, if one was written, in the system's units (hundredths where its weights
    /// are decimals, [`Weights::Hundredths`]); `None` takes the system's default.
    pub weight: Option<u32>,
}

impl SystemNode {
    /// A node with its system's default weight.
    pub fn new(name: impl Into<String>) -> Self {
        SystemNode {
            name: name.into(),
            weight: None,
        }
    }

    /// A node with a weight.
    pub fn weighted(name: impl Into<String>, weight: u32) -> Self {
        SystemNode {
            name: name.into(),
            weight: Some(weight),
        }
    }
}

/// Whether a system weighs its nodes, and what a weight means there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weights {
    /// No weights: a node given one is refused.
    None,
    /// Weights from 1 to `max`, `default` when none is written.
    Taken {
        /// What the system does with a weight.
        meaning: &'static str,
        /// The weight of a node that has none written.
        default: u32,
        /// The largest weight the system takes.
        max: u32,
    },
    /// Decimal weights (Ceph's CRUSH weights, Varnish's `REAL` weight), kept in hundredths:
    /// `1.25` is 125. Written with at most two decimals.
    Hundredths {
        /// What the system does with a weight.
        meaning: &'static str,
        /// The weight of a node that has none written, in hundredths.
        default: u32,
        /// The smallest weight the system takes, in hundredths.
        min: u32,
        /// The largest weight the system takes, in hundredths.
        max: u32,
    },
}

impl Weights {
    /// The weight of a node that has none written, in the system's units (hundredths for
    /// [`Weights::Hundredths`]); `None` where the system has no weights.
    pub fn default_weight(&self) -> Option<u32> {
        match *self {
            Weights::None => None,
            Weights::Taken { default, .. } | Weights::Hundredths { default, .. } => Some(default),
        }
    }

    /// The weights taken, smallest and largest, in the system's units.
    pub fn range(&self) -> Option<(u32, u32)> {
        match *self {
            Weights::None => None,
            Weights::Taken { max, .. } => Some((1, max)),
            Weights::Hundredths { min, max, .. } => Some((min, max)),
        }
    }

    /// What the system does with a weight; empty where it has none.
    pub fn meaning(&self) -> &'static str {
        match *self {
            Weights::None => "",
            Weights::Taken { meaning, .. } | Weights::Hundredths { meaning, .. } => meaning,
        }
    }

    /// A weight as the system's configuration writes it: `3`, or `1.25` for hundredths.
    pub fn show(&self, weight: u32) -> String {
        match self {
            Weights::Hundredths { .. } => format!("{}.{:02}", weight / 100, weight % 100),
            _ => weight.to_string(),
        }
    }

    /// A weight as written on the command line, in the system's units: a whole number, or a
    /// decimal with at most two places for hundredths (`1.25` is 125, `3` is 300). The error
    /// says what a weight is.
    pub fn parse(&self, text: &str) -> Result<u32, String> {
        let text = text.trim();
        let Weights::Hundredths { .. } = self else {
            return text
                .parse::<u32>()
                .map_err(|_| "a weight is a whole number".to_string());
        };
        let bad = || "a weight is a decimal with at most two places (1.25)".to_string();
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(fraction) || fraction.len() > 2 {
            return Err(bad());
        }
        if whole.is_empty() && fraction.is_empty() {
            return Err(bad());
        }
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let cents: u32 = format!("{fraction:0<2}").parse().map_err(|_| bad())?;
        whole
            .checked_mul(100)
            .and_then(|w| w.checked_add(cents))
            .ok_or_else(bad)
    }
}

/// A whole-number parameter of a system (Envoy's ring sizes, a replica count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemParam {
    /// Its name (`min-ring-size`).
    pub name: &'static str,
    /// What it is, as the system's configuration calls it.
    pub description: &'static str,
    /// Its value when not given.
    pub default: u64,
    /// The smallest value taken.
    pub min: u64,
    /// The largest value taken.
    pub max: u64,
}

/// A cluster ready to build: the nodes' names and weights (defaults filled in) and every
/// parameter's value, in the spec's order.
#[derive(Clone, Debug)]
pub struct Cluster<'a> {
    /// The nodes' names, in the order given.
    pub names: Vec<&'a str>,
    /// Their weights (1 when the system takes none).
    pub weights: Vec<u32>,
    /// The parameters' values, in [`SystemSpec::params`] order.
    pub params: Vec<u64>,
}

/// One system, described once.
pub struct SystemSpec {
    /// Its name on the command line (`nginx`, `redis-cluster`).
    pub id: &'static str,
    /// One line: the system and the configuration it models.
    pub description: &'static str,
    /// Where its rules come from: repository and file.
    pub source: &'static str,
    /// Its weights.
    pub weights: Weights,
    /// How a node is named, and what of the name is hashed.
    pub node_syntax: &'static str,
    /// Its parameters.
    pub params: &'static [SystemParam],
    /// The hash it places keys by, as `ringlab hash --hash` or `--hash` names it
    /// (`crc32-ieee`, `xxh64`, `md5`).
    pub key_hash: &'static str,
    /// What its picture is: a ring, a table or buckets ([`Locate::picture`]).
    pub shape: crate::registry::Picture,
    /// How the lab builds it.
    pub lab: LabBuild,
    /// The server program whose keys it places, when it is a client library that picks the
    /// server itself (`kafka`, `memcached`, `redis`): two clients of one program sharing a
    /// cluster place keys by different rules ([`client_groups`]).
    pub client_of: Option<&'static str>,
    /// Builds it over a checked cluster.
    pub build: fn(&Cluster) -> Result<Box<dyn Locate>, SystemError>,
}

impl SystemSpec {
    /// The GitHub address of [`SystemSpec::source`]'s first file ("owner/repository path[,
    /// more]"), on the repository's default branch: where the app, `ringlab list` and the
    /// book link to.
    pub fn source_address(&self) -> String {
        let mut words = self.source.split_whitespace();
        let repository = words.next().unwrap_or_default();
        let file = words.next().unwrap_or_default().trim_end_matches(',');
        format!("https://github.com/{repository}/blob/HEAD/{file}")
    }
}

impl fmt::Debug for SystemSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SystemSpec")
            .field("id", &self.id)
            .field("weights", &self.weights)
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

/// How the lab builds a system.
#[derive(Clone, Copy, Debug)]
pub enum LabBuild {
    /// A [`SystemPlacement`] over [`SystemSpec::build`], at the system's default
    /// parameters.
    System,
    /// One of the core's algorithms (libketama, the Java client, go-zero): that
    /// algorithm's own placement, with the lab's weights as the algorithm takes them.
    Algorithm(crate::registry::BuildFn),
    /// A ring the lab can build in slices ([`crate::ring::RingBuild`]) and change in the
    /// lab by `params` (Envoy's ring sizes), as the command line's [`SystemSpec::params`]
    /// change the system's.
    Ring {
        /// Starts the build.
        build: crate::registry::RingBuildFn,
        /// The lab's parameters, in the order the build reads them.
        params: &'static [crate::registry::ParamSpec],
        /// What each is, in English, for the command line.
        docs: &'static [&'static str],
    },
    /// A [`SystemPlacement`] over [`SystemSpec::build`] whose parameters the lab changes:
    /// `params` are [`SystemSpec::params`] as the lab shows them (Ceph's `pg-num`), in the
    /// same order.
    SystemWith {
        /// The lab's parameters.
        params: &'static [crate::registry::ParamSpec],
        /// What each is, in English, for the command line.
        docs: &'static [&'static str],
    },
}

/// A built system: where a key goes.
pub trait Locate {
    /// The index (in the node list given) of the node `key` goes to, or why the system
    /// cannot take the key.
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused>;

    /// The system's own preference list for `key` (its replicas, the first being
    /// [`Locate::locate`]'s node), as long as the system's replication parameter says, or
    /// `None` where the system keeps one copy. Riak's may name a node twice; Cassandra's
    /// SimpleStrategy names distinct nodes.
    fn preference_list(&self, key: &str) -> Option<Result<Vec<NodeIndex>, KeyRefused>> {
        let _ = key;
        None
    }

    /// The table entries (partitions) that hold [`Locate::preference_list`]'s copies, in
    /// its order, for a system whose picture is a table (Riak); `None` for the others.
    fn preference_entries(&self, key: &str) -> Option<Result<Vec<u32>, KeyRefused>> {
        let _ = key;
        None
    }

    /// The value the system looks `key` up by, in [`Locate::picture`]'s terms: its position
    /// on the ring, the index of its table entry (slot, partition), or a bucket
    /// algorithm's 64-bit input.
    fn position(&self, key: &str) -> Result<u64, KeyRefused>;

    /// The system's structure, as a picture whose rule is the core's: on a ring a position
    /// belongs to the first point at or after it, in a table to the entry it indexes. A
    /// system whose own rule differs gives the ring that places every position as it does
    /// (HAProxy's nearest point: the points where each arc ends, halfway to the next).
    fn picture(&self) -> Picture;

    /// Whether a position past the ring's last point goes round to the first (as on every
    /// ring but Varnish's, whose last point keeps it: its picture gives that arc to the
    /// last point, and a drawing marks where the ring does not close).
    fn wraps(&self) -> bool {
        true
    }

    /// Each node's points in the system itself, where the picture's points differ from
    /// them (a point added to close Varnish's ring); `None`: as many as the picture's.
    fn point_counts(&self) -> Option<Vec<u32>> {
        None
    }

    /// Width in bits of the ring's space: 32 unless the system's ring is 64-bit.
    fn space_bits(&self) -> u32 {
        32
    }

    /// The candidates a bucket algorithm's loop stood on for `position`, the last being the
    /// answer (Guava's); `None` where the picture alone explains the placement.
    fn steps(&self, position: u64) -> Option<Vec<u32>> {
        let _ = position;
        None
    }

    /// Every node's score for `key`, by node index, where the system scores every node and
    /// the highest wins (rendezvous: its picture is [`Picture::Scores`]); `None` for the
    /// others. Each is the system's 32-bit hash over 2^32 ([`score_of_hash`]), so the order
    /// is the system's; [`Locate::locate`] applies its rule for equal scores.
    fn scores(&self, key: &str) -> Option<Result<Vec<f64>, KeyRefused>> {
        let _ = key;
        None
    }

    /// This system after `newcomer` joins at the end of the node list, worked out from
    /// this one, with the positions of the points it brings to the picture's ring
    /// (ascending): equal to building the longer list. `None` where that needs a rebuild.
    fn joined(&self, newcomer: &SystemNode) -> Option<(Box<dyn Locate>, Vec<u64>)> {
        let _ = newcomer;
        None
    }
}

/// A key a system cannot place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyRefused {
    /// The system.
    pub system: &'static str,
    /// The key.
    pub key: String,
    /// Why, in the system's terms.
    pub reason: &'static str,
}

impl KeyRefused {
    pub(crate) fn new(system: &'static str, key: &str, reason: &'static str) -> Self {
        KeyRefused {
            system,
            key: key.to_string(),
            reason,
        }
    }
}

impl fmt::Display for KeyRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cannot take the key {:?}: {}",
            self.system, self.key, self.reason
        )
    }
}

impl std::error::Error for KeyRefused {}

/// Why a system could not be built.
#[derive(Clone, Debug, PartialEq)]
pub enum SystemError {
    /// The core's algorithm refused the nodes (libketama, the Java client, go-zero).
    Core(BuildError),
    /// No nodes.
    NoNodes,
    /// More nodes than [`MAX_NODES`] (or than the system allows).
    TooManyNodes {
        /// How many were given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// A name with nothing visible in it.
    EmptyName {
        /// Its position (0-based).
        index: usize,
    },
    /// A name longer than [`MAX_NAME_BYTES`].
    NameTooLong {
        /// The name.
        name: String,
    },
    /// A name that is not a node of the system (a port out of range, a URL it cannot read).
    BadNodeName {
        /// The system.
        system: &'static str,
        /// The name.
        name: String,
        /// What the name must be, in the system's terms.
        rule: &'static str,
    },
    /// A name given twice.
    DuplicateName {
        /// The name.
        name: String,
    },
    /// A weight given to a system that has none.
    WeightNotTaken {
        /// The system.
        system: &'static str,
        /// The node.
        name: String,
    },
    /// A decimal weight out of the system's range ([`Weights::Hundredths`]).
    BadDecimalWeight {
        /// The node.
        name: String,
        /// The weight, in hundredths.
        weight: u32,
        /// The smallest the system takes, in hundredths.
        min: u32,
        /// The largest the system takes, in hundredths.
        max: u32,
    },
    /// A weight out of the system's range.
    BadWeight {
        /// The node.
        name: String,
        /// The weight.
        weight: u32,
        /// The largest the system takes.
        max: u32,
    },
    /// A parameter the system does not have.
    UnknownParam {
        /// The system.
        system: &'static str,
        /// The name given.
        name: String,
        /// The names it has.
        known: Vec<&'static str>,
    },
    /// A parameter out of its range, or against another (Envoy's minimum ring above its
    /// maximum, a Maglev table that is not prime).
    BadParam {
        /// The parameter.
        name: &'static str,
        /// The value.
        value: u64,
        /// What it must be.
        rule: String,
    },
    /// The ring would hold more than [`MAX_SYSTEM_POINTS`].
    TooManyPoints {
        /// How many it would hold.
        points: u64,
    },
}

impl fmt::Display for SystemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemError::Core(e) => write!(f, "{e}"),
            SystemError::NoNodes => write!(f, "no nodes: give at least one"),
            SystemError::TooManyNodes { count, max } => {
                write!(f, "{count} nodes: at most {max} are allowed")
            }
            SystemError::EmptyName { index } => {
                write!(f, "node {} has an empty name", index + 1)
            }
            SystemError::NameTooLong { name } => write!(
                f,
                "node name {name:?} is {} bytes long: at most {MAX_NAME_BYTES} are allowed",
                name.len()
            ),
            SystemError::BadNodeName { system, name, rule } => {
                write!(f, "node {name:?} is not a {system} node: {rule}")
            }
            SystemError::DuplicateName { name } => {
                write!(f, "node {name:?} is given twice")
            }
            SystemError::WeightNotTaken { system, name } => write!(
                f,
                "node {name:?} has a weight, but {system} does not weigh its nodes"
            ),
            SystemError::BadWeight { name, weight, max } => write!(
                f,
                "node {name:?} has weight {weight}: a weight is a whole number from 1 to {max}"
            ),
            SystemError::BadDecimalWeight {
                name,
                weight,
                min,
                max,
            } => {
                let hundredths = Weights::Hundredths {
                    meaning: "",
                    default: 100,
                    min: *min,
                    max: *max,
                };
                write!(
                    f,
                    "node {name:?} has weight {}: a weight is from {} to {}",
                    hundredths.show(*weight),
                    hundredths.show(*min),
                    hundredths.show(*max)
                )
            }
            SystemError::UnknownParam {
                system,
                name,
                known,
            } => {
                if known.is_empty() {
                    write!(f, "{system} has no parameter {name:?} (it has none)")
                } else {
                    write!(
                        f,
                        "{system} has no parameter {name:?}: use one of {}",
                        known.join(", ")
                    )
                }
            }
            SystemError::BadParam { name, value, rule } => {
                write!(f, "{name} = {value}: {rule}")
            }
            SystemError::TooManyPoints { points } => write!(
                f,
                "the ring would hold {points} points: at most {MAX_SYSTEM_POINTS} are allowed"
            ),
        }
    }
}

impl std::error::Error for SystemError {}

pub use crate::registry::SystemId;

impl SystemId {
    /// Its name on the command line.
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// The system called `name` (ASCII case ignored).
    pub fn from_id(name: &str) -> Option<SystemId> {
        SystemId::ALL
            .into_iter()
            .find(|s| s.id().eq_ignore_ascii_case(name.trim()))
    }

    /// Every system's name, in listing order.
    pub fn ids() -> Vec<&'static str> {
        SystemId::ALL.into_iter().map(SystemId::id).collect()
    }
}

/// The client groups: each program with more than one client library in the registry
/// ([`SystemSpec::client_of`]), and its clients in menu order.
///
/// ```
/// let groups = ring_core::systems::client_groups();
/// let kafka = groups.iter().find(|(program, _)| *program == "kafka").unwrap();
/// let ids: Vec<&str> = kafka.1.iter().map(|s| s.id()).collect();
/// assert_eq!(ids, ["kafka", "librdkafka"]);
/// ```
pub fn client_groups() -> Vec<(&'static str, Vec<crate::registry::SystemId>)> {
    let mut groups: Vec<(&'static str, Vec<crate::registry::SystemId>)> = Vec::new();
    for system in crate::registry::SystemId::ALL {
        let Some(program) = system.spec().client_of else {
            continue;
        };
        match groups.iter_mut().find(|(p, _)| *p == program) {
            Some((_, members)) => members.push(system),
            None => groups.push((program, vec![system])),
        }
    }
    groups.retain(|(_, members)| members.len() > 1);
    groups
}

/// Builds `system` over `nodes` with `params` (name, value; the others at their
/// defaults), after checking the nodes, their weights and the parameters.
pub fn build(
    system: SystemId,
    nodes: &[SystemNode],
    params: &[(&str, u64)],
) -> Result<Box<dyn Locate>, SystemError> {
    let spec = system.spec();
    let cluster = check(spec, nodes, params)?;
    (spec.build)(&cluster)
}

fn check<'a>(
    spec: &SystemSpec,
    nodes: &'a [SystemNode],
    params: &[(&str, u64)],
) -> Result<Cluster<'a>, SystemError> {
    if nodes.is_empty() {
        return Err(SystemError::NoNodes);
    }
    if nodes.len() > MAX_NODES {
        return Err(SystemError::TooManyNodes {
            count: nodes.len(),
            max: MAX_NODES,
        });
    }
    let mut weights = Vec::with_capacity(nodes.len());
    for (index, node) in nodes.iter().enumerate() {
        if is_blank_name(&node.name) {
            return Err(SystemError::EmptyName { index });
        }
        if node.name.len() > MAX_NAME_BYTES {
            return Err(SystemError::NameTooLong {
                name: node.name.clone(),
            });
        }
        weights.push(match (spec.weights, node.weight) {
            (Weights::None, None) => 1,
            (Weights::None, Some(_)) => {
                return Err(SystemError::WeightNotTaken {
                    system: spec.id,
                    name: node.name.clone(),
                })
            }
            (Weights::Taken { default, .. }, None) => default,
            (Weights::Taken { max, .. }, Some(weight)) => {
                if !(1..=max).contains(&weight) {
                    return Err(SystemError::BadWeight {
                        name: node.name.clone(),
                        weight,
                        max,
                    });
                }
                weight
            }
            (Weights::Hundredths { default, .. }, None) => default,
            (Weights::Hundredths { min, max, .. }, Some(weight)) => {
                if !(min..=max).contains(&weight) {
                    return Err(SystemError::BadDecimalWeight {
                        name: node.name.clone(),
                        weight,
                        min,
                        max,
                    });
                }
                weight
            }
        });
    }
    let names: Vec<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
    // Equal names are neighbours in name order.
    let order = by_name(&names);
    if let Some(pair) = order.windows(2).find(|w| names[w[0]] == names[w[1]]) {
        return Err(SystemError::DuplicateName {
            name: names[pair[1].max(pair[0])].to_string(),
        });
    }
    let mut values: Vec<u64> = spec.params.iter().map(|p| p.default).collect();
    for &(name, value) in params {
        let Some(i) = spec.params.iter().position(|p| p.name == name) else {
            return Err(SystemError::UnknownParam {
                system: spec.id,
                name: name.to_string(),
                known: spec.params.iter().map(|p| p.name).collect(),
            });
        };
        let p = &spec.params[i];
        if !(p.min..=p.max).contains(&value) {
            return Err(SystemError::BadParam {
                name: p.name,
                value,
                rule: format!(
                    "{} is a whole number from {} to {}",
                    p.description, p.min, p.max
                ),
            });
        }
        values[i] = value;
    }
    Ok(Cluster {
        names: nodes.iter().map(|n| n.name.as_str()).collect(),
        weights,
        params: values,
    })
}

/// The owner of `entry` when the nodes, in order, hold `weights[i]` entries each (nginx's
/// plain hash, twemproxy's modula).
pub(crate) fn weighted_entry(weights: &[u32], entry: u64) -> NodeIndex {
    let mut entry = entry;
    for (i, &weight) in weights.iter().enumerate() {
        if entry < u64::from(weight) {
            return index(i);
        }
        entry -= u64::from(weight);
    }
    0
}

/// The table [`weighted_entry`] reads.
pub(crate) fn weighted_table(weights: &[u32]) -> Picture {
    Picture::Table {
        entries: weights
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| std::iter::repeat_n(index(i), w as usize))
            .collect(),
    }
}

/// The indices of `names` in the byte order of the names (stable), as Riak's `lists:usort`
/// and Envoy's Maglev order hosts: one sort for both.
pub(crate) fn by_name(names: &[&str]) -> Vec<usize> {
    // Insertion at a binary search: n log n comparisons and a memmove per name, and no
    // instance of the slice sort for this closure (5 KB of the app's wasm).
    let mut order: Vec<usize> = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let at = order.partition_point(|&j| names[j].as_bytes() <= name.as_bytes());
        order.insert(at, i);
    }
    order
}

/// A rendezvous system's 32-bit score as [`Locate::scores`] gives it: over 2^32, a fraction
/// in [0, 1) that orders as the hash does (exact: a `u32` over a power of two is an `f64`).
pub fn score_of_hash(hash: u32) -> f64 {
    f64::from(hash) / 4_294_967_296.0
}

/// Node indices fit in [`NodeIndex`]: the node count is at most [`MAX_NODES`].
pub(crate) fn index(i: usize) -> NodeIndex {
    NodeIndex::try_from(i).unwrap_or(NodeIndex::MAX)
}

/// What to do with points at the same position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ties {
    /// The first generated wins (a stable sort, then a lookup that finds the first).
    FirstWins,
    /// The last generated wins (Go maps written in order: groupcache, stathat).
    LastWins,
}

/// Sorted ring points and the lookups the systems use.
#[derive(Clone, Debug)]
pub(crate) struct Points {
    positions: Vec<u64>,
    owners: Vec<NodeIndex>,
}

/// `points` sorted by position, keeping their order on a position they share: sorted as
/// the core's rings sort (one instance of the sort in the wasm, not two).
fn sorted_stably(points: Vec<(u64, NodeIndex)>) -> Vec<RingPoint> {
    let mut sorted: Vec<RingPoint> = points
        .into_iter()
        .map(|(position, owner)| RingPoint {
            position,
            owner,
            replica: 0,
        })
        .collect();
    sorted.sort_by_key(crate::ring::position_of);
    sorted
}

impl Points {
    /// `points` sorted by position (stably), with `ties` applied.
    pub(crate) fn new(points: Vec<(u64, NodeIndex)>, ties: Ties) -> Result<Self, SystemError> {
        if points.len() as u64 > MAX_SYSTEM_POINTS {
            return Err(SystemError::TooManyPoints {
                points: points.len() as u64,
            });
        }
        let sorted = sorted_stably(points);
        let mut positions = Vec::with_capacity(sorted.len());
        let mut owners: Vec<NodeIndex> = Vec::with_capacity(sorted.len());
        for p in sorted {
            // LastWins keeps the last of each run of equal positions.
            if ties == Ties::LastWins && positions.last() == Some(&p.position) {
                if let Some(last) = owners.last_mut() {
                    *last = p.owner;
                }
                continue;
            }
            positions.push(p.position);
            owners.push(p.owner);
        }
        if positions.is_empty() {
            return Err(SystemError::NoNodes);
        }
        Ok(Points { positions, owners })
    }

    /// These points with `added` (a node's, generated after every point here) merged in,
    /// as [`Points::new`] with [`Ties::FirstWins`] would sort them all: on a position both
    /// hold, the points here come first. Also the added positions, ascending. Costs a sort
    /// of `added` and one linear merge.
    pub(crate) fn with_added(&self, added: Vec<(u64, NodeIndex)>) -> (Points, Vec<u64>) {
        let new = sorted_stably(added);
        let total = self.positions.len() + new.len();
        let (mut positions, mut owners) = (Vec::with_capacity(total), Vec::with_capacity(total));
        let mut next = new.iter().peekable();
        for (&position, &owner) in self.positions.iter().zip(&self.owners) {
            while let Some(p) = next.next_if(|p| p.position < position) {
                positions.push(p.position);
                owners.push(p.owner);
            }
            positions.push(position);
            owners.push(owner);
        }
        for p in next {
            positions.push(p.position);
            owners.push(p.owner);
        }
        let added = new.iter().map(|p| p.position).collect();
        (Points { positions, owners }, added)
    }

    fn owner(&self, i: usize) -> NodeIndex {
        // Past the last point: wrap to the first.
        self.owners
            .get(i)
            .or(self.owners.first())
            .copied()
            .unwrap_or(0)
    }

    /// The owner of the first point at or after `h`, wrapping.
    pub(crate) fn at_or_after(&self, h: u64) -> NodeIndex {
        self.owner(self.positions.partition_point(|&p| p < h))
    }

    /// The owner of the first point at or after `h`; past the last point, the last point's
    /// owner (Varnish's shard director does not wrap).
    pub(crate) fn at_or_after_no_wrap(&self, h: u64) -> NodeIndex {
        let i = self.positions.partition_point(|&p| p < h);
        self.owners
            .get(i)
            .or(self.owners.last())
            .copied()
            .unwrap_or(0)
    }

    /// The points, ascending, each with its owner.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u64, NodeIndex)> + '_ {
        self.positions
            .iter()
            .copied()
            .zip(self.owners.iter().copied())
    }

    /// The owner of the first point strictly after `h`, wrapping.
    pub(crate) fn after(&self, h: u64) -> NodeIndex {
        self.owner(self.positions.partition_point(|&p| p <= h))
    }

    /// The owner of the last point at or before `h`; below the first point, the last
    /// point's (dalli, redis-rb, predis): of equal points, the last in [`Points::new`]'s
    /// order.
    pub(crate) fn at_or_before(&self, h: u64) -> NodeIndex {
        let after = self.positions.partition_point(|&p| p <= h);
        let last = self.positions.len().saturating_sub(1);
        self.owner(after.checked_sub(1).unwrap_or(last))
    }

    /// HAProxy's rule on a 32-bit ring: of the first point at or after `h` (`next`,
    /// wrapping) and the one before it (`prev`, wrapping), the nearer by circular
    /// distance; `prev` on a tie.
    pub(crate) fn nearest_u32(&self, h: u32) -> NodeIndex {
        let n = self.positions.len();
        let next = self.positions.partition_point(|&p| p < u64::from(h)) % n.max(1);
        let prev = if next == 0 {
            n.saturating_sub(1)
        } else {
            next - 1
        };
        let at = |i: usize| self.positions.get(i).copied().unwrap_or(0) as u32;
        let to_prev = h.wrapping_sub(at(prev));
        let to_next = at(next).wrapping_sub(h);
        self.owner(if to_prev <= to_next { prev } else { next })
    }

    /// The number of points.
    pub(crate) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The ring as a [`Picture::Ring`] of `bits` bits whose first-at-or-after rule places
    /// every position as `rule` does on these points.
    pub(crate) fn picture(&self, bits: u32, rule: Rule) -> Picture {
        let points: Vec<(u64, NodeIndex)> = match rule {
            Rule::AtOrAfter => self
                .positions
                .iter()
                .copied()
                .zip(self.owners.iter().copied())
                .collect(),
            // The first point strictly after h is the first at or after h + 1: each point
            // moved back by one (the point at 0 to the top of the space).
            Rule::After => {
                let top = space_top(bits);
                self.positions
                    .iter()
                    .map(|&p| if p == 0 { top } else { p - 1 })
                    .zip(self.owners.iter().copied())
                    .collect()
            }
            Rule::AtOrBefore => self.arcs_up_to_the_next_point(bits),
            Rule::NearestU32 => self.nearest_arcs(),
        };
        // Left in this order, which puts equal positions as the lookup takes them:
        // `SortedRing::new` sorts them, stably.
        numbered_ring(bits, points)
    }

    /// [`Points::at_or_before`] as arcs: a run of equal positions `q` owns from `q` up to
    /// the next run, so in the core's first-at-or-after picture the arc that ends at
    /// `q − 1` (the top of the space for `q = 0`) belongs to the last point of the run
    /// before `q`, wrapping to the last point of all.
    fn arcs_up_to_the_next_point(&self, bits: u32) -> Vec<(u64, NodeIndex)> {
        let top = space_top(bits);
        let last = self.owners.last().copied().unwrap_or(0);
        let mut arcs = Vec::with_capacity(self.positions.len());
        for (i, &q) in self.positions.iter().enumerate() {
            if i > 0 && self.positions[i - 1] == q {
                continue;
            }
            let before = i.checked_sub(1).map_or(last, |j| self.owners[j]);
            arcs.push((q.checked_sub(1).unwrap_or(top), before));
        }
        arcs
    }

    /// HAProxy's nearest point as arcs: of each run of equal positions `b` followed by the
    /// next run at `c`, the positions up to `b + (c − b) / 2` go to the run's last point
    /// (the one before the next run, on a tie too) and the position `b` itself to its first.
    fn nearest_arcs(&self) -> Vec<(u64, NodeIndex)> {
        let n = self.positions.len();
        let mut arcs = Vec::with_capacity(n);
        let mut i = 0;
        while i < n {
            let b = self.positions[i];
            let mut j = i;
            while j + 1 < n && self.positions[j + 1] == b {
                j += 1;
            }
            let next = self
                .positions
                .get(j + 1)
                .or(self.positions.first())
                .copied()
                .unwrap_or(b);
            let gap = (next as u32).wrapping_sub(b as u32);
            // One run alone: the whole circle, halfway round from b.
            let half = if gap == 0 { 1u32 << 31 } else { gap / 2 };
            if self.owners[i] != self.owners[j] {
                arcs.push((b, self.owners[i]));
            }
            arcs.push((u64::from((b as u32).wrapping_add(half)), self.owners[j]));
            i = j + 1;
        }
        arcs
    }
}

/// The largest position of a ring of `bits` bits.
fn space_top(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// A [`Picture::Ring`] of `bits` bits over `points` (position, owner), in their order, each
/// numbered among its owner's points.
pub(crate) fn numbered_ring(
    bits: u32,
    points: impl IntoIterator<Item = (u64, NodeIndex)>,
) -> Picture {
    let mut seen: Vec<u32> = Vec::new();
    let points: Vec<RingPoint> = points
        .into_iter()
        .map(|(position, owner)| {
            let slot = owner as usize;
            if seen.len() <= slot {
                seen.resize(slot + 1, 0);
            }
            seen[slot] += 1;
            RingPoint {
                position,
                owner,
                replica: seen[slot] - 1,
            }
        })
        .collect();
    Picture::Ring {
        space_bits: bits,
        points: points.into(),
    }
}

/// How a system's ring looks a position up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// The first point at or after it, wrapping.
    AtOrAfter,
    /// The first point strictly after it, wrapping (stathat).
    After,
    /// The last point at or before it; below the first point, the last (dalli,
    /// redis-rb, predis).
    AtOrBefore,
    /// HAProxy's nearer of the points around it on a 32-bit ring.
    NearestU32,
}

#[cfg(test)]
mod caches_tests;
#[cfg(test)]
mod client_tests;
#[cfg(test)]
mod servers_tests;
#[cfg(test)]
mod tests;
