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
