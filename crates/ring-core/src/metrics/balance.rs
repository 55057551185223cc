//! Balance: how evenly per-node values (shares of the hash space, key counts) are spread:
//! [`loads`], [`Balance`] with R1/R2/R3, peak-to-mean, standard deviation and CV. Apart
//! from the move accounting, which compares two assignments rather than summing one.

use super::MetricsError;
use crate::error::MAX_NODES;
use crate::placement::NodeIndex;

/// How many keys each node owns: entry `i` counts the keys assigned to node `i`.
///
/// An index at or above `node_count` is an error ([`MetricsError::NoSuchNode`]), not
/// silently dropped: it means the assignment and the node count disagree. A `node_count`
/// above [`MAX_NODES`] is refused rather than allocated.
///
/// ```
/// use ring_core::metrics::loads;
///
/// assert_eq!(loads(&[0, 2, 2, 0, 2], 4), Ok(vec![2, 0, 3, 0]));
/// assert!(loads(&[0, 4], 4).is_err());
/// ```
pub fn loads(assignment: &[NodeIndex], node_count: u32) -> Result<Vec<u64>, MetricsError> {
    let too_many = MetricsError::TooManyNodes { count: node_count };
    let len = usize::try_from(node_count).map_err(|_| too_many.clone())?;
    if len > MAX_NODES {
        return Err(too_many);
    }
    let mut loads = vec![0u64; len];
    for (key, &node) in assignment.iter().enumerate() {
        let slot = usize::try_from(node).ok().and_then(|i| loads.get_mut(i));
        match slot {
            Some(load) => *load += 1,
            None => {
                return Err(MetricsError::NoSuchNode {
                    key,
                    node,
                    node_count,
                })
            }
        }
    }
    Ok(loads)
}

/// The balance of per-node values: shares of the hash space, or key counts.
///
/// The ratios are those of the paper in seed 003: R1 is the largest value over the
/// smallest, R2 the fraction of nodes within 10% of the mean, R3 within 2%. A perfectly
/// balanced cluster has R1 = 1, R2 = R3 = 1, peak-to-mean 1 and a standard deviation of 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Balance {
    /// Largest value / smallest value. `f64::INFINITY` when some value is 0 and another is
    /// not (a node that owns nothing); 1 when all values are equal, including all 0.
    pub r1: f64,
    /// Fraction of the values `v` with `|v - mean| <= 10% of mean` (the boundary counts as
    /// within).
    pub r2: f64,
    /// Fraction of the values within 2% of the mean, likewise.
    pub r3: f64,
    /// Largest value / mean: how much more than its fair part the busiest node carries.
    /// 1 when all values are 0.
    pub peak_to_mean: f64,
    /// Population standard deviation of the values (dividing by their count, not count - 1:
    /// the values are the whole cluster, not a sample of it).
    pub std_dev: f64,
    /// Coefficient of variation, `std_dev / mean`; 0 when all values are 0.
    pub cv: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// The mean value.
    pub mean: f64,
}

/// Relative allowance for rounding in the mean when testing "within x% of the mean" on
/// floating-point values, so that a value exactly on the boundary does not drop out
/// because the mean was rounded.
const WITHIN_SLACK: f64 = 1e-12;

impl Balance {
    /// The balance of `values`, one per node (shares of the hash space or key counts).
    ///
    /// Errors: [`MetricsError::Empty`] for no values, [`MetricsError::BadValue`] for a
    /// negative, NaN or infinite value. For integer key counts prefer
    /// [`Balance::of_counts`], which decides R2 and R3 exactly.
    ///
    /// ```
    /// use ring_core::metrics::Balance;
    ///
    /// let b = Balance::of(&[0.25, 0.5, 0.25]).unwrap();
    /// assert_eq!(b.r1, 2.0);
    /// assert_eq!(b.max, 0.5);
    /// assert!((b.peak_to_mean - 1.5).abs() < 1e-12);
    /// ```
    pub fn of(values: &[f64]) -> Result<Balance, MetricsError> {
        check_values(values)?;
        let mean = mean(values);
        let within = |inverse_tolerance: f64| {
            let slack = mean * WITHIN_SLACK;
            let count = values
                .iter()
                .filter(|&&v| inverse_tolerance * (v - mean).abs() <= mean + slack)
                .count();
            fraction_of(count, values.len())
        };
        // 1 / 10 and 1 / 50 are not exact in binary; multiplying the deviation by 10 or 50
        // instead keeps boundary values (110 against a mean of 100) exactly on the line.
        Ok(Balance::from_parts(
            values,
            mean,
            within(10.0),
            within(50.0),
        ))
    }

    /// The balance of key counts, one per node (for example the output of [`loads`]).
    ///
    /// R2 and R3 are decided in integer arithmetic (`10·|n·v − sum| <= sum` for R2, with n
    /// the number of counts), so a count exactly 10% or 2% off the mean is always within.
    /// The other fields are as [`Balance::of`] computes them on the counts as `f64`.
    ///
    /// ```
    /// use ring_core::metrics::Balance;
    ///
    /// // Mean 100: 90 and 110 are within 10%, 102 within 2%, 130 neither.
    /// let b = Balance::of_counts(&[90, 110, 102, 98, 130, 70]).unwrap();
    /// assert_eq!(b.r2, 4.0 / 6.0);
    /// assert_eq!(b.r3, 2.0 / 6.0);
    /// ```
    pub fn of_counts(counts: &[u64]) -> Result<Balance, MetricsError> {
        if counts.is_empty() {
            return Err(MetricsError::Empty);
        }
        let n = counts.len() as u128;
        let sum: u128 = counts.iter().map(|&c| u128::from(c)).sum();
        let within = |factor: u128| {
            let count = counts
                .iter()
                .filter(|&&c| factor * (n * u128::from(c)).abs_diff(sum) <= sum)
                .count();
            fraction_of(count, counts.len())
        };
        let values: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
        let mean = sum as f64 / counts.len() as f64;
        Ok(Balance::from_parts(&values, mean, within(10), within(50)))
    }

    /// The balance of `values` (one per node) against each node's fair part `fair[i]`
    /// (fractions of the whole, such as weight shares): each value is scaled to what a node
    /// of part 1/n would hold, `values[i] / (fair[i] · n)`, and judged against the mean
    /// `sum / n`. So R1 is the largest value-for-its-part over the smallest, R2 and R3 the
    /// fraction of nodes within 10% and 2% of their own fair value `sum · fair[i]`, and
    /// peak-to-mean the largest value over its fair value. Equal parts give [`Balance::of`].
    ///
    /// Errors: as [`Balance::of`], and [`MetricsError::BadValue`] for a part that is not
    /// positive and finite, or for parts and values of different lengths (at the first
    /// index missing).
    ///
    /// ```
    /// use ring_core::metrics::Balance;
    ///
    /// // 600 and 200 keys on nodes of weight 3 and 1: each holds its fair part exactly.
    /// let b = Balance::against_fair(&[600.0, 200.0], &[0.75, 0.25]).unwrap();
    /// assert_eq!((b.r1, b.r2, b.peak_to_mean), (1.0, 1.0, 1.0));
    /// // 500 and 300: the light node holds 1.5 times its part, the heavy one 5/6.
    /// let b = Balance::against_fair(&[500.0, 300.0], &[0.75, 0.25]).unwrap();
    /// assert!((b.peak_to_mean - 1.5).abs() < 1e-12 && b.r2 == 0.0);
    /// ```
    pub fn against_fair(values: &[f64], fair: &[f64]) -> Result<Balance, MetricsError> {
        check_values(values)?;
        if let Some(index) = (0..values.len().max(fair.len()))
            .find(|&i| !fair.get(i).is_some_and(|f| f.is_finite() && *f > 0.0) || i >= values.len())
        {
            return Err(MetricsError::BadValue {
                index,
                value: fair.get(index).copied().unwrap_or(f64::NAN),
            });
        }
        let n = values.len() as f64;
        let scaled: Vec<f64> = values.iter().zip(fair).map(|(v, f)| v / (f * n)).collect();
        let mean = values.iter().sum::<f64>() / n;
        let within = |inverse_tolerance: f64| {
            let slack = mean * WITHIN_SLACK;
            let count = scaled
                .iter()
                .filter(|&&v| inverse_tolerance * (v - mean).abs() <= mean + slack)
                .count();
            fraction_of(count, scaled.len())
        };
        Ok(Balance::from_parts(
            &scaled,
            mean,
            within(10.0),
            within(50.0),
        ))
    }

    fn from_parts(values: &[f64], mean: f64, r2: f64, r3: f64) -> Balance {
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let r1 = if max == min {
            1.0
        } else if min == 0.0 {
            f64::INFINITY
        } else {
            max / min
        };
        let variance =
            values.iter().map(|&v| (v - mean) * (v - mean)).sum::<f64>() / values.len() as f64;
        let std_dev = variance.sqrt();
        let (peak_to_mean, cv) = if mean > 0.0 {
            (max / mean, std_dev / mean)
        } else {
            (1.0, 0.0)
        };
        Balance {
            r1,
            r2,
            r3,
            peak_to_mean,
            std_dev,
            cv,
            min,
            max,
            mean,
        }
    }
}

fn check_values(values: &[f64]) -> Result<(), MetricsError> {
    if values.is_empty() {
        return Err(MetricsError::Empty);
    }
    match values.iter().position(|v| !v.is_finite() || *v < 0.0) {
        Some(index) => Err(MetricsError::BadValue {
            index,
            value: values[index],
        }),
        None => Ok(()),
    }
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn fraction_of(count: usize, total: usize) -> f64 {
    if total == 0 {
        0.0
    } else {
        count as f64 / total as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn loads_count_each_node() {
        assert_eq!(loads(&[], 3), Ok(vec![0, 0, 0]));
        assert_eq!(loads(&[1, 1, 1], 2), Ok(vec![0, 3]));
        assert_eq!(
            loads(&[0, 1, 5], 3),
            Err(MetricsError::NoSuchNode {
                key: 2,
                node: 5,
                node_count: 3
            })
        );
        assert_eq!(
            loads(&[0], 0).unwrap_err().to_string(),
            "key 1 is assigned to node 0, but the nodes are 0 to 0"
        );
        assert_eq!(
            loads(&[], u32::MAX),
            Err(MetricsError::TooManyNodes { count: u32::MAX })
        );
        assert_eq!(loads(&[], MAX_NODES as u32).map(|l| l.len()), Ok(MAX_NODES));
    }

    #[test]
    fn equal_fair_parts_are_the_plain_balance() {
        let values = [90.0, 110.0, 102.0, 98.0, 130.0, 70.0];
        let equal = [1.0 / 6.0; 6];
        let a = Balance::against_fair(&values, &equal).unwrap();
        let b = Balance::of(&values).unwrap();
        for (x, y) in [
            (a.r1, b.r1),
            (a.r2, b.r2),
            (a.r3, b.r3),
            (a.peak_to_mean, b.peak_to_mean),
            (a.std_dev, b.std_dev),
            (a.mean, b.mean),
        ] {
            assert!((x - y).abs() < 1e-9, "{x} {y}");
        }
        for bad in [
            &[0.5, 0.0][..],
            &[0.5][..],
            &[0.5, f64::NAN][..],
            &[0.5, 0.5, 0.5][..],
        ] {
            assert!(Balance::against_fair(&[1.0, 1.0], bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn balance_by_hand() {
        // 1, 2, 3, 6: mean 3, deviations -2, -1, 0, 3, variance (4 + 1 + 0 + 9) / 4 = 3.5.
        let b = Balance::of(&[1.0, 2.0, 3.0, 6.0]).unwrap();
        assert_eq!(b.r1, 6.0);
        assert_eq!(b.mean, 3.0);
        assert_eq!(b.min, 1.0);
        assert_eq!(b.max, 6.0);
        assert_eq!(b.peak_to_mean, 2.0);
        assert_eq!(b.std_dev, 3.5f64.sqrt());
        assert_eq!(b.cv, 3.5f64.sqrt() / 3.0);
        assert_eq!(b.r2, 0.25);
        assert_eq!(b.r3, 0.25);
    }

    #[test]
    fn boundaries_count_as_within() {
        // Mean 100; 110 and 90 sit exactly on the 10% line, 102 and 98 on the 2% line.
        let counts = [110u64, 90, 102, 98, 100, 111, 89, 103, 97, 100];
        let exact = Balance::of_counts(&counts).unwrap();
        assert_eq!(exact.r2, 0.8);
        assert_eq!(exact.r3, 0.4);
        let floats: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
        let approx = Balance::of(&floats).unwrap();
        assert_eq!((approx.r2, approx.r3), (0.8, 0.4));
        // Mean 30: 33 is exactly 10% off, even though 0.1 * 30 is not exactly 3 in binary.
        let b = Balance::of(&[33.0, 27.0, 30.0]).unwrap();
        assert_eq!(b.r2, 1.0);
    }

    #[test]
    fn zero_shares_and_degenerate_inputs() {
        let b = Balance::of(&[0.0, 0.5, 0.5]).unwrap();
        assert_eq!(b.r1, f64::INFINITY);
        let zeros = Balance::of(&[0.0, 0.0]).unwrap();
        assert_eq!(
            (zeros.r1, zeros.r2, zeros.r3, zeros.peak_to_mean, zeros.cv),
            (1.0, 1.0, 1.0, 1.0, 0.0)
        );
        assert_eq!(Balance::of_counts(&[0, 0]).unwrap(), zeros);
        let one = Balance::of(&[0.7]).unwrap();
        assert_eq!((one.r1, one.r2, one.r3, one.std_dev), (1.0, 1.0, 1.0, 0.0));
        assert_eq!(Balance::of(&[]), Err(MetricsError::Empty));
        assert_eq!(Balance::of_counts(&[]), Err(MetricsError::Empty));
        assert!(matches!(
            Balance::of(&[0.5, f64::NAN]),
            Err(MetricsError::BadValue { index: 1, .. })
        ));
        assert!(matches!(
            Balance::of(&[-0.1]),
            Err(MetricsError::BadValue { index: 0, .. })
        ));
        assert!(matches!(
            Balance::of(&[f64::INFINITY]),
            Err(MetricsError::BadValue { index: 0, .. })
        ));
    }

    /// A ring with one point per name at `md5_le32(name)`; each point owns the arc from the
    /// previous point (exclusive) to itself. Returns each node's share.
    fn md5_ring_shares(names_per_node: &[Vec<String>]) -> Vec<f64> {
        let mut points: Vec<(u32, usize)> = Vec::new();
        for (node, names) in names_per_node.iter().enumerate() {
            for name in names {
                let d = md5::compute(name.as_bytes()).0;
                points.push((u32::from_le_bytes([d[0], d[1], d[2], d[3]]), node));
            }
        }
        points.sort();
        let mut arcs = vec![0u64; names_per_node.len()];
        for (i, &(pos, node)) in points.iter().enumerate() {
            let prev = points[(i + points.len() - 1) % points.len()].0;
            arcs[node] += u64::from(pos.wrapping_sub(prev));
        }
        arcs.iter().map(|&a| a as f64 / 4_294_967_296.0).collect()
    }

    fn seed_names(nodes: u32, vnodes: Option<u32>) -> Vec<Vec<String>> {
        (1..=nodes)
            .map(|i| match vnodes {
                None => vec![format!("192.168.1.{i}")],
                Some(v) => (0..v).map(|j| format!("192.168.1.{i}#{j}")).collect(),
            })
            .collect()
    }

    #[test]
    fn seed_003_figures_checked_with_md5() {
        // known-answers.md's check of the paper: names "192.168.1.i" and "192.168.1.i#j",
        // points at the MD5 key hash. The figures there are rounded to two digits.
        let r1 = |n, vnodes| {
            Balance::of(&md5_ring_shares(&seed_names(n, vnodes)))
                .unwrap()
                .r1
        };
        // One point per node: R1 = 17 to 13,000 for 10 to 100 nodes.
        assert_eq!(r1(10, None).round(), 17.0);
        assert_eq!((r1(100, None) / 1000.0).round(), 13.0);
        for n in [20, 30, 50, 70, 90] {
            let r = r1(n, None);
            assert!(
                (17.0..=13_500.0).contains(&r),
                "one point, {n} nodes: R1 {r}"
            );
        }
        // 30 virtual nodes: R1 = 1.4 to 2.9.
        for n in [10, 30, 50, 100] {
            let r = r1(n, Some(30));
            assert!((1.4..=2.9).contains(&r), "30 vnodes, {n} nodes: R1 {r}");
        }
        // 100 virtual nodes, 30 to 100 nodes: R1 = 1.5 to 1.7, R2 = 0.62 to 0.70.
        for n in [30, 50, 100] {
            let b = Balance::of(&md5_ring_shares(&seed_names(n, Some(100)))).unwrap();
            assert!(
                (1.495..=1.705).contains(&b.r1),
                "100 vnodes, {n} nodes: R1 {}",
                b.r1
            );
            assert!(
                (0.615..=0.705).contains(&b.r2),
                "100 vnodes, {n} nodes: R2 {}",
                b.r2
            );
        }
        // 1000 virtual nodes: R1 = 1.04 to 1.19.
        for n in [10, 30, 60, 100] {
            let r = r1(n, Some(1000));
            assert!(
                (1.035..=1.195).contains(&r),
                "1000 vnodes, {n} nodes: R1 {r}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn balance_agrees_with_its_definitions(counts in proptest::collection::vec(0u64..1000, 1..60)) {
            let floats: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
            let b = Balance::of_counts(&counts).unwrap();
            let f = Balance::of(&floats).unwrap();
            let n = counts.len() as f64;
            let mean = counts.iter().sum::<u64>() as f64 / n;
            // The naive definitions, in exact rationals: |c - mean| <= mean / 10.
            let sum: i128 = counts.iter().map(|&c| c as i128).sum();
            let within = |den: i128| counts
                .iter()
                .filter(|&&c| den * (counts.len() as i128 * c as i128 - sum).abs() <= sum)
                .count() as f64 / n;
            prop_assert_eq!(b.r2, within(10));
            prop_assert_eq!(b.r3, within(50));
            prop_assert_eq!((f.r2, f.r3), (b.r2, b.r3));
            let max = *counts.iter().max().unwrap() as f64;
            let min = *counts.iter().min().unwrap() as f64;
            prop_assert_eq!(b.max, max);
            prop_assert_eq!(b.min, min);
            if min > 0.0 {
                prop_assert_eq!(b.r1, max / min);
            } else if max > 0.0 {
                prop_assert_eq!(b.r1, f64::INFINITY);
            }
            prop_assert!((b.mean - mean).abs() <= 1e-9 * mean.max(1.0));
            let var = floats.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
            prop_assert!((b.std_dev - var.sqrt()).abs() <= 1e-9 * var.sqrt().max(1.0));
            prop_assert!(b.peak_to_mean >= 1.0 && b.r1 >= 1.0 && b.cv >= 0.0);
            prop_assert!(b.r3 <= b.r2);
        }
    }
}
