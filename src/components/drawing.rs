//! A canvas that draws one scene of the teaching views (a ring or bins, bars, the Chord
//! ring, replicas, the paper's chart, the Traffic view's charts) at its box's width, redrawn when the scene, the
//! theme or the window size changes.

use std::rc::Rc;

use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::draw::canvas::fill_layer;
use crate::draw::chord::{draw_chord, ChordScene};
use crate::draw::paper::{draw_paper, PaperChart};
use crate::draw::replicas::{draw_replicas, ReplicaScene};
use crate::draw::scene::Scene;
use crate::draw::table::{self, TextTable};
use crate::draw::traffic::{draw_lines, draw_nodes, LineChart, NodeChart};
use crate::draw::{draw_bars, draw_bins_filled_by, draw_ring_filled_by, BarsScene};
use crate::effects::{context_2d, draw_on_canvas, use_box_width};
use crate::i18n::{Lang, Ui};

/// What a [`DrawingCanvas`] draws.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Drawing {
    /// The lab's picture: a ring or bins.
    Scene(Scene),
    /// A bar chart.
    Bars(BarsScene),
    /// The Chord ring.
    Chord(ChordScene),
    /// Replicas on the ring.
    Replicas(ReplicaScene),
    /// R1 against virtual nodes.
    Paper(PaperChart),
    /// The hit rate and the store's load over the requests.
    TrafficLines(LineChart),
    /// Keys and requests per node.
    TrafficNodes(NodeChart),
}

/// Props of [`DrawingCanvas`].
#[derive(Properties, PartialEq)]
pub(crate) struct DrawingCanvasProps {
    /// The element id.
    pub(crate) id: AttrValue,
    /// What the picture shows, in words (its accessible name).
    pub(crate) label: AttrValue,
    /// The drawing.
    pub(crate) drawing: Rc<Drawing>,
    /// Height as a fraction of the width.
    pub(crate) aspect: f64,
    /// Least height in CSS pixels.
    #[prop_or(160.0)]
    pub(crate) min_height: f64,
}

/// A canvas with one drawing.
#[component]
pub(crate) fn DrawingCanvas(props: &DrawingCanvasProps) -> Html {
    let canvas = use_node_ref();
    let box_width = use_box_width(&canvas);
    {
        let canvas = canvas.clone();
        use_effect_with(
            (
                props.drawing.clone(),
                props.aspect,
                props.min_height,
                box_width,
            ),
            move |(drawing, aspect, min_height, box_width)| {
                if let Some((c, ctx)) = canvas
                    .cast::<HtmlCanvasElement>()
                    .and_then(|c| context_2d(&c).map(|ctx| (c, ctx)))
                {
                    let width = box_width.of(&c).max(200.0);
                    let height = (width * aspect).max(*min_height);
                    let mut colour = String::new();
                    let fill = &mut |l: &_| fill_layer(&ctx, l, &mut colour);
                    draw_on_canvas(&c, width, height, |area, _| match drawing.as_ref() {
                        Drawing::Scene(Scene::Ring(r)) => draw_ring_filled_by(area, r, fill),
                        Drawing::Scene(Scene::Bins(b)) => draw_bins_filled_by(area, b, fill),
                        Drawing::Bars(b) => draw_bars(area, b),
                        Drawing::Chord(c) => draw_chord(area, c),
                        Drawing::Replicas(r) => draw_replicas(area, r, fill),
                        Drawing::Paper(p) => draw_paper(area, p),
                        Drawing::TrafficLines(l) => draw_lines(area, l),
                        Drawing::TrafficNodes(n) => draw_nodes(area, n),
                    });
                }
            },
        );
    }
    html! {
        <>
            <div class="canvas-box">
                <canvas id={props.id.clone()} ref={canvas} role="img" aria-label={props.label.clone()}></canvas>
            </div>
            <AsTable id={props.id.clone()} drawing={props.drawing.clone()} />
        </>
    }
}

/// The numbers `drawing` was drawn from, as a table (see [`crate::draw::table`]).
pub(crate) fn text_table(drawing: &Drawing, lang: Lang) -> TextTable {
    match drawing {
        Drawing::Scene(Scene::Ring(r)) => table::nodes(&r.nodes, lang),
        Drawing::Scene(Scene::Bins(b)) => table::nodes(&b.nodes, lang),
        Drawing::Bars(b) => table::bars(b, lang),
        Drawing::Chord(c) => table::chord(c, lang),
        Drawing::Replicas(r) => table::replicas(r, lang),
        Drawing::Paper(p) => table::paper(p, lang),
        Drawing::TrafficLines(l) => table::lines(l, lang),
        Drawing::TrafficNodes(n) => table::traffic_nodes(n, lang),
    }
}

/// Props of [`AsTable`].
#[derive(Properties, PartialEq)]
pub(crate) struct AsTableProps {
    /// The drawing's canvas id: the table's is `{id}-table`.
    pub(crate) id: AttrValue,
    /// The drawing.
    pub(crate) drawing: Rc<Drawing>,
}

/// A table of numbers, with id `id`: the first cell of each row heads it.
pub(crate) fn table_html(table: &TextTable, id: String) -> Html {
    html! {
        <table {id} tabindex="0">
            <thead><tr>{ for table.heads.iter().map(|h| html! { <th scope="col">{ h }</th> }) }</tr></thead>
            <tbody>
                { for table.rows.iter().map(|row| html! {
                    <tr>{ for row.iter().enumerate().map(|(i, cell)| if i == 0 {
                        html! { <th scope="row">{ cell }</th> }
                    } else {
                        html! { <td>{ cell }</td> }
                    }) }</tr>
                }) }
            </tbody>
        </table>
    }
}

/// "As a table" under a drawing: closed, it holds no rows, so an animation's frames do not
/// rebuild a table nobody reads.
#[component]
pub(crate) fn AsTable(props: &AsTableProps) -> Html {
    let lang = super::use_lang();
    let open = use_state(bool::default);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            open.set(
                e.target_dyn_into::<web_sys::Element>()
                    .is_some_and(|d| d.has_attribute("open")),
            );
        })
    };
    let table = open.then(|| {
        let t = text_table(&props.drawing, lang);
        table_html(&t, format!("{}-table", props.id))
    });
    html! {
        <details class="as-table" {ontoggle}>
            <summary>{ lang.ui(Ui::AsTable) }</summary>
            { table.unwrap_or_default() }
        </details>
    }
}
