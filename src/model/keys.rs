//! Key sets: generated from a seed with splitmix64 (so a seed always gives the same keys, on
//! every target), or pasted by the user, one per line; and the deterministic sample of keys
//! the canvas draws.

// The limits live with the app's other limits; re-exported where key sets are made.
pub(crate) use super::limits::{MAX_DRAWN, MAX_DRAWN_LIMIT, MAX_KEYS, MAX_KEY_BYTES, MIN_KEYS};

use std::rc::Rc;

use super::message::Msg;

// The core's splitmix64: the same generator as `ringlab` and the benchmarks.
pub(crate) use ring_core::keys::SplitMix64;

const PREFIXES: [&str; 6] = ["user", "session", "cart", "order", "image", "post"];
const ALPHABET: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// `count` keys such as `user:123:k3f`, all distinct (the middle number is the key's own
/// number), reproducible from `seed`.
pub(crate) fn generate(count: u32, seed: u64) -> Vec<String> {
    let mut generator = KeyGenerator::new(count, seed);
    let mut keys = Vec::with_capacity(count as usize);
    generator.fill(&mut keys, count);
    keys
}

/// [`generate`] a part at a time, so a million keys can be made between frames: the parts
/// joined are exactly `generate(count, seed)`.
#[derive(Clone, Debug)]
pub(crate) struct KeyGenerator {
    rng: SplitMix64,
    next: u32,
    count: u32,
}

impl KeyGenerator {
    /// A generator of `generate(count, seed)`.
    pub(crate) fn new(count: u32, seed: u64) -> Self {
        KeyGenerator {
            rng: SplitMix64::new(seed),
            next: 1,
            count,
        }
    }

    /// Appends up to `most` more keys to `out`; returns how many it appended.
    pub(crate) fn fill(&mut self, out: &mut Vec<String>, most: u32) -> u32 {
        let mut made = 0;
        while made < most && self.next <= self.count {
            let rng = &mut self.rng;
            let prefix = PREFIXES[rng.below(PREFIXES.len() as u64) as usize];
            let suffix: String = (0..3)
                .map(|_| char::from(ALPHABET[rng.below(ALPHABET.len() as u64) as usize]))
                .collect();
            out.push(format!("{prefix}:{}:{suffix}", self.next));
            self.next += 1;
            made += 1;
        }
        made
    }

    /// Whether every key has been made.
    pub(crate) fn done(&self) -> bool {
        self.next > self.count
    }
}

/// The keys of pasted text: one per line, surrounding whitespace removed, empty lines skipped.
pub(crate) fn parse_pasted(text: &str) -> Result<Vec<String>, Msg> {
    let count = check_pasted(text)?;
    let mut keys = Vec::with_capacity(count);
    parse_pasted_part(text, 0, count, &mut keys);
    Ok(keys)
}

/// How many keys [`parse_pasted`] would make of `text`, or why it would refuse it, without
/// making them: a million pasted keys are checked at once, then made in slices.
pub(crate) fn check_pasted(text: &str) -> Result<usize, Msg> {
    let mut count = 0usize;
    let mut too_long = None;
    let lines = PastedLines { text, at: 0 };
    for key in lines.map(trim_key).filter(|l| !l.is_empty()) {
        count += 1;
        if too_long.is_none() && key.len() > MAX_KEY_BYTES {
            too_long = Some(Msg::PasteKeyTooLong {
                line: count,
                bytes: key.len(),
            });
        }
    }
    if count == 0 {
        return Err(Msg::PasteNone);
    }
    if count > MAX_KEYS as usize {
        return Err(Msg::PasteTooMany { count });
    }
    too_long.map_or(Ok(count), Err)
}

/// A pasted line as a key: `str::trim`, which also drops the '\r' of a "\r\n" line end
/// (`str::lines` would). Most lines start and end with a printable ASCII byte, for which
/// there is nothing to trim: checking two bytes instead of decoding them as chars makes
/// checking a million pasted keys several times faster.
fn trim_key(line: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(|&b| b > b' ' && b < 0x7f);
    let bytes = line.as_bytes();
    if plain(bytes.first()) && plain(bytes.last()) {
        line
    } else {
        line.trim()
    }
}

/// Makes up to `keys` keys of `text` from byte `offset` on (the start of a line), as
/// [`parse_pasted`] does, into `into`. Returns the offset to go on from: `text.len()` once
/// the text is used up.
pub(crate) fn parse_pasted_part(
    text: &str,
    offset: usize,
    keys: usize,
    into: &mut Vec<String>,
) -> usize {
    let mut lines = PastedLines { text, at: offset };
    let mut made = 0;
    while made < keys {
        let Some(line) = lines.next() else {
            break;
        };
        let key = trim_key(line);
        if !key.is_empty() {
            into.push(key.to_string());
            made += 1;
        }
    }
    lines.at.min(text.len())
}

/// The lines of pasted text from byte `at` on, as `str::split('\n')` gives them. A plain
/// byte loop: with `split` (its search set up again for each short line) checking a
/// million pasted keys took 28 ms in the browser, with this 9 ms.
struct PastedLines<'a> {
    text: &'a str,
    /// Where the next line starts; past the end once the last line is given.
    at: usize,
}

impl<'a> Iterator for PastedLines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.text.get(self.at..)?;
        match rest.bytes().position(|b| b == b'\n') {
            Some(end) => {
                self.at += end + 1;
                rest.get(..end)
            }
            None => {
                self.at = usize::MAX;
                Some(rest)
            }
        }
    }
}

/// Indices of the keys to draw: all of them up to [`MAX_DRAWN`], otherwise [`MAX_DRAWN`]
/// spread evenly over the set (the same set of keys gives the same sample).
pub(crate) fn sample(total: u32) -> Vec<u32> {
    sample_of(total, MAX_DRAWN)
}

/// Indices of `drawn` keys of `total` to draw: all of them if `total <= drawn`, otherwise
/// `drawn` spread evenly over the set, ascending.
pub(crate) fn sample_of(total: u32, drawn: u32) -> Vec<u32> {
    if total <= drawn {
        return (0..total).collect();
    }
    (0..drawn)
        .map(|i| (u64::from(i) * u64::from(total) / u64::from(drawn)) as u32)
        .collect()
}

/// Where the keys came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KeySource {
    /// Generated: `count` keys from `seed`.
    Generated {
        /// How many.
        count: u32,
        /// The splitmix64 seed.
        seed: u64,
    },
    /// Pasted by the user.
    Pasted,
}

/// The keys, shared between states (cloning a state does not copy them).
#[derive(Clone, Debug)]
pub(crate) struct KeySet {
    /// Where they came from.
    pub(crate) source: KeySource,
    /// The keys.
    pub(crate) keys: Rc<Vec<String>>,
    /// Indices of the keys drawn on the canvas, ascending.
    pub(crate) sample: Rc<Vec<u32>>,
    /// How many keys to draw at most (the sample's size when there are more keys); a new
    /// key set for the same state keeps it: `KeySet::new(..).with_drawn(old.drawn)`.
    pub(crate) drawn: u32,
}

impl KeySet {
    /// The key set of `keys`, which came from `source`, with the sample to draw.
    pub(crate) fn new(source: KeySource, keys: Vec<String>) -> KeySet {
        KeySet::from_shared(source, Rc::new(keys))
    }

    /// The key set of keys already shared (made by a [`Job`](super::job::Job) in slices).
    pub(crate) fn from_shared(source: KeySource, keys: Rc<Vec<String>>) -> KeySet {
        KeySet {
            source,
            sample: Rc::new(sample(keys.len() as u32)),
            keys,
            drawn: MAX_DRAWN,
        }
    }

    /// How many keys.
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none (never, once built: a key set has at least one key).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Its first `n` keys (all of them if it has no more), drawn the same way. Generated
    /// keys stay generated: the first `n` keys of a seed are the `n` keys of that seed.
    pub(crate) fn first(&self, n: usize) -> KeySet {
        if self.len() <= n {
            return self.clone();
        }
        let first = self.keys.get(..n).unwrap_or_default().to_vec();
        let source = match self.source {
            KeySource::Generated { seed, .. } => KeySource::Generated {
                count: first.len() as u32,
                seed,
            },
            KeySource::Pasted => KeySource::Pasted,
        };
        KeySet::new(source, first).with_drawn(self.drawn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference() {
        // The first outputs of Vigna's splitmix64.c for seed 0.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
        assert_eq!(r.next_u64(), 0xf88b_b8a8_724c_81ec);
    }

    #[test]
    fn generated_keys_are_reproducible_distinct_and_seeded() {
        let a = generate(1000, 7);
        assert_eq!(a, generate(1000, 7));
        assert_ne!(a, generate(1000, 8));
        let set: std::collections::HashSet<&String> = a.iter().collect();
        assert_eq!(set.len(), 1000);
        for (i, k) in a.iter().enumerate() {
            let parts: Vec<&str> = k.split(':').collect();
            assert_eq!(parts.len(), 3, "{k}");
            assert!(PREFIXES.contains(&parts[0]), "{k}");
            assert_eq!(parts[1], (i + 1).to_string());
            assert_eq!(parts[2].len(), 3);
        }
    }

    #[test]
    fn pasted_keys() {
        assert_eq!(
            parse_pasted(" a \n\n b\r\nc\n").ok(),
            Some(vec!["a".to_string(), "b".to_string(), "c".to_string()])
        );
        assert!(parse_pasted(" \n \n").is_err());
        let many = "k\n".repeat(MAX_KEYS as usize + 1);
        assert!(parse_pasted(&many).is_err());
    }

    #[test]
    fn sample_is_all_or_evenly_spread() {
        assert_eq!(sample(3), vec![0, 1, 2]);
        let s = sample(100_000);
        assert_eq!(s.len(), MAX_DRAWN as usize);
        assert_eq!(s[0], 0);
        assert_eq!(s[1], 50);
        let all = sample(MAX_KEYS);
        assert_eq!(all.len(), MAX_DRAWN as usize);
        assert!(all.iter().all(|&i| i < MAX_KEYS));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert!(*s.last().unwrap_or(&0) < 100_000);
    }

    #[test]
    fn sample_of_any_size_is_spread_and_ascending() {
        assert_eq!(sample_of(5, 0), Vec::<u32>::new());
        assert_eq!(sample_of(5, 20_000), vec![0, 1, 2, 3, 4]);
        assert_eq!(sample_of(10, 4), vec![0, 2, 5, 7]);
        let s = sample_of(MAX_KEYS, MAX_DRAWN_LIMIT);
        assert_eq!(s.len(), MAX_DRAWN_LIMIT as usize);
        assert_eq!(s[1], MAX_KEYS / MAX_DRAWN_LIMIT);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert!(s.iter().all(|&i| i < MAX_KEYS));
        assert_eq!(sample(100_000), sample_of(100_000, MAX_DRAWN));
    }

    // proptest does not build for wasm32: these run natively.
    #[cfg(not(target_arch = "wasm32"))]
    mod pasted_in_parts {
        use super::*;

        /// What `parse_pasted` was before it could work in parts: the reference.
        fn lines_reference(text: &str) -> Vec<String> {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        }

        proptest::proptest! {
            #[test]
            fn pasted_text_parsed_in_parts_gives_the_lines_keys(
                pieces in proptest::collection::vec(
                    proptest::sample::select(vec!["a", "key:1", " ", "\n", "\r\n", "\r", "\t", "\u{3000}", "\u{85}", "\u{b}", "é", "\n\n"]),
                    0..40,
                ),
                part in 1usize..5,
            ) {
                let text: String = pieces.concat();
                let expected = lines_reference(&text);
                let mut made = Vec::new();
                let mut offset = 0;
                let mut rounds = 0;
                while offset < text.len() {
                    offset = parse_pasted_part(&text, offset, part, &mut made);
                    rounds += 1;
                    proptest::prop_assert!(rounds <= text.len() + 1, "no progress");
                }
                proptest::prop_assert_eq!(&made, &expected);
                match check_pasted(&text) {
                    Ok(count) => proptest::prop_assert_eq!(count, expected.len()),
                    Err(Msg::PasteNone) => proptest::prop_assert!(expected.is_empty()),
                    Err(other) => proptest::prop_assert!(false, "{other:?}"),
                }
            }
        }
    }

    #[test]
    fn pasted_text_is_checked_in_the_order_of_its_problems() {
        let long = "k".repeat(MAX_KEY_BYTES + 1);
        assert_eq!(check_pasted(" \n\n"), Err(Msg::PasteNone));
        assert_eq!(
            check_pasted(&format!("a\n\n{long}\nb\n{long}x")),
            Err(Msg::PasteKeyTooLong {
                line: 2,
                bytes: MAX_KEY_BYTES + 1
            })
        );
        assert_eq!(check_pasted("a\r\n b \n"), Ok(2));
        assert_eq!(
            parse_pasted("a\r\n b \n"),
            Ok(vec!["a".to_string(), "b".to_string()])
        );
    }
}
