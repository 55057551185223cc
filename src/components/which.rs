//! The "Which algorithm?" view: the field's comparison table for the algorithms and node
//! counts picked, computed a few milliseconds per animation frame, with a chart per metric
//! and the command line that prints the same table.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::drawing::{table_html, Drawing, DrawingCanvas};
use super::work_progress::WorkProgress;
use super::{use_lang, Dispatch};
use crate::draw::which::{bars, table, Metric};
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::effects::scheduler::{self, Steps};
use crate::i18n::{Msg, Ui};
use crate::model::paper::list_text;
use crate::model::view_settings::ViewSetting;
use crate::model::which_view::{command, offered, parse_which_nodes, WhichRun, WhichSettings};
use crate::model::{Action, AlgoId, State};

/// Props of [`WhichPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct WhichProps {
    /// The lab's state (the view's settings are its).
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher.
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

/// Keys placed in one step.
const STEP: u64 = 4_096;

/// The rows of a table, computed a step at a time by the page's scheduler, the view drawn
/// again after each frame.
struct Rows {
    run: Rc<RefCell<WhichRun>>,
    redraw: UseForceUpdateHandle,
}

impl Steps for Rows {
    fn step(&mut self) -> bool {
        // The page's clock in nanoseconds, for the build and lookup times.
        let mut clock = || (crate::effects::now_ms() * 1e6) as u64;
        self.run.borrow_mut().step(STEP, &mut clock)
    }

    fn show(&mut self) {
        self.redraw.force_update();
    }
}

/// The "Which algorithm?" view.
#[component]
pub(crate) fn WhichPanel(props: &WhichProps) -> Html {
    let lang = use_lang();
    let settings = props.state.views.which.clone();
    let set = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |s| dispatch.dispatch(Action::SetViewSetting(ViewSetting::Which(s))))
    };
    let nodes_text = use_state(|| list_text(&settings.nodes));
    let nodes_error = use_state(Option::<Msg>::default);
    let toggle = |kind: AlgoId| {
        let on = settings.kinds.contains(&kind);
        let onchange = {
            let (settings, set) = (settings.clone(), set.clone());
            Callback::from(move |_: Event| {
                let kinds = offered()
                    .filter(|&k| {
                        if k == kind {
                            !on
                        } else {
                            settings.kinds.contains(&k)
                        }
                    })
                    .collect();
                set.emit(WhichSettings {
                    kinds,
                    ..settings.clone()
                });
            })
        };
        let id = format!("which-{}", kind.id());
        html! {
            <label class="check" for={id.clone()}>
                <input type="checkbox" id={id} checked={on} {onchange} />
                { lang.t(Msg::AlgoLabel(kind)) }
            </label>
        }
    };
    let onnodes = {
        let (settings, set, text, error) = (
            settings.clone(),
            set.clone(),
            nodes_text.clone(),
            nodes_error.clone(),
        );
        Callback::from(move |e: Event| {
            let t = super::value_of(&e);
            match parse_which_nodes(&t) {
                Ok(nodes) => {
                    error.set(None);
                    set.emit(WhichSettings {
                        nodes,
                        ..settings.clone()
                    });
                }
                Err(m) => error.set(Some(m)),
            }
            text.set(t);
        })
    };
    html! {
        <section class="which" aria-labelledby="which-title">
            <div class="card paper-controls">
                <h2 id="which-title">{ lang.ui(Ui::WhichTitle) }</h2>
                <p class="hint muted">{ lang.ui(Ui::WhichHint) }</p>
                <fieldset class="embed-options which-algos">
                    <legend>{ lang.ui(Ui::WhichAlgos) }</legend>
                    { for offered().map(toggle) }
                </fieldset>
                <div class="field">
                    <label for="which-nodes">{ lang.ui(Ui::WhichNodes) }</label>
                    <input type="text" id="which-nodes" value={(*nodes_text).clone()} onchange={onnodes}
                        aria-invalid={nodes_error.is_some().to_string()} aria-describedby="which-nodes-error" />
                </div>
                if let Some(e) = nodes_error.as_ref() {
                    <p class="field-error" id="which-nodes-error" role="alert">{ lang.text(e) }</p>
                }
            </div>
            <WhichResults settings={settings} theme={props.theme} />
        </section>
    }
}

/// Props of [`WhichResults`].
#[derive(Properties, PartialEq)]
struct WhichResultsProps {
    settings: WhichSettings,
    theme: Theme,
}

/// The progress, the table and the charts: a component of their own, so that the frames
/// that fill the table re-render only these, never the fields being typed in.
#[component]
fn WhichResults(props: &WhichResultsProps) -> Html {
    let lang = use_lang();
    let settings = &props.settings;
    let run = use_mut_ref(|| WhichRun::new(&WhichSettings::default()));
    let redraw = use_force_update();
    {
        let (run, redraw) = (run.clone(), redraw.clone());
        use_effect_with(settings.clone(), move |settings| {
            *run.borrow_mut() = WhichRun::new(settings);
            // Dropped (new settings, or the view going away), it stops the work.
            let submitted = scheduler::submit(Box::new(Rows { run, redraw }));
            move || drop(submitted)
        });
    }
    let held = run.borrow();
    let (done, total) = held.progress();
    let finished = done == total;
    let rows_table = table_html(&table(held.rows(), lang), "which-table".into());
    let scale = device_pixel_ratio();
    // The charts are drawn once the table is done: four canvases redrawn at every row
    // would hold a frame each time.
    let drawn_rows = if finished { held.rows() } else { &[] };
    let charts = Metric::ALL.map(|metric| {
        let drawing = Rc::new(Drawing::Bars(bars(drawn_rows, metric, props.theme, scale)));
        (metric, drawing)
    });
    html! {
        <>
            <div class="card which-progress-box">
                <WorkProgress id="which-progress" class="muted paper-progress" done={done as u64}
                    total={total as u64} label={lang.ui(Ui::WhichComputing)}
                    working={html! { { lang.t(Msg::which_rows_computed(done, total)) } }}
                    status={html! {
                        if total == 0 {
                            { lang.ui(Ui::NothingToCompute) }
                        } else if finished {
                            <span class="which-command-label">{ lang.ui(Ui::WhichCommand) }</span>
                            { " " }<code class="paper-command" id="which-command">{ command(settings) }</code>
                        }
                    }} />
            </div>
            // Focusable, as it scrolls sideways on a narrow screen (see compare.rs).
            <div class="card which-table-box" tabindex="0" aria-busy={(!finished).to_string()}>
                <h3>{ lang.ui(Ui::WhichTableCaption) }</h3>
                { rows_table }
            </div>
            <ul class="paper-legend which-legend" aria-label={lang.ui(Ui::WhichAlgos)}>
                { for settings.kinds.iter().enumerate().map(|(i, &k)| html! {
                    <li><span class={classes!("swatch", format!("slot-{}", i % 16))} aria-hidden="true"></span>{ lang.t(Msg::AlgoLabel(k)) }</li>
                }) }
            </ul>
            <div class="which-charts">
                { for charts.into_iter().enumerate().map(|(i, (metric, drawing))| html! {
                    <figure class="card">
                        <figcaption>{ lang.ui(metric.caption()) }</figcaption>
                        <DrawingCanvas id={format!("which-chart-{i}")} label={lang.ui(metric.caption())}
                            {drawing} aspect={0.45} min_height={200.0} />
                    </figure>
                }) }
            </div>
        </>
    }
}
