//! The page before the wasm arrives: the first ring as SVG, drawn by the same draw
//! functions as the canvas, and the default view's frame around it, in the same words.
//!
//! A phone on a slow network waits seconds for the wasm; the page that Trunk builds holds
//! this in `#app` meanwhile, and the app replaces it when it mounts (Yew empties its root).
//! It is the default lab only: `static/first-page.js` takes it away on a page whose address
//! or storage holds another lab, or that asks for Chinese, so that no reader is shown a
//! picture other than theirs. Written into Trunk's output by `src/bin/prerender.rs`.

use plotters::prelude::*;

use crate::draw::dots::draw_layer;
use crate::draw::ring::draw_ring_filled_by;
use crate::draw::scene::{self, Scene, View};
use crate::draw::Theme;
use crate::i18n::{Lang, Msg, Ui};
use crate::model::{State, ViewKind};

/// The SVG's size in CSS pixels: about what the ring is on a laptop (a phone scales it down).
pub const RING_SIZE: u32 = 520;

/// The first lab: the one the page opens on without a link or a stored lab.
pub fn first_lab() -> Result<State, String> {
    State::initial().map_err(|e| format!("{e:?}"))
}

/// `state`'s ring in `theme`, as an SVG document `RING_SIZE` wide and high.
pub fn first_ring_svg(state: &State, theme: Theme) -> Result<String, String> {
    let view = View {
        progress: 1.0,
        ring_hover: None,
        bins_hover: None,
        scale: 1.0,
        theme,
        text: true,
    };
    let Scene::Ring(ring) = scene::picture(state, &view) else {
        return Err("the default lab is not drawn as a ring".into());
    };
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (RING_SIZE, RING_SIZE)).into_drawing_area();
        draw_ring_filled_by(&area, &ring, &mut |layer| draw_layer(&area, layer))?;
    }
    Ok(svg)
}

/// Escapes text for HTML (an element's content or a quoted attribute).
fn escape(text: &str) -> String {
    html_escape::encode_double_quoted_attribute(text).into_owned()
}

/// The default view's frame, in English, as `#app`'s content before the app mounts: the
/// title bar, the tabs, and the picture (the SVGs `light` and `dark`, beside the page) with
/// its caption, hint and the empty summary. Its controls and tabs are `inert` (they do nothing until
/// the app replaces them); its heading, landmark, picture and words are read as the app's. Class names are the components' own
/// (`title_bar`, `ViewTabs`, `PictureCanvas`, `summary`), so the page's style sheets lay
/// it out where the app will be; the controls' column is reserved, empty.
pub fn first_page_html(state: &State, light: &str, dark: &str) -> String {
    let lang = Lang::En;
    let ui = |key| escape(lang.ui(key));
    let caption = scene::picture_caption(state);
    let caption_text = escape(&lang.text(&caption));
    let label = escape(&lang.t(Msg::PictureLabel {
        caption: Box::new(caption),
        ring: true,
    }));
    let tabs: String = ViewKind::ALL
        .iter()
        .map(|&v| {
            let selected = if v == ViewKind::Explore {
                " selected"
            } else {
                ""
            };
            format!(
                "<span class=\"view-tab{selected}\">{}</span>",
                escape(&lang.t(Msg::ViewLabel(v)))
            )
        })
        .collect();
    let languages: String = Lang::ALL
        .iter()
        .map(|l| {
            format!(
                "<option lang=\"{}\">{}</option>",
                l.html_tag(),
                escape(l.native_name())
            )
        })
        .collect();
    let size = RING_SIZE;
    format!(
        "<div class=\"first-page\">\
<header class=\"title-bar\"><h1><span class=\"brand\">Ringlab</span>{tagline}</h1>\
<div class=\"title-actions\" inert><div class=\"copy-link\"><button type=\"button\">{embed}</button></div>\
<div class=\"copy-link\"><button type=\"button\" class=\"primary\">{copy}</button></div>\
<select class=\"lang-select\" aria-label=\"{language}\">{languages}</select>\
<button type=\"button\" class=\"ghost\">{reset}</button>\
<button type=\"button\" class=\"ghost icon\" aria-label=\"{dark_theme}\">\
<span class=\"first-light-icon\" aria-hidden=\"true\">☾</span><span class=\"first-dark-icon\" aria-hidden=\"true\">☀</span></button>\
</div></header>\
<nav class=\"view-tabs-bar\" aria-label=\"{nav}\" inert><div class=\"view-tabs\">{tabs}</div></nav>\
<div id=\"main-content\" role=\"main\"><div class=\"layout\"><div class=\"main-col\"><div class=\"stage\">\
<div class=\"stage-main\"><figure class=\"picture\">\
<figcaption class=\"picture-caption\">{caption_text}</figcaption>\
<div class=\"canvas-box square\"><picture>\
<source srcset=\"{dark}\" media=\"(prefers-color-scheme: dark)\">\
<img class=\"first-ring\" src=\"{light}\" fetchpriority=\"high\" width=\"{size}\" height=\"{size}\" alt=\"{label}\">\
</picture></div>\
<p class=\"hover-info\">{hint}</p></figure></div>\
<div class=\"stage-side\"><label class=\"check ask-first-switch\" inert><input type=\"checkbox\"> {ask_first}</label>\
<section class=\"card summary\"><h2>{what_moves}</h2>\
<p class=\"summary-line empty\">{empty}</p></section></div>\
</div></div><aside class=\"controls\" aria-label=\"{controls}\"></aside></div></div></div>",
        tagline = ui(Ui::AppTagline),
        embed = ui(Ui::EmbedButton),
        copy = ui(Ui::CopyLink),
        language = ui(Ui::Language),
        reset = ui(Ui::Reset),
        dark_theme = ui(Ui::DarkTheme),
        ask_first = ui(Ui::AskFirst),
        nav = ui(Ui::ViewsNav),
        hint = ui(Ui::HintRing),
        what_moves = ui(Ui::WhatMoves),
        empty = ui(Ui::SummaryEmpty),
        controls = ui(Ui::ControlsLabel),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_ring_draws_every_node_colour_and_the_key_dots() {
        let state = State::initial().unwrap();
        let svg = first_ring_svg(&state, Theme::LIGHT).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
        for node in &state.current.nodes {
            let (_, colour) = state.describe(node.id).unwrap();
            let hex = format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2);
            assert!(svg.contains(&hex), "no {hex} ({}) in the ring", node.name);
        }
        // One element per key drawn as a dot, at least.
        let marks = svg.matches("<circle").count() + svg.matches("<rect").count();
        let keys = state.keys.sample.len();
        assert!(keys > 100 && marks >= keys, "{marks} marks for {keys} keys");
        let dark = first_ring_svg(&state, Theme::DARK).unwrap();
        assert_ne!(svg, dark);
    }

    #[test]
    fn the_first_page_is_the_default_view_in_english_words() {
        let html = first_page_html(&first_lab().unwrap(), "a.svg", "b.svg");
        for words in [
            Lang::En.ui(Ui::SummaryEmpty),
            Lang::En.ui(Ui::HintRing),
            "Ringlab",
            "Explore",
        ] {
            assert!(html.contains(&escape(words)), "missing {words}");
        }
        assert!(html.contains("src=\"a.svg\"") && html.contains("srcset=\"b.svg\""));
        assert_eq!(html.matches("<div").count(), html.matches("</div>").count());
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("<b>&\"x\""), "&lt;b&gt;&amp;&quot;x&quot;");
    }
}
