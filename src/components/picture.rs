//! The main picture: the ring (or the bins of the algorithms that are not rings) on a
//! canvas, with what is under the pointer in words below it. The canvas takes focus; the
//! arrow keys step through points (or bins) and keys, as the pointer does.

use std::rc::Rc;

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use ring_core::Picture;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

use super::use_lang;
use crate::draw::bins::{self, BinsDots};
use crate::draw::canvas::fill_layer;
use crate::draw::dots::DotLayer;
use crate::draw::ring::{self, RingDots};
use crate::draw::scene::{self, Scene, View};
use crate::draw::scene_types::BinsHit;
use crate::draw::scene_types::{RingHit, RingScene};
use crate::draw::{ease, Theme};
use crate::effects::job::{draw_in_a_frame_of_its_own, timed_draw, PutOff};
use crate::effects::{context_2d, device_pixel_ratio, draw_on_canvas, use_box_width, BoxWidth};
use crate::i18n::{Msg, Ui};
use crate::model::State;

/// Props of [`PictureCanvas`].
#[derive(Properties, PartialEq)]
pub(crate) struct PictureProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// The colours.
    pub(crate) theme: Theme,
    /// How far the last change's animation has run.
    pub(crate) progress: f64,
}

/// What the pointer or the arrow keys picked.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Hover {
    Ring(RingHit),
    Bins(BinsHit),
}

fn is_ring(state: &State) -> bool {
    matches!(state.current.picture, Picture::Ring { .. })
}

/// The canvas height for a width: rings are square, bins a little wider than tall.
fn height_for(state: &State, width: f64) -> f64 {
    if is_ring(state) {
        width
    } else {
        (width * 0.72).max(280.0)
    }
}

fn view(state: &State, theme: Theme, progress: f64, hover: Option<Hover>) -> View {
    let _ = state;
    View {
        progress,
        ring_hover: match hover {
            Some(Hover::Ring(h)) => Some(h),
            _ => None,
        },
        bins_hover: match hover {
            Some(Hover::Bins(h)) => Some(h),
            _ => None,
        },
        scale: device_pixel_ratio(),
        theme,
        text: true,
    }
}

/// What the frames of one picture share: the scene (its progress aside) and its keys grouped
/// and placed, made again only when the state, the theme, the pointer or the size change; and
/// the dot layer and colour string every frame reuses. So a frame of the animation builds
/// nothing per key: it fades a few colours, moves the travellers and fills one path per
/// colour. A ring's frames in motion also share what does not move: the scale, arcs,
/// points and keys with the moved keys in their old colours in one offscreen canvas, the
/// moved keys in their new colours in another; a frame copies the first and fades the second
/// in over it, then draws only the travellers. A ring at rest is drawn straight onto the
/// page: making and copying the two layers for a single frame cost 3 to 5 ms of the frame
/// where Envoy's largest ring, rebuilt, is first drawn. A frame the canvas already shows
/// (the same frames at the same progress: a state that only gains or loses a job) is not
/// drawn again: on Envoy's largest ring, that copy was 5 ms of a join's first frame.
struct Frames {
    key: FramesKey,
    scene: Scene,
    dots: Dots,
    layer: DotLayer,
    colour: String,
    ring: Option<RingLayers>,
    /// The progress last drawn.
    drawn_at: Option<f64>,
}

/// The two offscreen canvases of a ring's frames.
struct RingLayers {
    under: HtmlCanvasElement,
    moved: HtmlCanvasElement,
}

enum Dots {
    Ring(RingDots),
    Bins(BinsDots),
}

/// What of a state a scene is made from (`scene::picture` reads no other part of it): the
/// snapshot, the change, the keys and their sample (by address: each is an `Rc` that a new
/// value replaces) and the key explained. Not the state's version: a state that only gains
/// a job under way (Envoy's ring of 8,388,608 entries being built again) shows the same
/// picture, which took 25 ms to make again.
#[derive(Clone, PartialEq)]
struct SceneInputs {
    current: usize,
    change: usize,
    keys: usize,
    sample: usize,
    explain_key: String,
}

impl SceneInputs {
    fn of(state: &State) -> SceneInputs {
        SceneInputs {
            current: Rc::as_ptr(&state.current) as usize,
            change: state.change.as_ref().map_or(0, |c| Rc::as_ptr(c) as usize),
            keys: Rc::as_ptr(&state.keys.keys) as usize,
            sample: Rc::as_ptr(&state.keys.sample) as usize,
            explain_key: state.explain_key.clone(),
        }
    }
}

/// What a picture's frames are made from.
#[derive(Clone, PartialEq)]
struct FramesKey {
    scene: SceneInputs,
    theme: Theme,
    hover: Option<Hover>,
    width: u32,
    height: u32,
    scale: f64,
}

impl Frames {
    fn new(state: &State, key: FramesKey) -> Frames {
        let scene = scene::picture(state, &view(state, key.theme, 1.0, key.hover));
        let dots = match &scene {
            Scene::Ring(r) => Dots::Ring(RingDots::new(r, key.width, key.height)),
            Scene::Bins(b) => Dots::Bins(BinsDots::new(b, key.width, key.height)),
        };
        Frames {
            key,
            scene,
            dots,
            layer: DotLayer::default(),
            colour: String::new(),
            ring: None,
            drawn_at: None,
        }
    }
}

/// A `width × height` canvas outside the page.
fn offscreen((width, height): (u32, u32)) -> Option<(HtmlCanvasElement, CanvasRenderingContext2d)> {
    let canvas = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into::<HtmlCanvasElement>()
        .ok()?;
    canvas.set_width(width);
    canvas.set_height(height);
    let ctx = context_2d(&canvas)?;
    Some((canvas, ctx))
}

/// A ring's offscreen canvases: under, [`ring::draw_ring_under`], the keys that stay and the
/// moved keys in their old colours; moved, on nothing, the moved keys in their new colours.
fn ring_layers(
    scene: &RingScene,
    dots: &RingDots,
    size: (u32, u32),
    layer: &mut DotLayer,
    colour: &mut String,
) -> Option<RingLayers> {
    let (under, ctx) = offscreen(size)?;
    let area = CanvasBackend::with_canvas_object(under.clone())?.into_drawing_area();
    let mut fill = |l: &DotLayer| fill_layer(&ctx, l, colour);
    ring::draw_ring_under(&area, scene, layer, &mut fill).ok()?;
    dots.still(layer);
    fill_layer(&ctx, layer, colour).ok()?;
    dots.moved(false, layer);
    fill_layer(&ctx, layer, colour).ok()?;
    let (moved, ctx) = offscreen(size)?;
    dots.moved(true, layer);
    fill_layer(&ctx, layer, colour).ok()?;
    Some(RingLayers { under, moved })
}

/// Draws `state` at `progress` on `canvas`, as wide as `box_width`, reusing `frames` when it
/// was made for the same picture.
fn draw_frame(
    canvas: &HtmlCanvasElement,
    box_width: BoxWidth,
    frames: &mut Option<Frames>,
    state: &State,
    theme: Theme,
    progress: f64,
    hover: Option<Hover>,
) {
    let Some(ctx) = context_2d(canvas) else {
        return;
    };
    let width = box_width.of(canvas).max(240.0);
    let height = height_for(state, width);
    draw_on_canvas(canvas, width, height, |area, scale| {
        let (w, h) = area.dim_in_pixel();
        let key = FramesKey {
            scene: SceneInputs::of(state),
            theme,
            hover,
            width: w,
            height: h,
            scale,
        };
        if frames.as_ref().is_none_or(|f| f.key != key) {
            *frames = Some(Frames::new(state, key));
        }
        let Some(f) = frames.as_mut().filter(|f| f.drawn_at != Some(progress)) else {
            return Ok(());
        };
        f.drawn_at = Some(progress);
        let (layer, colour) = (&mut f.layer, &mut f.colour);
        match (&mut f.scene, &f.dots) {
            (Scene::Ring(r), Dots::Ring(d)) => {
                r.progress = progress;
                let t = ease(progress);
                if t < 1.0 && f.ring.is_none() {
                    f.ring = ring_layers(r, d, (w, h), layer, colour);
                }
                let Some(ring_layers) = f.ring.as_ref().filter(|_| t < 1.0) else {
                    // At rest, drawn straight onto the page, whether or not an animation
                    // led here (so a replay ends on the picture it started from).
                    let mut fill = |l: &DotLayer| fill_layer(&ctx, l, colour);
                    return ring::draw_ring_with(area, r, d, layer, &mut fill);
                };
                let js = |e: wasm_bindgen::JsValue| format!("{e:?}");
                ctx.draw_image_with_html_canvas_element(&ring_layers.under, 0.0, 0.0)
                    .map_err(js)?;
                // The moved keys fade to their new colours: the same as mixing each dot's
                // two colours by ease(progress), as the native drawing does.
                if t > 0.0 {
                    ctx.set_global_alpha(t);
                    let drawn =
                        ctx.draw_image_with_html_canvas_element(&ring_layers.moved, 0.0, 0.0);
                    ctx.set_global_alpha(1.0);
                    drawn.map_err(js)?;
                }
                d.travellers(progress, theme, layer);
                fill_layer(&ctx, layer, colour)?;
                ring::draw_ring_over(area, r)?;
                area.present().map_err(|e| format!("{e:?}"))
            }
            (Scene::Bins(b), Dots::Bins(d)) => {
                b.progress = progress;
                let mut fill = |l: &DotLayer| fill_layer(&ctx, l, colour);
                bins::draw_bins_with(area, b, d, layer, &mut fill)
            }
            _ => Ok(()),
        }
    });
}

/// Steps `current` by `delta` through `0..count`, wrapping.
fn step(current: Option<usize>, delta: isize, count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let n = count as isize;
    let next = match current {
        Some(i) => (i as isize + delta).rem_euclid(n),
        None if delta >= 0 => 0,
        None => n - 1,
    };
    Some(next as usize)
}

/// The picture.
#[component]
pub(crate) fn PictureCanvas(props: &PictureProps) -> Html {
    let lang = use_lang();
    let canvas = use_node_ref();
    let hover = use_state(Option::<Hover>::default);
    let box_width = use_box_width(&canvas);
    let state = props.state.clone();

    {
        // A new state can have fewer points or keys: forget what was picked.
        let hover = hover.clone();
        use_effect_with(Rc::as_ptr(&state.current) as usize, move |_| {
            hover.set(None)
        });
    }
    let frames = use_mut_ref(|| None::<Frames>);
    let put_off: PutOff = use_mut_ref(|| None);
    {
        let (canvas, frames) = (canvas.clone(), frames.clone());
        use_effect_with(
            (
                state.clone(),
                props.theme,
                props.progress,
                *hover,
                box_width,
            ),
            move |(state, theme, progress, hover, box_width)| {
                let (state, theme, progress, hover, box_width) =
                    (state.clone(), *theme, *progress, *hover, *box_width);
                draw_in_a_frame_of_its_own(
                    &put_off,
                    1,
                    Box::new(move || {
                        let Some(c) = canvas.cast::<HtmlCanvasElement>() else {
                            return;
                        };
                        let mut frames = frames.borrow_mut();
                        timed_draw(|| {
                            draw_frame(&c, box_width, &mut frames, &state, theme, progress, hover);
                        });
                        crate::perf::first_ring_drawn();
                    }),
                );
            },
        );
    }

    let pick = {
        let (canvas, hover, state, theme) =
            (canvas.clone(), hover.clone(), state.clone(), props.theme);
        let frames = frames.clone();
        move |x: f64, y: f64| {
            let Some(c) = canvas.cast::<HtmlCanvasElement>() else {
                return;
            };
            let css_w = f64::from(c.client_width()).max(1.0);
            let k = f64::from(c.width()) / css_w;
            let (w, h, x, y) = (c.width(), c.height(), x * k, y * k);
            let hit_in = |scene: &Scene| match scene {
                Scene::Ring(r) => ring::hit_test(r, w, h, x, y).map(Hover::Ring),
                Scene::Bins(b) => bins::hit_test(b, w, h, x, y).map(Hover::Bins),
            };
            // The scene the canvas shows, when it is this state's (hit testing reads
            // neither the pointer nor the animation's progress).
            let drawn = frames.borrow().as_ref().and_then(|f| {
                (f.key.scene == SceneInputs::of(&state) && f.key.width == w)
                    .then(|| hit_in(&f.scene))
            });
            let hit = match drawn {
                Some(hit) => hit,
                None => hit_in(&scene::picture(&state, &view(&state, theme, 1.0, None))),
            };
            if *hover != hit {
                hover.set(hit);
            }
        }
    };
    let onpointermove = {
        let pick = pick.clone();
        Callback::from(move |e: PointerEvent| {
            pick(f64::from(e.offset_x()), f64::from(e.offset_y()))
        })
    };
    let onpointerdown = Callback::from(move |e: PointerEvent| {
        pick(f64::from(e.offset_x()), f64::from(e.offset_y()))
    });
    let onpointerleave = {
        let hover = hover.clone();
        Callback::from(move |e: PointerEvent| {
            // A tap leaves its answer showing; a mouse leaving clears it.
            if e.pointer_type() == "mouse" {
                hover.set(None);
            }
        })
    };
    let onkeydown = {
        let (hover, state) = (hover.clone(), state.clone());
        Callback::from(move |e: KeyboardEvent| {
            let ring = is_ring(&state);
            let points = state.current.picture.ring_points().len();
            let columns = state.current.nodes.len();
            let keys = state.keys.sample.len();
            let next = match (e.key().as_str(), *hover) {
                ("ArrowRight" | "ArrowLeft", h) => {
                    let d = if e.key() == "ArrowRight" { 1 } else { -1 };
                    if ring {
                        let cur = match h {
                            Some(Hover::Ring(RingHit::Point(i))) => Some(i),
                            _ => None,
                        };
                        step(cur, d, points).map(|i| Hover::Ring(RingHit::Point(i)))
                    } else {
                        let cur = match h {
                            Some(Hover::Bins(BinsHit::Column(i))) => Some(i),
                            _ => None,
                        };
                        step(cur, d, columns).map(|i| Hover::Bins(BinsHit::Column(i)))
                    }
                }
                ("ArrowUp" | "ArrowDown", h) => {
                    let d = if e.key() == "ArrowDown" { 1 } else { -1 };
                    let cur = match h {
                        Some(Hover::Ring(RingHit::Key(i)) | Hover::Bins(BinsHit::Dot(i))) => {
                            Some(i)
                        }
                        _ => None,
                    };
                    step(cur, d, keys).map(|i| {
                        if ring {
                            Hover::Ring(RingHit::Key(i))
                        } else {
                            Hover::Bins(BinsHit::Dot(i))
                        }
                    })
                }
                ("Escape", _) => None,
                _ => return,
            };
            e.prevent_default();
            hover.set(next);
        })
    };

    let words = match *hover {
        Some(Hover::Ring(h)) => scene::ring_hit_words(&state, h),
        Some(Hover::Bins(h)) => scene::bins_hit_words(&state, h),
        None => None,
    };
    let caption = scene::picture_caption(&state);
    // Worded before the label takes the sentence.
    let caption_text = lang.text(&caption);
    let label = lang.t(Msg::PictureLabel {
        caption: Box::new(caption),
        ring: is_ring(&state),
    });
    // What the canvas shows, from the model, for tests and benchmarks to read: the keys
    // drawn as dots, and how many of them the last change moves (0 without an animation).
    let drawn = state.keys.sample.len().to_string();
    let moving = state
        .change
        .as_deref()
        .filter(|c| c.animatable(&state.current))
        .map_or(0, |c| c.moves.len())
        .to_string();
    let hint = lang.ui(if is_ring(&state) {
        Ui::HintRing
    } else {
        Ui::HintBins
    });
    html! {
        <figure class="picture">
            <figcaption class="picture-caption" id="picture-caption">{ caption_text }</figcaption>
            <div class={classes!("canvas-box", if is_ring(&state) { "square" } else { "wide" })}>
                <canvas id="ring-canvas" ref={canvas} tabindex="0" role="img" data-drawn={drawn} data-moving={moving}
                    aria-label={label} aria-describedby="hover-info"
                    {onpointermove} {onpointerdown} {onpointerleave} {onkeydown}></canvas>
            </div>
            <p class="hover-info" id="hover-info" aria-live="polite">{ words.map_or_else(|| hint.to_string(), |w| lang.t(w)) }</p>
        </figure>
    }
}
