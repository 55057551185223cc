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
    let count = text.chars().count();
    let cut = if count <= max {
        Cow::Borrowed(text)
    } else {
        let kept = max.saturating_sub(1);
        let tail = kept / 2;
        let head = kept - tail;
        let mut s: String = text.chars().take(head).collect();
        s.push('…');
        s.extend(text.chars().skip(count - tail));
        Cow::Owned(s)
    };
    isolate(&cut).into_owned()
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
}
