//! Cassandra's `Murmur3Partitioner` (apache/cassandra
//! `src/java/org/apache/cassandra/dht/Murmur3Partitioner.java`) with one evenly spaced
//! token per node, as `initial_token` is set for a balanced ring: node `i` of `N` gets
//! `−2^63 + i · ⌊2^64 / N⌋`. A key's token is [`crate::cassandra_murmur3::token`]; a node
//! owns the range (previous token, its token], so a key goes to the first token at or
//! after its own, wrapping past the largest to the smallest. Cassandra refuses an empty
//! partition key.

use super::{index, Cluster, KeyRefused, Locate, SystemError, SystemSpec, Weights};
use crate::cassandra_murmur3::token;
use crate::placement::NodeIndex;

/// Cassandra, one evenly spaced token per node.
pub static SPEC: SystemSpec = SystemSpec {
    id: "cassandra",
    description: "Cassandra Murmur3Partitioner, one evenly spaced token per node (initial_token)",
    source: "apache/cassandra src/java/org/apache/cassandra/dht/Murmur3Partitioner.java, utils/MurmurHash.java",
    weights: Weights::None,
    node_syntax: "the nodes in token order (node i gets token -2^63 + i * (2^64 div N)); names are not hashed",
    params: &[],
    build,
};

/// The evenly spaced tokens of `nodes` nodes.
///
/// ```
/// use ring_core::systems::evenly_spaced_tokens;
/// assert_eq!(evenly_spaced_tokens(2), vec![i64::MIN, 0]);
/// ```
pub fn evenly_spaced_tokens(nodes: u32) -> Vec<i64> {
    let step = (1i128 << 64) / i128::from(nodes.max(1));
    (0..i128::from(nodes))
        .map(|i| (i128::from(i64::MIN) + i * step) as i64)
        .collect()
}

/// A ring of tokens, each a node's.
#[derive(Clone, Debug)]
pub struct Cassandra {
    /// The tokens in ascending order, node `i` at `i`.
    tokens: Vec<i64>,
}

impl Cassandra {
    /// A ring of `tokens` (ascending), node `i` owning `tokens[i]`.
    pub fn from_tokens(tokens: Vec<i64>) -> Self {
        Cassandra { tokens }
    }

    /// The node owning `token`: the first token at or after it, wrapping.
    pub fn owner_of_token(&self, token: i64) -> NodeIndex {
        let i = self.tokens.partition_point(|&t| t < token);
        if i == self.tokens.len() {
            0
        } else {
            index(i)
        }
    }
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Cassandra {
        tokens: evenly_spaced_tokens(index(cluster.names.len())),
    }))
}

impl Locate for Cassandra {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        if key.is_empty() {
            return Err(KeyRefused::new(
                SPEC.id,
                key,
                "Cassandra refuses an empty partition key",
            ));
        }
        Ok(self.owner_of_token(token(key.as_bytes())))
    }
}
