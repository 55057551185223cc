//! The browser's side of [`DotLayer`]: each batch filled (or stroked) as one path on the
//! canvas's 2D context, with one colour string per batch. The only drawing that bypasses
//! plotters; what it draws is decided by the pure, natively tested code in [`super::dots`],
//! [`super::ring`] and [`super::bins`].

use std::f64::consts::TAU;
use std::fmt::Write as _;

use web_sys::CanvasRenderingContext2d;

use super::dots::{DotLayer, Mark};
use super::DrawResult;

/// Draws every batch of `layer` on `ctx`: one path and one fill or stroke per batch.
/// `colour` is scratch space for the colour strings, kept by the caller across frames.
pub fn fill_layer(ctx: &CanvasRenderingContext2d, layer: &DotLayer, colour: &mut String) -> DrawResult {
    for b in layer.batches() {
        if b.at.is_empty() {
            continue;
        }
        colour.clear();
        let _ = write!(colour, "rgb({},{},{})", b.colour.0, b.colour.1, b.colour.2);
        ctx.begin_path();
        match b.mark {
            Mark::Disc(r) if r <= 2.0 => {
                let r = f64::from(r);
                for &(x, y) in &b.at {
                    ctx.rect(f64::from(x) - r, f64::from(y) - r, 2.0 * r, 2.0 * r);
                }
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            Mark::Disc(r) => {
                let r = f64::from(r);
                for &(x, y) in &b.at {
                    let (x, y) = (f64::from(x), f64::from(y));
                    // Each disc its own sub-path: without the move, the path would join
                    // one disc to the next with a line.
                    ctx.move_to(x + r, y);
                    let _ = ctx.arc(x, y, r, 0.0, TAU);
                }
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            Mark::Ring { radius, width } => {
                let r = f64::from(radius);
                for &(x, y) in &b.at {
                    let (x, y) = (f64::from(x), f64::from(y));
                    ctx.move_to(x + r, y);
                    let _ = ctx.arc(x, y, r, 0.0, TAU);
                }
                ctx.set_stroke_style_str(colour);
                ctx.set_line_width(f64::from(width));
                ctx.stroke();
            }
        }
    }
    Ok(())
}
