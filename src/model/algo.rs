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

    /// Whether a node's weight changes the placement (what it means is
    /// [`crate::i18n::Msg::WeightMeaning`]).
    pub fn uses_weight(self) -> bool {
        !matches!(
            self,
            AlgoKind::Modulo | AlgoKind::SinglePoint | AlgoKind::SlotTable | AlgoKind::Jump
        )
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
            AlgoKind::Modulo => Algorithm::modulo(),
            AlgoKind::SinglePoint => Algorithm::single_point(),
            AlgoKind::Virtual => Algorithm::virtual_nodes(self.naming),
            AlgoKind::GoZero => Algorithm::go_zero(self.replicas),
            AlgoKind::Ketama => Algorithm::ketama_with(self.weighting),
            AlgoKind::SlotTable => Algorithm::slot_table(self.slots),
            AlgoKind::Jump => Algorithm::jump(),
            AlgoKind::Maglev => Algorithm::maglev(self.table_size),
            AlgoKind::Rendezvous => Algorithm::rendezvous(),
            AlgoKind::Bounded => Algorithm::bounded(self.epsilon),
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
