//! The guided tour: the story of the seeds, one step at a time. Each step is a caption and
//! the state of the lab it talks about, built from the first state through the model's own
//! actions ([`State::apply`]), so the picture and every number beside it are computed by
//! the core. [`frame`] is a pure function of the step: going back rebuilds the earlier
//! state exactly. Some steps ask first what share of the keys a join will move
//! ([`predict`]).

use ring_core::metrics::{diff, Ideal};
use ring_core::slots::SlotTable;
use ring_core::{HashFn, Placement};

use super::algo::AlgoId;
use super::chord_view::{chord_view, ChordSettings};
use super::message::Msg;
use super::replication_view::{replication_view, ReplicationSettings};
use super::state::{Action, State};
use ring_core::registry::ParamRef;

mod predict;
pub(crate) use predict::Question;

/// Keys in every step: few enough to draw them all, enough to count moves.
const TOUR_KEYS: u32 = 2_000;
const TOUR_SEED: u64 = 42;

/// How many steps the tour has.
pub(crate) const STEP_COUNT: u32 = 25;

/// What the step's picture shows besides the state's own picture.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Visual {
    /// The state's picture (ring or bins).
    Picture,
    /// The picture and the share of the hash space of each node.
    PictureAndShares,
    /// The Chord ring of the state's nodes and one lookup.
    Chord(ChordSettings),
    /// The preference lists of the state's ring and one failure.
    Replication(ReplicationSettings),
}

/// One step as the page shows it.
#[derive(Debug)]
pub(crate) struct Frame {
    /// The step, 1-based.
    pub(crate) step: u32,
    /// Its title ([`Msg::TourTitle`]).
    pub(crate) title: Msg,
    /// The caption: two to four sentences, citing the seeds ([`Msg::TourCaption`]).
    pub(crate) caption: Msg,
    /// The state the picture is drawn from.
    pub(crate) state: State,
    /// What to draw.
    pub(crate) visual: Visual,
    /// Numbers the core computed for this step, one sentence each.
    pub(crate) facts: Vec<Msg>,
    /// What the step asks before it shows what moved, with the core's answer.
    pub(crate) question: Option<Question>,
    /// Where in `facts` a key's walk after the step's join is, when the step asks about
    /// that join: it names the key's new owner, so it waits for the guess like the moved keys.
    walk_after_join: std::ops::Range<usize>,
}

impl Frame {
    /// Whether `fact`, one of this frame's facts, gives the question's answer away (what
    /// moved, between whom, where a key went), so that the page shows it only once the
    /// guess is checked.
    pub(crate) fn gives_away(&self, fact: &Msg) -> bool {
        self.question.is_some()
            && (matches!(fact, Msg::FactChange { .. } | Msg::FactFlows { .. })
                || self.facts[self.walk_after_join.clone()]
                    .iter()
                    .any(|walk| std::ptr::eq(walk, fact)))
    }
}

/// A change to make on the way to a step, naming nodes by name (ids depend on the state).
enum Op {
    Algo(AlgoId),
    Hash(HashFn),
    Vnodes(u32),
    /// Make the node list exactly this (name, weight): add the missing, remove the rest.
    Nodes(Vec<(String, u32)>),
    Add(&'static str),
    Down(&'static str),
    Weight(&'static str, u32),
    Slots(u32),
    Epsilon(&'static str),
    /// Generate the tour's keys again: the model's way to start from rest (no change).
    Rest,
    /// Explain the first key of the key set.
    ExplainFirst,
}

/// What the step's numbers are about.
#[derive(Clone, Copy, PartialEq)]
enum Fact {
    Change,
    Explained,
    Shares,
    Keys,
    Points,
    Memory,
    SlotDrop,
    Chord,
    Replication,
    PassedOn,
    PointsPerNode,
}

/// A step: how to reach its state, what to draw, which numbers to give. Its title and
/// caption are in the catalogues ([`Msg::TourTitle`], [`Msg::TourCaption`]).
struct Step {
    ops: fn() -> Vec<Op>,
    visual: fn() -> Visual,
    facts: &'static [Fact],
}

fn cache_nodes(n: u32) -> Vec<(String, u32)> {
    (0..n)
        .map(|i| (format!("cache-{}", char::from(b'a' + i as u8)), 100))
        .collect()
}

fn seed_003_nodes(n: u32) -> Vec<(String, u32)> {
    (1..=n).map(|i| (format!("192.168.1.{i}"), 100)).collect()
}

/// `algo` at rest, then cache-e joining, with the first key's walk.
fn joins(algo: AlgoId) -> Vec<Op> {
    vec![
        Op::Algo(algo),
        Op::Rest,
        Op::Add("cache-e"),
        Op::ExplainFirst,
    ]
}

/// `algo` at rest, then cache-b going down, with the first key's walk.
fn goes_down(algo: AlgoId) -> Vec<Op> {
    vec![
        Op::Hash(HashFn::Murmur3_64),
        Op::Algo(algo),
        Op::Rest,
        Op::Down("cache-b"),
        Op::ExplainFirst,
    ]
}

/// A step past the articles: a newer algorithm's change, its picture, a key's walk and the
/// memory it keeps.
const fn newer(ops: fn() -> Vec<Op>) -> Step {
    Step {
        ops,
        visual: picture,
        facts: &[Fact::Change, Fact::Explained, Fact::Memory],
    }
}

fn picture() -> Visual {
    Visual::Picture
}

fn picture_and_shares() -> Visual {
    Visual::PictureAndShares
}

const STEPS: [Step; STEP_COUNT as usize] = [
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Modulo),
                Op::Rest,
                Op::ExplainFirst,
            ]
        },
        visual: picture,
        facts: &[Fact::Explained, Fact::Keys],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Modulo),
                Op::Rest,
                Op::Add("cache-e"),
            ]
        },
        visual: picture,
        facts: &[Fact::Change],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::SinglePoint),
                Op::Rest,
                Op::ExplainFirst,
            ]
        },
        visual: picture,
        facts: &[Fact::Explained, Fact::Shares],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::SinglePoint),
                Op::Rest,
                Op::Down("cache-b"),
            ]
        },
        visual: picture,
        facts: &[Fact::Change],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::SinglePoint),
                Op::Rest,
                Op::Add("cache-e"),
            ]
        },
        visual: picture,
        facts: &[Fact::Change],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::SinglePoint),
                Op::Nodes(seed_003_nodes(10)),
                Op::Rest,
            ]
        },
        visual: picture_and_shares,
        facts: &[Fact::Shares, Fact::Keys],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Virtual),
                Op::Vnodes(30),
                Op::Nodes(seed_003_nodes(10)),
                Op::Rest,
            ]
        },
        visual: picture_and_shares,
        facts: &[Fact::Shares, Fact::Points],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Virtual),
                Op::Vnodes(100),
                Op::Nodes(seed_003_nodes(30)),
                Op::Rest,
            ]
        },
        visual: picture_and_shares,
        facts: &[Fact::Shares, Fact::Points],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Virtual),
                Op::Vnodes(16),
                Op::Rest,
                Op::Weight("cache-b", 200),
            ]
        },
        visual: picture_and_shares,
        facts: &[Fact::Change, Fact::PointsPerNode],
    },
    Step {
        ops: || {
            let weights = [600, 300, 200, 350, 1000, 800, 950, 100];
            let nodes = (1..=8u32)
                .zip(weights)
                .map(|(i, w)| (format!("10.0.1.{i}:11211"), w))
                .collect();
            vec![
                Op::Algo(AlgoId::Ketama),
                Op::Nodes(nodes),
                Op::Rest,
                Op::ExplainFirst,
            ]
        },
        visual: picture,
        facts: &[Fact::Points, Fact::Explained, Fact::PointsPerNode],
    },
    Step {
        ops: || {
            let nodes = (0..8).map(|i| (format!("node_{i}"), 100)).collect();
            // The nodes first, then the table: picking the algorithm deals its slots over
            // the nodes in turn, as the seed does.
            vec![
                Op::Hash(HashFn::JavaString),
                Op::Nodes(nodes),
                Op::Slots(1024),
                Op::Algo(AlgoId::SlotTable),
                Op::Rest,
            ]
        },
        visual: picture,
        facts: &[Fact::SlotDrop, Fact::Memory],
    },
    Step {
        ops: || {
            let nodes = (1..=16).map(|i| (format!("10.0.0.{i}"), 100)).collect();
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::SinglePoint),
                Op::Nodes(nodes),
                Op::Rest,
            ]
        },
        visual: || {
            Visual::Chord(ChordSettings {
                key: super::defaults::TOUR_KEY.to_string(),
                start: None,
            })
        },
        facts: &[Fact::Chord],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Virtual),
                Op::Vnodes(4),
                Op::Nodes(cache_nodes(5)),
                Op::Rest,
            ]
        },
        visual: || {
            Visual::Replication(ReplicationSettings {
                replicas: 3,
                key: super::defaults::TOUR_KEY.to_string(),
                down: None,
            })
        },
        facts: &[Fact::Replication],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Murmur3_64),
                Op::Algo(AlgoId::Jump),
                Op::Rest,
                Op::Add("cache-e"),
                Op::ExplainFirst,
            ]
        },
        visual: picture,
        facts: &[Fact::Change, Fact::Explained, Fact::Memory],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Murmur3_64),
                Op::Algo(AlgoId::Maglev),
                Op::Rest,
                Op::Add("cache-e"),
            ]
        },
        visual: picture,
        facts: &[Fact::Change, Fact::Shares, Fact::Memory],
    },
    Step {
        ops: || {
            vec![
                Op::Hash(HashFn::Md5),
                Op::Algo(AlgoId::Bounded),
                Op::Vnodes(4),
                Op::Epsilon("0.25"),
                Op::Rest,
            ]
        },
        visual: picture_and_shares,
        facts: &[Fact::PassedOn, Fact::Keys, Fact::Shares],
    },
    Step {
        ops: || {
            let weights = [100, 100, 100, 50, 200];
            let nodes = (0..5u32)
                .zip(weights)
                .map(|(i, w)| (format!("localhost:{i}"), w))
                .collect();
            vec![Op::Algo(AlgoId::GoZero), Op::Nodes(nodes), Op::Rest]
        },
        visual: picture_and_shares,
        facts: &[Fact::PointsPerNode, Fact::Shares],
    },
    // Past the articles: a newer algorithm, cited by its paper.
    newer(|| goes_down(AlgoId::Memento)),
    // One point per node, balanced by probing the key instead.
    Step {
        ops: || vec![Op::Algo(AlgoId::MultiProbe), Op::Rest, Op::ExplainFirst],
        visual: picture_and_shares,
        facts: &[Fact::Points, Fact::Shares, Fact::Explained],
    },
    // Jump hash's promises in constant time, drawn as the ranges a key falls through.
    newer(|| joins(AlgoId::JumpBack)),
    // The other two constant-time answers to jump hash, and the other two that let any
    // bucket leave: each drawn as what it is.
    newer(|| joins(AlgoId::FlipHash)),
    newer(|| joins(AlgoId::Binomial)),
    newer(|| joins(AlgoId::Power)),
    newer(|| goes_down(AlgoId::Anchor)),
    newer(|| goes_down(AlgoId::Dx)),
];

/// The authors whose papers the steps past the articles cite, in both languages (the
/// tests check that every caption cites its article or its paper).
#[cfg(test)]
pub(crate) const PAPER_AUTHORS: [&str; 7] = [
    "Coluzzi",
    "Appleton",
    "Ertl",
    "Masson",
    "Leu",
    "Mendelson",
    "Dong",
];

/// Every step's title, in order (for the step menu).
pub(crate) fn titles() -> Vec<Msg> {
    (1..=STEP_COUNT).map(Msg::TourTitle).collect()
}

fn node_id(state: &State, name: &str) -> Result<super::NodeId, Msg> {
    state
        .nodes
        .iter()
        .find(|n| n.name == name)
        .map(|n| n.id)
        .ok_or_else(|| Msg::TourNoNode {
            name: name.to_string(),
        })
}

fn apply(state: State, action: Action) -> Result<State, Msg> {
    state.apply(action).map_err(|e| *e.message)
}

fn add(state: State, name: &str, weight: u32) -> Result<State, Msg> {
    apply(
        state,
        Action::AddNode {
            name: name.to_string(),
            weight: weight.to_string(),
            vnodes: String::new(),
        },
    )
}

fn run(mut state: State, op: Op) -> Result<State, Msg> {
    state = match op {
        Op::Algo(kind) => apply(state, Action::SetAlgorithm(kind))?,
        Op::Hash(hash) => apply(state, Action::SetHash(hash))?,
        Op::Vnodes(v) => apply(state, Action::SetDefaultVnodes(v.to_string()))?,
        Op::Nodes(list) => {
            for (name, weight) in &list {
                match state.nodes.iter().find(|n| &n.name == name) {
                    Some(n) if n.weight == *weight => {}
                    Some(n) => {
                        let id = n.id;
                        state = apply(state, Action::SetWeight(id, weight.to_string()))?;
                    }
                    None => state = add(state, name, *weight)?,
                }
            }
            let stale: Vec<_> = state
                .nodes
                .iter()
                .filter(|n| !list.iter().any(|(name, _)| name == &n.name))
                .map(|n| n.id)
                .collect();
            for id in stale {
                state = apply(state, Action::RemoveNode(id))?;
            }
            state
        }
        Op::Add(name) => add(state, name, 100)?,
        Op::Down(name) => {
            let id = node_id(&state, name)?;
            apply(state, Action::SetDown(id, true))?
        }
        Op::Weight(name, w) => {
            let id = node_id(&state, name)?;
            apply(state, Action::SetWeight(id, w.to_string()))?
        }
        Op::Slots(n) => {
            let param = ParamRef::new(AlgoId::SlotTable, 0);
            apply(
                state,
                Action::SetParam {
                    param,
                    text: n.to_string(),
                },
            )?
        }
        Op::Epsilon(e) => {
            let param = ParamRef::new(AlgoId::Bounded, 0);
            apply(
                state,
                Action::SetParam {
                    param,
                    text: e.to_string(),
                },
            )?
        }
        Op::Rest => apply(
            state,
            Action::GenerateKeys {
                count: TOUR_KEYS.to_string(),
                seed: TOUR_SEED.to_string(),
            },
        )?,
        Op::ExplainFirst => {
            let key = state.keys.keys.first().cloned().unwrap_or_default();
            apply(state, Action::Explain(key))?
        }
    };
    Ok(state)
}

/// The state of step `step` (1-based): the first state with the tour's keys, then the
/// step's actions.
pub(crate) fn state_at(step: u32) -> Result<State, Msg> {
    let def = step
        .checked_sub(1)
        .and_then(|i| STEPS.get(i as usize))
        .ok_or(Msg::NoSuchStep { step })?;
    let first = State::initial().map_err(Msg::Build)?;
    let mut state = run(first, Op::Rest)?;
    for op in (def.ops)() {
        state = run(state, op)?;
    }
    Ok(state)
}

/// Step `step` (1-based) as the page shows it.
pub(crate) fn frame(step: u32) -> Result<Frame, Msg> {
    let state = state_at(step)?;
    let def = step
        .checked_sub(1)
        .and_then(|i| STEPS.get(i as usize))
        .ok_or(Msg::NoSuchStep { step })?;
    let mut visual = (def.visual)();
    // The tour's lookup starts from the node whose path is longest: the one that shows the
    // most hops. Replication fails the key's owner, so that a replica has to take over.
    match &mut visual {
        Visual::Chord(settings) => {
            let mut best = (0usize, None);
            for n in state.nodes.iter().filter(|n| !n.down) {
                let s = ChordSettings {
                    key: settings.key.clone(),
                    start: Some(n.id),
                };
                if let Ok(v) = chord_view(&state, &s) {
                    if v.hops.len() > best.0 {
                        best = (v.hops.len(), Some(n.id));
                    }
                }
            }
            settings.start = best.1;
        }
        Visual::Replication(settings) => {
            settings.down = node_id(&state, "cache-b").ok();
        }
        _ => {}
    }
    let question = predict::question(step, &state);
    let asks_about_a_join = question.is_some() && state.change.is_some();
    let mut facts = Vec::new();
    let mut walk_after_join = 0..0;
    for &fact in def.facts {
        let start = facts.len();
        facts.extend(facts_of(fact, &state, &visual));
        if fact == Fact::Explained && asks_about_a_join {
            walk_after_join = start..facts.len();
        }
    }
    Ok(Frame {
        step,
        title: Msg::TourTitle(step),
        caption: Msg::TourCaption(step),
        state,
        visual,
        facts,
        question,
        walk_after_join,
    })
}

fn facts_of(fact: Fact, state: &State, visual: &Visual) -> Vec<Msg> {
    let snap = &state.current;
    let name = |label: u32| {
        state
            .describe(super::NodeId(label))
            .map_or_else(|| format!("#{label}"), |(n, _)| n)
    };
    match fact {
        Fact::Change => match &state.change {
            Some(c) => {
                let mut out = vec![Msg::FactChange {
                    what: Box::new(c.what.clone().into()),
                    summary: c.summary,
                }];
                // The core lists flows largest first.
                let flows = &c.flows;
                let shown: Vec<(String, String, u64)> = flows
                    .iter()
                    .take(4)
                    .map(|f| (name(f.from), name(f.to), f.keys))
                    .collect();
                if !shown.is_empty() {
                    out.push(Msg::FactFlows {
                        flows: shown,
                        more: flows.len().saturating_sub(4),
                    });
                }
                out
            }
            None => Vec::new(),
        },
        Fact::Explained => state.explained().map(|e| e.steps).unwrap_or_default(),
        Fact::Shares => snap
            .share_balance()
            .map(|b| {
                vec![Msg::FactShares {
                    r1: b.r1,
                    r2: b.r2,
                    r3: b.r3,
                }]
            })
            .unwrap_or_default(),
        Fact::Keys => snap
            .key_balance()
            .map(|b| {
                vec![Msg::FactKeys {
                    min: b.min as u64,
                    max: b.max as u64,
                    peak: b.peak_to_mean,
                }]
            })
            .unwrap_or_default(),
        Fact::Points => vec![Msg::FactPoints {
            points: snap.picture.ring_points().len(),
            nodes: snap.nodes.len(),
        }],
        Fact::PointsPerNode => {
            let points = snap.picture.ring_points();
            let list = snap
                .nodes
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let count = points.iter().filter(|p| p.owner == i as u32).count();
                    (n.name.clone(), count)
                })
                .collect();
            vec![Msg::FactPointsPerNode { list }]
        }
        Fact::Memory => vec![Msg::FactMemory {
            bytes: snap.placement.memory_bytes(),
        }],
        Fact::SlotDrop => slot_drop(state).unwrap_or_default(),
        Fact::Chord => match visual {
            Visual::Chord(settings) => match chord_view(state, settings) {
                Ok(v) => {
                    let path: Vec<String> = std::iter::once(v.name(v.start))
                        .chain(v.hops.iter().map(|h| v.name(h.to)))
                        .collect();
                    vec![
                        Msg::FactChordHash {
                            key: v.key.clone(),
                            position: v.key_position,
                            owner: v.name(v.owner),
                        },
                        Msg::FactChordLookup {
                            start: v.name(v.start),
                            path,
                            nodes: v.members.len(),
                            log2: v.log2_n(),
                        },
                    ]
                }
                Err(e) => vec![e],
            },
            _ => Vec::new(),
        },
        Fact::Replication => match visual {
            Visual::Replication(settings) => match replication_view(state, settings) {
                Ok(v) => {
                    let mut out = Vec::new();
                    let by_name = |ids: &[super::NodeId]| {
                        ids.iter()
                            .filter_map(|&id| state.node(id).map(|n| n.name.clone()))
                            .collect::<Vec<_>>()
                    };
                    if let Some(k) = &v.typed {
                        out.push(Msg::FactStored {
                            key: k.key.clone(),
                            on: by_name(&k.list),
                            replicas: v.replicas,
                        });
                        if let Some(f) = &k.failover {
                            out.push(Msg::FactWithFailure {
                                on: by_name(&f.after),
                            });
                        }
                    }
                    if let Some((id, t)) = v.totals {
                        out.push(Msg::FactFails {
                            name: name(id.0),
                            held: t.held,
                            total: t.total,
                            owned: t.owned,
                            recopied: t.recopied,
                            lost: t.lost,
                        });
                    }
                    out
                }
                Err(_) => Vec::new(),
            },
            _ => Vec::new(),
        },
        Fact::PassedOn => {
            let passed = state
                .keys
                .keys
                .iter()
                .zip(&snap.owners)
                .filter(|(k, &o)| snap.placement.locate(k) != o)
                .count();
            vec![Msg::FactPassedOn {
                passed: passed as u64,
                total: state.keys.len() as u64,
            }]
        }
    }
}

/// Seed 001's dropNode against dealing the table again, for the table of `state`: the
/// keys each moves when the fourth node leaves.
fn slot_drop(state: &State) -> Option<Vec<Msg>> {
    let specs: Vec<ring_core::NodeSpec> = state
        .nodes
        .iter()
        .map(|n| ring_core::NodeSpec::new(n.name.clone(), n.weight))
        .collect();
    let hash = state.current.config.effective_hash();
    let slots = state.params.slots(state.kind)?;
    let leaver = 3u32;
    let table = SlotTable::dealt(&specs, hash, slots).ok()?;
    let dropped = table.with_left(leaver).ok()?;
    let mut rest = specs.clone();
    rest.remove(leaver as usize);
    let redealt = SlotTable::dealt(&rest, hash, slots).ok()?;
    let keys = &state.keys.keys;
    // Owners as labels of the original list, so that renumbering is not a move.
    let before = table.assign(keys);
    let relabel = |owners: Vec<u32>| -> Vec<u32> {
        owners
            .into_iter()
            .map(|o| if o >= leaver { o + 1 } else { o })
            .collect()
    };
    let a = diff(&before, &relabel(dropped.assign(keys))).ok()?;
    let b = diff(&before, &relabel(redealt.assign(keys))).ok()?;
    let leaver_name = specs.get(leaver as usize)?.name.clone();
    let held = before.iter().filter(|&&o| o == leaver).count();
    let ideal = Ideal::Leave {
        share: held as f64 / keys.len().max(1) as f64,
    };
    Some(vec![
        Msg::FactSlotDrop {
            leaver: leaver_name,
            summary: a.summary(ideal),
        },
        Msg::FactSlotDeal {
            slots,
            rest: rest.len(),
            summary: b.summary(ideal),
        },
    ])
}

#[cfg(test)]
mod tests;
