//! Benchmarks of every placement algorithm: building the structure, locating one key, and
//! assigning 100,000 keys, at a small and a large size.
//!
//! `cargo bench -p ring-core --bench placement -- --test` runs each benchmark once (a smoke
//! test); without `--test` criterion measures. Keys are `user:<n>:<abc>` from a splitmix64
//! generator, the same generator and format as `ringlab move`.
// A benchmark of a configuration that cannot be built has nothing to measure: stopping the
// run with the core's message is the right outcome, so `expect` is allowed here.
#![allow(clippy::expect_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ring_core::ketama::Weighting;
use ring_core::ring::Naming;
use ring_core::{build, Algorithm, Config, HashFn, NodeSpec};

/// Keys per `assign` call.
const ASSIGN_KEYS: u64 = 100_000;
/// Keys per `locate` iteration: enough different keys that the lookups are not all served
/// from the same cache lines.
const LOCATE_KEYS: u64 = 1_000;

/// `count` keys `user:<n>:<abc>`, the same as `ringlab move` makes.
fn keys(count: u64, seed: u64) -> Vec<String> {
    ring_core::keys::generate(count, seed)
}

/// `n` nodes named like memcached servers, equal weights.
fn nodes(n: u32) -> Vec<NodeSpec> {
    (0..n)
        .map(|i| NodeSpec::new(format!("10.0.{}.{}:11211", i / 256, i % 256), 100))
        .collect()
}

/// One benchmarked configuration.
struct Case {
    /// The algorithm's name, the benchmark group's function name.
    name: &'static str,
    /// Its size, the benchmark's parameter (`10x100` = 10 nodes, 100 virtual nodes each).
    size: String,
    config: Config,
    nodes: Vec<NodeSpec>,
}

/// Every algorithm at a small and a large size. Virtual-node counts only where the
/// algorithm uses them; Maglev with the paper's table of 65537 entries; slots as Redis
/// Cluster's 16384.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add =
        |name: &'static str, algorithm: Algorithm, node_count: u32, vnodes: Option<u32>| {
            let size = match vnodes {
                Some(v) => format!("{node_count}x{v}"),
                None => format!("{node_count}"),
            };
            let config = Config::new(algorithm).with_vnodes(vnodes.unwrap_or(100));
            cases.push(Case {
                name,
                size,
                config,
                nodes: nodes(node_count),
            });
        };
    for (n, v) in [(10, 100), (100, 1000)] {
        add("vnodes", Algorithm::virtual_nodes(Naming::Hash), n, Some(v));
        add("gozero", Algorithm::go_zero(v), n, Some(v));
        add("bounded", Algorithm::bounded(0.25), n, Some(v));
    }
    for n in [10, 100] {
        add("modulo", Algorithm::modulo(), n, None);
        add("single", Algorithm::single_point(), n, None);
        add(
            "ketama",
            Algorithm::ketama_with(Weighting::Libketama),
            n,
            None,
        );
        add("slots", Algorithm::slot_table(16384), n, None);
        add("jump", Algorithm::jump(), n, None);
        add("maglev", Algorithm::maglev(65537), n, None);
        add("rendezvous", Algorithm::rendezvous(), n, None);
    }
    cases
}

fn bench_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    for case in cases() {
        group.bench_with_input(BenchmarkId::new(case.name, &case.size), &case, |b, case| {
            b.iter(|| {
                build(black_box(&case.config), black_box(&case.nodes)).map(|p| p.node_count())
            })
        });
    }
    group.finish();
}

fn bench_locate(c: &mut Criterion) {
    let keys = keys(LOCATE_KEYS, 1);
    let mut group = c.benchmark_group("locate");
    group.throughput(Throughput::Elements(LOCATE_KEYS));
    for case in cases() {
        let placement =
            build(&case.config, &case.nodes).expect("the benchmark's configuration builds");
        group.bench_function(BenchmarkId::new(case.name, &case.size), |b| {
            b.iter(|| {
                for key in &keys {
                    black_box(placement.locate(black_box(key)));
                }
            })
        });
    }
    group.finish();
}

fn bench_assign(c: &mut Criterion) {
    let keys = keys(ASSIGN_KEYS, 2);
    let mut group = c.benchmark_group("assign_100k");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ASSIGN_KEYS));
    for case in cases() {
        let placement =
            build(&case.config, &case.nodes).expect("the benchmark's configuration builds");
        group.bench_function(BenchmarkId::new(case.name, &case.size), |b| {
            b.iter(|| placement.assign(black_box(&keys)))
        });
    }
    group.finish();
}

/// The hash functions alone, on the same keys: what every lookup pays before its search.
fn bench_hash(c: &mut Criterion) {
    let keys = keys(LOCATE_KEYS, 3);
    let mut group = c.benchmark_group("hash");
    group.throughput(Throughput::Elements(LOCATE_KEYS));
    for h in HashFn::ALL {
        group.bench_function(h.name(), |b| {
            b.iter(|| {
                for key in &keys {
                    black_box(h.hash_str(black_box(key)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_build, bench_locate, bench_assign, bench_hash);
criterion_main!(benches);
