//! The core against other crates doing the same job, on the same keys and nodes, in one run
//! (memory-bound figures drift between runs, so only ratios taken together mean much).
//!
//! - Rings: the core's virtual-node ring (MurmurHash3, `name#i`), `hashring` 0.3.6,
//!   `conhash` 0.5.1, and a plain baseline written here: MurmurHash3 over the key, a sorted
//!   `Vec<u64>` of positions and `partition_point`.
//! - Jump hash: the core's against `jumphash` 0.1.9, over the same node counts.
//! - Maglev: the core's against `maglev` 0.2.1 with the same table size, the first prime at
//!   or above 100 × nodes (that crate's own default).
//!
//! Sizes are nodes × points per node: 10 × 100, 100 × 1,000 and 1,000 × 1,000 (one million
//! points); jump hash and Maglev use the node count. Three groups: `peers_build` (one whole
//! structure), `peers_lookup` (100,000 keys looked up one by one, each owner black-boxed:
//! divide by 100,000 for a lookup) and `peers_assign` (the owners of the 100,000 keys as a
//! vector; `ring-core-cached` places them from positions hashed beforehand). A fourth,
//! `peers_change`, has no peer: a join and a leave merged into the core's ring against a
//! rebuild, and the keys a join moves among a million, found from cached positions arc by
//! arc against placing all of them twice.
//!
//! `cargo bench -p ring-core --bench peers -- --test` runs each once (a smoke test);
//! `scripts/bench` measures and writes BENCHMARKS.md.
// A benchmark whose structure cannot be built has nothing to measure: stopping the run with
// the core's message is the right outcome, so `expect` is allowed here.
#![allow(clippy::expect_used)]

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::BenchmarkGroup;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ring_core::delta::{ring_delta, KeyPositions};
use ring_core::hash::murmur3_x64_128;
use ring_core::jump::Jump;
use ring_core::maglev::Maglev;
use ring_core::metrics;
use ring_core::ring::{Naming, Ring};
use ring_core::{build, Algorithm, Config, HashFn, NodeSpec, Placement};

/// Keys per lookup and assign iteration.
const KEYS: u64 = 100_000;

/// Keys whose moves a join is asked for.
const CHANGE_KEYS: u64 = 1_000_000;

/// (nodes, points per node).
const SIZES: [(u32, u32); 3] = [(10, 100), (100, 1_000), (1_000, 1_000)];

/// `count` keys `user:<n>:<abc>`, the same as `ringlab move` makes.
fn keys(count: u64, seed: u64) -> Vec<String> {
    ring_core::keys::generate(count, seed)
}

fn node_names(n: u32) -> Vec<String> {
    (0..n)
        .map(|i| format!("10.0.{}.{}:11211", i / 256, i % 256))
        .collect()
}

fn murmur(bytes: &[u8]) -> u64 {
    murmur3_x64_128(bytes, 0).0
}

/// The baseline: positions sorted in one vector, owners in another, `partition_point`.
struct Plain {
    positions: Vec<u64>,
    owners: Vec<u32>,
}

impl Plain {
    fn new(names: &[String], per_node: u32) -> Self {
        let mut points: Vec<(u64, u32)> = Vec::with_capacity(names.len() * per_node as usize);
        for (owner, name) in names.iter().enumerate() {
            for r in 0..per_node {
                points.push((murmur(format!("{name}#{r}").as_bytes()), owner as u32));
            }
        }
        points.sort_unstable();
        Plain {
            positions: points.iter().map(|p| p.0).collect(),
            owners: points.iter().map(|p| p.1).collect(),
        }
    }

    fn locate(&self, key: &str) -> u32 {
        let h = murmur(key.as_bytes());
        let i = self.positions.partition_point(|&p| p < h);
        self.owners[if i == self.positions.len() { 0 } else { i }]
    }
}

/// A `hashring` virtual node, as that crate's documentation builds them.
#[derive(Clone, Copy, Debug, Hash, PartialEq)]
struct VNode {
    node: u32,
    replica: u32,
}

fn hashring_of(nodes: u32, per_node: u32) -> hashring::HashRing<VNode> {
    let mut ring = hashring::HashRing::new();
    ring.batch_add(
        (0..nodes)
            .flat_map(|node| (0..per_node).map(move |replica| VNode { node, replica }))
            .collect(),
    );
    ring
}

/// A `conhash` node: its name and its index.
#[derive(Clone, Debug)]
struct Server {
    name: String,
    index: u32,
}

impl conhash::Node for Server {
    fn name(&self) -> String {
        self.name.clone()
    }
}

fn conhash_of(names: &[String], per_node: u32) -> conhash::ConsistentHash<Server> {
    let mut ring = conhash::ConsistentHash::new();
    for (i, name) in names.iter().enumerate() {
        let server = Server {
            name: name.clone(),
            index: i as u32,
        };
        ring.add(&server, per_node as usize);
    }
    ring
}

fn core_ring_config(per_node: u32) -> Config {
    Config::new(Algorithm::virtual_nodes(Naming::Hash)).with_vnodes(per_node)
}

/// The first prime at or above `m`.
fn prime_at_least(m: u32) -> u32 {
    (m..).find(|&c| ring_core::maglev::is_prime(c)).unwrap_or(m)
}

fn maglev_size(nodes: u32) -> u32 {
    prime_at_least(100 * nodes)
}

fn bench_size(c: &mut Criterion, keys: &[String], (nodes, per_node): (u32, u32)) {
    let size = format!("{nodes}x{per_node}");
    let names = node_names(nodes);
    let specs: Vec<NodeSpec> = names
        .iter()
        .map(|n| NodeSpec::new(n.as_str(), 100))
        .collect();
    let ring_config = core_ring_config(per_node);
    let table = maglev_size(nodes);
    let maglev_config = Config::new(Algorithm::maglev(table));

    {
        let mut group = c.benchmark_group("peers_build");
        group.sample_size(10);
        group.bench_function(BenchmarkId::new("ring-core", &size), |b| {
            b.iter(|| build(black_box(&ring_config), black_box(&specs)).map(|p| p.node_count()))
        });
        group.bench_function(BenchmarkId::new("plain-vec", &size), |b| {
            b.iter(|| Plain::new(black_box(&names), per_node).positions.len())
        });
        group.bench_function(BenchmarkId::new("hashring", &size), |b| {
            b.iter(|| hashring_of(black_box(nodes), per_node).len())
        });
        group.bench_function(BenchmarkId::new("conhash", &size), |b| {
            b.iter(|| conhash_of(black_box(&names), per_node).len())
        });
        group.bench_function(BenchmarkId::new("maglev-core", &size), |b| {
            b.iter(|| build(black_box(&maglev_config), black_box(&specs)).map(|p| p.node_count()))
        });
        group.bench_function(BenchmarkId::new("maglev-crate", &size), |b| {
            b.iter(|| {
                let m = maglev::Maglev::with_capacity(black_box(&names).clone(), table as usize);
                maglev::ConsistentHasher::capacity(&m)
            })
        });
        group.finish();
    }

    // Lookups go through the concrete types, as the peers' do; `build` above returns the
    // same structures behind a `Box<dyn Placement>`.
    let core = Ring::virtual_nodes(&specs, HashFn::Murmur3_64, Naming::Hash, per_node)
        .expect("the ring builds");
    let positions = core.key_positions(keys);
    let plain = Plain::new(&names, per_node);
    let hashring = hashring_of(nodes, per_node);
    let conhash = conhash_of(&names, per_node);
    let jump = Jump::new(&specs, HashFn::Murmur3_64).expect("jump builds");
    let jumphash = jumphash::JumpHasher::new_with_keys(0, 0);
    let maglev_core = Maglev::new(&specs, HashFn::Murmur3_64, table).expect("maglev builds");
    let maglev_crate = maglev::Maglev::with_capacity(names.clone(), table as usize);

    {
        let mut group = c.benchmark_group("peers_lookup");
        group.throughput(Throughput::Elements(KEYS));
        group.sample_size(10);
        let mut lookup = |name: &str, locate: &dyn Fn(&str) -> u32| {
            group.bench_function(BenchmarkId::new(name, &size), |b| {
                b.iter(|| {
                    for key in keys {
                        black_box(locate(black_box(key)));
                    }
                })
            });
        };
        lookup("ring-core", &|k| core.locate(k));
        lookup("plain-vec", &|k| plain.locate(k));
        lookup("hashring", &|k| hashring.get(&k).map_or(0, |v| v.node));
        lookup("conhash", &|k| conhash.get_str(k).map_or(0, |s| s.index));
        lookup("jump-core", &|k| jump.locate(k));
        lookup("jumphash", &|k| jumphash.slot(&k, nodes));
        lookup("maglev-core", &|k| maglev_core.locate(k));
        lookup("maglev-crate", &|k| {
            maglev::ConsistentHasher::get(&maglev_crate, k).map_or(0, |n| n.len() as u32)
        });
        group.finish();
    }

    {
        let mut group = c.benchmark_group("peers_assign");
        group.throughput(Throughput::Elements(KEYS));
        group.sample_size(10);
        group.bench_function(BenchmarkId::new("ring-core", &size), |b| {
            b.iter(|| core.assign(black_box(keys)))
        });
        group.bench_function(BenchmarkId::new("ring-core-cached", &size), |b| {
            b.iter(|| core.assign_positions(black_box(keys), black_box(&positions)))
        });
        assign(&mut group, &size, "plain-vec", keys, &|k| plain.locate(k));
        assign(&mut group, &size, "hashring", keys, &|k| {
            hashring.get(&k).map_or(0, |v| v.node)
        });
        assign(&mut group, &size, "conhash", keys, &|k| {
            conhash.get_str(k).map_or(0, |s| s.index)
        });
        group.bench_function(BenchmarkId::new("jump-core", &size), |b| {
            b.iter(|| jump.assign(black_box(keys)))
        });
        assign(&mut group, &size, "jumphash", keys, &|k| {
            jumphash.slot(&k, nodes)
        });
        group.bench_function(BenchmarkId::new("maglev-core", &size), |b| {
            b.iter(|| maglev_core.assign(black_box(keys)))
        });
        assign(&mut group, &size, "maglev-crate", keys, &|k| {
            maglev::ConsistentHasher::get(&maglev_crate, k).map_or(0, |n| n.len() as u32)
        });
        group.finish();
    }
}

/// Owners of all `keys` as a vector, one `locate` call each.
fn assign(
    group: &mut BenchmarkGroup<'_, WallTime>,
    size: &str,
    name: &str,
    keys: &[String],
    locate: &dyn Fn(&str) -> u32,
) {
    group.bench_function(BenchmarkId::new(name, size), |b| {
        b.iter(|| {
            black_box(keys)
                .iter()
                .map(|k| locate(k))
                .collect::<Vec<u32>>()
        })
    });
}

/// A node joining and leaving the core's ring: merged (`joined`, `left`) against built
/// from the new node list, and the moved keys of a million found arc by arc (`ring_delta`
/// from cached positions) against placing every key twice and comparing (`metrics::diff`).
fn bench_change(c: &mut Criterion, many: &[String], (nodes, per_node): (u32, u32)) {
    let size = format!("{nodes}x{per_node}");
    let config = core_ring_config(per_node);
    let specs: Vec<NodeSpec> = node_names(nodes + 1)
        .into_iter()
        .map(|n| NodeSpec::new(n, 100))
        .collect();
    let (before_specs, newcomer) = specs.split_at(nodes as usize);
    let newcomer = &newcomer[0];
    let before = build(&config, before_specs).expect("the ring builds");
    let after = build(&config, &specs).expect("the ring builds");
    let labels: Vec<u32> = (0..=nodes).collect();
    let cache = KeyPositions::of(before.as_ref(), many);
    let before_assignment = before.assign_positions(many, cache.positions());
    let loads_before =
        metrics::loads(&before_assignment, nodes).expect("owners are nodes of the ring");

    let mut group = c.benchmark_group("peers_change");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("join-merge", &size), |b| {
        b.iter(|| {
            before
                .joined(black_box(newcomer))
                .map(|p| p.map(|p| p.node_count()))
        })
    });
    group.bench_function(BenchmarkId::new("join-rebuild", &size), |b| {
        b.iter(|| build(black_box(&config), black_box(&specs)).map(|p| p.node_count()))
    });
    group.bench_function(BenchmarkId::new("leave-filter", &size), |b| {
        b.iter(|| after.left(black_box(0)).map(|p| p.map(|p| p.node_count())))
    });
    group.bench_function(BenchmarkId::new("leave-rebuild", &size), |b| {
        b.iter(|| build(black_box(&config), black_box(&specs[1..])).map(|p| p.node_count()))
    });
    group.bench_function(BenchmarkId::new("join-delta-1m", &size), |b| {
        b.iter(|| {
            let delta = ring_delta(
                before.as_ref(),
                &labels[..nodes as usize],
                after.as_ref(),
                &labels,
                black_box(many),
                &cache,
            )
            .expect("both are rings");
            let loads = delta.loads_after(&loads_before, &labels[..nodes as usize], &labels);
            (delta.moves.moved, loads.len())
        })
    });
    group.bench_function(BenchmarkId::new("join-full-diff-1m", &size), |b| {
        b.iter(|| {
            let old = before.assign(black_box(many));
            let new = after.assign(black_box(many));
            let moves = metrics::diff(&old, &new).expect("same keys");
            let loads = metrics::loads(&new, nodes + 1).map(|l| l.len());
            (moves.moved, loads)
        })
    });
    group.finish();
}

/// MurmurHash3 over the keys alone: the floor under every ring lookup here.
fn bench_hash(c: &mut Criterion, keys: &[String]) {
    let mut group = c.benchmark_group("peers_hash");
    group.throughput(Throughput::Elements(KEYS));
    group.sample_size(10);
    group.bench_function("murmur3", |b| {
        b.iter(|| {
            for key in keys {
                black_box(murmur(black_box(key).as_bytes()));
            }
        })
    });
    group.finish();
}

fn peers(c: &mut Criterion) {
    let keys = keys(KEYS, 7);
    bench_hash(c, &keys);
    for size in SIZES {
        bench_size(c, &keys, size);
    }
    let many = self::keys(CHANGE_KEYS, 11);
    for size in SIZES {
        bench_change(c, &many, size);
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
