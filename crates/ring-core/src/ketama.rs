//! ketama, exact to libketama (last.fm's C library) or to the Java memcached client
//! (spymemcached's `KetamaNodeLocator`).
//!
//! Both place a server with MD5 digests of `"<server>-<i>"`: each 16-byte digest gives four
//! points, point `h` being the little-endian u32 of bytes `4h .. 4h+3`. A key's position is
//! the first four bytes of its own MD5, little-endian ([`hash::md5_le32`]), and the key
//! belongs to the first point at or after it, wrapping past the top to the first point.
//!
//! The two differ in how weights become digest counts and in what happens when two points
//! fall on the same position; [`Weighting`] says how.
//!
//! - **Lookup cost:** one MD5 and a binary search over the points, O(log P).
//! - **Memory:** one [`RingPoint`] per point: 160 per server of average weight.
//! - **Join and leave:** with equal weights a join moves keys only onto the newcomer and a
//!   leave only the leaver's keys. With unequal weights every server's digest count is its
//!   share of the total, so a change of membership or weight re-counts everyone's points
//!   and moves keys between servers the change does not involve; so does crossing a float
//!   boundary (libketama with 61 equal servers gives each 39 digests, not 40).
//! - **Weights:** libketama's memory sizes or the Java client's weights; only ratios count.
//!
//! ```
//! use ring_core::ketama::{Ketama, Weighting};
//! use ring_core::{NodeSpec, Placement};
//!
//! let nodes = [NodeSpec::new("127.0.0.1:11211", 600), NodeSpec::new("127.0.0.1:11212", 400)];
//! let ring = Ketama::new(&nodes, Weighting::Libketama).unwrap();
//! assert_eq!(ring.points_per_node(), &[192, 128]);
//! assert_eq!(ring.locate("test"), 0);
//! ```

use crate::error::{BuildError, MAX_RING_POINTS};
use crate::hash;
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint};
use crate::registry::{
    AlgoDocs, AlgoId, AlgoSpec, Algorithm, HashUse, ParamKind, ParamSpec, Picture as Drawn,
};
use crate::ring::SortedRing;
use crate::Config;

/// `ketama` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec {
    uses_weights: true,
    hash: HashUse::Fixed(HashFn::Md5),
    params: &[ParamSpec {
        key: "weighting",
        flag: "weighting",
        unit: "",
        kind: ParamKind::Choice {
            options: &WEIGHTING_NAMES,
            default: 0,
        },
    }],
    // 160 points per server at equal weights.
    work: |_, n| n * 160,
    ..AlgoSpec::plain("ketama", Drawn::Ring, build_spec)
};

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "ketama, as libketama or the Java memcached client (md5; see --weighting)",
    source: "RJ/ketama libketama/ketama.c; the Java memcached client's KetamaNodeLocator",
    params: &["whose weight formula: libketama (a weight is the server's memory) or java"],
};

/// The weightings' names, in [`Weighting::ALL`]'s order.
const WEIGHTING_NAMES: [&str; 2] = ["libketama", "java"];

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Ketama::new(
        nodes,
        Weighting::of(&config.algorithm),
    )?))
}

impl Algorithm {
    /// ketama with libketama's weights.
    pub fn ketama() -> Algorithm {
        Algorithm::new(AlgoId::Ketama)
    }

    /// ketama with `weighting`'s weights.
    pub fn ketama_with(weighting: Weighting) -> Algorithm {
        Algorithm::new(AlgoId::Ketama).with(0, weighting as usize as f64)
    }
}

/// Digests per server when every server has the same weight: 40 digests, 160 points.
const UNWEIGHTED_DIGESTS: u32 = 40;

crate::listed_enum! {
    /// Which implementation's rules turn weights into points and resolve equal points.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Weighting {
        /// libketama (`ketama_create_continuum`): server `i` gets
        /// `floorf(pct * 40.0 * (float)numservers)` digests with
        /// `float pct = (float)mem / (float)totalmem`. The product is computed in double (40.0
        /// is a double literal) and rounded to float when it is passed to `floorf`, so equal
        /// weights give 39 digests instead of 40 for some server counts (61, 122, …). Every
        /// point is kept, even on a position another point holds. libketama's binary search
        /// (`ketama_get_server`) returns the first of equal points; which one is first is up to
        /// `qsort`, which C does not require to be stable. The rule here is a stable sort's:
        /// equal points stay in the order they were generated (server order, then digest, then
        /// point within the digest), as glibc's merge-sorting `qsort` leaves them. `test.sh`'s
        /// ring has no equal points, so its known digest holds under any rule.
        Libketama,
        /// The Java memcached client (`KetamaNodeLocator`). If every node has the same weight
        /// it behaves as the client built without a weight map: 40 digests (160 points) per
        /// node. Otherwise, per node,
        /// `floor((float)(percent * 160f / 4 * (float)nodes + 1e-10)) * 4` points with
        /// `percent = (float)weight / (float)totalWeight`, every step in float as Java
        /// evaluates it. The client stores points in a `TreeMap`, so two points on one position
        /// collapse into one that belongs to the node written last.
        JavaClient,
    }
}

impl Weighting {
    /// The short name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        WEIGHTING_NAMES[self as usize]
    }

    /// The weighting a ketama [`Algorithm`] was given (libketama's for any other).
    pub fn of(algorithm: &Algorithm) -> Weighting {
        Weighting::ALL
            .get(algorithm.params.choice(0))
            .copied()
            .unwrap_or(Weighting::Libketama)
    }

    /// The weighting called `name`, if any.
    pub fn parse(name: &str) -> Option<Weighting> {
        Weighting::ALL.into_iter().find(|w| w.name() == name.trim())
    }

    /// The number of MD5 digests (four points each) every node gets.
    pub fn digests(self, nodes: &[NodeSpec]) -> Vec<u32> {
        match self {
            Weighting::Libketama => libketama_digests(nodes),
            Weighting::JavaClient => java_client_digests(nodes),
        }
    }
}

/// libketama's digest counts. `numservers` and the memory values are exact in float for
/// any node list [`crate::error::validate_nodes`] accepts except the total, which C rounds
/// to float just as this does.
fn libketama_digests(nodes: &[NodeSpec]) -> Vec<u32> {
    let total: u64 = nodes.iter().map(|n| u64::from(n.weight)).sum();
    let servers = nodes.len() as f32;
    nodes
        .iter()
        .map(|n| {
            let pct = n.weight as f32 / total as f32;
            let product = f64::from(pct) * 40.0 * f64::from(servers);
            // `floorf` takes a float: the double product is rounded to float first.
            libm::floorf(product as f32) as u32
        })
        .collect()
}

/// The Java client's digest counts (its points per server divided by four).
fn java_client_digests(nodes: &[NodeSpec]) -> Vec<u32> {
    let first = nodes.first().map(|n| n.weight);
    if nodes.iter().all(|n| Some(n.weight) == first) {
        return vec![UNWEIGHTED_DIGESTS; nodes.len()];
    }
    let weights: Vec<u32> = nodes.iter().map(|n| n.weight).collect();
    float_digests(&weights)
}

/// Digests per server by the formula in 32-bit float that the Java client, twemproxy
/// (`ketama_update`) and libmemcached's weighted ketama (`update_continuum`) share:
/// `floor((float)(pct * 160 / 4 * (float)n + 1e-10))` with `float pct = (float)w /
/// (float)total`, every step in float. The Java client and twemproxy add the `1e-10` in
/// double and round the sum back to float, libmemcached adds `1e-10f` in float; either way
/// the sum rounds to the float product itself whenever it is 1 or more, so the floors
/// agree. Java sums the weights in an int; the validated limits can exceed it, so the sum
/// is taken in 64 bits here (the client would overflow).
pub(crate) fn float_digests(weights: &[u32]) -> Vec<u32> {
    let total = weights.iter().map(|&w| u64::from(w)).sum::<u64>() as f32;
    let count = weights.len() as f32;
    let repetitions = (UNWEIGHTED_DIGESTS * 4) as f32;
    weights
        .iter()
        .map(|&w| {
            let percent = w as f32 / total;
            let product = percent * repetitions / 4.0 * count;
            let nudged = (f64::from(product) + 0.000_000_000_1) as f32;
            libm::floorf(nudged) as u32
        })
        .collect()
}

/// The four points of one digest: the MD5 of `text` cut into four little-endian u32s, in
/// order (libketama, the Java client, twemproxy, libmemcached, predis' `KetamaRing`).
pub(crate) fn digest_points(text: &[u8]) -> [u32; 4] {
    let digest = hash::md5_digest(text);
    let word = |i: usize| {
        u32::from_le_bytes([
            digest[4 * i],
            digest[4 * i + 1],
            digest[4 * i + 2],
            digest[4 * i + 3],
        ])
    };
    [word(0), word(1), word(2), word(3)]
}

/// The Java client's `TreeMap.put`: of each run of equal positions in sorted points (the
/// stable sort kept the order they were written in), only the last survives.
fn keep_last_written(sorted: &[RingPoint]) -> Vec<RingPoint> {
    let mut kept: Vec<RingPoint> = Vec::with_capacity(sorted.len());
    for &p in sorted {
        match kept.last_mut() {
            Some(last) if last.position == p.position => *last = p,
            _ => kept.push(p),
        }
    }
    kept
}

/// A ketama continuum. Point `h` of digest `k` of a server has `replica` `4k + h`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ketama {
    weighting: Weighting,
    ring: SortedRing,
    points_per_node: Vec<u32>,
}

impl Ketama {
    /// Builds the continuum of `nodes` with `weighting`'s rules. A node's weight is its
    /// memory (libketama) or its weight (Java client); only ratios matter.
    pub fn new(nodes: &[NodeSpec], weighting: Weighting) -> Result<Self, BuildError> {
        let digests = weighting.digests(nodes);
        let total: u64 = digests.iter().map(|&d| u64::from(d) * 4).sum();
        if total > MAX_RING_POINTS {
            return Err(BuildError::TooManyPoints { points: total });
        }
        let mut points = Vec::with_capacity(total as usize);
        for (owner, (node, &count)) in nodes.iter().zip(&digests).enumerate() {
            for k in 0..count {
                let words = digest_points(format!("{}-{k}", node.name).as_bytes());
                for (h, word) in (0..).zip(words) {
                    points.push(RingPoint {
                        position: u64::from(word),
                        owner: owner as NodeIndex,
                        replica: k * 4 + h,
                    });
                }
            }
        }
        let node_count = nodes.len() as u32;
        let mut ring = SortedRing::new(points, 32, node_count)?;
        if weighting == Weighting::JavaClient {
            ring = SortedRing::new(keep_last_written(ring.points()), 32, node_count)?;
        }
        let mut points_per_node = vec![0u32; nodes.len()];
        for p in ring.points() {
            if let Some(c) = points_per_node.get_mut(p.owner as usize) {
                *c += 1;
            }
        }
        Ok(Ketama {
            weighting,
            ring,
            points_per_node,
        })
    }

    /// The rules this continuum was built with.
    pub fn weighting(&self) -> Weighting {
        self.weighting
    }

    /// How many points each node holds on the continuum (after the Java client's
    /// collapsing of equal positions), for labels in the picture.
    pub fn points_per_node(&self) -> &[u32] {
        &self.points_per_node
    }

    /// The sorted points.
    pub fn sorted(&self) -> &SortedRing {
        &self.ring
    }
}

impl Placement for Ketama {
    fn node_count(&self) -> u32 {
        self.ring.node_count()
    }

    fn space_bits(&self) -> u32 {
        32
    }

    fn key_position(&self, key: &str) -> u64 {
        u64::from(hash::md5_le32(key.as_bytes()))
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.ring.owner(self.key_position(key))
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some(self.ring.owner(position))
    }

    fn owning_ring(&self) -> Option<&SortedRing> {
        Some(&self.ring)
    }

    fn explain(&self, key: &str) -> Explanation {
        self.ring.explain(self.key_position(key))
    }

    fn picture(&self) -> Picture {
        self.ring.picture()
    }

    fn shares(&self) -> Vec<f64> {
        self.ring.shares()
    }

    fn memory_bytes(&self) -> u64 {
        self.ring.memory_bytes() + (self.points_per_node.len() * std::mem::size_of::<u32>()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn nodes(names: &[&str], weights: &[u32]) -> Vec<NodeSpec> {
        names
            .iter()
            .zip(weights)
            .map(|(n, &w)| NodeSpec::new(*n, w))
            .collect()
    }

    fn equal(names: &[String]) -> Vec<NodeSpec> {
        names
            .iter()
            .map(|n| NodeSpec::new(n.as_str(), 100))
            .collect()
    }

    fn local(count: u32, base_port: u32) -> Vec<String> {
        (0..count)
            .map(|i| format!("127.0.0.1:{}", base_port + i))
            .collect()
    }

    const TEST_SH_SERVERS: [&str; 8] = [
        "10.0.1.1:11211",
        "10.0.1.2:11211",
        "10.0.1.3:11211",
        "10.0.1.4:11211",
        "10.0.1.5:11211",
        "10.0.1.6:11211",
        "10.0.1.7:11211",
        "10.0.1.8:11211",
    ];
    const TEST_SH_WEIGHTS: [u32; 8] = [600, 300, 200, 350, 1000, 800, 950, 100];

    #[test]
    fn libketama_test_sh_has_1264_points() {
        let k = Ketama::new(
            &nodes(&TEST_SH_SERVERS, &TEST_SH_WEIGHTS),
            Weighting::Libketama,
        )
        .unwrap();
        assert_eq!(k.picture().ring_points().len(), 1264);
        assert_eq!(k.points_per_node().iter().sum::<u32>(), 1264);
    }

    /// libketama's `test.sh`: the MD5 of `ketama_test`'s whole output for keys "0" … "999999".
    #[test]
    fn libketama_test_sh_output_digest() {
        let k = Ketama::new(
            &nodes(&TEST_SH_SERVERS, &TEST_SH_WEIGHTS),
            Weighting::Libketama,
        )
        .unwrap();
        let points = k.picture();
        let points = points.ring_points();
        let mut ctx = md5::Context::new();
        // ketama_test prints ketama_error() (empty) and a newline first.
        ctx.consume(b"\n");
        let mut line = Vec::with_capacity(64);
        let mut batch = Vec::with_capacity(1 << 16);
        for i in 0..1_000_000u32 {
            let key = i.to_string();
            let (point, _) = k.ring.successor(k.key_position(&key));
            let p = points[point as usize];
            line.clear();
            writeln!(
                line,
                "{} {} {}",
                k.key_position(&key),
                p.position,
                TEST_SH_SERVERS[p.owner as usize]
            )
            .unwrap();
            batch.extend_from_slice(&line);
            if batch.len() > (1 << 16) - 64 {
                ctx.consume(&batch);
                batch.clear();
            }
            assert_eq!(k.locate(&key), p.owner);
        }
        ctx.consume(&batch);
        assert_eq!(
            format!("{:x}", ctx.finalize()),
            "5672b131391f5aa2b280936aec1eea74"
        );
    }

    #[test]
    fn libketama_two_servers() {
        let k = Ketama::new(
            &nodes(&["127.0.0.1:11211", "127.0.0.1:11212"], &[600, 400]),
            Weighting::Libketama,
        )
        .unwrap();
        assert_eq!(k.picture().ring_points().len(), 320);
        let Explanation::RingWalk { point, owner, .. } = k.explain("test") else {
            panic!("ketama explains with a ring walk");
        };
        assert_eq!(
            k.picture().ring_points()[point as usize].position,
            3454255383
        );
        assert_eq!(owner, 0);
        assert_eq!(k.locate("test"), 0);
    }

    #[test]
    fn libketama_61_equal_servers_get_39_digests() {
        let names = local(61, 10000);
        let digests = Weighting::Libketama.digests(&equal(&names));
        assert!(digests.iter().all(|&d| d == 39), "{digests:?}");
        // Fewer or more servers around it keep 40.
        for n in [1, 2, 8, 60, 62] {
            let digests = Weighting::Libketama.digests(&equal(&local(n, 10000)));
            assert!(digests.iter().all(|&d| d == 40), "n = {n}: {digests:?}");
        }
        let k = Ketama::new(&equal(&names), Weighting::Libketama).unwrap();
        assert_eq!(k.picture().ring_points().len(), 61 * 39 * 4);
    }

    #[test]
    fn java_client_four_servers() {
        let k = Ketama::new(&equal(&local(4, 10000)), Weighting::JavaClient).unwrap();
        assert_eq!(k.points_per_node(), &[160, 160, 160, 160]);
        assert_eq!(k.locate("dustin"), 0);
        assert_eq!(k.locate("noelani"), 2);
        assert_eq!(k.locate("some other key"), 0);
        let points = k.picture();
        let points = points.ring_points();
        let last = points.last().unwrap();
        assert_eq!(last.position, 4294887009);
        let first = points[0];
        assert_eq!(first.owner, 3);
        for key in ["V5XS8C8N", "8KR2DKR2", "L9KH6X4X"] {
            assert!(
                k.key_position(key) > last.position,
                "{key} hashes past the last point"
            );
            assert_eq!(k.locate(key), 3, "{key}");
            assert_eq!(
                k.explain(key),
                Explanation::RingWalk {
                    key_position: k.key_position(key),
                    point: 0,
                    wrapped: true,
                    owner: 3,
                }
            );
        }
    }

    #[test]
    fn java_client_five_servers() {
        let k = Ketama::new(&equal(&local(5, 10000)), Weighting::JavaClient).unwrap();
        for (key, want) in [
            ("36", 2),
            ("10037", 3),
            ("22051", 1),
            ("49044", 4),
            ("some other key", 4),
        ] {
            assert_eq!(k.locate(key), want, "{key}");
        }
        // The same keys as the 4-server test that did not move.
        assert_eq!(k.locate("dustin"), 0);
        assert_eq!(k.locate("noelani"), 2);
    }

    #[test]
    fn java_client_eight_servers_agree_with_libketama() {
        let names: Vec<String> = TEST_SH_SERVERS.iter().map(|s| s.to_string()).collect();
        // From the client's testLibKetamaCompatTwo table.
        let cases = [
            ("0", 1),
            ("233", 7),
            ("466", 3),
            ("699", 1),
            ("932", 6),
            ("1165", 2),
            ("137470", 2),
            ("999803", 4),
        ];
        for weighting in Weighting::ALL {
            let k = Ketama::new(&equal(&names), weighting).unwrap();
            for (key, server) in cases {
                assert_eq!(k.locate(key) + 1, server, "{weighting:?} {key}");
            }
        }
    }

    #[test]
    fn java_client_weights() {
        // Equal weights of any value are the unweighted client.
        let k = Ketama::new(&nodes(&["a:1", "b:1"], &[7, 7]), Weighting::JavaClient).unwrap();
        assert_eq!(k.points_per_node(), &[160, 160]);
        // 1:3 over 2 nodes: floor(0.25 * 40 * 2) * 4 = 80 and floor(0.75 * 80) * 4 = 240.
        let k = Ketama::new(&nodes(&["a:1", "b:1"], &[100, 300]), Weighting::JavaClient).unwrap();
        assert_eq!(k.points_per_node(), &[80, 240]);
    }

    /// Weights 11:3:5:2:4 (total 25) over 5 nodes; exact arithmetic gives 88, 24, 40, 16, 32
    /// digests. In float, 3/25 = 0.11999999731779099, and the Java chain
    /// `percent * 160f / 4 * 5f` ends at 23.999998: 23 digests (likewise 2/25 and 4/25).
    /// libketama multiplies the same float in double and rounds the product back to float,
    /// which lands on 24.0 exactly. Values from a step-by-step float emulation (Python,
    /// rounding to binary32 after every operation).
    #[test]
    fn float_rounding_of_each_implementation() {
        let five = nodes(&["a", "b", "c", "d", "e"], &[11, 3, 5, 2, 4]);
        assert_eq!(
            Weighting::JavaClient.digests(&five),
            vec![88, 23, 40, 15, 31]
        );
        assert_eq!(
            Weighting::Libketama.digests(&five),
            vec![88, 24, 40, 16, 32]
        );
        let k = Ketama::new(&five, Weighting::JavaClient).unwrap();
        assert_eq!(k.points_per_node(), &[352, 92, 160, 60, 124]);
    }

    #[test]
    fn java_client_keeps_the_last_written_of_equal_points() {
        let p = |position: u64, owner: NodeIndex, replica: u32| RingPoint {
            position,
            owner,
            replica,
        };
        // Sorted, equal positions in the order they were written.
        let written = [p(5, 0, 0), p(9, 0, 1), p(9, 2, 0), p(9, 1, 3), p(12, 2, 1)];
        assert_eq!(
            keep_last_written(&written),
            vec![p(5, 0, 0), p(9, 1, 3), p(12, 2, 1)]
        );
        // No two names give the same "<server>-<i>" string, so real rings only collide
        // by MD5 chance: 50 servers x 160 points have none.
        let k = Ketama::new(&equal(&local(50, 20000)), Weighting::JavaClient).unwrap();
        assert_eq!(k.picture().ring_points().len(), 50 * 160);
    }

    #[test]
    fn lookup_takes_the_first_point_at_or_after_the_hash() {
        let k = Ketama::new(&equal(&local(3, 10000)), Weighting::Libketama).unwrap();
        let points = k.picture();
        let points = points.ring_points();
        for (i, p) in points.iter().enumerate().take(50) {
            // Exactly on a point, and one past the previous point, both land on it.
            assert_eq!(k.ring.successor(p.position), (i as u32, false));
            if i > 0 {
                assert_eq!(
                    k.ring.successor(points[i - 1].position + 1),
                    (i as u32, false)
                );
            }
        }
        assert_eq!(k.ring.successor(0), (0, false));
        assert_eq!(k.ring.successor(u64::from(u32::MAX)), (0, true));
    }

    #[test]
    fn shares_follow_weights_and_sum_to_one() {
        let k = Ketama::new(
            &nodes(&TEST_SH_SERVERS, &TEST_SH_WEIGHTS),
            Weighting::Libketama,
        )
        .unwrap();
        let shares = k.shares();
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let total: f64 = TEST_SH_WEIGHTS.iter().map(|&w| f64::from(w)).sum();
        for (s, &w) in shares.iter().zip(&TEST_SH_WEIGHTS) {
            // Few points per server: within a third of the weight's share.
            let want = f64::from(w) / total;
            assert!(
                (s - want).abs() < want / 3.0 + 0.01,
                "share {s} for weight {w}"
            );
        }
    }

    #[test]
    fn weighting_names_round_trip() {
        for w in Weighting::ALL {
            assert_eq!(Weighting::parse(w.name()), Some(w));
        }
        assert_eq!(Weighting::parse("spy"), None);
    }

    proptest::proptest! {
        /// Each digest `k` of a server is the MD5 of `<name>-<k>`, cut into four
        /// little-endian points: computed here with RustCrypto's `md-5`, which the core
        /// does not call.
        #[test]
        fn points_are_the_md5_words_of_name_dash_k(name in "[a-z0-9.:-]{1,40}") {
            use rustcrypto_md5::Digest;
            let servers = nodes(&[name.as_str()], &[1]);
            let k = Ketama::new(&servers, Weighting::Libketama).unwrap();
            let digests = Weighting::Libketama.digests(&servers)[0];
            let mut want: Vec<(u64, u32)> = (0..digests)
                .flat_map(|d| {
                    let digest: [u8; 16] =
                        rustcrypto_md5::Md5::digest(format!("{name}-{d}").as_bytes()).into();
                    (0..4u32).map(move |h| {
                        let at = 4 * h as usize;
                        let word = [digest[at], digest[at + 1], digest[at + 2], digest[at + 3]];
                        (u64::from(u32::from_le_bytes(word)), d * 4 + h)
                    })
                })
                .collect();
            want.sort_unstable();
            let mut got: Vec<(u64, u32)> =
                k.ring.points().iter().map(|p| (p.position, p.replica)).collect();
            got.sort_unstable();
            proptest::prop_assert_eq!(got, want);
        }
    }
}
