//! The conversion itself, with no mdBook types: a chapter's Markdown in, the same Markdown
//! with each ```` ```ringlab ```` block replaced by a `<ring-lab>` element out.
//!
//! The block's TOML keys are the element's attributes, which are the lab's link parameters.
//! They are not checked against a list of their own here: the app's link codec is the one
//! table of them (`src/model/url.rs`), and the element lists in a note what it cannot use.
//! What is checked is what would make bad HTML or a bad link: the key's spelling and the
//! value's type.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use toml::Value;

/// Where the widget's script and the lab live, from `[preprocessor.ringlab]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The script tag's `src`: the directory holding `ring-lab.js`, ending in `/`.
    pub script_dir: String,
    /// The base of the "Open in Ringlab" link; the block's parameters follow as a query.
    pub lab: String,
}

impl Settings {
    /// `src` is a directory: a missing final `/` is added, so `"/ringlab"` and
    /// `"/ringlab/"` both load `/ringlab/ring-lab.js`. `lab` defaults to that directory,
    /// where the release build puts the lab's `index.html` beside `ring-lab.js`.
    pub fn new(src: Option<&str>, lab: Option<&str>) -> Settings {
        let mut script_dir = src.unwrap_or("/").to_string();
        if !script_dir.ends_with('/') {
            script_dir.push('/');
        }
        let lab = lab.map_or_else(|| script_dir.clone(), str::to_string);
        Settings { script_dir, lab }
    }
}

/// A block that cannot become a widget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockError {
    /// The line of the block's opening fence in the chapter, from 1.
    pub line: usize,
    /// What is wrong, naming the line inside the chapter where the TOML says which.
    pub message: String,
}

/// What a block becomes: a widget, or Markdown that `ringlab` writes (`crate::generated`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// ```` ```ringlab ````: a `<ring-lab>` element.
    Widget,
    /// ```` ```ringlab-facts ````: what the registry says of an algorithm or a system.
    Facts,
    /// ```` ```ringlab-help ````: a subcommand's help.
    Help,
}

impl BlockKind {
    /// The kind a fence's info string names by its first word, if any.
    fn of(info: &str) -> Option<BlockKind> {
        match info.split_whitespace().next() {
            Some("ringlab") => Some(BlockKind::Widget),
            Some("ringlab-facts") => Some(BlockKind::Facts),
            Some("ringlab-help") => Some(BlockKind::Help),
            _ => None,
        }
    }
}

/// A block's parameters, in the block's order.
pub type Params = [(String, String)];

/// Writes the Markdown of a block that is not a widget, or says why it cannot.
pub type Generate<'a> = dyn FnMut(BlockKind, &Params) -> Result<String, String> + 'a;

/// The chapter with its blocks converted, and the script tag at its top when it has a
/// widget, or `None` when it has no such block (it is then left exactly as it was).
/// `generate` writes the Markdown of the blocks that are not widgets, or says why it cannot.
pub fn convert_chapter(
    markdown: &str,
    settings: &Settings,
    generate: &mut Generate<'_>,
) -> Result<Option<String>, BlockError> {
    let blocks = ringlab_blocks(markdown);
    if blocks.is_empty() {
        return Ok(None);
    }
    // At the top, never inside anything: the start of a chapter is outside every list,
    // quote and code block, which the end of one need not be. A `<script>` line starts an
    // HTML block that ends with its own `</script>`, and its line, the style sheet that
    // reserves the elements' room before they start, with it.
    let dir = escape_html(&settings.script_dir);
    let mut out = if blocks.iter().any(|b| b.kind == BlockKind::Widget) {
        format!(
            "<script type=\"module\" src=\"{dir}ring-lab.js\"></script>\
             <link rel=\"stylesheet\" href=\"{dir}ring-lab.css\">\n\n"
        )
    } else {
        String::new()
    };
    let mut copied = 0;
    for block in &blocks {
        let line = line_of(markdown, block.range.start);
        let params = parse_params(&block.body, line)?;
        // The parser's offsets are char boundaries and its blocks do not overlap; `get`
        // keeps a surprise from being a panic.
        out.push_str(markdown.get(copied..block.range.start).unwrap_or_default());
        if block.kind != BlockKind::Widget {
            if !block.top_level {
                return Err(BlockError {
                    line,
                    message: "a ringlab-facts or ringlab-help block makes a table or a code \
                              block of its own: put it outside lists and quotes"
                        .to_string(),
                });
            }
            let markdown =
                generate(block.kind, &params).map_err(|message| BlockError { line, message })?;
            out.push('\n');
            out.push_str(&markdown);
            out.push('\n');
            copied = block.range.end;
            continue;
        }
        let element = element(&params, settings, block.top_level);
        if block.top_level {
            // Blank lines around it make it an HTML block of its own even when a paragraph
            // runs right up to the fence or right after it. Inside a list or a quote a blank
            // line could end the container, so there it stays one line in place.
            out.push('\n');
            out.push_str(&element);
            out.push_str("\n\n");
        } else {
            out.push_str(&element);
            out.push('\n');
        }
        copied = block.range.end;
    }
    out.push_str(markdown.get(copied..).unwrap_or_default());
    Ok(Some(out))
}

/// One fenced block whose info string's first word is `ringlab`, `ringlab-facts` or
/// `ringlab-help`.
struct Block {
    kind: BlockKind,
    /// The whole block in the chapter, fences included.
    range: Range<usize>,
    /// Its content, without the fences and the container's indentation or `>` marks.
    body: String,
    /// Not inside a list, quote or other container.
    top_level: bool,
}

/// The Markdown options mdBook renders with (`mdbook_markdown::new_cmark_parser`, with
/// definition lists and admonitions on), so that a fence is a fence exactly when mdBook
/// would render it as one.
fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_DEFINITION_LIST
        | Options::ENABLE_GFM
}

/// The `ringlab` blocks, found by the Markdown parser: a ```` ```ringlab ```` shown inside a
/// longer fence, or indented as code, is text of that other block and stays as it is.
fn ringlab_blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    let mut depth = 0usize;
    for (event, range) in Parser::new_ext(markdown, markdown_options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if BlockKind::of(&info).is_some() =>
            {
                open = Some(Block {
                    kind: BlockKind::of(&info).unwrap_or(BlockKind::Widget),
                    range: range.start..through_line_end(markdown, range.end),
                    body: String::new(),
                    top_level: depth == 0,
                });
                depth += 1;
            }
            Event::Text(text) => {
                if let Some(block) = open.as_mut() {
                    block.body.push_str(&text);
                }
            }
            Event::Start(_) => depth += 1,
            Event::End(end) => {
                depth = depth.saturating_sub(1);
                if end == TagEnd::CodeBlock {
                    blocks.extend(open.take());
                }
            }
            _ => {}
        }
    }
    blocks
}

/// `end` moved past the closing fence's line break, which the parser's range may or may
/// not include, so that the element replaces whole lines.
fn through_line_end(markdown: &str, end: usize) -> usize {
    let rest = markdown.get(end..).unwrap_or_default();
    match rest.find('\n') {
        Some(newline) if rest[..newline].trim().is_empty() => end + newline + 1,
        _ => end,
    }
}

/// The line of byte `offset`, from 1.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

/// The block's keys and values as attribute names and values, in the block's order.
/// `fence_line` is the opening fence's line in the chapter, for the errors.
fn parse_params(body: &str, fence_line: usize) -> Result<Vec<(String, String)>, BlockError> {
    // Each line of the body is one line of the chapter, the one after the fence first.
    let line_in_chapter = |offset: usize| fence_line + line_of(body, offset);
    let error = |message: String| BlockError {
        line: fence_line,
        message,
    };
    let table: toml::Table = body.parse().map_err(|e: toml::de::Error| {
        let at = e
            .span()
            .map(|span| format!(" (line {})", line_in_chapter(span.start)))
            .unwrap_or_default();
        error(format!("not valid TOML{at}: {}", e.message().trim_end()))
    })?;
    let mut params = Vec::with_capacity(table.len());
    for (key, value) in table {
        if !is_attribute_name(&key) {
            return Err(error(format!(
                "the key {key:?} is not a widget parameter: use lowercase letters, digits \
                 and hyphens, starting with a letter (as in `algo`, `default-vnodes`)"
            )));
        }
        let text = match value {
            Value::String(s) => s,
            Value::Integer(i) => i.to_string(),
            Value::Float(f) => f.to_string(),
            // The link's and the element's booleans are written 1 and 0 (`controls="0"`).
            Value::Boolean(b) => if b { "1" } else { "0" }.to_string(),
            Value::Datetime(_) | Value::Array(_) | Value::Table(_) => {
                return Err(error(format!(
                    "the value of `{key}` is {}: give a string, a number or a boolean \
                     (lists are written as one string, `nodes = \"a:600,b:300\"`)",
                    kind(&value)
                )));
            }
        };
        params.push((key, text));
    }
    Ok(params)
}

/// The value's TOML type with its article, for the errors.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a float",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

/// Lowercase ASCII letters, digits and hyphens, starting with a letter: always a valid
/// attribute name and a link parameter that needs no encoding.
fn is_attribute_name(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_lowercase())
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The element: its attributes, then the fallback that readers without JavaScript (and
/// search engines) see, a sentence and a link. On its own lines (`block`), the opening tag
/// alone on the first makes the whole an HTML block, which Markdown leaves alone. On one
/// line, Markdown makes it part of a paragraph: so the fallback is inline content (no
/// `<p>`), and its text has Markdown's punctuation escaped too.
fn element(params: &[(String, String)], settings: &Settings, block: bool) -> String {
    let mut open = String::from("<ring-lab");
    for (name, value) in params {
        open.push_str(&format!(" {name}=\"{}\"", escape_html(value)));
    }
    open.push('>');
    let separator = if settings.lab.contains('?') { '&' } else { '?' };
    let href = format!("{}{separator}{}", settings.lab, lab_query(params));
    let zh = params.iter().any(|(k, v)| k == "lang" && v == "zh");
    let fallback = format!(
        "{} <a href=\"{}\">{}</a>",
        escape_markdown(&escape_html(&description(params, zh))),
        escape_html(href.trim_end_matches(['?', '&'])),
        if zh {
            "在 Ringlab 中打开"
        } else {
            "Open in Ringlab"
        }
    );
    let line_break = if block { "\n" } else { "" };
    format!("{open}{line_break}{fallback}{line_break}</ring-lab>")
}

/// A sentence naming what the widget shows, in the widget's language (`lang = "zh"`:
/// Chinese, else English):
/// "Ringlab: ketama with nodes a:600, b:300, c:100, 2000 keys, then add:cache-e:100."
fn description(params: &[(String, String)], zh: bool) -> String {
    let get = |name: &str| {
        params
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    };
    // The sentence's words in each language: its start, the default ring, what comes
    // before the nodes and between them, around the key count, before the change, its end.
    let w = if zh {
        [
            "Ringlab：",
            "默认的环",
            "，节点 ",
            "、",
            "，",
            " 个键",
            "，然后 ",
            "。",
        ]
    } else {
        [
            "Ringlab: ",
            "the default ring",
            " with nodes ",
            ", ",
            ", ",
            " keys",
            ", then ",
            ".",
        ]
    };
    let mut sentence = format!("{}{}", w[0], get("algo").unwrap_or(w[1]));
    if let Some(nodes) = get("nodes") {
        sentence.push_str(&format!("{}{}", w[2], nodes.replace(',', w[3])));
    }
    if let Some(keys) = get("keys") {
        sentence.push_str(&format!("{}{keys}{}", w[4], w[5]));
    }
    if let Some(change) = get("change") {
        sentence.push_str(&format!("{}{change}", w[6]));
    }
    sentence.push_str(w[7]);
    sentence
}

/// The parameters as the lab's query. `show`, `controls` and `legend` frame the widget
/// (the ring alone, no controls): the link opens the whole lab on the same state instead.
fn lab_query(params: &[(String, String)]) -> String {
    params
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "show" | "controls" | "legend"))
        .map(|(name, value)| format!("{name}={}", percent_encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Percent-encodes every byte but the unreserved ones and `:` and `,`, which the lab's own
/// links leave as they are (`nodes=a:600,b:300`).
fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~:,".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Escapes text for an attribute value in double quotes, or for element content, on one
/// line.
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // A line break would split the tag over lines, and a blank line end the HTML
            // block in the middle of it.
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes Markdown's inline punctuation as character references, which Markdown reads
/// as the plain characters: a node named `*a*` is not emphasis.
fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '~' => {
                out.push_str(&format!("&#{};", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_generated(kind: BlockKind, _: &[(String, String)]) -> Result<String, String> {
        Err(format!("{kind:?} is not generated in these tests"))
    }

    fn settings() -> Settings {
        Settings::new(None, None)
    }

    fn convert(markdown: &str) -> String {
        convert_chapter(markdown, &settings(), &mut no_generated)
            .expect("converts")
            .expect("has a block")
    }

    fn error(markdown: &str) -> BlockError {
        convert_chapter(markdown, &settings(), &mut no_generated).expect_err("is refused")
    }

    const SCRIPT: &str = "<script type=\"module\" src=\"/ring-lab.js\"></script>\
                          <link rel=\"stylesheet\" href=\"/ring-lab.css\">";

    #[test]
    fn a_block_becomes_the_element_with_its_fallback_and_link() {
        let out = convert(
            "# Rings\n\n```ringlab\nalgo = \"ketama\"\nnodes = \"a:600,b:300,c:100\"\n\
             keys = 2000\nshow = \"ring\"\ncontrols = false\n```\n\nAfter.\n",
        );
        assert_eq!(
            out,
            format!(
                "{SCRIPT}\n\n# Rings\n\n\n<ring-lab algo=\"ketama\" nodes=\"a:600,b:300,c:100\" \
                 keys=\"2000\" show=\"ring\" controls=\"0\">\nRinglab: ketama with nodes a:600, \
                 b:300, c:100, 2000 keys. <a href=\"/?algo=ketama&amp;nodes=a:600,b:300,c:100&amp;\
                 keys=2000\">Open in Ringlab</a>\n</ring-lab>\n\n\nAfter.\n"
            )
        );
    }

    #[test]
    fn values_and_the_link_are_escaped() {
        let out =
            convert("```ringlab\nnodes = 'x\"y<z>:1,a&b c:2'\nchange = \"add:e+f:100\"\n```\n");
        assert!(
            out.contains("nodes=\"x&quot;y&lt;z&gt;:1,a&amp;b c:2\""),
            "{out}"
        );
        assert!(
            out.contains("href=\"/?nodes=x%22y%3Cz%3E:1,a%26b%20c:2&amp;change=add:e%2Bf:100\""),
            "{out}"
        );
        assert!(
            out.contains(">\nRinglab: the default ring with nodes x&quot;y&lt;z&gt;:1, a&amp;b c:2, then add:e+f:100. <a"),
            "{out}"
        );
        assert!(!out.contains("<z>"), "{out}");
        let out = convert("```ringlab\nchange = \"\"\"\nadd:e\n\nx\"\"\"\n```\n");
        assert!(
            out.contains("<ring-lab change=\"add:e&#10;&#10;x\">\n"),
            "{out}"
        );
        // On one line inside a list, the fallback is Markdown text: `*` must not emphasize.
        let out = convert("- ```ringlab\n  nodes = \"*a*:1,b_c_:2\"\n  ```\n");
        assert!(
            out.contains(">Ringlab: the default ring with nodes &#42;a&#42;:1, b&#95;c&#95;:2. <a"),
            "{out}"
        );
    }

    #[test]
    fn a_chinese_widget_has_a_chinese_fallback() {
        let settings = Settings::new(None, None);
        let out = convert_chapter(
            "```ringlab\nalgo = \"jump\"\nnodes = \"a,b\"\nlang = \"zh\"\n```\n",
            &settings,
            &mut no_generated,
        )
        .expect("converts")
        .expect("has a block");
        assert!(
            out.contains(">\nRinglab：jump，节点 a、b。 <a href=\"/?algo=jump&amp;nodes=a,b&amp;lang=zh\">在 Ringlab 中打开</a>\n</ring-lab>"),
            "{out}"
        );
        let en = convert_chapter(
            "```ringlab\nalgo = \"jump\"\n```\n",
            &settings,
            &mut no_generated,
        )
        .expect("converts")
        .expect("has a block");
        assert!(
            en.contains("Ringlab: jump. <a") && en.contains(">Open in Ringlab</a>"),
            "{en}"
        );
    }

    #[test]
    fn the_script_and_lab_come_from_the_settings() {
        let settings = Settings::new(
            Some("https://x.example/lab"),
            Some("https://x.example/lab/?lang=zh"),
        );
        let out = convert_chapter(
            "```ringlab\nalgo = \"jump\"\n```\n",
            &settings,
            &mut no_generated,
        )
        .expect("converts")
        .expect("has a block");
        assert!(out.starts_with(
            "<script type=\"module\" src=\"https://x.example/lab/ring-lab.js\"></script>"
        ));
        assert!(
            out.contains("href=\"https://x.example/lab/?lang=zh&amp;algo=jump\""),
            "{out}"
        );
        assert_eq!(Settings::new(Some("/r/"), None).lab, "/r/");
    }

    #[test]
    fn one_script_per_chapter_and_none_without_a_widget() {
        let out =
            convert("```ringlab\nalgo = \"jump\"\n```\n\n```ringlab\nalgo = \"maglev\"\n```\n");
        assert_eq!(out.matches("<script").count(), 1, "{out}");
        assert_eq!(out.matches("<ring-lab ").count(), 2, "{out}");
        assert_eq!(
            convert_chapter(
                "# No widget\n\n```toml\nalgo = 1\n```\n",
                &settings(),
                &mut no_generated
            ),
            Ok(None)
        );
    }

    #[test]
    fn other_fences_are_left_exactly_as_they_were() {
        let others = "```toml\nalgo = \"ketama\"\n```\n\n\
                      ````markdown\n```ringlab\nalgo = \"ketama\"\n```\n````\n\n\
                      ~~~\n```ringlab\n~~~\n\n    ```ringlab\n    indented code\n    ```\n\n\
                      ```ringlab-not\nkeys = 1\n```\n";
        assert_eq!(
            convert_chapter(others, &settings(), &mut no_generated),
            Ok(None)
        );
        let out = convert(&format!("{others}\n```ringlab\nalgo = \"jump\"\n```\n"));
        assert!(out.contains(others), "{out}");
        assert_eq!(out.matches("<ring-lab ").count(), 1, "{out}");
    }

    #[test]
    fn a_block_in_a_list_or_quote_stays_in_it() {
        let out = convert("- Watch:\n\n  ```ringlab\n  algo = \"jump\"\n  ```\n- next\n");
        assert!(out.contains("\n  <ring-lab algo=\"jump\">"), "{out}");
        assert!(out.ends_with("</ring-lab>\n- next\n"), "{out}");
        let out = convert("> ```ringlab\n> algo = \"jump\"\n> ```\n> more\n");
        assert!(out.contains("\n\n> <ring-lab algo=\"jump\">"), "{out}");
        assert!(out.ends_with("</ring-lab>\n> more\n"), "{out}");
    }

    #[test]
    fn an_unclosed_block_runs_to_the_end() {
        let out = convert("text\n```ringlab\nalgo = \"jump\"\n");
        assert!(out.contains("text\n\n<ring-lab algo=\"jump\">"), "{out}");
    }

    #[test]
    fn bad_toml_names_the_line() {
        let e = error("# T\n\n```ringlab\nalgo = \"jump\"\nkeys = = 3\n```\n");
        assert_eq!(e.line, 3);
        assert!(
            e.message.starts_with("not valid TOML (line 5): "),
            "{}",
            e.message
        );
        assert!(!e.message.contains('\n'), "{}", e.message);
    }

    #[test]
    fn tables_arrays_and_dates_are_refused() {
        for (body, kind) in [
            ("nodes = [\"a\", \"b\"]", "an array"),
            ("[nodes]\na = 1", "a table"),
            ("algo.name = \"jump\"", "a table"),
            ("seed = 1979-05-27", "a date"),
        ] {
            let e = error(&format!("```ringlab\n{body}\n```\n"));
            assert_eq!(e.line, 1);
            assert!(e.message.contains(kind), "{body}: {}", e.message);
        }
    }

    #[test]
    fn keys_must_be_attribute_names() {
        for key in [
            "Algo",
            "default_vnodes",
            "\"on click\"",
            "\"a\\\"b\"",
            "\"\"",
            "\"1x\"",
            "\"-x\"",
        ] {
            let e = error(&format!("\n```ringlab\n{key} = 1\n```\n"));
            assert_eq!(e.line, 2, "{key}");
            assert!(
                e.message.contains("not a widget parameter"),
                "{key}: {}",
                e.message
            );
        }
        assert!(convert("```ringlab\ndefault-vnodes = 40\nr2 = 1\n```\n")
            .contains("default-vnodes=\"40\" r2=\"1\""));
    }

    #[test]
    fn no_mix_of_fences_containers_and_text_panics() {
        let pieces = [
            "```ringlab\n",
            "````ringlab\n",
            "```\n",
            "````\n",
            "~~~ringlab\n",
            "> ",
            "- ",
            "  ",
            "\t",
            "algo = \"é\"\n",
            "keys = 3\n",
            "= =\n",
            "[t]\n",
            "é",
            "\r\n",
            "\n",
            "<!--",
            "`",
            "1. ",
        ];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        let markdown = format!("{a}{b}{c}{d}");
                        if let Ok(Some(out)) =
                            convert_chapter(&markdown, &settings(), &mut no_generated)
                        {
                            assert_eq!(out.matches("<script").count(), 1, "{markdown:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn floats_and_an_empty_block_convert() {
        let out = convert("```ringlab\nparam = 1.25\n```\n");
        assert!(out.contains("param=\"1.25\""), "{out}");
        let out = convert("```ringlab\n```\n");
        assert!(
            out.contains("<ring-lab>\nRinglab: the default ring. <a href=\"/\">"),
            "{out}"
        );
    }

    #[test]
    fn facts_and_help_blocks_are_written_by_the_generator_without_a_script() {
        let mut asked = Vec::new();
        let mut generate = |kind: BlockKind, params: &[(String, String)]| {
            asked.push((kind, params.to_vec()));
            Ok(format!("GENERATED {kind:?}"))
        };
        let chapter =
            "# Jump\n\n```ringlab-facts\nalgo = \"jump\"\n```\n\ntext\n\n```ringlab-help\n```\n";
        let out = convert_chapter(chapter, &settings(), &mut generate)
            .expect("converts")
            .expect("has blocks");
        assert_eq!(
            out,
            "# Jump\n\n\nGENERATED Facts\n\ntext\n\n\nGENERATED Help\n"
        );
        assert_eq!(
            asked,
            [
                (
                    BlockKind::Facts,
                    vec![("algo".to_string(), "jump".to_string())]
                ),
                (BlockKind::Help, vec![])
            ]
        );
    }

    #[test]
    fn a_generator_error_or_a_facts_block_in_a_list_names_the_line() {
        let e = convert_chapter(
            "a\n\n```ringlab-facts\nalgo = \"x\"\n```\n",
            &settings(),
            &mut no_generated,
        )
        .expect_err("refused");
        assert_eq!(e.line, 3);
        assert_eq!(e.message, "Facts is not generated in these tests");
        let e = convert_chapter(
            "- item\n\n  ```ringlab-help\n  ```\n",
            &settings(),
            &mut |_, _| Ok(String::new()),
        )
        .expect_err("refused");
        assert!(
            e.message
                .starts_with("a ringlab-facts or ringlab-help block makes"),
            "{}",
            e.message
        );
    }
}
