//! The ring: the hash space as a circle (0 at the top, clockwise), arcs coloured by the
//! node that owns them, each node's points, the keys as dots, keys travelling between
//! owners after a change, and the clockwise walk of an explained key.

use std::f64::consts::TAU;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::dots::{DotLayer, Groups, Mark, MANY_DOTS, MAX_OUTLINED};
use super::scene_types::{KeyDot, PointMark, RingHit, RingScene, MAX_POINTS_MARKED, MAX_RUNS};
use super::style::{band, draw_mark, err, on_circle, power_of_two, px, rgb, DrawResult, Theme};
use crate::model::Rgb;

/// Most points drawn as dots; more are shown by their arcs alone. (They were drawn as
/// ticks up to 50,000; but past 1,500 points on a circle of a few thousand pixels, ticks
/// are closer than two pixels and show no more than the arcs beside them, and the 16,000
/// of a thousand nodes' virtual-node ring, one stroke each, took 22 ms to draw and 15 ms
/// to copy.)
const MAX_POINT_DOTS: usize = 1_500;
/// The ring's radii and centre for a drawing of `width × height` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Geometry {
    /// Centre.
    pub(crate) cx: f64,
    /// Centre.
    pub(crate) cy: f64,
    /// The scale circle.
    pub(crate) r_scale: f64,
    /// The points.
    pub(crate) r_points: f64,
    /// Outer edge of the arcs.
    pub(crate) r_band_out: f64,
    /// Inner edge of the arcs.
    pub(crate) r_band_in: f64,
    /// The walk of an explained key.
    pub(crate) r_walk: f64,
    /// Outer edge of the keys.
    pub(crate) r_keys_out: f64,
    /// Inner edge of the keys.
    pub(crate) r_keys_in: f64,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
}

impl Geometry {
    /// The geometry for a `width × height` drawing; room is left for labels if `text`.
    pub(crate) fn new(width: u32, height: u32, scale: f64, text: bool) -> Geometry {
        let side = f64::from(width.min(height));
        let margin = if text { 24.0 } else { 6.0 } * scale;
        let r = (side / 2.0 - margin).max(10.0);
        Geometry {
            cx: f64::from(width) / 2.0,
            cy: f64::from(height) / 2.0,
            r_scale: r,
            r_points: r * 0.955,
            r_band_out: r * 0.91,
            r_band_in: r * 0.83,
            r_walk: r * 0.79,
            r_keys_out: r * 0.74,
            r_keys_in: r * 0.52,
            scale,
        }
    }

    /// The pixel at fraction `frac` of the way round, at radius `r`.
    pub(crate) fn at(&self, frac: f64, r: f64) -> (f64, f64) {
        on_circle((self.cx, self.cy), frac, r)
    }

    /// The radius and fraction of the way round of a pixel.
    pub(crate) fn polar(&self, x: f64, y: f64) -> (f64, f64) {
        let dx = x - self.cx;
        let dy = y - self.cy;
        let r = dx.hypot(dy);
        let mut frac = dx.atan2(-dy) / TAU;
        if frac < 0.0 {
            frac += 1.0;
        }
        (r, frac)
    }

    /// Where key dot `k` sits.
    pub(crate) fn key_at(&self, k: &KeyDot) -> (f64, f64) {
        self.at(
            k.frac,
            self.r_keys_in + k.jitter.clamp(0.0, 1.0) * (self.r_keys_out - self.r_keys_in),
        )
    }
}

fn arc_path(g: &Geometry, start: f64, len: f64, r: f64) -> Vec<(i32, i32)> {
    let steps = ((len * 720.0).ceil() as usize).clamp(2, 1_440);
    (0..=steps)
        .map(|i| px(g.at(start + len * i as f64 / steps as f64, r)))
        .collect()
}

/// Clockwise distance from `a` to `b` in fractions of the circle.
fn cw(a: f64, b: f64) -> f64 {
    (b - a).rem_euclid(1.0)
}

/// Runs of consecutive arcs of one colour: (start, length, colour). A point owns the arc
/// from the previous point to itself.
pub(crate) fn arc_runs(points: &[PointMark]) -> Vec<(f64, f64, Rgb)> {
    let n = points.len();
    if n == 0 {
        return Vec::new();
    }
    let Some(first) = (0..n).find(|&i| points[i].colour != points[(i + n - 1) % n].colour) else {
        return vec![(0.0, 1.0, points[0].colour)];
    };
    let mut runs = Vec::new();
    let mut i = first;
    for _ in 0..n {
        let start = points[(i + n - 1) % n].frac;
        let colour = points[i].colour;
        let mut end = points[i].frac;
        let mut j = (i + 1) % n;
        while j != first && points[j].colour == colour {
            end = points[j].frac;
            j = (j + 1) % n;
        }
        runs.push((start, cw(start, end), colour));
        if j == first {
            break;
        }
        i = j;
    }
    runs
}

/// The same runs sampled at `steps` positions round the circle, for rings with too many
/// points to draw arc by arc (arcs narrower than a sample would not show anyway).
fn sampled_runs(points: &[PointMark], steps: usize) -> Vec<(f64, f64, Rgb)> {
    let mut runs: Vec<(f64, f64, Rgb)> = Vec::new();
    // No points, no arcs (and no `% 0` below), whatever the caller checked.
    if points.is_empty() {
        return runs;
    }
    for s in 0..steps {
        let mid = (s as f64 + 0.5) / steps as f64;
        let i = points.partition_point(|p| p.frac < mid) % points.len();
        let colour = points[i].colour;
        let start = s as f64 / steps as f64;
        match runs.last_mut() {
            Some(last) if last.2 == colour => last.1 += 1.0 / steps as f64,
            _ => runs.push((start, 1.0 / steps as f64, colour)),
        }
    }
    runs
}

/// Draws the ring scene over the whole of `area`, every dot through plotters (the native
/// tests' way).
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn draw_ring<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &RingScene,
) -> DrawResult {
    draw_ring_filled_by(area, scene, &mut |l| super::dots::draw_layer(area, l))
}

/// Draws the ring scene over the whole of `area`, its dots and arcs put in layers drawn by
/// `fill` (on a page, a canvas path per batch: [`super::canvas::fill_layer`]).
pub(crate) fn draw_ring_filled_by<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &RingScene,
    fill: &mut dyn FnMut(&DotLayer) -> DrawResult,
) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let dots = RingDots::new(scene, w, h);
    let mut layer = DotLayer::default();
    draw_ring_with(area, scene, &dots, &mut layer, fill)
}

/// Draws the ring scene over the whole of `area`, with its key dots and travellers from
/// `dots` (made for this scene and this area's size) at the scene's progress, put in `layer`
/// and drawn by `fill`.
pub(crate) fn draw_ring_with<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &RingScene,
    dots: &RingDots,
    layer: &mut DotLayer,
    fill: &mut dyn FnMut(&DotLayer) -> DrawResult,
) -> DrawResult {
    draw_ring_under(area, scene, layer, fill)?;
    dots.frame(scene.progress, scene.theme, layer);
    fill(layer)?;
    draw_ring_over(area, scene)?;
    area.present().map_err(err)
}

/// Everything under the keys: the background, the scale, the arcs (put in `layer`, a batch
/// per colour, and drawn by `fill`) and the points. None of it changes while a change plays
/// (the page keeps it, with [`RingDots::still`], in an offscreen canvas and copies it into
/// each frame).
pub(crate) fn draw_ring_under<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &RingScene,
    layer: &mut DotLayer,
    fill: &mut dyn FnMut(&DotLayer) -> DrawResult,
) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let g = Geometry::new(w, h, scene.scale, scene.text);
    let s = scene.scale;
    let theme = scene.theme;
    area.fill(&rgb(theme.bg)).map_err(err)?;

    // The scale: a hairline circle with quarter marks.
    area.draw(&Circle::new(
        px((g.cx, g.cy)),
        g.r_scale.round() as i32,
        rgb(theme.faint).stroke_width(s.max(1.0) as u32),
    ))
    .map_err(err)?;
    let quarters = ["0", "¼", "½", "¾"];
    for (q, label) in quarters.iter().enumerate() {
        let f = q as f64 / 4.0;
        let a = px(g.at(f, g.r_band_in - 2.0 * s));
        let b = px(g.at(f, g.r_scale + 5.0 * s));
        area.draw(&PathElement::new(
            vec![a, b],
            rgb(theme.muted).stroke_width(s.max(1.0) as u32),
        ))
        .map_err(err)?;
        if scene.text {
            // Short labels at the sides, where the margin is narrow; the full scale on top.
            let text = match q {
                0 => format!("0 = {}", power_of_two(scene.space_bits)),
                2 => format!("½ · {}", power_of_two(scene.space_bits)),
                _ => (*label).to_string(),
            };
            let pos = match q {
                0 => Pos::new(HPos::Center, VPos::Bottom),
                1 => Pos::new(HPos::Left, VPos::Center),
                2 => Pos::new(HPos::Center, VPos::Top),
                _ => Pos::new(HPos::Right, VPos::Center),
            };
            let at = px(g.at(f, g.r_scale + 8.0 * s));
            let style = (super::style::FONT, 12.0 * s)
                .into_font()
                .color(&rgb(theme.muted))
                .pos(pos);
            area.draw(&Text::new(text, at, style)).map_err(err)?;
        }
    }

    // Arcs coloured by owner.
    if !scene.points.is_empty() {
        // A ring of more points than are marked one by one has runs past counting.
        let mut runs = if scene.point_count > MAX_POINTS_MARKED {
            Vec::new()
        } else {
            arc_runs(&scene.points)
        };
        // A sample every two pixels round the outer edge: an arc narrower does not show as
        // a colour of its own, and each costs as much to fill as a wide one. On Cassandra's
        // 256,000 tokens, 770 samples in place of 2,048 took the layer's filling from 4.4
        // to 2.1 ms and its copy from 10.1 to 4.9.
        let steps = (std::f64::consts::TAU * g.r_band_out / (2.0 * s.max(1.0))) as usize;
        let steps = steps.clamp(1, MAX_RUNS);
        if runs.is_empty() || runs.len() > steps {
            runs = sampled_runs(&scene.points, steps);
        }
        let arc = Mark::Arc {
            centre: (g.cx, g.cy),
            inner: g.r_band_in,
            outer: g.r_band_out,
        };
        layer.clear();
        let by_colour = Groups::of(runs.iter().map(|&(start, len, c)| (c, None, (start, len))));
        for (colour, _, stretches) in by_colour.groups {
            layer.start(colour, arc).extend(stretches);
        }
        fill(layer)?;
        if let Some(RingHit::Arc(i)) = scene.hover {
            let n = scene.points.len();
            let i = scene.mark_of(i);
            if let Some(p) = scene.points.get(i) {
                let start = scene.points[(i + n - 1) % n].frac;
                let len = if n == 1 { 1.0 } else { cw(start, p.frac) };
                let outline = band(
                    (g.cx, g.cy),
                    start,
                    len,
                    g.r_band_in - 2.0 * s,
                    g.r_band_out + 2.0 * s,
                );
                let mut closed = outline.clone();
                if let Some(&first) = outline.first() {
                    closed.push(first);
                }
                area.draw(&PathElement::new(
                    closed,
                    rgb(theme.fg).stroke_width((2.0 * s) as u32),
                ))
                .map_err(err)?;
            }
        }
    }

    // A ring that does not close (Varnish): a gap through the band at 0, edged on the side
    // of the last point, whose arc runs up to it.
    if !scene.wraps && !scene.points.is_empty() {
        let gap = (3.0 * s) / g.r_band_out / TAU;
        let cut = band(
            (g.cx, g.cy),
            1.0 - gap,
            2.0 * gap,
            g.r_band_in - 3.0 * s,
            g.r_band_out + 3.0 * s,
        );
        area.draw(&Polygon::new(cut, rgb(theme.bg).filled()))
            .map_err(err)?;
        let edge = [
            px(g.at(1.0 - gap, g.r_band_in - 6.0 * s)),
            px(g.at(1.0 - gap, g.r_band_out + 6.0 * s)),
        ];
        area.draw(&PathElement::new(
            edge.to_vec(),
            rgb(theme.fg).stroke_width((2.0 * s).max(1.0) as u32),
        ))
        .map_err(err)?;
    }

    // The points.
    let n = scene.point_count;
    if n <= MAX_POINT_DOTS {
        let r = (3.5 * s).round().max(2.0) as i32;
        for p in &scene.points {
            let c = px(g.at(p.frac, g.r_points));
            let halo = (s.round() as i32).max(1);
            draw_mark(area, c, r, p.shape, p.colour, (halo, theme.bg))?;
        }
    }
    if let Some(RingHit::Point(i)) = scene.hover {
        if let Some(p) = scene.points.get(scene.mark_of(i)) {
            let c = px(g.at(p.frac, g.r_points));
            area.draw(&Circle::new(c, (7.0 * s) as i32, rgb(p.colour).filled()))
                .map_err(err)?;
            area.draw(&Circle::new(
                c,
                (7.0 * s) as i32,
                rgb(theme.fg).stroke_width((2.0 * s) as u32),
            ))
            .map_err(err)?;
        }
    }

    Ok(())
}

/// Everything over the keys: the key under the pointer and the explained key's walk.
pub(crate) fn draw_ring_over<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &RingScene,
) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let g = Geometry::new(w, h, scene.scale, scene.text);
    let s = scene.scale;
    let theme = scene.theme;
    if let Some(RingHit::Key(i)) = scene.hover {
        if let Some(k) = scene.keys.get(i) {
            let c = px(g.key_at(k));
            area.draw(&Circle::new(c, (5.0 * s) as i32, rgb(k.colour).filled()))
                .map_err(err)?;
            area.draw(&Circle::new(
                c,
                (5.0 * s) as i32,
                rgb(theme.fg).stroke_width((2.0 * s) as u32),
            ))
            .map_err(err)?;
        }
    }

    // The explained key's walk.
    if let Some(walk) = &scene.walk {
        let faint = rgb(theme.muted).stroke_width((1.5 * s).round().max(1.0) as u32);
        for &(probe, point) in &walk.probes {
            let len = cw(probe, point);
            if len > 0.0 {
                area.draw(&PathElement::new(arc_path(&g, probe, len, g.r_walk), faint))
                    .map_err(err)?;
            }
            let at = px(g.at(probe, g.r_walk));
            area.draw(&Circle::new(at, (3.0 * s).round() as i32, faint))
                .map_err(err)?;
        }
        let len = cw(walk.key_frac, walk.point_frac);
        let style = rgb(theme.fg).stroke_width((2.5 * s).round().max(1.0) as u32);
        if len > 0.0 {
            area.draw(&PathElement::new(
                arc_path(&g, walk.key_frac, len, g.r_walk),
                style,
            ))
            .map_err(err)?;
        }
        let end_in = px(g.at(walk.point_frac, g.r_walk));
        let end_out = px(g.at(walk.point_frac, g.r_points));
        area.draw(&PathElement::new(vec![end_in, end_out], style))
            .map_err(err)?;
        let key = px(g.at(walk.key_frac, g.r_walk));
        let r = (5.0 * s).round() as i32;
        area.draw(&Circle::new(key, r, rgb(theme.bg).filled()))
            .map_err(err)?;
        area.draw(&Circle::new(key, r, style)).map_err(err)?;
        let p = px(g.at(walk.point_frac, g.r_points));
        area.draw(&Circle::new(p, (6.0 * s).round() as i32, style))
            .map_err(err)?;
        if scene.text {
            // The key's name just inside its marker, towards the centre.
            let (kx, ky) = g.at(walk.key_frac, g.r_walk - 10.0 * s);
            let hpos = if kx < g.cx - 4.0 * s {
                HPos::Left
            } else if kx > g.cx + 4.0 * s {
                HPos::Right
            } else {
                HPos::Center
            };
            let vpos = if ky < g.cy { VPos::Top } else { VPos::Bottom };
            let font = (super::style::FONT, 12.0 * s)
                .into_font()
                .style(FontStyle::Bold)
                .color(&rgb(theme.fg))
                .pos(Pos::new(hpos, vpos));
            area.draw(&Text::new(
                super::style::shorten(&walk.key, 24),
                px((kx, ky)),
                font,
            ))
            .map_err(err)?;
        }
    }
    Ok(())
}

/// The key dots and travellers of a ring scene for one size of drawing, grouped by the
/// colours they fade between and placed once: a frame then only works out each group's
/// colour and each traveller's place, and adds them to a [`DotLayer`] as one batch per
/// colour. Dots that sit still are copied, not computed again.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RingDots {
    geometry: Geometry,
    /// Key dots' centres, by owner's colour and the previous owner's (moved keys).
    keys: Groups<(f64, f64)>,
    /// Travellers' start (a fraction) and signed way round, by new and old colour.
    travellers: Groups<(f64, f64)>,
    /// Whether moved keys and travellers get an outline (not when there are so many that
    /// the outlines would hide the dots).
    outlined: bool,
    /// Whether there are so many keys that their dots are drawn smaller.
    many: bool,
}

/// `paths` without repeats, ordered by `(from, delta)` as `f64::total_cmp` orders each.
/// Sorted as `(key, index)` pairs, by `from`, then by `delta` among equal `from`s: that is
/// the element of the key-position sorts, so the wasm needs no sort of its own for these.
fn distinct_paths(paths: &[(f64, f64)]) -> Vec<(f64, f64)> {
    // The bits of `x` as a number that orders as `total_cmp` does.
    fn key(x: f64) -> u64 {
        let bits = x.to_bits();
        if bits >> 63 == 1 {
            !bits
        } else {
            bits | 1 << 63
        }
    }
    let mut by_from: Vec<(u64, usize)> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| (key(p.0), i))
        .collect();
    by_from.sort_unstable();
    let mut out = Vec::with_capacity(paths.len());
    let mut run: Vec<(u64, usize)> = Vec::new();
    for same_from in by_from.chunk_by(|a, b| a.0 == b.0) {
        run.clear();
        run.extend(
            same_from
                .iter()
                .filter_map(|&(_, i)| Some((key(paths.get(i)?.1), i))),
        );
        run.sort_unstable();
        run.dedup_by_key(|r| r.0);
        out.extend(run.iter().filter_map(|&(_, i)| paths.get(i).copied()));
    }
    out
}

impl RingDots {
    /// The dots of `scene` on a `width × height` drawing.
    pub(crate) fn new(scene: &RingScene, width: u32, height: u32) -> RingDots {
        let g = Geometry::new(width, height, scene.scale, scene.text);
        // Key dots sit on whole pixels (as plotters drew them), so that a dot drawn over
        // another at the same place covers it exactly: the page cross-fades moved keys by
        // drawing their new colours over the old ones.
        let keys = Groups::of(scene.keys.iter().map(|k| {
            let (x, y) = g.key_at(k);
            (k.colour, k.from, (x.round(), y.round()))
        }));
        let mut travellers = Groups::of(scene.travellers.iter().map(|tr| {
            // The short way round.
            let mut delta = (tr.to_frac - tr.from_frac).rem_euclid(1.0);
            if delta > 0.5 {
                delta -= 1.0;
            }
            (tr.to, Some(tr.from), (tr.from_frac, delta))
        }));
        let moved = scene.keys.iter().filter(|k| k.from.is_some()).count();
        let outlined = moved.max(travellers.len()) <= MAX_OUTLINED;
        // Keys that leave the same point for the same point travel together: one dot, the
        // same pixels at every frame, drawn once. (On a ring of 64 points, the 14,910 keys a
        // new hash moves share about 2,000 paths.)
        for (_, _, paths) in &mut travellers.groups {
            *paths = distinct_paths(paths);
        }
        RingDots {
            geometry: g,
            many: scene.keys.len() > MANY_DOTS,
            keys,
            outlined,
            travellers,
        }
    }

    /// How many traveller dots a frame draws (keys on the same path share one).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn traveller_dots(&self) -> usize {
        self.travellers.len()
    }

    /// The dots at `progress` (0..=1) of the change, into `layer` (emptied first): the keys
    /// (the moved ones fading from their old owner's colour to their new owner's), then the
    /// travellers, or at rest the rings round the moved keys.
    pub(crate) fn frame(&self, progress: f64, theme: Theme, layer: &mut DotLayer) {
        self.still(layer);
        let t = super::style::ease(progress);
        let dot = self.dot();
        for (to, from, at) in &self.keys.groups {
            if let Some(f) = from {
                layer.start(f.mix(*to, t), dot).extend_from_slice(at);
            }
        }
        self.add_travellers(progress, theme, layer);
    }

    /// The keys that did not move, into `layer` (emptied first): the same at every moment.
    pub(crate) fn still(&self, layer: &mut DotLayer) {
        layer.clear();
        let dot = self.dot();
        for (to, _, at) in self.keys.groups.iter().filter(|g| g.1.is_none()) {
            layer.start(*to, dot).extend_from_slice(at);
        }
    }

    /// The keys that moved, in their old owner's colour (`after` false) or their new owner's,
    /// into `layer` (emptied first). The new ones drawn over the old ones at an opacity of
    /// `ease(progress)` are the cross-fade of [`RingDots::frame`], without a path per frame.
    pub(crate) fn moved(&self, after: bool, layer: &mut DotLayer) {
        layer.clear();
        let dot = self.dot();
        for (to, from, at) in &self.keys.groups {
            if let Some(f) = from {
                let colour = if after { *to } else { *f };
                layer.start(colour, dot).extend_from_slice(at);
            }
        }
    }

    /// The travellers at `progress` (0..=1), or at rest the rings round the moved keys, into
    /// `layer` (emptied first). Over [`RingDots::still`] and the cross-faded
    /// [`RingDots::moved`], the whole frame.
    pub(crate) fn travellers(&self, progress: f64, theme: Theme, layer: &mut DotLayer) {
        layer.clear();
        self.add_travellers(progress, theme, layer);
    }

    /// The mark of a key dot. Many keys get smaller dots: 20,000 dots of radius 2 cover the
    /// key band six times over, a solid mass; squares of two pixels, about once and a half,
    /// so single keys, the travellers (larger) and the fading colours can still be told
    /// apart, and a canvas fills them several times faster than discs.
    fn dot(&self) -> Mark {
        let s = self.geometry.scale;
        if self.many {
            Mark::Square(s.round().max(1.0))
        } else {
            Mark::Disc((1.8 * s).round().max(1.0))
        }
    }

    /// The radius of the ring round a moved key at rest.
    fn ring_radius(&self) -> f64 {
        let s = self.geometry.scale;
        (1.8 * s).round().max(1.0) + (1.5 * s).round()
    }

    fn add_travellers(&self, progress: f64, theme: Theme, layer: &mut DotLayer) {
        let g = &self.geometry;
        let s = g.scale;
        let t = super::style::ease(progress);
        if t >= 1.0 && self.outlined {
            // At rest, the keys that moved keep a ring so they can still be found.
            let mark = Mark::Ring {
                radius: self.ring_radius(),
                width: s.max(1.0),
            };
            let ring = layer.start(theme.fg.mix(theme.bg, 0.35), mark);
            for (_, from, at) in &self.keys.groups {
                if from.is_some() {
                    ring.extend_from_slice(at);
                }
            }
        }
        // Keys on their way: from the old owner's point to the new owner's, the short way
        // round, dipping towards the centre so they are seen crossing.
        if t < 1.0 && !self.travellers.is_empty() {
            // Smaller when there are many, so that they do not cover each other, and squares:
            // 15,000 discs a frame held the page at 30 frames a second, squares at 60.
            let size = if self.outlined { 3.5 * s } else { 2.0 * s }.round();
            let mark = if self.outlined {
                Mark::Disc(size)
            } else {
                Mark::Square(size)
            };
            let r = g.r_walk - (std::f64::consts::PI * t).sin() * (g.r_walk - g.r_keys_in) * 0.5;
            let place = |&(from, delta): &(f64, f64)| g.at(from + delta * t, r);
            for (to, from, paths) in &self.travellers.groups {
                let colour = from.map_or(*to, |f| f.mix(*to, t));
                layer.start(colour, mark).extend(paths.iter().map(place));
            }
            if self.outlined {
                let mark = Mark::Ring {
                    radius: size,
                    width: s.max(1.0),
                };
                let outline = layer.start(theme.fg, mark);
                for (_, _, paths) in &self.travellers.groups {
                    outline.extend(paths.iter().map(place));
                }
            }
        }
    }
}

impl RingScene {
    /// The mark of ring point `index`: itself, or on a ring marked by stretches, the mark
    /// of the stretch it is in.
    pub(crate) fn mark_of(&self, index: usize) -> usize {
        self.points.partition_point(|m| (m.index as usize) < index)
    }
}

/// What is under pixel `(x, y)` of a `width × height` drawing of `scene`, if anything.
pub(crate) fn hit_test(
    scene: &RingScene,
    width: u32,
    height: u32,
    x: f64,
    y: f64,
) -> Option<RingHit> {
    let g = Geometry::new(width, height, scene.scale, scene.text);
    let s = scene.scale;
    let (r, frac) = g.polar(x, y);
    let n = scene.points.len();
    if n > 0 && scene.point_count <= MAX_POINT_DOTS && (r - g.r_points).abs() <= 9.0 * s {
        let nearest = (0..n)
            .map(|i| {
                let d = cw(frac, scene.points[i].frac).min(cw(scene.points[i].frac, frac));
                (d * TAU * g.r_points, i)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, i)) = nearest {
            if d <= 9.0 * s {
                return Some(RingHit::Point(i));
            }
        }
    }
    if n > 0 && r >= g.r_band_in - 3.0 * s && r <= g.r_band_out + 3.0 * s {
        let i = scene.points.partition_point(|p| p.frac < frac) % n;
        return Some(RingHit::Arc(scene.points[i].index as usize));
    }
    if r >= g.r_keys_in - 6.0 * s && r <= g.r_keys_out + 6.0 * s {
        let nearest = scene
            .keys
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let (kx, ky) = g.key_at(k);
                ((kx - x).hypot(ky - y), i)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, i)) = nearest {
            if d <= 6.0 * s {
                return Some(RingHit::Key(i));
            }
        }
    }
    None
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests;
