//! `ringlab assign` (an algorithm or a real system), `ringlab jump` and `ringlab hash`: one
//! answer per line of standard input; and the key loop that `ringlab jump` and
//! `ringlab bucket` share.

use std::io::{self, BufWriter, Write};

use ring_core::{build, HashFn, NodeSpec, Placement};

use ring_core::system_hash::AnyHash;
use ring_core::systems::{self, Locate, SystemId, SystemNode};

use crate::args::{parse_nodes, parse_system_nodes, AssignArgs, HashArgs, JumpArgs, SystemArgs};
use crate::input::{decimal_key, key, read_all_keys, stdin_lines};
use crate::Failure;

/// Builds `system` over the nodes of `list` with the parameters of `args`; a refusal by
/// the core is a usage error, with the core's message.
pub fn build_system(
    system: SystemId,
    args: &SystemArgs,
    nodes: &[SystemNode],
) -> Result<Box<dyn Locate>, Failure> {
    systems::build(system, nodes, &args.param_refs())
        .map_err(|e| Failure::Usage(format!("{}: {e}", system.id())))
}

/// Where `key` (from line `number`) goes, or the system's refusal as a usage error naming
/// the key and its line (exit status 2).
pub fn system_locate(placement: &dyn Locate, number: u64, key: &str) -> Result<u32, Failure> {
    placement
        .locate(key)
        .map_err(|refused| Failure::Usage(format!("line {number}: {refused}")))
}

/// `ringlab assign --system`.
fn assign_system(system: SystemId, args: &AssignArgs) -> Result<(), Failure> {
    let nodes = parse_system_nodes(system, &args.nodes)?;
    let placement = build_system(system, &args.system, &nodes)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut lines = stdin_lines();
    while let Some((number, line)) = lines.next_line()? {
        let name_of = |owner: u32| {
            usize::try_from(owner)
                .ok()
                .and_then(|i| nodes.get(i))
                .map_or("?", |n| n.name.as_str())
        };
        if args.preference_list {
            let list = match placement.preference_list(line) {
                None => {
                    return Err(Failure::Usage(format!(
                        "{} keeps one copy of a key: it has no preference list",
                        system.id()
                    )))
                }
                Some(list) => {
                    list.map_err(|refused| Failure::Usage(format!("line {number}: {refused}")))?
                }
            };
            let names: Vec<&str> = list.into_iter().map(name_of).collect();
            writeln!(out, "{line}\t{}", names.join(",")).map_err(Failure::write)?;
        } else {
            let owner = system_locate(placement.as_ref(), number, line)?;
            writeln!(out, "{line}\t{}", name_of(owner)).map_err(Failure::write)?;
        }
        if lines.would_block() {
            out.flush().map_err(Failure::write)?;
        }
    }
    out.flush().map_err(Failure::write)
}

/// `ringlab hash`.
pub fn hash(args: &HashArgs) -> Result<(), Failure> {
    let hash: AnyHash = args.hash;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut lines = stdin_lines();
    while let Some((number, line)) = lines.next_line()? {
        let k = key(number, line)?;
        writeln!(out, "{k}\t{}", hash.hash(k)).map_err(Failure::write)?;
        if lines.would_block() {
            out.flush().map_err(Failure::write)?;
        }
    }
    out.flush().map_err(Failure::write)
}

/// Builds the placement for an algorithm's flags and node list; a refusal by the core is a
/// usage error, with the core's message.
pub fn build_placement(
    args: &crate::args::AlgoArgs,
    nodes: &[NodeSpec],
    vnodes: u32,
    default_hash: HashFn,
) -> Result<Box<dyn Placement>, Failure> {
    build(&args.config(vnodes, default_hash)?, nodes).map_err(|e| Failure::Usage(e.to_string()))
}

/// The name of node `index`, or `?` if the core answered an index outside the list (it
/// must not; printing beats panicking).
fn node_name(nodes: &[NodeSpec], index: u32) -> &str {
    usize::try_from(index)
        .ok()
        .and_then(|i| nodes.get(i))
        .map_or("?", |n| n.name.as_str())
}

/// `ringlab assign`.
pub fn assign(args: &AssignArgs) -> Result<(), Failure> {
    if let Some(system) = args.system.system {
        return assign_system(system, args);
    }
    let nodes = parse_nodes(&args.nodes)?;
    let placement = build_placement(&args.algo, &nodes, args.vnodes, HashFn::Murmur3_64)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if args.algo.algo.spec().places_together {
        // Bounded loads caps each node relative to all keys, placed in order: it needs them
        // all before it can place the first.
        let keys = read_all_keys()?;
        let owners = placement.assign(&keys);
        for (k, owner) in keys.iter().zip(owners) {
            writeln!(out, "{k}\t{}", node_name(&nodes, owner)).map_err(Failure::write)?;
        }
    } else {
        let mut lines = stdin_lines();
        while let Some((number, line)) = lines.next_line()? {
            let k = key(number, line)?;
            writeln!(out, "{k}\t{}", node_name(&nodes, placement.locate(k)))
                .map_err(Failure::write)?;
            if lines.would_block() {
                out.flush().map_err(Failure::write)?;
            }
        }
    }
    out.flush().map_err(Failure::write)
}

/// `ringlab jump`: keys are unsigned 64-bit decimal numbers, surrounding spaces allowed.
pub fn jump(args: &JumpArgs) -> Result<(), Failure> {
    let buckets = args.buckets;
    buckets_of_keys("jump", |k| ring_core::jump::jump_hash(k, buckets))
}

/// Reads unsigned 64-bit decimal keys from standard input, one a line ([`decimal_key`]),
/// and prints `key<TAB>bucket` for each as it comes: `ringlab jump` and `ringlab bucket`.
pub fn buckets_of_keys(command: &str, bucket: impl Fn(u64) -> u32) -> Result<(), Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut lines = stdin_lines();
    while let Some((number, line)) = lines.next_line()? {
        let k = decimal_key(number, line, command)?;
        writeln!(out, "{k}\t{}", bucket(k)).map_err(Failure::write)?;
        if lines.would_block() {
            out.flush().map_err(Failure::write)?;
        }
    }
    out.flush().map_err(Failure::write)
}
