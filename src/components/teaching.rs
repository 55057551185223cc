//! The teaching views beside the lab: the tour, compare mode, traffic, Chord, replication,
//! the paper's table and the field's comparison table ("Which algorithm?"). Each shows in its tab panel when its tab is selected; their settings are
//! the state's (`State::views`), so they survive switching tabs and a link carries them. The panels of the other views are rendered empty
//! and hidden, so that every tab's `aria-controls` names an element. The page's first load
//! has the tour alone: another view's panel says it is loading while the lab loads the
//! whole lab's build (`Lab`, `share::open_whole_lab`), or why it could not.

use std::rc::Rc;

use yew::prelude::*;

#[cfg(feature = "whole-lab")]
use super::chord::ChordPanel;
#[cfg(feature = "whole-lab")]
use super::compare::CompareView;
#[cfg(feature = "whole-lab")]
use super::paper::PaperPanel;
#[cfg(feature = "whole-lab")]
use super::replication::ReplicationPanel;
use super::tour::TourView;
#[cfg(feature = "whole-lab")]
use super::traffic::TrafficPanel;
use super::view_tabs::{panel_id, tab_id};
#[cfg(feature = "whole-lab")]
use super::which::WhichPanel;
use super::Dispatch;
use crate::draw::Theme;
use crate::model::{State, ViewKind};

/// Props of [`TeachingViews`].
#[derive(Properties, PartialEq)]
pub(crate) struct TeachingProps {
    /// The lab's state (its `view` says which panel shows).
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher.
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
    /// Whether the whole lab's build could not be loaded (the first load only).
    #[prop_or_default]
    pub(crate) whole_lab_failed: bool,
}

/// What a view of the whole lab shows in the first load while the whole lab loads.
#[cfg(not(feature = "whole-lab"))]
fn whole_lab_loading(failed: bool, lang: crate::i18n::Lang) -> Html {
    let (class, words) = if failed {
        ("field-error", crate::i18n::Ui::WholeLabFailed)
    } else {
        ("muted", crate::i18n::Ui::WholeLabLoading)
    };
    html! { <p {class} role="status">{ lang.ui(words) }</p> }
}

/// The teaching views' panels.
#[component]
pub(crate) fn TeachingViews(props: &TeachingProps) -> Html {
    let view = props.state.view;
    #[cfg(not(feature = "whole-lab"))]
    let lang = super::use_lang();
    let (state, dispatch, theme) = (props.state.clone(), props.dispatch.clone(), props.theme);
    let content = match view {
        ViewKind::Explore => Html::default(),
        ViewKind::Tour => html! { <TourView {state} {dispatch} {theme} /> },
        #[cfg(feature = "whole-lab")]
        ViewKind::Compare => html! { <CompareView {state} {dispatch} {theme} /> },
        #[cfg(feature = "whole-lab")]
        ViewKind::Traffic => html! { <TrafficPanel {state} {dispatch} {theme} /> },
        #[cfg(feature = "whole-lab")]
        ViewKind::Chord => html! { <ChordPanel {state} {dispatch} {theme} /> },
        #[cfg(feature = "whole-lab")]
        ViewKind::Replication => html! { <ReplicationPanel {state} {dispatch} {theme} /> },
        #[cfg(feature = "whole-lab")]
        ViewKind::Paper => html! { <PaperPanel {state} {dispatch} {theme} /> },
        #[cfg(feature = "whole-lab")]
        ViewKind::Which => html! { <WhichPanel {state} {dispatch} {theme} /> },
        #[cfg(not(feature = "whole-lab"))]
        _ => whole_lab_loading(props.whole_lab_failed, lang),
    };
    html! {
        <>
            { for ViewKind::ALL.iter().filter(|&&v| v != ViewKind::Explore).map(|&v| {
                if v == view {
                    html! {
                        <div role="tabpanel" id={panel_id(v)} aria-labelledby={tab_id(v)}
                            class={classes!("teach-panel", format!("teach-{}", v.id()))}>
                            <div class="teach-main">{ content.clone() }</div>
                        </div>
                    }
                } else {
                    html! { <div role="tabpanel" id={panel_id(v)} aria-labelledby={tab_id(v)} hidden=true></div> }
                }
            }) }
        </>
    }
}
