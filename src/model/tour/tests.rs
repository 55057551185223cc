use super::*;
use crate::model::{Field, Snapshot};

/// Everything a state shows, compared field by field (`State`'s own equality is a cheap
/// version check, not this).
fn same_state(a: &State, b: &State) -> bool {
    fn same_snapshot(a: &Snapshot, b: &Snapshot) -> bool {
        a.config == b.config
            && a.kind == b.kind
            && a.nodes == b.nodes
            && a.picture == b.picture
            && a.owners == b.owners
            && a.loads == b.loads
            && a.shares == b.shares
            && a.sample_positions == b.sample_positions
    }
    let change = match (&a.change, &b.change) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            x.serial == y.serial
                && x.what == y.what
                && x.summary == y.summary
                && x.flows == y.flows
                && x.moves == y.moves
                && same_snapshot(&x.before, &y.before)
        }
        _ => false,
    };
    a.nodes == b.nodes
        && a.kind == b.kind
        && a.params == b.params
        && a.hash == b.hash
        && a.default_vnodes == b.default_vnodes
        && a.keys.source == b.keys.source
        && a.keys.keys == b.keys.keys
        && a.keys.sample == b.keys.sample
        && same_snapshot(&a.current, &b.current)
        && change
        && a.explain_key == b.explain_key
        && a.error == b.error
        && a.version == b.version
}

fn joined(facts: &[crate::model::message::Msg]) -> String {
    facts
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn frames() -> Vec<Frame> {
    (1..=STEP_COUNT).map(|s| frame(s).unwrap()).collect()
}

fn sentences(text: &str) -> usize {
    // A sentence ends with a full stop, question or exclamation mark followed by a space
    // or the end (not "e.g." inside a word, nor a decimal point).
    let b = text.as_bytes();
    (0..b.len())
        .filter(|&i| matches!(b[i], b'.' | b'?' | b'!') && (i + 1 == b.len() || b[i + 1] == b' '))
        .count()
}

#[test]
fn every_step_builds_with_a_caption_and_numbers() {
    let frames = frames();
    assert_eq!(frames.len(), STEP_COUNT as usize);
    assert_eq!(titles().len(), STEP_COUNT as usize);
    let mut titles_seen = std::collections::HashSet::new();
    for f in &frames {
        let (title, caption) = (f.title.to_string(), f.caption.to_string());
        assert!(!title.is_empty());
        assert!(titles_seen.insert(title.clone()), "repeated title {title}");
        let n = sentences(&caption);
        assert!((2..=4).contains(&n), "step {}: {n} sentences", f.step);
        // Each step cites an article by its author or title (issue 16), never as "seed 00x".
        assert!(
            [
                "zouyq",
                "\"一致性哈希算法\"",
                "\"聊聊一致性哈希\"",
                "Pan Zihao",
                "一文讲透",
            ]
            .iter()
            // The steps past the articles cite the algorithm's paper.
            .chain(&super::PAPER_AUTHORS)
            .any(|c| caption.contains(c)),
            "step {} cites no article: {caption}",
            f.step
        );
        // That the Chinese caption cites its article too is checked in
        // `src/i18n/model_tests.rs`, on this key.
        assert!(matches!(f.caption, Msg::TourCaption(s) if s == f.step));
        assert!(!f.facts.is_empty(), "step {} has no numbers", f.step);
        assert!(f.facts.iter().all(|x| !x.to_string().trim().is_empty()));
        assert!(f.state.error.is_none());
        assert_eq!(f.state.keys.len(), TOUR_KEYS as usize);
    }
    assert!(frame(0).is_err());
    assert!(frame(STEP_COUNT + 1).is_err());
}

#[test]
fn stepping_forward_then_back_gives_the_identical_state_and_picture() {
    use crate::draw::scene::{self, View};
    let quiet = View {
        text: false,
        ..View::default()
    };
    for step in 1..STEP_COUNT {
        let here = state_at(step).unwrap();
        let next = state_at(step + 1).unwrap();
        assert!(
            !same_state(&here, &next),
            "steps {step} and {} look alike",
            step + 1
        );
        let back = state_at(step).unwrap();
        assert!(
            same_state(&here, &back),
            "step {step} differs after going forward and back"
        );
        assert_eq!(
            scene::picture(&here, &quiet),
            scene::picture(&back, &quiet),
            "step {step}'s picture differs"
        );
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn back_draws_the_same_pixels() {
    use crate::draw::scene::{self, Scene, View};
    use crate::draw::testing::render;
    use crate::draw::{bins::draw_bins, ring::draw_ring};
    let quiet = View {
        text: false,
        ..View::default()
    };
    let draw = |s: &State| {
        render(240, 240, |area| match scene::picture(s, &quiet) {
            Scene::Ring(r) => draw_ring(area, &r),
            Scene::Bins(b) => draw_bins(area, &b),
        })
    };
    for step in [2, 5, 9] {
        let a = draw(&state_at(step).unwrap());
        let _ = state_at(step + 1).unwrap();
        let b = draw(&state_at(step).unwrap());
        assert_eq!(a.data, b.data, "step {step}");
        // Not blank: the background is black in these tests, the drawing is not.
        let black = a.count(crate::model::Rgb(0, 0, 0));
        assert!(black < a.data.len() / 3 / 2, "step {step} is mostly black");
    }
}

#[test]
fn the_first_step_teaches_without_a_click() {
    let f = frame(1).unwrap();
    assert_eq!(f.state.kind, AlgoId::Modulo);
    assert_eq!(f.visual, Visual::Picture);
    assert!(f.state.explained().is_some());
    assert!(
        f.facts.iter().any(|x| x.contains(" mod 4 = ")),
        "{:?}",
        f.facts
    );
}

#[test]
fn the_steps_show_what_their_captions_say() {
    let frames = frames();
    let at = |n: usize| &frames[n - 1];
    let summary = |n: usize| at(n).state.change.as_ref().unwrap().summary;
    let flows_named = |n: usize| -> Vec<(String, String)> {
        let s = &at(n).state;
        s.change
            .as_ref()
            .unwrap()
            .flows
            .iter()
            .map(|f| {
                (
                    s.describe(crate::model::NodeId(f.from)).unwrap().0,
                    s.describe(crate::model::NodeId(f.to)).unwrap().0,
                )
            })
            .collect()
    };
    // 2: modulo moves most keys, against an ideal of 1/5.
    assert!(summary(2).fraction() > 0.6, "{}", summary(2));
    assert_eq!(summary(2).ideal, Ideal::Join { nodes_after: 5 });
    // 4: only the failed node's keys move, all to one node (the next clockwise).
    let f4 = flows_named(4);
    assert_eq!(f4.len(), 1, "{f4:?}");
    assert_eq!(f4[0].0, "cache-b");
    assert_eq!(summary(4).moved, at(3).state.current.loads[1]);
    // 5: the newcomer takes keys from one node only.
    let f5 = flows_named(5);
    assert_eq!(f5.len(), 1, "{f5:?}");
    assert_eq!(f5[0].1, "cache-e");
    assert!(summary(5).fraction() < summary(2).fraction());
    // 6: known-answers.md: one point per node, 10 nodes, MD5: R1 = 17.
    let r1 = |n: usize| at(n).state.current.share_balance().unwrap().r1;
    assert_eq!(r1(6).round(), 17.0);
    // 7 and 8: virtual nodes shrink the skew, to the paper's figures.
    assert!(r1(7) < 2.9 && r1(7) < r1(6) / 5.0, "{}", r1(7));
    let b8 = at(8).state.current.share_balance().unwrap();
    assert!((1.495..=1.705).contains(&b8.r1) && b8.r2 < 0.7, "{b8:?}");
    assert_eq!(at(8).state.current.picture.ring_points().len(), 3_000);
    // 9: every moved key goes to cache-b.
    assert!(flows_named(9).iter().all(|(_, to)| to == "cache-b"));
    // 10: libketama's test: 1,264 points.
    assert_eq!(at(10).state.current.picture.ring_points().len(), 1_264);
    // 11: dropping a node the seed's way moves only its keys (1/8); dealing again, most.
    let slot_facts = joined(&at(11).facts);
    assert!(slot_facts.contains("Dropping node_3"), "{slot_facts}");
    let s11 = &at(11).state;
    let entries = match &s11.current.picture {
        ring_core::Picture::Table { entries } => entries.clone(),
        other => panic!("step 11 draws {other:?}"),
    };
    // Seed 001's table: slot i belongs to node_(i % 8).
    assert_eq!(entries.len(), 1024);
    for (i, &o) in entries.iter().enumerate() {
        assert_eq!(
            s11.current.nodes[o as usize].name,
            format!("node_{}", i % 8)
        );
    }
    // The seed's drop moves exactly node_3's keys; dealing again moves most.
    let node_3 = s11.current.loads[3];
    let moved: Vec<u64> = at(11)
        .facts
        .iter()
        .take(2)
        .map(|f| {
            let f = f.to_string();
            let n = f.split(": ").nth(1).unwrap().split(' ').next().unwrap();
            n.replace(',', "").parse().unwrap()
        })
        .collect();
    assert_eq!(moved[0], node_3, "{slot_facts}");
    assert!(moved[1] > 1_000, "{slot_facts}");
    // 12: the lookup ends within the bound.
    match &at(12).visual {
        Visual::Chord(s) => {
            let v = chord_view(&at(12).state, s).unwrap();
            assert_eq!(v.members.len(), 16);
            assert!(v.hops.len() >= 2 && v.hops.len() as u32 <= v.hop_bound());
        }
        other => panic!("step 12 shows {other:?}"),
    }
    // 13: R = 3, one failure: nothing is lost.
    match &at(13).visual {
        Visual::Replication(s) => {
            let v = replication_view(&at(13).state, s).unwrap();
            let (_, t) = v.totals.unwrap();
            assert_eq!(t.lost, 0);
            assert!(t.owned > 0);
        }
        other => panic!("step 13 shows {other:?}"),
    }
    // 14: jump moves close to the ideal 1/5, all onto the new bucket.
    assert!(
        (summary(14).fraction() - 0.2).abs() < 0.03,
        "{}",
        summary(14)
    );
    assert!(flows_named(14).iter().all(|(_, to)| to == "cache-e"));
    // 16: no node above ceil(1.25 × mean).
    let s16 = &at(16).state.current;
    let mean = 2_000.0 / s16.nodes.len() as f64;
    assert!(s16.loads.iter().all(|&l| l as f64 <= (1.25 * mean).ceil()));
    // 17: go-zero caps localhost:4's weight 200 at 100 replicas; weight 50 gives 50.
    let facts17 = joined(&at(17).facts);
    assert!(facts17.contains("localhost:4 100"), "{facts17}");
    assert!(facts17.contains("localhost:3 50"), "{facts17}");
}

#[test]
fn four_steps_ask_what_share_of_the_keys_a_join_moves() {
    let frames = frames();
    let at = |n: usize| &frames[n - 1];
    let asking: Vec<u32> = frames
        .iter()
        .filter(|f| f.question.is_some())
        .map(|f| f.step)
        .collect();
    // Modulo 4 → 5, one point per node, 100 virtual nodes per server, jump hash.
    assert_eq!(asking, [2, 5, 8, 14]);
    assert_eq!(at(2).state.kind, AlgoId::Modulo);
    assert_eq!(at(5).state.kind, AlgoId::SinglePoint);
    assert_eq!(
        (at(8).state.kind, at(8).state.default_vnodes),
        (AlgoId::Virtual, 100)
    );
    assert_eq!(at(14).state.kind, AlgoId::Jump);
    for f in &frames {
        let Some(q) = &f.question else {
            assert!(f.facts.iter().all(|x| !f.gives_away(x)), "step {}", f.step);
            continue;
        };
        // A join: the ideal is the newcomer's fair part, 1/(n + 1).
        let n = q.nodes as u32;
        assert_eq!(q.summary.ideal, Ideal::Join { nodes_after: n + 1 });
        assert_eq!(q.ideal(), 1.0 / f64::from(n + 1));
        assert_eq!(q.summary.total, u64::from(TOUR_KEYS));
        assert_eq!(q.answer(), q.summary.fraction());
        assert!(q.ask().contains(&q.joins), "{}", q.ask());
        // The answer is the step's own moved-keys line, hidden until the guess is checked.
        match &f.state.change {
            Some(c) => {
                assert_eq!(c.summary, q.summary, "step {}", f.step);
                assert_eq!(q.nodes + 1, f.state.nodes.len());
                let hidden: Vec<&Msg> = f.facts.iter().filter(|x| f.gives_away(x)).collect();
                assert!(
                    hidden.iter().any(
                        |x| matches!(x, Msg::FactChange { summary, .. } if *summary == q.summary)
                    ),
                    "step {}: {hidden:?}",
                    f.step
                );
                let shown = f.facts.iter().filter(|x| !f.gives_away(x)).count();
                assert_eq!(shown + hidden.len(), f.facts.len());
                // A key's walk after the join names its new owner: it waits for the guess too.
                if STEPS[(f.step - 1) as usize]
                    .facts
                    .contains(&Fact::Explained)
                {
                    let walk = facts_of(Fact::Explained, &f.state, &f.visual);
                    let held = &f.facts[f.walk_after_join.clone()];
                    assert!(
                        !walk.is_empty() && held == walk.as_slice(),
                        "step {}",
                        f.step
                    );
                    assert!(held.iter().all(|x| f.gives_away(x)), "step {}", f.step);
                }
            }
            // Step 8 makes no change: the core joins a copy, and the step stays as it is.
            None => {
                assert_eq!(f.step, 8);
                assert_eq!(q.nodes, f.state.nodes.len());
                assert!(same_state(&f.state, &state_at(8).unwrap()));
                assert!(f.facts.iter().all(|x| !f.gives_away(x)));
            }
        }
        // Checking a guess gives the core's line; a guess above 100 counts as 100.
        let checked = q.check(250);
        assert!(checked.contains("You guessed 100%"), "{checked}");
        assert!(
            checked.contains(&Msg::Moved(q.summary).to_string()),
            "{checked}"
        );
    }
    let answer = |n: usize| at(n).question.as_ref().unwrap().answer();
    // Modulo moves about 80% of the keys (the ideal is 20%); jump about the ideal 20%.
    assert!((answer(2) - 0.8).abs() < 0.03, "{}", answer(2));
    assert!((answer(14) - 0.2).abs() < 0.03, "{}", answer(14));
    // One point per node: only the newcomer's arc, far less than modulo.
    assert!(answer(5) < answer(2) / 2.0, "{}", answer(5));
    // 100 virtual nodes per server: close to the ideal 1/31.
    let q8 = at(8).question.as_ref().unwrap();
    assert_eq!(q8.nodes, 30);
    assert!((q8.answer() - q8.ideal()).abs() < 0.015, "{}", q8.answer());
    // A guess of 80% on modulo is right; 30% is off by about 50 points.
    let q2 = at(2).question.as_ref().unwrap();
    assert!(q2.check(80).contains("Right: "), "{}", q2.check(80));
    assert!(q2.check(30).contains("Off by "), "{}", q2.check(30));
}

#[test]
fn the_step_lives_in_the_state_and_bad_steps_are_refused() {
    let s = State::initial().unwrap();
    assert_eq!(s.tour_step, 1);
    let t = s.apply(Action::SetTourStep(STEP_COUNT)).unwrap();
    assert_eq!(t.tour_step, STEP_COUNT);
    for bad in [0, STEP_COUNT + 1, u32::MAX] {
        let e = t.apply(Action::SetTourStep(bad)).unwrap_err();
        assert_eq!(e.field, Field::TourStep);
        assert!(
            e.message.contains(&format!("steps 1 to {STEP_COUNT}")),
            "{}",
            e.message
        );
    }
    let v = t
        .apply(Action::SetView(crate::model::ViewKind::Tour))
        .unwrap();
    assert_eq!(v.view, crate::model::ViewKind::Tour);
    // Reset goes back to the first cluster but stays on the same view and step.
    let r = v.apply(Action::Reset).unwrap();
    assert_eq!(
        (r.view, r.tour_step),
        (crate::model::ViewKind::Tour, STEP_COUNT)
    );
}

#[test]
#[ignore = "prints the tour, for reading"]
fn print_the_tour() {
    for f in frames() {
        println!("\n{}. {}\n{}", f.step, f.title, f.caption);
        for x in &f.facts {
            println!("  - {x}");
        }
        if let Some(q) = &f.question {
            println!("  ? {}\n  = {}", q.ask(), q.check(50));
        }
    }
}
