//! `ringlab move`: assign the same keys before and after one node joins or leaves, and
//! report how many moved, against the least that had to, and between which nodes.

use std::fmt::Write as _;
use std::io::{self, Write};

use ring_core::metrics::format::{group_thousands, percent};
use ring_core::metrics::{diff, loads, Ideal};
use ring_core::{HashFn, NodeSpec};

use ring_core::systems::{Locate, SystemId, SystemNode};

use crate::args::{
    node_index, parse_node, parse_nodes, parse_system_node, parse_system_nodes, MoveArgs,
};
use crate::assign::{build_placement, build_system, system_locate};
use crate::input::read_all_keys;
use crate::Failure;
use ring_core::keys::generate;

/// The cluster after the change, and for each of its nodes a label: its position in the
/// list of every node involved (the nodes before, then a joining one). Labels stay put
/// when a node leaves, where indices shift.
struct Change {
    after: Vec<NodeSpec>,
    labels: Vec<u32>,
    /// Every node involved, indexed by label.
    everyone: Vec<NodeSpec>,
    /// What the summary line compares with.
    ideal: Ideal,
    /// A weight share to show as the ideal when [`Ideal`] has no words for it.
    weighted_ideal: Option<f64>,
    /// The change, in words.
    what: String,
}

/// "a cluster of n nodes", in good English for n = 1 too.
fn cluster(n: usize) -> String {
    let noun = if n == 1 { "node" } else { "nodes" };
    format!("a cluster of {} {noun}", group_thousands(n as u64))
}

fn join(before: &[NodeSpec], entry: &str) -> Result<Change, Failure> {
    let node = parse_node(entry)?;
    let mut after = before.to_vec();
    after.push(node.clone());
    let nodes_after = u32::try_from(after.len())
        .map_err(|_| Failure::Usage(format!("{} nodes is too many", after.len())))?;
    let equal = after.iter().all(|n| n.weight == node.weight);
    let total: f64 = after.iter().map(|n| f64::from(n.weight)).sum();
    Ok(Change {
        labels: (0..nodes_after).collect(),
        everyone: after.clone(),
        ideal: if equal {
            Ideal::Join { nodes_after }
        } else {
            Ideal::None
        },
        weighted_ideal: (!equal).then(|| f64::from(node.weight) / total),
        what: format!(
            "{:?} (weight {}) joins {}",
            node.name,
            node.weight,
            cluster(before.len())
        ),
        after,
    })
}

/// The report, from the keys' owners before (labels) and after (labels).
fn report(change: &Change, source: &str, before: &[u32], after: &[u32]) -> Result<String, Failure> {
    let moves = diff(before, after).map_err(|e| Failure::Data(e.to_string()))?;
    let name = |label: u32| {
        usize::try_from(label)
            .ok()
            .and_then(|i| change.everyone.get(i))
            .map_or("?", |n| n.name.as_str())
    };
    let mut s = String::new();
    let _ = writeln!(s, "{}; {source}", change.what);
    let _ = write!(s, "{}", moves.summary(change.ideal));
    if let Some(share) = change.weighted_ideal {
        let _ = write!(
            s,
            "; ideal {} where weights count (the new node's share of the weight)",
            percent(share, 1)
        );
    }
    s.push('\n');
    if !moves.flows.is_empty() {
        let _ = writeln!(s, "flows (from → to: keys):");
    }
    for f in &moves.flows {
        let _ = writeln!(
            s,
            "  {} → {}: {}",
            name(f.from),
            name(f.to),
            group_thousands(f.keys)
        );
    }
    Ok(s)
}

/// The keys to place, and how the report names them.
fn keys(args: &MoveArgs) -> Result<(Vec<String>, String), Failure> {
    key_set(args.stdin, args.keys, args.seed)
}

/// The keys of standard input if `stdin`, else `count` keys generated from `seed`, and
/// how a report names them: `ringlab move`'s and `ringlab simulate`'s.
pub fn key_set(stdin: bool, count: u64, seed: u64) -> Result<(Vec<String>, String), Failure> {
    if stdin {
        let keys = read_all_keys()?;
        let source = format!(
            "{} keys from standard input",
            group_thousands(keys.len() as u64)
        );
        Ok((keys, source))
    } else {
        let source = format!(
            "{} keys user:<n>:<abc>, seed {seed}",
            group_thousands(count)
        );
        Ok((generate(count, seed), source))
    }
}

/// Every key's owner; a key the system refuses stops, named with its place in the keys.
fn locate_all(placement: &dyn Locate, keys: &[String]) -> Result<Vec<u32>, Failure> {
    keys.iter()
        .enumerate()
        .map(|(i, k)| system_locate(placement, i as u64 + 1, k))
        .collect()
}

/// The node's weight as its system reads it: as written, else the system's default.
fn system_weight(system: SystemId, node: &SystemNode) -> u32 {
    match system.spec().weights.default_weight() {
        None => 1,
        Some(default) => node.weight.unwrap_or(default),
    }
}

/// `ringlab move --system`.
fn run_system(system: SystemId, args: &MoveArgs) -> Result<(), Failure> {
    let before_nodes = parse_system_nodes(system, &args.nodes)?;
    let placement = build_system(system, &args.system, &before_nodes)?;
    let (keys, source) = keys(args)?;
    let before = locate_all(placement.as_ref(), &keys)?;
    let as_spec = |nodes: &[SystemNode]| -> Vec<NodeSpec> {
        nodes
            .iter()
            .map(|n| NodeSpec::new(n.name.clone(), system_weight(system, n)))
            .collect()
    };
    let (after_nodes, change) = match (&args.join, &args.leave) {
        (Some(entry), _) => {
            let node = parse_system_node(system, entry)?;
            let mut after = before_nodes.clone();
            after.push(node.clone());
            let nodes_after = u32::try_from(after.len())
                .map_err(|_| Failure::Usage(format!("{} nodes is too many", after.len())))?;
            let weight = system_weight(system, &node);
            let everyone = as_spec(&after);
            let equal = everyone.iter().all(|n| n.weight == weight);
            let total: f64 = everyone.iter().map(|n| f64::from(n.weight)).sum();
            let change = Change {
                after: everyone.clone(),
                labels: (0..nodes_after).collect(),
                everyone,
                ideal: if equal {
                    Ideal::Join { nodes_after }
                } else {
                    Ideal::None
                },
                weighted_ideal: (!equal).then(|| f64::from(weight) / total),
                what: format!(
                    "{} {:?} joins {}",
                    system.id(),
                    node.name,
                    cluster(before_nodes.len())
                ),
            };
            (after, change)
        }
        (None, Some(name)) => {
            let name = name.trim();
            let index = node_index(before_nodes.iter().map(|n| n.name.as_str()), name, "leave")?;
            let label = u32::try_from(index)
                .map_err(|_| Failure::Usage(format!("node {name:?} is too far down the list")))?;
            let count = u32::try_from(before_nodes.len()).unwrap_or(u32::MAX);
            let owned = before.iter().filter(|&&o| o == label).count();
            let share = if keys.is_empty() {
                0.0
            } else {
                owned as f64 / keys.len() as f64
            };
            let mut after = before_nodes.clone();
            after.remove(index);
            let change = Change {
                after: as_spec(&after),
                labels: (0..count).filter(|&l| l != label).collect(),
                everyone: as_spec(&before_nodes),
                ideal: Ideal::Leave { share },
                weighted_ideal: None,
                what: format!(
                    "{} {name:?} leaves {}",
                    system.id(),
                    cluster(before_nodes.len())
                ),
            };
            (after, change)
        }
        (None, None) => {
            return Err(Failure::Usage(
                "give --join NAME[=W] or --leave NAME".to_string(),
            ))
        }
    };
    if after_nodes.is_empty() {
        return Err(Failure::Usage(format!(
            "{}: no node would be left to own the keys",
            change.what
        )));
    }
    let after_placement = build_system(system, &args.system, &after_nodes)?;
    let after: Vec<u32> = locate_all(after_placement.as_ref(), &keys)?
        .into_iter()
        .map(|i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| change.labels.get(i))
                .copied()
                .unwrap_or(u32::MAX)
        })
        .collect();
    let text = report(&change, &source, &before, &after)?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

/// `ringlab move`.
pub fn run(args: &MoveArgs) -> Result<(), Failure> {
    if let Some(system) = args.system.system {
        return run_system(system, args);
    }
    let before_nodes = parse_nodes(&args.nodes)?;
    let placement = build_placement(&args.algo, &before_nodes, args.vnodes, HashFn::Murmur3_64)?;
    let (keys, source) = keys(args)?;
    // Before the change, labels are the indices themselves.
    let before = placement.assign(&keys);

    let change = match (&args.join, &args.leave) {
        (Some(entry), _) => join(&before_nodes, entry)?,
        (None, Some(name)) => {
            let name = name.trim();
            let index = node_index(before_nodes.iter().map(|n| n.name.as_str()), name, "leave")?;
            let label = u32::try_from(index)
                .map_err(|_| Failure::Usage(format!("node {name:?} is too far down the list")))?;
            placement
                .check_removal(label)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            let counts =
                loads(&before, placement.node_count()).map_err(|e| Failure::Data(e.to_string()))?;
            let owned = counts.get(index).copied().unwrap_or(0);
            let share = if keys.is_empty() {
                0.0
            } else {
                owned as f64 / keys.len() as f64
            };
            let mut after = before_nodes.clone();
            after.remove(index);
            let labels = (0..placement.node_count())
                .filter(|&l| l != label)
                .collect();
            Change {
                after,
                labels,
                everyone: before_nodes.clone(),
                ideal: Ideal::Leave { share },
                weighted_ideal: None,
                what: format!("{name:?} leaves {}", cluster(before_nodes.len())),
            }
        }
        (None, None) => {
            return Err(Failure::Usage(
                "give --join NAME[=W] or --leave NAME".to_string(),
            ))
        }
    };
    if change.after.is_empty() {
        return Err(Failure::Usage(format!(
            "{}: no node would be left to own the keys",
            change.what
        )));
    }
    let after_placement =
        build_placement(&args.algo, &change.after, args.vnodes, HashFn::Murmur3_64)?;
    let after: Vec<u32> = after_placement
        .assign(&keys)
        .into_iter()
        .map(|i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| change.labels.get(i))
                .copied()
                .unwrap_or(u32::MAX)
        })
        .collect();
    let text = report(&change, &source, &before, &after)?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}
