//! [`RingBuild`]: a [`Ring`] built a bounded amount of work at a time.
//!
//! The points are made virtual node by virtual node, so a step can stop between any two,
//! even inside one heavy node. They are then sorted by position with a least-significant
//! digit radix sort, 11 bits a pass: each pass moves the points in their order into the
//! places their digit gives, so the sort is stable, as the one-shot build's `sort_by_key`
//! is, and points on one position stay in the order they were made in. A pass can stop
//! between any two points. The digit counts the passes need are taken while the points are
//! made, and a digit every point shares (the top ones of a 32-bit hash) is no pass at all.
//! At most [`MAX_PASSES`] passes are made, over the highest digits that vary; the runs of
//! points those leave equal are then each put in order by a stable sort, a run at a time.
//!
//! A build of at most [`SMALL_BUILD`] points sorts them instead in one step once they are
//! made ([`sort_small`]), and keeps no digit counts: the radix sort's six tables of 2,048
//! counts cost more than the points themselves there (a ring of 1,000 points took twice the
//! instructions of `hashring`'s build; `benches/peers.rs`, `peers_build`, `10x100`). Both
//! sorts are stable, so the order is the same.

use super::sorted::{add_arcs, count_points, shares_of_arcs, IndexBuild};
use super::{Layout, Naming, Ring, SortedRing};
use crate::error::BuildError;
use crate::hash::HashFn;
use crate::placement::{NodeIndex, NodeSpec, RingPoint};

mod reuse;

/// Bits of the position one sort pass orders by: three passes for a 32-bit hash, six for a
/// 64-bit one. The 2,048 counts of a pass fit a core's first-level cache.
const DIGIT_BITS: u32 = 11;
/// Values of one digit.
const RADIX: usize = 1 << DIGIT_BITS;
/// Digits of a 64-bit position.
const DIGITS: usize = 64usize.div_ceil(DIGIT_BITS as usize);

/// The most radix passes a sort makes, over the highest digits that not every point
/// shares; the points then in one run of equal higher digits (a few hundred pairs among a
/// million 64-bit positions) are put in order by a stable sort of each run. Three passes
/// and the runs instead of six passes took the million-point build from 0.91-0.92× to
/// 0.95-0.97× `hashring`'s on an Intel Xeon (`benches/peers.rs`,
/// `peers_build/ring-core/1000x1000`, two runs each); the passes were about a quarter of it.
const MAX_PASSES: usize = 3;

/// The most points sorted by comparison rather than by radix: sorting 4,096 takes tens of
/// microseconds, so a step that does it at once stays short.
const SMALL_BUILD: u64 = 1 << 12;

/// The work of making one point, counted in points moved by one sort pass, so that a step
/// of a given budget takes about the same time whatever stage it is in. Measured with
/// `examples/cell_steps.rs` on a million points (release, native; wasm in Node.js about
/// 1.3 times as long): a pass moves a point in 2.5 ns; making one takes 125 ns with MD5,
/// 35 to 40 ns with MurmurHash3 or FNV-1a. 16 is the fast hashes' ratio: an MD5 point is
/// three times the work the count says, which keeps the sort's slices short.
pub(crate) const POINT_WORK: u64 = 16;

/// Sorts a small build's points by position, stably: one pass moves them into groups by
/// their highest bits (as many bits as the count has, so a group holds a point or two),
/// then each group is put in order by the standard library's stable sort. The standard
/// library's stable sort of all 1,000 points of a ring of 10 × 100 took 8 µs of a 20 µs
/// build, 0.91× `hashring`'s on an Intel Xeon; this takes 2.5 µs (`benches/peers.rs`,
/// `peers_build/ring-core/10x100`).
fn sort_small(points: &mut Vec<RingPoint>, space_bits: u32) {
    let bits = (usize::BITS - points.len().leading_zeros()).min(space_bits);
    let shift = space_bits - bits;
    let last = (1usize << bits) - 1;
    // A position past the space (none is) would join the last group and still be ordered.
    let group = |p: &RingPoint| ((p.position >> shift) as usize).min(last);
    // starts[g + 1] counts group g's points, then (summed) is where group g + 1 starts.
    let mut starts = vec![0u32; last + 2];
    for p in points.iter() {
        starts[group(p) + 1] += 1;
    }
    for g in 1..starts.len() {
        starts[g] += starts[g - 1];
    }
    let mut sorted = vec![EMPTY; points.len()];
    let mut next = starts.clone();
    for p in points.iter() {
        let slot = &mut next[group(p)];
        sorted[*slot as usize] = *p;
        *slot += 1;
    }
    for bounds in starts.windows(2) {
        if let Some(run) = sorted.get_mut(bounds[0] as usize..bounds[1] as usize) {
            if run.len() > 1 {
                run.sort_by_key(super::position_of);
            }
        }
    }
    *points = sorted;
}

/// What the sort buffer is filled with before the points are moved into it.
const EMPTY: RingPoint = RingPoint {
    position: 0,
    owner: 0,
    replica: 0,
};

/// A [`Ring`] built a bounded amount of work at a time: [`RingBuild::step`] until it says
/// it is done, then [`RingBuild::finish`]. The result equals what [`Ring::single_point`]
/// or [`Ring::virtual_nodes`] builds at once from the same arguments, point for point and
/// in the same order among points on one position; only the work is cut in slices.
///
/// ```
/// use ring_core::ring::{Naming, Ring, RingBuild};
/// use ring_core::{HashFn, NodeSpec};
///
/// let nodes = vec![NodeSpec::new("a", 100), NodeSpec::new("b", 100)];
/// let mut build = RingBuild::virtual_nodes(&nodes, HashFn::Md5, Naming::Hash, 500)?;
/// while !build.step(64) {
///     let (done, total) = build.progress();
///     assert!(done < total);
/// }
/// let ring = build.finish()?;
/// assert_eq!(ring, Ring::virtual_nodes(&nodes, HashFn::Md5, Naming::Hash, 500)?);
/// # Ok::<(), ring_core::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RingBuild {
    hash: HashFn,
    layout: Layout,
    nodes: Vec<NodeSpec>,
    /// The points made so far, in the order the one-shot build makes them; sorted by
    /// position once the stage is [`Stage::Sorted`].
    points: Vec<RingPoint>,
    /// Where a sort pass moves the points: as long as `points`, grown as they are made.
    spare: Vec<RingPoint>,
    /// `counts[d][v]`: how many of the points made have the value `v` in digit `d`; empty
    /// for a build of at most [`SMALL_BUILD`] points, which is not sorted by radix.
    counts: Vec<[u32; RADIX]>,
    stage: Stage,
    /// Once the points are sorted, [`RingBuild::step`] makes the lookup index and sums
    /// each node's share too, a bounded amount at a time, so that [`RingBuild::finish`]
    /// only puts the ring together: for Envoy's ring of 8,388,608 points, building the
    /// index at once took 100 ms in the browser and summing the shares 60 ms. The index so
    /// far (`None`: not started)…
    index: Option<IndexBuild>,
    /// …the nodes' arcs summed, and their points counted, over the points before
    /// `arcs_next`…
    arcs: Vec<u128>,
    owned: Vec<u32>,
    arcs_next: usize,
    /// …and the shares with those counts, once every point is summed.
    summed: Option<(Vec<f64>, Vec<u32>)>,
    /// How many points the ring will hold…
    point_count: u64,
    /// …and how many of them this build makes: all of them, or those a ring built before
    /// lacks ([`RingBuild::reuse`]), which are then merged with its points.
    made_count: u64,
    reuse: Option<reuse::Reuse>,
    /// Work done and in all, in points moved ([`POINT_WORK`] for a point made).
    done: u64,
    total: u64,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Making replica `replica` of node `node` and on; `own` is that node's own hash
    /// once computed, `name` the buffer its virtual nodes' names are written into.
    Make {
        node: usize,
        replica: u32,
        own: Option<i64>,
        name: Vec<u8>,
    },
    /// Moving the points by digit `digit`, from point `next` on; `offsets[v]` is where the
    /// next point with the value `v` goes.
    Sort {
        digit: usize,
        next: usize,
        offsets: Box<[u32; RADIX]>,
    },
    /// Putting in order, from point `next` on, each run of points whose positions agree
    /// above bit `shift` (the digits the passes sorted by), after the last pass.
    Runs { next: usize, shift: u32 },
    /// Merging the points made with those kept of a ring built before
    /// ([`RingBuild::reuse`]).
    Merge,
    /// The points are sorted.
    Sorted,
}

/// Digit `d` of `position`, `d` counted from the lowest.
#[inline]
fn digit(position: u64, d: usize) -> usize {
    // `d` is below DIGITS, so the shift is at most 55.
    (position >> (d as u32 * DIGIT_BITS)) as usize & (RADIX - 1)
}

impl RingBuild {
    /// The build of [`Ring::single_point`]`(nodes, hash)`, with its errors: refused here,
    /// before any point is made.
    pub fn single_point(nodes: &[NodeSpec], hash: HashFn) -> Result<RingBuild, BuildError> {
        Self::with_layout(nodes, hash, Layout::SinglePoint)
    }

    /// The build of [`Ring::virtual_nodes`]`(nodes, hash, naming, default_vnodes)`, with its
    /// errors (too many points, no nodes): refused here, before any point is made.
    pub fn virtual_nodes(
        nodes: &[NodeSpec],
        hash: HashFn,
        naming: Naming,
        default_vnodes: u32,
    ) -> Result<RingBuild, BuildError> {
        let layout = Layout::Virtual {
            naming,
            default_vnodes,
        };
        Self::with_layout(nodes, hash, layout)
    }

    /// The build of Envoy's ring (see `Layout::Envoy`): node `n` gets exactly
    /// `nodes[n].vnodes` points, the count Envoy's scaling gave it. `hash` is the lab's,
    /// kept as every `Ring` keeps one; Envoy's points and keys are hashed by XXH64.
    pub(crate) fn envoy(nodes: &[NodeSpec], hash: HashFn) -> Result<RingBuild, BuildError> {
        Self::with_layout(nodes, hash, Layout::Envoy)
    }

    /// The checks of [`SortedRing::from_sorted`]: not too many points, some nodes.
    pub(super) fn with_layout(
        nodes: &[NodeSpec],
        hash: HashFn,
        layout: Layout,
    ) -> Result<RingBuild, BuildError> {
        let points: u64 = nodes.iter().map(|n| layout.point_count(n)).sum();
        if points > layout.max_points() {
            return Err(BuildError::TooManyPoints { points });
        }
        if nodes.is_empty() {
            return Err(BuildError::NoNodes);
        }
        let bits = layout.space_bits(hash);
        let finishing = finishing_work(points, bits);
        Ok(RingBuild {
            hash,
            layout,
            nodes: nodes.to_vec(),
            // Reserved by the first step: a build made only to count its points (a page
            // deciding whether to build in slices) allocates nothing.
            points: Vec::new(),
            spare: Vec::new(),
            counts: if points > SMALL_BUILD {
                vec![[0; RADIX]; DIGITS]
            } else {
                Vec::new()
            },
            stage: Stage::Make {
                node: 0,
                replica: 0,
                own: None,
                name: Vec::new(),
            },
            index: None,
            arcs: Vec::new(),
            owned: Vec::new(),
            arcs_next: 0,
            summed: None,
            point_count: points,
            made_count: points,
            reuse: None,
            done: 0,
            total: sorting_work(points, bits) + finishing,
        })
    }

    /// Does about `budget` units of the work, a unit being the time it takes to make one
    /// point (sorting counts a fraction of a unit per point and pass), and at least one.
    /// Returns whether the work is all done; [`RingBuild::finish`] then only builds the
    /// lookup index.
    pub fn step(&mut self, budget: usize) -> bool {
        let budget = (budget.max(1) as u64).saturating_mul(POINT_WORK);
        let spent = self.work(budget);
        if self.is_finished() {
            self.finish_work(budget.saturating_sub(spent).max(1));
        }
        self.is_built()
    }

    /// Whether all the points are made and sorted.
    pub fn is_finished(&self) -> bool {
        matches!(self.stage, Stage::Sorted)
    }

    /// Whether the steps have done everything: points sorted, index made, shares summed
    /// (what [`RingBuild::step`] returns).
    pub fn is_built(&self) -> bool {
        self.summed.is_some()
    }

    /// Work done and work in all, for a progress bar: only their ratio means anything. The
    /// total is known from the start and does not change.
    pub fn progress(&self) -> (u64, u64) {
        if self.is_built() {
            (self.total, self.total)
        } else {
            (self.done.min(self.total), self.total)
        }
    }

    /// The ring, with any work left done at once.
    pub fn finish(mut self) -> Result<Ring, BuildError> {
        self.work(u64::MAX);
        let bits = self.layout.space_bits(self.hash);
        let index = self
            .index
            .unwrap_or_else(|| IndexBuild::new(self.points.len(), bits));
        let nodes = self.nodes.len() as u32;
        Ok(Ring {
            hash: self.hash,
            layout: self.layout,
            ring: SortedRing::from_parts(self.points, bits, nodes, index, self.summed)?,
        })
    }

    /// Makes the index, then sums the arcs, about `budget` units (points or index
    /// entries), once the points are sorted.
    fn finish_work(&mut self, budget: u64) {
        let bits = self.layout.space_bits(self.hash);
        let n = self.points.len();
        let mut spent = 0u64;
        while spent < budget && self.summed.is_none() {
            let left = budget - spent;
            let index = self.index.get_or_insert_with(|| IndexBuild::new(n, bits));
            let work = if !index.is_done() {
                index.step(&self.points, left)
            } else {
                if self.arcs.is_empty() {
                    self.arcs = vec![0u128; self.nodes.len()];
                    self.owned = vec![0u32; self.nodes.len()];
                }
                let next = self.arcs_next;
                let end = next.saturating_add(left as usize).min(n);
                add_arcs(&self.points, next..end, bits, &mut self.arcs);
                let range = self.points.get(next..end).unwrap_or_default();
                count_points(range, &mut self.owned);
                self.arcs_next = end;
                if end >= n {
                    let shares = shares_of_arcs(&self.arcs, bits);
                    self.summed = Some((shares, std::mem::take(&mut self.owned)));
                }
                (end - next) as u64
            };
            spent += work.max(1);
            self.done += work;
        }
    }

    /// The part of [`RingBuild::progress`]'s total that [`RingBuild::work`] does: making
    /// and sorting the points, for a caller that sums the arcs itself.
    pub(crate) fn work_until_sorted(&self) -> u64 {
        self.total - self.finishing_work()
    }

    /// The work of the index and the arcs, once the points are sorted.
    fn finishing_work(&self) -> u64 {
        finishing_work(self.point_count, self.layout.space_bits(self.hash))
    }

    /// How many points the ring will hold.
    pub fn point_count(&self) -> u64 {
        self.point_count
    }

    /// The sorted points (any work left done at once), the width of the space and the
    /// node count: what [`SortedRing::from_sorted`] is given, for a caller that needs no
    /// lookup index.
    pub(crate) fn into_sorted_points(mut self) -> (Vec<RingPoint>, u32, u32) {
        self.work(u64::MAX);
        let bits = self.layout.space_bits(self.hash);
        (self.points, bits, self.nodes.len() as u32)
    }

    /// Does about `budget` work (in points moved) and at least some; returns the work done.
    pub(crate) fn work(&mut self, budget: u64) -> u64 {
        let mut spent = 0u64;
        while spent < budget {
            let left = budget - spent;
            spent = spent.saturating_add(match self.stage {
                Stage::Make { .. } => self.make(left),
                Stage::Sort { .. } => self.sort(left),
                Stage::Runs { .. } => self.sort_runs(left),
                Stage::Merge => self.merge(left),
                Stage::Sorted => break,
            });
        }
        spent
    }

    /// Makes about `budget / POINT_WORK` points (at least one) of the current node.
    fn make(&mut self, budget: u64) -> u64 {
        let Stage::Make {
            node,
            replica,
            own,
            name,
        } = &mut self.stage
        else {
            return 0;
        };
        let Some(spec) = self.nodes.get(*node) else {
            self.start_sort(0);
            return 0;
        };
        let radix = !self.counts.is_empty();
        if self.points.capacity() == 0 {
            self.points.reserve_exact(self.made_count as usize);
            if radix {
                self.spare.reserve_exact(self.made_count as usize);
            }
        }
        let count = self.layout.replica_count(spec);
        let own_hash = *own.get_or_insert_with(|| self.layout.own_hash(spec, self.hash));
        let wanted = u32::try_from(budget / POINT_WORK)
            .unwrap_or(u32::MAX)
            .max(1);
        let end = replica.saturating_add(wanted).min(count);
        let first = self.points.len();
        self.layout.push_replicas(
            &mut self.points,
            spec,
            *node as NodeIndex,
            self.hash,
            own_hash,
            *replica..end,
            name,
        );
        let made = self.points.get(first..).unwrap_or_default();
        for p in made {
            for (d, counts) in self.counts.iter_mut().enumerate() {
                counts[digit(p.position, d)] += 1;
            }
        }
        let work = made.len() as u64 * POINT_WORK;
        if radix {
            self.spare.resize(self.points.len(), EMPTY);
        }
        self.done += work;
        if end < count {
            *replica = end;
        } else {
            *node += 1;
            *own = None;
            *replica = reuse::first_replica(self.reuse.as_ref(), *node);
            if *node >= self.nodes.len() {
                self.start_sort(0);
            }
        }
        work
    }

    /// The lowest digit the passes sort by: that of the [`MAX_PASSES`] highest digits not
    /// every point shares (0 when there are no more than that).
    fn lowest_sorted_digit(&self) -> usize {
        let n = self.points.len();
        let varying: Vec<usize> = (self.counts.iter().enumerate())
            .filter(|(_, counts)| !counts.iter().any(|&c| c as usize == n))
            .map(|(d, _)| d)
            .collect();
        varying
            .len()
            .checked_sub(MAX_PASSES)
            .and_then(|first| varying.get(first))
            .copied()
            .unwrap_or(0)
    }

    /// Starts the pass of the first digit from `from` on that not every point shares (a
    /// pass over it would leave the order as it is) and is one the passes sort by, or the
    /// sort of the runs the passes leave, or ends the sort.
    fn start_sort(&mut self, from: usize) {
        let n = self.points.len();
        let space_bits = self.layout.space_bits(self.hash);
        let predicted = predicted_passes(space_bits);
        if self.counts.is_empty() && from == 0 {
            // A small build: one sort at once, counted as the passes it replaces.
            sort_small(&mut self.points, space_bits);
            self.done += (n * predicted) as u64;
        }
        let lowest = self.lowest_sorted_digit();
        for (d, counts) in self.counts.iter().enumerate().skip(from) {
            // A digit below the lowest sorted is counted done here: the runs' sort, which
            // puts those in order, is not counted (it moves a few hundred points a million).
            if d < lowest || counts.iter().any(|&c| c as usize == n) {
                if d < predicted {
                    self.done += n as u64;
                }
                continue;
            }
            let mut offsets = Box::new([0u32; RADIX]);
            let mut start = 0u32;
            for (offset, &c) in offsets.iter_mut().zip(counts) {
                *offset = start;
                start += c;
            }
            self.stage = Stage::Sort {
                digit: d,
                next: 0,
                offsets,
            };
            return;
        }
        self.stage = if lowest > 0 {
            Stage::Runs {
                next: 0,
                shift: lowest as u32 * DIGIT_BITS,
            }
        } else {
            self.after_sort()
        };
        // Nothing is moved any more: give back the buffer and the counts.
        self.spare = Vec::new();
        self.counts = Vec::new();
    }

    /// What follows the sort: the merge with a ring built before, if any.
    fn after_sort(&self) -> Stage {
        if self.reuse.is_some() {
            Stage::Merge
        } else {
            Stage::Sorted
        }
    }

    /// Puts in order the runs of about `budget` points (at least one run) whose positions
    /// agree above the digits the passes sorted by, each by a stable sort, so that the
    /// order is the one a sort of all the digits gives. Returns the points looked at.
    fn sort_runs(&mut self, budget: u64) -> u64 {
        let Stage::Runs { next, shift } = &mut self.stage else {
            return 0;
        };
        let (shift, n) = (*shift, self.points.len());
        let budget = usize::try_from(budget).unwrap_or(usize::MAX).max(1);
        let mut i = *next;
        while i < n && i - *next < budget {
            let above = |p: &RingPoint| p.position >> shift;
            let top = self.points.get(i).map(above);
            let run = (self.points.get(i..).unwrap_or_default().iter())
                .take_while(|p| Some(above(p)) == top)
                .count()
                .max(1);
            if run > 1 {
                if let Some(points) = self.points.get_mut(i..i + run) {
                    points.sort_by_key(super::position_of);
                }
            }
            i += run;
        }
        let looked = (i - *next) as u64;
        *next = i;
        if i >= n {
            self.stage = self.after_sort();
        }
        looked.max(1)
    }

    /// Moves about `budget` points (at least one) by the current digit.
    fn sort(&mut self, budget: u64) -> u64 {
        let Stage::Sort {
            digit: d,
            next,
            offsets,
        } = &mut self.stage
        else {
            return 0;
        };
        let n = self.points.len();
        let end = next
            .saturating_add(usize::try_from(budget).unwrap_or(usize::MAX).max(1))
            .min(n);
        for p in self.points.get(*next..end).unwrap_or_default() {
            let offset = &mut offsets[digit(p.position, *d)];
            if let Some(place) = self.spare.get_mut(*offset as usize) {
                *place = *p;
            }
            *offset += 1;
        }
        let moved = end.saturating_sub(*next) as u64;
        *next = end;
        self.done += moved;
        if end >= n {
            let following = *d + 1;
            std::mem::swap(&mut self.points, &mut self.spare);
            self.start_sort(following);
        }
        // A pass that found nothing left to move still ends, so the caller's loop goes on.
        moved.max(1)
    }
}

/// The work of the lookup index over `points` points (its entries and the points) and of
/// summing their arcs.
fn finishing_work(points: u64, space_bits: u32) -> u64 {
    IndexBuild::work(points as usize, space_bits) + points
}

/// The work of making `points` points in a space of `space_bits` and sorting them.
fn sorting_work(points: u64, space_bits: u32) -> u64 {
    points * (POINT_WORK + predicted_passes(space_bits) as u64)
}

/// The sort passes a hash's positions need: the digits below its width. A digit every point
/// shares is skipped when the sort reaches it, with its share of the progress.
fn predicted_passes(space_bits: u32) -> usize {
    (space_bits.div_ceil(DIGIT_BITS) as usize).min(DIGITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The passes sort by the three highest varying digits and the runs below them by a
    /// stable sort: on positions made to share their high bits in long runs (and to repeat
    /// exactly), in small steps, the order is a stable sort's of all 64 bits.
    #[test]
    fn runs_left_by_the_passes_end_in_a_stable_sort_of_every_bit() {
        let nodes: Vec<NodeSpec> = (0..10)
            .map(|i| NodeSpec::new(format!("n{i}"), 100))
            .collect();
        let mut build =
            RingBuild::virtual_nodes(&nodes, HashFn::Murmur3_64, Naming::Hash, 1_000).unwrap();
        while matches!(build.stage, Stage::Make { .. }) {
            build.work(POINT_WORK * 64);
        }
        // All made, none sorted yet: the stage is the first pass. Give the points
        // positions with 8 values in digits 3 to 5 (runs of about 1,250 points) and 8
        // below them in digits 0 and 1: 64 positions for 10,000 points, each repeated.
        assert!(matches!(build.stage, Stage::Sort { .. }));
        let mut rng = crate::keys::SplitMix64::new(3);
        for p in &mut build.points {
            let high = rng.below(2) << 60 | rng.below(2) << 50 | rng.below(2) << 40;
            p.position = high | rng.below(4) << 11 | rng.below(2);
        }
        let mut want = build.points.clone();
        want.sort_by_key(super::super::position_of);
        build.counts = vec![[0; RADIX]; DIGITS];
        for p in &build.points {
            for (d, counts) in build.counts.iter_mut().enumerate() {
                counts[digit(p.position, d)] += 1;
            }
        }
        // Digits 5, 4 and 3 are sorted by passes; 1 and 0 vary below them.
        assert_eq!(build.lowest_sorted_digit(), 3);
        build.start_sort(0);
        let mut steps = 0;
        while !build.is_finished() {
            build.work(97);
            steps += 1;
        }
        assert!(steps > 100, "{steps} steps");
        assert_eq!(build.points, want);
    }

    /// A small build's sort is a stable sort of the positions: in 64- and 32-bit spaces,
    /// on positions spread over the space, crowded into a few groups, repeated exactly, and
    /// (which no hash makes) past the space's width.
    #[test]
    fn a_small_sort_is_a_stable_sort_of_the_positions() {
        let mut rng = crate::keys::SplitMix64::new(7);
        for n in [0usize, 1, 2, 3, 100, 1_000, 4_096] {
            for (space_bits, spread) in [(64u32, 64u32), (64, 8), (32, 32), (32, 3), (16, 40)] {
                let points: Vec<RingPoint> = (0..n)
                    .map(|i| {
                        let position = if spread >= 64 {
                            rng.next_u64()
                        } else {
                            rng.below(1 << spread) << space_bits.saturating_sub(spread)
                                | rng.below(3)
                        };
                        RingPoint {
                            position,
                            owner: (i / 10) as NodeIndex,
                            replica: (i % 10) as u32,
                        }
                    })
                    .collect();
                let mut want = points.clone();
                want.sort_by_key(super::super::position_of);
                let mut got = points;
                sort_small(&mut got, space_bits);
                assert_eq!(got, want, "{n} points, {space_bits} bits, spread {spread}");
            }
        }
    }

    #[test]
    fn digits_cover_the_position() {
        let p = 0xfedc_ba98_7654_3210u64;
        let rebuilt = (0..DIGITS).fold(0u64, |acc, d| {
            acc | (digit(p, d) as u64) << (d as u32 * DIGIT_BITS)
        });
        assert_eq!(rebuilt, p);
        assert_eq!(predicted_passes(HashFn::Md5.bits()), 3);
        assert_eq!(predicted_passes(HashFn::Murmur3_64.bits()), 6);
        assert_eq!(predicted_passes(HashFn::Crc32Memcached.bits()), 2);
    }

    #[test]
    fn progress_ends_at_its_total_and_a_zero_budget_still_moves() {
        let nodes: Vec<NodeSpec> = (0..3)
            .map(|i| NodeSpec::new(format!("n{i}"), 100))
            .collect();
        let mut b = RingBuild::virtual_nodes(&nodes, HashFn::Fnv1a_64, Naming::Dash, 7).unwrap();
        assert_eq!(b.point_count(), 21);
        // Making and six passes of sorting, then the index (17 entries, 21 points) and the
        // arcs (21 points).
        assert_eq!(b.progress(), (0, 21 * (POINT_WORK + 6) + 17 + 21 + 21));
        let mut last = 0;
        let mut steps = 0;
        while !b.step(0) {
            let (done, total) = b.progress();
            assert!(
                done > last && done < total,
                "{done} of {total} after {last}"
            );
            last = done;
            steps += 1;
        }
        // A step of budget 0 makes one point, or moves POINT_WORK points in a pass.
        assert!(steps >= 21);
        assert_eq!(b.progress().0, b.progress().1);
        let ring = b.finish().unwrap();
        assert_eq!(
            ring,
            Ring::virtual_nodes(&nodes, HashFn::Fnv1a_64, Naming::Dash, 7).unwrap()
        );
    }
}
