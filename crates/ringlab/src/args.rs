//! The command line: subcommands and flags (clap derive), and the conversion of the
//! algorithm flags and the `--nodes` list into the core's [`Config`] and [`NodeSpec`]s.

use clap::{Arg, ArgGroup, ArgMatches, Args, Parser, Subcommand, ValueEnum};
use ring_core::buckets::{BucketAlgo, Removal};
use ring_core::error::{
    MAX_NODES, MAX_REQUESTS, MAX_TIME_BUCKETS, MAX_TRAFFIC_KEYS, MAX_TRAFFIC_REPLICAS, MAX_VNODES,
    MAX_WEIGHT, MAX_ZIPF,
};
use ring_core::registry::{AlgoId, ParamKind, ParamRef, ParamSpec};
use ring_core::system_hash::AnyHash;
use ring_core::systems::{SystemId, SystemNode};
use ring_core::traffic::{Capacity, DEFAULT_BUCKETS};
use ring_core::{Algorithm, Config, HashFn, NodeSpec};

use crate::Failure;

/// What the exit statuses mean, shown under every help page.
const EXIT_STATUS: &str = "\
Exit status: 0 on success; 1 for bad data on standard input (a malformed line, a key that
is not a number); 2 for a bad command line (an unknown algorithm or hash, a bad weight, an
empty node list, a configuration the core refuses). Errors are one line on standard error:
`ringlab: <message>`.";

/// The command-line lab of the ring core: place keys, run jump hash and the other bucket
/// algorithms, reproduce Pan Zihao's balance study and measure how many keys move when a
/// node joins or leaves.
#[derive(Parser, Debug)]
#[command(name = "ringlab", version, after_help = EXIT_STATUS)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Place keys read from standard input, one a line: prints `key<TAB>node` per key.
    #[command(after_help = ASSIGN_HELP)]
    Assign(AssignArgs),
    /// Jump consistent hash of unsigned 64-bit decimal keys from standard input: prints
    /// `key<TAB>bucket` per key.
    #[command(after_help = EXIT_STATUS)]
    Jump(JumpArgs),
    /// A bucket algorithm of the core's list (`ringlab list buckets`) on unsigned 64-bit
    /// decimal keys from standard input, with removals: prints `key<TAB>bucket` per key.
    #[command(after_help = bucket_help())]
    Bucket(BucketArgs),
    /// Pan Zihao's balance study: R1, R2 and R3 of the nodes' shares of the hash space,
    /// for several node counts and virtual-node counts.
    #[command(after_help = BALANCE_HELP)]
    Balance(BalanceArgs),
    /// How many keys move when one node joins or leaves, against the ideal, and between
    /// which nodes.
    #[command(after_help = MOVE_HELP)]
    Move(MoveArgs),
    /// What one change costs a cache cluster: Zipf requests over the keys, an LRU cache per
    /// node and a backing store; the hit rate and the store's load before and after.
    #[command(after_help = SIMULATE_HELP)]
    Simulate(SimulateArgs),
    /// The field's comparison table: balance, monotonicity under removals, memory, build
    /// and lookup times, per algorithm and node count.
    #[command(after_help = STUDY_HELP)]
    Study(StudyArgs),
    /// What the registry holds: one line per algorithm, bucket algorithm or hash function,
    /// `id<TAB>description<TAB>parameters` (or JSON with `--format json`).
    #[command(after_help = EXIT_STATUS)]
    List(ListArgs),
    /// Hash keys read from standard input, one a line, with a system's or the app's hash
    /// function: prints `key<TAB>value` in decimal.
    #[command(after_help = HASH_HELP)]
    Hash(HashArgs),
    /// The quiz of a seed, as the app's `quiz=SEED` asks it, with its answers: six
    /// questions on small clusters, each answered by the core.
    #[command(after_help = EXIT_STATUS)]
    Quiz(QuizArgs),
}

/// `ringlab quiz`.
#[derive(Args, Debug)]
pub struct QuizArgs {
    /// The quiz's seed (the app's `quiz=`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The algorithm of a cluster of your own (with --nodes), as the app's Quiz view shows
    /// the flags for its lab.
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// A cluster of your own, `name[=weight],...` (2 to 12 nodes): the first three questions
    /// ask about it instead of clusters drawn from the seed. Its algorithm must be virtual,
    /// ketama, modulo, maglev or rendezvous.
    #[arg(long, value_name = "LIST")]
    pub nodes: Option<String>,
    /// With --nodes: virtual nodes per node.
    #[arg(long, default_value_t = 100, value_name = "N", allow_negative_numbers = true,
          value_parser = whole("a virtual-node count", 1, MAX_VNODES))]
    pub vnodes: u32,
    /// Output format: the questions and answers as text, or JSON.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `ringlab hash`.
#[derive(Args, Debug)]
pub struct HashArgs {
    /// The hash function (see --help for the list).
    #[arg(long, value_name = "NAME", value_parser = parse_any_hash,
          long_help = any_hash_help())]
    pub hash: AnyHash,
}

const HASH_HELP: &str = "\
Values are decimal: unsigned, except cassandra-murmur3 (the signed 64-bit token) and sha1
(the 160-bit digest as one number). Keys are the lines of standard input without the line
end; an empty line is an error.

Example:
  printf 'hello\\n' | ringlab hash --hash crc16-xmodem
  hello\t50018

Exit status: 0 on success; 1 for bad data on standard input; 2 for a bad command line.
Errors are one line on standard error: `ringlab: <message>`.";

fn parse_any_hash(s: &str) -> Result<AnyHash, String> {
    AnyHash::find(s).ok_or_else(|| {
        let names: Vec<&str> = AnyHash::all().map(AnyHash::id).collect();
        format!("unknown hash {s:?}: use one of {}", names.join(", "))
    })
}

fn any_hash_help() -> String {
    let mut help = String::from("The hash function:\n");
    for h in AnyHash::all() {
        help.push_str(&format!("\n  {:<18} {}", h.id(), h.description()));
    }
    help
}

/// The flags that choose a real system instead of an algorithm: `--system` and its
/// `--param`s.
#[derive(Args, Debug, Clone)]
pub struct SystemArgs {
    /// A real system, placing keys by its own rules (`ringlab list systems`); --algo,
    /// --hash and the algorithm flags are then not used.
    #[arg(long, value_name = "NAME", value_parser = parse_system, long_help = system_help())]
    pub system: Option<SystemId>,
    /// A parameter of the system, `NAME=VALUE` (repeatable), e.g. `min-ring-size=12`.
    #[arg(long = "param", value_name = "NAME=VALUE", requires = "system",
          value_parser = parse_system_param)]
    pub params: Vec<(String, u64)>,
}

impl SystemArgs {
    /// The parameters as the core takes them.
    pub fn param_refs(&self) -> Vec<(&str, u64)> {
        self.params.iter().map(|(n, v)| (n.as_str(), *v)).collect()
    }
}

fn parse_system(s: &str) -> Result<SystemId, String> {
    SystemId::from_id(s).ok_or_else(|| {
        format!(
            "unknown system {s:?}: use one of {}",
            SystemId::ids().join(", ")
        )
    })
}

fn parse_system_param(s: &str) -> Result<(String, u64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?} is not NAME=VALUE"))?;
    let value = value
        .trim()
        .parse::<u64>()
        .map_err(|_| format!("{name}: {value:?} is not a whole number"))?;
    Ok((name.trim().to_string(), value))
}

fn system_help() -> String {
    let mut help = String::from(
        "A real system, placing keys by its own rules (see `ringlab list systems`):\n",
    );
    for s in SystemId::ALL {
        let spec = s.spec();
        let weights = match (spec.weights.default_weight(), spec.weights.range()) {
            (Some(default), Some((min, max))) => {
                let show = |w| spec.weights.show(w);
                format!(
                    "weights {}..={}, default {}: {}",
                    show(min),
                    show(max),
                    show(default),
                    spec.weights.meaning()
                )
            }
            _ => "no weights".to_string(),
        };
        help.push_str(&format!(
            "\n  {:<17} {}\n  {:<17} nodes: {}; {weights}",
            spec.id, spec.description, "", spec.node_syntax
        ));
        for p in spec.params {
            help.push_str(&format!(
                "\n  {:<17} --param {}={} ({}, {}..={})",
                "", p.name, p.default, p.description, p.min, p.max
            ));
        }
    }
    help
}

/// Parses `--nodes` for `system`: `name[=weight],...`, a weight only where written (the
/// system's default otherwise; a system without weights refuses one).
pub fn parse_system_nodes(system: SystemId, list: &str) -> Result<Vec<SystemNode>, Failure> {
    if list.trim().is_empty() {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(|entry| parse_system_node(system, entry))
        .collect()
}

/// One `name[=weight]` for `system`: the weight follows the last '=', a whole number or,
/// where the system's weights are decimals (Ceph, Varnish), a decimal with at most two
/// places.
pub fn parse_system_node(system: SystemId, entry: &str) -> Result<SystemNode, Failure> {
    let entry = entry.trim();
    match entry.rsplit_once('=') {
        None => Ok(SystemNode::new(entry)),
        Some((name, weight)) => {
            let (name, weight) = (name.trim(), weight.trim());
            system
                .spec()
                .weights
                .parse(weight)
                .map(|w| SystemNode::weighted(name, w))
                .map_err(|why| {
                    Failure::Usage(format!("node {name:?} has weight {weight:?}: {why}"))
                })
        }
    }
}

/// `ringlab list`.
#[derive(Args, Debug)]
pub struct ListArgs {
    /// What to list.
    #[arg(value_enum)]
    pub what: Listed,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// What `ringlab list` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Listed {
    /// The placement algorithms, with their parameters
    Algorithms,
    /// The bucket algorithms of `ringlab bucket`, with their flags
    Buckets,
    /// The hash functions, with their widths
    Hashes,
    /// The real systems of `--system`, with their sources
    Systems,
}

/// Output formats of `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// One line per entry: id, description and parameters, separated by tabs
    Text,
    /// A JSON array of objects
    Json,
}

const ASSIGN_HELP: &str = "\
Keys are the lines of standard input without the line end (\\n or \\r\\n); an empty line is
an error. Output is streamed line by line, except for `--algo bounded`, whose answer depends
on every key before: it reads all keys first and places them in input order.

With `--system NAME` a real system places the keys by its own rules (`ringlab list
systems`): a node's weight means what the system means by it (nginx's `weight=`, HAProxy's
`weight`, Envoy's `load_balancing_weight`, twemproxy's `:weight`, libketama's memory; Ceph's
CRUSH weight and Varnish's weight are decimals, `osd.5=1.25`), a node without one takes the
system's default, and a system without weights refuses one. A
key the system cannot take (an empty key for nginx, a space for twemproxy) stops with a
one-line error naming the key and exit status 2.

Examples:
  printf 'test\\n' | ringlab assign --algo ketama --nodes '127.0.0.1:11211=600,127.0.0.1:11212=400'
  test\t127.0.0.1:11211
  printf 'hello\\n' | ringlab assign --system nginx --nodes '127.0.0.1:8081,127.0.0.1:8082=2,127.0.0.1:8083'
  hello\t127.0.0.1:8082

Exit status: 0 on success; 1 for bad data on standard input; 2 for a bad command line.
Errors are one line on standard error: `ringlab: <message>`.";

/// The ids of the bucket algorithms for which `which` holds, in listing order.
fn bucket_ids(which: impl Fn(BucketAlgo) -> bool) -> String {
    let ids: Vec<&str> = BucketAlgo::ALL
        .into_iter()
        .filter(|&a| which(a))
        .map(BucketAlgo::id)
        .collect();
    ids.join(", ")
}

fn bucket_help() -> String {
    format!(
        "\
Buckets 0 .. N-1 start working, then the buckets of --removed are removed in order. Each
algorithm refuses a flag it does not take and a removal it cannot make:
  --capacity A    {capacity}: A buckets in all, working or not (default N)
  --seed S        {seed} (default 0)
  --removed B,... any working bucket: {any}
                  only the last bucket, each time: {last}
                  (functions of the bucket count: `--buckets 10 --removed 9,8` is 8 buckets)
`ringlab list buckets` lists each algorithm with its flags and the code it is exact to.

Example:
  printf '1\\n' | ringlab bucket --algo memento --buckets 10 --removed 3,7
  1\t6

Exit status: 0 on success; 1 for bad data on standard input (a key that is not an unsigned
64-bit decimal number); 2 for a bad command line (a flag the algorithm does not take, a
removal it cannot make, a bucket count out of its range). Errors are one line on standard
error: `ringlab: <message>`.",
        capacity = bucket_ids(BucketAlgo::takes_capacity),
        any = bucket_ids(|a| a.removal() == Removal::AnyWorking),
        last = bucket_ids(|a| a.removal() == Removal::LastOnly),
        seed = bucket_ids(BucketAlgo::takes_seed),
    )
}

const BALANCE_HELP: &str = "\
Nodes are named 192.168.1.1 ... 192.168.1.n. Each node's share is the part of the hash space
(or of the slots, or of the table) it owns. R1 = largest share / smallest share; R2 = the
fraction of nodes within 10% of the mean share; R3 = within 2%.

With the default algorithm (vnodes), virtual node j of node i is named `192.168.1.i#j`
(j from 0), and a virtual-node count of 1 means the basic ring of the paper: one point per
node at hash(\"192.168.1.i\"). The defaults reproduce the study: md5, node counts 10 to 100,
1, 30, 100 and 1000 virtual nodes.

Exit status: 0 on success; 2 for a bad command line.";

const MOVE_HELP: &str = "\
Generated keys (`--keys N --seed S`, the default) are `user:<n>:<abc>`: a splitmix64
generator seeded with S gives one 64-bit value x per key; n = (x >> 32) mod 1,000,000 and
the three letters are 'a' + (x >> 5k & 31) mod 26 for k = 0, 1, 2. The same N and S always
give the same keys; a key may rarely repeat, and then counts once per repetition.

A joining node is added after the others; a leaving node is removed where it stands. Jump
hash can only lose its last node (the core says so).

Exit status: 0 on success; 1 for bad data on standard input; 2 for a bad command line.
Errors are one line on standard error: `ringlab: <message>`.";

/// The flags that choose and tune the algorithm, shared by every subcommand that builds one:
/// `--algo`, `--hash`, and one flag per parameter of every algorithm in the registry
/// ([`ring_core::registry`]), so that the flags are the registry's, not a list of their own.
#[derive(Debug, Clone, PartialEq)]
pub struct AlgoArgs {
    /// The placement algorithm.
    pub algo: AlgoId,
    /// `--hash`, if given.
    pub hash: Option<HashFn>,
    /// The parameter flags given, with their text: read by [`AlgoArgs::algorithm`].
    given: Vec<(&'static str, String)>,
}

/// Every parameter of every algorithm, with its description.
fn all_params() -> impl Iterator<Item = (ParamRef, &'static ParamSpec, &'static str)> {
    ParamRef::all().map(|p| {
        let description = p.algo.docs().params.get(usize::from(p.index));
        (p, p.spec(), description.copied().unwrap_or_default())
    })
}

fn algo_help() -> String {
    let mut help = String::from("The placement algorithm (older names in brackets still work):\n");
    for a in AlgoId::algorithms() {
        let spec = a.spec();
        let aliases = if spec.aliases.is_empty() {
            String::new()
        } else {
            format!(" [{}]", spec.aliases.join(", "))
        };
        help.push_str(&format!(
            "\n  {:<11} {}{aliases}",
            spec.id,
            a.docs().description
        ));
    }
    help
}

fn param_help(param: ParamRef, p: &ParamSpec, description: &str) -> String {
    let algo = param.algo;
    let default = match p.kind {
        ParamKind::Whole { default, .. } => default.to_string(),
        ParamKind::Real { default, .. } => default.to_string(),
        ParamKind::Choice { options, default } => options
            .get(default)
            .copied()
            .unwrap_or_default()
            .to_string(),
    };
    let from_vnodes = if algo.spec().vnodes_param == Some(usize::from(param.index)) {
        "; default: --vnodes"
    } else {
        ""
    };
    format!(
        "{} ({} only; {}{}) [default: {default}{from_vnodes}]",
        capitalized(description),
        algo.id(),
        p.range_text(),
        if p.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", p.unit)
        },
    )
}

fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn parse_algo(s: &str) -> Result<AlgoId, String> {
    AlgoId::from_name(s).ok_or_else(|| {
        format!(
            "unknown algorithm {s:?}: use one of {}",
            AlgoId::ids().join(", ")
        )
    })
}

impl clap::FromArgMatches for AlgoArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let algo = matches
            .get_one::<AlgoId>("algo")
            .copied()
            .unwrap_or(AlgoId::Virtual);
        let hash = matches.get_one::<HashFn>("hash").copied();
        let mut given: Vec<(&'static str, String)> = all_params()
            .filter_map(|(_, p, _)| {
                matches
                    .get_one::<String>(p.flag)
                    .map(|v| (p.flag, v.clone()))
            })
            .collect();
        // `--seeds S0,S1` is go-mpchash's pair of seeds: `--seed0 S0 --seed1 S1`.
        if let Some(pair) = matches.get_one::<String>(SEEDS) {
            let mut parts = pair.splitn(2, ',');
            for flag in SEED_PAIR {
                given.push((flag, parts.next().unwrap_or_default().trim().to_string()));
            }
        }
        Ok(AlgoArgs { algo, hash, given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = AlgoArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The flag that gives both of multi-probe's seeds at once, as `S0,S1`.
const SEEDS: &str = "seeds";
/// The parameter flags `--seeds` stands for, in order.
const SEED_PAIR: [&str; 2] = ["seed0", "seed1"];

impl clap::Args for AlgoArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd
            .arg(
                Arg::new(SEEDS)
                    .long(SEEDS)
                    .value_name("S0,S1")
                    .conflicts_with_all(SEED_PAIR)
                    .help("multiprobe: both seeds at once, as --seed0 S0 --seed1 S1"),
            )
            .arg(
                Arg::new("algo")
                    .long("algo")
                    .value_name("NAME")
                    .default_value(AlgoId::Virtual.id())
                    .value_parser(parse_algo)
                    .help("The placement algorithm (see --help for the list)")
                    .long_help(algo_help()),
            )
            .arg(
                Arg::new("hash")
                    .long("hash")
                    .value_name("NAME")
                    .value_parser(parse_hash)
                    .help("Hash of keys and node names [default: murmur3-64; md5 for `balance`]")
                    .long_help(hash_help()),
            );
        for (param, p, description) in all_params() {
            cmd = cmd.arg(
                Arg::new(p.flag)
                    .long(p.flag)
                    .value_name(match p.kind {
                        ParamKind::Choice { .. } => "NAME",
                        _ => "N",
                    })
                    .allow_negative_numbers(true)
                    .help(param_help(param, p, description)),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        AlgoArgs::augment_args(cmd)
    }
}

/// Reads one parameter's text. A whole number the type holds is passed on even if out of
/// range, and so is any number for a real parameter, so that the core refuses it in its own
/// words (the same as the web app's); text that is not a number is refused here, with the
/// range.
fn read_param(p: &ParamSpec, description: &str, text: &str) -> Result<f64, Failure> {
    let flag = p.flag;
    let text = text.trim();
    match p.kind {
        ParamKind::Whole { min, max, .. } => text.parse::<u32>().map(f64::from).map_err(|_| {
            Failure::Usage(format!(
                "invalid value '{text}' for '--{flag}': {description} is a whole number from {min} to {max}",
            ))
        }),
        ParamKind::Real { above, max, .. } => text.parse::<f64>().map_err(|_| {
            Failure::Usage(format!(
                "invalid value '{text}' for '--{flag}': {description} is a number above {above} and at most {max}",
            ))
        }),
        ParamKind::Choice { options, .. } => p.option(text).map(|i| i as f64).ok_or_else(|| {
            Failure::Usage(format!(
                "invalid value '{text}' for '--{flag}': unknown {flag} {text:?}: use one of {}",
                options.join(", ")
            ))
        }),
    }
}

impl AlgoArgs {
    /// The algorithm with these flags (`vnodes`: the command's virtual-node count, which an
    /// algorithm whose virtual nodes have their own name takes when its flag is not given).
    /// Flags of other algorithms' parameters are checked and ignored.
    pub fn algorithm(&self, vnodes: u32) -> Result<Algorithm, Failure> {
        let spec = self.algo.spec();
        let mut algorithm = Algorithm::new(self.algo);
        if let Some(i) = spec.vnodes_param {
            algorithm = algorithm.with(i, f64::from(vnodes));
        }
        for (flag, text) in &self.given {
            if let Some((_, p, description)) = all_params().find(|(_, p, _)| p.flag == *flag) {
                let value = read_param(p, description, text)?;
                if let Some((i, _)) = spec.param_by_flag(flag) {
                    algorithm = algorithm.with(i, value);
                }
            }
        }
        Ok(algorithm)
    }

    /// The configuration for these flags, `vnodes` virtual nodes per node and `default_hash`
    /// unless `--hash` was given.
    pub fn config(&self, vnodes: u32, default_hash: HashFn) -> Result<Config, Failure> {
        Ok(Config::new(self.algorithm(vnodes)?)
            .with_hash(self.hash.unwrap_or(default_hash))
            .with_vnodes(vnodes))
    }
}

/// `ringlab assign`.
#[derive(Args, Debug)]
pub struct AssignArgs {
    #[command(flatten)]
    pub algo: AlgoArgs,
    #[command(flatten)]
    pub system: SystemArgs,
    /// The nodes: `name[=weight],...`, e.g. "10.0.1.1:11211=600,10.0.1.2:11211=300". A name
    /// may contain ':' and '='; the weight follows the last '=' (default 100).
    #[arg(long, value_name = "LIST")]
    pub nodes: String,
    /// Virtual nodes per node (vnodes, bounded; go-zero's replicas).
    #[arg(long, default_value_t = 100, value_name = "N", allow_negative_numbers = true,
          value_parser = whole("a virtual-node count", 1, MAX_VNODES))]
    pub vnodes: u32,
    /// With --system: print each key's preference list as the system makes it (Riak's
    /// n-val partitions, Cassandra's SimpleStrategy replication-factor replicas), the
    /// nodes separated by commas, instead of its one node.
    #[arg(long, requires = "system")]
    pub preference_list: bool,
}

/// `ringlab jump`.
#[derive(Args, Debug)]
pub struct JumpArgs {
    /// The number of buckets; keys land in 0 .. N-1.
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = parse_buckets)]
    pub buckets: u32,
}

/// `ringlab bucket`.
#[derive(Args, Debug)]
pub struct BucketArgs {
    /// The bucket algorithm (see --help for the list).
    #[arg(long, value_name = "NAME", value_parser = parse_bucket_algo,
          long_help = bucket_algo_help())]
    pub algo: BucketAlgo,
    /// The number of buckets N; buckets 0 .. N-1 start working.
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = whole("a bucket count", 1, u32::MAX))]
    pub buckets: u32,
    /// The capacity A, the buckets working or not [default: N].
    #[arg(long, value_name = "A", allow_negative_numbers = true,
          value_parser = whole("a capacity", 1, u32::MAX),
          help = format!("The capacity A, the buckets working or not ({} only) [default: N]",
                         bucket_ids(BucketAlgo::takes_capacity)))]
    pub capacity: Option<u32>,
    /// Buckets to remove, in order.
    #[arg(long, value_name = "B,...", value_delimiter = ',', allow_negative_numbers = true,
          value_parser = whole("a bucket", 0, u32::MAX),
          help = format!("Buckets to remove, in order: any working bucket for {}; only the last for {}",
                         bucket_ids(|a| a.removal() == Removal::AnyWorking),
                         bucket_ids(|a| a.removal() == Removal::LastOnly)))]
    pub removed: Vec<u32>,
    /// The seed [default: 0].
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = whole_u64("a seed", 0, u64::MAX),
          help = format!("The seed ({} only) [default: 0]", bucket_ids(BucketAlgo::takes_seed)))]
    pub seed: Option<u64>,
}

fn parse_bucket_algo(s: &str) -> Result<BucketAlgo, String> {
    BucketAlgo::from_id(s).ok_or_else(|| {
        format!(
            "unknown bucket algorithm {s:?}: use one of {}",
            BucketAlgo::ids().join(", ")
        )
    })
}

fn bucket_algo_help() -> String {
    let mut help = String::from("The bucket algorithm:\n");
    for a in BucketAlgo::ALL {
        let mut takes = Vec::new();
        if a.takes_capacity() {
            takes.push("--capacity");
        }
        if a.takes_seed() {
            takes.push("--seed");
        }
        takes.push(match a.removal() {
            Removal::LastOnly => "removes its last bucket only",
            Removal::AnyWorking => "removes any working bucket",
        });
        help.push_str(&format!(
            "\n  {:<9} {} ({})",
            a.id(),
            a.description(),
            takes.join("; ")
        ));
    }
    help
}

/// Output formats of `balance`, `study` and `simulate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned table
    Text,
    /// One row per cell (balance: algorithm,hash,nodes,vnodes,r1,r2,r3; study: one per
    /// algorithm and node count, algo,nodes,keys,peak_to_mean,min_to_mean,cv,…; simulate:
    /// one per time bucket)
    Csv,
    /// One object with the parameters and a list of cells
    Json,
}

/// `ringlab balance`.
#[derive(Args, Debug)]
pub struct BalanceArgs {
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// Node counts, one row each.
    #[arg(
        long,
        value_name = "N,...",
        value_delimiter = ',',
        default_value = "10,20,30,40,50,60,70,80,90,100",
        value_parser = ranged("a node count", 1, MAX_NODES as u32)
    )]
    pub nodes_list: Vec<u32>,
    /// Virtual-node counts, one column group each.
    #[arg(
        long,
        value_name = "N,...",
        value_delimiter = ',',
        default_value = "1,30,100,1000",
        value_parser = ranged("a virtual-node count", 1, MAX_VNODES)
    )]
    pub vnodes_list: Vec<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `ringlab move`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("change").required(true).args(["join", "leave"])))]
pub struct MoveArgs {
    #[command(flatten)]
    pub algo: AlgoArgs,
    #[command(flatten)]
    pub system: SystemArgs,
    /// The nodes before the change: `name[=weight],...` as for `assign`.
    #[arg(long, value_name = "LIST")]
    pub nodes: String,
    /// Virtual nodes per node (vnodes, bounded; go-zero's replicas).
    #[arg(long, default_value_t = 100, value_name = "N", allow_negative_numbers = true,
          value_parser = whole("a virtual-node count", 1, MAX_VNODES))]
    pub vnodes: u32,
    /// A node that joins: `name[=weight]`.
    #[arg(long, value_name = "NAME[=W]")]
    pub join: Option<String>,
    /// A node that leaves, by name.
    #[arg(long, value_name = "NAME")]
    pub leave: Option<String>,
    /// How many keys to generate.
    #[arg(long, default_value_t = 100_000, value_name = "N", allow_negative_numbers = true,
          value_parser = whole_u64("a key count", 1, MAX_MOVE_KEYS))]
    pub keys: u64,
    /// The generator's seed.
    #[arg(long, default_value_t = 1, value_name = "S", allow_negative_numbers = true,
          value_parser = whole_u64("a seed", 0, u64::MAX))]
    pub seed: u64,
    /// Read the keys from standard input, one a line, instead of generating them.
    #[arg(long, conflicts_with_all = ["keys", "seed"])]
    pub stdin: bool,
}

const SIMULATE_HELP: &str = "\
Keys are those of `ringlab move` (`--keys N --seed S`), standard input (`--stdin`) or a file
(`--key-file PATH`), one a line. Each request names a key drawn with Zipf popularity: the
key of popularity rank r (1 the hottest, a seeded permutation of the keys) is drawn with
weight 1/r^s; s = 0 is uniform. Caches start warm: each holds its own keys, or with
--cache-keys C its C most popular; every miss goes to the backing store. At request --at
(default: half-way) the change applies; a moved key misses at its new node until fetched
once. --up names a node of --nodes that is down (and empty) until then.

The requests are cut into --buckets equal time buckets. \"before\" is the last bucket that
ends at or before the change, \"just after\" the first that starts at or after it. With
--copies R (ring algorithms) each key has R copies and a down node's reads go to the next
replica, which already holds them; with bounded loads a node takes at most
ceil((1 + ε) × mean) requests per bucket, and the rest go on clockwise to the next node with
room, which serves them from the store.

Output: text (the lines `hit rate before: X%` and `hit rate just after: Y%`, the store's
load, then a table per node and the hottest keys); CSV, one row per time bucket
(bucket,start,requests,hits,misses,hit_rate,overflow,failover, then each node's requests);
JSON, one object with hit_rate_before, hit_rate_after (0 to 1, null where there is no such
bucket), requests_per_node (name: requests), nodes, buckets and hot_keys.

The same flags always give the same output. Limits: 10,000,000 keys, 1,000,000,000
requests (10,000,000 take under a second here), 10,000 buckets, Zipf 0 to 1.5, 10 copies.

Example:
  ringlab simulate --algo modulo --nodes a,b,c,d --join e --zipf 0 --requests 200000

Exit status: 0 on success; 1 for bad data on standard input or in the key file; 2 for a bad
command line. Errors are one line on standard error: `ringlab: <message>`.";

/// `--cache-keys`: a capacity in keys, or `all`.
fn parse_cache_keys(s: &str) -> Result<Capacity, String> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("all") {
        return Ok(Capacity::All);
    }
    match s.parse::<u32>() {
        // Out of range but a number: the core refuses it in its own words.
        Ok(n) => Ok(Capacity::Keys(n)),
        Err(_) => Err(format!(
            "a cache size is a whole number of keys from 1 to {MAX_TRAFFIC_KEYS}, or `all`"
        )),
    }
}

/// A Zipf exponent: any number is passed on, for the core to check its range.
fn parse_zipf(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .map_err(|_| format!("a Zipf exponent is a number from 0 to {MAX_ZIPF}"))
}

/// `ringlab simulate`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("change").required(true)
    .args(["join", "leave", "down", "up", "reweight"])))]
pub struct SimulateArgs {
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// The nodes: `name[=weight],...` as for `assign` (with --up, the down node too).
    #[arg(long, value_name = "LIST")]
    pub nodes: String,
    /// Virtual nodes per node (vnodes, bounded; go-zero's replicas).
    #[arg(long, default_value_t = 100, value_name = "N", allow_negative_numbers = true,
          value_parser = whole("a virtual-node count", 1, MAX_VNODES))]
    pub vnodes: u32,
    /// A node that joins: `name[=weight]`.
    #[arg(long, value_name = "NAME[=W]")]
    pub join: Option<String>,
    /// A node that leaves, by name; its cache goes with it.
    #[arg(long, value_name = "NAME")]
    pub leave: Option<String>,
    /// A node that goes down, by name.
    #[arg(long, value_name = "NAME")]
    pub down: Option<String>,
    /// A node of --nodes that is down from the start and comes up, by name.
    #[arg(long, value_name = "NAME")]
    pub up: Option<String>,
    /// A node's new weight: `name=weight`.
    #[arg(long, value_name = "NAME=W")]
    pub reweight: Option<String>,
    /// How many keys to generate.
    #[arg(long, default_value_t = 100_000, value_name = "N", allow_negative_numbers = true,
          value_parser = whole_u64("a key count", 1, MAX_TRAFFIC_KEYS as u64))]
    pub keys: u64,
    /// The seed of the keys and of the requests.
    #[arg(long, default_value_t = 1, value_name = "S", allow_negative_numbers = true,
          value_parser = whole_u64("a seed", 0, u64::MAX))]
    pub seed: u64,
    /// Read the keys from standard input, one a line, instead of generating them.
    #[arg(long, conflicts_with_all = ["keys", "key_file"])]
    pub stdin: bool,
    /// Read the keys from this file, one a line, instead of generating them.
    #[arg(long, value_name = "PATH", conflicts_with = "keys")]
    pub key_file: Option<std::path::PathBuf>,
    /// How many requests to simulate.
    #[arg(long, default_value_t = 1_000_000, value_name = "N", allow_negative_numbers = true,
          value_parser = whole_u64("a request count", 1, MAX_REQUESTS))]
    pub requests: u64,
    /// The Zipf exponent s of the keys' popularity: 0 (uniform) to 1.5.
    #[arg(long, default_value_t = 1.0, value_name = "S", allow_negative_numbers = true,
          value_parser = parse_zipf)]
    pub zipf: f64,
    /// Each node's cache: a number of keys, or `all` (every key it is sent).
    #[arg(long, default_value = "all", value_name = "C|all", allow_negative_numbers = true,
          value_parser = parse_cache_keys)]
    pub cache_keys: Capacity,
    /// The request at which the change applies [default: half the requests].
    #[arg(long, value_name = "REQUEST", allow_negative_numbers = true,
          value_parser = whole_u64("a request number", 0, MAX_REQUESTS))]
    pub at: Option<u64>,
    /// How many time buckets the requests are cut into.
    #[arg(long, default_value_t = DEFAULT_BUCKETS, value_name = "N", allow_negative_numbers = true,
          value_parser = ranged("a bucket count", 1, MAX_TIME_BUCKETS))]
    pub buckets: u32,
    /// Copies of each key (ring algorithms): a down node's reads go to the next replica.
    /// (`--replicas` is go-zero's virtual nodes.)
    #[arg(long, default_value_t = 1, value_name = "R", allow_negative_numbers = true,
          value_parser = ranged("a replication factor", 1, MAX_TRAFFIC_REPLICAS))]
    pub copies: u32,
    /// Output format (CSV: one row per time bucket).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

const STUDY_HELP: &str = "\
Nodes are named 10.a.b.c:11211 (equal weights), keys user:<n>:<abc> from the seed. Each
algorithm takes its defaults, --vnodes virtual nodes where it uses them (go-zero's
replicas too) and MurmurHash3 unless it fixes its hash.

Balance: max/mean (peak-to-mean), min/mean and the coefficient of variation of the nodes'
loads with 100 keys per node (\"keyed\", sampling noise included), and of the key space:
from the exact shares where the placement is a ring or a table that alone decides every
key (\"exact\"), otherwise from 1,000,000 keys.

Monotonicity: 10%, 30% and 50% of the nodes removed at random (from the seed) and
last-first, then restored, on 100 keys per node (at most 1,000,000): keys moved over the
fewest that had to, surviving nodes that lost or gained keys, keys not back after the
restore, and the lookup time on the reduced placement. A removal the algorithm refuses
(jump hash loses only its last node) is n/a.

Cost: memory of the lookup structure, build time, lookup time per key. Times are this
machine's, single-threaded; everything else is the same on every run.

Work is bounded: a row may make at most 3,000,000,000 lookups (a rendezvous lookup counts
once per node), and the core builds at most its node limit; a study over the limits is
refused before anything is computed. Large rows take seconds each.

Example:
  ringlab study --algos virtual,jump,maglev --nodes 10,100,1000 --format csv

Exit status: 0 on success; 2 for a bad command line (an unknown algorithm, a node count
out of range, a study over the limits). Errors are one line on standard error:
`ringlab: <message>`.";

/// `ringlab study`.
#[derive(Args, Debug)]
pub struct StudyArgs {
    /// The algorithms, by registry name or alias (see `ringlab list algorithms`).
    #[arg(long, value_name = "A,...", value_delimiter = ',', required = true,
          value_parser = parse_algo)]
    pub algos: Vec<AlgoId>,
    /// Node counts, one row per algorithm each.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_value = "10,100,1000",
          value_parser = ranged("a node count", 1, MAX_STUDY_NODES))]
    pub nodes: Vec<u32>,
    /// Virtual nodes per node, for the algorithms that use them (go-zero's replicas).
    #[arg(long, default_value_t = 100, value_name = "N", allow_negative_numbers = true,
          value_parser = whole("a virtual-node count", 1, MAX_VNODES))]
    pub vnodes: u32,
    /// The seed of the keys and of the random removals.
    #[arg(long, default_value_t = 1, value_name = "S", allow_negative_numbers = true,
          value_parser = whole_u64("a seed", 0, u64::MAX))]
    pub seed: u64,
    /// Output format (CSV: one row per algorithm and node count).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The most nodes `study` takes on its command line: the field's tables go to a million.
/// The core's own limit ([`MAX_NODES`]) is lower today and refuses the rest in its words.
pub const MAX_STUDY_NODES: u32 = 1_000_000;

/// Most keys `move` generates: ten times the web app's limit, since a command has no frame
/// to keep (10,000,000 keys take a few seconds and about a gigabyte).
pub const MAX_MOVE_KEYS: u64 = 10_000_000;

/// A parser of a whole number whose refusal names the allowed range `min..=max`: clap's
/// own says only "invalid digit found in string" for `abc` or `-3`. A number the type holds
/// is passed on even if out of range, so that the core refuses it in its own words (the
/// same as the web app's: "0 virtual nodes per node: allowed are 1 to 10000").
fn whole(
    what: &'static str,
    min: u32,
    max: u32,
) -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    move |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("{what} is a whole number from {min} to {max}"))
    }
}

/// A whole number in `min..=max`, checked here.
fn ranged(
    what: &'static str,
    min: u32,
    max: u32,
) -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    move |s: &str| match s.trim().parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("{what} is a whole number from {min} to {max}")),
    }
}

/// A whole number in `min..=max`, checked here (no core rule covers it).
fn whole_u64(
    what: &'static str,
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |s: &str| match s.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("{what} is a whole number from {min} to {max}")),
    }
}

/// Jump's bucket count: jump hash needs at least one bucket.
fn parse_buckets(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "a bucket count is a whole number from 1 to {}",
            u32::MAX
        )),
    }
}

fn parse_hash(s: &str) -> Result<HashFn, String> {
    s.parse::<HashFn>().map_err(|e| e.to_string())
}

fn hash_help() -> String {
    let fixed: Vec<String> = AlgoId::algorithms()
        .filter_map(|a| {
            a.spec()
                .fixed_hash()
                .map(|h| format!("{} always uses {h}", a.id()))
        })
        .collect();
    let mut help = format!(
        "Hash of keys and node names ({}, whatever this says). [default: murmur3-64; md5 for \
         `balance`]\n",
        fixed.join(", ")
    );
    for h in HashFn::ALL {
        help.push_str(&format!("\n  {:<13} {}", h.name(), h.describe()));
    }
    help
}

/// Parses one `name[=weight]`: the weight follows the last '=' (names may hold ':' and '=').
/// A missing weight is 100, which every algorithm reads as "as configured".
pub fn parse_node(entry: &str) -> Result<NodeSpec, Failure> {
    let entry = entry.trim();
    match entry.rsplit_once('=') {
        None => Ok(NodeSpec::new(entry, 100)),
        Some((name, weight)) => {
            let name = name.trim();
            let weight = weight.trim();
            match weight.parse::<u32>() {
                Ok(w) => Ok(NodeSpec::new(name, w)),
                Err(_) => Err(Failure::Usage(format!(
                    "node {name:?} has weight {weight:?}: a weight is a whole number from 1 to {MAX_WEIGHT}"
                ))),
            }
        }
    }
}

/// The place of the node named `name` in `names`, for the flag `--flag NAME`.
pub fn node_index<'a>(
    names: impl IntoIterator<Item = &'a str>,
    name: &str,
    flag: &str,
) -> Result<usize, Failure> {
    let name = name.trim();
    names.into_iter().position(|n| n == name).ok_or_else(|| {
        Failure::Usage(format!(
            "--{flag} {name:?}: there is no node of that name in --nodes"
        ))
    })
}

/// Parses `--nodes`: entries separated by ','. An empty list stays empty, for the core to
/// refuse with its own message; the core also checks names and weights.
pub fn parse_nodes(list: &str) -> Result<Vec<NodeSpec>, Failure> {
    if list.trim().is_empty() {
        return Ok(Vec::new());
    }
    list.split(',').map(parse_node).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn weights_follow_the_last_equals_sign() {
        let nodes = parse_nodes("10.0.1.1:11211=600, 10.0.1.2:11211 ,a=b=7").unwrap();
        assert_eq!(
            nodes,
            vec![
                NodeSpec::new("10.0.1.1:11211", 600),
                NodeSpec::new("10.0.1.2:11211", 100),
                NodeSpec::new("a=b", 7),
            ]
        );
        assert!(parse_nodes("   ").unwrap().is_empty());
    }

    #[test]
    fn a_bad_weight_names_the_node_and_the_range() {
        match parse_nodes("a=1,b=heavy") {
            Err(Failure::Usage(m)) => {
                assert!(
                    m.contains("\"b\"") && m.contains("\"heavy\"") && m.contains("1000000"),
                    "{m}"
                )
            }
            other => panic!("expected a usage error, got {other:?}"),
        }
        assert!(matches!(parse_nodes("a=-1"), Err(Failure::Usage(_))));
        assert!(matches!(
            parse_nodes("a=4294967296"),
            Err(Failure::Usage(_))
        ));
    }

    #[test]
    fn every_hash_parses_and_every_parameter_reads() {
        for h in HashFn::ALL {
            assert_eq!(parse_hash(h.name()), Ok(h));
        }
        assert!(parse_hash("sha1").unwrap_err().contains("sha1"));
        for (_, p, description) in all_params() {
            let default = p.write(p.default_value());
            assert_eq!(
                read_param(p, description, &default).unwrap(),
                p.default_value(),
                "{}",
                p.flag
            );
            match read_param(p, description, "colon") {
                Err(Failure::Usage(m)) => assert!(m.contains(p.flag) && m.contains("colon"), "{m}"),
                other => panic!("{}: expected a usage error, got {other:?}", p.flag),
            }
        }
    }

    #[test]
    fn bucket_algorithm_names_are_the_cores_ids() {
        for a in BucketAlgo::ALL {
            assert_eq!(parse_bucket_algo(a.id()), Ok(a));
            assert!(bucket_algo_help().contains(a.description()));
        }
        assert!(parse_bucket_algo("ketama").unwrap_err().contains("memento"));
    }

    #[test]
    fn algorithm_names_are_the_registry_ids_and_the_old_ones_still_work() {
        for a in AlgoId::algorithms() {
            assert_eq!(parse_algo(a.id()), Ok(a));
        }
        for (old, new) in [("vnodes", AlgoId::Virtual), ("gozero", AlgoId::GoZero)] {
            assert_eq!(parse_algo(old), Ok(new));
        }
        assert!(parse_algo("nope").unwrap_err().contains("go-zero"));
    }
}
