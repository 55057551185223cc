//! `ringlab study`: the field's comparison table (issue 14) for any algorithms of the
//! registry and node counts, one [`ring_core::comparison::Row`] per algorithm and node
//! count, as text, CSV or JSON.
//!
//! Its writers (`number`, `json_escape`, `table`) also write `ringlab simulate`'s output.
//!
//! Every row is checked against the core's work limit and node limit before any is
//! computed, so a command that would be refused is refused at once. Times come from the
//! monotonic clock of this process ([`Instant`]); everything else is the same on every run.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use ring_core::comparison::{self, Change, ComparisonError, KeySpace, Row, Spread, Step};
use ring_core::error::validate_nodes;
use ring_core::metrics::format::{decimal, duration, group_thousands};
use ring_core::registry::AlgoId;
use ring_core::{Algorithm, Config};

use crate::args::{Format, StudyArgs};
use crate::Failure;

/// The configuration of one algorithm: its defaults, the command's virtual-node count
/// (also go-zero's replicas, its virtual nodes), MurmurHash3 unless it fixes a hash.
fn config(algo: AlgoId, vnodes: u32) -> Config {
    let mut algorithm = Algorithm::new(algo);
    if let Some(i) = algo.spec().vnodes_param {
        algorithm = algorithm.with(i, f64::from(vnodes));
    }
    Config::new(algorithm).with_vnodes(vnodes)
}

fn refused(algo: AlgoId, n: u32, e: &ComparisonError) -> Failure {
    let what = format!("{algo} at {n} nodes: {e}");
    match e {
        ComparisonError::Metrics(_) => Failure::Data(what),
        ComparisonError::Build(_) | ComparisonError::TooMuchWork { .. } => Failure::Usage(what),
    }
}

/// Every row, algorithm by algorithm, after checking all of them.
pub fn rows(args: &StudyArgs) -> Result<Vec<Row>, Failure> {
    for &algo in &args.algos {
        for &n in &args.nodes {
            let e = match comparison::check_work(algo.spec(), n) {
                Ok(()) => validate_nodes(&comparison::nodes(n), args.vnodes)
                    .map_err(ComparisonError::Build),
                Err(e) => Err(e),
            };
            e.map_err(|e| refused(algo, n, &e))?;
        }
    }
    let start = Instant::now();
    // Nanoseconds since the start; u64 holds 584 years of them.
    let mut clock = || start.elapsed().as_nanos() as u64;
    let mut rows = Vec::with_capacity(args.algos.len() * args.nodes.len());
    for &algo in &args.algos {
        for &n in &args.nodes {
            let row = comparison::row(&config(algo, args.vnodes), n, args.seed, &mut clock)
                .map_err(|e| refused(algo, n, &e))?;
            rows.push(row);
        }
    }
    Ok(rows)
}

/// `ringlab study`.
pub fn study(args: &StudyArgs) -> Result<(), Failure> {
    let rows = rows(args)?;
    let text = match args.format {
        Format::Text => text(args, &rows),
        Format::Csv => csv(&rows),
        Format::Json => json(args, &rows),
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

/// A number in CSV and JSON: Rust's shortest round-trip form, which never uses an
/// exponent and so is valid JSON too; infinity (a step that moved keys where none had to)
/// is `inf` in CSV and `null` in JSON.
pub(crate) fn number(x: f64, json: bool) -> String {
    if x.is_finite() {
        format!("{x}")
    } else if json {
        "null".to_string()
    } else {
        "inf".to_string()
    }
}

fn key_space_name(from: KeySpace) -> String {
    match from {
        KeySpace::Exact => "exact".to_string(),
        KeySpace::Sampled(keys) => format!("{} keys", group_thousands(keys)),
    }
}

/// The CSV columns of one change, `random10_moved` …, in the order of [`Row::changes`].
fn change_columns(prefix: &str) -> [String; 11] {
    [
        "moved",
        "optimum",
        "ratio",
        "lost",
        "gained",
        "restore_moved",
        "restore_optimum",
        "restore_lost",
        "restore_gained",
        "not_back",
        "lookup_ns",
    ]
    .map(|c| format!("{prefix}_{c}"))
}

fn change_values(c: &Change) -> [String; 11] {
    match &c.outcome {
        // Refused: every column of the change is n/a.
        None => std::array::from_fn(|_| "n/a".to_string()),
        Some(o) => [
            o.removal.moved.to_string(),
            o.removal.optimum.to_string(),
            number(o.removal.ratio(), false),
            o.removal.survivors_lost.to_string(),
            o.removal.survivors_gained.to_string(),
            o.restore.moved.to_string(),
            o.restore.optimum.to_string(),
            o.restore.survivors_lost.to_string(),
            o.restore.survivors_gained.to_string(),
            o.not_back.to_string(),
            number(o.lookup_ns, false),
        ],
    }
}

fn csv(rows: &[Row]) -> String {
    let mut header = vec![
        "algo".to_string(),
        "nodes".into(),
        "keys".into(),
        "peak_to_mean".into(),
        "min_to_mean".into(),
        "cv".into(),
        "key_space".into(),
        "key_space_peak_to_mean".into(),
        "key_space_min_to_mean".into(),
        "key_space_cv".into(),
        "memory_bytes".into(),
        "build_ns".into(),
        "lookup_ns".into(),
        "change_keys".into(),
    ];
    if let Some(first) = rows.first() {
        for c in &first.changes {
            header.extend(change_columns(&format!("{}{}", c.order.name(), c.percent)));
        }
    }
    let mut s = header.join(",");
    s.push('\n');
    for r in rows {
        let spread = |x: &Spread| [x.peak_to_mean, x.min_to_mean, x.cv].map(|v| number(v, false));
        let mut fields = vec![
            r.algo.id().to_string(),
            r.nodes.to_string(),
            r.keys.to_string(),
        ];
        fields.extend(spread(&r.keyed));
        fields.push(match r.key_space_from {
            KeySpace::Exact => "exact".to_string(),
            KeySpace::Sampled(keys) => format!("sampled-{keys}"),
        });
        fields.extend(spread(&r.key_space));
        fields.push(r.memory_bytes.to_string());
        fields.push(r.build_ns.to_string());
        fields.push(number(r.lookup_ns, false));
        fields.push(r.change_keys.to_string());
        for c in &r.changes {
            fields.extend(change_values(c));
        }
        s.push_str(&fields.join(","));
        s.push('\n');
    }
    s
}

fn json_spread(x: &Spread) -> String {
    format!(
        "{{\"peak_to_mean\":{},\"min_to_mean\":{},\"cv\":{}}}",
        number(x.peak_to_mean, true),
        number(x.min_to_mean, true),
        number(x.cv, true)
    )
}

fn json_step(s: &Step) -> String {
    format!(
        "{{\"moved\":{},\"optimum\":{},\"ratio\":{},\"survivors_lost\":{},\"survivors_gained\":{}}}",
        s.moved,
        s.optimum,
        number(s.ratio(), true),
        s.survivors_lost,
        s.survivors_gained
    )
}

fn json(args: &StudyArgs, rows: &[Row]) -> String {
    let mut s = format!(
        "{{\"vnodes\":{},\"seed\":{},\"keys_per_node\":{},\"rows\":[",
        args.vnodes,
        args.seed,
        comparison::KEYS_PER_NODE
    );
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let sampled = match r.key_space_from {
            KeySpace::Exact => "null".to_string(),
            KeySpace::Sampled(keys) => keys.to_string(),
        };
        let _ = write!(
            s,
            "\n{{\"algo\":\"{}\",\"nodes\":{},\"keys\":{},\"keyed\":{},\"key_space\":{},\
             \"key_space_exact\":{},\"key_space_keys\":{sampled},\"memory_bytes\":{},\
             \"build_ns\":{},\"lookup_ns\":{},\"change_keys\":{},\"changes\":[",
            r.algo.id(),
            r.nodes,
            r.keys,
            json_spread(&r.keyed),
            json_spread(&r.key_space),
            r.key_space_from == KeySpace::Exact,
            r.memory_bytes,
            r.build_ns,
            number(r.lookup_ns, true),
            r.change_keys,
        );
        for (k, c) in r.changes.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            let _ = write!(
                s,
                "{{\"order\":\"{}\",\"percent\":{},\"removed\":{},",
                c.order.name(),
                c.percent,
                c.removed
            );
            match (&c.outcome, &c.refusal) {
                (Some(o), _) => {
                    let _ = write!(
                        s,
                        "\"removal\":{},\"restore\":{},\"not_back\":{},\"lookup_ns\":{}}}",
                        json_step(&o.removal),
                        json_step(&o.restore),
                        o.not_back,
                        number(o.lookup_ns, true)
                    );
                }
                (None, refusal) => {
                    let why = refusal.as_ref().map(|e| e.to_string()).unwrap_or_default();
                    let _ = write!(s, "\"refused\":\"{}\"}}", json_escape(&why));
                }
            }
        }
        s.push_str("]}");
    }
    s.push_str("\n]}\n");
    s
}

/// `text` as the inside of a JSON string.
pub(crate) fn json_escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", u32::from(c));
            }
            c => s.push(c),
        }
    }
    s
}

/// Rows of cells as an aligned table (numbers to the right), with a rule under the header.
pub(crate) fn table(s: &mut String, header: &[&str], cells: &[Vec<String>]) {
    let width = |t: &str| t.chars().count();
    let mut widths: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for row in cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(width(c));
        }
    }
    let line = |row: &mut dyn Iterator<Item = &str>| {
        let parts: Vec<String> = row
            .zip(&widths)
            .map(|(c, &w)| format!("{}{c}", " ".repeat(w.saturating_sub(width(c)))))
            .collect();
        // An n/a row's empty cells would leave trailing spaces.
        parts.join("  ").trim_end().to_string()
    };
    let head = line(&mut header.iter().copied());
    let _ = writeln!(s, "{head}");
    let _ = writeln!(s, "{}", "-".repeat(width(&head)));
    for row in cells {
        let _ = writeln!(s, "{}", line(&mut row.iter().map(String::as_str)));
    }
}

fn ratio_text(x: f64) -> String {
    if x.is_finite() {
        decimal(x, 3)
    } else {
        "inf".to_string()
    }
}

fn text(args: &StudyArgs, rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Balance and cost (nodes 10.a.b.c:11211, equal weights; {} virtual nodes where used; \
         MurmurHash3 unless the algorithm fixes its hash; seed {})",
        args.vnodes, args.seed
    );
    let _ = writeln!(
        s,
        "keyed: {} keys per node, sampling noise included; key space: the exact shares, or \
         {} keys",
        comparison::KEYS_PER_NODE,
        group_thousands(comparison::SAMPLED_SHARE_KEYS)
    );
    s.push('\n');
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.algo.id().to_string(),
                group_thousands(u64::from(r.nodes)),
                decimal(r.keyed.peak_to_mean, 3),
                decimal(r.keyed.min_to_mean, 3),
                decimal(r.keyed.cv, 4),
                key_space_name(r.key_space_from),
                decimal(r.key_space.peak_to_mean, 3),
                decimal(r.key_space.min_to_mean, 3),
                decimal(r.key_space.cv, 4),
                group_thousands(r.memory_bytes),
                duration(r.build_ns as f64),
                duration(r.lookup_ns),
            ]
        })
        .collect();
    table(
        &mut s,
        &[
            "algo",
            "nodes",
            "max/mean",
            "min/mean",
            "cv",
            "key space",
            "max/mean",
            "min/mean",
            "cv",
            "memory B",
            "build",
            "lookup",
        ],
        &cells,
    );

    s.push('\n');
    let _ = writeln!(
        s,
        "Monotonicity: nodes removed, then restored (moved/opt: keys moved over the fewest \
         that had to; lost, gained: surviving nodes that lost or gained keys, ideally 0 lost \
         on a removal and 0 gained on a restore; not back: keys not on their first owner after \
         the restore)"
    );
    s.push('\n');
    let mut cells = Vec::new();
    let mut refusals = Vec::new();
    for r in rows {
        for c in &r.changes {
            let mut row = vec![
                r.algo.id().to_string(),
                group_thousands(u64::from(r.nodes)),
                format!("{} {}%", c.order.name(), c.percent),
                group_thousands(u64::from(c.removed)),
            ];
            match &c.outcome {
                Some(o) => row.extend([
                    ratio_text(o.removal.ratio()),
                    o.removal.survivors_lost.to_string(),
                    o.removal.survivors_gained.to_string(),
                    ratio_text(o.restore.ratio()),
                    o.restore.survivors_lost.to_string(),
                    o.restore.survivors_gained.to_string(),
                    group_thousands(o.not_back),
                    duration(o.lookup_ns),
                ]),
                None => {
                    row.push("n/a".to_string());
                    row.extend(std::iter::repeat_n(String::new(), 7));
                    if let Some(why) = &c.refusal {
                        refusals.push(format!(
                            "{} at {} nodes, {} {}%: {why}",
                            r.algo.id(),
                            r.nodes,
                            c.order.name(),
                            c.percent
                        ));
                    }
                }
            }
            cells.push(row);
        }
    }
    table(
        &mut s,
        &[
            "algo",
            "nodes",
            "removed",
            "count",
            "moved/opt",
            "lost",
            "gained",
            "restore m/opt",
            "lost",
            "gained",
            "not back",
            "lookup",
        ],
        &cells,
    );
    if !refusals.is_empty() {
        s.push_str("\nn/a: the algorithm refuses the removal\n");
        for line in refusals {
            let _ = writeln!(s, "  {line}");
        }
    }
    s
}
