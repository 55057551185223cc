//! A pasted server list, read into nodes and weights: the engineer's own configuration in
//! one step instead of a node at a time. It reads, whichever is pasted:
//!
//! - plain lines, `host:port [weight]` (a memcached client's server list, one a line or
//!   separated by spaces or commas, as spymemcached's `AddrUtil` takes them);
//! - an nginx `upstream { server 10.0.0.1:8080 weight=3; … }` block;
//! - a HAProxy `backend` section's `server NAME ADDRESS [weight N] …` lines (the node is
//!   named by NAME, as HAProxy's hash-type consistent names its servers);
//! - a twemproxy pool's `servers:` list, `- host:port:weight [name]`;
//! - `redis-cli --cluster create host:port …`, and `CLUSTER NODES` output (its masters);
//! - an Envoy cluster's endpoints (`address:` and `port_value:` lines, with
//!   `load_balancing_weight:`).
//!
//! - a real system's own configuration, and a client's quoted list ([`system_config`]).
//!
//! Within a configuration (a line opens an `upstream`, a `backend`, a YAML key, …) the lines
//! that are not servers are skipped; a plain list refuses a line it cannot read.
//!
//! A system's weight `w` becomes the lab's weight `100·w` (the lab's 100 is "as set"), so
//! `weight=3` beside a default of 1 is three times the points, keys or memory, as the system
//! means; plain lines' weights are the lab's own. Names keep the order pasted; a repeated
//! name is refused when the nodes are built, as the lab refuses it. A server line that
//! cannot be read is refused with its number.

use ring_core::error::{MAX_NODES, MAX_WEIGHT};

use super::message::Msg;
use super::system_config::{self, Pasted, Server};

/// The lab's weight for a system's weight of 1.
const UNIT: u32 = 100;

/// The first words of the lines that open a configuration: within one, lines that are not
/// servers (options, other sections) are skipped; a plain list refuses them.
const CONFIG_HEADS: &[&str] = &[
    "upstream",
    "backend",
    "listen",
    "frontend",
    "defaults",
    "global",
    "servers:",
    "load_assignment:",
    "clusters:",
    "redis-cli",
];

/// What `text` configures: a system's own configuration ([`system_config`]), the
/// servers of a list or configuration read here, or a client's quoted server list; else why
/// it cannot be read (the first bad line).
pub(crate) fn parse(text: &str) -> Result<Pasted, Msg> {
    if let Some(pasted) = system_config::parse(text) {
        return pasted;
    }
    match servers(text) {
        Ok(servers) => Ok(Pasted::servers(servers)),
        Err(e) => match system_config::quoted_servers(text) {
            Some(Ok(servers)) if servers.len() > MAX_NODES => {
                Err(Msg::MoreNodes { max: MAX_NODES })
            }
            Some(quoted) => quoted.map(Pasted::servers),
            None => Err(e),
        },
    }
}

/// The servers of `text` read as a list or one of the configurations above, or why it
/// cannot be read (the first bad line).
fn servers(text: &str) -> Result<Vec<Server>, Msg> {
    let config = text.lines().any(|l| {
        let first = l.split_whitespace().next().unwrap_or_default();
        CONFIG_HEADS.contains(&first) || (first.ends_with(':') && !is_address(first))
    });
    let mut servers = Vec::new();
    let mut envoy: Option<EnvoyEndpoint> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default().trim();
        let line_no = index + 1;
        let bad = || Msg::ServerLineBad {
            line: line_no,
            text: raw.trim().chars().take(60).collect(),
        };
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ';' || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let Some(&first) = words.first() else {
            continue;
        };
        match first {
            // nginx: `server ADDRESS [weight=N] [other options];`. HAProxy: `server NAME
            // ADDRESS [weight N] [options]`; an nginx address has a port or a dot, a HAProxy
            // name is followed by its address.
            "server" => {
                let haproxy = words.get(2).is_some_and(|w| is_address(w));
                if !haproxy {
                    let name = words.get(1).ok_or_else(bad)?;
                    let weight = match words.iter().find_map(|w| w.strip_prefix("weight=")) {
                        Some(w) => system_weight(w).ok_or_else(bad)?,
                        None => UNIT,
                    };
                    servers.push(server(name, weight));
                } else {
                    let (Some(name), Some(_address)) = (words.get(1), words.get(2)) else {
                        return Err(bad());
                    };
                    let at = words.iter().position(|&w| w == "weight");
                    let weight = match at.map(|i| words.get(i + 1)) {
                        Some(Some(w)) => system_weight(w).ok_or_else(bad)?,
                        Some(None) => return Err(bad()),
                        None => UNIT,
                    };
                    servers.push(server(name, weight));
                }
            }
            // twemproxy: `- host:port:weight [name]` (other `- key:` lines are YAML).
            "-" if words.get(1).is_some_and(|w| w.matches(':').count() >= 2) => {
                let Some(spec) = words.get(1) else {
                    return Err(bad());
                };
                let mut parts = spec.rsplitn(2, ':');
                let (weight, address) = (parts.next(), parts.next());
                let (Some(weight), Some(address)) = (weight, address) else {
                    return Err(bad());
                };
                let weight = system_weight(weight).ok_or_else(bad)?;
                let name = words.get(2).copied().unwrap_or(address);
                servers.push(server(name, weight));
            }
            // redis-cli --cluster create HOST:PORT ... [--cluster-replicas N]
            "redis-cli" => {
                let mut skip_next = false;
                for w in words.iter().skip(1) {
                    if std::mem::take(&mut skip_next) {
                        continue;
                    }
                    if w.starts_with("--cluster-") {
                        skip_next = true;
                    } else if is_address(w) {
                        servers.push(server(w, UNIT));
                    }
                }
            }
            // Envoy: `address: 10.0.0.1`, then `port_value: 80`, then an optional
            // `load_balancing_weight: 3` (the order Envoy's docs write an endpoint in).
            "address:" if words.len() == 2 => {
                if let Some(done) = envoy.take() {
                    servers.push(done.server());
                }
                let host = words.get(1).ok_or_else(bad)?;
                envoy = Some(EnvoyEndpoint {
                    host: (*host).to_string(),
                    port: None,
                    weight: UNIT,
                });
            }
            "port_value:" => {
                let e = envoy.as_mut().ok_or_else(bad)?;
                let port = words.get(1).filter(|p| p.parse::<u16>().is_ok());
                e.port = Some((*port.ok_or_else(bad)?).to_string());
            }
            "load_balancing_weight:" => {
                let e = envoy.as_mut().ok_or_else(bad)?;
                e.weight = system_weight(words.get(1).ok_or_else(bad)?).ok_or_else(bad)?;
            }
            _ if is_cluster_nodes_line(&words) => {
                if words.get(2).is_some_and(|flags| flags.contains("master")) {
                    let address = words.get(1).and_then(|a| a.split('@').next());
                    servers.push(server(address.ok_or_else(bad)?, UNIT));
                }
            }
            // Plain: `host:port [weight]`, or several addresses on one line.
            _ if words.iter().all(|w| is_address(w)) => {
                servers.extend(words.iter().map(|w| server(w, UNIT)));
            }
            _ if words.len() == 2 && is_address(first) => {
                let weight = words.get(1).and_then(|w| w.parse::<u32>().ok());
                let weight = weight.filter(|w| (1..=MAX_WEIGHT).contains(w));
                servers.push(server(first, weight.ok_or_else(bad)?));
            }
            // A configuration's other lines: its blocks, sections and options.
            _ if config => {}
            _ => return Err(bad()),
        }
        if servers.len() > MAX_NODES {
            return Err(Msg::MoreNodes { max: MAX_NODES });
        }
    }
    if let Some(done) = envoy.take() {
        servers.push(done.server());
    }
    if servers.is_empty() {
        return Err(Msg::Ui(super::message::Ui::ServerListEmpty));
    }
    Ok(servers)
}

/// An Envoy endpoint being read, line by line.
struct EnvoyEndpoint {
    host: String,
    port: Option<String>,
    weight: u32,
}

impl EnvoyEndpoint {
    fn server(self) -> Server {
        let name = match self.port {
            Some(port) => format!("{}:{port}", self.host),
            None => self.host,
        };
        Server {
            name,
            weight: self.weight,
        }
    }
}

fn server(name: &str, weight: u32) -> Server {
    Server {
        name: name.trim_matches(|c| c == '"' || c == '\'').to_string(),
        weight,
    }
}

/// A system's weight as the lab's: `100·w`, within the lab's range.
fn system_weight(text: &str) -> Option<u32> {
    let w = text
        .trim_matches(|c| c == '"' || c == '\'')
        .parse::<u32>()
        .ok()?;
    w.checked_mul(UNIT).filter(|w| (1..=MAX_WEIGHT).contains(w))
}

/// Whether `word` is a server address: `host:port` (a port of digits), or an IPv4 address.
fn is_address(word: &str) -> bool {
    let word = word.trim_matches(|c| c == '"' || c == '\'');
    match word.rsplit_once(':') {
        Some((host, port)) => {
            !host.is_empty()
                && !port.is_empty()
                && port
                    .split('@')
                    .next()
                    .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
        }
        None => {
            let parts: Vec<&str> = word.split('.').collect();
            parts.len() == 4 && parts.iter().all(|p| p.parse::<u8>().is_ok())
        }
    }
}

/// A line of `CLUSTER NODES`: a 40-hex-digit id, then `ip:port@cport`, then the flags.
fn is_cluster_nodes_line(words: &[&str]) -> bool {
    let id = words
        .first()
        .is_some_and(|w| w.len() == 40 && w.bytes().all(|b| b.is_ascii_hexdigit()));
    id && words.get(1).is_some_and(|w| w.contains('@'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(String, u32)> {
        servers(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"))
            .into_iter()
            .map(|s| (s.name, s.weight))
            .collect()
    }

    fn pairs(list: &[(&str, u32)]) -> Vec<(String, u32)> {
        list.iter().map(|(n, w)| ((*n).to_string(), *w)).collect()
    }

    #[test]
    fn plain_lines_and_memcached_lists() {
        assert_eq!(
            read("10.0.0.1:11211 600\n10.0.0.2:11211 400\n\n# spare\n10.0.0.3:11211 200\n"),
            pairs(&[
                ("10.0.0.1:11211", 600),
                ("10.0.0.2:11211", 400),
                ("10.0.0.3:11211", 200)
            ])
        );
        assert_eq!(
            read("127.0.0.1:11211 127.0.0.1:11212, 127.0.0.1:11213"),
            pairs(&[
                ("127.0.0.1:11211", 100),
                ("127.0.0.1:11212", 100),
                ("127.0.0.1:11213", 100)
            ])
        );
    }

    #[test]
    fn an_nginx_upstream_block() {
        let text = "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:8080 weight=3;\n    server 10.0.0.2:8080 max_fails=2;\n    server cache3.example.com weight=2 backup;\n}\n";
        assert_eq!(
            read(text),
            pairs(&[
                ("10.0.0.1:8080", 300),
                ("10.0.0.2:8080", 100),
                ("cache3.example.com", 200)
            ])
        );
    }

    #[test]
    fn a_haproxy_backend() {
        let text = "backend app\n    balance uri\n    hash-type consistent\n    server s1 10.0.0.1:80 weight 10 check\n    server s2 10.0.0.2:80 check\n";
        assert_eq!(read(text), pairs(&[("s1", 1000), ("s2", 100)]));
    }

    #[test]
    fn a_twemproxy_pool() {
        let text = "alpha:\n  listen: 127.0.0.1:22121\n  hash: fnv1a_64\n  distribution: ketama\n  servers:\n   - 127.0.0.1:11211:1 server1\n   - 127.0.0.1:11212:2\n";
        assert_eq!(
            read(text),
            pairs(&[("server1", 100), ("127.0.0.1:11212", 200)])
        );
    }

    #[test]
    fn redis_cluster_lists_and_cluster_nodes() {
        assert_eq!(
            read("redis-cli --cluster create 127.0.0.1:7000 127.0.0.1:7001 127.0.0.1:7002 --cluster-replicas 0"),
            pairs(&[("127.0.0.1:7000", 100), ("127.0.0.1:7001", 100), ("127.0.0.1:7002", 100)])
        );
        let nodes = "07c37dfeb235213a872192d90877d0cd55635b91 127.0.0.1:30004@31004 slave e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected\n67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002 master - 0 1426238316232 2 connected 5461-10922\n292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected 10923-16383\n";
        assert_eq!(
            read(nodes),
            pairs(&[("127.0.0.1:30002", 100), ("127.0.0.1:30003", 100)])
        );
    }

    #[test]
    fn envoy_endpoints() {
        let text = "load_assignment:\n  endpoints:\n  - lb_endpoints:\n    - endpoint:\n        address:\n          socket_address:\n            address: 10.0.0.1\n            port_value: 80\n      load_balancing_weight: 3\n    - endpoint:\n        address:\n          socket_address:\n            address: 10.0.0.2\n            port_value: 80\n";
        assert_eq!(
            read(text),
            pairs(&[("10.0.0.1:80", 300), ("10.0.0.2:80", 100)])
        );
    }

    #[test]
    fn what_cannot_be_read_names_its_line() {
        for (text, line) in [
            ("10.0.0.1:11211 600\nnot a server at all\n", 2),
            ("10.0.0.1:11211 0\n", 1),
            ("upstream x {\n server 10.0.0.1:80 weight=lots;\n}", 2),
            ("backend b\n server s1 10.0.0.1:80 weight\n", 2),
            ("servers:\n - 127.0.0.1:11211:x\n", 2),
        ] {
            match servers(text) {
                Err(Msg::ServerLineBad { line: l, .. }) => assert_eq!(l, line, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert_eq!(
            servers("# nothing\n\n"),
            Err(Msg::Ui(super::super::message::Ui::ServerListEmpty))
        );
        let many: String = (0..=MAX_NODES).map(|i| format!("h{i}:1\n")).collect();
        assert_eq!(servers(&many), Err(Msg::MoreNodes { max: MAX_NODES }));
    }
}
