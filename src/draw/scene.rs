//! The scenes built from the model: what each drawing shows for a state, a moment of the
//! change's animation and the pointer's position; and the words for what is under the
//! pointer.

use ring_core::{Explanation, Picture};

use super::scene_types::{
    Bar, BarsScene, BinDot, BinsHit, BinsScene, BucketCell, Column, Header, KeyDot, NodeRow,
    PointMark, RingHit, RingScene, Traveller, Unit, Walk, MARKED_STRETCHES, MAX_DRAWS_SHOWN,
    MAX_POINTS_MARKED,
};
use super::style::Theme;
use crate::i18n::Msg;
use crate::model::{Rgb, Snapshot, State};

/// Most table cells drawn; larger tables draw one cell per group of entries.
pub(crate) const MAX_CELLS: usize = 16_384;

/// How the drawing is being looked at: the parts of the picture that are not the model's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct View {
    /// Animation progress of the last change, 0..=1 (1: at rest).
    pub(crate) progress: f64,
    /// What the pointer is over on a ring.
    pub(crate) ring_hover: Option<RingHit>,
    /// What the pointer is over in bins.
    pub(crate) bins_hover: Option<BinsHit>,
    /// Device pixels per CSS pixel.
    pub(crate) scale: f64,
    /// The colours.
    pub(crate) theme: Theme,
    /// Whether to draw text.
    pub(crate) text: bool,
}

impl Default for View {
    fn default() -> Self {
        View {
            progress: 1.0,
            ring_hover: None,
            bins_hover: None,
            scale: 1.0,
            theme: Theme::LIGHT,
            text: true,
        }
    }
}

/// The main picture: a ring, or bins under a header.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Scene {
    /// A ring.
    Ring(RingScene),
    /// Bins.
    Bins(BinsScene),
}

fn colour_of(snap: &Snapshot, index: u32) -> Rgb {
    snap.node(index).map_or(Rgb(128, 128, 128), |n| n.colour)
}

/// A fixed spread of key dots across the key band (the golden ratio's fractional
/// multiples cover 0..1 evenly without a pattern).
fn jitter(j: usize) -> f64 {
    (j as f64 * 0.618_033_988_749_895).fract()
}

/// The change of the state, if it can be animated (same kind of picture before and after).
fn animated(state: &State) -> Option<&crate::model::Change> {
    state
        .change
        .as_deref()
        .filter(|c| c.animatable(&state.current))
}

/// The main picture for `state`.
pub(crate) fn picture(state: &State, view: &View) -> Scene {
    if matches!(state.current.picture, Picture::Ring { .. }) {
        Scene::Ring(ring(state, view))
    } else {
        Scene::Bins(bins(state, view))
    }
}

/// What the picture of `state` shows, in a sentence: its caption, and (inside
/// [`Msg::PictureLabel`]) the start of its description for screen readers.
pub(crate) fn picture_caption(state: &State) -> Msg {
    let snap = &state.current;
    let hash = crate::model::hash_name(state.kind, &snap.config);
    let kind = state.kind;
    match &snap.picture {
        Picture::Ring { points, space_bits } => Msg::PictureRing {
            kind,
            // The snapshot's counts: the system's own points where its picture adds one
            // (Varnish's).
            points: if snap.point_counts.is_empty() {
                points.len()
            } else {
                snap.point_counts.iter().map(|&c| c as usize).sum()
            },
            bits: *space_bits,
            hash,
        },
        Picture::Buckets { count } => Msg::PictureBuckets {
            kind,
            count: *count,
            hash,
        },
        Picture::BucketSet {
            owners, removed, ..
        } => Msg::PictureBucketSet {
            kind,
            working: snap.nodes.len() as u32,
            span: owners.len() as u32,
            removed: removed.clone(),
            hash,
        },
        Picture::Table { entries } => Msg::PictureTable {
            kind,
            entries: entries.len(),
            hash,
        },
        Picture::Scores { .. } => Msg::PictureScores {
            kind,
            key: score_key(state).unwrap_or_default(),
            hash,
        },
    }
}

/// The ring scene.
pub(crate) fn ring(state: &State, view: &View) -> RingScene {
    let snap = &state.current;
    let ring_points = snap.picture.ring_points();
    let points = point_marks(snap, ring_points);
    let sample = &state.keys.sample;
    let mut keys: Vec<KeyDot> = sample
        .iter()
        .enumerate()
        .map(|(j, &k)| {
            let owner = snap.owners.get(k as usize).copied().unwrap_or(0);
            KeyDot {
                frac: snap.fraction(snap.sample_positions.get(j).copied().unwrap_or(0)),
                jitter: jitter(j),
                colour: colour_of(snap, owner),
                from: None,
            }
        })
        .collect();
    let mut travellers = Vec::new();
    if let Some(change) = animated(state) {
        let before = &change.before;
        for m in &change.moves {
            let j = m.sample as usize;
            let Some(&k) = sample.get(j) else { continue };
            let k = k as usize;
            let (Some(&ob), Some(&oa)) = (before.owners.get(k), snap.owners.get(k)) else {
                continue;
            };
            let from_colour = colour_of(before, ob);
            if let Some(dot) = keys.get_mut(j) {
                dot.from = Some(from_colour);
            }
            let anchor = |s: &Snapshot, owner: u32| {
                let pos = s.sample_positions.get(j).copied()?;
                let i = s.anchor_point(pos, owner)?;
                s.picture
                    .ring_points()
                    .get(i as usize)
                    .map(|p| s.fraction(p.position))
            };
            if let (Some(from_frac), Some(to_frac)) = (anchor(before, ob), anchor(snap, oa)) {
                travellers.push(Traveller {
                    from_frac,
                    to_frac,
                    from: from_colour,
                    to: colour_of(snap, oa),
                });
            }
        }
    }
    let walk = state.explained().and_then(|e| {
        let points = snap.picture.ring_points();
        let at = |i: u32| points.get(i as usize).map(|p| snap.fraction(p.position));
        // Multi-probe walks from its winning probe; its other probes are drawn faint.
        if let Explanation::Probes { probes, best, .. } = &e.explanation {
            let won = probes.get(*best as usize)?;
            let others = probes
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != *best as usize)
                .filter_map(|(_, p)| Some((snap.fraction(p.position), at(p.point)?)))
                .collect();
            return Some(Walk {
                key: e.key.clone(),
                key_frac: snap.fraction(won.position),
                point_frac: at(won.point)?,
                probes: others,
            });
        }
        let point = match &e.explanation {
            Explanation::RingWalk { point, .. } => Some(*point),
            Explanation::BoundedWalk { visited, .. } => visited.last().copied(),
            _ => None,
        }?;
        Some(Walk {
            key: e.key.clone(),
            key_frac: e.fraction,
            point_frac: at(point)?,
            probes: Vec::new(),
        })
    });
    RingScene {
        space_bits: snap.space_bits(),
        points,
        point_count: ring_points.len(),
        keys,
        travellers,
        progress: view.progress,
        walk,
        hover: view.ring_hover,
        scale: view.scale,
        theme: view.theme,
        text: view.text,
        nodes: node_rows(snap, point_counts(snap)),
        wraps: snap.placement.ring_wraps(),
    }
}

/// For each sampled key, its place in its owner's bin (in sample order).
fn slots(snap: &Snapshot, sample: &[u32]) -> Vec<(u32, u32)> {
    let mut filled = vec![0u32; snap.nodes.len()];
    sample
        .iter()
        .map(|&k| {
            let owner = snap.owners.get(k as usize).copied().unwrap_or(0);
            let slot = filled.get_mut(owner as usize).map_or(0, |c| {
                *c += 1;
                *c - 1
            });
            (owner, slot)
        })
        .collect()
}

fn table_cells(snap: &Snapshot) -> Option<(Vec<Rgb>, usize)> {
    match &snap.picture {
        Picture::Table { entries } => {
            let group = entries.len().div_ceil(MAX_CELLS).max(1);
            Some((
                entries
                    .iter()
                    .step_by(group)
                    .map(|&o| colour_of(snap, o))
                    .collect(),
                group,
            ))
        }
        _ => None,
    }
}

/// The marks of a ring's `points` (sorted by position): one a point; or, with more than
/// [`MAX_POINTS_MARKED`] (the drawing then samples its arcs from the marks), the last
/// point of each of [`MARKED_STRETCHES`] equal stretches of the space. Each stretch's end
/// is found by galloping from the last one's, so the search stays in the memory just read:
/// a bisection over all of Envoy's 8,388,608 points missed the cache at nearly every step
/// (135 ms for 50,000 stretches in the browser, where the scene is built again at each
/// change and each move of the pointer; 31 ms by galloping; a few for 4,096 stretches).
fn point_marks(snap: &Snapshot, points: &[ring_core::RingPoint]) -> Vec<PointMark> {
    let mut marks = Vec::with_capacity(points.len().min(MAX_POINTS_MARKED));
    let mut mark = |index: usize| {
        if let Some(p) = points.get(index) {
            marks.push(PointMark {
                frac: snap.fraction(p.position),
                colour: colour_of(snap, p.owner),
                shape: snap
                    .node(p.owner)
                    .map_or(crate::model::palette::Shape::Circle, |n| n.shape),
                index: index as u32,
            });
        }
    };
    if points.len() <= MAX_POINTS_MARKED {
        for index in 0..points.len() {
            mark(index);
        }
    } else {
        let bits = snap.space_bits().min(64);
        // The ring's radix index finds a stretch's end in a miss or two, where galloping
        // took about 22 on a ring of millions (5 ms for 4,096 stretches of Envoy's largest).
        let ring = snap
            .picture_ring()
            .filter(|r| std::ptr::eq(r.points(), points));
        let mut from = 0;
        for stretch in 1..=MARKED_STRETCHES as u128 {
            // Where stretch `stretch` ends, as a position (u128: a 64-bit space ends at 2^64).
            let end = (stretch << bits) / MARKED_STRETCHES as u128;
            let to = match (ring, u64::try_from(end)) {
                (Some(ring), Ok(end)) => ring.successor_index(end).max(from),
                _ => {
                    let rest = points.get(from..).unwrap_or_default();
                    from + gallop(rest, |p| u128::from(p.position) < end)
                }
            };
            if to > from {
                mark(to - 1);
            }
            from = to;
        }
    }
    marks
}

/// How many of `items` hold `before` (true for a first run, then false): a partition point
/// found by doubling a step from the start, then bisecting the last step, so that a short
/// run is searched near the start only.
fn gallop<T>(items: &[T], before: impl Fn(&T) -> bool) -> usize {
    let mut step = 1;
    let mut passed = 0;
    while items.get(passed + step - 1).is_some_and(&before) {
        passed += step;
        step *= 2;
    }
    let end = (passed + step).min(items.len());
    passed
        + items
            .get(passed..end)
            .unwrap_or_default()
            .partition_point(before)
}

/// How many ring points each node of `snap` has, in the core's order; `None` off a ring.
pub(crate) fn point_counts(snap: &Snapshot) -> Option<Vec<u32>> {
    (!snap.picture.ring_points().is_empty()).then(|| snap.point_counts.clone())
}

/// Each node of `snap`, in the core's order, with its ring points (`points`, as
/// [`point_counts`] gives them).
fn node_rows(snap: &Snapshot, points: Option<Vec<u32>>) -> Vec<NodeRow> {
    snap.nodes
        .iter()
        .enumerate()
        .map(|(i, n)| NodeRow {
            name: n.name.clone(),
            colour: n.colour,
            points: points.as_ref().map(|p| p.get(i).copied().unwrap_or(0)),
            share: snap.shares.get(i).copied().unwrap_or(0.0),
            keys: snap.loads.get(i).copied().unwrap_or(0),
        })
        .collect()
}

/// The key whose scores a rendezvous picture shows: the explained one, else the first key.
pub(crate) fn score_key(state: &State) -> Option<String> {
    let typed = state.explain_key.trim();
    if typed.is_empty() {
        state.keys.keys.first().cloned()
    } else {
        Some(typed.to_string())
    }
}

/// The bins scene.
pub(crate) fn bins(state: &State, view: &View) -> BinsScene {
    let snap = &state.current;
    // Each bin under its bucket number, where the nodes are buckets.
    let bucket_of = |i: usize| match &snap.picture {
        Picture::Buckets { .. } => Some(i),
        Picture::BucketSet { owners, .. } => owners.iter().position(|&o| o == Some(i as u32)),
        _ => None,
    };
    let names = || snap.nodes.iter().map(|n| n.name.as_str());
    let shared = crate::model::display::shared_head(&mut names());
    let shared_tail = crate::model::display::shared_tail(&mut names());
    let columns = snap
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let label = match bucket_of(i) {
                Some(b) => format!("{b} · {}", n.name),
                None => n.name.clone(),
            };
            let before = label.chars().count() - n.name.chars().count();
            Column {
                label,
                shared: before..before + shared,
                shared_tail,
                colour: n.colour,
            }
        })
        .collect();
    let sample = &state.keys.sample;
    let after = slots(snap, sample);
    let mut dots: Vec<BinDot> = after
        .iter()
        .map(|&(column, slot)| BinDot {
            column,
            slot,
            colour: colour_of(snap, column),
            from: None,
        })
        .collect();
    let change = animated(state);
    let mut before_columns = snap.nodes.len() as u32;
    if let Some(change) = change {
        let before = &change.before;
        before_columns = before.nodes.len() as u32;
        let old = slots(before, sample);
        for m in &change.moves {
            let j = m.sample as usize;
            if let (Some(dot), Some(&(col, slot))) = (dots.get_mut(j), old.get(j)) {
                dot.from = Some((col, slot, colour_of(before, col)));
            }
        }
    }
    let header = match &snap.picture {
        Picture::Table { .. } => {
            let (cells, group) = table_cells(snap).unwrap_or_default();
            let before = change
                .and_then(|c| table_cells(&c.before))
                .filter(|(b, g)| b.len() == cells.len() && *g == group)
                .map(|(b, _)| b);
            let explained = state.explained();
            let highlight = explained.as_ref().and_then(|e| match e.explanation {
                Explanation::TableEntry { entry, .. } => Some(entry as usize / group.max(1)),
                _ => None,
            });
            // The system's other copies of the key, in the cells of their entries.
            let copies = explained
                .and_then(|e| snap.placement.preference_entries(&e.key))
                .map(|entries| {
                    entries
                        .iter()
                        .skip(1)
                        .map(|&e| e as usize / group.max(1))
                        .collect()
                })
                .unwrap_or_default();
            Header::Table {
                cells,
                before,
                highlight,
                copies,
            }
        }
        Picture::Buckets { .. } | Picture::BucketSet { .. } => bucket_header(state),
        Picture::Scores { .. } => match score_key(state).map(|k| snap.placement.explain(&k)) {
            Some(Explanation::Rendezvous { scores, owner }) => Header::Scores {
                scores,
                winner: owner as usize,
                whole: state.kind.is_system(),
            },
            _ => Header::None,
        },
        _ => Header::None,
    };
    BinsScene {
        header,
        columns,
        before_columns,
        dots,
        progress: view.progress,
        hover: view.bins_hover,
        scale: view.scale,
        theme: view.theme,
        text: view.text,
        nodes: node_rows(snap, None),
    }
}

/// The most bucket numbers drawn as cells: past this a cell would be under a pixel.
const MAX_BUCKET_CELLS: usize = 2048;

/// The buckets and the explained key's candidates (the first key's, if none is
/// explained); nothing for modulo, whose one step the bins already show.
fn bucket_header(state: &State) -> Header {
    let snap = &state.current;
    let Some(key) = score_key(state) else {
        return Header::None;
    };
    let (mut draws, answer) = match snap.placement.explain(&key) {
        Explanation::Draws { draws, bucket, .. } => (draws, bucket),
        Explanation::Jump { steps, owner, .. } => {
            let last = snap.nodes.len().saturating_sub(1) as u32;
            let draws = steps
                .iter()
                .map(|&bucket| ring_core::trace::Draw {
                    bucket,
                    low: bucket,
                    high: last,
                })
                .collect();
            (draws, owner)
        }
        _ => return Header::None,
    };
    let reach = draws.iter().map(|d| d.high as usize + 1).max().unwrap_or(0);
    let mut cells: Vec<BucketCell> = match &snap.picture {
        Picture::BucketSet { owners, .. } => owners
            .iter()
            .map(|o| match o {
                Some(i) => BucketCell::Working(colour_of(snap, *i)),
                None => BucketCell::Removed,
            })
            .collect(),
        _ => (0..snap.nodes.len() as u32)
            .map(|i| BucketCell::Working(colour_of(snap, i)))
            .collect(),
    };
    if reach > cells.len() {
        cells.resize(reach, BucketCell::Beyond);
    }
    if cells.len() > MAX_BUCKET_CELLS {
        return Header::None;
    }
    // The first candidates and the last, which is the answer.
    let more = draws.len().saturating_sub(MAX_DRAWS_SHOWN);
    if more > 0 {
        let last = draws[draws.len() - 1];
        draws.truncate(MAX_DRAWS_SHOWN - 1);
        draws.push(last);
    }
    Header::Buckets {
        cells,
        draws,
        more,
        answer,
        key,
    }
}

/// Keys per node, with the mean and the ±10% band.
pub(crate) fn loads(state: &State, view: &View) -> BarsScene {
    let snap = &state.current;
    let bars: Vec<Bar> = snap
        .nodes
        .iter()
        .zip(&snap.loads)
        .map(|(n, &l)| Bar {
            label: n.name.clone(),
            value: l as f64,
            colour: n.colour,
            shape: Some(n.shape),
        })
        .collect();
    let balance = snap.key_balance();
    let targets = snap.fair_values(balance);
    let mean = balance.map(|b| b.mean).filter(|_| targets.is_none());
    BarsScene {
        bars,
        mean,
        band: mean.map(|m| (m * 0.9, m * 1.1)),
        targets,
        heads: None,
        unit: Unit::Count,
        scale: view.scale,
        theme: view.theme,
        text: view.text,
    }
}

/// Hash-space share per node, with the mean and the ±10% band.
pub(crate) fn shares(state: &State, view: &View) -> BarsScene {
    let snap = &state.current;
    let bars: Vec<Bar> = snap
        .nodes
        .iter()
        .zip(&snap.shares)
        .map(|(n, &s)| Bar {
            label: n.name.clone(),
            value: s,
            colour: n.colour,
            shape: Some(n.shape),
        })
        .collect();
    let balance = snap.share_balance();
    let targets = snap.fair_values(balance);
    let mean = balance.map(|b| b.mean).filter(|_| targets.is_none());
    BarsScene {
        bars,
        mean,
        band: mean.map(|m| (m * 0.9, m * 1.1)),
        targets,
        heads: None,
        unit: Unit::Percent,
        scale: view.scale,
        theme: view.theme,
        text: view.text,
    }
}

fn key_words(state: &State, j: usize) -> Option<Msg> {
    let snap = &state.current;
    let k = *state.keys.sample.get(j)? as usize;
    let key = state.keys.keys.get(k)?;
    let owner = snap.node(*snap.owners.get(k)?)?;
    let position = *snap.sample_positions.get(j)?;
    let from = state.change.as_deref().and_then(|change| {
        let m = change.moves.iter().find(|m| m.sample as usize == j)?;
        state.describe(m.from).map(|(from, _)| from)
    });
    Some(Msg::HoverKey {
        key: key.clone(),
        position,
        fraction: snap.fraction(position),
        owner: owner.name.clone(),
        from,
    })
}

/// Words for what is under the pointer on the ring.
pub(crate) fn ring_hit_words(state: &State, hit: RingHit) -> Option<Msg> {
    let snap = &state.current;
    let points = snap.picture.ring_points();
    let n = points.len();
    match hit {
        RingHit::Point(i) => {
            let p = points.get(i)?;
            let node = snap.node(p.owner)?;
            let prev = points[(i + n - 1) % n].position;
            let arc = if n == 1 {
                1.0
            } else {
                crate::model::ring_distance(prev, p.position, snap.space_bits())
            };
            // Only the virtual-node ring names its points after their nodes.
            let vnode = snap.kind.spec().names_virtual_nodes.then(|| {
                ring_core::ring::Naming::of(&snap.config.algorithm).vnode_name(
                    &node.name,
                    p.replica,
                    snap.config.effective_hash(),
                )
            });
            Some(Msg::HoverPoint {
                replica: p.replica,
                node: node.name.clone(),
                vnode,
                position: p.position,
                fraction: snap.fraction(p.position),
                arc,
            })
        }
        RingHit::Arc(i) => {
            let p = points.get(i)?;
            let node = snap.node(p.owner)?;
            let prev = points[(i + n - 1) % n].position;
            let arc = if n == 1 {
                1.0
            } else {
                crate::model::ring_distance(prev, p.position, snap.space_bits())
            };
            Some(Msg::HoverArc {
                from: prev,
                to: p.position,
                arc,
                node: node.name.clone(),
                replica: p.replica,
                share: snap.shares.get(p.owner as usize).copied().unwrap_or(0.0),
            })
        }
        RingHit::Key(j) => key_words(state, j),
    }
}

/// Words for what is under the pointer in the bins.
pub(crate) fn bins_hit_words(state: &State, hit: BinsHit) -> Option<Msg> {
    let snap = &state.current;
    match hit {
        BinsHit::Cell(i) => {
            let Picture::Table { entries } = &snap.picture else {
                return None;
            };
            let group = entries.len().div_ceil(MAX_CELLS).max(1);
            let first = i * group;
            let owner = snap.node(*entries.get(first)?)?.name.clone();
            if group == 1 {
                Some(Msg::HoverEntry {
                    first,
                    total: entries.len(),
                    owner,
                })
            } else {
                Some(Msg::HoverEntries {
                    first,
                    last: (first + group - 1).min(entries.len() - 1),
                    total: entries.len(),
                    owner,
                })
            }
        }
        BinsHit::Column(c) => {
            let node = snap.node(c as u32)?;
            let load = snap.loads.get(c).copied().unwrap_or(0);
            let total = state.keys.len().max(1) as f64;
            Some(Msg::HoverColumn {
                bucket: matches!(snap.picture, Picture::Buckets { .. }).then_some(c),
                node: node.name.clone(),
                keys: load,
                fraction: load as f64 / total,
                share: snap.shares.get(c).copied().unwrap_or(0.0),
            })
        }
        BinsHit::Dot(j) => key_words(state, j),
    }
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests;
