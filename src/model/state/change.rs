//! Making a [`Change`] from the placements before and after it (its type sits with the
//! state's, as each holds the other).

use std::rc::Rc;

use ring_core::metrics::{Ideal, Moves};

use super::{Change, KeySet, State};
use crate::model::snapshot::{Did, KeyMove, Snapshot};

impl Change {
    /// The change from `before` to `after` over the same keys, whose movements `moves`
    /// were found already (by a job in parts, or arc by arc on a ring).
    pub(crate) fn from_moves(
        prior: Rc<State>,
        after: &Snapshot,
        keys: &KeySet,
        what: Did,
        ideal: Ideal,
        serial: u64,
        moves: Moves,
    ) -> Change {
        let before = Rc::clone(&prior.current);
        // Both lists are ascending: walk them together to find the sampled keys that moved.
        let mut sampled = Vec::new();
        let mut s = 0usize;
        for &k in &moves.moved_keys {
            while s < keys.sample.len() && (keys.sample[s] as usize) < k {
                s += 1;
            }
            if s < keys.sample.len() && keys.sample[s] as usize == k {
                let from = before
                    .owners
                    .get(k)
                    .and_then(|&o| before.node(o))
                    .map(|n| n.id);
                let to = after
                    .owners
                    .get(k)
                    .and_then(|&o| after.node(o))
                    .map(|n| n.id);
                if let (Some(from), Some(to)) = (from, to) {
                    sampled.push(KeyMove {
                        sample: s as u32,
                        from,
                        to,
                    });
                }
            }
        }
        Change {
            serial,
            what,
            summary: moves.summary(ideal),
            flows: moves.flows,
            moves: sampled,
            before,
            prior,
        }
    }

    /// Whether the before and after pictures are of the same kind, so keys can be shown
    /// travelling from one to the other.
    pub(crate) fn animatable(&self, after: &Snapshot) -> bool {
        std::mem::discriminant(&self.before.picture) == std::mem::discriminant(&after.picture)
    }
}
