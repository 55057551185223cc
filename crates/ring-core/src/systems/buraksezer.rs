//! buraksezer/consistent v1.0.0 (`consistent.go`): consistent hashing with bounded loads
//! over a fixed number of partitions, with the XXH64 hasher (seed 0, as
//! `cespare/xxhash.Sum64`) of its README's example.
//!
//! - Ring: per member, `ReplicationFactor` points, point `i` = XXH64 of `"<i>:<name>"`
//!   (`replicaKey`; v0.10.0 and before hashed `name + i`, which v1.0.0 changed for
//!   issue #17). Points sit in a Go map written in the order the members are given, so
//!   the member added later owns an equal hash.
//! - Partitions: `avgLoad = ceil(float64(PartitionCount) / float64(members) · Load)` (in
//!   f64, as v1.0.0 computes it; v0.10.0 divided the integers first). For each partition
//!   id in turn, hash its id as 8 little-endian bytes, start at the first point at or after
//!   that hash (wrapping), and walk the ring until a member whose load + 1 ≤ avgLoad; it
//!   takes the partition. A walk that finds none panics in Go (`not enough room`): here it
//!   is a [`SystemError::BadParam`].
//! - A key: partition `XXH64(key) % PartitionCount`, owned as distributed. Every key is
//!   valid.
//!
//! Defaults are the library's (`DefaultPartitionCount` 271, `DefaultReplicationFactor` 20,
//! `DefaultLoad` 1.25); `load-percent` is Load × 100, divided by 100 in f64 (so 125 is
//! exactly 1.25 and 110 the same double as Go's `1.1`).

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, SystemError, SystemParam, SystemSpec,
    Ties, Weights, MAX_SYSTEM_POINTS,
};
use crate::placement::NodeIndex;
use crate::xxh64::xxh64;

/// buraksezer/consistent.
pub static SPEC: SystemSpec = SystemSpec {
    id: "buraksezer",
    description: "buraksezer/consistent v1.0.0: XXH64 partitions (hash % 271) given to members by bounded loads (Load 1.25)",
    source: "buraksezer/consistent consistent.go",
    weights: Weights::None,
    node_syntax: "the member's String() (`node1.olric.com`), hashed as \"<i>:<name>\" per replica",
    params: &[
        SystemParam {
            name: "partition-count",
            description: "Config.PartitionCount",
            default: 271,
            min: 1,
            max: 1_000_000,
        },
        SystemParam {
            name: "replication-factor",
            description: "Config.ReplicationFactor (points per member)",
            default: 20,
            min: 1,
            max: 10_000,
        },
        SystemParam {
            name: "load-percent",
            description: "Config.Load times 100",
            default: 125,
            min: 1,
            max: 100_000,
        },
    ],
    key_hash: "xxh64",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// The ring point keys of a member: `replicaKey(name, i)` = `"<i>:<name>"`.
pub(crate) fn replica_key(name: &str, i: u64) -> String {
    format!("{i}:{name}")
}

/// `averageLoad`: `ceil(partitions / members · load)` in f64.
pub fn buraksezer_average_load(partitions: u64, members: usize, load: f64) -> f64 {
    (partitions as f64 / members as f64 * load).ceil()
}

/// A built buraksezer/consistent: each partition's owner.
#[derive(Clone, Debug)]
pub struct Buraksezer {
    owners: Vec<NodeIndex>,
}

impl Buraksezer {
    /// The owner of every partition, in partition order.
    pub fn partition_owners(&self) -> &[NodeIndex] {
        &self.owners
    }

    /// `FindPartitionID`: `XXH64(key) % PartitionCount`.
    pub fn partition_of(&self, key: &[u8]) -> usize {
        (xxh64(key, 0) % self.owners.len().max(1) as u64) as usize
    }
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(distribute(cluster)?))
}

/// `New(members, cfg)`: the ring and `distributePartitions`.
pub(crate) fn distribute(cluster: &Cluster) -> Result<Buraksezer, SystemError> {
    let param = |i: usize, default: u64| cluster.params.get(i).copied().unwrap_or(default);
    let partitions = param(0, 271);
    let replication = param(1, 20);
    let load = param(2, 125) as f64 / 100.0;
    let points = replication.saturating_mul(cluster.names.len() as u64);
    if points > MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points });
    }
    let mut ring = Vec::with_capacity(points as usize);
    for (member, name) in cluster.names.iter().enumerate() {
        for i in 0..replication {
            ring.push((xxh64(replica_key(name, i).as_bytes(), 0), index(member)));
        }
    }
    let ring = Points::new(ring, Ties::LastWins)?;
    let avg_load = buraksezer_average_load(partitions, cluster.names.len(), load);
    let mut loads = vec![0f64; cluster.names.len()];
    let mut owners = Vec::with_capacity(partitions as usize);
    for part in 0..partitions {
        let start = ring
            .positions
            .partition_point(|&p| p < xxh64(&part.to_le_bytes(), 0))
            % ring.len();
        let found = (0..ring.len())
            .map(|step| ring.owner((start + step) % ring.len()))
            .find(|&m| loads[m as usize] + 1.0 <= avg_load);
        let Some(member) = found else {
            return Err(SystemError::BadParam {
                name: "load-percent",
                value: param(2, 125),
                rule: format!(
                    "not enough room to distribute partitions (average load {avg_load}): \
                     raise the load or the member count, or lower the partition count"
                ),
            });
        };
        loads[member as usize] += 1.0;
        owners.push(member);
    }
    Ok(Buraksezer { owners })
}

impl Locate for Buraksezer {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self
            .owners
            .get(self.partition_of(key.as_bytes()))
            .copied()
            .unwrap_or(0))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(self.partition_of(key.as_bytes()) as u64)
    }

    fn picture(&self) -> crate::placement::Picture {
        crate::placement::Picture::Table {
            entries: self.owners.clone(),
        }
    }
}
