//! Fuzzing the core's entry points with arbitrary input: node lists with empty, blank,
//! repeated, over-long and hostile names, any weight and virtual-node count, and every
//! algorithm with parameters drawn from the edges of their ranges (0, 1, the limits, one
//! past them, `u32::MAX`, NaN, infinities). Nothing may panic; a build either fails with an
//! error whose message names the problem, or gives a placement whose invariants hold: the
//! shares sum to 1, every key goes to a node that exists, the picture names only those
//! nodes, and joins, leaves and removal checks answer without breaking.
//!
//! The suite runs a few hundred cases with a fixed seed; `PROPTEST_CASES=N` runs N cases
//! per target from a fresh seed.

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};

use ring_core::chord::ChordRing;
use ring_core::error::{
    validate_nodes, MAX_EPSILON, MAX_NAME_BYTES, MAX_NODES, MAX_SLOTS, MAX_TABLE_SIZE, MAX_VNODES,
    MAX_WEIGHT,
};
use ring_core::ketama::Weighting;
use ring_core::metrics::{self, format, Balance};
use ring_core::registry::AlgoId;
use ring_core::replication::{failover, preference_list};
use ring_core::ring::Naming;
use ring_core::{build, Algorithm, BuildError, Config, HashFn, NodeSpec, Picture, RingPoint};

/// `default` cases with a fixed seed, or `PROPTEST_CASES` cases from a fresh seed.
fn config(default: u32) -> ProptestConfig {
    let long = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok());
    ProptestConfig {
        cases: long.unwrap_or(default),
        rng_seed: if long.is_some() {
            RngSeed::Random
        } else {
            RngSeed::Fixed(0x6675_7a7a_696e_6721)
        },
        // The minimal failing input is printed; no regression files in the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Names people should not type but will: markup, quotes, bidi overrides, zero-width and
/// other invisible characters, emoji, names at and past the byte limit.
fn hostile_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("   ".to_string()),
        Just("\t\n".to_string()),
        Just("\u{200B}".to_string()),
        Just("\u{202E}\u{2066}".to_string()),
        Just("<script>alert(1)</script>".to_string()),
        Just("\"'`=cmd|' /C calc'!A0".to_string()),
        Just("a\u{202E}gnp.exe".to_string()),
        Just("🦀👩‍👩‍👧".to_string()),
        Just("é".repeat(MAX_NAME_BYTES / 2)),
        Just("x".repeat(MAX_NAME_BYTES)),
        Just("x".repeat(MAX_NAME_BYTES + 1)),
        Just("y".repeat(10_000)),
    ]
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        // Few distinct short names, so repeats are common.
        4 => "[a-d]{1,2}",
        3 => "[a-z0-9.:#-]{1,12}",
        2 => any::<String>(),
        2 => hostile_name(),
    ]
}

fn weight() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => 1u32..=400,
        1 => Just(0u32),
        1 => Just(MAX_WEIGHT),
        1 => Just(MAX_WEIGHT + 1),
        1 => Just(u32::MAX),
        1 => any::<u32>(),
    ]
}

fn vnodes() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => 1u32..=64,
        1 => Just(0u32),
        1 => Just(MAX_VNODES),
        1 => Just(MAX_VNODES + 1),
        1 => Just(u32::MAX),
        1 => any::<u32>(),
    ]
}

fn node() -> impl Strategy<Value = NodeSpec> {
    (name(), weight(), prop::option::weighted(0.3, vnodes())).prop_map(|(name, weight, vnodes)| {
        NodeSpec {
            name,
            weight,
            vnodes,
        }
    })
}

fn nodes() -> impl Strategy<Value = Vec<NodeSpec>> {
    prop::collection::vec(node(), 0..10)
}

fn epsilon() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => 0.01f64..=4.0,
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(-1.0),
        1 => Just(0.0),
        1 => Just(-0.0),
        1 => Just(f64::MIN_POSITIVE),
        1 => Just(MAX_EPSILON),
        1 => Just(MAX_EPSILON * (1.0 + f64::EPSILON)),
        1 => any::<f64>(),
    ]
}

fn slots() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => 1u32..=4096,
        1 => Just(0u32),
        1 => Just(16_384u32),
        1 => Just(MAX_SLOTS),
        1 => Just(MAX_SLOTS + 1),
        1 => Just(u32::MAX),
    ]
}

fn table_size() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => 0u32..=3000,
        1 => prop::sample::select(vec![2u32, 3, 5, 7, 97, 1021, 65_537]),
        1 => Just(100u32),
        1 => Just(MAX_TABLE_SIZE),
        1 => Just(MAX_TABLE_SIZE + 1),
        1 => Just(u32::MAX),
    ]
}

fn algorithm() -> impl Strategy<Value = Algorithm> {
    prop_oneof![
        Just(Algorithm::modulo()),
        Just(Algorithm::single_point()),
        prop::sample::select(Naming::ALL.to_vec()).prop_map(Algorithm::virtual_nodes),
        prop_oneof![
            3 => 0u32..=300,
            1 => Just(MAX_VNODES),
            1 => Just(u32::MAX),
            1 => any::<u32>(),
        ]
        .prop_map(Algorithm::go_zero),
        prop::sample::select(Weighting::ALL.to_vec()).prop_map(Algorithm::ketama_with),
        slots().prop_map(Algorithm::slot_table),
        Just(Algorithm::jump()),
        table_size().prop_map(Algorithm::maglev),
        Just(Algorithm::rendezvous()),
        epsilon().prop_map(Algorithm::bounded),
    ]
}

fn core_config() -> impl Strategy<Value = Config> {
    (
        algorithm(),
        prop::sample::select(HashFn::ALL.to_vec()),
        vnodes(),
    )
        .prop_map(|(algorithm, hash, default_vnodes)| Config {
            algorithm,
            hash,
            default_vnodes,
        })
}

fn keys() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            3 => "[a-z:0-9]{0,12}",
            2 => any::<String>(),
            1 => hostile_name(),
        ],
        0..24,
    )
}

/// Whether `config`'s own parameter (not the node list) is out of range: then the build
/// must fail even for valid nodes.
fn bad_parameter(config: &Config) -> bool {
    let a = &config.algorithm;
    let maglev_not_prime =
        a.id == AlgoId::Maglev && !ring_core::maglev::is_prime(a.params.whole(0));
    maglev_not_prime
        || a.spec()
            .params
            .iter()
            .enumerate()
            .any(|(i, p)| !p.accepts(a.params.get(i)))
}

fn check_picture(picture: &Picture, n: u32) -> Result<(), TestCaseError> {
    match picture {
        Picture::Ring { space_bits, points } => {
            prop_assert!((1..=64).contains(space_bits));
            prop_assert!(!points.is_empty());
            prop_assert!(points.windows(2).all(|w| w[0].position <= w[1].position));
            prop_assert!(points.iter().all(|p| p.owner < n));
            if *space_bits < 64 {
                prop_assert!(points.iter().all(|p| p.position >> space_bits == 0));
            }
        }
        Picture::Buckets { count } => prop_assert_eq!(*count, n),
        Picture::Table { entries } => {
            prop_assert!(!entries.is_empty());
            prop_assert!(entries.iter().all(|&e| e < n));
        }
        Picture::Scores { nodes } => prop_assert_eq!(*nodes, n),
        Picture::BucketSet { owners, removed } => {
            let owned: Vec<u32> = owners.iter().flatten().copied().collect();
            prop_assert_eq!(owned.len() as u32, n);
            prop_assert!(owned.iter().all(|&o| o < n));
            prop_assert!(removed
                .iter()
                .all(|&b| owners.get(b as usize) == Some(&None)));
        }
    }
    Ok(())
}

// The loads of owners the placement just gave must compute: unwrapping them is the check. A
// helper of an integration test is not test code to clippy's allow-unwrap-in-tests.
#[allow(clippy::unwrap_used)]
fn check_build(config: &Config, nodes: &[NodeSpec], keys: &[String]) -> Result<(), TestCaseError> {
    let valid = validate_nodes(nodes, config.default_vnodes);
    let built = build(config, nodes);
    let placement = match built {
        Err(e) => {
            // Every refusal is worded, and a node-list problem is reported as the node-list
            // check reports it.
            prop_assert!(!e.to_string().trim().is_empty());
            if let Err(first) = valid {
                prop_assert_eq!(e, first);
            }
            return Ok(());
        }
        Ok(p) => p,
    };
    prop_assert!(valid.is_ok(), "built over a node list the check refuses");
    prop_assert!(
        !bad_parameter(config),
        "built with a parameter out of range"
    );
    let n = placement.node_count();
    prop_assert_eq!(n as usize, nodes.len());

    let shares = placement.shares();
    prop_assert_eq!(shares.len(), nodes.len());
    prop_assert!(
        shares.iter().all(|s| s.is_finite() && *s >= 0.0),
        "{:?}",
        shares
    );
    let sum: f64 = shares.iter().sum();
    prop_assert!((sum - 1.0).abs() < 1e-9, "shares sum to {}", sum);

    let picture = placement.picture();
    check_picture(&picture, n)?;
    let _ = placement.memory_bytes();

    let bits = placement.space_bits();
    prop_assert!((1..=64).contains(&bits));
    for key in keys {
        let owner = placement.locate(key);
        prop_assert!(owner < n, "{:?} located to {} of {}", key, owner, n);
        let position = placement.key_position(key);
        if bits < 64 {
            prop_assert!(position >> bits == 0);
        }
        prop_assert_eq!(placement.locate_with_position(key, position), owner);
        let explained = placement.explain(key);
        prop_assert!(explained.owner() < n);
    }
    let owners = placement.assign(keys);
    prop_assert_eq!(owners.len(), keys.len());
    prop_assert!(owners.iter().all(|&o| o < n));
    let positions = placement.key_positions(keys);
    prop_assert_eq!(placement.assign_positions(keys, &positions), owners.clone());
    // Fewer positions than keys: the rest are hashed.
    let short = positions.get(..positions.len() / 2).unwrap_or(&[]);
    prop_assert_eq!(placement.assign_positions(keys, short), owners.clone());
    let loads = metrics::loads(&owners, n).unwrap();
    prop_assert_eq!(loads.iter().sum::<u64>(), keys.len() as u64);

    // Removal checks, leaves and joins answer for any index, in range or not.
    for index in [0, n.saturating_sub(1), n, u32::MAX] {
        let check = placement.check_removal(index);
        if index >= n {
            prop_assert!(check.is_err());
        }
        if let Some(Ok(left)) = placement.left(index) {
            prop_assert!(index < n);
            prop_assert_eq!(left.node_count(), n - 1);
            let sum: f64 = left.shares().iter().sum();
            prop_assert!((sum - 1.0).abs() < 1e-9);
        }
    }
    if let Some(first) = nodes.first() {
        for newcomer in [
            first.clone(),
            NodeSpec::new("fuzz-newcomer", 100),
            NodeSpec::new("", 0),
            NodeSpec::new("heavy", u32::MAX).with_vnodes(u32::MAX),
        ] {
            if let Some(Ok(joined)) = placement.joined(&newcomer) {
                prop_assert_eq!(joined.node_count(), n + 1);
                for key in keys {
                    prop_assert!(joined.locate(key) <= n);
                }
            }
        }
    }

    // A ring's points feed replication: any R, any key position, any failed node.
    let points = picture.ring_points();
    if !points.is_empty() {
        for key in keys.iter().take(4) {
            let position = placement.key_position(key);
            for r in [0, 1, 2, n, n + 1, u32::MAX] {
                match preference_list(points, position, r) {
                    Ok(list) => {
                        prop_assert_eq!(list.len(), r as usize);
                        prop_assert!(list.iter().all(|&o| o < n));
                    }
                    Err(e) => prop_assert!(!e.to_string().is_empty()),
                }
                for down in [0, n, u32::MAX] {
                    let _ = failover(points, position, r, down);
                }
            }
        }
    }
    Ok(())
}

fn point() -> impl Strategy<Value = RingPoint> {
    (any::<u64>(), 0u32..6, any::<u32>()).prop_map(|(position, owner, replica)| RingPoint {
        position,
        owner,
        replica,
    })
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn any_node_list_and_configuration_builds_or_is_refused(
        config in core_config(),
        nodes in nodes(),
        keys in keys(),
    ) {
        check_build(&config, &nodes, &keys)?;
    }

    #[test]
    fn valid_node_lists_build_unless_a_parameter_is_out_of_range(
        config in core_config(),
        nodes in prop::collection::btree_map("[a-z0-9]{1,8}", 1u32..=400, 1..8),
        keys in keys(),
    ) {
        let nodes: Vec<NodeSpec> = nodes.into_iter().map(|(n, w)| NodeSpec::new(n, w)).collect();
        let config = Config { default_vnodes: config.default_vnodes.clamp(1, 200), ..config };
        let built = build(&config, &nodes);
        // Maglev also refuses a table smaller than the node count.
        let small_table = config.algorithm.id == AlgoId::Maglev
            && (config.algorithm.params.whole(0) as usize) < nodes.len();
        let too_many_points = matches!(built, Err(BuildError::TooManyPoints { .. }));
        prop_assert_eq!(built.is_err(), bad_parameter(&config) || small_table || too_many_points, "{:?}", built.err());
        check_build(&config, &nodes, &keys)?;
    }

    #[test]
    fn preference_lists_over_any_points(
        mut points in prop::collection::vec(point(), 0..12),
        position in any::<u64>(),
        r in prop_oneof![0u32..8, Just(u32::MAX)],
        down in prop_oneof![0u32..8, Just(u32::MAX)],
    ) {
        points.sort_by_key(|p| p.position);
        match preference_list(&points, position, r) {
            Ok(list) => {
                prop_assert_eq!(list.len(), r as usize);
                let mut distinct = list.clone();
                distinct.sort_unstable();
                distinct.dedup();
                prop_assert_eq!(distinct.len(), list.len());
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        if let Ok(f) = failover(&points, position, r, down) {
            prop_assert!(!f.after.contains(&down));
        }
    }

    #[test]
    fn chord_rings_over_any_identifiers(
        ids in prop::collection::vec((any::<u64>(), 0u32..10), 0..10),
        bits in prop_oneof![0u32..=66, Just(u32::MAX)],
        start in prop_oneof![0u32..12, Just(u32::MAX)],
        key in any::<u64>(),
    ) {
        match ChordRing::new(&ids, bits) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(ring) => {
                let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
                let key = key & mask;
                let _ = ring.successor(key);
                let _ = ring.fingers(start);
                if let Ok(path) = ring.lookup_path(start, key) {
                    // A lookup takes at most one hop per bit, plus the last step.
                    prop_assert!(path.len() <= bits as usize + 1, "{} hops", path.len());
                }
                let _ = ring.successor(u64::MAX);
            }
        }
    }

    #[test]
    fn metrics_over_any_numbers(
        assignment in prop::collection::vec(0u32..12, 0..40),
        node_count in 0u32..10,
        values in prop::collection::vec(any::<f64>(), 0..10),
        counts in prop::collection::vec(any::<u64>(), 0..10),
        before in prop::collection::vec(0u32..5, 0..20),
        after in prop::collection::vec(0u32..5, 0..20),
        number in any::<f64>(),
        decimals in any::<u32>(),
        n in any::<u64>(),
    ) {
        if let Ok(loads) = metrics::loads(&assignment, node_count) {
            prop_assert_eq!(loads.iter().sum::<u64>(), assignment.len() as u64);
        }
        let _ = Balance::of(&values);
        let _ = Balance::of_counts(&counts);
        match metrics::diff(&before, &after) {
            Ok(moves) => {
                prop_assert_eq!(before.len(), after.len());
                let f = moves.fraction();
                prop_assert!(f.is_finite() && (0.0..=1.0).contains(&f));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        // The longest is f64::MAX: 309 digits, 102 commas, a sign, a point, 17 decimals.
        let text = format::decimal(number, decimals);
        prop_assert!(text.len() <= 430, "{} chars", text.len());
        let _ = format::percent(number, decimals);
        let _ = format::group_thousands(n);
    }
}

#[test]
fn the_node_count_limit_is_checked_before_any_work() {
    let nodes: Vec<NodeSpec> = (0..=MAX_NODES)
        .map(|i| NodeSpec::new(format!("n{i}"), 1))
        .collect();
    for algorithm in [Algorithm::rendezvous(), Algorithm::maglev(65_537)] {
        let e = build(&Config::new(algorithm), &nodes).err();
        assert_eq!(
            e,
            Some(BuildError::TooManyNodes {
                count: MAX_NODES + 1
            })
        );
    }
}

/// Found by the long fuzz run: a join computed the newcomer's points before checking the
/// ring's limit, so go-zero with a huge replica count asked for u32::MAX points (64 GB: the
/// allocation aborted the process), and a virtual-node ring built 100,000,000 points before
/// refusing them. Both now refuse at once.
#[test]
fn a_join_over_the_point_limit_is_refused_before_any_allocation() {
    let few = [NodeSpec::new("a", 100).with_vnodes(1)];
    // go-zero's replicas are refused above 10,000 when it is built, so no ring of go-zero
    // can ask a join for that many points any more.
    let huge = build(&Config::new(Algorithm::go_zero(u32::MAX)), &few);
    assert!(matches!(
        huge,
        Err(BuildError::BadVnodes {
            name: None,
            vnodes: u32::MAX
        })
    ));
    let ring = build(
        &Config::new(Algorithm::virtual_nodes(Naming::Hash)),
        &[NodeSpec::new("a", 100)],
    )
    .unwrap();
    let heavy = NodeSpec::new("b", MAX_WEIGHT).with_vnodes(MAX_VNODES);
    let started = std::time::Instant::now();
    assert!(matches!(
        ring.joined(&heavy),
        Some(Err(BuildError::TooManyPoints { points })) if points == 100 + 100_000_000
    ));
    assert!(
        started.elapsed().as_secs() < 1,
        "the refusal came after the work"
    );
}
