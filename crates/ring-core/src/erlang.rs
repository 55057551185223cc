//! The two Erlang/OTP functions RabbitMQ's consistent-hash exchange places a message by:
//! `erlang:phash2/1` of a binary (erlang/otp `erts/emulator/beam/erl_term_hashing.c`,
//! `make_hash2`, older releases `utils.c`) and the deprecated `exs1024` generator of `rand`
//! seeded from a 3-tuple, read through `rand:uniform_s/1` (`lib/stdlib/src/rand.erl`).
//!
//! phash2's binary case is Bob Jenkins' lookup2 (`block_hash`) with initial value
//! `HCONST_13`, taken from a crate; the empty binary skips the hash and is `HCONST_13`
//! itself, and the BIF keeps the low 27 bits. The generator is written here: it is
//! Xorshift1024* whose 16 words come from Xorshift64* after rand.erl's own mixing of the
//! tuple, and `exs1024` (unlike `exs1024s`) still draws floats the old way, `V / 2^64`.

/// `(HCONST * 13) mod 2^32`, the seed of a binary's hash in `make_hash2`.
const HCONST_13: u32 = 0x08d1_2e65;

/// `erlang:phash2(Binary)`: the term's 32-bit `make_hash2`, of which the BIF returns the
/// low 27 bits.
///
/// ```
/// use ring_core::erlang::phash2_binary;
/// assert_eq!(phash2_binary(b""), 13_708_901);
/// assert_eq!(phash2_binary(b"user:0:gjj"), 86_067_319);
/// ```
pub fn phash2_binary(bytes: &[u8]) -> u32 {
    let hash = if bytes.is_empty() {
        HCONST_13
    } else {
        jenkins_hash::lookup2(bytes, HCONST_13)
    };
    hash & ((1 << 27) - 1)
}

/// `rand`'s `exs1024` state (Xorshift1024*), as `rand:seed_s(exs1024, {A1, A2, A3})` makes
/// it: the 16 words and the index of the word the next draw starts from. rand.erl keeps
/// the words as two lists; walking them front to back is this array read round from `p`.
#[derive(Clone, Debug)]
pub struct Exs1024 {
    words: [u64; 16],
    p: usize,
}

/// `exs64_next`: one Xorshift64* step, the output and the new state.
fn exs64_next(r: u64) -> (u64, u64) {
    let r1 = r ^ (r >> 12);
    let r2 = r1 ^ (r1 << 25);
    let r3 = r2 ^ (r2 >> 27);
    (r3.wrapping_mul(2_685_821_657_736_338_717), r3)
}

impl Exs1024 {
    /// `exs1024_seed({A1, A2, A3})`: each integer's low 21 bits plus one, times a 21-bit
    /// prime, kept to 21 bits; the three packed with a low 1 seed Xorshift64*, whose first
    /// 16 outputs, the last first, are the words.
    pub fn seed(a1: u64, a2: u64, a3: u64) -> Exs1024 {
        const MASK21: u64 = (1 << 21) - 1;
        let b1 = ((a1 & MASK21) + 1).wrapping_mul(2_097_131) & MASK21;
        let b2 = ((a2 & MASK21) + 1).wrapping_mul(2_097_133) & MASK21;
        let b3 = ((a3 & MASK21) + 1).wrapping_mul(2_097_143) & MASK21;
        let mut r = (b1 << 43) | (b2 << 22) | (b3 << 1) | 1;
        let mut words = [0u64; 16];
        // exs1024_gen1024 conses each output onto the list: the 16th comes first.
        for slot in words.iter_mut().rev() {
            let (x, next) = exs64_next(r);
            *slot = x;
            r = next;
        }
        Exs1024 { words, p: 0 }
    }

    /// `exs1024_next`: the next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        let s0 = self.words[self.p];
        self.p = (self.p + 1) & 15;
        let s1 = self.words[self.p];
        let s11 = s1 ^ (s1 << 31);
        let s12 = s11 ^ (s11 >> 11);
        let s01 = s0 ^ (s0 >> 30);
        let ns1 = s01 ^ s12;
        self.words[self.p] = ns1;
        ns1.wrapping_mul(1_181_783_497_276_652_981)
    }

    /// `rand:uniform_s/1` on an `exs1024` state: `V / (Max + 1)` with `Max = 2^64 − 1`,
    /// Erlang's `/` of two integers, each made a double first (rounded to nearest, as
    /// `big_to_double` does for a one-digit bignum), so 1.0 itself can come out.
    pub fn uniform(&mut self) -> f64 {
        self.next_u64() as f64 / 18_446_744_073_709_551_616.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phash2_of_binaries() {
        // From a second implementation (Python, over erl_term_hashing.c); the RabbitMQ
        // vectors check them against the real broker.
        assert_eq!(phash2_binary(b"a"), 112_802_447);
        assert_eq!(phash2_binary("ключ-1".as_bytes()), 61_345_423);
    }

    #[test]
    fn exs1024_draws() {
        let mut g = Exs1024::seed(12345, 12345, 12345);
        let first: Vec<u64> = (0..3).map(|_| g.next_u64()).collect();
        assert_eq!(
            first,
            [
                692_174_154_520_523_123,
                15_692_789_160_137_285_120,
                14_273_048_863_153_394_994
            ]
        );
        // Past the 16th draw the words are read round again.
        let mut g = Exs1024::seed(0, 0, 0);
        let draws: Vec<u64> = (0..18).map(|_| g.next_u64()).collect();
        assert_eq!(
            draws[15..],
            [
                9_144_970_648_611_727_098,
                4_157_934_639_257_247_826,
                4_833_729_396_821_957_378
            ]
        );
    }
}
