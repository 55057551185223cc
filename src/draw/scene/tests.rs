use super::*;
use crate::draw::ring::Geometry;
use crate::draw::testing::render;
use crate::draw::{bins::draw_bins, ring::draw_ring};
use crate::model::AlgoId;
use crate::model::{Action, NodeId};

fn initial() -> State {
    State::initial().unwrap()
}

fn add_e(s: &State) -> State {
    s.apply(Action::AddNode {
        name: "cache-e".into(),
        weight: "100".into(),
        vnodes: "".into(),
    })
    .unwrap()
}

fn quiet() -> View {
    View {
        text: false,
        ..View::default()
    }
}

#[test]
fn the_ring_scene_shows_every_point_and_the_sampled_keys() {
    let s = initial();
    let r = ring(&s, &quiet());
    assert_eq!(r.points.len(), 64);
    assert!(r.points.windows(2).all(|w| w[0].frac <= w[1].frac));
    assert_eq!(r.keys.len(), 2_000);
    assert!(r.travellers.is_empty());
    assert_eq!(r.space_bits, 64);
    let colours: Vec<Rgb> = s.nodes.iter().map(|n| n.colour()).collect();
    assert!(r.points.iter().all(|p| colours.contains(&p.colour)));
    for (i, n) in s.nodes.iter().enumerate() {
        let owned = r.points.iter().filter(|p| p.colour == n.colour()).count();
        assert_eq!(owned, 16, "node {i}");
    }
}

#[test]
fn after_an_add_the_moved_keys_travel_to_the_new_node() {
    let t = add_e(&initial());
    let change = t.change.as_ref().unwrap();
    assert!(!change.moves.is_empty());
    let r = ring(&t, &quiet());
    assert_eq!(r.travellers.len(), change.moves.len());
    let e = t.node(NodeId(4)).unwrap().colour();
    assert!(r.travellers.iter().all(|tr| tr.to == e && tr.from != e));
    assert_eq!(
        r.keys.iter().filter(|k| k.from.is_some()).count(),
        change.moves.len()
    );
    // The new node's point is counter-clockwise of the old owner's (it cut in before it).
    for tr in &r.travellers {
        let back = (tr.from_frac - tr.to_frac).rem_euclid(1.0);
        assert!(back < 0.5, "{tr:?}");
    }
}

#[test]
fn the_drawn_ring_has_the_owners_colours_and_changes_after_an_add() {
    let s = initial();
    let scene = ring(&s, &quiet());
    let img = render(400, 400, |a| draw_ring(a, &scene));
    let g = Geometry::new(400, 400, 1.0, false);
    let mid = (g.r_band_in + g.r_band_out) / 2.0;
    // Just before each point, the arc is the point's owner's.
    let mut checked = 0;
    let n = scene.points.len();
    for (i, p) in scene.points.iter().enumerate() {
        let prev = scene.points[(i + n - 1) % n].frac;
        let len = (p.frac - prev).rem_euclid(1.0);
        if len < 0.01 {
            continue; // too narrow to hit its middle reliably
        }
        let (x, y) = g.at(prev + len / 2.0, mid);
        assert_eq!(img.at(x, y), p.colour, "arc ending at point {i}");
        checked += 1;
    }
    assert!(checked > 20);
    let e_colour = crate::model::palette::colour(4);
    assert_eq!(img.count(e_colour), 0);
    let t = add_e(&s);
    let img2 = render(400, 400, |a| draw_ring(a, &ring(&t, &quiet())));
    assert!(img2.count(e_colour) > 100);
}

#[test]
fn buckets_are_numbered_bins() {
    let s = initial().apply(Action::SetAlgorithm(AlgoId::Jump)).unwrap();
    let Scene::Bins(b) = picture(&s, &quiet()) else {
        panic!("jump is not a ring")
    };
    // Above the bins, the first key's walk through jump's loop, ending at its owner.
    let Header::Buckets {
        cells,
        draws,
        answer,
        key,
        ..
    } = &b.header
    else {
        panic!("no bucket header: {:?}", b.header)
    };
    assert_eq!(cells.len(), 4);
    assert_eq!(draws.first().map(|d| d.bucket), Some(0));
    assert_eq!(draws.last().map(|d| d.bucket), Some(*answer));
    assert_eq!(*answer, s.current.placement.locate(key));
    let labels: Vec<&str> = b.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        ["0 · cache-a", "1 · cache-b", "2 · cache-c", "3 · cache-d"]
    );
    assert_eq!(b.dots.len(), 2_000);
    // Slots count up per bin.
    for c in 0..4u32 {
        let mut slots: Vec<u32> = b
            .dots
            .iter()
            .filter(|d| d.column == c)
            .map(|d| d.slot)
            .collect();
        slots.sort_unstable();
        assert!(slots.iter().enumerate().all(|(i, &s)| s == i as u32));
    }
    // Removing the last bucket: its keys travel from bin 3.
    let t = s.apply(Action::RemoveNode(NodeId(3))).unwrap();
    let Scene::Bins(b) = picture(
        &t,
        &View {
            progress: 0.0,
            ..quiet()
        },
    ) else {
        panic!()
    };
    assert_eq!(b.before_columns, 4);
    let moved: Vec<&BinDot> = b.dots.iter().filter(|d| d.from.is_some()).collect();
    assert!(!moved.is_empty());
    assert!(moved.iter().all(|d| d.from.map(|f| f.0) == Some(3)));
    let img = render(360, 300, |a| draw_bins(a, &b));
    assert!(
        img.count(crate::model::palette::colour(3)) > 0,
        "the leaving keys are drawn"
    );
}

#[test]
fn tables_and_scores_head_the_bins() {
    let s = initial()
        .apply(Action::SetAlgorithm(AlgoId::Maglev))
        .unwrap();
    let Scene::Bins(b) = picture(&s, &quiet()) else {
        panic!()
    };
    let Header::Table { cells, before, .. } = &b.header else {
        panic!("{:?}", b.header)
    };
    assert_eq!(cells.len(), 1021);
    assert!(
        before.is_none(),
        "a switch from a ring has no table to fade from"
    );
    for n in &s.nodes {
        assert!(cells.contains(&n.colour()));
    }
    let t = s.apply(Action::SetAlgorithm(AlgoId::Rendezvous)).unwrap();
    let Scene::Bins(b) = picture(&t, &quiet()) else {
        panic!()
    };
    let Header::Scores {
        scores,
        winner,
        whole: false,
    } = &b.header
    else {
        panic!("{:?}", b.header)
    };
    assert_eq!(scores.len(), 4);
    let first = &t.keys.keys[0];
    assert_eq!(*winner as u32, t.current.placement.locate(first));
}

#[test]
fn charts_cover_every_key_and_the_whole_space() {
    let s = initial();
    let l = loads(&s, &quiet());
    assert_eq!(l.bars.iter().map(|b| b.value).sum::<f64>(), 10_000.0);
    assert_eq!(l.mean, Some(2_500.0));
    assert_eq!(l.band, Some((2_250.0, 2_750.0)));
    let sh = shares(&s, &quiet());
    assert!((sh.bars.iter().map(|b| b.value).sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn hover_words_name_what_is_under_the_pointer() {
    let s = initial();
    let words = ring_hit_words(&s, RingHit::Point(0)).unwrap();
    assert!(words.contains("virtual node \"cache-"), "{words}");
    let words = ring_hit_words(&s, RingHit::Arc(3)).unwrap();
    assert!(words.contains("of the ring, owned by cache-"), "{words}");
    let words = ring_hit_words(&s, RingHit::Key(0)).unwrap();
    assert!(
        words.starts_with(&format!("Key {:?}", s.keys.keys[0])),
        "{words}"
    );
    let t = initial()
        .apply(Action::SetAlgorithm(AlgoId::SlotTable))
        .unwrap();
    let words = bins_hit_words(&t, BinsHit::Cell(5)).unwrap();
    assert!(
        words.starts_with("Entry 5 of 1024: owned by cache-"),
        "{words}"
    );
    let words = bins_hit_words(&t, BinsHit::Column(1)).unwrap();
    assert!(words.starts_with("cache-b: "), "{words}");
}

#[test]
fn an_anchor_bucket_removed_from_the_middle_stays_removed_and_its_node_leaves_the_bins() {
    let s = initial()
        .apply(Action::SetAlgorithm(AlgoId::Anchor))
        .unwrap();
    let b_id = s.nodes[1].id;
    let after = s.apply(Action::RemoveNode(b_id)).unwrap().run_pending();
    let Scene::Bins(b) = picture(&after, &quiet()) else {
        panic!("anchor is not a ring")
    };
    let Header::Buckets { cells, .. } = &b.header else {
        panic!("no bucket header")
    };
    // The picture's capacity, 8: buckets 0, 2 and 3 work, 1 and the spares 4 to 7 do not.
    assert_eq!(cells.len(), 8);
    assert!(matches!(cells[1], BucketCell::Removed));
    assert!(matches!(cells[2], BucketCell::Working(_)));
    let labels: Vec<&str> = b.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["0 · cache-a", "2 · cache-c", "3 · cache-d"]);
    // Only cache-b's keys moved.
    let change = after.change.as_deref().unwrap();
    assert_eq!(
        change.summary.moved, s.current.loads[1],
        "exactly the keys of the node that left"
    );
}

/// Riak keeps a key on its partition and the next two: the walk names the three nodes, and
/// the picture outlines the key's partition and the other two.
#[test]
fn riak_draws_and_says_a_keys_preference_list() {
    use ring_core::systems::SystemId;
    let s = initial()
        .apply(Action::SetAlgorithm(SystemId::Riak.algo()))
        .unwrap()
        .run_pending()
        .apply(Action::Explain("user:42".into()))
        .unwrap();
    let explained = s.explained().unwrap();
    let list = s.current.placement.preference_list("user:42").unwrap();
    assert_eq!(list.len(), 3);
    let names: Vec<String> = list
        .iter()
        .map(|&i| s.current.node(i).unwrap().name.clone())
        .collect();
    assert!(
        explained
            .steps
            .contains(&crate::model::message::Msg::StepPreference { names }),
        "{:?}",
        explained.steps
    );
    let Scene::Bins(b) = picture(&s, &quiet()) else {
        panic!()
    };
    let Header::Table {
        highlight, copies, ..
    } = &b.header
    else {
        panic!("{:?}", b.header)
    };
    let first = highlight.unwrap();
    assert_eq!(copies, &vec![(first + 1) % 64, (first + 2) % 64]);
}

#[test]
fn a_ring_of_more_points_than_the_drawing_marks_is_marked_by_stretches() {
    use ring_core::registry::ParamRef;
    let s = initial()
        .apply(Action::SetAlgorithm(AlgoId::EnvoyRingHash))
        .unwrap()
        .apply(Action::SetParam {
            param: ParamRef::new(AlgoId::EnvoyRingHash, 0),
            text: "300000".into(),
        })
        .unwrap()
        .run_pending();
    let points = s.current.picture.ring_points();
    assert_eq!(points.len(), 300_000);
    let scene = ring(&s, &quiet());
    assert_eq!(scene.point_count, 300_000);
    // Every one of the 4,096 stretches holds some of 300,000 points.
    assert_eq!(scene.points.len(), MARKED_STRETCHES);
    let stretch = |position: u64| (u128::from(position) * MARKED_STRETCHES as u128) >> 64;
    for pair in scene.points.windows(2) {
        assert!(pair[0].index < pair[1].index);
    }
    for mark in &scene.points {
        let p = points[mark.index as usize];
        assert_eq!(mark.frac, s.current.fraction(p.position));
        // The last point of its stretch: the next point is in a later one.
        if let Some(next) = points.get(mark.index as usize + 1) {
            assert!(stretch(next.position) > stretch(p.position));
        }
    }
    assert_eq!(scene.points.last().map(|m| m.index), Some(299_999));
    // The table's counts are every point's, not the marks'.
    let counted: u32 = scene.nodes.iter().filter_map(|n| n.points).sum();
    assert_eq!(counted, 300_000);
    // The arcs are drawn, and the arc under the pointer is named by its ring point.
    let img = render(300, 300, |a| draw_ring(a, &scene));
    let colours: Vec<Rgb> = s.current.nodes.iter().map(|n| n.colour).collect();
    let painted: usize = colours.iter().map(|&c| img.count(c)).sum();
    assert!(painted > 5_000, "{painted} pixels in the nodes' colours");
    let g = Geometry::new(300, 300, scene.scale, scene.text);
    let (x, y) = g.at(0.3, (g.r_band_in + g.r_band_out) / 2.0);
    let Some(crate::draw::scene_types::RingHit::Arc(i)) =
        crate::draw::ring::hit_test(&scene, 300, 300, x, y)
    else {
        panic!("no arc under the pointer");
    };
    let owner_at = points.partition_point(|p| s.current.fraction(p.position) < 0.3);
    assert!(
        i.abs_diff(owner_at) < 300_000 / MARKED_STRETCHES * 4,
        "{i} vs {owner_at}"
    );
}

#[test]
fn galloping_finds_the_partition_point_bisection_finds() {
    for len in 0..70usize {
        for split in 0..=len {
            let items: Vec<usize> = (0..len).collect();
            assert_eq!(gallop(&items, |&i| i < split), split, "{split} of {len}");
        }
    }
}
