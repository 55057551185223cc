//! The app's own limits, in one place, and the refusals they produce.
//!
//! The core's limits (nodes, name length, weights, virtual nodes, ring points, slots,
//! Maglev's table, ε, the replication factor's node count) live in
//! [`ring_core::error`] and are checked by `ring_core::build` for the app and `ringlab`
//! alike. The limits here are the ones only the page needs: how many keys it places,
//! how long a typed key may be, and how much work one change may cost, so that the page
//! answers within a frame or two instead of freezing. Each was chosen by measuring the
//! release build in Chromium on the two-core test machine (the book's "Limits and bad input",
//! docs/book/src/guide/limits.md, says why each is where it is).
//!
//! A refusal is data ([`Refusal`]: the problem and its numbers); `Display` words it in
//! English, naming the problem and the allowed range.

use std::fmt;

use ring_core::BuildError;

use super::algo::AlgoId;

/// Fewest keys in a key set.
pub(crate) const MIN_KEYS: u32 = 1;
/// Most keys in a key set, generated or pasted. Above `job::SYNC_KEYS` (50,000) a change
/// that places every key again runs in slices between frames behind a progress bar, and a
/// join or a leave on a ring re-examines only the keys in the arcs that changed, so a
/// million keys never block the page for long (BENCHMARKS.md, "The app", has the figures).
pub(crate) const MAX_KEYS: u32 = 1_000_000;
/// Most keys the Compare and Replication views work on: the first this many of the lab's
/// keys (both say so on screen). Each Compare column places its keys two or three times
/// and the replication totals walk the ring once per key, all inside one frame: with
/// 50,000 keys opening Compare held one frame for 33 ms (`bench/app/large.mjs`), with
/// 20,000 it stays within 16.8 ms.
pub(crate) const MAX_VIEW_KEYS: usize = 20_000;
/// Longest pasted key, in bytes of UTF-8.
pub(crate) const MAX_KEY_BYTES: usize = 1_024;
/// Most bytes of pasted text read at all: checked before the text is split into keys, so a
/// huge paste is refused at once. Room for 200,000 keys of about 40 bytes, or a million of
/// 7; more keys than that are generated, not pasted.
pub(crate) const MAX_PASTE_BYTES: usize = 8 * 1024 * 1024;
/// Longest key typed to be explained, looked up on the Chord ring or replicated, in bytes.
pub(crate) const MAX_LOOKUP_KEY_BYTES: usize = 1_024;
/// Most keys drawn as dots; counts and charts always cover every key.
pub(crate) const MAX_DRAWN: u32 = 2_000;
/// Most keys a user may ask to have drawn as dots (the Keys panel's "keys drawn"; the
/// default is [`MAX_DRAWN`]). The moving-keys animation draws 10,000 moving dots at 60
/// frames per second in the release build (`bench/app/animation.mjs`); twice that still
/// animates, and more dots would cover the key band solid.
pub(crate) const MAX_DRAWN_LIMIT: u32 = 20_000;
/// Rendezvous hashing scores every node for every key: at most this many scores (nodes up
/// × keys) per placement. Measured: 10,000,000 scores block the page for about 170 ms.
pub(crate) const MAX_SCORES: u64 = 10_000_000;
/// Largest replication factor the replication view computes. Its totals walk the ring
/// once per key until R distinct nodes are found: with 200 nodes, R = 200 and 100,000 keys
/// that blocked the page for 6 s; with R = 10 and 200,000 keys, 220 to 300 ms.
pub(crate) const MAX_REPLICAS: u32 = 10;
/// Most points (ring points, slots or table entries) the Paper view's whole table may build:
/// it computes the cells one after another between frames, and refuses a table above this.
pub(crate) const MAX_PAPER_POINTS: u64 = 2_000_000;
/// Most node counts or virtual-node counts in one of the Paper view's lists.
pub(crate) const MAX_PAPER_LIST: usize = 24;

/// A refusal by one of the app's own limits, with its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Pasted text longer than [`MAX_PASTE_BYTES`].
    PasteTooLarge {
        /// Its length in bytes.
        bytes: usize,
        /// [`MAX_PASTE_BYTES`].
        max: usize,
    },
    /// Rendezvous over more than [`MAX_SCORES`] node-key pairs.
    TooManyScores {
        /// Nodes that are up.
        nodes: u64,
        /// Keys.
        keys: u64,
        /// [`MAX_SCORES`].
        max: u64,
    },
    /// A replication factor above [`MAX_REPLICAS`] (and within the node count).
    TooManyReplicas {
        /// The factor typed.
        replicas: u32,
        /// The largest allowed here: the smaller of [`MAX_REPLICAS`] and the node count.
        max: u32,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::PasteTooLarge { bytes, max } => write!(
                f,
                "the pasted text is {bytes} bytes long: paste at most {max} bytes (1 to {MAX_KEYS} keys, one per line)"
            ),
            Refusal::TooManyScores { nodes, keys, max } => write!(
                f,
                "rendezvous scores every node for every key: {nodes} nodes × {keys} keys is {} scores, at most {max} (fewer keys or nodes)",
                nodes.saturating_mul(*keys)
            ),
            Refusal::TooManyReplicas { replicas, max } => write!(
                f,
                "replication factor {replicas}: it must be from 1 to {max} here"
            ),
        }
    }
}

/// Why a placement could not be made: the core refused it, or it is over one of the app's
/// limits.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PlaceError {
    /// The core's refusal.
    Core(BuildError),
    /// Over one of the app's limits.
    Limit(Refusal),
}

impl From<BuildError> for PlaceError {
    fn from(e: BuildError) -> Self {
        PlaceError::Core(e)
    }
}

impl From<Refusal> for PlaceError {
    fn from(r: Refusal) -> Self {
        PlaceError::Limit(r)
    }
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::Core(e) => e.fmt(f),
            PlaceError::Limit(r) => r.fmt(f),
        }
    }
}

/// Whether placing `keys` keys on `nodes` nodes with `kind` stays within the work limits.
pub(crate) fn check_work(kind: AlgoId, nodes: usize, keys: usize) -> Result<(), Refusal> {
    if !kind.spec().scores_every_node {
        return Ok(());
    }
    let (nodes, keys) = (nodes as u64, keys as u64);
    if nodes.saturating_mul(keys) > MAX_SCORES {
        return Err(Refusal::TooManyScores {
            nodes,
            keys,
            max: MAX_SCORES,
        });
    }
    Ok(())
}

/// Whether pasted text is short enough to be read.
pub(crate) fn check_paste(text: &str) -> Result<(), Refusal> {
    if text.len() > MAX_PASTE_BYTES {
        return Err(Refusal::PasteTooLarge {
            bytes: text.len(),
            max: MAX_PASTE_BYTES,
        });
    }
    Ok(())
}

/// Whether the replication view computes `replicas` copies on a ring of `nodes` nodes
/// (the core refuses more than the node count with its own message).
pub(crate) fn check_replicas(replicas: u32, nodes: usize) -> Result<(), Refusal> {
    let nodes = u32::try_from(nodes).unwrap_or(u32::MAX);
    if replicas > MAX_REPLICAS && replicas <= nodes {
        return Err(Refusal::TooManyReplicas {
            replicas,
            max: MAX_REPLICAS.min(nodes),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendezvous_work_is_capped_and_other_algorithms_are_not() {
        assert_eq!(check_work(AlgoId::Rendezvous, 100, 100_000), Ok(()));
        let e = check_work(AlgoId::Rendezvous, 101, 100_000);
        assert_eq!(
            e,
            Err(Refusal::TooManyScores {
                nodes: 101,
                keys: 100_000,
                max: MAX_SCORES
            })
        );
        let text = e.map_err(|r| r.to_string()).err().unwrap_or_default();
        assert!(text.contains("101 nodes × 100000 keys is 10100000 scores, at most 10000000"));
        assert_eq!(
            check_work(AlgoId::Virtual, 10_000, MAX_KEYS as usize),
            Ok(())
        );
        assert!(check_work(AlgoId::Rendezvous, usize::MAX, usize::MAX).is_err());
    }

    #[test]
    fn pasted_text_is_capped_in_bytes() {
        assert_eq!(check_paste(&"k".repeat(MAX_PASTE_BYTES)), Ok(()));
        let e = check_paste(&"k".repeat(MAX_PASTE_BYTES + 1));
        assert_eq!(
            e,
            Err(Refusal::PasteTooLarge {
                bytes: MAX_PASTE_BYTES + 1,
                max: MAX_PASTE_BYTES
            })
        );
        let text = e.map_err(|r| r.to_string()).err().unwrap_or_default();
        assert!(text.contains("at most 8388608 bytes"), "{text}");
    }

    #[test]
    fn replication_factor_above_the_cap_is_refused_only_within_the_node_count() {
        assert_eq!(check_replicas(10, 50), Ok(()));
        assert_eq!(
            check_replicas(11, 50),
            Err(Refusal::TooManyReplicas {
                replicas: 11,
                max: 10
            })
        );
        // More than the node count is the core's refusal, with its own words.
        assert_eq!(check_replicas(99, 5), Ok(()));
        let text = Refusal::TooManyReplicas {
            replicas: 11,
            max: 10,
        }
        .to_string();
        assert_eq!(text, "replication factor 11: it must be from 1 to 10 here");
    }
}
