//! A lecture (`script=` in a link): its changes, played one at a time with Next and Back (→
//! and ←), and presenter mode, which shows the picture and what moved large.

use std::rc::Rc;

use yew::prelude::*;

use super::{use_lang, Dispatch};
use crate::i18n::Msg;
use crate::model::url::{script_label, script_step};
use crate::model::{Action, State};

/// Props of [`ScriptBar`].
#[derive(Properties, PartialEq)]
pub(crate) struct ScriptProps {
    /// The lab's state.
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher.
    pub(crate) dispatch: Dispatch,
}

/// Plays the script's next change on `state`, or says why it cannot be made.
pub(crate) fn play_next(state: &State, dispatch: &Dispatch) -> Option<Msg> {
    match script_step(state)? {
        Ok(action) => {
            dispatch.dispatch(Action::ScriptPlayed(Box::new(action)));
            None
        }
        Err(why) => Some(why),
    }
}

/// The lecture's bar: where it is, Back, Next and presenter mode.
#[component]
pub(crate) fn ScriptBar(props: &ScriptProps) -> Html {
    let lang = use_lang();
    let refused = use_state(|| Option::<Rc<Msg>>::None);
    let state = &props.state;
    if state.script.is_empty() && !state.present {
        return Html::default();
    }
    let (at, total) = (state.script_at, state.script.len());
    let onnext = {
        let (state, dispatch, refused) = (state.clone(), props.dispatch.clone(), refused.clone());
        Callback::from(move |_: MouseEvent| refused.set(play_next(&state, &dispatch).map(Rc::new)))
    };
    let onback = {
        let (dispatch, refused) = (props.dispatch.clone(), refused.clone());
        Callback::from(move |_: MouseEvent| {
            refused.set(None);
            dispatch.dispatch(Action::Undo);
        })
    };
    let onpresent = {
        let (dispatch, present) = (props.dispatch.clone(), state.present);
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SetPresent(!present)))
    };
    html! {
        <section class="card script-bar" id="script-bar" aria-labelledby="script-title">
            <div class="script-head">
                <h2 id="script-title">{ lang.t(Msg::script_title(at as u64, total as u64)) }</h2>
                <div class="script-buttons">
                    <button type="button" id="script-back" disabled={at == 0 || !state.history.can_undo()}
                        aria-keyshortcuts="ArrowLeft" onclick={onback}>{ lang.t(Msg::script_back()) }</button>
                    <button type="button" id="script-next" class="primary" disabled={at >= total}
                        aria-keyshortcuts="ArrowRight" onclick={onnext}>{ lang.t(Msg::script_next()) }</button>
                    <button type="button" id="present-toggle" aria-pressed={state.present.to_string()}
                        onclick={onpresent}>{ lang.t(Msg::script_present()) }</button>
                </div>
            </div>
            if total > 0 {
                <ol class="script-steps">
                    { for state.script.iter().enumerate().map(|(i, raw)| html! {
                        <li class={classes!((i < at).then_some("done"), (i == at).then_some("next"))}
                            aria-current={(i + 1 == at).then_some("step")}>
                            <code>{ script_label(raw) }</code>
                        </li>
                    }) }
                </ol>
            }
            if let Some(why) = refused.as_ref() {
                <p class="field-error" role="alert">{ lang.text(why.as_ref()) }</p>
            }
        </section>
    }
}
