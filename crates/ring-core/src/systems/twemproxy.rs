//! twemproxy (nutcracker) with `hash: fnv1a_64` (twitter/twemproxy
//! `src/hashkit/nc_ketama.c`, `nc_modula.c`, `nc_fnv.c`).
//!
//! - **ketama**: each server's **name** (the `name` after its address in the pool's
//!   `servers:` list; without one, `host:port`, or only `host` on port 11211) gets
//!   `floorf((float)(pct · 160 / 4 · n + 1e-10)) · 4` points with
//!   `float pct = (float)weight / (float)total_weight`, the product in float and the sum in
//!   double as C evaluates it; 4 little-endian u32s per MD5 of `"NAME-k"`, `k` from 0.
//!   Sorted (`qsort`, stable in glibc's merge sort, so the first generated of equal points
//!   comes first); a key goes to the first point at or after its hash, wrapping.
//! - **modula**: the servers, each repeated `weight` times in order; a key goes to entry
//!   `hash % total_weight`.
//!
//! The hash is twemproxy's `fnv1a_64`, which is 32-bit and sign-extends bytes
//! ([`crate::twemproxy_fnv`]). Keys are memcached keys: 1 to 250 bytes, no spaces or
//! control characters; twemproxy's parser refuses others.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::ketama::{digest_points, float_digests};
use crate::placement::{NodeIndex, Picture};
use crate::twemproxy_fnv::twemproxy_fnv1a_64;

const WEIGHTS: Weights = Weights::Taken {
    meaning: "twemproxy's `:weight` (host:port:weight): a share of the 160 points per server (ketama), entries in the modulus (modula)",
    default: 1,
    max: 1_000_000,
};

const NODE_SYNTAX: &str = "the server's name as twemproxy hashes it: the `name` after `host:port:weight`, or `host:port` (`host` alone on port 11211)";

/// `distribution: ketama`.
pub static KETAMA: SystemSpec = SystemSpec {
    id: "twemproxy",
    description: "twemproxy (nutcracker) ketama with its 32-bit fnv1a_64",
    source: "twitter/twemproxy src/hashkit/nc_ketama.c, src/hashkit/nc_fnv.c",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "twemproxy-fnv1a-64",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build: build_ketama,
};

/// `distribution: modula`.
pub static MODULA: SystemSpec = SystemSpec {
    id: "twemproxy-modula",
    description: "twemproxy (nutcracker) modula with its 32-bit fnv1a_64",
    source: "twitter/twemproxy src/hashkit/nc_modula.c, src/hashkit/nc_fnv.c",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "twemproxy-fnv1a-64",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build: build_modula,
};

/// `MEMCACHE_MAX_KEY_LENGTH`.
const MAX_KEY_BYTES: usize = 250;

fn check_key(system: &'static str, key: &str) -> Result<(), KeyRefused> {
    if key.is_empty() {
        return Err(KeyRefused::new(system, key, "a memcached key is not empty"));
    }
    if key.len() > MAX_KEY_BYTES {
        return Err(KeyRefused::new(
            system,
            key,
            "a memcached key is at most 250 bytes",
        ));
    }
    if key.bytes().any(|b| b <= b' ' || b == 0x7f) {
        return Err(KeyRefused::new(
            system,
            key,
            "a memcached key has no spaces or control characters",
        ));
    }
    Ok(())
}

struct Ketama {
    points: Points,
}

fn build_ketama(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    // `ketama_update`'s float formula, the Java client's and libmemcached's too.
    let counts = float_digests(&cluster.weights);
    let total: u64 = counts.iter().map(|&d| u64::from(d) * 4).sum();
    if total > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: total });
    }
    let mut points = Vec::with_capacity(total as usize);
    for (i, (name, &count)) in cluster.names.iter().zip(&counts).enumerate() {
        for k in 0..count {
            for word in digest_points(format!("{name}-{k}").as_bytes()) {
                points.push((u64::from(word), index(i)));
            }
        }
    }
    Ok(Box::new(Ketama {
        points: Points::new(points, Ties::FirstWins)?,
    }))
}

impl Locate for Ketama {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.at_or_after(self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        check_key(KETAMA.id, key)?;
        Ok(u64::from(twemproxy_fnv1a_64(key.as_bytes())))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, Rule::AtOrAfter)
    }
}

struct Modula {
    weights: Vec<u32>,
    total: u64,
}

fn build_modula(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Modula {
        weights: cluster.weights.clone(),
        total: cluster.weights.iter().map(|&w| u64::from(w)).sum(),
    }))
}

impl Locate for Modula {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(super::weighted_entry(&self.weights, self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        check_key(MODULA.id, key)?;
        Ok(u64::from(twemproxy_fnv1a_64(key.as_bytes())) % self.total.max(1))
    }

    fn picture(&self) -> Picture {
        super::weighted_table(&self.weights)
    }
}

#[cfg(test)]
mod tests {
    use crate::ketama::float_digests;

    #[test]
    fn digests_follow_the_float_formula() {
        // 1:2:1 → pct 0.25, 0.5, 0.25 of 40 · 3 digests.
        assert_eq!(float_digests(&[1, 2, 1]), vec![30, 60, 30]);
        assert_eq!(float_digests(&[1; 4]), vec![40; 4]);
    }
}
