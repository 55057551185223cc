//! The drawings' common ground: the page's colours (`Theme`), the font, the result every
//! painter returns, a model colour as plotters takes it, easing, and short labels. It
//! knows no scene and no painter, so every painter and scene builder can stand on it.

use std::f64::consts::TAU;

use plotters::prelude::*;

use crate::model::palette::Shape;
use crate::model::Rgb;

/// The font of every text drawn on a canvas. DejaVu Sans (Debian's default sans-serif) has
/// every Latin letter, digit, superscript and symbol the drawings use, so one face draws
/// them all and a picture is the same pixel for pixel whenever it is drawn; Noto's
/// simplified-Chinese face then draws the Chinese (and node names in scripts it covers)
/// as glyphs rather than empty boxes; the system's sans-serif comes last, for machines with
/// neither. `scripts/setup` installs Debian's `fonts-dejavu-core` and `fonts-noto-cjk`.
///
/// A [`FontFamily`] built directly, not a `&str`: plotters turns a `&str` into a family
/// through `str::to_lowercase`, which links Unicode's lowercase tables into the wasm (8.6 KB
/// of the gzipped release build, measured; BENCHMARKS.md, "Release wasm size"). The family
/// is the same `Name` either way.
pub(crate) const FONT: FontFamily<'static> =
    FontFamily::Name("'DejaVu Sans', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif");

/// What a draw function returns: plotters' errors, as text (they are only ever logged).
pub(crate) type DrawResult = Result<(), String>;

/// The colours of the page around the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// Background.
    pub bg: Rgb,
    /// Text and strong lines.
    pub(crate) fg: Rgb,
    /// Secondary text, scale marks.
    pub(crate) muted: Rgb,
    /// Hairlines, bands, empty cells.
    pub(crate) faint: Rgb,
}

impl Theme {
    /// The light theme (the same colours as the CSS).
    pub const LIGHT: Theme = Theme {
        bg: Rgb(0xff, 0xff, 0xff),
        fg: Rgb(0x1d, 0x21, 0x27),
        muted: Rgb(0x60, 0x67, 0x72),
        faint: Rgb(0xe3, 0xe6, 0xea),
    };

    /// The dark theme.
    pub const DARK: Theme = Theme {
        bg: Rgb(0x1b, 0x1e, 0x24),
        fg: Rgb(0xe8, 0xea, 0xed),
        muted: Rgb(0x9a, 0xa1, 0xab),
        faint: Rgb(0x33, 0x38, 0x40),
    };
}

/// A model colour as plotters wants it.
/// A node's mark of `shape`, `r` pixels from its centre to its edge, filled with `fill`
/// over a ring of `halo` pixels in `under` (so that neighbouring marks stay apart).
pub(crate) fn draw_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    (x, y): (i32, i32),
    r: i32,
    shape: Shape,
    fill: Rgb,
    (halo, under): (i32, Rgb),
) -> DrawResult {
    for (radius, colour) in [(r + halo, under), (r, fill)] {
        let style = rgb(colour).filled();
        match shape {
            Shape::Circle => area.draw(&Circle::new((x, y), radius, style)),
            // A square and a diamond of the area of the disc, a triangle a little larger.
            Shape::Square => {
                let h = (f64::from(radius) * 0.89).round() as i32;
                area.draw(&Rectangle::new([(x - h, y - h), (x + h, y + h)], style))
            }
            Shape::Diamond => {
                let h = (f64::from(radius) * 1.25).round() as i32;
                area.draw(&Polygon::new(
                    vec![(x, y - h), (x + h, y), (x, y + h), (x - h, y)],
                    style,
                ))
            }
            Shape::Triangle => {
                let h = (f64::from(radius) * 1.35).round() as i32;
                let w = (f64::from(h) * 1.1).round() as i32;
                area.draw(&Polygon::new(
                    vec![(x, y - h), (x + w, y + h * 3 / 4), (x - w, y + h * 3 / 4)],
                    style,
                ))
            }
        }
        .map_err(err)?;
    }
    Ok(())
}

pub(crate) fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Ease in and out (cubic): slow start, slow stop.
pub(crate) fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// The `t` that [`ease`] takes to `p`: given this, a picture that eases moves at an even
/// pace (for reduced motion). The inverse of each half of the cubic.
pub(crate) fn uneased(p: f64) -> f64 {
    let p = p.clamp(0.0, 1.0);
    if p < 0.5 {
        (p / 4.0).cbrt()
    } else {
        1.0 - (2.0 * (1.0 - p)).cbrt() / 2.0
    }
}

pub(crate) use crate::model::display::power_of_two;

/// A name cut to `max` characters with an ellipsis, for labels in tight places, and
/// isolated so that bidirectional controls in it cannot reorder the rest of the label
/// ([`crate::model::display::label`]).
pub(crate) fn shorten(name: &str, max: usize) -> String {
    crate::model::display::label(name, max)
}

pub(crate) fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// The pixel at fraction `frac` of the way round a circle of radius `r` about `centre`,
/// from the top, clockwise.
pub(crate) fn on_circle(centre: (f64, f64), frac: f64, r: f64) -> (f64, f64) {
    let (sin, cos) = (frac * TAU).sin_cos();
    (centre.0 + r * sin, centre.1 - r * cos)
}

pub(crate) fn px(p: (f64, f64)) -> (i32, i32) {
    (p.0.round() as i32, p.1.round() as i32)
}

/// The corners of a filled band round `centre` between radii `r_in` and `r_out` from
/// `start` going clockwise `len` (fractions of the circle from the top).
pub(crate) fn band(
    centre: (f64, f64),
    start: f64,
    len: f64,
    r_in: f64,
    r_out: f64,
) -> Vec<(i32, i32)> {
    let steps = ((len * 720.0).ceil() as usize).clamp(2, 1_440);
    let mut v = Vec::with_capacity(2 * steps + 2);
    for i in 0..=steps {
        v.push(px(on_circle(
            centre,
            start + len * i as f64 / steps as f64,
            r_out,
        )));
    }
    for i in (0..=steps).rev() {
        v.push(px(on_circle(
            centre,
            start + len * i as f64 / steps as f64,
            r_in,
        )));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_starts_and_ends_still() {
        assert_eq!(ease(0.0), 0.0);
        assert_eq!(ease(1.0), 1.0);
        assert!((ease(0.5) - 0.5).abs() < 1e-12);
        for i in 0..=100 {
            let p = f64::from(i) / 100.0;
            assert!((ease(uneased(p)) - p).abs() < 1e-9, "{p}");
        }
        assert!(ease(0.1) < 0.1 && ease(0.9) > 0.9);
        assert_eq!(ease(-1.0), 0.0);
        assert_eq!(ease(2.0), 1.0);
    }

    #[test]
    fn labels() {
        assert_eq!(power_of_two(32), "2³²");
        assert_eq!(power_of_two(15), "2¹⁵");
        assert_eq!(shorten("cache-a", 10), "cache-a");
        assert_eq!(shorten("abcdefghijkl", 5), "ab…kl");
    }
}
