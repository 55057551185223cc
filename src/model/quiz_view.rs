//! The Quiz view's model: the quiz of the link's seed ([`ring_core::quiz`]), the answers
//! as the view's controls give them, read into the core's [`Answer`] and graded by it, and
//! the walk of a key once its question is answered.
//!
//! The questions come from the seed and the lab's cluster ([`quiz_cluster`]): a link with
//! `quiz=SEED` carries both, so it asks everyone the same, and `ringlab quiz --seed SEED`
//! with the cluster's flags prints their answers. The first example's lab is no cluster of
//! the teacher's: its quiz asks about clusters drawn from the seed alone.

use ring_core::quiz::{Answer, Cluster, Kind, Question};
use ring_core::registry::ParamRef;

use super::algo::AlgoParams;
use super::defaults;
use super::message::Msg;
use super::state::{Action, State};

/// What the first three questions of a quiz are about.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum QuizCluster {
    /// Clusters drawn from the seed: the lab is the first example.
    Drawn,
    /// The lab's cluster (its nodes up), with the flags that give it to `ringlab quiz`.
    Lab(Cluster, String),
    /// Clusters drawn from the seed, because the lab's cannot be asked about.
    NotAskable,
}

impl QuizCluster {
    /// The cluster the core's quiz takes.
    pub(crate) fn cluster(&self) -> Option<&Cluster> {
        match self {
            QuizCluster::Lab(c, _) => Some(c),
            _ => None,
        }
    }
}

/// What the quiz of `state` asks about: its cluster, unless it is the first example's or
/// cannot be asked about ([`Cluster::askable`], or a comma in a name, which the command
/// line's `--nodes` cannot carry).
pub(crate) fn quiz_cluster(state: &State) -> QuizCluster {
    let first = state.kind == defaults::KIND
        && state.params == AlgoParams::default()
        && state.hash == defaults::HASH
        && state.default_vnodes == defaults::VNODES
        && state.nodes.len() == defaults::NODES.len()
        && state.nodes.iter().zip(defaults::NODES).all(|(n, name)| {
            n.name == name && n.weight == defaults::WEIGHT && n.vnodes.is_none() && !n.down
        });
    if first {
        return QuizCluster::Drawn;
    }
    let cluster = Cluster {
        config: state.config(),
        nodes: state
            .nodes
            .iter()
            .filter(|n| !n.down)
            .map(|n| n.spec())
            .collect(),
    };
    match (cluster.askable(), cluster.flags()) {
        (Ok(()), Some(flags)) => QuizCluster::Lab(cluster, flags),
        _ => QuizCluster::NotAskable,
    }
}

/// An answer as the view's controls hold it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Typed {
    /// Nothing picked or typed yet.
    Empty,
    /// A node or an algorithm picked, by its index.
    Picked(usize),
    /// A node picked for each key (`None`: not yet).
    PickedEach(Vec<Option<usize>>),
    /// A number as typed.
    Text(String),
    /// The systems ticked.
    Ticks(Vec<bool>),
}

/// `typed` read as an answer to `q`, or why it cannot be graded yet.
pub(crate) fn read(q: &Question, typed: &Typed) -> Result<Answer, Msg> {
    let unanswered = Msg::quiz_unanswered;
    match (&q.kind, typed) {
        (Kind::Owner { .. }, Typed::Picked(n)) => Ok(Answer::Node(*n)),
        (Kind::Fewer { .. }, Typed::Picked(n)) => Ok(Answer::Choice(*n)),
        (Kind::Leave { keys, .. }, Typed::PickedEach(each)) if each.len() == keys.len() => each
            .iter()
            .map(|n| n.ok_or_else(unanswered))
            .collect::<Result<Vec<usize>, Msg>>()
            .map(Answer::Nodes),
        (Kind::JoinShare { .. }, Typed::Text(t)) => {
            number(t.trim().trim_end_matches('%')).map(Answer::Percent)
        }
        (Kind::R1 { .. }, Typed::Text(t)) => number(t).map(Answer::Number),
        (Kind::Systems { .. }, Typed::Ticks(t)) => Ok(Answer::Ticks(t.clone())),
        _ => Err(unanswered()),
    }
}

/// A number as typed, or why it is none.
fn number(text: &str) -> Result<f64, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Msg::quiz_unanswered());
    }
    t.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| Msg::quiz_not_a_number(t.chars().take(40).collect::<String>()))
}

/// The empty answer the controls of `q` start from.
pub(crate) fn empty(q: &Question) -> Typed {
    match &q.kind {
        Kind::Leave { keys, .. } => Typed::PickedEach(vec![None; keys.len()]),
        Kind::Systems { systems, .. } => Typed::Ticks(vec![false; systems.len()]),
        Kind::JoinShare { .. } | Kind::R1 { .. } => Typed::Text(String::new()),
        _ => Typed::Empty,
    }
}

/// The lab set up as `q`'s cluster, explaining `q`'s key: its walk, step by step, for an
/// owner question once answered (`None` for the other kinds). A question about the lab's
/// own cluster (`lab`) is walked on the lab itself.
pub(crate) fn walk(q: &Question, lab: Option<&State>) -> Option<Vec<Msg>> {
    let Kind::Owner { algo, key, .. } = &q.kind else {
        return None;
    };
    if let Some(lab) = lab {
        let s = lab.apply(Action::Explain(key.clone())).ok()?.run_pending();
        return s.explained().map(|e| e.steps);
    }
    // One key: the walk is the question's key's, and each step below places the lab's keys
    // again (with the lab's 10,000 the walk took 2.7 ms natively in release, with one 1.6 ms).
    let mut s = State::initial()
        .ok()?
        .apply(Action::GenerateKeys {
            count: "1".into(),
            seed: "1".into(),
        })
        .ok()?;
    // The quiz's cluster: its nodes at weight 100, its algorithm at the core's defaults
    // (the lab's pictures default to smaller tables), 100 points a node on a ring.
    let names: Vec<String> = s.nodes.iter().map(|n| n.name.clone()).collect();
    for name in &q.nodes {
        if !names.contains(name) {
            s = s
                .apply(Action::AddNode {
                    name: name.clone(),
                    weight: "100".into(),
                    vnodes: String::new(),
                })
                .ok()?;
        }
    }
    for id in s
        .nodes
        .iter()
        .filter(|n| !q.nodes.contains(&n.name))
        .map(|n| n.id)
        .collect::<Vec<_>>()
    {
        s = s.apply(Action::RemoveNode(id)).ok()?;
    }
    s = s.apply(Action::SetDefaultVnodes("100".into())).ok()?;
    s = s.apply(Action::SetAlgorithm(*algo)).ok()?;
    for param in ParamRef::all().filter(|p| p.algo == *algo) {
        let spec = param.spec();
        let text = spec.write(spec.default_value());
        s = s.apply(Action::SetParam { param, text }).ok()?;
    }
    s = s.apply(Action::Explain(key.clone())).ok()?.run_pending();
    s.explained().map(|e| e.steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_core::quiz::quiz;

    #[test]
    fn typed_answers_are_read_and_graded_by_the_core() {
        for seed in 0..8 {
            for q in quiz(seed).unwrap() {
                assert_eq!(
                    read(&q, &empty(&q)).is_ok(),
                    matches!(q.kind, Kind::Systems { .. })
                );
                let right = match q.answer() {
                    Answer::Node(n) | Answer::Choice(n) => Typed::Picked(n),
                    Answer::Nodes(n) => Typed::PickedEach(n.into_iter().map(Some).collect()),
                    Answer::Percent(p) => Typed::Text(format!("{p:.1}%")),
                    Answer::Number(x) => Typed::Text(format!("{x:.3}")),
                    Answer::Ticks(t) => Typed::Ticks(t),
                };
                assert!(q.grade(&read(&q, &right).unwrap()), "{q:?}");
                if let Kind::JoinShare { .. } | Kind::R1 { .. } = q.kind {
                    assert!(read(&q, &Typed::Text("lots".into())).is_err());
                }
            }
        }
    }

    #[test]
    fn the_walk_shown_after_an_owner_question_ends_at_its_answer() {
        let mut walks = 0;
        for seed in 0..12 {
            for q in quiz(seed).unwrap() {
                let Kind::Owner { answer, .. } = &q.kind else {
                    assert!(walk(&q, None).is_none());
                    continue;
                };
                let steps = walk(&q, None).expect("a walk");
                let last = format!("{:?}", steps.last().unwrap());
                assert!(last.contains(&q.nodes[*answer]), "{q:?}: {last}");
                walks += 1;
            }
        }
        assert!(walks >= 12);
    }

    /// A lab of the teacher's: the first three questions are about its nodes up, under its
    /// configuration, and the walk of its owner question is the lab's own.
    #[test]
    fn a_labs_own_cluster_is_asked_about_and_walked_on_the_lab() {
        let first = State::initial().unwrap();
        assert_eq!(quiz_cluster(&first), QuizCluster::Drawn);
        let mut lab = first
            .apply(Action::SetAlgorithm(ring_core::registry::AlgoId::Maglev))
            .unwrap()
            .run_pending();
        let b = lab.nodes[1].id;
        lab = lab
            .apply(Action::SetWeight(b, "300".into()))
            .unwrap()
            .apply(Action::SetDown(lab.nodes[2].id, true))
            .unwrap()
            .run_pending();
        let QuizCluster::Lab(cluster, flags) = quiz_cluster(&lab) else {
            panic!("{:?}", quiz_cluster(&lab));
        };
        let names: Vec<&str> = cluster.nodes.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["cache-a", "cache-b", "cache-d"]);
        assert!(flags.starts_with("--algo maglev "), "{flags}");
        assert!(
            flags.ends_with("--nodes cache-a=100,cache-b=300,cache-d=100"),
            "{flags}"
        );
        let questions = ring_core::quiz::quiz_on(4, Some(&cluster)).unwrap();
        let owner = questions
            .iter()
            .find(|q| matches!(q.kind, Kind::Owner { .. }))
            .unwrap();
        let Kind::Owner { answer, .. } = &owner.kind else {
            unreachable!()
        };
        let steps = walk(owner, Some(&lab)).expect("a walk");
        let last = format!("{:?}", steps.last().unwrap());
        assert!(last.contains(&owner.nodes[*answer]), "{last}");
        // Jump's leave is not the fresh build: its quiz asks about clusters of its own.
        let jump = lab
            .apply(Action::SetAlgorithm(ring_core::registry::AlgoId::Jump))
            .unwrap();
        assert_eq!(quiz_cluster(&jump), QuizCluster::NotAskable);
    }
}
