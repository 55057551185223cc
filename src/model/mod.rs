//! The app's model: plain Rust, no web types, compiled and tested on every target.
//!
//! [`State`] is the whole state of the lab: the cluster (nodes with stable ids and colours,
//! some perhaps down), the algorithm and hash, the key set, the placement the core built
//! for them ([`Snapshot`]), and the last change with the keys it moved ([`Change`]).
//! [`State::apply`] is a pure transition: it checks an [`Action`], rebuilds the placement
//! through `ring_core::build`, and either returns the next state or an [`InputError`] that
//! names the control at fault and leaves everything as it was.

pub(crate) mod algo;
pub(crate) mod bucket_keep;
pub(crate) mod chord_view;
pub(crate) mod compare;
pub(crate) mod defaults;
pub(crate) mod display;
mod drawn;
pub(crate) mod embed;
pub(crate) mod export;
pub(crate) mod history;
pub(crate) mod job;
pub(crate) mod keys;
pub(crate) mod lang;
pub(crate) mod limits;
pub(crate) mod message;
pub(crate) mod node_id;
mod number;
pub mod palette;
pub(crate) mod paper;
pub(crate) mod quiz_view;
pub(crate) mod replication_view;
pub(crate) mod server_list;
pub(crate) mod slot_keep;
mod snapshot;
pub(crate) mod state;
pub(crate) mod system_config;
pub(crate) mod tasks;
pub(crate) mod tour;
pub(crate) mod traffic_view;
pub mod url;
pub(crate) mod view;
pub(crate) mod view_settings;
pub(crate) mod which_view;

pub(crate) use algo::{hash_name, AlgoId};
pub use palette::Rgb;
pub(crate) use snapshot::Snapshot;
pub(crate) use state::explain::ring_distance;
pub use state::State;
// Natively some of these are only the components' (wasm32 only) and some tests'.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub(crate) use state::{Action, Change, Field, InputError, KeySource, Node, NodeId};
pub(crate) use view::ViewKind;

#[cfg(test)]
mod input_tests;
// proptest does not build for wasm32: the model is fuzzed natively.
#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod fuzz_tests;
