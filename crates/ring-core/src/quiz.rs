//! A quiz drawn from a seed: questions about small clusters whose answers the core computes,
//! the same for everyone with the same seed (the app's `quiz=SEED`, `ringlab quiz --seed`).
//!
//! A quiz is [`QUESTIONS`] questions, one of each [`Kind`], in an order drawn from the seed;
//! each draws its algorithm, nodes and keys from the same splitmix64 stream
//! ([`crate::keys::SplitMix64`]). [`Question::grade`] marks an answer right or wrong by the
//! answer computed here: a node, the nodes keys go to, a share within
//! [`SHARE_TOLERANCE`] points, the algorithm that moves fewer keys, R1 within
//! [`R1_TOLERANCE`], or the set of systems that agree.
//!
//! [`quiz_on`] asks the first three kinds (which node owns a key, where keys go when a node
//! leaves, what share a join moves) about a [`Cluster`] of the caller's instead: the app's
//! lab, or `ringlab quiz --nodes …`. A cluster qualifies when a placement built afresh is
//! the lab's (an algorithm of [`CLUSTER_ALGORITHMS`], no node with its own virtual-node
//! count) and it has 2 to [`MAX_CLUSTER_NODES`] nodes.

use crate::error::BuildError;
use crate::keys::{key_from, SplitMix64};
use crate::metrics::Balance;
use crate::registry::{AlgoId, SystemId};
use crate::{build, Algorithm, Config, NodeSpec, Placement};

/// Questions in a quiz: one of each kind.
pub const QUESTIONS: usize = 6;
/// Keys a share or a count of moved keys is about.
pub const KEYS: u64 = 10_000;
/// How far, in percentage points, a share may be from the answer.
pub const SHARE_TOLERANCE: f64 = 5.0;
/// How far, relatively, an R1 may be from the answer (10%).
pub const R1_TOLERANCE: f64 = 0.1;
/// Keys a leave question asks about.
pub const LEAVE_KEYS: usize = 4;

/// The algorithms a question about one algorithm draws from: rings, tables, buckets and
/// scores, each of which any node may leave, and whose placement after a leave is the one
/// built afresh without the node (so a lab's cluster of one of them can be asked about).
pub const CLUSTER_ALGORITHMS: [AlgoId; 5] = ALGORITHMS;

/// The most nodes of a cluster a quiz asks about (each is an answer to pick).
pub const MAX_CLUSTER_NODES: usize = 12;

/// The weight of the node a join question adds to a cluster (the app's default weight).
const JOIN_WEIGHT: u32 = 100;

/// A cluster the first three questions are about: a configuration and its nodes (those up).
#[derive(Clone, Debug, PartialEq)]
pub struct Cluster {
    /// The algorithm, its parameters, the hash and the default virtual-node count.
    pub config: Config,
    /// The nodes, in order.
    pub nodes: Vec<NodeSpec>,
}

/// Why a cluster cannot be asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAskable {
    /// Its algorithm is not one of [`CLUSTER_ALGORITHMS`].
    Algorithm,
    /// Fewer than 2 or more than [`MAX_CLUSTER_NODES`] nodes.
    NodeCount,
    /// A node has its own virtual-node count.
    OwnVnodes,
}

impl Cluster {
    /// Whether a quiz can ask about this cluster, or why not.
    pub fn askable(&self) -> Result<(), NotAskable> {
        if !CLUSTER_ALGORITHMS.contains(&self.config.algorithm.id) {
            return Err(NotAskable::Algorithm);
        }
        if !(2..=MAX_CLUSTER_NODES).contains(&self.nodes.len()) {
            return Err(NotAskable::NodeCount);
        }
        if self.nodes.iter().any(|n| n.vnodes.is_some()) {
            return Err(NotAskable::OwnVnodes);
        }
        Ok(())
    }

    /// The command-line flags that give this cluster to `ringlab quiz`: `--algo`, `--hash`,
    /// `--vnodes`, each of the algorithm's parameters, then `--nodes name=weight,…`, each
    /// word quoted for a POSIX shell where it needs to be. `None` if a node's name holds a
    /// comma, which `--nodes` cannot carry.
    pub fn flags(&self) -> Option<String> {
        if self.nodes.iter().any(|n| n.name.contains(',')) {
            return None;
        }
        let algo = self.config.algorithm.id;
        let mut out = format!(
            "--algo {} --hash {} --vnodes {}",
            algo.id(),
            self.config.hash.name(),
            self.config.default_vnodes
        );
        for (i, p) in algo.spec().params.iter().enumerate() {
            let value = p.write(self.config.algorithm.params.get(i));
            out.push_str(&format!(" --{} {}", p.flag, shell_word(&value)));
        }
        let nodes: Vec<String> = (self.nodes.iter())
            .map(|n| format!("{}={}", n.name, n.weight))
            .collect();
        out.push_str(&format!(" --nodes {}", shell_word(&nodes.join(","))));
        Some(out)
    }
}

/// `word` as a POSIX shell reads it back: as it is when it is made of safe characters, else
/// in single quotes.
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_.,:=/+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The algorithms a question about one algorithm draws from.
const ALGORITHMS: [AlgoId; 5] = [
    AlgoId::Virtual,
    AlgoId::Ketama,
    AlgoId::Modulo,
    AlgoId::Maglev,
    AlgoId::Rendezvous,
];

/// The algorithms "which moves fewer" compares, two at a time.
const COMPARED: [AlgoId; 6] = [
    AlgoId::Modulo,
    AlgoId::SinglePoint,
    AlgoId::Virtual,
    AlgoId::Jump,
    AlgoId::Maglev,
    AlgoId::Rendezvous,
];

/// Virtual nodes an R1 question's ring has per node.
const VNODES: [u32; 4] = [1, 10, 50, 200];

/// One question, with its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The nodes, in order (an answer's node is an index into them).
    pub nodes: Vec<String>,
    /// What is asked.
    pub kind: Kind,
}

/// What a question asks, and its answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// Which node `algo` places `key` on.
    Owner {
        /// The algorithm.
        algo: AlgoId,
        /// The key.
        key: String,
        /// The node.
        answer: usize,
    },
    /// After node `leaving` leaves under `algo`, which node each of `keys` is on.
    Leave {
        /// The algorithm.
        algo: AlgoId,
        /// The node leaving.
        leaving: usize,
        /// The keys asked about.
        keys: Vec<String>,
        /// Each key's node after the leave (an index into the nodes before it).
        answer: Vec<usize>,
    },
    /// What share of [`KEYS`] keys (`user:<n>:<abc>` from the quiz's seed) moves when
    /// `joining` joins under `algo`, in percent.
    JoinShare {
        /// The algorithm.
        algo: AlgoId,
        /// The node joining.
        joining: String,
        /// The keys' seed ([`crate::keys::generate`]).
        keys_seed: u64,
        /// The share, in percent.
        answer: f64,
    },
    /// Which of two algorithms moves fewer of [`KEYS`] keys when `joining` joins.
    Fewer {
        /// The two algorithms.
        algos: [AlgoId; 2],
        /// The node joining.
        joining: String,
        /// The keys' seed.
        keys_seed: u64,
        /// Keys each moved.
        moved: [u64; 2],
        /// The one that moved fewer (0 or 1).
        answer: usize,
    },
    /// R1 (the largest share of the hash space over the mean) of a ring with virtual nodes
    /// (the core's `virtual`, MurmurHash3) of `vnodes` points per node.
    R1 {
        /// Points per node.
        vnodes: u32,
        /// R1.
        answer: f64,
    },
    /// Which of the clients of one program place `key` on node `server`.
    Systems {
        /// The clients.
        systems: Vec<SystemId>,
        /// The key.
        key: String,
        /// The node asked about.
        server: usize,
        /// For each client, whether it places the key there.
        answer: Vec<bool>,
    },
}

/// An answer to grade.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A node, by its index ([`Kind::Owner`]).
    Node(usize),
    /// A node for each key ([`Kind::Leave`]).
    Nodes(Vec<usize>),
    /// A share in percent ([`Kind::JoinShare`]).
    Percent(f64),
    /// One of two algorithms, 0 or 1 ([`Kind::Fewer`]).
    Choice(usize),
    /// A number ([`Kind::R1`]).
    Number(f64),
    /// Yes or no for each system ([`Kind::Systems`]).
    Ticks(Vec<bool>),
}

impl Question {
    /// Whether `answer` is right.
    pub fn grade(&self, answer: &Answer) -> bool {
        match (&self.kind, answer) {
            (Kind::Owner { answer: a, .. }, Answer::Node(n)) => a == n,
            (Kind::Leave { answer: a, .. }, Answer::Nodes(n)) => a == n,
            (Kind::JoinShare { answer: a, .. }, Answer::Percent(p)) => {
                p.is_finite() && (a - p).abs() <= SHARE_TOLERANCE
            }
            (Kind::Fewer { answer: a, .. }, Answer::Choice(c)) => a == c,
            (Kind::R1 { answer: a, .. }, Answer::Number(x)) => {
                x.is_finite() && (a - x).abs() <= R1_TOLERANCE * a
            }
            (Kind::Systems { answer: a, .. }, Answer::Ticks(t)) => a == t,
            _ => false,
        }
    }

    /// The right answer, as [`Question::grade`] takes it.
    pub fn answer(&self) -> Answer {
        match &self.kind {
            Kind::Owner { answer, .. } => Answer::Node(*answer),
            Kind::Leave { answer, .. } => Answer::Nodes(answer.clone()),
            Kind::JoinShare { answer, .. } => Answer::Percent(*answer),
            Kind::Fewer { answer, .. } => Answer::Choice(*answer),
            Kind::R1 { answer, .. } => Answer::Number(*answer),
            Kind::Systems { answer, .. } => Answer::Ticks(answer.clone()),
        }
    }
}

fn pick<T: Copy>(rng: &mut SplitMix64, from: &[T]) -> T {
    from[rng.below(from.len() as u64) as usize]
}

fn node_names(rng: &mut SplitMix64) -> Vec<String> {
    let n = 3 + rng.below(4) as u8;
    (0..n)
        .map(|i| format!("cache-{}", (b'a' + i) as char))
        .collect()
}

fn specs(names: &[String]) -> Vec<NodeSpec> {
    names
        .iter()
        .map(|n| NodeSpec::new(n.as_str(), 100))
        .collect()
}

fn placement(algo: AlgoId, names: &[String]) -> Result<Box<dyn Placement>, BuildError> {
    let on = drawn(algo, names);
    build(&on.config, &on.nodes)
}

/// `names` at weight 100 under `algo` at its defaults: a cluster a question draws.
fn drawn(algo: AlgoId, names: &[String]) -> Cluster {
    Cluster {
        config: Config::new(Algorithm::new(algo)),
        nodes: specs(names),
    }
}

/// Keys that move among `keys` when `joining` (weight [`JOIN_WEIGHT`]) joins `on`.
fn moved_on_join(on: &Cluster, joining: &str, keys: &[String]) -> Result<u64, BuildError> {
    let before = build(&on.config, &on.nodes)?.assign(keys);
    let mut more = on.nodes.clone();
    more.push(NodeSpec::new(joining, JOIN_WEIGHT));
    let after = build(&on.config, &more)?.assign(keys);
    Ok(before.iter().zip(&after).filter(|(b, a)| b != a).count() as u64)
}

/// The name of the node that joins `names`: `cache-` and the letter after the last, or
/// the first `node-N` no node has.
fn joining(names: &[String]) -> String {
    let next = format!("cache-{}", (b'a' + names.len() as u8) as char);
    if names.len() < 26 && !names.contains(&next) {
        return next;
    }
    (1..)
        .map(|n| format!("node-{n}"))
        .find(|name| !names.contains(name))
        .unwrap_or_default()
}

/// The nodes and the configuration a question of the first three kinds is about: the
/// caller's cluster, else `names` with `algo` at its defaults.
fn about(cluster: Option<&Cluster>, algo: AlgoId, names: &[String]) -> (AlgoId, Cluster) {
    match cluster {
        Some(c) => (c.config.algorithm.id, c.clone()),
        None => (algo, drawn(algo, names)),
    }
}

fn names_of(cluster: &Cluster) -> Vec<String> {
    cluster.nodes.iter().map(|n| n.name.clone()).collect()
}

fn question(
    rng: &mut SplitMix64,
    kind: usize,
    cluster: Option<&Cluster>,
) -> Result<Question, BuildError> {
    let mut nodes = node_names(rng);
    let kind = match kind {
        0 => {
            let (algo, on) = about(cluster, pick(rng, &ALGORITHMS), &nodes);
            nodes = names_of(&on);
            let key = key_from(rng.next_u64());
            let answer = build(&on.config, &on.nodes)?.locate(&key) as usize;
            Kind::Owner { algo, key, answer }
        }
        1 => {
            let (algo, on) = about(cluster, pick(rng, &ALGORITHMS), &nodes);
            nodes = names_of(&on);
            let leaving = rng.below(nodes.len() as u64) as usize;
            let before = build(&on.config, &on.nodes)?;
            let mut rest = on.nodes.clone();
            rest.remove(leaving);
            let after = build(&on.config, &rest)?;
            // Keys of the leaving node, and others: at most half on it.
            let mut keys = Vec::new();
            while keys.len() < LEAVE_KEYS {
                let key = key_from(rng.next_u64());
                let on_leaver = before.locate(&key) as usize == leaving;
                if on_leaver == (keys.len() % 2 == 0) {
                    keys.push(key);
                }
            }
            let answer = keys
                .iter()
                .map(|k| {
                    let i = after.locate(k) as usize;
                    // Back to an index among the nodes before the leave.
                    if i >= leaving {
                        i + 1
                    } else {
                        i
                    }
                })
                .collect();
            Kind::Leave {
                algo,
                leaving,
                keys,
                answer,
            }
        }
        2 => {
            let (algo, on) = about(cluster, pick(rng, &ALGORITHMS), &nodes);
            nodes = names_of(&on);
            let keys_seed = rng.next_u64();
            let keys = crate::keys::generate(KEYS, keys_seed);
            let joining = joining(&nodes);
            let moved = moved_on_join(&on, &joining, &keys)?;
            Kind::JoinShare {
                algo,
                joining,
                keys_seed,
                answer: 100.0 * moved as f64 / KEYS as f64,
            }
        }
        3 => {
            let keys_seed = rng.next_u64();
            let keys = crate::keys::generate(KEYS, keys_seed);
            let joining = joining(&nodes);
            // Two that differ: a tie has no answer, so another pair is drawn.
            loop {
                let a = pick(rng, &COMPARED);
                let b = pick(rng, &COMPARED);
                if a == b {
                    continue;
                }
                let moved = [
                    moved_on_join(&drawn(a, &nodes), &joining, &keys)?,
                    moved_on_join(&drawn(b, &nodes), &joining, &keys)?,
                ];
                if moved[0] != moved[1] {
                    break Kind::Fewer {
                        algos: [a, b],
                        joining,
                        keys_seed,
                        moved,
                        answer: usize::from(moved[1] < moved[0]),
                    };
                }
            }
        }
        4 => {
            let vnodes = pick(rng, &VNODES);
            let mut config = Config::new(Algorithm::new(AlgoId::Virtual));
            config.default_vnodes = vnodes;
            let shares = build(&config, &specs(&nodes))?.shares();
            let answer = Balance::of(&shares).map_or(f64::NAN, |b| b.r1);
            Kind::R1 { vnodes, answer }
        }
        _ => {
            let (_, systems) = crate::systems::client_groups()
                .into_iter()
                .find(|(program, _)| *program == "memcached")
                .unwrap_or_default();
            nodes = (1..=nodes.len())
                .map(|i| format!("10.0.0.{i}:11211"))
                .collect();
            let key = key_from(rng.next_u64());
            let owners = systems
                .iter()
                .map(|s| Ok(placement(s.algo(), &nodes)?.locate(&key) as usize))
                .collect::<Result<Vec<usize>, BuildError>>()?;
            // A node some client places the key on, so that at least one tick is right.
            let server = owners
                .get(rng.below(owners.len().max(1) as u64) as usize)
                .copied()
                .unwrap_or(0);
            let answer = owners.iter().map(|&o| o == server).collect();
            Kind::Systems {
                systems,
                key,
                server,
                answer,
            }
        }
    };
    Ok(Question { nodes, kind })
}

/// The quiz of `seed`: [`QUESTIONS`] questions, one of each kind, in the seed's order.
///
/// ```
/// use ring_core::quiz::{quiz, Answer};
/// let q = quiz(7).unwrap();
/// assert_eq!(q, quiz(7).unwrap());
/// assert!(q.iter().all(|question| question.grade(&question.answer())));
/// ```
pub fn quiz(seed: u64) -> Result<Vec<Question>, BuildError> {
    quiz_on(seed, None)
}

/// The quiz of `seed` with its first three kinds about `cluster` (if given; the caller
/// checks [`Cluster::askable`], and a cluster that is not is not used).
pub fn quiz_on(seed: u64, cluster: Option<&Cluster>) -> Result<Vec<Question>, BuildError> {
    let cluster = cluster.filter(|c| c.askable().is_ok());
    let mut rng = SplitMix64::new(seed);
    let mut order: Vec<usize> = (0..QUESTIONS).collect();
    // Fisher–Yates.
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    order
        .into_iter()
        .map(|k| question(&mut rng, k, cluster))
        .collect()
}

#[cfg(test)]
mod tests;
