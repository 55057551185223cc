//! The Paper view: seed 003's table of R1, R2 and R3 for node counts × virtual-node counts,
//! computed live cell by cell through `ring_core::study` (as `ringlab balance` does), for
//! any algorithm and hash, within a budget of work so the page stays responsive.

use std::rc::Rc;

use ring_core::error::{MAX_NODES, MAX_VNODES};
use ring_core::metrics::{format, Balance};
use ring_core::{study, Config, HashFn};

use super::algo::{AlgoId, AlgoParams};
use super::message::{ListKind, Msg};

// The limits live with the app's other limits.
pub(crate) use super::limits::{MAX_PAPER_LIST as MAX_LIST, MAX_PAPER_POINTS as MAX_POINTS};

/// What the table is computed for.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperSpec {
    /// Node counts, ascending: the rows.
    pub(crate) nodes: Vec<u32>,
    /// Virtual nodes per node, ascending: the column groups.
    pub(crate) vnodes: Vec<u32>,
    /// The algorithm.
    pub(crate) kind: AlgoId,
    /// The hash (ketama and go-zero use their own).
    pub(crate) hash: HashFn,
    /// The algorithms' parameters (slots, table size, ε); virtual nodes are named
    /// `192.168.1.i#j` whatever the lab's naming.
    pub(crate) params: AlgoParams,
}

impl Default for PaperSpec {
    fn default() -> Self {
        PaperSpec {
            nodes: (1..=10).map(|i| i * 10).collect(),
            vnodes: vec![1, 30, 100, 1000],
            kind: AlgoId::Virtual,
            hash: HashFn::Md5,
            params: AlgoParams::default(),
        }
    }
}

/// A list of counts as typed: numbers and ranges separated by commas or spaces, a range
/// being `a..b` (every number), `a..b step s` or `a..b/s`. The result is sorted, without
/// repeats.
///
/// `what` names the list in messages; every count must be in `1..=max`.
pub(crate) fn parse_list(text: &str, what: ListKind, max: u32) -> Result<Vec<u32>, Msg> {
    // "step" binds to the range before it: "10..100 step 10" is one item, as is
    // "10 .. 100 / 10".
    let mut normal = text.replace("step", "/");
    for (spaced, tight) in [(" ..", ".."), (".. ", ".."), (" /", "/"), ("/ ", "/")] {
        while normal.contains(spaced) {
            normal = normal.replace(spaced, tight);
        }
    }
    let mut out: Vec<u32> = Vec::new();
    let number = |t: &str| -> Result<u32, Msg> {
        let t = t.trim();
        match t.parse::<u64>() {
            Ok(v) if (1..=u64::from(max)).contains(&v) => Ok(v as u32),
            Ok(value) => Err(Msg::ListOutOfRange { what, value, max }),
            Err(_) => Err(Msg::ListNotWhole {
                what,
                text: t.to_string(),
                max,
            }),
        }
    };
    let joined: Vec<&str> = normal
        .split([',', ' ', ';'])
        .filter(|t| !t.trim().is_empty())
        .collect();
    for item in joined {
        let (span, step) = match item.split_once('/') {
            Some((span, step)) => (span, Some(number(step)?)),
            None => (item, None),
        };
        match span.split_once("..") {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b.trim_start_matches('='))?);
                if a > b {
                    return Err(Msg::ListEmptyRange {
                        what,
                        from: a,
                        to: b,
                        max,
                    });
                }
                let step = step.unwrap_or(1);
                let mut v = a;
                while v <= b {
                    out.push(v);
                    if out.len() > MAX_LIST * 4 {
                        return Err(Msg::ListRunaway { what });
                    }
                    v = v.saturating_add(step);
                    if v == u32::MAX {
                        break;
                    }
                }
            }
            None if step.is_some() => return Err(Msg::ListStepAlone { what, max }),
            None => out.push(number(span)?),
        }
    }
    // Sorted without repeats by marking each count (all are in 1..=max), not by sorting:
    // one copy of the standard sort fewer in the wasm.
    let top = out.iter().max().map_or(0, |&v| v as usize);
    let mut marked = vec![false; top.saturating_add(1)];
    for v in out {
        if let Some(m) = marked.get_mut(v as usize) {
            *m = true;
        }
    }
    let out: Vec<u32> = marked
        .iter()
        .enumerate()
        .filter_map(|(v, &m)| m.then_some(v as u32))
        .collect();
    if out.is_empty() {
        return Err(Msg::ListEmpty { what, max });
    }
    if out.len() > MAX_LIST {
        return Err(Msg::ListTooMany {
            what,
            count: out.len(),
        });
    }
    Ok(out)
}

/// How a list is written back: ranges with a common step as `a..b step s`.
pub(crate) fn list_text(list: &[u32]) -> String {
    if list.len() >= 3 {
        let step = list[1] - list[0];
        if step > 0 && list.windows(2).all(|w| w[1] - w[0] == step) {
            let (a, b) = (list[0], list[list.len() - 1]);
            return if step == 1 {
                format!("{a}..{b}")
            } else {
                format!("{a}..{b} step {step}")
            };
        }
    }
    list.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses the node-count list.
pub(crate) fn parse_nodes(text: &str) -> Result<Vec<u32>, Msg> {
    parse_list(text, ListKind::NodeCounts, MAX_NODES as u32)
}

/// Parses the virtual-node list.
pub(crate) fn parse_vnodes(text: &str) -> Result<Vec<u32>, Msg> {
    parse_list(text, ListKind::VnodeCounts, MAX_VNODES)
}

impl PaperSpec {
    /// The configuration of the cells with `vnodes` virtual nodes.
    pub(crate) fn config(&self, vnodes: u32) -> Config {
        let mut algorithm = self.params.algorithm(self.kind);
        let spec = self.kind.spec();
        // The paper's virtual nodes are named "192.168.1.i#j", the default naming.
        if spec.names_virtual_nodes {
            algorithm.params = ring_core::registry::Params::defaults(spec);
        }
        // An algorithm that calls its virtual nodes by another name (go-zero's replicas)
        // takes the column's count as that parameter.
        if let Some(i) = spec.vnodes_param {
            algorithm = algorithm.with(i, f64::from(vnodes));
        }
        study::config(algorithm, self.hash, vnodes)
    }

    /// The hash actually used.
    pub(crate) fn effective_hash(&self) -> HashFn {
        self.config(1).effective_hash()
    }

    /// The number of cells.
    pub(crate) fn cell_count(&self) -> usize {
        self.nodes.len() * self.vnodes.len()
    }

    /// Cell `index`, row by row: (nodes, vnodes).
    pub(crate) fn cell_at(&self, index: usize) -> Option<(u32, u32)> {
        let cols = self.vnodes.len().max(1);
        Some((
            *self.nodes.get(index / cols)?,
            *self.vnodes.get(index % cols)?,
        ))
    }

    /// The work of the whole table, in points built.
    pub(crate) fn work(&self) -> u64 {
        let mut total = 0u64;
        for &v in &self.vnodes {
            let config = self.config(v);
            for &n in &self.nodes {
                total = total.saturating_add(study::work(&config, n));
            }
        }
        total
    }

    /// Whether the table is within [`MAX_POINTS`], and if not, why.
    pub(crate) fn check(&self) -> Result<(), Msg> {
        let work = self.work();
        if work > MAX_POINTS {
            return Err(Msg::PaperBudget {
                work,
                max: MAX_POINTS,
            });
        }
        Ok(())
    }

    /// Whether the virtual-node counts matter for this algorithm (for the others every
    /// column group is the same).
    pub(crate) fn uses_vnodes(&self) -> bool {
        let spec = self.kind.spec();
        spec.uses_vnodes || spec.vnodes_param.is_some()
    }

    /// What a column group is called.
    pub(crate) fn group_label(&self, vnodes: u32) -> Msg {
        if study::is_basic_ring(self.kind, vnodes) {
            Msg::PaperGroupOnePoint
        } else if vnodes == 1 {
            Msg::PaperGroupOneVnode
        } else {
            Msg::PaperGroupVnodes { vnodes }
        }
    }
}

impl PaperSpec {
    /// The `ringlab balance` command that prints the same table.
    pub(crate) fn command(&self) -> String {
        let algo = self.kind.id();
        let list = |l: &[u32]| l.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let mut cmd = format!(
            "ringlab balance --algo {algo} --hash {} --nodes-list {} --vnodes-list {}",
            self.hash.name(),
            list(&self.nodes),
            list(&self.vnodes)
        );
        // The parameters the command line would not take as they are here: those away from
        // the core's defaults (the virtual-node column sets `vnodes_param` itself).
        let algorithm = self.config(1).algorithm;
        let spec = self.kind.spec();
        for (i, p) in spec.params.iter().enumerate() {
            let value = algorithm.params.get(i);
            if spec.vnodes_param != Some(i) && value != p.default_value() {
                cmd.push_str(&format!(" --{} {}", p.flag, p.write(value)));
            }
        }
        cmd
    }
}

/// One computed cell.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cell {
    /// Node count.
    pub(crate) nodes: u32,
    /// Virtual nodes per node.
    pub(crate) vnodes: u32,
    /// The balance of the shares, or the core's refusal (shared: the page copies the
    /// table after every frame of work).
    pub(crate) result: Result<Balance, Rc<Msg>>,
}

/// Computes cell `index` of `spec` at once.
#[cfg(test)]
pub(crate) fn compute(spec: &PaperSpec, index: usize) -> Option<Cell> {
    start(spec, index).map(CellWork::finish)
}

/// Starts computing cell `index` of `spec`: its ring is built a bounded amount of work at a
/// time ([`CellWork::step`]), since one cell can be a million points (hundreds of
/// milliseconds at once).
pub(crate) fn start(spec: &PaperSpec, index: usize) -> Option<CellWork> {
    let (nodes, vnodes) = spec.cell_at(index)?;
    let build = study::CellBuild::new(&spec.config(vnodes), nodes).map_err(study_msg);
    Some(CellWork {
        nodes,
        vnodes,
        build,
    })
}

/// A cell being computed (see [`start`]).
pub(crate) struct CellWork {
    nodes: u32,
    vnodes: u32,
    build: Result<study::CellBuild, Rc<Msg>>,
}

impl CellWork {
    /// Does about `budget` units of the work; returns whether it is all done.
    pub(crate) fn step(&mut self, budget: usize) -> bool {
        match &mut self.build {
            Ok(build) => build.step(budget),
            Err(_) => true,
        }
    }

    /// The cell, with whatever work is left done at once.
    pub(crate) fn finish(self) -> Cell {
        Cell {
            nodes: self.nodes,
            vnodes: self.vnodes,
            result: self.build.and_then(|b| b.finish().map_err(study_msg)),
        }
    }
}

fn study_msg(e: study::StudyError) -> Rc<Msg> {
    match e {
        study::StudyError::Build(e) => Rc::new(Msg::Build(e)),
        study::StudyError::Metrics(e) => Rc::new(Msg::Metrics(e)),
    }
}

/// R1 as the table writes it.
pub(crate) fn r1_text(r1: f64) -> String {
    if !r1.is_finite() {
        "∞".to_string()
    } else if r1 >= 100.0 {
        format::group_thousands(r1.round() as u64)
    } else {
        format::decimal(r1, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_ranges_and_repeats_come_back_sorted_once() {
        // 9, 3 4 5 6 7, 1, 7, 5 7 9, 3
        assert_eq!(
            parse_nodes("9, 3..7, 1, 7, 5..9/2, 3"),
            Ok(vec![1, 3, 4, 5, 6, 7, 9])
        );
        assert_eq!(parse_vnodes("10000, 1, 10000"), Ok(vec![1, 10000]));
    }

    #[test]
    fn lists_parse_and_print_back() {
        let ten: Vec<u32> = (1..=10).map(|i| i * 10).collect();
        assert_eq!(parse_nodes("10..100 step 10"), Ok(ten.clone()));
        assert_eq!(parse_nodes("10..100/10"), Ok(ten.clone()));
        assert_eq!(parse_nodes(" 10 .. 100 / 10 "), Ok(ten.clone()));
        assert_eq!(parse_nodes("30, 10,20 20"), Ok(vec![10, 20, 30]));
        assert_eq!(parse_vnodes("1, 30, 100, 1000"), Ok(vec![1, 30, 100, 1000]));
        assert_eq!(parse_nodes("3..5"), Ok(vec![3, 4, 5]));
        assert_eq!(list_text(&ten), "10..100 step 10");
        assert_eq!(list_text(&[1, 30, 100, 1000]), "1, 30, 100, 1000");
        assert_eq!(list_text(&[3, 4, 5]), "3..5");
        assert_eq!(parse_nodes(&list_text(&ten)), Ok(ten));
        for bad in ["", "0", "ten", "5..2", "1..100", "7/2", "10001"] {
            let e = parse_nodes(bad).unwrap_err();
            assert!(
                e.contains("node counts") || e.contains("step"),
                "{bad}: {e}"
            );
        }
        assert!(parse_vnodes("10001").unwrap_err().contains("1 to 10000"));
    }

    #[test]
    fn cells_are_the_studys_cells_and_match_the_known_answers() {
        let spec = PaperSpec::default();
        assert_eq!(spec.cell_count(), 40);
        // Row by row: cell 0 is 10 nodes with 1 point each, cell 5 is 20 nodes, 30 vnodes.
        assert_eq!(spec.cell_at(0), Some((10, 1)));
        assert_eq!(spec.cell_at(5), Some((20, 30)));
        assert_eq!(spec.cell_at(40), None);
        let c = compute(&spec, 0).unwrap();
        // known-answers.md: one point per node, 10 nodes, MD5: R1 = 17.
        assert_eq!(c.result.unwrap().r1.round(), 17.0);
        // 30 nodes × 100 vnodes (row 2, column 2): R1 1.5 to 1.7, R2 0.62 to 0.70.
        let c = compute(&spec, 2 * 4 + 2).unwrap();
        assert_eq!((c.nodes, c.vnodes), (30, 100));
        let b = c.result.unwrap();
        assert!(
            (1.495..=1.705).contains(&b.r1) && (0.615..=0.705).contains(&b.r2),
            "{b:?}"
        );
        // The same as the core's study, which ringlab balance prints.
        let direct = study::cell(
            &study::config(
                ring_core::Algorithm::virtual_nodes(ring_core::ring::Naming::Hash),
                HashFn::Md5,
                100,
            ),
            30,
        )
        .unwrap();
        assert_eq!(b, direct);
    }

    #[test]
    fn the_default_table_is_within_the_budget_and_a_huge_one_is_refused() {
        let spec = PaperSpec::default();
        // (10 + 20 + … + 100) × (1 + 30 + 100 + 1000) points.
        assert_eq!(spec.work(), 550 * 1131);
        assert!(spec.check().is_ok());
        let huge = PaperSpec {
            nodes: vec![1000, 2000],
            vnodes: vec![1000],
            ..PaperSpec::default()
        };
        let e = huge.check().unwrap_err();
        assert!(e.contains("3,000,000") && e.contains("2,000,000"), "{e}");
        // Algorithms without virtual nodes do little work whatever the list says.
        let jump = PaperSpec {
            kind: AlgoId::Jump,
            ..PaperSpec::default()
        };
        assert_eq!(jump.work(), 550 * 4);
        assert!(!jump.uses_vnodes());
        assert_eq!(r1_text(f64::INFINITY), "∞");
        assert_eq!(r1_text(12_345.6), "12,346");
        assert_eq!(r1_text(1.234), "1.23");
        assert_eq!(
            PaperSpec::default().command(),
            "ringlab balance --algo virtual --hash md5 --nodes-list 10,20,30,40,50,60,70,80,90,100 --vnodes-list 1,30,100,1000"
        );
        let maglev = PaperSpec {
            kind: AlgoId::Maglev,
            ..PaperSpec::default()
        };
        assert!(maglev.command().ends_with("--table-size 1021"));
    }

    #[test]
    fn a_cell_computed_in_small_steps_is_the_cell_computed_at_once() {
        for kind in [
            AlgoId::Virtual,
            AlgoId::SinglePoint,
            AlgoId::Ketama,
            AlgoId::Jump,
        ] {
            let spec = PaperSpec {
                kind,
                nodes: vec![40],
                vnodes: vec![300],
                ..PaperSpec::default()
            };
            let mut work = start(&spec, 0).unwrap();
            let mut steps = 0;
            while !work.step(97) {
                steps += 1;
                assert!(steps < 1_000_000, "{kind:?} never finishes");
            }
            let stepped = work.finish();
            assert_eq!(Some(stepped), compute(&spec, 0), "{kind:?}");
            if matches!(kind, AlgoId::Virtual) {
                // 12,000 points in steps of 97: the ring really was built in parts.
                assert!(steps > 100, "{kind:?}: {steps} steps");
            }
        }
    }
}
