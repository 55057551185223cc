// Turns the page's raw samples into medians, ratios, checks and the Markdown section of
// BENCHMARKS.md. No DOM and no Node APIs: the page (main.js) and the runner (run.mjs) share it.

export const BEGIN = '<!-- scripts/bench-web: begin -->';
export const END = '<!-- scripts/bench-web: end -->';

export const TARGETS = {
  assignMs: 3, // 100,000 keys on the 10,000-point ring
  assignRatio: 20, // against hashring in the same page
  buildMs: 150, // a one-million-point ring
  changeMs: 16, // moved keys and new loads of a million keys, after a join or a leave
};

export function median(samples) {
  if (!samples?.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const count = (n) => n.toLocaleString('en-US');
export const sizeName = (nodes, perNode) => `${count(nodes)} × ${count(perNode)}`;

// Milliseconds with three significant figures, in µs below 1 ms.
export function ms(value) {
  if (!Number.isFinite(value)) return '–';
  if (value < 1) return `${(value * 1000).toPrecision(3)} µs`;
  if (value < 1000) return `${value.toPrecision(3)} ms`;
  return `${(value / 1000).toPrecision(3)} s`;
}

export const ratio = (peer, core) => peer / core;
const times = (r) => (Number.isFinite(r) ? `${r.toFixed(1)}×` : '–');

const find = (rows, nodes, perNode) => rows.find((r) => r.nodes === nodes && r.perNode === perNode);

// Everything that says the numbers mean nothing: mismatched keys, a wrong ring, a missing or
// non-finite figure, loads that lose keys. Empty when the run is sound.
export function problems(result) {
  const found = [];
  const { config, checks } = result;
  const keys = checks.keys;
  if (!keys || keys.equal !== config.keys || keys.wasm !== config.keys) {
    found.push(`JS and wasm keys differ: ${keys?.equal} of ${config.keys} equal (JS ${keys?.first}, wasm ${keys?.wasmFirst})`);
  }
  const ketama = checks.ketama;
  if (!ketama || ketama.equal !== ketama.keys || ketama.keys !== config.keys) {
    found.push(`the core's ketama and hashring placed ${ketama?.equal} of ${ketama?.keys} keys alike (all expected)`);
  }
  const finite = (label, samples, want) => {
    if (!Array.isArray(samples) || samples.length !== want || !samples.every((s) => Number.isFinite(s) && s >= 0)) {
      found.push(`${label}: expected ${want} finite timings, got ${JSON.stringify(samples)}`);
    }
  };
  const runs = config.runs;
  for (const [nodes, perNode] of config.sizes) {
    const size = sizeName(nodes, perNode);
    const build = find(result.build, nodes, perNode);
    const assign = find(result.assign, nodes, perNode);
    if (!build || !assign) {
      found.push(`${size}: no figures`);
      continue;
    }
    finite(`build ${size} wasm`, build.wasm, runs);
    finite(`build ${size} hashring`, build.hashring, runs);
    finite(`assign ${size} wasm`, assign.wasm, runs);
    finite(`assign ${size} wasm cached`, assign.wasmCached, runs);
    finite(`assign ${size} wasm two-pass`, assign.wasmTwoPass, runs);
    finite(`assign ${size} hashring`, assign.hashring, runs);
    const points = nodes * perNode;
    if (assign.points !== points || assign.hashringPoints !== points) {
      found.push(`${size}: rings of ${assign.points} (wasm) and ${assign.hashringPoints} (hashring) points, not ${points}`);
    }
    if (assign.wasmAssigned !== config.keys || assign.hashringAssigned !== config.keys) {
      found.push(`${size}: ${assign.wasmAssigned} (wasm) and ${assign.hashringAssigned} (hashring) of ${config.keys} keys got a node`);
    }
    const r = ratio(median(assign.hashring), median(assign.wasm));
    if (!Number.isFinite(r) || r <= 0) found.push(`${size}: the hashring / wasm ratio is ${r}`);
  }
  for (const [nodes, perNode] of config.changeSizes) {
    const size = sizeName(nodes, perNode);
    const row = find(result.change, nodes, perNode);
    if (!row) {
      found.push(`change ${size}: no figures`);
      continue;
    }
    for (const name of ['joinMerge', 'joinDelta', 'leaveFilter', 'leaveDelta']) finite(`${name} ${size}`, row[name], runs);
    for (const name of ['join', 'leave']) {
      const o = row[name];
      if (!o || o.loadTotal !== config.changeKeys || !(o.moved > 0) || o.moved > o.examined || o.examined > config.changeKeys) {
        found.push(`${name} ${size}: moved ${o?.moved}, examined ${o?.examined}, loads summing to ${o?.loadTotal} of ${config.changeKeys} keys`);
      }
    }
  }
  return found;
}

// The targets, each with its figure and whether it is met.
export function targets(result) {
  const out = [];
  const assign = find(result.assign, 100, 100);
  if (assign) {
    const core = median(assign.wasm);
    const peer = median(assign.hashring);
    out.push({
      text: `assign ${count(result.config.keys)} keys on a 10,000-point ring (100 × 100) in ≤ ${TARGETS.assignMs} ms, hashing included`,
      figure: `${ms(core)} (${ms(median(assign.wasmCached))} from cached positions)`,
      ok: core <= TARGETS.assignMs,
    });
    out.push({
      text: `≥ ${TARGETS.assignRatio}× faster than npm hashring in the same page (same ring size and keys)`,
      figure: `${times(ratio(peer, core))} (${ms(peer)} vs ${ms(core)})`,
      ok: ratio(peer, core) >= TARGETS.assignRatio,
    });
  }
  const build = find(result.build, 1000, 1000);
  if (build) {
    const core = median(build.wasm);
    out.push({ text: `one-million-point ring built in ≤ ${TARGETS.buildMs} ms`, figure: ms(core), ok: core <= TARGETS.buildMs });
  }
  if (result.change.length) {
    let worst = { value: -Infinity };
    for (const row of result.change) {
      for (const [name, label] of [['joinDelta', 'join'], ['leaveDelta', 'leave']]) {
        const value = median(row[name]);
        if (value > worst.value) worst = { value, label: `${label} on ${sizeName(row.nodes, row.perNode)}` };
      }
    }
    out.push({
      text: `moved keys + new loads of ${count(result.config.changeKeys)} keys after a join or a leave in ≤ ${TARGETS.changeMs} ms, at every size`,
      figure: `worst ${ms(worst.value)} (${worst.label})`,
      ok: worst.value <= TARGETS.changeMs,
    });
  }
  return out;
}

// The "Browser" section of BENCHMARKS.md (between BEGIN and END, which the runner replaces
// on the next run). `meta` holds what only the runner knows: date, command, machine, build.
export function markdown(result, meta) {
  const { config } = result;
  const lines = [];
  const say = (line = '') => lines.push(line);
  say(BEGIN);
  say('## Browser: the wasm core against npm hashring, in one page');
  say();
  say('Generated by `scripts/bench-web`; do not edit by hand (`scripts/bench` keeps this section). '
    + 'The page is `bench/web/` and the wasm side `crates/bench-web`.');
  say();
  if (meta.date) say(`- **Date:** ${meta.date}`);
  if (meta.command) say(`- **Command:** \`${meta.command}\``);
  if (meta.machine) say(`- **Machine:** ${meta.machine}`);
  if (meta.browser) say(`- **Browser:** ${meta.browser}`);
  say(`- **Clock:** \`performance.now()\` (steps of ${ms(result.env.timerStepMs)}; `
    + `${result.env.crossOriginIsolated ? 'cross-origin isolated' : 'not cross-origin isolated'}); `
    + 'the wasm side reads it inside wasm around the work alone, the page around hashring\'s calls.');
  if (meta.build) say(`- **Build:** ${meta.build}`);
  say(`- **Runs:** the median of ${config.runs} after ${config.warmup} warm-up, the measurements interleaved; the run took ${result.seconds?.toFixed(0)} s.`);
  say(`- **Keys:** ${count(config.keys)} (${count(config.changeKeys)} for a join or a leave) strings like \`user:123:abc\` `
    + '(splitmix64, as `scripts/bench`), generated inside wasm and by a JS port of the same generator for hashring; '
    + `all ${count(result.checks.keys.equal)} were checked equal. Nodes \`10.0.x.y:11211\`, equal weights.`);
  say('- **Peer:** npm `hashring` 3.2.0 (libketama\'s continuum: MD5, 4 points per digest), bundled with esbuild and given js-md5 0.9.2 '
    + 'as its MD5 (its documented custom hasher; a browser has no Node `crypto`). '
    + `On ${result.checks.ketama.nodes} nodes the core's own ketama placed ${count(result.checks.ketama.equal)} of `
    + `${count(result.checks.ketama.keys)} keys exactly as hashring did.`);
  if (meta.note) say(`- **Note:** ${meta.note}`);
  say();
  say('The core\'s ring is the one `scripts/bench` measures (virtual nodes `name#i`, MurmurHash3); hashring gets the same number of '
    + 'points per node (a quarter as many MD5 digests). Ratios are hashring\'s time over the core\'s: above 1× the core is faster.');
  say();
  say(`### Assigning ${count(config.keys)} keys (the owners as an array)`);
  say();
  say('`wasm core`: `Placement::assign`, which hashes and places one key after the other. `hash all, then place`: the same work '
    + 'in two passes (`key_positions`, then `assign_positions`), both timed. `cached`: `assign_positions` alone, from positions '
    + 'hashed beforehand, as the app places keys after a change. The ratio is against `wasm core`.');
  say();
  say('| size | wasm core | hash all, then place | cached | hashring 3.2.0 | hashring / core |');
  say('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of result.assign) {
    const core = median(row.wasm);
    const peer = median(row.hashring);
    say(`| ${sizeName(row.nodes, row.perNode)} | ${ms(core)} | ${ms(median(row.wasmTwoPass))} | ${ms(median(row.wasmCached))} | `
      + `${ms(peer)} | ${times(ratio(peer, core))} |`);
  }
  say();
  say('### Building a ring');
  say();
  say('| size | wasm core | hashring 3.2.0 | hashring / core |');
  say('| --- | ---: | ---: | ---: |');
  for (const row of result.build) {
    const core = median(row.wasm);
    const peer = median(row.hashring);
    say(`| ${sizeName(row.nodes, row.perNode)} | ${ms(core)} | ${ms(peer)} | ${times(ratio(peer, core))} |`);
  }
  say();
  say(`### A node joins or leaves (core only; ${count(config.changeKeys)} keys)`);
  say();
  say('`merge`/`filter`: the new ring from the old (`Placement::joined`/`left`). `moved + loads`: `delta::ring_delta` from '
    + 'cached, sorted positions, which locates again only the keys in arcs that changed, plus every node\'s new load. '
    + 'The leaver is the first node of the ring the newcomer joined.');
  say();
  say('| size | join: merge | join: moved + loads | leave: filter | leave: moved + loads | keys moved (join / leave) |');
  say('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of result.change) {
    say(`| ${sizeName(row.nodes, row.perNode)} | ${ms(median(row.joinMerge))} | ${ms(median(row.joinDelta))} | `
      + `${ms(median(row.leaveFilter))} | ${ms(median(row.leaveDelta))} | ${count(row.join.moved)} / ${count(row.leave.moved)} |`);
  }
  say();
  say('### Targets');
  say();
  say('| target | figure | status |');
  say('| --- | --- | --- |');
  for (const t of targets(result)) say(`| ${t.text} | ${t.figure} | ${t.ok ? 'met' : '**not met**'} |`);
  say(END);
  return `${lines.join('\n')}\n`;
}
