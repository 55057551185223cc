//! The keys and numbers of everything the app says: [`Ui`] for fixed words (labels,
//! buttons, headings), [`Msg`] for sentences with parameters (the moved-keys line,
//! refusals, the tour's captions and numbers, what is under the pointer), and the small
//! enums their parameters name ([`Quantity`], [`Choice`], [`ListKind`]).
//!
//! The model decides *what* to say; the page's catalogues (`src/i18n/en.ftl`, `zh.ftl`)
//! only render it into words. So the model produces these keys and raw numbers, never
//! sentences, and depends on no catalogue; the English catalogue is the reference wording
//! of each key. A newer sentence is a [`Msg::Text`], made by the constructor that
//! `build.rs` writes for each sentence of the English catalogue: it names the message's id
//! and carries its arguments' values.

use ring_core::metrics::{MetricsError, MoveSummary};
use ring_core::registry::ParamRef;
use ring_core::{BuildError, HashFn};

use super::algo::AlgoId;
use super::limits::{PlaceError, Refusal};
use super::view::ViewKind;

/// Declares [`Ui`] and the list of all its keys (the catalogue tests walk it).
macro_rules! ui_keys {
    ($($key:ident,)*) => {
        /// Fixed words of the page: labels, buttons, headings, hints.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Ui {
            $(
                // Each key is named for its words; the catalogues hold the words, which
                // are its real documentation.
                #[allow(missing_docs)]
                $key,
            )*
        }

        impl Ui {
            /// Every key, in declaration order.
            pub(crate) const ALL: &'static [Ui] = &[$(Ui::$key,)*];
        }
    };
}

ui_keys! {
    // The page and the title bar.
    PageTitle,
    AppTagline,
    Reset,
    ResetLabel,
    DarkTheme,
    DarkThemeTitle,
    Language,
    ControlsLabel,
    Footer,
    // The footer's link to the Ringlab Book.
    FooterBook,
    PanicText,
    PanicReset,
    PanicAfter,
    // Adding a node.
    AddTitle,
    Name,
    Weight,
    VirtualNodes,
    AddNodeButton,
    // The node list.
    DownBadge,
    Vnodes,
    MarkUpButton,
    MarkDownButton,
    Remove,
    NodesApplyHint,
    ShowAllNodes,
    // The notice.
    Dismiss,
    CancelJob,
    CancelJobLabel,
    JobProgressLabel,
    DismissLabel,
    NoteLinkIgnored,
    NoteStoredUnusable,
    NotePastedTooBig,
    NoteAddressIgnored,
    NoteAddressUnusable,
    NoteWordsMissing,
    // The algorithm.
    AlgorithmTitle,
    Placement,
    AlgorithmsGroup,
    SystemsGroup,
    SourceLabel,
    HashFunction,
    DefaultVnodesLabel,
    // The keys.
    KeysTitle,
    HowMany,
    Seed,
    DrawnLabel,
    DrawnApply,
    DrawnHint,
    Generate,
    NextSeedLabel,
    NextSeed,
    PasteSummary,
    PasteLabel,
    UsePasted,
    // Explaining a key.
    ExplainTitle,
    Key,
    ExplainPlaceholder,
    ExplainHint,
    // What moved.
    WhatMoves,
    WhatMoved,
    SeeWhatMoved,
    TourColourKey,
    ReadingListTitle,
    ReadingArticles,
    ReadZouyq,
    ReadNotes,
    ReadBlog,
    ReadPan,
    ReadGoZero,
    ReadingPapers,
    ReadKarger,
    ReadChord,
    ReadDynamo,
    ReadJump,
    ReadMaglev,
    ReadBounded,
    ReadMemento,
    ReadMultiProbe,
    ReadJumpBack,
    ReadAnchor,
    ReadDx,
    ReadPower,
    ReadFlip,
    ReadBinomial,
    ServerListEmpty,
    PasteServers,
    PasteServersHint,
    UseServers,
    PasteServersLabel,
    SummaryEmpty,
    FlowTo,
    NoKeyMoved,
    FlowsLabel,
    // The legend.
    LegendCaption,
    Node,
    Keys,
    Space,
    // Every drawing's table.
    AsTable,
    RingPoints,
    ReplicaRank,
    // The animation.
    Play,
    Pause,
    PlaybackGroup,
    ReplayLabel,
    Replay,
    Speed,
    ReducedMotion,
    // The charts and the balance table.
    Load,
    SharesCaption,
    SharesCaptionByWeight,
    BalanceByWeight,
    Balance,
    Measure,
    HashSpace,
    R1,
    R2,
    R3,
    R1About,
    R2About,
    R3About,
    PeakMean,
    PeakAbout,
    StdDev,
    StdDevAbout,
    // The picture.
    HintRing,
    HintBins,
    // The views.
    ViewsNav,
    ViewsTablist,
    // Sharing and export.
    CopyLink,
    EmbedButton,
    EmbedShows,
    EmbedWhole,
    EmbedRing,
    EmbedCharts,
    EmbedLegend,
    EmbedControls,
    EmbedChange,
    EmbedLang,
    EmbedReaders,
    EmbedTheme,
    EmbedHosts,
    EmbedLight,
    EmbedDark,
    EmbedElement,
    EmbedIframe,
    EmbedPreview,
    LinkCopied,
    CopyRefused,
    LinkLabel,
    Done,
    PictureRing,
    PictureLoads,
    PictureShares,
    SaveRingLabel,
    SaveLoadsLabel,
    SaveSharesLabel,
    SaveTitle,
    Png,
    Csv,
    CsvLabel,
    LoadsPerNode,
    CompareCsv,
    CompareCsvLabel,
    OpenInRinglab,
    NoSuchPicture,
    DownloadFailed,
    EncodeFailed,
    // The tour.
    TourSlow,
    TourNormal,
    TourFast,
    TourVeryFast,
    TourComputed,
    TourPlayLabel,
    TourPauseLabel,
    TourPlayButton,
    TourPauseButton,
    TourHeading,
    TourControls,
    TourBackLabel,
    TourBack,
    TourNextLabel,
    TourNext,
    Step,
    TourMeter,
    TourKeys,
    TourGuessLabel,
    TourCheck,
    AskFirst,
    AskFirstQuestion,
    // Explore's try-it tasks.
    TasksTitle,
    TaskBusiest,
    TaskR1,
    TaskDone,
    TaskNotYet,
    // Compare mode.
    Moved,
    Ideal,
    PeakAboutKeys,
    R1AboutShares,
    R2AboutShares,
    R3AboutShares,
    Memory,
    RemoveLastNode,
    NoChange,
    CompareTitle,
    CompareChangeGroup,
    ChangeColon,
    Algorithm,
    KeysMoved,
    Size,
    SizeAbout,
    // Chord.
    ChordTitle,
    ChordHint,
    KeyToLookUp,
    StartAtNode,
    LabNodes,
    Position,
    FingersCol,
    ChordStartTag,
    ChordOwnerTag,
    // Replication.
    EveryCopyLost,
    No,
    ReplicationTitle,
    ReplicationHint,
    NodeThatFails,
    NoneOption,
    UseVirtualRing,
    FirstKeys,
    PreferenceList,
    AfterTheFailure,
    ServedBy,
    NewCopyOn,
    LostQ,
    // The paper's table.
    Refused,
    PaperTitle,
    NodeCounts,
    VnodeCounts,
    HashShort,
    PaperReset,
    NothingToCompute,
    NodesCol,
    ChartCaption,
    ChartLabel,
    Lines,
    PaperXAxis,
    PaperYAxis,
    // Refusals without numbers.
    NodeGone,
    ChordTypeKey,
    NoNodeUp,
    ReplicationNeedsRing,
    LinkKeyWays,
    LinkParamOutOfRange,
    LinkKeyCountOutOfRange,
    LinkPastedInvalid,
    SlotmapNodesIgnored,
    SlotmapOnlySlots,
    EveryNodeDown,
    ColourOutOfRange,
    GroupRepeatsZero,
    NotUtf8,
    NotRinglabFormat,
    // The Traffic view.
    TrafficTitle,
    TrafficZipf,
    TrafficCacheAll,
    TrafficCacheSize,
    TrafficRequests,
    TrafficChangeGroup,
    TrafficHitRate,
    TrafficStoreLoad,
    TrafficXAxis,
    TrafficYAxis,
    TrafficNodesCaption,
    TrafficKeysBar,
    TrafficRequestsBar,
    TrafficHotKeys,
    TrafficProgressLabel,
    WhichTitle,
    WhichHint,
    WhichAlgos,
    WhichNodes,
    WhichComputing,
    WhichCommand,
    WhichTableCaption,
    WhichColAlgo,
    WhichColNodes,
    WhichColPeak,
    WhichColMin,
    WhichColCv,
    WhichColKeyedPeak,
    WhichColKeyedCv,
    WhichColRandom,
    WhichColLast,
    WhichColMemory,
    WhichColBuild,
    WhichColLookup,
    WhichChartCv,
    WhichChartPeak,
    WhichChartMemory,
    WhichChartLookup,
}

ring_core::listed_enum! {
    /// What a number typed or read from a link is (for "… is a whole number from 1 to N").
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Quantity {
        /// The default virtual-node count.
        DefaultVnodes,
        /// How many keys were pasted.
        PastedCount,
        /// A node's weight.
        AWeight,
        /// A node's virtual-node count.
        AVnodeCount,
        /// A palette colour.
        AColour,
        /// The tour's step.
        TourStep,
        /// How many keys are drawn as dots.
        DrawnKeys,
        /// Replication's R.
        Replicas,
        /// The Traffic view's cache size, in keys per node.
        CacheKeys,
        /// The Traffic view's request count.
        Requests,
    }
}

/// What a number refused is: one of the app's quantities, or an algorithm's parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noun {
    /// A quantity of the app.
    Quantity(Quantity),
    /// An algorithm's parameter.
    Param(ParamRef),
}

impl From<Quantity> for Noun {
    fn from(q: Quantity) -> Noun {
        Noun::Quantity(q)
    }
}

impl From<ParamRef> for Noun {
    fn from(p: ParamRef) -> Noun {
        Noun::Param(p)
    }
}

/// What a link names that must be one of a few words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// `algo=`.
    Algorithm,
    /// `hash=`.
    Hash,
    /// `system=`.
    System,
    /// An algorithm's parameter with named options (`naming=`, `weighting=`).
    Param(ParamRef),
    /// `view=`.
    View,
    /// `theme=`.
    Theme,
    /// `embed=`.
    Layout,
    /// `controls=`.
    ZeroOrOne,
    /// `lang=`.
    Language,
    /// `change=` and `compare-change=`.
    Change,
}

ring_core::listed_enum! {
    /// Which list of the paper's table.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ListKind {
        /// The rows.
        NodeCounts,
        /// The columns.
        VnodeCounts,
    }
}

/// A sentence with parameters. Names and keys are the user's text, shown as typed;
/// numbers are raw, and each catalogue writes them.
///
/// `Debug` and `Display` show the English wording, and `Msg::contains` (in tests) and `== "…"`
/// compare it, so that tests and logs read a message as the text it is (these are
/// implemented beside the catalogues, which hold the words). Two messages are equal when
/// they say the same (so that one carrying a NaN equals itself).
// Not Clone: a derived clone of this enum was 8 KB of wasm (a change keeps its caption as
// `snapshot::Did`, an error as `Rc<InputError>`).
// The variants are documented; their fields are named for what they hold, and the catalogues
// (src/i18n/en.rs, zh.rs) are where each one's wording, the real documentation, lives.
#[allow(missing_docs)]
pub enum Msg {
    /// Fixed words.
    Ui(Ui),
    /// A sentence of the catalogues (`src/i18n/en.ftl`), made by its constructor, which
    /// `build.rs` writes for each: `Msg::weight_too_large(weight, range)`.
    Text(Text),
    /// A refusal of the core, worded from its fields.
    Build(BuildError),
    /// A metric the core could not compute.
    Metrics(MetricsError),
    /// A refusal by one of the app's own limits.
    Refusal(Refusal),
    /// Ringlab could not build its first state.
    CouldNotStart(BuildError),

    // The algorithms, hashes and views as menus name them.
    AlgoLabel(AlgoId),
    AlgoAbout(AlgoId),
    /// An algorithm's parameter, as its field is labelled.
    ParamLabel(ParamRef),
    /// Option `{1}` of a parameter with named options.
    OptionLabel(ParamRef, usize),
    ViewLabel(ViewKind),

    // Refusals of typed values.
    WeightEmpty,
    WeightTooLarge {
        weight: u64,
    },
    WeightNotWhole {
        text: String,
    },
    VnodesEmpty,
    VnodesTooMany {
        vnodes: u64,
    },
    VnodesNotWhole {
        text: String,
    },
    ParamOutOfRange {
        what: Noun,
        value: u64,
        min: u32,
        max: u32,
    },
    ParamEmpty {
        what: Noun,
        min: u32,
        max: u32,
    },
    ParamNotWhole {
        what: Noun,
        text: String,
        min: u32,
        max: u32,
    },
    RealNotNumber {
        what: ParamRef,
        text: String,
    },
    RealOutOfRange {
        what: ParamRef,
        text: String,
    },
    ExplainTooLong {
        bytes: usize,
        max: usize,
    },
    NoSuchStep {
        step: u32,
    },
    TourNoNode {
        name: String,
    },
    PasteNone,
    PasteTooMany {
        count: usize,
    },
    PasteKeyTooLong {
        line: usize,
        bytes: usize,
    },
    ServerLineBad {
        line: usize,
        text: String,
    },
    KeyCountEmpty,
    KeyCountOutOfRange {
        count: u64,
    },
    KeyCountNotNumber {
        text: String,
    },
    SeedNotWhole {
        text: String,
    },
    /// A view that works on the first keys only.
    ViewFirstKeys {
        used: usize,
        of: usize,
    },
    /// The progress bar of a change still placing its keys.
    PlacingKeys {
        keys: usize,
    },
    /// The same while the job first builds a ring of `points` points.
    BuildingRing {
        points: u64,
        keys: usize,
    },

    // What a change did ("added cache-e").
    Added {
        name: String,
    },
    NodesReplaced {
        count: usize,
    },
    Removed {
        name: String,
    },
    MarkedDown {
        name: String,
    },
    MarkedUp {
        name: String,
    },
    WeightSet {
        name: String,
        weight: u32,
    },
    VnodesSet {
        name: String,
        vnodes: Option<u32>,
    },
    DefaultVnodesSet {
        vnodes: u32,
    },
    AlgorithmSet(AlgoId),
    HashSet(HashFn),
    /// An algorithm's parameter set to a value (an option's index for named options).
    ParamSet {
        param: ParamRef,
        value: f64,
    },

    /// The moved-keys line: moved of total, and the ideal.
    Moved(MoveSummary),

    // The walk that placed one key.
    StepHashRing {
        /// The hash's name, or a real system's id for the system's own.
        hash: &'static str,
        key: String,
        position: u64,
        fraction: f64,
    },
    StepWalk {
        distance: f64,
        wrapped: bool,
        replica: u32,
        owner: String,
        position: u64,
    },
    StepOwner {
        name: String,
    },
    StepWalkPastFull {
        walk: Vec<String>,
    },
    StepWalkFirst {
        point: String,
    },
    StepHash {
        /// The hash's name, or a real system's id for the system's own.
        hash: &'static str,
        key: String,
        value: u64,
    },
    StepModulo {
        hash: u64,
        buckets: u32,
        bucket: u32,
        name: String,
    },
    StepTableEntry {
        entry: u32,
        owner: String,
    },
    /// A real system's copies of the key, the owner first (its preference list).
    StepPreference {
        names: Vec<String>,
    },
    StepJumpSeed {
        /// The hash's name, or a real system's id for the system's own.
        hash: &'static str,
        key: String,
        seed: u64,
    },
    StepJumpPath {
        path: Vec<u32>,
    },
    StepJumpOwner {
        bucket: u32,
        name: String,
    },
    /// A bucket algorithm's candidates: each bucket and the range it was drawn from.
    StepDraws {
        draws: Vec<ring_core::trace::Draw>,
    },
    /// Multi-probe: how many probes, and the seeds of the two key hashes.
    StepProbes {
        probes: u32,
        seeds: [u32; 2],
    },
    /// Multi-probe: the probe (1-based) whose next node point is closest, the distance as a
    /// fraction of the ring, and that point's node.
    StepProbeBest {
        probe: u32,
        distance: f64,
        name: String,
    },
    StepScores {
        scores: Vec<(String, f64)>,
    },
    StepHighest {
        name: String,
    },

    // The tour.
    TourTitle(u32),
    TourCaption(u32),
    FactChange {
        what: Box<Msg>,
        summary: MoveSummary,
    },
    FactFlows {
        flows: Vec<(String, String, u64)>,
        more: usize,
    },
    FactShares {
        r1: f64,
        r2: f64,
        r3: f64,
    },
    FactKeys {
        min: u64,
        max: u64,
        peak: f64,
    },
    FactPoints {
        points: usize,
        nodes: usize,
    },
    FactPointsPerNode {
        list: Vec<(String, usize)>,
    },
    FactMemory {
        bytes: u64,
    },
    FactChordHash {
        key: String,
        position: u64,
        owner: String,
    },
    FactChordLookup {
        start: String,
        path: Vec<String>,
        nodes: usize,
        log2: f64,
    },
    FactStored {
        key: String,
        on: Vec<String>,
        replicas: u32,
    },
    FactWithFailure {
        on: Vec<String>,
    },
    FactFails {
        name: String,
        held: u64,
        total: u64,
        owned: u64,
        recopied: u64,
        lost: u64,
    },
    FactPassedOn {
        passed: u64,
        total: u64,
    },
    FactSlotDrop {
        leaver: String,
        summary: MoveSummary,
    },
    FactSlotDeal {
        slots: u32,
        rest: usize,
        summary: MoveSummary,
    },
    /// A tour step's question: `name` joins `nodes` nodes; what share of the keys moves?
    TourQuestion {
        name: String,
        nodes: usize,
    },
    /// The answer to a guess (a percentage): the core's moved-keys line, and how far off.
    TourGraded {
        guess: u32,
        summary: MoveSummary,
        grade: Grade,
        /// Percentage points.
        off_by: f64,
    },

    // Compare mode.
    CompareTooMany {
        max: usize,
        kind: AlgoId,
    },
    CompareTooFew {
        min: usize,
        kind: AlgoId,
    },
    CompareAdd {
        name: String,
    },
    CompareRemove {
        name: String,
    },
    CompareAddButton {
        name: String,
    },
    CompareRemoveButton {
        name: String,
    },
    CompareHint {
        up: usize,
        keys: usize,
    },
    CompareAlgos {
        min: usize,
        max: usize,
    },
    CompareColumn {
        kind: AlgoId,
        nodes: usize,
    },
    CompareSummary {
        what: Box<Msg>,
    },

    // The Traffic view.
    TrafficHint {
        up: usize,
        keys: usize,
    },
    TrafficZipfBad {
        text: String,
    },
    TrafficCacheKeys {
        keys: u32,
    },
    TrafficChartLabel {
        kind: AlgoId,
        before: Option<f64>,
        after: Option<f64>,
    },
    TrafficNodesLabel {
        kind: AlgoId,
    },
    TrafficFigures {
        before: Option<f64>,
        after: Option<f64>,
    },
    TrafficPeak {
        misses: u64,
        requests: u64,
    },
    TrafficProgress {
        done: u64,
        total: u64,
    },
    TrafficDone {
        requests: u64,
        keys: usize,
    },
    TrafficHotKey {
        rank: u32,
        key: String,
        node: String,
        popularity: f64,
    },

    // Chord.
    ChordKeyTooLong {
        bytes: usize,
        max: usize,
    },
    ChordNodesUp {
        count: usize,
    },
    ChordLabel {
        nodes: usize,
        key: String,
        start: String,
        path: Vec<String>,
    },
    ChordHops {
        hops: usize,
        nodes: usize,
        log2: f64,
    },
    ChordKeyLine {
        key: String,
        position: u64,
        fraction: f64,
        owner: String,
        within: bool,
        bound: u32,
    },
    ChordHop {
        from: String,
        to: String,
        finger: u32,
    },
    ChordShadowed {
        names: Vec<String>,
    },
    FingerCaption {
        bits: u32,
    },
    ChordKeyMark {
        key: String,
    },

    // Replication.
    ReplicasNotWhole {
        text: String,
        nodes: usize,
    },
    ReplicationKeyTooLong {
        bytes: usize,
        max: usize,
    },
    ReplicasLabel {
        nodes: usize,
    },
    NotARing {
        kind: AlgoId,
    },
    ReplicasPicture {
        key: String,
        replicas: u32,
        failed: bool,
    },
    ReplicationFails {
        name: String,
        held: u64,
        total: u64,
        owned: u64,
        recopied: u64,
        lost: u64,
    },
    ReplicationNoFailure {
        replicas: u32,
        nodes: u32,
    },
    AfterFailure {
        on: Vec<String>,
    },

    // The paper's table.
    ListOutOfRange {
        what: ListKind,
        value: u64,
        max: u32,
    },
    ListNotWhole {
        what: ListKind,
        text: String,
        max: u32,
    },
    ListEmptyRange {
        what: ListKind,
        from: u32,
        to: u32,
        max: u32,
    },
    ListRunaway {
        what: ListKind,
    },
    ListStepAlone {
        what: ListKind,
        max: u32,
    },
    ListEmpty {
        what: ListKind,
        max: u32,
    },
    ListTooMany {
        what: ListKind,
        count: usize,
    },
    PaperBudget {
        work: u64,
        max: u64,
    },
    PaperGroupOnePoint,
    PaperGroupOneVnode,
    PaperGroupVnodes {
        vnodes: u32,
    },
    PaperHint {
        kind: AlgoId,
        max_points: u64,
    },
    PaperHashFixed {
        kind: AlgoId,
        hash: HashFn,
    },
    PaperNoVnodes {
        kind: AlgoId,
    },
    PaperComputing {
        done: usize,
        total: usize,
        points: u64,
    },
    PaperDone {
        total: usize,
        points: u64,
    },
    PaperCaption {
        kind: AlgoId,
        hash: HashFn,
    },
    NodesCount {
        nodes: u32,
    },

    // The lab's panels.
    NodesTitle {
        up: usize,
        total: usize,
    },
    NodesHintVnodes {
        kind: AlgoId,
        default: u32,
    },
    NodesHintNoVnodes {
        kind: AlgoId,
    },
    NodesHintIgnored {
        kind: AlgoId,
    },
    HashFixed {
        kind: AlgoId,
        hash: HashFn,
    },
    HashRange {
        hash: HashFn,
    },
    KeysGenerated {
        count: u32,
        seed: u64,
    },
    KeysPasted {
        count: usize,
    },
    /// A paste too large to show in the box, held until the keys are used.
    PasteHeld {
        bytes: usize,
        lines: usize,
    },
    KeyCountHint,
    FlowKeys {
        keys: u64,
    },
    FlowsMore {
        more: usize,
        keys: u64,
    },
    SampleSome {
        shown: usize,
        total: usize,
    },
    SampleAll {
        shown: usize,
    },
    LoadsCaption {
        total: usize,
        by_weight: bool,
    },
    PictureRing {
        kind: AlgoId,
        points: usize,
        bits: u32,
        hash: &'static str,
    },
    PictureBuckets {
        kind: AlgoId,
        count: u32,
        hash: &'static str,
    },
    /// Buckets of which some are removed: the working ones, all of them, the removed ones
    /// first removed first.
    PictureBucketSet {
        kind: AlgoId,
        working: u32,
        span: u32,
        removed: Vec<u32>,
        hash: &'static str,
    },
    PictureTable {
        kind: AlgoId,
        entries: usize,
        hash: &'static str,
    },
    PictureScores {
        kind: AlgoId,
        key: String,
        hash: &'static str,
    },
    PictureLabel {
        caption: Box<Msg>,
        ring: bool,
    },

    // What is under the pointer.
    HoverKey {
        key: String,
        position: u64,
        fraction: f64,
        owner: String,
        from: Option<String>,
    },
    HoverPoint {
        replica: u32,
        node: String,
        vnode: Option<String>,
        position: u64,
        fraction: f64,
        arc: f64,
    },
    HoverArc {
        from: u64,
        to: u64,
        arc: f64,
        node: String,
        replica: u32,
        share: f64,
    },
    HoverEntry {
        first: usize,
        total: usize,
        owner: String,
    },
    HoverEntries {
        first: usize,
        last: usize,
        total: usize,
        owner: String,
    },
    HoverColumn {
        bucket: Option<usize>,
        node: String,
        keys: u64,
        fraction: f64,
        share: f64,
    },

    // Sharing and export.
    ShareKeysNote {
        count: usize,
    },

    // The tour's pictures.
    TourPicture {
        step: u32,
        nodes: usize,
        keys: usize,
    },
    TourShares {
        step: u32,
    },
    TourChord {
        nodes: usize,
        key: String,
        start: String,
        hops: usize,
        owner: String,
    },
    TourReplicas {
        key: String,
    },
    TourProgress {
        step: u32,
        count: u32,
    },

    // Links and the stored state.
    LinkTooLong {
        bytes: usize,
    },
    LinkUnknown {
        name: String,
    },
    LinkRepeated {
        name: &'static str,
    },
    LinkIgnored {
        param: &'static str,
        why: Box<Msg>,
    },
    LinkNotPrime {
        param: ParamRef,
        size: u32,
    },
    LinkOmitted {
        count: u32,
    },
    LinkNotBuilt {
        why: Box<Msg>,
    },
    NoNodeNamed {
        name: String,
    },
    NotOneOf {
        what: Choice,
        text: String,
        all: String,
    },
    NotWhole {
        what: Noun,
        text: String,
        min: u32,
        max: u32,
    },
    OutOfRange {
        what: Noun,
        text: String,
        min: u32,
        max: u32,
    },
    MoreNodes {
        max: usize,
    },
    NodeProblem {
        index: usize,
        why: Box<Msg>,
    },
    NoWeight {
        name: String,
    },
    BadFlag {
        flag: String,
    },
    SlotmapLength {
        has: usize,
        slots: u32,
    },
    SlotmapOwner {
        owner: u32,
    },
    SlotNotWhole {
        text: String,
    },
    SlotTooLarge {
        text: String,
    },
    SlotmapTooLong {
        max: u32,
    },
    BadEscape {
        text: String,
    },
    StoredVersion {
        found: String,
        reads: String,
    },
}

/// A sentence of the catalogues and its arguments' values, in the order of its
/// `# Arguments:` comment there.
pub struct Text {
    pub(crate) id: &'static str,
    pub(crate) names: &'static [&'static str],
    pub(crate) args: Vec<Arg>,
}

/// The value of a sentence's argument, which each catalogue writes.
pub enum Arg {
    /// A whole number: grouped by thousands (`1,204`) unless the catalogue writes it with
    /// `NUMBER($n, useGrouping: "false")`.
    Whole(u64),
    /// A number with a fraction, in the form the catalogue gives it, e.g.
    /// `NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1)`.
    Real(f64),
    /// Text as it is: a name, a key, what was typed.
    Text(String),
    /// Another message, in the same language.
    Msg(Box<Msg>),
    /// An algorithm's or a real system's name.
    Algo(AlgoId),
}

macro_rules! whole_args {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Whole(n as u64)
            }
        })*
    };
}

whole_args!(u64, u32, usize);

impl From<f64> for Arg {
    fn from(x: f64) -> Arg {
        Arg::Real(x)
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

impl From<AlgoId> for Arg {
    fn from(k: AlgoId) -> Arg {
        Arg::Algo(k)
    }
}

// `Msg::<sentence>(…)`: a constructor per sentence of the English catalogue.
include!(concat!(env!("OUT_DIR"), "/messages.rs"));

impl From<Ui> for Msg {
    fn from(key: Ui) -> Msg {
        Msg::Ui(key)
    }
}

impl From<BuildError> for Msg {
    fn from(e: BuildError) -> Msg {
        Msg::Build(e)
    }
}

impl From<PlaceError> for Msg {
    fn from(e: PlaceError) -> Msg {
        match e {
            PlaceError::Core(e) => Msg::Build(e),
            PlaceError::Limit(r) => Msg::Refusal(r),
        }
    }
}

/// How near a guess came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Within the tour's `RIGHT_WITHIN` points.
    Right,
    /// Within its `CLOSE_WITHIN` points.
    Close,
    /// Farther.
    Off,
}
