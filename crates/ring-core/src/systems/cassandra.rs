//! Cassandra's `Murmur3Partitioner` (apache/cassandra
//! `src/java/org/apache/cassandra/dht/Murmur3Partitioner.java`) and `SimpleStrategy`
//! (`locator/SimpleStrategy.java`), two ways to give nodes tokens:
//!
//! - `cassandra`: one evenly spaced token per node, as `initial_token` is set for a
//!   balanced ring: node `i` of `N` gets `−2^63 + i · ⌊2^64 / N⌋`.
//! - `cassandra-vnodes`: `num_tokens` random tokens per node, as
//!   `BootStrapper.getRandomTokens` draws them: `Murmur3Partitioner.getRandomToken(r)` is
//!   `normalize(r.nextLong())`, and a node keeps drawing until it holds `num_tokens`
//!   distinct tokens that no node before it owns. Cassandra draws from
//!   `ThreadLocalRandom`, which no one can seed, so a real cluster's tokens cannot be
//!   reproduced; here every draw comes from one `java.util.Random(seed)` (reproduced
//!   exactly: the 48-bit LCG, `nextLong = (next(32) << 32) + next(32)`), the nodes drawing
//!   in the order given, as if they bootstrapped one after another. The token
//!   *allocation* algorithm of `allocate_tokens_for_local_replication_factor` (4.0's
//!   default, with `num_tokens: 16`) is not modelled.
//!
//! A key's token is [`crate::cassandra_murmur3::token`]; a token owns the range
//! (previous token, its token], so a key goes to the first token at or after its own,
//! wrapping past the largest to the smallest. Its replicas
//! ([`super::Locate::preference_list`]) are SimpleStrategy's: walking the ring clockwise
//! from that token, each token's node unless already taken, until `replication_factor`
//! nodes (or every token walked). Cassandra refuses an empty partition key.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemNode, SystemParam, SystemSpec,
    Weights, MAX_SYSTEM_POINTS,
};
use crate::cassandra_murmur3::token;
use crate::metrics::first_repeat;
use crate::placement::NodeIndex;

/// SimpleStrategy's `replication_factor`.
const REPLICATION_FACTOR: SystemParam = SystemParam {
    name: "replication-factor",
    description: "SimpleStrategy replication_factor (the preference list's length)",
    default: 3,
    min: 1,
    max: 100,
};

/// Cassandra, one evenly spaced token per node.
pub static SPEC: SystemSpec = SystemSpec {
    id: "cassandra",
    description: "Cassandra Murmur3Partitioner, one evenly spaced token per node (initial_token), SimpleStrategy replicas",
    source: "apache/cassandra src/java/org/apache/cassandra/dht/Murmur3Partitioner.java, utils/MurmurHash.java, locator/SimpleStrategy.java",
    weights: Weights::None,
    node_syntax: "the nodes in token order (node i gets token -2^63 + i * (2^64 div N)); names are not hashed",
    params: &[REPLICATION_FACTOR],
    key_hash: "cassandra-murmur3",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// Cassandra, `num_tokens` random tokens per node from a seeded `java.util.Random`.
pub static VNODES: SystemSpec = SystemSpec {
    id: "cassandra-vnodes",
    description: "Cassandra Murmur3Partitioner, num_tokens random tokens per node (getRandomTokens, java.util.Random(seed)), SimpleStrategy replicas",
    source: "apache/cassandra src/java/org/apache/cassandra/dht/BootStrapper.java (getRandomTokens), dht/Murmur3Partitioner.java, locator/SimpleStrategy.java",
    weights: Weights::None,
    node_syntax: "the nodes in bootstrap order (each draws its tokens after the ones before it); names are not hashed",
    params: &[
        SystemParam {
            name: "num-tokens",
            description: "num_tokens (256 until Cassandra 4.0)",
            default: 256,
            min: 1,
            max: 16_384,
        },
        SystemParam {
            name: "seed",
            description: "the seed of the java.util.Random the tokens are drawn from",
            default: 0,
            min: 0,
            max: i64::MAX as u64,
        },
        REPLICATION_FACTOR,
    ],
    key_hash: "cassandra-murmur3",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::System,
    client_of: None,
    build: build_vnodes,
};

/// The evenly spaced tokens of `nodes` nodes.
///
/// ```
/// use ring_core::systems::evenly_spaced_tokens;
/// assert_eq!(evenly_spaced_tokens(2), vec![i64::MIN, 0]);
/// ```
pub fn evenly_spaced_tokens(nodes: u32) -> Vec<i64> {
    let step = (1i128 << 64) / i128::from(nodes.max(1));
    (0..i128::from(nodes))
        .map(|i| (i128::from(i64::MIN) + i * step) as i64)
        .collect()
}

/// `java.util.Random`, exactly: a 48-bit linear congruential generator.
///
/// ```
/// use ring_core::systems::JavaRandom;
/// assert_eq!(JavaRandom::new(0).next_long(), -4962768465676381896);
/// ```
#[derive(Clone, Debug)]
pub struct JavaRandom {
    seed: u64,
}

impl JavaRandom {
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const MASK: u64 = (1 << 48) - 1;

    /// `new Random(seed)`: the seed scrambled with the multiplier.
    pub fn new(seed: i64) -> Self {
        JavaRandom {
            seed: (seed as u64 ^ Self::MULTIPLIER) & Self::MASK,
        }
    }

    /// `next(bits)`: the top `bits` of the advanced state, as a signed `int`.
    fn next(&mut self, bits: u32) -> i32 {
        self.seed = (self.seed.wrapping_mul(Self::MULTIPLIER).wrapping_add(0xB)) & Self::MASK;
        (self.seed >> (48 - bits)) as u32 as i32
    }

    /// `nextLong()`: `((long) next(32) << 32) + next(32)`, the second `int` signed.
    pub fn next_long(&mut self) -> i64 {
        let high = i64::from(self.next(32));
        let low = i64::from(self.next(32));
        (high << 32).wrapping_add(low)
    }
}

/// `Murmur3Partitioner.getRandomToken(r)`: `normalize(r.nextLong())`, the minimum token
/// turned into the maximum.
pub fn cassandra_random_token(random: &mut JavaRandom) -> i64 {
    match random.next_long() {
        i64::MIN => i64::MAX,
        t => t,
    }
}

/// The first `wanted` distinct values of `draw`, in the order drawn. Cassandra refuses a
/// token already owned (`metadata.getEndpoint(token) == null`, then a HashSet add) and
/// draws again: a draw is refused exactly when it repeats an earlier one, so the tokens
/// are the draws without their repeats. Drawn all at once, then each repeat (a chance of
/// about wanted²/2^65) dropped and one more drawn at the end; no hash set, which would
/// cost the wasm build a hash table of its own.
pub(crate) fn distinct_draws(wanted: usize, mut draw: impl FnMut() -> i64) -> Vec<i64> {
    let mut tokens: Vec<i64> = (0..wanted).map(|_| draw()).collect();
    while let Some(i) = first_repeat(tokens.iter().map(|&t| t as u64), |_, _| true) {
        tokens.remove(i);
        tokens.push(draw());
    }
    tokens
}

/// One `java.util.Random(seed)`'s tokens, drawn one after another.
pub(crate) fn random_token_stream(seed: i64) -> impl FnMut() -> i64 {
    let mut random = JavaRandom::new(seed);
    move || cassandra_random_token(&mut random)
}

/// `BootStrapper.getRandomTokens` for each of `nodes` nodes in turn, from one
/// `java.util.Random(seed)`: node `i`'s tokens, each distinct and owned by no earlier node.
pub fn cassandra_random_tokens(nodes: usize, num_tokens: usize, seed: i64) -> Vec<Vec<i64>> {
    tokens_by_node(nodes, num_tokens, random_token_stream(seed))
}

/// The first `nodes × num_tokens` distinct draws of `draw`, `num_tokens` to each node in
/// turn.
pub(crate) fn tokens_by_node(
    nodes: usize,
    num_tokens: usize,
    draw: impl FnMut() -> i64,
) -> Vec<Vec<i64>> {
    distinct_draws(nodes.saturating_mul(num_tokens), draw)
        .chunks(num_tokens.max(1))
        .map(<[i64]>::to_vec)
        .chain(std::iter::repeat_with(Vec::new))
        .take(nodes)
        .collect()
}

/// A token as a position on a ring of 2^64 that keeps the tokens' signed order: the lowest
/// token, −2^63, at 0.
fn ring_position(token: i64) -> u64 {
    (token as u64) ^ (1 << 63)
}

/// The token at a ring position ([`ring_position`] undone).
fn token_of(position: u64) -> i64 {
    (position ^ (1 << 63)) as i64
}

/// The tokens of each node (`tokens[i]` node `i`'s) as `(position, node)` pairs, by token,
/// then by node: the sort the crate already has, of (u64, usize), on the tokens' ring
/// positions (which keep their signed order).
pub(crate) fn node_token_ring(tokens: &[Vec<i64>]) -> Vec<(u64, usize)> {
    let mut ring: Vec<(u64, usize)> = tokens
        .iter()
        .enumerate()
        .flat_map(|(i, ts)| ts.iter().map(move |&t| (ring_position(t), i)))
        .collect();
    crate::metrics::sort_indexed(&mut ring);
    ring
}

/// [`node_token_ring`] of [`tokens_by_node`] with one sort where there were two (the
/// repeat check's and the ring's): the first `nodes × num_tokens` draws are sorted with
/// their node, and only if two are equal (a chance of about (nodes × num_tokens)² / 2^65
/// for Java's random tokens) are the repeats dropped the long way, from a new `stream()`.
/// A join on 1,000 nodes × 256 tokens sorted 512,000 pairs; now 256,000. Also whether the
/// first draws held no repeat: then the ring's tokens are exactly the stream's first
/// `nodes × num_tokens` draws, and a node joining next draws the ones after them.
pub(crate) fn random_token_ring<D: FnMut() -> i64>(
    nodes: usize,
    num_tokens: usize,
    stream: impl Fn() -> D,
) -> (Vec<(u64, usize)>, bool) {
    let per_node = num_tokens.max(1);
    let mut draw = stream();
    let mut ring: Vec<(u64, usize)> = (0..nodes.saturating_mul(num_tokens))
        .map(|i| (ring_position(draw()), i / per_node))
        .collect();
    crate::metrics::sort_indexed(&mut ring);
    if ring.windows(2).any(|w| w[0].0 == w[1].0) {
        return (
            node_token_ring(&tokens_by_node(nodes, num_tokens, stream())),
            false,
        );
    }
    (ring, true)
}

/// How a ring of random tokens was drawn, when its tokens are exactly the first `drawn`
/// draws of `java.util.Random(seed)` (none repeated): what a join needs to draw the
/// newcomer's tokens after them.
#[derive(Clone, Copy, Debug)]
struct Draws {
    seed: i64,
    num_tokens: usize,
    drawn: usize,
}

/// A ring of tokens, each a node's.
#[derive(Clone, Debug)]
pub struct Cassandra {
    /// The system's id, for refusals.
    system: &'static str,
    /// The tokens in ascending order.
    tokens: Vec<i64>,
    /// The node of each token.
    owners: Vec<NodeIndex>,
    /// SimpleStrategy's replication factor.
    replication_factor: usize,
    /// How the tokens were drawn, for a ring of random tokens a join can extend.
    draws: Option<Draws>,
}

impl Cassandra {
    /// A ring of `tokens` (ascending), node `i` owning `tokens[i]`, replication factor 1.
    pub fn from_tokens(tokens: Vec<i64>) -> Self {
        let owners = (0..tokens.len()).map(index).collect();
        Cassandra {
            system: SPEC.id,
            tokens,
            owners,
            replication_factor: 1,
            draws: None,
        }
    }

    /// A ring of the tokens of each node (`tokens[i]` node `i`'s), with SimpleStrategy's
    /// `replication_factor`.
    pub fn from_node_tokens(tokens: &[Vec<i64>], replication_factor: usize) -> Self {
        Self::of_system(SPEC.id, tokens, replication_factor)
    }

    fn of_system(system: &'static str, tokens: &[Vec<i64>], replication_factor: usize) -> Self {
        Self::of_ring(system, node_token_ring(tokens), replication_factor)
    }

    /// A ring of `(position, node)` pairs sorted as [`node_token_ring`] sorts them.
    fn of_ring(system: &'static str, ring: Vec<(u64, usize)>, replication_factor: usize) -> Self {
        Cassandra {
            system,
            tokens: ring.iter().map(|p| token_of(p.0)).collect(),
            owners: ring.iter().map(|p| index(p.1)).collect(),
            replication_factor,
            draws: None,
        }
    }

    /// The ring after one more node bootstraps, drawing its `num_tokens` tokens after
    /// everyone else's, and the ring positions of its tokens (ascending): the ring built
    /// again over the longer node list, without sorting every token again (at 1,000 nodes
    /// × 256 tokens, a join was 23 ms, most of it the sort). `None` where a rebuild is the
    /// exact way: tokens not drawn from a seed, or a newcomer's draw that repeats a token
    /// (a chance of about 2^-30 a join), which Cassandra would draw again, or a ring grown
    /// past the system's bound.
    fn with_newcomer(&self) -> Option<(Cassandra, Vec<u64>)> {
        let draws = self.draws?;
        // Past the system's bound, a rebuild gives the error.
        if (draws.drawn + draws.num_tokens) as u64 > MAX_SYSTEM_POINTS {
            return None;
        }
        let mut random = JavaRandom::new(draws.seed);
        for _ in 0..draws.drawn {
            random.next_long();
        }
        let newcomer = draws.drawn / draws.num_tokens.max(1);
        let mut added: Vec<(u64, usize)> = (0..draws.num_tokens)
            .map(|_| (ring_position(cassandra_random_token(&mut random)), newcomer))
            .collect();
        crate::metrics::sort_indexed(&mut added);
        let repeats = added.windows(2).any(|w| w[0].0 == w[1].0)
            || added
                .iter()
                .any(|p| self.tokens.binary_search(&token_of(p.0)).is_ok());
        if repeats {
            return None;
        }
        let mut old = self
            .tokens
            .iter()
            .zip(&self.owners)
            .map(|(&t, &owner)| (ring_position(t), owner as usize))
            .peekable();
        let mut new = added.iter().copied().peekable();
        let merged = std::iter::from_fn(|| match (old.peek(), new.peek()) {
            (Some(o), Some(n)) if n.0 < o.0 => new.next(),
            (Some(_), _) => old.next(),
            _ => new.next(),
        });
        // Sized first: collected from `from_fn`, which cannot tell its length, the ring
        // grew by doubling (3 ms of a 256,000-token join).
        let mut pairs = Vec::with_capacity(self.tokens.len() + added.len());
        pairs.extend(merged);
        let mut ring = Self::of_ring(self.system, pairs, self.replication_factor);
        ring.draws = Some(Draws {
            drawn: draws.drawn + draws.num_tokens,
            ..draws
        });
        Some((ring, added.into_iter().map(|p| p.0).collect()))
    }

    /// The position of the first token at or after `token`, wrapping.
    fn first_at_or_after(&self, token: i64) -> usize {
        let i = self.tokens.partition_point(|&t| t < token);
        if i == self.tokens.len() {
            0
        } else {
            i
        }
    }

    /// The node owning `token`: the first token at or after it, wrapping.
    pub fn owner_of_token(&self, token: i64) -> NodeIndex {
        self.owners
            .get(self.first_at_or_after(token))
            .copied()
            .unwrap_or(0)
    }

    /// SimpleStrategy's replicas of `token`: from its token clockwise, each token's node
    /// unless already taken, until `replication_factor` nodes or the whole ring.
    pub fn replicas_of_token(&self, token: i64) -> Vec<NodeIndex> {
        let start = self.first_at_or_after(token);
        let n = self.owners.len();
        let mut replicas: Vec<NodeIndex> = Vec::with_capacity(self.replication_factor);
        for step in 0..n {
            if replicas.len() >= self.replication_factor {
                break;
            }
            let node = self.owners[(start + step) % n];
            if !replicas.contains(&node) {
                replicas.push(node);
            }
        }
        replicas
    }
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let rf = cluster.params.first().copied().unwrap_or(3) as usize;
    let tokens: Vec<Vec<i64>> = evenly_spaced_tokens(index(cluster.names.len()))
        .into_iter()
        .map(|t| vec![t])
        .collect();
    Ok(Box::new(Cassandra::from_node_tokens(&tokens, rf)))
}

fn build_vnodes(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let param = |i: usize, default: u64| cluster.params.get(i).copied().unwrap_or(default);
    let num_tokens = param(0, 256);
    let points = num_tokens.saturating_mul(cluster.names.len() as u64);
    if points > MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points });
    }
    let seed = i64::try_from(param(1, 0)).unwrap_or(i64::MAX);
    let num_tokens = num_tokens as usize;
    let (ring, unrepeated) = random_token_ring(cluster.names.len(), num_tokens, || {
        random_token_stream(seed)
    });
    let drawn = ring.len();
    let mut cassandra = Cassandra::of_ring(VNODES.id, ring, param(2, 3) as usize);
    cassandra.draws = unrepeated.then_some(Draws {
        seed,
        num_tokens,
        drawn,
    });
    Ok(Box::new(cassandra))
}

impl Cassandra {
    fn key_token(&self, key: &str) -> Result<i64, KeyRefused> {
        if key.is_empty() {
            return Err(KeyRefused::new(
                self.system,
                key,
                "Cassandra refuses an empty partition key",
            ));
        }
        Ok(token(key.as_bytes()))
    }
}

impl Locate for Cassandra {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.owner_of_token(self.key_token(key)?))
    }

    fn preference_list(&self, key: &str) -> Option<Result<Vec<NodeIndex>, KeyRefused>> {
        Some(self.key_token(key).map(|t| self.replicas_of_token(t)))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        self.key_token(key).map(ring_position)
    }

    fn picture(&self) -> crate::placement::Picture {
        let points = self.tokens.iter().map(|&t| ring_position(t));
        super::numbered_ring(64, points.zip(self.owners.iter().copied()))
    }

    fn space_bits(&self) -> u32 {
        64
    }

    fn joined(&self, newcomer: &SystemNode) -> Option<(Box<dyn Locate>, Vec<u64>)> {
        // Names are not hashed: the newcomer's tokens are the stream's next draws.
        let _ = newcomer;
        self.with_newcomer()
            .map(|(ring, added)| (Box::new(ring) as Box<dyn Locate>, added))
    }
}
