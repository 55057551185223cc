// The Traffic view at its largest, in the release build in headless Chromium (issue 15's
// frame target, in the app rather than in bench/web's page): a million keys, the request
// slider at its most (2,000,000 a side: modulo and the virtual-node ring, so 4,000,000
// simulated), Zipf 1, caches that hold all their keys, a join. The page opens Explore,
// generates the keys, then the Traffic tab is clicked (`open`), then the Zipf slider is let
// go at 0.9 (`rerun`). For each it records
//   - `done`: from the click (or the slider let go) to the figures shown over every key;
//   - `frames`, `late`: animation frames meanwhile, and those more than 17.7 ms apart
//     (a frame is timed from one callback's start to the next's);
//   - `gap`: the longest time between two animation frames;
// and as a control, as many frames with nothing done (`idle`).
//
//   node bench/app/traffic.mjs            # 3 runs: JSON lines + summary
//   node bench/app/traffic.mjs --smoke    # 100,000 keys, 200,000 requests, one run
//   RUNS=1 DEBUG=1 node bench/app/traffic.mjs   # one run, printing every frame gap
//
// Figures only: no threshold fails a full run; a run fails when the view does not finish,
// shows no hit rate, or the page logs an error.
import { serveDist, launch, openPage } from '../../tests/e2e/harness.mjs';
import { smokeOption, failure, idleFrames, record, median } from './cli.mjs';

const SMOKE = smokeOption('traffic');
const KEYS = SMOKE ? 100_000 : 1_000_000;
const REQUESTS = SMOKE ? 200_000 : 2_000_000;
const RUNS = SMOKE ? 1 : Number(process.env.RUNS ?? 3);

const fail = failure('traffic');

const INIT = () => {
  window.__frames = [];
  const tick = () => { window.__frames.push(performance.now()); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
};

// Frames from `since` to `end` (page time): their count, the late ones, the longest gap.
const FRAMES = ([since, end]) => {
  const f = window.__frames.filter((t) => t >= since && t <= end);
  const gaps = f.slice(1).map((t, i) => t - f[i]);
  if (window.__debug) console.log(`[gaps] ${gaps.map((g) => g.toFixed(0)).join(' ')}`);
  return { frames: gaps.length, late: gaps.filter((g) => g > 17.7).length, gap: Math.max(0, ...gaps) };
};

const { server, base } = await serveDist();
const browser = await launch();
const results = [];
for (let run = 0; run < RUNS; run += 1) {
  const url = `${base}/?algo=virtual&keys=${KEYS}&traffic-requests=${REQUESTS}&lang=en`;
  const { page, context, problems } = await openPage(browser, url, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 60000 });
  // The keys are generated behind the progress bar first.
  await page.waitForFunction(() => !document.querySelector('progress'), null, { timeout: 120000 })
    .catch(() => fail('the keys were not generated'));
  await page.evaluate(INIT);
  if (process.env.DEBUG) {
    page.on('console', (m) => m.text().startsWith('[gaps]') && console.log(m.text()));
    await page.evaluate(() => { window.__debug = true; });
  }
  // Runs `act`, then waits for the view's figures (a hit rate) and returns the frames meanwhile.
  const timed = async (act) => {
    const since = await page.evaluate(() => performance.now());
    await act();
    await page.waitForSelector('#traffic-grid[aria-busy="true"]', { timeout: 10000 }).catch(() => {});
    // Done over every key: the view runs on the keys made so far until they are all there.
    await page.waitForFunction((keys) => document.querySelector('#traffic-grid[aria-busy="false"] [data-testid="figures"]')
      && document.querySelector('#traffic-progress')?.textContent.includes(`over ${keys} keys`), KEYS.toLocaleString('en-US'), { timeout: 180000 })
      .catch(() => fail('the Traffic view did not finish over every key'));
    const end = await page.evaluate(() => performance.now());
    const figures = await page.textContent('#traffic-grid [data-testid="figures"]');
    if (!/\d+(\.\d+)?\s?%/.test(figures ?? '')) fail(`no hit rate in the figures: ${figures}`);
    return { done: end - since, ...(await page.evaluate(FRAMES, [since, end])) };
  };
  // Opening the view, which then runs.
  const open = await timed(() => page.click('#tab-traffic'));
  // A slider let go: the same run again with Zipf 0.9, in the view already open.
  const rerun = await timed(() => page.$eval('#traffic-zipf', (el) => {
    el.value = '90';
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }));
  // The control: as many frames with nothing done, in the same page.
  const idle = await idleFrames(page, rerun.frames);
  if (problems.length) fail(problems.join('; '));
  for (const [step, r] of [['open', open], ['rerun', rerun], ['idle', idle]]) {
    record(results, { bench: 'traffic', keys: KEYS, requests: REQUESTS, step, run }, r);
  }
  await context.close();
}
await browser.close();
server.close();

console.log(`\nThe Traffic view: ${KEYS.toLocaleString('en-US')} keys, ${REQUESTS.toLocaleString('en-US')} requests a side: median of ${RUNS} (ms)`);
console.log('step     done    frames  late  longest gap');
for (const step of ['open', 'rerun', 'idle']) {
  const rs = results.filter((r) => r.step === step);
  const m = (k) => String(median(rs.map((r) => r[k])));
  console.log(`${step.padEnd(8)} ${m('done').padStart(7)} ${m('frames').padStart(6)} ${m('late').padStart(5)}  ${m('gap').padStart(10)}`);
}
