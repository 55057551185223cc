//! DxHash (Dong and Wang, "DxHash: A Scalable Consistent Hash Based on the Pseudo-Random
//! Sequence", 2021), exact to the authors' class `DxHash`: ChaosD/DxHash, `src/DxHash.cpp`
//! @acadb66, constructed as `DxHash(A, N)`.
//!
//! - **What it is:** an array of exactly `A` flags (the capacity), one per bucket, set for
//!   the working ones. A key walks a pseudo-random sequence of array positions, a chain of
//!   [`crc32q`] hashes, and takes the first working bucket it meets.
//! - **Lookup** ([`DxHash::get_node_id`]): the key is 32 bits (the reference's
//!   `getNodeID(uint32_t K, …)`; a 64-bit key is cut to its low 32 bits, as the C++
//!   conversion does). `K2 = K·421757 + 1 (mod 2^32)`, `bs = crc32q(K, K2)`, `i = bs % A`;
//!   while bucket `i` is not working: `bs = crc32q(bs, K2)`, `i = bs % A`. After `4·A`
//!   hashes (`4·A` computed in `u32`, as in the reference) without a working bucket it
//!   gives up and returns [`NOT_FOUND`] (`u32::MAX`, the reference's `-1`), so a lookup can
//!   fail while buckets still work: with `N` of `A` working the chance is about
//!   `(1 − N/A)^(4A − 1)`. Expected cost `A/N` hashes.
//! - **Memory:** one bit per bucket of capacity, in 64-bit words (the reference's
//!   `vector<bool>` packs its flags into bits too), and the removed stack, 4 bytes per
//!   bucket of capacity reserved: about 4⅛ bytes per bucket ([`DxHash::memory_bytes`]).
//!   The bits are 1/8 of the byte array they replaced (125 KB at a million buckets, which
//!   stays in the L2 cache), and the remainder `% A` is taken by multiplication
//!   (`crate::fastmod`); with every bucket working the first probe is the answer, so it
//!   is not looked up (`benches/newer.rs`, `dx-core` against `dx-plain`).
//! - **Removal:** any working bucket ([`DxHash::remove`], the reference's
//!   `updateRemoval`); only its keys move. [`DxHash::restore`] brings back the last removed
//!   bucket, and with it the mapping from before; buckets `N..A` start on the removed
//!   stack, pushed from `A − 1` down to `N`, so they come back from `N` up. The reference's
//!   own `updateAddition` instead activates the inactive bucket that the key 1228 finds,
//!   and grows the array when all work; it is not provided. The reference ignores the
//!   removal of a bucket that is not working and reads out of bounds past `A`; here those,
//!   and removing the last working bucket, are refused ([`BucketError`]).

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::bucket_error::BucketError;
use crate::crc32c::crc32q;
use crate::fastmod::Modulus;
use crate::trace::Tracer;

/// What a lookup returns when its probes find no working bucket: the reference's `-1` as
/// a `uint32_t`.
pub const NOT_FOUND: u32 = u32::MAX;

/// The largest capacity [`DxHash::new`] accepts: 2^24 buckets.
pub const MAX_CAPACITY: u32 = 1 << 24;

/// The multiplier of the reference's `gen32bitRandNumber`.
const KEY2_MULTIPLIER: u32 = 421_757;

/// A DxHash of capacity `A`: its array of working flags and the removed stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxHash {
    /// One bit per bucket, set while it works: bucket `b` is bit `b % 64` of word `b / 64`.
    nodes: Vec<u64>,
    /// `A`, to take remainders without a division.
    capacity: Modulus,
    /// The number of working buckets.
    working: u32,
    /// The removed buckets, the last removed on top.
    removed: Vec<u32>,
}

impl DxHash {
    /// `DxHash(capacity, working)`: buckets `0..working` work. Refused unless
    /// `1 <= working <= capacity <= MAX_CAPACITY`.
    ///
    /// ```
    /// use ring_core::dx::DxHash;
    ///
    /// let mut dx = DxHash::new(16, 10).unwrap();
    /// dx.remove(3).unwrap();
    /// dx.remove(7).unwrap();
    /// assert_eq!(dx.get_node_id(42), 2); // crates/ring-core/tests/data/known-answers.md
    /// ```
    pub fn new(capacity: u32, working: u32) -> Result<Self, BucketError> {
        if capacity == 0 || capacity > MAX_CAPACITY || working == 0 || working > capacity {
            return Err(BucketError::BadSize {
                capacity,
                working,
                max: MAX_CAPACITY,
            });
        }
        let mut nodes = vec![0u64; capacity.div_ceil(64) as usize];
        for b in 0..working {
            nodes[(b / 64) as usize] |= 1 << (b % 64);
        }
        let mut removed = Vec::with_capacity(capacity as usize);
        removed.extend((working..capacity).rev());
        Ok(DxHash {
            nodes,
            capacity: Modulus::new(capacity),
            working,
            removed,
        })
    }

    /// `A`, the number of buckets working or not (the array's length).
    pub fn capacity(&self) -> u32 {
        self.capacity.divisor()
    }

    /// The number of working buckets.
    pub fn working_count(&self) -> u32 {
        self.working
    }

    /// Whether `bucket` is a working bucket.
    pub fn is_working(&self, bucket: u32) -> bool {
        bucket < self.capacity() && self.bit(bucket)
    }

    /// Bucket `bucket`'s flag; `bucket` is below `A`. Read with `get`, not indexing: the
    /// index's panic path in the probe loop cost 15% with 30% of the buckets removed
    /// (`benches/newer.rs`, `dx-core-sum/1000-r30`: 878 µs with it, 751 µs without, beside
    /// the C++ port's 723 and 699 µs in the same two runs).
    #[inline]
    fn bit(&self, bucket: u32) -> bool {
        self.nodes
            .get((bucket / 64) as usize)
            .is_some_and(|word| word & (1 << (bucket % 64)) != 0)
    }

    /// The removed buckets, first removed first; [`DxHash::restore`] takes the last.
    pub fn removed(&self) -> &[u32] {
        &self.removed
    }

    /// Bytes of the flags and the removed stack: a bit and 4 bytes per bucket of capacity
    /// (the bits in whole 64-bit words).
    pub fn memory_bytes(&self) -> u64 {
        (8 * self.nodes.len() + 4 * self.removed.capacity()) as u64
    }

    /// `getNodeID(key)`: the working bucket of the 32-bit key, or [`NOT_FOUND`] when the
    /// probe limit runs out first.
    pub fn get_node_id(&self, key: u32) -> u32 {
        self.lookup(key).0
    }

    /// The bucket of a 64-bit key: its low 32 bits, as the reference receives it.
    #[inline]
    pub fn bucket(&self, key: u64) -> u32 {
        self.get_node_id(key as u32)
    }

    /// `getNodeID(key, &numHash)`: the bucket (or [`NOT_FOUND`]) and how many hashes the
    /// lookup computed (the reference's `numHash`; on [`NOT_FOUND`], the `4·A` it stopped at).
    pub fn lookup(&self, key: u32) -> (u32, u32) {
        self.lookup_traced(key, &mut ())
    }

    /// [`DxHash::lookup`], telling `tracer` each probe, every one drawn from `0..A`.
    pub fn lookup_traced(&self, key: u32, tracer: &mut impl Tracer) -> (u32, u32) {
        let size = self.capacity();
        let key2 = key.wrapping_mul(KEY2_MULTIPLIER).wrapping_add(1);
        let mut bs = crc32q(u64::from(key), u64::from(key2));
        // size >= 1, and every index is below it.
        let mut index = self.capacity.rem(bs);
        tracer.draw(index, 0, size - 1);
        if self.working == size {
            return (index, 1);
        }
        let limit = size.wrapping_mul(4);
        let mut hashes: u32 = 1;
        while !self.bit(index) {
            bs = crc32q(u64::from(bs), u64::from(key2));
            index = self.capacity.rem(bs);
            tracer.draw(index, 0, size - 1);
            hashes = hashes.wrapping_add(1);
            if hashes >= limit {
                return (NOT_FOUND, hashes);
            }
        }
        (index, hashes)
    }

    /// `updateRemoval(bucket)`: the bucket stops working; only its keys move. Refused if
    /// it is not working or is the last one.
    pub fn remove(&mut self, bucket: u32) -> Result<(), BucketError> {
        if !self.is_working(bucket) {
            return Err(BucketError::NotWorking { bucket });
        }
        if self.working == 1 {
            return Err(BucketError::LastWorking { bucket });
        }
        self.nodes[(bucket / 64) as usize] &= !(1 << (bucket % 64));
        self.working -= 1;
        self.removed.push(bucket);
        Ok(())
    }

    /// The last removed bucket works again, and takes back every key it had. Returns the
    /// bucket; refused if none is removed.
    pub fn restore(&mut self) -> Result<u32, BucketError> {
        let bucket = self.removed.pop().ok_or(BucketError::NothingRemoved)?;
        self.nodes[(bucket / 64) as usize] |= 1 << (bucket % 64);
        self.working += 1;
        Ok(bucket)
    }
}

/// `dx` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[bucket_placement::capacity("dx-capacity")],
    ..AlgoSpec::plain("dx", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "DxHash over the nodes as buckets: probes until a working bucket, any node leaves",
    source: "ChaosD/DxHash src/DxHash.cpp @acadb66",
    params: &["buckets in all, A (0: as many as the nodes)"],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(AlgoId::Dx, BucketAlgo::Dx, config, nodes, Some(0), None)
}

impl Algorithm {
    /// DxHash with no spare bucket.
    pub fn dx() -> Algorithm {
        Algorithm::new(AlgoId::Dx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn with_removed(capacity: u32, working: u32, removed: &[u32]) -> DxHash {
        let mut dx = DxHash::new(capacity, working).unwrap();
        for &b in removed {
            dx.remove(b).unwrap();
        }
        dx
    }

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms": the key's low 32 bits.
        let dx = with_removed(10, 10, &[]);
        assert_eq!(dx.bucket(0), 7);
        let dx = with_removed(16, 10, &[3, 7]);
        assert_eq!(dx.bucket(0), 9);
        assert_eq!(dx.bucket(42), 2);
        let dx = with_removed(1000, 1000, &[0, 999, 500]);
        assert_eq!(dx.bucket(1), 296);
        assert_eq!(dx.bucket(10427592028180905159), 577);
        assert_eq!(dx.get_node_id(10427592028180905159u64 as u32), 577);
    }

    #[test]
    fn the_probe_limit_returns_not_found() {
        // One working bucket of 1000: a lookup checks 3999 positions, each a hit with
        // chance 1/1000, so about 1.8% of keys find nothing.
        let mut dx = DxHash::new(1000, 1).unwrap();
        let mut lost = 0;
        for key in 0..10_000u32 {
            match dx.lookup(key) {
                (NOT_FOUND, hashes) => {
                    assert_eq!(hashes, 4000);
                    lost += 1;
                }
                (b, hashes) => {
                    assert_eq!(b, 0);
                    assert!((1..4000).contains(&hashes));
                }
            }
        }
        assert!((100..300).contains(&lost), "{lost}");
        assert_eq!(dx.remove(0), Err(BucketError::LastWorking { bucket: 0 }));
        assert_eq!(dx.restore(), Ok(1));
        assert_eq!(dx.working_count(), 2);
    }

    #[test]
    fn refusals_leave_the_state_alone() {
        for (capacity, working) in [(0, 0), (4, 0), (4, 5), (MAX_CAPACITY + 1, 1)] {
            assert!(matches!(
                DxHash::new(capacity, working),
                Err(BucketError::BadSize { .. })
            ));
        }
        let mut dx = with_removed(8, 3, &[1]);
        assert_eq!(dx.removed(), &[7, 6, 5, 4, 3, 1]);
        let before = dx.clone();
        assert_eq!(dx.remove(1), Err(BucketError::NotWorking { bucket: 1 }));
        assert_eq!(dx.remove(5), Err(BucketError::NotWorking { bucket: 5 }));
        assert_eq!(dx.remove(8), Err(BucketError::NotWorking { bucket: 8 }));
        dx.remove(0).unwrap();
        assert_eq!(dx.remove(2), Err(BucketError::LastWorking { bucket: 2 }));
        assert_eq!(dx.restore(), Ok(0));
        assert_eq!(dx, before);
        assert_eq!(dx.memory_bytes(), 8 + 4 * 8);
        let mut full = DxHash::new(3, 3).unwrap();
        assert_eq!(full.restore(), Err(BucketError::NothingRemoved));
    }

    proptest! {
        #[test]
        fn a_removal_moves_only_the_removed_buckets_keys(
            capacity in 2u32..150,
            working_pick in any::<u32>(),
            removals in proptest::collection::vec(any::<u32>(), 0..20),
            pick in any::<u32>(),
        ) {
            // At least half working, so that lookups practically never run out of probes.
            let working = capacity / 2 + 1 + working_pick % (capacity - capacity / 2);
            let mut dx = DxHash::new(capacity, working.min(capacity)).unwrap();
            for p in removals {
                if dx.working_count() * 2 > capacity + 2 {
                    let live: Vec<u32> = (0..capacity).filter(|&b| dx.is_working(b)).collect();
                    dx.remove(live[p as usize % live.len()]).unwrap();
                }
            }
            prop_assume!(dx.working_count() > 1);
            let keys: Vec<u32> = (0..300u32).map(|k| k.wrapping_mul(0x9E37_79B9)).collect();
            let before: Vec<u32> = keys.iter().map(|&k| dx.get_node_id(k)).collect();
            let snapshot = dx.clone();
            let live: Vec<u32> = (0..capacity).filter(|&b| dx.is_working(b)).collect();
            let gone = live[pick as usize % live.len()];
            dx.remove(gone).unwrap();
            for (&k, &was) in keys.iter().zip(&before) {
                let now = dx.get_node_id(k);
                prop_assert!(now == NOT_FOUND || dx.is_working(now));
                if was != gone && was != NOT_FOUND {
                    prop_assert_eq!(now, was, "key {} moved", k);
                }
            }
            prop_assert_eq!(dx.restore(), Ok(gone));
            prop_assert_eq!(&dx, &snapshot);
            let again: Vec<u32> = keys.iter().map(|&k| dx.get_node_id(k)).collect();
            prop_assert_eq!(again, before);
        }
    }
}
