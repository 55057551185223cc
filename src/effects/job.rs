//! Runs a pending job ([`crate::model::job`]) in slices between frames.
//!
//! Each slice steps the job for about [`SLICE_MS`] milliseconds at the start of an
//! animation frame and then gives the browser back its thread until the next frame, so the
//! page keeps painting and answering clicks; the hook's progress re-renders only the
//! component that uses it. Slices run one a frame rather than back to back on zero-delay
//! timers: those kept the frames at 60 a second on average, but a slice that ran across
//! the moment a frame was due put it off by up to a slice, and a third of the frames came
//! 22 to 25 ms apart (measured from callback to callback, Envoy's ring of 8,388,608
//! entries built). When the job is done,
//! its state goes back to the reducer as `Action::JobDone`. A new pending job, a
//! cancelled one or the component going away drops the job and its timer.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use yew::prelude::*;

use super::now_ms;
use crate::model::job::{Job, Pending, STEP_KEYS};
use crate::model::Action;

/// Milliseconds of work in one slice, one slice a frame: 60% of a frame at 60 Hz, leaving
/// the rest for rendering, drawing and the page's own events.
pub(crate) const SLICE_MS: f64 = 10.0;

/// How far the job the page is running has got, in units of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JobProgress {
    /// Units done.
    pub(crate) done: u64,
    /// Units in all.
    pub(crate) total: u64,
}

struct Runner {
    job: RefCell<Option<Job>>,
    next: RefCell<Option<AnimationFrame>>,
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
                    next: RefCell::new(None),
                    serial: p.serial,
                    progress: progress.clone(),
                    done,
                }))
            });
            if runner.is_none() {
                progress.set(None);
            }
            if let Some(r) = &runner {
                schedule(r.clone());
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

fn schedule(runner: Rc<Runner>) {
    let next = runner.clone();
    let frame = request_animation_frame(move |_| slice(next));
    *runner.next.borrow_mut() = Some(frame);
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
        schedule(runner);
        return;
    }
    runner.next.borrow_mut().take();
    let job = runner.job.borrow_mut().take();
    if let Some(job) = job {
        let state = Rc::new(job.into_state());
        runner.done.emit(Action::JobDone {
            serial: runner.serial,
            state,
        });
    }
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

/// Runs `work` between two performance marks and records its time as a measure named
/// `name`, which the app benchmark (bench/app/large.mjs) reads.
fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let performance = web_sys::window().and_then(|w| w.performance());
    let (start, end) = (format!("{name}-start"), format!("{name}-end"));
    if let Some(p) = &performance {
        let _ = p.mark(&start);
    }
    let result = work();
    if let Some(p) = &performance {
        let _ = p.mark(&end);
        let _ = p.measure_with_start_mark_and_end_mark(name, &start, &end);
        p.clear_marks_with_mark_name(&start);
        p.clear_marks_with_mark_name(&end);
    }
    result
}
