//! Caddy's `reverse_proxy` with the `header` selection policy, as in Caddy 2.6.2
//! (caddyserver/caddy `modules/caddyhttp/reverseproxy/selectionpolicies.go`,
//! `HeaderHashSelection.Select`, `hostByHashing`, `hash`; `hosts.go`, `Upstream.String`).
//!
//! - **Rule.** Rendezvous: every upstream scores the 32-bit FNV-1a of the header's value
//!   followed by the upstream's `dial` text, and the highest wins. The comparison is strict
//!   (`h > highestHash`, from 0), so on equal scores the earlier upstream wins, and an
//!   upstream whose score is 0 never wins: if every score is 0 Caddy has no upstream and
//!   answers 503, so that key is refused. (Later Caddy hashes with XXH64 instead; earlier
//!   Caddy took `fnv(key) % n`.)
//! - **Keys.** The header's value: an empty one makes Caddy pick at random, so it is
//!   refused. Go's HTTP server refuses a value with control characters and trims its
//!   leading and trailing spaces and tabs, so such keys are refused too: the value Caddy
//!   sees would not be the key.
//! - **Nodes.** Upstreams by their `dial` address as written in the JSON config, hashed
//!   as text (the Caddyfile's `reverse_proxy app:80` writes `app:80`). No weights;
//!   health and `Available()` are not modelled: every upstream is up.
//!
//! Because the key comes first, its FNV-1a state is shared by every upstream: that state is
//! the key's position, and every score continues it with the upstream's `dial`.

use super::{Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemSpec, Weights};
use crate::hash::{fnv1a_32, fnv1a_32_continued};
use crate::placement::{NodeIndex, Picture};

/// Caddy's `header` selection policy.
pub static SPEC: SystemSpec = SystemSpec {
    id: "caddy",
    description: "Caddy 2.6 reverse_proxy, selection policy header: the upstream with the highest fnv1a32(value + dial) (rendezvous)",
    source: "caddyserver/caddy modules/caddyhttp/reverseproxy/selectionpolicies.go",
    weights: Weights::None,
    node_syntax: "an upstream's `dial` address as written in the JSON config (`10.0.0.1:8080`, `app:80`), hashed as written",
    params: &[],
    key_hash: "fnv1a-32",
    shape: crate::registry::Picture::Scores,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// Why a key whose every score is 0 is refused.
const NO_UPSTREAM: &str = "every upstream's hash is 0, so Caddy finds none and answers 503";

/// Why Caddy would not see `key` as the header's value, or would pick at random.
fn refusal(key: &str) -> Option<&'static str> {
    if key.is_empty() {
        Some("Caddy sends a request whose header is empty to a random upstream")
    } else if key.bytes().any(|b| (b < 0x20 && b != b'\t') || b == 0x7f) {
        Some("an HTTP header's value has no control characters")
    } else if key.starts_with([' ', '\t']) || key.ends_with([' ', '\t']) {
        Some("an HTTP header's value loses its leading and trailing spaces")
    } else {
        None
    }
}

/// `hostByHashing`'s choice among the upstreams by their `scores`, in order: the first with
/// the highest score above 0 (`h > highestHash` from 0), or none if every score is 0.
pub(crate) fn highest(scores: impl Iterator<Item = u32>) -> Option<NodeIndex> {
    let mut highest = 0u32;
    let mut winner = None;
    for (i, score) in scores.enumerate() {
        if score > highest {
            highest = score;
            winner = Some(super::index(i));
        }
    }
    winner
}

struct Caddy {
    dials: Vec<String>,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Caddy {
        dials: cluster.names.iter().map(|n| n.to_string()).collect(),
    }))
}

impl Caddy {
    fn scores_from(&self, state: u32) -> impl Iterator<Item = u32> + '_ {
        self.dials
            .iter()
            .map(move |dial| fnv1a_32_continued(state, dial.as_bytes()))
    }

    fn winner(&self, state: u32) -> Option<NodeIndex> {
        highest(self.scores_from(state))
    }
}

impl Locate for Caddy {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        let state = self.position(key)? as u32;
        self.winner(state)
            .ok_or_else(|| KeyRefused::new(SPEC.id, key, NO_UPSTREAM))
    }

    /// The FNV-1a state after the key, which every upstream's score continues.
    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if let Some(reason) = refusal(key) {
            return Err(KeyRefused::new(SPEC.id, key, reason));
        }
        let state = fnv1a_32(key.as_bytes());
        if self.winner(state).is_none() {
            return Err(KeyRefused::new(SPEC.id, key, NO_UPSTREAM));
        }
        Ok(u64::from(state))
    }

    fn picture(&self) -> Picture {
        Picture::Scores {
            nodes: super::index(self.dials.len()),
        }
    }

    fn scores(&self, key: &str) -> Option<Result<Vec<f64>, KeyRefused>> {
        Some(self.position(key).map(|state| {
            self.scores_from(state as u32)
                .map(super::score_of_hash)
                .collect()
        }))
    }
}
