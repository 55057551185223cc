//! Many dots as few paths: a [`DotLayer`] holds the dots of one frame in [`Batch`]es, each of
//! one colour and one mark, in drawing order. The browser fills each batch as one canvas path
//! (`super::canvas`), so a frame with 20,000 moving keys costs a few dozen fills instead of
//! 20,000; the native tests draw the same batches through plotters ([`draw_layer`]) and read
//! the pixels.
//!
//! A layer is kept from frame to frame: [`DotLayer::clear`] keeps every batch's storage, so
//! once the first frame has been drawn, the next ones allocate nothing.

use crate::model::Rgb;

/// Most moved keys drawn with an outline (a ring at rest, a dark edge while travelling).
/// Beyond this the outlines cover the dots: 15,000 of 20,000 drawn keys moving turned the
/// key band and the travellers into a grey smear.
pub(crate) const MAX_OUTLINED: usize = 2_000;

/// Most keys drawn as discs; more are drawn as small squares (see `RingDots`'s and
/// `BinsDots`' marks).
pub(crate) const MANY_DOTS: usize = 5_000;

/// How the dots of a batch are drawn, in device pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Mark {
    /// A filled disc of this radius around each point.
    Disc(f64),
    /// A filled square of this half side around each point: for dots of a pixel or two,
    /// where it looks like a disc and costs a canvas far less to fill.
    Square(f64),
    /// A filled rectangle this wide and high from each point (its top-left corner), its
    /// corners on whole pixels as plotters puts them.
    Rect {
        /// Width.
        w: f64,
        /// Height.
        h: f64,
    },
    /// A circle of this radius around each point, stroked this wide.
    Ring {
        /// Radius.
        radius: f64,
        /// Line width.
        width: f64,
    },
    /// A stretch of the ring's band round `centre`, between radii `inner` and `outer`:
    /// here each "point" is a stretch's start and length, fractions of the circle from the
    /// top, clockwise. The ring's arcs of one colour are one path; a polygon each,
    /// Cassandra's 256,000 tokens (sampled into 2,048 stretches) took 7 ms to draw and as
    /// much again to copy.
    Arc {
        /// The ring's centre.
        centre: (f64, f64),
        /// Inner radius.
        inner: f64,
        /// Outer radius.
        outer: f64,
    },
}

/// Dots of one colour and one mark: one path on a canvas.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Batch {
    /// The colour.
    pub(crate) colour: Rgb,
    /// The mark.
    pub(crate) mark: Mark,
    /// The centres, in device pixels.
    pub(crate) at: Vec<(f64, f64)>,
}

/// The batches of one frame, in drawing order.
#[derive(Clone, Debug, Default)]
pub(crate) struct DotLayer {
    batches: Vec<Batch>,
    used: usize,
}

impl DotLayer {
    /// Empties the layer for the next frame, keeping the storage of every batch.
    pub(crate) fn clear(&mut self) {
        for b in &mut self.batches[..self.used] {
            b.at.clear();
        }
        self.used = 0;
    }

    /// Starts a batch of `colour` and `mark` after the others, and returns its list of centres
    /// to fill (empty; storage from an earlier frame is reused).
    pub(crate) fn start(&mut self, colour: Rgb, mark: Mark) -> &mut Vec<(f64, f64)> {
        if self.used == self.batches.len() {
            self.batches.push(Batch {
                colour,
                mark,
                at: Vec::new(),
            });
        }
        let b = &mut self.batches[self.used];
        self.used += 1;
        b.colour = colour;
        b.mark = mark;
        b.at.clear();
        &mut b.at
    }

    /// The batches of this frame, in drawing order (some may be empty).
    pub(crate) fn batches(&self) -> &[Batch] {
        &self.batches[..self.used]
    }

    /// How many dots in all.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn dots(&self) -> usize {
        self.batches().iter().map(|b| b.at.len()).sum()
    }
}

/// Dots grouped by the colours they fade between: one group per (colour after, colour
/// before) pair, `None` before for dots that do not change colour. Built once per scene; a
/// frame then walks a few groups instead of sorting dots by colour.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Groups<T> {
    /// Each group: the colour after, the colour before (if it fades), and its members.
    pub(crate) groups: Vec<(Rgb, Option<Rgb>, Vec<T>)>,
}

impl<T> Groups<T> {
    /// `items` grouped by their colours, groups in order of first appearance.
    pub(crate) fn of(items: impl IntoIterator<Item = (Rgb, Option<Rgb>, T)>) -> Groups<T> {
        let mut groups = Groups { groups: Vec::new() };
        // The last group used first: neighbours often share colours.
        let mut last = 0usize;
        for (to, from, item) in items {
            last = groups.add(last, to, from, item);
        }
        groups
    }

    /// Adds `item` to the group of `to` and `from`, trying group `last` first; returns the
    /// group's index. Never inlined: one copy per item type, where each caller of
    /// [`Groups::of`] made its own (800 bytes of wasm each).
    #[inline(never)]
    fn add(&mut self, last: usize, to: Rgb, from: Option<Rgb>, item: T) -> usize {
        let groups = &mut self.groups;
        let hit = match groups.get(last) {
            Some(g) if g.0 == to && g.1 == from => Some(last),
            _ => groups.iter().position(|g| g.0 == to && g.1 == from),
        };
        match hit {
            Some(i) => {
                groups[i].2.push(item);
                i
            }
            None => {
                groups.push((to, from, vec![item]));
                groups.len() - 1
            }
        }
    }

    /// How many members in all.
    pub(crate) fn len(&self) -> usize {
        self.groups.iter().map(|g| g.2.len()).sum()
    }

    /// Whether there are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.groups.iter().all(|g| g.2.is_empty())
    }
}

/// Draws `layer` through plotters, one element per dot (the native tests' way, and the
/// page's first ring as SVG, `crate::prerender`; the browser fills one path per batch).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn draw_layer<DB: plotters::prelude::DrawingBackend>(
    area: &plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
    layer: &DotLayer,
) -> super::style::DrawResult {
    use plotters::prelude::*;

    use super::style::{err, rgb};
    let px = |p: (f64, f64)| (p.0.round() as i32, p.1.round() as i32);
    for b in layer.batches() {
        let colour = rgb(b.colour);
        for &c in &b.at {
            match b.mark {
                Mark::Disc(r) => area.draw(&Circle::new(px(c), r.round() as i32, colour.filled())),
                Mark::Square(h) => area.draw(&Rectangle::new(
                    [px((c.0 - h, c.1 - h)), px((c.0 + h - 1.0, c.1 + h - 1.0))],
                    colour.filled(),
                )),
                Mark::Rect { w, h } => area.draw(&Rectangle::new(
                    [px(c), px((c.0 + w, c.1 + h))],
                    colour.filled(),
                )),
                Mark::Ring { radius, width } => area.draw(&Circle::new(
                    px(c),
                    radius.round() as i32,
                    colour.stroke_width(width.round().max(1.0) as u32),
                )),
                Mark::Arc {
                    centre,
                    inner,
                    outer,
                } => area.draw(&Polygon::new(
                    super::style::band(centre, c.0, c.1, inner, outer),
                    colour.filled(),
                )),
            }
            .map_err(err)?;
        }
    }
    Ok(())
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests;
