//! The "Which algorithm?" view's charts: one bar per row of the comparison table (an
//! algorithm at a node count), coloured by algorithm, for one metric each.

use ring_core::comparison::{Order, Row};
use ring_core::metrics::format::{decimal, duration, group_thousands, percent};

use super::scene_types::{Bar, BarsScene, Unit};
use super::style::Theme;
use super::table::TextTable;
use crate::i18n::{num, Lang, Msg, Ui};
use crate::model::palette;
use crate::model::which_view::WhichRow;

/// A metric of the table that has a chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Metric {
    /// The coefficient of variation of the key space's shares.
    Cv,
    /// How far the busiest node is above the mean: peak / mean − 1.
    Excess,
    /// The placement's memory, in bytes.
    Memory,
    /// Lookup time per key, in nanoseconds.
    Lookup,
}

impl Metric {
    /// Every metric, in the order the view shows them.
    pub(crate) const ALL: [Metric; 4] =
        [Metric::Cv, Metric::Excess, Metric::Memory, Metric::Lookup];

    fn of(self, row: &Row) -> f64 {
        match self {
            Metric::Cv => row.key_space.cv,
            Metric::Excess => (row.key_space.peak_to_mean - 1.0).max(0.0),
            Metric::Memory => row.memory_bytes as f64,
            Metric::Lookup => row.lookup_ns,
        }
    }

    /// What its chart says it shows.
    pub(crate) fn caption(self) -> Ui {
        match self {
            Metric::Cv => Ui::WhichChartCv,
            Metric::Excess => Ui::WhichChartPeak,
            Metric::Memory => Ui::WhichChartMemory,
            Metric::Lookup => Ui::WhichChartLookup,
        }
    }

    /// Its name as a table's column.
    fn head(self) -> Ui {
        match self {
            Metric::Cv => Ui::WhichColCv,
            Metric::Excess => Ui::WhichChartPeak,
            Metric::Memory => Ui::WhichColMemory,
            Metric::Lookup => Ui::WhichColLookup,
        }
    }

    fn unit(self) -> Unit {
        match self {
            Metric::Cv | Metric::Excess => Unit::Percent,
            Metric::Memory | Metric::Lookup => Unit::Count,
        }
    }
}

/// `metric` for every row computed, labelled `algorithm · nodes`; the rows' algorithms
/// take the palette's colours in the table's order.
pub(crate) fn bars(rows: &[WhichRow], metric: Metric, theme: Theme, scale: f64) -> BarsScene {
    // An algorithm's colour is its place among the table's algorithms, as in the legend.
    let mut kinds = Vec::new();
    for r in rows {
        if !kinds.contains(&r.kind) {
            kinds.push(r.kind);
        }
    }
    let bars = rows
        .iter()
        .filter_map(|r| {
            let row = r.row.as_ref()?.as_ref().ok()?;
            let slot = kinds.iter().position(|&k| k == r.kind).unwrap_or(0);
            Some(Bar {
                label: format!("{} · {}", r.kind.id(), r.nodes),
                value: metric.of(row),
                colour: palette::colour(u8::try_from(slot).unwrap_or(0)),
                shape: None,
            })
        })
        .collect();
    BarsScene {
        bars,
        mean: None,
        band: None,
        targets: None,
        heads: Some([Ui::WhichColAlgo, metric.head()]),
        unit: metric.unit(),
        scale,
        theme,
        text: true,
    }
}

/// Moved over the fewest that had to, for the removals of `order` (10%, 30%, 50%).
fn ratios(row: &Row, order: Order, lang: Lang) -> String {
    row.changes
        .iter()
        .filter(|c| c.order == order)
        .map(|c| match &c.outcome {
            Some(o) if o.removal.ratio().is_finite() => decimal(o.removal.ratio(), 2),
            Some(_) => "∞".to_string(),
            None => lang.ui(Ui::Refused).to_string(),
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The comparison table: a row per algorithm and node count, "…" while it is computed.
pub(crate) fn table(rows: &[WhichRow], lang: Lang) -> TextTable {
    let heads = [
        Ui::WhichColAlgo,
        Ui::WhichColNodes,
        Ui::WhichColPeak,
        Ui::WhichColMin,
        Ui::WhichColCv,
        Ui::WhichColKeyedPeak,
        Ui::WhichColKeyedCv,
        Ui::WhichColRandom,
        Ui::WhichColLast,
        Ui::WhichColMemory,
        Ui::WhichColBuild,
        Ui::WhichColLookup,
    ];
    let rows = rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                lang.t(Msg::AlgoLabel(r.kind)),
                group_thousands(u64::from(r.nodes)),
            ];
            match &r.row {
                None => cells.extend((2..heads.len()).map(|_| "…".to_string())),
                Some(Err(e)) => {
                    cells.push(format!("{}: {}", lang.ui(Ui::Refused), lang.text(e)));
                    cells.extend((3..heads.len()).map(|_| String::new()));
                }
                Some(Ok(row)) => cells.extend([
                    decimal(row.key_space.peak_to_mean, 3),
                    decimal(row.key_space.min_to_mean, 3),
                    percent(row.key_space.cv, 1),
                    decimal(row.keyed.peak_to_mean, 2),
                    percent(row.keyed.cv, 1),
                    ratios(row, Order::Random, lang),
                    ratios(row, Order::LastFirst, lang),
                    num::bytes(row.memory_bytes),
                    duration(row.build_ns as f64),
                    duration(row.lookup_ns),
                ]),
            }
            cells
        })
        .collect();
    TextTable {
        heads: heads.iter().map(|&h| lang.ui(h).to_string()).collect(),
        rows,
    }
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::draw::testing::render;
    use crate::model::which_view::{WhichRun, WhichSettings};
    use crate::model::AlgoId;

    fn run() -> WhichRun {
        let mut run = WhichRun::new(&WhichSettings {
            kinds: vec![AlgoId::Virtual, AlgoId::Jump],
            nodes: vec![10, 40],
        });
        while !run.step(u64::MAX, &mut || 0) {}
        run
    }

    #[test]
    fn one_bar_per_row_in_the_tables_order_coloured_by_algorithm() {
        let run = run();
        let scene = bars(run.rows(), Metric::Cv, Theme::LIGHT, 1.0);
        let labels: Vec<&str> = scene.bars.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(
            labels,
            ["virtual · 10", "virtual · 40", "jump · 10", "jump · 40"]
        );
        assert_eq!(scene.bars[0].colour, scene.bars[1].colour);
        assert_ne!(scene.bars[1].colour, scene.bars[2].colour);
        let row = run.rows()[1].row.as_ref().unwrap().as_ref().unwrap();
        assert_eq!(scene.bars[1].value, row.key_space.cv);
        let memory = bars(run.rows(), Metric::Memory, Theme::LIGHT, 1.0);
        assert_eq!(memory.bars[1].value, row.memory_bytes as f64);
        assert_eq!(memory.unit, Unit::Count);
    }

    #[test]
    fn the_table_has_a_row_per_algorithm_and_count_with_its_figures() {
        let run = run();
        let t = table(run.rows(), Lang::En);
        assert_eq!(t.heads.len(), 12);
        assert_eq!(t.rows.len(), 4);
        assert!(t.rows.iter().all(|r| r.len() == 12));
        let row = run.rows()[3].row.as_ref().unwrap().as_ref().unwrap();
        let cells = &t.rows[3];
        assert_eq!(cells[1], "40");
        assert_eq!(cells[4], percent(row.key_space.cv, 1));
        // Jump hash refuses to lose nodes at random that are not its last; last-first it
        // moves only the keys it must.
        assert!(cells[7].contains("refused"), "{}", cells[7]);
        assert_eq!(cells[8], "1.00 / 1.00 / 1.00");
        let pending = WhichRun::new(&WhichSettings {
            kinds: vec![AlgoId::Virtual],
            nodes: vec![10],
        });
        assert_eq!(table(pending.rows(), Lang::Zh).rows[0][4], "…");
    }

    #[test]
    fn the_chart_draws_its_bars() {
        let run = run();
        let mut scene = bars(run.rows(), Metric::Excess, Theme::LIGHT, 1.0);
        // Natively there are no fonts: the bars without their labels.
        scene.text = false;
        let img = render(480, 240, |a| crate::draw::charts::draw_bars(a, &scene));
        // Each algorithm's colour is on the canvas (the table's rows differ in their
        // excess, so every bar has some height).
        for bar in [&scene.bars[0], &scene.bars[2]] {
            assert!(img.count(bar.colour) > 50, "{} not drawn", bar.label);
        }
    }
}
