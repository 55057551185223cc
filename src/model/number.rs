//! Reading the numbers a user types into the lab's fields or a link carries, for the
//! state and the link codec alike: one reader of whole numbers ([`whole`]), one range
//! check ([`in_range`]) and one reader of real numbers ([`real`]), and each field's refusal built
//! on them (the link codec words its own, in `url`). Each refusal names what is wrong and
//! what is allowed.

use ring_core::registry::{ParamKind, ParamRef};

use super::limits::{MAX_DRAWN_LIMIT, MAX_KEYS, MIN_KEYS};
use super::message::{Choice, Msg, Noun, Quantity};

/// A whole number as text spells it, before any range is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Whole {
    /// No text at all.
    Empty,
    /// Decimal digits, and the number they spell.
    Value(u64),
    /// Decimal digits spelling a number beyond `u64`.
    Huge,
    /// Anything else.
    Invalid,
}

/// How a whole number may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sign {
    /// With an optional `+` before the digits, as Rust's `u64` syntax allows (the fields'
    /// syntax).
    Allowed,
    /// Decimal digits and nothing else (a link's syntax, and the drawn-keys field's).
    DigitsOnly,
}

/// What `text`, exactly as given (nothing trimmed), spells as a whole number.
pub(super) fn whole(text: &str, sign: Sign) -> Whole {
    if text.is_empty() {
        return Whole::Empty;
    }
    let digits = match sign {
        Sign::Allowed => text.strip_prefix('+').unwrap_or(text),
        Sign::DigitsOnly => text,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Whole::Invalid;
    }
    digits.parse::<u64>().map_or(Whole::Huge, Whole::Value)
}

/// `n` as a `u32` if it is in `min..=max`.
pub(super) fn in_range(n: u64, min: u32, max: u32) -> Option<u32> {
    (u64::from(min)..=u64::from(max))
        .contains(&n)
        .then_some(n as u32)
}

/// A count as typed, with digit separators (`10,000`, `10_000`, `10 000`) left out.
fn ungrouped(text: &str) -> String {
    text.trim().replace([',', '_', ' '], "")
}

/// A node's weight: a whole number (the core checks its range and words the refusal).
pub(super) fn parse_weight(text: &str) -> Result<u32, Msg> {
    let t = text.trim();
    match whole(t, Sign::Allowed) {
        Whole::Empty => Err(Msg::WeightEmpty),
        // In range of u32: the core checks it and words the refusal.
        Whole::Value(w) => u32::try_from(w).map_err(|_| Msg::WeightTooLarge { weight: w }),
        Whole::Huge | Whole::Invalid => Err(Msg::WeightNotWhole {
            text: t.to_string(),
        }),
    }
}

/// A virtual-node count; empty means "the default" where `allow_default`.
pub(super) fn parse_vnodes(text: &str, allow_default: bool) -> Result<Option<u32>, Msg> {
    let t = text.trim();
    match whole(t, Sign::Allowed) {
        Whole::Empty if allow_default => Ok(None),
        Whole::Empty => Err(Msg::VnodesEmpty),
        Whole::Value(v) => u32::try_from(v)
            .map(Some)
            .map_err(|_| Msg::VnodesTooMany { vnodes: v }),
        Whole::Huge | Whole::Invalid => Err(Msg::VnodesNotWhole {
            text: t.to_string(),
        }),
    }
}

/// A whole number `what` in `min..=max`, as typed into a field.
pub(super) fn parse_count_param(text: &str, what: Noun, min: u32, max: u32) -> Result<u32, Msg> {
    let t = text.trim();
    match whole(t, Sign::Allowed) {
        // The core checks the finer rules (Maglev's prime) and words them.
        Whole::Value(value) => in_range(value, min, max).ok_or(Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        }),
        Whole::Empty => Err(Msg::ParamEmpty { what, min, max }),
        Whole::Huge | Whole::Invalid => Err(Msg::ParamNotWhole {
            what,
            text: t.to_string(),
            min,
            max,
        }),
    }
}

/// A real number in the range `(above, max]`, as `text` (exactly as given) spells it:
/// `Err(true)` for a number out of range, `Err(false)` for no number.
pub(super) fn real(text: &str, above: f64, max: f64) -> Result<f64, bool> {
    match text.parse::<f64>().ok() {
        Some(x) if x > above && x <= max => Ok(x),
        Some(_) => Err(true),
        None => Err(false),
    }
}

/// An algorithm's parameter as typed into its field, or picked from its menu (an option's
/// name): its value as [`ring_core::registry::Params`] keeps it.
pub(super) fn parse_param(param: ParamRef, text: &str) -> Result<f64, Msg> {
    let t = text.trim();
    match param.spec().kind {
        ParamKind::Whole { min, max, .. } => {
            parse_count_param(t, Noun::Param(param), min, max).map(f64::from)
        }
        ParamKind::Real { above, max, .. } => real(t, above, max).map_err(|out_of_range| {
            let text = t.to_string();
            if out_of_range {
                Msg::RealOutOfRange { what: param, text }
            } else {
                Msg::RealNotNumber { what: param, text }
            }
        }),
        ParamKind::Choice { options, .. } => {
            param
                .spec()
                .option(t)
                .map(|i| i as f64)
                .ok_or_else(|| Msg::NotOneOf {
                    what: Choice::Param(param),
                    text: format!("{t:?}"),
                    all: options.join(", "),
                })
        }
    }
}

/// A key count typed by the user (separators such as `10,000` allowed).
pub(super) fn parse_count(text: &str) -> Result<u32, Msg> {
    match whole(&ungrouped(text), Sign::Allowed) {
        Whole::Empty => Err(Msg::KeyCountEmpty),
        Whole::Value(count) => {
            in_range(count, MIN_KEYS, MAX_KEYS).ok_or(Msg::KeyCountOutOfRange { count })
        }
        Whole::Huge | Whole::Invalid => Err(Msg::KeyCountNotNumber {
            text: text.trim().to_string(),
        }),
    }
}

/// A quiz's seed, as typed or in a link: a whole number from 1 to 2^64 − 1 (0 is the
/// default seed's mark in the settings).
pub(crate) fn parse_quiz_seed(text: &str) -> Result<u64, Msg> {
    parse_seed(text).and_then(|seed| {
        if seed == 0 {
            Err(Msg::quiz_seed_zero())
        } else {
            Ok(seed)
        }
    })
}

/// A seed typed by the user: any whole number from 0 to 2^64 − 1.
pub(super) fn parse_seed(text: &str) -> Result<u64, Msg> {
    let t = text.trim();
    match whole(t, Sign::Allowed) {
        Whole::Value(seed) => Ok(seed),
        Whole::Empty | Whole::Huge | Whole::Invalid => Err(Msg::SeedNotWhole {
            text: t.to_string(),
        }),
    }
}

/// How many keys to draw, as typed: a whole number from 0 to [`MAX_DRAWN_LIMIT`]
/// (separators such as `10,000` allowed, as in the key count).
pub(super) fn parse_drawn(text: &str) -> Result<u32, Msg> {
    let (what, min, max) = (Noun::Quantity(Quantity::DrawnKeys), 0, MAX_DRAWN_LIMIT);
    match whole(&ungrouped(text), Sign::DigitsOnly) {
        Whole::Empty => Err(Msg::ParamEmpty { what, min, max }),
        Whole::Invalid => Err(Msg::ParamNotWhole {
            what,
            text: text.trim().to_string(),
            min,
            max,
        }),
        Whole::Value(value) => in_range(value, min, max).ok_or(Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        }),
        Whole::Huge => Err(Msg::ParamOutOfRange {
            what,
            value: u64::MAX,
            min,
            max,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_read_as_rusts_u64_syntax_or_as_plain_digits() {
        for (text, allowed, digits_only) in [
            ("", Whole::Empty, Whole::Empty),
            ("0", Whole::Value(0), Whole::Value(0)),
            ("007", Whole::Value(7), Whole::Value(7)),
            ("+7", Whole::Value(7), Whole::Invalid),
            ("+", Whole::Invalid, Whole::Invalid),
            ("++7", Whole::Invalid, Whole::Invalid),
            ("-7", Whole::Invalid, Whole::Invalid),
            (" 7", Whole::Invalid, Whole::Invalid),
            ("7.0", Whole::Invalid, Whole::Invalid),
            ("1e3", Whole::Invalid, Whole::Invalid),
            ("٣", Whole::Invalid, Whole::Invalid),
            (
                "18446744073709551615",
                Whole::Value(u64::MAX),
                Whole::Value(u64::MAX),
            ),
            ("18446744073709551616", Whole::Huge, Whole::Huge),
            ("+18446744073709551616", Whole::Huge, Whole::Invalid),
        ] {
            assert_eq!(whole(text, Sign::Allowed), allowed, "{text:?}");
            assert_eq!(whole(text, Sign::DigitsOnly), digits_only, "{text:?}");
            // The fields' syntax is exactly `u64`'s: the same numbers, the same refusals.
            let rust = text.parse::<u64>().ok();
            let ours = match whole(text, Sign::Allowed) {
                Whole::Value(n) => Some(n),
                _ => None,
            };
            assert_eq!(ours, rust, "{text:?}");
        }
        assert_eq!(in_range(5, 1, 5), Some(5));
        assert_eq!(in_range(0, 1, 5), None);
        assert_eq!(in_range(u64::MAX, 0, u32::MAX), None);
        assert_eq!(real("0.25", 0.0, 100.0), Ok(0.25));
        assert_eq!(real("0", 0.0, 100.0), Err(true));
        assert_eq!(real(" 0.25", 0.0, 100.0), Err(false));
    }

    #[test]
    fn every_parameter_reads_its_default_and_refuses_garbage() {
        use ring_core::registry::ParamRef;
        for param in ParamRef::all() {
            let spec = param.spec();
            let default = spec.write(spec.default_value());
            assert_eq!(
                parse_param(param, &default),
                Ok(spec.default_value()),
                "{}",
                spec.key
            );
            assert!(parse_param(param, "garbage").is_err(), "{}", spec.key);
        }
    }

    /// Moved from `keys` with the parsers.
    #[test]
    fn counts_and_seeds() {
        assert_eq!(parse_count("10,000"), Ok(10_000));
        assert_eq!(parse_count("1"), Ok(1));
        assert_eq!(parse_count("1000000"), Ok(MAX_KEYS));
        assert_eq!(parse_count("1,000,000"), Ok(MAX_KEYS));
        for bad in [
            "0",
            "1000001",
            "10000001",
            "",
            "ten",
            "-3",
            "1e6",
            "99999999999999999999999",
        ] {
            let e = parse_count(bad);
            assert!(e.is_err(), "{bad}");
            assert!(format!("{e:?}").contains("from 1 to 1000000"), "{e:?}");
        }
        assert_eq!(parse_seed(" 42 "), Ok(42));
        assert!(parse_seed("x").is_err());
    }

    /// Moved from `keys` with the parsers.
    #[test]
    fn drawn_counts() {
        assert_eq!(parse_drawn("0"), Ok(0));
        assert_eq!(parse_drawn(" 10,000 "), Ok(10_000));
        assert_eq!(parse_drawn("20000"), Ok(MAX_DRAWN_LIMIT));
        for (bad, says) in [
            ("20001", "20001 is out of range"),
            ("", "is empty"),
            ("-1", "\"-1\" is not a whole number"),
            ("1.5", "is not a whole number"),
            ("ten", "is not a whole number"),
            ("99999999999999999999999", "out of range"),
        ] {
            let e = parse_drawn(bad)
                .err()
                .map(|m| m.to_string())
                .unwrap_or_default();
            assert!(e.contains(says), "{bad}: {e}");
            assert!(e.contains("from 0 to 20000"), "{bad}: {e}");
        }
    }
}
