//! The replication view: each key on the first R distinct nodes clockwise from it
//! (`ring_core::replication::preference_list`), and what one node's failure changes
//! (`ring_core::replication::failover`).

use ring_core::replication::{failover, preference_list};

use super::chord_view::fraction;
use super::limits::{check_replicas, MAX_REPLICAS, MAX_VIEW_KEYS};
use super::message::{Msg, Ui};
use super::state::{NodeId, State};
pub use super::view_settings::ReplicationSettings;

/// Longest key accepted, in bytes.
pub(crate) const MAX_KEY_BYTES: usize = super::limits::MAX_LOOKUP_KEY_BYTES;
/// Sample keys listed in the table.
pub(crate) const SAMPLE_KEYS: usize = 8;

/// What one node's failure changes for one key.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct KeyFailover {
    /// The preference list without the failed node.
    pub(crate) after: Vec<NodeId>,
    /// Where the failed node stood in the list (0: the owner), if it held a copy.
    pub(crate) down_rank: Option<u32>,
    /// The replica that serves the key in place of the failed owner.
    pub(crate) takes_over: Option<NodeId>,
    /// The node that newly has to hold a copy.
    pub(crate) gains_copy: Option<NodeId>,
    /// Whether the failure took every copy.
    pub(crate) lost: bool,
}

/// One key's replicas.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct KeyReplicas {
    /// The key.
    pub(crate) key: String,
    /// Its position on the ring.
    pub(crate) position: u64,
    /// The position as a fraction of the ring.
    pub(crate) frac: f64,
    /// The preference list: owner first, then the next distinct nodes clockwise.
    pub(crate) list: Vec<NodeId>,
    /// For each node of `list`, the fraction of the ring of the point that puts it in the
    /// list (its first point clockwise from the key).
    pub(crate) point_fracs: Vec<f64>,
    /// What the failure of [`ReplicationSettings::down`] changes, if a node is down.
    pub(crate) failover: Option<KeyFailover>,
}

/// What the failure does to every key of the key set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FailoverTotals {
    /// Keys compared.
    pub(crate) total: u64,
    /// Keys the failed node held a copy of.
    pub(crate) held: u64,
    /// Keys it owned: another replica now serves them.
    pub(crate) owned: u64,
    /// Keys that lost every copy.
    pub(crate) lost: u64,
    /// Keys for which some node has to receive a new copy.
    pub(crate) recopied: u64,
}

/// Everything the replication view shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ReplicationView {
    /// R.
    pub(crate) replicas: u32,
    /// The nodes on the ring.
    pub(crate) nodes: u32,
    /// The typed key, if one was typed.
    pub(crate) typed: Option<KeyReplicas>,
    /// The first keys of the key set.
    pub(crate) samples: Vec<KeyReplicas>,
    /// The failed node and the totals over every key, if a node is down.
    pub(crate) totals: Option<(NodeId, FailoverTotals)>,
}

/// Why the view cannot be shown.
#[derive(Debug, PartialEq)]
pub(crate) enum ReplicationProblem {
    /// The algorithm has no ring to walk.
    NotARing,
    /// A message for the user (the core's words where it has them).
    Message(Msg),
}

/// R as typed: a whole number, then the core decides whether the ring has that many
/// distinct nodes (its message, naming the allowed range, is the refusal).
pub(crate) fn parse_replicas(state: &State, text: &str) -> Result<u32, Msg> {
    let nodes = state.current.nodes.len();
    let t = text.trim();
    let r = t.parse::<u32>().map_err(|_| Msg::ReplicasNotWhole {
        text: t.to_string(),
        // The range the box takes: up to the node count, and at most MAX_REPLICAS.
        nodes: nodes.min(MAX_REPLICAS as usize),
    })?;
    let points = state.current.picture.ring_points();
    if points.is_empty() {
        return Err(Msg::Ui(Ui::ReplicationNeedsRing));
    }
    preference_list(points, 0, r).map_err(Msg::Build)?;
    check_replicas(r, nodes).map_err(Msg::Refusal)?;
    Ok(r)
}

fn key_replicas(
    state: &State,
    key: &str,
    replicas: u32,
    down: Option<(NodeId, u32)>,
) -> Result<KeyReplicas, Msg> {
    let snap = &state.current;
    let points = snap.picture.ring_points();
    let position = snap.placement.key_position(key);
    let list = preference_list(points, position, replicas).map_err(Msg::Build)?;
    let id = |i: u32| snap.node(i).map(|n| n.id);
    let point_fracs = list
        .iter()
        .map(|&i| {
            snap.anchor_point(position, i)
                .and_then(|p| points.get(p as usize))
                .map_or(0.0, |p| snap.fraction(p.position))
        })
        .collect();
    let failover = match down {
        Some((_, index)) => {
            let f = failover(points, position, replicas, index).map_err(Msg::Build)?;
            Some(KeyFailover {
                after: f.after.iter().filter_map(|&i| id(i)).collect(),
                down_rank: f.down_rank,
                takes_over: f.takes_over().and_then(id),
                gains_copy: f.gains_copy.and_then(id),
                lost: f.data_lost(),
            })
        }
        None => None,
    };
    Ok(KeyReplicas {
        key: key.to_string(),
        position,
        frac: fraction(position, snap.space_bits()),
        list: list.iter().filter_map(|&i| id(i)).collect(),
        point_fracs,
        failover,
    })
}

/// The replication view of `state` for `settings`.
pub(crate) fn replication_view(
    state: &State,
    settings: &ReplicationSettings,
) -> Result<ReplicationView, ReplicationProblem> {
    let snap = &state.current;
    let points = snap.picture.ring_points();
    if points.is_empty() {
        return Err(ReplicationProblem::NotARing);
    }
    let message = ReplicationProblem::Message;
    let r = settings.replicas;
    preference_list(points, 0, r).map_err(|e| message(Msg::Build(e)))?;
    check_replicas(r, snap.nodes.len()).map_err(|e| message(Msg::Refusal(e)))?;
    let down = settings
        .down
        .and_then(|id| snap.index_of(id).map(|index| (id, index)));
    let key = settings.key.trim();
    if key.len() > MAX_KEY_BYTES {
        return Err(message(Msg::ReplicationKeyTooLong {
            bytes: key.len(),
            max: MAX_KEY_BYTES,
        }));
    }
    let typed = if key.is_empty() {
        None
    } else {
        Some(key_replicas(state, key, r, down).map_err(message)?)
    };
    let samples = state
        .keys
        .keys
        .iter()
        .take(SAMPLE_KEYS)
        .map(|k| key_replicas(state, k, r, down))
        .collect::<Result<Vec<_>, _>>()
        .map_err(message)?;
    let totals = match down {
        Some((id, index)) => {
            let mut t = FailoverTotals {
                total: 0,
                held: 0,
                owned: 0,
                lost: 0,
                recopied: 0,
            };
            // The first keys only: the walk below runs once per key, within one frame.
            let cached = snap.positions.as_ref().map(|c| c.positions());
            for (i, k) in state.keys.keys.iter().enumerate().take(MAX_VIEW_KEYS) {
                let position = cached
                    .and_then(|p| p.get(i).copied())
                    .unwrap_or_else(|| snap.placement.key_position(k));
                let f = failover(points, position, r, index).map_err(|e| message(Msg::Build(e)))?;
                t.total += 1;
                if f.down_rank.is_some() {
                    t.held += 1;
                }
                if f.down_rank == Some(0) {
                    t.owned += 1;
                }
                if f.data_lost() {
                    t.lost += 1;
                }
                if f.gains_copy.is_some() {
                    t.recopied += 1;
                }
            }
            Some((id, t))
        }
        None => None,
    };
    Ok(ReplicationView {
        replicas: r,
        nodes: snap.nodes.len() as u32,
        typed,
        samples,
        totals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Action, AlgoId};

    fn state() -> State {
        State::initial()
            .unwrap()
            .apply(Action::GenerateKeys {
                count: "500".into(),
                seed: "7".into(),
            })
            .unwrap()
    }

    /// The reference walk: every point in clockwise order from the key, each node's
    /// first appearance, the first `r` of them.
    fn naive(state: &State, key: &str, r: usize, skip: Option<u32>) -> Vec<NodeId> {
        let snap = &state.current;
        let points = snap.picture.ring_points();
        let pos = snap.placement.key_position(key);
        let start = points.iter().position(|p| p.position >= pos).unwrap_or(0);
        let mut out: Vec<NodeId> = Vec::new();
        for i in 0..points.len() {
            let p = points[(start + i) % points.len()];
            if Some(p.owner) == skip {
                continue;
            }
            let id = snap.node(p.owner).unwrap().id;
            if !out.contains(&id) && out.len() < r {
                out.push(id);
            }
        }
        out
    }

    #[test]
    fn preference_lists_are_the_first_r_distinct_nodes_clockwise() {
        let s = state();
        for r in 1..=4 {
            let v = replication_view(
                &s,
                &ReplicationSettings {
                    replicas: r,
                    key: "user:42".into(),
                    down: None,
                },
            )
            .unwrap();
            let typed = v.typed.unwrap();
            assert_eq!(typed.list, naive(&s, "user:42", r as usize, None));
            // The owner is the key's owner in the placement.
            let owner = s.current.placement.locate("user:42");
            assert_eq!(typed.list[0], s.current.node(owner).unwrap().id);
            assert_eq!(v.samples.len(), SAMPLE_KEYS);
            for k in &v.samples {
                assert_eq!(k.list, naive(&s, &k.key, r as usize, None));
                assert_eq!(k.point_fracs.len(), r as usize);
            }
            assert!(v.totals.is_none());
        }
    }

    #[test]
    fn a_failure_hands_each_key_to_its_next_replica_and_loses_data_only_at_r_1() {
        let s = state();
        let b = s.nodes[1].id;
        let b_index = s.current.index_of(b).unwrap();
        for r in [1u32, 2, 3] {
            let v = replication_view(
                &s,
                &ReplicationSettings {
                    replicas: r,
                    key: String::new(),
                    down: Some(b),
                },
            )
            .unwrap();
            assert!(v.typed.is_none());
            let (id, t) = v.totals.unwrap();
            assert_eq!(id, b);
            assert_eq!(t.total, 500);
            // The keys b owns are the keys its placement gives it.
            let owned = s.current.owners.iter().filter(|&&o| o == b_index).count() as u64;
            assert_eq!(t.owned, owned);
            // Every key b held needs a new copy somewhere (4 nodes, R below 4).
            assert_eq!(t.recopied, t.held);
            if r == 1 {
                assert_eq!(t.lost, owned);
                assert_eq!(t.held, owned);
            } else {
                assert_eq!(t.lost, 0);
                assert!(t.held > owned);
            }
            for k in &v.samples {
                let f = k.failover.as_ref().unwrap();
                assert_eq!(f.after, naive(&s, &k.key, r as usize, Some(b_index)));
                if k.list[0] == b {
                    assert_eq!(f.takes_over, Some(f.after[0]));
                    if r > 1 {
                        assert_eq!(f.takes_over, Some(k.list[1]));
                    }
                }
            }
        }
    }

    #[test]
    fn bad_factors_get_the_cores_message_and_non_rings_are_named() {
        let s = state();
        assert_eq!(parse_replicas(&s, " 2 "), Ok(2));
        assert_eq!(parse_replicas(&s, "4"), Ok(4));
        let zero = parse_replicas(&s, "0").unwrap_err();
        let five = parse_replicas(&s, "5").unwrap_err();
        let words = parse_replicas(&s, "three").unwrap_err();
        // The core's words for the factor, with the range it allows.
        let core = |r| {
            preference_list(s.current.picture.ring_points(), 0, r)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(zero, core(0));
        assert_eq!(five, core(5));
        assert!(five.contains("4"), "{five}");
        assert!(words.contains("from 1 to 4"), "{words}");
        let jump = s.apply(Action::SetAlgorithm(AlgoId::Jump)).unwrap();
        assert_eq!(
            replication_view(&jump, &ReplicationSettings::default()),
            Err(ReplicationProblem::NotARing)
        );
        assert!(parse_replicas(&jump, "2").is_err());
    }

    #[test]
    fn factors_above_the_cap_are_refused_with_the_range_and_change_nothing() {
        use crate::model::limits::MAX_REPLICAS;
        let mut s = state();
        for i in 0..12 {
            s = s
                .apply(Action::AddNode {
                    name: format!("extra-{i}"),
                    weight: "100".into(),
                    vnodes: String::new(),
                })
                .unwrap();
        }
        let nodes = s.current.nodes.len();
        assert_eq!(nodes, 16);
        assert_eq!(parse_replicas(&s, "10"), Ok(MAX_REPLICAS));
        let e = parse_replicas(&s, "11").unwrap_err().to_string();
        assert_eq!(e, "replication factor 11: it must be from 1 to 10 here");
        // Above the node count the core's words still name the node count.
        let e = parse_replicas(&s, "99").unwrap_err().to_string();
        assert!(e.contains("99") && e.contains("16"), "{e}");
        // Settings that bypass the box are refused by the view too.
        let view = replication_view(
            &s,
            &ReplicationSettings {
                replicas: 12,
                ..ReplicationSettings::default()
            },
        );
        assert!(
            matches!(view, Err(ReplicationProblem::Message(m)) if m.to_string().contains("1 to 10"))
        );
    }
}
