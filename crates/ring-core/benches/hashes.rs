//! The standard hashes ring-core takes from crates (issue 31), each timed through the
//! core's public function (`core`) against the hand-written code it replaced (`before`,
//! kept in `hashes/before.rs` for this comparison only), and, where the choice of crate was
//! measured, against the crates not chosen: `sha1_smol` beside RustCrypto's `sha1`,
//! `twox-hash` beside `xxhash-rust`, the `murmur3` crate (whose `io::Read` API the core
//! used to be checked with) and `fastmurmur3` beside `mur3`, and, for `crc32q`, the
//! `crc32c` crate's hardware path and the `crc` crate's byte table beside the slicing by 8
//! the core does itself (issue 33).
//!
//! Keys are the lengths a ring hashes: 8 bytes (a short key or a 64-bit id), 16 (a node
//! name with its replica number, `10.0.0.1:11211-7`) and 40 (a long key). Each iteration
//! hashes the same 1,024 distinct keys of one length, one by one, each answer black-boxed;
//! criterion's figure divided by 1,024 is one hash. The two sides are checked to give the
//! same answer on every key before either is timed. `crc32q` (AnchorHash's hash of two
//! 64-bit words) takes 1,024 key and seed pairs instead.
//!
//! `cargo bench -p ring-core --bench hashes -- --test` runs each once (a smoke test);
//! `scripts/bench` measures and writes the "Hashes" section of BENCHMARKS.md.
// A side that disagrees with the other measures something else: stopping the run with a
// message is the right outcome, so `assert!` is used and `expect` is allowed here.
#![allow(clippy::expect_used)]

#[path = "hashes/before.rs"]
mod before;

use std::hint::black_box;
use std::io::Cursor;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use ring_core::keys::SplitMix64;
use ring_core::{crc32c, hash, sha1, siphash, slots, xxh64};

/// Distinct keys per iteration.
const KEYS: usize = 1_024;

/// Key lengths in bytes.
const LENGTHS: [usize; 3] = [8, 16, 40];

/// `KEYS` keys of `len` bytes: `user:<n>:` and lowercase letters, cut to `len`.
fn keys_of(len: usize) -> Vec<Vec<u8>> {
    let mut rng = SplitMix64::new(len as u64);
    (0..KEYS)
        .map(|i| {
            let mut key = format!("user:{i}:").into_bytes();
            while key.len() < len {
                key.push(b'a' + rng.below(26) as u8);
            }
            key.truncate(len);
            key
        })
        .collect()
}

/// Times each side (`"name" => function of a key's bytes`) on every key length in the
/// group `hashes_<hash>`, after checking that every side gives the first side's answers.
/// A macro rather than a function over a slice of sides: each side keeps its own closure
/// type, so each is inlined into its timing loop as the core's callers inline it.
macro_rules! compare {
    ($c:expr, $hash:literal, $($name:literal => $f:expr),+ $(,)?) => {{
        let mut group = $c.benchmark_group(concat!("hashes_", $hash));
        group.throughput(Throughput::Elements(KEYS as u64));
        for len in LENGTHS {
            let keys = keys_of(len);
            for key in &keys {
                let answers = [$((($name), format!("{:?}", ($f)(key.as_slice())))),+];
                for (name, answer) in &answers[1..] {
                    assert_eq!(answer, &answers[0].1, "{}: {name} and {} disagree on {key:?}",
                        $hash, answers[0].0);
                }
            }
            $(time(&mut group, $name, len, &keys, |key: &Vec<u8>| ($f)(key.as_slice()));)+
        }
        group.finish();
    }};
}

fn time<K, T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    len: usize,
    keys: &[K],
    f: impl Fn(&K) -> T,
) {
    group.bench_function(BenchmarkId::new(name, len), |b| {
        b.iter(|| {
            for key in keys {
                black_box(f(black_box(key)));
            }
        })
    });
}

fn hashes(c: &mut Criterion) {
    compare!(c, "md5",
        "before" => before::md5_le32,
        "core" => hash::md5_le32,
    );
    compare!(c, "sha1",
        "before" => before::sha1,
        "core" => sha1::sha1,
        "sha1_smol" => |data: &[u8]| sha1_smol::Sha1::from(data).digest().bytes(),
    );
    compare!(c, "xxh64",
        "before" => |data| before::xxh64(data, 0),
        "core" => |data| xxh64::xxh64(data, 0),
        "twox-hash" => |data| twox_hash::XxHash64::oneshot(0, data),
    );
    compare!(c, "siphash",
        "before" => |data| before::siphash24(7, 0, data),
        "core" => |data| siphash::siphash24(7, 0, data),
    );
    compare!(c, "crc32",
        "before" => before::crc32,
        "core" => hash::crc32,
    );
    compare!(c, "crc32c",
        "before" => before::crc32c,
        "core" => crc32c::crc32c,
    );
    compare!(c, "crc16",
        "before" => before::crc16_xmodem,
        "core" => slots::crc16_xmodem,
    );
    compare!(c, "murmur3-128",
        "before" => |data| before::murmur3_x64_128(data, 0),
        "core" => |data| hash::murmur3_x64_128(data, 0),
        "murmur3" => |data| {
            let both = murmur3::murmur3_x64_128(&mut Cursor::new(data), 0)
                .expect("reading a slice cannot fail");
            (both as u64, (both >> 64) as u64)
        },
        "mur3" => |data| mur3::murmurhash3_x64_128(data, 0),
        "fastmurmur3" => |data| {
            let both = fastmurmur3::murmur3_x64_128(data, 0);
            (both as u64, (both >> 64) as u64)
        },
    );
    compare!(c, "murmur3-32",
        "before" => |data| before::murmur3_x86_32(data, 0),
        "core" => |data| hash::murmur3_x86_32(data, 0),
        "murmur3" => |data| {
            murmur3::murmur3_32(&mut Cursor::new(data), 0).expect("reading a slice cannot fail")
        },
        "mur3" => |data| mur3::murmurhash3_x86_32(data, 0),
    );
    crc32q(c);
}

/// AnchorHash's, DxHash's and MementoHash's hash of two 64-bit words.
fn crc32q(c: &mut Criterion) {
    let mut rng = SplitMix64::new(32);
    let pairs: Vec<(u64, u64)> = (0..KEYS)
        .map(|_| (rng.next_u64(), rng.next_u64()))
        .collect();
    // The crc32c crate's form of the same value: its dispatch to the instruction.
    let by_crc32c_crate =
        |&(key, seed): &(u64, u64)| !crc32c::crc32c_append(!(seed as u32), &key.to_le_bytes());
    // The `crc` crate's byte table, which the core called before slicing by 8.
    let iscsi = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI);
    let by_crc_table = |&(key, seed): &(u64, u64)| {
        let mut digest = iscsi.digest_with_initial((seed as u32).reverse_bits());
        digest.update(&key.to_le_bytes());
        !digest.finalize()
    };
    for pair @ &(key, seed) in &pairs {
        assert_eq!(crc32c::crc32q(key, seed), by_crc_table(pair));
        assert_eq!(crc32c::crc32q(key, seed), before::crc32q(key, seed));
        assert_eq!(crc32c::crc32q(key, seed), by_crc32c_crate(pair));
        assert_eq!(crc32c::crc32q(key, seed), crc32c::crc32q_sliced(key, seed));
    }
    let mut group = c.benchmark_group("hashes_crc32q");
    group.throughput(Throughput::Elements(KEYS as u64));
    time(&mut group, "before", 8, &pairs, |&(k, s)| {
        before::crc32q(k, s)
    });
    time(&mut group, "core", 8, &pairs, |&(k, s)| {
        crc32c::crc32q(k, s)
    });
    // The tables the core uses where the build has no SSE4.2 (wasm32).
    time(&mut group, "core-sliced", 8, &pairs, |&(k, s)| {
        crc32c::crc32q_sliced(k, s)
    });
    time(&mut group, "crc32c", 8, &pairs, by_crc32c_crate);
    time(&mut group, "crc", 8, &pairs, by_crc_table);
    group.finish();
}

criterion_group!(benches, hashes);
criterion_main!(benches);
