//! Reading a decimal number (ε, typed or in a link; the playback speed) without Rust's
//! float parser in the shipped wasm.
//!
//! `str::parse::<f64>` links the standard library's whole `dec2flt` (the Eisel–Lemire
//! tables and a big-decimal fallback): 15 KB of the gzipped release wasm, measured
//! (BENCHMARKS.md, "Release wasm size"). [`parse_f64`] accepts exactly the strings
//! `str::parse::<f64>` accepts, checked here in Rust, and on wasm32 lets the browser's
//! correctly rounded `Number()` compute the value; natively (tests, tools) the value is
//! `str::parse::<f64>`'s. `tests/decimal.rs` checks in Chromium that the two give the same
//! bits on thousands of strings; the tests below check the syntax against the standard
//! library natively.

/// The number `text` spells, with the syntax and the value of `str::parse::<f64>`: an
/// optional sign, then `inf`, `infinity` or `nan` (any case) or digits with an optional
/// point and an optional exponent (`1`, `1.`, `.5`, `2.5e-3`). Anything else, including
/// surrounding spaces, is `None`.
pub fn parse_f64(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, body) = match bytes.first() {
        Some(b'-') => (true, bytes.get(1..).unwrap_or_default()),
        Some(b'+') => (false, bytes.get(1..).unwrap_or_default()),
        _ => (false, bytes),
    };
    let special = if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") {
        Some(f64::INFINITY)
    } else if body.eq_ignore_ascii_case(b"nan") {
        Some(f64::NAN)
    } else {
        None
    };
    if let Some(value) = special {
        return Some(if negative { -value } else { value });
    }
    if !is_decimal(body) {
        return None;
    }
    value_of(text)
}

/// `digits [. digits] [e|E [+|-] digits]` with at least one digit before the exponent.
fn is_decimal(body: &[u8]) -> bool {
    let digits = |from: usize| {
        let rest = body.get(from..).unwrap_or_default();
        rest.iter().take_while(|b| b.is_ascii_digit()).count()
    };
    let whole = digits(0);
    let mut at = whole;
    let mut fraction = 0;
    if body.get(at) == Some(&b'.') {
        fraction = digits(at + 1);
        at += 1 + fraction;
    }
    if whole + fraction == 0 {
        return false;
    }
    if matches!(body.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(body.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        let exponent = digits(at);
        if exponent == 0 {
            return false;
        }
        at += exponent;
    }
    at == body.len()
}

/// The value of a string [`is_decimal`] accepted (with its sign). JavaScript's `Number()`
/// accepts every such string with the same meaning and rounds correctly, as Rust does.
#[cfg(target_arch = "wasm32")]
fn value_of(text: &str) -> Option<f64> {
    // `+text` in JavaScript: ToNumber of the string.
    Some(wasm_bindgen::JsValue::from_str(text).unchecked_into_f64())
}

#[cfg(not(target_arch = "wasm32"))]
fn value_of(text: &str) -> Option<f64> {
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::parse_f64;

    /// The same answer as the standard library, bit for bit (NaN compared as NaN).
    fn agrees(text: &str) -> bool {
        match (parse_f64(text), text.parse::<f64>().ok()) {
            (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
            (None, None) => true,
            _ => false,
        }
    }

    #[test]
    fn accepts_and_refuses_what_the_standard_library_does() {
        let cases = concat!(
            "|+|-|.|+.|-.|e|e5|.e5|1e|1e+|1e-|1e+5|1E-5|1.|1.e3|.5|+.5|-.5e-2|0|-0|",
            "+0.0|00012.3400|1_000| 1|1 |0x10|1e5.5|1.2.3|--1|+-1|inf|-inf|+INF|",
            "Infinity|-infinity|infinit|infinityy|nan|NaN|-nan|+NAN|nan1|١|1e400|",
            "-1e400|1e-400|4.9e-324|2.2250738585072014e-308|0.30000000000000004|",
            "0.1|0.25|1.7976931348623157e308|1e0000000000000001|1ee5|e-5|1.5f|5d|",
            "1,5|１",
        )
        .split('|');
        for text in cases {
            assert!(agrees(text), "{text:?}");
        }
    }

    #[test]
    fn every_short_string_of_the_grammar_s_letters_agrees() {
        // All strings of up to four characters over the letters the grammar uses: a
        // mistake in the checker shows up as a string one side accepts and the other not.
        let letters = ['0', '7', '.', 'e', 'E', '+', '-', 'i', 'n', 'a', 'x', ' '];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| letters.iter().map(move |c| format!("{t}{c}")))
                .collect();
            for text in &longer {
                assert!(agrees(text), "{text:?}");
            }
            texts = longer;
        }
    }
}
