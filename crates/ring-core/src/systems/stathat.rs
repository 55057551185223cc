//! stathat/consistent (`consistent.go`): 20 replicas (`NumberOfReplicas`) per element, each
//! `crc32.ChecksumIEEE` of `strconv.Itoa(i) + elt`, kept in a Go map (the element added
//! later owns an equal hash); a key goes to the first hash **strictly greater** than its
//! own CRC-32, wrapping (`search`: `sortedHashes[x] > key`). Every key is valid.

use super::groupcache::crc32_replicas;
use super::{
    Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties, Weights,
};
use crate::hash::crc32;
use crate::placement::NodeIndex;

/// stathat/consistent.
pub static SPEC: SystemSpec = SystemSpec {
    id: "stathat",
    description:
        "stathat/consistent (20 CRC-32 replicas named itoa(i)+elt, first hash above the key's)",
    source: "stathat/consistent consistent.go",
    weights: Weights::None,
    node_syntax: "the element as added (`cacheA`), hashed as written",
    params: &[super::SystemParam {
        name: "replicas",
        description: "Consistent.NumberOfReplicas",
        default: 20,
        min: 1,
        max: 10_000,
    }],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build,
};

struct Stathat {
    points: Points,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let replicas = cluster.params.first().copied().unwrap_or(20);
    Ok(Box::new(Stathat {
        points: Points::new(crc32_replicas(cluster, replicas), Ties::LastWins)?,
    }))
}

impl Locate for Stathat {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.after(u64::from(crc32(key.as_bytes()))))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(u64::from(crc32(key.as_bytes())))
    }

    fn picture(&self) -> crate::placement::Picture {
        self.points.picture(32, Rule::After)
    }
}
