//! Exports: the per-node loads as CSV, safe to open in a spreadsheet.
//!
//! Fields are quoted as RFC 4180 says (in double quotes when they hold a comma, a quote or a
//! line break, with quotes doubled), and a field that a spreadsheet would read as a formula
//! (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with a single
//! quote, as OWASP's advice on CSV injection recommends: a node named `=HYPERLINK(…)` stays
//! text.

use super::state::State;

/// The header row.
pub const HEADER: [&str; 7] = [
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
pub fn loads_csv(state: &State) -> String {
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
pub fn loads_file_name(state: &State) -> String {
    format!("ringlab-loads-{}.csv", state.kind.id())
}

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
pub fn field(text: &str) -> String {
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
mod tests {
    // Tests fail loudly by design: unwrapping a refused action is the failure message.
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::model::Action;

    /// A reader written from RFC 4180 alone, to check that what was written parses back.
    fn read_csv(text: &str) -> Vec<Vec<String>> {
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
}
