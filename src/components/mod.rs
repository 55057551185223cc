//! The Yew components, one per file. Each takes the state (`Rc<State>`, equal while its
//! version is) and, if it changes anything, the reducer's dispatcher; callbacks are named
//! `on<verb>`.

pub(crate) mod add_node;
pub(crate) mod algorithm;
pub(crate) mod charts;
pub(crate) mod chord;
pub(crate) mod compare;
pub(crate) mod drawing;
pub(crate) mod explain;
pub(crate) mod field_error;
pub(crate) mod history;
pub(crate) mod job_progress;
pub(crate) mod keys;
pub(crate) mod legend;
pub(crate) mod nodes;
pub(crate) mod notice;
pub(crate) mod paper;
pub(crate) mod picture;
pub(crate) mod playback;
pub(crate) mod quiz;
pub(crate) mod replication;
pub(crate) mod script_bar;
pub(crate) mod share_panel;
pub(crate) mod summary;
pub(crate) mod tasks;
pub(crate) mod teaching;
pub(crate) mod title_bar;
pub(crate) mod tour;
pub(crate) mod traffic;
pub(crate) mod view_tabs;
pub(crate) mod which;
pub(crate) mod work_progress;

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::{Action, State};

/// The reducer: a refused action keeps the state and records why.
impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        crate::effects::job::timed_apply(|| match self.apply(action) {
            Ok(next) => Rc::new(next),
            Err(error) => Rc::new(self.with_error(error)),
        })
    }
}

/// The dispatcher children use to change the state.
pub(crate) type Dispatch = UseReducerDispatcher<State>;

/// The page's language, from the context the lab provides (English without one).
#[hook]
pub(crate) fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// A node's name where room is short: cut to `max` characters where the lab's names differ
/// (`shared`: the leading characters they all share, [`crate::model::display::shared_head`]),
/// so that `10.0.0.1:8080` and `10.0.0.2:8080`, or ports, stay apart, with the whole name
/// in the tooltip and for screen readers.
pub(crate) fn node_name(name: &str, max: usize, shared: usize) -> Html {
    let short = crate::model::display::label_skipping(name, max, 0..shared, 0);
    if short == name {
        return html! { <span class="node-name" title={name.to_string()}>{ name }</span> };
    }
    html! {
        <span class="node-name" title={name.to_string()}>
            <span aria-hidden="true">{ short }</span><span class="visually-hidden">{ name }</span>
        </span>
    }
}

/// A list of more nodes than this (the node list, the legend) shows its first
/// [`LIST_HEAD`] rows and its last [`LIST_TAIL`] until the reader asks for every row: at a
/// thousand nodes, their rows took the browser over 100 ms to lay out at each change.
pub(crate) const LONG_LIST: usize = 100;
/// The rows a long list shows first; the "show every node" button comes after them.
pub(crate) const LIST_HEAD: usize = 40;
/// The rows a long list shows last: a node just added is there.
const LIST_TAIL: usize = 10;

/// The rows a long list shows (`all`: every row asked for): its first rows, and its last
/// (empty when every row is shown in the first).
pub(crate) fn list_window<T>(rows: &[T], all: bool) -> (&[T], &[T]) {
    if all || rows.len() <= LONG_LIST {
        return (rows, &[]);
    }
    let tail = rows.len() - LIST_TAIL;
    (
        rows.get(..LIST_HEAD).unwrap_or_default(),
        rows.get(tail..).unwrap_or_default(),
    )
}

/// The value of the input or select an event came from.
pub(crate) fn value_of(e: &Event) -> String {
    use wasm_bindgen::JsCast;
    let Some(target) = e.target() else {
        return String::new();
    };
    if let Some(i) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        i.value()
    } else if let Some(s) = target.dyn_ref::<web_sys::HtmlSelectElement>() {
        s.value()
    } else if let Some(t) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        t.value()
    } else {
        String::new()
    }
}

/// A slider with its label and its value shown beside it (the Traffic view's settings, and the guesses of the tour and "Ask me first").
pub(crate) fn slider(
    id: &'static str,
    label: &str,
    shown: String,
    (min, max, step, value): (u32, u32, u32, u32),
    disabled: bool,
    (oninput, onchange): (Callback<InputEvent>, Callback<Event>),
) -> Html {
    html! {
        <div class="field">
            <label for={id}>{ label.to_string() }</label>
            <input type="range" {id} min={min.to_string()} max={max.to_string()}
                step={step.to_string()} value={value.to_string()} {disabled} {oninput} {onchange} />
            <output for={id} id={format!("{id}-value")}>{ shown }</output>
        </div>
    }
}
