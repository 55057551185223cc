//! A node's identity, below every type that names a node (the snapshot, the views'
//! settings, the state).

/// A node's identity, stable across every change (indices in the core shift when a node
/// leaves; ids do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);
