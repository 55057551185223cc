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

use std::rc::Rc;

use ring_core::registry::ParamRef;
use ring_core::{Config, HashFn, NodeSpec};

use super::algo::{AlgoId, AlgoParams};
use super::job::Pending;
use super::keys;
use super::limits::{PlaceError, Refusal};
use super::message::Msg;
use super::palette::{self, Rgb};
use super::snapshot::{Change, NodeInfo, Snapshot};
use super::view::{ViewKind, ViewSetting, ViewSettings};

mod delta;
mod explain;
mod place;
mod transition;

pub(crate) use explain::ring_distance;

/// A node's identity, stable across every change (indices in the core shift when a node
/// leaves; ids do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

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
            weight: self.weight,
        }
    }
}

/// Where the keys came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KeySource {
    /// Generated: `count` keys from `seed`.
    Generated {
        /// How many.
        count: u32,
        /// The splitmix64 seed.
        seed: u64,
    },
    /// Pasted by the user.
    Pasted,
}

/// The keys, shared between states (cloning a state does not copy them).
#[derive(Clone, Debug)]
pub(crate) struct KeySet {
    /// Where they came from.
    pub(crate) source: KeySource,
    /// The keys.
    pub(crate) keys: Rc<Vec<String>>,
    /// Indices of the keys drawn on the canvas, ascending.
    pub(crate) sample: Rc<Vec<u32>>,
    /// How many keys to draw at most (the sample's size when there are more keys); a new
    /// key set for the same state keeps it: `KeySet::new(..).with_drawn(old.drawn)`.
    pub(crate) drawn: u32,
}

impl KeySet {
    /// The key set of `keys`, which came from `source`, with the sample to draw.
    pub(crate) fn new(source: KeySource, keys: Vec<String>) -> KeySet {
        KeySet::from_shared(source, Rc::new(keys))
    }

    /// The key set of keys already shared (made by a [`Job`](super::job::Job) in slices).
    pub(crate) fn from_shared(source: KeySource, keys: Rc<Vec<String>>) -> KeySet {
        KeySet {
            source,
            sample: Rc::new(keys::sample(keys.len() as u32)),
            keys,
            drawn: keys::MAX_DRAWN,
        }
    }

    /// How many keys.
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none (never, once built: a key set has at least one key).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Its first `n` keys (all of them if it has no more), drawn the same way. Generated
    /// keys stay generated: the first `n` keys of a seed are the `n` keys of that seed.
    pub(crate) fn first(&self, n: usize) -> KeySet {
        if self.len() <= n {
            return self.clone();
        }
        let first = self.keys.get(..n).unwrap_or_default().to_vec();
        let source = match self.source {
            KeySource::Generated { seed, .. } => KeySource::Generated {
                count: first.len() as u32,
                seed,
            },
            KeySource::Pasted => KeySource::Pasted,
        };
        KeySet::new(source, first).with_drawn(self.drawn)
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
    /// Replace the whole state with one restored from the address (the browser's back and
    /// forward buttons), with the change the address carries (`change=`), if any: the page
    /// shows what it showed when the address was written.
    Load(Rc<State>),
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
    pub(crate) tasks: super::tasks::Tasks,
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
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version && Rc::ptr_eq(&self.current, &other.current)
    }
}

impl State {
    /// The graded guess for the last change, once it is checked ("Ask me first").
    pub(crate) fn guess_result(&self) -> Option<Msg> {
        let change = self.change.as_ref()?;
        let (serial, guess) = self.guessed.filter(|_| self.ask_first)?;
        (serial == change.serial).then(|| crate::model::tour::graded(change.summary, guess))
    }

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
