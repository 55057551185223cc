// Envoy's largest ring in the release build in headless Chromium (issue 13's scale
// target): the four default hosts on Envoy's ring hash, the minimum ring size set to
// 8,388,608 (Envoy's largest, `maximum_ring_size`'s default), then a fifth host joining
// and it leaving again. Each step is built by the page's job in slices behind the progress
// bar. For each step it records
//   - `done`: from the change to the page showing it (the summary written, no progress
//     bar, two frames drawn);
//   - `frames`, `late`: animation frames meanwhile, and those more than 17.7 ms apart;
//   - `gap`: the longest time between two animation frames;
//   - `task`, `long`: the longest task the page's main thread ran (a trace's top-level tasks,
//     the job's slices, rendering, drawing, layout, paint), and how many took longer than
//     a frame (16.7 ms). A frame's callbacks come late now and then on an idle page here
//     too (the `idle` control), so `late` alone cannot tell the page's own work from the
//     machine's; the tasks can;
//   - `long_gc`: of those long tasks, how many hold a major garbage collection of V8's
//     (10 to 12 ms each here while the wasm memory grows by the ring's 280 MB);
//   - `apply`: the model's own time inside actions (the `ringlab:apply` measure);
// and as a control, as many frames with nothing done (`idle`). Each step starts from inside
// the page, as a click or a change event, not through Playwright's actions: those first
// run scripts of their own in the page (finding the element, checking it can be clicked),
// 4 to 5 ms in the frames measured, which a reader's click does not cost.
//
//   node bench/app/envoy.mjs            # 3 runs: JSON lines + summary
//   node bench/app/envoy.mjs --smoke    # a ring of 300,000 entries, one run: faults only
//
// Figures only: no threshold fails a full run; a run fails when a step does not finish,
// the ring is not the size asked for, or the page logs an error.
import { serveDist, launch, openPage } from '../../tests/e2e/harness.mjs';
import { smokeOption, failure, idleFrames, record, median } from './cli.mjs';

const SMOKE = smokeOption('envoy');
const RING = SMOKE ? 300_000 : 8_388_608;
const RUNS = SMOKE ? 1 : 3;

const fail = failure('envoy');

const INIT = () => {
  window.__frames = [];
  const tick = (t) => { window.__frames.push(performance.now()); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
};

// Runs `work` while tracing the page's main thread: its figures, with the longest task
// and the count of tasks longer than a frame.
async function traced(cdp, work) {
  const events = [];
  const collect = (d) => events.push(...d.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline', transferMode: 'ReportEvents' });
  const figures = await work();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) fail('the trace has no renderer main thread');
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  if (!tasks.length) fail('the trace has no tasks');
  const gcs = mine.filter((e) => e.name === 'MajorGC');
  const long = tasks.filter((t) => t.dur > 16700);
  const withGc = long.filter((t) => gcs.some((g) => g.ts >= t.ts && g.ts < t.ts + t.dur));
  return { ...figures, task: Math.max(...tasks.map((t) => t.dur / 1000)), long: long.length, long_gc: withGc.length };
}

// Runs `act`, then waits for the summary to change and the progress bar to go.
async function timed(page, act) {
  const before = await page.textContent('#summary');
  const since = await page.evaluate(() => performance.now());
  await act();
  await page.waitForFunction(
    (b) => document.querySelector('#summary')?.textContent !== b && !document.querySelector('progress'),
    before,
    { timeout: 180000 },
  ).catch(() => fail('step did not finish'));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate((since) => {
    const end = performance.now();
    const f = window.__frames.filter((t) => t >= since && t <= end);
    const gaps = f.slice(1).map((t, i) => t - f[i]);
    const apply = performance.getEntriesByName('ringlab:apply').filter((e) => e.startTime >= since).map((e) => e.duration);
    return {
      done: end - since,
      frames: gaps.length,
      late: gaps.filter((g) => g > 17.7).length,
      gap: Math.max(0, ...gaps),
      apply: apply.reduce((a, b) => a + b, 0),
    };
  }, since);
}

const { server, base } = await serveDist();
const browser = await launch();
const results = [];
for (let run = 0; run < RUNS; run += 1) {
  const { page, context, problems } = await openPage(browser, `${base}/?system=envoy-ring-hash&keys=10000&lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 60000 });
  await page.evaluate(INIT);
  const cdp = await context.newCDPSession(page);
  const steps = [];
  steps.push(['build', await traced(cdp, () => timed(page, () => page.evaluate((ring) => {
    const input = document.querySelector('#min-ring-size');
    input.value = String(ring);
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, RING)))]);
  // The address holds the state before and the change (`change=param:min-ring:N`).
  await page.waitForFunction((ring) => new URL(location.href).searchParams.get('change') === `param:min-ring:${ring}`, RING, { timeout: 10000 })
    .catch(() => fail(`the address does not hold the change to min-ring=${RING}`));
  await page.fill('#add-name', 'joiner');
  await page.fill('#add-weight', '100');
  steps.push(['join', await traced(cdp, () => timed(page, () => page.evaluate(() => document.querySelector('#add-node').click())))]);
  steps.push(['leave', await traced(cdp, () => timed(page, () => page.evaluate(() => document.querySelector('[data-testid="node-remove"][data-node="joiner"]').click())))]);
  // The control: as many frames with nothing done (headless Chromium starts a callback
  // late now and then whatever the page does).
  const frames = Math.max(...steps.map(([, r]) => r.frames));
  steps.push(['idle', { ...(await traced(cdp, () => idleFrames(page, frames))), apply: 0 }]);
  if (problems.length) fail(problems.join('; '));
  for (const [step, r] of steps) record(results, { bench: 'envoy', ring: RING, step, run }, r);
  await context.close();
}
await browser.close();
server.close();

console.log(`\nEnvoy's ring of ${RING.toLocaleString('en-US')} entries, 4 hosts, 10,000 keys: median of ${RUNS} (ms)`);
console.log('step    done    frames  late  longest gap  longest task  tasks > 16.7  (with a GC)  apply');
for (const step of ['build', 'join', 'leave', 'idle']) {
  const rs = results.filter((r) => r.step === step);
  console.log(`${step.padEnd(7)} ${String(median(rs.map((r) => r.done))).padStart(7)} ${String(median(rs.map((r) => r.frames))).padStart(6)} ${String(median(rs.map((r) => r.late))).padStart(5)}  ${String(median(rs.map((r) => r.gap))).padStart(10)}  ${String(median(rs.map((r) => r.task))).padStart(12)}  ${String(median(rs.map((r) => r.long))).padStart(12)}  ${String(median(rs.map((r) => r.long_gc))).padStart(11)}  ${median(rs.map((r) => r.apply))}`);
}
