//! predis' client-side sharding (predis/predis 1.1, Debian's `php-predis`;
//! `src/Cluster/Distributor/HashRing.php`, `KetamaRing.php`, `src/Cluster/ClusterStrategy.php`
//! `extractKeyTag`, `src/Connection/Aggregate/PredisCluster.php`), as
//! `new Predis\Client([['host' => …, 'port' => …, 'weight' => w], …], ['cluster' => …])`
//! places a key (`getConnectionByKey`).
//!
//! A node is hashed by its connection's text, `"host:port"`. A key is hashed whole, or by
//! its Redis Cluster-style tag ([`redis_hash_tag`]: between the first `{` and the next `}`,
//! when not empty). Points are the keys of a PHP array, so of nodes sharing a point the one
//! added later owns it.
//!
//! - **`HashRing`** (`'cluster' => 'predis'`): a node of weight `w` gets
//!   `round(w / Σw · N · 128)` points (PHP 8.2's `round`, [`php_round`]), point `i` being
//!   `crc32("host:port:i")`; a key hashes by `crc32`. An exact hit takes that point;
//!   otherwise the **last** point below the hash wins, and a hash below the first point goes
//!   to the last point (`wrapAroundStrategy`).
//! - **`KetamaRing`**: `floor(w / Σw · N · 40)` digests `md5("host:port-i")`, four
//!   little-endian points each; a key hashes by the first four bytes of its MD5,
//!   little-endian, and goes to the **first** point at or above its hash, wrapping to the
//!   first point.
//!
//! predis gives a node without a weight the weight 100 (`HashRing::DEFAULT_WEIGHT`); here
//! a weight is always passed, 1 unless written, as the checks against predis pass it. Every
//! key is valid.

use super::address::host_port;
use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::hash::{crc32, md5_le32};
use crate::ketama::digest_points;
use crate::placement::{NodeIndex, Picture};
use crate::slots::redis_hash_tag;

const WEIGHTS: Weights = Weights::Taken {
    meaning: "the connection's `weight` parameter: a share of the points × the node count",
    default: 1,
    max: 1_000_000,
};

const NODE_SYNTAX: &str = "`host[:port]` as the connection's host and port (host alone is port 6379, an IPv6 host in brackets); its points hash the connection's text `host:port`";

/// `'cluster' => 'predis'`: `PredisCluster` over `PredisStrategy` over `HashRing`.
pub static HASH_RING: SystemSpec = SystemSpec {
    id: "predis",
    description: "predis client-side sharding (HashRing): round(w/Σw·N·128) CRC-32 points, an exact hit or else the last point below the key's CRC-32",
    source: "predis/predis src/Cluster/Distributor/HashRing.php, src/Cluster/ClusterStrategy.php",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: Some("redis"),
    build: build_hash_ring,
};

/// `PredisCluster` over `PredisStrategy` over `KetamaRing`.
pub static KETAMA_RING: SystemSpec = SystemSpec {
    id: "predis-ketama",
    description: "predis client-side sharding (KetamaRing): floor(w/Σw·N·40) MD5 digests of four points, the first point at or after the key's MD5",
    source: "predis/predis src/Cluster/Distributor/KetamaRing.php, src/Cluster/ClusterStrategy.php",
    weights: WEIGHTS,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "md5",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: Some("redis"),
    build: build_ketama_ring,
};

/// predis' default port.
const DEFAULT_PORT: u16 = 6379;
/// `HashRing::DEFAULT_REPLICAS`.
const HASH_RING_REPLICAS: f64 = 128.0;
/// `KetamaRing::DEFAULT_REPLICAS / 4`: digests of four points.
const KETAMA_DIGESTS: f64 = 40.0;

/// PHP 8.2's `round($value)` (`_php_math_round` with 0 places, `PHP_ROUND_HALF_UP`, in
/// `ext/standard/math.c`): a value of 1 to 10^14 is first rounded to 15 significant digits
/// ("pre-rounding"), so that `2.4999999999999996` rounds to 3, as a plain
/// `floor(v + 0.5)` would not. (PHP 8.3 dropped the pre-rounding.)
pub(crate) fn php_round(value: f64) -> f64 {
    // `php_round_helper`, half up.
    let half_up = |v: f64| {
        if v >= 0.0 {
            libm::floor(v + 0.5)
        } else {
            libm::ceil(v - 0.5)
        }
    };
    if !value.is_finite() || value == 0.0 {
        return value;
    }
    // `14 - php_intlog10abs(value)`.
    let precision_places = 14 - libm::floor(libm::log10(value.abs())) as i32;
    if precision_places > 0 && precision_places - 15 < 0 {
        // `php_intpow10`'s table of exact powers of ten.
        const POWERS: [f64; 15] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
        ];
        let scale = POWERS[precision_places as usize];
        let pre_rounded = half_up(value * scale) / scale;
        half_up(pre_rounded)
    } else if value.abs() >= 1e15 {
        value
    } else {
        half_up(value)
    }
}

/// Each node's connection text, `host:port`.
fn node_hashes(system: &'static str, cluster: &Cluster) -> Result<Vec<String>, SystemError> {
    cluster
        .names
        .iter()
        .map(|name| {
            let address = host_port(system, name)?;
            Ok(format!(
                "{}:{}",
                address.host,
                address.port_or(DEFAULT_PORT)
            ))
        })
        .collect()
}

/// `$node['weight'] / $totalWeight * $totalNodes * $replicas`, in PHP's float.
fn shares(weights: &[u32], replicas: f64) -> impl Iterator<Item = f64> + '_ {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    let nodes = weights.len() as f64;
    weights
        .iter()
        .map(move |&w| f64::from(w) / total as f64 * nodes * replicas)
}

fn checked(total: u64) -> Result<(), SystemError> {
    if total > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: total });
    }
    Ok(())
}

/// A predis distributor: its points and which rule and hash its keys take.
struct Predis {
    points: Points,
    rule: Rule,
}

fn build_hash_ring(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let hashes = node_hashes(HASH_RING.id, cluster)?;
    let counts: Vec<u64> = shares(&cluster.weights, HASH_RING_REPLICAS)
        .map(|share| php_round(share) as u64)
        .collect();
    checked(counts.iter().sum())?;
    let mut points = Vec::new();
    for (n, (hash, &count)) in hashes.iter().zip(&counts).enumerate() {
        for i in 0..count {
            points.push((u64::from(crc32(format!("{hash}:{i}").as_bytes())), index(n)));
        }
    }
    Ok(Box::new(Predis {
        points: Points::new(points, Ties::LastWins)?,
        rule: Rule::AtOrBefore,
    }))
}

fn build_ketama_ring(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let hashes = node_hashes(KETAMA_RING.id, cluster)?;
    let counts: Vec<u64> = shares(&cluster.weights, KETAMA_DIGESTS)
        .map(|share| libm::floor(share) as u64)
        .collect();
    checked(counts.iter().map(|&d| d * 4).sum())?;
    let mut points = Vec::new();
    for (n, (hash, &count)) in hashes.iter().zip(&counts).enumerate() {
        for i in 0..count {
            for word in digest_points(format!("{hash}-{i}").as_bytes()) {
                points.push((u64::from(word), index(n)));
            }
        }
    }
    Ok(Box::new(Predis {
        points: Points::new(points, Ties::LastWins)?,
        rule: Rule::AtOrAfter,
    }))
}

impl Locate for Predis {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        let position = self.position(key)?;
        Ok(match self.rule {
            Rule::AtOrBefore => self.points.at_or_before(position),
            _ => self.points.at_or_after(position),
        })
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        let hashed = redis_hash_tag(key.as_bytes());
        Ok(u64::from(match self.rule {
            Rule::AtOrBefore => crc32(hashed),
            _ => md5_le32(hashed),
        }))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, self.rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values PHP 8.2.36 printed for `round(…)`: pre-rounding takes 2.4999999999999996 up,
    /// and 0.49999999999999994 (not pre-rounded, below 1) goes up by the sum's own rounding.
    #[test]
    fn php_round_pre_rounds_to_fifteen_digits() {
        assert_eq!(php_round(2.5), 3.0);
        assert_eq!(php_round(2.4999999999999996), 3.0);
        assert_eq!(php_round(0.49999999999999994), 1.0);
        assert_eq!(php_round(2.49999999999999), 2.0);
        assert_eq!(php_round(0.5), 1.0);
        assert_eq!(php_round(127.99999999999999), 128.0);
        assert_eq!(php_round(42.0), 42.0);
        assert_eq!(php_round(0.0), 0.0);
    }

    /// 300,000 random weights, totals and node counts through PHP 8.2.36's
    /// `(int) round($w / $t * $n * 128)` differed from `floor(v + 0.5)` once: weight 965 of
    /// 3,840 over 15 nodes, 482.49999999999994, which PHP rounds to 483.
    #[test]
    fn a_share_just_below_a_half_rounds_up_as_in_php() {
        let share = 965.0 / 3840.0 * 15.0 * 128.0;
        assert_eq!(share, 482.49999999999994);
        assert_eq!(libm::floor(share + 0.5), 482.0);
        assert_eq!(php_round(share), 483.0);
        let mut weights = vec![965, 210];
        weights.extend([205; 13]);
        assert_eq!(weights.iter().sum::<u32>(), 3840);
        let first = shares(&weights, HASH_RING_REPLICAS).next().unwrap();
        assert_eq!(php_round(first), 483.0);
    }

    #[test]
    fn hash_ring_counts_round_the_share() {
        // 3:1:2:1 over 4 nodes: 512 · w / 7 = 219.43, 73.14, 146.29, 73.14.
        let counts: Vec<u64> = shares(&[3, 1, 2, 1], HASH_RING_REPLICAS)
            .map(|s| php_round(s) as u64)
            .collect();
        assert_eq!(counts, vec![219, 73, 146, 73]);
        let digests: Vec<u64> = shares(&[3, 1, 2, 1], KETAMA_DIGESTS)
            .map(|s| libm::floor(s) as u64)
            .collect();
        assert_eq!(digests, vec![68, 22, 45, 22]);
    }
}
