// End-to-end tests of the state outside the page: links that restore the same picture, the
// back and forward buttons, the stored state, the embedded widgets and their height
// messages, damaged and hostile links, exports, and a strict Content-Security-Policy.
import { readFile } from 'node:fs/promises';
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const { base } = await serveDist();
const strict = await serveDist({ 'Content-Security-Policy': CSP });
const browser = await launch();

// The address and the storage follow the state after this long without a change.
const SETTLE = 700;

async function ready(target) {
  await target.waitForSelector('#ring-canvas', { timeout: 30000 });
  await target.waitForSelector('#legend li, #legend tbody tr', { timeout: 30000 });
  await target.waitForTimeout(500);
}

async function legendNames(page) {
  return page.$$eval('#legend tbody tr', (rows) => rows.map((r) => r.getAttribute('data-node')));
}

async function addNode(page, name, weight = '100') {
  await page.fill('#add-name', name);
  await page.fill('#add-weight', weight);
  await page.click('#add-node');
}

async function search(page) {
  return page.evaluate(() => location.search);
}

function noProblems(problems) {
  assert(problems.length === 0, `console, CSP or dialog problems: ${problems.join('; ')}`);
}

test('share: a copied link reproduces the same picture in a fresh page', async () => {
  const a = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(a.page);
  await addNode(a.page, 'cache-e', '250');
  await a.page.selectOption('#algorithm', 'ketama');
  await a.page.click('[data-testid="node-down"][data-node="cache-b"]');
  await a.page.fill('#explain-key', 'user:42');
  // The same keys again clear the last change, so this link carries the state alone.
  await a.page.click('#generate-keys');
  await a.page.waitForTimeout(SETTLE);
  await a.page.click('#copy-link');
  const link = await a.page.inputValue('#share-link');
  assert(link.includes('algo=ketama') && link.includes('cache-b:100:down') && link.includes('explain=user%3A42'), `link: ${link}`);
  assert(link.endsWith(await search(a.page)), `the address ${await search(a.page)} is not the link ${link}`);
  // Copied, or (headless, without permission) selected for copying by hand: either way, said.
  await a.page.waitForFunction(() => document.querySelector('#share-status')?.textContent.trim().length > 0);
  await screenshot(a.page, 'share-00-copy-link');
  await a.page.click('#share-close');
  assert(!(await a.page.isVisible('#share-link')), 'Done does not close the link');
  const ringA = await canvasStats(a.page, '#ring-canvas');
  const loadsA = await canvasStats(a.page, '#loads-chart');
  const namesA = await legendNames(a.page);
  assert(ringA.painted > ringA.width * ringA.height * 0.05, 'the ring is nearly blank');

  const b = await openPage(browser, link, { reducedMotion: 'reduce' });
  await ready(b.page);
  const ringB = await canvasStats(b.page, '#ring-canvas');
  const loadsB = await canvasStats(b.page, '#loads-chart');
  assert(JSON.stringify(await legendNames(b.page)) === JSON.stringify(namesA), 'the legend differs');
  assert(ringB.width === ringA.width && ringB.checksum === ringA.checksum,
    `the ring differs: ${JSON.stringify(ringA)} vs ${JSON.stringify(ringB)}`);
  assert(loadsB.checksum === loadsA.checksum, 'the loads chart differs');
  assert((await b.page.inputValue('#explain-key')) === 'user:42', 'the explained key is lost');
  await screenshot(b.page, 'share-01-from-link');
  noProblems(a.problems);
  noProblems(b.problems);
  await a.context.close();
  await b.context.close();
});

test('share: a link copied right after a change opens with that change: its summary, its moved keys and Replay', async () => {
  const a = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(a.page);
  await addNode(a.page, 'cache-e', '250');
  await a.page.waitForFunction(() => /cache-e/.test(document.querySelector('#summary-what')?.textContent ?? ''));
  await a.page.waitForTimeout(SETTLE);
  await a.page.click('#copy-link');
  const link = await a.page.inputValue('#share-link');
  // The link is the cluster before the change, and the change.
  assert(link.includes('change=add:cache-e:250') && !link.includes('cache-e:250,'), `link: ${link}`);
  await a.page.click('#share-close');
  const summaryA = await a.page.textContent('#summary');
  const ringA = await canvasStats(a.page, '#ring-canvas');
  const loadsA = await canvasStats(a.page, '#loads-chart');
  assert(ringA.painted > ringA.width * ringA.height * 0.05, 'the ring is nearly blank');

  const b = await openPage(browser, link, { reducedMotion: 'reduce' });
  await ready(b.page);
  await b.page.waitForFunction(() => /cache-e/.test(document.querySelector('#summary-what')?.textContent ?? ''));
  assert((await b.page.textContent('#summary')) === summaryA,
    `the summary differs:\n${summaryA}\n${await b.page.textContent('#summary')}`);
  const ringB = await canvasStats(b.page, '#ring-canvas');
  const loadsB = await canvasStats(b.page, '#loads-chart');
  // The moved keys are ringed on both pages: the same pixels.
  assert(ringB.width === ringA.width && ringB.checksum === ringA.checksum,
    `the ring differs: ${JSON.stringify(ringA)} vs ${JSON.stringify(ringB)}`);
  assert(loadsB.checksum === loadsA.checksum, 'the loads chart differs');
  assert(!(await b.page.isDisabled('#replay')), 'Replay is not offered');
  // Reduced motion: the change did not play by itself, but a replay asked for plays.
  await b.page.click('#replay');
  await b.page.waitForTimeout(250);
  const during = await canvasStats(b.page, '#ring-canvas');
  assert(during.checksum !== ringB.checksum, 'Replay did not move anything under reduced motion');
  await b.page.waitForFunction(() => !document.querySelector('#play-pause')?.getAttribute('aria-label')?.includes('Pause'), null, { timeout: 10000 });
  await b.page.waitForTimeout(300);
  assert((await canvasStats(b.page, '#ring-canvas')).checksum === ringB.checksum, 'the replay does not end where the change did');
  await screenshot(b.page, 'share-02-change-from-link');

  // The teaching views' settings travel too: Compare's algorithms and change.
  await a.page.click('#tab-compare');
  await a.page.waitForSelector('#compare-table tbody tr', { timeout: 30000 });
  await a.page.click('#compare-ketama');
  await a.page.click('#compare-change-remove');
  await a.page.waitForFunction(() => document.querySelectorAll('#compare-table tbody tr').length === 4);
  await a.page.waitForTimeout(SETTLE);
  const address = await search(a.page);
  assert(address.includes('compare=') && address.includes('compare-change=remove'), `address: ${address}`);
  const rows = async (page) => page.$$eval('#compare-table tbody tr',
    (trs) => trs.map((r) => r.getAttribute('data-algo') + ' ' + r.textContent.trim()));
  const rowsA = await rows(a.page);
  const c = await openPage(browser, base + '/' + address, { reducedMotion: 'reduce' });
  await c.page.waitForSelector('#compare-table tbody tr', { timeout: 30000 });
  await c.page.waitForFunction(() => document.querySelectorAll('#compare-table tbody tr').length === 4);
  assert(JSON.stringify(await rows(c.page)) === JSON.stringify(rowsA),
    `the compare table differs:\n${rowsA.join('\n')}\n${(await rows(c.page)).join('\n')}`);
  assert(await c.page.isChecked('#compare-ketama'), 'ketama is not ticked');
  for (const i of [0, 1, 2, 3]) {
    const [x, y] = [await canvasStats(a.page, `#compare-canvas-${i}`), await canvasStats(c.page, `#compare-canvas-${i}`)];
    assert(x.checksum === y.checksum && x.painted > 0, `compare column ${i} differs`);
  }
  noProblems(a.problems);
  noProblems(b.problems);
  noProblems(c.problems);
  await a.context.close();
  await b.context.close();
  await c.context.close();
});

test('share: where the browser refuses to copy, the link is selected to copy by hand', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  await page.goto(base + '/?algo=jump&nodes=a:100,b:100');
  await ready(page);
  await page.click('#copy-link');
  await page.waitForFunction(() => /did not let the page copy/.test(document.querySelector('#share-status')?.textContent ?? ''));
  const selected = await page.evaluate(() => {
    const f = document.activeElement;
    return f?.id === 'share-link' && f.selectionStart === 0 && f.selectionEnd === f.value.length && f.readOnly;
  });
  assert(selected, 'the link field is not focused with the whole link selected');
  assert((await page.inputValue('#share-link')).endsWith('/?algo=jump&hash=murmur3-64&nodes=a:100,b:100&keys=10000&seed=42'),
    `link: ${await page.inputValue('#share-link')}`);
  await page.keyboard.press('Escape');
  assert(!(await page.isVisible('#share-link')), 'Escape does not close the link');
  noProblems(problems);
  await context.close();
});

test('share: back and forward move through changes; typing makes one entry', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  assert((await search(page)) === '', 'the first example has parameters');
  await addNode(page, 'cache-e');
  await page.waitForTimeout(SETTLE);
  await addNode(page, 'cache-f');
  await page.waitForTimeout(SETTLE);
  assert((await legendNames(page)).length === 6, 'two nodes were not added');
  const entries = await page.evaluate(() => history.length);
  await page.locator('#explain-key').pressSequentially('session:9', { delay: 40 });
  await page.waitForTimeout(SETTLE);
  assert((await search(page)).includes('explain=session%3A9'), 'the explained key is not in the address');
  assert((await page.evaluate(() => history.length)) === entries + 1,
    'typing a key made more than one history entry');

  await page.goBack();
  await page.waitForFunction(() => !location.search.includes('explain'));
  await page.waitForTimeout(200);
  assert((await page.inputValue('#explain-key')) === '', 'back did not clear the explained key');
  await page.goBack();
  await page.waitForFunction(() => !location.search.includes('cache-f'));
  await page.waitForTimeout(200);
  let names = await legendNames(page);
  assert(JSON.stringify(names) === JSON.stringify(['cache-a', 'cache-b', 'cache-c', 'cache-d', 'cache-e']), `after back: ${names}`);
  await page.goBack();
  await page.waitForFunction(() => location.search === '');
  await page.waitForTimeout(200);
  assert((await legendNames(page)).length === 4, 'back to the first example failed');
  await page.goForward();
  await page.waitForFunction(() => location.search.includes('cache-e'));
  await page.waitForTimeout(200);
  names = await legendNames(page);
  assert(names.length === 5 && names[4] === 'cache-e', `after forward: ${names}`);
  // The restored state goes on working.
  await addNode(page, 'cache-g');
  await page.waitForTimeout(300);
  assert((await legendNames(page)).includes('cache-g'), 'adding after a restore failed');
  noProblems(problems);
  await context.close();
});

test('share: the view and the tour step are in the link, and back returns to the step', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?view=tour&step=3', { reducedMotion: 'reduce' });
  await page.waitForSelector('#tour-title', { timeout: 30000 });
  assert((await page.getAttribute('#tab-tour', 'aria-selected')) === 'true', 'the tour tab is not selected');
  assert((await page.textContent('#tour-title')).trim().startsWith('3.'), 'not at step 3');
  await page.click('#tour-next');
  await page.waitForFunction(() => location.search.includes('step=4'), null, { timeout: 5000 });
  assert((await page.textContent('#tour-title')).trim().startsWith('4.'), 'next did not go to step 4');
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#tour-title')?.textContent.trim().startsWith('3.'), null, { timeout: 5000 });
  assert((await search(page)).includes('step=3'), 'the address is not back at step 3');
  noProblems(problems);
  await context.close();
});

test('share: the embedding example shows both widgets, sized from their height messages', async () => {
  const { page, context, problems } = await openPage(browser, base + '/embed-example.html');
  const entries = await page.evaluate(() => history.length);
  for (const id of ['#widget-ketama', '#widget-jump']) {
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.height) > 150, id, { timeout: 30000 });
  }
  await page.waitForTimeout(800);
  const ring = page.frames().find((f) => f.url().includes('embed=ring'));
  const chart = page.frames().find((f) => f.url().includes('embed=chart'));
  assert(ring && chart, 'the frames are missing');
  const ringStats = await canvasStats(ring, '#ring-canvas');
  assert(ringStats.painted > ringStats.width * ringStats.height * 0.05 && ringStats.colours >= 3,
    `the ketama ring is not painted: ${JSON.stringify(ringStats)}`);
  const loads = await canvasStats(chart, '#loads-chart');
  assert(loads.painted > 1000, `the jump chart is not painted: ${JSON.stringify(loads)}`);
  // Each frame shows only what it was asked for.
  assert(!(await ring.isVisible('#loads-chart')) && !(await ring.isVisible('#add-node')), 'the ring widget shows more than the ring');
  assert(!(await chart.isVisible('#ring-canvas')) && !(await chart.isVisible('.title-bar')), 'the chart widget shows more than the charts');
  const ringNames = await ring.$$eval('#legend tbody tr', (rows) => rows.map((r) => r.getAttribute('data-node')));
  assert(JSON.stringify(ringNames) === JSON.stringify(['10.0.1.1:11211', '10.0.1.2:11211', '10.0.1.3:11211']), `ketama nodes: ${ringNames}`);
  // The frames are as tall as their pages say, and the pages fit them.
  for (const [id, frame] of [['#widget-ketama', ring], ['#widget-jump', chart]]) {
    const reported = Number(await page.getAttribute(id, 'data-height'));
    const box = await page.$eval(id, (f) => f.getBoundingClientRect().height);
    const content = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
    assert(Math.abs(box - reported) <= 2, `${id}: frame ${box}px, reported ${reported}px`);
    assert(Math.abs(content - reported) <= 2, `${id}: content ${content}px, reported ${reported}px`);
  }
  // A widget answers a well-formed height request, and nothing else.
  const answers = await page.evaluate(async () => {
    const frame = document.querySelector('#widget-jump').contentWindow;
    const heard = [];
    window.addEventListener('message', (e) => { if (e.source === frame) heard.push(e.data); });
    const wait = () => new Promise((ok) => setTimeout(ok, 400));
    for (const junk of ['ringlab:get-height', { type: 'ringlab:get-heightx' }, { type: 5 }, null, [], { kind: 'ringlab:get-height' }]) {
      frame.postMessage(junk, '*');
    }
    await wait();
    const afterJunk = heard.length;
    frame.postMessage({ type: 'ringlab:get-height' }, '*');
    await wait();
    return { afterJunk, heard };
  });
  assert(answers.afterJunk === 0, `the widget answered malformed requests: ${JSON.stringify(answers.heard)}`);
  assert(answers.heard.length === 1 && answers.heard[0].type === 'ringlab:height' && answers.heard[0].height > 150,
    `the widget did not answer a height request: ${JSON.stringify(answers.heard)}`);
  // A widget does not add to the host's history, nor touch the stored state.
  assert((await page.evaluate(() => history.length)) === entries, 'the widgets added history entries');
  assert((await page.evaluate(() => localStorage.getItem('ringlab:state'))) === null, 'a widget stored its state');
  await screenshot(page, 'share-02-embed-example');
  noProblems(problems);
  await context.close();
});

test('share: a damaged link shows the note, and the app works', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?algo=nope&nodes=%ZZ&keys=-5', { reducedMotion: 'reduce' });
  await ready(page);
  const notice = page.locator('#notice[role="status"]');
  await notice.waitFor();
  const items = await page.$$eval('#notice li', (li) => li.map((l) => l.textContent));
  assert(items.length === 3, `the notice lists ${items.length} problems: ${items}`);
  assert(items[0].includes('“nope” is not an algorithm') && items[1].includes('percent escape') && items[2].includes('key count'), `notice: ${items}`);
  assert((await legendNames(page)).length === 4, 'the first example is not shown');
  await screenshot(page, 'share-03-damaged-link');
  await addNode(page, 'cache-e');
  await page.waitForTimeout(SETTLE);
  assert((await legendNames(page)).length === 5, 'the app does not work after a damaged link');
  assert((await search(page)).includes('cache-e'), 'the address does not follow the state');
  await page.click('#notice-dismiss');
  assert((await page.$$('#notice li')).length === 0, 'the notice cannot be dismissed');
  noProblems(problems);
  await context.close();
});

test('share: a script in a node name stays text', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?nodes=<script>alert(1)</script>:100,b:100', { reducedMotion: 'reduce' });
  await ready(page);
  const names = await legendNames(page);
  assert(names[0] === '<script>alert(1)</script>', `legend: ${names}`);
  const text = await page.textContent('#legend');
  assert(text.includes('<script>alert(1)</script>'), 'the name is not shown as text');
  assert((await page.$$('#app script')).length === 0, 'a script element was made from the name');
  await page.waitForTimeout(500);
  noProblems(problems);
  await context.close();
});

test('share: the app and a widget work under a strict Content-Security-Policy', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(strict.base + '/?algo=maglev');
  assert(response.headers()['content-security-policy'] === CSP, 'the server did not send the policy');
  await ready(page);
  const ring = await canvasStats(page, '#ring-canvas');
  assert(ring.painted > 1000, 'the picture is blank under the policy');
  await addNode(page, 'cache-e');
  await page.waitForTimeout(SETTLE);
  assert((await legendNames(page)).length === 5, 'adding a node failed under the policy');
  await page.click('#copy-link');
  assert((await page.inputValue('#share-link')).includes('algo=maglev'), 'no link under the policy');
  const violations = await page.evaluate(() => window.__violations);
  assert(violations.length === 0, `CSP violations: ${violations.join('; ')}`);
  for (const view of ['tour', 'compare', 'traffic', 'chord', 'replication', 'paper', 'which']) {
    await page.goto(`${strict.base}/?view=${view}`);
    await page.waitForSelector(`#tab-${view}[aria-selected="true"]`, { timeout: 30000 });
    await page.waitForTimeout(400);
    const seen = await page.evaluate(() => window.__violations);
    assert(seen.length === 0, `CSP violations in the ${view} view: ${seen.join('; ')}`);
  }
  await page.goto(strict.base + '/embed-example.html');
  await page.waitForFunction(() => [...document.querySelectorAll('iframe[data-ringlab]')].every((f) => Number(f.dataset.height) > 150), null, { timeout: 30000 });
  const frameViolations = await page.evaluate(() => window.__violations);
  assert(frameViolations.length === 0, `CSP violations in the example: ${frameViolations.join('; ')}`);
  noProblems(problems);
  await context.close();
});

test('share: a reload keeps the state; Reset forgets it', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  await addNode(page, 'cache-e', '300');
  await page.click('#theme-toggle');
  await page.waitForTimeout(SETTLE);
  const stored = await page.evaluate(() => localStorage.getItem('ringlab:state'));
  assert(stored?.startsWith('ringlab-state v1\n') && stored.includes('cache-e:300'), `stored: ${stored}`);
  await page.reload();
  await ready(page);
  assert((await legendNames(page)).includes('cache-e'), 'a reload lost the new node');
  // Without parameters in the address, the stored state is shown.
  await page.goto(base + '/');
  await ready(page);
  assert((await legendNames(page)).includes('cache-e'), 'the stored state was not restored');
  assert((await page.getAttribute('html', 'data-theme')) !== null, 'the theme was not restored');
  // A link with state wins over the stored state.
  await page.goto(base + '/?algo=jump&nodes=x:100,y:100');
  await ready(page);
  assert(JSON.stringify(await legendNames(page)) === '["x","y"]', 'the stored state won over the link');
  await page.goto(base + '/');
  await ready(page);
  await page.click('#reset');
  await page.waitForTimeout(SETTLE);
  assert((await page.evaluate(() => localStorage.getItem('ringlab:state'))) === null, 'Reset kept the stored state');
  await page.goto(base + '/');
  await ready(page);
  assert((await legendNames(page)).length === 4, 'after Reset, a reload is not the first example');
  noProblems(problems);
  await context.close();
});

test('share: a corrupt or old stored state is reported and ignored', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  for (const [stored, expect] of [
    ['ringlab-state v1\nalgo=jump&nodes=%ZZ', 'percent escape'],
    ['ringlab-state v0\nalgo=jump', 'format'],
    ['{"nodes": [1, 2, 3]', "Ringlab's format"],
  ]) {
    await page.evaluate((s) => localStorage.setItem('ringlab:state', s), stored);
    await page.goto(base + '/');
    await ready(page);
    const notice = (await page.textContent('#notice')).trim();
    assert(notice.includes('could not be used') && notice.includes(expect), `notice for ${JSON.stringify(stored)}: ${notice}`);
    assert((await legendNames(page)).length === 4, 'the first example is not shown');
  }
  await screenshot(page, 'share-04-corrupt-storage');
  noProblems(problems);
  await context.close();
});

test('share: the ring, the charts and the loads export as files', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?nodes=%3DSUM(A1):100,%22quoted%2C%20name%22:100', { reducedMotion: 'reduce' });
  await ready(page);
  for (const [button, name] of [['#export-ring', 'ringlab-ring-virtual.png'], ['#export-keys-per-node', 'ringlab-keys-per-node-virtual.png']]) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    assert(download.suggestedFilename() === name, `file name ${download.suggestedFilename()}`);
    const bytes = await readFile(await download.path());
    assert(bytes.length > 2000 && bytes.subarray(1, 4).toString() === 'PNG', `${name} is not a PNG of substance (${bytes.length} bytes)`);
  }
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  assert(csv.suggestedFilename() === 'ringlab-loads-virtual.csv', csv.suggestedFilename());
  const text = (await readFile(await csv.path())).toString('utf8');
  const lines = text.split('\r\n');
  assert(lines[0] === 'node,status,weight,virtual_nodes,keys,key_share,hash_space_share', `header: ${lines[0]}`);
  assert(lines[1].startsWith("'=SUM(A1),up,100,16,") && lines[2].startsWith('"""quoted, name""",up,'), `rows: ${lines.slice(1, 3)}`);
  const keys = lines.slice(1).filter(Boolean).map((l) => Number(l.split(',').at(-3)));
  assert(keys.reduce((a, b) => a + b, 0) === 10000, `keys add up to ${keys}`);
  assert((await page.textContent('#export-status')).includes('Saved ringlab-loads-virtual.csv'), 'no word on the saved file');
  noProblems(problems);
  await context.close();
});

test('share: the compare table exports as CSV with the numbers on screen', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=en&view=compare', { reducedMotion: 'reduce' });
  await page.waitForSelector('#compare-table tbody tr', { timeout: 30000 });
  await page.click('#compare-change-add');
  await page.waitForTimeout(500);
  const shown = await page.$$eval('#compare-table tbody tr', (rows) => rows.map((r) => [r.getAttribute('data-algo'), r.querySelectorAll('td')[0].textContent.trim()]));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-compare-csv')]);
  assert(download.suggestedFilename() === 'ringlab-compare.csv', download.suggestedFilename());
  const lines = (await readFile(await download.path())).toString('utf8').split('\r\n').filter(Boolean);
  assert(lines[0].startsWith('algorithm,keys_moved,keys,moved_fraction,ideal_fraction,'), `header: ${lines[0]}`);
  assert(lines.length === shown.length + 1 && shown.length >= 2, `${lines.length - 1} rows for ${shown.length} columns`);
  for (const [i, [algo, movedText]] of shown.entries()) {
    const cells = lines[i + 1].split(',');
    assert(cells[0] === algo, `row ${i}: ${cells[0]} for ${algo}`);
    const movedOnScreen = movedText.match(/^([\d,]+)/)?.[1].replace(/,/g, '');
    assert(cells[1] === movedOnScreen, `${algo}: CSV says ${cells[1]} moved, the table ${movedText}`);
  }
  noProblems(problems);
  await context.close();
});

test('share: the whole lab embedded in an 800 px frame puts its controls beside the picture, at most 2,000 px tall (one column made it 3,200)', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?embed&lang=en`, { viewport: { width: 800, height: 600 }, reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(500);
  const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width }; });
  const ring = await box('#ring-canvas');
  const controls = await box('.controls');
  assert(controls.left >= ring.left + ring.width && controls.top < ring.top + 100, `controls not beside the ring: ${JSON.stringify({ ring, controls })}`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  assert(height <= 2000, `the embedded lab is ${height}px tall`);
  const ringStats = await canvasStats(page, '#ring-canvas');
  assert(ringStats.painted > ringStats.width * ringStats.height * 0.05, `the ring is not painted: ${JSON.stringify(ringStats)}`);
  assert(problems.length === 0, problems.join('\n'));
  await context.close();
});
