//! Kafka's producers place a keyed record on a partition of its topic; node `i` of the list is
//! partition `i`, and nothing of a node's name is hashed. Two rules, from two clients:
//!
//! - **kafka**: the Java producer's (apache/kafka
//!   `clients/src/main/java/org/apache/kafka/clients/producer/internals/BuiltInPartitioner.java`,
//!   `partitionForKey`; `DefaultPartitioner.java` before 3.3):
//!   `toPositive(murmur2(key)) % numPartitions`, `toPositive` being `& 0x7fffffff` and
//!   `murmur2` Kafka's MurmurHash2 (`Utils.java`, seed 0x9747b28c) over the key's bytes.
//!   kafka-python's `DefaultPartitioner` and librdkafka's `murmur2` partitioner are ports of
//!   it and give the same answers. An empty key hashes like any other.
//! - **librdkafka**: librdkafka's default `consistent_random` (confluentinc/librdkafka
//!   `src/rdkafka_msg.c`, `rd_kafka_msg_partitioner_consistent_random`):
//!   `crc32(key) % partition_cnt` with zlib's CRC-32. An empty key goes to a random
//!   partition there, so it is refused here.
//!
//! Neither has weights: a topic's partitions are equal.

use super::{index, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemSpec, Weights};
use crate::hash::crc32;
use crate::placement::{NodeIndex, Picture};

const NODE_SYNTAX: &str =
    "the topic's partitions in order (node i is partition i); names are not hashed";

/// Kafka's Java producer (and its ports).
pub static KAFKA: SystemSpec = SystemSpec {
    id: "kafka",
    description: "Kafka's producer for keyed records: (murmur2(key) & 0x7fffffff) % partitions (node i is partition i)",
    source: "apache/kafka clients/src/main/java/org/apache/kafka/clients/producer/internals/BuiltInPartitioner.java, clients/src/main/java/org/apache/kafka/common/utils/Utils.java",
    weights: Weights::None,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "kafka-murmur2",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: Some("kafka"),
    build: build_kafka,
};

/// librdkafka's default partitioner.
pub static LIBRDKAFKA: SystemSpec = SystemSpec {
    id: "librdkafka",
    description: "librdkafka's default consistent_random partitioner: crc32(key) % partitions (node i is partition i)",
    source: "confluentinc/librdkafka src/rdkafka_msg.c",
    weights: Weights::None,
    node_syntax: NODE_SYNTAX,
    params: &[],
    key_hash: "crc32-ieee",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::System,
    client_of: Some("kafka"),
    build: build_librdkafka,
};

/// Kafka's MurmurHash2 of `data` (`Utils.murmur2`), as an unsigned number: the standard
/// MurmurHash2 with Kafka's seed, from the `murmur2` crate.
///
/// ```
/// use ring_core::systems::kafka_murmur2;
/// // Kafka's UtilsTest.testMurmur2: "21" hashes to -973932308.
/// assert_eq!(kafka_murmur2(b"21") as i32, -973_932_308);
/// ```
pub fn kafka_murmur2(data: &[u8]) -> u32 {
    murmur2::murmur2(data, murmur2::KAFKA_SEED)
}

/// The partition Kafka's producer gives `key` among `partitions` (at least 1).
pub fn kafka_partition(key: &[u8], partitions: u32) -> u32 {
    (kafka_murmur2(key) & 0x7fff_ffff) % partitions.max(1)
}

/// The partition librdkafka's `consistent` partitioner gives `key` among `partitions`.
pub fn librdkafka_partition(key: &[u8], partitions: u32) -> u32 {
    crc32(key) % partitions.max(1)
}

/// A topic's partitions, each its node: where a key's partition is its node.
pub(crate) struct Partitions {
    pub(crate) system: &'static str,
    pub(crate) count: u32,
    pub(crate) partition: fn(&str, u32) -> Result<u32, &'static str>,
}

impl Locate for Partitions {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        Ok(self.position(key)? as NodeIndex)
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        (self.partition)(key, self.count)
            .map(u64::from)
            .map_err(|reason| KeyRefused::new(self.system, key, reason))
    }

    fn picture(&self) -> Picture {
        Picture::Table {
            entries: (0..self.count).collect(),
        }
    }
}

fn build_kafka(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Partitions {
        system: KAFKA.id,
        count: index(cluster.names.len()),
        partition: |key, count| Ok(kafka_partition(key.as_bytes(), count)),
    }))
}

fn build_librdkafka(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Partitions {
        system: LIBRDKAFKA.id,
        count: index(cluster.names.len()),
        partition: |key, count| {
            if key.is_empty() {
                return Err(
                    "consistent_random sends a record with an empty key to a random partition",
                );
            }
            Ok(librdkafka_partition(key.as_bytes(), count))
        },
    }))
}
