//! The algorithm and hash menus, the default virtual-node count, and the chosen
//! algorithm's own parameters.

use std::rc::Rc;

use ring_core::ketama::Weighting;
use ring_core::ring::Naming;
use ring_core::HashFn;
use yew::prelude::*;

use super::field_error::{invalid, FieldError};
use super::{use_lang, value_of, Dispatch};
use crate::i18n::{Msg, Ui};
use crate::model::{Action, AlgoKind, Field, InputError, State};

/// Props of [`AlgorithmPanel`].
#[derive(Properties, PartialEq)]
pub struct AlgorithmPanelProps {
    /// The state.
    pub state: Rc<State>,
    /// Changes the state.
    pub dispatch: Dispatch,
}

fn number_field(
    state: &Rc<State>,
    dispatch: &Dispatch,
    id: &'static str,
    label: &'static str,
    value: String,
    field: Field,
    action: fn(String) -> Action,
) -> Html {
    let d = dispatch.clone();
    let onchange = Callback::from(move |e: Event| d.dispatch(action(value_of(&e))));
    let err = format!("{id}-error");
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <input id={id} type="text" inputmode="decimal" class="num"
                value={InputError::shown(state.error.as_deref(), field, value)} onchange={onchange}
                aria-invalid={invalid(state, field).to_string()} aria-describedby={err.clone()} />
            <FieldError state={state.clone()} field={field} id={err} />
        </div>
    }
}

/// The algorithm panel.
#[component]
pub fn AlgorithmPanel(props: &AlgorithmPanelProps) -> Html {
    let state = &props.state;
    let lang = use_lang();
    let d = &props.dispatch;
    let onalgo = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Some(kind) = AlgoKind::from_id(&value_of(&e)) {
                d.dispatch(Action::SetAlgorithm(kind));
            }
        })
    };
    let onhash = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Ok(hash) = value_of(&e).parse::<HashFn>() {
                d.dispatch(Action::SetHash(hash));
            }
        })
    };
    let config = state.config();
    let fixed = config.algorithm.fixed_hash();
    let shown_hash = config.effective_hash();
    let params = &state.params;
    let extra = match state.kind {
        AlgoKind::Virtual => {
            let d = d.clone();
            let onnaming = Callback::from(move |e: Event| {
                if let Some(n) = Naming::parse(&value_of(&e)) {
                    d.dispatch(Action::SetNaming(n));
                }
            });
            html! {
                <div class="field">
                    <label for="naming">{ lang.ui(Ui::VnodeNames) }</label>
                    <select id="naming" onchange={onnaming}>
                        { for Naming::ALL.iter().map(|n| html! {
                            <option value={n.name()} selected={*n == params.naming}>{ lang.t(Msg::NamingLabel(*n)) }</option>
                        }) }
                    </select>
                </div>
            }
        }
        AlgoKind::Ketama => {
            let d = d.clone();
            let onweighting = Callback::from(move |e: Event| {
                let v = value_of(&e);
                if let Some(w) = Weighting::ALL.into_iter().find(|w| w.name() == v) {
                    d.dispatch(Action::SetWeighting(w));
                }
            });
            html! {
                <div class="field">
                    <label for="weighting">{ lang.ui(Ui::WeightsAsIn) }</label>
                    <select id="weighting" onchange={onweighting}>
                        { for Weighting::ALL.iter().map(|w| html! {
                            <option value={w.name()} selected={*w == params.weighting}>{ lang.t(Msg::WeightingLabel(*w)) }</option>
                        }) }
                    </select>
                </div>
            }
        }
        AlgoKind::GoZero => number_field(
            state,
            d,
            "replicas",
            lang.ui(Ui::ReplicasLabel),
            params.replicas.to_string(),
            Field::Replicas,
            Action::SetReplicas,
        ),
        AlgoKind::SlotTable => number_field(
            state,
            d,
            "slots",
            lang.ui(Ui::SlotsLabel),
            params.slots.to_string(),
            Field::Slots,
            Action::SetSlots,
        ),
        AlgoKind::Maglev => number_field(
            state,
            d,
            "table-size",
            lang.ui(Ui::TableSizeLabel),
            params.table_size.to_string(),
            Field::TableSize,
            Action::SetTableSize,
        ),
        AlgoKind::Bounded => number_field(
            state,
            d,
            "epsilon",
            lang.ui(Ui::EpsilonLabel),
            params.epsilon.to_string(),
            Field::Epsilon,
            Action::SetEpsilon,
        ),
        _ => Html::default(),
    };
    let vnodes = if state.kind.uses_vnodes() {
        number_field(
            state,
            d,
            "default-vnodes",
            lang.ui(Ui::DefaultVnodesLabel),
            state.default_vnodes.to_string(),
            Field::DefaultVnodes,
            Action::SetDefaultVnodes,
        )
    } else {
        Html::default()
    };
    html! {
        <section class="card" aria-labelledby="algo-title">
            <h2 id="algo-title">{ lang.ui(Ui::AlgorithmTitle) }</h2>
            <div class="field">
                <label for="algorithm">{ lang.ui(Ui::Placement) }</label>
                <select id="algorithm" onchange={onalgo} aria-describedby="algorithm-about algorithm-error">
                    { for AlgoKind::ALL.iter().map(|k| html! {
                        <option value={k.id()} selected={*k == state.kind}>{ lang.t(Msg::AlgoLabel(*k)) }</option>
                    }) }
                </select>
                <p class="muted hint" id="algorithm-about">{ lang.t(Msg::AlgoAbout(state.kind)) }</p>
                <FieldError state={state.clone()} field={Field::Algorithm} id="algorithm-error" />
            </div>
            <div class="field">
                <label for="hash">{ lang.ui(Ui::HashFunction) }</label>
                <select id="hash" onchange={onhash} disabled={fixed.is_some()} aria-describedby="hash-note">
                    { for HashFn::ALL.iter().map(|h| html! {
                        <option value={h.name()} selected={*h == shown_hash}>{ h.name() }</option>
                    }) }
                </select>
                <p class="muted hint" id="hash-note">{
                    lang.t(match fixed {
                        Some(hash) => Msg::HashFixed { kind: state.kind, hash },
                        None => Msg::HashRange { hash: shown_hash },
                    })
                }</p>
            </div>
            { vnodes }
            { extra }
        </section>
    }
}
