//! The benchmark's keys and nodes, the same as the native peer benchmark's
//! (`crates/ring-core/benches/peers.rs`) and `ringlab move`'s: keys `user:<n>:<abc>` from
//! splitmix64, nodes `10.0.x.y:11211`. `bench/web/keys.js` ports the generator to JS for
//! hashring, and the page checks the two agree key for key before it times anything.

use ring_core::NodeSpec;

pub use ring_core::keys::key_from;

/// `count` keys from a generator whose state starts at `seed` (ring-core's generator).
pub fn generate(count: u32, seed: u64) -> Vec<String> {
    ring_core::keys::generate(u64::from(count), seed)
}

/// The name of node `i`: `10.0.<i / 256>.<i % 256>:11211`.
pub fn node_name(i: u32) -> String {
    format!("10.0.{}.{}:11211", i / 256, i % 256)
}

/// Nodes `first .. first + count`, equal weights, each with the configuration's default
/// virtual-node count.
pub fn nodes(first: u32, count: u32) -> Vec<NodeSpec> {
    (first..first.saturating_add(count))
        .map(|i| NodeSpec::new(node_name(i), 100))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_names_count_up_through_the_third_octet() {
        assert_eq!(node_name(0), "10.0.0.0:11211");
        assert_eq!(node_name(257), "10.0.1.1:11211");
        let specs = nodes(9, 3);
        let names: Vec<&str> = specs.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(
            names,
            ["10.0.0.9:11211", "10.0.0.10:11211", "10.0.0.11:11211"]
        );
    }
}
