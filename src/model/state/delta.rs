//! The delta path: after a join or a leave on a ring, the new placement and the keys that
//! moved are found arc by arc from the key positions the current snapshot keeps, instead
//! of placing every key again.

use std::rc::Rc;

use ring_core::delta::ring_delta;
use ring_core::metrics::Moves;
use ring_core::{BuildError, NodeIndex, NodeSpec, Placement};

use super::{Node, State};
use crate::model::snapshot::{PlacedKeys, Snapshot};

impl State {
    /// The placement after `next`'s nodes joined, left or changed, found arc by arc from
    /// the key positions the current snapshot keeps (`ring_core::delta`), with the keys
    /// that moved: only on a ring, with the same algorithm, hash and keys. `None` when the
    /// delta path does not apply (then every key is placed again).
    pub(super) fn joined_or_left(
        &self,
        next: &State,
    ) -> Option<Result<(Snapshot, Moves), BuildError>> {
        let cache = self.current.positions.as_ref()?;
        let (config, next_config) = (self.config(), next.config());
        let same = self.kind == next.kind
            && config.algorithm == next_config.algorithm
            && config.effective_hash() == next_config.effective_hash()
            && Rc::ptr_eq(&self.keys.keys, &next.keys.keys);
        if !same || cache.len() != self.keys.len() {
            return None;
        }
        let was_up: Vec<&Node> = self.nodes.iter().filter(|n| !n.down).collect();
        let now_up: Vec<&Node> = next.nodes.iter().filter(|n| !n.down).collect();
        let before = self.current.placement.as_ref();
        let specs: Vec<NodeSpec> = now_up.iter().map(|n| n.spec()).collect();
        let same_node = |a: &Node, b: &Node| a.id == b.id && a.spec() == b.spec();
        // A join at the end or one leave merges points into the ring or drops them;
        // anything else (a weight, a virtual-node count) builds the ring again.
        let updated = if now_up.len() == was_up.len() + 1
            && was_up.iter().zip(&now_up).all(|(a, b)| same_node(a, b))
        {
            specs.last().and_then(|newcomer| before.joined(newcomer))
        } else if now_up.len() + 1 == was_up.len() {
            let gone = was_up
                .iter()
                .zip(&now_up)
                .position(|(a, b)| !same_node(a, b))
                .unwrap_or(now_up.len());
            let rest_same = was_up
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != gone)
                .zip(&now_up)
                .all(|((_, a), b)| same_node(a, b));
            rest_same.then(|| before.left(gone as NodeIndex)).flatten()
        } else {
            None
        };
        let after: Rc<dyn Placement> = match updated {
            Some(Ok(p)) => Rc::from(p),
            Some(Err(e)) => return Some(Err(e)),
            // A ring too large to build inside the action (Envoy's, up to 8,388,608
            // entries, rebuilt on every join) is built by the job in slices instead.
            None => match super::place::large_ring_build(&next_config, &specs) {
                Ok(Some(_)) => return None,
                _ => match ring_core::build(&next_config, &specs) {
                    Ok(p) => Rc::from(p),
                    Err(e) => return Some(Err(e)),
                },
            },
        };
        after.owning_ring()?;
        let before_labels: Vec<u32> = self.current.nodes.iter().map(|n| n.id.0).collect();
        let after_labels: Vec<u32> = now_up.iter().map(|n| n.id.0).collect();
        let keys = &self.keys.keys;
        let delta = ring_delta(
            before,
            &before_labels,
            after.as_ref(),
            &after_labels,
            keys,
            cache,
        )
        .ok()?;
        // Each key keeps its owner, renumbered, unless it moved.
        let index_after = |label: u32| {
            after_labels
                .iter()
                .position(|&a| a == label)
                .map(|i| i as NodeIndex)
        };
        let renumbered: Vec<NodeIndex> = before_labels
            .iter()
            .map(|&l| index_after(l).unwrap_or(NodeIndex::MAX))
            .collect();
        let unchanged = renumbered
            .iter()
            .enumerate()
            .all(|(i, &r)| r == i as NodeIndex);
        let mut owners: Vec<NodeIndex> = if unchanged {
            // A join: every node keeps its index.
            self.current.owners.clone()
        } else {
            self.current
                .owners
                .iter()
                .map(|&o| {
                    renumbered
                        .get(o as usize)
                        .copied()
                        .unwrap_or(NodeIndex::MAX)
                })
                .collect()
        };
        for (&key, &to) in delta.moves.moved_keys.iter().zip(&delta.moved_to) {
            *owners.get_mut(key)? = index_after(to)?;
        }
        if !unchanged && owners.contains(&NodeIndex::MAX) {
            // A key of a node that left was not among the moved ones: never, but placing
            // every key again is always right.
            return None;
        }
        let nodes = now_up.iter().map(|n| n.info()).collect();
        let placed = PlacedKeys {
            owners,
            positions: cache.positions(),
            cache: Some(Rc::clone(cache)),
            loads: Some(delta.loads_after(&self.current.loads, &before_labels, &after_labels)),
        };
        let snapshot =
            Snapshot::assemble(&next_config, next.kind, nodes, after, &next.keys, placed);
        Some(Ok((snapshot, delta.moves)))
    }
}
