//! The app: the state in a reducer, the theme and the animation as effects, and the layout.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use crate::components::add_node::AddNode;
use crate::components::algorithm::AlgorithmPanel;
use crate::components::charts::Charts;
use crate::components::explain::ExplainPanel;
use crate::components::history::HistoryPanel;
use crate::components::job_progress::JobProgressBar;
use crate::components::keys::KeysPanel;
use crate::components::legend::legend;
use crate::components::nodes::NodeList;
use crate::components::notice::notice;
use crate::components::picture::PictureCanvas;
use crate::components::playback::playback_controls;
use crate::components::script_bar::{play_next, ScriptBar};
use crate::components::share_panel::{CopyLink, EmbedBar, EmbedButton, ExportPanel};
use crate::components::summary::{announcement, change_echo, summary, AskFirst};
use crate::components::tasks::tasks;
use crate::components::teaching::TeachingViews;
use crate::components::title_bar::{title_bar, TitleBar};
use crate::components::view_tabs::ViewTabs;
use crate::draw::Theme;
use crate::effects::LabKey;
use crate::effects::{install_panic_hook, use_media_query, use_playback};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::url::Embed;
use crate::model::{Action, State, ViewKind};
use crate::share::{boot, clear_storage, use_share, Note, Page};

/// Mounts the app into `#app`, after installing the panic hook. A page without `#app` is
/// one with `<ring-lab>` elements, whose script mounts one lab in each ([`mount_widget`]).
pub fn start() {
    install_panic_hook();
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
    else {
        return;
    };
    // The first state comes from the address, or else from the browser's storage.
    let (state, page) = match boot() {
        Ok(first) => first,
        Err(e) => {
            gloo::console::error!(format!("ringlab: could not restore the state: {e}"));
            match State::initial() {
                Ok(state) => (state, Page::default()),
                Err(_) => return,
            }
        }
    };
    when_words_are_here(state, page, move |props| {
        // Rendered in a task of its own, after the one that built the first state (a
        // one-shot timer, never cancelled: nothing keeps its handle).
        gloo::timers::callback::Timeout::new(0, move || {
            // The lab stays until the page goes.
            drop(yew::Renderer::<Lab>::with_root_and_props(root, props).render());
        })
        .forget();
    });
}

/// Calls `mount` with the lab's first props once the words of the page's language are
/// here (fetched first for Chinese); if they could not be fetched, the page says so and
/// shows the English words.
fn when_words_are_here(state: State, mut page: Page, mount: impl FnOnce(LabProps) + 'static) {
    let lang = page.lang.unwrap_or_else(browser_lang);
    crate::effects::with_words(lang, &crate::share::lab_base(), move |taken| {
        if taken.is_err() {
            page.notes.push(Note {
                heading: Ui::NoteWordsMissing,
                items: Rc::new([]),
            });
        }
        mount(LabProps {
            initial: Rc::new(state),
            page: Rc::new(page),
        });
    });
}

/// A lab mounted in a `<ring-lab>` element; dropping it (or `destroy`) unmounts it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub struct RingLab {
    /// The mounted app: `None` until the language's words are here, and once destroyed.
    app: Rc<RefCell<Option<yew::AppHandle<Lab>>>>,
    /// Set by `destroy`, so that words arriving afterwards mount nothing.
    destroyed: Rc<Cell<bool>>,
}

#[wasm_bindgen::prelude::wasm_bindgen]
impl RingLab {
    /// Unmounts the lab (the element left the page, or its attributes changed).
    pub fn destroy(&mut self) {
        self.destroyed.set(true);
        if let Some(app) = self.app.borrow_mut().take() {
            app.destroy();
        }
    }
}

/// Mounts a lab into `root` (inside the shadow root of a `<ring-lab>` element), from the
/// element's attributes written as a query: the attributes are the link's parameters. The
/// lab marks its layout, theme and language on `root`. `on_change` is called after each
/// change with what was done and the summary, in words; `lab` is the full lab's address,
/// for "Open in Ringlab".
#[wasm_bindgen::prelude::wasm_bindgen(js_name = mountRingLab)]
pub fn mount_widget(
    root: web_sys::Element,
    query: &str,
    on_change: Option<js_sys::Function>,
    lab: &str,
) -> RingLab {
    install_panic_hook();
    crate::share::set_lab_address(lab.to_string());
    let booted = crate::share::widget_boot(query, root.clone(), on_change)
        .or_else(|e| {
            gloo::console::error!(format!("ringlab: could not restore the state: {e}"));
            State::initial().map(|s| (s, Page::default()))
        })
        .ok();
    let lab = RingLab {
        app: Rc::default(),
        destroyed: Rc::default(),
    };
    if let Some((state, page)) = booted {
        let (app, destroyed) = (lab.app.clone(), lab.destroyed.clone());
        when_words_are_here(state, page, move |props| {
            // Rendered in a task after the one that built its state, as the page's lab is
            // (a one-shot timer, never cancelled: `destroyed` stops what it would mount).
            gloo::timers::callback::Timeout::new(0, move || {
                if !destroyed.get() {
                    let handle = yew::Renderer::<Lab>::with_root_and_props(root, props).render();
                    *app.borrow_mut() = Some(handle);
                }
            })
            .forget();
        });
    }
    lab
}

/// The app: the first state, or why it could not be built.
#[component]
pub fn App() -> Html {
    match State::initial() {
        Ok(state) => html! { <Lab initial={Rc::new(state)} /> },
        Err(e) => html! {
            <p class="field-error" role="alert">{ browser_lang().t(Msg::CouldNotStart(e)) }</p>
        },
    }
}

/// The language the browser asks for (`navigator.language`): Chinese for `zh…`, else
/// English.
pub(crate) fn browser_lang() -> Lang {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .map_or(Lang::En, |tag| Lang::from_browser(&tag))
}

/// Puts the page's language where the browser and the parts outside the Yew tree read it:
/// `<html lang>`, the document's title, and the panic banner; in a `<ring-lab>` element,
/// only the `lang` of the lab's root (the host page's title and language are its own).
fn mark_language(lang: Lang, page: &Page) {
    if let Some(host) = &page.host {
        let _ = host.set_attribute("lang", lang.html_tag());
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", lang.html_tag());
    }
    document.set_title(lang.ui(Ui::PageTitle));
    for (id, key) in [
        ("panic-text", Ui::PanicText),
        ("panic-reset", Ui::PanicReset),
        ("panic-after", Ui::PanicAfter),
    ] {
        if let Some(el) = document.get_element_by_id(id) {
            el.set_text_content(Some(lang.ui(key)));
        }
    }
}

/// Props of [`Lab`].
#[derive(Properties, PartialEq)]
pub struct LabProps {
    /// The first state.
    pub initial: Rc<State>,
    /// How the page was opened (the address, the stored state; by default neither is
    /// read or written, as for an app mounted by a test).
    #[prop_or_default]
    pub page: Rc<Page>,
}

/// The lab: everything on the page.
#[component]
pub fn Lab(props: &LabProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || (*initial).clone());
    let dispatch = state.dispatcher();
    let system_dark = use_media_query("(prefers-color-scheme: dark)");
    let chosen = use_state(|| props.page.theme);
    // The language picked (from the link, the stored state or the menu), else the browser's.
    let chosen_lang = use_state(|| props.page.lang);
    let browser = use_state(browser_lang);
    let lang = chosen_lang.unwrap_or(*browser);
    let notes = use_share(&state, &chosen, &chosen_lang, &props.page);
    let dark = chosen.unwrap_or(system_dark);
    {
        let page = props.page.clone();
        use_effect_with(lang, move |&lang| mark_language(lang, &page));
    }
    let onlang = {
        let chosen_lang = chosen_lang.clone();
        Callback::from(move |l: Lang| {
            let chosen_lang = chosen_lang.clone();
            // Chinese shows once its words are fetched (the first time it is picked).
            crate::effects::with_words(l, &crate::share::lab_base(), move |_| {
                chosen_lang.set(Some(l));
            });
        })
    };
    {
        // The page's colours follow the theme through an attribute on <html> (or the
        // `<ring-lab>` element).
        let page = props.page.clone();
        use_effect_with(*chosen, move |chosen| {
            if let Some(root) = page.root() {
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
        let (dispatch, page) = (dispatch.clone(), props.page.clone());
        Callback::from(move |()| {
            clear_storage(&page);
            dispatch.dispatch(Action::Reset)
        })
    };
    let animatable = state
        .change
        .as_deref()
        .filter(|c| c.animatable(&state.current));
    // Each change has its own serial: a new one plays from the start; explaining a key or
    // a refused input keeps the change, and does not replay it.
    // Asked first, a change plays once its guess is checked.
    let change_id = animatable
        .filter(|_| !state.asking())
        .map_or(0, |c| c.serial);
    let playback = use_playback(change_id, props.page.host.clone());
    {
        // A `<ring-lab>` element tells its host page about each change.
        let (page, state) = (props.page.clone(), state.clone());
        let serial = state.change.as_ref().map_or(0, |c| c.serial);
        use_effect_with(serial, move |&serial| {
            if let (Some(tell), Some(change), true) = (&page.on_change, &state.change, serial > 0) {
                let what = lang.t(Msg::from(change.what.clone()));
                let summary = lang.t(Msg::Moved(change.summary));
                let _ = tell.call2(&wasm_bindgen::JsValue::NULL, &what.into(), &summary.into());
            }
        });
    }
    // Undo and redo from the keyboard in Explore (a `<ring-lab>` element's host page keeps
    // its own keys).
    {
        let (dispatch, current) = (dispatch.clone(), state.clone());
        let heard = Callback::from(move |key: LabKey| match key {
            LabKey::Undo => dispatch.dispatch(Action::Undo),
            LabKey::Redo => dispatch.dispatch(Action::Redo),
            LabKey::Next if !current.script.is_empty() => {
                // A change the lab cannot make is said by the bar's Next button.
                let _ = play_next(&current, &dispatch);
            }
            LabKey::Back if current.script_at > 0 => dispatch.dispatch(Action::Undo),
            LabKey::Next | LabKey::Back => {}
        });
        crate::effects::use_lab_keys(
            heard,
            state.view == ViewKind::Explore && props.page.host.is_none(),
            state.version,
        );
    }
    crate::effects::use_presenter(props.page.root(), props.page.host.is_some(), state.present);
    let online = crate::effects::use_online();
    let embed_open = props.page.embed_dialog;
    let s: Rc<State> = Rc::new((*state).clone());
    let teaching = s.clone();
    // "Ask me first": until the guess is checked, the lab before the change is drawn.
    let asking = s.asking();
    let shown = match (&s.change, asking) {
        (Some(change), true) => Rc::clone(&change.prior),
        _ => s.clone(),
    };
    let explore = state.view == ViewKind::Explore;
    // Whether the node list and the legend show every row of a long list.
    let all_rows = use_state(bool::default);
    // What a reader sees first (the picture, what moved) comes first; a task later the
    // legend and the tasks below it, then the controls, then the charts and the footer: each
    // is added below what is already shown, so nothing on the screen moves.
    let tasks_since = crate::effects::use_task_count(3);
    let (side, controls, charts) = (tasks_since >= 1, tasks_since >= 2, tasks_since >= 3);
    // What a widget's layout hides (share.css: `embed=ring` the charts and the controls,
    // `embed=chart` the picture and the controls, `controls=0` the controls) is not rendered
    // at all, so that a ring in a book costs a phone the ring and not the rest of the lab.
    let embed = props.page.embed;
    let picture = embed != Some(Embed::Chart);
    let charts = charts && embed != Some(Embed::Ring);
    let controls =
        controls && props.page.controls && !matches!(embed, Some(Embed::Ring | Embed::Chart));
    html! {
        <ContextProvider<Lang> context={lang}>
            { title_bar(TitleBar {
                dark,
                ontoggletheme,
                onreset,
                onlang,
                children: html! {
                    <>
                        <EmbedButton state={s.clone()} theme={*chosen} lang={*chosen_lang} open={embed_open} />
                        <CopyLink state={s.clone()} theme={*chosen} lang={*chosen_lang} />
                    </>
                },
            }, lang) }
            if props.page.embed.is_some() { <EmbedBar state={s.clone()} theme={*chosen} lang={*chosen_lang} /> }
            { notice(&notes, lang) }
            if !online {
                <p class="notice offline-note" id="offline-note" role="status">{ lang.t(Msg::offline_note()) }</p>
            }
            <JobProgressBar state={s.clone()} dispatch={dispatch.clone()} />
            if props.page.embed.is_none() { <ViewTabs view={state.view} dispatch={dispatch.clone()} /> }
            // One landmark holds every view's panel, so that no content is outside a landmark
            // (in a `<ring-lab>` element, the host page's landmarks hold it: a second `main`
            // inside the host's would be one too many).
            <div id="main-content" role={props.page.host.is_none().then_some("main")}>
            <div role="tabpanel" id="panel-explore" aria-labelledby="tab-explore" hidden={!explore}>
            if explore {
            <div class="layout">
                <div class="main-col">
                    <ScriptBar state={s.clone()} dispatch={dispatch.clone()} />
                    if picture {
                    <div class="stage">
                        <div class="stage-main">
                            <PictureCanvas state={shown.clone()} {theme} progress={playback.progress} />
                        </div>
                        <div class="stage-side">
                            { announcement(&s, lang) }
                            <AskFirst state={s.clone()} dispatch={dispatch.clone()} />
                            if !asking { { summary(&s, lang) } }
                            { playback_controls(&playback, animatable.is_some() && !asking, lang) }
                            if side { { legend(&shown, lang, &all_rows) } }
                            if side && props.page.embed.is_none() { { tasks(&s, lang) } }
                        </div>
                    </div>
                    }
                    if charts {
                    <div class="below">
                        <Charts state={shown} {theme} />
                        <ExportPanel state={s.clone()} theme={*chosen} lang={*chosen_lang} />
                    </div>
                    }
                </div>
                <aside class="controls" aria-label={lang.ui(Ui::ControlsLabel)}>
                    if controls {
                    if !asking { { change_echo(&s, lang) } }
                    // The page's own (an embedded lab keeps to its picture and controls).
                    if props.page.embed.is_none() && props.page.host.is_none() {
                        <HistoryPanel state={s.clone()} dispatch={dispatch.clone()} />
                    }
                    <AddNode state={s.clone()} dispatch={dispatch.clone()} />
                    <NodeList state={s.clone()} dispatch={dispatch.clone()} {all_rows} />
                    <AlgorithmPanel state={s.clone()} dispatch={dispatch.clone()} />
                    <ExplainPanel state={s.clone()} dispatch={dispatch.clone()} />
                    <KeysPanel state={s} dispatch={dispatch.clone()} />
                    }
                </aside>
            </div>
            }
            </div>
            <TeachingViews state={teaching} dispatch={dispatch.clone()} {theme} />
            </div>
            if charts {
            <footer class="footer muted">
                <p>{ lang.ui(Ui::Footer) }</p>
                // The book is served beside the app (scripts/serve, scripts/site.mjs).
                <p><a href="book/">{ lang.ui(Ui::FooterBook) }</a></p>
            </footer>
            }
        </ContextProvider<Lang>>
    }
}
