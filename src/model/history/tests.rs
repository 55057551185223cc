use std::rc::Rc;

use ring_core::registry::ParamRef;
use ring_core::HashFn;

use super::*;
use crate::model::{Action, AlgoId, NodeId, State};

fn initial() -> State {
    State::initial().unwrap()
}

fn apply(s: &State, action: Action) -> State {
    s.apply(action)
        .unwrap_or_else(|e| panic!("{:?}", e.message))
        .run_pending()
}

/// What undo must restore: the nodes, the configuration, the keys and the very placement.
fn same_lab(a: &State, b: &State) -> bool {
    let nodes = |s: &State| -> Vec<(NodeId, String, u32, Option<u32>, bool)> {
        s.nodes
            .iter()
            .map(|n| (n.id, n.name.clone(), n.weight, n.vnodes, n.down))
            .collect()
    };
    nodes(a) == nodes(b)
        && a.kind == b.kind
        && a.hash == b.hash
        && a.default_vnodes == b.default_vnodes
        && a.params == b.params
        && a.keys.keys == b.keys.keys
        && Rc::ptr_eq(&a.current, &b.current)
}

#[test]
fn undo_after_every_kind_of_change_restores_the_lab_exactly_and_redo_replays_it() {
    let s = initial();
    let first = s.nodes[0].id;
    let changes = [
        Action::AddNode {
            name: "cache-e".into(),
            weight: "200".into(),
            vnodes: "".into(),
        },
        Action::RemoveNode(first),
        Action::SetDown(first, true),
        Action::SetWeight(first, "300".into()),
        Action::SetVnodes(first, "7".into()),
        Action::SetDefaultVnodes("40".into()),
        Action::SetAlgorithm(AlgoId::Jump),
        Action::SetHash(HashFn::ALL[1]),
        Action::SetParam {
            param: ParamRef::new(AlgoId::Virtual, 0),
            text: "dash".into(),
        },
        Action::GenerateKeys {
            count: "500".into(),
            seed: "9".into(),
        },
        Action::PasteKeys("a\nb\nc".into()),
        Action::ReplaceNodes("10.0.0.1:11211\n10.0.0.2:11211".into()),
        Action::Reset,
    ];
    for change in changes {
        // After some other change, so that the state undone to is not the first.
        let before = apply(&s, Action::SetWeight(first, "150".into()));
        let after = apply(&before, change.clone());
        assert!(!same_lab(&before, &after), "{change:?} changed nothing");
        assert!(
            after.history.can_undo() && !after.history.can_redo(),
            "{change:?}: {} steps, at {}",
            after.history.states.len(),
            after.history.at
        );
        let undone = apply(&after, Action::Undo);
        assert!(same_lab(&undone, &before), "undo after {change:?}");
        assert!(undone.change.is_none(), "undo plays no change");
        assert!(undone.version > after.version);
        let redone = apply(&undone, Action::Redo);
        assert!(same_lab(&redone, &after), "redo after {change:?}");
        assert_eq!(
            redone.change.as_ref().map(|c| c.serial),
            after.change.as_ref().map(|c| c.serial),
            "redo shows the change again: {change:?}"
        );
        // Undone twice: the lab as it opened.
        let twice = apply(&undone, Action::Undo);
        assert!(same_lab(&twice, &s), "undo twice after {change:?}");
        assert!(!twice.history.can_undo());
    }
}

#[test]
fn a_new_change_after_undo_forgets_the_steps_undone_and_views_are_no_steps() {
    let s = initial();
    let a = apply(
        &s,
        Action::AddNode {
            name: "cache-e".into(),
            weight: "100".into(),
            vnodes: "".into(),
        },
    );
    let b = apply(&a, Action::SetAlgorithm(AlgoId::Maglev));
    assert_eq!((b.history.states.len(), b.history.at), (3, 2));
    // A view, an explained key, a refused input: no step.
    let viewed = apply(&b, Action::SetView(crate::model::ViewKind::Compare));
    let explained = apply(&viewed, Action::Explain("user:1".into()));
    // As the page's reducer keeps a refusal: the state with its error.
    let error = explained
        .apply(Action::SetWeight(s.nodes[0].id, "lots".into()))
        .unwrap_err();
    let refused = explained.with_error(error);
    assert_eq!(refused.history.states.len(), 3);
    // Undo keeps the view shown.
    let undone = apply(&explained, Action::Undo);
    assert_eq!(undone.view, crate::model::ViewKind::Compare);
    assert!(same_lab(&undone, &a));
    let other = apply(&undone, Action::SetAlgorithm(AlgoId::Jump));
    assert_eq!((other.history.states.len(), other.history.at), (3, 2));
    assert!(!other.history.can_redo());
    // Going to a step: the first, the last; past the end and at the start nothing happens.
    let start = apply(&other, Action::GoToStep(0));
    assert!(same_lab(&start, &s));
    let nothing = apply(&start, Action::Undo);
    assert!(same_lab(&nothing, &start));
    let end = apply(&start, Action::GoToStep(2));
    assert!(same_lab(&end, &other));
    assert!(same_lab(&apply(&end, Action::GoToStep(99)), &end));
}

#[test]
fn the_history_keeps_the_last_steps_only() {
    let mut s = initial();
    let id = s.nodes[0].id;
    for w in 0..(MAX_STEPS as u32 + 20) {
        s = apply(&s, Action::SetWeight(id, (101 + w).to_string()));
    }
    assert_eq!(s.history.states.len(), MAX_STEPS);
    assert_eq!(s.history.at, MAX_STEPS - 1);
    // The oldest kept is the weight set 49 changes ago.
    let oldest = apply(&s, Action::GoToStep(0));
    assert_eq!(oldest.nodes[0].weight, 101 + 20);
    // A state kept holds no history of its own: no chain of histories.
    assert!(s.history.states.iter().all(|k| k.history.states.is_empty()));
}
