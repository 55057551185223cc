//! Issue 15's traffic simulation in the page: the scenario of the native benchmark
//! (`crates/ring-core/benches/traffic.rs`, its Zipf 1 row with caches that hold all their
//! keys), run in slices of a time budget so that a page can run it between frames.
//!
//! The clock is a closure here, so that the slicing is tested natively; the page's
//! [`crate::TrafficBench`] gives it `performance.now()`.

use ring_core::traffic::{
    Capacity, Change, Report, Setup, Simulation, SimulationBuild, TrafficError,
};
use ring_core::{Algorithm, Config};

use ring_core::registry::AlgoId;

use crate::keys;

/// Requests per chunk of a slice: the clock is read after each. A request costs about
/// 34 ns natively and 65 to 100 ns in wasm (opt-level "s", in Chromium), so a chunk takes
/// about 0.2 ms and a slice overshoots its budget by about that; reading the clock (a call
/// out to JS) 5,000 times in 10,000,000 requests costs nothing to speak of. A multiple of
/// 256, the requests the core draws before it looks their nodes up.
pub const CHUNK: u64 = 2_048;

/// Keys' worth of setup per step of a slice ([`SimulationBuild::step`]): placing a key
/// costs about 0.1 to 0.3 µs in wasm, a Zipf weight (one `pow`) about as much, so a step
/// takes about 0.5 ms and a slice overshoots its budget by about that.
pub const SETUP_WORK: u64 = 2_048;

/// The native benchmark's main row over `requests` requests: ten nodes `10.0.0.i:11211`
/// on a virtual-node ring of 100 points each, an eleventh joining half-way, Zipf 1, caches
/// that hold all their keys, seed 1, 100 time buckets ([`Setup::new`]'s defaults).
pub fn scenario(requests: u64) -> Setup {
    let mut s = Setup::new(
        Config::new(Algorithm::new(AlgoId::Virtual)),
        keys::nodes(0, 10),
        requests,
    );
    s.zipf = 1.0;
    s.cache = Capacity::All;
    s.change = Some(Change::Join(ring_core::NodeSpec::new(
        keys::node_name(10),
        100,
    )));
    s
}

/// The hits and the requests of the first time bucket after the join ("just after"), once
/// the simulation has made them.
pub fn just_after(report: &Report) -> Option<(u64, u64)> {
    let after = report.bucket_after? as usize;
    let bucket = report.buckets.get(after)?;
    (report.done >= bucket_end(report, after)).then_some((bucket.hits, bucket.requests))
}

/// The request that ends time bucket `b` (the next bucket's start, or the last request).
fn bucket_end(report: &Report, b: usize) -> u64 {
    report
        .buckets
        .get(b + 1)
        .map_or(report.requests, |next| next.start)
}

/// The hits and requests just after the join that the native build gives for `keys` keys
/// of seed 1 and `requests` requests, where it is known: the page checks the wasm run
/// against it (the simulation is deterministic across targets). The unit tests below
/// compute both natively.
pub fn native_just_after(keys: u32, requests: u64) -> Option<(u64, u64)> {
    match (keys, requests) {
        (1_000_000, 10_000_000) => Some(NATIVE_FULL),
        (100_000, 200_000) => Some(NATIVE_SMOKE),
        _ => None,
    }
}

/// 1,000,000 keys, 10,000,000 requests: bucket 50 (requests 5,000,000 to 5,099,999),
/// 96.757% (BENCHMARKS.md, "Traffic simulation": 96.8%).
const NATIVE_FULL: (u64, u64) = (96_757, 100_000);
/// 100,000 keys, 200,000 requests: bucket 50 (requests 100,000 to 101,999), 94.5%.
const NATIVE_SMOKE: (u64, u64) = (1_890, 2_000);

/// What the slices of one run have measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Slices {
    /// Slices run.
    pub count: u32,
    /// The longest slice, milliseconds.
    pub longest_ms: f64,
    /// The longest chunk of [`CHUNK`] requests (or fewer, at the end), milliseconds.
    pub longest_chunk_ms: f64,
    /// All slices together, milliseconds.
    pub total_ms: f64,
    /// Chunks run, in all slices.
    pub chunks: u32,
}

/// A simulation, set up and then run in slices, and its slices so far.
pub struct Sliced {
    state: State,
    requests: u64,
    done: bool,
    setup: Slices,
    slices: Slices,
}

/// A simulation being set up, or running.
enum State {
    Building(Box<SimulationBuild>),
    Running(Box<Simulation>),
}

impl Sliced {
    /// Starts setting up `setup` over `keys` ([`SimulationBuild::new`]: the limits checked,
    /// the placement before the change built); the slices do the rest.
    pub fn new(setup: &Setup, keys: &[String]) -> Result<Sliced, TrafficError> {
        Ok(Sliced {
            state: State::Building(Box::new(SimulationBuild::new(setup, keys)?)),
            requests: setup.requests,
            done: false,
            setup: Slices::default(),
            slices: Slices::default(),
        })
    }

    /// Spends about `budget_ms` (on `now`, in milliseconds) on the run: while the
    /// simulation is being set up, on steps of [`SETUP_WORK`] keys (a slice that finishes
    /// the setup ends there), then on chunks of [`CHUNK`] requests; whether every request
    /// is made. At least one step or chunk runs, so a slice always makes progress. `keys`
    /// must be the keys given to [`Sliced::new`].
    pub fn slice(
        &mut self,
        keys: &[String],
        budget_ms: f64,
        mut now: impl FnMut() -> f64,
    ) -> Result<bool, TrafficError> {
        if self.done {
            return Ok(true);
        }
        let start = now();
        let mut last = start;
        let stats = match &mut self.state {
            State::Building(build) => {
                loop {
                    let ready = build.step(keys, SETUP_WORK)?;
                    self.setup.chunks += 1;
                    let t = now();
                    self.setup.longest_chunk_ms = self.setup.longest_chunk_ms.max(t - last);
                    last = t;
                    if ready || t - start >= budget_ms {
                        break;
                    }
                }
                &mut self.setup
            }
            State::Running(sim) => {
                loop {
                    self.done = sim.run(CHUNK);
                    self.slices.chunks += 1;
                    let t = now();
                    self.slices.longest_chunk_ms = self.slices.longest_chunk_ms.max(t - last);
                    last = t;
                    if self.done || t - start >= budget_ms {
                        break;
                    }
                }
                &mut self.slices
            }
        };
        let ms = last - start;
        stats.count += 1;
        stats.longest_ms = stats.longest_ms.max(ms);
        stats.total_ms += ms;
        if let State::Building(build) = &mut self.state {
            if let Some(sim) = build.take_ready() {
                self.state = State::Running(Box::new(sim));
            }
        }
        Ok(self.done)
    }

    /// The slices of the requests so far.
    pub fn slices(&self) -> &Slices {
        &self.slices
    }

    /// The slices of the setup so far (its "chunks" are steps of [`SETUP_WORK`] keys).
    pub fn setup_slices(&self) -> &Slices {
        &self.setup
    }

    /// The simulation, once it is set up.
    pub fn simulation(&self) -> Option<&Simulation> {
        match &self.state {
            State::Running(sim) => Some(sim),
            State::Building(_) => None,
        }
    }

    /// Requests made so far, and in all.
    pub fn progress(&self) -> (u64, u64) {
        self.simulation()
            .map_or((0, self.requests), Simulation::progress)
    }

    /// The report so far (`None` until the simulation is set up).
    pub fn report(&self) -> Option<Report> {
        self.simulation().map(Simulation::report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The native run of `key_count` keys and `requests` requests, up to the end of the
    /// bucket just after the join (what the page reads), in one call.
    fn native(key_count: u32, requests: u64) -> (u64, u64) {
        let setup = scenario(requests);
        let keys = keys::generate(key_count, 1);
        let mut sim = Simulation::new(&setup, &keys).unwrap();
        let report = sim.report();
        let end = bucket_end(&report, report.bucket_after.unwrap() as usize);
        assert!(
            just_after(&report).is_none(),
            "no figure before the bucket is over"
        );
        sim.run(end - 1);
        assert!(just_after(&sim.report()).is_none());
        sim.run(1);
        just_after(&sim.report()).unwrap()
    }

    #[test]
    fn the_scenario_is_the_native_benchmarks() {
        let s = scenario(10_000_000);
        assert_eq!(s.at, 5_000_000);
        assert_eq!((s.seed, s.buckets, s.replicas), (1, 100, 1));
        let names: Vec<&str> = s.nodes.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names.first(), Some(&"10.0.0.0:11211"));
        assert_eq!(names.last(), Some(&"10.0.0.9:11211"));
        assert_eq!(names.len(), 10);
        match &s.change {
            Some(Change::Join(n)) => assert_eq!(n.name, "10.0.0.10:11211"),
            other => panic!("not a join: {other:?}"),
        }
    }

    #[test]
    fn the_smoke_figure_is_the_native_one() {
        assert_eq!(
            Some(native(100_000, 200_000)),
            native_just_after(100_000, 200_000)
        );
    }

    /// A million keys and 5,100,000 requests: a few seconds in a debug build.
    #[test]
    fn the_full_figure_is_the_native_one() {
        assert_eq!(
            Some(native(1_000_000, 10_000_000)),
            native_just_after(1_000_000, 10_000_000)
        );
    }

    /// A clock that advances `step` milliseconds at each reading.
    fn ticking(step: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += step;
            t
        }
    }

    /// Runs the setup's slices (of `budget` on `clock`) until the simulation is set up;
    /// their number.
    fn set_up(
        sliced: &mut Sliced,
        keys: &[String],
        budget: f64,
        clock: &mut impl FnMut() -> f64,
    ) -> u32 {
        let mut slices = 0;
        while sliced.simulation().is_none() {
            assert!(!sliced.slice(keys, budget, &mut *clock).unwrap());
            assert_eq!(
                sliced.progress().0,
                0,
                "no request before the setup is done"
            );
            slices += 1;
        }
        slices
    }

    #[test]
    fn slices_set_up_then_stop_at_the_budget_and_give_the_report_of_one_run() {
        let setup = scenario(100_000);
        let keys = keys::generate(20_000, 1);
        let whole = ring_core::traffic::simulate(&setup, &keys).unwrap();
        let mut sliced = Sliced::new(&setup, &keys).unwrap();
        // One millisecond a step or chunk, three a slice: 3 steps of 2,048 keys, or 3
        // chunks of 2,048 requests, a slice.
        let mut clock = ticking(1.0);
        let setup_slices = set_up(&mut sliced, &keys, 3.0, &mut clock);
        // The setup passes over the 20,000 keys about 7 times: at least 6 x 20,000 keys'
        // worth of work in slices of at most 3 x 2,048.
        assert!(setup_slices >= 19, "{setup_slices} setup slices");
        let s = sliced.setup_slices();
        assert_eq!(s.count, setup_slices);
        assert!(s.longest_ms <= 3.0 && s.longest_chunk_ms == 1.0, "{s:?}");
        assert_eq!(sliced.slices(), &Slices::default());
        let mut slices = 0;
        while !sliced.slice(&keys, 3.0, &mut clock).unwrap() {
            slices += 1;
            assert_eq!(sliced.progress().0, 3 * CHUNK * slices);
        }
        // 100,000 requests: 16 full slices of 6,144, then 1,696 in one chunk.
        assert_eq!(slices, 16);
        let s = sliced.slices();
        assert_eq!((s.count, s.chunks), (17, 49));
        assert_eq!(s.longest_ms, 3.0);
        assert_eq!(s.longest_chunk_ms, 1.0);
        assert_eq!(s.total_ms, 16.0 * 3.0 + 1.0);
        assert_eq!(sliced.report(), Some(whole));
        assert!(sliced.slice(&keys, 3.0, &mut clock).unwrap());
        assert_eq!(
            sliced.slices().count,
            17,
            "a slice after the end is no slice"
        );
    }

    #[test]
    fn a_slice_whose_budget_is_spent_at_once_still_runs_a_chunk() {
        let setup = scenario(10_000);
        let keys = keys::generate(1_000, 1);
        let mut sliced = Sliced::new(&setup, &keys).unwrap();
        let mut clock = ticking(5.0);
        assert!(!sliced.slice(&keys, 0.0, &mut clock).unwrap());
        assert_eq!(sliced.setup_slices().chunks, 1, "one setup step");
        set_up(&mut sliced, &keys, 0.0, &mut clock);
        assert!(!sliced.slice(&keys, 0.0, &mut clock).unwrap());
        assert_eq!(sliced.progress().0, CHUNK);
        assert_eq!(sliced.slices().chunks, 1);
    }
}
