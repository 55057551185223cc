//! Replication on the ring: the lab's ring (arcs and points, without the key dots), the
//! key's walk clockwise past its replicas, each replica's point numbered by rank, the
//! failed node's points crossed out and the node that gains a copy marked.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::dots::DotLayer;
use super::ring::{draw_ring_filled_by, Geometry};
use super::scene_types::RingScene;
use super::style::{err, rgb, shorten, DrawResult};
use crate::model::replication_view::KeyReplicas;
use crate::model::{NodeId, Rgb, State};

/// A replica on the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ReplicaMark {
    /// Where the point that makes it a replica is.
    pub(crate) frac: f64,
    /// The node's colour.
    pub(crate) colour: Rgb,
    /// Its rank in the preference list, from 1 (the owner).
    pub(crate) rank: u32,
    /// Whether this node is the one that failed.
    pub(crate) failed: bool,
    /// The node's place in the ring's [`super::table::NodeRow`]s, if it is up.
    pub(crate) node: Option<u32>,
}

/// Everything the replication drawing needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ReplicaScene {
    /// The ring underneath.
    pub(crate) ring: RingScene,
    /// The key's position.
    pub(crate) key_frac: f64,
    /// The key, for its label.
    pub(crate) key: String,
    /// The replicas before the failure, in rank order.
    pub(crate) replicas: Vec<ReplicaMark>,
    /// The failed node's points.
    pub(crate) failed_points: Vec<f64>,
    /// The node that receives a new copy: its point and colour.
    pub(crate) gains: Option<(f64, Rgb)>,
}

/// The scene for `key`'s replicas on `state`'s ring, with node `down` failed.
pub(crate) fn scene(
    state: &State,
    key: &KeyReplicas,
    down: Option<NodeId>,
    view: &super::scene::View,
) -> ReplicaScene {
    let mut ring = super::scene::ring(state, view);
    // The key dots would hide the replicas' marks; the arcs and points stay.
    ring.keys.clear();
    ring.travellers.clear();
    ring.walk = None;
    ring.hover = None;
    let snap = &state.current;
    let colour = |id: NodeId| state.node(id).map_or(Rgb(128, 128, 128), |n| n.colour());
    let replicas = key
        .list
        .iter()
        .zip(&key.point_fracs)
        .enumerate()
        .map(|(i, (&id, &frac))| ReplicaMark {
            frac,
            colour: colour(id),
            rank: i as u32 + 1,
            failed: Some(id) == down,
            node: snap.index_of(id),
        })
        .collect();
    let failed_points = down
        .and_then(|id| snap.index_of(id))
        .map(|index| {
            snap.picture
                .ring_points()
                .iter()
                .filter(|p| p.owner == index)
                .map(|p| snap.fraction(p.position))
                .collect()
        })
        .unwrap_or_default();
    let gains = key
        .failover
        .as_ref()
        .and_then(|f| f.gains_copy)
        .and_then(|id| {
            let index = snap.index_of(id)?;
            let point = snap.anchor_point(key.position, index)?;
            let p = snap.picture.ring_points().get(point as usize)?;
            Some((snap.fraction(p.position), colour(id)))
        });
    ReplicaScene {
        ring,
        key_frac: key.frac,
        key: key.key.clone(),
        replicas,
        failed_points,
        gains,
    }
}

fn px(p: (f64, f64)) -> (i32, i32) {
    (p.0.round() as i32, p.1.round() as i32)
}

/// Draws the replication scene over the whole of `area`, the ring's dots and arcs drawn by
/// `fill` ([`super::ring::draw_ring_filled_by`]).
pub(crate) fn draw_replicas<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &ReplicaScene,
    fill: &mut dyn FnMut(&DotLayer) -> DrawResult,
) -> DrawResult {
    draw_ring_filled_by(area, &scene.ring, fill)?;
    let (w, h) = area.dim_in_pixel();
    let r = &scene.ring;
    let g = Geometry::new(w, h, r.scale, r.text);
    let s = r.scale;
    let theme = r.theme;
    let line = |c: Rgb, width: f64| rgb(c).stroke_width((width * s).round().max(1.0) as u32);

    // The failed node's points, crossed out.
    let x = 5.0 * s;
    for &f in &scene.failed_points {
        let (cx, cy) = g.at(f, g.r_points);
        for (dx, dy) in [(x, x), (x, -x)] {
            area.draw(&PathElement::new(
                vec![px((cx - dx, cy - dy)), px((cx + dx, cy + dy))],
                line(theme.fg, 2.0),
            ))
            .map_err(err)?;
        }
    }

    // The walk: clockwise from the key past every replica, on the walk's radius.
    let last = scene
        .replicas
        .iter()
        .map(|m| (m.frac - scene.key_frac).rem_euclid(1.0))
        .chain(
            scene
                .gains
                .iter()
                .map(|g| (g.0 - scene.key_frac).rem_euclid(1.0)),
        )
        .fold(0.0f64, f64::max);
    if last > 0.0 {
        let steps = ((last * 720.0).ceil() as usize).clamp(2, 1_440);
        let path: Vec<(i32, i32)> = (0..=steps)
            .map(|i| px(g.at(scene.key_frac + last * i as f64 / steps as f64, g.r_walk)))
            .collect();
        area.draw(&PathElement::new(path, line(theme.fg, 2.5)))
            .map_err(err)?;
    }
    let key = px(g.at(scene.key_frac, g.r_walk));
    let kr = (5.0 * s).round() as i32;
    area.draw(&Circle::new(key, kr, rgb(theme.bg).filled()))
        .map_err(err)?;
    area.draw(&Circle::new(key, kr, line(theme.fg, 2.5)))
        .map_err(err)?;

    // Each replica: a spoke from the walk to its point, and its rank in a badge inside.
    let badge = (9.0 * s).round() as i32;
    // Badges of neighbouring ranks sit at alternating depths, so close replicas stay apart.
    let depth = |rank: u32| if rank % 2 == 0 { 38.0 * s } else { 16.0 * s };
    let mark = |area: &DrawingArea<DB, Shift>,
                frac: f64,
                colour: Rgb,
                label: &str,
                inset: f64,
                dashed: bool| {
        let a = g.at(frac, g.r_walk);
        let b = g.at(frac, g.r_points);
        area.draw(&PathElement::new(vec![px(a), px(b)], line(theme.fg, 2.0)))
            .map_err(err)?;
        area.draw(&Circle::new(px(b), (7.0 * s) as i32, line(theme.fg, 2.0)))
            .map_err(err)?;
        let c = px(g.at(frac, g.r_walk - inset));
        area.draw(&PathElement::new(
            vec![px(a), c],
            line(if dashed { theme.muted } else { theme.fg }, 1.0),
        ))
        .map_err(err)?;
        area.draw(&Circle::new(c, badge, rgb(colour).filled()))
            .map_err(err)?;
        area.draw(&Circle::new(
            c,
            badge,
            line(if dashed { theme.muted } else { theme.fg }, 1.5),
        ))
        .map_err(err)?;
        if r.text {
            // Dark text on light colours, light on dark ones.
            let luma = 0.299 * f64::from(colour.0)
                + 0.587 * f64::from(colour.1)
                + 0.114 * f64::from(colour.2);
            let ink = if luma > 150.0 {
                Rgb(0, 0, 0)
            } else {
                Rgb(255, 255, 255)
            };
            let style = (super::style::FONT, 11.0 * s)
                .into_font()
                .style(FontStyle::Bold)
                .color(&rgb(ink))
                .pos(Pos::new(HPos::Center, VPos::Center));
            area.draw(&Text::new(label.to_string(), c, style))
                .map_err(err)?;
        }
        Ok::<(), String>(())
    };
    for m in &scene.replicas {
        mark(
            area,
            m.frac,
            m.colour,
            &m.rank.to_string(),
            depth(m.rank),
            false,
        )?;
        if m.failed {
            let c = g.at(m.frac, g.r_walk - depth(m.rank));
            let d = 8.0 * s;
            for (dx, dy) in [(d, d), (d, -d)] {
                area.draw(&PathElement::new(
                    vec![px((c.0 - dx, c.1 - dy)), px((c.0 + dx, c.1 + dy))],
                    line(theme.fg, 2.5),
                ))
                .map_err(err)?;
            }
        }
    }
    if let Some((frac, colour)) = scene.gains {
        mark(area, frac, colour, "+", 62.0 * s, true)?;
    }
    if r.text {
        let (kx, ky) = g.at(scene.key_frac, g.r_walk - 12.0 * s);
        let font = (super::style::FONT, 12.0 * s)
            .into_font()
            .style(FontStyle::Bold)
            .color(&rgb(theme.fg))
            .pos(Pos::new(
                if kx < g.cx { HPos::Left } else { HPos::Right },
                if ky < g.cy { VPos::Top } else { VPos::Bottom },
            ));
        area.draw(&Text::new(shorten(&scene.key, 24), px((kx, ky)), font))
            .map_err(err)?;
    }
    area.present().map_err(err)
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;
    use crate::draw::scene::View;
    use crate::draw::testing::render;
    use crate::draw::Theme;
    use crate::model::replication_view::{replication_view, ReplicationSettings};

    fn quiet() -> View {
        View {
            text: false,
            ..View::default()
        }
    }

    #[test]
    fn each_replica_gets_a_badge_in_its_colour_and_a_failure_crosses_points_out() {
        let s = State::initial().unwrap();
        let b = s.nodes[1].id;
        for down in [None, Some(b)] {
            let settings = ReplicationSettings {
                replicas: 3,
                key: "user:42".into(),
                down,
            };
            let v = replication_view(&s, &settings).unwrap();
            let key = v.typed.unwrap();
            let sc = scene(&s, &key, down, &quiet());
            assert_eq!(sc.replicas.len(), 3);
            assert!(sc.ring.keys.is_empty());
            assert_eq!(sc.replicas[0].rank, 1);
            let img = render(400, 400, |a| {
                draw_replicas(a, &sc, &mut |l| crate::draw::dots::draw_layer(a, l))
            });
            let g = Geometry::new(400, 400, 1.0, false);
            for m in &sc.replicas {
                if m.failed {
                    continue;
                }
                let depth = if m.rank % 2 == 0 { 38.0 } else { 16.0 };
                let (x, y) = g.at(m.frac, g.r_walk - depth);
                // The badge's centre (no text natively) is the node's colour, unless two
                // replicas' badges overlap.
                let close = sc
                    .replicas
                    .iter()
                    .any(|o| o.rank != m.rank && ((o.frac - m.frac).abs() * 400.0) < 6.0);
                if !close {
                    assert_eq!(img.at(x, y), m.colour, "rank {}", m.rank);
                }
            }
            match down {
                None => {
                    assert!(sc.failed_points.is_empty() && sc.gains.is_none());
                }
                Some(_) => {
                    assert_eq!(sc.failed_points.len(), 16);
                    // The crosses are in the foreground colour at the failed points.
                    let f = sc.failed_points[0];
                    let (x, y) = g.at(f, g.r_points);
                    assert_eq!(img.at(x, y), Theme::LIGHT.fg);
                }
            }
        }
    }
}
