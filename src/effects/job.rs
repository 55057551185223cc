//! Runs a pending job ([`crate::model::job`]) on the page's scheduler
//! ([`super::scheduler`]), a slice a frame, and hands its state back to the reducer as
//! `Action::JobDone` in a frame of its own: drawings asked for in that frame wait for the
//! next ones ([`draw_in_a_frame_of_its_own`]). A new pending job, a cancelled one or the
//! component going away drops the job. Also the app benchmarks' measures of the model, the
//! slices and the picture.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use yew::prelude::*;

use super::scheduler::{self, Steps};
use crate::model::job::STEP_KEYS;
use crate::model::state::{Pending, Resumable};
use crate::model::Action;

/// How far the job the page is running has got, in units of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JobProgress {
    /// Units done.
    pub(crate) done: u64,
    /// Units in all.
    pub(crate) total: u64,
}

/// A job as the scheduler runs it: stepped, its progress shown after each frame's slice,
/// its state handed over at the start of the frame after the last.
struct Placing {
    job: Option<Box<dyn Resumable>>,
    serial: u64,
    progress: UseStateHandle<Option<JobProgress>>,
    done: Callback<Action>,
}

impl Steps for Placing {
    fn step(&mut self) -> bool {
        self.job.as_mut().is_none_or(|job| job.step(STEP_KEYS))
    }

    fn show(&mut self) {
        if let Some(job) = &self.job {
            let (done, total) = job.progress();
            self.progress.set(Some(JobProgress { done, total }));
        }
    }

    fn finish(&mut self) {
        // In a frame of its own, not after the last slice: on Envoy's ring of 8,388,608
        // entries the last slice and the first picture made one frame of 30 ms.
        if let Some(job) = self.job.take() {
            let state = Rc::new(job.into_state());
            mark_handover_frame();
            self.done.emit(Action::JobDone {
                serial: self.serial,
                state,
            });
        }
    }
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
            let placing = pending.and_then(|p| {
                let job = p.take()?;
                let (d, total) = job.progress();
                progress.set(Some(JobProgress { done: d, total }));
                Some(Placing {
                    job: Some(job),
                    serial: p.serial,
                    progress: progress.clone(),
                    done,
                })
            });
            if placing.is_none() {
                progress.set(None);
            }
            // The first slice waits a frame: the next one lays out and paints the progress
            // bar and the page's answer to the change (on Envoy's largest ring the two with
            // the first slice made a frame of 20 to 23 ms). Dropped, the job stops.
            let submitted = placing.map(|p| scheduler::submit_after(Box::new(p), 1));
            move || drop(submitted)
        });
    }
    *progress
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

/// Runs `apply` (the reducer's transition) as a `ringlab:apply` measure (see
/// [`crate::perf::timed`]):
/// how long the model took to work out a change, apart from rendering and drawing.
pub(crate) fn timed_apply<T>(apply: impl FnOnce() -> T) -> T {
    crate::perf::timed("ringlab:apply", apply)
}

/// Runs `draw` (one frame of the lab's picture) as a `ringlab:draw` measure: how long the
/// picture took, apart from the model and the page's layout (bench/app/systems.mjs).
pub(crate) fn timed_draw(draw: impl FnOnce()) {
    crate::perf::timed("ringlab:draw", draw);
}
