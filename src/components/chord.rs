//! The Chord view: the lab's nodes that are up, one point each at the hash of their name;
//! pick a key and a starting node and see the lookup's hops (`ring_core::chord`) drawn on
//! the ring, beside log2 n, with every node's finger table.

use std::rc::Rc;

use ring_core::metrics::format;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::{use_lang, Dispatch};
use crate::draw::chord;
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::i18n::{Msg, Ui};
use crate::model::chord_view::{chord_view, ChordSettings, ChordView};
use crate::model::view_settings::ViewSetting;
use crate::model::{Action, Field, NodeId, State};

/// Props of [`ChordPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct ChordProps {
    /// The lab's state: its nodes.
    pub(crate) state: Rc<State>,
    /// Changes the lab (adding or removing a node).
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

fn runs_text(v: &ChordView, id: NodeId) -> String {
    v.table(id).map_or_else(String::new, |t| {
        t.runs
            .iter()
            .map(|r| {
                let span = if r.first == r.last {
                    format!("{}", r.first)
                } else {
                    format!("{}–{}", r.first, r.last)
                };
                format!("{span} → {}", v.name(r.target))
            })
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// The Chord view.
#[component]
pub(crate) fn ChordPanel(props: &ChordProps) -> Html {
    let lang = use_lang();
    let settings = props.state.views.chord.clone();
    let set = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |s| dispatch.dispatch(Action::SetViewSetting(ViewSetting::Chord(s))))
    };
    let state = props.state.clone();
    let result = use_memo(
        (
            state.version,
            Rc::as_ptr(&state.current) as usize,
            settings.clone(),
        ),
        {
            let state = state.clone();
            move |(_, _, s)| chord_view(&state, s)
        },
    );
    let onkey = {
        let (settings, set) = (settings.clone(), set.clone());
        Callback::from(move |e: InputEvent| {
            set.emit(ChordSettings {
                key: super::value_of(&e),
                ..settings.clone()
            })
        })
    };
    let onstart = {
        let (settings, set) = (settings.clone(), set.clone());
        Callback::from(move |e: Event| {
            let start = super::value_of(&e).parse::<u32>().ok().map(NodeId);
            set.emit(ChordSettings {
                start,
                ..settings.clone()
            })
        })
    };
    let onadd = {
        let (dispatch, state) = (props.dispatch.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::AddNode {
                name: state.suggested_name(),
                weight: "100".to_string(),
                vnodes: String::new(),
            })
        })
    };
    let last_up = state.nodes.iter().rev().find(|n| !n.down).map(|n| n.id);
    let onremove = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = last_up {
                dispatch.dispatch(Action::RemoveNode(id));
            }
        })
    };
    let lab_error = state.error.as_ref().filter(|e| {
        matches!(
            e.field,
            Field::AddName | Field::AddWeight | Field::AddVnodes | Field::Node(_)
        )
    });
    // A refused key leaves the last lookup on show, with the message next to the box.
    let last_good = use_mut_ref(|| None::<Rc<ChordView>>);
    if let Ok(v) = result.as_ref() {
        *last_good.borrow_mut() = Some(Rc::new(v.clone()));
    }
    let shown: Option<Rc<ChordView>> = last_good.borrow().clone().filter(|v| {
        v.members
            .iter()
            .all(|m| state.node(m.id).is_some_and(|n| !n.down))
    });
    let up: Vec<_> = state.nodes.iter().filter(|n| !n.down).collect();
    let shown_start = shown.as_ref().map(|v| v.start);
    let key_error = result.as_ref().as_ref().err();
    let controls = html! {
        <div class="card chord-controls">
            <h2 id="chord-title">{ lang.ui(Ui::ChordTitle) }</h2>
            <p class="hint muted">
                { lang.ui(Ui::ChordHint) }
            </p>
            <div class="row-form">
                <div class="field">
                    <label for="chord-key">{ lang.ui(Ui::KeyToLookUp) }</label>
                    <input type="text" id="chord-key" value={settings.key.clone()} oninput={onkey}
                        aria-invalid={key_error.is_some().to_string()}
                        aria-describedby="chord-key-error" autocomplete="off" spellcheck="false" />
                </div>
                <div class="field">
                    <label for="chord-start">{ lang.ui(Ui::StartAtNode) }</label>
                    <select id="chord-start" onchange={onstart}>
                        { for up.iter().map(|n| html! {
                            <option value={n.id.0.to_string()} selected={Some(n.id) == shown_start}>{ &n.name }</option>
                        }) }
                    </select>
                </div>
            </div>
            if let Some(e) = key_error {
                <p class="field-error" id="chord-key-error" role="alert">{ lang.text(e) }</p>
            }
            <div class="row-form chord-nodes" role="group" aria-label={lang.ui(Ui::LabNodes)}>
                <span class="inline-label">{ lang.t(Msg::ChordNodesUp { count: up.len() }) }</span>
                <button type="button" id="chord-add" onclick={onadd}>{ lang.t(Msg::chord_add(state.suggested_name())) }</button>
                <button type="button" id="chord-remove" onclick={onremove} disabled={up.len() <= 1}>{ lang.ui(Ui::RemoveLastNode) }</button>
            </div>
            if let Some(e) = lab_error {
                <p class="field-error" role="alert">{ lang.text(&e.message) }</p>
            }
        </div>
    };
    let body = match shown.as_deref() {
        Some(v) => {
            let scene = chord::scene(v, None, lang, props.theme, device_pixel_ratio(), true);
            let path: Vec<String> = std::iter::once(v.name(v.start))
                .chain(v.hops.iter().map(|h| v.name(h.to)))
                .collect();
            let label = lang.t(Msg::ChordLabel {
                nodes: v.members.len(),
                key: v.key.clone(),
                start: v.name(v.start),
                path,
            });
            let within = v.hops.len() as u32 <= v.hop_bound();
            html! {
                <div class="chord-body">
                    <div class="card chord-picture">
                        <DrawingCanvas id="chord-canvas" {label} drawing={Rc::new(Drawing::Chord(scene))} aspect={1.0} />
                    </div>
                    <div class="card chord-facts">
                        <p class="summary-line" id="chord-hops">
                            { lang.t(Msg::ChordHops {
                                hops: v.hops.len(),
                                nodes: v.members.len(),
                                log2: v.log2_n(),
                            }) }
                        </p>
                        <p class="muted">
                            { lang.t(Msg::ChordKeyLine {
                                key: v.key.clone(),
                                position: v.key_position,
                                fraction: v.key_frac,
                                owner: v.name(v.owner),
                                within,
                                bound: v.hop_bound(),
                            }) }
                        </p>
                        <ol class="steps" id="chord-path">
                            if v.hops.is_empty() {
                                <li>{ lang.t(Msg::chord_no_hop(v.name(v.start))) }</li>
                            }
                            { for v.hops.iter().map(|h| html! {
                                <li>{ lang.t(Msg::ChordHop {
                                    from: v.name(h.from),
                                    to: v.name(h.to),
                                    finger: h.finger,
                                }) }</li>
                            }) }
                        </ol>
                        if !v.shadowed.is_empty() {
                            <p class="muted">{ lang.t(Msg::ChordShadowed { names: v.shadowed.clone() }) }</p>
                        }
                    </div>
                    // Focusable, as it scrolls sideways on a narrow screen (see compare.rs).
                    <div class="card chord-tables" tabindex="0">
                        <table class="balance finger-table" id="finger-table">
                            <caption>{ lang.t(Msg::FingerCaption { bits: v.bits }) }</caption>
                            <thead>
                                <tr><th scope="col">{ lang.ui(Ui::Node) }</th><th scope="col">{ lang.ui(Ui::Position) }</th><th scope="col">{ lang.ui(Ui::FingersCol) }</th></tr>
                            </thead>
                            <tbody>
                                { for v.members.iter().map(|m| html! {
                                    <tr class={classes!((m.id == v.start).then_some("start"))}>
                                        <th scope="row">{ &m.name }</th>
                                        <td>{ format::percent(m.frac, 1) }</td>
                                        <td class="runs">{ runs_text(v, m.id) }</td>
                                    </tr>
                                }) }
                            </tbody>
                        </table>
                    </div>
                </div>
            }
        }
        None => Html::default(),
    };
    html! {
        <section class="chord" aria-labelledby="chord-title">
            { controls }
            { body }
        </section>
    }
}
