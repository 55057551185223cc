// Turns the page's raw samples into medians, ratios, checks and the Markdown section of
// BENCHMARKS.md. No DOM and no Node APIs: the page (main.js) and the runner (run.mjs) share it.

export const BEGIN = '<!-- scripts/bench-web: begin -->';
export const END = '<!-- scripts/bench-web: end -->';

export const TARGETS = {
  assignMs: 3, // 100,000 keys on the 10,000-point ring
  assignRatio: 20, // against hashring in the same page
  buildMs: 150, // a one-million-point ring
  changeMs: 16, // moved keys and new loads of a million keys, after a join or a leave
  trafficMs: 2000, // 10,000,000 simulated requests over a million keys, in slices
  frameMs: 16.7, // no animation frame longer while they run
};

// The callbacks of requestAnimationFrame start a few tenths of a millisecond early or late
// around the 16.67 ms interval: a frame counts as over TARGETS.frameMs when the gap to the
// next callback is longer by more than this.
export const FRAME_JITTER_MS = 1;


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
  for (const buckets of config.bucketSizes ?? []) {
    const row = result.jump?.find((j) => j.buckets === buckets);
    if (!row) {
      found.push(`jump hash over ${buckets} buckets: no figures`);
      continue;
    }
    finite(`jump ${buckets} wasm`, row.wasm, runs);
    finite(`jump ${buckets} npm`, row.npm, runs);
    if (row.keys !== config.bucketKeys || row.equal !== row.keys) {
      found.push(`jump hash over ${buckets} buckets: the wasm core and npm agree on ${row.equal} of ${row.keys} keys (all expected)`);
    }
  }
  found.push(...trafficProblems(result));
  return found;
}

// The traffic run must have made every request, in frames, and hit just after the join as
// often as the native build does with the same keys and seed (where the crate pins that
// figure), or at least at a sane rate.
function trafficProblems(result) {
  const { config, traffic } = result;
  if (!traffic) return ['traffic: no figures'];
  const found = [];
  if (traffic.keys !== config.trafficKeys) found.push(`traffic: ${traffic.keys} keys, not ${config.trafficKeys}`);
  if (traffic.runs?.length !== config.runs) found.push(`traffic: ${traffic.runs?.length} runs, not ${config.runs}`);
  const bucket = config.trafficRequests / 100; // the simulation's 100 time buckets
  for (const [i, run] of (traffic.runs ?? []).entries()) {
    const label = `traffic run ${i + 1}`;
    if (run.done !== config.trafficRequests || run.requests !== config.trafficRequests) {
      found.push(`${label}: ${run.done} of ${run.requests} requests made, ${config.trafficRequests} expected`);
    }
    for (const name of ['totalMs', 'slicedMs', 'longestSliceMs', 'longestCallMs', 'longestChunkMs', 'longestGapMs', 'prepareMs', 'prepareFrameMs',
      'setupMs', 'setupWallMs', 'longestSetupSliceMs', 'longestSetupStepMs']) {
      if (!(Number.isFinite(run[name]) && run[name] >= 0)) found.push(`${label}: ${name} is ${run[name]}`);
    }
    if (!(run.frames >= 1) || !(run.setupFrames >= 1) || run.frames + run.setupFrames !== run.gaps?.length + 1) {
      found.push(`${label}: ${run.setupFrames} setup and ${run.frames} request frames, ${run.gaps?.length} gaps`);
    }
    if (run.setupSlices !== run.setupFrames) found.push(`${label}: ${run.setupSlices} setup slices in ${run.setupFrames} frames`);
    if (run.hitsOf !== bucket) found.push(`${label}: ${run.hitsOf} requests just after the join, not ${bucket}`);
    if (traffic.nativeHits !== null) {
      if (run.hits !== traffic.nativeHits) {
        found.push(`${label}: ${run.hits} hits of ${run.hitsOf} just after the join, the native build ${traffic.nativeHits}`);
      }
    } else if (!(run.hits / run.hitsOf > 0.5 && run.hits / run.hitsOf <= 1)) {
      found.push(`${label}: a hit rate of ${run.hits} / ${run.hitsOf} just after the join`);
    }
  }
  return found;
}

// The traffic runs summed up: medians, and the worst of every run for the frames.
export function trafficFigures(traffic) {
  const runs = traffic.runs;
  const of = (name) => runs.map((r) => r[name]);
  const worst = (name) => Math.max(...of(name));
  const isLate = (g) => g > TARGETS.frameMs + FRAME_JITTER_MS;
  const late = runs.map((r) => r.gaps.filter(isLate).length);
  const idle = traffic.idle ?? [];
  const idleGaps = idle.flatMap((r) => r.gaps);
  return {
    runs: runs.length,
    totalMs: median(of('totalMs')),
    worstTotalMs: worst('totalMs'),
    frames: median(of('frames')),
    worstFrames: worst('frames'),
    slicedMs: median(of('slicedMs')),
    worstSlicedMs: worst('slicedMs'),
    requests: runs[0]?.requests,
    chunks: runs[0]?.chunks,
    longestSliceMs: median(of('longestSliceMs')),
    worstSliceMs: worst('longestSliceMs'),
    longestCallMs: median(of('longestCallMs')),
    worstCallMs: worst('longestCallMs'),
    longestChunkMs: median(of('longestChunkMs')),
    worstChunkMs: worst('longestChunkMs'),
    meanChunkMs: median(runs.map((r) => r.slicedMs / r.chunks)),
    longestGapMs: median(of('longestGapMs')),
    worstGapMs: worst('longestGapMs'),
    late: median(late),
    worstLate: Math.max(...late),
    allLate: late.reduce((a, b) => a + b, 0),
    // Frames whose length is known: each slice's but the last.
    allFrames: runs.reduce((a, r) => a + r.gaps.length, 0),
    // The control: as many frames with nothing done in them (`idleRun` in main.js).
    idleRuns: idle.length,
    idleFrames: idleGaps.length,
    idleLate: idleGaps.filter(isLate).length,
    idleWorstGapMs: Math.max(0, ...idleGaps),
    prepareMs: median(of('prepareMs')),
    worstPrepareMs: worst('prepareMs'),
    setupMs: median(of('setupMs')),
    worstSetupMs: worst('setupMs'),
    setupWallMs: median(of('setupWallMs')),
    worstSetupWallMs: worst('setupWallMs'),
    setupFrames: median(of('setupFrames')),
    longestSetupSliceMs: median(of('longestSetupSliceMs')),
    worstSetupSliceMs: worst('longestSetupSliceMs'),
    worstSetupStepMs: worst('longestSetupStepMs'),
    hits: runs[0]?.hits,
    hitsOf: runs[0]?.hitsOf,
    sameHits: runs.every((r) => r.hits === runs[0]?.hits),
    nativeHits: traffic.nativeHits,
  };
}

const percent = (hits, of) => `${((100 * hits) / of).toFixed(3)}%`;

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
  for (const row of result.jump ?? []) {
    const core = median(row.wasm);
    const peer = median(row.npm);
    out.push({
      text: `jump hash over ${count(row.buckets)} buckets no slower than npm @subspace/jump-consistent-hash (the same buckets)`,
      figure: `${times(ratio(peer, core))} (${ms(peer)} vs ${ms(core)} for ${count(row.keys)} keys)`,
      ok: ratio(peer, core) >= 1,
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
  if (result.traffic?.runs?.length) {
    const t = trafficFigures(result.traffic);
    const { config } = result;
    out.push({
      text: `${count(config.trafficRequests)} simulated requests over ${count(config.trafficKeys)} keys in < ${ms(TARGETS.trafficMs)}, `
        + `in slices (one of ${config.sliceMs} ms per animation frame)`,
      figure: `${ms(t.totalMs)} (worst ${ms(t.worstTotalMs)}), ${count(t.frames)} frames`,
      ok: t.totalMs < TARGETS.trafficMs,
    });
    // The work keeps every frame if no call from JS nor `prepare` takes a frame's time, and
    // frames come late no more often than with nothing done (the idle control): the late
    // frames left are the browser's own.
    const slicesOk = t.worstCallMs <= TARGETS.frameMs;
    const prepareOk = t.worstPrepareMs <= TARGETS.frameMs;
    const controlled = t.idleFrames > 0;
    const lateOk = t.allLate === 0
      || (controlled && t.allLate / t.allFrames <= t.idleLate / t.idleFrames);
    out.push({
      text: `no frame over ${TARGETS.frameMs} ms while they run, the setup included (late frames no more often than in an idle page)`,
      figure: `longest slice ${ms(t.worstCallMs)}, longest frame ${ms(t.worstGapMs)}; ${count(t.allLate)} of ${count(t.allFrames)} frames over `
        + `${TARGETS.frameMs} ms in ${t.runs} runs, the setup's ${count(t.setupFrames)} included (its steps: ${ms(t.setupMs)} in all, the longest slice `
        + `${ms(t.worstSetupSliceMs)}; \`prepare\` ${ms(t.worstPrepareMs)} at most); `
        + (controlled
          ? `idle control: ${count(t.idleLate)} of ${count(t.idleFrames)} frames over, the longest ${ms(t.idleWorstGapMs)}`
          : 'no idle control run'),
      ok: slicesOk && prepareOk && lateOk,
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
  if (result.jump?.length) {
    say();
    say(`### Jump hash beside npm (${count(result.jump[0].keys)} keys)`);
    say();
    say('The one npm package found that computes one of the core\'s bucket algorithms with the same answers: '
      + '`@subspace/jump-consistent-hash` 1.1.1, Lamping and Veach\'s loop in `BigInt`s over a 64-bit key given as 8 bytes. '
      + 'Both sides get the same splitmix64 keys and every bucket is compared. No npm package was found for Maglev, '
      + 'rendezvous, AnchorHash, DxHash, MementoHash, FlipHash, power or multi-probe with the core\'s answers.');
    say();
    say('| buckets | wasm core | npm jump-consistent-hash | npm / core |');
    say('| ---: | ---: | ---: | ---: |');
    for (const row of result.jump) {
      const core = median(row.wasm);
      const peer = median(row.npm);
      say(`| ${count(row.buckets)} | ${ms(core)} | ${ms(peer)} | ${times(ratio(peer, core))} |`);
    }
  }
  if (result.traffic?.runs?.length) trafficSection(result, say);
  say();
  say('### Targets');
  say();
  say('| target | figure | status |');
  say('| --- | --- | --- |');
  for (const t of targets(result)) say(`| ${t.text} | ${t.figure} | ${t.status ?? (t.ok ? 'met' : '**not met**')} |`);
  say(END);
  return `${lines.join('\n')}\n`;
}

// The traffic simulation's subsection of the Browser section.
function trafficSection(result, say) {
  const { config } = result;
  const t = trafficFigures(result.traffic);
  say();
  say(`### Traffic simulation in slices (${count(config.trafficKeys)} keys, ${count(config.trafficRequests)} requests)`);
  say();
  say('The native benchmark\'s Zipf 1 row (`crates/ring-core/benches/traffic.rs`, "Traffic simulation" above): '
    + `${count(config.trafficKeys)} keys \`user:<n>:<abc>\` of seed ${config.trafficSeed}, generated in wasm; ten nodes \`10.0.0.i:11211\` `
    + `on a virtual-node ring of 100 points each, an eleventh joining at request ${count(config.trafficRequests / 2)}; Zipf 1, `
    + 'caches that hold all their keys. `TrafficBench::prepare` starts the setup (`SimulationBuild::new`: the limits checked, the first '
    + 'placement built; timed in wasm, in a frame of its own); '
    + `then the page calls \`slice(${config.sliceMs})\` once per \`requestAnimationFrame\` callback, which runs the rest of the setup in steps of `
    + `${count(2048)} keys (placing every key before and after the join, the popularity permutation, the alias table, the warm caches), then chunks of `
    + `${count(result.traffic.chunk)} requests, until ${config.sliceMs} ms are spent (\`performance.now()\` read in wasm after each step or chunk). `
    + 'A frame is timed from one callback\'s start to the next\'s (`performance.now()` on entry: headless Chromium\'s '
    + 'animation-frame timestamps stay on a 16.67 ms grid even when a callback runs late); it counts as over '
    + `${TARGETS.frameMs} ms when it is longer by more than ${FRAME_JITTER_MS} ms, the callbacks\' jitter around the 16.67 ms interval. `
    + `Medians of ${t.runs} runs after ${config.warmup} warm-up, and beside them the worst of the ${t.runs}.`);
  say();
  say(`| figure | median of ${t.runs} | worst of ${t.runs} |`);
  say('| --- | ---: | ---: |');
  say(`| ${count(config.trafficRequests)} requests, from the first slice's start to the last's end | ${ms(t.totalMs)} | ${ms(t.worstTotalMs)} |`);
  say(`| frames of the requests (one slice each) | ${count(t.frames)} | ${count(t.worstFrames)} |`);
  const perRequest = (value) => `${((value * 1e6) / t.requests).toFixed(0)} ns`;
  say(`| the slices alone (per request) | ${ms(t.slicedMs)} (${perRequest(t.slicedMs)}) | ${ms(t.worstSlicedMs)} (${perRequest(t.worstSlicedMs)}) |`);
  say(`| longest slice, in wasm (the call from JS) | ${ms(t.longestSliceMs)} (${ms(t.longestCallMs)}) | ${ms(t.worstSliceMs)} (${ms(t.worstCallMs)}) |`);
  say(`| longest chunk of ${count(result.traffic.chunk)} requests (their mean: ${ms(t.meanChunkMs)}) | ${ms(t.longestChunkMs)} | ${ms(t.worstChunkMs)} |`);
  say(`| longest gap between animation frames | ${ms(t.longestGapMs)} | ${ms(t.worstGapMs)} |`);
  say(`| frames over ${TARGETS.frameMs} ms (longer than ${ms(TARGETS.frameMs + FRAME_JITTER_MS)}), the setup's included | ${count(t.late)} | ${count(t.worstLate)} |`);
  say(`| \`prepare\` (\`SimulationBuild::new\`), one call | ${ms(t.prepareMs)} | ${ms(t.worstPrepareMs)} |`);
  say(`| the setup's steps, in all | ${ms(t.setupMs)} | ${ms(t.worstSetupMs)} |`);
  say(`| the setup from its first slice to its last, in frames | ${ms(t.setupWallMs)} (${count(t.setupFrames)} frames) | ${ms(t.worstSetupWallMs)} |`);
  say(`| the setup's longest slice (its longest step of ${count(2048)} keys) | ${ms(t.longestSetupSliceMs)} | ${ms(t.worstSetupSliceMs)} (${ms(t.worstSetupStepMs)}) |`);
  say();
  const native = t.nativeHits === null
    ? 'no native figure is pinned for this size'
    : `${t.hits === t.nativeHits ? 'exactly' : '**not**'} the native build's ${percent(t.nativeHits, t.hitsOf)} `
      + '(`crates/bench-web/src/traffic.rs` pins it in a test that runs the same scenario natively; "Traffic simulation" above rounds it to '
      + `${((100 * t.nativeHits) / t.hitsOf).toFixed(1)}%)`;
  say(`Hit rate just after the join (requests ${count(config.trafficRequests / 2)} to ${count(config.trafficRequests / 2 + t.hitsOf - 1)}): `
    + `${percent(t.hits, t.hitsOf)} (${count(t.hits)} of ${count(t.hitsOf)}${t.sameHits ? ', in every run' : ', **not the same in every run**'}), ${native}.`);
  say();
  const long = [];
  if (t.allLate > 0) {
    long.push(`${count(t.allLate)} of the ${count(t.allFrames)} frames in ${t.runs} runs (the longest ${ms(t.worstGapMs)}), `
      + `after slices that ran past their ${config.sliceMs} ms to as much as ${ms(t.worstCallMs)}: a chunk of ${count(result.traffic.chunk)} requests `
      + `takes ${ms(t.meanChunkMs)} on average, the longest took ${ms(t.worstChunkMs)}; the setup's longest step ${ms(t.worstSetupStepMs)}`);
  } else {
    long.push(`none of the ${count(t.allFrames)} frames in ${t.runs} runs, the setup's included`);
  }
  say(`Frames over ${TARGETS.frameMs} ms: ${long.join('; and ')}.`);
  if (t.idleFrames > 0) {
    say();
    say(`The control: after each run, the same page asked for as many animation frames (${count(t.idleFrames)} in all) and did nothing in them. `
      + `${count(t.idleLate)} of them were over ${TARGETS.frameMs} ms by the same measure (${percent(t.idleLate, t.idleFrames)}; the longest ${ms(t.idleWorstGapMs)}), `
      + `against ${percent(t.allLate, t.allFrames)} while the simulation ran. Headless Chromium here starts a callback late now and then whatever the page does, `
      + 'so a late frame counts against the simulation only where late frames come more often than in the control.');
  }
}
