//! Reading the values a user types into the lab's fields: weights, virtual-node counts,
//! the algorithms' whole-number parameters and ε. Each refusal names what is wrong and
//! what is allowed.

use ring_core::BuildError;

use super::message::{Msg, Quantity};

/// A node's weight: a whole number (the core checks its range and words the refusal).
pub(super) fn parse_weight(text: &str) -> Result<u32, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Msg::WeightEmpty);
    }
    match t.parse::<u64>() {
        // In range of u32: the core checks it and words the refusal.
        Ok(w) => u32::try_from(w).map_err(|_| Msg::WeightTooLarge { weight: w }),
        Err(_) => Err(Msg::WeightNotWhole {
            text: t.to_string(),
        }),
    }
}

/// A virtual-node count; empty means "the default" where `allow_default`.
pub(super) fn parse_vnodes(text: &str, allow_default: bool) -> Result<Option<u32>, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return if allow_default {
            Ok(None)
        } else {
            Err(Msg::VnodesEmpty)
        };
    }
    match t.parse::<u64>() {
        Ok(v) => u32::try_from(v)
            .map(Some)
            .map_err(|_| Msg::VnodesTooMany { vnodes: v }),
        Err(_) => Err(Msg::VnodesNotWhole {
            text: t.to_string(),
        }),
    }
}

/// One of the algorithms' whole-number parameters, `what`, in `min..=max`.
pub(super) fn parse_count_param(
    text: &str,
    what: Quantity,
    min: u32,
    max: u32,
) -> Result<u32, Msg> {
    let t = text.trim();
    match t.parse::<u64>() {
        // The core checks the finer rules (Maglev's prime) and words them.
        Ok(v) if v >= u64::from(min) && v <= u64::from(max) => Ok(v as u32),
        Ok(value) => Err(Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        }),
        Err(_) if t.is_empty() => Err(Msg::ParamEmpty { what, min, max }),
        Err(_) => Err(Msg::ParamNotWhole {
            what,
            text: t.to_string(),
            min,
            max,
        }),
    }
}

/// Bounded loads' ε: a number in `(0, MAX_EPSILON]`.
pub(super) fn parse_epsilon(text: &str) -> Result<f64, Msg> {
    let t = text.trim();
    match super::decimal::parse_f64(t) {
        // Checked here too, not only when bounded loads is built, so that a bad value is
        // refused where it was typed; the words are the core's.
        Some(e) if e > 0.0 && e <= ring_core::error::MAX_EPSILON => Ok(e),
        Some(e) => Err(Msg::Build(BuildError::BadEpsilon { epsilon: e })),
        None => Err(Msg::EpsilonNotNumber {
            text: t.to_string(),
        }),
    }
}
