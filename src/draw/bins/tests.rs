use super::*;
use crate::draw::scene_types::{BinDot, Column};
use crate::draw::testing::render;

const RED: Rgb = Rgb(220, 30, 30);
const BLUE: Rgb = Rgb(20, 40, 200);
const GREEN: Rgb = Rgb(10, 180, 60);

fn scene(header: Header) -> BinsScene {
    BinsScene {
        header,
        columns: vec![
            Column {
                label: "a".into(),
                shared: 0..0,
                shared_tail: 0,
                colour: RED,
            },
            Column {
                label: "b".into(),
                shared: 0..0,
                shared_tail: 0,
                colour: BLUE,
            },
        ],
        before_columns: 2,
        dots: Vec::new(),
        progress: 1.0,
        hover: None,
        scale: 1.0,
        theme: Theme::DARK,
        text: false,
        nodes: Vec::new(),
    }
}

#[test]
fn keys_stack_in_their_owners_bins() {
    let mut s = scene(Header::None);
    s.dots = (0..30)
        .map(|i| BinDot {
            column: i % 2,
            slot: i / 2,
            colour: if i % 2 == 0 { RED } else { BLUE },
            from: None,
        })
        .collect();
    let img = render(320, 240, |a| draw_bins(a, &s));
    let (lay, _) = layouts(&s, 320, 240);
    for d in &s.dots {
        let (x, y) = lay.dot(d.column, d.slot);
        assert_eq!(img.at(x, y), d.colour);
    }
    // The bins are side by side, the first on the left; a dot's slot 0 sits at the bottom.
    assert!(lay.dot(0, 0).0 < lay.dot(1, 0).0);
    assert!(lay.dot(0, 0).1 > lay.dot(0, 20).1);
    let (l, t, r, b) = lay.bin(1);
    assert_eq!(img.at((l + r) / 2.0, b + 1.0), BLUE);
    // Above the dots, the bin's faint box; the one under the pointer darker.
    let faint = s.theme.faint.mix(s.theme.bg, 0.5);
    assert_eq!(img.at((l + r) / 2.0, t + 2.0), faint);
    s.hover = Some(BinsHit::Column(1));
    let img = render(320, 240, |a| draw_bins(a, &s));
    assert_eq!(
        img.at((l + r) / 2.0, t + 2.0),
        s.theme.muted.mix(s.theme.bg, 0.7)
    );
    let (l0, t0, r0, _) = lay.bin(0);
    assert_eq!(img.at((l0 + r0) / 2.0, t0 + 2.0), faint);
}

#[test]
fn table_cells_take_their_owners_colour_and_fade_after_a_change() {
    let cells: Vec<Rgb> = (0..64)
        .map(|i| if i % 3 == 0 { RED } else { BLUE })
        .collect();
    let mut old = cells.clone();
    old[5] = GREEN;
    let mut s = scene(Header::Table {
        cells: cells.clone(),
        before: Some(old),
        highlight: None,
        copies: Vec::new(),
    });
    s.progress = 0.0;
    let img = render(400, 300, |a| draw_bins(a, &s));
    let (lay, _) = layouts(&s, 400, 300);
    let (cols, _, cw, ch) = lay.grid(cells.len());
    let centre = |i: usize| {
        (
            lay.header.0 + (i % cols) as f64 * cw + cw / 3.0,
            lay.header.1 + (i / cols) as f64 * ch + ch / 3.0,
        )
    };
    for i in [0, 1, 3, 63] {
        let (x, y) = centre(i);
        assert_eq!(img.at(x, y), cells[i], "cell {i}");
    }
    let (x, y) = centre(5);
    assert_eq!(img.at(x, y), GREEN);
    assert_eq!(hit_test(&s, 400, 300, x, y), Some(BinsHit::Cell(5)));
    s.progress = 1.0;
    let img = render(400, 300, |a| draw_bins(a, &s));
    assert_eq!(img.at(x, y), cells[5]);
}

#[test]
fn moved_keys_leave_from_their_old_bin() {
    let mut s = scene(Header::None);
    s.before_columns = 3;
    s.dots = vec![BinDot {
        column: 1,
        slot: 0,
        colour: BLUE,
        from: Some((2, 0, GREEN)),
    }];
    s.progress = 0.0;
    let img = render(300, 200, |a| draw_bins(a, &s));
    let (lay, before) = layouts(&s, 300, 200);
    let (x, y) = before.dot(2, 0);
    assert_eq!(img.at(x, y), GREEN);
    s.progress = 1.0;
    let img = render(300, 200, |a| draw_bins(a, &s));
    let (x, y) = lay.dot(1, 0);
    assert_eq!(img.at(x, y), BLUE);
    assert_eq!(hit_test(&s, 300, 200, x, y), Some(BinsHit::Dot(0)));
}

#[test]
fn scores_are_bars_up_to_the_highest() {
    let s = scene(Header::Scores {
        scores: vec![0.5, 1.0],
        winner: 1,
        whole: false,
    });
    let img = render(300, 300, |a| draw_bins(a, &s));
    let (lay, _) = layouts(&s, 300, 300);
    let (_, top, _, bottom) = lay.header;
    let (l0, _, r0, _) = lay.bin(0);
    let (l1, _, r1, _) = lay.bin(1);
    let low = bottom - 4.0;
    assert_eq!(img.at((l0 + r0) / 2.0, low), RED);
    assert_eq!(img.at((l1 + r1) / 2.0, low), BLUE);
    // Near the top only the winner's bar reaches.
    let high = top + 24.0;
    assert_eq!(img.at((l1 + r1) / 2.0, high), BLUE);
    assert_ne!(img.at((l0 + r0) / 2.0, high), RED);
    assert_eq!(
        hit_test(&s, 300, 300, (l0 + r0) / 2.0, low),
        Some(BinsHit::Column(0))
    );
}

#[test]
fn the_fullest_bin_fits() {
    let mut s = scene(Header::None);
    s.dots = (0..2000)
        .map(|i| BinDot {
            column: 0,
            slot: i,
            colour: RED,
            from: None,
        })
        .collect();
    let (lay, _) = layouts(&s, 360, 300);
    let top_dot = lay.dot(0, 1999);
    assert!(top_dot.1 >= lay.top, "{top_dot:?} above {}", lay.top);
    let (_, _, r, _) = lay.bin(0);
    assert!(lay.dot(0, lay.per_row - 1).0 <= r);
}

#[test]
fn buckets_show_their_cells_and_a_lookups_candidates() {
    use ring_core::trace::Draw;
    let s = scene(Header::Buckets {
        cells: vec![
            BucketCell::Working(RED),
            BucketCell::Removed,
            BucketCell::Working(BLUE),
            BucketCell::Beyond,
        ],
        draws: vec![
            Draw {
                bucket: 3,
                low: 2,
                high: 3,
            },
            Draw {
                bucket: 2,
                low: 0,
                high: 3,
            },
        ],
        more: 0,
        answer: 2,
        key: "k".into(),
    });
    let (w, h) = (400, 300);
    let img = render(w, h, |a| draw_bins(a, &s));
    let (lay, _) = layouts(&s, w, h);
    let (l, top, r, bottom) = lay.header;
    let cw = (r - l) / 4.0;
    let mid = |b: f64| l + (b + 0.5) * cw;
    let cell_y = bottom - 6.0;
    assert_eq!(img.at(mid(0.0), cell_y), RED);
    assert_eq!(img.at(mid(1.0), cell_y), Theme::DARK.faint);
    assert_eq!(img.at(mid(2.0), cell_y), BLUE);
    // Past the last bucket only an outline: the middle is the background.
    assert_eq!(img.at(mid(3.0), cell_y), Theme::DARK.bg);
    // The first candidate's range covers cells 2 and 3 only, on its row.
    let rows_top = top;
    let row = |i: f64| {
        let cell_top = bottom - 22.0f64.min((bottom - top) * 0.3);
        let row_h = ((cell_top - rows_top - 4.0) / 2.0).clamp(4.0, 16.0);
        rows_top + (i + 0.5) * row_h
    };
    assert_eq!(img.at(l + 2.3 * cw, row(0.0)), Theme::DARK.muted);
    assert_eq!(img.at(l + 0.5 * cw, row(0.0)), Theme::DARK.bg);
    // The second, the answer's, spans all four in the strong colour.
    assert_eq!(img.at(l + 0.5 * cw, row(1.0)), Theme::DARK.fg);
}

/// The key's other copies (Riak's next partitions) are outlined in the theme's text colour,
/// and only they.
#[test]
fn the_copies_cells_are_outlined() {
    let cells: Vec<Rgb> = vec![BLUE; 64];
    let outline_pixels = |copies: Vec<usize>| {
        let s = scene(Header::Table {
            cells: cells.clone(),
            before: None,
            highlight: None,
            copies,
        });
        render(400, 300, |a| draw_bins(a, &s)).count(Theme::DARK.fg)
    };
    let none = outline_pixels(Vec::new());
    let two = outline_pixels(vec![5, 6]);
    let one = outline_pixels(vec![5]);
    assert!(one > none + 20, "{none} → {one}");
    assert!(two > one + 20, "{one} → {two}");
}

#[test]
fn bins_too_narrow_to_tell_apart_share_one_box() {
    // 400 bins on 320 pixels: boxes each under a pixel, rounded to whole ones, left
    // stripes of background between them; one box spans them all.
    let mut s = scene(Header::None);
    s.columns = (0..400)
        .map(|i| Column {
            label: format!("node-{i}"),
            shared: 0..0,
            shared_tail: 0,
            colour: if i % 2 == 0 { RED } else { BLUE },
        })
        .collect();
    s.before_columns = 400;
    let img = render(320, 240, |a| draw_bins(a, &s));
    let (lay, _) = layouts(&s, 320, 240);
    assert!(!lay.bins_apart(s.scale));
    let faint = s.theme.faint.mix(s.theme.bg, 0.5);
    let (first, top, _, _) = lay.bin(0);
    let (_, _, last, _) = lay.bin(399);
    let y = top + 5.0;
    let mut x = first.ceil() + 1.0;
    while x < last.floor() - 1.0 {
        assert_eq!(img.at(x, y), faint, "at x = {x}");
        x += 1.0;
    }
    // Each bin still has its bar in its node's colour.
    let bars: std::collections::HashSet<Rgb> = (0..400)
        .map(|i| {
            let (l, _, _, b) = lay.bin(i);
            img.at(l + 0.2, b + 1.0)
        })
        .collect();
    assert!(bars.contains(&RED) && bars.contains(&BLUE));
}
