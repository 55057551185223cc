//! Chord's finger tables and lookup paths (Stoica et al., 2001), the "jump table" of seed
//! 002: each node knows the nodes at distance 1, 2, 4, … around the ring, so a lookup can
//! halve the remaining distance at each hop and reach any key in O(log n) hops instead of
//! walking the ring node by node.
//!
//! Nodes sit at positions on a ring of `2^m` positions (`m` = [`ChordRing::bits`], 1 to
//! 64). A key belongs to its successor, the first node at or after its position, wrapping.
//! Finger `i` of node `n` is the successor of `n + 2^i (mod 2^m)`, for `i` in `0..m`;
//! finger 0 is the node's successor on the ring.
//!
//! A lookup ([`ChordRing::lookup_path`]) follows the paper's `find_successor`: a node whose
//! successor owns the key hands the query to that successor; otherwise it forwards the
//! query to its closest finger preceding the key.

use crate::metrics::first_repeat;

use crate::error::BuildError;
use crate::placement::NodeIndex;

/// A node on the Chord ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChordNode {
    /// Its position (identifier), below `2^bits`.
    pub position: u64,
    /// The node.
    pub node: NodeIndex,
}

/// One entry of a finger table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finger {
    /// Where the finger points: `n + 2^i (mod 2^m)` for finger `i` of node `n`.
    pub start: u64,
    /// The first node at or after `start`.
    pub node: NodeIndex,
    /// That node's position.
    pub position: u64,
}

/// One hop of a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The node that forwards the query.
    pub from: NodeIndex,
    /// The node it forwards to.
    pub to: NodeIndex,
    /// Which of `from`'s fingers it used (0 = its successor).
    pub finger: u32,
}

/// A Chord ring: nodes at positions on a ring of `2^bits` positions. Immutable once built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChordRing {
    bits: u32,
    /// Sorted by position, one node per position.
    members: Vec<ChordNode>,
    /// `(node, index in members)`, sorted by node, to find a node's place.
    by_node: Vec<(NodeIndex, usize)>,
    /// Nodes left out because another node has the same position.
    shadowed: Vec<ChordNode>,
}

impl ChordRing {
    /// Builds the ring from `(position, node)` pairs on a ring of `2^bits` positions.
    ///
    /// When several nodes have the same position, the one with the smallest index takes it
    /// and the others are left off the ring ([`ChordRing::shadowed`] lists them).
    ///
    /// Errors: [`BuildError::BadBits`] when `bits` is not in `1..=64`;
    /// [`BuildError::NoNodes`] for no nodes; [`BuildError::PositionOutOfRange`] for a
    /// position at or above `2^bits`; [`BuildError::RepeatedNode`] when a node index comes
    /// twice (a Chord node has one identifier).
    ///
    /// ```
    /// use ring_core::chord::ChordRing;
    ///
    /// // The Chord paper's Figure 3(b): m = 3, nodes 0, 1 and 3.
    /// let ring = ChordRing::new(&[(0, 0), (1, 1), (3, 3)], 3).unwrap();
    /// let starts: Vec<u64> = ring.fingers(1).unwrap().iter().map(|f| f.start).collect();
    /// let nodes: Vec<u32> = ring.fingers(1).unwrap().iter().map(|f| f.node).collect();
    /// assert_eq!((starts, nodes), (vec![2, 3, 5], vec![3, 3, 0]));
    /// ```
    pub fn new(ids: &[(u64, NodeIndex)], bits: u32) -> Result<ChordRing, BuildError> {
        if !(1..=64).contains(&bits) {
            return Err(BuildError::BadBits { bits });
        }
        if ids.is_empty() {
            return Err(BuildError::NoNodes);
        }
        let mask = mask(bits);
        // The first node listed twice, found before the loop so that the errors come in the
        // order of the list, as one pass with a set would give them.
        let repeat = first_repeat(ids.iter().map(|&(_, node)| u64::from(node)), |_, _| true);
        for (i, &(position, node)) in ids.iter().enumerate() {
            if position > mask {
                return Err(BuildError::PositionOutOfRange { position, bits });
            }
            if repeat == Some(i) {
                return Err(BuildError::RepeatedNode { index: node });
            }
        }
        // Sorting by (position, node) puts the smallest index first among equal positions.
        // Both sorts here go through `(u64, usize)` pairs, the element of the big sorts of
        // key positions: a wasm build then holds one copy of the sort, not three.
        let mut all: Vec<(u64, usize)> = ids
            .iter()
            .map(|&(position, node)| (position, node as usize))
            .collect();
        all.sort_unstable();
        let mut members: Vec<ChordNode> = Vec::with_capacity(all.len());
        let mut shadowed = Vec::new();
        for (position, node) in all {
            let entry = ChordNode {
                position,
                node: node as NodeIndex,
            };
            match members.last() {
                Some(last) if last.position == position => shadowed.push(entry),
                _ => members.push(entry),
            }
        }
        let mut by_node: Vec<(u64, usize)> = members
            .iter()
            .enumerate()
            .map(|(slot, m)| (u64::from(m.node), slot))
            .collect();
        by_node.sort_unstable();
        let by_node = by_node
            .into_iter()
            .map(|(node, slot)| (node as NodeIndex, slot))
            .collect();
        Ok(ChordRing {
            bits,
            members,
            by_node,
            shadowed,
        })
    }

    /// The ring's width: it has `2^bits` positions.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The nodes on the ring, sorted by position.
    pub fn nodes(&self) -> &[ChordNode] {
        &self.members
    }

    /// Nodes left off the ring because a node with a smaller index has the same position.
    pub fn shadowed(&self) -> &[ChordNode] {
        &self.shadowed
    }

    /// The position of `node`, if it is on the ring.
    pub fn position_of(&self, node: NodeIndex) -> Option<u64> {
        self.slot_of(node)
            .ok()
            .map(|slot| self.member(slot).position)
    }

    /// The node that owns `key_position`: the first node at or after it, wrapping.
    /// Errors with [`BuildError::PositionOutOfRange`] for a position at or above `2^bits`.
    pub fn successor(&self, key_position: u64) -> Result<ChordNode, BuildError> {
        self.check_position(key_position)?;
        Ok(self.member(self.successor_slot(key_position)))
    }

    /// The finger table of `node`: entry `i` is the successor of `node + 2^i (mod 2^m)`,
    /// for `i` in `0..m`. Errors with [`BuildError::NoSuchNode`] when the node is not on
    /// the ring (never given, or shadowed).
    pub fn fingers(&self, node: NodeIndex) -> Result<Vec<Finger>, BuildError> {
        let slot = self.slot_of(node)?;
        Ok((0..self.bits)
            .map(|i| {
                let (start, target) = self.finger_slot(slot, i);
                let member = self.member(target);
                Finger {
                    start,
                    node: member.node,
                    position: member.position,
                }
            })
            .collect())
    }

    /// The hops a query for `key_position` takes from `start` to the key's owner, as the
    /// paper's `find_successor` makes them: a node whose successor owns the key hands the
    /// query to it (finger 0) and the lookup ends there; any other node forwards it to its
    /// highest finger that lies strictly between itself and the key. The last hop's `to`
    /// is the owner. When `start` owns the key itself (a node knows its predecessor, so it
    /// knows its own arc) the path is empty.
    ///
    /// Errors: [`BuildError::NoSuchNode`] when `start` is not on the ring;
    /// [`BuildError::PositionOutOfRange`] for a key position at or above `2^bits`.
    ///
    /// ```
    /// use ring_core::chord::{ChordRing, Hop};
    ///
    /// // The Chord paper (2003), Figure 3(b): m = 6; node 8 looks up key 54.
    /// let ids = [1, 8, 14, 21, 32, 38, 42, 48, 51, 56];
    /// let nodes: Vec<(u64, u32)> = ids.iter().map(|&id| (id, id as u32)).collect();
    /// let ring = ChordRing::new(&nodes, 6).unwrap();
    /// let path = ring.lookup_path(8, 54).unwrap();
    /// let visited: Vec<u32> = path.iter().map(|h| h.to).collect();
    /// assert_eq!(visited, vec![42, 51, 56]);
    /// assert_eq!(path[0], Hop { from: 8, to: 42, finger: 5 });
    /// ```
    pub fn lookup_path(&self, start: NodeIndex, key_position: u64) -> Result<Vec<Hop>, BuildError> {
        let start_slot = self.slot_of(start)?;
        self.check_position(key_position)?;
        let owner = self.successor_slot(key_position);
        let mut path = Vec::new();
        if owner == start_slot {
            return Ok(path);
        }
        let mut current = start_slot;
        // Each hop strictly shortens the clockwise distance to the key, so the lookup ends
        // within one hop per node; the bound only makes that termination explicit.
        for _ in 0..self.members.len() {
            let here = self.member(current);
            let next = self.next_slot(current);
            if self.in_half_open(key_position, here.position, self.member(next).position) {
                path.push(self.hop(current, next, 0));
                return Ok(path);
            }
            match self.closest_preceding_finger(current, key_position) {
                Some((finger, target)) => {
                    path.push(self.hop(current, target, finger));
                    current = target;
                }
                None => break,
            }
        }
        // Not reached: finger 0 (the successor) precedes the key whenever the successor
        // does not own it. Should it ever happen, end the path at the owner anyway.
        path.push(self.hop(current, owner, 0));
        Ok(path)
    }

    fn hop(&self, from: usize, to: usize, finger: u32) -> Hop {
        Hop {
            from: self.member(from).node,
            to: self.member(to).node,
            finger,
        }
    }

    /// The highest finger `i` of the node at `slot` whose node lies in `(node, key)`, with
    /// that node's slot.
    fn closest_preceding_finger(&self, slot: usize, key: u64) -> Option<(u32, usize)> {
        let here = self.member(slot).position;
        (0..self.bits).rev().find_map(|i| {
            let (_, target) = self.finger_slot(slot, i);
            self.in_open(self.member(target).position, here, key)
                .then_some((i, target))
        })
    }

    /// Finger `i` of the node at `slot`: its start and the slot of its node.
    fn finger_slot(&self, slot: usize, i: u32) -> (u64, usize) {
        let offset = 1u64 << i.min(63);
        // position < 2^bits and offset < 2^bits, so for bits < 64 the sum cannot overflow
        // and the mask reduces it; for bits = 64 the wrapping add is the reduction.
        let start = self.member(slot).position.wrapping_add(offset) & mask(self.bits);
        (start, self.successor_slot(start))
    }

    fn successor_slot(&self, position: u64) -> usize {
        let i = self.members.partition_point(|m| m.position < position);
        if i == self.members.len() {
            0
        } else {
            i
        }
    }

    fn next_slot(&self, slot: usize) -> usize {
        if slot + 1 >= self.members.len() {
            0
        } else {
            slot + 1
        }
    }

    fn member(&self, slot: usize) -> ChordNode {
        // Slots come from successor_slot, next_slot and by_node, all below len, and the
        // ring is never empty; the fallback only keeps this panic-free.
        self.members
            .get(slot)
            .or(self.members.first())
            .copied()
            .unwrap_or(ChordNode {
                position: 0,
                node: 0,
            })
    }

    fn slot_of(&self, node: NodeIndex) -> Result<usize, BuildError> {
        self.by_node
            .binary_search_by_key(&node, |&(n, _)| n)
            .ok()
            .and_then(|i| self.by_node.get(i))
            .map(|&(_, slot)| slot)
            .ok_or(BuildError::NoSuchNode { index: node })
    }

    fn check_position(&self, position: u64) -> Result<(), BuildError> {
        if position > mask(self.bits) {
            Err(BuildError::PositionOutOfRange {
                position,
                bits: self.bits,
            })
        } else {
            Ok(())
        }
    }

    /// Clockwise distance from `a` to `b`.
    fn distance(&self, a: u64, b: u64) -> u64 {
        b.wrapping_sub(a) & mask(self.bits)
    }

    /// Whether `x` lies in the clockwise interval `(a, b]`; `(a, a]` is the whole ring.
    fn in_half_open(&self, x: u64, a: u64, b: u64) -> bool {
        let d = self.distance(a, x);
        a == b || (d > 0 && d <= self.distance(a, b))
    }

    /// Whether `x` lies in the clockwise interval `(a, b)`; `(a, a)` is all but `a`.
    fn in_open(&self, x: u64, a: u64, b: u64) -> bool {
        let d = self.distance(a, x);
        if a == b {
            d > 0
        } else {
            d > 0 && d < self.distance(a, b)
        }
    }
}

/// The largest position of a ring of `2^bits` positions (`bits` in `1..=64`).
fn mask(bits: u32) -> u64 {
    u64::MAX >> (64 - bits.clamp(1, 64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The owner by a linear scan over the unsorted input: the node at the least position
    /// at or after the key, else at the least position overall; equal positions go to the
    /// smallest index.
    fn naive_successor(ids: &[(u64, NodeIndex)], key: u128) -> (u64, NodeIndex) {
        let after = ids.iter().filter(|&&(p, _)| u128::from(p) >= key).min();
        after.or(ids.iter().min()).copied().unwrap()
    }

    fn paper_2003() -> ChordRing {
        let ids = [1u64, 8, 14, 21, 32, 38, 42, 48, 51, 56];
        let nodes: Vec<(u64, NodeIndex)> = ids.iter().map(|&id| (id, id as u32)).collect();
        ChordRing::new(&nodes, 6).unwrap()
    }

    #[test]
    fn paper_2001_figure_3b() {
        // Stoica et al. 2001, Figure 3(b): m = 3, nodes 0, 1, 3; keys 1, 2 and 6.
        let ring = ChordRing::new(&[(3, 3), (0, 0), (1, 1)], 3).unwrap();
        let table = |n| {
            ring.fingers(n)
                .unwrap()
                .iter()
                .map(|f| (f.start, f.node))
                .collect::<Vec<_>>()
        };
        assert_eq!(table(0), vec![(1, 1), (2, 3), (4, 0)]);
        assert_eq!(table(1), vec![(2, 3), (3, 3), (5, 0)]);
        assert_eq!(table(3), vec![(4, 0), (5, 0), (7, 0)]);
        assert_eq!(ring.successor(1).unwrap().node, 1);
        assert_eq!(ring.successor(2).unwrap().node, 3);
        assert_eq!(ring.successor(6).unwrap().node, 0);
    }

    #[test]
    fn paper_2003_figure_3() {
        // Stoica et al. 2003 (ToN), Figure 3(a): N8's fingers; 3(b): N8 looks up key 54.
        let ring = paper_2003();
        let fingers = ring.fingers(8).unwrap();
        let table: Vec<(u64, NodeIndex)> = fingers.iter().map(|f| (f.start, f.node)).collect();
        assert_eq!(
            table,
            vec![(9, 14), (10, 14), (12, 14), (16, 21), (24, 32), (40, 42)]
        );
        assert_eq!(
            ring.lookup_path(8, 54).unwrap(),
            vec![
                Hop {
                    from: 8,
                    to: 42,
                    finger: 5
                },
                Hop {
                    from: 42,
                    to: 51,
                    finger: 3
                },
                Hop {
                    from: 51,
                    to: 56,
                    finger: 0
                },
            ]
        );
        // Keys past the last node wrap to N1; a node's own position is its own key.
        assert_eq!(
            ring.lookup_path(56, 60).unwrap(),
            vec![Hop {
                from: 56,
                to: 1,
                finger: 0
            }]
        );
        assert_eq!(ring.lookup_path(32, 32).unwrap(), vec![]);
        assert_eq!(ring.lookup_path(32, 29).unwrap(), vec![]);
    }

    #[test]
    fn errors_and_ties() {
        assert_eq!(ChordRing::new(&[], 8), Err(BuildError::NoNodes));
        assert_eq!(
            ChordRing::new(&[(0, 0)], 0),
            Err(BuildError::BadBits { bits: 0 })
        );
        assert_eq!(
            ChordRing::new(&[(0, 0)], 65),
            Err(BuildError::BadBits { bits: 65 })
        );
        assert_eq!(
            ChordRing::new(&[(8, 0)], 3),
            Err(BuildError::PositionOutOfRange {
                position: 8,
                bits: 3
            })
        );
        assert_eq!(
            ChordRing::new(&[(1, 4), (2, 4)], 3),
            Err(BuildError::RepeatedNode { index: 4 })
        );
        let ring = ChordRing::new(&[(5, 9), (5, 2), (6, 7)], 3).unwrap();
        assert_eq!(
            ring.nodes().iter().map(|n| n.node).collect::<Vec<_>>(),
            vec![2, 7]
        );
        assert_eq!(
            ring.shadowed(),
            &[ChordNode {
                position: 5,
                node: 9
            }]
        );
        assert_eq!(ring.fingers(9), Err(BuildError::NoSuchNode { index: 9 }));
        assert_eq!(
            ring.lookup_path(9, 1),
            Err(BuildError::NoSuchNode { index: 9 })
        );
        assert_eq!(
            ring.lookup_path(2, 8),
            Err(BuildError::PositionOutOfRange {
                position: 8,
                bits: 3
            })
        );
        assert_eq!(ring.position_of(7), Some(6));
        assert_eq!(ring.position_of(9), None);
        let msg = BuildError::PositionOutOfRange {
            position: 8,
            bits: 3,
        }
        .to_string();
        assert!(msg.contains("0 to 7"), "{msg}");
    }

    #[test]
    fn full_width_ring() {
        // bits = 64: starts wrap at 2^64 without overflow.
        let ids = [(u64::MAX, 0), (0, 1), (1 << 63, 2)];
        let ring = ChordRing::new(&ids, 64).unwrap();
        let fingers = ring.fingers(0).unwrap();
        assert_eq!(fingers.len(), 64);
        assert_eq!((fingers[0].start, fingers[0].node), (0, 1));
        assert_eq!((fingers[63].start, fingers[63].node), ((1 << 63) - 1, 2));
        let path = ring.lookup_path(1, u64::MAX).unwrap();
        assert_eq!(path.last().map(|h| h.to), Some(0));
        let single = ChordRing::new(&[(3, 5)], 1);
        assert!(single.is_err());
        let single = ChordRing::new(&[(1, 5)], 1).unwrap();
        assert_eq!(single.lookup_path(5, 0).unwrap(), vec![]);
        assert_eq!(
            single.fingers(5).unwrap(),
            vec![Finger {
                start: 0,
                node: 5,
                position: 1
            }]
        );
    }

    /// Distinct node indices at random positions below 2^bits (duplicates allowed).
    fn ring_input() -> impl Strategy<Value = (Vec<(u64, NodeIndex)>, u32)> {
        (1u32..=64).prop_flat_map(|bits| {
            let max = mask(bits);
            (
                proptest::collection::vec(0..=max, 1..48).prop_map(|positions| {
                    positions
                        .into_iter()
                        .enumerate()
                        .map(|(i, p)| (p, (i as u32) * 7 % 1000))
                        .collect::<Vec<_>>()
                }),
                Just(bits),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn fingers_are_naive_successors((ids, bits) in ring_input()) {
            let ring = ChordRing::new(&ids, bits).unwrap();
            let kept: Vec<(u64, NodeIndex)> = ring.nodes().iter().map(|n| (n.position, n.node)).collect();
            for &(position, node) in &kept {
                let fingers = ring.fingers(node).unwrap();
                prop_assert_eq!(fingers.len(), bits as usize);
                for (i, f) in fingers.iter().enumerate() {
                    let start = (u128::from(position) + (1u128 << i)) % (1u128 << bits);
                    prop_assert_eq!(u128::from(f.start), start);
                    let (p, n) = naive_successor(&ids, start);
                    prop_assert_eq!((f.position, f.node), (p, n));
                }
            }
            // Every input node is on the ring or shadowed by a smaller index at its position.
            prop_assert_eq!(kept.len() + ring.shadowed().len(), ids.len());
            for s in ring.shadowed() {
                prop_assert!(kept.iter().any(|&(p, n)| p == s.position && n < s.node));
            }
        }

        #[test]
        fn lookups_end_at_the_owner(
            (ids, bits) in ring_input(),
            raw_key in any::<u64>(),
            pick in any::<prop::sample::Index>(),
        ) {
            let ring = ChordRing::new(&ids, bits).unwrap();
            let key = raw_key & mask(bits);
            let start = ring.nodes()[pick.index(ring.nodes().len())];
            let path = ring.lookup_path(start.node, key).unwrap();
            let (_, owner) = naive_successor(&ids, u128::from(key));
            prop_assert_eq!(ring.successor(key).unwrap().node, owner);
            prop_assert_eq!(path.last().map_or(start.node, |h| h.to), owner);
            prop_assert!(path.len() <= ring.nodes().len());
            let mut at = start.node;
            for (k, hop) in path.iter().enumerate() {
                // Each hop is a real finger of the node that takes it.
                prop_assert_eq!(hop.from, at);
                let finger = ring.fingers(hop.from).unwrap()[hop.finger as usize];
                prop_assert_eq!(finger.node, hop.to);
                // Every hop but the last lands strictly before the key: it never overshoots.
                if k + 1 < path.len() {
                    let from = ring.position_of(hop.from).unwrap();
                    prop_assert!(ring.in_open(finger.position, from, key));
                }
                at = hop.to;
            }
        }
    }

    /// splitmix64: a seeded generator, so the hop statistics are the same on every run.
    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[test]
    fn lookups_take_about_half_log2_n_hops() {
        let n = 1000u32;
        let log2n = f64::from(n).log2();
        let mut state = 42;
        let mut total_hops = 0usize;
        let mut max_hops = 0usize;
        let mut lookups = 0usize;
        for bits in [32, 64] {
            for _ring in 0..4 {
                let ids: Vec<(u64, NodeIndex)> = (0..n)
                    .map(|i| (splitmix(&mut state) & mask(bits), i))
                    .collect();
                let ring = ChordRing::new(&ids, bits).unwrap();
                for _ in 0..500 {
                    let start = (splitmix(&mut state) % u64::from(n)) as u32;
                    let key = splitmix(&mut state) & mask(bits);
                    let path = ring.lookup_path(start, key).unwrap();
                    total_hops += path.len();
                    max_hops = max_hops.max(path.len());
                    lookups += 1;
                }
            }
        }
        let mean = total_hops as f64 / lookups as f64;
        println!("mean hops {mean:.2}, max {max_hops}, log2 n {log2n:.2}");
        // The paper measures about ½·log2 n hops on average; log2 n leaves room, and a
        // lookup that walked successors instead would average n / 2.
        assert!(mean <= log2n, "mean hops {mean}");
        assert!((max_hops as f64) <= 2.0 * log2n, "max hops {max_hops}");
    }
}
