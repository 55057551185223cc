//! Type a key: see its hash position and the walk to its owner.

use std::rc::Rc;

use yew::prelude::*;

use super::field_error::{field_error, invalid};
use super::{use_lang, value_of, Dispatch};
use crate::i18n::Ui;
use crate::model::{Action, Field, State};

/// Props of [`ExplainPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct ExplainPanelProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// Changes the state.
    pub(crate) dispatch: Dispatch,
}

/// The explain panel.
#[component]
pub(crate) fn ExplainPanel(props: &ExplainPanelProps) -> Html {
    let state = &props.state;
    let lang = use_lang();
    let oninput = {
        let d = props.dispatch.clone();
        Callback::from(move |e: InputEvent| d.dispatch(Action::Explain(value_of(&e))))
    };
    let explained = state.explained();
    html! {
        <section class="card" aria-labelledby="explain-title">
            <h2 id="explain-title">{ lang.ui(Ui::ExplainTitle) }</h2>
            <div class="field">
                <label for="explain-key">{ lang.ui(Ui::Key) }</label>
                <input id="explain-key" type="text" value={state.explain_key.clone()} oninput={oninput}
                    placeholder={lang.ui(Ui::ExplainPlaceholder)} autocomplete="off" spellcheck="false"
                    aria-invalid={invalid(state, Field::Explain).to_string()}
                    aria-describedby="explain-output explain-key-error" />
            </div>
            { field_error(state, Field::Explain, "explain-key-error", lang) }
            <div id="explain-output" aria-live="polite">
                if let Some(e) = explained {
                    <ol class="steps">{ for e.steps.iter().map(|s| html! { <li>{ lang.text(s) }</li> }) }</ol>
                } else {
                    <p class="muted hint">{ lang.ui(Ui::ExplainHint) }</p>
                }
            </div>
        </section>
    }
}
