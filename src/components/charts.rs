//! The load charts: keys per node and hash-space share per node, each with its mean and
//! ±10% band, and the balance numbers (R1, R2, R3, peak-to-mean, standard deviation).

use std::rc::Rc;

use ring_core::metrics::{format, Balance};
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::use_lang;
use crate::draw::scene::{self, View};
use crate::draw::{draw_bars, BarsScene, Theme};
use crate::effects::job::{draw_in_a_frame_of_its_own, PutOff};
use crate::effects::{draw_on_canvas, use_box_width};
use crate::i18n::{Msg, Ui};
use crate::model::State;

/// Props of [`Charts`].
#[derive(Properties, PartialEq)]
pub(crate) struct ChartsProps {
    /// The state.
    pub(crate) state: Rc<State>,
    /// The colours.
    pub(crate) theme: Theme,
}

const CHART_HEIGHT: f64 = 200.0;

#[hook]
fn use_chart(
    canvas: NodeRef,
    state: Rc<State>,
    theme: Theme,
    build: fn(&State, &View) -> BarsScene,
) {
    let box_width = use_box_width(&canvas);
    // Both charts read only the snapshot, which a new value replaces: a state that only
    // gains a job (a join starting on Envoy's largest ring) keeps its charts undrawn again.
    let snapshot = Rc::as_ptr(&state.current) as usize;
    let put_off: PutOff = use_mut_ref(|| None);
    use_effect_with(
        (snapshot, theme, box_width),
        move |&(_, theme, box_width)| {
            // After a job's hand-over, two frames on: the picture takes the first.
            draw_in_a_frame_of_its_own(
                &put_off,
                2,
                Box::new(move || {
                    let Some(c) = canvas.cast::<HtmlCanvasElement>() else {
                        return;
                    };
                    let width = box_width.of(&c).max(200.0);
                    draw_on_canvas(&c, width, CHART_HEIGHT, |area, ratio| {
                        let view = View {
                            scale: ratio,
                            theme,
                            ..View::default()
                        };
                        draw_bars(area, &build(&state, &view))
                    });
                }),
            );
        },
    );
}

/// A row of the balance table: name, explanation, and how keys and shares are written.
type BalanceRow = (Ui, Ui, fn(&Balance) -> String, fn(&Balance) -> String);

fn two(v: f64) -> String {
    format::decimal(v, 2)
}

fn balance_cell(b: Option<Balance>, f: fn(&Balance) -> String) -> Html {
    html! { <td>{ b.as_ref().map_or_else(|| "—".to_string(), f) }</td> }
}

/// The charts.
#[component]
pub(crate) fn Charts(props: &ChartsProps) -> Html {
    let lang = use_lang();
    let loads_ref = use_node_ref();
    let shares_ref = use_node_ref();
    use_chart(
        loads_ref.clone(),
        props.state.clone(),
        props.theme,
        scene::loads,
    );
    use_chart(
        shares_ref.clone(),
        props.state.clone(),
        props.theme,
        scene::shares,
    );
    let snap = &props.state.current;
    let keys = snap.key_balance();
    let space = snap.share_balance();
    let rows: [BalanceRow; 5] = [
        (Ui::R1, Ui::R1About, |b| two(b.r1), |b| two(b.r1)),
        (
            Ui::R2,
            Ui::R2About,
            |b| format::percent(b.r2, 0),
            |b| format::percent(b.r2, 0),
        ),
        (
            Ui::R3,
            Ui::R3About,
            |b| format::percent(b.r3, 0),
            |b| format::percent(b.r3, 0),
        ),
        (
            Ui::PeakMean,
            Ui::PeakAbout,
            |b| two(b.peak_to_mean),
            |b| two(b.peak_to_mean),
        ),
        (
            Ui::StdDev,
            Ui::StdDevAbout,
            |b| format::decimal(b.std_dev, 1),
            |b| format::percent(b.std_dev, 2),
        ),
    ];
    let total = props.state.keys.len();
    let by_weight = snap.weight_shares().is_some();
    let shares_caption = if by_weight {
        Ui::SharesCaptionByWeight
    } else {
        Ui::SharesCaption
    };
    html! {
        <section class="card charts" aria-labelledby="charts-title">
            <h2 id="charts-title">{ lang.ui(Ui::Load) }</h2>
            <div class="chart-grid">
                <figure class="chart">
                    <figcaption id="loads-caption">{ lang.t(Msg::LoadsCaption { total, by_weight }) }</figcaption>
                    <div class="chart-box">
                        <canvas id="loads-chart" ref={loads_ref} role="img" aria-labelledby="loads-caption"></canvas>
                    </div>
                </figure>
                <figure class="chart">
                    <figcaption id="shares-caption">{ lang.ui(shares_caption) }</figcaption>
                    <div class="chart-box">
                        <canvas id="shares-chart" ref={shares_ref} role="img" aria-labelledby="shares-caption"></canvas>
                    </div>
                </figure>
                <table class="balance" id="balance">
                    <caption>{ lang.ui(Ui::Balance) }</caption>
                    <thead>
                        <tr><th scope="col">{ lang.ui(Ui::Measure) }</th><th scope="col">{ lang.ui(Ui::Keys) }</th><th scope="col">{ lang.ui(Ui::HashSpace) }</th></tr>
                    </thead>
                    <tbody>
                        { for rows.iter().map(|(name, about, k, s)| html! {
                            <tr>
                                <th scope="row"><abbr title={lang.ui(*about)}>{ lang.ui(*name) }</abbr></th>
                                { balance_cell(keys, *k) }
                                { balance_cell(space, *s) }
                            </tr>
                        }) }
                    </tbody>
                </table>
                if by_weight {
                    <p class="muted hint" id="balance-by-weight">{ lang.ui(Ui::BalanceByWeight) }</p>
                }
            </div>
        </section>
    }
}
