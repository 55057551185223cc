//! How far work cut into frames has got (`effects::scheduler`): the one bar of a change
//! placing its keys, of Paper, of "Which algorithm?" and of Traffic. While the work runs it
//! shows the bar, the share done and what is computed; its status words are announced
//! (a start, an end), its per-frame words are not.

use yew::prelude::*;

use crate::i18n::num;

/// A button that stops the work, where the page offers one.
#[derive(Clone, PartialEq)]
pub(crate) struct Cancel {
    /// The button's id.
    pub(crate) id: AttrValue,
    /// Its text.
    pub(crate) text: AttrValue,
    /// Its accessible name, which says what it stops.
    pub(crate) label: AttrValue,
    pub(crate) onclick: Callback<MouseEvent>,
}

/// Props of [`WorkProgress`].
#[derive(Properties, PartialEq)]
pub(crate) struct WorkProgressProps {
    /// The element's id; the bar's is `<id>-bar`.
    pub(crate) id: AttrValue,
    /// Units done and in all (not time); nothing to do when `total` is 0.
    pub(crate) done: u64,
    pub(crate) total: u64,
    /// The bar's accessible name.
    pub(crate) label: AttrValue,
    /// More classes for the element (where it sits on the page).
    #[prop_or_default]
    pub(crate) class: Classes,
    /// Words beside the bar while it runs, changing with it, so not announced.
    #[prop_or_default]
    pub(crate) working: Html,
    /// Words announced when they change: what starts, or what was computed. The caller
    /// keeps them still between frames.
    #[prop_or_default]
    pub(crate) status: Html,
    #[prop_or_default]
    pub(crate) cancel: Option<Cancel>,
}

/// The bar, the share done, the words and the cancel button.
#[component]
pub(crate) fn WorkProgress(props: &WorkProgressProps) -> Html {
    let running = props.done < props.total;
    let fraction = if props.total == 0 {
        0.0
    } else {
        props.done as f64 / props.total as f64
    };
    html! {
        <div class={classes!("work-progress", props.class.clone())} id={props.id.clone()}>
            <span class="work-status" role="status">{ props.status.clone() }</span>
            if running {
                <progress id={format!("{}-bar", props.id)} max={props.total.to_string()}
                    value={props.done.to_string()} aria-label={props.label.clone()}></progress>
                <span class="work-percent">{ num::pct(fraction, 0) }</span>
                <span class="work-what">{ props.working.clone() }</span>
                if let Some(cancel) = props.cancel.as_ref() {
                    <button type="button" class="ghost" id={cancel.id.clone()}
                        onclick={cancel.onclick.clone()} aria-label={cancel.label.clone()}>
                        { cancel.text.clone() }
                    </button>
                }
            }
        </div>
    }
}
