//! The link's words: percent-encoding, quoting for messages, numbers, node lists, the
//! names of algorithms and hashes, and an algorithm's parameter values. Both the link's
//! reader (`url.rs`) and its `change=` (`change.rs`) read and write with these, and they
//! know neither.

use std::fmt::Write as _;

use ring_core::error::{MAX_VNODES, MAX_WEIGHT};
use ring_core::registry::{ParamKind, ParamRef, SystemId};
use ring_core::HashFn;

use crate::model::algo::AlgoId;
use crate::model::message::{Choice, Msg, Noun, Quantity, Ui};
use crate::model::number::{self, Sign, Whole};
use crate::model::palette::MARKS;

/// A node as a link describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SharedNode {
    /// Name.
    pub(crate) name: String,
    /// Weight.
    pub(crate) weight: u32,
    /// Own virtual-node count.
    pub(crate) vnodes: Option<u32>,
    /// Marked down.
    pub(crate) down: bool,
    /// Palette slot, when it is not the one the node takes in list order.
    pub(crate) colour: Option<u8>,
}

/// The refusal of `text`, which is not one of `all`.
pub(super) fn not_one_of(what: Choice, text: &str, all: &[&str]) -> Msg {
    Msg::NotOneOf {
        what,
        text: quoted(text),
        all: all.join(", "),
    }
}

/// How a list of algorithms (`compare=`, `change=algo:`) names `kind`: its id, or a
/// system's as `system:ID`, since a system may share an algorithm's id (go-zero).
pub(crate) fn kind_name(kind: AlgoId) -> String {
    match kind.system() {
        Some(system) => format!("{SYSTEM_PREFIX}{}", system.id()),
        None => kind.id().to_string(),
    }
}

const SYSTEM_PREFIX: &str = "system:";

/// A whole number in `min..=max`, written in plain decimal digits: at most 20 of them,
/// the most a `u64` has (a longer run is not a number the page wrote).
pub(super) fn read_u32(v: &str, what: impl Into<Noun>, min: u32, max: u32) -> Result<u32, Msg> {
    let what = what.into();
    let text = decode(v)?;
    let read = match number::whole(&text, Sign::DigitsOnly) {
        Whole::Value(_) | Whole::Huge if text.len() > 20 => Whole::Invalid,
        read => read,
    };
    match read {
        Whole::Value(n) if number::in_range(n, min, max).is_some() => Ok(n as u32),
        Whole::Value(_) | Whole::Huge => Err(Msg::OutOfRange {
            what,
            text,
            min,
            max,
        }),
        Whole::Empty | Whole::Invalid => Err(Msg::NotWhole {
            what,
            text: quoted(&text),
            min,
            max,
        }),
    }
}

pub(super) fn read_node(item: &str) -> Result<SharedNode, Msg> {
    let mut parts = item.split(':');
    let name = decode(parts.next().unwrap_or_default())?;
    let weight = match parts.next() {
        Some(w) => read_u32(w, Quantity::AWeight, 1, MAX_WEIGHT)?,
        None => {
            return Err(Msg::NoWeight {
                name: quoted(&name),
            })
        }
    };
    let mut node = SharedNode {
        name,
        weight,
        vnodes: None,
        down: false,
        colour: None,
    };
    for flag in parts {
        if flag == "down" && !node.down {
            node.down = true;
        } else if let (Some(v), None) = (flag.strip_prefix('v'), node.vnodes) {
            node.vnodes = Some(read_u32(v, Quantity::AVnodeCount, 1, MAX_VNODES)?);
        } else if let (Some(c), None) = (flag.strip_prefix('c'), node.colour) {
            let last = MARKS as u32 - 1;
            node.colour = Some(read_u32(c, Quantity::AColour, 0, last)? as u8);
        } else {
            return Err(Msg::BadFlag {
                flag: quoted(&decode_lossy(flag)),
            });
        }
    }
    Ok(node)
}

pub(super) fn write_nodes(nodes: &[SharedNode]) -> String {
    let mut out = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}:{}", encode(&n.name), n.weight);
        if let Some(v) = n.vnodes {
            let _ = write!(out, ":v{v}");
        }
        if let Some(c) = n.colour {
            let _ = write!(out, ":c{c}");
        }
        if n.down {
            out.push_str(":down");
        }
    }
    out
}

/// Percent-encodes everything but the unreserved characters of RFC 3986, byte by byte of
/// UTF-8, so the result survives in any part of a query.
pub(crate) fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Decodes percent escapes (and `+` as a space, as forms write it). A `%` not followed by
/// two hex digits, or bytes that are not UTF-8, are an error.
pub(crate) fn decode(raw: &str) -> Result<String, Msg> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = |b: u8| char::from(b).to_digit(16);
                let pair = bytes
                    .get(i + 1)
                    .copied()
                    .and_then(hex)
                    .zip(bytes.get(i + 2).copied().and_then(hex));
                match pair {
                    Some((hi, lo)) => out.push((hi * 16 + lo) as u8),
                    None => {
                        let bad: String = raw[i..].chars().take(3).collect();
                        return Err(Msg::BadEscape { text: quoted(&bad) });
                    }
                }
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| Msg::Ui(Ui::NotUtf8))
}

/// Decodes what can be decoded, for messages about text that is itself damaged.
pub(super) fn decode_lossy(raw: &str) -> String {
    decode(raw).unwrap_or_else(|_| raw.to_string())
}

/// `text` in quotes for a message, cut short if long.
pub(super) fn quoted(text: &str) -> String {
    const MAX_CHARS: usize = 40;
    let mut short: String = text.chars().take(MAX_CHARS).collect();
    if text.chars().count() > MAX_CHARS {
        short.push('…');
    }
    format!("“{short}”")
}

/// The algorithm or system a link names (`ketama`, `system:nginx`).
pub(crate) fn algo_named(v: &str) -> Result<AlgoId, Msg> {
    let text = decode(v)?;
    let system = |id: &str| SystemId::from_id(id).map(SystemId::algo);
    match text.strip_prefix(SYSTEM_PREFIX) {
        Some(id) => system(id),
        None => AlgoId::from_name(&text).or_else(|| system(&text)),
    }
    .ok_or_else(|| not_one_of(Choice::Algorithm, &text, &AlgoId::ids()))
}

/// The hash a link names.
pub(crate) fn hash_named(v: &str) -> Result<HashFn, Msg> {
    let text = decode(v)?;
    HashFn::ALL
        .into_iter()
        .find(|h| h.name() == text)
        .ok_or_else(|| {
            let all: Vec<&str> = HashFn::ALL.iter().map(|h| h.name()).collect();
            not_one_of(Choice::Hash, &text, &all)
        })
}

/// An algorithm's parameter in a link: its registry key (`table=1021`), read and written
/// from the registry's ranges and defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AlgoParam(pub(crate) ParamRef);

impl AlgoParam {
    /// Every algorithm's parameters.
    pub(crate) fn all() -> impl Iterator<Item = AlgoParam> {
        ParamRef::all().map(AlgoParam)
    }

    /// Its name in the query.
    pub(crate) fn name(self) -> &'static str {
        self.0.spec().key
    }

    /// The raw value read, or why not.
    pub(crate) fn value_of(self, v: &str) -> Result<f64, Msg> {
        let param = self.0;
        let value = match param.spec().kind {
            ParamKind::Whole { min, max, .. } => {
                // Whether Maglev's must be a prime depends on the algorithm: checked after
                // every parameter is read.
                f64::from(read_u32(v, Noun::Param(param), min, max)?)
            }
            ParamKind::Real { above, max, .. } => {
                let text = decode(v)?;
                number::real(&text, above, max).map_err(|_| Msg::RealOutOfRange {
                    what: param,
                    text: quoted(&text),
                })?
            }
            ParamKind::Choice { options, .. } => {
                let text = decode(v)?;
                let i = param
                    .spec()
                    .option(&text)
                    .ok_or_else(|| not_one_of(Choice::Param(param), &text, options))?;
                i as f64
            }
        };
        Ok(value)
    }
}

/// Longest explained key (the model refuses longer ones).
pub(super) const MAX_EXPLAIN_BYTES: usize = crate::model::limits::MAX_LOOKUP_KEY_BYTES;

/// A key in a link (the one explained, or one typed into a view): at most the length the
/// lab looks up.
pub(super) fn read_key(v: &str) -> Result<String, Msg> {
    let key = decode(v)?;
    if key.len() > MAX_EXPLAIN_BYTES {
        return Err(Msg::ExplainTooLong {
            bytes: key.len(),
            max: MAX_EXPLAIN_BYTES,
        });
    }
    Ok(key)
}
