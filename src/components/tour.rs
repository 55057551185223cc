//! The guided tour: one step of the seeds' story at a time, its caption, the numbers the
//! core computed for it, and its picture. Back, next, play (a timer per step, dropped to
//! stop), speed, and a menu to jump to any step; while the tour has focus the arrow keys
//! step and the space bar plays or pauses.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::Dispatch;
use crate::draw::chord;
use crate::draw::replicas;
use crate::draw::scene::{self, View};
use crate::draw::Theme;
use crate::effects::{device_pixel_ratio, use_playback};
use crate::model::chord_view::chord_view;
use crate::model::replication_view::replication_view;
use crate::model::tour::{self, Frame, Visual, STEP_COUNT};
use crate::model::{Action, Field, State};

/// Props of [`TourView`].
#[derive(Properties, PartialEq)]
pub struct TourProps {
    /// The lab's state (its `tour_step` is the step shown).
    pub state: Rc<State>,
    /// Changes the step.
    pub dispatch: Dispatch,
    /// The colours.
    pub theme: Theme,
}

/// Seconds per step at each speed.
const SPEEDS: [(u32, &str); 4] = [
    (16_000, "Slow (16 s a step)"),
    (10_000, "Normal (10 s a step)"),
    (5_000, "Fast (5 s a step)"),
    (2_000, "Very fast (2 s a step)"),
];

fn drawings(frame: &Frame, theme: Theme, progress: f64) -> Vec<(Rc<Drawing>, String, f64)> {
    let scale = device_pixel_ratio();
    let view = View {
        progress,
        scale,
        theme,
        ..View::default()
    };
    let state = &frame.state;
    let picture_label = |what: &str| {
        format!(
            "{what} of step {}: {} nodes, {} keys coloured by owner.",
            frame.step,
            state.current.nodes.len(),
            state.keys.len()
        )
    };
    let main = |state: &State| {
        let sc = scene::picture(state, &view);
        let aspect = match sc {
            scene::Scene::Ring(_) => 1.0,
            scene::Scene::Bins(_) => 0.72,
        };
        (
            Rc::new(Drawing::Scene(sc)),
            picture_label("The picture"),
            aspect,
        )
    };
    match &frame.visual {
        Visual::Picture => vec![main(state)],
        Visual::PictureAndShares => vec![
            main(state),
            (
                Rc::new(Drawing::Bars(scene::shares(state, &view))),
                format!(
                    "Each node's share of the hash space, step {}; dashed: the mean, band: ±10%.",
                    frame.step
                ),
                0.4,
            ),
        ],
        Visual::Chord(settings) => match chord_view(state, settings) {
            Ok(v) => vec![(
                Rc::new(Drawing::Chord(chord::scene(&v, None, theme, scale, true))),
                format!(
                    "Chord ring of {} nodes; the lookup of {:?} from {} takes {} hops to {}.",
                    v.members.len(),
                    v.key,
                    v.name(v.start),
                    v.hops.len(),
                    v.name(v.owner)
                ),
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
                    format!(
                        "The replicas of {:?} numbered clockwise from its position; the failed node's points are crossed out.",
                        k.key
                    ),
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

/// The tour.
#[component]
pub fn TourView(props: &TourProps) -> Html {
    let step = props.state.tour_step.clamp(1, STEP_COUNT);
    let frame = use_memo(step, |&s| tour::frame(s));
    let playing = use_state(|| false);
    let speed = use_state(|| 1usize);
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
    let playback = use_playback(change_id);

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
            let mut pictures = drawings(f, props.theme, playback.progress)
                .into_iter()
                .enumerate();
            let first = pictures.next().map(canvas);
            let rest: Vec<Html> = pictures.map(canvas).collect();
            html! {
                <div class="tour-body">
                    <div class="tour-visual">{ first.unwrap_or_default() }</div>
                    <div class="tour-text">
                        <h2 id="tour-title">{ format!("{}. {}", f.step, f.title) }</h2>
                        <p class="tour-caption" id="tour-caption">{ f.caption }</p>
                        <h3 class="tour-facts-title">{ "What the core computed" }</h3>
                        <ul class="tour-facts" id="tour-facts">
                            { for f.facts.iter().map(|x| html! { <li>{ x }</li> }) }
                        </ul>
                        <div class="tour-more">{ for rest }</div>
                    </div>
                </div>
            }
        }
        Err(e) => html! { <p class="field-error" role="alert">{ e }</p> },
    };
    let (play_label, play_icon) = if *playing {
        ("Pause the tour", "❚❚ Pause")
    } else {
        ("Play the tour", "▶ Play")
    };
    html! {
        <section class="tour card" id="tour" tabindex="0" aria-labelledby="tour-heading"
            aria-describedby="tour-keys" {onkeydown}>
            <div class="tour-bar">
                <h2 id="tour-heading" class="visually-hidden">{ "Guided tour" }</h2>
                <div class="tour-nav" role="group" aria-label="Tour controls">
                    <button type="button" id="tour-back" onclick={onback} disabled={step <= 1}
                        aria-label="Previous step">{ "← Back" }</button>
                    <button type="button" id="tour-play" onclick={onplay} aria-label={play_label}
                        aria-pressed={playing.to_string()}>{ play_icon }</button>
                    <button type="button" id="tour-next" onclick={onnext} disabled={step >= STEP_COUNT}
                        aria-label="Next step">{ "Next →" }</button>
                </div>
                <div class="tour-pickers">
                    <label for="tour-step" class="inline-label">{ "Step" }</label>
                    <select id="tour-step" onchange={onjump}>
                        { for titles.iter().enumerate().map(|(i, t)| {
                            let n = i as u32 + 1;
                            html! { <option value={n.to_string()} selected={n == step}>{ format!("{n}. {t}") }</option> }
                        }) }
                    </select>
                    <label for="tour-speed" class="inline-label">{ "Speed" }</label>
                    <select id="tour-speed" onchange={onspeed}>
                        { for SPEEDS.iter().enumerate().map(|(i, (_, name))| html! {
                            <option value={i.to_string()} selected={i == *speed}>{ *name }</option>
                        }) }
                    </select>
                </div>
                <p class="tour-progress muted" id="tour-progress" aria-live="polite">
                    { format!("Step {step} of {STEP_COUNT}") }
                </p>
            </div>
            if let Some(e) = error {
                <p class="field-error" role="alert" id="tour-step-error">{ &e.message }</p>
            }
            <progress class="tour-meter" max={STEP_COUNT.to_string()} value={step.to_string()}
                aria-label="Progress through the tour"></progress>
            { body }
            <p class="hint muted" id="tour-keys">
                { "While the tour has focus: ← and → step back and forward, Home and End go to the first and last step, the space bar plays or pauses." }
            </p>
        </section>
    }
}
