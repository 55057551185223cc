//! The one list of what Ringlab offers: every algorithm and every hash function, each
//! described once. The command line's `--algo` values and flags, the app's menus and
//! parameter fields, the link parameters, the paper view and the tests all iterate these
//! lists; nothing else names the algorithms by hand.
//!
//! An algorithm is described by an [`AlgoSpec`] that lives in the algorithm's own module
//! (its `SPEC`), and listed once in the `algorithms!` table below, which also makes
//! [`AlgoId`], the identity every other part of Ringlab keys on. A configured algorithm is
//! an [`Algorithm`]: an id and the values of its [`ParamSpec`]s.
//!
//! ```
//! use ring_core::registry::{AlgoId, Picture};
//! use ring_core::{Algorithm, HashFn};
//!
//! let maglev = AlgoId::from_name("maglev").unwrap();
//! assert_eq!(maglev.spec().picture, Picture::Table);
//! assert_eq!(maglev.spec().params[0].flag, "table-size");
//! // Old command-line names are aliases.
//! assert_eq!(AlgoId::from_name("vnodes"), Some(AlgoId::Virtual));
//! let a = Algorithm::new(AlgoId::Ketama);
//! assert_eq!(a.fixed_hash(), Some(HashFn::Md5));
//! ```

use std::fmt;

use crate::error::BuildError;
use crate::hash::HashFn;
pub use crate::hash::HashSpec;
use crate::placement::{Config, NodeSpec, Placement};
use crate::ring::RingBuild;
use crate::{
    anchor, binomial, bounded, dx, fliphash, gozero, jump, jumpback, ketama, maglev, memento,
    modulo, multiprobe, power, rendezvous, ring, slots, systems,
};

/// What kind of picture an algorithm has (what [`crate::Picture`] it returns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// Points on a ring.
    Ring,
    /// Numbered buckets.
    Buckets,
    /// A table of entries that name nodes.
    Table,
    /// A score per node and key.
    Scores,
}

/// Which hash an algorithm uses for keys and node names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashUse {
    /// The one the caller chooses ([`Config::hash`]).
    Chosen,
    /// Always this one, whatever the caller chooses.
    Fixed(HashFn),
    /// Its own, which is not one of [`HashFn`] (a real system's: nginx's CRC-32, HAProxy's
    /// avalanche of sdbm, Envoy's XXH64, …), named in its description.
    Own,
}

/// The values a parameter takes, with its range and default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Whole {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
        /// The default value.
        default: u32,
        /// A smaller default for a picture, where the core's default would be too fine to
        /// see (Maglev's 65,537 entries). `None`: the default.
        picture_default: Option<u32>,
        /// Whether it must also be a prime (Maglev's table size).
        prime: bool,
    },
    /// A real number above `above` and at most `max`.
    Real {
        /// The bound the value must exceed.
        above: f64,
        /// The largest value.
        max: f64,
        /// The default value.
        default: f64,
    },
    /// One of the named options (stored as its index).
    Choice {
        /// The options' names, as typed on the command line and in links.
        options: &'static [&'static str],
        /// The default option's index.
        default: usize,
    },
}

/// One parameter of an algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// Its name in links (`table=1021`) and in the app's state.
    pub key: &'static str,
    /// Its command-line flag without the dashes (`--table-size`).
    pub flag: &'static str,
    /// The unit of its value ("slots", "entries"), empty for a plain number.
    pub unit: &'static str,
    /// Its values, range and default.
    pub kind: ParamKind,
}

impl ParamSpec {
    /// The default value, stored as [`Params`] stores it.
    pub fn default_value(&self) -> f64 {
        match self.kind {
            ParamKind::Whole { default, .. } => f64::from(default),
            ParamKind::Real { default, .. } => default,
            ParamKind::Choice { default, .. } => default as f64,
        }
    }

    /// The default of a picture (see [`ParamKind::Whole::picture_default`]).
    pub fn picture_default(&self) -> f64 {
        match self.kind {
            ParamKind::Whole {
                picture_default: Some(p),
                ..
            } => f64::from(p),
            _ => self.default_value(),
        }
    }

    /// Whether `value` is a value of this parameter: in range, a whole number or an
    /// option's index where one is needed, and a prime where one is needed.
    pub fn accepts(&self, value: f64) -> bool {
        let prime = matches!(self.kind, ParamKind::Whole { prime: true, .. });
        self.in_range(value) && (!prime || crate::maglev::is_prime(value as u32))
    }

    /// [`ParamSpec::accepts`] without the rule of primes.
    pub fn in_range(&self, value: f64) -> bool {
        match self.kind {
            ParamKind::Whole { min, max, .. } => {
                value.fract() == 0.0 && value >= f64::from(min) && value <= f64::from(max)
            }
            ParamKind::Real { above, max, .. } => value > above && value <= max,
            ParamKind::Choice { options, .. } => {
                value.fract() == 0.0 && value >= 0.0 && (value as usize) < options.len()
            }
        }
    }

    /// The index of the option called `name` (a [`ParamKind::Choice`]), if any.
    pub fn option(&self, name: &str) -> Option<usize> {
        match self.kind {
            ParamKind::Choice { options, .. } => options.iter().position(|o| *o == name.trim()),
            _ => None,
        }
    }

    /// The value written as a link or the command line writes it: the option's name for a
    /// choice, the number otherwise.
    pub fn write(&self, value: f64) -> String {
        match self.kind {
            ParamKind::Choice { options, .. } => options
                .get(value as usize)
                .copied()
                .unwrap_or_default()
                .to_string(),
            _ => value.to_string(),
        }
    }

    /// The range as text: `1..=1048576`, `(0, 100]`, `hash|dash|java-seed`.
    pub fn range_text(&self) -> String {
        match self.kind {
            ParamKind::Whole { min, max, .. } => format!("{min}..={max}"),
            ParamKind::Real { above, max, .. } => format!("({above}, {max}]"),
            ParamKind::Choice { options, .. } => options.join("|"),
        }
    }
}

/// [`WorkFn`] of an algorithm whose work is one unit per node.
pub fn one_per_node(_: &Config, n: u64) -> u64 {
    n
}

/// [`WorkFn`] of an algorithm with the configured virtual nodes per node.
pub fn vnodes_per_node(config: &Config, n: u64) -> u64 {
    n * u64::from(config.default_vnodes.max(1))
}

/// The most parameters one algorithm has.
pub const MAX_PARAMS: usize = 3;

/// The values of an algorithm's parameters, in the order of its [`AlgoSpec::params`]: a
/// whole or real number as itself, a choice as its option's index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params([f64; MAX_PARAMS]);

impl Params {
    /// The defaults of `spec`'s parameters.
    pub fn defaults(spec: &AlgoSpec) -> Params {
        Params::from_fn(spec, ParamSpec::default_value)
    }

    /// The picture defaults of `spec`'s parameters (see [`ParamSpec::picture_default`]).
    pub fn picture_defaults(spec: &AlgoSpec) -> Params {
        Params::from_fn(spec, ParamSpec::picture_default)
    }

    fn from_fn(spec: &AlgoSpec, value: fn(&ParamSpec) -> f64) -> Params {
        let mut values = [0.0; MAX_PARAMS];
        for (slot, p) in values.iter_mut().zip(spec.params) {
            *slot = value(p);
        }
        Params(values)
    }

    /// Parameter `i`'s value (0 for an index past the algorithm's parameters).
    pub fn get(&self, i: usize) -> f64 {
        self.0.get(i).copied().unwrap_or(0.0)
    }

    /// Parameter `i` as a whole number (a value out of `u32`'s range saturates; the
    /// algorithm refuses it).
    pub fn whole(&self, i: usize) -> u32 {
        self.get(i) as u32
    }

    /// Parameter `i` as an option's index.
    pub fn choice(&self, i: usize) -> usize {
        self.get(i) as usize
    }

    /// The same values with parameter `i` set to `value` (an index past the end changes
    /// nothing).
    pub fn with(mut self, i: usize, value: f64) -> Params {
        if let Some(slot) = self.0.get_mut(i) {
            *slot = value;
        }
        self
    }
}

/// Builds an algorithm's placement; the nodes are already checked against the common
/// limits ([`crate::error::validate_nodes`]), the parameters are the algorithm's to check.
pub type BuildFn = fn(&Config, &[NodeSpec]) -> Result<Box<dyn Placement>, BuildError>;

/// Builds, in slices, the ring whose points give an algorithm's shares, after the same
/// checks [`crate::build`] and the algorithm make, in their order.
pub type RingBuildFn = fn(&Config, &[NodeSpec]) -> Result<RingBuild, BuildError>;

/// About how many points, slots or entries a build over `n` nodes of equal weight creates:
/// a measure of its work, to keep a whole table within a budget before computing it.
pub type WorkFn = fn(&Config, u64) -> u64;

/// One algorithm, described once.
pub struct AlgoSpec {
    /// Its name everywhere: command line, links, the app, tests, files.
    pub id: &'static str,
    /// Names it was called by before, still accepted (`vnodes`, `gozero`).
    pub aliases: &'static [&'static str],
    /// Its picture.
    pub picture: Picture,
    /// Whether a node's weight changes the placement.
    pub uses_weights: bool,
    /// Whether the virtual-node counts set a node's points: the default count and a node's
    /// own. (go-zero, whose default is its replicas parameter, also takes a node's own count
    /// as go-zero's `AddWithReplicas` does, but offers no default count: `false` here.)
    pub uses_vnodes: bool,
    /// Its parameter that is the command line's virtual-node count (`--vnodes`) when its
    /// own flag is not given: go-zero's replicas are its virtual nodes.
    pub vnodes_param: Option<usize>,
    /// The hash it uses.
    pub hash: HashUse,
    /// Its own parameters.
    pub params: &'static [ParamSpec],
    /// Builds its placement.
    pub build: BuildFn,
    /// Its work for a build (see [`WorkFn`]).
    pub work: WorkFn,
    /// The ring its shares are those of, built in slices, where it has one: its own ring,
    /// or for bounded loads the virtual-node ring under its cap.
    pub shares_ring: Option<RingBuildFn>,
    /// Whether [`AlgoSpec::shares_ring`] is the placement itself, so that a large one can be
    /// built in slices and used as it is.
    pub ring_is_placement: bool,
    /// Whether a key's owner depends on the keys placed before it (bounded loads' cap), so
    /// that keys are placed all together, in order ([`Placement::assign`]).
    pub places_together: bool,
    /// Whether a lookup scores every node (rendezvous), so that placing keys costs nodes ×
    /// keys and callers bound that product.
    pub scores_every_node: bool,
    /// Its parameter that is the slot count of a table whose slots keep their owners across
    /// joins and leaves, handed over Redis-style rather than dealt afresh (the slot table):
    /// a page that keeps a placement from change to change keeps those owners, and its links
    /// carry them.
    pub slots_param: Option<usize>,
    /// Whether its points are its nodes' virtual nodes named by its own naming parameter
    /// (`name#i`, `name-i`, …: [`crate::ring::Naming::of`]), so that a point can be named
    /// after its node and replica, and the paper's balance table (which names them
    /// "192.168.1.i#j") sets that parameter to its default.
    pub names_virtual_nodes: bool,
    /// Whether its [`Placement::shares`] are estimated from sampled hashes rather than
    /// measured from its structure (multi-probe, whose owner depends on several probes, so
    /// that no arc of its picture is a share).
    pub shares_sampled: bool,
}

impl fmt::Debug for AlgoSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

impl AlgoSpec {
    /// An algorithm called `id` with the `picture` it has, built by `build`, and
    /// otherwise the plainest: no aliases, no weights, no virtual nodes, the chosen hash, no
    /// parameters, one unit of work per node, no ring built in slices, keys placed one by
    /// one. A spec writes what differs with `..AlgoSpec::plain(…)`; the reference tests
    /// check that what it says is ignored really is.
    pub const fn plain(id: &'static str, picture: Picture, build: BuildFn) -> AlgoSpec {
        AlgoSpec {
            id,
            aliases: &[],
            picture,
            uses_weights: false,
            uses_vnodes: false,
            vnodes_param: None,
            hash: HashUse::Chosen,
            params: &[],
            build,
            work: one_per_node,
            shares_ring: None,
            ring_is_placement: false,
            places_together: false,
            scores_every_node: false,
            slots_param: None,
            names_virtual_nodes: false,
            shares_sampled: false,
        }
    }

    /// The parameter whose link key is `key`, with its index.
    pub fn param(&self, key: &str) -> Option<(usize, &'static ParamSpec)> {
        self.params.iter().enumerate().find(|(_, p)| p.key == key)
    }

    /// The parameter whose flag is `flag`, with its index.
    pub fn param_by_flag(&self, flag: &str) -> Option<(usize, &'static ParamSpec)> {
        self.params.iter().enumerate().find(|(_, p)| p.flag == flag)
    }

    /// Every parameter of `params` in its range, or the first that is not, as
    /// [`BuildError::BadParam`]: the whole check of an algorithm whose parameters have no
    /// rule beyond their range.
    pub fn check_params(&self, id: AlgoId, params: &Params) -> Result<(), BuildError> {
        for (i, p) in self.params.iter().enumerate() {
            let value = params.get(i);
            if !p.accepts(value) {
                return Err(BuildError::BadParam {
                    algo: id,
                    index: i as u8,
                    value,
                });
            }
        }
        Ok(())
    }

    /// The hash it always uses, if it fixes one.
    pub fn fixed_hash(&self) -> Option<HashFn> {
        match self.hash {
            HashUse::Fixed(h) => Some(h),
            HashUse::Chosen | HashUse::Own => None,
        }
    }

    /// Whether a name is this algorithm's id or one of its aliases (case ignored).
    pub fn is_called(&self, name: &str) -> bool {
        let name = name.trim();
        self.id.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

/// What an algorithm is, in English, for the command line and its help: apart from the
/// [`AlgoSpec`], so that the app (which words everything in its own catalogues) links none
/// of it.
#[derive(Debug)]
pub struct AlgoDocs {
    /// What it is, in one line.
    pub description: &'static str,
    /// The code it is exact to, or the paper it follows.
    pub source: &'static str,
    /// What each parameter is, in a few words, in the order of [`AlgoSpec::params`].
    pub params: &'static [&'static str],
}

/// Lists the algorithms and the real systems once: makes [`AlgoId`] with one variant per
/// entry, in menu order (the algorithms, then the systems), each tied to its module's
/// [`AlgoSpec`] and [`AlgoDocs`]; and [`SystemId`], the systems alone, each tied to its
/// [`SystemSpec`](crate::systems::SystemSpec), from which its `AlgoSpec` is made
/// ([`crate::systems::SystemPlacement`]).
macro_rules! algorithms {
    (
        $($(#[$doc:meta])* $variant:ident => $spec:path, $docs:path,)*
        ; systems:
        $($(#[$sdoc:meta])* $system:ident => $sspec:path,)*
    ) => {
        /// An algorithm's or a real system's identity. Its description is [`AlgoId::spec`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum AlgoId {
            $($(#[$doc])* $variant,)*
            $($(#[$sdoc])* $system,)*
        }

        crate::listed_enum! {
            /// A real system ([`SystemId::spec`] describes it; [`SystemId::algo`] is its
            /// entry among the algorithms).
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum SystemId {
                $($(#[$sdoc])* $system,)*
            }
        }

        /// The systems' entries, made from their specs, in [`SystemId::ALL`] order.
        static SYSTEM_SPECS: [AlgoSpec; SystemId::ALL.len()] = [$(
            crate::systems::algo_spec(
                &$sspec,
                crate::systems::build_as::<{ SystemId::$system as usize }>,
            ),
        )*];

        static SYSTEM_DOCS: [AlgoDocs; SystemId::ALL.len()] =
            [$(crate::systems::algo_docs(&$sspec),)*];

        impl AlgoId {
            /// Every algorithm, then every system, in menu order.
            pub const ALL: [AlgoId; [$(stringify!($variant),)* $(stringify!($system),)*].len()] =
                [$(AlgoId::$variant,)* $(AlgoId::$system,)*];

            /// Its description.
            pub const fn spec(self) -> &'static AlgoSpec {
                match self {
                    $(AlgoId::$variant => &$spec,)*
                    $(AlgoId::$system => &SYSTEM_SPECS[SystemId::$system as usize],)*
                }
            }

            /// What it is, in English.
            pub fn docs(self) -> &'static AlgoDocs {
                match self {
                    $(AlgoId::$variant => &$docs,)*
                    $(AlgoId::$system => &SYSTEM_DOCS[SystemId::$system as usize],)*
                }
            }

            /// The real system it is, if it is one.
            pub const fn system(self) -> Option<SystemId> {
                match self {
                    $(AlgoId::$system => Some(SystemId::$system),)*
                    _ => None,
                }
            }
        }

        impl SystemId {
            /// Its description.
            pub const fn spec(self) -> &'static crate::systems::SystemSpec {
                match self {
                    $(SystemId::$system => &$sspec,)*
                }
            }

            /// Its entry among the algorithms.
            pub const fn algo(self) -> AlgoId {
                match self {
                    $(SystemId::$system => AlgoId::$system,)*
                }
            }
        }
    };
}

algorithms! {
    /// A ring with virtual nodes.
    Virtual => ring::VIRTUAL, ring::VIRTUAL_DOCS,
    /// A ring with one point per node.
    SinglePoint => ring::SINGLE_POINT, ring::SINGLE_POINT_DOCS,
    /// Multi-probe consistent hashing (go-mpchash).
    MultiProbe => multiprobe::SPEC, multiprobe::DOCS,
    /// ketama (libketama, the Java memcached client).
    Ketama => ketama::SPEC, ketama::DOCS,
    /// go-zero's `core/hash` ring.
    GoZero => gozero::SPEC, gozero::DOCS,
    /// Consistent hashing with bounded loads.
    Bounded => bounded::SPEC, bounded::DOCS,
    /// `hash % n`.
    Modulo => modulo::SPEC, modulo::DOCS,
    /// Jump consistent hash.
    Jump => jump::SPEC, jump::DOCS,
    /// JumpBackHash (hash4j).
    JumpBack => jumpback::SPEC, jumpback::DOCS,
    /// FlipHash (the `fliphash` crate).
    FlipHash => fliphash::SPEC, fliphash::DOCS,
    /// BinomialHash (the SUPSI Java engine).
    Binomial => binomial::SPEC, binomial::DOCS,
    /// Power consistent hashing (the `power-consistent-hash` crate).
    Power => power::SPEC, power::DOCS,
    /// AnchorHash (the authors' C++).
    Anchor => anchor::SPEC, anchor::DOCS,
    /// DxHash (the authors' C++).
    Dx => dx::SPEC, dx::DOCS,
    /// MementoHash (the C++ `MementoEngine`).
    Memento => memento::SPEC, memento::DOCS,
    /// A slot table.
    SlotTable => slots::SPEC, slots::DOCS,
    /// Maglev's lookup table.
    Maglev => maglev::SPEC, maglev::DOCS,
    /// Rendezvous hashing.
    Rendezvous => rendezvous::SPEC, rendezvous::DOCS,
    ; systems:
    /// nginx `hash $key consistent`.
    Nginx => systems::nginx::CONSISTENT,
    /// nginx plain `hash $key`.
    NginxHash => systems::nginx::PLAIN,
    /// HAProxy `hash-type consistent`.
    Haproxy => systems::haproxy::SPEC,
    /// Envoy's ring hash load balancer.
    EnvoyRingHash => systems::envoy::RING_HASH,
    /// Envoy's Maglev load balancer.
    EnvoyMaglev => systems::envoy::MAGLEV,
    /// twemproxy (nutcracker), `distribution: ketama`, `hash: fnv1a_64`.
    Twemproxy => systems::twemproxy::KETAMA,
    /// twemproxy, `distribution: modula`, `hash: fnv1a_64`.
    TwemproxyModula => systems::twemproxy::MODULA,
    /// Redis Cluster, slots split by `redis-cli --cluster create`.
    RedisCluster => systems::redis::SPEC,
    /// Cassandra's Murmur3Partitioner, one evenly spaced token per node.
    Cassandra => systems::cassandra::SPEC,
    /// Cassandra's Murmur3Partitioner, `num_tokens` random tokens per node.
    CassandraVnodes => systems::cassandra::VNODES,
    /// groupcache's `consistenthash`.
    Groupcache => systems::groupcache::SPEC,
    /// stathat/consistent.
    Stathat => systems::stathat::SPEC,
    /// Guava's `Hashing.consistentHash`.
    Guava => systems::guava::SPEC,
    /// buraksezer/consistent (bounded loads over partitions, XXH64).
    Buraksezer => systems::buraksezer::SPEC,
    /// Riak KV (riak_core's chash ring, sequential claim).
    Riak => systems::riak::SPEC,
    /// libketama.
    Libketama => systems::memcached::LIBKETAMA,
    /// The Java memcached client (spymemcached `KetamaNodeLocator`).
    Spymemcached => systems::memcached::SPYMEMCACHED,
    /// go-zero's `core/hash` ring.
    GoZeroCoreHash => systems::memcached::GO_ZERO,
    /// pymemcache's `HashClient` (`RendezvousHash`).
    Pymemcache => systems::pymemcache::SPEC,
    /// Kafka's Java producer for keyed records (murmur2).
    Kafka => systems::kafka::KAFKA,
    /// librdkafka's default `consistent_random` partitioner (CRC-32).
    Librdkafka => systems::kafka::LIBRDKAFKA,
    /// Hazelcast's partition of a string key, as its Python client computes it.
    Hazelcast => systems::hazelcast::SPEC,
    /// Caddy's `reverse_proxy` with the `header` selection policy.
    Caddy => systems::caddy::SPEC,
    /// libmemcached's weighted ketama (PHP's `OPT_LIBKETAMA_COMPATIBLE`, pylibmc's ketama).
    Libmemcached => systems::libmemcached::KETAMA_WEIGHTED,
    /// libmemcached's `MEMCACHED_DISTRIBUTION_CONSISTENT` with one-at-a-time.
    LibmemcachedConsistent => systems::libmemcached::CONSISTENT,
    /// Dalli, Ruby's memcached client.
    Dalli => systems::dalli::SPEC,
    /// redis-rb's `Redis::Distributed`.
    RedisRb => systems::redis_rb::SPEC,
    /// predis' client-side sharding over `HashRing`.
    Predis => systems::predis::HASH_RING,
    /// predis' client-side sharding over `KetamaRing`.
    PredisKetama => systems::predis::KETAMA_RING,
    /// Ceph: object, placement group, CRUSH straw2.
    Ceph => systems::ceph::SPEC,
    /// Varnish's shard director.
    VarnishShard => systems::varnish::SPEC,
    /// RabbitMQ's consistent-hash exchange.
    RabbitmqConsistentHash => systems::rabbitmq::SPEC,
}

impl AlgoId {
    /// Its name ([`AlgoSpec::id`]).
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// The algorithm called `name`: its id or an alias, case ignored. Systems are named
    /// by [`SystemId::from_id`] (`--system`, `system=`), not here.
    pub fn from_name(name: &str) -> Option<AlgoId> {
        AlgoId::algorithms().find(|a| a.spec().is_called(name))
    }

    /// Every algorithm's id, for a message that lists them.
    pub fn ids() -> Vec<&'static str> {
        AlgoId::algorithms().map(|a| a.id()).collect()
    }

    /// The algorithms, without the systems, in menu order.
    pub fn algorithms() -> impl Iterator<Item = AlgoId> {
        AlgoId::ALL.into_iter().filter(|a| a.system().is_none())
    }

    /// Whether it is a real system's entry.
    pub const fn is_system(self) -> bool {
        self.system().is_some()
    }
}

impl fmt::Display for AlgoId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One parameter of one algorithm: the algorithm and the parameter's place in its
/// [`AlgoSpec::params`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParamRef {
    /// The algorithm.
    pub algo: AlgoId,
    /// The parameter's index in its list.
    pub index: u8,
}

impl ParamRef {
    /// Parameter `index` of `algo`.
    pub const fn new(algo: AlgoId, index: u8) -> ParamRef {
        ParamRef { algo, index }
    }

    /// Its description (the algorithm's first parameter for an index past its list, which
    /// no `ParamRef` made by [`ParamRef::all`] has).
    pub fn spec(self) -> &'static ParamSpec {
        let params = self.algo.spec().params;
        &params[usize::from(self.index).min(params.len().saturating_sub(1))]
    }

    /// Every parameter of every algorithm, algorithm by algorithm in menu order.
    pub fn all() -> impl Iterator<Item = ParamRef> {
        AlgoId::ALL.into_iter().flat_map(|algo| {
            (0..algo.spec().params.len()).map(move |i| ParamRef::new(algo, i as u8))
        })
    }

    /// Its place in [`ParamRef::all`]: where a table of every parameter keeps its entry.
    pub const fn position(self) -> usize {
        let mut n = 0;
        let mut a = 0;
        while a < self.algo as usize {
            n += AlgoId::ALL[a].spec().params.len();
            a += 1;
        }
        n + self.index as usize
    }

    /// Where option `option` of this (choice) parameter is in a table of every option of
    /// every choice parameter, in the order of [`ParamRef::all`].
    pub const fn option_position(self, option: usize) -> usize {
        let mut n = 0;
        let mut a = 0;
        while a <= self.algo as usize {
            let params = AlgoId::ALL[a].spec().params;
            let mut i = 0;
            while i < params.len() {
                if a == self.algo as usize && i == self.index as usize {
                    return n + option;
                }
                if let ParamKind::Choice { options, .. } = params[i].kind {
                    n += options.len();
                }
                i += 1;
            }
            a += 1;
        }
        n + option
    }
}

/// How many parameters all algorithms have together.
pub const PARAM_COUNT: usize = {
    let mut n = 0;
    let mut a = 0;
    while a < AlgoId::ALL.len() {
        n += AlgoId::ALL[a].spec().params.len();
        a += 1;
    }
    n
};

/// How many options all choice parameters have together.
pub const OPTION_COUNT: usize = {
    let mut n = 0;
    let mut a = 0;
    while a < AlgoId::ALL.len() {
        let params = AlgoId::ALL[a].spec().params;
        let mut i = 0;
        while i < params.len() {
            if let ParamKind::Choice { options, .. } = params[i].kind {
                n += options.len();
            }
            i += 1;
        }
        a += 1;
    }
    n
};

/// An algorithm with its parameters: what [`Config::algorithm`] holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Algorithm {
    /// Which algorithm.
    pub id: AlgoId,
    /// Its parameters' values.
    pub params: Params,
}

impl Algorithm {
    /// The algorithm with its parameters' defaults.
    pub fn new(id: AlgoId) -> Algorithm {
        Algorithm {
            id,
            params: Params::defaults(id.spec()),
        }
    }

    /// The same algorithm with parameter `i` set to `value`.
    pub fn with(mut self, i: usize, value: f64) -> Algorithm {
        self.params = self.params.with(i, value);
        self
    }

    /// Its description.
    pub fn spec(&self) -> &'static AlgoSpec {
        self.id.spec()
    }

    /// The hash this algorithm always uses, whatever [`Config::hash`] says, if it fixes one
    /// (ketama uses MD5, go-zero MurmurHash3).
    pub fn fixed_hash(&self) -> Option<HashFn> {
        self.spec().fixed_hash()
    }

    /// Whether the algorithm places nodes on a ring (and so has ring points to draw).
    pub fn is_ring(&self) -> bool {
        self.spec().picture == Picture::Ring
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_resolve() {
        let mut names: Vec<&str> = Vec::new();
        for s in SystemId::ALL {
            assert_eq!(SystemId::from_id(s.id()), Some(s));
            assert_eq!(s.algo().system(), Some(s));
            assert_eq!(s.algo().spec().id, s.id());
        }
        for a in AlgoId::algorithms() {
            assert_eq!(AlgoId::from_name(a.id()), Some(a));
            for alias in a.spec().aliases {
                assert_eq!(AlgoId::from_name(alias), Some(a));
            }
            names.push(a.id());
            names.extend(a.spec().aliases);
        }
        let before = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), before, "an algorithm name is used twice");
        assert_eq!(AlgoId::from_name("nope"), None);
    }

    #[test]
    fn parameter_positions_follow_the_listing() {
        let all: Vec<ParamRef> = ParamRef::all().collect();
        assert_eq!(all.len(), PARAM_COUNT);
        let mut options = 0;
        for (i, p) in all.iter().enumerate() {
            assert_eq!(p.position(), i);
            if let ParamKind::Choice { options: o, .. } = p.spec().kind {
                for k in 0..o.len() {
                    assert_eq!(p.option_position(k), options + k);
                }
                options += o.len();
            }
        }
        assert_eq!(options, OPTION_COUNT);
    }

    #[test]
    fn every_algorithm_documents_each_parameter() {
        for a in AlgoId::ALL {
            assert_eq!(a.docs().params.len(), a.spec().params.len(), "{a}");
            assert!(!a.docs().description.is_empty() && !a.docs().source.is_empty());
        }
    }

    #[test]
    fn parameter_keys_and_flags_are_unique_across_algorithms() {
        let mut keys: Vec<&str> = Vec::new();
        let mut flags: Vec<&str> = Vec::new();
        for a in AlgoId::ALL {
            let spec = a.spec();
            assert!(spec.params.len() <= MAX_PARAMS, "{a}: raise MAX_PARAMS");
            for p in spec.params {
                keys.push(p.key);
                flags.push(p.flag);
                assert!(
                    p.accepts(p.default_value()),
                    "{a}: {} default out of range",
                    p.key
                );
                assert!(
                    p.accepts(p.picture_default()),
                    "{a}: {} picture default",
                    p.key
                );
            }
            if let Some(i) = spec.vnodes_param {
                assert!(matches!(spec.params[i].kind, ParamKind::Whole { .. }));
            }
        }
        for list in [&mut keys, &mut flags] {
            let before = list.len();
            list.sort_unstable();
            list.dedup();
            assert_eq!(
                list.len(),
                before,
                "a parameter name is used by two algorithms"
            );
        }
    }
}
