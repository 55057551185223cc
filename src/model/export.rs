//! Exports: the per-node loads and the compare table as CSV, safe to open in a spreadsheet.
//!
//! Fields are quoted as RFC 4180 says (in double quotes when they hold a comma, a quote or a
//! line break, with quotes doubled), and a field that a spreadsheet would read as a formula
//! (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with a single
//! quote, as OWASP's advice on CSV injection recommends: a node named `=HYPERLINK(…)` stays
//! text.

use super::compare::Column;
use super::state::State;

/// The header row.
pub(crate) const HEADER: [&str; 7] = [
    "node",
    "status",
    "weight",
    "virtual_nodes",
    "keys",
    "key_share",
    "hash_space_share",
];

/// The loads of every node (up or down, in list order) as CSV with CRLF line ends: its
/// name, status, weight, virtual-node count (its own, or the default), the keys it holds
/// and its share of the keys and of the hash space, as the core computed them.
pub(crate) fn loads_csv(state: &State) -> String {
    let snap = &state.current;
    let total = state.keys.len().max(1) as f64;
    let mut out = String::new();
    push_row(&mut out, HEADER.iter().map(|h| (*h).to_string()));
    for node in &state.nodes {
        let index = snap.index_of(node.id);
        let keys = index
            .and_then(|i| snap.loads.get(i as usize))
            .copied()
            .unwrap_or(0);
        let share = index
            .and_then(|i| snap.shares.get(i as usize))
            .copied()
            .unwrap_or(0.0);
        push_row(
            &mut out,
            [
                node.name.clone(),
                if node.down { "down" } else { "up" }.to_string(),
                node.weight.to_string(),
                node.vnodes.unwrap_or(state.default_vnodes).to_string(),
                keys.to_string(),
                format!("{:.6}", keys as f64 / total),
                format!("{share:.6}"),
            ]
            .into_iter(),
        );
    }
    out
}

/// A file name for the loads of `state`: `ringlab-loads-<algorithm>.csv`.
pub(crate) fn loads_file_name(state: &State) -> String {
    format!("ringlab-loads-{}.csv", state.kind.id())
}

/// The header row of the compare table.
pub(crate) const COMPARE_HEADER: [&str; 12] = [
    "algorithm",
    "keys_moved",
    "keys",
    "moved_fraction",
    "ideal_fraction",
    "peak_to_mean",
    "r1",
    "r2",
    "r3",
    "memory_bytes",
    "structure_size",
    "refused",
];

/// The compare table as CSV with CRLF line ends, one row per algorithm, with the numbers
/// the core computed for it; an algorithm that refused the change has its reason (in
/// English) in the last column and empty numbers.
pub(crate) fn compare_csv(columns: &[Column]) -> String {
    let mut out = String::new();
    push_row(&mut out, COMPARE_HEADER.iter().map(|h| (*h).to_string()));
    for column in columns {
        let mut row = vec![column.kind.id().to_string()];
        match (column.numbers(), &column.outcome) {
            (Some(n), _) => {
                let moves = n.moves;
                row.push(moves.map(|m| m.moved.to_string()).unwrap_or_default());
                row.push(moves.map(|m| m.total.to_string()).unwrap_or_default());
                row.push(
                    moves
                        .map(|m| format!("{:.6}", m.fraction()))
                        .unwrap_or_default(),
                );
                row.push(
                    moves
                        .and_then(|m| m.ideal.fraction())
                        .map(|f| format!("{f:.6}"))
                        .unwrap_or_default(),
                );
                row.push(
                    n.keys
                        .map(|b| format!("{:.6}", b.peak_to_mean))
                        .unwrap_or_default(),
                );
                row.push(n.space.map(|b| format!("{:.6}", b.r1)).unwrap_or_default());
                row.push(n.space.map(|b| format!("{:.6}", b.r2)).unwrap_or_default());
                row.push(n.space.map(|b| format!("{:.6}", b.r3)).unwrap_or_default());
                row.push(n.memory.to_string());
                row.push(n.points.to_string());
                row.push(String::new());
            }
            (None, outcome) => {
                row.extend(std::iter::repeat_n(String::new(), 10));
                row.push(
                    outcome
                        .as_ref()
                        .err()
                        .map(|e| e.to_string())
                        .unwrap_or_default(),
                );
            }
        }
        push_row(&mut out, row.into_iter());
    }
    out
}

/// A file name for the compare table: `ringlab-compare.csv`.
pub(crate) const COMPARE_FILE_NAME: &str = "ringlab-compare.csv";

fn push_row(out: &mut String, fields: impl Iterator<Item = String>) {
    for (i, f) in fields.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&field(&f));
    }
    out.push_str("\r\n");
}

/// One field, guarded against formulas and quoted if it needs to be.
pub(crate) fn field(text: &str) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

#[cfg(test)]
/// A reader written from RFC 4180 alone, for the tests (here and the model's fuzz tests) to
/// check that what was written parses back. It panics on an unterminated quote or a missing
/// final line end.
pub(crate) fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {
                chars.next();
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(!quoted, "unterminated quote");
    assert!(field.is_empty() && row.is_empty(), "no final line end");
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Action;

    #[test]
    fn fields_are_quoted_and_guarded() {
        assert_eq!(field("cache-a"), "cache-a");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(field("=1+2"), "'=1+2");
        assert_eq!(field("+1"), "'+1");
        assert_eq!(field("-1"), "'-1");
        assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(field("\tx"), "'\tx");
        assert_eq!(field("\rx"), "\"'\rx\"");
        assert_eq!(
            field("=HYPERLINK(\"x\",\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
        );
        assert_eq!(field("a=b"), "a=b");
    }

    #[test]
    fn the_loads_read_back_with_awkward_names() {
        let mut s = State::initial().unwrap();
        let names = [
            "a,b",
            "say \"hi\"",
            "two\nlines",
            "=cmd|' /C calc'!A0",
            "-minus",
            "@at",
        ];
        for name in names {
            s = s
                .apply(Action::AddNode {
                    name: name.into(),
                    weight: "100".into(),
                    vnodes: String::new(),
                })
                .unwrap();
        }
        let down = s.nodes[1].id;
        s = s.apply(Action::SetDown(down, true)).unwrap();
        let rows = read_csv(&loads_csv(&s));
        assert_eq!(rows[0], HEADER);
        assert_eq!(rows.len(), s.nodes.len() + 1);
        for (row, node) in rows[1..].iter().zip(&s.nodes) {
            assert_eq!(row.len(), HEADER.len());
            let name = row[0].strip_prefix('\'').unwrap_or(&row[0]);
            assert_eq!(name, node.name);
            assert_eq!(
                row[0].starts_with('\''),
                node.name.starts_with(['=', '-', '@'])
            );
        }
        assert_eq!(rows[2][1], "down");
        assert_eq!(rows[2][4], "0");
        // The keys column is the core's loads and adds up to every key.
        let keys: Vec<u64> = rows[1..].iter().map(|r| r[4].parse().unwrap()).collect();
        assert_eq!(keys.iter().sum::<u64>(), 10_000);
        let up_loads: Vec<u64> = keys
            .iter()
            .zip(&s.nodes)
            .filter(|(_, n)| !n.down)
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(up_loads, s.current.loads);
        let shares: f64 = rows[1..].iter().map(|r| r[6].parse::<f64>().unwrap()).sum();
        assert!((shares - 1.0).abs() < 1e-4, "{shares}");
        assert_eq!(loads_file_name(&s), "ringlab-loads-virtual.csv");
    }

    #[test]
    fn the_compare_table_reads_back_with_the_cores_numbers() {
        use crate::model::compare::{compare, CompareChange, CompareSettings};
        use crate::model::AlgoId;
        let s = State::initial().unwrap();
        let settings = CompareSettings {
            kinds: vec![AlgoId::Virtual, AlgoId::Modulo, AlgoId::Jump],
            change: CompareChange::AddNode,
        };
        let columns = compare(&s, &settings);
        let rows = read_csv(&compare_csv(&columns));
        assert_eq!(rows[0], COMPARE_HEADER);
        assert_eq!(rows.len(), columns.len() + 1);
        for (row, column) in rows[1..].iter().zip(&columns) {
            assert_eq!(row.len(), COMPARE_HEADER.len());
            assert_eq!(row[0], column.kind.id());
            let n = column.numbers().unwrap();
            let moves = n.moves.unwrap();
            assert_eq!(row[1], moves.moved.to_string());
            assert_eq!(row[2], "10000");
            let ideal: f64 = row[4].parse().unwrap();
            assert!(
                (ideal - 0.2).abs() < 1e-9,
                "ideal {ideal}: a fifth node joins"
            );
            let r1: f64 = row[6].parse().unwrap();
            assert!((r1 - n.space.unwrap().r1).abs() < 1e-6);
            assert_eq!(row[9], n.memory.to_string());
            assert!(row[11].is_empty());
        }
        // Modulo moves far more than the ring: the table says what the core measured.
        let moved = |i: usize| rows[i][1].parse::<u64>().unwrap();
        assert!(moved(2) > 3 * moved(1));
    }

    #[test]
    fn a_refused_column_carries_its_reason() {
        use crate::model::message::{Msg, Ui};
        use crate::model::AlgoId;
        let refused = Column {
            kind: AlgoId::Jump,
            outcome: Err(Msg::Ui(Ui::Reset)),
        };
        let rows = read_csv(&compare_csv(&[refused]));
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1][0], "jump");
        assert!(rows[1][1..11].iter().all(String::is_empty), "{:?}", rows[1]);
        assert_eq!(rows[1][11], Msg::Ui(Ui::Reset).to_string());
        assert!(!rows[1][11].is_empty());
    }
}
