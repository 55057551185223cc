//! The systems the core's algorithms already are, named as systems: libketama and the Java
//! memcached client ([`crate::ketama`]), and go-zero's `core/hash` ring ([`crate::gozero`]).
//! Each is built through its algorithm's [`Placement`]; every key is valid.

use super::{Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemParam, SystemSpec, Weights};
use crate::error::BuildError;
use crate::gozero::{GoZeroRing, MIN_REPLICAS, TOP_WEIGHT};
use crate::ketama::{Ketama, Weighting};
use crate::placement::{Config, NodeIndex, NodeSpec, Placement};

/// libketama.
pub static LIBKETAMA: SystemSpec = SystemSpec {
    id: "libketama",
    description: "libketama (MD5 points, 160 per server scaled by memory)",
    source: "RJ/ketama libketama/ketama.c",
    weights: Weights::Taken {
        meaning: "libketama's server memory: a share of 40 digests × the server count",
        default: 1,
        max: 1_000_000,
    },
    node_syntax: "the server as in libketama's server file (`10.0.1.1:11211`), hashed as written",
    params: &[],
    key_hash: "md5",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::Algorithm(lab_ketama_libketama),
    client_of: Some("memcached"),
    build: |cluster| ketama(cluster, Weighting::Libketama),
};

/// The Java memcached client.
pub static SPYMEMCACHED: SystemSpec = SystemSpec {
    id: "spymemcached",
    description: "the Java memcached client's KetamaNodeLocator (spymemcached, xmemcached)",
    source: "couchbase/spymemcached src/main/java/net/spy/memcached/KetamaNodeLocator.java",
    weights: Weights::Taken {
        meaning: "the client's weight map: a share of 160 points × the server count",
        default: 1,
        max: 1_000_000,
    },
    node_syntax: "the server's socket address as the client names it (`10.0.1.1:11211`)",
    params: &[],
    key_hash: "md5",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::Algorithm(lab_ketama_java),
    client_of: Some("memcached"),
    build: |cluster| ketama(cluster, Weighting::JavaClient),
};

/// go-zero.
pub static GO_ZERO: SystemSpec = SystemSpec {
    id: "go-zero",
    description: "go-zero's core/hash ConsistentHash (murmur3-64, replicas at least 100)",
    source: "zeromicro/go-zero core/hash/consistenthash.go",
    weights: Weights::Taken {
        meaning: "go-zero's AddWithWeight: a percentage of the replicas (100 is all)",
        default: TOP_WEIGHT,
        max: TOP_WEIGHT,
    },
    node_syntax: "the node's text as go-zero's repr gives it (`10.0.1.1:8080`)",
    params: &[SystemParam {
        name: "replicas",
        description: "NewConsistentHash's replicas (raised to 100 if lower)",
        default: MIN_REPLICAS as u64,
        min: 1,
        max: 10_000,
    }],
    key_hash: "murmur3-64",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::Algorithm(lab_go_zero),
    client_of: Some("redis"),
    build: go_zero,
};

fn core_error(e: BuildError) -> SystemError {
    match e {
        BuildError::TooManyPoints { points } => SystemError::TooManyPoints { points },
        other => SystemError::Core(other),
    }
}

fn specs(cluster: &Cluster) -> Vec<NodeSpec> {
    cluster
        .names
        .iter()
        .zip(&cluster.weights)
        .map(|(name, &weight)| NodeSpec::new(*name, weight))
        .collect()
}

/// A placement of the core, as a system.
struct Core(Box<dyn Placement>);

impl Locate for Core {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.0.locate(key))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(self.0.key_position(key))
    }

    fn picture(&self) -> crate::placement::Picture {
        self.0.picture()
    }

    fn space_bits(&self) -> u32 {
        self.0.space_bits()
    }
}

fn ketama(cluster: &Cluster, weighting: Weighting) -> Result<Box<dyn Locate>, SystemError> {
    let ring = Ketama::new(&specs(cluster), weighting).map_err(core_error)?;
    Ok(Box::new(Core(Box::new(ring))))
}

fn go_zero(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let replicas = cluster.params.first().copied().unwrap_or(100);
    let replicas = u32::try_from(replicas).unwrap_or(MIN_REPLICAS);
    let ring = GoZeroRing::new(&specs(cluster), replicas).map_err(core_error)?;
    Ok(Box::new(Core(Box::new(ring))))
}

fn lab_specs(nodes: &[NodeSpec]) -> Vec<NodeSpec> {
    // The core's algorithms set their points themselves.
    nodes
        .iter()
        .map(|n| NodeSpec::new(n.name.clone(), n.weight))
        .collect()
}

fn lab_ketama_libketama(_: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Ketama::new(
        &lab_specs(nodes),
        Weighting::Libketama,
    )?))
}

fn lab_ketama_java(_: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Ketama::new(
        &lab_specs(nodes),
        Weighting::JavaClient,
    )?))
}

fn lab_go_zero(_: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(GoZeroRing::new(&lab_specs(nodes), MIN_REPLICAS)?))
}
