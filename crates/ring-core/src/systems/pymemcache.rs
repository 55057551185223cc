//! pymemcache's `HashClient` with its default hasher, `RendezvousHash` (pinterest/pymemcache
//! `pymemcache/client/rendezvous.py`, `pymemcache/client/murmur3.py`,
//! `pymemcache/client/hash.py`, `pymemcache/client/base.py`).
//!
//! - **Nodes.** A server string becomes a node key as `normalize_server_spec` and
//!   `_make_client_key` make it: `unix:/path` is `/path`, a path stays as it is, a server
//!   without `:` (or ending in `]`) gets port 11211, otherwise the text after the last `:`
//!   is the port (a number, so `011211` is `11211`), and a host in brackets loses them:
//!   `[::1]:11211` is `::1:11211`. Two servers with the same node key are one server to the
//!   client, so they are refused as a name given twice.
//! - **Keys.** `check_key_helper` with `allow_unicode_keys=True`: the UTF-8 key may have no
//!   ASCII whitespace and no NUL, and at most 250 bytes. The empty key passes and is placed.
//! - **Rule.** Every node scores `murmur3_32(f"{node}-{key}", seed 0)` and the highest wins;
//!   on equal scores the node key that is greater as a string wins. The pure-Python
//!   `murmur3_32` reads each *character* (`ord(c) & 0xFF`), not each UTF-8 byte, and counts
//!   characters as the length: the hash is MurmurHash3 x86_32 over one byte per character.
//! - No weights.

use super::{Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemSpec, Weights};
use crate::hash::murmur3_x86_32;
use crate::placement::{NodeIndex, Picture};

/// pymemcache's `HashClient`.
pub static SPEC: SystemSpec = SystemSpec {
    id: "pymemcache",
    description: "pymemcache's HashClient (RendezvousHash): the node with the highest murmur3_32(\"host:port-\" + key) over the characters' low bytes",
    source: "pinterest/pymemcache pymemcache/client/rendezvous.py, pymemcache/client/murmur3.py, pymemcache/client/hash.py",
    weights: Weights::None,
    node_syntax: "a server as HashClient takes it: `host:port`, or `host` alone for port 11211 (`[::1]:11211`, `unix:/path`); its node key `host:port` is hashed",
    params: &[],
    key_hash: "pymemcache-murmur3",
    shape: crate::registry::Picture::Scores,
    lab: LabBuild::System,
    client_of: Some("memcached"),
    build,
};

/// memcached's longest key, as `check_key_helper` checks it.
const MAX_KEY_BYTES: usize = 250;

/// The port `normalize_server_spec` gives a server without one.
const DEFAULT_PORT: &str = "11211";

/// pymemcache's `murmur3_32` of a string: MurmurHash3 x86_32 (seed 0) over one byte per
/// character, `ord(c) & 0xFF`.
///
/// The pure-Python loop reads `ord(data[i])`, a code point, and keeps its low byte (the
/// fourth byte of a block is not masked, but only its low 8 bits reach the 32-bit result);
/// so the hash is the standard one over these bytes, with the character count as the
/// length. No crate hashes code points: the bytes are made here and hashed by `mur3`.
///
/// ```
/// use ring_core::systems::pymemcache_murmur3;
/// assert_eq!(pymemcache_murmur3("hello"), 0x248b_fa47); // the standard MurmurHash3
/// // "é" is U+00E9: one byte, 0xE9, not UTF-8's two.
/// assert_eq!(pymemcache_murmur3("é"), ring_core::hash::murmur3_x86_32(&[0xe9], 0));
/// ```
pub fn pymemcache_murmur3(text: &str) -> u32 {
    let low_bytes: Vec<u8> = text.chars().map(|c| (u32::from(c) & 0xff) as u8).collect();
    murmur3_x86_32(&low_bytes, 0)
}

/// The node key `HashClient` hashes for the server string `server`
/// (`normalize_server_spec`, then `"%s:%s" % (host, port)`), or why it takes none.
///
/// ```
/// use ring_core::systems::pymemcache_node_key as key;
/// assert_eq!(key("10.0.0.1").unwrap(), "10.0.0.1:11211");
/// assert_eq!(key("cache:011211").unwrap(), "cache:11211");
/// assert_eq!(key("[::1]:11212").unwrap(), "::1:11212");
/// assert_eq!(key("unix:/run/mc.sock").unwrap(), "/run/mc.sock");
/// assert!(key("cache:port").is_err());
/// ```
pub fn pymemcache_node_key(server: &str) -> Result<String, &'static str> {
    if let Some(path) = server.strip_prefix("unix:") {
        return Ok(path.to_string());
    }
    if server.starts_with('/') {
        return Ok(server.to_string());
    }
    let (host, port) = match server.rsplit_once(':') {
        Some((host, port)) if !server.ends_with(']') => {
            if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
                return Err(
                    "pymemcache reads the text after the last `:` as the port, a whole number",
                );
            }
            // `int(port)`, written back by `%s`: leading zeros go.
            let digits = port.trim_start_matches('0');
            (host, if digits.is_empty() { "0" } else { digits })
        }
        _ => (server, DEFAULT_PORT),
    };
    // `host.strip("[]")`, only for a host that starts with `[`.
    let host = if host.starts_with('[') {
        host.trim_matches(['[', ']'])
    } else {
        host
    };
    Ok(format!("{host}:{port}"))
}

/// Why `check_key_helper` refuses `key`, if it does.
fn refusal(key: &str) -> Option<&'static str> {
    if key.len() > MAX_KEY_BYTES {
        Some("a memcached key has at most 250 bytes")
    } else if key.bytes().any(|b| b.is_ascii_whitespace() || b == 0x0b) {
        // `bytes.split()` splits at space, \t, \n, \v, \f and \r.
        Some("a memcached key has no whitespace")
    } else if key.contains('\0') {
        Some("a memcached key has no NUL")
    } else {
        None
    }
}

/// `RendezvousHash.get_node`'s choice among the `nodes` (node keys) by their `scores`, in
/// order: the highest score; of equal ones, the greater node key.
pub(crate) fn winner(nodes: &[String], scores: impl Iterator<Item = u32>) -> NodeIndex {
    let mut winner: Option<(u32, usize)> = None;
    for (i, score) in scores.enumerate() {
        let wins = match winner {
            None => true,
            Some((best, _)) if score > best => true,
            // `max(str(node), str(winner))`: the greater node key, compared by code points,
            // which is their UTF-8 byte order.
            Some((best, at)) => score == best && nodes.get(i) > nodes.get(at),
        };
        if wins {
            winner = Some((score, i));
        }
    }
    winner.map_or(0, |(_, i)| super::index(i))
}

struct Pymemcache {
    /// Each node's key, hashed as `{node}-{key}`.
    nodes: Vec<String>,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let mut nodes: Vec<String> = Vec::with_capacity(cluster.names.len());
    for name in &cluster.names {
        let key = pymemcache_node_key(name).map_err(|rule| SystemError::BadNodeName {
            system: SPEC.id,
            name: name.to_string(),
            rule,
        })?;
        if nodes.contains(&key) {
            return Err(SystemError::DuplicateName {
                name: name.to_string(),
            });
        }
        nodes.push(key);
    }
    Ok(Box::new(Pymemcache { nodes }))
}

impl Pymemcache {
    fn checked(&self, key: &str) -> Result<(), KeyRefused> {
        match refusal(key) {
            Some(reason) => Err(KeyRefused::new(SPEC.id, key, reason)),
            None => Ok(()),
        }
    }

    fn hashes<'a>(&'a self, key: &'a str) -> impl Iterator<Item = u32> + 'a {
        self.nodes.iter().map(move |node| {
            let mut text = String::with_capacity(node.len() + 1 + key.len());
            text.push_str(node);
            text.push('-');
            text.push_str(key);
            pymemcache_murmur3(&text)
        })
    }
}

impl Locate for Pymemcache {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        self.checked(key)?;
        Ok(winner(&self.nodes, self.hashes(key)))
    }

    /// The key's own hash, which no lookup uses (each node hashes its prefix with the key):
    /// shown as the key's value.
    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        self.checked(key)?;
        Ok(u64::from(pymemcache_murmur3(key)))
    }

    fn picture(&self) -> Picture {
        Picture::Scores {
            nodes: super::index(self.nodes.len()),
        }
    }

    fn scores(&self, key: &str) -> Option<Result<Vec<f64>, KeyRefused>> {
        Some(
            self.checked(key)
                .map(|()| self.hashes(key).map(super::score_of_hash).collect()),
        )
    }
}
