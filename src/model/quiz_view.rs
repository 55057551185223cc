//! The Quiz view's model: the quiz of the link's seed ([`ring_core::quiz`]), the answers
//! as the view's controls give them, read into the core's [`Answer`] and graded by it, and
//! the walk of a key once its question is answered.
//!
//! The questions come from the seed alone, not from the lab's nodes or keys, so that a
//! link with `quiz=SEED` asks everyone the same, and `ringlab quiz --seed SEED` prints
//! their answers.

use ring_core::quiz::{Answer, Kind, Question};
use ring_core::registry::ParamRef;

use super::message::Msg;
use super::state::{Action, State};

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
/// owner question once answered (`None` for the other kinds).
pub(crate) fn walk(q: &Question) -> Option<Vec<Msg>> {
    let Kind::Owner { algo, key, .. } = &q.kind else {
        return None;
    };
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
                    assert!(walk(&q).is_none());
                    continue;
                };
                let steps = walk(&q).expect("a walk");
                let last = format!("{:?}", steps.last().unwrap());
                assert!(last.contains(&q.nodes[*answer]), "{q:?}: {last}");
                walks += 1;
            }
        }
        assert!(walks >= 12);
    }
}
