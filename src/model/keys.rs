//! Key sets: generated from a seed with splitmix64 (so a seed always gives the same keys, on
//! every target), or pasted by the user, one per line; and the deterministic sample of keys
//! the canvas draws.

// The limits live with the app's other limits; re-exported where key sets are made.
pub use super::limits::{MAX_DRAWN, MAX_KEYS, MAX_KEY_BYTES, MIN_KEYS};

use crate::i18n::Msg;

/// Sebastiano Vigna's splitmix64: tiny, fast, and the same on every platform.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0); the modulo bias is irrelevant at these sizes.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound.max(1)
    }
}

const PREFIXES: [&str; 6] = ["user", "session", "cart", "order", "image", "post"];
const ALPHABET: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// `count` keys such as `user:123:k3f`, all distinct (the middle number is the key's own
/// number), reproducible from `seed`.
pub fn generate(count: u32, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    (1..=count)
        .map(|n| {
            let prefix = PREFIXES[rng.below(PREFIXES.len() as u64) as usize];
            let suffix: String = (0..3)
                .map(|_| char::from(ALPHABET[rng.below(ALPHABET.len() as u64) as usize]))
                .collect();
            format!("{prefix}:{n}:{suffix}")
        })
        .collect()
}

/// The keys of pasted text: one per line, surrounding whitespace removed, empty lines skipped.
pub fn parse_pasted(text: &str) -> Result<Vec<String>, Msg> {
    let keys: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    if keys.is_empty() {
        return Err(Msg::PasteNone);
    }
    if keys.len() > MAX_KEYS as usize {
        return Err(Msg::PasteTooMany { count: keys.len() });
    }
    if let Some((line, key)) = keys
        .iter()
        .enumerate()
        .find(|(_, k)| k.len() > MAX_KEY_BYTES)
    {
        return Err(Msg::PasteKeyTooLong {
            line: line + 1,
            bytes: key.len(),
        });
    }
    Ok(keys)
}

/// A key count typed by the user.
pub fn parse_count(text: &str) -> Result<u32, Msg> {
    let t = text.trim().replace([',', '_', ' '], "");
    if t.is_empty() {
        return Err(Msg::KeyCountEmpty);
    }
    match t.parse::<u64>() {
        Ok(n) if (u64::from(MIN_KEYS)..=u64::from(MAX_KEYS)).contains(&n) => Ok(n as u32),
        Ok(count) => Err(Msg::KeyCountOutOfRange { count }),
        Err(_) => Err(Msg::KeyCountNotNumber {
            text: text.trim().to_string(),
        }),
    }
}

/// A seed typed by the user: any whole number from 0 to 2^64 − 1.
pub fn parse_seed(text: &str) -> Result<u64, Msg> {
    let t = text.trim();
    t.parse::<u64>().map_err(|_| Msg::SeedNotWhole {
        text: t.to_string(),
    })
}

/// Indices of the keys to draw: all of them up to [`MAX_DRAWN`], otherwise [`MAX_DRAWN`]
/// spread evenly over the set (the same set of keys gives the same sample).
pub fn sample(total: u32) -> Vec<u32> {
    if total <= MAX_DRAWN {
        return (0..total).collect();
    }
    (0..MAX_DRAWN)
        .map(|i| (u64::from(i) * u64::from(total) / u64::from(MAX_DRAWN)) as u32)
        .collect()
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
    fn counts_and_seeds() {
        assert_eq!(parse_count("10,000"), Ok(10_000));
        assert_eq!(parse_count("1"), Ok(1));
        assert_eq!(parse_count("200000"), Ok(MAX_KEYS));
        for bad in [
            "0",
            "200001",
            "10000001",
            "",
            "ten",
            "-3",
            "1e6",
            "99999999999999999999999",
        ] {
            let e = parse_count(bad);
            assert!(e.is_err(), "{bad}");
            assert!(format!("{e:?}").contains("from 1 to 200000"), "{e:?}");
        }
        assert_eq!(parse_seed(" 42 "), Ok(42));
        assert!(parse_seed("x").is_err());
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
}
