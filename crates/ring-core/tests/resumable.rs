//! The builds done a slice at a time against the builds done at once, and against naive
//! models:
//!
//! - a [`RingBuild`] stepped with random small budgets against [`Ring::virtual_nodes`] and
//!   [`Ring::single_point`], and against the points made one by one and ordered by
//!   (position, node, virtual node), which is the order a stable sort by position keeps
//!   among points made node by node. Node lists repeat names and the hashes include the
//!   15-bit CRC, so that many points share a position: an unstable sort or a wrong tie
//!   rule shows there;
//! - a [`CellBuild`] stepped against [`cell`] for every algorithm;
//! - the refusals, which come from the constructors, before any work.

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngSeed, TestCaseError};

use ring_core::error::MAX_RING_POINTS;
use ring_core::ring::{weighted_vnodes, Naming, Ring, RingBuild};
use ring_core::study::{cell, config, CellBuild, StudyError};
use ring_core::{Algorithm, BuildError, Config, HashFn, NodeSpec, RingPoint};

fn proptest_config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x7265_7375_6d61_626c),
        // The fixed seed reproduces any failure; no regression files in the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Names drawn from a small pool, so that a list often repeats one: two nodes of one name
/// put every virtual node on the same positions, and only the tie rule orders them.
const NAMES: [&str; 10] = [
    "a",
    "b",
    "10.0.0.1:11211",
    "192.168.1.7",
    "node-3",
    "a#1",
    "ζ",
    "x-1",
    "cache",
    "10.0.0.12:11211",
];

/// Lists of 1 to 9 nodes with weights and, for some, their own virtual-node counts.
fn node_lists() -> impl Strategy<Value = Vec<NodeSpec>> {
    prop::collection::vec(
        (
            0..NAMES.len(),
            1u32..=300,
            prop::option::weighted(0.3, 1u32..=40),
        ),
        1..10,
    )
    .prop_map(|raw| {
        raw.into_iter()
            .map(|(name, weight, vnodes)| NodeSpec {
                vnodes,
                ..NodeSpec::new(NAMES[name], weight)
            })
            .collect()
    })
}

/// Every hash; the 15-bit CRC four times as often, for its ties.
fn hashes() -> impl Strategy<Value = HashFn> {
    prop_oneof![
        1 => prop::sample::select(HashFn::ALL.to_vec()),
        4 => Just(HashFn::Crc32Memcached),
    ]
}

/// Budgets of 0 to 40 points, used in turn.
fn budgets() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..40, 1..8)
}

/// The points of the virtual-node ring made one by one, ordered by position, then node,
/// then virtual node: what the ring must hold, in its order.
fn naive_virtual(
    nodes: &[NodeSpec],
    hash: HashFn,
    naming: Naming,
    default_vnodes: u32,
) -> Vec<RingPoint> {
    let mut points = Vec::new();
    for (owner, node) in nodes.iter().enumerate() {
        let count = weighted_vnodes(node.vnodes.unwrap_or(default_vnodes), node.weight);
        for replica in 0..count {
            let name = naming.vnode_name(&node.name, replica, hash);
            points.push(RingPoint {
                position: hash.hash_str(&name),
                owner: owner as u32,
                replica,
            });
        }
    }
    points.sort_by_key(|p| (p.position, p.owner, p.replica));
    points
}

/// One point per node at the hash of its name, ordered by position, then node.
fn naive_single(nodes: &[NodeSpec], hash: HashFn) -> Vec<RingPoint> {
    let mut points: Vec<RingPoint> = nodes
        .iter()
        .enumerate()
        .map(|(owner, node)| RingPoint {
            position: hash.hash_str(&node.name),
            owner: owner as u32,
            replica: 0,
        })
        .collect();
    points.sort_by_key(|p| (p.position, p.owner));
    points
}

/// Steps `build` with `budgets` in turn until it is done, checking that the progress
/// only grows, keeps its total and ends at it; returns the number of steps.
fn run_ring(build: &mut RingBuild, budgets: &[usize]) -> Result<usize, TestCaseError> {
    let (mut last, total) = build.progress();
    prop_assert_eq!(last, 0, "no work before the first step");
    for (steps, &budget) in budgets.iter().cycle().enumerate() {
        let done = build.step(budget);
        let (now, all) = build.progress();
        prop_assert_eq!(all, total, "the total does not change");
        prop_assert!(now > last, "a step does some work: {} after {}", now, last);
        prop_assert!(now <= total);
        prop_assert_eq!(done, build.is_built());
        last = now;
        if done {
            prop_assert_eq!(now, total, "done means all the work");
            return Ok(steps + 1);
        }
    }
    unreachable!("a cycle over a non-empty list does not end")
}

proptest! {
    #![proptest_config(proptest_config(192))]

    #[test]
    fn a_virtual_ring_built_in_steps_is_the_ring_built_at_once(
        nodes in node_lists(),
        hash in hashes(),
        naming in prop::sample::select(Naming::ALL.to_vec()),
        default_vnodes in 1u32..=60,
        budgets in budgets(),
    ) {
        let at_once = Ring::virtual_nodes(&nodes, hash, naming, default_vnodes).unwrap();
        let mut build = RingBuild::virtual_nodes(&nodes, hash, naming, default_vnodes).unwrap();
        run_ring(&mut build, &budgets)?;
        let stepped = build.finish().unwrap();
        let naive = naive_virtual(&nodes, hash, naming, default_vnodes);
        prop_assert_eq!(stepped.sorted().points(), &naive[..]);
        prop_assert_eq!(&stepped, &at_once);
    }

    #[test]
    fn a_single_point_ring_built_in_steps_is_the_ring_built_at_once(
        nodes in node_lists(),
        hash in hashes(),
        budgets in budgets(),
    ) {
        let at_once = Ring::single_point(&nodes, hash).unwrap();
        let mut build = RingBuild::single_point(&nodes, hash).unwrap();
        run_ring(&mut build, &budgets)?;
        let stepped = build.finish().unwrap();
        prop_assert_eq!(stepped.sorted().points(), &naive_single(&nodes, hash)[..]);
        prop_assert_eq!(&stepped, &at_once);
    }

    #[test]
    fn finishing_part_way_gives_the_same_ring(
        nodes in node_lists(),
        hash in hashes(),
        naming in prop::sample::select(Naming::ALL.to_vec()),
        steps in 0usize..200,
        budget in 0usize..20,
    ) {
        let mut build = RingBuild::virtual_nodes(&nodes, hash, naming, 30).unwrap();
        for _ in 0..steps {
            build.step(budget);
        }
        prop_assert_eq!(
            build.finish().unwrap(),
            Ring::virtual_nodes(&nodes, hash, naming, 30).unwrap()
        );
    }
}

/// Every algorithm, with parameters that build and some that are refused.
fn algorithms() -> impl Strategy<Value = Algorithm> {
    prop_oneof![
        Just(Algorithm::modulo()),
        Just(Algorithm::single_point()),
        prop::sample::select(Naming::ALL.to_vec()).prop_map(Algorithm::virtual_nodes),
        (1u32..150).prop_map(Algorithm::go_zero),
        Just(Algorithm::ketama()),
        (1u32..3000).prop_map(Algorithm::slot_table),
        Just(Algorithm::jump()),
        prop::sample::select(vec![4u32, 7, 13, 101, 1009]).prop_map(Algorithm::maglev),
        Just(Algorithm::rendezvous()),
        prop_oneof![
            4 => 0.01f64..3.0,
            1 => prop::sample::select(vec![0.0, -1.0, 100.0, 100.5, f64::NAN, f64::INFINITY]),
        ]
        .prop_map(Algorithm::bounded),
    ]
}

/// The same refusal: compared by message, since an ε that is NaN is not equal to itself.
fn same_error(a: &StudyError, b: &StudyError) -> bool {
    a.to_string() == b.to_string() && std::mem::discriminant(a) == std::mem::discriminant(b)
}

proptest! {
    #![proptest_config(proptest_config(192))]

    #[test]
    fn a_cell_built_in_steps_is_the_cell(
        algorithm in algorithms(),
        hash in prop::sample::select(vec![HashFn::Md5, HashFn::Crc32Memcached, HashFn::Fnv1a_64, HashFn::JavaString]),
        n in prop_oneof![1 => Just(0u32), 20 => 1u32..40],
        vnodes in prop_oneof![1 => Just(0u32), 20 => 1u32..80],
        budgets in budgets(),
    ) {
        let c = config(algorithm, hash, vnodes);
        let want = cell(&c, n);
        let mut build = match (CellBuild::new(&c, n), &want) {
            (Ok(build), _) => build,
            (Err(e), Err(w)) => {
                prop_assert!(same_error(&e, w), "{} against {}", e, w);
                return Ok(());
            }
            (Err(e), Ok(_)) => return Err(TestCaseError::fail(format!("refused: {e}"))),
        };
        let (mut last, total) = build.progress();
        for &budget in budgets.iter().cycle() {
            let done = build.step(budget);
            let (now, all) = build.progress();
            prop_assert_eq!(all, total);
            prop_assert!(now >= last && now <= total, "{} after {} of {}", now, last, total);
            last = now;
            if done {
                prop_assert_eq!(now, total);
                break;
            }
        }
        match (build.finish(), want) {
            (Ok(got), Ok(want)) => prop_assert_eq!(got, want),
            (Err(e), Err(w)) => prop_assert!(same_error(&e, &w), "{} against {}", e, w),
            (got, want) => {
                return Err(TestCaseError::fail(format!("{got:?} against {want:?}")));
            }
        }
    }
}

#[test]
fn a_cell_finished_at_once_or_in_one_large_step_is_the_cell() {
    for (algorithm, vnodes) in [
        (Algorithm::virtual_nodes(Naming::Hash), 100),
        (Algorithm::virtual_nodes(Naming::Hash), 1),
        (Algorithm::bounded(0.25), 40),
        (Algorithm::maglev(101), 1),
    ] {
        let c = config(algorithm, HashFn::Md5, vnodes);
        let want = cell(&c, 30).unwrap();
        assert_eq!(CellBuild::new(&c, 30).unwrap().finish().unwrap(), want);
        let mut build = CellBuild::new(&c, 30).unwrap();
        assert!(build.step(usize::MAX), "{c:?}");
        assert_eq!(build.progress().0, build.progress().1);
        assert_eq!(build.finish().unwrap(), want);
    }
}

#[test]
fn the_papers_cells_in_steps_are_its_known_answers() {
    // known-answers.md, "Balance metrics of the paper": MD5 on "192.168.1.i"; one point per
    // node, 10 nodes: R1 = 17.
    let c = config(Algorithm::virtual_nodes(Naming::Hash), HashFn::Md5, 1);
    let mut build = CellBuild::new(&c, 10).unwrap();
    while !build.step(1) {}
    assert_eq!(build.finish().unwrap().r1.round(), 17.0);
    // 1000 virtual nodes, 50 nodes: R1 from 1.04 to 1.19.
    let c = config(Algorithm::virtual_nodes(Naming::Hash), HashFn::Md5, 1000);
    let mut build = CellBuild::new(&c, 50).unwrap();
    let mut steps = 0;
    while !build.step(4096) {
        steps += 1;
    }
    let r1 = build.finish().unwrap().r1;
    assert!((1.035..=1.195).contains(&r1), "{r1}");
    // 50,000 points: a dozen makes, then a few sort passes and the arcs.
    assert!(steps >= 12, "{steps}");
}

#[test]
fn ring_builds_refuse_what_the_rings_refuse_before_any_work() {
    let hash = HashFn::Md5;
    assert_eq!(
        RingBuild::virtual_nodes(&[], hash, Naming::Hash, 10).err(),
        Some(BuildError::NoNodes)
    );
    assert_eq!(
        Ring::virtual_nodes(&[], hash, Naming::Hash, 10).err(),
        Some(BuildError::NoNodes)
    );
    assert_eq!(
        RingBuild::single_point(&[], hash).err(),
        Some(BuildError::NoNodes)
    );
    // 100,000,000 points would take a long time to make: refused by the constructor.
    let heavy = [NodeSpec::new("a", 1_000_000)];
    let want = Some(BuildError::TooManyPoints {
        points: 100_000_000,
    });
    assert_eq!(
        Ring::virtual_nodes(&heavy, hash, Naming::Hash, 10_000).err(),
        want
    );
    assert_eq!(
        RingBuild::virtual_nodes(&heavy, hash, Naming::Hash, 10_000).err(),
        want
    );
    // One point over the limit is refused; at the limit the build starts with no work done.
    let mut nodes: Vec<NodeSpec> = (0..200)
        .map(|i| NodeSpec::new(format!("n{i}"), 100))
        .collect();
    let at_limit = RingBuild::virtual_nodes(&nodes, hash, Naming::Dash, 10_000).unwrap();
    assert_eq!(at_limit.progress().0, 0);
    assert!(at_limit.progress().1 >= MAX_RING_POINTS);
    assert!(!at_limit.is_finished());
    nodes.push(NodeSpec::new("one more", 100).with_vnodes(1));
    let over = Some(BuildError::TooManyPoints {
        points: MAX_RING_POINTS + 1,
    });
    assert_eq!(
        RingBuild::virtual_nodes(&nodes, hash, Naming::Dash, 10_000).err(),
        over
    );
    assert_eq!(
        Ring::virtual_nodes(&nodes, hash, Naming::Dash, 10_000).err(),
        over
    );
}

#[test]
fn cell_builds_refuse_what_cells_refuse_before_any_work() {
    let virtual_nodes = Algorithm::virtual_nodes(Naming::Hash);
    let refused: [(Config, u32); 9] = [
        (config(virtual_nodes.clone(), HashFn::Md5, 100), 0),
        (config(Algorithm::single_point(), HashFn::Md5, 1), 10_001),
        (config(virtual_nodes.clone(), HashFn::Md5, 10_001), 10),
        // 10,000,000 points.
        (config(virtual_nodes, HashFn::Md5, 10_000), 1_000),
        (config(Algorithm::bounded(0.0), HashFn::Md5, 10), 10),
        (config(Algorithm::bounded(f64::NAN), HashFn::Md5, 10), 10),
        // The node list is checked before ε, as `Bounded::new` does.
        (config(Algorithm::bounded(-1.0), HashFn::Md5, 10), 0),
        (config(Algorithm::bounded(0.5), HashFn::Md5, 10_000), 1_000),
        (config(Algorithm::maglev(4), HashFn::Md5, 1), 5),
    ];
    for (c, n) in refused {
        let want = cell(&c, n).expect_err("the cell is refused");
        let got = CellBuild::new(&c, n).expect_err("so is its build");
        assert!(same_error(&got, &want), "{c:?} × {n}: {got} against {want}");
    }
    assert!(matches!(
        CellBuild::new(&config(Algorithm::bounded(0.0), HashFn::Md5, 10), 0),
        Err(StudyError::Build(BuildError::NoNodes))
    ));
}
