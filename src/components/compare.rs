//! Compare mode: two to four algorithms side by side over the lab's nodes and keys, each
//! given the same change, each with its picture and its numbers; a table sums them up.

use std::rc::Rc;

use ring_core::metrics::{format, Balance, MoveSummary};
use ring_core::registry::SystemId;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::drawing::{Drawing, DrawingCanvas};
use super::{use_lang, Dispatch};
use crate::draw::scene::{self, View};
use crate::draw::Theme;
use crate::effects::device_pixel_ratio;
use crate::i18n::{num, Lang, Msg, Ui};
use crate::model::compare::{
    client_group, compare, describe_change, placed_alike, Alike, Column, ColumnNumbers,
    CompareChange, CompareSettings, MAX_ALGOS, MIN_ALGOS,
};
use crate::model::limits::MAX_VIEW_KEYS;
use crate::model::view_settings::ViewSetting;
use crate::model::{Action, AlgoId, State};

/// Props of [`CompareView`].
#[derive(Properties, PartialEq)]
pub(crate) struct CompareProps {
    /// The lab's state: its nodes and keys are compared.
    pub(crate) state: Rc<State>,
    /// The lab's dispatcher (the settings are the state's).
    pub(crate) dispatch: Dispatch,
    /// The colours.
    pub(crate) theme: Theme,
}

fn two(v: f64) -> String {
    format::decimal(v, 2)
}

fn r1(b: &Balance) -> String {
    if b.r1.is_finite() {
        two(b.r1)
    } else {
        "∞".to_string()
    }
}

fn moved_text(m: Option<MoveSummary>) -> String {
    match m {
        Some(m) => format!(
            "{} ({})",
            format::group_thousands(m.moved),
            format::percent(m.fraction(), 1)
        ),
        None => "—".to_string(),
    }
}

fn ideal_text(m: Option<MoveSummary>) -> String {
    m.and_then(|m| m.ideal_fraction())
        .map_or_else(|| "—".to_string(), |f| format::percent(f, 1))
}

fn alike_text(a: Option<Alike>) -> String {
    a.map_or_else(
        || "—".to_string(),
        |a| {
            format!(
                "{} ({})",
                format::group_thousands(a.alike),
                format::percent(a.fraction(), 1)
            )
        },
    )
}

fn bytes(n: u64) -> String {
    num::bytes(n)
}

/// The first column's algorithm and how many keys this column places as it does, for
/// every column but the first.
type AlikeWithFirst = Option<(AlgoId, Option<Alike>)>;

fn numbers_list(lang: Lang, n: &ColumnNumbers, alike: AlikeWithFirst) -> Html {
    let dash = || "—".to_string();
    html! {
        <dl class="compare-numbers">
            if let Some((first, alike)) = alike {
                <dt>{ lang.t(Msg::compare_alike(first)) }</dt>
                <dd data-testid="alike">{ alike_text(alike) }</dd>
            }
            <dt>{ lang.ui(Ui::Moved) }</dt>
            <dd data-testid="moved">{ moved_text(n.moves) }</dd>
            <dt>{ lang.ui(Ui::Ideal) }</dt>
            <dd>{ ideal_text(n.moves) }</dd>
            <dt><abbr title={lang.ui(Ui::PeakAboutKeys)}>{ lang.ui(Ui::PeakMean) }</abbr></dt>
            <dd>{ n.keys.map_or_else(dash, |b| two(b.peak_to_mean)) }</dd>
            <dt><abbr title={lang.ui(Ui::R1AboutShares)}>{ lang.ui(Ui::R1) }</abbr></dt>
            <dd data-testid="r1">{ n.space.map_or_else(dash, |b| r1(&b)) }</dd>
            <dt><abbr title={lang.ui(Ui::R2AboutShares)}>{ lang.ui(Ui::R2) }</abbr></dt>
            <dd>{ n.space.map_or_else(dash, |b| format::percent(b.r2, 0)) }</dd>
            <dt><abbr title={lang.ui(Ui::R3AboutShares)}>{ lang.ui(Ui::R3) }</abbr></dt>
            <dd>{ n.space.map_or_else(dash, |b| format::percent(b.r3, 0)) }</dd>
            <dt>{ lang.ui(Ui::Memory) }</dt>
            <dd data-testid="memory">{ bytes(n.memory) }</dd>
        </dl>
    }
}

fn column_card(lang: Lang, c: &Column, index: usize, theme: Theme, alike: AlikeWithFirst) -> Html {
    let title = lang.t(Msg::AlgoLabel(c.kind));
    match &c.outcome {
        Ok(state) => {
            let view = View {
                scale: device_pixel_ratio(),
                theme,
                ..View::default()
            };
            let sc = scene::picture(state, &view);
            let aspect = match sc {
                scene::Scene::Ring(_) => 1.0,
                scene::Scene::Bins(_) => 0.8,
            };
            let numbers = c.numbers();
            let label = lang.t(Msg::CompareColumn {
                kind: c.kind,
                nodes: state.current.nodes.len(),
            });
            html! {
                <figure class="compare-col card" data-algo={c.kind.id()}>
                    <figcaption><h3>{ title }</h3></figcaption>
                    <DrawingCanvas id={format!("compare-canvas-{index}")} {label}
                        drawing={Rc::new(Drawing::Scene(sc))} {aspect} min_height={150.0} />
                    { numbers.map(|n| numbers_list(lang, &n, alike)).unwrap_or_default() }
                </figure>
            }
        }
        Err(e) => html! {
            <figure class="compare-col card" data-algo={c.kind.id()}>
                <figcaption><h3>{ title }</h3></figcaption>
                <p class="field-error" role="alert">{ lang.text(e) }</p>
            </figure>
        },
    }
}

/// The three changes a view can apply (a node joins, the last one up leaves, none), as
/// buttons `{prefix}-change-{id}` with the one in force pressed; `pick` hears the choice.
pub(crate) fn change_buttons(
    prefix: &str,
    state: &State,
    lang: Lang,
    current: CompareChange,
    pick: &Callback<CompareChange>,
) -> Html {
    let add = lang.t(Msg::CompareAddButton {
        name: state.suggested_name(),
    });
    let remove = lang.t(match describe_change(state, CompareChange::RemoveLast) {
        Msg::CompareRemove { name } => Msg::CompareRemoveButton { name },
        _ => Msg::Ui(Ui::RemoveLastNode),
    });
    let none = lang.ui(Ui::NoChange).to_string();
    let buttons = [
        (CompareChange::AddNode, add),
        (CompareChange::RemoveLast, remove),
        (CompareChange::None, none),
    ];
    html! {
        { for buttons.into_iter().map(|(change, text)| {
            let pressed = current == change;
            let onclick = pick.reform(move |_: MouseEvent| change);
            html! {
                <button type="button" id={format!("{prefix}-change-{}", change.id())}
                    class={classes!(pressed.then_some("primary"))}
                    aria-pressed={pressed.to_string()} {onclick}>{ text }</button>
            }
        }) }
    }
}

/// Compare mode.
#[component]
pub(crate) fn CompareView(props: &CompareProps) -> Html {
    let lang = use_lang();
    let settings = props.state.views.compare.clone();
    let set = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |s| dispatch.dispatch(Action::SetViewSetting(ViewSetting::Compare(s))))
    };
    let error = use_state(Option::<Msg>::default);
    let state = props.state.clone();
    // Recomputed when the lab's cluster or keys change, or the settings do.
    let columns = use_memo(
        (
            state.version,
            Rc::as_ptr(&state.current) as usize,
            settings.clone(),
        ),
        {
            let state = state.clone();
            move |(_, _, s)| compare(&state, s)
        },
    );
    let oncsv = {
        let columns = columns.clone();
        Callback::from(move |_: MouseEvent| {
            let csv = crate::model::export::compare_csv(&columns);
            if let Err(e) = crate::share::download_text(
                &csv,
                crate::model::export::COMPARE_FILE_NAME,
                "text/csv;charset=utf-8",
            ) {
                gloo::console::error!("saving the compare table failed", e);
            }
        })
    };
    let toggle = |kind: AlgoId| {
        let on = settings.kinds.contains(&kind);
        let onchange = {
            let (settings, set, error) = (settings.clone(), set.clone(), error.clone());
            Callback::from(move |e: Event| match settings.toggled(kind, !on) {
                Ok(next) => {
                    error.set(None);
                    set.emit(next);
                }
                Err(message) => {
                    error.set(Some(message));
                    // The box goes back to the state in force (the rendered value did not
                    // change, so the re-render would not touch it).
                    if let Some(input) = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                    {
                        input.set_checked(on);
                    }
                }
            })
        };
        // A system's id may be an algorithm's too (go-zero).
        let group = if kind.is_system() { "system-" } else { "" };
        let id = format!("compare-{group}{}", kind.id());
        html! {
            <label class="check" for={id.clone()}>
                <input type="checkbox" id={id} checked={on} {onchange}
                    aria-describedby="compare-error" />
                { lang.t(Msg::AlgoLabel(kind)) }
            </label>
        }
    };
    let systems_on = settings.kinds.iter().any(|k| k.is_system());
    let pick = {
        let (settings, set) = (settings.clone(), set.clone());
        Callback::from(move |change| {
            set.emit(CompareSettings {
                change,
                ..settings.clone()
            })
        })
    };
    let up = state.nodes.iter().filter(|n| !n.down).count();
    // Once for the cards and the table: each is a pass over the columns' owners.
    let alikes: Vec<AlikeWithFirst> = (0..columns.len())
        .map(|i| {
            let first = columns.first().filter(|_| i > 0)?;
            Some((
                first.kind,
                columns.get(i).and_then(|c| placed_alike(first, c)),
            ))
        })
        .collect();
    let alike_with_first = |i: usize| alikes.get(i).copied().flatten();
    let first_kind = columns.first().map(|c| c.kind);
    let groups = ring_core::systems::client_groups();
    let group_button = |(program, members): &(&'static str, Vec<SystemId>)| {
        let program = *program;
        let onclick = {
            let (settings, set, error) = (settings.clone(), set.clone(), error.clone());
            Callback::from(move |_: MouseEvent| {
                if let Some(next) = client_group(&settings, program) {
                    error.set(None);
                    set.emit(next);
                }
            })
        };
        html! {
            <button type="button" id={format!("compare-clients-{program}")} {onclick}
                aria-describedby="compare-clients-hint">
                { lang.t(Msg::compare_client_group(program, members.len() as u64)) }
            </button>
        }
    };
    html! {
        <section class="compare" aria-labelledby="compare-title">
            <div class="card compare-controls">
                <h2 id="compare-title">{ lang.ui(Ui::CompareTitle) }</h2>
                <p class="hint muted">
                    { lang.t(Msg::CompareHint { up, keys: state.keys.len() }) }
                </p>
                if state.keys.len() > MAX_VIEW_KEYS {
                    <p class="hint muted" id="compare-first-keys">
                        { lang.t(Msg::ViewFirstKeys { used: MAX_VIEW_KEYS, of: state.keys.len() }) }
                    </p>
                }
                <fieldset class="compare-algos">
                    <legend>{ lang.t(Msg::CompareAlgos { min: MIN_ALGOS, max: MAX_ALGOS }) }</legend>
                    { for AlgoId::algorithms().map(toggle) }
                    <details class="compare-systems" open={systems_on}>
                        <summary>{ lang.ui(Ui::SystemsGroup) }</summary>
                        { for SystemId::ALL.into_iter().map(|s| toggle(s.algo())) }
                    </details>
                </fieldset>
                <div class="compare-clients" role="group" aria-labelledby="compare-clients-label">
                    <span class="inline-label" id="compare-clients-label">{ lang.t(Msg::compare_clients()) }</span>
                    { for groups.iter().map(group_button) }
                </div>
                <p class="hint muted" id="compare-clients-hint">{ lang.t(Msg::compare_clients_hint(MAX_ALGOS as u64)) }</p>
                if let Some(e) = error.as_ref() {
                    <p class="field-error" id="compare-error" role="alert">{ lang.text(e) }</p>
                }
                <div class="compare-changes" role="group" aria-label={lang.ui(Ui::CompareChangeGroup)}>
                    <span class="inline-label">{ lang.ui(Ui::ChangeColon) }</span>
                    { change_buttons("compare", &state, lang, settings.change, &pick) }
                </div>
            </div>
            <div class={classes!("compare-grid", format!("cols-{}", columns.len()))} id="compare-grid">
                { for columns.iter().enumerate().map(|(i, c)| column_card(lang, c, i, props.theme, alike_with_first(i))) }
            </div>
            // Focusable: on a narrow screen the table scrolls sideways, which a keyboard must
            // reach too (axe: scrollable-region-focusable).
            <div class="card" tabindex="0">
                <table class="balance compare-table" id="compare-table">
                    <caption>{ lang.t(Msg::CompareSummary { what: Box::new(describe_change(&state, settings.change)) }) }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ lang.ui(Ui::Algorithm) }</th>
                            <th scope="col">{ lang.ui(Ui::KeysMoved) }</th>
                            <th scope="col">{ lang.ui(Ui::Ideal) }</th>
                            <th scope="col"><abbr title={lang.ui(Ui::PeakAboutKeys)}>{ lang.ui(Ui::PeakMean) }</abbr></th>
                            <th scope="col"><abbr title={lang.ui(Ui::R1AboutShares)}>{ lang.ui(Ui::R1) }</abbr></th>
                            <th scope="col"><abbr title={lang.ui(Ui::R2AboutShares)}>{ lang.ui(Ui::R2) }</abbr></th>
                            <th scope="col"><abbr title={lang.ui(Ui::R3AboutShares)}>{ lang.ui(Ui::R3) }</abbr></th>
                            <th scope="col">{ lang.ui(Ui::Memory) }</th>
                            <th scope="col"><abbr title={lang.ui(Ui::SizeAbout)}>{ lang.ui(Ui::Size) }</abbr></th>
                            if let Some(first) = first_kind {
                                <th scope="col">{ lang.t(Msg::compare_alike(first)) }</th>
                            }
                        </tr>
                    </thead>
                    <tbody>
                        { for columns.iter().enumerate().map(|(i, c)| {
                            let dash = || "—".to_string();
                            match c.numbers() {
                                Some(n) => html! {
                                    <tr data-algo={c.kind.id()}>
                                        <th scope="row">{ lang.t(Msg::AlgoLabel(c.kind)) }</th>
                                        <td>{ moved_text(n.moves) }</td>
                                        <td>{ ideal_text(n.moves) }</td>
                                        <td>{ n.keys.map_or_else(dash, |b| two(b.peak_to_mean)) }</td>
                                        <td>{ n.space.map_or_else(dash, |b| r1(&b)) }</td>
                                        <td>{ n.space.map_or_else(dash, |b| format::percent(b.r2, 0)) }</td>
                                        <td>{ n.space.map_or_else(dash, |b| format::percent(b.r3, 0)) }</td>
                                        <td>{ bytes(n.memory) }</td>
                                        <td>{ format::group_thousands(n.points) }</td>
                                        <td data-testid="alike">{ alike_text(alike_with_first(i).and_then(|(_, a)| a)) }</td>
                                    </tr>
                                },
                                None => html! {
                                    <tr data-algo={c.kind.id()}>
                                        <th scope="row">{ lang.t(Msg::AlgoLabel(c.kind)) }</th>
                                        <td colspan="9">{ c.outcome.as_ref().err().map(|e| lang.text(e)).unwrap_or_default() }</td>
                                    </tr>
                                },
                            }
                        }) }
                    </tbody>
                </table>
                <button type="button" id="export-compare-csv" class="ghost" onclick={oncsv}
                    title={lang.ui(Ui::CompareCsvLabel)}>{ lang.ui(Ui::CompareCsv) }</button>
            </div>
        </section>
    }
}
