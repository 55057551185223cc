//! Varnish's shard director (varnishcache/varnish-cache `vmod/vmod_directors_shard_cfg.c`
//! `shardcfg_hashcircle` and the weight scaling in `shardcfg_apply_change`,
//! `vmod/vmod_directors_shard_dir.c` `shard_lookup` and `sharddir_pick_be_locked`,
//! `bin/varnishd/cache/cache_vrt.c` `VRT_HashStrands32`).
//!
//! The configuration modelled: `s.add_backend(bI, ident="NAME"[, weight=W])` for each
//! node in order, `s.reconfigure(replicas)` (67 by default), and a lookup
//! `s.backend(by=KEY, key=s.key(KEY))` with every backend healthy and no rampup or warmup.
//!
//! - Points: backend `h` has `(uint32_t)(replicas · weight)` of them (the weight a `REAL`,
//!   at least 1); point `j` is `VRT_HashStrands32(ident, "j")`: SHA-256 of the ident
//!   followed by `j` in decimal, its last 4 bytes read little-endian. The points are sorted
//!   by value (`qsort`, which leaves equal points in no set order: here the first
//!   generated comes first).
//! - Key: the same hash of the key's bytes. It goes to the first point at or after it;
//!   **above the last point it stays on the last point** (the lookup does not wrap).
//!   `shard_lookup`'s binary search has one more quirk, kept here: with exactly two
//!   points it answers the second for every key.
//! - The key travels as an HTTP header value, so it may not hold control bytes (a tab
//!   inside is allowed) or DEL, nor begin or end with a space or a tab, which Varnish
//!   would trim.
//!
//! Weights are decimals (`REAL`): kept in hundredths, `1.5` is 150, which VCL writes as
//! `1.500` (VCC prints a `REAL` literal with `%.3f`), the double nearest 1.5.

use sha2::{Digest, Sha256};

use crate::registry::{ParamKind, ParamSpec};

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, Points, SystemError, SystemParam, SystemSpec,
    Ties, Weights,
};
use crate::placement::{NodeIndex, Picture};

const REPLICAS: &str = "reconfigure(replicas=), points per unit of weight";
const MAX_REPLICAS: u32 = 1_000_000;

/// The shard director.
pub static SPEC: SystemSpec = SystemSpec {
    id: "varnish-shard",
    description: "Varnish shard director: 67 SHA-256 points per backend ident scaled by weight; a key goes to the first point at or after its hash, and stays on the last point past it",
    source: "varnishcache/varnish-cache vmod/vmod_directors_shard_cfg.c (shardcfg_hashcircle), vmod/vmod_directors_shard_dir.c (shard_lookup)",
    weights: Weights::Hundredths {
        meaning: "add_backend(weight=), a REAL of at least 1: replicas × weight points",
        default: 100,
        min: 100,
        max: 1_000_000,
    },
    node_syntax: "the backend's ident (`add_backend(b, ident=\"web1\")`), hashed with each point's number",
    params: &[SystemParam {
        name: "replicas",
        description: REPLICAS,
        default: 67,
        min: 1,
        max: MAX_REPLICAS as u64,
    }],
    key_hash: "varnish-sha256-32",
    shape: crate::registry::Picture::Ring,
    lab: LabBuild::SystemWith {
        params: &[ParamSpec {
            key: "shard-replicas",
            // go-zero's ring has `--replicas`.
            flag: "shard-replicas",
            unit: "points",
            kind: ParamKind::Whole {
                min: 1,
                max: MAX_REPLICAS,
                default: 67,
                picture_default: None,
                prime: false,
            },
        }],
        docs: &[REPLICAS],
    },
    client_of: None,
    build,
};

/// `VRT_HashStrands32` of one string: the last 4 bytes of its SHA-256, little-endian.
///
/// ```
/// // SHA-256("") ends in …7852b855.
/// assert_eq!(ring_core::systems::varnish_hash32(b""), 0x55b8_5278);
/// ```
pub fn varnish_hash32(data: &[u8]) -> u32 {
    let digest: [u8; 32] = Sha256::digest(data).into();
    u32::from_le_bytes([digest[28], digest[29], digest[30], digest[31]])
}

/// Backend `owner`'s points: `(uint32_t)(replicas · weight)` of them.
fn push_points(points: &mut Vec<(u64, NodeIndex)>, ident: &str, count: u64, owner: NodeIndex) {
    let mut text = Vec::with_capacity(ident.len() + 10);
    text.extend_from_slice(ident.as_bytes());
    let base = text.len();
    for j in 0..count {
        text.truncate(base);
        text.extend_from_slice(j.to_string().as_bytes());
        points.push((u64::from(varnish_hash32(&text)), owner));
    }
}

/// The points of a backend of `weight` hundredths: `(uint32_t)(replicas * weight)` in
/// doubles, the weight being the double VCL compiles `W.WW` to.
fn point_count(replicas: u64, weight: u32) -> u64 {
    let product = replicas as f64 * (f64::from(weight) / 100.0);
    // shardcfg_apply_change caps the product at UINT32_MAX; `as` truncates toward zero.
    product.min(f64::from(u32::MAX)) as u64
}

struct Shard {
    points: Points,
    /// Each backend's points, as the director made them (the picture adds one at the top
    /// and, with two points, gives both to the second).
    counts: Vec<u32>,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let replicas = cluster.params[0];
    let total: u64 = cluster
        .weights
        .iter()
        .map(|&w| point_count(replicas, w))
        .sum();
    if total > super::MAX_SYSTEM_POINTS {
        return Err(SystemError::TooManyPoints { points: total });
    }
    let mut points = Vec::with_capacity(total as usize);
    for (i, (name, &weight)) in cluster.names.iter().zip(&cluster.weights).enumerate() {
        push_points(&mut points, name, point_count(replicas, weight), index(i));
    }
    let counts = cluster
        .weights
        .iter()
        .map(|&w| u32::try_from(point_count(replicas, w)).unwrap_or(u32::MAX))
        .collect();
    Ok(Box::new(Shard {
        points: Points::new(points, Ties::FirstWins)?,
        counts,
    }))
}

/// Why a key cannot travel as an HTTP header value, or `None`.
fn refusal(key: &str) -> Option<&'static str> {
    let bytes = key.as_bytes();
    if bytes.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7f) {
        return Some("the key travels as an HTTP header value: no control characters");
    }
    let edge = |b: Option<&u8>| matches!(b, Some(b' ' | b'\t'));
    if edge(bytes.first()) || edge(bytes.last()) {
        return Some("the key travels as an HTTP header value: Varnish trims a leading or trailing space or tab");
    }
    None
}

impl Shard {
    /// `shard_lookup`'s owner for a key hash.
    fn owner(&self, h: u64) -> NodeIndex {
        if self.points.len() == 2 {
            // The search's first probe is index 1 = n − 1, which it takes.
            return self.points.iter().nth(1).map_or(0, |(_, owner)| owner);
        }
        self.points.at_or_after_no_wrap(h)
    }
}

impl Locate for Shard {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.owner(self.position(key)?))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        if let Some(reason) = refusal(key) {
            return Err(KeyRefused::new(SPEC.id, key, reason));
        }
        Ok(u64::from(varnish_hash32(key.as_bytes())))
    }

    fn wraps(&self) -> bool {
        false
    }

    fn point_counts(&self) -> Option<Vec<u32>> {
        Some(self.counts.clone())
    }

    fn picture(&self) -> Picture {
        let last_owner = self.owner(u64::from(u32::MAX));
        let top = u64::from(u32::MAX);
        let mut points: Vec<(u64, NodeIndex)> = if self.points.len() == 2 {
            self.points.iter().map(|(p, _)| (p, last_owner)).collect()
        } else {
            self.points.iter().collect()
        };
        // Past the last point the key stays there: the arc up to the top of the space is
        // the last point's, where a wrapping ring would give it to the first.
        if points.last().is_some_and(|&(p, _)| p < top) {
            points.push((top, last_owner));
        }
        super::numbered_ring(32, points)
    }
}
