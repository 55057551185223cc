//! The legend: each node's colour and name, with its points on a ring, its keys and its share
//! of the hash space; the Explore picture's and charts' table too.

use ring_core::metrics::format;
use yew::prelude::*;

use crate::i18n::{Lang, Msg, Ui};
use crate::model::palette;
use crate::model::{Node, State};

/// The most characters of a name in the legend's narrow column.
const LEGEND_NAME_CHARS: usize = 9;

/// The legend.
/// A function rather than a component: it keeps no state of its own, and a component costs
/// about 1.5 KB of wasm (measured when the wasm's size was a gate).
/// `all_rows`: whether a long list shows every row ([`super::LONG_LIST`]), the node list's too.
pub(crate) fn legend(state: &State, lang: Lang, all_rows: &UseStateHandle<bool>) -> Html {
    let snap = &state.current;
    let total = state.keys.len().max(1) as f64;
    // On a ring, each node's points too: the legend is the picture's table.
    let counts = crate::draw::scene::point_counts(snap);
    let on_ring = counts.is_some();
    let shared =
        crate::model::display::shared_head(&mut state.nodes.iter().map(|n| n.name.as_str()));
    let row = |n: &Node| {
        let index = snap.index_of(n.id);
        let points = index
            .and_then(|i| counts.as_ref()?.get(i as usize).copied())
            .map_or_else(
                || "—".to_string(),
                |p| format::group_thousands(u64::from(p)),
            );
        let (keys, space) = match index {
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
            None => (lang.ui(Ui::DownBadge).to_string(), "—".to_string()),
        };
        html! {
            <tr class={classes!(n.down.then_some("down"))} data-node={n.name.clone()}>
                <th scope="row">
                    <span class={classes!("swatch", palette::css_class(n.colour()), n.shape().css_class())} aria-hidden="true"></span>
                    { super::node_name(&n.name, LEGEND_NAME_CHARS, shared) }
                </th>
                if on_ring {
                    <td>{ points }</td>
                }
                <td class="keys">{ keys }</td>
                <td>{ space }</td>
            </tr>
        }
    };
    let (head, tail) = super::list_window(&state.nodes, **all_rows);
    let show_all = {
        let all = all_rows.clone();
        move |_| all.set(true)
    };
    let shown = state.keys.sample.len();
    let note = lang.t(if shown < state.keys.len() {
        Msg::SampleSome {
            shown,
            total: state.keys.len(),
        }
    } else {
        Msg::SampleAll { shown }
    });
    html! {
        <div class="legend-box">
            <table class="legend" id="legend">
                <caption class="visually-hidden">{ lang.ui(Ui::LegendCaption) }</caption>
                <thead>
                    <tr><th scope="col">{ lang.ui(Ui::Node) }</th>
                    if on_ring {
                        <th scope="col">{ lang.ui(Ui::RingPoints) }</th>
                    }
                    <th scope="col">{ lang.ui(Ui::Keys) }</th><th scope="col">{ lang.ui(Ui::Space) }</th></tr>
                </thead>
                <tbody>
                    { head.iter().map(row).collect::<Html>() }
                    // Where a long list ([`super::LONG_LIST`]) leaves rows out.
                    if !tail.is_empty() {
                        <tr class="rows-cut">
                            <td colspan={if on_ring { "4" } else { "3" }}>
                                <button type="button" class="show-all" onclick={show_all}>{ lang.ui(Ui::ShowAllNodes) }</button>
                            </td>
                        </tr>
                    }
                    { tail.iter().map(row).collect::<Html>() }
                </tbody>
            </table>
            <p class="muted sample-note" id="sample-note">{ note }</p>
        </div>
    }
}
