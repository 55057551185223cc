//! The catalogues themselves: both hold the same messages and attributes, each entry
//! uses exactly the arguments its `# Arguments:` comment names, the code renders every
//! entry (none is stray), the fixed words follow `Ui`, and no English is left in the
//! Chinese catalogue.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;
use ring_core::registry::{ParamKind, ParamRef};

use super::fluent::{ids, EN, ZH};

/// `en.ftl` as written, with its comments (the wasm carries it without them).
const EN_SOURCE: &str = include_str!("en.ftl");
use super::tests::{every_phrase, every_sentence};
use super::*;
use crate::model::tour::STEP_COUNT;
use crate::model::{AlgoId, ViewKind};
use ring_core::HashFn;

/// Each entry of a catalogue (`id` or `id.attribute`): its text without arguments and the
/// arguments it uses.
struct EntryText {
    text: String,
    args: BTreeSet<String>,
}

fn entries(source: &'static str) -> BTreeMap<String, EntryText> {
    let resource = parser::parse(source).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    let mut all = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut add = |key: String, pattern: &Pattern<&str>| {
                    let mut e = EntryText {
                        text: String::new(),
                        args: BTreeSet::new(),
                    };
                    walk(pattern, &mut e);
                    assert!(all.insert(key.clone(), e).is_none(), "{key} twice");
                };
                if let Some(value) = &m.value {
                    add(m.id.name.to_string(), value);
                }
                for a in &m.attributes {
                    add(format!("{}.{}", m.id.name, a.id.name), &a.value);
                }
            }
            Entry::Junk { content } => panic!("junk: {content}"),
            Entry::Term(t) => panic!("a term: {}", t.id.name),
            _ => {}
        }
    }
    all
}

fn walk(pattern: &Pattern<&str>, e: &mut EntryText) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => e.text.push_str(value),
            PatternElement::Placeable { expression } => match expression {
                Expression::Inline(inline) => inline_args(inline, e),
                Expression::Select { selector, variants } => {
                    inline_args(selector, e);
                    for v in variants {
                        walk(&v.value, e);
                    }
                }
            },
        }
    }
}

fn inline_args(inline: &InlineExpression<&str>, e: &mut EntryText) {
    match inline {
        InlineExpression::VariableReference { id } => {
            e.args.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_args(a, e);
            }
        }
        InlineExpression::StringLiteral { value } => e.text.push_str(value),
        InlineExpression::Placeable { expression } => {
            if let Expression::Inline(inline) = &**expression {
                inline_args(inline, e);
            }
        }
        _ => {}
    }
}

/// The `# Arguments:` of each message of the English catalogue, as `build.rs` reads them.
fn declared() -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(EN_SOURCE).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    let mut all = BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let args = m
                .comment
                .iter()
                .flat_map(|c| c.content.iter())
                .filter_map(|l| l.trim().strip_prefix("Arguments:"))
                .flat_map(|l| l.split(','))
                .map(|a| a.trim().trim_start_matches('$').to_string())
                .collect();
            all.insert(m.id.name.to_string(), args);
        }
    }
    all
}

#[test]
fn both_catalogues_parse_and_hold_the_same_entries() {
    for (lang, source) in [(Lang::En, EN), (Lang::Zh, ZH)] {
        assert!(fluent::Catalogue::parse(lang, source.to_string()).is_ok());
    }
    let en: Vec<String> = entries(EN).into_keys().collect();
    let source: Vec<String> = entries(EN_SOURCE).into_keys().collect();
    assert_eq!(en, source, "the carried en.ftl lost an entry");
    assert!(EN.len() < EN_SOURCE.len() && !EN.contains("\n#"));
    let zh: Vec<String> = entries(ZH).into_keys().collect();
    let only_en: Vec<&String> = en.iter().filter(|k| !zh.contains(k)).collect();
    let only_zh: Vec<&String> = zh.iter().filter(|k| !en.contains(k)).collect();
    assert!(only_en.is_empty(), "not in zh.ftl: {only_en:?}");
    assert!(only_zh.is_empty(), "not in en.ftl: {only_zh:?}");
}

/// Each entry of each catalogue uses every argument its message names and no other.
#[test]
fn every_entry_uses_exactly_its_arguments() {
    let declared = declared();
    for (lang, source) in [(Lang::En, EN), (Lang::Zh, ZH)] {
        for (key, e) in entries(source) {
            let id = key.split('.').next().unwrap_or(&key);
            let named = declared.get(id).cloned().unwrap_or_default();
            assert_eq!(e.args, named, "{key} in {lang:?}");
        }
    }
}

/// The fixed words are `Ui`'s keys, in its order, each named for its key.
#[test]
fn the_fixed_words_follow_ui() {
    for (i, key) in Ui::ALL.iter().enumerate() {
        let mut name = String::new();
        for (j, c) in format!("{key:?}").chars().enumerate() {
            if c.is_ascii_uppercase() && j > 0 {
                name.push('-');
            }
            name.push(c.to_ascii_lowercase());
        }
        assert_eq!(ids::UI[i], name);
    }
}

/// Every text of the app that is not a constructed sentence.
fn every_text() -> Vec<Msg> {
    let mut all: Vec<Msg> = Ui::ALL.iter().map(|&k| Msg::Ui(k)).collect();
    for k in AlgoId::ALL {
        all.extend([
            Msg::AlgoLabel(k),
            Msg::AlgoAbout(k),
            Msg::NodesHintNoVnodes { kind: k },
            Msg::PaperHint {
                kind: k,
                max_points: 1_000_000,
            },
        ]);
    }
    for h in HashFn::ALL {
        all.extend([
            Msg::HashRange { hash: h },
            Msg::HashFixed {
                kind: AlgoId::Ketama,
                hash: h,
            },
        ]);
    }
    for p in ParamRef::all() {
        all.push(Msg::ParamLabel(p));
        if let ParamKind::Choice { options, .. } = p.spec().kind {
            all.extend((0..options.len()).map(|i| Msg::OptionLabel(p, i)));
        }
        all.push(Msg::ParamEmpty {
            what: p.into(),
            min: 1,
            max: 2,
        });
    }
    for v in ViewKind::ALL {
        all.push(Msg::ViewLabel(v));
    }
    for q in Quantity::ALL {
        all.push(Msg::ParamEmpty {
            what: q.into(),
            min: 1,
            max: 2_000_000,
        });
    }
    for step in 0..=STEP_COUNT + 1 {
        all.extend([Msg::TourTitle(step), Msg::TourCaption(step)]);
    }
    all.extend(every_sentence());
    all
}

/// The sentences whose constructor (`Msg::<id in snake case>(`) the app's code calls.
fn called_constructors() -> BTreeSet<String> {
    fn sources(dir: &std::path::Path, all: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, all);
            } else if path.extension().is_some_and(|e| e == "rs") {
                all.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut code = String::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut code,
    );
    declared()
        .into_keys()
        .filter(|id| code.contains(&format!("Msg::{}(", id.replace('-', "_"))))
        .collect()
}

/// The code renders every entry of the catalogues, or calls its constructor: none is
/// stray.
#[test]
fn no_entry_is_stray() {
    fluent::used::clear();
    for lang in Lang::ALL {
        for m in every_text() {
            let _ = text(lang, &m);
        }
        for p in every_phrase() {
            let _ = super::tests::phrase_words(lang, p);
        }
    }
    let mut used = fluent::used::take();
    used.extend(called_constructors());
    let stray: Vec<String> = entries(EN)
        .into_keys()
        .filter(|k| !used.contains(k))
        .collect();
    assert!(stray.is_empty(), "no code renders {stray:?}");
}

/// Characters of Chinese text: the ideographs and the full-width punctuation.
fn is_chinese(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
        || ('\u{3000}'..='\u{303f}').contains(&c)
        || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

/// Entries that are the same in both languages: names, symbols and formulas. A real
/// system's name is its name and its configuration's words (`hash $key consistent`) in
/// both languages.
const SAME_IN_BOTH: &[&str] = &[
    "r1",
    "r2",
    "r3",
    "png",
    "csv",
    "algo-ketama",
    "view-chord",
    "tour-15",
    // The newer algorithms are named by their authors' names in both languages.
    "algo-jumpback",
    "algo-fliphash",
    "algo-binomial",
    "algo-anchor",
    "algo-dx",
    "algo-memento",
    "hash-murmur3-32",
    "param-bounded-eps.noun",
    // `from → to keys`.
    "flow-item",
];

/// Every entry of the Chinese catalogue is written in Chinese, except names, symbols and
/// formulas, which are the English entry itself.
#[test]
fn no_english_is_left_in_the_chinese_catalogue() {
    let en = entries(EN);
    let mut english = Vec::new();
    for (key, zh) in entries(ZH) {
        if zh.text.chars().any(is_chinese) {
            continue;
        }
        let same = en.get(&key).is_some_and(|e| e.text == zh.text);
        let name = SAME_IN_BOTH.contains(&key.as_str())
            || (key.starts_with("system-") && !key.contains('.'));
        if !(same && name) {
            english.push(format!("{key} = {}", zh.text));
        }
    }
    assert!(english.is_empty(), "not Chinese:\n{}", english.join("\n"));
}
