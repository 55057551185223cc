//! The app's entry point: in the browser, mount the Yew app; natively, say how to run it.

#[cfg(target_arch = "wasm32")]
fn main() {
    ringlab_app::perf::mark(ringlab_app::perf::WASM_START);
    ringlab_app::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!(
        "ringlab-app is a web app: build and serve it with `trunk serve --offline` \
         (see the README). Its model and drawing are tested natively with `cargo test -p ringlab-app`."
    );
}
