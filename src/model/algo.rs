//! The algorithms as the app offers them: a kind chosen from a menu plus the parameters it
//! remembers, turned into the core's [`Algorithm`] on demand.

use ring_core::ketama::Weighting;
use ring_core::ring::Naming;
use ring_core::Algorithm;

/// An algorithm the user can pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlgoKind {
    /// `hash % n`.
    Modulo,
    /// A ring, one point per node.
    SinglePoint,
    /// A ring with virtual nodes.
    Virtual,
    /// go-zero's ring.
    GoZero,
    /// ketama.
    Ketama,
    /// A slot table dealt to the nodes.
    SlotTable,
    /// Jump consistent hash.
    Jump,
    /// Maglev's lookup table.
    Maglev,
    /// Rendezvous hashing.
    Rendezvous,
    /// Bounded loads over a virtual-node ring.
    Bounded,
}

impl AlgoKind {
    /// Every algorithm, in menu order.
    pub const ALL: [AlgoKind; 10] = [
        AlgoKind::Virtual,
        AlgoKind::SinglePoint,
        AlgoKind::Ketama,
        AlgoKind::GoZero,
        AlgoKind::Bounded,
        AlgoKind::Modulo,
        AlgoKind::Jump,
        AlgoKind::SlotTable,
        AlgoKind::Maglev,
        AlgoKind::Rendezvous,
    ];

    /// A stable identifier (menu values, test ids).
    pub fn id(self) -> &'static str {
        match self {
            AlgoKind::Modulo => "modulo",
            AlgoKind::SinglePoint => "single",
            AlgoKind::Virtual => "virtual",
            AlgoKind::GoZero => "go-zero",
            AlgoKind::Ketama => "ketama",
            AlgoKind::SlotTable => "slots",
            AlgoKind::Jump => "jump",
            AlgoKind::Maglev => "maglev",
            AlgoKind::Rendezvous => "rendezvous",
            AlgoKind::Bounded => "bounded",
        }
    }

    /// The kind whose [`AlgoKind::id`] is `id`.
    pub fn from_id(id: &str) -> Option<AlgoKind> {
        AlgoKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            AlgoKind::Modulo => "Modulo (hash mod n)",
            AlgoKind::SinglePoint => "Ring, one point per node",
            AlgoKind::Virtual => "Ring with virtual nodes",
            AlgoKind::GoZero => "go-zero ring",
            AlgoKind::Ketama => "ketama",
            AlgoKind::SlotTable => "Slot table",
            AlgoKind::Jump => "Jump consistent hash",
            AlgoKind::Maglev => "Maglev lookup table",
            AlgoKind::Rendezvous => "Rendezvous (highest random weight)",
            AlgoKind::Bounded => "Bounded loads (ring with a cap)",
        }
    }

    /// One sentence on how it places a key.
    pub fn describe(self) -> &'static str {
        match self {
            AlgoKind::Modulo => "A key goes to node hash mod n: adding one node moves almost every key.",
            AlgoKind::SinglePoint => "Each node sits at one point on the ring; a key goes to the first node clockwise.",
            AlgoKind::Virtual => "Each node sits at many points (virtual nodes); a key goes to the first point clockwise.",
            AlgoKind::GoZero => "go-zero's core/hash ring: MurmurHash3, at least 100 replicas per node, weights in percent.",
            AlgoKind::Ketama => "libketama's ring: MD5 of \"server-i\", 4 points per digest, 160 points per server scaled by weight.",
            AlgoKind::SlotTable => "A fixed table of slots dealt to the nodes in turn; a key goes to the owner of slot hash mod slots.",
            AlgoKind::Jump => "Nodes are numbered buckets 0..n; only the last bucket can leave.",
            AlgoKind::Maglev => "Each node fills the lookup table by its own permutation; a key goes to the owner of entry hash mod size.",
            AlgoKind::Rendezvous => "Every node scores the key; the highest score wins.",
            AlgoKind::Bounded => "A virtual-node ring where no node takes more than (1 + ε) × the mean load: full nodes pass keys on clockwise.",
        }
    }

    /// What a node's weight means here, or `None` if the algorithm ignores weights.
    pub fn weight_meaning(self) -> Option<&'static str> {
        match self {
            AlgoKind::Virtual | AlgoKind::Bounded => {
                Some("percent of the virtual-node count (100 = as set)")
            }
            AlgoKind::GoZero => Some("percent of the replicas (100 = all)"),
            AlgoKind::Ketama => Some("server memory: points in proportion"),
            AlgoKind::Maglev | AlgoKind::Rendezvous => Some("relative share"),
            AlgoKind::Modulo | AlgoKind::SinglePoint | AlgoKind::SlotTable | AlgoKind::Jump => None,
        }
    }

    /// Whether a node's own virtual-node count (and the default count) matters.
    pub fn uses_vnodes(self) -> bool {
        matches!(self, AlgoKind::Virtual | AlgoKind::Bounded)
    }
}

/// The parameters every algorithm keeps, so switching back and forth loses nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlgoParams {
    /// Virtual-node naming of the virtual-node ring.
    pub naming: Naming,
    /// ketama's weight formula.
    pub weighting: Weighting,
    /// go-zero's replicas.
    pub replicas: u32,
    /// Slots of the slot table.
    pub slots: u32,
    /// Maglev's table size (a prime).
    pub table_size: u32,
    /// Bounded loads' ε.
    pub epsilon: f64,
}

impl Default for AlgoParams {
    fn default() -> Self {
        AlgoParams {
            naming: Naming::Hash,
            weighting: Weighting::Libketama,
            replicas: 100,
            // Small enough that every slot or entry is visible on the canvas.
            slots: 1024,
            table_size: 1021,
            epsilon: 0.25,
        }
    }
}

impl AlgoParams {
    /// The core's algorithm for `kind` with these parameters.
    pub fn algorithm(&self, kind: AlgoKind) -> Algorithm {
        match kind {
            AlgoKind::Modulo => Algorithm::Modulo,
            AlgoKind::SinglePoint => Algorithm::SinglePoint,
            AlgoKind::Virtual => Algorithm::Virtual {
                naming: self.naming,
            },
            AlgoKind::GoZero => Algorithm::GoZero {
                replicas: self.replicas,
            },
            AlgoKind::Ketama => Algorithm::Ketama {
                weighting: self.weighting,
            },
            AlgoKind::SlotTable => Algorithm::SlotTable { slots: self.slots },
            AlgoKind::Jump => Algorithm::Jump,
            AlgoKind::Maglev => Algorithm::Maglev {
                table_size: self.table_size,
            },
            AlgoKind::Rendezvous => Algorithm::Rendezvous,
            AlgoKind::Bounded => Algorithm::Bounded {
                epsilon: self.epsilon,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_cover_every_algorithm() {
        for k in AlgoKind::ALL {
            assert_eq!(AlgoKind::from_id(k.id()), Some(k));
        }
        let p = AlgoParams::default();
        let rings: Vec<AlgoKind> = AlgoKind::ALL
            .into_iter()
            .filter(|&k| p.algorithm(k).is_ring())
            .collect();
        assert_eq!(rings.len(), 5);
        assert!(AlgoKind::from_id("nope").is_none());
    }
}
