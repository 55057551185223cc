//! The app: the state in a reducer, the theme and the animation as effects, and the layout.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::add_node::AddNode;
use crate::components::algorithm::AlgorithmPanel;
use crate::components::charts::Charts;
use crate::components::explain::ExplainPanel;
use crate::components::keys::KeysPanel;
use crate::components::legend::Legend;
use crate::components::nodes::NodeList;
use crate::components::picture::PictureCanvas;
use crate::components::playback::PlaybackControls;
use crate::components::summary::Summary;
use crate::components::title_bar::TitleBar;
use crate::draw::Theme;
use crate::effects::{install_panic_hook, use_media_query, use_playback};
use crate::model::{Action, State};

/// Mounts the app into `#app` (or the body), after installing the panic hook.
pub fn start() {
    install_panic_hook();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            yew::Renderer::<App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<App>::new().render();
        }
    }
}

/// The app: the first state, or why it could not be built.
#[component]
pub fn App() -> Html {
    match State::initial() {
        Ok(state) => html! { <Lab initial={Rc::new(state)} /> },
        Err(e) => html! {
            <p class="field-error" role="alert">{ format!("Ringlab could not start: {e}") }</p>
        },
    }
}

/// Props of [`Lab`].
#[derive(Properties, PartialEq)]
pub struct LabProps {
    /// The first state.
    pub initial: Rc<State>,
}

/// The lab: everything on the page.
#[component]
pub fn Lab(props: &LabProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || (*initial).clone());
    let dispatch = state.dispatcher();
    let system_dark = use_media_query("(prefers-color-scheme: dark)");
    let chosen = use_state(|| None::<bool>);
    let dark = chosen.unwrap_or(system_dark);
    {
        // The page's colours follow the theme through an attribute on <html>.
        use_effect_with(*chosen, move |chosen| {
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = match chosen {
                    Some(true) => root.set_attribute("data-theme", "dark"),
                    Some(false) => root.set_attribute("data-theme", "light"),
                    None => root.remove_attribute("data-theme"),
                };
            }
        });
    }
    let theme = if dark { Theme::DARK } else { Theme::LIGHT };
    let ontoggletheme = {
        let chosen = chosen.clone();
        Callback::from(move |()| chosen.set(Some(!dark)))
    };
    let onreset = {
        let dispatch = dispatch.clone();
        Callback::from(move |()| dispatch.dispatch(Action::Reset))
    };
    let animatable = state
        .change
        .as_deref()
        .filter(|c| c.animatable(&state.current));
    // Each change has its own serial: a new one plays from the start; explaining a key or
    // a refused input keeps the change, and does not replay it.
    let change_id = animatable.map_or(0, |c| c.serial);
    let playback = use_playback(change_id);
    let s: Rc<State> = Rc::new((*state).clone());
    html! {
        <>
            <TitleBar {dark} {ontoggletheme} {onreset} />
            <main class="layout">
                <div class="main-col">
                    <div class="stage">
                        <div class="stage-main">
                            <PictureCanvas state={s.clone()} {theme} progress={playback.progress} />
                        </div>
                        <div class="stage-side">
                            <Summary state={s.clone()} />
                            <PlaybackControls playback={playback.clone()} enabled={animatable.is_some()} />
                            <Legend state={s.clone()} />
                        </div>
                    </div>
                    <div class="below">
                        <Charts state={s.clone()} {theme} />
                    </div>
                </div>
                <aside class="controls" aria-label="Controls">
                    <AddNode state={s.clone()} dispatch={dispatch.clone()} />
                    <NodeList state={s.clone()} dispatch={dispatch.clone()} />
                    <AlgorithmPanel state={s.clone()} dispatch={dispatch.clone()} />
                    <ExplainPanel state={s.clone()} dispatch={dispatch.clone()} />
                    <KeysPanel state={s} dispatch={dispatch.clone()} />
                </aside>
            </main>
            <footer class="footer muted">
                { "Every number here comes from ring-core, the same crate the ringlab command line uses." }
            </footer>
        </>
    }
}
