//! Browser tests: the app mounted in headless Chromium, driven through the DOM as a user
//! would (typing, clicking, picking from menus), checked through the text on the page and
//! the pixels of the ring canvas.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web` (needs chromedriver and
//! wasm-bindgen-test-runner on PATH; see scripts/setup).
#![cfg(target_arch = "wasm32")]
// Tests fail loudly by design: a missing element is the failure message. A
// `#[wasm_bindgen_test]` function is not a `#[test]` function to clippy, so its
// allow-*-in-tests settings (clippy.toml) do not reach these and the allow stays.
#![allow(clippy::unwrap_used, clippy::panic)]

use gloo_timers::future::TimeoutFuture;
use ringlab_app::app::App;
use ringlab_app::model::palette;
use ringlab_app::model::Rgb;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    CanvasRenderingContext2d, Element, Event, EventInit, HtmlCanvasElement, HtmlElement,
    HtmlInputElement, HtmlSelectElement,
};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts a fresh app into a new element of the page and waits for it to render and draw.
async fn mount() -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    // A realistic width, so the canvas is as large as on a laptop.
    root.set_attribute("style", "width: 1200px").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    rendered(&root).await;
    root
}

/// Waits until the lab in `root` has rendered all of it: it renders in steps, a task apart
/// (the controls and the charts after the picture), the footer last. A few seconds at most.
async fn rendered(root: &Element) {
    for _ in 0..200 {
        settle().await;
        if root.query_selector("footer").ok().flatten().is_some() {
            break;
        }
    }
    settle().await;
}

/// Lets Yew render and run its effects (drawing happens in effects).
async fn settle() {
    yew::scheduler::flush().await;
    TimeoutFuture::new(30).await;
    yew::scheduler::flush().await;
}

fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

fn fire(el: &Element, kind: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    let event = Event::new_with_event_init_dict(kind, &init).unwrap();
    el.dispatch_event(&event).unwrap();
}

async fn type_into(root: &Element, selector: &str, value: &str) {
    let el = find(root, selector);
    el.clone()
        .dyn_into::<HtmlInputElement>()
        .unwrap()
        .set_value(value);
    fire(&el, "input");
    settle().await;
}

async fn choose(root: &Element, selector: &str, value: &str) {
    let el = find(root, selector);
    el.clone()
        .dyn_into::<HtmlSelectElement>()
        .unwrap()
        .set_value(value);
    fire(&el, "change");
    settle().await;
}

async fn click(root: &Element, selector: &str) {
    find(root, selector)
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    settle().await;
}

/// How many pixels of the ring canvas have exactly colour `c`.
fn pixels_of(root: &Element, c: Rgb) -> usize {
    let canvas: HtmlCanvasElement = find(root, "#ring-canvas").dyn_into().unwrap();
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let data = ctx
        .get_image_data(
            0.0,
            0.0,
            f64::from(canvas.width()),
            f64::from(canvas.height()),
        )
        .unwrap()
        .data();
    data.chunks(4)
        .filter(|p| p[0] == c.0 && p[1] == c.1 && p[2] == c.2 && p[3] == 255)
        .count()
}

fn legend_names(root: &Element) -> Vec<String> {
    let rows = root.query_selector_all("#legend tbody tr").unwrap();
    (0..rows.length())
        .filter_map(|i| rows.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .filter_map(|e| e.get_attribute("data-node"))
        .collect()
}

#[wasm_bindgen_test]
async fn adding_and_removing_a_node_through_the_page() {
    let root = mount().await;
    assert_eq!(
        legend_names(&root),
        ["cache-a", "cache-b", "cache-c", "cache-d"]
    );
    assert!(text(&root, "#sample-note").contains("Showing 2,000 of 10,000 keys"));

    // The ring is drawn: each node's colour covers a real part of the canvas, and the
    // colour the next node will take is nowhere yet.
    for slot in 0..4u8 {
        let n = pixels_of(&root, palette::colour(slot));
        assert!(n > 500, "node {slot}'s colour covers only {n} pixels");
    }
    let e_colour = palette::colour(4);
    assert_eq!(pixels_of(&root, e_colour), 0);

    type_into(&root, "#add-name", "cache-e").await;
    click(&root, "#add-node").await;
    assert_eq!(
        legend_names(&root),
        ["cache-a", "cache-b", "cache-c", "cache-d", "cache-e"]
    );
    let summary = text(&root, "#summary-line");
    assert!(summary.contains(" of 10,000 keys moved ("), "{summary}");
    assert!(summary.ends_with("; ideal 1/5 = 20.0%"), "{summary}");
    assert!(text(&root, "#summary-what").contains("added cache-e"));
    assert!(text(&root, "#flows").contains("cache-e"));
    // Let the keys finish travelling, then the new node's arcs and keys are on the ring.
    TimeoutFuture::new(1_600).await;
    settle().await;
    let e_pixels = pixels_of(&root, e_colour);
    assert!(
        e_pixels > 300,
        "the new node's colour covers only {e_pixels} pixels"
    );

    click(&root, "[data-testid=node-remove][data-node=cache-e]").await;
    assert_eq!(
        legend_names(&root),
        ["cache-a", "cache-b", "cache-c", "cache-d"]
    );
    let summary = text(&root, "#summary-line");
    assert!(summary.contains("(the leaving node's share)"), "{summary}");
    TimeoutFuture::new(1_600).await;
    settle().await;
    assert_eq!(
        pixels_of(&root, e_colour),
        0,
        "the removed node is still drawn"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn bad_input_is_refused_next_to_its_control() {
    let root = mount().await;
    type_into(&root, "#add-name", "cache-x").await;
    type_into(&root, "#add-weight", "0").await;
    click(&root, "#add-node").await;
    let message = text(&root, "#add-weight-error");
    assert!(
        message.contains("a weight is a whole number from 1 to 1000000"),
        "{message}"
    );
    assert_eq!(
        find(&root, "#add-weight")
            .get_attribute("aria-invalid")
            .as_deref(),
        Some("true")
    );
    assert_eq!(legend_names(&root).len(), 4, "a refused node was added");

    type_into(&root, "#add-weight", "100").await;
    type_into(&root, "#add-name", "cache-a").await;
    click(&root, "#add-node").await;
    assert!(text(&root, "#add-name-error").contains("names must be unique"));

    // Jump hash: only the last bucket can leave, and nothing changes otherwise.
    choose(&root, "#algorithm", "jump").await;
    click(&root, "[data-testid=node-remove][data-node=cache-a]").await;
    let message = text(&root, "#node-0-error");
    assert!(
        message.contains("only the last one (bucket 3) can leave"),
        "{message}"
    );
    assert_eq!(legend_names(&root).len(), 4);
    root.remove();
}

#[wasm_bindgen_test]
async fn every_control_has_an_accessible_name() {
    let root = mount().await;
    let controls = root
        .query_selector_all("input, select, textarea, button, canvas[tabindex]")
        .unwrap();
    assert!(controls.length() > 20);
    for i in 0..controls.length() {
        let el: Element = controls.item(i).unwrap().dyn_into().unwrap();
        let id = el.id();
        let labelled = el
            .get_attribute("aria-label")
            .is_some_and(|l| !l.trim().is_empty())
            || el.get_attribute("aria-labelledby").is_some()
            || (!id.is_empty()
                && root
                    .query_selector(&format!("label[for='{id}']"))
                    .unwrap()
                    .is_some())
            || (el.tag_name() == "BUTTON"
                && !el.text_content().unwrap_or_default().trim().is_empty());
        assert!(
            labelled,
            "<{} id={id:?}> has no accessible name",
            el.tag_name()
        );
    }
    root.remove();
}

#[wasm_bindgen_test]
async fn the_theme_toggle_recolours_the_page_and_the_canvas() {
    let root = mount().await;
    let html = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .document_element()
        .unwrap();
    let dark = ringlab_app::draw::Theme::DARK.bg;
    let light = ringlab_app::draw::Theme::LIGHT.bg;
    let system_dark = html.get_attribute("data-theme").is_none()
        && web_sys::window()
            .unwrap()
            .match_media("(prefers-color-scheme: dark)")
            .unwrap()
            .is_some_and(|m| m.matches());
    let (first, second) = if system_dark {
        (dark, light)
    } else {
        (light, dark)
    };
    assert!(
        pixels_of(&root, first) > 1_000,
        "the canvas background is not the theme's"
    );
    click(&root, "#theme-toggle").await;
    let want = if system_dark { "light" } else { "dark" };
    assert_eq!(html.get_attribute("data-theme").as_deref(), Some(want));
    assert!(
        pixels_of(&root, second) > 1_000,
        "the canvas did not follow the theme"
    );
    assert_eq!(pixels_of(&root, first), 0);
    // Leave the page as other tests expect it.
    html.remove_attribute("data-theme").unwrap();
    root.remove();
}

#[wasm_bindgen_test]
async fn typing_a_key_explains_its_walk() {
    let root = mount().await;
    type_into(&root, "#explain-key", "user:42").await;
    let steps = text(&root, "#explain-output");
    assert!(steps.contains("murmur3-64(\"user:42\")"), "{steps}");
    assert!(steps.contains("Walk clockwise"), "{steps}");
    assert!(steps.contains("Owner: cache-"), "{steps}");
    // Explaining a key changes nothing else: no change to summarise.
    assert!(text(&root, "#summary-line").starts_with("Nothing to compare yet"));
    root.remove();
}

/// The ring canvas's pixels, for comparing two pictures.
fn ring_pixels(root: &Element) -> Vec<u8> {
    let canvas: HtmlCanvasElement = find(root, "#ring-canvas").dyn_into().unwrap();
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    ctx.get_image_data(
        0.0,
        0.0,
        f64::from(canvas.width()),
        f64::from(canvas.height()),
    )
    .unwrap()
    .data()
    .to_vec()
}

#[wasm_bindgen_test]
async fn the_copied_link_restores_the_same_slot_table_and_picture() {
    use ringlab_app::app::{Lab, LabProps};
    use ringlab_app::model::url::Shared;
    use std::rc::Rc;

    let root = mount().await;
    choose(&root, "#algorithm", "slots").await;
    type_into(&root, "#add-name", "cache-e").await;
    click(&root, "#add-node").await;
    // The slot table keeps its owners: the newcomer takes 204 of 1,024 slots, about a
    // fifth of the keys, where dealing afresh would move four in five.
    let summary = text(&root, "#summary-line");
    assert!(summary.ends_with("; ideal 1/5 = 20.0%"), "{summary}");
    let moved: f64 = summary
        .split(" keys moved (")
        .nth(1)
        .and_then(|s| s.split('%').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!((17.0..23.0).contains(&moved), "{summary}");
    click(&root, "[data-testid=node-down][data-node=cache-b]").await;
    // Same keys again: no change to draw, so the picture is the state alone.
    click(&root, "#generate-keys").await;
    TimeoutFuture::new(1_600).await;
    settle().await;

    click(&root, "#copy-link").await;
    let link = find(&root, "#share-link")
        .dyn_into::<HtmlInputElement>()
        .unwrap()
        .value();
    let query = link.split_once('?').map(|(_, q)| q).unwrap_or_default();
    assert!(query.contains("slotmap="), "{link}");
    let parsed = Shared::parse(query);
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let restored = parsed.shared.to_state().unwrap();

    let document = web_sys::window().unwrap().document().unwrap();
    let second = document.create_element("div").unwrap();
    second.set_attribute("style", "width: 1200px").unwrap();
    document.body().unwrap().append_child(&second).unwrap();
    let props = LabProps {
        initial: Rc::new(restored),
        page: Rc::default(),
    };
    yew::Renderer::<Lab>::with_root_and_props(second.clone(), props).render();
    rendered(&second).await;
    TimeoutFuture::new(100).await;
    settle().await;
    assert_eq!(text(&second, "#legend"), text(&root, "#legend"));
    let (a, b) = (ring_pixels(&root), ring_pixels(&second));
    assert!(a.iter().any(|&p| p != 0), "the first picture is blank");
    assert!(a == b, "the restored picture differs");
    root.remove();
    second.remove();
}

/// The panic hook's visible part, run without a real panic (a panic in wasm cannot be
/// caught, so the test calls what the hook calls after logging): the banner shows, its
/// link leads to this page without a state in the address, and the stored state that may
/// have caused the panic is forgotten.
#[wasm_bindgen_test]
async fn after_a_panic_the_banner_shows_and_reset_starts_afresh() {
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    let banner = document.create_element("div").unwrap();
    banner.set_id("panic-banner");
    banner.set_attribute("hidden", "").unwrap();
    banner.set_attribute("role", "alert").unwrap();
    let reset = document.create_element("a").unwrap();
    reset.set_attribute("href", "").unwrap();
    reset.set_text_content(Some("Reset"));
    banner.append_child(&reset).unwrap();
    document.body().unwrap().append_child(&banner).unwrap();
    let storage = window.local_storage().unwrap().unwrap();
    storage
        .set_item(ringlab_app::share::STORAGE_KEY, "ringlab-state v1\nbroken")
        .unwrap();

    ringlab_app::effects::show_panic_banner();

    assert!(
        !banner.has_attribute("hidden"),
        "the banner is still hidden"
    );
    let link = banner.query_selector("a").unwrap().unwrap();
    let path = window.location().pathname().unwrap();
    assert_eq!(link.get_attribute("href").as_deref(), Some(path.as_str()));
    assert!(!link.get_attribute("href").unwrap_or_default().contains('?'));
    assert_eq!(
        storage.get_item(ringlab_app::share::STORAGE_KEY).unwrap(),
        None,
        "the stored state survived"
    );
    let shown = banner
        .dyn_ref::<HtmlElement>()
        .unwrap()
        .get_bounding_client_rect();
    assert!(shown.height() > 0.0, "the banner takes no space");
    banner.remove();
}

/// A lab opened in Chinese: its controls and the moved-keys line are Chinese, `<html lang>`
/// says so, and switching to English from the title bar keeps the nodes, the algorithm and
/// the change.
#[wasm_bindgen_test]
async fn the_lab_speaks_chinese_and_switches_language_without_losing_the_state() {
    use ringlab_app::app::{Lab, LabProps};
    use ringlab_app::i18n::Lang;
    use ringlab_app::model::State;
    use ringlab_app::share::Page;
    use std::rc::Rc;

    // In the browser the Chinese catalogue comes from its file (the page fetches it); a file
    // of another build is refused, this build's is taken.
    use ringlab_app::i18n::{has_words, take_words, WordsError};
    let file = include_str!("../src/i18n/zh.ftl");
    let edited = file.replacen("添加节点", "加入节点", 1);
    assert_ne!(edited, file);
    assert_eq!(take_words(Lang::Zh, edited), Err(WordsError::OtherVersion));
    assert!(!has_words(Lang::Zh));
    take_words(Lang::Zh, file.to_string()).unwrap();
    assert!(has_words(Lang::Zh));

    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    root.set_attribute("style", "width: 1200px").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let props = LabProps {
        initial: Rc::new(State::initial().unwrap()),
        page: Rc::new(Page {
            lang: Some(Lang::Zh),
            ..Page::default()
        }),
    };
    yew::Renderer::<Lab>::with_root_and_props(root.clone(), props).render();
    rendered(&root).await;
    let html = document.document_element().unwrap();
    assert_eq!(html.get_attribute("lang").as_deref(), Some("zh-CN"));
    assert_eq!(text(&root, "#add-title"), "添加节点");
    assert_eq!(text(&root, "#tab-tour"), "导览");

    type_into(&root, "#add-name", "cache-e").await;
    click(&root, "#add-node").await;
    choose(&root, "#algorithm", "ketama").await;
    let zh = text(&root, "#summary-line");
    assert!(zh.contains(" / 10,000 个键迁移（"), "{zh}");
    assert_eq!(text(&root, "#summary-what"), "算法改为“ketama”");
    let names = legend_names(&root);
    assert_eq!(names.len(), 5);

    choose(&root, "#lang", "en").await;
    assert_eq!(html.get_attribute("lang").as_deref(), Some("en"));
    assert_eq!(text(&root, "#add-title"), "Add a node");
    let en = text(&root, "#summary-line");
    assert!(en.contains(" of 10,000 keys moved ("), "{en}");
    // The same change: the same numbers in both languages.
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    assert_eq!(digits(&en), digits(&zh));
    assert_eq!(legend_names(&root), names);
    let algorithm = find(&root, "#algorithm")
        .dyn_into::<HtmlSelectElement>()
        .unwrap()
        .value();
    assert_eq!(algorithm, "ketama");
    root.remove();
    html.set_attribute("lang", "en").unwrap();
}
