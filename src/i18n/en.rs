//! The English catalogue: the reference wording of every key.

use std::borrow::Cow;

use ring_core::error::{
    MAX_EPSILON, MAX_NAME_BYTES, MAX_NODES, MAX_RING_POINTS, MAX_SLOTS, MAX_TABLE_SIZE, MAX_VNODES,
    MAX_WEIGHT,
};
use ring_core::ketama::Weighting;
use ring_core::metrics::{Ideal, MetricsError, MoveSummary};
use ring_core::ring::Naming;
use ring_core::{BuildError, HashFn};

use super::num::{count, dec, int, pct};
use super::{Choice, ListKind, Msg, Quantity, Ui};
use crate::draw::power_of_two;
use crate::model::keys::{MAX_KEYS, MIN_KEYS};
use crate::model::limits::Refusal;
use crate::model::tour::STEP_COUNT;
use crate::model::url::MAX_QUERY_BYTES;
use crate::model::{AlgoKind, ViewKind};

/// The fixed words `key`.
pub fn ui(key: Ui) -> &'static str {
    match key {
        Ui::PageTitle => "Ringlab — consistent hashing, visualized",
        Ui::AppTagline => " — consistent hashing, visualized",
        Ui::Reset => "Reset",
        Ui::ResetLabel => "Reset: back to the first example",
        Ui::DarkTheme => "Dark theme",
        Ui::DarkThemeTitle => "Dark theme on or off",
        Ui::Language => "Language",
        Ui::ControlsLabel => "Controls",
        Ui::Footer => "Every number here comes from ring-core, the same crate the ringlab command line uses.",
        Ui::PanicText => "Something went wrong and Ringlab stopped. ",
        Ui::PanicReset => "Reset",
        Ui::PanicAfter => " to start again from the first example.",
        Ui::AddTitle => "Add a node",
        Ui::Name => "Name",
        Ui::Weight => "Weight",
        Ui::VirtualNodes => "Virtual nodes",
        Ui::AddNodeButton => "Add node",
        Ui::DownBadge => "down",
        Ui::Vnodes => "Vnodes",
        Ui::MarkUpButton => "Up",
        Ui::MarkDownButton => "Down",
        Ui::Remove => "Remove",
        Ui::NodesApplyHint => "Changes apply when you leave the field or press Enter.",
        Ui::Dismiss => "Dismiss",
        Ui::CancelJob => "Cancel",
        Ui::CancelJobLabel => "Stop placing the keys and keep what is shown",
        Ui::JobProgressLabel => "Keys placed so far",
        Ui::DismissLabel => "Dismiss this notice",
        Ui::NoteLinkIgnored => "Parts of this link could not be used and were ignored; the rest is shown.",
        Ui::NoteStoredUnusable => "The state saved from your last visit could not be used, so the first example is shown.",
        Ui::NotePastedTooBig => "Your pasted keys are too many for the browser's storage: after a reload, generated keys stand in for them.",
        Ui::NoteAddressIgnored => "Parts of this address could not be used and were ignored.",
        Ui::NoteAddressUnusable => "This address could not be shown.",
        Ui::AlgorithmTitle => "Algorithm",
        Ui::Placement => "Placement",
        Ui::HashFunction => "Hash function",
        Ui::VnodeNames => "Virtual-node names",
        Ui::WeightsAsIn => "Weights as in",
        Ui::ReplicasLabel => "Replicas (raised to 100 if lower)",
        Ui::SlotsLabel => "Slots",
        Ui::TableSizeLabel => "Table size (a prime)",
        Ui::EpsilonLabel => "Allowed overload ε",
        Ui::DefaultVnodesLabel => "Virtual nodes per node (default)",
        Ui::KeysTitle => "Keys",
        Ui::HowMany => "How many",
        Ui::Seed => "Seed",
        Ui::DrawnLabel => "Keys drawn as dots",
        Ui::DrawnApply => "Draw",
        Ui::DrawnHint => "0 to 20,000 dots (default 2,000); counts and charts always cover every key.",
        Ui::Generate => "Generate",
        Ui::NextSeedLabel => "Generate with the next seed",
        Ui::NextSeed => "Seed +1",
        Ui::PasteSummary => "Or paste your own keys",
        Ui::PasteLabel => "Keys, one per line",
        Ui::UsePasted => "Use these keys",
        Ui::ExplainTitle => "Where does a key go?",
        Ui::Key => "Key",
        Ui::ExplainPlaceholder => "e.g. user:42",
        Ui::ExplainHint => "Type a key to see its hash and the path to its owner, drawn on the picture too.",
        Ui::WhatMoves => "What moves",
        Ui::WhatMoved => "What moved: ",
        Ui::SummaryEmpty => "Nothing to compare yet. Add a node, remove one or mark one down, and watch which keys move.",
        Ui::FlowTo => "to",
        Ui::NoKeyMoved => "No key changed owner.",
        Ui::FlowsLabel => "Keys moved, by node",
        Ui::LegendCaption => "Nodes, their colours, keys and share of the hash space",
        Ui::Node => "Node",
        Ui::Keys => "Keys",
        Ui::Space => "Space",
        Ui::Play => "Play",
        Ui::Pause => "Pause",
        Ui::PlaybackGroup => "Animation of the last change",
        Ui::ReplayLabel => "Replay the last change",
        Ui::Replay => "Replay",
        Ui::Speed => "Speed",
        Ui::ReducedMotion => "Animation off: your system asks for reduced motion.",
        Ui::Load => "Load",
        Ui::SharesCaption => "Share of the hash space per node (dashed: the mean, band: ±10%)",
        Ui::Balance => "Balance",
        Ui::Measure => "Measure",
        Ui::HashSpace => "Hash space",
        Ui::R1 => "R1",
        Ui::R2 => "R2",
        Ui::R3 => "R3",
        Ui::R1About => "largest / smallest",
        Ui::R2About => "nodes within 10% of the mean",
        Ui::R3About => "nodes within 2% of the mean",
        Ui::PeakMean => "Peak / mean",
        Ui::PeakAbout => "the busiest node against a fair share",
        Ui::StdDev => "Std dev",
        Ui::StdDevAbout => "spread around the mean",
        Ui::HintRing => "Hover or tap a point, an arc or a key to see what it is; or focus the picture and use the arrow keys.",
        Ui::HintBins => "Hover or tap a bin, a cell or a key to see what it is; or focus the picture and use the arrow keys.",
        Ui::ViewsNav => "Views",
        Ui::ViewsTablist => "Views of Ringlab",
        Ui::CopyLink => "Copy link",
        Ui::LinkCopied => "Link copied to the clipboard.",
        Ui::CopyRefused => "This browser did not let the page copy: the link below is selected, copy it with Ctrl+C (⌘C on a Mac).",
        Ui::LinkLabel => "Link to this exact picture",
        Ui::Done => "Done",
        Ui::PictureRing => "Ring",
        Ui::PictureLoads => "Keys per node",
        Ui::PictureShares => "Hash-space share",
        Ui::SaveRingLabel => "Save the ring picture as a PNG file",
        Ui::SaveLoadsLabel => "Save the keys per node picture as a PNG file",
        Ui::SaveSharesLabel => "Save the hash-space share picture as a PNG file",
        Ui::SaveTitle => "Save as a file",
        Ui::Png => "PNG",
        Ui::Csv => "CSV",
        Ui::CsvLabel => "Save the loads per node as a CSV file",
        Ui::LoadsPerNode => "Loads per node",
        Ui::CompareCsv => "Save the table as CSV",
        Ui::CompareCsvLabel => "Save the compare table as a CSV file",
        Ui::OpenInRinglab => "Open in Ringlab ↗",
        Ui::NoSuchPicture => "there is no such picture on the page now",
        Ui::DownloadFailed => "the download could not start",
        Ui::EncodeFailed => "the picture could not be encoded",
        Ui::TourSlow => "Slow (16 s a step)",
        Ui::TourNormal => "Normal (10 s a step)",
        Ui::TourFast => "Fast (5 s a step)",
        Ui::TourVeryFast => "Very fast (2 s a step)",
        Ui::TourComputed => "What the core computed",
        Ui::TourPlayLabel => "Play the tour",
        Ui::TourPauseLabel => "Pause the tour",
        Ui::TourPlayButton => "▶ Play",
        Ui::TourPauseButton => "❚❚ Pause",
        Ui::TourHeading => "Guided tour",
        Ui::TourControls => "Tour controls",
        Ui::TourBackLabel => "Previous step",
        Ui::TourBack => "← Back",
        Ui::TourNextLabel => "Next step",
        Ui::TourNext => "Next →",
        Ui::Step => "Step",
        Ui::TourMeter => "Progress through the tour",
        Ui::TourKeys => "While the tour has focus: ← and → step back and forward, Home and End go to the first and last step, the space bar plays or pauses.",
        Ui::Moved => "Moved",
        Ui::Ideal => "Ideal",
        Ui::PeakAboutKeys => "the busiest node's keys over the mean",
        Ui::R1AboutShares => "largest share of the hash space / smallest",
        Ui::R2AboutShares => "nodes within 10% of the mean share",
        Ui::R3AboutShares => "nodes within 2% of the mean share",
        Ui::Memory => "Memory",
        Ui::RemoveLastNode => "Remove the last node",
        Ui::NoChange => "No change",
        Ui::CompareTitle => "Compare algorithms",
        Ui::CompareChangeGroup => "The change applied to every algorithm",
        Ui::ChangeColon => "Change:",
        Ui::Algorithm => "Algorithm",
        Ui::KeysMoved => "Keys moved",
        Ui::Size => "Size",
        Ui::SizeAbout => "points on the ring, slots, table entries or buckets",
        Ui::ChordTitle => "Chord: finger tables and lookups",
        Ui::ChordHint => "Each node that is up sits at one point, the hash of its name, on the ring of the lab's hash. A node's finger i points at the first node at or after it + 2^i; a lookup hops to the farthest finger that does not pass the key.",
        Ui::KeyToLookUp => "Key to look up",
        Ui::StartAtNode => "Start at node",
        Ui::LabNodes => "The lab's nodes",
        Ui::Position => "Position",
        Ui::FingersCol => "Fingers → node",
        Ui::ChordStartTag => " (start)",
        Ui::ChordOwnerTag => " (owner)",
        Ui::EveryCopyLost => "every copy lost",
        Ui::No => "no",
        Ui::ReplicationTitle => "Replication to successors",
        Ui::ReplicationHint => "Each key is stored on its owner and the next R − 1 distinct nodes clockwise (its preference list). When a node fails, the next replica, which already has the data, serves its keys, and the next node clockwise receives a copy.",
        Ui::NodeThatFails => "Node that fails",
        Ui::NoneOption => "None",
        Ui::UseVirtualRing => "Use the ring with virtual nodes",
        Ui::FirstKeys => "The first keys of the key set",
        Ui::PreferenceList => "Preference list",
        Ui::AfterTheFailure => "After the failure",
        Ui::ServedBy => "Served by",
        Ui::NewCopyOn => "New copy on",
        Ui::LostQ => "Lost?",
        Ui::Refused => "refused",
        Ui::PaperTitle => "Seed 003's balance table, computed live",
        Ui::NodeCounts => "Node counts (rows)",
        Ui::VnodeCounts => "Virtual nodes per node (columns)",
        Ui::HashShort => "Hash",
        Ui::PaperReset => "The paper's table",
        Ui::NothingToCompute => "Nothing to compute.",
        Ui::NodesCol => "Nodes",
        Ui::ChartCaption => "R1 against virtual nodes per node (both axes logarithmic); R1 = 1 is perfect balance",
        Ui::ChartLabel => "R1 against virtual nodes per node, one line per node count, both axes logarithmic.",
        Ui::Lines => "Lines",
        Ui::PaperXAxis => "virtual nodes per node",
        Ui::PaperYAxis => "R1 (largest share / smallest)",
        Ui::NodeGone => "that node no longer exists",
        Ui::ChordTypeKey => "type a key to look up",
        Ui::NoNodeUp => "no node is up",
        Ui::ReplicationNeedsRing => "replication walks a ring: pick a ring algorithm first",
        Ui::LinkKeyWays => "keys (with seed), keylist and pasted are different ways to give the keys, and only one may be used: the first example's keys stand in",
        Ui::LinkParamOutOfRange => "a parameter is out of range",
        Ui::LinkKeyCountOutOfRange => "the key count is out of range",
        Ui::LinkPastedInvalid => "the pasted keys are not a valid key list",
        Ui::SlotmapNodesIgnored => "the nodes it refers to were ignored",
        Ui::SlotmapOnlySlots => "it only applies to the slot table (algo=slots)",
        Ui::EveryNodeDown => "every node is down: at least one must be up",
        Ui::ColourOutOfRange => "a colour is out of range",
        Ui::GroupRepeatsZero => "a group repeats 0 times",
        Ui::NotUtf8 => "the text is not valid UTF-8",
        Ui::NotRinglabFormat => "it is not in Ringlab's format",
    }
}

fn q(text: &str) -> String {
    format!("{text:?}")
}

fn algo(kind: AlgoKind) -> &'static str {
    match kind {
        AlgoKind::Modulo => "Modulo (hash mod n)",
        AlgoKind::SinglePoint => "Ring, one point per node",
        AlgoKind::Virtual => "Ring with virtual nodes",
        AlgoKind::GoZero => "go-zero ring",
        AlgoKind::Ketama => "ketama",
        AlgoKind::SlotTable => "Slot table",
        AlgoKind::Jump => "Jump consistent hash",
        AlgoKind::Maglev => "Maglev lookup table",
        AlgoKind::Rendezvous => "Rendezvous (highest random weight)",
        AlgoKind::Bounded => "Bounded loads (ring with a cap)",
    }
}

fn algo_about(kind: AlgoKind) -> &'static str {
    match kind {
        AlgoKind::Modulo => "A key goes to node hash mod n: adding one node moves almost every key.",
        AlgoKind::SinglePoint => "Each node sits at one point on the ring; a key goes to the first node clockwise.",
        AlgoKind::Virtual => "Each node sits at many points (virtual nodes); a key goes to the first point clockwise.",
        AlgoKind::GoZero => "go-zero's core/hash ring: MurmurHash3, at least 100 replicas per node, weights in percent.",
        AlgoKind::Ketama => "libketama's ring: MD5 of \"server-i\", 4 points per digest, 160 points per server scaled by weight.",
        AlgoKind::SlotTable => "A fixed table of slots dealt to the nodes in turn; a key goes to the owner of slot hash mod slots.",
        AlgoKind::Jump => "Nodes are numbered buckets 0..n; only the last bucket can leave.",
        AlgoKind::Maglev => "Each node fills the lookup table by its own permutation; a key goes to the owner of entry hash mod size.",
        AlgoKind::Rendezvous => "Every node scores the key; the highest score wins.",
        AlgoKind::Bounded => "A virtual-node ring where no node takes more than (1 + ε) × the mean load: full nodes pass keys on clockwise.",
    }
}

fn weight_meaning(kind: AlgoKind) -> &'static str {
    match kind {
        AlgoKind::Virtual | AlgoKind::Bounded => "percent of the virtual-node count (100 = as set)",
        AlgoKind::GoZero => "percent of the replicas (100 = all)",
        AlgoKind::Ketama => "server memory: points in proportion",
        AlgoKind::Maglev | AlgoKind::Rendezvous => "relative share",
        AlgoKind::Modulo | AlgoKind::SinglePoint | AlgoKind::SlotTable | AlgoKind::Jump => {
            "ignored"
        }
    }
}

fn hash_about(hash: HashFn) -> &'static str {
    match hash {
        HashFn::Md5 => "MD5, first 4 bytes little-endian (ketama)",
        HashFn::Murmur3_64 => "MurmurHash3 x64_128, first 64 bits (go-zero)",
        HashFn::Murmur3_32 => "MurmurHash3 x86_32",
        HashFn::Fnv1_32 => "FNV-1, 32 bits",
        HashFn::Fnv1a_32 => "FNV-1a, 32 bits",
        HashFn::Fnv1_64 => "FNV-1, 64 bits",
        HashFn::Fnv1a_64 => "FNV-1a, 64 bits",
        HashFn::JavaString => "Java String.hashCode",
        HashFn::Crc32Memcached => "CRC32 as the Java memcached client (15 bits)",
        HashFn::JavaMd5Hex => "hashCode of the MD5 hex string (seed 000's Java ring)",
    }
}

fn view(v: ViewKind) -> &'static str {
    match v {
        ViewKind::Explore => "Explore",
        ViewKind::Tour => "Tour",
        ViewKind::Compare => "Compare",
        ViewKind::Chord => "Chord",
        ViewKind::Replication => "Replication",
        ViewKind::Paper => "Paper",
    }
}

fn quantity(what: Quantity) -> &'static str {
    match what {
        Quantity::GoZeroReplicas => "go-zero's replicas",
        Quantity::Slots => "the slot count",
        Quantity::TableSize => "Maglev's table size",
        Quantity::DefaultVnodes => "the default virtual-node count",
        Quantity::PastedCount => "the number of pasted keys",
        Quantity::AWeight => "a weight",
        Quantity::AVnodeCount => "a virtual-node count",
        Quantity::AColour => "a colour",
        Quantity::TourStep => "the tour's step",
        Quantity::DrawnKeys => "the number of keys drawn",
    }
}

fn list_kind(what: ListKind) -> &'static str {
    match what {
        ListKind::NodeCounts => "node counts",
        ListKind::VnodeCounts => "virtual-node counts",
    }
}

fn list_range(what: ListKind, max: u32) -> String {
    format!(
        "{} are whole numbers from 1 to {max}, such as \"10, 20\" or \"10..100 step 10\"",
        list_kind(what)
    )
}

fn choice(what: Choice, text: &str, all: &str) -> String {
    match what {
        Choice::Algorithm => format!("{text} is not an algorithm: use one of {all}"),
        Choice::Hash => format!("{text} is not a hash: use one of {all}"),
        Choice::Naming => format!("{text} is not a naming: use {all}"),
        Choice::Weighting => format!("{text} is not a weighting: use {all}"),
        Choice::View => format!("{text} is not a view: use {all}"),
        Choice::Theme => format!("{text} is not a theme: use light or dark"),
        Choice::Layout => {
            format!("{text} is not a layout: use embed, embed=ring or embed=chart")
        }
        Choice::ZeroOrOne => format!("{text} is not 0 or 1"),
        Choice::Language => format!("{text} is not a language: use {all}"),
    }
}

fn refusal(r: &Refusal) -> String {
    match r {
        Refusal::PasteTooLarge { bytes, max } => format!(
            "the pasted text is {bytes} bytes long: paste at most {max} bytes (1 to {MAX_KEYS} keys, one per line)"
        ),
        Refusal::TooManyScores { nodes, keys, max } => format!(
            "rendezvous scores every node for every key: {nodes} nodes × {keys} keys is {} scores, at most {max} (fewer keys or nodes)",
            nodes.saturating_mul(*keys)
        ),
        Refusal::TooManyReplicas { replicas, max } => {
            format!("replication factor {replicas}: it must be from 1 to {max} here")
        }
    }
}

fn build(e: &BuildError) -> String {
    match e {
        BuildError::NoNodes => "the cluster needs at least one node".to_string(),
        BuildError::TooManyNodes { count } => {
            format!("{count} nodes is too many: at most {MAX_NODES}")
        }
        BuildError::EmptyName { index } => {
            format!("node {} has an empty name: give it a name", index + 1)
        }
        BuildError::NameTooLong { index, bytes } => format!(
            "node {}'s name is {bytes} bytes long: at most {MAX_NAME_BYTES}",
            index + 1
        ),
        BuildError::DuplicateName { name } => {
            format!("two nodes are named {name:?}: names must be unique")
        }
        BuildError::BadWeight { name, weight } => format!(
            "node {name:?} has weight {weight}: a weight is a whole number from 1 to {MAX_WEIGHT}"
        ),
        BuildError::BadVnodes {
            name: Some(name),
            vnodes,
        } => format!("node {name:?} has {vnodes} virtual nodes: allowed are 1 to {MAX_VNODES}"),
        BuildError::BadVnodes { name: None, vnodes } => {
            format!("{vnodes} virtual nodes per node: allowed are 1 to {MAX_VNODES}")
        }
        BuildError::TooManyPoints { points } => format!(
            "the ring would hold {points} points: at most {MAX_RING_POINTS} (fewer nodes or virtual nodes)"
        ),
        BuildError::BadSlots { slots } => {
            format!("{slots} slots: a slot table has 1 to {MAX_SLOTS} slots")
        }
        BuildError::BadTableSize { size, nodes } => format!(
            "Maglev table size {size}: it must be a prime from 2 to {MAX_TABLE_SIZE}, and at least the node count ({nodes})"
        ),
        BuildError::BadEpsilon { epsilon } => format!(
            "epsilon {epsilon}: it must be a number above 0 and at most {MAX_EPSILON}"
        ),
        BuildError::BadReplicas { replicas, nodes } => format!(
            "replication factor {replicas}: it must be from 1 to the node count ({nodes})"
        ),
        BuildError::NoSuchNode { index } => format!("there is no node {index}"),
        BuildError::JumpRemovesOnlyLast { index, last } => format!(
            "jump hash numbers its nodes as buckets 0..n and only the last one (bucket {last}) can leave; bucket {index} cannot"
        ),
        BuildError::BadBits { bits } => {
            format!("a ring of 2^{bits} positions: the width in bits must be from 1 to 64")
        }
        BuildError::PositionOutOfRange { position, bits } => format!(
            "position {position} is outside the ring of 2^{bits} positions (0 to {})",
            u64::MAX >> (64 - (*bits).clamp(1, 64))
        ),
        BuildError::RepeatedNode { index } => format!(
            "node {index} is given more than once: each node has one position on a Chord ring"
        ),
    }
}

fn metrics(e: &MetricsError) -> String {
    match e {
        MetricsError::Empty => "there are no values to summarize".to_string(),
        MetricsError::BadValue { index, value } => format!(
            "value {} is {value}: shares and key counts are finite numbers of at least 0",
            index + 1
        ),
        MetricsError::NoSuchNode {
            key,
            node,
            node_count,
        } => format!(
            "key {} is assigned to node {node}, but the nodes are 0 to {}",
            key + 1,
            node_count.saturating_sub(1)
        ),
        MetricsError::TooManyNodes { count } => {
            format!("{count} nodes is too many: at most {MAX_NODES}")
        }
        MetricsError::LengthMismatch { before, after } => format!(
            "cannot compare {before} keys with {after} keys: both assignments must cover the same keys"
        ),
    }
}

/// `1,204 of 10,000 keys moved (12.0%); ideal 1/11 = 9.1%`, as the core words it.
fn moved(s: &MoveSummary) -> String {
    let noun = if s.total == 1 { "key" } else { "keys" };
    let mut out = format!(
        "{} of {} {noun} moved ({})",
        int(s.moved),
        int(s.total),
        pct(s.fraction(), 1)
    );
    match s.ideal {
        Ideal::Join { nodes_after } if nodes_after > 0 => out.push_str(&format!(
            "; ideal 1/{} = {}",
            int(nodes_after),
            pct(s.ideal_fraction().unwrap_or(0.0), 1)
        )),
        Ideal::Leave { .. } => out.push_str(&format!(
            "; ideal {} (the leaving node's share)",
            pct(s.ideal_fraction().unwrap_or(0.0), 1)
        )),
        Ideal::Join { .. } | Ideal::None => {}
    }
    out
}

fn naming(n: Naming) -> &'static str {
    match n {
        Naming::Hash => "name#i (e.g. cache-a#3)",
        Naming::Dash => "name-i (e.g. cache-a-3)",
        Naming::JavaSeed => "name-hash-i (the Java seed's)",
    }
}

fn weighting(w: Weighting) -> &'static str {
    match w {
        Weighting::Libketama => "libketama (C)",
        Weighting::JavaClient => "Java memcached client",
    }
}

/// `s` with its first letter in capitals. ASCII only: what is capitalised starts with an
/// English word or a tour node's name (`cache-a`), never a reader's name, and
/// `char::to_uppercase` would link Unicode's uppercase tables into the wasm (7 KB of the
/// gzipped release build, measured; BENCHMARKS.md, "Release wasm size").
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(c)
            .collect(),
        None => String::new(),
    }
}

fn weight_range() -> String {
    format!("a weight is a whole number from 1 to {MAX_WEIGHT}")
}

fn vnode_range() -> String {
    format!("virtual nodes are a whole number from 1 to {MAX_VNODES}")
}

fn key_count_range() -> String {
    format!("the key count is a whole number from {MIN_KEYS} to {MAX_KEYS}")
}

fn param_range(what: Quantity, min: u32, max: u32) -> String {
    format!("{} is a whole number from {min} to {max}", quantity(what))
}

fn epsilon_range() -> String {
    format!("ε is a number above 0 and at most {MAX_EPSILON}")
}

fn fails(name: &str, held: u64, total: u64, owned: u64) -> String {
    format!(
        "{name} fails: it held a copy of {} of {} keys and owned {}",
        int(held),
        int(total),
        int(owned)
    )
}

fn r1_words(r1: f64) -> String {
    if r1.is_finite() {
        dec(r1, 2)
    } else {
        "infinite (a node owns nothing)".to_string()
    }
}

fn pos(position: u64, fraction: f64) -> String {
    format!("{position} ({} round)", pct(fraction, 2))
}

/// The sentence `msg`.
pub fn text(msg: &Msg) -> Cow<'static, str> {
    let s = match msg {
        Msg::Ui(key) => return Cow::Borrowed(ui(*key)),
        Msg::Build(e) => build(e),
        Msg::Metrics(e) => metrics(e),
        Msg::Refusal(r) => refusal(r),
        Msg::CouldNotStart(e) => format!("Ringlab could not start: {}", build(e)),
        Msg::AlgoLabel(kind) => return Cow::Borrowed(algo(*kind)),
        Msg::AlgoAbout(kind) => return Cow::Borrowed(algo_about(*kind)),
        Msg::WeightMeaning(kind) => return Cow::Borrowed(weight_meaning(*kind)),
        Msg::HashAbout(hash) => return Cow::Borrowed(hash_about(*hash)),
        Msg::NamingLabel(n) => return Cow::Borrowed(naming(*n)),
        Msg::WeightingLabel(w) => return Cow::Borrowed(weighting(*w)),
        Msg::ViewLabel(v) => return Cow::Borrowed(view(*v)),

        Msg::WeightEmpty => format!("the weight is empty: {}", weight_range()),
        Msg::WeightTooLarge { weight } => {
            format!("weight {weight} is too large: {}", weight_range())
        }
        Msg::WeightNotWhole { text } => {
            format!("weight {} is not a whole number: {}", q(text), weight_range())
        }
        Msg::VnodesEmpty => format!("the virtual-node count is empty: {}", vnode_range()),
        Msg::VnodesTooMany { vnodes } => {
            format!("{vnodes} virtual nodes is too many: {}", vnode_range())
        }
        Msg::VnodesNotWhole { text } => {
            format!("{} is not a whole number: {}", q(text), vnode_range())
        }
        Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        } => format!("{value} is out of range: {}", param_range(*what, *min, *max)),
        Msg::ParamEmpty { what, min, max } => format!(
            "{} is empty: {}",
            capitalised(quantity(*what)),
            param_range(*what, *min, *max)
        ),
        Msg::ParamNotWhole {
            what,
            text,
            min,
            max,
        } => format!(
            "{} is not a whole number: {}",
            q(text),
            param_range(*what, *min, *max)
        ),
        Msg::EpsilonNotNumber { text } => {
            format!("{} is not a number: {}", q(text), epsilon_range())
        }
        Msg::EpsilonOutOfRange { text } => {
            format!("{text} is out of range: {}", epsilon_range())
        }
        Msg::ExplainTooLong { bytes, max } => format!(
            "the key is {bytes} bytes long: explain a key of at most {max} bytes"
        ),
        Msg::NoSuchStep { step } => {
            format!("there is no step {step}: the tour has steps 1 to {STEP_COUNT}")
        }
        Msg::TourNoNode { name } => format!("the tour has no node {name}"),
        Msg::PasteNone => {
            format!("no keys: paste {MIN_KEYS} to {MAX_KEYS} keys, one per line")
        }
        Msg::PasteTooMany { count } => format!(
            "{count} keys is too many: paste {MIN_KEYS} to {MAX_KEYS} keys, one per line"
        ),
        Msg::PasteKeyTooLong { line, bytes } => format!(
            "key {line} is {bytes} bytes long: a key is at most {} bytes",
            crate::model::keys::MAX_KEY_BYTES
        ),
        Msg::KeyCountEmpty => format!("the key count is empty: {}", key_count_range()),
        Msg::KeyCountOutOfRange { count } => {
            format!("{count} keys is out of range: {}", key_count_range())
        }
        Msg::KeyCountNotNumber { text } => {
            format!("{} is not a number: {}", q(text), key_count_range())
        }
        Msg::ViewFirstKeys { used, of } => format!(
            "These figures cover the first {} of the {} keys, so that this view answers at once.",
            count(*used),
            count(*of)
        ),
        Msg::PlacingKeys { keys } => format!("Placing {} keys…", count(*keys)),
        Msg::SeedNotWhole { text } => format!(
            "seed {} is not a whole number: a seed is from 0 to {}",
            q(text),
            u64::MAX
        ),

        Msg::Added { name } => format!("added {name}"),
        Msg::Removed { name } => format!("removed {name}"),
        Msg::MarkedDown { name } => format!("{name} marked down"),
        Msg::MarkedUp { name } => format!("{name} marked up"),
        Msg::WeightSet { name, weight } => format!("{name}'s weight set to {weight}"),
        Msg::VnodesSet {
            name,
            vnodes: Some(v),
        } => format!("{name} set to {v} virtual nodes"),
        Msg::VnodesSet { name, vnodes: None } => {
            format!("{name} set to the default virtual-node count")
        }
        Msg::DefaultVnodesSet { vnodes } => format!("default virtual nodes set to {vnodes}"),
        Msg::AlgorithmSet(kind) => format!("algorithm changed to {}", algo(*kind)),
        Msg::HashSet(hash) => format!("hash changed to {}", hash.name()),
        Msg::NamingSet(n) => format!("virtual-node naming changed to {}", n.name()),
        Msg::WeightingSet(w) => format!("ketama weighting changed to {w:?}"),
        Msg::ReplicasSet { replicas } => format!("go-zero replicas set to {replicas}"),
        Msg::SlotsSet { slots } => format!("slot table set to {slots} slots"),
        Msg::TableSizeSet { size } => format!("Maglev table size set to {size}"),
        Msg::EpsilonSet { epsilon } => format!("ε set to {epsilon}"),

        Msg::Moved(summary) => moved(summary),

        Msg::StepHashRing {
            hash,
            key,
            position,
            fraction,
        } => format!(
            "{}({key:?}) = {position}, {} of the way round the ring.",
            hash.name(),
            pct(*fraction, 1)
        ),
        Msg::StepWalk {
            distance,
            wrapped,
            replica,
            owner,
            position,
        } => format!(
            "Walk clockwise {} of the ring{} to the first point at or after it: point {replica} of {owner} at {position}.",
            pct(*distance, 2),
            if *wrapped { ", past the top" } else { "" },
        ),
        Msg::StepOwner { name } => format!("Owner: {name}."),
        Msg::StepWalkPastFull { walk } => format!(
            "Walk clockwise past full nodes: {} (the last had room).",
            walk.join(" → ")
        ),
        Msg::StepWalkFirst { point } => format!("Walk clockwise to the first point: {point}."),
        Msg::StepHash { hash, key, value } => format!("{}({key:?}) = {value}.", hash.name()),
        Msg::StepModulo {
            hash,
            buckets,
            bucket,
            name,
        } => format!("{hash} mod {buckets} = {bucket}: node {name}."),
        Msg::StepTableEntry { entry, owner } => {
            format!("It picks entry {entry} of the table, owned by {owner}.")
        }
        Msg::StepJumpSeed { hash, key, seed } => format!(
            "{}({key:?}) = {seed}, the seed of jump's loop.",
            hash.name()
        ),
        Msg::StepJumpPath { path } => {
            let path: Vec<String> = path.iter().map(u32::to_string).collect();
            format!("Buckets the loop stood on: {}.", path.join(" → "))
        }
        Msg::StepJumpOwner { bucket, name } => format!("Owner: bucket {bucket}, {name}."),
        Msg::StepScores { scores } => {
            let list: Vec<String> = scores
                .iter()
                .map(|(name, s)| format!("{name} {}", dec(*s, 3)))
                .collect();
            format!("Scores: {}.", list.join(", "))
        }
        Msg::StepHighest { name } => format!("Highest score: {name}."),

        Msg::TourTitle(step) => return Cow::Borrowed(tour(*step).0),
        Msg::TourCaption(step) => return Cow::Borrowed(tour(*step).1),
        Msg::FactChange { what, summary } => {
            format!("{}: {}.", capitalised(&text(what)), moved(summary))
        }
        Msg::FactFlows { flows, more } => {
            let shown: Vec<String> = flows
                .iter()
                .map(|(from, to, keys)| format!("{from} → {to} {keys}"))
                .collect();
            let more = if *more > 0 {
                format!(" and {more} more flows")
            } else {
                String::new()
            };
            format!("Keys moved: {}{more}.", shown.join(", "))
        }
        Msg::FactShares { r1, r2, r3 } => format!(
            "Shares of the hash space: R1 = {}, R2 = {}, R3 = {}.",
            r1_words(*r1),
            pct(*r2, 0),
            pct(*r3, 0)
        ),
        Msg::FactKeys { min, max, peak } => format!(
            "Keys per node: from {} to {}; the busiest has {} times the mean.",
            int(*min),
            int(*max),
            dec(*peak, 2)
        ),
        Msg::FactPoints { points, nodes } => {
            format!("{} points on the ring for {nodes} nodes.", count(*points))
        }
        Msg::FactPointsPerNode { list } => {
            let list: Vec<String> = list.iter().map(|(n, c)| format!("{n} {c}")).collect();
            format!("Points per node: {}.", list.join(", "))
        }
        Msg::FactMemory { bytes } => {
            format!("The lookup structure holds {} bytes.", int(*bytes))
        }
        Msg::FactChordHash {
            key,
            position,
            owner,
        } => format!("{key:?} hashes to {position}; its owner is {owner}."),
        Msg::FactChordLookup {
            start,
            path,
            nodes,
            log2,
        } => format!(
            "Lookup from {start}: {} ({} hops; log2 {nodes} = {}).",
            path.join(" → "),
            path.len().saturating_sub(1),
            dec(*log2, 2)
        ),
        Msg::FactStored { key, on, replicas } => {
            format!("{key:?} is stored on {} (R = {replicas}).", on.join(", "))
        }
        Msg::FactWithFailure { on } => format!("With the failure it is on {}.", on.join(", ")),
        Msg::FactFails {
            name,
            held,
            total,
            owned,
            recopied,
            lost,
        } => format!(
            "{}; their next replicas serve them, {} keys get a new copy, and {} keys lost every copy.",
            fails(name, *held, *total, *owned),
            int(*recopied),
            int(*lost)
        ),
        Msg::FactPassedOn { passed, total } => format!(
            "{} of {} keys found their first node full and were passed on clockwise.",
            int(*passed),
            int(*total)
        ),
        Msg::FactSlotDrop { leaver, summary } => {
            format!("Dropping {leaver} the seed's way: {}.", moved(summary))
        }
        Msg::FactSlotDeal {
            slots,
            rest,
            summary,
        } => format!(
            "Dealing {} slots afresh over the other {rest}: {}.",
            int(*slots),
            moved(summary)
        ),

        Msg::CompareTooMany { max, kind } => format!(
            "compare at most {max} algorithms: untick one before adding {}",
            algo(*kind)
        ),
        Msg::CompareTooFew { min, kind } => format!(
            "compare at least {min} algorithms: tick another before removing {}",
            algo(*kind)
        ),
        Msg::CompareAdd { name } => format!("add {name}"),
        Msg::CompareRemove { name } => format!("remove {name}"),
        Msg::CompareAddButton { name } => format!("Add a node ({name})"),
        Msg::CompareRemoveButton { name } => format!("Remove the last node ({name})"),
        Msg::CompareHint { up, keys } => format!(
            "The lab's {up} nodes that are up and its {} keys, placed by each algorithm, then given the same change. Edit the nodes and keys in Explore.",
            count(*keys)
        ),
        Msg::CompareAlgos { min, max } => format!("Algorithms ({min} to {max})"),
        Msg::CompareColumn { kind, nodes } => format!(
            "{}: {nodes} nodes; keys that moved are ringed.",
            algo(*kind)
        ),
        Msg::CompareSummary { what } => format!("Summary: {}", text(what)),

        Msg::ChordKeyTooLong { bytes, max } => format!(
            "the key is {bytes} bytes long: look up a key of at most {max} bytes"
        ),
        Msg::ChordNodesUp { count } => format!("{count} nodes up."),
        Msg::ChordAdd { name } => format!("Add {name}"),
        Msg::ChordLabel {
            nodes,
            key,
            start,
            path,
        } => format!(
            "Chord ring of {nodes} nodes. The lookup of {key:?} from {start} goes {}.",
            path.join(" → ")
        ),
        Msg::ChordHops { hops, nodes, log2 } => {
            format!("{hops} hops; log2 {nodes} = {}", dec(*log2, 2))
        }
        Msg::ChordKeyLine {
            key,
            position,
            fraction,
            owner,
            within,
            bound,
        } => format!(
            "{key:?} hashes to {position} ({} of the ring); its owner is {owner}. {}",
            pct(*fraction, 1),
            if *within {
                format!("Within ⌈log2 n⌉ + 1 = {bound} hops.")
            } else {
                format!("More than ⌈log2 n⌉ + 1 = {bound} hops.")
            }
        ),
        Msg::ChordNoHop { name } => format!("{name} owns the key itself: no hop."),
        Msg::ChordHop { from, to, finger } => {
            if *finger == 0 {
                format!("{from} → {to} (finger 0, its successor, which owns the key)")
            } else {
                format!("{from} → {to} (finger {finger}, 2^{finger} ahead)")
            }
        }
        Msg::ChordShadowed { names } => format!(
            "Left off the ring (same position as another node): {}.",
            names.join(", ")
        ),
        Msg::FingerCaption { bits } => format!(
            "Finger tables ({bits} fingers per node; runs of fingers to the same node merged)"
        ),
        Msg::ChordKeyMark { key } => format!("key {key}"),

        Msg::ReplicasNotWhole { text, nodes } => format!(
            "R {} is not a whole number: R is a whole number from 1 to {nodes}",
            q(text)
        ),
        Msg::ReplicationKeyTooLong { bytes, max } => format!(
            "the key is {bytes} bytes long: type a key of at most {max} bytes"
        ),
        Msg::ReplicasLabel { nodes } => format!("Replicas R (1 to {nodes})"),
        Msg::NotARing { kind } => format!(
            "{} has no ring to walk: preference lists are the next nodes clockwise on a ring.",
            algo(*kind)
        ),
        Msg::ReplicasPicture {
            key,
            replicas,
            failed,
        } => format!(
            "The ring; the replicas of {key:?} are numbered 1 to {replicas} clockwise from its position{}.",
            if *failed {
                "; the failed node's points are crossed out and + marks the node that receives a copy"
            } else {
                ""
            }
        ),
        Msg::ReplicationFails {
            name,
            held,
            total,
            owned,
            recopied,
            lost,
        } => format!(
            "{}. Their next replicas serve them; {} keys get a new copy on the next node clockwise. Keys that lost every copy: {}.",
            fails(name, *held, *total, *owned),
            int(*recopied),
            int(*lost)
        ),
        Msg::ReplicationNoFailure { replicas, nodes } => format!(
            "R = {replicas}: every key is stored on {replicas} of the {nodes} nodes. Pick a node that fails to see who takes over."
        ),
        Msg::AfterFailure { on } => format!("After the failure: {}.", on.join(", ")),

        Msg::ListOutOfRange { what, value, max } => {
            format!("{value} is out of range: {}", list_range(*what, *max))
        }
        Msg::ListNotWhole { what, text, max } => format!(
            "{} is not a whole number: {}",
            q(text),
            list_range(*what, *max)
        ),
        Msg::ListEmptyRange {
            what,
            from,
            to,
            max,
        } => format!(
            "the range {from}..{to} is empty: {}",
            list_range(*what, *max)
        ),
        Msg::ListRunaway { what } => format!(
            "too many {}: at most {}",
            list_kind(*what),
            crate::model::paper::MAX_LIST
        ),
        Msg::ListStepAlone { what, max } => format!(
            "a step belongs to a range such as 10..100/10: {}",
            list_range(*what, *max)
        ),
        Msg::ListEmpty { what, max } => {
            format!("the list is empty: {}", list_range(*what, *max))
        }
        Msg::ListTooMany { what, count } => format!(
            "{count} {} is too many: at most {}",
            list_kind(*what),
            crate::model::paper::MAX_LIST
        ),
        Msg::PaperBudget { work, max } => format!(
            "this table would build {} points: the page computes at most {} — use fewer or smaller node or virtual-node counts (ringlab balance on the command line has no limit)",
            int(*work),
            int(*max)
        ),
        Msg::PaperGroupOnePoint => "1 point per node".to_string(),
        Msg::PaperGroupOneVnode => "1 vnode".to_string(),
        Msg::PaperGroupVnodes { vnodes } => format!("{} vnodes", int(*vnodes)),
        Msg::PaperHint { kind, max_points } => {
            let naming = match kind {
                AlgoKind::Virtual => " — virtual node j of node i is named 192.168.1.i#j; 1 vnode is the basic ring, one point at the hash of 192.168.1.i",
                AlgoKind::Bounded => " — virtual node j of node i is named 192.168.1.i#j",
                _ => "",
            };
            format!(
                "Nodes 192.168.1.1 … 192.168.1.n{naming}. Each cell is one placement built by ring-core; R1 is the largest share of the hash space over the smallest, R2 and R3 the fraction of nodes within 10% and 2% of the mean share. The cells are computed one after another between frames, and a table may build at most {} points in all.",
                int(*max_points)
            )
        }
        Msg::PaperHashFixed { kind, hash } => {
            format!("{} always uses {}.", algo(*kind), hash.name())
        }
        Msg::PaperNoVnodes { kind } => format!(
            "{} has no virtual nodes: every column group is the same.",
            algo(*kind)
        ),
        Msg::PaperComputing {
            done,
            total,
            points,
        } => format!(
            "Computing: {done} of {total} cells ({} points in all)…",
            int(*points)
        ),
        Msg::PaperDone { total, points } => format!(
            "All {total} cells computed ({} points in all). The same table on the command line:",
            int(*points)
        ),
        Msg::PaperCaption { kind, hash } => {
            format!("R1, R2, R3 of {} ({})", algo(*kind), hash.name())
        }
        Msg::NodesCount { nodes } => format!("{nodes} nodes"),

        Msg::NodesTitle { up, total } => format!("Nodes ({up} up of {total})"),
        Msg::NodeWeightOf { name } => format!("Weight of {name}"),
        Msg::NodeVnodesOf { name } => format!("Virtual nodes of {name} (empty: the default)"),
        Msg::MarkUp { name } => format!("Mark up {name}"),
        Msg::MarkDown { name } => format!("Mark down {name}"),
        Msg::RemoveNamed { name } => format!("Remove {name}"),
        Msg::NodesHintVnodes { kind, default } => format!(
            "Weight: {}. Virtual nodes: empty uses the default ({default}). {}",
            weight_meaning(*kind),
            ui(Ui::NodesApplyHint)
        ),
        Msg::NodesHintNoVnodes { kind } => format!(
            "Weight: {}. {} has no per-node virtual-node count. {}",
            weight_meaning(*kind),
            algo(*kind),
            ui(Ui::NodesApplyHint)
        ),
        Msg::NodesHintIgnored { kind } => format!(
            "{} ignores weights and virtual-node counts. {}",
            algo(*kind),
            ui(Ui::NodesApplyHint)
        ),
        Msg::HashFixed { kind, hash } => format!(
            "{} always uses {} ({}).",
            algo(*kind),
            hash.name(),
            hash_about(*hash)
        ),
        Msg::HashRange { hash } => format!(
            "{}: values 0 to {}−1.",
            hash_about(*hash),
            power_of_two(hash.bits())
        ),
        Msg::KeysGenerated { count, seed } => {
            format!("In use: {} generated keys, seed {seed}.", int(*count))
        }
        Msg::KeysPasted { count: n } => format!("In use: {} pasted keys.", count(*n)),
        Msg::KeyCountHint => format!(
            "{MIN_KEYS} to {} keys like user:123:abc, the same for the same seed.",
            int(MAX_KEYS)
        ),
        Msg::FlowKeys { keys } => format!("{} keys", int(*keys)),
        Msg::FlowsMore { more, keys } => {
            format!("and {more} smaller movements, {} keys", int(*keys))
        }
        Msg::SampleSome { shown, total } => format!(
            "Showing {} of {} keys as dots; every count covers all keys.",
            count(*shown),
            count(*total)
        ),
        Msg::SampleAll { shown } => format!("Showing all {} keys as dots.", count(*shown)),
        Msg::LoadsCaption { total } => format!(
            "Keys per node ({} keys; dashed: the mean, band: ±10%)",
            count(*total)
        ),
        Msg::PictureRing {
            kind,
            points,
            bits,
            hash,
        } => format!(
            "{}: {} points on a ring of {} positions ({}).",
            algo(*kind),
            count(*points),
            power_of_two(*bits),
            hash.name()
        ),
        Msg::PictureBuckets { kind, count, hash } => format!(
            "{}: {count} numbered buckets ({}).",
            algo(*kind),
            hash.name()
        ),
        Msg::PictureTable {
            kind,
            entries,
            hash,
        } => format!(
            "{}: a table of {} entries, coloured by owner ({}).",
            algo(*kind),
            count(*entries),
            hash.name()
        ),
        Msg::PictureScores { kind, key, hash } => format!(
            "{}: each node's score for {key:?}; the highest wins ({}).",
            algo(*kind),
            hash.name()
        ),
        Msg::PictureLabel { caption, ring } => format!(
            "{} Keys are dots coloured by owner. Arrow keys: left and right step through {}, up and down through keys.",
            text(caption),
            if *ring { "points" } else { "nodes" }
        ),

        Msg::HoverKey {
            key,
            position,
            fraction,
            owner,
            from,
        } => format!(
            "Key {key:?}: hash {}, owner {owner}{}.",
            pos(*position, *fraction),
            from.as_ref()
                .map_or_else(String::new, |f| format!(" (moved from {f})"))
        ),
        Msg::HoverPoint {
            replica,
            node,
            vnode,
            position,
            fraction,
            arc,
        } => format!(
            "Point {replica} of {node}{} at {}; its arc is {} of the ring.",
            vnode
                .as_ref()
                .map_or_else(String::new, |v| format!(" (virtual node {v:?})")),
            pos(*position, *fraction),
            pct(*arc, 2)
        ),
        Msg::HoverArc {
            from,
            to,
            arc,
            node,
            replica,
            share,
        } => format!(
            "Arc from {from} to {to}: {} of the ring, owned by {node} (point {replica}). {node} owns {} of the ring in all.",
            pct(*arc, 2),
            pct(*share, 1)
        ),
        Msg::HoverEntry {
            first,
            total,
            owner,
        } => format!("Entry {first} of {total}: owned by {owner}."),
        Msg::HoverEntries {
            first,
            last,
            total,
            owner,
        } => format!("Entries {first} to {last} of {total}: the first is owned by {owner}."),
        Msg::HoverColumn {
            bucket,
            node,
            keys,
            fraction,
            share,
        } => format!(
            "{}{node}: {} keys ({}), {} of the hash space.",
            bucket.map_or_else(String::new, |b| format!("Bucket {b}, ")),
            int(*keys),
            pct(*fraction, 1),
            pct(*share, 1)
        ),

        Msg::ShareKeysNote { count: n } => format!(
            "Your {} pasted keys are too many for a link: it only counts them, and opens with generated keys instead.",
            count(*n)
        ),
        Msg::Saved { name } => format!("Saved {name}."),
        Msg::CouldNotSave { name, why } => format!("Could not save {name}: {}.", text(why)),

        Msg::TourPicture { step, nodes, keys } => format!(
            "The picture of step {step}: {nodes} nodes, {keys} keys coloured by owner."
        ),
        Msg::TourShares { step } => format!(
            "Each node's share of the hash space, step {step}; dashed: the mean, band: ±10%."
        ),
        Msg::TourChord {
            nodes,
            key,
            start,
            hops,
            owner,
        } => format!(
            "Chord ring of {nodes} nodes; the lookup of {key:?} from {start} takes {hops} hops to {owner}."
        ),
        Msg::TourReplicas { key } => format!(
            "The replicas of {key:?} numbered clockwise from its position; the failed node's points are crossed out."
        ),
        Msg::TourProgress { step, count } => format!("Step {step} of {count}"),

        Msg::LinkTooLong { bytes } => format!(
            "the address is {bytes} bytes long, more than the {MAX_QUERY_BYTES} read: it was ignored"
        ),
        Msg::LinkUnknown { name } => format!("unknown parameter {name}: ignored"),
        Msg::LinkRepeated { name } => format!("{name} is given more than once: the first is used"),
        Msg::LinkIgnored { param, why } => format!("{param}: {}: ignored", text(why)),
        Msg::LinkNotPrime { size } => format!(
            "table: {size} is not a prime, and Maglev's table size is a prime from 2 to {MAX_TABLE_SIZE}: ignored"
        ),
        Msg::LinkOmitted { count } => format!(
            "the link was made with {count} pasted keys, which were too many to carry: {} generated keys stand in for them",
            crate::model::url::DEFAULT_KEYS
        ),
        Msg::LinkNotBuilt { why } => format!(
            "the cluster it describes could not be built ({}): the first example is shown instead",
            text(why)
        ),
        Msg::NotOneOf { what, text, all } => choice(*what, text, all),
        Msg::NotWhole {
            what,
            text,
            min,
            max,
        } => format!(
            "{text} is not a whole number: {}",
            param_range(*what, *min, *max)
        ),
        Msg::OutOfRange {
            what,
            text,
            min,
            max,
        } => format!("{text} is out of range: {}", param_range(*what, *min, *max)),
        Msg::MoreNodes { max } => format!("more than {max} nodes"),
        Msg::NodeProblem { index, why } => format!("node {index}: {}", text(why)),
        Msg::NoWeight { name } => format!("{name} has no weight (write name:weight)"),
        Msg::BadFlag { flag } => format!("{flag} is not vN, cN or down (each at most once)"),
        Msg::SlotmapLength { has, slots } => {
            format!("it has {has} slots, and the table has {slots}")
        }
        Msg::SlotmapOwner { owner } => format!("slot owner {owner} is not a node that is up"),
        Msg::SlotNotWhole { text } => format!("{text} is not a whole number"),
        Msg::SlotTooLarge { text } => format!("{text} is too large"),
        Msg::SlotmapTooLong { max } => format!("it covers more than {max} slots"),
        Msg::BadEscape { text } => {
            format!("{text} is not a percent escape (% and two hex digits)")
        }
        Msg::StoredVersion { found, reads } => {
            format!("it was saved in format {found}, and this page reads {reads}")
        }
    };
    Cow::Owned(s)
}

/// The tour's step `step` (1-based): its title and caption.
fn tour(step: u32) -> (&'static str, &'static str) {
    step.checked_sub(1)
        .and_then(|i| TOUR.get(i as usize))
        .copied()
        .unwrap_or(("", ""))
}

const TOUR: [(&str, &str); STEP_COUNT as usize] = [
    (
        "Hash, then take the remainder",
        "Seed 000 starts from an order table split into 10 tables: hash(user_id) % size picks the table that holds a user's orders, and a cache cluster picks a server with hash(key) % N the same way. Below, 2,000 keys go to 4 caches by MD5 hash mod 4: each column is a cache, each dot a key. The spread is even, and a lookup costs one hash and one division.",
    ),
    (
        "Add a server, lose the cache",
        "Add a server and the rule becomes hash(key) % (size + 1): seed 000 warns that almost all cached data is then invalid at once, and every miss falls through to the database. Seed 002 shows it with the numbers 2, 3, 4 and 5: spread over 2 buckets and then over 3, every one of them changes bucket. Here a fifth cache joins; a new node only needs 1/5 of the keys.",
    ),
    (
        "The ring and the clockwise rule",
        "Seeds 001, 003 and 004 hash servers and keys onto one circle of 2^32 positions; a key belongs to the first server met going clockwise from it, so each server owns the arc that ends at its point. Seed 000's prose states the rule the other way round (the largest server hash at or below the key's), but its Java code, TreeMap.tailMap(hash), walks clockwise like the others. The dark path is one key's walk.",
    ),
    (
        "A server fails",
        "Seed 000: if node 2 goes down, only node 2's data moves, to node 3, the next node clockwise; no other node is touched. Seed 001 says the same of a removed server. Here cache-b is marked down: exactly its keys move, all to one node, where modulo moved keys between every pair of nodes.",
    ),
    (
        "A server joins",
        "Seed 003: when a node joins, only the keys between its point and the previous point counter-clockwise are remapped, all onto the new node; every other key stays put. Seed 002 draws the practical lesson: a new machine only has to copy data from the machine after it before it starts serving.",
    ),
    (
        "Few points, uneven arcs (R1)",
        "With one point per server the arcs are as uneven as random gaps. Seed 003 measures it with R1, the largest share of the ring over the smallest, and R2 and R3, the fraction of nodes within 10% and 2% of the mean share; for 30 nodes it found R1 above 100, a hundredfold difference in load. Here are 10 nodes, 192.168.1.1 to 192.168.1.10, hashed with MD5 as in the paper.",
    ),
    (
        "Virtual nodes",
        "Every seed's remedy is virtual nodes: each server is hashed many times under names such as 192.168.1.100#1 (seed 003) or 10.24.23.227#1 (seed 001), and a key that walks to a virtual node belongs to its server. Seed 003 reports that 30 virtual nodes per server bring R1 below 2 for 30 servers. The same 10 servers as in the last step, 30 points each.",
    ),
    (
        "A hundred virtual nodes",
        "Seed 003 calls 100 virtual nodes per server a common setting, and finds it still not perfectly even: above 30 servers R1 exceeds 1.5 and R2 falls below 0.7, so the busiest node has 1.5 times the share of the least busy and more than 30% of the nodes are over 10% off the mean. Here are 30 servers with 100 points each; the Paper view computes the whole table.",
    ),
    (
        "Weights",
        "Machines differ, so seed 004 lets a node join with a weight: its virtual-node count becomes replicas × weight / 100, and more points win more of the ring. Here cache-b's weight goes from 100 to 200, doubling its points; every key that moves, moves onto cache-b.",
    ),
    (
        "ketama, as memcached clients do it",
        "The seeds' ring is what memcached clients have long shipped as ketama: MD5 of \"server-i\", each 16-byte digest cut into four 32-bit points, 40 digests or 160 points per server at equal weights and in proportion to memory otherwise. These are the eight servers and weights of libketama's own test, which gets 1,264 points. A key hashes to the first 4 bytes of its MD5 and walks clockwise.",
    ),
    (
        "A fixed table of 1024 slots",
        "Seed 001 fixes the ring in advance: 1024 virtual slots, slot i belonging to node_(i % 8), and a key goes to slot (hashCode & 0x7FFFFFFF) % 1024 — one division, no search. Its dropNode deletes a node's slots so that ceilingEntry finds the next remaining slot and only that node's keys move; dealing all 1024 slots afresh for 7 nodes would move most keys, as modulo did.",
    ),
    (
        "Chord: the owner in O(log n) hops",
        "Seed 002 notes that walking the ring node by node costs O(k) for k nodes, and points to the jump tables of the 2001 DHTs (CAN, Chord, Tapestry, Pastry): each node records the owners of the points 1, 2, 4, … ahead of it. Chord forwards a query to the farthest finger that does not pass the key, at least halving the distance left, so a lookup takes O(log n) hops. Below, 16 nodes at the MD5 of their names, the start node's fingers, and one lookup's hops.",
    ),
    (
        "Replication to successors",
        "Seed 002 suggests each machine also keep a copy of the data of the machine before it, so that one going offline loses nothing. Generalised, a key lives on its owner and the next R − 1 distinct nodes clockwise, its preference list. With R = 3 here, when cache-b fails the next replica, which already holds the data, serves its keys, and one more node clockwise receives a copy.",
    ),
    (
        "Jump consistent hash",
        "Seed 003 also studies Google's jump consistent hash (Lamping and Veach, 2014): no ring and no table, only a short loop of multiplications that turns a 64-bit key into a bucket from 0 to n − 1. Adding bucket n moves the ideal 1/(n + 1) of the keys, all onto the new bucket, and it keeps nothing in memory. The price: buckets are numbered, so only the last one can leave.",
    ),
    (
        "Maglev",
        "Maglev, Google's load balancer and another of seed 003's algorithms, fills a lookup table of prime size M: each node walks its own permutation of the entries and the nodes take turns claiming free ones, so each holds about M/n entries. A lookup is one hash and one table read. Adding a node moves a little more than the ideal, because a few entries also change hands between old nodes.",
    ),
    (
        "Bounded loads",
        "Consistent hashing with bounded loads, the last of seed 003's list (Mirrokni, Thorup and Zadimoghaddam), caps every node at ⌈(1 + ε) × mean⌉ keys: a key whose node is full walks on clockwise to the next node with room. With ε = 0.25, no node carries more than 1.25 times the mean, however uneven its arcs.",
    ),
    (
        "go-zero's ring",
        "Seed 004 reads go-zero's core/hash: MurmurHash3 of the node's name followed by the replica number, 100 replicas by default (fewer are raised to 100), and weights that scale them as replicas × weight / 100 but never above the replica count. A point shared by two nodes keeps both, and a key landing on it is placed by hashing \"16777619:\" + key. Below, localhost:3 has weight 50 and localhost:4 weight 200 — yet only 100 points.",
    ),
];
