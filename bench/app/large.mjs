// A million keys in the release build, measured in headless Chromium: generate them, add and
// remove a node on the ring (the delta path), mark one down and up, switch the algorithm (a
// full placement in slices), and open Compare. For each step it records
//   - `apply`: the model's own time for the action (the `ringlab:apply` performance measure
//     the reducer wraps around `State::apply`): after a join or a leave, this is when the
//     moved keys and the new loads are known;
//   - `click_to_done`: from the click to the page showing the result (rendering included);
//   - `longest_slice`: the longest slice of a job run between frames (`ringlab:slice`);
//   - `longest_block`: the longest time the main thread was busy (Long Tasks over 50 ms are
//     reported by the browser; below that, the longest gap between animation frames);
//   - `click_latency`: for the job steps, how long a click on the theme button, made while
//     the job runs, takes to change the page.
//
//   node bench/app/large.mjs            # 5 runs per step: JSON lines + summary
//   node bench/app/large.mjs --smoke    # 100,000 keys, one run: fails on a fault only
//
// Reads the build from RINGLAB_DIST (default dist/) and serves it itself. Figures only: no
// threshold fails a full run; the smoke run fails when a step does not finish, the progress
// bar never shows for a job, the summary does not change, or the page logs an error.
import { serveDist, launch, openPage } from '../../tests/e2e/harness.mjs';
import { smokeOption, failure } from './cli.mjs';

const SMOKE = smokeOption('large');
const KEYS = SMOKE ? 100_000 : 1_000_000;
const RUNS = SMOKE ? 1 : 5;

const INIT = () => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no Long Tasks API: the frame gaps still tell */ }
  window.__frames = [];
  const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
};

const fail = failure('large');

// Everything the page recorded from `since` on (page time, ms).
async function recorded(page, since) {
  return page.evaluate((since) => {
    const measures = (name) => performance.getEntriesByName(name).filter((e) => e.startTime >= since).map((e) => e.duration);
    const frames = window.__frames.filter((t) => t >= since);
    let gap = 0;
    for (let i = 1; i < frames.length; i += 1) gap = Math.max(gap, frames[i] - frames[i - 1]);
    const long = window.__longTasks.filter((t) => t.start >= since).map((t) => t.duration);
    return { apply: measures('ringlab:apply'), slices: measures('ringlab:slice'), gap, long };
  }, since);
}

const summaryText = (page) => page.textContent('#summary-line');

// Does `act` and waits for `done(arg)` in the page; `job` steps run behind the progress bar.
async function step(page, name, act, { done, arg = null, job = false }) {
  const since = await page.evaluate(() => performance.now());
  const t0 = Date.now();
  await act();
  let latency = null;
  if (job && await page.$('#job-progress:not(.empty)')) {
    // The page answers a click while the job runs.
    latency = await page.evaluate(() => new Promise((ok) => {
      const root = document.documentElement;
      const was = root.getAttribute('data-theme');
      const t = performance.now();
      const seen = new MutationObserver(() => {
        if (root.getAttribute('data-theme') !== was) { seen.disconnect(); ok(performance.now() - t); }
      });
      seen.observe(root, { attributes: true });
      document.getElementById('theme-toggle').click();
    }));
  }
  await page.waitForFunction(done, arg, { timeout: 60_000 }).catch(() => fail(`${name}: did not finish`));
  const clickToDone = Date.now() - t0;
  const r = await recorded(page, since);
  if (job && r.slices.length === 0) fail(`${name}: no job ran in slices`);
  return {
    apply: r.apply.length ? Math.max(...r.apply) : null,
    click_to_done: clickToDone,
    longest_slice: r.slices.length ? Math.max(...r.slices) : null,
    slices: r.slices.length,
    longest_block: Math.max(r.gap, ...r.long, 0),
    long_tasks: r.long.length,
    click_latency: latency,
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

const keysShown = (n) => new RegExp(n.toLocaleString('en-US'));

async function run(browser, base) {
  const { page, context, problems } = await openPage(browser, `${base}/?lang=en`);
  await page.addInitScript(INIT);
  await page.reload();
  await page.waitForSelector('#summary-line');
  const results = {};
  const record = (name, r) => { (results[name] ??= []).push(r); };

  await page.fill('#key-count', String(KEYS));
  const noJob = () => !document.querySelector('#job-progress:not(.empty)');
  record('generate', await step(page, 'generate', () => page.click('#generate-keys'), { job: true, done: noJob }));
  const shown = await page.textContent('#keys-now');
  if (!keysShown(KEYS).test(shown)) fail(`keys shown after generating: ${shown}`);

  // A change on the ring: done when the summary line says something new.
  const changed = (before) => document.getElementById('summary-line')?.textContent !== before;
  const ringStep = async (name, act) => {
    const before = await summaryText(page);
    const r = await step(page, name, act, { done: changed, arg: before });
    if (await page.$('#job-progress:not(.empty)')) fail(`${name}: a job ran instead of the delta path`);
    return r;
  };
  for (let i = 0; i < RUNS; i += 1) {
    const name = `node-${i}`;
    await page.fill('#add-name', name);
    await page.fill('#add-weight', '100');
    record('join', await ringStep('join', () => page.click('#add-node')));
    record('leave', await ringStep('leave', () => page.click(`[data-testid=node-remove][data-node="${name}"]`)));
    const down = '[data-testid=node-down][data-node="cache-b"]';
    record('down', await ringStep('down', () => page.click(down)));
    record('up', await ringStep('up', () => page.click(down)));
  }
  for (const algo of ['jump', 'virtual', 'maglev', 'virtual'].slice(0, SMOKE ? 2 : 4)) {
    record('switch', await step(page, `switch to ${algo}`, () => page.selectOption('#algorithm', algo), { job: true, done: noJob }));
    const now = await page.$eval('#algorithm', (s) => s.value);
    if (now !== algo) fail(`switch to ${algo}: the menu shows ${now}`);
  }
  // Compare places the first 20,000 keys (MAX_VIEW_KEYS) for each of its algorithms, at once.
  record('compare', await step(page, 'open Compare', () => page.click('#tab-compare'), {
    done: () => !!document.querySelector('#compare-table tbody tr'),
  }));
  await page.click('#tab-explore');

  // Pasting as many keys (`k0`, `k1`, ... in base 36: about 6 MB for a million): the text is
  // checked at once, the keys made and placed by a job.
  await page.click('details.paste summary');
  const twoFrames = () => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  for (let i = 0; i < RUNS; i += 1) {
    // The paste itself, as the clipboard delivers it: the page keeps text this long out of
    // the box (Chromium took 10 s to lay out 6 MB in it). Measured apart, as `paste-text`;
    // the text is made first, so that making it is not measured.
    await page.evaluate(([n, i]) => {
      const lines = [];
      for (let k = 0; k < n; k += 1) lines.push(`k${i}-${k.toString(36)}`);
      window.__pasteText = lines.join('\n');
    }, [KEYS, i]);
    await twoFrames();
    const since = await page.evaluate(() => performance.now());
    await page.$eval('#paste-keys', (t) => {
      const data = new DataTransfer();
      data.setData('text/plain', window.__pasteText);
      t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.waitForSelector('#paste-held', { timeout: 10_000 }).catch(() => fail('paste: the pasted text was not held'));
    await twoFrames();
    const text = await recorded(page, since);
    record('paste-text', { apply: null, click_to_done: null, longest_slice: null, longest_block: Math.max(text.gap, ...text.long, 0), click_latency: null });
    record('paste', await step(page, 'paste', () => page.click('#use-pasted'), {
      job: true,
      done: (n) => !document.querySelector('#job-progress:not(.empty)')
        && document.getElementById('keys-now')?.textContent.includes(`${n} pasted`),
      arg: KEYS.toLocaleString('en-US'),
    }));
  }
  await page.$eval('#paste-keys', (t) => { t.value = ''; });

  // Seed 003's table with a cell of a million points (1,000 nodes × 1,000 virtual nodes,
  // MD5), built in steps between frames.
  await page.click('#tab-paper');
  await page.waitForSelector('#paper-nodes');
  // The table's command line names the lists in force: wait for it before the next input.
  // Typed while the view's first table is still being computed, the list was once not taken
  // (one smoke run in CI, not reproduced in the next): type it again, up to three times.
  const vnodesTaken = () => page.waitForFunction(() => /--vnodes-list 1000$/.test(document.getElementById('paper-progress')?.textContent.trim() ?? ''), null, { timeout: 20_000 })
    .then(() => true, () => false);
  let taken = false;
  for (let attempt = 0; attempt < 3 && !taken; attempt++) {
    await page.fill('#paper-vnodes', '1000');
    await page.press('#paper-vnodes', 'Tab');
    taken = await vnodesTaken();
  }
  if (!taken) fail('paper: the virtual-node list was not taken');
  for (let i = 0; i < RUNS; i += 1) {
    const nodes = SMOKE ? 100 + i : 1000 - i;
    await page.fill('#paper-nodes', String(nodes));
    // Done when the line names this table's points (each run's differ).
    const points = `All 1 cells computed (${(nodes * 1000).toLocaleString('en-US')} points`;
    record('paper', await step(page, 'paper', () => page.press('#paper-nodes', 'Tab'), {
      done: (text) => (document.getElementById('paper-progress')?.textContent ?? '').includes(text),
      arg: points,
    }));
  }
  await page.click('#tab-explore');
  if (problems.length) fail(`page errors: ${problems.join('; ')}`);
  await context.close();

  // A link with as many keys: the page opens on the first 50,000 (placed at once) and a job
  // places them all. Measured from navigation: the first ring, and the whole placement.
  for (let i = 0; i < RUNS; i += 1) {
    const { page: p, context: c, problems: pr } = await openPage(browser, `${base}/?lang=en`);
    await p.addInitScript(INIT);
    const t0 = Date.now();
    await p.goto(`${base}/?lang=en&keys=${KEYS}&seed=${i + 1}`);
    await p.waitForFunction((n) => !document.querySelector('#job-progress:not(.empty)')
      && document.getElementById('keys-now')?.textContent.includes(n), KEYS.toLocaleString('en-US'), { timeout: 60_000 })
      .catch(() => fail('link: the keys were never all placed'));
    const all = Date.now() - t0;
    const first = await p.evaluate(() => performance.getEntriesByName('ringlab:first-ring')[0]?.startTime ?? null);
    if (first === null) fail('link: no first-ring mark');
    // From the job's first slice on (the page's start, fetching and compiling the wasm and
    // the first drawing, is startup.mjs's subject).
    const jobStart = await p.evaluate(() => performance.getEntriesByName('ringlab:slice')[0]?.startTime ?? null);
    if (jobStart === null) fail('link: no job ran in slices');
    const r = await recorded(p, jobStart);
    record('link', {
      apply: first,
      click_to_done: all,
      longest_slice: r.slices.length ? Math.max(...r.slices) : null,
      longest_block: Math.max(r.gap, ...r.long, 0),
      click_latency: null,
    });
    if (pr.length) fail(`link: page errors: ${pr.join('; ')}`);
    await c.close();
  }
  return results;
}

const { server, base } = await serveDist();
const browser = await launch();
let results;
try {
  results = await run(browser, base);
} finally {
  await browser.close();
  server.close();
}
const names = { 'paste-text': 'the paste event (text held)', paste: `paste ${KEYS.toLocaleString('en-US')} keys`, paper: 'Paper: a cell of ~1,000,000 points', link: 'open a link (first ring; all placed)', generate: `generate ${KEYS.toLocaleString('en-US')} keys`, join: 'add a node (ring, delta path)', leave: 'remove it (ring, delta path)', down: 'mark a node down', up: 'mark it up again', switch: 'switch algorithm (job in slices)', compare: 'open Compare (first 20,000 keys)' };
for (const [step, runs] of Object.entries(results)) {
  for (const metric of ['apply', 'click_to_done', 'longest_slice', 'longest_block', 'click_latency']) {
    const value = median(runs.map((r) => r[metric]));
    if (value === null) continue;
    console.log(JSON.stringify({ bench: 'app-large', keys: KEYS, step, metric, value: Math.round(value * 10) / 10, unit: 'ms', runs: runs.length }));
  }
  const r = (m) => { const v = median(runs.map((x) => x[m])); return v === null ? '–' : `${v.toFixed(1)} ms`; };
  console.error(`${names[step].padEnd(36)} apply ${r('apply').padStart(9)}  click→done ${r('click_to_done').padStart(9)}  longest slice ${r('longest_slice').padStart(9)}  longest block ${r('longest_block').padStart(9)}  click while running ${r('click_latency')}`);
}
