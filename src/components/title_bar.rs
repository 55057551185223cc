//! The title bar: the name, the theme toggle and the reset button.

use yew::prelude::*;

/// Props of [`TitleBar`].
#[derive(Properties, PartialEq)]
pub struct TitleBarProps {
    /// Whether the dark theme is showing.
    pub dark: bool,
    /// Switch themes.
    pub ontoggletheme: Callback<()>,
    /// Back to the first state.
    pub onreset: Callback<()>,
    /// More actions, shown first (the "Copy link" button).
    #[prop_or_default]
    pub children: Html,
}

/// The title bar.
#[component]
pub fn TitleBar(props: &TitleBarProps) -> Html {
    let toggle = props.ontoggletheme.reform(|_: MouseEvent| ());
    let reset = props.onreset.reform(|_: MouseEvent| ());
    let icon = if props.dark { "☀" } else { "☾" };
    html! {
        <header class="title-bar">
            <h1><span class="brand">{ "Ringlab" }</span>{ " — consistent hashing, visualized" }</h1>
            <div class="title-actions">
                { props.children.clone() }
                <button type="button" id="reset" class="ghost" onclick={reset}
                    aria-label="Reset: back to the first example">{ "Reset" }</button>
                <button type="button" id="theme-toggle" class="ghost icon" onclick={toggle}
                    aria-label="Dark theme" title="Dark theme on or off" aria-pressed={props.dark.to_string()}>
                    <span aria-hidden="true">{ icon }</span>
                </button>
            </div>
        </header>
    }
}
