//! How many keys the canvas draws as dots: the Keys panel's "keys drawn" setting
//! ([`Action::SetDrawn`](super::Action::SetDrawn), `drawn=` in a link).
//!
//! Changing it never places a key again: the owners, loads and the change's counts stay
//! as they are, and only the sample of drawn keys, their positions (one
//! `Placement::key_position` per drawn key, before and after the last change) and the
//! drawn keys that moved are worked out anew. The last change keeps its serial, so an
//! animation that is playing goes on with the new dots.

use std::rc::Rc;

use super::keys;
use super::number;
use super::snapshot::{KeyMove, Snapshot};
use super::state::Change;
use super::state::{Field, InputError, KeySet, State};

impl KeySet {
    /// This key set drawing at most `drawn` keys: the same keys, with the sample
    /// [`keys::sample_of`] picks (shared, not recomputed, when it is already that).
    pub(crate) fn with_drawn(mut self, drawn: u32) -> KeySet {
        if drawn != self.drawn {
            self.drawn = drawn;
            self.sample = Rc::new(keys::sample_of(self.keys.len() as u32, drawn));
        }
        self
    }
}

impl Snapshot {
    /// This placement with the positions of `keys`' sample (the placement, owners, loads and
    /// shares are shared or copied, never computed again).
    pub(crate) fn resampled(&self, keys: &KeySet) -> Snapshot {
        let mut next = self.clone();
        next.sample_positions = sample_positions(self, keys);
        next
    }
}

fn sample_positions(snap: &Snapshot, keys: &KeySet) -> Vec<u64> {
    keys.sample
        .iter()
        .filter_map(|&i| keys.keys.get(i as usize))
        .map(|k| snap.placement.key_position(k))
        .collect()
}

impl Change {
    /// The same change seen through `keys`' sample: its placement before gets the sample's
    /// positions, and the moves are the sampled keys whose owner (by node id) differs
    /// between before and `after`. Everything counted over all keys is kept as it is.
    pub(crate) fn resampled(&self, keys: &KeySet, after: &Snapshot) -> Change {
        let id = |s: &Snapshot, k: usize| s.owners.get(k).and_then(|&o| s.node(o)).map(|n| n.id);
        let moves = keys
            .sample
            .iter()
            .enumerate()
            .filter_map(|(j, &k)| {
                let (from, to) = (id(&self.before, k as usize)?, id(after, k as usize)?);
                (from != to).then_some(KeyMove {
                    sample: j as u32,
                    from,
                    to,
                })
            })
            .collect();
        Change {
            serial: self.serial,
            what: self.what.clone(),
            before: Rc::new(self.before.resampled(keys)),
            summary: self.summary,
            flows: self.flows.clone(),
            moves,
            prior: Rc::clone(&self.prior),
        }
    }
}

impl State {
    /// This state drawing at most `drawn` keys (`drawn` already checked: at most
    /// [`keys::MAX_DRAWN_LIMIT`]). Nothing is placed again; see the module's notes.
    pub(crate) fn with_drawn(&self, drawn: u32) -> State {
        let mut next = self.clone();
        next.error = None;
        next.version = self.version + 1;
        if drawn == self.keys.drawn {
            return next;
        }
        next.keys = self.keys.clone().with_drawn(drawn);
        let current = self.current.resampled(&next.keys);
        next.change = self
            .change
            .as_deref()
            .map(|c| Rc::new(c.resampled(&next.keys, &current)));
        next.current = Rc::new(current);
        next
    }

    /// [`Action::SetDrawn`](super::Action::SetDrawn): the count as typed, refused with the
    /// allowed range next to the control.
    pub(super) fn set_drawn(&self, text: &str) -> Result<State, InputError> {
        let drawn = number::parse_drawn(text).map_err(|m| InputError {
            field: Field::Drawn,
            message: Box::new(m),
            text: None,
            refusal: None,
        })?;
        Ok(self.with_drawn(drawn))
    }
}

#[cfg(test)]
mod tests;
