//! Issue 14's algorithms beside their fastest public peers, on equal work, in one run
//! (memory-bound figures drift between runs on a shared machine, so only ratios taken
//! within one run mean much).
//!
//! Equal work means: the same 64-bit keys (or the same strings, for multi-probe), the same
//! bucket or node count, the same removed buckets, and each side's own hash where the
//! algorithm fixes one. A crate that hashes its key itself is given a pass-through
//! [`Hasher`], so that it looks up the same 64-bit value the core does:
//!
//! - FlipHash: the core's [`FlipHasher`] against `fliphash` 0.1.0's `fliphash_64_with_seed`.
//! - JumpBackHash: the core's [`jumpback_hash`] against jump hash, the function it
//!   replaces: the core's [`jump_hash`] and `jumphash` 0.1.9's `CustomJumpHasher`.
//! - power: the core's [`PowerHasher`] against `power-consistent-hash` 0.1.0's
//!   `PowerConsistentHasher`, each made once per bucket count, outside the loop.
//! - AnchorHash: the core's [`AnchorHash`] against `anchorhash` 0.2.2 (`u16` buckets, so
//!   not at a million; it maps the key's low 32 bits with FNV-1a and Lemire's range map,
//!   and then looks the bucket's resource up in a hash map; the core hashes all 64 bits
//!   with CRC-32C as the authors' C++ does).
//! - AnchorHash, DxHash and MementoHash again, against the authors' C++ ported and built
//!   with `-O3` (the `reference-cpp` crate, x86-64 only; `anchor-cpp`, `dx-cpp`,
//!   `memento-cpp`): the same answers as the core's, checked, each timed as one C++ loop
//!   over the keys that sums the buckets (no call across languages per key, and no
//!   black box per answer: the C++ side is favoured, if anything).
//! - multi-probe: the core's [`MultiProbe`] against `mpchash` 2.0.10 (XXH3 and a lock-free
//!   skip list; its probe count is fixed at 23, so both use 23), on string keys.
//! - DxHash, MementoHash, BinomialHash: no crate; each beside a plain version written
//!   here, the obvious code for the same definition (a hash set of removed buckets for
//!   DxHash, a hash map as the C++ reference keeps for MementoHash, loops instead of bit
//!   tricks for BinomialHash), checked to give the same bucket as the core on every key
//!   before it is timed.
//! - A control: the core's jump hash, FlipHash and MementoHash timed a second time
//!   (`-again`), after their peers, in the same run: how far one function's time moves
//!   between two timings of it, against which a ratio near 1× is read.
//!
//! Bucket counts 10, 1,000 and 1,000,000 (and 16 for the functions of the bucket count). AnchorHash, DxHash and MementoHash run with every
//! bucket working (`full`) and with 30% removed at random (`r30`, the same buckets for
//! core and peer; AnchorHash and DxHash with the capacity equal to the bucket count).
//! One group, `newer_lookup`: 100,000 keys looked up one by one (10,000 strings for
//! multi-probe), each answer black-boxed; divide by the key count for a lookup.
//!
//! `cargo bench -p ring-core --bench newer -- --test` runs each once (a smoke test);
//! `scripts/bench-newer` measures and writes the section of BENCHMARKS.md.
// A benchmark whose structure cannot be built has nothing to measure, and a plain version
// that disagrees with the core measures something else: stopping the run with a message is
// the right outcome, so `expect` and `assert!` are allowed here.
#![allow(clippy::expect_used)]

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::Throughput;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use ring_core::anchor::AnchorHash;
use ring_core::binomial::binomial_hash;
use ring_core::crc32c::crc32q;
use ring_core::dx::DxHash;
use ring_core::fliphash::FlipHasher;
use ring_core::jump::jump_hash;
use ring_core::jumpback::jumpback_hash;
use ring_core::keys::SplitMix64;
use ring_core::memento::MementoHash;
use ring_core::multiprobe::MultiProbe;
use ring_core::power::PowerHasher;

/// 64-bit keys per iteration of a bucket function or engine.
const KEYS: usize = 100_000;

/// String keys per iteration of multi-probe, whose peer takes microseconds a key at a
/// million nodes.
const STRING_KEYS: u64 = 10_000;

/// Bucket and node counts.
const SIZES: [u32; 3] = [10, 1_000, 1_000_000];

/// 10's enclosing power of two, for the functions only: at 10 buckets 6 of every 16 keys
/// land past the last bucket and draw again (at 1,000, 24 of 1,024), so the figure at 16,
/// where none does, says what those draws cost.
const POWER_OF_TWO: u32 = 16;

/// `mpchash`'s fixed probe count (`DEFAULT_PROBE_COUNT`), given to the core too.
const PROBES: u32 = 23;

/// The share of buckets removed in the `r30` cases, in percent.
const REMOVED_PERCENT: u32 = 30;

/// A [`Hasher`] that hands a `u64` through unchanged, so that a crate which hashes its
/// keys looks up the same value the core is given. Other input (never written here) is
/// folded in, so that the hasher stays a hasher.
#[derive(Clone, Copy, Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type PassThroughBuild = BuildHasherDefault<PassThrough>;

fn u64_keys(count: usize, seed: u64) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..count).map(|_| rng.next_u64()).collect()
}

/// `REMOVED_PERCENT` of `0..n` at random (seeded), in the order they are removed; never
/// all of them.
fn removed_buckets(n: u32, seed: u64) -> Vec<u32> {
    let count = (u64::from(n) * u64::from(REMOVED_PERCENT) / 100).min(u64::from(n) - 1) as usize;
    let mut buckets: Vec<u32> = (0..n).collect();
    let mut rng = SplitMix64::new(seed);
    // A partial Fisher-Yates shuffle: the first `count` are a uniform random choice.
    for i in 0..count {
        let j = i + rng.below((buckets.len() - i) as u64) as usize;
        buckets.swap(i, j);
    }
    buckets.truncate(count);
    buckets
}

/// Times `locate` over every key, as one iteration.
fn lookup<K>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    case: &str,
    keys: &[K],
    locate: &dyn Fn(&K) -> u32,
) {
    group.bench_function(BenchmarkId::new(name, case), |b| {
        b.iter(|| {
            for key in keys {
                black_box(locate(black_box(key)));
            }
        })
    });
}

/// Stops the run unless `plain` gives what `core` gives on every key.
fn check_same<K: std::fmt::Debug>(
    what: &str,
    keys: &[K],
    core: &dyn Fn(&K) -> u32,
    plain: &dyn Fn(&K) -> u32,
) {
    for key in keys {
        assert_eq!(
            core(key),
            plain(key),
            "{what}: the plain version disagrees on {key:?}"
        );
    }
}

/// BinomialHash as its definition reads: find the smallest complete tree by doubling,
/// find a position's level by halving, no bit tricks.
fn binomial_plain(key: u64, n: u32) -> u32 {
    if n < 2 {
        return 0;
    }
    let mut size: u64 = 1;
    while size < u64::from(n) {
        size *= 2;
    }
    let enclosing = (size - 1) as u32;
    let minor = enclosing / 2;
    let rehash = |value: u64, seed: u32| {
        let h = 2_862_933_555_777_941_757u64
            .wrapping_mul(value)
            .wrapping_add(1);
        h.wrapping_mul(h).wrapping_mul(u64::from(seed)) >> 32
    };
    let relocate = |bucket: u32, hash: u64| {
        if bucket < 2 {
            return bucket;
        }
        let mut level = 1u32;
        while level < (1 << 31) && level * 2 <= bucket {
            level *= 2;
        }
        level + (rehash(hash, level - 1) as u32 % level)
    };
    let first = relocate(key as u32 & enclosing, key);
    if first < n {
        return first;
    }
    let mut h = key;
    for _ in 0..4 {
        h = rehash(h, enclosing);
        let b = relocate(h as u32 & enclosing, h);
        if b <= minor {
            break;
        }
        if b < n {
            return b;
        }
    }
    relocate(key as u32 & minor, key)
}

/// DxHash as its paper states it: probe the key's pseudo-random sequence until a bucket
/// that is not in the removed set, giving up after `4·A` hashes.
struct DxPlain {
    capacity: u32,
    removed: HashSet<u32>,
}

impl DxPlain {
    fn bucket(&self, key: u64) -> u32 {
        let key = key as u32;
        let key2 = key.wrapping_mul(421_757).wrapping_add(1);
        let mut bs = crc32q(u64::from(key), u64::from(key2));
        let mut hashes = 1u32;
        while self.removed.contains(&(bs % self.capacity)) {
            bs = crc32q(u64::from(bs), u64::from(key2));
            hashes += 1;
            if hashes >= self.capacity.wrapping_mul(4) {
                return u32::MAX;
            }
        }
        bs % self.capacity
    }
}

/// MementoHash with the reference's kind of table, a hash map from a removed bucket to
/// its replacer (the working count right after its removal); removals made as the paper
/// describes them, the last bucket of an empty table only shrinking the b-array.
struct MementoPlain {
    size: u32,
    replacers: HashMap<u32, u32>,
}

impl MementoPlain {
    fn new(n: u32, removed: &[u32]) -> MementoPlain {
        let mut m = MementoPlain {
            size: n,
            replacers: HashMap::new(),
        };
        for &b in removed {
            if m.replacers.is_empty() && b + 1 == m.size {
                m.size -= 1;
            } else {
                let working = m.size - m.replacers.len() as u32;
                m.replacers.insert(b, working - 1);
            }
        }
        m
    }

    fn bucket(&self, key: u64) -> u32 {
        let mut b = jump_hash(u64::from(crc32q(key, 0)), self.size);
        while let Some(&r) = self.replacers.get(&b) {
            b = crc32q(key, u64::from(b)) % r;
            while let Some(&further) = self.replacers.get(&b) {
                if further < r {
                    break;
                }
                b = further;
            }
        }
        b
    }
}

/// The functions of `n` alone: FlipHash, JumpBackHash, power and BinomialHash against
/// their peers and against jump hash.
fn functions(group: &mut BenchmarkGroup<'_, WallTime>, keys: &[u64], n: u32) {
    let case = n.to_string();
    let jumphash = jumphash::CustomJumpHasher::new(PassThrough::default());
    let power_crate =
        power_consistent_hash::PowerConsistentHasher::try_new(n).expect("n is at least 2");
    let top = u64::from(n) - 1;
    // The core's functions return `None` for 0 buckets; the timed closures map that to a
    // value instead of an `expect`, whose panic path the peers' closures do not carry (it
    // cost FlipHash and BinomialHash 5–15% per key here, where a loop that sums the buckets
    // timed the core and the crate within 3% of each other).
    // Each hasher is made once per bucket count, outside the timed loop, as the crate's
    // range `..=top` is.
    let flip_core = FlipHasher::new(n).expect("n is at least 1");
    let core_flip = |&k: &u64| flip_core.bucket(k, 0);
    let power_core = PowerHasher::new(n).expect("n is at least 2");
    let core_power = |&k: &u64| power_core.bucket(k);
    let core_binomial = |&k: &u64| binomial_hash(k, n).unwrap_or(u32::MAX);
    let plain_binomial = |&k: &u64| binomial_plain(k, n);
    check_same("binomial", &keys[..10_000], &core_binomial, &plain_binomial);
    check_same("fliphash", &keys[..10_000], &core_flip, &|&k| {
        fliphash::fliphash_64_with_seed(k, 0, ..=top) as u32
    });

    lookup(group, "jump-core", &case, keys, &|&k| jump_hash(k, n));
    lookup(group, "jumphash", &case, keys, &|k| jumphash.slot(k, n));
    lookup(group, "jumpback-core", &case, keys, &|&k| {
        jumpback_hash(k, n).unwrap_or(u32::MAX)
    });
    lookup(group, "fliphash-core", &case, keys, &core_flip);
    lookup(group, "fliphash-crate", &case, keys, &|&k| {
        fliphash::fliphash_64_with_seed(k, 0, ..=top) as u32
    });
    lookup(group, "power-core", &case, keys, &core_power);
    lookup(group, "power-crate", &case, keys, &|&k| {
        power_crate.hash_u64(k)
    });
    lookup(group, "binomial-core", &case, keys, &core_binomial);
    lookup(group, "binomial-plain", &case, keys, &plain_binomial);
    // The control: the core's jump hash and FlipHash timed again, after their peers, to show
    // how far one function's time moves within a run.
    lookup(group, "jump-core-again", &case, keys, &|&k| jump_hash(k, n));
    lookup(group, "fliphash-core-again", &case, keys, &core_flip);
}

/// The engines that lose any bucket: AnchorHash, DxHash and MementoHash, with every bucket
/// working and with 30% removed.
fn engines(group: &mut BenchmarkGroup<'_, WallTime>, keys: &[u64], n: u32) {
    for (state, removed) in [("full", Vec::new()), ("r30", removed_buckets(n, 5))] {
        let case = format!("{n}-{state}");
        let mut anchor = AnchorHash::new(n, n).expect("a valid anchor");
        let mut dx = DxHash::new(n, n).expect("a valid DxHash");
        let mut memento = MementoHash::new(n).expect("a valid memento");
        for &b in &removed {
            anchor.remove(b).expect("a working bucket");
            dx.remove(b).expect("a working bucket");
            memento.remove(b).expect("a working bucket");
        }
        let dx_plain = DxPlain {
            capacity: n,
            removed: removed.iter().copied().collect(),
        };
        let memento_plain = MementoPlain::new(n, &removed);
        let core_dx = |&k: &u64| dx.bucket(k);
        let core_memento = |&k: &u64| memento.bucket(k, 0);
        check_same("dx", &keys[..10_000], &core_dx, &|&k| dx_plain.bucket(k));
        check_same("memento", &keys[..10_000], &core_memento, &|&k| {
            memento_plain.bucket(k)
        });

        lookup(group, "anchor-core", &case, keys, &|&k| anchor.bucket(k, 0));
        if let Ok(capacity) = u16::try_from(n) {
            // The crate hands bucket b to the b-th resource added; resource b is bucket b.
            let mut crate_anchor = anchorhash::Builder::with_hasher(PassThroughBuild::default())
                .with_resources(0..capacity)
                .build::<u64>(capacity);
            for &b in &removed {
                crate_anchor
                    .remove_resource(&(b as u16))
                    .expect("a resource of the anchor");
            }
            lookup(group, "anchorhash", &case, keys, &|&k| {
                crate_anchor
                    .get_resource(k)
                    .map_or(u32::MAX, |&r| u32::from(r))
            });
        }
        #[cfg(target_arch = "x86_64")]
        cpp_ports(group, &case, keys, n, &removed, &anchor, &dx, &memento);
        lookup(group, "dx-core", &case, keys, &core_dx);
        lookup(group, "dx-plain", &case, keys, &|&k| dx_plain.bucket(k));
        lookup(group, "memento-core", &case, keys, &core_memento);
        lookup(group, "memento-plain", &case, keys, &|&k| {
            memento_plain.bucket(k)
        });
        // The control, as in `functions`.
        lookup(group, "memento-core-again", &case, keys, &core_memento);
    }
}

/// The authors' C++ AnchorHash, DxHash and MementoHash (ported, `-O3`; the
/// `reference-cpp` crate) in the same state as the core's engines, each checked to answer
/// as the core does, then timed over every key in one C++ loop.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)] // one state, three engines, and where to time them
fn cpp_ports(
    group: &mut BenchmarkGroup<'_, WallTime>,
    case: &str,
    keys: &[u64],
    n: u32,
    removed: &[u32],
    anchor: &AnchorHash,
    dx: &DxHash,
    memento: &MementoHash,
) {
    let mut cpp_anchor = reference_cpp::Anchor::new(n, n);
    let mut cpp_dx = reference_cpp::Dx::new(n, n);
    let mut cpp_memento = reference_cpp::Memento::new(n);
    for &b in removed {
        cpp_anchor.remove(b);
        cpp_dx.remove(b);
        cpp_memento.remove(b);
    }
    check_same(
        "anchor (C++)",
        &keys[..10_000],
        &|&k| anchor.bucket(k, 0),
        &|&k| cpp_anchor.bucket(k, 0),
    );
    check_same("dx (C++)", &keys[..10_000], &|&k| dx.bucket(k), &|&k| {
        cpp_dx.bucket(k)
    });
    check_same(
        "memento (C++)",
        &keys[..10_000],
        &|&k| memento.bucket(k, 0),
        &|&k| cpp_memento.bucket(k, 0),
    );
    // Each engine timed as the C++ is, one loop that sums the buckets, so that both sides
    // may overlap consecutive keys' work alike; `lookup`'s call per key through a
    // `black_box` would forbid that to the core only.
    group.bench_function(BenchmarkId::new("anchor-core-sum", case), |b| {
        b.iter(|| sum(black_box(keys), |k| anchor.bucket(k, 0)))
    });
    group.bench_function(BenchmarkId::new("dx-core-sum", case), |b| {
        b.iter(|| sum(black_box(keys), |k| dx.bucket(k)))
    });
    group.bench_function(BenchmarkId::new("memento-core-sum", case), |b| {
        b.iter(|| sum(black_box(keys), |k| memento.bucket(k, 0)))
    });
    group.bench_function(BenchmarkId::new("anchor-cpp", case), |b| {
        b.iter(|| black_box(cpp_anchor.sum(black_box(keys), 0)))
    });
    group.bench_function(BenchmarkId::new("dx-cpp", case), |b| {
        b.iter(|| black_box(cpp_dx.sum(black_box(keys))))
    });
    group.bench_function(BenchmarkId::new("memento-cpp", case), |b| {
        b.iter(|| black_box(cpp_memento.sum(black_box(keys), 0)))
    });
}

/// The sum of `bucket` over `keys`, as the C++ ports' `sum` computes it.
#[cfg(target_arch = "x86_64")]
fn sum(keys: &[u64], bucket: impl Fn(u64) -> u32) -> u64 {
    keys.iter().map(|&k| u64::from(bucket(k))).sum()
}

/// Multi-probe over `n` named nodes, the core against `mpchash`, on string keys.
fn multiprobe(group: &mut BenchmarkGroup<'_, WallTime>, keys: &[String], n: u32) {
    let case = n.to_string();
    let names: Vec<String> = (0..n)
        .map(|i| format!("10.{}.{}.{}:11211", i >> 16, (i >> 8) & 255, i & 255))
        .collect();
    let core = MultiProbe::new(&names, [1, 2], PROBES).expect("a valid node list");
    let peer = mpchash::HashRing::<u32>::new();
    for i in 0..n {
        peer.add(i);
    }
    lookup(group, "multiprobe-core", &case, keys, &|k| {
        core.locate(k) as u32
    });
    lookup(group, "mpchash", &case, keys, &|k| {
        peer.node(k).map_or(u32::MAX, |t| *t.node())
    });
}

fn newer(c: &mut Criterion) {
    let keys = u64_keys(KEYS, 13);
    let strings = ring_core::keys::generate(STRING_KEYS, 17);
    for n in SIZES {
        let mut group = c.benchmark_group("newer_lookup");
        group.sample_size(10);
        group.throughput(Throughput::Elements(KEYS as u64));
        functions(&mut group, &keys, n);
        if n == SIZES[0] {
            functions(&mut group, &keys, POWER_OF_TWO);
        }
        engines(&mut group, &keys, n);
        group.throughput(Throughput::Elements(STRING_KEYS));
        multiprobe(&mut group, &strings, n);
        group.finish();
    }
}

criterion_group!(benches, newer);
criterion_main!(benches);
