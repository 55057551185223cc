//! The app's words in English and Simplified Chinese.
//!
//! Every piece of text on the page is a key: [`Ui`] for fixed words (labels, buttons,
//! headings), [`Msg`] for sentences with parameters (the moved-keys line, refusals, the
//! tour's captions and numbers, what is under the pointer). The keys, like [`Lang`], are
//! the model's ([`crate::model::message`]), re-exported here: the model produces keys and
//! numbers, never sentences, and knows nothing of this module; the components render them
//! in the page's [`Lang`] through [`ui`] and [`text`].
//!
//! The words are two Project Fluent catalogues, `src/i18n/en.ftl` and `src/i18n/zh.ftl`,
//! one message per text, with named arguments ([`fluent`]). A message's arguments are
//! computed once for both languages (`args`): numbers as numbers, which one formatter
//! writes the same way in both (`1,204`, `12.0%`: digit grouping by thousands is standard
//! in zh-CN too), and words (an algorithm's name, a nested message) rendered first in the
//! same language. The words of an algorithm, a real system, a hash, a parameter, a view and
//! a tour step are keyed by its registry id ([`Phrase`]). One difference remains: in
//! refusals (the core's, and those of typed values and links) the English writes counts in
//! plain digits, as the core's own messages do (`1 to 1000000`), where the Chinese groups
//! them (`NUMBER($n, useGrouping: "true")`).
//!
//! `Display` on [`Msg`] and [`Ui`] is the English text, for logs and tests.

use std::fmt;

mod args;
pub(crate) mod fluent;
mod msg;
mod sentence;
mod words;

pub(crate) use args::text;
pub use fluent::WordsError;
pub(crate) use words::ui;

// The keys live in the model, which decides what to say; here they are rendered.
pub use crate::model::lang::Lang;
pub(crate) use crate::model::message::{Arg, Choice, ListKind, Msg, Quantity, Text, Ui};

/// What only the page needs of a language (the model's [`Lang`] is the choice itself).
impl Lang {
    /// The value of `<html lang>`: Simplified Chinese is `zh-CN`, so that browsers pick
    /// the simplified forms of the glyphs.
    pub(crate) fn html_tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language's own name, as the menu shows it (the same in every language, so that
    /// a reader who cannot read the page can still find their own).
    pub(crate) fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }

    /// The fixed words `key` in this language.
    pub(crate) fn ui(self, key: Ui) -> &'static str {
        ui(self, key)
    }

    /// The sentence `msg` in this language.
    pub(crate) fn t(self, msg: Msg) -> String {
        text(self, &msg).into_owned()
    }

    /// The sentence `msg` in this language, by reference.
    pub(crate) fn text(self, msg: &Msg) -> String {
        text(self, msg).into_owned()
    }
}

/// Whether `lang`'s words are here: English always; Chinese in the browser once its
/// catalogue is taken ([`take_words`]), natively always.
pub fn has_words(lang: Lang) -> bool {
    fluent::catalogue(lang).is_some()
}

/// Where `lang`'s catalogue is, relative to the app's directory (`None`: compiled in).
/// The query is the build's fingerprint of the file, so no cache serves another build's.
#[cfg(target_arch = "wasm32")]
pub fn words_file(lang: Lang) -> Option<String> {
    match lang {
        Lang::En => None,
        Lang::Zh => Some(format!(
            "{}?v={:08x}",
            fluent::ZH_FILE,
            fluent::ZH_FINGERPRINT
        )),
    }
}

/// Takes `lang`'s catalogue, fetched from [`words_file`]; a file of another build, or not
/// a Fluent catalogue, is refused and the words stay as they were.
#[cfg(target_arch = "wasm32")]
pub fn take_words(lang: Lang, text: String) -> Result<(), WordsError> {
    match lang {
        Lang::En => Ok(()),
        Lang::Zh => fluent::take_chinese(text),
    }
}

impl fmt::Display for Ui {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(ui(Lang::En, *self))
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text(Lang::En, self))
    }
}

/// Number formatting for both catalogues: the same digits, separators and signs in every
/// language (the core's [`ring_core::metrics::format`]).
pub(crate) mod num {
    use ring_core::metrics::format;

    /// `0.1204, 1` → `12.0%`.
    pub(crate) fn pct(fraction: f64, decimals: u32) -> String {
        format::percent(fraction, decimals)
    }

    /// A size in bytes: `B` below 10 KiB, else whole KiB.
    pub(crate) fn bytes(n: u64) -> String {
        if n >= 10 * 1024 {
            format!("{} KiB", format::group_thousands(n / 1024))
        } else {
            format!("{} B", format::group_thousands(n))
        }
    }
}

#[cfg(test)]
mod catalogue_tests;
#[cfg(test)]
mod model_tests;
#[cfg(test)]
mod tests;
