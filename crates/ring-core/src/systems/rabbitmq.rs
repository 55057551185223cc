//! RabbitMQ's consistent-hash exchange (rabbitmq/rabbitmq-server
//! `deps/rabbitmq_consistent_hash_exchange/src/rabbit_exchange_type_consistent_hash.erl`).
//!
//! The configuration modelled: an exchange of type `x-consistent-hash` without
//! `hash-header` or `hash-property`, one queue per node bound in list order with the
//! binding key the weight, and messages published with the key as routing key.
//!
//! - Buckets: each binding takes `weight` consecutive buckets, in binding order (a
//!   binding removed renumbers the buckets of every binding after it).
//! - A message goes to bucket `jump_consistent_hash(erlang:phash2(RoutingKey), Buckets)`:
//!   with one bucket, 0; otherwise the jump loop `B = J, J = trunc((B + 1) / R)` while
//!   `J < Buckets`, where each `R` is `rand:uniform_s/1` of an `exs1024` state seeded
//!   `{H, H, H}` ([`crate::erlang`]). A draw of exactly 0.0 would crash the routing in
//!   Erlang (`badarith`); its chance is 2^-64 a draw, and here it ends the loop.
//! - A routing key is an AMQP short string: at most 255 bytes.

use super::{
    weighted_entry, weighted_table, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemSpec,
    Weights,
};
use crate::erlang::{phash2_binary, Exs1024};
use crate::placement::{NodeIndex, Picture};

/// The consistent-hash exchange.
pub static SPEC: SystemSpec = SystemSpec {
    id: "rabbitmq-consistent-hash",
    description: "RabbitMQ x-consistent-hash exchange: jump consistent hash of erlang:phash2(routing key), drawn from rand's exs1024, over buckets the bindings take in turn",
    source: "rabbitmq/rabbitmq-server deps/rabbitmq_consistent_hash_exchange/src/rabbit_exchange_type_consistent_hash.erl",
    weights: Weights::Taken {
        meaning: "the binding key: that many consecutive buckets",
        default: 1,
        max: MAX_BINDING_WEIGHT,
    },
    node_syntax: "the queues, bound in list order; names are not hashed",
    params: &[],
    key_hash: "erlang-phash2",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// `?MAX_BINDING_WEIGHT`: the current source refuses a binding key above it (since 2026;
/// 3.10, Debian 12's, takes any positive whole number).
const MAX_BINDING_WEIGHT: u32 = 10_000;

/// `jump_consistent_hash(Key, Buckets)` for an integer key, `buckets` at least 1.
///
/// ```
/// use ring_core::systems::rabbitmq_jump;
/// assert_eq!(rabbitmq_jump(0, 1000), 807);
/// assert_eq!(rabbitmq_jump(99, 1), 0);
/// ```
pub fn jump(key: u32, buckets: u64) -> u64 {
    if buckets <= 1 {
        return 0;
    }
    let seed = u64::from(key);
    let mut state = Exs1024::seed(seed, seed, seed);
    let mut j: u64 = 0;
    loop {
        let b = j;
        let r = state.uniform();
        // trunc((B + 1) / R), compared with the bucket count before it is an integer:
        // trunc(x) >= N exactly when x >= N.
        let next = (b + 1) as f64 / r;
        if next >= buckets as f64 || next.is_nan() {
            return b;
        }
        j = next as u64;
    }
}

struct ConsistentHash {
    weights: Vec<u32>,
    buckets: u64,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let buckets: u64 = cluster.weights.iter().map(|&w| u64::from(w)).sum();
    if buckets > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: buckets });
    }
    Ok(Box::new(ConsistentHash {
        weights: cluster.weights.clone(),
        buckets,
    }))
}

impl Locate for ConsistentHash {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(weighted_entry(&self.weights, self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if key.len() > 255 {
            return Err(KeyRefused::new(
                SPEC.id,
                key,
                "a routing key is an AMQP short string, at most 255 bytes",
            ));
        }
        Ok(jump(phash2_binary(key.as_bytes()), self.buckets))
    }

    fn picture(&self) -> Picture {
        weighted_table(&self.weights)
    }
}
