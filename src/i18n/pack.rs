//! A catalogue's words as a file: what the browser fetches instead of carrying the Chinese
//! words in the wasm.
//!
//! The catalogues are already tables (`ui_words!`, `templates!`, `words!` in
//! [`super::sentence`]): one entry per [`Ui`] key, per [`Sentence`] and per
//! [`Phrase::index`]. The file lists the three tables in that order, so the code that
//! renders a key reads the same entry whether the words were compiled in or fetched:
//!
//! ```text
//! ringlab words 1\n
//! ui words … US … RS templates … US … RS phrases … US …
//! ```
//!
//! with the ASCII unit separator (U+001F) between entries and the record separator
//! (U+001E) between tables; no entry contains either (tested). `static/words-zh.txt` is
//! written from `zh.rs` by a test (`the_chinese_words_file_is_the_catalogue`), which fails
//! while the file and the catalogue differ, so `zh.rs` stays the one place the words are
//! written.

use super::{Phrase, Sentence, Ui};

/// The first line of a words file: its format and version.
pub(crate) const HEADER: &str = "ringlab words 1\n";
/// Between two entries of a table.
pub(crate) const ENTRY: char = '\u{1f}';
/// Between two tables.
pub(crate) const TABLE: char = '\u{1e}';

/// A catalogue's three tables, each entry a slice of the file's text.
pub(crate) struct Words {
    pub(crate) ui: Vec<&'static str>,
    pub(crate) templates: Vec<&'static str>,
    pub(crate) phrases: Vec<&'static str>,
}

/// Why a words file was not taken.
#[derive(Debug, PartialEq, Eq)]
pub enum WordsError {
    /// The file is not the one this build was made with (another version of the app).
    OtherVersion,
    /// The file does not have the layout above, or not one entry per key.
    Malformed,
    /// The file could not be fetched (the browser's reason).
    Unreachable(String),
}

impl std::fmt::Display for WordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WordsError::OtherVersion => f.write_str("the words file belongs to another build"),
            WordsError::Malformed => f.write_str("the words file is malformed"),
            WordsError::Unreachable(why) => write!(f, "the words file could not be fetched: {why}"),
        }
    }
}

/// Reads a words file: its tables must have one entry per key of this build.
pub(crate) fn read(text: &'static str) -> Result<Words, WordsError> {
    let body = text.strip_prefix(HEADER).ok_or(WordsError::Malformed)?;
    let mut tables = body.split(TABLE);
    let mut table = |count: usize| -> Result<Vec<&'static str>, WordsError> {
        let entries: Vec<&'static str> = tables
            .next()
            .ok_or(WordsError::Malformed)?
            .split(ENTRY)
            .collect();
        if entries.len() == count {
            Ok(entries)
        } else {
            Err(WordsError::Malformed)
        }
    };
    let words = Words {
        ui: table(Ui::ALL.len())?,
        templates: table(Sentence::COUNT)?,
        phrases: table(Phrase::COUNT)?,
    };
    if tables.next().is_some() {
        return Err(WordsError::Malformed);
    }
    Ok(words)
}

/// FNV-1a (32 bits) of `bytes`: the build's fingerprint of its words file, computed at
/// compile time from the file and at run time from what was fetched.
pub(crate) const fn fingerprint(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u32;
        hash = hash.wrapping_mul(0x0100_0193);
        i += 1;
    }
    hash
}

// Natively, where `zh.rs` is compiled in: the file is written from it and checked.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::i18n::{en, zh};

    /// The words file of a catalogue, given its three tables' entries in order.
    fn write<'a>(
        ui: impl IntoIterator<Item = &'a str>,
        templates: impl IntoIterator<Item = &'a str>,
        phrases: impl IntoIterator<Item = &'a str>,
    ) -> String {
        let table = |entries: &mut dyn Iterator<Item = &'a str>| {
            entries.collect::<Vec<_>>().join(&ENTRY.to_string())
        };
        let mut text = String::from(HEADER);
        text.push_str(&table(&mut ui.into_iter()));
        text.push(TABLE);
        text.push_str(&table(&mut templates.into_iter()));
        text.push(TABLE);
        text.push_str(&table(&mut phrases.into_iter()));
        text
    }

    const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/static/words-zh.txt");

    fn chinese() -> String {
        write(
            (0..Ui::ALL.len()).map(zh::ui_at),
            (0..Sentence::COUNT).map(zh::template_at),
            (0..Phrase::COUNT).map(zh::phrase_at),
        )
    }

    /// `static/words-zh.txt` is what the browser shows in Chinese: it must be `zh.rs`'s
    /// tables exactly. `RINGLAB_WRITE_WORDS=1 cargo test -p ringlab-app words_file` writes
    /// it anew after a change to `zh.rs`.
    #[test]
    fn the_chinese_words_file_is_the_catalogue() {
        let written = chinese();
        if std::env::var_os("RINGLAB_WRITE_WORDS").is_some() {
            std::fs::write(FILE, &written).unwrap();
        }
        let file = std::fs::read_to_string(FILE).unwrap();
        assert!(
            file == written,
            "static/words-zh.txt is not src/i18n/zh.rs: run \
             RINGLAB_WRITE_WORDS=1 cargo test -p ringlab-app words_file to write it anew"
        );
        let file: &'static str = Box::leak(file.into_boxed_str());
        let words = read(file).unwrap();
        for (i, &key) in Ui::ALL.iter().enumerate() {
            assert_eq!(words.ui[i], zh::ui(key), "{key:?}");
        }
        for i in 0..Sentence::COUNT {
            assert_eq!(words.templates[i], zh::template_at(i), "template {i}");
        }
        for i in 0..Phrase::COUNT {
            assert_eq!(words.phrases[i], zh::phrase_at(i), "phrase {i}");
        }
        // The file is Chinese, not a copy of the English.
        assert_ne!(words.ui[0], en::ui(Ui::ALL[0]));
    }

    #[test]
    fn no_words_hold_a_separator() {
        let mut entries: Vec<&str> = Vec::new();
        for table in [
            (0..Ui::ALL.len()).map(zh::ui_at).collect::<Vec<_>>(),
            (0..Ui::ALL.len()).map(en::ui_at).collect(),
            (0..Sentence::COUNT).map(zh::template_at).collect(),
            (0..Sentence::COUNT).map(en::template_at).collect(),
            (0..Phrase::COUNT).map(zh::phrase_at).collect(),
            (0..Phrase::COUNT).map(en::phrase_at).collect(),
        ] {
            entries.extend(table);
        }
        for entry in entries {
            assert!(!entry.contains([ENTRY, TABLE]), "{entry:?}");
        }
    }

    #[test]
    fn a_file_without_one_entry_per_key_is_refused() {
        let good = chinese();
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        assert!(read(leak(good.clone())).is_ok());
        // One entry too few in the first table (two entries made one), one too many in
        // the last, a fourth table, another header, none, nothing.
        for bad in [
            good.replacen(ENTRY, "", 1),
            format!("{good}{ENTRY}extra"),
            format!("{good}{TABLE}"),
            good.replacen(HEADER, "", 1),
            good.replacen(HEADER, "ringlab words 2\n", 1),
            String::new(),
        ] {
            assert_eq!(read(leak(bad)).err(), Some(WordsError::Malformed));
        }
    }

    #[test]
    fn the_fingerprint_is_fnv1a() {
        // FNV-1a's published test values.
        assert_eq!(fingerprint(b""), 0x811c_9dc5);
        assert_eq!(fingerprint(b"a"), 0xe40c_292c);
        assert_eq!(fingerprint(b"foobar"), 0xbf9c_f968);
    }
}
