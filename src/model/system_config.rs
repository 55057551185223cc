//! A real system's own configuration, pasted: the servers it names, the system that reads
//! it, and the parameters it sets. It reads, whichever is pasted:
//!
//! - a Varnish VCL `new vd = directors.shard();` block: its `vd.add_backend(b[, ident][,
//!   rampup][, weight])` calls (the node is the ident, else the backend's name; the weight a
//!   `REAL`) and `vd.reconfigure(replicas)`;
//! - a Caddyfile `reverse_proxy` line, with `to` lines in its block (an upstream without a
//!   port gets its scheme's, as Caddy dials it: 80, or 443 after `https://`);
//! - `ceph osd tree` output: its `osd.N` lines with their CRUSH weights, and a `pg_num: N`
//!   line (`ceph osd pool get POOL pg_num`) if one is pasted too;
//! - a Kafka topic's partition count: `kafka-topics.sh --describe`'s `PartitionCount: N`,
//!   or `--partitions N`;
//! - a Hazelcast partition count, `hazelcast.partition.count` (a property or YAML/XML);
//! - a client's quoted server list: Dalli's `'host:port:weight'` strings (one or several,
//!   comma-separated, in a string), pylibmc's or Rails' `"host:port"` strings.
//!
//! The lab's weight is hundredths of the system's: `weight=1.5` is 150. A CRUSH weight
//! keeps five decimals in `ceph osd tree` and is rounded to the hundredth here (the
//! book's Ceph page says what that changes). Anything else is read by `server_list.rs`.

use ring_core::error::MAX_NODES;
use ring_core::registry::SystemId;

use super::message::Msg;

/// A server read from a list or a configuration: its name and the lab's weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Server {
    /// The node's name.
    pub(crate) name: String,
    /// The lab's weight.
    pub(crate) weight: u32,
}

/// What a configuration says.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pasted {
    /// The servers, in order.
    pub(crate) servers: Vec<Server>,
    /// The systems that read this configuration (empty if any may): the lab switches to
    /// the first unless it shows one of them.
    pub(crate) systems: Vec<SystemId>,
    /// Parameters it sets, by the system's name for each ([`ring_core::systems::SystemParam`]).
    pub(crate) params: Vec<(&'static str, f64)>,
}

impl Pasted {
    /// Servers read by a reader any system may use.
    pub(crate) fn servers(servers: Vec<Server>) -> Pasted {
        Pasted {
            servers,
            systems: Vec::new(),
            params: Vec::new(),
        }
    }

    fn of(ids: &[&str], servers: Vec<Server>) -> Pasted {
        Pasted {
            servers,
            systems: ids.iter().filter_map(|id| SystemId::from_id(id)).collect(),
            params: Vec::new(),
        }
    }
}

/// The line's number (from 1) and the error naming it.
fn bad_line(index: usize, raw: &str) -> Msg {
    Msg::ServerLineBad {
        line: index + 1,
        text: raw.trim().chars().take(60).collect(),
    }
}

/// A system's configuration in `text`, if it is one of those this module reads.
pub(crate) fn parse(text: &str) -> Option<Result<Pasted, Msg>> {
    let result = if text.contains("directors.shard(") {
        varnish(text)
    } else if text
        .lines()
        .any(|l| l.split_whitespace().next() == Some("reverse_proxy"))
    {
        caddy(text)
    } else if text.lines().any(|l| osd_name(l).is_some()) {
        ceph(text)
    } else if let Some(count) = kafka_partitions(text) {
        partitions(&["kafka", "librdkafka"], count)
    } else if let Some(count) = hazelcast_partitions(text) {
        partitions(&["hazelcast"], count)
    } else {
        return None;
    };
    Some(result.and_then(|p| {
        if p.servers.len() > MAX_NODES {
            Err(Msg::MoreNodes { max: MAX_NODES })
        } else if p.servers.is_empty() {
            Err(Msg::Ui(super::message::Ui::ServerListEmpty))
        } else {
            Ok(p)
        }
    }))
}

/// The arguments of `.NAME(…)` on `line`, if the line calls it.
fn call_args<'a>(line: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let start = line.find(&format!(".{name}("))? + name.len() + 2;
    let end = start + line.get(start..)?.rfind(')')?;
    let inner = line.get(start..end)?;
    Some(
        inner
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect(),
    )
}

/// A `REAL` in hundredths, exactly (`1.500` is 150), or `None`.
fn exact_hundredths(text: &str) -> Option<u32> {
    let value: f64 = text.trim().parse().ok()?;
    let scaled = value * 100.0;
    let whole = scaled.round();
    ((scaled - whole).abs() < 1e-6 && (1.0..=f64::from(u32::MAX)).contains(&whole))
        .then_some(whole as u32)
}

fn unquote(text: &str) -> &str {
    text.trim().trim_matches(|c| c == '"' || c == '\'')
}

fn varnish(text: &str) -> Result<Pasted, Msg> {
    let mut servers = Vec::new();
    let mut params = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split("//").next().unwrap_or_default().trim();
        let bad = || bad_line(index, raw);
        if line.contains(".remove_backend(") || line.contains(".clear(") {
            // The lab takes the backends as the VCL leaves them; a VCL that removes some
            // would need its order of calls replayed.
            return Err(bad());
        }
        if let Some(args) = call_args(line, "add_backend") {
            let (mut backend, mut ident, mut weight) = (None, None, None);
            for (position, arg) in args.iter().enumerate() {
                match arg.split_once('=') {
                    Some(("be", v)) => backend = Some(v.trim()),
                    Some(("ident", v)) => ident = Some(unquote(v)),
                    Some(("rampup", _)) => {}
                    Some(("weight", v)) => weight = Some(v.trim()),
                    Some(_) => return Err(bad()),
                    None => match position {
                        0 => backend = Some(arg),
                        1 => ident = Some(unquote(arg)),
                        2 => {}
                        3 => weight = Some(arg),
                        _ => return Err(bad()),
                    },
                }
            }
            let name = ident
                .filter(|i| !i.is_empty())
                .or(backend)
                .ok_or_else(bad)?;
            let weight = match weight {
                Some(w) => exact_hundredths(w).ok_or_else(bad)?,
                None => 100,
            };
            servers.push(Server {
                name: name.to_string(),
                weight,
            });
        } else if let Some(args) = call_args(line, "reconfigure") {
            let value = match args.first() {
                Some(a) => a.strip_prefix("replicas=").unwrap_or(a).trim(),
                None => continue,
            };
            let replicas: u32 = value.parse().map_err(|_| bad())?;
            params.push(("replicas", f64::from(replicas)));
        }
    }
    Ok(Pasted {
        params,
        ..Pasted::of(&["varnish-shard"], servers)
    })
}

/// A Caddyfile upstream as Caddy dials it.
fn caddy_dial(word: &str) -> String {
    let (rest, port) = if let Some(rest) = word.strip_prefix("https://") {
        (rest, "443")
    } else {
        (word.strip_prefix("http://").unwrap_or(word), "80")
    };
    let rest = rest.trim_end_matches('/');
    let has_port = match rest.rsplit_once(':') {
        Some((host, p)) => {
            !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && !host.ends_with(':')
        }
        None => false,
    } && !(rest.starts_with('[') && rest.ends_with(']'));
    if has_port {
        rest.to_string()
    } else {
        format!("{rest}:{port}")
    }
}

fn caddy(text: &str) -> Result<Pasted, Msg> {
    let mut servers = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default();
        let mut words = line.split_whitespace();
        let upstreams: Vec<&str> = match words.next() {
            // `reverse_proxy [matcher] upstreams… [{]`: a matcher is a path or `@name`.
            Some("reverse_proxy") => words
                .take_while(|w| *w != "{")
                .filter(|w| !(w.starts_with('/') || w.starts_with('@') || *w == "*"))
                .collect(),
            Some("to") => words.take_while(|w| *w != "{").collect(),
            _ => continue,
        };
        for word in upstreams {
            if word.contains('{') || word.contains('}') {
                // A placeholder (`{env.UPSTREAM}`) is resolved when Caddy runs, not here.
                return Err(bad_line(index, raw));
            }
            servers.push(Server {
                name: caddy_dial(word),
                weight: 100,
            });
        }
    }
    Ok(Pasted::of(&["caddy"], servers))
}

/// The `osd.N` on a line of `ceph osd tree`, with its place among the line's words.
fn osd_name(line: &str) -> Option<(usize, &str)> {
    line.split_whitespace().enumerate().find(|(_, w)| {
        w.strip_prefix("osd.")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

fn ceph(text: &str) -> Result<Pasted, Msg> {
    let mut servers = Vec::new();
    let mut params = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let words: Vec<&str> = raw.split_whitespace().collect();
        let bad = || bad_line(index, raw);
        if let Some(value) = words
            .first()
            .filter(|w| w.trim_end_matches(':') == "pg_num")
            .and(words.get(1))
        {
            let pg_num: u32 = value.parse().map_err(|_| bad())?;
            params.push(("pg-num", f64::from(pg_num)));
            continue;
        }
        let Some((at, name)) = osd_name(raw) else {
            continue;
        };
        // `ID CLASS WEIGHT TYPE NAME …`: the weight is the word before the name.
        let weight: f64 = at
            .checked_sub(1)
            .and_then(|i| words.get(i))
            .and_then(|w| w.parse().ok())
            .ok_or_else(bad)?;
        let hundredths = (weight * 100.0).round();
        if !(1.0..=10_000.0).contains(&hundredths) {
            return Err(bad());
        }
        servers.push(Server {
            name: name.to_string(),
            weight: hundredths as u32,
        });
    }
    Ok(Pasted {
        params,
        ..Pasted::of(&["ceph"], servers)
    })
}

/// The number after `label` (`PartitionCount: 12`, `--partitions 12`, `count=271`).
fn number_after(text: &str, label: &str) -> Option<u64> {
    let at = text.find(label)? + label.len();
    let rest = text.get(at..)?.trim_start_matches(|c: char| {
        c == ':' || c == '=' || c == '"' || c == '>' || c.is_whitespace()
    });
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn kafka_partitions(text: &str) -> Option<u64> {
    number_after(text, "PartitionCount").or_else(|| number_after(text, "--partitions"))
}

fn hazelcast_partitions(text: &str) -> Option<u64> {
    number_after(text, "hazelcast.partition.count")
}

/// Partitions `p0`, `p1`, …: node i is partition i.
fn partitions(ids: &[&str], count: u64) -> Result<Pasted, Msg> {
    if count > MAX_NODES as u64 {
        return Err(Msg::MoreNodes { max: MAX_NODES });
    }
    let servers = (0..count)
        .map(|i| Server {
            name: format!("p{i}"),
            weight: 100,
        })
        .collect();
    Ok(Pasted::of(ids, servers))
}

/// The quoted servers of a client's list (Dalli's `'host:port:weight'`, pylibmc's and
/// Rails' `"host:port"`), in order, or `None` if `text` quotes none.
pub(crate) fn quoted_servers(text: &str) -> Option<Result<Vec<Server>, Msg>> {
    let mut servers = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default();
        for (i, piece) in line.split(['"', '\'']).enumerate() {
            // Odd pieces are inside quotes.
            if i % 2 == 0 {
                continue;
            }
            for entry in piece.split(',').map(str::trim).filter(|e| !e.is_empty()) {
                match quoted_server(entry) {
                    Some(Ok(server)) => servers.push(server),
                    Some(Err(())) => return Some(Err(bad_line(index, raw))),
                    None => {}
                }
            }
        }
    }
    (!servers.is_empty()).then_some(Ok(servers))
}

/// `host:port[:weight]`, or a host with a dot in its name; `None` for other strings (a
/// behaviour's name), an error for a weight that is not a whole number from 1.
fn quoted_server(entry: &str) -> Option<Result<Server, ()>> {
    if entry.contains(char::is_whitespace) || entry.contains('/') && !entry.starts_with('/') {
        return None;
    }
    let parts: Vec<&str> = entry.split(':').collect();
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [host, port, weight] if !host.is_empty() && digits(port) => {
            let weight = weight
                .parse::<u32>()
                .ok()
                .and_then(|w| w.checked_mul(100))
                .filter(|&w| w >= 100);
            Some(weight.map_or(Err(()), |weight| {
                Ok(Server {
                    name: format!("{host}:{port}"),
                    weight,
                })
            }))
        }
        [host, port] if !host.is_empty() && digits(port) => Some(Ok(Server {
            name: entry.to_string(),
            weight: 100,
        })),
        [host] if host.contains('.') && host.bytes().any(|b| b.is_ascii_alphanumeric()) => {
            Some(Ok(Server {
                name: entry.to_string(),
                weight: 100,
            }))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Servers (name, weight), the systems' ids, the parameters.
    type Read = (
        Vec<(String, u32)>,
        Vec<&'static str>,
        Vec<(&'static str, f64)>,
    );

    fn read(text: &str) -> Read {
        let p = parse(text)
            .unwrap_or_else(|| panic!("not read as a system's: {text}"))
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        (
            p.servers.into_iter().map(|s| (s.name, s.weight)).collect(),
            p.systems.iter().map(|s| s.id()).collect(),
            p.params,
        )
    }

    fn pairs(list: &[(&str, u32)]) -> Vec<(String, u32)> {
        list.iter().map(|(n, w)| ((*n).to_string(), *w)).collect()
    }

    #[test]
    fn a_varnish_shard_director() {
        let vcl = r#"backend web1 { .host = "10.0.0.1"; .port = "80"; }
backend web2 { .host = "10.0.0.2"; .port = "80"; }
backend web3 { .host = "10.0.0.3"; .port = "80"; }
sub vcl_init {
    new vd = directors.shard();
    vd.add_backend(web1);
    vd.add_backend(web2, weight=1.5);
    vd.add_backend(be=web3, ident="cache-c", weight=2);
    vd.reconfigure(replicas=100);
}"#;
        assert_eq!(
            read(vcl),
            (
                pairs(&[("web1", 100), ("web2", 150), ("cache-c", 200)]),
                vec!["varnish-shard"],
                vec![("replicas", 100.0)]
            )
        );
        // Positional: backend, ident, rampup, weight.
        let (servers, _, params) = read(
            "new s = directors.shard();\ns.add_backend(b1, \"one\", 0s, 3.000);\ns.reconfigure();",
        );
        assert_eq!(servers, pairs(&[("one", 300)]));
        assert!(params.is_empty());
        for (vcl, line) in [
            (
                "new s = directors.shard();\ns.add_backend(b1, weight=1.255);",
                2,
            ),
            (
                "new s = directors.shard();\ns.add_backend(b1);\ns.remove_backend(b1);",
                3,
            ),
            (
                "new s = directors.shard();\ns.add_backend(b1, colour=red);",
                2,
            ),
        ] {
            match parse(vcl) {
                Some(Err(Msg::ServerLineBad { line: l, .. })) => assert_eq!(l, line, "{vcl}"),
                other => panic!("{vcl}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_caddyfile_reverse_proxy() {
        assert_eq!(
            read("example.com {\n  reverse_proxy /api/* 10.0.0.1:8080 app http://web https://secure {\n    to 10.0.0.9:81\n    lb_policy header X-User\n  }\n}"),
            (
                pairs(&[
                    ("10.0.0.1:8080", 100),
                    ("app:80", 100),
                    ("web:80", 100),
                    ("secure:443", 100),
                    ("10.0.0.9:81", 100)
                ]),
                vec!["caddy"],
                vec![]
            )
        );
        assert!(matches!(
            parse("reverse_proxy {env.UPSTREAM}"),
            Some(Err(Msg::ServerLineBad { line: 1, .. }))
        ));
    }

    #[test]
    fn ceph_osd_tree_output() {
        let tree = "ID  CLASS  WEIGHT   TYPE NAME       STATUS  REWEIGHT  PRI-AFF
-1         5.45819  root default
-3         1.81940      host node1
 0    hdd  1.81940          osd.0       up   1.00000  1.00000
-5         3.63879      host node2
 1    hdd  3.63879          osd.1       up   1.00000  1.00000
 2    ssd  0.00980          osd.2       up   1.00000  1.00000
pg_num: 128
";
        assert_eq!(
            read(tree),
            (
                pairs(&[("osd.0", 182), ("osd.1", 364), ("osd.2", 1)]),
                vec!["ceph"],
                vec![("pg-num", 128.0)]
            )
        );
        // A weight of 0 (an OSD CRUSH never picks) cannot be a node.
        assert!(matches!(
            parse(" 0 hdd 0 osd.0 up 1.0 1.0"),
            Some(Err(Msg::ServerLineBad { line: 1, .. }))
        ));
    }

    #[test]
    fn partition_counts() {
        let describe = "Topic: orders\tTopicId: 4z\tPartitionCount: 6\tReplicationFactor: 3\tConfigs: \n\tTopic: orders\tPartition: 0\tLeader: 1";
        let (servers, systems, _) = read(describe);
        assert_eq!(servers.len(), 6);
        assert_eq!(servers[5], ("p5".to_string(), 100));
        assert_eq!(systems, ["kafka", "librdkafka"]);
        assert_eq!(
            read("kafka-topics.sh --create --topic t --partitions 3")
                .0
                .len(),
            3
        );
        let (servers, systems, _) =
            read("<property name=\"hazelcast.partition.count\">271</property>");
        assert_eq!((servers.len(), systems), (271, vec!["hazelcast"]));
        assert_eq!(read("hazelcast.partition.count=7").0.len(), 7);
        assert_eq!(
            parse("PartitionCount: 0"),
            Some(Err(Msg::Ui(super::super::message::Ui::ServerListEmpty)))
        );
        assert_eq!(
            parse("--partitions 99999999"),
            Some(Err(Msg::MoreNodes { max: MAX_NODES }))
        );
    }

    #[test]
    fn quoted_client_lists() {
        let read = |text: &str| -> Vec<(String, u32)> {
            quoted_servers(text)
                .unwrap()
                .unwrap()
                .into_iter()
                .map(|s| (s.name, s.weight))
                .collect()
        };
        assert_eq!(
            read("Dalli::Client.new(['10.0.0.1:11211:3', '10.0.0.2:11211'], namespace: 'app')"),
            pairs(&[("10.0.0.1:11211", 300), ("10.0.0.2:11211", 100)])
        );
        assert_eq!(
            read("MEMCACHE_SERVERS=\"a.example:11211:2,b.example:11211\""),
            pairs(&[("a.example:11211", 200), ("b.example:11211", 100)])
        );
        assert_eq!(
            read("mc = pylibmc.Client([\"10.0.0.1:11211\", \"10.0.0.2\"], binary=True, behaviors={\"ketama\": True})"),
            pairs(&[("10.0.0.1:11211", 100), ("10.0.0.2", 100)])
        );
        assert_eq!(
            read("config.cache_store = :mem_cache_store, \"cache-1.example.com\", \"cache-2.example.com\""),
            pairs(&[("cache-1.example.com", 100), ("cache-2.example.com", 100)])
        );
        assert!(matches!(
            quoted_servers("x\nDalli::Client.new(['10.0.0.1:11211:0'])"),
            Some(Err(Msg::ServerLineBad { line: 2, .. }))
        ));
        assert_eq!(quoted_servers("behaviors={\"ketama\": True}"), None);
        // Other texts are not a system's configuration.
        assert_eq!(parse("10.0.0.1:11211 600"), None);
    }
}
