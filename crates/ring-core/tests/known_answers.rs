//! The facts of `crates/ring-core/tests/data/known-answers.md` that fit in a quick test, run natively
//! and again under wasm32 (`cargo test -p ring-core --target wasm32-unknown-unknown --test
//! known_answers`, in Node.js): the core must give the same answers on both.

// Under wasm32 the `#[test]` attribute below is wasm-bindgen-test's, so the same functions
// run in Node.js; natively it is the ordinary one.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ring_core::ketama::Weighting;
use ring_core::system_hash::SystemHash;
use ring_core::{build, jump, Algorithm, Config, HashFn, NodeSpec, Placement};

fn nodes(names: &[&str]) -> Vec<NodeSpec> {
    names.iter().map(|n| NodeSpec::new(*n, 100)).collect()
}

fn built(algorithm: Algorithm, nodes: &[NodeSpec]) -> Box<dyn Placement> {
    match build(&Config::new(algorithm), nodes) {
        Ok(p) => p,
        Err(e) => unreachable!("known-answer cluster must build: {e}"),
    }
}

#[test]
fn hash_table() {
    let md5 = [
        ("26", 3979113294u64),
        ("1404", 2065000984),
        ("4177", 1125759251),
        ("9315", 3302915307),
        ("14745", 2580083742),
        ("105106", 3986458246),
        ("355107", 3611074310),
        ("test", 3446378249),
    ];
    for (key, want) in md5 {
        assert_eq!(HashFn::Md5.hash_str(key), want, "md5 {key}");
    }
    assert_eq!(HashFn::Murmur3_64.hash_str("hello"), 0xcbd8a7b341bd9b02);
    assert_eq!(HashFn::Fnv1_32.hash_str(" "), 0x050c5d3f);
    assert_eq!(HashFn::Fnv1a_32.hash_str("hello world!"), 0xb034fff2);
    assert_eq!(
        HashFn::Fnv1a_64.hash_str("hello world!") & 0xffff_ffff,
        0xcd5a2672
    );
    assert_eq!(HashFn::Crc32Memcached.hash_str("Test1"), 19315);
    assert_eq!(HashFn::Crc32Memcached.hash_str("UDATA:edevil@sapo.pt"), 558);
    assert_eq!(HashFn::JavaString.hash_str("hello"), 99162322);
    assert_eq!(HashFn::Murmur3_32.hash_str("hello"), 0x248b_fa47);
}

/// The real systems' hashes over the keys of known-answers.md's sample tables ("Real
/// systems"). Most come from crates with code for each CPU (SHA extensions, CRC
/// instructions); this table holds them to one answer on every target.
#[test]
fn system_hash_table() {
    const KEYS: [&str; 5] = [
        "user:1:abc",
        "user:2:xyz",
        "user:42:q",
        "{user1000}.following",
        "hello",
    ];
    let table: [(SystemHash, &str); 6] = [
        (SystemHash::Xxh64, "6131898928239060236 12320028525053468179 9048756583638980473 13256074243365231412 2794345569481354659"),
        (SystemHash::Crc32Ieee, "3043722127 744555258 1343924787 1980515311 907060870"),
        (SystemHash::Crc16Xmodem, "27727 1022 9082 28602 50018"),
        (SystemHash::Crc32c, "4120833152 2932149062 1313740615 2226506339 2591144780"),
        (SystemHash::Sdbm, "1464726058 2795813762 171120932 2343782939 684824882"),
        (SystemHash::CassandraMurmur3, "8008439391813412832 8316457552871126051 -8408107691648794006 -7247601525716410192 -3758069500696749310"),
    ];
    for (hash, want) in table {
        let got: Vec<String> = KEYS
            .iter()
            .map(|k| hash.hash(k.as_bytes()).to_string())
            .collect();
        assert_eq!(got.join(" "), want, "{}", hash.id());
    }
    // FIPS 180's two-block message (56 bytes: the length no longer fits the first block).
    let digest = ring_core::sha1::sha1(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq");
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

#[test]
fn jump_table() {
    let rows = [
        (1u64, 1u32, 0u32),
        (42, 57, 43),
        (0xDEAD10CC, 1, 0),
        (0xDEAD10CC, 666, 361),
        (256, 1024, 520),
        (123456, 1000, 984),
    ];
    for (key, buckets, want) in rows {
        assert_eq!(
            jump::jump_hash(key, buckets),
            want,
            "jump({key}, {buckets})"
        );
    }
}

#[test]
fn libketama_two_servers() {
    let cluster = vec![
        NodeSpec::new("127.0.0.1:11211", 600),
        NodeSpec::new("127.0.0.1:11212", 400),
    ];
    let ketama = built(Algorithm::ketama(), &cluster);
    assert_eq!(ketama.picture().ring_points().len(), 320);
    assert_eq!(ketama.locate("test"), 0);
    match ketama.explain("test") {
        ring_core::Explanation::RingWalk { point, .. } => {
            let points = ketama.picture();
            assert_eq!(points.ring_points()[point as usize].position, 3454255383);
        }
        other => unreachable!("ketama explains a ring walk, not {other:?}"),
    }
}

#[test]
fn libketama_test_sh_point_count() {
    let weights = [600, 300, 200, 350, 1000, 800, 950, 100];
    let cluster: Vec<NodeSpec> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| NodeSpec::new(format!("10.0.1.{}:11211", i + 1), w))
        .collect();
    let ketama = built(Algorithm::ketama(), &cluster);
    assert_eq!(ketama.picture().ring_points().len(), 1264);
}

#[test]
fn java_client_ketama() {
    let java = Algorithm::ketama_with(Weighting::JavaClient);
    let four = built(
        java.clone(),
        &nodes(&[
            "127.0.0.1:10000",
            "127.0.0.1:10001",
            "127.0.0.1:10002",
            "127.0.0.1:10003",
        ]),
    );
    assert_eq!(four.locate("dustin"), 0);
    assert_eq!(four.locate("noelani"), 2);
    assert_eq!(four.locate("some other key"), 0);
    let picture = four.picture();
    let points = picture.ring_points();
    assert_eq!(points.last().map(|p| p.position), Some(4294887009));
    for key in ["V5XS8C8N", "8KR2DKR2", "L9KH6X4X"] {
        assert!(
            four.key_position(key) > 4294887009,
            "{key} hashes past the last point"
        );
        assert_eq!(
            four.locate(key),
            3,
            "{key} wraps to the first point, server 3's"
        );
    }
    assert_eq!(points[0].owner, 3);

    let five = built(
        java.clone(),
        &nodes(&[
            "127.0.0.1:10000",
            "127.0.0.1:10001",
            "127.0.0.1:10002",
            "127.0.0.1:10003",
            "127.0.0.1:10004",
        ]),
    );
    for (key, want) in [
        ("36", 2),
        ("10037", 3),
        ("22051", 1),
        ("49044", 4),
        ("some other key", 4),
    ] {
        assert_eq!(five.locate(key), want, "5 servers, key {key}");
    }

    let names: Vec<String> = (1..=8).map(|i| format!("10.0.1.{i}:11211")).collect();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let eight = built(java, &nodes(&name_refs));
    // ".1" is server 0, ".7" server 6, and so on.
    for (key, server) in [
        ("0", 1),
        ("233", 7),
        ("466", 3),
        ("137470", 2),
        ("999803", 4),
    ] {
        assert_eq!(eight.locate(key), server - 1, "8 servers, key {key}");
    }
}

#[test]
fn go_zero_ring() {
    let names: Vec<String> = (0..20).map(|i| format!("localhost:{i}")).collect();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let ring = built(Algorithm::go_zero(100), &nodes(&name_refs));
    let want = [15, 16, 14, 3, 10, 19, 3, 16, 17, 5];
    for (i, &node) in want.iter().enumerate() {
        let key = (1000 + i).to_string();
        assert_eq!(ring.locate(&key), node, "go-zero key {key}");
    }
}

/// Round two's real systems (known-answers.md, "Real systems, round two"), one node list
/// each, so that their hashes' framing (Kafka's murmur2, Hazelcast's signed murmur3 of the
/// serialized key, pymemcache's code points, Caddy's FNV-1a) gives the same answers under
/// wasm32. Every vector is in `src/systems/client_tests.rs`.
#[test]
fn round_two_systems() {
    use ring_core::systems::{self, SystemId, SystemNode};
    const KEYS: [&str; 6] = [
        "user:0:gjj",
        "ключ-1",
        "键/2",
        "{user168}.following",
        "tfbf._=u~j",
        "κλειδί:5:κλειδί",
    ];
    let partitions = |n: usize| (0..n).map(|i| format!("p{i}")).collect::<Vec<_>>();
    let table: [(SystemId, Vec<String>, &str); 5] = [
        (SystemId::Kafka, partitions(6), "p2 p3 p0 p5 p1 p5"),
        (SystemId::Librdkafka, partitions(6), "p3 p3 p1 p5 p4 p1"),
        (SystemId::Hazelcast, partitions(7), "p1 p5 p3 p3 p0 p3"),
        (
            SystemId::Pymemcache,
            ["10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11211"].map(String::from).to_vec(),
            "10.0.0.2:11211 10.0.0.3:11211 10.0.0.2:11211 10.0.0.3:11211 10.0.0.2:11211 10.0.0.3:11211",
        ),
        (
            SystemId::Caddy,
            ["127.0.0.1:28081", "127.0.0.1:28082", "127.0.0.1:28083"].map(String::from).to_vec(),
            "127.0.0.1:28083 127.0.0.1:28083 127.0.0.1:28083 127.0.0.1:28081 127.0.0.1:28082 127.0.0.1:28082",
        ),
    ];
    for (system, names, want) in table {
        let nodes: Vec<SystemNode> = names.iter().map(SystemNode::new).collect();
        let Ok(built) = systems::build(system, &nodes, &[]) else {
            unreachable!("{} must build", system.id());
        };
        let got: Vec<&str> = KEYS
            .iter()
            .map(|k| match built.locate(k) {
                Ok(i) => names[i as usize].as_str(),
                Err(e) => unreachable!("{e}"),
            })
            .collect();
        assert_eq!(got.join(" "), want, "{}", system.id());
    }
    // Hazelcast's Integer.MIN_VALUE key: 2^31 mod 271 under the Python client's rule.
    assert_eq!(systems::hazelcast_partition("hkpyS*,<", 271), 245);
}
