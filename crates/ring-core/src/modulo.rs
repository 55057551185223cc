//! `hash(key) % n`: the baseline every consistent-hashing article starts from, and the one
//! that moves almost every key when `n` changes.
//!
//! - **Lookup cost:** one hash and one remainder. **Memory:** none.
//! - **Join and leave:** going from `n` to `n + 1` nodes keeps a key only where
//!   `h % n == h % (n + 1)`, about `1 / (n + 1)` of keys; everything else moves.
//! - **Weights:** ignored.
//!
//! ```
//! use ring_core::modulo::Modulo;
//! use ring_core::{HashFn, NodeSpec, Placement};
//!
//! let nodes: Vec<NodeSpec> = (0..7).map(|i| NodeSpec::new(format!("n{i}"), 1)).collect();
//! let m = Modulo::new(&nodes, HashFn::Md5).unwrap();
//! assert_eq!(m.locate("test"), (3446378249u64 % 7) as u32);
//! ```

use crate::error::BuildError;
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement};
use crate::registry::{AlgoDocs, AlgoId, AlgoSpec, Algorithm, Picture as Drawn};
use crate::Config;

/// `modulo` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec::plain("modulo", Drawn::Buckets, build_spec);

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "hash(key) mod n",
    source: "the baseline that articles on consistent hashing start from",
    params: &[],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    Ok(Box::new(Modulo::new(nodes, config.effective_hash())?))
}

impl Algorithm {
    /// `hash % n`.
    pub fn modulo() -> Algorithm {
        Algorithm::new(AlgoId::Modulo)
    }
}

/// Node `hash(key) % n`, the hash taken as the unsigned value [`HashFn::hash_str`] returns
/// (Java's signed `String.hashCode` is read as its u32 bit pattern). Weights are ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modulo {
    hash: HashFn,
    buckets: u32,
}

impl Modulo {
    /// Modulo over `nodes` with `hash`.
    pub fn new(nodes: &[NodeSpec], hash: HashFn) -> Result<Self, BuildError> {
        if nodes.is_empty() {
            return Err(BuildError::NoNodes);
        }
        let buckets = u32::try_from(nodes.len())
            .map_err(|_| BuildError::TooManyNodes { count: nodes.len() })?;
        Ok(Modulo { hash, buckets })
    }

    /// The hash keys are reduced with.
    pub fn hash(&self) -> HashFn {
        self.hash
    }
}

impl Placement for Modulo {
    fn node_count(&self) -> u32 {
        self.buckets
    }

    fn space_bits(&self) -> u32 {
        self.hash.bits()
    }

    fn key_position(&self, key: &str) -> u64 {
        self.hash.hash_str(key)
    }

    fn locate(&self, key: &str) -> NodeIndex {
        (self.key_position(key) % u64::from(self.buckets)) as NodeIndex
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        Some((position % u64::from(self.buckets.max(1))) as NodeIndex)
    }

    fn explain(&self, key: &str) -> Explanation {
        let hash = self.key_position(key);
        Explanation::Modulo {
            hash,
            buckets: self.buckets,
            bucket: (hash % u64::from(self.buckets)) as NodeIndex,
        }
    }

    fn picture(&self) -> Picture {
        Picture::Buckets {
            count: self.buckets,
        }
    }

    /// Exact: of the `2^bits` hash values, bucket `i` takes `2^bits / n` of them, plus one
    /// if `i < 2^bits % n`. The first buckets are slightly favoured when `n` does not divide
    /// `2^bits` (visibly so with the 15-bit CRC hash).
    fn shares(&self) -> Vec<f64> {
        let space = 1u128 << self.hash.bits();
        let n = u128::from(self.buckets);
        let (base, extra) = (space / n, space % n);
        (0..n)
            .map(|i| {
                let count = base + u128::from(i < extra);
                count as f64 / space as f64
            })
            .collect()
    }

    /// Nothing is stored: the answer is arithmetic.
    fn memory_bytes(&self) -> u64 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(n: u32) -> Vec<NodeSpec> {
        (0..n)
            .map(|i| NodeSpec::new(format!("node-{i}"), 100))
            .collect()
    }

    #[test]
    fn key_goes_to_hash_mod_n() {
        let m = Modulo::new(&nodes(7), HashFn::Md5).unwrap();
        // 3446378249 % 7 = 6 (ketama's hash of "test", from the known answers).
        assert_eq!(m.key_position("test"), 3446378249);
        assert_eq!(m.locate("test"), 6);
        assert_eq!(
            m.explain("test"),
            Explanation::Modulo {
                hash: 3446378249,
                buckets: 7,
                bucket: 6
            }
        );
        // Java's "hello".hashCode() = 99162322; 99162322 % 10 = 2.
        let m = Modulo::new(&nodes(10), HashFn::JavaString).unwrap();
        assert_eq!(m.locate("hello"), 2);
    }

    #[test]
    fn shares_count_hash_values_exactly() {
        // 15-bit CRC hash over 3 buckets: 32768 = 3 * 10922 + 2.
        let m = Modulo::new(&nodes(3), HashFn::Crc32Memcached).unwrap();
        let shares = m.shares();
        let want = [10923.0 / 32768.0, 10923.0 / 32768.0, 10922.0 / 32768.0];
        assert_eq!(shares, want);
        // Brute force over the whole 15-bit space agrees.
        let mut counts = [0u32; 3];
        for v in 0..32768u32 {
            counts[(v % 3) as usize] += 1;
        }
        assert_eq!(counts, [10923, 10923, 10922]);
        for h in HashFn::ALL {
            for n in [1, 2, 3, 7, 10, 1000] {
                let shares = Modulo::new(&nodes(n), h).unwrap().shares();
                assert_eq!(shares.len(), n as usize);
                assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{h} {n}");
            }
        }
        // A power of two divides evenly.
        assert_eq!(
            Modulo::new(&nodes(4), HashFn::Fnv1a_64).unwrap().shares(),
            vec![0.25; 4]
        );
    }

    #[test]
    fn adding_a_node_moves_most_keys() {
        let keys: Vec<String> = (0..10_000).map(|i| format!("key-{i}")).collect();
        let before = Modulo::new(&nodes(10), HashFn::Murmur3_64)
            .unwrap()
            .assign(&keys);
        let after = Modulo::new(&nodes(11), HashFn::Murmur3_64)
            .unwrap()
            .assign(&keys);
        let moved = before.iter().zip(&after).filter(|(a, b)| a != b).count();
        // Only keys with h % 110 < 10 stay put: about 1/11 of them.
        let stayed = keys.len() - moved;
        assert!((800..1000).contains(&stayed), "{stayed} stayed");
    }

    #[test]
    fn picture_is_buckets() {
        let m = Modulo::new(&nodes(5), HashFn::Fnv1a_32).unwrap();
        assert_eq!(m.picture(), Picture::Buckets { count: 5 });
        assert_eq!(m.space_bits(), 32);
        assert_eq!(m.node_count(), 5);
    }
}
