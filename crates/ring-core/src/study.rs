//! The balance study of seed 003, cell by cell: `n` nodes named `192.168.1.1` …
//! `192.168.1.n` (virtual node `j` of node `i` is `192.168.1.i#j` under
//! [`Naming::Hash`](crate::ring::Naming::Hash)), placed by one algorithm, and R1, R2 and R3
//! of their shares of the hash space ([`Balance`]).
//!
//! `ringlab balance` prints a table of these cells and the web app computes the same table
//! in the browser; both go through [`cell`] so that they agree.
//!
//! ```
//! use ring_core::study::{cell, config};
//! use ring_core::{Algorithm, HashFn};
//! use ring_core::ring::Naming;
//!
//! // One point per node, 10 nodes, MD5: the paper's basic ring is very uneven.
//! let c = config(Algorithm::Virtual { naming: Naming::Hash }, HashFn::Md5, 1);
//! assert_eq!(c.algorithm, Algorithm::SinglePoint);
//! let b = cell(&c, 10).unwrap();
//! assert!(b.r1 > 10.0);
//! ```

use std::fmt;

use crate::metrics::{Balance, MetricsError};
use crate::placement::{build, Algorithm, Config, NodeSpec};
use crate::{BuildError, HashFn};

/// The nodes of the study: `192.168.1.1` … `192.168.1.n`, equal weights (100).
pub fn nodes(n: u32) -> Vec<NodeSpec> {
    (1..=n)
        .map(|i| NodeSpec::new(format!("192.168.1.{i}"), 100))
        .collect()
}

/// The configuration of a cell with `vnodes` virtual nodes per node. For the virtual-node
/// ring, one virtual node is the paper's basic ring: one point per node at the hash of its
/// plain name (not of `name#0`), that is [`Algorithm::SinglePoint`].
pub fn config(algorithm: Algorithm, hash: HashFn, vnodes: u32) -> Config {
    let algorithm = match algorithm {
        Algorithm::Virtual { .. } if vnodes == 1 => Algorithm::SinglePoint,
        other => other,
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

/// About how many points, slots or entries building a cell creates: a measure of its
/// work, to keep a whole table within a budget before computing it.
pub fn work(config: &Config, n: u32) -> u64 {
    let n = u64::from(n);
    let v = u64::from(config.default_vnodes.max(1));
    match &config.algorithm {
        Algorithm::Virtual { .. } | Algorithm::Bounded { .. } => n * v,
        // go-zero raises fewer than 100 replicas to 100.
        Algorithm::GoZero { replicas } => n * u64::from((*replicas).max(100)),
        // 160 points per server at equal weights.
        Algorithm::Ketama { .. } => n * 160,
        Algorithm::SlotTable { slots } => u64::from(*slots) + n,
        // Every node fills the table by its own permutation.
        Algorithm::Maglev { table_size } => u64::from(*table_size) + n,
        Algorithm::SinglePoint | Algorithm::Modulo | Algorithm::Jump | Algorithm::Rendezvous => n,
    }
}

#[cfg(test)]
mod tests {
    // Tests fail loudly by design: an unwrap on a result that must be Ok is the assertion.
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::ring::Naming;

    fn vnodes_cell(n: u32, v: u32) -> Balance {
        let c = config(
            Algorithm::Virtual {
                naming: Naming::Hash,
            },
            HashFn::Md5,
            v,
        );
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
        let v = Algorithm::Virtual {
            naming: Naming::Hash,
        };
        assert_eq!(
            config(v.clone(), HashFn::Md5, 1).algorithm,
            Algorithm::SinglePoint
        );
        assert_eq!(config(v.clone(), HashFn::Md5, 2).algorithm, v);
        assert_eq!(
            config(Algorithm::Jump, HashFn::Md5, 1).algorithm,
            Algorithm::Jump
        );
        // The work of a ring is its point count, as the built ring has it.
        for (alg, vn) in [
            (v.clone(), 30),
            (Algorithm::GoZero { replicas: 30 }, 30),
            (Algorithm::ketama(), 1),
        ] {
            let c = config(alg, HashFn::Md5, vn);
            let p = build(&c, &nodes(7)).unwrap();
            assert_eq!(work(&c, 7), p.picture().ring_points().len() as u64);
        }
        // A slot table with fewer slots than nodes leaves nodes empty: R1 is infinite.
        let slots = config(Algorithm::SlotTable { slots: 4 }, HashFn::Md5, 1);
        assert!(cell(&slots, 5).unwrap().r1.is_infinite());
        // A refused build says why.
        let bad = config(Algorithm::Maglev { table_size: 4 }, HashFn::Md5, 1);
        assert!(matches!(cell(&bad, 3), Err(StudyError::Build(_))));
    }
}
