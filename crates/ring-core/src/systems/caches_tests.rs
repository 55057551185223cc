//! The known answers of `crates/ring-core/tests/data/known-answers.md` ("Real systems, round
//! two") for the memcached and Redis clients: libmemcached (weighted ketama and consistent),
//! Dalli, redis-rb and predis (`HashRing` and `KetamaRing`); their tie and wrap rules, and
//! the nodes and keys they refuse.

use super::*;
use crate::one_at_a_time::libmemcached_one_at_a_time;
use crate::placement::Picture;
use crate::ring::SortedRing;

/// The keys of the round-two vectors, in their order.
const KEYS: [&str; 6] = [
    "user:0:gjj",
    "ключ-1",
    "键/2",
    "{user168}.following",
    "tfbf._=u~j",
    "κλειδί:5:κλειδί",
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

/// Asserts that `system` over `list` sends [`KEYS`] to `want`, in order.
fn assert_vector(system: SystemId, list: &str, want: [&str; 6]) {
    let nodes = nodes(list);
    let built = build(system, &nodes, &[]).unwrap();
    for (key, want) in KEYS.iter().zip(want) {
        let got = &nodes[built.locate(key).unwrap() as usize].name;
        assert_eq!(got, want, "{} over {list}: {key}", system.id());
    }
}

const MEMCACHED_THREE: &str = "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211";
const MEMCACHED_WEIGHTED: &str =
    "10.0.0.1:11211=3,10.0.0.2:11212,10.0.0.3:11213=2,cache4.example:11211=5";
const REDIS_THREE: &str = "127.0.0.1:6379,127.0.0.1:6380,127.0.0.1:6381";

#[test]
fn libmemcached_vectors() {
    assert_vector(
        SystemId::Libmemcached,
        MEMCACHED_THREE,
        [
            "10.0.0.3:11211",
            "10.0.0.1:11211",
            "10.0.0.1:11211",
            "10.0.0.2:11211",
            "10.0.0.3:11211",
            "10.0.0.1:11211",
        ],
    );
    assert_vector(
        SystemId::Libmemcached,
        MEMCACHED_WEIGHTED,
        [
            "10.0.0.1:11211",
            "cache4.example:11211",
            "10.0.0.1:11211",
            "cache4.example:11211",
            "10.0.0.2:11212",
            "10.0.0.1:11211",
        ],
    );
}

#[test]
fn libmemcached_consistent_vectors() {
    assert_vector(
        SystemId::LibmemcachedConsistent,
        MEMCACHED_THREE,
        [
            "10.0.0.1:11211",
            "10.0.0.3:11211",
            "10.0.0.1:11211",
            "10.0.0.2:11211",
            "10.0.0.3:11211",
            "10.0.0.1:11211",
        ],
    );
    // Weights above 1: weighted ketama's MD5 continuum, keys still by one-at-a-time.
    assert_vector(
        SystemId::LibmemcachedConsistent,
        MEMCACHED_WEIGHTED,
        [
            "10.0.0.3:11213",
            "cache4.example:11211",
            "10.0.0.2:11212",
            "10.0.0.3:11213",
            "cache4.example:11211",
            "cache4.example:11211",
        ],
    );
}

#[test]
fn dalli_vectors() {
    assert_vector(
        SystemId::Dalli,
        MEMCACHED_THREE,
        [
            "10.0.0.2:11211",
            "10.0.0.2:11211",
            "10.0.0.3:11211",
            "10.0.0.2:11211",
            "10.0.0.3:11211",
            "10.0.0.1:11211",
        ],
    );
    assert_vector(
        SystemId::Dalli,
        MEMCACHED_WEIGHTED,
        [
            "cache4.example:11211",
            "cache4.example:11211",
            "10.0.0.3:11213",
            "10.0.0.3:11213",
            "cache4.example:11211",
            "cache4.example:11211",
        ],
    );
}

#[test]
fn redis_rb_vectors() {
    assert_vector(
        SystemId::RedisRb,
        REDIS_THREE,
        [
            "127.0.0.1:6380",
            "127.0.0.1:6381",
            "127.0.0.1:6381",
            "127.0.0.1:6380",
            "127.0.0.1:6379",
            "127.0.0.1:6381",
        ],
    );
    assert_vector(
        SystemId::RedisRb,
        "redis-a:6379,redis-b:6379,10.1.0.7:7000,redis-d:6379,redis://10.1.0.8:6379/2",
        [
            "redis-d:6379",
            "redis-a:6379",
            "redis-a:6379",
            "10.1.0.7:7000",
            "redis-d:6379",
            "redis-b:6379",
        ],
    );
}

#[test]
fn predis_vectors() {
    assert_vector(
        SystemId::Predis,
        REDIS_THREE,
        [
            "127.0.0.1:6379",
            "127.0.0.1:6381",
            "127.0.0.1:6381",
            "127.0.0.1:6379",
            "127.0.0.1:6381",
            "127.0.0.1:6380",
        ],
    );
    assert_vector(
        SystemId::Predis,
        "redis-a:6379=3,redis-b:6379,10.1.0.7:7000=2,redis-d:6379",
        [
            "10.1.0.7:7000",
            "10.1.0.7:7000",
            "redis-d:6379",
            "redis-a:6379",
            "redis-a:6379",
            "redis-a:6379",
        ],
    );
}

#[test]
fn predis_ketama_vectors() {
    assert_vector(
        SystemId::PredisKetama,
        REDIS_THREE,
        [
            "127.0.0.1:6380",
            "127.0.0.1:6381",
            "127.0.0.1:6380",
            "127.0.0.1:6381",
            "127.0.0.1:6381",
            "127.0.0.1:6380",
        ],
    );
    assert_vector(
        SystemId::PredisKetama,
        "redis-a:6379=3,redis-b:6379,10.1.0.7:7000=2,redis-d:6379",
        [
            "redis-a:6379",
            "redis-a:6379",
            "10.1.0.7:7000",
            "redis-a:6379",
            "redis-d:6379",
            "redis-a:6379",
        ],
    );
}

/// The six systems of this file.
const CLIENTS: [SystemId; 6] = [
    SystemId::Libmemcached,
    SystemId::LibmemcachedConsistent,
    SystemId::Dalli,
    SystemId::RedisRb,
    SystemId::Predis,
    SystemId::PredisKetama,
];

#[test]
fn the_last_point_at_or_before_wraps_below_the_first_to_the_last() {
    let points = Points::new(vec![(100, 0), (200, 1), (300, 2)], Ties::LastWins).unwrap();
    for (h, owner) in [
        (0, 2),
        (99, 2),
        (100, 0),
        (101, 0),
        (199, 0),
        (200, 1),
        (299, 1),
        (300, 2),
        (u64::from(u32::MAX), 2),
    ] {
        assert_eq!(points.at_or_before(h), owner, "{h}");
    }
    // Equal points: the later owns them (redis-rb's and predis' arrays keep the last write).
    let shared = Points::new(vec![(100, 0), (200, 1), (200, 0), (300, 1)], Ties::LastWins).unwrap();
    assert_eq!(shared.at_or_before(250), 0);
    assert_eq!(shared.at_or_before(200), 0);
}

/// Every position around every point (and the ends of the space) placed by `rule` on
/// `points` and by the core's first-at-or-after ring of their picture: the same node.
fn assert_picture_places_as(points: &Points, rule: Rule, lookup: impl Fn(u64) -> NodeIndex) {
    let Picture::Ring { points: drawn, .. } = points.picture(32, rule) else {
        panic!("a ring");
    };
    let ring = SortedRing::new(drawn.to_vec(), 32, 8).unwrap();
    let top = u64::from(u32::MAX);
    let mut probes = vec![0, 1, top - 1, top];
    for &p in &points.positions {
        probes.extend([p.saturating_sub(1), p, (p + 1).min(top)]);
    }
    for h in probes {
        assert_eq!(ring.owner(h), lookup(h), "{h}");
    }
}

#[test]
fn the_picture_of_last_at_or_before_places_every_position_as_the_lookup() {
    for points in [
        vec![(100, 0), (200, 1), (300, 2)],
        vec![(0, 0), (200, 1), (u64::from(u32::MAX), 2)],
        vec![(0, 3), (5, 1), (5, 2), (6, 0), (1 << 31, 4)],
        vec![(77, 5)],
    ] {
        for ties in [Ties::FirstWins, Ties::LastWins] {
            let points = Points::new(points.clone(), ties).unwrap();
            assert_picture_places_as(&points, Rule::AtOrBefore, |h| points.at_or_before(h));
        }
    }
}

#[test]
fn each_clients_ring_is_drawn_as_it_places_keys() {
    // The lab places a key by the picture's ring: exactly where the system does, for keys
    // at, just below and just above points too (the lab test checks 20,000 keys).
    let keys: Vec<String> = (0..3000).map(|i| format!("k{i}:é")).collect();
    for system in CLIENTS {
        let nodes = match system.spec().weights {
            Weights::None => nodes("a:1,b,c:7000,[::1]"),
            Weights::Taken { .. } | Weights::Hundredths { .. } => nodes("a:1=3,b,c:7000=2,[::1]"),
        };
        let built = build(system, &nodes, &[]).unwrap();
        let Picture::Ring { points, .. } = built.picture() else {
            panic!("{}: a ring", system.id());
        };
        let ring = SortedRing::new(points.to_vec(), 32, 4).unwrap();
        for key in &keys {
            let position = built.position(key).unwrap();
            assert_eq!(
                ring.owner(position),
                built.locate(key).unwrap(),
                "{}: {key}",
                system.id()
            );
        }
    }
}

#[test]
fn libmemcached_consistent_switches_to_md5_points_on_a_weight_above_one() {
    let one = nodes("a,b,c");
    let heavy = nodes("a,b=2,c");
    let weighted = build(SystemId::Libmemcached, &heavy, &[]).unwrap();
    let consistent = build(SystemId::LibmemcachedConsistent, &heavy, &[]).unwrap();
    let weighted_points = weighted.picture();
    assert_eq!(consistent.picture(), weighted_points);
    // The keys keep one-at-a-time.
    let Picture::Ring { points, .. } = weighted_points else {
        panic!("a ring");
    };
    let ring = SortedRing::new(points.to_vec(), 32, 3).unwrap();
    for key in KEYS {
        let oaat = u64::from(libmemcached_one_at_a_time(key.as_bytes()));
        assert_eq!(consistent.position(key).unwrap(), oaat);
        assert_eq!(consistent.locate(key).unwrap(), ring.owner(oaat), "{key}");
    }
    // Weight 1 everywhere (written or not): 100 one-at-a-time points per server.
    let plain = build(SystemId::LibmemcachedConsistent, &one, &[]).unwrap();
    let Picture::Ring { points, .. } = plain.picture() else {
        panic!("a ring");
    };
    assert_eq!(points.len(), 300);
    assert!(points
        .iter()
        .any(|p| p.position == u64::from(libmemcached_one_at_a_time(b"a-0"))));
    let written = nodes("a=1,b=1,c=1");
    assert_eq!(
        build(SystemId::LibmemcachedConsistent, &written, &[])
            .unwrap()
            .picture(),
        plain.picture()
    );
}

#[test]
fn libmemcached_hashes_the_port_only_off_11211() {
    let at_default = build(SystemId::Libmemcached, &nodes("h:11211"), &[]).unwrap();
    let bare = build(SystemId::Libmemcached, &nodes("h"), &[]).unwrap();
    assert_eq!(at_default.picture(), bare.picture());
    let Picture::Ring { points, .. } = at_default.picture() else {
        panic!("a ring");
    };
    let first = crate::ketama::digest_points(b"h-0")[0];
    assert!(points.iter().any(|p| p.position == u64::from(first)));
    let other = build(SystemId::Libmemcached, &nodes("h:11212"), &[]).unwrap();
    let Picture::Ring { points, .. } = other.picture() else {
        panic!("a ring");
    };
    let first = crate::ketama::digest_points(b"h:11212-0")[0];
    assert!(points.iter().any(|p| p.position == u64::from(first)));
    // 160 points for one server: 40 digests.
    assert_eq!(points.len(), 160);
}

#[test]
fn keys_the_clients_cannot_take_are_refused() {
    let two = nodes("a,b");
    for system in [SystemId::Libmemcached, SystemId::LibmemcachedConsistent] {
        let built = build(system, &two, &[]).unwrap();
        assert!(built.locate("").is_err());
        assert!(built.locate(&"k".repeat(251)).is_err());
        assert!(built.locate(&"k".repeat(250)).is_ok());
        // 125 two-byte characters are 250 bytes; one more is too long.
        assert!(built.locate(&"é".repeat(125)).is_ok());
        assert!(built.locate(&"é".repeat(126)).is_err());
        // Spaces are fine: libmemcached verifies no characters unless told to.
        assert!(built.locate("a key").is_ok());
    }
    let dalli = build(SystemId::Dalli, &two, &[]).unwrap();
    assert_eq!(
        dalli.locate("").unwrap_err().to_string(),
        "dalli cannot take the key \"\": Dalli refuses a blank key"
    );
    // Over 250 characters Dalli hashes the truncated key.
    let long = "é".repeat(300);
    assert!(dalli.locate(&long).is_ok());
    for system in [SystemId::RedisRb, SystemId::Predis, SystemId::PredisKetama] {
        let built = build(system, &two, &[]).unwrap();
        assert!(built.locate("").is_ok(), "{}", system.id());
        assert!(built.locate(&long).is_ok(), "{}", system.id());
    }
}

#[test]
fn node_names_each_client_cannot_read_are_refused_in_one_line() {
    for system in CLIENTS {
        for bad in ["a:0", "a:65536", "::1", "a:b"] {
            let err = build(system, &nodes(&format!("ok,{bad}")), &[])
                .err()
                .unwrap_or_else(|| panic!("{}: {bad} accepted", system.id()));
            let SystemError::BadNodeName { name, .. } = &err else {
                panic!("{}: {bad}: {err}", system.id());
            };
            assert_eq!(name, bad);
            assert!(!err.to_string().contains('\n'));
            assert!(err.to_string().contains(bad), "{err}");
        }
    }
    assert_eq!(
        build(SystemId::RedisRb, &nodes("redis-a,a b"), &[])
            .err()
            .unwrap()
            .to_string(),
        "node \"a b\" is not a redis-rb node: redis-rb reads the node as a URL: its host has \
         letters, digits and -._~!$&'()*+,;= only (an IPv6 host in brackets)"
    );
    assert!(build(SystemId::RedisRb, &nodes("http://a"), &[]).is_err());
    // The lab words it from the system's entry and the name.
    let config = crate::Config::new(crate::Algorithm::new(SystemId::Predis.algo()));
    let lab = [crate::NodeSpec::new("a:99999", 100)];
    assert!(matches!(
        crate::build(&config, &lab),
        Err(crate::BuildError::SystemNodeName { ref name, .. }) if name == "a:99999"
    ));
}

#[test]
fn predis_hashes_the_connection_text_and_the_tag() {
    let built = build(SystemId::Predis, &nodes("h,h2:7000"), &[]).unwrap();
    let Picture::Ring { points, .. } = built.picture() else {
        panic!("a ring");
    };
    // The first point of `h` is crc32("h:6379:0"); drawn one below the next point, it is
    // enough that each node has 128 points.
    assert_eq!(points.len(), 256);
    assert_eq!(
        built.position("{user1}.x").unwrap(),
        u64::from(crate::hash::crc32(b"user1"))
    );
    assert_eq!(
        built.position("a{}b{c}").unwrap(),
        u64::from(crate::hash::crc32(b"a{}b{c}"))
    );
    assert_eq!(
        built.position("x{y}").unwrap(),
        u64::from(crate::hash::crc32(b"y"))
    );
    let ketama = build(SystemId::PredisKetama, &nodes("h"), &[]).unwrap();
    assert_eq!(
        ketama.position("x{y}").unwrap(),
        u64::from(crate::hash::md5_le32(b"y"))
    );
}

#[test]
fn redis_rb_hashes_only_a_leading_tag() {
    let built = build(SystemId::RedisRb, &nodes("a,b"), &[]).unwrap();
    assert_eq!(
        built.position("{user1}.x").unwrap(),
        u64::from(crate::hash::crc32(b"user1"))
    );
    assert_eq!(
        built.position("x{y}").unwrap(),
        u64::from(crate::hash::crc32(b"x{y}"))
    );
}

#[test]
fn redis_rb_gives_a_shared_point_to_the_later_node() {
    // Two names with one id: every point shared, all of them the later node's.
    let built = build(SystemId::RedisRb, &nodes("h,redis://h:6379/0"), &[]).unwrap();
    for key in KEYS {
        assert_eq!(built.locate(key).unwrap(), 1, "{key}");
    }
    // predis likewise: `h` and `h:6379` are one connection text.
    let built = build(SystemId::Predis, &nodes("h,h:6379"), &[]).unwrap();
    for key in KEYS {
        assert_eq!(built.locate(key).unwrap(), 1, "{key}");
    }
    let built = build(SystemId::PredisKetama, &nodes("h,h:6379"), &[]).unwrap();
    for key in KEYS {
        assert_eq!(built.locate(key).unwrap(), 1, "{key}");
    }
    // libmemcached sorts equal points by server index: the earlier server's.
    let built = build(SystemId::Libmemcached, &nodes("h,h:11211"), &[]).unwrap();
    for key in KEYS {
        assert_eq!(built.locate(key).unwrap(), 0, "{key}");
    }
}
