// Ports of the authors' C++ lookups, written for ring-core's benchmarks (benches/newer.rs)
// from reading the references; compiled with -O3 by build.rs. Each is the reference's data
// layout and arithmetic: the SSE4.2 crc32q instruction through inline assembly, `%` by the
// bucket count, and the reference's containers.
//
// - AnchorHash: anchorhash/cpp-anchorhash, AnchorHashQre.cpp (four uint32_t arrays and a
//   stack of removed buckets).
// - DxHash: ChaosD/DxHash, src/DxHash.cpp, class DxHash (a vector<bool> of flags).
// - MementoHash: slashdotted/cpp-consistent-hashing-algorithms, memento/mementoengine.h,
//   getBucketCRC32c, with std::unordered_map as the replacement table.
//
// Each engine is timed by a batch function that looks up every key inside C++ and sums the
// answers, so that no call crosses the language boundary per key.

#include <cstddef>
#include <cstdint>
#include <stack>
#include <unordered_map>
#include <vector>

namespace {

// The references' crc32c_sse42_u64: the register left by `crc32q key, seed`.
inline uint32_t crc32q(uint64_t key, uint64_t seed) {
    __asm__("crc32q %[key], %[seed]" : [seed] "+r"(seed) : [key] "rm"(key));
    return static_cast<uint32_t>(seed);
}

class Anchor {
  public:
    Anchor(uint32_t capacity, uint32_t working)
        : a_(capacity, 0), w_(capacity), l_(capacity), k_(capacity), m_(capacity), n_(working) {
        for (uint32_t i = 0; i < capacity; ++i) {
            w_[i] = l_[i] = k_[i] = i;
        }
        for (uint32_t i = capacity; i-- > working;) {
            a_[i] = i;
            removed_.push(i);
        }
    }

    void remove(uint32_t b) {
        removed_.push(b);
        --n_;
        w_[l_[b]] = w_[n_];
        l_[w_[n_]] = l_[b];
        k_[b] = w_[n_];
        a_[b] = n_;
    }

    uint32_t bucket(uint64_t key1, uint64_t key2) const {
        uint32_t bs = crc32q(key1, key2);
        uint32_t b = bs % m_;
        while (a_[b] != 0) {
            bs = crc32q(key1 - bs, key2 + bs);
            uint32_t h = bs % a_[b];
            if (a_[h] == 0 || a_[h] < a_[b]) {
                b = h;
            } else {
                b = translation(b, h);
            }
        }
        return b;
    }

  private:
    uint32_t translation(uint32_t i, uint32_t j) const {
        if (i == j) {
            return k_[i];
        }
        uint32_t b = j;
        while (a_[i] <= a_[b]) {
            b = k_[b];
        }
        return b;
    }

    std::vector<uint32_t> a_, w_, l_, k_;
    std::stack<uint32_t> removed_;
    uint32_t m_, n_;
};

class Dx {
  public:
    Dx(uint32_t capacity, uint32_t working) : size_(capacity), working_(working), nodes_(capacity) {
        for (uint32_t i = 0; i < working; ++i) {
            nodes_[i] = true;
        }
    }

    void remove(uint32_t index) {
        if (nodes_[index]) {
            nodes_[index] = false;
            --working_;
        }
    }

    uint32_t bucket(uint32_t key) const {
        uint32_t key2 = key * 421757u + 1u;
        uint32_t bs = crc32q(key, key2);
        uint32_t index = bs % size_;
        uint32_t i = 1;
        while (!nodes_[index]) {
            bs = crc32q(bs, key2);
            index = bs % size_;
            i += 1;
            if (i >= 4 * size_) {
                return UINT32_MAX;
            }
        }
        return index;
    }

  private:
    uint32_t size_, working_;
    std::vector<bool> nodes_;
};

class Memento {
  public:
    explicit Memento(uint32_t size) : b_array_size_(size), last_removed_(size) {}

    void remove(uint32_t bucket) {
        if (last_removed_ == b_array_size_ && bucket == b_array_size_ - 1) {
            last_removed_ = b_array_size_ = bucket;
            return;
        }
        uint32_t working = b_array_size_ - static_cast<uint32_t>(table_.size());
        table_.emplace(bucket, Entry{working - 1, last_removed_});
        last_removed_ = bucket;
    }

    uint32_t bucket(uint64_t key, uint64_t seed) const {
        uint32_t hash = crc32q(key, seed);
        int32_t b = jump(hash, static_cast<int32_t>(b_array_size_));
        int32_t replacer = replacer_of(b);
        while (replacer >= 0) {
            uint32_t h = crc32q(key, static_cast<uint64_t>(b));
            b = static_cast<int32_t>(h % static_cast<uint32_t>(replacer));
            int32_t r = replacer_of(b);
            while (r >= replacer) {
                b = r;
                r = replacer_of(b);
            }
            replacer = r;
        }
        return static_cast<uint32_t>(b);
    }

  private:
    struct Entry {
        uint32_t replacer;
        uint32_t prev_removed;
    };

    static int32_t jump(uint64_t key, int32_t buckets) {
        int64_t b = 1, j = 0;
        while (j < buckets) {
            b = j;
            key = key * 2862933555777941757ULL + 1;
            j = (b + 1) * (double(1LL << 31) / double((key >> 33) + 1));
        }
        return static_cast<int32_t>(b);
    }

    int32_t replacer_of(int32_t bucket) const {
        auto e = table_.find(static_cast<uint32_t>(bucket));
        return e != table_.end() ? static_cast<int32_t>(e->second.replacer) : -1;
    }

    std::unordered_map<uint32_t, Entry> table_;
    uint32_t b_array_size_, last_removed_;
};

}  // namespace

extern "C" {

void* ref_anchor_new(uint32_t capacity, uint32_t working) { return new Anchor(capacity, working); }
void ref_anchor_remove(void* a, uint32_t bucket) { static_cast<Anchor*>(a)->remove(bucket); }
uint32_t ref_anchor_bucket(const void* a, uint64_t key1, uint64_t key2) {
    return static_cast<const Anchor*>(a)->bucket(key1, key2);
}
uint64_t ref_anchor_sum(const void* a, const uint64_t* keys, size_t count, uint64_t key2) {
    const Anchor* anchor = static_cast<const Anchor*>(a);
    uint64_t sum = 0;
    for (size_t i = 0; i < count; ++i) {
        sum += anchor->bucket(keys[i], key2);
    }
    return sum;
}
void ref_anchor_free(void* a) { delete static_cast<Anchor*>(a); }

void* ref_dx_new(uint32_t capacity, uint32_t working) { return new Dx(capacity, working); }
void ref_dx_remove(void* d, uint32_t bucket) { static_cast<Dx*>(d)->remove(bucket); }
uint32_t ref_dx_bucket(const void* d, uint32_t key) { return static_cast<const Dx*>(d)->bucket(key); }
uint64_t ref_dx_sum(const void* d, const uint64_t* keys, size_t count) {
    const Dx* dx = static_cast<const Dx*>(d);
    uint64_t sum = 0;
    for (size_t i = 0; i < count; ++i) {
        sum += dx->bucket(static_cast<uint32_t>(keys[i]));
    }
    return sum;
}
void ref_dx_free(void* d) { delete static_cast<Dx*>(d); }

void* ref_memento_new(uint32_t size) { return new Memento(size); }
void ref_memento_remove(void* m, uint32_t bucket) { static_cast<Memento*>(m)->remove(bucket); }
uint32_t ref_memento_bucket(const void* m, uint64_t key, uint64_t seed) {
    return static_cast<const Memento*>(m)->bucket(key, seed);
}
uint64_t ref_memento_sum(const void* m, const uint64_t* keys, size_t count, uint64_t seed) {
    const Memento* memento = static_cast<const Memento*>(m);
    uint64_t sum = 0;
    for (size_t i = 0; i < count; ++i) {
        sum += memento->bucket(keys[i], seed);
    }
    return sum;
}
void ref_memento_free(void* m) { delete static_cast<Memento*>(m); }

}  // extern "C"
