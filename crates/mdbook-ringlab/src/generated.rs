//! Blocks whose text `ringlab` itself writes, so that the book cannot drift from the code:
//!
//! - ```` ```ringlab-facts ```` with `algo = "ID"` or `system = "ID"` becomes a table of what
//!   the registry says of it (`ringlab list … --format json`), as a definition list: what it is, its source, its
//!   weights, nodes and parameters with their ranges and defaults;
//! - ```` ```ringlab-help ```` with `command = "NAME"` (or nothing, for the top level)
//!   becomes `ringlab [NAME] --help`'s output, word for word.
//!
//! With `registry-pages = true` in `[preprocessor.ringlab]`, the book must have a chapter
//! `algorithms/ID.md` per algorithm and `systems/ID.md` per system of the registry, or the
//! build fails naming the missing ones.

use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The `ringlab` binary and what it said, asked once per run.
pub struct RinglabCli {
    binary: PathBuf,
    algorithms: OnceCell<Result<Vec<Value>, String>>,
    systems: OnceCell<Result<Vec<Value>, String>>,
}

impl RinglabCli {
    /// `binary` is run as given: a bare name is looked up on `PATH`.
    pub fn new(binary: &Path) -> RinglabCli {
        RinglabCli {
            binary: binary.to_path_buf(),
            algorithms: OnceCell::new(),
            systems: OnceCell::new(),
        }
    }

    /// What `ringlab ARGS` printed, or why it could not be run.
    fn run(&self, args: &[&str]) -> Result<String, String> {
        let command = format!("`{} {}`", self.binary.display(), args.join(" "));
        let output = Command::new(&self.binary)
            .args(args)
            .output()
            .map_err(|e| {
                format!("cannot run {command} (set `ringlab` in [preprocessor.ringlab]): {e}")
            })?;
        if !output.status.success() {
            return Err(format!(
                "{command} failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        String::from_utf8(output.stdout)
            .map_err(|_| format!("{command} printed bytes that are not UTF-8"))
    }

    /// The registry's entries of one list (`algorithms` or `systems`).
    fn list(&self, which: &str) -> Result<&[Value], String> {
        let cell = if which == "algorithms" {
            &self.algorithms
        } else {
            &self.systems
        };
        cell.get_or_init(|| {
            let json = self.run(&["list", which, "--format", "json"])?;
            serde_json::from_str(&json).map_err(|e| {
                format!("`ringlab list {which} --format json` is not a JSON list: {e}")
            })
        })
        .as_deref()
        .map_err(Clone::clone)
    }

    /// The Markdown of a `ringlab-facts` block.
    pub fn facts(&self, params: &[(String, String)]) -> Result<String, String> {
        match params {
            [(key, id)] if key == "algo" => {
                let entry = find(
                    self.list("algorithms")?,
                    id,
                    "algorithm",
                    "ringlab list algorithms",
                )?;
                Ok(algorithm_facts(entry))
            }
            [(key, id)] if key == "system" => {
                let entry = find(self.list("systems")?, id, "system", "ringlab list systems")?;
                Ok(system_facts(entry))
            }
            _ => Err(
                "a ringlab-facts block names one `algo = \"ID\"` or one `system = \"ID\"`"
                    .to_string(),
            ),
        }
    }

    /// The Markdown of a `ringlab-help` block: the help as a code block.
    pub fn help(&self, params: &[(String, String)]) -> Result<String, String> {
        let args: Vec<&str> = match params {
            [] => vec!["--help"],
            [(key, name)] if key == "command" => {
                if !name.chars().all(|c| c.is_ascii_lowercase()) || name.is_empty() {
                    return Err(format!("{name:?} is not a ringlab subcommand's name"));
                }
                vec![name.as_str(), "--help"]
            }
            _ => {
                return Err(
                    "a ringlab-help block names at most one `command = \"NAME\"`".to_string(),
                )
            }
        };
        let help = self.run(&args)?;
        Ok(format!("~~~~text\n{}\n~~~~\n", help.trim_end()))
    }

    /// The registry's algorithms and systems that have no chapter of their own among
    /// `chapters` (paths relative to the book's `src`), as those paths.
    pub fn missing_pages(&self, chapters: &[PathBuf]) -> Result<Vec<String>, String> {
        let mut missing = Vec::new();
        for (list, dir) in [("algorithms", "algorithms"), ("systems", "systems")] {
            for entry in self.list(list)? {
                let id = entry["id"].as_str().unwrap_or_default();
                let page = format!("{dir}/{id}.md");
                if !chapters.iter().any(|c| c == Path::new(&page)) {
                    missing.push(page);
                }
            }
        }
        Ok(missing)
    }
}

/// The entry `id` of a list, or an error that says where the ids are listed.
fn find<'a>(list: &'a [Value], id: &str, what: &str, command: &str) -> Result<&'a Value, String> {
    list.iter()
        .find(|e| e["id"] == id)
        .ok_or_else(|| format!("no {what} is called {id:?} (`{command}` lists them)"))
}

fn algorithm_facts(e: &Value) -> String {
    let id = text(&e["id"]);
    let mut rows = vec![
        (
            "Name".to_string(),
            format!("`{id}`: `algo={id}` in a link or a widget, `--algo {id}` for `ringlab`"),
        ),
        ("What it is".to_string(), cell(text(&e["description"]))),
        ("Exact to".to_string(), cell(text(&e["source"]))),
        (
            "Weights".to_string(),
            yes_no(
                &e["uses_weights"],
                "a node's weight counts",
                "weights are ignored",
            ),
        ),
        (
            "Virtual nodes".to_string(),
            yes_no(&e["uses_vnodes"], "each node's count counts", "none"),
        ),
        (
            "Hash".to_string(),
            match e["fixed_hash"].as_str() {
                Some(hash) => format!("always `{hash}`"),
                None => "any of the lab's hash functions (`hash=`, `--hash`)".to_string(),
            },
        ),
    ];
    let aliases: Vec<String> = e["aliases"]
        .as_array()
        .map(|a| a.iter().map(|v| format!("`{}`", text(v))).collect())
        .unwrap_or_default();
    if !aliases.is_empty() {
        rows.push(("Older names".to_string(), aliases.join(", ")));
    }
    for p in e["params"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
    {
        let range = match text(&p["kind"]) {
            "choice" => {
                let options: Vec<String> = p["options"]
                    .as_array()
                    .map(|o| o.iter().map(|v| format!("`{}`", text(v))).collect())
                    .unwrap_or_default();
                format!("one of {}", options.join(", "))
            }
            _ => format!("{} to {}", number(&p["min"]), number(&p["max"])),
        };
        rows.push((
            format!("`{}=` / `--{}`", text(&p["key"]), text(&p["flag"])),
            cell(&format!(
                "{}: {range}; default {}",
                text(&p["description"]),
                number(&p["default"])
            )),
        ));
    }
    table(&rows)
}

fn system_facts(e: &Value) -> String {
    let id = text(&e["id"]);
    let mut rows = vec![
        (
            "Name".to_string(),
            format!("`{id}`: `system={id}` in a link or a widget, `--system {id}` for `ringlab`"),
        ),
        ("What it models".to_string(), cell(text(&e["description"]))),
        (
            "Source".to_string(),
            format!("[{}]({})", cell(text(&e["source"])), text(&e["source_url"])),
        ),
        ("Nodes".to_string(), cell(text(&e["nodes"]))),
        (
            "Weights".to_string(),
            match e["weights"].get("meaning") {
                // Whole weights start at 1; decimal ones (Ceph's) say their smallest.
                Some(meaning) => cell(&format!(
                    "{}; {} to {}, {} when none is written",
                    text(meaning),
                    e["weights"]
                        .get("min")
                        .map_or_else(|| "1".to_string(), number),
                    number(&e["weights"]["max"]),
                    number(&e["weights"]["default"])
                )),
                None => "none: a node given a weight is refused".to_string(),
            },
        ),
    ];
    for p in e["params"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
    {
        rows.push((
            format!("`--param {}=`", text(&p["name"])),
            cell(&format!(
                "{}: {} to {}; default {}",
                text(&p["description"]),
                number(&p["min"]),
                number(&p["max"]),
                number(&p["default"])
            )),
        ));
    }
    table(&rows)
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// A whole number with its thousands grouped, as the lab writes them (`1,000,000`); any
/// other value as the JSON has it.
fn number(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) if n.is_u64() => {
            let digits = n.to_string();
            let mut out = String::with_capacity(digits.len() + digits.len() / 3);
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(c);
            }
            out
        }
        other => other.to_string(),
    }
}

fn yes_no(v: &Value, yes: &str, no: &str) -> String {
    if v.as_bool() == Some(true) { yes } else { no }.to_string()
}

/// Registry text for one line of a definition: a line break would end it, and outside its
/// code spans (between backticks, which Markdown shows as written) `<`, `>` and `&` are
/// escaped, so that `"<i>:<name>"` is text, not a tag.
fn cell(text: &str) -> String {
    text.replace('\n', " ")
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 0 {
                html_escape::encode_text(part).into_owned()
            } else {
                part.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("`")
}

/// The facts as a definition list, which wraps on a phone where a table of long code spans
/// would scroll sideways.
fn table(rows: &[(String, String)]) -> String {
    let mut out = String::new();
    for (name, value) in rows {
        out.push_str(&format!("{name}\n: {value}\n\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nginx() -> Value {
        serde_json::json!({
            "id": "nginx",
            "description": "nginx `hash $key consistent`",
            "source": "nginx/nginx src/x.c",
            "source_url": "https://github.com/nginx/nginx/blob/HEAD/src/x.c",
            "weights": {"meaning": "nginx's `weight=`", "default": 1, "max": 1000000},
            "nodes": "the `server` text, hashed as \"<i>:<name>\" (`<kept>`)",
            "params": [{"name": "size", "description": "a size", "default": 3, "min": 1, "max": 9}],
        })
    }

    #[test]
    fn a_systems_facts_are_a_definition_list_with_its_linked_source_and_parameters() {
        let out = system_facts(&nginx());
        assert!(out.starts_with("Name\n: `nginx`: `system=nginx`"), "{out}");
        let source =
            "Source\n: [nginx/nginx src/x.c](https://github.com/nginx/nginx/blob/HEAD/src/x.c)\n\n";
        assert!(out.contains(source), "{out}");
        let weights = "Weights\n: nginx's `weight=`; 1 to 1,000,000, 1 when none is written\n\n";
        assert!(out.contains(weights), "{out}");
        assert!(
            out.contains("`--param size=`\n: a size: 1 to 9; default 3\n\n"),
            "{out}"
        );
        let mut decimal = nginx();
        decimal["weights"] = serde_json::json!({
            "meaning": "the CRUSH weight", "default": "1.00", "min": "0.01", "max": "100.00",
        });
        let out = system_facts(&decimal);
        let weights = "Weights\n: the CRUSH weight; 0.01 to 100.00, 1.00 when none is written\n";
        assert!(out.contains(weights), "{out}");
        let mut none = nginx();
        none["weights"] = serde_json::json!({});
        let out = system_facts(&none);
        assert!(
            out.contains("Weights\n: none: a node given a weight is refused\n"),
            "{out}"
        );
    }

    #[test]
    fn an_algorithms_facts_name_its_hash_and_choices() {
        let e = serde_json::json!({
            "id": "ketama", "aliases": ["k"], "description": "ketama", "source": "RJ/ketama",
            "uses_weights": true, "uses_vnodes": false, "fixed_hash": "md5",
            "params": [{"key": "weighting", "flag": "weighting", "description": "whose formula",
                        "kind": "choice", "options": ["libketama", "java"], "default": "libketama"}],
        });
        let out = algorithm_facts(&e);
        assert!(out.contains("Hash\n: always `md5`\n"), "{out}");
        assert!(out.contains("Older names\n: `k`\n"), "{out}");
        let choice = "`weighting=` / `--weighting`\n: whose formula: one of `libketama`, `java`; default libketama\n";
        assert!(out.contains(choice), "{out}");
    }

    #[test]
    fn a_missing_binary_is_a_clear_error() {
        let cli = RinglabCli::new(Path::new("/nonexistent/ringlab"));
        let e = cli
            .facts(&[("algo".into(), "jump".into())])
            .expect_err("no binary");
        assert!(
            e.starts_with("cannot run `/nonexistent/ringlab list algorithms --format json`"),
            "{e}"
        );
        let e = cli
            .help(&[("command".into(), "../x".into())])
            .expect_err("bad name");
        assert_eq!(e, "\"../x\" is not a ringlab subcommand's name");
        let e = cli.facts(&[]).expect_err("nothing named");
        assert!(e.starts_with("a ringlab-facts block names one"), "{e}");
    }
}
