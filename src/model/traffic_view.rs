//! The Traffic view: what a change costs. The lab's nodes and keys under a stream of Zipf
//! requests, one LRU cache per node in front of a backing store ([`ring_core::traffic`]),
//! and one change half-way through: the same workload and change for modulo and for the
//! lab's algorithm side by side (for a ring with virtual nodes when the lab's is modulo),
//! so that the avalanche `hash % n` causes is seen, not told.
//!
//! A [`TrafficRun`] over all the lab's keys is set up and run in steps of bounded work
//! ([`TrafficRun::step`]): first each side's setup ([`SimulationBuild`]: both placements of
//! every key, the popularity table, the warm caches) a run of keys at a time, then a slice
//! of requests at a time, so that the page can do it between frames, a million keys
//! included; its [`TrafficRun::reports`] can be read at any time.

use std::rc::Rc;

use ring_core::traffic::{
    Capacity, Change, Report, Setup, Simulation, SimulationBuild, TrafficError,
};
use ring_core::{build, Config, NodeSpec};

use super::algo::AlgoId;
use super::compare::CompareChange;
use super::limits::check_work;
use super::message::{Msg, Ui};
use super::palette::{self, Rgb};
use super::state::State;
pub use super::view_settings::TrafficSettings;
// The settings' ranges, named here with the view they bound (the slider's steps and start
// are the component's, on wasm32 only).
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub(crate) use super::view_settings::{CACHE_STEP, DEFAULT_CACHE, REQUEST_STEP};
pub(crate) use super::view_settings::{MAX_CACHE, MAX_REQUESTS, MAX_ZIPF, MIN_CACHE, MIN_REQUESTS};

/// Time buckets of a run (fewer if there are fewer requests).
pub(crate) const BUCKETS: u32 = 100;
/// The seed of the popularity permutation and of the requests.
const SEED: u64 = 1;
/// How many of the hottest keys are named on the per-node chart.
pub(crate) const HOT_NAMED: u32 = 3;

/// The Zipf exponent as a link and the slider write it: `1`, `0.5`, `1.25`.
pub(crate) fn zipf_text(hundredths: u32) -> String {
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => whole.to_string(),
        p if p % 10 == 0 => format!("{whole}.{}", p / 10),
        p => format!("{whole}.{p:02}"),
    }
}

/// A Zipf exponent as a link writes it (at most two decimals), in hundredths, if it is a
/// number from 0 to 1.5.
pub(crate) fn parse_zipf(text: &str) -> Option<u32> {
    let (whole, part) = match text.split_once('.') {
        Some((_, "")) => return None,
        Some(parts) => parts,
        None => (text, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() != 1 || part.len() > 2 || !digits(whole) || !digits(part) {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let part: u32 = match part.len() {
        0 => 0,
        1 => part.parse::<u32>().ok()? * 10,
        _ => part.parse().ok()?,
    };
    let n = whole * 100 + part;
    (n <= MAX_ZIPF).then_some(n)
}

/// One of the hottest keys, named on the per-node chart.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HotKey {
    /// Its popularity rank, 0 the hottest.
    pub(crate) rank: u32,
    /// The key.
    pub(crate) key: String,
    /// The node that serves it after the change (its place in [`Side::names`]).
    pub(crate) node: usize,
    /// Its probability per request.
    pub(crate) popularity: f64,
}

/// A side's simulation, being set up or running.
enum Sim {
    Building(Box<SimulationBuild>),
    Running(Box<Simulation>),
}

impl std::fmt::Debug for Sim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sim::Building(_) => f.write_str("Building"),
            Sim::Running(sim) => sim.fmt(f),
        }
    }
}

/// One algorithm's simulation.
#[derive(Debug)]
pub(crate) struct Side {
    /// The algorithm.
    pub(crate) kind: AlgoId,
    /// The simulation, or why it could not be set up.
    sim: Result<Sim, Msg>,
    /// Its configuration, to name the hot keys' nodes once it is set up.
    config: Config,
    /// The nodes' names, in the simulation's order (a node that joins last).
    pub(crate) names: Vec<String>,
    /// Their colours, in the same order.
    pub(crate) colours: Vec<Rgb>,
    /// The hottest keys, hottest first.
    pub(crate) hot: Vec<HotKey>,
}

impl Side {
    /// Why this side could not be set up, if it could not.
    pub(crate) fn error(&self) -> Option<&Msg> {
        self.sim.as_ref().err()
    }

    /// What it has measured so far (nothing while it is being set up).
    pub(crate) fn report(&self) -> Option<Report> {
        self.running().map(Simulation::report)
    }

    fn running(&self) -> Option<&Simulation> {
        match &self.sim {
            Ok(Sim::Running(sim)) => Some(sim),
            _ => None,
        }
    }

    fn building(&self) -> bool {
        matches!(self.sim, Ok(Sim::Building(_)))
    }

    /// About `work` keys' worth more of the setup; the work spent.
    fn set_up(&mut self, cluster: &Cluster, keys: &[String], work: u64) -> u64 {
        let Ok(Sim::Building(build)) = &mut self.sim else {
            return 0;
        };
        let before = build.progress(keys).0;
        match build.step(keys, work) {
            Ok(false) => work,
            Ok(true) => {
                let spent = build.progress(keys).0.saturating_sub(before);
                if let Some(sim) = build.take_ready() {
                    self.hot = hot_keys(&sim, &self.config, cluster, keys, HOT_NAMED);
                    self.sim = Ok(Sim::Running(Box::new(sim)));
                }
                spent.min(work)
            }
            Err(e) => {
                self.sim = Err(traffic_refusal(e));
                0
            }
        }
    }
}

/// The two simulations of the view: modulo first, then the lab's algorithm.
#[derive(Debug)]
pub(crate) struct TrafficRun {
    /// Modulo, then the other algorithm.
    pub(crate) sides: [Side; 2],
    /// How many keys are requested: all the lab's.
    pub(crate) keys: usize,
    all_keys: Rc<Vec<String>>,
    cluster: Cluster,
    requests: u64,
}

/// The algorithm shown beside modulo for a lab on `kind`.
pub(crate) fn other_algorithm(kind: AlgoId) -> AlgoId {
    if kind == AlgoId::Modulo {
        AlgoId::Virtual
    } else {
        kind
    }
}

fn traffic_refusal(e: TrafficError) -> Msg {
    match e {
        TrafficError::Build(e) => Msg::Build(e),
        TrafficError::NoNodeLeft => Msg::Ui(Ui::NoNodeUp),
        _ => Msg::Ui(Ui::Refused),
    }
}

/// The nodes up, their colours, and the change as the core takes it, with the colour of a
/// node that joins.
#[derive(Debug)]
struct Cluster {
    specs: Vec<NodeSpec>,
    colours: Vec<Rgb>,
    change: Option<Change>,
}

fn cluster(state: &State, change: CompareChange) -> Cluster {
    let up: Vec<_> = state.nodes.iter().filter(|n| !n.down).collect();
    let specs: Vec<NodeSpec> = up.iter().map(|n| n.spec()).collect();
    let mut colours: Vec<Rgb> = up.iter().map(|n| n.colour()).collect();
    let change = match change {
        CompareChange::None => None,
        CompareChange::AddNode => {
            let taken: Vec<u8> = state.nodes.iter().map(|n| n.slot).collect();
            colours.push(palette::colour(palette::free_slot(&taken)));
            Some(Change::Join(NodeSpec::new(state.suggested_name(), 100)))
        }
        CompareChange::RemoveLast => specs
            .len()
            .checked_sub(1)
            .and_then(|i| u32::try_from(i).ok())
            .map(Change::Leave),
    };
    Cluster {
        specs,
        colours,
        change,
    }
}

/// The node after the change, as a place in the simulation's list, of each of the `n`
/// hottest keys.
fn hot_keys(
    sim: &Simulation,
    config: &Config,
    cluster: &Cluster,
    keys: &[String],
    n: u32,
) -> Vec<HotKey> {
    let mut after = cluster.specs.clone();
    let left = match &cluster.change {
        Some(Change::Join(spec)) => {
            after.push(spec.clone());
            None
        }
        Some(Change::Leave(i)) => {
            let i = *i as usize;
            if i < after.len() {
                after.remove(i);
            }
            Some(i)
        }
        _ => None,
    };
    let Ok(placement) = build(config, &after) else {
        return Vec::new();
    };
    // A place among the nodes after the change, as a place in the simulation's list
    // (where the node that left keeps its place).
    let label = |j: usize| match left {
        Some(i) if j >= i => j + 1,
        _ => j,
    };
    (0..n)
        .filter_map(|rank| {
            let k = sim.key_of_rank(rank)?;
            let key = keys.get(k as usize)?;
            Some(HotKey {
                rank,
                key: key.clone(),
                node: label(placement.locate(key) as usize),
                popularity: sim.popularity(rank),
            })
        })
        .collect()
}

fn side(
    state: &State,
    kind: AlgoId,
    settings: TrafficSettings,
    cluster: &Cluster,
    keys: &[String],
) -> Side {
    let config = Config {
        algorithm: state.params.algorithm(kind),
        ..state.config()
    };
    let requests = u64::from(settings.requests);
    let mut setup = Setup::new(config.clone(), cluster.specs.clone(), requests);
    setup.change = cluster.change.clone();
    setup.zipf = settings.exponent();
    setup.seed = SEED;
    setup.cache = settings.cache.map_or(Capacity::All, Capacity::Keys);
    setup.buckets = BUCKETS.min(settings.requests.max(1));
    let mut names: Vec<String> = cluster.specs.iter().map(|s| s.name.clone()).collect();
    if let Some(Change::Join(spec)) = &cluster.change {
        names.push(spec.name.clone());
    }
    let sim = check_work(kind, names.len(), keys.len())
        .map_err(Msg::Refusal)
        .and_then(|()| SimulationBuild::new(&setup, keys).map_err(traffic_refusal))
        .map(|build| Sim::Building(Box::new(build)));
    Side {
        kind,
        sim,
        config,
        names,
        colours: cluster.colours.clone(),
        hot: Vec::new(),
    }
}

impl TrafficRun {
    /// Both simulations of `settings` over `state`'s nodes that are up and all its keys,
    /// ready to be set up ([`TrafficRun::step`]).
    pub(crate) fn new(state: &State, settings: TrafficSettings) -> TrafficRun {
        let settings = settings.clamped();
        let all_keys = Rc::clone(&state.keys.keys);
        let cluster = cluster(state, settings.change);
        let keys = all_keys.as_slice();
        TrafficRun {
            sides: [
                side(state, AlgoId::Modulo, settings, &cluster, keys),
                side(state, other_algorithm(state.kind), settings, &cluster, keys),
            ],
            keys: keys.len(),
            requests: u64::from(settings.requests),
            all_keys,
            cluster,
        }
    }

    /// Spends about `work` on the run: on setting up a side (a key placed counting one),
    /// then, once both are set up, on requests, on the first side that is not done, then
    /// the next. Whether both are done.
    pub(crate) fn step(&mut self, work: u64) -> bool {
        let mut left = work.max(1);
        let keys = self.all_keys.get(..self.keys).unwrap_or_default();
        for side in &mut self.sides {
            while side.building() && left > 0 {
                left = left.saturating_sub(side.set_up(&self.cluster, keys, left).max(1));
            }
            if side.building() {
                return false;
            }
        }
        for side in &mut self.sides {
            if let Ok(Sim::Running(sim)) = &mut side.sim {
                let (done, total) = sim.progress();
                if done >= total {
                    continue;
                }
                if left == 0 {
                    return false;
                }
                let n = left.min(total - done);
                left -= n;
                if !sim.run(n) {
                    return false;
                }
            }
        }
        true
    }

    /// Requests made so far and in all, over both sides that could be set up.
    pub(crate) fn progress(&self) -> (u64, u64) {
        self.sides
            .iter()
            .filter(|s| s.sim.is_ok())
            .map(|s| s.running().map_or((0, self.requests), Simulation::progress))
            .fold((0, 0), |(d, t), (d2, t2)| (d + d2, t + t2))
    }

    /// Whether every request of both sides is made (or neither side could run).
    pub(crate) fn finished(&self) -> bool {
        let (done, total) = self.progress();
        done >= total
    }

    /// What each side has measured so far.
    pub(crate) fn reports(&self) -> [Option<Report>; 2] {
        [self.sides[0].report(), self.sides[1].report()]
    }
}

/// The busiest time bucket of the store: its misses and its requests.
pub(crate) fn store_peak(report: &Report) -> Option<(u64, u64)> {
    report
        .buckets
        .iter()
        .filter(|b| b.requests > 0)
        .max_by_key(|b| b.misses)
        .map(|b| (b.misses, b.requests))
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::model::state::Action;
    use crate::model::view_settings::ViewSetting;
    use ring_core::metrics::diff;

    fn state(kind: AlgoId) -> State {
        let s = State::initial()
            .unwrap()
            .apply(Action::GenerateKeys {
                count: "20000".into(),
                seed: "7".into(),
            })
            .unwrap()
            .run_pending();
        if s.kind == kind {
            s
        } else {
            s.apply(Action::SetAlgorithm(kind)).unwrap().run_pending()
        }
    }

    /// The share of keys that keep their node when `cache-e` joins, from the core's diff.
    fn stayed(state: &State, kind: AlgoId) -> f64 {
        let config = Config {
            algorithm: state.params.algorithm(kind),
            ..state.config()
        };
        let before: Vec<NodeSpec> = state.nodes.iter().map(|n| n.spec()).collect();
        let mut after = before.clone();
        after.push(NodeSpec::new(state.suggested_name(), 100));
        let keys = &state.keys.keys;
        let b = build(&config, &before).unwrap().assign(keys);
        let a = build(&config, &after).unwrap().assign(keys);
        let moved = diff(&b, &a)
            .unwrap()
            .summary(ring_core::metrics::Ideal::None);
        1.0 - moved.moved as f64 / moved.total as f64
    }

    /// Uniform requests over K keys, B requests in the first bucket after the change: a
    /// key that moved misses at its first request in the bucket and hits after, so the
    /// expected hit rate is the stayed share plus the moved share times the mean chance
    /// that a request's key was already asked for in the bucket, 1 − (1 − 1/K)^i.
    fn expected_after(stayed: f64, keys: f64, bucket: u64) -> f64 {
        let repeat: f64 = (0..bucket)
            .map(|i| 1.0 - (1.0 - 1.0 / keys).powi(i as i32))
            .sum::<f64>()
            / bucket as f64;
        stayed + (1.0 - stayed) * repeat
    }

    fn uniform() -> TrafficSettings {
        TrafficSettings {
            zipf: 0,
            cache: None,
            ..TrafficSettings::default()
        }
    }

    #[test]
    fn modulo_after_a_join_hits_only_the_keys_that_stayed_and_the_ring_keeps_most() {
        let s = state(AlgoId::Virtual);
        let mut run = TrafficRun::new(&s, uniform());
        assert_eq!(run.sides[0].kind, AlgoId::Modulo);
        assert_eq!(run.sides[1].kind, AlgoId::Virtual);
        assert_eq!(run.keys, 20_000);
        while !run.step(50_000) {}
        assert_eq!(run.progress(), (400_000, 400_000));
        let [Some(modulo), Some(ring)] = run.reports() else {
            panic!("both sides run");
        };
        let bucket = modulo.buckets[modulo.bucket_after.unwrap() as usize].requests;
        for (report, kind) in [(&modulo, AlgoId::Modulo), (&ring, AlgoId::Virtual)] {
            // Warm caches that hold everything: every request before the change hits.
            assert_eq!(report.hit_rate_before(), Some(1.0), "{kind:?}");
            let stayed = stayed(&s, kind);
            let expected = expected_after(stayed, 20_000.0, bucket);
            let after = report.hit_rate_after().unwrap();
            assert!(
                (after - expected).abs() < 0.02,
                "{kind:?}: just after {after}, expected {expected} (stayed {stayed})"
            );
        }
        // Modulo 4 → 5 keeps about a fifth of the keys; the ring about four fifths.
        let (m, r) = (
            modulo.hit_rate_after().unwrap(),
            ring.hit_rate_after().unwrap(),
        );
        assert!(m < 0.3 && r > 0.7, "modulo {m}, ring {r}");
        // The store served nothing before; just after, modulo sends it most requests.
        let (peak, of) = store_peak(&modulo).unwrap();
        assert!(peak as f64 > 0.6 * of as f64, "{peak} of {of}");
        assert!(store_peak(&ring).unwrap().0 < peak / 2);
    }

    #[test]
    fn slices_give_the_same_result_as_one_run() {
        let s = state(AlgoId::Jump);
        let settings = TrafficSettings {
            zipf: 120,
            cache: Some(300),
            requests: 50_000,
            change: CompareChange::RemoveLast,
        };
        let mut whole = TrafficRun::new(&s, settings);
        assert!(whole.step(u64::MAX));
        let mut sliced = TrafficRun::new(&s, settings);
        let mut steps = 0;
        for n in [1u64, 999, 7_000, 12_345].into_iter().cycle() {
            steps += 1;
            if sliced.step(n) {
                break;
            }
            let (done, total) = sliced.progress();
            assert!(done < total);
        }
        assert!(steps > 10);
        assert_eq!(sliced.reports(), whole.reports());
        let [Some(r), _] = whole.reports() else {
            panic!("modulo runs");
        };
        // The last node left: it served requests before the change and none after.
        let gone = r.nodes.last().unwrap();
        assert!(
            gone.requests_before > 0 && gone.requests_after == 0,
            "{gone:?}"
        );
        assert_eq!(whole.sides[1].kind, AlgoId::Jump);
    }

    #[test]
    fn the_hottest_keys_are_named_with_the_node_that_serves_them() {
        let s = state(AlgoId::Ketama);
        let mut run = TrafficRun::new(&s, TrafficSettings::default());
        assert!(run.step(u64::MAX));
        for side in &run.sides {
            let report = side.report().unwrap();
            assert_eq!(side.hot.len(), HOT_NAMED as usize);
            assert_eq!(side.names.len(), 5, "the node that joins is last");
            assert_eq!(side.names.len(), side.colours.len());
            for (hot, counted) in side.hot.iter().zip(&report.hot) {
                assert_eq!(hot.rank, counted.rank);
                assert_eq!(hot.key, s.keys.keys[counted.key as usize]);
                // The node named for it served at least its requests after the change.
                let node = &report.nodes[hot.node];
                assert!(node.requests_after as f64 >= hot.popularity * 90_000.0);
            }
            // Zipf 1: the hottest key gets far more than 1 / 20,000 of the requests.
            assert!(side.hot[0].popularity > 0.05, "{:?}", side.hot[0]);
        }
        // The joining node's colour is not one the lab's nodes use.
        let new = *run.sides[0].colours.last().unwrap();
        assert!(s.nodes.iter().all(|n| n.colour() != new));
    }

    #[test]
    fn settings_out_of_range_are_clamped_and_a_lone_node_cannot_leave() {
        let wild = TrafficSettings {
            zipf: 9_999,
            cache: Some(0),
            requests: u32::MAX,
            change: CompareChange::RemoveLast,
        };
        let c = wild.clamped();
        assert_eq!(
            (c.zipf, c.cache, c.requests),
            (MAX_ZIPF, Some(MIN_CACHE), MAX_REQUESTS)
        );
        assert_eq!(wild.exponent(), 1.5);
        let mut s = state(AlgoId::Virtual);
        for id in s.nodes.iter().map(|n| n.id).skip(1).collect::<Vec<_>>() {
            s = s.apply(Action::RemoveNode(id)).unwrap().run_pending();
        }
        let s = s
            .apply(Action::SetViewSetting(ViewSetting::Traffic(wild)))
            .unwrap();
        let run = TrafficRun::new(&s, s.views.traffic);
        for side in &run.sides {
            assert_eq!(side.error(), Some(&Msg::Ui(Ui::NoNodeUp)));
        }
        assert_eq!(run.progress(), (0, 0));
    }

    /// Every key of the lab is requested, past the other views' 20,000, and the setup
    /// comes in steps: no report (and no request) until both sides are set up.
    #[test]
    fn every_key_is_requested_and_the_setup_comes_in_steps() {
        let s = State::initial()
            .unwrap()
            .apply(Action::GenerateKeys {
                count: "50000".into(),
                seed: "3".into(),
            })
            .unwrap()
            .run_pending();
        let settings = TrafficSettings {
            requests: 60_000,
            change: CompareChange::AddNode,
            ..TrafficSettings::default()
        };
        let mut run = TrafficRun::new(&s, settings);
        assert_eq!(run.keys, 50_000);
        let mut steps = 0;
        while run.reports().iter().any(Option::is_none) {
            assert_eq!(run.progress(), (0, 120_000), "a request before the setup");
            assert!(!run.step(4_096));
            steps += 1;
        }
        // Each side places 50,000 keys twice, among its other passes.
        assert!(steps >= 2 * 2 * 50_000 / 4_096, "{steps} steps");
        while !run.step(20_000) {}
        assert_eq!(run.progress(), (120_000, 120_000));
        for report in run.reports().into_iter().flatten() {
            let before: u64 = report.nodes.iter().map(|n| n.keys_before).sum();
            let after: u64 = report.nodes.iter().map(|n| n.keys_after).sum();
            assert_eq!((before, after), (50_000, 50_000));
        }
        // The same as one call over all the keys.
        let mut whole = TrafficRun::new(&s, settings);
        assert!(whole.step(u64::MAX));
        assert_eq!(whole.reports(), run.reports());
        assert_eq!(whole.sides[1].hot, run.sides[1].hot);
    }

    #[test]
    fn zipf_texts_round_trip() {
        for n in 0..=MAX_ZIPF {
            assert_eq!(parse_zipf(&zipf_text(n)), Some(n), "{n}");
        }
        assert_eq!(zipf_text(100), "1");
        assert_eq!(zipf_text(50), "0.5");
        assert_eq!(zipf_text(125), "1.25");
        for bad in ["", "1.51", "2", "-1", "1.", ".5", "1.234", "x", "01", "1,5"] {
            assert_eq!(parse_zipf(bad), None, "{bad:?}");
        }
    }
}
