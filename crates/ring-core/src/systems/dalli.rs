//! Dalli, Ruby's memcached client (petergoldstein/dalli `lib/dalli/ring.rb`,
//! `lib/dalli/key_manager.rb`, `lib/dalli/protocol/server_config_parser.rb`; 3.x, Debian's
//! `ruby-dalli`), as `Dalli::Client.new(["host:port:weight", …])` places a key when every
//! server is alive.
//!
//! Server `s` of `N` gets `floor(N · 160 · w_s / Σw)` entries (`entry_count_for`, the
//! division in Ruby's Float); entry `i` is `Integer("0x" + sha1("host:port:i")[0, 8])`, the
//! first four bytes of the SHA-1 read big-endian. A key is first checked by
//! `KeyManager#validate_key`: an empty key is refused, and a key of more than 250
//! characters becomes its first 212 characters, `:md5:` and the MD5 of the whole key in hex.
//! Its hash is `Zlib.crc32`, and it goes to the **last** entry at or below the hash; a hash
//! below the first entry goes to the last entry (`server_for_hash_key`). Dalli's failover
//! re-hash (`"#{try}#{key}"`) runs only when a server is down, which is not modelled.
//! Ruby's `sort_by` is not stable: of equal entries, which comes last is up to it; here the
//! one generated last.

use super::address::host_port;
use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::hash::{crc32, md5_digest};
use crate::placement::{NodeIndex, Picture};
use crate::sha1::sha1;

/// Dalli's ring.
pub static SPEC: SystemSpec = SystemSpec {
    id: "dalli",
    description: "Dalli (Ruby memcached client): floor(N·160·w/Σw) SHA-1 points per server, the last point at or below the key's CRC-32",
    source: "petergoldstein/dalli lib/dalli/ring.rb, lib/dalli/key_manager.rb",
    weights: Weights::Taken {
        meaning: "Dalli's weight (host:port:weight): a share of 160 points × the server count",
        default: 1,
        max: 1_000_000,
    },
    node_syntax: "`host[:port]` as in Dalli's server list (host alone is port 11211, an IPv6 host in brackets, a path starting with / a unix socket); its points hash `host:port:i` (the path alone for a socket)",
    params: &[],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: Some("memcached"),
    build,
};

/// `ServerConfigParser::DEFAULT_PORT`.
const DEFAULT_PORT: u16 = 11211;
/// `Ring::POINTS_PER_SERVER`.
const POINTS_PER_SERVER: u64 = 160;
/// `KeyManager::MAX_KEY_LENGTH`, in characters.
const MAX_KEY_CHARS: usize = 250;
/// The prefix a longer key keeps: `TRUNCATED_KEY_TARGET_SIZE` (249) less `:md5:` and the
/// 32 hex digits of the digest.
const TRUNCATED_PREFIX_CHARS: usize = 249 - 5 - 32;

/// The server's `name` as Dalli hashes its entries: `hostname:port`, or the socket's path.
fn server_name(name: &str) -> Result<String, SystemError> {
    let bad = |rule| SystemError::BadNodeName {
        system: SPEC.id,
        name: name.to_string(),
        rule,
    };
    let address = host_port(SPEC.id, name)?;
    // `SERVER_CONFIG_REGEXP`: a bracketed host is hex digits and colons.
    if name.starts_with('[')
        && !address
            .host
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':')
    {
        return Err(bad(
            "Dalli takes hex digits and colons in brackets (an IPv6 host)",
        ));
    }
    if address.host.starts_with('/') {
        return match address.port {
            // Dalli reads `path:N` as a socket of weight N.
            Some(_) => Err(bad("a unix socket path (starting with /) takes no port")),
            None => Ok(address.host.to_string()),
        };
    }
    Ok(format!(
        "{}:{}",
        address.host,
        address.port_or(DEFAULT_PORT)
    ))
}

/// `entry_count_for`: `((total_servers * POINTS_PER_SERVER * server.weight) /
/// Float(total_weight)).floor`, the integer product exact in an f64 at the core's limits.
fn entry_counts(weights: &[u32]) -> Vec<u64> {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    let servers = weights.len() as u64;
    weights
        .iter()
        .map(|&w| {
            ((servers * POINTS_PER_SERVER * u64::from(w)) as f64 / total as f64).floor() as u64
        })
        .collect()
}

struct Dalli {
    points: Points,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let counts = entry_counts(&cluster.weights);
    let total: u64 = counts.iter().sum();
    if total > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: total });
    }
    let mut points = Vec::with_capacity(total as usize);
    for (i, (name, &count)) in cluster.names.iter().zip(&counts).enumerate() {
        let server = server_name(name)?;
        for entry in 0..count {
            let digest = sha1(format!("{server}:{entry}").as_bytes());
            let value = u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]]);
            points.push((u64::from(value), index(i)));
        }
    }
    Ok(Box::new(Dalli {
        points: Points::new(points, Ties::LastWins)?,
    }))
}

/// `KeyManager#validate_key` without a namespace: the key Dalli hashes.
fn validated_key(key: &str) -> Result<std::borrow::Cow<'_, str>, KeyRefused> {
    if key.is_empty() {
        return Err(KeyRefused::new(SPEC.id, key, "Dalli refuses a blank key"));
    }
    if key.chars().count() <= MAX_KEY_CHARS {
        return Ok(std::borrow::Cow::Borrowed(key));
    }
    let prefix: String = key.chars().take(TRUNCATED_PREFIX_CHARS).collect();
    let digest: String = md5_digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(std::borrow::Cow::Owned(format!("{prefix}:md5:{digest}")))
}

impl Locate for Dalli {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.at_or_before(self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(u64::from(crc32(validated_key(key)?.as_bytes())))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, Rule::AtOrBefore)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_keys_become_a_prefix_and_their_md5() {
        let key = "é".repeat(251);
        let hashed = validated_key(&key).unwrap();
        // 212 characters, `:md5:`, 32 hex digits: 249 characters.
        assert_eq!(hashed.chars().count(), 249);
        assert!(hashed.starts_with(&"é".repeat(212)));
        assert_eq!(
            &hashed[hashed.len() - 37..],
            format!(":md5:{:x}", md5::compute(key.as_bytes()))
        );
        // 250 characters (500 bytes) are kept as they are.
        let kept = "é".repeat(250);
        assert_eq!(validated_key(&kept).unwrap(), kept.as_str());
        assert!(validated_key("").is_err());
        assert_eq!(validated_key(" ").unwrap(), " ");
    }

    #[test]
    fn server_names_are_host_colon_port() {
        assert_eq!(server_name("10.0.0.1").unwrap(), "10.0.0.1:11211");
        assert_eq!(server_name("[::1]:11212").unwrap(), "::1:11212");
        assert_eq!(server_name("/run/mc.sock").unwrap(), "/run/mc.sock");
        assert!(server_name("/run/mc.sock:2").is_err());
        assert!(server_name("[cache]:1").is_err());
    }

    #[test]
    fn entry_counts_floor_the_float_share() {
        assert_eq!(entry_counts(&[1, 1, 1]), vec![160, 160, 160]);
        // 4 servers, weights 3:1:2:5 of 11: 640 · w / 11.
        assert_eq!(entry_counts(&[3, 1, 2, 5]), vec![174, 58, 116, 290]);
    }
}
