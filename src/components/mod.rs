//! The Yew components, one per file. Each takes the state (`Rc<State>`, equal while its
//! version is) and, if it changes anything, the reducer's dispatcher; callbacks are named
//! `on<verb>`.

pub mod add_node;
pub mod algorithm;
pub mod charts;
pub mod chord;
pub mod compare;
pub mod drawing;
pub mod explain;
pub mod field_error;
pub mod job_progress;
pub mod keys;
pub mod legend;
pub mod nodes;
pub mod notice;
pub mod paper;
pub mod picture;
pub mod playback;
pub mod replication;
pub mod share_panel;
pub mod summary;
pub mod teaching;
pub mod title_bar;
pub mod tour;
pub mod view_tabs;

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
pub type Dispatch = UseReducerDispatcher<State>;

/// The page's language, from the context the lab provides (English without one).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// The value of the input or select an event came from.
pub fn value_of(e: &Event) -> String {
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
