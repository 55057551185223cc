//! The main picture: the ring (or the bins of the algorithms that are not rings) on a
//! canvas, with what is under the pointer in words below it. The canvas takes focus; the
//! arrow keys step through points (or bins) and keys, as the pointer does.

use std::rc::Rc;

use ring_core::Picture;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::use_lang;
use crate::draw::bins::{self, BinsHit};
use crate::draw::ring::{self, RingHit};
use crate::draw::scene::{self, Scene, View};
use crate::draw::{draw_bins, draw_ring, Theme};
use crate::effects::{device_pixel_ratio, draw_on_canvas, parent_width, use_resize_counter};
use crate::i18n::{Msg, Ui};
use crate::model::State;

/// Props of [`PictureCanvas`].
#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// The state.
    pub state: Rc<State>,
    /// The colours.
    pub theme: Theme,
    /// How far the last change's animation has run.
    pub progress: f64,
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
pub fn PictureCanvas(props: &PictureProps) -> Html {
    let lang = use_lang();
    let canvas = use_node_ref();
    let hover = use_state(|| None::<Hover>);
    let resized = use_resize_counter();
    let state = props.state.clone();

    {
        // A new state can have fewer points or keys: forget what was picked.
        let hover = hover.clone();
        use_effect_with(Rc::as_ptr(&state.current) as usize, move |_| {
            hover.set(None)
        });
    }
    {
        let canvas = canvas.clone();
        use_effect_with(
            (state.clone(), props.theme, props.progress, *hover, resized),
            move |(state, theme, progress, hover, _)| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    let width = parent_width(&c).max(240.0);
                    let height = height_for(state, width);
                    draw_on_canvas(&c, width, height, |area, _| {
                        match scene::picture(state, &view(state, *theme, *progress, *hover)) {
                            Scene::Ring(r) => draw_ring(area, &r),
                            Scene::Bins(b) => draw_bins(area, &b),
                        }
                    });
                }
            },
        );
    }

    let pick = {
        let (canvas, hover, state, theme) =
            (canvas.clone(), hover.clone(), state.clone(), props.theme);
        move |x: f64, y: f64| {
            let Some(c) = canvas.cast::<HtmlCanvasElement>() else {
                return;
            };
            let css_w = f64::from(c.client_width()).max(1.0);
            let k = f64::from(c.width()) / css_w;
            let v = view(&state, theme, 1.0, None);
            let hit = match scene::picture(&state, &v) {
                Scene::Ring(r) => {
                    ring::hit_test(&r, c.width(), c.height(), x * k, y * k).map(Hover::Ring)
                }
                Scene::Bins(b) => {
                    bins::hit_test(&b, c.width(), c.height(), x * k, y * k).map(Hover::Bins)
                }
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
    let snap = &state.current;
    let config = &snap.config;
    let hash = config.effective_hash();
    let kind = state.kind;
    let caption = match &snap.picture {
        Picture::Ring { points, space_bits } => Msg::PictureRing {
            kind,
            points: points.len(),
            bits: *space_bits,
            hash,
        },
        Picture::Buckets { count } => Msg::PictureBuckets {
            kind,
            count: *count,
            hash,
        },
        Picture::Table { entries } => Msg::PictureTable {
            kind,
            entries: entries.len(),
            hash,
        },
        Picture::Scores { .. } => Msg::PictureScores {
            kind,
            key: scene::score_key(&state).unwrap_or_default(),
            hash,
        },
    };
    let label = lang.t(Msg::PictureLabel {
        caption: Box::new(caption.clone()),
        ring: is_ring(&state),
    });
    let caption = lang.t(caption);
    let hint = lang.ui(if is_ring(&state) {
        Ui::HintRing
    } else {
        Ui::HintBins
    });
    html! {
        <figure class="picture">
            <figcaption class="picture-caption" id="picture-caption">{ caption }</figcaption>
            <div class={classes!("canvas-box", if is_ring(&state) { "square" } else { "wide" })}>
                <canvas id="ring-canvas" ref={canvas} tabindex="0" role="img"
                    aria-label={label} aria-describedby="hover-info"
                    {onpointermove} {onpointerdown} {onpointerleave} {onkeydown}></canvas>
            </div>
            <p class="hover-info" id="hover-info" aria-live="polite">{ words.map_or_else(|| hint.to_string(), |w| lang.t(w)) }</p>
        </figure>
    }
}
