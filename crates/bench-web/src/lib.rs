//! # bench-web
//!
//! The browser benchmark's wasm side: the ring core timed inside a page, beside npm
//! `hashring` timed by the same page on the same nodes and keys. `scripts/bench-web` builds
//! this crate for wasm32, serves `bench/web/` and drives it in headless Chromium.
//!
//! - Keys are generated here ([`keys`]), never passed in: copying 100,000 JS strings into
//!   wasm costs more than placing them (issue 6 measured 165 ns per key). The page makes
//!   the same keys in JS for hashring and checks them against [`sample_keys`] first.
//! - Every figure is milliseconds measured inside wasm with `performance.now()`, the clock
//!   the page times hashring with, around the work alone: keys, positions and the rings a
//!   change compares are prepared beforehand, untimed.
//! - [`AssignBench`] builds rings and assigns keys; [`ChangeBench`] times a node joining
//!   and leaving with a million keys ([`change`]); [`TrafficBench`] runs issue 15's traffic
//!   simulation in slices of a time budget, one per animation frame ([`traffic`]);
//!   [`bucket::BucketBench`] times jump hash beside the npm package that computes it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bucket;
pub mod change;
pub mod keys;
pub mod traffic;

use ring_core::delta::KeyPositions;
use ring_core::{build, Algorithm, Config, Placement};
use wasm_bindgen::prelude::*;

/// The page's clock, as a [`JsError`] outside a page.
fn clock() -> Result<web_sys::Performance, JsError> {
    web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| JsError::new("no window.performance: run the benchmark in a page"))
}

/// Runs `work` and returns its result with the milliseconds it took.
fn timed<T>(work: impl FnOnce() -> T) -> Result<(T, f64), JsError> {
    let clock = clock()?;
    let start = clock.now();
    let out = work();
    Ok((out, clock.now() - start))
}

fn js_error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// The first `count` keys of seed `seed`, one per line: what the page's JS port of the
/// generator must reproduce before hashring is timed on its keys.
#[wasm_bindgen]
pub fn sample_keys(count: u32, seed: u32) -> String {
    keys::generate(count, u64::from(seed)).join("\n")
}

/// Keys generated in wasm, a ring, and the keys' owners on it.
#[wasm_bindgen]
pub struct AssignBench {
    keys: Vec<String>,
    placement: Option<Box<dyn Placement>>,
    /// The keys' positions on `placement`, hashed (untimed) before the first cached assign.
    positions: Vec<u64>,
    owners: Vec<u32>,
}

#[wasm_bindgen]
impl AssignBench {
    /// `key_count` keys of seed `seed`, and no ring yet.
    #[wasm_bindgen(constructor)]
    pub fn new(key_count: u32, seed: u32) -> AssignBench {
        AssignBench {
            keys: keys::generate(key_count, u64::from(seed)),
            placement: None,
            positions: Vec::new(),
            owners: Vec::new(),
        }
    }

    /// Builds the benchmark's ring ([`change::ring_config`]) of `nodes` nodes with
    /// `per_node` points each; returns the milliseconds it took.
    pub fn build_ring(&mut self, nodes: u32, per_node: u32) -> Result<f64, JsError> {
        self.build_with(&change::ring_config(per_node), nodes)
    }

    /// Builds libketama's continuum (MD5, 160 points per server) over `nodes` nodes: the
    /// algorithm npm hashring implements, so both must place every key alike.
    pub fn build_ketama(&mut self, nodes: u32) -> Result<f64, JsError> {
        self.build_with(&Config::new(Algorithm::ketama()), nodes)
    }

    fn build_with(&mut self, config: &Config, nodes: u32) -> Result<f64, JsError> {
        let specs = keys::nodes(0, nodes);
        self.placement = None;
        self.positions.clear();
        let (built, ms) = timed(|| build(config, &specs))?;
        self.placement = Some(built.map_err(js_error)?);
        Ok(ms)
    }

    fn placement(&self) -> Result<&dyn Placement, JsError> {
        self.placement
            .as_deref()
            .ok_or_else(|| JsError::new("build a ring first"))
    }

    /// The points on the ring built last (0 before any).
    pub fn ring_points(&self) -> u32 {
        self.placement
            .as_deref()
            .and_then(|p| p.owning_ring())
            .map_or(0, |ring| ring.points().len() as u32)
    }

    /// Places every key, hashing included ([`Placement::assign`]); returns milliseconds.
    pub fn assign(&mut self) -> Result<f64, JsError> {
        let placement = self.placement()?;
        let (owners, ms) = timed(|| placement.assign(&self.keys))?;
        self.owners = owners;
        Ok(ms)
    }

    /// Places every key from positions hashed beforehand ([`Placement::assign_positions`]),
    /// as the app does after a change; returns milliseconds.
    pub fn assign_cached(&mut self) -> Result<f64, JsError> {
        // Fields, not `self.placement()`: the positions are written while the ring is borrowed.
        let placement = self
            .placement
            .as_deref()
            .ok_or_else(|| JsError::new("build a ring first"))?;
        if self.positions.len() != self.keys.len() {
            self.positions = placement.key_positions(&self.keys);
        }
        let (owners, ms) = timed(|| placement.assign_positions(&self.keys, &self.positions))?;
        self.owners = owners;
        Ok(ms)
    }

    /// Hashes every key, then places every position ([`Placement::key_positions`], then
    /// [`Placement::assign_positions`]), both timed: the same work as [`AssignBench::assign`]
    /// in two passes, whose lookups do not wait behind hashing; returns milliseconds.
    pub fn assign_two_pass(&mut self) -> Result<f64, JsError> {
        let placement = self.placement()?;
        let (owners, ms) = timed(|| {
            let positions = placement.key_positions(&self.keys);
            placement.assign_positions(&self.keys, &positions)
        })?;
        self.owners = owners;
        Ok(ms)
    }

    /// The number of keys.
    pub fn key_count(&self) -> u32 {
        self.keys.len() as u32
    }

    /// Each key's owner from the last assign (node `i` is `10.0.<i / 256>.<i % 256>:11211`).
    pub fn owners(&self) -> Vec<u32> {
        self.owners.clone()
    }
}

/// A million keys (or as many as asked), their positions hashed and sorted once, and a
/// ring that one node joins and one leaves ([`change::Change`]).
#[wasm_bindgen]
pub struct ChangeBench {
    keys: Vec<String>,
    cache: KeyPositions,
    change: Option<change::Change>,
    moved: u64,
    examined: u64,
    load_total: u64,
}

#[wasm_bindgen]
impl ChangeBench {
    /// `key_count` keys of seed `seed`, hashed and sorted by position (untimed).
    #[wasm_bindgen(constructor)]
    pub fn new(key_count: u32, seed: u32) -> Result<ChangeBench, JsError> {
        let keys = keys::generate(key_count, u64::from(seed));
        // Positions depend only on the algorithm and the hash, not on the nodes: one ring
        // of any size gives the positions for every ring of the benchmark.
        let probe = build(&change::ring_config(1), &keys::nodes(0, 1)).map_err(js_error)?;
        let cache = KeyPositions::of(probe.as_ref(), &keys);
        Ok(ChangeBench {
            keys,
            cache,
            change: None,
            moved: 0,
            examined: 0,
            load_total: 0,
        })
    }

    /// Prepares the rings of `nodes` nodes with `per_node` points each (untimed).
    pub fn set_ring(&mut self, nodes: u32, per_node: u32) -> Result<(), JsError> {
        self.change = None;
        self.change =
            Some(change::Change::new(nodes, per_node, &self.keys, &self.cache).map_err(js_error)?);
        Ok(())
    }

    fn change(&self) -> Result<&change::Change, JsError> {
        self.change
            .as_ref()
            .ok_or_else(|| JsError::new("call set_ring first"))
    }

    /// Merges the newcomer into the ring; returns milliseconds.
    pub fn join_merge(&self) -> Result<f64, JsError> {
        let change = self.change()?;
        let (nodes, ms) = timed(|| change.join_merge())?;
        nodes.map_err(js_error)?;
        Ok(ms)
    }

    /// Filters the first node out of the longer ring; returns milliseconds.
    pub fn leave_filter(&self) -> Result<f64, JsError> {
        let change = self.change()?;
        let (nodes, ms) = timed(|| change.leave_filter())?;
        nodes.map_err(js_error)?;
        Ok(ms)
    }

    /// The keys the newcomer took and the new loads; returns milliseconds.
    pub fn join_delta(&mut self) -> Result<f64, JsError> {
        let change = self.change()?;
        let (outcome, ms) = timed(|| change.join_delta(&self.keys, &self.cache))?;
        self.record(outcome.map_err(js_error)?);
        Ok(ms)
    }

    /// The keys the first node gave away when it left and the new loads; returns
    /// milliseconds.
    pub fn leave_delta(&mut self) -> Result<f64, JsError> {
        let change = self.change()?;
        let (outcome, ms) = timed(|| change.leave_delta(&self.keys, &self.cache))?;
        self.record(outcome.map_err(js_error)?);
        Ok(ms)
    }

    fn record(&mut self, outcome: change::Outcome) {
        self.moved = outcome.delta.moves.moved;
        self.examined = outcome.delta.examined;
        self.load_total = outcome.loads.iter().sum();
    }

    /// The number of keys.
    pub fn key_count(&self) -> u32 {
        self.keys.len() as u32
    }

    /// Keys moved by the last join or leave.
    pub fn moved(&self) -> f64 {
        self.moved as f64
    }

    /// Keys the last join or leave located again (those in arcs that changed).
    pub fn examined(&self) -> f64 {
        self.examined as f64
    }

    /// The sum of the loads after the last join or leave: every key, if they are right.
    pub fn load_total(&self) -> f64 {
        self.load_total as f64
    }
}

/// Issue 15's traffic simulation ([`traffic::scenario`]) over keys generated once, set up
/// (timed) by [`TrafficBench::prepare`] and run in slices of a time budget by
/// [`TrafficBench::slice`], which the page calls once per animation frame.
#[wasm_bindgen]
pub struct TrafficBench {
    keys: Vec<String>,
    clock: web_sys::Performance,
    run: Option<traffic::Sliced>,
}

#[wasm_bindgen]
impl TrafficBench {
    /// `key_count` keys of seed `seed` (untimed), and no simulation yet.
    #[wasm_bindgen(constructor)]
    pub fn new(key_count: u32, seed: u32) -> Result<TrafficBench, JsError> {
        Ok(TrafficBench {
            keys: keys::generate(key_count, u64::from(seed)),
            clock: clock()?,
            run: None,
        })
    }

    /// Starts a new simulation of `requests` requests over the keys
    /// ([`SimulationBuild::new`]: the limits checked, the placement before the change
    /// built); returns the milliseconds it took. The rest of the setup (both placements of
    /// every key, the permutation, the alias table, the warm caches) runs in the first
    /// slices.
    ///
    /// [`SimulationBuild::new`]: ring_core::traffic::SimulationBuild::new
    pub fn prepare(&mut self, requests: f64) -> Result<f64, JsError> {
        self.run = None;
        let setup = traffic::scenario(requests as u64);
        let (sliced, ms) = timed(|| traffic::Sliced::new(&setup, &self.keys))?;
        self.run = Some(sliced.map_err(js_error)?);
        Ok(ms)
    }

    fn run(&self) -> Result<&traffic::Sliced, JsError> {
        self.run
            .as_ref()
            .ok_or_else(|| JsError::new("call prepare first"))
    }

    /// Spends about `budget_ms` milliseconds (`performance.now()`, read inside wasm after
    /// each step or chunk) on the setup, then on requests in chunks of [`traffic::CHUNK`];
    /// whether every request is made.
    pub fn slice(&mut self, budget_ms: f64) -> Result<bool, JsError> {
        let clock = &self.clock;
        let run = self
            .run
            .as_mut()
            .ok_or_else(|| JsError::new("call prepare first"))?;
        run.slice(&self.keys, budget_ms, || clock.now())
            .map_err(js_error)
    }

    /// Whether the simulation is set up (the setup's slices are over).
    pub fn set_up(&self) -> Result<bool, JsError> {
        Ok(self.run()?.simulation().is_some())
    }

    /// The setup's slices so far.
    pub fn setup_slices(&self) -> Result<u32, JsError> {
        Ok(self.run()?.setup_slices().count)
    }

    /// The setup's slices' time together, milliseconds.
    pub fn setup_ms(&self) -> Result<f64, JsError> {
        Ok(self.run()?.setup_slices().total_ms)
    }

    /// The longest slice of the setup, milliseconds.
    pub fn longest_setup_slice_ms(&self) -> Result<f64, JsError> {
        Ok(self.run()?.setup_slices().longest_ms)
    }

    /// The longest step of [`traffic::SETUP_WORK`] keys of the setup, milliseconds.
    pub fn longest_setup_step_ms(&self) -> Result<f64, JsError> {
        Ok(self.run()?.setup_slices().longest_chunk_ms)
    }

    /// Requests made so far.
    pub fn done(&self) -> Result<f64, JsError> {
        Ok(self.run()?.progress().0 as f64)
    }

    /// Requests in all.
    pub fn requests(&self) -> Result<f64, JsError> {
        Ok(self.run()?.progress().1 as f64)
    }

    /// Slices run so far.
    pub fn slices(&self) -> Result<u32, JsError> {
        Ok(self.run()?.slices().count)
    }

    /// The longest slice so far, milliseconds.
    pub fn longest_slice_ms(&self) -> Result<f64, JsError> {
        Ok(self.run()?.slices().longest_ms)
    }

    /// The longest chunk of [`traffic::CHUNK`] requests so far, milliseconds.
    pub fn longest_chunk_ms(&self) -> Result<f64, JsError> {
        Ok(self.run()?.slices().longest_chunk_ms)
    }

    /// Chunks run so far, in all slices.
    pub fn chunks(&self) -> Result<u32, JsError> {
        Ok(self.run()?.slices().chunks)
    }

    /// The slices' time together, milliseconds: the requests' cost without the frames
    /// between them.
    pub fn sliced_ms(&self) -> Result<f64, JsError> {
        Ok(self.run()?.slices().total_ms)
    }

    /// The requests per chunk of a slice.
    pub fn chunk() -> f64 {
        traffic::CHUNK as f64
    }

    /// The hits of the first time bucket after the join, once it is over (else `None`).
    pub fn hits_just_after(&self) -> Result<Option<f64>, JsError> {
        let report = self.run()?.report();
        Ok(report
            .and_then(|r| traffic::just_after(&r))
            .map(|(hits, _)| hits as f64))
    }

    /// The requests of the first time bucket after the join, once it is over.
    pub fn requests_just_after(&self) -> Result<Option<f64>, JsError> {
        let report = self.run()?.report();
        Ok(report
            .and_then(|r| traffic::just_after(&r))
            .map(|(_, requests)| requests as f64))
    }

    /// The number of keys.
    pub fn key_count(&self) -> u32 {
        self.keys.len() as u32
    }
}

/// The hits just after the join that the native build gives for `key_count` keys of seed
/// 1 and `requests` requests, where the crate's tests pin it ([`traffic::native_just_after`]).
#[wasm_bindgen]
pub fn native_hits_just_after(key_count: u32, requests: f64) -> Option<f64> {
    traffic::native_just_after(key_count, requests as u64).map(|(hits, _)| hits as f64)
}
