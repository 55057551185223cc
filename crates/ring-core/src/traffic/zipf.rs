//! Zipf popularity over ranks `0..n` (rank 0 the hottest), sampled in O(1) by Vose's alias
//! method.
//!
//! Rank `r` has weight `1 / (r + 1)^s`. The weights come from [`libm::pow`], a software
//! implementation that gives the same bits on every target (the platform's `powf` may not);
//! everything else is IEEE-754 addition, multiplication, division and comparison, which
//! Rust computes identically natively and on wasm32 (no fused or extended-precision
//! arithmetic). The table is built in one fixed order, so the same `n` and `s` give the same
//! table, and with the same [`SplitMix64`] the same ranks, everywhere.
//!
//! A draw takes one 64-bit value `x`: the column is `floor(x·n / 2^64)` and the coin is the
//! top 32 bits of the fractional part of `x·n / 2^64`, both from one 128-bit product. The
//! coin keeps the column's own rank when it is below the column's threshold (its
//! probability scaled to 2^32), else takes the column's alias. 32 bits make a column 8
//! bytes, so that a million keys' table is 8 MB (a request reads one column at random);
//! each rank's probability is then exact to within 2^-32 / n.

use crate::keys::SplitMix64;

/// One column of the alias table: kept when the coin is below `threshold`, else `alias`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Column {
    threshold: u32,
    alias: u32,
}

/// The alias table of a Zipf distribution over `0..n`.
#[derive(Clone, Debug, PartialEq)]
pub struct Zipf {
    columns: Vec<Column>,
    /// The sum of the weights, to give any rank's probability.
    total: f64,
    exponent: f64,
}

/// Rank `rank`'s weight under exponent `s`, before normalizing: `1 / (rank + 1)^s`.
pub fn weight(rank: u32, s: f64) -> f64 {
    1.0 / libm::pow(f64::from(rank) + 1.0, s)
}

impl Zipf {
    /// The distribution over `0..n` with exponent `s`. The caller checks the ranges
    /// (`n` ≥ 1, `s` finite and at least 0); an `n` of 0 gives a table that draws nothing
    /// ([`Zipf::sample`] then returns 0).
    pub fn new(n: u32, s: f64) -> Zipf {
        let mut build = ZipfBuild::new(n, s);
        while !build.step(u32::MAX) {}
        build.finish()
    }

    /// The number of ranks.
    pub fn len(&self) -> u32 {
        u32::try_from(self.columns.len()).unwrap_or(u32::MAX)
    }

    /// Whether there are no ranks.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The exponent s.
    pub fn exponent(&self) -> f64 {
        self.exponent
    }

    /// Rank `rank`'s probability: its weight over the sum of all weights.
    pub fn probability(&self, rank: u32) -> f64 {
        if rank >= self.len() {
            0.0
        } else {
            weight(rank, self.exponent) / self.total
        }
    }

    /// One rank drawn from `rng`.
    #[inline]
    pub fn sample(&self, rng: &mut SplitMix64) -> u32 {
        let n = self.columns.len() as u64;
        let wide = u128::from(rng.next_u64()) * u128::from(n);
        // The high half is below n, so it indexes the table and fits u32 (n does).
        let column = (wide >> 64) as usize;
        let coin = ((wide as u64) >> 32) as u32;
        let Some(c) = self.columns.get(column) else {
            return 0;
        };
        // A select, not a branch: in a skewed table the coin is a real coin flip for many
        // columns, and a mispredicted branch per request cost more than the rest of the
        // draw (Zipf 1 ran 50% slower than uniform).
        let keep = u32::from(coin < c.threshold).wrapping_neg();
        (column as u32 & keep) | (c.alias & !keep)
    }
}

/// A [`Zipf`] table built in steps of a bounded amount of work, so that a page can spread
/// a million ranks over frames: the weights (one `pow` each), then Vose's pairing. The
/// steps do exactly what one pass would, in the same order, so the table is the same bits
/// however the work is cut.
#[derive(Clone, Debug)]
pub struct ZipfBuild {
    n: u32,
    exponent: f64,
    /// Ranks whose weight is summed so far (the first pass).
    weighed: u32,
    weights: Vec<f64>,
    /// The sum of the weights so far, in rank order.
    total: f64,
    /// Ranks scaled and sorted into small and large so far (the second pass).
    sorted: u32,
    scaled: Vec<f64>,
    columns: Vec<Column>,
    small: Vec<u32>,
    large: Vec<u32>,
}

impl ZipfBuild {
    /// A build of the distribution over `0..n` with exponent `s` ([`Zipf::new`]).
    pub fn new(n: u32, s: f64) -> ZipfBuild {
        ZipfBuild {
            n,
            exponent: s,
            weighed: 0,
            weights: Vec::with_capacity(n as usize),
            // What `Iterator::sum` of floats starts from: the same total, bit for bit.
            total: -0.0,
            sorted: 0,
            scaled: Vec::with_capacity(n as usize),
            columns: Vec::with_capacity(n as usize),
            small: Vec::new(),
            large: Vec::new(),
        }
    }

    /// Does about `work` more ranks' worth of work (at least one); whether the table is
    /// complete.
    pub fn step(&mut self, work: u32) -> bool {
        let mut left = work.max(1);
        while self.weighed < self.n && left > 0 {
            let end = self.n.min(self.weighed.saturating_add(left));
            for r in self.weighed..end {
                let w = weight(r, self.exponent);
                self.total += w;
                self.weights.push(w);
            }
            left -= end - self.weighed;
            self.weighed = end;
        }
        if self.weighed < self.n {
            return false;
        }
        // Each column scaled so that 1 is the mean, and sorted into small and large.
        let scale = f64::from(self.n) / self.total;
        while self.sorted < self.n && left > 0 {
            let end = self.n.min(self.sorted.saturating_add(left));
            for r in self.sorted..end {
                let p = self.weights.get(r as usize).copied().unwrap_or(0.0) * scale;
                self.scaled.push(p);
                self.columns.push(Column {
                    threshold: u32::MAX,
                    alias: r,
                });
                if p < 1.0 {
                    self.small.push(r);
                } else {
                    self.large.push(r);
                }
            }
            left -= end - self.sorted;
            self.sorted = end;
        }
        if self.sorted < self.n {
            return false;
        }
        // Vose: pair each column below 1 with one above, which gives it the rest of its mass.
        while let (Some(&s_rank), Some(&l_rank)) = (self.small.last(), self.large.last()) {
            if left == 0 {
                return false;
            }
            left -= 1;
            self.small.pop();
            let (si, li) = (s_rank as usize, l_rank as usize);
            let p = self.scaled.get(si).copied().unwrap_or(1.0);
            if let Some(c) = self.columns.get_mut(si) {
                *c = Column {
                    threshold: to_threshold(p),
                    alias: l_rank,
                };
            }
            if let Some(rest) = self.scaled.get_mut(li) {
                *rest = (*rest + p) - 1.0;
                if *rest < 1.0 {
                    self.large.pop();
                    self.small.push(l_rank);
                }
            }
        }
        // What is left on either list is 1 up to rounding: it keeps its own rank (the
        // initial column), which is what its mass says.
        true
    }

    /// The table, once [`ZipfBuild::step`] has said it is complete (before that, the
    /// columns paired so far).
    pub fn finish(self) -> Zipf {
        Zipf {
            columns: self.columns,
            total: self.total,
            exponent: self.exponent,
        }
    }
}

/// A probability in `[0, 1]` as a threshold for a 32-bit coin: `p · 2^32`, saturating at 1.
fn to_threshold(p: f64) -> u32 {
    // 2^32 is exact in f64 and `as` saturates, so p ≥ 1 keeps the column always (but for
    // the coin u32::MAX itself, whose 2^-32 goes to an alias that is the column's own rank).
    (p * 4_294_967_296.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The probability each rank is drawn, read back from the table itself: a column keeps
    /// its rank with probability threshold / 2^64 and gives the rest to its alias.
    fn table_mass(z: &Zipf) -> Vec<f64> {
        let n = z.columns.len();
        let mut mass = vec![0.0; n];
        for (i, c) in z.columns.iter().enumerate() {
            let keep = c.threshold as f64 / 4_294_967_296.0;
            mass[i] += keep / n as f64;
            mass[c.alias as usize] += (1.0 - keep) / n as f64;
        }
        mass
    }

    #[test]
    fn the_table_holds_exactly_the_zipf_probabilities() {
        for (n, s) in [
            (1, 1.0),
            (2, 0.0),
            (7, 0.5),
            (1000, 1.0),
            (1000, 1.5),
            (999, 0.99),
        ] {
            let z = Zipf::new(n, s);
            let harmonic: f64 = (1..=n).map(|k| (k as f64).powf(-s)).sum();
            for (r, m) in table_mass(&z).into_iter().enumerate() {
                let expected = (r as f64 + 1.0).powf(-s) / harmonic;
                // Thresholds are exact to 2^-32 of a column, a column is 1/n of the mass.
                assert!(
                    (m - expected).abs() < 2.0 / 4_294_967_296.0 + 1e-12,
                    "n {n} s {s} rank {r}: {m} vs {expected}"
                );
                assert!((z.probability(r as u32) - expected).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn uniform_draws_every_rank_about_equally() {
        let z = Zipf::new(10, 0.0);
        let mut rng = SplitMix64::new(3);
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            counts[z.sample(&mut rng) as usize] += 1;
        }
        // Binomial(100000, 0.1): σ ≈ 95, so 4σ is 380.
        assert!(
            counts.iter().all(|&c| (9_620..=10_380).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn draws_follow_the_table_and_the_seed() {
        let z = Zipf::new(100, 1.2);
        let draw = |seed| {
            let mut rng = SplitMix64::new(seed);
            (0..50).map(|_| z.sample(&mut rng)).collect::<Vec<u32>>()
        };
        assert_eq!(draw(5), draw(5));
        assert_ne!(draw(5), draw(6));
        let mut rng = SplitMix64::new(9);
        let hits = (0..200_000).filter(|_| z.sample(&mut rng) == 0).count() as f64;
        let p = z.probability(0);
        let sigma = (200_000.0 * p * (1.0 - p)).sqrt();
        assert!(
            (hits - 200_000.0 * p).abs() < 4.0 * sigma,
            "{hits} vs {}",
            200_000.0 * p
        );
        assert!(Zipf::new(0, 1.0).is_empty());
        assert_eq!(Zipf::new(0, 1.0).sample(&mut rng), 0);
    }
}
