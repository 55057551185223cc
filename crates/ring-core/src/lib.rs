//! # ring-core
//!
//! Consistent-hashing placement algorithms, computed exactly as the implementations they
//! name compute them, with the metrics and pictures a visualizer needs. No I/O, no web
//! dependencies, no randomness at run time: the same input gives the same answer on a
//! 64-bit host and on `wasm32-unknown-unknown`.
//!
//! ## Overview
//!
//! - [`hash`]: the hash functions ([`HashFn`]): MD5 as ketama uses it, MurmurHash3, FNV,
//!   Java's `String.hashCode`, the Java memcached client's CRC32.
//! - [`Algorithm`] and [`Config`] choose a placement; [`build`] turns a [`Config`] and a
//!   list of [`NodeSpec`]s into a [`Placement`], the common interface of every algorithm:
//!   locate one key, assign many, explain a lookup, describe the picture, report shares.
//! - The algorithms, one module each: [`modulo`], [`ring`] (one point per node, virtual
//!   nodes, the seeds' naming schemes), [`gozero`], [`ketama`], [`slots`], [`jump`],
//!   [`maglev`], [`rendezvous`], [`bounded`].
//! - Bucket algorithms, a 64-bit key onto buckets `0..n`: [`jump`], [`jumpback`],
//!   [`fliphash`], [`binomial`], [`power`] (functions of `n`), and [`anchor`], [`dx`],
//!   [`memento`] (engines from which any bucket can be removed), listed once in
//!   [`buckets`] ([`buckets::BucketAlgo`], [`buckets::BucketEngine`]).
//! - [`replication`]: preference lists of R distinct nodes; [`chord`]: finger tables and
//!   lookup paths; [`metrics`]: loads, R1/R2/R3, peak-to-mean, the diff of two assignments.
//! - [`systems`]: real systems exact to their sources (nginx, HAProxy, Envoy, twemproxy,
//!   Redis Cluster, Cassandra, groupcache, stathat, Guava, the memcached clients, Ceph,
//!   Varnish, RabbitMQ), listed once in [`systems::SystemId`], with their hashes in
//!   [`system_hash`] ([`xxh64`], [`sha1`], [`sdbm`], [`twemproxy_fnv`],
//!   [`cassandra_murmur3`], [`crush`], [`erlang`]).
//! - [`study`]: the balance study of seed 003, one cell (node count × virtual nodes) at a
//!   time, shared by `ringlab balance` and the web app.
//! - [`comparison`]: the field's comparison table of issue 14 (balance with `100 × n` keys
//!   and of the key space, monotonicity under removals and restores, memory, build and
//!   lookup times), one algorithm and node count at a time, for `ringlab study`.
//! - [`traffic`]: what a change costs: Zipf requests over the keys, an LRU cache per node,
//!   the backing store's load, replicas' failover and bounded loads' request cap, per time
//!   bucket, in slices, for `ringlab simulate` and the app.
//! - Many keys, kept across changes: [`Placement::key_positions`] hashes them once and
//!   [`Placement::assign_positions`] places them again; [`Placement::joined`] and
//!   [`Placement::left`] update a ring by merging; [`delta`] finds the keys a join or leave
//!   moved by looking only at the arcs that changed.
//!
//! Node indices ([`NodeIndex`]) are positions in the slice given to [`build`]; callers that
//! keep stable identities map them back.
//!
//! ## Example
//!
//! ```
//! use ring_core::{build, Algorithm, Config, NodeSpec};
//!
//! let nodes = vec![
//!     NodeSpec::new("127.0.0.1:11211", 600),
//!     NodeSpec::new("127.0.0.1:11212", 400),
//! ];
//! let ketama = build(&Config::new(Algorithm::ketama()), &nodes).unwrap();
//! assert_eq!(ketama.picture().ring_points().len(), 320);
//! assert_eq!(ketama.locate("test"), 0); // 127.0.0.1:11211, as libketama says
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// Declares a fieldless enum, with its attributes and doc comments, and gives it
/// `ALL`: every variant, in declaration order. So `v as usize` is `v`'s place in `ALL`,
/// and a list of every variant cannot miss one or disagree with the declaration (menus
/// show `ALL` in that order; the app's word tables are indexed by `as usize`). Variants
/// take no explicit discriminants.
///
/// ```
/// ring_core::listed_enum! {
///     /// A colour.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
///     pub enum Colour {
///         /// The first.
///         #[default]
///         Red,
///         Green,
///     }
/// }
/// assert_eq!(Colour::ALL, [Colour::Red, Colour::Green]);
/// assert_eq!(Colour::Green as usize, 1);
/// ```
#[macro_export]
macro_rules! listed_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $(
                $(#[$variant_meta])*
                $variant,
            )*
        }

        impl $name {
            /// Every variant, in declaration order (`v as usize` is `v`'s place here).
            $vis const ALL: [$name; [$(stringify!($variant)),*].len()] = [$($name::$variant),*];
        }
    };
}

pub mod anchor;
pub mod binomial;
pub mod bounded;
pub mod bucket_error;
pub mod bucket_placement;
pub mod buckets;
pub mod cassandra_murmur3;
pub mod chord;
pub mod comparison;
pub mod crc32c;
pub mod crush;
pub mod delta;
pub mod dx;
pub mod erlang;
pub mod error;
pub mod fliphash;
pub mod gozero;
pub mod hash;
pub mod jump;
pub mod jumpback;
pub mod ketama;
pub mod keys;
pub mod maglev;
pub mod memento;
pub mod metrics;
pub mod modulo;
pub mod multiprobe;
pub mod one_at_a_time;
pub mod power;
pub mod quiz;
pub mod registry;
pub mod rendezvous;
pub mod replication;
pub mod ring;
pub mod sdbm;
pub mod sha1;
pub mod siphash;
pub mod slots;
pub mod study;
pub mod system_hash;
pub mod systems;
pub mod trace;
pub mod traffic;
pub mod twemproxy_fnv;
pub mod xxh64;

mod fastmod;
mod placement;

pub use error::BuildError;
pub use hash::HashFn;
pub use placement::{
    build, Algorithm, Config, Explanation, NodeIndex, NodeSpec, Picture, Placement, RingPoint,
};
