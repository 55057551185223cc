//! Balance metrics and move accounting.
//!
//! - [`loads`] counts the keys each node got from an assignment.
//! - [`Balance`] summarizes per-node values (shares of the hash space or key counts) with
//!   the three ratios of the paper in seed 003 (R1, R2, R3) and the usual statistics.
//! - [`diff`] compares two assignments of the same keys and tells which keys moved and
//!   between whom ([`Moves`], [`Flow`]); [`ideal_join_fraction`] and
//!   [`ideal_leave_fraction`] say how many had to.
//! - [`MoveSummary`] keeps the numbers of the summary line apart from its English wording,
//!   and [`format`] formats numbers (thousands separators, fixed decimals), so that another
//!   language can reuse the numbers and the number formatting.
//!
//! The balance metrics are in `metrics/balance.rs`, the move accounting in
//! `metrics/moves.rs`, the number formatting in `metrics/format.rs`; every item is
//! re-exported here, so its path is `ring_core::metrics::…` whichever file holds it.

use std::fmt;

use crate::error::MAX_NODES;
use crate::placement::NodeIndex;

mod balance;
pub mod format;
mod moves;

pub use balance::{loads, Balance};
pub use moves::sort_indexed;
pub use moves::{
    diff, ideal_join_fraction, ideal_leave_fraction, Flow, Ideal, MoveSummary, Moves, MovesBuilder,
};
pub(crate) use moves::{distinct, first_repeat, PairCounts};

/// Why a metric could not be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum MetricsError {
    /// No values to summarize.
    Empty,
    /// A value that is negative, NaN or infinite: shares and key counts are neither.
    BadValue {
        /// Its position in the input.
        index: usize,
        /// The value.
        value: f64,
    },
    /// An assignment names a node outside `0..node_count`.
    NoSuchNode {
        /// The key's position in the assignment.
        key: usize,
        /// The node it names.
        node: NodeIndex,
        /// The number of nodes.
        node_count: u32,
    },
    /// More nodes than [`MAX_NODES`].
    TooManyNodes {
        /// How many were given.
        count: u32,
    },
    /// Two assignments of different lengths cannot be compared key by key.
    LengthMismatch {
        /// Keys in the first assignment.
        before: usize,
        /// Keys in the second.
        after: usize,
    },
}

impl fmt::Display for MetricsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MetricsError::Empty => write!(f, "there are no values to summarize"),
            MetricsError::BadValue { index, value } => write!(
                f,
                "value {} is {value}: shares and key counts are finite numbers of at least 0",
                index + 1
            ),
            MetricsError::NoSuchNode {
                key,
                node,
                node_count,
            } => write!(
                f,
                "key {} is assigned to node {node}, but the nodes are 0 to {}",
                key + 1,
                node_count.saturating_sub(1)
            ),
            MetricsError::TooManyNodes { count } => {
                write!(f, "{count} nodes is too many: at most {MAX_NODES}")
            }
            MetricsError::LengthMismatch { before, after } => write!(
                f,
                "cannot compare {before} keys with {after} keys: both assignments must cover the same keys"
            ),
        }
    }
}

impl std::error::Error for MetricsError {}
