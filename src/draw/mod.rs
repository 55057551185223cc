//! Drawing, as pure functions over any plotters [`DrawingBackend`]: the browser passes a
//! `plotters_canvas::CanvasBackend`, the native tests a bitmap whose pixels they read.
//!
//! Each view has a plain input struct built from the model by [`scene`] ([`RingScene`],
//! [`BinsScene`], [`BarsScene`]); the draw functions know nothing of the model. Text needs
//! a font, which the native bitmap backend lacks without plotters' `ttf` feature, so every
//! scene has a `text` switch: on in the browser, off in the native tests.

pub(crate) mod bins;
// The one browser-only file here: draws the dot layers of `dots` on a canvas's 2D context.
#[cfg(target_arch = "wasm32")]
pub(crate) mod canvas;
pub(crate) mod charts;
pub(crate) mod chord;
pub(crate) mod dots;
pub(crate) mod paper;
pub(crate) mod replicas;
pub(crate) mod ring;
pub(crate) mod scene;
pub(crate) mod scene_types;
pub(crate) mod style;
pub(crate) mod table;
pub(crate) mod traffic;
pub(crate) mod which;

// The components' short names for the pictures (natively the tests use the modules).
#[cfg(target_arch = "wasm32")]
pub(crate) use {
    bins::draw_bins_filled_by, charts::draw_bars, ring::draw_ring_filled_by, scene_types::BarsScene,
};

// The pixel tests draw into plotters' bitmap backend, a native-only dev-dependency.
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod testing;

pub use style::Theme;
// The components' short names for the easing (natively only the tests use them).
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub(crate) use style::{ease, uneased};
