//! `ringlab`: the command-line lab of the ring core.
//!
//! - `assign`: place keys from standard input with any algorithm, `key<TAB>node` per line.
//! - `jump`: the jump consistent hash of 64-bit decimal keys, `key<TAB>bucket` per line.
//! - `bucket`: any bucket algorithm of the core's list (`ring_core::buckets`) on 64-bit
//!   decimal keys, with removals and a seed, `key<TAB>bucket` per line.
//! - `balance`: the balance study of seed 003 (R1, R2, R3 by node and virtual-node count).
//! - `move`: how many keys move when a node joins or leaves, and between whom.
//! - `simulate`: what one change costs a cache cluster under Zipf requests: the hit rate
//!   and the backing store's load before and after, per time bucket and per node.
//! - `study`: the field's comparison table (balance, monotonicity, memory, times) for any
//!   algorithms and node counts.
//! - `list`: the algorithms, bucket algorithms, hash functions and real systems.
//! - `hash`: a system's or the app's hash of keys from standard input, `key<TAB>value`.
//! - `assign --system` and `move --system`: the same with a real system's own rules.
//!
//! Errors are one line on standard error, `ringlab: <message>`; the exit status is 2 for a
//! bad command line (and for a key a `--system` cannot take) and 1 for bad data on
//! standard input. Nothing here panics on any input:
//! even writing to a closed pipe (`ringlab assign … | head`) ends quietly.

mod args;
mod assign;
mod balance;
mod bucket;
mod input;
mod list;
mod moves;
mod quiz;
mod simulate;
mod study;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

use args::{Cli, Command};

/// Why a command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong: exit status 2.
    Usage(String),
    /// The data on standard input is wrong, or reading or writing failed: exit status 1.
    Data(String),
    /// Standard output was closed by its reader: not an error, stop quietly.
    BrokenPipe,
}

impl Failure {
    /// A failed write to standard output.
    pub fn write(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Data(format!("cannot write to standard output: {e}"))
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_failure(&e),
    };
    let outcome = match cli.command {
        Command::Assign(a) => assign::assign(&a),
        Command::Jump(a) => assign::jump(&a),
        Command::Bucket(a) => bucket::bucket(&a),
        Command::Balance(a) => balance::balance(&a),
        Command::Move(a) => moves::run(&a),
        Command::Simulate(a) => simulate::run(&a),
        Command::Study(a) => study::study(&a),
        Command::List(a) => list::list(&a),
        Command::Hash(a) => assign::hash(&a),
        Command::Quiz(a) => quiz::run(&a),
    };
    match outcome {
        Ok(()) | Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => fail(&message, 2),
        Err(Failure::Data(message)) => fail(&message, 1),
    }
}

/// Prints `ringlab: <message>` on standard error (ignoring a failure to do so: there is
/// nowhere left to report it) and returns `status`.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(io::stderr(), "ringlab: {message}");
    ExitCode::from(status)
}

/// Help and version go out as clap writes them; every other clap error becomes one line.
fn clap_failure(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
        _ => fail(&one_line(&e.render().to_string()), 2),
    }
}

/// clap's message up to its first blank line or usage block, on one line, without the
/// leading `error: `: the part that names the problem.
fn one_line(rendered: &str) -> String {
    let mut parts = Vec::new();
    for line in rendered.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            break;
        }
        parts.push(line.strip_prefix("error:").map_or(line, str::trim));
    }
    if parts.is_empty() {
        "bad command line (try --help)".to_string()
    } else {
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn clap_messages_become_one_line() {
        let rendered = "error: invalid value 'foo' for '--algo <NAME>'\n  [possible values: modulo, jump]\n\n  tip: a similar value exists: 'jump'\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered),
            "invalid value 'foo' for '--algo <NAME>' [possible values: modulo, jump]"
        );
        let missing = "error: the following required arguments were not provided:\n  --nodes <LIST>\n\nUsage: ringlab assign --nodes <LIST>\n";
        assert_eq!(
            one_line(missing),
            "the following required arguments were not provided: --nodes <LIST>"
        );
        assert_eq!(one_line(""), "bad command line (try --help)");
    }
}
