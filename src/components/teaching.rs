//! The teaching views beside the lab: the tour, compare mode, traffic, Chord, replication,
//! the paper's table and the field's comparison table ("Which algorithm?"). Each shows in its tab panel when its tab is selected; their settings are
//! the state's (`State::views`), so they survive switching tabs and a link carries them. The panels of the other views are rendered empty
//! and hidden, so that every tab's `aria-controls` names an element.

use std::rc::Rc;

use yew::prelude::*;

use super::chord::ChordPanel;
use super::compare::CompareView;
use super::paper::PaperPanel;
use super::quiz::QuizPanel;
use super::replication::ReplicationPanel;
use super::tour::TourView;
use super::traffic::TrafficPanel;
use super::view_tabs::{panel_id, tab_id};
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
}

/// The teaching views' panels.
#[component]
pub(crate) fn TeachingViews(props: &TeachingProps) -> Html {
    let view = props.state.view;
    let (state, dispatch, theme) = (props.state.clone(), props.dispatch.clone(), props.theme);
    let content = match view {
        ViewKind::Explore => Html::default(),
        ViewKind::Tour => html! { <TourView {state} {dispatch} {theme} /> },
        ViewKind::Compare => html! { <CompareView {state} {dispatch} {theme} /> },
        ViewKind::Traffic => html! { <TrafficPanel {state} {dispatch} {theme} /> },
        ViewKind::Chord => html! { <ChordPanel {state} {dispatch} {theme} /> },
        ViewKind::Replication => html! { <ReplicationPanel {state} {dispatch} {theme} /> },
        ViewKind::Paper => html! { <PaperPanel {state} {dispatch} {theme} /> },
        ViewKind::Which => html! { <WhichPanel {state} {dispatch} {theme} /> },
        ViewKind::Quiz => html! { <QuizPanel {state} {dispatch} /> },
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
