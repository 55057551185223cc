//! The algorithm and hash menus, the default virtual-node count, and the chosen
//! algorithm's own parameters.

use std::rc::Rc;

use ring_core::registry::{ParamKind, ParamRef, SystemId};
use ring_core::HashFn;
use yew::prelude::*;

use super::field_error::{field_error, invalid};
use super::{use_lang, value_of, Dispatch};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::{Action, AlgoId, Field, InputError, State};

/// Props of [`AlgorithmPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct AlgorithmPanelProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// Changes the state.
    pub(crate) dispatch: Dispatch,
}

// Eight arguments: the field's own words and wiring, which a struct would only rename.
#[allow(clippy::too_many_arguments)]
fn number_field(
    state: &Rc<State>,
    dispatch: &Dispatch,
    lang: Lang,
    id: &'static str,
    label: String,
    value: String,
    field: Field,
    action: impl Fn(String) -> Action + 'static,
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
            { field_error(state, field, err.clone(), lang) }
        </div>
    }
}

/// The field of one parameter of the chosen algorithm, as the registry describes it: a menu
/// for named options, a text field for a number. Its id is the parameter's flag.
fn param_field(state: &Rc<State>, dispatch: &Dispatch, lang: Lang, param: ParamRef) -> Html {
    let spec = param.spec();
    let id = spec.flag;
    let field = Field::Param(param);
    let value = state.params.get(param);
    let label = lang.t(Msg::ParamLabel(param)).to_string();
    let text = move |text: String| Action::SetParam { param, text };
    match spec.kind {
        ParamKind::Choice { options, .. } => {
            let d = dispatch.clone();
            let onchange = Callback::from(move |e: Event| d.dispatch(text(value_of(&e))));
            let err = format!("{id}-error");
            let shown = options
                .get(value as usize)
                .copied()
                .unwrap_or_default()
                .to_string();
            html! {
                <div class="field">
                    <label for={id}>{ label }</label>
                    <SyncedSelect {id} value={shown} {onchange} describedby={err.clone()}>
                        { for options.iter().enumerate().map(|(i, name)| html! {
                            <option value={*name} selected={i == value as usize}>{ lang.t(Msg::OptionLabel(param, i)) }</option>
                        }) }
                    </SyncedSelect>
                    { field_error(state, field, err.clone(), lang) }
                </div>
            }
        }
        _ => number_field(
            state,
            dispatch,
            lang,
            id,
            label,
            spec.write(value),
            field,
            text,
        ),
    }
}

/// Props of [`SyncedSelect`].
#[derive(Properties, PartialEq)]
struct SyncedSelectProps {
    /// The element id.
    id: AttrValue,
    /// The option's value the state holds.
    value: String,
    /// Hears the reader's pick.
    onchange: Callback<Event>,
    /// `aria-describedby`.
    describedby: String,
    /// The options.
    children: Html,
}

/// A menu that shows the state's option also after the state changed it back (an undo):
/// an option's `selected` attribute only sets its default.
#[component]
fn SyncedSelect(props: &SyncedSelectProps) -> Html {
    let select = use_node_ref();
    crate::effects::use_select_value(&select, props.value.clone());
    html! {
        <select id={props.id.clone()} ref={select} onchange={props.onchange.clone()}
            aria-describedby={props.describedby.clone()}>
            { props.children.clone() }
        </select>
    }
}

/// The algorithm panel.
#[component]
pub(crate) fn AlgorithmPanel(props: &AlgorithmPanelProps) -> Html {
    let state = &props.state;
    let lang = use_lang();
    let d = &props.dispatch;
    let onalgo = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let value = value_of(&e);
            let kind = match value.strip_prefix(SYSTEM_VALUE) {
                Some(id) => SystemId::from_id(id).map(SystemId::algo),
                None => AlgoId::from_name(&value),
            };
            if let Some(kind) = kind {
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
    let algo_select = use_node_ref();
    let hash_select = use_node_ref();
    let value_of_kind = |k: AlgoId| match k.system() {
        Some(system) => format!("{SYSTEM_VALUE}{}", system.id()),
        None => k.id().to_string(),
    };
    crate::effects::use_select_value(&algo_select, value_of_kind(state.kind));
    crate::effects::use_select_value(
        &hash_select,
        state.config().effective_hash().name().to_string(),
    );
    let (systems, algorithms): (Vec<AlgoId>, Vec<AlgoId>) =
        AlgoId::ALL.into_iter().partition(|k| k.is_system());
    let option = |k: AlgoId| {
        let value = value_of_kind(k);
        html! { <option {value} selected={k == state.kind}>{ lang.t(Msg::AlgoLabel(k)) }</option> }
    };
    let config = state.config();
    let fixed = config.algorithm.fixed_hash();
    let shown_hash = config.effective_hash();
    let extra: Html = (0..state.kind.spec().params.len())
        .map(|i| param_field(state, d, lang, ParamRef::new(state.kind, i as u8)))
        .collect();
    let vnodes = if state.kind.spec().uses_vnodes {
        number_field(
            state,
            d,
            lang,
            "default-vnodes",
            lang.ui(Ui::DefaultVnodesLabel).to_string(),
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
                <select id="algorithm" ref={algo_select} onchange={onalgo} aria-describedby="algorithm-about algorithm-error">
                    <optgroup label={lang.ui(Ui::AlgorithmsGroup)}>
                        { for algorithms.into_iter().map(option) }
                    </optgroup>
                    <optgroup label={lang.ui(Ui::SystemsGroup)}>
                        { for systems.into_iter().map(option) }
                    </optgroup>
                </select>
                <p class="muted hint" id="algorithm-about">{ lang.t(Msg::AlgoAbout(state.kind)) }</p>
                { source_line(state.kind, lang) }
                { field_error(state, Field::Algorithm, "algorithm-error", lang) }
            </div>
            { if state.kind.is_system() { Html::default() } else { html! {
            <div class="field">
                <label for="hash">{ lang.ui(Ui::HashFunction) }</label>
                <select id="hash" ref={hash_select} onchange={onhash} disabled={fixed.is_some()} aria-describedby="hash-note">
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
            } } }
            { vnodes }
            { extra }
        </section>
    }
}

/// The value of a system's option in the algorithm menu: apart from the algorithms' ids,
/// which one system's id (go-zero) shares.
const SYSTEM_VALUE: &str = "system:";

/// A system's source, linked: "repository path" becomes the file on GitHub.
fn source_line(kind: AlgoId, lang: Lang) -> Html {
    let Some(system) = kind.system() else {
        return Html::default();
    };
    let spec = system.spec();
    html! {
        <p class="muted hint system-source">
            { lang.ui(Ui::SourceLabel) }{ " " }
            <a href={spec.source_address()} rel="noopener" target="_blank">{ spec.source }</a>
        </p>
    }
}
