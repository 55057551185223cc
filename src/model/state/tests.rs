use super::explain::ring_distance;
use super::*;
use ring_core::metrics::{format, Balance, Ideal};
use ring_core::registry::ParamRef;
use ring_core::Explanation;
use ring_core::{build, Algorithm};

fn initial() -> State {
    State::initial().unwrap()
}

fn add(s: &State, name: &str, weight: &str, vnodes: &str) -> Result<State, InputError> {
    s.apply(Action::AddNode {
        name: name.into(),
        weight: weight.into(),
        vnodes: vnodes.into(),
    })
}

fn id_of(s: &State, name: &str) -> NodeId {
    s.nodes.iter().find(|n| n.name == name).unwrap().id
}

/// The owners' names of every key, computed straight from the core, as the app should.
fn reference_owners(config: &ring_core::Config, names: &[&str], keys: &[String]) -> Vec<String> {
    let specs: Vec<NodeSpec> = names.iter().map(|n| NodeSpec::new(*n, 100)).collect();
    let p = build(config, &specs).unwrap();
    keys.iter()
        .map(|k| names[p.locate(k) as usize].to_string())
        .collect()
}

fn owner_names(s: &State) -> Vec<String> {
    s.current
        .owners
        .iter()
        .map(|&o| s.current.node(o).unwrap().name.clone())
        .collect()
}

#[test]
fn first_state_teaches_at_once() {
    let s = initial();
    let names: Vec<&str> = s.nodes.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["cache-a", "cache-b", "cache-c", "cache-d"]);
    assert_eq!(s.keys.len(), 10_000);
    assert_eq!(s.keys.sample.len(), 2_000);
    // 16 virtual nodes each at weight 100.
    assert_eq!(s.current.picture.ring_points().len(), 64);
    assert_eq!(s.current.loads.iter().sum::<u64>(), 10_000);
    assert!(s.change.is_none());
    let want = reference_owners(&s.config(), &names, &s.keys.keys);
    assert_eq!(owner_names(&s), want);
}

#[test]
fn adding_a_node_moves_keys_only_to_it_and_reports_the_ideal() {
    let s = initial();
    let t = add(&s, "cache-e", "100", "").unwrap();
    assert_eq!(t.nodes.len(), 5);
    let before = owner_names(&s);
    let after = owner_names(&t);
    let moved: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    assert!(!moved.is_empty());
    // Consistent hashing: a newcomer only takes keys, nobody else trades.
    assert!(moved.iter().all(|&i| after[i] == "cache-e"));
    let change = t.change.as_ref().unwrap();
    assert_eq!(change.summary.moved, moved.len() as u64);
    assert_eq!(change.summary.total, 10_000);
    let line = change.summary.to_string();
    assert!(line.ends_with("; ideal 1/5 = 20.0%"), "{line}");
    assert!(line.starts_with(&format!(
        "{} of 10,000 keys moved",
        format::group_thousands(moved.len() as u64)
    )));
    let e = id_of(&t, "cache-e");
    assert!(change.flows.iter().all(|f| f.to == e.0));
    assert_eq!(
        change.flows.iter().map(|f| f.keys).sum::<u64>(),
        moved.len() as u64
    );
    // The animated moves are exactly the sampled keys among the moved ones.
    let sampled: Vec<u32> = (0..t.keys.sample.len() as u32)
        .filter(|&j| moved.contains(&(t.keys.sample[j as usize] as usize)))
        .collect();
    assert_eq!(
        change.moves.iter().map(|m| m.sample).collect::<Vec<_>>(),
        sampled
    );
    assert!(change.moves.iter().all(|m| m.to == e));
}

#[test]
fn removing_a_node_moves_only_its_keys() {
    let s = initial();
    let b = id_of(&s, "cache-b");
    let load_b = s.current.loads[s.current.index_of(b).unwrap() as usize];
    let t = s.apply(Action::RemoveNode(b)).unwrap();
    assert!(t.node(b).is_none());
    let change = t.change.as_ref().unwrap();
    assert_eq!(change.summary.moved, load_b);
    assert!(change.flows.iter().all(|f| f.from == b.0));
    assert!(change
        .summary
        .to_string()
        .contains("the leaving node's share"));
    // Ids and colours of the others are stable.
    let c = t.node(NodeId(2)).unwrap();
    assert_eq!(c.name, "cache-c");
    assert_eq!(c.colour(), s.node(NodeId(2)).unwrap().colour());
    // The removed node is still described for the flows' labels.
    assert_eq!(t.describe(b).map(|d| d.0), Some("cache-b".to_string()));
    // A new node takes the free colour and a fresh id.
    let u = add(&t, "cache-x", "100", "").unwrap();
    let x = u.node(id_of(&u, "cache-x")).unwrap();
    assert_eq!(x.id, NodeId(4));
    assert_eq!(x.colour(), s.node(b).unwrap().colour());
}

#[test]
fn down_and_up_again_restores_every_owner() {
    let s = initial();
    let c = id_of(&s, "cache-c");
    let down = s.apply(Action::SetDown(c, true)).unwrap();
    assert!(down.node(c).unwrap().down);
    assert_eq!(down.current.nodes.len(), 3);
    assert!(down
        .change
        .as_ref()
        .unwrap()
        .flows
        .iter()
        .all(|f| f.from == c.0));
    let up = down.apply(Action::SetDown(c, false)).unwrap();
    assert_eq!(owner_names(&up), owner_names(&s));
    let back = up.change.as_ref().unwrap();
    assert!(back.flows.iter().all(|f| f.to == c.0));
    // A name stays taken while its node is down.
    let e = add(&down, "cache-c", "100", "").unwrap_err();
    assert_eq!(e.field, Field::AddName);
}

#[test]
fn bad_input_is_refused_with_the_problem_and_the_range() {
    let s = initial();
    let cases = [
        ("", "100", "", Field::AddName, "empty name"),
        ("   ", "100", "", Field::AddName, "empty name"),
        ("cache-a", "100", "", Field::AddName, "names must be unique"),
        ("n", "0", "", Field::AddWeight, "from 1 to 1000000"),
        ("n", "abc", "", Field::AddWeight, "from 1 to 1000000"),
        ("n", "", "", Field::AddWeight, "from 1 to 1000000"),
        ("n", "-5", "", Field::AddWeight, "not a whole number"),
        ("n", "99999999999", "", Field::AddWeight, "too large"),
        ("n", "2000000", "", Field::AddWeight, "from 1 to 1000000"),
        ("n", "100", "0", Field::AddVnodes, "1 to 10000"),
        ("n", "100", "10001", Field::AddVnodes, "1 to 10000"),
        ("n", "100", "many", Field::AddVnodes, "1 to 10000"),
    ];
    for (name, weight, vnodes, field, words) in cases {
        let e = add(&s, name, weight, vnodes).unwrap_err();
        assert_eq!(e.field, field, "{name:?} {weight:?} {vnodes:?}: {e:?}");
        assert!(
            e.message.contains(words),
            "{name:?} {weight:?} {vnodes:?}: {}",
            e.message
        );
    }
    let a = id_of(&s, "cache-a");
    let e = s.apply(Action::SetWeight(a, "0".into())).unwrap_err();
    assert_eq!(e.field, Field::NodeWeight(a));
    let e = s.apply(Action::SetVnodes(a, "x".into())).unwrap_err();
    assert_eq!(e.field, Field::NodeVnodes(a));
    // The control keeps showing what was typed while the message stands, and only then.
    assert_eq!(
        InputError::shown(Some(&e), Field::NodeVnodes(a), "16".into()),
        "x"
    );
    assert_eq!(
        InputError::shown(Some(&e), Field::NodeWeight(a), "100".into()),
        "100"
    );
    assert_eq!(
        InputError::shown(None, Field::NodeVnodes(a), "16".into()),
        "16"
    );
    let e = s.apply(Action::SetDefaultVnodes("0".into())).unwrap_err();
    assert_eq!(e.field, Field::DefaultVnodes);
    assert!(e.message.contains("1 to 10000"), "{}", e.message);
    let e = s.apply(Action::SetDefaultVnodes("".into())).unwrap_err();
    assert_eq!(e.field, Field::DefaultVnodes);
    for (count, seed, field) in [
        ("0", "1", Field::KeyCount),
        ("1000001", "1", Field::KeyCount),
        ("ten", "1", Field::KeyCount),
        ("10", "x", Field::Seed),
    ] {
        let e = s
            .apply(Action::GenerateKeys {
                count: count.into(),
                seed: seed.into(),
            })
            .unwrap_err();
        assert_eq!(e.field, field);
    }
    let e = s.apply(Action::PasteKeys("\n \n".into())).unwrap_err();
    assert_eq!(e.field, Field::Paste);
    let e = s
        .apply(Action::SetParam {
            param: ParamRef::new(AlgoId::Bounded, 0),
            text: "0".into(),
        })
        .unwrap_err();
    assert_eq!(e.field, Field::Param(ParamRef::new(AlgoId::Bounded, 0)));
    // Refused means unchanged: the reducer keeps the state and only records the error.
    let e = Rc::new(e);
    let r = s.with_error(Rc::clone(&e));
    assert_eq!(r.nodes, s.nodes);
    assert!(Rc::ptr_eq(&r.current, &s.current));
    assert_eq!(r.error, Some(e));
}

#[test]
fn the_last_node_cannot_leave() {
    let mut s = initial();
    for name in ["cache-a", "cache-b", "cache-c"] {
        s = s.apply(Action::RemoveNode(id_of(&s, name))).unwrap();
    }
    let d = id_of(&s, "cache-d");
    let e = s.apply(Action::RemoveNode(d)).unwrap_err();
    assert_eq!(e.field, Field::Node(d));
    assert!(e.message.contains("at least one node"), "{}", e.message);
    let e = s.apply(Action::SetDown(d, true)).unwrap_err();
    assert!(e.message.contains("at least one node"), "{}", e.message);
}

#[test]
fn jump_lets_only_the_last_bucket_leave() {
    let s = initial().apply(Action::SetAlgorithm(AlgoId::Jump)).unwrap();
    let a = id_of(&s, "cache-a");
    let e = s.apply(Action::RemoveNode(a)).unwrap_err();
    assert_eq!(e.field, Field::Node(a));
    assert!(e.message.contains("only the last one"), "{}", e.message);
    let e = s.apply(Action::SetDown(a, true)).unwrap_err();
    assert!(e.message.contains("only the last one"), "{}", e.message);
    let d = id_of(&s, "cache-d");
    let t = s.apply(Action::RemoveNode(d)).unwrap();
    assert_eq!(t.current.nodes.len(), 3);
    // cache-c is now the last bucket.
    assert!(t.apply(Action::SetDown(id_of(&t, "cache-c"), true)).is_ok());
}

#[test]
fn every_algorithm_builds_and_places_every_key() {
    let s = initial();
    for kind in AlgoId::ALL {
        let t = s
            .apply(Action::SetAlgorithm(kind))
            .unwrap_or_else(|e| panic!("{kind:?}: {e:?}"));
        assert_eq!(t.current.loads.iter().sum::<u64>(), 10_000, "{kind:?}");
        assert_eq!(t.current.nodes.len(), 4);
        let change = t.change.as_ref().unwrap();
        assert_eq!(change.summary.total, 10_000);
        assert_eq!(
            t.config().algorithm.is_ring(),
            !t.current.picture.ring_points().is_empty(),
            "{kind:?}"
        );
        // Explaining names the owner the placement gives (bounded loads' cap aside).
        let u = t.apply(Action::Explain("user:1:abc".into())).unwrap();
        let ex = u.explained().unwrap();
        if kind != AlgoId::Bounded {
            let owner = u.current.placement.locate("user:1:abc");
            assert_eq!(
                ex.owner,
                Some(u.current.nodes[owner as usize].id),
                "{kind:?}"
            );
        }
        assert!(!ex.steps.is_empty());
    }
}

#[test]
fn changing_the_hash_or_the_algorithm_compares_the_same_keys() {
    let s = initial();
    let t = s.apply(Action::SetHash(HashFn::Md5)).unwrap();
    let want = reference_owners(
        &ring_core::Config {
            algorithm: Algorithm::virtual_nodes(ring_core::ring::Naming::Hash),
            hash: HashFn::Md5,
            default_vnodes: 16,
        },
        &["cache-a", "cache-b", "cache-c", "cache-d"],
        &t.keys.keys,
    );
    assert_eq!(owner_names(&t), want);
    let before = owner_names(&s);
    let moved = before.iter().zip(&want).filter(|(a, b)| a != b).count() as u64;
    assert_eq!(t.change.as_ref().unwrap().summary.moved, moved);
}

#[test]
fn keys_can_be_generated_and_pasted() {
    let s = initial();
    let t = s
        .apply(Action::GenerateKeys {
            count: "100000".into(),
            seed: "7".into(),
        })
        .unwrap()
        .run_pending();
    assert_eq!(t.keys.len(), 100_000);
    assert_eq!(
        t.keys.source,
        KeySource::Generated {
            count: 100_000,
            seed: 7
        }
    );
    assert_eq!(t.current.loads.iter().sum::<u64>(), 100_000);
    assert!(t.change.is_none());
    let p = t
        .apply(Action::PasteKeys("alpha\nbeta\n\ngamma\n".into()))
        .unwrap();
    assert_eq!(p.keys.len(), 3);
    assert_eq!(p.keys.sample.len(), 3);
    assert_eq!(p.current.sample_positions.len(), 3);
}

#[test]
fn weights_and_vnodes_change_the_points() {
    let s = initial();
    let a = id_of(&s, "cache-a");
    let t = s.apply(Action::SetVnodes(a, "40".into())).unwrap();
    let count_a = |s: &State| {
        s.current
            .picture
            .ring_points()
            .iter()
            .filter(|p| p.owner == 0)
            .count()
    };
    assert_eq!(count_a(&t), 40);
    let u = t.apply(Action::SetWeight(a, "50".into())).unwrap();
    assert_eq!(count_a(&u), 20);
    let v = u.apply(Action::SetDefaultVnodes("8".into())).unwrap();
    assert_eq!(v.current.picture.ring_points().len(), 20 + 3 * 8);
    let w = v.apply(Action::SetVnodes(a, "".into())).unwrap();
    assert_eq!(count_a(&w), 4);
}

#[test]
fn anchors_are_the_points_that_took_the_keys() {
    let s = initial();
    for (j, &pos) in s.current.sample_positions.iter().enumerate().take(200) {
        let key = &s.keys.keys[s.keys.sample[j] as usize];
        let owner = s.current.placement.locate(key);
        let anchor = s.current.anchor_point(pos, owner).unwrap();
        match s.current.placement.explain(key) {
            Explanation::RingWalk { point, .. } => assert_eq!(anchor, point),
            other => panic!("not a ring walk: {other:?}"),
        }
    }
}

#[test]
fn each_change_has_its_own_serial_and_explaining_keeps_it() {
    let s = add_e(&initial());
    let serial = s.change.as_ref().unwrap().serial;
    let t = s.apply(Action::Explain("user:1".into())).unwrap();
    assert_eq!(t.change.as_ref().unwrap().serial, serial);
    let u = t.apply(Action::RemoveNode(id_of(&t, "cache-e"))).unwrap();
    assert_ne!(u.change.as_ref().unwrap().serial, serial);
}

fn add_e(s: &State) -> State {
    add(s, "cache-e", "100", "").unwrap()
}

#[test]
fn suggested_names_are_free() {
    let s = initial();
    assert_eq!(s.suggested_name(), "cache-e");
    let t = add(&s, "cache-e", "100", "").unwrap();
    assert_eq!(t.suggested_name(), "cache-f");
}

#[test]
fn ring_distance_wraps() {
    assert_eq!(ring_distance(10, 20, 8), 10.0 / 256.0);
    assert_eq!(ring_distance(250, 4, 8), 10.0 / 256.0);
    assert_eq!(ring_distance(u64::MAX, 0, 64), 1.0 / 2f64.powi(64));
}

/// The first example's nodes with these weights, on `kind`.
fn weighted(kind: AlgoId, weights: [&str; 4]) -> State {
    let mut s = initial().apply(Action::SetAlgorithm(kind)).unwrap();
    for (name, w) in ["cache-a", "cache-b", "cache-c", "cache-d"]
        .iter()
        .zip(weights)
    {
        s = s
            .apply(Action::SetWeight(id_of(&s, name), w.into()))
            .unwrap();
    }
    s
}

fn ideal_of(s: &State) -> Ideal {
    s.change.as_ref().unwrap().summary.ideal
}

#[test]
fn the_ideal_movement_follows_the_weights_when_they_differ() {
    // The example: a weight-100 server joins 600/400/400/200; its fair share is
    // 100/1,700 = 5.9%, not 1/5.
    let s = weighted(AlgoId::Virtual, ["600", "400", "400", "200"]);
    let joined = add(&s, "cache-e", "100", "").unwrap();
    assert_eq!(
        ideal_of(&joined),
        Ideal::ByWeight {
            share: 100.0 / 1700.0
        }
    );
    let summary = joined.change.as_ref().unwrap().summary;
    assert_eq!(
        format::percent(summary.ideal_fraction().unwrap(), 1),
        "5.9%"
    );
    // Equal weights keep 1/n; an algorithm without weights ignores them.
    let equal = add(&initial(), "cache-e", "100", "").unwrap();
    assert_eq!(ideal_of(&equal), Ideal::Join { nodes_after: 5 });
    let modulo = weighted(AlgoId::Modulo, ["600", "400", "400", "200"]);
    assert_eq!(
        ideal_of(&add(&modulo, "cache-e", "100", "").unwrap()),
        Ideal::Join { nodes_after: 5 }
    );
    // A node back up takes its weight's share again.
    let b = id_of(&s, "cache-b");
    let down = s.apply(Action::SetDown(b, true)).unwrap();
    let up = down.apply(Action::SetDown(b, false)).unwrap();
    assert_eq!(
        ideal_of(&up),
        Ideal::ByWeight {
            share: 400.0 / 1600.0
        }
    );
    // A reweight must move at least the change in that node's share: cache-b from 1/4 of
    // four equal nodes to 300/600.
    let first = initial();
    let heavier = first
        .apply(Action::SetWeight(id_of(&first, "cache-b"), "300".into()))
        .unwrap();
    assert_eq!(ideal_of(&heavier), Ideal::ByWeight { share: 0.25 });
}

#[test]
fn balance_is_judged_against_each_nodes_weight_share() {
    let s = weighted(AlgoId::Ketama, ["600", "400", "400", "200"]);
    let snap = &s.current;
    let fair = snap.weight_shares().unwrap();
    assert_eq!(fair, vec![0.375, 0.25, 0.25, 0.125]);
    let by_weight = snap.key_balance().unwrap();
    // Derived here again: each node's keys over its fair value, the whole times its share.
    let total = s.keys.len() as f64;
    let ratios: Vec<f64> = snap
        .loads
        .iter()
        .zip(&fair)
        .map(|(&l, f)| l as f64 / (total * f))
        .collect();
    let (low, high) = ratios
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    assert!((by_weight.r1 - high / low).abs() < 1e-9);
    assert!((by_weight.peak_to_mean - high).abs() < 1e-9);
    let within = ratios.iter().filter(|r| (*r - 1.0).abs() <= 0.1).count();
    assert_eq!(by_weight.r2, within as f64 / 4.0);
    // ketama gives a 600 node three times a 200 node's keys: by weight that is balanced,
    // by count it is not.
    let by_count = Balance::of_counts(&snap.loads).unwrap();
    assert!(by_count.r1 > 2.5, "{}", by_count.r1);
    assert!(by_weight.r1 < 1.5, "{}", by_weight.r1);
    // The charts' fair values add up to every key.
    let targets = snap.fair_values(Some(by_weight)).unwrap();
    let total: f64 = targets.iter().sum();
    assert!((total - s.keys.len() as f64).abs() < 1e-6, "{total}");
    // Equal weights: no fair parts, the plain balance.
    assert_eq!(initial().current.weight_shares(), None);
}

#[test]
fn a_pasted_server_list_replaces_the_nodes_in_one_step() {
    let s = initial();
    let upstream = "upstream cache {\n  hash $request_uri consistent;\n  server 10.0.0.1:8080 weight=6;\n  server 10.0.0.2:8080 weight=4;\n  server 10.0.0.3:8080;\n}\n";
    let next = s.apply(Action::ReplaceNodes(upstream.into())).unwrap();
    let nodes: Vec<(&str, u32)> = next
        .nodes
        .iter()
        .map(|n| (n.name.as_str(), n.weight))
        .collect();
    assert_eq!(
        nodes,
        [
            ("10.0.0.1:8080", 600),
            ("10.0.0.2:8080", 400),
            ("10.0.0.3:8080", 100)
        ]
    );
    // The keys are kept, so the change shows what moved: every key, to new names.
    assert_eq!(next.keys.len(), s.keys.len());
    let change = next.change.as_ref().unwrap();
    assert_eq!(change.summary.moved, s.keys.len() as u64);
    assert!(matches!(
        change.what,
        crate::model::snapshot::Did::NodesReplaced { count: 3 }
    ));
    // Colours are distinct, ids new.
    let slots: std::collections::HashSet<u8> = next.nodes.iter().map(|n| n.slot).collect();
    assert_eq!(slots.len(), 3);
    assert!(next.nodes.iter().all(|n| s.node(n.id).is_none()));
    // Bad lists are refused at the box and change nothing.
    for bad in ["", "10.0.0.1:80 600\nnonsense here\n", "a:1\na:1\n"] {
        let err = s.apply(Action::ReplaceNodes(bad.into())).unwrap_err();
        assert_eq!(err.field, Field::ServerList, "{bad:?}");
    }
}

#[test]
fn a_pasted_system_configuration_shows_its_system_with_its_parameters() {
    use ring_core::registry::{ParamRef, SystemId};
    let s = initial();
    let vcl = "sub vcl_init {\n  new vd = directors.shard();\n  vd.add_backend(web1);\n  vd.add_backend(web2, weight=2);\n  vd.reconfigure(replicas=25);\n}\n";
    let next = s
        .apply(Action::ReplaceNodes(vcl.into()))
        .unwrap()
        .run_pending();
    let varnish = SystemId::from_id("varnish-shard").unwrap().algo();
    assert_eq!(next.kind, varnish);
    assert_eq!(next.params.get(ParamRef::new(varnish, 0)), 25.0);
    assert!(matches!(
        next.change.as_ref().unwrap().what,
        crate::model::snapshot::Did::ConfigRead { count: 2, kind } if kind == varnish
    ));
    // The placement is Varnish's at 25 replicas: 25 and 50 points.
    assert_eq!(next.current.point_counts, [25, 50]);
    // A Kafka partition count keeps librdkafka when it is shown, and shows Kafka otherwise.
    let rdkafka = SystemId::from_id("librdkafka").unwrap().algo();
    let shown = s
        .apply(Action::SetAlgorithm(rdkafka))
        .unwrap()
        .run_pending();
    let next = shown
        .apply(Action::ReplaceNodes("PartitionCount: 12".into()))
        .unwrap();
    assert_eq!((next.kind, next.nodes.len()), (rdkafka, 12));
    let next = s
        .apply(Action::ReplaceNodes("--partitions 3".into()))
        .unwrap();
    assert_eq!(next.kind, SystemId::from_id("kafka").unwrap().algo());
    // A pg_num out of Ceph's range is refused and changes nothing.
    let err = s
        .apply(Action::ReplaceNodes(
            " 0 hdd 1.0 osd.0 up 1 1\npg_num: 0\n".into(),
        ))
        .unwrap_err();
    assert_eq!(err.field, Field::ServerList);
}

#[test]
fn asked_first_a_change_is_shown_once_its_guess_is_checked() {
    let plain = add(&initial(), "cache-e", "100", "").unwrap();
    assert!(!plain.asking(), "not asked unless the switch is on");
    let on = initial().apply(Action::SetAskFirst(true)).unwrap();
    assert!(!on.asking(), "nothing to ask before a change");
    let joined = add(&on, "cache-e", "100", "").unwrap();
    assert!(joined.asking() && joined.guess_result().is_none());
    let checked = joined.apply(Action::CheckGuess(130)).unwrap();
    assert!(!checked.asking());
    let summary = checked.change.as_ref().unwrap().summary;
    match checked.guess_result() {
        Some(Msg::TourGraded {
            guess,
            summary: s,
            off_by,
            ..
        }) => {
            assert_eq!(guess, 100, "a guess is at most 100%");
            assert_eq!(s, summary);
            let want = (100.0 - summary.fraction() * 100.0).abs();
            assert!((off_by - want).abs() < 0.06, "{off_by} against {want}");
        }
        other => panic!("no graded guess: {other:?}"),
    }
    // The next change asks again; the switch off shows it at once.
    let again = add(&checked, "cache-f", "100", "").unwrap();
    assert!(again.asking());
    assert!(!again.apply(Action::SetAskFirst(false)).unwrap().asking());
}
