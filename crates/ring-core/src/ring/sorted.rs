//! [`SortedRing`]: ring points sorted by position with the successor lookup, and the arc and
//! share sums ([`add_arcs`], [`shares_of_arcs`]). Every ring algorithm (the seed rings,
//! ketama, go-zero, bounded loads, the study) builds on these, so they sit apart from the
//! seed rings, which are only one of their users.

use crate::error::{BuildError, MAX_RING_POINTS};
use crate::placement::{Explanation, NodeIndex, Picture, RingPoint};
use crate::systems::MAX_SYSTEM_POINTS;

/// Points sorted by position, with the lookup every ring uses: a key belongs to the first
/// point at or after its position, wrapping past the top to the first point. Among points
/// at the same position, the first in the vector wins; constructors order ties as the
/// implementation they copy does.
///
/// The sorted points are the source of truth. Beside them sits a radix index on the top
/// bits of the position: bucket `b` lists where the points whose top bits are `b` start, so
/// a lookup reads one index entry pair and then counts, in a window of four points (one
/// or two cache lines, which also hold the owner it returns), those below the key. A binary
/// search over a million points instead misses the cache on most of its twenty steps.
#[derive(Clone, Debug)]
pub struct SortedRing {
    space_bits: u32,
    node_count: u32,
    /// Shared with its pictures ([`SortedRing::picture`]).
    points: std::rc::Rc<Vec<RingPoint>>,
    index: RadixIndex,
    /// Each node's share and points, when a [`RingBuild`](super::RingBuild) summed them
    /// in its steps; otherwise [`SortedRing::shares`] and [`SortedRing::point_counts`]
    /// sum them when asked.
    summed: Option<(Vec<f64>, Vec<u32>)>,
}

/// Equal points (and so equal index, shares and counts): whether the build summed them
/// does not matter.
impl PartialEq for SortedRing {
    fn eq(&self, other: &Self) -> bool {
        self.space_bits == other.space_bits
            && self.node_count == other.node_count
            && self.points == other.points
    }
}

/// log2 of the points per bucket the index aims at: two, so that a run rarely outgrows the
/// [`WINDOW`] (a Poisson tail of 5%). Measured with the `peers` benchmark: one point per
/// bucket doubles the index for no gain, four make long runs common.
const POINTS_PER_BUCKET_LOG2: u32 = 1;

/// The widest index: 2^22 buckets (16 MiB), two points a bucket at Envoy's largest ring.
const MAX_INDEX_BITS: u32 = 22;

/// Runs up to this long are searched by counting over a window of this many points, which
/// has no unpredictable branch; longer runs (many points on few positions, as in a 15-bit
/// space) and the last few points by bisection.
const WINDOW: usize = 4;

/// `starts[b]` is the index of the first point whose bucket is at least `b`, for
/// `b` in `0 ..= last_bucket + 1`. A point's bucket is its position shifted right by
/// `shift`, clamped to `last_bucket` so that any position, even one outside the space,
/// falls in some bucket. The clamp keeps buckets monotone in the position, which is all the
/// lookup needs to be exact.
#[derive(Clone, Debug, PartialEq)]
struct RadixIndex {
    shift: u32,
    last_bucket: u64,
    starts: Vec<u32>,
}

impl RadixIndex {
    #[inline]
    fn bucket(&self, position: u64) -> u64 {
        // A shift of 64 (a 64-bit space indexed by no bits) leaves nothing: bucket 0.
        position
            .checked_shr(self.shift)
            .unwrap_or(0)
            .min(self.last_bucket)
    }

    /// The range of point indices whose bucket is `position`'s.
    #[inline]
    fn run(&self, position: u64) -> (usize, usize) {
        let b = self.bucket(position) as usize;
        match self.starts.get(b..b + 2) {
            Some(&[lo, hi]) => (lo as usize, hi as usize),
            _ => (0, 0),
        }
    }

    fn memory_bytes(&self) -> u64 {
        (self.starts.len() * std::mem::size_of::<u32>()) as u64
    }
}

/// The sort key of ring points. Both sorts by position name this function rather than
/// each its own closure, so that they are one instance of the sort (3 KB of wasm less).
pub(crate) fn position_of(p: &RingPoint) -> u64 {
    p.position
}

/// A [`RadixIndex`] built a bounded amount of work at a time, for a
/// [`RingBuild`](super::RingBuild): Envoy's ring of 8,388,608 points has 4,194,305 entries.
#[derive(Clone, Debug)]
pub(super) struct IndexBuild {
    index: RadixIndex,
    /// The next bucket to enter, and the first point not yet passed.
    bucket: u64,
    point: usize,
}

/// The bits the index of `point_count` points in a space of `space_bits` buckets by.
fn index_bits(point_count: usize, space_bits: u32) -> u32 {
    let needed = usize::BITS - point_count.leading_zeros();
    needed
        .saturating_sub(POINTS_PER_BUCKET_LOG2)
        .min(space_bits)
        .min(MAX_INDEX_BITS)
}

impl IndexBuild {
    /// The index of `point_count` points in a space of `space_bits`, nothing entered yet
    /// (its entries are reserved by the first step).
    pub(super) fn new(point_count: usize, space_bits: u32) -> IndexBuild {
        let bits = index_bits(point_count, space_bits);
        let index = RadixIndex {
            shift: space_bits.min(64) - bits,
            last_bucket: (1u64 << bits) - 1,
            starts: Vec::new(),
        };
        IndexBuild {
            index,
            bucket: 0,
            point: 0,
        }
    }

    /// The work of indexing `point_count` points in all, as [`IndexBuild::step`] counts
    /// it: an entry a bucket and a step a point.
    pub(super) fn work(point_count: usize, space_bits: u32) -> u64 {
        (1u64 << index_bits(point_count, space_bits)) + 1 + point_count as u64
    }

    /// Enters about `budget` buckets and points of the sorted `points` (at least one
    /// bucket); returns the work done.
    pub(super) fn step(&mut self, points: &[RingPoint], budget: u64) -> u64 {
        let mut spent = 0u64;
        let end = self.index.last_bucket + 1;
        if self.index.starts.capacity() == 0 {
            self.index.starts.reserve_exact(end as usize + 1);
        }
        while self.bucket <= end && spent < budget {
            let before = self.point;
            while points
                .get(self.point)
                .is_some_and(|p| self.index.bucket(p.position) < self.bucket)
            {
                self.point += 1;
            }
            self.index.starts.push(self.point as u32);
            self.bucket += 1;
            spent += 1 + (self.point - before) as u64;
        }
        spent
    }

    /// Whether every bucket is entered.
    pub(super) fn is_done(&self) -> bool {
        self.bucket > self.index.last_bucket + 1
    }
}

impl SortedRing {
    /// Sorts `points` by position, keeping the given order among equal positions.
    /// `points` must not be empty (the constructors check node lists first).
    pub fn new(
        mut points: Vec<RingPoint>,
        space_bits: u32,
        node_count: u32,
    ) -> Result<Self, BuildError> {
        points.sort_by_key(position_of);
        Self::from_sorted(points, space_bits, node_count)
    }

    /// A ring over points already sorted by position.
    pub(super) fn from_sorted(
        points: Vec<RingPoint>,
        space_bits: u32,
        node_count: u32,
    ) -> Result<Self, BuildError> {
        let index = IndexBuild::new(points.len(), space_bits);
        Self::from_parts(points, space_bits, node_count, index, None)
    }

    /// A ring over points already sorted by position, with the index an [`IndexBuild`] has
    /// made of them so far (finished here) and, if summed already, the shares: what a
    /// [`RingBuild`](super::RingBuild) hands over when it is done. The checks of every
    /// constructor: some points, not too many.
    pub(super) fn from_parts(
        points: Vec<RingPoint>,
        space_bits: u32,
        node_count: u32,
        index: IndexBuild,
        summed: Option<(Vec<f64>, Vec<u32>)>,
    ) -> Result<Self, BuildError> {
        if points.is_empty() {
            return Err(BuildError::NoNodes);
        }
        if points.len() as u64 > MAX_RING_POINTS.max(MAX_SYSTEM_POINTS) {
            return Err(BuildError::TooManyPoints {
                points: points.len() as u64,
            });
        }
        let mut index = index;
        index.step(&points, u64::MAX);
        Ok(SortedRing {
            space_bits,
            node_count,
            points: std::rc::Rc::new(points),
            index: index.index,
            summed,
        })
    }

    /// The ring with `added` points and `node_count` nodes, as [`SortedRing::new`] would
    /// build it from this ring's points followed by `added`: on a position both hold, the
    /// points already here come first. A node appended to the end of the node list adds
    /// its points this way, so the result equals a rebuild from the longer list. Costs a
    /// sort of `added` and one linear merge, not a sort of the whole ring.
    pub fn with_points_added(
        &self,
        mut added: Vec<RingPoint>,
        node_count: u32,
    ) -> Result<SortedRing, BuildError> {
        let total = (self.points.len() + added.len()) as u64;
        // The bound of every ring ([`SortedRing::from_parts`]'s), checked before the merge
        // allocates; the algorithms' own, lower ones are their callers' to check.
        if total > MAX_RING_POINTS.max(MAX_SYSTEM_POINTS) {
            return Err(BuildError::TooManyPoints { points: total });
        }
        added.sort_by_key(position_of);
        let mut merged = Vec::with_capacity(total as usize);
        let mut old = self.points.iter().copied().peekable();
        let mut new = added.into_iter().peekable();
        loop {
            let take_old = match (old.peek(), new.peek()) {
                (Some(o), Some(n)) => o.position <= n.position,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let next = if take_old { old.next() } else { new.next() };
            merged.extend(next);
        }
        Self::from_sorted(merged, self.space_bits, node_count)
    }

    /// The ring without `node`'s points, the nodes after it renumbered down by one, as when
    /// it is removed from the node list: the other points keep their order, so the result
    /// equals a rebuild from the shorter list for every ring whose points depend only on
    /// their own node. A linear filter, no sort.
    pub fn without_owner(&self, node: NodeIndex) -> Result<SortedRing, BuildError> {
        if node >= self.node_count {
            return Err(BuildError::NoSuchNode { index: node });
        }
        let points = self
            .points
            .iter()
            .filter(|p| p.owner != node)
            .map(|&p| RingPoint {
                owner: if p.owner > node { p.owner - 1 } else { p.owner },
                ..p
            })
            .collect();
        Self::from_sorted(points, self.space_bits, self.node_count - 1)
    }

    /// The points, sorted.
    pub fn points(&self) -> &[RingPoint] {
        &self.points
    }

    /// Width of the hash space in bits.
    pub fn space_bits(&self) -> u32 {
        self.space_bits
    }

    /// The number of nodes.
    pub fn node_count(&self) -> u32 {
        self.node_count
    }

    /// The index of the first point at or after `position`: `points().len()` if none is
    /// (the lookup then wraps). Equal to `points().partition_point(|p| p.position <
    /// position)`, found through the radix index.
    #[inline]
    pub fn successor_index(&self, position: u64) -> usize {
        let (lo, hi) = self.index.run(position);
        // Points past the run have a later bucket, hence a greater position, so counting
        // over a fixed window that runs past the run's end is still exact: a loop of
        // fixed length unrolls, and no branch depends on how long the run is.
        if hi - lo <= WINDOW {
            if let Some(window) = self.points.get(lo..lo + WINDOW) {
                let window: &[RingPoint; WINDOW] = match window.try_into() {
                    Ok(w) => w,
                    Err(_) => return lo,
                };
                return lo
                    + window
                        .iter()
                        .map(|p| usize::from(p.position < position))
                        .sum::<usize>();
            }
        }
        let run = self.points.get(lo..hi).unwrap_or(&[]);
        lo + run.partition_point(|p| p.position < position)
    }

    /// Index of the first point at or after `position`, and whether the search wrapped.
    pub fn successor(&self, position: u64) -> (u32, bool) {
        let i = self.successor_index(position);
        if i >= self.points.len() {
            (0, true)
        } else {
            (i as u32, false)
        }
    }

    /// The point at index `i` (wrapping), used by walks that go on past the owner.
    pub fn point(&self, i: u32) -> RingPoint {
        self.points[i as usize % self.points.len()]
    }

    /// The owner of `position`.
    #[inline]
    pub fn owner(&self, position: u64) -> NodeIndex {
        let i = self.successor_index(position);
        // Past the last point the walk wraps to the first (a ring is never empty).
        self.points
            .get(i)
            .or(self.points.first())
            .map_or(0, |p| p.owner)
    }

    /// The walk from `position` to its owner.
    pub fn explain(&self, position: u64) -> Explanation {
        let (point, wrapped) = self.successor(position);
        Explanation::RingWalk {
            key_position: position,
            point,
            wrapped,
            owner: self.point(point).owner,
        }
    }

    /// Each node's share of the space: a point owns the arc from the previous point
    /// (exclusive) to itself (inclusive).
    pub fn shares(&self) -> Vec<f64> {
        if let Some((shares, _)) = &self.summed {
            return shares.clone();
        }
        let mut arcs = vec![0u128; self.node_count as usize];
        add_arcs(
            &self.points,
            0..self.points.len(),
            self.space_bits,
            &mut arcs,
        );
        shares_of_arcs(&arcs, self.space_bits)
    }

    /// How many points each node has.
    pub fn point_counts(&self) -> Vec<u32> {
        if let Some((_, counts)) = &self.summed {
            return counts.clone();
        }
        let mut counts = vec![0u32; self.node_count as usize];
        count_points(&self.points, &mut counts);
        counts
    }

    /// The points, shared rather than copied (a build reusing them keeps them alive).
    pub(crate) fn shared_points(&self) -> std::rc::Rc<Vec<RingPoint>> {
        std::rc::Rc::clone(&self.points)
    }

    /// The picture of the ring.
    pub fn picture(&self) -> Picture {
        Picture::Ring {
            space_bits: self.space_bits,
            points: std::rc::Rc::clone(&self.points),
        }
    }

    /// Bytes held: one position, owner and replica number per point, and the radix index
    /// (about one `u32` per four points).
    pub fn memory_bytes(&self) -> u64 {
        (self.points.len() * std::mem::size_of::<RingPoint>()) as u64 + self.index.memory_bytes()
    }
}

/// Adds to `arcs` (one per owner) the arcs that the points at `range` of the sorted
/// `points` own: [`SortedRing::shares`] over every point, and the study's
/// [`CellBuild`](crate::study::CellBuild) a slice at a time. The sums are whole numbers, so
/// the shares come out the same however the points are sliced.
pub(crate) fn add_arcs(
    points: &[RingPoint],
    range: std::ops::Range<usize>,
    space_bits: u32,
    arcs: &mut [u128],
) {
    let space: u128 = 1u128 << space_bits;
    let n = points.len();
    let Some(last) = points.last() else { return };
    let range = range.start.min(n)..range.end.min(n);
    let mut prev = match range.start.checked_sub(1).and_then(|i| points.get(i)) {
        Some(p) => p.position,
        None => last.position,
    };
    for (i, p) in points
        .get(range.clone())
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        // The first point equal to the last means every point is on one position (one
        // point, or a collision of all of them): the first, which takes every key,
        // owns the whole ring.
        let arc = if range.start + i == 0 && p.position == prev {
            space
        } else {
            (u128::from(p.position) + space - u128::from(prev)) % space
        };
        if let Some(a) = arcs.get_mut(p.owner as usize) {
            *a += arc;
        }
        prev = p.position;
    }
}

/// Adds one to `counts` (one per owner) for each of `points`.
pub fn count_points(points: &[RingPoint], counts: &mut [u32]) {
    for p in points {
        if let Some(c) = counts.get_mut(p.owner as usize) {
            *c += 1;
        }
    }
}

/// Each owner's share of a space of `2^space_bits` positions, from its arcs ([`add_arcs`]).
pub(crate) fn shares_of_arcs(arcs: &[u128], space_bits: u32) -> Vec<f64> {
    let space: u128 = 1u128 << space_bits;
    arcs.iter().map(|&a| a as f64 / space as f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(position: u64, owner: NodeIndex) -> RingPoint {
        RingPoint {
            position,
            owner,
            replica: 0,
        }
    }

    #[test]
    fn successor_wraps_and_takes_the_first_of_equal_points() {
        let ring = SortedRing::new(
            vec![point(50, 1), point(10, 0), point(50, 2), point(90, 0)],
            8,
            3,
        )
        .unwrap();
        let positions: Vec<u64> = ring.points().iter().map(|p| p.position).collect();
        assert_eq!(positions, [10, 50, 50, 90]);
        assert_eq!(ring.successor(0), (0, false));
        assert_eq!(ring.successor(10), (0, false));
        assert_eq!(ring.successor(11), (1, false));
        assert_eq!(ring.owner(50), 1, "equal points: the first given wins");
        assert_eq!(ring.successor(91), (0, true));
        assert_eq!(ring.owner(255), 0);
        assert_eq!(
            ring.explain(200),
            Explanation::RingWalk {
                key_position: 200,
                point: 0,
                wrapped: true,
                owner: 0
            }
        );
        assert!(SortedRing::new(Vec::new(), 8, 0).is_err());
    }

    #[test]
    fn shares_are_arcs() {
        // 8-bit ring: node 0 owns (90, 256) + [0, 10] = 176, node 1 owns (10, 50] = 40,
        // node 2 shares 50 with node 1 and takes nothing, node 0 owns (50, 90] too = 40.
        let ring = SortedRing::new(
            vec![point(50, 1), point(10, 0), point(50, 2), point(90, 0)],
            8,
            3,
        )
        .unwrap();
        assert_eq!(
            ring.shares(),
            vec![(176.0 + 40.0) / 256.0, 40.0 / 256.0, 0.0]
        );
        let one = SortedRing::new(vec![point(3, 1)], 8, 2).unwrap();
        assert_eq!(one.shares(), vec![0.0, 1.0]);
        // Every point on one position: the first takes every key, so the whole ring.
        let stacked = SortedRing::new(vec![point(7, 1), point(7, 0), point(7, 1)], 8, 2).unwrap();
        assert_eq!(stacked.owner(200), 1);
        assert_eq!(stacked.shares(), vec![0.0, 1.0]);
    }
}
