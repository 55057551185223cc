//! The first example, in one place: what [`State::initial`](super::State::initial) builds
//! and what a link leaves out ([`Shared::default`](super::url::Shared)), so that a page
//! opened without parameters shows the first state by construction. (How many keys are
//! drawn as dots at first is [`MAX_DRAWN`](super::limits::MAX_DRAWN), with the limits.)

use ring_core::HashFn;

use super::algo::AlgoId;
use super::view::ViewKind;

/// The first nodes' names.
pub(crate) const NODES: [&str; 4] = ["cache-a", "cache-b", "cache-c", "cache-d"];
/// The first nodes' weight.
pub(crate) const WEIGHT: u32 = 100;
/// The first algorithm.
pub(crate) const KIND: AlgoId = AlgoId::Virtual;
/// The first hash.
pub(crate) const HASH: HashFn = HashFn::Murmur3_64;
/// The default virtual-node count: few enough points to see each one on the ring.
pub(crate) const VNODES: u32 = 16;
/// The first key set's count (also what stands in for pasted keys a link left out).
pub(crate) const KEYS: u32 = 10_000;
/// The first key set's seed.
pub(crate) const SEED: u64 = 42;
/// The first view.
pub(crate) const VIEW: ViewKind = ViewKind::Explore;
/// The tour's first step.
pub(crate) const TOUR_STEP: u32 = 1;
/// The key whose replicas and Chord lookup the tour shows.
pub(crate) const TOUR_KEY: &str = "user:42";
