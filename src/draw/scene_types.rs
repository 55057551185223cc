//! The scenes: plain structs that say what a picture shows (the ring's, the bins', the
//! bar charts' and a picture's node rows), below both the scene builders (`scene.rs`,
//! from the model) and the painters (`ring.rs`, `bins.rs`, `charts.rs`, `table.rs`), so
//! that each imports them and neither imports the other.

use super::style::Theme;
use crate::model::palette::Shape;
use crate::model::Rgb;

// The ring (`ring.rs`).

/// One point (virtual node) on the ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PointMark {
    /// Position as a fraction of the hash space.
    pub(crate) frac: f64,
    /// The owner's colour.
    pub(crate) colour: Rgb,
    /// The owner's shape.
    pub(crate) shape: Shape,
    /// Its index among the ring's points (see [`RingScene::point_count`]).
    pub(crate) index: u32,
}

/// One key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct KeyDot {
    /// Position as a fraction of the hash space.
    pub(crate) frac: f64,
    /// Where across the key band it sits (0..1), so that keys at close positions do not
    /// all stack on one line.
    pub(crate) jitter: f64,
    /// The owner's colour.
    pub(crate) colour: Rgb,
    /// The previous owner's colour if the last change moved this key.
    pub(crate) from: Option<Rgb>,
}

/// A moved key on its way from the point of its old owner to that of its new one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Traveller {
    /// Where it leaves from (the old owner's point), as a fraction.
    pub(crate) from_frac: f64,
    /// Where it arrives (the new owner's point).
    pub(crate) to_frac: f64,
    /// The old owner's colour.
    pub(crate) from: Rgb,
    /// The new owner's colour.
    pub(crate) to: Rgb,
}

/// The clockwise walk of an explained key to the point that takes it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Walk {
    /// The key, for its label.
    pub(crate) key: String,
    /// The key's position.
    pub(crate) key_frac: f64,
    /// The position of the point that owns it.
    pub(crate) point_frac: f64,
    /// Multi-probe's other probes, each with the point that follows it: drawn faint, the
    /// walk itself starting at the winning probe.
    pub(crate) probes: Vec<(f64, f64)>,
}

/// Something under the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RingHit {
    /// Point `i` of [`RingScene::points`].
    Point(usize),
    /// The arc that ends at point `i` (the arc point `i` owns).
    Arc(usize),
    /// Key `i` of [`RingScene::keys`].
    Key(usize),
}

/// Everything the ring drawing needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RingScene {
    /// Width of the hash space, for the scale's labels.
    pub(crate) space_bits: u32,
    /// The points, sorted by position: every point, or on a ring of more than
    /// [`MAX_POINTS_MARKED`] points, the last point of each of [`MARKED_STRETCHES`]
    /// stretches of the circle.
    pub(crate) points: Vec<PointMark>,
    /// How many points the ring has.
    pub(crate) point_count: usize,
    /// The keys drawn (a sample of all keys).
    pub(crate) keys: Vec<KeyDot>,
    /// Keys on their way after the last change.
    pub(crate) travellers: Vec<Traveller>,
    /// How far the change's animation has run, 0..=1 (1: at rest).
    pub(crate) progress: f64,
    /// The walk of the explained key.
    pub(crate) walk: Option<Walk>,
    /// What the pointer is over.
    pub(crate) hover: Option<RingHit>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours around the drawing.
    pub(crate) theme: Theme,
    /// Whether to draw text (the scale's labels).
    pub(crate) text: bool,
    /// The nodes, for the picture's table (not drawn).
    pub(crate) nodes: Vec<NodeRow>,
    /// Whether a key past the last point goes round to the first; if not (Varnish), the
    /// ring is drawn open at 0.
    pub(crate) wraps: bool,
}

/// Most points marked one by one (for the arcs and the pointer); more are marked by
/// stretches.
pub(crate) const MAX_POINTS_MARKED: usize = 50_000;
/// Most arc runs drawn one by one; more are drawn by sampling the circle.
pub(crate) const MAX_RUNS: usize = 2_048;
/// The stretches a ring of more than [`MAX_POINTS_MARKED`] points is marked by: twice the
/// samples of its arcs, each under half a pixel of a 300-pixel circle.
pub(crate) const MARKED_STRETCHES: usize = 2 * MAX_RUNS;

// The bins (`bins.rs`).

/// The structure drawn above the bins.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Header {
    /// Nothing: the bins are the buckets.
    None,
    /// A lookup table: cell `i` is coloured by the owner of its entries.
    Table {
        /// Cell colours.
        cells: Vec<Rgb>,
        /// Cell colours before the last change, to fade from (same length, or `None`).
        before: Option<Vec<Rgb>>,
        /// The cell of the explained key.
        highlight: Option<usize>,
        /// The cells that hold the explained key's other copies, where the system keeps
        /// them in its table (Riak's next partitions).
        copies: Vec<usize>,
    },
    /// Numbered buckets and the candidates one key's lookup drew: jump's loop, the
    /// power-of-two ranges of JumpBackHash, FlipHash, BinomialHash and power, AnchorHash's
    /// retry chain, DxHash's probes, MementoHash's replacements.
    Buckets {
        /// Every bucket number, in order.
        cells: Vec<BucketCell>,
        /// The key's candidates, in the order drawn: at most [`MAX_DRAWS_SHOWN`], the first
        /// ones and the last.
        draws: Vec<ring_core::trace::Draw>,
        /// Candidates left out before the last.
        more: usize,
        /// The bucket that took the key.
        answer: u32,
        /// The key, for its label.
        key: String,
    },
    /// Each column's score for the explained key, highest wins.
    Scores {
        /// Score per column.
        scores: Vec<f64>,
        /// The winning column.
        winner: usize,
        /// Whether the scores are a real system's 32-bit hashes over 2^32
        /// ([`ring_core::systems::score_of_hash`]), labelled as the system compares them:
        /// whole numbers.
        whole: bool,
    },
}

/// One bucket number of a [`Header::Buckets`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum BucketCell {
    /// A working bucket, in its node's colour.
    Working(Rgb),
    /// A removed bucket (AnchorHash's and DxHash's spare ones among them).
    Removed,
    /// A number in the enclosing power of two past the last bucket: drawn from, never a
    /// bucket.
    Beyond,
}

/// The most candidates of one lookup drawn as rows; the rest are counted.
pub(crate) const MAX_DRAWS_SHOWN: usize = 6;

/// One node's bin.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Column {
    /// Label under the bin.
    pub(crate) label: String,
    /// The characters of the label a cut may leave out first: those the node names share
    /// ([`crate::model::display::label_skipping`]).
    pub(crate) shared: std::ops::Range<usize>,
    /// How many characters at the label's end the node names share, which a cut may leave
    /// out next.
    pub(crate) shared_tail: usize,
    /// The node's colour.
    pub(crate) colour: Rgb,
}

/// A key in a bin: slot `s` is the s-th key of the bin, stacked from the bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BinDot {
    /// Column.
    pub(crate) column: u32,
    /// Place in the column.
    pub(crate) slot: u32,
    /// The owner's colour.
    pub(crate) colour: Rgb,
    /// Where it was before the last change (column in the old layout, slot, colour).
    pub(crate) from: Option<(u32, u32, Rgb)>,
}

/// Something under the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinsHit {
    /// Cell `i` of the table header.
    Cell(usize),
    /// Score bar or bin of column `i`.
    Column(usize),
    /// Dot `i` of [`BinsScene::dots`].
    Dot(usize),
}

/// Everything the bins drawing needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BinsScene {
    /// The structure above the bins.
    pub(crate) header: Header,
    /// The bins.
    pub(crate) columns: Vec<Column>,
    /// How many bins there were before the last change (for where moved keys come from).
    pub(crate) before_columns: u32,
    /// The keys drawn.
    pub(crate) dots: Vec<BinDot>,
    /// Animation progress, 0..=1 (1: at rest).
    pub(crate) progress: f64,
    /// What the pointer is over.
    pub(crate) hover: Option<BinsHit>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours around the drawing.
    pub(crate) theme: Theme,
    /// Whether to draw text.
    pub(crate) text: bool,
    /// The nodes, for the picture's table (not drawn).
    pub(crate) nodes: Vec<NodeRow>,
}

// The bar charts (`charts.rs`).

/// One bar.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bar {
    /// The node's name.
    pub(crate) label: String,
    /// Its value.
    pub(crate) value: f64,
    /// The node's colour.
    pub(crate) colour: Rgb,
    /// The node's shape, marked above its bar (`None`: a bar that is not a node's).
    pub(crate) shape: Option<Shape>,
}

/// How the values read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// Key counts.
    Count,
    /// Fractions shown as percentages.
    Percent,
}

/// Everything a bar chart needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BarsScene {
    /// The bars, one per node.
    pub(crate) bars: Vec<Bar>,
    /// The mean, drawn as a dashed line.
    pub(crate) mean: Option<f64>,
    /// The band drawn behind the bars (mean ± 10%).
    pub(crate) band: Option<(f64, f64)>,
    /// Each bar's own fair value, when the weights differ: a dashed line over a ±10% band
    /// behind that bar alone (in place of `mean` and `band`).
    pub(crate) targets: Option<Vec<f64>>,
    /// The heads of its "as a table" (`None`: node, and keys or share of the space).
    pub(crate) heads: Option<[crate::i18n::Ui; 2]>,
    /// How the axis reads.
    pub(crate) unit: Unit,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours.
    pub(crate) theme: Theme,
    /// Whether to draw text (axis labels, node names).
    pub(crate) text: bool,
}

// A picture's nodes, as its table reads them (`table.rs`).

/// One node of a ring or bins picture, as its table row reads it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NodeRow {
    /// Its name.
    pub(crate) name: String,
    /// Its colour (how the picture shows it).
    pub(crate) colour: Rgb,
    /// Its points on the ring (`None` off a ring).
    pub(crate) points: Option<u32>,
    /// Its share of the hash space: the arcs it owns.
    pub(crate) share: f64,
    /// Its keys.
    pub(crate) keys: u64,
}
