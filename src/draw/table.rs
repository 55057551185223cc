//! Every drawing as a table, for readers who cannot see the canvas: the numbers it was
//! drawn from, in words a screen reader can browse ("As a table", under each canvas).
//! Pure functions of the scenes, so the table and the picture never disagree.

use ring_core::metrics::format;

use super::charts::{axis_label, BarsScene, Unit};
use super::chord::ChordScene;
use super::paper::PaperChart;
use super::replicas::ReplicaScene;
use super::traffic::{LineChart, NodeChart};
use crate::i18n::{Lang, Ui};
use crate::model::Rgb;

/// One node of a ring or bins picture, as its table row reads it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NodeRow {
    /// Its name.
    pub(crate) name: String,
    /// Its colour (how the picture shows it).
    pub(crate) colour: Rgb,
    /// Its points on the ring (`None` off a ring).
    pub(crate) points: Option<u32>,
    /// Its share of the hash space: the arcs it owns.
    pub(crate) share: f64,
    /// Its keys.
    pub(crate) keys: u64,
}

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
mod tests {
    use super::*;
    use crate::draw::scene::{picture, Scene, View};
    use crate::model::{Action, State};

    #[test]
    fn the_ring_table_counts_every_point_and_key_of_the_lab() {
        let s = State::initial().unwrap();
        let Scene::Ring(ring) = picture(&s, &View::default()) else {
            panic!("the first lab is a ring");
        };
        let table = nodes(&ring.nodes, Lang::En);
        assert_eq!(table.heads, ["Node", "Points", "Space", "Keys"]);
        assert_eq!(table.rows.len(), s.nodes.len());
        let parse = |c: &str| c.replace(',', "").parse::<u64>().unwrap();
        let points: u64 = table.rows.iter().map(|r| parse(&r[1])).sum();
        assert_eq!(points as usize, s.current.picture.ring_points().len());
        let keys: u64 = table.rows.iter().map(|r| parse(&r[3])).sum();
        assert_eq!(keys as usize, s.keys.len());
        for (row, node) in table.rows.iter().zip(&s.current.nodes) {
            assert_eq!(row[0], node.name);
        }
    }

    #[test]
    fn the_traffic_table_is_the_hit_rate_and_store_of_each_time_bucket() {
        use crate::model::compare::CompareChange;
        use crate::model::traffic_view::{TrafficRun, TrafficSettings};
        let s = State::initial().unwrap();
        let mut run = TrafficRun::new(
            &s,
            TrafficSettings {
                requests: 20_000,
                change: CompareChange::AddNode,
                ..TrafficSettings::default()
            },
        );
        assert!(run.step(u64::MAX));
        let [Some(modulo), _] = run.reports() else {
            panic!("modulo runs");
        };
        let chart = crate::draw::traffic::line_chart(
            &modulo,
            true,
            Lang::En,
            crate::draw::Theme::LIGHT,
            1.0,
            false,
        );
        let t = lines(&chart, Lang::En);
        assert_eq!(t.rows.len(), modulo.buckets.len());
        for (row, (hit, store)) in t.rows.iter().zip(chart.hit.iter().zip(&chart.store)) {
            assert_eq!(row[1], format::percent(hit.1, 1));
            assert_eq!(row[2], format::percent(store.1, 1));
        }
        // Modulo's dip is in the table: some bucket's hit rate is far below the first's.
        let rate = |r: &Vec<String>| r[1].trim_end_matches('%').parse::<f64>().unwrap();
        let low = t.rows.iter().map(rate).fold(f64::MAX, f64::min);
        assert!(low + 30.0 < rate(&t.rows[0]), "{:?}", t.rows);
    }

    #[test]
    fn the_replicas_table_ranks_the_key_copies_and_blanks_the_rest() {
        use crate::model::replication_view::{replication_view, ReplicationSettings};
        let s = State::initial().unwrap();
        let settings = ReplicationSettings {
            replicas: 2,
            key: "user:42".into(),
            down: None,
        };
        let key = replication_view(&s, &settings).unwrap().typed.unwrap();
        let scene = crate::draw::replicas::scene(&s, &key, None, &View::default());
        let t = replicas(&scene, Lang::En);
        assert_eq!(t.heads.last().map(String::as_str), Some("Copy of the key"));
        let ranks: Vec<&str> = t.rows.iter().map(|r| r.last().unwrap().as_str()).collect();
        assert_eq!(ranks.iter().filter(|r| **r == "1").count(), 1, "{ranks:?}");
        assert_eq!(ranks.iter().filter(|r| **r == "2").count(), 1, "{ranks:?}");
        assert_eq!(
            ranks.iter().filter(|r| r.is_empty()).count(),
            s.nodes.len() - 2
        );
        // The owner's row is the node the key's list starts with.
        let owner = t
            .rows
            .iter()
            .position(|r| r.last().unwrap() == "1")
            .unwrap();
        assert_eq!(Some(owner as u32), scene.replicas[0].node);
    }

    #[test]
    fn bins_have_no_points_column() {
        let s = State::initial()
            .unwrap()
            .apply(Action::SetAlgorithm(crate::model::AlgoId::Jump))
            .unwrap();
        let Scene::Bins(bins) = picture(&s, &View::default()) else {
            panic!("jump draws bins");
        };
        let table = nodes(&bins.nodes, Lang::Zh);
        assert_eq!(table.heads.len(), 3);
        assert_eq!(table.rows.len(), s.nodes.len());
        assert!(table.rows.iter().all(|r| r[1].ends_with('%')));
    }
}
