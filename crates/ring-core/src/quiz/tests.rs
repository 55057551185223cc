use super::*;

#[test]
fn a_seed_gives_the_same_quiz_with_one_question_of_each_kind() {
    for seed in 0..20 {
        let q = quiz(seed).unwrap();
        assert_eq!(q, quiz(seed).unwrap());
        assert_eq!(q.len(), QUESTIONS);
        let mut kinds: Vec<usize> = q
            .iter()
            .map(|x| match x.kind {
                Kind::Owner { .. } => 0,
                Kind::Leave { .. } => 1,
                Kind::JoinShare { .. } => 2,
                Kind::Fewer { .. } => 3,
                Kind::R1 { .. } => 4,
                Kind::Systems { .. } => 5,
            })
            .collect();
        kinds.sort_unstable();
        assert_eq!(kinds, [0, 1, 2, 3, 4, 5]);
    }
    assert_ne!(quiz(1).unwrap(), quiz(2).unwrap());
}

#[test]
fn each_question_is_graded_right_and_wrong_as_the_core_says() {
    for seed in 0..30 {
        for q in quiz(seed).unwrap() {
            assert!(q.grade(&q.answer()), "{q:?}");
            let n = q.nodes.len();
            let wrong = match &q.kind {
                Kind::Owner { algo, key, answer } => {
                    let p = placement(*algo, &q.nodes).unwrap();
                    assert_eq!(p.locate(key) as usize, *answer);
                    Answer::Node((answer + 1) % n)
                }
                Kind::Leave {
                    algo,
                    leaving,
                    keys,
                    answer,
                } => {
                    let before = placement(*algo, &q.nodes).unwrap();
                    for (k, &after) in keys.iter().zip(answer) {
                        assert_ne!(after, *leaving, "{q:?}");
                        let was = before.locate(k) as usize;
                        // The consistent ones move only the leaver's keys.
                        if *algo != AlgoId::Modulo && was != *leaving {
                            assert_eq!(after, was, "{q:?}");
                        }
                    }
                    let mut other = answer.clone();
                    other[0] = (other[0] + 1) % n;
                    Answer::Nodes(other)
                }
                Kind::JoinShare { algo, answer, .. } => {
                    if *algo == AlgoId::Modulo {
                        assert!(*answer > 50.0, "{q:?}");
                    } else {
                        assert!(*answer < 40.0, "{q:?}");
                    }
                    assert!(q.grade(&Answer::Percent(answer + 4.9)));
                    assert!(!q.grade(&Answer::Percent(f64::NAN)));
                    Answer::Percent(answer + 5.1)
                }
                Kind::Fewer { moved, answer, .. } => {
                    assert!(moved[*answer] < moved[1 - answer]);
                    Answer::Choice(1 - answer)
                }
                Kind::R1 { vnodes, answer } => {
                    assert!(*answer >= 1.0);
                    if *vnodes >= 200 {
                        assert!(*answer < 1.5, "{q:?}");
                    }
                    assert!(q.grade(&Answer::Number(answer * 1.09)));
                    Answer::Number(answer * 1.11)
                }
                Kind::Systems {
                    systems,
                    key,
                    server,
                    answer,
                } => {
                    assert!(answer.iter().any(|&a| a), "{q:?}");
                    for (s, &on) in systems.iter().zip(answer) {
                        let p = placement(s.algo(), &q.nodes).unwrap();
                        assert_eq!(p.locate(key) as usize == *server, on);
                    }
                    let mut other = answer.clone();
                    other[0] = !other[0];
                    Answer::Ticks(other)
                }
            };
            assert!(!q.grade(&wrong), "{q:?} graded {wrong:?} right");
            // An answer of another kind is wrong.
            let other_kind = match q.answer() {
                Answer::Node(_) => Answer::Number(0.0),
                _ => Answer::Node(0),
            };
            assert!(!q.grade(&other_kind));
        }
    }
}
