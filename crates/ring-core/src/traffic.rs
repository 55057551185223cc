//! What a change costs: a deterministic, seeded stream of requests over the keys, one LRU
//! cache per node, a backing store behind them, and one change of the placement at a given
//! request.
//!
//! - **Requests:** each request names a key drawn with Zipf popularity, exponent s from 0
//!   (uniform) to [`MAX_ZIPF`] ([`zipf`], an O(1) alias table). Which key is how hot is a
//!   seeded permutation: popularity rank `r` (0 the hottest, weight `1/(r + 1)^s`) is key
//!   [`Simulation::key_of_rank`]`(r)`, so the hot keys have names ([`Report::hot`]).
//! - **Caches:** one per node, LRU ([`lru`]), holding [`Capacity::Keys`] keys or all the keys
//!   it is sent. They start warm: each holds its own keys (with replication, every key it has
//!   a copy of), or with a capacity C its C most popular, the most popular most recently
//!   used. A node that is down at the start, or that joins, starts empty.
//! - **Store:** every miss is served by the backing store ([`BucketStats::misses`] is its
//!   load). A key that moved misses at its new node until that node has fetched it once; the
//!   old node keeps its copy (which a later request there would hit).
//! - **Change:** at request [`Setup::at`] the placement changes ([`Change`]): a join, a
//!   leave, a node going down or coming up, a new weight. Both placements are built once by
//!   [`crate::placement::build`], and [`Placement::assign`] gives every key's node before and after, so a
//!   request costs one table lookup and one cache operation. A node that is down is left out
//!   of the placement, as in the app. Leaves and downs are rebuilds, as in `ringlab move`
//!   (an AnchorHash, DxHash or MementoHash engine kept across the change is the app's).
//! - **Replication:** with R copies ([`Setup::replicas`], a ring algorithm only) each key's
//!   copies are on its preference list ([`replication::preference_list`]). A down node's
//!   reads go to its keys' owners on the ring without it, which is the next replica
//!   ([`replication::Failover::takes_over`]): with R ≥ 2 it already holds the key (a hit),
//!   with R = 1 it fetches it. [`NodeStats::failover`] counts the requests a node served in
//!   place of the down node: its extra load.
//! - **Bounded loads:** with [`AlgoId::Bounded`] the cap applies to requests too. In each
//!   time bucket a node takes at most `ceil((1 + ε)·requests / n)` requests
//!   ([`bounded::cap`], n the nodes serving; the smaller count in the bucket of the change,
//!   so that the capacity left always covers the bucket); a request for a full node goes on
//!   clockwise from the key's position on the ring to the first node with room, which serves
//!   it from the store without caching it (the key is not its own). That cost is
//!   [`BucketStats::overflow`] and [`NodeStats::overflow`].
//! - **Output:** per time bucket ([`Setup::buckets`] equal slices of the requests), the
//!   requests, hits, misses and each node's requests; per node, the keys it owns before and
//!   after, its requests, its peak in one bucket and its expected share.
//!
//! A [`Simulation`] runs in slices ([`Simulation::run`]) so that a page can run it between
//! frames, and can be set up in steps too ([`SimulationBuild`], [`staged`]); [`simulate`]
//! runs one to the end.
//!
//! **Determinism:** the permutation and the requests come from one [`SplitMix64`], the Zipf
//! weights from `libm::pow` (the same bits on every target) and IEEE basic arithmetic;
//! counts are integers. The same [`Setup`] and keys give the same [`Report`] natively and on
//! wasm32.
//!
//! **Cost:** per key about 30 bytes with caches that hold everything and 45 with LRU caches
//! (the alias column, the permutation, the node and entry before and after, the cache's
//! flags or links), more with copies; setting up places every key twice (86 ms for a
//! million keys natively). A request is a draw, a lookup and an O(1) cache operation:
//! 10,000,000 requests over a million keys take 0.3 to 0.7 s natively (BENCHMARKS.md,
//! "Traffic simulation").

pub mod lru;
pub mod staged;
pub mod zipf;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::bounded;
use crate::error::{
    BuildError, MAX_CACHE_ENTRIES, MAX_REQUESTS, MAX_TIME_BUCKETS, MAX_TRAFFIC_CELLS,
    MAX_TRAFFIC_KEYS, MAX_TRAFFIC_REPLICAS, MAX_ZIPF,
};
use crate::keys::SplitMix64;
use crate::placement::{Config, NodeIndex, NodeSpec, Placement};
use crate::registry::AlgoId;
use crate::replication;
use lru::{Lru, Touch};
use zipf::Zipf;

pub use staged::SimulationBuild;

/// Time buckets unless the setup says otherwise.
pub const DEFAULT_BUCKETS: u32 = 100;
/// How many of the hottest keys have their requests counted ([`Report::hot`]).
pub const HOT_KEYS: u32 = 10;

/// The traffic's generator starts from the seed mixed with this ("traffic" in ASCII), so
/// that the seed of the keys ([`crate::keys::generate`]) can be given again without the
/// permutation repeating the keys' own stream.
const TRAFFIC_STREAM: u64 = 0x0074_7261_6666_6963;

/// How much a node's cache holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capacity {
    /// Every key it is sent: nothing is ever evicted.
    All,
    /// At most this many keys (1 to [`MAX_TRAFFIC_KEYS`]), least recently used evicted.
    Keys(u32),
}

/// The one change of the placement, by node index in [`Setup::nodes`].
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A node joins, after the others.
    Join(NodeSpec),
    /// A node leaves; its cache goes with it.
    Leave(NodeIndex),
    /// A node goes down: it leaves the placement and loses its cache.
    Down(NodeIndex),
    /// A node that was down from the start (with an empty cache) comes up.
    Up(NodeIndex),
    /// A node's weight changes.
    Reweight {
        /// The node.
        node: NodeIndex,
        /// Its new weight.
        weight: u32,
    },
}

/// Everything a simulation is made of, apart from the keys.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The placement algorithm and hash.
    pub config: Config,
    /// The nodes before the change (for [`Change::Up`], including the node that is down).
    pub nodes: Vec<NodeSpec>,
    /// The change, if any.
    pub change: Option<Change>,
    /// The request the change applies at: requests `0..at` see the placement before.
    pub at: u64,
    /// The number of requests, 1 to [`MAX_REQUESTS`].
    pub requests: u64,
    /// The Zipf exponent, 0 to [`MAX_ZIPF`].
    pub zipf: f64,
    /// The seed of the popularity permutation and of the requests.
    pub seed: u64,
    /// Each node's cache.
    pub cache: Capacity,
    /// The number of time buckets, 1 to [`MAX_TIME_BUCKETS`] and at most the requests.
    pub buckets: u32,
    /// Copies of each key, 1 to [`MAX_TRAFFIC_REPLICAS`] and at most the nodes.
    pub replicas: u32,
}

impl Setup {
    /// `requests` requests over `nodes` with no change, Zipf 1, seed 1, caches that hold
    /// all their keys, [`DEFAULT_BUCKETS`] buckets (fewer if there are fewer requests), one
    /// copy of each key, and `at` half-way.
    pub fn new(config: Config, nodes: Vec<NodeSpec>, requests: u64) -> Setup {
        Setup {
            config,
            nodes,
            change: None,
            at: requests / 2,
            requests,
            zipf: 1.0,
            seed: 1,
            cache: Capacity::All,
            buckets: u32::try_from(requests.min(u64::from(DEFAULT_BUCKETS))).unwrap_or(1),
            replicas: 1,
        }
    }
}

/// Why a simulation cannot be set up.
#[derive(Clone, Debug, PartialEq)]
pub enum TrafficError {
    /// No keys to request.
    NoKeys,
    /// More keys than [`MAX_TRAFFIC_KEYS`].
    TooManyKeys {
        /// How many were given.
        count: usize,
    },
    /// A Zipf exponent that is not a number from 0 to [`MAX_ZIPF`].
    BadZipf {
        /// The exponent given.
        exponent: f64,
    },
    /// A cache capacity outside `1..=MAX_TRAFFIC_KEYS`.
    BadCache {
        /// The capacity given.
        keys: u32,
    },
    /// A request count outside `1..=MAX_REQUESTS`.
    BadRequests {
        /// The count given.
        requests: u64,
    },
    /// A change after the last request.
    BadAt {
        /// The request given.
        at: u64,
        /// The number of requests.
        requests: u64,
    },
    /// A bucket count outside `1..=MAX_TIME_BUCKETS`, or above the request count.
    BadBuckets {
        /// The count given.
        buckets: u32,
        /// The number of requests.
        requests: u64,
    },
    /// More (bucket, node) counters than [`MAX_TRAFFIC_CELLS`].
    TooManyCells {
        /// The buckets.
        buckets: u32,
        /// The nodes.
        nodes: usize,
    },
    /// A replication factor outside `1..=MAX_TRAFFIC_REPLICAS` or above the nodes.
    BadReplicas {
        /// The factor given.
        replicas: u32,
        /// The nodes.
        nodes: usize,
    },
    /// Replicas need preference lists, which only ring algorithms have.
    ReplicasNeedARing {
        /// The algorithm.
        algo: AlgoId,
    },
    /// More cache entries than [`MAX_CACHE_ENTRIES`].
    TooManyEntries {
        /// The keys.
        keys: usize,
        /// Copies per key.
        replicas: u32,
    },
    /// A change names a node that is not in the list.
    NoSuchNode {
        /// The index given.
        index: NodeIndex,
    },
    /// A leave or a down would leave no node to serve.
    NoNodeLeft,
    /// The placement before or after the change cannot be built.
    Build(BuildError),
}

impl fmt::Display for TrafficError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrafficError::NoKeys => write!(f, "there are no keys to request"),
            TrafficError::TooManyKeys { count } => {
                write!(f, "{count} keys is too many: at most {MAX_TRAFFIC_KEYS}")
            }
            TrafficError::BadZipf { exponent } => write!(
                f,
                "Zipf exponent {exponent}: it must be a number from 0 (uniform) to {MAX_ZIPF}"
            ),
            TrafficError::BadCache { keys } => write!(
                f,
                "a cache of {keys} keys: a cache holds 1 to {MAX_TRAFFIC_KEYS} keys, or all its keys"
            ),
            TrafficError::BadRequests { requests } => write!(
                f,
                "{requests} requests: a simulation makes 1 to {MAX_REQUESTS} requests"
            ),
            TrafficError::BadAt { at, requests } => write!(
                f,
                "a change at request {at}: it must be from 0 to the number of requests ({requests})"
            ),
            TrafficError::BadBuckets { buckets, requests } => write!(
                f,
                "{buckets} time buckets: allowed are 1 to {MAX_TIME_BUCKETS}, and at most the number of requests ({requests})"
            ),
            TrafficError::TooManyCells { buckets, nodes } => write!(
                f,
                "{buckets} time buckets × {nodes} nodes is too many counters: at most {MAX_TRAFFIC_CELLS} (fewer buckets)"
            ),
            TrafficError::BadReplicas { replicas, nodes } => write!(
                f,
                "replication factor {replicas}: it must be from 1 to {MAX_TRAFFIC_REPLICAS} and at most the node count ({nodes})"
            ),
            TrafficError::ReplicasNeedARing { algo } => write!(
                f,
                "{algo} has no ring to walk for replicas: replication needs a ring algorithm (virtual, single, ketama, go-zero, bounded)"
            ),
            TrafficError::TooManyEntries { keys, replicas } => write!(
                f,
                "{keys} keys with {replicas} copies is too many cache entries: at most {MAX_CACHE_ENTRIES} (fewer keys or copies)"
            ),
            TrafficError::NoSuchNode { index } => {
                write!(f, "the change names node {index}, which is not in the list")
            }
            TrafficError::NoNodeLeft => write!(f, "no node would be left to serve the keys"),
            TrafficError::Build(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TrafficError {}

impl From<BuildError> for TrafficError {
    fn from(e: BuildError) -> Self {
        TrafficError::Build(e)
    }
}

/// Where one key's requests go in one phase, in 8 bytes (a request reads one at random).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Serve {
    /// The node (a label: its place in [`Simulation::node_names`]).
    node: u32,
    /// The cache entry of this key at this node, and [`FAILOVER`] if the key's owner with
    /// every node up is down in this phase.
    entry: u32,
}

/// In [`Serve::entry`]: the request is served in place of a down node. Entries are fewer
/// than [`MAX_CACHE_ENTRIES`], below this bit.
const FAILOVER: u32 = 1 << 31;

impl Serve {
    fn entry(self) -> u32 {
        self.entry & !FAILOVER
    }

    fn failover(self) -> bool {
        self.entry & FAILOVER != 0
    }
}

/// The placement on one side of the change, by popularity rank.
#[derive(Clone, Debug, PartialEq)]
struct Phase {
    serve: Vec<Serve>,
    /// The nodes that serve in this phase.
    serving: u32,
    /// Bounded loads only: the owners of the ring's points in order (labels), and per rank
    /// the first point at or after the key's position.
    ring: Vec<u32>,
    start: Vec<u32>,
}

/// Per time bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BucketStats {
    /// The first request of the bucket.
    pub start: u64,
    /// Requests made so far in it.
    pub requests: u64,
    /// Requests served from a node's cache.
    pub hits: u64,
    /// Requests served by the backing store: its load.
    pub misses: u64,
    /// Requests passed on because their node was at the bounded-load cap.
    pub overflow: u64,
    /// Requests served in place of a down node.
    pub failover: u64,
}

impl BucketStats {
    /// Hits over requests, or `None` before the bucket's first request.
    pub fn hit_rate(&self) -> Option<f64> {
        (self.requests > 0).then(|| self.hits as f64 / self.requests as f64)
    }
}

/// Per node.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeStats {
    /// The node's name.
    pub name: String,
    /// Keys it owns before the change.
    pub keys_before: u64,
    /// Keys it owns after the change.
    pub keys_after: u64,
    /// Requests it served.
    pub requests: u64,
    /// Of which before the change.
    pub requests_before: u64,
    /// Of which after the change.
    pub requests_after: u64,
    /// The most requests it served in one time bucket.
    pub peak: u64,
    /// Requests it served for keys whose owner is down.
    pub failover: u64,
    /// Requests it took because their own node was at the bounded-load cap.
    pub overflow: u64,
    /// The summed popularity of the keys it owns before the change: its expected share of
    /// the requests (before any cap).
    pub popularity_before: f64,
    /// The same after the change.
    pub popularity_after: f64,
}

/// One of the hottest keys.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HotKey {
    /// Its index in the keys given.
    pub key: u32,
    /// Its popularity rank (0 the hottest).
    pub rank: u32,
    /// Its probability per request.
    pub popularity: f64,
    /// Requests made for it so far.
    pub requests: u64,
}

/// What a simulation has measured so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Requests made so far.
    pub done: u64,
    /// Requests in all.
    pub requests: u64,
    /// The request the change applies at.
    pub at: u64,
    /// Per time bucket.
    pub buckets: Vec<BucketStats>,
    /// `requests_per_node[b][n]`: node n's requests in bucket b.
    pub requests_per_node: Vec<Vec<u64>>,
    /// Per node, in [`Simulation::node_names`] order.
    pub nodes: Vec<NodeStats>,
    /// The last bucket that ends at or before the change, if any.
    pub bucket_before: Option<u32>,
    /// The first bucket that starts at or after the change, if any: "just after".
    pub bucket_after: Option<u32>,
    /// The hottest keys, hottest first.
    pub hot: Vec<HotKey>,
}

impl Report {
    fn bucket(&self, index: Option<u32>) -> Option<&BucketStats> {
        index.and_then(|b| self.buckets.get(b as usize))
    }

    /// The hit rate of the last bucket before the change.
    pub fn hit_rate_before(&self) -> Option<f64> {
        self.bucket(self.bucket_before)
            .and_then(BucketStats::hit_rate)
    }

    /// The hit rate of the first bucket after the change.
    pub fn hit_rate_after(&self) -> Option<f64> {
        self.bucket(self.bucket_after)
            .and_then(BucketStats::hit_rate)
    }

    /// The store's load (misses) and the bucket's requests, in the last bucket before the
    /// change.
    pub fn store_before(&self) -> Option<(u64, u64)> {
        self.bucket(self.bucket_before)
            .map(|b| (b.misses, b.requests))
    }

    /// The same in the first bucket after the change.
    pub fn store_after(&self) -> Option<(u64, u64)> {
        self.bucket(self.bucket_after)
            .map(|b| (b.misses, b.requests))
    }
}

/// The caches of every node.
#[derive(Clone, Debug, PartialEq)]
enum Caches {
    /// Caches that hold everything: only whether each entry is cached.
    Unbounded(Vec<bool>),
    /// LRU caches of a fixed capacity.
    Lru(Lru),
}

/// A request at a cache: whether it hit. An entry always belongs to the node that asks.
trait Cache {
    fn touch(&mut self, node: u32, entry: u32) -> bool;
}

impl Cache for Vec<bool> {
    #[inline]
    fn touch(&mut self, _node: u32, entry: u32) -> bool {
        match self.get_mut(entry as usize) {
            Some(cached) => std::mem::replace(cached, true),
            None => false,
        }
    }
}

impl Cache for Lru {
    #[inline]
    fn touch(&mut self, node: u32, entry: u32) -> bool {
        Lru::touch(self, node, entry) == Touch::Hit
    }
}

/// The counters a request updates.
#[derive(Clone, Debug, PartialEq)]
struct Counters {
    buckets: Vec<BucketStats>,
    /// `cells[b * nodes + n]`.
    cells: Vec<u64>,
    nodes: usize,
    /// Per phase, per node.
    phase_requests: [Vec<u64>; 2],
    failover: Vec<u64>,
    overflow: Vec<u64>,
    hot: Vec<u64>,
}

/// A traffic simulation under way. Build it with [`Simulation::new`], call
/// [`Simulation::run`] until it returns `true`, and read [`Simulation::report`] at any time.
#[derive(Clone, Debug)]
pub struct Simulation {
    names: Vec<String>,
    zipf: Zipf,
    /// Rank → index of the key.
    key_of_rank: Vec<u32>,
    phases: [Phase; 2],
    caches: Caches,
    counters: Counters,
    rng: SplitMix64,
    requests: u64,
    at: u64,
    bucket_count: u32,
    done: u64,
    bucket: u32,
    /// Bounded loads' ε, if the algorithm is bounded loads.
    epsilon: Option<f64>,
    popularity: [Vec<f64>; 2],
    keys_owned: [Vec<u64>; 2],
}

/// The nodes of one phase: labels (places in the list of everyone) and their specs.
struct Members {
    labels: Vec<u32>,
    specs: Vec<NodeSpec>,
}

fn members(everyone: &[NodeSpec], skip: Option<usize>) -> Members {
    let mut labels = Vec::with_capacity(everyone.len());
    let mut specs = Vec::with_capacity(everyone.len());
    for (i, n) in everyone.iter().enumerate() {
        if Some(i) != skip {
            labels.push(u32::try_from(i).unwrap_or(u32::MAX));
            specs.push(n.clone());
        }
    }
    Members { labels, specs }
}

/// A placement of one phase, with its owners as labels.
struct Built {
    placement: Box<dyn Placement>,
    owners: Vec<u32>,
    labels: Vec<u32>,
}

fn check(setup: &Setup, keys: &[String]) -> Result<(), TrafficError> {
    if keys.is_empty() {
        return Err(TrafficError::NoKeys);
    }
    if keys.len() > MAX_TRAFFIC_KEYS {
        return Err(TrafficError::TooManyKeys { count: keys.len() });
    }
    if !(0.0..=MAX_ZIPF).contains(&setup.zipf) {
        return Err(TrafficError::BadZipf {
            exponent: setup.zipf,
        });
    }
    if let Capacity::Keys(c) = setup.cache {
        if c == 0 || c as usize > MAX_TRAFFIC_KEYS {
            return Err(TrafficError::BadCache { keys: c });
        }
    }
    if !(1..=MAX_REQUESTS).contains(&setup.requests) {
        return Err(TrafficError::BadRequests {
            requests: setup.requests,
        });
    }
    if setup.at > setup.requests {
        return Err(TrafficError::BadAt {
            at: setup.at,
            requests: setup.requests,
        });
    }
    if setup.buckets == 0
        || setup.buckets > MAX_TIME_BUCKETS
        || u64::from(setup.buckets) > setup.requests
    {
        return Err(TrafficError::BadBuckets {
            buckets: setup.buckets,
            requests: setup.requests,
        });
    }
    let everyone = setup.nodes.len() + usize::from(matches!(setup.change, Some(Change::Join(_))));
    if u64::from(setup.buckets).saturating_mul(everyone as u64) > MAX_TRAFFIC_CELLS {
        return Err(TrafficError::TooManyCells {
            buckets: setup.buckets,
            nodes: everyone,
        });
    }
    if setup.replicas == 0
        || setup.replicas > MAX_TRAFFIC_REPLICAS
        || setup.replicas as usize > setup.nodes.len().max(1)
    {
        return Err(TrafficError::BadReplicas {
            replicas: setup.replicas,
            nodes: setup.nodes.len(),
        });
    }
    if (keys.len() as u64).saturating_mul(u64::from(stride(setup.replicas))) > MAX_CACHE_ENTRIES {
        return Err(TrafficError::TooManyEntries {
            keys: keys.len(),
            replicas: setup.replicas,
        });
    }
    let index = match &setup.change {
        Some(Change::Leave(i) | Change::Down(i) | Change::Up(i)) => Some(*i),
        Some(Change::Reweight { node, .. }) => Some(*node),
        Some(Change::Join(_)) | None => None,
    };
    if let Some(index) = index {
        if index as usize >= setup.nodes.len() {
            return Err(TrafficError::NoSuchNode { index });
        }
    }
    Ok(())
}

/// Cache entries per key: the nodes that may hold it. Entry `j · keys + rank` is the key of
/// rank `rank` at its `j`-th holder, so that the first holders' entries of the hottest keys
/// sit together in memory. With one copy, its node before and
/// after the change; with R copies, its R replicas and those two.
fn stride(replicas: u32) -> u32 {
    if replicas <= 1 {
        2
    } else {
        replicas + 2
    }
}

impl Simulation {
    /// Checks `setup` against the limits, builds the placements before and after the
    /// change, places every key in both and fills the caches. `keys` are the keys requested
    /// (at most [`MAX_TRAFFIC_KEYS`]); a key that appears twice is two keys.
    pub fn new(setup: &Setup, keys: &[String]) -> Result<Simulation, TrafficError> {
        let mut build = SimulationBuild::new(setup, keys)?;
        while !build.step(keys, u64::MAX)? {}
        // A step that said so has put the simulation together.
        build.finish().ok_or(TrafficError::NoKeys)
    }

    /// The nodes' names, in label order: the nodes given, then a joining node.
    pub fn node_names(&self) -> &[String] {
        &self.names
    }

    /// The index (in the keys given) of the key of popularity rank `rank`, 0 the hottest.
    pub fn key_of_rank(&self, rank: u32) -> Option<u32> {
        self.key_of_rank.get(rank as usize).copied()
    }

    /// The probability per request of the key of popularity rank `rank`.
    pub fn popularity(&self, rank: u32) -> f64 {
        self.zipf.probability(rank)
    }

    /// Requests made so far, and in all.
    pub fn progress(&self) -> (u64, u64) {
        (self.done, self.requests)
    }

    /// Makes at most `max_requests` more requests; whether every request has been made.
    pub fn run(&mut self, max_requests: u64) -> bool {
        let mut budget = max_requests;
        while budget > 0 && self.done < self.requests {
            let next_bucket = bucket_start(self.bucket + 1, self.bucket_count, self.requests);
            if self.done >= next_bucket {
                self.bucket += 1;
                continue;
            }
            let phase_end = if self.done < self.at {
                self.at
            } else {
                self.requests
            };
            let span = next_bucket.min(phase_end).min(self.done + budget) - self.done;
            let phase = usize::from(self.done >= self.at);
            self.span(phase, span);
            self.done += span;
            budget -= span;
        }
        self.done >= self.requests
    }

    /// `count` requests in one phase and one bucket.
    fn span(&mut self, index: usize, count: u64) {
        let b = self.bucket;
        let cap = self.epsilon.map(|eps| {
            let start = bucket_start(b, self.bucket_count, self.requests);
            let end = bucket_start(b + 1, self.bucket_count, self.requests);
            let [before, after] = &self.phases;
            let nodes = if start < self.at && self.at < end {
                before.serving.min(after.serving)
            } else {
                self.phases.get(index).map_or(1, |p| p.serving)
            };
            bounded::cap(eps, end - start, nodes)
        });
        let Some(phase) = self.phases.get(index) else {
            return;
        };
        let run = Run {
            zipf: &self.zipf,
            phase,
            rng: &mut self.rng,
            counters: &mut self.counters,
            bucket: b as usize,
            index,
        };
        match &mut self.caches {
            Caches::Unbounded(present) => run.requests(present, count, cap),
            Caches::Lru(lru) => run.requests(lru, count, cap),
        }
    }

    /// What has been measured so far.
    pub fn report(&self) -> Report {
        let c = &self.counters;
        let n = c.nodes;
        let requests_per_node: Vec<Vec<u64>> =
            c.cells.chunks(n.max(1)).map(<[u64]>::to_vec).collect();
        let nodes = (0..n)
            .map(|i| {
                let get = |v: &[u64]| v.get(i).copied().unwrap_or(0);
                let before = get(&c.phase_requests[0]);
                let after = get(&c.phase_requests[1]);
                NodeStats {
                    name: self.names.get(i).cloned().unwrap_or_default(),
                    keys_before: get(&self.keys_owned[0]),
                    keys_after: get(&self.keys_owned[1]),
                    requests: before + after,
                    requests_before: before,
                    requests_after: after,
                    peak: requests_per_node
                        .iter()
                        .map(|row| row.get(i).copied().unwrap_or(0))
                        .max()
                        .unwrap_or(0),
                    failover: get(&c.failover),
                    overflow: get(&c.overflow),
                    popularity_before: self.popularity[0].get(i).copied().unwrap_or(0.0),
                    popularity_after: self.popularity[1].get(i).copied().unwrap_or(0.0),
                }
            })
            .collect();
        let bucket_before = (0..self.bucket_count)
            .rev()
            .find(|&b| bucket_start(b + 1, self.bucket_count, self.requests) <= self.at);
        let bucket_after = (0..self.bucket_count).find(|&b| {
            bucket_start(b, self.bucket_count, self.requests) >= self.at && self.at < self.requests
        });
        let ranked = HOT_KEYS.min(u32::try_from(self.key_of_rank.len()).unwrap_or(u32::MAX));
        let hot = (0..ranked)
            .zip(&c.hot)
            .map(|(rank, &requests)| HotKey {
                key: self.key_of_rank(rank).unwrap_or(0),
                rank,
                popularity: self.popularity(rank),
                requests,
            })
            .collect();
        Report {
            done: self.done,
            requests: self.requests,
            at: self.at,
            buckets: c.buckets.clone(),
            requests_per_node,
            nodes,
            bucket_before,
            bucket_after,
            hot,
        }
    }
}

/// Request `b · requests / buckets` (rounded down): where bucket `b` starts.
fn bucket_start(b: u32, buckets: u32, requests: u64) -> u64 {
    let wide = u128::from(b) * u128::from(requests) / u128::from(buckets.max(1));
    u64::try_from(wide).unwrap_or(u64::MAX).min(requests)
}

/// Every key's R replicas, as labels, `replicas` per key in key order.
fn replica_lists(
    full: &Built,
    keys: &[String],
    replicas: u32,
    config: &Config,
) -> Result<Vec<u32>, TrafficError> {
    let picture = full.placement.picture();
    let points = picture.ring_points();
    if points.is_empty() {
        return Err(TrafficError::ReplicasNeedARing {
            algo: config.algorithm.id,
        });
    }
    let positions = full.placement.key_positions(keys);
    let mut lists = Vec::with_capacity(keys.len() * replicas as usize);
    for &position in &positions {
        let list = replication::preference_list(points, position, replicas)?;
        lists.extend(
            list.into_iter()
                .map(|i| full.labels.get(i as usize).copied().unwrap_or(0)),
        );
    }
    Ok(lists)
}

/// One phase's table by rank, with bounded loads' ring if `capped`.
fn phase(built: &Built, serve: Vec<Serve>, capped: bool, keys: &[String], ranks: &[u32]) -> Phase {
    let serving = u32::try_from(built.labels.len()).unwrap_or(u32::MAX);
    if !capped {
        return Phase {
            serve,
            serving,
            ring: Vec::new(),
            start: Vec::new(),
        };
    }
    let picture = built.placement.picture();
    let points = picture.ring_points();
    let ring = points
        .iter()
        .map(|p| built.labels.get(p.owner as usize).copied().unwrap_or(0))
        .collect();
    let start = ranks
        .iter()
        .map(|&k| {
            let position = keys
                .get(k as usize)
                .map_or(0, |key| built.placement.key_position(key));
            let i = points.partition_point(|p| p.position < position);
            // Past the last point wraps to the first.
            if i >= points.len() {
                0
            } else {
                i as u32
            }
        })
        .collect();
    Phase {
        serve,
        serving,
        ring,
        start,
    }
}

/// Requests drawn ahead, at a time (2 KB on the stack).
const BLOCK: usize = 256;

/// The state one span of requests works on.
struct Run<'a> {
    zipf: &'a Zipf,
    phase: &'a Phase,
    rng: &'a mut SplitMix64,
    counters: &'a mut Counters,
    bucket: usize,
    index: usize,
}

impl Run<'_> {
    /// `count` requests, each capped at `cap` requests per node in this bucket if given.
    fn requests(self, cache: &mut impl Cache, count: u64, cap: Option<u64>) {
        let Run {
            zipf,
            phase,
            rng,
            counters,
            bucket,
            index,
        } = self;
        let n = counters.nodes;
        let Counters {
            buckets,
            cells,
            phase_requests,
            failover,
            overflow,
            hot,
            ..
        } = counters;
        let Some(stats) = buckets.get_mut(bucket) else {
            return;
        };
        let row = cells
            .get_mut(bucket * n..(bucket + 1) * n)
            .unwrap_or_default();
        let Some(per_node) = phase_requests.get_mut(index) else {
            return;
        };
        let mut hits = 0u64;
        let mut passed = 0u64;
        let mut failed_over = 0u64;
        // The draws and their table lookups first, a block at a time: they are independent
        // of each other and of the caches, so their cache misses overlap, where one request
        // at a time waited for each in turn behind the cache operation.
        let mut block = [(0u32, Serve { node: 0, entry: 0 }); BLOCK];
        let mut left = count;
        while left > 0 {
            let size = left.min(BLOCK as u64) as usize;
            left -= size as u64;
            let block = block.get_mut(..size).unwrap_or_default();
            for slot in block.iter_mut() {
                let rank = zipf.sample(rng);
                let s = phase.serve.get(rank as usize).copied();
                // A rank is below the keys' count, so the table always has it.
                *slot = (rank, s.unwrap_or(Serve { node: 0, entry: 0 }));
            }
            for &(rank, s) in block.iter() {
                if let Some(h) = hot.get_mut(rank.min(HOT_KEYS) as usize) {
                    *h += 1;
                }
                let mut node = s.node;
                let mut hit = false;
                let full = cap.is_some_and(|c| row.get(node as usize).is_some_and(|&r| r >= c));
                if full {
                    node =
                        next_with_room(phase, rank, row, cap.unwrap_or(u64::MAX)).unwrap_or(node);
                    passed += 1;
                    if let Some(o) = overflow.get_mut(node as usize) {
                        *o += 1;
                    }
                } else {
                    hit = cache.touch(node, s.entry());
                }
                hits += u64::from(hit);
                if s.failover() {
                    failed_over += 1;
                    if let Some(f) = failover.get_mut(node as usize) {
                        *f += 1;
                    }
                }
                if let Some(r) = row.get_mut(node as usize) {
                    *r += 1;
                }
                if let Some(r) = per_node.get_mut(node as usize) {
                    *r += 1;
                }
            }
        }
        stats.requests += count;
        stats.hits += hits;
        stats.misses += count - hits;
        stats.overflow += passed;
        stats.failover += failed_over;
    }
}

/// Bounded loads: the first node clockwise from the key's position whose requests in this
/// bucket are below `cap`. `None` if the whole ring is full, which the cap's choice rules
/// out.
fn next_with_room(phase: &Phase, rank: u32, row: &[u64], cap: u64) -> Option<u32> {
    let start = phase.start.get(rank as usize).copied().unwrap_or(0) as usize;
    let (head, tail) = phase.ring.split_at(start.min(phase.ring.len()));
    tail.iter()
        .chain(head)
        .copied()
        .find(|&node| row.get(node as usize).is_some_and(|&r| r < cap))
}

/// Runs `setup` over `keys` to the end.
///
/// ```
/// use ring_core::traffic::{simulate, Change, Setup};
/// use ring_core::{Algorithm, Config, NodeSpec};
///
/// let nodes: Vec<NodeSpec> = ["a", "b", "c", "d"].map(|n| NodeSpec::new(n, 100)).to_vec();
/// let mut setup = Setup::new(Config::new(Algorithm::modulo()), nodes, 2_000);
/// setup.zipf = 0.0;
/// setup.buckets = 2;
/// setup.change = Some(Change::Join(NodeSpec::new("e", 100)));
/// let report = simulate(&setup, &ring_core::keys::generate(100_000, 1)).unwrap();
/// assert_eq!(report.hit_rate_before(), Some(1.0));
/// // Modulo 4 → 5 keeps a fifth of the keys where they were: the rest miss.
/// assert!((report.hit_rate_after().unwrap() - 0.2).abs() < 0.05);
/// ```
pub fn simulate(setup: &Setup, keys: &[String]) -> Result<Report, TrafficError> {
    let mut sim = Simulation::new(setup, keys)?;
    while !sim.run(u64::MAX) {}
    Ok(sim.report())
}
