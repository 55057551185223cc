//! AnchorHash (Mendelson, Vargaftik, Barabash, Lorenz, Keslassy and Orda, "AnchorHash: A
//! Scalable Consistent Hash", IEEE/ACM ToN 2021), exact to the authors' `AnchorHashQre`:
//! anchorhash/cpp-anchorhash, `AnchorHashQre.cpp` @3ef98f0.
//!
//! - **What it is:** a fixed *anchor* of `A` buckets (the capacity), of which `N` work. A
//!   key hashes uniformly onto the anchor ([`crc32q`]`(key1, key2) % A`); while it stands
//!   on a removed bucket `b`, it rehashes onto the buckets that were working when `b` was
//!   removed (`A[b]` of them), following `b`'s replacement (`K`) when it lands on a bucket
//!   removed after it. The arrays: `A[b]` is 0 for a working bucket and the working count
//!   right after `b`'s removal otherwise; `W` lists the working buckets first (`W[0..N]`);
//!   `L[b]` is `b`'s position in `W`; `K[b]` is the bucket that took `b`'s place in `W`.
//! - **Start:** buckets `0..N` work; `N..A` start removed, pushed on the removed stack from
//!   `A − 1` down to `N` (so [`AnchorHash::restore`] brings back `N` first), as the
//!   reference's constructor treats them as ordered removals.
//! - **Lookup** ([`AnchorHash::bucket`]): `bs = crc32q(key1, key2)`, `b = bs % A`; while
//!   `A[b] != 0`: `bs = crc32q(key1 − bs, key2 + bs)` (wrapping u64), `h = bs % A[b]`; then
//!   `b = h` if `A[h] == 0` or `A[h] < A[b]`, else `b = K[b]` if `h == b`, else walk
//!   `h = K[h]` while `A[b] <= A[h]` and take it. Expected cost `O(1 + ln(A/N))` hashes.
//! - **Memory:** four `u32` arrays of `A` entries and the removed stack (reserved for `A`
//!   entries): 20 bytes per bucket of capacity ([`AnchorHash::memory_bytes`]).
//! - **Removal:** any working bucket ([`AnchorHash::remove`]); only the removed bucket's
//!   keys move, each to a working bucket. [`AnchorHash::restore`] brings back the last
//!   removed bucket (the reference's `UpdateNewBucket`), and with it exactly the mapping from
//!   before its removal. The reference checks nothing; here removing a bucket that is not
//!   working, or the last working one, and restoring with nothing removed, are refused
//!   ([`BucketError`]) and leave the state unchanged.

use crate::bucket_placement;
use crate::buckets::BucketAlgo;
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::{BuildError, Config, NodeSpec, Placement};

use crate::bucket_error::BucketError;
use crate::crc32c::crc32q;
use crate::fastmod::Modulus;
use crate::trace::Tracer;

/// The largest capacity [`AnchorHash::new`] accepts: 2^24 buckets, 320 MiB of arrays.
pub const MAX_CAPACITY: u32 = 1 << 24;

/// An AnchorHash of capacity `A` with its arrays, as `AnchorHashQre` keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnchorHash {
    /// `A[b]`: 0 if `b` works, else the working count right after `b` was removed.
    anchor: Vec<u32>,
    /// `K[b]`: the bucket that replaced `b` in `W` (`b` itself while it works).
    replacement: Vec<u32>,
    /// `W`: the working buckets in `W[0..N]`, then the removed ones.
    working_list: Vec<u32>,
    /// `L[b]`: where `b` stands (or last stood) in `W`.
    last_position: Vec<u32>,
    /// The removed buckets, the last removed on top (`R`).
    removed: Vec<u32>,
    /// `N`, the number of working buckets.
    working: u32,
    /// `A`, to take the first probe's remainder without a division.
    capacity: Modulus,
}

impl AnchorHash {
    /// `AnchorHashQre(capacity, working)`: buckets `0..working` work, the others start
    /// removed. Refused unless `1 <= working <= capacity <= MAX_CAPACITY`.
    ///
    /// ```
    /// use ring_core::anchor::AnchorHash;
    ///
    /// let mut anchor = AnchorHash::new(16, 10).unwrap();
    /// anchor.remove(3).unwrap();
    /// anchor.remove(7).unwrap();
    /// assert_eq!(anchor.bucket(1, 0), 9); // crates/ring-core/tests/data/known-answers.md
    /// assert_eq!(anchor.restore(), Ok(7));
    /// ```
    pub fn new(capacity: u32, working: u32) -> Result<Self, BucketError> {
        if capacity == 0 || capacity > MAX_CAPACITY || working == 0 || working > capacity {
            return Err(BucketError::BadSize {
                capacity,
                working,
                max: MAX_CAPACITY,
            });
        }
        let identity: Vec<u32> = (0..capacity).collect();
        let mut anchor = vec![0; capacity as usize];
        let mut removed = Vec::with_capacity(capacity as usize);
        for b in (working..capacity).rev() {
            anchor[b as usize] = b;
            removed.push(b);
        }
        Ok(AnchorHash {
            anchor,
            replacement: identity.clone(),
            working_list: identity.clone(),
            last_position: identity,
            removed,
            working,
            capacity: Modulus::new(capacity),
        })
    }

    /// `A`, the number of buckets working or not.
    pub fn capacity(&self) -> u32 {
        self.anchor.len() as u32
    }

    /// `N`, the number of working buckets.
    pub fn working_count(&self) -> u32 {
        self.working
    }

    /// Whether `bucket` is a working bucket.
    pub fn is_working(&self, bucket: u32) -> bool {
        self.anchor.get(bucket as usize) == Some(&0)
    }

    /// The working buckets, in the order of the reference's `W` array.
    pub fn working_buckets(&self) -> &[u32] {
        &self.working_list[..self.working as usize]
    }

    /// The removed buckets, first removed first; [`AnchorHash::restore`] takes the last.
    pub fn removed(&self) -> &[u32] {
        &self.removed
    }

    /// Bytes of the arrays and the removed stack: 20 per bucket of capacity.
    pub fn memory_bytes(&self) -> u64 {
        let words = 4 * self.anchor.len() + self.removed.capacity();
        4 * words as u64
    }

    /// `ComputeBucket(key1, key2)`: the working bucket of the key.
    #[inline]
    pub fn bucket(&self, key1: u64, key2: u64) -> u32 {
        self.bucket_traced(key1, key2, &mut ())
    }

    /// [`AnchorHash::bucket`], telling `tracer` each bucket of the retry chain: the first
    /// in `0..A`, then each rehash into `0..A[b]` (the buckets that worked when `b` was
    /// removed) and each hop of the translation to where that bucket's keys went.
    pub fn bucket_traced(&self, key1: u64, key2: u64, tracer: &mut impl Tracer) -> u32 {
        let a = &self.anchor;
        let mut bs = crc32q(key1, key2);
        let mut b = self.capacity.rem(bs);
        tracer.draw(b, 0, self.capacity.divisor() - 1);
        // A[b] != 0 below, so the modulo has a divisor; every index is below A.
        while a[b as usize] != 0 {
            bs = crc32q(
                key1.wrapping_sub(u64::from(bs)),
                key2.wrapping_add(u64::from(bs)),
            );
            let h = bs % a[b as usize];
            tracer.draw(h, 0, a[b as usize] - 1);
            if a[h as usize] == 0 || a[h as usize] < a[b as usize] {
                b = h;
            } else {
                b = self.translation(b, h);
                tracer.draw(b, b, b);
            }
        }
        b
    }

    /// `ComputeTranslation(i, j)`: where a key rehashed from removed `i` onto bucket `j`,
    /// removed no earlier than `i`, goes instead.
    fn translation(&self, i: u32, j: u32) -> u32 {
        if i == j {
            return self.replacement[i as usize];
        }
        let mut b = j;
        while self.anchor[i as usize] <= self.anchor[b as usize] {
            b = self.replacement[b as usize];
        }
        b
    }

    /// `UpdateRemoval(bucket)`: the bucket stops working; its keys move to working
    /// buckets, no other key moves. Refused if it is not working or is the last one.
    pub fn remove(&mut self, bucket: u32) -> Result<(), BucketError> {
        if !self.is_working(bucket) {
            return Err(BucketError::NotWorking { bucket });
        }
        if self.working == 1 {
            return Err(BucketError::LastWorking { bucket });
        }
        let b = bucket as usize;
        self.removed.push(bucket);
        self.working -= 1;
        let n = self.working as usize;
        let last = self.working_list[n];
        let position = self.last_position[b];
        self.working_list[position as usize] = last;
        self.last_position[last as usize] = position;
        self.replacement[b] = last;
        self.anchor[b] = self.working;
        Ok(())
    }

    /// `UpdateNewBucket()`: the last removed bucket works again, and every key it had
    /// before its removal goes back to it. Returns the bucket; refused if none is removed.
    pub fn restore(&mut self) -> Result<u32, BucketError> {
        let bucket = self.removed.pop().ok_or(BucketError::NothingRemoved)?;
        let b = bucket as usize;
        let n = self.working as usize;
        // A bucket was removed, so N < A and W[N] exists.
        self.last_position[self.working_list[n] as usize] = self.working;
        self.working_list[self.last_position[b] as usize] = bucket;
        self.working += 1;
        self.anchor[b] = 0;
        self.replacement[b] = bucket;
        Ok(bucket)
    }
}

/// `anchor` in the registry: the nodes as buckets, in list order.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[
        bucket_placement::capacity("anchor-capacity"),
        bucket_placement::seed("anchor-seed"),
    ],
    ..AlgoSpec::plain("anchor", Drawn::Buckets, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description:
        "AnchorHash over the nodes as buckets: any node leaves, the last removed comes back first",
    source: "anchorhash/cpp-anchorhash AnchorHashQre.cpp @3ef98f0",
    params: &[
        "buckets in all, A (0: as many as the nodes)",
        "key2, the seed",
    ],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    bucket_placement::build(
        AlgoId::Anchor,
        BucketAlgo::Anchor,
        config,
        nodes,
        Some(0),
        Some(1),
    )
}

impl Algorithm {
    /// AnchorHash with no spare bucket and seed 0.
    pub fn anchor() -> Algorithm {
        Algorithm::new(AlgoId::Anchor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn with_removed(capacity: u32, working: u32, removed: &[u32]) -> AnchorHash {
        let mut anchor = AnchorHash::new(capacity, working).unwrap();
        for &b in removed {
            anchor.remove(b).unwrap();
        }
        anchor
    }

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms": key1 = key, key2 = seed.
        let a = with_removed(10, 10, &[]);
        assert_eq!(a.bucket(1, 0), 7);
        let a = with_removed(16, 10, &[3, 7]);
        assert_eq!(a.bucket(1, 0), 9);
        assert_eq!(a.bucket(u64::MAX, 0), 8);
        let a = with_removed(1000, 1000, &[0, 999, 500]);
        assert_eq!(a.bucket(42, 12345), 94);
        assert_eq!(a.bucket(10427592028180905159, 12345), 427);
    }

    #[test]
    fn initial_removals_are_ordered_removals() {
        let a = AnchorHash::new(16, 10).unwrap();
        assert_eq!(a.removed(), &[15, 14, 13, 12, 11, 10]);
        assert_eq!(a.working_buckets(), &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // The same state as 16 working buckets with 15 down to 10 removed.
        let b = with_removed(16, 16, &[15, 14, 13, 12, 11, 10]);
        assert_eq!(a, b);
        assert_eq!(a.memory_bytes(), 20 * 16);
    }

    #[test]
    fn refusals_leave_the_state_alone() {
        for (capacity, working) in [(0, 0), (4, 0), (4, 5), (MAX_CAPACITY + 1, 1)] {
            assert!(matches!(
                AnchorHash::new(capacity, working),
                Err(BucketError::BadSize { .. })
            ));
        }
        let mut a = with_removed(8, 3, &[1]);
        let before = a.clone();
        assert_eq!(a.remove(1), Err(BucketError::NotWorking { bucket: 1 }));
        assert_eq!(a.remove(5), Err(BucketError::NotWorking { bucket: 5 }));
        assert_eq!(a.remove(8), Err(BucketError::NotWorking { bucket: 8 }));
        assert_eq!(
            a.remove(u32::MAX),
            Err(BucketError::NotWorking { bucket: u32::MAX })
        );
        a.remove(0).unwrap();
        assert_eq!(a.remove(2), Err(BucketError::LastWorking { bucket: 2 }));
        assert_eq!(a.restore(), Ok(0));
        assert_eq!(a, before);
        let mut full = AnchorHash::new(3, 3).unwrap();
        assert_eq!(full.restore(), Err(BucketError::NothingRemoved));
        let mut one = AnchorHash::new(1, 1).unwrap();
        assert_eq!(one.remove(0), Err(BucketError::LastWorking { bucket: 0 }));
        assert_eq!(one.bucket(12, 34), 0);
    }

    #[test]
    fn restoring_everything_gives_a_fresh_anchor() {
        let mut a = with_removed(20, 12, &[3, 0, 11, 7, 5]);
        while a.restore().is_ok() {}
        assert_eq!(a, AnchorHash::new(20, 20).unwrap());
    }

    #[test]
    fn roughly_uniform() {
        // 12 of 20 working, 120,000 keys: 10,000 each, 5 sigma about ±480.
        let a = with_removed(20, 15, &[3, 9, 14]);
        let mut counts = [0u32; 20];
        for k in 0..120_000u64 {
            counts[a.bucket(k, 0) as usize] += 1;
        }
        for (b, &c) in counts.iter().enumerate() {
            if a.is_working(b as u32) {
                assert!((9_500..=10_500).contains(&c), "{counts:?}");
            } else {
                assert_eq!(c, 0);
            }
        }
    }

    /// A capacity, a working count and a sequence of removals (as picks among the working
    /// buckets).
    fn scenario() -> impl Strategy<Value = (u32, u32, Vec<u32>)> {
        (1u32..120)
            .prop_flat_map(|capacity| (Just(capacity), 1..=capacity))
            .prop_flat_map(|(capacity, working)| {
                (
                    Just(capacity),
                    Just(working),
                    proptest::collection::vec(any::<u32>(), 0..working as usize),
                )
            })
    }

    proptest! {
        #[test]
        fn a_removal_moves_only_the_removed_buckets_keys(
            (capacity, working, picks) in scenario(),
            pick in any::<u32>(),
            seed in any::<u64>(),
        ) {
            let mut a = AnchorHash::new(capacity, working).unwrap();
            for p in picks {
                let live = a.working_buckets();
                if live.len() > 1 {
                    let b = live[p as usize % live.len()];
                    a.remove(b).unwrap();
                }
            }
            prop_assume!(a.working_count() > 1);
            let keys: Vec<u64> = (0..300u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed).collect();
            let before: Vec<u32> = keys.iter().map(|&k| a.bucket(k, seed)).collect();
            prop_assert!(before.iter().all(|&b| a.is_working(b)));
            let snapshot = a.clone();
            let live = a.working_buckets();
            let gone = live[pick as usize % live.len()];
            a.remove(gone).unwrap();
            for (&k, &was) in keys.iter().zip(&before) {
                let now = a.bucket(k, seed);
                prop_assert!(a.is_working(now));
                if was != gone {
                    prop_assert_eq!(now, was, "key {} moved", k);
                }
            }
            prop_assert_eq!(a.restore(), Ok(gone));
            prop_assert_eq!(&a, &snapshot);
            let again: Vec<u32> = keys.iter().map(|&k| a.bucket(k, seed)).collect();
            prop_assert_eq!(again, before);
        }
    }
}
