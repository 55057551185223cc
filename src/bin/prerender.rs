//! Writes the page before the wasm arrives into a built site (`src/prerender.rs`): the
//! first ring as `first-ring.svg` and `first-ring-dark.svg`, and the default view's frame
//! into `index.html`'s empty `<div id="app">`. Trunk's post-build hook runs it
//! (`scripts/prerender`) on its staging directory.
//!
//!     prerender DIR

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use std::process::ExitCode;
    match write(std::env::args().nth(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("prerender: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn write(dir: Option<String>) -> Result<(), String> {
    use ringlab_app::draw::Theme;
    use ringlab_app::prerender::{first_lab, first_page_html, first_ring_svg};
    use std::path::Path;

    let dir = dir.ok_or("usage: prerender DIR (a built site with index.html)")?;
    let dir = Path::new(&dir);
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).map_err(|e| format!("{name}: {e}"))
    };
    let lab = first_lab()?;
    write("first-ring.svg", &first_ring_svg(&lab, Theme::LIGHT)?)?;
    write("first-ring-dark.svg", &first_ring_svg(&lab, Theme::DARK)?)?;
    let index = dir.join("index.html");
    let page = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    const EMPTY_APP: &str = "<div id=\"app\"></div>";
    if page.matches(EMPTY_APP).count() != 1 {
        return Err(format!(
            "{} has no single {EMPTY_APP} to fill",
            index.display()
        ));
    }
    let first = first_page_html(&lab, "first-ring.svg", "first-ring-dark.svg");
    let filled = page.replace(EMPTY_APP, &format!("<div id=\"app\">{first}</div>"));
    write("index.html", &filled)
}

// In the browser there is nothing to write; the binary exists for the native build.
#[cfg(target_arch = "wasm32")]
fn main() {}
