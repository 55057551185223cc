//! The views of the page: the lab itself and the teaching views beside it. What the
//! teaching views were set to is `view_settings.rs`'s: this file sits below the messages,
//! which name a view, and those settings above them, as they refuse in messages.

ring_core::listed_enum! {
    /// A view of the page, chosen by the tabs at the top.
    ///
    /// The declaration order is the tab order (`ViewKind::ALL`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub enum ViewKind {
        /// The lab: the cluster, its picture, its controls.
        #[default]
        Explore,
        /// The guided tour through the seeds' story, one step at a time.
        Tour,
        /// Two to four algorithms side by side on the same nodes, keys and change.
        Compare,
        /// What a change costs: cache hit rates and the store's load under Zipf requests,
        /// modulo beside the lab's algorithm.
        Traffic,
        /// Chord's finger tables and the hops of one lookup.
        Chord,
        /// Replication to successors: preference lists and failover.
        Replication,
        /// Seed 003's balance table (R1, R2, R3), computed live.
        Paper,
        /// The field's comparison table: balance, monotonicity, memory and times of the
        /// algorithms picked.
        Which,
        /// Questions drawn from a seed, each answer checked by the core.
        Quiz,
    }
}

impl ViewKind {
    /// A stable identifier: element ids, and the value of `?view=` in a link.
    pub(crate) fn id(self) -> &'static str {
        match self {
            ViewKind::Explore => "explore",
            ViewKind::Tour => "tour",
            ViewKind::Compare => "compare",
            ViewKind::Traffic => "traffic",
            ViewKind::Chord => "chord",
            ViewKind::Replication => "replication",
            ViewKind::Paper => "paper",
            ViewKind::Which => "which",
            ViewKind::Quiz => "quiz",
        }
    }

    /// The view whose [`ViewKind::id`] is `id` (surrounding spaces and case ignored).
    pub(crate) fn from_id(id: &str) -> Option<ViewKind> {
        let id = id.trim();
        ViewKind::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(id))
    }

    /// The view `delta` tabs away, wrapping (the arrow keys on the tab list).
    pub(crate) fn step(self, delta: i32) -> ViewKind {
        let n = ViewKind::ALL.len() as i32;
        let i = ViewKind::ALL.iter().position(|&v| v == self).unwrap_or(0) as i32;
        ViewKind::ALL[(i + delta).rem_euclid(n) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_steps_wrap() {
        for v in ViewKind::ALL {
            assert_eq!(ViewKind::from_id(v.id()), Some(v));
            assert_eq!(v.step(1).step(-1), v);
            assert_eq!(v.step(ViewKind::ALL.len() as i32), v);
        }
        assert_eq!(ViewKind::from_id(" Tour "), Some(ViewKind::Tour));
        assert_eq!(ViewKind::from_id("tours"), None);
        assert_eq!(ViewKind::Explore.step(-1), ViewKind::Quiz);
        assert_eq!(ViewKind::Quiz.step(1), ViewKind::Explore);
        assert_eq!(ViewKind::default(), ViewKind::Explore);
    }
}
