//! Ports of the authors' C++ AnchorHash, DxHash and MementoHash lookups, compiled with
//! `-O3` (`cpp/references.cpp`), behind safe handles: what `ring-core`'s `benches/newer.rs`
//! times the core against where no crate computes the same answers (the `anchorhash` crate
//! hashes with FNV-1a and a multiply-shift instead of the authors' CRC-32C and modulo).
//!
//! Only ring-core's benchmarks and tests use this crate (a dev-dependency), so its C++ is
//! compiled for them alone, never for the core's library. x86-64 only: the references call
//! SSE4.2's `crc32q`, which the ports call too.
//!
//! Each `sum` looks every key up inside C++ and adds the answers, so that the C++ side pays
//! no call across the language boundary per key.

use std::ffi::c_void;

extern "C" {
    fn ref_anchor_new(capacity: u32, working: u32) -> *mut c_void;
    fn ref_anchor_remove(a: *mut c_void, bucket: u32);
    fn ref_anchor_bucket(a: *const c_void, key1: u64, key2: u64) -> u32;
    fn ref_anchor_sum(a: *const c_void, keys: *const u64, count: usize, key2: u64) -> u64;
    fn ref_anchor_free(a: *mut c_void);
    fn ref_dx_new(capacity: u32, working: u32) -> *mut c_void;
    fn ref_dx_remove(d: *mut c_void, bucket: u32);
    fn ref_dx_bucket(d: *const c_void, key: u32) -> u32;
    fn ref_dx_sum(d: *const c_void, keys: *const u64, count: usize) -> u64;
    fn ref_dx_free(d: *mut c_void);
    fn ref_memento_new(size: u32) -> *mut c_void;
    fn ref_memento_remove(m: *mut c_void, bucket: u32);
    fn ref_memento_bucket(m: *const c_void, key: u64, seed: u64) -> u32;
    fn ref_memento_sum(m: *const c_void, keys: *const u64, count: usize, seed: u64) -> u64;
    fn ref_memento_free(m: *mut c_void);
}

/// `AnchorHashQre(capacity, working)`. The C++ checks nothing: callers remove only working
/// buckets, never the last one, and keep `1 <= working <= capacity`.
pub struct Anchor(*mut c_void);

impl Anchor {
    pub fn new(capacity: u32, working: u32) -> Anchor {
        assert!(1 <= working && working <= capacity);
        // SAFETY: the C++ allocates and returns its own object.
        Anchor(unsafe { ref_anchor_new(capacity, working) })
    }

    /// `UpdateRemoval(bucket)`; `bucket` must be working and below the capacity.
    pub fn remove(&mut self, bucket: u32) {
        // SAFETY: a live object; the caller keeps the bucket valid, as the reference asks.
        unsafe { ref_anchor_remove(self.0, bucket) }
    }

    /// `ComputeBucket(key1, key2)`.
    pub fn bucket(&self, key1: u64, key2: u64) -> u32 {
        // SAFETY: a live object, read only.
        unsafe { ref_anchor_bucket(self.0, key1, key2) }
    }

    /// The sum of `ComputeBucket(key, key2)` over `keys`, computed in C++.
    pub fn sum(&self, keys: &[u64], key2: u64) -> u64 {
        // SAFETY: a live object; the slice's pointer and length.
        unsafe { ref_anchor_sum(self.0, keys.as_ptr(), keys.len(), key2) }
    }
}

impl Drop for Anchor {
    fn drop(&mut self) {
        // SAFETY: made by ref_anchor_new, freed once.
        unsafe { ref_anchor_free(self.0) }
    }
}

/// `DxHash(capacity, working)`.
pub struct Dx(*mut c_void);

impl Dx {
    pub fn new(capacity: u32, working: u32) -> Dx {
        assert!(1 <= working && working <= capacity);
        // SAFETY: the C++ allocates and returns its own object.
        Dx(unsafe { ref_dx_new(capacity, working) })
    }

    /// `updateRemoval(bucket)`; `bucket` must be below the capacity.
    pub fn remove(&mut self, bucket: u32) {
        // SAFETY: a live object; the caller keeps the bucket in range.
        unsafe { ref_dx_remove(self.0, bucket) }
    }

    /// `getNodeID(key)` of the key's low 32 bits (`u32::MAX` when the probes run out).
    pub fn bucket(&self, key: u64) -> u32 {
        // SAFETY: a live object, read only.
        unsafe { ref_dx_bucket(self.0, key as u32) }
    }

    /// The sum of [`Dx::bucket`] over `keys`, computed in C++.
    pub fn sum(&self, keys: &[u64]) -> u64 {
        // SAFETY: a live object; the slice's pointer and length.
        unsafe { ref_dx_sum(self.0, keys.as_ptr(), keys.len()) }
    }
}

impl Drop for Dx {
    fn drop(&mut self) {
        // SAFETY: made by ref_dx_new, freed once.
        unsafe { ref_dx_free(self.0) }
    }
}

/// `MementoEngine(_, size)` over `std::unordered_map`.
pub struct Memento(*mut c_void);

impl Memento {
    pub fn new(size: u32) -> Memento {
        assert!(size >= 1);
        // SAFETY: the C++ allocates and returns its own object.
        Memento(unsafe { ref_memento_new(size) })
    }

    /// `removeBucket(bucket)`; `bucket` must be working, and not the last working one.
    pub fn remove(&mut self, bucket: u32) {
        // SAFETY: a live object; the caller keeps the bucket valid, as the reference asks.
        unsafe { ref_memento_remove(self.0, bucket) }
    }

    /// `getBucketCRC32c(key, seed)`.
    pub fn bucket(&self, key: u64, seed: u64) -> u32 {
        // SAFETY: a live object, read only.
        unsafe { ref_memento_bucket(self.0, key, seed) }
    }

    /// The sum of `getBucketCRC32c(key, seed)` over `keys`, computed in C++.
    pub fn sum(&self, keys: &[u64], seed: u64) -> u64 {
        // SAFETY: a live object; the slice's pointer and length.
        unsafe { ref_memento_sum(self.0, keys.as_ptr(), keys.len(), seed) }
    }
}

impl Drop for Memento {
    fn drop(&mut self) {
        // SAFETY: made by ref_memento_new, freed once.
        unsafe { ref_memento_free(self.0) }
    }
}
