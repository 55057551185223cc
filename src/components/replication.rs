//! The replication view: a replication factor R, each key's preference list (its owner and
//! the next R − 1 distinct nodes clockwise), and what one node's failure changes: who
//! serves its keys, who receives a new copy, and whether any key loses every copy.

use std::rc::Rc;

use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::{use_lang, Dispatch};
use crate::draw::replicas;
use crate::draw::scene::View;
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::i18n::{Lang, Msg, Ui};
use crate::model::display::isolate;
use crate::model::limits::{MAX_REPLICAS, MAX_VIEW_KEYS};
use crate::model::replication_view::{
    parse_replicas, replication_view, KeyReplicas, ReplicationProblem, ReplicationSettings,
};
use crate::model::view_settings::ViewSetting;
use crate::model::{Action, AlgoId, NodeId, State};

/// Props of [`ReplicationPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct ReplicationProps {
    /// The lab's state: its ring.
    pub(crate) state: Rc<State>,
    /// Changes the lab (to switch to a ring).
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

// Names are isolated: a bidi control in one cannot reorder the rest of a list or sentence.
fn name_list(state: &State, ids: &[NodeId]) -> Vec<String> {
    ids.iter()
        .filter_map(|&id| state.node(id).map(|n| isolate(&n.name).into_owned()))
        .collect()
}

fn names(state: &State, ids: &[NodeId]) -> String {
    name_list(state, ids).join(", ")
}

fn name(state: &State, id: Option<NodeId>) -> String {
    id.and_then(|id| state.node(id).map(|n| isolate(&n.name).into_owned()))
        .unwrap_or_else(|| "—".to_string())
}

fn key_row(lang: Lang, state: &State, k: &KeyReplicas, failed: bool) -> Html {
    let f = k.failover.as_ref();
    html! {
        <tr>
            <th scope="row" class="key-cell">{ &k.key }</th>
            <td>{ names(state, &k.list) }</td>
            if failed {
                <td>{ f.map_or_else(String::new, |f| names(state, &f.after)) }</td>
                <td>{ f.and_then(|f| f.takes_over).map_or_else(|| "—".to_string(), |id| name(state, Some(id))) }</td>
                <td>{ f.and_then(|f| f.gains_copy).map_or_else(|| "—".to_string(), |id| name(state, Some(id))) }</td>
                <td>{ lang.ui(if f.is_some_and(|f| f.lost) { Ui::EveryCopyLost } else { Ui::No }) }</td>
            }
        </tr>
    }
}

/// The replication view.
#[component]
pub(crate) fn ReplicationPanel(props: &ReplicationProps) -> Html {
    let lang = use_lang();
    let settings = props.state.views.replication.clone();
    let set = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |s| {
            dispatch.dispatch(Action::SetViewSetting(ViewSetting::Replication(s)))
        })
    };
    let state = props.state.clone();
    // What is typed in the R box, and the refusal of a bad value (R in force is kept).
    let typed = use_state(|| settings.replicas.to_string());
    let r_error = use_state(Option::<Msg>::default);
    let result = use_memo(
        (
            state.version,
            Rc::as_ptr(&state.current) as usize,
            settings.clone(),
        ),
        {
            let state = state.clone();
            move |(_, _, s)| replication_view(&state, s)
        },
    );
    let onr = {
        let (settings, set, typed, r_error, state) = (
            settings.clone(),
            set.clone(),
            typed.clone(),
            r_error.clone(),
            state.clone(),
        );
        Callback::from(move |e: InputEvent| {
            let text = super::value_of(&e);
            match parse_replicas(&state, &text) {
                Ok(r) => {
                    r_error.set(None);
                    set.emit(ReplicationSettings {
                        replicas: r,
                        ..settings.clone()
                    });
                }
                Err(m) => r_error.set(Some(m)),
            }
            typed.set(text);
        })
    };
    let onkey = {
        let (settings, set) = (settings.clone(), set.clone());
        Callback::from(move |e: InputEvent| {
            set.emit(ReplicationSettings {
                key: super::value_of(&e),
                ..settings.clone()
            })
        })
    };
    let ondown = {
        let (settings, set) = (settings.clone(), set.clone());
        Callback::from(move |e: Event| {
            let down = super::value_of(&e).parse::<u32>().ok().map(NodeId);
            set.emit(ReplicationSettings {
                down,
                ..settings.clone()
            })
        })
    };
    let up: Vec<_> = state.current.nodes.clone();
    let down = settings
        .down
        .filter(|id| state.current.index_of(*id).is_some());
    let controls = html! {
        <div class="card replication-controls">
            <h2 id="replication-title">{ lang.ui(Ui::ReplicationTitle) }</h2>
            <p class="hint muted">
                { lang.ui(Ui::ReplicationHint) }
            </p>
            <div class="row-form">
                <div class="field narrow">
                    <label for="replication-r">{ lang.t(Msg::ReplicasLabel { nodes: up.len().min(MAX_REPLICAS as usize) }) }</label>
                    <input type="text" inputmode="numeric" id="replication-r" class="num"
                        value={(*typed).clone()} oninput={onr}
                        aria-invalid={r_error.is_some().to_string()}
                        aria-describedby="replication-r-error" />
                </div>
                <div class="field">
                    <label for="replication-key">{ lang.ui(Ui::Key) }</label>
                    <input type="text" id="replication-key" value={settings.key.clone()} oninput={onkey}
                        autocomplete="off" spellcheck="false" />
                </div>
                <div class="field">
                    <label for="replication-down">{ lang.ui(Ui::NodeThatFails) }</label>
                    <select id="replication-down" onchange={ondown}>
                        <option value="none" selected={down.is_none()}>{ lang.ui(Ui::NoneOption) }</option>
                        { for up.iter().map(|n| html! {
                            <option value={n.id.0.to_string()} selected={Some(n.id) == down}>{ &n.name }</option>
                        }) }
                    </select>
                </div>
            </div>
            if let Some(e) = r_error.as_ref() {
                <p class="field-error" id="replication-r-error" role="alert">{ lang.text(e) }</p>
            }
        </div>
    };
    let body = match result.as_ref() {
        Err(ReplicationProblem::NotARing) => {
            let onring = {
                let dispatch = props.dispatch.clone();
                Callback::from(move |_: MouseEvent| {
                    dispatch.dispatch(Action::SetAlgorithm(AlgoId::Virtual))
                })
            };
            html! {
                <div class="card">
                    <p id="replication-not-ring">{ lang.t(Msg::NotARing { kind: state.kind }) }</p>
                    <button type="button" id="replication-use-ring" class="primary" onclick={onring}>
                        { lang.ui(Ui::UseVirtualRing) }
                    </button>
                </div>
            }
        }
        Err(ReplicationProblem::Message(m)) => html! {
            <div class="card"><p class="field-error" role="alert">{ lang.text(m) }</p></div>
        },
        Ok(v) => {
            let shown = v.typed.clone().or_else(|| v.samples.first().cloned());
            let view = View {
                scale: device_pixel_ratio(),
                theme: props.theme,
                ..View::default()
            };
            let picture = shown.as_ref().map(|k| {
                let sc = replicas::scene(&state, k, down, &view);
                let label = lang.t(Msg::ReplicasPicture {
                    key: k.key.clone(),
                    replicas: v.replicas,
                    failed: down.is_some(),
                });
                html! {
                    <DrawingCanvas id="replication-canvas" {label} drawing={Rc::new(Drawing::Replicas(sc))} aspect={1.0} />
                }
            });
            let failed = v.totals.is_some();
            let summary = lang.t(match v.totals {
                Some((id, t)) => Msg::ReplicationFails {
                    name: name(&state, Some(id)),
                    held: t.held,
                    total: t.total,
                    owned: t.owned,
                    recopied: t.recopied,
                    lost: t.lost,
                },
                None => Msg::ReplicationNoFailure {
                    replicas: v.replicas,
                    nodes: v.nodes,
                },
            });
            let lost = v.totals.is_some_and(|(_, t)| t.lost > 0);
            html! {
                <div class="replication-body">
                    <div class="card replication-picture">{ picture.unwrap_or_default() }</div>
                    // Focusable, as it scrolls sideways on a narrow screen (see compare.rs).
                    <div class="card replication-facts" tabindex="0">
                        if let Some(k) = &v.typed {
                            <p class="summary-line" id="replication-list">
                                { format!("{:?} → {}", k.key, names(&state, &k.list)) }
                            </p>
                            if let Some(f) = &k.failover {
                                <p id="replication-after">{ lang.t(Msg::AfterFailure { on: name_list(&state, &f.after) }) }</p>
                            }
                        }
                        <p id="replication-summary" class={classes!(lost.then_some("field-error"))}
                            role={lost.then_some("alert")}>{ summary }</p>
                        if failed && state.keys.len() > MAX_VIEW_KEYS {
                            <p class="hint muted" id="replication-first-keys">
                                { lang.t(Msg::ViewFirstKeys { used: MAX_VIEW_KEYS, of: state.keys.len() }) }
                            </p>
                        }
                        <table class="balance replication-table" id="replication-table">
                            <caption>{ lang.ui(Ui::FirstKeys) }</caption>
                            <thead>
                                <tr>
                                    <th scope="col">{ lang.ui(Ui::Key) }</th>
                                    <th scope="col">{ lang.ui(Ui::PreferenceList) }</th>
                                    if failed {
                                        <th scope="col">{ lang.ui(Ui::AfterTheFailure) }</th>
                                        <th scope="col">{ lang.ui(Ui::ServedBy) }</th>
                                        <th scope="col">{ lang.ui(Ui::NewCopyOn) }</th>
                                        <th scope="col">{ lang.ui(Ui::LostQ) }</th>
                                    }
                                </tr>
                            </thead>
                            <tbody>
                                { for v.samples.iter().map(|k| key_row(lang, &state, k, failed)) }
                            </tbody>
                        </table>
                    </div>
                </div>
            }
        }
    };
    html! {
        <section class="replication" aria-labelledby="replication-title">
            { controls }
            { body }
        </section>
    }
}
