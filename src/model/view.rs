//! The views of the page: the lab itself and the teaching views beside it, and what the
//! teaching views were set to ([`ViewSettings`]), which is part of the state so that a
//! link carries it.

use super::chord_view::ChordSettings;
use super::compare::CompareSettings;
use super::paper::PaperSpec;
use super::replication_view::ReplicationSettings;
use super::traffic_view::TrafficSettings;
use super::which_view::WhichSettings;

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

/// What the teaching views were set to. They keep it while other views show, and a link
/// or a stored state carries it.
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct ViewSettings {
    /// Compare's algorithms and change.
    pub(crate) compare: CompareSettings,
    /// Chord's key and first node.
    pub(crate) chord: ChordSettings,
    /// Replication's R, key and failed node.
    pub(crate) replication: ReplicationSettings,
    /// The Paper view's rows, columns, algorithm and hash.
    pub(crate) paper: PaperSpec,
    /// The Traffic view's popularity, caches, requests and change.
    pub(crate) traffic: TrafficSettings,
    /// The "Which algorithm?" view's algorithms and node counts.
    pub(crate) which: WhichSettings,
}

/// One teaching view's settings, as a view sets them.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewSetting {
    /// Compare's.
    Compare(CompareSettings),
    /// Chord's.
    Chord(ChordSettings),
    /// Replication's.
    Replication(ReplicationSettings),
    /// The Paper view's (boxed: the algorithms' parameters make it ten times the others).
    Paper(Box<PaperSpec>),
    /// The Traffic view's.
    Traffic(TrafficSettings),
    /// The "Which algorithm?" view's.
    Which(WhichSettings),
}

impl ViewSettings {
    /// These settings with one view's replaced.
    pub(crate) fn with(&self, setting: ViewSetting) -> ViewSettings {
        let mut next = self.clone();
        match setting {
            ViewSetting::Compare(s) => next.compare = s,
            ViewSetting::Chord(s) => next.chord = s,
            ViewSetting::Replication(s) => next.replication = s,
            ViewSetting::Paper(s) => next.paper = *s,
            ViewSetting::Traffic(s) => next.traffic = s,
            ViewSetting::Which(s) => next.which = s,
        }
        next
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
        assert_eq!(ViewKind::Explore.step(-1), ViewKind::Which);
        assert_eq!(ViewKind::Which.step(1), ViewKind::Explore);
        assert_eq!(ViewKind::default(), ViewKind::Explore);
    }
}
