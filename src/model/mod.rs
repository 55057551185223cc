//! The app's model: plain Rust, no web types, compiled and tested on every target.
//!
//! [`State`] is the whole state of the lab: the cluster (nodes with stable ids and colours,
//! some perhaps down), the algorithm and hash, the key set, the placement the core built
//! for them ([`Snapshot`]), and the last change with the keys it moved ([`Change`]).
//! [`State::apply`] is a pure transition: it checks an [`Action`], rebuilds the placement
//! through `ring_core::build`, and either returns the next state or an [`InputError`] that
//! names the control at fault and leaves everything as it was.

pub mod algo;
pub mod chord_view;
pub mod compare;
pub mod decimal;
pub mod defaults;
pub mod display;
mod drawn;
pub mod export;
pub mod job;
pub mod keys;
pub mod lang;
pub mod limits;
pub mod message;
mod number;
pub mod palette;
pub mod paper;
pub mod replication_view;
pub mod slot_keep;
mod snapshot;
mod state;
pub mod tour;
pub mod url;
pub mod view;

pub use algo::{AlgoId, AlgoParams};
pub use palette::Rgb;
pub use snapshot::{Change, KeyMove, NodeInfo, Snapshot};
pub use state::{
    ring_distance, Action, Explained, Field, InputError, KeySet, KeySource, Node, NodeId, State,
};
pub use view::ViewKind;

#[cfg(test)]
mod input_tests;
// proptest does not build for wasm32: the model is fuzzed natively.
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod fuzz_tests;
