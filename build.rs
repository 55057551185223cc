//! Typed ids of the English catalogue, `src/i18n/en.ftl`, so that code naming a message
//! the catalogue lacks (a typo) does not compile:
//!
//! - `ids.rs` (for `src/i18n/fluent.rs`): a constant per message with the names of its
//!   arguments, in the order its `# Arguments:` comment gives them, and the fixed words'
//!   ids in the order of `Ui`;
//! - `messages.rs` (for `src/model/message.rs`): a constructor of [`Msg`] per message,
//!   `Msg::weight_too_large(weight, range)`, its parameters its arguments, so that a
//!   sentence is its two catalogue entries and the call;
//! - `en.ftl`, the catalogue without its comments and blank lines, which is what the wasm
//!   carries (the comments are for people and for this script: 11 KB).

use std::fmt::Write as _;
use std::{env, fs, path::Path};

use fluent_syntax::ast::{Entry, Message};
use fluent_syntax::parser;

const CATALOGUE: &str = "src/i18n/en.ftl";
/// The group comments that open the fixed words and the sentences.
const FIXED_WORDS: &str = "Fixed words";
const SENTENCES: &str = "Sentences";
const ARGUMENTS: &str = "Arguments:";

fn main() -> Result<(), String> {
    println!("cargo:rerun-if-changed={CATALOGUE}");
    let text = fs::read_to_string(CATALOGUE).map_err(|e| format!("{CATALOGUE}: {e}"))?;
    let resource = parser::parse(text.as_str())
        .map_err(|(_, errors)| format!("{CATALOGUE} is not valid Fluent: {errors:?}"))?;
    let mut ids = String::new();
    let mut messages = String::from("impl Msg {\n");
    let mut fixed_words = Vec::new();
    let mut in_fixed_words = false;
    let mut in_sentences = false;
    for entry in &resource.body {
        match entry {
            Entry::GroupComment(c) => {
                let title = c.content.first().copied().unwrap_or("");
                in_fixed_words = title.starts_with(FIXED_WORDS);
                in_sentences = title.starts_with(SENTENCES);
            }
            Entry::Message(m) => {
                let name = m.id.name;
                let args = arguments(m)?;
                let _ = writeln!(
                    ids,
                    "pub(crate) const {}: Id = Id {{ name: {name:?}, args: &{args:?} }};",
                    name.to_uppercase().replace('-', "_"),
                );
                if in_fixed_words {
                    fixed_words.push(name);
                } else if in_sentences {
                    constructor(&mut messages, name, &args);
                }
            }
            Entry::Junk { content } => return Err(format!("{CATALOGUE}: junk {content:?}")),
            _ => {}
        }
    }
    messages.push_str("}\n");
    let _ = writeln!(
        ids,
        "/// The fixed words' messages, in the order of `Ui`.\n\
         pub(crate) const UI: [&str; {}] = {:?};",
        fixed_words.len(),
        fixed_words
    );
    let out = env::var("OUT_DIR").map_err(|e| e.to_string())?;
    fs::write(Path::new(&out).join("ids.rs"), ids).map_err(|e| e.to_string())?;
    // A line that starts with `#` is a comment in Fluent (a value's own lines are indented).
    let mut bare: String = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    bare.push('\n');
    fs::write(Path::new(&out).join("en.ftl"), bare).map_err(|e| e.to_string())?;
    fs::write(Path::new(&out).join("messages.rs"), messages).map_err(|e| e.to_string())
}

/// `Msg::<id in snake case>(args…)`: the message with its arguments' values.
fn constructor(out: &mut String, name: &str, args: &[&str]) {
    let params: Vec<String> = args
        .iter()
        .map(|a| format!("{}: impl Into<Arg>", rust_name(a)))
        .collect();
    let values: Vec<String> = args
        .iter()
        .map(|a| format!("{}.into()", rust_name(a)))
        .collect();
    let _ = writeln!(
        out,
        "    /// The catalogues' message `{name}`.\n    \
         pub fn {}({}) -> Msg {{\n        \
         Msg::Text(Text {{ id: {name:?}, names: &{args:?}, args: vec![{}] }})\n    }}",
        rust_name(&name.replace('-', "_")),
        params.join(", "),
        values.join(", ")
    );
}

/// `name` as a Rust identifier (a keyword raw).
fn rust_name(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn",
        "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
        "return", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
        "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
        "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
    ];
    let name = name.replace('-', "_");
    if KEYWORDS.contains(&name.as_str()) {
        format!("r#{name}")
    } else {
        name
    }
}

/// The names in a message's `# Arguments: $a, $b` comment.
fn arguments<'s>(m: &Message<&'s str>) -> Result<Vec<&'s str>, String> {
    let Some(comment) = &m.comment else {
        return Ok(Vec::new());
    };
    let mut names = Vec::new();
    for line in &comment.content {
        if let Some(list) = line.trim().strip_prefix(ARGUMENTS) {
            for name in list.split(',') {
                let name = name.trim().strip_prefix('$').ok_or_else(|| {
                    format!("{}: an argument is written $name: {line:?}", m.id.name)
                })?;
                names.push(name);
            }
        }
    }
    Ok(names)
}
