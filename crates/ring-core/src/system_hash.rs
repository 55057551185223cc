//! The hash functions of the real systems ([`crate::systems`]), listed once for
//! `ringlab hash --hash NAME`: [`SystemHash`], and [`AnyHash`], which also takes the app's
//! hashes ([`HashFn`]) by their names.
//!
//! They are kept out of `hashes!` in [`crate::hash`] on purpose: that list is the app's
//! hash menu, every entry of which needs words in both languages and bytes of wasm. These
//! are reached only from the systems and the command line.

use std::fmt;

use crate::hash::{crc32, HashFn};
use crate::{
    cassandra_murmur3, crc32c, one_at_a_time, sdbm, sha1, slots, systems, twemproxy_fnv, xxh64,
};

crate::listed_enum! {
    /// A hash function of a real system, as that system computes it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum SystemHash {
        /// XXH64, seed 0 (Envoy).
        Xxh64,
        /// CRC-32, IEEE (nginx, groupcache, stathat/consistent).
        Crc32Ieee,
        /// CRC-16/XMODEM (Redis Cluster, before `& 16383`).
        Crc16Xmodem,
        /// CRC-32C, Castagnoli.
        Crc32c,
        /// sdbm, u32.
        Sdbm,
        /// HAProxy's `full_hash(sdbm(key))`, what bare `hash-type consistent` hashes with.
        SdbmAvalanche,
        /// twemproxy's 32-bit, sign-extending `fnv1a_64`.
        TwemproxyFnv1a64,
        /// Cassandra's Murmur3Partitioner token, signed.
        CassandraMurmur3,
        /// SHA-1, the digest as a 160-bit big-endian number (Riak).
        Sha1,
        /// Kafka's MurmurHash2 (seed 0x9747b28c), unsigned.
        KafkaMurmur2,
        /// Hazelcast's signed MurmurHash3 x86_32 (seed 0x01000193) of a string serialized
        /// as its UTF-8 length (big-endian int32) and bytes.
        HazelcastMurmur3,
        /// pymemcache's pure-Python murmur3_32: over each character's low byte.
        PymemcacheMurmur3,
        /// libmemcached's one-at-a-time, bytes sign-extended.
        LibmemcachedOneAtATime,
        /// Ceph's `ceph_str_hash_rjenkins`: Bob Jenkins' lookup2, initial value 0.
        CephRjenkins,
        /// Varnish's `VRT_HashStrands32`: SHA-256's last 4 bytes, little-endian.
        VarnishSha256,
        /// `erlang:phash2/1` of a binary (RabbitMQ).
        ErlangPhash2,
    }
}

/// One system hash, described once.
#[derive(Debug)]
pub struct SystemHashSpec {
    /// Its name on the command line.
    pub id: &'static str,
    /// One line: what it is and who uses it.
    pub description: &'static str,
}

const SPECS: [SystemHashSpec; SystemHash::ALL.len()] = [
    SystemHashSpec {
        id: "xxh64",
        description: "XXH64, seed 0 (Envoy's ring hash and Maglev)",
    },
    SystemHashSpec {
        id: "crc32-ieee",
        description: "CRC-32, IEEE 802.3 (nginx, groupcache, stathat/consistent)",
    },
    SystemHashSpec {
        id: "crc16-xmodem",
        description: "CRC-16/XMODEM (Redis Cluster's slot before & 16383)",
    },
    SystemHashSpec {
        id: "crc32c",
        description: "CRC-32C, Castagnoli",
    },
    SystemHashSpec {
        id: "sdbm",
        description: "sdbm, 32 bits",
    },
    SystemHashSpec {
        id: "sdbm-avalanche",
        description: "HAProxy's full_hash(sdbm(key)), as bare hash-type consistent hashes",
    },
    SystemHashSpec {
        id: "twemproxy-fnv1a-64",
        description: "twemproxy's fnv1a_64: 32 bits, bytes sign-extended",
    },
    SystemHashSpec {
        id: "cassandra-murmur3",
        description: "Cassandra's Murmur3Partitioner token (signed; signed tail bytes)",
    },
    SystemHashSpec {
        id: "sha1",
        description: "SHA-1, the digest as a 160-bit number (Riak)",
    },
    SystemHashSpec {
        id: "kafka-murmur2",
        description: "Kafka's murmur2, seed 0x9747b28c (the producer's partitioner)",
    },
    SystemHashSpec {
        id: "hazelcast-murmur3",
        description:
            "Hazelcast's signed MurmurHash3 x86_32, seed 0x01000193, of the serialized string",
    },
    SystemHashSpec {
        id: "pymemcache-murmur3",
        description: "pymemcache's murmur3_32: MurmurHash3 x86_32 over each character's low byte",
    },
    SystemHashSpec {
        id: "libmemcached-oaat",
        description: "libmemcached's one-at-a-time (Jenkins), bytes sign-extended",
    },
    SystemHashSpec {
        id: "ceph-rjenkins",
        description: "Ceph's ceph_str_hash_rjenkins: Bob Jenkins' lookup2, initial value 0 (object names)",
    },
    SystemHashSpec {
        id: "varnish-sha256-32",
        description: "Varnish's VRT_HashStrands32: the last 4 bytes of SHA-256, little-endian (shard director)",
    },
    SystemHashSpec {
        id: "erlang-phash2",
        description: "erlang:phash2/1 of a binary, 27 bits (RabbitMQ's consistent-hash exchange)",
    },
];

/// A hash value, written in decimal by [`fmt::Display`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashValue {
    /// An unsigned value of up to 64 bits.
    Unsigned(u64),
    /// A signed 64-bit value (Cassandra's token).
    Signed(i64),
    /// A 160-bit big-endian value (SHA-1).
    Wide([u8; 20]),
}

impl fmt::Display for HashValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashValue::Unsigned(v) => write!(f, "{v}"),
            HashValue::Signed(v) => write!(f, "{v}"),
            HashValue::Wide(bytes) => f.write_str(&wide_decimal(bytes)),
        }
    }
}

/// A big-endian number of any width in decimal, by long division in base 10^9.
fn wide_decimal(bytes: &[u8]) -> String {
    let mut limbs: Vec<u32> = bytes
        .chunks(4)
        .map(|c| c.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b)))
        .collect();
    let mut groups = Vec::new();
    while limbs.iter().any(|&l| l != 0) {
        let mut remainder = 0u64;
        for limb in &mut limbs {
            let current = (remainder << 32) | u64::from(*limb);
            *limb = (current / 1_000_000_000) as u32;
            remainder = current % 1_000_000_000;
        }
        groups.push(remainder);
    }
    match groups.split_last() {
        None => "0".to_string(),
        Some((first, rest)) => {
            let mut s = first.to_string();
            for g in rest.iter().rev() {
                s.push_str(&format!("{g:09}"));
            }
            s
        }
    }
}

impl SystemHash {
    /// Its description.
    pub fn spec(self) -> &'static SystemHashSpec {
        &SPECS[self as usize]
    }

    /// Its name on the command line.
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// The hash of `data`.
    pub fn hash(self, data: &[u8]) -> HashValue {
        match self {
            SystemHash::Xxh64 => HashValue::Unsigned(xxh64::xxh64(data, 0)),
            SystemHash::Crc32Ieee => HashValue::Unsigned(u64::from(crc32(data))),
            SystemHash::Crc16Xmodem => HashValue::Unsigned(u64::from(slots::crc16_xmodem(data))),
            SystemHash::Crc32c => HashValue::Unsigned(u64::from(crc32c::crc32c(data))),
            SystemHash::Sdbm => HashValue::Unsigned(u64::from(sdbm::sdbm(data))),
            SystemHash::SdbmAvalanche => {
                HashValue::Unsigned(u64::from(sdbm::haproxy_key_hash(data)))
            }
            SystemHash::TwemproxyFnv1a64 => {
                HashValue::Unsigned(u64::from(twemproxy_fnv::twemproxy_fnv1a_64(data)))
            }
            SystemHash::CassandraMurmur3 => HashValue::Signed(cassandra_murmur3::token(data)),
            SystemHash::Sha1 => HashValue::Wide(sha1::sha1(data)),
            SystemHash::KafkaMurmur2 => {
                HashValue::Unsigned(u64::from(systems::kafka_murmur2(data)))
            }
            SystemHash::HazelcastMurmur3 => {
                let text = String::from_utf8_lossy(data);
                let framed = systems::hazelcast_string_data(&text);
                HashValue::Signed(i64::from(systems::hazelcast_murmur3(&framed)))
            }
            SystemHash::PymemcacheMurmur3 => HashValue::Unsigned(u64::from(
                systems::pymemcache_murmur3(&String::from_utf8_lossy(data)),
            )),
            SystemHash::LibmemcachedOneAtATime => {
                HashValue::Unsigned(u64::from(one_at_a_time::libmemcached_one_at_a_time(data)))
            }
            SystemHash::CephRjenkins => {
                HashValue::Unsigned(u64::from(crate::systems::ceph_str_hash_rjenkins(data)))
            }
            SystemHash::VarnishSha256 => {
                HashValue::Unsigned(u64::from(crate::systems::varnish_hash32(data)))
            }
            SystemHash::ErlangPhash2 => {
                HashValue::Unsigned(u64::from(crate::erlang::phash2_binary(data)))
            }
        }
    }
}

/// A hash `ringlab hash` can compute: a system's, or one of the app's [`HashFn`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyHash {
    /// A hash of [`SystemHash::ALL`].
    System(SystemHash),
    /// A hash of [`HashFn::ALL`].
    Core(HashFn),
}

impl AnyHash {
    /// Every hash, the systems' first.
    pub fn all() -> impl Iterator<Item = AnyHash> {
        SystemHash::ALL
            .into_iter()
            .map(AnyHash::System)
            .chain(HashFn::ALL.into_iter().map(AnyHash::Core))
    }

    /// The hash called `name` (ASCII case ignored).
    pub fn find(name: &str) -> Option<AnyHash> {
        AnyHash::all().find(|h| h.id().eq_ignore_ascii_case(name.trim()))
    }

    /// Its name on the command line.
    pub fn id(self) -> &'static str {
        match self {
            AnyHash::System(h) => h.id(),
            AnyHash::Core(h) => h.name(),
        }
    }

    /// One line about it.
    pub fn description(self) -> &'static str {
        match self {
            AnyHash::System(h) => h.spec().description,
            AnyHash::Core(h) => h.describe(),
        }
    }

    /// The hash of a key.
    pub fn hash(self, key: &str) -> HashValue {
        match self {
            AnyHash::System(h) => h.hash(key.as_bytes()),
            AnyHash::Core(h) => HashValue::Unsigned(h.hash_str(key)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let mut ids: Vec<&str> = AnyHash::all().map(AnyHash::id).collect();
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count, "a name is shared");
        for h in AnyHash::all() {
            assert_eq!(AnyHash::find(h.id()), Some(h));
        }
        assert_eq!(AnyHash::find("nope"), None);
    }

    #[test]
    fn sha1_prints_as_its_160_bit_number() {
        // SHA-1("abc") = a9993e36 4706816a ba3e2571 7850c26c 9cd0d89d.
        assert_eq!(
            SystemHash::Sha1.hash(b"abc").to_string(),
            "968236873715988614170569073515315707566766479517"
        );
        assert_eq!(wide_decimal(&[0; 20]), "0");
        assert_eq!(wide_decimal(&[0, 0, 0, 1, 0, 0, 0, 0]), "4294967296");
        assert_eq!(wide_decimal(&[0x3b, 0x9a, 0xca, 0x00]), "1000000000");
    }
}
