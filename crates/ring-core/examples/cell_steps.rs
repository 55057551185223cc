//! Times one cell of the balance study at once and in steps: the sum of the steps, the
//! longest step, and the cost of making and of sorting a point, for a hash.
//!
//! `cargo run --release -p ring-core --example cell_steps -- [nodes] [vnodes] [budget] [hash]`
//! (defaults: 1000 1000 4096 md5): the release profile the app's wasm is built with.
// A measuring tool: a bad argument or a refused cell stops it with the message.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::time::{Duration, Instant};

use ring_core::registry::AlgoId;
use ring_core::ring::{Naming, Ring, RingBuild};
use ring_core::study::{self, CellBuild};
use ring_core::{Algorithm, HashFn};

/// Runs of each measurement; the fastest is reported.
const RUNS: usize = 5;

/// `ring_core::ring::build::POINT_WORK` (not public): the work of making a point, in
/// points moved by a sort pass, which tells the making apart from the sorting.
const POINT_WORK: u64 = 16;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u32| args.get(i).map_or(default, |a| a.parse().unwrap());
    let (n, v, budget) = (arg(0, 1000), arg(1, 1000), arg(2, 4096) as usize);
    let hash = args
        .get(3)
        .map_or(HashFn::Md5, |h| h.parse().expect("a hash name"));
    let config = study::config(Algorithm::virtual_nodes(Naming::Hash), hash, v);
    println!(
        "{n} nodes x {v} vnodes, {}, budget {budget} per step",
        hash.name()
    );

    let mut at_once = Duration::MAX;
    for _ in 0..RUNS {
        let t = Instant::now();
        let b = study::cell(&config, n).unwrap();
        at_once = at_once.min(t.elapsed());
        std::hint::black_box(b);
    }
    println!("cell at once:        {:8.1} ms", ms(at_once));

    let (mut sum, mut longest, mut steps, mut new_time, mut finish_time) = (
        Duration::MAX,
        Duration::ZERO,
        0,
        Duration::ZERO,
        Duration::ZERO,
    );
    for _ in 0..RUNS {
        let t = Instant::now();
        let mut build = CellBuild::new(&config, n).unwrap();
        let started = t.elapsed();
        let (mut total, mut run_longest, mut run_steps) = (started, started, 0);
        let mut times = Vec::new();
        loop {
            let t = Instant::now();
            let done = build.step(budget);
            let d = t.elapsed();
            total += d;
            run_longest = run_longest.max(d);
            run_steps += 1;
            let (at, all) = build.progress();
            times.push((d, at as f64 / all as f64));
            if done {
                break;
            }
        }
        times.sort_by_key(|t| std::cmp::Reverse(t.0));
        let slowest: Vec<String> = times
            .iter()
            .take(4)
            .map(|(d, at)| format!("{:.2} ms at {:.0}%", ms(*d), at * 100.0))
            .collect();
        let median = times.get(times.len() / 2).map_or(0.0, |t| ms(t.0));
        println!(
            "  run: slowest steps {}; median {median:.3} ms",
            slowest.join(", ")
        );
        let t = Instant::now();
        let b = build.finish().unwrap();
        let f = t.elapsed();
        total += f;
        run_longest = run_longest.max(f);
        std::hint::black_box(b);
        if total < sum {
            (sum, steps, new_time, finish_time) = (total, run_steps, started, f);
        }
        longest = longest.max(run_longest);
    }
    println!(
        "cell in steps:       {:8.1} ms in {steps} steps (new {:.3} ms, finish {:.3} ms)",
        ms(sum),
        ms(new_time),
        ms(finish_time)
    );
    println!(
        "longest step:        {:8.3} ms (of {} runs)",
        ms(longest),
        RUNS
    );

    // The ring alone, at once and in steps, and where the stepped build's time goes.
    let nodes = study::nodes(n);
    let vnodes = (config.algorithm.id != AlgoId::SinglePoint).then_some(v);
    let make = |nodes: &[_]| match vnodes {
        Some(v) => RingBuild::virtual_nodes(nodes, hash, Naming::Hash, v).unwrap(),
        None => RingBuild::single_point(nodes, hash).unwrap(),
    };
    let mut ring_once = Duration::MAX;
    for _ in 0..RUNS {
        let t = Instant::now();
        let r = match vnodes {
            Some(v) => Ring::virtual_nodes(&nodes, hash, Naming::Hash, v).unwrap(),
            None => Ring::single_point(&nodes, hash).unwrap(),
        };
        ring_once = ring_once.min(t.elapsed());
        std::hint::black_box(r);
    }
    println!("ring at once:        {:8.1} ms", ms(ring_once));
    let (mut making, mut sorting, mut index) = (Duration::MAX, Duration::MAX, Duration::MAX);
    let mut passes = 0;
    let points = u64::from(n) * u64::from(vnodes.unwrap_or(1));
    for _ in 0..RUNS {
        let mut build = make(&nodes);
        let total = build.progress().1;
        passes = total / points - POINT_WORK;
        let (mut made, mut sorted) = (Duration::ZERO, Duration::ZERO);
        let mut finished = false;
        while !finished {
            let t = Instant::now();
            finished = build.step(budget);
            let d = t.elapsed();
            // A step that ends within the making counts as making; the one that crosses
            // into sorting, and the others, as sorting.
            if build.progress().0 <= points * POINT_WORK {
                made += d;
            } else {
                sorted += d;
            }
        }
        let t = Instant::now();
        let r = build.finish().unwrap();
        index = index.min(t.elapsed());
        std::hint::black_box(r);
        making = making.min(made);
        sorting = sorting.min(sorted);
    }
    println!(
        "ring in steps:       making {:.1} ms ({:.0} ns a point), sorting {:.1} ms ({passes} passes, {:.2} ns a point and pass), finish (index) {:.1} ms",
        ms(making),
        making.as_secs_f64() * 1e9 / points as f64,
        ms(sorting),
        sorting.as_secs_f64() * 1e9 / (points * passes.max(1)) as f64,
        ms(index)
    );
}
