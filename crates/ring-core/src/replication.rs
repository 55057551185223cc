//! Replication on a ring: the preference list of R distinct nodes that hold a key, and what
//! changes for a key when one node fails.
//!
//! The list starts at the key's owner (the first point at or after the key's position,
//! wrapping) and walks clockwise, skipping points of nodes already on the list, until it
//! holds R distinct physical nodes (Dynamo's preference list). With one point per node and
//! R = 2 every node keeps a copy of its predecessor's keys, as seed 002 describes: when a
//! node fails, its successor already holds its data and takes over.
//!
//! The functions work on the points of [`crate::Picture::Ring`], sorted by position, ties
//! in the order the lookup resolves them. Unsorted points give a list that is wrong but
//! never a panic.

use crate::error::BuildError;
use crate::placement::{NodeIndex, RingPoint};

/// The distinct nodes met walking clockwise from the owner of `key_position`, in order,
/// skipping `skip`, stopping after `limit` nodes. Shorter than `limit` only when the whole
/// ring was walked.
fn walk(
    points: &[RingPoint],
    key_position: u64,
    limit: usize,
    skip: Option<NodeIndex>,
) -> Vec<NodeIndex> {
    let start = points.partition_point(|p| p.position < key_position);
    // partition_point returns at most len, so split_at cannot fail; start == len wraps.
    let (head, tail) = points.split_at(start);
    // The nodes chosen so far, sorted: a binary search per point (a hash set here cost the
    // wasm build a hash table of its own).
    let mut seen: Vec<NodeIndex> = Vec::new();
    let mut chosen = Vec::with_capacity(limit.min(points.len()));
    for point in tail.iter().chain(head) {
        if chosen.len() >= limit {
            break;
        }
        if Some(point.owner) == skip {
            continue;
        }
        if let Err(at) = seen.binary_search(&point.owner) {
            seen.insert(at, point.owner);
            chosen.push(point.owner);
        }
    }
    chosen
}

fn distinct_nodes(points: &[RingPoint]) -> u32 {
    let nodes = crate::metrics::distinct(points.iter().map(|p| u64::from(p.owner)));
    u32::try_from(nodes).unwrap_or(u32::MAX)
}

/// The `replicas` distinct nodes that hold the key at `key_position`: its owner first, then
/// the next distinct nodes clockwise.
///
/// Errors: [`BuildError::NoNodes`] for an empty ring; [`BuildError::BadReplicas`] when
/// `replicas` is 0 or more than the number of distinct nodes on the ring (which the error
/// reports).
///
/// ```
/// use ring_core::replication::preference_list;
/// use ring_core::RingPoint;
///
/// let point = |position, owner| RingPoint { position, owner, replica: 0 };
/// // Node 0 has two points, at 10 and 30.
/// let ring = [point(10, 0), point(20, 1), point(30, 0), point(40, 2)];
/// assert_eq!(preference_list(&ring, 25, 3).unwrap(), vec![0, 2, 1]);
/// assert_eq!(preference_list(&ring, 45, 2).unwrap(), vec![0, 1]); // wraps past the top
/// assert!(preference_list(&ring, 0, 4).is_err()); // only 3 nodes
/// ```
pub fn preference_list(
    points: &[RingPoint],
    key_position: u64,
    replicas: u32,
) -> Result<Vec<NodeIndex>, BuildError> {
    if points.is_empty() {
        return Err(BuildError::NoNodes);
    }
    if replicas == 0 {
        return Err(BuildError::BadReplicas {
            replicas,
            nodes: distinct_nodes(points),
        });
    }
    let list = walk(points, key_position, limit(replicas), None);
    if list.len() < limit(replicas) {
        // The walk went round the whole ring, so it met every node.
        return Err(BuildError::BadReplicas {
            replicas,
            nodes: u32::try_from(list.len()).unwrap_or(u32::MAX),
        });
    }
    Ok(list)
}

fn limit(replicas: u32) -> usize {
    usize::try_from(replicas).unwrap_or(usize::MAX)
}

/// What one node's failure changes for one key's replicas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failover {
    /// The preference list with every node up.
    pub before: Vec<NodeIndex>,
    /// The preference list with the failed node skipped: the survivors of `before` in
    /// their order, then the next distinct node clockwise if one is left. Shorter than
    /// `before` when the ring has no other node to take the copy.
    pub after: Vec<NodeIndex>,
    /// Where the failed node stood in `before` (0 = the owner), or `None` if it held no
    /// copy of this key, in which case `after` equals `before`.
    pub down_rank: Option<u32>,
    /// The node that newly has to hold a copy (it is in `after`, not in `before`).
    pub gains_copy: Option<NodeIndex>,
}

impl Failover {
    /// The node that serves the key in place of the failed owner: the second replica, which
    /// already has the data. `None` when the failed node was not the key's owner (nothing
    /// changes for reads) or no node is left.
    pub fn takes_over(&self) -> Option<NodeIndex> {
        match self.down_rank {
            Some(0) => self.after.first().copied(),
            _ => None,
        }
    }

    /// Whether the failure took every copy of the key: the failed node was its only
    /// replica (R = 1), so the node that takes over starts without the data.
    pub fn data_lost(&self) -> bool {
        self.down_rank.is_some() && self.before.len() == 1
    }
}

/// What happens to the key at `key_position`, replicated on `replicas` nodes, when node
/// `down` fails: which replicas survive, who serves the key and who gains a copy.
///
/// Errors: those of [`preference_list`], and [`BuildError::NoSuchNode`] when `down` has no
/// point on the ring.
///
/// ```
/// use ring_core::replication::failover;
/// use ring_core::RingPoint;
///
/// let point = |position, owner| RingPoint { position, owner, replica: 0 };
/// let ring = [point(10, 0), point(20, 1), point(30, 2), point(40, 3)];
/// // Key 15 lives on 1 and 2; when 1 fails, 2 (which has the data) takes over and 3 gets a copy.
/// let f = failover(&ring, 15, 2, 1).unwrap();
/// assert_eq!(f.before, vec![1, 2]);
/// assert_eq!(f.after, vec![2, 3]);
/// assert_eq!((f.takes_over(), f.gains_copy), (Some(2), Some(3)));
/// ```
pub fn failover(
    points: &[RingPoint],
    key_position: u64,
    replicas: u32,
    down: NodeIndex,
) -> Result<Failover, BuildError> {
    let before = preference_list(points, key_position, replicas)?;
    if !points.iter().any(|p| p.owner == down) {
        return Err(BuildError::NoSuchNode { index: down });
    }
    let after = walk(points, key_position, limit(replicas), Some(down));
    let down_rank = before
        .iter()
        .position(|&n| n == down)
        .and_then(|i| u32::try_from(i).ok());
    let gains_copy = after.iter().copied().find(|n| !before.contains(n));
    Ok(Failover {
        before,
        after,
        down_rank,
        gains_copy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn point(position: u64, owner: NodeIndex) -> RingPoint {
        RingPoint {
            position,
            owner,
            replica: 0,
        }
    }

    /// The reference: order every point by its clockwise distance from the key (ties by
    /// their place in the slice, as the lookup resolves them), then keep each node's first
    /// appearance.
    fn naive_list(points: &[RingPoint], key: u64, replicas: u32) -> Vec<NodeIndex> {
        let mut order: Vec<(u64, usize)> = points
            .iter()
            .enumerate()
            .map(|(i, p)| (p.position.wrapping_sub(key), i))
            .collect();
        order.sort();
        let mut list: Vec<NodeIndex> = Vec::new();
        for (_, i) in order {
            if !list.contains(&points[i].owner) {
                list.push(points[i].owner);
            }
        }
        list.truncate(replicas as usize);
        list
    }

    /// The ring owner by a linear scan: the point at or after the key with the least
    /// position (the first such in the slice), else the least position overall.
    fn naive_owner(points: &[RingPoint], key: u64) -> NodeIndex {
        let after = points
            .iter()
            .filter(|p| p.position >= key)
            .min_by_key(|p| p.position);
        let first = points.iter().min_by_key(|p| p.position);
        after.or(first).unwrap().owner
    }

    /// Sorted points; positions from a narrow range (0..span) make ties and exact hits
    /// likely, owners from 0..nodes.
    fn ring(span: u64, nodes: u32) -> impl Strategy<Value = Vec<RingPoint>> {
        proptest::collection::vec((0..span, 0..nodes), 1..40).prop_map(|raw| {
            let mut points: Vec<RingPoint> = raw.into_iter().map(|(p, o)| point(p, o)).collect();
            points.sort_by_key(|p| p.position);
            points
        })
    }

    fn any_ring() -> impl Strategy<Value = Vec<RingPoint>> {
        prop_oneof![ring(64, 6), ring(u64::MAX, 12)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn matches_the_naive_walk(points in any_ring(), key in prop_oneof![0u64..70, any::<u64>()], r in 1u32..8) {
            let distinct = distinct_nodes(&points);
            let got = preference_list(&points, key, r);
            if r <= distinct {
                let list = got.unwrap();
                prop_assert_eq!(&list, &naive_list(&points, key, r));
                prop_assert_eq!(list.len(), r as usize);
                prop_assert_eq!(list[0], naive_owner(&points, key));
                let unique: std::collections::HashSet<NodeIndex> = list.iter().copied().collect();
                prop_assert_eq!(unique.len(), list.len());
            } else {
                prop_assert_eq!(got, Err(BuildError::BadReplicas { replicas: r, nodes: distinct }));
            }
        }

        #[test]
        fn failover_is_the_list_without_the_failed_node(
            points in any_ring(),
            key in any::<u64>(),
            r in 1u32..5,
            pick in any::<prop::sample::Index>(),
        ) {
            let distinct = distinct_nodes(&points);
            prop_assume!(r <= distinct);
            let down = points[pick.index(points.len())].owner;
            let f = failover(&points, key, r, down).unwrap();
            let rest: Vec<RingPoint> = points.iter().copied().filter(|p| p.owner != down).collect();
            let expected = naive_list(&rest, key, r);
            prop_assert_eq!(&f.after, &expected);
            prop_assert_eq!(&f.before, &naive_list(&points, key, r));
            match f.down_rank {
                None => prop_assert_eq!(&f.after, &f.before),
                Some(rank) => {
                    prop_assert_eq!(f.before[rank as usize], down);
                    let survivors: Vec<NodeIndex> = f.before.iter().copied().filter(|&n| n != down).collect();
                    prop_assert_eq!(&f.after[..survivors.len()], &survivors[..]);
                    prop_assert!(f.after.len() <= survivors.len() + 1);
                    prop_assert_eq!(f.gains_copy, f.after.get(survivors.len()).copied());
                    if rank == 0 {
                        prop_assert_eq!(f.takes_over(), rest.first().map(|_| naive_owner(&rest, key)));
                    }
                }
            }
        }

        #[test]
        fn each_node_copies_its_predecessor(
            positions in proptest::collection::btree_set(any::<u64>(), 2..30),
            key in any::<u64>(),
        ) {
            // Seed 002: one point per machine, two copies: the second copy of every key the
            // owner holds is on the owner's successor, so each machine keeps its
            // predecessor's data.
            let points: Vec<RingPoint> = positions.iter().enumerate().map(|(i, &p)| point(p, i as u32)).collect();
            let list = preference_list(&points, key, 2).unwrap();
            let owner_position = points[list[0] as usize].position;
            prop_assert_eq!(list[1], naive_owner(&points, owner_position.wrapping_add(1)));
            prop_assert_eq!(list[1], (list[0] + 1) % points.len() as u32);
        }
    }

    #[test]
    fn errors() {
        assert_eq!(preference_list(&[], 5, 1), Err(BuildError::NoNodes));
        let ring = [point(10, 4), point(20, 4), point(30, 9)];
        assert_eq!(
            preference_list(&ring, 5, 0),
            Err(BuildError::BadReplicas {
                replicas: 0,
                nodes: 2
            })
        );
        assert_eq!(
            preference_list(&ring, 5, 3),
            Err(BuildError::BadReplicas {
                replicas: 3,
                nodes: 2
            })
        );
        assert_eq!(
            preference_list(&ring, 5, u32::MAX),
            Err(BuildError::BadReplicas {
                replicas: u32::MAX,
                nodes: 2
            })
        );
        assert_eq!(
            failover(&ring, 5, 1, 7),
            Err(BuildError::NoSuchNode { index: 7 })
        );
        assert_eq!(failover(&[], 5, 1, 7), Err(BuildError::NoNodes));
    }

    #[test]
    fn walks_by_hand() {
        // Node 0 at 10 and 30, node 1 at 20, node 2 at 40.
        let ring = [point(10, 0), point(20, 1), point(30, 0), point(40, 2)];
        assert_eq!(preference_list(&ring, 15, 2).unwrap(), vec![1, 0]);
        assert_eq!(preference_list(&ring, 20, 2).unwrap(), vec![1, 0]); // a key on a point
        assert_eq!(preference_list(&ring, 35, 3).unwrap(), vec![2, 0, 1]);
        assert_eq!(preference_list(&ring, 41, 3).unwrap(), vec![0, 1, 2]);
        assert_eq!(preference_list(&ring, u64::MAX, 1).unwrap(), vec![0]);
        // Two nodes on one point: the first in the slice owns it.
        let tie = [point(10, 3), point(10, 1), point(20, 2)];
        assert_eq!(preference_list(&tie, 10, 3).unwrap(), vec![3, 1, 2]);
    }

    #[test]
    fn failover_cases() {
        let ring = [point(10, 0), point(20, 1), point(30, 2)];
        // The owner fails with R = 1: the successor takes over without the data.
        let f = failover(&ring, 5, 1, 0).unwrap();
        assert_eq!(
            (f.takes_over(), f.gains_copy, f.data_lost()),
            (Some(1), Some(1), true)
        );
        // A replica that is not the owner fails: reads are unaffected, 2 gains the copy.
        let f = failover(&ring, 5, 2, 1).unwrap();
        assert_eq!(
            (f.down_rank, f.takes_over(), f.gains_copy, f.data_lost()),
            (Some(1), None, Some(2), false)
        );
        assert_eq!(f.after, vec![0, 2]);
        // A node that holds no copy fails: nothing changes.
        let f = failover(&ring, 5, 2, 2).unwrap();
        assert_eq!((f.down_rank, f.gains_copy), (None, None));
        assert_eq!(f.after, f.before);
        // R equals the node count: nobody is left to take the extra copy.
        let f = failover(&ring, 5, 3, 0).unwrap();
        assert_eq!((f.after, f.gains_copy), (vec![1, 2], None));
        // The only node fails.
        let f = failover(&[point(1, 0)], 5, 1, 0).unwrap();
        assert_eq!(
            (f.after.clone(), f.takes_over(), f.data_lost()),
            (vec![], None, true)
        );
    }
}
