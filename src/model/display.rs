//! Text the user typed (node names, keys), made safe to show inside other text.
//!
//! Names may hold any Unicode, including right-to-left letters and bidirectional controls
//! such as U+202E RIGHT-TO-LEFT OVERRIDE, which would reorder the words that follow them
//! (with one in a name, "added <name>: 12 keys moved" reads backwards after the name).
//! [`isolate`] wraps such text in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, the character
//! form of HTML's `<bdi>`: whatever is inside can no longer reorder what is outside, in
//! the DOM and on a canvas alike. [`label`] also cuts long text to a few characters with an
//! ellipsis, for canvases and legends (the whole text goes in a tooltip).
//!
//! Markup needs nothing here: Yew writes text as text, and a canvas draws characters.

use std::borrow::Cow;

/// U+2068 FIRST STRONG ISOLATE: opens an isolate whose direction is its first strong letter.
pub(crate) const FSI: char = '\u{2068}';
/// U+2069 POP DIRECTIONAL ISOLATE: closes it, and every embedding or override opened inside.
pub(crate) const PDI: char = '\u{2069}';

/// `text` isolated from the text around it, when it could reorder it: when it holds a
/// bidirectional control or a right-to-left letter ([`could_reorder`]). Anything else is
/// returned as it is, so the common case costs nothing and reads the same in tests and copies:
/// `cache-a` stays `cache-a`, `a\u{202E}b` becomes `\u{2068}a\u{202E}b\u{2069}`.
pub(crate) fn isolate(text: &str) -> Cow<'_, str> {
    if !could_reorder(text) {
        Cow::Borrowed(text)
    } else {
        let mut s = String::with_capacity(text.len() + 6);
        s.push(FSI);
        s.push_str(text);
        s.push(PDI);
        Cow::Owned(s)
    }
}

/// Whether `text` holds a character that takes part in reordering: a bidirectional control
/// (marks, embeddings, overrides, isolates) or a letter of a right-to-left script (Hebrew,
/// Arabic, Syriac, Thaana, N'Ko and the other blocks Unicode assigns to them).
pub(crate) fn could_reorder(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
            | '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFE}'
            | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
    })
}

/// `text` cut to at most `max` characters, isolated. A cut keeps the start and the end with
/// an ellipsis between, since names often differ only at the end (servers that differ by
/// port, `cache-a`, `cache-b`): `abcdefghijkl` at 5 is `ab…kl`, `127.0.0.1:8081` at 10 is
/// `127.0…8081`.
pub(crate) fn label(text: &str, max: usize) -> String {
    label_skipping(text, max, 0..0, 0)
}

/// How many leading characters all of `names` share, up to and including the last
/// separator (a character that is not an ASCII letter or digit) among them: what a label may
/// leave out, so that `10.0.0.3:8080` among `10.0.0.1:8080`, `10.0.0.2:8080`, … keeps the
/// `3` ([`label_skipping`]). 0 for fewer than two names, or when they share no separator.
pub(crate) fn shared_head(names: &mut dyn Iterator<Item = &str>) -> usize {
    shared_run(names, false)
}

/// How many trailing characters all of `names` share, from the first separator among them:
/// what a label may leave out at its end, so that `10.0.0.12:7000` among `10.0.0.1:7000`,
/// … can be cut to `…12…` ([`label_skipping`]). 0 for fewer than two names, or when they
/// share no separator.
pub(crate) fn shared_tail(names: &mut dyn Iterator<Item = &str>) -> usize {
    shared_run(names, true)
}

/// [`shared_head`], or read from the end ([`shared_tail`]).
// One instance for every kind of iterator (`dyn`): it is not on a hot path.
fn shared_run(names: &mut dyn Iterator<Item = &str>, from_end: bool) -> usize {
    let chars = |name: &str| {
        let mut chars: Vec<char> = name.chars().collect();
        if from_end {
            chars.reverse();
        }
        chars
    };
    let Some(first) = names.next() else {
        return 0;
    };
    let mut shared = chars(first);
    let mut others = 0;
    for name in names {
        others += 1;
        let common = shared
            .iter()
            .zip(&chars(name))
            .take_while(|(a, b)| a == b)
            .count();
        shared.truncate(common);
    }
    if others == 0 {
        return 0;
    }
    shared
        .iter()
        .rposition(|c| !c.is_ascii_alphanumeric())
        .map_or(0, |i| i + 1)
}

/// `text` cut to at most `max` characters where it is longer: the characters in `skip`
/// (what every name of its set shares there) become "…"; if what follows is still too
/// long, its last `tail` characters (what the names share at their end) become "…" too;
/// and what is left, if still too long, is cut in its middle as [`label`] cuts. (Keeping
/// only the end of what follows gave "…:7000" for every one of `10.0.0.1:7000`,
/// `10.0.0.13:7000`, …; now they are `…1…` and `…13…`.) With nothing to skip, the middle
/// cut of [`label`].
pub(crate) fn label_skipping(
    text: &str,
    max: usize,
    skip: std::ops::Range<usize>,
    tail: usize,
) -> String {
    // Most labels fit: no copy of their characters (the charts draw theirs every frame).
    if text.chars().count() <= max {
        return isolate(text).into_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut cut = String::new();
    if skip.is_empty() || skip.end >= chars.len() || max < 2 {
        push_cut(&mut cut, &chars, max);
    } else {
        let head = if skip.start + 2 > max {
            &chars[..0]
        } else {
            &chars[..skip.start]
        };
        cut.extend(head);
        cut.push('…');
        let rest = &chars[skip.end..];
        let room = max - 1 - head.len();
        match rest.len().checked_sub(tail) {
            Some(body) if rest.len() > room && body > 0 && tail > 0 && room > 1 => {
                push_cut(&mut cut, &rest[..body], room - 1);
                cut.push('…');
            }
            _ => push_cut(&mut cut, rest, room),
        }
    }
    isolate(&cut).into_owned()
}

/// `chars` onto `cut`, at most `max` of them: all if they fit, else their start and end
/// with "…" between.
fn push_cut(cut: &mut String, chars: &[char], max: usize) {
    if chars.len() <= max {
        cut.extend(chars);
    } else {
        let kept = max.saturating_sub(1);
        let tail = kept / 2;
        cut.extend(&chars[..kept - tail]);
        cut.push('…');
        cut.extend(&chars[chars.len() - tail..]);
    }
}

/// `2^bits` with a superscript exponent, for scale labels ("2³²").
pub(crate) fn power_of_two(bits: u32) -> String {
    const SUPER: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let exp: String = bits
        .to_string()
        .chars()
        .filter_map(|c| c.to_digit(10).map(|d| SUPER[d as usize]))
        .collect();
    format!("2{exp}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_ascii_is_left_alone_and_anything_else_is_isolated() {
        for plain in [
            "cache-a",
            "<script>alert(1)</script>",
            "",
            "a \"b\" 'c'",
            "é",
            "🦀",
            "a\u{200B}b",
            "…",
        ] {
            assert_eq!(isolate(plain), plain);
        }
        assert_eq!(isolate("a\u{202E}b"), "\u{2068}a\u{202E}b\u{2069}");
        for other in ["\u{202E}gnp.exe", "שלום", "x\u{2066}", "مرحبا", "a\u{200F}"] {
            let shown = isolate(other);
            assert!(shown.starts_with(FSI) && shown.ends_with(PDI), "{other:?}");
            assert_eq!(&shown[FSI.len_utf8()..shown.len() - PDI.len_utf8()], other);
        }
    }

    #[test]
    fn labels_are_cut_by_characters_not_bytes() {
        assert_eq!(label("cache-a", 10), "cache-a");
        assert_eq!(label("abcdefghijkl", 5), "ab…kl");
        assert_eq!(label("é".repeat(30).as_str(), 5), "éé…éé");
        assert_eq!(label("שלום עולם", 4), format!("{FSI}של…ם{PDI}"));
        // Where names differ, at the end, stays visible.
        assert_eq!(label("127.0.0.1:8081", 10), "127.0…8081");
        assert_ne!(label("127.0.0.1:8081", 10), label("127.0.0.1:8082", 10));
        assert_eq!(label(&"x".repeat(256), 24).chars().count(), 24);
        assert_eq!(label("abc", 0), "…");
        let long = format!("\u{202E}{}", "y".repeat(300));
        let l = label(&long, 24);
        // The override is inside the isolate, so it cannot reach the text after the label.
        assert!(l.starts_with(FSI) && l.ends_with(PDI));
        assert_eq!(l.chars().count(), 26);
    }

    #[test]
    fn labels_of_a_set_keep_where_its_names_differ() {
        let ips = ["10.0.0.1:8080", "10.0.0.2:8080", "10.0.0.12:8080"];
        let shared = shared_head(&mut ips.into_iter());
        assert_eq!(shared, "10.0.0.".len());
        let cut: Vec<String> = ips
            .iter()
            .map(|n| label_skipping(n, 9, 0..shared, 0))
            .collect();
        assert_eq!(cut, ["…1:8080", "…2:8080", "…12:8080"]);
        // The plain middle cut would make the first two the same.
        assert_eq!(label(ips[0], 9), label(ips[1], 9));
        // Ports: the host and its colon are left out.
        let ports = ["127.0.0.1:11211", "127.0.0.1:11212"];
        assert_eq!(
            label_skipping(ports[1], 9, 0..shared_head(&mut ports.into_iter()), 0),
            "…11212"
        );
        // Still too long: the rest is cut in its middle.
        let long = ["pool/memcached-east-1a", "pool/memcached-east-1b"];
        assert_eq!(
            shared_head(&mut long.into_iter()),
            "pool/memcached-east-".len()
        );
        assert_eq!(
            label_skipping(long[0], 9, 0..shared_head(&mut long.into_iter()), 0),
            "…1a"
        );
        assert_eq!(label_skipping("abcdefghijkl", 6, 0..4, 0), "…ef…kl");
        // Names that differ in the middle and share their end stay apart.
        let redis = ["10.0.0.1:7000", "10.0.0.13:7000", "10.0.0.14:7000"];
        let shared = shared_head(&mut redis.into_iter());
        let tail = shared_tail(&mut redis.into_iter());
        assert_eq!(tail, ":7000".len());
        let cut: Vec<String> = redis
            .iter()
            .map(|n| label_skipping(n, 6, 0..shared, tail))
            .collect();
        assert_eq!(cut, ["…1…", "…13…", "…14…"]);
        // Without the shared end, what follows the shared start is cut in its middle.
        let cut: Vec<String> = redis
            .iter()
            .map(|n| label_skipping(n, 6, 0..shared, 0))
            .collect();
        assert_eq!(cut, ["…1:…00", "…13…00", "…14…00"]);
        // A shared end starts at a separator; none among names that share no separator.
        assert_eq!(shared_tail(&mut ["a1:70", "b11:70"].into_iter()), 3);
        assert_eq!(shared_tail(&mut ["cache-a", "cache-ba"].into_iter()), 0);
        assert_eq!(shared_tail(&mut ["x:1"].into_iter()), 0);
        // What fits after the shared start keeps its end.
        assert_eq!(label_skipping(redis[0], 9, 0..shared, tail), "…1:7000");
        // After a bucket number: "0 · " stays.
        assert_eq!(
            label_skipping("0 · 10.0.0.1:8080", 11, 4..4 + shared, 0),
            "0 · …1:8080"
        );
        // Nothing shared, one name, short names, nothing to skip: as `label`.
        assert_eq!(shared_head(&mut ["cache-a"].into_iter()), 0);
        assert_eq!(shared_head(&mut ["ab1", "ab2"].into_iter()), 0);
        assert_eq!(label_skipping("cache-a", 9, 0..6, 0), "cache-a");
        assert_eq!(
            label_skipping("abcdefghijkl", 5, 0..0, 0),
            label("abcdefghijkl", 5)
        );
        // A skip past the end, or a name that is all shared, never panics.
        assert_eq!(
            label_skipping("abcdefghijkl", 5, 0..40, 0),
            label("abcdefghijkl", 5)
        );
        assert_eq!(
            label_skipping("abcdefghijkl", 1, 0..3, 0),
            label("abcdefghijkl", 1)
        );
        for n in [
            "é".repeat(12),
            "a:b".repeat(9),
            "שלום:עולם:שלום".to_string(),
        ] {
            for max in 0..14 {
                let l = label_skipping(&n, max, 0..2, 0);
                assert!(
                    l.trim_start_matches(FSI)
                        .trim_end_matches(PDI)
                        .chars()
                        .count()
                        <= max.max(1)
                );
            }
        }
    }
}
