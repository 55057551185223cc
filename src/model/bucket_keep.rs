//! The engines of AnchorHash, DxHash and MementoHash kept across changes. Built afresh
//! from the nodes that are up, such an engine would number its buckets by list order, and
//! a node leaving from the middle would renumber every bucket after it: most keys would
//! move, which is not how these algorithms behave. While the algorithm, its parameters and
//! its hash stay the same, each join or leave goes through the engine itself instead, as
//! the slot table's owners do ([`super::slot_keep`]): a node that leaves has its bucket
//! removed (the rest keep theirs), and a node that joins takes the bucket the engine gives
//! back, the one removed last.

use ring_core::bucket_placement::BucketPlacement;
use ring_core::buckets::Removal;
use ring_core::{BuildError, NodeIndex};

use super::slot_keep::{step_between, SlotStep};
use super::state::NodeId;

/// The placement over the nodes `up` (their ids, in list order), from `previous` over the
/// nodes `was_up`; `None` when the step between them is not one join or one leave (or
/// nothing), or `previous` is not an engine that removes any bucket: then build afresh.
pub(crate) fn next_placement(
    previous: &BucketPlacement,
    was_up: &[NodeId],
    up: &[NodeId],
) -> Option<Result<BucketPlacement, BuildError>> {
    if previous.engine().algo().removal() != Removal::AnyWorking {
        return None;
    }
    let (kept, order): (Result<BucketPlacement, BuildError>, Vec<NodeId>) =
        match step_between(was_up, up) {
            SlotStep::Deal => return None,
            SlotStep::Keep => (Ok(previous.clone()), was_up.to_vec()),
            SlotStep::Leave(id) => {
                let index = was_up.iter().position(|&i| i == id)? as NodeIndex;
                let order = was_up.iter().copied().filter(|&i| i != id).collect();
                (previous.without(index), order)
            }
            SlotStep::Join(id) => {
                // The engine hands the newcomer its bucket as the last index.
                let mut order = was_up.to_vec();
                order.push(id);
                (previous.with_restored(), order)
            }
        };
    let kept = match kept {
        Ok(k) => k,
        Err(e) => return Some(Err(e)),
    };
    // Renumber from the order the engine's indices follow to the list order of `up`.
    let owners = kept
        .owners()
        .iter()
        .map(|o| {
            o.and_then(|i| order.get(i as usize))
                .and_then(|id| up.iter().position(|u| u == id))
                .map(|p| p as NodeIndex)
        })
        .collect();
    Some(kept.with_owners(owners))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_core::buckets::BucketAlgo;
    use ring_core::registry::AlgoId;
    use ring_core::{Algorithm, Config, NodeSpec, Placement};

    fn ids(v: &[u32]) -> Vec<NodeId> {
        v.iter().map(|&i| NodeId(i)).collect()
    }

    fn fresh(n: u32) -> BucketPlacement {
        let nodes: Vec<NodeSpec> = (0..n)
            .map(|i| NodeSpec::new(format!("n{i}"), 100))
            .collect();
        let config = Config::new(Algorithm::new(AlgoId::Memento));
        BucketPlacement::fresh(
            AlgoId::Memento,
            BucketAlgo::Memento,
            &config,
            &nodes,
            None,
            None,
        )
        .unwrap()
    }

    #[test]
    fn a_node_that_goes_down_and_up_again_gets_its_bucket_and_keys_back() {
        let all = ids(&[0, 1, 2, 3]);
        let start = fresh(4);
        let down = next_placement(&start, &all, &ids(&[0, 2, 3]))
            .unwrap()
            .unwrap();
        let up = next_placement(&down, &ids(&[0, 2, 3]), &all)
            .unwrap()
            .unwrap();
        for i in 0..3000 {
            let key = format!("key-{i}");
            let before = start.locate(&key);
            let during = ids(&[0, 2, 3])[down.locate(&key) as usize];
            if before != 1 {
                assert_eq!(during, all[before as usize], "{key}");
            }
            // Node 1 is index 1 again in list order, with every key it had.
            assert_eq!(up.locate(&key), before, "{key}");
        }
    }

    #[test]
    fn a_leave_and_a_join_of_another_node_hand_it_the_bucket_removed_last() {
        let start = fresh(4);
        let gone = next_placement(&start, &ids(&[0, 1, 2, 3]), &ids(&[0, 2, 3]))
            .unwrap()
            .unwrap();
        let joined = next_placement(&gone, &ids(&[0, 2, 3]), &ids(&[0, 2, 3, 9]))
            .unwrap()
            .unwrap();
        // Bucket 1 belongs to the newcomer, node 9, at index 3 of the list.
        assert_eq!(joined.owners()[1], Some(3));
        assert!(next_placement(&start, &ids(&[0, 1, 2, 3]), &ids(&[5, 6])).is_none());
    }
}
