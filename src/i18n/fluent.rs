//! The catalogues, `src/i18n/en.ftl` and `src/i18n/zh.ftl`, as Project Fluent bundles:
//! each parsed once into a bundle that lives as long as the page, so that fixed words are
//! borrowed from it.
//!
//! English is compiled in. In the browser the Chinese file is fetched the first time the
//! page shows Chinese (`effects::with_words`) and taken only if it is this build's (its
//! FNV-1a fingerprint is compiled in); until then, and for any message it lacks, the
//! English words stand in, so nothing is ever blank. Natively it is compiled in too.
//!
//! Numbers are written by this module's formatter, the same in both languages: a count
//! with its thousands grouped (`1,204`), or plain digits where the number names something
//! or the code asks for them (`useGrouping: "false"`), a share as a percentage or a
//! decimal with the digits the code asks for (`12.0%`, `1.50`).

use std::borrow::Cow;
#[cfg(target_arch = "wasm32")]
use std::cell::OnceCell;

use fluent_bundle::types::{FluentNumber, FluentNumberOptions, FluentNumberStyle};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use intl_memoizer::IntlLangMemoizer;
use ring_core::metrics::format;

use super::{Lang, Ui};

/// A message of the catalogues: its id and the names of its arguments, in the order the
/// code gives them (its `# Arguments:` comment in `en.ftl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Id {
    pub(crate) name: &'static str,
    pub(crate) args: &'static [&'static str],
}

/// A constant per message of `en.ftl`, written by `build.rs`, and `UI`, the fixed words'
/// ids in the order of [`Ui`].
// The words of the registry (algorithms, hashes, parameters, views, tour steps) are named
// at run time by their registry id, so their constants are unused.
#[allow(dead_code)]
pub(crate) mod ids {
    use super::Id;
    include!(concat!(env!("OUT_DIR"), "/ids.rs"));
}

// Every `Ui` key has its words: `build.rs` lists the fixed words in catalogue order, and
// a test checks that each is the key's.
const _: () = assert!(ids::UI.len() == Ui::ALL.len(), "a message per Ui key");

/// The English catalogue, as the wasm carries it: `en.ftl` without its comments (`build.rs`).
pub(crate) const EN: &str = include_str!(concat!(env!("OUT_DIR"), "/en.ftl"));
/// The Chinese catalogue, compiled in where it is not fetched.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const ZH: &str = include_str!("zh.ftl");

/// One language's bundle and its fixed words, rendered once.
pub(crate) struct Catalogue {
    bundle: &'static FluentBundle<FluentResource>,
    ui: Vec<&'static str>,
}

/// Why a catalogue was not taken.
#[derive(Debug, PartialEq, Eq)]
pub enum WordsError {
    /// The file is not the one this build was made with (another version of the app).
    OtherVersion,
    /// The file is not a Fluent catalogue of unique messages.
    Malformed,
    /// The file could not be fetched (the browser's reason).
    Unreachable(String),
}

impl std::fmt::Display for WordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WordsError::OtherVersion => f.write_str("the words file belongs to another build"),
            WordsError::Malformed => f.write_str("the words file is malformed"),
            WordsError::Unreachable(why) => write!(f, "the words file could not be fetched: {why}"),
        }
    }
}

impl Catalogue {
    /// Parses `source`, kept for the rest of the page's life: every text borrows from it.
    pub(crate) fn parse(lang: Lang, source: String) -> Result<&'static Catalogue, WordsError> {
        let resource = FluentResource::try_new(source).map_err(|_| WordsError::Malformed)?;
        let locale = match lang {
            Lang::En => unic_langid::langid!("en"),
            Lang::Zh => unic_langid::langid!("zh-CN"),
        };
        let mut bundle = FluentBundle::new(vec![locale]);
        // The page sets each text's direction itself; Unicode isolation marks around each
        // argument would change the bytes of every text.
        bundle.set_use_isolating(false);
        bundle.set_formatter(Some(format_number));
        let functions = [
            bundle.add_builtins(),
            bundle.add_function("QUOTE", quote),
            bundle.add_function("CAPITAL", capital),
        ];
        if functions.iter().any(Result::is_err) || bundle.add_resource(resource).is_err() {
            return Err(WordsError::Malformed);
        }
        let bundle: &'static FluentBundle<FluentResource> = Box::leak(Box::new(bundle));
        let ui = ids::UI
            .iter()
            .map(|&id| match format(bundle, id, None, None) {
                Some(Cow::Borrowed(words)) => words,
                Some(Cow::Owned(words)) => Box::leak(words.into_boxed_str()),
                None => "",
            })
            .collect();
        Ok(Box::leak(Box::new(Catalogue { bundle, ui })))
    }

    /// The fixed words `key`.
    pub(crate) fn ui(&self, key: Ui) -> &'static str {
        #[cfg(test)]
        used::record(ids::UI[key as usize], None);
        self.ui.get(key as usize).copied().unwrap_or("")
    }

    /// Message `id` (or its attribute `attr`) with `args`; `None` if the catalogue lacks it.
    pub(crate) fn format(
        &self,
        id: &str,
        attr: Option<&str>,
        args: Option<&FluentArgs<'_>>,
    ) -> Option<Cow<'static, str>> {
        format(self.bundle, id, attr, args)
    }

    /// Whether the catalogue has message `id` (with its attribute `attr`).
    #[cfg(test)]
    pub(crate) fn has(&self, id: &str, attr: Option<&str>) -> bool {
        self.bundle
            .get_message(id)
            .is_some_and(|m| attr.map_or(m.value().is_some(), |a| m.get_attribute(a).is_some()))
    }
}

fn format(
    bundle: &'static FluentBundle<FluentResource>,
    id: &str,
    attr: Option<&str>,
    args: Option<&FluentArgs<'_>>,
) -> Option<Cow<'static, str>> {
    #[cfg(test)]
    used::record(id, attr);
    let message = bundle.get_message(id)?;
    let pattern = match attr {
        None => message.value()?,
        Some(attr) => message.get_attribute(attr)?.value(),
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    debug_assert!(errors.is_empty(), "{id}: {errors:?}");
    Some(text)
}

/// The catalogue of `lang`; Chinese in the browser only once its file is taken.
pub(crate) fn catalogue(lang: Lang) -> Option<&'static Catalogue> {
    match lang {
        Lang::En => Some(english()),
        Lang::Zh => chinese(),
    }
}

/// The English catalogue (a catalogue with no messages if `en.ftl` did not parse, which
/// a test rules out).
pub(crate) fn english() -> &'static Catalogue {
    thread_local! {
        static EN_CATALOGUE: &'static Catalogue = Catalogue::parse(Lang::En, EN.to_string())
            .unwrap_or_else(|_| Box::leak(Box::new(Catalogue {
                bundle: Box::leak(Box::new(FluentBundle::new(Vec::new()))),
                ui: Vec::new(),
            })));
    }
    EN_CATALOGUE.with(|c| *c)
}

#[cfg(not(target_arch = "wasm32"))]
fn chinese() -> Option<&'static Catalogue> {
    thread_local! {
        static ZH_CATALOGUE: Option<&'static Catalogue> =
            Catalogue::parse(Lang::Zh, ZH.to_string()).ok();
    }
    ZH_CATALOGUE.with(|c| *c)
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    static ZH_CATALOGUE: OnceCell<&'static Catalogue> = const { OnceCell::new() };
}

#[cfg(target_arch = "wasm32")]
fn chinese() -> Option<&'static Catalogue> {
    ZH_CATALOGUE.with(|c| c.get().copied())
}

/// The Chinese catalogue's file, beside the app's other files (Trunk copies it).
#[cfg(target_arch = "wasm32")]
pub(crate) const ZH_FILE: &str = "zh.ftl";

/// The fingerprint of the Chinese catalogue this build was made with: a file from another
/// build (an old copy in a cache) is refused rather than shown with other messages.
#[cfg(target_arch = "wasm32")]
pub(crate) const ZH_FINGERPRINT: u32 = fingerprint(include_bytes!("zh.ftl"));

/// Takes the fetched Chinese catalogue, if it is this build's.
#[cfg(target_arch = "wasm32")]
pub(crate) fn take_chinese(text: String) -> Result<(), WordsError> {
    if chinese().is_some() {
        return Ok(());
    }
    if fingerprint(text.as_bytes()) != ZH_FINGERPRINT {
        return Err(WordsError::OtherVersion);
    }
    let catalogue = Catalogue::parse(Lang::Zh, text)?;
    ZH_CATALOGUE.with(|c| {
        let _ = c.set(catalogue);
    });
    Ok(())
}

/// FNV-1a (32 bits) of `bytes`: the build's fingerprint of the Chinese catalogue, computed
/// at compile time from the file and at run time from what was fetched.
pub(crate) const fn fingerprint(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u32;
        hash = hash.wrapping_mul(0x0100_0193);
        i += 1;
    }
    hash
}

/// Numbers as the app writes them in every language (see the module's comment).
fn format_number(value: &FluentValue<'_>, _: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    let options = &n.options;
    let decimals = options
        .maximum_fraction_digits
        .or(options.minimum_fraction_digits)
        .map(|d| d as u32);
    Some(match (&options.style, decimals) {
        (FluentNumberStyle::Percent, d) => format::percent(n.value, d.unwrap_or(0)),
        (_, Some(d)) => format::decimal(n.value, d),
        // A number with a fraction that the catalogue gives no form: as Rust writes it.
        _ if n.value.fract() != 0.0 || !n.value.is_finite() => n.value.to_string(),
        // Whole numbers below 2^53, which f64 holds exactly (larger ones are passed as text).
        _ if options.use_grouping => format::group_thousands(n.value as u64),
        _ => (n.value as u64).to_string(),
    })
}

/// A count, written with its thousands grouped.
pub(crate) fn count(n: u64) -> FluentValue<'static> {
    if n <= MAX_EXACT {
        FluentValue::Number(FluentNumber::new(n as f64, FluentNumberOptions::default()))
    } else {
        FluentValue::String(Cow::Owned(format::group_thousands(n)))
    }
}

/// A number written in plain digits unless the catalogue asks for grouping.
pub(crate) fn digits(n: u64) -> FluentValue<'static> {
    if n <= MAX_EXACT {
        let options = FluentNumberOptions {
            use_grouping: false,
            ..FluentNumberOptions::default()
        };
        FluentValue::Number(FluentNumber::new(n as f64, options))
    } else {
        FluentValue::String(Cow::Owned(n.to_string()))
    }
}

/// `fraction` as a percentage with `decimals` decimals.
pub(crate) fn percent(fraction: f64, decimals: u32) -> FluentValue<'static> {
    let options = FluentNumberOptions {
        style: FluentNumberStyle::Percent,
        minimum_fraction_digits: Some(decimals as usize),
        maximum_fraction_digits: Some(decimals as usize),
        ..FluentNumberOptions::default()
    };
    FluentValue::Number(FluentNumber::new(fraction, options))
}

/// `value` with `decimals` decimals.
pub(crate) fn decimal(value: f64, decimals: u32) -> FluentValue<'static> {
    let options = FluentNumberOptions {
        minimum_fraction_digits: Some(decimals as usize),
        maximum_fraction_digits: Some(decimals as usize),
        ..FluentNumberOptions::default()
    };
    FluentValue::Number(FluentNumber::new(value, options))
}

/// The largest whole number an `f64` holds exactly, 2^53.
const MAX_EXACT: u64 = 1 << 53;

/// `QUOTE($text)`: the text in quotes, escaped as Rust writes a string (`"user:42"`).
fn quote<'a>(positional: &[FluentValue<'a>], _: &FluentArgs<'_>) -> FluentValue<'a> {
    match positional.first() {
        Some(FluentValue::String(s)) => FluentValue::String(Cow::Owned(format!("{s:?}"))),
        _ => FluentValue::Error,
    }
}

/// `CAPITAL($text)`: the text with a capital first letter.
fn capital<'a>(positional: &[FluentValue<'a>], _: &FluentArgs<'_>) -> FluentValue<'a> {
    match positional.first() {
        Some(FluentValue::String(s)) => {
            let mut chars = s.chars();
            let mut out = String::with_capacity(s.len());
            if let Some(first) = chars.next() {
                // ASCII only: what is capitalised starts with an English word or a node's
                // name (`cache-a`), and `char::to_uppercase` would link Unicode's case
                // tables into the wasm (7 KB gzipped; BENCHMARKS.md, "Release wasm size").
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
            FluentValue::String(Cow::Owned(out))
        }
        _ => FluentValue::Error,
    }
}

/// The entries rendered so far on this thread, for the test that none is stray.
#[cfg(test)]
pub(crate) mod used {
    use std::cell::RefCell;
    use std::collections::BTreeSet;

    thread_local! {
        static USED: RefCell<BTreeSet<String>> = const { RefCell::new(BTreeSet::new()) };
    }

    pub(crate) fn record(id: &str, attr: Option<&str>) {
        let key = attr.map_or_else(|| id.to_string(), |a| format!("{id}.{a}"));
        USED.with(|u| u.borrow_mut().insert(key));
    }

    pub(crate) fn clear() {
        USED.with(|u| u.borrow_mut().clear());
    }

    pub(crate) fn take() -> BTreeSet<String> {
        USED.with(|u| std::mem::take(&mut *u.borrow_mut()))
    }
}
