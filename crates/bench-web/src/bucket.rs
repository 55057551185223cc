//! Jump hash in the page (issue 33): the core's [`jump_hash`] timed inside wasm beside npm
//! `@subspace/jump-consistent-hash` 1.1.1, the one npm package found that computes the same
//! buckets (Lamping and Veach's loop over a 64-bit key, in `BigInt`s), on the same keys.
//! No npm package computes the core's Maglev, rendezvous, AnchorHash, DxHash, MementoHash,
//! FlipHash or power answers; npm `hashring` (the ring) is in [`crate::AssignBench`].

use ring_core::jump::jump_hash;
use ring_core::keys::SplitMix64;
use wasm_bindgen::prelude::*;

use crate::timed;

/// 64-bit keys from splitmix64, and the buckets jump hash gives them.
#[wasm_bindgen]
pub struct BucketBench {
    keys: Vec<u64>,
    buckets: Vec<u32>,
}

#[wasm_bindgen]
impl BucketBench {
    /// `key_count` keys of seed `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(key_count: u32, seed: u32) -> BucketBench {
        let mut rng = SplitMix64::new(u64::from(seed));
        BucketBench {
            keys: (0..key_count).map(|_| rng.next_u64()).collect(),
            buckets: Vec::new(),
        }
    }

    /// The keys, 8 big-endian bytes each: the npm package's `Uint8Array` form of a key.
    pub fn keys_be(&self) -> Vec<u8> {
        self.keys.iter().flat_map(|k| k.to_be_bytes()).collect()
    }

    /// Every key's jump hash bucket among `buckets`, kept for [`BucketBench::buckets`];
    /// returns the milliseconds it took.
    pub fn jump(&mut self, buckets: u32) -> Result<f64, JsError> {
        let keys = &self.keys;
        let (out, ms) = timed(|| keys.iter().map(|&k| jump_hash(k, buckets)).collect())?;
        self.buckets = out;
        Ok(ms)
    }

    /// The buckets of the last [`BucketBench::jump`], in key order.
    pub fn buckets(&self) -> Vec<u32> {
        self.buckets.clone()
    }

    /// How many keys there are.
    pub fn key_count(&self) -> u32 {
        self.keys.len() as u32
    }
}
