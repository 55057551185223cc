//! Runs a pending job ([`crate::model::job`]) in slices between frames.
//!
//! Each slice steps the job for about [`SLICE_MS`] milliseconds at the start of an
//! animation frame and then gives the browser back its thread until the next frame, so the
//! page keeps painting and answering clicks; the hook's progress re-renders only the
//! component that uses it. Slices run one a frame rather than back to back on zero-delay
//! timers: those kept the frames at 60 a second on average, but a slice that ran across
//! the moment a frame was due put it off by up to a slice, and a third of the frames came
//! 22 to 25 ms apart (measured from callback to callback, Envoy's ring of 8,388,608
//! entries built). When the job is done, its state goes back to the reducer as
//! `Action::JobDone` in a frame of its own, and drawings asked for in that frame wait for
//! the next ones ([`draw_in_a_frame_of_its_own`]). A new pending job, a cancelled one or
//! the component going away drops the job and its timer.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use yew::prelude::*;

use super::now_ms;
use crate::model::job::STEP_KEYS;
use crate::model::state::{Pending, Resumable};
use crate::model::Action;

/// Milliseconds of work in one slice, one slice a frame: about half a frame at 60 Hz,
/// leaving the rest for rendering, drawing and the page's own events. At 10 ms, a slice
/// that ran over by a step (1 to 4 ms) with the page's own work made 2 to 5 frames of each
/// step on Envoy's largest ring 18 to 20 ms apart.
pub(crate) const SLICE_MS: f64 = 8.0;

/// How far the job the page is running has got, in units of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JobProgress {
    /// Units done.
    pub(crate) done: u64,
    /// Units in all.
    pub(crate) total: u64,
}

struct Runner {
    job: RefCell<Option<Box<dyn Resumable>>>,
    next: PutOff,
    serial: u64,
    progress: UseStateHandle<Option<JobProgress>>,
    done: Callback<Action>,
}

/// Runs `pending` (if any) in slices and returns its progress; `done` receives the
/// finished state.
#[hook]
pub(crate) fn use_job(pending: Option<Rc<Pending>>, done: Callback<Action>) -> Option<JobProgress> {
    let progress = use_state(Option::<JobProgress>::default);
    let serial = pending.as_ref().map(|p| p.serial);
    {
        let progress = progress.clone();
        use_effect_with(serial, move |_| {
            let runner = pending.and_then(|p| {
                let job = p.take()?;
                let (d, total) = job.progress();
                progress.set(Some(JobProgress { done: d, total }));
                Some(Rc::new(Runner {
                    job: RefCell::new(Some(job)),
                    next: PutOff::default(),
                    serial: p.serial,
                    progress: progress.clone(),
                    done,
                }))
            });
            if runner.is_none() {
                progress.set(None);
            }
            if let Some(r) = &runner {
                // The first slice waits a frame: the next one lays out and paints the
                // progress bar and the page's answer to the change (on Envoy's largest
                // ring the two with the first slice made a frame of 20 to 23 ms).
                schedule(r.clone(), 2);
            }
            move || {
                if let Some(r) = runner {
                    // Breaks the runner ↔ timer cycle and drops the job.
                    r.next.borrow_mut().take();
                    r.job.borrow_mut().take();
                }
            }
        });
    }
    *progress
}

/// Runs the next slice `frames` animation frames from now.
fn schedule(runner: Rc<Runner>, frames: u32) {
    let slot = runner.next.clone();
    after_frames(slot, frames, Box::new(move || slice(runner)));
}

fn slice(runner: Rc<Runner>) {
    timed("ringlab:slice", || run_slice(runner));
}

fn run_slice(runner: Rc<Runner>) {
    let start = now_ms();
    let finished = {
        let mut slot = runner.job.borrow_mut();
        let Some(job) = slot.as_mut() else {
            return;
        };
        let was_finished = job.finished();
        let mut finished = was_finished;
        while !finished && now_ms() - start < SLICE_MS {
            finished = job.step(STEP_KEYS);
        }
        let (done, total) = job.progress();
        runner.progress.set(Some(JobProgress { done, total }));
        // The finished state is handed over at the start of the next frame, not after a
        // slice's work: the page then lays out and draws it in a frame of its own (on
        // Envoy's ring of 8,388,608 entries the last slice and the first picture made one
        // frame of 30 ms).
        was_finished
    };
    if !finished {
        schedule(runner, 1);
        return;
    }
    runner.next.borrow_mut().take();
    let job = runner.job.borrow_mut().take();
    if let Some(job) = job {
        let state = Rc::new(job.into_state());
        mark_handover_frame();
        runner.done.emit(Action::JobDone {
            serial: runner.serial,
            state,
        });
    }
}

thread_local! {
    /// Holds a request while the frame that hands a finished job's state over runs: the
    /// next frame's start ends it.
    static HANDOVER_FRAME: PutOff = Rc::default();
}

fn mark_handover_frame() {
    HANDOVER_FRAME.with(|h| after_frames(h.clone(), 1, Box::new(|| ())));
}

/// A drawing put off to a later frame by [`draw_in_a_frame_of_its_own`]; dropping it (a
/// newer drawing, or the component going away) cancels it.
pub(crate) type PutOff = Rc<RefCell<Option<AnimationFrame>>>;

/// Runs `draw` now, or, when asked in the frame that hands a finished job's state over,
/// `frames_on` frames later. That frame already renders the whole page for the new state:
/// on Envoy's ring of 8,388,608 entries, Yew's rendering (5 ms), the picture (8 ms) and
/// the charts (3 ms) with the page's layout and paint made a frame of 25 to 31 ms, so the
/// picture takes the next frame and the charts the one after. Meanwhile the canvases show
/// the state before, one or two frames longer. A drawing asked for again replaces the one
/// put off.
pub(crate) fn draw_in_a_frame_of_its_own(
    put_off: &PutOff,
    frames_on: u32,
    draw: Box<dyn FnOnce()>,
) {
    put_off.borrow_mut().take();
    if HANDOVER_FRAME.with(|h| h.borrow().is_none()) {
        draw();
        return;
    }
    after_frames(put_off.clone(), frames_on, draw);
}

fn after_frames(slot: PutOff, frames: u32, work: Box<dyn FnOnce()>) {
    let next = slot.clone();
    let frame = request_animation_frame(move |_| {
        if frames > 1 {
            after_frames(next, frames - 1, work);
        } else {
            next.borrow_mut().take();
            work();
        }
    });
    *slot.borrow_mut() = Some(frame);
}

/// Runs `apply` (the reducer's transition) as a `ringlab:apply` measure (see [`timed`]):
/// how long the model took to work out a change, apart from rendering and drawing.
pub(crate) fn timed_apply<T>(apply: impl FnOnce() -> T) -> T {
    timed("ringlab:apply", apply)
}

/// Runs `draw` (one frame of the lab's picture) as a `ringlab:draw` measure: how long the
/// picture took, apart from the model and the page's layout (bench/app/systems.mjs).
pub(crate) fn timed_draw(draw: impl FnOnce()) {
    timed("ringlab:draw", draw);
}

/// Runs `work` after a performance mark and records the time from the mark to its end as
/// a measure named `name`, which the app benchmarks (bench/app/large.mjs) read.
fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
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
