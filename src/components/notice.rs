//! The notice at the top of the page: what could not be used from the link or from the
//! stored state, and why. It is a status region, so screen readers announce it, and it
//! can be dismissed.

use yew::prelude::*;

use crate::i18n::{Lang, Ui};
use crate::share::Note;

/// The notice.
/// The notice.
/// A function rather than a component: it keeps no state of its own, and a component costs
/// about 1.5 KB of wasm (measured when the wasm's size was a gate).
pub(crate) fn notice(notes: &UseStateHandle<Vec<Note>>, lang: Lang) -> Html {
    let notes = notes.clone();
    let ondismiss = {
        let notes = notes.clone();
        Callback::from(move |_: MouseEvent| notes.set(Vec::new()))
    };
    // The region stays in the page while empty, so that a note added later is announced.
    html! {
        <div class={classes!("notice", notes.is_empty().then_some("empty"))} id="notice" role="status">
            if !notes.is_empty() {
                <div class="notice-body">
                    { for notes.iter().map(|n| html! {
                        <div class="notice-note">
                            <p class="notice-heading">{ lang.ui(n.heading) }</p>
                            if !n.items.is_empty() {
                                <ul>{ for n.items.iter().map(|i| html! { <li>{ lang.text(i) }</li> }) }</ul>
                            }
                        </div>
                    }) }
                </div>
                <button type="button" class="ghost" id="notice-dismiss" onclick={ondismiss}
                    aria-label={lang.ui(Ui::DismissLabel)}>{ lang.ui(Ui::Dismiss) }</button>
            }
        </div>
    }
}
