//! Sharing and exporting: "Copy link" in the title bar (the link to the state as it is,
//! copied to the clipboard, and shown selected to copy by hand where the browser refuses),
//! the export card (the pictures as PNG files, the per-node loads as CSV), and in an
//! embedded page a slim bar that links to the full lab.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::use_lang;
use crate::i18n::{Lang, Msg, Ui};
use crate::model::embed::{self, element_snippet, iframe_snippet, EmbedOptions};
use crate::model::export;
use crate::model::url::{Embed, ThemeChoice};
use crate::model::url::{Limits, Shared, SharedKeys};
use crate::model::{KeySource, State};
use crate::share::{copy_text, download_canvas, download_text, link_to};

/// Props of [`CopyLink`], [`ExportPanel`] and [`EmbedBar`].
#[derive(Properties, PartialEq)]
pub(crate) struct SharePanelProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// The theme picked, if any (it is part of the link).
    pub(crate) theme: Option<bool>,
    /// The language picked, if any (it is part of the link).
    #[prop_or_default]
    pub(crate) lang: Option<Lang>,
    /// Whether the dialog is open at the start (the address's fragment `#embed` asks for it).
    #[prop_or_default]
    pub(crate) open: bool,
}

/// How many pasted keys a link leaves out (too many to carry), if any.
fn keys_left_out(state: &State) -> Option<usize> {
    if !matches!(state.keys.source, KeySource::Pasted) {
        return None;
    }
    let shared = Shared::of(state, None);
    let counted = shared.to_query(Limits::LINK).contains("pasted=");
    match shared.keys {
        SharedKeys::Pasted(list) if counted => Some(list.len()),
        _ => None,
    }
}

/// Closes a popover (its `open` flag) when Escape is pressed within it.
fn close_on_escape(open: &UseStateHandle<bool>) -> Callback<KeyboardEvent> {
    let open = open.clone();
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            open.set(false);
        }
    })
}

/// "Copy link": copies the link and shows it, selected, below the title bar.
#[component]
pub(crate) fn CopyLink(props: &SharePanelProps) -> Html {
    let lang = use_lang();
    let open = use_state(bool::default);
    let status = use_state(Option::<Ui>::default);
    let field = use_node_ref();
    // Written only while shown: with many pasted keys, writing the link is not free.
    let link = if *open {
        link_to(&props.state, props.theme, props.lang)
    } else {
        String::new()
    };

    let oncopy = {
        let (open, status, field) = (open.clone(), status.clone(), field.clone());
        let (state, theme, chosen) = (props.state.clone(), props.theme, props.lang);
        Callback::from(move |_: MouseEvent| {
            let link = link_to(&state, theme, chosen);
            open.set(true);
            status.set(None);
            let (status, field) = (status.clone(), field.clone());
            copy_text(
                &link,
                Callback::from(move |copied: bool| {
                    if copied {
                        status.set(Some(Ui::LinkCopied));
                    } else {
                        status.set(Some(Ui::CopyRefused));
                        if let Some(input) = field.cast::<HtmlInputElement>() {
                            let _ = input.focus();
                            input.select();
                        }
                    }
                }),
            );
        })
    };
    let onclose = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    let onkeydown = close_on_escape(&open);
    let onfocuslink = Callback::from(|e: FocusEvent| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            input.select();
        }
    });
    let left_out = if *open {
        keys_left_out(&props.state)
    } else {
        None
    };
    html! {
        <div class="copy-link" {onkeydown}>
            <button type="button" id="copy-link" class="primary" onclick={oncopy}
                aria-expanded={open.to_string()} aria-controls="share-pop">{ lang.ui(Ui::CopyLink) }</button>
            <div class="share-pop card" id="share-pop" hidden={!*open}>
                <p class="share-status" id="share-status" role="status">{ status.map(|s| lang.ui(s)).unwrap_or_default() }</p>
                <label for="share-link">{ lang.ui(Ui::LinkLabel) }</label>
                <input id="share-link" type="text" readonly=true value={link} ref={field}
                    onfocus={onfocuslink} class="share-link" spellcheck="false" />
                if let Some(n) = left_out {
                    <p class="muted hint" id="share-keys-note">
                        { lang.t(Msg::ShareKeysNote { count: n }) }
                    </p>
                }
                <div class="share-pop-actions">
                    <button type="button" id="share-close" class="ghost" onclick={onclose}>{ lang.ui(Ui::Done) }</button>
                </div>
            </div>
        </div>
    }
}

/// "Embed": the element and the iframe that show what the lab shows, with the options
/// picked, and a preview.
#[component]
pub(crate) fn EmbedButton(props: &SharePanelProps) -> Html {
    let lang = use_lang();
    let open = use_state(|| props.open);
    let options = use_state(EmbedOptions::default);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let onclose = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    let onkeydown = close_on_escape(&open);
    // Each control sets one field of the options from its value.
    let set = |apply: fn(&mut EmbedOptions, &str, bool)| {
        let options = options.clone();
        Callback::from(move |e: Event| {
            let checked = e
                .target_dyn_into::<HtmlInputElement>()
                .is_some_and(|i| i.checked());
            let mut next = *options;
            apply(&mut next, &super::value_of(&e), checked);
            options.set(next);
        })
    };
    let o = *options;
    let has_change = props.state.change.is_some();
    let effective = EmbedOptions {
        change: o.change && has_change,
        ..o
    };
    let base = crate::share::lab_base();
    let (element, iframe, preview) = if *open {
        (
            element_snippet(&props.state, effective, &base),
            iframe_snippet(&props.state, effective, &base),
            format!("{base}?{}", embed::query(&props.state, effective)),
        )
    } else {
        Default::default()
    };
    // The changes made so far, as a lecture to play back (presenter mode).
    let lecture = (*open)
        .then(|| crate::model::url::lecture_query(&props.state))
        .flatten()
        .map(|query| format!("{base}?{query}"));
    let shows = [
        (Embed::Full, "all", Ui::EmbedWhole),
        (Embed::Ring, "ring", Ui::EmbedRing),
        (Embed::Chart, "chart", Ui::EmbedCharts),
    ];
    let check = |id: &'static str,
                 on: bool,
                 enabled: bool,
                 text: Ui,
                 apply: fn(&mut EmbedOptions, &str, bool)| {
        html! {
            <label class="check" for={id}>
                <input type="checkbox" {id} checked={on} disabled={!enabled} onchange={set(apply)} />
                { lang.ui(text) }
            </label>
        }
    };
    html! {
        <div class="copy-link" {onkeydown}>
            <button type="button" id="embed-open" onclick={toggle}
                aria-expanded={open.to_string()} aria-controls="embed-pop">{ lang.ui(Ui::EmbedButton) }</button>
            <div class="share-pop embed-pop card" id="embed-pop" hidden={!*open}>
                <fieldset class="embed-options">
                    <legend>{ lang.ui(Ui::EmbedShows) }</legend>
                    { for shows.iter().map(|&(show, value, text)| html! {
                        <label class="check" for={format!("embed-show-{value}")}>
                            <input type="radio" id={format!("embed-show-{value}")} name="embed-show" {value} checked={o.show == show}
                                onchange={set(|o, v, _| o.show = match v { "all" => Embed::Full, "chart" => Embed::Chart, _ => Embed::Ring })} />
                            { lang.ui(text) }
                        </label>
                    }) }
                    { check("embed-legend", o.legend, true, Ui::EmbedLegend, |o, _, on| o.legend = on) }
                    { check("embed-controls", o.controls, true, Ui::EmbedControls, |o, _, on| o.controls = on) }
                    { check("embed-change", effective.change, has_change, Ui::EmbedChange, |o, _, on| o.change = on) }
                </fieldset>
                <div class="row-form">
                    <label for="embed-lang">{ lang.ui(Ui::EmbedLang) }</label>
                    <select id="embed-lang" onchange={set(|o, v, _| o.lang = Lang::from_id(v))}>
                        <option value="" selected={o.lang.is_none()}>{ lang.ui(Ui::EmbedReaders) }</option>
                        { for Lang::ALL.iter().map(|&l| html! {
                            <option value={l.id()} lang={l.html_tag()} selected={o.lang == Some(l)}>{ l.native_name() }</option>
                        }) }
                    </select>
                    <label for="embed-theme">{ lang.ui(Ui::EmbedTheme) }</label>
                    <select id="embed-theme" onchange={set(|o, v, _| o.theme = match v { "light" => Some(ThemeChoice::Light), "dark" => Some(ThemeChoice::Dark), _ => None })}>
                        <option value="" selected={o.theme.is_none()}>{ lang.ui(Ui::EmbedHosts) }</option>
                        <option value="light" selected={o.theme == Some(ThemeChoice::Light)}>{ lang.ui(Ui::EmbedLight) }</option>
                        <option value="dark" selected={o.theme == Some(ThemeChoice::Dark)}>{ lang.ui(Ui::EmbedDark) }</option>
                    </select>
                </div>
                <label for="embed-element">{ lang.ui(Ui::EmbedElement) }</label>
                <textarea id="embed-element" class="share-link" rows="4" readonly=true value={element} spellcheck="false" />
                <label for="embed-iframe">{ lang.ui(Ui::EmbedIframe) }</label>
                <textarea id="embed-iframe" class="share-link" rows="4" readonly=true value={iframe} spellcheck="false" />
                if let Some(lecture) = lecture.as_ref() {
                    <label for="embed-lecture">{ lang.t(Msg::lecture_link_label()) }</label>
                    <textarea id="embed-lecture" class="share-link" rows="3" readonly=true value={lecture.clone()}
                        spellcheck="false" aria-describedby="embed-lecture-hint" />
                    <p class="muted hint" id="embed-lecture-hint">{ lang.t(Msg::lecture_link_hint()) }</p>
                }
                if *open {
                    <iframe id="embed-preview" class="embed-preview" title={lang.ui(Ui::EmbedPreview)} src={preview} loading="lazy"></iframe>
                }
                <div class="share-pop-actions">
                    <button type="button" id="embed-close" class="ghost" onclick={onclose}>{ lang.ui(Ui::Done) }</button>
                </div>
            </div>
        </div>
    }
}

/// The pictures that can be saved: canvas id, file name stem, button label, its
/// accessible name.
const PICTURES: [(&str, &str, Ui, Ui); 3] = [
    ("ring-canvas", "ring", Ui::PictureRing, Ui::SaveRingLabel),
    (
        "loads-chart",
        "keys-per-node",
        Ui::PictureLoads,
        Ui::SaveLoadsLabel,
    ),
    (
        "shares-chart",
        "hash-space",
        Ui::PictureShares,
        Ui::SaveSharesLabel,
    ),
];

/// The export card: the pictures as PNG, the loads as CSV.
#[component]
pub(crate) fn ExportPanel(props: &SharePanelProps) -> Html {
    let lang = use_lang();
    let status = use_state(Option::<Msg>::default);
    let state = &props.state;
    let report = {
        let status = status.clone();
        move |name: String| {
            let status = status.clone();
            Callback::from(move |error: Option<Ui>| {
                status.set(Some(match error {
                    None => Msg::saved(name.as_str()),
                    Some(why) => Msg::could_not_save(name.as_str(), Msg::Ui(why)),
                }));
            })
        }
    };
    let algo = state.kind.id();
    let pictures: Html = PICTURES
        .iter()
        .map(|&(id, stem, label, about)| {
            let name = format!("ringlab-{stem}-{algo}.png");
            let done = report(name.clone());
            let onclick = Callback::from(move |_: MouseEvent| {
                download_canvas(id, name.clone(), done.clone());
            });
            html! {
                <button type="button" id={format!("export-{stem}")} class="ghost" {onclick}
                    aria-label={lang.ui(about)}>
                    { lang.ui(label) }
                </button>
            }
        })
        .collect();
    let oncsv = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let name = export::loads_file_name(&state);
            let done = report(name.clone());
            let result = download_text(&export::loads_csv(&state), &name, "text/csv;charset=utf-8");
            done.emit(result.err().map(|_| Ui::DownloadFailed));
        })
    };
    html! {
        <section class="card export" aria-labelledby="export-title">
            <h2 id="export-title">{ lang.ui(Ui::SaveTitle) }</h2>
            <div class="export-row">
                <span class="export-kind muted">{ lang.ui(Ui::Png) }</span>
                { pictures }
            </div>
            <div class="export-row">
                <span class="export-kind muted">{ lang.ui(Ui::Csv) }</span>
                <button type="button" id="export-csv" class="ghost" onclick={oncsv}
                    aria-label={lang.ui(Ui::CsvLabel)}>{ lang.ui(Ui::LoadsPerNode) }</button>
            </div>
            <p class="export-status muted" id="export-status" role="status">{ status.as_ref().map(|s| lang.text(s)).unwrap_or_default() }</p>
        </section>
    }
}

/// The bar at the top of an embedded page: the name, and a link to the full lab.
#[component]
pub(crate) fn EmbedBar(props: &SharePanelProps) -> Html {
    let lang = use_lang();
    let href = link_to(&props.state, props.theme, props.lang);
    html! {
        <header class="embed-bar">
            <span class="brand">{ "Ringlab" }</span>
            <a href={href} target="_blank" rel="noopener" id="open-full">{ lang.ui(Ui::OpenInRinglab) }</a>
        </header>
    }
}
