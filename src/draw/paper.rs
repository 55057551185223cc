//! The Paper view's chart: R1 against the number of virtual nodes, one line per node
//! count, both axes logarithmic (R1 spans 1 to thousands; virtual nodes 1 to 1000). The
//! lines' names are in a legend beside the canvas, in the page's text.

use plotters::coord::combinators::IntoLogRange;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{err, rgb, DrawResult, Theme};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::paper::Cell;
use crate::model::{palette, Rgb};

/// One line: a node count's R1 at each virtual-node count computed so far.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Series {
    /// The label ("30 nodes").
    pub(crate) label: String,
    /// Its colour.
    pub(crate) colour: Rgb,
    /// (virtual nodes, R1), by virtual nodes; infinite R1 left out.
    pub(crate) points: Vec<(f64, f64)>,
}

/// Everything the chart needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PaperChart {
    /// The lines.
    pub(crate) series: Vec<Series>,
    /// The virtual-node counts of the table (the x axis spans them all from the start).
    pub(crate) x_values: Vec<u32>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours.
    pub(crate) theme: Theme,
    /// Whether to draw text.
    pub(crate) text: bool,
    /// The language of the axis titles.
    pub(crate) lang: Lang,
}

/// The chart of the cells computed so far (`None`: not yet), for node counts `nodes` and
/// virtual-node counts `vnodes`, cells row by row.
pub(crate) fn chart(
    nodes: &[u32],
    vnodes: &[u32],
    cells: &[Option<Cell>],
    lang: Lang,
    theme: Theme,
    scale: f64,
    text: bool,
) -> PaperChart {
    let cols = vnodes.len().max(1);
    let series = nodes
        .iter()
        .enumerate()
        .map(|(row, &n)| Series {
            label: lang.t(Msg::NodesCount { nodes: n }),
            colour: palette::colour(row as u8),
            points: (0..vnodes.len())
                .filter_map(|c| {
                    let cell = cells.get(row * cols + c)?.as_ref()?;
                    let r1 = cell.result.as_ref().ok()?.r1;
                    r1.is_finite().then_some((f64::from(cell.vnodes), r1))
                })
                .collect(),
        })
        .collect();
    PaperChart {
        series,
        x_values: vnodes.to_vec(),
        scale,
        theme,
        text,
        lang,
    }
}

/// The axis ranges: x around the virtual-node counts, y from 1 to above the largest R1.
pub(crate) fn ranges(chart: &PaperChart) -> ((f64, f64), (f64, f64)) {
    let lo = chart.x_values.iter().copied().min().unwrap_or(1).max(1);
    let hi = chart.x_values.iter().copied().max().unwrap_or(1).max(lo);
    let x = (f64::from(lo) / 1.6, f64::from(hi) * 1.6);
    let top = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(2.0f64, f64::max);
    (x, (0.9, top * 1.6))
}

/// Draws the chart over the whole of `area`.
pub(crate) fn draw_paper<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &PaperChart,
) -> DrawResult {
    let s = chart.scale;
    let theme = chart.theme;
    area.fill(&rgb(theme.bg)).map_err(err)?;
    let ((x0, x1), (y0, y1)) = ranges(chart);
    let mut builder = ChartBuilder::on(area);
    builder.margin((10.0 * s) as u32);
    if chart.text {
        builder
            .x_label_area_size((34.0 * s) as u32)
            .y_label_area_size((62.0 * s) as u32);
    }
    let mut c = builder
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
        .map_err(err)?;
    if chart.text {
        let x_fmt = |v: &f64| ring_core::metrics::format::group_thousands(v.round() as u64);
        let y_fmt = |v: &f64| {
            if *v >= 10.0 {
                ring_core::metrics::format::group_thousands(v.round() as u64)
            } else {
                ring_core::metrics::format::decimal(*v, 1)
            }
        };
        c.configure_mesh()
            .x_desc(chart.lang.ui(Ui::PaperXAxis))
            .y_desc(chart.lang.ui(Ui::PaperYAxis))
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
    // R1 = 1 is perfect balance: a dashed reference line.
    c.draw_series(std::iter::once(PathElement::new(
        vec![(x0, 1.0), (x1, 1.0)],
        rgb(theme.muted).stroke_width(1),
    )))
    .map_err(err)?;
    let width = (2.0 * s).round().max(1.0) as u32;
    for series in &chart.series {
        if series.points.len() > 1 {
            c.draw_series(std::iter::once(PathElement::new(
                series.points.clone(),
                rgb(series.colour).stroke_width(width),
            )))
            .map_err(err)?;
        }
        let r = (3.5 * s).round().max(2.0) as i32;
        c.draw_series(
            series
                .points
                .iter()
                .map(|&p| Circle::new(p, r, rgb(series.colour).filled())),
        )
        .map_err(err)?;
    }
    area.present().map_err(err)
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::draw::testing::render;
    use crate::model::paper::{compute, PaperSpec};

    #[test]
    fn the_chart_draws_one_line_per_node_count_and_only_computed_cells() {
        let spec = PaperSpec {
            nodes: vec![10, 20],
            vnodes: vec![1, 30, 100],
            ..PaperSpec::default()
        };
        let all: Vec<Option<Cell>> = (0..6).map(|i| compute(&spec, i)).collect();
        let c = chart(
            &spec.nodes,
            &spec.vnodes,
            &all,
            Lang::En,
            Theme::LIGHT,
            1.0,
            false,
        );
        assert_eq!(c.series.len(), 2);
        assert!(c.series.iter().all(|s| s.points.len() == 3));
        // R1 falls as virtual nodes are added (the paper's trend).
        for s in &c.series {
            assert!(s.points[0].1 > s.points[2].1, "{s:?}");
        }
        let img = render(360, 240, |a| draw_paper(a, &c));
        for s in &c.series {
            assert!(img.count(s.colour) > 40, "{} is hardly drawn", s.label);
        }
        // Half computed: the second row has no points yet, and draws nothing.
        let half: Vec<Option<Cell>> = all
            .iter()
            .enumerate()
            .map(|(i, c)| if i < 3 { c.clone() } else { None })
            .collect();
        let c = chart(
            &spec.nodes,
            &spec.vnodes,
            &half,
            Lang::En,
            Theme::LIGHT,
            1.0,
            false,
        );
        assert!(c.series[1].points.is_empty());
        let img = render(360, 240, |a| draw_paper(a, &c));
        assert_eq!(img.count(c.series[1].colour), 0);
        assert!(img.count(c.series[0].colour) > 40);
        let ((x0, x1), (y0, y1)) = ranges(&c);
        assert!(x0 < 1.0 && x1 > 100.0 && y0 < 1.0 && y1 > c.series[0].points[0].1);
    }
}
