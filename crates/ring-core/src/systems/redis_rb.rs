//! redis-rb's client-side sharding, `Redis::Distributed` (redis/redis-rb
//! `lib/redis/distributed.rb`, `lib/redis/hash_ring.rb`, `lib/redis/client.rb`; 4.8,
//! Debian's `ruby-redis`).
//!
//! Each node is a `Redis` client whose `id` is `redis://host:port/db`
//! ([`redis_rb_node_id`]). `HashRing#add_node` gives it 160 points, point `i` the CRC-32 of
//! `"<id>:<i>"`, kept in a Hash: when two nodes share a point, the node added later owns
//! it. `node_for(key)` hashes the key's tag if it has one, else the whole key; the tag is
//! Ruby's `key[/^\{(.+?)\}/, 1]`, which in Ruby matches only where a line starts (at the
//! start of the key, or after a newline) and never across a newline. So `a{b}c` hashes
//! whole, and `{user1}.x` hashes `user1`. The key goes to the **last** point at or below its
//! hash; below the first point, to the last point (`HashRing.binary_search`). Every key is
//! valid; no weights.

use super::address::host_port;
use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, Rule, SystemError, SystemSpec, Ties,
    Weights,
};
use crate::hash::crc32;
use crate::placement::{NodeIndex, Picture};

/// `Redis::Distributed`.
pub static SPEC: SystemSpec = SystemSpec {
    id: "redis-rb",
    description: "redis-rb Redis::Distributed: 160 CRC-32 points per node id, the last point at or below the key's CRC-32; tags only at the key's start",
    source: "redis/redis-rb lib/redis/hash_ring.rb, lib/redis/distributed.rb",
    weights: Weights::None,
    node_syntax: "`host[:port]` (host alone is port 6379), or a whole `redis://` or `rediss://` URL; its points hash the client's id `redis://host:port/db` (db 0 unless the URL's path names one)",
    params: &[],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: Some("redis"),
    build,
};

/// `HashRing::POINTS_PER_SERVER`.
const POINTS_PER_SERVER: u32 = 160;
/// redis-rb's default port.
const DEFAULT_PORT: u16 = 6379;

/// The `id` of the `Redis` client redis-rb makes of the node `name`: `name` is
/// `host[:port]`, taken as the URL `redis://name`, or a `redis://` or `rediss://` URL
/// `scheme://[user[:password]@]host[:port][/db]`; the id is `scheme://host:port/db` with
/// port 6379 and db 0 when not written (`Client#id`). A host is what a URL's host may be,
/// as Ruby's `URI` parses it: letters, digits and `-._~!$&'()*+,;=`, or an IPv6 address in
/// brackets (dropped in the id).
///
/// ```
/// use ring_core::systems::redis_rb_node_id;
/// assert_eq!(redis_rb_node_id("10.1.0.7:7000").unwrap(), "redis://10.1.0.7:7000/0");
/// assert_eq!(redis_rb_node_id("redis-a").unwrap(), "redis://redis-a:6379/0");
/// assert_eq!(redis_rb_node_id("redis://:pw@10.1.0.8/2").unwrap(), "redis://10.1.0.8:6379/2");
/// assert!(redis_rb_node_id("a b").is_err());
/// ```
pub fn redis_rb_node_id(name: &str) -> Result<String, SystemError> {
    let bad = |rule| SystemError::BadNodeName {
        system: SPEC.id,
        name: name.to_string(),
        rule,
    };
    let (scheme, authority, db) = match name.split_once("://") {
        None => ("redis", name, 0),
        Some((scheme @ ("redis" | "rediss"), rest)) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            // `uri.path[1..-1].to_i`; queries and fragments are not read here.
            let db = match path.strip_prefix('/') {
                None | Some("") => 0,
                Some(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => {
                    digits.parse::<u64>().map_err(|_| bad(BAD_DB))?
                }
                Some(_) => return Err(bad(BAD_DB)),
            };
            // The user and password are not part of the id.
            let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            (scheme, host, db)
        }
        Some(_) => return Err(bad("redis-rb reads redis:// and rediss:// URLs")),
    };
    let address = host_port(SPEC.id, authority)?;
    let bracketed = authority.starts_with('[');
    let valid = |b: u8| {
        if bracketed {
            b.is_ascii_hexdigit() || b == b':' || b == b'.'
        } else {
            b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&b)
        }
    };
    if !address.host.bytes().all(valid) {
        return Err(bad(
            "redis-rb reads the node as a URL: its host has letters, digits and -._~!$&'()*+,;= only (an IPv6 host in brackets)",
        ));
    }
    let port = address.port_or(DEFAULT_PORT);
    Ok(format!("{scheme}://{}:{port}/{db}", address.host))
}

const BAD_DB: &str = "the URL's path is the database number: /0, /1, …";

/// What `node_for` hashes of `key`: `key[/^\{(.+?)\}/, 1] || key`. Ruby's `^` is the
/// start of any line and `.` stops at a newline, so the tag is looked for at the start of
/// the key and after each newline, up to the first `}` after at least one character.
fn hashed_part(key: &str) -> &str {
    let mut line = 0;
    loop {
        if let Some(tag) = key[line..].strip_prefix('{').and_then(tag_of) {
            return tag;
        }
        match key[line..].find('\n') {
            Some(at) => line += at + 1,
            None => return key,
        }
    }
}

/// `(.+?)\}` at the start of `rest`: one character or more, none a newline, up to a `}`.
fn tag_of(rest: &str) -> Option<&str> {
    let first = rest.chars().next().filter(|&c| c != '\n')?;
    let after = first.len_utf8();
    let end = after + rest[after..].find(['}', '\n'])?;
    (rest.as_bytes().get(end) == Some(&b'}')).then(|| &rest[..end])
}

struct RedisRb {
    points: Points,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let mut points = Vec::with_capacity(cluster.names.len() * POINTS_PER_SERVER as usize);
    for (n, name) in cluster.names.iter().enumerate() {
        let id = redis_rb_node_id(name)?;
        for i in 0..POINTS_PER_SERVER {
            points.push((u64::from(crc32(format!("{id}:{i}").as_bytes())), index(n)));
        }
    }
    Ok(Box::new(RedisRb {
        // `@ring[key] = node`: the node added later owns a shared point.
        points: Points::new(points, Ties::LastWins)?,
    }))
}

impl Locate for RedisRb {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.points.at_or_before(self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(u64::from(crc32(hashed_part(key).as_bytes())))
    }

    fn picture(&self) -> Picture {
        self.points.picture(32, Rule::AtOrBefore)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_is_read_only_where_a_line_starts() {
        for (key, hashed) in [
            ("{user1}.following", "user1"),
            ("a{b}c", "a{b}c"),
            ("{}", "{}"),
            ("{}}", "}"),
            ("{}x}", "}x"),
            ("{a}{b}", "a"),
            ("{é}", "é"),
            ("{a\n}", "{a\n}"),
            ("x\n{tag}y", "tag"),
            ("{\n}\n{t}", "t"),
            ("{", "{"),
            ("", ""),
        ] {
            assert_eq!(hashed_part(key), hashed, "{key:?}");
        }
    }

    #[test]
    fn node_ids() {
        for (name, id) in [
            ("127.0.0.1:6380", "redis://127.0.0.1:6380/0"),
            ("[::1]:6380", "redis://::1:6380/0"),
            ("redis://10.1.0.8:6379/2", "redis://10.1.0.8:6379/2"),
            ("rediss://u:p@h", "rediss://h:6379/0"),
            ("redis://h/", "redis://h:6379/0"),
            ("redis://h/007", "redis://h:6379/7"),
        ] {
            assert_eq!(redis_rb_node_id(name).unwrap(), id, "{name}");
        }
        for name in [
            "unix:///tmp/r.sock",
            "redis://h/x",
            "redis:///0",
            "a b",
            "é",
        ] {
            assert!(
                matches!(redis_rb_node_id(name), Err(SystemError::BadNodeName { .. })),
                "{name}"
            );
        }
    }
}
