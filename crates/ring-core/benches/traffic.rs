//! The traffic simulation of issue 15: 10,000,000 requests over 1,000,000 keys on ten
//! nodes (a virtual-node ring, 100 points each), a node joining half-way, and the setup
//! (two placements of every key, the alias table, the permutation, the warm caches).
//!
//! `cargo bench -p ring-core --bench traffic -- --test` runs each benchmark once (a smoke
//! test); without `--test` criterion measures. BENCHMARKS.md, "Traffic simulation", has the
//! figures.
// A benchmark whose setup the core refuses has nothing to measure: stopping with the
// core's message is the right outcome, so `expect` is allowed here.
#![allow(clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ring_core::registry::AlgoId;
use ring_core::traffic::{Capacity, Change, Setup, Simulation};
use ring_core::{Algorithm, Config, NodeSpec};

const KEYS: u64 = 1_000_000;
const REQUESTS: u64 = 10_000_000;

fn setup(zipf: f64, cache: Capacity) -> Setup {
    let nodes = (0..10)
        .map(|i| NodeSpec::new(format!("10.0.0.{i}:11211"), 100))
        .collect();
    let mut s = Setup::new(
        Config::new(Algorithm::new(AlgoId::Virtual)),
        nodes,
        REQUESTS,
    );
    s.zipf = zipf;
    s.cache = cache;
    s.change = Some(Change::Join(NodeSpec::new("10.0.0.10:11211", 100)));
    s
}

/// The cases: uniform and Zipf 1 with caches that hold everything, and Zipf 1 with caches
/// of 20,000 keys (a fifth of a node's keys), where LRU evicts.
fn cases() -> [(&'static str, Setup); 3] {
    [
        ("uniform-all", setup(0.0, Capacity::All)),
        ("zipf1-all", setup(1.0, Capacity::All)),
        ("zipf1-lru20k", setup(1.0, Capacity::Keys(20_000))),
    ]
}

fn bench_requests(c: &mut Criterion) {
    let keys = ring_core::keys::generate(KEYS, 1);
    let mut group = c.benchmark_group("traffic_requests");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(REQUESTS));
    for (name, s) in cases() {
        let sim = Simulation::new(&s, &keys).expect("the benchmark's setup is valid");
        group.bench_function(name, |b| {
            b.iter_batched(
                || sim.clone(),
                |mut sim| {
                    let done = sim.run(black_box(REQUESTS));
                    (done, sim.progress())
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

fn bench_setup(c: &mut Criterion) {
    let keys = ring_core::keys::generate(KEYS, 1);
    let mut group = c.benchmark_group("traffic_setup");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let [_, (name, s), _] = cases();
    group.bench_function(name, |b| {
        b.iter(|| {
            Simulation::new(black_box(&s), black_box(&keys))
                .expect("the benchmark's setup is valid")
                .progress()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_requests, bench_setup);
criterion_main!(benches);
