//! Multi-probe consistent hashing (Appleton and O'Reilly, "Multi-probe consistent hashing",
//! 2015, arXiv:1505.00062), exact to dgryski/go-mpchash, `mpchash.go` @7382f34, with the
//! hash of its `compat_test.go`: `h(b, s) = siphash.Hash(s, 0, b)`, SipHash-2-4 with
//! `k0 = s`, `k1 = 0` ([`siphash24`]).
//!
//! - **What it is:** one point per node on a 64-bit ring, `h(name, 0)`; a key is hashed
//!   `k` times and goes to the node whose point follows one of its probes most closely.
//! - **Lookup** ([`MultiProbe::locate`]): `h1 = h(key, s0)`, `h2 = h(key, s1)`; probe `i`
//!   (`0 <= i < k`) is `h1 + i·h2` (wrapping); its node is the first point strictly greater
//!   than the probe, wrapping to the smallest point; its distance is `point − probe`
//!   (wrapping). The smallest distance wins, the earlier probe on a tie (the reference
//!   compares with `<`). Cost: `2` hashes of the key and `k` searches.
//! - **Shards:** as in the reference, the points are grouped by their top `bitlen(n / 6)`
//!   bits (one group below 6 nodes), so a search looks at about 6 points; here the groups
//!   are ranges of one sorted array ([`MultiProbe::shard_count`]), which finds the same
//!   points as the reference's separate slices.
//! - **Memory:** 12 bytes per node (a point and its node) and 4 per shard, at most
//!   `n / 3 + 1` shards: about 13 to 14 bytes per node ([`MultiProbe::memory_bytes`]).
//! - **Changes:** built from a node list; adding or removing a node moves only the keys it
//!   gains or loses (the other points stay where they are).
//! - **Names with the same point:** the reference maps a point to the last node of that
//!   point in list order (a later entry overwrites its `map[uint64]string`), and so does
//!   [`MultiProbe::locate`]. The one case the reference answers with no node at all, the
//!   empty string (every probe at the largest distance, `2^64 − 1`, which needs every point
//!   to be equal), gives that point's node here.

use crate::bucket_error::BucketError;
use crate::error::{self, BuildError};
use crate::hash::HashFn;
use crate::keys::SplitMix64;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint};
use crate::registry::{
    AlgoDocs, AlgoId, AlgoSpec, Algorithm, HashUse, ParamKind, ParamSpec, Picture as Drawn,
};
use crate::siphash::siphash24;
use crate::Config;

/// A seed of one of the two key hashes, 32 bits here (the reference's are 64) so that a
/// link and a field carry it exactly.
const fn seed_param(key: &'static str, flag: &'static str, default: u32) -> ParamSpec {
    ParamSpec {
        key,
        flag,
        unit: "",
        kind: ParamKind::Whole {
            min: 0,
            max: u32::MAX,
            default,
            picture_default: None,
            prime: false,
        },
    }
}

/// The most probes a key takes here: each costs a search, and past a few dozen they even
/// the load no further that can be seen (21 give a peak-to-mean near 1.05).
pub const MAX_PROBES: u32 = 64;

/// `multiprobe` in the registry: one point per node, `k` probes per key.
pub static SPEC: AlgoSpec = AlgoSpec {
    hash: HashUse::Fixed(HashFn::SipHash24),
    params: &[
        ParamSpec {
            key: "probes",
            flag: "probes",
            unit: "probes",
            kind: ParamKind::Whole {
                min: 1,
                max: MAX_PROBES,
                // The paper's and go-mpchash's choice: a peak-to-mean load near 1.05.
                default: 21,
                picture_default: None,
                prime: false,
            },
        },
        // go-mpchash's compatibility test uses seeds 1 and 2.
        seed_param("s0", "seed0", 1),
        seed_param("s1", "seed1", 2),
    ],
    shares_sampled: true,
    ..AlgoSpec::plain("multiprobe", Drawn::Ring, build_spec)
};

/// What `SPEC` is, in English, for the command line.
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "Multi-probe consistent hashing: one point per node, each key probes k times and takes the closest point",
    source: "dgryski/go-mpchash mpchash.go @7382f34 with SipHash-2-4 (compat_test.go)",
    params: &[
        "probes per key, k",
        "seed of the first key hash",
        "seed of the second key hash",
    ],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    error::validate_nodes(nodes, 1)?;
    SPEC.check_params(AlgoId::MultiProbe, &config.algorithm.params)?;
    let params = config.algorithm.params;
    let seeds = [u64::from(params.whole(1)), u64::from(params.whole(2))];
    let names: Vec<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
    // The nodes and the probe count are checked above, so MultiProbe::new accepts them.
    MultiProbe::new(&names, seeds, params.whole(0))
        .map(|m| Box::new(m) as Box<dyn Placement>)
        .map_err(|_| BuildError::NoNodes)
}

impl Algorithm {
    /// Multi-probe with `probes` probes and the seeds `s0`, `s1`.
    pub fn multiprobe(probes: u32, s0: u32, s1: u32) -> Algorithm {
        Algorithm::new(AlgoId::MultiProbe)
            .with(0, f64::from(probes))
            .with(1, f64::from(s0))
            .with(2, f64::from(s1))
    }
}

/// Sampled key hashes that estimate multi-probe's shares of the key space.
const SHARE_SAMPLES: u32 = 16_384;

/// The reference's `desiredCollisionRate`: about this many points per shard.
const DESIRED_COLLISION_RATE: usize = 6;

/// The reference's node and key hash, `siphash.Hash(seed, 0, bytes)`.
#[inline]
pub fn mpchash_hash(bytes: &[u8], seed: u64) -> u64 {
    siphash24(seed, 0, bytes)
}

/// A multi-probe hasher over a fixed node list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiProbe {
    /// The node points, sorted, each with the node it maps to (the last in list order with
    /// that point).
    points: Vec<(u64, u32)>,
    /// `starts[p]..starts[p + 1]` is shard `p` of `points`; `2^bits + 1` entries.
    starts: Vec<u32>,
    /// The shard prefix length, `bitlen(n / 6)`.
    bits: u32,
    seeds: [u64; 2],
    probes: u32,
}

impl MultiProbe {
    /// `mpchash.New(nodes, h, seeds, probes)`. Refused with no node, more than `u32::MAX`
    /// nodes, or no probe.
    ///
    /// ```
    /// use ring_core::multiprobe::MultiProbe;
    ///
    /// let cache = MultiProbe::new(&["cache-1", "cache-2", "cache-3", "cache-4"], [7, 8], 5).unwrap();
    /// assert_eq!(cache.locate("hello"), 0); // cache-1, crates/ring-core/tests/data/known-answers.md
    /// ```
    pub fn new<S: AsRef<str>>(
        nodes: &[S],
        seeds: [u64; 2],
        probes: u32,
    ) -> Result<Self, BucketError> {
        if nodes.is_empty() {
            return Err(BucketError::NoNodes);
        }
        if u32::try_from(nodes.len()).is_err() {
            return Err(BucketError::TooManyNodes { count: nodes.len() });
        }
        if probes == 0 {
            return Err(BucketError::NoProbes);
        }
        let mut points: Vec<(u64, u32)> = nodes
            .iter()
            .zip(0u32..)
            .map(|(name, i)| (mpchash_hash(name.as_ref().as_bytes(), 0), i))
            .collect();
        points.sort_unstable();
        // Equal points map to the last node with that point, as the reference's map does;
        // after the sort by (point, index) that is the last of each run.
        let mut end = points.len();
        while end > 0 {
            let (point, owner) = points[end - 1];
            let mut start = end - 1;
            while start > 0 && points[start - 1].0 == point {
                start -= 1;
                points[start].1 = owner;
            }
            end = start;
        }
        let bits = usize::BITS - (nodes.len() / DESIRED_COLLISION_RATE).leading_zeros();
        let shards = 1usize << bits;
        let mut starts = Vec::with_capacity(shards + 1);
        let mut next = 0usize;
        for shard in 0..shards {
            while next < points.len() && shard_of(points[next].0, bits) < shard as u64 {
                next += 1;
            }
            starts.push(next as u32);
        }
        starts.push(points.len() as u32);
        Ok(MultiProbe {
            points,
            starts,
            bits,
            seeds,
            probes,
        })
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.points.len()
    }

    /// The number of shards, `2^bitlen(n / 6)`.
    pub fn shard_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The probe count `k`.
    pub fn probes(&self) -> u32 {
        self.probes
    }

    /// The seeds of the two key hashes.
    pub fn seeds(&self) -> [u64; 2] {
        self.seeds
    }

    /// Bytes of the points and the shard starts.
    pub fn memory_bytes(&self) -> u64 {
        (12 * self.points.len() + 4 * self.starts.len()) as u64
    }

    /// The position in `points` of the first point strictly greater than `hash`, wrapping
    /// to 0: the reference's walk through its shards.
    fn successor(&self, hash: u64) -> usize {
        let shard = shard_of(hash, self.bits) as usize;
        // The top `bits` bits of a u64 index a shard, and starts has one more entry.
        let start = self.starts[shard] as usize;
        let end = self.starts[shard + 1] as usize;
        let found = start + self.points[start..end].partition_point(|&(p, _)| p <= hash);
        // Past the shard, the next point (in a later shard) is greater too.
        if found == self.points.len() {
            0
        } else {
            found
        }
    }

    /// `Hash(key)`: the index (in the list given to [`MultiProbe::new`]) of the key's node.
    pub fn locate(&self, key: &str) -> usize {
        let bytes = key.as_bytes();
        let h1 = mpchash_hash(bytes, self.seeds[0]);
        let h2 = mpchash_hash(bytes, self.seeds[1]);
        self.points[self.closest(h1, h2, |_| {})].1 as usize
    }

    /// The position in [`MultiProbe::points`] of the point closest after one of the probes
    /// `h1 + i·h2`, each probe told to `visit`; the earlier probe wins a tie.
    fn closest(&self, h1: u64, h2: u64, mut visit: impl FnMut(Probe)) -> usize {
        let mut min_distance = u64::MAX;
        let mut best = 0;
        for i in 0..self.probes {
            let position = h1.wrapping_add(u64::from(i).wrapping_mul(h2));
            let at = self.successor(position);
            let distance = self.points[at].0.wrapping_sub(position);
            visit(Probe {
                position,
                point: at as u32,
                distance,
            });
            if distance < min_distance {
                min_distance = distance;
                best = at;
            }
        }
        best
    }

    /// Every probe of `key` in order, and the index of the winning one among them.
    pub fn probe_path(&self, key: &str) -> (Vec<Probe>, u32) {
        let bytes = key.as_bytes();
        let h1 = mpchash_hash(bytes, self.seeds[0]);
        let h2 = mpchash_hash(bytes, self.seeds[1]);
        let mut probes = Vec::with_capacity(self.probes as usize);
        self.closest(h1, h2, |p| probes.push(p));
        // The first of the smallest distances, as the lookup's strict comparison keeps.
        let winner = probes
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| p.distance)
            .map_or(0, |(i, _)| i as u32);
        (probes, winner)
    }

    /// The node points, sorted, each with the index of the node it maps to.
    pub fn points(&self) -> &[(u64, u32)] {
        &self.points
    }
}

impl Placement for MultiProbe {
    fn node_count(&self) -> u32 {
        // At most u32::MAX nodes (checked when built).
        self.points.len() as u32
    }

    fn space_bits(&self) -> u32 {
        64
    }

    /// The key's first hash, `h(key, s0)`: where its first probe falls.
    fn key_position(&self, key: &str) -> u64 {
        mpchash_hash(key.as_bytes(), self.seeds[0])
    }

    fn locate(&self, key: &str) -> NodeIndex {
        MultiProbe::locate(self, key) as NodeIndex
    }

    fn explain(&self, key: &str) -> Explanation {
        let (probes, best) = self.probe_path(key);
        Explanation::Probes {
            probes,
            best,
            owner: MultiProbe::locate(self, key) as NodeIndex,
        }
    }

    fn picture(&self) -> Picture {
        Picture::Ring {
            space_bits: 64,
            points: self
                .points
                .iter()
                .map(|&(position, owner)| RingPoint {
                    position,
                    owner,
                    replica: 0,
                })
                .collect::<Vec<_>>()
                .into(),
        }
    }

    /// Estimated from [`SHARE_SAMPLES`] pairs of key hashes drawn uniformly (SplitMix64,
    /// seed 0): a key's owner depends on both its hashes, so no arc measures its share.
    fn shares(&self) -> Vec<f64> {
        let mut counts = vec![0u32; self.points.len()];
        let mut rng = SplitMix64::new(0);
        for _ in 0..SHARE_SAMPLES {
            let h1 = rng.next_u64();
            let h2 = rng.next_u64();
            let owner = self.points[self.closest(h1, h2, |_| {})].1;
            counts[owner as usize] += 1;
        }
        counts
            .into_iter()
            .map(|c| f64::from(c) / f64::from(SHARE_SAMPLES))
            .collect()
    }

    fn memory_bytes(&self) -> u64 {
        MultiProbe::memory_bytes(self)
    }
}

/// One probe of a key: where it fell, the point that follows it, how far that point is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The probe's position on the 64-bit ring.
    pub position: u64,
    /// The position in [`MultiProbe::points`] (and in the picture's points) of the first
    /// point strictly after it, wrapping.
    pub point: u32,
    /// That point's distance after the probe (wrapping).
    pub distance: u64,
}

/// The shard of a point: its top `bits` bits (0 when `bits` is 0, as the reference's
/// shift by 64 gives in Go).
#[inline]
fn shard_of(point: u64, bits: u32) -> u64 {
    if bits == 0 {
        0
    } else {
        point >> (64 - bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reference's lookup, point for point: a linear scan of the shard slices.
    fn naive(nodes: &[String], seeds: [u64; 2], probes: u32, key: &str) -> Option<usize> {
        let bits = usize::BITS - (nodes.len() / 6).leading_zeros();
        let mut shards: Vec<Vec<u64>> = vec![Vec::new(); 1 << bits];
        let mut map = std::collections::HashMap::new();
        for (i, n) in nodes.iter().enumerate() {
            let h = mpchash_hash(n.as_bytes(), 0);
            shards[shard_of(h, bits) as usize].push(h);
            map.insert(h, i);
        }
        for s in &mut shards {
            s.sort_unstable();
        }
        let h1 = mpchash_hash(key.as_bytes(), seeds[0]);
        let h2 = mpchash_hash(key.as_bytes(), seeds[1]);
        let (mut min, mut minhash) = (u64::MAX, 0u64);
        for i in 0..u64::from(probes) {
            let hash = h1.wrapping_add(i.wrapping_mul(h2));
            let mut prefix = shard_of(hash, bits) as usize;
            let node = loop {
                if let Some(&v) = shards[prefix].iter().find(|&&v| hash < v) {
                    break v;
                }
                prefix += 1;
                if prefix == shards.len() {
                    break *shards
                        .iter()
                        .find(|s| !s.is_empty())
                        .unwrap()
                        .first()
                        .unwrap();
                }
            };
            if node.wrapping_sub(hash) < min {
                min = node.wrapping_sub(hash);
                minhash = node;
            }
        }
        map.get(&minhash).copied()
    }

    #[test]
    fn known_answers() {
        // crates/ring-core/tests/data/known-answers.md, "Newer algorithms", multi-probe.
        let abc = MultiProbe::new(&["a", "b", "c"], [1, 2], 21).unwrap();
        assert_eq!(abc.locate("hello"), 2);
        assert_eq!(abc.locate("user:42"), 0);
        let cache =
            MultiProbe::new(&["cache-1", "cache-2", "cache-3", "cache-4"], [7, 8], 5).unwrap();
        assert_eq!(cache.locate("hello"), 0);
    }

    #[test]
    fn shards_follow_the_node_count() {
        for (n, shards) in [(1, 1), (5, 1), (6, 2), (11, 2), (12, 4), (6000, 1024)] {
            let names: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
            let m = MultiProbe::new(&names, [1, 2], 3).unwrap();
            assert_eq!(m.shard_count(), shards, "{n} nodes");
            assert_eq!(m.node_count(), n);
        }
    }

    #[test]
    fn refusals() {
        let none: [&str; 0] = [];
        assert_eq!(
            MultiProbe::new(&none, [1, 2], 21),
            Err(BucketError::NoNodes)
        );
        assert_eq!(
            MultiProbe::new(&["a"], [1, 2], 0),
            Err(BucketError::NoProbes)
        );
    }

    #[test]
    fn equal_names_map_to_the_last() {
        let m = MultiProbe::new(&["x", "y", "x", "y", "x"], [1, 2], 21).unwrap();
        for key in ["a", "b", "c", "d", "e", "f"] {
            assert!([3, 4].contains(&m.locate(key)));
        }
        let one = MultiProbe::new(&["only"], [3, 4], 1).unwrap();
        assert_eq!(one.locate("anything"), 0);
    }

    proptest! {
        #[test]
        fn matches_the_references_walk(
            n in 1usize..80,
            seeds in any::<[u64; 2]>(),
            probes in 1u32..30,
            keys in proptest::collection::vec("[a-z0-9:]{0,12}", 1..20),
        ) {
            let names: Vec<String> = (0..n).map(|i| format!("node-{i}")).collect();
            let m = MultiProbe::new(&names, seeds, probes).unwrap();
            for key in &keys {
                prop_assert_eq!(Some(m.locate(key)), naive(&names, seeds, probes, key));
            }
        }

        #[test]
        fn removing_a_node_moves_only_its_keys(n in 2usize..60, gone in any::<usize>(), seed in any::<u64>()) {
            let names: Vec<String> = (0..n).map(|i| format!("cache-{i}")).collect();
            let gone = gone % n;
            let rest: Vec<String> = names.iter().enumerate().filter(|&(i, _)| i != gone).map(|(_, s)| s.clone()).collect();
            let before = MultiProbe::new(&names, [seed, seed ^ 1], 21).unwrap();
            let after = MultiProbe::new(&rest, [seed, seed ^ 1], 21).unwrap();
            for k in 0..200 {
                let key = format!("key-{k}");
                let was = before.locate(&key);
                let now = &rest[after.locate(&key)];
                if was != gone {
                    prop_assert_eq!(now, &names[was]);
                }
            }
        }
    }
}
