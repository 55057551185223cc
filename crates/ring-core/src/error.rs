//! Errors and the limits every input is checked against. The app and `ringlab` show these
//! messages as they are, so each names the problem and the allowed range.

use std::fmt;

use crate::placement::NodeSpec;
use crate::registry::AlgoId;

/// Most nodes in one cluster.
pub const MAX_NODES: usize = 10_000;
/// Longest node name, in bytes of UTF-8.
pub const MAX_NAME_BYTES: usize = 256;
/// Largest weight.
pub const MAX_WEIGHT: u32 = 1_000_000;
/// Most virtual nodes for one node.
pub const MAX_VNODES: u32 = 10_000;
/// Most points on one ring, all nodes together: keeps a build well under a second.
pub const MAX_RING_POINTS: u64 = 2_000_000;
/// Most slots in a slot table.
pub const MAX_SLOTS: u32 = 1 << 20;
/// Largest Maglev table.
pub const MAX_TABLE_SIZE: u32 = 1_000_003;
/// Largest bounded-load ε.
pub const MAX_EPSILON: f64 = 100.0;

/// Most keys a traffic simulation ([`crate::traffic`]) runs over.
pub const MAX_TRAFFIC_KEYS: usize = 10_000_000;
/// Largest Zipf exponent of a traffic simulation (0 is uniform popularity).
pub const MAX_ZIPF: f64 = 1.5;
/// Most requests in one traffic simulation: about 100 s natively at the measured speed.
pub const MAX_REQUESTS: u64 = 1_000_000_000;
/// Most time buckets a traffic simulation reports.
pub const MAX_TIME_BUCKETS: u32 = 10_000;
/// Most (time bucket, node) request counts one simulation keeps: 32 MB of counters.
pub const MAX_TRAFFIC_CELLS: u64 = 4_000_000;
/// Largest replication factor of a traffic simulation (the app's replication view allows
/// as many).
pub const MAX_TRAFFIC_REPLICAS: u32 = 10;
/// Most cache entries (keys × the nodes that may hold each) one simulation numbers: 320 MB
/// of links, which 10,000,000 keys with one or two replicas fit.
pub const MAX_CACHE_ENTRIES: u64 = 40_000_000;

/// Why a placement could not be built or changed.
#[derive(Clone, Debug, PartialEq)]
pub enum BuildError {
    /// The node list is empty.
    NoNodes,
    /// More nodes than [`MAX_NODES`].
    TooManyNodes {
        /// How many were given.
        count: usize,
    },
    /// A name that is empty or has no visible character: only whitespace, zero-width,
    /// bidirectional-control or other invisible characters ([`is_blank_name`]).
    EmptyName {
        /// Its position in the list.
        index: usize,
    },
    /// A name longer than [`MAX_NAME_BYTES`].
    NameTooLong {
        /// Its position in the list.
        index: usize,
        /// Its length in bytes.
        bytes: usize,
    },
    /// Two nodes with the same name.
    DuplicateName {
        /// The name.
        name: String,
    },
    /// A weight outside `1..=MAX_WEIGHT`.
    BadWeight {
        /// The node's name.
        name: String,
        /// The weight given.
        weight: u32,
    },
    /// A virtual-node count outside `1..=MAX_VNODES`.
    BadVnodes {
        /// The node's name, or `None` for the default count.
        name: Option<String>,
        /// The count given.
        vnodes: u32,
    },
    /// The ring would hold more than [`MAX_RING_POINTS`] points.
    TooManyPoints {
        /// How many it would hold.
        points: u64,
    },
    /// A slot count outside `1..=MAX_SLOTS`.
    BadSlots {
        /// The count given.
        slots: u32,
    },
    /// A Maglev table size that is not a prime in `2..=MAX_TABLE_SIZE`, or smaller than
    /// the node count.
    BadTableSize {
        /// The size given.
        size: u32,
        /// The node count it must be at least.
        nodes: usize,
    },
    /// An ε that is not a number in `(0, MAX_EPSILON]`.
    BadEpsilon {
        /// The value given.
        epsilon: f64,
    },
    /// A replication factor outside `1..=node count`.
    BadReplicas {
        /// The factor given.
        replicas: u32,
        /// The number of nodes.
        nodes: u32,
    },
    /// A node index that is not in the cluster.
    NoSuchNode {
        /// The index given.
        index: u32,
    },
    /// An algorithm that numbers its nodes as buckets 0 to n − 1 (jump hash and its
    /// successors): only the last one can leave.
    RemovesOnlyLast {
        /// The algorithm.
        algo: AlgoId,
        /// The node asked to leave.
        index: u32,
        /// The last bucket, the only one that can.
        last: u32,
    },
    /// A parameter's value outside its range ([`crate::registry::ParamSpec::accepts`]),
    /// for an algorithm whose build checks no more than that range.
    BadParam {
        /// The algorithm.
        algo: AlgoId,
        /// The parameter's index in its list.
        index: u8,
        /// The value given.
        value: f64,
    },
    /// Envoy's minimum ring size above its maximum, which Envoy refuses.
    RingSizes {
        /// The minimum given.
        min: u32,
        /// The maximum given.
        max: u32,
    },
    /// More nodes than the algorithm's fixed number of buckets (AnchorHash's and DxHash's
    /// capacity) can hold.
    OverCapacity {
        /// The algorithm.
        algo: AlgoId,
        /// The nodes there would be.
        nodes: u32,
        /// Its buckets in all.
        capacity: u32,
    },
    /// A lab weight that is not a whole weight of the system (`algo`), or beyond its
    /// largest: the lab's 100 is the system's default weight
    /// ([`crate::systems::LAB_WEIGHT_UNIT`]).
    SystemWeight {
        /// The system's entry.
        algo: AlgoId,
        /// The node.
        name: String,
        /// The lab weight given.
        weight: u32,
    },
    /// More nodes than a system takes at its default parameters (Riak's 64 partitions).
    SystemFull {
        /// The system's entry.
        algo: AlgoId,
        /// The nodes given.
        nodes: u32,
        /// The most it takes.
        most: u32,
    },
    /// A node name the system (`algo`) cannot read as one of its nodes (a port out of
    /// range, a URL it does not take).
    SystemNodeName {
        /// The system's entry.
        algo: AlgoId,
        /// The name.
        name: String,
    },
    /// A key the system (`algo`) cannot take.
    KeyRefused {
        /// The system's entry.
        algo: AlgoId,
        /// The key.
        key: String,
    },
    /// A Chord ring of `2^bits` positions with `bits` outside `1..=64`.
    BadBits {
        /// The width given.
        bits: u32,
    },
    /// A position at or above `2^bits`, outside the ring.
    PositionOutOfRange {
        /// The position given.
        position: u64,
        /// The ring's width in bits.
        bits: u32,
    },
    /// A node given more than once where each node has one position (a Chord ring).
    RepeatedNode {
        /// The node's index.
        index: u32,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::NoNodes => write!(f, "the cluster needs at least one node"),
            BuildError::TooManyNodes { count } => {
                write!(f, "{count} nodes is too many: at most {MAX_NODES}")
            }
            BuildError::EmptyName { index } => {
                write!(f, "node {} has an empty name: give it a name", index + 1)
            }
            BuildError::NameTooLong { index, bytes } => write!(
                f,
                "node {}'s name is {bytes} bytes long: at most {MAX_NAME_BYTES}",
                index + 1
            ),
            BuildError::DuplicateName { name } => {
                write!(f, "two nodes are named {name:?}: names must be unique")
            }
            BuildError::BadWeight { name, weight } => write!(
                f,
                "node {name:?} has weight {weight}: a weight is a whole number from 1 to {MAX_WEIGHT}"
            ),
            BuildError::BadVnodes { name: Some(name), vnodes } => write!(
                f,
                "node {name:?} has {vnodes} virtual nodes: allowed are 1 to {MAX_VNODES}"
            ),
            BuildError::BadVnodes { name: None, vnodes } => write!(
                f,
                "{vnodes} virtual nodes per node: allowed are 1 to {MAX_VNODES}"
            ),
            BuildError::TooManyPoints { points } => write!(
                f,
                "the ring would hold {points} points: at most {MAX_RING_POINTS} (fewer nodes or virtual nodes)"
            ),
            BuildError::BadSlots { slots } => {
                write!(f, "{slots} slots: a slot table has 1 to {MAX_SLOTS} slots")
            }
            BuildError::BadTableSize { size, nodes } => write!(
                f,
                "Maglev table size {size}: it must be a prime from 2 to {MAX_TABLE_SIZE}, and at least the node count ({nodes})"
            ),
            BuildError::BadEpsilon { epsilon } => write!(
                f,
                "epsilon {epsilon}: it must be a number above 0 and at most {MAX_EPSILON}"
            ),
            BuildError::BadReplicas { replicas, nodes } => write!(
                f,
                "replication factor {replicas}: it must be from 1 to the node count ({nodes})"
            ),
            BuildError::NoSuchNode { index } => write!(f, "there is no node {index}"),
            BuildError::RemovesOnlyLast { algo, index, last } => write!(
                f,
                "{algo} numbers its nodes as buckets 0 to n − 1 and only the last one (bucket {last}) can leave; bucket {index} cannot"
            ),
            BuildError::BadParam { algo, index, value } => {
                let p = crate::registry::ParamRef::new(*algo, *index).spec();
                write!(f, "{algo} {} {value}: it must be in {}", p.key, p.range_text())
            }
            BuildError::RingSizes { min, max } => write!(
                f,
                "the minimum ring size {min} is above the maximum {max}: Envoy refuses that"
            ),
            BuildError::OverCapacity {
                algo,
                nodes,
                capacity,
            } => write!(
                f,
                "{algo} has {capacity} buckets in all (its capacity), too few for {nodes} nodes: raise the capacity"
            ),
            BuildError::SystemWeight { algo, name, weight } => write!(
                f,
                "node {name:?} has weight {weight}: {algo} takes whole weights, in hundreds (100 is its default)"
            ),
            BuildError::SystemFull { algo, nodes, most } => {
                write!(f, "{algo} takes at most {most} nodes, not {nodes}")
            }
            BuildError::SystemNodeName { algo, name } => {
                write!(f, "{algo} cannot take the node name {name:?}")
            }
            BuildError::KeyRefused { algo, key } => {
                write!(f, "{algo} cannot take the key {key:?}")
            }
            BuildError::BadBits { bits } => write!(
                f,
                "a ring of 2^{bits} positions: the width in bits must be from 1 to 64"
            ),
            BuildError::PositionOutOfRange { position, bits } => write!(
                f,
                "position {position} is outside the ring of 2^{bits} positions (0 to {})",
                u64::MAX >> (64 - (*bits).clamp(1, 64))
            ),
            BuildError::RepeatedNode { index } => write!(
                f,
                "node {index} is given more than once: each node has one position on a Chord ring"
            ),
        }
    }
}

impl std::error::Error for BuildError {}

/// Whether `name` shows nothing: every character is whitespace, a control character, or one
/// of Unicode's default-ignorable code points (zero-width spaces and joiners, bidirectional
/// marks, embeddings, overrides and isolates, the byte-order mark, variation selectors,
/// tags). Such a name would be an invisible row in a legend, so it counts as empty. Any
/// name with one visible character is allowed, whatever else it holds.
///
/// ```
/// use ring_core::error::is_blank_name;
///
/// assert!(is_blank_name(" \t"));
/// assert!(is_blank_name("\u{200B}\u{202E}\u{FEFF}"));
/// assert!(!is_blank_name("\u{202E}a"));
/// assert!(!is_blank_name("🦀"));
/// ```
pub fn is_blank_name(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_whitespace() || c.is_control() || is_default_ignorable(c))
}

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, Unicode 15):
/// characters that render as nothing when a font has no glyph for them.
fn is_default_ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
        | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Checks what every algorithm needs of the node list: at least one node, unique non-empty
/// names of bounded length, weights and virtual-node counts within their limits.
pub fn validate_nodes(nodes: &[NodeSpec], default_vnodes: u32) -> Result<(), BuildError> {
    if nodes.is_empty() {
        return Err(BuildError::NoNodes);
    }
    if nodes.len() > MAX_NODES {
        return Err(BuildError::TooManyNodes { count: nodes.len() });
    }
    if !(1..=MAX_VNODES).contains(&default_vnodes) {
        return Err(BuildError::BadVnodes {
            name: None,
            vnodes: default_vnodes,
        });
    }
    // The first name given twice, found before the loop so that the errors come in the
    // order of the list, as one pass with a set would give them.
    let repeat = crate::metrics::first_repeat(
        nodes
            .iter()
            .map(|n| crate::xxh64::xxh64(n.name.as_bytes(), 0)),
        |j, i| nodes[j].name == nodes[i].name,
    );
    for (index, node) in nodes.iter().enumerate() {
        if is_blank_name(&node.name) {
            return Err(BuildError::EmptyName { index });
        }
        if node.name.len() > MAX_NAME_BYTES {
            return Err(BuildError::NameTooLong {
                index,
                bytes: node.name.len(),
            });
        }
        if repeat == Some(index) {
            return Err(BuildError::DuplicateName {
                name: node.name.clone(),
            });
        }
        if !(1..=MAX_WEIGHT).contains(&node.weight) {
            return Err(BuildError::BadWeight {
                name: node.name.clone(),
                weight: node.weight,
            });
        }
        if let Some(vnodes) = node.vnodes {
            if !(1..=MAX_VNODES).contains(&vnodes) {
                return Err(BuildError::BadVnodes {
                    name: Some(node.name.clone()),
                    vnodes,
                });
            }
        }
    }
    Ok(())
}
