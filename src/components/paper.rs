//! The Paper view: seed 003's table of R1, R2 and R3 for the node counts and virtual-node
//! counts the user picks, for any algorithm and hash, computed cell by cell between
//! animation frames (each frame works for a few milliseconds, then yields), with a chart of
//! R1 against virtual nodes.

use std::rc::Rc;

use ring_core::metrics::format;
use ring_core::HashFn;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::work_progress::WorkProgress;
use super::{use_lang, Dispatch};
use crate::draw::paper::chart;
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::effects::scheduler::{self, Steps};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::paper::{
    list_text, parse_nodes, parse_vnodes, r1_text, start, Cell, CellWork, PaperSpec, MAX_POINTS,
};
use crate::model::view_settings::ViewSetting;
use crate::model::{Action, AlgoId, State};

/// Props of [`PaperPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct PaperProps {
    /// The lab's state (its algorithm parameters: slots, table size, ε).
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher (the table's node and virtual-node counts, algorithm and
    /// hash are the state's).
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

/// A table's cells, computed a step at a time by the page's scheduler: the cells done, the
/// next cell to start, and the cell being computed, if one is half done. After each frame
/// it publishes what is done; a large cell goes on over several frames.
struct Table {
    spec: Rc<PaperSpec>,
    done: Vec<Option<Cell>>,
    next: usize,
    current: Option<CellWork>,
    publish: UseStateHandle<Rc<Vec<Option<Cell>>>>,
}

/// Units of a cell's work in one step.
const STEP: usize = 4_096;

impl Steps for Table {
    fn step(&mut self) -> bool {
        let total = self.spec.cell_count();
        if self.next < total {
            match self.current.take().or_else(|| start(&self.spec, self.next)) {
                Some(mut work) => {
                    if work.step(STEP) {
                        if let Some(c) = self.done.get_mut(self.next) {
                            *c = Some(work.finish());
                        }
                        self.next += 1;
                    } else {
                        self.current = Some(work);
                    }
                }
                None => self.next += 1,
            }
        }
        self.next >= total
    }

    fn show(&mut self) {
        self.publish.set(Rc::new(self.done.clone()));
    }
}

fn cell_html(lang: Lang, cell: Option<&Cell>) -> Html {
    match cell {
        None => html! { <><td class="pending">{ "…" }</td><td></td><td></td></> },
        Some(Cell { result: Err(e), .. }) => html! {
            <td colspan="3" class="cell-error" title={lang.text(e)}>{ lang.ui(Ui::Refused) }</td>
        },
        Some(Cell { result: Ok(b), .. }) => html! {
            <>
                <td class="r1">{ r1_text(b.r1) }</td>
                <td>{ format::decimal(b.r2, 2) }</td>
                <td>{ format::decimal(b.r3, 2) }</td>
            </>
        },
    }
}

/// The Paper view.
#[component]
pub(crate) fn PaperPanel(props: &PaperProps) -> Html {
    let lang = use_lang();
    let spec = props.state.views.paper.clone();
    let set = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |s| {
            dispatch.dispatch(Action::SetViewSetting(ViewSetting::Paper(Box::new(s))))
        })
    };
    // The algorithms' parameters follow the lab's (slots, table size, ε).
    let effective = Rc::new(PaperSpec {
        params: props.state.params,
        ..spec.clone()
    });
    let nodes_text = use_state(|| list_text(&spec.nodes));
    let vnodes_text = use_state(|| list_text(&spec.vnodes));
    let nodes_error = use_state(Option::<Msg>::default);
    let vnodes_error = use_state(Option::<Msg>::default);
    let budget = effective.check();
    let cells = use_state(|| Rc::new(Vec::<Option<Cell>>::new()));
    {
        let cells = cells.clone();
        let ok = budget.is_ok();
        use_effect_with((effective.clone(), ok), move |(spec, ok)| {
            let count = if *ok { spec.cell_count() } else { 0 };
            let empty = vec![None; count];
            cells.set(Rc::new(empty.clone()));
            // Dropped (a new table, or the view going away), it stops the work.
            let submitted = (count > 0).then(|| {
                scheduler::submit(Box::new(Table {
                    spec: spec.clone(),
                    done: empty,
                    next: 0,
                    current: None,
                    publish: cells,
                }))
            });
            move || drop(submitted)
        });
    }

    let onnodes = {
        let (spec, set, text, error) = (
            spec.clone(),
            set.clone(),
            nodes_text.clone(),
            nodes_error.clone(),
        );
        Callback::from(move |e: Event| {
            let t = super::value_of(&e);
            match parse_nodes(&t) {
                Ok(list) => {
                    error.set(None);
                    set.emit(PaperSpec {
                        nodes: list,
                        ..spec.clone()
                    });
                }
                Err(m) => error.set(Some(m)),
            }
            text.set(t);
        })
    };
    let onvnodes = {
        let (spec, set, text, error) = (
            spec.clone(),
            set.clone(),
            vnodes_text.clone(),
            vnodes_error.clone(),
        );
        Callback::from(move |e: Event| {
            let t = super::value_of(&e);
            match parse_vnodes(&t) {
                Ok(list) => {
                    error.set(None);
                    set.emit(PaperSpec {
                        vnodes: list,
                        ..spec.clone()
                    });
                }
                Err(m) => error.set(Some(m)),
            }
            text.set(t);
        })
    };
    let onalgo = {
        let (spec, set) = (spec.clone(), set.clone());
        Callback::from(move |e: Event| {
            if let Some(kind) = AlgoId::from_name(&super::value_of(&e)) {
                set.emit(PaperSpec {
                    kind,
                    ..spec.clone()
                });
            }
        })
    };
    let onhash = {
        let (spec, set) = (spec.clone(), set.clone());
        Callback::from(move |e: Event| {
            let v = super::value_of(&e);
            if let Some(hash) = HashFn::ALL.into_iter().find(|h| h.name() == v) {
                set.emit(PaperSpec {
                    hash,
                    ..spec.clone()
                });
            }
        })
    };
    let onreset = {
        let (set, nt, vt, ne, ve) = (
            set.clone(),
            nodes_text.clone(),
            vnodes_text.clone(),
            nodes_error.clone(),
            vnodes_error.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let d = PaperSpec::default();
            nt.set(list_text(&d.nodes));
            vt.set(list_text(&d.vnodes));
            ne.set(None);
            ve.set(None);
            set.emit(d);
        })
    };

    let done = cells.iter().filter(|c| c.is_some()).count();
    let total = if budget.is_ok() {
        effective.cell_count()
    } else {
        0
    };
    let fixed_hash = effective.config(1).algorithm.fixed_hash();
    let hash_note = fixed_hash.map(|hash| {
        lang.t(Msg::PaperHashFixed {
            kind: effective.kind,
            hash,
        })
    });
    let chart_drawing = Rc::new(Drawing::Paper(chart(
        &effective.nodes,
        &effective.vnodes,
        &cells,
        lang,
        props.theme,
        device_pixel_ratio(),
        true,
    )));
    html! {
        <section class="paper" aria-labelledby="paper-title">
            <div class="card paper-controls">
                <h2 id="paper-title">{ lang.ui(Ui::PaperTitle) }</h2>
                <p class="hint muted">
                    { lang.t(Msg::PaperHint { kind: effective.kind, max_points: MAX_POINTS }) }
                </p>
                <div class="row-form">
                    <div class="field">
                        <label for="paper-nodes">{ lang.ui(Ui::NodeCounts) }</label>
                        <input type="text" id="paper-nodes" value={(*nodes_text).clone()} onchange={onnodes}
                            aria-invalid={nodes_error.is_some().to_string()} aria-describedby="paper-nodes-error" />
                    </div>
                    <div class="field">
                        <label for="paper-vnodes">{ lang.ui(Ui::VnodeCounts) }</label>
                        <input type="text" id="paper-vnodes" value={(*vnodes_text).clone()} onchange={onvnodes}
                            aria-invalid={vnodes_error.is_some().to_string()} aria-describedby="paper-vnodes-error" />
                    </div>
                    <div class="field">
                        <label for="paper-algo">{ lang.ui(Ui::Algorithm) }</label>
                        <select id="paper-algo" onchange={onalgo}>
                            { for AlgoId::algorithms().map(|k| html! {
                                <option value={k.id()} selected={k == effective.kind}>{ lang.t(Msg::AlgoLabel(k)) }</option>
                            }) }
                        </select>
                    </div>
                    <div class="field narrow">
                        <label for="paper-hash">{ lang.ui(Ui::HashShort) }</label>
                        <select id="paper-hash" onchange={onhash} disabled={fixed_hash.is_some()}>
                            { for HashFn::ALL.iter().map(|h| html! {
                                <option value={h.name()} selected={*h == effective.effective_hash()}>{ h.name() }</option>
                            }) }
                        </select>
                    </div>
                    <button type="button" id="paper-reset" onclick={onreset}>{ lang.ui(Ui::PaperReset) }</button>
                </div>
                if let Some(e) = nodes_error.as_ref() {
                    <p class="field-error" id="paper-nodes-error" role="alert">{ lang.text(e) }</p>
                }
                if let Some(e) = vnodes_error.as_ref() {
                    <p class="field-error" id="paper-vnodes-error" role="alert">{ lang.text(e) }</p>
                }
                if let Some(n) = hash_note {
                    <p class="hint muted">{ n }</p>
                }
                if !effective.uses_vnodes() {
                    <p class="hint muted">{ lang.t(Msg::PaperNoVnodes { kind: effective.kind }) }</p>
                }
                if let Err(e) = &budget {
                    <p class="field-error" id="paper-budget-error" role="alert">{ lang.text(e) }</p>
                }
                <WorkProgress id="paper-progress" class="muted paper-progress" done={done as u64}
                    total={total as u64} label={lang.t(Msg::paper_progress_label())}
                    working={html! { { lang.t(Msg::PaperComputing { done, total, points: effective.work() }) } }}
                    status={html! {
                        if total == 0 {
                            { lang.ui(Ui::NothingToCompute) }
                        } else if done == total {
                            { lang.t(Msg::PaperDone { total, points: effective.work() }) }
                            { " " }<code class="paper-command" id="paper-command">{ effective.command() }</code>
                        }
                    }} />
            </div>
            <div class="paper-body">
                // Focusable, as it scrolls sideways on a narrow screen (see compare.rs).
                <div class="card paper-table-box" tabindex="0">
                    <table class="balance paper-table" id="paper-table" aria-busy={(done < total).to_string()}>
                        <caption>{ lang.t(Msg::PaperCaption { kind: effective.kind, hash: effective.effective_hash() }) }</caption>
                        <thead>
                            <tr>
                                <th scope="col" rowspan="2">{ lang.ui(Ui::NodesCol) }</th>
                                { for effective.vnodes.iter().map(|&v| html! {
                                    <th scope="colgroup" colspan="3">{ lang.t(effective.group_label(v)) }</th>
                                }) }
                            </tr>
                            <tr>
                                { for effective.vnodes.iter().map(|_| html! {
                                    <><th scope="col">{ lang.ui(Ui::R1) }</th><th scope="col">{ lang.ui(Ui::R2) }</th><th scope="col">{ lang.ui(Ui::R3) }</th></>
                                }) }
                            </tr>
                        </thead>
                        <tbody>
                            if budget.is_ok() {
                                { for effective.nodes.iter().enumerate().map(|(row, &n)| html! {
                                    <tr>
                                        <th scope="row">{ n }</th>
                                        { for (0..effective.vnodes.len()).map(|c| {
                                            cell_html(lang, cells.get(row * effective.vnodes.len() + c).and_then(|x| x.as_ref()))
                                        }) }
                                    </tr>
                                }) }
                            }
                        </tbody>
                    </table>
                </div>
                <figure class="card paper-chart">
                    <figcaption>{ lang.ui(Ui::ChartCaption) }</figcaption>
                    <DrawingCanvas id="paper-chart" label={lang.ui(Ui::ChartLabel)}
                        drawing={chart_drawing} aspect={0.5} min_height={240.0} />
                    <ul class="paper-legend" aria-label={lang.ui(Ui::Lines)}>
                        { for effective.nodes.iter().enumerate().map(|(i, n)| html! {
                            <li><span class={classes!("swatch", format!("slot-{}", i % 16))} aria-hidden="true"></span>{ lang.t(Msg::NodesCount { nodes: *n }) }</li>
                        }) }
                    </ul>
                </figure>
            </div>
        </section>
    }
}
