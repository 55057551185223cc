//! The node list: per node its colour and name, weight and virtual-node count (changed
//! when the input is committed), mark down or up, and remove.

use std::rc::Rc;

use yew::prelude::*;

use super::field_error::{field_error, invalid};
use super::{list_window, use_lang, value_of, Dispatch};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::palette;
use crate::model::{Action, Field, InputError, Node, State};

/// Props of [`NodeList`].
#[derive(Properties, PartialEq)]
pub(crate) struct NodeListProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// Changes the state.
    pub(crate) dispatch: Dispatch,
    /// Whether a long list shows every row ([`super::LONG_LIST`]), the legend's too.
    pub(crate) all_rows: UseStateHandle<bool>,
}

/// The control that takes the focus when node `n` is removed: the next node's remove
/// button, else the previous one's, else the name of a new node.
fn focus_after_removal(state: &State, n: &Node) -> String {
    let at = state.nodes.iter().position(|m| m.id == n.id).unwrap_or(0);
    state
        .nodes
        .get(at + 1)
        .or_else(|| at.checked_sub(1).and_then(|i| state.nodes.get(i)))
        .map_or_else(
            || "add-name".to_string(),
            |m| format!("node-{}-remove", m.id.0),
        )
}

fn row(lang: Lang, state: &Rc<State>, dispatch: &Dispatch, n: &Node) -> Html {
    let id = n.id;
    let base = format!("node-{}", id.0);
    let weight_id = format!("{base}-weight");
    let vnodes_id = format!("{base}-vnodes");
    let weight_err = format!("{base}-weight-error");
    let vnodes_err = format!("{base}-vnodes-error");
    let node_err = format!("{base}-error");
    let onweight = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| d.dispatch(Action::SetWeight(id, value_of(&e))))
    };
    let onvnodes = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| d.dispatch(Action::SetVnodes(id, value_of(&e))))
    };
    let down = n.down;
    let ondown = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::SetDown(id, !down)))
    };
    let onremove = {
        let d = dispatch.clone();
        let (this, next) = (format!("{base}-remove"), focus_after_removal(state, n));
        Callback::from(move |_: MouseEvent| {
            d.dispatch(Action::RemoveNode(id));
            crate::effects::refocus_when_gone(this.clone(), next.clone());
        })
    };
    let uses_weight = state.kind.spec().uses_weights;
    let uses_vnodes = state.kind.spec().uses_vnodes;
    let name = n.name.clone();
    html! {
        <li class={classes!("node-row", down.then_some("down"))} key={id.0} data-node={name.clone()}>
            <div class="node-head">
                <span class={classes!("swatch", palette::css_class(n.colour()), n.shape().css_class())} aria-hidden="true"></span>
                <span class="node-name" title={name.clone()}>{ &name }</span>
                if down { <span class="badge">{ lang.ui(Ui::DownBadge) }</span> }
            </div>
            <div class="node-fields">
                <label for={weight_id.clone()} class="mini-label">{ lang.ui(Ui::Weight) }</label>
                <input id={weight_id} type="text" inputmode="numeric" class="num"
                    data-testid="node-weight" data-node={name.clone()}
                    value={InputError::shown(state.error.as_deref(), Field::NodeWeight(id), n.weight.to_string())} onchange={onweight}
                    disabled={!uses_weight}
                    aria-label={lang.t(Msg::node_weight_of(name.as_str()))}
                    aria-invalid={invalid(state, Field::NodeWeight(id)).to_string()}
                    aria-describedby={weight_err.clone()} />
                <label for={vnodes_id.clone()} class="mini-label">{ lang.ui(Ui::Vnodes) }</label>
                <input id={vnodes_id} type="text" inputmode="numeric" class="num"
                    data-testid="node-vnodes" data-node={name.clone()}
                    value={InputError::shown(state.error.as_deref(), Field::NodeVnodes(id), n.vnodes.map(|v| v.to_string()).unwrap_or_default())}
                    placeholder={state.default_vnodes.to_string()} onchange={onvnodes}
                    disabled={!uses_vnodes}
                    aria-label={lang.t(Msg::node_vnodes_of(name.as_str()))}
                    aria-invalid={invalid(state, Field::NodeVnodes(id)).to_string()}
                    aria-describedby={vnodes_err.clone()} />
            </div>
            <div class="node-actions">
                <button type="button" id={format!("{base}-down")} data-testid="node-down" data-node={name.clone()}
                    onclick={ondown} aria-pressed={down.to_string()}
                    aria-label={lang.t(if down { Msg::mark_up(name.as_str()) } else { Msg::mark_down(name.as_str()) })}>
                    { lang.ui(if down { Ui::MarkUpButton } else { Ui::MarkDownButton }) }
                </button>
                <button type="button" id={format!("{base}-remove")} data-testid="node-remove" data-node={name.clone()}
                    class="danger" onclick={onremove} aria-label={lang.t(Msg::remove_named(name.as_str()))}>
                    { lang.ui(Ui::Remove) }
                </button>
            </div>
            <div class="node-errors">
                { field_error(state, Field::NodeWeight(id), weight_err.clone(), lang) }
                { field_error(state, Field::NodeVnodes(id), vnodes_err.clone(), lang) }
                { field_error(state, Field::Node(id), node_err.clone(), lang) }
            </div>
        </li>
    }
}

/// The node list.
#[component]
pub(crate) fn NodeList(props: &NodeListProps) -> Html {
    let state = &props.state;
    let lang = use_lang();
    let up = state.nodes.iter().filter(|n| !n.down).count();
    let (head, tail) = list_window(&state.nodes, *props.all_rows);
    let show_all = {
        let all = props.all_rows.clone();
        // The focus goes on to the first row the button stood for.
        let next = state
            .nodes
            .get(head.len())
            .map_or_else(String::new, |n| format!("node-{}-down", n.id.0));
        move |_| {
            all.set(true);
            crate::effects::refocus_when_gone("show-all-nodes".to_string(), next.clone());
        }
    };
    let kind = state.kind;
    let hint = match (kind.spec().uses_weights, kind.spec().uses_vnodes) {
        (true, true) => Msg::NodesHintVnodes {
            kind,
            default: state.default_vnodes,
        },
        (true, false) => Msg::NodesHintNoVnodes { kind },
        (false, _) => Msg::NodesHintIgnored { kind },
    };
    let servers = use_node_ref();
    let onservers = {
        let (servers, d) = (servers.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = servers.cast::<web_sys::HtmlTextAreaElement>() {
                d.dispatch(Action::ReplaceNodes(text.value()));
            }
        })
    };
    html! {
        <section class="card" aria-labelledby="nodes-title">
            <h2 id="nodes-title">{ lang.t(Msg::NodesTitle { up, total: state.nodes.len() }) }</h2>
            <p class="muted hint">{ lang.t(hint) }</p>
            <ul class="node-list" id="node-list">
                { for head.iter().map(|n| row(lang, state, &props.dispatch, n)) }
                if !tail.is_empty() {
                    <li class="rows-cut" key="show-all">
                        <button type="button" class="show-all" id="show-all-nodes" onclick={show_all}>{ lang.ui(Ui::ShowAllNodes) }</button>
                    </li>
                }
                { for tail.iter().map(|n| row(lang, state, &props.dispatch, n)) }
            </ul>
            <details class="paste-servers" open={invalid(state, Field::ServerList)}>
                <summary>{ lang.ui(Ui::PasteServers) }</summary>
                <p class="muted hint" id="paste-servers-hint">{ lang.ui(Ui::PasteServersHint) }</p>
                <label for="paste-servers">{ lang.ui(Ui::PasteServersLabel) }</label>
                <textarea id="paste-servers" rows="5" ref={servers} autocomplete="off" spellcheck="false"
                    placeholder={"10.0.0.1:11211 600\n10.0.0.2:11211 400"}
                    aria-invalid={invalid(state, Field::ServerList).to_string()}
                    aria-describedby="paste-servers-hint paste-servers-error" />
                <button type="button" id="use-servers" onclick={onservers}>{ lang.ui(Ui::UseServers) }</button>
                { field_error(state, Field::ServerList, "paste-servers-error", lang) }
            </details>
        </section>
    }
}
