//! The one list of the bucket algorithms: consistent hashes of a 64-bit key onto numbered
//! buckets `0..n`, with no node names and no [`crate::Placement`]. Each is described once,
//! in the `bucket_algorithms!` table below, which makes [`BucketAlgo`] and
//! [`BucketAlgo::ALL`]; `ringlab bucket` and `ringlab list buckets` iterate that list.
//!
//! A [`BucketEngine`] is one algorithm set up as `crates/ring-core/tests/data/known-answers.md` defines
//! it ("Newer algorithms"): buckets `0..N` working (AnchorHash and DxHash with a capacity
//! `A`, `N` unless given), the listed buckets removed in order, and a seed (0 unless given)
//! for the algorithms that take one. The stateless functions (jump, JumpBackHash, FlipHash,
//! BinomialHash, power) can only lose their last bucket: removing it leaves the same
//! function of one bucket fewer, and any other removal is refused.
//!
//! ```
//! use ring_core::buckets::{BucketAlgo, BucketEngine};
//!
//! let memento = BucketAlgo::from_id("memento").unwrap();
//! let engine = BucketEngine::new(memento, 10, None, &[3, 7], None).unwrap();
//! assert_eq!(engine.bucket(1), 6); // known-answers.md
//! let jump = BucketEngine::new(BucketAlgo::Jump, 10, None, &[9, 8], None).unwrap();
//! assert_eq!(jump.working_count(), 8);
//! assert!(BucketEngine::new(BucketAlgo::Jump, 10, None, &[3], None).is_err());
//! ```

use std::fmt;

use crate::anchor::{self, AnchorHash};
use crate::bucket_error::BucketError;
use crate::dx::{self, DxHash};
use crate::memento::{self, MementoHash};
use crate::power::PowerHasher;
use crate::trace::Draw;
use crate::{binomial, fliphash, jump, jumpback};

/// Which buckets an algorithm can remove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Only its last bucket, `n − 1`, each time: the algorithm is a function of `n`.
    LastOnly,
    /// Any working bucket, in any order, as long as one stays.
    AnyWorking,
}

impl Removal {
    /// Its name in listings: `last-only` or `any-working`.
    pub fn name(self) -> &'static str {
        match self {
            Removal::LastOnly => "last-only",
            Removal::AnyWorking => "any-working",
        }
    }
}

/// One bucket algorithm, described once.
#[derive(Debug)]
pub struct BucketSpec {
    /// Its name: `ringlab bucket --algo`, listings, tests.
    pub id: &'static str,
    /// What it is, in one line of English.
    pub description: &'static str,
    /// The code it is exact to (repository, file, commit), as known-answers.md names it.
    pub reference: &'static str,
    /// Whether it takes a seed (FlipHash's seed, AnchorHash's `key2`, MementoHash's seed).
    pub seed: bool,
    /// The largest capacity, for an algorithm with a capacity apart from its bucket count
    /// (AnchorHash's and DxHash's `A`); `None` for the others.
    pub max_capacity: Option<u32>,
    /// Which buckets it can remove.
    pub removal: Removal,
    /// The fewest buckets it takes.
    pub min_buckets: u32,
    /// The most buckets it takes.
    pub max_buckets: u32,
}

/// Lists the bucket algorithms once: makes [`BucketAlgo`] with one variant per entry, in
/// listing order, each tied to its [`BucketSpec`].
macro_rules! bucket_algorithms {
    ($($(#[$doc:meta])* $variant:ident => $spec:expr,)*) => {
        /// A bucket algorithm's identity. Its description is [`BucketAlgo::spec`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum BucketAlgo {
            $($(#[$doc])* $variant,)*
        }

        /// The specs, in the order of the variants.
        static SPECS: [BucketSpec; [$(stringify!($variant),)*].len()] = [$($spec,)*];

        impl BucketAlgo {
            /// Every bucket algorithm, in listing order.
            pub const ALL: [BucketAlgo; [$(stringify!($variant),)*].len()] =
                [$(BucketAlgo::$variant,)*];
        }
    };
}

bucket_algorithms! {
    /// Jump consistent hash.
    Jump => BucketSpec {
        id: "jump",
        description: "Jump consistent hash (Lamping and Veach, 2014): O(ln n) steps of a generator seeded by the key",
        reference: "Lamping and Veach's C++ (the paper)",
        seed: false,
        max_capacity: None,
        removal: Removal::LastOnly,
        min_buckets: 1,
        max_buckets: u32::MAX,
    },
    /// JumpBackHash.
    JumpBack => BucketSpec {
        id: "jumpback",
        description: "JumpBackHash (Ertl, 2024): walks back from the top bucket, O(1) expected, no division",
        reference: "dynatrace-oss/hash4j consistent/ConsistentJumpBackBucketHasher.java via ConsistentHashing.jumpBackHashSplitMix64() @41d814f",
        seed: false,
        max_capacity: None,
        removal: Removal::LastOnly,
        min_buckets: 1,
        max_buckets: u32::MAX,
    },
    /// FlipHash.
    FlipHash => BucketSpec {
        id: "fliphash",
        description: "FlipHash (Masson and Lee, 2024): constant time, by flipping bits within powers of two",
        reference: "crate fliphash 0.1.0 (DataDog/fliphash-rs) fliphash_64_with_seed(key, seed, ..=n-1)",
        seed: true,
        max_capacity: None,
        removal: Removal::LastOnly,
        min_buckets: 1,
        max_buckets: u32::MAX,
    },
    /// BinomialHash.
    Binomial => BucketSpec {
        id: "binomial",
        description: "BinomialHash (Coluzzi et al., 2024): a binary tree of buckets filled level by level, constant time",
        reference: "SUPSI-DTI-ISIN/java-consistent-hashing-algorithms BinomialEngine.java @68803f8",
        seed: false,
        max_capacity: None,
        removal: Removal::LastOnly,
        min_buckets: 1,
        max_buckets: u32::MAX,
    },
    /// Power consistent hashing.
    Power => BucketSpec {
        id: "power",
        description: "Power consistent hashing (Leu, 2023): constant expected time, at least 2 buckets",
        reference: "crate power-consistent-hash 0.1.0 PowerConsistentHasher::try_new(n)?.hash_u64(key), x86-64 results",
        seed: false,
        max_capacity: None,
        removal: Removal::LastOnly,
        min_buckets: 2,
        max_buckets: u32::MAX,
    },
    /// AnchorHash.
    Anchor => BucketSpec {
        id: "anchor",
        description: "AnchorHash (Mendelson et al., 2021): a fixed anchor of A buckets, any bucket removable, the seed is key2",
        reference: "anchorhash/cpp-anchorhash AnchorHashQre.cpp @3ef98f0",
        seed: true,
        max_capacity: Some(anchor::MAX_CAPACITY),
        removal: Removal::AnyWorking,
        min_buckets: 1,
        max_buckets: anchor::MAX_CAPACITY,
    },
    /// DxHash.
    Dx => BucketSpec {
        id: "dx",
        description: "DxHash (Dong and Wang, 2021): a pseudo-random probe sequence over A buckets on the key's low 32 bits; 4294967295 if it finds none",
        reference: "ChaosD/DxHash src/DxHash.cpp @acadb66",
        seed: false,
        max_capacity: Some(dx::MAX_CAPACITY),
        removal: Removal::AnyWorking,
        min_buckets: 1,
        max_buckets: dx::MAX_CAPACITY,
    },
    /// MementoHash.
    Memento => BucketSpec {
        id: "memento",
        description: "MementoHash (Coluzzi et al., 2024): jump hash plus a table of the buckets removed",
        reference: "slashdotted/cpp-consistent-hashing-algorithms memento/mementoengine.h getBucketCRC32c @2e53589",
        seed: true,
        max_capacity: None,
        removal: Removal::AnyWorking,
        min_buckets: 1,
        max_buckets: memento::MAX_BUCKETS,
    },
}

impl BucketAlgo {
    /// Its description.
    pub fn spec(self) -> &'static BucketSpec {
        &SPECS[self as usize]
    }

    /// Its name ([`BucketSpec::id`]).
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// What it is, in one line of English.
    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// The code it is exact to.
    pub fn reference(self) -> &'static str {
        self.spec().reference
    }

    /// Whether it takes a seed.
    pub fn takes_seed(self) -> bool {
        self.spec().seed
    }

    /// Whether it takes a capacity apart from its bucket count.
    pub fn takes_capacity(self) -> bool {
        self.spec().max_capacity.is_some()
    }

    /// Which buckets it can remove.
    pub fn removal(self) -> Removal {
        self.spec().removal
    }

    /// The algorithm called `name` (case and surrounding spaces ignored).
    pub fn from_id(name: &str) -> Option<BucketAlgo> {
        let name = name.trim();
        BucketAlgo::ALL
            .into_iter()
            .find(|a| a.id().eq_ignore_ascii_case(name))
    }

    /// Every id, for a message that lists them.
    pub fn ids() -> Vec<&'static str> {
        BucketAlgo::ALL.iter().map(|a| a.id()).collect()
    }
}

impl fmt::Display for BucketAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The same function, keeping every candidate it drew in the list, if there is one (see
/// [`crate::trace`]). The engine looks keys up with this one alone, so that a lookup and
/// its picture are one piece of code.
type TracedFn = fn(u64, u32, u64, &mut Option<&mut Vec<Draw>>) -> Option<u32>;

/// The state of one algorithm: a bucket count for the stateless functions, the engine for
/// the others; with the seed where there is one.
#[derive(Clone, Debug)]
enum State {
    /// A function of the bucket count alone (and the seed, for FlipHash).
    Function {
        traced: TracedFn,
        buckets: u32,
        seed: u64,
    },
    Anchor {
        engine: AnchorHash,
        seed: u64,
    },
    /// Power consistent hashing, with its masks kept (the crate's hasher).
    Power(PowerHasher),
    Dx(DxHash),
    Memento {
        engine: MementoHash,
        seed: u64,
    },
}

/// The bucket count left when `bucket` is removed from `buckets` of a function of the
/// bucket count: only the last, and not below the function's fewest.
fn shrunk(algo: &BucketSpec, buckets: u32, bucket: u32) -> Result<u32, BucketError> {
    let last = buckets - 1;
    if bucket > last {
        Err(BucketError::NotWorking { bucket })
    } else if bucket != last {
        Err(BucketError::NotLast {
            algo: algo.id,
            bucket,
            last,
        })
    } else if last == 0 {
        Err(BucketError::LastWorking { bucket })
    } else if last < algo.min_buckets {
        Err(BucketError::TooFew {
            algo: algo.id,
            bucket,
            min: algo.min_buckets,
        })
    } else {
        Ok(last)
    }
}

/// Jump hash's steps as draws: each bucket the loop stands on, from itself up to the last.
fn jump_traced(key: u64, buckets: u32, _: u64, path: &mut Option<&mut Vec<Draw>>) -> Option<u32> {
    let Some(path) = path else {
        return Some(jump::jump_hash(key, buckets));
    };
    let steps = jump::jump_steps(key, buckets);
    path.extend(steps.iter().map(|&bucket| Draw {
        bucket,
        low: bucket,
        high: buckets - 1,
    }));
    steps.last().copied()
}

/// A bucket algorithm set up with its buckets, removals and seed: what `ringlab bucket`
/// looks keys up in.
#[derive(Clone, Debug)]
pub struct BucketEngine {
    algo: BucketAlgo,
    state: State,
}

impl BucketEngine {
    /// `algo` with buckets `0..buckets` working (for AnchorHash and DxHash, of `capacity`
    /// buckets in all, `buckets` unless given), then the buckets of `removed` removed in
    /// order ([`BucketEngine::remove`]), with `seed` (0 unless given). Refused, in this
    /// order: a seed or a capacity for an algorithm that takes none, a bucket count out of
    /// its range, a capacity the engine refuses, a removal it cannot make.
    pub fn new(
        algo: BucketAlgo,
        buckets: u32,
        capacity: Option<u32>,
        removed: &[u32],
        seed: Option<u64>,
    ) -> Result<BucketEngine, BucketError> {
        let spec = algo.spec();
        if seed.is_some() && !spec.seed {
            return Err(BucketError::NoSeed { algo: spec.id });
        }
        if capacity.is_some() && spec.max_capacity.is_none() {
            return Err(BucketError::NoCapacity { algo: spec.id });
        }
        if !(spec.min_buckets..=spec.max_buckets).contains(&buckets) {
            return Err(BucketError::BucketCount {
                algo: spec.id,
                buckets,
                min: spec.min_buckets,
                max: spec.max_buckets,
            });
        }
        let seed = seed.unwrap_or(0);
        let capacity = capacity.unwrap_or(buckets);
        let function = |traced: TracedFn| State::Function {
            traced,
            buckets,
            seed,
        };
        let state = match algo {
            BucketAlgo::Jump => function(jump_traced),
            BucketAlgo::JumpBack => function(|k, n, _, t| jumpback::jumpback_traced(k, n, t)),
            BucketAlgo::FlipHash => function(|k, n, s, t| fliphash::fliphash_traced(k, n, s, t)),
            BucketAlgo::Binomial => function(|k, n, _, t| binomial::binomial_traced(k, n, t)),
            BucketAlgo::Power => {
                State::Power(PowerHasher::new(buckets).ok_or(BucketError::BucketCount {
                    algo: spec.id,
                    buckets,
                    min: spec.min_buckets,
                    max: spec.max_buckets,
                })?)
            }
            BucketAlgo::Anchor => State::Anchor {
                engine: AnchorHash::new(capacity, buckets)?,
                seed,
            },
            BucketAlgo::Dx => State::Dx(DxHash::new(capacity, buckets)?),
            BucketAlgo::Memento => State::Memento {
                engine: MementoHash::new(buckets)?,
                seed,
            },
        };
        let mut engine = BucketEngine { algo, state };
        for &bucket in removed {
            engine.remove(bucket)?;
        }
        Ok(engine)
    }

    /// Which algorithm it is.
    pub fn algo(&self) -> BucketAlgo {
        self.algo
    }

    /// How many buckets work.
    pub fn working_count(&self) -> u32 {
        match &self.state {
            State::Function { buckets, .. } => *buckets,
            State::Power(hasher) => hasher.buckets(),
            State::Anchor { engine, .. } => engine.working_count(),
            State::Dx(engine) => engine.working_count(),
            State::Memento { engine, .. } => engine.working_count(),
        }
    }

    /// Removes `bucket`: for the stateless functions only the last bucket, and not below
    /// their fewest buckets; for the engines any working bucket but the last working one.
    /// A refusal leaves the engine as it was.
    pub fn remove(&mut self, bucket: u32) -> Result<(), BucketError> {
        let algo = self.algo.spec();
        match &mut self.state {
            State::Function { buckets, .. } => {
                *buckets = shrunk(algo, *buckets, bucket)?;
                Ok(())
            }
            State::Power(hasher) => {
                let left = shrunk(algo, hasher.buckets(), bucket)?;
                // At least `min_buckets` = 2 are left, which the hasher takes.
                *hasher = PowerHasher::new(left).unwrap_or(*hasher);
                Ok(())
            }
            State::Anchor { engine, .. } => engine.remove(bucket),
            State::Dx(engine) => engine.remove(bucket),
            State::Memento { engine, .. } => engine.remove(bucket),
        }
    }

    /// A bucket works again: for the stateless functions a new last bucket `n`; for the
    /// engines the last one removed (AnchorHash's and DxHash's spare buckets count as
    /// removed), or for MementoHash with nothing removed a new bucket `n`. Returns it.
    /// Refused when there is no bucket to add; the engine stays as it was.
    pub fn restore(&mut self) -> Result<u32, BucketError> {
        let algo = self.algo.spec();
        match &mut self.state {
            State::Function { buckets, .. } => {
                if *buckets >= algo.max_buckets {
                    return Err(BucketError::Full { size: *buckets });
                }
                *buckets += 1;
                Ok(*buckets - 1)
            }
            State::Power(hasher) => {
                let n = hasher.buckets();
                if n >= algo.max_buckets {
                    return Err(BucketError::Full { size: n });
                }
                *hasher = PowerHasher::new(n + 1).unwrap_or(*hasher);
                Ok(n)
            }
            State::Anchor { engine, .. } => engine.restore(),
            State::Dx(engine) => engine.restore(),
            State::Memento { engine, .. } => engine.restore(),
        }
    }

    /// How many bucket numbers there are, working or not: `0..span`.
    pub fn span(&self) -> u32 {
        match &self.state {
            State::Function { buckets, .. } => *buckets,
            State::Power(hasher) => hasher.buckets(),
            State::Anchor { engine, .. } => engine.capacity(),
            State::Dx(engine) => engine.capacity(),
            State::Memento { engine, .. } => engine.b_array_size(),
        }
    }

    /// Whether `bucket` works.
    pub fn is_working(&self, bucket: u32) -> bool {
        match &self.state {
            State::Function { buckets, .. } => bucket < *buckets,
            State::Power(hasher) => bucket < hasher.buckets(),
            State::Anchor { engine, .. } => engine.is_working(bucket),
            State::Dx(engine) => engine.is_working(bucket),
            State::Memento { engine, .. } => engine.is_working(bucket),
        }
    }

    /// The removed buckets below [`BucketEngine::span`], first removed first (the next
    /// [`BucketEngine::restore`] takes the last); none for the stateless functions.
    pub fn removed(&self) -> Vec<u32> {
        match &self.state {
            State::Function { .. } | State::Power(_) => Vec::new(),
            State::Anchor { engine, .. } => engine.removed().to_vec(),
            State::Dx(engine) => engine.removed().to_vec(),
            State::Memento { engine, .. } => engine.removed(),
        }
    }

    /// Bytes the algorithm keeps: none for the stateless functions.
    pub fn memory_bytes(&self) -> u64 {
        match &self.state {
            State::Function { .. } | State::Power(_) => 0,
            State::Anchor { engine, .. } => engine.memory_bytes(),
            State::Dx(engine) => engine.memory_bytes(),
            State::Memento { engine, .. } => engine.memory_bytes(),
        }
    }

    /// The bucket of `key`, as the algorithm's reference computes it for the u64 key its
    /// lookup receives (known-answers.md). DxHash answers [`dx::NOT_FOUND`] when its probes
    /// run out, as its reference does.
    pub fn bucket(&self, key: u64) -> u32 {
        self.lookup(key, &mut None)
    }

    /// [`BucketEngine::bucket`] and every candidate the lookup drew, in order (see
    /// [`crate::trace`]).
    pub fn bucket_path(&self, key: u64) -> (u32, Vec<Draw>) {
        let mut path = Vec::new();
        let bucket = self.lookup(key, &mut Some(&mut path));
        (bucket, path)
    }

    /// The lookup, telling `path` (if any) every candidate.
    fn lookup(&self, key: u64, path: &mut Option<&mut Vec<Draw>>) -> u32 {
        match &self.state {
            // The bucket count is in the function's range (checked when built and on each
            // removal), so it gives a bucket; 0 stands in for the None it cannot return.
            State::Function {
                traced,
                buckets,
                seed,
            } => traced(key, *buckets, *seed, path).unwrap_or(0),
            State::Power(hasher) => hasher.bucket_traced(key, path),
            State::Anchor { engine, seed } => engine.bucket_traced(key, *seed, path),
            State::Dx(engine) => engine.lookup_traced(key as u32, path).0,
            State::Memento { engine, seed } => engine.bucket_traced(key, *seed, path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each variant's place in [`BucketAlgo::ALL`], written out by hand: the match is
    /// exhaustive, so a variant missing here does not compile.
    fn place(a: BucketAlgo) -> usize {
        match a {
            BucketAlgo::Jump => 0,
            BucketAlgo::JumpBack => 1,
            BucketAlgo::FlipHash => 2,
            BucketAlgo::Binomial => 3,
            BucketAlgo::Power => 4,
            BucketAlgo::Anchor => 5,
            BucketAlgo::Dx => 6,
            BucketAlgo::Memento => 7,
        }
    }

    #[test]
    fn all_lists_each_algorithm_once_with_a_unique_id() {
        assert_eq!(BucketAlgo::ALL.len(), 8);
        for (i, a) in BucketAlgo::ALL.into_iter().enumerate() {
            assert_eq!(place(a), i, "{a}");
            assert_eq!(BucketAlgo::from_id(a.id()), Some(a));
            assert_eq!(BucketAlgo::from_id(&a.id().to_uppercase()), Some(a));
            assert!(!a.description().is_empty() && !a.reference().is_empty());
            let spec = a.spec();
            assert!(spec.min_buckets >= 1 && spec.min_buckets <= spec.max_buckets);
            if let Some(max) = spec.max_capacity {
                assert_eq!(max, spec.max_buckets, "{a}");
            }
        }
        let mut ids = BucketAlgo::ids();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), BucketAlgo::ALL.len());
        assert_eq!(
            BucketAlgo::ids(),
            ["jump", "jumpback", "fliphash", "binomial", "power", "anchor", "dx", "memento"]
        );
        assert_eq!(BucketAlgo::from_id("ring"), None);
    }

    fn keys() -> Vec<u64> {
        let mut keys: Vec<u64> = (0..300u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i << 7))
            .collect();
        keys.extend([0, 1, 42, u64::MAX, 10427592028180905159]);
        keys
    }

    /// What the algorithm's own function or engine answers for `buckets` working and the
    /// removals, set up directly.
    fn direct(a: BucketAlgo, buckets: u32, capacity: u32, removed: &[u32], seed: u64) -> Vec<u32> {
        let keys = keys();
        let left = buckets - removed.len() as u32;
        match a {
            BucketAlgo::Jump => keys.iter().map(|&k| jump::jump_hash(k, left)).collect(),
            BucketAlgo::JumpBack => keys
                .iter()
                .map(|&k| jumpback::jumpback_hash(k, left).unwrap())
                .collect(),
            BucketAlgo::FlipHash => keys
                .iter()
                .map(|&k| fliphash::fliphash(k, left, seed).unwrap())
                .collect(),
            BucketAlgo::Binomial => keys
                .iter()
                .map(|&k| binomial::binomial_hash(k, left).unwrap())
                .collect(),
            BucketAlgo::Power => keys
                .iter()
                .map(|&k| crate::power::power_hash(k, left).unwrap())
                .collect(),
            BucketAlgo::Anchor => {
                let mut e = AnchorHash::new(capacity, buckets).unwrap();
                removed.iter().for_each(|&b| e.remove(b).unwrap());
                keys.iter().map(|&k| e.bucket(k, seed)).collect()
            }
            BucketAlgo::Dx => {
                let mut e = DxHash::new(capacity, buckets).unwrap();
                removed.iter().for_each(|&b| e.remove(b).unwrap());
                keys.iter().map(|&k| e.bucket(k)).collect()
            }
            BucketAlgo::Memento => {
                let mut e = MementoHash::new(buckets).unwrap();
                removed.iter().for_each(|&b| e.remove(b).unwrap());
                keys.iter().map(|&k| e.bucket(k, seed)).collect()
            }
        }
    }

    #[test]
    fn each_engine_answers_as_its_function_or_engine_directly() {
        for a in BucketAlgo::ALL {
            let seed = a.takes_seed().then_some(12345);
            let capacity = a.takes_capacity().then_some(1500);
            let removals: &[&[u32]] = match a.removal() {
                Removal::LastOnly => &[&[], &[999], &[999, 998, 997]],
                Removal::AnyWorking => &[&[], &[0, 999, 500], &[999, 998]],
            };
            for &removed in removals {
                for buckets in [2u32, 3, 10, 1000] {
                    if removed.iter().any(|&b| b >= buckets) {
                        continue;
                    }
                    let engine = BucketEngine::new(a, buckets, capacity, removed, seed)
                        .unwrap_or_else(|e| panic!("{a} {buckets} {removed:?}: {e}"));
                    assert_eq!(engine.algo(), a);
                    assert_eq!(engine.working_count(), buckets - removed.len() as u32);
                    let got: Vec<u32> = keys().iter().map(|&k| engine.bucket(k)).collect();
                    let want = direct(
                        a,
                        buckets,
                        capacity.unwrap_or(buckets),
                        removed,
                        seed.unwrap_or(0),
                    );
                    assert_eq!(got, want, "{a} {buckets} {removed:?}");
                }
            }
        }
    }

    #[test]
    fn flags_an_algorithm_has_not_and_impossible_removals_are_refused() {
        use BucketError as E;
        let new = BucketEngine::new;
        for a in BucketAlgo::ALL {
            let spec = a.spec();
            let id = spec.id;
            assert_eq!(
                new(a, 10, None, &[], Some(1)).err(),
                (!spec.seed).then_some(E::NoSeed { algo: id })
            );
            if spec.max_capacity.is_none() {
                assert_eq!(
                    new(a, 10, Some(10), &[], None).err(),
                    Some(E::NoCapacity { algo: id })
                );
            } else {
                assert!(matches!(
                    new(a, 10, Some(9), &[], None),
                    Err(E::BadSize { .. })
                ));
            }
            for buckets in 0..spec.min_buckets {
                assert!(matches!(
                    new(a, buckets, None, &[], None),
                    Err(E::BucketCount { .. })
                ));
            }
            if spec.max_buckets < u32::MAX {
                assert!(matches!(
                    new(a, spec.max_buckets + 1, None, &[], None),
                    Err(E::BucketCount { .. })
                ));
            }
            assert_eq!(
                new(a, 10, None, &[10], None).err(),
                Some(E::NotWorking { bucket: 10 })
            );
            assert_eq!(
                new(a, 10, None, &[3, 3], None).err(),
                match spec.removal {
                    Removal::LastOnly => Some(E::NotLast {
                        algo: id,
                        bucket: 3,
                        last: 9
                    }),
                    Removal::AnyWorking => Some(E::NotWorking { bucket: 3 }),
                }
            );
        }
        assert_eq!(
            new(BucketAlgo::Jump, 1, None, &[0], None).err(),
            Some(E::LastWorking { bucket: 0 })
        );
        assert_eq!(
            new(BucketAlgo::Power, 3, None, &[2, 1], None).err(),
            Some(E::TooFew {
                algo: "power",
                bucket: 1,
                min: 2
            })
        );
        assert_eq!(
            new(BucketAlgo::Memento, 2, None, &[0, 1], None).err(),
            Some(E::LastWorking { bucket: 1 })
        );
    }

    /// The algorithms that lose only their last bucket: one set of growth properties for
    /// all of them, by the registry, so that a new one is checked without a copy of these.
    mod last_only {
        use super::super::*;
        use crate::keys::SplitMix64;
        use proptest::prelude::*;

        fn family() -> impl Iterator<Item = BucketAlgo> {
            BucketAlgo::ALL
                .into_iter()
                .filter(|a| a.removal() == Removal::LastOnly)
        }

        fn bucket(algo: BucketAlgo, key: u64, n: u32, seed: u64) -> u32 {
            let seed = algo.takes_seed().then_some(seed);
            BucketEngine::new(algo, n, None, &[], seed)
                .unwrap()
                .bucket(key)
        }

        #[test]
        fn roughly_uniform_over_many_keys() {
            for a in family() {
                // Expected 10_000 per bucket; 5 standard deviations is about ±475.
                let mut counts = [0u32; 10];
                let mut rng = SplitMix64::new(3);
                for _ in 0..100_000 {
                    counts[bucket(a, rng.next_u64(), 10, 0) as usize] += 1;
                }
                for c in counts {
                    assert!((9_500..=10_500).contains(&c), "{a}: {counts:?}");
                }
            }
        }

        #[test]
        fn growing_one_bucket_at_a_time_moves_keys_only_to_the_new_one() {
            for a in family() {
                let min = a.spec().min_buckets;
                let mut rng = SplitMix64::new(14);
                for _ in 0..200 {
                    let (key, seed) = (rng.next_u64(), rng.next_u64());
                    let mut before = bucket(a, key, min, seed);
                    for n in min + 1..=3000 {
                        let after = bucket(a, key, n, seed);
                        assert!(
                            after == before || after == n - 1,
                            "{a} {key}: {before} -> {after}"
                        );
                        before = after;
                    }
                }
            }
        }

        proptest! {
            #[test]
            fn a_new_last_bucket_takes_keys_only_for_itself(
                key in any::<u64>(), seed in any::<u64>(), n in 1u32..u32::MAX
            ) {
                for a in family() {
                    let n = n.max(a.spec().min_buckets);
                    let before = bucket(a, key, n, seed);
                    let after = bucket(a, key, n + 1, seed);
                    prop_assert!(before < n && after <= n, "{}", a);
                    prop_assert!(after == before || after == n, "{a}: {before} -> {after} with n = {n}");
                }
            }

            #[test]
            fn consistent_over_ranges(
                key in any::<u64>(), seed in any::<u64>(), x in 1u32..=u32::MAX, y in 1u32..=u32::MAX
            ) {
                for a in family() {
                    let min = a.spec().min_buckets;
                    let (small, large) = (x.min(y).max(min), x.max(y).max(min));
                    let in_small = bucket(a, key, small, seed);
                    let in_large = bucket(a, key, large, seed);
                    prop_assert!(in_large < large, "{}", a);
                    prop_assert!(in_large == in_small || in_large >= small, "{}", a);
                }
            }
        }
    }
}
