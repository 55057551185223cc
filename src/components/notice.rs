//! The notice at the top of the page: what could not be used from the link or from the
//! stored state, and why. It is a status region, so screen readers announce it, and it
//! can be dismissed.

use yew::prelude::*;

use super::use_lang;
use crate::i18n::Ui;
use crate::share::Note;

/// Props of [`Notice`].
#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    /// The notes to show (dismissing empties it).
    pub notes: UseStateHandle<Vec<Note>>,
}

/// The notice.
#[component]
pub fn Notice(props: &NoticeProps) -> Html {
    let notes = props.notes.clone();
    let lang = use_lang();
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
