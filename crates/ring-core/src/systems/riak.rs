//! Riak KV's placement (basho/riak_core `src/chash.erl`, `src/chashbin.erl`,
//! `src/riak_core_util.erl`, `src/riak_core_apl.erl`,
//! `src/riak_core_membership_claim.erl`), on a ring laid out by `sequential_claim`.
//!
//! - Key: a line is `BUCKET/KEY`, split at its first `/` (a bucket of the default bucket
//!   type; typed buckets, `{Type, Bucket}`, are not modelled). Its ring key is
//!   `chash:key_of({Bucket, Key})` (`riak_core_util:chash_std_keyfun`, the default
//!   `chash_keyfun`): SHA-1 of `term_to_binary({<<Bucket>>, <<Key>>})`, which for two
//!   binaries is the bytes `131, 104, 2` then, for each, `109`, its length as 4 big-endian
//!   bytes and its bytes (checked against `erlang:term_to_binary/1`, OTP 25). A line
//!   without `/` is refused.
//! - Ring: `chash:fresh(RingSize, _)`, partition `p` at `p · Inc` where
//!   `Inc = RINGTOP div RingSize` and `RINGTOP = trunc(math:pow(2,160) - 1)`, which in
//!   floating point is exactly 2^160. `ring_size` must be a power of 2 from 8 to 1024 (the
//!   validators of `priv/riak_core.schema`), so `Inc = 2^(160 − log2 RingSize)`.
//! - A key goes to partition `((HashKey div Inc) + 1) rem RingSize`
//!   (`chashbin:responsible_position`: the first partition index strictly above the
//!   hash); its primary preference list is that partition and the next `n_val − 1`
//!   (`chashbin:itr_pop`), owners repeated when a node holds two of them.
//! - Owners: `sequential_claim(Ring, Node, TargetN)` (`target_n_val`, default 4) over the
//!   nodes sorted as Erlang sorts atoms (`lists:usort`, by code point): round robin
//!   (`diagonal_stripe`, partition `i` to node `i rem N`), unless the last partitions
//!   would wrap into a preference list shorter than `target_n_val`
//!   (`0 < RingSize rem N < TargetN`) and that can be solved, when
//!   `solve_tail_violations` takes nodes out of earlier rounds so the ring ends on
//!   `target_n_val` distinct nodes. Node locations are not modelled (none set).
//!
//! **Approximation, loudly:** `sequential_claim` is what riak_core computes in a
//! `full_rebalance` (a leave with `full_rebalance_onleave`) and what `choose_claim_v2`
//! (the default `choose_claim_fun`) falls back to when it cannot claim or cannot meet
//! `target_n_val`. A cluster grown by joining nodes one plan at a time under
//! `choose_claim_v2` (or `choose_claim_v4`) may hold another ownership, which depends on
//! the join history; this models the ring as `sequential_claim` lays it out for the nodes
//! given. The claim was checked by running riak_core's own `sequential_claim/3` (OTP 25)
//! on a stand-in ring.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemParam, SystemSpec, Weights,
};
use crate::placement::NodeIndex;
use crate::sha1::sha1;

/// Riak KV on a sequentially claimed ring.
pub static SPEC: SystemSpec = SystemSpec {
    id: "riak",
    description: "Riak KV (riak_core): SHA-1 of term_to_binary({Bucket,Key}) on 64 partitions laid out by sequential_claim",
    source: "basho/riak_core src/chash.erl, src/chashbin.erl, src/riak_core_membership_claim.erl (sequential_claim)",
    weights: Weights::None,
    node_syntax: "Erlang node names (`riak@10.0.0.1`), claimed in Erlang's sorted order; keys are BUCKET/KEY",
    params: &[
        SystemParam {
            name: "ring-size",
            description: "ring_size (riak_core ring_creation_size, a power of 2)",
            default: 64,
            min: 8,
            max: 1024,
        },
        SystemParam {
            name: "target-n-val",
            description: "riak_core target_n_val",
            default: 4,
            min: 1,
            max: 1024,
        },
        SystemParam {
            name: "n-val",
            description: "the bucket's n_val (preference list length)",
            default: 3,
            min: 1,
            max: 1024,
        },
    ],
    key_hash: "sha1",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// `term_to_binary({<<Bucket>>, <<Key>>})`, for two binaries (external term format,
/// uncompressed).
pub fn riak_bucket_key_term(bucket: &[u8], key: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(3 + 10 + bucket.len() + key.len());
    out.extend_from_slice(&[131, 104, 2]);
    for part in [bucket, key] {
        out.push(109);
        out.extend_from_slice(&(part.len() as u32).to_be_bytes());
        out.extend_from_slice(part);
    }
    out
}

/// `chash:key_of({Bucket, Key})`: the 160-bit ring key.
pub fn riak_chash_key(bucket: &[u8], key: &[u8]) -> [u8; 20] {
    sha1(&riak_bucket_key_term(bucket, key))
}

/// `chashbin:responsible_position`: `((HashKey div Inc) + 1) rem RingSize`, for a ring
/// size that is a power of 2 up to 2^16 (so `HashKey div Inc` is the hash's top bits).
pub fn riak_responsible_position(hash: &[u8; 20], ring_size: u32) -> u32 {
    let bits = ring_size.trailing_zeros();
    let top = u32::from(u16::from_be_bytes([hash[0], hash[1]]));
    let above = if bits == 0 { 0 } else { top >> (16 - bits) };
    (above + 1) % ring_size.max(1)
}

/// `sequential_claim/3`'s owner of each partition, as positions in the sorted node list.
/// `None` where riak_core would crash: more nodes than partitions (it divides by
/// `RingSize div NodeCount`) or no node.
pub fn riak_sequential_claim(
    ring_size: usize,
    nodes: usize,
    target_n: usize,
) -> Option<Vec<usize>> {
    let complete = ring_size.checked_div(nodes).filter(|&c| c > 0)?;
    let overhang = ring_size % nodes;
    let tail_violation = overhang > 0 && overhang < target_n;
    let shortfall = target_n as i64 - overhang as i64;
    let max_fetches = nodes as i64 - target_n as i64;
    let solvable = complete as i64 * max_fetches >= shortfall;
    if !(tail_violation && solvable) {
        // diagonal_stripe: the nodes repeated, cut to the ring.
        return Some((0..ring_size).map(|i| i % nodes).collect());
    }
    // solve_tail_violations / build_nodelist, its list of rounds kept in order: the
    // rounds built later go first, the first `target_n` nodes last.
    let shortfall = shortfall as usize;
    let min_fetches = shortfall.div_ceil(complete);
    let mut rounds: Vec<Vec<usize>> = vec![(0..target_n.min(nodes)).collect()];
    let mut counter = overhang + 1; // 1-based, as lists:sublist takes it
    let mut left = shortfall;
    while left > 0 {
        let remove = min_fetches.min(left).min(nodes - counter);
        if remove == 0 {
            // riak_core would loop for ever; the checks above keep this from happening.
            return None;
        }
        let removed = (counter - 1)..(counter - 1 + remove);
        rounds.insert(0, (0..nodes).filter(|i| !removed.contains(i)).collect());
        counter += remove;
        left -= remove;
    }
    let placed: usize = rounds.iter().map(Vec::len).sum();
    for _ in 0..(ring_size - placed) / nodes {
        rounds.insert(0, (0..nodes).collect());
    }
    let owners: Vec<usize> = rounds.into_iter().flatten().collect();
    (owners.len() == ring_size).then_some(owners)
}

/// A built Riak ring: each partition's owner (indices in the node list given).
#[derive(Clone, Debug)]
pub struct Riak {
    owners: Vec<NodeIndex>,
    n_val: usize,
}

impl Riak {
    /// The owner of each partition, in ring order.
    pub fn partition_owners(&self) -> &[NodeIndex] {
        &self.owners
    }

    fn position(&self, key: &str) -> Result<usize, KeyRefused> {
        let Some((bucket, k)) = key.split_once('/') else {
            return Err(KeyRefused::new(
                SPEC.id,
                key,
                "a Riak key is written BUCKET/KEY (split at the first /)",
            ));
        };
        let hash = riak_chash_key(bucket.as_bytes(), k.as_bytes());
        Ok(riak_responsible_position(&hash, self.owners.len() as u32) as usize)
    }
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let param = |i: usize, default: u64| cluster.params.get(i).copied().unwrap_or(default);
    let ring_size = param(0, 64);
    let target_n = param(1, 4);
    let n_val = param(2, 3);
    if !ring_size.is_power_of_two() {
        return Err(SystemError::BadParam {
            name: "ring-size",
            value: ring_size,
            rule: "riak_core's ring_size is a power of 2 from 8 to 1024".to_string(),
        });
    }
    if n_val > ring_size {
        return Err(SystemError::BadParam {
            name: "n-val",
            value: n_val,
            rule: format!("a preference list is at most the ring's {ring_size} partitions"),
        });
    }
    // lists:usort of the node atoms: by code point, which is UTF-8 byte order.
    let sorted = super::by_name(&cluster.names);
    let Some(claim) = riak_sequential_claim(ring_size as usize, sorted.len(), target_n as usize)
    else {
        return Err(SystemError::BadParam {
            name: "ring-size",
            value: ring_size,
            rule: format!(
                "sequential_claim needs at least as many partitions as nodes ({})",
                sorted.len()
            ),
        });
    };
    Ok(Box::new(Riak {
        owners: claim.into_iter().map(|i| index(sorted[i])).collect(),
        n_val: n_val as usize,
    }))
}

impl Locate for Riak {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        let p = Riak::position(self, key)?;
        Ok(self.owners.get(p).copied().unwrap_or(0))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Riak::position(self, key).map(|p| p as u64)
    }

    fn picture(&self) -> crate::placement::Picture {
        crate::placement::Picture::Table {
            entries: self.owners.clone(),
        }
    }

    fn preference_list(&self, key: &str) -> Option<Result<Vec<NodeIndex>, KeyRefused>> {
        Some(Riak::position(self, key).map(|p| {
            (0..self.n_val)
                .map(|i| self.owners[(p + i) % self.owners.len()])
                .collect()
        }))
    }

    fn preference_entries(&self, key: &str) -> Option<Result<Vec<u32>, KeyRefused>> {
        Some(Riak::position(self, key).map(|p| {
            (0..self.n_val)
                .map(|i| ((p + i) % self.owners.len()) as u32)
                .collect()
        }))
    }
}
