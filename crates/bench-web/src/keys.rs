//! The benchmark's keys and nodes, the same as the native peer benchmark's
//! (`crates/ring-core/benches/peers.rs`) and `ringlab move`'s: keys `user:<n>:<abc>` from
//! splitmix64, nodes `10.0.x.y:11211`. `bench/web/keys.js` ports the generator to JS for
//! hashring, and the page checks the two agree key for key before it times anything.

use ring_core::NodeSpec;

/// splitmix64 (Vigna's reference code): advances `state` and returns the next value.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key made from one generator value `x`: `user:<n>:<abc>` with n = (x >> 32) mod
/// 1,000,000 and letter k = 'a' + ((x >> 5k) & 31) mod 26, for k = 0, 1, 2.
pub fn key_from(x: u64) -> String {
    let n = (x >> 32) % 1_000_000;
    let letter = |k: u32| char::from(b'a' + (((x >> (5 * k)) & 31) % 26) as u8);
    format!("user:{n}:{}{}{}", letter(0), letter(1), letter(2))
}

/// `count` keys from a generator whose state starts at `seed`.
pub fn generate(count: u32, seed: u64) -> Vec<String> {
    let mut state = seed;
    (0..count)
        .map(|_| key_from(splitmix64(&mut state)))
        .collect()
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
    fn splitmix64_matches_the_reference_outputs() {
        // Vigna's splitmix64.c seeded with 0 starts with these three values.
        let mut state = 0;
        assert_eq!(splitmix64(&mut state), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(&mut state), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(splitmix64(&mut state), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn keys_follow_the_documented_formula() {
        // n = 12345; letters from the low 15 bits: a = 0, b = 27 (27 mod 26 = 1), z = 25.
        let x = (12_345u64 << 32) | (25 << 10) | (27 << 5);
        assert_eq!(key_from(x), "user:12345:abz");
        // The first key of seed 0 from the reference value above, worked by hand:
        // 0xe220a839 = 3793791033, mod 1e6 = 791033; low bits 0x...cdaf give
        // 0xf = 15 -> 'p', (0xcdaf >> 5) & 31 = 13 -> 'n', (0xcdaf >> 10) & 31 = 19 -> 't'.
        assert_eq!(generate(1, 0), ["user:791033:pnt"]);
        assert_eq!(generate(5, 7), generate(5, 7));
        assert_ne!(generate(5, 7), generate(5, 8));
    }

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
