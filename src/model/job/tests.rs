use std::rc::Rc;

use super::*;
use crate::model::keys::generate;
use crate::model::message::Msg;
use crate::model::{Action, NodeId, State};

fn initial() -> State {
    State::initial().unwrap()
}

fn apply(s: &State, action: Action) -> State {
    s.apply(action).unwrap()
}

/// Runs `pending`'s job to its end in steps of 4,096 keys, checking that a large ring took
/// more than 50 of them (it was built in slices, not at once).
fn run_in_steps(pending: &Pending) -> State {
    run_counting_work(pending).0
}

/// The job run in steps, and its work in all (the progress bar's units).
fn run_counting_work(pending: &Pending) -> (State, u64) {
    let mut job = pending.take().unwrap();
    let work = job.progress().1;
    let mut steps = 0;
    while !job.step(4_096) {
        steps += 1;
    }
    assert!(steps > 20, "the ring was built in {steps} steps");
    (job.into_state(), work)
}

fn add(s: &State, name: &str) -> State {
    apply(
        s,
        Action::AddNode {
            name: name.into(),
            weight: "100".into(),
            vnodes: String::new(),
        },
    )
}

fn id_of(s: &State, name: &str) -> NodeId {
    s.nodes.iter().find(|n| n.name == name).unwrap().id
}

/// The same state with the current snapshot's key positions dropped, so the next change
/// places every key again instead of taking the delta path.
fn without_cache(s: &State) -> State {
    let mut t = s.clone();
    let mut snapshot = (*t.current).clone();
    snapshot.positions = None;
    t.current = Rc::new(snapshot);
    t
}

/// Everything a view reads from a placement and its change, as comparable values.
fn seen(s: &State) -> impl PartialEq + std::fmt::Debug {
    let c = &s.current;
    let ids: Vec<u32> = c.nodes.iter().map(|n| n.id.0).collect();
    let change = s.change.as_deref().map(|ch| {
        (
            ch.summary.moved,
            ch.summary.total,
            ch.flows.clone(),
            ch.moves.clone(),
            ch.before.loads.clone(),
        )
    });
    (
        ids,
        c.owners.clone(),
        c.loads.clone(),
        c.shares.clone(),
        c.sample_positions.clone(),
        change,
    )
}

#[test]
fn key_generation_in_parts_is_the_same_as_at_once() {
    for parts in [1u32, 7, 1000] {
        let mut g = KeyGenerator::new(2500, 9);
        let mut keys = Vec::new();
        while !g.done() {
            assert!(g.fill(&mut keys, parts) > 0);
        }
        assert_eq!(keys, generate(2500, 9), "parts of {parts}");
        assert_eq!(g.fill(&mut keys, 5), 0);
    }
}

#[test]
fn the_sliced_sort_sorts_like_sort_unstable() {
    for len in [
        0usize,
        1,
        2,
        SORT_RUN - 1,
        SORT_RUN,
        SORT_RUN + 1,
        3 * SORT_RUN + 17,
    ] {
        let mut rng = crate::model::keys::SplitMix64::new(len as u64);
        // Repeated positions too: ties are ordered by key index.
        let positions: Vec<u64> = (0..len).map(|_| rng.below(5000)).collect();
        let mut expected: Vec<(u64, usize)> =
            positions.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        expected.sort_unstable();
        for units in [1usize, 1000, usize::MAX / 2] {
            let mut sort = SlicedSort::new(len);
            let mut steps = 0;
            while !sort.finished() {
                assert!(sort.step(&positions, units) > 0);
                steps += 1;
                assert!(steps < 100_000, "the sort does not end");
            }
            assert_eq!(sort.into_sorted(), expected, "len {len}, units {units}");
        }
    }
}

#[test]
fn a_job_run_in_small_steps_makes_the_same_state_as_at_once() {
    let s = initial();
    for kind in [
        AlgoId::Virtual,
        AlgoId::Ketama,
        AlgoId::GoZero,
        AlgoId::Bounded,
        AlgoId::Jump,
        AlgoId::SlotTable,
    ] {
        let at_once = apply(&s, Action::SetAlgorithm(kind));
        // The same change, as a job stepped a few keys at a time.
        let mut next = s.clone();
        next.kind = kind;
        next.version = s.version + 1;
        let compared = Compared {
            prior: Rc::new(s.clone()),
            what: Did::AlgorithmSet(kind),
            ideal: Ideal::None,
        };
        let kept = s.slots_for(&next);
        let previous = kept.as_ref().map(|(o, up)| (*o, up.as_slice()));
        let plan = next
            .plan(previous, KeysToPlace::Given(s.keys.clone()), Some(compared))
            .unwrap();
        let mut job = Job::new(plan);
        let mut last = 0;
        while !job.step(777) {
            let (done, total) = job.progress();
            assert!(done > last && done <= total, "{kind:?}: {done}/{total}");
            last = done;
        }
        let stepped = job.into_state();
        assert_eq!(seen(&stepped), seen(&at_once), "{kind:?}");
        assert_eq!(
            stepped.current.positions.is_some(),
            stepped.current.placement.owning_ring().is_some(),
            "{kind:?}"
        );
    }
}

#[test]
fn generating_keys_in_a_job_gives_the_keys_of_the_seed() {
    let s = initial();
    let t = apply(
        &s,
        Action::GenerateKeys {
            count: "60000".into(),
            seed: "3".into(),
        },
    );
    // Above SYNC_KEYS: nothing is placed yet, the state shown is the one before.
    let pending = t.pending.clone().unwrap();
    assert_eq!(pending.keys, 60_000);
    assert!(Rc::ptr_eq(&t.current, &s.current));
    assert_eq!(t.keys.len(), s.keys.len());
    let done = t.run_pending();
    assert!(done.pending.is_none());
    assert_eq!(*done.keys.keys, generate(60_000, 3));
    assert_eq!(done.current.owners.len(), 60_000);
    assert_eq!(done.current.loads.iter().sum::<u64>(), 60_000);
    // The job is handed out once.
    assert!(pending.take().is_none());
}

#[test]
fn a_cancelled_or_replaced_job_is_not_shown() {
    let s = initial();
    let big = Action::GenerateKeys {
        count: "80000".into(),
        seed: "5".into(),
    };
    let t = apply(&s, big.clone());
    let serial = t.pending.as_ref().unwrap().serial;
    let job = t.pending.as_ref().unwrap().take().unwrap();
    let finished = Rc::new(job.into_state());
    // Cancelled: the state stays, the finished job is ignored.
    let cancelled = apply(&t, Action::CancelJob);
    assert!(cancelled.pending.is_none());
    let late = apply(
        &cancelled,
        Action::JobDone {
            serial,
            state: finished.clone(),
        },
    );
    assert_eq!(late.keys.len(), s.keys.len());
    // Replaced by another change: the first job's state is ignored too.
    let u = apply(&apply(&s, big), Action::SetAlgorithm(AlgoId::Jump));
    assert!(u.pending.is_none());
    let late = apply(
        &u,
        Action::JobDone {
            serial,
            state: finished,
        },
    );
    assert_eq!(late.kind, AlgoId::Jump);
    assert_eq!(late.keys.len(), s.keys.len());
    // A view change while the job runs keeps the job, and the finished state keeps the view.
    let t = apply(
        &s,
        Action::GenerateKeys {
            count: "70000".into(),
            seed: "5".into(),
        },
    );
    let v = apply(&t, Action::SetView(crate::model::ViewKind::Compare));
    assert!(v.pending.is_some());
    let done = v.run_pending();
    assert_eq!(done.view, crate::model::ViewKind::Compare);
    assert_eq!(done.keys.len(), 70_000);
}

/// One change, made from the state it applies to.
type Step = Box<dyn Fn(&State) -> Action>;

#[test]
fn joins_and_leaves_on_a_ring_take_the_delta_path_and_agree_with_placing_every_key() {
    for kind in [
        AlgoId::Virtual,
        AlgoId::SinglePoint,
        AlgoId::Ketama,
        AlgoId::GoZero,
    ] {
        let s = apply(&initial(), Action::SetAlgorithm(kind));
        assert!(s.current.positions.is_some(), "{kind:?} keeps positions");
        let steps: Vec<Step> = vec![
            Box::new(|_| Action::AddNode {
                name: "cache-e".into(),
                weight: "100".into(),
                vnodes: String::new(),
            }),
            Box::new(|s| Action::SetDown(id_of(s, "cache-b"), true)),
            Box::new(|s| Action::SetWeight(id_of(s, "cache-a"), "250".into())),
            Box::new(|s| Action::SetVnodes(id_of(s, "cache-c"), "40".into())),
            Box::new(|s| Action::SetDown(id_of(s, "cache-b"), false)),
            Box::new(|s| Action::RemoveNode(id_of(s, "cache-a"))),
            Box::new(|s| Action::RemoveNode(id_of(s, "cache-e"))),
        ];
        let mut state = s;
        for (i, step) in steps.iter().enumerate() {
            let action = step(&state);
            let fast = apply(&state, action.clone());
            let full = apply(&without_cache(&state), action);
            // The delta path kept the same cache, the full path sorted a new one.
            assert!(Rc::ptr_eq(
                fast.current.positions.as_ref().unwrap(),
                state.current.positions.as_ref().unwrap()
            ));
            assert!(!Rc::ptr_eq(
                full.current.positions.as_ref().unwrap(),
                state.current.positions.as_ref().unwrap()
            ));
            assert_eq!(seen(&fast), seen(&full), "{kind:?}, step {i}");
            assert!(fast.change.is_some());
            state = fast;
        }
    }
}

#[test]
fn the_delta_path_needs_the_same_ring_and_keys() {
    let s = initial();
    let cache = s.current.positions.clone().unwrap();
    // Another hash or algorithm places every key again, with new positions.
    let t = apply(&s, Action::SetHash(ring_core::HashFn::Md5));
    assert!(!Rc::ptr_eq(t.current.positions.as_ref().unwrap(), &cache));
    let j = apply(&s, Action::SetAlgorithm(AlgoId::Jump));
    assert!(j.current.positions.is_none());
    // After a join the new node owns only keys that moved to it.
    let e = add(&s, "cache-e");
    let change = e.change.as_deref().unwrap();
    let newcomer = id_of(&e, "cache-e");
    assert!(change.flows.iter().all(|f| f.to == newcomer.0));
    assert!(change.summary.moved > 0);
}

#[test]
fn a_link_with_many_keys_opens_on_its_first_keys_and_places_the_rest_in_a_job() {
    use crate::model::url::Shared;
    let count = SYNC_KEYS + 10_000;
    let (opened, problems) = Shared::parse(&format!("keys={count}&seed=7&algo=ketama"))
        .restore()
        .unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    // Shown at once: the first SYNC_KEYS keys of the seed, placed.
    assert_eq!(opened.keys.len(), SYNC_KEYS);
    assert_eq!(*opened.keys.keys, generate(SYNC_KEYS as u32, 7));
    assert_eq!(opened.current.owners.len(), SYNC_KEYS);
    let pending = opened.pending.clone().expect("the rest is pending");
    assert_eq!(pending.keys, count);
    assert_eq!(pending.serial, opened.version);

    // Done: the same placement as generating those keys in the page.
    let done = opened.run_pending();
    assert!(done.pending.is_none());
    assert_eq!(*done.keys.keys, generate(count as u32, 7));
    let mut same = initial();
    same = apply(&same, Action::SetAlgorithm(crate::model::AlgoId::Ketama));
    same = apply(
        &same,
        Action::GenerateKeys {
            count: count.to_string(),
            seed: "7".into(),
        },
    )
    .run_pending();
    assert_eq!(seen(&done), seen(&same));
    assert_eq!(done.keys.source, same.keys.source);
}

#[test]
fn back_or_forward_to_a_link_with_many_keys_keeps_placing_them() {
    use crate::model::url::Shared;
    let count = SYNC_KEYS + 1;
    let (restored, _) = Shared::parse(&format!("keys={count}&seed=2"))
        .restore()
        .unwrap();
    let s = apply(&initial(), Action::Load(Rc::new(restored)));
    let pending = s.pending.clone().expect("the load keeps the job");
    assert_eq!(pending.serial, s.version);
    let done = s.run_pending();
    assert_eq!(done.keys.len(), count);
    assert_eq!(done.current.loads.iter().sum::<u64>(), count as u64);
}

#[test]
fn pasted_keys_are_checked_at_once_and_made_by_the_job() {
    let s = initial();
    let count = SYNC_KEYS + 5_000;
    let text: String = (0..count).map(|i| format!(" key-{i} \r\n\n")).collect();
    let t = apply(&s, Action::PasteKeys(text.clone()));
    // Above SYNC_KEYS: checked, counted, nothing made or placed yet.
    let pending = t.pending.clone().expect("a job for the pasted keys");
    assert_eq!(pending.keys, count);
    assert!(Rc::ptr_eq(&t.current, &s.current));
    let done = t.run_pending();
    assert_eq!(
        *done.keys.keys,
        crate::model::keys::parse_pasted(&text).unwrap()
    );
    assert_eq!(done.keys.source, KeySource::Pasted);
    assert_eq!(done.current.loads.iter().sum::<u64>(), count as u64);

    // A problem anywhere in the text is refused at once, and nothing changes.
    let bad = format!(
        "{text}{}\n",
        "k".repeat(crate::model::keys::MAX_KEY_BYTES + 1)
    );
    let refused = s.apply(Action::PasteKeys(bad)).unwrap_err();
    assert_eq!(refused.field, crate::model::Field::Paste);
    assert!(matches!(
        *refused.message,
        Msg::PasteKeyTooLong { line, .. } if line == count + 1
    ));
}

#[test]
fn a_large_ring_is_built_in_the_jobs_steps_and_is_the_ring_built_at_once() {
    // 26 nodes × 10,000 virtual nodes: 260,000 points, above what an action builds at once.
    let mut s = initial();
    for i in 0..22 {
        s = apply(
            &s,
            Action::AddNode {
                name: format!("big-{i}"),
                weight: "100".into(),
                vnodes: "10000".into(),
            },
        );
    }
    // The ring built again with 260,000 points: too large for the delta path's build
    // inside the action, so a job builds it, even with 10,000 keys.
    let s = apply(&s, Action::SetDefaultVnodes("10000".into()));
    let pending = s.pending.clone().expect("a large ring is built by a job");
    let done = run_in_steps(&pending);
    // The owners are those of the ring the core builds at once.
    let specs: Vec<ring_core::NodeSpec> = done.nodes.iter().map(|n| n.spec()).collect();
    let ring = ring_core::build(&done.config(), &specs).unwrap();
    assert_eq!(done.current.owners, ring.assign(&done.keys.keys));
    assert_eq!(done.current.loads.iter().sum::<u64>(), 10_000);
}

/// `s` (on Envoy's ring hash) with its minimum ring size set to `entries`.
fn with_min_ring(s: &State, entries: &str) -> State {
    let min = ring_core::registry::ParamRef::new(AlgoId::EnvoyRingHash, 0);
    apply(
        s,
        Action::SetParam {
            param: min,
            text: entries.into(),
        },
    )
}

#[test]
fn envoys_large_ring_is_built_in_the_jobs_steps_and_places_every_key_as_envoy() {
    use ring_core::registry::ParamRef;
    use ring_core::systems::EnvoyRing;
    let s = apply(&initial(), Action::SetAlgorithm(AlgoId::EnvoyRingHash));
    assert!(s.pending.is_none(), "Envoy's default ring is built at once");
    let big = with_min_ring(&s, "300000");
    let pending = big
        .pending
        .clone()
        .expect("a ring of 300,000 entries is a job");
    let done = run_in_steps(&pending);
    let names: Vec<&str> = done.nodes.iter().map(|n| n.name.as_str()).collect();
    let envoy = EnvoyRing::new(&names, &[1; 4], 300_000, 8_388_608).unwrap();
    let ring = done.current.placement.owning_ring().expect("a ring");
    assert_eq!(ring.points().len(), envoy.len());
    assert_eq!(envoy.len(), 300_000);
    for (key, &owner) in done.keys.keys.iter().zip(&done.current.owners) {
        assert_eq!(
            owner,
            ring_core::systems::Locate::locate(&envoy, key).unwrap(),
            "{key}"
        );
    }
    // A minimum above the maximum is refused, as Envoy refuses it, and changes nothing.
    let max = ParamRef::new(AlgoId::EnvoyRingHash, 1);
    let refused = s
        .apply(Action::SetParam {
            param: max,
            text: "100".into(),
        })
        .unwrap_err();
    assert!(matches!(
        *refused.message,
        Msg::Build(ring_core::BuildError::RingSizes {
            min: 1024,
            max: 100
        })
    ));
}

#[test]
fn a_join_or_a_leave_on_envoys_large_ring_builds_on_the_ring_before_and_places_as_envoy() {
    use ring_core::systems::{EnvoyRing, Locate};
    let s = apply(&initial(), Action::SetAlgorithm(AlgoId::EnvoyRingHash));
    let set = with_min_ring(&s, "300000");
    let whole = set
        .pending
        .clone()
        .expect("a ring of 300,000 entries is a job");
    let (built, whole_work) = run_counting_work(&whole);
    let check = |state: &State, weights: &[u32]| {
        let names: Vec<&str> = state.nodes.iter().map(|n| n.name.as_str()).collect();
        let envoy = EnvoyRing::new(&names, weights, 300_000, 8_388_608).unwrap();
        for (key, &owner) in state.keys.keys.iter().zip(&state.current.owners) {
            assert_eq!(owner, envoy.locate(key).unwrap(), "{key}");
        }
    };
    // A fifth host: every host's count shrinks to 60,000 and the newcomer's are made,
    // sorted and merged in: a fraction of the work of building the ring whole.
    let joined = add(&built, "cache-e");
    let pending = joined.pending.clone().expect("still a job");
    let (joined, work) = run_counting_work(&pending);
    assert!(work * 2 < whole_work, "{work} of {whole_work}");
    check(&joined, &[1; 5]);
    let change = joined.change.as_ref().expect("what moved");
    assert!(!change.moves.is_empty());
    // The second host leaves: the others' counts grow back.
    let left = apply(&joined, Action::RemoveNode(id_of(&joined, "cache-b")));
    let left = run_in_steps(&left.pending.clone().expect("still a job"));
    check(&left, &[1; 4]);
}

#[test]
fn a_join_on_envoys_ring_takes_the_delta_path() {
    let s = apply(&initial(), Action::SetAlgorithm(AlgoId::EnvoyRingHash));
    let joined = add(&s, "cache-e");
    assert!(joined.pending.is_none());
    let change = joined.change.as_ref().expect("a change to show");
    // Every key placed as the ring built afresh places it.
    let specs: Vec<ring_core::NodeSpec> = joined.nodes.iter().map(|n| n.spec()).collect();
    let fresh = ring_core::build(&joined.config(), &specs).unwrap();
    assert_eq!(joined.current.owners, fresh.assign(&joined.keys.keys));
    assert!(!change.moves.is_empty());
}
