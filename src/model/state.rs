//! The state of the lab and its transitions.

use std::rc::Rc;

use ring_core::delta::ring_delta;
use ring_core::error::{validate_nodes, MAX_VNODES};
use ring_core::ketama::Weighting;
use ring_core::metrics::{Ideal, Moves};
use ring_core::ring::{weighted_vnodes, Naming, RingBuild};
use ring_core::{
    Algorithm, BuildError, Config, Explanation, HashFn, NodeIndex, NodeSpec, Placement,
};

use super::algo::{AlgoKind, AlgoParams};
use super::display::isolate;
use super::job::{self, Compared, Job, JobPlan, KeysToPlace, Pending};
use super::keys;
use super::limits::{self, PlaceError, Refusal};
use super::message::{Msg, Quantity, Ui};
use super::palette::{self, Rgb};
use super::slot_keep;
use super::snapshot::{Change, Did, NodeInfo, PlacedKeys, Snapshot};
use super::tour;
use super::view::ViewKind;

/// A node's identity, stable across every change (indices in the core shift when a node
/// leaves; ids do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// A node of the cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Stable id.
    pub id: NodeId,
    /// Name, hashed to place the node.
    pub name: String,
    /// Weight (what it means depends on the algorithm).
    pub weight: u32,
    /// Own virtual-node count, or `None` for the default.
    pub vnodes: Option<u32>,
    /// Marked down: kept in the list, left out of the placement.
    pub down: bool,
    /// Palette slot of its colour.
    pub slot: u8,
}

impl Node {
    /// The node's colour.
    pub fn colour(&self) -> Rgb {
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
        }
    }
}

/// Where the keys came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeySource {
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
pub struct KeySet {
    /// Where they came from.
    pub source: KeySource,
    /// The keys.
    pub keys: Rc<Vec<String>>,
    /// Indices of the keys drawn on the canvas, ascending.
    pub sample: Rc<Vec<u32>>,
    /// How many keys to draw at most (the sample's size when there are more keys); a new
    /// key set for the same state keeps it: `KeySet::new(..).with_drawn(old.drawn)`.
    pub drawn: u32,
}

impl KeySet {
    /// The key set of `keys`, which came from `source`, with the sample to draw.
    pub fn new(source: KeySource, keys: Vec<String>) -> KeySet {
        KeySet::from_shared(source, Rc::new(keys))
    }

    /// The key set of keys already shared (made by a [`Job`] in slices).
    pub fn from_shared(source: KeySource, keys: Rc<Vec<String>>) -> KeySet {
        KeySet {
            source,
            sample: Rc::new(keys::sample(keys.len() as u32)),
            keys,
            drawn: keys::MAX_DRAWN,
        }
    }

    /// How many keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none (never, once built: a key set has at least one key).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Its first `n` keys (all of them if it has no more), drawn the same way. Generated
    /// keys stay generated: the first `n` keys of a seed are the `n` keys of that seed.
    pub fn first(&self, n: usize) -> KeySet {
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
pub enum Field {
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
    /// go-zero's replicas.
    Replicas,
    /// The slot count.
    Slots,
    /// Maglev's table size.
    TableSize,
    /// Bounded loads' ε.
    Epsilon,
    /// The key count.
    KeyCount,
    /// The seed.
    Seed,
    /// The pasted keys.
    Paste,
    /// The key to explain.
    Explain,
    /// The tour's step.
    TourStep,
    /// How many keys are drawn as dots.
    Drawn,
}

/// A change that was refused, and why, in words the user can act on.
#[derive(Debug, PartialEq)]
pub struct InputError {
    /// The control at fault.
    pub field: Field,
    /// The problem and the allowed range, as a key the page words in its language (boxed:
    /// a refusal is rare, and a small error keeps every `Result` of the model small).
    pub message: Box<Msg>,
    /// What was typed, so the control can keep showing it next to the message.
    pub text: Option<String>,
    /// The refusal as data, when one of the app's own limits refused it (`message` is
    /// [`Msg::Refusal`] of it).
    pub refusal: Option<Refusal>,
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
    pub fn shown(error: Option<&InputError>, field: Field, value: String) -> String {
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
    SetAlgorithm(AlgoKind),
    /// Pick a hash function.
    SetHash(HashFn),
    /// Pick the virtual-node naming.
    SetNaming(Naming),
    /// Pick ketama's weighting.
    SetWeighting(Weighting),
    /// Set go-zero's replicas.
    SetReplicas(String),
    /// Set the slot count.
    SetSlots(String),
    /// Set Maglev's table size.
    SetTableSize(String),
    /// Set bounded loads' ε.
    SetEpsilon(String),
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
    /// Back to the first state (the view and the tour's step stay as they are).
    Reset,
    /// Show another view of the page.
    SetView(ViewKind),
    /// Go to step `n` of the tour (1-based, `1..=tour::STEP_COUNT`).
    SetTourStep(u32),
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
    /// forward buttons). Nothing is compared, so no change is recorded.
    Load(Rc<State>),
}

/// The whole state of the lab.
#[derive(Clone, Debug)]
pub struct State {
    /// The nodes, up and down, in the order they were added.
    pub nodes: Vec<Node>,
    next_id: u32,
    /// The algorithm.
    pub kind: AlgoKind,
    /// Every algorithm's parameters.
    pub params: AlgoParams,
    /// The hash picked (an algorithm may fix its own: see [`State::config`]).
    pub hash: HashFn,
    /// Virtual nodes for nodes without their own count.
    pub default_vnodes: u32,
    /// The keys.
    pub keys: KeySet,
    /// The placement of the nodes that are up.
    pub current: Rc<Snapshot>,
    /// The last change to the cluster or configuration, if it kept the same keys.
    pub change: Option<Rc<Change>>,
    /// The key being explained.
    pub explain_key: String,
    /// The last refused input (shared: the state is copied on every action, and a copy of
    /// a [`Msg`] would need `Clone` for every sentence of the catalogue, 8 KB of wasm).
    pub error: Option<Rc<InputError>>,
    /// Counts accepted and refused actions: a cheap equality for views.
    pub version: u64,
    /// The view of the page being shown (`?view=` in a link: [`ViewKind::id`]).
    pub view: ViewKind,
    /// The tour's step, 1-based as the page numbers it (`?step=N` in a link), always in
    /// `1..=tour::STEP_COUNT`; the tour's picture is [`tour::frame`] of it.
    pub tour_step: u32,
    /// While the algorithm is the slot table: the owner of every slot by node id, kept
    /// across joins and leaves (see [`slot_keep`]); `None` for every other algorithm.
    pub slot_owners: Option<Rc<Vec<NodeId>>>,
    /// A change still placing its keys (more than [`job::SYNC_KEYS`]): the page runs it in
    /// slices and shows this state, with a progress bar, until it is done.
    pub pending: Option<Rc<Pending>>,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version && Rc::ptr_eq(&self.current, &other.current)
    }
}

/// The walk that placed one key, with its steps in words.
#[derive(Debug, PartialEq)]
pub struct Explained {
    /// The key.
    pub key: String,
    /// Its hash position.
    pub position: u64,
    /// The position as a fraction of the hash space.
    pub fraction: f64,
    /// The owner's id.
    pub owner: Option<NodeId>,
    /// The core's explanation.
    pub explanation: Explanation,
    /// The steps, one sentence each.
    pub steps: Vec<Msg>,
}

/// Names the first nodes take.
const FIRST_NODES: [&str; 4] = ["cache-a", "cache-b", "cache-c", "cache-d"];
/// The first key set.
const FIRST_KEYS: u32 = 10_000;
const FIRST_SEED: u64 = 42;
/// Few enough points to see each one on the ring.
const FIRST_VNODES: u32 = 16;
/// Longest key accepted for explaining.
const MAX_EXPLAIN_BYTES: usize = limits::MAX_LOOKUP_KEY_BYTES;

/// Ring points above which a virtual-node or single-point ring is built in a job's steps
/// rather than inside the action: about 20 ms in the browser (a million take about 70 ms).
const SYNC_RING_POINTS: u64 = 250_000;

/// The resumable build of the ring `config` describes over `specs`, when it is a
/// virtual-node or single-point ring of more than [`SYNC_RING_POINTS`] points; `None` for
/// everything else (built at once by `ring_core::build`). The same checks as `build`, first.
fn large_ring_build(config: &Config, specs: &[NodeSpec]) -> Result<Option<RingBuild>, BuildError> {
    let (hash, vnodes) = (config.effective_hash(), config.default_vnodes);
    let total: u64 = match config.algorithm {
        Algorithm::SinglePoint => specs.len() as u64,
        Algorithm::Virtual { .. } => specs
            .iter()
            .map(|n| u64::from(weighted_vnodes(n.vnodes.unwrap_or(vnodes), n.weight)))
            .sum(),
        _ => return Ok(None),
    };
    if total <= SYNC_RING_POINTS {
        return Ok(None);
    }
    validate_nodes(specs, vnodes)?;
    match config.algorithm {
        Algorithm::Virtual { naming } => RingBuild::virtual_nodes(specs, hash, naming, vnodes),
        _ => RingBuild::single_point(specs, hash),
    }
    .map(Some)
}

impl State {
    /// The first state: four caches on a virtual-node ring, 16 points each, 10,000 keys.
    pub fn initial() -> Result<State, BuildError> {
        let nodes: Vec<Node> = FIRST_NODES
            .iter()
            .enumerate()
            .map(|(i, name)| Node {
                id: NodeId(i as u32),
                name: (*name).to_string(),
                weight: 100,
                vnodes: None,
                down: false,
                slot: i as u8,
            })
            .collect();
        let keys = KeySet::new(
            KeySource::Generated {
                count: FIRST_KEYS,
                seed: FIRST_SEED,
            },
            keys::generate(FIRST_KEYS, FIRST_SEED),
        );
        let kind = AlgoKind::Virtual;
        let params = AlgoParams::default();
        let hash = HashFn::Murmur3_64;
        let config = Config {
            algorithm: params.algorithm(kind),
            hash,
            default_vnodes: FIRST_VNODES,
        };
        let infos = nodes.iter().map(Node::info).collect();
        let specs: Vec<NodeSpec> = nodes.iter().map(Node::spec).collect();
        let current = Snapshot::build(&config, kind, infos, &specs, &keys)?;
        let state = State {
            next_id: nodes.len() as u32,
            nodes,
            kind,
            params,
            hash,
            default_vnodes: FIRST_VNODES,
            keys,
            current: Rc::new(current),
            change: None,
            explain_key: String::new(),
            error: None,
            version: 0,
            view: ViewKind::Explore,
            tour_step: 1,
            slot_owners: None,
            pending: None,
        };
        // Placed again through the job, which keeps the key positions for the delta path.
        let plan = state
            .plan(None, KeysToPlace::Given(state.keys.clone()), None)
            .map_err(|e| match e {
                PlaceError::Core(e) => e,
                PlaceError::Limit(_) => BuildError::NoNodes,
            })?;
        Ok(Job::new(plan).run())
    }

    /// This state with its placement built again from its fields (nodes, algorithm, keys,
    /// and the slot owners it keeps): for a state assembled from a shared link or a saved
    /// state. No change is recorded; the next new node's id follows the largest id.
    pub fn settled(self) -> Result<State, PlaceError> {
        let keys = KeysToPlace::Given(self.keys.clone());
        self.settled_with(keys)
    }

    /// [`State::settled`] with `keys` in place of this state's. Up to [`job::SYNC_KEYS`]
    /// keys are placed at once. With more, the page would open only after placing all of
    /// them (half a second for a million), so the first [`job::SYNC_KEYS`] are placed at
    /// once and shown while a pending job places them all, as after any other change.
    pub fn settled_with(mut self, keys: KeysToPlace) -> Result<State, PlaceError> {
        let all: Vec<NodeSpec> = self.nodes.iter().map(Node::spec).collect();
        validate_nodes(&all, self.default_vnodes)?;
        self.next_id = self
            .nodes
            .iter()
            .map(|n| n.id.0.saturating_add(1))
            .max()
            .unwrap_or(0);
        let up: Vec<NodeId> = self
            .nodes
            .iter()
            .filter(|n| !n.down)
            .map(|n| n.id)
            .collect();
        let owners = self.slot_owners.clone();
        let previous = owners.as_deref().map(|o| (o.as_slice(), up.as_slice()));
        self.change = None;
        self.error = None;
        self.pending = None;
        let mut plan = self.plan(previous, keys, None)?;
        if let Some(build) = plan.building.take() {
            // Opening a page: its first picture needs the ring (built here at once).
            plan.placement = Some(Rc::new(build.finish()?));
        }
        if plan.keys.len() <= job::SYNC_KEYS {
            return Ok(Job::new(plan).run());
        }
        // The same placement serves both: a million-point ring is built once.
        let first = JobPlan {
            next: plan.next.clone(),
            config: plan.config.clone(),
            kind: plan.kind,
            nodes: plan.nodes.clone(),
            placement: plan.placement.clone(),
            building: None,
            keys: plan.keys.first(job::SYNC_KEYS),
            compared: None,
        };
        let mut shown = Job::new(first).run();
        shown.pending = Some(Rc::new(Pending::new(shown.version, Job::new(plan))));
        Ok(shown)
    }

    /// The work of placing `keys` on this state's nodes that are up; the job finishes
    /// this state with its placement (and the change from `compared`, if given). The slot
    /// table starts from `previous` (its owners by id and the ids that were up) when given,
    /// so that a join or a leave moves only that node's slots; every other algorithm is
    /// built afresh.
    pub(super) fn plan(
        &self,
        previous: Option<(&[NodeId], &[NodeId])>,
        keys: KeysToPlace,
        compared: Option<Compared>,
    ) -> Result<JobPlan, PlaceError> {
        let up: Vec<&Node> = self.nodes.iter().filter(|n| !n.down).collect();
        let key_count = keys.len();
        // Before any work: a placement over the limits would freeze the page.
        limits::check_work(self.kind, up.len(), key_count)?;
        let nodes = up.iter().map(|n| n.info()).collect();
        let config = self.config();
        let mut next = self.clone();
        let mut building = None;
        let placement: Option<Rc<dyn Placement>> = if self.kind == AlgoKind::SlotTable {
            let specs: Vec<(NodeId, NodeSpec)> = up.iter().map(|n| (n.id, n.spec())).collect();
            let hash = config.effective_hash();
            let (table, owners) = slot_keep::next_table(previous, &specs, hash, self.params.slots)
                .map_err(PlaceError::Core)?;
            next.slot_owners = Some(Rc::new(owners));
            Some(Rc::new(table))
        } else {
            let specs: Vec<NodeSpec> = up.iter().map(|n| n.spec()).collect();
            next.slot_owners = None;
            building = large_ring_build(&config, &specs)?;
            match building {
                Some(_) => None,
                None => Some(Rc::from(ring_core::build(&config, &specs)?)),
            }
        };
        Ok(JobPlan {
            next,
            config,
            kind: self.kind,
            nodes,
            placement,
            building,
            keys,
            compared,
        })
    }

    /// The state `job` makes, run at once; or, while it places more than
    /// [`job::SYNC_KEYS`] keys or builds a large ring, `shown` with the job pending (the page runs it in slices and
    /// then shows its state).
    fn run_or_defer(shown: &State, job: Job) -> State {
        if !job.is_large() {
            return job.run();
        }
        let mut waiting = shown.clone();
        waiting.version = shown.version + 1;
        waiting.error = None;
        waiting.pending = Some(Rc::new(Pending::new(waiting.version, job)));
        waiting
    }

    /// The slot owners `next` may start from: this state's, if both are the slot table
    /// with the same slot count.
    pub(super) fn slots_for(&self, next: &State) -> Option<(&[NodeId], Vec<NodeId>)> {
        let same = self.kind == AlgoKind::SlotTable
            && next.kind == AlgoKind::SlotTable
            && self.params.slots == next.params.slots;
        let owners = self.slot_owners.as_deref().filter(|_| same)?;
        let was_up = self.current.nodes.iter().map(|n| n.id).collect();
        Some((owners.as_slice(), was_up))
    }

    /// The core configuration of this state.
    pub fn config(&self) -> Config {
        Config {
            algorithm: self.params.algorithm(self.kind),
            hash: self.hash,
            default_vnodes: self.default_vnodes,
        }
    }

    /// The node with id `id`, up or down.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// The name and colour of node `id`, also for a node that was just removed.
    pub fn describe(&self, id: NodeId) -> Option<(String, Rgb)> {
        if let Some(n) = self.node(id) {
            return Some((n.name.clone(), n.colour()));
        }
        self.change
            .as_ref()
            .and_then(|c| c.before.nodes.iter().find(|n| n.id == id))
            .map(|n| (n.name.clone(), n.colour))
    }

    /// A name for a new node that no node has yet ("cache-e", then "cache-f", ...).
    pub fn suggested_name(&self) -> String {
        let taken = |name: &str| self.nodes.iter().any(|n| n.name == name);
        (b'a'..=b'z')
            .map(|c| format!("cache-{}", char::from(c)))
            .chain((1u32..).map(|i| format!("cache-{i}")))
            .find(|n| !taken(n))
            .unwrap_or_default()
    }

    /// This state with only its first `n` keys (all of them if it has no more), placed at
    /// once: what the Compare view works on. Generated keys stay generated: the first `n`
    /// keys of a seed are the `n` keys of that seed.
    pub fn with_first_keys(&self, n: usize) -> Result<State, InputError> {
        if self.keys.len() <= n {
            return Ok(self.clone());
        }
        let set = self.keys.first(n);
        let next = self.with_keys(KeysToPlace::Given(set), Field::KeyCount)?;
        Ok(next.run_pending())
    }

    /// This state with its pending job, if any, run to the end and shown: what the page
    /// does between frames, at once.
    pub fn run_pending(&self) -> State {
        let Some(pending) = &self.pending else {
            return self.clone();
        };
        let Some(job) = pending.take() else {
            return self.clone();
        };
        let done = Action::JobDone {
            serial: pending.serial,
            state: Rc::new(job.run()),
        };
        self.apply(done).unwrap_or_else(|_| self.clone())
    }

    /// This state with `error` recorded and nothing else changed.
    pub fn with_error(&self, error: impl Into<Rc<InputError>>) -> State {
        let mut s = self.clone();
        s.error = Some(error.into());
        s.version += 1;
        s
    }

    /// The next state after `action`, or why it was refused (the state is then unchanged).
    pub fn apply(&self, action: Action) -> Result<State, InputError> {
        let typed = match &action {
            Action::SetWeight(_, t)
            | Action::SetVnodes(_, t)
            | Action::SetDefaultVnodes(t)
            | Action::SetReplicas(t)
            | Action::SetSlots(t)
            | Action::SetTableSize(t)
            | Action::SetEpsilon(t)
            | Action::SetDrawn(t) => Some(t.clone()),
            _ => None,
        };
        self.transition(action).map_err(|mut e| {
            e.text = typed;
            e
        })
    }

    fn transition(&self, action: Action) -> Result<State, InputError> {
        match action {
            Action::AddNode {
                name,
                weight,
                vnodes,
            } => self.add_node(&name, &weight, &vnodes),
            Action::RemoveNode(id) => self.remove_node(id),
            Action::SetDown(id, down) => self.set_down(id, down),
            Action::SetWeight(id, text) => {
                let field = Field::NodeWeight(id);
                let weight = parse_weight(&text).map_err(|m| InputError::new(field, m))?;
                let (next, name) = self.edit_node(id, field, |n| n.weight = weight)?;
                let what = Did::WeightSet { name, weight };
                self.rebuild(next, what, Ideal::None, &|_| field)
            }
            Action::SetVnodes(id, text) => {
                let field = Field::NodeVnodes(id);
                let vnodes = parse_vnodes(&text, true).map_err(|m| InputError::new(field, m))?;
                let (next, name) = self.edit_node(id, field, |n| n.vnodes = vnodes)?;
                let what = Did::VnodesSet { name, vnodes };
                self.rebuild(next, what, Ideal::None, &|_| field)
            }
            Action::SetDefaultVnodes(text) => {
                let field = Field::DefaultVnodes;
                let vnodes = parse_vnodes(&text, false)
                    .map_err(|m| InputError::new(field, m))?
                    .unwrap_or(self.default_vnodes);
                let mut next = self.clone();
                next.default_vnodes = vnodes;
                let what = Did::DefaultVnodesSet { vnodes };
                self.rebuild(next, what, Ideal::None, &|_| field)
            }
            Action::SetAlgorithm(kind) => {
                let mut next = self.clone();
                next.kind = kind;
                let what = Did::AlgorithmSet(kind);
                self.rebuild(next, what, Ideal::None, &|_| Field::Algorithm)
            }
            Action::SetHash(hash) => {
                let mut next = self.clone();
                next.hash = hash;
                let what = Did::HashSet(hash);
                self.rebuild(next, what, Ideal::None, &|_| Field::Algorithm)
            }
            Action::SetNaming(naming) => {
                let mut next = self.clone();
                next.params.naming = naming;
                let what = Did::NamingSet(naming);
                self.rebuild(next, what, Ideal::None, &|_| Field::Algorithm)
            }
            Action::SetWeighting(weighting) => {
                let mut next = self.clone();
                next.params.weighting = weighting;
                let what = Did::WeightingSet(weighting);
                self.rebuild(next, what, Ideal::None, &|_| Field::Algorithm)
            }
            Action::SetReplicas(text) => {
                let field = Field::Replicas;
                let replicas = parse_count_param(&text, Quantity::GoZeroReplicas, 1, MAX_VNODES)
                    .map_err(|m| InputError::new(field, m))?;
                let mut next = self.clone();
                next.params.replicas = replicas;
                self.rebuild(next, Did::ReplicasSet { replicas }, Ideal::None, &|_| field)
            }
            Action::SetSlots(text) => {
                let field = Field::Slots;
                let slots =
                    parse_count_param(&text, Quantity::Slots, 1, ring_core::error::MAX_SLOTS)
                        .map_err(|m| InputError::new(field, m))?;
                let mut next = self.clone();
                next.params.slots = slots;
                self.rebuild(next, Did::SlotsSet { slots }, Ideal::None, &|_| field)
            }
            Action::SetTableSize(text) => {
                let field = Field::TableSize;
                let size = parse_count_param(
                    &text,
                    Quantity::TableSize,
                    2,
                    ring_core::error::MAX_TABLE_SIZE,
                )
                .map_err(|m| InputError::new(field, m))?;
                let mut next = self.clone();
                next.params.table_size = size;
                self.rebuild(next, Did::TableSizeSet { size }, Ideal::None, &|_| field)
            }
            Action::SetEpsilon(text) => {
                let field = Field::Epsilon;
                let epsilon = parse_epsilon(&text).map_err(|m| InputError::new(field, m))?;
                let mut next = self.clone();
                next.params.epsilon = epsilon;
                self.rebuild(next, Did::EpsilonSet { epsilon }, Ideal::None, &|_| field)
            }
            Action::GenerateKeys { count, seed } => {
                let count =
                    keys::parse_count(&count).map_err(|m| InputError::new(Field::KeyCount, m))?;
                let seed = keys::parse_seed(&seed).map_err(|m| InputError::new(Field::Seed, m))?;
                let drawn = self.keys.drawn;
                let keys = KeysToPlace::Generate { count, seed, drawn };
                self.with_keys(keys, Field::KeyCount)
            }
            Action::PasteKeys(text) => {
                limits::check_paste(&text).map_err(|r| InputError::refused(Field::Paste, r))?;
                // Checked at once, the keys made by the job (in slices for many).
                let count =
                    keys::check_pasted(&text).map_err(|m| InputError::new(Field::Paste, m))?;
                let keys = KeysToPlace::Paste {
                    text: Rc::from(text),
                    count,
                    drawn: self.keys.drawn,
                };
                self.with_keys(keys, Field::Paste)
            }
            Action::SetDrawn(text) => self.set_drawn(&text),
            Action::Explain(key) => {
                if key.len() > MAX_EXPLAIN_BYTES {
                    return Err(InputError::new(
                        Field::Explain,
                        Msg::ExplainTooLong {
                            bytes: key.len(),
                            max: MAX_EXPLAIN_BYTES,
                        },
                    ));
                }
                let mut next = self.clone();
                next.explain_key = key;
                next.error = None;
                next.version += 1;
                Ok(next)
            }
            Action::Reset => {
                let mut next =
                    State::initial().map_err(|e| InputError::new(Field::Algorithm, e))?;
                next.version = self.version + 1;
                next.view = self.view;
                next.tour_step = self.tour_step;
                Ok(next)
            }
            Action::SetView(view) => {
                let mut next = self.clone();
                next.view = view;
                next.error = None;
                next.version += 1;
                Ok(next)
            }
            Action::Load(state) => {
                let mut next = (*state).clone();
                next.version = self.version + 1;
                next.change = None;
                next.error = None;
                // A restored state with many keys shows the first while placing them all.
                next.pending = state
                    .pending
                    .as_ref()
                    .and_then(|p| p.take())
                    .map(|job| Rc::new(Pending::new(next.version, job)));
                Ok(next)
            }
            Action::JobDone { serial, state } => {
                if self.pending.as_ref().map(|p| p.serial) != Some(serial) {
                    // A job cancelled or replaced meanwhile: its state is out of date.
                    return Ok(self.clone());
                }
                let mut next = (*state).clone();
                // What was changed while the job ran without touching the placement.
                next.view = self.view;
                next.tour_step = self.tour_step;
                next.explain_key = self.explain_key.clone();
                next.pending = None;
                next.error = None;
                next.version = self.version + 1;
                Ok(next)
            }
            Action::CancelJob => {
                let mut next = self.clone();
                if next.pending.take().is_some() {
                    next.version += 1;
                }
                Ok(next)
            }
            Action::SetTourStep(step) => {
                if !(1..=tour::STEP_COUNT).contains(&step) {
                    return Err(InputError::new(Field::TourStep, Msg::NoSuchStep { step }));
                }
                let mut next = self.clone();
                next.tour_step = step;
                next.error = None;
                next.version += 1;
                Ok(next)
            }
        }
    }

    fn add_node(&self, name: &str, weight: &str, vnodes: &str) -> Result<State, InputError> {
        let weight = parse_weight(weight).map_err(|m| InputError::new(Field::AddWeight, m))?;
        let vnodes =
            parse_vnodes(vnodes, true).map_err(|m| InputError::new(Field::AddVnodes, m))?;
        let name = name.trim().to_string();
        let taken: Vec<u8> = self.nodes.iter().map(|n| n.slot).collect();
        let node = Node {
            id: NodeId(self.next_id),
            name: name.clone(),
            weight,
            vnodes,
            down: false,
            slot: palette::free_slot(&taken),
        };
        let mut next = self.clone();
        next.nodes.push(node);
        next.next_id = self.next_id.wrapping_add(1);
        let up_after = next.nodes.iter().filter(|n| !n.down).count() as u32;
        let field = |e: &BuildError| match e {
            BuildError::BadWeight { .. } => Field::AddWeight,
            BuildError::BadVnodes { .. } | BuildError::TooManyPoints { .. } => Field::AddVnodes,
            _ => Field::AddName,
        };
        self.rebuild(
            next,
            // Names inside sentences are isolated: a bidi control in one cannot reorder
            // the words around it (see `display`).
            Did::Added {
                name: isolate(&name).into_owned(),
            },
            Ideal::Join {
                nodes_after: up_after,
            },
            &field,
        )
    }

    fn remove_node(&self, id: NodeId) -> Result<State, InputError> {
        let field = Field::Node(id);
        let node = self
            .node(id)
            .ok_or_else(|| InputError::new(field, Ui::NodeGone))?;
        let ideal = self.leaving(node, field)?;
        let mut next = self.clone();
        next.nodes.retain(|n| n.id != id);
        let what = Did::Removed {
            name: isolate(&node.name).into_owned(),
        };
        self.rebuild(next, what, ideal, &|_| field)
    }

    fn set_down(&self, id: NodeId, down: bool) -> Result<State, InputError> {
        let field = Field::Node(id);
        let node = self
            .node(id)
            .ok_or_else(|| InputError::new(field, Ui::NodeGone))?;
        if node.down == down {
            // Nothing to do, and nothing refused: a message from before goes.
            let mut next = self.clone();
            if next.error.take().is_some() {
                next.version += 1;
            }
            return Ok(next);
        }
        let ideal = if down {
            self.leaving(node, field)?
        } else {
            Ideal::Join {
                nodes_after: self.nodes.iter().filter(|n| !n.down).count() as u32 + 1,
            }
        };
        let name = isolate(&node.name).into_owned();
        let what = if down {
            Did::MarkedDown { name }
        } else {
            Did::MarkedUp { name }
        };
        let (next, _) = self.edit_node(id, field, |n| n.down = down)?;
        self.rebuild(next, what, ideal, &|_| field)
    }

    /// Whether `node` may leave the placement (jump hash only lets the last bucket go),
    /// and the ideal movement if it does.
    fn leaving(&self, node: &Node, field: Field) -> Result<Ideal, InputError> {
        let Some(index) = self.current.index_of(node.id) else {
            // A node that is down is not in the placement: it can go, moving nothing.
            return Ok(Ideal::None);
        };
        self.current
            .placement
            .check_removal(index)
            .map_err(|e| InputError::new(field, e))?;
        let total = self.keys.len().max(1) as f64;
        let share = self.current.loads.get(index as usize).copied().unwrap_or(0) as f64 / total;
        Ok(Ideal::Leave { share })
    }

    fn edit_node(
        &self,
        id: NodeId,
        field: Field,
        edit: impl FnOnce(&mut Node),
    ) -> Result<(State, String), InputError> {
        let mut next = self.clone();
        let node = next
            .nodes
            .iter_mut()
            .find(|n| n.id == id)
            .ok_or_else(|| InputError::new(field, Ui::NodeGone))?;
        edit(node);
        let name = isolate(&node.name).into_owned();
        Ok((next, name))
    }

    /// Checks and builds `next`'s placement; on success records the change from this state.
    fn rebuild(
        &self,
        mut next: State,
        what: Did,
        ideal: Ideal,
        field: &dyn Fn(&BuildError) -> Field,
    ) -> Result<State, InputError> {
        let refuse = |e: BuildError| {
            let field = field(&e);
            InputError::new(field, e)
        };
        // Down nodes are checked too: a name stays taken while its node is down.
        let all: Vec<NodeSpec> = next.nodes.iter().map(Node::spec).collect();
        validate_nodes(&all, next.default_vnodes).map_err(refuse)?;
        next.version = self.version + 1;
        next.error = None;
        next.pending = None;
        next.change = None;
        if let Some(done) = self.joined_or_left(&next) {
            let (snapshot, moves) = done.map_err(refuse)?;
            next.change = Some(Rc::new(Change::from_moves(
                Rc::clone(&self.current),
                &snapshot,
                &next.keys,
                what,
                ideal,
                next.version,
                moves,
            )));
            next.current = Rc::new(snapshot);
            return Ok(next);
        }
        let kept = self.slots_for(&next);
        let previous = kept.as_ref().map(|(o, up)| (*o, up.as_slice()));
        let compared = Compared {
            before: Rc::clone(&self.current),
            what,
            ideal,
        };
        let keys = KeysToPlace::Given(next.keys.clone());
        let plan = next
            .plan(previous, keys, Some(compared))
            .map_err(|e| match e {
                PlaceError::Core(e) => refuse(e),
                // A limit on the cluster as a whole: shown where its node-list problems are.
                PlaceError::Limit(r) => InputError::refused(field(&BuildError::NoNodes), r),
            })?;
        Ok(State::run_or_defer(self, Job::new(plan)))
    }

    /// The placement after `next`'s nodes joined, left or changed, found arc by arc from
    /// the key positions the current snapshot keeps (`ring_core::delta`), with the keys
    /// that moved: only on a ring, with the same algorithm, hash and keys. `None` when the
    /// delta path does not apply (then every key is placed again).
    pub(super) fn joined_or_left(
        &self,
        next: &State,
    ) -> Option<Result<(Snapshot, Moves), BuildError>> {
        let cache = self.current.positions.as_ref()?;
        let (config, next_config) = (self.config(), next.config());
        let same = self.kind == next.kind
            && config.algorithm == next_config.algorithm
            && config.effective_hash() == next_config.effective_hash()
            && Rc::ptr_eq(&self.keys.keys, &next.keys.keys);
        if !same || cache.len() != self.keys.len() {
            return None;
        }
        let was_up: Vec<&Node> = self.nodes.iter().filter(|n| !n.down).collect();
        let now_up: Vec<&Node> = next.nodes.iter().filter(|n| !n.down).collect();
        let before = self.current.placement.as_ref();
        let specs: Vec<NodeSpec> = now_up.iter().map(|n| n.spec()).collect();
        let same_node = |a: &Node, b: &Node| a.id == b.id && a.spec() == b.spec();
        // A join at the end or one leave merges points into the ring or drops them;
        // anything else (a weight, a virtual-node count) builds the ring again.
        let updated = if now_up.len() == was_up.len() + 1
            && was_up.iter().zip(&now_up).all(|(a, b)| same_node(a, b))
        {
            specs.last().and_then(|newcomer| before.joined(newcomer))
        } else if now_up.len() + 1 == was_up.len() {
            let gone = was_up
                .iter()
                .zip(&now_up)
                .position(|(a, b)| !same_node(a, b))
                .unwrap_or(now_up.len());
            let rest_same = was_up
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != gone)
                .zip(&now_up)
                .all(|((_, a), b)| same_node(a, b));
            rest_same.then(|| before.left(gone as NodeIndex)).flatten()
        } else {
            None
        };
        let after: Rc<dyn Placement> = match updated {
            Some(Ok(p)) => Rc::from(p),
            Some(Err(e)) => return Some(Err(e)),
            None => match ring_core::build(&next_config, &specs) {
                Ok(p) => Rc::from(p),
                Err(e) => return Some(Err(e)),
            },
        };
        after.owning_ring()?;
        let before_labels: Vec<u32> = self.current.nodes.iter().map(|n| n.id.0).collect();
        let after_labels: Vec<u32> = now_up.iter().map(|n| n.id.0).collect();
        let keys = &self.keys.keys;
        let delta = ring_delta(
            before,
            &before_labels,
            after.as_ref(),
            &after_labels,
            keys,
            cache,
        )
        .ok()?;
        // Each key keeps its owner, renumbered, unless it moved.
        let index_after = |label: u32| {
            after_labels
                .iter()
                .position(|&a| a == label)
                .map(|i| i as NodeIndex)
        };
        let renumbered: Vec<NodeIndex> = before_labels
            .iter()
            .map(|&l| index_after(l).unwrap_or(NodeIndex::MAX))
            .collect();
        let unchanged = renumbered
            .iter()
            .enumerate()
            .all(|(i, &r)| r == i as NodeIndex);
        let mut owners: Vec<NodeIndex> = if unchanged {
            // A join: every node keeps its index.
            self.current.owners.clone()
        } else {
            self.current
                .owners
                .iter()
                .map(|&o| {
                    renumbered
                        .get(o as usize)
                        .copied()
                        .unwrap_or(NodeIndex::MAX)
                })
                .collect()
        };
        for (&key, &to) in delta.moves.moved_keys.iter().zip(&delta.moved_to) {
            *owners.get_mut(key)? = index_after(to)?;
        }
        if !unchanged && owners.contains(&NodeIndex::MAX) {
            // A key of a node that left was not among the moved ones: never, but placing
            // every key again is always right.
            return None;
        }
        let nodes = now_up.iter().map(|n| n.info()).collect();
        let placed = PlacedKeys {
            owners,
            positions: cache.positions(),
            cache: Some(Rc::clone(cache)),
            loads: Some(delta.loads_after(&self.current.loads, &before_labels, &after_labels)),
        };
        let snapshot =
            Snapshot::assemble(&next_config, next.kind, nodes, after, &next.keys, placed);
        Some(Ok((snapshot, delta.moves)))
    }

    fn with_keys(&self, keys: KeysToPlace, field: Field) -> Result<State, InputError> {
        // The same nodes: a slot table keeps every owner.
        let kept = self.slots_for(self);
        let previous = kept.as_ref().map(|(o, up)| (*o, up.as_slice()));
        let mut base = self.clone();
        base.pending = None;
        let mut plan = base
            .plan(previous, keys, None)
            .map_err(|e| InputError::placing(field, e))?;
        // Different keys cannot be compared one by one: there is no "what moved" to show.
        plan.next.change = None;
        plan.next.error = None;
        plan.next.version = self.version + 1;
        Ok(State::run_or_defer(&base, Job::new(plan)))
    }

    /// How the key being explained is placed, if there is one.
    pub fn explained(&self) -> Option<Explained> {
        let key = self.explain_key.trim();
        if key.is_empty() {
            return None;
        }
        let snap = &self.current;
        let placement = &snap.placement;
        let explanation = placement.explain(key);
        let position = placement.key_position(key);
        let owner_index = explanation.owner();
        let name = |i: u32| {
            snap.node(i)
                .map_or_else(|| format!("#{i}"), |n| isolate(&n.name).into_owned())
        };
        let fraction = snap.fraction(position);
        let hash = snap.config.effective_hash();
        let typed = key.to_string();
        let mut steps = Vec::new();
        match &explanation {
            Explanation::RingWalk {
                key_position,
                point,
                wrapped,
                owner,
            } => {
                steps.push(Msg::StepHashRing {
                    hash,
                    key: typed,
                    position: *key_position,
                    fraction,
                });
                if let Some(p) = snap.picture.ring_points().get(*point as usize) {
                    let distance = ring_distance(*key_position, p.position, snap.space_bits());
                    steps.push(Msg::StepWalk {
                        distance,
                        wrapped: *wrapped,
                        replica: p.replica,
                        owner: name(p.owner),
                        position: p.position,
                    });
                }
                steps.push(Msg::StepOwner { name: name(*owner) });
            }
            Explanation::BoundedWalk {
                key_position,
                visited,
                owner,
            } => {
                steps.push(Msg::StepHashRing {
                    hash,
                    key: typed,
                    position: *key_position,
                    fraction,
                });
                let points = snap.picture.ring_points();
                let walk: Vec<String> = visited
                    .iter()
                    .filter_map(|&i| points.get(i as usize))
                    .map(|p| format!("{} #{}", name(p.owner), p.replica))
                    .collect();
                if walk.len() > 1 {
                    steps.push(Msg::StepWalkPastFull { walk });
                } else {
                    steps.push(Msg::StepWalkFirst {
                        point: walk.join(""),
                    });
                }
                steps.push(Msg::StepOwner { name: name(*owner) });
            }
            Explanation::Modulo {
                hash: value,
                buckets,
                bucket,
            } => {
                steps.push(Msg::StepHash {
                    hash,
                    key: typed,
                    value: *value,
                });
                steps.push(Msg::StepModulo {
                    hash: *value,
                    buckets: *buckets,
                    bucket: *bucket,
                    name: name(*bucket),
                });
            }
            Explanation::TableEntry {
                hash: value,
                entry,
                owner,
            } => {
                steps.push(Msg::StepHash {
                    hash,
                    key: typed,
                    value: *value,
                });
                steps.push(Msg::StepTableEntry {
                    entry: *entry,
                    owner: name(*owner),
                });
            }
            Explanation::Jump {
                key: k,
                steps: path,
                owner,
            } => {
                steps.push(Msg::StepJumpSeed {
                    hash,
                    key: typed,
                    seed: *k,
                });
                steps.push(Msg::StepJumpPath { path: path.clone() });
                steps.push(Msg::StepJumpOwner {
                    bucket: *owner,
                    name: name(*owner),
                });
            }
            Explanation::Rendezvous { scores, owner } => {
                let scores = scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (name(i as u32), *s))
                    .collect();
                steps.push(Msg::StepScores { scores });
                steps.push(Msg::StepHighest { name: name(*owner) });
            }
        }
        Some(Explained {
            key: key.to_string(),
            position,
            fraction,
            owner: snap.node(owner_index).map(|n| n.id),
            explanation,
            steps,
        })
    }
}

/// The clockwise distance from `from` to `to` as a fraction of a `2^bits` space.
pub fn ring_distance(from: u64, to: u64, bits: u32) -> f64 {
    let space = 1u128 << bits.min(64);
    let d = (u128::from(to) + space - u128::from(from)) % space;
    d as f64 / space as f64
}

fn parse_weight(text: &str) -> Result<u32, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Msg::WeightEmpty);
    }
    match t.parse::<u64>() {
        // In range of u32: the core checks it and words the refusal.
        Ok(w) => u32::try_from(w).map_err(|_| Msg::WeightTooLarge { weight: w }),
        Err(_) => Err(Msg::WeightNotWhole {
            text: t.to_string(),
        }),
    }
}

/// A virtual-node count; empty means "the default" where `allow_default`.
fn parse_vnodes(text: &str, allow_default: bool) -> Result<Option<u32>, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return if allow_default {
            Ok(None)
        } else {
            Err(Msg::VnodesEmpty)
        };
    }
    match t.parse::<u64>() {
        Ok(v) => u32::try_from(v)
            .map(Some)
            .map_err(|_| Msg::VnodesTooMany { vnodes: v }),
        Err(_) => Err(Msg::VnodesNotWhole {
            text: t.to_string(),
        }),
    }
}

fn parse_count_param(text: &str, what: Quantity, min: u32, max: u32) -> Result<u32, Msg> {
    let t = text.trim();
    match t.parse::<u64>() {
        // The core checks the finer rules (Maglev's prime) and words them.
        Ok(v) if v >= u64::from(min) && v <= u64::from(max) => Ok(v as u32),
        Ok(value) => Err(Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        }),
        Err(_) if t.is_empty() => Err(Msg::ParamEmpty { what, min, max }),
        Err(_) => Err(Msg::ParamNotWhole {
            what,
            text: t.to_string(),
            min,
            max,
        }),
    }
}

fn parse_epsilon(text: &str) -> Result<f64, Msg> {
    let t = text.trim();
    match super::decimal::parse_f64(t) {
        // Checked here too, not only when bounded loads is built, so that a bad value is
        // refused where it was typed; the words are the core's.
        Some(e) if e > 0.0 && e <= ring_core::error::MAX_EPSILON => Ok(e),
        Some(e) => Err(Msg::Build(BuildError::BadEpsilon { epsilon: e })),
        None => Err(Msg::EpsilonNotNumber {
            text: t.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests;
