use super::*;
use crate::draw::bins::BinsDots;
use crate::draw::ring::{Geometry, RingDots};
use crate::draw::scene_types::{BinDot, BinsScene, Column, Header};
use crate::draw::scene_types::{KeyDot, PointMark, RingScene, Traveller};
use crate::draw::testing::render;
use crate::draw::{ease, Theme};

const RED: Rgb = Rgb(220, 30, 30);
const BLUE: Rgb = Rgb(20, 40, 200);
const GREEN: Rgb = Rgb(10, 180, 60);
const COLOURS: [Rgb; 3] = [RED, BLUE, GREEN];

fn ring_scene(keys: usize, moved_every: usize) -> RingScene {
    RingScene {
        space_bits: 32,
        point_count: 2,
        points: vec![
            PointMark {
                frac: 0.25,
                colour: RED,
                shape: crate::model::palette::Shape::Circle,
                index: 0,
            },
            PointMark {
                frac: 0.75,
                colour: BLUE,
                shape: crate::model::palette::Shape::Circle,
                index: 1,
            },
        ],
        keys: (0..keys)
            .map(|i| KeyDot {
                frac: i as f64 / keys as f64,
                jitter: (i as f64 * 0.618).fract(),
                colour: COLOURS[i % 3],
                from: (i % moved_every == 0).then_some(COLOURS[(i + 1) % 3]),
            })
            .collect(),
        travellers: (0..keys)
            .filter(|i| i % moved_every == 0)
            .map(|i| Traveller {
                from_frac: 0.25,
                to_frac: (i as f64 / keys as f64 + 0.9).fract(),
                from: COLOURS[(i + 1) % 3],
                to: COLOURS[i % 3],
            })
            .collect(),
        progress: 0.3,
        walk: None,
        hover: None,
        scale: 1.0,
        theme: Theme::LIGHT,
        text: false,
        nodes: Vec::new(),
        wraps: true,
    }
}

/// Every batch's storage, to see that a frame reuses it.
fn storage(layer: &DotLayer) -> Vec<(*const (f64, f64), usize)> {
    layer
        .batches()
        .iter()
        .map(|b| (b.at.as_ptr(), b.at.capacity()))
        .collect()
}

#[test]
fn a_layer_keeps_its_storage_from_frame_to_frame() {
    let scene = ring_scene(5_000, 2);
    let dots = RingDots::new(&scene, 600, 600);
    let mut layer = DotLayer::default();
    dots.frame(0.1, Theme::LIGHT, &mut layer);
    let first = storage(&layer);
    let count = layer.dots();
    // Later frames of the same change: the same batches, in the same storage (no
    // allocation), with the same number of dots.
    for p in [0.2, 0.5, 0.9, 0.1] {
        dots.frame(p, Theme::LIGHT, &mut layer);
        assert_eq!(storage(&layer), first, "frame at {p} allocated");
        assert_eq!(layer.dots(), count);
    }
}

#[test]
fn groups_gather_by_both_colours_in_order_of_first_appearance() {
    let g = Groups::of([
        (RED, None, 1),
        (BLUE, Some(RED), 2),
        (RED, None, 3),
        (RED, Some(BLUE), 4),
        (BLUE, Some(RED), 5),
    ]);
    assert_eq!(
        g.groups,
        vec![
            (RED, None, vec![1, 3]),
            (BLUE, Some(RED), vec![2, 5]),
            (RED, Some(BLUE), vec![4]),
        ]
    );
    assert_eq!(g.len(), 5);
    assert!(!g.is_empty() && Groups::<u8>::of([]).is_empty());
}

/// The ring's frame, against the per-key formulas it replaces (each dot's colour and place
/// worked out on its own, as the drawing did before batching).
#[test]
fn a_ring_frame_is_every_key_and_traveller_once_in_its_colour_and_place() {
    let scene = ring_scene(900, 3);
    let (w, h) = (500, 500);
    let g = Geometry::new(w, h, 1.0, false);
    let dots = RingDots::new(&scene, w, h);
    let mut layer = DotLayer::default();
    for progress in [0.0, 0.3, 0.7, 1.0] {
        dots.frame(progress, Theme::LIGHT, &mut layer);
        let t = ease(progress);
        let mut expected: Vec<(Rgb, u32, u32)> = Vec::new();
        let key = |x: f64, y: f64| ((x * 16.0).round() as u32, (y * 16.0).round() as u32);
        for k in &scene.keys {
            let colour = k.from.map_or(k.colour, |f| f.mix(k.colour, t));
            // On whole pixels, as plotters draws them.
            let (x, y) = g.key_at(k);
            let (x, y) = key(x.round(), y.round());
            expected.push((colour, x, y));
        }
        if t < 1.0 {
            let r = g.r_walk - (std::f64::consts::PI * t).sin() * (g.r_walk - g.r_keys_in) * 0.5;
            for tr in &scene.travellers {
                let mut delta = (tr.to_frac - tr.from_frac).rem_euclid(1.0);
                if delta > 0.5 {
                    delta -= 1.0;
                }
                let (x, y) = g.at(tr.from_frac + delta * t, r);
                let (x, y) = key(x, y);
                expected.push((tr.from.mix(tr.to, t), x, y));
            }
        }
        let mut got: Vec<(Rgb, u32, u32)> = layer
            .batches()
            .iter()
            .filter(|b| matches!(b.mark, Mark::Disc(_)))
            .flat_map(|b| {
                b.at.iter()
                    .map(move |&(x, y)| (b.colour, key(x, y).0, key(x, y).1))
            })
            .collect();
        expected.sort_by_key(|&(c, x, y)| (c.0, c.1, c.2, x, y));
        got.sort_by_key(|&(c, x, y)| (c.0, c.1, c.2, x, y));
        assert_eq!(got, expected, "progress {progress}");
        // Few batches: one per colour pair of keys, one per pair of travellers, outlines.
        assert!(
            layer.batches().len() <= 3 + 3 + 3 + 1,
            "{}",
            layer.batches().len()
        );
        let outlines: usize = layer
            .batches()
            .iter()
            .filter(|b| matches!(b.mark, Mark::Ring { .. }))
            .map(|b| b.at.len())
            .sum();
        // 300 moved keys: outlined while travelling, and ringed at rest.
        assert_eq!(outlines, 300, "progress {progress}");
    }
}

/// The page draws a ring's frame in parts: the keys that stay and the moved keys in their old
/// colours once, the moved keys in their new colours once, faded in over them, and only the
/// travellers every frame. The parts hold the same dots as the whole frame.
#[test]
fn a_ring_frame_in_parts_is_the_whole_frame() {
    let scene = ring_scene(900, 3);
    let dots = RingDots::new(&scene, 500, 500);
    let (mut whole, mut part) = (DotLayer::default(), DotLayer::default());
    let points = |l: &DotLayer| {
        let mut v: Vec<(u64, u64)> = l
            .batches()
            .iter()
            .flat_map(|b| b.at.iter().map(|&(x, y)| (x.to_bits(), y.to_bits())))
            .collect();
        v.sort_unstable();
        v
    };
    let colours = |l: &DotLayer| -> Vec<Rgb> { l.batches().iter().map(|b| b.colour).collect() };
    for progress in [0.0, 0.4, 1.0] {
        dots.frame(progress, Theme::LIGHT, &mut whole);
        let mut all = Vec::new();
        dots.still(&mut part);
        all.extend(points(&part));
        // 600 keys stay, in their own colours.
        assert_eq!(part.dots(), 600);
        dots.moved(false, &mut part);
        assert_eq!(part.dots(), 300);
        let old = points(&part);
        let old_colours = colours(&part);
        dots.moved(true, &mut part);
        // The same places, in the new colours.
        assert_eq!(points(&part), old);
        all.extend(points(&part));
        let new_colours = colours(&part);
        for (o, n) in old_colours.iter().zip(&new_colours) {
            assert_ne!(o, n);
        }
        dots.travellers(progress, Theme::LIGHT, &mut part);
        all.extend(points(&part));
        all.sort_unstable();
        assert_eq!(all, points(&whole), "progress {progress}");
    }
}

#[test]
fn thousands_of_moved_keys_are_not_outlined() {
    let scene = ring_scene(3 * MAX_OUTLINED, 1);
    let dots = RingDots::new(&scene, 500, 500);
    let mut layer = DotLayer::default();
    for p in [0.5, 1.0] {
        dots.frame(p, Theme::LIGHT, &mut layer);
        assert!(layer
            .batches()
            .iter()
            .all(|b| !matches!(b.mark, Mark::Ring { .. })));
        // Small squares, the keys smaller than the travellers.
        assert!(layer
            .batches()
            .iter()
            .all(|b| b.mark == Mark::Square(1.0) || (p < 1.0 && b.mark == Mark::Square(2.0))));
    }
}

fn bins_scene(dots: Vec<BinDot>) -> BinsScene {
    BinsScene {
        header: Header::None,
        columns: COLOURS
            .iter()
            .map(|&colour| Column {
                label: String::new(),
                shared: 0..0,
                shared_tail: 0,
                colour,
            })
            .collect(),
        before_columns: 2,
        dots,
        progress: 0.5,
        hover: None,
        scale: 1.0,
        theme: Theme::LIGHT,
        text: false,
        nodes: Vec::new(),
    }
}

#[test]
fn moving_keys_in_bins_go_straight_from_their_old_place_to_their_new_one() {
    let dots: Vec<BinDot> = (0..600u32)
        .map(|i| BinDot {
            column: i % 3,
            slot: i / 3,
            colour: COLOURS[(i % 3) as usize],
            from: (i % 2 == 0).then_some((i % 2, i / 2, COLOURS[((i + 1) % 3) as usize])),
        })
        .collect();
    let scene = bins_scene(dots);
    let (w, h) = (600, 400);
    let (lay, before) = crate::draw::bins::layouts(&scene, w, h);
    let plan = BinsDots::new(&scene, w, h);
    let mut layer = DotLayer::default();
    for progress in [0.0, 0.5, 1.0] {
        plan.frame(progress, Theme::LIGHT, &mut layer);
        let t = ease(progress);
        let discs: Vec<&Batch> = layer
            .batches()
            .iter()
            .filter(|b| matches!(b.mark, Mark::Disc(_)))
            .collect();
        assert_eq!(discs.iter().map(|b| b.at.len()).sum::<usize>(), 600);
        for d in &scene.dots {
            let to = lay.dot(d.column, d.slot);
            let (at, colour) = match d.from {
                Some((c, s, from)) if t < 1.0 => {
                    let f = before.dot(c, s);
                    (
                        (f.0 + (to.0 - f.0) * t, f.1 + (to.1 - f.1) * t),
                        from.mix(d.colour, t),
                    )
                }
                _ => (to, d.colour),
            };
            let found = discs.iter().any(|b| {
                b.colour == colour
                    && b.at
                        .iter()
                        .any(|&(x, y)| (x - at.0).abs() < 0.01 && (y - at.1).abs() < 0.01)
            });
            assert!(
                found,
                "key {d:?} at {progress}: no dot of {colour:?} at {at:?}"
            );
        }
        // 300 moved: outlined.
        let rings: usize = layer
            .batches()
            .iter()
            .filter(|b| matches!(b.mark, Mark::Ring { .. }))
            .map(|b| b.at.len())
            .sum();
        assert_eq!(rings, 300);
    }
}

#[test]
fn a_layer_draws_each_batch_in_its_colour_through_plotters() {
    let mut layer = DotLayer::default();
    layer
        .start(RED, Mark::Disc(3.0))
        .extend([(20.0, 20.0), (60.0, 20.0)]);
    layer.start(BLUE, Mark::Disc(3.0)).push((40.0, 50.0));
    layer
        .start(
            GREEN,
            Mark::Ring {
                radius: 8.0,
                width: 1.0,
            },
        )
        .push((40.0, 50.0));
    assert_eq!(layer.dots(), 4);
    let img = render(80, 80, |a| draw_layer(a, &layer));
    assert_eq!(img.at(20.0, 20.0), RED);
    assert_eq!(img.at(60.0, 20.0), RED);
    assert_eq!(img.at(40.0, 50.0), BLUE);
    assert_eq!(img.at(48.0, 50.0), GREEN);
    // Nothing else painted (the bitmap starts black).
    assert_eq!(img.at(40.0, 20.0), Rgb(0, 0, 0));
    // Cleared, the next frame draws nothing.
    layer.clear();
    assert_eq!(layer.dots(), 0);
    let img = render(80, 80, |a| draw_layer(a, &layer));
    assert_eq!(img.count(Rgb(0, 0, 0)), 80 * 80);
}

/// The first example with 20,000 keys, all drawn, after a new hash: 3 keys in 4 move, and
/// on a ring of 64 points they share a few hundred paths, each drawn once.
#[test]
fn travellers_on_one_path_are_drawn_once() {
    use crate::draw::scene::{self, View};
    use crate::model::{Action, State};
    let s = State::initial().unwrap();
    let s = s
        .apply(Action::GenerateKeys {
            count: "20000".into(),
            seed: "42".into(),
        })
        .unwrap();
    let s = s.apply(Action::SetDrawn("20000".into())).unwrap();
    let s = s.apply(Action::SetHash(ring_core::HashFn::Md5)).unwrap();
    let moved = s.change.as_deref().unwrap().moves.len();
    let view = View {
        progress: 0.5,
        text: false,
        ..View::default()
    };
    let scene::Scene::Ring(ring) = scene::picture(&s, &view) else {
        panic!("not a ring");
    };
    assert_eq!(ring.travellers.len(), moved);
    let dots = RingDots::new(&ring, 700, 700);
    let paths: std::collections::HashSet<(u64, u64)> = ring
        .travellers
        .iter()
        .map(|t| (t.from_frac.to_bits(), t.to_frac.to_bits()))
        .collect();
    assert_eq!(dots.traveller_dots(), paths.len());
    assert!(
        moved > 10_000 && paths.len() < moved / 4,
        "{moved} moved, {} paths",
        paths.len()
    );
    eprintln!("{moved} travellers, {} distinct paths", paths.len());
}
