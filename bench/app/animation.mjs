// The moving-keys animation of the release build, measured in headless Chromium: the page
// is opened from a link with 20,000 keys all drawn (`drawn=20000`), a change that moves most
// keys is made (a new hash on the ring, a fifth node for modulo's bins), and the change is
// replayed while the page records every requestAnimationFrame interval and the Long Tasks.
//
//   node bench/app/animation.mjs            # every scenario, slow replays: JSON lines + summary
//   node bench/app/animation.mjs --smoke    # one quick run: fails if nothing moves on the canvas
//   node bench/app/animation.mjs --profile  # also a CPU profile of one replay per scenario
//
// Reads the build from RINGLAB_DIST (default dist/), serves it itself. Prints one JSON line
// per figure on stdout ({"bench":"animation","scenario":...,"metric":...,"value":N,"unit":...})
// and a short summary on stderr. Figures only: no threshold fails a full run; the smoke run
// fails on a real fault (no moving keys, a canvas that does not change between frames, a
// page error).
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDist, launch, openPage, OUT } from '../../tests/e2e/harness.mjs';

const args = new Set(process.argv.slice(2));
for (const a of args) {
  if (!['--smoke', '--profile'].includes(a)) {
    console.error(`animation: unknown option ${a} (use --smoke or --profile)`);
    process.exit(2);
  }
}
const SMOKE = args.has('--smoke');
const PROFILE = args.has('--profile');

const NODES = 'cache-a:100,cache-b:100,cache-c:100,cache-d:100';
const SCENARIOS = [
  {
    // A new hash moves about 3 keys in 4 on a ring of 4 nodes, and both pictures are rings.
    name: 'ring-hash',
    query: `algo=virtual&hash=murmur3-64&vnodes=16&nodes=${NODES}&keys=20000&seed=42&drawn=20000`,
    change: async (page) => page.selectOption('#hash', 'md5'),
  },
  {
    // A fifth node moves 4 keys in 5 under modulo: the keys travel between bins.
    name: 'bins-modulo',
    query: `algo=modulo&nodes=${NODES}&keys=20000&seed=42&drawn=20000`,
    change: async (page) => {
      await page.fill('#add-name', 'cache-e');
      await page.fill('#add-weight', '100');
      await page.click('#add-node');
    },
  },
  {
    // Maglev: a fifth node moves a fifth of the keys, and 16,384 cells of its lookup table
    // (65,537 entries) fade to their new owners' colours at every frame.
    name: 'bins-maglev',
    query: `algo=maglev&table=65537&nodes=${NODES}&keys=20000&seed=42&drawn=20000`,
    change: async (page) => {
      await page.fill('#add-name', 'cache-e');
      await page.fill('#add-weight', '100');
      await page.click('#add-node');
    },
  },
  {
    // 4,000 points: the moved keys' paths between points are nearly all different, so
    // every traveller is its own dot (on 64 points they share about 2,000 paths).
    name: 'ring-hash-4000-points',
    query: `algo=virtual&hash=murmur3-64&vnodes=1000&nodes=${NODES}&keys=20000&seed=42&drawn=20000`,
    change: async (page) => page.selectOption('#hash', 'md5'),
  },
  {
    // The default 2,000 drawn keys, for comparison.
    name: 'ring-hash-default',
    query: `algo=virtual&hash=murmur3-64&vnodes=16&nodes=${NODES}&keys=20000&seed=42`,
    change: async (page) => page.selectOption('#hash', 'md5'),
  },
];

// Installed before the page's own scripts: Long Tasks are buffered from the start.
const INIT = () => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__longTasks = null;
  }
};

// rAF intervals for `ms` milliseconds with nothing else going on: what this Chromium's
// frame clock does on its own.
async function idleFrames(page, ms) {
  return page.evaluate((ms) => new Promise((done) => {
    const out = [];
    let last = null;
    const start = performance.now();
    const tick = (t) => {
      if (last !== null) out.push(t - last);
      last = t;
      if (t - start < ms) requestAnimationFrame(tick);
      else done(out);
    };
    requestAnimationFrame(tick);
  }), ms);
}

// Clicks replay and records every rAF interval until the play button shows "play" again
// (or `limit` ms pass). With `probe`, also a checksum of the canvas's pixels at two frames
// during the animation. Each frame also posts a message to itself: it runs once the frame's
// work (the page's own frame callback, style, layout, paint) is done, so the time from the
// frame's start to it measures the frame's work on the main thread, the headroom a 60 Hz
// clock hides. (An upper bound: when frames take longer than the clock's period, the message
// may wait for the next frame too.)
async function recordReplay(page, { limit, probe }) {
  return page.evaluate(({ limit, probe }) => new Promise((done) => {
    const canvas = document.querySelector('#ring-canvas');
    const button = document.querySelector('#play-pause');
    const checksum = () => {
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum = (sum * 31 + data[i] * 7 + data[i + 1] * 13 + data[i + 2] * 17) >>> 0;
      return sum;
    };
    const intervals = [];
    const work = [];
    const channel = new MessageChannel();
    let frameStart = 0;
    channel.port1.onmessage = () => work.push(performance.now() - frameStart);
    const sums = [];
    let last = null;
    let frame = 0;
    let started = false;
    const t0 = performance.now();
    const tick = (t) => {
      if (last !== null) intervals.push(t - last);
      last = t;
      frame++;
      frameStart = t;
      channel.port2.postMessage(0);
      // The play button shows "pause" (❚❚) while the change plays.
      const playing = button.textContent.includes('❚');
      started ||= playing;
      if (probe && playing && (frame === 4 || frame === 12)) sums.push(checksum());
      if ((started && !playing) || t - t0 > limit) {
        done({ intervals, work, sums, t0, t1: t, started });
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    document.querySelector('#replay').click();
  }), { limit, probe });
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

const round = (x) => Math.round(x * 100) / 100;

async function runScenario(browser, base, sc) {
  const { page, context, problems } = await openPage(browser, `${base}/?${sc.query}`);
  await context.addInitScript(INIT);
  await page.reload();
  await page.waitForSelector('#ring-canvas', { timeout: 60000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 60000 });
  await page.waitForTimeout(500);
  const idle = await idleFrames(page, SMOKE ? 300 : 1000);
  await sc.change(page);
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 60000 });
  // Let the first play end.
  await page.waitForFunction(() => !document.querySelector('#play-pause')?.textContent.includes('❚'), null, { timeout: 60000 });
  const shown = await page.$eval('#ring-canvas', (c) => ({
    drawn: c.dataset.drawn === undefined ? null : Number(c.dataset.drawn),
    moving: c.dataset.moving === undefined ? null : Number(c.dataset.moving),
  }));
  const speed = SMOKE ? '1' : '0.25';
  await page.selectOption('#speed', speed);
  const runs = SMOKE ? 1 : 3;
  const intervals = [];
  const work = [];
  const longTasks = [];
  let sums = [];
  let started = true;
  for (let r = 0; r < runs; r++) {
    const rec = await recordReplay(page, { limit: 20000, probe: SMOKE || r === 0 });
    started &&= rec.started;
    // The first interval spans the click that started the replay: not a frame of it.
    intervals.push(...rec.intervals.slice(1));
    work.push(...rec.work.slice(1));
    if (rec.sums.length) sums = rec.sums;
    const lt = await page.evaluate(() => window.__longTasks);
    if (lt) longTasks.push(...lt.filter((e) => e.start >= rec.t0 && e.start <= rec.t1));
    await page.waitForTimeout(200);
  }
  let profile = null;
  if (PROFILE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await recordReplay(page, { limit: 20000, probe: false });
    ({ profile } = await cdp.send('Profiler.stop'));
  }
  await context.close();
  return { idle, intervals, work, longTasks, sums, shown, problems, started, profile, speed };
}

// Self time per function name in a CPU profile, largest first.
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dts = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const cf = node.callFrame;
    const name = `${cf.functionName || '(anonymous)'} ${cf.url ? cf.url.split('/').pop() : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + (dts[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25) };
}

const { server, base } = await serveDist();
const browser = await launch();
let failed = false;
const fail = (why) => {
  failed = true;
  console.error(`animation: FAIL ${why}`);
};
try {
  for (const sc of SMOKE ? SCENARIOS.slice(0, 1) : SCENARIOS) {
    const r = await runScenario(browser, base, sc);
    const sorted = [...r.intervals].sort((a, b) => a - b);
    const idleSorted = [...r.idle].sort((a, b) => a - b);
    const workSorted = [...r.work].sort((a, b) => a - b);
    const lt = r.longTasks;
    const figures = {
      frames: [r.intervals.length, 'frames'],
      frame_median: [round(quantile(sorted, 0.5)), 'ms'],
      frame_p95: [round(quantile(sorted, 0.95)), 'ms'],
      frame_max: [round(sorted[sorted.length - 1] ?? NaN), 'ms'],
      frame_work_median: [round(quantile(workSorted, 0.5)), 'ms'],
      frame_work_p95: [round(quantile(workSorted, 0.95)), 'ms'],
      frames_over_16_7ms: [r.intervals.filter((x) => x > 16.7 + 0.5).length, 'frames'],
      frames_over_33ms: [r.intervals.filter((x) => x > 33.4).length, 'frames'],
      long_tasks: [lt.length, 'tasks'],
      long_task_max: [round(Math.max(0, ...lt.map((e) => e.duration))), 'ms'],
      idle_frame_median: [round(quantile(idleSorted, 0.5)), 'ms'],
      moving_keys: [r.shown.moving ?? -1, 'keys'],
      drawn_keys: [r.shown.drawn ?? -1, 'keys'],
    };
    for (const [metric, [value, unit]] of Object.entries(figures)) {
      console.log(JSON.stringify({ bench: 'animation', scenario: sc.name, metric, value, unit, speed: Number(r.speed), smoke: SMOKE }));
    }
    console.error(`[animation] ${sc.name}: ${r.shown.moving ?? '?'} moving of ${r.shown.drawn ?? '?'} drawn keys; `
      + `${r.intervals.length} frames, median ${figures.frame_median[0]} ms, p95 ${figures.frame_p95[0]} ms, max ${figures.frame_max[0]} ms, `
      + `${figures.frames_over_16_7ms[0]} over 16.7 ms, ${figures.frames_over_33ms[0]} over 33 ms; `
      + `work per frame median ${figures.frame_work_median[0]} ms, p95 ${figures.frame_work_p95[0]} ms; `
      + `${lt.length} long tasks (max ${figures.long_task_max[0]} ms); idle rAF median ${figures.idle_frame_median[0]} ms`);
    if (r.profile) {
      const { total, top } = selfTimes(r.profile);
      await mkdir(OUT, { recursive: true });
      const path = join(OUT, `animation-${sc.name}.cpuprofile`);
      await writeFile(path, JSON.stringify(r.profile));
      console.error(`[animation] ${sc.name}: CPU profile of one replay (${round(total)} ms sampled) in ${path}; self time:`);
      for (const [name, ms] of top) console.error(`    ${round(ms).toString().padStart(8)} ms  ${name}`);
    }
    if (r.problems.length) fail(`${sc.name}: page problems: ${r.problems.join('; ')}`);
    if (!r.started) fail(`${sc.name}: the replay never started playing`);
    if (r.intervals.length < 5) fail(`${sc.name}: only ${r.intervals.length} frames recorded`);
    if (SMOKE) {
      if (r.shown.moving === null || r.shown.drawn === null) fail(`${sc.name}: the canvas has no data-moving / data-drawn`);
      else if (r.shown.moving < 10000) fail(`${sc.name}: only ${r.shown.moving} moving keys drawn (want at least 10,000)`);
      if (r.sums.length < 2) fail(`${sc.name}: could not read the canvas during the animation`);
      else if (r.sums[0] === r.sums[1]) fail(`${sc.name}: the canvas did not change between two animation frames`);
    }
  }
} catch (e) {
  fail(String(e?.stack ?? e));
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
