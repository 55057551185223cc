//! Compare mode: two to four algorithms side by side, each over the same nodes and keys as
//! the lab, each given the same change; what moved, how even the result is, what it costs.
//!
//! Each column is a [`State`] reached through the model's own actions (pick the algorithm,
//! then make the change), so its picture and numbers are what the lab itself would show.

use ring_core::metrics::{Balance, MoveSummary};

use super::algo::AlgoId;
use super::limits::MAX_VIEW_KEYS;
use super::message::{Msg, Ui};
use super::state::{Action, State};
pub(crate) use super::view_settings::{CompareChange, CompareSettings, MAX_ALGOS, MIN_ALGOS};

/// One algorithm's column.
#[derive(Debug)]
pub(crate) struct Column {
    /// The algorithm.
    pub(crate) kind: AlgoId,
    /// The state after the change (its picture is the column's picture), or why the
    /// algorithm or the change was refused (jump hash removing a node that is not last,
    /// for example), in the core's words.
    pub(crate) outcome: Result<State, Msg>,
}

/// The numbers of a column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ColumnNumbers {
    /// Keys moved against the ideal, if there was a change.
    pub(crate) moves: Option<MoveSummary>,
    /// The balance of keys per node.
    pub(crate) keys: Option<Balance>,
    /// The balance of the hash-space shares (R1, R2, R3 of seed 003).
    pub(crate) space: Option<Balance>,
    /// Bytes of the lookup structure.
    pub(crate) memory: u64,
    /// Points on the ring, slots or entries: the structure's size.
    pub(crate) points: u64,
}

/// How many keys two columns place on the same node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Alike {
    /// Keys on the same node in both.
    pub(crate) alike: u64,
    /// Keys placed.
    pub(crate) of: u64,
}

impl Alike {
    /// The share placed alike (0 of no keys).
    pub(crate) fn fraction(self) -> f64 {
        if self.of == 0 {
            0.0
        } else {
            self.alike as f64 / self.of as f64
        }
    }
}

/// The keys `b` places on the node `a` places them on (by the node, not its index: a node
/// that is down is in neither placement), or `None` if either was refused or they place
/// other keys.
pub(crate) fn placed_alike(a: &Column, b: &Column) -> Option<Alike> {
    let (a, b) = (a.outcome.as_ref().ok()?, b.outcome.as_ref().ok()?);
    if a.keys.len() != b.keys.len() {
        return None;
    }
    let node =
        |s: &State, owner: ring_core::NodeIndex| s.current.nodes.get(owner as usize).map(|n| n.id);
    let alike = a
        .current
        .owners
        .iter()
        .zip(&b.current.owners)
        .filter(|&(&x, &y)| node(a, x).is_some() && node(a, x) == node(b, y))
        .count() as u64;
    Some(Alike {
        alike,
        of: a.current.owners.len() as u64,
    })
}

/// The clients of one program ([`ring_core::systems::client_groups`]) as Compare's
/// columns: the first [`MAX_ALGOS`] in menu order, the change kept.
pub(crate) fn client_group(settings: &CompareSettings, program: &str) -> Option<CompareSettings> {
    let (_, members) = ring_core::systems::client_groups()
        .into_iter()
        .find(|(p, _)| *p == program)?;
    Some(CompareSettings {
        kinds: members.iter().take(MAX_ALGOS).map(|s| s.algo()).collect(),
        change: settings.change,
    })
}

impl Column {
    /// The column's numbers, if it was built.
    pub(crate) fn numbers(&self) -> Option<ColumnNumbers> {
        let s = self.outcome.as_ref().ok()?;
        let snap = &s.current;
        let points = match &snap.picture {
            ring_core::Picture::Ring { points, .. } => points.len() as u64,
            ring_core::Picture::Table { entries } => entries.len() as u64,
            ring_core::Picture::Buckets { count } => u64::from(*count),
            ring_core::Picture::BucketSet { owners, .. } => owners.len() as u64,
            ring_core::Picture::Scores { nodes } => u64::from(*nodes),
        };
        Some(ColumnNumbers {
            moves: s.change.as_ref().map(|c| c.summary),
            keys: snap.key_balance(),
            space: snap.share_balance(),
            memory: snap.placement.memory_bytes(),
            points,
        })
    }
}

/// The action that makes `change` on `state`, if there is one.
fn change_action(state: &State, change: CompareChange) -> Option<Action> {
    match change {
        CompareChange::None => None,
        CompareChange::AddNode => Some(Action::AddNode {
            name: state.suggested_name(),
            weight: "100".to_string(),
            vnodes: String::new(),
        }),
        CompareChange::RemoveLast => state
            .nodes
            .iter()
            .rev()
            .find(|n| !n.down)
            .map(|n| Action::RemoveNode(n.id)),
    }
}

/// Words for the change, for captions ("add cache-e").
pub(crate) fn describe_change(state: &State, change: CompareChange) -> Msg {
    match change_action(state, change) {
        Some(Action::AddNode { name, .. }) => Msg::CompareAdd { name },
        Some(Action::RemoveNode(id)) => {
            state
                .node(id)
                .map_or(Msg::Ui(Ui::RemoveLastNode), |n| Msg::CompareRemove {
                    name: n.name.clone(),
                })
        }
        _ => Msg::Ui(Ui::NoChange),
    }
}

/// The columns for `settings` over `state`'s nodes and keys.
pub(crate) fn compare(state: &State, settings: &CompareSettings) -> Vec<Column> {
    let first = state.with_first_keys(MAX_VIEW_KEYS);
    let state = first.as_ref().unwrap_or(state);
    settings
        .kinds
        .iter()
        .map(|&kind| {
            let outcome = column_state(state, kind, settings.change);
            Column { kind, outcome }
        })
        .collect()
}

fn column_state(state: &State, kind: AlgoId, change: CompareChange) -> Result<State, Msg> {
    let mut base = if state.kind == kind {
        state.clone()
    } else {
        // At once, also where the page would build a large ring in a job.
        state
            .apply(Action::SetAlgorithm(kind))
            .map_err(|e| *e.message)?
            .run_pending()
    };
    // The column starts at rest: switching algorithm is how it was reached, not the change
    // being compared. The placement stays; only the record of that change goes.
    base.change = None;
    match change_action(&base, change) {
        Some(action) => base
            .apply(action)
            .map(|s| s.run_pending())
            .map_err(|e| *e.message),
        None => Ok(base),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_core::metrics::{diff, Ideal};
    use ring_core::{build, NodeSpec};

    fn state() -> State {
        State::initial()
            .unwrap()
            .apply(Action::GenerateKeys {
                count: "3000".into(),
                seed: "11".into(),
            })
            .unwrap()
    }

    /// The keys that change owner when `added` joins `names` under `kind`, straight from
    /// the core: owners by name before and after.
    fn reference_moved(state: &State, kind: AlgoId, names: &[&str], added: &str) -> u64 {
        let mut config = state.config();
        config.algorithm = state.params.algorithm(kind);
        let before: Vec<NodeSpec> = names.iter().map(|n| NodeSpec::new(*n, 100)).collect();
        let mut after = before.clone();
        after.push(NodeSpec::new(added, 100));
        let b = build(&config, &before).unwrap();
        let a = build(&config, &after).unwrap();
        let keys = &state.keys.keys;
        let lb: Vec<u32> = b.assign(keys);
        let la: Vec<u32> = a.assign(keys);
        diff(&lb, &la).unwrap().summary(Ideal::None).moved
    }

    #[test]
    fn each_column_moves_what_the_core_says_and_the_ideal_is_one_in_n_plus_one() {
        let s = state();
        let settings = CompareSettings {
            kinds: vec![
                AlgoId::Modulo,
                AlgoId::Virtual,
                AlgoId::Jump,
                AlgoId::Maglev,
            ],
            change: CompareChange::AddNode,
        };
        let cols = compare(&s, &settings);
        assert_eq!(cols.len(), 4);
        let names: Vec<&str> = s.nodes.iter().map(|n| n.name.as_str()).collect();
        for c in &cols {
            let n = c.numbers().unwrap();
            let m = n.moves.unwrap();
            assert_eq!(m.total, 3000);
            assert_eq!(m.ideal, Ideal::Join { nodes_after: 5 });
            assert_eq!(
                m.moved,
                reference_moved(&s, c.kind, &names, "cache-e"),
                "{:?}",
                c.kind
            );
            let after = c.outcome.as_ref().unwrap();
            assert_eq!(after.kind, c.kind);
            assert_eq!(after.current.nodes.len(), 5);
            assert!(n.keys.is_some() && n.space.is_some());
        }
        // Modulo moves most keys; the consistent ones stay near the ideal 1/5.
        let frac = |i: usize| cols[i].numbers().unwrap().moves.unwrap().fraction();
        assert!(frac(0) > 0.6, "modulo moved {}", frac(0));
        for (i, c) in cols.iter().enumerate().skip(1) {
            assert!(frac(i) < 0.35, "{:?} moved {}", c.kind, frac(i));
        }
        // Memory comes from the core: jump and modulo keep nothing; Maglev its table.
        assert_eq!(cols[0].numbers().unwrap().memory, 0);
        assert_eq!(cols[2].numbers().unwrap().memory, 0);
        assert!(cols[3].numbers().unwrap().memory >= 4 * 1021);
    }

    #[test]
    fn no_change_shows_the_placements_at_rest_and_remove_last_works_for_jump() {
        let s = state();
        let cols = compare(
            &s,
            &CompareSettings {
                kinds: vec![AlgoId::Virtual, AlgoId::Ketama],
                change: CompareChange::None,
            },
        );
        for c in &cols {
            let st = c.outcome.as_ref().unwrap();
            assert!(st.change.is_none());
            assert!(c.numbers().unwrap().moves.is_none());
            assert_eq!(st.current.nodes.len(), 4);
        }
        let cols = compare(
            &s,
            &CompareSettings {
                kinds: vec![AlgoId::Jump, AlgoId::SinglePoint],
                change: CompareChange::RemoveLast,
            },
        );
        for c in &cols {
            let m = c.numbers().unwrap().moves.unwrap();
            // Only the leaver's keys move.
            let before = s
                .apply(Action::SetAlgorithm(c.kind))
                .unwrap_or_else(|_| s.clone());
            let leaver = before.current.loads[3];
            assert_eq!(m.moved, leaver, "{:?}", c.kind);
        }
        assert_eq!(
            describe_change(&s, CompareChange::RemoveLast),
            "remove cache-d"
        );
        assert_eq!(describe_change(&s, CompareChange::AddNode), "add cache-e");
    }

    #[test]
    fn clients_of_one_program_place_keys_alike_only_where_the_core_says() {
        let s = state()
            .apply(Action::ReplaceNodes(
                "10.0.0.1:11211\n10.0.0.2:11211\n10.0.0.3:11211".into(),
            ))
            .unwrap()
            .run_pending();
        let settings = client_group(&CompareSettings::default(), "memcached").unwrap();
        assert!(settings.kinds.len() >= 2 && settings.kinds.len() <= MAX_ALGOS);
        assert!(settings
            .kinds
            .iter()
            .all(|k| k.system().and_then(|s| s.spec().client_of) == Some("memcached")));
        let settings = CompareSettings {
            kinds: ["libmemcached", "dalli", "pymemcache"]
                .iter()
                .map(|id| ring_core::registry::SystemId::from_id(id).unwrap().algo())
                .collect(),
            change: CompareChange::None,
        };
        let cols = compare(&s, &settings);
        // Straight from the core: each system's owner of each key, by server name.
        let owners = |kind: AlgoId| -> Vec<String> {
            let mut config = s.config();
            config.algorithm = s.params.algorithm(kind);
            let nodes: Vec<NodeSpec> = s
                .nodes
                .iter()
                .map(|n| NodeSpec::new(&n.name, 100))
                .collect();
            let placement = build(&config, &nodes).unwrap();
            placement
                .assign(&s.keys.keys)
                .into_iter()
                .map(|i| nodes[i as usize].name.clone())
                .collect()
        };
        let first = owners(cols[0].kind);
        for c in &cols[1..] {
            let other = owners(c.kind);
            let expected = first.iter().zip(&other).filter(|(a, b)| a == b).count() as u64;
            let got = placed_alike(&cols[0], c).unwrap();
            assert_eq!(
                got,
                Alike {
                    alike: expected,
                    of: 3000
                },
                "{:?}",
                c.kind
            );
            // Different rules: neither all alike nor none.
            assert!(
                got.fraction() > 0.1 && got.fraction() < 0.9,
                "{:?} {got:?}",
                c.kind
            );
        }
        assert_eq!(
            placed_alike(&cols[0], &cols[0]),
            Some(Alike {
                alike: 3000,
                of: 3000
            })
        );
        assert_eq!(client_group(&settings, "no such program"), None);
    }

    #[test]
    fn two_to_four_algorithms() {
        let s = CompareSettings::default();
        assert_eq!(s.kinds.len(), 3);
        let four = s.toggled(AlgoId::Maglev, true).unwrap();
        assert_eq!(four.kinds.len(), 4);
        // Menu order.
        let order: Vec<usize> = four
            .kinds
            .iter()
            .map(|k| AlgoId::ALL.iter().position(|a| a == k).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        assert!(four
            .toggled(AlgoId::Ketama, true)
            .unwrap_err()
            .contains("at most 4"));
        let two = s.toggled(AlgoId::Jump, false).unwrap();
        assert!(two
            .toggled(AlgoId::Modulo, false)
            .unwrap_err()
            .contains("at least 2"));
        assert_eq!(s.toggled(AlgoId::Jump, true).unwrap(), s);
    }
}
