//! The Traffic view: sliders for the Zipf exponent, the cache size and the request count,
//! buttons for the change, and modulo beside the lab's algorithm, each with its line chart
//! of the hit rate and the store's load, its figures in words and its per-node chart. The
//! simulations run a slice of each animation frame, as every job does (set up in steps,
//! then stepped), with a progress bar; the charts fill in four times a second.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::compare::change_buttons;
use super::drawing::{Drawing, DrawingCanvas};
use super::work_progress::WorkProgress;
use super::{slider, use_lang, Dispatch};
use crate::draw::traffic::{line_chart, node_chart, HIT_COLOUR, STORE_COLOUR};
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::effects::scheduler::{self, Steps};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::compare::CompareChange;
use crate::model::palette::css_class;
use crate::model::traffic_view::{
    store_peak, zipf_text, Side, TrafficRun, TrafficSettings, CACHE_STEP, DEFAULT_CACHE, MAX_CACHE,
    MAX_REQUESTS, MAX_ZIPF, MIN_CACHE, MIN_REQUESTS, REQUEST_STEP,
};
use crate::model::view_settings::ViewSetting;
use crate::model::{Action, State};
use ring_core::metrics::format::group_thousands;
use ring_core::traffic::Report;

/// Props of [`TrafficPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct TrafficProps {
    /// The lab's state: its nodes, keys and algorithm are simulated.
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher (the settings are the state's).
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

/// How often the view is drawn again while a run goes on: its charts and its progress. A
/// frame that simulates draws nothing, and one that draws does no simulating, so that each
/// fits in a frame.
const DRAW_EVERY_MS: f64 = 250.0;

/// Requests, or keys of the setup, between two looks at the clock.
const SLICE: u64 = 2_048;

/// The two simulations, run by the page's scheduler: set up in the first frame, then
/// stepped (their setup, then their requests) in the frames' slices. Every
/// [`DRAW_EVERY_MS`] (`drawn_at` is the last time) a frame draws the view instead, and once
/// the run is done the frame after draws it.
struct Simulations {
    state: Rc<State>,
    settings: TrafficSettings,
    run: Rc<RefCell<Option<TrafficRun>>>,
    drawn_at: f64,
    drawing: bool,
    redraw: UseForceUpdateHandle,
}

impl Steps for Simulations {
    fn shows_only(&mut self, frame_start: f64) -> bool {
        let mut held = self.run.borrow_mut();
        self.drawing = match held.as_ref() {
            None => {
                *held = Some(TrafficRun::new(&self.state, self.settings));
                true
            }
            Some(_) => frame_start - self.drawn_at >= DRAW_EVERY_MS,
        };
        if self.drawing {
            self.drawn_at = frame_start;
        }
        self.drawing
    }

    fn step(&mut self) -> bool {
        self.run.borrow_mut().as_mut().is_none_or(|r| r.step(SLICE))
    }

    fn show(&mut self) {
        if self.drawing {
            self.redraw.force_update();
        }
    }

    fn finish(&mut self) {
        self.redraw.force_update();
    }
}

fn side_html(
    lang: Lang,
    index: usize,
    side: &Side,
    report: Option<Report>,
    changed: bool,
    theme: Theme,
) -> Html {
    let title = lang.t(Msg::AlgoLabel(side.kind));
    let Some(report) = report else {
        let why = side.error().map(|e| lang.text(e)).unwrap_or_default();
        return html! {
            <figure class="compare-col card" data-algo={side.kind.id()}>
                <figcaption><h3>{ title }</h3></figcaption>
                <p class="field-error" role="alert">{ why }</p>
            </figure>
        };
    };
    let scale = device_pixel_ratio();
    let lines = Rc::new(Drawing::TrafficLines(line_chart(
        &report, changed, lang, theme, scale, true,
    )));
    let nodes = Rc::new(Drawing::TrafficNodes(node_chart(
        side, &report, theme, scale, true,
    )));
    let (before, after) = (report.hit_rate_before(), report.hit_rate_after());
    let peak = store_peak(&report);
    html! {
        <figure class="compare-col card" data-algo={side.kind.id()}>
            <figcaption><h3>{ title }</h3></figcaption>
            <DrawingCanvas id={format!("traffic-lines-{index}")}
                label={lang.t(Msg::TrafficChartLabel { kind: side.kind, before, after })}
                drawing={lines} aspect={0.55} min_height={180.0} />
            <ul class="paper-legend" aria-label={lang.ui(Ui::Lines)}>
                <li><span class={classes!("swatch", css_class(HIT_COLOUR))} aria-hidden="true"></span>{ lang.ui(Ui::TrafficHitRate) }</li>
                <li><span class={classes!("swatch", css_class(STORE_COLOUR))} aria-hidden="true"></span>{ lang.ui(Ui::TrafficStoreLoad) }</li>
            </ul>
            <p class="traffic-figures" data-testid="figures">{ lang.t(Msg::TrafficFigures { before, after }) }</p>
            if let Some((misses, requests)) = peak {
                <p class="traffic-peak">{ lang.t(Msg::TrafficPeak { misses, requests }) }</p>
            }
            <DrawingCanvas id={format!("traffic-nodes-{index}")}
                label={lang.t(Msg::TrafficNodesLabel { kind: side.kind })}
                drawing={nodes} aspect={0.45} min_height={150.0} />
            <p class="hint muted">{ lang.ui(Ui::TrafficNodesCaption) }</p>
            <h4>{ lang.ui(Ui::TrafficHotKeys) }</h4>
            <ol class="traffic-hot">
                { for side.hot.iter().map(|h| html! {
                    <li>{ lang.t(Msg::TrafficHotKey {
                        rank: h.rank,
                        key: h.key.clone(),
                        node: side.names.get(h.node).cloned().unwrap_or_default(),
                        popularity: h.popularity,
                    }) }</li>
                }) }
            </ol>
        </figure>
    }
}

/// The Traffic view.
#[component]
pub(crate) fn TrafficPanel(props: &TrafficProps) -> Html {
    let lang = use_lang();
    let state = props.state.clone();
    let settings = state.views.traffic.clamped();
    let set = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |s| dispatch.dispatch(Action::SetViewSetting(ViewSetting::Traffic(s))))
    };
    let run = use_mut_ref(|| None::<TrafficRun>);
    let redraw = use_force_update();
    {
        let (run, redraw, state) = (run.clone(), redraw.clone(), state.clone());
        use_effect_with((state.version, settings), move |(_, settings)| {
            *run.borrow_mut() = None;
            // While the lab's own job places its keys (a million keys are made again when
            // the whole lab opens), the run waits for it rather than double each frame's
            // work on keys about to change: its end is a new version. Dropped (new
            // settings, a new state, the view going away), the run stops.
            let submitted = state.pending.is_none().then(|| {
                scheduler::submit(Box::new(Simulations {
                    state,
                    settings: *settings,
                    run,
                    drawn_at: 0.0,
                    drawing: false,
                    redraw,
                }))
            });
            move || drop(submitted)
        });
    }
    // The value a slider shows while it is dragged, before it is let go.
    let dragged = use_state(Option::<(&'static str, u32)>::default);
    let value = |id: &'static str, v: u32| match *dragged {
        Some((d, x)) if d == id => x,
        _ => v,
    };
    let commit = |make: fn(TrafficSettings, u32) -> TrafficSettings| {
        let (set, dragged) = (set.clone(), dragged.clone());
        Callback::from(move |e: Event| {
            // The range input only gives whole numbers in its range; anything else is
            // left alone, and `clamped` holds the range again.
            dragged.set(None);
            if let Ok(v) = super::value_of(&e).parse::<u32>() {
                set.emit(make(settings, v).clamped());
            }
        })
    };
    let oninput = |id: &'static str| {
        let dragged = dragged.clone();
        Callback::from(move |e: InputEvent| {
            let target: Option<web_sys::HtmlInputElement> = e.target_dyn_into();
            if let Some(v) = target.and_then(|t| t.value().parse::<u32>().ok()) {
                dragged.set(Some((id, v)));
            }
        })
    };
    let zipf = value("traffic-zipf", settings.zipf);
    let cache = value("traffic-cache", settings.cache.unwrap_or(DEFAULT_CACHE));
    let requests = value("traffic-requests", settings.requests);
    let onall = {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let all: Option<web_sys::HtmlInputElement> = e.target_dyn_into();
            let all = all.is_some_and(|i| i.checked());
            set.emit(TrafficSettings {
                cache: (!all).then_some(settings.cache.unwrap_or(DEFAULT_CACHE)),
                ..settings
            });
        })
    };
    let pick = {
        let set = set.clone();
        Callback::from(move |change| set.emit(TrafficSettings { change, ..settings }))
    };
    let up = state.nodes.iter().filter(|n| !n.down).count();

    let changed = settings.change != CompareChange::None;
    let held = run.borrow();
    // Before the run starts (the lab still placing its keys), both sides' requests to come.
    let (done, total) = held
        .as_ref()
        .map_or((0, 2 * u64::from(settings.requests)), TrafficRun::progress);
    let finished = held.as_ref().is_some_and(TrafficRun::finished);
    let sides = held.as_ref().map(|r| {
        let reports = r.reports();
        r.sides
            .iter()
            .zip(reports)
            .enumerate()
            .map(|(i, (side, report))| side_html(lang, i, side, report, changed, props.theme))
            .collect::<Html>()
    });
    let keys = held.as_ref().map_or(0, |r| r.keys);
    html! {
        <section class="compare traffic" aria-labelledby="traffic-title">
            <div class="card compare-controls">
                <h2 id="traffic-title">{ lang.ui(Ui::TrafficTitle) }</h2>
                <p class="hint muted">{ lang.t(Msg::TrafficHint { up, keys: state.keys.len() }) }</p>
                <div class="row-form">
                    { slider("traffic-zipf", lang.ui(Ui::TrafficZipf), zipf_text(zipf),
                        (0, MAX_ZIPF, 5, zipf), false,
                        (oninput("traffic-zipf"), commit(|s, v| TrafficSettings { zipf: v, ..s }))) }
                    { slider("traffic-requests", lang.ui(Ui::TrafficRequests), group_thousands(requests.into()),
                        (MIN_REQUESTS, MAX_REQUESTS, REQUEST_STEP, requests), false,
                        (oninput("traffic-requests"), commit(|s, v| TrafficSettings { requests: v, ..s }))) }
                    { slider("traffic-cache", lang.ui(Ui::TrafficCacheSize),
                        lang.t(Msg::TrafficCacheKeys { keys: cache }),
                        (MIN_CACHE, MAX_CACHE, CACHE_STEP, cache), settings.cache.is_none(),
                        (oninput("traffic-cache"), commit(|s, v| TrafficSettings { cache: Some(v), ..s }))) }
                    <label class="check" for="traffic-cache-all">
                        <input type="checkbox" id="traffic-cache-all" checked={settings.cache.is_none()} onchange={onall} />
                        { lang.ui(Ui::TrafficCacheAll) }
                    </label>
                </div>
                <div class="compare-changes" role="group" aria-label={lang.ui(Ui::TrafficChangeGroup)}>
                    <span class="inline-label">{ lang.ui(Ui::ChangeColon) }</span>
                    { change_buttons("traffic", &state, lang, settings.change, &pick) }
                </div>
                <WorkProgress id="traffic-progress" class="muted paper-progress"
                    done={if finished { total.max(1) } else { done }} total={total.max(1)}
                    label={lang.ui(Ui::TrafficProgressLabel)}
                    working={html! { { lang.t(Msg::TrafficProgress { done, total }) } }}
                    status={html! { if finished {
                        { lang.t(Msg::TrafficDone { requests: u64::from(settings.requests), keys }) }
                    } }} />
            </div>
            <div class="compare-grid cols-2" id="traffic-grid" aria-busy={(!finished).to_string()}>
                { sides.unwrap_or_default() }
            </div>
        </section>
    }
}
