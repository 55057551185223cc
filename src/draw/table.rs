//! Every drawing as a table, for readers who cannot see the canvas: the numbers it was
//! drawn from, in words a screen reader can browse ("As a table", under each canvas).
//! Pure functions of the scenes, so the table and the picture never disagree.

use ring_core::metrics::format;

use super::charts::axis_label;
use super::chord::ChordScene;
use super::paper::PaperChart;
use super::replicas::ReplicaScene;
use super::scene_types::{BarsScene, NodeRow, Unit};
use super::traffic::{LineChart, NodeChart};
use crate::i18n::{Lang, Ui};

/// A table: its column heads, then its rows of cells (the first cell heads its row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TextTable {
    /// The column heads.
    pub(crate) heads: Vec<String>,
    /// The rows.
    pub(crate) rows: Vec<Vec<String>>,
}

fn percent(fraction: f64) -> String {
    format::percent(fraction, 1)
}

/// The nodes of a ring or bins picture: name, points (on a ring), share of the hash space,
/// keys.
pub(crate) fn nodes(rows: &[NodeRow], lang: Lang) -> TextTable {
    let on_ring = rows.iter().any(|r| r.points.is_some());
    let mut heads = vec![lang.ui(Ui::Node).to_string()];
    if on_ring {
        heads.push(lang.ui(Ui::RingPoints).to_string());
    }
    heads.extend([
        lang.ui(Ui::Space).to_string(),
        lang.ui(Ui::Keys).to_string(),
    ]);
    TextTable {
        heads,
        rows: rows
            .iter()
            .map(|r| {
                let mut cells = vec![r.name.clone()];
                if on_ring {
                    cells.push(format::group_thousands(u64::from(r.points.unwrap_or(0))));
                }
                cells.extend([percent(r.share), format::group_thousands(r.keys)]);
                cells
            })
            .collect(),
    }
}

/// A bar chart: each bar's name and value, as its axis writes it (keys, or shares of the
/// hash space).
pub(crate) fn bars(scene: &BarsScene, lang: Lang) -> TextTable {
    let value = match scene.unit {
        Unit::Count => Ui::Keys,
        Unit::Percent => Ui::Space,
    };
    let [first, second] = scene.heads.unwrap_or([Ui::Node, value]);
    TextTable {
        heads: vec![lang.ui(first).to_string(), lang.ui(second).to_string()],
        rows: scene
            .bars
            .iter()
            .map(|b| vec![b.label.clone(), axis_label(scene.unit, b.value)])
            .collect(),
    }
}

/// The replicas of a key: the ring's nodes, each with its rank in the key's preference
/// list (blank for nodes that hold no copy).
pub(crate) fn replicas(scene: &ReplicaScene, lang: Lang) -> TextTable {
    let mut table = nodes(&scene.ring.nodes, lang);
    table.heads.push(lang.ui(Ui::ReplicaRank).to_string());
    for (index, row) in table.rows.iter_mut().enumerate() {
        let rank = scene
            .replicas
            .iter()
            .find(|m| m.node == Some(index as u32))
            .map_or_else(String::new, |m| m.rank.to_string());
        row.push(rank);
    }
    table
}

/// The Chord ring: each node and its position on the ring of `2^bits`.
pub(crate) fn chord(scene: &ChordScene, lang: Lang) -> TextTable {
    let size = 2f64.powi(scene.bits.min(63) as i32);
    TextTable {
        heads: vec![
            lang.ui(Ui::Node).to_string(),
            lang.ui(Ui::Position).to_string(),
        ],
        rows: scene
            .nodes
            .iter()
            .map(|n| {
                vec![
                    n.label.clone(),
                    format::group_thousands((n.frac * size).round() as u64),
                ]
            })
            .collect(),
    }
}

/// The paper's chart: one row per node count, one column per virtual-node count, R1 in
/// each cell computed so far.
pub(crate) fn paper(chart: &PaperChart, lang: Lang) -> TextTable {
    let mut heads = vec![lang.ui(Ui::VirtualNodes).to_string()];
    heads.extend(
        chart
            .x_values
            .iter()
            .map(|v| format::group_thousands(u64::from(*v))),
    );
    TextTable {
        heads,
        rows: chart
            .series
            .iter()
            .map(|s| {
                let mut cells = vec![s.label.clone()];
                cells.extend(chart.x_values.iter().map(|&x| {
                    s.points
                        .iter()
                        .find(|p| p.0 == f64::from(x))
                        .map_or_else(|| "—".to_string(), |p| format::decimal(p.1, 3))
                }));
                cells
            })
            .collect(),
    }
}

/// The Traffic view's lines: each time bucket's middle request, hit rate and the store's
/// share of the requests.
pub(crate) fn lines(chart: &LineChart, lang: Lang) -> TextTable {
    TextTable {
        heads: vec![
            lang.ui(Ui::TrafficRequests).to_string(),
            lang.ui(Ui::TrafficHitRate).to_string(),
            lang.ui(Ui::TrafficStoreLoad).to_string(),
        ],
        rows: chart
            .hit
            .iter()
            .zip(&chart.store)
            .map(|(h, s)| {
                vec![
                    format::group_thousands(h.0.max(0.0).round() as u64),
                    percent(h.1),
                    percent(s.1),
                ]
            })
            .collect(),
    }
}

/// The Traffic view's nodes: each node's share of the keys and of the requests.
pub(crate) fn traffic_nodes(chart: &NodeChart, lang: Lang) -> TextTable {
    TextTable {
        heads: vec![
            lang.ui(Ui::Node).to_string(),
            lang.ui(Ui::TrafficKeysBar).to_string(),
            lang.ui(Ui::TrafficRequestsBar).to_string(),
        ],
        rows: chart
            .nodes
            .iter()
            .map(|n| vec![n.name.clone(), percent(n.keys), percent(n.requests)])
            .collect(),
    }
}

#[cfg(test)]
mod tests;
