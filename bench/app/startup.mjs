// How long a reader waits for the first picture: the release build loaded in headless
// Chromium, timed with the page's own performance marks. Each mark's startTime counts from
// the start of the navigation:
//   - `ringlab:boot`: static/boot.js starts, before the app's JavaScript glue and wasm load;
//   - `ringlab:wasm-start`: the first line of the wasm's main (fetched, compiled, started);
//   - `ringlab:first-ring`: right after the picture canvas (#ring-canvas) is first drawn.
// Also the navigation's DOMContentLoaded, the wasm's fetch (from the resource timing) and
// the first contentful paint. At the moment of the first-ring mark the page reads the
// canvas's pixels: a blank canvas fails the run, whatever the clock says.
//
// Two ways in: `cold`, a new browser context per load (empty HTTP cache, no compiled wasm);
// `warm`, reloads of one page (the HTTP cache holds the files, served with
// `Cache-Control: max-age=600` as a host would serve Trunk's hashed names). The server is
// the tests' serveDist on 127.0.0.1, uncompressed: the figures are localhost delivery, not a
// network's.
//
//   node bench/app/startup.mjs                 # 7 loads each way: JSON lines + summary
//   node bench/app/startup.mjs --runs 15       # more loads
//   node bench/app/startup.mjs --query '?keys=1000000'   # the first picture of a given link
//   node bench/app/startup.mjs --smoke         # one cold load: fails on a fault only
//
// Reads the build from RINGLAB_DIST (default dist/) and serves it itself. Figures only: no
// threshold fails a full run (the target, first ring within 1,000 ms, is in the summary);
// a run fails when a mark is missing or out of order, the canvas is blank at the first-ring
// mark, or the page logs an error.
import { serveDist, launch } from '../../tests/e2e/harness.mjs';

const argv = process.argv.slice(2);
let SMOKE = false;
let RUNS = 7;
let QUERY = '';
for (let i = 0; i < argv.length; i += 1) {
  const a = argv[i];
  if (a === '--smoke') SMOKE = true;
  else if (a === '--runs' && /^[1-9][0-9]*$/.test(argv[i + 1] ?? '')) RUNS = Number(argv[(i += 1)]);
  else if (a === '--query' && argv[i + 1] !== undefined) QUERY = argv[(i += 1)];
  else {
    console.error(`startup: unknown option ${a} (use --smoke, --runs N, --query '?...')`);
    process.exit(2);
  }
}
if (SMOKE) RUNS = 1;
if (QUERY && !QUERY.startsWith('?')) QUERY = `?${QUERY}`;

const TARGET_MS = 1000;
const MARKS = ['ringlab:boot', 'ringlab:wasm-start', 'ringlab:first-ring'];

// Runs in the page before any of its scripts: at the first-ring mark, read the canvas.
const INIT = () => {
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    if (name === 'ringlab:first-ring' && window.__firstRing === undefined) {
      const canvas = document.getElementById('ring-canvas');
      let pixels = null;
      if (canvas && canvas.width > 0 && canvas.height > 0) {
        const { width, height } = canvas;
        const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
        // The background is the commonest colour (transparent counts as one); the drawing
        // is every pixel of another colour.
        const counts = new Map();
        for (let i = 0; i < data.length; i += 4) {
          const c = data[i + 3] === 0 ? -1 : ((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]) + data[i + 3] * 0x1000000;
          counts.set(c, (counts.get(c) ?? 0) + 1);
        }
        let background = 0;
        for (const n of counts.values()) background = Math.max(background, n);
        pixels = { width, height, painted: width * height - background, colours: counts.size };
      }
      window.__firstRing = pixels;
    }
    return entry;
  };
};

function fail(message) {
  console.error(`startup: FAIL: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

// Waits for the first-ring mark, then reads the marks, the timings and the pixels.
async function measure(page, problems, label) {
  try {
    await page.waitForFunction(() => performance.getEntriesByName('ringlab:first-ring').length > 0, null, { timeout: 60000 });
  } catch {
    fail(`${label}: no ringlab:first-ring mark within 60 s (problems: ${problems.join('; ') || 'none'})`);
  }
  // The first paint follows the first drawing; wait a little for its entry (headless
  // Chromium does not always report one).
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 2000 }).catch(() => {});
  const got = await page.evaluate((names) => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const nav = performance.getEntriesByType('navigation')[0];
    const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      marks: Object.fromEntries(names.map((n) => [n, at(n)])),
      firstRingCount: performance.getEntriesByName('ringlab:first-ring').length,
      dcl: nav ? nav.domContentLoadedEventEnd : null,
      wasmFetch: wasm ? { start: wasm.startTime, end: wasm.responseEnd, transfer: wasm.transferSize, body: wasm.decodedBodySize } : null,
      fcp: fcp ? fcp.startTime : null,
      pixels: window.__firstRing ?? null,
    };
  }, MARKS);
  for (const name of MARKS) {
    if (got.marks[name] === null) fail(`${label}: the mark ${name} is missing`);
  }
  const [boot, start, ring] = MARKS.map((n) => got.marks[n]);
  if (!(boot <= start && start <= ring)) fail(`${label}: marks out of order: boot ${boot}, wasm-start ${start}, first-ring ${ring}`);
  if (got.firstRingCount !== 1) fail(`${label}: ringlab:first-ring marked ${got.firstRingCount} times`);
  const px = got.pixels;
  if (!px) fail(`${label}: no sized #ring-canvas at the first-ring mark`);
  if (px.painted < px.width * px.height * 0.01 || px.colours < 3) {
    fail(`${label}: the canvas is blank at the first-ring mark (${px.painted} of ${px.width}×${px.height} pixels differ from the background, ${px.colours} colours)`);
  }
  if (problems.length > 0) fail(`${label}: the page logged problems: ${problems.join('; ')}`);
  return got;
}

function watch(page) {
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

const CONTEXT = { viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 };

const { server, base } = await serveDist({ 'Cache-Control': 'max-age=600' });
const browser = await launch();
const url = `${base}/${QUERY}`;
const runs = { cold: [], warm: [] };
const started = Date.now();
try {
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext(CONTEXT);
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(url);
    runs.cold.push(await measure(page, problems, `cold load ${i + 1}`));
    await context.close();
  }
  if (!SMOKE) {
    const context = await browser.newContext(CONTEXT);
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(url);
    await measure(page, problems, 'warm-up load');
    for (let i = 0; i < RUNS; i += 1) {
      await page.reload();
      runs.warm.push(await measure(page, problems, `warm reload ${i + 1}`));
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;
const METRICS = [
  ['boot', (r) => r.marks['ringlab:boot']],
  ['wasm-start', (r) => r.marks['ringlab:wasm-start']],
  ['first-ring', (r) => r.marks['ringlab:first-ring']],
  ['dom-content-loaded', (r) => r.dcl],
  ['first-contentful-paint', (r) => r.fcp],
  ['wasm-fetch', (r) => (r.wasmFetch ? r.wasmFetch.end - r.wasmFetch.start : null)],
];
const summary = [];
for (const mode of ['cold', 'warm']) {
  if (runs[mode].length === 0) continue;
  for (const [metric, get] of METRICS) {
    const values = runs[mode].map(get).filter((v) => v !== null);
    if (values.length === 0) continue;
    const line = {
      bench: 'startup',
      metric,
      mode,
      value: round(median(values)),
      unit: 'ms',
      stat: 'median',
      max: round(Math.max(...values)),
      min: round(Math.min(...values)),
      runs: values.length,
      samples: values.map(round),
      ...(QUERY ? { query: QUERY } : {}),
      ...(SMOKE ? { smoke: true } : {}),
    };
    console.log(JSON.stringify(line));
    if (metric === 'first-ring') summary.push({ mode, median: line.value, max: line.max });
  }
  const w = runs[mode][0].wasmFetch;
  if (w) {
    const transfers = runs[mode].map((r) => r.wasmFetch?.transfer ?? 0);
    console.error(`[startup] ${mode}: wasm ${w.body.toLocaleString('en')} bytes, transferred ${transfers.map((t) => t.toLocaleString('en')).join(' / ')} bytes`);
  }
}
for (const s of summary) {
  const verdict = s.max <= TARGET_MS ? 'within' : 'NOT within';
  console.error(`[startup] ${s.mode}: first ring drawn at ${s.median} ms median, ${s.max} ms max after navigation start (${runs[s.mode].length} loads; ${verdict} the ${TARGET_MS} ms target)`);
}
const px = runs.cold[0].pixels;
console.error(`[startup] canvas at the first-ring mark: ${px.width}×${px.height}, ${px.painted.toLocaleString('en')} pixels drawn over the background, ${px.colours} colours; ${QUERY || 'default page'}; localhost delivery, uncompressed; took ${((Date.now() - started) / 1000).toFixed(1)} s`);
