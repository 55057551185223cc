//! [`State::apply`]: the next state after one action, or why it was refused.

use std::rc::Rc;

use ring_core::error::validate_nodes;
use ring_core::metrics::Ideal;
use ring_core::{BuildError, NodeSpec};

use super::Change;
use super::{Action, Field, InputError, Node, NodeId, State};
use crate::model::display::isolate;
use crate::model::history::History;
use crate::model::job::{Compared, Job, KeysToPlace};
use crate::model::keys;
use crate::model::limits::{self, PlaceError};
use crate::model::message::{Msg, Ui};
use crate::model::number::{parse_count, parse_param, parse_seed, parse_vnodes, parse_weight};
use crate::model::palette;
use crate::model::server_list;
use crate::model::snapshot::Did;
use crate::model::tour;
use ring_core::registry::ParamRef;

/// The least movement when a node of `weight` joins (or comes back up), making `next`: its
/// weight share when the algorithm weighs nodes and the weights of the nodes up differ,
/// else 1/n.
fn joining_ideal(next: &State, weight: u32) -> Ideal {
    let up: Vec<u32> = next
        .nodes
        .iter()
        .filter(|n| !n.down)
        .map(|n| n.weight)
        .collect();
    if next.kind.spec().uses_weights && up.iter().any(|&w| w != weight) {
        let total: f64 = up.iter().map(|&w| f64::from(w)).sum();
        Ideal::ByWeight {
            share: f64::from(weight) / total,
        }
    } else {
        Ideal::Join {
            nodes_after: up.len() as u32,
        }
    }
}

/// Longest key accepted for explaining.
const MAX_EXPLAIN_BYTES: usize = limits::MAX_LOOKUP_KEY_BYTES;

impl State {
    /// This state with `error` recorded and nothing else changed.
    pub(crate) fn with_error(&self, error: impl Into<Rc<InputError>>) -> State {
        let mut s = self.clone();
        s.error = Some(error.into());
        s.version += 1;
        s
    }

    /// The next state after `action`, or why it was refused (the state is then unchanged).
    pub(crate) fn apply(&self, action: Action) -> Result<State, InputError> {
        let typed = match &action {
            Action::SetWeight(_, t)
            | Action::SetVnodes(_, t)
            | Action::SetDefaultVnodes(t)
            | Action::SetParam { text: t, .. }
            | Action::SetDrawn(t) => Some(t.clone()),
            _ => None,
        };
        match self.transition(action) {
            Ok(mut next) => {
                next.tasks = self.tasks.after(&next);
                // A step of the history carries its own; any other action may add one.
                if Rc::ptr_eq(&next.history, &self.history) {
                    next.history = self.history_after(&next);
                }
                Ok(next)
            }
            Err(mut e) => {
                e.text = typed;
                Err(e)
            }
        }
    }

    fn transition(&self, action: Action) -> Result<State, InputError> {
        match action {
            Action::ScriptPlayed(action) => {
                if self.script_at >= self.script.len() {
                    return Ok(self.clone());
                }
                let mut next = self.transition(*action)?;
                next.script_at = self.script_at + 1;
                Ok(next)
            }
            Action::SetPresent(on) => {
                let mut next = self.clone();
                next.present = on;
                next.version += 1;
                Ok(next)
            }
            Action::Undo => Ok(self.step(self.history.at.checked_sub(1))),
            Action::Redo => Ok(self.step(Some(self.history.at + 1))),
            Action::GoToStep(n) => Ok(self.step(Some(n))),
            Action::AddNode {
                name,
                weight,
                vnodes,
            } => self.add_node(&name, &weight, &vnodes),
            Action::RemoveNode(id) => self.remove_node(id),
            Action::ReplaceNodes(text) => self.replace_nodes(&text),
            Action::SetDown(id, down) => self.set_down(id, down),
            Action::SetWeight(id, text) => {
                let field = Field::NodeWeight(id);
                let weight = parse_weight(&text).map_err(|m| InputError::new(field, m))?;
                let (next, name) = self.edit_node(id, field, |n| n.weight = weight)?;
                let ideal = self.reweight_ideal(&next, id);
                let what = Did::WeightSet { name, weight };
                self.rebuild(next, what, ideal, &|_| field)
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
            Action::SetParam { param, text } => {
                let field = Field::Param(param);
                let value = parse_param(param, &text).map_err(|m| InputError::new(field, m))?;
                let mut next = self.clone();
                next.params = next.params.with(param, value);
                self.rebuild(next, Did::ParamSet { param, value }, Ideal::None, &|_| {
                    field
                })
            }
            Action::GenerateKeys { count, seed } => {
                let count = parse_count(&count).map_err(|m| InputError::new(Field::KeyCount, m))?;
                let seed = parse_seed(&seed).map_err(|m| InputError::new(Field::Seed, m))?;
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
            Action::SetAskFirst(on) => {
                let mut next = self.clone();
                next.ask_first = on;
                next.error = None;
                next.version += 1;
                Ok(next)
            }
            Action::CheckGuess(guess) => {
                let mut next = self.clone();
                next.guessed = self.change.as_ref().map(|c| (c.serial, guess.min(100)));
                next.version += 1;
                Ok(next)
            }
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
                if let Some(refused) = self.current.placement.refuses(key.trim()) {
                    return Err(InputError::new(
                        Field::Explain,
                        BuildError::KeyRefused {
                            algo: self.kind,
                            key: refused.key,
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
                next.views = Rc::clone(&self.views);
                // A reset is a step too: undo brings the lab back.
                next.history = Rc::clone(&self.history);
                next.script = Rc::clone(&self.script);
                next.present = self.present;
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
                // An address with a history brings its own (the browser went back to it);
                // one without keeps the steps made here.
                if next.history.states.is_empty() {
                    next.history = Rc::clone(&self.history);
                }
                next.error = None;
                // A restored state with many keys shows the first while placing them all.
                next.pending = state
                    .pending
                    .as_ref()
                    .and_then(|p| p.again(next.version))
                    .map(Rc::new);
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
                next.views = Rc::clone(&self.views);
                next.explain_key = self.explain_key.clone();
                next.script_at = self.script_at;
                next.present = self.present;
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
            Action::SetViewSetting(setting) => {
                let mut next = self.clone();
                next.views = Rc::new(self.views.with(setting));
                next.error = None;
                next.version += 1;
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
        let ideal = joining_ideal(&next, weight);
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
            ideal,
            &field,
        )
    }

    fn replace_nodes(&self, text: &str) -> Result<State, InputError> {
        let field = Field::ServerList;
        limits::check_paste(text).map_err(|r| InputError::refused(field, r))?;
        let pasted = server_list::parse(text).map_err(|m| InputError::new(field, m))?;
        let servers = pasted.servers;
        let mut next = self.clone();
        // A configuration only one system reads (a Varnish VCL) shows that system, with the
        // parameters it sets.
        let shown = self.kind.system();
        if let Some(&system) = pasted.systems.first() {
            if !shown.is_some_and(|s| pasted.systems.contains(&s)) {
                next.kind = system.algo();
            }
        }
        for (name, value) in pasted.params {
            // By the system's own name for it; the lab's parameters are the system's, in
            // order (`LabBuild::SystemWith`).
            let system = next.kind.system().map_or(&[][..], |s| s.spec().params);
            let index = system.iter().position(|p| p.name == name);
            if let Some(index) = index.filter(|&i| i < next.kind.spec().params.len()) {
                let param = ParamRef::new(next.kind, index as u8);
                let value = parse_param(param, &value.to_string())
                    .map_err(|m| InputError::new(field, m))?;
                next.params = next.params.with(param, value);
            }
        }
        next.nodes = Vec::with_capacity(servers.len());
        let mut taken = Vec::with_capacity(servers.len());
        for (i, s) in servers.iter().enumerate() {
            let slot = palette::free_slot(&taken);
            taken.push(slot);
            next.nodes.push(Node {
                id: NodeId(self.next_id.wrapping_add(i as u32)),
                name: s.name.clone(),
                weight: s.weight,
                vnodes: None,
                down: false,
                slot,
            });
        }
        next.next_id = self.next_id.wrapping_add(servers.len() as u32);
        let what = if next.kind == self.kind && pasted.systems.is_empty() {
            Did::NodesReplaced {
                count: servers.len(),
            }
        } else {
            Did::ConfigRead {
                count: servers.len(),
                kind: next.kind,
            }
        };
        self.rebuild(next, what, Ideal::None, &|_| field)
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
        let leaving = if down {
            Some(self.leaving(node, field)?)
        } else {
            None
        };
        let weight = node.weight;
        let name = isolate(&node.name).into_owned();
        let what = if down {
            Did::MarkedDown { name }
        } else {
            Did::MarkedUp { name }
        };
        let (next, _) = self.edit_node(id, field, |n| n.down = down)?;
        let ideal = leaving.unwrap_or_else(|| joining_ideal(&next, weight));
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

    /// The least movement when node `id`'s weight changes to its weight in `next`: how much
    /// its weight share changed, when the algorithm weighs nodes and the node is up.
    fn reweight_ideal(&self, next: &State, id: NodeId) -> Ideal {
        let share = |s: &State| {
            let up = || s.nodes.iter().filter(|n| !n.down);
            let total: f64 = up().map(|n| f64::from(n.weight)).sum();
            let own = up().find(|n| n.id == id).map(|n| f64::from(n.weight));
            own.map(|w| w / total)
        };
        match (self.kind.spec().uses_weights, share(self), share(next)) {
            (true, Some(before), Some(after)) => Ideal::ByWeight {
                share: (after - before).abs(),
            },
            _ => Ideal::None,
        }
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

    /// Step `n` of the history; nothing to undo or redo (`None`, or past the end) changes
    /// nothing and refuses nothing. The view and the teaching views' settings stay this
    /// state's; the change that led to the step is shown (and played) only when the step is
    /// the next one, as redo.
    fn step(&self, n: Option<usize>) -> State {
        let Some((n, history)) = n.and_then(|n| Some((n, self.history.at(n)?))) else {
            return self.clone();
        };
        let Some(target) = history.states.get(n) else {
            return self.clone();
        };
        let mut s = State::clone(target);
        s.history = Rc::new(history);
        s.version = self.version + 1;
        s.view = self.view;
        s.tour_step = self.tour_step;
        s.views = Rc::clone(&self.views);
        // The lecture's place goes with the lab (a step back is the script's Back); its
        // changes and the presenter mode stay.
        s.script = Rc::clone(&self.script);
        s.present = self.present;
        if n != self.history.at + 1 {
            s.change = None;
        }
        s
    }

    /// The change that made step `n` of the history, if it was one: not a change an
    /// earlier step made and this one still shows (a new count of drawn keys, say).
    pub(crate) fn step_change(&self, n: usize) -> Option<&Change> {
        let states = &self.history.states;
        let change = states.get(n)?.change.as_ref()?;
        let earlier = n.checked_sub(1).and_then(|p| states[p].change.as_ref());
        (earlier.map(|c| c.serial) != Some(change.serial)).then_some(change)
    }

    /// This state as history keeps it: without a history of its own, refusal or job.
    fn kept(&self) -> Rc<State> {
        let mut kept = self.clone();
        kept.history = Rc::default();
        kept.error = None;
        kept.pending = None;
        Rc::new(kept)
    }

    /// The history after this state became `next`: one step more when the placement or
    /// the keys changed (a refused input, a new view or an explained key are no step).
    fn history_after(&self, next: &State) -> Rc<History<State>> {
        if Rc::ptr_eq(&self.current, &next.current) || next.pending.is_some() {
            return Rc::clone(&self.history);
        }
        Rc::new(self.history.then(|| self.kept(), next.kept()))
    }

    /// This state as the one before a change: without its own change, refusal or job.
    fn as_prior(&self) -> State {
        State {
            change: None,
            error: None,
            pending: None,
            ..self.clone()
        }
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
                Rc::new(self.as_prior()),
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
            prior: Rc::new(self.as_prior()),
            what,
            ideal,
        };
        let keys = KeysToPlace::Given(next.keys.clone());
        let mut plan = next
            .plan(previous, keys, Some(compared))
            .map_err(|e| match e {
                PlaceError::Core(e) => refuse(e),
                // A limit on the cluster as a whole: shown where its node-list problems are.
                PlaceError::Limit(r) => InputError::refused(field(&BuildError::NoNodes), r),
            })?;
        plan.building = plan.building.map(|build| self.reusing_ring(build));
        Ok(State::run_or_defer(self, Job::new(plan)))
    }
}
