//! Hazelcast's partition of a string key, as the Python client computes it
//! (hazelcast/hazelcast-python-client `hazelcast/partition.py`, `hazelcast/hash.py`,
//! `hazelcast/serialization/data.py`); node `i` of the list is partition `i`, and the
//! partition count is the node count (271 in a default cluster).
//!
//! The key is serialized as the client sends it: an 8-byte header (partition hash 0, type
//! −11), then the UTF-8 bytes' length as a big-endian int32, then the bytes. The hash is
//! the signed MurmurHash3 x86_32 of what follows the header, with seed 0x01000193, and the
//! partition `abs(hash) % count`. Every key is valid, the empty one included.
//!
//! For the one hash `Integer.MIN_VALUE` the Python client's `hash_to_index` compares the
//! signed hash with `0x80000000`, never equal, so it returns `2^31 % count`; Java's
//! `HashUtil.hashToIndex` (hazelcast/hazelcast) returns 0 there. This follows the Python
//! client, whose code the tests run.

use super::kafka::Partitions;
use super::{index, Cluster, LabBuild, Locate, SystemError, SystemSpec, Weights};

/// Hazelcast, as its Python client places a string key.
pub static SPEC: SystemSpec = SystemSpec {
    id: "hazelcast",
    description: "Hazelcast's partition of a string key, as its Python client computes it: abs(murmur3 of the serialized key) % partitions (node i is partition i)",
    source: "hazelcast/hazelcast-python-client hazelcast/hash.py, hazelcast/partition.py, hazelcast/serialization/data.py",
    weights: Weights::None,
    node_syntax: "the cluster's partitions in order (node i is partition i; a default cluster has 271); names are not hashed",
    params: &[],
    key_hash: "hazelcast-murmur3",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// Hazelcast's seed for MurmurHash3 (`murmur_hash3_x86_32`'s `h1`, Java's
/// `MurmurHash3_x86_32` default seed).
const SEED: u32 = 0x0100_0193;

/// The signed MurmurHash3 x86_32 Hazelcast takes of serialized data without its header
/// (`murmur_hash3_x86_32` of the whole buffer, which skips the first 8 bytes).
///
/// ```
/// use ring_core::systems::hazelcast_murmur3;
/// // hazelcast-python-client tests/unit/murmur_hash_test.py, from the Java implementation.
/// assert_eq!(hazelcast_murmur3(b"key-1"), 1_228_513_025);
/// assert_eq!(hazelcast_murmur3(b""), -1_585_187_909);
/// ```
pub fn hazelcast_murmur3(data: &[u8]) -> i32 {
    crate::hash::murmur3_x86_32(data, SEED) as i32
}

/// The partition of `hash` among `count` (at least 1) as the Python client's
/// `hash_to_index` gives it: `abs(hash) % count`, where `abs(i32::MIN)` is 2^31 (Python's
/// integers do not overflow; Java's `hashToIndex` returns 0 for that hash instead).
pub fn hazelcast_hash_to_index(hash: i32, count: u32) -> u32 {
    (u64::from(hash.unsigned_abs()) % u64::from(count.max(1))) as u32
}

/// The data Hazelcast hashes for a string: its UTF-8 length as a big-endian int32, then
/// the UTF-8 bytes (the serialized form after its 8-byte header).
pub fn hazelcast_string_data(key: &str) -> Vec<u8> {
    let mut data = Vec::with_capacity(4 + key.len());
    // A lab key is far below 2 GiB, so the length fits an int32 as it does in the client.
    data.extend_from_slice(&(key.len() as u32).to_be_bytes());
    data.extend_from_slice(key.as_bytes());
    data
}

/// The partition the Python client gives the string `key` among `count` partitions.
///
/// ```
/// use ring_core::systems::hazelcast_partition;
/// assert_eq!(hazelcast_partition("user:0:gjj", 271), 154);
/// // This key's hash is i32::MIN: 2^31 % 271, where Java says 0.
/// assert_eq!(hazelcast_partition("hkpyS*,<", 271), 245);
/// ```
pub fn hazelcast_partition(key: &str, count: u32) -> u32 {
    hazelcast_hash_to_index(hazelcast_murmur3(&hazelcast_string_data(key)), count)
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Partitions {
        system: SPEC.id,
        count: index(cluster.names.len()),
        partition: |key, count| Ok(hazelcast_partition(key, count)),
    }))
}
