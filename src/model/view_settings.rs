//! What the teaching views were set to ([`ViewSettings`]), part of the state so that a
//! link carries it: plain settings, below the views' computations (`chord_view.rs`,
//! `compare.rs`, `replication_view.rs`, `traffic_view.rs`, which re-export theirs).

use super::algo::AlgoId;
use super::limits::MAX_VIEW_KEYS;
use super::message::Msg;
use super::node_id::NodeId;
use super::paper::PaperSpec;
use super::which_view::WhichSettings;

// Chord.

/// What the user picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChordSettings {
    /// The key to look up.
    pub(crate) key: String,
    /// The node the lookup starts from; `None` (or a node no longer on the ring) means
    /// the first node on the ring.
    pub(crate) start: Option<NodeId>,
}

impl Default for ChordSettings {
    /// The tour's key, from the first node.
    fn default() -> Self {
        ChordSettings {
            key: super::defaults::TOUR_KEY.to_string(),
            start: None,
        }
    }
}

// Compare (and the change the Traffic view makes).

/// Fewest algorithms compared.
pub(crate) const MIN_ALGOS: usize = 2;
/// Most algorithms compared.
pub(crate) const MAX_ALGOS: usize = 4;

/// The change applied to every column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum CompareChange {
    /// No change: the placements as they are.
    #[default]
    None,
    /// A node joins (the name the lab would suggest, weight 100, the default vnodes).
    AddNode,
    /// The last node that is up leaves.
    RemoveLast,
}

impl CompareChange {
    /// A stable identifier.
    pub(crate) fn id(self) -> &'static str {
        match self {
            CompareChange::None => "none",
            CompareChange::AddNode => "add",
            CompareChange::RemoveLast => "remove",
        }
    }
}

/// What the user picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareSettings {
    /// The algorithms, in menu order, 2 to 4 of them.
    pub(crate) kinds: Vec<AlgoId>,
    /// The change.
    pub(crate) change: CompareChange,
}

impl Default for CompareSettings {
    fn default() -> Self {
        CompareSettings {
            kinds: vec![AlgoId::Modulo, AlgoId::Virtual, AlgoId::Jump],
            change: CompareChange::AddNode,
        }
    }
}

impl CompareSettings {
    /// These settings with `kind` switched on or off, or why not (keeping 2 to 4).
    pub(crate) fn toggled(&self, kind: AlgoId, on: bool) -> Result<CompareSettings, Msg> {
        let has = self.kinds.contains(&kind);
        if on == has {
            return Ok(self.clone());
        }
        if on && self.kinds.len() >= MAX_ALGOS {
            return Err(Msg::CompareTooMany {
                max: MAX_ALGOS,
                kind,
            });
        }
        if !on && self.kinds.len() <= MIN_ALGOS {
            return Err(Msg::CompareTooFew {
                min: MIN_ALGOS,
                kind,
            });
        }
        // Menu order, so a column keeps its place whatever order they were ticked in.
        let kinds = AlgoId::ALL
            .iter()
            .copied()
            .filter(|&k| {
                if k == kind {
                    on
                } else {
                    self.kinds.contains(&k)
                }
            })
            .collect();
        Ok(CompareSettings {
            kinds,
            change: self.change,
        })
    }
}

// Replication.

/// What the user picked. `replicas` is the factor in force; what was typed lives in the
/// component until it is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplicationSettings {
    /// R, the number of copies of each key.
    pub(crate) replicas: u32,
    /// The key typed.
    pub(crate) key: String,
    /// The node that fails, if any.
    pub(crate) down: Option<NodeId>,
}

impl Default for ReplicationSettings {
    fn default() -> Self {
        ReplicationSettings {
            replicas: 3,
            key: "user:42".to_string(),
            down: None,
        }
    }
}

// Traffic.

/// The largest Zipf exponent, in hundredths (the core's `MAX_ZIPF`, 1.5).
pub(crate) const MAX_ZIPF: u32 = 150;
/// Fewest requests in a run.
pub(crate) const MIN_REQUESTS: u32 = 10_000;
/// Most requests in a run: two simulations of 2,000,000 requests each run in well under
/// two seconds of frames (a few million requests a second in the release build).
pub(crate) const MAX_REQUESTS: u32 = 2_000_000;
/// The request slider's step.
pub(crate) const REQUEST_STEP: u32 = 10_000;
/// Smallest cache, in keys per node.
pub(crate) const MIN_CACHE: u32 = 10;
/// Largest cache, in keys per node: half the keys the view uses.
pub(crate) const MAX_CACHE: u32 = (MAX_VIEW_KEYS / 2) as u32;
/// The cache slider's step.
pub(crate) const CACHE_STEP: u32 = 10;
/// The cache size the slider starts at when the caches stop holding all their keys.
pub(crate) const DEFAULT_CACHE: u32 = 1_000;
/// What the Traffic view is set to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrafficSettings {
    /// The Zipf exponent s in hundredths, 0 (uniform) to [`MAX_ZIPF`].
    pub(crate) zipf: u32,
    /// Each node's cache in keys, or `None`: it holds all its keys.
    pub(crate) cache: Option<u32>,
    /// Requests in the run, [`MIN_REQUESTS`] to [`MAX_REQUESTS`].
    pub(crate) requests: u32,
    /// The change, made half-way through the requests.
    pub(crate) change: CompareChange,
}

impl Default for TrafficSettings {
    fn default() -> Self {
        TrafficSettings {
            zipf: 100,
            cache: None,
            requests: 200_000,
            change: CompareChange::AddNode,
        }
    }
}

impl TrafficSettings {
    /// These settings with every number brought into its range (a setting is only
    /// checked where it is read: a slider's own range, a link's reader).
    pub(crate) fn clamped(self) -> TrafficSettings {
        TrafficSettings {
            zipf: self.zipf.min(MAX_ZIPF),
            cache: self.cache.map(|c| c.clamp(MIN_CACHE, MAX_CACHE)),
            requests: self.requests.clamp(MIN_REQUESTS, MAX_REQUESTS),
            change: self.change,
        }
    }

    /// The Zipf exponent.
    pub(crate) fn exponent(self) -> f64 {
        f64::from(self.zipf.min(MAX_ZIPF)) / 100.0
    }
}

// The quiz's.

/// The seed of a quiz a link does not name.
pub(crate) const DEFAULT_QUIZ_SEED: u64 = 1;

// Every view's.

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
    /// The Quiz view's seed ([`ring_core::quiz::quiz`]; 0 until set: the default seed).
    pub(crate) quiz: u64,
}

impl ViewSettings {
    /// The quiz's seed: the one set, or [`DEFAULT_QUIZ_SEED`].
    pub(crate) fn quiz_seed(&self) -> u64 {
        if self.quiz == 0 {
            DEFAULT_QUIZ_SEED
        } else {
            self.quiz
        }
    }
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
    /// The Quiz view's seed.
    Quiz(u64),
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
            ViewSetting::Quiz(seed) => next.quiz = seed,
        }
        next
    }
}
