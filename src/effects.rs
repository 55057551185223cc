//! Effects: everything that touches time or the browser outside the DOM Yew renders —
//! animation frames, media queries, window resizes, drawing on canvases. None of this runs
//! inside the reducer.

pub(crate) mod job;
pub(crate) mod scheduler;

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, MediaQueryList};
use yew::prelude::*;

/// How long a change's keys take to travel at speed 1, in milliseconds.
pub(crate) const TRAVEL_MS: f64 = 1_100.0;

fn media_query(query: &str) -> Option<MediaQueryList> {
    web_sys::window()?.match_media(query).ok().flatten()
}

/// Whether a CSS media query matches, updated when it changes (for example the system
/// switching to dark mode).
#[hook]
pub(crate) fn use_media_query(query: &'static str) -> bool {
    let matches = use_state(|| media_query(query).is_some_and(|m| m.matches()));
    {
        let matches = matches.clone();
        use_effect_with(query, move |query| {
            let listener = media_query(query).map(|list| {
                let target = list.clone();
                EventListener::new(&target, "change", move |_| matches.set(list.matches()))
            });
            move || drop(listener)
        });
    }
    *matches
}

/// Keeps the `<select>` `select` refers to showing `value`: an option's `selected` attribute
/// sets only its default, so a menu the reader changed would otherwise go on showing their
/// pick after the state changed it back (an undo).
#[hook]
pub(crate) fn use_select_value(select: &NodeRef, value: String) {
    let select = select.clone();
    use_effect_with(value, move |value| {
        if let Some(s) = select.cast::<web_sys::HtmlSelectElement>() {
            if s.value() != *value {
                s.set_value(value);
            }
        }
    });
}

/// Presenter mode: marks `root` (the page's, or an element's inside its shadow root), which
/// share.css lays out for a projector. In a `<ring-lab>` element (`element`), turning it on
/// with the button also shows the element full screen, since its box on the host page is
/// rarely a projector's width; turning it off leaves full screen. (A link or attribute that
/// opens in presenter mode cannot: browsers allow full screen only after a click.)
#[hook]
pub(crate) fn use_presenter(root: Option<web_sys::Element>, element: bool, present: bool) {
    let first = use_mut_ref(|| true);
    use_effect_with(present, move |&present| {
        let Some(root) = root else {
            return;
        };
        let _ = if present {
            root.set_attribute("data-present", "")
        } else {
            root.remove_attribute("data-present")
        };
        if std::mem::take(&mut *first.borrow_mut()) || !element {
            return;
        }
        let host = root
            .get_root_node()
            .dyn_into::<web_sys::ShadowRoot>()
            .ok()
            .map(|shadow| shadow.host());
        let document = web_sys::window().and_then(|w| w.document());
        match (host, document) {
            (Some(host), _) if present => {
                // Refused without a click; the element stays in its box then.
                let _ = host.request_fullscreen();
            }
            (Some(host), Some(document))
                if document.fullscreen_element().as_ref() == Some(&host) =>
            {
                document.exit_fullscreen();
            }
            _ => {}
        }
    });
}

/// Whether the browser says it is online, updated by its `online` and `offline` events.
#[hook]
pub(crate) fn use_online() -> bool {
    let online = use_state(|| web_sys::window().is_none_or(|w| w.navigator().on_line()));
    {
        let online = online.clone();
        use_effect_with((), move |()| {
            let listeners = web_sys::window().map(|w| {
                let (up, down) = (online.clone(), online.clone());
                (
                    EventListener::new(&w, "online", move |_| up.set(true)),
                    EventListener::new(&w, "offline", move |_| down.set(false)),
                )
            });
            move || drop(listeners)
        });
    }
    *online
}

/// A key the lab answers anywhere on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LabKey {
    /// Ctrl+Z (⌘Z).
    Undo,
    /// Ctrl+Shift+Z (⌘⇧Z).
    Redo,
    /// → outside any control: the lecture's next change.
    Next,
    /// ← outside any control: the lecture's step back.
    Back,
}

/// Ctrl+Z and Ctrl+Shift+Z (⌘ on a Mac) outside a text field (which keeps its own undo),
/// and → and ← where no control has the focus, heard on the page while `on` and passed to
/// `heard`, which is registered again when `version` changes (it reads the state of then).
#[hook]
pub(crate) fn use_lab_keys(heard: Callback<LabKey>, on: bool, version: u64) {
    use wasm_bindgen::JsCast;
    use_effect_with((on, version), move |&(on, _)| {
        let listener = web_sys::window()
            .and_then(|w| w.document())
            .filter(|_| on)
            .map(|document| {
                let options = gloo::events::EventListenerOptions::enable_prevent_default();
                EventListener::new_with_options(&document, "keydown", options, move |e| {
                    let Some(key) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    let target = key.target();
                    let element = target
                        .as_ref()
                        .and_then(|t| t.dyn_ref::<web_sys::Element>());
                    let typing = target.as_ref().is_some_and(|t| {
                        t.dyn_ref::<web_sys::HtmlInputElement>().is_some()
                            || t.dyn_ref::<web_sys::HtmlTextAreaElement>().is_some()
                            || t.dyn_ref::<web_sys::HtmlSelectElement>().is_some()
                    });
                    // The arrows belong to whatever has the focus (the picture, the tabs), but
                    // the page itself and the lecture's own buttons.
                    let free = element.is_none_or(|el| {
                        el.tag_name().eq_ignore_ascii_case("body")
                            || el.closest("#script-bar").ok().flatten().is_some()
                    });
                    let modified = key.ctrl_key() || key.meta_key();
                    let lab_key = match key.key().as_str() {
                        "z" | "Z" if modified && !typing => {
                            if key.shift_key() {
                                LabKey::Redo
                            } else {
                                LabKey::Undo
                            }
                        }
                        "ArrowRight" if !modified && free => LabKey::Next,
                        "ArrowLeft" if !modified && free => LabKey::Back,
                        _ => return,
                    };
                    e.prevent_default();
                    heard.emit(lab_key);
                })
            });
        move || drop(listener)
    });
}

/// The width in CSS pixels of the box a canvas fills (its parent), as a `ResizeObserver`
/// last saw it (0 before it first has), for the drawing's effect to depend on. A drawing
/// reads the width here rather than from the element: asked right after the page changed
/// (a thousand rows of nodes), the element makes the browser lay the page out there and
/// then, 5 to 7 ms inside the drawing; the observer is told after the browser's own layout.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct BoxWidth(f64);

impl BoxWidth {
    /// The width of `canvas`'s box: as last observed, or before the first observation,
    /// asked of the element.
    pub(crate) fn of(self, canvas: &HtmlCanvasElement) -> f64 {
        if self.0 > 0.0 {
            self.0
        } else {
            parent_width(canvas)
        }
    }
}

/// The [`BoxWidth`] of the canvas `canvas` refers to, kept by a `ResizeObserver` on its box
/// (which sees the window's resizes and the page's own).
#[hook]
pub(crate) fn use_box_width(canvas: &NodeRef) -> BoxWidth {
    let width = use_state_eq(|| 0.0);
    {
        let (canvas, width) = (canvas.clone(), width.clone());
        use_effect_with((), move |()| {
            let parent = canvas
                .cast::<HtmlCanvasElement>()
                .and_then(|c| c.parent_element());
            let watched = parent.clone();
            let on_resize = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
                if let Some(p) = &watched {
                    width.set(f64::from(p.client_width()));
                }
            });
            let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok();
            if let (Some(o), Some(p)) = (&observer, &parent) {
                o.observe(p);
            }
            move || {
                if let Some(o) = observer {
                    o.disconnect();
                }
                drop(on_resize);
            }
        });
    }
    BoxWidth(*width)
}

/// How many tasks the page has had since the component first rendered, counting up to
/// `last`: 0 in the first render, then one more in each render a task later. The lab
/// renders what a reader sees first (the picture and its side) in one task and the rest (the
/// controls, then the charts) in the tasks after, so that a phone is never held in one long
/// task while the page starts.
#[hook]
pub(crate) fn use_task_count(last: u8) -> u8 {
    let count = use_state_eq(|| 0u8);
    {
        let count = count.clone();
        use_effect_with(*count, move |&now| {
            let next = (now < last)
                .then(|| gloo::timers::callback::Timeout::new(0, move || count.set(now + 1)));
            move || drop(next)
        });
    }
    *count
}

/// The state of the animation of the last change.
#[derive(Clone, PartialEq)]
pub(crate) struct Playback {
    /// How far the keys have travelled, 0..=1.
    pub(crate) progress: f64,
    /// Whether it is running.
    pub(crate) playing: bool,
    /// Speed factor (1 = about a second).
    pub(crate) speed: f64,
    /// Whether the system asks for reduced motion: then a change does not play by itself,
    /// and what the user plays moves at an even pace, without easing.
    pub(crate) reduced_motion: bool,
    /// Play or pause.
    pub(crate) ontoggle: Callback<()>,
    /// Play the last change again from the start.
    pub(crate) onreplay: Callback<()>,
    /// Set the speed.
    pub(crate) onspeed: Callback<f64>,
}

/// Milliseconds on the page's clock (`performance.now()`), for frame budgets.
pub(crate) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The attribute a `<ring-lab>` element's loader sets on the lab's root while the element
/// is off-screen: the animation holds its place meanwhile.
pub(crate) const OFFSCREEN: &str = "data-offscreen";

/// Runs the next frames of an animation from `from` (started at `start` ms) until it ends.
/// While `host` (a `<ring-lab>` element's root) is marked [`OFFSCREEN`], each frame only
/// moves the start on: nothing is drawn, and the animation goes on from where it was when
/// the element is back in view.
fn run_frames(
    slot: Rc<RefCell<Option<AnimationFrame>>>,
    (position, progress): (Rc<RefCell<f64>>, UseStateHandle<f64>),
    start: f64,
    from: f64,
    speed: f64,
    host: Option<web_sys::Element>,
) {
    let next_slot = Rc::clone(&slot);
    let frame = request_animation_frame(move |now| {
        if host.as_ref().is_some_and(|h| h.has_attribute(OFFSCREEN)) {
            let held = *position.borrow();
            run_frames(next_slot, (position, progress), now, held, speed, host);
            return;
        }
        let p = (from + (now - start).max(0.0) * speed / TRAVEL_MS).min(1.0);
        *position.borrow_mut() = p;
        progress.set(p);
        if p < 1.0 {
            run_frames(next_slot, (position, progress), start, from, speed, host);
        } else {
            next_slot.borrow_mut().take();
        }
    });
    // Keeping the handle keeps the frame requested; dropping it (teardown) cancels it.
    *slot.borrow_mut() = Some(frame);
}

/// The animation of the last change, identified by `change_id` (0: no change): a new id
/// plays it from the start, unless the system asks for reduced motion; Play and Replay
/// play it either way. In a `<ring-lab>` element, `host` is the lab's root, which holds the
/// animation while it is off-screen ([`OFFSCREEN`]).
#[hook]
pub(crate) fn use_playback(change_id: u64, host: Option<web_sys::Element>) -> Playback {
    let reduced_motion = use_media_query("(prefers-reduced-motion: reduce)");
    let progress = use_state(|| 1.0f64);
    let position = use_mut_ref(|| 1.0f64);
    let playing = use_state(bool::default);
    let speed = use_state(|| 1.0f64);
    let run = use_state(|| 0u32);
    let frame = use_mut_ref(|| None::<AnimationFrame>);

    {
        let (progress, position, playing, run) = (
            progress.clone(),
            position.clone(),
            playing.clone(),
            run.clone(),
        );
        use_effect_with((change_id, reduced_motion), move |&(id, reduced)| {
            let p = if id == 0 || reduced { 1.0 } else { 0.0 };
            *position.borrow_mut() = p;
            progress.set(p);
            playing.set(p < 1.0);
            run.set(run.wrapping_add(1));
        });
    }
    {
        let (progress, position, frame) = (progress.clone(), position.clone(), frame.clone());
        use_effect_with((*run, *playing, *speed), move |&(_, playing, speed)| {
            frame.borrow_mut().take();
            let from = *position.borrow();
            if playing && from < 1.0 {
                run_frames(
                    frame.clone(),
                    (position, progress),
                    now_ms(),
                    from,
                    speed,
                    host,
                );
            }
            move || {
                frame.borrow_mut().take();
            }
        });
    }

    let ontoggle = {
        let (playing, position, progress, run) = (
            playing.clone(),
            position.clone(),
            progress.clone(),
            run.clone(),
        );
        Callback::from(move |()| {
            if *playing && *position.borrow() < 1.0 {
                playing.set(false);
            } else {
                if *position.borrow() >= 1.0 {
                    *position.borrow_mut() = 0.0;
                    progress.set(0.0);
                }
                playing.set(true);
                run.set(run.wrapping_add(1));
            }
        })
    };
    let onreplay = {
        let (playing, position, progress, run) = (
            playing.clone(),
            position.clone(),
            progress.clone(),
            run.clone(),
        );
        Callback::from(move |()| {
            *position.borrow_mut() = 0.0;
            progress.set(0.0);
            playing.set(true);
            run.set(run.wrapping_add(1));
        })
    };
    let onspeed = {
        let speed = speed.clone();
        Callback::from(move |s: f64| speed.set(s.clamp(0.1, 4.0)))
    };
    Playback {
        // The pictures ease the progress they are given: under reduced motion they are given
        // what eases to an even pace.
        progress: if reduced_motion {
            crate::draw::uneased(*progress)
        } else {
            *progress
        },
        playing: *playing && *progress < 1.0,
        speed: *speed,
        reduced_motion,
        ontoggle,
        onreplay,
        onspeed,
    }
}

/// Device pixels per CSS pixel.
pub(crate) fn device_pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, 4.0)
}

/// Sizes `canvas` to `css_w × css_h` CSS pixels at the device's pixel ratio (so it is crisp
/// on high-DPI screens) and draws on it with `draw`, which gets the drawing area and the
/// ratio. Drawing errors are logged, never raised.
pub(crate) fn draw_on_canvas(
    canvas: &HtmlCanvasElement,
    css_w: f64,
    css_h: f64,
    draw: impl FnOnce(&DrawingArea<CanvasBackend, Shift>, f64) -> Result<(), String>,
) {
    let ratio = device_pixel_ratio();
    let w = (css_w * ratio).round().max(1.0) as u32;
    let h = (css_h * ratio).round().max(1.0) as u32;
    if canvas.width() != w {
        canvas.set_width(w);
    }
    if canvas.height() != h {
        canvas.set_height(h);
    }
    // Through the CSSOM, not a style attribute, which a strict CSP would refuse.
    let style = canvas.style();
    let _ = style.set_property("width", &format!("{css_w}px"));
    let _ = style.set_property("height", &format!("{css_h}px"));
    let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) else {
        gloo::console::error!("ringlab: no 2D context on a canvas");
        return;
    };
    let area = backend.into_drawing_area();
    if let Err(e) = draw(&area, ratio) {
        gloo::console::error!(format!("ringlab: drawing failed: {e}"));
    }
}

/// `canvas`'s 2D context, for what the page draws on it without plotters
/// ([`crate::draw::canvas`]).
pub(crate) fn context_2d(canvas: &HtmlCanvasElement) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
}

/// The width in CSS pixels of `canvas`'s parent element (the box the canvas fills).
fn parent_width(canvas: &HtmlCanvasElement) -> f64 {
    canvas
        .parent_element()
        .map_or(0.0, |p| f64::from(p.client_width()))
}

/// Installs the panic hook: the message goes to the console, and the "something went
/// wrong — reset" banner (in index.html, outside the Yew tree) is shown ([`show_panic_banner`]).
pub(crate) fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic_banner();
    }));
}

/// What the page does after a panic, once the message is logged: the app can no longer
/// run, so the banner outside the Yew tree is shown, its reset link is pointed at this page
/// without the state in its address, and the stored state is forgotten (not when embedded,
/// where the storage is the full lab's), so that following the link starts from the first
/// example instead of the state that failed. Only DOM calls, nothing that could panic again.
/// Public so that a browser test can run it without a real panic.
pub fn show_panic_banner() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let Some(banner) = document.get_element_by_id("panic-banner") else {
        return;
    };
    let _ = banner.remove_attribute("hidden");
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(Some(link)) = banner.query_selector("a") {
        let _ = link.set_attribute("href", if path.is_empty() { "/" } else { &path });
    }
    let embedded = document
        .document_element()
        .is_some_and(|root| root.has_attribute("data-embed"));
    if !embedded {
        if let Some(storage) = crate::dom::storage() {
            let _ = storage.remove_item(crate::dom::STORAGE_KEY);
        }
    }
}

/// Once the element `gone` has left the page (its node was removed), focus `next` instead,
/// so that keyboard focus stays in the list rather than dropping to `<body>`. Yew's
/// scheduler yields to the browser every 16 ms of rendering, so one timeout can run before
/// a long render removed `gone`: it looks again every 16 ms for about a second. A refused
/// removal leaves `gone` where it was, and the focus with it.
pub(crate) fn refocus_when_gone(gone: String, next: String) {
    refocus_after(gone, next, 0);
}

fn refocus_after(gone: String, next: String, looked: u32) {
    const LOOKS: u32 = 60;
    let delay = if looked == 0 { 0 } else { 16 };
    gloo::timers::callback::Timeout::new(delay, move || {
        if crate::dom::element_by_id::<web_sys::HtmlElement>(&gone).is_some() {
            if looked < LOOKS {
                refocus_after(gone, next, looked + 1);
            }
        } else if let Some(el) = crate::dom::element_by_id::<web_sys::HtmlElement>(&next) {
            let _ = el.focus();
        }
    })
    .forget();
}

/// Calls `then` once `lang`'s words are here: at once for English, or for Chinese already
/// taken; else after fetching its words file from `base` (the app's directory, ending in
/// `/`), with why it failed if it did (the page then shows the English words).
pub(crate) fn with_words(
    lang: crate::i18n::Lang,
    base: &str,
    then: impl FnOnce(Result<(), crate::i18n::WordsError>) + 'static,
) {
    use crate::i18n::{has_words, take_words, words_file, WordsError};
    let file = match words_file(lang) {
        Some(file) if !has_words(lang) => file,
        _ => return then(Ok(())),
    };
    let url = format!("{base}{file}");
    yew::platform::spawn_local(async move {
        let fetched = fetch_text(&url)
            .await
            .map_err(|e| WordsError::Unreachable(e.as_string().unwrap_or_else(|| url.clone())));
        let taken = fetched.and_then(|text| take_words(lang, text));
        if let Err(e) = &taken {
            gloo::console::error!(format!("ringlab: {e}"));
        }
        then(taken);
    });
}

/// The body of `url` as text, if the server answered 200–299.
async fn fetch_text(url: &str) -> Result<String, wasm_bindgen::JsValue> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await?
        .dyn_into()?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()).into());
    }
    JsFuture::from(response.text()?)
        .await?
        .as_string()
        .ok_or_else(|| "not text".into())
}
