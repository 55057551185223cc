//! Ringlab's web app: a Yew front end over the `ring-core` crate.
//!
//! - [`model`]: the state and its pure transitions; no web types, tested natively.
//! - [`i18n`]: every word on the page, in English and Simplified Chinese: keys the model
//!   produces, rendered by the components in the page's language.
//! - [`draw`]: drawing functions over any plotters `DrawingBackend`, fed plain input
//!   structs; the browser passes a canvas backend, native tests a bitmap.
//! - `app`, `components`, `effects` (wasm32 only): the Yew components, and the effects
//!   (animation frames, media queries, canvas sizing) that stay out of the model.
//! - `share` (wasm32 only): the state in the address, the browser's storage and the
//!   embedding host's height messages; the codec itself is [`model::url`].
//! - `perf` (wasm32 only): the performance marks of the page's start (`bench/app/startup.mjs`).
#![forbid(unsafe_code)]
// Natively the crate is the model, the words and the drawing without the components that
// use them (wasm32 only), for the tests: most of it looks unused there. Dead code is
// reported by the wasm32 build (`cargo clippy --target wasm32-unknown-unknown`), where the
// whole app is.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

pub mod draw;
pub mod i18n;
pub mod model;
// The page before the wasm arrives, written at build time (src/bin/prerender.rs).
#[cfg(not(target_arch = "wasm32"))]
pub mod prerender;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub(crate) mod components;
#[cfg(target_arch = "wasm32")]
pub(crate) mod dom;
#[cfg(target_arch = "wasm32")]
pub mod effects;
#[cfg(target_arch = "wasm32")]
pub mod perf;
#[cfg(target_arch = "wasm32")]
pub mod share;
