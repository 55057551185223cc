//! Checks that `ARCHITECTURE.md` stays true of the tree:
//!
//! - its code map names every module file: each `.rs` file under `src/` and `crates/*/src/`
//!   must appear, as its path from the repository root in backticks
//!   (`` `src/model/state/place.rs` ``), between the `## Code map` heading and the next
//!   `## ` heading. A test-only file (named `tests.rs` or ending in `_tests.rs`) is also
//!   covered by its directory's entry: the module file of the directory it sits in (`D.rs`
//!   or `D/mod.rs` for a file in `D/`; `lib.rs` or `main.rs` at a crate's `src/`), since
//!   that module declares it. Every `.rs` path the code map names must exist, so a renamed
//!   or deleted file fails too;
//! - the model knows no words, no Yew and no drawing: no file under `src/model` contains
//!   `crate::i18n` or `i18n::`, and none but its test-only files (named as above) contains
//!   `yew::`, `use yew`, `plotters`, `crate::draw` or `crate::components` (a plain text
//!   search, comments included). Tests may draw the model's states (the tour's and the
//!   fuzzer's do); the model's words are tested in `src/i18n/model_tests.rs`;
//! - no import circle among the app's modules: a module is a file under `src/` (but
//!   `main.rs` and `bin/`, other crates), and it imports from each file whose items it
//!   names through a `crate::`, `super::` or `self::` path, followed through re-exports to
//!   where the item is defined (`architecture/imports.rs`). Tests count too.
//!
//! Native only: it reads the source tree, which a wasm32 test in a browser cannot.
#![cfg(not(target_arch = "wasm32"))]

use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "architecture/imports.rs"]
mod imports;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// The repository root (the root package's directory).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            rust_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// `path` relative to the repository root, with `/` separators.
fn relative(path: &Path) -> Result<String> {
    let rel = path.strip_prefix(root())?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Ok(parts.join("/"))
}

/// The module files the code map must name: every `.rs` under `src/` and `crates/*/src/`.
fn module_files() -> Result<Vec<String>> {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files)?;
    for krate in fs::read_dir(root.join("crates"))? {
        let src = krate?.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files)?;
        }
    }
    let mut rel = files
        .iter()
        .map(|f| relative(f))
        .collect::<Result<Vec<_>>>()?;
    rel.sort();
    Ok(rel)
}

/// The text of `ARCHITECTURE.md` from the `## Code map` heading to the next `## ` heading.
fn code_map() -> Result<String> {
    let doc = fs::read_to_string(root().join("ARCHITECTURE.md"))?;
    let mut lines = doc.lines().skip_while(|l| l.trim_end() != "## Code map");
    let heading = lines.next();
    assert!(
        heading.is_some(),
        "ARCHITECTURE.md has no `## Code map` heading"
    );
    Ok(lines
        .take_while(|l| !l.starts_with("## "))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// What the code map writes in backticks.
fn named(map: &str) -> Vec<&str> {
    map.split('`').skip(1).step_by(2).collect()
}

fn is_test_only(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    name == "tests.rs" || name.ends_with("_tests.rs")
}

/// The module files that declare a file in `file`'s directory: `D.rs` and `D/mod.rs` for a
/// directory `D`, and `lib.rs` and `main.rs` when `D` is a crate's `src`.
fn directory_entries(file: &str) -> Vec<String> {
    let Some((dir, _)) = file.rsplit_once('/') else {
        return Vec::new();
    };
    if dir == "src" || dir.ends_with("/src") {
        vec![format!("{dir}/lib.rs"), format!("{dir}/main.rs")]
    } else {
        vec![format!("{dir}.rs"), format!("{dir}/mod.rs")]
    }
}

#[test]
fn the_code_map_names_every_module_file() -> Result<()> {
    let map = code_map()?;
    let named = named(&map);
    let is_named = |path: &str| named.contains(&path);
    let files = module_files()?;
    assert!(
        files
            .iter()
            .any(|f| f == "crates/ring-core/src/registry.rs"),
        "the walk found no module files (looked under {})",
        root().display()
    );
    let missing: Vec<&String> = files
        .iter()
        .filter(|f| {
            // Its own entry, or for a test-only file its directory's.
            let by_directory = || directory_entries(f).iter().any(|d| is_named(d));
            let covered = is_named(f) || (is_test_only(f) && by_directory());
            !covered
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name these module files (add a line each, \
         as `path/from/the/root.rs`):\n  {}",
        missing
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    let stale: Vec<&str> = named
        .iter()
        .copied()
        .filter(|n| n.ends_with(".rs") && n.contains('/') && !root().join(n).is_file())
        .collect();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md's code map names files that do not exist:\n  {}",
        stale.join("\n  ")
    );
    Ok(())
}

#[test]
fn the_model_names_no_words_no_yew_and_no_drawing() -> Result<()> {
    // Words: nowhere in the model, its tests included.
    const WORDS: [&str; 2] = ["crate::i18n", "i18n::"];
    // The page: nowhere in the model's own code (its tests may draw what it computes).
    const PAGE: [&str; 5] = [
        "yew::",
        "use yew",
        "plotters",
        "crate::draw",
        "crate::components",
    ];
    let mut files = Vec::new();
    rust_files(&root().join("src/model"), &mut files)?;
    files.sort();
    assert!(!files.is_empty(), "no files under src/model");
    let mut found = Vec::new();
    for file in &files {
        let path = relative(file)?;
        let forbidden: Vec<&str> = if is_test_only(&path) {
            WORDS.to_vec()
        } else {
            WORDS.iter().chain(&PAGE).copied().collect()
        };
        let text = fs::read_to_string(file)?;
        for (n, line) in text.lines().enumerate() {
            for word in forbidden.iter().filter(|w| line.contains(**w)) {
                found.push(format!("{path}:{}: {word}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the model must not name i18n, Yew or drawing (the dependency goes the other way; \
         see ARCHITECTURE.md, Invariants):\n  {}",
        found.join("\n  ")
    );
    Ok(())
}

/// The app's module files, relative to `src/`, with their text: the library crate's, so not
/// `main.rs` or `bin/`.
fn app_sources() -> Result<(Vec<String>, Vec<String>)> {
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files)?;
    files.sort();
    let mut names = Vec::new();
    let mut texts = Vec::new();
    for file in files {
        let name = relative(&file)?.trim_start_matches("src/").to_owned();
        if name == "main.rs" || name.starts_with("bin/") {
            continue;
        }
        texts.push(fs::read_to_string(&file)?);
        names.push(name);
    }
    Ok((names, texts))
}

#[test]
fn no_import_circle_among_the_app_s_modules() -> Result<()> {
    let (files, texts) = app_sources()?;
    let graph = imports::Graph::of_crate(files, &texts);
    let edges: usize = graph.edges.iter().map(|e| e.len()).sum();
    assert!(
        edges > 100,
        "the import graph has only {edges} edges: is the parser reading `use`?"
    );
    let circles = graph.circles();
    let report: Vec<String> = circles
        .iter()
        .map(|c| {
            format!(
                "{} files: {}\n    {}",
                c.len(),
                c.join(", "),
                graph.edges_within(c).join("\n    ")
            )
        })
        .collect();
    assert!(
        circles.is_empty(),
        "import circles among the app's modules (paths under src/; ARCHITECTURE.md says which \
         way each layer imports):\n  {}",
        report.join("\n  ")
    );
    Ok(())
}

/// The parser on small crates whose graphs are known.
mod import_graph {
    use super::imports::Graph;

    fn graph(files: &[(&str, &str)]) -> Graph {
        Graph::of_crate(
            files.iter().map(|f| f.0.to_owned()).collect(),
            &files.iter().map(|f| f.1.to_owned()).collect::<Vec<_>>(),
        )
    }

    #[test]
    fn a_circle_through_a_re_export_is_found() {
        let g = graph(&[
            ("lib.rs", "mod a; mod b; pub use a::A;"),
            ("a/mod.rs", "mod inner; pub use inner::A;"),
            ("a/inner.rs", "use crate::b::B; pub struct A(B);"),
            ("b.rs", "pub struct B; fn f() -> crate::A { todo!() }"),
        ]);
        assert_eq!(
            g.circles(),
            vec![vec!["a/inner.rs".to_owned(), "b.rs".to_owned()]]
        );
    }

    #[test]
    fn comments_strings_other_crates_and_tests_modules_make_no_edge() {
        let g = graph(&[
            ("lib.rs", "mod a; mod b;"),
            (
                "a.rs",
                "use ring_core::b; // crate::b::X\n/* crate::b */ const S: &str = \"crate::b::X\";\n\
                 const R: &str = r#\"crate::b\"#; fn f<'a>(_: &'a str) -> char { 'b' }\n\
                 #[cfg(test)] mod tests { use super::*; }",
            ),
            ("b.rs", "use super::a::f; use a::S;"),
        ]);
        assert!(g.circles().is_empty());
        assert_eq!(g.edges[1].len(), 0, "{:?}", g.edges);
        assert_eq!(g.edges[2].len(), 1, "{:?}", g.edges);
    }

    #[test]
    fn a_path_in_code_and_a_grouped_use_are_edges() {
        let g = graph(&[
            ("lib.rs", "mod a; mod b; mod c;"),
            ("a.rs", "use crate::{b::{self, B}, c as see}; pub struct A;"),
            ("b.rs", "pub struct B;"),
            ("c.rs", "fn f() { let _ = super::a::A; }"),
        ]);
        assert_eq!(
            g.circles(),
            vec![vec!["a.rs".to_owned(), "c.rs".to_owned()]]
        );
    }
}
