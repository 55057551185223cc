//! The last change in a link, `change=`: the rest of the link describes the state before
//! it, and the page that opens the link makes the change again through the reducer, so
//! the summary, the keys that moved and Replay are what the sender saw.
//!
//! The grammar, names percent-encoded as in `nodes`:
//!
//! ```text
//! add:NAME:WEIGHT[:vN]   remove:NAME   down:NAME   up:NAME
//! weight:NAME:W          vnodes:NAME:N (or vnodes:NAME:default)
//! default-vnodes:N       algo:ID       hash:NAME   param:KEY:VALUE
//! ```

use ring_core::error::{MAX_VNODES, MAX_WEIGHT};
use ring_core::registry::ParamRef;
use ring_core::HashFn;

use super::codec::{
    algo_named, decode, encode, hash_named, kind_name, not_one_of, quoted, read_node, read_u32,
    write_nodes, AlgoParam, SharedNode,
};
use crate::model::algo::{AlgoId, AlgoParams};
use crate::model::message::{Choice, Msg, Quantity};
use crate::model::snapshot::Did;
use crate::model::state::Change;
use crate::model::state::{Action, Node, State};

/// The verbs of `change=`, in the order a refusal lists them.
const VERBS: &[&str] = &[
    "add",
    "remove",
    "down",
    "up",
    "weight",
    "vnodes",
    "default-vnodes",
    "algo",
    "hash",
    "param",
];

/// A change as a link carries it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SharedChange {
    /// A node joins (never down; its colour is the one the page gives a new node).
    Add(SharedNode),
    /// The node of this name leaves.
    Remove(String),
    /// The node of this name is marked down (`true`) or up.
    SetDown(String, bool),
    /// The node of this name takes this weight.
    Weight(String, u32),
    /// The node of this name takes this virtual-node count (`None`: the default).
    Vnodes(String, Option<u32>),
    /// The default virtual-node count.
    DefaultVnodes(u32),
    /// The algorithm.
    Algo(AlgoId),
    /// The hash.
    Hash(HashFn),
    /// An algorithm's parameter.
    Param(ParamRef, f64),
}

/// Reads a raw (still percent-encoded) `change=` value.
pub(super) fn read(raw: &str) -> Result<SharedChange, Msg> {
    let (verb, rest) = raw.split_once(':').unwrap_or((raw, ""));
    let name = || decode(rest);
    // A name, then a value after the last colon (a colon in a name is encoded).
    let named_value = || -> Result<(String, &str), Msg> {
        let (name, value) = rest.rsplit_once(':').unwrap_or((rest, ""));
        Ok((decode(name)?, value))
    };
    Ok(match decode(verb)?.as_str() {
        "add" => {
            let node = read_node(rest)?;
            if node.down {
                return Err(Msg::BadFlag {
                    flag: "“down”".to_string(),
                });
            }
            SharedChange::Add(SharedNode {
                colour: None,
                ..node
            })
        }
        "remove" => SharedChange::Remove(name()?),
        "down" => SharedChange::SetDown(name()?, true),
        "up" => SharedChange::SetDown(name()?, false),
        "weight" => {
            let (name, w) = named_value()?;
            SharedChange::Weight(name, read_u32(w, Quantity::AWeight, 1, MAX_WEIGHT)?)
        }
        "vnodes" => {
            let (name, v) = named_value()?;
            let vnodes = match v {
                "default" => None,
                v => Some(read_u32(v, Quantity::AVnodeCount, 1, MAX_VNODES)?),
            };
            SharedChange::Vnodes(name, vnodes)
        }
        "default-vnodes" => {
            SharedChange::DefaultVnodes(read_u32(rest, Quantity::DefaultVnodes, 1, MAX_VNODES)?)
        }
        "algo" => SharedChange::Algo(algo_named(rest)?),
        "hash" => SharedChange::Hash(hash_named(rest)?),
        "param" => {
            let (key, value) = rest.split_once(':').unwrap_or((rest, ""));
            let key = decode(key)?;
            let param = AlgoParam::all().find(|p| p.name() == key).ok_or_else(|| {
                let all: Vec<&str> = AlgoParam::all().map(AlgoParam::name).collect();
                not_one_of(Choice::Change, &key, &all)
            })?;
            // Through the parameters, so that the value is kept as a link's reader keeps it.
            let read = AlgoParams::default().with(param.0, param.value_of(value)?);
            SharedChange::Param(param.0, read.get(param.0))
        }
        other => return Err(not_one_of(Choice::Change, other, VERBS)),
    })
}

/// The `change=` value of `change`.
pub(super) fn write(change: &SharedChange) -> String {
    match change {
        SharedChange::Add(node) => {
            format!("add:{}", write_nodes(std::slice::from_ref(node)))
        }
        SharedChange::Remove(name) => format!("remove:{}", encode(name)),
        SharedChange::SetDown(name, true) => format!("down:{}", encode(name)),
        SharedChange::SetDown(name, false) => format!("up:{}", encode(name)),
        SharedChange::Weight(name, w) => format!("weight:{}:{w}", encode(name)),
        SharedChange::Vnodes(name, v) => match v {
            Some(v) => format!("vnodes:{}:{v}", encode(name)),
            None => format!("vnodes:{}:default", encode(name)),
        },
        SharedChange::DefaultVnodes(v) => format!("default-vnodes:{v}"),
        SharedChange::Algo(kind) => format!("algo:{}", kind_name(*kind)),
        SharedChange::Hash(hash) => format!("hash:{}", hash.name()),
        SharedChange::Param(param, value) => {
            format!("param:{}:{}", param.spec().key, param.spec().write(*value))
        }
    }
}

/// The change `change` made to `after`'s cluster, as a link carries it; `None` for a
/// change a link does not describe (a pasted server list: the link is the state after it).
pub(super) fn of(change: &Change, after: &State) -> Option<SharedChange> {
    let prior = &change.prior;
    // The node present before and after whose field `differs`.
    let edited = |differs: fn(&Node, &Node) -> bool| {
        after.nodes.iter().find_map(|a| {
            let p = prior.node(a.id)?;
            differs(p, a).then(|| a.clone())
        })
    };
    Some(match &change.what {
        Did::Added { .. } => {
            let n = after.nodes.iter().find(|n| prior.node(n.id).is_none())?;
            SharedChange::Add(SharedNode {
                name: n.name.clone(),
                weight: n.weight,
                vnodes: n.vnodes,
                down: false,
                colour: None,
            })
        }
        Did::Removed { .. } => {
            let n = prior.nodes.iter().find(|n| after.node(n.id).is_none())?;
            SharedChange::Remove(n.name.clone())
        }
        Did::MarkedDown { .. } | Did::MarkedUp { .. } => {
            let n = edited(|p, a| p.down != a.down)?;
            SharedChange::SetDown(n.name, n.down)
        }
        Did::WeightSet { .. } => {
            let n = edited(|p, a| p.weight != a.weight)?;
            SharedChange::Weight(n.name, n.weight)
        }
        Did::VnodesSet { .. } => {
            let n = edited(|p, a| p.vnodes != a.vnodes)?;
            SharedChange::Vnodes(n.name, n.vnodes)
        }
        Did::DefaultVnodesSet { vnodes } => SharedChange::DefaultVnodes(*vnodes),
        Did::AlgorithmSet(kind) => SharedChange::Algo(*kind),
        Did::HashSet(hash) => SharedChange::Hash(*hash),
        Did::ParamSet { param, value } => SharedChange::Param(*param, *value),
        Did::NodesReplaced { .. } | Did::ConfigRead { .. } => return None,
    })
}

/// The action that makes `change` on `state`, or why it cannot (no node of that name).
pub(super) fn action(change: &SharedChange, state: &State) -> Result<Action, Msg> {
    let id = |name: &str| {
        state
            .nodes
            .iter()
            .find(|n| n.name == name)
            .map(|n| n.id)
            .ok_or_else(|| Msg::NoNodeNamed { name: quoted(name) })
    };
    Ok(match change {
        SharedChange::Add(node) => Action::AddNode {
            name: node.name.clone(),
            weight: node.weight.to_string(),
            vnodes: node.vnodes.map(|v| v.to_string()).unwrap_or_default(),
        },
        SharedChange::Remove(name) => Action::RemoveNode(id(name)?),
        SharedChange::SetDown(name, down) => Action::SetDown(id(name)?, *down),
        SharedChange::Weight(name, w) => Action::SetWeight(id(name)?, w.to_string()),
        SharedChange::Vnodes(name, v) => {
            Action::SetVnodes(id(name)?, v.map(|v| v.to_string()).unwrap_or_default())
        }
        SharedChange::DefaultVnodes(v) => Action::SetDefaultVnodes(v.to_string()),
        SharedChange::Algo(kind) => Action::SetAlgorithm(*kind),
        SharedChange::Hash(hash) => Action::SetHash(*hash),
        SharedChange::Param(param, value) => Action::SetParam {
            param: *param,
            text: param.spec().write(*value),
        },
    })
}
