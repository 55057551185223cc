// Lighthouse on the release build, as issue 31 ("Fast on a phone") measures the page: its
// mobile profile (simulated Slow 4G, 4× CPU slowdown; Lighthouse's default) and its desktop
// profile, on the lab (`/`), the <ring-lab> example page (`/ring-lab-example.html`) and the
// example book's page of <ring-lab> elements (`/book/rings.html`). The site is served
// gzip-compressed, as a web host would serve it: Lighthouse's simulation charges every byte at
// Slow 4G, so uncompressed files would make the figures worse than any visitor sees.
//
//   node bench/app/lighthouse.mjs                    # 3 runs × 2 profiles × 3 pages: JSON lines
//   node bench/app/lighthouse.mjs --runs 5
//   node bench/app/lighthouse.mjs --reports DIR      # also keeps each run's full report (LHR)
//   node bench/app/lighthouse.mjs --smoke            # one run of the lab, mobile: numbers only
//   node bench/app/lighthouse.mjs --page book-rings  # one page only (lab, ring-lab-example, book-rings)
//
// RINGLAB_DIST serves another build than dist/, RINGLAB_BOOK another built book than
// docs/book/book/. Output, one JSON line each: a `run` line per Lighthouse run, a `median`
// line per page and profile (the medians of the runs; the LCP element and layout shifts of
// the median run, chosen as Lighthouse's own computeMedianRun does), and last a `meta` line
// (versions, throttling, machine, duration). Scores are reported, never compared with a
// budget here: that is report.mjs's table. A run fails (exit 1, one line) when Lighthouse
// fails, a page does not load, one of the site's requests fails, a page never loads the app's
// wasm, or a figure is missing.
import { stat, mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import os from 'node:os';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import * as chromeLauncher from 'chrome-launcher';
import { serveSite } from '../../scripts/site.mjs';

const BENCH = 'lighthouse';
const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

function fail(message) {
  console.error(`${BENCH}: FAIL: ${message}`);
  process.exit(1);
}

const argv = process.argv.slice(2);
let RUNS = 3;
let REPORTS = null;
let ONLY_PAGE = null;
const SMOKE = argv.includes('--smoke');
for (let i = 0; i < argv.length; i += 1) {
  if (argv[i] === '--smoke') continue;
  if (argv[i] === '--runs' && /^[1-9][0-9]*$/.test(argv[i + 1] ?? '')) RUNS = Number(argv[(i += 1)]);
  else if (argv[i] === '--reports' && argv[i + 1]) REPORTS = resolve(argv[(i += 1)]);
  else if (argv[i] === '--page' && argv[i + 1]) ONLY_PAGE = argv[(i += 1)];
  else {
    console.error(`${BENCH}: unknown option ${argv[i]} (use --smoke, --runs N, --reports DIR or --page NAME)`);
    process.exit(2);
  }
}
if (SMOKE) RUNS = 1;

const DIST = resolve(process.env.RINGLAB_DIST ?? join(ROOT, 'dist'));
const BOOK = resolve(process.env.RINGLAB_BOOK ?? join(ROOT, 'docs/book/book'));
const ALL_PAGES = [
  { page: 'lab', path: '/' },
  { page: 'ring-lab-example', path: '/ring-lab-example.html' },
  { page: 'book-rings', path: '/book/rings.html' },
];
const PAGES = SMOKE ? ALL_PAGES.slice(0, 1) : ALL_PAGES.filter((p) => !ONLY_PAGE || p.page === ONLY_PAGE);
if (PAGES.length === 0) {
  console.error(`${BENCH}: no page named ${ONLY_PAGE} (use ${ALL_PAGES.map((p) => p.page).join(', ')})`);
  process.exit(2);
}
const PROFILES = SMOKE ? ['mobile'] : ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// Checked before any browser starts, so a missing build or browser is a clear line rather
// than a Lighthouse error about a 404 or a spawn error's stack.
if (!(await stat(CHROMIUM).catch(() => null))) fail(`no Chromium at ${CHROMIUM} (scripts/setup --browser installs it)`);
for (const [dir, file, hint] of [
  [DIST, 'index.html', 'trunk build --release --offline, or set RINGLAB_DIST'],
  ...(SMOKE ? [] : [[BOOK, 'rings.html', 'scripts/book, or set RINGLAB_BOOK']]),
]) {
  if (!(await stat(join(dir, file)).catch(() => null))) fail(`no ${file} in ${dir} (${hint})`);
}

// ---- The site, served as a web host would -------------------------------------------------

// Requests that failed (status ≥ 400), so that a page missing one of its files fails the run.
// Not files the pages ask for: Chromium asks for /favicon.ico by itself, and Lighthouse's SEO
// audit for /robots.txt (a site without one is fine).
const failedRequests = [];
const { server, base } = await serveSite({
  root: DIST,
  mounts: { '/book/': BOOK },
  gzip: true,
  missing: (method, path) => {
    if (!['/favicon.ico', '/robots.txt'].includes(path)) failedRequests.push(`${method} ${path} → 404`);
  },
});

// ---- Lighthouse ---------------------------------------------------------------------------

const require = createRequire(import.meta.url);
const LH_VERSION = require('lighthouse/package.json').version;
const chromiumVersion = (() => {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'Chromium';
  }
})();
// toolchain.md's flags for headless Chromium here (no GPU, no network of its own; as root,
// no sandbox). chrome-launcher adds its own quiet-browser flags and the debugging port.
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

// Chromium (156 here) renamed the PipelineReporter trace events' `chrome_frame_reporter`
// argument to `frame_reporter`; the trace engine in Lighthouse 12.2.3 reads the old name and
// throws, and with it go the RootCauses and TraceElements gatherers: the LCP element and the
// layout-shift elements this script is for. The trace is given the old name beside the new
// as it comes out of the browser. No metric or score depends on it (Lighthouse computes
// them from the DevTools log and its own trace processing, not the trace engine).
const collectTrace = Trace.endTraceAndCollectEvents;
Trace.endTraceAndCollectEvents = async function endTraceAndCollectEvents(...args) {
  const trace = await collectTrace.apply(this, args);
  for (const e of trace.traceEvents) {
    if (e.name === 'PipelineReporter' && e.args?.frame_reporter && !e.args.chrome_frame_reporter) {
      e.args.chrome_frame_reporter = e.args.frame_reporter;
    }
  }
  return trace;
};

// One Lighthouse run in a Chromium of its own with a fresh profile, so no run inherits
// another's cache, compiled wasm or service workers.
async function runOnce(url, profile) {
  const userDataDir = await mkdtemp(join(os.tmpdir(), 'ringlab-lh-'));
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir, logLevel: 'silent' });
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags, profile === 'desktop' ? desktopConfig : undefined);
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    if (chrome) await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

const num = (lhr, id) => lhr.audits[id]?.numericValue;
const score = (lhr, id) => lhr.categories[id]?.score;

// The figures of one run; a missing one fails the run (a page that never painted has no LCP).
function figures(lhr, where) {
  if (lhr.runtimeError) fail(`${where}: Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const f = {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    best_practices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcp_ms: num(lhr, 'largest-contentful-paint'),
    tbt_ms: num(lhr, 'total-blocking-time'),
    cls: num(lhr, 'cumulative-layout-shift'),
    fcp_ms: num(lhr, 'first-contentful-paint'),
    si_ms: num(lhr, 'speed-index'),
  };
  const missing = Object.entries(f).filter(([, v]) => typeof v !== 'number' || !Number.isFinite(v)).map(([k]) => k);
  if (missing.length) {
    const why = missing.map((k) => lhr.audits[{ lcp_ms: 'largest-contentful-paint', tbt_ms: 'total-blocking-time', cls: 'cumulative-layout-shift', fcp_ms: 'first-contentful-paint', si_ms: 'speed-index' }[k]]?.errorMessage).filter(Boolean);
    fail(`${where}: no ${missing.join(', ')}${why.length ? ` (${why[0]})` : ''}`);
  }
  return f;
}

// A DOM node as Lighthouse describes it, shortened for a table.
const node = (n) => (n ? { selector: n.selector ?? null, label: n.nodeLabel ?? null, snippet: n.snippet ?? null } : null);

// The LCP element and its phases (time to first byte, load delay, load time, render delay),
// which say whether the LCP waits on the network or on the page's own work.
function lcpElement(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const tables = items.filter((i) => i.type === 'table');
  const element = node(tables[0]?.items?.[0]?.node);
  const phases = Object.fromEntries((tables[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]));
  return element ? { ...element, phases } : null;
}

// A shift's likely causes, grouped: "A late network request adjusted the page layout" and
// "Web font loaded" each name a request (a style sheet, a font), often a dozen per shift.
function shiftCauses(items) {
  const groups = new Map();
  for (const c of items) {
    if (!c.cause) continue;
    if (!groups.has(c.cause)) groups.set(c.cause, []);
    if (c.extra?.type === 'url' && typeof c.extra.value === 'string') {
      groups.get(c.cause).push(c.extra.value.replace(/^https?:\/\/[^/]+/, ''));
    }
  }
  return [...groups].map(([cause, requests]) => ({ cause, requests }));
}

// The biggest layout shifts: the node that moved, its share of CLS, and what Lighthouse
// names as the likely cause (an unsized image, a web font, injected content).
function layoutShifts(lhr, top = 3) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items
    .slice()
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
    .slice(0, top)
    .map((i) => ({
      ...node(i.node),
      score: Math.round((i.score ?? 0) * 10000) / 10000,
      causes: shiftCauses(i.subItems?.items ?? []),
    }));
}

// The scored audits that failed in the accessibility, best-practices and SEO categories
// (their ids, with the number of elements or items where Lighthouse lists them): what stands
// between a score and 1.0.
function failedAudits(lhr) {
  return Object.fromEntries(['accessibility', 'best-practices', 'seo'].map((c) => [
    c.replace('-', '_'),
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && typeof lhr.audits[r.id]?.score === 'number' && lhr.audits[r.id].score < 1)
      .map((r) => {
        const n = lhr.audits[r.id].details?.items?.length;
        return n ? `${r.id} (${n})` : r.id;
      }),
  ]));
}

// Console errors: a wasm panic shows up here, and the best-practices score drops for them.
const consoleErrors = (lhr) => (lhr.audits['errors-in-console']?.details?.items ?? []).map((e) => String(e.description ?? e.source ?? '').slice(0, 200));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (k, v) => (k === 'cls' ? Math.round(v * 10000) / 10000 : k.endsWith('_ms') ? Math.round(v) : Math.round(v * 100) / 100);

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);
const started = Date.now();
const meta = {
  kind: 'meta',
  lighthouse: LH_VERSION,
  chromium: chromiumVersion,
  node: process.version,
  date: new Date().toISOString(),
  runs: RUNS,
  pages: PAGES.map((p) => p.path),
  profiles: PROFILES,
  serving: 'scripts/site.mjs (node:http) on 127.0.0.1, gzip level 6 (html, js, css, wasm, svg, json, txt), HTTP/1.1',
  cpu: os.cpus()[0]?.model ?? 'CPU',
  cores: os.cpus().length,
  load_start: load(),
};
const throttlingOf = {};
const benchmarkIndex = [];
const warnings = new Set();

try {
  const medians = [];
  for (const { page, path } of PAGES) {
    for (const profile of PROFILES) {
      const lhrs = [];
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const where = `${path} (${profile}, run ${run})`;
        console.error(`[${BENCH}] ${where}`);
        failedRequests.length = 0;
        let lhr;
        try {
          lhr = await runOnce(`${base}${path}`, profile);
        } catch (e) {
          fail(`${where}: Lighthouse failed: ${String(e?.message ?? e).split('\n')[0]}`);
        }
        // A missing file first: it is usually why a page painted nothing (NO_FCP).
        if (failedRequests.length) fail(`${where}: the site answered ${failedRequests.slice(0, 3).join(', ')}`);
        const f = figures(lhr, where);
        // Each page runs the app (the lab) or its elements: a page that painted but never
        // fetched the wasm would be measured without the app.
        const requests = lhr.audits['network-requests']?.details?.items ?? [];
        if (!requests.some((r) => /\.wasm$/.test(new URL(r.url).pathname) && r.statusCode === 200)) {
          fail(`${where}: the page never loaded the app's wasm`);
        }
        if (REPORTS) {
          await mkdir(REPORTS, { recursive: true });
          await writeFile(join(REPORTS, `${page}-${profile}-${run}.json`), JSON.stringify(lhr));
        }
        throttlingOf[profile] = { method: lhr.configSettings.throttlingMethod, ...lhr.configSettings.throttling, formFactor: lhr.configSettings.formFactor };
        benchmarkIndex.push(lhr.environment?.benchmarkIndex);
        for (const w of lhr.runWarnings ?? []) warnings.add(String(w).slice(0, 300));
        const errors = consoleErrors(lhr);
        if (errors.length) console.error(`[${BENCH}] ${where}: ${errors.length} console error(s): ${errors[0]}`);
        const line = {
          kind: 'run', page, path, profile, run,
          ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, round(k, v)])),
          console_errors: errors.length,
          benchmark_index: lhr.environment?.benchmarkIndex ?? null,
        };
        runs.push(line);
        lhrs.push(lhr);
        console.log(JSON.stringify(line));
      }
      // Elements from one run, the one Lighthouse's own tools would show as the median:
      // a median of selectors means nothing.
      const mid = lhrs.length > 1 ? computeMedianRun(lhrs) : lhrs[0];
      const line = {
        kind: 'median', page, path, profile, runs: runs.length,
        ...Object.fromEntries(['performance', 'lcp_ms', 'tbt_ms', 'cls', 'fcp_ms', 'si_ms', 'accessibility', 'best_practices', 'seo']
          .map((k) => [k, round(k, median(runs.map((r) => r[k])))])),
        console_errors: Math.max(...runs.map((r) => r.console_errors)),
        median_run: lhrs.indexOf(mid) + 1,
        lcp_element: lcpElement(mid),
        lcp_elements_seen: [...new Set(lhrs.map((l) => lcpElement(l)?.selector ?? null))],
        layout_shifts: layoutShifts(mid),
        failed_audits: failedAudits(mid),
      };
      medians.push(line);
      console.log(JSON.stringify(line));
    }
  }
  console.log(JSON.stringify({
    ...meta,
    throttling: throttlingOf,
    benchmark_index: median(benchmarkIndex.filter((x) => typeof x === 'number')),
    load_end: load(),
    seconds: Math.round((Date.now() - started) / 1000),
    warnings: [...warnings],
  }));
  if (SMOKE) console.error(`[${BENCH}] smoke: Lighthouse measured ${medians.map((m) => `${m.path} ${m.profile}: performance ${m.performance}, LCP ${m.lcp_ms} ms`).join('; ')}`);
} finally {
  server.close();
}
