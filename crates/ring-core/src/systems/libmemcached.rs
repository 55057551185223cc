//! libmemcached's consistent distributions (awesomized/libmemcached 1.1.4, Debian's
//! `libmemcached11`; `src/libmemcached/hosts.cc` `update_continuum` and `server_add`,
//! `src/libmemcached/hash.cc` `dispatch_host`, `src/libmemcached/behavior.cc`).
//!
//! - **Weighted ketama** (`MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED`, which PHP's
//!   `Memcached::OPT_LIBKETAMA_COMPATIBLE` and pylibmc's `"ketama"` set): key and
//!   distribution hash MD5, distribution `MEMCACHED_DISTRIBUTION_CONSISTENT_WEIGHTED`. A
//!   server gets [`float_digests`] digests (the Java client's and twemproxy's float
//!   formula), each the MD5 of `"host-i"` (port 11211) or `"host:port-i"`, cut into four
//!   little-endian points. A key's hash is the first four bytes of its MD5, little-endian.
//! - **Consistent** (`MEMCACHED_DISTRIBUTION_CONSISTENT` with the default hash, Jenkins'
//!   one-at-a-time, bytes sign-extended: [`libmemcached_one_at_a_time`]): 100 points per
//!   server, each the one-at-a-time hash of the same `"host-i"` texts; keys by the same
//!   hash. But `server_add` turns on weighted ketama as soon as a server is added with a
//!   weight above 1: the whole continuum is then the MD5 one above, while the key hash
//!   stays one-at-a-time.
//!
//! Both sort the points by value and then by server index (`continuum_item_cmp`), and a key
//! goes to the first point at or after its hash, wrapping: of equal points, the earlier
//! server's. `memcached_server_by_key` refuses a key that is empty or longer than 250
//! bytes (`memcached_key_test`; spaces are allowed, `MEMCACHED_BEHAVIOR_VERIFY_KEY` being
//! off). With one server libmemcached skips the hash (it is 0); the key lands on that server
//! either way, and the position shown is the key's hash.

use super::address::host_port;
use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::hash::md5_le32;
use crate::ketama::{digest_points, float_digests};
use crate::one_at_a_time::libmemcached_one_at_a_time;
use crate::placement::{NodeIndex, Picture};

const NODE_SYNTAX: &str = "`host[:port]` as given to memcached_server_add_with_weight (host alone is port 11211, an IPv6 host in brackets); its points hash `host-i` on port 11211 and `host:port-i` on any other";

/// `MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED`.
pub static KETAMA_WEIGHTED: SystemSpec = SystemSpec {
    id: "libmemcached",
    description: "libmemcached weighted ketama (PHP's OPT_LIBKETAMA_COMPATIBLE, pylibmc's ketama): MD5 points, 160 per server scaled by weight",
    source: "awesomized/libmemcached src/libmemcached/hosts.cc, src/libmemcached/hash.cc, src/libmemcached/behavior.cc",
    weights: Weights::Taken {
        meaning: "memcached_server_add_with_weight's weight: a share of 40 digests × the server count",
        default: 1,
        max: 1_000_000,
    },
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "md5",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: Some("memcached"),
    build: build_weighted,
};

/// `MEMCACHED_DISTRIBUTION_CONSISTENT` with the default hash.
pub static CONSISTENT: SystemSpec = SystemSpec {
    id: "libmemcached-consistent",
    description: "libmemcached MEMCACHED_DISTRIBUTION_CONSISTENT: 100 one-at-a-time points per server; a weight above 1 switches the points to weighted ketama's MD5",
    source: "awesomized/libmemcached src/libmemcached/hosts.cc, src/libhashkit/one_at_a_time.cc, src/libmemcached/hash.cc",
    weights: Weights::Taken {
        meaning: "memcached_server_add_with_weight's weight: any weight above 1 makes the continuum weighted ketama's (MD5, a share of 40 digests × the server count); the keys keep one-at-a-time",
        default: 1,
        max: 1_000_000,
    },
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "libmemcached-oaat",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: Some("memcached"),
    build: build_consistent,
};

/// `MEMCACHED_DEFAULT_PORT`: left out of the points' text.
const DEFAULT_PORT: u16 = 11211;
/// `MEMCACHED_POINTS_PER_SERVER`, the unweighted continuum's points.
const POINTS_PER_SERVER: u32 = 100;
/// `MEMCACHED_MAX_KEY` − 1.
const MAX_KEY_BYTES: usize = 250;

/// Each server's point text without its index: `host` on port 11211, `host:port` otherwise.
fn point_prefixes(system: &'static str, cluster: &Cluster) -> Result<Vec<String>, SystemError> {
    cluster
        .names
        .iter()
        .map(|name| {
            let address = host_port(system, name)?;
            Ok(match address.port_or(DEFAULT_PORT) {
                DEFAULT_PORT => address.host.to_string(),
                port => format!("{}:{port}", address.host),
            })
        })
        .collect()
}

/// Weighted ketama's continuum: four MD5 points per digest.
fn md5_points(prefixes: &[String], weights: &[u32]) -> Result<Points, SystemError> {
    let digests = float_digests(weights);
    let total: u64 = digests.iter().map(|&d| u64::from(d) * 4).sum();
    if total > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: total });
    }
    let mut points = Vec::with_capacity(total as usize);
    for (i, (prefix, &count)) in prefixes.iter().zip(&digests).enumerate() {
        for k in 0..count {
            for word in digest_points(format!("{prefix}-{k}").as_bytes()) {
                points.push((u64::from(word), index(i)));
            }
        }
    }
    Points::new(points, Ties::FirstWins)
}

/// The unweighted consistent continuum: 100 one-at-a-time points per server.
fn one_at_a_time_points(prefixes: &[String]) -> Result<Points, SystemError> {
    let mut points = Vec::with_capacity(prefixes.len() * POINTS_PER_SERVER as usize);
    for (i, prefix) in prefixes.iter().enumerate() {
        for k in 0..POINTS_PER_SERVER {
            let text = format!("{prefix}-{k}");
            points.push((
                u64::from(libmemcached_one_at_a_time(text.as_bytes())),
                index(i),
            ));
        }
    }
    Points::new(points, Ties::FirstWins)
}

/// Which hash a continuum's keys take.
#[derive(Clone, Copy)]
enum KeyHash {
    Md5,
    OneAtATime,
}

struct Continuum {
    system: &'static str,
    points: Points,
    key_hash: KeyHash,
}

fn build_weighted(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let prefixes = point_prefixes(KETAMA_WEIGHTED.id, cluster)?;
    Ok(Box::new(Continuum {
        system: KETAMA_WEIGHTED.id,
        points: md5_points(&prefixes, &cluster.weights)?,
        key_hash: KeyHash::Md5,
    }))
}

fn build_consistent(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let prefixes = point_prefixes(CONSISTENT.id, cluster)?;
    // `server_add`: `if (weight > 1) memcached_set_weighted_ketama(memc, true)`.
    let points = if cluster.weights.iter().any(|&w| w > 1) {
        md5_points(&prefixes, &cluster.weights)?
    } else {
        one_at_a_time_points(&prefixes)?
    };
    Ok(Box::new(Continuum {
        system: CONSISTENT.id,
        points,
        key_hash: KeyHash::OneAtATime,
    }))
}

impl Locate for Continuum {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.at_or_after(self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if key.is_empty() || key.len() > MAX_KEY_BYTES {
            return Err(KeyRefused::new(
                self.system,
                key,
                "libmemcached takes keys of 1 to 250 bytes",
            ));
        }
        Ok(u64::from(match self.key_hash {
            KeyHash::Md5 => md5_le32(key.as_bytes()),
            KeyHash::OneAtATime => libmemcached_one_at_a_time(key.as_bytes()),
        }))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, Rule::AtOrAfter)
    }
}
