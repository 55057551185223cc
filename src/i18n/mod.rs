//! The app's words in English and Simplified Chinese.
//!
//! Every piece of text on the page is a key: [`Ui`] for fixed words (labels, buttons,
//! headings), [`Msg`] for sentences with parameters (the moved-keys line, refusals, the
//! tour's captions and numbers, what is under the pointer). The keys, like [`Lang`], are
//! the model's ([`crate::model::message`]), re-exported here: the model produces keys and
//! numbers, never sentences, and knows nothing of this module; the components render them
//! in the page's [`Lang`] through [`ui`] and [`text`]. Each language is one catalogue,
//! [`en`] and [`zh`].
//!
//! Numbers are written the same way in both languages (`1,204`, `12.0%`: digit grouping
//! by thousands is standard in zh-CN too); the words and units around them differ. So a
//! message's arguments are computed once for both languages (`args`), as text, and a
//! catalogue is data: its fixed words (an exhaustive `match` over [`Ui`]), a template per
//! sentence with `{0}`, `{1}`, … where the arguments go, in the order the language needs
//! (`sentence`), and the words that arguments are made of, such as an algorithm's name
//! ([`Phrase`]). A key missing from either catalogue does not compile. One difference
//! remains: in refusals (the core's, and those of typed values and links) the English
//! writes counts in plain digits, as the core's own messages do (`1 to 1000000`), where
//! the Chinese groups them; such an argument is plain digits and the Chinese template
//! groups it (`{n:,}`).
//!
//! `Display` on [`Msg`] and [`Ui`] is the English text, for logs and tests.

use std::borrow::Cow;
use std::fmt;

use ring_core::registry::ParamRef;
use ring_core::HashFn;

use crate::model::tour::Grade;
use crate::model::{AlgoId, ViewKind};

mod args;
#[macro_use]
mod sentence;
pub(crate) mod en;
mod msg;
mod pack;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod zh;
// In the browser the Chinese words are fetched when first needed, not compiled in.
#[cfg(target_arch = "wasm32")]
#[path = "zh_fetched.rs"]
pub(crate) mod zh;

pub use pack::WordsError;

use sentence::Sentence;

// The keys live in the model, which decides what to say; here they are rendered.
pub use crate::model::lang::Lang;
pub(crate) use crate::model::message::{Choice, ListKind, Msg, Quantity, Ui};

/// What a language gives the shared code besides its fixed words: a template per
/// sentence and the words that arguments are made of.
struct Catalogue {
    /// A sentence with placeholders: `{n}` is argument `n` of `args::args`, `{n:?}` the
    /// same quoted and escaped as Rust writes a string, `{^n}` the same with a capital
    /// first letter, `{n:,}` the same with its digits grouped by thousands.
    template: fn(Sentence) -> &'static str,
    /// Words and pieces of sentences, with placeholders of their own.
    phrase: fn(Phrase) -> &'static str,
}

fn catalogue(lang: Lang) -> &'static Catalogue {
    match lang {
        Lang::En => &en::CATALOGUE,
        Lang::Zh => &zh::CATALOGUE,
    }
}

/// Words that an argument takes from its language: names of things, the parts of a
/// sentence that several messages share, and pieces that a message has or has not.
#[derive(Clone, Copy, Debug)]
enum Phrase {
    /// An algorithm's name ([`Msg::AlgoLabel`]).
    Algo(AlgoId),
    /// [`Msg::AlgoAbout`].
    AlgoAbout(AlgoId),
    /// What a weight means for an algorithm ([`Msg::NodesHintVnodes`],
    /// [`Msg::NodesHintNoVnodes`]).
    WeightMeaning(AlgoId),
    /// What a hash function is ([`Msg::HashFixed`], [`Msg::HashRange`]).
    HashAbout(HashFn),
    /// An algorithm's parameter as its field is labelled ([`Msg::ParamLabel`]).
    ParamLabel(ParamRef),
    /// An algorithm's parameter as a sentence names it ("the slot count").
    ParamNoun(ParamRef),
    /// An option of a parameter with named options ([`Msg::OptionLabel`]).
    ParamOption(ParamRef, usize),
    /// [`Msg::ViewLabel`].
    View(ViewKind),
    /// [`Msg::TourTitle`].
    TourTitle(u32),
    /// [`Msg::TourCaption`].
    TourCaption(u32),
    Quantity(Quantity),
    ListKind(ListKind),
    /// What a value may be; its limits are `{0}` (and `{1}`).
    Range(Range),
    /// `{0}` (a [`Phrase::Quantity`] or [`Phrase::ParamNoun`]) is a whole number from `{1}`
    /// to `{2}`.
    ParamRange,
    /// `{0}` (a [`Phrase::ParamNoun`]) is a number above `{1}` and at most `{2}`.
    RealRange,
    /// `{0}` (a [`Phrase::ListKind`]) are whole numbers from 1 to `{1}`.
    ListRange,
    /// R1 when a node owns nothing.
    R1Infinite,
    /// A walk that passed position 0.
    PastTheTop,
    /// The marks on the replicas' picture once a node has failed.
    FailedMarks,
    /// `{0}` more flows than those listed.
    FlowsMore,
    /// `{0}`: the node a key moved from.
    MovedFrom,
    /// `{0}`: a point's virtual-node name.
    VirtualNode,
    /// `{0}`: a bucket's number.
    Bucket,
    /// What the arrow keys step through on a picture.
    StepsThrough {
        ring: bool,
    },
    /// How the paper's table names virtual nodes, for the virtual-node ring.
    PaperNamingVirtual,
    /// The same for bounded loads.
    PaperNamingBounded,
    /// Between the names of a list.
    NamesSep,
    /// Between the items of a list that carry numbers (`cache-a 16`).
    ItemsSep,
    /// What is counted in the moved-keys line: one key or several.
    KeysNoun {
        one: bool,
    },
    /// One flow of keys: `{0}` → `{1}`, `{2}` keys.
    FlowItem,
    /// How near a guess came, `{0}` points off ([`Msg::TourGraded`]).
    Grade(Grade),
}

ring_core::listed_enum! {
    /// A value with limits, for [`Phrase::Range`].
    #[derive(Clone, Copy, Debug)]
    enum Range {
        Weight,
        Vnodes,
        KeyCount,
    }
}

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

/// Whether `lang`'s words are here: English always; Chinese in the browser once its words
/// file is taken ([`take_words`]), natively always.
pub fn has_words(lang: Lang) -> bool {
    match lang {
        Lang::En => true,
        #[cfg(target_arch = "wasm32")]
        Lang::Zh => zh::loaded(),
        #[cfg(not(target_arch = "wasm32"))]
        Lang::Zh => true,
    }
}

/// Where `lang`'s words file is, relative to the app's directory (`None`: compiled in).
/// The query is the build's fingerprint of the file, so no cache serves another build's.
#[cfg(target_arch = "wasm32")]
pub fn words_file(lang: Lang) -> Option<String> {
    match lang {
        Lang::En => None,
        Lang::Zh => Some(format!("{}?v={:08x}", zh::FILE, zh::FINGERPRINT)),
    }
}

/// Takes `lang`'s words file, fetched from [`words_file`]; a file of another build, or not
/// one entry per key, is refused and the words stay as they were.
#[cfg(target_arch = "wasm32")]
pub fn take_words(lang: Lang, text: String) -> Result<(), WordsError> {
    match lang {
        Lang::En => Ok(()),
        Lang::Zh => zh::take(text),
    }
}

/// The fixed words `key` in `lang`.
pub(crate) fn ui(lang: Lang, key: Ui) -> &'static str {
    match lang {
        Lang::En => en::ui(key),
        Lang::Zh => zh::ui(key),
    }
}

/// The sentence `msg` in `lang`, with its parameters written in.
pub(crate) fn text(lang: Lang, msg: &Msg) -> Cow<'static, str> {
    let template = (catalogue(lang).template)(sentence::sentence(msg));
    args::fill(template, args::args(msg, lang))
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
mod model_tests;
#[cfg(test)]
mod tests;
