use ring_core::metrics::{Ideal, MetricsError, MoveSummary};
use ring_core::{BuildError, HashFn};

use super::args::args;
use super::args::render;
use super::sentence::sentence;
use super::words::{phrase, text_value, Key, Phrase, Range};
use super::*;
use crate::model::limits::Refusal;
use crate::model::message::Grade;
use crate::model::message::Noun;
use crate::model::tour::STEP_COUNT;
use crate::model::{AlgoId, ViewKind};
use fluent_bundle::FluentArgs;
use ring_core::registry::ParamRef;
use std::borrow::Cow;

fn summary() -> MoveSummary {
    MoveSummary {
        moved: 1204,
        total: 10_000,
        ideal: Ideal::Join { nodes_after: 11 },
    }
}

const NAMING: ParamRef = ParamRef::new(AlgoId::Virtual, 0);
const SLOTS: ParamRef = ParamRef::new(AlgoId::SlotTable, 0);
const WEIGHTING: ParamRef = ParamRef::new(AlgoId::Ketama, 0);
const EPSILON: ParamRef = ParamRef::new(AlgoId::Bounded, 0);

/// One of every sentence, with sample parameters.
fn samples() -> Vec<Msg> {
    vec![
        Msg::Ui(Ui::Reset),
        Msg::Build(BuildError::NoNodes),
        Msg::Metrics(MetricsError::Empty),
        Msg::Refusal(Refusal::TooManyReplicas {
            replicas: 11,
            max: 10,
        }),
        Msg::CouldNotStart(BuildError::NoNodes),
        Msg::AlgoLabel(AlgoId::Virtual),
        Msg::AlgoAbout(AlgoId::Virtual),
        Msg::ParamLabel(SLOTS),
        Msg::OptionLabel(WEIGHTING, 1),
        Msg::ViewLabel(ViewKind::Tour),
        Msg::WeightEmpty,
        Msg::WeightTooLarge { weight: 1204 },
        Msg::WeightNotWhole {
            text: "cache-a".into(),
        },
        Msg::VnodesEmpty,
        Msg::VnodesTooMany { vnodes: 1204 },
        Msg::VnodesNotWhole {
            text: "cache-a".into(),
        },
        Msg::ParamOutOfRange {
            what: Noun::Param(SLOTS),
            value: 1204,
            min: 7,
            max: 7,
        },
        Msg::ParamEmpty {
            what: Noun::Param(SLOTS),
            min: 7,
            max: 7,
        },
        Msg::ParamNotWhole {
            what: Noun::Param(SLOTS),
            text: "cache-a".into(),
            min: 7,
            max: 7,
        },
        Msg::RealNotNumber {
            what: EPSILON,
            text: "cache-a".into(),
        },
        Msg::RealOutOfRange {
            what: EPSILON,
            text: "cache-a".into(),
        },
        Msg::ExplainTooLong { bytes: 3, max: 3 },
        Msg::NoSuchStep { step: 7 },
        Msg::TourNoNode {
            name: "cache-a".into(),
        },
        Msg::PasteNone,
        Msg::PasteTooMany { count: 3 },
        Msg::PasteKeyTooLong { line: 3, bytes: 3 },
        Msg::ServerLineBad {
            line: 2,
            text: "cache-a".into(),
        },
        Msg::NodesReplaced { count: 3 },
        Msg::KeyCountEmpty,
        Msg::KeyCountOutOfRange { count: 1204 },
        Msg::KeyCountNotNumber {
            text: "cache-a".into(),
        },
        Msg::SeedNotWhole {
            text: "cache-a".into(),
        },
        Msg::PlacingKeys { keys: 1_000_000 },
        Msg::BuildingRing {
            points: 8_388_608,
            keys: 10_000,
        },
        Msg::ViewFirstKeys {
            used: 50_000,
            of: 1_000_000,
        },
        Msg::Added {
            name: "cache-a".into(),
        },
        Msg::Removed {
            name: "cache-a".into(),
        },
        Msg::MarkedDown {
            name: "cache-a".into(),
        },
        Msg::MarkedUp {
            name: "cache-a".into(),
        },
        Msg::WeightSet {
            name: "cache-a".into(),
            weight: 7,
        },
        Msg::VnodesSet {
            name: "cache-a".into(),
            vnodes: Some(16),
        },
        Msg::DefaultVnodesSet { vnodes: 7 },
        Msg::AlgorithmSet(AlgoId::Virtual),
        Msg::HashSet(HashFn::Md5),
        Msg::ParamSet {
            param: SLOTS,
            value: 7.0,
        },
        Msg::Moved(summary()),
        Msg::StepHashRing {
            hash: "md5",
            key: "cache-a".into(),
            position: 1204,
            fraction: 0.25,
        },
        Msg::StepWalk {
            distance: 0.25,
            wrapped: true,
            replica: 7,
            owner: "cache-a".into(),
            position: 1204,
        },
        Msg::StepOwner {
            name: "cache-a".into(),
        },
        Msg::StepWalkPastFull {
            walk: vec!["cache-a".into(), "cache-b".into()],
        },
        Msg::StepWalkFirst {
            point: "cache-a".into(),
        },
        Msg::StepHash {
            hash: "md5",
            key: "cache-a".into(),
            value: 1204,
        },
        Msg::StepModulo {
            hash: 1204,
            buckets: 7,
            bucket: 7,
            name: "cache-a".into(),
        },
        Msg::StepTableEntry {
            entry: 7,
            owner: "cache-a".into(),
        },
        Msg::StepPreference {
            names: vec!["cache-a".into(), "cache-b".into(), "cache-c".into()],
        },
        Msg::StepJumpSeed {
            hash: "md5",
            key: "cache-a".into(),
            seed: 1204,
        },
        Msg::StepJumpPath {
            path: vec![0, 2, 3],
        },
        Msg::StepJumpOwner {
            bucket: 7,
            name: "cache-a".into(),
        },
        Msg::StepDraws {
            draws: vec![
                ring_core::trace::Draw {
                    bucket: 13,
                    low: 8,
                    high: 15,
                },
                ring_core::trace::Draw {
                    bucket: 5,
                    low: 0,
                    high: 7,
                },
            ],
        },
        Msg::StepProbes {
            probes: 21,
            seeds: [1, 2],
        },
        Msg::StepProbeBest {
            probe: 4,
            distance: 0.0125,
            name: "cache-a".into(),
        },
        Msg::StepScores {
            scores: vec![("cache-a".into(), 0.5), ("cache-b".into(), 0.25)],
        },
        Msg::StepHighest {
            name: "cache-a".into(),
        },
        Msg::TourTitle(7),
        Msg::TourCaption(7),
        Msg::FactChange {
            what: Box::new(Msg::Added {
                name: "cache-e".into(),
            }),
            summary: summary(),
        },
        Msg::FactFlows {
            flows: vec![("cache-a".into(), "cache-e".into(), 250)],
            more: 3,
        },
        Msg::FactShares {
            r1: 0.25,
            r2: 0.25,
            r3: 0.25,
        },
        Msg::FactKeys {
            min: 1204,
            max: 1204,
            peak: 0.25,
        },
        Msg::FactPoints {
            points: 3,
            nodes: 3,
        },
        Msg::FactPointsPerNode {
            list: vec![("cache-a".into(), 16)],
        },
        Msg::FactMemory { bytes: 1204 },
        Msg::FactChordHash {
            key: "cache-a".into(),
            position: 1204,
            owner: "cache-a".into(),
        },
        Msg::FactChordLookup {
            start: "cache-a".into(),
            path: vec!["cache-a".into(), "cache-b".into()],
            nodes: 3,
            log2: 0.25,
        },
        Msg::FactStored {
            key: "cache-a".into(),
            on: vec!["cache-a".into(), "cache-b".into()],
            replicas: 7,
        },
        Msg::FactWithFailure {
            on: vec!["cache-a".into(), "cache-b".into()],
        },
        Msg::FactFails {
            name: "cache-a".into(),
            held: 1204,
            total: 1204,
            owned: 1204,
            recopied: 1204,
            lost: 1204,
        },
        Msg::FactPassedOn {
            passed: 1204,
            total: 1204,
        },
        Msg::FactSlotDrop {
            leaver: "cache-a".into(),
            summary: summary(),
        },
        Msg::FactSlotDeal {
            slots: 7,
            rest: 3,
            summary: summary(),
        },
        Msg::TourQuestion {
            name: "cache-e".into(),
            nodes: 4,
        },
        Msg::TourGraded {
            guess: 30,
            summary: summary(),
            grade: Grade::Off,
            off_by: 50.2,
        },
        Msg::CompareTooMany {
            max: 3,
            kind: AlgoId::Virtual,
        },
        Msg::CompareTooFew {
            min: 3,
            kind: AlgoId::Virtual,
        },
        Msg::CompareAdd {
            name: "cache-a".into(),
        },
        Msg::CompareRemove {
            name: "cache-a".into(),
        },
        Msg::CompareAddButton {
            name: "cache-a".into(),
        },
        Msg::CompareRemoveButton {
            name: "cache-a".into(),
        },
        Msg::CompareHint { up: 3, keys: 3 },
        Msg::TrafficHint {
            up: 4,
            keys: 20_000,
        },
        Msg::TrafficZipfBad { text: "2".into() },
        Msg::TrafficCacheKeys { keys: 1_000 },
        Msg::TrafficChartLabel {
            kind: AlgoId::Modulo,
            before: Some(1.0),
            after: None,
        },
        Msg::TrafficNodesLabel {
            kind: AlgoId::Virtual,
        },
        Msg::TrafficFigures {
            before: Some(0.98),
            after: Some(0.2),
        },
        Msg::TrafficPeak {
            misses: 1_600,
            requests: 2_000,
        },
        Msg::TrafficProgress {
            done: 10,
            total: 400_000,
        },
        Msg::TrafficDone {
            requests: 200_000,
            keys: 20_000,
        },
        Msg::TrafficHotKey {
            rank: 0,
            key: "user:1:abc".into(),
            node: "cache-a".into(),
            popularity: 0.093,
        },
        Msg::CompareAlgos { min: 3, max: 3 },
        Msg::CompareColumn {
            kind: AlgoId::Virtual,
            nodes: 3,
        },
        Msg::CompareSummary {
            what: Box::new(Msg::Added {
                name: "cache-e".into(),
            }),
        },
        Msg::ChordKeyTooLong { bytes: 3, max: 3 },
        Msg::ChordNodesUp { count: 3 },
        Msg::chord_add("cache-a"),
        Msg::ChordLabel {
            nodes: 3,
            key: "cache-a".into(),
            start: "cache-a".into(),
            path: vec!["cache-a".into(), "cache-b".into()],
        },
        Msg::ChordHops {
            hops: 3,
            nodes: 3,
            log2: 0.25,
        },
        Msg::ChordKeyLine {
            key: "cache-a".into(),
            position: 1204,
            fraction: 0.25,
            owner: "cache-a".into(),
            within: true,
            bound: 7,
        },
        Msg::chord_no_hop("cache-a"),
        Msg::ChordHop {
            from: "cache-a".into(),
            to: "cache-a".into(),
            finger: 7,
        },
        Msg::ChordShadowed {
            names: vec!["cache-a".into(), "cache-b".into()],
        },
        Msg::FingerCaption { bits: 7 },
        Msg::ChordKeyMark {
            key: "cache-a".into(),
        },
        Msg::ReplicasNotWhole {
            text: "cache-a".into(),
            nodes: 3,
        },
        Msg::ReplicationKeyTooLong { bytes: 3, max: 3 },
        Msg::ReplicasLabel { nodes: 3 },
        Msg::NotARing {
            kind: AlgoId::Virtual,
        },
        Msg::ReplicasPicture {
            key: "cache-a".into(),
            replicas: 7,
            failed: true,
        },
        Msg::ReplicationFails {
            name: "cache-a".into(),
            held: 1204,
            total: 1204,
            owned: 1204,
            recopied: 1204,
            lost: 1204,
        },
        Msg::ReplicationNoFailure {
            replicas: 7,
            nodes: 7,
        },
        Msg::AfterFailure {
            on: vec!["cache-a".into(), "cache-b".into()],
        },
        Msg::ListOutOfRange {
            what: ListKind::NodeCounts,
            value: 1204,
            max: 7,
        },
        Msg::ListNotWhole {
            what: ListKind::NodeCounts,
            text: "cache-a".into(),
            max: 7,
        },
        Msg::ListEmptyRange {
            what: ListKind::NodeCounts,
            from: 7,
            to: 7,
            max: 7,
        },
        Msg::ListRunaway {
            what: ListKind::NodeCounts,
        },
        Msg::ListStepAlone {
            what: ListKind::NodeCounts,
            max: 7,
        },
        Msg::ListEmpty {
            what: ListKind::NodeCounts,
            max: 7,
        },
        Msg::ListTooMany {
            what: ListKind::NodeCounts,
            count: 3,
        },
        Msg::PaperBudget {
            work: 1204,
            max: 1204,
        },
        Msg::PaperGroupOnePoint,
        Msg::PaperGroupOneVnode,
        Msg::PaperGroupVnodes { vnodes: 7 },
        Msg::PaperHint {
            kind: AlgoId::Virtual,
            max_points: 1204,
        },
        Msg::PaperHashFixed {
            kind: AlgoId::Virtual,
            hash: HashFn::Md5,
        },
        Msg::PaperNoVnodes {
            kind: AlgoId::Virtual,
        },
        Msg::PaperComputing {
            done: 3,
            total: 3,
            points: 1204,
        },
        Msg::PaperDone {
            total: 3,
            points: 1204,
        },
        Msg::PaperCaption {
            kind: AlgoId::Virtual,
            hash: HashFn::Md5,
        },
        Msg::NodesCount { nodes: 7 },
        Msg::NodesTitle { up: 3, total: 3 },
        Msg::node_weight_of("cache-a"),
        Msg::node_vnodes_of("cache-a"),
        Msg::mark_up("cache-a"),
        Msg::mark_down("cache-a"),
        Msg::remove_named("cache-a"),
        Msg::NodesHintVnodes {
            kind: AlgoId::Virtual,
            default: 7,
        },
        Msg::NodesHintNoVnodes {
            kind: AlgoId::Virtual,
        },
        Msg::NodesHintIgnored {
            kind: AlgoId::Virtual,
        },
        Msg::HashFixed {
            kind: AlgoId::Virtual,
            hash: HashFn::Md5,
        },
        Msg::HashRange { hash: HashFn::Md5 },
        Msg::KeysGenerated {
            count: 7,
            seed: 1204,
        },
        Msg::KeysPasted { count: 3 },
        Msg::PasteHeld {
            bytes: 6_000_000,
            lines: 1_000_000,
        },
        Msg::KeyCountHint,
        Msg::FlowKeys { keys: 1204 },
        Msg::FlowsMore {
            more: 3,
            keys: 1204,
        },
        Msg::SampleSome { shown: 3, total: 3 },
        Msg::SampleAll { shown: 3 },
        Msg::LoadsCaption {
            total: 3,
            by_weight: false,
        },
        Msg::LoadsCaption {
            total: 3,
            by_weight: true,
        },
        Msg::PictureRing {
            kind: AlgoId::Virtual,
            points: 3,
            bits: 7,
            hash: "md5",
        },
        Msg::PictureBuckets {
            kind: AlgoId::Virtual,
            count: 7,
            hash: "md5",
        },
        Msg::PictureBucketSet {
            kind: AlgoId::Anchor,
            working: 4,
            span: 8,
            removed: vec![7, 6, 5, 4],
            hash: "md5",
        },
        Msg::PictureTable {
            kind: AlgoId::Virtual,
            entries: 3,
            hash: "md5",
        },
        Msg::PictureScores {
            kind: AlgoId::Virtual,
            key: "cache-a".into(),
            hash: "md5",
        },
        Msg::PictureLabel {
            caption: Box::new(Msg::Added {
                name: "cache-e".into(),
            }),
            ring: true,
        },
        Msg::HoverKey {
            key: "cache-a".into(),
            position: 1204,
            fraction: 0.25,
            owner: "cache-a".into(),
            from: Some("cache-b".into()),
        },
        Msg::HoverPoint {
            replica: 7,
            node: "cache-a".into(),
            vnode: Some("cache-b".into()),
            position: 1204,
            fraction: 0.25,
            arc: 0.25,
        },
        Msg::HoverArc {
            from: 1204,
            to: 1204,
            arc: 0.25,
            node: "cache-a".into(),
            replica: 7,
            share: 0.25,
        },
        Msg::HoverEntry {
            first: 3,
            total: 3,
            owner: "cache-a".into(),
        },
        Msg::HoverEntries {
            first: 3,
            last: 3,
            total: 3,
            owner: "cache-a".into(),
        },
        Msg::HoverColumn {
            bucket: Some(2),
            node: "cache-a".into(),
            keys: 1204,
            fraction: 0.25,
            share: 0.25,
        },
        Msg::ShareKeysNote { count: 3 },
        Msg::saved("cache-a"),
        Msg::could_not_save(
            "cache-a",
            Msg::Added {
                name: "cache-e".into(),
            },
        ),
        Msg::TourPicture {
            step: 7,
            nodes: 3,
            keys: 3,
        },
        Msg::TourShares { step: 7 },
        Msg::TourChord {
            nodes: 3,
            key: "cache-a".into(),
            start: "cache-a".into(),
            hops: 3,
            owner: "cache-a".into(),
        },
        Msg::TourReplicas {
            key: "cache-a".into(),
        },
        Msg::TourProgress { step: 7, count: 7 },
        Msg::LinkTooLong { bytes: 3 },
        Msg::LinkUnknown {
            name: "cache-a".into(),
        },
        Msg::LinkRepeated { name: "nodes" },
        Msg::LinkIgnored {
            param: "nodes",
            why: Box::new(Msg::Added {
                name: "cache-e".into(),
            }),
        },
        Msg::LinkNotPrime {
            param: ParamRef::new(AlgoId::Maglev, 0),
            size: 7,
        },
        Msg::LinkOmitted { count: 7 },
        Msg::NoNodeNamed {
            name: "cache-z".into(),
        },
        Msg::LinkNotBuilt {
            why: Box::new(Msg::Added {
                name: "cache-e".into(),
            }),
        },
        Msg::NotOneOf {
            what: Choice::Hash,
            text: "cache-a".into(),
            all: "cache-a".into(),
        },
        Msg::NotWhole {
            what: Noun::Param(SLOTS),
            text: "cache-a".into(),
            min: 7,
            max: 7,
        },
        Msg::OutOfRange {
            what: Noun::Param(SLOTS),
            text: "cache-a".into(),
            min: 7,
            max: 7,
        },
        Msg::MoreNodes { max: 3 },
        Msg::NodeProblem {
            index: 3,
            why: Box::new(Msg::Added {
                name: "cache-e".into(),
            }),
        },
        Msg::NoWeight {
            name: "cache-a".into(),
        },
        Msg::BadFlag {
            flag: "cache-a".into(),
        },
        Msg::SlotmapLength { has: 3, slots: 7 },
        Msg::SlotmapOwner { owner: 7 },
        Msg::SlotNotWhole {
            text: "cache-a".into(),
        },
        Msg::SlotTooLarge {
            text: "cache-a".into(),
        },
        Msg::SlotmapTooLong { max: 7 },
        Msg::BadEscape {
            text: "cache-a".into(),
        },
        Msg::StoredVersion {
            found: "cache-a".into(),
            reads: "cache-a".into(),
        },
        Msg::task_twice("cache-a", "cache-b"),
        Msg::task_best(48u32),
    ]
}

/// Every kind of menu a value can be refused for.
const CHOICES: [Choice; 11] = [
    Choice::Algorithm,
    Choice::Hash,
    Choice::System,
    Choice::Param(NAMING),
    Choice::Param(WEIGHTING),
    Choice::View,
    Choice::Theme,
    Choice::Layout,
    Choice::ZeroOrOne,
    Choice::Language,
    Choice::Change,
];

/// The position of `msg`'s variant: an exhaustive match, so that a new sentence does not
/// compile until it is numbered here (and then the test wants a sample of it).
fn variant(msg: &Msg) -> usize {
    match msg {
        Msg::Ui { .. } => 0,
        Msg::Text { .. } => 1,
        Msg::Build { .. } => 2,
        Msg::Metrics { .. } => 3,
        Msg::Refusal { .. } => 4,
        Msg::CouldNotStart { .. } => 5,
        Msg::AlgoLabel { .. } => 6,
        Msg::AlgoAbout { .. } => 7,
        Msg::ParamLabel { .. } => 8,
        Msg::OptionLabel { .. } => 9,
        Msg::ViewLabel { .. } => 10,
        Msg::WeightEmpty => 11,
        Msg::WeightTooLarge { .. } => 12,
        Msg::WeightNotWhole { .. } => 13,
        Msg::VnodesEmpty => 14,
        Msg::VnodesTooMany { .. } => 15,
        Msg::VnodesNotWhole { .. } => 16,
        Msg::ParamOutOfRange { .. } => 17,
        Msg::ParamEmpty { .. } => 18,
        Msg::ParamNotWhole { .. } => 19,
        Msg::RealNotNumber { .. } => 20,
        Msg::RealOutOfRange { .. } => 21,
        Msg::ExplainTooLong { .. } => 22,
        Msg::NoSuchStep { .. } => 23,
        Msg::TourNoNode { .. } => 24,
        Msg::PasteNone => 25,
        Msg::PasteTooMany { .. } => 26,
        Msg::PasteKeyTooLong { .. } => 27,
        Msg::KeyCountEmpty => 28,
        Msg::KeyCountOutOfRange { .. } => 29,
        Msg::KeyCountNotNumber { .. } => 30,
        Msg::SeedNotWhole { .. } => 31,
        Msg::Added { .. } => 32,
        Msg::Removed { .. } => 33,
        Msg::MarkedDown { .. } => 34,
        Msg::MarkedUp { .. } => 35,
        Msg::WeightSet { .. } => 36,
        Msg::VnodesSet { .. } => 37,
        Msg::DefaultVnodesSet { .. } => 38,
        Msg::AlgorithmSet { .. } => 39,
        Msg::HashSet { .. } => 40,
        Msg::ParamSet { .. } => 41,
        Msg::Moved { .. } => 42,
        Msg::StepHashRing { .. } => 43,
        Msg::StepWalk { .. } => 44,
        Msg::StepOwner { .. } => 45,
        Msg::StepWalkPastFull { .. } => 46,
        Msg::StepWalkFirst { .. } => 47,
        Msg::StepHash { .. } => 48,
        Msg::StepModulo { .. } => 49,
        Msg::StepTableEntry { .. } => 50,
        Msg::StepJumpSeed { .. } => 51,
        Msg::StepJumpPath { .. } => 52,
        Msg::StepJumpOwner { .. } => 53,
        Msg::StepDraws { .. } => 54,
        Msg::StepProbes { .. } => 55,
        Msg::StepProbeBest { .. } => 56,
        Msg::StepScores { .. } => 57,
        Msg::StepHighest { .. } => 58,
        Msg::TourTitle { .. } => 59,
        Msg::TourCaption { .. } => 60,
        Msg::FactChange { .. } => 61,
        Msg::FactFlows { .. } => 62,
        Msg::FactShares { .. } => 63,
        Msg::FactKeys { .. } => 64,
        Msg::FactPoints { .. } => 65,
        Msg::FactPointsPerNode { .. } => 66,
        Msg::FactMemory { .. } => 67,
        Msg::FactChordHash { .. } => 68,
        Msg::FactChordLookup { .. } => 69,
        Msg::FactStored { .. } => 70,
        Msg::FactWithFailure { .. } => 71,
        Msg::FactFails { .. } => 72,
        Msg::FactPassedOn { .. } => 73,
        Msg::FactSlotDrop { .. } => 74,
        Msg::FactSlotDeal { .. } => 75,
        Msg::CompareTooMany { .. } => 76,
        Msg::CompareTooFew { .. } => 77,
        Msg::CompareAdd { .. } => 78,
        Msg::CompareRemove { .. } => 79,
        Msg::CompareAddButton { .. } => 80,
        Msg::CompareRemoveButton { .. } => 81,
        Msg::CompareHint { .. } => 82,
        Msg::CompareAlgos { .. } => 83,
        Msg::CompareColumn { .. } => 84,
        Msg::CompareSummary { .. } => 85,
        Msg::ChordKeyTooLong { .. } => 86,
        Msg::ChordNodesUp { .. } => 87,
        Msg::ChordLabel { .. } => 88,
        Msg::ChordHops { .. } => 89,
        Msg::ChordKeyLine { .. } => 90,
        Msg::ChordHop { .. } => 91,
        Msg::ChordShadowed { .. } => 92,
        Msg::FingerCaption { .. } => 93,
        Msg::ChordKeyMark { .. } => 94,
        Msg::ReplicasNotWhole { .. } => 95,
        Msg::ReplicationKeyTooLong { .. } => 96,
        Msg::ReplicasLabel { .. } => 97,
        Msg::NotARing { .. } => 98,
        Msg::ReplicasPicture { .. } => 99,
        Msg::ReplicationFails { .. } => 100,
        Msg::ReplicationNoFailure { .. } => 101,
        Msg::AfterFailure { .. } => 102,
        Msg::ListOutOfRange { .. } => 103,
        Msg::ListNotWhole { .. } => 104,
        Msg::ListEmptyRange { .. } => 105,
        Msg::ListRunaway { .. } => 106,
        Msg::ListStepAlone { .. } => 107,
        Msg::ListEmpty { .. } => 108,
        Msg::ListTooMany { .. } => 109,
        Msg::PaperBudget { .. } => 110,
        Msg::PaperGroupOnePoint => 111,
        Msg::PaperGroupOneVnode => 112,
        Msg::PaperGroupVnodes { .. } => 113,
        Msg::PaperHint { .. } => 114,
        Msg::PaperHashFixed { .. } => 115,
        Msg::PaperNoVnodes { .. } => 116,
        Msg::PaperComputing { .. } => 117,
        Msg::PaperDone { .. } => 118,
        Msg::PaperCaption { .. } => 119,
        Msg::NodesCount { .. } => 120,
        Msg::NodesTitle { .. } => 121,
        Msg::NodesHintVnodes { .. } => 122,
        Msg::NodesHintNoVnodes { .. } => 123,
        Msg::NodesHintIgnored { .. } => 124,
        Msg::HashFixed { .. } => 125,
        Msg::HashRange { .. } => 126,
        Msg::KeysGenerated { .. } => 127,
        Msg::KeysPasted { .. } => 128,
        Msg::PasteHeld { .. } => 129,
        Msg::KeyCountHint => 130,
        Msg::FlowKeys { .. } => 131,
        Msg::FlowsMore { .. } => 132,
        Msg::SampleSome { .. } => 133,
        Msg::SampleAll { .. } => 134,
        Msg::LoadsCaption { .. } => 135,
        Msg::PictureRing { .. } => 136,
        Msg::PictureBuckets { .. } => 137,
        Msg::PictureBucketSet { .. } => 138,
        Msg::PictureTable { .. } => 139,
        Msg::PictureScores { .. } => 140,
        Msg::PictureLabel { .. } => 141,
        Msg::HoverKey { .. } => 142,
        Msg::HoverPoint { .. } => 143,
        Msg::HoverArc { .. } => 144,
        Msg::HoverEntry { .. } => 145,
        Msg::HoverEntries { .. } => 146,
        Msg::HoverColumn { .. } => 147,
        Msg::ShareKeysNote { .. } => 148,
        Msg::TourPicture { .. } => 149,
        Msg::TourShares { .. } => 150,
        Msg::TourChord { .. } => 151,
        Msg::TourReplicas { .. } => 152,
        Msg::TourProgress { .. } => 153,
        Msg::LinkTooLong { .. } => 154,
        Msg::LinkUnknown { .. } => 155,
        Msg::LinkRepeated { .. } => 156,
        Msg::LinkIgnored { .. } => 157,
        Msg::LinkNotPrime { .. } => 158,
        Msg::LinkOmitted { .. } => 159,
        Msg::LinkNotBuilt { .. } => 160,
        Msg::NotOneOf { .. } => 161,
        Msg::NotWhole { .. } => 162,
        Msg::OutOfRange { .. } => 163,
        Msg::MoreNodes { .. } => 164,
        Msg::NodeProblem { .. } => 165,
        Msg::NoWeight { .. } => 166,
        Msg::BadFlag { .. } => 167,
        Msg::SlotmapLength { .. } => 168,
        Msg::SlotmapOwner { .. } => 169,
        Msg::SlotNotWhole { .. } => 170,
        Msg::SlotTooLarge { .. } => 171,
        Msg::SlotmapTooLong { .. } => 172,
        Msg::BadEscape { .. } => 173,
        Msg::StoredVersion { .. } => 174,
        Msg::PlacingKeys { .. } => 175,
        Msg::BuildingRing { .. } => 176,
        Msg::NoNodeNamed { .. } => 177,
        Msg::ViewFirstKeys { .. } => 178,
        Msg::TrafficHint { .. } => 179,
        Msg::TrafficZipfBad { .. } => 180,
        Msg::TrafficCacheKeys { .. } => 181,
        Msg::TrafficChartLabel { .. } => 182,
        Msg::TrafficNodesLabel { .. } => 183,
        Msg::TrafficFigures { .. } => 184,
        Msg::TrafficPeak { .. } => 185,
        Msg::TrafficProgress { .. } => 186,
        Msg::TrafficDone { .. } => 187,
        Msg::TrafficHotKey { .. } => 188,
        Msg::ServerLineBad { .. } => 189,
        Msg::NodesReplaced { .. } => 190,
        Msg::TourQuestion { .. } => 191,
        Msg::TourGraded { .. } => 192,
        Msg::StepPreference { .. } => 193,
    }
}

const VARIANTS: usize = 194;

/// Words that are the same in both languages: names and symbols, not sentences.
fn same_in_both(en: &str) -> bool {
    [
        "R1",
        "R2",
        "R3",
        "PNG",
        "CSV",
        "ketama",
        "Chord",
        // The newer algorithms are named by their authors' names in both languages.
        "JumpBackHash",
        "FlipHash",
        "BinomialHash",
        "AnchorHash",
        "DxHash",
        "MementoHash",
        "Maglev",
        "MurmurHash3 x86_32",
    ]
    .contains(&en)
        // A real system is named by its name and its configuration's words
        // (`hash $key consistent`) in both languages.
        || ring_core::registry::SystemId::ALL
            .into_iter()
            .any(|s| text(Lang::En, &Msg::AlgoLabel(s.algo())) == en)
}

fn has_cjk(s: &str) -> bool {
    s.chars()
        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c))
}

/// Every rendering of `m` is non-empty; the Chinese one differs from the English one and
/// is written in Chinese, unless it is a name or a formula.
fn check(m: &Msg, formula: bool) {
    let en = text(Lang::En, m);
    let zh = text(Lang::Zh, m);
    assert!(!en.trim().is_empty(), "empty English for {m:?}");
    assert!(!zh.trim().is_empty(), "empty Chinese for {m:?}");
    if same_in_both(&en) {
        return;
    }
    assert_ne!(en, zh, "untranslated: {m:?}");
    assert!(formula || has_cjk(&zh), "no Chinese in {zh:?} for {m:?}");
    // An argument, message or function Fluent could not resolve is written in braces.
    for s in [&en, &zh] {
        assert!(
            !s.contains("{$") && !s.contains("()}") && !s.contains("{???}"),
            "unresolved in {s:?}"
        );
    }
}

#[test]
fn every_fixed_word_is_in_both_languages() {
    assert!(Ui::ALL.len() > 150);
    for &k in Ui::ALL {
        check(&Msg::Ui(k), false);
        assert_eq!(ui(Lang::En, k), k.to_string());
    }
}

#[test]
fn every_sentence_is_in_both_languages() {
    let all = samples();
    let mut seen = [false; VARIANTS];
    for m in &all {
        seen[variant(m)] = true;
        check(m, matches!(m, Msg::StepHash { .. }));
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "no sample of variants {missing:?}");
}

#[test]
fn every_menu_entry_and_tour_step_is_in_both_languages() {
    for k in AlgoId::ALL {
        check(&Msg::AlgoLabel(k), false);
        check(&Msg::AlgoAbout(k), false);
    }
    for h in HashFn::ALL {
        check(&Msg::HashSet(h), false);
    }
    for p in ParamRef::all() {
        check(&Msg::ParamLabel(p), false);
        if let ring_core::registry::ParamKind::Choice { options, .. } = p.spec().kind {
            for i in 0..options.len() {
                check(&Msg::OptionLabel(p, i), false);
            }
        }
    }
    for v in ViewKind::ALL {
        check(&Msg::ViewLabel(v), false);
    }
    for step in 1..=STEP_COUNT {
        check(&Msg::TourTitle(step), false);
        check(&Msg::TourCaption(step), false);
    }
    // No step borrows another's words, in either language.
    for lang in Lang::ALL {
        let titles: std::collections::HashSet<String> = (1..=STEP_COUNT)
            .map(|s| lang.t(Msg::TourTitle(s)))
            .collect();
        assert_eq!(titles.len(), STEP_COUNT as usize);
    }
    for what in Quantity::ALL {
        check(
            &Msg::ParamEmpty {
                what: what.into(),
                min: 1,
                max: 9,
            },
            false,
        );
    }
    for what in CHOICES {
        check(
            &Msg::NotOneOf {
                what,
                text: "“x”".into(),
                all: "a, b".into(),
            },
            false,
        );
    }
    for what in ListKind::ALL {
        check(&Msg::ListEmpty { what, max: 10 }, false);
    }
}

fn build_errors() -> Vec<BuildError> {
    vec![
        BuildError::NoNodes,
        BuildError::TooManyNodes { count: 10_001 },
        BuildError::EmptyName { index: 2 },
        BuildError::NameTooLong {
            index: 0,
            bytes: 300,
        },
        BuildError::DuplicateName {
            name: "cache-a".into(),
        },
        BuildError::BadWeight {
            name: "cache-a".into(),
            weight: 0,
        },
        BuildError::BadVnodes {
            name: Some("cache-a".into()),
            vnodes: 0,
        },
        BuildError::BadVnodes {
            name: None,
            vnodes: 20_000,
        },
        BuildError::TooManyPoints { points: 3_000_000 },
        BuildError::BadSlots { slots: 0 },
        BuildError::BadTableSize {
            size: 1000,
            nodes: 4,
        },
        BuildError::BadEpsilon { epsilon: -1.0 },
        BuildError::BadReplicas {
            replicas: 9,
            nodes: 4,
        },
        BuildError::NoSuchNode { index: 7 },
        BuildError::RemovesOnlyLast {
            algo: AlgoId::Jump,
            index: 0,
            last: 3,
        },
        BuildError::OverCapacity {
            algo: AlgoId::Anchor,
            nodes: 9,
            capacity: 8,
        },
        BuildError::BadParam {
            algo: AlgoId::MultiProbe,
            index: 0,
            value: 0.0,
        },
        BuildError::RingSizes {
            min: 2048,
            max: 1024,
        },
        BuildError::BadBits { bits: 65 },
        BuildError::PositionOutOfRange {
            position: 300,
            bits: 8,
        },
        BuildError::RepeatedNode { index: 2 },
        BuildError::SystemWeight {
            algo: AlgoId::Nginx,
            name: "cache-a".into(),
            weight: 150,
        },
        BuildError::SystemFull {
            algo: AlgoId::Riak,
            nodes: 65,
            most: 64,
        },
        BuildError::KeyRefused {
            algo: AlgoId::Twemproxy,
            key: "a b".into(),
        },
        BuildError::SystemNodeName {
            algo: AlgoId::RedisRb,
            name: "a:99999".into(),
        },
    ]
}

#[test]
fn the_cores_refusals_are_worded_from_their_fields_in_both_languages() {
    for e in build_errors() {
        // The English catalogue says exactly what the core's own message says.
        assert_eq!(Lang::En.t(Msg::Build(e.clone())), e.to_string());
        check(&Msg::Build(e), false);
    }
    for e in metrics_errors() {
        assert_eq!(Lang::En.t(Msg::Metrics(e.clone())), e.to_string());
        check(&Msg::Metrics(e), false);
    }
    let dup = BuildError::DuplicateName {
        name: "cache-a".into(),
    };
    assert_eq!(
        Lang::Zh.t(Msg::Build(dup)),
        "有两个节点都叫“cache-a”：节点名不能重复"
    );
    // The English keeps the core's plain digits; the Chinese groups them, as it does
    // everywhere else.
    let many = BuildError::TooManyNodes { count: 10_001 };
    assert_eq!(
        Lang::En.t(Msg::Build(many.clone())),
        "10001 nodes is too many: at most 10000"
    );
    assert_eq!(
        Lang::Zh.t(Msg::CouldNotStart(many)),
        "Ringlab 无法启动：10,001 个节点太多了：最多 10,000 个"
    );
}

fn metrics_errors() -> Vec<MetricsError> {
    vec![
        MetricsError::Empty,
        MetricsError::BadValue {
            index: 0,
            value: f64::NAN,
        },
        MetricsError::NoSuchNode {
            key: 0,
            node: 5,
            node_count: 4,
        },
        MetricsError::TooManyNodes { count: 10_001 },
        MetricsError::LengthMismatch {
            before: 3,
            after: 4,
        },
    ]
}

fn refusals() -> [Refusal; 3] {
    [
        Refusal::PasteTooLarge {
            bytes: 9_000_000,
            max: 8_388_608,
        },
        Refusal::TooManyScores {
            nodes: 101,
            keys: 100_000,
            max: 10_000_000,
        },
        Refusal::TooManyReplicas {
            replicas: 11,
            max: 10,
        },
    ]
}

#[test]
fn the_apps_own_limits_are_worded_in_both_languages() {
    for r in refusals() {
        // English is the limit's own wording.
        assert_eq!(Lang::En.t(Msg::Refusal(r)), r.to_string());
        check(&Msg::Refusal(r), false);
    }
}

#[test]
fn the_moved_keys_line_in_both_languages() {
    let join = summary();
    // English is the core's own wording.
    assert_eq!(Lang::En.t(Msg::Moved(join)), join.to_string());
    assert_eq!(
        Lang::En.t(Msg::Moved(join)),
        "1,204 of 10,000 keys moved (12.0%); ideal 1/11 = 9.1%"
    );
    assert_eq!(
        Lang::Zh.t(Msg::Moved(join)),
        "1,204 / 10,000 个键迁移（12.0%）；理想值 1/11 = 9.1%"
    );
    let leave = MoveSummary {
        moved: 2_500,
        total: 10_000,
        ideal: Ideal::Leave { share: 0.25 },
    };
    assert_eq!(Lang::En.t(Msg::Moved(leave)), leave.to_string());
    assert_eq!(
        Lang::Zh.t(Msg::Moved(leave)),
        "2,500 / 10,000 个键迁移（25.0%）；理想值 25.0%（离开节点的份额）"
    );
    let none = MoveSummary {
        moved: 1,
        total: 1,
        ideal: Ideal::None,
    };
    assert_eq!(Lang::En.t(Msg::Moved(none)), none.to_string());
    assert_eq!(Lang::Zh.t(Msg::Moved(none)), "1 / 1 个键迁移（100.0%）");
    let weighted = MoveSummary {
        moved: 600,
        total: 10_000,
        ideal: Ideal::ByWeight {
            share: 100.0 / 1700.0,
        },
    };
    assert_eq!(Lang::En.t(Msg::Moved(weighted)), weighted.to_string());
    assert_eq!(
        Lang::Zh.t(Msg::Moved(weighted)),
        "600 / 10,000 个键迁移（6.0%）；按节点权重的理想值 5.9%"
    );
}

#[test]
fn a_tour_question_and_its_answer_in_both_languages() {
    let join = MoveSummary {
        moved: 1_604,
        total: 2_000,
        ideal: Ideal::Join { nodes_after: 5 },
    };
    let ask = Msg::TourQuestion {
        name: "cache-e".into(),
        nodes: 4,
    };
    assert_eq!(
        Lang::En.text(&ask),
        "cache-e joins 4 nodes. What share of the keys will move?"
    );
    assert_eq!(
        Lang::Zh.text(&ask),
        "cache-e 加入已有的 4 个节点：有多大比例的键会迁移？"
    );
    let graded = |guess, grade, off_by| Msg::TourGraded {
        guess,
        summary: join,
        grade,
        off_by,
    };
    assert_eq!(
        Lang::En.t(graded(30, Grade::Off, 50.2)),
        "You guessed 30%. In fact, 1,604 of 2,000 keys moved (80.2%); ideal 1/5 = 20.0%. \
         Off by 50.2 points."
    );
    assert_eq!(
        Lang::Zh.t(graded(30, Grade::Off, 50.2)),
        "你的猜测是 30%。实际结果：1,604 / 2,000 个键迁移（80.2%）；理想值 1/5 = 20.0%。\
         偏差较大：差 50.2 个百分点。"
    );
    assert!(Lang::En
        .t(graded(78, Grade::Right, 2.2))
        .ends_with("(80.2%); ideal 1/5 = 20.0%. Right: 2.2 points off."));
    assert!(Lang::Zh
        .t(graded(70, Grade::Close, 10.2))
        .ends_with("很接近：差 10.2 个百分点。"));
    // The same numbers as the step's own moved-keys line.
    assert!(Lang::En
        .t(graded(0, Grade::Off, 80.2))
        .contains(&Lang::En.t(Msg::Moved(join))));
}

#[test]
fn languages_from_links_and_browsers() {
    for l in Lang::ALL {
        assert_eq!(Lang::from_id(l.id()), Some(l));
    }
    assert_eq!(Lang::from_id(" ZH "), Some(Lang::Zh));
    assert_eq!(Lang::from_id("zh-CN"), Some(Lang::Zh));
    assert_eq!(Lang::from_id("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_id("fr"), None);
    assert_eq!(Lang::from_id(""), None);
    for tag in ["zh", "zh-CN", "zh-Hans-CN", "zh-TW", "ZH-cn"] {
        assert_eq!(Lang::from_browser(tag), Lang::Zh, "{tag}");
    }
    for tag in ["en-US", "en", "fr-FR", "", "x-zh"] {
        assert_eq!(Lang::from_browser(tag), Lang::En, "{tag}");
    }
    assert_eq!(Lang::Zh.html_tag(), "zh-CN");
    assert_eq!(Lang::En.html_tag(), "en");
    assert_eq!(Lang::default(), Lang::En);
}

#[test]
fn numbers_are_written_the_same_way_in_both_languages() {
    assert_eq!(num::pct(0.12, 1), "12.0%");
    assert_eq!(num::bytes(4 * 1021), "4,084 B");
    assert_eq!(num::bytes(40 * 1024), "40 KiB");
    let m = Msg::FactKeys {
        min: 480,
        max: 1_204,
        peak: 1.5,
    };
    for lang in Lang::ALL {
        let s = lang.text(&m);
        assert!(s.contains("1,204") && s.contains("1.50"), "{s}");
    }
}

/// One message of every sentence: [`samples`], the core's refusals, and the messages whose
/// wording depends on a field.
pub(super) fn every_sentence() -> Vec<Msg> {
    let mut all = samples();
    all.extend(build_errors().into_iter().map(Msg::Build));
    all.extend(metrics_errors().into_iter().map(Msg::Metrics));
    all.extend(refusals().into_iter().map(Msg::Refusal));
    for ideal in [
        Ideal::Leave { share: 0.25 },
        Ideal::ByWeight { share: 0.1 },
        Ideal::None,
    ] {
        all.push(Msg::Moved(MoveSummary {
            moved: 1,
            total: 1,
            ideal,
        }));
    }
    for what in CHOICES {
        all.push(Msg::NotOneOf {
            what,
            text: "x".into(),
            all: "a, b".into(),
        });
    }
    all.push(Msg::VnodesSet {
        name: "cache-a".into(),
        vnodes: None,
    });
    for (grade, off_by) in [(Grade::Right, 1.8), (Grade::Close, 12.0)] {
        all.push(Msg::TourGraded {
            guess: 10,
            summary: summary(),
            grade,
            off_by,
        });
    }
    all.push(Msg::ChordKeyLine {
        key: "k".into(),
        position: 5,
        fraction: 0.5,
        owner: "cache-a".into(),
        within: false,
        bound: 5,
    });
    all.push(Msg::ChordHop {
        from: "cache-a".into(),
        to: "cache-b".into(),
        finger: 0,
    });
    all
}

/// Each message gives exactly the arguments its catalogue entry names, in both languages,
/// and every sentence is checked so (the catalogue tests check that each entry uses its
/// arguments and that no entry is left unused).
#[test]
fn every_message_gives_its_entrys_arguments() {
    for m in every_sentence() {
        if let Some(id) = sentence(&m) {
            for lang in Lang::ALL {
                assert_eq!(args(&m, lang).0.len(), id.args.len(), "{m:?}");
            }
        }
        check(&m, matches!(m, Msg::StepHash { .. }));
    }
}

/// Every phrase of the catalogues, each once.
pub(super) fn every_phrase() -> Vec<Phrase> {
    let mut all = Vec::new();
    for k in AlgoId::ALL {
        all.extend([
            Phrase::Algo(k),
            Phrase::AlgoAbout(k),
            Phrase::WeightMeaning(k),
        ]);
        if k.spec().picture == ring_core::registry::Picture::Table {
            all.push(Phrase::TableEntries(k));
        }
    }
    all.extend(HashFn::ALL.map(Phrase::HashAbout));
    for p in ParamRef::all() {
        all.extend([Phrase::ParamLabel(p), Phrase::ParamNoun(p)]);
        if let ring_core::registry::ParamKind::Choice { options, .. } = p.spec().kind {
            all.extend((0..options.len()).map(|i| Phrase::ParamOption(p, i)));
        }
    }
    all.extend(ViewKind::ALL.map(Phrase::View));
    all.extend(Quantity::ALL.map(Phrase::Quantity));
    all.extend(ListKind::ALL.map(Phrase::ListKind));
    for step in 1..=STEP_COUNT {
        all.extend([Phrase::TourTitle(step), Phrase::TourCaption(step)]);
    }
    all.extend(Range::ALL.map(Phrase::Range));
    all.extend([
        Phrase::ParamRange,
        Phrase::ListRange,
        Phrase::R1Infinite,
        Phrase::PastTheTop,
        Phrase::FailedMarks,
        Phrase::FlowsMore,
        Phrase::MovedFrom,
        Phrase::VirtualNode,
        Phrase::Bucket,
        Phrase::StepsThrough { ring: true },
        Phrase::StepsThrough { ring: false },
        Phrase::PaperNamingVirtual,
        Phrase::PaperNamingBounded,
        Phrase::NamesSep,
        Phrase::ItemsSep,
        Phrase::FlowItem,
        Phrase::RealRange,
        Phrase::Grade(Grade::Right),
        Phrase::Grade(Grade::Close),
        Phrase::Grade(Grade::Off),
    ]);
    all
}

/// The words of `p` in `lang`; a phrase with arguments of its own gets `7` for each.
pub(super) fn phrase_words(lang: Lang, p: Phrase) -> Cow<'static, str> {
    match p.key() {
        Key::Message(id) if !id.args.is_empty() => {
            let sample = |name: &str| match name {
                "vnode" | "from" | "to" | "what" => text_value("x"),
                _ => fluent::digits(7),
            };
            render(
                lang,
                id,
                super::args::Args(id.args.iter().map(|a| sample(a)).collect()),
            )
        }
        _ => phrase(lang, p),
    }
}

/// Every phrase has words in both languages, each its own.
#[test]
fn every_phrase_has_its_own_words() {
    for lang in Lang::ALL {
        let mut seen = std::collections::HashMap::new();
        for p in every_phrase() {
            let words = phrase_words(lang, p);
            assert!(!words.is_empty(), "{lang:?} {p:?}");
            let key = match p.key() {
                Key::Message(id) => (id.name.to_string(), None),
                Key::Registry(id, attr) => (id, attr),
            };
            assert!(
                seen.insert(key, p).is_none(),
                "{lang:?} {p:?} shares its entry"
            );
        }
    }
    // A step the tour does not have has no words.
    for step in [0, STEP_COUNT + 1] {
        assert_eq!(phrase(Lang::En, Phrase::TourTitle(step)), "");
        assert_eq!(phrase(Lang::Zh, Phrase::TourCaption(step)), "");
    }
}

#[test]
fn the_formatter_and_functions_write_arguments_as_the_app_does() {
    let source = "t = { $count } { $digits } { NUMBER($digits, useGrouping: \"true\") } \
                  { $share } { $decimal } { QUOTE($key) } { CAPITAL($key) }\n";
    let catalogue = fluent::Catalogue::parse(Lang::En, source.to_string()).unwrap();
    let mut a = FluentArgs::new();
    a.set("count", fluent::count(1_234_567));
    a.set("digits", fluent::digits(1_234_567));
    a.set("share", fluent::percent(0.1204, 1));
    a.set("decimal", fluent::decimal(1.5, 2));
    a.set("key", text_value("say \"hi\""));
    assert_eq!(
        catalogue.format("t", None, Some(&a)).unwrap(),
        r#"1,234,567 1234567 1,234,567 12.0% 1.50 "say \"hi\"" Say "hi""#
    );
    // Past 2^53 an f64 loses digits: such numbers are passed as text.
    let mut a = FluentArgs::new();
    a.set("count", fluent::count(u64::MAX));
    a.set("digits", fluent::digits(u64::MAX));
    a.set("share", fluent::percent(1.0, 0));
    a.set("decimal", fluent::decimal(f64::INFINITY, 1));
    a.set("key", text_value(""));
    let text = catalogue.format("t", None, Some(&a)).unwrap();
    assert!(
        text.starts_with("18,446,744,073,709,551,615 18446744073709551615 "),
        "{text}"
    );
    // A fixed text is borrowed from the catalogue, not copied.
    let words = fluent::Catalogue::parse(Lang::En, "w = words\n".to_string()).unwrap();
    assert!(matches!(
        words.format("w", None, None),
        Some(Cow::Borrowed("words"))
    ));
    assert_eq!(words.format("missing", None, None), None);
}

/// Where `text` calls one of the five articles by our filing name ("seed 003", "Seeds 001,
/// 003 and 004", "the seed's way", "文章 000"): readers know them by author, title and
/// date (the articles' own bylines). Random seeds ("seed 42", "the first seed",
/// "FlipHash's seed") are not articles and pass.
fn filing_name(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    let digits_at = |mut i: usize| {
        while chars.get(i) == Some(&' ') {
            i += 1;
        }
        // The filing numbers are 000 … 004: three digits, two zeros first ("seed 1204" is
        // a random seed).
        chars
            .get(i..i + 3)
            .is_some_and(|d| d[..2] == ['0', '0'] && d[2].is_ascii_digit())
            && !chars.get(i + 3).is_some_and(char::is_ascii_digit)
    };
    for (i, _) in lower.char_indices() {
        let at = lower[..i].chars().count();
        let rest = &lower[i..];
        let filed = if rest.starts_with("seeds") {
            digits_at(at + 5)
        } else if rest.starts_with("seed") {
            digits_at(at + 4)
                || ["seed's", "seed articles", "seed article"]
                    .iter()
                    .any(|w| rest.starts_with(w))
        } else if rest.starts_with("文章") {
            digits_at(at + 2)
        } else {
            rest.starts_with("seeds'") || rest.starts_with("the seeds")
        };
        if filed {
            return Some(rest.chars().take(24).collect());
        }
    }
    None
}

/// No text of either language calls an article "seed 00x" or "文章 00x" (issue 16): every
/// fixed word, every sentence's template and a rendering of each, every phrase, every menu
/// entry, and every tour step's title and caption.
#[test]
fn no_text_calls_an_article_by_its_filing_name() {
    // The check itself: the old wording is caught, random seeds are not.
    for old in [
        "Seed 003's balance table, computed live",
        "Seeds 001, 003 and 004 hash servers",
        "the last of seed 003's list",
        "Dropping node_3 the seed's way: 128 keys.",
        "name-hash-i (the Java seed's)",
        "The seeds' ring is what memcached clients have long shipped",
        "文章 003 的均衡度表格，实时计算",
        "文章 001、003 和 004 把服务器和键都哈希到",
        "文章003",
    ] {
        assert!(filing_name(old).is_some(), "{old:?} not caught");
    }
    for fine in [
        "seed 42",
        "In use: 7 generated keys, seed 1204.",
        "seed 0010",
        "seeds 1 and 2",
        "the seed of jump's loop",
        "FlipHash's seed",
        "种子 7",
        "a 2023 article on go-zero",
    ] {
        assert_eq!(filing_name(fine), None, "{fine:?}");
    }

    let mut texts: Vec<(String, String)> = Vec::new();
    let mut add = |what: String, text: &str| texts.push((what, text.to_string()));
    for lang in Lang::ALL {
        for &k in Ui::ALL {
            add(format!("{lang:?} {k:?}"), ui(lang, k));
        }
        let source = match lang {
            Lang::En => fluent::EN,
            Lang::Zh => fluent::ZH,
        };
        for line in source.lines().filter(|l| !l.starts_with('#')) {
            add(format!("{lang:?} catalogue"), line);
        }
        for p in every_phrase() {
            add(format!("{lang:?} {p:?}"), &phrase_words(lang, p));
        }
        let mut msgs = every_sentence();
        for k in AlgoId::ALL {
            msgs.extend([Msg::AlgoLabel(k), Msg::AlgoAbout(k)]);
        }
        msgs.extend(HashFn::ALL.map(Msg::HashSet));
        for p in ParamRef::all() {
            msgs.push(Msg::ParamLabel(p));
            if let ring_core::registry::ParamKind::Choice { options, .. } = p.spec().kind {
                msgs.extend((0..options.len()).map(|i| Msg::OptionLabel(p, i)));
            }
        }
        msgs.extend(ViewKind::ALL.map(Msg::ViewLabel));
        for step in 1..=STEP_COUNT {
            msgs.extend([Msg::TourTitle(step), Msg::TourCaption(step)]);
        }
        for m in &msgs {
            add(format!("{lang:?} {m:?}"), &text(lang, m));
        }
    }
    assert!(texts.len() > 1000, "{}", texts.len());
    let filed: Vec<String> = texts
        .iter()
        .filter_map(|(what, t)| filing_name(t).map(|at| format!("{what}: …{at}…")))
        .collect();
    assert!(
        filed.is_empty(),
        "articles cited by filing name:\n{}",
        filed.join("\n")
    );
}
