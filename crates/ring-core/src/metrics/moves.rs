//! Moves: the diff of two assignments of the same keys ([`diff`], [`MovesBuilder`],
//! [`Moves`], [`Flow`]), the least movement a change could cause ([`Ideal`]) and the
//! summary line ([`MoveSummary`]). Apart from balance, which looks at one assignment.

use std::fmt;

use super::{format, MetricsError};

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
    counts: PairCounts,
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
                self.counts.add(from, to, 1);
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
            flows: self.counts.flows(),
            moved_keys: self.moved_keys,
        }
    }
}

/// Sorts `(position, index)` pairs: the one sort of this type in the crate, called by
/// everything that sorts them (key positions, flows, pair counts), so that a wasm build
/// carries one copy of it (each caller's own `sort_unstable` would make its own, 2 KB
/// each).
#[inline(never)]
pub fn sort_indexed(pairs: &mut [(u64, usize)]) {
    pairs.sort_unstable();
}

/// The first index whose item repeats an earlier one: the smallest `i` with some `j < i`
/// where `keys[j] == keys[i]` and `same(j, i)` (`same` tells apart items whose keys are
/// equal by chance, as names with one hash; for keys that are the items, it is always
/// true). What the crate's duplicate checks need in place of a hash set, which costs a wasm
/// build 1 to 2 KB gzipped per element type; by [`sort_indexed`], O(n log n).
pub(crate) fn first_repeat(
    keys: impl Iterator<Item = u64>,
    same: impl Fn(usize, usize) -> bool,
) -> Option<usize> {
    let mut pairs: Vec<(u64, usize)> = keys.zip(0..).collect();
    sort_indexed(&mut pairs);
    let mut first = None::<usize>;
    // A run of equal keys is in index order; its first repeat is the earliest in the run.
    for run in pairs.chunk_by(|a, b| a.0 == b.0) {
        let repeat = run
            .iter()
            .enumerate()
            .skip(1)
            .find(|(k, later)| run.iter().take(*k).any(|earlier| same(earlier.1, later.1)));
        if let Some((_, &(_, i))) = repeat {
            first = Some(first.map_or(i, |f| f.min(i)));
        }
    }
    first
}

/// How many distinct values `keys` holds.
pub(crate) fn distinct(keys: impl Iterator<Item = u64>) -> usize {
    let mut pairs: Vec<(u64, usize)> = keys.map(|k| (k, 0)).collect();
    sort_indexed(&mut pairs);
    pairs.chunk_by(|a, b| a.0 == b.0).count()
}

/// Keys moved per (from, to). Counts are appended as they come (a run of keys between the
/// same two nodes adds to the last count), and the list is sorted and merged whenever it
/// has doubled since the last merge, so it stays within about twice the distinct pairs.
///
/// A list sorted by the one sort the crate already instantiates (of `(u64, usize)`, the
/// key positions' sort) rather than a map: a `BTreeMap` here cost 10 KB of the app's
/// wasm before compression.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairCounts {
    /// `(from << 32 | to, keys)`.
    counts: Vec<(u64, usize)>,
    /// The length after the last merge.
    merged: usize,
}

impl PairCounts {
    /// Fewest counts kept before merging: small changes never sort until the end.
    const MIN_MERGE: usize = 1024;

    /// Counts `keys` more keys moved from `from` to `to`.
    pub(crate) fn add(&mut self, from: u32, to: u32, keys: usize) {
        let pair = (u64::from(from) << 32) | u64::from(to);
        match self.counts.last_mut() {
            Some(last) if last.0 == pair => last.1 += keys,
            _ => {
                self.counts.push((pair, keys));
                if self.counts.len() >= 2 * self.merged.max(Self::MIN_MERGE) {
                    self.merge();
                }
            }
        }
    }

    /// Sorts the counts by pair and adds up each pair's.
    fn merge(&mut self) {
        sort_indexed(&mut self.counts);
        let mut out: Vec<(u64, usize)> = Vec::with_capacity(self.counts.len());
        for &(pair, keys) in &self.counts {
            match out.last_mut() {
                Some(last) if last.0 == pair => last.1 += keys,
                _ => out.push((pair, keys)),
            }
        }
        self.merged = out.len();
        self.counts = out;
    }

    /// The flows, in the order [`Moves::flows`] promises: largest first, equal counts by
    /// (from, to).
    pub(crate) fn flows(mut self) -> Vec<Flow> {
        self.merge();
        let flows: Vec<Flow> = self
            .counts
            .iter()
            .map(|&(pair, keys)| Flow {
                from: (pair >> 32) as u32,
                to: pair as u32,
                keys: keys as u64,
            })
            .collect();
        flows_in_order(flows)
    }
}

/// `flows`, already ordered by (from, to), ordered largest first.
fn flows_in_order(flows: Vec<Flow>) -> Vec<Flow> {
    // Sorting `(MAX - keys, index)` keeps the (from, to) order among equal counts, as a
    // stable sort would, and is the sort of the key positions (one copy of the sort in a
    // wasm build).
    let mut order: Vec<(u64, usize)> = flows
        .iter()
        .enumerate()
        .map(|(i, f)| (u64::MAX - f.keys, i))
        .collect();
    sort_indexed(&mut order);
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
    /// The nodes' weights differ, and by them `share` of the keys must move at least: a
    /// joining node's weight share, or after a reweight how much that node's share changed
    /// (every other node's share changes the other way, by the same total).
    ByWeight {
        /// The fraction of the keys.
        share: f64,
    },
    /// No ideal to compare with (another algorithm, another hash).
    None,
}

impl Ideal {
    /// The ideal fraction of keys moved, if there is one.
    pub fn fraction(self) -> Option<f64> {
        match self {
            Ideal::Join { nodes_after } => Some(ideal_join_fraction(nodes_after)),
            Ideal::Leave { share } => Some(ideal_leave_fraction(share)),
            Ideal::ByWeight { share } => Some(ideal_leave_fraction(share)),
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
            Ideal::ByWeight { share } => write!(
                f,
                "; ideal {} by the nodes' weights",
                format::percent(ideal_leave_fraction(share), 1)
            ),
            Ideal::Join { .. } | Ideal::None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_repeat_is_the_earliest_item_equal_to_an_earlier_one() {
        let same = |_: usize, _: usize| true;
        assert_eq!(first_repeat([4u64, 2, 9].into_iter(), same), None);
        assert_eq!(first_repeat([4u64, 2, 9, 2, 4].into_iter(), same), Some(3));
        assert_eq!(first_repeat([7u64, 7].into_iter(), same), Some(1));
        assert_eq!(first_repeat(std::iter::empty(), same), None);
        // Equal keys that are different items do not count.
        let names = ["a", "b", "c", "b"];
        let by_length = names.iter().map(|n| n.len() as u64);
        assert_eq!(
            first_repeat(by_length.clone(), |j, i| names[j] == names[i]),
            Some(3)
        );
        assert_eq!(
            first_repeat(by_length.take(3), |j, i| names[j] == names[i]),
            None
        );
        assert_eq!(distinct([3u64, 1, 3, 2, 1].into_iter()), 3);
        assert_eq!(distinct(std::iter::empty()), 0);
    }
    use proptest::prelude::*;

    #[test]
    fn a_weighted_ideal_is_worded_by_weight() {
        let s = MoveSummary {
            moved: 3_000,
            total: 10_000,
            ideal: Ideal::ByWeight {
                share: 250.0 / 650.0,
            },
        };
        assert_eq!(
            s.to_string(),
            "3,000 of 10,000 keys moved (30.0%); ideal 38.5% by the nodes' weights"
        );
        assert_eq!(s.ideal_fraction(), Some(250.0 / 650.0));
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
