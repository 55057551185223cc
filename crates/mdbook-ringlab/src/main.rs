//! `mdbook-ringlab`, an mdBook preprocessor: each ```` ```ringlab ```` block of TOML in a
//! chapter becomes a `<ring-lab>` element (the release app's `ring-lab.js`), and the chapter
//! loads that script once. The conversion is `widget.rs`; this file is mdBook's protocol:
//!
//! - `mdbook-ringlab supports RENDERER` exits 0 for `html` and 1 for any other renderer (the
//!   element needs a browser);
//! - `mdbook-ringlab` reads `[context, book]` as JSON on standard input and writes the book
//!   back on standard output, or one line on standard error and exit status 1 when a block
//!   cannot become a widget, which fails the build.
//!
//! book.toml: `[preprocessor.ringlab]` with `src` (the directory of `ring-lab.js`, default
//! `/`) and `lab` (the "Open in Ringlab" link's base, default `src`).

mod generated;
mod widget;

use std::io::{self, Write};
use std::process::ExitCode;

use mdbook_preprocessor::book::Book;
use mdbook_preprocessor::errors::{Error, Result};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use serde::Deserialize;

use generated::RinglabCli;
use widget::{convert_chapter, BlockKind, Settings};

/// `[preprocessor.ringlab]` in book.toml; its other keys (`command`, `renderers`, …) are
/// mdBook's own.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct BookConfig {
    src: Option<String>,
    lab: Option<String>,
    /// The `ringlab` binary that writes the facts and help blocks (default: on `PATH`).
    ringlab: Option<String>,
    /// Whether every algorithm and system of the registry must have its chapter.
    #[serde(default)]
    registry_pages: bool,
}

struct Ringlab;

impl Preprocessor for Ringlab {
    fn name(&self) -> &str {
        "ringlab"
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
        let config: BookConfig = ctx
            .config
            .get(&format!("preprocessor.{}", self.name()))?
            .unwrap_or_default();
        let settings = Settings::new(config.src.as_deref(), config.lab.as_deref());
        let cli = RinglabCli::new(std::path::Path::new(
            config.ringlab.as_deref().unwrap_or("ringlab"),
        ));
        if config.registry_pages {
            let chapters: Vec<std::path::PathBuf> = book
                .chapters()
                .filter_map(|c| c.source_path.clone())
                .collect();
            let missing = cli.missing_pages(&chapters).map_err(Error::msg)?;
            if !missing.is_empty() {
                return Err(Error::msg(format!(
                    "every algorithm and system of the registry has a chapter (registry-pages); \
                     missing: {}",
                    missing.join(", ")
                )));
            }
        }
        let mut generate = |kind: BlockKind, params: &[(String, String)]| match kind {
            BlockKind::Facts => cli.facts(params),
            BlockKind::Help => cli.help(params),
            BlockKind::Widget => Err("a widget is not generated".to_string()),
        };
        // for_each_chapter_mut cannot stop early: keep the first error, skip the rest.
        let mut failure: Option<Error> = None;
        book.for_each_chapter_mut(|chapter| {
            if failure.is_some() {
                return;
            }
            match convert_chapter(&chapter.content, &settings, &mut generate) {
                Ok(Some(content)) => chapter.content = content,
                Ok(None) => {}
                Err(e) => {
                    let file = chapter
                        .source_path
                        .as_ref()
                        .map(|p| format!(" ({})", p.display()))
                        .unwrap_or_default();
                    failure = Some(Error::msg(format!(
                        "chapter \"{}\"{file}, the block at line {}: {}",
                        chapter.name, e.line, e.message
                    )));
                }
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(book),
        }
    }

    fn supports_renderer(&self, renderer: &str) -> Result<bool> {
        Ok(renderer == "html")
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.as_slice() {
        [command, renderer] if command == "supports" => {
            return match Ringlab.supports_renderer(renderer) {
                Ok(true) => ExitCode::SUCCESS,
                _ => ExitCode::FAILURE,
            };
        }
        [] => preprocess(),
        _ => {
            eprintln!("usage: mdbook-ringlab [supports RENDERER]  (run by mdbook, see book.toml)");
            return ExitCode::from(2);
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mdbook-ringlab: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// One run of the protocol: the book in on standard input, out on standard output.
fn preprocess() -> Result<()> {
    let (ctx, book) = mdbook_preprocessor::parse_input(io::stdin())?;
    if !same_minor_version(&ctx.mdbook_version, mdbook_preprocessor::MDBOOK_VERSION) {
        // The JSON may still read; say so rather than refuse, as mdBook's own example does.
        eprintln!(
            "mdbook-ringlab: warning: built for mdbook {}, run by mdbook {}",
            mdbook_preprocessor::MDBOOK_VERSION,
            ctx.mdbook_version
        );
    }
    let book = Ringlab.run(&ctx, book)?;
    let mut stdout = io::stdout().lock();
    serde_json::to_writer(&mut stdout, &book)?;
    stdout.flush()?;
    Ok(())
}

/// Whether two versions agree up to the minor number (`0.5.4` and `0.5.1` do): mdBook
/// keeps the protocol within a minor version before 1.0.
fn same_minor_version(a: &str, b: &str) -> bool {
    a.split('.').take(2).eq(b.split('.').take(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mdbook_preprocessor::book::{BookItem, Chapter};
    use mdbook_preprocessor::config::Config;

    fn run(book_toml: &str, chapters: &[&str]) -> Result<Book> {
        let config: Config = book_toml.parse().expect("a valid book.toml");
        let ctx = PreprocessorContext::new("/book".into(), config, "html".to_string());
        let items = chapters
            .iter()
            .enumerate()
            .map(|(i, content)| {
                let path = format!("chapter-{i}.md");
                BookItem::Chapter(Chapter::new(
                    &format!("Chapter {i}"),
                    content.to_string(),
                    path,
                    vec![],
                ))
            })
            .collect();
        Ringlab.run(&ctx, Book::new_with_items(items))
    }

    fn contents(book: &Book) -> Vec<String> {
        book.chapters().map(|c| c.content.clone()).collect()
    }

    #[test]
    fn the_book_config_sets_the_script_and_the_link() {
        let toml = "[preprocessor.ringlab]\nsrc = \"/lab\"\nlab = \"https://x.example/\"\n";
        let book = run(toml, &["```ringlab\nalgo = \"jump\"\n```\n", "# none\n"]).expect("runs");
        let out = contents(&book);
        assert!(
            out[0].starts_with("<script type=\"module\" src=\"/lab/ring-lab.js\"></script>"),
            "{}",
            out[0]
        );
        assert!(
            out[0].contains("href=\"https://x.example/?algo=jump\""),
            "{}",
            out[0]
        );
        assert_eq!(out[1], "# none\n");
    }

    #[test]
    fn without_config_the_script_is_at_the_root() {
        let book = run("", &["```ringlab\n```\n"]).expect("runs");
        assert!(contents(&book)[0].starts_with("<script type=\"module\" src=\"/ring-lab.js\">"));
    }

    #[test]
    fn an_error_names_the_chapter_and_the_line() {
        let e = run("", &["fine\n", "# T\n\n```ringlab\nnodes = [1]\n```\n"]).expect_err("refused");
        let message = format!("{e:#}");
        assert!(
            message.starts_with("chapter \"Chapter 1\" (chapter-1.md), the block at line 3: the value of `nodes` is an array"),
            "{message}"
        );
    }

    #[test]
    fn only_html_is_supported() {
        assert!(Ringlab.supports_renderer("html").expect("answers"));
        assert!(!Ringlab.supports_renderer("markdown").expect("answers"));
    }

    #[test]
    fn versions_agree_by_minor_number() {
        assert!(same_minor_version("0.5.4", "0.5.1"));
        assert!(!same_minor_version("0.4.52", "0.5.4"));
    }
}
