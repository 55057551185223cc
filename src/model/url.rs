//! The state in a link and in the browser's storage: [`Shared`] is everything a page needs
//! to show the same picture (the algorithm and its parameters, the hash, the nodes, the
//! keys, the key being explained, the view, the tour's step, the theme, the language),
//! written as human-readable query parameters:
//!
//! ```text
//! ?algo=ketama&hash=md5&nodes=a:600,b:300&keys=10000&seed=42
//! ```
//!
//! Parsing is strict and total: a parameter that is unknown, given twice or damaged is
//! reported in words and ignored, and the rest is used; no input panics, and what comes out
//! is always a valid [`Shared`] (the tests check it with `Shared::check`). Every parameter is one row of
//! [`PARAMS`] (a name, a reader and a writer): a new field of the state is a new row.
//!
//! The grammar of the values:
//!
//! - `nodes`: comma-separated `name:weight`, then optional `:vN` (its own virtual-node count),
//!   `:cN` (its mark, a colour and a shape, when it is not the one the node would take in
//!   list order)
//!   and `:down`. Names are percent-encoded (UTF-8), so `,` `:` `%` and spaces in a name
//!   cannot break the list.
//! - `keys` and `seed`: generated keys. `keylist`: pasted keys, comma-separated and
//!   percent-encoded, when short enough for a link; `pasted=N` says that `N` pasted keys were
//!   left out.
//! - `slotmap`: the slot table's owners when they are not the round-robin deal (after joins
//!   and leaves), as positions in `nodes`, run-length coded: `_`-separated groups of
//!   `.`-separated owners, each group optionally repeated `xN` times: `4x204_0.1.2.3x205`.
//! - `drawn`: how many keys are drawn as dots, 0 to 20,000, left out at the default 2,000.
//! - `change`: the last change ([`change`]); the rest of the link is the state before it.
//! - `history`: the changes before the last one, oldest first, in `change`'s syntax: the
//!   rest of the link is then the state before all of them, and the page that opens it
//!   makes each again as a step it can undo. Without `change`, the lab shows no change
//!   after them, as after an undo. At most [`link_steps`] changes travel.
//! - `compare`, `chord-key`, `replicas`, `paper-nodes`, …: the teaching views' settings
//!   ([`views`]).
//! - `embed` (empty, `ring` or `chart`) and `controls=0` say how the page is laid out; they are
//!   not part of the state, so they are never stored and never start a restore.

use std::fmt::Write as _;
use std::rc::Rc;

use ring_core::error::{validate_nodes, MAX_NODES, MAX_SLOTS, MAX_VNODES};
use ring_core::registry::{ParamRef, SystemId};
use ring_core::NodeSpec;

use super::defaults;
use super::history::MAX_STEPS;
use super::job::KeysToPlace;
use super::keys::{self, MAX_DRAWN, MAX_DRAWN_LIMIT, MAX_KEYS, MIN_KEYS};
use super::lang::Lang;
use super::message::{Choice, Msg, Quantity, Ui};
use super::number;
use super::palette::MARKS;
use super::state::{Action, KeySet, KeySource, Node, NodeId, State};
use super::tour;
use super::view::ViewKind;

mod change;
mod codec;
mod shared;
mod views;

pub(crate) use shared::{Embed, Limits, Param, Scope, SharedKeys, ThemeChoice};
pub use shared::{Parsed, Shared};

use codec::{
    algo_named, decode_lossy, hash_named, not_one_of, quoted, read_key, read_node, read_u32,
    write_nodes, AlgoParam, SharedNode,
};
pub(crate) use codec::{decode, encode, kind_name};

pub(crate) use change::SharedChange;

/// Longest query read; anything longer is refused whole, before any work.
pub(crate) const MAX_QUERY_BYTES: usize = 16 * 1024 * 1024;

/// The most changes a lecture's script holds.
pub(crate) const MAX_SCRIPT: usize = 100;

/// The most changes a link's history holds (`history=` and `change=` together): all the
/// undo list keeps after its first state.
pub(crate) const MAX_LINK_HISTORY: usize = MAX_STEPS - 1;

/// How many keys the page places in all to make a link's changes when it opens: each
/// change places every key again, so with many keys a link carries fewer changes (one at
/// a million keys, as `change=` alone does), and opening it stays under a second.
pub(crate) const LINK_HISTORY_PLACEMENTS: usize = 1_000_000;

/// The most changes a link carries with `keys` keys (at least the last one).
pub(crate) fn link_steps(keys: usize) -> usize {
    (LINK_HISTORY_PLACEMENTS / keys.max(1)).clamp(1, MAX_LINK_HISTORY)
}

/// Step `n` of `state`'s history as a link writes its change, if a link can describe it
/// (not new keys or a pasted list, nor a step that made no change of its own).
fn described_step(state: &State, n: usize) -> Option<SharedChange> {
    change::of(state.step_change(n)?, state.history.states.get(n)?)
}

/// The changes `state`'s link carries, oldest first, and the state before them: the
/// history's steps up to the one shown, back to the first a link cannot describe (new
/// keys, a pasted list) and no more than [`link_steps`]. `None` when it carries none, or
/// when the lab shown is not the history's step (a state the browser went back to).
fn link_history(state: &State) -> Option<(&State, Vec<SharedChange>)> {
    let history = &state.history;
    let shown = history.states.get(history.at)?;
    if !Rc::ptr_eq(&shown.current, &state.current) {
        return None;
    }
    let bound = link_steps(state.keys.len());
    let mut steps = Vec::new();
    let mut first = history.at;
    while first > 0 && steps.len() < bound {
        let Some(made) = described_step(state, first) else {
            break;
        };
        steps.push(made);
        first -= 1;
    }
    steps.reverse();
    (!steps.is_empty()).then(|| (&*history.states[first], steps))
}

/// How many of the changes made up to the one shown `state`'s link carries, and how many
/// there are: the history panel says so when a link carries fewer.
pub(crate) fn link_history_count(state: &State) -> (usize, usize) {
    let carried = link_history(state).map_or(0, |(_, steps)| steps.len());
    (carried, state.history.at)
}

/// The script's next change as the action that makes it on `state`, if there is one, or
/// why it cannot be made there (no node of that name).
pub(crate) fn script_step(state: &State) -> Option<Result<Action, Msg>> {
    let raw = state.script.get(state.script_at)?;
    Some(change::read(raw).and_then(|c| change::action(&c, state)))
}

/// A lecture made of what was done: the lab at the first step of `state`'s history, with
/// the changes since (up to the step shown) as its script, in presenter mode; `None`
/// before any change. A step a link cannot describe (a pasted server list, new keys) is
/// left out, and the ones after it are made on the lab without it.
pub(crate) fn lecture_query(state: &State) -> Option<String> {
    let history = &state.history;
    let first = history.states.first()?;
    let steps: Vec<String> = (1..=history.at)
        .filter_map(|i| described_step(state, i).map(|c| change::write(&c)))
        .take(MAX_SCRIPT)
        .collect();
    if steps.is_empty() {
        return None;
    }
    let mut shared = Shared::without_change(first, None);
    shared.script = steps;
    shared.script_at = 0;
    shared.present = true;
    Some(shared.to_query(Limits::LINK))
}

/// A script's change as the lecture's bar shows it: the link's text, names decoded
/// (`remove:cache-b`).
pub(crate) fn script_label(raw: &str) -> String {
    decode(raw).unwrap_or_else(|_| raw.to_string())
}
/// The first line of a stored state: the format and its version.
pub(crate) const STORE_HEADER: &str = "ringlab-state v1";

/// The query parameters that are not an algorithm's own, in the order a query lists them;
/// the algorithms' parameters ([`AlgoParam`]) go before `nodes`.
pub(crate) const PARAMS: &[Param] = &[
    Param {
        name: "algo",
        scope: Scope::State,
        read: read_algo,
        write: |s, _| (!s.kind.is_system()).then(|| s.kind.id().to_string()),
    },
    // A real system is the algorithm it is listed as; `algo=` takes its id too.
    Param {
        name: "system",
        scope: Scope::State,
        read: |s, v| {
            let text = decode(v)?;
            let system = SystemId::from_id(&text)
                .ok_or_else(|| not_one_of(Choice::System, &text, &SystemId::ids()))?;
            s.kind = system.algo();
            Ok(())
        },
        write: |s, _| s.kind.system().map(|system| system.id().to_string()),
    },
    Param {
        name: "hash",
        scope: Scope::State,
        read: read_hash,
        write: |s, _| Some(s.hash.name().to_string()),
    },
    Param {
        name: "vnodes",
        scope: Scope::State,
        read: |s, v| {
            s.default_vnodes = read_u32(v, Quantity::DefaultVnodes, 1, MAX_VNODES)?;
            Ok(())
        },
        write: |s, _| {
            (s.kind.spec().uses_vnodes || s.default_vnodes != defaults::VNODES)
                .then(|| s.default_vnodes.to_string())
        },
    },
    Param {
        name: "nodes",
        scope: Scope::State,
        read: read_nodes,
        write: |s, _| Some(write_nodes(&s.nodes)),
    },
    Param {
        name: "keys",
        scope: Scope::State,
        read: |s, v| {
            let text = decode(v)?;
            let count = number::parse_count(&text)?;
            let seed = match s.keys {
                SharedKeys::Generated { seed, .. } => seed,
                _ => defaults::SEED,
            };
            s.keys = SharedKeys::Generated { count, seed };
            Ok(())
        },
        write: |s, _| match s.keys {
            SharedKeys::Generated { count, .. } => Some(count.to_string()),
            _ => None,
        },
    },
    Param {
        name: "seed",
        scope: Scope::State,
        read: |s, v| {
            let text = decode(v)?;
            let seed = number::parse_seed(&text)?;
            let count = match s.keys {
                SharedKeys::Generated { count, .. } => count,
                _ => defaults::KEYS,
            };
            s.keys = SharedKeys::Generated { count, seed };
            Ok(())
        },
        write: |s, _| match s.keys {
            SharedKeys::Generated { seed, .. } => Some(seed.to_string()),
            _ => None,
        },
    },
    Param {
        name: "keylist",
        scope: Scope::State,
        read: |s, v| {
            let mut text = String::new();
            for part in v.split(',') {
                text.push_str(&decode(part)?);
                text.push('\n');
            }
            s.keys = SharedKeys::Pasted(Rc::new(keys::parse_pasted(&text)?));
            Ok(())
        },
        write: |s, limits| match &s.keys {
            SharedKeys::Pasted(list) => write_keylist(list, limits.paste_bytes),
            _ => None,
        },
    },
    Param {
        name: "pasted",
        scope: Scope::State,
        read: |s, v| {
            let count = read_u32(v, Quantity::PastedCount, MIN_KEYS, MAX_KEYS)?;
            s.keys = SharedKeys::Omitted(count);
            Ok(())
        },
        write: |s, limits| match &s.keys {
            SharedKeys::Pasted(list) if write_keylist(list, limits.paste_bytes).is_none() => {
                Some(list.len().to_string())
            }
            SharedKeys::Omitted(count) => Some(count.to_string()),
            _ => None,
        },
    },
    Param {
        name: "slotmap",
        scope: Scope::State,
        read: |s, v| {
            s.slot_map = Some(read_slot_map(v)?);
            Ok(())
        },
        write: |s, _| s.slot_map.as_deref().map(write_slot_map),
    },
    Param {
        name: "drawn",
        scope: Scope::State,
        read: |s, v| {
            s.drawn = read_u32(v, Quantity::DrawnKeys, 0, MAX_DRAWN_LIMIT)?;
            Ok(())
        },
        write: |s, _| (s.drawn != MAX_DRAWN).then(|| s.drawn.to_string()),
    },
    Param {
        name: "explain",
        scope: Scope::State,
        read: |s, v| {
            s.explain = read_key(v)?;
            Ok(())
        },
        write: |s, _| (!s.explain.is_empty()).then(|| encode(&s.explain)),
    },
    Param {
        name: "ask",
        scope: Scope::State,
        read: |s, v| {
            s.ask_first = read_zero_or_one(v)?;
            Ok(())
        },
        write: |s, _| s.ask_first.then(|| "1".to_string()),
    },
    Param {
        name: "script",
        scope: Scope::State,
        // Each change is read now, so that a lecture with a bad step is refused on opening,
        // not in front of the class; the raw text is kept for the next link.
        read: |s, v| {
            let steps: Vec<String> = v.split(',').map(str::to_string).collect();
            if steps.len() > MAX_SCRIPT {
                return Err(Msg::script_too_long(MAX_SCRIPT as u64));
            }
            for (i, step) in steps.iter().enumerate() {
                change::read(step).map_err(|why| Msg::script_step_bad((i + 1) as u64, why))?;
            }
            s.script = steps;
            Ok(())
        },
        write: |s, _| (!s.script.is_empty()).then(|| s.script.join(",")),
    },
    Param {
        name: "script-at",
        scope: Scope::State,
        read: |s, v| {
            s.script_at = decode(v)?
                .parse::<usize>()
                .ok()
                .filter(|&at| at <= MAX_SCRIPT)
                .ok_or_else(|| Msg::script_at_bad(MAX_SCRIPT as u64))?;
            Ok(())
        },
        write: |s, _| (s.script_at > 0).then(|| s.script_at.to_string()),
    },
    Param {
        name: "present",
        scope: Scope::State,
        read: |s, v| {
            s.present = read_zero_or_one(v)?;
            Ok(())
        },
        write: |s, _| s.present.then(|| "1".to_string()),
    },
    Param {
        name: "view",
        scope: Scope::State,
        read: |s, v| {
            let text = decode(v)?;
            s.view = ViewKind::from_id(&text).ok_or_else(|| {
                let all: Vec<&str> = ViewKind::ALL.iter().map(|v| v.id()).collect();
                not_one_of(Choice::View, &text, &all)
            })?;
            Ok(())
        },
        write: |s, _| (s.view != defaults::VIEW).then(|| s.view.id().to_string()),
    },
    Param {
        name: "step",
        scope: Scope::State,
        read: |s, v| {
            s.step = read_u32(v, Quantity::TourStep, 1, tour::STEP_COUNT)?;
            Ok(())
        },
        write: |s, _| (s.step != defaults::TOUR_STEP).then(|| s.step.to_string()),
    },
    Param {
        name: "history",
        scope: Scope::State,
        read: |s, v| {
            let steps: Vec<&str> = v.split(',').collect();
            if steps.len() > MAX_LINK_HISTORY {
                return Err(Msg::history_too_long(MAX_LINK_HISTORY as u64));
            }
            s.history = steps
                .iter()
                .enumerate()
                .map(|(i, step)| {
                    change::read(step).map_err(|why| Msg::history_step_bad((i + 1) as u64, why))
                })
                .collect::<Result<_, _>>()?;
            Ok(())
        },
        write: |s, _| {
            (!s.history.is_empty()).then(|| {
                let steps: Vec<String> = s.history.iter().map(change::write).collect();
                steps.join(",")
            })
        },
    },
    Param {
        name: "change",
        scope: Scope::State,
        read: |s, v| {
            s.change = Some(change::read(v)?);
            Ok(())
        },
        write: |s, _| s.change.as_ref().map(change::write),
    },
    views::COMPARE,
    views::COMPARE_CHANGE,
    views::CHORD_KEY,
    views::CHORD_FROM,
    views::REPLICAS,
    views::REPLICA_KEY,
    views::REPLICA_DOWN,
    views::PAPER_NODES,
    views::PAPER_VNODES,
    views::PAPER_ALGO,
    views::PAPER_HASH,
    views::TRAFFIC_ZIPF,
    views::TRAFFIC_CACHE,
    views::TRAFFIC_REQUESTS,
    views::TRAFFIC_CHANGE,
    views::WHICH,
    views::WHICH_NODES,
    views::QUIZ,
    Param {
        name: "theme",
        scope: Scope::State,
        read: |s, v| {
            s.theme = Some(match decode(v)?.as_str() {
                "light" => ThemeChoice::Light,
                "dark" => ThemeChoice::Dark,
                other => return Err(not_one_of(Choice::Theme, other, &["light", "dark"])),
            });
            Ok(())
        },
        write: |s, _| {
            s.theme.map(|t| match t {
                ThemeChoice::Light => "light".to_string(),
                ThemeChoice::Dark => "dark".to_string(),
            })
        },
    },
    Param {
        name: "lang",
        scope: Scope::State,
        read: |s, v| {
            let text = decode(v)?;
            s.lang = Some(Lang::from_id(&text).ok_or_else(|| {
                let all: Vec<&str> = Lang::ALL.iter().map(|l| l.id()).collect();
                not_one_of(Choice::Language, &text, &all)
            })?);
            Ok(())
        },
        write: |s, _| s.lang.map(|l| l.id().to_string()),
    },
    Param {
        name: "embed",
        scope: Scope::Page,
        read: |s, v| {
            s.embed = Some(match decode(v)?.as_str() {
                "" | "full" => Embed::Full,
                "ring" => Embed::Ring,
                "chart" => Embed::Chart,
                other => return Err(not_one_of(Choice::Layout, other, &["", "ring", "chart"])),
            });
            Ok(())
        },
        write: |s, limits| match s.embed {
            Some(e) if limits.page => Some(match e {
                Embed::Full => String::new(),
                other => other.id().to_string(),
            }),
            _ => None,
        },
    },
    Param {
        // The `<ring-lab>` element's word for `embed` (`show="ring"`); never written.
        name: "show",
        scope: Scope::Page,
        read: |s, v| {
            s.embed = Some(match decode(v)?.as_str() {
                "" | "all" => Embed::Full,
                "ring" => Embed::Ring,
                "chart" => Embed::Chart,
                other => return Err(not_one_of(Choice::Layout, other, &["all", "ring", "chart"])),
            });
            Ok(())
        },
        write: |_, _| None,
    },
    Param {
        name: "controls",
        scope: Scope::Page,
        read: |s, v| {
            s.controls = read_zero_or_one(v)?;
            Ok(())
        },
        write: |s, limits| (limits.page && !s.controls).then(|| "0".to_string()),
    },
    Param {
        name: "legend",
        scope: Scope::Page,
        read: |s, v| {
            s.legend = read_zero_or_one(v)?;
            Ok(())
        },
        write: |s, limits| (limits.page && !s.legend).then(|| "0".to_string()),
    },
];

impl Shared {
    /// What `state` shows, with the theme picked (if any) and the page's layout. After a
    /// change, the cluster is the one before it, and the change is `change`.
    pub(crate) fn of(state: &State, theme: Option<ThemeChoice>) -> Shared {
        let mut shared = Shared::as_is(state, theme);
        let name = |id| state.node(id).map(|n| n.name.clone());
        shared.chord_from = state.views.chord.start.and_then(name);
        shared.replica_down = state.views.replication.down.and_then(name);
        shared.views = (*state.views).clone();
        shared.views.chord.start = None;
        shared.views.replication.down = None;
        if let Some((first, mut steps)) = link_history(state) {
            shared.take_cluster(Shared::as_is(first, theme));
            // The change shown is the last step; after an undo none is.
            if state.change.is_some() {
                shared.change = steps.pop();
            }
            shared.history = steps;
        } else if let Some(last) = &state.change {
            if let Some(made) = change::of(last, state) {
                // The prior has no change of its own: this recursion is one level deep.
                shared.take_cluster(Shared::as_is(&last.prior, theme));
                shared.change = Some(made);
            }
        }
        shared
    }

    /// What `state` shows without its changes: the cluster after them, no `change=` and
    /// no `history=`.
    pub(crate) fn without_change(state: &State, theme: Option<ThemeChoice>) -> Shared {
        let mut shared = Shared::of(state, theme);
        shared.take_cluster(Shared::as_is(state, theme));
        shared.change = None;
        shared.history = Vec::new();
        shared
    }

    /// This description with `other`'s cluster: algorithm, parameters, hash, nodes.
    fn take_cluster(&mut self, other: Shared) {
        self.kind = other.kind;
        self.params = other.params;
        self.hash = other.hash;
        self.default_vnodes = other.default_vnodes;
        self.nodes = other.nodes;
        self.slot_map = other.slot_map;
    }

    /// `state`'s own fields, its change and the views' settings aside.
    fn as_is(state: &State, theme: Option<ThemeChoice>) -> Shared {
        let mut previous = None;
        let nodes = state
            .nodes
            .iter()
            .map(|n| {
                let default = next_colour(previous);
                previous = Some(n.slot);
                SharedNode {
                    name: n.name.clone(),
                    weight: n.weight,
                    vnodes: n.vnodes,
                    down: n.down,
                    colour: (n.slot != default).then_some(n.slot % MARKS as u8),
                }
            })
            .collect();
        let keys = match state.keys.source {
            KeySource::Generated { count, seed } => SharedKeys::Generated { count, seed },
            KeySource::Pasted => SharedKeys::Pasted(state.keys.keys.clone()),
        };
        Shared {
            kind: state.kind,
            params: state.params,
            hash: state.hash,
            default_vnodes: state.default_vnodes,
            nodes,
            keys,
            drawn: state.keys.drawn,
            explain: state.explain_key.clone(),
            ask_first: state.ask_first,
            script: state.script.to_vec(),
            script_at: state.script_at,
            present: state.present,
            slot_map: slot_map_of(state),
            view: state.view,
            step: state.tour_step,
            theme,
            ..Shared::default()
        }
    }

    /// The state this describes, built by the core, with its change made; a description
    /// the core refuses as a whole (too many ring points, say), or a change it cannot
    /// make, gives its reason.
    pub fn to_state(&self) -> Result<State, Msg> {
        let mut problems = Vec::new();
        let state = self.to_state_noting(&mut problems)?;
        problems.pop().map_or(Ok(state), Err)
    }

    /// The state this describes; a change that cannot be made is noted in `problems`
    /// and left out, the rest used.
    fn to_state_noting(&self, problems: &mut Vec<Msg>) -> Result<State, Msg> {
        let prior = self.state_before_change()?;
        let mut state = self.make_changes(prior, problems);
        let id = |name: &Option<String>| {
            let name = name.as_deref()?;
            state.nodes.iter().find(|n| n.name == name).map(|n| n.id)
        };
        let mut views = self.views.clone();
        views.chord.start = id(&self.chord_from);
        views.replication.down = id(&self.replica_down);
        state.views = Rc::new(views);
        Ok(state)
    }

    /// `prior` after the history's changes and the last change, each a step of its
    /// history, as the sender made them; a change that cannot be made is noted in
    /// `problems` and the ones after it left out. A history longer than [`link_steps`]
    /// allows for these keys is refused whole: the lab opens before it.
    fn make_changes(&self, prior: State, problems: &mut Vec<Msg>) -> State {
        let steps: Vec<(&'static str, &SharedChange)> = (self.history.iter())
            .map(|c| ("history", c))
            .chain(self.change.iter().map(|c| ("change", c)))
            .collect();
        if steps.is_empty() {
            return prior;
        }
        // Counted from the link: with many keys the state shows only the first so far.
        let keys = match &self.keys {
            SharedKeys::Generated { count, .. } => *count as usize,
            SharedKeys::Pasted(list) => list.len(),
            SharedKeys::Omitted(_) => defaults::KEYS as usize,
        };
        if steps.len() > link_steps(keys) {
            problems.push(Msg::LinkIgnored {
                param: "history",
                why: Box::new(Msg::history_too_heavy(keys as u64, link_steps(keys) as u64)),
            });
            return prior;
        }
        // Each change is made over every key: a pending job places them all first.
        let mut state = match prior.pending.as_ref().and_then(|p| p.take()) {
            Some(job) => job.into_state(),
            None => prior,
        };
        for (param, made) in steps {
            let done = change::action(made, &state)
                .and_then(|action| state.apply(action).map_err(|e| *e.message));
            match done {
                Ok(after) => state = after.run_pending(),
                Err(why) => {
                    problems.push(Msg::LinkIgnored {
                        param,
                        why: Box::new(why),
                    });
                    return state;
                }
            }
        }
        if self.change.is_none() {
            state.change = None;
        }
        state
    }

    /// The state the description gives before its changes.
    fn state_before_change(&self) -> Result<State, Msg> {
        let mut s = State::initial().map_err(Msg::Build)?;
        s.kind = self.kind;
        s.params = self.params;
        s.hash = self.hash;
        s.default_vnodes = self.default_vnodes;
        let mut previous = None;
        s.nodes = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let slot = n.colour.unwrap_or_else(|| next_colour(previous));
                previous = Some(slot);
                Node {
                    id: NodeId(i as u32),
                    name: n.name.clone(),
                    weight: n.weight,
                    vnodes: n.vnodes,
                    down: n.down,
                    slot,
                }
            })
            .collect();
        // Generated keys are made by the placing job, in slices when there are many.
        let keys = match &self.keys {
            SharedKeys::Generated { count, seed } => KeysToPlace::Generate {
                count: *count,
                seed: *seed,
                drawn: self.drawn,
            },
            SharedKeys::Pasted(list) => KeysToPlace::Given(
                KeySet::from_shared(KeySource::Pasted, list.clone()).with_drawn(self.drawn),
            ),
            // The first example's keys stand in; the parse said so.
            SharedKeys::Omitted(_) => KeysToPlace::Given(s.keys.clone().with_drawn(self.drawn)),
        };
        s.explain_key = self.explain.clone();
        s.ask_first = self.ask_first;
        s.script = Rc::new(self.script.clone());
        s.script_at = self.script_at.min(self.script.len());
        s.present = self.present;
        s.view = self.view;
        s.tour_step = self.step;
        // A slot map is the slot table's owners; any other algorithm has none.
        s.slot_owners = self
            .slot_map
            .as_ref()
            .filter(|_| self.kind.spec().slots_param.is_some())
            .map(|map| Rc::new(map.iter().map(|&p| NodeId(p)).collect()));
        s.settled_with(keys).map_err(Msg::from)
    }

    /// The query (without `?`) for this description: no state parameters at all for the
    /// first example.
    pub(crate) fn to_query(&self, limits: Limits) -> String {
        let first = self.is_first_example();
        let mut out = String::new();
        for row in Row::all() {
            let skip = match row.scope() {
                Scope::State => first,
                Scope::Page => !limits.page,
            };
            if let Some(value) = (!skip).then(|| row.write(self, limits)).flatten() {
                if !out.is_empty() {
                    out.push('&');
                }
                out.push_str(row.name());
                if !value.is_empty() {
                    out.push('=');
                    out.push_str(&value);
                }
            }
        }
        out
    }

    /// Whether the state is the first example's (the layout aside).
    pub(crate) fn is_first_example(&self) -> bool {
        // Compared as the address writes them: the state's parameters, each written as the
        // first example's is (a comparison of the whole description cost 2.7 KB of wasm).
        let first = Shared::default();
        Row::all()
            .filter(|row| row.scope() == Scope::State)
            .all(|row| row.write(self, Limits::LINK) == row.write(&first, Limits::LINK))
    }

    /// Reads a query (with or without its `?`). Never fails: what cannot be used is
    /// reported and left at its default.
    pub fn parse(query: &str) -> Parsed {
        let mut shared = Shared::default();
        let mut problems = Vec::new();
        let mut has_state = false;
        let query = query.strip_prefix('?').unwrap_or(query);
        if query.len() > MAX_QUERY_BYTES {
            problems.push(Msg::LinkTooLong { bytes: query.len() });
            return Parsed {
                shared,
                problems,
                has_state,
            };
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut nodes_ok = true;
        for piece in query.split('&').filter(|p| !p.is_empty()) {
            let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
            let Some(row) = Row::named(name) else {
                problems.push(Msg::LinkUnknown {
                    name: quoted(&decode_lossy(name)),
                });
                continue;
            };
            let name = row.name();
            if seen.contains(&name) {
                problems.push(Msg::LinkRepeated { name });
                continue;
            }
            seen.push(name);
            has_state |= row.scope() == Scope::State;
            if let Err(why) = row.read(&mut shared, value) {
                nodes_ok &= name != "nodes";
                problems.push(Msg::LinkIgnored {
                    param: name,
                    why: Box::new(why),
                });
            }
        }
        let ways = [
            seen.contains(&"keys") || seen.contains(&"seed"),
            seen.contains(&"keylist"),
            seen.contains(&"pasted"),
        ];
        if ways.iter().filter(|&&w| w).count() > 1 {
            problems.push(Msg::Ui(Ui::LinkKeyWays));
            shared.keys = Shared::default().keys;
        }
        // A parameter that must be a prime (Maglev's table size) matters for its own
        // algorithm only: another one's may be anything in range.
        for param in ParamRef::all().filter(|p| p.algo == shared.kind) {
            let value = shared.params.get(param);
            if !param.spec().accepts(value) {
                problems.push(Msg::LinkNotPrime {
                    param,
                    size: value as u32,
                });
                shared.params = shared.params.with(param, param.spec().picture_default());
            }
        }
        if let SharedKeys::Omitted(n) = shared.keys {
            problems.push(Msg::LinkOmitted { count: n });
        }
        if let Some(map) = shared.slot_map.take() {
            match check_slot_map(&shared, &map, nodes_ok) {
                Ok(()) => shared.slot_map = Some(map),
                Err(why) => problems.push(Msg::LinkIgnored {
                    param: "slotmap",
                    why: Box::new(why),
                }),
            }
        }
        // The views name nodes of the cluster (or the node the change adds).
        let added = match &shared.change {
            Some(SharedChange::Add(n)) => Some(n.name.clone()),
            _ => None,
        };
        let known = |name: &str| {
            shared.nodes.iter().any(|n| n.name == name) || added.as_deref() == Some(name)
        };
        let mut unknown = |param: &'static str, name: &Option<String>| match name {
            Some(name) if !known(name) => {
                problems.push(Msg::LinkIgnored {
                    param,
                    why: Box::new(Msg::NoNodeNamed { name: quoted(name) }),
                });
                true
            }
            _ => false,
        };
        if unknown("chord-from", &shared.chord_from) {
            shared.chord_from = None;
        }
        if unknown("replication-down", &shared.replica_down) {
            shared.replica_down = None;
        }
        Parsed {
            shared,
            problems,
            has_state,
        }
    }

    /// Whether this description is one the page can show: every field in its range, node
    /// names valid and unique, at least one node up, the slot map (if any) over nodes that
    /// are up. [`Shared::parse`] only ever returns descriptions that pass (the tests' check).
    #[cfg(test)]
    pub(crate) fn check(&self) -> Result<(), Msg> {
        let params_ok = ParamRef::all().all(|param| {
            let (spec, value) = (param.spec(), self.params.get(param));
            spec.in_range(value) && (param.algo != self.kind || spec.accepts(value))
        });
        let ok = (1..=MAX_VNODES).contains(&self.default_vnodes)
            && params_ok
            && (1..=tour::STEP_COUNT).contains(&self.step)
            && self.drawn <= MAX_DRAWN_LIMIT
            && self.explain.len() <= codec::MAX_EXPLAIN_BYTES;
        if !ok {
            return Err(Msg::Ui(Ui::LinkParamOutOfRange));
        }
        check_nodes(&self.nodes)?;
        match &self.keys {
            SharedKeys::Generated { count, .. } | SharedKeys::Omitted(count) => {
                if !(MIN_KEYS..=MAX_KEYS).contains(count) {
                    return Err(Msg::Ui(Ui::LinkKeyCountOutOfRange));
                }
            }
            SharedKeys::Pasted(list) => {
                if keys::parse_pasted(&list.join("\n")).as_ref() != Ok(&**list) {
                    return Err(Msg::Ui(Ui::LinkPastedInvalid));
                }
            }
        }
        if let Some(map) = &self.slot_map {
            check_slot_map(self, map, true)?;
        }
        Ok(())
    }

    /// The text stored in the browser for this description.
    pub(crate) fn to_stored(&self) -> String {
        format!("{STORE_HEADER}\n{}", self.to_query(Limits::STORE))
    }

    /// A stored description, or why it cannot be used. Unlike a link, a stored state is
    /// used whole or not at all: the page wrote it, so any problem means it is damaged or
    /// from another version.
    pub(crate) fn from_stored(text: &str) -> Result<Shared, Msg> {
        let Some((header, query)) = text.split_once('\n') else {
            return Err(Msg::Ui(Ui::NotRinglabFormat));
        };
        if header != STORE_HEADER {
            return Err(match header.strip_prefix("ringlab-state ") {
                Some(version) => Msg::StoredVersion {
                    found: quoted(version),
                    reads: STORE_HEADER
                        .trim_start_matches("ringlab-state ")
                        .to_string(),
                },
                None => Msg::Ui(Ui::NotRinglabFormat),
            });
        }
        let parsed = Shared::parse(query);
        match parsed.problems.into_iter().next() {
            Some(first) => Err(first),
            None => Ok(parsed.shared),
        }
    }
}

impl Parsed {
    /// The state the query describes, with every problem on the way. A description the
    /// core refuses as a whole falls back to the first example (keeping the view and the
    /// theme), and says why.
    pub(crate) fn restore(self) -> Result<(State, Vec<Msg>), Msg> {
        let mut problems = self.problems;
        match self.shared.to_state_noting(&mut problems) {
            Ok(state) => Ok((state, problems)),
            Err(why) => {
                problems.push(Msg::LinkNotBuilt { why: Box::new(why) });
                let fallback = Shared {
                    view: self.shared.view,
                    step: self.shared.step,
                    ..Shared::default()
                };
                Ok((fallback.to_state()?, problems))
            }
        }
    }
}

/// The colour a node takes when the link does not say: the palette slot after the previous
/// node's. Nodes added one after another take exactly these (the palette's free slots in
/// order, then round again), so only a node added into a gap a removal left, and the first
/// node after it, carry their colour (`:cN`).
fn next_colour(previous: Option<u8>) -> u8 {
    previous.map_or(0, |p| ((usize::from(p) + 1) % MARKS) as u8)
}

fn read_algo(s: &mut Shared, v: &str) -> Result<(), Msg> {
    s.kind = algo_named(v)?;
    Ok(())
}

fn read_hash(s: &mut Shared, v: &str) -> Result<(), Msg> {
    s.hash = hash_named(v)?;
    Ok(())
}

/// `0` or `1` (`ask=`, `controls=`, `legend=`).
fn read_zero_or_one(v: &str) -> Result<bool, Msg> {
    match decode(v)?.as_str() {
        "0" => Ok(false),
        "1" => Ok(true),
        other => Err(not_one_of(Choice::ZeroOrOne, other, &["0", "1"])),
    }
}

fn read_nodes(s: &mut Shared, v: &str) -> Result<(), Msg> {
    let mut nodes = Vec::new();
    for (i, item) in v.split(',').enumerate() {
        if nodes.len() >= MAX_NODES {
            return Err(Msg::MoreNodes { max: MAX_NODES });
        }
        let node = read_node(item).map_err(|why| Msg::NodeProblem {
            index: i + 1,
            why: Box::new(why),
        })?;
        nodes.push(node);
    }
    check_nodes(&nodes)?;
    s.nodes = nodes;
    Ok(())
}

fn check_nodes(nodes: &[SharedNode]) -> Result<(), Msg> {
    let specs: Vec<NodeSpec> = nodes
        .iter()
        .map(|n| NodeSpec {
            name: n.name.clone(),
            weight: n.weight,
            vnodes: n.vnodes,
        })
        .collect();
    validate_nodes(&specs, 1).map_err(Msg::Build)?;
    if nodes.iter().all(|n| n.down) {
        return Err(Msg::Ui(Ui::EveryNodeDown));
    }
    if nodes
        .iter()
        .any(|n| n.colour.is_some_and(|c| usize::from(c) >= MARKS))
    {
        return Err(Msg::Ui(Ui::ColourOutOfRange));
    }
    Ok(())
}

/// The pasted keys as a `keylist` value, if it takes at most `limit` bytes (encoding stops
/// as soon as it is longer: 100,000 pasted keys are not encoded whole to learn that).
fn write_keylist(list: &[String], limit: usize) -> Option<String> {
    // Escaping only lengthens a key: a list already too long unescaped is not encoded.
    let unescaped = list.iter().map(|k| k.len() + 1).sum::<usize>();
    if unescaped > limit.saturating_add(1) {
        return None;
    }
    let mut out = String::new();
    for (i, key) in list.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&encode(key));
        if out.len() > limit {
            return None;
        }
    }
    Some(out)
}

/// The slot map of `state`, if its slot table is not what a fresh deal would give.
fn slot_map_of(state: &State) -> Option<Vec<u32>> {
    state.kind.spec().slots_param?;
    let owners = state.slot_owners.as_deref()?;
    let position = |id: NodeId| state.nodes.iter().position(|n| n.id == id);
    let map: Vec<u32> = owners
        .iter()
        .map(|&id| position(id).map(|p| p as u32))
        .collect::<Option<Vec<u32>>>()?;
    let up: Vec<u32> = (0..state.nodes.len() as u32)
        .filter(|&i| !state.nodes[i as usize].down)
        .collect();
    let dealt = !up.is_empty() && map.iter().enumerate().all(|(s, &p)| up[s % up.len()] == p);
    (!dealt).then_some(map)
}

fn check_slot_map(s: &Shared, map: &[u32], nodes_ok: bool) -> Result<(), Msg> {
    if !nodes_ok {
        return Err(Msg::Ui(Ui::SlotmapNodesIgnored));
    }
    let Some(slots) = s.params.slots(s.kind) else {
        return Err(Msg::Ui(Ui::SlotmapOnlySlots));
    };
    if map.len() != slots as usize {
        return Err(Msg::SlotmapLength {
            has: map.len(),
            slots,
        });
    }
    if let Some(&bad) = map
        .iter()
        .find(|&&p| s.nodes.get(p as usize).is_none_or(|n| n.down))
    {
        return Err(Msg::SlotmapOwner { owner: bad });
    }
    Ok(())
}

/// Longest group in a written slot map: periods longer than this are written as runs.
const MAX_PERIOD: usize = 64;

fn write_slot_map(map: &[u32]) -> String {
    let digits = |n: u32| n.checked_ilog10().unwrap_or(0) as usize + 1;
    let mut out = String::new();
    let mut i = 0;
    while i < map.len() {
        // The group that covers the most slots per character written, shortest on ties.
        let mut best = (1usize, 1usize, 0.0f64);
        for period in 1..=MAX_PERIOD.min(map.len() - i) {
            let group = &map[i..i + period];
            let mut reps = 1;
            while map
                .get(i + period * reps..i + period * (reps + 1))
                .is_some_and(|next| next == group)
            {
                reps += 1;
            }
            let cost = group.iter().map(|&o| digits(o)).sum::<usize>()
                + period
                + if reps > 1 { 1 + digits(reps as u32) } else { 0 };
            let gain = (period * reps) as f64 / cost as f64;
            if gain > best.2 {
                best = (period, reps, gain);
            }
        }
        let (period, reps, _) = best;
        if !out.is_empty() {
            out.push('_');
        }
        for (k, o) in map[i..i + period].iter().enumerate() {
            if k > 0 {
                out.push('.');
            }
            let _ = write!(out, "{o}");
        }
        if reps > 1 {
            let _ = write!(out, "x{reps}");
        }
        i += period * reps;
    }
    out
}

fn read_slot_map(v: &str) -> Result<Vec<u32>, Msg> {
    let number = |t: &str| -> Result<u32, Msg> {
        if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Msg::SlotNotWhole {
                text: quoted(&decode_lossy(t)),
            });
        }
        t.parse::<u32>()
            .map_err(|_| Msg::SlotTooLarge { text: quoted(t) })
    };
    let too_long = || Msg::SlotmapTooLong { max: MAX_SLOTS };
    let mut map = Vec::new();
    for group in v.split('_') {
        let (seq, reps) = match group.split_once('x') {
            Some((seq, reps)) => (seq, number(reps)?),
            None => (group, 1),
        };
        if reps == 0 {
            return Err(Msg::Ui(Ui::GroupRepeatsZero));
        }
        let owners = seq
            .split('.')
            .map(number)
            .collect::<Result<Vec<u32>, Msg>>()?;
        let total = owners
            .len()
            .checked_mul(reps as usize)
            .and_then(|n| n.checked_add(map.len()))
            .filter(|&n| n <= MAX_SLOTS as usize)
            .ok_or_else(too_long)?;
        map.reserve(total - map.len());
        for _ in 0..reps {
            map.extend_from_slice(&owners);
        }
    }
    Ok(map)
}

/// One parameter of a query: a row of [`PARAMS`], or an algorithm's parameter
/// ([`AlgoParam`]). [`Row::all`] is the order a query lists them in.
#[derive(Clone, Copy)]
enum Row {
    Fixed(&'static Param),
    Algo(AlgoParam),
}

impl Row {
    /// Every parameter in query order: the algorithms' go just before `nodes`.
    fn all() -> impl Iterator<Item = Row> {
        let split = PARAMS
            .iter()
            .position(|p| p.name == "nodes")
            .unwrap_or(PARAMS.len());
        let (before, after) = PARAMS.split_at(split);
        before
            .iter()
            .map(Row::Fixed)
            .chain(AlgoParam::all().map(Row::Algo))
            .chain(after.iter().map(Row::Fixed))
    }

    /// The one called `name` in a query.
    fn named(name: &str) -> Option<Row> {
        Row::all().find(|r| r.name() == name)
    }

    fn name(self) -> &'static str {
        match self {
            Row::Fixed(p) => p.name,
            Row::Algo(a) => a.name(),
        }
    }

    fn scope(self) -> Scope {
        match self {
            Row::Fixed(p) => p.scope,
            Row::Algo(_) => Scope::State,
        }
    }

    fn read(self, s: &mut Shared, v: &str) -> Result<(), Msg> {
        match self {
            Row::Fixed(p) => (p.read)(s, v),
            Row::Algo(a) => a.read(s, v),
        }
    }

    fn write(self, s: &Shared, limits: Limits) -> Option<String> {
        match self {
            Row::Fixed(p) => (p.write)(s, limits),
            Row::Algo(a) => a.write(s),
        }
    }
}

// Reading and writing a parameter in a `Shared` (the codec reads its value alone).
impl AlgoParam {
    /// Reads the raw value into `s`.
    pub(crate) fn read(self, s: &mut Shared, v: &str) -> Result<(), Msg> {
        s.params = s.params.with(self.0, self.value_of(v)?);
        Ok(())
    }

    /// The raw value written for `s`: given for the chosen algorithm, and for another one
    /// where it differs from its default (so that switching back keeps it).
    pub(crate) fn write(self, s: &Shared) -> Option<String> {
        let param = self.0;
        let value = s.params.get(param);
        (s.kind == param.algo || value != param.spec().picture_default())
            .then(|| param.spec().write(value))
    }
}

// proptest does not build for wasm32: the codec is tested natively.
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests;
