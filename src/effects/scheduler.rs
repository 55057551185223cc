//! The one loop that runs long work between frames: the lab's jobs, the Paper view's
//! cells, the "Which algorithm?" view's rows and the Traffic view's simulations are
//! submitted here as resumable work ([`Steps`]), and each gets a [`Submitted`] back that
//! cancels it when dropped (a newer change, new settings, the view going away).
//!
//! Every animation frame has one slice of [`SLICE_MS`], shared among the works in turn (each
//! stepped at least once), timed as `ringlab:slice` for the app benchmarks; then each shows
//! what it has done. Slices run one a frame rather than back to back on zero-delay timers:
//! those kept the frames at 60 a second on average, but a slice that ran across the moment
//! a frame was due put it off by up to a slice, and a third of the frames came 22 to 25 ms
//! apart (measured from callback to callback, Envoy's ring of 8,388,608 entries built). A
//! finished work is handed over ([`Steps::finish`]) at the start of the next frame, so that
//! its end is laid out in a frame of its own.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo::render::{request_animation_frame, AnimationFrame};

use super::now_ms;
use crate::perf::timed;

/// Milliseconds of work in one frame, for every work together: about half a frame at
/// 60 Hz, leaving the rest for rendering, drawing and the page's own events. At 10 ms, a
/// slice that ran over by a step (1 to 4 ms) with the page's own work made 2 to 5 frames of
/// each step on Envoy's largest ring 18 to 20 ms apart.
pub(crate) const SLICE_MS: f64 = 8.0;

/// Work done a bounded step at a time.
pub(crate) trait Steps {
    /// Does the next step, a small part of a slice; whether the work is done.
    fn step(&mut self) -> bool;
    /// After this frame's steps: shows what is done so far.
    fn show(&mut self) {}
    /// At the start of the frame after the last step: hands the result over.
    fn finish(&mut self) {}
    /// Whether this frame, starting at `frame_start`, only shows the work (then it is not
    /// stepped): for a view whose drawing would not fit in a frame beside a slice.
    fn shows_only(&mut self, _frame_start: f64) -> bool {
        false
    }
}

struct Entry {
    work: RefCell<Box<dyn Steps>>,
    /// Frames to sit out before the first step.
    wait: Cell<u32>,
    finished: Cell<bool>,
}

/// A submitted work; dropping it cancels the work.
pub(crate) struct Submitted {
    _entry: Rc<Entry>,
}

#[derive(Default)]
struct Queue {
    works: Vec<Weak<Entry>>,
    frame: Option<AnimationFrame>,
}

thread_local! {
    static QUEUE: RefCell<Queue> = RefCell::default();
}

/// Runs `work` from the next animation frame on.
pub(crate) fn submit(work: Box<dyn Steps>) -> Submitted {
    submit_after(work, 0)
}

/// Runs `work` once `frames` animation frames have passed (the next frame left to the
/// page's answer to a change, say), then in every frame's shared slice.
pub(crate) fn submit_after(work: Box<dyn Steps>, frames: u32) -> Submitted {
    let entry = Rc::new(Entry {
        work: RefCell::new(work),
        wait: Cell::new(frames),
        finished: Cell::new(false),
    });
    QUEUE.with(|q| q.borrow_mut().works.push(Rc::downgrade(&entry)));
    request_frame();
    Submitted { _entry: entry }
}

fn request_frame() {
    QUEUE.with(|q| {
        let mut q = q.borrow_mut();
        if q.frame.is_none() {
            q.frame = Some(request_animation_frame(|_| run_frame()));
        }
    });
}

fn run_frame() {
    let start = now_ms();
    // The works still submitted (a dropped one is gone), none borrowed while they run, so
    // that a work may submit or drop works (a view rendered again) as it goes.
    let live: Vec<Rc<Entry>> = QUEUE.with(|q| {
        let mut q = q.borrow_mut();
        q.frame = None;
        q.works.retain(|w| w.strong_count() > 0);
        q.works.iter().filter_map(Weak::upgrade).collect()
    });
    let (done, working): (Vec<_>, Vec<_>) = live.into_iter().partition(|e| e.finished.get());
    for entry in &done {
        entry.work.borrow_mut().finish();
    }
    QUEUE.with(|q| {
        let mut q = q.borrow_mut();
        q.works
            .retain(|w| w.upgrade().is_some_and(|e| !e.finished.get()));
    });
    let mut stepped = Vec::new();
    let mut shown = Vec::new();
    for entry in &working {
        if entry.wait.get() > 0 {
            entry.wait.set(entry.wait.get() - 1);
        } else if entry.work.borrow_mut().shows_only(start) {
            shown.push(entry);
        } else {
            stepped.push(entry);
        }
    }
    if !stepped.is_empty() {
        timed("ringlab:slice", || slice(&stepped, start));
    }
    for entry in stepped.iter().chain(&shown) {
        entry.work.borrow_mut().show();
    }
    if !working.is_empty() {
        request_frame();
    }
}

/// Steps `works` in turn, each at least once, until the slice that began at `start` is spent
/// or every one is finished.
fn slice(works: &[&Rc<Entry>], start: f64) {
    let mut active: Vec<&Rc<Entry>> = works.to_vec();
    let mut first = true;
    while !active.is_empty() && (first || now_ms() - start < SLICE_MS) {
        first = false;
        active.retain(|entry| {
            let finished = entry.work.borrow_mut().step();
            entry.finished.set(finished);
            !finished
        });
    }
}
