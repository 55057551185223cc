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

    /// Whether the view is only in the whole lab's build, not in the page's first load
    /// (which has the lab and the tour, and loads the whole lab when another view is
    /// opened): the views most readers never open, with engines of their own (the traffic
    /// simulation, the comparison rows, the finger tables).
    // The whole lab has every view and never asks (the first load does, and the loaders'
    // test checks their lists against it).
    #[cfg_attr(feature = "whole-lab", allow(dead_code))]
    pub(crate) fn needs_whole_lab(self) -> bool {
        !matches!(self, ViewKind::Explore | ViewKind::Tour)
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

    /// The loaders start the whole lab at once for a view the first load lacks, by a list of
    /// their own (JavaScript cannot ask the wasm before it has loaded one of the builds).
    #[test]
    fn the_loaders_know_which_views_the_first_load_has() {
        let first_load: Vec<&str> = ViewKind::ALL
            .into_iter()
            .filter(|v| !v.needs_whole_lab())
            .map(ViewKind::id)
            .collect();
        let listed = format!(
            "const FIRST_LOAD_VIEWS = [{}];",
            first_load
                .iter()
                .map(|id| format!("'{id}'"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for loader in ["static/boot.js", "static/ring-lab.js"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(loader);
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(text.contains(&listed), "{loader} should say `{listed}`");
        }
        assert!(ViewKind::Traffic.needs_whole_lab() && !ViewKind::Explore.needs_whole_lab());
    }
}
