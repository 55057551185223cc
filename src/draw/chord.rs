//! The Chord ring: each node at one point, the fingers of the start node as thin chords,
//! and the hops of one lookup as numbered arrows bending through the inside of the ring.

use std::f64::consts::TAU;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::style::{err, power_of_two, rgb, shorten, DrawResult, Theme};
use crate::i18n::{Lang, Msg, Ui};
use crate::model::chord_view::ChordView;
use crate::model::{NodeId, Rgb};

/// A node on the drawing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChordDot {
    /// Position as a fraction of the ring.
    pub(crate) frac: f64,
    /// Its colour.
    pub(crate) colour: Rgb,
    /// Its name.
    pub(crate) label: String,
    /// Where the lookup starts.
    pub(crate) start: bool,
    /// The key's owner.
    pub(crate) owner: bool,
}

/// A chord or an arrow between two positions on the ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Link {
    /// From (fraction of the ring).
    pub(crate) from: f64,
    /// To.
    pub(crate) to: f64,
}

/// Everything the Chord drawing needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChordScene {
    /// The ring has `2^bits` positions.
    pub(crate) bits: u32,
    /// The nodes, by position.
    pub(crate) nodes: Vec<ChordDot>,
    /// The key's position.
    pub(crate) key_frac: f64,
    /// The key, for its label.
    pub(crate) key: String,
    /// The fingers drawn (those of `fingers_colour`'s node), to their distinct targets.
    pub(crate) fingers: Vec<Link>,
    /// The colour of the node whose fingers are drawn.
    pub(crate) fingers_colour: Rgb,
    /// The hops, in order.
    pub(crate) hops: Vec<Link>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// Colours around the drawing.
    pub(crate) theme: Theme,
    /// Whether to draw text.
    pub(crate) text: bool,
    /// The language of the labels.
    pub(crate) lang: Lang,
}

/// The scene of `view`, with the fingers of node `fingers_of` (the start node if `None`),
/// labelled in `lang`.
pub(crate) fn scene(
    view: &ChordView,
    fingers_of: Option<NodeId>,
    lang: Lang,
    theme: Theme,
    scale: f64,
    text: bool,
) -> ChordScene {
    let owner_of_fingers = fingers_of
        .filter(|id| view.member(*id).is_some())
        .unwrap_or(view.start);
    let frac_of = |id: NodeId| view.member(id).map(|m| m.frac);
    let from = frac_of(owner_of_fingers).unwrap_or(0.0);
    let fingers = view
        .table(owner_of_fingers)
        .map(|t| {
            t.targets()
                .into_iter()
                .filter(|&id| id != owner_of_fingers)
                .filter_map(|id| frac_of(id).map(|to| Link { from, to }))
                .collect()
        })
        .unwrap_or_default();
    ChordScene {
        bits: view.bits,
        nodes: view
            .members
            .iter()
            .map(|m| ChordDot {
                frac: m.frac,
                colour: m.colour,
                label: m.name.clone(),
                start: m.id == view.start,
                owner: m.id == view.owner,
            })
            .collect(),
        key_frac: view.key_frac,
        key: view.key.clone(),
        fingers,
        fingers_colour: view
            .member(owner_of_fingers)
            .map_or(theme.muted, |m| m.colour),
        hops: view
            .hops
            .iter()
            .filter_map(|h| {
                Some(Link {
                    from: frac_of(h.from)?,
                    to: frac_of(h.to)?,
                })
            })
            .collect(),
        scale,
        theme,
        text,
        lang,
    }
}

/// Radii and centre of the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ChordGeometry {
    /// Centre.
    pub(crate) cx: f64,
    /// Centre.
    pub(crate) cy: f64,
    /// The ring.
    pub(crate) r: f64,
}

impl ChordGeometry {
    /// The geometry of a `width × height` drawing; names need room outside the ring.
    pub(crate) fn new(width: u32, height: u32, scale: f64, text: bool) -> ChordGeometry {
        let side = f64::from(width.min(height));
        let margin = if text { 72.0 } else { 10.0 } * scale;
        ChordGeometry {
            cx: f64::from(width) / 2.0,
            cy: f64::from(height) / 2.0,
            r: (side / 2.0 - margin).max(10.0),
        }
    }

    /// The pixel at fraction `frac` of the way round (0 at the top, clockwise), radius `r`.
    pub(crate) fn at(&self, frac: f64, r: f64) -> (f64, f64) {
        let (sin, cos) = (frac * TAU).sin_cos();
        (self.cx + r * sin, self.cy - r * cos)
    }
}

fn px(p: (f64, f64)) -> (i32, i32) {
    (p.0.round() as i32, p.1.round() as i32)
}

/// Points of a quadratic Bézier from `a` to `b` pulled towards the centre, so arrows
/// between near neighbours still show as a curve.
fn bend(g: &ChordGeometry, a: f64, b: f64, r: f64) -> Vec<(f64, f64)> {
    let p0 = g.at(a, r);
    let p2 = g.at(b, r);
    let mid = ((p0.0 + p2.0) / 2.0, (p0.1 + p2.1) / 2.0);
    // The control point lies between the chord's middle and the centre.
    let c = (mid.0 + (g.cx - mid.0) * 0.45, mid.1 + (g.cy - mid.1) * 0.45);
    (0..=32)
        .map(|i| {
            let t = f64::from(i) / 32.0;
            let u = 1.0 - t;
            (
                u * u * p0.0 + 2.0 * u * t * c.0 + t * t * p2.0,
                u * u * p0.1 + 2.0 * u * t * c.1 + t * t * p2.1,
            )
        })
        .collect()
}

/// Draws the Chord scene over the whole of `area`.
pub(crate) fn draw_chord<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &ChordScene,
) -> DrawResult {
    let (w, h) = area.dim_in_pixel();
    let g = ChordGeometry::new(w, h, scene.scale, scene.text);
    let s = scene.scale;
    let theme = scene.theme;
    area.fill(&rgb(theme.bg)).map_err(err)?;
    let line = |c: Rgb, width: f64| rgb(c).stroke_width((width * s).round().max(1.0) as u32);

    // The ring.
    area.draw(&Circle::new(
        px((g.cx, g.cy)),
        g.r.round() as i32,
        line(theme.faint, 6.0),
    ))
    .map_err(err)?;
    if scene.text {
        let style = (super::style::FONT, 12.0 * s)
            .into_font()
            .color(&rgb(theme.muted))
            .pos(Pos::new(HPos::Center, VPos::Center));
        area.draw(&Text::new(
            format!("0 = {}", power_of_two(scene.bits)),
            px((g.cx, g.cy - g.r + 22.0 * s)),
            style.clone(),
        ))
        .map_err(err)?;
    }
    area.draw(&PathElement::new(
        vec![px(g.at(0.0, g.r - 9.0 * s)), px(g.at(0.0, g.r + 9.0 * s))],
        line(theme.muted, 1.0),
    ))
    .map_err(err)?;

    // The fingers: thin chords from their node.
    let finger_colour = scene.fingers_colour.mix(theme.bg, 0.35);
    for f in &scene.fingers {
        area.draw(&PathElement::new(
            vec![px(g.at(f.from, g.r)), px(g.at(f.to, g.r))],
            line(finger_colour, 1.5),
        ))
        .map_err(err)?;
    }

    // The key: a diamond just outside the ring.
    let k = g.at(scene.key_frac, g.r + 12.0 * s);
    let d = 6.0 * s;
    area.draw(&Polygon::new(
        vec![
            px((k.0, k.1 - d)),
            px((k.0 + d, k.1)),
            px((k.0, k.1 + d)),
            px((k.0 - d, k.1)),
        ],
        rgb(theme.fg).filled(),
    ))
    .map_err(err)?;

    // The hops: arrows through the inside of the ring, numbered.
    for (i, hop) in scene.hops.iter().enumerate() {
        let path = bend(&g, hop.from, hop.to, g.r - 6.0 * s);
        // The body stops where the arrowhead begins, one arrowhead's length from the tip.
        let n = path.len();
        let size = 9.0 * s;
        let tip = path.last().copied().unwrap_or((g.cx, g.cy));
        let cut = (1..n)
            .rev()
            .find(|&i| {
                let p = path[i - 1];
                (p.0 - tip.0).hypot(p.1 - tip.1) >= size
            })
            .unwrap_or(1);
        let mut body: Vec<(i32, i32)> = path[..cut].iter().map(|&p| px(p)).collect();
        let back = path.get(cut.saturating_sub(1)).copied().unwrap_or(tip);
        let (dx, dy) = (tip.0 - back.0, tip.1 - back.1);
        let len = dx.hypot(dy).max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let base = (tip.0 - ux * size, tip.1 - uy * size);
        body.push(px(base));
        area.draw(&PathElement::new(body, line(theme.fg, 2.5)))
            .map_err(err)?;
        {
            area.draw(&Polygon::new(
                vec![
                    px(tip),
                    px((base.0 - uy * size * 0.55, base.1 + ux * size * 0.55)),
                    px((base.0 + uy * size * 0.55, base.1 - ux * size * 0.55)),
                ],
                rgb(theme.fg).filled(),
            ))
            .map_err(err)?;
        }
        if let Some(&mid) = path.get(n / 2) {
            let r = (8.0 * s).round() as i32;
            area.draw(&Circle::new(px(mid), r, rgb(theme.bg).filled()))
                .map_err(err)?;
            area.draw(&Circle::new(px(mid), r, line(theme.fg, 1.5)))
                .map_err(err)?;
            if scene.text {
                let style = (super::style::FONT, 11.0 * s)
                    .into_font()
                    .style(FontStyle::Bold)
                    .color(&rgb(theme.fg))
                    .pos(Pos::new(HPos::Center, VPos::Center));
                area.draw(&Text::new(format!("{}", i + 1), px(mid), style))
                    .map_err(err)?;
            }
        }
    }

    // The nodes, with the start and the owner ringed.
    let dot = (5.0 * s).round().max(2.0) as i32;
    for n in &scene.nodes {
        let c = px(g.at(n.frac, g.r));
        area.draw(&Circle::new(
            c,
            dot + (1.5 * s).round() as i32,
            rgb(theme.bg).filled(),
        ))
        .map_err(err)?;
        area.draw(&Circle::new(c, dot, rgb(n.colour).filled()))
            .map_err(err)?;
        if n.start || n.owner {
            area.draw(&Circle::new(c, dot + (4.0 * s) as i32, line(theme.fg, 2.0)))
                .map_err(err)?;
        }
    }
    if scene.text {
        // Labels of nodes close together step outwards, so that none covers another.
        let mut placed: Vec<(f64, f64)> = Vec::new();
        for n in &scene.nodes {
            let mut out = 16.0 * s;
            let (mut x, mut y) = g.at(n.frac, g.r + out);
            for _ in 0..4 {
                let clash = placed
                    .iter()
                    .any(|&(px_, py_)| (px_ - x).abs() < 70.0 * s && (py_ - y).abs() < 13.0 * s);
                if !clash {
                    break;
                }
                out += 13.0 * s;
                (x, y) = g.at(n.frac, g.r + out);
            }
            placed.push((x, y));
            let chars = n.label.chars().count().min(14) as f64
                + if n.start { 8.0 } else { 0.0 }
                + if n.owner { 8.0 } else { 0.0 };
            // Text width, roughly: keep the label inside the drawing.
            let width = chars * 6.4 * s;
            // (max then min, not clamp: a drawing narrower than a label must not panic.)
            let x = x.min(f64::from(w) - width - 2.0).max(width + 2.0);
            let hpos = if x < g.cx - 8.0 * s {
                HPos::Right
            } else if x > g.cx + 8.0 * s {
                HPos::Left
            } else {
                HPos::Center
            };
            let vpos = if y < g.cy - g.r * 0.7 {
                VPos::Bottom
            } else if y > g.cy + g.r * 0.7 {
                VPos::Top
            } else {
                VPos::Center
            };
            let mut label = shorten(&n.label, 14);
            if n.start {
                label.push_str(scene.lang.ui(Ui::ChordStartTag));
            }
            if n.owner {
                label.push_str(scene.lang.ui(Ui::ChordOwnerTag));
            }
            let style = (super::style::FONT, 11.0 * s)
                .into_font()
                .style(if n.start || n.owner {
                    FontStyle::Bold
                } else {
                    FontStyle::Normal
                })
                .color(&rgb(if n.start || n.owner {
                    theme.fg
                } else {
                    theme.muted
                }))
                .pos(Pos::new(hpos, vpos));
            area.draw(&Text::new(label, px((x, y)), style))
                .map_err(err)?;
        }
        // The key's name inside the ring, where the node names are not.
        let (x, y) = g.at(scene.key_frac, g.r - 20.0 * s);
        let style = (super::style::FONT, 11.0 * s)
            .into_font()
            .style(FontStyle::Bold)
            .color(&rgb(theme.fg))
            .pos(Pos::new(
                if x < g.cx - 8.0 * s {
                    HPos::Left
                } else if x > g.cx + 8.0 * s {
                    HPos::Right
                } else {
                    HPos::Center
                },
                if y < g.cy { VPos::Top } else { VPos::Bottom },
            ));
        area.draw(&Text::new(
            scene.lang.t(Msg::ChordKeyMark {
                key: shorten(&scene.key, 16),
            }),
            px((x, y)),
            style,
        ))
        .map_err(err)?;
    }
    area.present().map_err(err)
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::draw::testing::render;
    use crate::model::chord_view::{chord_view, ChordSettings};
    use crate::model::{Action, State};

    fn view(start: usize) -> (State, ChordView) {
        let mut s = State::initial().unwrap();
        for i in 0..12 {
            s = s
                .apply(Action::AddNode {
                    name: format!("n{i}"),
                    weight: "100".into(),
                    vnodes: String::new(),
                })
                .unwrap();
        }
        let settings = ChordSettings {
            key: "user:42".into(),
            start: Some(s.nodes[start].id),
        };
        let v = chord_view(&s, &settings).unwrap();
        (s, v)
    }

    #[test]
    fn every_node_is_drawn_in_its_colour_at_its_place() {
        let (_, v) = view(0);
        let sc = scene(&v, None, Lang::En, Theme::LIGHT, 1.0, false);
        assert_eq!(sc.nodes.len(), 16);
        let img = render(400, 400, |a| draw_chord(a, &sc));
        let g = ChordGeometry::new(400, 400, 1.0, false);
        let mut checked = 0;
        for n in &sc.nodes {
            let (x, y) = g.at(n.frac, g.r);
            // A close neighbour drawn later may cover the centre: check the ones alone.
            let alone = sc.nodes.iter().all(|m| {
                let (mx, my) = g.at(m.frac, g.r);
                m.label == n.label || (mx - x).hypot(my - y) > 16.0
            });
            if alone {
                assert_eq!(img.at(x, y), n.colour, "{}", n.label);
                checked += 1;
            }
        }
        assert!(checked >= 8, "only {checked} nodes stand alone");
        // The background is painted (the render starts black).
        assert_eq!(img.at(2.0, 2.0), Theme::LIGHT.bg);
    }

    #[test]
    fn hops_are_drawn_and_another_start_draws_other_arrows() {
        let mut drawn = Vec::new();
        for start in 0..16 {
            let (_, v) = view(start);
            let sc = scene(&v, None, Lang::En, Theme::LIGHT, 1.0, false);
            assert_eq!(sc.hops.len(), v.hops.len());
            assert_eq!(sc.nodes.iter().filter(|n| n.start).count(), 1);
            assert_eq!(sc.nodes.iter().filter(|n| n.owner).count(), 1);
            let img = render(300, 300, |a| draw_chord(a, &sc));
            // Arrows are in the foreground colour; more hops, more ink.
            let ink = img.count(Theme::LIGHT.fg);
            drawn.push((v.hops.len(), ink));
        }
        let none = drawn.iter().filter(|(h, _)| *h == 0).map(|d| d.1).max();
        let most = drawn.iter().max_by_key(|d| d.0).unwrap();
        assert!(most.0 >= 2, "{drawn:?}");
        if let Some(none) = none {
            assert!(most.1 > none + 200, "{drawn:?}");
        }
    }

    #[test]
    fn fingers_go_from_their_node_to_distinct_targets() {
        let (_, v) = view(3);
        let sc = scene(&v, None, Lang::En, Theme::LIGHT, 1.0, false);
        let start = v.member(v.start).unwrap().frac;
        assert!(!sc.fingers.is_empty());
        assert!(sc.fingers.iter().all(|f| f.from == start && f.to != start));
        let mut tos: Vec<u64> = sc.fingers.iter().map(|f| f.to.to_bits()).collect();
        tos.sort_unstable();
        tos.dedup();
        assert_eq!(tos.len(), sc.fingers.len());
    }
}
