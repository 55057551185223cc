//! The Chord view: the nodes that are up, one point each at the hash of their name on the
//! ring of the state's hash, their finger tables, and the hops of one lookup
//! (`ring_core::chord`).

use ring_core::chord::ChordRing;
use ring_core::HashFn;

use super::display::isolate;
use super::message::{Msg, Ui};
use super::palette::Rgb;
use super::state::{NodeId, State};
pub use super::view_settings::ChordSettings;

/// Longest key accepted, in bytes.
pub(crate) const MAX_KEY_BYTES: usize = super::limits::MAX_LOOKUP_KEY_BYTES;

/// A node on the Chord ring.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Member {
    /// The node.
    pub(crate) id: NodeId,
    /// Its name.
    pub(crate) name: String,
    /// Its colour.
    pub(crate) colour: Rgb,
    /// Its identifier: the hash of its name.
    pub(crate) position: u64,
    /// The same as a fraction of the ring.
    pub(crate) frac: f64,
}

/// A run of consecutive fingers of one node that all point at the same node.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FingerRun {
    /// The first finger of the run (finger `i` starts `2^i` ahead).
    pub(crate) first: u32,
    /// The last finger of the run.
    pub(crate) last: u32,
    /// The node they point at.
    pub(crate) target: NodeId,
}

/// One node's finger table, runs of equal fingers merged.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FingerTable {
    /// The node.
    pub(crate) node: NodeId,
    /// The runs, from finger 0 up.
    pub(crate) runs: Vec<FingerRun>,
}

impl FingerTable {
    /// The distinct nodes the fingers point at, in finger order.
    pub(crate) fn targets(&self) -> Vec<NodeId> {
        let mut out: Vec<NodeId> = Vec::new();
        for r in &self.runs {
            if !out.contains(&r.target) {
                out.push(r.target);
            }
        }
        out
    }
}

/// One hop of the lookup.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HopView {
    /// The node that forwards the query.
    pub(crate) from: NodeId,
    /// The node it forwards to.
    pub(crate) to: NodeId,
    /// The finger it used (0: its successor, the last hop).
    pub(crate) finger: u32,
}

/// Everything the Chord view shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChordView {
    /// The hash of names and keys.
    pub(crate) hash: HashFn,
    /// The ring has `2^bits` positions (and every node `bits` fingers).
    pub(crate) bits: u32,
    /// The nodes on the ring, by position.
    pub(crate) members: Vec<Member>,
    /// Nodes left off because another node hashed to the same position.
    pub(crate) shadowed: Vec<String>,
    /// Every node's fingers, in ring order.
    pub(crate) tables: Vec<FingerTable>,
    /// The key looked up.
    pub(crate) key: String,
    /// Its position.
    pub(crate) key_position: u64,
    /// The same as a fraction of the ring.
    pub(crate) key_frac: f64,
    /// Where the lookup started.
    pub(crate) start: NodeId,
    /// The key's owner (its successor on the ring).
    pub(crate) owner: NodeId,
    /// The hops, in order; empty when the start node owns the key.
    pub(crate) hops: Vec<HopView>,
}

impl ChordView {
    /// The member with id `id`.
    pub(crate) fn member(&self, id: NodeId) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    /// The name of node `id`, isolated for use inside a sentence ([`isolate`]).
    pub(crate) fn name(&self, id: NodeId) -> String {
        self.member(id)
            .map_or_else(|| format!("#{}", id.0), |m| isolate(&m.name).into_owned())
    }

    /// log2 of the node count: the order of hops Chord promises.
    pub(crate) fn log2_n(&self) -> f64 {
        (self.members.len().max(1) as f64).log2()
    }

    /// The hop bound the view checks: ceil(log2 n) + 1.
    pub(crate) fn hop_bound(&self) -> u32 {
        self.log2_n().ceil() as u32 + 1
    }

    /// The finger table of `id`.
    pub(crate) fn table(&self, id: NodeId) -> Option<&FingerTable> {
        self.tables.iter().find(|t| t.node == id)
    }
}

/// The fraction of a `2^bits` ring at `position`.
pub(crate) fn fraction(position: u64, bits: u32) -> f64 {
    position as f64 / 2f64.powi(bits.min(64) as i32)
}

/// The Chord view of `state`'s nodes that are up, for `settings`; or what is wrong with
/// the settings, in words.
pub(crate) fn chord_view(state: &State, settings: &ChordSettings) -> Result<ChordView, Msg> {
    let key = settings.key.trim();
    if key.is_empty() {
        return Err(Msg::Ui(Ui::ChordTypeKey));
    }
    if key.len() > MAX_KEY_BYTES {
        return Err(Msg::ChordKeyTooLong {
            bytes: key.len(),
            max: MAX_KEY_BYTES,
        });
    }
    let hash = state.config().effective_hash();
    let bits = hash.bits();
    let up: Vec<_> = state.nodes.iter().filter(|n| !n.down).collect();
    // The ring's node index is the node's place in `up`.
    let ids: Vec<(u64, u32)> = up
        .iter()
        .enumerate()
        .map(|(i, n)| (hash.hash_str(&n.name), i as u32))
        .collect();
    let ring = ChordRing::new(&ids, bits).map_err(Msg::Build)?;
    let id_of = |index: u32| up.get(index as usize).map(|n| n.id);
    let members: Vec<Member> = ring
        .nodes()
        .iter()
        .filter_map(|c| {
            let n = up.get(c.node as usize)?;
            Some(Member {
                id: n.id,
                name: n.name.clone(),
                colour: n.colour(),
                position: c.position,
                frac: fraction(c.position, bits),
            })
        })
        .collect();
    let shadowed = ring
        .shadowed()
        .iter()
        .filter_map(|c| up.get(c.node as usize).map(|n| n.name.clone()))
        .collect();
    let mut tables = Vec::with_capacity(members.len());
    for c in ring.nodes() {
        let fingers = ring.fingers(c.node).map_err(Msg::Build)?;
        let mut runs: Vec<FingerRun> = Vec::new();
        for (i, f) in fingers.iter().enumerate() {
            let Some(target) = id_of(f.node) else {
                continue;
            };
            match runs.last_mut() {
                Some(run) if run.target == target => run.last = i as u32,
                _ => runs.push(FingerRun {
                    first: i as u32,
                    last: i as u32,
                    target,
                }),
            }
        }
        if let Some(node) = id_of(c.node) {
            tables.push(FingerTable { node, runs });
        }
    }
    // The start: the node asked for if it is on the ring, else the first on the ring.
    let start_index = settings
        .start
        .and_then(|id| up.iter().position(|n| n.id == id))
        .map(|i| i as u32)
        .filter(|&i| ring.position_of(i).is_some())
        .or_else(|| ring.nodes().first().map(|c| c.node))
        .ok_or(Msg::Ui(Ui::NoNodeUp))?;
    let key_position = hash.hash_str(key);
    let owner = ring.successor(key_position).map_err(Msg::Build)?;
    let path = ring
        .lookup_path(start_index, key_position)
        .map_err(Msg::Build)?;
    let hops = path
        .iter()
        .filter_map(|h| {
            Some(HopView {
                from: id_of(h.from)?,
                to: id_of(h.to)?,
                finger: h.finger,
            })
        })
        .collect();
    Ok(ChordView {
        hash,
        bits,
        members,
        shadowed,
        tables,
        key: key.to_string(),
        key_position,
        key_frac: fraction(key_position, bits),
        start: id_of(start_index).ok_or(Msg::Ui(Ui::NoNodeUp))?,
        owner: id_of(owner.node).ok_or(Msg::Ui(Ui::NoNodeUp))?,
        hops,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Action;

    fn with_nodes(n: u32) -> State {
        let mut s = State::initial().unwrap();
        for i in 0..n.saturating_sub(4) {
            s = s
                .apply(Action::AddNode {
                    name: format!("node-{i}"),
                    weight: "100".into(),
                    vnodes: String::new(),
                })
                .unwrap();
        }
        s
    }

    fn settings(key: &str) -> ChordSettings {
        ChordSettings {
            key: key.into(),
            start: None,
        }
    }

    /// Clockwise distance on a `2^bits` ring.
    fn cw(from: u64, to: u64, bits: u32) -> u128 {
        let space = 1u128 << bits;
        (u128::from(to) + space - u128::from(from)) % space
    }

    #[test]
    fn the_lookup_ends_at_the_owner_in_at_most_log_n_plus_one_hops() {
        for n in [4u32, 9, 16, 33] {
            let s = with_nodes(n);
            let names: Vec<&str> = s.nodes.iter().map(|x| x.name.as_str()).collect();
            for key in ["user:1", "apple", "order:99:x", "z"] {
                for start in &s.nodes {
                    let v = chord_view(
                        &s,
                        &ChordSettings {
                            key: key.into(),
                            start: Some(start.id),
                        },
                    )
                    .unwrap();
                    assert_eq!(v.members.len() as u32, n);
                    assert_eq!(v.start, start.id);
                    // The owner, by a linear scan of the names' hashes: the node at the
                    // least clockwise distance from the key (distance 0 included).
                    let want = names
                        .iter()
                        .zip(&s.nodes)
                        .min_by_key(|(name, _)| cw(v.key_position, v.hash.hash_str(name), v.bits))
                        .map(|(_, node)| node.id)
                        .unwrap();
                    assert_eq!(v.owner, want, "{key} from {}", start.name);
                    match v.hops.last() {
                        Some(h) => assert_eq!(h.to, v.owner),
                        None => assert_eq!(v.start, v.owner),
                    }
                    // Each hop starts where the last one ended.
                    for w in v.hops.windows(2) {
                        assert_eq!(w[0].to, w[1].from);
                    }
                    assert!(
                        v.hops.len() as u32 <= v.hop_bound(),
                        "{} hops among {n} nodes",
                        v.hops.len()
                    );
                }
            }
        }
    }

    #[test]
    fn fingers_point_at_the_successor_of_each_power_of_two() {
        let s = with_nodes(6);
        let v = chord_view(&s, &settings("k")).unwrap();
        assert_eq!(v.bits, 64);
        for m in &v.members {
            let table = v.table(m.id).unwrap();
            // The runs cover fingers 0..bits without gaps.
            assert_eq!(table.runs.first().unwrap().first, 0);
            assert_eq!(table.runs.last().unwrap().last, v.bits - 1);
            for w in table.runs.windows(2) {
                assert_eq!(w[0].last + 1, w[1].first);
                assert_ne!(w[0].target, w[1].target);
            }
            for run in &table.runs {
                for i in run.first..=run.last {
                    let start = m.position.wrapping_add(1u64 << i);
                    let succ = v
                        .members
                        .iter()
                        .min_by_key(|x| cw(start, x.position, v.bits))
                        .unwrap();
                    assert_eq!(succ.id, run.target, "finger {i} of {}", m.name);
                }
            }
            // Finger 0 is the next node clockwise.
            let next = v
                .members
                .iter()
                .filter(|x| x.id != m.id)
                .min_by_key(|x| cw(m.position, x.position, v.bits))
                .unwrap();
            assert_eq!(table.runs[0].target, next.id);
        }
        assert!(v.members.windows(2).all(|w| w[0].position < w[1].position));
    }

    #[test]
    fn bad_settings_are_refused_in_words() {
        let s = with_nodes(4);
        assert!(chord_view(&s, &settings("  "))
            .unwrap_err()
            .contains("type a key"));
        let long = "k".repeat(MAX_KEY_BYTES + 1);
        assert!(chord_view(&s, &settings(&long))
            .unwrap_err()
            .contains("at most 1024 bytes"));
        // A start node that is down falls back to the first node on the ring.
        let b = s.nodes[1].id;
        let down = s.apply(Action::SetDown(b, true)).unwrap();
        let v = chord_view(
            &down,
            &ChordSettings {
                key: "k".into(),
                start: Some(b),
            },
        )
        .unwrap();
        assert_ne!(v.start, b);
        assert_eq!(v.members.len(), 3);
        assert!(v.member(b).is_none());
    }
}
