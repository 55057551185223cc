//! A fixed table of slots, each owned by one node: seed 001's `HashUtil` (1024 virtual
//! slots dealt round-robin) and the shape of Redis Cluster's 16384 hash slots.
//!
//! - **Placement:** a key goes to slot `(hash(key) & 0x7fffffff) % slots` and belongs to
//!   that slot's owner. [`SlotTable::dealt`] gives slot `i` to node `i % n`, as the seed does.
//! - **Lookup cost:** O(1), one hash and one table read.
//! - **Memory:** 4 bytes per slot (4 KiB for 1024 slots, 64 KiB for 16384).
//! - **Leave** ([`SlotTable::with_left`]): the leaver's slots go to the owner of the next
//!   slot clockwise that it did not own (seed 001's `ceilingEntry` after `dropNode`, with the
//!   wrap past the last slot that the seed forgets); only the leaver's keys move.
//! - **Join** ([`SlotTable::with_joined`]): the newcomer takes `floor(slots / (n + 1))` slots
//!   from the largest holders, as Redis Cluster's rebalancing does; only keys of the slots
//!   it takes move, all onto it.
//! - Building a table afresh with [`SlotTable::dealt`] for a different node count deals
//!   every slot again and moves most keys: the transitions above are what keep it consistent.
//!
//! The table hashes keys with the configured hash. Redis Cluster itself uses CRC16
//! (XMODEM) with hash tags: [`redis_key_slot`] computes that slot for a caption, but
//! [`REDIS_CLUSTER_SLOTS`] is the slot count only.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::error::{self, BuildError, MAX_NODES, MAX_SLOTS};
use crate::hash::HashFn;
use crate::placement::{Explanation, NodeIndex, NodeSpec, Picture, Placement};
use crate::registry::{
    AlgoDocs, AlgoId, AlgoSpec, Algorithm, ParamKind, ParamSpec, Picture as Drawn,
};
use crate::Config;

/// `slots` in the registry.
pub static SPEC: AlgoSpec = AlgoSpec {
    params: &[ParamSpec {
        key: "slots",
        flag: "slots",
        unit: "slots",
        kind: ParamKind::Whole {
            min: 1,
            max: MAX_SLOTS,
            default: 1024,
            picture_default: None,
            prime: false,
        },
    }],
    work: |c, n| u64::from(c.algorithm.params.whole(0)) + n,
    slots_param: Some(0),
    ..AlgoSpec::plain("slots", Drawn::Table, build_spec)
};

/// What `SPEC` is, in English, for the command line (apart from the spec, so that the
/// app, which words it in its own catalogues, does not carry this text).
pub static DOCS: AlgoDocs = AlgoDocs {
    description: "A table of slots dealt to the nodes in turn (see --slots)",
    source: "the 1024-slot Java table of the notes 一致性哈希算法; 16384 slots as Redis Cluster",
    params: &["the number of slots"],
};

fn build_spec(config: &Config, nodes: &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError> {
    let slots = config.algorithm.params.whole(0);
    Ok(Box::new(SlotTable::dealt(
        nodes,
        config.effective_hash(),
        slots,
    )?))
}

impl Algorithm {
    /// A slot table of `slots` slots.
    pub fn slot_table(slots: u32) -> Algorithm {
        Algorithm::new(AlgoId::SlotTable).with(0, f64::from(slots))
    }
}

/// Seed 001's table: 1024 virtual slots.
pub const SEED_001_SLOTS: u32 = 1024;

/// Redis Cluster's slot count. Only the count: the table still hashes with the configured
/// hash, not Redis's CRC16 (see [`redis_key_slot`]).
pub const REDIS_CLUSTER_SLOTS: u32 = 16384;

/// The seed's key mask: Java's `hashCode() & 0x7FFFFFFF`, which keeps the `%` non-negative.
const KEY_MASK: u64 = 0x7fff_ffff;

/// A table of slots, each naming its owner. Immutable: joins and leaves return new tables.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotTable {
    hash: HashFn,
    node_count: u32,
    owners: Vec<NodeIndex>,
}

impl SlotTable {
    /// `slots` slots dealt round-robin in list order: slot `i` to node `i % n` (seed 001).
    /// With fewer slots than nodes, the last nodes hold none. Weights are ignored.
    pub fn dealt(nodes: &[NodeSpec], hash: HashFn, slots: u32) -> Result<Self, BuildError> {
        error::validate_nodes(nodes, 1)?;
        check_slots(slots)?;
        let n = node_count_of(nodes.len())?;
        SlotTable::from_owners((0..slots).map(|s| s % n).collect(), n, hash)
    }

    /// A table from its owners (slot `i` belongs to `owners[i]`), for `node_count` nodes
    /// keyed with `hash`. Nodes may hold no slot; every owner must be below `node_count`.
    pub fn from_owners(
        owners: Vec<NodeIndex>,
        node_count: u32,
        hash: HashFn,
    ) -> Result<Self, BuildError> {
        let slots = u32::try_from(owners.len()).unwrap_or(u32::MAX);
        check_slots(slots)?;
        if node_count == 0 {
            return Err(BuildError::NoNodes);
        }
        if node_count as usize > MAX_NODES {
            return Err(BuildError::TooManyNodes {
                count: node_count as usize,
            });
        }
        if let Some(&bad) = owners.iter().find(|&&o| o >= node_count) {
            return Err(BuildError::NoSuchNode { index: bad });
        }
        Ok(SlotTable {
            hash,
            node_count,
            owners,
        })
    }

    /// The owner of every slot, by slot number.
    pub fn owners(&self) -> &[NodeIndex] {
        &self.owners
    }

    /// The number of slots.
    pub fn slot_count(&self) -> u32 {
        self.owners.len() as u32
    }

    /// How many slots each node holds.
    pub fn slots_held(&self) -> Vec<u32> {
        let mut held = vec![0u32; self.node_count as usize];
        for &o in &self.owners {
            if let Some(h) = held.get_mut(o as usize) {
                *h += 1;
            }
        }
        held
    }

    /// The slot `key` falls in: `(hash(key) & 0x7fffffff) % slots`.
    pub fn slot_of(&self, key: &str) -> u32 {
        (self.key_position(key) % self.owners.len().max(1) as u64) as u32
    }

    /// The table after `node` leaves: each of its slots goes to the owner of the next slot
    /// clockwise (wrapping past the last slot) that `node` did not own, which is where seed
    /// 001's `ceilingEntry` sends the slot's keys once `dropNode` has removed the leaver's
    /// entries. If `node` held every slot, they all go to the next node in list order.
    /// Nodes after `node` are renumbered down by one, as when it is removed from the list.
    pub fn with_left(&self, node: NodeIndex) -> Result<SlotTable, BuildError> {
        if node >= self.node_count {
            return Err(BuildError::NoSuchNode { index: node });
        }
        if self.node_count == 1 {
            return Err(BuildError::NoNodes);
        }
        let len = self.owners.len();
        let mut owners = self.owners.clone();
        match self.owners.iter().rposition(|&o| o != node) {
            None => {
                let heir = (node + 1) % self.node_count;
                owners.iter_mut().for_each(|o| *o = heir);
            }
            Some(last_kept) => {
                // Walking counter-clockwise from a kept slot, `heir` is always the owner of
                // the nearest kept slot clockwise of the current one.
                let mut heir = self.owners[last_kept];
                for step in 1..=len {
                    let s = (last_kept + len - step) % len;
                    if self.owners[s] == node {
                        owners[s] = heir;
                    } else {
                        heir = self.owners[s];
                    }
                }
            }
        }
        for o in &mut owners {
            if *o > node {
                *o -= 1;
            }
        }
        SlotTable::from_owners(owners, self.node_count - 1, self.hash)
    }

    /// The table after `newcomer` joins as node `n` (the end of the list): it takes
    /// `floor(slots / (n + 1))` slots, one at a time from whichever node holds the most at
    /// that moment (ties: the lowest index), as Redis Cluster's rebalancing evens out slot
    /// counts. From each donor it takes that donor's lowest-numbered slots, as
    /// `redis-cli --cluster rebalance` moves a source's slots in ascending order. The
    /// newcomer's weight is ignored: the rebalance counts slots.
    pub fn with_joined(&self, newcomer: &NodeSpec) -> Result<SlotTable, BuildError> {
        error::validate_nodes(std::slice::from_ref(newcomer), 1)?;
        let new_index = self.node_count;
        let count = new_index as usize + 1;
        if count > MAX_NODES {
            return Err(BuildError::TooManyNodes { count });
        }
        let target = self.slot_count() / (new_index + 1);
        let mut heap: BinaryHeap<(u32, Reverse<NodeIndex>)> = self
            .slots_held()
            .into_iter()
            .enumerate()
            .map(|(i, held)| (held, Reverse(i as NodeIndex)))
            .collect();
        let mut take = vec![0u32; self.node_count as usize];
        for _ in 0..target {
            match heap.pop() {
                Some((held, Reverse(i))) if held > 0 => {
                    take[i as usize] += 1;
                    heap.push((held - 1, Reverse(i)));
                }
                _ => break,
            }
        }
        let mut owners = self.owners.clone();
        for o in &mut owners {
            if let Some(t) = take.get_mut(*o as usize) {
                if *t > 0 {
                    *t -= 1;
                    *o = new_index;
                }
            }
        }
        SlotTable::from_owners(owners, new_index + 1, self.hash)
    }
}

fn check_slots(slots: u32) -> Result<(), BuildError> {
    if (1..=MAX_SLOTS).contains(&slots) {
        Ok(())
    } else {
        Err(BuildError::BadSlots { slots })
    }
}

fn node_count_of(len: usize) -> Result<u32, BuildError> {
    u32::try_from(len).map_err(|_| BuildError::TooManyNodes { count: len })
}

impl Placement for SlotTable {
    fn node_count(&self) -> u32 {
        self.node_count
    }

    /// 31 bits (the mask), or fewer for a narrower hash.
    fn space_bits(&self) -> u32 {
        self.hash.bits().min(31)
    }

    /// `hash(key) & 0x7fffffff`, the value whose remainder picks the slot.
    fn key_position(&self, key: &str) -> u64 {
        self.hash.hash_str(key) & KEY_MASK
    }

    fn locate(&self, key: &str) -> NodeIndex {
        self.owners
            .get(self.slot_of(key) as usize)
            .copied()
            .unwrap_or(0)
    }

    fn locate_position(&self, position: u64) -> Option<NodeIndex> {
        let slot = position % self.owners.len().max(1) as u64;
        Some(self.owners.get(slot as usize).copied().unwrap_or(0))
    }

    fn explain(&self, key: &str) -> Explanation {
        let entry = self.slot_of(key);
        Explanation::TableEntry {
            hash: self.key_position(key),
            entry,
            owner: self.owners.get(entry as usize).copied().unwrap_or(0),
        }
    }

    fn picture(&self) -> Picture {
        Picture::Table {
            entries: self.owners.clone(),
        }
    }

    /// Slots held / slots.
    fn shares(&self) -> Vec<f64> {
        let total = f64::from(self.slot_count().max(1));
        self.slots_held()
            .into_iter()
            .map(|h| f64::from(h) / total)
            .collect()
    }

    fn memory_bytes(&self) -> u64 {
        (self.owners.len() * std::mem::size_of::<NodeIndex>()) as u64
    }
}

/// CRC16-XMODEM (polynomial 0x1021, initial value 0), the CRC Redis Cluster uses, from the
/// `crc` crate. A `static` so that its table is one copy, however many callers inline this.
static CRC16_XMODEM: crc::Crc<u16> = crc::Crc::<u16>::new(&crc::CRC_16_XMODEM);

/// CRC16-XMODEM of `data`, the hash of Redis Cluster's slots.
#[inline]
pub fn crc16_xmodem(data: &[u8]) -> u16 {
    CRC16_XMODEM.checksum(data)
}

/// The slot Redis Cluster gives `key`: `crc16(key) % 16384`, where a hash tag
/// ([`redis_hash_tag`]) replaces the key.
pub fn redis_key_slot(key: &str) -> u16 {
    crc16_xmodem(redis_hash_tag(key.as_bytes())) % REDIS_CLUSTER_SLOTS as u16
}

/// What Redis Cluster hashes of `key`: the text between the first `{` and the first `}`
/// after it, if that is not empty, or else the whole key (predis' `extractKeyTag` too).
pub(crate) fn redis_hash_tag(key: &[u8]) -> &[u8] {
    key.iter()
        .position(|&b| b == b'{')
        .and_then(|open| {
            let rest = &key[open + 1..];
            rest.iter()
                .position(|&b| b == b'}')
                .filter(|&close| close > 0)
                .map(|close| &rest[..close])
        })
        .unwrap_or(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::java_string_hash;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    fn named(names: &[String]) -> Vec<NodeSpec> {
        names.iter().map(|n| NodeSpec::new(n.clone(), 1)).collect()
    }

    fn seed_names() -> Vec<String> {
        (0..8).map(|i| format!("node_{i}")).collect()
    }

    /// Seed 001's `HashUtil`, written from the Java: a `TreeMap<Integer, String>` of 1024
    /// entries, `ceilingEntry` for lookups, `dropNode` deleting the node's entries.
    struct JavaHashUtil {
        v_node_map: BTreeMap<i32, String>,
    }

    impl JavaHashUtil {
        fn new() -> Self {
            let v_node_map = (0..1024).map(|i| (i, format!("node_{}", i % 8))).collect();
            JavaHashUtil { v_node_map }
        }

        fn get_real_server_node(&self, value: &str) -> Option<&str> {
            let code = (java_string_hash(value) & 0x7FFF_FFFF) % 1024;
            self.v_node_map
                .range(code..)
                .next()
                .map(|(_, v)| v.as_str())
        }

        fn drop_node(&mut self, name: &str) {
            let node = (0..8).find(|i| format!("node_{i}") == name).unwrap();
            self.v_node_map.retain(|k, _| k % 8 != node);
        }
    }

    #[test]
    fn reproduces_seed_001() {
        let names = seed_names();
        let table = SlotTable::dealt(&named(&names), HashFn::JavaString, SEED_001_SLOTS).unwrap();
        let mut java = JavaHashUtil::new();
        let key = "hello jason";
        let want = java.get_real_server_node(key).unwrap();
        assert_eq!(names[table.locate(key) as usize], want);

        java.drop_node("node_3");
        let after = table.with_left(3).unwrap();
        let left: Vec<String> = names.iter().filter(|n| *n != "node_3").cloned().collect();
        let want = java.get_real_server_node(key).unwrap();
        assert_eq!(left[after.locate(key) as usize], want);

        // Every key whose slot survives in Java's map agrees too.
        for i in 0..5000 {
            let key = format!("key-{i}");
            if let Some(want) = java.get_real_server_node(&key) {
                assert_eq!(left[after.locate(&key) as usize], want, "{key}");
            }
        }
    }

    #[test]
    fn slot_is_the_masked_hash_mod_slots() {
        // "hello jason" by hand: Java's hashCode, masked, mod 1024.
        let h = java_string_hash("hello jason");
        let want = ((h & 0x7FFF_FFFF) % 1024) as u32;
        let table = SlotTable::dealt(&named(&seed_names()), HashFn::JavaString, 1024).unwrap();
        assert_eq!(table.slot_of("hello jason"), want);
        match table.explain("hello jason") {
            Explanation::TableEntry { hash, entry, owner } => {
                assert_eq!(hash, u64::from((h & 0x7FFF_FFFF) as u32));
                assert_eq!(entry, want);
                assert_eq!(owner, want % 8);
            }
            other => panic!("wrong explanation {other:?}"),
        }
    }

    #[test]
    fn leaving_wraps_past_the_last_slot() {
        // Node 1 holds slots 1 and 3 of four; slot 3's next kept slot clockwise is slot 0.
        let table = SlotTable::from_owners(vec![0, 1, 2, 1], 3, HashFn::Murmur3_64).unwrap();
        let after = table.with_left(1).unwrap();
        // Slot 1 goes to slot 2's owner (2, now renumbered 1), slot 3 wraps to slot 0's (0).
        assert_eq!(after.owners(), &[0, 1, 1, 0]);
        assert_eq!(after.node_count(), 2);
    }

    #[test]
    fn a_leaver_holding_everything_hands_it_to_the_next_node() {
        let table = SlotTable::from_owners(vec![1, 1], 3, HashFn::Murmur3_64).unwrap();
        assert_eq!(table.with_left(1).unwrap().owners(), &[1, 1]);
        let table = SlotTable::from_owners(vec![2, 2], 3, HashFn::Murmur3_64).unwrap();
        assert_eq!(table.with_left(2).unwrap().owners(), &[0, 0]);
    }

    #[test]
    fn joining_takes_from_the_largest_holders_lowest_slots_first() {
        // Holdings 4, 2, 2 of 8 slots; the newcomer's target is floor(8 / 4) = 2: node 0
        // (4) gives one, drops to 3, still the largest, gives another.
        let table =
            SlotTable::from_owners(vec![0, 1, 0, 2, 0, 1, 0, 2], 3, HashFn::Murmur3_64).unwrap();
        let after = table.with_joined(&NodeSpec::new("new", 1)).unwrap();
        assert_eq!(after.owners(), &[3, 1, 3, 2, 0, 1, 0, 2]);
        assert_eq!(after.slots_held(), vec![2, 2, 2, 2]);
    }

    #[test]
    fn joining_evens_out_a_dealt_table() {
        let names: Vec<String> = (0..3).map(|i| format!("n{i}")).collect();
        let table = SlotTable::dealt(&named(&names), HashFn::Murmur3_64, 16384).unwrap();
        let after = table.with_joined(&NodeSpec::new("n3", 1)).unwrap();
        // 16384 / 4 = 4096 for the newcomer; 5462, 5461, 5461 before, taken from the
        // largest first, so 4096 each after.
        assert_eq!(after.slots_held(), vec![4096, 4096, 4096, 4096]);
    }

    #[test]
    fn rejects_bad_input() {
        let nodes = named(&seed_names());
        assert_eq!(
            SlotTable::dealt(&nodes, HashFn::JavaString, 0),
            Err(BuildError::BadSlots { slots: 0 })
        );
        assert_eq!(
            SlotTable::dealt(&nodes, HashFn::JavaString, MAX_SLOTS + 1),
            Err(BuildError::BadSlots {
                slots: MAX_SLOTS + 1
            })
        );
        assert_eq!(
            SlotTable::from_owners(vec![0, 3], 3, HashFn::JavaString),
            Err(BuildError::NoSuchNode { index: 3 })
        );
        assert_eq!(
            SlotTable::from_owners(vec![], 3, HashFn::JavaString),
            Err(BuildError::BadSlots { slots: 0 })
        );
        let one = SlotTable::from_owners(vec![0, 0], 1, HashFn::JavaString).unwrap();
        assert_eq!(one.with_left(0), Err(BuildError::NoNodes));
        assert_eq!(one.with_left(1), Err(BuildError::NoSuchNode { index: 1 }));
        assert!(one.with_joined(&NodeSpec::new("", 1)).is_err());
    }

    #[test]
    fn shares_and_picture() {
        let table = SlotTable::from_owners(vec![0, 0, 0, 1], 3, HashFn::JavaString).unwrap();
        assert_eq!(table.shares(), vec![0.75, 0.25, 0.0]);
        assert_eq!(
            table.picture(),
            Picture::Table {
                entries: vec![0, 0, 0, 1]
            }
        );
        assert_eq!(table.memory_bytes(), 16);
    }

    #[test]
    fn crc16_and_redis_slots() {
        // The check value of CRC-16/XMODEM, quoted by the Redis Cluster specification.
        assert_eq!(crc16_xmodem(b"123456789"), 0x31C3);
        // `CLUSTER KEYSLOT` examples from the Redis documentation.
        assert_eq!(redis_key_slot("somekey"), 11058);
        assert_eq!(redis_key_slot("foo{hash_tag}"), 2515);
        assert_eq!(redis_key_slot("bar{hash_tag}"), 2515);
        // The specification's hash-tag rules.
        let slot = |s: &str| crc16_xmodem(s.as_bytes()) % 16384;
        assert_eq!(redis_key_slot("{user1000}.following"), slot("user1000"));
        assert_eq!(redis_key_slot("foo{}{bar}"), slot("foo{}{bar}"));
        assert_eq!(redis_key_slot("foo{{bar}}zap"), slot("{bar"));
        assert_eq!(redis_key_slot("foo{bar}{zap}"), slot("bar"));
    }

    /// CRC-16/XMODEM a bit at a time, straight from its definition: the reference the
    /// `crc` crate's table is checked against.
    fn crc16_bitwise(data: &[u8]) -> u16 {
        data.iter().fold(0u16, |crc, &b| {
            (0..8).fold(crc ^ (u16::from(b) << 8), |crc, _| {
                if crc & 0x8000 != 0 {
                    (crc << 1) ^ 0x1021
                } else {
                    crc << 1
                }
            })
        })
    }

    fn keys() -> Vec<String> {
        (0..400).map(|i| format!("k{i}")).collect()
    }

    fn arbitrary_table() -> impl Strategy<Value = SlotTable> {
        (1u32..12).prop_flat_map(|n| {
            proptest::collection::vec(0..n, 1..300).prop_map(move |owners| {
                SlotTable::from_owners(owners, n, HashFn::Murmur3_64).unwrap()
            })
        })
    }

    proptest! {
        #[test]
        fn crc16_is_the_bitwise_definition(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            prop_assert_eq!(crc16_xmodem(&data), crc16_bitwise(&data));
        }
    }

    proptest! {
        #[test]
        fn leave_moves_only_the_leavers_keys(table in arbitrary_table(), pick in any::<u32>()) {
            prop_assume!(table.node_count() > 1);
            let leaver = pick % table.node_count();
            let after = table.with_left(leaver).unwrap();
            // Back to the old numbering: indices at or above the leaver's shift up.
            let old_index = |i: NodeIndex| if i >= leaver { i + 1 } else { i };
            for k in keys() {
                let before = table.locate(&k);
                let now = old_index(after.locate(&k));
                prop_assert_ne!(now, leaver);
                if before != leaver {
                    prop_assert_eq!(now, before, "{} moved", k);
                }
            }
        }

        #[test]
        fn leave_hands_slots_to_the_next_kept_slot(table in arbitrary_table(), pick in any::<u32>()) {
            prop_assume!(table.node_count() > 1);
            let leaver = pick % table.node_count();
            prop_assume!(table.owners().iter().any(|&o| o != leaver));
            let after = table.with_left(leaver).unwrap();
            let old = table.owners();
            let len = old.len();
            for s in 0..len {
                // Naive model: scan clockwise for the first slot the leaver did not own.
                let heir = (0..len).map(|d| old[(s + d) % len]).find(|&o| o != leaver).unwrap();
                let heir = if heir > leaver { heir - 1 } else { heir };
                prop_assert_eq!(after.owners()[s], heir);
            }
        }

        #[test]
        fn join_moves_keys_only_onto_the_newcomer(table in arbitrary_table()) {
            let after = table.with_joined(&NodeSpec::new("newcomer", 1)).unwrap();
            let new_index = table.node_count();
            let target = table.slot_count() / (new_index + 1);
            prop_assert_eq!(after.slots_held()[new_index as usize], target);
            for k in keys() {
                let now = after.locate(&k);
                prop_assert!(now == table.locate(&k) || now == new_index);
            }
            // No donor ends below a node that gave nothing (it took from the largest).
            let before = table.slots_held();
            let held = after.slots_held();
            let gave: Vec<bool> = before.iter().zip(&held).map(|(b, a)| a < b).collect();
            let min_donor = (0..before.len()).filter(|&i| gave[i]).map(|i| held[i]).min();
            let max_kept = (0..before.len()).filter(|&i| !gave[i]).map(|i| held[i]).max();
            if let (Some(d), Some(k)) = (min_donor, max_kept) {
                prop_assert!(d + 1 >= k, "donor left with {d}, non-donor holds {k}");
            }
        }
    }
}
