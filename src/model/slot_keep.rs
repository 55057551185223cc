//! The slot table kept across changes. Building a slot table afresh deals every slot again
//! (slot `i` to node `i % n`), so a fresh table after a join moves about 80% of the keys,
//! which is not how a slot table behaves: Redis Cluster (and seed 001's `dropNode`) move
//! only the slots of the node that joins or leaves. While the algorithm stays the slot
//! table, the owners are kept by node id and each join or leave goes through the core's
//! [`SlotTable::with_joined`] and [`SlotTable::with_left`]; switching to the slot table or
//! changing its slot count deals afresh.

use ring_core::slots::SlotTable;
use ring_core::{BuildError, HashFn, NodeIndex, NodeSpec};

use super::state::NodeId;

/// How the next table comes from the previous one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotStep {
    /// No table to keep: deal the slots round-robin.
    Deal,
    /// The same nodes are up: keep every owner.
    Keep,
    /// One node joined (added, or marked up again).
    Join(NodeId),
    /// One node left (removed, or marked down).
    Leave(NodeId),
}

/// What happened between the nodes that were up (`before`) and those that are up now
/// (`after`), both in list order: one join, one leave, nothing, or something a single
/// step does not describe (then the table is dealt afresh).
pub(crate) fn step_between(before: &[NodeId], after: &[NodeId]) -> SlotStep {
    let missing_from = |a: &[NodeId], b: &[NodeId]| -> Vec<NodeId> {
        a.iter().filter(|id| !b.contains(id)).copied().collect()
    };
    let joined = missing_from(after, before);
    let left = missing_from(before, after);
    match (joined.as_slice(), left.as_slice()) {
        ([], []) if before.len() == after.len() => SlotStep::Keep,
        ([id], []) => SlotStep::Join(*id),
        ([], [id]) => SlotStep::Leave(*id),
        _ => SlotStep::Deal,
    }
}

/// The table over the nodes `up` (ids and specs, in list order: the core's index order),
/// from the previous owners by id (`previous`, with the ids that were up then, in their
/// order), and the owners by id it leaves. `previous` is `None` to deal afresh, and is
/// ignored if it does not fit (another slot count, or an owner that was not up).
pub(crate) fn next_table(
    previous: Option<(&[NodeId], &[NodeId])>,
    up: &[(NodeId, NodeSpec)],
    hash: HashFn,
    slots: u32,
) -> Result<(SlotTable, Vec<NodeId>), BuildError> {
    let up_ids: Vec<NodeId> = up.iter().map(|(id, _)| *id).collect();
    let specs: Vec<NodeSpec> = up.iter().map(|(_, s)| s.clone()).collect();
    let fits = |(owners, was_up): &(&[NodeId], &[NodeId])| {
        owners.len() == slots as usize
            && !was_up.is_empty()
            && owners.iter().all(|o| was_up.contains(o))
    };
    let Some((owners, was_up)) = previous.filter(fits) else {
        return deal(&specs, &up_ids, hash, slots);
    };
    let kept_by_id: Vec<NodeId> = match step_between(was_up, &up_ids) {
        SlotStep::Deal => return deal(&specs, &up_ids, hash, slots),
        SlotStep::Keep => owners.to_vec(),
        SlotStep::Join(id) => {
            let table = table_over(owners, was_up, hash)?;
            let spec = up
                .iter()
                .find(|(i, _)| *i == id)
                .map(|(_, s)| s.clone())
                .ok_or(BuildError::NoNodes)?;
            let joined = table.with_joined(&spec)?;
            // The core appends the newcomer as the last index.
            let mut order = was_up.to_vec();
            order.push(id);
            by_id(joined.owners(), &order)
        }
        SlotStep::Leave(id) => {
            let table = table_over(owners, was_up, hash)?;
            let index = was_up
                .iter()
                .position(|&i| i == id)
                .ok_or(BuildError::NoNodes)? as NodeIndex;
            let left = table.with_left(index)?;
            let order: Vec<NodeId> = was_up.iter().copied().filter(|&i| i != id).collect();
            by_id(left.owners(), &order)
        }
    };
    let table = table_over(&kept_by_id, &up_ids, hash)?;
    Ok((table, kept_by_id))
}

fn deal(
    specs: &[NodeSpec],
    up_ids: &[NodeId],
    hash: HashFn,
    slots: u32,
) -> Result<(SlotTable, Vec<NodeId>), BuildError> {
    let table = SlotTable::dealt(specs, hash, slots)?;
    let owners = by_id(table.owners(), up_ids);
    Ok((table, owners))
}

/// The table whose slot `i` belongs to node `owners[i]`, indexed by position in `order`.
fn table_over(owners: &[NodeId], order: &[NodeId], hash: HashFn) -> Result<SlotTable, BuildError> {
    let indices = owners
        .iter()
        .map(|o| {
            order
                .iter()
                .position(|i| i == o)
                .map(|p| p as NodeIndex)
                .ok_or(BuildError::NoSuchNode { index: o.0 })
        })
        .collect::<Result<Vec<NodeIndex>, BuildError>>()?;
    let count =
        u32::try_from(order.len()).map_err(|_| BuildError::TooManyNodes { count: order.len() })?;
    SlotTable::from_owners(indices, count, hash)
}

fn by_id(owners: &[NodeIndex], order: &[NodeId]) -> Vec<NodeId> {
    // The core only hands out indices below its node count, which is `order.len()`.
    owners
        .iter()
        .map(|&o| order.get(o as usize).copied().unwrap_or(NodeId(u32::MAX)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_core::Placement;

    fn ids(v: &[u32]) -> Vec<NodeId> {
        v.iter().map(|&i| NodeId(i)).collect()
    }

    fn up(v: &[u32]) -> Vec<(NodeId, NodeSpec)> {
        v.iter()
            .map(|&i| (NodeId(i), NodeSpec::new(format!("n{i}"), 100)))
            .collect()
    }

    #[test]
    fn steps_between_lists_of_nodes() {
        assert_eq!(step_between(&ids(&[0, 1]), &ids(&[0, 1])), SlotStep::Keep);
        assert_eq!(
            step_between(&ids(&[0, 2]), &ids(&[0, 1, 2])),
            SlotStep::Join(NodeId(1))
        );
        assert_eq!(
            step_between(&ids(&[0, 1, 2]), &ids(&[0, 2])),
            SlotStep::Leave(NodeId(1))
        );
        assert_eq!(step_between(&ids(&[0, 1]), &ids(&[2, 3])), SlotStep::Deal);
        assert_eq!(step_between(&ids(&[0]), &ids(&[0, 1, 2])), SlotStep::Deal);
    }

    #[test]
    fn a_join_in_the_middle_of_the_list_takes_only_its_share() {
        // Nodes 0, 2, 3 hold a dealt table; node 1 comes back up between them in the list.
        let (first, owners) = next_table(None, &up(&[0, 2, 3]), HashFn::Murmur3_64, 1024).unwrap();
        assert_eq!(first.slots_held(), vec![342, 341, 341]);
        let (after, kept) = next_table(
            Some((&owners, &ids(&[0, 2, 3]))),
            &up(&[0, 1, 2, 3]),
            HashFn::Murmur3_64,
            1024,
        )
        .unwrap();
        // The core's join gives the newcomer floor(1024 / 4) slots; in list order it is
        // index 1 here.
        assert_eq!(after.slots_held()[1], 256);
        let changed: Vec<usize> = (0..1024).filter(|&s| owners[s] != kept[s]).collect();
        assert_eq!(changed.len(), 256);
        assert!(changed.iter().all(|&s| kept[s] == NodeId(1)));
        // The table the placement uses agrees with the owners by id, index for index.
        let order = ids(&[0, 1, 2, 3]);
        for (s, &o) in after.owners().iter().enumerate() {
            assert_eq!(order[o as usize], kept[s]);
        }
    }

    #[test]
    fn a_leave_hands_on_only_the_leavers_slots() {
        let (_, owners) = next_table(None, &up(&[0, 1, 2, 3]), HashFn::Murmur3_64, 64).unwrap();
        let (after, kept) = next_table(
            Some((&owners, &ids(&[0, 1, 2, 3]))),
            &up(&[0, 2, 3]),
            HashFn::Murmur3_64,
            64,
        )
        .unwrap();
        assert_eq!(after.node_count(), 3);
        for s in 0..64 {
            if owners[s] != NodeId(1) {
                assert_eq!(kept[s], owners[s], "slot {s}");
            } else {
                assert_ne!(kept[s], NodeId(1));
            }
        }
    }

    mod through_the_state {
        use crate::model::{Action, AlgoId, NodeId, State};
        use ring_core::slots::SlotTable;
        use ring_core::{HashFn, NodeSpec, Placement};

        fn slot_state() -> State {
            State::initial()
                .unwrap()
                .apply(Action::SetAlgorithm(AlgoId::SlotTable))
                .unwrap()
        }

        fn add(s: &State, name: &str) -> State {
            s.apply(Action::AddNode {
                name: name.into(),
                weight: "100".into(),
                vnodes: String::new(),
            })
            .unwrap()
        }

        fn id(s: &State, name: &str) -> NodeId {
            s.nodes.iter().find(|n| n.name == name).unwrap().id
        }

        /// Every key's owner by id, straight from the snapshot.
        fn owners(s: &State) -> Vec<NodeId> {
            s.current
                .owners
                .iter()
                .map(|&o| s.current.nodes[o as usize].id)
                .collect()
        }

        #[test]
        fn adding_a_node_moves_about_one_in_n_plus_one_keys_all_onto_it() {
            let s = slot_state();
            let t = add(&s, "cache-e");
            let e = id(&t, "cache-e");
            let change = t.change.as_ref().unwrap();
            // 1024 slots, 5 nodes: the newcomer takes floor(1024 / 5) = 204 slots, so about
            // 204 / 1024 = 19.9% of the keys move, all onto it. A fresh deal would move
            // about 80%.
            let share = change.summary.moved as f64 / change.summary.total as f64;
            assert!((0.17..0.23).contains(&share), "moved {share}");
            assert!(
                change.flows.iter().all(|f| f.to == e.0),
                "{:?}",
                change.flows
            );
            let held = match &t.current.picture {
                ring_core::Picture::Table { entries } => {
                    entries.iter().filter(|&&o| o == 4).count()
                }
                other => panic!("not a table: {other:?}"),
            };
            assert_eq!(held, 204);
            // What a fresh deal over the same five nodes would have done, from the core.
            let names = ["cache-a", "cache-b", "cache-c", "cache-d", "cache-e"];
            let specs: Vec<NodeSpec> = names.iter().map(|n| NodeSpec::new(*n, 100)).collect();
            let dealt = SlotTable::dealt(&specs, HashFn::Murmur3_64, 1024).unwrap();
            let fresh_moved = s
                .keys
                .keys
                .iter()
                .zip(owners(&s))
                .filter(|(k, before)| t.nodes[dealt.locate(k) as usize].id != *before)
                .count();
            assert!(fresh_moved > 7_000, "a fresh deal moves {fresh_moved}");
        }

        #[test]
        fn removing_down_and_up_move_only_that_nodes_keys() {
            let s = add(&slot_state(), "cache-e");
            let b = id(&s, "cache-b");
            let down = s.apply(Action::SetDown(b, true)).unwrap();
            let before = owners(&s);
            let after = owners(&down);
            for (x, y) in before.iter().zip(&after) {
                assert!(x == y || *x == b, "{x:?} -> {y:?}");
            }
            let up = down.apply(Action::SetDown(b, false)).unwrap();
            let again = owners(&up);
            for (x, y) in after.iter().zip(&again) {
                assert!(x == y || *y == b, "{x:?} -> {y:?}");
            }
            let share = up.change.as_ref().unwrap().summary.moved as f64 / 10_000.0;
            assert!((0.17..0.23).contains(&share), "coming up moved {share}");
            let c = id(&up, "cache-c");
            let gone = up.apply(Action::RemoveNode(c)).unwrap();
            for (x, y) in again.iter().zip(owners(&gone)) {
                assert!(*x == y || *x == c);
            }
        }

        #[test]
        fn new_keys_keep_the_table_and_a_new_slot_count_or_algorithm_deals_afresh() {
            let s = add(&slot_state(), "cache-e");
            let table = s.slot_owners.clone().unwrap();
            let k = s
                .apply(Action::GenerateKeys {
                    count: "500".into(),
                    seed: "7".into(),
                })
                .unwrap();
            assert_eq!(k.slot_owners, Some(table.clone()));
            let hashed = s.apply(Action::SetHash(HashFn::Fnv1a_64)).unwrap();
            assert_eq!(hashed.slot_owners, Some(table.clone()));
            let dealt_ids = |s: &State| -> Vec<NodeId> {
                let up: Vec<NodeId> = s.current.nodes.iter().map(|n| n.id).collect();
                (0..s.params.slots(s.kind).unwrap() as usize)
                    .map(|i| up[i % up.len()])
                    .collect()
            };
            let resized = s
                .apply(Action::SetParam {
                    param: ring_core::registry::ParamRef::new(AlgoId::SlotTable, 0),
                    text: "512".into(),
                })
                .unwrap();
            assert_eq!(resized.slot_owners.as_deref(), Some(&dealt_ids(&resized)));
            let away = s.apply(Action::SetAlgorithm(AlgoId::Jump)).unwrap();
            assert_eq!(away.slot_owners, None);
            let back = away.apply(Action::SetAlgorithm(AlgoId::SlotTable)).unwrap();
            assert_eq!(back.slot_owners.as_deref(), Some(&dealt_ids(&back)));
            let reset = s.apply(Action::Reset).unwrap();
            assert_eq!(reset.slot_owners, None);
        }
    }

    #[test]
    fn a_table_that_does_not_fit_is_dealt_afresh() {
        let (_, owners) = next_table(None, &up(&[0, 1]), HashFn::Murmur3_64, 8).unwrap();
        // Another slot count.
        let (t, _) = next_table(
            Some((&owners, &ids(&[0, 1]))),
            &up(&[0, 1, 2]),
            HashFn::Murmur3_64,
            9,
        )
        .unwrap();
        assert_eq!(t.owners(), &[0, 1, 2, 0, 1, 2, 0, 1, 2]);
        // An owner that was not up.
        let (t, _) = next_table(
            Some((&ids(&[5; 8]), &ids(&[0, 1]))),
            &up(&[0, 1]),
            HashFn::Murmur3_64,
            8,
        )
        .unwrap();
        assert_eq!(t.owners(), &[0, 1, 0, 1, 0, 1, 0, 1]);
    }
}
