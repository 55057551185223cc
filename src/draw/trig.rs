//! Sine and cosine for the drawings' angles, without the C library's.
//!
//! `f64::sin` and `f64::cos` link libm's versions into the wasm, with an argument reduction
//! for any finite angle (up to 10^308) that is 6,700 bytes of the first load. A drawing's
//! angles are fractions of a turn times 2π, a few radians at most, so a two-part reduction
//! by π/2 and Taylor series on [-π/4, π/4] do: within 2·10⁻¹⁶ of libm there (a test
//! checks), a hundred-millionth of a pixel on any canvas.

use std::f64::consts::FRAC_2_PI;

/// π/2 in two parts: the first with its low 33 bits zero, so that `q × PIO2_HI` is exact
/// for any quadrant count `q` below 2^20.
const PIO2_HI: f64 = 1.570_796_326_734_125_6;
const PIO2_LO: f64 = 6.077_100_506_506_192e-11;

/// `(sin a, cos a)`. Exact to about one unit in the last place for |a| < 10^5; NaN for
/// infinities and NaN, as `f64::sin` gives.
pub(crate) fn sin_cos(a: f64) -> (f64, f64) {
    let q = (a * FRAC_2_PI).round();
    let r = (a - q * PIO2_HI) - q * PIO2_LO;
    let (s, c) = (sin_near_zero(r), cos_near_zero(r));
    // The quadrant, 0 to 3 (any whole `q`, negative too; NaN gives 0).
    match (q as i64).rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// `sin a`.
pub(crate) fn sin(a: f64) -> f64 {
    sin_cos(a).0
}

/// `1 / (n (n - 1))` for n = 3, 5, …, 17: the ratios of the sine series' terms.
const SIN_RATIOS: [f64; 8] = [
    1.0 / 6.0,
    1.0 / 20.0,
    1.0 / 42.0,
    1.0 / 72.0,
    1.0 / 110.0,
    1.0 / 156.0,
    1.0 / 210.0,
    1.0 / 272.0,
];
/// The same for n = 2, 4, …, 18: the cosine series'.
const COS_RATIOS: [f64; 9] = [
    1.0 / 2.0,
    1.0 / 12.0,
    1.0 / 30.0,
    1.0 / 56.0,
    1.0 / 90.0,
    1.0 / 132.0,
    1.0 / 182.0,
    1.0 / 240.0,
    1.0 / 306.0,
];

/// `1 - x·k₀(1 - x·k₁(1 - …))`: a series whose terms alternate in sign, each the last
/// times `x` and the next ratio, summed by Horner's rule from the smallest.
fn alternating(x: f64, ratios: &[f64]) -> f64 {
    ratios.iter().rev().fold(1.0, |sum, k| 1.0 - x * k * sum)
}

/// sin r for |r| ≤ π/4: the Taylor series to r^17 (the next term is below 10⁻¹⁹).
fn sin_near_zero(r: f64) -> f64 {
    r * alternating(r * r, &SIN_RATIOS)
}

/// cos r for |r| ≤ π/4: the Taylor series to r^18.
fn cos_near_zero(r: f64) -> f64 {
    alternating(r * r, &COS_RATIOS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sine_and_cosine_agree_with_libm_over_the_angles_drawn_and_beyond() {
        let mut worst: f64 = 0.0;
        for i in -200_000..=200_000 {
            // Every angle from -20π to 20π in steps not aligned with any quadrant.
            let a = f64::from(i) * (std::f64::consts::PI / 10_000.0) + 1e-7;
            let (s, c) = sin_cos(a);
            worst = worst.max((s - a.sin()).abs()).max((c - a.cos()).abs());
        }
        assert!(worst < 2e-16 * 8.0, "{worst:e}");
        assert_eq!(sin_cos(0.0), (0.0, 1.0));
        let (s, c) = sin_cos(std::f64::consts::FRAC_PI_2);
        assert!((s - 1.0).abs() < 1e-16 && c.abs() < 1e-16);
        assert!(sin(f64::NAN).is_nan() && sin(f64::INFINITY).is_nan());
        assert_eq!(sin(-1e-9), (-1e-9f64).sin());
    }
}
