//! The progress bar of a change still placing its keys (more than `job::SYNC_KEYS`), with
//! a button that stops it. The page keeps showing the state from before until the job is
//! done, and keeps answering clicks meanwhile.

use yew::prelude::*;

use super::work_progress::{Cancel, WorkProgress};
use super::{use_lang, Dispatch};
use crate::effects::job::use_job;
use crate::i18n::{Msg, Ui};
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
    // Always there, empty between jobs, so that its live region exists before it speaks.
    let (Some(pending), Some(progress)) = (props.state.pending.as_ref(), progress) else {
        return html! {
            <WorkProgress id="job-progress" class="job-progress empty" done={0} total={0}
                label={lang.ui(Ui::JobProgressLabel)} />
        };
    };
    let cancel = Cancel {
        id: "job-cancel".into(),
        text: lang.ui(Ui::CancelJob).into(),
        label: lang.ui(Ui::CancelJobLabel).into(),
        onclick: {
            let dispatch = props.dispatch.clone();
            Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::CancelJob))
        },
    };
    let what = lang.t(match pending.ring_points {
        0 => Msg::PlacingKeys { keys: pending.keys },
        points => Msg::BuildingRing {
            points,
            keys: pending.keys,
        },
    });
    html! {
        <WorkProgress id="job-progress" class="job-progress" done={progress.done}
            total={progress.total.max(1)} label={lang.ui(Ui::JobProgressLabel)}
            status={html! { { what } }} cancel={cancel} />
    }
}
