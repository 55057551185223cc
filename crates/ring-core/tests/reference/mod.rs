//! Plain references for every algorithm in the registry, in the manner of memchr's naive
//! versions: each recomputes a placement from the node list alone, the slow and obvious
//! way, from the published algorithm and the algorithm module's documentation, and uses
//! nothing of the crate but its hash functions.
//!
//! - Rings (one point per node, virtual nodes, ketama, go-zero): every point in a list in
//!   the order the implementation adds them; a key's owner is found by a linear scan for the
//!   smallest position at or after the key's (else the smallest of all), and a tie rule.
//! - Modulo: `hash % n`.
//! - Jump: the loop of Lamping and Veach's paper, line by line.
//! - Slot table: the deal, slot `i` to node `i % n`; and the hand-over of slots on a join or
//!   leave ([`HandOver`]), each a naive scan.
//! - Maglev: the paper's Pseudocode 1 over a permutation table, each turn given to the node
//!   whose next entry is due first, up to its quota.
//! - Rendezvous: a score per node, the maximum taken.
//! - Bounded loads: the first choice as on the plain ring; `assign` walks point by point from
//!   each key's successor, in key order, to the first node below the cap.
//!
//! [`Reference::of`] matches on the algorithm with no catch-all arm, so that an algorithm
//! added to the registry without a reference here fails to compile the tests.

// A reference that meets a case it does not model, or a state its own rules exclude, stops
// the test loudly. These are helpers, not `#[test]` functions or a `#[cfg(test)]` module,
// so clippy's allow-*-in-tests (clippy.toml) does not cover them.
#![allow(clippy::expect_used, clippy::panic)]

/// Every real system's entry, as a pattern. These tests run over `AlgoId::algorithms()`,
/// which has none: each system is checked against its real program and its own tests
/// (`src/systems/tests.rs`). The matches below name them rather than using `_`, so that an
/// algorithm added to the registry still fails to compile there.
macro_rules! any_system {
    () => {
        AlgoId::Nginx
            | AlgoId::NginxHash
            | AlgoId::Haproxy
            | AlgoId::EnvoyRingHash
            | AlgoId::EnvoyMaglev
            | AlgoId::Twemproxy
            | AlgoId::TwemproxyModula
            | AlgoId::RedisCluster
            | AlgoId::Cassandra
            | AlgoId::CassandraVnodes
            | AlgoId::Groupcache
            | AlgoId::Stathat
            | AlgoId::Guava
            | AlgoId::Buraksezer
            | AlgoId::Riak
            | AlgoId::Libketama
            | AlgoId::Spymemcached
            | AlgoId::GoZeroCoreHash
            | AlgoId::Pymemcache
            | AlgoId::Kafka
            | AlgoId::Librdkafka
            | AlgoId::Hazelcast
            | AlgoId::Caddy
            | AlgoId::Libmemcached
            | AlgoId::LibmemcachedConsistent
            | AlgoId::Dalli
            | AlgoId::RedisRb
            | AlgoId::Predis
            | AlgoId::PredisKetama
            | AlgoId::Ceph
            | AlgoId::VarnishShard
            | AlgoId::RabbitmqConsistentHash
    };
}

use std::cmp::Reverse;

use ring_core::buckets::{BucketAlgo, BucketEngine};
use ring_core::hash::{java_md5_hex_signed, md5_digest, murmur3_x64_128};
use ring_core::registry::{AlgoId, ParamKind};
use ring_core::siphash::siphash24;
use ring_core::{Config, HashFn, NodeIndex, NodeSpec};

/// How a key becomes the number the placement looks up.
#[derive(Clone, Copy, Debug)]
pub enum KeyHash {
    /// The configured hash of the key.
    Plain(HashFn),
    /// The configured hash masked to 31 bits, as seed 001's Java `hashCode() & 0x7FFFFFFF`.
    Masked31(HashFn),
    /// The first four bytes of the key's MD5 as a little-endian number (libketama).
    Md5Le32,
    /// MurmurHash3 x64_128's first half with seed 0 (go-zero's `Sum64`).
    Murmur3H1,
}

impl KeyHash {
    pub fn of(self, key: &str) -> u64 {
        match self {
            KeyHash::Plain(hash) => hash.hash_str(key),
            KeyHash::Masked31(hash) => hash.hash_str(key) & 0x7fff_ffff,
            KeyHash::Md5Le32 => {
                let d = md5_digest(key.as_bytes());
                u64::from(u32::from_le_bytes([d[0], d[1], d[2], d[3]]))
            }
            KeyHash::Murmur3H1 => murmur3_x64_128(key.as_bytes(), 0).0,
        }
    }
}

/// Which of several points on one position takes a key.
#[derive(Clone, Copy, Debug)]
pub enum Tie {
    /// The first added (a stable sort's order).
    FirstAdded,
    /// The last added (the Java client's `TreeMap.put` overwrites).
    LastAdded,
    /// go-zero: `nodes[h1("16777619:" + key) % len]` among them, in the order added.
    GoZero,
}

/// A placement recomputed from scratch.
#[derive(Clone, Debug)]
pub enum Reference {
    /// Node `hash(key) % n`.
    Modulo { hash: HashFn, n: u64 },
    /// Points `(position, owner)` in the order the implementation adds them.
    Ring {
        key: KeyHash,
        points: Vec<(u64, NodeIndex)>,
        tie: Tie,
    },
    /// Jump consistent hash over `buckets` buckets.
    Jump { hash: HashFn, buckets: i32 },
    /// A bucket algorithm, node `i` on bucket `i`. The bucket functions themselves are
    /// checked against their own references elsewhere (the `fliphash` and
    /// `power-consistent-hash` crates, hash4j's checksum, known-answers.md's vectors); this
    /// models what the placement adds: the key's configured hash, the buckets in list order,
    /// and DxHash's "not found" on the lowest working bucket.
    Buckets { hash: HashFn, engine: BucketEngine },
    /// Multi-probe: each node's point `h(name, 0)` in list order, the seeds, the probes.
    Probes {
        points: Vec<u64>,
        seeds: [u64; 2],
        probes: u32,
    },
    /// A table: the key goes to entry `key % entries.len()`.
    Table {
        key: KeyHash,
        entries: Vec<NodeIndex>,
    },
    /// Rendezvous: per node, the seed drawn from its name and its weight.
    Scores {
        hash: HashFn,
        nodes: Vec<(u64, u32)>,
    },
    /// Bounded loads over the virtual-node ring `points` of `nodes` nodes.
    Capped {
        hash: HashFn,
        points: Vec<(u64, NodeIndex)>,
        nodes: u64,
        epsilon: f64,
    },
}

/// The option's name chosen for parameter `i`, as the registry spells it.
fn option(config: &Config, i: usize) -> &'static str {
    let spec = config.algorithm.spec();
    match spec.params[i].kind {
        ParamKind::Choice { options, .. } => options[config.algorithm.params.choice(i)],
        other => panic!("{}: parameter {i} is not a choice: {other:?}", spec.id),
    }
}

impl Reference {
    /// The reference of `config` over `nodes` (which `build` accepts).
    pub fn of(config: &Config, nodes: &[NodeSpec]) -> Reference {
        let hash = config.hash;
        let params = &config.algorithm.params;
        // No `_ =>` arm, on purpose: an algorithm added to the registry without a reference
        // here makes this match non-exhaustive, and the tests do not compile.
        match config.algorithm.id {
            any_system!() => unreachable!("a system among the algorithms"),
            AlgoId::Modulo => Reference::Modulo {
                hash,
                n: nodes.len() as u64,
            },
            AlgoId::SinglePoint => Reference::Ring {
                key: KeyHash::Plain(hash),
                points: indexed(nodes)
                    .map(|(i, n)| (hash.hash_str(&n.name), i))
                    .collect(),
                tie: Tie::FirstAdded,
            },
            AlgoId::Virtual => {
                let naming = option(config, 0);
                let mut points = Vec::new();
                for (i, n) in indexed(nodes) {
                    for v in 0..weighted_count(n, config.default_vnodes) {
                        let name = match naming {
                            "hash" => format!("{}#{v}", n.name),
                            "dash" => format!("{}-{v}", n.name),
                            "java-seed" => {
                                // Seed 000 writes the node's own hash as a signed Java int.
                                let own = match hash {
                                    HashFn::JavaMd5Hex => i64::from(java_md5_hex_signed(&n.name)),
                                    other => other.hash_str(&n.name) as i64,
                                };
                                format!("{}-{own}-{v}", n.name)
                            }
                            other => panic!("no reference for naming {other:?}"),
                        };
                        points.push((hash.hash_str(&name), i));
                    }
                }
                Reference::Ring {
                    key: KeyHash::Plain(hash),
                    points,
                    tie: Tie::FirstAdded,
                }
            }
            AlgoId::Ketama => {
                let weighting = option(config, 0);
                let total: u64 = nodes.iter().map(|n| u64::from(n.weight)).sum();
                let count = nodes.len();
                let mut points = Vec::new();
                for (i, n) in indexed(nodes) {
                    let digests = match weighting {
                        // ketama.c: floorf(pct * 40.0 * (float)numservers), pct a float; the
                        // double product rounded to float by the call.
                        "libketama" => {
                            let pct = n.weight as f32 / total as f32;
                            ((f64::from(pct) * 40.0 * count as f64) as f32).floor() as u32
                        }
                        // KetamaNodeLocator without a weight map: 160 points per node.
                        "java" if nodes.iter().all(|m| m.weight == nodes[0].weight) => 40,
                        // With one: floor((float)(percent * 160f / 4 * (float)n + 1e-10)),
                        // percent a float.
                        "java" => {
                            let percent = n.weight as f32 / total as f32;
                            let product = percent * 160.0 / 4.0 * count as f32;
                            ((f64::from(product) + 1e-10) as f32).floor() as u32
                        }
                        other => panic!("no reference for weighting {other:?}"),
                    };
                    for k in 0..digests {
                        let d = md5_digest(format!("{}-{k}", n.name).as_bytes());
                        for h in 0..4 {
                            let b = &d[4 * h..4 * h + 4];
                            let point = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                            points.push((u64::from(point), i));
                        }
                    }
                }
                let tie = match weighting {
                    "java" => Tie::LastAdded,
                    _ => Tie::FirstAdded,
                };
                Reference::Ring {
                    key: KeyHash::Md5Le32,
                    points,
                    tie,
                }
            }
            AlgoId::GoZero => {
                // NewCustomConsistentHash raises replicas below minReplicas (100).
                let replicas = u64::from(params.whole(0).max(100));
                let mut points = Vec::new();
                for (i, n) in indexed(nodes) {
                    // AddWithReplicas(name, own) or AddWithWeight(name, w): replicas·w/100,
                    // both capped at replicas.
                    let wanted = match n.vnodes {
                        Some(own) => u64::from(own),
                        None => replicas * u64::from(n.weight) / 100,
                    };
                    for r in 0..wanted.min(replicas) {
                        let text = format!("{}{r}", n.name);
                        points.push((murmur3_x64_128(text.as_bytes(), 0).0, i));
                    }
                }
                Reference::Ring {
                    key: KeyHash::Murmur3H1,
                    points,
                    tie: Tie::GoZero,
                }
            }
            AlgoId::Bounded => {
                let mut points = Vec::new();
                for (i, n) in indexed(nodes) {
                    for v in 0..weighted_count(n, config.default_vnodes) {
                        points.push((hash.hash_str(&format!("{}#{v}", n.name)), i));
                    }
                }
                Reference::Capped {
                    hash,
                    points,
                    nodes: nodes.len() as u64,
                    epsilon: params.get(0),
                }
            }
            AlgoId::JumpBack
            | AlgoId::FlipHash
            | AlgoId::Binomial
            | AlgoId::Power
            | AlgoId::Anchor
            | AlgoId::Dx
            | AlgoId::Memento => {
                let (algo, capacity, seed) = match config.algorithm.id {
                    AlgoId::JumpBack => (BucketAlgo::JumpBack, None, None),
                    AlgoId::FlipHash => (BucketAlgo::FlipHash, None, Some(0)),
                    AlgoId::Binomial => (BucketAlgo::Binomial, None, None),
                    AlgoId::Power => (BucketAlgo::Power, None, None),
                    AlgoId::Anchor => (BucketAlgo::Anchor, Some(0), Some(1)),
                    AlgoId::Dx => (BucketAlgo::Dx, Some(0), None),
                    _ => (BucketAlgo::Memento, None, Some(0)),
                };
                let capacity = capacity.map(|i: usize| params.whole(i)).filter(|&c| c > 0);
                let seed = seed.map(|i: usize| u64::from(params.whole(i)));
                // One bucket: every key on bucket 0 (power's crate refuses one; jump's
                // single bucket gives the same answer).
                let (algo, capacity, seed) = if nodes.len() == 1 {
                    (BucketAlgo::Jump, None, None)
                } else {
                    (algo, capacity, seed)
                };
                let engine = BucketEngine::new(algo, nodes.len() as u32, capacity, &[], seed)
                    .expect("the reference's engine");
                Reference::Buckets { hash, engine }
            }
            AlgoId::MultiProbe => Reference::Probes {
                points: nodes
                    .iter()
                    .map(|n| siphash24(0, 0, n.name.as_bytes()))
                    .collect(),
                seeds: [u64::from(params.whole(1)), u64::from(params.whole(2))],
                probes: params.whole(0),
            },
            AlgoId::Jump => Reference::Jump {
                hash,
                buckets: nodes.len() as i32,
            },
            AlgoId::SlotTable => {
                let deal = HandOver::dealt(nodes.len() as u32, params.whole(0));
                Reference::slot_table(hash, &deal)
            }
            AlgoId::Maglev => Reference::Table {
                key: KeyHash::Plain(hash),
                entries: maglev_table(nodes, hash, u64::from(params.whole(0))),
            },
            AlgoId::Rendezvous => Reference::Scores {
                hash,
                nodes: nodes
                    .iter()
                    .map(|n| (splitmix64(hash.hash_str(&n.name)), n.weight))
                    .collect(),
            },
        }
    }

    /// A slot table in the state `slots` describes, keyed with `hash`.
    pub fn slot_table(hash: HashFn, slots: &HandOver) -> Reference {
        Reference::Table {
            key: KeyHash::Masked31(hash),
            entries: slots.owners.clone(),
        }
    }

    /// The owner of `key` alone (for bounded loads the first choice, before any cap).
    pub fn locate(&self, key: &str) -> NodeIndex {
        match self {
            Reference::Modulo { hash, n } => (hash.hash_str(key) % n) as NodeIndex,
            Reference::Ring {
                key: kh,
                points,
                tie,
            } => scan(points, kh.of(key), *tie, key),
            Reference::Buckets { hash, engine } => {
                let bucket = engine.bucket(hash.hash_str(key));
                if engine.is_working(bucket) {
                    bucket
                } else {
                    0
                }
            }
            Reference::Probes {
                points,
                seeds,
                probes,
            } => {
                let h1 = siphash24(seeds[0], 0, key.as_bytes());
                let h2 = siphash24(seeds[1], 0, key.as_bytes());
                let mut best: Option<(u64, usize)> = None;
                for i in 0..u64::from(*probes) {
                    let probe = h1.wrapping_add(i.wrapping_mul(h2));
                    // The smallest point strictly after the probe, else the smallest of all;
                    // of equal points the node listed last.
                    let after = points.iter().copied().filter(|&p| p > probe).min();
                    let point = after.unwrap_or_else(|| points.iter().copied().min().unwrap_or(0));
                    let distance = point.wrapping_sub(probe);
                    if best.is_none_or(|(d, _)| distance < d) {
                        let node = points.iter().rposition(|&p| p == point).unwrap_or(0);
                        best = Some((distance, node));
                    }
                }
                best.map_or(0, |(_, node)| node as NodeIndex)
            }
            Reference::Jump { hash, buckets } => {
                jump_consistent_hash(hash.hash_str(key), *buckets) as NodeIndex
            }
            Reference::Table { key: kh, entries } => {
                entries[(kh.of(key) % entries.len() as u64) as usize]
            }
            Reference::Scores { .. } => {
                let scores = self.scores(key).unwrap_or_default();
                let mut best = 0;
                for (i, s) in scores.iter().enumerate() {
                    // Higher score, then higher bits; a full tie keeps the lower index.
                    if (s.0 > scores[best].0) || (s.0 == scores[best].0 && s.1 > scores[best].1) {
                        best = i;
                    }
                }
                best as NodeIndex
            }
            Reference::Capped { hash, points, .. } => {
                scan(points, hash.hash_str(key), Tie::FirstAdded, key)
            }
        }
    }

    /// The owner of every key, in order: `locate` of each, except that bounded loads
    /// places the keys one after another under its cap.
    pub fn assign(&self, keys: &[String]) -> Vec<NodeIndex> {
        match self {
            Reference::Capped {
                hash,
                points,
                nodes,
                epsilon,
            } => {
                let m = keys.len() as u64;
                let cap = cap(*epsilon, m, *nodes);
                // Clockwise: by position; on one position, in the order added (stable).
                let mut clockwise = points.clone();
                clockwise.sort_by_key(|p| p.0);
                let mut load = vec![0u64; *nodes as usize];
                let owners: Vec<NodeIndex> = keys
                    .iter()
                    .map(|k| {
                        let h = hash.hash_str(k);
                        let start = clockwise.iter().position(|p| p.0 >= h).unwrap_or(0);
                        let owner = (0..clockwise.len())
                            .map(|step| clockwise[(start + step) % clockwise.len()].1)
                            .find(|&o| load[o as usize] < cap)
                            .expect("the cap leaves room for every key");
                        load[owner as usize] += 1;
                        owner
                    })
                    .collect();
                assert!(load.iter().all(|&l| l <= cap), "{load:?} over {cap}");
                owners
            }
            _ => keys.iter().map(|k| self.locate(k)).collect(),
        }
    }

    /// Rendezvous: every node's (score, bits) for `key`; `None` for the others.
    pub fn scores(&self, key: &str) -> Option<Vec<(f64, u64)>> {
        let Reference::Scores { hash, nodes } = self else {
            return None;
        };
        let k = hash.hash_str(key);
        Some(
            nodes
                .iter()
                .map(|&(seed, weight)| {
                    let bits = splitmix64(k ^ seed);
                    // u in (0, 1): the top 53 bits over 2^53, never 0.
                    let u = (bits >> 11).max(1) as f64 / 9_007_199_254_740_992.0;
                    // The logarithmic method's -w / ln(u). The logarithm must be libm's, as
                    // the core documents: the platform's `f64::ln` differs from `libm::log`
                    // in the last bit for about one u in 18 (measured over 5e7 values on
                    // x86_64 glibc), so it would not give the core's scores bit for bit.
                    (-f64::from(weight) / libm::log(u), bits)
                })
                .collect(),
        )
    }
}

fn indexed(nodes: &[NodeSpec]) -> impl Iterator<Item = (NodeIndex, &NodeSpec)> {
    nodes.iter().enumerate().map(|(i, n)| (i as NodeIndex, n))
}

/// A node's virtual-node count scaled by its weight in percent, rounded, at least one.
fn weighted_count(node: &NodeSpec, default_vnodes: u32) -> u32 {
    let vnodes = f64::from(node.vnodes.unwrap_or(default_vnodes));
    (vnodes * f64::from(node.weight) / 100.0).round().max(1.0) as u32
}

/// The owner a clockwise scan from `h` reaches: the points at the smallest position at or
/// after `h`, or else at the smallest position of all, and of those the one `tie` picks.
fn scan(points: &[(u64, NodeIndex)], h: u64, tie: Tie, key: &str) -> NodeIndex {
    let target = points
        .iter()
        .map(|p| p.0)
        .filter(|&q| q >= h)
        .min()
        .or_else(|| points.iter().map(|p| p.0).min());
    let tied: Vec<NodeIndex> = points
        .iter()
        .filter(|p| Some(p.0) == target)
        .map(|p| p.1)
        .collect();
    let pick = match tie {
        Tie::FirstAdded => 0,
        Tie::LastAdded => tied.len() - 1,
        Tie::GoZero => {
            let inner = murmur3_x64_128(format!("16777619:{key}").as_bytes(), 0).0;
            (inner % tied.len() as u64) as usize
        }
    };
    tied[pick]
}

/// Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm" (2014), Figure 1:
///
/// ```c
/// int32_t JumpConsistentHash(uint64_t key, int32_t num_buckets) {
///     int64_t b = -1, j = 0;
///     while (j < num_buckets) {
///         b = j;
///         key = key * 2862933555777941757ULL + 1;
///         j = (b + 1) * (double(1LL << 31) / double((key >> 33) + 1));
///     }
///     return b;
/// }
/// ```
fn jump_consistent_hash(mut key: u64, num_buckets: i32) -> i32 {
    let mut b: i64 = -1;
    let mut j: i64 = 0;
    while j < i64::from(num_buckets) {
        b = j;
        key = key.wrapping_mul(2862933555777941757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1i64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as i32
}

/// splitmix64's output for state `x` (Vigna's `next()`: add the golden gamma, then mix).
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Bounded loads' cap for `m` keys over `n` nodes: `ceil((1 + ε)·m / n)`, where a product
/// within a relative 1e-9 above a whole number counts as that number (bounded.rs), and at
/// least `ceil(m / n)`.
fn cap(epsilon: f64, m: u64, n: u64) -> u64 {
    let exact = (1.0 + epsilon) * m as f64 / n as f64;
    let whole = exact.floor();
    let ceiling = if exact - whole <= 1e-9 * exact.max(1.0) {
        whole
    } else {
        whole + 1.0
    };
    (ceiling as u64).max(m.div_ceil(n))
}

/// Maglev's table of `m` entries over weighted `nodes` (Eisenbud et al. 2016, §3.4), with
/// the choices maglev.rs documents: `offset = h(name) mod M`, `skip = h(name +
/// "#maglev-skip") mod (M − 1) + 1`; node `i` may take its quota of entries, the
/// largest-remainder share of `M` by weight (ties to the lower index); its `k`-th entry is
/// due at `(2k − 1) / (2wᵢ)`, and each turn goes to the node whose next entry is due first
/// (ties to the lower index). With equal weights that is the paper's round-robin.
fn maglev_table(nodes: &[NodeSpec], hash: HashFn, m: u64) -> Vec<NodeIndex> {
    let n = nodes.len();
    let weight: Vec<u64> = nodes.iter().map(|x| u64::from(x.weight)).collect();
    let offset: Vec<u64> = nodes.iter().map(|x| hash.hash_str(&x.name) % m).collect();
    let skip: Vec<u64> = nodes
        .iter()
        .map(|x| hash.hash_str(&format!("{}#maglev-skip", x.name)) % (m - 1) + 1)
        .collect();
    let permutation: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            (0..m)
                .map(|j| ((offset[i] + j * skip[i]) % m) as usize)
                .collect()
        })
        .collect();

    let total: u64 = weight.iter().sum();
    let mut quota: Vec<u64> = weight.iter().map(|w| m * w / total).collect();
    let mut by_remainder: Vec<usize> = (0..n).collect();
    by_remainder.sort_by_key(|&i| (Reverse(m * weight[i] % total), i));
    let left = m - quota.iter().sum::<u64>();
    for &i in by_remainder.iter().take(left as usize) {
        quota[i] += 1;
    }

    // Pseudocode 1, the turn taken by the node due first instead of in a fixed order.
    let mut next = vec![0usize; n];
    let mut entry: Vec<Option<NodeIndex>> = vec![None; m as usize];
    let mut held = vec![0u64; n];
    let mut filled = 0;
    while filled < m {
        let mut turn: Option<usize> = None;
        for i in 0..n {
            if held[i] == quota[i] {
                continue;
            }
            // (2h + 1) / (2wᵢ) against (2hₜ + 1) / (2wₜ), cross-multiplied.
            let sooner = match turn {
                None => true,
                Some(t) => (2 * held[i] + 1) * weight[t] < (2 * held[t] + 1) * weight[i],
            };
            if sooner {
                turn = Some(i);
            }
        }
        let i = turn.expect("the quotas add up to M");
        let mut c = permutation[i][next[i]];
        while entry[c].is_some() {
            next[i] += 1;
            c = permutation[i][next[i]];
        }
        entry[c] = Some(i as NodeIndex);
        next[i] += 1;
        held[i] += 1;
        filled += 1;
    }
    entry
        .into_iter()
        .map(|e| e.expect("the table is full"))
        .collect()
}

/// A slot table's owners as its joins and leaves hand slots over (slots.rs), each step a
/// naive scan.
#[derive(Clone, Debug, PartialEq)]
pub struct HandOver {
    owners: Vec<NodeIndex>,
    nodes: u32,
}

impl HandOver {
    /// Seed 001's deal: slot `i` to node `i % n`.
    pub fn dealt(nodes: u32, slots: u32) -> HandOver {
        HandOver {
            owners: (0..slots).map(|s| s % nodes).collect(),
            nodes,
        }
    }

    /// After `leaver` leaves: each of its slots goes to the owner of the next slot clockwise
    /// (wrapping) it did not own, or, if it owned them all, to the next node in list order;
    /// the nodes after it are renumbered down by one.
    pub fn left(&self, leaver: NodeIndex) -> HandOver {
        let old = &self.owners;
        let len = old.len();
        let owners = (0..len)
            .map(|s| {
                let o = if old[s] == leaver {
                    (1..len)
                        .map(|d| old[(s + d) % len])
                        .find(|&o| o != leaver)
                        .unwrap_or((leaver + 1) % self.nodes)
                } else {
                    old[s]
                };
                if o > leaver {
                    o - 1
                } else {
                    o
                }
            })
            .collect();
        HandOver {
            owners,
            nodes: self.nodes - 1,
        }
    }

    /// After a newcomer joins as node `n`: it takes `floor(slots / (n + 1))` slots, one at a
    /// time from whichever node holds the most at that moment (ties to the lower index),
    /// each donor giving its lowest-numbered slots.
    pub fn joined(&self) -> HandOver {
        let n = self.nodes;
        let mut held = vec![0u32; n as usize];
        for &o in &self.owners {
            held[o as usize] += 1;
        }
        let mut take = vec![0u32; n as usize];
        for _ in 0..self.owners.len() as u32 / (n + 1) {
            let mut most = 0;
            for i in 0..n as usize {
                if held[i] > held[most] {
                    most = i;
                }
            }
            if held[most] == 0 {
                break;
            }
            held[most] -= 1;
            take[most] += 1;
        }
        let mut owners = self.owners.clone();
        for o in &mut owners {
            if take[*o as usize] > 0 {
                take[*o as usize] -= 1;
                *o = n;
            }
        }
        HandOver {
            owners,
            nodes: n + 1,
        }
    }
}
