//! The guided tour: the story of the seeds, one step at a time. Each step is a caption and
//! the state of the lab it talks about, built from the first state through the model's own
//! actions ([`State::apply`]), so the picture and every number beside it are computed by
//! the core. [`frame`] is a pure function of the step: going back rebuilds the earlier
//! state exactly.

use ring_core::metrics::{diff, format, Ideal};
use ring_core::slots::SlotTable;
use ring_core::{HashFn, Placement};

use super::algo::AlgoKind;
use super::chord_view::{chord_view, ChordSettings};
use super::replication_view::{replication_view, ReplicationSettings};
use super::state::{Action, State};

/// How many steps the tour has.
pub const STEP_COUNT: u32 = 17;

/// Keys in every step: few enough to draw them all, enough to count moves.
const TOUR_KEYS: u32 = 2_000;
const TOUR_SEED: u64 = 42;
/// The key whose replicas and Chord lookup the tour shows.
pub const TOUR_KEY: &str = "user:42";

/// What the step's picture shows besides the state's own picture.
#[derive(Clone, Debug, PartialEq)]
pub enum Visual {
    /// The state's picture (ring or bins).
    Picture,
    /// The picture and the share of the hash space of each node.
    PictureAndShares,
    /// The Chord ring of the state's nodes and one lookup.
    Chord(ChordSettings),
    /// The preference lists of the state's ring and one failure.
    Replication(ReplicationSettings),
}

/// One step as the page shows it.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The step, 1-based.
    pub step: u32,
    /// Its title.
    pub title: &'static str,
    /// The caption: two to four sentences, citing the seeds.
    pub caption: &'static str,
    /// The state the picture is drawn from.
    pub state: State,
    /// What to draw.
    pub visual: Visual,
    /// Numbers the core computed for this step, one sentence each.
    pub facts: Vec<String>,
}

/// A change to make on the way to a step, naming nodes by name (ids depend on the state).
enum Op {
    Algo(AlgoKind),
    Hash(HashFn),
    Vnodes(u32),
    /// Make the node list exactly this (name, weight): add the missing, remove the rest.
    Nodes(Vec<(String, u32)>),
    Add(&'static str),
    Down(&'static str),
    Weight(&'static str, u32),
    Slots(u32),
    Epsilon(&'static str),
    /// Generate the tour's keys again: the model's way to start from rest (no change).
    Rest,
    /// Explain the first key of the key set.
    ExplainFirst,
}

/// What the step's numbers are about.
#[derive(Clone, Copy, PartialEq)]
enum Fact {
    Change,
    Explained,
    Shares,
    Keys,
    Points,
    Memory,
    SlotDrop,
    Chord,
    Replication,
    PassedOn,
    PointsPerNode,
}

struct Step {
    title: &'static str,
    caption: &'static str,
    ops: fn() -> Vec<Op>,
    visual: fn() -> Visual,
    facts: &'static [Fact],
}

fn cache_nodes(n: u32) -> Vec<(String, u32)> {
    (0..n)
        .map(|i| (format!("cache-{}", char::from(b'a' + i as u8)), 100))
        .collect()
}

fn seed_003_nodes(n: u32) -> Vec<(String, u32)> {
    (1..=n).map(|i| (format!("192.168.1.{i}"), 100)).collect()
}

fn picture() -> Visual {
    Visual::Picture
}

fn picture_and_shares() -> Visual {
    Visual::PictureAndShares
}

const STEPS: [Step; STEP_COUNT as usize] = [
    Step {
        title: "Hash, then take the remainder",
        caption: "Seed 000 starts from an order table split into 10 tables: hash(user_id) % size picks the table that holds a user's orders, and a cache cluster picks a server with hash(key) % N the same way. Below, 2,000 keys go to 4 caches by MD5 hash mod 4: each column is a cache, each dot a key. The spread is even, and a lookup costs one hash and one division.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Modulo), Op::Rest, Op::ExplainFirst],
        visual: picture,
        facts: &[Fact::Explained, Fact::Keys],
    },
    Step {
        title: "Add a server, lose the cache",
        caption: "Add a server and the rule becomes hash(key) % (size + 1): seed 000 warns that almost all cached data is then invalid at once, and every miss falls through to the database. Seed 002 shows it with the numbers 2, 3, 4 and 5: spread over 2 buckets and then over 3, every one of them changes bucket. Here a fifth cache joins; a new node only needs 1/5 of the keys.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Modulo), Op::Rest, Op::Add("cache-e")],
        visual: picture,
        facts: &[Fact::Change],
    },
    Step {
        title: "The ring and the clockwise rule",
        caption: "Seeds 001, 003 and 004 hash servers and keys onto one circle of 2^32 positions; a key belongs to the first server met going clockwise from it, so each server owns the arc that ends at its point. Seed 000's prose states the rule the other way round (the largest server hash at or below the key's), but its Java code, TreeMap.tailMap(hash), walks clockwise like the others. The dark path is one key's walk.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::SinglePoint), Op::Rest, Op::ExplainFirst],
        visual: picture,
        facts: &[Fact::Explained, Fact::Shares],
    },
    Step {
        title: "A server fails",
        caption: "Seed 000: if node 2 goes down, only node 2's data moves, to node 3, the next node clockwise; no other node is touched. Seed 001 says the same of a removed server. Here cache-b is marked down: exactly its keys move, all to one node, where modulo moved keys between every pair of nodes.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::SinglePoint), Op::Rest, Op::Down("cache-b")],
        visual: picture,
        facts: &[Fact::Change],
    },
    Step {
        title: "A server joins",
        caption: "Seed 003: when a node joins, only the keys between its point and the previous point counter-clockwise are remapped, all onto the new node; every other key stays put. Seed 002 draws the practical lesson: a new machine only has to copy data from the machine after it before it starts serving.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::SinglePoint), Op::Rest, Op::Add("cache-e")],
        visual: picture,
        facts: &[Fact::Change],
    },
    Step {
        title: "Few points, uneven arcs (R1)",
        caption: "With one point per server the arcs are as uneven as random gaps. Seed 003 measures it with R1, the largest share of the ring over the smallest, and R2 and R3, the fraction of nodes within 10% and 2% of the mean share; for 30 nodes it found R1 above 100, a hundredfold difference in load. Here are 10 nodes, 192.168.1.1 to 192.168.1.10, hashed with MD5 as in the paper.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::SinglePoint), Op::Nodes(seed_003_nodes(10)), Op::Rest],
        visual: picture_and_shares,
        facts: &[Fact::Shares, Fact::Keys],
    },
    Step {
        title: "Virtual nodes",
        caption: "Every seed's remedy is virtual nodes: each server is hashed many times under names such as 192.168.1.100#1 (seed 003) or 10.24.23.227#1 (seed 001), and a key that walks to a virtual node belongs to its server. Seed 003 reports that 30 virtual nodes per server bring R1 below 2 for 30 servers. The same 10 servers as in the last step, 30 points each.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Virtual), Op::Vnodes(30), Op::Nodes(seed_003_nodes(10)), Op::Rest],
        visual: picture_and_shares,
        facts: &[Fact::Shares, Fact::Points],
    },
    Step {
        title: "A hundred virtual nodes",
        caption: "Seed 003 calls 100 virtual nodes per server a common setting, and finds it still not perfectly even: above 30 servers R1 exceeds 1.5 and R2 falls below 0.7, so the busiest node has 1.5 times the share of the least busy and more than 30% of the nodes are over 10% off the mean. Here are 30 servers with 100 points each; the Paper view computes the whole table.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Virtual), Op::Vnodes(100), Op::Nodes(seed_003_nodes(30)), Op::Rest],
        visual: picture_and_shares,
        facts: &[Fact::Shares, Fact::Points],
    },
    Step {
        title: "Weights",
        caption: "Machines differ, so seed 004 lets a node join with a weight: its virtual-node count becomes replicas × weight / 100, and more points win more of the ring. Here cache-b's weight goes from 100 to 200, doubling its points; every key that moves, moves onto cache-b.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Virtual), Op::Vnodes(16), Op::Rest, Op::Weight("cache-b", 200)],
        visual: picture_and_shares,
        facts: &[Fact::Change, Fact::PointsPerNode],
    },
    Step {
        title: "ketama, as memcached clients do it",
        caption: "The seeds' ring is what memcached clients have long shipped as ketama: MD5 of \"server-i\", each 16-byte digest cut into four 32-bit points, 40 digests or 160 points per server at equal weights and in proportion to memory otherwise. These are the eight servers and weights of libketama's own test, which gets 1,264 points. A key hashes to the first 4 bytes of its MD5 and walks clockwise.",
        ops: || {
            let weights = [600, 300, 200, 350, 1000, 800, 950, 100];
            let nodes = (1..=8u32)
                .zip(weights)
                .map(|(i, w)| (format!("10.0.1.{i}:11211"), w))
                .collect();
            vec![Op::Algo(AlgoKind::Ketama), Op::Nodes(nodes), Op::Rest, Op::ExplainFirst]
        },
        visual: picture,
        facts: &[Fact::Points, Fact::Explained, Fact::PointsPerNode],
    },
    Step {
        title: "A fixed table of 1024 slots",
        caption: "Seed 001 fixes the ring in advance: 1024 virtual slots, slot i belonging to node_(i % 8), and a key goes to slot (hashCode & 0x7FFFFFFF) % 1024 — one division, no search. Its dropNode deletes a node's slots so that ceilingEntry finds the next remaining slot and only that node's keys move; dealing all 1024 slots afresh for 7 nodes would move most keys, as modulo did.",
        ops: || {
            let nodes = (0..8).map(|i| (format!("node_{i}"), 100)).collect();
            // The nodes first, then the table: picking the algorithm deals its slots over
            // the nodes in turn, as the seed does.
            vec![Op::Hash(HashFn::JavaString), Op::Nodes(nodes), Op::Slots(1024), Op::Algo(AlgoKind::SlotTable), Op::Rest]
        },
        visual: picture,
        facts: &[Fact::SlotDrop, Fact::Memory],
    },
    Step {
        title: "Chord: the owner in O(log n) hops",
        caption: "Seed 002 notes that walking the ring node by node costs O(k) for k nodes, and points to the jump tables of the 2001 DHTs (CAN, Chord, Tapestry, Pastry): each node records the owners of the points 1, 2, 4, … ahead of it. Chord forwards a query to the farthest finger that does not pass the key, at least halving the distance left, so a lookup takes O(log n) hops. Below, 16 nodes at the MD5 of their names, the start node's fingers, and one lookup's hops.",
        ops: || {
            let nodes = (1..=16).map(|i| (format!("10.0.0.{i}"), 100)).collect();
            vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::SinglePoint), Op::Nodes(nodes), Op::Rest]
        },
        visual: || {
            Visual::Chord(ChordSettings {
                key: TOUR_KEY.to_string(),
                start: None,
            })
        },
        facts: &[Fact::Chord],
    },
    Step {
        title: "Replication to successors",
        caption: "Seed 002 suggests each machine also keep a copy of the data of the machine before it, so that one going offline loses nothing. Generalised, a key lives on its owner and the next R − 1 distinct nodes clockwise, its preference list. With R = 3 here, when cache-b fails the next replica, which already holds the data, serves its keys, and one more node clockwise receives a copy.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Virtual), Op::Vnodes(4), Op::Nodes(cache_nodes(5)), Op::Rest],
        visual: || {
            Visual::Replication(ReplicationSettings {
                replicas: 3,
                key: TOUR_KEY.to_string(),
                down: None,
            })
        },
        facts: &[Fact::Replication],
    },
    Step {
        title: "Jump consistent hash",
        caption: "Seed 003 also studies Google's jump consistent hash (Lamping and Veach, 2014): no ring and no table, only a short loop of multiplications that turns a 64-bit key into a bucket from 0 to n − 1. Adding bucket n moves the ideal 1/(n + 1) of the keys, all onto the new bucket, and it keeps nothing in memory. The price: buckets are numbered, so only the last one can leave.",
        ops: || vec![Op::Hash(HashFn::Murmur3_64), Op::Algo(AlgoKind::Jump), Op::Rest, Op::Add("cache-e"), Op::ExplainFirst],
        visual: picture,
        facts: &[Fact::Change, Fact::Explained, Fact::Memory],
    },
    Step {
        title: "Maglev",
        caption: "Maglev, Google's load balancer and another of seed 003's algorithms, fills a lookup table of prime size M: each node walks its own permutation of the entries and the nodes take turns claiming free ones, so each holds about M/n entries. A lookup is one hash and one table read. Adding a node moves a little more than the ideal, because a few entries also change hands between old nodes.",
        ops: || vec![Op::Hash(HashFn::Murmur3_64), Op::Algo(AlgoKind::Maglev), Op::Rest, Op::Add("cache-e")],
        visual: picture,
        facts: &[Fact::Change, Fact::Shares, Fact::Memory],
    },
    Step {
        title: "Bounded loads",
        caption: "Consistent hashing with bounded loads, the last of seed 003's list (Mirrokni, Thorup and Zadimoghaddam), caps every node at ⌈(1 + ε) × mean⌉ keys: a key whose node is full walks on clockwise to the next node with room. With ε = 0.25, no node carries more than 1.25 times the mean, however uneven its arcs.",
        ops: || vec![Op::Hash(HashFn::Md5), Op::Algo(AlgoKind::Bounded), Op::Vnodes(4), Op::Epsilon("0.25"), Op::Rest],
        visual: picture_and_shares,
        facts: &[Fact::PassedOn, Fact::Keys, Fact::Shares],
    },
    Step {
        title: "go-zero's ring",
        caption: "Seed 004 reads go-zero's core/hash: MurmurHash3 of the node's name followed by the replica number, 100 replicas by default (fewer are raised to 100), and weights that scale them as replicas × weight / 100 but never above the replica count. A point shared by two nodes keeps both, and a key landing on it is placed by hashing \"16777619:\" + key. Below, localhost:3 has weight 50 and localhost:4 weight 200 — yet only 100 points.",
        ops: || {
            let weights = [100, 100, 100, 50, 200];
            let nodes = (0..5u32)
                .zip(weights)
                .map(|(i, w)| (format!("localhost:{i}"), w))
                .collect();
            vec![Op::Algo(AlgoKind::GoZero), Op::Nodes(nodes), Op::Rest]
        },
        visual: picture_and_shares,
        facts: &[Fact::PointsPerNode, Fact::Shares],
    },
];

/// Every step's title, in order (for the step menu).
pub fn titles() -> Vec<&'static str> {
    STEPS.iter().map(|s| s.title).collect()
}

fn node_id(state: &State, name: &str) -> Result<super::NodeId, String> {
    state
        .nodes
        .iter()
        .find(|n| n.name == name)
        .map(|n| n.id)
        .ok_or_else(|| format!("the tour has no node {name}"))
}

fn apply(state: State, action: Action) -> Result<State, String> {
    state.apply(action).map_err(|e| e.message)
}

fn add(state: State, name: &str, weight: u32) -> Result<State, String> {
    apply(
        state,
        Action::AddNode {
            name: name.to_string(),
            weight: weight.to_string(),
            vnodes: String::new(),
        },
    )
}

fn run(mut state: State, op: Op) -> Result<State, String> {
    state = match op {
        Op::Algo(kind) => apply(state, Action::SetAlgorithm(kind))?,
        Op::Hash(hash) => apply(state, Action::SetHash(hash))?,
        Op::Vnodes(v) => apply(state, Action::SetDefaultVnodes(v.to_string()))?,
        Op::Nodes(list) => {
            for (name, weight) in &list {
                match state.nodes.iter().find(|n| &n.name == name) {
                    Some(n) if n.weight == *weight => {}
                    Some(n) => {
                        let id = n.id;
                        state = apply(state, Action::SetWeight(id, weight.to_string()))?;
                    }
                    None => state = add(state, name, *weight)?,
                }
            }
            let stale: Vec<_> = state
                .nodes
                .iter()
                .filter(|n| !list.iter().any(|(name, _)| name == &n.name))
                .map(|n| n.id)
                .collect();
            for id in stale {
                state = apply(state, Action::RemoveNode(id))?;
            }
            state
        }
        Op::Add(name) => add(state, name, 100)?,
        Op::Down(name) => {
            let id = node_id(&state, name)?;
            apply(state, Action::SetDown(id, true))?
        }
        Op::Weight(name, w) => {
            let id = node_id(&state, name)?;
            apply(state, Action::SetWeight(id, w.to_string()))?
        }
        Op::Slots(n) => apply(state, Action::SetSlots(n.to_string()))?,
        Op::Epsilon(e) => apply(state, Action::SetEpsilon(e.to_string()))?,
        Op::Rest => apply(
            state,
            Action::GenerateKeys {
                count: TOUR_KEYS.to_string(),
                seed: TOUR_SEED.to_string(),
            },
        )?,
        Op::ExplainFirst => {
            let key = state.keys.keys.first().cloned().unwrap_or_default();
            apply(state, Action::Explain(key))?
        }
    };
    Ok(state)
}

/// The state of step `step` (1-based): the first state with the tour's keys, then the
/// step's actions.
pub fn state_at(step: u32) -> Result<State, String> {
    let def = step
        .checked_sub(1)
        .and_then(|i| STEPS.get(i as usize))
        .ok_or_else(|| format!("there is no step {step}: the tour has steps 1 to {STEP_COUNT}"))?;
    let first = State::initial().map_err(|e| e.to_string())?;
    let mut state = run(first, Op::Rest)?;
    for op in (def.ops)() {
        state = run(state, op)?;
    }
    Ok(state)
}

/// Step `step` (1-based) as the page shows it.
pub fn frame(step: u32) -> Result<Frame, String> {
    let state = state_at(step)?;
    let def = step
        .checked_sub(1)
        .and_then(|i| STEPS.get(i as usize))
        .ok_or_else(|| format!("there is no step {step}"))?;
    let mut visual = (def.visual)();
    // The tour's lookup starts from the node whose path is longest: the one that shows the
    // most hops. Replication fails the key's owner, so that a replica has to take over.
    match &mut visual {
        Visual::Chord(settings) => {
            let mut best = (0usize, None);
            for n in state.nodes.iter().filter(|n| !n.down) {
                let s = ChordSettings {
                    key: settings.key.clone(),
                    start: Some(n.id),
                };
                if let Ok(v) = chord_view(&state, &s) {
                    if v.hops.len() > best.0 {
                        best = (v.hops.len(), Some(n.id));
                    }
                }
            }
            settings.start = best.1;
        }
        Visual::Replication(settings) => {
            settings.down = node_id(&state, "cache-b").ok();
        }
        _ => {}
    }
    let mut facts = Vec::new();
    for &fact in def.facts {
        facts.extend(facts_of(fact, &state, &visual));
    }
    Ok(Frame {
        step,
        title: def.title,
        caption: def.caption,
        state,
        visual,
        facts,
    })
}

fn r_line(label: &str, b: &ring_core::metrics::Balance) -> String {
    let r1 = if b.r1.is_finite() {
        format::decimal(b.r1, 2)
    } else {
        "infinite (a node owns nothing)".to_string()
    };
    format!(
        "{label}: R1 = {r1}, R2 = {}, R3 = {}.",
        format::percent(b.r2, 0),
        format::percent(b.r3, 0)
    )
}

fn facts_of(fact: Fact, state: &State, visual: &Visual) -> Vec<String> {
    let snap = &state.current;
    let name = |label: u32| {
        state
            .describe(super::NodeId(label))
            .map_or_else(|| format!("node {label}"), |(n, _)| n)
    };
    match fact {
        Fact::Change => match &state.change {
            Some(c) => {
                let mut out = vec![format!("{}: {}.", capitalise(&c.what), c.summary)];
                // The core lists flows largest first.
                let flows = &c.flows;
                let shown: Vec<String> = flows
                    .iter()
                    .take(4)
                    .map(|f| format!("{} → {} {}", name(f.from), name(f.to), f.keys))
                    .collect();
                if !shown.is_empty() {
                    let more = if flows.len() > 4 {
                        format!(" and {} more flows", flows.len() - 4)
                    } else {
                        String::new()
                    };
                    out.push(format!("Keys moved: {}{more}.", shown.join(", ")));
                }
                out
            }
            None => Vec::new(),
        },
        Fact::Explained => state.explained().map(|e| e.steps).unwrap_or_default(),
        Fact::Shares => snap
            .share_balance()
            .map(|b| vec![r_line("Shares of the hash space", &b)])
            .unwrap_or_default(),
        Fact::Keys => snap
            .key_balance()
            .map(|b| {
                vec![format!(
                    "Keys per node: from {} to {}; the busiest has {} times the mean.",
                    format::group_thousands(b.min as u64),
                    format::group_thousands(b.max as u64),
                    format::decimal(b.peak_to_mean, 2)
                )]
            })
            .unwrap_or_default(),
        Fact::Points => vec![format!(
            "{} points on the ring for {} nodes.",
            format::group_thousands(snap.picture.ring_points().len() as u64),
            snap.nodes.len()
        )],
        Fact::PointsPerNode => {
            let points = snap.picture.ring_points();
            let list: Vec<String> = snap
                .nodes
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let count = points.iter().filter(|p| p.owner == i as u32).count();
                    format!("{} {}", n.name, count)
                })
                .collect();
            vec![format!("Points per node: {}.", list.join(", "))]
        }
        Fact::Memory => vec![format!(
            "The lookup structure holds {} bytes.",
            format::group_thousands(snap.placement.memory_bytes())
        )],
        Fact::SlotDrop => slot_drop(state).unwrap_or_default(),
        Fact::Chord => match visual {
            Visual::Chord(settings) => match chord_view(state, settings) {
                Ok(v) => {
                    let path: Vec<String> = std::iter::once(v.name(v.start))
                        .chain(v.hops.iter().map(|h| v.name(h.to)))
                        .collect();
                    vec![
                        format!(
                            "{:?} hashes to {}; its owner is {}.",
                            v.key,
                            v.key_position,
                            v.name(v.owner)
                        ),
                        format!(
                            "Lookup from {}: {} ({} hops; log2 {} = {}).",
                            v.name(v.start),
                            path.join(" → "),
                            v.hops.len(),
                            v.members.len(),
                            format::decimal(v.log2_n(), 2)
                        ),
                    ]
                }
                Err(e) => vec![e],
            },
            _ => Vec::new(),
        },
        Fact::Replication => match visual {
            Visual::Replication(settings) => match replication_view(state, settings) {
                Ok(v) => {
                    let mut out = Vec::new();
                    let by_name = |ids: &[super::NodeId]| {
                        ids.iter()
                            .filter_map(|&id| state.node(id).map(|n| n.name.clone()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    if let Some(k) = &v.typed {
                        out.push(format!(
                            "{:?} is stored on {} (R = {}).",
                            k.key,
                            by_name(&k.list),
                            v.replicas
                        ));
                        if let Some(f) = &k.failover {
                            out.push(format!("With the failure it is on {}.", by_name(&f.after)));
                        }
                    }
                    if let Some((id, t)) = v.totals {
                        out.push(format!(
                            "{} fails: it held a copy of {} of {} keys and owned {}; their next replicas serve them, {} keys get a new copy, and {} keys lost every copy.",
                            name(id.0),
                            format::group_thousands(t.held),
                            format::group_thousands(t.total),
                            format::group_thousands(t.owned),
                            format::group_thousands(t.recopied),
                            format::group_thousands(t.lost)
                        ));
                    }
                    out
                }
                Err(_) => Vec::new(),
            },
            _ => Vec::new(),
        },
        Fact::PassedOn => {
            let passed = state
                .keys
                .keys
                .iter()
                .zip(&snap.owners)
                .filter(|(k, &o)| snap.placement.locate(k) != o)
                .count();
            vec![format!(
                "{} of {} keys found their first node full and were passed on clockwise.",
                format::group_thousands(passed as u64),
                format::group_thousands(state.keys.len() as u64)
            )]
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Seed 001's dropNode against dealing the table again, for the table of `state`: the
/// keys each moves when the fourth node leaves.
fn slot_drop(state: &State) -> Option<Vec<String>> {
    let specs: Vec<ring_core::NodeSpec> = state
        .nodes
        .iter()
        .map(|n| ring_core::NodeSpec::new(n.name.clone(), n.weight))
        .collect();
    let hash = state.current.config.effective_hash();
    let slots = state.params.slots;
    let leaver = 3u32;
    let table = SlotTable::dealt(&specs, hash, slots).ok()?;
    let dropped = table.with_left(leaver).ok()?;
    let mut rest = specs.clone();
    rest.remove(leaver as usize);
    let redealt = SlotTable::dealt(&rest, hash, slots).ok()?;
    let keys = &state.keys.keys;
    // Owners as labels of the original list, so that renumbering is not a move.
    let before = table.assign(keys);
    let relabel = |owners: Vec<u32>| -> Vec<u32> {
        owners
            .into_iter()
            .map(|o| if o >= leaver { o + 1 } else { o })
            .collect()
    };
    let a = diff(&before, &relabel(dropped.assign(keys))).ok()?;
    let b = diff(&before, &relabel(redealt.assign(keys))).ok()?;
    let leaver_name = specs.get(leaver as usize)?.name.clone();
    let held = before.iter().filter(|&&o| o == leaver).count();
    let ideal = Ideal::Leave {
        share: held as f64 / keys.len().max(1) as f64,
    };
    Some(vec![
        format!(
            "Dropping {leaver_name} the seed's way: {}.",
            a.summary(ideal)
        ),
        format!(
            "Dealing {} slots afresh over the other {}: {}.",
            format::group_thousands(u64::from(slots)),
            rest.len(),
            b.summary(ideal)
        ),
    ])
}

#[cfg(test)]
mod tests;
