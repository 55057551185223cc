//! The Traffic view's two charts, for one algorithm each:
//!
//! - [`draw_lines`]: the hit rate and the store's load (the share of the requests it serves)
//!   per time bucket over the requests, the change marked by a dashed vertical line. The
//!   store's load is also shaded down to the axis, so that its spike reads as a mass.
//! - [`draw_nodes`]: per node, its share of the keys (pale) beside its share of the
//!   requests (solid), after the change; a mark over the node serving each of the hottest
//!   keys, with the key named beside it.
//!
//! The series' names are in the page's text beside the canvas.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::charts::axis_label;
use super::scene_types::Unit;
use super::style::{err, rgb, shorten, DrawResult, Theme};
use crate::i18n::{Lang, Ui};
use crate::model::palette;
use crate::model::traffic_view::Side;
use crate::model::Rgb;
use ring_core::traffic::Report;

/// The hit rate's colour (the palette's blue).
pub(crate) const HIT_COLOUR: Rgb = palette::PALETTE[0];
/// The store's colour (the palette's vermillion).
pub(crate) const STORE_COLOUR: Rgb = palette::PALETTE[4];

/// The line chart of one algorithm.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LineChart {
    /// (request, hit rate) at the middle of each time bucket run so far.
    pub(crate) hit: Vec<(f64, f64)>,
    /// (request, share of the requests the store served), the same buckets.
    pub(crate) store: Vec<(f64, f64)>,
    /// The requests of the whole run: the x axis spans them from the start.
    pub(crate) requests: f64,
    /// The request the change is made at, if there is a change.
    pub(crate) change: Option<f64>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours.
    pub(crate) theme: Theme,
    /// Whether to draw text.
    pub(crate) text: bool,
    /// The language of the axis titles.
    pub(crate) lang: Lang,
}

/// The line chart of `report` (`changed`: whether a change is made at its `at`).
pub(crate) fn line_chart(
    report: &Report,
    changed: bool,
    lang: Lang,
    theme: Theme,
    scale: f64,
    text: bool,
) -> LineChart {
    let mut hit = Vec::with_capacity(report.buckets.len());
    let mut store = Vec::with_capacity(report.buckets.len());
    for b in report.buckets.iter().filter(|b| b.requests > 0) {
        let x = b.start as f64 + b.requests as f64 / 2.0;
        let n = b.requests as f64;
        hit.push((x, b.hits as f64 / n));
        store.push((x, b.misses as f64 / n));
    }
    LineChart {
        hit,
        store,
        requests: report.requests.max(1) as f64,
        change: changed.then_some(report.at as f64),
        scale,
        theme,
        text,
        lang,
    }
}

/// Draws the line chart over the whole of `area`.
pub(crate) fn draw_lines<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &LineChart,
) -> DrawResult {
    let s = chart.scale;
    let theme = chart.theme;
    area.fill(&rgb(theme.bg)).map_err(err)?;
    let mut builder = ChartBuilder::on(area);
    // The right margin holds the half of the last x label that is past the axis's end.
    builder
        .margin((10.0 * s) as u32)
        .margin_right((28.0 * s) as u32);
    if chart.text {
        builder
            .x_label_area_size((34.0 * s) as u32)
            .y_label_area_size((48.0 * s) as u32);
    }
    let mut c = builder
        .build_cartesian_2d(0f64..chart.requests, 0f64..1.05)
        .map_err(err)?;
    if chart.text {
        let x_fmt = |v: &f64| axis_label(Unit::Count, *v);
        let y_fmt = |v: &f64| axis_label(Unit::Percent, *v);
        c.configure_mesh()
            .x_labels(4)
            .y_labels(6)
            .x_desc(chart.lang.ui(Ui::TrafficXAxis))
            .y_desc(chart.lang.ui(Ui::TrafficYAxis))
            .x_label_formatter(&x_fmt)
            .y_label_formatter(&y_fmt)
            .label_style(
                (super::style::FONT, 11.0 * s)
                    .into_font()
                    .color(&rgb(theme.muted)),
            )
            .axis_desc_style(
                (super::style::FONT, 12.0 * s)
                    .into_font()
                    .color(&rgb(theme.muted)),
            )
            .axis_style(rgb(theme.muted))
            .bold_line_style(rgb(theme.faint))
            .light_line_style(rgb(theme.bg))
            .draw()
            .map_err(err)?;
    }
    let width = (2.0 * s).round().max(1.0) as u32;
    if chart.store.len() > 1 {
        let mut shade: Vec<(f64, f64)> = chart.store.clone();
        if let (Some(first), Some(last)) = (chart.store.first(), chart.store.last()) {
            shade.push((last.0, 0.0));
            shade.push((first.0, 0.0));
        }
        let pale = STORE_COLOUR.mix(theme.bg, 0.7);
        c.draw_series(std::iter::once(Polygon::new(shade, rgb(pale).filled())))
            .map_err(err)?;
    }
    for (points, colour) in [(&chart.store, STORE_COLOUR), (&chart.hit, HIT_COLOUR)] {
        if points.len() > 1 {
            c.draw_series(std::iter::once(PathElement::new(
                points.clone(),
                rgb(colour).stroke_width(width),
            )))
            .map_err(err)?;
        }
    }
    if let Some(at) = chart.change {
        c.draw_series(std::iter::once(DashedPathElement::new(
            vec![(at, 0.0), (at, 1.05)],
            (6.0 * s) as u32,
            (4.0 * s) as u32,
            rgb(theme.fg).stroke_width((1.5 * s).round().max(1.0) as u32),
        )))
        .map_err(err)?;
    }
    area.present().map_err(err)
}

/// One node's two bars.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NodeBars {
    /// Its name.
    pub(crate) name: String,
    /// Its colour.
    pub(crate) colour: Rgb,
    /// Its share of the keys after the change.
    pub(crate) keys: f64,
    /// Its share of the requests after the change.
    pub(crate) requests: f64,
}

/// The per-node chart of one algorithm.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NodeChart {
    /// The nodes, in the simulation's order.
    pub(crate) nodes: Vec<NodeBars>,
    /// The hottest keys: the node serving each, and its label.
    pub(crate) hot: Vec<(usize, String)>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours.
    pub(crate) theme: Theme,
    /// Whether to draw text.
    pub(crate) text: bool,
}

/// The per-node chart of `side`, from its `report`.
pub(crate) fn node_chart(
    side: &Side,
    report: &Report,
    theme: Theme,
    scale: f64,
    text: bool,
) -> NodeChart {
    let keys: u64 = report.nodes.iter().map(|n| n.keys_after).sum();
    let requests: u64 = report.nodes.iter().map(|n| n.requests_after).sum();
    let share = |x: u64, of: u64| if of > 0 { x as f64 / of as f64 } else { 0.0 };
    let nodes = report
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| NodeBars {
            name: n.name.clone(),
            colour: side.colours.get(i).copied().unwrap_or(theme.muted),
            keys: share(n.keys_after, keys),
            requests: share(n.requests_after, requests),
        })
        .collect();
    let hot = side
        .hot
        .iter()
        .map(|h| (h.node, format!("{} {}", h.rank + 1, shorten(&h.key, 16))))
        .collect();
    NodeChart {
        nodes,
        hot,
        scale,
        theme,
        text,
    }
}

/// Draws the per-node chart over the whole of `area`.
pub(crate) fn draw_nodes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &NodeChart,
) -> DrawResult {
    let s = chart.scale;
    let theme = chart.theme;
    area.fill(&rgb(theme.bg)).map_err(err)?;
    let n = chart.nodes.len();
    if n == 0 {
        return area.present().map_err(err);
    }
    let top = chart
        .nodes
        .iter()
        .map(|b| b.keys.max(b.requests))
        .fold(0.0f64, f64::max);
    // Room above the bars for the hottest keys' marks and names.
    let y_max = if top > 0.0 { top * 1.45 } else { 1.0 };
    let nf = n as f64;
    let mut c = super::charts::bar_axes(
        area,
        (nf, y_max),
        (Unit::Percent, 44.0),
        s,
        theme,
        chart.text,
    )?;
    c.draw_series(chart.nodes.iter().enumerate().flat_map(|(i, b)| {
        let x = i as f64;
        [
            Rectangle::new(
                [(x + 0.1, 0.0), (x + 0.48, b.keys)],
                rgb(b.colour.mix(theme.bg, 0.6)).filled(),
            ),
            Rectangle::new(
                [(x + 0.52, 0.0), (x + 0.9, b.requests)],
                rgb(b.colour).filled(),
            ),
        ]
    }))
    .map_err(err)?;
    // The hottest keys: a mark over the requests bar of the node serving each, the next
    // one above the last on the same node.
    let r = (3.5 * s).round().max(2.0) as i32;
    let step = top * 0.11;
    let mut stacked = vec![0usize; n];
    for (node, label) in &chart.hot {
        let (Some(bar), Some(count)) = (chart.nodes.get(*node), stacked.get_mut(*node)) else {
            continue;
        };
        let y = bar.requests + step * (*count as f64 + 0.6);
        *count += 1;
        let at = c.backend_coord(&(*node as f64 + 0.71, y));
        area.draw(&Circle::new(at, r, rgb(theme.fg).filled()))
            .map_err(err)?;
        if chart.text {
            // Names over the right half of the nodes run leftwards, so that they stay on
            // the canvas.
            let leftwards = *node * 2 >= n;
            let (anchor, gap) = if leftwards {
                (HPos::Right, -(r + (3.0 * s) as i32))
            } else {
                (HPos::Left, r + (3.0 * s) as i32)
            };
            let style = (super::style::FONT, 11.0 * s)
                .into_font()
                .color(&rgb(theme.fg))
                .pos(Pos::new(anchor, VPos::Center));
            area.draw(&Text::new(label.clone(), (at.0 + gap, at.1), style))
                .map_err(err)?;
        }
    }
    if chart.text {
        let names = chart.nodes.iter().map(|b| b.name.as_str());
        super::charts::names_under_bars(area, &c, names, (nf, 52.0), s, theme)?;
    }
    area.present().map_err(err)
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::draw::testing::render;
    use crate::model::compare::CompareChange;
    use crate::model::traffic_view::{TrafficRun, TrafficSettings};
    use crate::model::{Action, State};

    fn run(zipf: u32) -> TrafficRun {
        let s = State::initial()
            .unwrap()
            .apply(Action::GenerateKeys {
                count: "5000".into(),
                seed: "3".into(),
            })
            .unwrap();
        let mut run = TrafficRun::new(
            &s,
            TrafficSettings {
                zipf,
                requests: 50_000,
                change: CompareChange::AddNode,
                ..TrafficSettings::default()
            },
        );
        assert!(run.step(u64::MAX));
        run
    }

    /// The height of the highest pixel of colour `c` in column `x`, counted from the
    /// bottom, or 0.
    fn top_of(img: &crate::draw::testing::Image, x: f64, c: Rgb) -> u32 {
        (0..img.height)
            .find(|&y| img.at(x, f64::from(y)) == c)
            .map_or(0, |y| img.height - y)
    }

    #[test]
    fn the_line_chart_shows_modulo_dip_at_the_change_and_the_ring_barely() {
        let run = run(0);
        let [Some(modulo), Some(ring)] = run.reports() else {
            panic!("both sides run");
        };
        let (w, h) = (400u32, 200u32);
        let m = line_chart(&modulo, true, Lang::En, Theme::LIGHT, 1.0, false);
        let r = line_chart(&ring, true, Lang::En, Theme::LIGHT, 1.0, false);
        assert_eq!(m.hit.len(), modulo.buckets.len());
        assert_eq!(m.change, Some(25_000.0));
        let mi = render(w, h, |a| draw_lines(a, &m));
        let ri = render(w, h, |a| draw_lines(a, &r));
        for img in [&mi, &ri] {
            assert!(img.count(HIT_COLOUR) > 200);
            assert!(img.count(Theme::LIGHT.fg) > 20, "the change is marked");
        }
        // Just after the change (a few pixels right of the dashed line, the first column
        // drawn in the foreground colour) modulo's hit rate is low and its store's load
        // high; the ring's hit rate stays high.
        let change_x = (0..w)
            .find(|&x| (0..h).any(|y| mi.at(f64::from(x), f64::from(y)) == Theme::LIGHT.fg))
            .expect("the change is drawn");
        let x = f64::from(change_x) + 6.0;
        let (m_hit, m_store) = (top_of(&mi, x, HIT_COLOUR), top_of(&mi, x, STORE_COLOUR));
        let r_hit = top_of(&ri, x, HIT_COLOUR);
        assert!(m_store > m_hit, "modulo: store {m_store}, hit {m_hit}");
        assert!(r_hit > 2 * m_hit.max(1), "ring {r_hit}, modulo {m_hit}");
        // Before the change both hit every time: the blue line runs along the top.
        let before = top_of(&mi, f64::from(w) * 0.25, HIT_COLOUR);
        assert!(before > h * 8 / 10, "{before}");
        // No change, no mark.
        let quiet = LineChart {
            change: None,
            ..m.clone()
        };
        let qi = render(w, h, |a| draw_lines(a, &quiet));
        assert_eq!(qi.count(Theme::LIGHT.fg), 0);
    }

    #[test]
    fn the_node_chart_draws_two_bars_per_node_and_marks_the_hot_keys() {
        let run = run(120);
        let side = &run.sides[1];
        let report = side.report().unwrap();
        let chart = node_chart(side, &report, Theme::LIGHT, 1.0, false);
        assert_eq!(chart.nodes.len(), 5);
        let keys: f64 = chart.nodes.iter().map(|b| b.keys).sum();
        assert!((keys - 1.0).abs() < 1e-9);
        let (w, h) = (500u32, 200u32);
        let img = render(w, h, |a| draw_nodes(a, &chart));
        for b in &chart.nodes {
            assert!(img.count(b.colour) > 30, "{} has no request bar", b.name);
            let pale = b.colour.mix(Theme::LIGHT.bg, 0.6);
            assert!(img.count(pale) > 30, "{} has no key bar", b.name);
        }
        // One mark per hot key, over the node that serves it.
        assert_eq!(chart.hot.len(), 3);
        let fg = img.count(Theme::LIGHT.fg);
        assert!(fg > 3 * 20, "{fg}");
        let hottest = chart.hot[0].0;
        let plot_w = f64::from(w) - 16.0;
        let x = 8.0 + plot_w * (hottest as f64 + 0.71) / chart.nodes.len() as f64;
        assert!(
            (0..h).any(|y| img.at(x, f64::from(y)) == Theme::LIGHT.fg),
            "no mark over node {hottest}"
        );
        // Zipf 1.2: the node with the hottest key takes more of the requests than of the
        // keys.
        let b = &chart.nodes[hottest];
        assert!(b.requests > b.keys, "{b:?}");
    }
}
