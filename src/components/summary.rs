//! The summary of the last change: how many keys moved against the ideal, and who gave how
//! many keys to whom.

use yew::prelude::*;

use crate::i18n::{Lang, Msg, Ui};
use crate::model::{palette, NodeId, Rgb, State};

/// The most characters of each name in a flow's line.
const FLOW_NAME_CHARS: usize = 10;

/// Most flows listed; the rest are summed up in one line.
const MAX_FLOWS: usize = 8;

fn swatch(colour: Option<Rgb>) -> Html {
    let class = colour.map_or_else(|| "slot-none".to_string(), palette::css_class);
    html! { <span class={classes!("swatch", class)} aria-hidden="true"></span> }
}

/// The last change's line again where the controls are, for a page in one column (a
/// phone), where the summary card is above the picture's legend, out of view from the
/// control that was used; with a link up to the card. Not a live region: the card is.
pub(crate) fn change_echo(state: &State, lang: Lang) -> Html {
    let Some(change) = state.change.as_deref() else {
        return Html::default();
    };
    html! {
        <p class="change-echo card" id="change-echo">
            <span class="what">{ lang.t(change.what.clone().into()) }</span>{ ": " }
            { lang.t(Msg::Moved(change.summary)) }{ " " }
            <a href="#summary">{ lang.ui(Ui::SeeWhatMoved) }</a>
        </p>
    }
}

/// Most flows the announcement names.
const ANNOUNCED_FLOWS: usize = 3;

/// The last change in one sentence, in a polite live region that is always on the page (a
/// region inserted with its text is not read): what changed, how many keys moved, and the
/// largest flows, e.g. "cache-e joined: 1,051 of 10,000 keys moved …; cache-b to cache-e
/// 701 keys, …". Silent while "Ask me first" waits for a guess, so it never tells the
/// answer before the guess.
pub(crate) fn announcement(state: &State, lang: Lang) -> Html {
    let text = state
        .change
        .as_deref()
        .filter(|_| !state.asking())
        .map(|change| {
            let name = |id: u32| {
                state
                    .describe(NodeId(id))
                    .map_or_else(|| format!("#{id}"), |(n, _)| n)
            };
            let mut text = format!(
                "{}: {}",
                lang.t(change.what.clone().into()),
                lang.t(Msg::Moved(change.summary))
            );
            let flows: Vec<String> = change
                .flows
                .iter()
                .take(ANNOUNCED_FLOWS)
                .map(|f| {
                    format!(
                        "{} {} {} {}",
                        name(f.from),
                        lang.ui(Ui::FlowTo),
                        name(f.to),
                        lang.t(Msg::FlowKeys { keys: f.keys })
                    )
                })
                .collect();
            if !flows.is_empty() {
                text.push_str("; ");
                text.push_str(&flows.join(", "));
                if change.flows.len() > ANNOUNCED_FLOWS {
                    text.push_str(", …");
                }
            }
            text
        });
    html! {
        <p class="visually-hidden" id="change-announcement" role="status" aria-live="polite">{ text.unwrap_or_default() }</p>
    }
}

/// The summary card.
/// A function rather than a component: it keeps no state of its own, and a component costs
/// about 1.5 KB of wasm (measured when the wasm's size was a gate).
pub(crate) fn summary(state: &State, lang: Lang) -> Html {
    let Some(change) = state.change.as_deref() else {
        return html! {
            <section class="card summary" id="summary" aria-labelledby="summary-title">
                <h2 id="summary-title">{ lang.ui(Ui::WhatMoves) }</h2>
                <p class="summary-line empty" id="summary-line">{ lang.ui(Ui::SummaryEmpty) }</p>
            </section>
        };
    };
    let name = |id: u32| {
        state
            .describe(NodeId(id))
            .map_or_else(|| (format!("#{id}"), None), |(n, c)| (n, Some(c)))
    };
    let shared =
        crate::model::display::shared_head(&mut state.nodes.iter().map(|n| n.name.as_str()));
    let flows: Html = change
        .flows
        .iter()
        .take(MAX_FLOWS)
        .map(|f| {
            let (from, from_colour) = name(f.from);
            let (to, to_colour) = name(f.to);
            html! {
                <li>
                    { swatch(from_colour) }{ super::node_name(&from, FLOW_NAME_CHARS, shared) }
                    <span class="arrow" aria-label={lang.ui(Ui::FlowTo)}>{ " → " }</span>
                    { swatch(to_colour) }{ super::node_name(&to, FLOW_NAME_CHARS, shared) }
                    <span class="flow-count">{ lang.t(Msg::FlowKeys { keys: f.keys }) }</span>
                </li>
            }
        })
        .collect();
    let rest: u64 = change.flows.iter().skip(MAX_FLOWS).map(|f| f.keys).sum();
    let more = change.flows.len().saturating_sub(MAX_FLOWS);
    let what = lang.t(change.what.clone().into());
    html! {
        <section class="card summary" id="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{ lang.ui(Ui::WhatMoved) }<span class="what" id="summary-what" title={what.clone()}>{ what }</span></h2>
            <p class="summary-line" id="summary-line">{ lang.t(Msg::Moved(change.summary)) }</p>
            if change.flows.is_empty() {
                <p class="muted">{ lang.ui(Ui::NoKeyMoved) }</p>
            } else {
                <ul class="flows" id="flows" aria-label={lang.ui(Ui::FlowsLabel)}>
                    { flows }
                    if more > 0 {
                        <li class="muted">{ lang.t(Msg::FlowsMore { more, keys: rest }) }</li>
                    }
                </ul>
            }
        </section>
    }
}

/// The props of [`AskFirst`].
#[derive(Properties, PartialEq)]
pub(crate) struct AskFirstProps {
    /// The state.
    pub(crate) state: std::rc::Rc<State>,
    /// Where actions go.
    pub(crate) dispatch: super::Dispatch,
}

/// Where the guess's slider starts, in percent.
const GUESS_START: u32 = 50;

/// "Ask me first": the switch, and after a change, until the guess is checked, the question
/// in the summary card's place (the picture, the legend and the charts show the lab before
/// the change meanwhile); once checked, the graded guess above the summary.
#[component]
pub(crate) fn AskFirst(props: &AskFirstProps) -> Html {
    let lang = super::use_lang();
    let state = &props.state;
    let serial = state.change.as_ref().map_or(0, |c| c.serial);
    // The slider's value for the change of that serial; another change starts afresh.
    let guess = use_state(|| (serial, GUESS_START));
    let value = if guess.0 == serial {
        guess.1
    } else {
        GUESS_START
    };
    let ontoggle = {
        let d = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let on = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            d.dispatch(crate::model::Action::SetAskFirst(on));
        })
    };
    let switch = html! {
        <label class="check ask-first-switch" for="ask-first">
            <input type="checkbox" id="ask-first" checked={state.ask_first} onchange={ontoggle} />
            { lang.ui(Ui::AskFirst) }
        </label>
    };
    if !state.asking() {
        let answer = state.guess_result().map(|m| {
            html! {
                <p class="tour-answer" id="ask-answer" role="status">{ lang.t(m) }</p>
            }
        });
        return html! { <>{ switch }{ answer.unwrap_or_default() }</> };
    }
    let set = {
        let guess = guess.clone();
        Callback::from(move |text: String| {
            if let Ok(v) = text.parse::<u32>() {
                guess.set((serial, v.min(100)));
            }
        })
    };
    let oninput = {
        let set = set.clone();
        Callback::from(move |e: InputEvent| set.emit(super::value_of(&e)))
    };
    let onchange = Callback::from(move |e: Event| set.emit(super::value_of(&e)));
    let oncheck = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(crate::model::Action::CheckGuess(value)))
    };
    let shown = crate::i18n::num::pct(f64::from(value) / 100.0, 0);
    html! {
        <>
            { switch }
            <section class="card summary tour-question" id="summary" aria-labelledby="summary-title">
                <h2 id="summary-title">{ lang.ui(Ui::WhatMoves) }</h2>
                <p class="tour-question-text" id="ask-question">{ lang.ui(Ui::AskFirstQuestion) }</p>
                { super::slider("ask-guess", lang.ui(Ui::TourGuessLabel), shown,
                    (0, 100, 1, value), false, (oninput, onchange)) }
                <button type="button" id="ask-check" onclick={oncheck}>{ lang.ui(Ui::TourCheck) }</button>
            </section>
        </>
    }
}
