//! The "Real systems, round two" vectors of `crates/ring-core/tests/data/known-answers.md`
//! for Ceph, Varnish's shard director and RabbitMQ's consistent-hash exchange, run natively
//! and again under wasm32 (`cargo test -p ring-core --target wasm32-unknown-unknown --test
//! servers_known_answers`): SHA-256 from a crate, CRUSH's fixed-point logarithm, the f32
//! CRUSH weights and Erlang's doubles must give the same answers on both.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ring_core::system_hash::SystemHash;
use ring_core::systems::{self, SystemId, SystemNode};

/// The vector keys, in known-answers.md's order.
const KEYS: [&str; 6] = [
    "user:0:gjj",
    "ключ-1",
    "键/2",
    "{user168}.following",
    "tfbf._=u~j",
    "κλειδί:5:κλειδί",
];

/// Where `system` over `list` (`name[=weight]`, as the command line reads it) sends the
/// vector keys, by name.
fn placed(system: SystemId, list: &str, params: &[(&str, u64)]) -> String {
    let weights = system.spec().weights;
    let nodes: Vec<SystemNode> = list
        .split(',')
        .map(|entry| match entry.rsplit_once('=') {
            Some((name, w)) => match weights.parse(w) {
                Ok(w) => SystemNode::weighted(name, w),
                Err(e) => unreachable!("a vector's weight: {e}"),
            },
            None => SystemNode::new(entry),
        })
        .collect();
    let built = match systems::build(system, &nodes, params) {
        Ok(built) => built,
        Err(e) => unreachable!("a vector's cluster: {e}"),
    };
    KEYS.iter()
        .map(|k| match built.locate(k) {
            Ok(i) => nodes[i as usize].name.clone(),
            Err(e) => unreachable!("a vector's key: {e}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn ceph() {
    assert_eq!(
        placed(SystemId::Ceph, "osd.0,osd.1,osd.2,osd.3", &[("pg-num", 64)]),
        "osd.1 osd.1 osd.2 osd.0 osd.3 osd.1"
    );
    assert_eq!(
        placed(
            SystemId::Ceph,
            "osd.0=1.0,osd.1=2.0,osd.2=0.5,osd.5=1.25,osd.7=3",
            &[("pg-num", 100)]
        ),
        "osd.5 osd.7 osd.7 osd.0 osd.7 osd.1"
    );
}

#[test]
fn varnish_shard() {
    assert_eq!(
        placed(SystemId::VarnishShard, "web1,web2,web3", &[]),
        "web3 web1 web3 web1 web2 web1"
    );
    assert_eq!(
        placed(SystemId::VarnishShard, "web1=3,web2,web3=2,web4", &[]),
        "web3 web1 web1 web1 web2 web1"
    );
}

#[test]
fn rabbitmq_consistent_hash() {
    assert_eq!(
        placed(SystemId::RabbitmqConsistentHash, "q1,q2,q3", &[]),
        "q2 q1 q2 q1 q1 q3"
    );
    assert_eq!(
        placed(SystemId::RabbitmqConsistentHash, "q1=3,q2,q3=2,q4=5", &[]),
        "q2 q4 q3 q1 q4 q4"
    );
}

/// The three hashes over the vector keys (`ringlab hash --hash NAME`).
#[test]
fn hashes() {
    let table = [
        (
            SystemHash::CephRjenkins,
            "3248677960 2195102327 1427468706 1924737593 3885714777 1063125294",
        ),
        (
            SystemHash::VarnishSha256,
            "636202103 180343738 4008830538 730586705 3116353311 2700818897",
        ),
        (
            SystemHash::ErlangPhash2,
            "86067319 61345423 101250336 129069217 100147091 69804247",
        ),
    ];
    for (hash, want) in table {
        let got: Vec<String> = KEYS
            .iter()
            .map(|k| hash.hash(k.as_bytes()).to_string())
            .collect();
        assert_eq!(got.join(" "), want, "{}", hash.id());
    }
}
