//! Performance marks of the page's start, read by `bench/app/startup.mjs`: `ringlab:boot`
//! (static/boot.js, before the wasm is fetched), [`WASM_START`] (the first line of the
//! wasm's `main`) and [`FIRST_RING`] (right after the picture canvas is first drawn). A
//! mark's `startTime` counts from the start of the navigation, so the figure is what a
//! reader waits for, from the address bar to the first picture. Also [`timed`], the
//! measures `bench/app/large.mjs` reads (the model, the slices of work between frames, the
//! lab's picture).

use std::cell::Cell;

/// The wasm's `main` has started (the module is fetched, compiled and instantiated).
pub const WASM_START: &str = "ringlab:wasm-start";

/// The picture canvas (`#ring-canvas`) holds its first drawing: the ring, or the bins of an
/// algorithm that has no ring.
pub(crate) const FIRST_RING: &str = "ringlab:first-ring";

thread_local! {
    static FIRST_RING_MARKED: Cell<bool> = const { Cell::new(false) };
}

/// Adds the mark `name` to the page's performance timeline (nothing when the page has no
/// `performance`: a mark is a measurement, never a reason to fail).
pub fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
}

/// Marks [`FIRST_RING`] the first time it is called in the page, and does nothing after.
pub(crate) fn first_ring_drawn() {
    if !FIRST_RING_MARKED.with(|m| m.replace(true)) {
        mark(FIRST_RING);
    }
}

/// Runs `work` after a performance mark and records the time from the mark to its end as
/// a measure named `name`, which the app benchmarks (bench/app/large.mjs) read.
pub(crate) fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let started = start_measure(name);
    let result = work();
    end_measure(name, started);
    result
}

// Apart from `timed`, of which each caller's types make a copy: out of its three copies,
// and with one mark where there were two, this took 437 bytes off the first load's gzip.
fn start_measure(name: &str) -> Option<(web_sys::Performance, String)> {
    let performance = web_sys::window()?.performance()?;
    let start = format!("{name}-start");
    let _ = performance.mark(&start);
    Some((performance, start))
}

fn end_measure(name: &str, started: Option<(web_sys::Performance, String)>) {
    if let Some((performance, start)) = started {
        // From the start mark to now.
        let _ = performance.measure_with_start_mark(name, &start);
        performance.clear_marks_with_mark_name(&start);
    }
}
