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
use serde_json::{json, Value};

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

fn param_json(p: &ParamSpec, description: &str) -> Value {
    let mut param = json!({
        "key": p.key,
        "flag": p.flag,
        "description": description,
        "unit": p.unit,
    });
    let range = match p.kind {
        ParamKind::Whole {
            min, max, default, ..
        } => json!({"kind": "whole", "min": min, "max": max, "default": default}),
        ParamKind::Real {
            above,
            max,
            default,
        } => json!({"kind": "real", "above": above, "max": max, "default": default}),
        ParamKind::Choice { options, default } => json!({
            "kind": "choice",
            "options": options,
            "default": options.get(default).copied().unwrap_or_default(),
        }),
    };
    if let (Some(param), Value::Object(range)) = (param.as_object_mut(), range) {
        param.extend(range);
    }
    param
}

/// One JSON object per line in a list, as the other `--format json` outputs are laid out.
fn json_lines(items: impl IntoIterator<Item = Value>) -> String {
    let lines: Vec<String> = items.into_iter().map(|v| v.to_string()).collect();
    format!("[\n{}\n]\n", lines.join(",\n"))
}

fn picture_name(p: Picture) -> &'static str {
    match p {
        Picture::Ring => "ring",
        Picture::Buckets => "buckets",
        Picture::Table => "table",
        Picture::Scores => "scores",
    }
}

fn algorithm_json(spec: &AlgoSpec, docs: &AlgoDocs) -> Value {
    let hash = match spec.hash {
        HashUse::Chosen | HashUse::Own => Value::Null,
        HashUse::Fixed(h) => Value::from(h.name()),
    };
    let params: Vec<Value> = spec
        .params
        .iter()
        .zip(docs.params)
        .map(|(p, d)| param_json(p, d))
        .collect();
    json!({
        "id": spec.id,
        "aliases": spec.aliases,
        "description": docs.description,
        "source": docs.source,
        "picture": picture_name(spec.picture),
        "uses_weights": spec.uses_weights,
        "uses_vnodes": spec.uses_vnodes,
        "fixed_hash": hash,
        "params": params,
    })
}

fn algorithms_json() -> String {
    json_lines(AlgoId::algorithms().map(|a| algorithm_json(a.spec(), a.docs())))
}

fn buckets_json() -> String {
    json_lines(BucketAlgo::ALL.into_iter().map(|a| {
        let spec = a.spec();
        json!({
            "id": spec.id,
            "description": spec.description,
            "reference": spec.reference,
            "min_buckets": spec.min_buckets,
            "max_buckets": spec.max_buckets,
            "max_capacity": spec.max_capacity,
            "seed": spec.seed,
            "removal": spec.removal.name(),
        })
    }))
}

fn hashes_json() -> String {
    json_lines(
        HashFn::ALL
            .into_iter()
            .map(|h| json!({"id": h.name(), "description": h.describe(), "bits": h.bits()})),
    )
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
    json_lines(SystemId::ALL.into_iter().map(|system| {
        let spec = system.spec();
        let weights = match spec.weights {
            Weights::None => Value::Null,
            Weights::Taken {
                meaning,
                default,
                max,
            } => json!({"meaning": meaning, "default": default, "max": max}),
            // Decimal weights as the system writes them ("1.25"), as the command line
            // reads them.
            Weights::Hundredths {
                meaning,
                default,
                min,
                max,
            } => json!({
                "meaning": meaning,
                "default": spec.weights.show(default),
                "min": spec.weights.show(min),
                "max": spec.weights.show(max),
            }),
        };
        let params: Vec<Value> = spec
            .params
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "description": p.description,
                    "default": p.default,
                    "min": p.min,
                    "max": p.max,
                })
            })
            .collect();
        json!({
            "id": spec.id,
            "description": spec.description,
            "source": spec.source,
            "source_url": spec.source_address(),
            "weights": weights,
            "nodes": spec.node_syntax,
            "params": params,
        })
    }))
}
