//! The real clients and proxy against the core, key by key: Kafka's producer partitioner
//! (kafka-python's `DefaultPartitioner` and librdkafka's `murmur2` partitioner), librdkafka's
//! default `consistent_random`, Hazelcast's Python client, pymemcache's `HashClient`, and
//! Caddy's `reverse_proxy` with the `header` selection policy.
//!
//! The clients are Python: Debian's python3-kafka and python3-pymemcache, Debian's
//! librdkafka1 through ctypes, and hazelcast-python-client from PyPI in the venv
//! `scripts/setup` makes (`target/real-venv`). Each script beside this file (`real/*.py`)
//! reads keys on stdin and prints `key<TAB>node`; no server is needed. Caddy is Debian's,
//! started on 127.0.0.1 with a JSON configuration (admin off): a front server proxying by the
//! header `X-Key` to one `static_response` server per node, each answering its own dial
//! address, on free ports; it is a [`Server`], killed by its process id when dropped.
//!
//! Every pool gets 20,000 keys or more (ASCII, UTF-8 and punctuation), and the edges each
//! system has: the empty key, keys a client refuses, Hazelcast's forged `Integer.MIN_VALUE`
//! key, and for Caddy a key forged so that its only upstream scores 0. None of these systems
//! takes weights (the core refuses one; `crates/ring-core/src/systems/client_tests.rs`).
//!
//! A machine without a program or module skips its test with a note, unless
//! `RINGLAB_REAL_SYSTEMS=require` is set, as `scripts/test` sets it: then it fails.

// The helpers of an integration test are not test code to clippy (clippy.toml): a failed
// socket, spawn or parse is the test failing, loudly, so they unwrap and panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use ring_core::systems::{self, SystemId, SystemNode};

/// Keys per pool: at least 20,000 per system.
const KEYS: usize = 20_000;

fn required() -> bool {
    std::env::var("RINGLAB_REAL_SYSTEMS").is_ok_and(|v| v == "require")
}

/// Says that `what` is missing: a failure when the programs are required, else a note.
fn missing(what: &str) {
    assert!(
        !required(),
        "{what} is not installed (scripts/setup --browser installs it)"
    );
    eprintln!("skipped: {what} is not installed (scripts/setup --browser installs it)");
}

/// Where a program is, or `None` (and a note) when the machine lacks it.
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .chain(["/usr/sbin".into(), "/sbin".into()])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file());
    if found.is_none() {
        missing(name);
    }
    found
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Debian's Python 3, if `module` imports under it.
fn debian_python(module: &str) -> Option<PathBuf> {
    python_with(
        PathBuf::from("/usr/bin/python3"),
        module,
        "Debian's python3",
    )
}

/// The venv's Python (`target/real-venv`, made by `scripts/setup`), if `module` imports.
fn venv_python(module: &str) -> Option<PathBuf> {
    python_with(
        root().join("target/real-venv/bin/python"),
        module,
        "the venv target/real-venv",
    )
}

fn python_with(python: PathBuf, module: &str, which: &str) -> Option<PathBuf> {
    let imports = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if imports {
        Some(python)
    } else {
        missing(&format!("the Python module {module} ({which})"));
        None
    }
}

/// Runs the script `real/<script>` with `args`, the keys on its stdin, and returns the node
/// it printed for each key, checking that it echoed the keys in order.
fn script_answers(python: &Path, script: &str, args: &[String], keys: &[String]) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/real")
        .join(script);
    let mut child = Command::new(python)
        .arg(&path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
    let mut input = String::new();
    for key in keys {
        assert!(!key.contains(['\n', '\r']), "{key:?}: one key a line");
        input.push_str(key);
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread: the script's output may fill its pipe before it has read all.
    let writer = thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        output.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), keys.len(), "{script}: one answer per key");
    lines
        .iter()
        .zip(keys)
        .map(|(line, key)| {
            // At the last tab: a key may hold one, a node name does not.
            let (echoed, node) = line.rsplit_once('\t').unwrap();
            assert_eq!(echoed, key, "{script}: the keys in order");
            node.to_string()
        })
        .collect()
}

/// A temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "ringlab-real-{name}-{}-{nanos}",
            std::process::id()
        ));
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
    /// Starts `program` with `args` and `env`, its output to `log`, and waits until
    /// 127.0.0.1:`port` accepts connections.
    fn start(
        program: &Path,
        args: &[&str],
        env: &[(&str, &Path)],
        log: &Path,
        port: u16,
    ) -> Server {
        let out = fs::File::create(log).unwrap();
        let err = out.try_clone().unwrap();
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        for (name, value) in env {
            command.env(name, value);
        }
        let child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let mut server = Server {
            name: program.display().to_string(),
            child,
        };
        let deadline = Instant::now() + Duration::from_secs(15);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!(
                    "{} exited ({status}) before listening on {port}: {}",
                    server.name,
                    fs::read_to_string(log).unwrap_or_default()
                );
            }
            assert!(
                Instant::now() < deadline,
                "{} does not listen on {port}: {}",
                server.name,
                fs::read_to_string(log).unwrap_or_default()
            );
            thread::sleep(Duration::from_millis(20));
        }
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Child::kill signals this process id (SIGKILL); wait reaps it. Caddy runs as one
        // process in the foreground, so nothing is left behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `count` ports free a moment ago on the loopback address `host`, held until all are
/// found so that no two are equal.
fn free_ports(host: &str, count: usize) -> Vec<u16> {
    let held: Vec<TcpListener> = (0..count)
        .map(|_| TcpListener::bind((host, 0)).unwrap())
        .collect();
    held.iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// The keys: generated `user:<n>:<abc>` keys, every third with UTF-8, every fifth with
/// punctuation, each once. `allowed` drops characters a transport cannot carry.
fn keys(prefix: &str, count: usize, allowed: impl Fn(char) -> bool) -> Vec<String> {
    const UTF8: [&str; 7] = ["é", "中文", "🦀", "ß", "Ωμέγα", "naïve", "ключ"];
    const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    let base = ring_core::keys::generate(count as u64, 11);
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

/// Keys a line-based script can read: no control characters.
fn printable(c: char) -> bool {
    !c.is_control()
}

/// Where the core sends each key, as node names; `!refused` for a key it refuses.
fn core_answers(system: SystemId, nodes: &[SystemNode], keys: &[String]) -> Vec<String> {
    let placed = systems::build(system, nodes, &[]).unwrap();
    keys.iter()
        .map(|k| match placed.locate(k) {
            Ok(i) => nodes[i as usize].name.clone(),
            Err(_) => "!refused".to_string(),
        })
        .collect()
}

/// Asserts that `real` (key → node) agrees with the core key by key, showing the first
/// disagreements, and that every node was reached.
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
    let mut reached: BTreeMap<&str, usize> = BTreeMap::new();
    for r in real {
        *reached.entry(r).or_default() += 1;
    }
    let nodes = core.iter().filter(|c| !c.starts_with('!')).count();
    eprintln!(
        "{what}: {} keys agree ({nodes} placed) over {} answers",
        keys.len(),
        reached.len()
    );
}

/// `p0,…,p{count-1}`: partitions.
fn partitions(count: usize) -> Vec<SystemNode> {
    (0..count)
        .map(|i| SystemNode::new(format!("p{i}")))
        .collect()
}

fn names(nodes: &[SystemNode]) -> Vec<String> {
    nodes.iter().map(|n| n.name.clone()).collect()
}

// ---------------------------------------------------------------- Kafka

#[test]
fn kafkas_partitioner_places_every_key_as_the_core_does() {
    let Some(python) = debian_python("kafka.partitioner.default") else {
        return;
    };
    let Some(rdkafka_python) = debian_python("ctypes") else {
        return;
    };
    if !librdkafka_present(&rdkafka_python) {
        return;
    }
    let mut keys = keys("", KEYS, printable);
    // An empty key is hashed like any other.
    keys.push(String::new());
    for count in [1, 6, 50, 271] {
        let nodes = partitions(count);
        let core = core_answers(SystemId::Kafka, &nodes, &keys);
        let kafka_python = script_answers(&python, "kafka_python.py", &names(&nodes), &keys);
        assert_same(
            &format!("kafka-python over {count} partitions"),
            &keys,
            &kafka_python,
            &core,
        );
        let mut args = vec!["murmur2".to_string()];
        args.extend(names(&nodes));
        let librdkafka = script_answers(&rdkafka_python, "librdkafka.py", &args, &keys);
        assert_same(
            &format!("librdkafka murmur2 over {count} partitions"),
            &keys,
            &librdkafka,
            &core,
        );
    }
}

/// Whether Debian's librdkafka1 loads under ctypes (a note, or a failure when required,
/// if not).
fn librdkafka_present(python: &Path) -> bool {
    let loads = Command::new(python)
        .args([
            "-c",
            "import ctypes, ctypes.util; ctypes.CDLL(ctypes.util.find_library('rdkafka') or 'librdkafka.so.1')",
        ])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !loads {
        missing("librdkafka1");
    }
    loads
}

#[test]
fn librdkafkas_default_partitioner_places_every_key_as_the_core_does() {
    let Some(python) = debian_python("ctypes") else {
        return;
    };
    if !librdkafka_present(&python) {
        return;
    }
    // consistent_random sends an empty key to a random partition: the core refuses it, and
    // it is not sent.
    let keys = keys("", KEYS, printable);
    for count in [1, 6, 50, 271] {
        let nodes = partitions(count);
        let core = core_answers(SystemId::Librdkafka, &nodes, &keys);
        let mut args = vec!["consistent_random".to_string()];
        args.extend(names(&nodes));
        let real = script_answers(&python, "librdkafka.py", &args, &keys);
        assert_same(
            &format!("librdkafka consistent_random over {count} partitions"),
            &keys,
            &real,
            &core,
        );
    }
}

// ---------------------------------------------------------------- Hazelcast

#[test]
fn hazelcasts_python_client_places_every_key_as_the_core_does() {
    let Some(python) = venv_python("hazelcast") else {
        return;
    };
    let mut keys = keys("", KEYS, printable);
    // The empty key, and the key whose hash is Integer.MIN_VALUE (2^31 mod n, not 0).
    keys.extend([String::new(), "hkpyS*,<".to_string()]);
    for count in [271, 7, 1, 1000] {
        let nodes = partitions(count);
        let core = core_answers(SystemId::Hazelcast, &nodes, &keys);
        let real = script_answers(&python, "hazelcast_partition.py", &names(&nodes), &keys);
        assert_same(
            &format!("hazelcast over {count} partitions"),
            &keys,
            &real,
            &core,
        );
        if count == 271 {
            assert_eq!(real.last().map(String::as_str), Some("p245"));
        }
    }
}

// ---------------------------------------------------------------- pymemcache

#[test]
fn pymemcaches_hash_client_places_every_key_as_the_core_does() {
    let Some(python) = debian_python("pymemcache.client.hash") else {
        return;
    };
    let mut keys = keys("", KEYS, |c| printable(c) && c != ' ');
    // The empty key is placed; these the client refuses: whitespace, NUL-free but too
    // long, and long in bytes though short in characters.
    keys.extend([
        String::new(),
        "a b".to_string(),
        "tab\there".to_string(),
        "k".repeat(250),
        "k".repeat(251),
        "é".repeat(125),
        "é".repeat(126),
        "a\u{a0}b".to_string(),
    ]);
    let pools: [&[&str]; 3] = [
        &["10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11211"],
        &[
            "mc1.example:11211",
            "mc2.example",
            "mc3.example:011212",
            "[::1]:11213",
            "unix:/run/memcached/mc.sock",
            "10.0.0.10:11211",
        ],
        &[
            "cache-a", "cache-b", "cache-c", "cache-d", "cache-e", "cache-f", "cache-g", "cache-h",
            "cache-i", "cache-j",
        ],
    ];
    for pool in pools {
        let nodes: Vec<SystemNode> = pool.iter().map(|n| SystemNode::new(*n)).collect();
        let core = core_answers(SystemId::Pymemcache, &nodes, &keys);
        let real = script_answers(&python, "pymemcache_hash.py", &names(&nodes), &keys);
        assert_same(
            &format!("pymemcache over {} servers", nodes.len()),
            &keys,
            &real,
            &core,
        );
        let refused = real.iter().filter(|r| *r == "!refused").count();
        assert_eq!(refused, 4, "the four keys the client refuses");
    }
}

// ---------------------------------------------------------------- Caddy

/// The JSON configuration: for each pool a front on its port proxying by `X-Key` to its
/// dials, and a `static_response` server on each dial answering with the dial itself.
fn caddy_config(pools: &[(u16, Vec<String>)]) -> String {
    let mut servers = Vec::new();
    let mut backends: Vec<&String> = pools.iter().flat_map(|(_, d)| d).collect();
    backends.sort();
    backends.dedup();
    for (i, (port, dials)) in pools.iter().enumerate() {
        let upstreams: Vec<String> = dials
            .iter()
            .map(|d| format!("{{\"dial\": \"{d}\"}}"))
            .collect();
        servers.push(format!(
            "\"front{i}\": {{\"listen\": [\"127.0.0.1:{port}\"], \
             \"automatic_https\": {{\"disable\": true}}, \
             \"routes\": [{{\"handle\": [{{\"handler\": \"reverse_proxy\", \
             \"upstreams\": [{}], \
             \"load_balancing\": {{\"selection_policy\": \
             {{\"policy\": \"header\", \"field\": \"X-Key\"}}}}}}]}}]}}",
            upstreams.join(", ")
        ));
    }
    for (i, dial) in backends.iter().enumerate() {
        servers.push(format!(
            "\"node{i}\": {{\"listen\": [\"{dial}\"], \
             \"automatic_https\": {{\"disable\": true}}, \
             \"routes\": [{{\"handle\": [{{\"handler\": \"static_response\", \
             \"status_code\": 200, \"body\": \"{dial}\"}}]}}]}}"
        ));
    }
    format!(
        "{{\"admin\": {{\"disabled\": true}}, \"logging\": {{\"logs\": {{\"default\": {{\"level\": \"ERROR\"}}}}}}, \
         \"apps\": {{\"http\": {{\"servers\": {{{}}}}}}}}}",
        servers.join(", ")
    )
}

/// Sends `GET /` with `X-Key: key` for every key over one kept-alive connection,
/// pipelined in batches, and returns each response's status and body.
fn http_answers(port: u16, keys: &[String]) -> Vec<(u16, String)> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut answers = Vec::with_capacity(keys.len());
    for batch in keys.chunks(100) {
        let mut requests = Vec::new();
        for key in batch {
            requests.extend_from_slice(b"GET / HTTP/1.1\r\nHost: ringlab\r\nX-Key: ");
            requests.extend_from_slice(key.as_bytes());
            requests.extend_from_slice(b"\r\n\r\n");
        }
        writer.write_all(&requests).unwrap();
        for _ in batch {
            answers.push(http_response(&mut reader));
        }
    }
    answers
}

/// Reads one response: its status and body.
fn http_response(reader: &mut BufReader<TcpStream>) -> (u16, String) {
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    let code = status
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP status line: {status:?}"));
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
    (code, String::from_utf8(body).unwrap())
}

/// A key whose FNV-1a 32 followed by `dial` is 0, as `prefix` and six printable bytes:
/// the state before `dial` that ends at 0 is worked back (FNV's prime is odd, so each step
/// inverts), then met in the middle by three bytes forward and three backward.
fn forge_zero_score(prefix: &str, dial: &str) -> String {
    const PRIME: u32 = 16_777_619;
    // The inverse of the prime mod 2^32, by Newton's iteration.
    let mut inverse: u32 = PRIME;
    for _ in 0..5 {
        inverse = inverse.wrapping_mul(2u32.wrapping_sub(PRIME.wrapping_mul(inverse)));
    }
    let step = |h: u32, b: u8| (h ^ u32::from(b)).wrapping_mul(PRIME);
    let back = |h: u32, b: u8| h.wrapping_mul(inverse) ^ u32::from(b);
    let target = dial.bytes().rev().fold(0u32, back);
    let start = ring_core::hash::fnv1a_32(prefix.as_bytes());
    let printable = 0x21u8..0x7f;
    let mut forward: HashMap<u32, [u8; 3]> = HashMap::new();
    for a in printable.clone() {
        for b in printable.clone() {
            for c in printable.clone() {
                forward.insert(step(step(step(start, a), b), c), [a, b, c]);
            }
        }
    }
    for f in printable.clone() {
        for e in printable.clone() {
            for d in printable.clone() {
                let middle = back(back(back(target, f), e), d);
                if let Some(head) = forward.get(&middle) {
                    let mut key = prefix.as_bytes().to_vec();
                    key.extend_from_slice(head);
                    key.extend_from_slice(&[d, e, f]);
                    return String::from_utf8(key).unwrap();
                }
            }
        }
    }
    panic!("no key of 6 printable bytes after {prefix:?} scores 0 with {dial}")
}

#[test]
fn caddys_header_policy_places_every_key_as_the_core_does() {
    let Some(caddy) = program("caddy") else {
        return;
    };
    let dir = TempDir::new("caddy");
    // Dial addresses on several loopback addresses, each port free on its own address.
    let on = |host: &str, count: usize| -> Vec<String> {
        free_ports(host, count)
            .into_iter()
            .map(|p| format!("{host}:{p}"))
            .collect()
    };
    let three = on("127.0.0.1", 3);
    let mut five = on("127.0.0.1", 2);
    five.extend(on("127.0.0.2", 1));
    five.extend(on("127.0.0.3", 1));
    five.extend(on("127.0.0.4", 1));
    let alone = on("127.0.0.5", 1);
    let fronts = free_ports("127.0.0.1", 3);
    let pools = vec![
        (fronts[0], three),
        (fronts[1], five),
        (fronts[2], alone.clone()),
    ];
    fs::write(dir.path("caddy.json"), caddy_config(&pools)).unwrap();
    let config = dir.path("caddy.json");
    // Caddy's data and config directories go to the temporary directory too.
    let _caddy = Server::start(
        &caddy,
        &["run", "--config", config.to_str().unwrap()],
        &[
            ("HOME", dir.0.as_path()),
            ("XDG_DATA_HOME", dir.0.as_path()),
            ("XDG_CONFIG_HOME", dir.0.as_path()),
        ],
        &dir.path("caddy.log"),
        fronts[2],
    );
    // Wait for every backend too: Caddy starts its servers one by one.
    for (_, dials) in &pools {
        for dial in dials {
            let (host, port) = dial.rsplit_once(':').unwrap();
            let port: u16 = port.parse().unwrap();
            let deadline = Instant::now() + Duration::from_secs(15);
            while TcpStream::connect((host, port)).is_err() {
                assert!(Instant::now() < deadline, "caddy does not listen on {dial}");
                thread::sleep(Duration::from_millis(20));
            }
        }
    }
    // Header values: no control characters, and no spaces at the ends (Go trims them).
    let keys = keys("", KEYS, |c| printable(c) && c != ' ');
    for (front, dials) in &pools[..2] {
        let nodes: Vec<SystemNode> = dials.iter().map(SystemNode::new).collect();
        let core = core_answers(SystemId::Caddy, &nodes, &keys);
        let answers = http_answers(*front, &keys);
        let real: Vec<String> = answers
            .iter()
            .zip(&keys)
            .map(|((status, body), key)| {
                assert_eq!(*status, 200, "key {key:?}: {body}");
                body.clone()
            })
            .collect();
        assert_same(
            &format!("caddy over {} upstreams", nodes.len()),
            &keys,
            &real,
            &core,
        );
    }
    // A key whose one upstream scores 0: Caddy finds no upstream (503), the core refuses.
    let (front, _) = &pools[2];
    let zero = forge_zero_score("zero-", &alone[0]);
    let nodes = [SystemNode::new(alone[0].clone())];
    let refused = systems::build(SystemId::Caddy, &nodes, &[])
        .unwrap()
        .locate(&zero)
        .unwrap_err();
    assert!(refused.reason.contains("every upstream's hash is 0"));
    let fine = "fine".to_string();
    let answers = http_answers(*front, &[zero.clone(), fine]);
    assert_eq!(answers[0].0, 503, "{zero:?}: {}", answers[0].1);
    assert_eq!(answers[1], (200, alone[0].clone()));
}
