//! Guava's `Hashing.consistentHash(HashCode, int)` (google/guava
//! `guava/src/com/google/common/hash/Hashing.java`) over
//! `Hashing.murmur3_128().hashString(key, UTF_8)`: the key's MurmurHash3 x64_128 (seed 0),
//! `padToLong()` (h1), into jump-style buckets computed with Guava's own linear
//! congruential generator in doubles. Node `i` is bucket `i`. Every key is valid.

use super::{index, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemSpec, Weights};
use crate::hash::murmur3_x64_128;
use crate::placement::{NodeIndex, Picture};

/// Guava.
pub static SPEC: SystemSpec = SystemSpec {
    id: "guava",
    description: "Guava Hashing.consistentHash over murmur3_128 (bucket i is node i)",
    source: "google/guava guava/src/com/google/common/hash/Hashing.java",
    weights: Weights::None,
    node_syntax: "the buckets in order (node i is bucket i); names are not hashed",
    params: &[],
    key_hash: "murmur3-64",
    shape: crate::registry::Picture::Buckets,
    lab: LabBuild::System,
    client_of: None,
    build,
};

/// `Hashing.consistentHash(input, buckets)`, `buckets` at least 1.
///
/// ```
/// use ring_core::systems::guava_consistent_hash;
/// assert_eq!(guava_consistent_hash(1, 100), 55); // Guava's golden values
/// ```
pub fn consistent_hash(input: i64, buckets: u32) -> u32 {
    walk(input, buckets, &mut |_| {})
}

/// Guava's loop, telling `stood_on` each candidate it stands on (0 first, the answer last).
fn walk(input: i64, buckets: u32, stood_on: &mut dyn FnMut(u32)) -> u32 {
    let buckets = i64::from(buckets.max(1));
    let mut state = input;
    let mut candidate: i32 = 0;
    stood_on(0);
    loop {
        state = state
            .wrapping_mul(2_862_933_555_777_941_757)
            .wrapping_add(1);
        // `(double) ((int) (state >>> 33) + 1) / 0x1.0p31`, the `+ 1` in int (it wraps).
        let next_double =
            f64::from((((state as u64) >> 33) as i32).wrapping_add(1)) / 2_147_483_648.0;
        // Java's `(int)` of a double saturates, as Rust's `as` does.
        let next = (f64::from(candidate + 1) / next_double) as i32;
        if next >= 0 && i64::from(next) < buckets {
            candidate = next;
            stood_on(candidate as u32);
        } else {
            return candidate as u32;
        }
    }
}

struct Guava {
    buckets: u32,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    Ok(Box::new(Guava {
        buckets: index(cluster.names.len()),
    }))
}

impl Locate for Guava {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        let input = murmur3_x64_128(key.as_bytes(), 0).0 as i64;
        Ok(consistent_hash(input, self.buckets))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        Ok(murmur3_x64_128(key.as_bytes(), 0).0)
    }

    fn picture(&self) -> Picture {
        Picture::Buckets {
            count: self.buckets,
        }
    }

    fn space_bits(&self) -> u32 {
        64
    }

    fn steps(&self, position: u64) -> Option<Vec<u32>> {
        let mut steps = Vec::new();
        walk(position as i64, self.buckets, &mut |candidate| {
            steps.push(candidate)
        });
        Some(steps)
    }
}
