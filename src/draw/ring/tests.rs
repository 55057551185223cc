use super::*;
use crate::draw::scene_types::{Traveller, Walk};
use crate::draw::testing::render;

const RED: Rgb = Rgb(220, 30, 30);
const BLUE: Rgb = Rgb(20, 40, 200);
const GREEN: Rgb = Rgb(10, 180, 60);

fn scene(mut points: Vec<PointMark>) -> RingScene {
    for (i, p) in points.iter_mut().enumerate() {
        p.index = i as u32;
    }
    RingScene {
        space_bits: 32,
        point_count: points.len(),
        points,
        keys: Vec::new(),
        travellers: Vec::new(),
        progress: 1.0,
        walk: None,
        hover: None,
        scale: 1.0,
        theme: Theme::LIGHT,
        text: false,
        nodes: Vec::new(),
        wraps: true,
    }
}

fn two_points() -> Vec<PointMark> {
    vec![
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
            index: 0,
        },
    ]
}

#[test]
fn arcs_take_the_colour_of_the_point_that_ends_them() {
    let s = scene(two_points());
    let img = render(300, 300, |a| draw_ring(a, &s));
    let g = Geometry::new(300, 300, 1.0, false);
    let mid = (g.r_band_in + g.r_band_out) / 2.0;
    // (0.25, 0.75] belongs to the point at 0.75; the rest wraps round to the point at 0.25.
    for f in [0.3, 0.5, 0.7] {
        let (x, y) = g.at(f, mid);
        assert_eq!(img.at(x, y), BLUE, "arc at {f}");
    }
    for f in [0.8, 0.0, 0.1, 0.2] {
        let (x, y) = g.at(f, mid);
        assert_eq!(img.at(x, y), RED, "arc at {f}");
    }
    // The centre is background, and the corners too.
    assert_eq!(img.at(150.0, 150.0), Theme::LIGHT.bg);
    assert_eq!(img.at(2.0, 2.0), Theme::LIGHT.bg);
    // The points themselves are drawn in their colours.
    let (x, y) = g.at(0.25, g.r_points);
    assert_eq!(img.at(x, y), RED);
}

#[test]
fn each_point_is_drawn_in_its_nodes_shape() {
    use crate::model::palette::Shape;
    let g = Geometry::new(300, 300, 1.0, false);
    let (x, y) = g.at(0.25, g.r_points);
    // Which pixels of a 15×15 window round the point are the node's colour.
    let mut masks = Vec::new();
    for shape in Shape::ALL {
        let mut points = two_points();
        points[0].shape = shape;
        let s = scene(points);
        let img = render(300, 300, |a| draw_ring(a, &s));
        let mask: Vec<bool> = (-7..=7)
            .flat_map(|dy| (-7..=7).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| img.at(x + f64::from(dx), y + f64::from(dy)) == RED)
            .collect();
        let painted = mask.iter().filter(|&&m| m).count();
        assert!((25..=120).contains(&painted), "{shape:?}: {painted} pixels");
        masks.push((shape, mask));
    }
    for (i, (a, ma)) in masks.iter().enumerate() {
        for (b, mb) in &masks[i + 1..] {
            let differ = ma.iter().zip(mb).filter(|(p, q)| p != q).count();
            assert!(differ >= 8, "{a:?} and {b:?} differ in {differ} pixels");
        }
    }
    // The square fills its corners, which the disc leaves.
    let corner = |mask: &[bool]| mask[(7 + 3) * 15 + 7 + 3];
    assert!(corner(&masks[1].1) && !corner(&masks[0].1));
}

#[test]
fn a_ring_that_does_not_wrap_is_open_at_zero() {
    // Varnish's picture: the arc past the last point is the last point's, and the band
    // is cut at 0, where a key does not go round.
    let mut points = two_points();
    points.push(PointMark {
        frac: 1.0 - 1e-9,
        colour: BLUE,
        shape: crate::model::palette::Shape::Circle,
        index: 0,
    });
    let open = RingScene {
        wraps: false,
        ..scene(points.clone())
    };
    let closed = scene(points);
    let g = Geometry::new(300, 300, 1.0, false);
    let mid = (g.r_band_in + g.r_band_out) / 2.0;
    let (x, y) = g.at(0.0, mid);
    let img = render(300, 300, |a| draw_ring(a, &closed));
    assert_ne!(img.at(x, y), Theme::LIGHT.bg, "a closed ring has no gap");
    let img = render(300, 300, |a| draw_ring(a, &open));
    assert_eq!(img.at(x, y), Theme::LIGHT.bg, "the gap at 0");
    // Either side of the gap the arcs keep their owners.
    let (x, y) = g.at(0.97, mid);
    assert_eq!(img.at(x, y), BLUE);
    let (x, y) = g.at(0.03, mid);
    assert_eq!(img.at(x, y), RED);
}

#[test]
fn a_single_point_owns_the_whole_ring() {
    let s = scene(vec![PointMark {
        frac: 0.6,
        colour: GREEN,
        shape: crate::model::palette::Shape::Circle,
        index: 0,
    }]);
    let img = render(200, 200, |a| draw_ring(a, &s));
    let g = Geometry::new(200, 200, 1.0, false);
    let mid = (g.r_band_in + g.r_band_out) / 2.0;
    for i in 0..16 {
        let (x, y) = g.at(f64::from(i) / 16.0, mid);
        assert_eq!(img.at(x, y), GREEN);
    }
}

#[test]
fn keys_are_dots_in_their_owners_colour_and_fade_while_moving() {
    let mut s = scene(two_points());
    s.keys = vec![
        KeyDot {
            frac: 0.1,
            jitter: 0.5,
            colour: GREEN,
            from: None,
        },
        KeyDot {
            frac: 0.6,
            jitter: 0.5,
            colour: BLUE,
            from: Some(RED),
        },
    ];
    s.progress = 0.0;
    let img = render(300, 300, |a| draw_ring(a, &s));
    let g = Geometry::new(300, 300, 1.0, false);
    let (x, y) = g.key_at(&s.keys[0]);
    assert_eq!(img.at(x, y), GREEN);
    // At the start of the change the moved key still shows its old owner.
    let (x, y) = g.key_at(&s.keys[1]);
    assert_eq!(img.at(x, y), RED);
    s.progress = 1.0;
    let img = render(300, 300, |a| draw_ring(a, &s));
    assert_eq!(img.at(x, y), BLUE);
}

#[test]
fn travellers_cross_between_the_two_points() {
    let mut s = scene(two_points());
    s.travellers = vec![Traveller {
        from_frac: 0.0,
        to_frac: 0.2,
        from: RED,
        to: GREEN,
    }];
    s.progress = 0.5;
    let img = render(400, 400, |a| draw_ring(a, &s));
    let g = Geometry::new(400, 400, 1.0, false);
    let r = g.r_walk - (g.r_walk - g.r_keys_in) * 0.5;
    let (x, y) = g.at(0.1, r);
    assert_eq!(img.at(x, y), RED.mix(GREEN, 0.5));
    // At rest there is nothing on the way.
    s.progress = 1.0;
    let img = render(400, 400, |a| draw_ring(a, &s));
    assert_eq!(img.at(x, y), Theme::LIGHT.bg);
}

#[test]
fn the_walk_is_drawn_clockwise_from_the_key() {
    let mut s = scene(two_points());
    s.walk = Some(Walk {
        key: "k".into(),
        key_frac: 0.5,
        point_frac: 0.75,
        probes: Vec::new(),
    });
    let img = render(300, 300, |a| draw_ring(a, &s));
    let g = Geometry::new(300, 300, 1.0, false);
    let (x, y) = g.at(0.62, g.r_walk);
    assert_eq!(img.at(x, y), Theme::LIGHT.fg);
    // Not counter-clockwise.
    let (x, y) = g.at(0.3, g.r_walk);
    assert_eq!(img.at(x, y), Theme::LIGHT.bg);
}

#[test]
fn the_other_probes_are_drawn_faint_up_to_their_points() {
    let mut s = scene(two_points());
    s.walk = Some(Walk {
        key: "k".into(),
        key_frac: 0.5,
        point_frac: 0.75,
        probes: vec![(0.1, 0.25)],
    });
    let img = render(300, 300, |a| draw_ring(a, &s));
    let g = Geometry::new(300, 300, 1.0, false);
    let (x, y) = g.at(0.18, g.r_walk);
    assert_eq!(img.at(x, y), Theme::LIGHT.muted);
    // The winner's walk is the strong one.
    let (x, y) = g.at(0.62, g.r_walk);
    assert_eq!(img.at(x, y), Theme::LIGHT.fg);
}

#[test]
fn many_points_are_sampled_but_still_coloured() {
    // 10,000 alternating points: too many runs to draw one by one.
    let points: Vec<PointMark> = (0..10_000)
        .map(|i| PointMark {
            frac: f64::from(i) / 10_000.0,
            colour: if i % 2 == 0 { RED } else { BLUE },
            shape: crate::model::palette::Shape::Circle,
            index: 0,
        })
        .collect();
    let s = scene(points);
    let img = render(300, 300, |a| draw_ring(a, &s));
    assert!(img.count(RED) + img.count(BLUE) > 1_000);
}

/// The stretches of arc `draw_ring_under` fills on a `size × size` drawing of `points`
/// evenly spaced, each of a colour of its own (so no two arcs merge).
fn arcs_filled(points: usize, size: u32) -> usize {
    let marks: Vec<PointMark> = (0..points)
        .map(|i| PointMark {
            frac: i as f64 / points as f64,
            colour: Rgb((i % 256) as u8, (i / 256) as u8, 0),
            shape: crate::model::palette::Shape::Circle,
            index: 0,
        })
        .collect();
    let s = scene(marks);
    let mut stretches = 0;
    let mut layer = DotLayer::default();
    render(size, size, |a| {
        draw_ring_under(a, &s, &mut layer, &mut |l| {
            stretches += l
                .batches()
                .iter()
                .filter(|b| matches!(b.mark, Mark::Arc { .. }))
                .map(|b| b.at.len())
                .sum::<usize>();
            Ok(())
        })
    });
    stretches
}

#[test]
fn arcs_narrower_than_two_pixels_are_sampled_every_two() {
    // 300 arcs round a 300-pixel drawing are each wider than two pixels: all drawn.
    assert_eq!(arcs_filled(300, 300), 300);
    // 2,000 are not: one sample per two pixels of the band's outer edge (neighbouring
    // samples of one colour make one stretch).
    let g = Geometry::new(300, 300, 1.0, false);
    let samples = (std::f64::consts::TAU * g.r_band_out / 2.0) as usize;
    let drawn = arcs_filled(2_000, 300);
    assert!(
        drawn <= samples && drawn > samples / 2,
        "{drawn} of {samples}"
    );
    // A larger drawing samples more.
    assert!(arcs_filled(2_000, 600) > drawn);
}

#[test]
fn points_too_many_for_dots_are_shown_by_their_arcs_alone() {
    let points: Vec<PointMark> = (0..2_000)
        .map(|i| PointMark {
            frac: f64::from(i) / 2_000.0,
            colour: RED,
            shape: crate::model::palette::Shape::Circle,
            index: 0,
        })
        .collect();
    let s = scene(points);
    let img = render(300, 300, |a| draw_ring(a, &s));
    let g = Geometry::new(300, 300, 1.0, false);
    let outside = (0..100)
        .filter(|&i| { let (x, y) = g.at(f64::from(i) / 100.0, g.r_points); img.at(x, y) } == RED)
        .count();
    assert_eq!(outside, 0, "nothing drawn where points' dots go");
    let band = (0..100)
        .filter(|&i| {
            let r = (g.r_band_in + g.r_band_out) / 2.0;
            let (x, y) = g.at(f64::from(i) / 100.0, r);
            img.at(x, y) == RED
        })
        .count();
    assert_eq!(band, 100, "the arcs are all red");
}

#[test]
fn runs_merge_neighbours_of_one_colour() {
    let p = |frac, colour| PointMark {
        frac,
        colour,
        shape: crate::model::palette::Shape::Circle,
        index: 0,
    };
    let runs = arc_runs(&[p(0.1, RED), p(0.2, RED), p(0.5, BLUE), p(0.9, RED)]);
    // Red runs from 0.5 over the top to 0.2; blue from 0.2 to 0.5.
    assert_eq!(runs.len(), 2);
    let blue = runs.iter().find(|r| r.2 == BLUE).unwrap();
    assert!((blue.0 - 0.2).abs() < 1e-12 && (blue.1 - 0.3).abs() < 1e-12);
    let red = runs.iter().find(|r| r.2 == RED).unwrap();
    assert!((red.0 - 0.5).abs() < 1e-12 && (red.1 - 0.7).abs() < 1e-12);
    assert_eq!(arc_runs(&[p(0.1, RED), p(0.2, RED)]), vec![(0.0, 1.0, RED)]);
    assert!(arc_runs(&[]).is_empty());
}

#[test]
fn hit_testing_finds_points_arcs_and_keys() {
    let mut s = scene(two_points());
    s.keys = vec![KeyDot {
        frac: 0.1,
        jitter: 0.5,
        colour: GREEN,
        from: None,
    }];
    let g = Geometry::new(300, 300, 1.0, false);
    let (x, y) = g.at(0.75, g.r_points);
    assert_eq!(hit_test(&s, 300, 300, x, y), Some(RingHit::Point(1)));
    let mid = (g.r_band_in + g.r_band_out) / 2.0;
    let (x, y) = g.at(0.5, mid);
    assert_eq!(hit_test(&s, 300, 300, x, y), Some(RingHit::Arc(1)));
    let (x, y) = g.at(0.9, mid);
    assert_eq!(hit_test(&s, 300, 300, x, y), Some(RingHit::Arc(0)));
    let (x, y) = g.key_at(&s.keys[0]);
    assert_eq!(hit_test(&s, 300, 300, x + 1.0, y), Some(RingHit::Key(0)));
    assert_eq!(hit_test(&s, 300, 300, 150.0, 150.0), None);
}

#[test]
fn polar_inverts_at() {
    let g = Geometry::new(300, 300, 1.0, false);
    for f in [0.0, 0.125, 0.3, 0.5, 0.9] {
        let (x, y) = g.at(f, 100.0);
        let (r, back) = g.polar(x, y);
        assert!((r - 100.0).abs() < 1e-9);
        assert!(
            (back - f).abs() < 1e-9 || (back - f).abs() > 1.0 - 1e-9,
            "{f} -> {back}"
        );
    }
}

/// The sort and dedup `distinct_paths` stands for, on floats as the ring makes them
/// (fractions and deltas, no NaN, no negative zero).
fn sorted_and_deduped(paths: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut v = paths.to_vec();
    v.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    v.dedup();
    v
}

proptest::proptest! {
    #[test]
    fn distinct_paths_sorts_and_dedups(
        // Few distinct values, so that repeats and equal `from`s are common.
        raw in proptest::collection::vec((0u8..6, 0u8..6), 0..200),
        scale in proptest::prop_oneof![proptest::strategy::Just(1.0f64), 1e-300f64..1e300],
    ) {
        let paths: Vec<(f64, f64)> = raw
            .iter()
            .map(|&(a, b)| (f64::from(a) * scale / 7.0, (f64::from(b) - 2.5) * scale / 5.0))
            .collect();
        proptest::prop_assert_eq!(distinct_paths(&paths), sorted_and_deduped(&paths));
    }
}

#[test]
fn distinct_paths_orders_as_total_cmp_across_signs_and_sizes() {
    let values = [
        -0.5,
        -0.25,
        -1e-300,
        0.0,
        1e-300,
        0.125,
        0.5,
        0.999_999,
        f64::MAX,
    ];
    let mut paths = Vec::new();
    for &a in values.iter().rev() {
        for &b in &values {
            paths.push((a, b));
            paths.push((a, b));
        }
    }
    let got = distinct_paths(&paths);
    assert_eq!(got.len(), values.len() * values.len());
    assert_eq!(got, sorted_and_deduped(&paths));
}
