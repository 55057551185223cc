use proptest::prelude::*;

use super::*;
use crate::model::algo::{AlgoId, AlgoParams};
use crate::model::{Action, Field};
use ring_core::error::MAX_WEIGHT;
use ring_core::registry::{ParamKind, ParamRef};
use ring_core::HashFn;

fn add(s: &State, name: &str, weight: &str) -> State {
    s.apply(Action::AddNode {
        name: name.into(),
        weight: weight.into(),
        vnodes: String::new(),
    })
    .unwrap()
}

fn id_of(s: &State, name: &str) -> NodeId {
    s.nodes.iter().find(|n| n.name == name).unwrap().id
}

/// Everything a page draws from a state, in words: each node (name, weight, own virtual
/// nodes, down, colour), the configuration, and the owner of every key by node name.
fn picture_of(s: &State) -> Vec<String> {
    let nodes = s.nodes.iter().map(|n| {
        format!(
            "{}:{}:{:?}:{}:{}",
            n.name, n.weight, n.vnodes, n.down, n.slot
        )
    });
    let owners = s
        .current
        .owners
        .iter()
        .map(|&o| s.current.nodes[o as usize].name.clone());
    nodes
        .chain(std::iter::once(format!("{:?}", s.config())))
        .chain(owners)
        .collect()
}

/// Through a link and back, as a second page would.
fn through_link(s: &State, theme: Option<ThemeChoice>) -> (State, Parsed) {
    let query = Shared::of(s, theme).to_query(Limits::LINK);
    let parsed = Shared::parse(&format!("?{query}"));
    assert_eq!(parsed.problems, Vec::<Msg>::new(), "{query}");
    (parsed.shared.to_state().unwrap(), parsed)
}

#[test]
fn defaults_are_the_first_state() {
    let first = State::initial().unwrap();
    assert_eq!(Shared::of(&first, None), Shared::default());
    assert_eq!(first.default_vnodes, defaults::VNODES);
    let again = Shared::default().to_state().unwrap();
    assert_eq!(picture_of(&again), picture_of(&first));
    // The first example needs no parameters; a theme alone is a parameter.
    assert_eq!(Shared::default().to_query(Limits::LINK), "");
    let dark = Shared {
        theme: Some(ThemeChoice::Dark),
        ..Shared::default()
    };
    assert!(dark.to_query(Limits::LINK).contains("theme=dark"));
    let parsed = Shared::parse("");
    assert!(!parsed.has_state && parsed.problems.is_empty());
}

#[test]
fn the_language_travels_in_links_and_stored_states() {
    // Unset, the page follows the browser and no parameter is written.
    assert_eq!(Shared::default().lang, None);
    assert!(!Shared::default().to_query(Limits::LINK).contains("lang"));
    for lang in Lang::ALL {
        let mut s = Shared::of(&add(&State::initial().unwrap(), "cache-e", "100"), None);
        s.lang = Some(lang);
        let query = s.to_query(Limits::LINK);
        assert!(query.contains(&format!("lang={}", lang.id())), "{query}");
        let parsed = Shared::parse(&query);
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        assert!(parsed.has_state);
        assert_eq!(parsed.shared, s);
        // The picture is the same whatever the language.
        let (state, _) = parsed.restore().unwrap();
        assert_eq!(picture_of(&state), picture_of(&s.to_state().unwrap()));
        let stored = Shared::from_stored(&s.to_stored()).unwrap();
        assert_eq!(stored.lang, Some(lang));
        // A language alone is a parameter, like a theme.
        let only = Shared {
            lang: Some(lang),
            ..Shared::default()
        };
        let query = only.to_query(Limits::LINK);
        assert_eq!(Shared::parse(&query).shared, only, "{query}");
    }
    assert_eq!(Shared::parse("lang=zh").shared.lang, Some(Lang::Zh));
    assert_eq!(Shared::parse("lang=zh-CN").shared.lang, Some(Lang::Zh));
    assert_eq!(Shared::parse("lang=EN").shared.lang, Some(Lang::En));
    let bad = Shared::parse("lang=fr&algo=jump");
    assert_eq!(bad.shared.lang, None);
    assert_eq!(bad.shared.kind, AlgoId::Jump);
    assert_eq!(bad.problems.len(), 1);
    assert!(
        bad.problems[0].contains("lang: “fr” is not a language: use en, zh"),
        "{:?}",
        bad.problems
    );
    // The Chinese wording of the refusal is checked in `src/i18n/model_tests.rs`.
}

#[test]
fn nodes_added_one_by_one_need_no_colours() {
    let mut s = State::initial().unwrap();
    for i in 0..20 {
        s = add(&s, &format!("n{i}"), "100");
    }
    let query = Shared::of(&s, None).to_query(Limits::LINK);
    assert!(!query.contains(":c"), "{query}");
    let (back, _) = through_link(&s, None);
    assert_eq!(picture_of(&back), picture_of(&s));
}

#[test]
fn the_example_link_from_the_issue_reads_as_written() {
    let parsed = Shared::parse("?algo=ketama&hash=md5&nodes=a:600,b:300&keys=10000&seed=42");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    assert!(parsed.has_state);
    let s = &parsed.shared;
    assert_eq!(s.kind, AlgoId::Ketama);
    assert_eq!(s.hash, HashFn::Md5);
    let nodes: Vec<(&str, u32)> = s
        .nodes
        .iter()
        .map(|n| (n.name.as_str(), n.weight))
        .collect();
    assert_eq!(nodes, [("a", 600), ("b", 300)]);
    assert_eq!(
        s.keys,
        SharedKeys::Generated {
            count: 10_000,
            seed: 42
        }
    );
    let state = s.to_state().unwrap();
    // ketama's points in proportion to weight: a has twice b's, from the core.
    let loads = &state.current.loads;
    assert!(loads[0] > loads[1], "{loads:?}");
    // And the page writes it the same way (ketama's weighting is its parameter).
    assert_eq!(
        s.to_query(Limits::LINK),
        "algo=ketama&hash=md5&weighting=libketama&nodes=a:600,b:300&keys=10000&seed=42"
    );
}

#[test]
fn a_changed_state_comes_back_through_a_link() {
    let mut s = State::initial().unwrap();
    s = add(&s, "cache-e", "250");
    let b = id_of(&s, "cache-b");
    s = s.apply(Action::RemoveNode(b)).unwrap();
    // cache-f takes cache-b's free colour, which is not what fifth in the list would take.
    s = add(&s, "cache-f", "100");
    let c = id_of(&s, "cache-c");
    s = s.apply(Action::SetDown(c, true)).unwrap();
    s = s
        .apply(Action::SetVnodes(id_of(&s, "cache-a"), "40".into()))
        .unwrap();
    s = s.apply(Action::SetHash(HashFn::Fnv1a_64)).unwrap();
    s = s.apply(Action::Explain("user:7".into())).unwrap();
    let (back, parsed) = through_link(&s, Some(ThemeChoice::Dark));
    assert_eq!(picture_of(&back), picture_of(&s));
    assert_eq!(back.explain_key, "user:7");
    assert_eq!(parsed.shared.theme, Some(ThemeChoice::Dark));
    // Colours are written only where the list order would not give them: after the gap
    // cache-b left, and for cache-f, which took cache-b's colour (the lab as it is now,
    // without the history that made it).
    let query = Shared::without_change(&s, None).to_query(Limits::LINK);
    assert!(
        query.contains(
            "nodes=cache-a:100:v40,cache-c:100:c2:down,cache-d:100,cache-e:250,cache-f:100:c1&"
        ),
        "{query}"
    );
    // A new node after the restore gets a fresh id.
    let more = add(&back, "cache-g", "100");
    assert_eq!(more.nodes.len(), back.nodes.len() + 1);
}

#[test]
fn a_slot_table_after_joins_and_leaves_comes_back_exactly() {
    let mut s = State::initial()
        .unwrap()
        .apply(Action::SetAlgorithm(AlgoId::SlotTable))
        .unwrap();
    // Freshly dealt: no slot map in the link.
    assert!(!Shared::of(&s, None)
        .to_query(Limits::LINK)
        .contains("slotmap"));
    s = add(&s, "cache-e", "100");
    let b = id_of(&s, "cache-b");
    s = s.apply(Action::SetDown(b, true)).unwrap();
    // The table as it is now (a link made with its history rebuilds it from the deal).
    let query = Shared::without_change(&s, None).to_query(Limits::LINK);
    assert!(query.contains("slotmap="), "{query}");
    // Run-length coded: far shorter than one number per slot.
    assert!(query.len() < 1_500, "{} bytes: {query}", query.len());
    let without = Shared::parse(&query).shared.to_state().unwrap();
    assert_eq!(without.slot_owners, s.slot_owners);
    assert_eq!(picture_of(&without), picture_of(&s));
    let (back, _) = through_link(&s, None);
    assert_eq!(back.slot_owners, s.slot_owners);
    assert_eq!(picture_of(&back), picture_of(&s));
    // The restored table goes on moving only one node's keys.
    let up = back
        .apply(Action::SetDown(id_of(&back, "cache-b"), false))
        .unwrap();
    let share = up.change.as_ref().unwrap().summary.moved as f64 / 10_000.0;
    assert!((0.17..0.23).contains(&share), "{share}");
}

#[test]
fn pasted_keys_travel_when_short_and_are_counted_when_long() {
    let s = State::initial().unwrap();
    let short = s
        .apply(Action::PasteKeys("user:1\nsession, \"x\"\n=1+2".into()))
        .unwrap();
    let (back, _) = through_link(&short, None);
    assert_eq!(*back.keys.keys, ["user:1", "session, \"x\"", "=1+2"]);
    assert_eq!(back.keys.source, KeySource::Pasted);
    let long_text: Vec<String> = (0..2_000).map(|i| format!("key-{i}")).collect();
    let long = s.apply(Action::PasteKeys(long_text.join("\n"))).unwrap();
    let query = Shared::of(&long, None).to_query(Limits::LINK);
    assert!(
        query.contains("pasted=2000") && !query.contains("keylist"),
        "{query}"
    );
    let parsed = Shared::parse(&query);
    assert_eq!(parsed.problems.len(), 1);
    assert!(
        parsed.problems[0].contains("2000 pasted keys"),
        "{:?}",
        parsed.problems
    );
    let (state, problems) = parsed.restore().unwrap();
    assert_eq!(state.keys.len(), 10_000);
    assert_eq!(problems.len(), 1);
    // The browser's storage keeps them whole.
    let stored = Shared::of(&long, None).to_stored();
    let again = Shared::from_stored(&stored).unwrap().to_state().unwrap();
    assert_eq!(*again.keys.keys, long_text);
}

#[test]
fn names_that_look_like_syntax_or_markup_stay_names() {
    let s = State::initial().unwrap();
    let mut t = s.clone();
    for name in [
        "a,b:c",
        "50% off",
        "x+y z",
        "<script>alert(1)</script>",
        "名前",
        "a&b=c#d",
    ] {
        t = add(&t, name, "100");
    }
    let (back, _) = through_link(&t, None);
    assert_eq!(picture_of(&back), picture_of(&t));
    let parsed = Shared::parse("nodes=%3Cscript%3Ealert(1)%3C/script%3E:100");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    assert_eq!(parsed.shared.nodes[0].name, "<script>alert(1)</script>");
    // Written raw in a typed link, the browser would send these bytes as they are.
    let raw = Shared::parse("nodes=<script>alert(1)</script>:100");
    assert_eq!(raw.shared.nodes[0].name, "<script>alert(1)</script>");
}

#[test]
fn damaged_parameters_are_reported_one_by_one_and_ignored() {
    let parsed = Shared::parse("?algo=nope&nodes=%ZZ&keys=-5");
    assert_eq!(parsed.problems.len(), 3, "{:?}", parsed.problems);
    assert!(parsed.problems[0].starts_with("algo: “nope” is not an algorithm"));
    assert!(parsed.problems[1].contains("not a percent escape"));
    assert!(parsed.problems[2].contains("the key count is a whole number from 1 to 1000000"));
    assert_eq!(parsed.shared, Shared::default());
    let (state, problems) = parsed.restore().unwrap();
    assert_eq!(problems.len(), 3);
    assert_eq!(state.nodes.len(), 4);

    for (query, expect) in [
        ("bogus=1", "unknown parameter “bogus”"),
        ("algo=jump&algo=ketama", "given more than once"),
        ("nodes=a:0", "weight"),
        ("nodes=a:1,a:2", "unique"),
        ("nodes=a", "no weight"),
        ("nodes=a:1:down", "every node is down"),
        ("nodes=a:1:v0", "virtual-node count"),
        ("nodes=a:1:c64", "colour"),
        ("nodes=a:1:sideways", "not vN, cN or down"),
        ("nodes=a:1:down:down,b:1", "not vN, cN or down"),
        ("keys=1000001", "out of range"),
        ("keys=10000001", "out of range"),
        ("seed=-1", "seed"),
        ("slots=0", "slot count"),
        ("algo=maglev&table=1000", "not a prime"),
        ("eps=0", "ε"),
        ("eps=NaN", "ε"),
        ("step=0", "tour's step"),
        ("view=attic", "not a view"),
        ("theme=blue", "not a theme"),
        ("embed=tiny", "not a layout"),
        ("controls=maybe", "not 0 or 1"),
        ("keys=10&keylist=a", "only one may be used"),
        ("algo=jump&slotmap=0x1024", "only applies to the slot table"),
        ("algo=slots&slotmap=0x1000", "1000 slots"),
        ("algo=slots&slotmap=7x1024", "slot owner 7"),
        ("algo=slots&slotmap=0x0", "0 times"),
        ("algo=slots&slotmap=0x99999999999", "whole number"),
        ("algo=slots&slotmap=0.1x900000", "more than"),
        ("explain=%E0%80", "UTF-8"),
        ("hash=MD5", "not a hash"),
    ] {
        let p = Shared::parse(query);
        assert_eq!(p.problems.len(), 1, "{query}: {:?}", p.problems);
        assert!(p.problems[0].contains(expect), "{query}: {:?}", p.problems);
        assert!(p.shared.check().is_ok(), "{query}");
    }
}

#[test]
fn a_cluster_the_core_refuses_falls_back_to_the_first_example() {
    // Each parameter is in range, but together they make 20,000,000 ring points.
    let parsed = Shared::parse("algo=virtual&vnodes=10000&nodes=a:100000,b:100000&view=tour");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let (state, problems) = parsed.restore().unwrap();
    assert_eq!(problems.len(), 1);
    assert!(problems[0].contains("could not be built"), "{problems:?}");
    assert_eq!(state.nodes.len(), 4);
    assert_eq!(state.view, ViewKind::Tour);
}

#[test]
fn the_layout_is_read_but_never_stored() {
    let parsed = Shared::parse("?embed=ring&controls=0&algo=jump");
    assert!(parsed.problems.is_empty());
    assert_eq!(parsed.shared.embed, Some(Embed::Ring));
    assert!(!parsed.shared.controls);
    let address = parsed.shared.to_query(Limits::ADDRESS);
    assert!(address.ends_with("&embed=ring&controls=0"), "{address}");
    assert!(!parsed.shared.to_query(Limits::LINK).contains("embed"));
    assert!(!parsed.shared.to_stored().contains("embed"));
    // `?embed` alone is the compact page of the first example, and is no state.
    let bare = Shared::parse("?embed");
    assert_eq!(bare.shared.embed, Some(Embed::Full));
    assert!(!bare.has_state);
    assert_eq!(bare.shared.to_query(Limits::ADDRESS), "embed");
}

#[test]
fn stored_states_are_used_whole_or_not_at_all() {
    let s = add(&State::initial().unwrap(), "cache-e", "100");
    let shared = Shared::of(&s, Some(ThemeChoice::Light));
    let text = shared.to_stored();
    assert!(text.starts_with("ringlab-state v1\n"));
    assert_eq!(Shared::from_stored(&text), Ok(shared));
    let old = Shared::from_stored("ringlab-state v0\nalgo=jump").unwrap_err();
    assert!(old.contains("format “v0”"), "{old}");
    assert!(Shared::from_stored("{\"nodes\":[]}").is_err());
    assert!(Shared::from_stored("").is_err());
    let damaged = Shared::from_stored("ringlab-state v1\nalgo=jump&nodes=%ZZ").unwrap_err();
    assert!(damaged.contains("percent escape"), "{damaged}");
}

#[test]
fn slot_maps_are_run_length_coded() {
    let mut map = vec![4u32; 204];
    for _ in 0..205 {
        map.extend([0, 1, 2, 3]);
    }
    assert_eq!(write_slot_map(&map), "4x204_0.1.2.3x205");
    assert_eq!(read_slot_map("4x204_0.1.2.3x205").unwrap(), map);
    assert_eq!(write_slot_map(&[7]), "7");
    assert_eq!(read_slot_map("1.2_3x2").unwrap(), vec![1, 2, 3, 3]);
    for bad in ["", "1..2", "x3", "1x", "1x2x3", "a", "1_", "+1"] {
        assert!(read_slot_map(bad).is_err(), "{bad}");
    }
}

#[test]
fn percent_coding() {
    assert_eq!(encode("a b,c:d%é"), "a%20b%2Cc%3Ad%25%C3%A9");
    assert_eq!(decode("a%20b+c%2c").unwrap(), "a b c,");
    for bad in ["%", "%2", "%G0", "%FF"] {
        assert!(decode(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_parameter_has_a_distinct_name() {
    for (i, p) in PARAMS.iter().enumerate() {
        assert!(PARAMS[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        // Names are also the `<ring-lab>` element's attribute names, which HTML lowercases.
        let lower_or_hyphen = |b: u8| b.is_ascii_lowercase() || b == b'-';
        assert!(p.name.bytes().all(lower_or_hyphen), "{}", p.name);
        // An algorithm's parameter (`table=`, `eps=`) must not take a name listed here.
        assert!(AlgoParam::all().all(|a| a.name() != p.name), "{}", p.name);
    }
}

#[test]
fn a_refused_input_is_not_part_of_a_link() {
    let s = State::initial().unwrap();
    let error = s
        .apply(Action::SetParam {
            param: ParamRef::new(AlgoId::SlotTable, 0),
            text: "0".into(),
        })
        .unwrap_err();
    assert_eq!(
        error.field,
        Field::Param(ParamRef::new(AlgoId::SlotTable, 0))
    );
    let refused = s.with_error(error);
    assert_eq!(
        Shared::of(&refused, None).to_query(Limits::LINK),
        Shared::of(&s, None).to_query(Limits::LINK)
    );
}

// ---------------------------------------------------------------------------------------
// Properties.

fn name_strategy() -> impl Strategy<Value = String> {
    "[a-z0-9,:%+ <>&=?#/.\\-_~éß名😀]{1,12}"
        .prop_filter("a name is not blank", |s| !s.trim().is_empty())
}

fn key_strategy() -> impl Strategy<Value = String> {
    "[a-z0-9,:%+ =@\"'\t.éß😀-]{1,10}"
        .prop_map(|s| s.trim().to_string())
        .prop_filter("a key is not blank", |s| !s.is_empty())
}

fn nodes_strategy() -> impl Strategy<Value = Vec<SharedNode>> {
    proptest::collection::vec(
        (
            name_strategy(),
            1..=MAX_WEIGHT,
            proptest::option::of(1..=MAX_VNODES),
            any::<bool>(),
            proptest::option::of(0..crate::model::palette::MARKS as u8),
        ),
        1..7,
    )
    .prop_map(|raw| {
        let mut nodes: Vec<SharedNode> = raw
            .into_iter()
            .enumerate()
            .map(|(i, (name, weight, vnodes, down, colour))| SharedNode {
                // Unique by construction.
                name: format!("{name}{i}"),
                weight,
                vnodes,
                down,
                colour,
            })
            .collect();
        nodes[0].down = false;
        nodes
    })
}

/// A value of `param`, drawn from its range in the registry (small whole numbers, so that
/// building stays quick; primes for a parameter that must be one).
fn param_value(param: ParamRef) -> BoxedStrategy<f64> {
    match param.spec().kind {
        ParamKind::Whole {
            prime: true, max, ..
        } => proptest::sample::select(vec![2, 13, 1021, 65_537, max])
            .prop_map(f64::from)
            .boxed(),
        ParamKind::Whole { min, max, .. } => (min..=max.min(2_000)).prop_map(f64::from).boxed(),
        ParamKind::Real { max, default, .. } => {
            prop_oneof![1e-9f64..=max, Just(max), Just(default)].boxed()
        }
        ParamKind::Choice { options, .. } => (0..options.len()).prop_map(|i| i as f64).boxed(),
    }
}

fn shared_strategy() -> impl Strategy<Value = Shared> {
    let params = ParamRef::all()
        .map(param_value)
        .collect::<Vec<_>>()
        .prop_map(|values| {
            ParamRef::all()
                .zip(values)
                .fold(AlgoParams::default(), |p, (param, v)| p.with(param, v))
        });
    let keys = prop_oneof![
        (MIN_KEYS..=MAX_KEYS, any::<u64>())
            .prop_map(|(count, seed)| SharedKeys::Generated { count, seed }),
        proptest::collection::vec(key_strategy(), 1..6)
            .prop_map(|list| SharedKeys::Pasted(Rc::new(list))),
        (MIN_KEYS..=MAX_KEYS).prop_map(SharedKeys::Omitted),
    ];
    (
        proptest::sample::select(AlgoId::ALL.to_vec()),
        params,
        proptest::sample::select(HashFn::ALL.to_vec()),
        1..=MAX_VNODES,
        nodes_strategy(),
        keys,
        "[a-z:%+ é😀&=]{0,20}",
        prop_oneof![Just(keys::MAX_DRAWN), 0..=keys::MAX_DRAWN_LIMIT],
        (
            proptest::sample::select(ViewKind::ALL.to_vec()),
            1..=tour::STEP_COUNT,
            proptest::option::of(proptest::sample::select(ThemeChoice::ALL.to_vec())),
            proptest::option::of(proptest::sample::select(Embed::ALL.to_vec())),
            any::<bool>(),
            any::<u64>(),
            proptest::option::of(proptest::sample::select(Lang::ALL.to_vec())),
        ),
    )
        .prop_map(
            |(kind, params, hash, default_vnodes, nodes, keys, explain, drawn, page)| {
                let (view, step, theme, embed, controls, salt, lang) = page;
                let up: Vec<u32> = (0..nodes.len() as u32)
                    .filter(|&i| !nodes[i as usize].down)
                    .collect();
                // A slot map over the nodes that are up, for the slot table, sometimes.
                let slots = params.slots(kind).filter(|_| salt % 3 != 0);
                let slot_map = slots.map(|slots| {
                    let mut r = keys::SplitMix64::new(salt);
                    (0..slots)
                        .map(|_| up[r.below(up.len() as u64) as usize])
                        .collect()
                });
                Shared {
                    kind,
                    params,
                    hash,
                    default_vnodes,
                    nodes,
                    keys,
                    drawn,
                    explain,
                    slot_map,
                    view,
                    step,
                    theme,
                    lang,
                    embed,
                    controls,
                    ..Shared::default()
                }
            },
        )
}

/// Queries built from real parameter names with random values, and plain noise.
fn garbage_strategy() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = PARAMS
        .iter()
        .map(|p| p.name)
        .chain(["", "x", "?"])
        .collect();
    let value = prop_oneof![
        "[a-z0-9:,%._x+-]{0,16}",
        "[0-9]{1,12}",
        "(%[0-9A-Fa-fZ]{0,2}){1,4}",
        any::<String>(),
        Just("cache-a:100,cache-a:1".to_string()),
        Just("0x1024".to_string()),
        Just("slots".to_string()),
    ];
    let pair = (proptest::sample::select(names), value, any::<bool>()).prop_map(|(n, v, eq)| {
        if eq {
            format!("{n}={v}")
        } else {
            format!("{n}{v}")
        }
    });
    prop_oneof![
        proptest::collection::vec(pair, 0..8).prop_map(|p| p.join("&")),
        any::<String>(),
        proptest::collection::vec(any::<u8>(), 0..64)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn written_links_read_back_the_same(s in shared_strategy()) {
        prop_assert!(s.check().is_ok(), "{:?}", s.check());
        let query = s.to_query(Limits::ADDRESS);
        let parsed = Shared::parse(&format!("?{query}"));
        prop_assert_eq!(&parsed.problems.iter().filter(|p| !p.contains("pasted keys")).count(), &0, "{}: {:?}", query, parsed.problems);
        prop_assert_eq!(&parsed.shared, &s, "{}", query);
        prop_assert_eq!(parsed.has_state, !s.is_first_example());
    }

    #[test]
    fn slot_maps_read_back_the_same(map in proptest::collection::vec(0u32..12, 1..3000)) {
        prop_assert_eq!(read_slot_map(&write_slot_map(&map)), Ok(map));
    }

    #[test]
    fn percent_coding_round_trips(text in any::<String>()) {
        let encoded = encode(&text);
        prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
        prop_assert_eq!(decode(&encoded), Ok(text));
    }
}

proptest! {
    // Each case builds a placement over up to 100,000 keys: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn garbage_never_breaks_the_page(query in garbage_strategy()) {
        let parsed = Shared::parse(&query);
        prop_assert!(parsed.shared.check().is_ok(), "{}: {:?}", query, parsed.shared.check());
        let (state, _) = parsed.restore().unwrap();
        // A valid state: the core's own checks pass, one node at least is up, every key
        // has an owner among them.
        let specs: Vec<NodeSpec> = state
            .nodes
            .iter()
            .map(|n| NodeSpec { name: n.name.clone(), weight: n.weight, vnodes: n.vnodes })
            .collect();
        prop_assert!(validate_nodes(&specs, state.default_vnodes).is_ok());
        prop_assert!(!state.current.nodes.is_empty());
        prop_assert_eq!(state.current.loads.iter().sum::<u64>(), state.keys.len() as u64);
        prop_assert!(state.error.is_none());
    }

    #[test]
    fn random_valid_links_restore_or_fall_back(s in shared_strategy()) {
        let (state, _) = Parsed { shared: s, problems: Vec::new(), has_state: true }.restore().unwrap();
        prop_assert_eq!(state.current.loads.iter().sum::<u64>(), state.keys.len() as u64);
    }
}

/// `s` with its pending job (if any) run to the end, as the page would between frames.
fn settled(s: State) -> State {
    match s.pending.as_ref().and_then(|p| p.take()) {
        Some(job) => job.into_state(),
        None => s,
    }
}

/// What a page shows of the last change: the summary, who gave keys to whom, and the
/// sampled keys that travel.
fn change_of(s: &State) -> String {
    let c = s.change.as_ref().expect("a change");
    format!("{:?} {:?} {:?}", c.summary, c.flows, c.moves)
}

#[test]
fn a_link_made_right_after_a_change_shows_that_change() {
    let first = State::initial().unwrap();
    let b = id_of(&first, "cache-b");
    let down_b = first.apply(Action::SetDown(b, true)).unwrap();
    let own_vnodes = first.apply(Action::SetVnodes(b, "7".into())).unwrap();
    let bounded = first.apply(Action::SetAlgorithm(AlgoId::Bounded)).unwrap();
    let anchor = first.apply(Action::SetAlgorithm(AlgoId::Anchor)).unwrap();
    let eps = ParamRef::all()
        .find(|p| p.algo == AlgoId::Bounded && p.spec().key == "eps")
        .unwrap();
    let add_e = Action::AddNode {
        name: "cache-e".into(),
        weight: "250".into(),
        vnodes: "40".into(),
    };
    let cases = [
        (&first, add_e, "change=add:cache-e:250:v40"),
        (&first, Action::RemoveNode(b), "change=remove:cache-b"),
        (&first, Action::SetDown(b, true), "change=down:cache-b"),
        (&down_b, Action::SetDown(b, false), "change=up:cache-b"),
        (
            &first,
            Action::SetWeight(b, "300".into()),
            "change=weight:cache-b:300",
        ),
        (
            &first,
            Action::SetVnodes(b, "7".into()),
            "change=vnodes:cache-b:7",
        ),
        (
            &own_vnodes,
            Action::SetVnodes(b, String::new()),
            "change=vnodes:cache-b:default",
        ),
        (
            &first,
            Action::SetDefaultVnodes("50".into()),
            "change=default-vnodes:50",
        ),
        (
            &first,
            Action::SetAlgorithm(AlgoId::Jump),
            "change=algo:jump",
        ),
        (
            &first,
            Action::SetHash(HashFn::Fnv1a_64),
            "change=hash:fnv1a-64",
        ),
        (
            &bounded,
            Action::SetParam {
                param: eps,
                text: "0.5".into(),
            },
            "change=param:eps:0.5",
        ),
        // AnchorHash removes the bucket in the middle, from a fresh engine on both pages.
        (&anchor, Action::RemoveNode(b), "change=remove:cache-b"),
    ];
    for (before, action, written) in cases {
        let after = before.apply(action).unwrap();
        let query = Shared::of(&after, None).to_query(Limits::LINK);
        assert!(query.contains(written), "{written} is not in {query}");
        // The rest of the link is the state before the change.
        let parsed = Shared::parse(&query);
        let mut without = parsed.shared.clone();
        without.change = None;
        assert_eq!(
            picture_of(&without.to_state().unwrap()),
            picture_of(before),
            "{query}"
        );
        let (back, _) = through_link(&after, None);
        assert_eq!(picture_of(&back), picture_of(&after), "{query}");
        assert_eq!(change_of(&back), change_of(&after), "{query}");
    }
}

#[test]
fn a_change_over_many_keys_is_made_over_all_of_them() {
    // More keys than a page places at once: the link's page places them all, then makes
    // the change, in a job of its own.
    let many = State::initial()
        .unwrap()
        .apply(Action::GenerateKeys {
            count: "60000".into(),
            seed: "9".into(),
        })
        .unwrap();
    let many = settled(many);
    let after = settled(add(&many, "cache-e", "100"));
    let query = Shared::of(&after, None).to_query(Limits::LINK);
    let back = settled(Shared::parse(&query).shared.to_state().unwrap());
    assert_eq!(back.keys.len(), 60_000);
    assert_eq!(change_of(&back), change_of(&after));
    assert_eq!(picture_of(&back), picture_of(&after));
}

#[test]
fn a_change_the_page_cannot_make_is_reported_and_the_rest_used() {
    for (query, param) in [
        ("?nodes=a:1,b:1&change=remove:zed", "change"),
        ("?nodes=a:1,b:1&change=explode:a", "change"),
        ("?nodes=a:1,b:1&change=weight:a:0", "change"),
        ("?nodes=a:1,b:1&change=add:b:1", "change"),
        // Jump hash only lets its last bucket go.
        ("?algo=jump&nodes=a:1,b:1,c:1&change=remove:a", "change"),
    ] {
        let (state, problems) = Shared::parse(query).restore().unwrap();
        assert!(
            matches!(problems.as_slice(), [Msg::LinkIgnored { param: p, .. }] if *p == param),
            "{query}: {problems:?}"
        );
        assert!(state.change.is_none(), "{query}");
        let names: Vec<&str> = state.nodes.iter().map(|n| n.name.as_str()).collect();
        assert!(names.starts_with(&["a", "b"]), "{query}: {names:?}");
    }
    // A stored state is the page's own: one that cannot be made again is not used.
    let stored = format!("{STORE_HEADER}\nnodes=a:1,b:1&change=remove:zed");
    let shared = Shared::from_stored(&stored).unwrap();
    assert!(shared.to_state().is_err());
}

#[test]
fn the_teaching_views_settings_travel_in_links() {
    use crate::model::compare::{CompareChange, CompareSettings};
    use crate::model::view_settings::ViewSetting;
    let s = State::initial().unwrap();
    let (b, c) = (id_of(&s, "cache-b"), id_of(&s, "cache-c"));
    let mut views = (*s.views).clone();
    views.compare = CompareSettings {
        kinds: vec![AlgoId::Virtual, AlgoId::Ketama, AlgoId::Modulo],
        change: CompareChange::RemoveLast,
    };
    views.chord.key = "user:7".into();
    views.chord.start = Some(b);
    views.replication.replicas = 2;
    views.replication.key = "user:1 é".into();
    views.replication.down = Some(c);
    views.paper.nodes = vec![10, 20, 30];
    views.paper.vnodes = vec![1, 30, 100];
    views.paper.kind = AlgoId::Ketama;
    views.paper.hash = HashFn::Fnv1a_64;
    views.traffic = crate::model::traffic_view::TrafficSettings {
        zipf: 80,
        cache: Some(500),
        requests: 1_000_000,
        change: CompareChange::RemoveLast,
    };
    let mut set = s.clone();
    for setting in [
        ViewSetting::Compare(views.compare.clone()),
        ViewSetting::Chord(views.chord.clone()),
        ViewSetting::Replication(views.replication.clone()),
        ViewSetting::Paper(Box::new(views.paper.clone())),
        ViewSetting::Traffic(views.traffic),
    ] {
        set = set.apply(Action::SetViewSetting(setting)).unwrap();
    }
    assert_eq!(*set.views, views);
    let query = Shared::of(&set, None).to_query(Limits::LINK);
    for part in [
        "compare=virtual,ketama,modulo",
        "compare-change=remove",
        "chord-key=user%3A7",
        "chord-from=cache-b",
        "replication=2",
        "replication-key=user%3A1%20%C3%A9",
        "replication-down=cache-c",
        "paper-nodes=10..30/10",
        "paper-vnodes=1,30,100",
        "paper-algo=ketama",
        "paper-hash=fnv1a-64",
        "traffic-zipf=0.8",
        "traffic-cache=500",
        "traffic-requests=1000000",
        "traffic-change=remove",
    ] {
        assert!(query.contains(part), "{part} is not in {query}");
    }
    // At their defaults the Traffic view's settings are not written.
    let plain = Shared::of(&s, None).to_query(Limits::LINK);
    assert!(!plain.contains("traffic-"), "{plain}");
    // Uniform popularity and a cache that holds all its keys are written as such.
    let uniform = s
        .apply(Action::SetViewSetting(ViewSetting::Traffic(
            crate::model::traffic_view::TrafficSettings {
                zipf: 0,
                ..Default::default()
            },
        )))
        .unwrap();
    let query = Shared::of(&uniform, None).to_query(Limits::LINK);
    assert!(query.contains("traffic-zipf=0"), "{query}");
    let (back, _) = through_link(&uniform, None);
    assert_eq!(back.views.traffic.zipf, 0);
    let parsed = Shared::parse("?traffic-cache=all&traffic-zipf=1.25");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let state = parsed.shared.to_state().unwrap();
    assert_eq!(
        (state.views.traffic.cache, state.views.traffic.zipf),
        (None, 125)
    );
    let (back, _) = through_link(&set, None);
    assert_eq!(*back.views, views);
    // A change to the lab keeps them, and so does the job that places its keys.
    let later = add(&set, "cache-e", "100");
    assert_eq!(*later.views, views);
    let (back, _) = through_link(&later, None);
    assert_eq!(*back.views, views);
}

#[test]
fn damaged_view_settings_are_reported_and_left_at_their_defaults() {
    let defaults = crate::model::view_settings::ViewSettings::default();
    for (query, param) in [
        ("?compare=ketama", "compare"),
        ("?compare=ketama,modulo,jump,maglev,rendezvous", "compare"),
        ("?compare=ketama,nothing", "compare"),
        ("?compare-change=explode", "compare-change"),
        ("?chord-from=nobody", "chord-from"),
        ("?replication=0", "replication"),
        ("?replication=11", "replication"),
        ("?replication-down=nobody", "replication-down"),
        ("?paper-nodes=0", "paper-nodes"),
        ("?paper-vnodes=", "paper-vnodes"),
        ("?paper-algo=nothing", "paper-algo"),
        ("?paper-hash=nothing", "paper-hash"),
        ("?traffic-zipf=1.6", "traffic-zipf"),
        ("?traffic-zipf=-1", "traffic-zipf"),
        ("?traffic-zipf=one", "traffic-zipf"),
        ("?traffic-cache=0", "traffic-cache"),
        ("?traffic-cache=10001", "traffic-cache"),
        ("?traffic-cache=some", "traffic-cache"),
        ("?traffic-requests=9999", "traffic-requests"),
        ("?traffic-requests=2000001", "traffic-requests"),
        ("?traffic-change=explode", "traffic-change"),
    ] {
        let parsed = Shared::parse(query);
        assert!(
            matches!(parsed.problems.as_slice(), [Msg::LinkIgnored { param: p, .. }] if *p == param),
            "{query}: {:?}",
            parsed.problems
        );
        let state = parsed.shared.to_state().unwrap();
        assert_eq!(*state.views, defaults, "{query}");
    }
    // A node the change adds may be named by the views.
    let parsed = Shared::parse("?change=add:cache-e:100&chord-from=cache-e");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let state = parsed.shared.to_state().unwrap();
    assert_eq!(state.views.chord.start, Some(id_of(&state, "cache-e")));
}

#[test]
fn the_elements_words_for_the_layout_are_read_as_the_links() {
    // `<ring-lab show="ring" legend="0">`: the element's attributes are link parameters.
    let parsed = Shared::parse("?show=ring&legend=0&controls=0");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    assert_eq!(parsed.shared.embed, Some(Embed::Ring));
    assert!(!parsed.shared.legend && !parsed.shared.controls);
    // Layout only: not the state, and `show` is written as `embed`.
    assert!(!parsed.has_state);
    assert_eq!(parsed.shared.to_query(Limits::LINK), "");
    assert_eq!(
        parsed.shared.to_query(Limits::ADDRESS),
        "embed=ring&controls=0&legend=0"
    );
    for (query, param) in [("?show=everything", "show"), ("?legend=no", "legend")] {
        let parsed = Shared::parse(query);
        assert!(
            matches!(parsed.problems.as_slice(), [Msg::LinkIgnored { param: p, .. }] if *p == param),
            "{query}: {:?}",
            parsed.problems
        );
    }
}

#[test]
fn ask_me_first_travels_in_a_link() {
    let on = State::initial()
        .unwrap()
        .apply(crate::model::Action::SetAskFirst(true))
        .unwrap();
    let query = Shared::of(&on, None).to_query(Limits::LINK);
    assert!(query.contains("ask=1"), "{query}");
    let (back, _) = through_link(&on, None);
    assert!(back.ask_first);
    assert!(!Shared::of(&State::initial().unwrap(), None)
        .to_query(Limits::LINK)
        .contains("ask="));
    let bad = Shared::parse("?ask=2");
    assert!(!bad.problems.is_empty() && !bad.shared.ask_first);
}

/// Back or forward to an address written right after a change shows that change again, as
/// opening the address as a link does (issue 16): it once said "Nothing to compare yet".
#[test]
fn back_or_forward_to_an_address_with_a_change_shows_the_change() {
    let query = "nodes=cache-a:100,cache-b:100,cache-c:100&keys=2000&change=add:cache-d:100";
    let (restored, problems) = Shared::parse(query).restore().unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let summary = restored.change.as_ref().map(|c| c.summary);
    assert!(summary.is_some_and(|s| s.moved > 0), "{summary:?}");
    let shown = State::initial()
        .unwrap()
        .apply(Action::Load(std::rc::Rc::new(restored)))
        .unwrap();
    assert_eq!(shown.change.as_ref().map(|c| c.summary), summary);
    // And the address it writes back is the one it came from.
    assert!(Shared::of(&shown, None)
        .to_query(Limits::LINK)
        .contains("change=add:cache-d:100"));
}

/// A lecture (issue 36): `script=` lists changes a link's reader plays one at a time, and
/// the link after a step says how far it got.
#[test]
fn a_script_plays_its_changes_one_at_a_time_and_travels_in_a_link() {
    use crate::model::Action;
    let parsed = Shared::parse("?script=add:cache-e:100,remove:cache-b,algo:jump&present=1");
    assert_eq!(parsed.problems, Vec::<Msg>::new());
    let mut s = parsed.shared.to_state().unwrap().run_pending();
    assert_eq!((s.script.len(), s.script_at, s.present), (3, 0, true));
    let names = |s: &State| -> Vec<String> { s.nodes.iter().map(|n| n.name.clone()).collect() };
    for expected_nodes in [5, 4, 4] {
        let action = super::script_step(&s).unwrap().unwrap();
        s = s
            .apply(Action::ScriptPlayed(Box::new(action)))
            .unwrap()
            .run_pending();
        assert_eq!(s.nodes.len(), expected_nodes, "{:?}", names(&s));
    }
    assert_eq!(s.script_at, 3);
    assert_eq!(s.kind, AlgoId::Jump);
    assert!(!names(&s).contains(&"cache-b".to_string()));
    assert!(
        super::script_step(&s).is_none(),
        "nothing after the last change"
    );
    // The link says how far the lecture got; opened, it is there.
    let (back, _) = through_link(&s, None);
    assert_eq!(
        (back.script_at, back.script.len(), back.present),
        (3, 3, true)
    );
    assert_eq!(names(&back), names(&s));
    // Back is undo: the lab before the last change, one change less played.
    let undone = s.apply(Action::Undo).unwrap();
    assert_eq!((undone.script_at, undone.kind), (2, AlgoId::Virtual));
    // A change the lab cannot make there is said, and nothing is played.
    let odd = Shared::parse("?script=remove:nobody")
        .shared
        .to_state()
        .unwrap();
    assert!(super::script_step(&odd).unwrap().is_err());
    // A script with a change that cannot be read is refused, naming it.
    let bad = Shared::parse("?script=add:cache-e:100,frobnicate:x");
    assert!(bad.shared.script.is_empty());
    assert_eq!(bad.problems.len(), 1, "{:?}", bad.problems);
    let long: Vec<String> = (0..=super::MAX_SCRIPT)
        .map(|_| "algo:jump".to_string())
        .collect();
    assert_eq!(
        Shared::parse(&format!("?script={}", long.join(",")))
            .problems
            .len(),
        1
    );
}

/// The Embed dialog's lecture: the lab before the changes made, the changes as its script.
#[test]
fn the_changes_made_become_a_lecture_that_replays_them() {
    use crate::model::Action;
    let first = State::initial().unwrap();
    assert_eq!(super::lecture_query(&first), None);
    let b = first.nodes[1].id;
    let mut s = first.clone();
    for action in [
        Action::AddNode {
            name: "cache-e".into(),
            weight: "200".into(),
            vnodes: String::new(),
        },
        Action::RemoveNode(b),
        Action::SetAlgorithm(AlgoId::Maglev),
    ] {
        s = s.apply(action).unwrap().run_pending();
    }
    let query = super::lecture_query(&s).unwrap();
    let parsed = Shared::parse(&format!("?{query}"));
    assert_eq!(parsed.problems, Vec::<Msg>::new(), "{query}");
    assert_eq!(parsed.shared.script.len(), 3, "{query}");
    assert!(parsed.shared.present && parsed.shared.script_at == 0);
    // Played through, it is the lab the changes made.
    let mut played = parsed.shared.to_state().unwrap().run_pending();
    assert_eq!(played.nodes.len(), 4);
    while let Some(step) = super::script_step(&played) {
        played = played
            .apply(Action::ScriptPlayed(Box::new(step.unwrap())))
            .unwrap()
            .run_pending();
    }
    let names = |s: &State| -> Vec<(String, u32)> {
        s.nodes.iter().map(|n| (n.name.clone(), n.weight)).collect()
    };
    assert_eq!(names(&played), names(&s));
    assert_eq!(played.kind, AlgoId::Maglev);
    assert_eq!(played.current.owners, s.current.owners);
}

/// `s` after each of `actions`, each run to the end.
fn made(s: &State, actions: Vec<Action>) -> State {
    actions.into_iter().fold(s.clone(), |s, action| {
        s.apply(action)
            .unwrap_or_else(|e| panic!("{:?}", e.message))
            .run_pending()
    })
}

/// The history travels in links (issue 36): a reader can undo what the sender did, step
/// by step, to the same labs; after an undo the link shows no change, as the sender's page.
#[test]
fn a_links_history_brings_back_every_step_to_undo() {
    let first = State::initial().unwrap();
    let b = id_of(&first, "cache-b");
    let s = made(
        &first,
        vec![
            Action::AddNode {
                name: "cache-e".into(),
                weight: "200".into(),
                vnodes: String::new(),
            },
            Action::SetWeight(b, "300".into()),
            Action::SetAlgorithm(AlgoId::Maglev),
            Action::RemoveNode(b),
        ],
    );
    let query = Shared::of(&s, None).to_query(Limits::LINK);
    assert!(
        query.contains("history=add:cache-e:200,weight:cache-b:300,algo:maglev")
            && query.contains("change=remove:cache-b"),
        "{query}"
    );
    let (back, _) = through_link(&s, None);
    assert_eq!((back.history.states.len(), back.history.at), (5, 4));
    assert_eq!(change_of(&back), change_of(&s));
    for (theirs, ours) in back.history.states.iter().zip(s.history.states.iter()) {
        assert_eq!(picture_of(theirs), picture_of(ours), "{query}");
    }
    // Undone twice: the link carries two changes and shows none.
    let undone = made(&s, vec![Action::Undo, Action::Undo]);
    let query = Shared::of(&undone, None).to_query(Limits::LINK);
    assert!(
        query.contains("history=add:cache-e:200,weight:cache-b:300") && !query.contains("change="),
        "{query}"
    );
    let (back, _) = through_link(&undone, None);
    assert!(back.change.is_none());
    assert_eq!(picture_of(&back), picture_of(&undone));
    let start = made(&back, vec![Action::Undo, Action::Undo]);
    assert_eq!(picture_of(&start), picture_of(&first));
    assert!(!start.history.can_undo());
    assert_eq!(link_history_count(&s), (4, 4));
}

/// A link carries fewer changes the more keys it places, and none from before new keys;
/// the history panel's numbers say how many.
#[test]
fn a_links_history_is_bounded_by_the_keys_it_places_and_says_so() {
    assert_eq!(link_steps(10_000), MAX_LINK_HISTORY);
    assert_eq!(link_steps(100_000), 10);
    assert_eq!(link_steps(1_000_000), 1);
    let many = made(
        &State::initial().unwrap(),
        vec![Action::GenerateKeys {
            count: "200000".into(),
            seed: "3".into(),
        }],
    );
    let id = many.nodes[0].id;
    let weights: Vec<Action> = (0..7)
        .map(|w| Action::SetWeight(id, (120 + w).to_string()))
        .collect();
    let s = made(&many, weights);
    // Five changes at 200,000 keys, of the eight made (the new keys are one).
    assert_eq!(link_history_count(&s), (5, 8));
    let query = Shared::of(&s, None).to_query(Limits::LINK);
    let back = settled(Shared::parse(&query).shared.to_state().unwrap());
    assert_eq!((back.history.states.len(), back.history.at), (6, 5));
    assert_eq!(picture_of(&back), picture_of(&s));
    let oldest = &back.history.states[0];
    assert_eq!(oldest.nodes[0].weight, 121, "{query}");
    // A hand-made link with more is refused whole, with the reason, and opens before them.
    let mut long = Shared::parse(&query).shared;
    long.history = (0..8)
        .map(|w| SharedChange::Weight("cache-a".into(), 130 + w))
        .collect();
    let mut problems = Vec::new();
    let opened = settled(long.to_state_noting(&mut problems).unwrap());
    assert!(
        matches!(
            &problems[..],
            [Msg::LinkIgnored {
                param: "history",
                ..
            }]
        ),
        "{problems:?}"
    );
    assert_eq!(opened.nodes[0].weight, 121);
    assert!(!opened.history.can_undo());
    // Past the most a history holds: refused when read.
    let steps = vec!["up:cache-a"; MAX_LINK_HISTORY + 1].join(",");
    let parsed = Shared::parse(&format!("?history={steps}"));
    assert_eq!(parsed.problems.len(), 1, "{:?}", parsed.problems);
    assert!(parsed.shared.history.is_empty());
}

/// Back to an address whose history is shorter: the lab takes that history, so undo and
/// the list agree with what is shown.
#[test]
fn back_to_an_address_takes_its_history() {
    let first = State::initial().unwrap();
    let b = id_of(&first, "cache-b");
    let two = made(
        &first,
        vec![
            Action::SetWeight(b, "300".into()),
            Action::SetAlgorithm(AlgoId::Jump),
        ],
    );
    let one_query = Shared::of(
        &made(&first, vec![Action::SetWeight(b, "300".into())]),
        None,
    )
    .to_query(Limits::LINK);
    let (restored, problems) = Shared::parse(&one_query).restore().unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let shown = two.apply(Action::Load(std::rc::Rc::new(restored))).unwrap();
    assert_eq!((shown.history.states.len(), shown.history.at), (2, 1));
    assert_eq!(shown.kind, first.kind);
}
