//! The "Which algorithm?" view: the field's comparison table (issue 14) for the algorithms
//! and node counts the user picks, one [`Row`] of `ring_core::comparison` per algorithm and
//! count, as `ringlab study` prints it: balance with 100 keys per node and of the key
//! space, keys moved against the fewest that had to when 10%, 30% and 50% of the nodes
//! leave (at random and last-first) and come back, memory, build and lookup times.
//!
//! A [`WhichRun`] computes the rows in steps of bounded work ([`RowBuild`]), so that the
//! page fills the table between its frames. Each row is over `ring_core::comparison`'s
//! nodes `10.a.b.c:11211` with the registry's parameters and hash for its algorithm, and
//! 100 virtual nodes where it has them (the command line's defaults), so that the app's
//! table is the command line's, figure for figure but the times.

use ring_core::comparison::{ComparisonError, Row, RowBuild};
use ring_core::{Algorithm, Config};

use super::algo::AlgoId;
use super::message::{ListKind, Msg, Ui};
use super::paper::parse_list;

/// Most nodes a row may have here: each placement is built in one step, and 1,000 nodes'
/// rings of 100 points build in a few milliseconds. `ringlab study` takes up to a million.
pub(crate) const MAX_WHICH_NODES: u32 = 1_000;

/// Virtual nodes per node, for the algorithms that have them (`ringlab study --vnodes`).
pub(crate) const VNODES: u32 = 100;

/// The seed of the keys and of the random removals (`ringlab study --seed`).
pub(crate) const SEED: u64 = 1;

/// What the view compares.
#[derive(Clone, Debug, PartialEq)]
pub struct WhichSettings {
    /// The algorithms, in menu order.
    pub(crate) kinds: Vec<AlgoId>,
    /// The node counts, ascending.
    pub(crate) nodes: Vec<u32>,
}

impl Default for WhichSettings {
    fn default() -> Self {
        WhichSettings {
            kinds: vec![
                AlgoId::Virtual,
                AlgoId::Jump,
                AlgoId::Maglev,
                AlgoId::MultiProbe,
                AlgoId::Anchor,
                AlgoId::Memento,
            ],
            nodes: vec![10, 100],
        }
    }
}

/// Parses the node-count list: 1 to [`MAX_WHICH_NODES`].
pub(crate) fn parse_which_nodes(text: &str) -> Result<Vec<u32>, Msg> {
    parse_list(text, ListKind::NodeCounts, MAX_WHICH_NODES)
}

/// The algorithms the view offers: the registry's algorithms (not the real systems, whose
/// nodes and weights have their own rules), in menu order.
pub(crate) fn offered() -> impl Iterator<Item = AlgoId> {
    AlgoId::algorithms()
}

/// The configuration of `kind`'s rows, as `ringlab study` makes it: the registry's
/// defaults, [`VNODES`] virtual nodes (also an algorithm's own count of them, go-zero's
/// replicas), MurmurHash3 unless the algorithm fixes its hash.
pub(crate) fn config(kind: AlgoId) -> Config {
    let mut algorithm = Algorithm::new(kind);
    if let Some(i) = kind.spec().vnodes_param {
        algorithm = algorithm.with(i, f64::from(VNODES));
    }
    Config::new(algorithm).with_vnodes(VNODES)
}

/// The command that prints the same table (every figure but the times).
pub(crate) fn command(settings: &WhichSettings) -> String {
    let algos: Vec<&str> = settings.kinds.iter().map(|k| k.id()).collect();
    let nodes: Vec<String> = settings.nodes.iter().map(u32::to_string).collect();
    format!(
        "ringlab study --algos {} --nodes {}",
        algos.join(","),
        nodes.join(",")
    )
}

fn refusal(e: ComparisonError) -> Msg {
    match e {
        ComparisonError::Build(e) => Msg::Build(e),
        ComparisonError::Metrics(e) => Msg::Metrics(e),
        ComparisonError::TooMuchWork { .. } => Msg::Ui(Ui::Refused),
    }
}

/// One row of the table: its algorithm and node count, and the row once computed (or why
/// it could not be).
#[derive(Debug, PartialEq)]
pub(crate) struct WhichRow {
    pub(crate) kind: AlgoId,
    pub(crate) nodes: u32,
    pub(crate) row: Option<Result<Row, Msg>>,
}

/// The rows of `settings`, computed a step at a time.
pub(crate) struct WhichRun {
    rows: Vec<WhichRow>,
    next: usize,
    current: Option<RowBuild>,
}

impl WhichRun {
    /// The rows of `settings`, algorithm by algorithm, each over every node count; none
    /// computed yet.
    pub(crate) fn new(settings: &WhichSettings) -> WhichRun {
        let rows = settings
            .kinds
            .iter()
            .flat_map(|&kind| {
                settings.nodes.iter().map(move |&nodes| WhichRow {
                    kind,
                    nodes,
                    row: None,
                })
            })
            .collect();
        WhichRun {
            rows,
            next: 0,
            current: None,
        }
    }

    /// About `work` keys' worth more of the table (or one placement built), timed on
    /// `clock` (nanoseconds); whether every row is done.
    pub(crate) fn step(&mut self, work: u64, clock: &mut dyn FnMut() -> u64) -> bool {
        let Some(slot) = self.rows.get_mut(self.next) else {
            return true;
        };
        let build = match self.current.take() {
            Some(build) => Ok(build),
            None => RowBuild::new(&config(slot.kind), slot.nodes, SEED),
        };
        let outcome = build.and_then(|mut build| match build.step(work, clock) {
            Ok(true) => Ok(build.finish()),
            Ok(false) => {
                self.current = Some(build);
                Ok(None)
            }
            Err(e) => Err(e),
        });
        match outcome {
            Ok(None) => {}
            Ok(Some(row)) => {
                slot.row = Some(Ok(row));
                self.next += 1;
            }
            Err(e) => {
                slot.row = Some(Err(refusal(e)));
                self.next += 1;
            }
        }
        self.next >= self.rows.len()
    }

    /// The rows so far.
    pub(crate) fn rows(&self) -> &[WhichRow] {
        &self.rows
    }

    /// Rows done and in all.
    pub(crate) fn progress(&self) -> (usize, usize) {
        (self.next, self.rows.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The view's rows are the command line's (`ring_core::comparison::row` with the
    /// command line's defaults), but for the times, computed in small steps.
    #[test]
    fn the_rows_are_the_command_lines() {
        let settings = WhichSettings {
            kinds: vec![AlgoId::Virtual, AlgoId::Jump, AlgoId::Bounded],
            nodes: vec![1, 20],
        };
        let mut run = WhichRun::new(&settings);
        let mut clock = || 0u64;
        let mut steps = 0;
        while !run.step(2_000, &mut clock) {
            steps += 1;
        }
        assert!(steps > 6 * 6, "{steps} steps");
        assert_eq!(run.progress(), (6, 6));
        for r in run.rows() {
            let expected = ring_core::comparison::row(&config(r.kind), r.nodes, SEED, &mut clock);
            let got = r.row.as_ref().unwrap().as_ref().unwrap().clone();
            assert_eq!(
                got.without_times(),
                expected.unwrap().without_times(),
                "{:?} on {}",
                r.kind,
                r.nodes
            );
        }
    }

    /// The published trends, on the exact shares: a ring of 100 virtual nodes has a
    /// coefficient of variation near 10%; jump hash is balanced within sampling noise.
    #[test]
    fn the_table_shows_the_published_trends() {
        let settings = WhichSettings {
            kinds: vec![AlgoId::Virtual, AlgoId::Jump],
            nodes: vec![100],
        };
        let mut run = WhichRun::new(&settings);
        while !run.step(u64::MAX, &mut || 0) {}
        let row = |i: usize| {
            run.rows()[i]
                .row
                .as_ref()
                .unwrap()
                .as_ref()
                .unwrap()
                .clone()
        };
        let ring = row(0);
        assert!(
            (0.07..0.13).contains(&ring.key_space.cv),
            "{}",
            ring.key_space.cv
        );
        let jump = row(1);
        // 10^6 sampled keys over 100 nodes: sampling alone gives a CV of 1%.
        assert!(jump.key_space.cv < 0.02, "{}", jump.key_space.cv);
    }

    #[test]
    fn node_counts_over_the_limit_are_refused() {
        assert_eq!(parse_which_nodes("10, 100"), Ok(vec![10, 100]));
        assert!(matches!(
            parse_which_nodes("10, 1001"),
            Err(Msg::ListOutOfRange {
                value: 1_001,
                max: 1_000,
                ..
            })
        ));
        assert!(parse_which_nodes("ten").is_err());
    }

    #[test]
    fn the_offered_algorithms_are_not_systems() {
        let offered: Vec<AlgoId> = offered().collect();
        assert!(offered.contains(&AlgoId::Jump) && offered.contains(&AlgoId::MultiProbe));
        assert!(offered.iter().all(|k| k.system().is_none()));
        for k in WhichSettings::default().kinds {
            assert!(offered.contains(&k), "{k:?}");
        }
    }
}
