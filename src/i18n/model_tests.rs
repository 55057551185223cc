//! The model's refusals, hints and captions in Chinese: the parts of the model's tests that
//! need rendered words in a language other than the reference English, kept here so that
//! the model never names this module.

use super::{Lang, Msg, Ui};
use crate::model::keys::{MAX_DRAWN, MAX_DRAWN_LIMIT};
use crate::model::tour::STEP_COUNT;
use crate::model::url::Shared;
use crate::model::{Action, Field, State};

/// From `model::drawn`'s `a_bad_count_is_refused_next_to_the_control_and_changes_nothing`.
#[test]
fn a_bad_drawn_count_is_refused_in_chinese_with_the_range() {
    let s = State::initial().unwrap();
    for typed in ["20001", "-5", "", "2k", "1e4", "99999999999999999999999"] {
        let e = s.apply(Action::SetDrawn(typed.into())).unwrap_err();
        assert_eq!(e.field, Field::Drawn);
        let zh = Lang::Zh.text(&e.message);
        assert!(
            zh.contains("绘制的键数") && zh.contains("0 到 20,000"),
            "{typed}: {zh}"
        );
    }
}

/// From `model::drawn`.
#[test]
fn the_hint_names_the_limit_in_both_languages() {
    for lang in Lang::ALL {
        let hint = lang.ui(Ui::DrawnHint);
        assert!(hint.contains("20,000") && hint.contains("2,000"), "{hint}");
    }
    assert_eq!(MAX_DRAWN_LIMIT, 20_000);
    assert_eq!(MAX_DRAWN, 2_000);
    let _ = Msg::Ui(Ui::DrawnLabel);
}

/// From `model::url`'s `the_language_travels_in_links_and_stored_states`.
#[test]
fn an_unknown_language_in_a_link_is_refused_in_chinese_too() {
    let bad = Shared::parse("lang=fr&algo=jump");
    assert_eq!(bad.problems.len(), 1);
    let zh = Lang::Zh.text(&bad.problems[0]);
    assert!(zh.contains("不是语言"), "{zh}");
}

/// From `model::tour`'s test of the frames: every step's caption (the frame's caption is
/// this key, as that test checks) cites its article in Chinese too, by its author or its
/// title (zouyq, 《聊聊一致性哈希》, 潘子浩 …).
#[test]
fn every_tour_caption_cites_its_article_in_chinese() {
    for step in 1..=STEP_COUNT {
        let zh = Lang::Zh.text(&Msg::TourCaption(step));
        assert!(
            [
                "zouyq",
                "《一致性哈希算法》",
                "《聊聊一致性哈希》",
                "潘子浩",
                "一文讲透",
            ]
            .iter()
            .chain(&crate::model::tour::PAPER_AUTHORS)
            .any(|c| zh.contains(c)),
            "step {step} cites no article in Chinese: {zh}"
        );
    }
}

/// From `model::tour`'s test of the questions: each question step asks and answers in
/// Chinese, with the core's moved-keys line as the step's own facts word it.
#[test]
fn the_tours_questions_ask_and_answer_in_chinese() {
    let mut asked = 0;
    for step in 1..=STEP_COUNT {
        let frame = crate::model::tour::frame(step).unwrap();
        let Some(q) = &frame.question else { continue };
        asked += 1;
        let ask = Lang::Zh.text(&q.ask());
        assert!(ask.contains(&q.joins) && ask.contains("迁移？"), "{ask}");
        let answer = Lang::Zh.text(&q.check(20));
        assert!(
            answer.starts_with("你的猜测是 20%。")
                && answer.contains(&Lang::Zh.text(&Msg::Moved(q.summary))),
            "{answer}"
        );
    }
    assert_eq!(asked, 4);
}
