//! The words of a catalogue that need no arguments computed: fixed words ([`ui`]) and
//! phrases ([`Phrase`]: an algorithm's name, a system's, a hash's, a parameter's, a view's, a
//! tour step's, keyed by registry id, and the pieces several sentences share), looked up in
//! the language's catalogue with English where it lacks one. Below `args`, which computes
//! the arguments of sentences from these words.

use std::borrow::Cow;

use fluent_bundle::{FluentArgs, FluentValue};
use ring_core::registry::{ParamKind, ParamRef};
use ring_core::HashFn;

use super::fluent::{self, ids, Id};
use super::{Lang, ListKind, Quantity, Ui};
use crate::model::message::Grade;
use crate::model::{AlgoId, ViewKind};

/// Words that an argument takes from its language: names of things, the parts of a
/// sentence that several messages share, and pieces that a message has or has not.
#[derive(Clone, Copy, Debug)]
pub(super) enum Phrase {
    /// An algorithm's name ([`Msg::AlgoLabel`]).
    Algo(AlgoId),
    /// [`Msg::AlgoAbout`].
    AlgoAbout(AlgoId),
    /// What a weight means for an algorithm ([`Msg::NodesHintVnodes`],
    /// [`Msg::NodesHintNoVnodes`]).
    WeightMeaning(AlgoId),
    /// What the entries of a table-shaped algorithm's table are ("placement groups").
    TableEntries(AlgoId),
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
pub(super) enum Key {
    /// A message of its own.
    Message(Id),
    /// A message named by a registry id, or its attribute.
    Registry(String, Option<String>),
}

impl Phrase {
    pub(super) fn key(self) -> Key {
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
            Phrase::TableEntries(k) => return registry(algo(k), Some("entries".into())),
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
    pub(super) enum Range {
        Weight,
        Vnodes,
        KeyCount,
    }
}

/// `lang`'s catalogue, or the English one until `lang`'s is here.
pub(super) fn catalogue(lang: Lang) -> &'static fluent::Catalogue {
    fluent::catalogue(lang).unwrap_or_else(fluent::english)
}

/// The fixed words `key` in `lang`.
pub(crate) fn ui(lang: Lang, key: Ui) -> &'static str {
    catalogue(lang).ui(key)
}

pub(super) fn message(
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
pub(super) fn phrase(lang: Lang, p: Phrase) -> Cow<'static, str> {
    match p.key() {
        Key::Message(id) => message(lang, id.name, None, None),
        Key::Registry(id, attr) => message(lang, &id, attr.as_deref(), None),
    }
}

/// An argument that is text.
pub(super) fn text_value<'a>(text: impl Into<Cow<'a, str>>) -> FluentValue<'a> {
    FluentValue::String(text.into())
}
