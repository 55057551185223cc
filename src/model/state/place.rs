//! Placing a state's keys: the first state, a state settled from its fields (a link, a
//! stored state), and the plan of the job that builds the placement, run at once or, when
//! large, in slices while the page shows the state before it.

use std::rc::Rc;

use ring_core::error::validate_nodes;
use ring_core::ring::RingBuild;
use ring_core::{BuildError, Config, NodeSpec, Placement};

use super::{Action, Field, InputError, KeySet, KeySource, Node, NodeId, State};
use crate::model::algo::AlgoParams;
use crate::model::defaults;
use crate::model::job::{self, Compared, Job, JobPlan, KeysToPlace};
use crate::model::keys;
use crate::model::limits::{self, PlaceError};
use crate::model::snapshot::Snapshot;
use crate::model::{bucket_keep, slot_keep};

/// Ring points above which a virtual-node or single-point ring is built in a job's steps
/// rather than inside the action: about 20 ms in the browser (a million take about 70 ms).
const SYNC_RING_POINTS: u64 = 250_000;

/// The resumable build of the ring `config` describes over `specs`, when it is a ring
/// that is its own placement (virtual nodes, one point per node, Envoy's ring) of more
/// than [`SYNC_RING_POINTS`] points; `None` for everything else (built at once by
/// `ring_core::build`). The same checks as `build`, first; a build allocates nothing
/// before its first step, so asking costs only the count.
pub(super) fn large_ring_build(
    config: &Config,
    specs: &[NodeSpec],
) -> Result<Option<RingBuild>, BuildError> {
    let Some(build) = ring_build(config, specs) else {
        return Ok(None);
    };
    let ring = build?;
    Ok((ring.point_count() > SYNC_RING_POINTS).then_some(ring))
}

/// The build of the ring `config` describes over `specs`, when that ring is its own
/// placement; `None` for everything else.
fn ring_build(config: &Config, specs: &[NodeSpec]) -> Option<Result<RingBuild, BuildError>> {
    let spec = config.algorithm.spec();
    match spec.shares_ring {
        Some(build) if spec.ring_is_placement => Some(build(config, specs)),
        _ => None,
    }
}

impl State {
    /// `build`, of the next state's ring, made from this state's ring where the two share
    /// points ([`RingBuild::reuse`]): a join or a leave on Envoy's ring changes every
    /// host's count, so it is built again, but each host keeps its first points. As it is
    /// when this state has a job of its own under way, or another kind of placement.
    pub(super) fn reusing_ring(&self, mut build: RingBuild) -> RingBuild {
        let ring = self.current.placement.owning_ring();
        if let (Some(ring), None) = (ring, &self.pending) {
            let up: Vec<NodeSpec> = self
                .nodes
                .iter()
                .filter(|n| !n.down)
                .map(Node::spec)
                .collect();
            if let Some(Ok(earlier)) = ring_build(&self.current.config, &up) {
                build.reuse(&earlier, ring);
            }
        }
        build
    }
}

impl State {
    /// The first state: four caches on a virtual-node ring, 16 points each, 10,000 keys.
    pub fn initial() -> Result<State, BuildError> {
        let nodes: Vec<Node> = defaults::NODES
            .iter()
            .enumerate()
            .map(|(i, name)| Node {
                id: NodeId(i as u32),
                name: (*name).to_string(),
                weight: defaults::WEIGHT,
                vnodes: None,
                down: false,
                slot: i as u8,
            })
            .collect();
        let keys = KeySet::new(
            KeySource::Generated {
                count: defaults::KEYS,
                seed: defaults::SEED,
            },
            keys::generate(defaults::KEYS, defaults::SEED),
        );
        let kind = defaults::KIND;
        let params = AlgoParams::default();
        let hash = defaults::HASH;
        let config = Config {
            algorithm: params.algorithm(kind),
            hash,
            default_vnodes: defaults::VNODES,
        };
        let infos = nodes.iter().map(Node::info).collect();
        let specs: Vec<NodeSpec> = nodes.iter().map(Node::spec).collect();
        // The keys are placed once, by the job below; this snapshot only stands until then.
        let unplaced = KeySet::new(keys.source.clone(), Vec::new());
        let current = Snapshot::build(&config, kind, infos, &specs, &unplaced)?;
        let state = State {
            next_id: nodes.len() as u32,
            nodes,
            kind,
            params,
            hash,
            default_vnodes: defaults::VNODES,
            keys,
            current: Rc::new(current),
            change: None,
            explain_key: String::new(),
            ask_first: false,
            guessed: None,
            tasks: Default::default(),
            error: None,
            version: 0,
            view: defaults::VIEW,
            tour_step: defaults::TOUR_STEP,
            views: Rc::default(),
            slot_owners: None,
            pending: None,
            history: Rc::default(),
            script: Rc::default(),
            script_at: 0,
            present: false,
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

    /// This state with its placement built again from its fields (nodes, algorithm, the
    /// slot owners it keeps) and `keys` in place of its own: for a state assembled from a
    /// shared link or a saved state. No change is recorded; the next new node's id follows
    /// the largest id. Up to [`job::SYNC_KEYS`] keys are placed at once. With more, the page would open only after placing all of
    /// them (half a second for a million), so the first [`job::SYNC_KEYS`] are placed at
    /// once and shown while a pending job places them all, as after any other change.
    pub(crate) fn settled_with(mut self, keys: KeysToPlace) -> Result<State, PlaceError> {
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
        shown.pending = Some(Rc::new(Job::new(plan).pending(shown.version)));
        Ok(shown)
    }

    /// The work of placing `keys` on this state's nodes that are up; the job finishes
    /// this state with its placement (and the change from `compared`, if given). The slot
    /// table starts from `previous` (its owners by id and the ids that were up) when given,
    /// so that a join or a leave moves only that node's slots; every other algorithm is
    /// built afresh.
    pub(in crate::model) fn plan(
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
        let slots = self.params.slots(self.kind);
        let placement: Option<Rc<dyn Placement>> = if let Some(slots) = slots {
            let specs: Vec<(NodeId, NodeSpec)> = up.iter().map(|n| (n.id, n.spec())).collect();
            let hash = config.effective_hash();
            let (table, owners) =
                slot_keep::next_table(previous, &specs, hash, slots).map_err(PlaceError::Core)?;
            next.slot_owners = Some(Rc::new(owners));
            Some(Rc::new(table))
        } else if let Some(kept) = self.kept_buckets(&config, &up) {
            next.slot_owners = None;
            Some(Rc::new(kept.map_err(PlaceError::Core)?))
        } else {
            let specs: Vec<NodeSpec> = up.iter().map(|n| n.spec()).collect();
            next.slot_owners = None;
            building = large_ring_build(&config, &specs)?;
            match building {
                Some(_) => None,
                None => Some(Rc::from(ring_core::build(&config, &specs)?)),
            }
        };
        if let (Some(placement), true) = (&placement, self.kind.is_system()) {
            if let Some(refused) = keys.refused_by(placement.as_ref()) {
                return Err(PlaceError::Core(BuildError::KeyRefused {
                    algo: self.kind,
                    key: refused,
                }));
            }
        }
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

    /// The placement of AnchorHash, DxHash or MementoHash over the nodes `up`, from the
    /// engine of the current snapshot when it is the same algorithm, parameters and hash
    /// and one node joined or left (see [`bucket_keep`]); `None`: build afresh.
    fn kept_buckets(
        &self,
        config: &Config,
        up: &[&Node],
    ) -> Option<Result<ring_core::bucket_placement::BucketPlacement, BuildError>> {
        let snap = &self.current;
        let same = snap.kind == self.kind
            && snap.config.algorithm == config.algorithm
            && snap.config.effective_hash() == config.effective_hash();
        let previous = snap.placement.as_buckets().filter(|_| same)?;
        let was_up: Vec<NodeId> = snap.nodes.iter().map(|n| n.id).collect();
        let now_up: Vec<NodeId> = up.iter().map(|n| n.id).collect();
        bucket_keep::next_placement(previous, &was_up, &now_up)
    }

    /// The state `job` makes, run at once; or, while it places more than
    /// [`job::SYNC_KEYS`] keys or builds a large ring, `shown` with the job pending (the page runs it in slices and
    /// then shows its state).
    pub(super) fn run_or_defer(shown: &State, job: Job) -> State {
        if !job.is_large() {
            return job.run();
        }
        let mut waiting = shown.clone();
        waiting.version = shown.version + 1;
        waiting.error = None;
        waiting.pending = Some(Rc::new(job.pending(waiting.version)));
        waiting
    }

    /// The slot owners `next` may start from: this state's, if both are the same algorithm
    /// that hands its slots over, with the same slot count.
    pub(in crate::model) fn slots_for(&self, next: &State) -> Option<(&[NodeId], Vec<NodeId>)> {
        let slots = self.params.slots(self.kind);
        let same =
            self.kind == next.kind && slots.is_some() && slots == next.params.slots(next.kind);
        let owners = self.slot_owners.as_deref().filter(|_| same)?;
        let was_up = self.current.nodes.iter().map(|n| n.id).collect();
        Some((owners.as_slice(), was_up))
    }

    pub(super) fn with_keys(&self, keys: KeysToPlace, field: Field) -> Result<State, InputError> {
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

    /// This state with only its first `n` keys (all of them if it has no more), placed at
    /// once: what the Compare view works on. Generated keys stay generated: the first `n`
    /// keys of a seed are the `n` keys of that seed.
    pub(crate) fn with_first_keys(&self, n: usize) -> Result<State, InputError> {
        if self.keys.len() <= n {
            return Ok(self.clone());
        }
        let set = self.keys.first(n);
        let next = self.with_keys(KeysToPlace::Given(set), Field::KeyCount)?;
        Ok(next.run_pending())
    }

    /// This state with its pending job, if any, run to the end and shown: what the page
    /// does between frames, at once.
    pub(crate) fn run_pending(&self) -> State {
        let Some(pending) = &self.pending else {
            return self.clone();
        };
        let Some(job) = pending.take() else {
            return self.clone();
        };
        let done = Action::JobDone {
            serial: pending.serial,
            state: Rc::new(job.into_state()),
        };
        self.apply(done).unwrap_or_else(|_| self.clone())
    }
}
