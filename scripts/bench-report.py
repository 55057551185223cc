#!/usr/bin/env python3
"""Writes BENCHMARKS.md from criterion's estimates of the `peers` and `hashes` benchmarks.

Reads target/criterion/{peers,hashes}_*/**/new/{benchmark,estimates}.json (the median point
estimate of each benchmark, in nanoseconds per iteration) and prints Markdown on stdout:
the machine, the date, the command, one table per question with every peer's figure beside
the core's as a ratio, and the issue's targets, each marked met or not met; then the
"Hashes" section (each hash crate against the code it replaced), between its
markers, fresh when the hashes ran and kept from BENCHMARKS.md otherwise.

With --only hashes it prints nothing and rewrites the "Hashes" section of BENCHMARKS.md in
place, leaving the rest of the file as it is (a run of the hashes alone).

Usage: scripts/bench-report.py --command "scripts/bench" [--criterion target/criterion]
       scripts/bench-report.py --command "..." --only hashes
"""

import argparse
import datetime
import glob
import json
import os
import platform
import re
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


HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.join(HERE, "..", "BENCHMARKS.md")

# The section this report writes from the `hashes` benchmark, when it ran.
HASHES_BEGIN = "<!-- scripts/bench hashes: begin -->"
HASHES_END = "<!-- scripts/bench hashes: end -->"
HASH_KEYS = 1_024  # keys per iteration (benches/hashes.rs: KEYS)
HASH_LENGTHS = ["8", "16", "40"]  # key lengths in bytes (LENGTHS)
# (group, what it is, the crate the core calls, the crates measured and not chosen): each
# group's functions are `before`, `core` and the crates not chosen, by crate name.
HASHES = [
    ("md5", "MD5, first 4 bytes (ketama)", "md5", []),
    ("sha1", "SHA-1 (Riak)", "sha1", ["sha1_smol"]),
    ("xxh64", "XXH64 (Envoy)", "xxhash-rust", ["twox-hash"]),
    ("siphash", "SipHash-2-4 (multi-probe)", "siphasher", []),
    ("crc32", "CRC-32 IEEE (nginx, memcached)", "crc32fast", []),
    ("crc32c", "CRC-32C", "crc32c", []),
    ("crc32q", "crc32q, two 64-bit words (AnchorHash)", "safe_arch (the `crc32` instruction)",
     ["core-sliced", "crc", "crc32c"]),
    ("crc16", "CRC-16/XMODEM (Redis Cluster)", "crc", []),
    ("murmur3-128", "MurmurHash3 x64_128 (go-zero, Guava)", "mur3", ["murmur3", "fastmurmur3"]),
    ("murmur3-32", "MurmurHash3 x86_32", "mur3", ["murmur3"]),
]

# Sections other scripts write into BENCHMARKS.md, kept as they are.
KEPT_SECTIONS = [
    ("<!-- scripts/bench-newer: begin -->", "<!-- scripts/bench-newer: end -->"),
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


def replace_section(path, begin, end, section, before):
    """Writes `section` (its markers included) over the one between `begin` and `end` in
    the file at `path`, or, where there is none, before the marker `before` (at the end
    without it). scripts/bench-newer-report.py writes its own section with this too."""
    with open(path) as f:
        text = f.read()
    start, stop = text.find(begin), text.find(end)
    if start >= 0 and stop > start:
        text = text[:start] + section + text[stop + len(end):]
    else:
        anchor = text.find(before)
        if anchor < 0:
            text = text.rstrip("\n") + "\n\n" + section + "\n"
        else:
            text = text[:anchor] + section + "\n\n" + text[anchor:]
    with open(path, "w") as f:
        f.write(text)


def locked_versions(lock_path):
    """{crate: version} from Cargo.lock, the highest where several are locked (the core's
    hash crates are the newest of their names in this workspace)."""
    versions = {}
    try:
        with open(lock_path) as f:
            text = f.read()
    except OSError:
        return versions
    for name, version in re.findall(r'name = "([^"]+)"\nversion = "([^"]+)"', text):
        numbers = tuple(int(n) for n in re.findall(r"\d+", version))
        if name not in versions or numbers > versions[name][0]:
            versions[name] = (numbers, version)
    return {name: version for name, (_, version) in versions.items()}


def hashes_section(root, command, note):
    """The "Hashes" section, markers included, or None when the hashes did not run."""
    data = load_group(root, "hashes_*")
    if not data:
        return None

    def per_key(group, function, length):
        value = data.get((f"hashes_{group}", function, length))
        return None if value is None else value / HASH_KEYS

    versions = locked_versions(os.path.join(HERE, "..", "Cargo.lock"))

    def named(crate):
        return f"{crate} {versions[crate]}" if crate in versions else crate

    out = []
    say = out.append
    say(HASHES_BEGIN)
    say("## Hashes: the crates against the code they replaced")
    say("")
    say("Generated by `scripts/bench` (`BENCH_ONLY=hashes scripts/bench` for this section alone) "
        "from criterion's medians; do not edit by hand. The benchmark is "
        "`crates/ring-core/benches/hashes.rs`; the replaced code is kept in "
        "`crates/ring-core/benches/hashes/before.rs` for this comparison only.")
    say("")
    out.extend(run_facts(command))
    say(f"- **Method:** {HASH_KEYS:,} distinct keys of one length (`user:<n>:` and lowercase "
        "letters, cut to 8, 16 or 40 bytes) hashed one by one per iteration, each answer "
        "black-boxed; the figure is criterion's median divided by the key count, one hash. "
        "`before` is the hand-written code, `now` the core's public function (`hash::md5_le32`, "
        "`sha1::sha1`, `xxh64::xxh64`, `siphash::siphash24`, `hash::crc32`, `crc32c::crc32c`, "
        "`crc32c::crc32q`, `slots::crc16_xmodem`, `hash::murmur3_x64_128`, "
        "`hash::murmur3_x86_32`); every side is checked to give the same answers before it is "
        "timed. `crc32q` hashes 1,024 pairs of 64-bit words.")
    if note:
        say(f"- **Note:** {note}")
    say("")
    say("Each cell is the time of the code before, then of the crate now, and now ÷ before "
        "(below 1 is faster). The crates not chosen were timed in the same run, through their "
        "own APIs; `core-sliced` is the core's table form of `crc32q`, what builds without "
        "SSE4.2 (wasm32) run.")
    say("")
    say("| hash | the core calls | " + " | ".join(f"{n} bytes: before → now" for n in HASH_LENGTHS)
        + " | crates not chosen (" + " / ".join(HASH_LENGTHS) + " bytes) |")
    say("| --- | --- | " + " | ".join("---:" for _ in HASH_LENGTHS) + " | --- |")
    slower = []
    for group, what, crate, others in HASHES:
        lengths = ["8"] if group == "crc32q" else HASH_LENGTHS
        cells = []
        for length in HASH_LENGTHS:
            if length not in lengths:
                cells.append("–")
                continue
            old = per_key(group, "before", length)
            new = per_key(group, "core", length)
            quotient = None if old is None or new is None or old == 0 else new / old
            if quotient is not None and quotient > 1.1:
                slower.append(f"{what}, {length} bytes ({quotient:.2f}×)")
            shown = "" if quotient is None else f" ({quotient:.2f}×)"
            cells.append(f"{ns(old)} → {ns(new)}{shown}")
        rest = "; ".join(
            f"{named(o)}: " + " / ".join(ns(per_key(group, o, n)) for n in lengths)
            for o in others)
        say(f"| {what} | {named(crate)} | " + " | ".join(cells) + f" | {rest or '–'} |")
    say("")
    measured = any(data.get((f"hashes_{g}", "core", HASH_LENGTHS[0])) for g, *_ in HASHES)
    status = ("not measured" if not measured else
              "met" if not slower else "**not met**: " + "; ".join(slower))
    say(f"Target: no hash more than 10% slower than the code it replaced, natively: {status}.")
    say(HASHES_END)
    return "\n".join(out)


def run_facts(command):
    """The lines every section of the report opens with: when, how, where and with what."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return [
        f"- **Date:** {now:%Y-%m-%d %H:%M} UTC",
        f"- **Command:** `{command}`",
        f"- **Machine:** {cpu_model()}, {run(['nproc'])} cores, Linux {platform.release()}",
        f"- **Compiler:** {run(['rustc', '--version'])} (bench profile: opt-level 3, thin LTO)",
    ]


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
    parser.add_argument("--only", choices=["hashes"],
                        help="rewrite only this section of BENCHMARKS.md, in place")
    args = parser.parse_args()

    hashes = hashes_section(args.criterion, args.command, args.note)
    if args.only == "hashes":
        if hashes is None:
            sys.exit(f"no hashes_* estimates under {args.criterion}: run the benchmark first")
        replace_section(BENCHMARKS, HASHES_BEGIN, HASHES_END, hashes,
                        "<!-- scripts/bench-newer: begin -->")
        return

    data = load(args.criterion)
    if not data:
        sys.exit(f"no peers_* estimates under {args.criterion}: run the benchmark first")

    def get(group, function, size="", per=1):
        value = data.get((group, function, size))
        return None if value is None else value / per

    out = []
    say = out.append
    say("# Benchmarks: the ring core against its peers")
    say("")
    say("Generated by `scripts/bench` from criterion's estimates (the median of each "
        "benchmark); do not edit by hand. The benchmark is `crates/ring-core/benches/peers.rs`. "
        "The ring's lookups and builds, jump hash and Maglev against their crates are in "
        "\"Every algorithm against its peers\" below.")
    say("")
    out.extend(run_facts(args.command))
    say(f"- **Keys:** {KEYS:,} strings like `user:123:abc` (splitmix64, as `ringlab move`); "
        "nodes `10.0.x.y:11211`, equal weights.")
    if args.note:
        say(f"- **Note:** {args.note}")
    say("")
    say("Ratios are the peer's time over the core's: above 1× the core is faster. "
        "Memory-bound figures move by 1.5–3× between runs on a shared machine, so compare "
        "the ratios within this run rather than absolute figures across runs.")
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
    hashes = hashes or kept_section(BENCHMARKS, HASHES_BEGIN, HASHES_END)
    if hashes:
        say(hashes)
        say("")
    for begin, end in KEPT_SECTIONS:
        kept = kept_section(BENCHMARKS, begin, end)
        if kept:
            say(kept)
            say("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
