//! The remainder by a divisor fixed in advance, without a division: Lemire, Kaser and Kurz,
//! "Faster Remainder by Direct Computation" (2019). With `M = ⌈2^64 / d⌉`,
//! `a % d = ((M·a mod 2^64)·d) >> 64` for every 32-bit `a` and `d ≥ 1` (their Theorem 1 with
//! N = 32, F = 64), so the bucket algorithms give the references' `%` answers exactly.
//!
//! Two multiplications instead of a 32-bit division, whose 20-odd cycles were most of
//! AnchorHash's and DxHash's first probe (`benches/newer.rs`, `anchor-core` and `dx-core`).
//! On wasm32 there is no 64×64→128 multiplication to lower it to, so `%` stays there.

/// A divisor `d ≥ 1` with its `M`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Modulus {
    divisor: u32,
    #[cfg(not(target_arch = "wasm32"))]
    magic: u64,
}

impl Modulus {
    /// `d`, which must not be 0 (a remainder by 0 has no value; callers check).
    pub(crate) fn new(divisor: u32) -> Modulus {
        debug_assert!(divisor != 0);
        Modulus {
            divisor,
            // ⌈2^64 / d⌉ = ⌊(2^64 − 1) / d⌋ + 1 for d ≥ 1; for d = 1 it wraps to 0, which
            // makes every remainder 0, as it is.
            #[cfg(not(target_arch = "wasm32"))]
            magic: (u64::MAX / u64::from(divisor.max(1))).wrapping_add(1),
        }
    }

    /// `d`.
    pub(crate) fn divisor(self) -> u32 {
        self.divisor
    }

    /// `a % d`.
    #[inline]
    pub(crate) fn rem(self, a: u32) -> u32 {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let low = self.magic.wrapping_mul(u64::from(a));
            ((u128::from(low) * u128::from(self.divisor)) >> 64) as u32
        }
        #[cfg(target_arch = "wasm32")]
        {
            a % self.divisor
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn edges() {
        for d in [
            1,
            2,
            3,
            7,
            10,
            1000,
            1 << 24,
            (1 << 31) + 1,
            u32::MAX - 1,
            u32::MAX,
        ] {
            let m = Modulus::new(d);
            assert_eq!(m.divisor(), d);
            for a in [0, 1, d - 1, d, d.wrapping_add(1), u32::MAX - 1, u32::MAX] {
                assert_eq!(m.rem(a), a % d, "{a} % {d}");
            }
        }
    }

    proptest! {
        #[test]
        fn is_the_remainder(a in any::<u32>(), d in 1u32..) {
            prop_assert_eq!(Modulus::new(d).rem(a), a % d);
        }

        #[test]
        fn is_the_remainder_by_small_divisors(a in any::<u32>(), d in 1u32..2000) {
            prop_assert_eq!(Modulus::new(d).rem(a), a % d);
        }
    }
}
