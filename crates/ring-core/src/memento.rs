//! MementoHash (Coluzzi, Brocco, Antonucci and Leidi, "MementoHash: A Stateful, Minimal
//! Memory, Best Performing Consistent Hash Algorithm", IEEE/ACM ToN 2024), exact to
//! `MementoEngine::getBucketCRC32c`: slashdotted/cpp-consistent-hashing-algorithms,
//! `memento/mementoengine.h` and `memento/memento.h` @2e53589, constructed as
//! `MementoEngine(_, N)`.
//!
//! - **What it is:** jump consistent hash over a *b-array* of `n` buckets, plus a
//!   replacement table that remembers, for each bucket removed from the middle, its
//!   *replacer*: the working count right after its removal, which is also the bucket that
//!   took its place, and the bucket removed before it.
//! - **Lookup** ([`MementoHash::bucket`]): `b = jump(crc32q(key, seed), n)`
//!   ([`jump_hash`], the same loop as the reference's `JumpConsistentHash` for `n >= 1`);
//!   while `b` has a replacer `r`: `b = crc32q(key, b) % r`, then follow the replacers of
//!   `b` while they are `>= r`, and go on with the replacer found (or stop at a working
//!   bucket). Cost: jump's `O(ln n)`, then about `ln(n/w)` rehashes for `w` working of
//!   `n`, each a table lookup.
//! - **Memory:** three `u32` for the engine, and one table entry per bucket removed from
//!   the middle: 12 bytes of data, kept in a hash table as the reference's
//!   `unordered_map` (`Table`: `std`'s `HashMap`, at most 7/8 full, so at least 14
//!   bytes an entry with its control byte; the same on every target).
//! - **Removal:** any working bucket ([`MementoHash::remove`], `removeBucket`). Removing
//!   the last bucket of the b-array while the table is empty only shrinks `n`, as jump
//!   hash does; any other removal is remembered in the table. Only the removed bucket's
//!   keys move. [`MementoHash::restore`] (`addBucket`) brings back the last removed bucket,
//!   and with it the mapping from before; with nothing remembered it grows `n` by one.
//!   The reference checks nothing (removing a bucket twice, or one outside the b-array,
//!   corrupts its state; removing the last working one makes a later lookup divide by
//!   zero); here those are refused ([`BucketError`]) and leave the state unchanged.

use std::collections::HashMap;

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::trace::Tracer;

use crate::bucket_error::BucketError;
use crate::crc32c::crc32q;
use crate::jump::jump_hash;

/// The largest b-array: the reference keeps sizes and replacers in `int32_t`.
pub const MAX_BUCKETS: u32 = i32::MAX as u32;

/// What the table remembers of a removed bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// The working count right after the removal, and the bucket that replaced it.
    replacer: u32,
    /// The bucket removed before this one (the b-array size if none was).
    prev_removed: u32,
}

/// The replacement table, removed bucket → [`Entry`]: `std`'s `HashMap`, hashed by
/// `foldhash` with a fixed seed (the same table on every target and in every run). Its
/// control bytes, one a slot, tell a bucket absent without reading the entries, and an
/// empty map is not hashed at all: at a million buckets with 30% removed most lookups end
/// on a working bucket, and the core's own open addressing, which had to read an 8-byte
/// slot to say so, was 0.89-0.97× a `HashMap` with SipHash on an Intel Xeon
/// (`benches/newer.rs`, `memento-core` against `memento-plain`, `1000000-r30`).
type Table = HashMap<u32, Entry, foldhash::fast::FixedState>;

/// A MementoHash engine: the b-array size, the replacement table, the last removed bucket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MementoHash {
    table: Table,
    b_array_size: u32,
    last_removed: u32,
}

impl MementoHash {
    /// `MementoEngine(_, buckets)`: buckets `0..buckets` work. Refused unless
    /// `1 <= buckets <= MAX_BUCKETS`.
    ///
    /// ```
    /// use ring_core::memento::MementoHash;
    ///
    /// let mut memento = MementoHash::new(10).unwrap();
    /// memento.remove(3).unwrap();
    /// memento.remove(7).unwrap();
    /// assert_eq!(memento.bucket(1, 0), 6); // crates/ring-core/tests/data/known-answers.md
    /// assert_eq!(memento.restore(), Ok(7));
    /// ```
    pub fn new(buckets: u32) -> Result<Self, BucketError> {
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(BucketError::BadSize {
                capacity: buckets,
                working: buckets,
                max: MAX_BUCKETS,
            });
        }
        Ok(MementoHash {
            table: Table::default(),
            b_array_size: buckets,
            last_removed: buckets,
        })
    }

    /// The b-array size `n`: the buckets are `0..n`, some of them removed.
    pub fn b_array_size(&self) -> u32 {
        self.b_array_size
    }

    /// The number of working buckets (`size()` in the reference).
    pub fn working_count(&self) -> u32 {
        // The table holds only buckets below the b-array size, at most n − 1 of them.
        self.b_array_size - self.table.len() as u32
    }

    /// Whether `bucket` is a working bucket.
    pub fn is_working(&self, bucket: u32) -> bool {
        bucket < self.b_array_size && !self.table.contains_key(&bucket)
    }

    /// The buckets the table remembers, with their replacers, in bucket order.
    pub fn replacements(&self) -> Vec<(u32, u32)> {
        let mut pairs: Vec<(u32, u32)> = self.table.iter().map(|(&b, e)| (b, e.replacer)).collect();
        pairs.sort_unstable();
        pairs
    }

    /// The buckets the table remembers, first removed first; [`MementoHash::restore`]
    /// takes the last.
    pub fn removed(&self) -> Vec<u32> {
        let mut order = Vec::with_capacity(self.table.len());
        let mut bucket = self.last_removed;
        while let Some(entry) = self.table.get(&bucket) {
            order.push(bucket);
            bucket = entry.prev_removed;
        }
        order.reverse();
        order
    }

    /// Bytes of the engine and its table (13 bytes a slot, at least 8/7 as many slots as
    /// entries).
    pub fn memory_bytes(&self) -> u64 {
        // The slots a table of this capacity has: a power of two, at most 7/8 full; below
        // 8, one more slot than the capacity.
        let capacity = self.table.capacity() as u64;
        let slots = if capacity < 8 {
            capacity + u64::from(capacity > 0)
        } else {
            capacity / 7 * 8
        };
        12 + 13 * slots
    }

    /// The replacer of `bucket`, if the table holds it: what a lookup reads.
    #[inline]
    fn replacer(&self, bucket: u32) -> Option<u32> {
        self.table.get(&bucket).map(|e| e.replacer)
    }

    /// `getBucketCRC32c(key, seed)`: the working bucket of the key.
    #[inline]
    pub fn bucket(&self, key: u64, seed: u64) -> u32 {
        self.bucket_traced(key, seed, &mut ())
    }

    /// [`MementoHash::bucket`], telling `tracer` each bucket of the replacement chain: jump
    /// hash's answer in `0..n`, then each rehash into `0..r` (the buckets that worked when
    /// the bucket was removed) and each replacer followed.
    pub fn bucket_traced(&self, key: u64, seed: u64, tracer: &mut impl Tracer) -> u32 {
        let hash = crc32q(key, seed);
        let mut b = jump_hash(u64::from(hash), self.b_array_size);
        tracer.draw(b, 0, self.b_array_size.saturating_sub(1));
        let mut replacer = self.replacer(b);
        while let Some(r) = replacer {
            // A replacer is a working count after a removal that left one or more.
            b = crc32q(key, u64::from(b)) % r;
            tracer.draw(b, 0, r - 1);
            let mut next = self.replacer(b);
            while let Some(further) = next.filter(|&x| x >= r) {
                b = further;
                tracer.draw(b, b, b);
                next = self.replacer(b);
            }
            replacer = next;
        }
        b
    }

    /// `removeBucket(bucket)`: the bucket stops working; only its keys move. Refused if it
    /// is not working or is the last one.
    pub fn remove(&mut self, bucket: u32) -> Result<(), BucketError> {
        if !self.is_working(bucket) {
            return Err(BucketError::NotWorking { bucket });
        }
        if self.working_count() == 1 {
            return Err(BucketError::LastWorking { bucket });
        }
        if self.last_removed == self.b_array_size && bucket == self.b_array_size - 1 {
            self.b_array_size = bucket;
            self.last_removed = bucket;
            return Ok(());
        }
        let entry = Entry {
            replacer: self.working_count() - 1,
            prev_removed: self.last_removed,
        };
        // The bucket is working, so not in the table yet.
        self.table.insert(bucket, entry);
        self.last_removed = bucket;
        Ok(())
    }

    /// `addBucket()`: the last removed bucket works again and takes back its keys; with
    /// nothing in the table, bucket `n` is added. Returns the bucket; refused only when
    /// `n` is already [`MAX_BUCKETS`] and nothing is remembered.
    pub fn restore(&mut self) -> Result<u32, BucketError> {
        let bucket = self.last_removed;
        if self.table.is_empty() {
            if self.b_array_size >= MAX_BUCKETS {
                return Err(BucketError::Full {
                    size: self.b_array_size,
                });
            }
            // With an empty table the last removed bucket is n itself.
            self.last_removed = bucket + 1;
        } else {
            // The last removed bucket is always in a non-empty table.
            let entry = self
                .table
                .remove(&bucket)
                .ok_or(BucketError::NothingRemoved)?;
            self.last_removed = entry.prev_removed;
        }
        self.b_array_size = self.b_array_size.max(bucket + 1);
        Ok(bucket)
    }
}

/// `memento` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[bucket_placement::seed("memento-seed")],
    ..AlgoSpec::plain("memento", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "MementoHash over the nodes as buckets: jump hash plus a table of the removed ones",
    source: "slashdotted/cpp-consistent-hashing-algorithms memento/mementoengine.h getBucketCRC32c @2e53589",
    params: &["the seed"],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(
        AlgoId::Memento,
        BucketAlgo::Memento,
        config,
        nodes,
        None,
        Some(0),
    )
}

impl Algorithm {
    /// MementoHash with seed 0.
    pub fn memento() -> Algorithm {
        Algorithm::new(AlgoId::Memento)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn with_removed(buckets: u32, removed: &[u32]) -> MementoHash {
        let mut m = MementoHash::new(buckets).unwrap();
        for &b in removed {
            m.remove(b).unwrap();
        }
        m
    }

    #[test]
    fn memory_counts_the_slots_of_the_removed_buckets() {
        assert_eq!(MementoHash::new(1000).unwrap().memory_bytes(), 12);
        let removed: Vec<u32> = (0..100).map(|i| 3 * i).collect();
        let bytes = with_removed(1000, &removed).memory_bytes();
        // 100 entries need at least 115 slots (7/8 full), and a power of two is 128 or 256.
        assert!(bytes == 12 + 13 * 128 || bytes == 12 + 13 * 256, "{bytes}");
        assert_eq!(with_removed(1000, &[4]).memory_bytes(), 12 + 13 * 4);
    }

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms": the key and the seed.
        let m = with_removed(10, &[3, 7]);
        assert_eq!(m.bucket(1, 0), 6);
        assert_eq!(m.bucket(u64::MAX, 0), 8);
        let m = with_removed(10, &[9, 8]);
        assert_eq!(m.bucket(u64::MAX, 0), 7);
        let m = with_removed(1000, &[0, 999, 500]);
        assert_eq!(m.bucket(0, 12345), 151);
        assert_eq!(m.bucket(42, 12345), 950);
    }

    #[test]
    fn removing_the_last_bucket_with_an_empty_table_shrinks() {
        let m = with_removed(10, &[9, 8]);
        assert_eq!(m.b_array_size(), 8);
        assert!(m.replacements().is_empty());
        for key in 0..1000u64 {
            assert_eq!(m.bucket(key, 3), jump_hash(u64::from(crc32q(key, 3)), 8));
        }
        // 9 then 8 removed: with the table empty, restoring grows n back, 8 then 9 then 10.
        let mut m = m;
        assert_eq!(m.restore(), Ok(8));
        assert_eq!(m.restore(), Ok(9));
        assert_eq!(m, MementoHash::new(10).unwrap());
        assert_eq!(m.restore(), Ok(10));
        assert_eq!(m.b_array_size(), 11);
    }

    #[test]
    fn a_removal_in_the_middle_is_remembered() {
        let mut m = with_removed(10, &[3, 9]);
        // 3 leaves 9 working (replacer 9); then 9 is the last bucket, but the table is not
        // empty, so it is remembered too (replacer 8).
        assert_eq!(m.replacements(), [(3, 9), (9, 8)]);
        assert_eq!(m.working_count(), 8);
        assert_eq!(m.restore(), Ok(9));
        assert_eq!(m.restore(), Ok(3));
        assert_eq!(m, MementoHash::new(10).unwrap());
    }

    #[test]
    fn refusals_leave_the_state_alone() {
        assert!(matches!(
            MementoHash::new(0),
            Err(BucketError::BadSize { .. })
        ));
        assert!(matches!(
            MementoHash::new(MAX_BUCKETS + 1),
            Err(BucketError::BadSize { .. })
        ));
        let mut m = with_removed(4, &[1]);
        let before = m.clone();
        assert_eq!(m.remove(1), Err(BucketError::NotWorking { bucket: 1 }));
        assert_eq!(m.remove(4), Err(BucketError::NotWorking { bucket: 4 }));
        m.remove(0).unwrap();
        m.remove(3).unwrap();
        assert_eq!(m.remove(2), Err(BucketError::LastWorking { bucket: 2 }));
        assert_eq!(m.bucket(5, 6), 2);
        m.restore().unwrap();
        m.restore().unwrap();
        assert_eq!(m, before);
        let mut one = MementoHash::new(1).unwrap();
        assert_eq!(one.remove(0), Err(BucketError::LastWorking { bucket: 0 }));
        let mut full = MementoHash::new(MAX_BUCKETS).unwrap();
        assert_eq!(full.restore(), Err(BucketError::Full { size: MAX_BUCKETS }));
        full.remove(5).unwrap();
        assert_eq!(full.restore(), Ok(5));
    }

    proptest! {
        #[test]
        fn a_removal_moves_only_the_removed_buckets_keys(
            buckets in 2u32..300,
            removals in proptest::collection::vec(any::<u32>(), 0..40),
            pick in any::<u32>(),
            seed in any::<u64>(),
        ) {
            let mut m = MementoHash::new(buckets).unwrap();
            for p in removals {
                let live: Vec<u32> = (0..m.b_array_size()).filter(|&b| m.is_working(b)).collect();
                if live.len() > 1 {
                    m.remove(live[p as usize % live.len()]).unwrap();
                }
            }
            prop_assume!(m.working_count() > 1);
            let keys: Vec<u64> = (0..300u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed).collect();
            let before: Vec<u32> = keys.iter().map(|&k| m.bucket(k, seed)).collect();
            prop_assert!(before.iter().all(|&b| m.is_working(b)));
            let snapshot = m.clone();
            let live: Vec<u32> = (0..m.b_array_size()).filter(|&b| m.is_working(b)).collect();
            let gone = live[pick as usize % live.len()];
            m.remove(gone).unwrap();
            for (&k, &was) in keys.iter().zip(&before) {
                let now = m.bucket(k, seed);
                prop_assert!(m.is_working(now));
                if was != gone {
                    prop_assert_eq!(now, was, "key {} moved", k);
                }
            }
            prop_assert_eq!(m.restore(), Ok(gone));
            prop_assert_eq!(&m, &snapshot);
            let again: Vec<u32> = keys.iter().map(|&k| m.bucket(k, seed)).collect();
            prop_assert_eq!(again, before);
        }
    }
}
