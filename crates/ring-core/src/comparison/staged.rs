//! A [`Row`] computed in steps of bounded work, so that a page can fill the comparison
//! table between its frames: [`RowBuild::step`] places at most about `work` keys, or
//! builds one placement, per call.
//!
//! The steps are [`row`](super::row)'s passes in its order: the full placement, its keys'
//! owners, the keyed balance (from those owners, or sampled), the key space (exact shares,
//! or sampled keys), then each removal and its restore. Keys are placed in runs, which is
//! the same as placing them at once (every algorithm places a key by itself, but bounded
//! loads, whose keys are placed all together in one step), and the samples draw from the
//! same generators in the same order, so every figure but the times is [`row`]'s (tested).
//! A placement is built in one step: the caller bounds the node count.

use super::{
    change_keys, check_work, keys_of, nodes, refusal, removal_count, removed_nodes,
    shares_are_exact, step, Change, ComparisonError, KeySpace, Order, Outcome, Row, Spread,
    KEYS_PER_NODE, REMOVED_PERCENTS, SAMPLED_SHARE_KEYS,
};
use crate::error::BuildError;
use crate::keys::{key_from, SplitMix64};
use crate::metrics::{loads, Balance};
use crate::placement::{build, Config, NodeIndex, NodeSpec, Placement};

use super::Clock;

/// Keys placed in one call at most, whatever the work asked: keys for a sample are made
/// a run at a time, so that a million never live at once.
const MOST_KEYS: u64 = 1 << 16;

/// The owners of keys being placed a run at a time.
struct Placing {
    owners: Vec<NodeIndex>,
    /// Nanoseconds spent placing, on the caller's clock.
    ns: u64,
}

impl Placing {
    fn new() -> Placing {
        Placing {
            owners: Vec::new(),
            ns: 0,
        }
    }

    /// Places up to `work` more of `keys` (all of them when `together`); whether all are.
    fn advance(
        &mut self,
        placement: &dyn Placement,
        keys: &[String],
        labels: &[NodeIndex],
        work: u64,
        together: bool,
        clock: &mut Clock<'_>,
    ) -> bool {
        let from = self.owners.len().min(keys.len());
        let to = if together {
            keys.len()
        } else {
            let run = usize::try_from(work.clamp(1, MOST_KEYS)).unwrap_or(1);
            keys.len().min(from + run)
        };
        let start = clock();
        let placed = placement.assign(keys.get(from..to).unwrap_or_default());
        self.ns += clock().saturating_sub(start);
        self.owners.extend(
            placed
                .into_iter()
                .map(|o| labels.get(o as usize).copied().unwrap_or(o)),
        );
        self.owners.len() >= keys.len()
    }

    /// Time per key placed.
    fn per_key(&self) -> f64 {
        self.ns as f64 / self.owners.len().max(1) as f64
    }
}

/// Loads of keys drawn from a generator, a run at a time.
pub(super) struct Sample {
    rng: SplitMix64,
    seed: u64,
    left: u64,
    count: u64,
    pub(super) totals: Vec<u64>,
}

impl Sample {
    pub(super) fn new(count: u64, seed: u64, n: u32) -> Sample {
        Sample {
            rng: SplitMix64::new(seed),
            seed,
            left: count,
            count,
            totals: vec![0; n as usize],
        }
    }

    /// Draws and places up to `work` more keys (all of them when `together`, as one list,
    /// as [`super::sampled_loads`] does); whether the sample is complete.
    pub(super) fn advance(
        &mut self,
        placement: &dyn Placement,
        work: u64,
        together: bool,
    ) -> Result<bool, ComparisonError> {
        let n = placement.node_count();
        if together {
            let all = loads(&placement.assign(&keys_of(self.count, self.seed)), n)?;
            self.totals = all;
            self.left = 0;
            return Ok(true);
        }
        let chunk = self.left.min(work.clamp(1, MOST_KEYS));
        let keys: Vec<String> = (0..chunk).map(|_| key_from(self.rng.next_u64())).collect();
        for (total, load) in self
            .totals
            .iter_mut()
            .zip(loads(&placement.assign(&keys), n)?)
        {
            *total += load;
        }
        self.left -= chunk;
        Ok(self.left == 0)
    }
}

/// One removal and its restore while they are worked out.
struct Changing {
    change: Change,
    is_removed: Vec<bool>,
    labels: Vec<NodeIndex>,
    /// The nodes removed, in order, and how many are so far.
    gone: Vec<NodeIndex>,
    removed: usize,
    /// The full list's places still there, and the placement without the nodes removed so
    /// far (by the placement's own [`Placement::left`]).
    alive: Vec<NodeIndex>,
    current: Option<Box<dyn Placement>>,
    /// The placement without every node of `gone`, once there.
    reduced: Option<Box<dyn Placement>>,
    during: Placing,
    during_done: bool,
    restored: Option<Box<dyn Placement>>,
    after: Placing,
}

/// Where a build is.
enum Stage {
    Full,
    Owners,
    Keyed(Option<Sample>),
    KeySpace(Option<Sample>),
    Changes,
    Done,
}

/// A [`Row`] being computed: [`RowBuild::step`] until it says so, then
/// [`RowBuild::finish`].
pub struct RowBuild {
    config: Config,
    n: u32,
    seed: u64,
    together: bool,
    stage: Stage,
    specs: Vec<NodeSpec>,
    full: Option<Box<dyn Placement>>,
    build_ns: u64,
    keys: Vec<String>,
    owners: Placing,
    keyed: Option<Spread>,
    key_space: Option<(Spread, KeySpace)>,
    changes: Vec<Change>,
    changing: Option<Changing>,
    row: Option<Row>,
}

impl RowBuild {
    /// The row of `config`'s algorithm over [`nodes`]`(n)` with keys and removals from
    /// `seed`, as [`super::row`] computes it; refused at once over [`super::MAX_WORK`].
    pub fn new(config: &Config, n: u32, seed: u64) -> Result<RowBuild, ComparisonError> {
        let spec = config.algorithm.spec();
        check_work(spec, n)?;
        Ok(RowBuild {
            config: config.clone(),
            n,
            seed,
            together: spec.places_together,
            stage: Stage::Full,
            specs: nodes(n),
            full: None,
            build_ns: 0,
            keys: Vec::new(),
            owners: Placing::new(),
            keyed: None,
            key_space: None,
            changes: Vec::with_capacity(Order::ALL.len() * REMOVED_PERCENTS.len()),
            changing: None,
            row: None,
        })
    }

    /// The fraction of the row done, from 0 to 1, for a progress bar: the changes count
    /// most of it.
    pub fn progress(&self) -> f64 {
        let changes = (Order::ALL.len() * REMOVED_PERCENTS.len()) as f64;
        let before_changes = match self.stage {
            Stage::Full => 0.0,
            Stage::Owners => 0.5,
            Stage::Keyed(_) => 1.0,
            Stage::KeySpace(_) => 1.5,
            Stage::Changes | Stage::Done => 2.0,
        };
        if self.row.is_some() {
            return 1.0;
        }
        (before_changes + self.changes.len() as f64) / (2.0 + changes)
    }

    /// Does about `work` keys' worth more of the row (a key that scores every node counting
    /// once per node), or builds one placement; whether the row is ready. A refusal of the core's comes here, as [`super::row`] would give it.
    pub fn step(&mut self, work: u64, clock: &mut Clock<'_>) -> Result<bool, ComparisonError> {
        if self.row.is_some() {
            return Ok(true);
        }
        let spec = self.config.algorithm.spec();
        // A lookup that scores every node (rendezvous) is that many lookups' work.
        let work = if spec.scores_every_node {
            (work / u64::from(self.n.max(1))).max(1)
        } else {
            work
        };
        match &mut self.stage {
            Stage::Full => {
                let started = clock();
                let full = build(&self.config, &self.specs)?;
                self.build_ns = clock().saturating_sub(started);
                self.full = Some(full);
                self.keys = keys_of(change_keys(self.n), self.seed);
                self.stage = Stage::Owners;
            }
            Stage::Owners => {
                let Some(full) = self.full.as_deref() else {
                    return Ok(false);
                };
                let labels: Vec<NodeIndex> = (0..self.n).collect();
                let done =
                    self.owners
                        .advance(full, &self.keys, &labels, work, self.together, clock);
                if done {
                    self.stage = Stage::Keyed(None);
                }
            }
            Stage::Keyed(sample) => {
                let Some(full) = self.full.as_deref() else {
                    return Ok(false);
                };
                let keys_count = KEYS_PER_NODE * u64::from(self.n);
                if keys_count == self.keys.len() as u64 {
                    let counts = loads(&self.owners.owners, self.n)?;
                    self.keyed = Some(Spread::of(&Balance::of_counts(&counts)?));
                    self.stage = Stage::KeySpace(None);
                } else {
                    let sample =
                        sample.get_or_insert_with(|| Sample::new(keys_count, self.seed, self.n));
                    if sample.advance(full, work, self.together)? {
                        self.keyed = Some(Spread::of(&Balance::of_counts(&sample.totals)?));
                        self.stage = Stage::KeySpace(None);
                    }
                }
            }
            Stage::KeySpace(sample) => {
                let Some(full) = self.full.as_deref() else {
                    return Ok(false);
                };
                if shares_are_exact(spec) {
                    let spread = Spread::of(&Balance::of(&full.shares())?);
                    self.key_space = Some((spread, KeySpace::Exact));
                    self.stage = Stage::Changes;
                } else {
                    let sample = sample.get_or_insert_with(|| {
                        Sample::new(SAMPLED_SHARE_KEYS, self.seed ^ 1, self.n)
                    });
                    if sample.advance(full, work, self.together)? {
                        let spread = Spread::of(&Balance::of_counts(&sample.totals)?);
                        self.key_space = Some((spread, KeySpace::Sampled(SAMPLED_SHARE_KEYS)));
                        self.stage = Stage::Changes;
                    }
                }
            }
            Stage::Changes => {
                if self.change_step(work, clock)? {
                    self.stage = Stage::Done;
                }
            }
            Stage::Done => {}
        }
        if matches!(self.stage, Stage::Done) {
            self.row = self.assemble();
        }
        Ok(self.row.is_some())
    }

    /// The row, once a step has said it is ready.
    pub fn finish(self) -> Option<Row> {
        self.row
    }

    /// One step of the changes; whether every change is worked out.
    fn change_step(&mut self, work: u64, clock: &mut Clock<'_>) -> Result<bool, ComparisonError> {
        let Some(full) = self.full.as_deref() else {
            return Ok(true);
        };
        let all = Order::ALL.len() * REMOVED_PERCENTS.len();
        let Some(c) = self.changing.as_mut() else {
            // The next change: refused at once, or its reduced placement built.
            let Some(&order) = Order::ALL.get(self.changes.len() / REMOVED_PERCENTS.len()) else {
                return Ok(true);
            };
            let percent = REMOVED_PERCENTS[self.changes.len() % REMOVED_PERCENTS.len()];
            let n = full.node_count();
            let count = removal_count(n, percent);
            let gone = removed_nodes(n, count, order, self.seed ^ u64::from(percent));
            let mut change = Change {
                order,
                percent,
                removed: count,
                outcome: None,
                refusal: None,
            };
            if gone.is_empty() {
                change.refusal = Some(BuildError::NoNodes);
            } else if let Some(refused) = refusal(full, order, &gone) {
                change.refusal = Some(refused);
            }
            if change.refusal.is_some() {
                self.changes.push(change);
                return Ok(self.changes.len() >= all);
            }
            let mut is_removed = vec![false; n as usize];
            for &i in &gone {
                is_removed[i as usize] = true;
            }
            let labels: Vec<NodeIndex> = (0..n).filter(|&i| !is_removed[i as usize]).collect();
            self.changing = Some(Changing {
                change,
                is_removed,
                labels,
                gone,
                removed: 0,
                alive: (0..n).collect(),
                current: None,
                reduced: None,
                during: Placing::new(),
                during_done: false,
                restored: None,
                after: Placing::new(),
            });
            return Ok(false);
        };
        let Some(reduced) = c.reduced.as_deref() else {
            // One removal a step, by the placement's own `left` where it has one (the
            // engines of AnchorHash, DxHash and MementoHash remove a bucket and keep the
            // rest); otherwise the placement is built over the remaining nodes at once.
            let left = c.gone.get(c.removed).and_then(|g| {
                let at = c.alive.iter().position(|a| a == g)?;
                let next = match &c.current {
                    Some(p) => p.left(at as NodeIndex),
                    None => full.left(at as NodeIndex),
                };
                next.map(|p| (at, p))
            });
            match left {
                Some((at, p)) => {
                    c.current = Some(p?);
                    c.alive.remove(at);
                    c.removed += 1;
                    if c.removed == c.gone.len() {
                        c.reduced = c.current.take();
                    }
                }
                None => {
                    let remaining: Vec<NodeSpec> = c
                        .labels
                        .iter()
                        .map(|&i| self.specs[i as usize].clone())
                        .collect();
                    c.reduced = Some(build(&self.config, &remaining)?);
                }
            }
            return Ok(false);
        };
        let keys = &self.keys;
        if !c.during_done {
            c.during_done = c
                .during
                .advance(reduced, keys, &c.labels, work, self.together, clock);
            return Ok(false);
        }
        let Some(restored) = c.restored.as_deref() else {
            c.restored = Some(build(&self.config, &self.specs)?);
            return Ok(false);
        };
        let all_labels: Vec<NodeIndex> = (0..full.node_count()).collect();
        if !c
            .after
            .advance(restored, keys, &all_labels, work, self.together, clock)
        {
            return Ok(false);
        }
        let is_removed = &c.is_removed;
        let before = &self.owners.owners;
        let removal = step(before, &c.during.owners, is_removed, |b, _| {
            is_removed[b as usize]
        });
        let restore = step(&c.during.owners, &c.after.owners, is_removed, |_, a| {
            is_removed[a as usize]
        });
        let not_back = before
            .iter()
            .zip(&c.after.owners)
            .filter(|(b, a)| b != a)
            .count() as u64;
        let mut change = c.change.clone();
        change.outcome = Some(Outcome {
            removal,
            restore,
            not_back,
            lookup_ns: c.during.per_key(),
        });
        self.changes.push(change);
        self.changing = None;
        Ok(self.changes.len() >= all)
    }

    fn assemble(&mut self) -> Option<Row> {
        let full = self.full.as_deref()?;
        let (key_space, key_space_from) = self.key_space?;
        Some(Row {
            algo: self.config.algorithm.id,
            nodes: self.n,
            keys: KEYS_PER_NODE * u64::from(self.n),
            keyed: self.keyed?,
            key_space,
            key_space_from,
            memory_bytes: full.memory_bytes(),
            build_ns: self.build_ns,
            lookup_ns: self.owners.per_key(),
            change_keys: self.keys.len() as u64,
            changes: std::mem::take(&mut self.changes),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::row;
    use super::*;
    use crate::registry::AlgoId;
    use crate::Algorithm;

    /// In steps of any size, every figure but the times is `row`'s: rings (exact shares),
    /// jump (refused removals, sampled key space), bounded loads (keys placed together),
    /// AnchorHash (its engine's own removals), multi-probe, modulo.
    #[test]
    fn a_row_in_steps_is_the_row() {
        let mut ticks = 0u64;
        let mut clock = move || {
            ticks += 7;
            ticks
        };
        for algo in [
            AlgoId::Virtual,
            AlgoId::Jump,
            AlgoId::Bounded,
            AlgoId::Anchor,
            AlgoId::MultiProbe,
            AlgoId::Modulo,
        ] {
            let config = Config::new(Algorithm::new(algo));
            // One node (every removal refused) where the key space is cheap to measure;
            // sampling it costs a million lookups a row.
            let counts: &[u32] = if shares_are_exact(config.algorithm.spec()) {
                &[1, 37]
            } else {
                &[37]
            };
            for &n in counts {
                let whole = row(&config, n, 5, &mut clock).unwrap().without_times();
                for work in [900, 70_000] {
                    let mut build = RowBuild::new(&config, n, 5).unwrap();
                    let mut steps = 0;
                    let mut last = 0.0;
                    while !build.step(work, &mut clock).unwrap() {
                        steps += 1;
                        let p = build.progress();
                        assert!((last..1.0).contains(&p), "{p} after {last}");
                        last = p;
                    }
                    assert_eq!(build.progress(), 1.0);
                    let stepped = build.finish().unwrap().without_times();
                    assert_eq!(stepped, whole, "{algo:?} on {n} in steps of {work}");
                    // A change is at least a removal and a restore.
                    assert!(steps >= 6, "{algo:?} on {n}: {steps} steps");
                }
            }
        }
    }

    /// Steps stay small: with 37 nodes (3,700 keys) and steps of 1,000 keys, placing the
    /// keys of each change alone takes four steps each way.
    #[test]
    fn steps_place_at_most_the_work_asked() {
        let config = Config::new(Algorithm::new(AlgoId::Virtual));
        let mut build = RowBuild::new(&config, 37, 5).unwrap();
        let mut clock = || 0;
        let mut steps = 0;
        while !build.step(1_000, &mut clock).unwrap() {
            steps += 1;
        }
        // The full placement and 4 runs of its owners; 6 changes of a build, 4 runs, a
        // build and 4 runs.
        assert!(steps >= 1 + 4 + 6 * (1 + 4 + 1 + 4), "{steps}");
    }

    /// Rendezvous scores every node for every key: a step of 1,000 keys' work on 100 nodes
    /// places 10 keys.
    #[test]
    fn a_step_counts_every_score() {
        let config = Config::new(Algorithm::new(AlgoId::Rendezvous));
        let mut build = RowBuild::new(&config, 100, 5).unwrap();
        let mut clock = || 0;
        assert!(!build.step(1_000, &mut clock).unwrap()); // the full placement
        assert!(!build.step(1_000, &mut clock).unwrap());
        assert_eq!(build.owners.owners.len(), 10);
    }

    #[test]
    fn too_much_work_is_refused_at_once() {
        let config = Config::new(Algorithm::new(AlgoId::Rendezvous));
        assert!(matches!(
            RowBuild::new(&config, 10_000, 1),
            Err(ComparisonError::TooMuchWork { .. })
        ));
    }
}
