//! Which template a message is written with ([`Sentence`], one per template of each
//! catalogue), where a phrase's words are in a catalogue ([`Phrase::index`]), and the
//! packing of both ([`templates!`], [`words!`]).
//!
//! A catalogue lists its templates and words by these keys rather than matching on [`Msg`]
//! and [`Phrase`], so that they are data: one string per language and the length of each
//! entry. A `match` returning a string per variant compiles to code that loads an address
//! and a length per arm, or at best to a table of both, and those addresses are what gzip
//! cannot shrink: measured, the templates as a `match` cost 2.8 KB of the gzipped wasm, as
//! a table about the same, packed 0.6 KB less; packing the words saved 0.9 KB more. A
//! message whose wording depends on one of its fields (a choice, a flag) has one sentence
//! per wording.

use ring_core::metrics::{Ideal, MetricsError, MoveSummary};
use ring_core::registry::{OPTION_COUNT, PARAM_COUNT};
use ring_core::{BuildError, HashFn};

use super::{Choice, ListKind, Msg, Phrase, Quantity, Range, Ui};
use crate::model::limits::Refusal;
use crate::model::tour::STEP_COUNT;
use crate::model::{AlgoId, ViewKind};

/// Declares [`Sentence`] and the list of all its keys (the tests walk it).
macro_rules! sentences {
    ($($(#[$doc:meta])* $key:ident,)*) => {
        /// A template of the catalogues: what a message says, without its arguments.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(super) enum Sentence {
            $(
                $(#[$doc])*
                $key,
            )*
        }

        impl Sentence {
            /// Every sentence, in declaration order.
            #[cfg(test)]
            pub(super) const ALL: &'static [Sentence] = &[$(Sentence::$key,)*];

            /// How many sentences there are.
            pub(super) const COUNT: usize = [$(Sentence::$key,)*].len();
        }
    };
}

sentences! {
    /// Fixed words: the one argument is the text.
    Words,
    CouldNotStart,
    WeightEmpty,
    WeightTooLarge,
    WeightNotWhole,
    VnodesEmpty,
    VnodesTooMany,
    VnodesNotWhole,
    ParamOutOfRange,
    ParamEmpty,
    ParamNotWhole,
    RealNotNumber,
    RealOutOfRange,
    ExplainTooLong,
    NoSuchStep,
    TourNoNode,
    PasteNone,
    PasteTooMany,
    PasteKeyTooLong,
    ServerLineBad,
    KeyCountEmpty,
    KeyCountOutOfRange,
    KeyCountNotNumber,
    SeedNotWhole,
    ViewFirstKeys,
    PlacingKeys,
    BuildingRing,
    Added,
    NodesReplaced,
    Removed,
    MarkedDown,
    MarkedUp,
    WeightSet,
    VnodesSet,
    VnodesSetDefault,
    DefaultVnodesSet,
    AlgorithmSet,
    HashSet,
    ParamSet,
    StepHashRing,
    StepWalk,
    StepOwner,
    StepWalkPastFull,
    StepWalkFirst,
    StepHash,
    StepModulo,
    StepTableEntry,
    StepPreference,
    StepJumpSeed,
    StepJumpPath,
    StepJumpOwner,
    StepDraws,
    StepProbes,
    StepProbeBest,
    StepScores,
    StepHighest,
    FactChange,
    FactFlows,
    FactShares,
    FactKeys,
    FactPoints,
    FactPointsPerNode,
    FactMemory,
    FactChordHash,
    FactChordLookup,
    FactStored,
    FactWithFailure,
    FactFails,
    FactPassedOn,
    FactSlotDrop,
    FactSlotDeal,
    TourQuestion,
    TourGraded,
    CompareTooMany,
    CompareTooFew,
    CompareAdd,
    CompareRemove,
    CompareAddButton,
    CompareRemoveButton,
    CompareHint,
    CompareAlgos,
    CompareColumn,
    CompareSummary,
    TrafficHint,
    TrafficZipfBad,
    TrafficCacheKeys,
    TrafficChartLabel,
    TrafficNodesLabel,
    TrafficFigures,
    TrafficPeak,
    TrafficProgress,
    TrafficDone,
    TrafficHotKey,
    ChordKeyTooLong,
    ChordNodesUp,
    ChordAdd,
    ChordLabel,
    ChordHops,
    ChordKeyLine,
    ChordKeyLineOver,
    ChordNoHop,
    ChordHop,
    ChordHopSuccessor,
    ChordShadowed,
    FingerCaption,
    ChordKeyMark,
    ReplicasNotWhole,
    ReplicationKeyTooLong,
    ReplicasLabel,
    NotARing,
    ReplicasPicture,
    ReplicationFails,
    ReplicationNoFailure,
    AfterFailure,
    ListOutOfRange,
    ListNotWhole,
    ListEmptyRange,
    ListRunaway,
    ListStepAlone,
    ListEmpty,
    ListTooMany,
    PaperBudget,
    PaperGroupOnePoint,
    PaperGroupOneVnode,
    PaperGroupVnodes,
    PaperHint,
    PaperHashFixed,
    PaperNoVnodes,
    PaperComputing,
    PaperDone,
    PaperCaption,
    NodesCount,
    NodesTitle,
    NodeWeightOf,
    NodeVnodesOf,
    MarkUp,
    MarkDown,
    RemoveNamed,
    NodesHintVnodes,
    NodesHintNoVnodes,
    NodesHintIgnored,
    HashFixed,
    HashRange,
    KeysGenerated,
    KeysPasted,
    PasteHeld,
    KeyCountHint,
    FlowKeys,
    FlowsMore,
    SampleSome,
    SampleAll,
    LoadsCaption,
    LoadsCaptionByWeight,
    PictureRing,
    PictureBuckets,
    PictureBucketSet,
    PictureTable,
    PictureScores,
    PictureLabel,
    HoverKey,
    HoverPoint,
    HoverArc,
    HoverEntry,
    HoverEntries,
    HoverColumn,
    ShareKeysNote,
    Saved,
    CouldNotSave,
    TourPicture,
    TourShares,
    TourChord,
    TourReplicas,
    TourProgress,
    LinkTooLong,
    LinkUnknown,
    LinkRepeated,
    LinkIgnored,
    LinkNotPrime,
    LinkOmitted,
    LinkNotBuilt,
    NoNodeNamed,
    NotAnAlgorithm,
    NotAHash,
    NotASystem,
    NotAnOption,
    NotAView,
    NotATheme,
    NotALayout,
    NotZeroOrOne,
    NotALanguage,
    NotAChange,
    NotWhole,
    OutOfRange,
    MoreNodes,
    NodeProblem,
    NoWeight,
    BadFlag,
    SlotmapLength,
    SlotmapOwner,
    SlotNotWhole,
    SlotTooLarge,
    SlotmapTooLong,
    BadEscape,
    StoredVersion,
    TaskTwice,
    TaskBest,
    // The core's refusals, the app's limits and the moved-keys line.
    TooManyNodes,
    BuildNoNodes,
    BuildEmptyName,
    BuildNameTooLong,
    BuildDuplicateName,
    BuildBadWeight,
    BuildBadVnodes,
    BuildBadVnodesDefault,
    BuildTooManyPoints,
    BuildBadSlots,
    BuildBadTableSize,
    BuildBadEpsilon,
    BuildBadReplicas,
    BuildNoSuchNode,
    BuildRemovesOnlyLast,
    BuildOverCapacity,
    BuildBadParam,
    BuildRingSizes,
    BuildBadBits,
    BuildPositionOutOfRange,
    BuildRepeatedNode,
    BuildSystemWeight,
    BuildSystemFull,
    BuildKeyRefused,
    MetricsEmpty,
    MetricsBadValue,
    MetricsNoSuchNode,
    MetricsLengthMismatch,
    PasteTooLarge,
    TooManyScores,
    TooManyReplicas,
    MovedJoin,
    MovedLeave,
    MovedNone,
    MovedByWeight,
}

/// The sentence `msg` is written with.
pub(super) fn sentence(msg: &Msg) -> Sentence {
    match msg {
        Msg::Build(e) => build(e),
        Msg::Metrics(e) => metrics(e),
        Msg::Refusal(r) => refusal(r),
        Msg::Moved(s) => moved(s),
        Msg::VnodesSet { vnodes: None, .. } => Sentence::VnodesSetDefault,
        Msg::LoadsCaption {
            by_weight: true, ..
        } => Sentence::LoadsCaptionByWeight,
        Msg::ChordKeyLine { within: false, .. } => Sentence::ChordKeyLineOver,
        Msg::ChordHop { finger: 0, .. } => Sentence::ChordHopSuccessor,
        Msg::NotOneOf { what, .. } => match what {
            Choice::Algorithm => Sentence::NotAnAlgorithm,
            Choice::Hash => Sentence::NotAHash,
            Choice::System => Sentence::NotASystem,
            Choice::Param(_) => Sentence::NotAnOption,
            Choice::View => Sentence::NotAView,
            Choice::Theme => Sentence::NotATheme,
            Choice::Layout => Sentence::NotALayout,
            Choice::ZeroOrOne => Sentence::NotZeroOrOne,
            Choice::Language => Sentence::NotALanguage,
            Choice::Change => Sentence::NotAChange,
        },
        _ => by_variant(msg),
    }
}

/// The sentence of each variant of [`Msg`], for those whose sentence does not depend on
/// their fields ([`sentence`] picks the others first). Every arm is a constant, so that
/// this compiles to a table of bytes instead of a branch per variant (0.8 KB less of the
/// gzipped wasm, measured); `inline(never)` keeps it apart from the branches above.
#[inline(never)]
fn by_variant(msg: &Msg) -> Sentence {
    match msg {
        Msg::Ui(_)
        | Msg::AlgoLabel(_)
        | Msg::AlgoAbout(_)
        | Msg::ParamLabel(_)
        | Msg::OptionLabel(..)
        | Msg::ViewLabel(_)
        | Msg::TourTitle(_)
        | Msg::TourCaption(_) => Sentence::Words,
        // Picked by `sentence`.
        Msg::Build(_)
        | Msg::Metrics(_)
        | Msg::Refusal(_)
        | Msg::Moved(_)
        | Msg::NotOneOf { .. } => Sentence::Words,
        Msg::CouldNotStart(_) => Sentence::CouldNotStart,
        Msg::WeightEmpty => Sentence::WeightEmpty,
        Msg::WeightTooLarge { .. } => Sentence::WeightTooLarge,
        Msg::WeightNotWhole { .. } => Sentence::WeightNotWhole,
        Msg::VnodesEmpty => Sentence::VnodesEmpty,
        Msg::VnodesTooMany { .. } => Sentence::VnodesTooMany,
        Msg::VnodesNotWhole { .. } => Sentence::VnodesNotWhole,
        Msg::ParamOutOfRange { .. } => Sentence::ParamOutOfRange,
        Msg::ParamEmpty { .. } => Sentence::ParamEmpty,
        Msg::ParamNotWhole { .. } => Sentence::ParamNotWhole,
        Msg::RealNotNumber { .. } => Sentence::RealNotNumber,
        Msg::RealOutOfRange { .. } => Sentence::RealOutOfRange,
        Msg::ExplainTooLong { .. } => Sentence::ExplainTooLong,
        Msg::NoSuchStep { .. } => Sentence::NoSuchStep,
        Msg::TourNoNode { .. } => Sentence::TourNoNode,
        Msg::PasteNone => Sentence::PasteNone,
        Msg::PasteTooMany { .. } => Sentence::PasteTooMany,
        Msg::PasteKeyTooLong { .. } => Sentence::PasteKeyTooLong,
        Msg::ServerLineBad { .. } => Sentence::ServerLineBad,
        Msg::KeyCountEmpty => Sentence::KeyCountEmpty,
        Msg::KeyCountOutOfRange { .. } => Sentence::KeyCountOutOfRange,
        Msg::KeyCountNotNumber { .. } => Sentence::KeyCountNotNumber,
        Msg::SeedNotWhole { .. } => Sentence::SeedNotWhole,
        Msg::ViewFirstKeys { .. } => Sentence::ViewFirstKeys,
        Msg::PlacingKeys { .. } => Sentence::PlacingKeys,
        Msg::BuildingRing { .. } => Sentence::BuildingRing,
        Msg::Added { .. } => Sentence::Added,
        Msg::NodesReplaced { .. } => Sentence::NodesReplaced,
        Msg::Removed { .. } => Sentence::Removed,
        Msg::MarkedDown { .. } => Sentence::MarkedDown,
        Msg::MarkedUp { .. } => Sentence::MarkedUp,
        Msg::WeightSet { .. } => Sentence::WeightSet,
        Msg::VnodesSet { .. } => Sentence::VnodesSet,
        Msg::DefaultVnodesSet { .. } => Sentence::DefaultVnodesSet,
        Msg::AlgorithmSet(_) => Sentence::AlgorithmSet,
        Msg::HashSet(_) => Sentence::HashSet,
        Msg::ParamSet { .. } => Sentence::ParamSet,
        Msg::StepHashRing { .. } => Sentence::StepHashRing,
        Msg::StepWalk { .. } => Sentence::StepWalk,
        Msg::StepOwner { .. } => Sentence::StepOwner,
        Msg::StepWalkPastFull { .. } => Sentence::StepWalkPastFull,
        Msg::StepWalkFirst { .. } => Sentence::StepWalkFirst,
        Msg::StepHash { .. } => Sentence::StepHash,
        Msg::StepModulo { .. } => Sentence::StepModulo,
        Msg::StepTableEntry { .. } => Sentence::StepTableEntry,
        Msg::StepPreference { .. } => Sentence::StepPreference,
        Msg::StepJumpSeed { .. } => Sentence::StepJumpSeed,
        Msg::StepJumpPath { .. } => Sentence::StepJumpPath,
        Msg::StepJumpOwner { .. } => Sentence::StepJumpOwner,
        Msg::StepDraws { .. } => Sentence::StepDraws,
        Msg::StepProbes { .. } => Sentence::StepProbes,
        Msg::StepProbeBest { .. } => Sentence::StepProbeBest,
        Msg::StepScores { .. } => Sentence::StepScores,
        Msg::StepHighest { .. } => Sentence::StepHighest,
        Msg::FactChange { .. } => Sentence::FactChange,
        Msg::FactFlows { .. } => Sentence::FactFlows,
        Msg::FactShares { .. } => Sentence::FactShares,
        Msg::FactKeys { .. } => Sentence::FactKeys,
        Msg::FactPoints { .. } => Sentence::FactPoints,
        Msg::FactPointsPerNode { .. } => Sentence::FactPointsPerNode,
        Msg::FactMemory { .. } => Sentence::FactMemory,
        Msg::FactChordHash { .. } => Sentence::FactChordHash,
        Msg::FactChordLookup { .. } => Sentence::FactChordLookup,
        Msg::FactStored { .. } => Sentence::FactStored,
        Msg::FactWithFailure { .. } => Sentence::FactWithFailure,
        Msg::FactFails { .. } => Sentence::FactFails,
        Msg::FactPassedOn { .. } => Sentence::FactPassedOn,
        Msg::FactSlotDrop { .. } => Sentence::FactSlotDrop,
        Msg::FactSlotDeal { .. } => Sentence::FactSlotDeal,
        Msg::TourQuestion { .. } => Sentence::TourQuestion,
        Msg::TourGraded { .. } => Sentence::TourGraded,
        Msg::CompareTooMany { .. } => Sentence::CompareTooMany,
        Msg::CompareTooFew { .. } => Sentence::CompareTooFew,
        Msg::CompareAdd { .. } => Sentence::CompareAdd,
        Msg::CompareRemove { .. } => Sentence::CompareRemove,
        Msg::CompareAddButton { .. } => Sentence::CompareAddButton,
        Msg::CompareRemoveButton { .. } => Sentence::CompareRemoveButton,
        Msg::CompareHint { .. } => Sentence::CompareHint,
        Msg::CompareAlgos { .. } => Sentence::CompareAlgos,
        Msg::CompareColumn { .. } => Sentence::CompareColumn,
        Msg::CompareSummary { .. } => Sentence::CompareSummary,
        Msg::TrafficHint { .. } => Sentence::TrafficHint,
        Msg::TrafficZipfBad { .. } => Sentence::TrafficZipfBad,
        Msg::TrafficCacheKeys { .. } => Sentence::TrafficCacheKeys,
        Msg::TrafficChartLabel { .. } => Sentence::TrafficChartLabel,
        Msg::TrafficNodesLabel { .. } => Sentence::TrafficNodesLabel,
        Msg::TrafficFigures { .. } => Sentence::TrafficFigures,
        Msg::TrafficPeak { .. } => Sentence::TrafficPeak,
        Msg::TrafficProgress { .. } => Sentence::TrafficProgress,
        Msg::TrafficDone { .. } => Sentence::TrafficDone,
        Msg::TrafficHotKey { .. } => Sentence::TrafficHotKey,
        Msg::ChordKeyTooLong { .. } => Sentence::ChordKeyTooLong,
        Msg::ChordNodesUp { .. } => Sentence::ChordNodesUp,
        Msg::ChordAdd { .. } => Sentence::ChordAdd,
        Msg::ChordLabel { .. } => Sentence::ChordLabel,
        Msg::ChordHops { .. } => Sentence::ChordHops,
        Msg::ChordKeyLine { .. } => Sentence::ChordKeyLine,
        Msg::ChordNoHop { .. } => Sentence::ChordNoHop,
        Msg::ChordHop { .. } => Sentence::ChordHop,
        Msg::ChordShadowed { .. } => Sentence::ChordShadowed,
        Msg::FingerCaption { .. } => Sentence::FingerCaption,
        Msg::ChordKeyMark { .. } => Sentence::ChordKeyMark,
        Msg::ReplicasNotWhole { .. } => Sentence::ReplicasNotWhole,
        Msg::ReplicationKeyTooLong { .. } => Sentence::ReplicationKeyTooLong,
        Msg::ReplicasLabel { .. } => Sentence::ReplicasLabel,
        Msg::NotARing { .. } => Sentence::NotARing,
        Msg::ReplicasPicture { .. } => Sentence::ReplicasPicture,
        Msg::ReplicationFails { .. } => Sentence::ReplicationFails,
        Msg::ReplicationNoFailure { .. } => Sentence::ReplicationNoFailure,
        Msg::AfterFailure { .. } => Sentence::AfterFailure,
        Msg::ListOutOfRange { .. } => Sentence::ListOutOfRange,
        Msg::ListNotWhole { .. } => Sentence::ListNotWhole,
        Msg::ListEmptyRange { .. } => Sentence::ListEmptyRange,
        Msg::ListRunaway { .. } => Sentence::ListRunaway,
        Msg::ListStepAlone { .. } => Sentence::ListStepAlone,
        Msg::ListEmpty { .. } => Sentence::ListEmpty,
        Msg::ListTooMany { .. } => Sentence::ListTooMany,
        Msg::PaperBudget { .. } => Sentence::PaperBudget,
        Msg::PaperGroupOnePoint => Sentence::PaperGroupOnePoint,
        Msg::PaperGroupOneVnode => Sentence::PaperGroupOneVnode,
        Msg::PaperGroupVnodes { .. } => Sentence::PaperGroupVnodes,
        Msg::PaperHint { .. } => Sentence::PaperHint,
        Msg::PaperHashFixed { .. } => Sentence::PaperHashFixed,
        Msg::PaperNoVnodes { .. } => Sentence::PaperNoVnodes,
        Msg::PaperComputing { .. } => Sentence::PaperComputing,
        Msg::PaperDone { .. } => Sentence::PaperDone,
        Msg::PaperCaption { .. } => Sentence::PaperCaption,
        Msg::NodesCount { .. } => Sentence::NodesCount,
        Msg::NodesTitle { .. } => Sentence::NodesTitle,
        Msg::NodeWeightOf { .. } => Sentence::NodeWeightOf,
        Msg::NodeVnodesOf { .. } => Sentence::NodeVnodesOf,
        Msg::MarkUp { .. } => Sentence::MarkUp,
        Msg::MarkDown { .. } => Sentence::MarkDown,
        Msg::RemoveNamed { .. } => Sentence::RemoveNamed,
        Msg::NodesHintVnodes { .. } => Sentence::NodesHintVnodes,
        Msg::NodesHintNoVnodes { .. } => Sentence::NodesHintNoVnodes,
        Msg::NodesHintIgnored { .. } => Sentence::NodesHintIgnored,
        Msg::HashFixed { .. } => Sentence::HashFixed,
        Msg::HashRange { .. } => Sentence::HashRange,
        Msg::KeysGenerated { .. } => Sentence::KeysGenerated,
        Msg::KeysPasted { .. } => Sentence::KeysPasted,
        Msg::PasteHeld { .. } => Sentence::PasteHeld,
        Msg::KeyCountHint => Sentence::KeyCountHint,
        Msg::FlowKeys { .. } => Sentence::FlowKeys,
        Msg::FlowsMore { .. } => Sentence::FlowsMore,
        Msg::SampleSome { .. } => Sentence::SampleSome,
        Msg::SampleAll { .. } => Sentence::SampleAll,
        Msg::LoadsCaption { .. } => Sentence::LoadsCaption,
        Msg::PictureRing { .. } => Sentence::PictureRing,
        Msg::PictureBuckets { .. } => Sentence::PictureBuckets,
        Msg::PictureBucketSet { .. } => Sentence::PictureBucketSet,
        Msg::PictureTable { .. } => Sentence::PictureTable,
        Msg::PictureScores { .. } => Sentence::PictureScores,
        Msg::PictureLabel { .. } => Sentence::PictureLabel,
        Msg::HoverKey { .. } => Sentence::HoverKey,
        Msg::HoverPoint { .. } => Sentence::HoverPoint,
        Msg::HoverArc { .. } => Sentence::HoverArc,
        Msg::HoverEntry { .. } => Sentence::HoverEntry,
        Msg::HoverEntries { .. } => Sentence::HoverEntries,
        Msg::HoverColumn { .. } => Sentence::HoverColumn,
        Msg::ShareKeysNote { .. } => Sentence::ShareKeysNote,
        Msg::Saved { .. } => Sentence::Saved,
        Msg::CouldNotSave { .. } => Sentence::CouldNotSave,
        Msg::TourPicture { .. } => Sentence::TourPicture,
        Msg::TourShares { .. } => Sentence::TourShares,
        Msg::TourChord { .. } => Sentence::TourChord,
        Msg::TourReplicas { .. } => Sentence::TourReplicas,
        Msg::TourProgress { .. } => Sentence::TourProgress,
        Msg::LinkTooLong { .. } => Sentence::LinkTooLong,
        Msg::LinkUnknown { .. } => Sentence::LinkUnknown,
        Msg::LinkRepeated { .. } => Sentence::LinkRepeated,
        Msg::LinkIgnored { .. } => Sentence::LinkIgnored,
        Msg::LinkNotPrime { .. } => Sentence::LinkNotPrime,
        Msg::LinkOmitted { .. } => Sentence::LinkOmitted,
        Msg::LinkNotBuilt { .. } => Sentence::LinkNotBuilt,
        Msg::NoNodeNamed { .. } => Sentence::NoNodeNamed,
        Msg::NotWhole { .. } => Sentence::NotWhole,
        Msg::OutOfRange { .. } => Sentence::OutOfRange,
        Msg::MoreNodes { .. } => Sentence::MoreNodes,
        Msg::NodeProblem { .. } => Sentence::NodeProblem,
        Msg::NoWeight { .. } => Sentence::NoWeight,
        Msg::BadFlag { .. } => Sentence::BadFlag,
        Msg::SlotmapLength { .. } => Sentence::SlotmapLength,
        Msg::SlotmapOwner { .. } => Sentence::SlotmapOwner,
        Msg::SlotNotWhole { .. } => Sentence::SlotNotWhole,
        Msg::SlotTooLarge { .. } => Sentence::SlotTooLarge,
        Msg::SlotmapTooLong { .. } => Sentence::SlotmapTooLong,
        Msg::BadEscape { .. } => Sentence::BadEscape,
        Msg::StoredVersion { .. } => Sentence::StoredVersion,
        Msg::TaskTwice { .. } => Sentence::TaskTwice,
        Msg::TaskBest { .. } => Sentence::TaskBest,
    }
}

/// The sentence of the core's refusal `e`.
pub(super) fn build(e: &BuildError) -> Sentence {
    match e {
        BuildError::NoNodes => Sentence::BuildNoNodes,
        BuildError::TooManyNodes { .. } => Sentence::TooManyNodes,
        BuildError::EmptyName { .. } => Sentence::BuildEmptyName,
        BuildError::NameTooLong { .. } => Sentence::BuildNameTooLong,
        BuildError::DuplicateName { .. } => Sentence::BuildDuplicateName,
        BuildError::BadWeight { .. } => Sentence::BuildBadWeight,
        BuildError::BadVnodes { name: Some(_), .. } => Sentence::BuildBadVnodes,
        BuildError::BadVnodes { name: None, .. } => Sentence::BuildBadVnodesDefault,
        BuildError::TooManyPoints { .. } => Sentence::BuildTooManyPoints,
        BuildError::BadSlots { .. } => Sentence::BuildBadSlots,
        BuildError::BadTableSize { .. } => Sentence::BuildBadTableSize,
        BuildError::BadEpsilon { .. } => Sentence::BuildBadEpsilon,
        BuildError::BadReplicas { .. } => Sentence::BuildBadReplicas,
        BuildError::NoSuchNode { .. } => Sentence::BuildNoSuchNode,
        BuildError::RemovesOnlyLast { .. } => Sentence::BuildRemovesOnlyLast,
        BuildError::OverCapacity { .. } => Sentence::BuildOverCapacity,
        BuildError::SystemWeight { .. } => Sentence::BuildSystemWeight,
        BuildError::SystemFull { .. } => Sentence::BuildSystemFull,
        BuildError::KeyRefused { .. } => Sentence::BuildKeyRefused,
        BuildError::BadParam { .. } => Sentence::BuildBadParam,
        BuildError::RingSizes { .. } => Sentence::BuildRingSizes,
        BuildError::BadBits { .. } => Sentence::BuildBadBits,
        BuildError::PositionOutOfRange { .. } => Sentence::BuildPositionOutOfRange,
        BuildError::RepeatedNode { .. } => Sentence::BuildRepeatedNode,
    }
}

fn metrics(e: &MetricsError) -> Sentence {
    match e {
        MetricsError::Empty => Sentence::MetricsEmpty,
        MetricsError::BadValue { .. } => Sentence::MetricsBadValue,
        MetricsError::NoSuchNode { .. } => Sentence::MetricsNoSuchNode,
        MetricsError::TooManyNodes { .. } => Sentence::TooManyNodes,
        MetricsError::LengthMismatch { .. } => Sentence::MetricsLengthMismatch,
    }
}

fn refusal(r: &Refusal) -> Sentence {
    match r {
        Refusal::PasteTooLarge { .. } => Sentence::PasteTooLarge,
        Refusal::TooManyScores { .. } => Sentence::TooManyScores,
        Refusal::TooManyReplicas { .. } => Sentence::TooManyReplicas,
    }
}

/// The sentence of the moved-keys line `s`.
pub(super) fn moved(s: &MoveSummary) -> Sentence {
    match s.ideal {
        Ideal::Join { nodes_after } if nodes_after > 0 => Sentence::MovedJoin,
        Ideal::Leave { .. } => Sentence::MovedLeave,
        Ideal::ByWeight { .. } => Sentence::MovedByWeight,
        Ideal::Join { .. } | Ideal::None => Sentence::MovedNone,
    }
}

/// A catalogue's templates: `Key => "template",` for every [`Sentence`], in the order of its
/// declaration (a key missing, repeated or out of place does not compile). Defines the
/// catalogue's `fn template(Sentence) -> &'static str`.
macro_rules! templates {
    ($($key:ident => $text:literal,)*) => {
        fn template(s: Sentence) -> &'static str {
            template_at(s as usize)
        }

        /// Template `i` (of [`Sentence`] `i`), as the words file lists them.
        pub(super) fn template_at(i: usize) -> &'static str {
            const ALL: &str = concat!($($text),*);
            const LENGTHS: &[u16] = &[$(super::sentence::length($text)),*];
            const _: () = super::sentence::check_order(&[$(Sentence::$key),*]);
            super::sentence::nth(ALL, LENGTHS, i)
        }
    };
}

/// Packs a catalogue's fixed words as [`templates!`] packs its sentences: one string and the
/// length of each entry, in the order of [`Ui`]'s declaration (checked at compile time).
/// A `match` returning a string per key compiled to an address and a length per arm.
macro_rules! ui_words {
    ($($key:expr => $text:literal,)*) => {
        /// The fixed words of `key`.
        pub(crate) fn ui(key: Ui) -> &'static str {
            ui_at(key as usize)
        }

        /// The fixed words of [`Ui`] key `i`, as the words file lists them.
        pub(super) fn ui_at(i: usize) -> &'static str {
            const ALL: &str = concat!($($text),*);
            const LENGTHS: &[u16] = &[$(super::sentence::length($text)),*];
            const _: () = super::sentence::check_ui(&[$($key),*]);
            super::sentence::nth(ALL, LENGTHS, i)
        }
    };
}

/// Fails to compile unless `keys` are every [`Ui`] key once, in declaration order.
pub(super) const fn check_ui(keys: &[Ui]) {
    assert!(keys.len() == Ui::ALL.len(), "words for every Ui key");
    let mut i = 0;
    while i < keys.len() {
        assert!(
            keys[i] as usize == i,
            "Ui words in the order of the declaration"
        );
        i += 1;
    }
}

/// The length of a template, checked to fit the table at compile time.
pub(super) const fn length(template: &str) -> u16 {
    assert!(
        template.len() <= u16::MAX as usize,
        "a template longer than 64 KiB"
    );
    template.len() as u16
}

/// Fails to compile unless `keys` are every sentence once, in declaration order.
pub(super) const fn check_order(keys: &[Sentence]) {
    assert!(
        keys.len() == Sentence::COUNT,
        "a template for every sentence"
    );
    let mut i = 0;
    while i < keys.len() {
        assert!(keys[i] as usize == i, "templates in the order of Sentence");
        i += 1;
    }
}

/// A catalogue's words: `Phrase::… => "words",` for every [`Phrase`], in the order of
/// [`Phrase::index`] (checked at compile time, as for [`templates!`]). Defines the
/// catalogue's `fn phrase(Phrase) -> &'static str`.
macro_rules! words {
    ($($key:expr => $text:literal,)*) => {
        fn phrase(p: Phrase) -> &'static str {
            phrase_at(p.index())
        }

        /// The words of the phrase at [`Phrase::index`] `i`, as the words file lists them.
        pub(super) fn phrase_at(i: usize) -> &'static str {
            const ALL: &str = concat!($($text),*);
            const LENGTHS: &[u16] = &[$(super::sentence::length($text)),*];
            const _: () = super::sentence::check_words(&[$($key.index()),*]);
            super::sentence::nth(ALL, LENGTHS, i)
        }
    };
}

/// Fails to compile unless `indices` are `0..Phrase::COUNT` in order.
pub(super) const fn check_words(indices: &[usize]) {
    assert!(indices.len() == Phrase::COUNT, "words for every phrase");
    let mut i = 0;
    while i < indices.len() {
        assert!(indices[i] == i, "words in the order of Phrase::index");
        i += 1;
    }
}

// Where each group of phrases starts in a catalogue's words: the groups in the order of
// `Phrase`'s variants, each in the declaration order of its enum (`as usize`), as many as
// its `ALL` lists.
const ALGO: usize = 0;
const ALGO_ABOUT: usize = ALGO + AlgoId::ALL.len();
const WEIGHT_MEANING: usize = ALGO_ABOUT + AlgoId::ALL.len();
const HASH_ABOUT: usize = WEIGHT_MEANING + AlgoId::ALL.len();
const PARAM_LABEL: usize = HASH_ABOUT + HashFn::ALL.len();
const PARAM_NOUN: usize = PARAM_LABEL + PARAM_COUNT;
const PARAM_OPTION: usize = PARAM_NOUN + PARAM_COUNT;
const VIEW: usize = PARAM_OPTION + OPTION_COUNT;
const QUANTITY: usize = VIEW + ViewKind::ALL.len();
const LIST_KIND: usize = QUANTITY + Quantity::ALL.len();
const TOUR: usize = LIST_KIND + ListKind::ALL.len();
const RANGE: usize = TOUR + 2 * STEP_COUNT as usize;
const SINGLE: usize = RANGE + Range::ALL.len();

/// Fails to compile unless each `ALL` above lists every variant of its enum once, so that
/// its length is the size of the group and `as usize` a place in it.
macro_rules! each_once {
    ($($enum:ident),*) => {
        const _: () = {
            $(
                let all = $enum::ALL;
                let mut i = 0;
                while i < all.len() {
                    assert!((all[i] as usize) < all.len(), "ALL lists every variant");
                    let mut j = 0;
                    while j < i {
                        assert!(all[i] as usize != all[j] as usize, "ALL lists each once");
                        j += 1;
                    }
                    i += 1;
                }
            )*
        };
    };
}

each_once!(AlgoId, HashFn, ViewKind, Quantity, ListKind, Range);

impl Phrase {
    /// How many phrases a catalogue has words for.
    pub(super) const COUNT: usize = SINGLE + 22;

    /// The place of this phrase's words in a catalogue (past the end for a tour step that
    /// does not exist, whose words are empty).
    pub(super) const fn index(self) -> usize {
        match self {
            Phrase::Algo(k) => ALGO + k as usize,
            Phrase::AlgoAbout(k) => ALGO_ABOUT + k as usize,
            Phrase::WeightMeaning(k) => WEIGHT_MEANING + k as usize,
            Phrase::HashAbout(h) => HASH_ABOUT + h as usize,
            Phrase::ParamLabel(p) => PARAM_LABEL + p.position(),
            Phrase::ParamNoun(p) => PARAM_NOUN + p.position(),
            Phrase::ParamOption(p, option) => PARAM_OPTION + p.option_position(option),
            Phrase::View(v) => VIEW + v as usize,
            Phrase::Quantity(q) => QUANTITY + q as usize,
            Phrase::ListKind(l) => LIST_KIND + l as usize,
            Phrase::TourTitle(step) => tour(step, 0),
            Phrase::TourCaption(step) => tour(step, 1),
            Phrase::Range(r) => RANGE + r as usize,
            Phrase::ParamRange => SINGLE,
            Phrase::ListRange => SINGLE + 1,
            Phrase::R1Infinite => SINGLE + 2,
            Phrase::PastTheTop => SINGLE + 3,
            Phrase::FailedMarks => SINGLE + 4,
            Phrase::FlowsMore => SINGLE + 5,
            Phrase::MovedFrom => SINGLE + 6,
            Phrase::VirtualNode => SINGLE + 7,
            Phrase::Bucket => SINGLE + 8,
            Phrase::StepsThrough { ring: true } => SINGLE + 9,
            Phrase::StepsThrough { ring: false } => SINGLE + 10,
            Phrase::PaperNamingVirtual => SINGLE + 11,
            Phrase::PaperNamingBounded => SINGLE + 12,
            Phrase::NamesSep => SINGLE + 13,
            Phrase::ItemsSep => SINGLE + 14,
            Phrase::KeysNoun { one: true } => SINGLE + 15,
            Phrase::KeysNoun { one: false } => SINGLE + 16,
            Phrase::FlowItem => SINGLE + 17,
            Phrase::RealRange => SINGLE + 18,
            Phrase::Grade(g) => SINGLE + 19 + g as usize,
        }
    }
}

/// The tour's steps are numbered from 1; each has a title and then a caption.
const fn tour(step: u32, part: usize) -> usize {
    if step >= 1 && step <= STEP_COUNT {
        TOUR + 2 * (step as usize - 1) + part
    } else {
        usize::MAX
    }
}

/// Entry `i` of a catalogue packed by [`templates!`] or [`words!`] (empty past the end).
pub(super) fn nth(all: &'static str, lengths: &[u16], i: usize) -> &'static str {
    let start: usize = lengths.iter().take(i).map(|&n| usize::from(n)).sum();
    let end = start + lengths.get(i).map_or(0, |&n| usize::from(n));
    all.get(start..end).unwrap_or("")
}
