//! Predict before the reveal: the tour's questions "what share of the keys will move?".
//! A question step names the node that joins; the core's answer is the summary of that
//! join, the step's own change when the step makes it, else the join made by the model's
//! own action on a copy of the step's state (the step's state and picture stay as they
//! are). [`grade`] compares a guess with the answer.

use ring_core::metrics::MoveSummary;

use super::State;
use crate::model::message::Grade;
use crate::model::message::Msg;
use crate::model::state::Action;

/// The steps that ask, and the node that joins in each: modulo 4 → 5, the ring with one
/// point per node, the ring of 100 virtual nodes per server (whose step makes no change:
/// the 31st server joins a copy of it) and jump hash.
const ASKS: [(u32, &str); 4] = [
    (2, "cache-e"),
    (5, "cache-e"),
    (8, "192.168.1.31"),
    (14, "cache-e"),
];

/// Within this many percentage points a guess is [`Grade::Right`].
pub(crate) const RIGHT_WITHIN: f64 = 5.0;
/// Within this many it is [`Grade::Close`]; farther, [`Grade::Off`].
pub(crate) const CLOSE_WITHIN: f64 = 15.0;

/// A step's question, with the answer the core computed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Question {
    /// The node that joins.
    pub(crate) joins: String,
    /// How many nodes it joins.
    pub(crate) nodes: usize,
    /// The join's moved keys, of how many, and the ideal (the core's summary line).
    pub(crate) summary: MoveSummary,
}

impl Question {
    /// The share of the keys that moved, as the core computed it (the page words it through
    /// [`graded`]; the tests check it).
    #[cfg(test)]
    pub(crate) fn answer(&self) -> f64 {
        self.summary.fraction()
    }

    /// The least share a join could move, 1/(n + 1) (the page says it through the summary's
    /// own ideal; the tests check it).
    #[cfg(test)]
    pub(crate) fn ideal(&self) -> f64 {
        self.summary.ideal_fraction().unwrap_or(0.0)
    }

    /// The question, as the page asks it.
    pub(crate) fn ask(&self) -> Msg {
        Msg::TourQuestion {
            name: self.joins.clone(),
            nodes: self.nodes,
        }
    }

    /// The answer to `guess` (a percentage, 0 to 100): the guess, the core's line, the
    /// grade and by how much it was off.
    pub(crate) fn check(&self, guess: u32) -> Msg {
        graded(self.summary, guess)
    }
}

/// Grades `guess` (a percentage, 0 to 100) against `answer` (a fraction): the grade and
/// the difference in percentage points, rounded to a tenth as the page writes it (so the
/// grade agrees with the number shown).
/// The answer to `guess` (a percentage) for a change that moved `summary`'s keys: the
/// guess, the core's line, the grade and by how much it was off (the tour's questions and
/// Explore's "Ask me first").
pub(crate) fn graded(summary: MoveSummary, guess: u32) -> Msg {
    let guess = guess.min(100);
    let (grade, off_by) = grade(guess, summary.fraction());
    Msg::TourGraded {
        guess,
        summary,
        grade,
        off_by,
    }
}

pub(crate) fn grade(guess: u32, answer: f64) -> (Grade, f64) {
    let off = (f64::from(guess.min(100)) - answer * 100.0).abs();
    let off = (off * 10.0).round() / 10.0;
    let grade = if off <= RIGHT_WITHIN {
        Grade::Right
    } else if off <= CLOSE_WITHIN {
        Grade::Close
    } else {
        Grade::Off
    };
    (grade, off)
}

/// The question of step `step` in its state `state`, if the step asks one.
pub(super) fn question(step: u32, state: &State) -> Option<Question> {
    let &(_, joins) = ASKS.iter().find(|(s, _)| *s == step)?;
    let (summary, nodes) = if state.nodes.iter().any(|n| n.name == joins) {
        // The step's own change is the join.
        let change = state.change.as_ref()?;
        (change.summary, state.nodes.len().saturating_sub(1))
    } else {
        let join = Action::AddNode {
            name: joins.to_string(),
            weight: "100".to_string(),
            vnodes: String::new(),
        };
        let after = state.apply(join).ok()?;
        (after.change.as_ref()?.summary, state.nodes.len())
    };
    summary.ideal_fraction()?;
    Some(Question {
        joins: joins.to_string(),
        nodes,
        summary,
    })
}

// The state's own question about its last change, answered here where guesses are graded,
// so that the state's type needs nothing from the tour.
impl State {
    /// The graded guess for the last change, once it is checked ("Ask me first").
    pub(crate) fn guess_result(&self) -> Option<Msg> {
        let change = self.change.as_ref()?;
        let (serial, guess) = self.guessed.filter(|_| self.ask_first)?;
        (serial == change.serial).then(|| graded(change.summary, guess))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guess_is_graded_by_points_off() {
        // Right within 5 points, close within 15, off beyond; both sides.
        for (guess, grade_is, off) in [
            (50, Grade::Right, 0.0),
            (55, Grade::Right, 5.0),
            (45, Grade::Right, 5.0),
            (56, Grade::Close, 6.0),
            (44, Grade::Close, 6.0),
            (65, Grade::Close, 15.0),
            (35, Grade::Close, 15.0),
            (66, Grade::Off, 16.0),
            (0, Grade::Off, 50.0),
            (100, Grade::Off, 50.0),
        ] {
            assert_eq!(grade(guess, 0.5), (grade_is, off), "guess {guess}");
        }
        // The difference is rounded to the tenth shown: 5.04 points is "5.0", right.
        assert_eq!(grade(85, 0.7996), (Grade::Right, 5.0));
        assert_eq!(grade(85, 0.7994), (Grade::Close, 5.1));
        assert_eq!(grade(30, 0.802), (Grade::Off, 50.2));
        // A guess above 100 counts as 100; the ends of the range.
        assert_eq!(grade(u32::MAX, 1.0), (Grade::Right, 0.0));
        assert_eq!(grade(0, 0.0), (Grade::Right, 0.0));
        assert_eq!(grade(0, 1.0), (Grade::Off, 100.0));
    }
}
