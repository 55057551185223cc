//! The known answers of `crates/ring-core/tests/data/known-answers.md` ("Real systems") for every
//! system, and the refusals.

use super::*;
use crate::placement::{NodeSpec, Placement};
use crate::registry::AlgoId;

/// The sample keys of known-answers.md, in its order.
const KEYS: [&str; 5] = [
    "user:1:abc",
    "user:2:xyz",
    "user:42:q",
    "{user1000}.following",
    "hello",
];

/// Parses `a,b=2,c` the way the command line does.
fn nodes(list: &str) -> Vec<SystemNode> {
    list.split(',')
        .map(|entry| match entry.rsplit_once('=') {
            Some((name, w)) => SystemNode::weighted(name, w.parse().unwrap()),
            None => SystemNode::new(entry),
        })
        .collect()
}

fn placed(system: SystemId, list: &str, keys: &[&str]) -> Vec<String> {
    let nodes = nodes(list);
    let built = build(system, &nodes, &[]).unwrap();
    keys.iter()
        .map(|k| nodes[built.locate(k).unwrap() as usize].name.clone())
        .collect()
}

#[test]
fn the_sample_placement_table() {
    let nginx = "127.0.0.1:8081,127.0.0.1:8082=2,127.0.0.1:8083";
    let table: [(SystemId, &str, &str); 7] = [
        (
            SystemId::Nginx,
            nginx,
            "127.0.0.1:8083 127.0.0.1:8081 127.0.0.1:8081 127.0.0.1:8081 127.0.0.1:8082",
        ),
        (
            SystemId::NginxHash,
            nginx,
            "127.0.0.1:8083 127.0.0.1:8082 127.0.0.1:8082 127.0.0.1:8081 127.0.0.1:8081",
        ),
        (SystemId::Haproxy, "a,b=2,c", "b a c a b"),
        (SystemId::RedisCluster, "a,b,c", "c a b a a"),
        (SystemId::Cassandra, "a,b,c,d", "a a b b c"),
        (SystemId::Groupcache, "a,b,c", "c c c a c"),
        (SystemId::Twemproxy, "a,b=2,c", "a b b c c"),
    ];
    for (system, list, want) in table {
        assert_eq!(
            placed(system, list, &KEYS).join(" "),
            want,
            "{}",
            system.id()
        );
    }
}

#[test]
fn redis_slots_of_the_sample_and_the_vectors() {
    use crate::slots::redis_key_slot;
    let slots: Vec<u16> = KEYS.iter().map(|k| redis_key_slot(k)).collect();
    assert_eq!(slots, vec![11343, 1022, 9082, 3443, 866]);
    for (key, slot) in [
        ("123456789", 12739),
        ("somekey", 11058),
        ("foo{hash_tag}", 2515),
        ("{user1}.following", 8106),
        ("foo", 12182),
        ("foo{}{bar}", 8363),
        ("foo{{bar}}zap", 4015),
    ] {
        assert_eq!(redis_key_slot(key), slot, "{key}");
    }
}

#[test]
fn redis_cli_splits_slots_in_float() {
    assert_eq!(
        redis_cli_slot_ranges(3),
        vec![(0, 5460), (5461, 10922), (10923, 16383)]
    );
    let ranges = redis_cli_slot_ranges(78);
    assert_eq!(ranges[67], (14073, 14283));
    // In exact arithmetic master 67 would end at round(68 · 16384 / 78 − 1) = 14282
    // (14282.49…, rounded half away from zero: ⌊(2 · 68 · 16384 − 78) / 156⌋).
    assert_eq!((2 * 68 * 16384 - 78) / 156, 14282);
    for n in [1, 2, 3, 5, 77, 78, 1000, 10_000] {
        let ranges = redis_cli_slot_ranges(n);
        assert_eq!(ranges.len(), n as usize);
        assert_eq!(ranges[0].0, 0);
        assert_eq!(ranges[ranges.len() - 1].1, 16383);
        for pair in ranges.windows(2) {
            assert_eq!(pair[1].0, pair[0].1 + 1, "{n} masters: contiguous");
        }
    }
}

#[test]
fn stathat_vectors() {
    let got = placed(
        SystemId::Stathat,
        "abcdefg,hijklmn,opqrstu",
        &["ggg", "hhh", "iiiii"],
    );
    assert_eq!(got, vec!["abcdefg", "opqrstu", "hijklmn"]);
}

#[test]
fn stathat_takes_the_first_hash_strictly_above() {
    // "0a" is replica 0 of node a, so its CRC-32 is a point of a: groupcache's
    // at-or-after lookup stops on it, stathat's strictly-after lookup goes past it.
    let two = [SystemNode::new("a"), SystemNode::new("b")];
    let cluster = check(&stathat::SPEC, &two, &[]).unwrap();
    let points = Points::new(groupcache::crc32_replicas(&cluster, 20), Ties::LastWins).unwrap();
    let replica = u64::from(crate::hash::crc32(b"0a"));
    assert_eq!(points.at_or_after(replica), 0);
    let stathat = build(SystemId::Stathat, &two, &[]).unwrap();
    assert_eq!(stathat.locate("0a").unwrap(), points.after(replica));
    assert_eq!(
        Points::new(vec![(5, 0), (9, 1)], Ties::LastWins)
            .unwrap()
            .after(5),
        1
    );
    assert_eq!(
        Points::new(vec![(5, 0), (9, 1)], Ties::LastWins)
            .unwrap()
            .after(9),
        0
    );
}

#[test]
fn groupcache_gives_an_equal_hash_to_the_node_added_later() {
    let points = Points::new(vec![(5, 0), (5, 1), (9, 0)], Ties::LastWins).unwrap();
    assert_eq!(points.at_or_after(5), 1);
    assert_eq!(points.at_or_after(3), 1);
    assert_eq!(points.at_or_after(6), 0);
    assert_eq!(points.at_or_after(10), 1, "wraps to the first point");
    let first = Points::new(vec![(5, 0), (5, 1), (9, 0)], Ties::FirstWins).unwrap();
    assert_eq!(first.at_or_after(5), 0);
}

#[test]
fn haproxy_takes_the_nearest_point_and_a_midpoint_goes_down() {
    let points = Points::new(vec![(100, 0), (200, 1)], Ties::FirstWins).unwrap();
    assert_eq!(points.nearest_u32(149), 0);
    assert_eq!(
        points.nearest_u32(150),
        0,
        "the midpoint goes to the point below"
    );
    assert_eq!(points.nearest_u32(151), 1);
    assert_eq!(points.nearest_u32(200), 1);
    // Across the top: 2^32 − 50 is 150 from 100 and 2^32 − 250 from 200.
    assert_eq!(points.nearest_u32(u32::MAX - 49), 0);
    assert_eq!(points.nearest_u32(0), 0);
}

fn envoy_hosts() -> Vec<String> {
    (90..=95).map(|port| format!("127.0.0.1:{port}")).collect()
}

#[test]
fn envoy_ring_hash_test_vectors() {
    let hosts = envoy_hosts();
    let addresses: Vec<&str> = hosts.iter().map(String::as_str).collect();
    let ring = EnvoyRing::new(&addresses, &[1; 6], 12, 8_388_608).unwrap();
    assert_eq!(ring.len(), 12);
    let port = |i: NodeIndex| 90 + i;
    assert_eq!(port(ring.owner_of_hash(0)), 94);
    assert_eq!(port(ring.owner_of_hash(833_437_586_790_550_860)), 94);
    assert_eq!(
        port(ring.owner_of_hash(u64::MAX)),
        94,
        "wraps to the smallest"
    );
    assert_eq!(port(ring.owner_of_hash(3_551_244_743_356_806_947)), 95);
}

#[test]
fn envoy_ring_sizes_scale_and_refuse_a_minimum_above_the_maximum() {
    let hosts = envoy_hosts();
    let addresses: Vec<&str> = hosts.iter().map(String::as_str).collect();
    assert_eq!(
        EnvoyRing::new(&addresses, &[1; 6], 1024, 8_388_608)
            .unwrap()
            .len(),
        1026
    );
    // ceil(1024 / 6) = 171 per host, 1,026 in all, unless the maximum caps the scale.
    assert_eq!(
        EnvoyRing::new(&addresses, &[1; 6], 1024, 1024)
            .unwrap()
            .len(),
        1024
    );
    // Weights 1:2 with a minimum of 4: scale = ceil(1/3 · 4) / (1/3) = 6, so the lighter
    // host gets a whole 2 entries and the heavier 4.
    let ring = EnvoyRing::new(&addresses[..2], &[1, 2], 4, 8_388_608).unwrap();
    assert_eq!(ring.len(), 6);
    assert!(matches!(
        EnvoyRing::new(&addresses, &[1; 6], 200, 100),
        Err(SystemError::BadParam { .. })
    ));
    let nodes: Vec<SystemNode> = hosts.iter().map(SystemNode::new).collect();
    assert!(build(
        SystemId::EnvoyRingHash,
        &nodes,
        &[("max-ring-size", 8_388_609)]
    )
    .is_err());
    assert!(build(SystemId::EnvoyRingHash, &nodes, &[("min-ring-size", 12)]).is_ok());
}

/// The lab's configuration of Envoy's ring at ring sizes `min`, `max`, and `hosts` (with
/// lab weights) as its nodes.
fn lab_envoy_cluster(
    hosts: &[(String, u32)],
    min: u32,
    max: u32,
) -> (crate::Config, Vec<NodeSpec>) {
    let config = crate::Config {
        algorithm: crate::registry::Algorithm::new(AlgoId::EnvoyRingHash)
            .with(0, f64::from(min))
            .with(1, f64::from(max)),
        hash: crate::HashFn::Md5,
        default_vnodes: 100,
    };
    let specs = hosts
        .iter()
        .map(|(name, weight)| NodeSpec::new(name.clone(), *weight))
        .collect();
    (config, specs)
}

/// The lab's Envoy ring at ring sizes `min`, `max` over `hosts` with lab weights.
fn lab_envoy(
    hosts: &[(String, u32)],
    min: u32,
    max: u32,
) -> Result<Box<dyn Placement>, BuildError> {
    let (config, specs) = lab_envoy_cluster(hosts, min, max);
    crate::placement::build(&config, &specs)
}

#[test]
fn the_labs_envoy_ring_places_every_key_as_envoy_does() {
    let keys = crate::keys::generate(20_000, 7);
    let weighted: Vec<(String, u32)> = (0..7)
        .map(|i| (format!("10.0.0.{i}:80"), 100 * (1 + i % 3)))
        .collect();
    let even: Vec<(String, u32)> = envoy_hosts().into_iter().map(|h| (h, 100)).collect();
    for (hosts, min, max) in [
        (&even, 12, 8_388_608),
        (&even, 1024, 8_388_608),
        (&even, 1000, 1000),
        (&weighted, 1024, 8_388_608),
        (&weighted, 100_000, 8_388_608),
        (&weighted, 3, 5),
    ] {
        let lab = lab_envoy(hosts, min, max).unwrap();
        let addresses: Vec<&str> = hosts.iter().map(|(h, _)| h.as_str()).collect();
        let weights: Vec<u32> = hosts.iter().map(|(_, w)| w / 100).collect();
        let envoy = EnvoyRing::new(&addresses, &weights, min.into(), max.into()).unwrap();
        let ring = lab.owning_ring().expect("a ring");
        assert_eq!(ring.points().len(), envoy.len(), "{min}..{max}");
        for key in keys.iter() {
            assert_eq!(
                lab.locate(key),
                envoy.locate(key).unwrap(),
                "{key} at {min}..{max}"
            );
        }
        assert_eq!(
            lab.assign(&keys),
            keys.iter().map(|k| lab.locate(k)).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_labs_envoy_ring_builds_in_slices_and_refuses_what_envoy_refuses() {
    let hosts: Vec<(String, u32)> = (0..5).map(|i| (format!("h{i}:1"), 200)).collect();
    let (config, specs) = lab_envoy_cluster(&hosts, 50_000, 8_388_608);
    let start = AlgoId::EnvoyRingHash
        .spec()
        .shares_ring
        .expect("built in slices");
    let mut build = start(&config, &specs).unwrap();
    let mut steps = 0;
    while !build.step(1_000) {
        steps += 1;
    }
    assert!(steps > 50, "{steps} steps");
    let sliced = build.finish().unwrap();
    let whole = crate::placement::build(&config, &specs).unwrap();
    assert_eq!(
        sliced.sorted().points(),
        whole.owning_ring().unwrap().points()
    );
    assert_eq!(sliced.sorted().points().len(), 50_000);
    // The counts and shares summed in the steps are those summed at once.
    let at_once = whole.owning_ring().unwrap();
    assert_eq!(sliced.sorted().point_counts(), at_once.point_counts());
    assert_eq!(sliced.sorted().point_counts().iter().sum::<u32>(), 50_000);
    assert_eq!(sliced.sorted().shares(), at_once.shares());
    // Weight 150 is not a whole Envoy weight (the lab's 100 is Envoy's 1).
    let half = vec![("a:1".to_string(), 100), ("b:1".to_string(), 150)];
    assert!(matches!(
        lab_envoy(&half, 1024, 8_388_608),
        Err(BuildError::SystemWeight { .. })
    ));
    assert_eq!(
        lab_envoy(&hosts, 2048, 1024).err(),
        Some(BuildError::RingSizes {
            min: 2048,
            max: 1024
        })
    );
    // A join builds the ring again (every host's count changes), not a merge.
    let before = lab_envoy(&hosts, 1024, 8_388_608).unwrap();
    assert!(before.joined(&NodeSpec::new("h9:1", 100)).is_none());
    assert!(before.left(0).is_none());
}

/// Envoy's loop as `ring_hash_lb.cc` writes it, counting rather than pushing.
fn envoy_counts_by_its_loop(weights: &[u32], min_ring: u64, max_ring: u64) -> Vec<u64> {
    let sum: f64 = weights.iter().map(|&w| f64::from(w)).sum();
    let normalised: Vec<f64> = weights.iter().map(|&w| f64::from(w) / sum).collect();
    let min_weight = normalised.iter().copied().fold(1.0f64, f64::min);
    let scale = ((min_weight * min_ring as f64).ceil() / min_weight).min(max_ring as f64);
    let (mut current, mut target) = (0.0f64, 0.0f64);
    normalised
        .iter()
        .map(|w| {
            target += scale * w;
            let mut count = 0;
            while current < target {
                count += 1;
                current += 1.0;
            }
            count
        })
        .collect()
}

#[test]
fn envoys_ring_counts_follow_its_loop_up_to_its_largest_ring() {
    let cases: [(Vec<u32>, u64, u64); 6] = [
        (vec![1; 4], 8_388_608, 8_388_608),
        (vec![1, 2, 3], 8_388_608, 8_388_608),
        (vec![5; 1000], 8_388_608, 8_388_608),
        (vec![1, 2, 3, 1, 2, 3, 1], 3, 5),
        (vec![7, 1, 1000], 1024, 8_388_608),
        (vec![1; 6], 1000, 1000),
    ];
    for (weights, min, max) in cases {
        assert_eq!(
            envoy::ring_counts(&weights, min, max),
            envoy_counts_by_its_loop(&weights, min, max),
            "{min}..{max}"
        );
    }
    assert_eq!(
        envoy::ring_counts(&[1; 4], 8_388_608, 8_388_608)
            .iter()
            .sum::<u64>(),
        8_388_608
    );
    // Envoy's running f64 sums pass the maximum by one here, as Envoy's own would.
    let sum = |w: &[u32]| {
        envoy::ring_counts(w, 8_388_608, 8_388_608)
            .iter()
            .sum::<u64>()
    };
    assert_eq!(sum(&[5; 1000]), 8_388_609);
    // A host the maximum leaves no entry to gets none.
    assert!(envoy::ring_counts(&[1000, 1, 1], 1, 5)[1] == 0);
}

#[test]
fn envoy_maglev_test_vector() {
    let hosts = envoy_hosts();
    let addresses: Vec<&str> = hosts.iter().map(String::as_str).collect();
    let maglev = EnvoyMaglev::new(&addresses, &[1; 6], 7).unwrap();
    let ports: Vec<u32> = maglev.table().iter().map(|&i| 90 + i).collect();
    assert_eq!(ports, vec![92, 94, 90, 91, 95, 90, 93]);
    // The hosts are sorted first: the order given does not matter.
    let reversed: Vec<&str> = addresses.iter().rev().copied().collect();
    let again = EnvoyMaglev::new(&reversed, &[1; 6], 7).unwrap();
    let ports: Vec<u32> = again.table().iter().map(|&i| 95 - i).collect();
    assert_eq!(ports, vec![92, 94, 90, 91, 95, 90, 93]);
    assert!(
        EnvoyMaglev::new(&addresses, &[1; 6], 8).is_err(),
        "not prime"
    );
    assert!(
        EnvoyMaglev::new(&addresses, &[1; 6], 5).is_err(),
        "fewer entries than hosts"
    );
}

#[test]
fn envoy_maglev_weights_share_the_table() {
    let addresses = ["a", "b"];
    let maglev = EnvoyMaglev::new(&addresses, &[1, 3], 65_537).unwrap();
    let heavy = maglev.table().iter().filter(|&&i| i == 1).count();
    // 3 : 1, to within a round.
    assert!((heavy as i64 - 49_153).abs() <= 2, "{heavy}");
}

#[test]
fn guava_golden_values() {
    let want = [
        0, 55, 62, 8, 45, 59, 86, 97, 82, 59, 73, 37, 17, 56, 86, 21, 90, 37, 38, 83,
    ];
    let got: Vec<u32> = (0..20).map(|i| guava_consistent_hash(i, 100)).collect();
    assert_eq!(got, want);
    // Guava equals jump hash on the same input.
    for i in 0..1000u64 {
        for n in [1, 2, 7, 100, 1000] {
            assert_eq!(
                guava_consistent_hash(i as i64, n),
                crate::jump::jump_hash(i, n)
            );
        }
    }
}

#[test]
fn cassandra_tokens_are_evenly_spaced() {
    assert_eq!(evenly_spaced_tokens(1), vec![i64::MIN]);
    assert_eq!(
        evenly_spaced_tokens(4),
        vec![i64::MIN, -(1 << 62), 0, 1 << 62]
    );
    let three = evenly_spaced_tokens(3);
    assert_eq!(three[1], i64::MIN + 6_148_914_691_236_517_205);
}

#[test]
fn cassandra_owns_up_to_and_including_its_token() {
    let built = Cassandra::from_tokens(vec![-10, 0, 10]);
    assert_eq!(built.owner_of_token(-10), 0);
    assert_eq!(built.owner_of_token(-9), 1);
    assert_eq!(built.owner_of_token(0), 1);
    assert_eq!(built.owner_of_token(11), 0, "wraps");
    assert_eq!(built.owner_of_token(i64::MAX), 0);
}

#[test]
fn nginx_splits_at_a_last_colon_followed_by_digits() {
    assert_eq!(
        nginx_split_host_port("127.0.0.1:8081"),
        ("127.0.0.1", "8081")
    );
    assert_eq!(nginx_split_host_port("127.0.0.5"), ("127.0.0.5", ""));
    assert_eq!(nginx_split_host_port("host:"), ("host", ""));
    assert_eq!(nginx_split_host_port("[::1]:80"), ("[::1]", "80"));
    assert_eq!(nginx_split_host_port("a:b"), ("a:b", ""));
    assert_eq!(nginx_split_host_port("UNIX:/tmp/s:1"), ("/tmp/s:1", ""));
    assert_eq!(nginx_split_host_port("é:1"), ("é", "1"));
    // So a port written or not makes different points.
    let with = placed(SystemId::Nginx, "127.0.0.5:80,b", &KEYS);
    let without = placed(SystemId::Nginx, "127.0.0.5,b", &KEYS);
    assert_ne!(
        with.iter().map(|n| n == "b").collect::<Vec<_>>(),
        without.iter().map(|n| n == "b").collect::<Vec<_>>()
    );
}

#[test]
fn keys_a_system_cannot_take_are_refused_by_name() {
    let two = nodes("a,b");
    for system in [
        SystemId::Nginx,
        SystemId::NginxHash,
        SystemId::Haproxy,
        SystemId::Cassandra,
        SystemId::CassandraVnodes,
    ] {
        let refused = build(system, &two, &[]).unwrap().locate("").unwrap_err();
        assert_eq!(refused.system, system.id());
    }
    let twemproxy = build(SystemId::Twemproxy, &two, &[]).unwrap();
    let refused = twemproxy.locate("a key").unwrap_err();
    assert_eq!(
        refused.to_string(),
        "twemproxy cannot take the key \"a key\": a memcached key has no spaces or control characters"
    );
    assert!(twemproxy.locate(&"k".repeat(251)).is_err());
    assert!(twemproxy.locate(&"k".repeat(250)).is_ok());
    assert!(twemproxy.locate("café").is_ok());
    // Redis takes every key, the empty one in slot 0.
    let redis = build(SystemId::RedisCluster, &two, &[]).unwrap();
    assert_eq!(redis.locate("").unwrap(), 0);
}

#[test]
fn weights_are_refused_where_a_system_has_none_and_checked_where_it_has() {
    let weighted = nodes("a=2,b");
    for system in SystemId::ALL {
        let result = build(system, &weighted, &[]);
        match system.spec().weights {
            Weights::None => assert!(
                matches!(result, Err(SystemError::WeightNotTaken { .. })),
                "{}",
                system.id()
            ),
            Weights::Taken { max, .. } => {
                assert!(result.is_ok(), "{}", system.id());
                let too_heavy = [SystemNode::weighted("a", max.saturating_add(1))];
                assert!(build(system, &too_heavy, &[]).is_err(), "{}", system.id());
                assert!(build(system, &[SystemNode::weighted("a", 0)], &[]).is_err());
            }
            Weights::Hundredths { min, max, .. } => {
                for weight in [min, max] {
                    let node = [SystemNode::weighted("a", weight)];
                    assert!(build(system, &node, &[]).is_ok(), "{}", system.id());
                }
                for weight in [min - 1, max + 1] {
                    let node = [SystemNode::weighted("a", weight)];
                    assert!(
                        matches!(
                            build(system, &node, &[]),
                            Err(SystemError::BadDecimalWeight { .. })
                        ),
                        "{}",
                        system.id()
                    );
                }
            }
        }
    }
}

#[test]
fn every_system_places_every_key_on_a_node_and_checks_its_nodes() {
    // Riak reads BUCKET/KEY, so every key has a `/`.
    let keys: Vec<String> = (0..2000).map(|i| format!("key/{i}:é")).collect();
    let five = nodes("10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211,10.0.0.4:11211,10.0.0.5:11211");
    for system in SystemId::ALL {
        assert_eq!(SystemId::from_id(system.id()), Some(system));
        let built = build(system, &five, &[]).unwrap();
        let mut counts = [0u32; 5];
        for k in &keys {
            counts[built.locate(k).unwrap() as usize] += 1;
        }
        // Every system spreads 2,000 keys over 5 nodes, none of them idle.
        assert!(
            counts.iter().all(|&c| c > 100),
            "{}: {counts:?}",
            system.id()
        );
        assert_eq!(build(system, &[], &[]).err(), Some(SystemError::NoNodes));
        assert!(matches!(
            build(system, &nodes("a,a"), &[]),
            Err(SystemError::DuplicateName { .. })
        ));
        assert!(matches!(
            build(system, &five, &[("no-such", 1)]),
            Err(SystemError::UnknownParam { .. })
        ));
    }
    assert!(SystemId::from_id("nope").is_none());
}

/// Builds buraksezer/consistent with `params` and its partition owners as node names.
fn buraksezer_partitions(list: &str, params: &[(&str, u64)]) -> Vec<String> {
    let nodes = nodes(list);
    let cluster = check(&buraksezer::SPEC, &nodes, params).unwrap();
    buraksezer::distribute(&cluster)
        .unwrap()
        .partition_owners()
        .iter()
        .map(|&i| nodes[i as usize].name.clone())
        .collect()
}

#[test]
fn buraksezer_readme_example() {
    // The README's sample: PartitionCount 7, ReplicationFactor 20, Load 1.25, xxhash;
    // members node1.olric.com and node2.olric.com; "my-key" "Prints node2.olric.com".
    let nodes = nodes("node1.olric.com,node2.olric.com");
    let built = build(SystemId::Buraksezer, &nodes, &[("partition-count", 7)]).unwrap();
    assert_eq!(built.locate("my-key").unwrap(), 1);
}

#[test]
fn buraksezer_matches_the_go_library() {
    // From buraksezer/consistent v1.0.0 itself (Go 1.19, Debian's cespare/xxhash): the
    // owner of every partition, `GetPartitionOwner(i)`, and `LocateKey`.
    let olric = "node0.olric,node1.olric,node2.olric,node3.olric,node4.olric,node5.olric,node6.olric,node7.olric";
    let got: Vec<String> = buraksezer_partitions(olric, &[("partition-count", 23)])
        .iter()
        .map(|n| n["node".len()..n.len() - ".olric".len()].to_string())
        .collect();
    assert_eq!(
        got.join(" "),
        "3 0 7 3 1 1 2 4 6 7 0 1 0 6 2 1 7 6 0 3 4 7 4"
    );
    let walked = buraksezer_partitions(
        "a,b",
        &[
            ("partition-count", 10),
            ("replication-factor", 1),
            ("load-percent", 110),
        ],
    );
    assert_eq!(walked.join(" "), "a b a b a b b a a b");
    let defaults = buraksezer_partitions("a,b,c", &[]);
    let count = |n: &str| defaults.iter().filter(|o| *o == n).count();
    assert_eq!((count("a"), count("b"), count("c")), (113, 66, 92));
    assert_eq!(
        placed(SystemId::Buraksezer, "a,b,c", &KEYS).join(" "),
        "b b a c b"
    );
    let five = "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211,10.0.0.4:11211,10.0.0.5:11211";
    let ports: Vec<String> = placed(SystemId::Buraksezer, five, &KEYS)
        .iter()
        .map(|n| n[7..8].to_string())
        .collect();
    assert_eq!(ports.join(" "), "3 2 1 5 3");
}

/// buraksezer/consistent as its Go reads, naively: a map from hash to member written in
/// order, a sorted list of every hash, and for each partition a walk from the first hash
/// at or after its own that counts loads in a map by name.
fn buraksezer_reference(names: &[&str], partitions: u64, replicas: u64, load: f64) -> Vec<String> {
    use std::collections::{BTreeMap, HashMap};
    let hash = |b: &[u8]| crate::xxh64::xxh64(b, 0);
    let mut ring: BTreeMap<u64, &str> = BTreeMap::new();
    let mut sorted: Vec<u64> = Vec::new();
    for name in names {
        for i in 0..replicas {
            let h = hash(format!("{i}:{name}").as_bytes());
            ring.insert(h, name);
            sorted.push(h);
        }
    }
    sorted.sort();
    let avg = (partitions as f64 / names.len() as f64 * load).ceil();
    let mut loads: HashMap<&str, f64> = HashMap::new();
    let mut owners = Vec::new();
    for part in 0..partitions {
        let key = hash(&part.to_le_bytes());
        let mut idx = sorted.iter().position(|&h| h >= key).unwrap_or(0);
        loop {
            let member = ring[&sorted[idx]];
            let l = loads.entry(member).or_insert(0.0);
            if *l + 1.0 <= avg {
                *l += 1.0;
                owners.push(member.to_string());
                break;
            }
            idx = (idx + 1) % sorted.len();
        }
    }
    owners
}

#[test]
fn buraksezer_equals_a_naive_reading_of_its_code() {
    for (list, partitions, replicas, percent) in [
        ("a,b,c", 271, 20, 125),
        ("node1,node2,node3,node4,node5,node6,node7", 271, 20, 125),
        ("x", 5, 1, 100),
        ("a,b,c,d,e,f,g,h,i,j", 3, 20, 125),
        ("a,b,c,d", 1000, 3, 101),
        ("é,ü,a b", 71, 7, 150),
    ] {
        let names: Vec<&str> = list.split(',').collect();
        let params = [
            ("partition-count", partitions),
            ("replication-factor", replicas),
            ("load-percent", percent),
        ];
        let want = buraksezer_reference(&names, partitions, replicas, percent as f64 / 100.0);
        assert_eq!(buraksezer_partitions(list, &params), want, "{list}");
        // Bounded: nobody holds more than the average load.
        let avg = buraksezer_average_load(partitions, names.len(), percent as f64 / 100.0);
        for n in &names {
            assert!(want.iter().filter(|o| o == n).count() as f64 <= avg);
        }
    }
    // The library's own regression cases for the average load (issue #16).
    assert_eq!(buraksezer_average_load(3, 8, 1.25), 1.0);
    assert_eq!(buraksezer_average_load(9, 10, 1.25), 2.0);
    assert_eq!(buraksezer_average_load(23, 8, 1.25), 4.0);
    // Go panics when there is no room; here the build is refused.
    let refused = build(
        SystemId::Buraksezer,
        &nodes("a,b"),
        &[("partition-count", 10), ("load-percent", 50)],
    );
    assert!(matches!(
        refused,
        Err(SystemError::BadParam {
            name: "load-percent",
            ..
        })
    ));
}

/// The claim as node names `n1` … `nS`, sorted as Erlang sorts their atoms.
fn riak_claim_names(ring_size: usize, nodes: usize, target_n: usize) -> String {
    let mut names: Vec<String> = (1..=nodes).map(|i| format!("n{i}")).collect();
    names.sort();
    riak_sequential_claim(ring_size, nodes, target_n)
        .unwrap()
        .iter()
        .map(|&i| names[i].clone())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn riak_sequential_claim_matches_riak_core() {
    // From riak_core's own riak_core_membership_claim:sequential_claim/3 (OTP 25), run on a
    // ring of chash:fresh(RingSize, _) with nodes n1 … nS.
    let round = |q: usize, s: usize| {
        let mut names: Vec<String> = (1..=s).map(|i| format!("n{i}")).collect();
        names.sort();
        (0..q)
            .map(|i| names[i % s].clone())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // No tail violation (64 rem S is 0 or at least target_n_val), or none solvable: round
    // robin over the sorted names (n10 sorts before n2).
    for (q, s, tn) in [
        (64, 3, 4),
        (64, 5, 4),
        (64, 6, 4),
        (64, 10, 4),
        (8, 3, 4),
        (128, 12, 4),
        (64, 2, 4),
        (32, 5, 2),
    ] {
        assert_eq!(riak_claim_names(q, s, tn), round(q, s), "{q} {s} {tn}");
    }
    assert!(riak_claim_names(64, 10, 4).starts_with("n1 n10 n2 n3"));
    // Tail violations solved by taking nodes out of earlier rounds.
    assert_eq!(
        riak_claim_names(16, 5, 3),
        "n1 n2 n3 n4 n5 n1 n2 n4 n5 n1 n3 n4 n5 n1 n2 n3"
    );
    let seven = riak_claim_names(64, 7, 4);
    assert!(seven.ends_with("n1 n2 n3 n5 n6 n7 n1 n2 n4 n5 n6 n7 n1 n3 n4 n5 n6 n7 n1 n2 n3 n4"));
    assert!(seven.starts_with(&round(42, 7)));
    let nine = riak_claim_names(64, 9, 4);
    assert!(nine.ends_with(
        "n1 n2 n3 n5 n6 n7 n8 n9 n1 n2 n4 n5 n6 n7 n8 n9 n1 n3 n4 n5 n6 n7 n8 n9 n1 n2 n3 n4"
    ));
    // More nodes than partitions: riak_core divides by zero.
    assert_eq!(riak_sequential_claim(8, 9, 4), None);
}

#[test]
fn riak_hashes_term_to_binary_of_bucket_and_key() {
    // erlang:term_to_binary({<<"b">>, <<"k">>}) (OTP 25).
    assert_eq!(
        riak_bucket_key_term(b"b", b"k"),
        vec![131, 104, 2, 109, 0, 0, 0, 1, 98, 109, 0, 0, 0, 1, 107]
    );
    // crypto:hash(sha, term_to_binary({<<"users">>, <<"alice">>})).
    let key = riak_chash_key(b"users", b"alice");
    assert_eq!(
        key,
        [
            112, 165, 193, 129, 83, 97, 53, 231, 237, 143, 14, 111, 153, 233, 35, 25, 36, 237, 134,
            12
        ]
    );
    assert_eq!(riak_responsible_position(&key, 64), 29);
    // The first partition strictly above: a hash of 0 goes to partition 1, the last
    // partition's range wraps to partition 0.
    assert_eq!(riak_responsible_position(&[0; 20], 64), 1);
    assert_eq!(riak_responsible_position(&[0xff; 20], 64), 0);
    assert_eq!(riak_responsible_position(&[0xff; 20], 1024), 0);
    let mut top = [0u8; 20];
    top[0] = 0b1111_1100;
    assert_eq!(riak_responsible_position(&top, 64), 0);
    top[0] = 0b1111_1000;
    assert_eq!(riak_responsible_position(&top, 64), 63);
}

#[test]
fn riak_preference_lists_match_riak_core() {
    // From chash:key_of, chash:ring_increment and sequential_claim/3 in Erlang: position
    // and the owners of the next n_val partitions.
    let keys = [
        "users/alice",
        "b/k",
        "b/",
        "bucket/user:1:abc",
        "bucket/hello",
        "b/é",
    ];
    type Case<'a> = (&'a str, &'a [(&'a str, u64)], [&'a str; 6]);
    let table: [Case; 3] = [
        (
            "riak@c,riak@a,riak@b",
            &[],
            [
                "riak@c,riak@a,riak@b",
                "riak@b,riak@c,riak@a",
                "riak@c,riak@a,riak@b",
                "riak@c,riak@a,riak@b",
                "riak@b,riak@c,riak@a",
                "riak@b,riak@c,riak@a",
            ],
        ),
        (
            "n1,n2,n3,n4,n5,n6,n7",
            &[],
            [
                "n2,n3,n4", "n1,n2,n3", "n6,n7,n1", "n1,n2,n3", "n2,n3,n4", "n6,n7,n1",
            ],
        ),
        (
            "n1,n2,n3,n4,n5",
            &[("ring-size", 16), ("target-n-val", 3), ("n-val", 2)],
            ["n5,n1", "n4,n5", "n3,n4", "n5,n1", "n2,n4", "n5,n1"],
        ),
    ];
    for (list, params, want) in table {
        let nodes = nodes(list);
        let built = build(SystemId::Riak, &nodes, params).unwrap();
        for (key, want) in keys.iter().zip(want) {
            let list = built.preference_list(key).unwrap().unwrap();
            let names: Vec<&str> = list
                .iter()
                .map(|&i| nodes[i as usize].name.as_str())
                .collect();
            assert_eq!(names.join(","), want, "{key}");
            assert_eq!(built.locate(key).unwrap(), list[0]);
        }
    }
    let riak = build(SystemId::Riak, &nodes("a,b"), &[]).unwrap();
    let refused = riak.locate("no-slash").unwrap_err();
    assert_eq!(refused.system, "riak");
    assert!(matches!(
        build(SystemId::Riak, &nodes("a,b"), &[("ring-size", 48)]),
        Err(SystemError::BadParam {
            name: "ring-size",
            ..
        })
    ));
    assert!(matches!(
        build(
            SystemId::Riak,
            &nodes("a,b,c,d,e,f,g,h,i"),
            &[("ring-size", 8)]
        ),
        Err(SystemError::BadParam {
            name: "ring-size",
            ..
        })
    ));
    // Systems that keep one copy have no preference list.
    let nginx = build(SystemId::Nginx, &nodes("a,b"), &[]).unwrap();
    assert!(nginx.preference_list("k").is_none());
}

#[test]
fn java_random_matches_java() {
    // `new java.util.Random(seed).nextLong()` four times, from OpenJDK 17.
    let table: [(i64, [i64; 4]); 5] = [
        (
            0,
            [
                -4962768465676381896,
                4437113781045784766,
                -6688467811848818630,
                -8292973307042192125,
            ],
        ),
        (
            1,
            [
                -4964420948893066024,
                7564655870752979346,
                3831662765844904176,
                6137546356583794141,
            ],
        ),
        (
            42,
            [
                -5025562857975149833,
                -5843495416241995736,
                5694868678511409995,
                5111195811822994797,
            ],
        ),
        (
            -1,
            [
                4961115982468162243,
                226341162490527646,
                -6233441030884181172,
                7681931065131779340,
            ],
        ),
        (
            123456789,
            [
                -6197403153606331135,
                8429272609719263920,
                7203573180470058788,
                -1967508324443428465,
            ],
        ),
    ];
    for (seed, want) in table {
        let mut r = JavaRandom::new(seed);
        let got: Vec<i64> = (0..4).map(|_| r.next_long()).collect();
        assert_eq!(got, want, "seed {seed}");
    }
}

#[test]
fn cassandra_draws_again_when_a_token_repeats_as_its_set_does() {
    // A draw that repeats any earlier one is refused and the next draw taken, as
    // `getRandomTokens` does with its set: compared with a set on sequences full of repeats.
    let draws = [5i64, 3, 5, 5, -1, 3, 7, -1, 9, 9, 2, 8];
    for wanted in 0..=7 {
        let mut next = draws.iter().copied().chain(100..);
        let got = super::cassandra::distinct_draws(wanted, || next.next().unwrap_or(0));
        let mut set = std::collections::HashSet::new();
        let expected: Vec<i64> = draws
            .iter()
            .copied()
            .chain(100..)
            .filter(|t| set.insert(*t))
            .take(wanted)
            .collect();
        assert_eq!(got, expected, "wanted {wanted}");
    }
}

#[test]
fn cassandra_ring_of_random_tokens_sorts_once_and_equals_the_tokens_drawn_then_sorted() {
    use super::cassandra::{
        node_token_ring, random_token_ring, random_token_stream, tokens_by_node,
    };
    // Java's tokens, which do not repeat: the draws sorted with their nodes are the ring.
    for (nodes, per_node) in [(0, 256), (1, 1), (5, 3), (40, 256)] {
        for seed in [0, 7, -3] {
            let want = node_token_ring(&cassandra_random_tokens(nodes, per_node, seed));
            let (got, unrepeated) =
                random_token_ring(nodes, per_node, || random_token_stream(seed));
            assert_eq!(got, want, "{nodes} × {per_node}, seed {seed}");
            assert!(unrepeated);
        }
    }
    // A stream full of repeats: the ring drops them as Cassandra's set does.
    let draws = [5i64, 3, 5, 5, -1, 3, 7, -1, 9, 9, 2, 8];
    let stream = || {
        let mut next = draws.into_iter().chain(100..);
        move || next.next().unwrap_or(0)
    };
    for (nodes, per_node) in [(2, 2), (3, 2), (4, 2), (2, 3), (5, 4)] {
        let want = node_token_ring(&tokens_by_node(nodes, per_node, stream()));
        let (got, unrepeated) = random_token_ring(nodes, per_node, stream);
        assert_eq!(got, want, "{nodes} × {per_node}");
        assert!(!unrepeated, "{nodes} × {per_node}: the first draws repeat");
        assert_eq!(got.len(), nodes * per_node);
        assert!(
            got.windows(2).all(|w| w[0].0 < w[1].0),
            "a token held twice"
        );
    }
}

#[test]
fn cassandra_random_tokens_are_drawn_in_node_order() {
    // Node 0 takes the first draws of Random(0), node 1 the next ones.
    let tokens = cassandra_random_tokens(2, 2, 0);
    assert_eq!(
        tokens,
        vec![
            vec![-4962768465676381896, 4437113781045784766],
            vec![-6688467811848818630, -8292973307042192125],
        ]
    );
    let many = cassandra_random_tokens(5, 256, 7);
    let mut all: Vec<i64> = many.iter().flatten().copied().collect();
    assert!(many.iter().all(|t| t.len() == 256));
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 5 * 256, "no token is owned twice");
    assert!(!all.contains(&i64::MIN), "the minimum token is never drawn");
}

/// SimpleStrategy as its Java reads, naively: a sorted map from token to node, walked
/// from the first token at or after the key's (then from the smallest), keeping a node
/// the first time it is met.
fn simple_strategy_reference(ring: &[(i64, NodeIndex)], token: i64, rf: usize) -> Vec<NodeIndex> {
    let map: std::collections::BTreeMap<i64, NodeIndex> = ring.iter().copied().collect();
    let walk = map.range(token..).chain(map.range(..token));
    let mut replicas = Vec::new();
    for (_, &node) in walk {
        if replicas.len() < rf && !replicas.contains(&node) {
            replicas.push(node);
        }
    }
    replicas
}

#[test]
fn cassandra_simple_strategy_walks_clockwise_for_distinct_nodes() {
    // Ten nodes on tokens 0, 10, …, 90, RF 3: a key token of 5 is replicated on the nodes
    // of 10, 20 and 30; 95 wraps to 0, 10, 20.
    let ten: Vec<Vec<i64>> = (0..10).map(|i| vec![i * 10]).collect();
    let ring = Cassandra::from_node_tokens(&ten, 3);
    assert_eq!(ring.replicas_of_token(5), vec![1, 2, 3]);
    assert_eq!(ring.replicas_of_token(10), vec![1, 2, 3]);
    assert_eq!(ring.replicas_of_token(95), vec![0, 1, 2]);
    // A node met again is skipped: a owns 0 and 10.
    let shared = Cassandra::from_node_tokens(&[vec![0, 10], vec![20], vec![30]], 2);
    assert_eq!(shared.replicas_of_token(-5), vec![0, 1]);
    assert_eq!(shared.replicas_of_token(25), vec![2, 0]);
    // More replicas than nodes: every node once.
    let two = Cassandra::from_node_tokens(&[vec![0, 10], vec![20]], 5);
    assert_eq!(two.replicas_of_token(15), vec![1, 0]);
    // Random tokens against the naive reading.
    let tokens = cassandra_random_tokens(6, 16, 3);
    let mut flat: Vec<(i64, NodeIndex)> = Vec::new();
    for (i, ts) in tokens.iter().enumerate() {
        flat.extend(ts.iter().map(|&t| (t, i as NodeIndex)));
    }
    let ring = Cassandra::from_node_tokens(&tokens, 3);
    for key in KEYS
        .iter()
        .chain(["a", "b", "café", "9223372036854775807"].iter())
    {
        let t = crate::cassandra_murmur3::token(key.as_bytes());
        let want = simple_strategy_reference(&flat, t, 3);
        assert_eq!(ring.replicas_of_token(t), want, "{key}");
        assert_eq!(ring.owner_of_token(t), want[0]);
    }
}

#[test]
fn cassandra_systems_give_simple_strategy_preference_lists() {
    let four = nodes("a,b,c,d");
    let single = build(SystemId::Cassandra, &four, &[]).unwrap();
    // The sample table's owners, then the next nodes clockwise.
    let lists: Vec<Vec<NodeIndex>> = KEYS
        .iter()
        .map(|k| single.preference_list(k).unwrap().unwrap())
        .collect();
    assert_eq!(
        lists,
        vec![
            vec![0, 1, 2],
            vec![0, 1, 2],
            vec![1, 2, 3],
            vec![1, 2, 3],
            vec![2, 3, 0]
        ]
    );
    let vnodes = build(
        SystemId::CassandraVnodes,
        &four,
        &[("num-tokens", 16), ("seed", 42), ("replication-factor", 2)],
    )
    .unwrap();
    let mut flat: Vec<(i64, NodeIndex)> = Vec::new();
    for (i, ts) in cassandra_random_tokens(4, 16, 42).iter().enumerate() {
        flat.extend(ts.iter().map(|&t| (t, i as NodeIndex)));
    }
    for key in KEYS {
        let t = crate::cassandra_murmur3::token(key.as_bytes());
        let want = simple_strategy_reference(&flat, t, 2);
        assert_eq!(vnodes.preference_list(key).unwrap().unwrap(), want);
        assert_eq!(vnodes.locate(key).unwrap(), want[0]);
    }
    assert!(vnodes.preference_list("").unwrap().is_err());
    assert!(matches!(
        build(SystemId::CassandraVnodes, &four, &[("num-tokens", 0)]),
        Err(SystemError::BadParam { .. })
    ));
}

/// Keys with UTF-8, punctuation, hash tags and Riak buckets, for the placement checks.
fn lab_keys(count: usize) -> Vec<String> {
    let shapes = ["user:{}:k", "键{}", "{tag}.{}", "b/{}", "a-b_c.{}!", "{}"];
    (0..count)
        .map(|i| shapes[i % shapes.len()].replace("{}", &i.to_string()))
        .collect()
}

#[test]
fn every_system_as_a_placement_places_each_key_as_the_system() {
    use crate::placement::{Explanation, NodeSpec};
    let keys = lab_keys(20_000);
    for system in SystemId::ALL {
        let spec = system.spec();
        // Weights 100, 300 and 200: the system's default, three and two times it; go-zero's
        // default is its largest, so half of it there.
        let weights = match spec.weights {
            Weights::Taken { default, max, .. } if default == max => [100, 50, 100],
            _ => [100, 300, 200],
        };
        let lab: Vec<NodeSpec> = ["10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11211"]
            .iter()
            .zip(weights)
            .map(|(name, w)| NodeSpec::new(*name, w))
            .collect();
        let given: Vec<SystemNode> = lab
            .iter()
            .map(|n| match spec.weights {
                Weights::None => SystemNode::new(n.name.clone()),
                Weights::Taken { default, .. } | Weights::Hundredths { default, .. } => {
                    SystemNode::weighted(n.name.clone(), n.weight * default / 100)
                }
            })
            .collect();
        let config = crate::Config::new(crate::Algorithm::new(system.algo()));
        let placement = crate::build(&config, &lab).unwrap();
        let direct = build(system, &given, &[]).unwrap();
        let mut counts = vec![0u32; lab.len()];
        for key in &keys {
            let key_given = if system == SystemId::Riak && !key.contains('/') {
                format!("{RIAK_LAB_BUCKET}/{key}")
            } else {
                key.clone()
            };
            let Ok(want) = direct.locate(&key_given) else {
                assert!(placement.refuses(key).is_some(), "{}: {key}", spec.id);
                continue;
            };
            let owner = placement.locate(key);
            assert_eq!(owner, want, "{}: {key}", spec.id);
            assert_eq!(placement.explain(key).owner(), want, "{}: {key}", spec.id);
            if let Some(o) = placement.locate_position(placement.key_position(key)) {
                assert_eq!(o, want, "{}: {key} by its position", spec.id);
            }
            if let Explanation::Jump { steps, .. } = placement.explain(key) {
                assert_eq!(steps.last(), Some(&want), "{}", spec.id);
            }
            // The copies: the system's own preference list, the owner first; a table's
            // entries hold them (Riak's next partitions).
            let list = placement.preference_list(key);
            assert_eq!(
                list,
                direct.preference_list(&key_given).map(Result::unwrap),
                "{}: {key}",
                spec.id
            );
            if let Some(list) = &list {
                assert_eq!(list.first(), Some(&want), "{}: {key}", spec.id);
            }
            if let Some(entries) = placement.preference_entries(key) {
                let crate::placement::Picture::Table { entries: owners } = placement.picture()
                else {
                    panic!("{}: entries of no table", spec.id);
                };
                let held: Vec<u32> = entries.iter().map(|&e| owners[e as usize]).collect();
                assert_eq!(Some(held), list, "{}: {key}", spec.id);
                assert_eq!(
                    entries.first().copied(),
                    Some(placement.key_position(key) as u32)
                );
            }
            // Hash tags put a sixth of the keys in one Redis slot: not a sample of the space.
            if !key.contains('{') {
                counts[want as usize] += 1;
            }
        }
        let shares = placement.shares();
        assert!(
            (shares.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{}",
            spec.id
        );
        // The shares are the key space's; 20,000 keys land near them.
        let placed: u32 = counts.iter().sum();
        for (share, count) in shares.iter().zip(&counts) {
            let seen = f64::from(*count) / f64::from(placed);
            assert!(
                (seen - share).abs() < 0.06,
                "{}: {seen} against {share}",
                spec.id
            );
        }
    }
}

#[test]
fn the_lab_refuses_what_the_system_refuses() {
    use crate::error::BuildError;
    use crate::placement::NodeSpec;
    let config = |s: SystemId| crate::Config::new(crate::Algorithm::new(s.algo()));
    let nodes = [NodeSpec::new("a:1", 100), NodeSpec::new("b:1", 150)];
    assert!(matches!(
        crate::build(&config(SystemId::Nginx), &nodes),
        Err(BuildError::SystemWeight { weight: 150, .. })
    ));
    let twemproxy = crate::build(&config(SystemId::Twemproxy), &nodes[..1]).unwrap();
    assert!(twemproxy.refuses("has space").is_some());
    assert!(twemproxy.refuses("fine").is_none());
    let nginx = crate::build(&config(SystemId::Nginx), &nodes[..1]).unwrap();
    assert!(nginx.refuses("").is_some());
    let many: Vec<NodeSpec> = (0..65)
        .map(|i| NodeSpec::new(format!("n{i}"), 100))
        .collect();
    assert!(matches!(
        crate::build(&config(SystemId::Riak), &many),
        Err(BuildError::SystemFull { most: 64, .. })
    ));
}

#[test]
fn haproxy_arcs_end_halfway_between_points() {
    // Points at 100 (node 0) and 300 (node 1): up to 200 is node 0's (a tie goes to the
    // point before), from 201 node 1's; past 300, node 1's until halfway round.
    let points = Points::new(vec![(100, 0), (300, 1)], Ties::FirstWins).unwrap();
    let Picture::Ring { points: arcs, .. } = points.picture(32, Rule::NearestU32) else {
        panic!("a ring");
    };
    let ends: Vec<(u64, u32)> = arcs.iter().map(|p| (p.position, p.owner)).collect();
    assert_eq!(
        ends,
        vec![(200, 0), (300 + (u32::MAX as u64 - 200) / 2 + 1, 1)]
    );
    for h in [0u32, 100, 150, 200, 201, 300, 400, u32::MAX] {
        let ring = crate::ring::SortedRing::new(arcs.to_vec(), 32, 2).unwrap();
        assert_eq!(ring.owner(u64::from(h)), points.nearest_u32(h), "{h}");
    }
}

#[test]
fn a_ring_the_lab_changes_has_the_command_lines_parameters() {
    // The lab's parameters (`LabBuild::Ring`) and the command line's (`SystemSpec::params`)
    // are written apart, one for each side: the same names, defaults and ranges.
    use crate::registry::ParamKind;
    let mut rings = 0;
    for system in SystemId::ALL {
        let spec = system.spec();
        let (LabBuild::Ring { params, docs, .. } | LabBuild::SystemWith { params, docs }) =
            spec.lab
        else {
            continue;
        };
        rings += 1;
        assert_eq!(params.len(), spec.params.len(), "{}", spec.id);
        assert_eq!(docs.len(), spec.params.len(), "{}", spec.id);
        for ((lab, cli), doc) in params.iter().zip(spec.params).zip(docs) {
            // A flag may carry a prefix where the name alone is another algorithm's flag
            // (Varnish's `--shard-replicas`: go-zero has `--replicas`).
            assert!(lab.flag.ends_with(cli.name), "{}: {}", spec.id, lab.flag);
            assert_eq!(*doc, cli.description, "{}", spec.id);
            let ParamKind::Whole {
                min, max, default, ..
            } = lab.kind
            else {
                panic!("{}: {} is not a whole number in the lab", spec.id, lab.flag);
            };
            assert_eq!(
                (u64::from(min), u64::from(max), u64::from(default)),
                (cli.min, cli.max, cli.default),
                "{}: {}",
                spec.id,
                lab.flag
            );
        }
    }
    assert_eq!(rings, 3, "Envoy's ring hash, Ceph, Varnish");
}

#[test]
fn a_join_on_cassandras_random_tokens_merges_the_newcomers_and_equals_a_rebuild() {
    let specs = |n: usize| -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("10.0.{}.{}:9042", i / 250, i % 250 + 1), 100))
            .collect()
    };
    let keys: Vec<String> = (0..2_000).map(|i| format!("key:{i}:ü")).collect();
    for n in [1, 2, 7, 40] {
        let before = SystemPlacement::build(SystemId::CassandraVnodes, &specs(n), &[]).unwrap();
        let all = specs(n + 1);
        let newcomer = all.last().unwrap();
        let joined = before.joined(newcomer).expect("a merge").unwrap();
        let rebuilt = SystemPlacement::build(SystemId::CassandraVnodes, &all, &[]).unwrap();
        assert_eq!(joined.node_count(), rebuilt.node_count());
        assert_eq!(joined.picture(), rebuilt.picture(), "{n} + 1 nodes");
        assert_eq!(joined.shares(), rebuilt.shares());
        for key in &keys {
            assert_eq!(joined.locate(key), rebuilt.locate(key), "{key}");
            assert_eq!(joined.preference_list(key), rebuilt.preference_list(key));
        }
        // And a second join from the first: the draws carry on.
        let more = specs(n + 2);
        let twice = joined
            .joined(more.last().unwrap())
            .expect("a merge")
            .unwrap();
        let rebuilt = SystemPlacement::build(SystemId::CassandraVnodes, &more, &[]).unwrap();
        assert_eq!(twice.picture(), rebuilt.picture(), "{n} + 2 nodes");
    }
    // A lab weight means nothing to Cassandra, joining as building.
    let before = SystemPlacement::build(SystemId::CassandraVnodes, &specs(3), &[]).unwrap();
    let mut heavy = specs(4);
    heavy[3].weight = 300;
    let joined = before.joined(&heavy[3]).expect("a merge").unwrap();
    let rebuilt = SystemPlacement::build(SystemId::CassandraVnodes, &heavy, &[]).unwrap();
    assert_eq!(joined.picture(), rebuilt.picture());
    // Evenly spaced tokens all move with a join: built again.
    let even = SystemPlacement::build(SystemId::Cassandra, &specs(3), &[]).unwrap();
    assert!(even.joined(&specs(4)[3]).is_none());
}

#[test]
fn a_join_on_nginx_merges_the_newcomers_points_and_equals_a_rebuild() {
    let specs = |n: usize| -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("10.0.0.{}:80", i + 1), 100 * (1 + i as u32 % 3)))
            .collect()
    };
    let keys: Vec<String> = (0..2_000).map(|i| format!("/ключ/{i}?a=b")).collect();
    for n in [1, 2, 5, 30] {
        let before = SystemPlacement::build(SystemId::Nginx, &specs(n), &[]).unwrap();
        let all = specs(n + 1);
        let joined = before
            .joined(all.last().unwrap())
            .expect("a merge")
            .unwrap();
        let rebuilt = SystemPlacement::build(SystemId::Nginx, &all, &[]).unwrap();
        assert_eq!(joined.picture(), rebuilt.picture(), "{n} + 1 servers");
        assert_eq!(joined.shares(), rebuilt.shares());
        for key in &keys {
            assert_eq!(joined.locate(key), rebuilt.locate(key), "{key}");
        }
    }
    // A weight nginx cannot take is refused, as a rebuild refuses it.
    let before = SystemPlacement::build(SystemId::Nginx, &specs(2), &[]).unwrap();
    let half = NodeSpec::new("10.0.0.9:80", 150);
    assert!(matches!(
        before.joined(&half),
        Some(Err(BuildError::SystemWeight { .. }))
    ));
}

#[test]
fn points_merged_in_lose_every_tie_as_a_stable_sort_of_all_would_have_them() {
    let old = vec![(5, 0), (9, 1), (7, 0), (5, 1)];
    let added = vec![(7, 2), (1, 2), (5, 2), (12, 2)];
    let before = Points::new(old.clone(), Ties::FirstWins).unwrap();
    let (merged, positions) = before.with_added(added.clone());
    let all = Points::new([old, added].concat(), Ties::FirstWins).unwrap();
    assert_eq!(merged.positions, all.positions);
    assert_eq!(merged.owners, all.owners);
    assert_eq!(merged.owners, [2, 0, 1, 2, 0, 2, 1, 2]);
    assert_eq!(positions, [1, 5, 7, 12]);
}

#[test]
fn every_source_links_to_a_file_of_a_repository_on_github() {
    let nginx = SystemId::Nginx.spec().source_address();
    assert_eq!(
        nginx,
        "https://github.com/nginx/nginx/blob/HEAD/src/http/modules/ngx_http_upstream_hash_module.c"
    );
    for system in SystemId::ALL {
        let address = system.spec().source_address();
        let rest = address
            .strip_prefix("https://github.com/")
            .unwrap_or_default();
        let parts: Vec<&str> = rest.splitn(5, '/').collect();
        assert!(
            parts.len() == 5
                && parts[2..4] == ["blob", "HEAD"]
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && !p.contains([' ', ','])),
            "{}: {address}",
            system.spec().id
        );
    }
}
