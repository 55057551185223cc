//! The progress bar of a change still placing its keys (more than `job::SYNC_KEYS`), with
//! a button that stops it. The page keeps showing the state from before until the job is
//! done, and keeps answering clicks meanwhile.

use yew::prelude::*;

use super::{use_lang, Dispatch};
use crate::effects::job::use_job;
use crate::i18n::{num, Msg, Ui};
use crate::model::{Action, State};
use std::rc::Rc;

/// Props of [`JobProgressBar`].
#[derive(Properties, PartialEq)]
pub(crate) struct JobProgressProps {
    /// The state; its pending job is the one run.
    pub(crate) state: Rc<State>,
    /// Receives the finished state and the cancel.
    pub(crate) dispatch: Dispatch,
}

/// Runs the pending job and shows how far it has got.
#[component]
pub(crate) fn JobProgressBar(props: &JobProgressProps) -> Html {
    let lang = use_lang();
    let dispatch = props.dispatch.clone();
    let done = Callback::from(move |action: Action| dispatch.dispatch(action));
    let progress = use_job(props.state.pending.clone(), done);
    let (Some(pending), Some(progress)) = (props.state.pending.as_ref(), progress) else {
        return html! { <div class="job-progress empty" id="job-progress" role="status"></div> };
    };
    let oncancel = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::CancelJob))
    };
    let fraction = if progress.total == 0 {
        0.0
    } else {
        progress.done as f64 / progress.total as f64
    };
    html! {
        <div class="job-progress" id="job-progress" role="status" data-serial={pending.serial.to_string()}>
            <span class="job-what">{ lang.t(match pending.ring_points {
                0 => Msg::PlacingKeys { keys: pending.keys },
                points => Msg::BuildingRing { points, keys: pending.keys },
            }) }</span>
            <progress id="job-progress-bar" max={progress.total.to_string()} value={progress.done.to_string()}
                aria-label={lang.ui(Ui::JobProgressLabel)}></progress>
            <span class="job-percent">{ num::pct(fraction, 0) }</span>
            <button type="button" class="ghost" id="job-cancel" onclick={oncancel}
                aria-label={lang.ui(Ui::CancelJobLabel)}>{ lang.ui(Ui::CancelJob) }</button>
        </div>
    }
}
