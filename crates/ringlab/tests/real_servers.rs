//! The real programs against the core, key by key, for the servers of round two: Ceph
//! (`crushtool`, `osdmaptool` and `libceph-common`), Varnish's shard director (`varnishd`)
//! and RabbitMQ's consistent-hash exchange (`rabbitmq-server`), all from Debian's packages.
//!
//! Each test works in a temporary directory, starts what it runs on 127.0.0.1 on free
//! ports, sends 20,000 keys (ASCII, UTF-8 and punctuation) through weighted and unweighted
//! node sets, and compares where each key went with `ring_core::systems`. A server started
//! here is a [`Server`], stopped by its process id when dropped (SIGTERM, then SIGKILL if
//! it lingers), so also when an assertion fails. The Python helpers in `tests/real/` read
//! keys on standard input and print `key<TAB>node`.
//!
//! A machine without the programs skips these tests with a note, unless
//! `RINGLAB_REAL_SYSTEMS=require` is set, as `scripts/test` sets it (after `scripts/setup`
//! installed them): then a missing program fails.

// The helpers of an integration test are not test code to clippy (clippy.toml): a failed
// socket, spawn or parse is the test failing, loudly, so they unwrap and panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use ring_core::systems::{self, osd_ids, varnish_hash32, SystemId, SystemNode};

/// Keys per system: at least 20,000.
const KEYS: usize = 20_000;

/// Whether a missing program fails the test rather than skipping it.
fn required() -> bool {
    std::env::var("RINGLAB_REAL_SYSTEMS").is_ok_and(|v| v == "require")
}

/// Skips (with a note) or, when required, fails for want of `what`.
fn missing(what: &str) {
    assert!(
        !required(),
        "{what} is not installed (scripts/setup installs it)"
    );
    eprintln!("skipped: {what} is not installed (scripts/setup installs it)");
}

/// Where a program is, or `None` (and a note) when the machine lacks it and the tests may
/// skip.
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    // Debian's /usr/sbin/rabbitmq-server switches to the rabbitmq user when started by
    // root, who then cannot write to this test's directory: the script it wraps comes first.
    let found = ["/usr/lib/rabbitmq/bin".into()]
        .into_iter()
        .chain(std::env::split_paths(&path))
        .chain(["/usr/sbin".into(), "/sbin".into()])
        .map(|dir: PathBuf| dir.join(name))
        .find(|p| p.is_file());
    if found.is_none() {
        missing(name);
    }
    found
}

/// The Python helper `name` beside this file.
fn helper(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/real")
        .join(name)
}

/// A temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ringlab-real-{name}-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
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

/// A server this test started: stopped by its process id and reaped when dropped.
struct Server {
    name: String,
    child: Child,
}

impl Server {
    /// Starts `program` with `args` and `env`, its output to `log`, and waits until `port`
    /// accepts connections.
    fn start(program: &Path, args: &[&str], env: &[(&str, &str)], log: &Path, port: u16) -> Server {
        let out = fs::File::create(log).unwrap();
        let err = out.try_clone().unwrap();
        let child = Command::new(program)
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let mut server = Server {
            name: program.display().to_string(),
            child,
        };
        server.wait_for(port, log, Duration::from_secs(60));
        server
    }

    fn wait_for(&mut self, port: u16, log: &Path, patience: Duration) {
        let deadline = Instant::now() + patience;
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
            thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM to this process id lets varnishd stop its worker, and rabbitmq-server's
        // script stop the Erlang VM it started (its TERM trap); SIGKILL (Child::kill) if it
        // is still there after thirty seconds.
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `count` ports that were free a moment ago.
fn free_ports(count: usize) -> Vec<u16> {
    let held: Vec<TcpListener> = (0..count)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    held.iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// The keys: generated `user:<n>:<abc>` keys, every third with UTF-8, every fifth with
/// punctuation, each once. `allowed` drops characters a transport cannot carry.
fn keys(count: usize, allowed: impl Fn(char) -> bool) -> Vec<String> {
    const UTF8: [&str; 6] = ["é", "中文", "🦀", "ß", "Ωμέγα", "naïve"];
    const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    let base = ring_core::keys::generate(count as u64, 11);
    let punctuation: Vec<char> = PUNCTUATION.chars().collect();
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    for (i, k) in base.iter().enumerate() {
        let mut key = format!("{k}:{i}");
        if i % 3 == 0 {
            key.push_str(UTF8[i % UTF8.len()]);
        }
        if i % 5 == 0 {
            key.push(punctuation[i % punctuation.len()]);
            key.insert(0, punctuation[(i / 5) % punctuation.len()]);
        }
        let key: String = key.chars().filter(|&c| allowed(c)).collect();
        if !key.is_empty() && seen.insert(key.clone()) {
            out.push(key);
        }
    }
    assert!(out.len() >= count * 99 / 100);
    out
}

/// Where the core sends each key, as node names.
fn core_answers(
    system: SystemId,
    nodes: &[SystemNode],
    params: &[(&str, u64)],
    keys: &[String],
) -> Vec<String> {
    let placed = systems::build(system, nodes, params).unwrap();
    keys.iter()
        .map(|k| nodes[placed.locate(k).unwrap() as usize].name.clone())
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
    eprintln!("{what}: {} keys agree; per node {reached:?}", keys.len());
}

/// Runs a command to its end, failing with its output if it fails.
fn run(program: &Path, args: &[&str]) -> Output {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    assert!(
        output.status.success(),
        "{} {args:?}: {}\n{}",
        program.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Runs a helper script with `keys` on its standard input; `None` when it exits 3 (what it
/// needs is missing: it names the package on standard error), else its standard output.
fn run_helper(script: &str, args: &[String], keys: &[String]) -> Option<String> {
    // Debian's Python, where python3-pika is installed; any other python3 otherwise.
    let python = Path::new("/usr/bin/python3");
    let python = if python.is_file() {
        python
    } else {
        Path::new("python3")
    };
    let mut child = Command::new(python)
        .arg(helper(script))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3");
    let mut input = keys.join("\n");
    input.push('\n');
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(3) {
        missing(stderr.trim());
        return None;
    }
    assert!(output.status.success(), "{script}: {stderr}");
    written.unwrap();
    Some(String::from_utf8(output.stdout).unwrap())
}

/// The second field of each `key<TAB>node` line, in key order.
fn answers_in_order(keys: &[String], lines: &str) -> Vec<String> {
    let answers: BTreeMap<&str, &str> = lines.lines().filter_map(|l| l.split_once('\t')).collect();
    keys.iter()
        .map(|k| {
            answers
                .get(k.as_str())
                .unwrap_or_else(|| panic!("no answer for {k:?}"))
                .to_string()
        })
        .collect()
}

// ---------------------------------------------------------------- Ceph

/// One Ceph cluster to check: its OSDs and PG count.
struct CephPool {
    nodes: &'static str,
    pg_num: u32,
}

/// Parses `a,b=1.25,c` as the command line does for `system`.
fn parse_nodes(system: SystemId, list: &str) -> Vec<SystemNode> {
    let weights = system.spec().weights;
    list.split(',')
        .map(|entry| match entry.rsplit_once('=') {
            Some((name, w)) => SystemNode::weighted(name, weights.parse(w).unwrap()),
            None => SystemNode::new(entry),
        })
        .collect()
}

/// The decompiled CRUSH map of `nodes` (ids and weights in hundredths): one straw2 root
/// bucket of OSDs, the jewel tunables, one replicated rule choosing OSDs.
fn crush_map(ids: &[u32], weights: &[u32]) -> String {
    let mut map = String::from(
        "tunable choose_local_tries 0\ntunable choose_local_fallback_tries 0\n\
         tunable choose_total_tries 50\ntunable chooseleaf_descend_once 1\n\
         tunable chooseleaf_vary_r 1\ntunable chooseleaf_stable 1\n\
         tunable straw_calc_version 1\ntunable allowed_bucket_algs 54\n",
    );
    let mut sorted: Vec<u32> = ids.to_vec();
    sorted.sort_unstable();
    for id in sorted {
        map.push_str(&format!("device {id} osd.{id}\n"));
    }
    map.push_str("type 0 osd\ntype 1 root\nroot default {\n\tid -1\n\talg straw2\n\thash 0\n");
    for (id, w) in ids.iter().zip(weights) {
        map.push_str(&format!(
            "\titem osd.{id} weight {}.{:02}\n",
            w / 100,
            w % 100
        ));
    }
    map.push_str(
        "}\nrule replicated_rule {\n\tid 0\n\ttype replicated\n\tmin_size 1\n\tmax_size 10\n\
         \tstep take default\n\tstep choose firstn 0 type osd\n\tstep emit\n}\n",
    );
    map
}

#[test]
fn ceph_places_every_object_as_the_core_does() {
    let (Some(crushtool), Some(osdmaptool)) = (program("crushtool"), program("osdmaptool")) else {
        return;
    };
    let started = Instant::now();
    let pools = [
        CephPool {
            nodes: "osd.0=1.00,osd.1=2.00,osd.2=0.50,osd.5=1.25,osd.7=3",
            pg_num: 100,
        },
        CephPool {
            nodes: "osd.0,osd.1,osd.2,osd.3,osd.4,osd.5",
            pg_num: 64,
        },
        // Lab-style names take the free ids 0, 2 and 3 around osd.1; 32 PGs, the default.
        CephPool {
            nodes: "cache-a,osd.1=0.33,cache-b=1.5,cache-c",
            pg_num: 32,
        },
    ];
    // Object names are lines of the helper's input; no newlines in them.
    let keys = keys(KEYS, |c| c != '\n' && c != '\r');
    for pool in &pools {
        let dir = TempDir::new("ceph");
        let nodes = parse_nodes(SystemId::Ceph, pool.nodes);
        let names: Vec<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
        let ids = osd_ids(&names);
        let weights: Vec<u32> = nodes.iter().map(|n| n.weight.unwrap_or(100)).collect();
        fs::write(dir.path("crush.txt"), crush_map(&ids, &weights)).unwrap();
        let path = |f: &str| dir.path(f).to_str().unwrap().to_string();
        run(
            &crushtool,
            &["-c", &path("crush.txt"), "-o", &path("crush.bin")],
        );
        // As many OSDs as the largest id needs, pool 1 with pg_num = pgp_num = that many;
        // `--pg_num` then maps with the pool's pg_num at the PG count asked, and for every
        // PG below it ceph_stable_mod over the larger pgp_num keeps the PG's number.
        let osds = (ids.iter().max().unwrap() + 1).max(pool.pg_num);
        run(
            &osdmaptool,
            &[
                "--createsimple",
                &osds.to_string(),
                "--with-default-pool",
                "--pg-bits",
                "0",
                "--pgp-bits",
                "0",
                "--osd_pool_default_size",
                "1",
                "--clobber",
                &path("osdmap"),
            ],
        );
        run(
            &osdmaptool,
            &[&path("osdmap"), "--import-crush", &path("crush.bin")],
        );
        let mut dump_args = vec![
            path("osdmap"),
            "--mark-up-in".to_string(),
            "--test-map-pgs-dump".to_string(),
            "--pool".to_string(),
            "1".to_string(),
        ];
        if osds > pool.pg_num {
            dump_args.extend(["--pg_num".to_string(), pool.pg_num.to_string()]);
        }
        let dump_refs: Vec<&str> = dump_args.iter().map(String::as_str).collect();
        let dump = run(&osdmaptool, &dump_refs);
        fs::write(dir.path("pgs.txt"), &dump.stdout).unwrap();
        let Some(lines) = run_helper(
            "ceph.py",
            &[pool.pg_num.to_string(), path("pgs.txt")],
            &keys,
        ) else {
            return;
        };
        // The helper prints osd.<id>: back to the node's name.
        let name_of: BTreeMap<String, String> = ids
            .iter()
            .zip(&names)
            .map(|(id, name)| (format!("osd.{id}"), name.to_string()))
            .collect();
        let real: Vec<String> = answers_in_order(&keys, &lines)
            .iter()
            .map(|osd| name_of[osd].clone())
            .collect();
        let params = [("pg-num", u64::from(pool.pg_num))];
        let core = core_answers(SystemId::Ceph, &nodes, &params, &keys);
        let what = format!("ceph, {} PGs over {}", pool.pg_num, pool.nodes);
        assert_same(&what, &keys, &real, &core);
        // osdmaptool's own object mapping, name by name, for a sample: the hash and the
        // stable mod above are Ceph's too. (`--pg_num` changes only the PG dump, so the
        // pools here have as many PGs as OSDs in the map.)
        assert_eq!(osds, pool.pg_num);
        let osdmap = path("osdmap");
        for key in keys.iter().filter(|k| !k.starts_with('-')).step_by(1000) {
            let args = [
                osdmap.as_str(),
                "--mark-up-in",
                "--test-map-object",
                key,
                "--pool",
                "1",
            ];
            let out = run(&osdmaptool, &args);
            let text = String::from_utf8_lossy(&out.stdout);
            let want = &core[keys.iter().position(|k| k == key).unwrap()];
            let id = ids[names.iter().position(|n| n == want).unwrap()];
            assert!(
                text.contains(&format!("[{id}]")),
                "{what}: osdmaptool maps {key:?} elsewhere than osd.{id} ({want}): {text}"
            );
        }
    }
    eprintln!("ceph: {:.1} s", started.elapsed().as_secs_f64());
}

// ---------------------------------------------------------------- Varnish

/// One shard director to check.
struct ShardPool {
    nodes: &'static str,
    replicas: u64,
    keys: usize,
}

/// Sends `GET /` with headers `X-Pool: pool` and `X-Key: key` for every key over one
/// kept-alive connection, pipelined in batches, and returns each response's `X-Owner`,
/// checking that the `X-Key` came back unchanged.
fn owners_over_http(port: u16, pool: usize, keys: &[String]) -> Vec<String> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut owners = Vec::with_capacity(keys.len());
    for batch in keys.chunks(100) {
        let mut requests = Vec::new();
        for key in batch {
            requests.extend_from_slice(
                format!("GET / HTTP/1.1\r\nHost: ringlab\r\nX-Pool: {pool}\r\nX-Key: ").as_bytes(),
            );
            requests.extend_from_slice(key.as_bytes());
            requests.extend_from_slice(b"\r\n\r\n");
        }
        writer.write_all(&requests).unwrap();
        for key in batch {
            let headers = response_headers(&mut reader, key);
            assert_eq!(
                headers.get("x-key").map(String::as_str),
                Some(key.as_str()),
                "the key came back changed"
            );
            owners.push(headers.get("x-owner").cloned().unwrap_or_default());
        }
    }
    owners
}

/// Reads one response, skips its body, and returns its headers (names in lower case); a
/// status other than 200 fails.
fn response_headers(reader: &mut BufReader<TcpStream>, key: &str) -> BTreeMap<String, String> {
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(
        status.starts_with("HTTP/1.1 200"),
        "key {key:?}: {status:?}"
    );
    let mut headers = BTreeMap::new();
    loop {
        let mut line = Vec::new();
        reader.read_until(b'\n', &mut line).unwrap();
        let line = String::from_utf8(line).unwrap();
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.insert(name.to_ascii_lowercase(), value.trim().to_string());
        }
    }
    let length: usize = headers
        .get("content-length")
        .map_or(0, |v| v.parse().unwrap());
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).unwrap();
    headers
}

#[test]
fn varnish_shard_places_every_key_as_the_core_does() {
    let Some(varnishd) = program("varnishd") else {
        return;
    };
    let started = Instant::now();
    let pools = [
        ShardPool {
            nodes: "web1=3,web2,web3=2,web4,ключ-5=1.5",
            replicas: 67,
            keys: KEYS,
        },
        ShardPool {
            nodes: "a.example,b.example,c.example,d.example,e.example,f.example",
            replicas: 67,
            keys: KEYS,
        },
        // Two points in all: every key goes to the second.
        ShardPool {
            nodes: "left,right",
            replicas: 1,
            keys: 2_000,
        },
    ];
    let dir = TempDir::new("varnish");
    let ports = free_ports(3);
    let (front, admin, nowhere) = (ports[0], ports[1], ports[2]);
    let mut vcl = String::from("vcl 4.1;\nimport directors;\n\n");
    for (p, pool) in pools.iter().enumerate() {
        for i in 0..pool.nodes.split(',').count() {
            vcl.push_str(&format!(
                "backend p{p}b{i} {{ .host = \"127.0.0.1\"; .port = \"{nowhere}\"; }}\n"
            ));
        }
    }
    vcl.push_str("\nsub vcl_init {\n");
    for (p, pool) in pools.iter().enumerate() {
        vcl.push_str(&format!("    new s{p} = directors.shard();\n"));
        for (i, node) in parse_nodes(SystemId::VarnishShard, pool.nodes)
            .iter()
            .enumerate()
        {
            let weight = node.weight.map_or(String::new(), |w| {
                format!(", weight={}.{:02}", w / 100, w % 100)
            });
            vcl.push_str(&format!(
                "    s{p}.add_backend(p{p}b{i}, ident={{\"{}\"}}{weight});\n",
                node.name
            ));
        }
        vcl.push_str(&format!(
            "    s{p}.reconfigure(replicas={});\n",
            pool.replicas
        ));
    }
    vcl.push_str("}\n\nsub vcl_recv {\n");
    for p in 0..pools.len() {
        vcl.push_str(&format!(
            "    if (req.http.X-Pool == \"{p}\") {{\n        set req.http.X-Owner = \
             s{p}.backend(by=KEY, key=s{p}.key(req.http.X-Key));\n    }}\n"
        ));
    }
    vcl.push_str(
        "    return (synth(200));\n}\n\nsub vcl_synth {\n    \
         set resp.http.X-Owner = req.http.X-Owner;\n    set resp.http.X-Key = req.http.X-Key;\n    \
         synthetic(\"\");\n    return (deliver);\n}\n",
    );
    fs::write(dir.path("shard.vcl"), &vcl).unwrap();
    let listen = format!("127.0.0.1:{front}");
    let admin = format!("127.0.0.1:{admin}");
    let workdir = dir.path("n");
    let vcl_path = dir.path("shard.vcl");
    let _varnishd = Server::start(
        &varnishd,
        &[
            "-F",
            "-j",
            "none",
            "-n",
            workdir.to_str().unwrap(),
            "-a",
            &listen,
            "-T",
            &admin,
            "-f",
            vcl_path.to_str().unwrap(),
            "-s",
            "malloc,16m",
        ],
        &[],
        &dir.path("varnishd.log"),
        front,
    );
    // Header values: no control characters, and no spaces (Varnish trims them at the ends).
    let all_keys = keys(KEYS, |c| !c.is_control() && c != ' ');
    for (p, pool) in pools.iter().enumerate() {
        let nodes = parse_nodes(SystemId::VarnishShard, pool.nodes);
        let keys = &all_keys[..pool.keys];
        let real: Vec<String> = owners_over_http(front, p, keys)
            .iter()
            .map(|backend| {
                let i: usize = backend
                    .strip_prefix(&format!("p{p}b"))
                    .unwrap_or_else(|| panic!("backend {backend:?}"))
                    .parse()
                    .unwrap();
                nodes[i].name.clone()
            })
            .collect();
        let params = [("replicas", pool.replicas)];
        let core = core_answers(SystemId::VarnishShard, &nodes, &params, keys);
        let what = format!(
            "varnish-shard, {} replicas over {}",
            pool.replicas, pool.nodes
        );
        assert_same(&what, keys, &real, &core);
        // Keys above the highest point, which stay on its backend rather than wrap to the
        // lowest: the comparison covered them.
        let highest = nodes
            .iter()
            .flat_map(|n| {
                let points = pool.replicas * u64::from(n.weight.unwrap_or(100)) / 100;
                (0..points).map(move |j| varnish_hash32(format!("{}{j}", n.name).as_bytes()))
            })
            .max()
            .unwrap();
        let above = keys
            .iter()
            .filter(|k| varnish_hash32(k.as_bytes()) > highest)
            .count();
        eprintln!("{what}: {above} keys hash above the highest point");
        if pool.replicas > 1 {
            assert!(above > 0, "{what}: no key above the highest point");
        }
    }
    eprintln!("varnish-shard: {:.1} s", started.elapsed().as_secs_f64());
}

// ---------------------------------------------------------------- RabbitMQ

#[test]
fn rabbitmq_consistent_hash_routes_every_key_as_the_core_does() {
    let (Some(server), Some(epmd)) = (program("rabbitmq-server"), program("epmd")) else {
        return;
    };
    let started = Instant::now();
    let dir = TempDir::new("rabbitmq");
    let ports = free_ports(3);
    let (amqp, epmd_port, dist) = (ports[0], ports[1], ports[2]);
    let epmd_port_text = epmd_port.to_string();
    let _epmd = Server::start(
        &epmd,
        &["-port", &epmd_port_text, "-address", "127.0.0.1"],
        &[],
        &dir.path("epmd.log"),
        epmd_port,
    );
    fs::write(
        dir.path("enabled_plugins"),
        "[rabbitmq_consistent_hash_exchange].\n",
    )
    .unwrap();
    fs::write(
        dir.path("rabbitmq.conf"),
        format!(
            "listeners.tcp.default = 127.0.0.1:{amqp}\nloopback_users = none\n\
             log.console = true\nlog.file = false\n"
        ),
    )
    .unwrap();
    let base = dir.0.to_str().unwrap().to_string();
    let path = |f: &str| dir.path(f).to_str().unwrap().to_string();
    let (config, plugins, mnesia, logs) = (
        path("rabbitmq"),
        path("enabled_plugins"),
        path("mnesia"),
        path("log"),
    );
    fs::create_dir_all(&mnesia).unwrap();
    fs::create_dir_all(&logs).unwrap();
    let crash_dump = path("erl_crash.dump");
    let (amqp_text, dist_text) = (amqp.to_string(), dist.to_string());
    let env = [
        ("HOME", base.as_str()),
        ("RABBITMQ_BASE", base.as_str()),
        ("RABBITMQ_HOME", "/usr/lib/rabbitmq"),
        ("RABBITMQ_NODENAME", "ringlab@localhost"),
        ("RABBITMQ_USE_LONGNAME", "false"),
        ("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1"),
        ("RABBITMQ_NODE_PORT", amqp_text.as_str()),
        ("RABBITMQ_DIST_PORT", dist_text.as_str()),
        ("ERL_EPMD_PORT", epmd_port_text.as_str()),
        ("ERL_EPMD_ADDRESS", "127.0.0.1"),
        ("RABBITMQ_CONFIG_FILE", config.as_str()),
        ("RABBITMQ_ENABLED_PLUGINS_FILE", plugins.as_str()),
        ("RABBITMQ_MNESIA_BASE", mnesia.as_str()),
        ("RABBITMQ_LOG_BASE", logs.as_str()),
        ("RABBITMQ_CONF_ENV_FILE", "/dev/null"),
        ("ERL_CRASH_DUMP", crash_dump.as_str()),
    ];
    let _broker = Server::start(&server, &[], &env, &dir.path("rabbitmq.log"), amqp);
    // Broker names: q names are queues; the weighted exchange's list, then the unweighted.
    let weighted = "q1=1,q2=3,q3=2,q4=1,q5=5";
    let unweighted = "u1,u2,u3,u4,u5,u6";
    let binding = |list: &str| -> String {
        parse_nodes(SystemId::RabbitmqConsistentHash, list)
            .iter()
            .map(|n| format!("{}={}", n.name, n.weight.unwrap_or(1)))
            .collect::<Vec<_>>()
            .join(",")
    };
    // Routing keys are short strings; the generated keys are far shorter than 255 bytes.
    let keys = keys(KEYS, |c| c != '\n' && c != '\r');
    let some = 5_000;
    let steps = vec![
        format!("ex:w:{}", binding(weighted)),
        format!("ex:u:{}", binding(unweighted)),
        format!("pub:w:{}", keys.len()),
        format!("pub:u:{some}"),
        "unbind:w:q2".to_string(),
        format!("pub:w:{some}"),
    ];
    let mut args = vec![amqp.to_string()];
    args.extend(steps);
    let Some(lines) = run_helper("rabbitmq.py", &args, &keys) else {
        return;
    };
    let mut by_step: BTreeMap<&str, String> = BTreeMap::new();
    for line in lines.lines() {
        let (step, rest) = line.split_once('\t').unwrap();
        let text = by_step.entry(step).or_default();
        text.push_str(rest);
        text.push('\n');
    }
    let checks = [
        ("2", weighted.to_string(), &keys[..]),
        ("3", unweighted.to_string(), &keys[..some]),
        // q2's binding removed: RabbitMQ renumbers the buckets after it, as the core does
        // for the list without q2.
        ("5", "q1,q3=2,q4,q5=5".to_string(), &keys[..some]),
    ];
    for (step, list, keys) in checks {
        let nodes = parse_nodes(SystemId::RabbitmqConsistentHash, &list);
        let real = answers_in_order(keys, &by_step[step]);
        let core = core_answers(SystemId::RabbitmqConsistentHash, &nodes, &[], keys);
        let what = format!("rabbitmq-consistent-hash over {list}");
        assert_same(&what, keys, &real, &core);
    }
    eprintln!(
        "rabbitmq-consistent-hash: {:.1} s (broker start, {} messages)",
        started.elapsed().as_secs_f64(),
        keys.len() + 2 * some
    );
}
