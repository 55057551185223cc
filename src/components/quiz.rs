//! The Quiz view: the questions of the link's seed ([`crate::model::quiz_view`]), each with
//! its controls and a Check button; the core grades the answer, then the right answer and
//! (for a key's owner) the key's walk are shown; the score once every question is checked.

use std::rc::Rc;

use ring_core::metrics::format;
use ring_core::quiz::{
    quiz_on, Answer, Kind, Question, CLUSTER_ALGORITHMS, KEYS, MAX_CLUSTER_NODES, R1_TOLERANCE,
    SHARE_TOLERANCE,
};
use yew::prelude::*;

use super::{use_lang, value_of, Dispatch};
use crate::i18n::{Lang, Msg};
use crate::model::quiz_view::{empty, quiz_cluster, read, walk, QuizCluster, Typed};
use crate::model::view_settings::ViewSetting;
use crate::model::{Action, State};

/// Props of [`QuizPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct QuizProps {
    /// The lab's state (the quiz's seed is its view settings').
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher.
    pub(crate) dispatch: Dispatch,
}

/// One question's progress: what is typed, and the grade once checked (or why it could
/// not be graded).
#[derive(Clone, Debug, PartialEq)]
struct Progress {
    typed: Typed,
    graded: Option<Result<bool, Rc<Msg>>>,
    /// The key's walk, once an owner question is graded.
    walk: Option<Rc<Vec<Msg>>>,
}

impl Progress {
    fn new(q: &Question) -> Progress {
        Progress {
            typed: empty(q),
            graded: None,
            walk: None,
        }
    }
}

fn names(q: &Question) -> String {
    q.nodes.join(", ")
}

fn asked(lang: Lang, q: &Question) -> String {
    let msg = match &q.kind {
        Kind::Owner { algo, key, .. } => Msg::quiz_owner(names(q), *algo, key.clone()),
        Kind::Leave { algo, leaving, .. } => Msg::quiz_leave(
            names(q),
            *algo,
            q.nodes.get(*leaving).cloned().unwrap_or_default(),
        ),
        Kind::JoinShare {
            algo,
            joining,
            keys_seed,
            ..
        } => Msg::quiz_join_share(
            names(q),
            *algo,
            KEYS,
            keys_seed.to_string(),
            joining.clone(),
            SHARE_TOLERANCE as u64,
        ),
        Kind::Fewer {
            joining, keys_seed, ..
        } => Msg::quiz_fewer(names(q), KEYS, keys_seed.to_string(), joining.clone()),
        Kind::R1 { vnodes, .. } => {
            Msg::quiz_r1(names(q), u64::from(*vnodes), (R1_TOLERANCE * 100.0) as u64)
        }
        Kind::Systems { key, server, .. } => Msg::quiz_systems(
            names(q),
            key.clone(),
            q.nodes.get(*server).cloned().unwrap_or_default(),
        ),
    };
    lang.t(msg).to_string()
}

/// The right answer, in words.
fn answer_text(lang: Lang, q: &Question) -> String {
    let node = |i: usize| q.nodes.get(i).cloned().unwrap_or_default();
    match (&q.kind, q.answer()) {
        (Kind::Owner { .. }, Answer::Node(n)) => node(n),
        (Kind::Leave { keys, .. }, Answer::Nodes(n)) => keys
            .iter()
            .zip(n)
            .map(|(k, i)| format!("{k} → {}", node(i)))
            .collect::<Vec<_>>()
            .join("; "),
        (Kind::JoinShare { .. }, Answer::Percent(p)) => format::percent(p / 100.0, 1),
        (Kind::Fewer { algos, moved, .. }, Answer::Choice(c)) => lang
            .t(Msg::quiz_fewer_answer(
                algos[c],
                moved[c],
                algos[1 - c],
                moved[1 - c],
            ))
            .to_string(),
        (Kind::R1 { .. }, Answer::Number(x)) => format::decimal(x, 2),
        (Kind::Systems { systems, .. }, Answer::Ticks(t)) => {
            let yes: Vec<String> = systems
                .iter()
                .zip(t)
                .filter(|(_, on)| *on)
                .map(|(s, _)| lang.t(Msg::AlgoLabel(s.algo())).to_string())
                .collect();
            yes.join(", ")
        }
        _ => String::new(),
    }
}

/// The controls of question `i`.
fn controls(
    lang: Lang,
    q: &Question,
    i: usize,
    typed: &Typed,
    set: &Callback<(usize, Typed)>,
    done: bool,
) -> Html {
    let radio = |j: usize, label: String, name: String, picked: bool| {
        let id = format!("{name}-{j}");
        let onchange = set.reform(move |_: Event| (i, Typed::Picked(j)));
        html! {
            <label class="check" for={id.clone()}>
                <input type="radio" id={id} name={name} checked={picked} disabled={done} {onchange} />
                { label }
            </label>
        }
    };
    let picked = |j: usize| matches!(typed, Typed::Picked(p) if *p == j);
    match &q.kind {
        Kind::Owner { .. } => html! {
            <fieldset class="quiz-answer">
                <legend class="visually-hidden">{ lang.t(Msg::quiz_pick_node()) }</legend>
                { for q.nodes.iter().enumerate().map(|(j, n)| radio(j, n.clone(), format!("quiz-{i}"), picked(j))) }
            </fieldset>
        },
        Kind::Fewer { algos, .. } => html! {
            <fieldset class="quiz-answer">
                <legend class="visually-hidden">{ lang.t(Msg::quiz_pick_algo()) }</legend>
                { for algos.iter().enumerate().map(|(j, a)| radio(j, lang.t(Msg::AlgoLabel(*a)).to_string(), format!("quiz-{i}"), picked(j))) }
            </fieldset>
        },
        Kind::Leave { keys, leaving, .. } => {
            let each = match typed {
                Typed::PickedEach(e) => e.clone(),
                _ => vec![None; keys.len()],
            };
            html! {
                <div class="quiz-answer quiz-leave">
                    { for keys.iter().enumerate().map(|(k, key)| {
                        let id = format!("quiz-{i}-key-{k}");
                        let current = each.get(k).copied().flatten();
                        let each = each.clone();
                        let onchange = set.reform(move |e: Event| {
                            let mut next = each.clone();
                            if let Some(slot) = next.get_mut(k) {
                                *slot = value_of(&e).parse().ok();
                            }
                            (i, Typed::PickedEach(next))
                        });
                        html! {
                            <div class="field">
                                <label for={id.clone()}><code>{ key.clone() }</code></label>
                                <select id={id} disabled={done} {onchange}>
                                    <option value="" selected={current.is_none()}>{ "—" }</option>
                                    { for q.nodes.iter().enumerate().filter(|(j, _)| j != leaving).map(|(j, n)| html! {
                                        <option value={j.to_string()} selected={current == Some(j)}>{ n.clone() }</option>
                                    }) }
                                </select>
                            </div>
                        }
                    }) }
                </div>
            }
        }
        Kind::JoinShare { .. } | Kind::R1 { .. } => {
            let id = format!("quiz-{i}-number");
            let text = match typed {
                Typed::Text(t) => t.clone(),
                _ => String::new(),
            };
            let label = if matches!(q.kind, Kind::R1 { .. }) {
                Msg::quiz_r1_label()
            } else {
                Msg::quiz_percent_label()
            };
            let oninput = set.reform(move |e: InputEvent| {
                let text = e
                    .target_dyn_into::<web_sys::HtmlInputElement>()
                    .map(|i| i.value())
                    .unwrap_or_default();
                (i, Typed::Text(text))
            });
            html! {
                <div class="field quiz-answer">
                    <label for={id.clone()}>{ lang.t(label) }</label>
                    <input id={id} type="text" inputmode="decimal" class="num" value={text}
                        disabled={done} autocomplete="off" {oninput} />
                </div>
            }
        }
        Kind::Systems { systems, .. } => {
            let ticks = match typed {
                Typed::Ticks(t) => t.clone(),
                _ => vec![false; systems.len()],
            };
            html! {
                <fieldset class="quiz-answer">
                    <legend class="visually-hidden">{ lang.t(Msg::quiz_pick_systems()) }</legend>
                    { for systems.iter().enumerate().map(|(j, s)| {
                        let id = format!("quiz-{i}-system-{j}");
                        let ticked = ticks.get(j).copied().unwrap_or(false);
                        let ticks = ticks.clone();
                        let onchange = set.reform(move |_: Event| {
                            let mut next = ticks.clone();
                            if let Some(t) = next.get_mut(j) {
                                *t = !*t;
                            }
                            (i, Typed::Ticks(next))
                        });
                        html! {
                            <label class="check" for={id.clone()}>
                                <input type="checkbox" id={id} checked={ticked}
                                    disabled={done} {onchange} />
                                { lang.t(Msg::AlgoLabel(s.algo())) }
                            </label>
                        }
                    }) }
                </fieldset>
            }
        }
    }
}

/// The Quiz view.
#[component]
pub(crate) fn QuizPanel(props: &QuizProps) -> Html {
    let lang = use_lang();
    let seed = props.state.views.quiz_seed();
    let about = quiz_cluster(&props.state);
    let questions = use_memo((seed, about.clone()), |(seed, about)| {
        quiz_on(*seed, about.cluster()).unwrap_or_default()
    });
    let progress = use_state(Vec::<Progress>::new);
    {
        // New questions (another seed, another cluster) start the quiz afresh.
        let (progress, questions) = (progress.clone(), questions.clone());
        use_effect_with(Rc::as_ptr(&questions) as usize, move |_| {
            progress.set(questions.iter().map(Progress::new).collect());
        });
    }
    let on_lab = matches!(about, QuizCluster::Lab(..));
    let set = {
        let progress = progress.clone();
        Callback::from(move |(i, typed): (usize, Typed)| {
            let mut next = (*progress).clone();
            if let Some(p) = next.get_mut(i) {
                p.typed = typed;
                p.graded = None;
                p.walk = None;
            }
            progress.set(next);
        })
    };
    let check = |i: usize| {
        let (progress, questions) = (progress.clone(), questions.clone());
        let lab = props.state.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*progress).clone();
            if let (Some(p), Some(q)) = (next.get_mut(i), questions.get(i)) {
                let graded = read(q, &p.typed).map(|a| q.grade(&a)).map_err(Rc::new);
                if graded.is_ok() {
                    // Only an owner question has a walk, and it is about the lab's cluster
                    // whenever the quiz asks about the lab.
                    p.walk = walk(q, on_lab.then_some(&*lab)).map(Rc::new);
                }
                p.graded = Some(graded);
            }
            progress.set(next);
        })
    };
    let set_seed = |seed: u64| {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::SetViewSetting(ViewSetting::Quiz(seed)))
        })
    };
    let graded: Vec<bool> = progress
        .iter()
        .filter_map(|p| p.graded.clone().and_then(Result::ok))
        .collect();
    let right = graded.iter().filter(|&&r| r).count();
    let all_done = !questions.is_empty() && graded.len() == questions.len();
    html! {
        <section class="quiz" aria-labelledby="quiz-title">
            <div class="card">
                <h2 id="quiz-title">{ lang.t(Msg::quiz_title(seed.to_string())) }</h2>
                { match &about {
                    QuizCluster::Lab(cluster, flags) => html! {
                        <>
                            <p class="hint muted" id="quiz-about">
                                { lang.t(Msg::quiz_hint_lab(seed.to_string(), cluster.nodes.len() as u64)) }
                            </p>
                            <p class="hint muted">{ lang.t(Msg::quiz_answer_key()) }</p>
                            <code class="quiz-command" id="quiz-command">
                                { format!("ringlab quiz --seed {seed} {flags}") }
                            </code>
                        </>
                    },
                    drawn => html! {
                        <>
                            <p class="hint muted" id="quiz-about">{ lang.t(Msg::quiz_hint(seed.to_string())) }</p>
                            if *drawn == QuizCluster::NotAskable {
                                <p class="hint muted" id="quiz-not-lab">
                                    { lang.t(Msg::quiz_not_lab(
                                        CLUSTER_ALGORITHMS.map(|a| a.id()).join(", "),
                                        MAX_CLUSTER_NODES as u64,
                                    )) }
                                </p>
                            }
                        </>
                    },
                } }
                <button type="button" id="quiz-next" onclick={set_seed(seed.wrapping_add(1).max(1))}>
                    { lang.t(Msg::quiz_next(seed.wrapping_add(1).max(1).to_string())) }
                </button>
            </div>
            <ol class="quiz-questions">
                { for questions.iter().enumerate().map(|(i, q)| {
                    let p = progress.get(i).cloned().unwrap_or_else(|| Progress::new(q));
                    let done = matches!(p.graded, Some(Ok(_)));
                    html! {
                        <li class="card quiz-question" id={format!("quiz-q{i}")}>
                            <p class="quiz-asked">{ asked(lang, q) }</p>
                            { controls(lang, q, i, &p.typed, &set, done) }
                            if !done {
                                <button type="button" class="primary" id={format!("quiz-check-{i}")} onclick={check(i)}>
                                    { lang.t(Msg::quiz_check()) }
                                </button>
                            }
                            <div aria-live="polite" id={format!("quiz-result-{i}")}>
                                { match &p.graded {
                                    Some(Ok(true)) => html! {
                                        <p class="quiz-right">{ lang.t(Msg::quiz_right(answer_text(lang, q))) }</p>
                                    },
                                    Some(Ok(false)) => html! {
                                        <p class="quiz-wrong">{ lang.t(Msg::quiz_wrong(answer_text(lang, q))) }</p>
                                    },
                                    Some(Err(why)) => html! { <p class="field-error">{ lang.text(why.as_ref()) }</p> },
                                    None => Html::default(),
                                } }
                                if let Some(steps) = p.walk.as_ref().filter(|_| done) {
                                    <ol class="steps">{ for steps.iter().map(|s| html! { <li>{ lang.text(s) }</li> }) }</ol>
                                }
                            </div>
                        </li>
                    }
                }) }
            </ol>
            <p class="card quiz-score" id="quiz-score" aria-live="polite">
                { if all_done {
                    lang.t(Msg::quiz_score(right as u64, questions.len() as u64)).to_string()
                } else {
                    lang.t(Msg::quiz_progress(graded.len() as u64, questions.len() as u64)).to_string()
                } }
            </p>
        </section>
    }
}
