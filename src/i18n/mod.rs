//! The app's words in English and Simplified Chinese.
//!
//! Every piece of text on the page is a key: [`Ui`] for fixed words (labels, buttons,
//! headings), [`Msg`] for sentences with parameters (the moved-keys line, refusals, the
//! tour's captions and numbers, what is under the pointer). The model produces keys and
//! numbers, never sentences; the components render them in the page's [`Lang`] through
//! [`ui`] and [`text`]. Each language is one catalogue, [`en`] and [`zh`], each an
//! exhaustive `match` over the keys, so a key missing from either does not compile.
//!
//! Numbers are written the same way in both languages (`1,204`, `12.0%`: digit grouping
//! by thousands is standard in zh-CN too); the words and units around them differ.
//! `Display` on [`Msg`] and [`Ui`] is the English text, for logs and tests.

use std::borrow::Cow;
use std::fmt;

pub mod en;
mod msg;
pub mod zh;

pub use msg::{Choice, ListKind, Msg, Quantity, Ui};

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The value of `lang=` in a link, and of the menu.
    pub fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language whose [`Lang::id`] is `id` (case ignored; a region such as `zh-CN` or
    /// `en-GB` is accepted too).
    pub fn from_id(id: &str) -> Option<Lang> {
        let id = id.trim().to_ascii_lowercase();
        let base = id.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|l| l.id() == base)
    }

    /// The language for a browser's `navigator.language`: Chinese for any tag that starts
    /// with `zh`, English for everything else.
    pub fn from_browser(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The value of `<html lang>`: Simplified Chinese is `zh-CN`, so that browsers pick
    /// the simplified forms of the glyphs.
    pub fn html_tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language's own name, as the menu shows it (the same in every language, so that
    /// a reader who cannot read the page can still find their own).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }

    /// The fixed words `key` in this language.
    pub fn ui(self, key: Ui) -> &'static str {
        ui(self, key)
    }

    /// The sentence `msg` in this language.
    pub fn t(self, msg: Msg) -> String {
        text(self, &msg).into_owned()
    }

    /// The sentence `msg` in this language, by reference.
    pub fn text(self, msg: &Msg) -> String {
        text(self, msg).into_owned()
    }
}

/// The fixed words `key` in `lang`.
pub fn ui(lang: Lang, key: Ui) -> &'static str {
    match lang {
        Lang::En => en::ui(key),
        Lang::Zh => zh::ui(key),
    }
}

/// The sentence `msg` in `lang`, with its parameters written in.
pub fn text(lang: Lang, msg: &Msg) -> Cow<'static, str> {
    match lang {
        Lang::En => en::text(msg),
        Lang::Zh => zh::text(msg),
    }
}

impl fmt::Display for Ui {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(en::ui(*self))
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&en::text(self))
    }
}

impl From<Ui> for Msg {
    fn from(key: Ui) -> Msg {
        Msg::Ui(key)
    }
}

impl From<ring_core::BuildError> for Msg {
    fn from(e: ring_core::BuildError) -> Msg {
        Msg::Build(e)
    }
}

impl From<crate::model::limits::PlaceError> for Msg {
    fn from(e: crate::model::limits::PlaceError) -> Msg {
        match e {
            crate::model::limits::PlaceError::Core(e) => Msg::Build(e),
            crate::model::limits::PlaceError::Limit(r) => Msg::Refusal(r),
        }
    }
}

/// Number formatting for both catalogues: the same digits, separators and signs in every
/// language (the core's [`ring_core::metrics::format`]).
pub mod num {
    use ring_core::metrics::format;

    /// `1204` → `1,204`.
    pub fn int(n: impl Into<u64>) -> String {
        format::group_thousands(n.into())
    }

    /// A count of anything held in a `usize` (lengths of lists).
    pub fn count(n: usize) -> String {
        format::group_thousands(n as u64)
    }

    /// `0.1204, 1` → `12.0%`.
    pub fn pct(fraction: f64, decimals: u32) -> String {
        format::percent(fraction, decimals)
    }

    /// `1234.56, 1` → `1,234.6`.
    pub fn dec(value: f64, decimals: u32) -> String {
        format::decimal(value, decimals)
    }

    /// A size in bytes: `B` below 10 KiB, else whole KiB.
    pub fn bytes(n: u64) -> String {
        if n >= 10 * 1024 {
            format!("{} KiB", format::group_thousands(n / 1024))
        } else {
            format!("{} B", format::group_thousands(n))
        }
    }
}

#[cfg(test)]
mod tests;
