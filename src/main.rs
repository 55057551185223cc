//! The app's entry point: in the browser, mount the Yew app; natively, say how to run it.

#[cfg(target_arch = "wasm32")]
fn main() {
    ringlab_app::perf::mark(ringlab_app::perf::WASM_START);
    // The lab starts in a task after the one that instantiated the wasm, so that a phone is
    // not held in one long task (a one-shot timer, never cancelled: nothing keeps it).
    gloo::timers::callback::Timeout::new(0, ringlab_app::app::start).forget();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!(
        "ringlab-app is a web app: build and serve it with `trunk serve --offline` \
         (`scripts/serve` does both). Its model and drawing are tested natively with `cargo test -p ringlab-app`."
    );
}
