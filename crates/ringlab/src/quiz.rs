//! `ringlab quiz`: the quiz of a seed with its answers, as the app's `quiz=SEED` asks it
//! ([`ring_core::quiz`]): a teacher's answer key, or JSON.

use std::io::{self, Write};

use ring_core::metrics::format;
use ring_core::quiz::{
    quiz_on, Cluster, Kind, NotAskable, Question, CLUSTER_ALGORITHMS, KEYS, MAX_CLUSTER_NODES,
    R1_TOLERANCE, SHARE_TOLERANCE,
};
use ring_core::HashFn;
use serde_json::{json, Value};

use crate::args::{parse_nodes, ListFormat, QuizArgs};
use crate::Failure;

/// `ringlab quiz`.
pub fn run(args: &QuizArgs) -> Result<(), Failure> {
    let cluster = match &args.nodes {
        None => None,
        Some(list) => {
            let cluster = Cluster {
                config: args.algo.config(args.vnodes, HashFn::Murmur3_64)?,
                nodes: parse_nodes(list)?,
            };
            cluster.askable().map_err(|why| {
                Failure::Usage(match why {
                    NotAskable::Algorithm => format!(
                        "a quiz asks about a cluster of {} only: their placement after a leave is the one built afresh",
                        CLUSTER_ALGORITHMS.map(|a| a.id()).join(", ")
                    ),
                    NotAskable::NodeCount => format!(
                        "a quiz asks about a cluster of 2 to {MAX_CLUSTER_NODES} nodes; --nodes has {}",
                        cluster.nodes.len()
                    ),
                    // --nodes gives no node its own count.
                    NotAskable::OwnVnodes => "a node has its own virtual-node count".to_string(),
                })
            })?;
            Some(cluster)
        }
    };
    let questions =
        quiz_on(args.seed, cluster.as_ref()).map_err(|e| Failure::Data(e.to_string()))?;
    let text = match args.format {
        ListFormat::Text => questions
            .iter()
            .enumerate()
            .map(|(i, q)| text(i + 1, q))
            .collect::<String>(),
        ListFormat::Json => {
            let list: Vec<Value> = questions.iter().map(to_json).collect();
            format!("{}\n", Value::Array(list))
        }
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

fn node(q: &Question, i: usize) -> &str {
    q.nodes.get(i).map_or("?", String::as_str)
}

fn text(number: usize, q: &Question) -> String {
    let nodes = q.nodes.join(", ");
    let (asked, answer) = match &q.kind {
        Kind::Owner { algo, key, answer } => (
            format!("Which node does {algo} place {key:?} on? Nodes: {nodes}."),
            node(q, *answer).to_string(),
        ),
        Kind::Leave {
            algo,
            leaving,
            keys,
            answer,
        } => (
            format!(
                "Nodes {nodes} ({algo}). After {} leaves, which node is each key on: {}?",
                node(q, *leaving),
                keys.join(", ")
            ),
            keys.iter()
                .zip(answer)
                .map(|(k, &n)| format!("{k} -> {}", node(q, n)))
                .collect::<Vec<_>>()
                .join("; "),
        ),
        Kind::JoinShare {
            algo,
            joining,
            keys_seed,
            answer,
        } => (
            format!(
                "Nodes {nodes} ({algo}), {} keys (seed {keys_seed}). What share of the keys moves when {joining} joins?",
                format::group_thousands(KEYS)
            ),
            format!(
                "{} (within {SHARE_TOLERANCE} points)",
                format::percent(answer / 100.0, 1)
            ),
        ),
        Kind::Fewer {
            algos,
            joining,
            keys_seed,
            moved,
            answer,
        } => (
            format!(
                "Nodes {nodes}, {} keys (seed {keys_seed}). When {joining} joins, which moves fewer keys: {} or {}?",
                format::group_thousands(KEYS),
                algos[0],
                algos[1]
            ),
            format!(
                "{} ({} against {})",
                algos[*answer],
                format::group_thousands(moved[*answer]),
                format::group_thousands(moved[1 - answer])
            ),
        ),
        Kind::R1 { vnodes, answer } => (
            format!(
                "Nodes {nodes} on a ring (virtual, murmur3-64) with {vnodes} points each. What is R1, the largest share of the hash space over the mean?"
            ),
            format!(
                "{} (within {}%)",
                format::decimal(*answer, 2),
                R1_TOLERANCE * 100.0
            ),
        ),
        Kind::Systems {
            systems,
            key,
            server,
            answer,
        } => (
            format!(
                "Servers {nodes}. Which of these clients place {key:?} on {}: {}?",
                node(q, *server),
                systems.iter().map(|s| s.id()).collect::<Vec<_>>().join(", ")
            ),
            systems
                .iter()
                .zip(answer)
                .filter(|(_, &yes)| yes)
                .map(|(s, _)| s.id())
                .collect::<Vec<_>>()
                .join(", "),
        ),
    };
    format!("{number}. {asked}\n   Answer: {answer}\n")
}

fn to_json(q: &Question) -> Value {
    let kind = match &q.kind {
        Kind::Owner { algo, key, answer } => {
            json!({"kind": "owner", "algo": algo.id(), "key": key, "answer": node(q, *answer)})
        }
        Kind::Leave {
            algo,
            leaving,
            keys,
            answer,
        } => json!({
            "kind": "leave", "algo": algo.id(), "leaving": node(q, *leaving), "keys": keys,
            "answer": answer.iter().map(|&n| node(q, n)).collect::<Vec<_>>(),
        }),
        Kind::JoinShare {
            algo,
            joining,
            keys_seed,
            answer,
        } => json!({
            "kind": "join-share", "algo": algo.id(), "joining": joining, "keys": KEYS,
            "keys_seed": keys_seed, "answer": answer,
        }),
        Kind::Fewer {
            algos,
            joining,
            keys_seed,
            moved,
            answer,
        } => json!({
            "kind": "fewer", "algos": [algos[0].id(), algos[1].id()], "joining": joining,
            "keys": KEYS, "keys_seed": keys_seed, "moved": moved, "answer": algos[*answer].id(),
        }),
        Kind::R1 { vnodes, answer } => json!({"kind": "r1", "vnodes": vnodes, "answer": answer}),
        Kind::Systems {
            systems,
            key,
            server,
            answer,
        } => json!({
            "kind": "systems", "systems": systems.iter().map(|s| s.id()).collect::<Vec<_>>(),
            "key": key, "server": node(q, *server), "answer": answer,
        }),
    };
    json!({"nodes": q.nodes, "question": kind})
}
