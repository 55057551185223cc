//! Bar charts of the load: keys per node or hash-space share per node, with the mean as a
//! dashed line over a ±10% band (the band R2 counts nodes within); when the nodes' weights
//! differ, each bar has its own: its fair part by weight.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::scene_types::{BarsScene, Unit};
use super::style::{draw_mark, err, rgb, DrawResult, Theme};

/// A value as the axis writes it.
pub(crate) fn axis_label(unit: Unit, v: f64) -> String {
    match unit {
        Unit::Count => ring_core::metrics::format::group_thousands(v.max(0.0).round() as u64),
        Unit::Percent if v <= 0.0 => "0%".to_string(),
        Unit::Percent => ring_core::metrics::format::percent(v, if v < 0.1 { 1 } else { 0 }),
    }
}

/// The chart type of every bar chart: bars `0..n` across, values up.
pub(crate) type BarChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The frame of a bar chart of `count` bars up to `y_max`: with `text`, a value axis
/// `y_area` CSS pixels wide labelled in `unit`, room below for the names, and horizontal
/// grid lines only.
pub(crate) fn bar_axes<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    (count, y_max): (f64, f64),
    (unit, y_area): (Unit, f64),
    s: f64,
    theme: Theme,
    text: bool,
) -> Result<BarChart<'a, DB>, String> {
    let mut builder = ChartBuilder::on(area);
    builder.margin((8.0 * s) as u32);
    if text {
        builder
            .x_label_area_size((22.0 * s) as u32)
            .y_label_area_size((y_area * s) as u32);
    }
    let mut chart = builder
        .build_cartesian_2d(0f64..count, 0f64..y_max)
        .map_err(err)?;
    if text {
        let y_fmt = |v: &f64| axis_label(unit, *v);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(5)
            .y_label_formatter(&y_fmt)
            .label_style(
                (super::style::FONT, 11.0 * s)
                    .into_font()
                    .color(&rgb(theme.muted)),
            )
            .axis_style(rgb(theme.muted))
            .bold_line_style(rgb(theme.faint))
            .light_line_style(rgb(theme.bg))
            .draw()
            .map_err(err)?;
    }
    Ok(chart)
}

/// How many characters of a name fit under a bar `bar` pixels wide, with 4 pixels between
/// neighbours (names that filled their bars ran into one another); `None` under two (bars
/// that narrow, a thousand of them, got one character each, "…", which said nothing and
/// took 12 ms to draw; the chart's table names every bar).
fn name_chars(bar: f64, s: f64) -> Option<usize> {
    let chars = ((bar - 4.0 * s) / (6.5 * s)).floor();
    (chars >= 2.0).then_some(chars as usize)
}

/// Node names under their bars (bar `i` spans `i..i + 1`), each cut to its bar's width:
/// `count` bars over the area's width less `reserved` CSS pixels (the value axis).
pub(crate) fn names_under_bars<'n, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &BarChart<'_, DB>,
    names: impl Iterator<Item = &'n str>,
    (count, reserved): (f64, f64),
    s: f64,
    theme: Theme,
) -> DrawResult {
    let (w, _) = area.dim_in_pixel();
    let plot_w = f64::from(w) - reserved * s;
    let Some(max_chars) = name_chars(plot_w / count, s) else {
        return Ok(());
    };
    let names: Vec<&str> = names.collect();
    let shared = crate::model::display::shared_head(&mut names.iter().copied());
    let tail = crate::model::display::shared_tail(&mut names.iter().copied());
    let style = (super::style::FONT, 11.0 * s)
        .into_font()
        .color(&rgb(theme.muted))
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, name) in names.into_iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
        area.draw(&Text::new(
            crate::model::display::label_skipping(name, max_chars, 0..shared, tail),
            (x, y + (5.0 * s) as i32),
            style.clone(),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Draws the chart over the whole of `area`.
pub(crate) fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &BarsScene,
) -> DrawResult {
    let s = scene.scale;
    let theme = scene.theme;
    area.fill(&rgb(theme.bg)).map_err(err)?;
    let n = scene.bars.len() as u32;
    if n == 0 {
        return area.present().map_err(err);
    }
    let top = scene
        .bars
        .iter()
        .map(|b| b.value)
        .chain(scene.band.map(|b| b.1))
        .chain(scene.targets.iter().flatten().map(|t| t * 1.1))
        .fold(0.0f64, f64::max);
    let y_max = if top > 0.0 { top * 1.12 } else { 1.0 };
    let nf = f64::from(n);
    let mut chart = bar_axes(area, (nf, y_max), (scene.unit, 52.0), s, theme, scene.text)?;
    if scene.text {
        let labels = scene.bars.iter().map(|b| b.label.as_str());
        names_under_bars(area, &chart, labels, (nf, 60.0), s, theme)?;
    }

    // One band across the chart, or one behind each bar at its own fair value.
    let bands: Vec<(f64, f64, f64, f64)> = match (&scene.targets, scene.band) {
        (Some(targets), _) => targets
            .iter()
            .enumerate()
            .map(|(i, t)| (i as f64, i as f64 + 1.0, t * 0.9, t * 1.1))
            .collect(),
        (None, Some((lo, hi))) => vec![(0.0, nf, lo, hi)],
        (None, None) => Vec::new(),
    };
    let band = theme.faint.mix(theme.muted, 0.25);
    chart
        .draw_series(
            bands
                .iter()
                .map(|&(x0, x1, lo, hi)| Rectangle::new([(x0, lo), (x1, hi)], rgb(band).filled())),
        )
        .map_err(err)?;
    let gap = 0.12;
    chart
        .draw_series(scene.bars.iter().enumerate().map(|(i, b)| {
            let x = i as f64;
            Rectangle::new(
                [(x + gap, 0.0), (x + 1.0 - gap, b.value)],
                rgb(b.colour).filled(),
            )
        }))
        .map_err(err)?;
    // Each node's shape above its bar, so that bars of similar colours differ.
    let bar_w = chart.backend_coord(&(1.0, 0.0)).0 - chart.backend_coord(&(0.0, 0.0)).0;
    let r = (3.5 * s).round() as i32;
    if f64::from(bar_w) >= 9.0 * s {
        for (i, b) in scene.bars.iter().enumerate() {
            if let Some(shape) = b.shape {
                let (x, y) = chart.backend_coord(&(i as f64 + 0.5, b.value.max(0.0)));
                let at = (x, y - r - (4.0 * s) as i32);
                draw_mark(area, at, r, shape, b.colour, (1, theme.bg))?;
            }
        }
    }
    let lines: Vec<(f64, f64, f64)> = match (&scene.targets, scene.mean) {
        (Some(targets), _) => targets
            .iter()
            .enumerate()
            .map(|(i, &t)| (i as f64, i as f64 + 1.0, t))
            .collect(),
        (None, Some(mean)) => vec![(0.0, nf, mean)],
        (None, None) => Vec::new(),
    };
    chart
        .draw_series(lines.iter().map(|&(x0, x1, y)| {
            DashedPathElement::new(
                vec![(x0, y), (x1, y)],
                (6.0 * s) as u32,
                (4.0 * s) as u32,
                rgb(theme.fg).stroke_width((1.5 * s).round().max(1.0) as u32),
            )
        }))
        .map_err(err)?;
    area.present().map_err(err)
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::draw::scene_types::Bar;
    use crate::draw::testing::render;
    use crate::model::Rgb;

    const RED: Rgb = Rgb(220, 30, 30);
    const BLUE: Rgb = Rgb(20, 40, 200);

    fn scene(values: &[f64]) -> BarsScene {
        BarsScene {
            heads: None,
            bars: values
                .iter()
                .enumerate()
                .map(|(i, &v)| Bar {
                    label: format!("n{i}"),
                    value: v,
                    colour: if i == 0 { RED } else { BLUE },
                    shape: None,
                })
                .collect(),
            mean: None,
            band: None,
            targets: None,
            unit: Unit::Count,
            scale: 1.0,
            theme: Theme::LIGHT,
            text: false,
        }
    }

    #[test]
    fn bars_too_narrow_for_two_characters_are_not_named() {
        assert_eq!(name_chars(150.0, 1.0), Some(22));
        assert_eq!(name_chars(17.0, 1.0), Some(2));
        assert_eq!(name_chars(34.0, 2.0), Some(2));
        // A thousand bars in 600 pixels.
        assert_eq!(name_chars(0.6, 1.0), None);
        assert_eq!(name_chars(16.9, 1.0), None);
    }

    #[test]
    fn bar_areas_are_proportional_to_the_values() {
        let img = render(300, 200, |a| draw_bars(a, &scene(&[100.0, 50.0])));
        let red = img.count(RED) as f64;
        let blue = img.count(BLUE) as f64;
        assert!(red > 500.0, "red bar missing: {red}");
        let ratio = red / blue;
        assert!((ratio - 2.0).abs() < 0.1, "red/blue = {ratio}");
    }

    #[test]
    fn the_mean_and_band_are_drawn() {
        let mut s = scene(&[100.0, 50.0, 60.0]);
        s.mean = Some(70.0);
        s.band = Some((63.0, 77.0));
        let img = render(300, 200, |a| draw_bars(a, &s));
        let band = Theme::LIGHT.faint.mix(Theme::LIGHT.muted, 0.25);
        assert!(img.count(band) > 100, "band missing");
        assert!(img.count(Theme::LIGHT.fg) > 50, "mean line missing");
        let without = render(300, 200, |a| draw_bars(a, &scene(&[100.0, 50.0, 60.0])));
        assert_eq!(without.count(band), 0);
    }

    #[test]
    fn each_bar_has_its_own_fair_value_when_the_weights_differ() {
        // A heavy node at 150 with a fair value of 150, a light one at 150 with 50: the band
        // sits at each bar's own height, so the first bar's top is inside its band and the
        // light node's band is far below its top.
        let mut s = scene(&[150.0, 150.0]);
        s.targets = Some(vec![150.0, 50.0]);
        let img = render(300, 200, |a| draw_bars(a, &s));
        let band = Theme::LIGHT.faint.mix(Theme::LIGHT.muted, 0.25);
        assert!(img.count(band) > 50, "bands missing");
        assert!(img.count(Theme::LIGHT.fg) > 50, "fair-value lines missing");
        // Beside each bar (in its slot, outside the bar itself), rows with band colour.
        let band_rows = |x: f64| {
            (0..200)
                .filter(|&y| img.at(x, f64::from(y)) == band)
                .count()
        };
        let rows_at = |x: f64| {
            (0..200)
                .filter(|&y| img.at(x, f64::from(y)) == band)
                .map(f64::from)
                .sum::<f64>()
                / band_rows(x).max(1) as f64
        };
        let (left, right) = (rows_at(20.0), rows_at(290.0));
        assert!(
            band_rows(20.0) > 0 && band_rows(290.0) > 0,
            "a slot has no band"
        );
        // y grows downwards: the light node's band (value 50) is lower on the canvas.
        assert!(right > left + 40.0, "bands at {left} and {right}");
    }

    #[test]
    fn bars_fill_the_width() {
        // One segment per bar, no empty slot at the end.
        for values in [vec![10.0], vec![10.0, 10.0, 10.0, 10.0]] {
            let img = render(300, 200, |a| draw_bars(a, &scene(&values)));
            let row: Vec<bool> = (0..300)
                .map(|x| {
                    let c = img.at(f64::from(x), 190.0);
                    c == RED || c == BLUE
                })
                .collect();
            let first = row.iter().position(|&b| b).unwrap_or(0);
            let last = row.iter().rposition(|&b| b).unwrap_or(0);
            assert!(
                last > 250 && first < 50,
                "bars span {first}..{last} for {} bars",
                values.len()
            );
        }
    }

    #[test]
    fn labels() {
        assert_eq!(axis_label(Unit::Count, 12_345.0), "12,345");
        assert_eq!(axis_label(Unit::Percent, 0.25), "25%");
        assert_eq!(axis_label(Unit::Percent, 0.05), "5.0%");
        assert_eq!(axis_label(Unit::Percent, 0.0), "0%");
    }
}
