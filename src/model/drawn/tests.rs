use std::rc::Rc;

use super::*;
use crate::model::keys::{MAX_DRAWN, MAX_DRAWN_LIMIT};
use crate::model::url::{Limits, Shared};
use crate::model::{Action, AlgoId};

fn apply(s: &State, a: Action) -> State {
    s.apply(a).unwrap()
}

fn keys(count: &str) -> Action {
    Action::GenerateKeys {
        count: count.into(),
        seed: "7".into(),
    }
}

fn add(name: &str) -> Action {
    Action::AddNode {
        name: name.into(),
        weight: "100".into(),
        vnodes: String::new(),
    }
}

/// The positions of the sampled keys, computed from the keys themselves.
fn positions_by_hand(snap: &Snapshot, set: &KeySet) -> Vec<u64> {
    set.sample
        .iter()
        .map(|&i| snap.placement.key_position(&set.keys[i as usize]))
        .collect()
}

#[test]
fn the_default_draws_two_thousand_and_the_setting_draws_more() {
    let first = State::initial().unwrap();
    assert_eq!(first.keys.drawn, MAX_DRAWN);
    assert_eq!(first.keys.sample.len(), MAX_DRAWN as usize);
    let all = apply(&first, Action::SetDrawn("10,000".into()));
    assert_eq!(all.keys.drawn, 10_000);
    // 10,000 keys, 10,000 drawn: every key, in order.
    assert_eq!(*all.keys.sample, (0..10_000).collect::<Vec<u32>>());
    assert_eq!(
        all.current.sample_positions,
        positions_by_hand(&all.current, &all.keys)
    );
    // Nothing was placed again: the same placement object, keys and owners.
    assert!(Rc::ptr_eq(&all.current.placement, &first.current.placement));
    assert!(Rc::ptr_eq(&all.keys.keys, &first.keys.keys));
    assert_eq!(all.current.owners, first.current.owners);
    assert_eq!(all.current.loads, first.current.loads);
    assert!(all.version > first.version && all.error.is_none());
    // None at all.
    let none = apply(&all, Action::SetDrawn("0".into()));
    assert!(none.keys.sample.is_empty() && none.current.sample_positions.is_empty());
}

#[test]
fn new_keys_keep_the_drawn_count() {
    let s = apply(&State::initial().unwrap(), Action::SetDrawn("20000".into()));
    let more = apply(&s, keys("50000"));
    assert_eq!(more.keys.drawn, 20_000);
    assert_eq!(more.keys.sample.len(), 20_000);
    assert_eq!(more.current.sample_positions.len(), 20_000);
    let pasted = apply(&more, Action::PasteKeys("a\nb\nc".into()));
    assert_eq!(pasted.keys.drawn, 20_000);
    assert_eq!(*pasted.keys.sample, vec![0, 1, 2]);
    // A reset is the first example again, drawing the default.
    assert_eq!(apply(&pasted, Action::Reset).keys.drawn, MAX_DRAWN);
}

/// Setting the count after a change gives the same moves and positions as having it set
/// before the change (as the job found them by comparing every key).
#[test]
fn the_last_change_is_kept_and_seen_through_the_new_sample() {
    let s = apply(&State::initial().unwrap(), keys("30000"));
    let s = apply(&s, Action::SetAlgorithm(AlgoId::Modulo));
    let changed = apply(&s, add("cache-e"));
    let later = apply(&changed, Action::SetDrawn("20000".into()));
    let early = apply(&apply(&s, Action::SetDrawn("20000".into())), add("cache-e"));
    let (lc, ec) = (
        later.change.as_deref().unwrap(),
        early.change.as_deref().unwrap(),
    );
    // The same change, still playing (its serial is what the animation follows).
    assert_eq!(lc.serial, changed.change.as_deref().unwrap().serial);
    assert_eq!(lc.summary, ec.summary);
    assert_eq!(lc.flows, ec.flows);
    assert_eq!(lc.moves, ec.moves);
    // Modulo moves most keys: far more than 10,000 of the 20,000 drawn.
    assert!(lc.moves.len() > 10_000, "{} moved", lc.moves.len());
    assert_eq!(
        lc.before.sample_positions,
        positions_by_hand(&lc.before, &later.keys)
    );
    assert_eq!(
        later.current.sample_positions,
        early.current.sample_positions
    );
    assert!(lc.animatable(&later.current));
    // And back to fewer: the moves are those of the smaller sample.
    let fewer = apply(&later, Action::SetDrawn("2000".into()));
    let fc = fewer.change.as_deref().unwrap();
    assert_eq!(fc.moves, changed.change.as_deref().unwrap().moves);
}

#[test]
fn a_bad_count_is_refused_next_to_the_control_and_changes_nothing() {
    let s = State::initial().unwrap();
    for (typed, says) in [
        (
            "20001",
            "20001 is out of range: the number of keys drawn is a whole number from 0 to 20000",
        ),
        ("-5", "is not a whole number"),
        ("", "The number of keys drawn is empty"),
        ("2k", "is not a whole number"),
        ("1e4", "is not a whole number"),
        ("99999999999999999999999", "out of range"),
    ] {
        let e = s.apply(Action::SetDrawn(typed.into())).unwrap_err();
        assert_eq!(e.field, Field::Drawn);
        assert_eq!(e.text.as_deref(), Some(typed));
        assert!(e.message.contains(says), "{typed}: {}", e.message);
        // The Chinese wording, with the range, is checked in `src/i18n/model_tests.rs`.
        // The reducer keeps the state and records the error.
        let kept = s.with_error(e);
        assert_eq!(kept.keys.drawn, MAX_DRAWN);
        assert!(Rc::ptr_eq(&kept.current, &s.current));
    }
}

#[test]
fn the_link_and_the_stored_state_carry_the_count() {
    let s = apply(&State::initial().unwrap(), Action::SetDrawn("12345".into()));
    let shared = Shared::of(&s, None);
    assert_eq!(shared.drawn, 12_345);
    let query = shared.to_query(Limits::LINK);
    assert!(query.contains("drawn=12345"), "{query}");
    let parsed = Shared::parse(&query);
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    assert!(parsed.has_state);
    assert_eq!(parsed.shared, shared);
    let (back, _) = parsed.restore().unwrap();
    assert_eq!(back.keys.drawn, 12_345);
    assert_eq!(back.keys.sample, s.keys.sample);
    assert_eq!(back.current.sample_positions, s.current.sample_positions);
    let stored = Shared::from_stored(&shared.to_stored()).unwrap();
    assert_eq!(stored.drawn, 12_345);
    // The default is left out, so the first example's link stays empty.
    let first = Shared::of(&State::initial().unwrap(), None);
    assert!(!first.to_query(Limits::LINK).contains("drawn"));
    assert_eq!(first.to_query(Limits::LINK), "");
    // Zero is a count like any other.
    assert_eq!(Shared::parse("drawn=0").shared.drawn, 0);
}

#[test]
fn a_bad_count_in_a_link_is_reported_and_the_rest_used() {
    for (query, says) in [
        ("drawn=20001&algo=jump", "drawn: 20001 is out of range: the number of keys drawn is a whole number from 0 to 20000"),
        ("drawn=-1&algo=jump", "is not a whole number"),
        ("drawn=&algo=jump", "is not a whole number"),
        ("drawn=1%2C000&algo=jump", "is not a whole number"),
    ] {
        let parsed = Shared::parse(query);
        assert_eq!(parsed.shared.drawn, MAX_DRAWN, "{query}");
        assert_eq!(parsed.shared.kind, AlgoId::Jump);
        assert_eq!(parsed.problems.len(), 1, "{query}: {:?}", parsed.problems);
        assert!(parsed.problems[0].contains(says), "{query}: {:?}", parsed.problems);
    }
    let twice = Shared::parse("drawn=100&drawn=200");
    assert_eq!(twice.shared.drawn, 100);
    assert_eq!(twice.problems.len(), 1);
    // A description out of range is not one the page can show.
    let wide = Shared {
        drawn: MAX_DRAWN_LIMIT + 1,
        ..Shared::default()
    };
    assert!(wide.check().is_err());
}
