//! Placements that are not rings: the nodes as columns ("bins") holding their keys as
//! stacked dots, under a header that shows the structure itself — nothing for numbered
//! buckets (modulo, jump: the columns are the buckets), the lookup table as a grid of cells
//! coloured by owner (slot table, Maglev), or each node's score for the explained key
//! (rendezvous). After a change, moved keys travel from their old bin to their new one.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::dots::{DotLayer, Groups, Mark, MANY_DOTS, MAX_OUTLINED};
use super::scene_types::{BinsHit, BinsScene, BucketCell, Header};
use super::style::{err, rgb, shorten, DrawResult, Theme};
use crate::model::Rgb;

/// Where everything goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layout {
    /// The header's box: left, top, right, bottom.
    pub(crate) header: (f64, f64, f64, f64),
    /// Left edge of the first bin.
    pub(crate) x0: f64,
    /// Width of one bin, gap included.
    pub(crate) col_w: f64,
    /// Top of the bins.
    pub(crate) top: f64,
    /// Bottom of the bins (the dots stack up from here).
    pub(crate) bottom: f64,
    /// Dot pitch.
    pub(crate) pitch: f64,
    /// Dots per row in a bin.
    pub(crate) per_row: u32,
    /// Gap between bins.
    pub(crate) gap: f64,
}

impl Layout {
    /// The layout of `columns` bins holding up to `most` dots each in a `width × height`
    /// drawing, with the dot pitch no larger than `max_pitch`.
    pub(crate) fn new(
        scene: &BinsScene,
        width: u32,
        height: u32,
        columns: u32,
        most: u32,
        max_pitch: f64,
    ) -> Layout {
        let s = scene.scale;
        let w = f64::from(width);
        let h = f64::from(height);
        let pad = 10.0 * s;
        let header_h = match scene.header {
            Header::None => 0.0,
            Header::Buckets { .. } => (h * 0.3).round().min(150.0 * s),
            _ => (h * 0.32).round(),
        };
        let label_h = if scene.text { 34.0 * s } else { 4.0 * s };
        let header = (pad, pad, w - pad, pad + header_h);
        let top = header.3 + if header_h > 0.0 { 14.0 * s } else { 0.0 };
        let bottom = h - label_h;
        let n = f64::from(columns.max(1));
        let col_w = (w - 2.0 * pad) / n;
        let gap = (col_w * 0.12).min(12.0 * s);
        let inner = (col_w - gap).max(1.0);
        let avail = (bottom - top).max(1.0);
        let most = f64::from(most.max(1));
        // The largest pitch at which the fullest bin still fits.
        let mut pitch = (inner * avail / most).sqrt().min(max_pitch).min(9.0 * s);
        while pitch > 1.0 {
            let per_row = (inner / pitch).floor().max(1.0);
            if (most / per_row).ceil() * pitch <= avail {
                break;
            }
            pitch *= 0.95;
        }
        let pitch = pitch.max(1.0);
        Layout {
            header,
            x0: pad,
            col_w,
            top,
            bottom,
            pitch,
            per_row: (inner / pitch).floor().max(1.0) as u32,
            gap,
        }
    }

    /// Centre of dot `slot` of bin `column`.
    pub(crate) fn dot(&self, column: u32, slot: u32) -> (f64, f64) {
        let left = self.x0 + f64::from(column) * self.col_w + self.gap / 2.0;
        let row = slot / self.per_row;
        let col = slot % self.per_row;
        (
            left + (f64::from(col) + 0.5) * self.pitch,
            self.bottom - (f64::from(row) + 0.5) * self.pitch,
        )
    }

    /// Whether the bins are wide enough to tell apart (3 CSS pixels each at `scale` device
    /// pixels per CSS pixel), each with its own box.
    pub(crate) fn bins_apart(&self, scale: f64) -> bool {
        self.col_w >= 3.0 * scale
    }

    /// The box of bin `column`: left, top, right, bottom.
    pub(crate) fn bin(&self, column: u32) -> (f64, f64, f64, f64) {
        let left = self.x0 + f64::from(column) * self.col_w + self.gap / 2.0;
        (left, self.top, left + self.col_w - self.gap, self.bottom)
    }

    /// The grid of `n` table cells in the header: columns, rows, cell width and height.
    pub(crate) fn grid(&self, n: usize) -> (usize, usize, f64, f64) {
        let (l, t, r, b) = self.header;
        let w = (r - l).max(1.0);
        let h = (b - t).max(1.0);
        let n = n.max(1);
        let cols = ((n as f64 * w / h).sqrt().ceil() as usize).clamp(1, n);
        let rows = n.div_ceil(cols);
        (cols, rows, w / cols as f64, h / rows as f64)
    }
}

/// The layouts after and before the change, sharing one dot pitch so that piles compare.
pub(crate) fn layouts(scene: &BinsScene, width: u32, height: u32) -> (Layout, Layout) {
    let most_after = scene.dots.iter().map(|d| d.slot + 1).max().unwrap_or(1);
    let most_before = scene
        .dots
        .iter()
        .filter_map(|d| d.from.map(|f| f.1 + 1))
        .max()
        .unwrap_or(1);
    let most = most_after.max(most_before);
    let n = scene.columns.len() as u32;
    let nb = scene.before_columns.max(1);
    let after = Layout::new(scene, width, height, n, most, f64::INFINITY);
    let before = Layout::new(scene, width, height, nb, most, f64::INFINITY);
    let pitch = after.pitch.min(before.pitch);
    (
        Layout::new(scene, width, height, n, most, pitch),
        Layout::new(scene, width, height, nb, most, pitch),
    )
}

fn px(p: (f64, f64)) -> (i32, i32) {
    (p.0.round() as i32, p.1.round() as i32)
}

fn rect(l: f64, t: f64, r: f64, b: f64) -> [(i32, i32); 2] {
    [px((l, t)), px((r, b))]
}

/// Draws the scene over the whole of `area`, every dot through plotters (the native tests'
/// way).
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn draw_bins<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &BinsScene,
) -> DrawResult {
    draw_bins_filled_by(area, scene, &mut |l| super::dots::draw_layer(area, l))
}

/// Draws the scene over the whole of `area`, its keys, cells and bins put in layers drawn
/// by `fill` (on a page, a canvas path per batch: [`super::canvas::fill_layer`]).
pub(crate) fn draw_bins_filled_by<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &BinsScene,
    fill: &mut dyn FnMut(&DotLayer) -> DrawResult,
) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let dots = BinsDots::new(scene, w, h);
    let mut layer = DotLayer::default();
    draw_bins_with(area, scene, &dots, &mut layer, fill)
}

/// Draws the scene over the whole of `area`, with its keys from `dots` (made for this scene
/// and this area's size) at the scene's progress, put in `layer` and drawn by `fill`.
pub(crate) fn draw_bins_with<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &BinsScene,
    dots: &BinsDots,
    layer: &mut DotLayer,
    fill: &mut dyn FnMut(&DotLayer) -> DrawResult,
) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let (lay, _) = layouts(scene, w, h);
    area.fill(&rgb(scene.theme.bg)).map_err(err)?;
    dots.cells(scene.progress, layer);
    boxes_and_bars(scene, &lay, layer);
    fill(layer)?;
    draw_bins_under(area, scene, &lay)?;
    dots.frame(scene.progress, scene.theme, layer);
    fill(layer)?;
    if let Some(BinsHit::Dot(i)) = scene.hover {
        if let Some(d) = scene.dots.get(i) {
            let s = scene.scale;
            let c = px(lay.dot(d.column, d.slot));
            area.draw(&Circle::new(c, (5.0 * s) as i32, rgb(d.colour).filled()))
                .map_err(err)?;
            area.draw(&Circle::new(
                c,
                (5.0 * s) as i32,
                rgb(scene.theme.fg).stroke_width((2.0 * s) as u32),
            ))
            .map_err(err)?;
        }
    }
    area.present().map_err(err)
}

/// Adds to `layer` each bin's faint box (the one under the pointer darker) and the bar
/// along its foot in its node's colour: a batch per colour, where a thousand bins drawn
/// one rectangle at a time took 6 ms of Redis Cluster's picture.
fn boxes_and_bars(scene: &BinsScene, lay: &Layout, layer: &mut DotLayer) {
    let theme = scene.theme;
    let columns = scene.columns.len();
    let corner = |i: usize| {
        let (l, t, _, _) = lay.bin(i as u32);
        (l, t)
    };
    let mark = |h: f64| Mark::Rect {
        w: lay.col_w - lay.gap,
        h,
    };
    let (height, faint) = (lay.bottom - lay.top, theme.faint.mix(theme.bg, 0.5));
    let box_mark = mark(height);
    if lay.bins_apart(scene.scale) {
        layer
            .start(faint, box_mark)
            .extend((0..columns).map(corner));
    } else {
        // Boxes under 3 pixels, rounded to whole ones, were a moiré of stripes: one box.
        let w = columns as f64 * lay.col_w - lay.gap;
        layer
            .start(faint, Mark::Rect { w, h: height })
            .push(corner(0));
    }
    if let Some(BinsHit::Column(i)) = scene.hover {
        let hovered = layer.start(theme.muted.mix(theme.bg, 0.7), box_mark);
        hovered.push(corner(i));
    }
    let bars = Groups::of(
        scene
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| (c.colour, None, (corner(i).0, lay.bottom))),
    );
    for (colour, _, at) in bars.groups {
        layer.start(colour, mark(3.0 * scene.scale)).extend(at);
    }
}

/// Everything under the keys but the table's cells ([`BinsDots::cells`]) and the bins'
/// boxes and bars ([`boxes_and_bars`]): the table's highlights or the scores, and the
/// bins' labels.
fn draw_bins_under<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &BinsScene,
    lay: &Layout,
) -> DrawResult {
    let s = scene.scale;
    let theme = scene.theme;

    match &scene.header {
        Header::None => {}
        Header::Table {
            cells,
            highlight,
            copies,
            ..
        } => {
            let (cols, _, cw, ch) = lay.grid(cells.len());
            let (l, top, _, _) = lay.header;
            let outlined = copies
                .iter()
                .map(|&c| (Some(c), 1.5))
                .chain([(*highlight, 2.5), (hover_cell(scene), 1.5)]);
            for (i, width) in outlined {
                if let Some(i) = i.filter(|&i| i < cells.len()) {
                    let x = l + (i % cols) as f64 * cw;
                    let y = top + (i / cols) as f64 * ch;
                    let m = 2.0 * s;
                    area.draw(&Rectangle::new(
                        rect(x - m, y - m, x + cw + m, y + ch + m),
                        rgb(theme.fg).stroke_width((width * s).round().max(1.0) as u32),
                    ))
                    .map_err(err)?;
                }
            }
        }
        Header::Buckets { .. } => draw_bucket_header(area, scene, lay)?,
        Header::Scores {
            scores,
            winner,
            whole,
        } => {
            let (_, top, _, bottom) = lay.header;
            let most = scores.iter().copied().fold(0.0f64, f64::max);
            for (i, &score) in scores.iter().enumerate() {
                let Some(col) = scene.columns.get(i) else {
                    break;
                };
                let (l, _, r, _) = lay.bin(i as u32);
                let frac = if most > 0.0 {
                    (score / most).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let y = bottom - frac * (bottom - top - 16.0 * s);
                area.draw(&Rectangle::new(
                    rect(l, top, r, bottom),
                    rgb(theme.faint).filled(),
                ))
                .map_err(err)?;
                area.draw(&Rectangle::new(
                    rect(l, y, r, bottom),
                    rgb(col.colour).filled(),
                ))
                .map_err(err)?;
                if i == *winner {
                    area.draw(&Rectangle::new(
                        rect(l, y, r, bottom),
                        rgb(theme.fg).stroke_width((2.0 * s) as u32),
                    ))
                    .map_err(err)?;
                }
                if scene.text {
                    let style = (super::style::FONT, 11.0 * s)
                        .into_font()
                        .color(&rgb(theme.fg))
                        .pos(Pos::new(HPos::Center, VPos::Bottom));
                    let star = if i == *winner { " ★" } else { "" };
                    let label = if *whole {
                        // Exact: a u32 over 2^32, scaled back.
                        format!("{}{star}", (score * 4_294_967_296.0) as u64)
                    } else {
                        format!("{score:.3}{star}")
                    };
                    area.draw(&Text::new(label, px(((l + r) / 2.0, y - 3.0 * s)), style))
                        .map_err(err)?;
                }
            }
        }
    }

    // Each bin's label under its box and bar, where every box has room for two characters;
    // otherwise none (a thousand two-character labels on bins a pixel wide were a smear,
    // and 6 ms of Redis Cluster's picture; the table under the picture names every node).
    let char_w = 6.5 * s;
    if scene.text && lay.col_w - lay.gap >= 2.0 * char_w {
        let style = (super::style::FONT, 12.0 * s)
            .into_font()
            .color(&rgb(theme.fg))
            .pos(Pos::new(HPos::Center, VPos::Top));
        for (i, col) in scene.columns.iter().enumerate() {
            let (l, _, r, b) = lay.bin(i as u32);
            let max_chars = ((r - l) / char_w).floor() as usize;
            area.draw(&Text::new(
                crate::model::display::label_skipping(
                    &col.label,
                    max_chars,
                    col.shared.clone(),
                    col.shared_tail,
                ),
                px(((l + r) / 2.0, b + 8.0 * s)),
                style.clone(),
            ))
            .map_err(err)?;
        }
    }

    Ok(())
}

/// The bucket numbers as a row of cells along the foot of the header, and above them one
/// row per candidate of the key's lookup: the range it was drawn from as a bar, the
/// candidate as a numbered marker; the answer's cell outlined.
fn draw_bucket_header<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &BinsScene,
    lay: &Layout,
) -> DrawResult {
    let Header::Buckets {
        cells,
        draws,
        more,
        answer,
        key,
    } = &scene.header
    else {
        return Ok(());
    };
    let (more, answer) = (*more, *answer);
    let s = scene.scale;
    let theme = scene.theme;
    let (l, top, r, bottom) = lay.header;
    let n = cells.len().max(1) as f64;
    let cw = (r - l) / n;
    let cell_h = (22.0 * s).min((bottom - top) * 0.3);
    let cell_top = bottom - cell_h;
    let x_of = |b: u32| l + f64::from(b) * cw;
    for (i, cell) in cells.iter().enumerate() {
        let x = x_of(i as u32);
        let inset = if cw > 4.0 * s { 1.0 * s } else { 0.0 };
        let (fill, outline) = match cell {
            BucketCell::Working(c) => (Some(*c), None),
            BucketCell::Removed => (Some(theme.faint), None),
            BucketCell::Beyond => (None, Some(theme.faint)),
        };
        if let Some(c) = fill {
            area.draw(&Rectangle::new(
                rect(x + inset, cell_top, x + cw - inset, bottom),
                rgb(c).filled(),
            ))
            .map_err(err)?;
        }
        if let Some(c) = outline {
            area.draw(&Rectangle::new(
                rect(x + inset, cell_top, x + cw - inset, bottom),
                rgb(c).stroke_width(s.round().max(1.0) as u32),
            ))
            .map_err(err)?;
        }
        if scene.text && cw >= 16.0 * s {
            let label = match cell {
                BucketCell::Removed => format!("{i}×"),
                _ => i.to_string(),
            };
            let colour = match cell {
                BucketCell::Working(c) => ink_on(*c),
                _ => theme.fg,
            };
            let style = (super::style::FONT, 10.0 * s)
                .into_font()
                .color(&rgb(colour))
                .pos(Pos::new(HPos::Center, VPos::Center));
            area.draw(&Text::new(
                label,
                px((x + cw / 2.0, cell_top + cell_h / 2.0)),
                style,
            ))
            .map_err(err)?;
        }
    }
    if (answer as usize) < cells.len() {
        let x = x_of(answer);
        let m = 2.0 * s;
        area.draw(&Rectangle::new(
            rect(x - m, cell_top - m, x + cw + m, bottom + m),
            rgb(theme.fg).stroke_width((2.5 * s).round().max(1.0) as u32),
        ))
        .map_err(err)?;
    }
    // The candidates, first at the top.
    let label_h = if scene.text { 16.0 * s } else { 0.0 };
    let rows = draws.len().max(1) as f64;
    let row_h = ((cell_top - top - label_h - 4.0 * s) / rows).clamp(4.0 * s, 16.0 * s);
    let marker = (row_h * 0.42).clamp(2.5 * s, 6.0 * s);
    for (i, d) in draws.iter().enumerate() {
        let y = top + label_h + (i as f64 + 0.5) * row_h;
        // The last row is the answer; with candidates left out before it, its number
        // counts them.
        let last = i + 1 == draws.len();
        let number = if last { i + 1 + more } else { i + 1 };
        let colour = if last { theme.fg } else { theme.muted };
        let x0 = x_of(d.low) + cw * 0.1;
        let x1 = x_of(d.high) + cw * 0.9;
        area.draw(&Rectangle::new(
            rect(x0, y - 1.0 * s, x1.max(x0 + 1.0), y + 1.0 * s),
            rgb(colour).filled(),
        ))
        .map_err(err)?;
        let c = (x_of(d.bucket) + cw / 2.0, y);
        area.draw(&Circle::new(
            px(c),
            marker.round() as i32,
            rgb(theme.bg).filled(),
        ))
        .map_err(err)?;
        area.draw(&Circle::new(
            px(c),
            marker.round() as i32,
            rgb(colour).stroke_width((1.5 * s).round().max(1.0) as u32),
        ))
        .map_err(err)?;
        // A dotted drop from the answer's marker to its cell.
        if last {
            area.draw(&PathElement::new(
                vec![px((c.0, y + marker)), px((c.0, cell_top - 2.0 * s))],
                rgb(theme.fg).stroke_width(s.round().max(1.0) as u32),
            ))
            .map_err(err)?;
        }
        if scene.text && row_h >= 11.0 * s {
            // Beside the marker, on whichever side has room.
            let room_right = c.0 + marker + 44.0 * s <= r;
            let (hpos, tx) = if room_right {
                (HPos::Left, c.0 + marker + 3.0 * s)
            } else {
                (HPos::Right, c.0 - marker - 3.0 * s)
            };
            let style = (super::style::FONT, 10.0 * s)
                .into_font()
                .color(&rgb(colour))
                .pos(Pos::new(hpos, VPos::Center));
            let words = format!("{number} → {}", d.bucket);
            area.draw(&Text::new(words, px((tx, y)), style))
                .map_err(err)?;
        }
    }
    if scene.text {
        let style = (super::style::FONT, 11.0 * s)
            .into_font()
            .style(FontStyle::Bold)
            .color(&rgb(theme.fg))
            .pos(Pos::new(HPos::Left, VPos::Top));
        let more = if more > 0 {
            format!("  (+{more})")
        } else {
            String::new()
        };
        area.draw(&Text::new(
            format!("{}{more}", shorten(key, 40)),
            px((l, top)),
            style,
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Black or white, whichever reads on `c`.
fn ink_on(c: Rgb) -> Rgb {
    let luma = 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
    if luma > 150.0 {
        Rgb(0, 0, 0)
    } else {
        Rgb(255, 255, 255)
    }
}

/// The keys of a bins scene for one size of drawing, grouped by the colours they fade
/// between, with where each one starts and ends worked out once: a frame then only works
/// out each group's colour and each moving key's place, as one batch per colour. The same
/// for the cells of a lookup table, which fade to their new owners' colours.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BinsDots {
    /// Table cells' top-left corners, by owner's colour and the previous owner's.
    cells: Groups<(f64, f64)>,
    /// The cells' mark.
    cell: Mark,
    /// Keys that stay where they are, by colour.
    still: Groups<(f64, f64)>,
    /// Keys that move: where from and where to, by new and old colour.
    moving: Groups<((f64, f64), (f64, f64))>,
    radius: f64,
    /// The keys' mark: discs, or when there are many (and so small), squares.
    mark: Mark,
    /// Whether moved keys get an outline (not when so many that the outlines hide them).
    outlined: bool,
}

impl BinsDots {
    /// The keys of `scene` on a `width × height` drawing.
    pub(crate) fn new(scene: &BinsScene, width: u32, height: u32) -> BinsDots {
        let (lay, before) = layouts(scene, width, height);
        let f64s = |(x, y): (f64, f64)| (x, y);
        let still = Groups::of(
            scene
                .dots
                .iter()
                .filter(|d| d.from.is_none())
                .map(|d| (d.colour, None, lay.dot(d.column, d.slot))),
        );
        let moving = Groups::of(scene.dots.iter().filter_map(|d| {
            let (col, slot, c) = d.from?;
            let ends = (f64s(before.dot(col, slot)), lay.dot(d.column, d.slot));
            Some((d.colour, Some(c), ends))
        }));
        let radius = (lay.pitch * 0.38).round().max(1.0);
        let (mut cells, mut cell) = (Groups::default(), Mark::Rect { w: 0.0, h: 0.0 });
        if let Header::Table {
            cells: now,
            before: old,
            ..
        } = &scene.header
        {
            let (cols, _, cw, ch) = lay.grid(now.len());
            let (l, top, _, _) = lay.header;
            let s = scene.scale;
            let gap = if cw > 4.0 * s && ch > 4.0 * s {
                1.0
            } else {
                0.0
            };
            cell = Mark::Rect {
                w: (cw - gap),
                h: (ch - gap),
            };
            cells = Groups::of(now.iter().enumerate().map(|(i, &c)| {
                let from = old.as_ref().and_then(|o| o.get(i)).filter(|&&o| o != c);
                let x = l + (i % cols) as f64 * cw;
                let y = top + (i / cols) as f64 * ch;
                (c, from.copied(), (x, y))
            }));
        }
        BinsDots {
            cells,
            cell,
            still,
            outlined: moving.len() <= MAX_OUTLINED,
            moving,
            radius,
            mark: if scene.dots.len() > MANY_DOTS {
                Mark::Square(radius)
            } else {
                Mark::Disc(radius)
            },
        }
    }

    /// The table's cells at `progress` (0..=1) of the change, fading to their new owners'
    /// colours, into `layer` (emptied first; nothing without a table).
    pub(crate) fn cells(&self, progress: f64, layer: &mut DotLayer) {
        layer.clear();
        let t = super::style::ease(progress);
        for (to, from, at) in &self.cells.groups {
            let colour = from.map_or(*to, |f| f.mix(*to, t));
            layer.start(colour, self.cell).extend_from_slice(at);
        }
    }

    /// The keys at `progress` (0..=1) of the change, into `layer` (emptied first).
    pub(crate) fn frame(&self, progress: f64, theme: Theme, layer: &mut DotLayer) {
        layer.clear();
        let t = super::style::ease(progress);
        let disc = self.mark;
        for (colour, _, at) in &self.still.groups {
            layer.start(*colour, disc).extend_from_slice(at);
        }
        // Moved keys travel from their old bin while the change plays.
        let place = |&(from, to): &((f64, f64), (f64, f64))| {
            if t < 1.0 {
                (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
            } else {
                to
            }
        };
        for (to, from, ends) in &self.moving.groups {
            let colour = match from {
                Some(f) if t < 1.0 => f.mix(*to, t),
                _ => *to,
            };
            layer.start(colour, disc).extend(ends.iter().map(place));
        }
        if self.outlined && !self.moving.is_empty() {
            let ring = Mark::Ring {
                radius: self.radius + 1.0,
                width: 1.0,
            };
            let outline = layer.start(theme.fg, ring);
            for (_, _, ends) in &self.moving.groups {
                outline.extend(ends.iter().map(place));
            }
        }
    }
}

fn hover_cell(scene: &BinsScene) -> Option<usize> {
    match scene.hover {
        Some(BinsHit::Cell(i)) => Some(i),
        _ => None,
    }
}

/// What is under pixel `(x, y)` of a `width × height` drawing of `scene`.
pub(crate) fn hit_test(
    scene: &BinsScene,
    width: u32,
    height: u32,
    x: f64,
    y: f64,
) -> Option<BinsHit> {
    let (lay, _) = layouts(scene, width, height);
    let (hl, ht, hr, hb) = lay.header;
    if let Header::Table { cells, .. } = &scene.header {
        if x >= hl && x < hr && y >= ht && y < hb {
            let (cols, _, cw, ch) = lay.grid(cells.len());
            let i = ((y - ht) / ch).floor() as usize * cols + ((x - hl) / cw).floor() as usize;
            return (i < cells.len()).then_some(BinsHit::Cell(i));
        }
    }
    let r = (lay.pitch * 0.6).max(3.0 * scene.scale);
    let near = scene
        .dots
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let (dx, dy) = lay.dot(d.column, d.slot);
            ((dx - x).hypot(dy - y), i)
        })
        .filter(|(d, _)| *d <= r)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((_, i)) = near {
        return Some(BinsHit::Dot(i));
    }
    let in_header = matches!(scene.header, Header::Scores { .. }) && y >= ht && y < hb;
    if in_header || (y >= lay.top && y <= lay.bottom + 30.0 * scene.scale) {
        let c = ((x - lay.x0) / lay.col_w).floor();
        if c >= 0.0 && (c as usize) < scene.columns.len() {
            return Some(BinsHit::Column(c as usize));
        }
    }
    None
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests;
