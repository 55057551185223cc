//! The view switcher: a tab list (Explore, Tour, Compare, Chord, Replication, Paper) with
//! the ARIA tabs pattern. The arrow keys, Home and End move between tabs only while the
//! tab list has focus; moving selects the tab (and so shows its panel).

use yew::prelude::*;

use super::{use_lang, Dispatch};
use crate::i18n::{Msg, Ui};
use crate::model::{Action, ViewKind};

/// Props of [`ViewTabs`].
#[derive(Properties, PartialEq)]
pub(crate) struct ViewTabsProps {
    /// The view shown.
    pub(crate) view: ViewKind,
    /// Changes the view.
    pub(crate) dispatch: Dispatch,
}

/// The id of a view's tab.
pub(crate) fn tab_id(view: ViewKind) -> String {
    format!("tab-{}", view.id())
}

/// The id of a view's panel.
pub(crate) fn panel_id(view: ViewKind) -> String {
    format!("panel-{}", view.id())
}

/// The tabs.
#[component]
pub(crate) fn ViewTabs(props: &ViewTabsProps) -> Html {
    let lang = use_lang();
    let refs = use_memo((), |_| {
        ViewKind::ALL
            .iter()
            .map(|_| NodeRef::default())
            .collect::<Vec<_>>()
    });
    let onkeydown = {
        let (dispatch, refs, view) = (props.dispatch.clone(), refs.clone(), props.view);
        Callback::from(move |e: KeyboardEvent| {
            let next = match e.key().as_str() {
                "ArrowRight" => view.step(1),
                "ArrowLeft" => view.step(-1),
                "Home" => ViewKind::ALL[0],
                "End" => ViewKind::ALL[ViewKind::ALL.len() - 1],
                _ => return,
            };
            e.prevent_default();
            if next != view {
                dispatch.dispatch(Action::SetView(next));
            }
            if let Some(i) = ViewKind::ALL.iter().position(|&v| v == next) {
                if let Some(tab) = refs.get(i).and_then(|r| r.cast::<web_sys::HtmlElement>()) {
                    let _ = tab.focus();
                }
            }
        })
    };
    html! {
        <nav class="view-tabs-bar" aria-label={lang.ui(Ui::ViewsNav)}>
            <div class="view-tabs" role="tablist" aria-label={lang.ui(Ui::ViewsTablist)} {onkeydown}>
                { for ViewKind::ALL.iter().zip(refs.iter()).map(|(&v, r)| {
                    let selected = v == props.view;
                    let onclick = {
                        let dispatch = props.dispatch.clone();
                        Callback::from(move |_: MouseEvent| {
                            if !selected {
                                dispatch.dispatch(Action::SetView(v));
                            }
                        })
                    };
                    html! {
                        <button type="button" role="tab" id={tab_id(v)} ref={r.clone()}
                            class={classes!("view-tab", selected.then_some("selected"))}
                            aria-selected={selected.to_string()}
                            aria-controls={panel_id(v)}
                            tabindex={if selected { "0" } else { "-1" }}
                            {onclick}>
                            { lang.t(Msg::ViewLabel(v)) }
                        </button>
                    }
                }) }
            </div>
        </nav>
    }
}
