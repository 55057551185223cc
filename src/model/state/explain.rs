//! How one key is placed: the core's explanation of the key being explained, with its
//! steps as messages.

use ring_core::Explanation;

use super::{NodeId, State};
use crate::model::display::isolate;
use crate::model::message::Msg;

/// The walk that placed one key, with its steps in words.
#[derive(Debug, PartialEq)]
pub(crate) struct Explained {
    /// The key.
    pub(crate) key: String,
    /// Its hash position.
    pub(crate) position: u64,
    /// The position as a fraction of the hash space.
    pub(crate) fraction: f64,
    /// The owner's id.
    pub(crate) owner: Option<NodeId>,
    /// The core's explanation.
    pub(crate) explanation: Explanation,
    /// The steps, one sentence each.
    pub(crate) steps: Vec<Msg>,
}

impl State {
    /// How the key being explained is placed, if there is one.
    pub(crate) fn explained(&self) -> Option<Explained> {
        let key = self.explain_key.trim();
        if key.is_empty() {
            return None;
        }
        let snap = &self.current;
        let placement = &snap.placement;
        let explanation = placement.explain(key);
        let position = placement.key_position(key);
        let owner_index = explanation.owner();
        let name = |i: u32| {
            snap.node(i)
                .map_or_else(|| format!("#{i}"), |n| isolate(&n.name).into_owned())
        };
        let fraction = snap.fraction(position);
        let hash = crate::model::hash_name(snap.kind, &snap.config);
        let typed = key.to_string();
        let mut steps = Vec::new();
        match &explanation {
            Explanation::RingWalk {
                key_position,
                point,
                wrapped,
                owner,
            } => {
                steps.push(Msg::StepHashRing {
                    hash,
                    key: typed,
                    position: *key_position,
                    fraction,
                });
                if let Some(p) = snap.picture.ring_points().get(*point as usize) {
                    let distance = ring_distance(*key_position, p.position, snap.space_bits());
                    steps.push(Msg::StepWalk {
                        distance,
                        wrapped: *wrapped,
                        replica: p.replica,
                        owner: name(p.owner),
                        position: p.position,
                    });
                }
                steps.push(Msg::StepOwner { name: name(*owner) });
            }
            Explanation::BoundedWalk {
                key_position,
                visited,
                owner,
            } => {
                steps.push(Msg::StepHashRing {
                    hash,
                    key: typed,
                    position: *key_position,
                    fraction,
                });
                let points = snap.picture.ring_points();
                let walk: Vec<String> = visited
                    .iter()
                    .filter_map(|&i| points.get(i as usize))
                    .map(|p| format!("{} #{}", name(p.owner), p.replica))
                    .collect();
                if walk.len() > 1 {
                    steps.push(Msg::StepWalkPastFull { walk });
                } else {
                    steps.push(Msg::StepWalkFirst {
                        point: walk.join(""),
                    });
                }
                steps.push(Msg::StepOwner { name: name(*owner) });
            }
            Explanation::Modulo {
                hash: value,
                buckets,
                bucket,
            } => {
                steps.push(Msg::StepHash {
                    hash,
                    key: typed,
                    value: *value,
                });
                steps.push(Msg::StepModulo {
                    hash: *value,
                    buckets: *buckets,
                    bucket: *bucket,
                    name: name(*bucket),
                });
            }
            Explanation::TableEntry {
                hash: value,
                entry,
                owner,
            } => {
                steps.push(Msg::StepHash {
                    hash,
                    key: typed,
                    value: *value,
                });
                steps.push(Msg::StepTableEntry {
                    entry: *entry,
                    owner: name(*owner),
                });
            }
            Explanation::Jump {
                key: k,
                steps: path,
                owner,
            } => {
                steps.push(Msg::StepJumpSeed {
                    hash,
                    key: typed,
                    seed: *k,
                });
                steps.push(Msg::StepJumpPath { path: path.clone() });
                steps.push(Msg::StepJumpOwner {
                    bucket: *owner,
                    name: name(*owner),
                });
            }
            Explanation::Draws {
                key: k,
                draws,
                bucket,
                owner,
            } => {
                steps.push(Msg::StepHash {
                    hash,
                    key: typed,
                    value: *k,
                });
                steps.push(Msg::StepDraws {
                    draws: draws.clone(),
                });
                steps.push(Msg::StepJumpOwner {
                    bucket: *bucket,
                    name: name(*owner),
                });
            }
            Explanation::Probes {
                probes,
                best,
                owner,
            } => {
                let params = snap.config.algorithm.params;
                steps.push(Msg::StepProbes {
                    probes: probes.len() as u32,
                    seeds: [params.whole(1), params.whole(2)],
                });
                if let Some(p) = probes.get(*best as usize) {
                    steps.push(Msg::StepProbeBest {
                        probe: best + 1,
                        distance: p.distance as f64 / 2f64.powi(64),
                        name: name(*owner),
                    });
                }
                steps.push(Msg::StepOwner { name: name(*owner) });
            }
            Explanation::Rendezvous { scores, owner } => {
                let scores = scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (name(i as u32), *s))
                    .collect();
                steps.push(Msg::StepScores { scores });
                steps.push(Msg::StepHighest { name: name(*owner) });
            }
        }
        // A real system that keeps copies by its own rule says where (Riak's next
        // partitions, Cassandra's SimpleStrategy).
        if let Some(list) = placement.preference_list(key).filter(|l| l.len() > 1) {
            steps.push(Msg::StepPreference {
                names: list.into_iter().map(name).collect(),
            });
        }
        Some(Explained {
            key: key.to_string(),
            position,
            fraction,
            owner: snap.node(owner_index).map(|n| n.id),
            explanation,
            steps,
        })
    }
}

/// The clockwise distance from `from` to `to` as a fraction of a `2^bits` space.
pub(crate) fn ring_distance(from: u64, to: u64, bits: u32) -> f64 {
    let space = 1u128 << bits.min(64);
    let d = (u128::from(to) + space - u128::from(from)) % space;
    d as f64 / space as f64
}
