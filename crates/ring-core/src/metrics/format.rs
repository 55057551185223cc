//! Number formatting shared by the app and `ringlab`: digits, separators and signs only,
//! no words, so every language can use it. A file of its own: the moves' summary line, the
//! app and `ringlab` all write their numbers with it.

/// Most decimals [`decimal`] and [`percent`] write; more are cut to this.
pub const MAX_DECIMALS: u32 = 17;

/// `n` with a comma between groups of three digits: `1234567` → `"1,234,567"`.
///
/// ```
/// use ring_core::metrics::format::group_thousands;
///
/// assert_eq!(group_thousands(10_000), "10,000");
/// assert_eq!(group_thousands(999), "999");
/// ```
pub fn group_thousands(n: u64) -> String {
    group_digits(&n.to_string())
}

/// `value` rounded to `decimals` places (at most [`MAX_DECIMALS`]), its whole part
/// grouped by thousands: `1234.56, 1` → `"1,234.6"`. Infinities are `"∞"` and `"-∞"`,
/// NaN is `"NaN"`; a value that rounds to zero has no minus sign.
///
/// ```
/// use ring_core::metrics::format::decimal;
///
/// assert_eq!(decimal(13000.04, 1), "13,000.0");
/// assert_eq!(decimal(-0.04, 1), "0.0");
/// assert_eq!(decimal(f64::INFINITY, 2), "∞");
/// ```
pub fn decimal(value: f64, decimals: u32) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "∞" } else { "-∞" }.to_string();
    }
    let places = decimals.min(MAX_DECIMALS) as usize;
    let digits = format!("{:.*}", places, value.abs());
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits.as_str(), None),
    };
    let is_zero = digits.bytes().all(|b| b == b'0' || b == b'.');
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if value < 0.0 && !is_zero {
        out.push('-');
    }
    out.push_str(&group_digits(whole));
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

/// A duration in nanoseconds, with a unit that keeps it short: `23.4 ns`, `1.5 µs`,
/// `12.0 ms`, `1.25 s`.
pub fn duration(ns: f64) -> String {
    if ns < 1e3 {
        format!("{} ns", decimal(ns, 1))
    } else if ns < 1e6 {
        format!("{} µs", decimal(ns / 1e3, 1))
    } else if ns < 1e9 {
        format!("{} ms", decimal(ns / 1e6, 1))
    } else {
        format!("{} s", decimal(ns / 1e9, 2))
    }
}

/// A fraction written as a percentage with `decimals` places: `0.1204, 1` → `"12.0%"`.
/// The input is a fraction (1 = 100%), not a percentage.
///
/// ```
/// use ring_core::metrics::format::percent;
///
/// assert_eq!(percent(1.0 / 11.0, 1), "9.1%");
/// assert_eq!(percent(0.5, 0), "50%");
/// ```
pub fn percent(fraction: f64, decimals: u32) -> String {
    let mut s = decimal(fraction * 100.0, decimals);
    s.push('%');
    s
}

fn group_digits(digits: &str) -> String {
    let len = digits.len();
    let mut out = String::with_capacity(len + len / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (len - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn grouping_round_trips(n in any::<u64>()) {
            let s = group_thousands(n);
            prop_assert_eq!(s.replace(',', "").parse::<u64>().unwrap(), n);
            for (i, group) in s.split(',').enumerate() {
                let ok = if i == 0 { (1..=3).contains(&group.len()) } else { group.len() == 3 };
                prop_assert!(ok, "group {} of {}", i, s);
            }
        }

        #[test]
        fn decimal_round_trips(v in -1e12f64..1e12, places in 0u32..6) {
            let s = decimal(v, places);
            let back: f64 = s.replace(',', "").parse().unwrap();
            prop_assert!((back - v).abs() <= 0.5 * 10f64.powi(-(places as i32)) + 1e-3);
        }
    }

    #[test]
    fn number_formats() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(1000), "1,000");
        assert_eq!(group_thousands(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(decimal(1234567.891, 2), "1,234,567.89");
        assert_eq!(decimal(-1234.5, 0), "-1,234"); // round half to even, as `format!` does
        assert_eq!(decimal(-0.0, 3), "0.000");
        assert_eq!(decimal(f64::NEG_INFINITY, 1), "-∞");
        assert_eq!(decimal(f64::NAN, 1), "NaN");
        assert_eq!(decimal(0.5, 100).len(), 2 + MAX_DECIMALS as usize);
        assert_eq!(percent(0.1204, 1), "12.0%");
        assert_eq!(percent(123.456, 1), "12,345.6%");
        assert_eq!(percent(1.0, 0), "100%");
    }
}
