//! HAProxy's `hash-type consistent` (haproxy/haproxy `src/lb_chash.c`, `src/backend.c`,
//! `src/hash.c`), as `balance hdr(…)`, `url_param`, `uri` and the other hash balances use
//! it with no hash function named.
//!
//! The server at 1-based position `p` in its backend (its `puid`, when no `id` is set) has
//! 16 × weight points (`BE_WEIGHT_SCALE`), point `n` at `full_hash(p · 4096 + n)` (4096 is
//! `SRV_EWGHT_RANGE`, so two servers' numbers never meet). A key hashes to
//! `full_hash(sdbm(key))` and goes to the **nearest** point: of the first point at or
//! after it and the one before, the nearer by circular distance, the one before on a tie
//! (`chash_get_server_hash`). A request without the key goes by round robin, so an empty
//! key is refused. Names are not hashed: only the servers' order matters.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::placement::{NodeIndex, Picture};
use crate::sdbm::{full_hash, haproxy_key_hash};

/// `hash-type consistent`.
pub static SPEC: SystemSpec = SystemSpec {
    id: "haproxy",
    description:
        "HAProxy `hash-type consistent` (full_hash(sdbm) keys, nearest of 16 points per weight)",
    source: "haproxy/haproxy src/lb_chash.c, src/hash.c",
    weights: Weights::Taken {
        meaning: "HAProxy's server `weight`: 16 points per unit",
        default: 1,
        max: 256,
    },
    node_syntax: "any server name; only the order counts (server p of the backend, 1-based)",
    params: &[],
    key_hash: "sdbm-avalanche",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// `BE_WEIGHT_SCALE`: points per unit of weight.
const POINTS_PER_WEIGHT: u32 = 16;
/// `SRV_EWGHT_RANGE`: the point numbers each server owns.
const NUMBERS_PER_SERVER: u32 = 4096;

struct Haproxy {
    points: Points,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let mut points = Vec::new();
    for (i, &weight) in cluster.weights.iter().enumerate() {
        let puid = index(i).wrapping_add(1);
        let first = puid.wrapping_mul(NUMBERS_PER_SERVER);
        for n in 0..weight * POINTS_PER_WEIGHT {
            points.push((u64::from(full_hash(first.wrapping_add(n))), index(i)));
        }
    }
    Ok(Box::new(Haproxy {
        points: Points::new(points, Ties::FirstWins)?,
    }))
}

impl Locate for Haproxy {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.nearest_u32(self.position(key)? as u32))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if key.is_empty() {
            return Err(KeyRefused::new(
                SPEC.id,
                key,
                "HAProxy balances a request without the key by round robin",
            ));
        }
        Ok(u64::from(haproxy_key_hash(key.as_bytes())))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, Rule::NearestU32)
    }
}
