//! Which keys a join or a leave moved on a ring, found without placing every key again.
//!
//! Hash the keys once ([`KeyPositions`]), keeping them sorted by position. After a change,
//! [`ring_delta`] walks the two rings' points side by side and finds the positions whose
//! run of points changed; only keys in the arc that ends at such a position can have
//! changed owner, so only they are located again, in both placements. A join of one node
//! with `v` points re-examines about `v` arcs' worth of keys instead of all of them.
//!
//! The result is exactly [`metrics::diff`] over the two full assignments (mapped to
//! stable labels, since node indices shift when a node leaves), plus each moved key's new
//! label, so an assignment and its loads can be brought up to date in place.
//!
//! [`metrics::diff`]: crate::metrics::diff
//!
//! ```
//! use ring_core::delta::{ring_delta, KeyPositions};
//! use ring_core::metrics;
//! use ring_core::ring::Naming;
//! use ring_core::{build, Algorithm, Config, NodeSpec, Placement};
//!
//! let config = Config::new(Algorithm::virtual_nodes(Naming::Hash));
//! let mut nodes: Vec<NodeSpec> = (0..4).map(|i| NodeSpec::new(format!("n{i}"), 100)).collect();
//! let before = build(&config, &nodes).unwrap();
//! let keys: Vec<String> = (0..1000).map(|i| format!("key-{i}")).collect();
//! let cache = KeyPositions::of(before.as_ref(), &keys);
//!
//! nodes.push(NodeSpec::new("n4", 100));
//! let after = before.joined(&nodes[4]).unwrap().unwrap();
//! let labels: Vec<u32> = (0..5).collect(); // nodes keep their index on a join
//! let (old, new) = (before.as_ref(), after.as_ref());
//! let delta = ring_delta(old, &labels[..4], new, &labels, &keys, &cache).unwrap();
//!
//! let full = metrics::diff(&before.assign(&keys), &after.assign(&keys)).unwrap();
//! assert_eq!(delta.moves, full);
//! assert!(delta.moved_to.iter().all(|&to| to == 4)); // only onto the newcomer
//! assert!(delta.examined < 1000);
//! ```

use std::fmt;

use crate::metrics::{self, Moves};
use crate::placement::{NodeIndex, Placement, RingPoint};

/// Keys' positions, hashed once: in key order, and sorted by position for range queries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyPositions {
    positions: Vec<u64>,
    by_position: Vec<(u64, usize)>,
}

impl KeyPositions {
    /// Sorts `positions` (key `i` at `positions[i]`) once.
    pub fn new(positions: Vec<u64>) -> Self {
        let mut by_position: Vec<(u64, usize)> =
            positions.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        metrics::sort_indexed(&mut by_position);
        KeyPositions {
            positions,
            by_position,
        }
    }

    /// Keys' positions with their sorted order already worked out by the caller (in
    /// slices, between frames): `by_position` must be every `(positions[i], i)` sorted.
    /// `None` if the two lengths differ or `by_position` is not sorted; that each index
    /// appears once is the caller's promise (a broken one gives wrong moves, never a panic).
    pub fn from_sorted(positions: Vec<u64>, by_position: Vec<(u64, usize)>) -> Option<Self> {
        let sorted = by_position.windows(2).all(|w| w[0] <= w[1]);
        (sorted && positions.len() == by_position.len()).then_some(KeyPositions {
            positions,
            by_position,
        })
    }

    /// The positions of `keys` in `placement` ([`Placement::key_positions`]), sorted once.
    pub fn of(placement: &dyn Placement, keys: &[String]) -> Self {
        Self::new(placement.key_positions(keys))
    }

    /// Key `i`'s position at index `i`.
    pub fn positions(&self) -> &[u64] {
        &self.positions
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are no keys.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The keys whose positions lie in `(after, upto]` (`after = None`: from 0 on), as
    /// (position, key index) sorted by position. Empty if the range is.
    pub fn in_arc(&self, after: Option<u64>, upto: u64) -> &[(u64, usize)] {
        let lo = match after {
            Some(a) => self.by_position.partition_point(|&(p, _)| p <= a),
            None => 0,
        };
        let hi = self.by_position.partition_point(|&(p, _)| p <= upto);
        self.by_position.get(lo..hi).unwrap_or(&[])
    }
}

/// What changed between two placements of the same keys, found arc by arc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingDelta {
    /// Exactly [`metrics::diff`](crate::metrics::diff) of the two full assignments, in labels.
    pub moves: Moves,
    /// The new label of each moved key, in the order of `moves.moved_keys`.
    pub moved_to: Vec<u32>,
    /// How many keys lay in changed arcs and were located again.
    pub examined: u64,
}

impl RingDelta {
    /// Brings an assignment in labels (entry `i` is key `i`'s owner's label before the
    /// change) up to date. Entries past the end of `assignment` are ignored.
    pub fn apply(&self, assignment: &mut [u32]) {
        for (&key, &to) in self.moves.moved_keys.iter().zip(&self.moved_to) {
            if let Some(entry) = assignment.get_mut(key) {
                *entry = to;
            }
        }
    }

    /// Each node's load after the change, indexed by the nodes after it, from the loads
    /// before (indexed by the nodes before): a node keeps its load less what it lost plus
    /// what it gained; a newcomer starts from 0. A label missing from either list counts as
    /// a node with no load there.
    pub fn loads_after(
        &self,
        loads_before: &[u64],
        before_labels: &[u32],
        after_labels: &[u32],
    ) -> Vec<u64> {
        // Every amount by label: the loads before, then each flow out and in. Sorted by
        // label through the crate's one sort (of `(u64, usize)`: label and amount index),
        // then added up per label, in place of a map (see `metrics::PairCounts`).
        let flows = &self.moves.flows;
        let mut amounts: Vec<i128> = loads_before.iter().map(|&l| i128::from(l)).collect();
        let mut by_label: Vec<(u64, usize)> = before_labels
            .iter()
            .take(amounts.len())
            .enumerate()
            .map(|(i, &label)| (u64::from(label), i))
            .collect();
        for f in flows {
            for (label, amount) in [(f.from, -i128::from(f.keys)), (f.to, i128::from(f.keys))] {
                by_label.push((u64::from(label), amounts.len()));
                amounts.push(amount);
            }
        }
        metrics::sort_indexed(&mut by_label);
        let mut totals: Vec<(u64, i128)> = Vec::new();
        for &(label, i) in &by_label {
            let amount = amounts.get(i).copied().unwrap_or(0);
            match totals.last_mut() {
                Some(last) if last.0 == label => last.1 += amount,
                _ => totals.push((label, amount)),
            }
        }
        after_labels
            .iter()
            .map(|&label| {
                let load = totals
                    .binary_search_by_key(&u64::from(label), |t| t.0)
                    .map_or(0, |i| totals[i].1);
                u64::try_from(load.max(0)).unwrap_or(u64::MAX)
            })
            .collect()
    }
}

/// Why [`ring_delta`] could not compare two placements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeltaError {
    /// A placement has no ring that alone decides its keys' owners
    /// ([`Placement::owning_ring`]): place every key again and use
    /// [`metrics::diff`](crate::metrics::diff).
    NotARing,
    /// A label list whose length is not the placement's node count.
    LabelCount {
        /// How many labels were given.
        labels: usize,
        /// The placement's node count.
        nodes: u32,
    },
    /// A different number of keys and cached positions.
    KeyCount {
        /// How many keys were given.
        keys: usize,
        /// How many positions the cache holds.
        positions: usize,
    },
}

impl fmt::Display for DeltaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeltaError::NotARing => write!(
                f,
                "only ring placements (not bounded loads) can be compared arc by arc"
            ),
            DeltaError::LabelCount { labels, nodes } => write!(
                f,
                "{labels} labels given for {nodes} nodes: give exactly one label per node"
            ),
            DeltaError::KeyCount { keys, positions } => write!(
                f,
                "{keys} keys but {positions} cached positions: hash the same keys"
            ),
        }
    }
}

impl std::error::Error for DeltaError {}

/// The moves between `before` and `after` (two ring placements of the same algorithm and
/// hash, typically one node apart) of `keys`, whose positions `cache` holds. Node `i` of
/// `before` is called `before_labels[i]`, node `j` of `after` `after_labels[j]`; a node
/// that stays must keep its label.
///
/// Only keys in arcs ending at a position whose run of points differs between the rings
/// (in labels, so renumbering after a leave changes nothing) are located again; every
/// other key has the same successor point, hence the same owner, in both.
pub fn ring_delta(
    before: &dyn Placement,
    before_labels: &[u32],
    after: &dyn Placement,
    after_labels: &[u32],
    keys: &[String],
    cache: &KeyPositions,
) -> Result<RingDelta, DeltaError> {
    let (Some(old), Some(new)) = (before.owning_ring(), after.owning_ring()) else {
        return Err(DeltaError::NotARing);
    };
    check_labels(before_labels, before.node_count())?;
    check_labels(after_labels, after.node_count())?;
    if keys.len() != cache.len() {
        return Err(DeltaError::KeyCount {
            keys: keys.len(),
            positions: cache.len(),
        });
    }
    let label = |labels: &[u32], owner: NodeIndex| labels.get(owner as usize).copied();
    // Each moved key's new label, by key, and which keys moved (a bit each): walking the bits
    // in order gives the moved keys ascending without sorting them.
    let mut moved_to_by_key: Vec<u32> = Vec::new();
    let mut moved_bits: Vec<u64> = Vec::new();
    // The keys of one arc all move between the same two nodes: each run adds to one count.
    let mut counts = metrics::PairCounts::default();
    let mut examined = 0u64;
    for (after_pos, upto) in changed_arcs(old.points(), before_labels, new.points(), after_labels) {
        let in_arc = cache.in_arc(after_pos, upto);
        if in_arc.is_empty() {
            continue;
        }
        // No point of either ring lies inside the arc, so where the position alone decides
        // the owner, every key in it has the owner of the arc's end.
        let whole_arc = match (before.locate_position(upto), after.locate_position(upto)) {
            (Some(a), Some(b)) => Some((label(before_labels, a), label(after_labels, b))),
            _ => None,
        };
        examined += in_arc.len() as u64;
        if let Some((from, to)) = whole_arc {
            if from == to {
                continue;
            }
        }
        for &(position, key) in in_arc {
            let (from, to) = match whole_arc {
                Some(pair) => pair,
                None => {
                    let Some(text) = keys.get(key) else { continue };
                    (
                        label(before_labels, before.locate_with_position(text, position)),
                        label(after_labels, after.locate_with_position(text, position)),
                    )
                }
            };
            let (Some(from), Some(to)) = (from, to) else {
                continue;
            };
            if from == to {
                continue;
            }
            if moved_bits.is_empty() {
                moved_to_by_key = vec![0; keys.len()];
                moved_bits = vec![0; keys.len().div_ceil(64)];
            }
            if let (Some(slot), Some(word)) =
                (moved_to_by_key.get_mut(key), moved_bits.get_mut(key / 64))
            {
                *slot = to;
                *word |= 1 << (key % 64);
                counts.add(from, to, 1);
            }
        }
    }
    let mut moved_keys = Vec::new();
    for (w, &bits) in moved_bits.iter().enumerate() {
        let mut rest = bits;
        while rest != 0 {
            moved_keys.push(w * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
    let moved_to = moved_keys
        .iter()
        .filter_map(|&k| moved_to_by_key.get(k).copied())
        .collect();
    Ok(RingDelta {
        moves: Moves {
            total: keys.len() as u64,
            moved: moved_keys.len() as u64,
            flows: counts.flows(),
            moved_keys,
        },
        moved_to,
        examined,
    })
}

fn check_labels(labels: &[u32], nodes: u32) -> Result<(), DeltaError> {
    if labels.len() == nodes as usize {
        Ok(())
    } else {
        Err(DeltaError::LabelCount {
            labels: labels.len(),
            nodes,
        })
    }
}

/// The arcs `(after, upto]` whose keys may have changed owner: for every position (of
/// either ring) whose run of points differs in labels between the rings, the arc from the
/// previous position of either ring to it. The first position's arc wraps: it is split
/// into `[0, first]` (`after = None`) and `(last, u64::MAX]`.
fn changed_arcs(
    old: &[RingPoint],
    old_labels: &[u32],
    new: &[RingPoint],
    new_labels: &[u32],
) -> Vec<(Option<u64>, u64)> {
    let last = match (old.last(), new.last()) {
        (Some(a), Some(b)) => a.position.max(b.position),
        (Some(a), None) => a.position,
        (None, Some(b)) => b.position,
        (None, None) => return Vec::new(),
    };
    let mut arcs = Vec::new();
    let (mut i, mut j) = (0usize, 0usize);
    let mut previous: Option<u64> = None;
    loop {
        let at = match (old.get(i), new.get(j)) {
            (Some(a), Some(b)) => a.position.min(b.position),
            (Some(a), None) => a.position,
            (None, Some(b)) => b.position,
            (None, None) => break,
        };
        let a_end = run_end(old, i, at);
        let b_end = run_end(new, j, at);
        let same = old
            .get(i..a_end)
            .zip(new.get(j..b_end))
            .is_some_and(|(a, b)| {
                a.len() == b.len()
                    && a.iter().zip(b).all(|(p, q)| {
                        old_labels.get(p.owner as usize) == new_labels.get(q.owner as usize)
                    })
            });
        if !same {
            arcs.push((previous, at));
            if previous.is_none() && last < u64::MAX {
                arcs.push((Some(last), u64::MAX));
            }
        }
        previous = Some(at);
        i = a_end;
        j = b_end;
    }
    arcs
}

/// The end (exclusive) of the run of points at position `at` starting at `start`; `start`
/// itself if the point there is elsewhere.
fn run_end(points: &[RingPoint], start: usize, at: u64) -> usize {
    let rest = points.get(start..).unwrap_or(&[]);
    start + rest.iter().take_while(|p| p.position == at).count()
}
