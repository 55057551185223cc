//! The Embed dialog's snippets: the `<ring-lab>` element (one script tag, attributes that
//! are the link's parameters) and the `<iframe>` with the script that sizes it from the
//! widget's height messages. Both describe what the lab shows, with the options picked.

use super::lang::Lang;
use super::state::State;
use super::url::{Embed, Limits, Shared, ThemeChoice};

/// What the embedded widget shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EmbedOptions {
    /// The layout: the whole lab, the ring or the charts.
    pub(crate) show: Embed,
    /// Whether the legend shows.
    pub(crate) legend: bool,
    /// Whether the controls show.
    pub(crate) controls: bool,
    /// Whether the last change is made again on opening (so the widget shows what moved).
    pub(crate) change: bool,
    /// The language, if fixed (else the reader's browser decides).
    pub(crate) lang: Option<Lang>,
    /// The theme, if fixed (else the host page's or the system's).
    pub(crate) theme: Option<ThemeChoice>,
}

impl Default for EmbedOptions {
    fn default() -> Self {
        EmbedOptions {
            show: Embed::Ring,
            legend: true,
            controls: false,
            change: true,
            lang: None,
            theme: None,
        }
    }
}

/// The query of `state` with `options`, as a page's address (layout included).
pub(crate) fn query(state: &State, options: EmbedOptions) -> String {
    let mut shared = if options.change {
        Shared::of(state, options.theme)
    } else {
        Shared::without_change(state, options.theme)
    };
    shared.lang = options.lang;
    shared.embed = Some(options.show);
    shared.controls = options.controls;
    shared.legend = options.legend;
    shared.to_query(Limits::ADDRESS)
}

/// `text` safe inside a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// The element, after its script: `base` is where the lab is served (ending in `/`).
pub(crate) fn element_snippet(state: &State, options: EmbedOptions, base: &str) -> String {
    let mut attributes = String::new();
    for pair in query(state, options).split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        // The element's word for the layout is `show`; the whole lab is `all`.
        let (name, value) = match (name, value) {
            ("embed", "") => ("show", "all"),
            ("embed", v) => ("show", v),
            other => other,
        };
        attributes.push_str(&format!(" {name}=\"{}\"", attribute(value)));
    }
    // The style sheet reserves the element's room before it starts (static/ring-lab.css).
    let base = attribute(base);
    format!(
        "<script type=\"module\" src=\"{base}ring-lab.js\"></script>\n\
         <link rel=\"stylesheet\" href=\"{base}ring-lab.css\">\n<ring-lab{attributes}></ring-lab>"
    )
}

/// The iframe and the script that sizes it: the widget posts
/// `{type: 'ringlab:height', height}` to its host on load and whenever it changes.
pub(crate) fn iframe_snippet(state: &State, options: EmbedOptions, base: &str) -> String {
    format!(
        "<iframe src=\"{}?{}\" title=\"Ringlab\" loading=\"lazy\" style=\"width:100%;height:480px;border:0\"></iframe>\n\
         <script>\n\
         addEventListener('message', (e) => {{\n  \
           if (e.data?.type !== 'ringlab:height') return;\n  \
           for (const f of document.querySelectorAll('iframe'))\n    \
             if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';\n\
         }});\n\
         </script>",
        attribute(base),
        attribute(&query(state, options))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Action;

    fn added() -> State {
        State::initial()
            .unwrap()
            .apply(Action::AddNode {
                name: "cache-e".into(),
                weight: "100".into(),
                vnodes: String::new(),
            })
            .unwrap()
    }

    #[test]
    fn the_element_carries_the_state_the_change_and_the_options() {
        let s = added();
        let base = "https://example.org/ringlab/";
        let e = element_snippet(&s, EmbedOptions::default(), base);
        assert!(e.starts_with(
            "<script type=\"module\" src=\"https://example.org/ringlab/ring-lab.js\"></script>\n\
             <link rel=\"stylesheet\" href=\"https://example.org/ringlab/ring-lab.css\">\n<ring-lab "
        ));
        for part in [
            " nodes=\"cache-a:100,cache-b:100,cache-c:100,cache-d:100\"",
            " change=\"add:cache-e:100\"",
            " show=\"ring\"",
            " controls=\"0\"",
        ] {
            assert!(e.contains(part), "{part} is not in {e}");
        }
        assert!(!e.contains("legend="), "{e}");
        // Without the change: the cluster after it, and no change.
        let plain = element_snippet(
            &s,
            EmbedOptions {
                change: false,
                show: Embed::Full,
                legend: false,
                controls: true,
                lang: Some(Lang::Zh),
                theme: Some(ThemeChoice::Dark),
            },
            base,
        );
        for part in [
            "cache-e:100\"",
            " show=\"all\"",
            " legend=\"0\"",
            " lang=\"zh\"",
            " theme=\"dark\"",
        ] {
            assert!(plain.contains(part), "{part} is not in {plain}");
        }
        assert!(
            !plain.contains("change=") && !plain.contains("controls="),
            "{plain}"
        );
    }

    #[test]
    fn the_iframe_is_the_embedded_address_with_its_sizing_script() {
        let s = added();
        let i = iframe_snippet(&s, EmbedOptions::default(), "/");
        assert!(i.starts_with("<iframe src=\"/?"), "{i}");
        assert!(
            i.contains("embed=ring") && i.contains("change=add:cache-e:100"),
            "{i}"
        );
        assert!(
            i.contains("&amp;"),
            "the query's & is escaped in the attribute: {i}"
        );
        assert!(
            i.contains("ringlab:height") && i.ends_with("</script>"),
            "{i}"
        );
    }

    #[test]
    fn names_are_escaped_in_the_attributes() {
        let s = State::initial()
            .unwrap()
            .apply(Action::AddNode {
                name: "a\"<b>&".into(),
                weight: "100".into(),
                vnodes: String::new(),
            })
            .unwrap();
        let e = element_snippet(
            &s,
            EmbedOptions {
                change: false,
                ..EmbedOptions::default()
            },
            "/",
        );
        // The link percent-encodes names; nothing raw reaches the markup.
        assert!(!e.contains("a\"<b>"), "{e}");
        assert!(e.contains("a%22%3Cb%3E%26"), "{e}");
    }
}
