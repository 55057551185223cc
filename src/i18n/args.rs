//! The arguments of every message, computed once for both languages, in the order of its
//! `# Arguments:` comment in `en.ftl`.
//!
//! Numbers are passed as numbers, which the catalogues' one formatter writes the same way
//! in every language (`super::fluent`). An argument that is itself words (an algorithm's
//! name, a nested message, a piece that is there or not) comes from the language's
//! catalogue too, as a [`Phrase`] or a nested message, so that nothing here is worded in
//! any language.

use std::borrow::Cow;

use fluent_bundle::{FluentArgs, FluentValue};
use ring_core::error::{
    MAX_EPSILON, MAX_NAME_BYTES, MAX_NODES, MAX_RING_POINTS, MAX_SLOTS, MAX_TABLE_SIZE, MAX_VNODES,
    MAX_WEIGHT,
};
use ring_core::metrics::{format, Ideal, MetricsError, MoveSummary};
use ring_core::registry::{ParamKind, ParamRef};
use ring_core::BuildError;

use super::fluent::{self, Id};
use super::sentence;
use super::words::{message, phrase, text_value, ui, Key, Phrase, Range};
use super::{Arg, Lang, Msg, Text, Ui};
use crate::model::defaults;
use crate::model::display::power_of_two;
use crate::model::keys::{MAX_KEYS, MIN_KEYS};
use crate::model::limits::Refusal;
use crate::model::message::{Choice, Noun};
use crate::model::tour::STEP_COUNT;
use crate::model::url::MAX_QUERY_BYTES;

/// A hit rate, or a dash where there is none yet.
fn rate(x: Option<f64>) -> String {
    x.map_or_else(|| "—".to_string(), |f| format::percent(f, 1))
}

/// The arguments of one message, in the order of its `# Arguments:` comment.
#[derive(Default)]
pub(super) struct Args<'a>(pub(super) Vec<FluentValue<'a>>);

// One small method per way of writing an argument, so that each arm below is a few calls.
impl<'a> Args<'a> {
    fn push(&mut self, a: FluentValue<'a>) -> &mut Self {
        self.0.push(a);
        self
    }

    /// Text of the message, as it is (a name, a key).
    fn s(&mut self, s: &'a str) -> &mut Self {
        self.push(text_value(s))
    }

    /// Fixed words.
    fn word(&mut self, s: &'static str) -> &mut Self {
        self.push(text_value(s))
    }

    fn own(&mut self, s: String) -> &mut Self {
        self.push(text_value(s))
    }

    /// Words of a catalogue, or a nested message.
    fn cow(&mut self, s: Cow<'static, str>) -> &mut Self {
        self.push(text_value(s))
    }

    /// The moved-keys line `s`.
    fn moved(&mut self, lang: Lang, s: &MoveSummary) -> &mut Self {
        self.own(render_owned(lang, sentence::moved(s), moved_args(s)))
    }

    /// A nested message, in the same language.
    fn msg(&mut self, lang: Lang, msg: &Msg) -> &mut Self {
        self.cow(text(lang, msg))
    }

    /// A count or size, grouped by thousands: `1,204`.
    fn int(&mut self, n: u64) -> &mut Self {
        self.push(fluent::count(n))
    }

    /// A number in plain digits, `1204`: one that names something (a position, a seed, a
    /// step), or a count that a catalogue may group (`NUMBER($n, useGrouping: "true")`).
    fn raw(&mut self, n: u64) -> &mut Self {
        self.push(fluent::digits(n))
    }

    fn pct(&mut self, fraction: f64, decimals: u32) -> &mut Self {
        self.push(fluent::percent(fraction, decimals))
    }

    fn dec(&mut self, value: f64, decimals: u32) -> &mut Self {
        self.push(fluent::decimal(value, decimals))
    }

    /// Words from `lang`'s catalogue.
    fn phrase(&mut self, lang: Lang, p: Phrase) -> &mut Self {
        self.cow(phrase(lang, p))
    }

    /// A piece of `lang`'s catalogue with arguments of its own.
    fn sub(&mut self, lang: Lang, p: Phrase, args: Args<'_>) -> &mut Self {
        self.cow(phrase_with(lang, p, args))
    }

    /// A piece of `lang`'s catalogue when `on`, else nothing.
    fn piece(&mut self, lang: Lang, on: bool, p: Phrase) -> &mut Self {
        if on {
            self.phrase(lang, p)
        } else {
            self.word("")
        }
    }

    /// Names in a list, separated as `lang` separates them.
    fn names(&mut self, lang: Lang, list: &[String]) -> &mut Self {
        self.own(list.join(&*phrase(lang, Phrase::NamesSep)))
    }

    /// Items of a list that carry numbers (`cache-a 16`), separated as `lang` separates
    /// them.
    fn items(&mut self, lang: Lang, list: Vec<String>) -> &mut Self {
        self.own(list.join(&*phrase(lang, Phrase::ItemsSep)))
    }

    /// A path of nodes or buckets: the arrow is the same in every language.
    fn path(&mut self, list: &[String]) -> &mut Self {
        self.own(list.join(" → "))
    }

    /// What `r` allows, worded by `lang`.
    fn range(&mut self, lang: Lang, r: Range) -> &mut Self {
        let mut a = Args::default();
        match r {
            Range::Weight => a.raw(MAX_WEIGHT.into()),
            Range::Vnodes => a.raw(MAX_VNODES.into()),
            Range::KeyCount => a.raw(MIN_KEYS.into()).raw(MAX_KEYS.into()),
        };
        self.sub(lang, Phrase::Range(r), a)
    }
}

fn one(a: FluentValue<'_>) -> Args<'_> {
    Args(vec![a])
}

/// Message `id` in `lang` with arguments `args`.
fn render_owned(lang: Lang, id: Id, args: Args<'_>) -> String {
    render(lang, id, args).into_owned()
}

/// The arguments of `msg` in `lang`.
pub(super) fn args(msg: &Msg, lang: Lang) -> Args<'_> {
    let mut a = Args::default();
    match msg {
        // Words without arguments (`super::words`).
        Msg::Ui(_)
        | Msg::AlgoLabel(_)
        | Msg::AlgoAbout(_)
        | Msg::ParamLabel(_)
        | Msg::OptionLabel(..)
        | Msg::ViewLabel(_)
        | Msg::TourTitle(_)
        | Msg::TourCaption(_)
        | Msg::Text(_) => {}
        Msg::PaperGroupOnePoint | Msg::PaperGroupOneVnode => {}

        Msg::Build(e) => return build_args(e),
        Msg::CouldNotStart(e) => {
            a.own(render_owned(lang, sentence::build(e), build_args(e)));
        }
        Msg::Metrics(e) => return metrics_args(e),
        Msg::Refusal(r) => return refusal_args(r),
        Msg::Moved(s) => return moved_args(s),

        // A name or a text as typed.
        Msg::TourNoNode { name }
        | Msg::NoNodeNamed { name }
        | Msg::Added { name }
        | Msg::Removed { name }
        | Msg::MarkedDown { name }
        | Msg::MarkedUp { name }
        | Msg::StepOwner { name }
        | Msg::StepHighest { name }
        | Msg::CompareAdd { name }
        | Msg::CompareRemove { name }
        | Msg::CompareAddButton { name }
        | Msg::CompareRemoveButton { name }
        | Msg::LinkUnknown { name }
        | Msg::NoWeight { name }
        | Msg::StepWalkFirst { point: name }
        | Msg::ChordKeyMark { key: name }
        | Msg::TourReplicas { key: name }
        | Msg::BadFlag { flag: name }
        | Msg::SlotNotWhole { text: name }
        | Msg::SlotTooLarge { text: name }
        | Msg::BadEscape { text: name } => {
            a.s(name);
        }
        Msg::LinkRepeated { name } => {
            a.s(name);
        }
        Msg::StoredVersion { found, reads } => {
            a.s(found).s(reads);
        }

        Msg::WeightEmpty => {
            a.range(lang, Range::Weight);
        }
        Msg::WeightTooLarge { weight } => {
            a.raw(*weight).range(lang, Range::Weight);
        }
        Msg::WeightNotWhole { text } => {
            a.s(text).range(lang, Range::Weight);
        }
        Msg::VnodesEmpty => {
            a.range(lang, Range::Vnodes);
        }
        Msg::VnodesTooMany { vnodes } => {
            a.raw(*vnodes).range(lang, Range::Vnodes);
        }
        Msg::VnodesNotWhole { text } => {
            a.s(text).range(lang, Range::Vnodes);
        }
        Msg::KeyCountEmpty => {
            a.range(lang, Range::KeyCount);
        }
        Msg::KeyCountOutOfRange { count } => {
            a.raw(*count).range(lang, Range::KeyCount);
        }
        Msg::KeyCountNotNumber { text } => {
            a.s(text).range(lang, Range::KeyCount);
        }
        Msg::SeedNotWhole { text } => {
            a.s(text).raw(u64::MAX);
        }
        Msg::RealNotNumber { what, text } | Msg::RealOutOfRange { what, text } => {
            a.s(text);
            if let ParamKind::Real { above, max, .. } = what.spec().kind {
                let mut r = Args::default();
                r.phrase(lang, Phrase::ParamNoun(*what))
                    .own(above.to_string())
                    .own(max.to_string());
                a.sub(lang, Phrase::RealRange, r);
            }
        }
        Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        } => {
            a.raw(*value);
            param_range(&mut a, lang, *what, *min, *max);
        }
        Msg::ParamEmpty { what, min, max } => {
            a.phrase(lang, noun(*what));
            param_range(&mut a, lang, *what, *min, *max);
        }
        Msg::ParamNotWhole {
            what,
            text,
            min,
            max,
        }
        | Msg::NotWhole {
            what,
            text,
            min,
            max,
        }
        | Msg::OutOfRange {
            what,
            text,
            min,
            max,
        } => {
            a.s(text);
            param_range(&mut a, lang, *what, *min, *max);
        }
        Msg::ExplainTooLong { bytes, max }
        | Msg::ChordKeyTooLong { bytes, max }
        | Msg::ReplicationKeyTooLong { bytes, max } => {
            a.raw(*bytes as u64).raw(*max as u64);
        }
        Msg::NoSuchStep { step } => {
            a.raw((*step).into()).raw(STEP_COUNT.into());
        }
        Msg::PasteNone => {
            a.raw(MIN_KEYS.into()).raw(MAX_KEYS.into());
        }
        Msg::PasteTooMany { count } => {
            a.raw(*count as u64)
                .raw(MIN_KEYS.into())
                .raw(MAX_KEYS.into());
        }
        Msg::ServerLineBad { line, text } => {
            a.raw(*line as u64).s(text);
        }
        Msg::PasteKeyTooLong { line, bytes } => {
            a.raw(*line as u64)
                .raw(*bytes as u64)
                .raw(crate::model::keys::MAX_KEY_BYTES as u64);
        }
        Msg::ViewFirstKeys { used, of } => {
            a.int(*used as u64).int(*of as u64);
        }
        Msg::BuildingRing { points, keys } => {
            a.int(*points).int(*keys as u64);
        }
        Msg::PlacingKeys { keys: n }
        | Msg::NodesReplaced { count: n }
        | Msg::KeysPasted { count: n }
        | Msg::SampleAll { shown: n }
        | Msg::LoadsCaption { total: n, .. }
        | Msg::ShareKeysNote { count: n } => {
            a.int(*n as u64);
        }
        Msg::PasteHeld { bytes, lines } => {
            a.int(*bytes as u64).int(*lines as u64);
        }
        Msg::MoreNodes { max } => {
            a.raw(*max as u64);
        }

        Msg::WeightSet { name, weight } => {
            a.s(name).raw((*weight).into());
        }
        Msg::VnodesSet { name, vnodes } => {
            a.s(name);
            if let Some(v) = vnodes {
                a.raw((*v).into());
            }
        }
        Msg::DefaultVnodesSet { vnodes: n } | Msg::SlotmapTooLong { max: n } => {
            a.raw((*n).into());
        }
        Msg::LinkNotPrime { param, size } => {
            a.raw((*size).into());
            if let ParamKind::Whole { min, max, .. } = param.spec().kind {
                a.raw(min.into()).raw(max.into());
            }
            a.s(param.spec().key)
                .phrase(lang, Phrase::ParamNoun(*param));
        }
        Msg::AlgorithmSet(kind) | Msg::NotARing { kind } | Msg::PaperNoVnodes { kind } => {
            a.phrase(lang, Phrase::Algo(*kind));
        }
        Msg::NodesHintIgnored { kind } => {
            a.phrase(lang, Phrase::Algo(*kind))
                .s(ui(lang, Ui::NodesApplyHint));
        }
        Msg::HashSet(hash) => {
            a.s(hash.name());
        }
        Msg::ParamSet { param, value } => {
            a.phrase(lang, Phrase::ParamNoun(*param));
            match param.spec().kind {
                ParamKind::Choice { .. } => {
                    a.phrase(lang, Phrase::ParamOption(*param, *value as usize))
                }
                // A count or a size: grouped, "8,388,608".
                ParamKind::Whole { .. } => a.int(*value as u64),
                _ => a.own(value.to_string()),
            };
        }

        Msg::StepHashRing {
            hash,
            key,
            position,
            fraction,
        } => {
            a.s(hash).s(key).raw(*position).pct(*fraction, 1);
        }
        Msg::StepWalk {
            distance,
            wrapped,
            replica,
            owner,
            position,
        } => {
            a.pct(*distance, 2)
                .piece(lang, *wrapped, Phrase::PastTheTop)
                .raw((*replica).into())
                .s(owner)
                .raw(*position);
        }
        Msg::StepWalkPastFull { walk } => {
            a.path(walk);
        }
        Msg::StepHash {
            hash,
            key,
            value: n,
        }
        | Msg::StepJumpSeed { hash, key, seed: n } => {
            a.s(hash).s(key).raw(*n);
        }
        Msg::StepModulo {
            hash,
            buckets,
            bucket,
            name,
        } => {
            a.raw(*hash)
                .raw((*buckets).into())
                .raw((*bucket).into())
                .s(name);
        }
        Msg::StepTableEntry { entry: n, owner }
        | Msg::StepJumpOwner {
            bucket: n,
            name: owner,
        } => {
            a.raw((*n).into()).s(owner);
        }
        Msg::StepPreference { names } => {
            a.raw(names.len() as u64).names(lang, names);
        }
        Msg::StepDraws { draws } => {
            let list: Vec<String> = draws
                .iter()
                .map(|d| {
                    if d.low == d.high {
                        d.bucket.to_string()
                    } else {
                        format!("{} ({}–{})", d.bucket, d.low, d.high)
                    }
                })
                .collect();
            a.path(&list);
        }
        Msg::StepProbes { probes, seeds } => {
            a.raw((*probes).into())
                .raw(seeds[0].into())
                .raw(seeds[1].into());
        }
        Msg::StepProbeBest {
            probe,
            distance,
            name,
        } => {
            a.raw((*probe).into())
                .own(format::percent(*distance, 4))
                .s(name);
        }
        Msg::StepJumpPath { path } => {
            let path: Vec<String> = path.iter().map(u32::to_string).collect();
            a.path(&path);
        }
        Msg::StepScores { scores } => {
            let list = scores
                .iter()
                .map(|(name, s)| format!("{name} {}", format::decimal(*s, 3)))
                .collect();
            a.items(lang, list);
        }

        Msg::FactChange { what, summary } => {
            a.msg(lang, what).moved(lang, summary);
        }
        Msg::FactFlows { flows, more } => {
            let list = flows
                .iter()
                .map(|(from, to, keys)| {
                    let mut item = Args::default();
                    item.s(from).s(to).raw(*keys);
                    phrase_with(lang, Phrase::FlowItem, item).into_owned()
                })
                .collect();
            a.items(lang, list);
            if *more > 0 {
                a.sub(lang, Phrase::FlowsMore, one(fluent::digits(*more as u64)));
            } else {
                a.word("");
            }
        }
        Msg::FactShares { r1, r2, r3 } => {
            if r1.is_finite() {
                a.dec(*r1, 2);
            } else {
                a.phrase(lang, Phrase::R1Infinite);
            }
            a.pct(*r2, 0).pct(*r3, 0);
        }
        Msg::FactKeys { min, max, peak } => {
            a.int(*min).int(*max).dec(*peak, 2);
        }
        Msg::FactPoints { points, nodes } => {
            a.int(*points as u64).raw(*nodes as u64);
        }
        Msg::FactPointsPerNode { list } => {
            let list = list.iter().map(|(n, c)| format!("{n} {c}")).collect();
            a.items(lang, list);
        }
        Msg::FactMemory { bytes } => {
            a.int(*bytes);
        }
        Msg::FactChordHash {
            key,
            position,
            owner,
        } => {
            a.s(key).raw(*position).s(owner);
        }
        Msg::FactChordLookup {
            start,
            path,
            nodes,
            log2,
        } => {
            a.s(start)
                .path(path)
                .raw(path.len().saturating_sub(1) as u64)
                .raw(*nodes as u64)
                .dec(*log2, 2);
        }
        Msg::FactStored { key, on, replicas } => {
            a.s(key).names(lang, on).raw((*replicas).into());
        }
        Msg::FactWithFailure { on }
        | Msg::AfterFailure { on }
        | Msg::ChordShadowed { names: on } => {
            a.names(lang, on);
        }
        Msg::FactFails {
            name,
            held,
            total,
            owned,
            recopied,
            lost,
        }
        | Msg::ReplicationFails {
            name,
            held,
            total,
            owned,
            recopied,
            lost,
        } => {
            a.s(name)
                .int(*held)
                .int(*total)
                .int(*owned)
                .int(*recopied)
                .int(*lost);
        }
        Msg::FactPassedOn { passed, total } => {
            a.int(*passed).int(*total);
        }
        Msg::FactSlotDrop { leaver, summary } => {
            a.s(leaver).moved(lang, summary);
        }
        Msg::FactSlotDeal {
            slots,
            rest,
            summary,
        } => {
            a.int((*slots).into())
                .raw(*rest as u64)
                .moved(lang, summary);
        }
        Msg::TourQuestion { name, nodes } => {
            a.s(name).raw(*nodes as u64);
        }
        Msg::TourGraded {
            guess,
            summary,
            grade,
            off_by,
        } => {
            let off = one(fluent::decimal(*off_by, 1));
            a.pct(f64::from(*guess) / 100.0, 0)
                .moved(lang, summary)
                .sub(lang, Phrase::Grade(*grade), off);
        }

        Msg::CompareTooMany { max: n, kind } | Msg::CompareTooFew { min: n, kind } => {
            a.raw(*n as u64).phrase(lang, Phrase::Algo(*kind));
        }
        Msg::CompareHint { up, keys } => {
            a.raw(*up as u64).int(*keys as u64);
        }
        Msg::CompareAlgos { min, max } => {
            a.raw(*min as u64).raw(*max as u64);
        }
        Msg::CompareColumn { kind, nodes } => {
            a.phrase(lang, Phrase::Algo(*kind)).raw(*nodes as u64);
        }
        Msg::CompareSummary { what } => {
            a.msg(lang, what);
        }

        Msg::TrafficHint { up, keys } => {
            a.raw(*up as u64).int(*keys as u64);
        }
        Msg::TrafficZipfBad { text } => {
            a.s(text);
        }
        Msg::TrafficCacheKeys { keys } => {
            a.int((*keys).into());
        }
        Msg::TrafficChartLabel {
            kind,
            before,
            after,
        } => {
            a.phrase(lang, Phrase::Algo(*kind))
                .own(rate(*before))
                .own(rate(*after));
        }
        Msg::TrafficNodesLabel { kind } => {
            a.phrase(lang, Phrase::Algo(*kind));
        }
        Msg::TrafficFigures { before, after } => {
            a.own(rate(*before)).own(rate(*after));
        }
        Msg::TrafficPeak { misses, requests } => {
            a.int(*misses)
                .int(*requests)
                .pct(*misses as f64 / (*requests).max(1) as f64, 1);
        }
        Msg::TrafficProgress { done, total } => {
            a.int(*done).int(*total);
        }
        Msg::TrafficDone { requests, keys } => {
            a.int(*requests).int(*keys as u64);
        }
        Msg::TrafficHotKey {
            rank,
            key,
            node,
            popularity,
        } => {
            a.raw(u64::from(*rank) + 1)
                .s(key)
                .s(node)
                .pct(*popularity, 1);
        }

        Msg::ChordNodesUp { count: n } | Msg::ReplicasLabel { nodes: n } => {
            a.raw(*n as u64);
        }
        Msg::NodeProblem { index, why } => {
            a.raw(*index as u64).msg(lang, why);
        }
        Msg::ChordLabel {
            nodes,
            key,
            start,
            path,
        } => {
            a.raw(*nodes as u64).s(key).s(start).path(path);
        }
        Msg::ChordHops { hops, nodes, log2 } => {
            a.raw(*hops as u64).raw(*nodes as u64).dec(*log2, 2);
        }
        Msg::ChordKeyLine {
            key,
            position,
            fraction,
            owner,
            bound,
            ..
        } => {
            a.s(key)
                .raw(*position)
                .pct(*fraction, 1)
                .s(owner)
                .raw((*bound).into());
        }
        Msg::ChordHop { from, to, finger } => {
            a.s(from).s(to).raw((*finger).into());
        }
        Msg::FingerCaption { bits: n }
        | Msg::TourShares { step: n }
        | Msg::NodesCount { nodes: n }
        | Msg::SlotmapOwner { owner: n } => {
            a.raw((*n).into());
        }

        Msg::ReplicasNotWhole { text, nodes } => {
            a.s(text).raw(*nodes as u64);
        }
        Msg::ReplicasPicture {
            key,
            replicas,
            failed,
        } => {
            a.s(key)
                .raw((*replicas).into())
                .piece(lang, *failed, Phrase::FailedMarks);
        }
        Msg::ReplicationNoFailure { replicas, nodes } => {
            a.raw((*replicas).into()).raw((*nodes).into());
        }

        Msg::ListOutOfRange { what, value, max } => {
            a.raw(*value);
            list_range(&mut a, lang, *what, *max);
        }
        Msg::ListNotWhole { what, text, max } => {
            a.s(text);
            list_range(&mut a, lang, *what, *max);
        }
        Msg::ListEmptyRange {
            what,
            from,
            to,
            max,
        } => {
            a.raw((*from).into()).raw((*to).into());
            list_range(&mut a, lang, *what, *max);
        }
        Msg::ListStepAlone { what, max } | Msg::ListEmpty { what, max } => {
            list_range(&mut a, lang, *what, *max);
        }
        Msg::ListRunaway { what } => {
            a.phrase(lang, Phrase::ListKind(*what))
                .raw(crate::model::paper::MAX_LIST as u64);
        }
        Msg::ListTooMany { what, count } => {
            a.raw(*count as u64)
                .phrase(lang, Phrase::ListKind(*what))
                .raw(crate::model::paper::MAX_LIST as u64);
        }
        Msg::PaperBudget { work, max } => {
            a.int(*work).int(*max);
        }
        Msg::PaperGroupVnodes { vnodes } => {
            a.int((*vnodes).into());
        }
        Msg::PaperHint { kind, max_points } => {
            // Only the algorithms with virtual nodes name them in the paper's table; the
            // virtual-node ring's one virtual node is the basic ring (`study::config`).
            if kind.spec().names_virtual_nodes {
                a.phrase(lang, Phrase::PaperNamingVirtual);
            } else if kind.spec().uses_vnodes {
                a.phrase(lang, Phrase::PaperNamingBounded);
            } else {
                a.word("");
            }
            a.int(*max_points);
        }
        Msg::PaperHashFixed { kind, hash } | Msg::PaperCaption { kind, hash } => {
            a.phrase(lang, Phrase::Algo(*kind)).s(hash.name());
        }
        Msg::PaperComputing {
            done,
            total,
            points,
        } => {
            a.raw(*done as u64).raw(*total as u64).int(*points);
        }
        Msg::PaperDone { total, points } => {
            a.raw(*total as u64).int(*points);
        }

        Msg::NodesTitle { up, total } => {
            a.raw(*up as u64).raw(*total as u64);
        }
        Msg::NodesHintVnodes { kind, default } => {
            a.phrase(lang, Phrase::WeightMeaning(*kind))
                .raw((*default).into())
                .s(ui(lang, Ui::NodesApplyHint));
        }
        Msg::NodesHintNoVnodes { kind } => {
            a.phrase(lang, Phrase::WeightMeaning(*kind))
                .phrase(lang, Phrase::Algo(*kind))
                .s(ui(lang, Ui::NodesApplyHint));
        }
        Msg::HashFixed { kind, hash } => {
            a.phrase(lang, Phrase::Algo(*kind))
                .s(hash.name())
                .phrase(lang, Phrase::HashAbout(*hash));
        }
        Msg::HashRange { hash } => {
            a.phrase(lang, Phrase::HashAbout(*hash))
                .own(power_of_two(hash.bits()));
        }
        Msg::KeysGenerated { count, seed } => {
            a.int((*count).into()).raw(*seed);
        }
        Msg::KeyCountHint => {
            a.raw(MIN_KEYS.into()).int(MAX_KEYS.into());
        }
        Msg::FlowKeys { keys } => {
            a.int(*keys);
        }
        Msg::FlowsMore { more, keys } => {
            a.raw(*more as u64).int(*keys);
        }
        Msg::SampleSome { shown, total } => {
            a.int(*shown as u64).int(*total as u64);
        }
        Msg::PictureRing {
            kind,
            points,
            bits,
            hash,
        } => {
            a.phrase(lang, Phrase::Algo(*kind))
                .int(*points as u64)
                .own(power_of_two(*bits))
                .s(hash);
        }
        Msg::PictureBucketSet {
            kind,
            working,
            span,
            removed,
            hash,
        } => {
            let removed: Vec<String> = removed.iter().map(u32::to_string).collect();
            a.phrase(lang, Phrase::Algo(*kind))
                .raw((*working).into())
                .raw((*span).into())
                .own(if removed.is_empty() {
                    "–".to_string()
                } else {
                    removed.join(", ")
                })
                .s(hash);
        }
        Msg::PictureBuckets { kind, count, hash } => {
            a.phrase(lang, Phrase::Algo(*kind))
                .raw((*count).into())
                .s(hash);
        }
        Msg::PictureTable {
            kind,
            entries,
            hash,
        } => {
            a.phrase(lang, Phrase::Algo(*kind))
                .int(*entries as u64)
                .phrase(lang, Phrase::TableEntries(*kind))
                .s(hash);
        }
        Msg::PictureScores { kind, key, hash } => {
            a.phrase(lang, Phrase::Algo(*kind)).s(key).s(hash);
        }
        Msg::PictureLabel { caption, ring } => {
            a.msg(lang, caption)
                .phrase(lang, Phrase::StepsThrough { ring: *ring });
        }

        Msg::HoverKey {
            key,
            position,
            fraction,
            owner,
            from,
        } => {
            a.s(key).raw(*position).pct(*fraction, 2).s(owner);
            match from {
                Some(f) => a.sub(lang, Phrase::MovedFrom, one(text_value(f.as_str()))),
                None => a.word(""),
            };
        }
        Msg::HoverPoint {
            replica,
            node,
            vnode,
            position,
            fraction,
            arc,
        } => {
            a.raw((*replica).into()).s(node);
            match vnode {
                Some(v) => a.sub(lang, Phrase::VirtualNode, one(text_value(v.as_str()))),
                None => a.word(""),
            };
            a.raw(*position).pct(*fraction, 2).pct(*arc, 2);
        }
        Msg::HoverArc {
            from,
            to,
            arc,
            node,
            replica,
            share,
        } => {
            a.raw(*from)
                .raw(*to)
                .pct(*arc, 2)
                .s(node)
                .raw((*replica).into())
                .pct(*share, 1);
        }
        Msg::HoverEntry {
            first,
            total,
            owner,
        } => {
            a.raw(*first as u64).raw(*total as u64).s(owner);
        }
        Msg::HoverEntries {
            first,
            last,
            total,
            owner,
        } => {
            a.raw(*first as u64)
                .raw(*last as u64)
                .raw(*total as u64)
                .s(owner);
        }
        Msg::HoverColumn {
            bucket,
            node,
            keys,
            fraction,
            share,
        } => {
            match bucket {
                Some(b) => a.sub(lang, Phrase::Bucket, one(fluent::digits(*b as u64))),
                None => a.word(""),
            };
            a.s(node).int(*keys).pct(*fraction, 1).pct(*share, 1);
        }

        Msg::LinkIgnored { param, why } => {
            a.word(param).msg(lang, why);
        }
        Msg::LinkNotBuilt { why } => {
            a.msg(lang, why);
        }

        Msg::TourPicture { step, nodes, keys } => {
            a.raw((*step).into()).raw(*nodes as u64).raw(*keys as u64);
        }
        Msg::TourChord {
            nodes,
            key,
            start,
            hops,
            owner,
        } => {
            a.raw(*nodes as u64)
                .s(key)
                .s(start)
                .raw(*hops as u64)
                .s(owner);
        }
        Msg::TourProgress { step, count } => {
            a.raw((*step).into()).raw((*count).into());
        }

        Msg::LinkTooLong { bytes } => {
            a.raw(*bytes as u64).raw(MAX_QUERY_BYTES as u64);
        }
        Msg::LinkOmitted { count } => {
            a.raw((*count).into()).raw(defaults::KEYS.into());
        }
        Msg::NotOneOf { what, text, all } => {
            a.s(text);
            // These name the few choices themselves instead of the list.
            if !matches!(what, Choice::Theme | Choice::Layout | Choice::ZeroOrOne) {
                a.s(all);
            }
            if let Choice::Param(p) = what {
                a.phrase(lang, Phrase::ParamNoun(*p));
            }
        }
        Msg::SlotmapLength { has, slots } => {
            a.raw(*has as u64).raw((*slots).into());
        }
    }
    a
}

/// The arguments of the core's refusal `e`. Its numbers are written as the core writes
/// them, without separators, so that the English is the core's own message; a catalogue
/// groups them with `{n:,}`.
fn build_args(e: &BuildError) -> Args<'_> {
    let mut a = Args::default();
    match e {
        BuildError::NoNodes => {}
        BuildError::TooManyNodes { count } => {
            a.raw(*count as u64).raw(MAX_NODES as u64);
        }
        BuildError::EmptyName { index } => {
            a.raw(*index as u64 + 1);
        }
        BuildError::NameTooLong { index, bytes } => {
            a.raw(*index as u64 + 1)
                .raw(*bytes as u64)
                .raw(MAX_NAME_BYTES as u64);
        }
        BuildError::DuplicateName { name } => {
            a.s(name);
        }
        BuildError::BadWeight { name, weight } => {
            a.s(name).raw((*weight).into()).raw(MAX_WEIGHT.into());
        }
        BuildError::BadVnodes { name, vnodes } => {
            if let Some(name) = name {
                a.s(name);
            }
            a.raw((*vnodes).into()).raw(MAX_VNODES.into());
        }
        BuildError::TooManyPoints { points } => {
            a.raw(*points).raw(MAX_RING_POINTS);
        }
        BuildError::BadSlots { slots } => {
            a.raw((*slots).into()).raw(MAX_SLOTS.into());
        }
        BuildError::BadTableSize { size, nodes } => {
            a.raw((*size).into())
                .raw(MAX_TABLE_SIZE.into())
                .raw(*nodes as u64);
        }
        BuildError::BadEpsilon { epsilon } => {
            a.own(epsilon.to_string()).own(MAX_EPSILON.to_string());
        }
        BuildError::BadReplicas { replicas, nodes } => {
            a.raw((*replicas).into()).raw((*nodes).into());
        }
        BuildError::NoSuchNode { index } | BuildError::RepeatedNode { index } => {
            a.raw((*index).into());
        }
        // The algorithm by its id, as the core's own message names it.
        BuildError::RemovesOnlyLast { algo, index, last } => {
            a.s(algo.id()).raw((*index).into()).raw((*last).into());
        }
        BuildError::OverCapacity {
            algo,
            nodes,
            capacity,
        } => {
            a.s(algo.id()).raw((*capacity).into()).raw((*nodes).into());
        }
        BuildError::BadParam { algo, index, value } => {
            let param = ParamRef::new(*algo, *index);
            a.s(algo.id())
                .s(param.spec().key)
                .own(value.to_string())
                .own(param.spec().range_text());
        }
        BuildError::RingSizes { min, max } => {
            a.raw((*min).into()).raw((*max).into());
        }
        BuildError::BadBits { bits } => {
            a.raw((*bits).into());
        }
        BuildError::SystemWeight { algo, name, weight } => {
            a.s(name).raw((*weight).into()).s(algo.id());
        }
        BuildError::SystemFull { algo, nodes, most } => {
            a.s(algo.id()).raw((*most).into()).raw((*nodes).into());
        }
        BuildError::KeyRefused { algo, key } => {
            a.s(algo.id()).s(key);
        }
        BuildError::SystemNodeName { algo, name } => {
            a.s(algo.id()).s(name);
        }
        BuildError::PositionOutOfRange { position, bits } => {
            a.raw(*position)
                .raw((*bits).into())
                .raw(u64::MAX >> (64 - (*bits).clamp(1, 64)));
        }
    }
    a
}

/// The arguments of `e`, written as the core writes them (see [`build_args`]).
fn metrics_args(e: &MetricsError) -> Args<'static> {
    let mut a = Args::default();
    match e {
        MetricsError::Empty => {}
        MetricsError::BadValue { index, value } => {
            a.raw(*index as u64 + 1).own(value.to_string());
        }
        MetricsError::NoSuchNode {
            key,
            node,
            node_count,
        } => {
            a.raw(*key as u64 + 1)
                .raw((*node).into())
                .raw(node_count.saturating_sub(1).into());
        }
        MetricsError::TooManyNodes { count } => {
            a.raw((*count).into()).raw(MAX_NODES as u64);
        }
        MetricsError::LengthMismatch { before, after } => {
            a.raw(*before as u64).raw(*after as u64);
        }
    }
    a
}

/// The arguments of `r`, written as [`Refusal`]'s own message writes them (see
/// [`build_args`]).
fn refusal_args(r: &Refusal) -> Args<'static> {
    let mut a = Args::default();
    match r {
        Refusal::PasteTooLarge { bytes, max } => {
            a.raw(*bytes as u64).raw(*max as u64).raw(MAX_KEYS.into());
        }
        Refusal::TooManyScores { nodes, keys, max } => {
            a.raw(*nodes)
                .raw(*keys)
                .raw(nodes.saturating_mul(*keys))
                .raw(*max);
        }
        Refusal::TooManyReplicas { replicas, max } => {
            a.raw((*replicas).into()).raw((*max).into());
        }
    }
    a
}

/// `1,204 of 10,000 keys moved (12.0%); ideal 1/11 = 9.1%`, as the core words it.
fn moved_args(s: &MoveSummary) -> Args<'static> {
    let mut a = Args::default();
    a.int(s.moved).int(s.total).pct(s.fraction(), 1);
    let ideal = s.ideal_fraction().unwrap_or(0.0);
    match s.ideal {
        Ideal::Join { nodes_after } if nodes_after > 0 => {
            a.int(nodes_after.into()).pct(ideal, 1);
        }
        Ideal::Leave { .. } | Ideal::ByWeight { .. } => {
            a.pct(ideal, 1);
        }
        Ideal::Join { .. } | Ideal::None => {}
    }
    a
}

/// The words that name `what`.
fn noun(what: Noun) -> Phrase {
    match what {
        Noun::Quantity(q) => Phrase::Quantity(q),
        Noun::Param(p) => Phrase::ParamNoun(p),
    }
}

fn param_range(a: &mut Args<'_>, lang: Lang, what: Noun, min: u32, max: u32) {
    let mut r = Args::default();
    r.phrase(lang, noun(what)).raw(min.into()).raw(max.into());
    a.sub(lang, Phrase::ParamRange, r);
}

fn list_range(a: &mut Args<'_>, lang: Lang, what: super::ListKind, max: u32) {
    let mut r = Args::default();
    r.phrase(lang, Phrase::ListKind(what)).raw(max.into());
    a.sub(lang, Phrase::ListRange, r);
}

/// The sentence `msg` in `lang`, with its parameters written in.
pub(crate) fn text(lang: Lang, msg: &Msg) -> Cow<'static, str> {
    if let Msg::Text(t) = msg {
        return sentence_text(lang, t);
    }
    match sentence::sentence(msg) {
        Some(id) => render(lang, id, args(msg, lang)),
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
pub(super) fn render(lang: Lang, id: Id, args: Args<'_>) -> Cow<'static, str> {
    debug_assert_eq!(args.0.len(), id.args.len(), "{}", id.name);
    let mut named = FluentArgs::with_capacity(id.args.len());
    for (&name, value) in id.args.iter().zip(args.0) {
        named.set(name, value);
    }
    message(lang, id.name, None, Some(&named))
}

/// The words of `p` in `lang`, with `args` (a phrase with arguments has a message of its
/// own).
fn phrase_with(lang: Lang, p: Phrase, args: Args<'_>) -> Cow<'static, str> {
    match p.key() {
        Key::Message(id) => render(lang, id, args),
        Key::Registry(..) => phrase(lang, p),
    }
}
