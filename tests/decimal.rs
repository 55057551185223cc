//! `model::decimal::parse_f64` in the browser, where the value comes from JavaScript's
//! `Number()`: the same answer as `str::parse::<f64>`, bit for bit, on the strings a reader
//! or a link could hold, on every kind of double written every way Rust writes one, and on
//! long and halfway decimals, where a sloppy parser rounds the wrong way.
//!
//! Run with `cargo test -p ringlab-app --target wasm32-unknown-unknown --test decimal`.
#![cfg(target_arch = "wasm32")]

use ringlab_app::model::decimal::parse_f64;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// `None` when they agree, else what each side said.
fn disagreement(text: &str) -> Option<String> {
    let ours = parse_f64(text);
    let std = text.parse::<f64>().ok();
    let same = match (ours, std) {
        (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
        (None, None) => true,
        _ => false,
    };
    (!same).then(|| format!("{text:?}: parse_f64 {ours:?}, str::parse {std:?}"))
}

fn check_all(texts: impl IntoIterator<Item = String>) -> usize {
    let mut count = 0;
    let mut wrong = Vec::new();
    for text in texts {
        count += 1;
        if let Some(w) = disagreement(&text) {
            wrong.push(w);
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {count} disagree: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(10)]
    );
    count
}

/// splitmix64: a fixed, seeded sequence.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[wasm_bindgen_test]
fn fixed_strings_agree() {
    let texts = concat!(
        "|+|-|.|e5|1e|1e+|1.|.5|+.5|-.5e-2|0|-0|+0.0|00012.3400|1_000| 1|1 |",
        "0x10|0b1|0o7|1e5.5|--1|inf|-inf|Infinity|-INFINITY|infinit|nan|-nan|",
        "NaN|0.1|0.25|0.3|0.30000000000000004|1e400|-1e400|1e-400|4.9e-324|",
        "5e-324|2.4703282292062327e-324|2.4703282292062328e-324|",
        "2.2250738585072011e-308|2.2250738585072014e-308|",
        "1.7976931348623157e308|1.7976931348623158e308|1.7976931348623159e308|",
        "9007199254740993|9007199254740992.5|",
        "9007199254740993.0000000000000000001|1e23|8.98846567431158e307|",
        "1e0000000000000000000001|1e-0000000000000000000001|",
        "1e99999999999999999999",
    )
    .split('|');
    assert_eq!(check_all(texts.map(str::to_string)), 55);
}

#[wasm_bindgen_test]
fn every_kind_of_double_written_every_way_agrees() {
    let mut mix = Mix(6);
    let mut texts = Vec::new();
    for _ in 0..3000 {
        // Random bit patterns cover subnormals, huge and tiny exponents and both signs.
        let x = f64::from_bits(mix.next());
        if x.is_nan() {
            continue;
        }
        let digits = mix.below(25) as usize;
        texts.push(format!("{x}"));
        texts.push(format!("{x:e}"));
        texts.push(format!("{x:E}"));
        texts.push(format!("{x:.digits$e}"));
        // A small value as the app's inputs are (ε, speeds), in fixed notation.
        let small = (mix.next() >> 11) as f64 / (1u64 << 53) as f64 * 10.0;
        texts.push(format!("{small}"));
        texts.push(format!("{small:.digits$}"));
    }
    assert!(check_all(texts) > 15_000);
}

#[wasm_bindgen_test]
fn long_and_halfway_decimals_agree() {
    let mut mix = Mix(1);
    let mut texts = Vec::new();
    for _ in 0..3000 {
        let len = 1 + mix.below(60) as usize;
        let mut digits: String = (0..len)
            .map(|_| char::from(b'0' + mix.below(10) as u8))
            .collect();
        let point = mix.below(len as u64 + 1) as usize;
        digits.insert(point, '.');
        let exponent = mix.below(700) as i64 - 350;
        texts.push(format!("{digits}e{exponent}"));
        texts.push(digits);
    }
    // Exactly halfway between two neighbouring doubles, and a hair either side: the
    // round-to-even cases.
    for _ in 0..500 {
        // Exponents within 2^±60 keep the exact midpoints short (the extremes are among
        // the fixed strings).
        let exponent = 1023 - 60 + mix.below(121);
        let x = f64::from_bits((exponent << 52) | (mix.next() >> 12));
        let next = f64::from_bits(x.to_bits() + 1);
        if !x.is_finite() || !next.is_finite() {
            continue;
        }
        let mid = exact_midpoint(x, next);
        texts.push(mid.clone());
        texts.push(format!("{mid}1"));
        if let Some(below) = just_below(&mid) {
            texts.push(below);
        }
    }
    assert!(check_all(texts) > 6_000);
}

/// The exact decimal midpoint of two positive doubles: (a + b) / 2 written with every digit
/// (a double is m·2^e, so the midpoint is a finite decimal).
fn exact_midpoint(a: f64, b: f64) -> String {
    let (ma, ea) = parts(a);
    let (mb, eb) = parts(b);
    // Both at the smaller exponent, then one more halving: the sum of mantissas over 2^(e+1).
    let e = ea.min(eb);
    let sum = (u128::from(ma) << (ea - e)) + (u128::from(mb) << (eb - e));
    decimal_of(sum, e - 1)
}

/// A double's integer mantissa and binary exponent: value = m · 2^e.
fn parts(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp - 1075)
    }
}

/// `m · 2^e` written out exactly in decimal (big-number arithmetic on decimal digits).
fn decimal_of(m: u128, e: i32) -> String {
    // Digits of the integer m, least significant first.
    let mut digits: Vec<u8> = m.to_string().bytes().rev().map(|b| b - b'0').collect();
    let mut scale = 0i32; // value = digits · 10^-scale
    if e >= 0 {
        for _ in 0..e {
            times(&mut digits, 2);
        }
    } else {
        // Dividing by 2 is multiplying by 5 and shifting the point one place.
        for _ in 0..-e {
            times(&mut digits, 5);
            scale += 1;
        }
    }
    let text: String = digits.iter().rev().map(|d| char::from(b'0' + d)).collect();
    if scale == 0 {
        return text;
    }
    let scale = scale as usize;
    let padded = format!("{text:0>width$}", width = scale + 1);
    let (whole, fraction) = padded.split_at(padded.len() - scale);
    format!("{whole}.{fraction}")
}

fn times(digits: &mut Vec<u8>, k: u8) {
    let mut carry = 0u32;
    for d in digits.iter_mut() {
        let v = u32::from(*d) * u32::from(k) + carry;
        *d = (v % 10) as u8;
        carry = v / 10;
    }
    while carry > 0 {
        digits.push((carry % 10) as u8);
        carry /= 10;
    }
}

/// The decimal a hair below `text` (its last digit lowered, when it is not a zero).
fn just_below(text: &str) -> Option<String> {
    let last = text.bytes().last()?;
    (last > b'0' && last.is_ascii_digit()).then(|| {
        let mut s = text[..text.len() - 1].to_string();
        s.push(char::from(last - 1));
        s
    })
}
