//! Typed ids of the English catalogue, `src/i18n/en.ftl`: a constant per message with the
//! names of its arguments in the order its `# Arguments:` comment gives them, and the
//! fixed words' ids in the order of `Ui`. Code names a message by its constant, so a
//! message the catalogue lacks (a typo) does not compile.

use std::fmt::Write as _;
use std::{env, fs, path::Path};

use fluent_syntax::ast::{Entry, Message};
use fluent_syntax::parser;

const CATALOGUE: &str = "src/i18n/en.ftl";
/// The group comment that opens the fixed words.
const FIXED_WORDS: &str = "Fixed words";
const ARGUMENTS: &str = "Arguments:";

fn main() -> Result<(), String> {
    println!("cargo:rerun-if-changed={CATALOGUE}");
    let text = fs::read_to_string(CATALOGUE).map_err(|e| format!("{CATALOGUE}: {e}"))?;
    let resource = parser::parse(text.as_str())
        .map_err(|(_, errors)| format!("{CATALOGUE} is not valid Fluent: {errors:?}"))?;
    let mut consts = String::new();
    let mut fixed_words = Vec::new();
    let mut in_fixed_words = false;
    for entry in &resource.body {
        match entry {
            Entry::GroupComment(c) => {
                in_fixed_words = c
                    .content
                    .first()
                    .is_some_and(|l| l.starts_with(FIXED_WORDS));
            }
            Entry::Message(m) => {
                let args = arguments(m)?;
                let _ = writeln!(
                    consts,
                    "pub(crate) const {}: Id = Id {{ name: {:?}, args: &{:?} }};",
                    m.id.name.to_uppercase().replace('-', "_"),
                    m.id.name,
                    args
                );
                if in_fixed_words {
                    fixed_words.push(m.id.name);
                }
            }
            Entry::Junk { content } => return Err(format!("{CATALOGUE}: junk {content:?}")),
            _ => {}
        }
    }
    let _ = writeln!(
        consts,
        "/// The fixed words' messages, in the order of `Ui`.\n\
         pub(crate) const UI: [&str; {}] = {:?};",
        fixed_words.len(),
        fixed_words
    );
    let out = Path::new(&env::var("OUT_DIR").map_err(|e| e.to_string())?).join("ids.rs");
    fs::write(out, consts).map_err(|e| e.to_string())
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
