//! Every input of the six views, typed wrong: each refusal names the control, says what is
//! wrong and what is allowed, and leaves the state as it was (the reducer then records the
//! error and nothing else). Hostile text that is allowed (markup, quotes, bidi controls,
//! emoji) is kept exactly as typed.

use ring_core::registry::ParamRef;
use std::rc::Rc;

use super::chord_view::{chord_view, ChordSettings};
use super::limits::{
    Refusal, MAX_KEYS, MAX_KEY_BYTES, MAX_LOOKUP_KEY_BYTES, MAX_PASTE_BYTES, MAX_SCORES,
};
use super::paper::{parse_nodes, parse_vnodes};
use super::replication_view::parse_replicas;
use super::{Action, AlgoId, Field, InputError, NodeId, State};

fn initial() -> State {
    State::initial().unwrap()
}

fn add(name: &str, weight: &str, vnodes: &str) -> Action {
    Action::AddNode {
        name: name.into(),
        weight: weight.into(),
        vnodes: vnodes.into(),
    }
}

fn id_of(s: &State, name: &str) -> NodeId {
    s.nodes.iter().find(|n| n.name == name).unwrap().id
}

/// Everything but the error and the version is as it was.
fn unchanged(before: &State, after: &State) {
    assert_eq!(after.nodes, before.nodes);
    assert_eq!(after.kind, before.kind);
    assert_eq!(after.params, before.params);
    assert_eq!(after.hash, before.hash);
    assert_eq!(after.default_vnodes, before.default_vnodes);
    assert!(Rc::ptr_eq(&after.keys.keys, &before.keys.keys));
    assert!(Rc::ptr_eq(&after.current, &before.current));
    assert_eq!(after.explain_key, before.explain_key);
    assert_eq!(after.view, before.view);
    assert_eq!(after.tour_step, before.tour_step);
}

/// Applies `action`, expects a refusal for `field` whose message contains every one of
/// `words`, and checks that the reducer's state differs only by the error.
fn refused(s: &State, action: Action, field: Field, words: &[&str]) -> Rc<InputError> {
    let label = format!("{action:?}");
    let label: String = label.chars().take(120).collect();
    let e = s.apply(action).unwrap_err();
    assert_eq!(e.field, field, "{label}: {e:?}");
    let message = e.message.to_string();
    for w in words {
        assert!(message.contains(w), "{label}: {message:?} lacks {w:?}");
    }
    let e = Rc::new(e);
    let after = s.with_error(Rc::clone(&e));
    unchanged(s, &after);
    assert_eq!(after.error.as_ref(), Some(&e));
    e
}

#[test]
fn node_names() {
    let s = initial();
    for blank in [
        "",
        "   ",
        "\t",
        "\u{200B}",
        "\u{202E}\u{2066}",
        "\u{FEFF}\u{2060}",
    ] {
        refused(&s, add(blank, "100", ""), Field::AddName, &["empty name"]);
    }
    refused(
        &s,
        add("cache-a", "100", ""),
        Field::AddName,
        &["\"cache-a\"", "names must be unique"],
    );
    refused(
        &s,
        add(&"x".repeat(257), "100", ""),
        Field::AddName,
        &["257 bytes", "at most 256"],
    );
    let long = "n".repeat(10_000);
    let e = refused(&s, add(&long, "100", ""), Field::AddName, &["10000 bytes"]);
    // The message names the length, not the name: it stays short enough to read.
    assert!(e.message.to_string().len() < 120, "{}", e.message);
    // 256 bytes of two-byte characters is the most there is.
    let t = s.apply(add(&"é".repeat(128), "100", "")).unwrap();
    assert_eq!(t.nodes.len(), 5);
    refused(
        &s,
        add(&"é".repeat(129), "100", ""),
        Field::AddName,
        &["258 bytes", "at most 256"],
    );
}

#[test]
fn hostile_names_are_kept_as_typed() {
    let mut s = initial();
    let names = [
        "<img src=x onerror=alert(1)>",
        "<script>alert('x')</script>",
        "\"quoted\" 'single' `back`",
        "abc\u{202E}gnp.exe",
        "zero\u{200B}width",
        "🦀👩‍👩‍👧 emoji",
        "=HYPERLINK(\"http://x\")",
        "a,b:c%20d&e=f#g?h",
    ];
    for name in names {
        s = s.apply(add(name, "100", "")).unwrap();
        assert_eq!(s.nodes.last().unwrap().name, name);
        assert!(s.error.is_none());
    }
    let shown: Vec<&str> = s.current.nodes.iter().map(|n| n.name.as_str()).collect();
    for name in names {
        assert!(shown.contains(&name), "{name}");
    }
    // A name is trimmed of surrounding whitespace only.
    let t = s.apply(add("  padded  ", "100", "")).unwrap();
    assert_eq!(t.nodes.last().unwrap().name, "padded");
}

#[test]
fn weights() {
    let s = initial();
    let a = id_of(&s, "cache-a");
    let range = "a weight is a whole number from 1 to 1000000";
    for (typed, words) in [
        ("-3", vec!["\"-3\"", "not a whole number", range]),
        ("abc", vec!["\"abc\"", "not a whole number", range]),
        ("1e12", vec!["\"1e12\"", "not a whole number", range]),
        ("2.5", vec!["\"2.5\"", range]),
        ("", vec!["empty", range]),
        ("0", vec!["weight 0", range]),
        ("1000001", vec!["weight 1000001", range]),
        ("1000000000000", vec!["1000000000000", "too large", range]),
        ("99999999999999999999999", vec!["not a whole number", range]),
    ] {
        refused(&s, add("n", typed, ""), Field::AddWeight, &words);
        let e = refused(
            &s,
            Action::SetWeight(a, typed.into()),
            Field::NodeWeight(a),
            &words,
        );
        // The box keeps what was typed while the message stands.
        assert_eq!(e.text.as_deref(), Some(typed));
    }
}

#[test]
fn virtual_node_counts() {
    let s = initial();
    let a = id_of(&s, "cache-a");
    let range = "1 to 10000";
    for typed in ["0", "10001", "-1", "many", "4294967296", "1e3"] {
        refused(&s, add("n", "100", typed), Field::AddVnodes, &[range]);
        refused(
            &s,
            Action::SetVnodes(a, typed.into()),
            Field::NodeVnodes(a),
            &[range],
        );
        refused(
            &s,
            Action::SetDefaultVnodes(typed.into()),
            Field::DefaultVnodes,
            &[range],
        );
    }
    refused(
        &s,
        Action::SetDefaultVnodes(String::new()),
        Field::DefaultVnodes,
        &["empty", range],
    );
    // Too many points in all: the core's limit, named with its number.
    let e = refused(
        &s,
        add("heavy", "1000000", "10000"),
        Field::AddVnodes,
        &["points", "at most 2000000"],
    );
    assert!(
        e.message.to_string().contains("the ring would hold"),
        "{}",
        e.message
    );
}

#[test]
fn algorithm_parameters() {
    let s = initial();
    let slots = s.apply(Action::SetAlgorithm(AlgoId::SlotTable)).unwrap();
    for typed in ["0", "1048577", "abc", "", "-1"] {
        refused(
            &slots,
            Action::SetParam {
                param: ParamRef::new(AlgoId::SlotTable, 0),
                text: typed.into(),
            },
            Field::Param(ParamRef::new(AlgoId::SlotTable, 0)),
            &["from 1 to 1048576"],
        );
    }
    let maglev = s.apply(Action::SetAlgorithm(AlgoId::Maglev)).unwrap();
    refused(
        &maglev,
        Action::SetParam {
            param: ParamRef::new(AlgoId::Maglev, 0),
            text: "100".into(),
        },
        Field::Param(ParamRef::new(AlgoId::Maglev, 0)),
        &["100", "prime", "2 to 1000003"],
    );
    refused(
        &maglev,
        Action::SetParam {
            param: ParamRef::new(AlgoId::Maglev, 0),
            text: "3".into(),
        },
        Field::Param(ParamRef::new(AlgoId::Maglev, 0)),
        &["at least the node count (4)"],
    );
    for typed in ["1", "1000004", "x"] {
        refused(
            &maglev,
            Action::SetParam {
                param: ParamRef::new(AlgoId::Maglev, 0),
                text: typed.into(),
            },
            Field::Param(ParamRef::new(AlgoId::Maglev, 0)),
            &["2 to 1000003"],
        );
    }
    let bounded = s.apply(Action::SetAlgorithm(AlgoId::Bounded)).unwrap();
    for typed in ["-1", "0", "101", "NaN", "inf", "1e400"] {
        refused(
            &bounded,
            Action::SetParam {
                param: ParamRef::new(AlgoId::Bounded, 0),
                text: typed.into(),
            },
            Field::Param(ParamRef::new(AlgoId::Bounded, 0)),
            &["above 0", "at most 100"],
        );
    }
    refused(
        &bounded,
        Action::SetParam {
            param: ParamRef::new(AlgoId::Bounded, 0),
            text: "abc".into(),
        },
        Field::Param(ParamRef::new(AlgoId::Bounded, 0)),
        &["\"abc\"", "not a number", "above 0"],
    );
    let gozero = s.apply(Action::SetAlgorithm(AlgoId::GoZero)).unwrap();
    for typed in ["0", "10001", "x"] {
        refused(
            &gozero,
            Action::SetParam {
                param: ParamRef::new(AlgoId::GoZero, 0),
                text: typed.into(),
            },
            Field::Param(ParamRef::new(AlgoId::GoZero, 0)),
            &["from 1 to 10000"],
        );
    }
}

#[test]
fn keys() {
    let s = initial();
    let range = format!("from 1 to {MAX_KEYS}");
    for typed in ["0", "10000001", "1000001", "ten", "-3", "", "1e6"] {
        refused(
            &s,
            Action::GenerateKeys {
                count: typed.into(),
                seed: "1".into(),
            },
            Field::KeyCount,
            &[&range],
        );
    }
    let t = s
        .apply(Action::GenerateKeys {
            count: MAX_KEYS.to_string(),
            seed: "1".into(),
        })
        .unwrap()
        .run_pending();
    assert_eq!(t.keys.len(), MAX_KEYS as usize);
    for typed in ["-1", "abc", "18446744073709551616"] {
        refused(
            &s,
            Action::GenerateKeys {
                count: "10".into(),
                seed: typed.into(),
            },
            Field::Seed,
            &["18446744073709551615"],
        );
    }
    refused(
        &s,
        Action::PasteKeys(" \n\n ".into()),
        Field::Paste,
        &["no keys"],
    );
    let long_key = format!("ok\n{}\n", "k".repeat(10_000));
    refused(
        &s,
        Action::PasteKeys(long_key),
        Field::Paste,
        &["key 2 is 10000 bytes", &format!("at most {MAX_KEY_BYTES}")],
    );
    let many = "k\n".repeat(MAX_KEYS as usize + 1);
    refused(
        &s,
        Action::PasteKeys(many),
        Field::Paste,
        &[
            &format!("{} keys is too many", MAX_KEYS + 1),
            &format!("1 to {MAX_KEYS} keys"),
        ],
    );
    let huge = "k".repeat(MAX_PASTE_BYTES + 1);
    let e = refused(
        &s,
        Action::PasteKeys(huge),
        Field::Paste,
        &["8388609 bytes", "at most 8388608 bytes"],
    );
    assert_eq!(
        e.refusal,
        Some(Refusal::PasteTooLarge {
            bytes: MAX_PASTE_BYTES + 1,
            max: MAX_PASTE_BYTES
        })
    );
    // Hostile pasted keys are keys like any other.
    let t = s
        .apply(Action::PasteKeys(
            "<script>alert(1)</script>\n\u{202E}abc\n=1+1\n🦀".into(),
        ))
        .unwrap();
    assert_eq!(t.keys.keys[0], "<script>alert(1)</script>");
    assert_eq!(t.keys.len(), 4);
    refused(
        &s,
        Action::Explain("k".repeat(MAX_LOOKUP_KEY_BYTES + 1)),
        Field::Explain,
        &["1025 bytes", "at most 1024"],
    );
}

#[test]
fn rendezvous_over_many_nodes_and_keys_is_refused_where_the_change_was_made() {
    let s = initial();
    let mut big = s
        .apply(Action::GenerateKeys {
            count: "100000".into(),
            seed: "1".into(),
        })
        .unwrap()
        .run_pending();
    for i in 0..97 {
        big = big.apply(add(&format!("n{i}"), "100", "")).unwrap();
    }
    assert_eq!(big.nodes.len(), 101);
    let e = refused(
        &big,
        Action::SetAlgorithm(AlgoId::Rendezvous),
        Field::Algorithm,
        &["101 nodes × 100000 keys", "at most 10000000"],
    );
    assert_eq!(
        e.refusal,
        Some(Refusal::TooManyScores {
            nodes: 101,
            keys: 100_000,
            max: MAX_SCORES
        })
    );
    // With one node down it fits; bringing it back is refused at its button.
    let last = big.nodes.last().unwrap().id;
    let down = big.apply(Action::SetDown(last, true)).unwrap();
    let r = down
        .apply(Action::SetAlgorithm(AlgoId::Rendezvous))
        .unwrap()
        .run_pending();
    refused(
        &r,
        Action::SetDown(last, false),
        Field::Node(last),
        &["scores"],
    );
    refused(&r, add("one-more", "100", ""), Field::AddName, &["scores"]);
    refused(
        &r,
        Action::GenerateKeys {
            count: "100001".into(),
            seed: "1".into(),
        },
        Field::KeyCount,
        &["scores"],
    );
}

#[test]
fn nodes_that_cannot_leave() {
    let s = initial();
    let mut one = s.clone();
    for name in ["cache-b", "cache-c", "cache-d"] {
        one = one.apply(Action::RemoveNode(id_of(&one, name))).unwrap();
    }
    let a = id_of(&one, "cache-a");
    refused(
        &one,
        Action::RemoveNode(a),
        Field::Node(a),
        &["at least one node"],
    );
    refused(
        &one,
        Action::SetDown(a, true),
        Field::Node(a),
        &["at least one node"],
    );
    let jump = s.apply(Action::SetAlgorithm(AlgoId::Jump)).unwrap();
    let b = id_of(&jump, "cache-b");
    refused(
        &jump,
        Action::RemoveNode(b),
        Field::Node(b),
        &["only the last one"],
    );
    let gone = NodeId(999);
    refused(
        &s,
        Action::RemoveNode(gone),
        Field::Node(gone),
        &["no longer exists"],
    );
    refused(
        &s,
        Action::SetWeight(gone, "5".into()),
        Field::NodeWeight(gone),
        &["no longer exists"],
    );
}

#[test]
fn a_message_goes_with_the_next_accepted_action_even_one_that_changes_nothing() {
    let s = initial();
    let e = s.apply(add("", "100", "")).unwrap_err();
    let r = s.with_error(e);
    let a = id_of(&r, "cache-a");
    // Marking an up node up again changes nothing, but the old message must not stay.
    let t = r.apply(Action::SetDown(a, false)).unwrap();
    assert!(t.error.is_none());
    assert_ne!(
        t.version, r.version,
        "the page must re-render to drop the message"
    );
}

#[test]
fn tour_steps() {
    let s = initial();
    for step in [0, super::tour::STEP_COUNT + 1, u32::MAX] {
        refused(
            &s,
            Action::SetTourStep(step),
            Field::TourStep,
            &["there is no step"],
        );
    }
}

#[test]
fn the_teaching_views_inputs() {
    let s = initial();
    // Chord: the key.
    let long = ChordSettings {
        key: "k".repeat(MAX_LOOKUP_KEY_BYTES + 1),
        ..ChordSettings::default()
    };
    let e = chord_view(&s, &long).unwrap_err().to_string();
    assert!(
        e.contains("1025 bytes") && e.contains("at most 1024"),
        "{e}"
    );
    let hostile = ChordSettings {
        key: "<script>\u{202E}".into(),
        ..ChordSettings::default()
    };
    assert!(chord_view(&s, &hostile).is_ok());
    // Replication: R.
    for (typed, words) in [
        ("99", vec!["99", "node count (4)"]),
        ("0", vec!["0"]),
        ("abc", vec!["\"abc\"", "from 1 to 4"]),
        ("-1", vec!["from 1 to 4"]),
    ] {
        let e = parse_replicas(&s, typed).unwrap_err().to_string();
        for w in words {
            assert!(e.contains(w), "{typed}: {e}");
        }
    }
    // Paper: the lists.
    for typed in ["0", "10001", "abc", "", "5..1", "1..10000"] {
        assert!(parse_nodes(typed).is_err(), "{typed}");
    }
    assert!(parse_vnodes("10001")
        .unwrap_err()
        .to_string()
        .contains("10000"));
}
