//! The legend: each node's colour and name, with its keys and share of the hash space.

use std::rc::Rc;

use ring_core::metrics::format;
use yew::prelude::*;

use crate::model::palette;
use crate::model::State;

/// Props of [`Legend`].
#[derive(Properties, PartialEq)]
pub struct LegendProps {
    /// The state.
    pub state: Rc<State>,
}

/// The legend.
#[component]
pub fn Legend(props: &LegendProps) -> Html {
    let state = &props.state;
    let snap = &state.current;
    let total = state.keys.len().max(1) as f64;
    let rows: Html = state
        .nodes
        .iter()
        .map(|n| {
            let (keys, space) = match snap.index_of(n.id) {
                Some(i) => {
                    let load = snap.loads.get(i as usize).copied().unwrap_or(0);
                    let share = snap.shares.get(i as usize).copied().unwrap_or(0.0);
                    (
                        format!(
                            "{} ({})",
                            format::group_thousands(load),
                            format::percent(load as f64 / total, 1)
                        ),
                        format::percent(share, 1),
                    )
                }
                None => ("down".to_string(), "—".to_string()),
            };
            html! {
                <tr class={classes!(n.down.then_some("down"))} data-node={n.name.clone()}>
                    <th scope="row">
                        <span class={classes!("swatch", palette::css_class(n.colour()))} aria-hidden="true"></span>
                        <span class="node-name">{ &n.name }</span>
                    </th>
                    <td>{ keys }</td>
                    <td>{ space }</td>
                </tr>
            }
        })
        .collect();
    let shown = state.keys.sample.len();
    let note = if shown < state.keys.len() {
        format!(
            "Showing {} of {} keys as dots; every count covers all keys.",
            format::group_thousands(shown as u64),
            format::group_thousands(state.keys.len() as u64)
        )
    } else {
        format!(
            "Showing all {} keys as dots.",
            format::group_thousands(shown as u64)
        )
    };
    html! {
        <div class="legend-box">
            <table class="legend" id="legend">
                <caption class="visually-hidden">{ "Nodes, their colours, keys and share of the hash space" }</caption>
                <thead>
                    <tr><th scope="col">{ "Node" }</th><th scope="col">{ "Keys" }</th><th scope="col">{ "Space" }</th></tr>
                </thead>
                <tbody>{ rows }</tbody>
            </table>
            <p class="muted sample-note" id="sample-note">{ note }</p>
        </div>
    }
}
