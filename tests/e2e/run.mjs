// End-to-end test of the release build (dist/, from `trunk build --release`), driven in
// Debian's Chromium by playwright-core. Screenshots go to tests/e2e/out/.
import { serveDist, launch, openPage, screenshot, canvasStats, test, run, assert } from './harness.mjs';

const { server, base } = await serveDist();
const browser = await launch();

async function ready(page) {
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  // Give the first frame time to draw.
  await page.waitForTimeout(500);
}

async function addNode(page, name, weight = '100', vnodes = '') {
  await page.fill('#add-name', name);
  await page.fill('#add-weight', weight);
  if (vnodes !== '') await page.fill('#add-vnodes', vnodes);
  await page.click('#add-node');
}

async function legendNames(page) {
  return page.$$eval('#legend tbody tr', (items) => items.map((li) => li.textContent.trim()));
}

test('first load draws the ring, the legend and the charts', async () => {
  const { page, context, problems } = await openPage(browser, base + '/');
  await ready(page);
  const ring = await canvasStats(page, '#ring-canvas');
  assert(ring.width > 100 && ring.height > 100, `ring canvas is ${ring.width}x${ring.height}`);
  assert(ring.painted > ring.width * ring.height * 0.05, `ring canvas is nearly blank: ${ring.painted} painted pixels`);
  assert(ring.colours >= 4, `ring uses only ${ring.colours} colours`);
  const loads = await canvasStats(page, '#loads-chart');
  assert(loads.painted > 1000, `loads chart is nearly blank (${loads.painted})`);
  const names = await legendNames(page);
  assert(names.length >= 2, `legend lists ${names.length} nodes`);
  await screenshot(page, '01-first-load');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('adding a node shows what moved and changes the ring', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  const before = await canvasStats(page, '#ring-canvas');
  const namesBefore = await legendNames(page);
  await addNode(page, 'cache-new', '100');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  const summary = (await page.textContent('#summary-line')).trim();
  const m = summary.match(/([\d,]+) of ([\d,]+) keys moved \(([\d.]+)%\); ideal 1\/(\d+)/);
  assert(m, `summary does not read "N of M keys moved (x%); ideal 1/k": ${summary}`);
  const moved = Number(m[1].replace(/,/g, ''));
  const total = Number(m[2].replace(/,/g, ''));
  assert(moved > 0 && moved < total, `moved ${moved} of ${total}`);
  assert(Number(m[4]) === namesBefore.length + 1, `ideal should be 1/${namesBefore.length + 1}: ${summary}`);
  const names = await legendNames(page);
  assert(names.length === namesBefore.length + 1 && names.some((n) => n.includes('cache-new')), `legend: ${names}`);
  const flows = (await page.textContent('#flows')).trim();
  assert(/cache-new/.test(flows), `flows do not mention the new node: ${flows}`);
  await page.waitForTimeout(300);
  const after = await canvasStats(page, '#ring-canvas');
  assert(after.checksum !== before.checksum, 'ring canvas did not change after adding a node');
  await screenshot(page, '02-after-add');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('changing a weight moves keys onto or off that node only', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  const weightInput = page.locator('[data-testid="node-weight"]').first();
  const node = await weightInput.getAttribute('data-node');
  await weightInput.fill('300');
  await weightInput.press('Enter');
  await weightInput.blur();
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  const flows = (await page.textContent('#flows')).trim();
  const lines = flows.split('\n').map((l) => l.trim()).filter((l) => /→|->/.test(l));
  assert(lines.length > 0, `no flows listed after a weight change: ${flows}`);
  for (const line of lines) assert(line.includes(node), `flow "${line}" does not involve ${node}`);
  await screenshot(page, '03-after-weight');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('switching the algorithm redraws what that algorithm is', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  const ring = await canvasStats(page, '#ring-canvas');
  const newer = ['multiprobe', 'jumpback', 'fliphash', 'binomial', 'power', 'anchor', 'dx', 'memento'];
  for (const algo of ['ketama', 'jump', 'maglev', 'slots', 'rendezvous', 'modulo', 'go-zero', 'bounded', 'single', ...newer]) {
    await page.selectOption('#algorithm', algo);
    await page.waitForTimeout(300);
    const pic = await canvasStats(page, '#ring-canvas');
    assert(pic.painted > 1000, `${algo}: picture is nearly blank`);
    const summary = (await page.textContent('#summary')).trim();
    assert(summary.length > 0, `${algo}: no summary`);
    if (newer.includes(algo)) {
      // Each is drawn as itself: not the ring, and not the picture of the algorithm before.
      assert(pic.checksum !== ring.checksum, `${algo}: picture did not change from the ring`);
      await screenshot(page, `04-algo-${algo}`);
    }
    if (algo === 'maglev' || algo === 'jump') {
      assert(pic.checksum !== ring.checksum, `${algo}: picture did not change from the ring`);
      await screenshot(page, `04-algo-${algo}`);
    }
  }
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('AnchorHash loses a node from the middle and moves only its keys; a new node takes its bucket back', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?algo=anchor', { reducedMotion: 'reduce' });
  await ready(page);
  const caption = async () => (await page.textContent('#picture-caption')).trim();
  assert(/4 working buckets of 8/.test(await caption()), `caption: ${await caption()}`);
  const keysOf = async (name) => {
    const row = await page.$eval(`#legend tr[data-node="${name}"]`, (tr) => tr.textContent);
    return Number((row.match(/([\d,]+) \(/)?.[1] ?? 'NaN').replace(/,/g, ''));
  };
  const held = await keysOf('cache-b');
  assert(held > 0, `cache-b holds ${held} keys`);
  await page.click('[data-testid="node-remove"][data-node="cache-b"]');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  const line = (await page.textContent('#summary-line')).trim();
  assert(new RegExp(`^${held.toLocaleString('en-US')} of`).test(line), `only cache-b's ${held} keys move: ${line}`);
  assert(/removed, first to last: 7, 6, 5, 4, 1\b/.test(await caption()), `bucket 1 removed last: ${await caption()}`);
  await screenshot(page, '05-anchor-removed');
  // A node that joins takes the bucket removed last, 1, and only keys for itself.
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => /cache-e/.test(document.querySelector('#summary')?.textContent ?? ''), null, { timeout: 10000 });
  assert(/removed, first to last: 7, 6, 5, 4 \(/.test(await caption()), `bucket 1 back: ${await caption()}`);
  const joined = (await page.textContent('#summary-line')).trim();
  assert(new RegExp(`^${held.toLocaleString('en-US')} of`).test(joined), `cache-e takes back cache-b's ${held} keys: ${joined}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('pasting an nginx upstream block replaces the nodes with its servers and weights', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=en', { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.click('details.paste-servers > summary');
  await page.fill('#paste-servers', 'upstream cache {\n  hash $request_uri consistent;\n  server 10.0.0.1:8080 weight=6;\n  server 10.0.0.2:8080 weight=4;\n  server 10.0.0.3:8080;\n}\n');
  await page.click('#use-servers');
  await page.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 3);
  const names = await page.$$eval('#legend tbody tr', (rows) => rows.map((r) => r.getAttribute('data-node')));
  assert(JSON.stringify(names) === '["10.0.0.1:8080","10.0.0.2:8080","10.0.0.3:8080"]', `legend: ${names}`);
  const weights = await page.$$eval('[data-testid="node-weight"]', (els) => els.map((e) => e.value));
  assert(JSON.stringify(weights) === '["600","400","100"]', `weights: ${weights}`);
  assert(/the nodes replaced by 3 pasted servers/.test(await page.textContent('#summary-what')), 'no summary of the replacement');
  // Names that differ in the middle keep what differs where they are cut: "…1:8080".
  const shown = await page.$$eval('#legend tbody th .node-name', (els) => els.map((e) => (e.querySelector('[aria-hidden]') ?? e).textContent.replace(/[\u2066-\u2069]/g, '')));
  assert(JSON.stringify(shown) === '["…1:8080","…2:8080","…3:8080"]', `legend names: ${shown}`);
  // A line it cannot read is refused next to the box, and nothing changes.
  await page.fill('#paste-servers', '10.0.0.9:80 100\nthis is not a server\n');
  await page.click('#use-servers');
  await page.waitForSelector('#paste-servers-error:not(:empty)');
  assert(/line 2/.test(await page.textContent('#paste-servers-error')), await page.textContent('#paste-servers-error'));
  assert((await page.$$eval('#legend tbody tr', (r) => r.length)) === 3, 'a refused list changed the nodes');
  await screenshot(page, '06-pasted-servers');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('bad input shows a message next to the control and changes nothing', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  const names = await legendNames(page);
  await addNode(page, '   ', '100');
  const nameError = (await page.textContent('#add-name-error')).trim();
  assert(nameError.length > 0, 'no message for an empty name');
  await addNode(page, 'ok-name', '-3');
  const weightError = (await page.textContent('#add-weight-error')).trim();
  assert(/1/.test(weightError), `weight message does not give the range: ${weightError}`);
  await addNode(page, '<img src=x onerror=alert(1)>', '100');
  const after = await legendNames(page);
  assert(after.length === names.length + 1, 'a node named like HTML should be added as text');
  assert(after.some((n) => n.includes('<img src=x onerror=alert(1)>')), 'the HTML-like name is not shown as text');
  await screenshot(page, '05-bad-input');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('phone layout and dark theme', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await ready(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 1, `page is ${overflow}px wider than a phone screen`);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g).map(Number);
  assert(r + g + b < 200, `dark theme background is light: ${bg}`);
  await screenshot(page, '06-phone-dark');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('every button, input and select has an accessible name', async () => {
  const { page, context } = await openPage(browser, base + '/');
  await ready(page);
  const unnamed = await page.evaluate(() => {
    const missing = [];
    for (const el of document.querySelectorAll('button, input, select, textarea')) {
      const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
        || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el.closest('label')
        || (el.tagName === 'BUTTON' && el.textContent.trim());
      if (!labelled) missing.push(el.outerHTML.slice(0, 80));
    }
    return missing;
  });
  assert(unnamed.length === 0, `controls without an accessible name: ${unnamed.join(' | ')}`);
  await context.close();
});

import './tour.mjs';
import './share.mjs';
import './i18n.mjs';
import './hostile.mjs';
import './large.mjs';
import './drawn.mjs';
import './a11y.mjs';
import './element.mjs';
import './book.mjs';
import './traffic.mjs';
import './systems.mjs';
import './which.mjs';
import './quiz.mjs';
import './builds.mjs';
const failed = await run();
await browser.close();
server.close();
process.exit(failed === 0 ? 0 : 1);
