//! Placing keys a slice at a time, so that a million keys never freeze the page.
//!
//! A change that is not a join or a leave on a ring (those take the delta path in
//! [`State::apply`], which re-examines only the keys in the arcs that changed) places every
//! key again: make the keys (if new ones were asked for), hash and place them, sort their
//! positions for the next delta, and compare the owners with the ones before. A [`Job`]
//! does that work in steps of a given number of keys and can stop between any two. With at
//! most [`SYNC_KEYS`] keys `State::apply` runs the job to the end at once; with more it
//! returns the state it came from with the job [`Pending`], and an effect runs the job in
//! slices between frames behind a progress bar (`effects::use_job`), then hands the
//! finished state back with `Action::JobDone`. The slices are plain computation: the job
//! itself neither reads clocks nor schedules anything, so it runs the same natively and in
//! tests.

use std::fmt;
use std::rc::Rc;

use ring_core::delta::KeyPositions;
use ring_core::metrics::{Ideal, Moves, MovesBuilder};
use ring_core::ring::RingBuild;
use ring_core::{Config, NodeIndex, Placement};

use super::algo::AlgoId;
use super::keys::{self, KeyGenerator};
use super::snapshot::{Did, NodeInfo, PlacedKeys, Snapshot};
use super::state::{Change, KeySet, KeySource, Pending, Resumable, State};

/// Most keys a change places at once, inside the action. Measured in the release build in
/// Chromium on the two-core test machine: re-placing 50,000 keys takes 5 to 9 ms.
pub(crate) const SYNC_KEYS: usize = 50_000;

/// Keys a step should be given: small enough that the slice that runs steps for 8 ms does
/// not overrun by much (making 4,096 keys takes about 3 ms in the release build, placing
/// them well under 1 ms).
pub(crate) const STEP_KEYS: usize = 4_096;

/// Keys sorted at once before the sorted runs are merged.
const SORT_RUN: usize = 16_384;

/// What the job was started for: the new keys to make, if any.
pub(crate) enum KeysToPlace {
    /// The keys of the state the job finishes.
    Given(KeySet),
    /// `count` keys to generate from `seed` first.
    Generate {
        /// How many.
        count: u32,
        /// The seed.
        seed: u64,
        /// How many of them to draw at most ([`KeySet::drawn`]).
        drawn: u32,
    },
    /// The `count` keys of pasted text (checked by `keys::check_pasted`), to make first.
    Paste {
        /// The text.
        text: Rc<str>,
        /// How many keys it holds.
        count: usize,
        /// How many of them to draw at most ([`KeySet::drawn`]).
        drawn: u32,
    },
}

impl KeysToPlace {
    /// The first of these keys `placement` cannot take (a real system's refusal), if any.
    /// Generated keys (`user:1:abc`) are ones every system takes.
    pub(crate) fn refused_by(&self, placement: &dyn Placement) -> Option<String> {
        match self {
            KeysToPlace::Given(set) => set.keys.iter().find_map(|k| placement.refuses(k)),
            KeysToPlace::Generate { .. } => None,
            KeysToPlace::Paste { text, count, .. } => {
                let mut keys = Vec::with_capacity(*count);
                keys::parse_pasted_part(text, 0, *count, &mut keys);
                keys.iter().find_map(|k| placement.refuses(k))
            }
        }
        .map(|refused| refused.key)
    }

    /// How many keys.
    pub(crate) fn len(&self) -> usize {
        match self {
            KeysToPlace::Given(set) => set.len(),
            KeysToPlace::Generate { count, .. } => *count as usize,
            KeysToPlace::Paste { count, .. } => *count,
        }
    }

    /// The first `n` of these keys (all of them if there are no more).
    pub(crate) fn first(&self, n: usize) -> KeysToPlace {
        match self {
            KeysToPlace::Given(set) => KeysToPlace::Given(set.first(n)),
            KeysToPlace::Generate { count, seed, drawn } => KeysToPlace::Generate {
                count: (*count).min(u32::try_from(n).unwrap_or(u32::MAX)),
                seed: *seed,
                drawn: *drawn,
            },
            KeysToPlace::Paste { text, drawn, .. } => {
                let mut first = Vec::new();
                keys::parse_pasted_part(text, 0, n, &mut first);
                KeysToPlace::Given(KeySet::new(KeySource::Pasted, first).with_drawn(*drawn))
            }
        }
    }
}

/// What a change is compared against, so that its moved keys can be shown.
pub(crate) struct Compared {
    /// The state before (see [`Change::prior`]).
    pub(crate) prior: Rc<State>,
    /// What was done.
    pub(crate) what: Did,
    /// The least movement possible.
    pub(crate) ideal: Ideal,
}

/// Everything a job needs that was decided when it started.
pub(crate) struct JobPlan {
    /// The state to show when the keys are placed: all but its placement and change.
    pub(crate) next: State,
    /// The configuration of the placement.
    pub(crate) config: Config,
    /// The algorithm as the menu names it.
    pub(crate) kind: AlgoId,
    /// The nodes that are up, in the placement's index order.
    pub(crate) nodes: Vec<NodeInfo>,
    /// The placement, already built; or, for a large ring, `None` while `building` makes it.
    pub(crate) placement: Option<Rc<dyn Placement>>,
    /// A ring too large to build inside one frame (a million points take about 70 ms in the
    /// browser), built in the job's first steps.
    pub(crate) building: Option<RingBuild>,
    /// The keys.
    pub(crate) keys: KeysToPlace,
    /// The change to record, when the keys stay the same.
    pub(crate) compared: Option<Compared>,
}

enum Phase {
    Build,
    Generate(KeyGenerator),
    /// Pasted keys made from the text, from this byte on.
    Parse(usize),
    Place,
    Sort(SlicedSort),
    Compare(MovesBuilder),
    Finished,
}

/// The resumable work of placing every key (see the module's documentation).
pub(crate) struct Job {
    plan: JobPlan,
    phase: Phase,
    /// The phase that follows the ring's build.
    after_build: Option<Phase>,
    made: Vec<String>,
    keys: Rc<Vec<String>>,
    positions: Vec<u64>,
    owners: Vec<NodeIndex>,
    cache: Option<KeyPositions>,
    moves: Option<Moves>,
    done: u64,
    total: u64,
}

impl fmt::Debug for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Job")
            .field("done", &self.done)
            .field("total", &self.total)
            .finish_non_exhaustive()
    }
}

impl Job {
    /// A job that has done nothing yet.
    pub(crate) fn new(plan: JobPlan) -> Job {
        let (phase, keys, count) = match &plan.keys {
            KeysToPlace::Given(set) => (Phase::Place, set.keys.clone(), set.len()),
            KeysToPlace::Generate { count, seed, .. } => (
                Phase::Generate(KeyGenerator::new(*count, *seed)),
                Rc::new(Vec::new()),
                *count as usize,
            ),
            KeysToPlace::Paste { count, .. } => (Phase::Parse(0), Rc::new(Vec::new()), *count),
        };
        let n = count as u64;
        // Units of work, one per key and pass: make, place, sort (runs, then each merge
        // pass), compare. Only for the progress bar.
        let making = if matches!(phase, Phase::Generate(_) | Phase::Parse(_)) {
            n
        } else {
            0
        };
        let building = plan.building.as_ref().map_or(0, |b| b.progress().1);
        let ring = plan.building.is_some()
            || plan
                .placement
                .as_ref()
                .is_some_and(|p| p.owning_ring().is_some());
        let sorting = if ring {
            n * (1 + merge_passes(count))
        } else {
            0
        };
        let comparing = if plan.compared.is_some() { n } else { 0 };
        // A ring still to build comes first; the keys' work follows it.
        let (phase, after_build) = if plan.building.is_some() {
            (Phase::Build, Some(phase))
        } else {
            (phase, None)
        };
        Job {
            made: Vec::new(),
            positions: Vec::with_capacity(count),
            owners: Vec::with_capacity(count),
            cache: None,
            moves: None,
            done: 0,
            total: building + making + n + sorting + comparing,
            phase,
            after_build,
            plan,
            keys,
        }
    }

    /// Whether the job is too much to run inside one action: many keys, or a large ring.
    pub(crate) fn is_large(&self) -> bool {
        self.key_count() > SYNC_KEYS || self.plan.building.is_some()
    }

    /// The placement, its build finished at once if it was not yet.
    fn placement(&mut self) -> Option<Rc<dyn Placement>> {
        if let Some(build) = self.plan.building.take() {
            self.plan.placement = build.finish().ok().map(|r| Rc::new(r) as Rc<dyn Placement>);
        }
        self.plan.placement.clone()
    }

    /// How many keys the job places.
    pub(crate) fn key_count(&self) -> usize {
        self.plan.keys.len()
    }

    /// Units of work done and in all (for a progress bar; the units are not time).
    pub(crate) fn progress(&self) -> (u64, u64) {
        (self.done.min(self.total), self.total)
    }

    /// Whether all the work is done.
    pub(crate) fn finished(&self) -> bool {
        matches!(self.phase, Phase::Finished)
    }

    /// Does about `keys` keys' worth of the next part of the work (at least one unit).
    /// Returns whether the job is finished.
    pub(crate) fn step(&mut self, keys: usize) -> bool {
        let keys = keys.max(1);
        let phase = std::mem::replace(&mut self.phase, Phase::Finished);
        self.phase = match phase {
            Phase::Build => {
                let finished = match self.plan.building.as_mut() {
                    Some(build) => {
                        let (before, _) = build.progress();
                        let finished = build.step(keys);
                        self.done += build.progress().0.saturating_sub(before);
                        finished
                    }
                    None => true,
                };
                if finished {
                    self.placement();
                    self.after_build.take().unwrap_or(Phase::Place)
                } else {
                    Phase::Build
                }
            }
            Phase::Generate(mut generator) => {
                let made = generator.fill(&mut self.made, u32::try_from(keys).unwrap_or(u32::MAX));
                self.done += u64::from(made);
                if generator.done() {
                    self.keys = Rc::new(std::mem::take(&mut self.made));
                    Phase::Place
                } else {
                    Phase::Generate(generator)
                }
            }
            Phase::Parse(offset) => {
                let before = self.made.len();
                let (offset, end) = match &self.plan.keys {
                    KeysToPlace::Paste { text, .. } => (
                        keys::parse_pasted_part(text, offset, keys, &mut self.made),
                        text.len(),
                    ),
                    _ => (0, 0),
                };
                self.done += (self.made.len() - before) as u64;
                if offset >= end {
                    self.keys = Rc::new(std::mem::take(&mut self.made));
                    Phase::Place
                } else {
                    Phase::Parse(offset)
                }
            }
            Phase::Place => self.place(keys),
            Phase::Sort(mut sort) => {
                self.done += sort.step(&self.positions, keys) as u64;
                if sort.finished() {
                    // The cache keeps the positions; the snapshot reads them from there.
                    let positions = std::mem::take(&mut self.positions);
                    self.cache = KeyPositions::from_sorted(positions, sort.into_sorted());
                    self.after_sort()
                } else {
                    Phase::Sort(sort)
                }
            }
            Phase::Compare(mut builder) => {
                let from = builder.compared();
                self.compare(&mut builder, keys);
                if builder.compared() >= self.owners.len() {
                    self.moves = Some(builder.finish());
                    Phase::Finished
                } else if builder.compared() == from {
                    // Nothing could be compared (never, for equal key counts): no change
                    // is recorded rather than looping.
                    Phase::Finished
                } else {
                    Phase::Compare(builder)
                }
            }
            Phase::Finished => Phase::Finished,
        };
        self.finished()
    }

    fn place(&mut self, keys: usize) -> Phase {
        let all = self.keys.len();
        let Some(placement) = self.placement() else {
            // A ring the core refused after all (its build checks everything first, so
            // never): nothing to place on.
            return Phase::Finished;
        };
        if self.plan.kind.spec().places_together {
            // Bounded loads caps each node by the keys placed before: its owners depend on
            // every earlier key, so they are found in one go.
            self.positions = placement.key_positions(&self.keys);
            self.owners = placement.assign_positions(&self.keys, &self.positions);
            self.done += all as u64;
        } else {
            let from = self.owners.len();
            let to = from.saturating_add(keys).min(all);
            if let Some(part) = self.keys.get(from..to) {
                let positions = placement.key_positions(part);
                self.owners
                    .extend(placement.assign_positions(part, &positions));
                self.positions.extend(positions);
            }
            self.done += (to - from) as u64;
            if to < all {
                return Phase::Place;
            }
        }
        if placement.owning_ring().is_some() {
            Phase::Sort(SlicedSort::new(self.positions.len()))
        } else {
            self.after_sort()
        }
    }

    fn after_sort(&self) -> Phase {
        // Different keys cannot be compared one by one: there is no "what moved" to show.
        let comparable = self
            .plan
            .compared
            .as_ref()
            .is_some_and(|c| c.prior.current.owners.len() == self.owners.len());
        if comparable {
            Phase::Compare(MovesBuilder::default())
        } else {
            Phase::Finished
        }
    }

    fn compare(&mut self, builder: &mut MovesBuilder, keys: usize) {
        let Some(compared) = &self.plan.compared else {
            return;
        };
        let before = &compared.prior.current;
        let from = builder.compared();
        let to = from.saturating_add(keys).min(self.owners.len());
        let labels = |snapshot_nodes: &[NodeInfo], owners: &[NodeIndex]| -> Vec<u32> {
            owners
                .iter()
                .map(|&o| snapshot_nodes.get(o as usize).map_or(u32::MAX, |n| n.id.0))
                .collect()
        };
        let (Some(old), Some(new)) = (before.owners.get(from..to), self.owners.get(from..to))
        else {
            return;
        };
        let old = labels(&before.nodes, old);
        let new = labels(&self.plan.nodes, new);
        if builder.extend(&old, &new).is_ok() {
            self.done += (to - from) as u64;
        }
    }

    /// Runs the job to the end.
    pub(crate) fn run(self) -> State {
        self.into_state()
    }

    /// The finished state (the rest of the work is done first if there is any).
    pub(crate) fn into_state(mut self) -> State {
        while !self.finished() {
            self.step(usize::MAX / 2);
        }
        let placement = self.placement();
        let plan = self.plan;
        let Some(placement) = placement else {
            // Never: a ring build checks everything before its first step. The state
            // asked for, with the placement shown before, rather than a panic.
            return plan.next;
        };
        let set = match plan.keys {
            KeysToPlace::Given(set) => set,
            KeysToPlace::Generate { count, seed, drawn } => {
                KeySet::from_shared(KeySource::Generated { count, seed }, self.keys)
                    .with_drawn(drawn)
            }
            KeysToPlace::Paste { drawn, .. } => {
                KeySet::from_shared(KeySource::Pasted, self.keys).with_drawn(drawn)
            }
        };
        let cache = self.cache.map(Rc::new);
        let positions = match &cache {
            Some(c) => c.positions(),
            None => &self.positions,
        };
        let placed = PlacedKeys {
            owners: self.owners,
            positions,
            cache: cache.clone(),
            loads: None,
        };
        let snapshot =
            Snapshot::assemble(&plan.config, plan.kind, plan.nodes, placement, &set, placed);
        let mut next = plan.next;
        next.change = match (plan.compared, self.moves) {
            (Some(c), Some(moves)) => Some(Rc::new(Change::from_moves(
                c.prior,
                &snapshot,
                &set,
                c.what,
                c.ideal,
                next.version,
                moves,
            ))),
            _ => None,
        };
        next.keys = set;
        next.current = Rc::new(snapshot);
        next
    }
}

/// The number of merge passes after sorting runs of [`SORT_RUN`] keys.
fn merge_passes(count: usize) -> u64 {
    let mut passes = 0;
    let mut run = SORT_RUN;
    while run < count {
        run = run.saturating_mul(2);
        passes += 1;
    }
    passes
}

/// A bottom-up merge sort done a few thousand entries at a time: runs of [`SORT_RUN`] are
/// sorted first, then merged in pairs, pass after pass; a merge can stop anywhere.
struct SlicedSort {
    /// How many entries in all.
    len: usize,
    data: Vec<(u64, usize)>,
    spare: Vec<(u64, usize)>,
    /// The width of the sorted runs; 0 while the first runs are being sorted.
    run: usize,
    /// Where the current pass has got to: the start of the next run or pair of runs.
    next: usize,
    /// Within a merge: the next entries of the left and right runs, and of the output.
    merging: Option<(usize, usize, usize)>,
}

impl SlicedSort {
    /// A sort of every `(positions[i], i)`, which [`SlicedSort::step`] is given.
    fn new(len: usize) -> SlicedSort {
        SlicedSort {
            len,
            data: Vec::with_capacity(len),
            spare: Vec::new(),
            run: 0,
            next: 0,
            merging: None,
        }
    }

    fn finished(&self) -> bool {
        (self.run > 0 && self.run >= self.len) || self.len == 0
    }

    /// Sorts or merges about `units` entries (a first run is sorted whole); returns how many.
    /// `positions` must be the same every time.
    fn step(&mut self, positions: &[u64], units: usize) -> usize {
        let len = self.len;
        let mut worked = 0;
        while worked < units && !self.finished() {
            if self.run == 0 {
                let to = self.next.saturating_add(SORT_RUN).min(len);
                let run = positions.get(self.next..to).unwrap_or_default();
                let first = self.next;
                self.data
                    .extend(run.iter().enumerate().map(|(i, &p)| (p, first + i)));
                if let Some(part) = self.data.get_mut(self.next..to) {
                    // The core's sort of these pairs: one copy of it in the wasm.
                    ring_core::metrics::sort_indexed(part);
                }
                worked += to - self.next;
                self.next = to;
                if self.next >= len {
                    self.run = SORT_RUN;
                    self.next = 0;
                }
                continue;
            }
            if self.next == 0 && self.merging.is_none() {
                // A new pass writes the spare buffer from its start, in order.
                self.spare.clear();
                self.spare.reserve(len);
            }
            let mid = self.next.saturating_add(self.run).min(len);
            let end = mid.saturating_add(self.run).min(len);
            let (mut left, mut right, mut out) =
                self.merging.unwrap_or((self.next, mid, self.next));
            let begin = out;
            let stop = out.saturating_add(units - worked).min(end);
            while out < stop {
                let l = self.data.get(left).filter(|_| left < mid);
                let r = self.data.get(right).filter(|_| right < end);
                let take = match (l, r) {
                    (Some(l), Some(r)) if l <= r => {
                        left += 1;
                        *l
                    }
                    (Some(l), None) => {
                        left += 1;
                        *l
                    }
                    (_, Some(r)) => {
                        right += 1;
                        *r
                    }
                    (None, None) => break,
                };
                self.spare.push(take);
                out += 1;
            }
            worked += (out - begin).max(1);
            if out < end {
                self.merging = Some((left, right, out));
                continue;
            }
            self.merging = None;
            self.next = end;
            if self.next >= len {
                std::mem::swap(&mut self.data, &mut self.spare);
                self.run = self.run.saturating_mul(2);
                self.next = 0;
            }
        }
        worked
    }

    fn into_sorted(self) -> Vec<(u64, usize)> {
        self.data
    }
}

impl Job {
    /// This job, waiting under `serial` in the state that shows its progress bar.
    pub(crate) fn pending(self, serial: u64) -> Pending {
        let keys = self.key_count();
        let ring_points = self
            .plan
            .building
            .as_ref()
            .map_or(0, RingBuild::point_count);
        Pending::new(serial, keys, ring_points, Box::new(self))
    }
}

impl Resumable for Job {
    fn step(&mut self, keys: usize) -> bool {
        Job::step(self, keys)
    }

    fn progress(&self) -> (u64, u64) {
        Job::progress(self)
    }

    fn into_state(self: Box<Self>) -> State {
        Job::into_state(*self)
    }
}

#[cfg(test)]
mod tests;
