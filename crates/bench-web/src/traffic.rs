//! Issue 15's traffic simulation in the page: the scenario of the native benchmark
//! (`crates/ring-core/benches/traffic.rs`, its Zipf 1 row with caches that hold all their
//! keys), run in slices of a time budget so that a page can run it between frames.
//!
//! The clock is a closure here, so that the slicing is tested natively; the page's
//! [`crate::TrafficBench`] gives it `performance.now()`.

use ring_core::traffic::{Capacity, Change, Report, Setup, Simulation, TrafficError};
use ring_core::{Algorithm, Config};

use ring_core::registry::AlgoId;

use crate::keys;

/// Requests per chunk of a slice: the clock is read after each. A request costs about
/// 34 ns natively and 65 to 100 ns in wasm (opt-level "s", in Chromium), so a chunk takes
/// about 0.2 ms and a slice overshoots its budget by about that; reading the clock (a call
/// out to JS) 5,000 times in 10,000,000 requests costs nothing to speak of. A multiple of
/// 256, the requests the core draws before it looks their nodes up.
pub const CHUNK: u64 = 2_048;

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

/// A simulation and its slices so far.
pub struct Sliced {
    sim: Simulation,
    done: bool,
    slices: Slices,
}

impl Sliced {
    /// Sets up `setup` over `keys` ([`Simulation::new`]).
    pub fn new(setup: &Setup, keys: &[String]) -> Result<Sliced, TrafficError> {
        Ok(Sliced {
            sim: Simulation::new(setup, keys)?,
            done: false,
            slices: Slices::default(),
        })
    }

    /// Runs chunks of [`CHUNK`] requests until `budget_ms` (on `now`, in milliseconds) is
    /// spent or every request is made; whether every request is made. At least one chunk
    /// runs, so a slice always makes progress.
    pub fn slice(&mut self, budget_ms: f64, mut now: impl FnMut() -> f64) -> bool {
        if self.done {
            return true;
        }
        let start = now();
        let mut last = start;
        loop {
            self.done = self.sim.run(CHUNK);
            self.slices.chunks += 1;
            let t = now();
            self.slices.longest_chunk_ms = self.slices.longest_chunk_ms.max(t - last);
            last = t;
            if self.done || t - start >= budget_ms {
                break;
            }
        }
        let ms = last - start;
        self.slices.count += 1;
        self.slices.longest_ms = self.slices.longest_ms.max(ms);
        self.slices.total_ms += ms;
        self.done
    }

    /// The slices so far.
    pub fn slices(&self) -> &Slices {
        &self.slices
    }

    /// The simulation.
    pub fn simulation(&self) -> &Simulation {
        &self.sim
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

    #[test]
    fn slices_stop_at_the_budget_and_give_the_report_of_one_run() {
        let setup = scenario(100_000);
        let keys = keys::generate(20_000, 1);
        let whole = ring_core::traffic::simulate(&setup, &keys).unwrap();
        let mut sliced = Sliced::new(&setup, &keys).unwrap();
        // One millisecond a chunk, three a slice: 3 chunks, 6,144 requests a slice.
        let mut clock = ticking(1.0);
        let mut slices = 0;
        while !sliced.slice(3.0, &mut clock) {
            slices += 1;
            assert_eq!(sliced.simulation().progress().0, 3 * CHUNK * slices);
        }
        // 100,000 requests: 16 full slices of 6,144, then 1,696 in one chunk.
        assert_eq!(slices, 16);
        let s = sliced.slices();
        assert_eq!((s.count, s.chunks), (17, 49));
        assert_eq!(s.longest_ms, 3.0);
        assert_eq!(s.longest_chunk_ms, 1.0);
        assert_eq!(s.total_ms, 16.0 * 3.0 + 1.0);
        assert_eq!(sliced.simulation().report(), whole);
        assert!(sliced.slice(3.0, &mut clock));
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
        assert!(!sliced.slice(0.0, ticking(5.0)));
        assert_eq!(sliced.simulation().progress().0, CHUNK);
        assert_eq!(sliced.slices().chunks, 1);
    }
}
