//! `ringlab list`: what the registry holds, one line per algorithm, bucket algorithm (the
//! core's list in [`ring_core::buckets`]), hash function or real system
//! ([`ring_core::systems`], `id<TAB>description<TAB>source`)
//! (`id<TAB>description<TAB>parameters`), or as JSON.

use std::fmt::Write as _;
use std::io::{self, Write};

use ring_core::buckets::{BucketAlgo, BucketSpec};
use ring_core::registry::{AlgoDocs, AlgoId, AlgoSpec, HashUse, ParamKind, ParamSpec, Picture};
use ring_core::systems::{SystemId, Weights};
use ring_core::HashFn;

use crate::args::{ListArgs, ListFormat, Listed};
use crate::Failure;

/// `ringlab list`.
pub fn list(args: &ListArgs) -> Result<(), Failure> {
    let text = match (args.what, args.format) {
        (Listed::Algorithms, ListFormat::Text) => algorithms_text(),
        (Listed::Algorithms, ListFormat::Json) => algorithms_json(),
        (Listed::Buckets, ListFormat::Text) => buckets_text(),
        (Listed::Buckets, ListFormat::Json) => buckets_json(),
        (Listed::Hashes, ListFormat::Text) => hashes_text(),
        (Listed::Hashes, ListFormat::Json) => hashes_json(),
        (Listed::Systems, ListFormat::Text) => systems_text(),
        (Listed::Systems, ListFormat::Json) => systems_json(),
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

/// One parameter as the text listing writes it: `--table-size=65537 (2..=1000003 entries)`.
fn param_text(p: &ParamSpec) -> String {
    let unit = if p.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", p.unit)
    };
    format!(
        "--{}={} ({}{unit})",
        p.flag,
        p.write(p.default_value()),
        p.range_text()
    )
}

fn algorithms_text() -> String {
    let mut s = String::new();
    for a in AlgoId::algorithms() {
        let spec = a.spec();
        let params: Vec<String> = spec.params.iter().map(param_text).collect();
        let params = if params.is_empty() {
            "-".to_string()
        } else {
            params.join(" ")
        };
        let _ = writeln!(s, "{}\t{}\t{params}", spec.id, a.docs().description);
    }
    s
}

/// A bucket algorithm's flags as the text listing writes them:
/// `--buckets=N (1..=16777216) --capacity=N (N..=16777216) --seed=0 (0..=…) --removed=any-working`.
fn bucket_flags_text(spec: &BucketSpec) -> String {
    let mut flags = vec![format!(
        "--buckets=N ({}..={})",
        spec.min_buckets, spec.max_buckets
    )];
    if let Some(max) = spec.max_capacity {
        flags.push(format!("--capacity=N (N..={max})"));
    }
    if spec.seed {
        flags.push(format!("--seed=0 (0..={})", u64::MAX));
    }
    flags.push(format!("--removed={}", spec.removal.name()));
    flags.join(" ")
}

fn buckets_text() -> String {
    let mut s = String::new();
    for a in BucketAlgo::ALL {
        let spec = a.spec();
        let _ = writeln!(
            s,
            "{}\t{}\t{}",
            spec.id,
            spec.description,
            bucket_flags_text(spec)
        );
    }
    s
}

fn hashes_text() -> String {
    let mut s = String::new();
    for h in HashFn::ALL {
        let _ = writeln!(s, "{}\t{}\tbits={}", h.name(), h.describe(), h.bits());
    }
    s
}

/// A JSON string: quoted, with `"`, `\` and control characters escaped.
fn string(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
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
    s.push('"');
    s
}

fn strings(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| string(i)).collect();
    format!("[{}]", quoted.join(","))
}

fn param_json(p: &ParamSpec, description: &str) -> String {
    let range = match p.kind {
        ParamKind::Whole {
            min, max, default, ..
        } => {
            format!("\"kind\":\"whole\",\"min\":{min},\"max\":{max},\"default\":{default}")
        }
        ParamKind::Real {
            above,
            max,
            default,
        } => {
            format!("\"kind\":\"real\",\"above\":{above},\"max\":{max},\"default\":{default}")
        }
        ParamKind::Choice { options, default } => format!(
            "\"kind\":\"choice\",\"options\":{},\"default\":{}",
            strings(options),
            string(options.get(default).copied().unwrap_or_default())
        ),
    };
    format!(
        "{{\"key\":{},\"flag\":{},\"description\":{},\"unit\":{},{range}}}",
        string(p.key),
        string(p.flag),
        string(description),
        string(p.unit)
    )
}

fn picture_name(p: Picture) -> &'static str {
    match p {
        Picture::Ring => "ring",
        Picture::Buckets => "buckets",
        Picture::Table => "table",
        Picture::Scores => "scores",
    }
}

fn algorithm_json(spec: &AlgoSpec, docs: &AlgoDocs) -> String {
    let hash = match spec.hash {
        HashUse::Chosen | HashUse::Own => "null".to_string(),
        HashUse::Fixed(h) => string(h.name()),
    };
    let params: Vec<String> = spec
        .params
        .iter()
        .zip(docs.params)
        .map(|(p, d)| param_json(p, d))
        .collect();
    format!(
        "{{\"id\":{},\"aliases\":{},\"description\":{},\"source\":{},\"picture\":\"{}\",\
         \"uses_weights\":{},\"uses_vnodes\":{},\"fixed_hash\":{hash},\"params\":[{}]}}",
        string(spec.id),
        strings(spec.aliases),
        string(docs.description),
        string(docs.source),
        picture_name(spec.picture),
        spec.uses_weights,
        spec.uses_vnodes,
        params.join(",")
    )
}

fn algorithms_json() -> String {
    let items: Vec<String> = AlgoId::algorithms()
        .map(|a| algorithm_json(a.spec(), a.docs()))
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}

fn buckets_json() -> String {
    let items: Vec<String> = BucketAlgo::ALL
        .into_iter()
        .map(|a| {
            let spec = a.spec();
            let capacity = spec
                .max_capacity
                .map_or("null".to_string(), |c| c.to_string());
            let removal = string(spec.removal.name());
            format!(
                "{{\"id\":{},\"description\":{},\"reference\":{},\"min_buckets\":{},\
                 \"max_buckets\":{},\"max_capacity\":{capacity},\"seed\":{},\"removal\":{removal}}}",
                string(spec.id),
                string(spec.description),
                string(spec.reference),
                spec.min_buckets,
                spec.max_buckets,
                spec.seed,
            )
        })
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}

fn hashes_json() -> String {
    let items: Vec<String> = HashFn::ALL
        .into_iter()
        .map(|h| {
            format!(
                "{{\"id\":{},\"description\":{},\"bits\":{}}}",
                string(h.name()),
                string(h.describe()),
                h.bits()
            )
        })
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}

fn systems_text() -> String {
    let mut s = String::new();
    for system in SystemId::ALL {
        let spec = system.spec();
        let _ = writeln!(s, "{}\t{}\t{}", spec.id, spec.description, spec.source);
    }
    s
}

fn systems_json() -> String {
    let items: Vec<String> = SystemId::ALL
        .into_iter()
        .map(|system| {
            let spec = system.spec();
            let weights = match spec.weights {
                Weights::None => "null".to_string(),
                Weights::Taken {
                    meaning,
                    default,
                    max,
                } => format!(
                    "{{\"meaning\":{},\"default\":{default},\"max\":{max}}}",
                    string(meaning)
                ),
            };
            let params: Vec<String> = spec
                .params
                .iter()
                .map(|p| {
                    format!(
                        "{{\"name\":{},\"description\":{},\"default\":{},\"min\":{},\"max\":{}}}",
                        string(p.name),
                        string(p.description),
                        p.default,
                        p.min,
                        p.max
                    )
                })
                .collect();
            format!(
                "{{\"id\":{},\"description\":{},\"source\":{},\"source_url\":{},\
                 \"weights\":{weights},\"nodes\":{},\"params\":[{}]}}",
                string(spec.id),
                string(spec.description),
                string(spec.source),
                string(&spec.source_address()),
                string(spec.node_syntax),
                params.join(",")
            )
        })
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}
