//! Node marks: a colour and a shape. The colours are the Okabe–Ito palette (without its
//! black, which vanishes on the dark theme), then Paul Tol's "muted" scheme, both designed
//! to stay distinguishable under the common colour-vision deficiencies. Each of the
//! [`MARKS`] slots pairs a colour with a shape (circle, square, triangle, diamond), so that
//! two nodes of similar colour differ in shape too, and no two of the first 64 nodes share
//! both.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`, for CSS.
    #[cfg(test)]
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Linear interpolation towards `other` (`t` in 0..=1), for colour cross-fades.
    pub(crate) fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let f = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(f(self.0, other.0), f(self.1, other.1), f(self.2, other.2))
    }
}

/// The palette, in the order new nodes take colours.
pub(crate) const PALETTE: [Rgb; 16] = [
    // Okabe–Ito, ordered so that the first few nodes differ most (blue and sky blue, orange
    // and vermillion are kept apart).
    Rgb(0x00, 0x72, 0xB2), // blue
    Rgb(0xE6, 0x9F, 0x00), // orange
    Rgb(0x00, 0x9E, 0x73), // bluish green
    Rgb(0xCC, 0x79, 0xA7), // reddish purple
    Rgb(0xD5, 0x5E, 0x00), // vermillion
    Rgb(0x56, 0xB4, 0xE9), // sky blue
    Rgb(0xF0, 0xE4, 0x42), // yellow
    // Paul Tol's muted scheme.
    Rgb(0x33, 0x22, 0x88), // indigo
    Rgb(0x44, 0xAA, 0x99), // teal
    Rgb(0x88, 0x22, 0x55), // wine
    Rgb(0x99, 0x99, 0x33), // olive
    Rgb(0xDD, 0xCC, 0x77), // sand
    Rgb(0x88, 0xCC, 0xEE), // cyan
    Rgb(0x11, 0x77, 0x33), // green
    Rgb(0xCC, 0x66, 0x77), // rose
    Rgb(0xAA, 0x44, 0x99), // purple
];

/// How many marks (colour and shape together) there are: four shapes for each colour.
pub(crate) const MARKS: usize = 4 * PALETTE.len();

/// The shape of a node's mark: its ring points, its legend swatch, its bars' marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    /// A disc.
    Circle,
    /// A square.
    Square,
    /// A triangle, point up.
    Triangle,
    /// A square on its corner.
    Diamond,
}

impl Shape {
    /// Every shape, in the order slots take them.
    pub(crate) const ALL: [Shape; 4] = [
        Shape::Circle,
        Shape::Square,
        Shape::Triangle,
        Shape::Diamond,
    ];

    /// Its CSS class (`shape-square`), which static/style.css draws a swatch in.
    pub(crate) fn css_class(self) -> &'static str {
        match self {
            Shape::Circle => "shape-circle",
            Shape::Square => "shape-square",
            Shape::Triangle => "shape-triangle",
            Shape::Diamond => "shape-diamond",
        }
    }
}

/// The shape of mark `slot`: the shapes in turn, shifted by one each time the colours come
/// round again, so that a colour's 4 slots (`s`, `s + 16`, …) take 4 different shapes.
pub(crate) fn shape(slot: u8) -> Shape {
    let slot = usize::from(slot) % MARKS;
    Shape::ALL[(slot + slot / PALETTE.len()) % Shape::ALL.len()]
}

/// The first mark slot no node in `taken` uses; when all are taken, the slot used least
/// (the lowest such), so that marks stay as distinct as they can.
pub(crate) fn free_slot(taken: &[u8]) -> u8 {
    let mut uses = [0u32; MARKS];
    for &t in taken {
        if let Some(u) = uses.get_mut(usize::from(t) % MARKS) {
            *u += 1;
        }
    }
    let mut best = 0u8;
    for (slot, &u) in uses.iter().enumerate() {
        if u < uses[usize::from(best)] {
            best = slot as u8;
        }
    }
    best
}

/// The colour of a palette slot.
pub fn colour(slot: u8) -> Rgb {
    PALETTE[usize::from(slot) % PALETTE.len()]
}

/// The CSS class that paints a swatch in `colour` (`slot-3`), if it is a palette colour.
/// Classes rather than inline styles keep the page working under a strict
/// Content-Security-Policy; static/style.css defines one per slot.
pub(crate) fn css_class(colour: Rgb) -> String {
    match PALETTE.iter().position(|&c| c == colour) {
        Some(slot) => format!("slot-{slot}"),
        None => "slot-none".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_has_no_repeats() {
        for (i, a) in PALETTE.iter().enumerate() {
            for b in &PALETTE[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn free_slot_fills_gaps_first() {
        assert_eq!(free_slot(&[]), 0);
        assert_eq!(free_slot(&[0, 1, 3]), 2);
        let colours: Vec<u8> = (0..16).collect();
        assert_eq!(free_slot(&colours), 16);
        let all: Vec<u8> = (0..MARKS as u8).collect();
        assert_eq!(free_slot(&all), 0);
        let mut twice = all.clone();
        twice.push(0);
        assert_eq!(free_slot(&twice), 1);
    }

    #[test]
    fn the_first_64_marks_differ_in_colour_or_shape_and_neighbours_in_shape() {
        let marks: std::collections::HashSet<(Rgb, Shape)> =
            (0..MARKS as u8).map(|s| (colour(s), shape(s))).collect();
        assert_eq!(marks.len(), 64);
        // Within the first 16, every shape is used 4 times, and neighbours differ.
        for s in 0..15u8 {
            assert_ne!(shape(s), shape(s + 1));
        }
        // A colour's four slots take the four shapes.
        for c in 0..16u8 {
            let shapes: std::collections::HashSet<Shape> =
                (0..4).map(|k| shape(c + 16 * k)).collect();
            assert_eq!(shapes.len(), 4, "colour {c}");
        }
        let css = include_str!("../../static/style.css");
        for s in Shape::ALL {
            assert!(css.contains(&format!(".{}", s.css_class())), "{s:?}");
        }
    }

    #[test]
    fn the_stylesheet_paints_every_slot_in_its_colour() {
        let css = include_str!("../../static/style.css").to_lowercase();
        for (slot, c) in PALETTE.iter().enumerate() {
            let rule = format!(".slot-{slot} {{ background: {}; }}", c.hex());
            assert!(css.contains(&rule), "static/style.css lacks {rule}");
            assert_eq!(css_class(*c), format!("slot-{slot}"));
        }
        assert_eq!(css_class(Rgb(1, 2, 3)), "slot-none");
    }

    #[test]
    fn mix_ends_and_middle() {
        let a = Rgb(0, 0, 0);
        let b = Rgb(200, 100, 50);
        assert_eq!(a.mix(b, 0.0), a);
        assert_eq!(a.mix(b, 1.0), b);
        assert_eq!(a.mix(b, 0.5), Rgb(100, 50, 25));
        assert_eq!(b.hex(), "#c86432");
    }
}
