//! A [`Simulation`] set up in steps of bounded work, so that a page can spread a million
//! keys' setup over its frames instead of stopping for one long call.
//!
//! The steps are [`Simulation::new`]'s passes, in its order, each cut at any key: placing
//! every key before and after the change (in runs of keys, except for bounded loads, whose
//! cap places all keys together), the popularity permutation, the Zipf table
//! ([`ZipfBuild`]), the table of each rank's holders and nodes, and the warm caches.
//! The copies of each key (R ≥ 2) and bounded loads' ring by rank are one step each. Every
//! pass draws from the same generator in the same order and sums in the same order, so the
//! simulation is the same, bit for bit, however the work is cut (tested), and
//! [`Simulation::new`] is this build run in one step.

use super::lru::Lru;
use super::zipf::{Zipf, ZipfBuild};
use super::{
    bucket_start, check, members, phase, replica_lists, stride, BucketStats, Built, Caches,
    Capacity, Change, Counters, Members, Serve, Setup, Simulation, TrafficError, FAILOVER,
    HOT_KEYS, TRAFFIC_STREAM,
};
use crate::keys::SplitMix64;
use crate::placement::{build, NodeIndex, NodeSpec, Placement};
use crate::registry::AlgoId;

/// Where a build is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Placing the keys before the change.
    Before,
    /// Placing them after it.
    After,
    /// The copies of each key, if more than one.
    Copies,
    /// The popularity permutation.
    Permutation,
    /// The Zipf table.
    Zipf,
    /// Each rank's holders, nodes and entries.
    Ranks,
    /// The warm caches.
    Caches,
    /// Both phases' tables, and the simulation put together.
    Done,
}

/// One side of the change while its keys are placed.
struct Side {
    placement: Box<dyn Placement>,
    labels: Vec<u32>,
    owners: Vec<u32>,
}

impl Side {
    fn new(config: &crate::placement::Config, m: Members) -> Result<Side, TrafficError> {
        if m.specs.is_empty() {
            return Err(TrafficError::NoNodeLeft);
        }
        let placement = build(config, &m.specs)?;
        Ok(Side {
            placement,
            labels: m.labels,
            owners: Vec::new(),
        })
    }

    /// Places the keys from `owners.len()` on, at most `work` of them (all of them when
    /// the algorithm places keys together); the keys placed.
    fn place(&mut self, keys: &[String], work: u64, together: bool) -> u64 {
        let from = self.owners.len().min(keys.len());
        let to = if together {
            keys.len()
        } else {
            keys.len()
                .min(from.saturating_add(usize::try_from(work).unwrap_or(usize::MAX)))
        };
        let labels = &self.labels;
        let label = |i: NodeIndex| labels.get(i as usize).copied().unwrap_or(0);
        let chunk = keys.get(from..to).unwrap_or_default();
        self.owners
            .extend(self.placement.assign(chunk).into_iter().map(label));
        (to - from) as u64
    }

    fn done(&self, keys: &[String]) -> bool {
        self.owners.len() >= keys.len()
    }

    fn built(self) -> Built {
        Built {
            placement: self.placement,
            owners: self.owners,
            labels: self.labels,
        }
    }
}

/// The placement with every node up: whose copies the caches start with, and whose owners
/// tell which requests are failovers.
fn full<'a>(setup: &Setup, [before, after]: &'a [Built; 2]) -> &'a Built {
    if matches!(setup.change, Some(Change::Up(_))) {
        after
    } else {
        before
    }
}

/// A [`Simulation`] being set up: [`SimulationBuild::step`] until it says so, then
/// [`SimulationBuild::finish`]. Give every step the same keys as [`SimulationBuild::new`].
pub struct SimulationBuild {
    setup: Setup,
    stage: Stage,
    everyone: Vec<NodeSpec>,
    after_nodes: Vec<NodeSpec>,
    skip_after: Option<usize>,
    skip_before: Option<usize>,
    down: Option<NodeIndex>,
    together: bool,
    before: Option<Side>,
    after: Option<Side>,
    /// The sides once placed: before, after.
    built: Option<[Built; 2]>,
    copies: Option<Vec<u32>>,
    rng: SplitMix64,
    key_of_rank: Vec<u32>,
    /// Fisher–Yates's next index, counting down (0: done).
    shuffled_to: usize,
    zipf_build: Option<ZipfBuild>,
    zipf: Option<Zipf>,
    holders: Vec<u32>,
    serve: [Vec<Serve>; 2],
    popularity: [Vec<f64>; 2],
    keys_owned: [Vec<u64>; 2],
    /// Ranks done in [`Stage::Ranks`], then in [`Stage::Caches`].
    rank: usize,
    caches: Option<Caches>,
    simulation: Option<Simulation>,
    /// Work done so far, in keys (each pass over the keys counts them once).
    work_done: u64,
}

/// Passes over the keys a build makes, for [`SimulationBuild::progress`]: placing them
/// twice, the permutation (its identity, then its shuffle), the Zipf weights and pairing,
/// the ranks, the caches.
const PASSES: u64 = 8;

impl SimulationBuild {
    /// Checks `setup` against the limits (as [`Simulation::new`] does) and starts the build.
    pub fn new(setup: &Setup, keys: &[String]) -> Result<SimulationBuild, TrafficError> {
        check(setup, keys)?;
        let mut everyone = setup.nodes.clone();
        let mut after_nodes = setup.nodes.clone();
        let (skip_before, skip_after, down) = match &setup.change {
            None => (None, None, None),
            Some(Change::Join(spec)) => {
                everyone.push(spec.clone());
                after_nodes.push(spec.clone());
                (None, None, None)
            }
            Some(Change::Leave(i)) => (None, Some(*i as usize), None),
            Some(Change::Down(i)) => (None, Some(*i as usize), Some(*i)),
            Some(Change::Up(i)) => (Some(*i as usize), None, Some(*i)),
            Some(Change::Reweight { node, weight }) => {
                if let Some(n) = after_nodes.get_mut(*node as usize) {
                    n.weight = *weight;
                }
                (None, None, None)
            }
        };
        let rng = SplitMix64::new(SplitMix64::new(setup.seed ^ TRAFFIC_STREAM).next_u64());
        // Labels are places in `everyone`, where a joining node comes after the others.
        let before = Side::new(&setup.config, members(&setup.nodes, skip_before))?;
        // A change that leaves no node is refused now, not after every key is placed.
        if members(&after_nodes, skip_after).specs.is_empty() {
            return Err(TrafficError::NoNodeLeft);
        }
        Ok(SimulationBuild {
            together: setup.config.algorithm.id.spec().places_together,
            setup: setup.clone(),
            stage: Stage::Before,
            everyone,
            after_nodes,
            skip_after,
            skip_before,
            down,
            before: Some(before),
            after: None,
            built: None,
            copies: None,
            rng,
            key_of_rank: Vec::new(),
            shuffled_to: 0,
            zipf_build: None,
            zipf: None,
            holders: Vec::new(),
            serve: [Vec::new(), Vec::new()],
            popularity: [Vec::new(), Vec::new()],
            keys_owned: [Vec::new(), Vec::new()],
            rank: 0,
            caches: None,
            simulation: None,
            work_done: 0,
        })
    }

    /// Work done and all the work, in keys: for a progress bar.
    pub fn progress(&self, keys: &[String]) -> (u64, u64) {
        let all = PASSES * keys.len() as u64;
        if self.simulation.is_some() {
            return (all, all);
        }
        // Short of the whole until the simulation is put together (the passes' counts are
        // estimates: copies and the Zipf pairing vary).
        (self.work_done.min(all.saturating_sub(1)), all)
    }

    /// Does about `work` keys' worth more of the setup (at least a little; a key that
    /// scores every node counting once per node); whether the
    /// simulation is ready ([`SimulationBuild::finish`]). A setup that cannot be built says
    /// why here (the placement after the change, a removal the algorithm refuses, copies
    /// off a ring), as [`Simulation::new`] would.
    pub fn step(&mut self, keys: &[String], work: u64) -> Result<bool, TrafficError> {
        // Placing a key that scores every node (rendezvous) is that many keys' work.
        let mut left = if self.setup.config.algorithm.id.spec().scores_every_node {
            (work / self.everyone.len().max(1) as u64).max(1)
        } else {
            work.max(1)
        };
        let count = u32::try_from(keys.len()).unwrap_or(u32::MAX);
        while left > 0 && self.stage != Stage::Done {
            let spent = match self.stage {
                Stage::Before => self.place_before(keys, left)?,
                Stage::After => self.place_after(keys, left)?,
                Stage::Copies => self.copies(keys)?,
                Stage::Permutation => self.permute(count, left),
                Stage::Zipf => self.zipf(count, left),
                Stage::Ranks => self.ranks(count, left),
                Stage::Caches => self.fill_caches(count, left),
                Stage::Done => 0,
            };
            left = left.saturating_sub(spent.max(1));
            self.work_done = self.work_done.saturating_add(spent);
        }
        if self.stage == Stage::Done && self.simulation.is_none() {
            self.simulation = Some(self.assemble(keys));
        }
        Ok(self.simulation.is_some())
    }

    /// The simulation, once a step has said it is ready.
    pub fn finish(mut self) -> Option<Simulation> {
        self.take_ready()
    }

    /// The simulation, once a step has said it is ready, leaving the build spent (for a
    /// caller that holds the build in place).
    pub fn take_ready(&mut self) -> Option<Simulation> {
        self.simulation.take()
    }

    fn place_before(&mut self, keys: &[String], work: u64) -> Result<u64, TrafficError> {
        let Some(side) = self.before.as_mut() else {
            return Ok(0);
        };
        let spent = side.place(keys, work, self.together);
        if side.done(keys) {
            if let Some(Change::Leave(i)) = self.setup.change {
                side.placement.check_removal(i)?;
            }
            let m = members(&self.after_nodes, self.skip_after);
            self.after = Some(Side::new(&self.setup.config, m)?);
            self.stage = Stage::After;
        }
        Ok(spent)
    }

    fn place_after(&mut self, keys: &[String], work: u64) -> Result<u64, TrafficError> {
        let Some(side) = self.after.as_mut() else {
            return Ok(0);
        };
        let spent = side.place(keys, work, self.together);
        if side.done(keys) {
            if let (Some(before), Some(after)) = (self.before.take(), self.after.take()) {
                self.built = Some([before.built(), after.built()]);
            }
            self.stage = Stage::Copies;
        }
        Ok(spent)
    }

    fn copies(&mut self, keys: &[String]) -> Result<u64, TrafficError> {
        if self.setup.replicas > 1 {
            if let Some(full) = self.built.as_ref().map(|b| full(&self.setup, b)) {
                self.copies = Some(replica_lists(
                    full,
                    keys,
                    self.setup.replicas,
                    &self.setup.config,
                )?);
            }
        }
        self.stage = Stage::Permutation;
        // Filled in `permute`'s steps: at a million keys, at once, it took a slice's time.
        self.key_of_rank = Vec::with_capacity(keys.len());
        self.shuffled_to = keys.len().saturating_sub(1);
        Ok(if self.copies.is_some() {
            keys.len() as u64
        } else {
            0
        })
    }

    /// The identity, then Fisher–Yates (Durstenfeld's form) from the last index down, as
    /// `permutation` does.
    fn permute(&mut self, count: u32, work: u64) -> u64 {
        let filled = self.key_of_rank.len() as u32;
        if filled < count {
            let end = count.min(filled.saturating_add(u32::try_from(work).unwrap_or(u32::MAX)));
            self.key_of_rank.extend(filled..end);
            return u64::from(end - filled);
        }
        let mut spent = 0;
        while self.shuffled_to >= 1 && spent < work {
            let i = self.shuffled_to;
            let j = self.rng.below(i as u64 + 1) as usize;
            self.key_of_rank.swap(i, j);
            self.shuffled_to -= 1;
            spent += 1;
        }
        if self.shuffled_to == 0 {
            self.stage = Stage::Zipf;
            self.zipf_build = Some(ZipfBuild::new(count, self.setup.zipf));
        }
        spent
    }

    fn zipf(&mut self, count: u32, work: u64) -> u64 {
        let Some(build) = self.zipf_build.as_mut() else {
            return 0;
        };
        let budget = u32::try_from(work).unwrap_or(u32::MAX);
        if build.step(budget) {
            self.zipf = self.zipf_build.take().map(ZipfBuild::finish);
            self.start_ranks(count);
        }
        // About that much: the weights and the pairing are a pass each over the ranks.
        work.min(2 * u64::from(count))
    }

    fn start_ranks(&mut self, count: u32) {
        let labels = self.everyone.len();
        let width = stride(self.setup.replicas) as usize;
        // Grown rank by rank in `ranks`: filled at once, at a million keys, it took a
        // slice's time.
        self.holders = Vec::with_capacity(count as usize * width);
        self.serve = [
            Vec::with_capacity(count as usize),
            Vec::with_capacity(count as usize),
        ];
        self.popularity = [vec![0.0; labels], vec![0.0; labels]];
        self.keys_owned = [vec![0u64; labels], vec![0u64; labels]];
        self.rank = 0;
        self.stage = Stage::Ranks;
    }

    /// Per rank, the nodes that may hold the key (in entry order), and its node and entry
    /// before and after the change.
    fn ranks(&mut self, count: u32, work: u64) -> u64 {
        let (Some(built), Some(zipf)) = (self.built.as_ref(), self.zipf.as_ref()) else {
            self.stage = Stage::Caches;
            return 0;
        };
        let full = full(&self.setup, built);
        let [before, after] = built;
        let down = self.down;
        let down_in = [
            down.is_some_and(|d| !before.labels.contains(&d)),
            down.is_some_and(|d| !after.labels.contains(&d)),
        ];
        let width = stride(self.setup.replicas) as usize;
        let r_copies = self.setup.replicas as usize;
        let owner_of = |owners: &[u32], k: u32| owners.get(k as usize).copied().unwrap_or(0);
        let end = (count as usize).min(
            self.rank
                .saturating_add(usize::try_from(work).unwrap_or(usize::MAX)),
        );
        let start = self.rank;
        for (rank, &k) in (start..end).zip(self.key_of_rank.get(start..end).unwrap_or_default()) {
            let rank32 = rank as u32;
            let base = rank * width;
            self.holders.resize(base + width, u32::MAX);
            let slots = self.holders.get_mut(base..base + width).unwrap_or_default();
            let mut used = 0;
            let mut slot_of = |node: u32, slots: &mut [u32]| -> u32 {
                match slots.iter().take(used).position(|&h| h == node) {
                    Some(j) => j as u32,
                    None => {
                        if let Some(s) = slots.get_mut(used) {
                            *s = node;
                        }
                        used += 1;
                        (used - 1) as u32
                    }
                }
            };
            if let Some(lists) = &self.copies {
                let list = lists.get(k as usize * r_copies..(k as usize + 1) * r_copies);
                for &node in list.unwrap_or_default() {
                    slot_of(node, slots);
                }
            }
            let p = zipf.probability(rank32);
            let primary = owner_of(&full.owners, k);
            for (phase, built) in [before, after].into_iter().enumerate() {
                let node = owner_of(&built.owners, k);
                let j = slot_of(node, slots);
                let entry = j * count + rank32;
                let failover = down_in[phase] && down == Some(primary);
                self.serve[phase].push(Serve {
                    node,
                    entry: if failover { entry | FAILOVER } else { entry },
                });
                if let Some(x) = self.popularity[phase].get_mut(node as usize) {
                    *x += p;
                }
                if let Some(x) = self.keys_owned[phase].get_mut(node as usize) {
                    *x += 1;
                }
            }
        }
        self.rank = end;
        if end >= count as usize {
            let labels = self.everyone.len();
            let entries = u32::try_from(self.holders.len()).unwrap_or(u32::MAX);
            self.caches = Some(match self.setup.cache {
                Capacity::All => Caches::Unbounded(vec![false; entries as usize]),
                Capacity::Keys(c) => Caches::Lru(Lru::new(entries, &vec![c; labels])),
            });
            self.rank = 0;
            self.stage = Stage::Caches;
        }
        (end - start) as u64
    }

    /// Warm caches: in rank order, each holder that starts with the key takes it while it
    /// has room, so the most popular keys are the most recently used.
    fn fill_caches(&mut self, count: u32, work: u64) -> u64 {
        let width = stride(self.setup.replicas) as usize;
        let r_copies = self.setup.replicas as usize;
        let (down, skip_before) = (self.down, self.skip_before);
        let holders = &self.holders;
        let copies = &self.copies;
        let serve_before = &self.serve[0];
        let starts_with = |rank: usize, j: usize, node: u32| -> bool {
            if Some(node) == down && skip_before.is_some() {
                return false; // down from the start: empty
            }
            match copies {
                // With copies, every replica (the first R holders) starts with the key.
                Some(_) => j < r_copies && holders.get(rank * width + j) == Some(&node),
                // With one copy, the owner before the change.
                None => serve_before.get(rank).is_some_and(|s| s.node == node),
            }
        };
        let Some(caches) = self.caches.as_mut() else {
            self.stage = Stage::Done;
            return 0;
        };
        let start = self.rank;
        let end =
            (count as usize).min(start.saturating_add(usize::try_from(work).unwrap_or(usize::MAX)));
        for rank in start..end {
            for j in 0..width {
                let Some(&node) = holders.get(rank * width + j) else {
                    continue;
                };
                if node == u32::MAX || !starts_with(rank, j, node) {
                    continue;
                }
                let e = (j * count as usize + rank) as u32;
                match caches {
                    Caches::Unbounded(present) => {
                        if let Some(p) = present.get_mut(e as usize) {
                            *p = true;
                        }
                    }
                    Caches::Lru(lru) => {
                        lru.push_back(node, e);
                    }
                }
            }
        }
        self.rank = end;
        if end >= count as usize {
            self.stage = Stage::Done;
        }
        (end - start) as u64
    }

    fn assemble(&mut self, keys: &[String]) -> Simulation {
        let setup = &self.setup;
        let config = &setup.config;
        let labels = self.everyone.len();
        let epsilon =
            (config.algorithm.id == AlgoId::Bounded).then(|| config.algorithm.params.get(0));
        let [serve_before, serve_after] = std::mem::take(&mut self.serve);
        let key_of_rank = std::mem::take(&mut self.key_of_rank);
        let phases = match &self.built {
            Some([before, after]) => [
                phase(before, serve_before, epsilon.is_some(), keys, &key_of_rank),
                phase(after, serve_after, epsilon.is_some(), keys, &key_of_rank),
            ],
            None => [phase_without(serve_before), phase_without(serve_after)],
        };
        let cells = setup.buckets as usize * labels;
        Simulation {
            names: std::mem::take(&mut self.everyone)
                .into_iter()
                .map(|n| n.name)
                .collect(),
            zipf: self.zipf.take().unwrap_or_else(|| Zipf::new(0, setup.zipf)),
            key_of_rank,
            phases,
            caches: self.caches.take().unwrap_or(Caches::Unbounded(Vec::new())),
            counters: Counters {
                buckets: (0..setup.buckets)
                    .map(|b| BucketStats {
                        start: bucket_start(b, setup.buckets, setup.requests),
                        ..BucketStats::default()
                    })
                    .collect(),
                cells: vec![0; cells],
                nodes: labels,
                phase_requests: [vec![0; labels], vec![0; labels]],
                failover: vec![0; labels],
                overflow: vec![0; labels],
                // One more: every rank past the hottest counts there, without a branch.
                hot: vec![0; HOT_KEYS as usize + 1],
            },
            rng: self.rng.clone(),
            requests: setup.requests,
            at: setup.at,
            bucket_count: setup.buckets,
            done: 0,
            bucket: 0,
            epsilon,
            popularity: std::mem::take(&mut self.popularity),
            keys_owned: std::mem::take(&mut self.keys_owned),
        }
    }
}

/// A phase's table when its placement is gone (never, once a build is done).
fn phase_without(serve: Vec<Serve>) -> super::Phase {
    super::Phase {
        serve,
        serving: 0,
        ring: Vec::new(),
        start: Vec::new(),
    }
}
