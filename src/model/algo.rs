//! The algorithms as the app offers them: the registry's [`AlgoId`] chosen from a menu,
//! plus the parameters every algorithm remembers, turned into the core's [`Algorithm`] on
//! demand.

pub(crate) use ring_core::registry::AlgoId;
use ring_core::registry::{ParamRef, Params};
use ring_core::Algorithm;

/// The parameters of every algorithm, so switching back and forth loses nothing. They start
/// at the registry's picture defaults (Maglev's table small enough that every entry shows).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AlgoParams([Params; AlgoId::ALL.len()]);

impl Default for AlgoParams {
    fn default() -> Self {
        AlgoParams(AlgoId::ALL.map(|a| Params::picture_defaults(a.spec())))
    }
}

impl AlgoParams {
    /// The core's algorithm for `kind` with these parameters.
    pub(crate) fn algorithm(&self, kind: AlgoId) -> Algorithm {
        Algorithm {
            id: kind,
            params: self.0[kind as usize],
        }
    }

    /// A parameter's value.
    pub(crate) fn get(&self, param: ParamRef) -> f64 {
        self.0[param.algo as usize].get(usize::from(param.index))
    }

    /// The same parameters with one changed.
    pub(crate) fn with(mut self, param: ParamRef, value: f64) -> AlgoParams {
        let slot = &mut self.0[param.algo as usize];
        *slot = slot.with(usize::from(param.index), value);
        self
    }

    /// The slot count of `kind`, if its slots are handed over from change to change (the
    /// slot table's: a table of this many slots keeps its owners).
    pub(crate) fn slots(&self, kind: AlgoId) -> Option<u32> {
        let param = kind.spec().slots_param?;
        Some(self.algorithm(kind).params.whole(param))
    }
}

/// The name of the hash `kind` places keys with under `config`: the configured or fixed
/// one, or a real system's own ([`ring_core::systems::SystemSpec::key_hash`]).
pub(crate) fn hash_name(kind: AlgoId, config: &ring_core::Config) -> &'static str {
    match kind.system() {
        Some(system) => system.spec().key_hash,
        None => config.effective_hash().name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_starts_at_its_picture_defaults() {
        let p = AlgoParams::default();
        for param in ParamRef::all() {
            assert_eq!(p.get(param), param.spec().picture_default());
        }
        assert_eq!(p.algorithm(AlgoId::Maglev).params.whole(0), 1021);
        let changed = p.with(ParamRef::new(AlgoId::SlotTable, 0), 64.0);
        assert_eq!(changed.slots(AlgoId::SlotTable), Some(64));
        assert_eq!(p.slots(AlgoId::SlotTable), Some(1024));
        assert_eq!(p.slots(AlgoId::Maglev), None);
    }
}
