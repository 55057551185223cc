//! The balance study of seed 003, cell by cell: `n` nodes named `192.168.1.1` …
//! `192.168.1.n` (virtual node `j` of node `i` is `192.168.1.i#j` under [`Naming::Hash`]),
//! placed by one algorithm, and R1, R2 and R3 of their shares of the hash space
//! ([`Balance`]).
//!
//! `ringlab balance` prints a table of these cells and the web app computes the same table
//! in the browser; both get the same answer, through [`cell`] at once or through a
//! [`CellBuild`], which computes a cell a bounded amount of work at a time so that a page
//! can draw between the slices of a cell of a million points.
//!
//! ```
//! use ring_core::study::{cell, config};
//! use ring_core::{Algorithm, HashFn};
//! use ring_core::ring::Naming;
//!
//! // One point per node, 10 nodes, MD5: the paper's basic ring is very uneven.
//! let c = config(Algorithm::virtual_nodes(Naming::Hash), HashFn::Md5, 1);
//! assert_eq!(c.algorithm, Algorithm::single_point());
//! let b = cell(&c, 10).unwrap();
//! assert!(b.r1 > 10.0);
//! ```

use std::fmt;

use crate::metrics::{Balance, MetricsError};
use crate::placement::{build, Algorithm, Config, NodeSpec};
use crate::registry::AlgoId;
use crate::ring::{add_arcs, shares_of_arcs, RingBuild, POINT_WORK};
use crate::{BuildError, HashFn, RingPoint};

/// The nodes of the study: `192.168.1.1` … `192.168.1.n`, equal weights (100).
pub fn nodes(n: u32) -> Vec<NodeSpec> {
    (1..=n)
        .map(|i| NodeSpec::new(format!("192.168.1.{i}"), 100))
        .collect()
}

/// Whether a cell of `kind` with `vnodes` virtual nodes per node is the paper's basic ring,
/// one point per node at the hash of its plain name (see [`config`]): the virtual-node ring
/// with one virtual node. Its column group is called "1 point per node".
pub fn is_basic_ring(kind: AlgoId, vnodes: u32) -> bool {
    kind == AlgoId::Virtual && vnodes == 1
}

/// The configuration of a cell with `vnodes` virtual nodes per node. For the virtual-node
/// ring, one virtual node is the paper's basic ring ([`is_basic_ring`]): one point per node
/// at the hash of its plain name (not of `name#0`), that is [`Algorithm::single_point()`].
pub fn config(algorithm: Algorithm, hash: HashFn, vnodes: u32) -> Config {
    let algorithm = if is_basic_ring(algorithm.id, vnodes) {
        Algorithm::single_point()
    } else {
        algorithm
    };
    Config {
        algorithm,
        hash,
        default_vnodes: vnodes,
    }
}

/// Why a cell could not be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum StudyError {
    /// The placement was refused (too many points, a bad parameter).
    Build(BuildError),
    /// The shares could not be summarized.
    Metrics(MetricsError),
}

impl fmt::Display for StudyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudyError::Build(e) => e.fmt(f),
            StudyError::Metrics(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StudyError {}

/// The balance of the shares of the hash space of [`nodes`]`(n)` under `config`.
pub fn cell(config: &Config, n: u32) -> Result<Balance, StudyError> {
    let placement = build(config, &nodes(n)).map_err(StudyError::Build)?;
    Balance::of(&placement.shares()).map_err(StudyError::Metrics)
}

/// A [`cell`] computed a bounded amount of work at a time: [`CellBuild::step`] until it
/// says it is done, then [`CellBuild::finish`], which gives what [`cell`] gives.
///
/// The cells of a ring of [`AlgoId::SinglePoint`], [`AlgoId::Virtual`] and
/// [`AlgoId::Bounded`] (whose shares are those of its plain virtual-node ring) build
/// their ring with a [`RingBuild`], then sum the nodes' arcs a slice at a time. The other
/// algorithms' cells are built at once by [`CellBuild::new`]: a table, a few points per
/// node, or nothing ([`work`]); go-zero's ring, with points and a tie rule of its own, can
/// grow as large as a virtual-node ring and is built at once too.
///
/// ```
/// use ring_core::study::{cell, config, CellBuild};
/// use ring_core::{Algorithm, HashFn};
/// use ring_core::ring::Naming;
///
/// let c = config(Algorithm::virtual_nodes(Naming::Hash), HashFn::Md5, 100);
/// let mut build = CellBuild::new(&c, 30)?;
/// while !build.step(256) {}
/// assert_eq!(build.finish()?, cell(&c, 30)?);
/// # Ok::<(), ring_core::study::StudyError>(())
/// ```
#[derive(Clone, Debug)]
pub struct CellBuild {
    stage: CellStage,
    /// The work of the ring's build, then of summing the arcs (one per point).
    ring_work: u64,
    arcs_work: u64,
}

#[derive(Clone, Debug)]
enum CellStage {
    /// The ring is being built.
    Ring(Box<RingBuild>),
    /// The arcs of the points before `next` are summed into `arcs`.
    Arcs {
        points: Vec<RingPoint>,
        space_bits: u32,
        next: usize,
        arcs: Vec<u128>,
    },
    /// Every node's share of the space.
    Shares(Vec<f64>),
}

impl CellBuild {
    /// Starts the cell of `n` nodes under `config`. Every refusal [`cell`] would give for
    /// the placement (no nodes, too many points, a bad parameter) comes from here, before
    /// any point is made. An algorithm whose cell is not built in slices is built here.
    pub fn new(config: &Config, n: u32) -> Result<CellBuild, StudyError> {
        let nodes = nodes(n);
        match ring_build(config, &nodes).map_err(StudyError::Build)? {
            Some(ring) => {
                let ring_work = ring.work_until_sorted();
                let arcs_work = ring.point_count();
                Ok(CellBuild {
                    stage: CellStage::Ring(Box::new(ring)),
                    ring_work,
                    arcs_work,
                })
            }
            None => {
                let placement = build(config, &nodes).map_err(StudyError::Build)?;
                Ok(CellBuild {
                    stage: CellStage::Shares(placement.shares()),
                    ring_work: 0,
                    arcs_work: 0,
                })
            }
        }
    }

    /// Does about `budget` units of the work (at least one), a unit being the time to make
    /// one point of the ring ([`RingBuild::step`]). Returns whether the work is all done;
    /// [`CellBuild::finish`] then only summarizes one share per node.
    pub fn step(&mut self, budget: usize) -> bool {
        let mut left = (budget.max(1) as u64).saturating_mul(POINT_WORK);
        loop {
            match &mut self.stage {
                CellStage::Ring(ring) => {
                    left = left.saturating_sub(ring.work(left));
                    if !ring.is_finished() {
                        return false;
                    }
                    self.sum_arcs();
                }
                CellStage::Arcs {
                    points,
                    space_bits,
                    next,
                    arcs,
                } => {
                    if left == 0 {
                        return false;
                    }
                    let end = next
                        .saturating_add(usize::try_from(left).unwrap_or(usize::MAX))
                        .min(points.len());
                    add_arcs(points, *next..end, *space_bits, arcs);
                    left -= (end - *next) as u64;
                    *next = end;
                    if end >= points.len() {
                        self.stage = CellStage::Shares(shares_of_arcs(arcs, *space_bits));
                    }
                }
                CellStage::Shares(_) => return true,
            }
        }
    }

    /// Moves a finished ring's points on to the summing of their arcs.
    fn sum_arcs(&mut self) {
        let stage = std::mem::replace(&mut self.stage, CellStage::Shares(Vec::new()));
        self.stage = match stage {
            CellStage::Ring(ring) => arcs_of(*ring),
            other => other,
        };
    }

    /// Work done and work in all, for a progress bar: only their ratio means anything. A
    /// cell built at once by [`CellBuild::new`] is `(1, 1)`.
    pub fn progress(&self) -> (u64, u64) {
        let total = self.ring_work + self.arcs_work;
        match &self.stage {
            CellStage::Ring(ring) => (ring.progress().0, total),
            CellStage::Arcs { next, .. } => (self.ring_work + *next as u64, total),
            CellStage::Shares(_) => (total.max(1), total.max(1)),
        }
    }

    /// The cell, with any work left done at once: what [`cell`] gives.
    pub fn finish(self) -> Result<Balance, StudyError> {
        let stage = match self.stage {
            CellStage::Ring(ring) => arcs_of(*ring),
            other => other,
        };
        let shares = match stage {
            CellStage::Arcs {
                points,
                space_bits,
                next,
                mut arcs,
            } => {
                add_arcs(&points, next..points.len(), space_bits, &mut arcs);
                shares_of_arcs(&arcs, space_bits)
            }
            CellStage::Shares(shares) => shares,
            // Turned into arcs above.
            CellStage::Ring(_) => Vec::new(),
        };
        Balance::of(&shares).map_err(StudyError::Metrics)
    }
}

/// The summing of the arcs of `ring`'s points, the ring finished first if it is not.
fn arcs_of(ring: RingBuild) -> CellStage {
    let (points, space_bits, node_count) = ring.into_sorted_points();
    CellStage::Arcs {
        points,
        space_bits,
        next: 0,
        arcs: vec![0; node_count as usize],
    }
}

/// The ring whose shares are the cell's under `config`, as a build in slices, with the
/// checks [`build`] and the constructors make before building it, in their order; `None`
/// for an algorithm whose cell is not built in slices.
fn ring_build(config: &Config, nodes: &[NodeSpec]) -> Result<Option<RingBuild>, BuildError> {
    match config.algorithm.spec().shares_ring {
        Some(build) => build(config, nodes).map(Some),
        None => Ok(None),
    }
}

/// About how many points, slots or entries building a cell creates: a measure of its
/// work, to keep a whole table within a budget before computing it.
pub fn work(config: &Config, n: u32) -> u64 {
    (config.algorithm.spec().work)(config, u64::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::Naming;

    fn vnodes_cell(n: u32, v: u32) -> Balance {
        let c = config(Algorithm::virtual_nodes(Naming::Hash), HashFn::Md5, v);
        cell(&c, n).unwrap()
    }

    #[test]
    fn the_papers_trends_as_known_answers_records_them() {
        // known-answers.md, "Balance metrics of the paper": MD5 on "192.168.1.i" and
        // "192.168.1.i#j". One point per node: R1 = 17 at 10 nodes, 13,000 at 100.
        assert_eq!(vnodes_cell(10, 1).r1.round(), 17.0);
        assert_eq!((vnodes_cell(100, 1).r1 / 1000.0).round(), 13.0);
        // The paper's trend (its single values depend on the hash and the names): with
        // one point per node, R1 grows with the node count.
        assert!(vnodes_cell(100, 1).r1 > 10.0 * vnodes_cell(10, 1).r1);
        // 30 virtual nodes: R1 from 1.4 to 2.9; the paper: below 2 at 30 nodes.
        for n in [10, 30, 60, 100] {
            let r1 = vnodes_cell(n, 30).r1;
            assert!((1.4..=2.9).contains(&r1), "30 vnodes, {n} nodes: {r1}");
        }
        assert!(vnodes_cell(30, 30).r1 < 2.0);
        // 100 virtual nodes, 30 to 100 nodes: R1 1.5 to 1.7, R2 0.62 to 0.70.
        for n in [30, 50, 100] {
            let b = vnodes_cell(n, 100);
            assert!((1.495..=1.705).contains(&b.r1), "{n}: R1 {}", b.r1);
            assert!((0.615..=0.705).contains(&b.r2), "{n}: R2 {}", b.r2);
        }
        // 1000 virtual nodes: R1 1.04 to 1.19.
        for n in [10, 50, 100] {
            let r1 = vnodes_cell(n, 1000).r1;
            assert!(
                (1.035..=1.195).contains(&r1),
                "1000 vnodes, {n} nodes: {r1}"
            );
        }
    }

    #[test]
    fn names_configs_and_work() {
        let names: Vec<String> = nodes(3).into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["192.168.1.1", "192.168.1.2", "192.168.1.3"]);
        let v = Algorithm::virtual_nodes(Naming::Hash);
        assert_eq!(
            config(v.clone(), HashFn::Md5, 1).algorithm,
            Algorithm::single_point()
        );
        assert_eq!(config(v.clone(), HashFn::Md5, 2).algorithm, v);
        assert_eq!(
            config(Algorithm::jump(), HashFn::Md5, 1).algorithm,
            Algorithm::jump()
        );
        // Only the virtual-node ring's one virtual node is the basic ring.
        assert!(is_basic_ring(AlgoId::Virtual, 1));
        assert!(!is_basic_ring(AlgoId::Virtual, 2));
        assert!(!is_basic_ring(AlgoId::Bounded, 1));
        // The work of a ring is its point count, as the built ring has it.
        for (alg, vn) in [
            (v.clone(), 30),
            (Algorithm::go_zero(30), 30),
            (Algorithm::ketama(), 1),
        ] {
            let c = config(alg, HashFn::Md5, vn);
            let p = build(&c, &nodes(7)).unwrap();
            assert_eq!(work(&c, 7), p.picture().ring_points().len() as u64);
        }
        // A slot table with fewer slots than nodes leaves nodes empty: R1 is infinite.
        let slots = config(Algorithm::slot_table(4), HashFn::Md5, 1);
        assert!(cell(&slots, 5).unwrap().r1.is_infinite());
        // A refused build says why.
        let bad = config(Algorithm::maglev(4), HashFn::Md5, 1);
        assert!(matches!(cell(&bad, 3), Err(StudyError::Build(_))));
    }
}
