//! Redis Cluster (redis/redis `src/cluster.c` `keyHashSlot`, `src/redis-cli.c`
//! `clusterManagerCommandCreate`).
//!
//! A key's slot is CRC-16/XMODEM of its hash tag, `& 16383` ([`crate::slots::redis_key_slot`]:
//! the tag is what lies between the first `{` and the first `}` after it, when not empty).
//! The slots are split as `redis-cli --cluster create` splits them among the masters, in
//! 32-bit float: `spn = 16384 / (float)N`, and master `i` ends at
//! `lround(cursor + spn − 1)` (the last master at 16383) with `cursor += spn` after each;
//! from 78 masters on this differs from exact arithmetic. Master `i` is the `i`-th node
//! given: redis-cli keeps that order for nodes of one host (it interleaves the nodes of
//! several hosts first, which is not modelled: list them in the order redis-cli prints
//! them). Every key is valid, the empty one included (slot 0).

use super::{index, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemSpec, Weights};
use crate::placement::{NodeIndex, Picture};
use crate::slots::{redis_key_slot, REDIS_CLUSTER_SLOTS};

/// Redis Cluster.
pub static SPEC: SystemSpec = SystemSpec {
    id: "redis-cluster",
    description: "Redis Cluster: CRC16 slots with hash tags, split among masters as redis-cli --cluster create does",
    source: "redis/redis src/cluster.c (keyHashSlot), src/redis-cli.c (clusterManagerCommandCreate)",
    weights: Weights::None,
    node_syntax: "the masters in the order given to redis-cli --cluster create (`127.0.0.1:7000`); names are not hashed",
    params: &[],
    key_hash: "crc16-xmodem",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// The first and last slot of each of `masters` masters, as `redis-cli --cluster create`
/// assigns them (in 32-bit float). Masters beyond the slot count get the last slot again,
/// as redis-cli's `if (last < first) last = first` leaves them; redis-cli itself wants 3
/// masters at least.
///
/// ```
/// use ring_core::systems::redis_cli_slot_ranges;
/// assert_eq!(redis_cli_slot_ranges(3), vec![(0, 5460), (5461, 10922), (10923, 16383)]);
/// ```
pub fn redis_cli_slot_ranges(masters: u32) -> Vec<(u32, u32)> {
    let slots = REDIS_CLUSTER_SLOTS;
    let per_master = slots as f32 / masters as f32;
    let mut cursor = 0.0f32;
    let mut first = 0u32;
    let mut ranges = Vec::with_capacity(masters as usize);
    for i in 0..masters {
        // `lround(cursor + slots_per_node - 1)`: the sum in float, rounded half away from
        // zero.
        let rounded = f64::from(cursor + per_master - 1.0).round();
        let mut last = if rounded < 0.0 { 0 } else { rounded as u32 };
        if last > slots || i == masters - 1 {
            last = slots - 1;
        }
        if last < first {
            last = first;
        }
        ranges.push((first, last));
        first = last + 1;
        cursor += per_master;
    }
    ranges
}

struct RedisCluster {
    owners: Vec<NodeIndex>,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let masters = index(cluster.names.len());
    let mut owners = vec![0; REDIS_CLUSTER_SLOTS as usize];
    for (i, (first, last)) in redis_cli_slot_ranges(masters).into_iter().enumerate() {
        let last = last.min(REDIS_CLUSTER_SLOTS - 1);
        for slot in first..=last {
            if let Some(owner) = owners.get_mut(slot as usize) {
                *owner = index(i);
            }
        }
    }
    Ok(Box::new(RedisCluster { owners }))
}

impl Locate for RedisCluster {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self
            .owners
            .get(usize::from(redis_key_slot(key)))
            .copied()
            .unwrap_or(0))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(u64::from(redis_key_slot(key)))
    }

    fn picture(&self) -> Picture {
        Picture::Table {
            entries: self.owners.clone(),
        }
    }
}
