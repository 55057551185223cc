//! The Paper view: seed 003's table of R1, R2 and R3 for the node counts and virtual-node
//! counts the user picks, for any algorithm and hash, computed cell by cell between
//! animation frames (each frame works for a few milliseconds, then yields), with a chart of
//! R1 against virtual nodes.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use ring_core::metrics::format;
use ring_core::HashFn;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use crate::draw::paper::chart;
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::model::paper::{
    compute, list_text, parse_nodes, parse_vnodes, r1_text, Cell, PaperSpec, MAX_POINTS,
};
use crate::model::{AlgoKind, State};

/// Props of [`PaperPanel`].
#[derive(Properties, PartialEq)]
pub struct PaperProps {
    /// The lab's state (its algorithm parameters: slots, table size, ε).
    pub state: Rc<State>,
    /// The table's node and virtual-node counts, algorithm and hash (kept while other
    /// views show).
    pub spec: UseStateHandle<PaperSpec>,
    /// The colours.
    pub theme: Theme,
}

/// Milliseconds of computing per animation frame.
const FRAME_BUDGET_MS: f64 = 12.0;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Computes the cells of `spec` from `next` on, a frame at a time, publishing what is done
/// after each frame. The frame handle lives in `slot`: dropping it stops the work.
fn run_frames(
    slot: Rc<RefCell<Option<AnimationFrame>>>,
    spec: Rc<PaperSpec>,
    done: Rc<RefCell<Vec<Option<Cell>>>>,
    next: usize,
    publish: UseStateHandle<Rc<Vec<Option<Cell>>>>,
) {
    let next_slot = Rc::clone(&slot);
    let frame = request_animation_frame(move |_| {
        let start = now_ms();
        let total = spec.cell_count();
        let mut i = next;
        while i < total {
            let cell = compute(&spec, i);
            if let Some(c) = done.borrow_mut().get_mut(i) {
                *c = cell;
            }
            i += 1;
            if now_ms() - start > FRAME_BUDGET_MS {
                break;
            }
        }
        publish.set(Rc::new(done.borrow().clone()));
        if i < total {
            run_frames(next_slot, spec, done, i, publish);
        } else {
            next_slot.borrow_mut().take();
        }
    });
    *slot.borrow_mut() = Some(frame);
}

fn cell_html(cell: Option<&Cell>) -> Html {
    match cell {
        None => html! { <><td class="pending">{ "…" }</td><td></td><td></td></> },
        Some(Cell { result: Err(e), .. }) => html! {
            <td colspan="3" class="cell-error" title={e.clone()}>{ "refused" }</td>
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
pub fn PaperPanel(props: &PaperProps) -> Html {
    let spec = props.spec.clone();
    // The algorithms' parameters follow the lab's (slots, table size, ε).
    let effective = Rc::new(PaperSpec {
        params: props.state.params,
        ..(*spec).clone()
    });
    let nodes_text = use_state(|| list_text(&spec.nodes));
    let vnodes_text = use_state(|| list_text(&spec.vnodes));
    let nodes_error = use_state(|| None::<String>);
    let vnodes_error = use_state(|| None::<String>);
    let budget = effective.check();
    let cells = use_state(|| Rc::new(Vec::<Option<Cell>>::new()));
    {
        let cells = cells.clone();
        let ok = budget.is_ok();
        use_effect_with((effective.clone(), ok), move |(spec, ok)| {
            let count = if *ok { spec.cell_count() } else { 0 };
            let empty = vec![None; count];
            cells.set(Rc::new(empty.clone()));
            // The pending frame's handle: dropping it (a new table, or the view going
            // away) stops the work.
            let slot = Rc::new(RefCell::new(None::<AnimationFrame>));
            if count > 0 {
                let done = Rc::new(RefCell::new(empty));
                run_frames(slot.clone(), spec.clone(), done, 0, cells);
            }
            move || {
                slot.borrow_mut().take();
            }
        });
    }

    let onnodes = {
        let (spec, text, error) = (spec.clone(), nodes_text.clone(), nodes_error.clone());
        Callback::from(move |e: Event| {
            let t = super::value_of(&e);
            match parse_nodes(&t) {
                Ok(list) => {
                    error.set(None);
                    spec.set(PaperSpec {
                        nodes: list,
                        ..(*spec).clone()
                    });
                }
                Err(m) => error.set(Some(m)),
            }
            text.set(t);
        })
    };
    let onvnodes = {
        let (spec, text, error) = (spec.clone(), vnodes_text.clone(), vnodes_error.clone());
        Callback::from(move |e: Event| {
            let t = super::value_of(&e);
            match parse_vnodes(&t) {
                Ok(list) => {
                    error.set(None);
                    spec.set(PaperSpec {
                        vnodes: list,
                        ..(*spec).clone()
                    });
                }
                Err(m) => error.set(Some(m)),
            }
            text.set(t);
        })
    };
    let onalgo = {
        let spec = spec.clone();
        Callback::from(move |e: Event| {
            if let Some(kind) = AlgoKind::from_id(&super::value_of(&e)) {
                spec.set(PaperSpec {
                    kind,
                    ..(*spec).clone()
                });
            }
        })
    };
    let onhash = {
        let spec = spec.clone();
        Callback::from(move |e: Event| {
            let v = super::value_of(&e);
            if let Some(hash) = HashFn::ALL.into_iter().find(|h| h.name() == v) {
                spec.set(PaperSpec {
                    hash,
                    ..(*spec).clone()
                });
            }
        })
    };
    let onreset = {
        let (spec, nt, vt, ne, ve) = (
            spec.clone(),
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
            spec.set(d);
        })
    };

    let done = cells.iter().filter(|c| c.is_some()).count();
    let total = if budget.is_ok() {
        effective.cell_count()
    } else {
        0
    };
    let fixed_hash = effective.config(1).algorithm.fixed_hash();
    let hash_note =
        fixed_hash.map(|h| format!("{} always uses {}.", effective.kind.label(), h.name()));
    let chart_drawing = Rc::new(Drawing::Paper(chart(
        &effective.nodes,
        &effective.vnodes,
        &cells,
        props.theme,
        device_pixel_ratio(),
        true,
    )));
    let naming = match effective.kind {
        AlgoKind::Virtual => " — virtual node j of node i is named 192.168.1.i#j; 1 vnode is the basic ring, one point at the hash of 192.168.1.i",
        AlgoKind::Bounded => " — virtual node j of node i is named 192.168.1.i#j",
        _ => "",
    };
    html! {
        <section class="paper" aria-labelledby="paper-title">
            <div class="card paper-controls">
                <h2 id="paper-title">{ "Seed 003's balance table, computed live" }</h2>
                <p class="hint muted">
                    { format!("Nodes 192.168.1.1 … 192.168.1.n{naming}. Each cell is one placement built by ring-core; R1 is the largest share of the hash space over the smallest, R2 and R3 the fraction of nodes within 10% and 2% of the mean share. The cells are computed one after another between frames, and a table may build at most {} points in all.", format::group_thousands(MAX_POINTS)) }
                </p>
                <div class="row-form">
                    <div class="field">
                        <label for="paper-nodes">{ "Node counts (rows)" }</label>
                        <input type="text" id="paper-nodes" value={(*nodes_text).clone()} onchange={onnodes}
                            aria-invalid={nodes_error.is_some().to_string()} aria-describedby="paper-nodes-error" />
                    </div>
                    <div class="field">
                        <label for="paper-vnodes">{ "Virtual nodes per node (columns)" }</label>
                        <input type="text" id="paper-vnodes" value={(*vnodes_text).clone()} onchange={onvnodes}
                            aria-invalid={vnodes_error.is_some().to_string()} aria-describedby="paper-vnodes-error" />
                    </div>
                    <div class="field">
                        <label for="paper-algo">{ "Algorithm" }</label>
                        <select id="paper-algo" onchange={onalgo}>
                            { for AlgoKind::ALL.iter().map(|k| html! {
                                <option value={k.id()} selected={*k == effective.kind}>{ k.label() }</option>
                            }) }
                        </select>
                    </div>
                    <div class="field narrow">
                        <label for="paper-hash">{ "Hash" }</label>
                        <select id="paper-hash" onchange={onhash} disabled={fixed_hash.is_some()}>
                            { for HashFn::ALL.iter().map(|h| html! {
                                <option value={h.name()} selected={*h == effective.effective_hash()}>{ h.name() }</option>
                            }) }
                        </select>
                    </div>
                    <button type="button" id="paper-reset" onclick={onreset}>{ "The paper's table" }</button>
                </div>
                if let Some(e) = nodes_error.as_ref() {
                    <p class="field-error" id="paper-nodes-error" role="alert">{ e }</p>
                }
                if let Some(e) = vnodes_error.as_ref() {
                    <p class="field-error" id="paper-vnodes-error" role="alert">{ e }</p>
                }
                if let Some(n) = hash_note {
                    <p class="hint muted">{ n }</p>
                }
                if !effective.uses_vnodes() {
                    <p class="hint muted">{ format!("{} has no virtual nodes: every column group is the same.", effective.kind.label()) }</p>
                }
                if let Err(e) = &budget {
                    <p class="field-error" id="paper-budget-error" role="alert">{ e }</p>
                }
                <p class="muted paper-progress" id="paper-progress" aria-live="polite">
                    { if total == 0 {
                        "Nothing to compute.".to_string()
                    } else if done < total {
                        format!("Computing: {done} of {total} cells ({} points in all)…", format::group_thousands(effective.work()))
                    } else {
                        format!("All {total} cells computed ({} points in all). The same table on the command line:", format::group_thousands(effective.work()))
                    } }
                    if total > 0 && done == total {
                        <code class="paper-command" id="paper-command">{ effective.command() }</code>
                    }
                </p>
            </div>
            <div class="paper-body">
                <div class="card paper-table-box">
                    <table class="balance paper-table" id="paper-table" aria-busy={(done < total).to_string()}>
                        <caption>{ format!("R1, R2, R3 of {} ({})", effective.kind.label(), effective.effective_hash().name()) }</caption>
                        <thead>
                            <tr>
                                <th scope="col" rowspan="2">{ "Nodes" }</th>
                                { for effective.vnodes.iter().map(|&v| html! {
                                    <th scope="colgroup" colspan="3">{ effective.group_label(v) }</th>
                                }) }
                            </tr>
                            <tr>
                                { for effective.vnodes.iter().map(|_| html! {
                                    <><th scope="col">{ "R1" }</th><th scope="col">{ "R2" }</th><th scope="col">{ "R3" }</th></>
                                }) }
                            </tr>
                        </thead>
                        <tbody>
                            if budget.is_ok() {
                                { for effective.nodes.iter().enumerate().map(|(row, &n)| html! {
                                    <tr>
                                        <th scope="row">{ n }</th>
                                        { for (0..effective.vnodes.len()).map(|c| {
                                            cell_html(cells.get(row * effective.vnodes.len() + c).and_then(|x| x.as_ref()))
                                        }) }
                                    </tr>
                                }) }
                            }
                        </tbody>
                    </table>
                </div>
                <figure class="card paper-chart">
                    <figcaption>{ "R1 against virtual nodes per node (both axes logarithmic); R1 = 1 is perfect balance" }</figcaption>
                    <DrawingCanvas id="paper-chart" label="R1 against virtual nodes per node, one line per node count, both axes logarithmic."
                        drawing={chart_drawing} aspect={0.5} min_height={240.0} />
                    <ul class="paper-legend" aria-label="Lines">
                        { for effective.nodes.iter().enumerate().map(|(i, n)| html! {
                            <li><span class={classes!("swatch", format!("slot-{}", i % 16))} aria-hidden="true"></span>{ format!("{n} nodes") }</li>
                        }) }
                    </ul>
                </figure>
            </div>
        </section>
    }
}
