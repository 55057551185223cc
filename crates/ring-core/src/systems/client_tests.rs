//! The known answers of `crates/ring-core/tests/data/known-answers.md` ("Real systems, round
//! two") for Kafka's producers, Hazelcast, pymemcache and Caddy, their hashes' published
//! vectors, and their refusals.

use super::*;
use crate::placement::{Explanation, NodeSpec};

/// The sample keys of the round-two vectors, in their order.
const KEYS: [&str; 6] = [
    "user:0:gjj",
    "ключ-1",
    "键/2",
    "{user168}.following",
    "tfbf._=u~j",
    "κλειδί:5:κλειδί",
];

fn nodes(list: &str) -> Vec<SystemNode> {
    list.split(',').map(SystemNode::new).collect()
}

/// `p0,p1,…,p{count-1}`: a topic's partitions, or a Hazelcast cluster's.
fn partitions(count: usize) -> String {
    (0..count)
        .map(|i| format!("p{i}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Where `system` over `list` sends each of [`KEYS`], as node names, space-separated.
fn placed(system: SystemId, list: &str) -> String {
    let nodes = nodes(list);
    let built = build(system, &nodes, &[]).unwrap();
    KEYS.iter()
        .map(|k| nodes[built.locate(k).unwrap() as usize].name.clone())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn kafka_vectors() {
    assert_eq!(placed(SystemId::Kafka, &partitions(6)), "p2 p3 p0 p5 p1 p5");
    assert_eq!(
        placed(SystemId::Kafka, &partitions(50)),
        "p42 p47 p34 p9 p27 p17"
    );
}

#[test]
fn kafka_murmur2_matches_kafkas_own_test() {
    // apache/kafka clients/src/test/java/org/apache/kafka/common/utils/UtilsTest.java,
    // testMurmur2: the Java ints.
    for (key, want) in [
        ("21", -973_932_308),
        ("foobar", -790_332_482),
        ("a-little-bit-long-string", -985_981_536),
        ("a-little-bit-longer-string", -1_486_304_829),
        (
            "lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8",
            -58_897_971,
        ),
        ("abc", 479_470_107),
    ] {
        assert_eq!(kafka_murmur2(key.as_bytes()) as i32, want, "{key}");
    }
    // The empty key is hashed, not refused.
    let kafka = build(SystemId::Kafka, &nodes("p0,p1,p2"), &[]).unwrap();
    let empty = (kafka_murmur2(b"") & 0x7fff_ffff) % 3;
    assert_eq!(kafka.locate("").unwrap(), empty);
}

#[test]
fn librdkafka_vectors() {
    assert_eq!(
        placed(SystemId::Librdkafka, &partitions(6)),
        "p3 p3 p1 p5 p4 p1"
    );
    assert_eq!(
        placed(SystemId::Librdkafka, &partitions(50)),
        "p43 p49 p9 p27 p10 p3"
    );
    let librdkafka = build(SystemId::Librdkafka, &nodes("p0,p1"), &[]).unwrap();
    let refused = librdkafka.locate("").unwrap_err();
    assert_eq!(
        refused.to_string(),
        "librdkafka cannot take the key \"\": consistent_random sends a record with an empty key to a random partition"
    );
}

#[test]
fn kafka_and_librdkafka_are_different_rules() {
    // Known answers: the two agree on 16.9% of keys for 6 partitions, about chance (1/6).
    let six = nodes(&partitions(6));
    let kafka = build(SystemId::Kafka, &six, &[]).unwrap();
    let librdkafka = build(SystemId::Librdkafka, &six, &[]).unwrap();
    let keys: Vec<String> = (0..6000).map(|i| format!("key-{i}")).collect();
    let same = keys
        .iter()
        .filter(|k| kafka.locate(k).unwrap() == librdkafka.locate(k).unwrap())
        .count();
    assert!((800..1200).contains(&same), "{same} of 6000 agree");
}

#[test]
fn hazelcast_vectors() {
    assert_eq!(
        placed(SystemId::Hazelcast, &partitions(271)),
        "p154 p42 p65 p176 p119 p89"
    );
    assert_eq!(
        placed(SystemId::Hazelcast, &partitions(7)),
        "p1 p5 p3 p3 p0 p3"
    );
}

#[test]
fn hazelcast_murmur3_matches_the_clients_test() {
    // hazelcast/hazelcast-python-client tests/unit/murmur_hash_test.py (from the Java
    // implementation): the data after the 8-byte header, its hash and partition of 271.
    for (data, hash, partition) in [
        ("key-1", 1_228_513_025, 107),
        ("key-2", 1_503_416_236, 105),
        ("key-3", 1_876_349_747, 218),
        ("key-4", -914_632_498, 181),
        ("key-5", -803_210_507, 111),
        ("key-6", -847_942_313, 115),
        ("key-7", 1_196_747_334, 223),
        ("key-8", -1_444_149_994, 208),
        ("key-9", 1_182_720_020, 140),
        ("", -1_585_187_909, 238),
        ("a", -1_686_100_800, 46),
        ("ab", 312_914_265, 50),
        ("abc", -2_068_121_803, 208),
        ("abcd", -973_615_161, 236),
    ] {
        let h = hazelcast_murmur3(data.as_bytes());
        assert_eq!(h, hash, "{data}");
        assert_eq!(hazelcast_hash_to_index(h, 271), partition, "{data}");
    }
}

#[test]
fn hazelcast_gives_integer_min_value_two_to_the_31_mod_n_as_the_python_client() {
    // The forged key of the known answers: its hash is i32::MIN, and the Python client says
    // partition 245 of 271 (2^31 mod 271); Java's HashUtil.hashToIndex would say 0.
    let key = "hkpyS*,<";
    assert_eq!(hazelcast_murmur3(&hazelcast_string_data(key)), i32::MIN);
    assert_eq!(hazelcast_partition(key, 271), 245);
    assert_eq!((1u64 << 31) % 271, 245);
    let cluster = build(SystemId::Hazelcast, &nodes(&partitions(271)), &[]).unwrap();
    assert_eq!(cluster.locate(key).unwrap(), 245);
    // Every key is valid, the empty one too (its data is four zero bytes).
    let expected = hazelcast_hash_to_index(hazelcast_murmur3(&[0, 0, 0, 0]), 271);
    assert_eq!(cluster.locate("").unwrap(), expected);
}

#[test]
fn pymemcache_vectors() {
    assert_eq!(
        placed(
            SystemId::Pymemcache,
            "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211"
        ),
        "10.0.0.2:11211 10.0.0.3:11211 10.0.0.2:11211 10.0.0.3:11211 10.0.0.2:11211 10.0.0.3:11211"
    );
    assert_eq!(
        placed(
            SystemId::Pymemcache,
            "mc1.example:11211,mc2.example:11211,mc3.example:11212,10.0.0.9:11211,10.0.0.10:11211"
        ),
        "mc3.example:11212 mc2.example:11211 10.0.0.9:11211 10.0.0.10:11211 10.0.0.9:11211 mc1.example:11211"
    );
}

#[test]
fn pymemcache_hashes_characters_not_utf8_bytes() {
    // U+043A "к" is 0xD0 0xBA in UTF-8; the pure-Python loop reads 0x3A, its low byte.
    assert_eq!(
        pymemcache_murmur3("к"),
        crate::hash::murmur3_x86_32(&[0x3a], 0)
    );
    assert_ne!(
        pymemcache_murmur3("к"),
        crate::hash::murmur3_x86_32("к".as_bytes(), 0)
    );
    // ASCII is the standard MurmurHash3 x86_32.
    assert_eq!(pymemcache_murmur3("hello"), 0x248b_fa47);
    // A host alone is port 11211: the same node key, so the same placement.
    assert_eq!(
        placed(SystemId::Pymemcache, "10.0.0.1,10.0.0.2,10.0.0.3"),
        placed(
            SystemId::Pymemcache,
            "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211"
        )
        .replace(":11211", "")
    );
}

#[test]
fn pymemcache_reads_server_strings_as_its_client_does() {
    for (server, key) in [
        ("cache", "cache:11211"),
        ("cache:11212", "cache:11212"),
        ("cache:0011212", "cache:11212"),
        ("cache:000", "cache:0"),
        ("[::1]:11212", "::1:11212"),
        ("[::1]", "::1:11211"),
        ("unix:/run/mc.sock", "/run/mc.sock"),
        ("/run/mc.sock", "/run/mc.sock"),
    ] {
        assert_eq!(pymemcache_node_key(server).unwrap(), key, "{server}");
    }
    let bad = build(SystemId::Pymemcache, &nodes("a:1,cache:port"), &[]).err();
    assert_eq!(
        bad.map(|e| e.to_string()).unwrap_or_default(),
        "node \"cache:port\" is not a pymemcache node: pymemcache reads the text after the last `:` as the port, a whole number"
    );
    // Two spellings of one server are one client.
    let twice = build(SystemId::Pymemcache, &nodes("cache,cache:11211"), &[]).err();
    assert_eq!(
        twice,
        Some(SystemError::DuplicateName {
            name: "cache:11211".into()
        })
    );
    // The lab says which node and why, in its own words.
    let lab = [NodeSpec::new("a:1", 100), NodeSpec::new("b:x", 100)];
    let config = crate::Config::new(crate::Algorithm::new(SystemId::Pymemcache.algo()));
    assert_eq!(
        crate::build(&config, &lab).err(),
        Some(crate::error::BuildError::SystemNodeName {
            algo: SystemId::Pymemcache.algo(),
            name: "b:x".into()
        })
    );
}

#[test]
fn pymemcache_refuses_keys_as_check_key_helper_does() {
    let cluster = build(SystemId::Pymemcache, &nodes("a:1,b:1"), &[]).unwrap();
    for (key, reason) in [
        ("a b", "a memcached key has no whitespace"),
        ("a\tb", "a memcached key has no whitespace"),
        ("a\u{b}b", "a memcached key has no whitespace"),
        ("a\u{c}b", "a memcached key has no whitespace"),
        (" a", "a memcached key has no whitespace"),
        ("a\0b", "a memcached key has no NUL"),
    ] {
        let refused = cluster.locate(key).unwrap_err();
        assert_eq!(refused.reason, reason, "{key:?}");
        assert_eq!(refused.system, "pymemcache");
    }
    // 250 bytes of UTF-8 pass, 251 do not; bytes, not characters, count.
    assert!(cluster.locate(&"k".repeat(250)).is_ok());
    assert!(cluster.locate(&"é".repeat(125)).is_ok());
    assert!(cluster.locate(&"é".repeat(126)).is_err());
    // Only ASCII whitespace splits bytes: U+00A0 and U+0085 are taken, and so is the empty
    // key (`b"".split()` is empty).
    assert!(cluster.locate("a\u{a0}b").is_ok());
    assert!(cluster.locate("a\u{85}b").is_ok());
    assert!(cluster.locate("").is_ok());
}

#[test]
fn pymemcache_gives_a_tie_to_the_greater_node_key() {
    // No two node keys forged to tie are at hand: the rule is checked on the node keys
    // themselves, which an equal score compares.
    let names: Vec<String> = ["b:1", "a:1", "c:1"].map(String::from).to_vec();
    let winner = |scores: [u32; 3]| pymemcache::winner(&names, scores.into_iter());
    assert_eq!(winner([7, 9, 9]), 2);
    assert_eq!(winner([9, 9, 7]), 0);
    assert_eq!(winner([5, 9, 7]), 1);
    assert_eq!(winner([0, 0, 0]), 2);
}

#[test]
fn caddy_vectors() {
    assert_eq!(
        placed(
            SystemId::Caddy,
            "127.0.0.1:28081,127.0.0.1:28082,127.0.0.1:28083"
        ),
        "127.0.0.1:28083 127.0.0.1:28083 127.0.0.1:28083 127.0.0.1:28081 127.0.0.1:28082 127.0.0.1:28082"
    );
    assert_eq!(
        placed(
            SystemId::Caddy,
            "127.0.0.1:28091,127.0.0.2:28091,127.0.0.3:28093,127.0.0.4:28094,127.0.0.1:28095"
        ),
        "127.0.0.4:28094 127.0.0.2:28091 127.0.0.3:28093 127.0.0.4:28094 127.0.0.3:28093 127.0.0.3:28093"
    );
}

#[test]
fn caddy_refuses_what_it_would_not_hash_as_written() {
    let one = build(SystemId::Caddy, &nodes("127.0.0.1:8080"), &[]).unwrap();
    for (key, reason) in [
        (
            "",
            "Caddy sends a request whose header is empty to a random upstream",
        ),
        ("a\nb", "an HTTP header's value has no control characters"),
        (
            "a\u{7f}",
            "an HTTP header's value has no control characters",
        ),
        (
            " a",
            "an HTTP header's value loses its leading and trailing spaces",
        ),
        (
            "a\t",
            "an HTTP header's value loses its leading and trailing spaces",
        ),
        // fnv1a32("zero-x5wc]!" + "127.0.0.1:8080") is 0, forged by meeting in the middle:
        // a score of 0 never wins, so the one upstream is never chosen.
        (
            "zero-x5wc]!",
            "every upstream's hash is 0, so Caddy finds none and answers 503",
        ),
    ] {
        let refused = one.locate(key).unwrap_err();
        assert_eq!(refused.reason, reason, "{key:?}");
    }
    assert_eq!(crate::hash::fnv1a_32(b"zero-x5wc]!127.0.0.1:8080"), 0);
    // Inner spaces and tabs are part of the value; UTF-8 is carried as it is.
    assert!(one.locate("a b\tc").is_ok());
    assert!(one.locate("键").is_ok());
    // With a second upstream, the zero score simply loses.
    let two = build(
        SystemId::Caddy,
        &nodes("127.0.0.1:8080,127.0.0.1:8081"),
        &[],
    )
    .unwrap();
    assert_eq!(two.locate("zero-x5wc]!").unwrap(), 1);
}

#[test]
fn caddy_gives_a_tie_to_the_earlier_upstream() {
    let highest = |scores: [u32; 3]| caddy::highest(scores.into_iter());
    assert_eq!(highest([7, 9, 9]), Some(1));
    assert_eq!(highest([9, 9, 9]), Some(0));
    assert_eq!(highest([0, 0, 5]), Some(2));
    assert_eq!(highest([0, 0, 0]), None);
}

#[test]
fn caddy_scores_continue_the_keys_fnv_state() {
    let dials = "127.0.0.1:28091,127.0.0.2:28091,127.0.0.3:28093";
    let cluster = build(SystemId::Caddy, &nodes(dials), &[]).unwrap();
    for key in KEYS {
        let scores = cluster.scores(key).unwrap().unwrap();
        let direct: Vec<f64> = dials
            .split(',')
            .map(|dial| score_of_hash(crate::hash::fnv1a_32(format!("{key}{dial}").as_bytes())))
            .collect();
        assert_eq!(scores, direct, "{key}");
        assert_eq!(
            cluster.position(key).unwrap(),
            u64::from(crate::hash::fnv1a_32(key.as_bytes()))
        );
    }
}

#[test]
fn rendezvous_systems_are_drawn_and_explained_as_scores() {
    for system in [SystemId::Pymemcache, SystemId::Caddy] {
        let spec = system.algo().spec();
        assert!(spec.scores_every_node, "{}", system.id());
        let lab = [
            NodeSpec::new("10.0.0.1:11211", 100),
            NodeSpec::new("10.0.0.2:11211", 100),
            NodeSpec::new("10.0.0.3:11211", 100),
        ];
        let config = crate::Config::new(crate::Algorithm::new(system.algo()));
        let placement = crate::build(&config, &lab).unwrap();
        assert_eq!(placement.picture(), Picture::Scores { nodes: 3 });
        for key in KEYS {
            let Explanation::Rendezvous { scores, owner } = placement.explain(key) else {
                panic!("{}: not scores", system.id());
            };
            assert_eq!(owner, placement.locate(key));
            assert_eq!(scores.len(), 3);
            let best = scores.iter().copied().fold(0.0, f64::max);
            assert_eq!(scores[owner as usize], best, "{}: {key}", system.id());
            assert!(scores.iter().all(|s| (0.0..1.0).contains(s)));
        }
    }
}

#[test]
fn partition_systems_are_drawn_as_their_tables() {
    for system in [SystemId::Kafka, SystemId::Librdkafka, SystemId::Hazelcast] {
        let built = build(system, &nodes(&partitions(7)), &[]).unwrap();
        assert_eq!(
            built.picture(),
            Picture::Table {
                entries: (0..7).collect()
            }
        );
        for key in KEYS {
            assert_eq!(
                built.position(key).unwrap(),
                u64::from(built.locate(key).unwrap())
            );
        }
    }
}
