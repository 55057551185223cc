//! The real programs against the core, key by key: nginx (`hash $key consistent` and plain
//! `hash $key`), HAProxy (`hash-type consistent`), twemproxy (nutcracker, ketama and modula)
//! in front of memcached, and Redis Cluster (`CLUSTER KEYSLOT` and the slot split of
//! `redis-cli --cluster create`), all from Debian's packages.
//!
//! Each test starts its servers on 127.0.0.1, on free ports, with a configuration written
//! to a temporary directory, sends 20,000 keys or more (ASCII, UTF-8 and punctuation) on
//! weighted and unweighted node sets, and compares where each key went with
//! `ring_core::systems`. Every server started is a [`Server`], killed by its process id
//! when dropped, so also when an assertion fails.
//!
//! A machine without the programs skips these tests with a note, unless
//! `RINGLAB_REAL_SYSTEMS=require` is set, as `scripts/test` sets it (after `scripts/setup`
//! installed them): then a missing program fails.

// The helpers of an integration test are not test code to clippy (clippy.toml): a failed
// socket, spawn or parse is the test failing, loudly, so they unwrap and panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use ring_core::slots::redis_key_slot;
use ring_core::systems::{self, redis_cli_slot_ranges, SystemId, SystemNode};

/// Keys per pool: the issue asks for at least 20,000 per system.
const KEYS: usize = 20_000;

/// Where a program is, or `None` (and a note) when the machine lacks it and the tests may
/// skip.
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .chain(["/usr/sbin".into(), "/sbin".into()])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file());
    if found.is_none() {
        let required = std::env::var("RINGLAB_REAL_SYSTEMS").is_ok_and(|v| v == "require");
        assert!(
            !required,
            "{name} is not installed (scripts/setup installs it)"
        );
        eprintln!("skipped: {name} is not installed (scripts/setup installs it)");
    }
    found
}

/// A temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "ringlab-real-{name}-{}-{:?}",
            std::process::id(),
            Instant::now()
        ));
        let dir = PathBuf::from(dir.to_string_lossy().replace([' ', '{', '}', ':'], "_"));
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A server this test started: killed by its process id and reaped when dropped.
struct Server {
    name: String,
    child: Child,
}

impl Server {
    /// Starts `program` with `args`, its output to `log`, and waits until `port` accepts
    /// connections.
    fn start(program: &Path, args: &[&str], log: &Path, port: u16) -> Server {
        let out = fs::File::create(log).unwrap();
        let err = out.try_clone().unwrap();
        let child = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let mut server = Server {
            name: program.display().to_string(),
            child,
        };
        server.wait_for(port, log);
        server
    }

    fn wait_for(&mut self, port: u16, log: &Path) {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "{} exited ({status}) before listening on {port}: {}",
                    self.name,
                    fs::read_to_string(log).unwrap_or_default()
                );
            }
            assert!(
                Instant::now() < deadline,
                "{} does not listen on {port}: {}",
                self.name,
                fs::read_to_string(log).unwrap_or_default()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Child::kill signals this process id (SIGKILL); wait reaps it. Every server here
        // runs as one process in the foreground, so nothing is left behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `count` ports that were free a moment ago, each with `port + gap` free too (Redis
/// Cluster's bus port is its port + 10000; 0 asks for nothing more).
fn free_ports(count: usize, gap: u16) -> Vec<u16> {
    let mut held = Vec::new();
    let mut ports = Vec::new();
    while ports.len() < count {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        if gap > 0 {
            let Some(bus) = port.checked_add(gap) else {
                continue;
            };
            match TcpListener::bind(("127.0.0.1", bus)) {
                Ok(bus) => held.push(bus),
                Err(_) => continue,
            }
        }
        held.push(listener);
        ports.push(port);
    }
    ports
}

/// The keys: generated `user:<n>:<abc>` keys, every third with UTF-8, every fifth with
/// punctuation, each once. `allowed` drops characters a transport cannot carry.
fn keys(prefix: &str, count: usize, allowed: impl Fn(char) -> bool) -> Vec<String> {
    const UTF8: [&str; 6] = ["é", "中文", "🦀", "ß", "Ωμέγα", "naïve"];
    const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    let base = ring_core::keys::generate(count as u64, 7);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    for (i, k) in base.iter().enumerate() {
        let mut key = format!("{prefix}{k}:{i}");
        if i % 3 == 0 {
            key.push_str(UTF8[i % UTF8.len()]);
        }
        if i % 5 == 0 {
            let p: Vec<char> = PUNCTUATION.chars().collect();
            key.push(p[i % p.len()]);
            key.insert(prefix.len(), p[(i / 5) % p.len()]);
        }
        let key: String = key.chars().filter(|&c| allowed(c)).collect();
        if seen.insert(key.clone()) {
            out.push(key);
        }
    }
    assert!(out.len() >= count * 99 / 100);
    out
}

/// Where the core sends each key, as node names.
fn core_answers(system: SystemId, nodes: &[SystemNode], keys: &[String]) -> Vec<String> {
    let placed = systems::build(system, nodes, &[]).unwrap();
    keys.iter()
        .map(|k| nodes[placed.locate(k).unwrap() as usize].name.clone())
        .collect()
}

/// Asserts that `real` (key → node) agrees with the core key by key, showing the first
/// disagreements.
fn assert_same(what: &str, keys: &[String], real: &[String], core: &[String]) {
    assert_eq!(real.len(), keys.len(), "{what}: one answer per key");
    let wrong: Vec<String> = keys
        .iter()
        .zip(real.iter().zip(core))
        .filter(|(_, (r, c))| r != c)
        .map(|(k, (r, c))| format!("{k:?}: real {r}, core {c}"))
        .collect();
    assert!(
        wrong.is_empty(),
        "{what}: {} of {} keys differ, e.g.\n  {}",
        wrong.len(),
        keys.len(),
        wrong[..wrong.len().min(10)].join("\n  ")
    );
    // Every node was reached: the comparison covered them all.
    let mut reached: BTreeMap<&str, usize> = BTreeMap::new();
    for r in real {
        *reached.entry(r).or_default() += 1;
    }
    eprintln!("{what}: {} keys agree; per node {reached:?}", keys.len());
}

// ---------------------------------------------------------------- HTTP

/// Sends `GET /` with header `X-Key: key` for every key over one kept-alive connection,
/// pipelined in batches, and returns each response's body.
fn http_bodies(port: u16, keys: &[String]) -> Vec<String> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut bodies = Vec::with_capacity(keys.len());
    for batch in keys.chunks(100) {
        let mut requests = Vec::new();
        for key in batch {
            requests.extend_from_slice(b"GET / HTTP/1.1\r\nHost: ringlab\r\nX-Key: ");
            requests.extend_from_slice(key.as_bytes());
            requests.extend_from_slice(b"\r\n\r\n");
        }
        writer.write_all(&requests).unwrap();
        for key in batch {
            bodies.push(http_response(&mut reader, key));
        }
    }
    bodies
}

/// Reads one response and returns its body; a status other than 200 fails.
fn http_response(reader: &mut BufReader<TcpStream>, key: &str) -> String {
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(
        status.starts_with("HTTP/1.1 200"),
        "key {key:?}: {status:?}"
    );
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap();
            }
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).unwrap();
    String::from_utf8(body).unwrap()
}

/// Header values carry no control characters, and leading or trailing spaces would be
/// trimmed: the keys have none.
fn header_safe(c: char) -> bool {
    !c.is_control() && c != ' '
}

// ---------------------------------------------------------------- nginx

/// One upstream: the system, its nodes (the `server` texts and weights) and the port of
/// the front that proxies to it.
struct Pool {
    system: SystemId,
    nodes: Vec<SystemNode>,
    front: u16,
}

#[test]
fn nginx_places_every_key_as_the_core_does() {
    let Some(nginx) = program("nginx") else {
        return;
    };
    let dir = TempDir::new("nginx");
    let ports = free_ports(9, 0);
    let backends = &ports[..6];
    let node = |i: usize, weight: Option<u32>| SystemNode {
        name: format!("127.0.0.1:{}", backends[i]),
        weight,
    };
    let weighted: Vec<SystemNode> = vec![
        node(0, Some(1)),
        node(1, Some(2)),
        node(2, None),
        node(3, Some(5)),
    ];
    let unweighted: Vec<SystemNode> = (0..6).map(|i| node(i, None)).collect();
    let pools = [
        Pool {
            system: SystemId::Nginx,
            nodes: weighted.clone(),
            front: ports[6],
        },
        Pool {
            system: SystemId::Nginx,
            nodes: unweighted,
            front: ports[7],
        },
        Pool {
            system: SystemId::NginxHash,
            nodes: weighted,
            front: ports[8],
        },
    ];
    let mut conf = format!(
        "daemon off;\nmaster_process off;\nworker_processes 1;\npid {pid};\n\
         error_log {log} warn;\nevents {{ worker_connections 256; }}\nhttp {{\n  access_log off;\n  \
         keepalive_requests 1000000;\n",
        pid = dir.path("nginx.pid").display(),
        log = dir.path("error.log").display(),
    );
    for temp in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] {
        conf.push_str(&format!(
            "  {temp}_temp_path {};\n",
            dir.path(temp).display()
        ));
    }
    // Each backend answers with its own address, the `server` text of the upstreams.
    for port in backends {
        conf.push_str(&format!(
            "  server {{ listen 127.0.0.1:{port}; location / {{ return 200 \"127.0.0.1:{port}\"; }} }}\n"
        ));
    }
    for (i, pool) in pools.iter().enumerate() {
        let method = match pool.system {
            SystemId::Nginx => "hash $http_x_key consistent",
            _ => "hash $http_x_key",
        };
        conf.push_str(&format!("  upstream pool{i} {{\n    {method};\n"));
        for n in &pool.nodes {
            let weight = n.weight.map_or(String::new(), |w| format!(" weight={w}"));
            conf.push_str(&format!("    server {}{weight};\n", n.name));
        }
        conf.push_str("    keepalive 16;\n  }\n");
        conf.push_str(&format!(
            "  server {{ listen 127.0.0.1:{front}; location / {{ proxy_pass http://pool{i}; \
             proxy_http_version 1.1; proxy_set_header Connection \"\"; }} }}\n",
            front = pool.front
        ));
    }
    conf.push_str("}\n");
    fs::write(dir.path("nginx.conf"), conf).unwrap();
    let conf_path = dir.path("nginx.conf");
    let prefix = format!("{}/", dir.0.display());
    let error_log = dir.path("startup.log");
    let _nginx = Server::start(
        &nginx,
        &[
            "-p",
            &prefix,
            "-e",
            error_log.to_str().unwrap(),
            "-c",
            conf_path.to_str().unwrap(),
        ],
        &dir.path("stdout.log"),
        pools[2].front,
    );
    for pool in &pools {
        let keys = keys("", KEYS, header_safe);
        let real = http_bodies(pool.front, &keys);
        let core = core_answers(pool.system, &pool.nodes, &keys);
        let what = format!("{} over {} servers", pool.system.id(), pool.nodes.len());
        assert_same(&what, &keys, &real, &core);
    }
}

// ---------------------------------------------------------------- HAProxy

#[test]
fn haproxy_places_every_key_as_the_core_does() {
    let Some(haproxy) = program("haproxy") else {
        return;
    };
    let dir = TempDir::new("haproxy");
    let ports = free_ports(8, 0);
    let backends = &ports[..6];
    // Server names are what the echo frontends answer; HAProxy hashes only their order.
    let weighted: Vec<SystemNode> = vec![
        SystemNode::weighted("s0", 1),
        SystemNode::weighted("s1", 2),
        SystemNode::new("s2"),
        SystemNode::weighted("s3", 7),
    ];
    let unweighted: Vec<SystemNode> = (0..6).map(|i| SystemNode::new(format!("s{i}"))).collect();
    let pools = [(weighted, ports[6]), (unweighted, ports[7])];
    let mut conf = String::from(
        "global\n  maxconn 512\ndefaults\n  mode http\n  timeout connect 5s\n  \
         timeout client 30s\n  timeout server 30s\n",
    );
    for (i, port) in backends.iter().enumerate() {
        conf.push_str(&format!(
            "frontend echo{i}\n  bind 127.0.0.1:{port}\n  \
             http-request return status 200 content-type text/plain string s{i}\n"
        ));
    }
    for (p, (nodes, front)) in pools.iter().enumerate() {
        conf.push_str(&format!(
            "frontend front{p}\n  bind 127.0.0.1:{front}\n  default_backend pool{p}\n\
             backend pool{p}\n  balance hdr(X-Key)\n  hash-type consistent\n"
        ));
        for (i, n) in nodes.iter().enumerate() {
            let weight = n.weight.map_or(String::new(), |w| format!(" weight {w}"));
            conf.push_str(&format!(
                "  server {} 127.0.0.1:{}{weight}\n",
                n.name, backends[i]
            ));
        }
    }
    fs::write(dir.path("haproxy.cfg"), conf).unwrap();
    let cfg = dir.path("haproxy.cfg");
    let _haproxy = Server::start(
        &haproxy,
        &["-db", "-f", cfg.to_str().unwrap()],
        &dir.path("haproxy.log"),
        ports[7],
    );
    for (nodes, front) in &pools {
        // `hdr()` hashes the header's first comma-separated value: the keys have no comma.
        let keys = keys("", KEYS, |c| header_safe(c) && c != ',');
        let real = http_bodies(*front, &keys);
        let core = core_answers(SystemId::Haproxy, nodes, &keys);
        let what = format!("haproxy over {} servers", nodes.len());
        assert_same(&what, &keys, &real, &core);
    }
}

// ---------------------------------------------------------------- twemproxy + memcached

/// Sets every key (value `x`) through the proxy on `port`, pipelined in batches, and
/// checks that each was stored.
fn memcached_set_all(port: u16, keys: &[String]) {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    for batch in keys.chunks(200) {
        let mut commands = Vec::new();
        for key in batch {
            commands.extend_from_slice(format!("set {key} 0 0 1\r\nx\r\n").as_bytes());
        }
        writer.write_all(&commands).unwrap();
        for key in batch {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            assert_eq!(line, "STORED\r\n", "set {key:?} through nutcracker");
        }
    }
}

/// The keys among `keys` that the memcached on `port` holds.
fn memcached_held(port: u16, keys: &[String]) -> Vec<String> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut held = Vec::new();
    for batch in keys.chunks(100) {
        let mut command = String::from("get");
        for key in batch {
            command.push(' ');
            command.push_str(key);
        }
        command.push_str("\r\n");
        writer.write_all(command.as_bytes()).unwrap();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line == "END\r\n" {
                break;
            }
            let key = line
                .strip_prefix("VALUE ")
                .and_then(|rest| rest.split(' ').next())
                .unwrap_or_else(|| panic!("memcached answered {line:?}"));
            held.push(key.to_string());
            let mut value = String::new();
            reader.read_line(&mut value).unwrap();
        }
    }
    held
}

#[test]
fn twemproxy_places_every_key_as_the_core_does() {
    let (Some(nutcracker), Some(memcached)) = (program("nutcracker"), program("memcached")) else {
        return;
    };
    let dir = TempDir::new("twemproxy");
    let ports = free_ports(9, 0);
    let caches = &ports[..5];
    let mut servers = Vec::new();
    for &port in caches {
        let port_text = port.to_string();
        servers.push(Server::start(
            &memcached,
            &[
                "-l",
                "127.0.0.1",
                "-p",
                &port_text,
                "-U",
                "0",
                "-t",
                "1",
                "-m",
                "64",
                "-u",
                "root",
            ],
            &dir.path(&format!("memcached-{port}.log")),
            port,
        ));
    }
    // The server names twemproxy hashes are the names written after each address.
    let weighted: Vec<SystemNode> = vec![
        SystemNode::weighted("cache-a", 1),
        SystemNode::weighted("cache-b", 2),
        SystemNode::weighted("cache-c", 1),
        SystemNode::weighted("cache-d", 4),
        SystemNode::weighted("cache-e", 1),
    ];
    let unweighted: Vec<SystemNode> = ["m0", "m1", "m2", "m3", "m4"]
        .into_iter()
        .map(SystemNode::new)
        .collect();
    let pools = [
        (
            SystemId::Twemproxy,
            "ketama",
            weighted.clone(),
            ports[5],
            "k/",
        ),
        (SystemId::Twemproxy, "ketama", unweighted, ports[6], "u/"),
        (
            SystemId::TwemproxyModula,
            "modula",
            weighted,
            ports[7],
            "m/",
        ),
    ];
    let mut conf = String::new();
    for (i, (_, distribution, nodes, listen, _)) in pools.iter().enumerate() {
        conf.push_str(&format!(
            "pool{i}:\n  listen: 127.0.0.1:{listen}\n  hash: fnv1a_64\n  \
             distribution: {distribution}\n  auto_eject_hosts: false\n  servers:\n"
        ));
        for (n, node) in nodes.iter().enumerate() {
            conf.push_str(&format!(
                "   - 127.0.0.1:{}:{} {}\n",
                caches[n],
                node.weight.unwrap_or(1),
                node.name
            ));
        }
    }
    fs::write(dir.path("nutcracker.yml"), conf).unwrap();
    let conf_path = dir.path("nutcracker.yml");
    let stats = ports[8].to_string();
    let log = dir.path("nutcracker.log");
    let _nutcracker = Server::start(
        &nutcracker,
        &[
            "-c",
            conf_path.to_str().unwrap(),
            "-s",
            &stats,
            "-a",
            "127.0.0.1",
            "-o",
            log.to_str().unwrap(),
        ],
        &dir.path("nutcracker.out"),
        ports[7],
    );
    for (system, _, nodes, listen, prefix) in &pools {
        // memcached keys: no spaces or control characters.
        let keys = keys(prefix, KEYS, |c| !c.is_control() && c != ' ');
        memcached_set_all(*listen, &keys);
        let mut real: BTreeMap<String, String> = BTreeMap::new();
        for (n, &port) in caches.iter().enumerate() {
            for key in memcached_held(port, &keys) {
                if let Some(other) = real.insert(key.clone(), nodes[n].name.clone()) {
                    panic!("{key:?} is on {other} and {}", nodes[n].name);
                }
            }
        }
        let real: Vec<String> = keys
            .iter()
            .map(|k| real.get(k).cloned().unwrap_or_else(|| "(nowhere)".into()))
            .collect();
        let core = core_answers(*system, nodes, &keys);
        let what = format!("{} over {} servers ({prefix})", system.id(), nodes.len());
        assert_same(&what, &keys, &real, &core);
    }
    drop(servers);
}

// ---------------------------------------------------------------- Redis Cluster

/// A RESP command.
fn resp(args: &[&[u8]]) -> Vec<u8> {
    let mut out = format!("*{}\r\n", args.len()).into_bytes();
    for a in args {
        out.extend_from_slice(format!("${}\r\n", a.len()).as_bytes());
        out.extend_from_slice(a);
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// Reads one RESP reply: an integer, a simple string or a bulk string, as text.
fn resp_reply(reader: &mut BufReader<TcpStream>) -> String {
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let line = line.trim_end_matches("\r\n").to_string();
    match line.as_bytes().first() {
        Some(b':' | b'+') => line[1..].to_string(),
        Some(b'$') => {
            let length: usize = line[1..].parse().unwrap();
            let mut body = vec![0u8; length + 2];
            reader.read_exact(&mut body).unwrap();
            body.truncate(length);
            String::from_utf8(body).unwrap()
        }
        _ => panic!("redis answered {line:?}"),
    }
}

#[test]
fn redis_cluster_places_every_key_as_the_core_does() {
    let (Some(redis_server), Some(redis_cli)) = (program("redis-server"), program("redis-cli"))
    else {
        return;
    };
    let dir = TempDir::new("redis");
    // Five masters: 16384 / 5 = 3276.8 slots each, where the float rounding shows.
    let ports = free_ports(5, 10_000);
    let mut servers = Vec::new();
    for &port in &ports {
        let port_text = port.to_string();
        let nodes_file = dir.path(&format!("nodes-{port}.conf"));
        let data = dir.path(&format!("data-{port}"));
        fs::create_dir_all(&data).unwrap();
        servers.push(Server::start(
            &redis_server,
            &[
                "--port",
                &port_text,
                "--bind",
                "127.0.0.1",
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                nodes_file.to_str().unwrap(),
                "--dir",
                data.to_str().unwrap(),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            &dir.path(&format!("redis-{port}.log")),
            port,
        ));
    }
    let mut create = vec!["--cluster".to_string(), "create".to_string()];
    create.extend(ports.iter().map(|p| format!("127.0.0.1:{p}")));
    create.extend(["--cluster-replicas", "0", "--cluster-yes"].map(String::from));
    let created = Command::new(&redis_cli)
        .args(&create)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        created.status.success(),
        "redis-cli --cluster create: {}{}",
        String::from_utf8_lossy(&created.stdout),
        String::from_utf8_lossy(&created.stderr)
    );

    let stream = TcpStream::connect(("127.0.0.1", ports[0])).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);

    // The slot split redis-cli made, read back from CLUSTER NODES, against the core's.
    writer.write_all(&resp(&[b"CLUSTER", b"NODES"])).unwrap();
    let table = resp_reply(&mut reader);
    let mut owner_of_slot = vec![String::new(); 16384];
    let mut ranges: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
    for line in table.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let address = fields[1].split('@').next().unwrap().to_string();
        for range in &fields[8..] {
            let (first, last) = range.split_once('-').unwrap_or((range, range));
            let (first, last): (u32, u32) = (first.parse().unwrap(), last.parse().unwrap());
            for slot in first..=last {
                owner_of_slot[slot as usize] = address.clone();
            }
            ranges
                .entry(address.clone())
                .or_default()
                .push((first, last));
        }
    }
    let nodes: Vec<SystemNode> = ports
        .iter()
        .map(|p| SystemNode::new(format!("127.0.0.1:{p}")))
        .collect();
    let split = redis_cli_slot_ranges(5);
    for (node, range) in nodes.iter().zip(&split) {
        assert_eq!(
            ranges.get(&node.name),
            Some(&vec![*range]),
            "redis-cli's slots for {}: {table}",
            node.name
        );
    }

    // Each key's slot by CLUSTER KEYSLOT, and so its master, against the core's.
    let keys = keys("", KEYS, |_| true);
    let mut slots = Vec::with_capacity(keys.len());
    for batch in keys.chunks(500) {
        let mut commands = Vec::new();
        for key in batch {
            commands.extend(resp(&[b"CLUSTER", b"KEYSLOT", key.as_bytes()]));
        }
        writer.write_all(&commands).unwrap();
        for _ in batch {
            slots.push(resp_reply(&mut reader).parse::<u16>().unwrap());
        }
    }
    for (key, &slot) in keys.iter().zip(&slots) {
        assert_eq!(redis_key_slot(key), slot, "the slot of {key:?}");
    }
    let real: Vec<String> = slots
        .iter()
        .map(|&s| owner_of_slot[usize::from(s)].clone())
        .collect();
    let core = core_answers(SystemId::RedisCluster, &nodes, &keys);
    assert_same("redis-cluster over 5 masters", &keys, &real, &core);
    drop(servers);
}
