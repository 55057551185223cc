//! The fast paths against the slow definitions they replace:
//!
//! - the ring's radix-indexed lookup against `partition_point` over the sorted points;
//! - placing keys from cached positions against hashing every key again;
//! - a join or leave merged into a ring against a rebuild from the new node list;
//! - the arc-by-arc diff against `metrics::diff` over two full assignments.

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};

use ring_core::delta::{ring_delta, DeltaError, KeyPositions};
use ring_core::ketama::Weighting;
use ring_core::metrics;
use ring_core::ring::{Naming, Ring, SortedRing};
use ring_core::{build, Algorithm, Config, HashFn, NodeIndex, NodeSpec, Placement, RingPoint};

fn proptest_config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x6661_7374_7061_7468),
        // The fixed seed reproduces any failure; no regression files in the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// The lookup index.

/// The definition the index must reproduce.
fn slow_successor(points: &[RingPoint], position: u64) -> usize {
    points.partition_point(|p| p.position < position)
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Rings of 1 to 3000 points in a space of `bits` bits. `squeeze` shifts positions right
/// (so the top of the space is empty and the index's upper buckets hold nothing) and
/// `pool` draws positions from a small set (so many points share a position).
fn ring_points() -> impl Strategy<Value = (u32, Vec<u64>)> {
    (
        prop::sample::select(vec![1u32, 8, 15, 32, 64]),
        0u32..12,
        prop::option::of(1usize..40),
        prop::collection::vec(any::<u64>(), 1..3000),
    )
        .prop_map(|(bits, squeeze, pool, raw)| {
            let positions = raw
                .iter()
                .map(|&r| {
                    let r = match pool {
                        Some(k) => raw[(r % k as u64) as usize % raw.len()],
                        None => r,
                    };
                    (r & mask(bits)) >> squeeze.min(bits.saturating_sub(1))
                })
                .collect();
            (bits, positions)
        })
}

proptest! {
    #![proptest_config(proptest_config(300))]

    #[test]
    fn indexed_lookup_is_partition_point(
        (bits, positions) in ring_points(),
        queries in prop::collection::vec(any::<u64>(), 1..200),
    ) {
        let points: Vec<RingPoint> = positions
            .iter()
            .enumerate()
            .map(|(i, &position)| RingPoint { position, owner: (i % 7) as u32, replica: i as u32 })
            .collect();
        let ring = SortedRing::new(points, bits, 7).unwrap();
        let sorted = ring.points();
        // Every point's position, one below and one above it, the ends of the space, and
        // random positions inside and outside it.
        let mut probes: Vec<u64> = vec![0, mask(bits), u64::MAX];
        for p in sorted.iter().step_by(7) {
            probes.extend([p.position, p.position.wrapping_sub(1), p.position.wrapping_add(1)]);
        }
        probes.extend(queries.iter().map(|&q| q & mask(bits)));
        probes.extend(queries.iter().copied());
        for q in probes {
            let want = slow_successor(sorted, q);
            prop_assert_eq!(ring.successor_index(q), want, "position {}", q);
            let (point, wrapped) = ring.successor(q);
            prop_assert_eq!(wrapped, want == sorted.len());
            prop_assert_eq!(point as usize, if wrapped { 0 } else { want });
            let owner = sorted.get(want).unwrap_or(&sorted[0]).owner;
            prop_assert_eq!(ring.owner(q), owner);
        }
    }
}

#[test]
fn every_point_on_one_position_and_a_lone_point() {
    let stacked: Vec<RingPoint> = (0..5000)
        .map(|i| RingPoint {
            position: 77,
            owner: i % 3,
            replica: i,
        })
        .collect();
    let ring = SortedRing::new(stacked, 15, 3).unwrap();
    assert_eq!(ring.successor(0), (0, false));
    assert_eq!(ring.successor(77), (0, false));
    assert_eq!(ring.successor(78), (0, true));
    let lone = SortedRing::new(
        vec![RingPoint {
            position: u64::MAX,
            owner: 0,
            replica: 0,
        }],
        64,
        1,
    )
    .unwrap();
    assert_eq!(lone.successor(u64::MAX), (0, false));
    assert_eq!(lone.successor(0), (0, false));
}

// ---------------------------------------------------------------------------------------
// Inputs shared by the other properties.

fn name() -> impl Strategy<Value = String> {
    // '#' and '-' on purpose: the naming schemes join names and numbers with them, so some
    // virtual-node names of different nodes coincide and their points tie.
    "[a-z0-9.:#-]{1,8}"
}

/// Distinct names with weights and, sometimes, their own virtual-node counts.
fn cluster(max: usize) -> impl Strategy<Value = Vec<NodeSpec>> {
    prop::collection::vec(
        (name(), 1u32..400, prop::option::weighted(0.3, 1u32..30)),
        1..=max,
    )
    .prop_map(|raw| {
        let mut seen = std::collections::HashSet::new();
        raw.into_iter()
            .filter(|(n, _, _)| seen.insert(n.clone()))
            .map(|(n, w, v)| NodeSpec {
                name: n,
                weight: w,
                vnodes: v,
            })
            .collect()
    })
}

fn keys(max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec("[a-z0-9:]{0,12}", 0..=max)
}

fn virtual_ring(naming: Naming, hash: HashFn) -> Config {
    Config::new(Algorithm::virtual_nodes(naming))
        .with_hash(hash)
        .with_vnodes(12)
}

/// Every algorithm, rings with several hashes (the 15-bit CRC makes points collide).
fn every_config() -> Vec<Config> {
    vec![
        Config::new(Algorithm::modulo()),
        Config::new(Algorithm::single_point()).with_hash(HashFn::Crc32Memcached),
        Config::new(Algorithm::single_point()).with_hash(HashFn::JavaMd5Hex),
        virtual_ring(Naming::Hash, HashFn::Murmur3_64),
        virtual_ring(Naming::Dash, HashFn::Crc32Memcached),
        virtual_ring(Naming::JavaSeed, HashFn::JavaMd5Hex),
        Config::new(Algorithm::go_zero(100)),
        Config::new(Algorithm::ketama_with(Weighting::Libketama)),
        Config::new(Algorithm::ketama_with(Weighting::JavaClient)),
        Config::new(Algorithm::slot_table(64)),
        Config::new(Algorithm::jump()),
        Config::new(Algorithm::maglev(97)),
        Config::new(Algorithm::rendezvous()).with_hash(HashFn::Fnv1a_64),
        Config::new(Algorithm::bounded(0.2)).with_vnodes(10),
    ]
}

/// The configurations whose joins and leaves merge: every ring except ketama, whose point
/// counts depend on every node's weight.
fn merging_configs() -> Vec<Config> {
    vec![
        Config::new(Algorithm::single_point()).with_hash(HashFn::Crc32Memcached),
        Config::new(Algorithm::single_point()).with_hash(HashFn::Md5),
        virtual_ring(Naming::Hash, HashFn::Murmur3_64),
        virtual_ring(Naming::Dash, HashFn::Crc32Memcached),
        virtual_ring(Naming::JavaSeed, HashFn::JavaMd5Hex),
        virtual_ring(Naming::Hash, HashFn::Fnv1a_32),
        Config::new(Algorithm::go_zero(100)),
        Config::new(Algorithm::bounded(0.2)).with_vnodes(10),
    ]
}

// ---------------------------------------------------------------------------------------
// Cached positions.

proptest! {
    #![proptest_config(proptest_config(40))]

    #[test]
    fn cached_positions_place_keys_as_hashing_does(nodes in cluster(6), keys in keys(60)) {
        for config in every_config() {
            let Ok(p) = build(&config, &nodes) else { continue };
            let positions = p.key_positions(&keys);
            prop_assert_eq!(positions.len(), keys.len());
            prop_assert_eq!(p.assign_positions(&keys, &positions), p.assign(&keys), "{:?}", config);
            // Too few positions: the rest are hashed.
            let half = &positions[..positions.len() / 2];
            prop_assert_eq!(p.assign_positions(&keys, half), p.assign(&keys), "{:?}", config);
            for (key, &position) in keys.iter().zip(&positions) {
                prop_assert_eq!(position, p.key_position(key));
                prop_assert_eq!(p.locate_with_position(key, position), p.locate(key), "{:?}", config);
                if let Some(owner) = p.locate_position(position) {
                    prop_assert_eq!(owner, p.locate(key), "{:?} {}", config, key);
                }
            }
        }
    }
}

/// go-zero's shared position: "1002" lands where "localhost:1" + "44" and "localhost:14" +
/// "4" both put a point (known-answers.md), so the position alone cannot say which.
#[test]
fn go_zero_needs_the_key_on_a_shared_position() {
    let nodes: Vec<NodeSpec> = (0..20)
        .map(|i| NodeSpec::new(format!("localhost:{i}"), 100))
        .collect();
    let ring = build(&Config::new(Algorithm::go_zero(100)), &nodes).unwrap();
    let shared = ring.key_position("1002");
    assert_eq!(ring.locate_position(shared), None);
    assert_eq!(ring.locate_with_position("1002", shared), 14);
    let lone = ring.key_position("1000");
    assert_eq!(ring.locate_position(lone), Some(15));
}

// ---------------------------------------------------------------------------------------
// Merged joins and leaves.

fn same_placement(a: &dyn Placement, b: &dyn Placement, keys: &[String]) -> bool {
    a.node_count() == b.node_count()
        && a.picture() == b.picture()
        && a.shares() == b.shares()
        && a.assign(keys) == b.assign(keys)
}

proptest! {
    #![proptest_config(proptest_config(40))]

    #[test]
    fn a_merged_join_is_a_rebuild(nodes in cluster(6), newcomer in cluster(1), keys in keys(40)) {
        let newcomer = &newcomer[0];
        prop_assume!(nodes.iter().all(|n| n.name != newcomer.name));
        let mut after = nodes.clone();
        after.push(newcomer.clone());
        for config in merging_configs() {
            let before = build(&config, &nodes).unwrap();
            let joined = before.joined(newcomer).expect("rings merge").unwrap();
            let rebuilt = build(&config, &after).unwrap();
            prop_assert!(same_placement(joined.as_ref(), rebuilt.as_ref(), &keys), "{:?}", config);
        }
    }

    #[test]
    fn a_filtered_leave_is_a_rebuild(nodes in cluster(6), leaver in any::<Index>(), keys in keys(40)) {
        let k = leaver.index(nodes.len());
        let mut after = nodes.clone();
        after.remove(k);
        for config in merging_configs() {
            let before = build(&config, &nodes).unwrap();
            let left = before.left(k as NodeIndex).expect("rings filter");
            if after.is_empty() {
                prop_assert!(left.is_err());
                continue;
            }
            let rebuilt = build(&config, &after).unwrap();
            prop_assert!(same_placement(left.unwrap().as_ref(), rebuilt.as_ref(), &keys), "{:?}", config);
        }
    }
}

#[test]
fn merged_rings_equal_rebuilt_ones_field_for_field() {
    let nodes: Vec<NodeSpec> = (0..30)
        .map(|i| NodeSpec::new(format!("10.0.0.{i}"), 50 + 10 * i))
        .collect();
    for naming in Naming::ALL {
        let ring = Ring::virtual_nodes(&nodes[..29], HashFn::Md5, naming, 40).unwrap();
        let joined = ring.with_joined(&nodes[29]).unwrap();
        let rebuilt = Ring::virtual_nodes(&nodes, HashFn::Md5, naming, 40).unwrap();
        assert_eq!(joined, rebuilt, "{naming:?}");
        let left = rebuilt.with_left(3).unwrap();
        let mut fewer = nodes.clone();
        fewer.remove(3);
        assert_eq!(
            left,
            Ring::virtual_nodes(&fewer, HashFn::Md5, naming, 40).unwrap()
        );
    }
    let one = Ring::single_point(&nodes[..1], HashFn::Md5).unwrap();
    assert!(one.with_left(0).is_err(), "the last node cannot leave");
    assert!(one.with_left(1).is_err(), "no such node");
    assert!(
        one.with_joined(&NodeSpec::new("", 100)).is_err(),
        "an empty name"
    );
}

/// A newcomer whose points fall on positions already held goes after the points already
/// there, as it does in a rebuild where it is listed last: go-zero's "a" + "1x" and
/// "a1" + "x" coincide, and so do two names under the 15-bit CRC.
#[test]
fn a_newcomer_on_a_held_position_goes_after_the_points_there() {
    let keys: Vec<String> = (0..5000).map(|i| format!("k{i}")).collect();
    let go_zero = Config::new(Algorithm::go_zero(100));
    for (first, second) in [("a", "a1"), ("a1", "a")] {
        let nodes = [NodeSpec::new(first, 100), NodeSpec::new("b", 100)];
        let newcomer = NodeSpec::new(second, 100);
        let joined = build(&go_zero, &nodes)
            .unwrap()
            .joined(&newcomer)
            .unwrap()
            .unwrap();
        let rebuilt = build(&go_zero, &[nodes[0].clone(), nodes[1].clone(), newcomer]).unwrap();
        let shared = rebuilt
            .picture()
            .ring_points()
            .windows(2)
            .filter(|w| w[0].position == w[1].position)
            .count();
        assert_eq!(shared, 10, "a10 .. a19 are held twice");
        assert!(same_placement(joined.as_ref(), rebuilt.as_ref(), &keys));
    }
    // Two names on one 15-bit CRC position.
    let mut seen = std::collections::HashMap::new();
    let (a, b) = (0..100_000)
        .find_map(|i| {
            let name = format!("n{i}");
            let h = HashFn::Crc32Memcached.hash_str(&name);
            seen.insert(h, name.clone()).map(|first| (first, name))
        })
        .unwrap();
    let single = Config::new(Algorithm::single_point()).with_hash(HashFn::Crc32Memcached);
    let nodes = [NodeSpec::new(a, 1)];
    let joined = build(&single, &nodes)
        .unwrap()
        .joined(&NodeSpec::new(b.clone(), 1))
        .unwrap()
        .unwrap();
    let rebuilt = build(&single, &[nodes[0].clone(), NodeSpec::new(b, 1)]).unwrap();
    assert_eq!(
        joined.picture().ring_points()[0].owner,
        0,
        "the first listed wins"
    );
    assert!(same_placement(joined.as_ref(), rebuilt.as_ref(), &keys));
}

#[test]
fn algorithms_without_a_merge_say_so() {
    let nodes = vec![NodeSpec::new("a", 100), NodeSpec::new("b", 100)];
    for config in [
        Config::new(Algorithm::modulo()),
        Config::new(Algorithm::ketama()),
        Config::new(Algorithm::jump()),
        Config::new(Algorithm::slot_table(16)),
    ] {
        let p = build(&config, &nodes).unwrap();
        assert!(p.joined(&NodeSpec::new("c", 100)).is_none(), "{config:?}");
        assert!(p.left(0).is_none(), "{config:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The arc-by-arc diff.

/// The configurations `ring_delta` compares: every ring whose points alone decide.
fn delta_configs() -> Vec<Config> {
    vec![
        Config::new(Algorithm::single_point()).with_hash(HashFn::Crc32Memcached),
        virtual_ring(Naming::Hash, HashFn::Murmur3_64),
        virtual_ring(Naming::Dash, HashFn::Crc32Memcached),
        virtual_ring(Naming::JavaSeed, HashFn::JavaMd5Hex),
        Config::new(Algorithm::go_zero(100)),
        // Unequal weights re-count every node's points: the delta must still be exact.
        Config::new(Algorithm::ketama_with(Weighting::Libketama)),
        Config::new(Algorithm::ketama_with(Weighting::JavaClient)),
    ]
}

fn labelled(assignment: &[NodeIndex], labels: &[u32]) -> Vec<u32> {
    assignment.iter().map(|&o| labels[o as usize]).collect()
}

/// Checks `ring_delta` between `before` and `after` against the full diff, and its loads
/// and applied assignment against the full assignment after.
// A failed build or diff fails the property loudly. A helper of an integration test is not
// test code to clippy's allow-unwrap-in-tests (clippy.toml), so it keeps the allow.
#[allow(clippy::unwrap_used)]
fn check_delta(
    config: &Config,
    before_nodes: &[NodeSpec],
    before_labels: &[u32],
    after_nodes: &[NodeSpec],
    after_labels: &[u32],
    keys: &[String],
) -> Result<(), TestCaseError> {
    let before = build(config, before_nodes).unwrap();
    let after = build(config, after_nodes).unwrap();
    let cache = KeyPositions::of(before.as_ref(), keys);
    let delta = ring_delta(
        before.as_ref(),
        before_labels,
        after.as_ref(),
        after_labels,
        keys,
        &cache,
    )
    .unwrap();
    let old = labelled(&before.assign(keys), before_labels);
    let new = labelled(&after.assign(keys), after_labels);
    let full = metrics::diff(&old, &new).unwrap();
    prop_assert_eq!(&delta.moves, &full, "{:?}", config);
    prop_assert!(delta.examined <= keys.len() as u64);
    let mut applied = old.clone();
    delta.apply(&mut applied);
    prop_assert_eq!(&applied, &new);
    let loads_before = metrics::loads(&before.assign(keys), before.node_count()).unwrap();
    let loads_after = metrics::loads(&after.assign(keys), after.node_count()).unwrap();
    prop_assert_eq!(
        delta.loads_after(&loads_before, before_labels, after_labels),
        loads_after
    );
    Ok(())
}

use proptest::test_runner::TestCaseError;

proptest! {
    #![proptest_config(proptest_config(40))]

    #[test]
    fn the_delta_of_a_join_is_the_full_diff(
        nodes in cluster(6),
        newcomer in cluster(1),
        keys in keys(80),
    ) {
        let newcomer = &newcomer[0];
        prop_assume!(nodes.iter().all(|n| n.name != newcomer.name));
        let mut after = nodes.clone();
        after.push(newcomer.clone());
        // Labels far from the indices, so that a mix-up of the two shows.
        let labels: Vec<u32> = (0..after.len() as u32).map(|i| 1000 + 7 * i).collect();
        for config in delta_configs() {
            check_delta(&config, &nodes, &labels[..nodes.len()], &after, &labels, &keys)?;
        }
    }

    #[test]
    fn the_delta_of_a_leave_is_the_full_diff(
        nodes in cluster(6),
        leaver in any::<Index>(),
        keys in keys(80),
    ) {
        prop_assume!(nodes.len() > 1);
        let k = leaver.index(nodes.len());
        let labels: Vec<u32> = (0..nodes.len() as u32).map(|i| 1000 + 7 * i).collect();
        let mut after = nodes.clone();
        after.remove(k);
        let mut after_labels = labels.clone();
        after_labels.remove(k);
        for config in delta_configs() {
            check_delta(&config, &nodes, &labels, &after, &after_labels, &keys)?;
        }
    }
}

/// Names that run into each other share go-zero positions ("a1" + "0" = "a" + "10"), so
/// keys on them are split by the second hash; when one sharer leaves, keys can move between
/// the others. The delta must see those too.
#[test]
fn go_zero_delta_with_shared_positions() {
    let nodes: Vec<NodeSpec> = ["a", "a1", "a10", "a2", "b"]
        .iter()
        .map(|n| NodeSpec::new(*n, 100))
        .collect();
    let keys: Vec<String> = (0..20_000).map(|i| format!("k{i}")).collect();
    let labels: Vec<u32> = (0..5).collect();
    let config = Config::new(Algorithm::go_zero(100));
    for k in 0..5 {
        let mut after = nodes.clone();
        after.remove(k);
        let mut after_labels = labels.clone();
        after_labels.remove(k);
        check_delta(&config, &nodes, &labels, &after, &after_labels, &keys).unwrap();
    }
}

#[test]
fn delta_refuses_what_it_cannot_compare() {
    let nodes = vec![NodeSpec::new("a", 100), NodeSpec::new("b", 100)];
    let keys = vec!["x".to_string(), "y".to_string()];
    let bounded = build(&Config::new(Algorithm::bounded(0.5)), &nodes).unwrap();
    let ring = build(&Config::new(Algorithm::ketama()), &nodes).unwrap();
    let cache = KeyPositions::of(ring.as_ref(), &keys);
    let labels = [0, 1];
    assert_eq!(
        ring_delta(
            bounded.as_ref(),
            &labels,
            bounded.as_ref(),
            &labels,
            &keys,
            &cache
        ),
        Err(DeltaError::NotARing)
    );
    assert!(matches!(
        ring_delta(
            ring.as_ref(),
            &labels[..1],
            ring.as_ref(),
            &labels,
            &keys,
            &cache
        ),
        Err(DeltaError::LabelCount {
            labels: 1,
            nodes: 2
        })
    ));
    assert!(matches!(
        ring_delta(
            ring.as_ref(),
            &labels,
            ring.as_ref(),
            &labels,
            &keys[..1],
            &cache
        ),
        Err(DeltaError::KeyCount { .. })
    ));
    // The same ring twice: nothing changed, nothing examined.
    let same = ring_delta(
        ring.as_ref(),
        &labels,
        ring.as_ref(),
        &labels,
        &keys,
        &cache,
    )
    .unwrap();
    assert_eq!((same.moves.moved, same.examined), (0, 0));
}

/// A join of one node with 100 points into 100 x 100 re-examines about 1% of the keys.
#[test]
fn a_join_examines_only_the_newcomers_arcs() {
    let config = virtual_ring(Naming::Hash, HashFn::Murmur3_64).with_vnodes(100);
    let mut nodes: Vec<NodeSpec> = (0..100)
        .map(|i| NodeSpec::new(format!("node-{i}"), 100))
        .collect();
    let keys: Vec<String> = (0..100_000).map(|i| format!("user:{i}")).collect();
    let before = build(&config, &nodes).unwrap();
    let cache = KeyPositions::of(before.as_ref(), &keys);
    nodes.push(NodeSpec::new("node-100", 100));
    let after = before.joined(&nodes[100]).unwrap().unwrap();
    let labels: Vec<u32> = (0..101).collect();
    let delta = ring_delta(
        before.as_ref(),
        &labels[..100],
        after.as_ref(),
        &labels,
        &keys,
        &cache,
    )
    .unwrap();
    // The examined keys are exactly the newcomer's arcs, all of which it takes.
    assert_eq!(delta.examined, delta.moves.moved);
    assert!(
        (500..2000).contains(&delta.moves.moved),
        "{}",
        delta.moves.moved
    );
    assert!(delta.moved_to.iter().all(|&to| to == 100));
}

// ---------------------------------------------------------------------------------------
// Assigning in blocks.

#[test]
fn a_ring_assigns_in_blocks_exactly_as_it_locates_one_key_at_a_time() {
    let nodes: Vec<NodeSpec> = (0..7)
        .map(|i| NodeSpec::new(format!("10.0.0.{i}:11211"), 50 + 25 * i))
        .collect();
    // Around the block size and past it, so partial and whole blocks are both used.
    for count in [0usize, 1, 255, 256, 257, 1000] {
        let keys: Vec<String> = (0..count).map(|i| format!("user:{i}:k")).collect();
        for hash in [HashFn::Murmur3_64, HashFn::Md5, HashFn::Fnv1a_32] {
            let mut config = Config::new(Algorithm::virtual_nodes(Naming::Hash));
            config.hash = hash;
            let ring = build(&config, &nodes).unwrap();
            let one_by_one: Vec<NodeIndex> = keys.iter().map(|k| ring.locate(k)).collect();
            assert_eq!(ring.assign(&keys), one_by_one, "{count} keys, {hash:?}");
        }
    }
}
