//! The memcached and Redis clients against the core, key by key: libmemcached (weighted
//! ketama and the consistent distribution, Debian's `libmemcached11` through Python's
//! ctypes), Dalli (`ruby-dalli`), redis-rb's `Redis::Distributed` (`ruby-redis`) and predis'
//! `HashRing` and `KetamaRing` (`php-predis` under `php-cli`).
//!
//! None of them needs a server to say where a key goes: each test runs a small script in
//! `tests/real/` that builds the client over the node list and prints `key<TAB>node` for
//! the keys it reads on stdin, without connecting. A script runs as a [`Script`], killed
//! by its process id when dropped, so also when an assertion fails. Each system gets 20,000
//! keys or more (ASCII, UTF-8, punctuation and hash tags) on a weighted and an unweighted
//! node list (two lists for redis-rb, which has no weights), and every answer must be the
//! core's.
//!
//! A machine without the interpreter or the library skips these tests with a note, unless
//! `RINGLAB_REAL_SYSTEMS=require` is set, as `scripts/test` sets it (after `scripts/setup`
//! installed them): then a missing program fails.

// The helpers of an integration test are not test code to clippy (clippy.toml): a failed
// spawn or parse is the test failing, loudly, so they unwrap and panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;

use ring_core::systems::{self, SystemId, SystemNode};

/// Keys per node list: the issue asks for at least 20,000 per system.
const KEYS: usize = 20_000;

/// A script of `tests/real/`.
fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/real")
        .join(name)
}

/// Whether `interpreter` can run `script --check` (the interpreter and the library it
/// loads are installed); with `RINGLAB_REAL_SYSTEMS=require` a missing one fails the test,
/// otherwise it is skipped with a note.
fn available(interpreter: &str, script_name: &str, packages: &str) -> bool {
    let ok = Command::new(interpreter)
        .arg(script(script_name))
        .arg("--check")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !ok {
        let required = std::env::var("RINGLAB_REAL_SYSTEMS").is_ok_and(|v| v == "require");
        assert!(
            !required,
            "{interpreter} {script_name} cannot run: {packages} not installed (scripts/setup installs them)"
        );
        eprintln!("skipped: {interpreter} {script_name} cannot run: {packages} not installed (scripts/setup installs them)");
    }
    ok
}

/// A script this test started: killed by its process id and reaped when dropped.
struct Script {
    child: Child,
}

impl Drop for Script {
    fn drop(&mut self) {
        // Child::kill signals this process id (SIGKILL); wait reaps it. A script has no
        // children of its own, so nothing is left behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `interpreter script args…` with `keys` on stdin, one a line, and returns the node
/// it printed for each, checking that it answered every key in order.
fn real_answers(
    interpreter: &str,
    script_name: &str,
    args: &[String],
    keys: &[String],
) -> Vec<String> {
    let child = Command::new(interpreter)
        .arg(script(script_name))
        .args(args)
        .env("LC_ALL", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {interpreter}: {e}"));
    let mut running = Script { child };
    let mut stdin = running.child.stdin.take().unwrap();
    let input: Vec<u8> = keys
        .iter()
        .flat_map(|k| format!("{k}\n").into_bytes())
        .collect();
    // Written from a thread while stdout is read here, so that neither pipe fills up. A
    // script that stops early breaks the pipe; its exit status and stderr say why, below.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut output = String::new();
    running
        .child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut output)
        .unwrap();
    writer.join().unwrap();
    let mut errors = String::new();
    running
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    let status = running.child.wait().unwrap();
    assert!(
        status.success(),
        "{script_name} {args:?}: {status}: {errors}"
    );
    let answers: Vec<String> = output
        .lines()
        .zip(keys)
        .map(|(line, key)| {
            let (echoed, node) = line
                .rsplit_once('\t')
                .unwrap_or_else(|| panic!("{script_name}: not key<TAB>node: {line:?}"));
            assert_eq!(echoed, key, "{script_name}: answers out of order");
            node.to_string()
        })
        .collect();
    assert_eq!(
        answers.len(),
        keys.len(),
        "{script_name}: one answer per key"
    );
    answers
}

/// The node list as the scripts take it: `name` or `name=weight`.
fn node_args(nodes: &[SystemNode]) -> Vec<String> {
    nodes
        .iter()
        .map(|n| match n.weight {
            Some(w) => format!("{}={w}", n.name),
            None => n.name.clone(),
        })
        .collect()
}

/// `a,b=2,c` as nodes.
fn nodes(list: &str) -> Vec<SystemNode> {
    list.split(',')
        .map(|entry| match entry.rsplit_once('=') {
            Some((name, w)) => SystemNode::weighted(name, w.parse().unwrap()),
            None => SystemNode::new(entry),
        })
        .collect()
}

/// The keys: generated keys, every third with UTF-8, every fifth with punctuation, every
/// seventh with a hash tag at its start and every eleventh with one inside; each once, with
/// no tab or line break (the scripts' line protocol). `long` makes every 500th key over 250
/// characters (Dalli shortens those), and `spaces` puts a space in every thirteenth.
fn keys(count: usize, long: bool, spaces: bool) -> Vec<String> {
    const UTF8: [&str; 7] = ["é", "中文", "🦀", "ß", "Ωμέγα", "naïve", "ключ"];
    const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    let punctuation: Vec<char> = PUNCTUATION.chars().collect();
    let base = ring_core::keys::generate(count as u64, 11);
    let mut seen = std::collections::HashSet::new();
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
        if i % 7 == 0 {
            key = format!("{{user{}}}.{key}", i % 97);
        }
        if i % 11 == 0 {
            key = format!("x{{tag{}}}{key}", i % 89);
        }
        if spaces && i % 13 == 0 {
            key.insert(1, ' ');
        }
        if long && i % 500 == 0 {
            key = key.repeat(300 / key.chars().count().max(1) + 1);
        }
        if seen.insert(key.clone()) {
            out.push(key);
        }
    }
    assert!(out.len() >= count * 99 / 100);
    out
}

/// Asserts that the real program and the core put every key of `keys` on the same node of
/// `nodes` under `system`, showing the first disagreements.
fn assert_same(system: SystemId, nodes: &[SystemNode], keys: &[String], real: &[String]) {
    let placed = systems::build(system, nodes, &[]).unwrap();
    let core: Vec<&str> = keys
        .iter()
        .map(|k| nodes[placed.locate(k).unwrap() as usize].name.as_str())
        .collect();
    let what = format!("{} over {}", system.id(), node_args(nodes).join(","));
    let wrong: Vec<String> = keys
        .iter()
        .zip(real.iter().zip(&core))
        .filter(|(_, (r, c))| r != *c)
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
    assert_eq!(reached.len(), nodes.len(), "{what}: every node reached");
    eprintln!("{what}: {} keys agree; per node {reached:?}", keys.len());
}

/// Runs `system` through the script over `nodes` and compares.
fn compare(
    system: SystemId,
    (interpreter, script_name, mode): (&str, &str, Option<&str>),
    nodes: &[SystemNode],
    keys: &[String],
) {
    let mut args: Vec<String> = mode.map(str::to_string).into_iter().collect();
    args.extend(node_args(nodes));
    let real = real_answers(interpreter, script_name, &args, keys);
    assert_same(system, nodes, keys, &real);
}

const MEMCACHED_UNWEIGHTED: &str =
    "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11212,cache4.example,[::1]:11300";
const MEMCACHED_WEIGHTED: &str =
    "10.0.0.1:11211=3,10.0.0.2:11212,10.0.0.3:11213=2,cache4.example:11211=5,[::1]=1";

#[test]
fn libmemcached_places_every_key_as_the_core_does() {
    if !available("python3", "libmemcached.py", "Debian's libmemcached11") {
        return;
    }
    let keys = keys(KEYS, false, true);
    for (system, mode) in [
        (SystemId::Libmemcached, "ketama-weighted"),
        (SystemId::LibmemcachedConsistent, "consistent"),
    ] {
        for list in [MEMCACHED_UNWEIGHTED, MEMCACHED_WEIGHTED] {
            let script = ("python3", "libmemcached.py", Some(mode));
            compare(system, script, &nodes(list), &keys);
        }
    }
}

#[test]
fn dalli_places_every_key_as_the_core_does() {
    if !available("ruby", "dalli.rb", "Debian's ruby-dalli") {
        return;
    }
    let keys = keys(KEYS, true, true);
    for list in [MEMCACHED_UNWEIGHTED, MEMCACHED_WEIGHTED] {
        compare(
            SystemId::Dalli,
            ("ruby", "dalli.rb", None),
            &nodes(list),
            &keys,
        );
    }
}

#[test]
fn redis_rb_places_every_key_as_the_core_does() {
    if !available("ruby", "redis_rb.rb", "Debian's ruby-redis") {
        return;
    }
    let keys = keys(KEYS, true, true);
    for list in [
        "127.0.0.1:6379,127.0.0.1:6380,127.0.0.1:6381",
        "redis-a:6379,redis-b,10.1.0.7:7000,[::1]:6390,redis://10.1.0.8:6379/2,rediss://u:p@redis-f:6400",
    ] {
        compare(
            SystemId::RedisRb,
            ("ruby", "redis_rb.rb", None),
            &nodes(list),
            &keys,
        );
    }
}

/// 15 nodes whose first has weight 965 of 3,840: its share of `HashRing`'s points is
/// 482.49999999999994, which PHP 8.2's `round` takes to 483 (a plain half-up rounding gives
/// 482).
fn php_rounds_up() -> String {
    let mut list = vec!["shard-0=965".to_string(), "shard-1=210".to_string()];
    list.extend((2..15).map(|i| format!("shard-{i}=205")));
    list.join(",")
}

#[test]
fn predis_places_every_key_as_the_core_does() {
    if !available("php", "predis.php", "Debian's php-cli and php-predis") {
        return;
    }
    let keys = keys(KEYS, true, true);
    for (system, mode) in [
        (SystemId::Predis, "hashring"),
        (SystemId::PredisKetama, "ketama"),
    ] {
        for list in [
            "127.0.0.1:6379,127.0.0.1:6380,127.0.0.1:6381,redis-d".to_string(),
            "redis-a:6379=3,redis-b:6379,10.1.0.7:7000=2,redis-d=1,[::1]:6390=7".to_string(),
            php_rounds_up(),
        ] {
            let script = ("php", "predis.php", Some(mode));
            compare(system, script, &nodes(&list), &keys);
        }
    }
}
