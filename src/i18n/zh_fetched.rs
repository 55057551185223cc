//! The Chinese catalogue in the browser: the same three tables as `zh.rs`, read from
//! `words-zh.txt` (written from `zh.rs`, see [`super::pack`]) once the page needs Chinese,
//! instead of compiled into the wasm. A reader of the English page never downloads them.
//!
//! The page asks for them before it shows Chinese (`effects::with_words`): at the start
//! when the link, the stored state or the browser asks for Chinese, and when Chinese is
//! picked from the menu. Until they are here (or if they never come) each key falls back to
//! its English words, so nothing is ever blank.

use std::sync::OnceLock;

use super::pack::{self, Words, WordsError};
use super::{en, Catalogue, Phrase, Sentence, Ui};

/// The words file, beside the app's other files (Trunk copies it from `static/`).
pub(crate) const FILE: &str = "words-zh.txt";

/// The fingerprint of the words file this build was made with: a file from another build
/// (an old copy in a cache) is refused rather than shown with its keys shifted.
pub(crate) const FINGERPRINT: u32 = pack::fingerprint(include_bytes!("../../static/words-zh.txt"));

static WORDS: OnceLock<Words> = OnceLock::new();

/// Whether the Chinese words are here.
pub(crate) fn loaded() -> bool {
    WORDS.get().is_some()
}

/// Takes the fetched words file, if it is this build's.
pub(crate) fn take(text: String) -> Result<(), WordsError> {
    if loaded() {
        return Ok(());
    }
    if pack::fingerprint(text.as_bytes()) != FINGERPRINT {
        return Err(WordsError::OtherVersion);
    }
    // Kept for the rest of the page's life, like the words compiled into the English
    // catalogue: every rendered key borrows from it.
    let text: &'static str = Box::leak(text.into_boxed_str());
    let words = pack::read(text)?;
    let _ = WORDS.set(words);
    Ok(())
}

/// The fixed words `key`.
pub(crate) fn ui(key: Ui) -> &'static str {
    WORDS
        .get()
        .and_then(|w| w.ui.get(key as usize).copied())
        .unwrap_or_else(|| en::ui(key))
}

fn template(s: Sentence) -> &'static str {
    WORDS
        .get()
        .and_then(|w| w.templates.get(s as usize).copied())
        .unwrap_or_else(|| (en::CATALOGUE.template)(s))
}

fn phrase(p: Phrase) -> &'static str {
    WORDS
        .get()
        .and_then(|w| w.phrases.get(p.index()).copied())
        .unwrap_or_else(|| (en::CATALOGUE.phrase)(p))
}

pub(super) const CATALOGUE: Catalogue = Catalogue { template, phrase };
