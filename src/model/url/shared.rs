//! What a link or a stored state carries ([`Shared`], [`Parsed`]) and what a query
//! parameter is ([`Param`]): the types the link's reader (`url.rs`) and the views'
//! parameters (`views.rs`) both use, below them.

use std::rc::Rc;

use ring_core::HashFn;

use super::change::SharedChange;
use super::codec::SharedNode;
use crate::model::algo::{AlgoId, AlgoParams};
use crate::model::defaults;
use crate::model::keys::MAX_DRAWN;
use crate::model::lang::Lang;
use crate::model::message::Msg;
use crate::model::view::ViewKind;
use crate::model::view_settings::ViewSettings;

/// Pasted keys go into a link only up to this many bytes of encoded list.
pub(crate) const LINK_PASTE_BYTES: usize = 2_000;
/// Pasted keys go into the browser's storage up to this many bytes.
pub(crate) const STORED_PASTE_BYTES: usize = 1_500_000;

ring_core::listed_enum! {
    /// The theme a page was set to; no choice follows the system.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) enum ThemeChoice {
        /// Light.
        Light,
        /// Dark.
        Dark,
    }
}

impl ThemeChoice {
    /// From the page's "dark" flag.
    pub(crate) fn from_dark(dark: bool) -> ThemeChoice {
        if dark {
            ThemeChoice::Dark
        } else {
            ThemeChoice::Light
        }
    }

    /// Whether it is the dark theme.
    pub(crate) fn is_dark(self) -> bool {
        self == ThemeChoice::Dark
    }
}

ring_core::listed_enum! {
    /// How an embedded page is laid out.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Embed {
        /// The whole lab, compact (`?embed`).
        Full,
        /// Only the ring (`?embed=ring`).
        Ring,
        /// Only the charts (`?embed=chart`).
        Chart,
    }
}

impl Embed {
    /// The value in a link (and of the page's `data-embed` attribute).
    pub(crate) fn id(self) -> &'static str {
        match self {
            Embed::Full => "full",
            Embed::Ring => "ring",
            Embed::Chart => "chart",
        }
    }
}

/// The keys as a link describes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SharedKeys {
    /// `count` keys generated from `seed`.
    Generated {
        /// How many.
        count: u32,
        /// The seed.
        seed: u64,
    },
    /// Pasted keys, carried whole; shared with the state's key set, since a description
    /// is taken after every change and a million keys are not copied each time.
    Pasted(Rc<Vec<String>>),
    /// This many pasted keys, too many for a link: the page uses generated keys instead.
    Omitted(u32),
}

/// Everything a link or a stored state carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    /// The algorithm.
    pub(crate) kind: AlgoId,
    /// Every algorithm's parameters.
    pub(crate) params: AlgoParams,
    /// The hash picked.
    pub(crate) hash: HashFn,
    /// The default virtual-node count.
    pub(crate) default_vnodes: u32,
    /// The nodes, in list order.
    pub(crate) nodes: Vec<SharedNode>,
    /// The keys.
    pub(crate) keys: SharedKeys,
    /// How many keys are drawn as dots (`drawn=`, left out at the default [`MAX_DRAWN`]).
    pub(crate) drawn: u32,
    /// The key being explained (empty: none).
    pub(crate) explain: String,
    /// "Ask me first" (`ask=1`).
    pub(crate) ask_first: bool,
    /// The slot table's owners as positions in `nodes`, when not the round-robin deal.
    pub(crate) slot_map: Option<Vec<u32>>,
    /// The view.
    pub(crate) view: ViewKind,
    /// The tour's step.
    pub(crate) step: u32,
    /// The last change, made on opening to the state the rest describes.
    pub(crate) change: Option<SharedChange>,
    /// The changes before the last, oldest first (`history=`), made on opening before it.
    pub(crate) history: Vec<SharedChange>,
    /// A lecture's changes, each as `change=` writes one (`script=`).
    pub(crate) script: Vec<String>,
    /// How many of them were played (`script-at=`).
    pub(crate) script_at: usize,
    /// Presenter mode (`present=1`).
    pub(crate) present: bool,
    /// The teaching views' settings; the nodes they name are in `chord_from` and
    /// `replica_down` (their ids here are always `None`).
    pub(crate) views: ViewSettings,
    /// The node Chord's lookup starts from, by name.
    pub(crate) chord_from: Option<String>,
    /// The node that fails in the Replication view, by name.
    pub(crate) replica_down: Option<String>,
    /// The theme, if one was picked.
    pub(crate) theme: Option<ThemeChoice>,
    /// The language, if one was picked (else the page follows the browser's).
    pub(crate) lang: Option<Lang>,
    /// The embedded layout, if any (not part of the state).
    pub(crate) embed: Option<Embed>,
    /// Whether the controls show (not part of the state).
    pub(crate) controls: bool,
    /// Whether the legend shows (not part of the state).
    pub(crate) legend: bool,
}

impl Default for Shared {
    /// The first example, as [`State::initial`] builds it.
    fn default() -> Self {
        Shared {
            kind: defaults::KIND,
            params: AlgoParams::default(),
            hash: defaults::HASH,
            default_vnodes: defaults::VNODES,
            nodes: defaults::NODES
                .iter()
                .map(|n| SharedNode {
                    name: (*n).to_string(),
                    weight: defaults::WEIGHT,
                    vnodes: None,
                    down: false,
                    colour: None,
                })
                .collect(),
            keys: SharedKeys::Generated {
                count: defaults::KEYS,
                seed: defaults::SEED,
            },
            drawn: MAX_DRAWN,
            explain: String::new(),
            ask_first: false,
            script: Vec::new(),
            script_at: 0,
            present: false,
            slot_map: None,
            view: defaults::VIEW,
            step: defaults::TOUR_STEP,
            change: None,
            history: Vec::new(),
            views: ViewSettings::default(),
            chord_from: None,
            replica_down: None,
            theme: None,
            lang: None,
            embed: None,
            controls: true,
            legend: true,
        }
    }
}

/// What a query said, and what was wrong with it.
#[derive(Debug, PartialEq)]
pub struct Parsed {
    /// The description, with defaults where a parameter was missing or ignored.
    pub shared: Shared,
    /// One sentence per ignored parameter.
    pub problems: Vec<Msg>,
    /// Whether any state parameter was given (then the link wins over a stored state).
    pub(crate) has_state: bool,
}

/// How much a written query carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Pasted keys are written whole up to this many bytes, else only counted.
    pub(crate) paste_bytes: usize,
    /// Whether the layout parameters (`embed`, `controls`) are written.
    pub(crate) page: bool,
}

impl Limits {
    /// For a link to copy: short pasted lists, no layout.
    pub(crate) const LINK: Limits = Limits {
        paste_bytes: LINK_PASTE_BYTES,
        page: false,
    };
    /// For the page's own address: as a link, keeping its layout.
    pub(crate) const ADDRESS: Limits = Limits {
        paste_bytes: LINK_PASTE_BYTES,
        page: true,
    };
    /// For the browser's storage: long pasted lists, no layout.
    pub(crate) const STORE: Limits = Limits {
        paste_bytes: STORED_PASTE_BYTES,
        page: false,
    };
}

/// Whether a parameter is part of the state or of the page's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Part of the state.
    State,
    /// Layout only.
    Page,
}

/// One query parameter: its name, how it is read into a [`Shared`] from its raw (still
/// percent-encoded) value, and how it is written (`None`: left out; an empty value writes
/// the bare name).
pub(crate) struct Param {
    /// The name in the query.
    pub(crate) name: &'static str,
    /// State or layout.
    pub(crate) scope: Scope,
    /// Reads the raw value; the message says what is wrong and what is allowed.
    pub(crate) read: fn(&mut Shared, &str) -> Result<(), Msg>,
    /// Writes the raw value, if the parameter is written.
    pub(crate) write: fn(&Shared, Limits) -> Option<String>,
}
