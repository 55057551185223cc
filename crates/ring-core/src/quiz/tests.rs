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

fn lab_cluster(algo: AlgoId) -> Cluster {
    let mut config = Config::new(Algorithm::new(algo)).with_hash(crate::HashFn::Fnv1a_64);
    config.default_vnodes = 40;
    Cluster {
        config,
        nodes: vec![
            NodeSpec::new("web-1", 100),
            NodeSpec::new("web-2", 300),
            NodeSpec::new("cache-d", 50),
        ],
    }
}

/// A cluster of the caller's: the first three kinds ask about its nodes under its own
/// configuration (hash, virtual nodes, weights), and the answers are its placements'.
#[test]
fn a_clusters_quiz_asks_about_its_nodes_with_its_own_configuration() {
    for algo in CLUSTER_ALGORITHMS {
        let cluster = lab_cluster(algo);
        let names: Vec<String> = cluster.nodes.iter().map(|n| n.name.clone()).collect();
        for seed in 0..6 {
            let q = quiz_on(seed, Some(&cluster)).unwrap();
            assert_eq!(q, quiz_on(seed, Some(&cluster)).unwrap());
            let mut asked = 0;
            for x in &q {
                let here = build(&cluster.config, &cluster.nodes).unwrap();
                match &x.kind {
                    Kind::Owner {
                        algo: a,
                        key,
                        answer,
                    } => {
                        assert_eq!((a, &x.nodes), (&algo, &names));
                        assert_eq!(here.locate(key) as usize, *answer);
                        asked += 1;
                    }
                    Kind::Leave {
                        leaving,
                        keys,
                        answer,
                        ..
                    } => {
                        assert_eq!(x.nodes, names);
                        let mut rest = cluster.nodes.clone();
                        rest.remove(*leaving);
                        let after = build(&cluster.config, &rest).unwrap();
                        for (k, &n) in keys.iter().zip(answer) {
                            assert_eq!(
                                after.locate(k),
                                rest.iter().position(|r| r.name == names[n]).unwrap() as u32
                            );
                        }
                        asked += 1;
                    }
                    Kind::JoinShare {
                        joining,
                        keys_seed,
                        answer,
                        ..
                    } => {
                        // cache-d is taken: the newcomer is named otherwise.
                        assert!(!names.contains(joining), "{joining}");
                        let keys = crate::keys::generate(KEYS, *keys_seed);
                        let mut more = cluster.nodes.clone();
                        more.push(NodeSpec::new(joining.as_str(), 100));
                        let a = here.assign(&keys);
                        let b = build(&cluster.config, &more).unwrap().assign(&keys);
                        let moved = a.iter().zip(&b).filter(|(x, y)| x != y).count();
                        assert_eq!(*answer, 100.0 * moved as f64 / KEYS as f64);
                        asked += 1;
                    }
                    _ => assert_ne!(x.nodes, names),
                }
            }
            assert_eq!(asked, 3);
        }
        // A different cluster is a different quiz.
        assert_ne!(quiz_on(1, Some(&cluster)).unwrap(), quiz(1).unwrap());
    }
}

#[test]
fn a_cluster_is_asked_about_only_where_a_fresh_build_is_the_labs() {
    let mut c = lab_cluster(AlgoId::Jump);
    assert_eq!(c.askable(), Err(NotAskable::Algorithm));
    assert_eq!(quiz_on(3, Some(&c)).unwrap(), quiz(3).unwrap());
    c.config.algorithm = Algorithm::new(AlgoId::Ketama);
    assert_eq!(c.askable(), Ok(()));
    c.nodes[0].vnodes = Some(7);
    assert_eq!(c.askable(), Err(NotAskable::OwnVnodes));
    c.nodes[0].vnodes = None;
    c.nodes.truncate(1);
    assert_eq!(c.askable(), Err(NotAskable::NodeCount));
}

#[test]
fn a_clusters_flags_are_words_a_shell_reads_back() {
    let mut c = lab_cluster(AlgoId::Ketama);
    c.nodes[0].name = "it's here".into();
    let flags = c.flags().unwrap();
    assert!(
        flags.starts_with("--algo ketama --hash fnv1a-64 --vnodes 40 --"),
        "{flags}"
    );
    assert!(
        flags.ends_with(r#" --nodes 'it'\''s here=100,web-2=300,cache-d=50'"#),
        "{flags}"
    );
    c.nodes[1].name = "a,b".into();
    assert_eq!(c.flags(), None);
}
