//! The browser's side of [`DotLayer`]: each batch filled (or stroked) as one path on the
//! canvas's 2D context, with one colour string per batch. The only drawing that bypasses
//! plotters; what it draws is decided by the pure, natively tested code in [`super::dots`],
//! [`super::ring`] and [`super::bins`].

use std::f64::consts::TAU;
use std::fmt::Write as _;

use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d;

use super::dots::{DotLayer, Mark};
use super::style::DrawResult;

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A 2D context, seen only for [`UncheckedArcs::arc`].
    type UncheckedArcs;

    /// `ctx.arc(x, y, radius, start, end, anticlockwise)` without web-sys's `catch`: the
    /// call throws only for a negative radius, which [`arc`] never passes, and web-sys
    /// wraps each caught call in a JavaScript `try` of its own (a few thousand a frame).
    /// 50 bytes smaller; a frame of Envoy's finished ring measured the same, within noise.
    #[wasm_bindgen(method)]
    fn arc(
        this: &UncheckedArcs,
        x: f64,
        y: f64,
        radius: f64,
        start: f64,
        end: f64,
        anticlockwise: bool,
    );
}

/// An arc of the current path, its radius at least 0.
fn arc(
    ctx: &CanvasRenderingContext2d,
    (x, y): (f64, f64),
    radius: f64,
    from: f64,
    to: f64,
    back: bool,
) {
    let ctx: &UncheckedArcs = ctx.unchecked_ref();
    ctx.arc(x, y, radius.max(0.0), from, to, back);
}

/// Draws every batch of `layer` on `ctx`: one path and one fill or stroke per batch.
/// `colour` is scratch space for the colour strings, kept by the caller across frames.
pub(crate) fn fill_layer(
    ctx: &CanvasRenderingContext2d,
    layer: &DotLayer,
    colour: &mut String,
) -> DrawResult {
    for b in layer.batches() {
        if b.at.is_empty() {
            continue;
        }
        colour.clear();
        let _ = write!(colour, "rgb({},{},{})", b.colour.0, b.colour.1, b.colour.2);
        ctx.begin_path();
        match b.mark {
            Mark::Square(h) => {
                for &(x, y) in &b.at {
                    ctx.rect(x - h, y - h, 2.0 * h, 2.0 * h);
                }
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            Mark::Disc(r) => {
                for &(x, y) in &b.at {
                    // Each disc its own sub-path: without the move, the path would join
                    // one disc to the next with a line.
                    ctx.move_to(x + r, y);
                    arc(ctx, (x, y), r, 0.0, TAU, false);
                }
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            Mark::Rect { w, h } => {
                for &(x, y) in &b.at {
                    // Corners on whole pixels, as plotters puts them: neighbouring cells
                    // meet without a seam.
                    let (x0, y0) = (x.round(), y.round());
                    ctx.rect(x0, y0, (x + w).round() - x0, (y + h).round() - y0);
                }
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            Mark::Arc {
                centre: (cx, cy),
                inner,
                outer,
            } => {
                // The canvas measures angles from the x axis; the ring's 0 is at the top.
                let angle = |frac: f64| (frac - 0.25) * TAU;
                for &(start, len) in &b.at {
                    let (a, z) = (angle(start), angle(start + len));
                    // Each stretch its own sub-path, as each disc above.
                    let (x, y) = super::style::on_circle((cx, cy), start, outer);
                    ctx.move_to(x, y);
                    arc(ctx, (cx, cy), outer, a, z, false);
                    arc(ctx, (cx, cy), inner, z, a, true);
                    ctx.close_path();
                }
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            Mark::Ring { radius, width } => {
                for &(x, y) in &b.at {
                    ctx.move_to(x + radius, y);
                    arc(ctx, (x, y), radius, 0.0, TAU, false);
                }
                ctx.set_stroke_style_str(colour);
                ctx.set_line_width(width);
                ctx.stroke();
            }
        }
    }
    Ok(())
}
