//! Undo, redo and the list of what was done: the lab's states after each accepted action
//! that changed the placement or the keys, oldest first, and which of them is shown.
//!
//! The state kept is the lab exactly as it was (its nodes, algorithm, parameters, keys and
//! placement, all shared, not copied), without a history of its own: `State` keeps and
//! restores them (`src/model/state/transition.rs`). Past [`MAX_STEPS`] changes the oldest
//! are forgotten.

use std::rc::Rc;

/// The most states kept, the first included.
pub(crate) const MAX_STEPS: usize = 50;

/// What was done, and where the lab is in it: states `S` (the lab's), each kept once and
/// shared.
#[derive(Debug)]
pub(crate) struct History<S> {
    /// The states, oldest first: the first is the lab before the first change kept.
    pub(crate) states: Vec<Rc<S>>,
    /// The one shown (an index into `states`; 0 when there are none).
    pub(crate) at: usize,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            states: Vec::new(),
            at: 0,
        }
    }
}

impl<S> History<S> {
    /// This history with `next` done after the state shown (`prev`, kept first if the
    /// history is empty): the steps undone are forgotten, and past [`MAX_STEPS`] the oldest.
    pub(crate) fn then(&self, prev: impl FnOnce() -> Rc<S>, next: Rc<S>) -> History<S> {
        let mut states = if self.states.is_empty() {
            vec![prev()]
        } else {
            self.states[..=self.at.min(self.states.len() - 1)].to_vec()
        };
        states.push(next);
        if states.len() > MAX_STEPS {
            states.drain(..states.len() - MAX_STEPS);
        }
        let at = states.len() - 1;
        History { states, at }
    }

    /// The same steps, at step `at`, if there is one.
    pub(crate) fn at(&self, at: usize) -> Option<History<S>> {
        (at < self.states.len()).then(|| History {
            states: self.states.clone(),
            at,
        })
    }

    /// Whether there is a step to undo.
    pub(crate) fn can_undo(&self) -> bool {
        self.at > 0
    }

    /// Whether there is a step to redo.
    pub(crate) fn can_redo(&self) -> bool {
        self.at + 1 < self.states.len()
    }
}

#[cfg(test)]
mod tests;
