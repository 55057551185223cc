//! Why a bucket engine ([`crate::anchor`], [`crate::dx`], [`crate::memento`],
//! [`crate::multiprobe`], or any [`crate::buckets::BucketEngine`]) could not be built or
//! changed. The reference implementations
//! check none of these and go on with a corrupted state (or undefined behaviour); these
//! engines refuse instead, and leave their state as it was.

use std::fmt;

/// A refused construction or update of a bucket engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BucketError {
    /// A capacity outside `1..=max`, or a working count outside `1..=capacity`.
    BadSize {
        /// The capacity given (the working count where there is no separate capacity).
        capacity: u32,
        /// The working count given.
        working: u32,
        /// The largest capacity allowed.
        max: u32,
    },
    /// The bucket is not working: outside the engine, or already removed.
    NotWorking {
        /// The bucket named.
        bucket: u32,
    },
    /// The bucket is the only working one; removing it would leave none.
    LastWorking {
        /// The bucket named.
        bucket: u32,
    },
    /// Nothing was removed, so nothing can be restored.
    NothingRemoved,
    /// The engine is at its largest size and cannot grow by one more bucket.
    Full {
        /// Its size.
        size: u32,
    },
    /// A node list with no node.
    NoNodes,
    /// More nodes than the engine can index.
    TooManyNodes {
        /// How many were given.
        count: usize,
    },
    /// A probe count of zero.
    NoProbes,
    /// A seed given to a bucket algorithm that takes none.
    NoSeed {
        /// The algorithm's id.
        algo: &'static str,
    },
    /// A capacity given to a bucket algorithm that has none apart from its bucket count.
    NoCapacity {
        /// The algorithm's id.
        algo: &'static str,
    },
    /// A bucket count outside the algorithm's range.
    BucketCount {
        /// The algorithm's id.
        algo: &'static str,
        /// The count given.
        buckets: u32,
        /// The fewest buckets it takes.
        min: u32,
        /// The most buckets it takes.
        max: u32,
    },
    /// The removal of a bucket other than the last from an algorithm that can only lose
    /// its last bucket (a bucket function of the bucket count).
    NotLast {
        /// The algorithm's id.
        algo: &'static str,
        /// The bucket named.
        bucket: u32,
        /// Its last bucket.
        last: u32,
    },
    /// The removal of the last bucket would leave fewer buckets than the algorithm takes.
    TooFew {
        /// The algorithm's id.
        algo: &'static str,
        /// The bucket named (also the count that would be left).
        bucket: u32,
        /// The fewest buckets it takes.
        min: u32,
    },
}

impl fmt::Display for BucketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BucketError::BadSize {
                capacity,
                working,
                max,
            } => write!(
                f,
                "{working} working buckets of {capacity}: the capacity must be from 1 to {max}, the working count from 1 to the capacity"
            ),
            BucketError::NotWorking { bucket } => {
                write!(f, "bucket {bucket} is not a working bucket")
            }
            BucketError::LastWorking { bucket } => write!(
                f,
                "bucket {bucket} is the last working bucket: at least one must stay"
            ),
            BucketError::NothingRemoved => write!(f, "no bucket was removed: none to restore"),
            BucketError::Full { size } => {
                write!(f, "{size} buckets is the most this engine can hold")
            }
            BucketError::NoNodes => write!(f, "the cluster needs at least one node"),
            BucketError::TooManyNodes { count } => {
                write!(f, "{count} nodes is too many: at most {}", u32::MAX)
            }
            BucketError::NoProbes => write!(f, "the probe count must be at least 1"),
            BucketError::NoSeed { algo } => write!(f, "{algo} takes no seed"),
            BucketError::NoCapacity { algo } => write!(
                f,
                "{algo} takes no capacity: its buckets are its bucket count"
            ),
            BucketError::BucketCount {
                algo,
                buckets,
                min,
                max,
            } => write!(
                f,
                "a bucket count of {buckets}: {algo} takes from {min} to {max} buckets"
            ),
            BucketError::NotLast { algo, bucket, last } => write!(
                f,
                "bucket {bucket} cannot be removed: {algo} can only remove its last bucket, {last}"
            ),
            BucketError::TooFew { algo, bucket, min } => write!(
                f,
                "bucket {bucket} cannot be removed: it would leave {algo} fewer than {min} buckets"
            ),
        }
    }
}

impl std::error::Error for BucketError {}
