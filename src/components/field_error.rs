//! The message next to a control whose input was refused.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::{Field, State};

/// The refusal message for `field`, or nothing; `id` is the element id that inputs point
/// at with `aria-describedby`. A function rather than a component: it has no state of its
/// own, and each component costs about 1.5 KB of wasm (measured when the wasm's size was a gate).
pub(crate) fn field_error(
    state: &State,
    field: Field,
    id: impl Into<AttrValue>,
    lang: Lang,
) -> Html {
    match &state.error {
        Some(e) if e.field == field => html! {
            <p class="field-error" id={id.into()} role="alert">{ lang.text(&e.message) }</p>
        },
        _ => Html::default(),
    }
}

/// Whether `state`'s error belongs to `field` (for `aria-invalid`).
pub(crate) fn invalid(state: &State, field: Field) -> bool {
    state.error.as_ref().is_some_and(|e| e.field == field)
}
