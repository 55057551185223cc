//! The key set: generated from a count and a seed, or pasted, one key per line; and how
//! many of the keys the picture draws as dots.

use std::rc::Rc;

use yew::prelude::*;

use super::field_error::{field_error, invalid};
use super::{use_lang, value_of, Dispatch};
use crate::i18n::{Msg, Ui};
use crate::model::{defaults, Action, Field, KeySource, State};

/// Pasted text longer than this is kept out of the text box.
const HELD_PASTE_BYTES: usize = 100_000;

/// Props of [`KeysPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct KeysPanelProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// Changes the state.
    pub(crate) dispatch: Dispatch,
}

/// The keys panel.
#[component]
pub(crate) fn KeysPanel(props: &KeysPanelProps) -> Html {
    let state = &props.state;
    let lang = use_lang();
    let (count0, seed0) = match state.keys.source {
        KeySource::Generated { count, seed } => (count, seed),
        // The first example's, to generate from after a paste.
        KeySource::Pasted => (defaults::KEYS, defaults::SEED),
    };
    let count = use_state(|| count0.to_string());
    let seed = use_state(|| seed0.to_string());
    // Read when the keys are used, not kept in step on every input: a paste can be
    // megabytes, and copying it into the model at each keystroke and comparing it at each
    // render made the page lag.
    let pasted = use_node_ref();
    // A paste too large for the box, kept here instead (see `on_box_paste`).
    let held = use_state(Option::<Rc<str>>::default);
    let drawn = use_state(|| state.keys.drawn.to_string());
    {
        // Show the count in force after a reset, a restored state or an accepted change.
        let drawn = drawn.clone();
        use_effect_with(state.keys.drawn, move |d| drawn.set(d.to_string()));
    }
    let ondrawn = {
        let (drawn, d) = (drawn.clone(), props.dispatch.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            d.dispatch(Action::SetDrawn((*drawn).clone()));
        })
    };
    {
        // Show what is in force after a reset or a generation.
        let (count, seed) = (count.clone(), seed.clone());
        use_effect_with(state.keys.source.clone(), move |source| {
            if let KeySource::Generated { count: c, seed: s } = source {
                count.set(c.to_string());
                seed.set(s.to_string());
            }
        });
    }
    let ongenerate = {
        let (count, seed, d) = (count.clone(), seed.clone(), props.dispatch.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            d.dispatch(Action::GenerateKeys {
                count: (*count).clone(),
                seed: (*seed).clone(),
            });
        })
    };
    let onnextseed = {
        let (count, seed, d) = (count.clone(), seed.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            let next = seed
                .trim()
                .parse::<u64>()
                .map_or(0, |s| s.wrapping_add(1))
                .to_string();
            seed.set(next.clone());
            d.dispatch(Action::GenerateKeys {
                count: (*count).clone(),
                seed: next,
            });
        })
    };
    let onpaste = {
        let (pasted, held, d) = (pasted.clone(), held.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            let text = match held.as_ref() {
                Some(text) => text.to_string(),
                None => pasted
                    .cast::<web_sys::HtmlTextAreaElement>()
                    .map(|t| t.value())
                    .unwrap_or_default(),
            };
            d.dispatch(Action::PasteKeys(text));
        })
    };
    // Chromium takes seconds to lay out megabytes in a text box (10 s for a million keys,
    // before the app does anything): a paste that large is kept out of the box and said.
    let on_box_paste = {
        let held = held.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            let Some(text) = e
                .dyn_ref::<web_sys::ClipboardEvent>()
                .and_then(|c| c.clipboard_data())
                .and_then(|d| d.get_data("text/plain").ok())
            else {
                return;
            };
            if text.len() > HELD_PASTE_BYTES {
                e.prevent_default();
                held.set(Some(Rc::from(text)));
            }
        })
    };
    let on_box_input = {
        let held = held.clone();
        Callback::from(move |_: InputEvent| {
            if held.is_some() {
                held.set(None);
            }
        })
    };
    let held_note = held.as_ref().map(|text| Msg::PasteHeld {
        bytes: text.len(),
        lines: text.bytes().filter(|&b| b == b'\n').count() + 1,
    });
    let set = |h: &UseStateHandle<String>| {
        let h = h.clone();
        Callback::from(move |e: InputEvent| h.set(value_of(&e)))
    };
    let now = lang.t(match state.keys.source {
        KeySource::Generated { count, seed } => Msg::KeysGenerated { count, seed },
        KeySource::Pasted => Msg::KeysPasted {
            count: state.keys.len(),
        },
    });
    html! {
        <section class="card" aria-labelledby="keys-title">
            <h2 id="keys-title">{ lang.ui(Ui::KeysTitle) }</h2>
            <p class="muted hint" id="keys-now">{ now }</p>
            <form class="row-form" onsubmit={ongenerate} novalidate=true>
                <div class="field narrow">
                    <label for="key-count">{ lang.ui(Ui::HowMany) }</label>
                    <input id="key-count" type="text" inputmode="numeric" value={(*count).clone()} oninput={set(&count)}
                        aria-invalid={invalid(state, Field::KeyCount).to_string()}
                        aria-describedby="key-count-hint key-count-error" />
                </div>
                <div class="field narrow">
                    <label for="key-seed">{ lang.ui(Ui::Seed) }</label>
                    <input id="key-seed" type="text" inputmode="numeric" value={(*seed).clone()} oninput={set(&seed)}
                        aria-invalid={invalid(state, Field::Seed).to_string()} aria-describedby="key-seed-error" />
                </div>
                <button type="submit" id="generate-keys">{ lang.ui(Ui::Generate) }</button>
                // The visible words are the accessible name (WCAG 2.5.3, label in name); the
                // longer ones are the tooltip.
                <button type="button" id="next-seed" class="ghost" onclick={onnextseed}
                    title={lang.ui(Ui::NextSeedLabel)}>{ lang.ui(Ui::NextSeed) }</button>
            </form>
            <p class="muted hint" id="key-count-hint">{ lang.t(Msg::KeyCountHint) }</p>
            { field_error(state, Field::KeyCount, "key-count-error", lang) }
            { field_error(state, Field::Seed, "key-seed-error", lang) }
            <details class="paste">
                <summary>{ lang.ui(Ui::PasteSummary) }</summary>
                <label for="paste-keys">{ lang.ui(Ui::PasteLabel) }</label>
                // autocomplete off: Chromium would otherwise copy the text into each history
                // entry the page adds (157 ms per entry with a million pasted keys).
                <textarea id="paste-keys" rows="5" ref={pasted} autocomplete="off"
                    onpaste={on_box_paste} oninput={on_box_input}
                    aria-invalid={invalid(state, Field::Paste).to_string()} aria-describedby="paste-keys-error"
                    placeholder={"user:1\nuser:2\nsession:abc"} />
                if let Some(note) = held_note {
                    <p class="hint" id="paste-held" role="status">{ lang.t(note) }</p>
                }
                <button type="button" id="use-pasted" onclick={onpaste}>{ lang.ui(Ui::UsePasted) }</button>
                { field_error(state, Field::Paste, "paste-keys-error", lang) }
            </details>
            <form class="row-form drawn-form" onsubmit={ondrawn} novalidate=true>
                <div class="field narrow">
                    <label for="drawn-keys">{ lang.ui(Ui::DrawnLabel) }</label>
                    // Text, as the other counts: "10,000" is accepted, and what was typed stays
                    // next to the message when it is refused (a number input would empty it).
                    <input id="drawn-keys" type="text" inputmode="numeric" value={(*drawn).clone()} oninput={set(&drawn)}
                        aria-invalid={invalid(state, Field::Drawn).to_string()}
                        aria-describedby="drawn-keys-hint drawn-keys-error" />
                </div>
                <button type="submit" id="set-drawn">{ lang.ui(Ui::DrawnApply) }</button>
            </form>
            <p class="muted hint" id="drawn-keys-hint">{ lang.ui(Ui::DrawnHint) }</p>
            { field_error(state, Field::Drawn, "drawn-keys-error", lang) }
        </section>
    }
}
