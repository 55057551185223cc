//! Hash functions, selectable by the caller.
//!
//! Every function is written over a byte slice (Java's `String.hashCode` over UTF-16 units)
//! and returns its value widened to `u64`; [`HashFn::bits`] says how many bits it fills.
//! The known answers of `shared/reference/known-answers.md` are tests at the bottom.

use std::fmt;
use std::str::FromStr;

/// Lists the hash functions once: makes [`HashFn`] with one variant per entry, in menu
/// order, each with its [`HashSpec`].
macro_rules! hashes {
    ($($(#[$doc:meta])* $variant:ident => $spec:expr, $describe:literal,)*) => {
        /// A hash function over the UTF-8 bytes of a key or node name (Java's
        /// `String.hashCode` works on UTF-16 units, as Java does). What each computes is
        /// [`HashFn::hash_bytes`]; its name and width are [`HashFn::spec`].
        // The variants keep the bit width as the functions' published names do (FNV-1a 32,
        // 64); camel case would read `Fnv1a32`, which hides the separation of name and width.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum HashFn {
            $($(#[$doc])* $variant,)*
        }

        impl HashFn {
            /// Every hash function, in the order a menu lists them.
            pub const ALL: [HashFn; [$(stringify!($variant),)*].len()] =
                [$(HashFn::$variant,)*];

            /// A one-line description for the command line and help text (English; not part
            /// of the spec, so that the app, which words it in its catalogues, links none).
            pub fn describe(self) -> &'static str {
                match self {
                    $(HashFn::$variant => $describe,)*
                }
            }

            /// Its description.
            pub fn spec(self) -> &'static HashSpec {
                match self {
                    $(HashFn::$variant => {
                        const SPEC: HashSpec = $spec;
                        &SPEC
                    })*
                }
            }
        }
    };
}

/// One hash function, described once.
#[derive(Debug)]
pub struct HashSpec {
    /// Its name in links and on the command line.
    pub id: &'static str,
    /// How many low bits its values fill.
    pub bits: u32,
}

const fn hash_spec(id: &'static str, bits: u32) -> HashSpec {
    HashSpec { id, bits }
}

hashes! {
    /// MurmurHash3 x64_128, seed 0, first half h1 (go-zero's `murmur3.Sum64`).
    Murmur3_64 => hash_spec("murmur3-64", 64), "MurmurHash3 x64_128, first 64 bits (go-zero)",
    /// MurmurHash3 x86_32, seed 0.
    Murmur3_32 => hash_spec("murmur3-32", 32), "MurmurHash3 x86_32",
    /// MD5, first 4 bytes of the digest as a little-endian u32 (ketama's key hash).
    Md5 => hash_spec("md5", 32), "MD5, first 4 bytes little-endian (ketama)",
    /// FNV-1, 32 bits.
    Fnv1_32 => hash_spec("fnv1-32", 32), "FNV-1, 32 bits",
    /// FNV-1a, 32 bits.
    Fnv1a_32 => hash_spec("fnv1a-32", 32), "FNV-1a, 32 bits",
    /// FNV-1, 64 bits.
    Fnv1_64 => hash_spec("fnv1-64", 64), "FNV-1, 64 bits",
    /// FNV-1a, 64 bits.
    Fnv1a_64 => hash_spec("fnv1a-64", 64), "FNV-1a, 64 bits",
    /// Java's `String.hashCode`, its int32 bit pattern as a u32.
    JavaString => hash_spec("java", 32), "Java String.hashCode",
    /// The Java memcached client's CRC hash: `(crc32 >> 16) & 0x7fff` (15 bits).
    Crc32Memcached => hash_spec("crc32", 15), "CRC32 as the Java memcached client (15 bits)",
    /// Seed 000's Java ring: `MD5.md5(s).hashCode()`, the `String.hashCode` of the
    /// lowercase hex MD5 of the string's characters truncated to bytes. Java orders these
    /// signed in its `TreeMap`; the value is shifted by 2^31 so that unsigned order here is
    /// Java's signed order ([`crate::hash::java_md5_hex_signed`] undoes it).
    JavaMd5Hex => hash_spec("java-md5-hex", 32), "hashCode of the MD5 hex string (the Java ring of zouyq's 2018 blog post)",
    /// SipHash-2-4 with the key (0, 0): go-mpchash's node hash.
    SipHash24 => hash_spec("siphash-2-4", 64), "SipHash-2-4, key 0 (go-mpchash's node hash)",
}

impl HashFn {
    /// The hash of a string.
    pub fn hash_str(self, s: &str) -> u64 {
        match self {
            HashFn::JavaString => u64::from(java_string_hash(s) as u32),
            HashFn::JavaMd5Hex => u64::from(java_md5_hex_signed(s) as u32 ^ 0x8000_0000),
            _ => self.hash_bytes(s.as_bytes()),
        }
    }

    /// The hash of raw bytes. For [`HashFn::JavaString`] the bytes are read as Latin-1
    /// characters (one UTF-16 unit each), which equals Java for ASCII text.
    pub fn hash_bytes(self, data: &[u8]) -> u64 {
        match self {
            HashFn::Md5 => u64::from(md5_le32(data)),
            HashFn::Murmur3_64 => murmur3_x64_128(data, 0).0,
            HashFn::Murmur3_32 => u64::from(murmur3_x86_32(data, 0)),
            HashFn::Fnv1_32 => u64::from(fnv1_32(data)),
            HashFn::Fnv1a_32 => u64::from(fnv1a_32(data)),
            HashFn::Fnv1_64 => fnv1_64(data),
            HashFn::Fnv1a_64 => fnv1a_64(data),
            HashFn::JavaString => {
                let h = data
                    .iter()
                    .fold(0i32, |h, &b| h.wrapping_mul(31).wrapping_add(i32::from(b)));
                u64::from(h as u32)
            }
            HashFn::Crc32Memcached => u64::from((crc32(data) >> 16) & 0x7fff),
            HashFn::JavaMd5Hex => u64::from(java_md5_hex_bytes(data) as u32 ^ 0x8000_0000),
            HashFn::SipHash24 => crate::siphash::siphash24(0, 0, data),
        }
    }

    /// How many low bits the hash fills: values lie in `0 .. 2^bits`.
    pub fn bits(self) -> u32 {
        self.spec().bits
    }

    /// The short name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        self.spec().id
    }
}

impl fmt::Display for HashFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a hash name that is not one of [`HashFn::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHash(pub String);

impl fmt::Display for UnknownHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = HashFn::ALL.iter().map(|h| h.name()).collect();
        write!(
            f,
            "unknown hash {:?}: use one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownHash {}

impl FromStr for HashFn {
    type Err = UnknownHash;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HashFn::ALL
            .iter()
            .copied()
            .find(|h| h.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownHash(s.to_string()))
    }
}

/// The MD5 digest of `data` (RFC 1321).
///
/// Written here as the RFC's loop over 64 steps rather than taken from the `md5` crate, whose
/// fully unrolled rounds were 8 KB of the app's wasm; the crate checks this one in the tests.
pub fn md5_digest(data: &[u8]) -> [u8; 16] {
    let mut state = MD5_INIT;
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        md5_block(&mut state, block);
    }
    // The tail, the 0x80 byte, zeros and the length in bits: one or two more blocks.
    let rest = blocks.remainder();
    let mut tail = [0u8; 128];
    tail[..rest.len()].copy_from_slice(rest);
    tail[rest.len()] = 0x80;
    let len = if rest.len() < 56 { 64 } else { 128 };
    let bits = (data.len() as u64).wrapping_mul(8);
    tail[len - 8..len].copy_from_slice(&bits.to_le_bytes());
    for block in tail[..len].chunks_exact(64) {
        md5_block(&mut state, block);
    }
    let mut digest = [0u8; 16];
    for (out, word) in digest.chunks_exact_mut(4).zip(state) {
        out.copy_from_slice(&word.to_le_bytes());
    }
    digest
}

const MD5_INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// Each step's left rotation, by round (RFC 1321, 3.4).
const MD5_SHIFTS: [[u32; 4]; 4] = [
    [7, 12, 17, 22],
    [5, 9, 14, 20],
    [4, 11, 16, 23],
    [6, 10, 15, 21],
];

/// `floor(abs(sin(i + 1)) * 2^32)` for step `i` (RFC 1321, 3.4).
const MD5_SINES: [u32; 64] = [
    0xd76a_a478,
    0xe8c7_b756,
    0x2420_70db,
    0xc1bd_ceee,
    0xf57c_0faf,
    0x4787_c62a,
    0xa830_4613,
    0xfd46_9501,
    0x6980_98d8,
    0x8b44_f7af,
    0xffff_5bb1,
    0x895c_d7be,
    0x6b90_1122,
    0xfd98_7193,
    0xa679_438e,
    0x49b4_0821,
    0xf61e_2562,
    0xc040_b340,
    0x265e_5a51,
    0xe9b6_c7aa,
    0xd62f_105d,
    0x0244_1453,
    0xd8a1_e681,
    0xe7d3_fbc8,
    0x21e1_cde6,
    0xc337_07d6,
    0xf4d5_0d87,
    0x455a_14ed,
    0xa9e3_e905,
    0xfcef_a3f8,
    0x676f_02d9,
    0x8d2a_4c8a,
    0xfffa_3942,
    0x8771_f681,
    0x6d9d_6122,
    0xfde5_380c,
    0xa4be_ea44,
    0x4bde_cfa9,
    0xf6bb_4b60,
    0xbebf_bc70,
    0x289b_7ec6,
    0xeaa1_27fa,
    0xd4ef_3085,
    0x0488_1d05,
    0xd9d4_d039,
    0xe6db_99e5,
    0x1fa2_7cf8,
    0xc4ac_5665,
    0xf429_2244,
    0x432a_ff97,
    0xab94_23a7,
    0xfc93_a039,
    0x655b_59c3,
    0x8f0c_cc92,
    0xffef_f47d,
    0x8584_5dd1,
    0x6fa8_7e4f,
    0xfe2c_e6e0,
    0xa301_4314,
    0x4e08_11a1,
    0xf753_7e82,
    0xbd3a_f235,
    0x2ad7_d2bb,
    0xeb86_d391,
];

/// One 64-byte block into the state (RFC 1321, 3.4).
fn md5_block(state: &mut [u32; 4], block: &[u8]) {
    let mut m = [0u32; 16];
    for (word, bytes) in m.iter_mut().zip(block.chunks_exact(4)) {
        *word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    for i in 0..64 {
        let (f, g) = match i / 16 {
            0 => ((b & c) | (!b & d), i),
            1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
            2 => (b ^ c ^ d, (3 * i + 5) % 16),
            _ => (c ^ (b | !d), (7 * i) % 16),
        };
        let sum = a
            .wrapping_add(f)
            .wrapping_add(MD5_SINES[i])
            .wrapping_add(m[g]);
        a = d;
        d = c;
        c = b;
        b = b.wrapping_add(sum.rotate_left(MD5_SHIFTS[i / 16][i % 4]));
    }
    for (s, v) in state.iter_mut().zip([a, b, c, d]) {
        *s = s.wrapping_add(v);
    }
}

/// The first four bytes of MD5 as a little-endian u32: libketama's `ketama_hashi` and the
/// Java memcached client's `KETAMA_HASH`.
pub fn md5_le32(data: &[u8]) -> u32 {
    let d = md5_digest(data);
    u32::from_le_bytes([d[0], d[1], d[2], d[3]])
}

/// Java's `String.hashCode`: `h = 31 * h + c` over UTF-16 code units, in wrapping int32.
pub fn java_string_hash(s: &str) -> i32 {
    s.encode_utf16().fold(0i32, |h, unit| {
        h.wrapping_mul(31).wrapping_add(i32::from(unit))
    })
}

/// Seed 000's `MD5.md5(s).hashCode()` as Java's signed int: each UTF-16 unit of `s` is cast
/// to a byte (Java's `(byte) c`, keeping the low 8 bits), hashed with MD5, written as
/// lowercase hex and hashed with `String.hashCode`.
pub fn java_md5_hex_signed(s: &str) -> i32 {
    let bytes: Vec<u8> = s.encode_utf16().map(|unit| unit as u8).collect();
    java_md5_hex_bytes(&bytes)
}

fn java_md5_hex_bytes(bytes: &[u8]) -> i32 {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    md5_digest(bytes).iter().fold(0i32, |h, &b| {
        let hi = i32::from(HEX[usize::from(b >> 4)]);
        let lo = i32::from(HEX[usize::from(b & 0xf)]);
        h.wrapping_mul(31)
            .wrapping_add(hi)
            .wrapping_mul(31)
            .wrapping_add(lo)
    })
}

const FNV32_OFFSET: u32 = 2_166_136_261;
const FNV32_PRIME: u32 = 16_777_619;
const FNV64_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV64_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1, 32 bits: multiply, then xor.
pub fn fnv1_32(data: &[u8]) -> u32 {
    data.iter().fold(FNV32_OFFSET, |h, &b| {
        h.wrapping_mul(FNV32_PRIME) ^ u32::from(b)
    })
}

/// FNV-1a, 32 bits: xor, then multiply.
pub fn fnv1a_32(data: &[u8]) -> u32 {
    data.iter().fold(FNV32_OFFSET, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(FNV32_PRIME)
    })
}

/// FNV-1, 64 bits.
pub fn fnv1_64(data: &[u8]) -> u64 {
    data.iter().fold(FNV64_OFFSET, |h, &b| {
        h.wrapping_mul(FNV64_PRIME) ^ u64::from(b)
    })
}

/// FNV-1a, 64 bits.
pub fn fnv1a_64(data: &[u8]) -> u64 {
    data.iter().fold(FNV64_OFFSET, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(FNV64_PRIME)
    })
}

/// Built on first use, as [`crate::crc32c`]'s table is: a compile-time constant was copied
/// into the app's first load, 1,493 bytes of it (gzip -6).
static CRC32_TABLE: std::sync::LazyLock<[u32; 256]> = std::sync::LazyLock::new(crc32_table);

const fn crc32_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

/// CRC-32 (IEEE 802.3, as `java.util.zip.CRC32`).
pub fn crc32(data: &[u8]) -> u32 {
    let table = &*CRC32_TABLE;
    !data.iter().fold(!0u32, |c, &b| {
        table[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8)
    })
}

#[inline]
fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

#[inline]
fn fmix32(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

/// Reads up to 8 bytes as a little-endian integer; the tail of a Murmur block.
#[inline]
fn le_u64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
}

/// The two little-endian words of a Murmur tail (`tail`, the last `data.len() % 16` bytes
/// of `data`), missing bytes zero. Keys differ in length, so a byte loop over the tail
/// mispredicts its exit on most keys; instead, whenever `data` holds 8 bytes that end
/// where a word ends, one load of those bytes shifted right drops the bytes that belong
/// before the word.
#[inline]
fn tail_words(data: &[u8], tail: &[u8]) -> (u64, u64) {
    let t = tail.len();
    // The 8 bytes ending at `end`, shifted so the byte at `start` is the lowest.
    let word_ending = |start: usize, end: usize| -> Option<u64> {
        let from = end.checked_sub(8)?;
        let bytes: [u8; 8] = data.get(from..end)?.try_into().ok()?;
        Some(u64::from_le_bytes(bytes) >> (8 * (start - from)))
    };
    let base = data.len() - t;
    if t > 8 {
        let k1 = tail
            .first_chunk::<8>()
            .map_or(0, |w| u64::from_le_bytes(*w));
        let k2 = word_ending(base + 8, data.len()).unwrap_or_else(|| le_u64(&tail[8..]));
        (k1, k2)
    } else if t > 0 {
        let k1 = word_ending(base, data.len()).unwrap_or_else(|| le_u64(tail));
        (k1, 0)
    } else {
        (0, 0)
    }
}

/// MurmurHash3 x64_128 over a slice: both 64-bit halves (h1, h2).
pub fn murmur3_x64_128(data: &[u8], seed: u32) -> (u64, u64) {
    const C1: u64 = 0x87c3_7b91_1142_53d5;
    const C2: u64 = 0x4cf5_ad43_2745_937f;
    let mut h1 = u64::from(seed);
    let mut h2 = u64::from(seed);
    let mut blocks = data.chunks_exact(16);
    for block in &mut blocks {
        let k1 = le_u64(&block[..8]);
        let k2 = le_u64(&block[8..]);
        h1 ^= k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        h2 ^= k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    let (k1, k2) = tail_words(data, tail);
    if tail.len() > 8 {
        h2 ^= k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
    }
    if !tail.is_empty() {
        h1 ^= k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
    }
    let len = data.len() as u64;
    h1 ^= len;
    h2 ^= len;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    (h1, h2)
}

/// MurmurHash3 x86_32 over a slice.
pub fn murmur3_x86_32(data: &[u8], seed: u32) -> u32 {
    const C1: u32 = 0xcc9e_2d51;
    const C2: u32 = 0x1b87_3593;
    let mut h = seed;
    let mut blocks = data.chunks_exact(4);
    for block in &mut blocks {
        let k = u32::from_le_bytes([block[0], block[1], block[2], block[3]]);
        h ^= k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
        h = h.rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let k = le_u64(tail) as u32;
        h ^= k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
    }
    fmix32(h ^ data.len() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ketama_key_hashes_match_libketama() {
        let cases: [(&str, u64); 8] = [
            ("26", 3979113294),
            ("1404", 2065000984),
            ("4177", 1125759251),
            ("9315", 3302915307),
            ("14745", 2580083742),
            ("105106", 3986458246),
            ("355107", 3611074310),
            ("test", 3446378249),
        ];
        for (key, want) in cases {
            assert_eq!(HashFn::Md5.hash_str(key), want, "md5 of {key:?}");
        }
    }

    #[test]
    fn murmur3_first_half_matches_go_zero() {
        assert_eq!(HashFn::Murmur3_64.hash_str("hello"), 0xcbd8a7b341bd9b02);
    }

    #[test]
    fn fnv_vectors() {
        assert_eq!(HashFn::Fnv1_32.hash_str(" "), 0x050c5d3f);
        assert_eq!(HashFn::Fnv1a_32.hash_str("hello world!"), 0xb034fff2);
        assert_eq!(HashFn::Fnv1a_64.hash_str("hello world!") as u32, 0xcd5a2672);
        // Published FNV test vectors (the fnv crate's and the FNV authors' tables).
        assert_eq!(fnv1a_64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a_64(b"foobar"), 0x85944171f73967e8);
        assert_eq!(fnv1_64(b"foobar"), 0x340d8765a4dda9c2);
        assert_eq!(fnv1a_32(b"foobar"), 0xbf9cf968);
        assert_eq!(fnv1_32(b"foobar"), 0x31f0b262);
    }

    #[test]
    fn crc_hash_matches_the_java_memcached_client() {
        assert_eq!(HashFn::Crc32Memcached.hash_str("Test1"), 19315);
        assert_eq!(HashFn::Crc32Memcached.hash_str("UDATA:edevil@sapo.pt"), 558);
        assert_eq!(crc32(b"123456789"), 0xcbf43926);
    }

    #[test]
    fn java_string_hash_code() {
        assert_eq!(java_string_hash("hello"), 99162322);
        assert_eq!(HashFn::JavaString.hash_str("hello"), 99162322);
        // Beyond the BMP Java hashes the surrogate pair: "😀" is D83D DE00.
        let want = 0xD83Di32.wrapping_mul(31).wrapping_add(0xDE00);
        assert_eq!(java_string_hash("😀"), want);
        // Overflow wraps as Java's int does.
        assert_eq!(java_string_hash("polygenelubricants"), i32::MIN);
    }

    fn reference_murmur_128(data: &[u8]) -> u128 {
        let mut reader = std::io::Cursor::new(data);
        murmur3::murmur3_x64_128(&mut reader, 0).unwrap_or_default()
    }

    fn reference_murmur_32(data: &[u8]) -> u32 {
        let mut reader = std::io::Cursor::new(data);
        murmur3::murmur3_32(&mut reader, 0).unwrap_or_default()
    }

    proptest::proptest! {
        #[test]
        fn murmur_agrees_with_the_murmur3_crate(data in proptest::collection::vec(0u8..=255, 0..80)) {
            let (h1, h2) = murmur3_x64_128(&data, 0);
            let reference = reference_murmur_128(&data);
            // The crate returns h2 in the high half and h1 in the low half.
            proptest::prop_assert_eq!(h1, reference as u64);
            proptest::prop_assert_eq!(h2, (reference >> 64) as u64);
            proptest::prop_assert_eq!(murmur3_x86_32(&data, 0), reference_murmur_32(&data));
        }
    }

    #[test]
    fn java_md5_hex_is_the_hash_code_of_the_hex_digest() {
        // md5("") = d41d8cd98f00b204e9800998ecf8427e; its hashCode computed independently.
        let hex = "d41d8cd98f00b204e9800998ecf8427e";
        assert_eq!(java_md5_hex_signed(""), java_string_hash(hex));
        let hex_abc = format!("{:x}", md5::compute(b"192.168.1.1"));
        assert_eq!(
            java_md5_hex_signed("192.168.1.1"),
            java_string_hash(&hex_abc)
        );
        // Unsigned order of the shifted value is Java's signed order.
        let (a, b) = ("192.168.1.1", "192.168.1.2");
        let signed = java_md5_hex_signed(a) < java_md5_hex_signed(b);
        let unsigned = HashFn::JavaMd5Hex.hash_str(a) < HashFn::JavaMd5Hex.hash_str(b);
        assert_eq!(signed, unsigned);
    }

    #[test]
    fn names_round_trip() {
        for h in HashFn::ALL {
            assert_eq!(h.name().parse::<HashFn>(), Ok(h));
        }
        assert!("sha1".parse::<HashFn>().is_err());
    }

    #[test]
    fn hash_names_are_unique() {
        let mut ids: Vec<&str> = HashFn::ALL.iter().map(|h| h.spec().id).collect();
        let before = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), before);
    }

    #[test]
    fn md5_is_the_md5_crates_at_every_length_around_the_block_edges() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + 3) as u8).collect();
        for len in 0..data.len() {
            assert_eq!(
                md5_digest(&data[..len]),
                md5::compute(&data[..len]).0,
                "{len}"
            );
        }
        // RFC 1321's own suite.
        assert_eq!(
            format!("{:x}", md5::Digest(md5_digest(b"message digest"))),
            "f96b697d7cb7938d525a2f31aaf161d0"
        );
        assert_eq!(
            format!("{:x}", md5::Digest(md5_digest(b""))),
            "d41d8cd98f00b204e9800998ecf8427e"
        );
    }
}
