//! `ringlab balance`: the balance study of seed 003, for any algorithm and hash.
//!
//! Rows are node counts, column groups virtual-node counts; each cell has R1, R2 and R3 of
//! the nodes' shares of the hash space ([`ring_core::Placement::shares`]).

use std::fmt::Write as _;
use std::io::{self, Write};

use ring_core::metrics::format::decimal;
use ring_core::registry::{AlgoId, ParamKind};
use ring_core::ring::Naming;
use ring_core::study::{self, StudyError};
use ring_core::{Algorithm, Config, HashFn};

use crate::args::{BalanceArgs, Format};
use crate::Failure;

/// One cell of the study.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// Node count.
    pub nodes: u32,
    /// Virtual nodes per node.
    pub vnodes: u32,
    /// Largest share / smallest share.
    pub r1: f64,
    /// Fraction of nodes within 10% of the mean share.
    pub r2: f64,
    /// Fraction of nodes within 2% of the mean share.
    pub r3: f64,
}

/// The configuration of one cell. For the virtual-node ring, one virtual node means the
/// paper's basic ring: one point per node at the hash of its plain name, not of `name#0`
/// (the rule is the core's, shared with the web app: [`ring_core::study::config`]).
fn cell_config(args: &BalanceArgs, vnodes: u32) -> Result<Config, Failure> {
    let config = args.algo.config(vnodes, HashFn::Md5)?;
    Ok(ring_core::study::config(
        config.algorithm,
        config.hash,
        vnodes,
    ))
}

/// Every cell, row by row.
pub fn study(args: &BalanceArgs) -> Result<Vec<Cell>, Failure> {
    let mut cells = Vec::with_capacity(args.nodes_list.len() * args.vnodes_list.len());
    for &n in &args.nodes_list {
        for &v in &args.vnodes_list {
            let b = ring_core::study::cell(&cell_config(args, v)?, n).map_err(|e| {
                let what = format!("{n} nodes, {v} virtual nodes: {e}");
                match e {
                    StudyError::Build(_) => Failure::Usage(what),
                    StudyError::Metrics(_) => Failure::Data(what),
                }
            })?;
            cells.push(Cell {
                nodes: n,
                vnodes: v,
                r1: b.r1,
                r2: b.r2,
                r3: b.r3,
            });
        }
    }
    Ok(cells)
}

/// `ringlab balance`.
pub fn balance(args: &BalanceArgs) -> Result<(), Failure> {
    let cells = study(args)?;
    let config = args.algo.config(1, HashFn::Md5)?;
    let hash = config.effective_hash();
    let text = match args.format {
        Format::Text => text(args, &config.algorithm, hash, &cells),
        Format::Csv => csv(args.algo.algo, hash, &cells),
        Format::Json => json(&config.algorithm, hash, &cells),
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

/// How a value is written in CSV and JSON: Rust's shortest round-trip form, which never
/// uses an exponent and so is valid JSON too.
fn number(x: f64) -> String {
    format!("{x}")
}

fn csv(algo: AlgoId, hash: HashFn, cells: &[Cell]) -> String {
    let mut s = String::from("algorithm,hash,nodes,vnodes,r1,r2,r3\n");
    for c in cells {
        let r1 = if c.r1.is_finite() {
            number(c.r1)
        } else {
            "inf".to_string()
        };
        let _ = writeln!(
            s,
            "{},{},{},{},{r1},{},{}",
            algo.id(),
            hash.name(),
            c.nodes,
            c.vnodes,
            number(c.r2),
            number(c.r3)
        );
    }
    s
}

fn json(algorithm: &Algorithm, hash: HashFn, cells: &[Cell]) -> String {
    let mut s = format!(
        "{{\"algorithm\":\"{}\",\"hash\":\"{}\"",
        algorithm.id,
        hash.name()
    );
    // Every parameter of the algorithm, by its link key: a choice as its name (a string),
    // a number as a number.
    for (i, p) in algorithm.spec().params.iter().enumerate() {
        let value = p.write(algorithm.params.get(i));
        let _ = match p.kind {
            ParamKind::Choice { .. } => write!(s, ",\"{}\":\"{value}\"", p.key),
            _ => write!(s, ",\"{}\":{value}", p.key),
        };
    }
    s.push_str(",\"cells\":[");
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        // JSON has no infinity: a node owning nothing makes R1 null.
        let r1 = if c.r1.is_finite() {
            number(c.r1)
        } else {
            "null".to_string()
        };
        let _ = write!(
            s,
            "\n{{\"nodes\":{},\"vnodes\":{},\"r1\":{r1},\"r2\":{},\"r3\":{}}}",
            c.nodes,
            c.vnodes,
            number(c.r2),
            number(c.r3)
        );
    }
    s.push_str("\n]}\n");
    s
}

/// What the columns of one virtual-node count are called.
fn group_label(args: &BalanceArgs, vnodes: u32) -> String {
    if study::is_basic_ring(args.algo.algo, vnodes) {
        "1 point per node".to_string()
    } else if vnodes == 1 {
        "1 vnode".to_string()
    } else {
        format!("{vnodes} vnodes")
    }
}

fn width(s: &str) -> usize {
    s.chars().count()
}

fn pad_left(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

fn text(args: &BalanceArgs, algorithm: &Algorithm, hash: HashFn, cells: &[Cell]) -> String {
    let mut s = String::new();
    // The virtual-node ring says how it names its points; every other algorithm is its id.
    let algo = if algorithm.id.spec().names_virtual_nodes {
        format!(
            "virtual-node ring (\"192.168.1.i{}\")",
            match Naming::of(algorithm) {
                Naming::Hash => "#j",
                Naming::Dash => "-j",
                Naming::JavaSeed => "-<hash>-j",
            }
        )
    } else {
        algorithm.id.id().to_string()
    };
    let _ = writeln!(
        s,
        "Balance of {algo}, hash {hash}, nodes 192.168.1.1 … 192.168.1.n"
    );
    let _ = writeln!(
        s,
        "R1 = largest share / smallest share; R2, R3 = fraction of nodes within 10%, 2% of the mean share"
    );
    let spec = algorithm.spec();
    match spec.vnodes_param {
        _ if spec.uses_vnodes => {}
        Some(i) => {
            let _ = writeln!(
                s,
                "({}: the virtual-node counts are {})",
                spec.id,
                algorithm
                    .id
                    .docs()
                    .params
                    .get(i)
                    .copied()
                    .unwrap_or_default()
            );
        }
        None => {
            let _ = writeln!(
                s,
                "({} uses no virtual nodes: the column groups are the same)",
                spec.id
            );
        }
    }
    s.push('\n');

    let groups = args.vnodes_list.len();
    // Every cell's three numbers, formatted, to measure the columns before writing.
    let formatted: Vec<[String; 3]> = cells
        .iter()
        .map(|c| [decimal(c.r1, 2), decimal(c.r2, 2), decimal(c.r3, 2)])
        .collect();
    let mut col = vec![[width("R1"), width("R2"), width("R3")]; groups];
    for (i, f) in formatted.iter().enumerate() {
        if let Some(w) = col.get_mut(i % groups.max(1)) {
            for k in 0..3 {
                w[k] = w[k].max(width(&f[k]));
            }
        }
    }
    // A group is as wide as its label needs; the R1 column takes any extra room.
    let labels: Vec<String> = args
        .vnodes_list
        .iter()
        .map(|&v| group_label(args, v))
        .collect();
    for (w, label) in col.iter_mut().zip(&labels) {
        let inner = w[0] + w[1] + w[2] + 4;
        if width(label) > inner {
            w[0] += width(label) - inner;
        }
    }
    let first = width("nodes").max(
        args.nodes_list
            .iter()
            .map(|n| width(&n.to_string()))
            .max()
            .unwrap_or(0),
    );

    let mut line = pad_left("", first);
    for (w, label) in col.iter().zip(&labels) {
        line.push_str(" | ");
        line.push_str(&pad_left(label, w[0] + w[1] + w[2] + 4));
    }
    let _ = writeln!(s, "{}", line.trim_end());
    let mut line = pad_left("nodes", first);
    for w in &col {
        let _ = write!(
            line,
            " | {}  {}  {}",
            pad_left("R1", w[0]),
            pad_left("R2", w[1]),
            pad_left("R3", w[2])
        );
    }
    let _ = writeln!(s, "{line}");
    let _ = writeln!(s, "{}", "-".repeat(width(&line)));
    for (row, n) in formatted.chunks(groups.max(1)).zip(&args.nodes_list) {
        let mut line = pad_left(&n.to_string(), first);
        for (f, w) in row.iter().zip(&col) {
            let _ = write!(
                line,
                " | {}  {}  {}",
                pad_left(&f[0], w[0]),
                pad_left(&f[1], w[1]),
                pad_left(&f[2], w[2])
            );
        }
        let _ = writeln!(s, "{line}");
    }
    s
}
