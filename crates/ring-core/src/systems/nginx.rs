//! nginx's `hash $key consistent` and plain `hash $key`
//! (nginx/nginx `src/http/modules/ngx_http_upstream_hash_module.c`).
//!
//! - **Consistent** (`ngx_http_upstream_init_chash`): a `server`'s text splits into host
//!   and port at its last `:` if only digits follow it (`unix:` sockets have no port), so
//!   `127.0.0.5` and `127.0.0.5:80` are different points. Each server has 160 × weight
//!   points: with `prev = 0`, each point is the CRC-32 of host, a NUL byte, port and `prev`
//!   as 4 little-endian bytes, and becomes `prev`. The points are sorted and equal ones
//!   merged (the first kept); a key goes to the first point at or after its CRC-32,
//!   wrapping.
//! - **Plain** (`ngx_http_upstream_get_hash_peer`, compatible with Cache::Memcached):
//!   `w = ((crc32(key) >> 16) & 0x7fff) % total_weight`, then the servers in order, each
//!   taking `w < weight` or subtracting its weight.
//!
//! Both send a request whose key is empty by round robin, so an empty key is refused. The
//! key is the variable's raw text: `$arg_k` is not percent-decoded.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemNode,
    SystemSpec, Ties, Weights,
};
use crate::hash::crc32;
use crate::placement::{NodeIndex, Picture};

const WEIGHTS: Weights = Weights::Taken {
    meaning: "nginx's `weight=`: 160 points per unit (consistent), a share of the modulus (plain)",
    default: 1,
    max: 1_000_000,
};

const NODE_SYNTAX: &str =
    "the `server` text as written (`127.0.0.1:8081`, `backend.example:80`, `unix:/run/app.sock`)";

/// `hash $key consistent`.
pub static CONSISTENT: SystemSpec = SystemSpec {
    id: "nginx",
    description:
        "nginx upstream `hash $key consistent` (CRC-32 points chained per server, 160 per weight)",
    source: "nginx/nginx src/http/modules/ngx_http_upstream_hash_module.c",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build: build_consistent,
};

/// Plain `hash $key`.
pub static PLAIN: SystemSpec = SystemSpec {
    id: "nginx-hash",
    description: "nginx upstream plain `hash $key` (((crc32 >> 16) & 0x7fff) % total weight)",
    source: "nginx/nginx src/http/modules/ngx_http_upstream_hash_module.c",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build: build_plain,
};

/// Points per unit of weight.
const POINTS_PER_WEIGHT: u64 = 160;

const EMPTY_KEY: &str = "nginx sends a request with an empty key by round robin";

/// The host and port nginx hashes for a `server` text: split at the last `:` when only
/// digits (or nothing) follow it; `unix:` sockets and texts without such a colon have an
/// empty port.
///
/// ```
/// use ring_core::systems::nginx_split_host_port as split;
/// assert_eq!(split("127.0.0.1:8081"), ("127.0.0.1", "8081"));
/// assert_eq!(split("127.0.0.5"), ("127.0.0.5", ""));
/// assert_eq!(split("unix:/run/app.sock"), ("/run/app.sock", ""));
/// ```
pub fn split_host_port(server: &str) -> (&str, &str) {
    if server
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("unix:"))
    {
        return (&server[5..], "");
    }
    let digits = server.bytes().rev().take_while(u8::is_ascii_digit).count();
    let colon = server.len() - digits;
    match colon.checked_sub(1) {
        Some(at) if server.as_bytes().get(at) == Some(&b':') => (&server[..at], &server[colon..]),
        _ => (server, ""),
    }
}

struct Consistent {
    points: Points,
    /// How many servers placed the points.
    servers: usize,
}

/// Server `owner`'s `weight × 160` points: CRC32 chained over `host\0port` and the
/// previous point.
fn push_server_points(points: &mut Vec<(u64, NodeIndex)>, name: &str, weight: u32, owner: usize) {
    let (host, port) = split_host_port(name);
    let mut text = Vec::with_capacity(host.len() + port.len() + 5);
    text.extend_from_slice(host.as_bytes());
    text.push(0);
    text.extend_from_slice(port.as_bytes());
    let base = text.len();
    let mut prev = 0u32;
    for _ in 0..u64::from(weight) * POINTS_PER_WEIGHT {
        text.truncate(base);
        text.extend_from_slice(&prev.to_le_bytes());
        prev = crc32(&text);
        points.push((u64::from(prev), index(owner)));
    }
}

fn build_consistent(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let total: u64 = cluster
        .weights
        .iter()
        .map(|&w| u64::from(w) * POINTS_PER_WEIGHT)
        .sum();
    if total > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: total });
    }
    let mut points = Vec::with_capacity(total as usize);
    for (i, (name, &weight)) in cluster.names.iter().zip(&cluster.weights).enumerate() {
        push_server_points(&mut points, name, weight, i);
    }
    // Equal points are merged keeping the first; the lookup's first-at-or-after does that.
    Ok(Box::new(Consistent {
        points: Points::new(points, Ties::FirstWins)?,
        servers: cluster.names.len(),
    }))
}

impl Locate for Consistent {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.at_or_after(self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if key.is_empty() {
            return Err(KeyRefused::new(CONSISTENT.id, key, EMPTY_KEY));
        }
        Ok(u64::from(crc32(key.as_bytes())))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, Rule::AtOrAfter)
    }

    fn joined(&self, newcomer: &SystemNode) -> Option<(Box<dyn Locate>, Vec<u64>)> {
        // A server's points depend on its own address alone, and a later server loses
        // every tie: its points merge in after the others'. Without a weight, the build
        // fills in nginx's default.
        let weight = newcomer.weight?;
        let total = self.points.len() as u64 + u64::from(weight) * POINTS_PER_WEIGHT;
        if total > super::MAX_SYSTEM_POINTS {
            return None;
        }
        let mut added = Vec::new();
        push_server_points(&mut added, &newcomer.name, weight, self.servers);
        let (points, added) = self.points.with_added(added);
        let joined = Consistent {
            points,
            servers: self.servers + 1,
        };
        Some((Box::new(joined), added))
    }
}

struct Plain {
    weights: Vec<u32>,
    total: u64,
}

fn build_plain(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Plain {
        weights: cluster.weights.clone(),
        total: cluster.weights.iter().map(|&w| u64::from(w)).sum(),
    }))
}

impl Locate for Plain {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(super::weighted_entry(&self.weights, self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if key.is_empty() {
            return Err(KeyRefused::new(PLAIN.id, key, EMPTY_KEY));
        }
        Ok(u64::from((crc32(key.as_bytes()) >> 16) & 0x7fff) % self.total.max(1))
    }

    fn picture(&self) -> Picture {
        super::weighted_table(&self.weights)
    }
}
