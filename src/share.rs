//! The state outside the page: the address (a link restores the same picture; the back and
//! forward buttons move through changes), the browser's storage (a reload keeps the
//! state), and the host page when embedded (it is told the page's height). Everything here
//! is an effect; the codec itself is pure model code ([`crate::model::url`]).
//!
//! - [`boot`] runs once before the first render: it reads the address, or, when the address
//!   holds no state, the stored state, and says what could not be used.
//! - [`use_share`] keeps the address and the storage in step with the state (changes in
//!   quick succession, such as typing, make one history entry), restores the state when
//!   the browser goes back or forward, and reports the height to a host page.

use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, ResizeObserver, Window};
use yew::prelude::*;

use crate::dom::storage;
use crate::i18n::{Lang, Msg, Ui};
use crate::model::url::{Embed, Limits, Parsed, Shared, ThemeChoice};
use crate::model::{Action, State};

/// The address's fragment that opens the Embed dialog at the start.
const EMBED_FRAGMENT: &str = "#embed";
/// Where the state is stored (`tests/web.rs` reads it here).
pub use crate::dom::STORAGE_KEY;
/// How long the address waits for changes to settle before it makes a history entry.
const SETTLE_MS: u32 = 400;

/// A message for the user about what could not be used, shown at the top of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    /// One sentence.
    pub(crate) heading: Ui,
    /// What exactly, one item each (shared: the page copies its notes).
    pub(crate) items: Rc<[Msg]>,
}

/// How the page was opened: the first theme, the notes, the embedded layout, and whether
/// the address and storage follow the state (not for an app mounted by a test).
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The theme in force at first (`None`: the system's).
    pub theme: Option<bool>,
    /// The language picked at first (`None`: the browser's).
    pub lang: Option<Lang>,
    /// What could not be used.
    pub notes: Vec<Note>,
    /// The embedded layout, if any.
    pub embed: Option<Embed>,
    /// Whether the controls show.
    pub controls: bool,
    /// Whether the legend shows.
    pub legend: bool,
    /// Whether the address and the storage follow the state.
    pub sync: bool,
    /// The root a `<ring-lab>` element mounts the lab in (inside its shadow root), if it is
    /// one: the layout, theme and language are marked there instead of on `<html>`.
    pub host: Option<web_sys::Element>,
    /// What the element calls after each change, with the summary in words (it sends the
    /// host page a `ringlab:change` event).
    pub on_change: Option<js_sys::Function>,
    /// Whether the Embed dialog opens at the start (the address's fragment `#embed`).
    pub embed_dialog: bool,
}

impl Default for Page {
    fn default() -> Self {
        Page {
            theme: None,
            lang: None,
            notes: Vec::new(),
            embed: None,
            controls: true,
            legend: true,
            sync: false,
            host: None,
            on_change: None,
            embed_dialog: false,
        }
    }
}

impl Page {
    /// Whether the state may be read from and written to the browser's storage: not when
    /// embedded, where a widget must not overwrite the state of the lab in another tab.
    pub(crate) fn stores(&self) -> bool {
        self.sync && self.embed.is_none()
    }

    /// Where the page's layout, theme and language are marked: a `<ring-lab>` element's
    /// root, or `<html>`.
    pub(crate) fn root(&self) -> Option<web_sys::Element> {
        self.host.clone().or_else(|| {
            window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
        })
    }
}

thread_local! {
    /// The full lab's address when this module runs inside `<ring-lab>` elements on
    /// another page (where the page's own address is not the lab's).
    static LAB_ADDRESS: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Says where the full lab is (`<ring-lab>`'s script knows: beside itself).
pub(crate) fn set_lab_address(address: String) {
    LAB_ADDRESS.with(|a| *a.borrow_mut() = Some(address));
}

/// The state and layout of a `<ring-lab>` element from its attributes (as a query), with
/// what could not be used; the element never reads or writes the address or the storage.
pub(crate) fn widget_boot(
    query: &str,
    host: web_sys::Element,
    on_change: Option<js_sys::Function>,
) -> Result<(State, Page), Msg> {
    let parsed = Shared::parse(query);
    let mut page = Page {
        theme: parsed.shared.theme.map(ThemeChoice::is_dark),
        lang: parsed.shared.lang,
        notes: Vec::new(),
        embed: Some(parsed.shared.embed.unwrap_or(Embed::Full)),
        controls: parsed.shared.controls,
        legend: parsed.shared.legend,
        sync: false,
        host: Some(host),
        on_change,
        embed_dialog: false,
    };
    mark_layout(&page);
    let (state, problems) = parsed.restore()?;
    if !problems.is_empty() {
        page.notes.push(Note {
            heading: Ui::NoteLinkIgnored,
            items: problems.into(),
        });
    }
    Ok((state, page))
}

fn window() -> Option<Window> {
    web_sys::window()
}

fn location_search() -> String {
    window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The first state and how the page was opened, from the address or else the storage.
pub(crate) fn boot() -> Result<(State, Page), Msg> {
    let parsed = Shared::parse(&location_search());
    let mut page = Page {
        theme: parsed.shared.theme.map(ThemeChoice::is_dark),
        lang: parsed.shared.lang,
        notes: Vec::new(),
        embed: parsed.shared.embed,
        controls: parsed.shared.controls,
        legend: parsed.shared.legend,
        sync: true,
        host: None,
        on_change: None,
        embed_dialog: take_fragment(EMBED_FRAGMENT),
    };
    mark_layout(&page);
    let link_note = |problems: Vec<Msg>| Note {
        heading: Ui::NoteLinkIgnored,
        items: problems.into(),
    };
    if parsed.has_state || page.embed.is_some() {
        // A link with state wins over the stored state.
        let (state, problems) = parsed.restore()?;
        if !problems.is_empty() {
            page.notes.push(link_note(problems));
        }
        return Ok((state, page));
    }
    if !parsed.problems.is_empty() {
        page.notes.push(link_note(parsed.problems));
    }
    let stored = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    if let Some(text) = stored {
        match Shared::from_stored(&text).and_then(|shared| Ok((shared.to_state()?, shared))) {
            Ok((state, shared)) => {
                page.theme = shared.theme.map(ThemeChoice::is_dark);
                // A language in the link wins over the one stored.
                page.lang = page.lang.or(shared.lang);
                return Ok((state, page));
            }
            Err(why) => page.notes.push(Note {
                heading: Ui::NoteStoredUnusable,
                items: Rc::new([why]),
            }),
        }
    }
    Ok((State::initial().map_err(Msg::Build)?, page))
}

/// Whether the address ends in `fragment`; if so, the fragment is taken off (in place).
fn take_fragment(fragment: &str) -> bool {
    let Some(w) = window() else {
        return false;
    };
    let l = w.location();
    if l.hash().ok().as_deref() != Some(fragment) {
        return false;
    }
    replace_fragment("");
    true
}

/// Puts `fragment` (`#…`, or nothing) at the end of the address in place of its own.
fn replace_fragment(fragment: &str) {
    let Some(w) = window() else {
        return;
    };
    let path = w.location().pathname().unwrap_or_default();
    let url = format!("{path}{}{fragment}", location_search());
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Marks the layout on `<html>` (`data-embed`, `data-controls`), for the style sheet.
fn mark_layout(page: &Page) {
    let Some(root) = page.root() else {
        return;
    };
    if let Some(embed) = page.embed {
        let _ = root.set_attribute("data-embed", embed.id());
    }
    if !page.controls {
        let _ = root.set_attribute("data-controls", "off");
    }
    if !page.legend {
        let _ = root.set_attribute("data-legend", "off");
    }
}

/// Forgets the stored state (the Reset button).
pub(crate) fn clear_storage(page: &Page) {
    if page.stores() {
        if let Some(s) = storage() {
            let _ = s.remove_item(STORAGE_KEY);
        }
    }
}

/// The link to `state` as it is now: this page's address with the state's parameters,
/// the theme and the language picked (if any).
pub(crate) fn link_to(state: &State, theme: Option<bool>, lang: Option<Lang>) -> String {
    let mut shared = Shared::of(state, theme.map(ThemeChoice::from_dark));
    shared.lang = lang;
    let query = shared.to_query(Limits::LINK);
    let base = lab_address();
    if query.is_empty() {
        base
    } else {
        format!("{base}?{query}")
    }
}

/// The full lab's address without a query: the one `<ring-lab>` said, else this page's.
fn lab_address() -> String {
    LAB_ADDRESS
        .with(|a| a.borrow().clone())
        .or_else(|| {
            let l = window()?.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The directory the full lab is served from (ending in `/`): where `ring-lab.js` is.
pub(crate) fn lab_base() -> String {
    let address = lab_address();
    match address.rfind('/') {
        Some(i) => address[..=i].to_string(),
        None => format!("{address}/"),
    }
}

/// `state` as the address holds it: with the theme and language picked and the page's layout.
fn address_state(
    state: &State,
    (theme, lang): (Option<bool>, Option<Lang>),
    page: &Page,
) -> Shared {
    let mut shared = Shared::of(state, theme.map(ThemeChoice::from_dark));
    shared.lang = lang;
    shared.embed = page.embed;
    shared.controls = page.controls;
    shared.legend = page.legend;
    shared
}

/// Writes `state` to the address (a new history entry if `push`) and to the storage.
/// Returns a note if the storage refused it.
fn write_out(
    state: &State,
    (theme, lang): (Option<bool>, Option<Lang>),
    page: &Page,
    push: bool,
) -> Option<Note> {
    let w = window()?;
    let shared = address_state(state, (theme, lang), page);
    let query = shared.to_query(Limits::ADDRESS);
    let search = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    if location_search() != search {
        let l = w.location();
        let url = format!(
            "{}{search}{}",
            l.pathname().unwrap_or_default(),
            l.hash().unwrap_or_default()
        );
        if let Ok(history) = w.history() {
            let _ = if push {
                history.push_state_with_url(&JsValue::NULL, "", Some(&url))
            } else {
                history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
            };
        }
    }
    if !page.stores() {
        return None;
    }
    let s = storage()?;
    if shared.is_first_example() {
        let _ = s.remove_item(STORAGE_KEY);
        return None;
    }
    if s.set_item(STORAGE_KEY, &shared.to_stored()).is_ok() {
        return None;
    }
    // Too large for the storage (long pasted keys): keep the rest, with the keys counted.
    let short = format!(
        "{}\n{}",
        crate::model::url::STORE_HEADER,
        shared.to_query(Limits::LINK)
    );
    let _ = s.set_item(STORAGE_KEY, &short);
    Some(Note {
        heading: Ui::NotePastedTooBig,
        items: Rc::new([]),
    })
}

/// Keeps the address and the storage in step with the state, restores the state when the
/// browser goes back or forward, and tells a host page the height. Returns the notes to
/// show (those of [`boot`], and any later ones).
#[hook]
pub(crate) fn use_share(
    state: &UseReducerHandle<State>,
    chosen: &UseStateHandle<Option<bool>>,
    lang: &UseStateHandle<Option<Lang>>,
    page: &Rc<Page>,
) -> UseStateHandle<Vec<Note>> {
    let notes = use_state(|| page.notes.clone());
    let pending = use_mut_ref(|| None::<Timeout>);
    let first = use_mut_ref(|| true);
    {
        // Write after every accepted change (a refused one leaves the same address).
        let (state, notes, page) = (state.clone(), notes.clone(), page.clone());
        let pending = pending.clone();
        let first = first.clone();
        let deps = (
            state.version,
            Rc::as_ptr(&state.current) as usize,
            **chosen,
            **lang,
        );
        use_effect_with(deps, move |&(_, _, theme, lang)| {
            // While keys are being placed the page shows an earlier state (or, for a link
            // with many keys, their first part): the address and the storage keep what was
            // asked for until the job's state arrives.
            if page.sync && state.pending.is_none() {
                let snapshot = Rc::new((*state).clone());
                let write = {
                    let (notes, page) = (notes.clone(), page.clone());
                    move |push: bool| {
                        if let Some(note) = write_out(&snapshot, (theme, lang), &page, push) {
                            if !notes.contains(&note) {
                                let mut next = (*notes).clone();
                                next.push(note);
                                notes.set(next);
                            }
                        }
                    }
                };
                if std::mem::take(&mut *first.borrow_mut()) {
                    // The page as opened: correct the address in place, no new entry.
                    write(false);
                } else {
                    // Embedded pages never add to the host's history.
                    let push = page.embed.is_none();
                    *pending.borrow_mut() = Some(Timeout::new(SETTLE_MS, move || write(push)));
                }
            }
        });
    }
    {
        // Back and forward: the address is the state to show.
        let (dispatch, chosen, lang, notes, page) = (
            state.dispatcher(),
            chosen.clone(),
            lang.clone(),
            notes.clone(),
            page.clone(),
        );
        use_effect_with((), move |_| {
            let listener = (page.sync).then(window).flatten().map(|w| {
                EventListener::new(&w, "popstate", move |_| {
                    pending.borrow_mut().take();
                    let parsed = Shared::parse(&location_search());
                    restore_from(parsed, &dispatch, (&chosen, &lang), &notes);
                })
            });
            move || drop(listener)
        });
    }
    use_height_reporter(page.sync);
    notes
}

fn restore_from(
    parsed: Parsed,
    dispatch: &UseReducerDispatcher<State>,
    (chosen, lang): (&UseStateHandle<Option<bool>>, &UseStateHandle<Option<Lang>>),
    notes: &UseStateHandle<Vec<Note>>,
) {
    let (theme, link_lang) = (parsed.shared.theme, parsed.shared.lang);
    match parsed.restore() {
        Ok((state, problems)) => {
            dispatch.dispatch(Action::Load(Rc::new(state)));
            chosen.set(theme.map(ThemeChoice::is_dark));
            // An address without a language keeps the one in force.
            if link_lang.is_some() {
                lang.set(link_lang);
            }
            if !problems.is_empty() {
                notes.set(vec![Note {
                    heading: Ui::NoteAddressIgnored,
                    items: problems.into(),
                }]);
            }
        }
        Err(why) => notes.set(vec![Note {
            heading: Ui::NoteAddressUnusable,
            items: Rc::new([why]),
        }]),
    }
}

/// The parent window, if this page is framed by another.
fn host() -> Option<Window> {
    let w = window()?;
    let parent = w.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &w)).then_some(parent)
}

/// The page's height in CSS pixels: the body's box, which follows its content.
fn page_height() -> f64 {
    window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .map_or(0.0, |b| b.get_bounding_client_rect().height().ceil())
}

fn post_height(host: &Window) {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &"ringlab:height".into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &page_height().into());
    // The height is no secret, and the host's origin is not known: any host may read it.
    let _ = host.post_message(&message, "*");
}

/// Whether `data` is exactly a height request: an object whose `type` is the string
/// `ringlab:get-height`. Anything else is ignored; nothing in a message is ever run.
fn is_height_request(data: &JsValue) -> bool {
    data.is_object()
        && js_sys::Reflect::get(data, &"type".into())
            .ok()
            .and_then(|t| t.as_string())
            .is_some_and(|t| t == "ringlab:get-height")
}

/// What keeps the height reports going; dropping it stops them.
struct HeightWatch {
    observer: ResizeObserver,
    _on_resize: Closure<dyn FnMut()>,
    _listener: EventListener,
}

/// When framed: tells the host the page's height at first, whenever it changes, and when
/// the host asks.
#[hook]
fn use_height_reporter(enabled: bool) {
    use_effect_with(enabled, move |&enabled| {
        let mut keep: Option<HeightWatch> = None;
        if let (true, Some(parent)) = (enabled, host()) {
            post_height(&parent);
            let target = parent.clone();
            let on_resize = Closure::<dyn FnMut()>::new(move || post_height(&target));
            let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok();
            let body = window().and_then(|w| w.document()).and_then(|d| d.body());
            if let (Some(observer), Some(body), Some(w)) = (observer, body, window()) {
                observer.observe(&body);
                let asker = parent.clone();
                let listener = EventListener::new(&w, "message", move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::MessageEvent>() else {
                        return;
                    };
                    let from_host = e
                        .source()
                        .is_some_and(|s| js_sys::Object::is(&s, asker.as_ref()));
                    if from_host && is_height_request(&e.data()) {
                        post_height(&asker);
                    }
                });
                keep = Some(HeightWatch {
                    observer,
                    _on_resize: on_resize,
                    _listener: listener,
                });
            }
        }
        move || {
            if let Some(watch) = keep {
                watch.observer.disconnect();
            }
        }
    });
}

/// Downloads `blob` as `name` through a temporary link.
pub(crate) fn download(blob: &Blob, name: &str) -> Result<(), JsValue> {
    let document = window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let url = web_sys::Url::create_object_url_with_blob(blob)?;
    let a: HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    let body = document
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    body.append_child(&a)?;
    a.click();
    a.remove();
    // The download has started by the time this runs; the one-shot timer then ends itself.
    Timeout::new(30_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Downloads `text` as a file `name` of MIME type `kind`.
pub(crate) fn download_text(text: &str, name: &str, kind: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(kind);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    download(&blob, name)
}

/// Downloads the canvas `id` as a PNG file `name`; `done` gets why it failed, or `None`.
pub(crate) fn download_canvas(id: &str, name: String, done: Callback<Option<Ui>>) {
    let Some(canvas) = crate::dom::element_by_id::<web_sys::HtmlCanvasElement>(id) else {
        done.emit(Some(Ui::NoSuchPicture));
        return;
    };
    let report = done.clone();
    let callback = Closure::once_into_js(move |blob: JsValue| {
        let result = match blob.dyn_into::<Blob>() {
            Ok(blob) => download(&blob, &name).map_err(|_| Ui::DownloadFailed),
            Err(_) => Err(Ui::EncodeFailed),
        };
        report.emit(result.err());
    });
    if canvas.to_blob(callback.unchecked_ref()).is_err() {
        done.emit(Some(Ui::EncodeFailed));
    }
}

/// Copies `text` to the clipboard; `done` learns whether it worked. Browsers refuse
/// without a secure context or permission: the caller then shows the text to copy by hand.
pub(crate) fn copy_text(text: &str, done: Callback<bool>) {
    let clipboard = window()
        .map(|w| w.navigator())
        .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok())
        .filter(|c| c.is_object());
    let promise = clipboard.and_then(|c| {
        let write = js_sys::Reflect::get(&c, &"writeText".into()).ok()?;
        let write: js_sys::Function = write.dyn_into().ok()?;
        write.call1(&c, &JsValue::from_str(text)).ok()
    });
    let Some(promise) = promise else {
        done.emit(false);
        return;
    };
    let then = js_sys::Reflect::get(&promise, &"then".into())
        .ok()
        .and_then(|t| t.dyn_into::<js_sys::Function>().ok());
    let Some(then) = then else {
        done.emit(false);
        return;
    };
    let ok = done.clone();
    // Each callback runs at most once and is freed when it has.
    let on_ok = Closure::once_into_js(move |_: JsValue| ok.emit(true));
    let on_err = Closure::once_into_js(move |_: JsValue| done.emit(false));
    let _ = then.call2(&promise, &on_ok, &on_err);
}
