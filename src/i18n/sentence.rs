//! Which catalogue message writes a [`Msg`]: one per wording, so a message whose wording
//! depends on one of its fields (a choice, a flag) has one message per wording. The ids
//! are `build.rs`'s constants from `en.ftl`, so a message the catalogue lacks does not
//! compile.

use ring_core::metrics::{Ideal, MetricsError, MoveSummary};
use ring_core::BuildError;

use super::fluent::{ids, Id};
use super::{Choice, Msg};
use crate::model::limits::Refusal;

/// The sentence `msg` is written with.
pub(super) fn sentence(msg: &Msg) -> Option<Id> {
    Some(match msg {
        Msg::Build(e) => build(e),
        Msg::Metrics(e) => metrics(e),
        Msg::Refusal(r) => refusal(r),
        Msg::Moved(s) => moved(s),
        Msg::VnodesSet { vnodes: None, .. } => ids::VNODES_SET_DEFAULT,
        Msg::LoadsCaption {
            by_weight: true, ..
        } => ids::LOADS_CAPTION_BY_WEIGHT,
        Msg::ChordKeyLine { within: false, .. } => ids::CHORD_KEY_LINE_OVER,
        Msg::ChordHop { finger: 0, .. } => ids::CHORD_HOP_SUCCESSOR,
        Msg::NotOneOf { what, .. } => match what {
            Choice::Algorithm => ids::NOT_AN_ALGORITHM,
            Choice::Hash => ids::NOT_A_HASH,
            Choice::System => ids::NOT_A_SYSTEM,
            Choice::Param(_) => ids::NOT_AN_OPTION,
            Choice::View => ids::NOT_A_VIEW,
            Choice::Theme => ids::NOT_A_THEME,
            Choice::Layout => ids::NOT_A_LAYOUT,
            Choice::ZeroOrOne => ids::NOT_ZERO_OR_ONE,
            Choice::Language => ids::NOT_A_LANGUAGE,
            Choice::Change => ids::NOT_A_CHANGE,
        },
        _ => return by_variant(msg),
    })
}

/// The sentence of each variant of [`Msg`], for those whose sentence does not depend on
/// their fields ([`sentence`] picks the others first). Every arm is a constant, so that
/// this compiles to a table of bytes instead of a branch per variant (0.8 KB less of the
/// gzipped wasm, measured); `inline(never)` keeps it apart from the branches above.
#[inline(never)]
fn by_variant(msg: &Msg) -> Option<Id> {
    Some(match msg {
        Msg::Ui(_)
        | Msg::AlgoLabel(_)
        | Msg::AlgoAbout(_)
        | Msg::ParamLabel(_)
        | Msg::OptionLabel(..)
        | Msg::ViewLabel(_)
        | Msg::TourTitle(_)
        | Msg::TourCaption(_)
        | Msg::Text(_) => return None,
        // Picked by `sentence`.
        Msg::Build(_)
        | Msg::Metrics(_)
        | Msg::Refusal(_)
        | Msg::Moved(_)
        | Msg::NotOneOf { .. } => return None,
        Msg::CouldNotStart(_) => ids::COULD_NOT_START,
        Msg::WeightEmpty => ids::WEIGHT_EMPTY,
        Msg::WeightTooLarge { .. } => ids::WEIGHT_TOO_LARGE,
        Msg::WeightNotWhole { .. } => ids::WEIGHT_NOT_WHOLE,
        Msg::VnodesEmpty => ids::VNODES_EMPTY,
        Msg::VnodesTooMany { .. } => ids::VNODES_TOO_MANY,
        Msg::VnodesNotWhole { .. } => ids::VNODES_NOT_WHOLE,
        Msg::ParamOutOfRange { .. } => ids::PARAM_OUT_OF_RANGE,
        Msg::ParamEmpty { .. } => ids::PARAM_EMPTY,
        Msg::ParamNotWhole { .. } => ids::PARAM_NOT_WHOLE,
        Msg::RealNotNumber { .. } => ids::REAL_NOT_NUMBER,
        Msg::RealOutOfRange { .. } => ids::REAL_OUT_OF_RANGE,
        Msg::ExplainTooLong { .. } => ids::EXPLAIN_TOO_LONG,
        Msg::NoSuchStep { .. } => ids::NO_SUCH_STEP,
        Msg::TourNoNode { .. } => ids::TOUR_NO_NODE,
        Msg::PasteNone => ids::PASTE_NONE,
        Msg::PasteTooMany { .. } => ids::PASTE_TOO_MANY,
        Msg::PasteKeyTooLong { .. } => ids::PASTE_KEY_TOO_LONG,
        Msg::ServerLineBad { .. } => ids::SERVER_LINE_BAD,
        Msg::KeyCountEmpty => ids::KEY_COUNT_EMPTY,
        Msg::KeyCountOutOfRange { .. } => ids::KEY_COUNT_OUT_OF_RANGE,
        Msg::KeyCountNotNumber { .. } => ids::KEY_COUNT_NOT_NUMBER,
        Msg::SeedNotWhole { .. } => ids::SEED_NOT_WHOLE,
        Msg::ViewFirstKeys { .. } => ids::VIEW_FIRST_KEYS,
        Msg::PlacingKeys { .. } => ids::PLACING_KEYS,
        Msg::BuildingRing { .. } => ids::BUILDING_RING,
        Msg::Added { .. } => ids::ADDED,
        Msg::NodesReplaced { .. } => ids::NODES_REPLACED,
        Msg::Removed { .. } => ids::REMOVED,
        Msg::MarkedDown { .. } => ids::MARKED_DOWN,
        Msg::MarkedUp { .. } => ids::MARKED_UP,
        Msg::WeightSet { .. } => ids::WEIGHT_SET,
        Msg::VnodesSet { .. } => ids::VNODES_SET,
        Msg::DefaultVnodesSet { .. } => ids::DEFAULT_VNODES_SET,
        Msg::AlgorithmSet(_) => ids::ALGORITHM_SET,
        Msg::HashSet(_) => ids::HASH_SET,
        Msg::ParamSet { .. } => ids::PARAM_SET,
        Msg::StepHashRing { .. } => ids::STEP_HASH_RING,
        Msg::StepWalk { .. } => ids::STEP_WALK,
        Msg::StepOwner { .. } => ids::STEP_OWNER,
        Msg::StepWalkPastFull { .. } => ids::STEP_WALK_PAST_FULL,
        Msg::StepWalkFirst { .. } => ids::STEP_WALK_FIRST,
        Msg::StepHash { .. } => ids::STEP_HASH,
        Msg::StepModulo { .. } => ids::STEP_MODULO,
        Msg::StepTableEntry { .. } => ids::STEP_TABLE_ENTRY,
        Msg::StepPreference { .. } => ids::STEP_PREFERENCE,
        Msg::StepJumpSeed { .. } => ids::STEP_JUMP_SEED,
        Msg::StepJumpPath { .. } => ids::STEP_JUMP_PATH,
        Msg::StepJumpOwner { .. } => ids::STEP_JUMP_OWNER,
        Msg::StepDraws { .. } => ids::STEP_DRAWS,
        Msg::StepProbes { .. } => ids::STEP_PROBES,
        Msg::StepProbeBest { .. } => ids::STEP_PROBE_BEST,
        Msg::StepScores { .. } => ids::STEP_SCORES,
        Msg::StepHighest { .. } => ids::STEP_HIGHEST,
        Msg::FactChange { .. } => ids::FACT_CHANGE,
        Msg::FactFlows { .. } => ids::FACT_FLOWS,
        Msg::FactShares { .. } => ids::FACT_SHARES,
        Msg::FactKeys { .. } => ids::FACT_KEYS,
        Msg::FactPoints { .. } => ids::FACT_POINTS,
        Msg::FactPointsPerNode { .. } => ids::FACT_POINTS_PER_NODE,
        Msg::FactMemory { .. } => ids::FACT_MEMORY,
        Msg::FactChordHash { .. } => ids::FACT_CHORD_HASH,
        Msg::FactChordLookup { .. } => ids::FACT_CHORD_LOOKUP,
        Msg::FactStored { .. } => ids::FACT_STORED,
        Msg::FactWithFailure { .. } => ids::FACT_WITH_FAILURE,
        Msg::FactFails { .. } => ids::FACT_FAILS,
        Msg::FactPassedOn { .. } => ids::FACT_PASSED_ON,
        Msg::FactSlotDrop { .. } => ids::FACT_SLOT_DROP,
        Msg::FactSlotDeal { .. } => ids::FACT_SLOT_DEAL,
        Msg::TourQuestion { .. } => ids::TOUR_QUESTION,
        Msg::TourGraded { .. } => ids::TOUR_GRADED,
        Msg::CompareTooMany { .. } => ids::COMPARE_TOO_MANY,
        Msg::CompareTooFew { .. } => ids::COMPARE_TOO_FEW,
        Msg::CompareAdd { .. } => ids::COMPARE_ADD,
        Msg::CompareRemove { .. } => ids::COMPARE_REMOVE,
        Msg::CompareAddButton { .. } => ids::COMPARE_ADD_BUTTON,
        Msg::CompareRemoveButton { .. } => ids::COMPARE_REMOVE_BUTTON,
        Msg::CompareHint { .. } => ids::COMPARE_HINT,
        Msg::CompareAlgos { .. } => ids::COMPARE_ALGOS,
        Msg::CompareColumn { .. } => ids::COMPARE_COLUMN,
        Msg::CompareSummary { .. } => ids::COMPARE_SUMMARY,
        Msg::TrafficHint { .. } => ids::TRAFFIC_HINT,
        Msg::TrafficZipfBad { .. } => ids::TRAFFIC_ZIPF_BAD,
        Msg::TrafficCacheKeys { .. } => ids::TRAFFIC_CACHE_KEYS,
        Msg::TrafficChartLabel { .. } => ids::TRAFFIC_CHART_LABEL,
        Msg::TrafficNodesLabel { .. } => ids::TRAFFIC_NODES_LABEL,
        Msg::TrafficFigures { .. } => ids::TRAFFIC_FIGURES,
        Msg::TrafficPeak { .. } => ids::TRAFFIC_PEAK,
        Msg::TrafficProgress { .. } => ids::TRAFFIC_PROGRESS,
        Msg::TrafficDone { .. } => ids::TRAFFIC_DONE,
        Msg::TrafficHotKey { .. } => ids::TRAFFIC_HOT_KEY,
        Msg::ChordKeyTooLong { .. } => ids::CHORD_KEY_TOO_LONG,
        Msg::ChordNodesUp { .. } => ids::CHORD_NODES_UP,
        Msg::ChordLabel { .. } => ids::CHORD_LABEL,
        Msg::ChordHops { .. } => ids::CHORD_HOPS,
        Msg::ChordKeyLine { .. } => ids::CHORD_KEY_LINE,
        Msg::ChordHop { .. } => ids::CHORD_HOP,
        Msg::ChordShadowed { .. } => ids::CHORD_SHADOWED,
        Msg::FingerCaption { .. } => ids::FINGER_CAPTION,
        Msg::ChordKeyMark { .. } => ids::CHORD_KEY_MARK,
        Msg::ReplicasNotWhole { .. } => ids::REPLICAS_NOT_WHOLE,
        Msg::ReplicationKeyTooLong { .. } => ids::REPLICATION_KEY_TOO_LONG,
        Msg::ReplicasLabel { .. } => ids::REPLICAS_LABEL,
        Msg::NotARing { .. } => ids::NOT_A_RING,
        Msg::ReplicasPicture { .. } => ids::REPLICAS_PICTURE,
        Msg::ReplicationFails { .. } => ids::REPLICATION_FAILS,
        Msg::ReplicationNoFailure { .. } => ids::REPLICATION_NO_FAILURE,
        Msg::AfterFailure { .. } => ids::AFTER_FAILURE,
        Msg::ListOutOfRange { .. } => ids::LIST_OUT_OF_RANGE,
        Msg::ListNotWhole { .. } => ids::LIST_NOT_WHOLE,
        Msg::ListEmptyRange { .. } => ids::LIST_EMPTY_RANGE,
        Msg::ListRunaway { .. } => ids::LIST_RUNAWAY,
        Msg::ListStepAlone { .. } => ids::LIST_STEP_ALONE,
        Msg::ListEmpty { .. } => ids::LIST_EMPTY,
        Msg::ListTooMany { .. } => ids::LIST_TOO_MANY,
        Msg::PaperBudget { .. } => ids::PAPER_BUDGET,
        Msg::PaperGroupOnePoint => ids::PAPER_GROUP_ONE_POINT,
        Msg::PaperGroupOneVnode => ids::PAPER_GROUP_ONE_VNODE,
        Msg::PaperGroupVnodes { .. } => ids::PAPER_GROUP_VNODES,
        Msg::PaperHint { .. } => ids::PAPER_HINT,
        Msg::PaperHashFixed { .. } => ids::PAPER_HASH_FIXED,
        Msg::PaperNoVnodes { .. } => ids::PAPER_NO_VNODES,
        Msg::PaperComputing { .. } => ids::PAPER_COMPUTING,
        Msg::PaperDone { .. } => ids::PAPER_DONE,
        Msg::PaperCaption { .. } => ids::PAPER_CAPTION,
        Msg::NodesCount { .. } => ids::NODES_COUNT,
        Msg::NodesTitle { .. } => ids::NODES_TITLE,
        Msg::NodesHintVnodes { .. } => ids::NODES_HINT_VNODES,
        Msg::NodesHintNoVnodes { .. } => ids::NODES_HINT_NO_VNODES,
        Msg::NodesHintIgnored { .. } => ids::NODES_HINT_IGNORED,
        Msg::HashFixed { .. } => ids::HASH_FIXED,
        Msg::HashRange { .. } => ids::HASH_RANGE,
        Msg::KeysGenerated { .. } => ids::KEYS_GENERATED,
        Msg::KeysPasted { .. } => ids::KEYS_PASTED,
        Msg::PasteHeld { .. } => ids::PASTE_HELD,
        Msg::KeyCountHint => ids::KEY_COUNT_HINT,
        Msg::FlowKeys { .. } => ids::FLOW_KEYS,
        Msg::FlowsMore { .. } => ids::FLOWS_MORE,
        Msg::SampleSome { .. } => ids::SAMPLE_SOME,
        Msg::SampleAll { .. } => ids::SAMPLE_ALL,
        Msg::LoadsCaption { .. } => ids::LOADS_CAPTION,
        Msg::PictureRing { .. } => ids::PICTURE_RING_CAPTION,
        Msg::PictureBuckets { .. } => ids::PICTURE_BUCKETS,
        Msg::PictureBucketSet { .. } => ids::PICTURE_BUCKET_SET,
        Msg::PictureTable { .. } => ids::PICTURE_TABLE,
        Msg::PictureScores { .. } => ids::PICTURE_SCORES,
        Msg::PictureLabel { .. } => ids::PICTURE_LABEL,
        Msg::HoverKey { .. } => ids::HOVER_KEY,
        Msg::HoverPoint { .. } => ids::HOVER_POINT,
        Msg::HoverArc { .. } => ids::HOVER_ARC,
        Msg::HoverEntry { .. } => ids::HOVER_ENTRY,
        Msg::HoverEntries { .. } => ids::HOVER_ENTRIES,
        Msg::HoverColumn { .. } => ids::HOVER_COLUMN,
        Msg::ShareKeysNote { .. } => ids::SHARE_KEYS_NOTE,
        Msg::TourPicture { .. } => ids::TOUR_PICTURE,
        Msg::TourShares { .. } => ids::TOUR_SHARES,
        Msg::TourChord { .. } => ids::TOUR_CHORD,
        Msg::TourReplicas { .. } => ids::TOUR_REPLICAS,
        Msg::TourProgress { .. } => ids::TOUR_PROGRESS,
        Msg::LinkTooLong { .. } => ids::LINK_TOO_LONG,
        Msg::LinkUnknown { .. } => ids::LINK_UNKNOWN,
        Msg::LinkRepeated { .. } => ids::LINK_REPEATED,
        Msg::LinkIgnored { .. } => ids::LINK_IGNORED,
        Msg::LinkNotPrime { .. } => ids::LINK_NOT_PRIME,
        Msg::LinkOmitted { .. } => ids::LINK_OMITTED,
        Msg::LinkNotBuilt { .. } => ids::LINK_NOT_BUILT,
        Msg::NoNodeNamed { .. } => ids::NO_NODE_NAMED,
        Msg::NotWhole { .. } => ids::NOT_WHOLE,
        Msg::OutOfRange { .. } => ids::OUT_OF_RANGE,
        Msg::MoreNodes { .. } => ids::MORE_NODES,
        Msg::NodeProblem { .. } => ids::NODE_PROBLEM,
        Msg::NoWeight { .. } => ids::NO_WEIGHT,
        Msg::BadFlag { .. } => ids::BAD_FLAG,
        Msg::SlotmapLength { .. } => ids::SLOTMAP_LENGTH,
        Msg::SlotmapOwner { .. } => ids::SLOTMAP_OWNER,
        Msg::SlotNotWhole { .. } => ids::SLOT_NOT_WHOLE,
        Msg::SlotTooLarge { .. } => ids::SLOT_TOO_LARGE,
        Msg::SlotmapTooLong { .. } => ids::SLOTMAP_TOO_LONG,
        Msg::BadEscape { .. } => ids::BAD_ESCAPE,
        Msg::StoredVersion { .. } => ids::STORED_VERSION,
    })
}

/// The sentence of the core's refusal `e`.
pub(super) fn build(e: &BuildError) -> Id {
    match e {
        BuildError::NoNodes => ids::BUILD_NO_NODES,
        BuildError::TooManyNodes { .. } => ids::TOO_MANY_NODES,
        BuildError::EmptyName { .. } => ids::BUILD_EMPTY_NAME,
        BuildError::NameTooLong { .. } => ids::BUILD_NAME_TOO_LONG,
        BuildError::DuplicateName { .. } => ids::BUILD_DUPLICATE_NAME,
        BuildError::BadWeight { .. } => ids::BUILD_BAD_WEIGHT,
        BuildError::BadVnodes { name: Some(_), .. } => ids::BUILD_BAD_VNODES,
        BuildError::BadVnodes { name: None, .. } => ids::BUILD_BAD_VNODES_DEFAULT,
        BuildError::TooManyPoints { .. } => ids::BUILD_TOO_MANY_POINTS,
        BuildError::BadSlots { .. } => ids::BUILD_BAD_SLOTS,
        BuildError::BadTableSize { .. } => ids::BUILD_BAD_TABLE_SIZE,
        BuildError::BadEpsilon { .. } => ids::BUILD_BAD_EPSILON,
        BuildError::BadReplicas { .. } => ids::BUILD_BAD_REPLICAS,
        BuildError::NoSuchNode { .. } => ids::BUILD_NO_SUCH_NODE,
        BuildError::RemovesOnlyLast { .. } => ids::BUILD_REMOVES_ONLY_LAST,
        BuildError::OverCapacity { .. } => ids::BUILD_OVER_CAPACITY,
        BuildError::SystemWeight { .. } => ids::BUILD_SYSTEM_WEIGHT,
        BuildError::SystemFull { .. } => ids::BUILD_SYSTEM_FULL,
        BuildError::KeyRefused { .. } => ids::BUILD_KEY_REFUSED,
        BuildError::SystemNodeName { .. } => ids::BUILD_SYSTEM_NODE_NAME,
        BuildError::BadParam { .. } => ids::BUILD_BAD_PARAM,
        BuildError::RingSizes { .. } => ids::BUILD_RING_SIZES,
        BuildError::BadBits { .. } => ids::BUILD_BAD_BITS,
        BuildError::PositionOutOfRange { .. } => ids::BUILD_POSITION_OUT_OF_RANGE,
        BuildError::RepeatedNode { .. } => ids::BUILD_REPEATED_NODE,
    }
}

fn metrics(e: &MetricsError) -> Id {
    match e {
        MetricsError::Empty => ids::METRICS_EMPTY,
        MetricsError::BadValue { .. } => ids::METRICS_BAD_VALUE,
        MetricsError::NoSuchNode { .. } => ids::METRICS_NO_SUCH_NODE,
        MetricsError::TooManyNodes { .. } => ids::TOO_MANY_NODES,
        MetricsError::LengthMismatch { .. } => ids::METRICS_LENGTH_MISMATCH,
    }
}

fn refusal(r: &Refusal) -> Id {
    match r {
        Refusal::PasteTooLarge { .. } => ids::PASTE_TOO_LARGE,
        Refusal::TooManyScores { .. } => ids::TOO_MANY_SCORES,
        Refusal::TooManyReplicas { .. } => ids::TOO_MANY_REPLICAS,
    }
}

/// The sentence of the moved-keys line `s`.
pub(super) fn moved(s: &MoveSummary) -> Id {
    match s.ideal {
        Ideal::Join { nodes_after } if nodes_after > 0 => ids::MOVED_JOIN,
        Ideal::Leave { .. } => ids::MOVED_LEAVE,
        Ideal::ByWeight { .. } => ids::MOVED_BY_WEIGHT,
        Ideal::Join { .. } | Ideal::None => ids::MOVED_NONE,
    }
}
