//! The guided tour: one step of the seeds' story at a time, its caption, the numbers the
//! core computed for it, and its picture. Back, next, play (a timer per step, dropped to
//! stop), speed, and a menu to jump to any step; while the tour has focus the arrow keys
//! step and the space bar plays or pauses. A question step asks first what share of the
//! keys will move: the student sets a slider and checks the guess, and only then do the
//! numbers that give the answer away appear (Next works without answering).

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::slider;
use super::{use_lang, Dispatch};
use crate::draw::chord;
use crate::draw::replicas;
use crate::draw::scene::{self, View};
use crate::draw::Theme;
use crate::effects::{device_pixel_ratio, use_playback};
use crate::i18n::{num, Lang, Msg, Ui};
use crate::model::chord_view::chord_view;
use crate::model::replication_view::replication_view;
use crate::model::tour::{self, Frame, Visual, STEP_COUNT};
use crate::model::{Action, Field, State};

/// Props of [`TourView`].
#[derive(Properties, PartialEq)]
pub(crate) struct TourProps {
    /// The lab's state (its `tour_step` is the step shown).
    pub(crate) state: Rc<State>,
    /// Changes the step.
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

/// Where the guess's slider starts, in percent.
const GUESS_START: u32 = 50;

/// The student's guess on a question step: the step it is for (another step starts
/// afresh), the slider's value in percent, and the guess checked, once it is.
#[derive(Clone, Copy, PartialEq)]
struct Guess {
    step: u32,
    value: u32,
    checked: Option<u32>,
}

/// Seconds per step at each speed.
const SPEEDS: [(u32, Ui); 4] = [
    (16_000, Ui::TourSlow),
    (10_000, Ui::TourNormal),
    (5_000, Ui::TourFast),
    (2_000, Ui::TourVeryFast),
];

/// The step's pictures; with `before_change`, of the state before the step's change (a
/// question step's picture until the guess is checked, which would show what moved).
fn drawings(
    frame: &Frame,
    lang: Lang,
    theme: Theme,
    progress: f64,
    before_change: bool,
) -> Vec<(Rc<Drawing>, String, f64)> {
    let scale = device_pixel_ratio();
    let view = View {
        progress,
        scale,
        theme,
        ..View::default()
    };
    let state = match (&frame.state.change, before_change) {
        (Some(change), true) => change.prior.as_ref(),
        _ => &frame.state,
    };
    let picture_label = || {
        lang.t(Msg::TourPicture {
            step: frame.step,
            nodes: state.current.nodes.len(),
            keys: state.keys.len(),
        })
    };
    let main = |state: &State| {
        let sc = scene::picture(state, &view);
        let aspect = match sc {
            scene::Scene::Ring(_) => 1.0,
            scene::Scene::Bins(_) => 0.72,
        };
        (Rc::new(Drawing::Scene(sc)), picture_label(), aspect)
    };
    match &frame.visual {
        Visual::Picture => vec![main(state)],
        Visual::PictureAndShares => vec![
            main(state),
            (
                Rc::new(Drawing::Bars(scene::shares(state, &view))),
                lang.t(Msg::TourShares { step: frame.step }),
                0.4,
            ),
        ],
        Visual::Chord(settings) => match chord_view(state, settings) {
            Ok(v) => vec![(
                Rc::new(Drawing::Chord(chord::scene(
                    &v, None, lang, theme, scale, true,
                ))),
                lang.t(Msg::TourChord {
                    nodes: v.members.len(),
                    key: v.key.clone(),
                    start: v.name(v.start),
                    hops: v.hops.len(),
                    owner: v.name(v.owner),
                }),
                1.0,
            )],
            Err(_) => vec![main(state)],
        },
        Visual::Replication(settings) => match replication_view(state, settings) {
            Ok(v) => match v.typed {
                Some(k) => vec![(
                    Rc::new(Drawing::Replicas(replicas::scene(
                        state,
                        &k,
                        settings.down,
                        &view,
                    ))),
                    lang.t(Msg::TourReplicas { key: k.key.clone() }),
                    1.0,
                )],
                None => vec![main(state)],
            },
            Err(_) => vec![main(state)],
        },
    }
}

/// Whether a key press on `target` belongs to that control rather than to the tour.
fn control_owns(target: Option<web_sys::EventTarget>, key: &str) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    match el.tag_name().to_ascii_lowercase().as_str() {
        "select" | "input" | "textarea" => true,
        // A button presses itself on space and enter.
        "button" => key == " " || key == "Enter",
        _ => false,
    }
}

/// The picture's colours: a swatch and the name of each node, names cut where they differ.
fn colour_key(state: &State, lang: Lang) -> Html {
    let shared =
        crate::model::display::shared_head(&mut state.nodes.iter().map(|n| n.name.as_str()));
    html! {
        <ul class="tour-key" id="tour-key" aria-label={lang.ui(Ui::TourColourKey)}>
            { for state.nodes.iter().map(|n| html! {
                <li>
                    <span class={classes!("swatch", crate::model::palette::css_class(n.colour()), n.shape().css_class())} aria-hidden="true"></span>
                    { super::node_name(&n.name, 16, shared) }
                </li>
            }) }
        </ul>
    }
}

/// The tour's end: the five articles it follows, by author, title and date, and the papers
/// behind them.
fn reading_list(lang: Lang) -> Html {
    let articles = [
        Ui::ReadZouyq,
        Ui::ReadNotes,
        Ui::ReadBlog,
        Ui::ReadPan,
        Ui::ReadGoZero,
    ];
    let papers = [
        Ui::ReadKarger,
        Ui::ReadChord,
        Ui::ReadDynamo,
        Ui::ReadJump,
        Ui::ReadMultiProbe,
        Ui::ReadMaglev,
        Ui::ReadBounded,
        Ui::ReadAnchor,
        Ui::ReadDx,
        Ui::ReadMemento,
        Ui::ReadPower,
        Ui::ReadFlip,
        Ui::ReadJumpBack,
        Ui::ReadBinomial,
    ];
    let list = |items: &[Ui]| {
        html! {
            <ul>{ for items.iter().map(|&k| html! { <li>{ lang.ui(k) }</li> }) }</ul>
        }
    };
    html! {
        <section class="tour-reading" id="tour-reading" aria-labelledby="tour-reading-title">
            <h3 id="tour-reading-title">{ lang.ui(Ui::ReadingListTitle) }</h3>
            <h4>{ lang.ui(Ui::ReadingArticles) }</h4>
            { list(&articles) }
            <h4>{ lang.ui(Ui::ReadingPapers) }</h4>
            { list(&papers) }
        </section>
    }
}

/// The tour.
#[component]
pub(crate) fn TourView(props: &TourProps) -> Html {
    let lang = use_lang();
    let step = props.state.tour_step.clamp(1, STEP_COUNT);
    let frame = use_memo(step, |&s| tour::frame(s));
    let playing = use_state(bool::default);
    let speed = use_state(|| 1usize);
    let guess = use_state(|| Guess {
        step,
        value: GUESS_START,
        checked: None,
    });
    let here = match *guess {
        g if g.step == step => g,
        _ => Guess {
            step,
            value: GUESS_START,
            checked: None,
        },
    };
    let dispatch = props.dispatch.clone();

    // Playing: one timer per step, kept in the effect and dropped when the step, the
    // speed or playing changes (or the tour goes away), which stops it.
    {
        let (dispatch, playing_handle) = (dispatch.clone(), playing.clone());
        use_effect_with((*playing, *speed, step), move |&(playing, speed, step)| {
            let mut timer = None;
            if playing {
                if step < STEP_COUNT {
                    let ms = SPEEDS.get(speed).map_or(10_000, |s| s.0);
                    timer = Some(Timeout::new(ms, move || {
                        dispatch.dispatch(Action::SetTourStep(step + 1))
                    }));
                } else {
                    playing_handle.set(false);
                }
            }
            move || drop(timer)
        });
    }

    // The step's change (a node added, failed, reweighted) plays as in the lab; each step
    // has its own id, so arriving at a step plays its change from the start.
    let change_id = match frame.as_ref() {
        Ok(f) => f
            .state
            .change
            .as_deref()
            .filter(|c| c.animatable(&f.state.current))
            .map_or(0, |c| u64::from(step) << 32 | (c.serial & 0xffff_ffff)),
        Err(_) => 0,
    };
    let playback = use_playback(change_id, None);

    let go = {
        let dispatch = dispatch.clone();
        move |to: u32| {
            if (1..=STEP_COUNT).contains(&to) {
                dispatch.dispatch(Action::SetTourStep(to));
            }
        }
    };
    let toggle = {
        let playing = playing.clone();
        let go = go.clone();
        move || {
            if !*playing && step == STEP_COUNT {
                // Playing from the end starts again at the beginning.
                go(1);
            }
            playing.set(!*playing);
        }
    };
    let onback = {
        let go = go.clone();
        Callback::from(move |_: MouseEvent| go(step.saturating_sub(1)))
    };
    let onnext = {
        let go = go.clone();
        Callback::from(move |_: MouseEvent| go(step + 1))
    };
    let onplay = {
        let toggle = toggle.clone();
        Callback::from(move |_: MouseEvent| toggle())
    };
    let onjump = {
        let go = go.clone();
        Callback::from(move |e: Event| {
            if let Ok(to) = super::value_of(&e).parse::<u32>() {
                go(to);
            }
        })
    };
    let onspeed = {
        let speed = speed.clone();
        Callback::from(move |e: Event| {
            if let Ok(i) = super::value_of(&e).parse::<usize>() {
                if i < SPEEDS.len() {
                    speed.set(i);
                }
            }
        })
    };
    let onkeydown = {
        let go = go.clone();
        let toggle = toggle.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if control_owns(e.target(), &key) {
                return;
            }
            match key.as_str() {
                "ArrowRight" => go(step + 1),
                "ArrowLeft" => go(step.saturating_sub(1)),
                "Home" => go(1),
                "End" => go(STEP_COUNT),
                " " | "Spacebar" => toggle(),
                _ => return,
            }
            e.prevent_default();
        })
    };

    let set_guess = {
        let guess = guess.clone();
        Callback::from(move |text: String| {
            if let Ok(v) = text.parse::<u32>() {
                guess.set(Guess {
                    value: v.min(100),
                    ..here
                });
            }
        })
    };
    let oninput = {
        let set = set_guess.clone();
        Callback::from(move |e: InputEvent| set.emit(super::value_of(&e)))
    };
    let onchange = Callback::from(move |e: Event| set_guess.emit(super::value_of(&e)));
    let oncheck = {
        let guess = guess.clone();
        Callback::from(move |_: MouseEvent| {
            guess.set(Guess {
                checked: Some(here.value),
                ..here
            })
        })
    };

    let error = props
        .state
        .error
        .as_ref()
        .filter(|e| e.field == Field::TourStep);
    let titles = tour::titles();
    let body = match frame.as_ref() {
        Ok(f) => {
            let canvas = |(i, (d, label, aspect)): (usize, (Rc<Drawing>, String, f64))| {
                html! {
                    <DrawingCanvas id={format!("tour-canvas-{i}")} {label} drawing={d} {aspect} />
                }
            };
            // The main picture on the left; a second one (the shares) under the numbers.
            let asking = f.question.is_some() && here.checked.is_none();
            let mut pictures = drawings(f, lang, props.theme, playback.progress, asking)
                .into_iter()
                .enumerate();
            let first = pictures.next().map(canvas);
            let rest: Vec<Html> = pictures.map(canvas).collect();
            let checked = here.checked.is_some();
            let shown_state = match (&f.state.change, asking) {
                (Some(change), true) => change.prior.as_ref(),
                _ => &f.state,
            };
            let key = colour_key(shown_state, lang);
            // The question, before the numbers; its answer in a live region that is there
            // from the start, so that a screen reader reads it when it appears.
            let question = f.question.as_ref().map(|q| {
                let shown = num::pct(f64::from(here.value) / 100.0, 0);
                let answer = here.checked.map(|g| lang.t(q.check(g)));
                html! {
                    <div class="tour-question" role="group" aria-labelledby="tour-question">
                        <p class="tour-question-text" id="tour-question">{ lang.t(q.ask()) }</p>
                        { slider("tour-guess", lang.ui(Ui::TourGuessLabel), shown,
                            (0, 100, 1, here.value), false, (oninput, onchange)) }
                        <button type="button" id="tour-check" onclick={oncheck}>{ lang.ui(Ui::TourCheck) }</button>
                        <p class="tour-answer" id="tour-answer" role="status" aria-live="polite">
                            { answer.unwrap_or_default() }
                        </p>
                    </div>
                }
            });
            html! {
                <div class="tour-body">
                    <div class="tour-visual">{ first.unwrap_or_default() }{ key }</div>
                    <div class="tour-text">
                        <h2 id="tour-title">{ format!("{}. {}", f.step, lang.text(&f.title)) }</h2>
                        <p class="tour-caption" id="tour-caption">{ lang.text(&f.caption) }</p>
                        { question.unwrap_or_default() }
                        if f.facts.iter().any(|x| checked || !f.gives_away(x)) {
                            <h3 class="tour-facts-title">{ lang.ui(Ui::TourComputed) }</h3>
                        }
                        <ul class="tour-facts" id="tour-facts">
                            // What moved stays hidden until the guess is checked.
                            { for f.facts.iter().map(|x| html! {
                                <li hidden={!checked && f.gives_away(x)}>{ lang.text(x) }</li>
                            }) }
                        </ul>
                        <div class="tour-more">{ for rest }</div>
                        if f.step == STEP_COUNT {
                            { reading_list(lang) }
                        }
                    </div>
                </div>
            }
        }
        Err(e) => html! { <p class="field-error" role="alert">{ lang.text(e) }</p> },
    };
    let (play_label, play_icon) = if *playing {
        (lang.ui(Ui::TourPauseLabel), lang.ui(Ui::TourPauseButton))
    } else {
        (lang.ui(Ui::TourPlayLabel), lang.ui(Ui::TourPlayButton))
    };
    html! {
        <section class="tour card" id="tour" tabindex="0" aria-labelledby="tour-heading"
            aria-describedby="tour-keys" {onkeydown}>
            <div class="tour-bar">
                <h2 id="tour-heading" class="visually-hidden">{ lang.ui(Ui::TourHeading) }</h2>
                <div class="tour-nav" role="group" aria-label={lang.ui(Ui::TourControls)}>
                    <button type="button" id="tour-back" onclick={onback} disabled={step <= 1}
                        title={lang.ui(Ui::TourBackLabel)}><span aria-hidden="true">{ "← " }</span>{ lang.ui(Ui::TourBack) }</button>
                    <button type="button" id="tour-play" onclick={onplay} aria-label={play_label}
                        aria-pressed={playing.to_string()}>{ play_icon }</button>
                    <button type="button" id="tour-next" onclick={onnext} disabled={step >= STEP_COUNT}
                        aria-label={lang.ui(Ui::TourNextLabel)}>{ lang.ui(Ui::TourNext) }</button>
                </div>
                <div class="tour-pickers">
                    <label for="tour-step" class="inline-label">{ lang.ui(Ui::Step) }</label>
                    <select id="tour-step" onchange={onjump}>
                        { for titles.iter().enumerate().map(|(i, t)| {
                            let n = i as u32 + 1;
                            html! { <option value={n.to_string()} selected={n == step}>{ format!("{n}. {}", lang.text(t)) }</option> }
                        }) }
                    </select>
                    <label for="tour-speed" class="inline-label">{ lang.ui(Ui::Speed) }</label>
                    <select id="tour-speed" onchange={onspeed}>
                        { for SPEEDS.iter().enumerate().map(|(i, (_, name))| html! {
                            <option value={i.to_string()} selected={i == *speed}>{ lang.ui(*name) }</option>
                        }) }
                    </select>
                </div>
                <p class="tour-progress muted" id="tour-progress" aria-live="polite">
                    { lang.t(Msg::TourProgress { step, count: STEP_COUNT }) }
                </p>
            </div>
            if let Some(e) = error {
                <p class="field-error" role="alert" id="tour-step-error">{ lang.text(&e.message) }</p>
            }
            <progress class="tour-meter" max={STEP_COUNT.to_string()} value={step.to_string()}
                aria-label={lang.ui(Ui::TourMeter)}></progress>
            { body }
            <p class="hint muted" id="tour-keys">
                { lang.ui(Ui::TourKeys) }
            </p>
        </section>
    }
}
