// Real systems at the sizes they run at (beside the ring with virtual nodes), in the release build in headless Chromium (issue
// 13's scale targets): a cluster of 1,000 nodes switched to Redis Cluster (16,384 slots over
// 1,000 masters), Cassandra with num_tokens 256 (256,000 tokens), HAProxy, nginx and Envoy's
// ring hash, then one node joining it. For each it records
//   - `apply`: the model's own time (the `ringlab:apply` measure around `State::apply`);
//   - `picture`: the longest frame of the lab's picture (the `ringlab:draw` measure around
//     one drawing of the ring or the slot table, the scene made again included);
//   - `done`: from the menu's change to the page showing the system (its about line and
//     the moved-keys line written, and two frames drawn);
//   - `gap`: the longest time between two animation frames meanwhile (16.7 ms is one frame
//     at 60 Hz).
//
//   node bench/app/systems.mjs            # 3 runs per step: JSON lines + summary
//   node bench/app/systems.mjs --smoke    # 100 nodes, one run: fails on a fault only
//
// Figures only: no threshold fails a full run; a run fails when a step does not finish or
// the page logs an error.
import { serveDist, launch, openPage } from '../../tests/e2e/harness.mjs';
import { smokeOption, failure, record, median } from './cli.mjs';

const SMOKE = smokeOption('systems');
const NODES = SMOKE ? 100 : 1000;
const RUNS = SMOKE ? 1 : 3;
// The textbook ring with virtual nodes first: what the page costs for any algorithm.
const SYSTEMS = ['virtual', 'redis-cluster', 'cassandra-vnodes', 'haproxy', 'nginx', 'envoy-ring-hash'];
const option = (s) => (s === 'virtual' ? s : `system:${s}`);

const INIT = () => {
  window.__frames = [];
  const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
};

const fail = failure('systems');

async function recorded(page, since) {
  return page.evaluate((since) => {
    const frames = window.__frames.filter((t) => t >= since);
    let gap = 0;
    for (let i = 1; i < frames.length; i += 1) gap = Math.max(gap, frames[i] - frames[i - 1]);
    const apply = performance.getEntriesByName('ringlab:apply').filter((e) => e.startTime >= since).map((e) => e.duration);
    const draws = performance.getEntriesByName('ringlab:draw').filter((e) => e.startTime >= since).map((e) => e.duration);
    return { apply: apply.reduce((a, b) => a + b, 0), draw: Math.max(0, ...draws), gap };
  }, since);
}

// Runs `act` and waits until `done` holds in the page and two more frames have drawn.
async function timed(page, act, done, arg) {
  const since = await page.evaluate(() => performance.now());
  await act();
  await page.waitForFunction(done, arg, { timeout: 60000 }).catch(() => fail(`step did not finish (${arg})`));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const end = await page.evaluate(() => performance.now());
  const r = await recorded(page, since);
  return { done: end - since, apply: r.apply, draw: r.draw, gap: r.gap };
}

const names = Array.from({ length: NODES }, (_, i) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}:7000`);
const { server, base } = await serveDist();
const browser = await launch();
const results = [];
for (let run = 0; run < RUNS; run += 1) {
  for (const system of SYSTEMS) {
    const { page, context, problems } = await openPage(browser, `${base}/?algo=single&keys=10000&lang=en`, { reducedMotion: 'reduce' });
    await page.evaluate(INIT);
    await page.waitForSelector('#legend tbody tr', { timeout: 60000 });
    // The cluster, pasted as a server list (too long for an address).
    await page.click('details.paste-servers > summary');
    await page.fill('#paste-servers', names.join('\n'));
    await page.click('#use-servers');
    // The heading counts every node (a list of more than 100 shows only some of its rows).
    await page.waitForFunction((n) => (document.querySelector('#nodes-title')?.textContent ?? '').includes(`of ${n})`), NODES, { timeout: 60000 });
    const about = await page.textContent('#algorithm-about');
    const pick = await timed(
      page,
      () => page.selectOption('#algorithm', option(system)),
      (before) => document.querySelector('#algorithm-about')?.textContent !== before,
      about,
    );
    const summary = await page.textContent('#summary');
    await page.fill('#add-name', 'joiner');
    await page.fill('#add-weight', '100');
    const join = await timed(
      page,
      () => page.click('#add-node'),
      (before) => document.querySelector('#summary')?.textContent !== before && /joiner/.test(document.querySelector('#summary')?.textContent ?? ''),
      summary,
    );
    if (problems.length) fail(`${system}: ${problems.join('; ')}`);
    for (const [step, r] of [['switch', pick], ['join', join]]) {
      record(results, { bench: 'systems', system, nodes: NODES, step, run }, r);
    }
    await context.close();
  }
}
await browser.close();
server.close();

console.log(`\n${NODES} nodes, 10,000 keys: median of ${RUNS} (ms)`);
console.log('system            step    apply  picture   done  longest frame gap');
for (const system of SYSTEMS) {
  for (const step of ['switch', 'join']) {
    const rs = results.filter((r) => r.system === system && r.step === step);
    if (!rs.length) continue;
    console.log(`${system.padEnd(17)} ${step.padEnd(7)} ${String(median(rs.map((r) => r.apply))).padStart(6)} ${String(median(rs.map((r) => r.draw))).padStart(8)} ${String(median(rs.map((r) => r.done))).padStart(6)}  ${median(rs.map((r) => r.gap))}`);
  }
}
