//! The teaching views' settings in a link: Compare's algorithms and change, Chord's key and
//! first node, Replication's R, key and failed node, and the Paper view's lists, algorithm
//! and hash. Each is written only when it is not the view's default, so older links (which
//! have none of them) open with the defaults, as they always did.
//!
//! ```text
//! compare=ketama,modulo,virtual&compare-change=remove
//! chord-key=user%3A7&chord-from=cache-b
//! replication=2&replication-key=user%3A42&replication-down=cache-c
//! paper-nodes=10..100/10&paper-vnodes=1,30,100&paper-algo=ketama&paper-hash=md5
//! traffic-zipf=0.8&traffic-cache=500&traffic-requests=1000000&traffic-change=remove
//! which=virtual,jump,multiprobe&which-nodes=10,100,1000
//! ```
//!
//! Nodes are named; a name the link's nodes do not have is reported and ignored.

use super::codec::{algo_named, decode, encode, hash_named, not_one_of, read_key, read_u32};
use super::shared::{Param, Scope};
use crate::model::compare::{CompareChange, MAX_ALGOS, MIN_ALGOS};
use crate::model::limits::MAX_REPLICAS;
use crate::model::message::{Choice, Msg, Quantity};
use crate::model::paper::{list_text, parse_nodes, parse_vnodes};
use crate::model::traffic_view::{
    parse_zipf, zipf_text, MAX_CACHE, MAX_REQUESTS, MIN_CACHE, MIN_REQUESTS,
};
use crate::model::view_settings::ViewSettings;
use crate::model::which_view::parse_which_nodes;
use crate::model::AlgoId;

/// A list of counts without spaces: `10..100/10` or `1,30,100`.
fn compact_list(list: &[u32]) -> String {
    list_text(list).replace(" step ", "/").replace(", ", ",")
}

/// The default settings, for what a row leaves out.
fn defaults() -> ViewSettings {
    ViewSettings::default()
}

/// A list of algorithms (`ketama,modulo,system:nginx`), in menu order without repeats, as
/// the views keep them; `systems` says whether the real systems may be in it.
fn read_kinds(v: &str, systems: bool) -> Result<Vec<AlgoId>, Msg> {
    let mut kinds = Vec::new();
    for item in v.split(',') {
        let kind = algo_named(item)?;
        if !systems && kind.system().is_some() {
            let names: Vec<&str> = AlgoId::algorithms().map(AlgoId::id).collect();
            return Err(not_one_of(Choice::Algorithm, item, &names));
        }
        kinds.push(kind);
    }
    Ok(AlgoId::ALL
        .into_iter()
        .filter(|k| kinds.contains(k))
        .collect())
}

/// A list of algorithms as [`read_kinds`] reads it, unless it is `default`.
fn write_kinds(kinds: &[AlgoId], default: &[AlgoId]) -> Option<String> {
    (kinds != default).then(|| {
        kinds
            .iter()
            .map(|&k| super::kind_name(k))
            .collect::<Vec<_>>()
            .join(",")
    })
}

pub(super) const COMPARE: Param = Param {
    name: "compare",
    scope: Scope::State,
    read: |s, v| {
        let kinds = read_kinds(v, true)?;
        if let Some(&kind) = kinds.get(MAX_ALGOS) {
            return Err(Msg::CompareTooMany {
                max: MAX_ALGOS,
                kind,
            });
        }
        if let (true, Some(&kind)) = (kinds.len() < MIN_ALGOS, kinds.first()) {
            return Err(Msg::CompareTooFew {
                min: MIN_ALGOS,
                kind,
            });
        }
        s.views.compare.kinds = kinds;
        Ok(())
    },
    write: |s, _| write_kinds(&s.views.compare.kinds, &defaults().compare.kinds),
};

/// A change as `compare-change=` and `traffic-change=` name it.
fn read_change(v: &str) -> Result<CompareChange, Msg> {
    let text = decode(v)?;
    let all = [
        CompareChange::None,
        CompareChange::AddNode,
        CompareChange::RemoveLast,
    ];
    all.into_iter()
        .find(|c| c.id() == text)
        .ok_or_else(|| not_one_of(Choice::Change, &text, &all.map(CompareChange::id)))
}

pub(super) const COMPARE_CHANGE: Param = Param {
    name: "compare-change",
    scope: Scope::State,
    read: |s, v| {
        s.views.compare.change = read_change(v)?;
        Ok(())
    },
    write: |s, _| {
        let change = s.views.compare.change;
        (change != defaults().compare.change).then(|| change.id().to_string())
    },
};

pub(super) const CHORD_KEY: Param = Param {
    name: "chord-key",
    scope: Scope::State,
    read: |s, v| {
        s.views.chord.key = read_key(v)?;
        Ok(())
    },
    write: |s, _| {
        let key = &s.views.chord.key;
        (*key != defaults().chord.key).then(|| encode(key))
    },
};

pub(super) const CHORD_FROM: Param = Param {
    name: "chord-from",
    scope: Scope::State,
    read: |s, v| {
        s.chord_from = Some(decode(v)?);
        Ok(())
    },
    write: |s, _| s.chord_from.as_deref().map(encode),
};

pub(super) const REPLICAS: Param = Param {
    name: "replication",
    scope: Scope::State,
    read: |s, v| {
        s.views.replication.replicas = read_u32(v, Quantity::Replicas, 1, MAX_REPLICAS)?;
        Ok(())
    },
    write: |s, _| {
        let r = s.views.replication.replicas;
        (r != defaults().replication.replicas).then(|| r.to_string())
    },
};

pub(super) const REPLICA_KEY: Param = Param {
    name: "replication-key",
    scope: Scope::State,
    read: |s, v| {
        s.views.replication.key = read_key(v)?;
        Ok(())
    },
    write: |s, _| {
        let key = &s.views.replication.key;
        (*key != defaults().replication.key).then(|| encode(key))
    },
};

pub(super) const REPLICA_DOWN: Param = Param {
    name: "replication-down",
    scope: Scope::State,
    read: |s, v| {
        s.replica_down = Some(decode(v)?);
        Ok(())
    },
    write: |s, _| s.replica_down.as_deref().map(encode),
};

pub(super) const PAPER_NODES: Param = Param {
    name: "paper-nodes",
    scope: Scope::State,
    read: |s, v| {
        s.views.paper.nodes = parse_nodes(&decode(v)?)?;
        Ok(())
    },
    write: |s, _| {
        let list = &s.views.paper.nodes;
        (*list != defaults().paper.nodes).then(|| compact_list(list))
    },
};

pub(super) const PAPER_VNODES: Param = Param {
    name: "paper-vnodes",
    scope: Scope::State,
    read: |s, v| {
        s.views.paper.vnodes = parse_vnodes(&decode(v)?)?;
        Ok(())
    },
    write: |s, _| {
        let list = &s.views.paper.vnodes;
        (*list != defaults().paper.vnodes).then(|| compact_list(list))
    },
};

pub(super) const PAPER_ALGO: Param = Param {
    name: "paper-algo",
    scope: Scope::State,
    read: |s, v| {
        s.views.paper.kind = algo_named(v)?;
        Ok(())
    },
    write: |s, _| {
        let kind = s.views.paper.kind;
        (kind != defaults().paper.kind).then(|| kind.id().to_string())
    },
};

pub(super) const PAPER_HASH: Param = Param {
    name: "paper-hash",
    scope: Scope::State,
    read: |s, v| {
        s.views.paper.hash = hash_named(v)?;
        Ok(())
    },
    write: |s, _| {
        let hash = s.views.paper.hash;
        (hash != defaults().paper.hash).then(|| hash.name().to_string())
    },
};

pub(super) const TRAFFIC_ZIPF: Param = Param {
    name: "traffic-zipf",
    scope: Scope::State,
    read: |s, v| {
        let text = decode(v)?;
        s.views.traffic.zipf = parse_zipf(&text).ok_or(Msg::TrafficZipfBad { text })?;
        Ok(())
    },
    write: |s, _| {
        let zipf = s.views.traffic.zipf;
        (zipf != defaults().traffic.zipf).then(|| zipf_text(zipf))
    },
};

pub(super) const TRAFFIC_CACHE: Param = Param {
    name: "traffic-cache",
    scope: Scope::State,
    read: |s, v| {
        s.views.traffic.cache = if v == "all" {
            None
        } else {
            Some(read_u32(v, Quantity::CacheKeys, MIN_CACHE, MAX_CACHE)?)
        };
        Ok(())
    },
    write: |s, _| s.views.traffic.cache.map(|c| c.to_string()),
};

pub(super) const TRAFFIC_REQUESTS: Param = Param {
    name: "traffic-requests",
    scope: Scope::State,
    read: |s, v| {
        s.views.traffic.requests = read_u32(v, Quantity::Requests, MIN_REQUESTS, MAX_REQUESTS)?;
        Ok(())
    },
    write: |s, _| {
        let n = s.views.traffic.requests;
        (n != defaults().traffic.requests).then(|| n.to_string())
    },
};

pub(super) const TRAFFIC_CHANGE: Param = Param {
    name: "traffic-change",
    scope: Scope::State,
    read: |s, v| {
        s.views.traffic.change = read_change(v)?;
        Ok(())
    },
    write: |s, _| {
        let change = s.views.traffic.change;
        (change != defaults().traffic.change).then(|| change.id().to_string())
    },
};

pub(super) const WHICH: Param = Param {
    name: "which",
    scope: Scope::State,
    read: |s, v| {
        s.views.which.kinds = read_kinds(v, false)?;
        Ok(())
    },
    write: |s, _| write_kinds(&s.views.which.kinds, &defaults().which.kinds),
};

pub(super) const WHICH_NODES: Param = Param {
    name: "which-nodes",
    scope: Scope::State,
    read: |s, v| {
        s.views.which.nodes = parse_which_nodes(&decode(v)?)?;
        Ok(())
    },
    write: |s, _| {
        let list = &s.views.which.nodes;
        (*list != defaults().which.nodes).then(|| compact_list(list))
    },
};

pub(super) const QUIZ: Param = Param {
    name: "quiz",
    scope: Scope::State,
    // `quiz=SEED` opens the Quiz view, unless the link names another.
    read: |s, v| {
        s.views.quiz = crate::model::number::parse_quiz_seed(&decode(v)?)?;
        s.view = crate::model::ViewKind::Quiz;
        Ok(())
    },
    write: |s, _| (s.views.quiz != 0).then(|| s.views.quiz.to_string()),
};
