//! The form that adds a node.

use std::rc::Rc;

use yew::prelude::*;

use super::field_error::{field_error, invalid};
use super::{use_lang, value_of, Dispatch};
use crate::i18n::Ui;
use crate::model::{Action, Field, State};

/// Props of [`AddNode`].
#[derive(Properties, PartialEq)]
pub(crate) struct AddNodeProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// Changes the state.
    pub(crate) dispatch: Dispatch,
}

/// The add-node form.
#[component]
pub(crate) fn AddNode(props: &AddNodeProps) -> Html {
    let state = &props.state;
    let lang = use_lang();
    let name = use_state(|| state.suggested_name());
    let weight = use_state(|| "100".to_string());
    let vnodes = use_state(String::new);
    {
        // After a node was added (or removed), offer the next free name.
        let name = name.clone();
        let suggestion = state.suggested_name();
        use_effect_with(state.nodes.len(), move |_| name.set(suggestion));
    }
    let onsubmit = {
        let (name, weight, vnodes, d) = (
            name.clone(),
            weight.clone(),
            vnodes.clone(),
            props.dispatch.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            d.dispatch(Action::AddNode {
                name: (*name).clone(),
                weight: (*weight).clone(),
                vnodes: (*vnodes).clone(),
            });
        })
    };
    let set = |h: &UseStateHandle<String>| {
        let h = h.clone();
        Callback::from(move |e: InputEvent| h.set(value_of(&e)))
    };
    html! {
        <section class="card" aria-labelledby="add-title">
            <h2 id="add-title">{ lang.ui(Ui::AddTitle) }</h2>
            <form class="add-form" onsubmit={onsubmit} novalidate=true>
                <div class="field">
                    <label for="add-name">{ lang.ui(Ui::Name) }</label>
                    <input id="add-name" type="text" value={(*name).clone()} oninput={set(&name)}
                        autocomplete="off" spellcheck="false"
                        aria-invalid={invalid(state, Field::AddName).to_string()} aria-describedby="add-name-error" />
                </div>
                <div class="field narrow">
                    <label for="add-weight">{ lang.ui(Ui::Weight) }</label>
                    <input id="add-weight" type="text" inputmode="numeric" value={(*weight).clone()} oninput={set(&weight)}
                        aria-invalid={invalid(state, Field::AddWeight).to_string()} aria-describedby="add-weight-error" />
                </div>
                <div class="field narrow">
                    <label for="add-vnodes">{ lang.ui(Ui::VirtualNodes) }</label>
                    <input id="add-vnodes" type="text" inputmode="numeric" value={(*vnodes).clone()} oninput={set(&vnodes)}
                        placeholder={state.default_vnodes.to_string()}
                        aria-invalid={invalid(state, Field::AddVnodes).to_string()} aria-describedby="add-vnodes-error" />
                </div>
                <button type="submit" id="add-node" class="primary">{ lang.ui(Ui::AddNodeButton) }</button>
            </form>
            { field_error(state, Field::AddName, "add-name-error", lang) }
            { field_error(state, Field::AddWeight, "add-weight-error", lang) }
            { field_error(state, Field::AddVnodes, "add-vnodes-error", lang) }
        </section>
    }
}
