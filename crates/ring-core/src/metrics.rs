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

use std::collections::BTreeMap;
use std::fmt;

use crate::error::MAX_NODES;
use crate::placement::NodeIndex;

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

/// How many keys each node owns: entry `i` counts the keys assigned to node `i`.
///
/// An index at or above `node_count` is an error ([`MetricsError::NoSuchNode`]), not
/// silently dropped: it means the assignment and the node count disagree. A `node_count`
/// above [`MAX_NODES`] is refused rather than allocated.
///
/// ```
/// use ring_core::metrics::loads;
///
/// assert_eq!(loads(&[0, 2, 2, 0, 2], 4), Ok(vec![2, 0, 3, 0]));
/// assert!(loads(&[0, 4], 4).is_err());
/// ```
pub fn loads(assignment: &[NodeIndex], node_count: u32) -> Result<Vec<u64>, MetricsError> {
    let too_many = MetricsError::TooManyNodes { count: node_count };
    let len = usize::try_from(node_count).map_err(|_| too_many.clone())?;
    if len > MAX_NODES {
        return Err(too_many);
    }
    let mut loads = vec![0u64; len];
    for (key, &node) in assignment.iter().enumerate() {
        let slot = usize::try_from(node).ok().and_then(|i| loads.get_mut(i));
        match slot {
            Some(load) => *load += 1,
            None => {
                return Err(MetricsError::NoSuchNode {
                    key,
                    node,
                    node_count,
                })
            }
        }
    }
    Ok(loads)
}

/// The balance of per-node values: shares of the hash space, or key counts.
///
/// The ratios are those of the paper in seed 003: R1 is the largest value over the
/// smallest, R2 the fraction of nodes within 10% of the mean, R3 within 2%. A perfectly
/// balanced cluster has R1 = 1, R2 = R3 = 1, peak-to-mean 1 and a standard deviation of 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Balance {
    /// Largest value / smallest value. `f64::INFINITY` when some value is 0 and another is
    /// not (a node that owns nothing); 1 when all values are equal, including all 0.
    pub r1: f64,
    /// Fraction of the values `v` with `|v - mean| <= 10% of mean` (the boundary counts as
    /// within).
    pub r2: f64,
    /// Fraction of the values within 2% of the mean, likewise.
    pub r3: f64,
    /// Largest value / mean: how much more than its fair part the busiest node carries.
    /// 1 when all values are 0.
    pub peak_to_mean: f64,
    /// Population standard deviation of the values (dividing by their count, not count - 1:
    /// the values are the whole cluster, not a sample of it).
    pub std_dev: f64,
    /// Coefficient of variation, `std_dev / mean`; 0 when all values are 0.
    pub cv: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// The mean value.
    pub mean: f64,
}

/// Relative allowance for rounding in the mean when testing "within x% of the mean" on
/// floating-point values, so that a value exactly on the boundary does not drop out
/// because the mean was rounded.
const WITHIN_SLACK: f64 = 1e-12;

impl Balance {
    /// The balance of `values`, one per node (shares of the hash space or key counts).
    ///
    /// Errors: [`MetricsError::Empty`] for no values, [`MetricsError::BadValue`] for a
    /// negative, NaN or infinite value. For integer key counts prefer
    /// [`Balance::of_counts`], which decides R2 and R3 exactly.
    ///
    /// ```
    /// use ring_core::metrics::Balance;
    ///
    /// let b = Balance::of(&[0.25, 0.5, 0.25]).unwrap();
    /// assert_eq!(b.r1, 2.0);
    /// assert_eq!(b.max, 0.5);
    /// assert!((b.peak_to_mean - 1.5).abs() < 1e-12);
    /// ```
    pub fn of(values: &[f64]) -> Result<Balance, MetricsError> {
        check_values(values)?;
        let mean = mean(values);
        let within = |inverse_tolerance: f64| {
            let slack = mean * WITHIN_SLACK;
            let count = values
                .iter()
                .filter(|&&v| inverse_tolerance * (v - mean).abs() <= mean + slack)
                .count();
            fraction_of(count, values.len())
        };
        // 1 / 10 and 1 / 50 are not exact in binary; multiplying the deviation by 10 or 50
        // instead keeps boundary values (110 against a mean of 100) exactly on the line.
        Ok(Balance::from_parts(
            values,
            mean,
            within(10.0),
            within(50.0),
        ))
    }

    /// The balance of key counts, one per node (for example the output of [`loads`]).
    ///
    /// R2 and R3 are decided in integer arithmetic (`10·|n·v − sum| <= sum` for R2, with n
    /// the number of counts), so a count exactly 10% or 2% off the mean is always within.
    /// The other fields are as [`Balance::of`] computes them on the counts as `f64`.
    ///
    /// ```
    /// use ring_core::metrics::Balance;
    ///
    /// // Mean 100: 90 and 110 are within 10%, 102 within 2%, 130 neither.
    /// let b = Balance::of_counts(&[90, 110, 102, 98, 130, 70]).unwrap();
    /// assert_eq!(b.r2, 4.0 / 6.0);
    /// assert_eq!(b.r3, 2.0 / 6.0);
    /// ```
    pub fn of_counts(counts: &[u64]) -> Result<Balance, MetricsError> {
        if counts.is_empty() {
            return Err(MetricsError::Empty);
        }
        let n = counts.len() as u128;
        let sum: u128 = counts.iter().map(|&c| u128::from(c)).sum();
        let within = |factor: u128| {
            let count = counts
                .iter()
                .filter(|&&c| factor * (n * u128::from(c)).abs_diff(sum) <= sum)
                .count();
            fraction_of(count, counts.len())
        };
        let values: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
        let mean = sum as f64 / counts.len() as f64;
        Ok(Balance::from_parts(&values, mean, within(10), within(50)))
    }

    fn from_parts(values: &[f64], mean: f64, r2: f64, r3: f64) -> Balance {
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let r1 = if max == min {
            1.0
        } else if min == 0.0 {
            f64::INFINITY
        } else {
            max / min
        };
        let variance =
            values.iter().map(|&v| (v - mean) * (v - mean)).sum::<f64>() / values.len() as f64;
        let std_dev = variance.sqrt();
        let (peak_to_mean, cv) = if mean > 0.0 {
            (max / mean, std_dev / mean)
        } else {
            (1.0, 0.0)
        };
        Balance {
            r1,
            r2,
            r3,
            peak_to_mean,
            std_dev,
            cv,
            min,
            max,
            mean,
        }
    }
}

fn check_values(values: &[f64]) -> Result<(), MetricsError> {
    if values.is_empty() {
        return Err(MetricsError::Empty);
    }
    match values.iter().position(|v| !v.is_finite() || *v < 0.0) {
        Some(index) => Err(MetricsError::BadValue {
            index,
            value: values[index],
        }),
        None => Ok(()),
    }
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn fraction_of(count: usize, total: usize) -> f64 {
    if total == 0 {
        0.0
    } else {
        count as f64 / total as f64
    }
}

/// Keys that went from one node to another between two assignments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flow {
    /// The label of the node that lost the keys.
    pub from: u32,
    /// The label of the node that gained them.
    pub to: u32,
    /// How many keys.
    pub keys: u64,
}

/// What changed between two assignments of the same keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves {
    /// The number of keys compared.
    pub total: u64,
    /// How many of them changed owner.
    pub moved: u64,
    /// The movements, largest first; equal ones by `from`, then `to`, ascending.
    pub flows: Vec<Flow>,
    /// Positions (in the assignments) of the keys that moved, ascending.
    pub moved_keys: Vec<usize>,
}

impl Moves {
    /// The fraction of keys that moved, 0 when there are no keys.
    pub fn fraction(&self) -> f64 {
        ratio(self.moved, self.total)
    }

    /// Keys that left the node labelled `label`.
    pub fn lost_by(&self, label: u32) -> u64 {
        self.flows
            .iter()
            .filter(|f| f.from == label)
            .map(|f| f.keys)
            .sum()
    }

    /// Keys that arrived at the node labelled `label`.
    pub fn gained_by(&self, label: u32) -> u64 {
        self.flows
            .iter()
            .filter(|f| f.to == label)
            .map(|f| f.keys)
            .sum()
    }

    /// The numbers of the summary line, against the ideal for the change that was made.
    pub fn summary(&self, ideal: Ideal) -> MoveSummary {
        MoveSummary {
            moved: self.moved,
            total: self.total,
            ideal,
        }
    }
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Compares two assignments of the same keys, key by key.
///
/// The entries are labels, not node indices: node indices shift when a node leaves, so the
/// caller maps them to stable identities first (any `u32` will do). Assignments of
/// different lengths are an error.
///
/// ```
/// use ring_core::metrics::{diff, Flow};
///
/// let moves = diff(&[7, 7, 8, 8, 9], &[7, 9, 8, 9, 9]).unwrap();
/// assert_eq!(moves.moved, 2);
/// assert_eq!(moves.moved_keys, vec![1, 3]);
/// assert_eq!(moves.flows[0], Flow { from: 7, to: 9, keys: 1 });
/// assert_eq!(moves.fraction(), 0.4);
/// ```
pub fn diff(before: &[u32], after: &[u32]) -> Result<Moves, MetricsError> {
    let mut builder = MovesBuilder::default();
    builder.extend(before, after)?;
    Ok(builder.finish())
}

/// [`diff`] taken a part at a time: the parts of two long assignments are compared in
/// order, so the work can be spread over several frames. Key positions in
/// [`Moves::moved_keys`] count from the start of the first part; the result of
/// [`MovesBuilder::finish`] is exactly [`diff`] of the parts joined.
///
/// ```
/// use ring_core::metrics::{diff, MovesBuilder};
///
/// let (before, after) = ([7, 7, 8, 8, 9], [7, 9, 8, 9, 9]);
/// let mut builder = MovesBuilder::default();
/// builder.extend(&before[..2], &after[..2]).unwrap();
/// builder.extend(&before[2..], &after[2..]).unwrap();
/// assert_eq!(builder.finish(), diff(&before, &after).unwrap());
/// ```
#[derive(Clone, Debug, Default)]
pub struct MovesBuilder {
    counts: BTreeMap<(u32, u32), u64>,
    moved_keys: Vec<usize>,
    compared: usize,
}

impl MovesBuilder {
    /// Compares the next part of the two assignments. Parts of different lengths are an
    /// error and change nothing.
    pub fn extend(&mut self, before: &[u32], after: &[u32]) -> Result<(), MetricsError> {
        if before.len() != after.len() {
            return Err(MetricsError::LengthMismatch {
                before: before.len(),
                after: after.len(),
            });
        }
        let offset = self.compared;
        for (key, (&from, &to)) in before.iter().zip(after).enumerate() {
            if from != to {
                *self.counts.entry((from, to)).or_insert(0) += 1;
                self.moved_keys.push(offset + key);
            }
        }
        self.compared += before.len();
        Ok(())
    }

    /// The keys compared so far.
    pub fn compared(&self) -> usize {
        self.compared
    }

    /// The movements over every part compared.
    pub fn finish(self) -> Moves {
        Moves {
            total: self.compared as u64,
            moved: self.moved_keys.len() as u64,
            flows: flows_of(self.counts),
            moved_keys: self.moved_keys,
        }
    }
}

/// The flows of keys counted per (from, to), in the order [`Moves::flows`] promises:
/// largest first, equal counts by (from, to).
pub(crate) fn flows_of(counts: BTreeMap<(u32, u32), u64>) -> Vec<Flow> {
    let flows: Vec<Flow> = counts
        .into_iter()
        .map(|((from, to), keys)| Flow { from, to, keys })
        .collect();
    // The map already ordered equal counts by (from, to): sorting `(MAX - keys, index)`
    // keeps that order among them, as a stable sort would, and is the sort of the key
    // positions (one copy of the sort in a wasm build).
    let mut order: Vec<(u64, usize)> = flows
        .iter()
        .enumerate()
        .map(|(i, f)| (u64::MAX - f.keys, i))
        .collect();
    order.sort_unstable();
    order
        .into_iter()
        .filter_map(|(_, i)| flows.get(i).copied())
        .collect()
}

/// The fraction of keys that must move, at the least, when one node joins and the cluster
/// then has `nodes_after` equal nodes: the newcomer's fair part, `1 / nodes_after`. A node
/// joining a cluster of `n` nodes passes `n + 1` and gets `1 / (n + 1)`. 0 for 0 nodes.
///
/// ```
/// use ring_core::metrics::ideal_join_fraction;
///
/// assert_eq!(ideal_join_fraction(4), 0.25); // the 4th node takes a quarter
/// ```
pub fn ideal_join_fraction(nodes_after: u32) -> f64 {
    if nodes_after == 0 {
        0.0
    } else {
        1.0 / f64::from(nodes_after)
    }
}

/// The fraction of keys that must move, at the least, when a node that owned
/// `share_of_leaver` of them leaves: exactly its own keys, no others. The share is clamped
/// to `0..=1`; NaN gives 0.
pub fn ideal_leave_fraction(share_of_leaver: f64) -> f64 {
    if share_of_leaver.is_nan() {
        0.0
    } else {
        share_of_leaver.clamp(0.0, 1.0)
    }
}

/// The least movement a change could cause, for the summary line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ideal {
    /// One node joined; the cluster now has `nodes_after` equal nodes
    /// ([`ideal_join_fraction`]).
    Join {
        /// The node count after the join.
        nodes_after: u32,
    },
    /// One node left, owning `share` of the keys before ([`ideal_leave_fraction`]).
    Leave {
        /// The leaver's share of the keys.
        share: f64,
    },
    /// No ideal to compare with (a reweight, another algorithm).
    None,
}

impl Ideal {
    /// The ideal fraction of keys moved, if there is one.
    pub fn fraction(self) -> Option<f64> {
        match self {
            Ideal::Join { nodes_after } => Some(ideal_join_fraction(nodes_after)),
            Ideal::Leave { share } => Some(ideal_leave_fraction(share)),
            Ideal::None => None,
        }
    }
}

/// The numbers of the line that sums up a change, with its English wording as
/// [`fmt::Display`]: `1,204 of 10,000 keys moved (12.0%); ideal 1/11 = 9.1%`.
///
/// Another language words the same fields, with [`format`] for the numbers.
///
/// ```
/// use ring_core::metrics::{Ideal, MoveSummary};
///
/// let s = MoveSummary { moved: 1204, total: 10_000, ideal: Ideal::Join { nodes_after: 11 } };
/// assert_eq!(s.to_string(), "1,204 of 10,000 keys moved (12.0%); ideal 1/11 = 9.1%");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveSummary {
    /// Keys that changed owner.
    pub moved: u64,
    /// Keys compared.
    pub total: u64,
    /// The least movement the change could cause.
    pub ideal: Ideal,
}

impl MoveSummary {
    /// The fraction of keys that moved, 0 when there are no keys.
    pub fn fraction(&self) -> f64 {
        ratio(self.moved, self.total)
    }

    /// The ideal fraction, if there is one.
    pub fn ideal_fraction(&self) -> Option<f64> {
        self.ideal.fraction()
    }
}

impl fmt::Display for MoveSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.total == 1 { "key" } else { "keys" };
        write!(
            f,
            "{} of {} {noun} moved ({})",
            format::group_thousands(self.moved),
            format::group_thousands(self.total),
            format::percent(self.fraction(), 1)
        )?;
        match self.ideal {
            Ideal::Join { nodes_after } if nodes_after > 0 => write!(
                f,
                "; ideal 1/{} = {}",
                format::group_thousands(u64::from(nodes_after)),
                format::percent(ideal_join_fraction(nodes_after), 1)
            ),
            Ideal::Leave { share } => write!(
                f,
                "; ideal {} (the leaving node's share)",
                format::percent(ideal_leave_fraction(share), 1)
            ),
            Ideal::Join { .. } | Ideal::None => Ok(()),
        }
    }
}

/// Number formatting shared by the app and `ringlab`: digits, separators and signs only,
/// no words, so every language can use it.
pub mod format {
    /// Most decimals [`decimal`] and [`percent`] write; more are cut to this.
    pub const MAX_DECIMALS: u32 = 17;

    /// `n` with a comma between groups of three digits: `1234567` → `"1,234,567"`.
    ///
    /// ```
    /// use ring_core::metrics::format::group_thousands;
    ///
    /// assert_eq!(group_thousands(10_000), "10,000");
    /// assert_eq!(group_thousands(999), "999");
    /// ```
    pub fn group_thousands(n: u64) -> String {
        group_digits(&n.to_string())
    }

    /// `value` rounded to `decimals` places (at most [`MAX_DECIMALS`]), its whole part
    /// grouped by thousands: `1234.56, 1` → `"1,234.6"`. Infinities are `"∞"` and `"-∞"`,
    /// NaN is `"NaN"`; a value that rounds to zero has no minus sign.
    ///
    /// ```
    /// use ring_core::metrics::format::decimal;
    ///
    /// assert_eq!(decimal(13000.04, 1), "13,000.0");
    /// assert_eq!(decimal(-0.04, 1), "0.0");
    /// assert_eq!(decimal(f64::INFINITY, 2), "∞");
    /// ```
    pub fn decimal(value: f64, decimals: u32) -> String {
        if value.is_nan() {
            return "NaN".to_string();
        }
        if value.is_infinite() {
            return if value > 0.0 { "∞" } else { "-∞" }.to_string();
        }
        let places = decimals.min(MAX_DECIMALS) as usize;
        let digits = format!("{:.*}", places, value.abs());
        let (whole, fraction) = match digits.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (digits.as_str(), None),
        };
        let is_zero = digits.bytes().all(|b| b == b'0' || b == b'.');
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
        if value < 0.0 && !is_zero {
            out.push('-');
        }
        out.push_str(&group_digits(whole));
        if let Some(fraction) = fraction {
            out.push('.');
            out.push_str(fraction);
        }
        out
    }

    /// A fraction written as a percentage with `decimals` places: `0.1204, 1` → `"12.0%"`.
    /// The input is a fraction (1 = 100%), not a percentage.
    ///
    /// ```
    /// use ring_core::metrics::format::percent;
    ///
    /// assert_eq!(percent(1.0 / 11.0, 1), "9.1%");
    /// assert_eq!(percent(0.5, 0), "50%");
    /// ```
    pub fn percent(fraction: f64, decimals: u32) -> String {
        let mut s = decimal(fraction * 100.0, decimals);
        s.push('%');
        s
    }

    fn group_digits(digits: &str) -> String {
        let len = digits.len();
        let mut out = String::with_capacity(len + len / 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (len - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    // Tests fail loudly by design: an unwrap on a result that must be Ok is the assertion.
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::format::{decimal, group_thousands, percent};
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn loads_count_each_node() {
        assert_eq!(loads(&[], 3), Ok(vec![0, 0, 0]));
        assert_eq!(loads(&[1, 1, 1], 2), Ok(vec![0, 3]));
        assert_eq!(
            loads(&[0, 1, 5], 3),
            Err(MetricsError::NoSuchNode {
                key: 2,
                node: 5,
                node_count: 3
            })
        );
        assert_eq!(
            loads(&[0], 0).unwrap_err().to_string(),
            "key 1 is assigned to node 0, but the nodes are 0 to 0"
        );
        assert_eq!(
            loads(&[], u32::MAX),
            Err(MetricsError::TooManyNodes { count: u32::MAX })
        );
        assert_eq!(loads(&[], MAX_NODES as u32).map(|l| l.len()), Ok(MAX_NODES));
    }

    #[test]
    fn balance_by_hand() {
        // 1, 2, 3, 6: mean 3, deviations -2, -1, 0, 3, variance (4 + 1 + 0 + 9) / 4 = 3.5.
        let b = Balance::of(&[1.0, 2.0, 3.0, 6.0]).unwrap();
        assert_eq!(b.r1, 6.0);
        assert_eq!(b.mean, 3.0);
        assert_eq!(b.min, 1.0);
        assert_eq!(b.max, 6.0);
        assert_eq!(b.peak_to_mean, 2.0);
        assert_eq!(b.std_dev, 3.5f64.sqrt());
        assert_eq!(b.cv, 3.5f64.sqrt() / 3.0);
        assert_eq!(b.r2, 0.25);
        assert_eq!(b.r3, 0.25);
    }

    #[test]
    fn boundaries_count_as_within() {
        // Mean 100; 110 and 90 sit exactly on the 10% line, 102 and 98 on the 2% line.
        let counts = [110u64, 90, 102, 98, 100, 111, 89, 103, 97, 100];
        let exact = Balance::of_counts(&counts).unwrap();
        assert_eq!(exact.r2, 0.8);
        assert_eq!(exact.r3, 0.4);
        let floats: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
        let approx = Balance::of(&floats).unwrap();
        assert_eq!((approx.r2, approx.r3), (0.8, 0.4));
        // Mean 30: 33 is exactly 10% off, even though 0.1 * 30 is not exactly 3 in binary.
        let b = Balance::of(&[33.0, 27.0, 30.0]).unwrap();
        assert_eq!(b.r2, 1.0);
    }

    #[test]
    fn zero_shares_and_degenerate_inputs() {
        let b = Balance::of(&[0.0, 0.5, 0.5]).unwrap();
        assert_eq!(b.r1, f64::INFINITY);
        let zeros = Balance::of(&[0.0, 0.0]).unwrap();
        assert_eq!(
            (zeros.r1, zeros.r2, zeros.r3, zeros.peak_to_mean, zeros.cv),
            (1.0, 1.0, 1.0, 1.0, 0.0)
        );
        assert_eq!(Balance::of_counts(&[0, 0]).unwrap(), zeros);
        let one = Balance::of(&[0.7]).unwrap();
        assert_eq!((one.r1, one.r2, one.r3, one.std_dev), (1.0, 1.0, 1.0, 0.0));
        assert_eq!(Balance::of(&[]), Err(MetricsError::Empty));
        assert_eq!(Balance::of_counts(&[]), Err(MetricsError::Empty));
        assert!(matches!(
            Balance::of(&[0.5, f64::NAN]),
            Err(MetricsError::BadValue { index: 1, .. })
        ));
        assert!(matches!(
            Balance::of(&[-0.1]),
            Err(MetricsError::BadValue { index: 0, .. })
        ));
        assert!(matches!(
            Balance::of(&[f64::INFINITY]),
            Err(MetricsError::BadValue { index: 0, .. })
        ));
    }

    /// A ring with one point per name at `md5_le32(name)`; each point owns the arc from the
    /// previous point (exclusive) to itself. Returns each node's share.
    fn md5_ring_shares(names_per_node: &[Vec<String>]) -> Vec<f64> {
        let mut points: Vec<(u32, usize)> = Vec::new();
        for (node, names) in names_per_node.iter().enumerate() {
            for name in names {
                let d = md5::compute(name.as_bytes()).0;
                points.push((u32::from_le_bytes([d[0], d[1], d[2], d[3]]), node));
            }
        }
        points.sort();
        let mut arcs = vec![0u64; names_per_node.len()];
        for (i, &(pos, node)) in points.iter().enumerate() {
            let prev = points[(i + points.len() - 1) % points.len()].0;
            arcs[node] += u64::from(pos.wrapping_sub(prev));
        }
        arcs.iter().map(|&a| a as f64 / 4_294_967_296.0).collect()
    }

    fn seed_names(nodes: u32, vnodes: Option<u32>) -> Vec<Vec<String>> {
        (1..=nodes)
            .map(|i| match vnodes {
                None => vec![format!("192.168.1.{i}")],
                Some(v) => (0..v).map(|j| format!("192.168.1.{i}#{j}")).collect(),
            })
            .collect()
    }

    #[test]
    fn seed_003_figures_checked_with_md5() {
        // known-answers.md's check of the paper: names "192.168.1.i" and "192.168.1.i#j",
        // points at the MD5 key hash. The figures there are rounded to two digits.
        let r1 = |n, vnodes| {
            Balance::of(&md5_ring_shares(&seed_names(n, vnodes)))
                .unwrap()
                .r1
        };
        // One point per node: R1 = 17 to 13,000 for 10 to 100 nodes.
        assert_eq!(r1(10, None).round(), 17.0);
        assert_eq!((r1(100, None) / 1000.0).round(), 13.0);
        for n in [20, 30, 50, 70, 90] {
            let r = r1(n, None);
            assert!(
                (17.0..=13_500.0).contains(&r),
                "one point, {n} nodes: R1 {r}"
            );
        }
        // 30 virtual nodes: R1 = 1.4 to 2.9.
        for n in [10, 30, 50, 100] {
            let r = r1(n, Some(30));
            assert!((1.4..=2.9).contains(&r), "30 vnodes, {n} nodes: R1 {r}");
        }
        // 100 virtual nodes, 30 to 100 nodes: R1 = 1.5 to 1.7, R2 = 0.62 to 0.70.
        for n in [30, 50, 100] {
            let b = Balance::of(&md5_ring_shares(&seed_names(n, Some(100)))).unwrap();
            assert!(
                (1.495..=1.705).contains(&b.r1),
                "100 vnodes, {n} nodes: R1 {}",
                b.r1
            );
            assert!(
                (0.615..=0.705).contains(&b.r2),
                "100 vnodes, {n} nodes: R2 {}",
                b.r2
            );
        }
        // 1000 virtual nodes: R1 = 1.04 to 1.19.
        for n in [10, 30, 60, 100] {
            let r = r1(n, Some(1000));
            assert!(
                (1.035..=1.195).contains(&r),
                "1000 vnodes, {n} nodes: R1 {r}"
            );
        }
    }

    #[test]
    fn diff_by_hand() {
        let before = [1, 1, 1, 2, 2, 3, 3, 3];
        let after = [1, 4, 4, 2, 4, 3, 1, 3];
        let m = diff(&before, &after).unwrap();
        assert_eq!((m.total, m.moved), (8, 4));
        assert_eq!(m.moved_keys, vec![1, 2, 4, 6]);
        assert_eq!(
            m.flows,
            vec![
                Flow {
                    from: 1,
                    to: 4,
                    keys: 2
                },
                Flow {
                    from: 2,
                    to: 4,
                    keys: 1
                },
                Flow {
                    from: 3,
                    to: 1,
                    keys: 1
                },
            ]
        );
        assert_eq!(m.fraction(), 0.5);
        assert_eq!(
            (m.gained_by(4), m.lost_by(4), m.lost_by(1), m.gained_by(1)),
            (3, 0, 2, 1)
        );
        assert_eq!(
            diff(&[1, 2], &[1]),
            Err(MetricsError::LengthMismatch {
                before: 2,
                after: 1
            })
        );
        let none = diff(&[], &[]).unwrap();
        assert_eq!((none.total, none.moved, none.fraction()), (0, 0, 0.0));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn diff_matches_a_naive_count(
            pairs in proptest::collection::vec((0u32..5, 0u32..5), 0..200)
        ) {
            let (before, after): (Vec<u32>, Vec<u32>) = pairs.iter().copied().unzip();
            let m = diff(&before, &after).unwrap();
            let moved: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
            prop_assert_eq!(&m.moved_keys, &moved);
            prop_assert_eq!(m.moved, moved.len() as u64);
            prop_assert_eq!(m.total, before.len() as u64);
            prop_assert_eq!(m.flows.iter().map(|f| f.keys).sum::<u64>(), m.moved);
            for f in &m.flows {
                let naive = moved.iter().filter(|&&i| before[i] == f.from && after[i] == f.to).count();
                prop_assert_eq!(f.keys, naive as u64);
                prop_assert!(f.from != f.to && f.keys > 0);
            }
            for w in m.flows.windows(2) {
                prop_assert!((w[1].keys, w[0].from, w[0].to) < (w[0].keys, w[1].from, w[1].to));
            }
        }

        #[test]
        fn balance_agrees_with_its_definitions(counts in proptest::collection::vec(0u64..1000, 1..60)) {
            let floats: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
            let b = Balance::of_counts(&counts).unwrap();
            let f = Balance::of(&floats).unwrap();
            let n = counts.len() as f64;
            let mean = counts.iter().sum::<u64>() as f64 / n;
            // The naive definitions, in exact rationals: |c - mean| <= mean / 10.
            let sum: i128 = counts.iter().map(|&c| c as i128).sum();
            let within = |den: i128| counts
                .iter()
                .filter(|&&c| den * (counts.len() as i128 * c as i128 - sum).abs() <= sum)
                .count() as f64 / n;
            prop_assert_eq!(b.r2, within(10));
            prop_assert_eq!(b.r3, within(50));
            prop_assert_eq!((f.r2, f.r3), (b.r2, b.r3));
            let max = *counts.iter().max().unwrap() as f64;
            let min = *counts.iter().min().unwrap() as f64;
            prop_assert_eq!(b.max, max);
            prop_assert_eq!(b.min, min);
            if min > 0.0 {
                prop_assert_eq!(b.r1, max / min);
            } else if max > 0.0 {
                prop_assert_eq!(b.r1, f64::INFINITY);
            }
            prop_assert!((b.mean - mean).abs() <= 1e-9 * mean.max(1.0));
            let var = floats.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
            prop_assert!((b.std_dev - var.sqrt()).abs() <= 1e-9 * var.sqrt().max(1.0));
            prop_assert!(b.peak_to_mean >= 1.0 && b.r1 >= 1.0 && b.cv >= 0.0);
            prop_assert!(b.r3 <= b.r2);
        }

        #[test]
        fn grouping_round_trips(n in any::<u64>()) {
            let s = group_thousands(n);
            prop_assert_eq!(s.replace(',', "").parse::<u64>().unwrap(), n);
            for (i, group) in s.split(',').enumerate() {
                let ok = if i == 0 { (1..=3).contains(&group.len()) } else { group.len() == 3 };
                prop_assert!(ok, "group {} of {}", i, s);
            }
        }

        #[test]
        fn decimal_round_trips(v in -1e12f64..1e12, places in 0u32..6) {
            let s = decimal(v, places);
            let back: f64 = s.replace(',', "").parse().unwrap();
            prop_assert!((back - v).abs() <= 0.5 * 10f64.powi(-(places as i32)) + 1e-3);
        }
    }

    #[test]
    fn number_formats() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(1000), "1,000");
        assert_eq!(group_thousands(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(decimal(1234567.891, 2), "1,234,567.89");
        assert_eq!(decimal(-1234.5, 0), "-1,234"); // round half to even, as `format!` does
        assert_eq!(decimal(-0.0, 3), "0.000");
        assert_eq!(decimal(f64::NEG_INFINITY, 1), "-∞");
        assert_eq!(decimal(f64::NAN, 1), "NaN");
        assert_eq!(decimal(0.5, 100).len(), 2 + format::MAX_DECIMALS as usize);
        assert_eq!(percent(0.1204, 1), "12.0%");
        assert_eq!(percent(123.456, 1), "12,345.6%");
        assert_eq!(percent(1.0, 0), "100%");
    }

    #[test]
    fn ideal_fractions() {
        assert_eq!(ideal_join_fraction(11), 1.0 / 11.0);
        assert_eq!(ideal_join_fraction(1), 1.0);
        assert_eq!(ideal_join_fraction(0), 0.0);
        assert_eq!(ideal_leave_fraction(0.3), 0.3);
        assert_eq!(ideal_leave_fraction(1.5), 1.0);
        assert_eq!(ideal_leave_fraction(-0.1), 0.0);
        assert_eq!(ideal_leave_fraction(f64::NAN), 0.0);
    }

    #[test]
    fn summary_lines() {
        let moves = diff(&[0; 10_000], &[[0; 8796].as_slice(), &[1; 1204]].concat()).unwrap();
        let s = moves.summary(Ideal::Join { nodes_after: 11 });
        assert_eq!(
            s.to_string(),
            "1,204 of 10,000 keys moved (12.0%); ideal 1/11 = 9.1%"
        );
        assert_eq!(s.ideal_fraction(), Some(1.0 / 11.0));
        let leave = MoveSummary {
            moved: 1,
            total: 1,
            ideal: Ideal::Leave { share: 0.25 },
        };
        assert_eq!(
            leave.to_string(),
            "1 of 1 key moved (100.0%); ideal 25.0% (the leaving node's share)"
        );
        let plain = MoveSummary {
            moved: 0,
            total: 0,
            ideal: Ideal::None,
        };
        assert_eq!(plain.to_string(), "0 of 0 keys moved (0.0%)");
        assert_eq!(plain.ideal_fraction(), None);
    }
}
