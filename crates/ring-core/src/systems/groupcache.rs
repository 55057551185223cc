//! groupcache's peer picking (golang/groupcache `consistenthash/consistenthash.go`,
//! `http.go`): `HTTPPool.Set` adds the peers in order to a `consistenthash.Map` of 50
//! replicas with `crc32.ChecksumIEEE`. Replica `i` of a peer hashes `strconv.Itoa(i) +
//! name` (a number prefix, no separator); the hashes go in a Go map, so on equal hashes the
//! peer **added later** owns the point. A key goes to the first hash at or after its
//! CRC-32, wrapping. Every key is valid.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::hash::crc32;
use crate::placement::NodeIndex;

/// groupcache.
pub static SPEC: SystemSpec = SystemSpec {
    id: "groupcache",
    description: "groupcache consistenthash (50 CRC-32 replicas named itoa(i)+peer)",
    source: "golang/groupcache consistenthash/consistenthash.go, http.go",
    weights: Weights::None,
    node_syntax: "the peer's URL or name as given to HTTPPool.Set (`http://10.0.0.1:8080`), hashed as written",
    params: &[super::SystemParam {
        name: "replicas",
        description: "consistenthash.New's replicas (http.go's defaultReplicas)",
        default: 50,
        min: 1,
        max: 10_000,
    }],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// Replica hashes `crc32(itoa(i) + name)` of every node, in the order added.
pub(super) fn crc32_replicas(cluster: &Cluster, replicas: u64) -> Vec<(u64, NodeIndex)> {
    let mut points = Vec::with_capacity(cluster.names.len() * replicas as usize);
    for (n, name) in cluster.names.iter().enumerate() {
        for i in 0..replicas {
            let replica = format!("{i}{name}");
            points.push((u64::from(crc32(replica.as_bytes())), index(n)));
        }
    }
    points
}

struct Groupcache {
    points: Points,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let replicas = cluster.params.first().copied().unwrap_or(50);
    let points = crc32_replicas(cluster, replicas);
    Ok(Box::new(Groupcache {
        points: Points::new(points, Ties::LastWins)?,
    }))
}

impl Locate for Groupcache {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.at_or_after(u64::from(crc32(key.as_bytes()))))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(u64::from(crc32(key.as_bytes())))
    }

    fn picture(&self) -> crate::placement::Picture {
        self.points.picture(32, Rule::AtOrAfter)
    }
}
