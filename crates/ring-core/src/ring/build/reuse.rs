//! A [`RingBuild`] that starts from a ring built before ([`RingBuild::reuse`]) instead of from nothing.
//!
//! A point is named by its node's name and its replica number alone, in every layout, so a
//! node that was on the earlier ring has the same points on the new one up to the smaller
//! of its two counts. After a join on Envoy's ring every host's count shrinks (the scale is
//! shared out again) and the newcomer gets the rest; after a leave every count grows. Only
//! the replicas the earlier ring lacked are made and sorted; they are then merged with the
//! earlier ring's points that are kept, which are already sorted. On Envoy's largest ring
//! (8,388,608 entries) a fifth host makes and sorts 1,677,722 points instead of 8,388,608.
//!
//! The merge orders points on one position by owner, then replica: the order the whole
//! build makes them in, which its stable sort keeps. So the result is the whole build's,
//! point for point.

use std::rc::Rc;

use super::{sorting_work, RingBuild, Stage};
use crate::placement::{NodeIndex, RingPoint};
use crate::ring::SortedRing;

/// What a build keeps of the ring built before it, and how far the merge has got.
#[derive(Clone, Debug)]
pub(super) struct Reuse {
    /// The earlier ring's points, sorted (shared with that ring, not copied).
    before: Rc<Vec<RingPoint>>,
    /// For each owner on the earlier ring: the same node's index in this build and how
    /// many of its replicas this build has, or `None` when it is not in this build.
    kept: Vec<Option<(NodeIndex, u32)>>,
    /// For each node of this build: its first replica the earlier ring did not have.
    first: Vec<u32>,
    /// The points merged so far, and the next point of each side.
    merged: Vec<RingPoint>,
    before_next: usize,
    made_next: usize,
}

impl RingBuild {
    /// Makes this build start from `ring` where the two agree, and says whether it does:
    /// `earlier` is the build `ring` was made by (described, not run: only its nodes,
    /// layout and hash are read). Nodes are matched by name, and must keep their order.
    /// The build is left as it was when the rings cannot share points: another layout or
    /// hash, a ring that is not `earlier`'s, nodes reordered, no node in common, or a
    /// build already started.
    pub fn reuse(&mut self, earlier: &RingBuild, ring: &SortedRing) -> bool {
        let bits = self.layout.space_bits(self.hash);
        let agree = self.layout.names_points_as(earlier.layout)
            && self.hash == earlier.hash
            && self.done == 0
            && self.reuse.is_none()
            && ring.space_bits() == bits
            && ring.node_count() as usize == earlier.nodes.len()
            && ring.points().len() as u64 == earlier.point_count;
        if !agree {
            return false;
        }
        let mut kept = vec![None; earlier.nodes.len()];
        let mut first = vec![0u32; self.nodes.len()];
        // Each node is looked for after the last one found, so the order is kept.
        let mut from = 0;
        for (i, node) in self.nodes.iter().enumerate() {
            let rest = earlier.nodes.get(from..).unwrap_or_default();
            let Some(offset) = rest.iter().position(|e| e.name == node.name) else {
                continue;
            };
            let j = from + offset;
            let (was, now) = (
                earlier.layout.replica_count(&earlier.nodes[j]),
                self.layout.replica_count(node),
            );
            kept[j] = Some((i as NodeIndex, now));
            first[i] = was.min(now);
            from = j + 1;
        }
        if first.iter().all(|&f| f == 0) {
            return false;
        }
        let made: u64 = self
            .nodes
            .iter()
            .zip(&first)
            .map(|(n, &f)| u64::from(self.layout.replica_count(n) - f))
            .sum();
        let before = ring.shared_points();
        self.made_count = made;
        self.total = sorting_work(made, bits) + before.len() as u64 + made + self.finishing_work();
        self.reuse = Some(Reuse {
            before,
            kept,
            first,
            merged: Vec::new(),
            before_next: 0,
            made_next: 0,
        });
        if let Stage::Make { replica, .. } = &mut self.stage {
            *replica = first_replica(self.reuse.as_ref(), 0);
        }
        true
    }

    /// Merges about `budget` points (at least one) of the earlier ring and of those made,
    /// a point of the earlier ring this build does not keep counting as one.
    pub(super) fn merge(&mut self, budget: u64) -> u64 {
        let Some(reuse) = &mut self.reuse else {
            self.stage = Stage::Sorted;
            return 0;
        };
        if reuse.merged.capacity() == 0 {
            reuse.merged.reserve_exact(self.point_count as usize);
        }
        let made = &self.points;
        let mut moved = 0u64;
        let budget = budget.max(1);
        while moved < budget {
            let next_made = made.get(reuse.made_next);
            let Some(old) = reuse.before.get(reuse.before_next) else {
                let Some(&point) = next_made else { break };
                reuse.merged.push(point);
                reuse.made_next += 1;
                moved += 1;
                continue;
            };
            moved += 1;
            let keep = reuse
                .kept
                .get(old.owner as usize)
                .copied()
                .flatten()
                .filter(|&(_, count)| old.replica < count);
            let Some((owner, _)) = keep else {
                reuse.before_next += 1;
                continue;
            };
            let old = RingPoint { owner, ..*old };
            let order = |p: &RingPoint| (p.position, p.owner, p.replica);
            match next_made {
                Some(&point) if order(&point) < order(&old) => {
                    reuse.merged.push(point);
                    reuse.made_next += 1;
                }
                _ => {
                    reuse.merged.push(old);
                    reuse.before_next += 1;
                }
            }
        }
        self.done += moved;
        if reuse.before_next >= reuse.before.len() && reuse.made_next >= made.len() {
            self.points = std::mem::take(&mut reuse.merged);
            self.reuse = None;
            self.stage = Stage::Sorted;
        }
        moved.max(1)
    }
}

/// The first replica of node `node` a build makes: 0, or past those the earlier ring had
/// (`reuse`, the build's). A function of the field rather than a method, so that the build
/// can call it while its stage is borrowed.
pub(super) fn first_replica(reuse: Option<&Reuse>, node: usize) -> u32 {
    reuse.and_then(|r| r.first.get(node).copied()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::hash::HashFn;
    use crate::placement::NodeSpec;
    use crate::ring::{Naming, RingBuild, SortedRing};
    use crate::systems::envoy::ring_counts;

    /// Runs `build` in steps of `budget`, checking its progress, to the ring.
    fn stepped(mut build: RingBuild, budget: usize) -> SortedRing {
        let mut last = 0;
        while !build.step(budget) {
            let (done, total) = build.progress();
            assert!(
                done > last && done < total,
                "{done} of {total} after {last}"
            );
            last = done;
        }
        build.finish().unwrap().sorted().clone()
    }

    fn hosts(weights: &[u32], min_ring: u64) -> Vec<NodeSpec> {
        let counts = ring_counts(weights, min_ring, 8_388_608);
        weights
            .iter()
            .zip(counts)
            .enumerate()
            .map(|(i, (&w, c))| NodeSpec {
                vnodes: Some(c as u32),
                ..NodeSpec::new(format!("10.0.0.{i}:80"), w)
            })
            .collect()
    }

    /// The nodes after a change: one joins at the end, one leaves, or one's weight changes.
    fn changed(weights: &[u32], change: (u8, usize, u32)) -> Vec<(usize, u32)> {
        let mut after: Vec<(usize, u32)> = weights.iter().copied().enumerate().collect();
        let at = change.1 % after.len();
        match change.0 % 3 {
            0 => after.push((weights.len(), change.2)),
            1 => {
                after.remove(at);
            }
            _ => after[at].1 = change.2,
        }
        after
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Envoy's ring after a join, a leave or a weight is the ring built afresh.
        #[test]
        fn envoys_ring_from_the_one_before_is_the_one_built_afresh(
            weights in prop::collection::vec(1u32..5, 2..6),
            min_ring in 1u64..4000,
            change in (0u8..3, 0usize..6, 1u32..5),
            budget in 1usize..3000,
        ) {
            let before_nodes = hosts(&weights, min_ring);
            let earlier = RingBuild::envoy(&before_nodes, HashFn::Md5).unwrap();
            let before = earlier.clone().finish().unwrap();
            let after = changed(&weights, change);
            let counts = ring_counts(&after.iter().map(|a| a.1).collect::<Vec<_>>(), min_ring, 8_388_608);
            let after_nodes: Vec<NodeSpec> = after.iter().zip(counts).map(|(&(i, w), c)| NodeSpec {
                vnodes: Some(c as u32),
                ..NodeSpec::new(format!("10.0.0.{i}:80"), w)
            }).collect();
            let mut reusing = RingBuild::envoy(&after_nodes, HashFn::Md5).unwrap();
            let expected = reusing.clone().finish().unwrap();
            prop_assert!(reusing.reuse(&earlier, before.sorted()), "the rings share points");
            prop_assert!(reusing.made_count < reusing.point_count || after.len() < 2);
            let built = stepped(reusing, budget);
            prop_assert_eq!(built.points(), expected.sorted().points());
            prop_assert_eq!(built.shares(), expected.sorted().shares());
            prop_assert_eq!(built.point_counts(), expected.sorted().point_counts());
        }

        /// Where points share positions, the order among them is the whole build's: a
        /// virtual-node ring after a join, a leave or a weight. The names collide in
        /// Java's `String.hashCode` ("Aa" and "BB" hash alike), and so does every virtual
        /// node's name of one number, so every position is held by every node.
        #[test]
        fn points_on_one_position_keep_the_whole_builds_order(
            weights in prop::collection::vec(50u32..400, 3..6),
            change in (0u8..3, 0usize..6, 50u32..400),
            budget in 1usize..3000,
        ) {
            let name = |i: usize| {
                (0..3).map(|bit| if i >> bit & 1 == 0 { "Aa" } else { "BB" }).collect::<String>()
            };
            let spec = |&(i, w): &(usize, u32)| NodeSpec::new(name(i), w);
            let before_nodes: Vec<NodeSpec> = weights.iter().copied().enumerate().map(|n| spec(&n)).collect();
            let build = |nodes: &[NodeSpec]| {
                RingBuild::virtual_nodes(nodes, HashFn::JavaString, Naming::Dash, 40).unwrap()
            };
            let earlier = build(&before_nodes);
            let before = earlier.clone().finish().unwrap();
            let after: Vec<NodeSpec> = changed(&weights, change).iter().map(spec).collect();
            let expected = build(&after).finish().unwrap();
            let ties = expected.sorted().points().windows(2).filter(|w| w[0].position == w[1].position).count();
            prop_assert!(ties > 0, "no two points share a position");
            let mut reusing = build(&after);
            prop_assert!(reusing.reuse(&earlier, before.sorted()));
            let built = stepped(reusing, budget);
            prop_assert_eq!(built.points(), expected.sorted().points());
        }
    }

    #[test]
    fn rings_that_cannot_share_points_are_built_afresh() {
        let nodes: Vec<NodeSpec> = (0..3)
            .map(|i| NodeSpec::new(format!("n{i}"), 100))
            .collect();
        let dash =
            |n: &[NodeSpec]| RingBuild::virtual_nodes(n, HashFn::Md5, Naming::Dash, 10).unwrap();
        let earlier = dash(&nodes);
        let ring = earlier.clone().finish().unwrap();
        // Another naming, another hash, reordered nodes, no node in common.
        let mut hash = RingBuild::virtual_nodes(&nodes, HashFn::Md5, Naming::Hash, 10).unwrap();
        assert!(!hash.reuse(&earlier, ring.sorted()));
        let mut fnv = RingBuild::virtual_nodes(&nodes, HashFn::Fnv1a_64, Naming::Dash, 10).unwrap();
        assert!(!fnv.reuse(&earlier, ring.sorted()));
        let others: Vec<NodeSpec> = (5..8)
            .map(|i| NodeSpec::new(format!("n{i}"), 100))
            .collect();
        assert!(!dash(&others).reuse(&earlier, ring.sorted()));
        // Reordered: the nodes found in order are reused, the others made again.
        let reversed: Vec<NodeSpec> = nodes.iter().rev().cloned().collect();
        let mut build = dash(&reversed);
        assert!(build.reuse(&earlier, ring.sorted()));
        let expected = dash(&reversed).finish().unwrap();
        assert_eq!(build.finish().unwrap(), expected);
        // A ring that is not the one described.
        let other = dash(&nodes[..2]).finish().unwrap();
        assert!(!dash(&nodes).reuse(&earlier, other.sorted()));
    }
}
