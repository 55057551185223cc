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

use std::borrow::Cow;
use std::fmt;

use ring_core::registry::ParamRef;
use ring_core::HashFn;

use crate::model::tour::Grade;
use crate::model::{AlgoId, ViewKind};

mod args;
pub(crate) mod fluent;
mod msg;
mod sentence;

pub use fluent::WordsError;

use fluent::{ids, Id};
use fluent_bundle::{FluentArgs, FluentValue};
use ring_core::registry::ParamKind;

// The keys live in the model, which decides what to say; here they are rendered.
pub use crate::model::lang::Lang;
pub(crate) use crate::model::message::{Arg, Choice, ListKind, Msg, Quantity, Text, Ui};

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
    /// What a value may be, with its limits.
    Range(Range),
    /// What (a [`Phrase::Quantity`] or [`Phrase::ParamNoun`]) is a whole number from min
    /// to max.
    ParamRange,
    /// What (a [`Phrase::ParamNoun`]) is a number above a bound and at most max.
    RealRange,
    /// What (a [`Phrase::ListKind`]) are whole numbers from 1 to max.
    ListRange,
    /// R1 when a node owns nothing.
    R1Infinite,
    /// A walk that passed position 0.
    PastTheTop,
    /// The marks on the replicas' picture once a node has failed.
    FailedMarks,
    /// More flows than those listed.
    FlowsMore,
    /// The node a key moved from.
    MovedFrom,
    /// A point's virtual-node name.
    VirtualNode,
    /// A bucket's number.
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
    /// One flow of keys: from → to, so many keys.
    FlowItem,
    /// How near a guess came, so many points off ([`Msg::TourGraded`]).
    Grade(Grade),
}

/// Where a phrase's words are in a catalogue.
enum Key {
    /// A message of its own.
    Message(Id),
    /// A message named by a registry id, or its attribute.
    Registry(String, Option<String>),
}

impl Phrase {
    fn key(self) -> Key {
        let registry = |id: String, attr: Option<String>| Key::Registry(id, attr);
        let algo = |k: AlgoId| {
            let group = if k.is_system() { "system" } else { "algo" };
            format!("{group}-{}", k.id())
        };
        let param = |p: ParamRef| format!("param-{}-{}", p.algo.id(), p.spec().key);
        Key::Message(match self {
            Phrase::Algo(k) => return registry(algo(k), None),
            Phrase::AlgoAbout(k) => return registry(algo(k), Some("about".into())),
            Phrase::WeightMeaning(k) => return registry(algo(k), Some("weight".into())),
            Phrase::HashAbout(h) => return registry(format!("hash-{}", h.name()), None),
            Phrase::ParamLabel(p) => return registry(param(p), None),
            Phrase::ParamNoun(p) => return registry(param(p), Some("noun".into())),
            Phrase::ParamOption(p, i) => {
                let option = match p.spec().kind {
                    ParamKind::Choice { options, .. } => options.get(i).copied().unwrap_or(""),
                    _ => "",
                };
                return registry(param(p), Some(format!("option-{option}")));
            }
            Phrase::View(v) => return registry(format!("view-{}", v.id()), None),
            Phrase::TourTitle(step) => return registry(format!("tour-{step}"), None),
            Phrase::TourCaption(step) => {
                return registry(format!("tour-{step}"), Some("caption".into()))
            }
            Phrase::Quantity(q) => match q {
                Quantity::DefaultVnodes => ids::QUANTITY_DEFAULT_VNODES,
                Quantity::PastedCount => ids::QUANTITY_PASTED_COUNT,
                Quantity::AWeight => ids::QUANTITY_A_WEIGHT,
                Quantity::AVnodeCount => ids::QUANTITY_A_VNODE_COUNT,
                Quantity::AColour => ids::QUANTITY_A_COLOUR,
                Quantity::TourStep => ids::QUANTITY_TOUR_STEP,
                Quantity::DrawnKeys => ids::QUANTITY_DRAWN_KEYS,
                Quantity::Replicas => ids::QUANTITY_REPLICAS,
                Quantity::CacheKeys => ids::QUANTITY_CACHE_KEYS,
                Quantity::Requests => ids::QUANTITY_REQUESTS,
            },
            Phrase::ListKind(ListKind::NodeCounts) => ids::LIST_KIND_NODE_COUNTS,
            Phrase::ListKind(ListKind::VnodeCounts) => ids::LIST_KIND_VNODE_COUNTS,
            Phrase::Range(Range::Weight) => ids::RANGE_WEIGHT,
            Phrase::Range(Range::Vnodes) => ids::RANGE_VNODES,
            Phrase::Range(Range::KeyCount) => ids::RANGE_KEY_COUNT,
            Phrase::ParamRange => ids::RANGE_PARAM,
            Phrase::RealRange => ids::RANGE_REAL,
            Phrase::ListRange => ids::RANGE_LIST,
            Phrase::R1Infinite => ids::R1_INFINITE,
            Phrase::PastTheTop => ids::PAST_THE_TOP,
            Phrase::FailedMarks => ids::FAILED_MARKS,
            Phrase::FlowsMore => ids::FLOWS_MORE_TAIL,
            Phrase::MovedFrom => ids::MOVED_FROM,
            Phrase::VirtualNode => ids::VIRTUAL_NODE,
            Phrase::Bucket => ids::BUCKET,
            Phrase::StepsThrough { ring: true } => ids::STEPS_THROUGH_RING,
            Phrase::StepsThrough { ring: false } => ids::STEPS_THROUGH_BINS,
            Phrase::PaperNamingVirtual => ids::PAPER_NAMING_VIRTUAL,
            Phrase::PaperNamingBounded => ids::PAPER_NAMING_BOUNDED,
            Phrase::NamesSep => ids::NAMES_SEP,
            Phrase::ItemsSep => ids::ITEMS_SEP,
            Phrase::FlowItem => ids::FLOW_ITEM,
            Phrase::Grade(Grade::Right) => ids::GRADE_RIGHT,
            Phrase::Grade(Grade::Close) => ids::GRADE_CLOSE,
            Phrase::Grade(Grade::Off) => ids::GRADE_OFF,
        })
    }
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

/// `lang`'s catalogue, or the English one until `lang`'s is here.
fn catalogue(lang: Lang) -> &'static fluent::Catalogue {
    fluent::catalogue(lang).unwrap_or_else(fluent::english)
}

/// The fixed words `key` in `lang`.
pub(crate) fn ui(lang: Lang, key: Ui) -> &'static str {
    catalogue(lang).ui(key)
}

/// The sentence `msg` in `lang`, with its parameters written in.
pub(crate) fn text(lang: Lang, msg: &Msg) -> Cow<'static, str> {
    if let Msg::Text(t) = msg {
        return sentence_text(lang, t);
    }
    match sentence::sentence(msg) {
        Some(id) => render(lang, id, args::args(msg, lang)),
        None => words(lang, msg),
    }
}

/// A sentence made by its constructor: its arguments as its catalogue entry names them.
fn sentence_text(lang: Lang, t: &Text) -> Cow<'static, str> {
    let mut named = FluentArgs::with_capacity(t.args.len());
    for (&name, arg) in t.names.iter().zip(&t.args) {
        let value = match arg {
            Arg::Whole(n) => fluent::count(*n),
            Arg::Real(x) => FluentValue::from(*x),
            Arg::Text(s) => text_value(s.as_str()),
            Arg::Msg(m) => text_value(text(lang, m)),
            Arg::Algo(k) => text_value(phrase(lang, Phrase::Algo(*k))),
        };
        named.set(name, value);
    }
    message(lang, t.id, None, Some(&named))
}

/// A message that is fixed words or a phrase.
fn words(lang: Lang, msg: &Msg) -> Cow<'static, str> {
    let p = match msg {
        Msg::Ui(key) => return Cow::Borrowed(ui(lang, *key)),
        Msg::AlgoLabel(k) => Phrase::Algo(*k),
        Msg::AlgoAbout(k) => Phrase::AlgoAbout(*k),
        Msg::ParamLabel(p) => Phrase::ParamLabel(*p),
        Msg::OptionLabel(p, option) => Phrase::ParamOption(*p, *option),
        Msg::ViewLabel(v) => Phrase::View(*v),
        Msg::TourTitle(step) => Phrase::TourTitle(*step),
        Msg::TourCaption(step) => Phrase::TourCaption(*step),
        _ => return Cow::Borrowed(""),
    };
    phrase(lang, p)
}

/// Message `id` in `lang` with `args`, given in the order of `id.args` (the English words
/// where `lang`'s catalogue lacks it).
fn render(lang: Lang, id: Id, args: args::Args<'_>) -> Cow<'static, str> {
    debug_assert_eq!(args.0.len(), id.args.len(), "{}", id.name);
    let mut named = FluentArgs::with_capacity(id.args.len());
    for (&name, value) in id.args.iter().zip(args.0) {
        named.set(name, value);
    }
    message(lang, id.name, None, Some(&named))
}

fn message(
    lang: Lang,
    id: &str,
    attr: Option<&str>,
    args: Option<&FluentArgs<'_>>,
) -> Cow<'static, str> {
    catalogue(lang)
        .format(id, attr, args)
        .or_else(|| fluent::english().format(id, attr, args))
        .unwrap_or(Cow::Borrowed(""))
}

/// The words of `p` in `lang` (empty for a tour step that does not exist).
fn phrase(lang: Lang, p: Phrase) -> Cow<'static, str> {
    match p.key() {
        Key::Message(id) => message(lang, id.name, None, None),
        Key::Registry(id, attr) => message(lang, &id, attr.as_deref(), None),
    }
}

/// The words of `p` in `lang`, with `args` (a phrase with arguments has a message of its
/// own).
fn phrase_with(lang: Lang, p: Phrase, args: args::Args<'_>) -> Cow<'static, str> {
    match p.key() {
        Key::Message(id) => render(lang, id, args),
        Key::Registry(..) => phrase(lang, p),
    }
}

/// An argument that is text.
fn text_value<'a>(text: impl Into<Cow<'a, str>>) -> FluentValue<'a> {
    FluentValue::String(text.into())
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
