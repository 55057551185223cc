// The browser benchmark page: the ring core (crates/bench-web, wasm) and npm hashring
// 3.2.0 on the same nodes and keys, timed in this page with the same clock. The wasm side
// times itself inside wasm with performance.now(); hashring is timed here around its calls.
// scripts/bench-web drives it headless (window.ringBench.run) and writes BENCHMARKS.md; the
// buttons run it by hand.
import init, {
  AssignBench,
  BucketBench,
  ChangeBench,
  TrafficBench,
  native_hits_just_after as nativeHitsJustAfter,
  sample_keys as sampleKeys,
} from './pkg/bench_web.js';
import { HashRing, jumpConsistentHash, md5 } from './vendor/hashring.js';
import { generateKeys, nodeNames } from './keys.js';
import { markdown, problems } from './report.js';

// Sizes are [nodes, points per node]. 100 × 100 is the 10,000-point ring of the targets.
export const MODES = {
  full: {
    runs: 5,
    warmup: 1,
    keys: 100_000,
    seed: 7,
    sizes: [[10, 100], [100, 100], [1000, 1000]],
    changeKeys: 1_000_000,
    changeSeed: 11,
    changeSizes: [[10, 100], [100, 100], [1000, 1000]],
    agreeNodes: 10,
    // Issue 15's traffic: the native benchmark's scenario (crates/ring-core/benches/traffic.rs),
    // one slice of `sliceMs` per animation frame: the app's own (`effects::job::SLICE_MS`).
    trafficKeys: 1_000_000,
    trafficSeed: 1,
    trafficRequests: 10_000_000,
    sliceMs: 10,
    // Jump hash beside npm @subspace/jump-consistent-hash (issue 33): 64-bit keys.
    bucketKeys: 100_000,
    bucketSeed: 13,
    bucketSizes: [10, 1000, 1_000_000],
  },
  // Each measurement once, small: checks the page produces sound numbers, not how fast.
  smoke: {
    runs: 1,
    warmup: 0,
    keys: 20_000,
    seed: 7,
    sizes: [[10, 100], [100, 100]],
    changeKeys: 20_000,
    changeSeed: 11,
    changeSizes: [[10, 100]],
    agreeNodes: 10,
    trafficKeys: 100_000,
    trafficSeed: 1,
    trafficRequests: 200_000,
    sliceMs: 10,
    bucketKeys: 2_000,
    bucketSeed: 13,
    bucketSizes: [10, 1000],
  },
};

// hashring's documented custom hasher: an MD5 digest as bytes. The browser has no Node
// crypto; js-md5 is a fast pure-JS MD5, so hashring is timed at its best here.
const hasher = (text) => md5.array(text);

// hashring makes `vnode count` MD5 digests per server and 4 ring points from each (ketama).
function hashringOptions(perNode) {
  if (perNode % 4 !== 0) throw new Error(`hashring needs points per node in fours, not ${perNode}`);
  return { 'vnode count': perNode / 4, replicas: 4 };
}

const pause = () => new Promise((resume) => setTimeout(resume, 0));

function progress(text) {
  console.info(`[bench] ${text}`);
  const log = document.getElementById('log');
  if (log) log.textContent += `${text}\n`;
}

// Runs each named measurement `warmup` times unrecorded (V8 compiles wasm and JS in tiers:
// a first call may run unoptimized code), then `runs` times interleaved, so that load from
// other processes falls on all of them alike. Each returns milliseconds.
async function measure(config, measurements) {
  const names = Object.keys(measurements);
  for (let i = 0; i < config.warmup; i++) {
    for (const name of names) {
      measurements[name]();
      await pause();
    }
  }
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < config.runs; i++) {
    for (const name of names) {
      samples[name].push(measurements[name]());
      await pause();
    }
  }
  return samples;
}

function hashringAssign(ring, keys) {
  const owners = new Array(keys.length);
  const start = performance.now();
  for (let i = 0; i < keys.length; i++) owners[i] = ring.get(keys[i]);
  return { ms: performance.now() - start, owners };
}

function timedHashring(nodes, perNode) {
  const names = nodeNames(nodes);
  const start = performance.now();
  const ring = new HashRing(names, hasher, hashringOptions(perNode));
  return { ms: performance.now() - start, ring };
}

// The keys in JS must be the keys in wasm, or the comparison compares different work.
function checkKeys(keys, config) {
  const wasmKeys = sampleKeys(config.keys, config.seed).split('\n');
  let equal = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i] === wasmKeys[i]) equal++;
  return { count: keys.length, wasm: wasmKeys.length, equal, first: keys[0], wasmFirst: wasmKeys[0] };
}

// hashring implements libketama's continuum, which the core also has: on the same servers
// the two must place every key alike. This checks both sides see the same keys and nodes.
function checkKetama(bench, keys, config) {
  const names = nodeNames(config.agreeNodes);
  bench.build_ketama(config.agreeNodes);
  bench.assign();
  const owners = bench.owners();
  const ring = new HashRing(names, hasher);
  let equal = 0;
  for (let i = 0; i < keys.length; i++) if (ring.get(keys[i]) === names[owners[i]]) equal++;
  return { nodes: config.agreeNodes, keys: keys.length, equal, points: bench.ring_points(), hashringPoints: ring.size };
}

async function assignAndBuild(config, keys, result) {
  const bench = new AssignBench(config.keys, config.seed);
  try {
    result.checks.ketama = checkKetama(bench, keys, config);
    for (const [nodes, perNode] of config.sizes) {
      progress(`build ${nodes} × ${perNode}`);
      const build = await measure(config, {
        wasm: () => bench.build_ring(nodes, perNode),
        hashring: () => timedHashring(nodes, perNode).ms,
      });
      result.build.push({ nodes, perNode, ...build });

      progress(`assign ${keys.length} keys on ${nodes} × ${perNode}`);
      bench.build_ring(nodes, perNode);
      const { ring } = timedHashring(nodes, perNode);
      let hashringOwners = [];
      const assign = await measure(config, {
        wasm: () => bench.assign(),
        wasmCached: () => bench.assign_cached(),
        wasmTwoPass: () => bench.assign_two_pass(),
        hashring: () => {
          const { ms, owners } = hashringAssign(ring, keys);
          hashringOwners = owners;
          return ms;
        },
      });
      const names = new Set(nodeNames(nodes));
      result.assign.push({
        nodes,
        perNode,
        ...assign,
        points: bench.ring_points(),
        hashringPoints: ring.size,
        wasmAssigned: bench.owners().filter((o) => o < nodes).length,
        hashringAssigned: hashringOwners.filter((o) => names.has(o)).length,
      });
    }
  } finally {
    bench.free();
  }
}

async function change(config, result) {
  progress(`hash and sort ${config.changeKeys} keys`);
  const bench = new ChangeBench(config.changeKeys, config.changeSeed);
  try {
    for (const [nodes, perNode] of config.changeSizes) {
      progress(`join and leave on ${nodes} × ${perNode}`);
      bench.set_ring(nodes, perNode);
      const outcome = {};
      const after = (name, ms) => {
        outcome[name] = { moved: bench.moved(), examined: bench.examined(), loadTotal: bench.load_total() };
        return ms;
      };
      const samples = await measure(config, {
        joinMerge: () => bench.join_merge(),
        joinDelta: () => after('join', bench.join_delta()),
        leaveFilter: () => bench.leave_filter(),
        leaveDelta: () => after('leave', bench.leave_delta()),
      });
      result.change.push({ nodes, perNode, keys: bench.key_count(), ...samples, ...outcome });
    }
  } finally {
    bench.free();
  }
}

// npm @subspace/jump-consistent-hash over the keys, each 8 big-endian bytes, as the package
// takes them; the buckets into `out`.
function npmJump(keyBytes, count, buckets, out) {
  const start = performance.now();
  for (let i = 0; i < count; i++) out[i] = jumpConsistentHash(keyBytes.subarray(8 * i, 8 * i + 8), buckets);
  return performance.now() - start;
}

// Jump hash, the one algorithm of the core beside hashring's ring that an npm package
// computes with the same answers: both sides on the same 64-bit keys, every bucket compared.
async function jump(config, result) {
  const bench = new BucketBench(config.bucketKeys, config.bucketSeed);
  try {
    const keyBytes = bench.keys_be();
    const count = bench.key_count();
    const npmBuckets = new Uint32Array(count);
    for (const buckets of config.bucketSizes) {
      progress(`jump hash: ${count} keys over ${buckets} buckets`);
      const samples = await measure(config, {
        wasm: () => bench.jump(buckets),
        npm: () => npmJump(keyBytes, count, buckets, npmBuckets),
      });
      const wasmBuckets = bench.buckets();
      let equal = 0;
      for (let i = 0; i < count; i++) if (wasmBuckets[i] === npmBuckets[i]) equal++;
      result.jump.push({ buckets, keys: count, equal, ...samples });
    }
  } finally {
    bench.free();
  }
}

const nextFrame = () => new Promise((resume) => requestAnimationFrame(() => resume(performance.now())));

// One traffic run: `prepare` (the limits checked and the first placement built, timed) in
// an animation frame of its own, then one slice of `sliceMs` per animation frame: first the
// rest of the setup (placing every key twice, the permutation, the alias table, the warm
// caches, in steps of keys), then the requests, until every request is made. A frame is
// timed from one callback's start (performance.now() on entry) to the next's: in headless
// Chromium the timestamps requestAnimationFrame passes stay on a 16.67 ms grid even when a
// callback runs late, so they cannot show a long frame (`longestStampGapMs` keeps them).
async function trafficRun(bench, config) {
  const prepareEntry = await nextFrame();
  const prepareMs = bench.prepare(config.trafficRequests);
  return new Promise((resolve, fail) => {
    const stamps = [];
    const entries = [];
    let longestCallMs = 0;
    let end = 0;
    let setupFrames = 0;
    let setupEnd = 0;
    const frame = (stamp) => {
      try {
        const entry = performance.now();
        stamps.push(stamp);
        entries.push(entry);
        const done = bench.slice(config.sliceMs);
        end = performance.now();
        longestCallMs = Math.max(longestCallMs, end - entry);
        if (!setupFrames && bench.set_up()) {
          setupFrames = entries.length;
          setupEnd = end;
        }
        if (!done) {
          requestAnimationFrame(frame);
          return;
        }
        const gaps = entries.slice(1).map((t, i) => t - entries[i]);
        const stampGaps = stamps.slice(1).map((t, i) => t - stamps[i]);
        resolve({
          // The requests: from the first frame after the setup to the end.
          totalMs: end - entries[setupFrames],
          frames: entries.length - setupFrames,
          slicedMs: bench.sliced_ms(),
          chunks: bench.chunks(),
          longestSliceMs: bench.longest_slice_ms(),
          longestCallMs,
          longestChunkMs: bench.longest_chunk_ms(),
          // Every frame's, the setup's included.
          gaps,
          longestGapMs: Math.max(0, ...gaps),
          longestStampGapMs: Math.max(0, ...stampGaps),
          prepareMs,
          prepareFrameMs: entries[0] - prepareEntry,
          setupMs: bench.setup_ms(),
          setupSlices: bench.setup_slices(),
          setupFrames,
          setupWallMs: setupEnd - entries[0],
          longestSetupSliceMs: bench.longest_setup_slice_ms(),
          longestSetupStepMs: bench.longest_setup_step_ms(),
          done: bench.done(),
          requests: bench.requests(),
          hits: bench.hits_just_after() ?? null,
          hitsOf: bench.requests_just_after() ?? null,
        });
      } catch (err) {
        fail(err);
      }
    };
    requestAnimationFrame(frame);
  });
}

// The control for the frames: as many animation frames as a traffic run had, with nothing
// done in them, in the same page. Headless Chromium's callbacks come late now and then on
// their own (an idle page here has a few frames in a hundred over 17.7 ms), so a late frame
// in a traffic run is the work's only if it comes more often than here.
function idleRun(frames) {
  return new Promise((resolve) => {
    const entries = [];
    const frame = () => {
      entries.push(performance.now());
      if (entries.length < frames) requestAnimationFrame(frame);
      else resolve({ gaps: entries.slice(1).map((t, i) => t - entries[i]) });
    };
    requestAnimationFrame(frame);
  });
}

async function traffic(config, result) {
  progress(`generate ${config.trafficKeys} keys for the traffic simulation`);
  const bench = new TrafficBench(config.trafficKeys, config.trafficSeed);
  try {
    const runs = [];
    const idle = [];
    for (let i = 0; i < config.warmup + config.runs; i++) {
      progress(`traffic: ${config.trafficRequests} requests over ${config.trafficKeys} keys, `
        + `slices of ${config.sliceMs} ms${i < config.warmup ? ' (warm-up)' : ''}`);
      const run = await trafficRun(bench, config);
      if (i >= config.warmup) runs.push(run);
      await pause();
      if (i >= config.warmup) {
        progress(`idle control: ${run.gaps.length + 1} animation frames with nothing done`);
        idle.push(await idleRun(run.gaps.length + 1));
        await pause();
      }
    }
    result.traffic = {
      keys: bench.key_count(),
      chunk: TrafficBench.chunk(),
      nativeHits: nativeHitsJustAfter(config.trafficKeys, config.trafficRequests) ?? null,
      runs,
      idle,
    };
  } finally {
    bench.free();
  }
}

// Resolution of performance.now(): 5 µs in a cross-origin-isolated page, 100 µs otherwise.
function timerStep() {
  let smallest = Infinity;
  for (let i = 0; i < 50; i++) {
    const a = performance.now();
    let b = performance.now();
    while (b === a) b = performance.now();
    smallest = Math.min(smallest, b - a);
  }
  return smallest;
}

export async function run(mode = 'full', overrides = {}) {
  const config = { ...MODES[mode], ...overrides, mode };
  const started = performance.now();
  const result = {
    config,
    env: { userAgent: navigator.userAgent, crossOriginIsolated: self.crossOriginIsolated, timerStepMs: timerStep() },
    checks: {},
    build: [],
    assign: [],
    change: [],
    jump: [],
    traffic: null,
  };
  progress(`generate ${config.keys} keys in JS`);
  const keys = generateKeys(config.keys, config.seed);
  result.checks.keys = checkKeys(keys, config);
  await assignAndBuild(config, keys, result);
  await change(config, result);
  await jump(config, result);
  await traffic(config, result);
  result.seconds = (performance.now() - started) / 1000;
  progress(`done in ${result.seconds.toFixed(1)} s`);
  return result;
}

async function runByHand(mode) {
  for (const button of document.querySelectorAll('button')) button.disabled = true;
  document.getElementById('log').textContent = '';
  const out = document.getElementById('out');
  out.textContent = '';
  try {
    const result = await run(mode);
    const found = problems(result);
    out.textContent = markdown(result, {}) + (found.length ? `\nProblems:\n- ${found.join('\n- ')}\n` : '');
  } catch (err) {
    out.textContent = `failed: ${err?.stack ?? err}`;
  } finally {
    for (const button of document.querySelectorAll('button')) button.disabled = false;
  }
}

await init();
for (const button of document.querySelectorAll('button[data-mode]')) {
  button.addEventListener('click', () => runByHand(button.dataset.mode));
  button.disabled = false;
}
window.ringBench = { run, modes: MODES, loaded: true };
