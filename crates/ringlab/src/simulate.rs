//! `ringlab simulate`: one change of a cache cluster under Zipf requests
//! ([`ring_core::traffic`]), reported as text, CSV (one row per time bucket) or JSON, with
//! the writers of `ringlab study`.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Write};

use ring_core::metrics::format::{group_thousands, percent};
use ring_core::traffic::{self, Capacity, Change, Report, Setup};
use ring_core::{HashFn, NodeSpec};

use crate::args::{node_index, parse_node, parse_nodes, Format, SimulateArgs};
use crate::input::{read_keys, Lines};
use crate::moves::key_set;
use crate::study::{json_escape, number, table};
use crate::Failure;

/// The keys, and how the report names them.
fn keys(args: &SimulateArgs) -> Result<(Vec<String>, String), Failure> {
    match &args.key_file {
        Some(path) => {
            let file = File::open(path)
                .map_err(|e| Failure::Usage(format!("--key-file {}: {e}", path.display())))?;
            let keys = read_keys(Lines::new(file)).map_err(|e| match e {
                Failure::Data(m) => Failure::Data(format!("{}: {m}", path.display())),
                other => other,
            })?;
            let source = format!(
                "{} keys from {}",
                group_thousands(keys.len() as u64),
                path.display()
            );
            Ok((keys, source))
        }
        None => key_set(args.stdin, args.keys, args.seed),
    }
}

/// The change the flags name, and the change in words.
fn change(args: &SimulateArgs, nodes: &[NodeSpec]) -> Result<(Change, String), Failure> {
    let names = || nodes.iter().map(|n| n.name.as_str());
    let index = |name: &str, flag: &str| -> Result<u32, Failure> {
        let i = node_index(names(), name, flag)?;
        u32::try_from(i).map_err(|_| Failure::Usage(format!("--{flag}: too many nodes")))
    };
    if let Some(entry) = &args.join {
        let node = parse_node(entry)?;
        let what = format!("{:?} (weight {}) joins", node.name, node.weight);
        return Ok((Change::Join(node), what));
    }
    if let Some(name) = &args.leave {
        return Ok((
            Change::Leave(index(name, "leave")?),
            format!("{:?} leaves", name.trim()),
        ));
    }
    if let Some(name) = &args.down {
        return Ok((
            Change::Down(index(name, "down")?),
            format!("{:?} goes down", name.trim()),
        ));
    }
    if let Some(name) = &args.up {
        return Ok((
            Change::Up(index(name, "up")?),
            format!("{:?} comes up", name.trim()),
        ));
    }
    if let Some(entry) = &args.reweight {
        if !entry.contains('=') {
            return Err(Failure::Usage(format!(
                "--reweight {entry:?}: give the node and its new weight, NAME=W"
            )));
        }
        let node = parse_node(entry)?;
        let i = index(&node.name, "reweight")?;
        let what = format!("{:?} is reweighted to {}", node.name, node.weight);
        return Ok((
            Change::Reweight {
                node: i,
                weight: node.weight,
            },
            what,
        ));
    }
    Err(Failure::Usage(
        "give one change: --join, --leave, --down, --up or --reweight".to_string(),
    ))
}

/// `ringlab simulate`.
pub fn run(args: &SimulateArgs) -> Result<(), Failure> {
    let nodes = parse_nodes(&args.nodes)?;
    let config = args.algo.config(args.vnodes, HashFn::Murmur3_64)?;
    let (change, what) = change(args, &nodes)?;
    let (keys, source) = keys(args)?;
    let mut setup = Setup::new(config, nodes, args.requests);
    setup.change = Some(change);
    setup.at = args.at.unwrap_or(args.requests / 2);
    setup.zipf = args.zipf;
    setup.seed = args.seed;
    setup.cache = args.cache_keys;
    setup.buckets = args.buckets;
    setup.replicas = args.copies;
    let report = traffic::simulate(&setup, &keys).map_err(|e| Failure::Usage(e.to_string()))?;
    let text = match args.format {
        Format::Text => text(args, &setup, &report, &what, &source, &keys),
        Format::Csv => csv(&report),
        Format::Json => json(args, &setup, &report, &what, &keys),
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

fn cache_words(cache: Capacity) -> String {
    match cache {
        Capacity::All => "caches hold all their keys".to_string(),
        Capacity::Keys(c) => format!("caches of {} keys (LRU)", group_thousands(u64::from(c))),
    }
}

fn rate(x: Option<f64>) -> String {
    x.map_or("n/a".to_string(), |x| percent(x, 1))
}

fn store(load: Option<(u64, u64)>) -> String {
    match load {
        Some((misses, requests)) if requests > 0 => format!(
            "{} of {} requests ({})",
            group_thousands(misses),
            group_thousands(requests),
            percent(misses as f64 / requests as f64, 1)
        ),
        _ => "n/a".to_string(),
    }
}

fn text(
    args: &SimulateArgs,
    setup: &Setup,
    report: &Report,
    what: &str,
    source: &str,
    keys: &[String],
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{what} at request {}; {source}",
        group_thousands(setup.at)
    );
    let _ = writeln!(
        s,
        "{}, {} requests, Zipf {}, {}, {} {}, {} time buckets",
        args.algo.algo.id(),
        group_thousands(setup.requests),
        setup.zipf,
        cache_words(setup.cache),
        setup.replicas,
        if setup.replicas == 1 {
            "copy"
        } else {
            "copies"
        },
        group_thousands(u64::from(setup.buckets)),
    );
    s.push('\n');
    let _ = writeln!(s, "hit rate before: {}", rate(report.hit_rate_before()));
    let _ = writeln!(s, "hit rate just after: {}", rate(report.hit_rate_after()));
    let _ = writeln!(s, "store load before: {}", store(report.store_before()));
    let _ = writeln!(s, "store load just after: {}", store(report.store_after()));
    let total = |f: fn(&traffic::BucketStats) -> u64| report.buckets.iter().map(f).sum::<u64>();
    let (hits, requests) = (total(|b| b.hits), total(|b| b.requests));
    if requests > 0 {
        let _ = writeln!(
            s,
            "hit rate over the run: {}; the store served {} requests",
            percent(hits as f64 / requests as f64, 1),
            group_thousands(requests - hits)
        );
    }
    let failover = total(|b| b.failover);
    if failover > 0 {
        let _ = writeln!(
            s,
            "requests served in place of a down node: {}",
            group_thousands(failover)
        );
    }
    let overflow = total(|b| b.overflow);
    if overflow > 0 {
        let _ = writeln!(
            s,
            "requests passed on at the bounded-load cap: {}",
            group_thousands(overflow)
        );
    }
    s.push('\n');
    let cells: Vec<Vec<String>> = report
        .nodes
        .iter()
        .map(|n| {
            vec![
                n.name.clone(),
                group_thousands(n.keys_before),
                group_thousands(n.keys_after),
                percent(n.popularity_before, 1),
                percent(n.popularity_after, 1),
                group_thousands(n.requests_before),
                group_thousands(n.requests_after),
                group_thousands(n.peak),
                group_thousands(n.failover),
                group_thousands(n.overflow),
            ]
        })
        .collect();
    table(
        &mut s,
        &[
            "node",
            "keys before",
            "keys after",
            "share before",
            "share after",
            "requests before",
            "after",
            "peak/bucket",
            "failover",
            "overflow",
        ],
        &cells,
    );
    s.push('\n');
    let _ = writeln!(s, "hottest keys (rank, key, popularity, requests):");
    for h in &report.hot {
        let _ = writeln!(
            s,
            "  {:>2}  {}  {}  {}",
            h.rank + 1,
            keys.get(h.key as usize).map_or("?", String::as_str),
            percent(h.popularity, 2),
            group_thousands(h.requests)
        );
    }
    s
}

/// A CSV field, quoted if it holds a comma, a quote or a line end.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn csv(report: &Report) -> String {
    let mut header: Vec<String> = [
        "bucket", "start", "requests", "hits", "misses", "hit_rate", "overflow", "failover",
    ]
    .map(str::to_string)
    .to_vec();
    header.extend(
        report
            .nodes
            .iter()
            .map(|n| csv_field(&format!("requests:{}", n.name))),
    );
    let mut s = header.join(",");
    s.push('\n');
    for (i, (b, row)) in report
        .buckets
        .iter()
        .zip(&report.requests_per_node)
        .enumerate()
    {
        let mut fields = vec![
            i.to_string(),
            b.start.to_string(),
            b.requests.to_string(),
            b.hits.to_string(),
            b.misses.to_string(),
            b.hit_rate().map_or(String::new(), |x| number(x, false)),
            b.overflow.to_string(),
            b.failover.to_string(),
        ];
        fields.extend(row.iter().map(u64::to_string));
        s.push_str(&fields.join(","));
        s.push('\n');
    }
    s
}

fn json_number(x: Option<f64>) -> String {
    x.map_or("null".to_string(), |x| number(x, true))
}

fn json_string(text: &str) -> String {
    format!("\"{}\"", json_escape(text))
}

fn json(
    args: &SimulateArgs,
    setup: &Setup,
    report: &Report,
    what: &str,
    keys: &[String],
) -> String {
    let mut s = String::from("{");
    let cache = match setup.cache {
        Capacity::All => "null".to_string(),
        Capacity::Keys(c) => c.to_string(),
    };
    let store = |x: Option<(u64, u64)>| x.map_or("null".to_string(), |(m, _)| m.to_string());
    let _ =
        write!(
        s,
        "\"algo\":{},\"change\":{},\"keys\":{},\"requests\":{},\"zipf\":{},\"cache_keys\":{cache},\
         \"replicas\":{},\"at\":{},\"seed\":{},\"hit_rate_before\":{},\"hit_rate_after\":{},\
         \"store_before\":{},\"store_after\":{},\"bucket_before\":{},\"bucket_after\":{},",
        json_string(args.algo.algo.id()),
        json_string(what),
        keys.len(),
        setup.requests,
        number(setup.zipf, true),
        setup.replicas,
        setup.at,
        setup.seed,
        json_number(report.hit_rate_before()),
        json_number(report.hit_rate_after()),
        store(report.store_before()),
        store(report.store_after()),
        report.bucket_before.map_or("null".to_string(), |b| b.to_string()),
        report.bucket_after.map_or("null".to_string(), |b| b.to_string()),
    );
    let per_node: Vec<String> = report
        .nodes
        .iter()
        .map(|n| format!("{}:{}", json_string(&n.name), n.requests))
        .collect();
    let _ = write!(
        s,
        "\"requests_per_node\":{{{}}},\n\"nodes\":[",
        per_node.join(",")
    );
    for (i, n) in report.nodes.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(
            s,
            "\n{{\"name\":{},\"keys_before\":{},\"keys_after\":{},\"popularity_before\":{},\
             \"popularity_after\":{},\"requests\":{},\"requests_before\":{},\"requests_after\":{},\
             \"peak\":{},\"failover\":{},\"overflow\":{}}}",
            json_string(&n.name),
            n.keys_before,
            n.keys_after,
            number(n.popularity_before, true),
            number(n.popularity_after, true),
            n.requests,
            n.requests_before,
            n.requests_after,
            n.peak,
            n.failover,
            n.overflow
        );
    }
    s.push_str("],\n\"buckets\":[");
    for (i, (b, row)) in report
        .buckets
        .iter()
        .zip(&report.requests_per_node)
        .enumerate()
    {
        if i > 0 {
            s.push(',');
        }
        let row: Vec<String> = row.iter().map(u64::to_string).collect();
        let _ = write!(
            s,
            "\n{{\"start\":{},\"requests\":{},\"hits\":{},\"misses\":{},\"hit_rate\":{},\
             \"overflow\":{},\"failover\":{},\"requests_per_node\":[{}]}}",
            b.start,
            b.requests,
            b.hits,
            b.misses,
            json_number(b.hit_rate()),
            b.overflow,
            b.failover,
            row.join(",")
        );
    }
    s.push_str("],\n\"hot_keys\":[");
    for (i, h) in report.hot.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(
            s,
            "{{\"rank\":{},\"key\":{},\"popularity\":{},\"requests\":{}}}",
            h.rank + 1,
            json_string(keys.get(h.key as usize).map_or("", String::as_str)),
            number(h.popularity, true),
            h.requests
        );
    }
    s.push_str("]}\n");
    s
}
