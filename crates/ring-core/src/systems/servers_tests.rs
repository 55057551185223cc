//! The known answers of `crates/ring-core/tests/data/known-answers.md` ("Real systems,
//! round two") for Ceph, Varnish's shard director and RabbitMQ's consistent-hash exchange,
//! and their rules at the edges.

use super::*;

/// The keys of the round-two vectors, in their order.
const KEYS: [&str; 6] = [
    "user:0:gjj",
    "ключ-1",
    "键/2",
    "{user168}.following",
    "tfbf._=u~j",
    "κλειδί:5:κλειδί",
];

/// Parses `a,b=2,c` as the command line does for `system` (decimal weights where it has
/// them).
fn nodes(system: SystemId, list: &str) -> Vec<SystemNode> {
    let weights = system.spec().weights;
    list.split(',')
        .map(|entry| match entry.rsplit_once('=') {
            Some((name, w)) => SystemNode::weighted(name, weights.parse(w).unwrap()),
            None => SystemNode::new(entry),
        })
        .collect()
}

fn placed(system: SystemId, list: &str, params: &[(&str, u64)]) -> String {
    let nodes = nodes(system, list);
    let built = build(system, &nodes, params).unwrap();
    KEYS.iter()
        .map(|k| nodes[built.locate(k).unwrap() as usize].name.clone())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn ceph_vectors() {
    assert_eq!(
        placed(SystemId::Ceph, "osd.0,osd.1,osd.2,osd.3", &[("pg-num", 64)]),
        "osd.1 osd.1 osd.2 osd.0 osd.3 osd.1"
    );
    assert_eq!(
        placed(
            SystemId::Ceph,
            "osd.0=1.0,osd.1=2.0,osd.2=0.5,osd.5=1.25,osd.7=3",
            &[("pg-num", 100)]
        ),
        "osd.5 osd.7 osd.7 osd.0 osd.7 osd.1"
    );
}

#[test]
fn varnish_shard_vectors() {
    assert_eq!(
        placed(SystemId::VarnishShard, "web1,web2,web3", &[]),
        "web3 web1 web3 web1 web2 web1"
    );
    assert_eq!(
        placed(SystemId::VarnishShard, "web1=3,web2,web3=2,web4", &[]),
        "web3 web1 web1 web1 web2 web1"
    );
}

#[test]
fn rabbitmq_consistent_hash_vectors() {
    assert_eq!(
        placed(SystemId::RabbitmqConsistentHash, "q1,q2,q3", &[]),
        "q2 q1 q2 q1 q1 q3"
    );
    assert_eq!(
        placed(SystemId::RabbitmqConsistentHash, "q1=3,q2,q3=2,q4=5", &[]),
        "q2 q4 q3 q1 q4 q4"
    );
}

#[test]
fn decimal_weights_are_read_in_hundredths() {
    let w = SystemId::Ceph.spec().weights;
    assert_eq!(w.parse("1.25"), Ok(125));
    assert_eq!(w.parse("3"), Ok(300));
    assert_eq!(w.parse("0.5"), Ok(50));
    assert_eq!(w.parse(".05"), Ok(5));
    assert_eq!(w.parse("2."), Ok(200));
    for bad in ["", ".", "1.255", "-1", "1,5", "x", "1e2", "99999999999"] {
        assert!(w.parse(bad).is_err(), "{bad:?}");
    }
    assert_eq!(w.show(125), "1.25");
    assert_eq!(w.show(5), "0.05");
    // Whole-number systems read whole numbers only.
    let nginx = SystemId::Nginx.spec().weights;
    assert_eq!(nginx.parse("3"), Ok(3));
    assert!(nginx.parse("1.5").is_err());
}

#[test]
fn ceph_ids_weights_and_pg_numbers() {
    // osd.N is id N; other names take the lowest free ids in list order.
    assert_eq!(osd_ids(&["cache-a", "osd.0", "b", "osd.2"]), [1, 0, 3, 2]);
    assert_eq!(osd_ids(&["osd.01", "osd.x", "osd.7"]), [0, 1, 7]);
    assert_eq!(
        osd_ids(&["osd.2147483648", "osd.2147483647"]),
        [0, 2_147_483_647]
    );
    // crushtool's 16.16 weights: strtof, times 0x10000, truncated.
    assert_eq!(crush_weight(100), 0x10000);
    assert_eq!(crush_weight(125), 81_920);
    assert_eq!(crush_weight(1), 655);
    assert_eq!(crush_weight(33), 21_626);
    assert_eq!(crush_weight(10_000), 100 * 0x10000);
    // One PG: every object there. Bounds refused by name.
    let four = nodes(SystemId::Ceph, "osd.0,osd.1,osd.2,osd.3");
    let one = build(SystemId::Ceph, &four, &[("pg-num", 1)]).unwrap();
    assert!(KEYS.iter().all(|k| one.position(k) == Ok(0)));
    assert!(matches!(
        build(SystemId::Ceph, &four, &[("pg-num", 0)]),
        Err(SystemError::BadParam { .. })
    ));
    let many: Vec<SystemNode> = (0..300)
        .map(|i| SystemNode::new(format!("osd.{i}")))
        .collect();
    let err = build(SystemId::Ceph, &many, &[("pg-num", 65_536)])
        .err()
        .unwrap();
    assert!(err.to_string().contains("pg-num"), "{err}");
    let heavy = [SystemNode::weighted("osd.0", 10_001)];
    assert_eq!(
        build(SystemId::Ceph, &heavy, &[])
            .err()
            .unwrap()
            .to_string(),
        "node \"osd.0\" has weight 100.01: a weight is from 0.01 to 100.00"
    );
    // Every object name is placed, the empty one too.
    assert!(one.locate("").is_ok());
}

#[test]
fn ceph_places_objects_by_their_pg() {
    // Objects of one PG share its OSD; the PG is the table entry the position names.
    let nodes = nodes(SystemId::Ceph, "osd.3=0.5,osd.1,osd.4=2");
    let ceph = build(SystemId::Ceph, &nodes, &[("pg-num", 100)]).unwrap();
    let Picture::Table { entries } = ceph.picture() else {
        panic!("a table of PGs");
    };
    assert_eq!(entries.len(), 100);
    for i in 0..2_000 {
        let key = format!("rbd_data.{i:x}");
        let pg = ceph.position(&key).unwrap();
        assert!(pg < 100);
        assert_eq!(ceph.locate(&key).unwrap(), entries[pg as usize]);
    }
}

#[test]
fn varnish_keys_travel_as_header_values() {
    let shard = build(
        SystemId::VarnishShard,
        &nodes(SystemId::VarnishShard, "a,b"),
        &[],
    )
    .unwrap();
    for bad in [
        " lead", "trail ", "\tlead", "trail\t", "nul\0", "cr\r", "lf\n", "del\x7f",
    ] {
        let refused = shard.locate(bad).unwrap_err();
        assert_eq!(refused.system, "varnish-shard", "{bad:?}");
    }
    for good in ["in\tside", "in side", "ключ", "", "~!@#$%^&*()"] {
        assert!(shard.locate(good).is_ok(), "{good:?}");
    }
    // A weight below 1 is refused (Varnish would ignore it and use 1).
    let light = [SystemNode::weighted("a", 99)];
    assert!(matches!(
        build(SystemId::VarnishShard, &light, &[]),
        Err(SystemError::BadDecimalWeight { .. })
    ));
}

#[test]
fn varnish_stays_on_the_last_point_and_takes_the_second_of_two() {
    let two = nodes(SystemId::VarnishShard, "a,b");
    let shard = build(SystemId::VarnishShard, &two, &[]).unwrap();
    let Picture::Ring { points, .. } = shard.picture() else {
        panic!("a ring");
    };
    // Past the last real point, the top of the space: the last point's owner.
    let top = points.last().unwrap();
    assert_eq!(top.position, u64::from(u32::MAX));
    let before_top = &points[points.len() - 2];
    assert_eq!(top.owner, before_top.owner);
    let lowest = points.first().unwrap();
    assert_ne!(
        lowest.owner, top.owner,
        "these two idents' first and last points belong to different backends"
    );
    // With one replica each, two points: every key goes to the second, whatever its hash.
    let one_each = build(SystemId::VarnishShard, &two, &[("replicas", 1)]).unwrap();
    let owners: std::collections::BTreeSet<u32> = (0..500)
        .map(|i| one_each.locate(&format!("k{i}")).unwrap())
        .collect();
    assert_eq!(owners.len(), 1);
    // The weight scales the points: (uint32_t)(67 · 1.5) = 100.
    let weighted = [SystemNode::weighted("a", 150)];
    let Picture::Ring { points, .. } = build(SystemId::VarnishShard, &weighted, &[])
        .unwrap()
        .picture()
    else {
        panic!("a ring");
    };
    assert_eq!(
        points
            .iter()
            .filter(|p| p.position < u64::from(u32::MAX))
            .count(),
        100
    );
}

#[test]
fn rabbitmq_buckets_follow_the_bindings() {
    // q1 takes buckets 0–2, q2 3, q3 4–5: a key's bucket names its queue.
    let list = nodes(SystemId::RabbitmqConsistentHash, "q1=3,q2,q3=2");
    let exchange = build(SystemId::RabbitmqConsistentHash, &list, &[]).unwrap();
    let Picture::Table { entries } = exchange.picture() else {
        panic!("a table of buckets");
    };
    assert_eq!(entries, [0, 0, 0, 1, 2, 2]);
    for i in 0..2_000 {
        let key = format!("order.{i}");
        let bucket = exchange.position(&key).unwrap();
        assert_eq!(exchange.locate(&key).unwrap(), entries[bucket as usize]);
    }
    // A routing key is a short string.
    assert!(exchange.locate(&"k".repeat(255)).is_ok());
    assert_eq!(
        exchange.locate(&"k".repeat(256)).unwrap_err().system,
        "rabbitmq-consistent-hash"
    );
    // One bucket: the first clause answers 0 without hashing.
    assert_eq!(rabbitmq_jump(12345, 1), 0);
    let too_heavy = [SystemNode::weighted("q", 10_001)];
    assert!(build(SystemId::RabbitmqConsistentHash, &too_heavy, &[]).is_err());
}

#[test]
fn removing_a_binding_renumbers_the_ones_after_it() {
    // The book's example: q2's binding goes, so q3's bucket 2 becomes bucket 1.
    let keys: Vec<String> = (0..3_000).map(|i| format!("msg-{i}")).collect();
    let before = nodes(SystemId::RabbitmqConsistentHash, "q1,q2,q3");
    let after = nodes(SystemId::RabbitmqConsistentHash, "q1,q3");
    let b = build(SystemId::RabbitmqConsistentHash, &before, &[]).unwrap();
    let a = build(SystemId::RabbitmqConsistentHash, &after, &[]).unwrap();
    let mut moves = std::collections::BTreeMap::new();
    for key in &keys {
        let was = before[b.locate(key).unwrap() as usize].name.clone();
        let now = after[a.locate(key).unwrap() as usize].name.clone();
        *moves.entry((was, now)).or_insert(0) += 1;
    }
    let count = |was: &str, now: &str| moves.get(&(was.into(), now.into())).copied();
    // Jump hash keeps buckets 0 and 1: q1 keeps its keys, and q2's keys, still in bucket
    // 1, are now q3's. Bucket 2 is gone: q3's keys jump back to bucket 0 or 1.
    assert_eq!(count("q1", "q3"), None, "{moves:?}");
    assert_eq!(count("q2", "q1"), None, "{moves:?}");
    assert!(count("q2", "q3") > Some(900), "{moves:?}");
    assert!(count("q3", "q1") > Some(400), "{moves:?}");
    assert!(count("q3", "q3") > Some(400), "{moves:?}");
}
