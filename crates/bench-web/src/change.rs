//! A node joining and leaving a ring, with every key's move and the new loads found from
//! cached positions ([`ring_delta`]), as the app does after a change. Everything a timed
//! step needs is prepared here beforehand, so the page times the step alone.

use ring_core::delta::{ring_delta, KeyPositions, RingDelta};
use ring_core::ring::Naming;
use ring_core::{build, metrics, Algorithm, Config, NodeSpec, Placement};

use crate::keys;

/// The ring every figure of the benchmark is about: virtual nodes named `name#i`,
/// MurmurHash3, `per_node` points per node (as the native peer benchmark's `ring-core`).
pub fn ring_config(per_node: u32) -> Config {
    Config::new(Algorithm::virtual_nodes(Naming::Hash)).with_vnodes(per_node)
}

/// A ring of `nodes` nodes, the same ring with one more (the newcomer, last), and that
/// longer ring after its first node left, each with its keys' loads.
pub struct Change {
    nodes: u32,
    newcomer: NodeSpec,
    before: Box<dyn Placement>,
    after: Box<dyn Placement>,
    shrunk: Box<dyn Placement>,
    /// Label `i` is node `i` of `after`: nodes keep their label across both changes.
    labels: Vec<u32>,
    loads_before: Vec<u64>,
    loads_after: Vec<u64>,
}

/// What a join or a leave changed: the moves and each remaining node's new load.
pub struct Outcome {
    /// The moved keys, as [`metrics::diff`] would count them.
    pub delta: RingDelta,
    /// Each node's load after the change, in the order of the ring after it.
    pub loads: Vec<u64>,
}

impl Change {
    /// Builds the three rings and places `keys` (whose positions `cache` holds) on the
    /// first two, untimed.
    pub fn new(
        nodes: u32,
        per_node: u32,
        keys: &[String],
        cache: &KeyPositions,
    ) -> Result<Change, String> {
        let config = ring_config(per_node);
        let mut specs = keys::nodes(0, nodes);
        let newcomer = NodeSpec::new(keys::node_name(nodes), 100);
        let before = build(&config, &specs).map_err(|e| e.to_string())?;
        specs.push(newcomer.clone());
        let after = build(&config, &specs).map_err(|e| e.to_string())?;
        let shrunk = build(&config, specs.get(1..).unwrap_or(&[])).map_err(|e| e.to_string())?;
        let loads_of = |placement: &dyn Placement| {
            let owners = placement.assign_positions(keys, cache.positions());
            metrics::loads(&owners, placement.node_count()).map_err(|e| e.to_string())
        };
        Ok(Change {
            nodes,
            loads_before: loads_of(before.as_ref())?,
            loads_after: loads_of(after.as_ref())?,
            newcomer,
            before,
            after,
            shrunk,
            labels: (0..=nodes).collect(),
        })
    }

    /// The newcomer merged into the first ring ([`Placement::joined`]); returns the
    /// merged ring's node count.
    pub fn join_merge(&self) -> Result<u32, String> {
        match self.before.joined(&self.newcomer) {
            Some(Ok(ring)) => Ok(ring.node_count()),
            Some(Err(e)) => Err(e.to_string()),
            None => Err("this ring cannot merge a newcomer".to_string()),
        }
    }

    /// Node 0 filtered out of the longer ring ([`Placement::left`]); returns the node
    /// count left.
    pub fn leave_filter(&self) -> Result<u32, String> {
        match self.after.left(0) {
            Some(Ok(ring)) => Ok(ring.node_count()),
            Some(Err(e)) => Err(e.to_string()),
            None => Err("this ring cannot filter a node out".to_string()),
        }
    }

    /// The keys the newcomer took and every node's load after it joined.
    pub fn join_delta(&self, keys: &[String], cache: &KeyPositions) -> Result<Outcome, String> {
        let old_labels = self.labels.get(..self.nodes as usize).unwrap_or(&[]);
        let delta = ring_delta(
            self.before.as_ref(),
            old_labels,
            self.after.as_ref(),
            &self.labels,
            keys,
            cache,
        )
        .map_err(|e| e.to_string())?;
        let loads = delta.loads_after(&self.loads_before, old_labels, &self.labels);
        Ok(Outcome { delta, loads })
    }

    /// The keys node 0 gave away when it left the longer ring, and every remaining node's
    /// load; the others are renumbered down by one but keep their labels.
    pub fn leave_delta(&self, keys: &[String], cache: &KeyPositions) -> Result<Outcome, String> {
        let new_labels = self.labels.get(1..).unwrap_or(&[]);
        let delta = ring_delta(
            self.after.as_ref(),
            &self.labels,
            self.shrunk.as_ref(),
            new_labels,
            keys,
            cache,
        )
        .map_err(|e| e.to_string())?;
        let loads = delta.loads_after(&self.loads_after, &self.labels, new_labels);
        Ok(Outcome { delta, loads })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The full model: place every key on both rings and compare, in labels.
    fn full_diff(
        before: &dyn Placement,
        before_labels: &[u32],
        after: &dyn Placement,
        after_labels: &[u32],
        keys: &[String],
    ) -> (metrics::Moves, Vec<u64>) {
        let label = |labels: &[u32], owners: Vec<u32>| -> Vec<u32> {
            owners.iter().map(|&o| labels[o as usize]).collect()
        };
        let old = label(before_labels, before.assign(keys));
        let new = label(after_labels, after.assign(keys));
        let loads = metrics::loads(&after.assign(keys), after.node_count()).unwrap();
        (metrics::diff(&old, &new).unwrap(), loads)
    }

    #[test]
    fn join_and_leave_agree_with_placing_every_key_twice() {
        let keys = keys::generate(5_000, 3);
        let config = ring_config(20);
        let first = build(&config, &keys::nodes(0, 1)).unwrap();
        let cache = KeyPositions::of(first.as_ref(), &keys);
        let change = Change::new(6, 20, &keys, &cache).unwrap();
        let labels: Vec<u32> = (0..=6).collect();

        let join = change.join_delta(&keys, &cache).unwrap();
        let before = build(&config, &keys::nodes(0, 6)).unwrap();
        let after = build(&config, &keys::nodes(0, 7)).unwrap();
        let (moves, loads) = full_diff(
            before.as_ref(),
            &labels[..6],
            after.as_ref(),
            &labels,
            &keys,
        );
        assert_eq!(join.delta.moves, moves);
        assert_eq!(join.loads, loads);
        assert!(moves.moved > 0 && join.delta.moved_to.iter().all(|&to| to == 6));

        let leave = change.leave_delta(&keys, &cache).unwrap();
        let shrunk = build(&config, &keys::nodes(1, 6)).unwrap();
        let (moves, loads) = full_diff(
            after.as_ref(),
            &labels,
            shrunk.as_ref(),
            &labels[1..],
            &keys,
        );
        assert_eq!(leave.delta.moves, moves);
        assert_eq!(leave.loads, loads);
        assert!(moves.moved > 0 && moves.flows.iter().all(|f| f.from == 0));

        assert_eq!(change.join_merge(), Ok(7));
        assert_eq!(change.leave_filter(), Ok(6));
    }
}
