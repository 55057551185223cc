//! The message next to a control whose input was refused.

use std::rc::Rc;

use yew::prelude::*;

use super::use_lang;
use crate::model::{Field, State};

/// Props of [`FieldError`].
#[derive(Properties, PartialEq)]
pub struct FieldErrorProps {
    /// The state (its error, if any, is shown when it belongs to `field`).
    pub state: Rc<State>,
    /// The control this message belongs to.
    pub field: Field,
    /// The element id (inputs point at it with `aria-describedby`).
    pub id: AttrValue,
}

/// The refusal message for `field`, or nothing.
#[component]
pub fn FieldError(props: &FieldErrorProps) -> Html {
    let lang = use_lang();
    match &props.state.error {
        Some(e) if e.field == props.field => html! {
            <p class="field-error" id={props.id.clone()} role="alert">{ lang.text(&e.message) }</p>
        },
        _ => Html::default(),
    }
}

/// Whether `state`'s error belongs to `field` (for `aria-invalid`).
pub fn invalid(state: &State, field: Field) -> bool {
    state.error.as_ref().is_some_and(|e| e.field == field)
}
