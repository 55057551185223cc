//! The field's comparison table (issue 14): for one algorithm of the registry and one node
//! count, the metrics the public benchmark suites report (the SUPSI Java suite, the
//! AnchorHash and DxHash papers, hash4j's tests), computed on this core's placements.
//! `ringlab study` prints a table of these [`Row`]s.
//!
//! - **Balance** ([`Row::keyed`], [`Row::key_space`]): peak-to-mean (max/mean), min/mean
//!   and the coefficient of variation of the nodes' loads, twice. Once with `100 × n` keys,
//!   as the suites measure it, sampling noise included. Once for the key space itself:
//!   from the exact shares where [`Placement::shares`] are exact ([`shares_are_exact`]),
//!   otherwise from [`SAMPLED_SHARE_KEYS`] keys, which is what the published figures are.
//! - **Monotonicity** ([`Row::changes`]): 10%, 30% and 50% of the nodes removed, at random
//!   (seeded) and last-first, then restored. Keys that moved against the fewest that had
//!   to (the removed nodes' keys; on a restore, the keys the restored nodes own again), the
//!   surviving nodes that lost or gained keys, and keys not back on their first owner
//!   after the restore. A removal the algorithm refuses ([`Placement::check_removal`],
//!   checked on the full placement: jump hash loses only its last node) is reported as
//!   refused rather than computed.
//! - **Cost:** [`Placement::memory_bytes`], the build's time, and the lookup time per key
//!   on the full placement and on each reduced one.
//!
//! Removing nodes builds the placement again over the remaining list, in its order
//! ([`Placement::left`] is equal to that by its contract), and restoring builds it over the
//! whole list. Keys are `user:<n>:<abc>` ([`crate::keys`]) and nodes `10.a.b.c:11211`,
//! equal weights, so every figure but the times is the same on every run and target. The
//! core reads no clock: the caller passes one ([`Clock`]), so the same code serves a
//! command line and a page.
//!
//! ```
//! use ring_core::comparison::{row, Order};
//! use ring_core::registry::AlgoId;
//! use ring_core::{Algorithm, Config};
//!
//! let mut ticks = 0u64;
//! let mut clock = || { ticks += 1; ticks };
//! let jump = row(&Config::new(Algorithm::new(AlgoId::Jump)), 10, 1, &mut clock).unwrap();
//! assert_eq!(jump.keys, 1_000);
//! // Jump hash refuses to lose half its nodes at random (some are not last), and last-first
//! // moves only the keys it must.
//! let half = |order| jump.changes.iter().find(|c| c.order == order && c.percent == 50).unwrap();
//! assert!(half(Order::Random).outcome.is_none());
//! let removal = half(Order::LastFirst).outcome.unwrap().removal;
//! assert_eq!(removal.moved, removal.optimum);
//! ```

use std::fmt;

use crate::error::BuildError;
use crate::keys::SplitMix64;
use crate::metrics::{Balance, MetricsError};
use crate::placement::{Config, NodeIndex, NodeSpec, Placement};
use crate::registry::{AlgoId, AlgoSpec, Picture};

mod staged;
pub use staged::RowBuild;

/// Keys per node of the keyed balance and of the monotonicity runs, as the suites use.
pub const KEYS_PER_NODE: u64 = 100;

/// Keys of the key-space balance of an algorithm whose shares are not exact.
pub const SAMPLED_SHARE_KEYS: u64 = 1_000_000;

/// Most keys a monotonicity run keeps (with their owners before and after): above
/// `KEYS_PER_NODE × n` of this, the first this many keys are used.
pub const MAX_CHANGE_KEYS: u64 = 1_000_000;

/// The node fractions removed, in percent.
pub const REMOVED_PERCENTS: [u32; 3] = [10, 30, 50];

/// Most lookups one row may make, a lookup that scores every node (rendezvous) counting
/// once per node: a few seconds of work on one core. [`check_work`] refuses more before
/// anything is computed.
pub const MAX_WORK: u64 = 3_000_000_000;

/// Keys generated and placed at a time, so that a large count never lives in memory at
/// once (an algorithm that places its keys together gets them all at once).
const KEY_CHUNK: u64 = 1 << 18;

/// A clock in nanoseconds since any fixed start: the caller's (the core reads none).
pub type Clock<'a> = dyn FnMut() -> u64 + 'a;

/// The order nodes are removed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// A seeded random choice of nodes.
    Random,
    /// The last node of the list first, then the one before it, and so on.
    LastFirst,
}

impl Order {
    /// Both orders, in the order of [`Row::changes`].
    pub const ALL: [Order; 2] = [Order::Random, Order::LastFirst];

    /// Its name in tables: `random`, `last`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Random => "random",
            Order::LastFirst => "last",
        }
    }
}

/// Why a row could not be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum ComparisonError {
    /// The placement was refused (too many nodes or points, a bad parameter).
    Build(BuildError),
    /// The loads could not be summarized.
    Metrics(MetricsError),
    /// The row would make more than [`MAX_WORK`] lookups.
    TooMuchWork {
        /// The lookups it would make.
        work: u64,
    },
}

impl fmt::Display for ComparisonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComparisonError::Build(e) => e.fmt(f),
            ComparisonError::Metrics(e) => e.fmt(f),
            ComparisonError::TooMuchWork { work } => write!(
                f,
                "about {work} lookups is too much work: at most {MAX_WORK} (fewer nodes, or \
                 an algorithm that does not score every node)"
            ),
        }
    }
}

impl std::error::Error for ComparisonError {}

impl From<BuildError> for ComparisonError {
    fn from(e: BuildError) -> Self {
        ComparisonError::Build(e)
    }
}

impl From<MetricsError> for ComparisonError {
    fn from(e: MetricsError) -> Self {
        ComparisonError::Metrics(e)
    }
}

/// Whether an algorithm's [`Placement::shares`] are its exact shares of the key space: a
/// ring or a table that alone decides every key (a ring's arcs, a table's entries). Not so
/// for bounded loads, whose cap moves keys off the ring's choice, nor for numbered buckets
/// and scores, whose shares are the expected `1/n` or weights rather than a measure of the
/// key space; nor for multi-probe, whose shares are estimated from sampled hashes.
pub fn shares_are_exact(spec: &AlgoSpec) -> bool {
    matches!(spec.picture, Picture::Ring | Picture::Table)
        && !spec.places_together
        && !spec.shares_sampled
}

/// The study's nodes: `10.a.b.c:11211` for `i` = `a·2^16 + b·2^8 + c` in `0..n`, weight 100.
pub fn nodes(n: u32) -> Vec<NodeSpec> {
    (0..n)
        .map(|i| {
            let name = format!("10.{}.{}.{}:11211", i >> 16, (i >> 8) & 255, i & 255);
            NodeSpec::new(name, 100)
        })
        .collect()
}

/// How many nodes of `n` a removal of `percent`% takes: rounded, at least 1 and leaving at
/// least 1 (0 when `n` is 1: nothing can go).
pub fn removal_count(n: u32, percent: u32) -> u32 {
    let count = (u64::from(n) * u64::from(percent) + 50) / 100;
    (count.max(1) as u32).min(n.saturating_sub(1))
}

/// The nodes removed, in removal order: `count` of `0..n` at random from `seed` (a partial
/// Fisher–Yates shuffle), or the last `count` from the end.
pub fn removed_nodes(n: u32, count: u32, order: Order, seed: u64) -> Vec<NodeIndex> {
    match order {
        Order::LastFirst => (0..count).map(|i| n - 1 - i).collect(),
        Order::Random => {
            let mut all: Vec<NodeIndex> = (0..n).collect();
            let mut rng = SplitMix64::new(seed);
            for i in 0..count as usize {
                let j = i + rng.below((all.len() - i) as u64) as usize;
                all.swap(i, j);
            }
            all.truncate(count as usize);
            all
        }
    }
}

/// The keys of a row: `count` keys of the generator seeded with `seed`.
fn keys_of(count: u64, seed: u64) -> Vec<String> {
    crate::keys::generate(count, seed)
}

/// How many keys the monotonicity runs of `n` nodes use.
pub fn change_keys(n: u32) -> u64 {
    (KEYS_PER_NODE * u64::from(n)).min(MAX_CHANGE_KEYS)
}

/// The lookups a row of `n` nodes makes under `spec`, a lookup that scores every node
/// counting `n` times: the keyed balance, the key-space sample unless the shares are
/// exact, and the full placement, the removals and the restores of every change.
pub fn work(spec: &AlgoSpec, n: u32) -> u64 {
    let keyed = KEYS_PER_NODE * u64::from(n);
    let sampled = if shares_are_exact(spec) {
        0
    } else {
        SAMPLED_SHARE_KEYS
    };
    let passes = 1 + 2 * (Order::ALL.len() * REMOVED_PERCENTS.len()) as u64;
    let lookups = keyed + sampled + passes * change_keys(n);
    let per_lookup = if spec.scores_every_node {
        u64::from(n)
    } else {
        1
    };
    lookups.saturating_mul(per_lookup)
}

/// Refuses a row whose [`work`] is over [`MAX_WORK`].
pub fn check_work(spec: &AlgoSpec, n: u32) -> Result<(), ComparisonError> {
    let work = work(spec, n);
    if work > MAX_WORK {
        Err(ComparisonError::TooMuchWork { work })
    } else {
        Ok(())
    }
}

/// Peak-to-mean, min/mean and the coefficient of variation of per-node values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// Largest value over the mean.
    pub peak_to_mean: f64,
    /// Smallest value over the mean.
    pub min_to_mean: f64,
    /// Standard deviation over the mean.
    pub cv: f64,
}

impl Spread {
    fn of(b: &Balance) -> Spread {
        let min_to_mean = if b.mean > 0.0 { b.min / b.mean } else { 1.0 };
        Spread {
            peak_to_mean: b.peak_to_mean,
            min_to_mean,
            cv: b.cv,
        }
    }
}

/// How the key-space balance was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeySpace {
    /// From the exact shares ([`shares_are_exact`]).
    Exact,
    /// From this many keys.
    Sampled(u64),
}

/// One step of a change, removing or restoring, against the same keys before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Keys whose owner changed.
    pub moved: u64,
    /// The fewest that had to: on a removal the removed nodes' keys, on a restore the keys
    /// the restored nodes own afterwards.
    pub optimum: u64,
    /// Nodes present on both sides (never removed) that lost at least one key: 0 is
    /// monotone on a removal.
    pub survivors_lost: u32,
    /// Nodes present on both sides that gained at least one key: 0 is monotone on a
    /// restore.
    pub survivors_gained: u32,
}

impl Step {
    /// Moved keys over the optimum (1 is minimal disruption; 1 when both are 0).
    pub fn ratio(&self) -> f64 {
        if self.optimum == 0 {
            if self.moved == 0 {
                1.0
            } else {
                f64::INFINITY
            }
        } else {
            self.moved as f64 / self.optimum as f64
        }
    }
}

/// What a removal and its restore did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The removal, against the full placement.
    pub removal: Step,
    /// The restore, against the reduced placement.
    pub restore: Step,
    /// Keys not back on their first owner after the restore (0 for an algorithm whose
    /// placement is a function of its node list).
    pub not_back: u64,
    /// Lookup time per key on the reduced placement, in nanoseconds.
    pub lookup_ns: f64,
}

/// One removal of a row: its order and fraction, and what it did (`None`: refused).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The order of removal.
    pub order: Order,
    /// The fraction removed, in percent.
    pub percent: u32,
    /// How many nodes were (or would have been) removed.
    pub removed: u32,
    /// What it did, or `None` where the algorithm refuses the removal.
    pub outcome: Option<Outcome>,
    /// The algorithm's refusal, where it refused.
    pub refusal: Option<BuildError>,
}

/// One algorithm at one node count.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The algorithm.
    pub algo: AlgoId,
    /// The node count.
    pub nodes: u32,
    /// Keys of the keyed balance (`100 × n`).
    pub keys: u64,
    /// The balance of `keys` keys.
    pub keyed: Spread,
    /// The balance of the key space.
    pub key_space: Spread,
    /// How [`Row::key_space`] was found.
    pub key_space_from: KeySpace,
    /// [`Placement::memory_bytes`] of the full placement.
    pub memory_bytes: u64,
    /// Time to build the full placement, in nanoseconds.
    pub build_ns: u64,
    /// Lookup time per key on the full placement, in nanoseconds.
    pub lookup_ns: f64,
    /// Keys of the monotonicity runs.
    pub change_keys: u64,
    /// Every order × fraction, in the order of [`Order::ALL`] then [`REMOVED_PERCENTS`].
    pub changes: Vec<Change>,
}

impl Row {
    /// The row with its times (build and lookups) set to 0: what two runs of the same row
    /// agree on, whatever their clocks said.
    pub fn without_times(mut self) -> Row {
        self.build_ns = 0;
        self.lookup_ns = 0.0;
        for c in &mut self.changes {
            if let Some(o) = &mut c.outcome {
                o.lookup_ns = 0.0;
            }
        }
        self
    }
}

/// Loads of `count` keys of `seed` under `placement`, placed a chunk at a time unless the
/// algorithm places keys together.
fn sampled_loads(
    placement: &dyn Placement,
    spec: &AlgoSpec,
    count: u64,
    seed: u64,
) -> Result<Vec<u64>, ComparisonError> {
    let mut sample = staged::Sample::new(count, seed, placement.node_count());
    while !sample.advance(placement, KEY_CHUNK, spec.places_together)? {}
    Ok(sample.totals)
}

/// The balance of `KEYS_PER_NODE × n` keys of `seed` under `placement` (built under
/// `spec`): what the suites measure, sampling noise included.
pub fn keyed(
    placement: &dyn Placement,
    spec: &AlgoSpec,
    seed: u64,
) -> Result<Spread, ComparisonError> {
    let count = KEYS_PER_NODE * u64::from(placement.node_count());
    let counts = sampled_loads(placement, spec, count, seed)?;
    Ok(Spread::of(&Balance::of_counts(&counts)?))
}

/// The balance of the key space under `placement` (built under `spec`): of its exact
/// shares where [`shares_are_exact`], otherwise of [`SAMPLED_SHARE_KEYS`] keys drawn from
/// `seed` (a sequence apart from the keyed balance's).
pub fn key_space(
    placement: &dyn Placement,
    spec: &AlgoSpec,
    seed: u64,
) -> Result<(Spread, KeySpace), ComparisonError> {
    if shares_are_exact(spec) {
        return Ok((
            Spread::of(&Balance::of(&placement.shares())?),
            KeySpace::Exact,
        ));
    }
    let counts = sampled_loads(placement, spec, SAMPLED_SHARE_KEYS, seed ^ 1)?;
    Ok((
        Spread::of(&Balance::of_counts(&counts)?),
        KeySpace::Sampled(SAMPLED_SHARE_KEYS),
    ))
}

/// Compares two assignments of the same keys. `removed[i]`: node `i` is absent on one
/// side; `must_move(after_owner, before_owner)` says whether a key had to move.
fn step(
    before: &[NodeIndex],
    after: &[NodeIndex],
    removed: &[bool],
    must_move: impl Fn(NodeIndex, NodeIndex) -> bool,
) -> Step {
    let mut lost = vec![false; removed.len()];
    let mut gained = vec![false; removed.len()];
    let (mut moved, mut optimum) = (0u64, 0u64);
    for (&b, &a) in before.iter().zip(after) {
        optimum += u64::from(must_move(b, a));
        if a != b {
            moved += 1;
            lost[b as usize] = true;
            gained[a as usize] = true;
        }
    }
    let survivors = |flags: &[bool]| {
        flags
            .iter()
            .zip(removed)
            .filter(|&(&f, &r)| f && !r)
            .count() as u32
    };
    Step {
        moved,
        optimum,
        survivors_lost: survivors(&lost),
        survivors_gained: survivors(&gained),
    }
}

/// The first refusal of the nodes `gone` by the full placement: each chosen node at random,
/// and last-first only the last node, since every later removal is the last node of a
/// shorter list of the same algorithm.
fn refusal(full: &dyn Placement, order: Order, gone: &[NodeIndex]) -> Option<BuildError> {
    let checked = match order {
        Order::Random => gone,
        Order::LastFirst => &gone[..gone.len().min(1)],
    };
    checked.iter().find_map(|&i| full.check_removal(i).err())
}

/// The row of `config`'s algorithm over [`nodes`]`(n)`, with keys and removals from
/// `seed`, timed by `clock`. Refused, before any work, over [`MAX_WORK`] or where the core
/// refuses the placement.
pub fn row(
    config: &Config,
    n: u32,
    seed: u64,
    clock: &mut Clock<'_>,
) -> Result<Row, ComparisonError> {
    let mut build = RowBuild::new(config, n, seed)?;
    while !build.step(u64::MAX, clock)? {}
    // A step that said so has put the row together.
    build
        .finish()
        .ok_or(ComparisonError::TooMuchWork { work: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_counts_round_and_leave_a_node() {
        assert_eq!(removal_count(10, 10), 1);
        assert_eq!(removal_count(10, 30), 3);
        assert_eq!(removal_count(10, 50), 5);
        assert_eq!(removal_count(3, 10), 1);
        assert_eq!(removal_count(2, 50), 1);
        assert_eq!(removal_count(1, 50), 0);
        assert_eq!(removal_count(1_000, 30), 300);
    }

    #[test]
    fn random_removals_are_distinct_seeded_nodes() {
        let a = removed_nodes(100, 30, Order::Random, 7);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 30);
        assert!(a.iter().all(|&i| i < 100));
        assert_eq!(a, removed_nodes(100, 30, Order::Random, 7));
        assert_ne!(a, removed_nodes(100, 30, Order::Random, 8));
        assert_eq!(removed_nodes(5, 2, Order::LastFirst, 7), vec![4, 3]);
    }

    #[test]
    fn a_step_counts_moves_and_survivors() {
        // Node 2 removed: its keys go to 0 and 1; one key also moves from 0 to 1.
        let before = [0, 1, 2, 2, 0];
        let after = [0, 1, 0, 1, 1];
        let removed = [false, false, true];
        let s = step(&before, &after, &removed, |b, _| removed[b as usize]);
        assert_eq!(
            s,
            Step {
                moved: 3,
                optimum: 2,
                survivors_lost: 1,
                survivors_gained: 2,
            }
        );
        assert_eq!(s.ratio(), 1.5);
    }

    #[test]
    fn work_counts_every_pass_and_scores_per_node() {
        let jump = AlgoId::Jump.spec();
        let keyed = 100 * 1_000;
        assert_eq!(work(jump, 1_000), keyed + SAMPLED_SHARE_KEYS + 13 * keyed);
        let ring = AlgoId::Virtual.spec();
        assert_eq!(work(ring, 1_000), keyed + 13 * keyed);
        let rendezvous = AlgoId::Rendezvous.spec();
        assert_eq!(work(rendezvous, 1_000), 1_000 * work(jump, 1_000));
        assert!(check_work(rendezvous, 10_000).is_err());
        assert!(check_work(jump, 10_000).is_ok());
    }
}
