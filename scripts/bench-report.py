#!/usr/bin/env python3
"""Writes BENCHMARKS.md from criterion's estimates of the `peers` benchmark.

Reads target/criterion/peers_*/**/new/{benchmark,estimates}.json (the median point
estimate of each benchmark, in nanoseconds per iteration) and prints Markdown on stdout:
the machine, the date, the command, one table per question with every peer's figure beside
the core's as a ratio, and the issue's targets, each marked met or not met.

Usage: scripts/bench-report.py --command "scripts/bench" [--criterion target/criterion]
"""

import argparse
import datetime
import glob
import json
import os
import platform
import subprocess
import sys

KEYS = 100_000  # keys per lookup and assign iteration (benches/peers.rs: KEYS)
CHANGE_KEYS = 1_000_000  # keys whose moves a join is asked for (CHANGE_KEYS)
SIZES = ["10x100", "100x1000", "1000x1000"]
SIZE_NAMES = {
    "10x100": "10 × 100",
    "100x1000": "100 × 1,000",
    "1000x1000": "1,000 × 1,000",
}


def load(root):
    """{(group, function, size): median ns per iteration} for every peers_* benchmark."""
    return load_group(root, "peers_*")


def load_group(root, groups):
    """{(group, function, size): median ns per iteration} for the groups matching `groups`
    (a glob; scripts/bench-newer-report.py reads its own group with this too)."""
    found = {}
    pattern = os.path.join(root, groups, "**", "new", "benchmark.json")
    for meta_path in glob.glob(pattern, recursive=True):
        new_dir = os.path.dirname(meta_path)
        with open(meta_path) as f:
            meta = json.load(f)
        with open(os.path.join(new_dir, "estimates.json")) as f:
            estimates = json.load(f)
        key = (meta["group_id"], meta.get("function_id") or "", meta.get("value_str") or "")
        found[key] = estimates["median"]["point_estimate"]
    return found


# scripts/bench-web writes its own section between these markers; a run of this report keeps it.
# Sections other scripts write into BENCHMARKS.md, kept as they are.
KEPT_SECTIONS = [
    ("<!-- scripts/bench-newer: begin -->", "<!-- scripts/bench-newer: end -->"),
    ("<!-- newer-notes: begin -->", "<!-- newer-notes: end -->"),
    ("<!-- traffic: begin -->", "<!-- traffic: end -->"),
    ("<!-- scripts/bench-web: begin -->", "<!-- scripts/bench-web: end -->"),
    ("<!-- scripts/bench-app: begin -->", "<!-- scripts/bench-app: end -->"),
    ("<!-- wasm-size: begin -->", "<!-- wasm-size: end -->"),
]


def kept_section(path, begin, end):
    """The section between `begin` and `end` in BENCHMARKS.md, as it is, or None."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    start = text.find(begin)
    stop = text.find(end)
    if start < 0 or stop < start:
        return None
    return text[start:stop + len(end)]


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def ns(value):
    """A duration in ns, with units that keep three significant figures."""
    if value is None:
        return "–"
    if value < 1_000:
        return f"{value:.1f} ns" if value < 100 else f"{value:.0f} ns"
    if value < 1_000_000:
        return f"{value / 1_000:.1f} µs" if value < 100_000 else f"{value / 1_000:.0f} µs"
    if value < 1_000_000_000:
        return f"{value / 1_000_000:.1f} ms" if value < 100_000_000 else f"{value / 1_000_000:.0f} ms"
    return f"{value / 1_000_000_000:.2f} s"


def ratio(peer, core):
    """How many times the core is faster than the peer (peer time / core time)."""
    if peer is None or core is None or core == 0:
        return "–"
    return f"{peer / core:.2f}×"


def beside(peer, core):
    return f"{ns(peer)} ({ratio(peer, core)})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", required=True, help="the command that ran the benchmark")
    parser.add_argument("--criterion", default="target/criterion")
    parser.add_argument("--note", default="", help="a line about this run (noise, load)")
    args = parser.parse_args()

    data = load(args.criterion)
    if not data:
        sys.exit(f"no peers_* estimates under {args.criterion}: run the benchmark first")

    def get(group, function, size="", per=1):
        value = data.get((group, function, size))
        return None if value is None else value / per

    def lookup(function, size):
        return get("peers_lookup", function, size, KEYS)

    out = []
    say = out.append
    now = datetime.datetime.now(datetime.timezone.utc)
    say("# Benchmarks: the ring core against its peers")
    say("")
    say("Generated by `scripts/bench` from criterion's estimates (the median of each "
        "benchmark); do not edit by hand. The benchmark is `crates/ring-core/benches/peers.rs`.")
    say("")
    say(f"- **Date:** {now.strftime('%Y-%m-%d %H:%M UTC')}")
    say(f"- **Command:** `{args.command}`")
    say(f"- **Machine:** {cpu_model()}, {run(['nproc'])} cores, Linux {platform.release()}")
    say(f"- **Compiler:** {run(['rustc', '--version'])} (bench profile: opt-level 3, thin LTO)")
    say(f"- **Keys:** {KEYS:,} strings like `user:123:abc` (splitmix64, as `ringlab move`); "
        "nodes `10.0.x.y:11211`, equal weights.")
    if args.note:
        say(f"- **Note:** {args.note}")
    say("")
    say("Ratios are the peer's time over the core's: above 1× the core is faster. "
        "Memory-bound figures move by 1.5–3× between runs on a shared machine, so compare "
        "the ratios within this run rather than absolute figures across runs.")
    say("")

    say("## Ring lookup, per key, hashing included")
    say("")
    say("Sizes are nodes × points per node. `plain-vec` is MurmurHash3 + a sorted "
        "`Vec<u64>` + `partition_point`, written in the benchmark.")
    say("")
    say("| size | ring-core | plain-vec | hashring 0.3.6 | conhash 0.5.1 |")
    say("| --- | ---: | ---: | ---: | ---: |")
    for size in SIZES:
        core = lookup("ring-core", size)
        say(f"| {SIZE_NAMES[size]} | {ns(core)} | {beside(lookup('plain-vec', size), core)} | "
            f"{beside(lookup('hashring', size), core)} | {beside(lookup('conhash', size), core)} |")
    murmur = get("peers_hash", "murmur3", "", KEYS)
    say("")
    say(f"MurmurHash3 x64_128 alone over the same keys: {ns(murmur)} per key.")
    say("")

    say(f"## Assigning {KEYS:,} keys (the owners as a vector)")
    say("")
    say("`ring-core-cached` places the keys from positions hashed beforehand "
        "(`Placement::assign_positions`), as the app does after a change; its ratio is "
        "against `ring-core`.")
    say("")
    say("| size | ring-core | ring-core-cached | plain-vec | hashring 0.3.6 | conhash 0.5.1 |")
    say("| --- | ---: | ---: | ---: | ---: | ---: |")
    for size in SIZES:
        core = get("peers_assign", "ring-core", size)
        cached = get("peers_assign", "ring-core-cached", size)
        say(f"| {SIZE_NAMES[size]} | {ns(core)} | {ns(cached)} ({ratio(core, cached)} faster) | "
            f"{beside(get('peers_assign', 'plain-vec', size), core)} | "
            f"{beside(get('peers_assign', 'hashring', size), core)} | "
            f"{beside(get('peers_assign', 'conhash', size), core)} |")
    say("")

    say("## Building a ring")
    say("")
    say("| size | ring-core | plain-vec | hashring 0.3.6 | conhash 0.5.1 |")
    say("| --- | ---: | ---: | ---: | ---: |")
    for size in SIZES:
        core = get("peers_build", "ring-core", size)
        say(f"| {SIZE_NAMES[size]} | {ns(core)} | {beside(get('peers_build', 'plain-vec', size), core)} | "
            f"{beside(get('peers_build', 'hashring', size), core)} | "
            f"{beside(get('peers_build', 'conhash', size), core)} |")
    say("")

    say("## Jump hash and Maglev")
    say("")
    say("Over the node count of each size (10, 100, 1,000 nodes). Maglev's table is the first "
        "prime at or above 100 × nodes for both (the `maglev` crate's own default). Each hashes "
        "the key its own way: the core with MurmurHash3, `jumphash` and `maglev` with SipHash.")
    say("")
    say("| nodes | jump-core lookup | jumphash 0.1.9 | maglev-core lookup | maglev 0.2.1 | "
        "maglev-core build | maglev 0.2.1 build |")
    say("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for size in SIZES:
        jump = lookup("jump-core", size)
        mag = lookup("maglev-core", size)
        mag_build = get("peers_build", "maglev-core", size)
        say(f"| {size.split('x')[0]} | {ns(jump)} | {beside(lookup('jumphash', size), jump)} | "
            f"{ns(mag)} | {beside(lookup('maglev-crate', size), mag)} | {ns(mag_build)} | "
            f"{beside(get('peers_build', 'maglev-crate', size), mag_build)} |")
    say("")

    say(f"## A node joins or leaves (core only; {CHANGE_KEYS:,} keys for the moves)")
    say("")
    say("`merge`/`filter`: `Placement::joined`/`left`, which merge the newcomer's points into "
        "the sorted ring or filter the leaver's out; `rebuild`: `build` over the new node list. "
        "`delta`: `delta::ring_delta` from cached, sorted positions, which locates again only "
        "the keys in arcs that changed, plus the new loads; `full diff`: placing every key "
        "before and after, `metrics::diff` and `metrics::loads`.")
    say("")
    say("| size | join: merge | join: rebuild | leave: filter | leave: rebuild | "
        "moved keys: delta | moved keys: full diff |")
    say("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for size in SIZES:
        merge = get("peers_change", "join-merge", size)
        leave = get("peers_change", "leave-filter", size)
        delta = get("peers_change", "join-delta-1m", size)
        say(f"| {SIZE_NAMES[size]} | {ns(merge)} | {beside(get('peers_change', 'join-rebuild', size), merge)} | "
            f"{ns(leave)} | {beside(get('peers_change', 'leave-rebuild', size), leave)} | "
            f"{ns(delta)} | {beside(get('peers_change', 'join-full-diff-1m', size), delta)} |")
    say("")

    say("## Targets")
    say("")
    say("| target | figure | status |")
    say("| --- | --- | --- |")

    def target(text, figure, ok):
        status = "–" if ok is None else ("met" if ok else "**not met**")
        say(f"| {text} | {figure} | {status} |")

    small = lookup("ring-core", "10x100")
    big = lookup("ring-core", "1000x1000")
    target("ring lookup ≤ 15 ns at 10 × 100", ns(small), None if small is None else small <= 15)
    target("ring lookup ≤ 80 ns at one million points", ns(big), None if big is None else big <= 80)
    hr = lookup("hashring", "1000x1000")
    plain = lookup("plain-vec", "1000x1000")
    target("≥ 10× faster than hashring at one million points", ratio(hr, big),
           None if hr is None or big is None else hr / big >= 10)
    target("≥ 2.5× faster than plain-vec at one million points", ratio(plain, big),
           None if plain is None or big is None else plain / big >= 2.5)
    for size in SIZES:
        for ours, theirs, label in (("jump-core", "jumphash", "jump"),
                                    ("maglev-core", "maglev-crate", "Maglev")):
            a, b = lookup(ours, size), lookup(theirs, size)
            target(f"{label} lookup no slower than its peer crate ({size.split('x')[0]} nodes)",
                   f"{ns(a)} vs {ns(b)} ({ratio(b, a)})", None if a is None or b is None else a <= b)
    built = get("peers_build", "ring-core", "1000x1000")
    target("one-million-point ring built in ≤ 75 ms", ns(built), None if built is None else built <= 75e6)
    merge = get("peers_change", "join-merge", "1000x1000")
    rebuild = get("peers_change", "join-rebuild", "1000x1000")
    target("a join merges instead of rebuilding (one million points)",
           f"{ns(merge)} vs {ns(rebuild)} rebuilt ({ratio(rebuild, merge)})",
           None if merge is None or rebuild is None else merge < rebuild)
    delta = get("peers_change", "join-delta-1m", "1000x1000")
    full = get("peers_change", "join-full-diff-1m", "1000x1000")
    target("moved keys and new loads of a million keys known quickly after a join",
           f"{ns(delta)} vs {ns(full)} in full ({ratio(full, delta)})",
           None if delta is None or full is None else delta < full)
    say("")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "BENCHMARKS.md")
    for begin, end in KEPT_SECTIONS:
        kept = kept_section(path, begin, end)
        if kept:
            say(kept)
            say("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
