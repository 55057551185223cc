//! The replication view: a replication factor R, each key's preference list (its owner and
//! the next R − 1 distinct nodes clockwise), and what one node's failure changes: who
//! serves its keys, who receives a new copy, and whether any key loses every copy.

use std::rc::Rc;

use ring_core::metrics::format;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::Dispatch;
use crate::draw::replicas;
use crate::draw::scene::View;
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::model::replication_view::{
    parse_replicas, replication_view, KeyReplicas, ReplicationProblem, ReplicationSettings,
};
use crate::model::{Action, AlgoKind, NodeId, State};

/// Props of [`ReplicationPanel`].
#[derive(Properties, PartialEq)]
pub struct ReplicationProps {
    /// The lab's state: its ring.
    pub state: Rc<State>,
    /// Changes the lab (to switch to a ring).
    pub dispatch: Dispatch,
    /// R, the key and the failed node (kept while other views show).
    pub settings: UseStateHandle<ReplicationSettings>,
    /// The colours.
    pub theme: Theme,
}

fn names(state: &State, ids: &[NodeId]) -> String {
    ids.iter()
        .filter_map(|&id| state.node(id).map(|n| n.name.clone()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn name(state: &State, id: Option<NodeId>) -> String {
    id.and_then(|id| state.node(id).map(|n| n.name.clone()))
        .unwrap_or_else(|| "—".to_string())
}

fn key_row(state: &State, k: &KeyReplicas, failed: bool) -> Html {
    let f = k.failover.as_ref();
    html! {
        <tr>
            <th scope="row" class="key-cell">{ &k.key }</th>
            <td>{ names(state, &k.list) }</td>
            if failed {
                <td>{ f.map_or_else(String::new, |f| names(state, &f.after)) }</td>
                <td>{ f.and_then(|f| f.takes_over).map_or_else(|| "—".to_string(), |id| name(state, Some(id))) }</td>
                <td>{ f.and_then(|f| f.gains_copy).map_or_else(|| "—".to_string(), |id| name(state, Some(id))) }</td>
                <td>{ if f.is_some_and(|f| f.lost) { "every copy lost" } else { "no" } }</td>
            }
        </tr>
    }
}

/// The replication view.
#[component]
pub fn ReplicationPanel(props: &ReplicationProps) -> Html {
    let settings = props.settings.clone();
    let state = props.state.clone();
    // What is typed in the R box, and the refusal of a bad value (R in force is kept).
    let typed = use_state(|| settings.replicas.to_string());
    let r_error = use_state(|| None::<String>);
    let result = use_memo(
        (
            state.version,
            Rc::as_ptr(&state.current) as usize,
            (*settings).clone(),
        ),
        {
            let state = state.clone();
            move |(_, _, s)| replication_view(&state, s)
        },
    );
    let onr = {
        let (settings, typed, r_error, state) = (
            settings.clone(),
            typed.clone(),
            r_error.clone(),
            state.clone(),
        );
        Callback::from(move |e: InputEvent| {
            let text = super::value_of(&e);
            match parse_replicas(&state, &text) {
                Ok(r) => {
                    r_error.set(None);
                    settings.set(ReplicationSettings {
                        replicas: r,
                        ..(*settings).clone()
                    });
                }
                Err(m) => r_error.set(Some(m)),
            }
            typed.set(text);
        })
    };
    let onkey = {
        let settings = settings.clone();
        Callback::from(move |e: InputEvent| {
            settings.set(ReplicationSettings {
                key: super::value_of(&e),
                ..(*settings).clone()
            })
        })
    };
    let ondown = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let down = super::value_of(&e).parse::<u32>().ok().map(NodeId);
            settings.set(ReplicationSettings {
                down,
                ..(*settings).clone()
            })
        })
    };
    let up: Vec<_> = state.current.nodes.clone();
    let down = settings
        .down
        .filter(|id| state.current.index_of(*id).is_some());
    let controls = html! {
        <div class="card replication-controls">
            <h2 id="replication-title">{ "Replication to successors" }</h2>
            <p class="hint muted">
                { "Each key is stored on its owner and the next R − 1 distinct nodes clockwise (its preference list). When a node fails, the next replica, which already has the data, serves its keys, and the next node clockwise receives a copy." }
            </p>
            <div class="row-form">
                <div class="field narrow">
                    <label for="replication-r">{ format!("Replicas R (1 to {})", up.len()) }</label>
                    <input type="text" inputmode="numeric" id="replication-r" class="num"
                        value={(*typed).clone()} oninput={onr}
                        aria-invalid={r_error.is_some().to_string()}
                        aria-describedby="replication-r-error" />
                </div>
                <div class="field">
                    <label for="replication-key">{ "Key" }</label>
                    <input type="text" id="replication-key" value={settings.key.clone()} oninput={onkey}
                        autocomplete="off" spellcheck="false" />
                </div>
                <div class="field">
                    <label for="replication-down">{ "Node that fails" }</label>
                    <select id="replication-down" onchange={ondown}>
                        <option value="none" selected={down.is_none()}>{ "None" }</option>
                        { for up.iter().map(|n| html! {
                            <option value={n.id.0.to_string()} selected={Some(n.id) == down}>{ &n.name }</option>
                        }) }
                    </select>
                </div>
            </div>
            if let Some(e) = r_error.as_ref() {
                <p class="field-error" id="replication-r-error" role="alert">{ e }</p>
            }
        </div>
    };
    let body = match result.as_ref() {
        Err(ReplicationProblem::NotARing) => {
            let onring = {
                let dispatch = props.dispatch.clone();
                Callback::from(move |_: MouseEvent| {
                    dispatch.dispatch(Action::SetAlgorithm(AlgoKind::Virtual))
                })
            };
            html! {
                <div class="card">
                    <p id="replication-not-ring">{ format!(
                        "{} has no ring to walk: preference lists are the next nodes clockwise on a ring.",
                        state.kind.label()
                    ) }</p>
                    <button type="button" id="replication-use-ring" class="primary" onclick={onring}>
                        { "Use the ring with virtual nodes" }
                    </button>
                </div>
            }
        }
        Err(ReplicationProblem::Message(m)) => html! {
            <div class="card"><p class="field-error" role="alert">{ m }</p></div>
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
                let label = format!(
                    "The ring; the replicas of {:?} are numbered 1 to {} clockwise from its position{}.",
                    k.key,
                    v.replicas,
                    if down.is_some() { "; the failed node's points are crossed out and + marks the node that receives a copy" } else { "" }
                );
                html! {
                    <DrawingCanvas id="replication-canvas" {label} drawing={Rc::new(Drawing::Replicas(sc))} aspect={1.0} />
                }
            });
            let failed = v.totals.is_some();
            let summary = match v.totals {
                Some((id, t)) => format!(
                    "{} fails: it held a copy of {} of {} keys and owned {}. Their next replicas serve them; {} keys get a new copy on the next node clockwise. Keys that lost every copy: {}.",
                    name(&state, Some(id)),
                    format::group_thousands(t.held),
                    format::group_thousands(t.total),
                    format::group_thousands(t.owned),
                    format::group_thousands(t.recopied),
                    format::group_thousands(t.lost)
                ),
                None => format!(
                    "R = {}: every key is stored on {} of the {} nodes. Pick a node that fails to see who takes over.",
                    v.replicas, v.replicas, v.nodes
                ),
            };
            let lost = v.totals.is_some_and(|(_, t)| t.lost > 0);
            html! {
                <div class="replication-body">
                    <div class="card replication-picture">{ picture.unwrap_or_default() }</div>
                    <div class="card replication-facts">
                        if let Some(k) = &v.typed {
                            <p class="summary-line" id="replication-list">
                                { format!("{:?} → {}", k.key, names(&state, &k.list)) }
                            </p>
                            if let Some(f) = &k.failover {
                                <p id="replication-after">{ format!("After the failure: {}.", names(&state, &f.after)) }</p>
                            }
                        }
                        <p id="replication-summary" class={classes!(lost.then_some("field-error"))}
                            role={lost.then_some("alert")}>{ summary }</p>
                        <table class="balance replication-table" id="replication-table">
                            <caption>{ "The first keys of the key set" }</caption>
                            <thead>
                                <tr>
                                    <th scope="col">{ "Key" }</th>
                                    <th scope="col">{ "Preference list" }</th>
                                    if failed {
                                        <th scope="col">{ "After the failure" }</th>
                                        <th scope="col">{ "Served by" }</th>
                                        <th scope="col">{ "New copy on" }</th>
                                        <th scope="col">{ "Lost?" }</th>
                                    }
                                </tr>
                            </thead>
                            <tbody>
                                { for v.samples.iter().map(|k| key_row(&state, k, failed)) }
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
