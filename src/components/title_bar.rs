//! The title bar: the name, the language menu, the theme toggle and the reset button.

use yew::prelude::*;

use crate::i18n::{Lang, Ui};

/// What the title bar shows and does.
pub(crate) struct TitleBar {
    /// Whether the dark theme is showing.
    pub(crate) dark: bool,
    /// Switch themes.
    pub(crate) ontoggletheme: Callback<()>,
    /// Back to the first state.
    pub(crate) onreset: Callback<()>,
    /// Show the page in another language.
    pub(crate) onlang: Callback<Lang>,
    /// More actions, shown first (the "Copy link" button).
    pub(crate) children: Html,
}

/// The title bar.
/// A function rather than a component: it keeps no state of its own, and a component costs
/// about 1.5 KB of wasm (measured when the wasm's size was a gate).
pub(crate) fn title_bar(props: TitleBar, lang: Lang) -> Html {
    let toggle = props.ontoggletheme.reform(|_: MouseEvent| ());
    let reset = props.onreset.reform(|_: MouseEvent| ());
    let onlang = {
        let onlang = props.onlang.clone();
        Callback::from(move |e: Event| {
            if let Some(l) = Lang::from_id(&super::value_of(&e)) {
                onlang.emit(l);
            }
        })
    };
    let icon = if props.dark { "☀" } else { "☾" };
    html! {
        <header class="title-bar">
            <h1><span class="brand">{ "Ringlab" }</span>{ lang.ui(Ui::AppTagline) }</h1>
            <div class="title-actions">
                { props.children }
                <label for="lang" class="visually-hidden">{ lang.ui(Ui::Language) }</label>
                // Each language is named in itself, so a reader who cannot read the page can
                // still find their own.
                <select id="lang" class="lang-select" onchange={onlang} title={lang.ui(Ui::Language)}>
                    { for Lang::ALL.iter().map(|l| html! {
                        <option value={l.id()} lang={l.html_tag()} selected={*l == lang}>{ l.native_name() }</option>
                    }) }
                </select>
                <button type="button" id="reset" class="ghost" onclick={reset}
                    aria-label={lang.ui(Ui::ResetLabel)}>{ lang.ui(Ui::Reset) }</button>
                <button type="button" id="theme-toggle" class="ghost icon" onclick={toggle}
                    aria-label={lang.ui(Ui::DarkTheme)} title={lang.ui(Ui::DarkThemeTitle)} aria-pressed={props.dark.to_string()}>
                    <span aria-hidden="true">{ icon }</span>
                </button>
            </div>
        </header>
    }
}
