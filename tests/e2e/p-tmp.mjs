import { serveDist, launch, openPage } from './harness.mjs';
const { server, base } = await serveDist();
const browser = await launch();
const { page, problems } = await openPage(browser, `${base}/?system=envoy-ring-hash&keys=10000&lang=en`, { reducedMotion: 'reduce' });
await page.waitForSelector('#legend tbody tr', { timeout: 60000 });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
async function step(name, act) {
  const before = await page.textContent('#summary');
  await cdp.send('Profiler.start');
  await act();
  await page.waitForFunction((b) => document.querySelector('#summary')?.textContent !== b && !document.querySelector('progress'), before, { timeout: 120000 });
  await page.waitForTimeout(300);
  const { profile } = await cdp.send('Profiler.stop');
  // Long stretches of non-idle samples: a "task" ends at an idle sample.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime; const tasks = []; let cur = null;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    const n = byId.get(id); const f = n.callFrame.functionName || '(anon)';
    if (f === '(idle)') { if (cur) { tasks.push(cur); cur = null; } return; }
    if (!cur) cur = { start: t, end: t, fns: new Map() };
    cur.end = t; cur.fns.set(f, (cur.fns.get(f) ?? 0) + profile.timeDeltas[i]);
  });
  if (cur) tasks.push(cur);
  tasks.sort((a, b) => (b.end - b.start) - (a.end - a.start));
  console.log(`== ${name}: ${tasks.length} busy stretches`);
  for (const task of tasks.slice(0, 6)) {
    console.log(`  ${((task.end - task.start) / 1000).toFixed(1)} ms: ` + [...task.fns].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k.replace(/::h[0-9a-f]{16}$/, '').slice(-60)} ${(v / 1000).toFixed(1)}`).join(' | '));
  }
}
await step('build', async () => { await page.fill('#min-ring-size', '8388608'); await page.press('#min-ring-size', 'Tab'); });
await page.fill('#add-name', 'joiner'); await page.fill('#add-weight', '100');
await step('join', () => page.click('#add-node'));
console.log(problems);
await browser.close(); server.close();
