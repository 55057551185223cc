//! The state of the lab and its transitions.
//!
//! - this file: the types ([`State`], its [`Node`]s and [`KeySet`], the [`Action`]s a user
//!   takes, the [`InputError`] a refused one gives, and the [`Field`] it names) and the
//!   state's simple queries;
//! - `place`: the first state, a state settled from its fields, and the job that places
//!   the keys;
//! - `transition`: [`State::apply`], one action at a time;
//! - `delta`: the placement after a join or a leave, found arc by arc;
//! - `explain`: how one key is placed, step by step ([`Explained`]).
//!
//! Typed values are read by [`super::number`].

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use ring_core::metrics::{Flow, MoveSummary};
use ring_core::registry::ParamRef;
use ring_core::{Config, HashFn, NodeSpec};

use super::algo::{AlgoId, AlgoParams};
use super::limits::{PlaceError, Refusal};
use super::message::Msg;
use super::palette::{self, Rgb};
use super::snapshot::{Did, KeyMove, NodeInfo, Snapshot};
use super::view::ViewKind;
use super::view_settings::{ViewSetting, ViewSettings};

mod change;
mod delta;
pub(crate) mod explain;

pub(crate) use super::keys::{KeySet, KeySource};
pub use super::node_id::NodeId;
mod place;
mod transition;

/// Explore's try-it tasks done so far ([`super::tasks`] checks them after each action).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tasks {
    /// The node with the most keys was removed.
    pub(crate) busiest_removed: bool,
    /// The fewest virtual nodes per node that got R1 under [`R1_GOAL`](super::tasks::R1_GOAL), if any did.
    pub(crate) r1_vnodes: Option<u32>,
    /// A weight gave the second node twice the first node's keys.
    pub(crate) twice: bool,
}

/// A node of the cluster.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Node {
    /// Stable id.
    pub(crate) id: NodeId,
    /// Name, hashed to place the node.
    pub(crate) name: String,
    /// Weight (what it means depends on the algorithm).
    pub(crate) weight: u32,
    /// Own virtual-node count, or `None` for the default.
    pub(crate) vnodes: Option<u32>,
    /// Marked down: kept in the list, left out of the placement.
    pub(crate) down: bool,
    /// Palette slot of its colour.
    pub(crate) slot: u8,
}

impl Node {
    /// The node's colour.
    pub(crate) fn colour(&self) -> Rgb {
        palette::colour(self.slot)
    }

    /// The shape of the node's mark.
    pub(crate) fn shape(&self) -> palette::Shape {
        palette::shape(self.slot)
    }

    pub(crate) fn spec(&self) -> NodeSpec {
        NodeSpec {
            name: self.name.clone(),
            weight: self.weight,
            vnodes: self.vnodes,
        }
    }

    fn info(&self) -> NodeInfo {
        NodeInfo {
            id: self.id,
            name: self.name.clone(),
            colour: self.colour(),
            shape: self.shape(),
            weight: self.weight,
        }
    }
}

/// The control an input error belongs to, so the message can stand next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    /// The new node's name.
    AddName,
    /// The new node's weight.
    AddWeight,
    /// The new node's virtual-node count.
    AddVnodes,
    /// A node's weight.
    NodeWeight(NodeId),
    /// A node's virtual-node count.
    NodeVnodes(NodeId),
    /// A node's remove or down/up button.
    Node(NodeId),
    /// The default virtual-node count.
    DefaultVnodes,
    /// The algorithm menu.
    Algorithm,
    /// An algorithm's parameter.
    Param(ParamRef),
    /// The key count.
    KeyCount,
    /// The seed.
    Seed,
    /// The pasted keys.
    Paste,
    /// The pasted server list.
    ServerList,
    /// The key to explain.
    Explain,
    /// The tour's step.
    TourStep,
    /// How many keys are drawn as dots.
    Drawn,
}

/// A change that was refused, and why, in words the user can act on.
#[derive(Debug, PartialEq)]
pub(crate) struct InputError {
    /// The control at fault.
    pub(crate) field: Field,
    /// The problem and the allowed range, as a key the page words in its language (boxed:
    /// a refusal is rare, and a small error keeps every `Result` of the model small).
    pub(crate) message: Box<Msg>,
    /// What was typed, so the control can keep showing it next to the message.
    pub(crate) text: Option<String>,
    /// The refusal as data, when one of the app's own limits refused it (`message` is
    /// [`Msg::Refusal`] of it).
    pub(crate) refusal: Option<Refusal>,
}

impl InputError {
    fn new(field: Field, message: impl Into<Msg>) -> Self {
        InputError {
            field,
            message: Box::new(message.into()),
            text: None,
            refusal: None,
        }
    }

    fn refused(field: Field, refusal: Refusal) -> Self {
        InputError {
            field,
            message: Box::new(Msg::Refusal(refusal)),
            text: None,
            refusal: Some(refusal),
        }
    }

    /// The refusal of a placement: the core's words, or one of the app's limits.
    fn placing(field: Field, e: PlaceError) -> Self {
        match e {
            PlaceError::Core(e) => InputError::new(field, e),
            PlaceError::Limit(r) => InputError::refused(field, r),
        }
    }

    /// What the control for `field` shows: what was typed if this error is about it,
    /// else `value` (the value in force).
    pub(crate) fn shown(error: Option<&InputError>, field: Field, value: String) -> String {
        match error {
            Some(e) if e.field == field => e.text.clone().unwrap_or(value),
            _ => value,
        }
    }
}

/// Everything the user can do. Text fields arrive as typed; the model parses them so that
/// every refusal is checked, worded and tested in one place.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Replace every node by the servers of a pasted list ([`super::server_list`]).
    ReplaceNodes(String),
    /// Add a node; an empty `vnodes` means the default count.
    AddNode {
        /// Name.
        name: String,
        /// Weight, as typed.
        weight: String,
        /// Virtual nodes, as typed (empty: the default).
        vnodes: String,
    },
    /// Remove a node.
    RemoveNode(NodeId),
    /// Mark a node down (`true`) or up again.
    SetDown(NodeId, bool),
    /// Change a node's weight.
    SetWeight(NodeId, String),
    /// Change a node's virtual-node count (empty: the default).
    SetVnodes(NodeId, String),
    /// Change the default virtual-node count.
    SetDefaultVnodes(String),
    /// Pick an algorithm.
    SetAlgorithm(AlgoId),
    /// Pick a hash function.
    SetHash(HashFn),
    /// Set an algorithm's parameter (the chosen one's, or one the next algorithm will
    /// have), as typed (a number) or picked (an option's name).
    SetParam {
        /// Which.
        param: ParamRef,
        /// As typed or picked.
        text: String,
    },
    /// Generate `count` keys from `seed`.
    GenerateKeys {
        /// As typed.
        count: String,
        /// As typed.
        seed: String,
    },
    /// Use pasted keys, one per line.
    PasteKeys(String),
    /// Draw this many keys as dots, as typed (see [`super::drawn`]).
    SetDrawn(String),
    /// Explain how one key is placed (empty: explain none).
    Explain(String),
    /// Ask for a guess before showing what a change moved, or not.
    SetAskFirst(bool),
    /// The guess (a percentage) for the last change's moved share: it is then shown.
    CheckGuess(u32),
    /// Back to the first state (the view and the tour's step stay as they are).
    Reset,
    /// Show another view of the page.
    SetView(ViewKind),
    /// Go to step `n` of the tour (1-based, `1..=tour::STEP_COUNT`).
    SetTourStep(u32),
    /// Set one teaching view's settings (checked by the view, which words its refusals).
    SetViewSetting(ViewSetting),
    /// The pending job with this serial is done: show its state.
    JobDone {
        /// [`Pending::serial`] of the job.
        serial: u64,
        /// The state it made.
        state: Rc<State>,
    },
    /// Stop the pending job and keep the state shown.
    CancelJob,
    /// The script's next change, as its action (`crate::model::url::script_step` reads it
    /// from the state): made, and the script moves on one.
    ScriptPlayed(Box<Action>),
    /// Presenter mode on or off.
    SetPresent(bool),
    /// Go back to the lab before the last change shown (Ctrl+Z; in a lecture, Back).
    Undo,
    /// Go forward again to the change undone (Ctrl+Shift+Z).
    Redo,
    /// Go to step `n` of the history ([`super::history::History::states`]).
    GoToStep(usize),
    /// Replace the whole state with one restored from the address (the browser's back and
    /// forward buttons), with the change the address carries (`change=`), if any: the page
    /// shows what it showed when the address was written.
    Load(Rc<State>),
}

/// The last change: what was done, the placement before it, and what moved.
#[derive(Debug)]
pub(crate) struct Change {
    /// Tells changes apart (the state version that made it): a new serial plays anew.
    pub(crate) serial: u64,
    /// What was done, for the caption ("added cache-e").
    pub(crate) what: Did,
    /// The placement before.
    pub(crate) before: Rc<Snapshot>,
    /// Moved keys against the ideal (the core's summary line).
    pub(crate) summary: MoveSummary,
    /// Who gave how many keys to whom; `from` and `to` are node ids.
    pub(crate) flows: Vec<Flow>,
    /// The sampled keys that moved, for the animation.
    pub(crate) moves: Vec<KeyMove>,
    /// The state before, without a change of its own (so no chain of states builds up):
    /// a link describes it and this change, and the page that opens the link makes the
    /// change again.
    pub(crate) prior: Rc<State>,
}

/// The work that places a change's keys between frames ([`super::job::Job`]). A state
/// holds it through this trait, as a job holds states (the one it makes, the one before):
/// so the state's type comes first, and the job's, which implements it, after.
pub(crate) trait Resumable {
    /// Does about `keys` keys' worth of the work; whether it is finished.
    fn step(&mut self, keys: usize) -> bool;
    /// Units of work done and in all (for a progress bar; the units are not time).
    fn progress(&self) -> (u64, u64);
    /// The finished state (the rest of the work is done first if there is any).
    fn into_state(self: Box<Self>) -> State;
}

/// A job waiting to be run by the page, in the state that shows the progress bar. The
/// effect that runs it takes the job out once; the state only keeps what the bar says.
pub(crate) struct Pending {
    /// The version of the state that holds it: tells jobs apart.
    pub(crate) serial: u64,
    /// How many keys the job places…
    pub(crate) keys: usize,
    /// …and the points of the ring it builds first (0: none), for the bar's words.
    pub(crate) ring_points: u64,
    job: RefCell<Option<Box<dyn Resumable>>>,
}

impl fmt::Debug for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pending")
            .field("serial", &self.serial)
            .field("keys", &self.keys)
            .finish_non_exhaustive()
    }
}

impl Pending {
    /// `job`, which places `keys` keys (and builds a ring of `ring_points` first), waiting
    /// under `serial`.
    pub(crate) fn new(
        serial: u64,
        keys: usize,
        ring_points: u64,
        job: Box<dyn Resumable>,
    ) -> Pending {
        Pending {
            serial,
            keys,
            ring_points,
            job: RefCell::new(Some(job)),
        }
    }

    /// The job, waiting under `serial` instead, if it was not taken.
    pub(crate) fn again(&self, serial: u64) -> Option<Pending> {
        let job = self.take()?;
        Some(Pending::new(serial, self.keys, self.ring_points, job))
    }

    /// The job, the first time it is asked for; `None` afterwards.
    pub(crate) fn take(&self) -> Option<Box<dyn Resumable>> {
        self.job.try_borrow_mut().ok().and_then(|mut j| j.take())
    }
}

/// The whole state of the lab.
#[derive(Clone, Debug)]
pub struct State {
    /// The nodes, up and down, in the order they were added.
    pub(crate) nodes: Vec<Node>,
    next_id: u32,
    /// The algorithm.
    pub(crate) kind: AlgoId,
    /// Every algorithm's parameters.
    pub(crate) params: AlgoParams,
    /// The hash picked (an algorithm may fix its own: see [`State::config`]).
    pub(crate) hash: HashFn,
    /// Virtual nodes for nodes without their own count.
    pub(crate) default_vnodes: u32,
    /// The keys.
    pub(crate) keys: KeySet,
    /// The placement of the nodes that are up.
    pub(crate) current: Rc<Snapshot>,
    /// The last change to the cluster or configuration, if it kept the same keys.
    pub(crate) change: Option<Rc<Change>>,
    /// The key being explained.
    pub(crate) explain_key: String,
    /// "Ask me first": after a change, Explore asks what share of the keys moved before it
    /// shows the change (`ask=1` in a link).
    pub(crate) ask_first: bool,
    /// The guess checked for the change of that serial, in percent: the change is shown
    /// from then on.
    pub(crate) guessed: Option<(u64, u32)>,
    /// Explore's try-it tasks done so far.
    pub(crate) tasks: Tasks,
    /// The last refused input (shared: the state is copied on every action, and a copy of
    /// a [`Msg`] would need `Clone` for every sentence of the catalogue, 8 KB of wasm).
    pub(crate) error: Option<Rc<InputError>>,
    /// Counts accepted and refused actions: a cheap equality for views.
    pub(crate) version: u64,
    /// The view of the page being shown (`?view=` in a link: [`ViewKind::id`]).
    pub(crate) view: ViewKind,
    /// The tour's step, 1-based as the page numbers it (`?step=N` in a link), always in
    /// `1..=tour::STEP_COUNT`; the tour's picture is [`super::tour::frame`] of it.
    pub(crate) tour_step: u32,
    /// What the teaching views were set to (shared: most actions leave it alone).
    pub(crate) views: Rc<ViewSettings>,
    /// While the algorithm is the slot table: the owner of every slot by node id, kept
    /// across joins and leaves (see [`super::slot_keep`]); `None` for every other algorithm.
    pub(crate) slot_owners: Option<Rc<Vec<NodeId>>>,
    /// A change still placing its keys (more than [`super::job::SYNC_KEYS`]): the page runs it in
    /// slices and shows this state, with a progress bar, until it is done.
    pub(crate) pending: Option<Rc<Pending>>,
    /// A lecture's changes, as a link writes them (`script=add:cache-e,remove:cache-b`,
    /// each read by `src/model/url/change.rs`), played one at a time.
    pub(crate) script: Rc<Vec<String>>,
    /// How many of the script's changes have been played.
    pub(crate) script_at: usize,
    /// Presenter mode (`present=1`): the picture and what moved, large, for a projector.
    pub(crate) present: bool,
    /// What was done, for undo and redo (shared: most actions add nothing to it).
    pub(crate) history: Rc<super::history::History<State>>,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version && Rc::ptr_eq(&self.current, &other.current)
    }
}

impl State {
    /// Whether Explore asks for a guess before it shows the last change ("Ask me first").
    pub(crate) fn asking(&self) -> bool {
        match &self.change {
            Some(change) => self.ask_first && self.guessed.map(|g| g.0) != Some(change.serial),
            None => false,
        }
    }

    /// The core configuration of this state.
    pub(crate) fn config(&self) -> Config {
        Config {
            algorithm: self.params.algorithm(self.kind),
            hash: self.hash,
            default_vnodes: self.default_vnodes,
        }
    }

    /// The node with id `id`, up or down.
    pub(crate) fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// The name and colour of node `id`, also for a node that was just removed.
    pub(crate) fn describe(&self, id: NodeId) -> Option<(String, Rgb)> {
        if let Some(n) = self.node(id) {
            return Some((n.name.clone(), n.colour()));
        }
        self.change
            .as_ref()
            .and_then(|c| c.before.nodes.iter().find(|n| n.id == id))
            .map(|n| (n.name.clone(), n.colour))
    }

    /// A name for a new node that no node has yet ("cache-e", then "cache-f", ...).
    pub(crate) fn suggested_name(&self) -> String {
        let taken = |name: &str| self.nodes.iter().any(|n| n.name == name);
        (b'a'..=b'z')
            .map(|c| format!("cache-{}", char::from(c)))
            .chain((1u32..).map(|i| format!("cache-{i}")))
            .find(|n| !taken(n))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
