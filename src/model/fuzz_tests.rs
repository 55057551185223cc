//! Fuzzing the app's model: random sequences of actions, with garbage in every text field,
//! run through the reducer's rule (an accepted action gives the next state, a refused one
//! keeps the state and records the error). Nothing may panic, and after every step:
//!
//! - the error is set exactly when the action was refused, and then nothing else changed;
//! - node ids are unique, names pass the core's checks, at least one node is up;
//! - the placement is the one of the nodes that are up, in order, and every key has an
//!   owner among them; loads add up to the key count, shares to 1;
//! - the drawn sample, the slot owners and the tour's step are in range;
//! - what the views derive from the state (the explained key, the ring and bins scenes,
//!   Chord, replication, the CSV export, the link) can be computed.
//!
//! The suite runs a few dozen sequences with a fixed seed; `PROPTEST_CASES=N` runs N from a
//! fresh seed.

use std::collections::HashSet;
use std::rc::Rc;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};
use ring_core::error::validate_nodes;
use ring_core::registry::{ParamKind, ParamRef};
use ring_core::{HashFn, NodeSpec};

use super::chord_view::{chord_view, ChordSettings};
use super::export::loads_csv;
use super::replication_view::{replication_view, ReplicationSettings};
use super::url::{Limits, Shared};
use super::{Action, AlgoId, KeySource, NodeId, State, ViewKind};
use crate::draw::scene::{self, View};

fn config(default: u32) -> ProptestConfig {
    let long = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok());
    ProptestConfig {
        cases: long.unwrap_or(default),
        rng_seed: if long.is_some() {
            RngSeed::Random
        } else {
            RngSeed::Fixed(0x6d6f_6465_6c5f_6675)
        },
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Text as people type it into a box: numbers in and out of range, signs, decimals,
/// exponents, padding, words, markup, invisible characters, and anything at all.
fn typed(numbers: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(numbers).prop_map(str::to_string),
        2 => "[0-9]{1,3}",
        1 => prop::sample::select(vec![
            "", " ", "0", "-3", "abc", "1e12", "1e400", "NaN", "inf", "-0", "2.5", "0x10",
            "99999999999999999999999", "4294967296", "１２", "<b>1</b>", "\u{200B}7",
        ])
        .prop_map(str::to_string),
        1 => any::<String>(),
    ]
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "(cache|node)-[a-f]",
        2 => "[a-z0-9.:-]{1,10}",
        1 => prop::sample::select(vec![
            "",
            "   ",
            "\u{200B}",
            "<img src=x onerror=alert(1)>",
            "<script>alert('x')</script>",
            "\"q\" 'q' `q`",
            "a\u{202E}gnp.exe",
            "שלום",
            "🦀👩‍👩‍👧",
            "=cmd|' /C calc'!A0",
            "a,b:c%20d&e=f#g",
        ])
        .prop_map(str::to_string),
        1 => any::<String>(),
        1 => (1usize..300).prop_map(|n| "x".repeat(n)),
    ]
}

/// An id: usually one of the state's nodes (picked when the action runs), sometimes not.
#[derive(Clone, Debug)]
enum Who {
    Existing(Index),
    Any(u32),
}

impl Who {
    fn id(&self, s: &State) -> NodeId {
        match self {
            Who::Existing(i) if !s.nodes.is_empty() => s.nodes[i.index(s.nodes.len())].id,
            Who::Existing(_) => NodeId(0),
            Who::Any(n) => NodeId(*n),
        }
    }
}

fn who() -> impl Strategy<Value = Who> {
    prop_oneof![
        5 => any::<Index>().prop_map(Who::Existing),
        1 => any::<u32>().prop_map(Who::Any),
    ]
}

/// An action before its node id is resolved against the state it is applied to.
#[derive(Clone, Debug)]
enum Step {
    Add(String, String, String),
    Remove(Who),
    Down(Who, bool),
    Weight(Who, String),
    Vnodes(Who, String),
    Direct(Action),
    Load,
    /// Back to the first example, then a small key set again (the first example's 10,000
    /// keys would make every later step slow in a debug build).
    Reset,
}

const WEIGHTS: &[&str] = &["100", "1", "50", "300", "1000000", "1000001"];
const VNODES: &[&str] = &["", "1", "4", "16", "10000", "10001"];

/// Setting any algorithm's parameter, to values at and past the ends of its range in the
/// registry, and to garbage.
fn set_param() -> impl Strategy<Value = Action> {
    let params: Vec<ParamRef> = ParamRef::all().collect();
    prop::sample::select(params).prop_flat_map(|param| {
        let spec = param.spec();
        let mut texts: Vec<String> = vec![
            "abc".into(),
            String::new(),
            spec.write(spec.default_value()),
        ];
        match spec.kind {
            ParamKind::Whole { min, max, .. } => {
                // Small values too, so that the steps stay quick (a big table is slow).
                texts.extend(
                    [
                        min,
                        min.saturating_sub(1),
                        7,
                        97,
                        1021,
                        max,
                        max.saturating_add(1),
                    ]
                    .map(|n| n.to_string()),
                );
            }
            ParamKind::Real { above, max, .. } => {
                texts.extend([above, 0.01, 1.0, max, max + 0.5].map(|x| x.to_string()));
            }
            ParamKind::Choice { options, .. } => {
                texts.extend(options.iter().map(|o| o.to_string()))
            }
        }
        prop::sample::select(texts).prop_map(move |text| Action::SetParam { param, text })
    })
}

fn step() -> impl Strategy<Value = Step> {
    let direct = prop_oneof![
        typed(&["4", "16", "1", "10000", "10001"]).prop_map(Action::SetDefaultVnodes),
        prop::sample::select(AlgoId::ALL.to_vec()).prop_map(Action::SetAlgorithm),
        prop::sample::select(HashFn::ALL.to_vec()).prop_map(Action::SetHash),
        set_param(),
        typed(&["0", "100", "2000", "20000", "20001"]).prop_map(Action::SetDrawn),
        (
            typed(&["1", "50", "300", "200001", "10000001"]),
            typed(&["0", "42", "18446744073709551615", "18446744073709551616"])
        )
            .prop_map(|(count, seed)| Action::GenerateKeys { count, seed }),
        prop::collection::vec(name(), 0..40).prop_map(|k| Action::PasteKeys(k.join("\n"))),
        prop_oneof![name(), (1000usize..1100).prop_map(|n| "k".repeat(n))]
            .prop_map(Action::Explain),
        prop::sample::select(ViewKind::ALL.to_vec()).prop_map(Action::SetView),
        prop_oneof![0u32..20, Just(u32::MAX)].prop_map(Action::SetTourStep),
    ];
    prop_oneof![
        4 => (name(), typed(WEIGHTS), typed(VNODES)).prop_map(|(n, w, v)| Step::Add(n, w, v)),
        2 => who().prop_map(Step::Remove),
        2 => (who(), any::<bool>()).prop_map(|(w, d)| Step::Down(w, d)),
        2 => (who(), typed(WEIGHTS)).prop_map(|(w, t)| Step::Weight(w, t)),
        1 => (who(), typed(VNODES)).prop_map(|(w, t)| Step::Vnodes(w, t)),
        6 => direct.prop_map(Step::Direct),
        1 => Just(Step::Load),
        1 => Just(Step::Reset),
    ]
}

fn actions(step: &Step, s: &State, first: &Rc<State>) -> Vec<Action> {
    let one = match step {
        Step::Add(name, weight, vnodes) => Action::AddNode {
            name: name.clone(),
            weight: weight.clone(),
            vnodes: vnodes.clone(),
        },
        Step::Remove(w) => Action::RemoveNode(w.id(s)),
        Step::Down(w, d) => Action::SetDown(w.id(s), *d),
        Step::Weight(w, t) => Action::SetWeight(w.id(s), t.clone()),
        Step::Vnodes(w, t) => Action::SetVnodes(w.id(s), t.clone()),
        Step::Direct(a) => a.clone(),
        Step::Load => Action::Load(Rc::clone(first)),
        Step::Reset => return vec![Action::Reset, small_keys()],
    };
    vec![one]
}

fn small_keys() -> Action {
    Action::GenerateKeys {
        count: "200".into(),
        seed: "1".into(),
    }
}

/// The reducer's rule (`components::Reducible for State`), which is wasm-only.
fn reduce(s: &State, a: Action) -> (State, bool) {
    match s.apply(a) {
        Ok(next) => (next, true),
        Err(e) => (s.with_error(e), false),
    }
}

fn same_except_error(before: &State, after: &State) -> Result<(), TestCaseError> {
    prop_assert_eq!(&after.nodes, &before.nodes);
    prop_assert_eq!(after.kind, before.kind);
    prop_assert_eq!(after.params, before.params);
    prop_assert_eq!(after.hash, before.hash);
    prop_assert_eq!(after.default_vnodes, before.default_vnodes);
    prop_assert!(Rc::ptr_eq(&after.keys.keys, &before.keys.keys));
    prop_assert!(Rc::ptr_eq(&after.current, &before.current));
    prop_assert_eq!(&after.explain_key, &before.explain_key);
    prop_assert_eq!(after.view, before.view);
    prop_assert_eq!(after.tour_step, before.tour_step);
    prop_assert_eq!(after.slot_owners.is_some(), before.slot_owners.is_some());
    Ok(())
}

fn invariants(s: &State) -> Result<(), TestCaseError> {
    let ids: HashSet<NodeId> = s.nodes.iter().map(|n| n.id).collect();
    prop_assert_eq!(ids.len(), s.nodes.len(), "node ids repeat");
    let specs: Vec<NodeSpec> = s
        .nodes
        .iter()
        .map(|n| NodeSpec {
            name: n.name.clone(),
            weight: n.weight,
            vnodes: n.vnodes,
        })
        .collect();
    prop_assert!(validate_nodes(&specs, s.default_vnodes).is_ok());

    let up: Vec<NodeId> = s.nodes.iter().filter(|n| !n.down).map(|n| n.id).collect();
    prop_assert!(!up.is_empty(), "no node is up");
    let snap = &s.current;
    let placed: Vec<NodeId> = snap.nodes.iter().map(|n| n.id).collect();
    prop_assert_eq!(
        &placed,
        &up,
        "the placement is not of the nodes that are up"
    );
    for n in &snap.nodes {
        let node = s.node(n.id).unwrap();
        prop_assert_eq!(&n.name, &node.name);
    }
    prop_assert_eq!(snap.kind, s.kind);
    prop_assert_eq!(snap.placement.node_count() as usize, up.len());
    prop_assert_eq!(snap.owners.len(), s.keys.len());
    prop_assert!(snap.owners.iter().all(|&o| (o as usize) < up.len()));
    prop_assert_eq!(snap.loads.len(), up.len());
    prop_assert_eq!(snap.loads.iter().sum::<u64>(), s.keys.len() as u64);
    prop_assert_eq!(snap.shares.len(), up.len());
    let sum: f64 = snap.shares.iter().sum();
    prop_assert!((sum - 1.0).abs() < 1e-9, "shares sum to {}", sum);
    prop_assert!(!s.keys.is_empty());
    if let KeySource::Generated { count, .. } = s.keys.source {
        prop_assert_eq!(count as usize, s.keys.len());
    }
    prop_assert!(s.keys.sample.windows(2).all(|w| w[0] < w[1]));
    prop_assert!(s.keys.sample.iter().all(|&i| (i as usize) < s.keys.len()));
    prop_assert_eq!(snap.sample_positions.len(), s.keys.sample.len());
    prop_assert_eq!(
        s.keys.sample.len(),
        (s.keys.drawn as usize).min(s.keys.len())
    );
    match (&s.slot_owners, s.params.slots(s.kind)) {
        (Some(owners), Some(slots)) => {
            prop_assert_eq!(owners.len(), slots as usize);
            prop_assert!(owners.iter().all(|id| up.contains(id)));
        }
        (None, Some(_)) => prop_assert!(false, "a slot table without owners"),
        (Some(_), None) => prop_assert!(false, "slot owners without a slot table"),
        (None, None) => {}
    }
    if let Some(change) = &s.change {
        prop_assert!(change
            .moves
            .iter()
            .all(|m| (m.sample as usize) < s.keys.sample.len()));
    }
    prop_assert!((1..=super::tour::STEP_COUNT).contains(&s.tour_step));
    Ok(())
}

/// What the views compute from a state: none of it may panic.
fn views(s: &State, key: &str) -> Result<(), TestCaseError> {
    if let Some(e) = s.explained() {
        if let Some(owner) = e.owner {
            prop_assert!(s.node(owner).is_some_and(|n| !n.down));
        }
    }
    let view = View::default();
    let _ = scene::picture(s, &view);
    let _ = scene::loads(s, &view);
    let _ = scene::shares(s, &view);
    let _ = chord_view(
        s,
        &ChordSettings {
            key: key.to_string(),
            start: s.nodes.first().map(|n| n.id),
        },
    );
    for replicas in [1, 2, 3] {
        let _ = replication_view(
            s,
            &ReplicationSettings {
                replicas,
                key: key.to_string(),
                down: s.nodes.last().map(|n| n.id),
            },
        );
    }
    let rows = super::export::read_csv(&loads_csv(s));
    prop_assert_eq!(rows.len(), s.nodes.len() + 1);
    for (row, node) in rows.iter().skip(1).zip(&s.nodes) {
        prop_assert_eq!(row.len(), 7);
        // No cell starts as a formula; a name that would is kept behind a quote mark.
        for cell in row {
            prop_assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{:?}",
                cell
            );
        }
        let name = row[0]
            .strip_prefix('\'')
            .filter(|_| node.name.starts_with(['=', '+', '-', '@', '\t', '\r']));
        prop_assert_eq!(name.unwrap_or(&row[0]), node.name.as_str());
    }
    Ok(())
}

/// The state through a link and back: the same cluster.
fn through_link(s: &State) -> Result<(), TestCaseError> {
    let query = Shared::of(s, None).to_query(Limits::ADDRESS);
    let parsed = Shared::parse(&format!("?{query}"));
    let (back, _) = parsed.restore().unwrap();
    // Ids are positions in a link; everything else about the nodes comes back.
    let nodes = |s: &State| -> Vec<(String, u32, Option<u32>, bool, u8)> {
        s.nodes
            .iter()
            .map(|n| (n.name.clone(), n.weight, n.vnodes, n.down, n.slot))
            .collect()
    };
    prop_assert_eq!(nodes(&back), nodes(s), "{}", query);
    prop_assert_eq!(back.kind, s.kind);
    prop_assert_eq!(back.params, s.params);
    Ok(())
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn random_actions_keep_the_state_valid(
        steps in prop::collection::vec(step(), 1..30),
        key in name(),
    ) {
        let first = Rc::new(State::initial().unwrap().apply(small_keys()).unwrap());
        let mut s = (*first).clone();
        for step in &steps {
            for a in actions(step, &s, &first) {
                let (next, accepted) = reduce(&s, a);
                if accepted {
                    prop_assert!(next.error.is_none(), "accepted, but an error stands");
                } else {
                    let e = next.error.as_ref().unwrap();
                    prop_assert!(!e.message.to_string().trim().is_empty());
                    same_except_error(&s, &next)?;
                }
                invariants(&next)?;
                s = next;
            }
        }
        views(&s, &key)?;
        through_link(&s)?;
    }
}

const PARAMS: &[&str] = &[
    "algo",
    "hash",
    "vnodes",
    "naming",
    "weighting",
    "replicas",
    "slots",
    "table",
    "eps",
    "nodes",
    "keys",
    "seed",
    "keylist",
    "pasted",
    "slotmap",
    "explain",
    "view",
    "step",
    "theme",
    "lang",
    "embed",
    "controls",
];

/// A value for a parameter: plausible ones, numbers at and past the limits, percent
/// escapes good and broken, markup, long runs, and anything at all.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-z0-9:,%._x+-]{0,24}",
        2 => prop::sample::select(vec![
            "ketama", "slots", "maglev", "bounded", "rendezvous", "jump", "md5", "fnv1a-64",
            "a:100,b:1", "a:1:down,b:1", "a:1:v0", "a:1:v10000:c3", "x:1000000,y:1",
            "%3Cscript%3Ealert(1)%3C%2Fscript%3E:100", "%E2%80%AE:1,b:1", "%E2%80%8B:1",
            "%ZZ", "%E0%80", "%", "0", "1", "200000", "200001", "10000001", "-1", "1e6",
            "18446744073709551616", "NaN", "inf", "1000003", "1021", "100", "0x1024",
            "0.1x900000", "1048576", "4294967296", "dark", "ring", "chart", "zh", "",
        ])
        .prop_map(str::to_string),
        1 => (1usize..400).prop_map(|n| format!("{}:1,b:1", "n".repeat(n))),
        1 => (1usize..300).prop_map(|n| (0..n).map(|i| format!("n{i}:{}", i % 7 + 1)).collect::<Vec<_>>().join(",")),
        1 => any::<String>(),
    ]
}

/// Query strings: `name=value` soups (repeated, misspelt or missing `=`), raw bytes, and
/// anything at all.
fn query() -> impl Strategy<Value = String> {
    let names = prop_oneof![
        8 => prop::sample::select(PARAMS.to_vec()).prop_map(str::to_string),
        1 => "[a-z]{0,6}",
        1 => any::<String>(),
    ];
    let pair = (names, value(), 0u8..4).prop_map(|(n, v, form)| match form {
        0 => n,
        1 => format!("{n}={v}={v}"),
        _ => format!("{n}={v}"),
    });
    prop_oneof![
        6 => prop::collection::vec(pair, 0..10).prop_map(|p| format!("?{}", p.join("&"))),
        1 => prop::collection::vec(any::<u8>(), 0..200)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => any::<String>(),
    ]
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn any_address_restores_a_valid_state(q in query()) {
        let parsed = Shared::parse(&q);
        prop_assert!(parsed.shared.check().is_ok(), "{}: {:?}", q, parsed.shared.check());
        let (state, _) = parsed.restore().unwrap();
        invariants(&state)?;
        prop_assert!(state.error.is_none());
        // And it goes out again as a link that reads back without a problem.
        through_link(&state)?;
    }

    #[test]
    fn any_stored_text_is_used_whole_or_not_at_all(
        body in prop_oneof![any::<String>(), query()],
        header in any::<bool>(),
    ) {
        let text = if header { format!("{}\n{body}", super::url::STORE_HEADER) } else { body };
        if let Ok(shared) = Shared::from_stored(&text) {
            prop_assert!(shared.check().is_ok());
            if let Ok(state) = shared.to_state() {
                invariants(&state)?;
            }
        }
    }
}
