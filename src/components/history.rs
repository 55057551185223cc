//! Undo, redo and the list of what was done ([`crate::model::history`]).

use std::rc::Rc;

use yew::prelude::*;

use super::{use_lang, Dispatch};
use crate::i18n::{Lang, Msg};
use crate::model::history::MAX_STEPS;
use crate::model::url::{link_history_count, link_steps};
use crate::model::{Action, State};

/// Props of [`HistoryPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct HistoryProps {
    /// The lab's state.
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher.
    pub(crate) dispatch: Dispatch,
}

/// What step `index` of the history of `lab` (the step's state `state`) says: the change
/// that made it and what it moved, or the keys it placed.
fn step_label(lang: Lang, lab: &State, state: &State, index: usize) -> String {
    if index == 0 {
        return lang
            .t(Msg::history_start(state.nodes.len() as u64))
            .to_string();
    }
    match lab.step_change(index) {
        Some(change) => lang
            .t(Msg::history_step(
                Msg::from(change.what.clone()),
                change.summary.moved,
            ))
            .to_string(),
        None => lang
            .t(Msg::history_keys(state.keys.len() as u64))
            .to_string(),
    }
}

/// The history panel: undo and redo, and each step as a button that goes back to it.
#[component]
pub(crate) fn HistoryPanel(props: &HistoryProps) -> Html {
    let lang = use_lang();
    let history = &props.state.history;
    let (carried, total) = link_history_count(&props.state);
    let keys = props.state.keys.len();
    let go = |action: Action| {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(action.clone()))
    };
    html! {
        <section class="card history" aria-labelledby="history-title">
            <h2 id="history-title">{ lang.t(Msg::history_title()) }</h2>
            <div class="history-buttons">
                <button type="button" id="undo" disabled={!history.can_undo()}
                    aria-keyshortcuts="Control+Z" onclick={go(Action::Undo)}>
                    { lang.t(Msg::history_undo()) }
                </button>
                <button type="button" id="redo" disabled={!history.can_redo()}
                    aria-keyshortcuts="Control+Shift+Z" onclick={go(Action::Redo)}>
                    { lang.t(Msg::history_redo()) }
                </button>
            </div>
            <p class="muted hint" id="history-hint">{ lang.t(Msg::history_hint(MAX_STEPS as u64)) }</p>
            if history.states.len() > 1 {
                <ol class="history-list" id="history-list">
                    { for history.states.iter().enumerate().rev().map(|(i, s)| {
                        let current = i == history.at;
                        html! {
                            <li key={i}>
                                <button type="button" class={classes!("history-step", current.then_some("current"))}
                                    aria-current={current.then_some("step")}
                                    onclick={go(Action::GoToStep(i))}>
                                    { step_label(lang, &props.state, s, i) }
                                </button>
                            </li>
                        }
                    }) }
                </ol>
            }
            if carried < total {
                <p class="muted hint" id="history-link">
                    { lang.t(Msg::history_link(carried as u64, total as u64, link_steps(keys) as u64, keys as u64)) }
                </p>
            }
        </section>
    }
}
