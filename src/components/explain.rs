//! Type a key: see its hash position and the walk to its owner.

use std::rc::Rc;

use yew::prelude::*;

use super::field_error::{invalid, FieldError};
use super::{value_of, Dispatch};
use crate::model::{Action, Field, State};

/// Props of [`ExplainPanel`].
#[derive(Properties, PartialEq)]
pub struct ExplainPanelProps {
    /// The state.
    pub state: Rc<State>,
    /// Changes the state.
    pub dispatch: Dispatch,
}

/// The explain panel.
#[component]
pub fn ExplainPanel(props: &ExplainPanelProps) -> Html {
    let state = &props.state;
    let oninput = {
        let d = props.dispatch.clone();
        Callback::from(move |e: InputEvent| d.dispatch(Action::Explain(value_of(&e))))
    };
    let explained = state.explained();
    html! {
        <section class="card" aria-labelledby="explain-title">
            <h2 id="explain-title">{ "Where does a key go?" }</h2>
            <div class="field">
                <label for="explain-key">{ "Key" }</label>
                <input id="explain-key" type="text" value={state.explain_key.clone()} oninput={oninput}
                    placeholder="e.g. user:42" autocomplete="off" spellcheck="false"
                    aria-invalid={invalid(state, Field::Explain).to_string()}
                    aria-describedby="explain-output explain-key-error" />
            </div>
            <FieldError state={state.clone()} field={Field::Explain} id="explain-key-error" />
            <div id="explain-output" aria-live="polite">
                if let Some(e) = explained {
                    <ol class="steps">{ for e.steps.iter().map(|s| html! { <li>{ s }</li> }) }</ol>
                } else {
                    <p class="muted hint">{ "Type a key to see its hash and the path to its owner, drawn on the picture too." }</p>
                }
            </div>
        </section>
    }
}
