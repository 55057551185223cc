//! The key set: generated from a count and a seed, or pasted, one key per line.

use std::rc::Rc;

use ring_core::metrics::format;
use yew::prelude::*;

use super::field_error::{invalid, FieldError};
use super::{value_of, Dispatch};
use crate::model::keys::{MAX_KEYS, MIN_KEYS};
use crate::model::{Action, Field, KeySource, State};

/// Props of [`KeysPanel`].
#[derive(Properties, PartialEq)]
pub struct KeysPanelProps {
    /// The state.
    pub state: Rc<State>,
    /// Changes the state.
    pub dispatch: Dispatch,
}

/// The keys panel.
#[component]
pub fn KeysPanel(props: &KeysPanelProps) -> Html {
    let state = &props.state;
    let (count0, seed0) = match state.keys.source {
        KeySource::Generated { count, seed } => (count, seed),
        KeySource::Pasted => (10_000, 42),
    };
    let count = use_state(|| count0.to_string());
    let seed = use_state(|| seed0.to_string());
    let pasted = use_state(String::new);
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
        let (pasted, d) = (pasted.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(Action::PasteKeys((*pasted).clone())))
    };
    let set = |h: &UseStateHandle<String>| {
        let h = h.clone();
        Callback::from(move |e: InputEvent| h.set(value_of(&e)))
    };
    let now = match state.keys.source {
        KeySource::Generated { count, seed } => format!(
            "In use: {} generated keys, seed {seed}.",
            format::group_thousands(u64::from(count))
        ),
        KeySource::Pasted => format!(
            "In use: {} pasted keys.",
            format::group_thousands(state.keys.len() as u64)
        ),
    };
    html! {
        <section class="card" aria-labelledby="keys-title">
            <h2 id="keys-title">{ "Keys" }</h2>
            <p class="muted hint" id="keys-now">{ now }</p>
            <form class="row-form" onsubmit={ongenerate} novalidate=true>
                <div class="field narrow">
                    <label for="key-count">{ "How many" }</label>
                    <input id="key-count" type="text" inputmode="numeric" value={(*count).clone()} oninput={set(&count)}
                        aria-invalid={invalid(state, Field::KeyCount).to_string()}
                        aria-describedby="key-count-hint key-count-error" />
                </div>
                <div class="field narrow">
                    <label for="key-seed">{ "Seed" }</label>
                    <input id="key-seed" type="text" inputmode="numeric" value={(*seed).clone()} oninput={set(&seed)}
                        aria-invalid={invalid(state, Field::Seed).to_string()} aria-describedby="key-seed-error" />
                </div>
                <button type="submit" id="generate-keys">{ "Generate" }</button>
                <button type="button" id="next-seed" class="ghost" onclick={onnextseed}
                    aria-label="Generate with the next seed">{ "Seed +1" }</button>
            </form>
            <p class="muted hint" id="key-count-hint">{ format!("{MIN_KEYS} to {} keys like user:123:abc, the same for the same seed.", format::group_thousands(u64::from(MAX_KEYS))) }</p>
            <FieldError state={state.clone()} field={Field::KeyCount} id="key-count-error" />
            <FieldError state={state.clone()} field={Field::Seed} id="key-seed-error" />
            <details class="paste">
                <summary>{ "Or paste your own keys" }</summary>
                <label for="paste-keys">{ "Keys, one per line" }</label>
                <textarea id="paste-keys" rows="5" value={(*pasted).clone()} oninput={set(&pasted)}
                    aria-invalid={invalid(state, Field::Paste).to_string()} aria-describedby="paste-keys-error"
                    placeholder={"user:1\nuser:2\nsession:abc"} />
                <button type="button" id="use-pasted" onclick={onpaste}>{ "Use these keys" }</button>
                <FieldError state={state.clone()} field={Field::Paste} id="paste-keys-error" />
            </details>
        </section>
    }
}
