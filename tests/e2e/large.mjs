// End-to-end tests of a million keys: a change that places every key runs in slices behind
// a progress bar that can be cancelled, a join or a leave on the ring takes the delta path
// (no progress bar, the loads still add up), and the views that cap their work say so.
import { mkdir } from 'node:fs/promises';
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert, OUT } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

const MILLION = '1,000,000';

async function ready(page) {
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(300);
}

// The keys column of the legend ("2,027 (20.3%)"; on a ring it follows the points column),
// summed (nodes that are down show a badge instead).
async function legendKeys(page) {
  return page.$$eval('#legend tbody tr td', (cells) => cells
    .map((c) => c.textContent.match(/^([\d,]+) \(/))
    .filter(Boolean)
    .reduce((sum, m) => sum + Number(m[1].replace(/,/g, '')), 0));
}

const jobShown = (page) => page.$('#job-progress:not(.empty)');

test('a million keys: placed in slices behind a progress bar, which can cancel', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=en', { reducedMotion: 'reduce' });
  await ready(page);
  const keysBefore = (await page.textContent('#keys-now')).trim();
  await page.fill('#key-count', '1000000');
  await page.click('#generate-keys');
  await page.waitForSelector('#job-progress:not(.empty)', { timeout: 5000 });
  // At once, while the job runs (about half a second): read the bar, then press Cancel.
  const seen = await page.evaluate(() => {
    const bar = document.getElementById('job-progress-bar');
    const text = document.getElementById('job-progress').textContent;
    document.getElementById('job-cancel').click();
    return { text, value: Number(bar.value), max: Number(bar.max) };
  });
  assert(seen.text.includes(`Placing ${MILLION} keys`), `progress bar reads: ${seen.text}`);
  assert(seen.max > 0 && seen.value < seen.max, `progress ${seen.value} of ${seen.max} while running`);
  // The page answered the click while the job ran: Cancel stopped it, the keys stay.
  await page.waitForSelector('#job-progress.empty', { state: 'attached', timeout: 5000 });
  await page.waitForTimeout(800);
  assert((await page.textContent('#keys-now')).trim() === keysBefore, 'cancelling changed the keys');
  assert(!(await jobShown(page)), 'the progress bar came back after cancelling');

  // Again, to the end.
  const drawnBefore = { ring: (await canvasStats(page, '#ring-canvas')).checksum, loads: (await canvasStats(page, '#loads-chart')).checksum };
  await page.click('#generate-keys');
  await page.waitForSelector('#job-progress:not(.empty)', { timeout: 5000 });
  await mkdir(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}/40-million-progress.png` });
  await page.waitForSelector('#job-progress.empty', { state: 'attached', timeout: 60000 });
  const keysNow = (await page.textContent('#keys-now')).trim();
  assert(keysNow.includes(MILLION), `keys after the job: ${keysNow}`);
  assert(await legendKeys(page) === 1_000_000, `the legend's keys add up to ${await legendKeys(page)}`);
  const loads = await canvasStats(page, '#loads-chart');
  assert(loads.painted > 1000, `the loads chart is nearly blank (${loads.painted})`);
  // The picture and the charts are drawn for the million keys in the frames after the
  // hand-over (the picture in the first, the charts in the second), not never.
  const redrawn = async (selector, was) => {
    for (let i = 0; i < 40; i += 1) {
      if ((await canvasStats(page, selector)).checksum !== was) return true;
      await page.waitForTimeout(50);
    }
    return false;
  };
  assert(await redrawn('#ring-canvas', drawnBefore.ring), 'the picture still shows the keys before the job');
  assert(await redrawn('#loads-chart', drawnBefore.loads), 'the loads chart still shows the keys before the job');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

// Records, from before the app starts, what the page showed while it opened: the first key
// count, whether the progress bar appeared, and every address seen meanwhile.
function watchOpening() {
  window.__opening = { firstKeys: null, jobSeen: false, addresses: new Set() };
  new MutationObserver(() => {
    const o = window.__opening;
    const keys = document.querySelector('#keys-now');
    if (keys && o.firstKeys === null) o.firstKeys = keys.textContent;
    if (document.querySelector('#job-progress:not(.empty)')) o.jobSeen = true;
    o.addresses.add(location.search);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

// openPage, with watchOpening installed before the page's own scripts run.
async function openWatched(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce', deviceScaleFactor: 1 });
  await context.addInitScript(watchOpening);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto(base + path);
  return { page, context, problems };
}

test('a million keys: a link opens on the first 50,000 keys, places the rest in slices, then a join and a leave show what moved at once, without a job', async () => {
  const { page, context, problems } = await openWatched('/?lang=en&keys=1000000&seed=7');
  await ready(page);
  await page.waitForFunction((m) => document.querySelector('#keys-now')?.textContent.includes(m), MILLION, { timeout: 60000 });
  await page.waitForSelector('#job-progress.empty', { state: 'attached', timeout: 60000 });
  const opening = await page.evaluate(() => ({ ...window.__opening, addresses: [...window.__opening.addresses] }));
  assert(opening.firstKeys && opening.firstKeys.includes('50,000'), `the page first showed: ${opening.firstKeys}`);
  assert(opening.jobSeen, 'no progress bar while the link\'s keys were placed');
  assert(opening.addresses.every((a) => a.includes('keys=1000000')), `the address changed while opening: ${opening.addresses.join(' ')}`);
  assert(await legendKeys(page) === 1_000_000, 'the loads of the link\'s keys do not add up');
  // Watch for the progress bar from now on: the delta path never shows it.
  await page.evaluate(() => {
    window.__jobSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('#job-progress:not(.empty)')) window.__jobSeen = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.fill('#add-name', 'cache-e');
  await page.fill('#add-weight', '100');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  const summary = (await page.textContent('#summary-line')).trim();
  const m = summary.match(/([\d,]+) of ([\d,]+) keys moved/);
  assert(m && m[2] === MILLION, `summary: ${summary}`);
  const moved = Number(m[1].replace(/,/g, ''));
  // Five equal nodes: the newcomer takes about a fifth.
  assert(moved > 100_000 && moved < 350_000, `moved ${moved} of a million`);
  const flows = (await page.textContent('#flows')).trim();
  assert(/cache-e/.test(flows), `flows do not go to the newcomer: ${flows}`);
  assert(await legendKeys(page) === 1_000_000, 'the loads do not add up after the join');
  await page.click('[data-testid=node-remove][data-node="cache-e"]');
  await page.waitForFunction(() => !document.querySelector('#legend tr[data-node="cache-e"]'), null, { timeout: 10000 });
  const back = (await page.textContent('#summary-line')).trim();
  assert(back.includes(`${m[1]} of ${MILLION} keys moved`), `leaving moved a different count back: ${back}`);
  assert(await legendKeys(page) === 1_000_000, 'the loads do not add up after the leave');
  assert(!(await page.evaluate(() => window.__jobSeen)), 'a join or a leave ran a job instead of the delta path');
  await screenshot(page, '41-million-join');
  // Compare works on the first keys, and says so.
  await page.click('#tab-compare');
  await page.waitForSelector('#compare-first-keys', { timeout: 20000 });
  const note = (await page.textContent('#compare-first-keys')).trim();
  assert(note.includes('first 20,000') && note.includes(MILLION), `compare note: ${note}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('a million keys: 200,000 pasted keys are checked at once and made and placed in slices', async () => {
  const { page, context, problems } = await openWatched('/?lang=en');
  await ready(page);
  await page.click('details.paste summary');
  const lines = Array.from({ length: 200_000 }, (_, i) => `  item-${i}\r`);
  // A key too long on the last line: refused at once, nothing placed, the text kept.
  // As the clipboard delivers it (page.fill types megabytes too slowly): text this long is
  // held out of the box, and the page says so.
  const paste = async (text) => {
    await page.$eval('#paste-keys', (t, v) => {
      const data = new DataTransfer();
      data.setData('text/plain', v);
      t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
    await page.waitForSelector('#paste-held', { timeout: 10000 });
    const held = await page.textContent('#paste-held');
    assert(/bytes/.test(held) && held.includes(`${(text.split('\n').length).toLocaleString('en-US')} lines`), `held: ${held}`);
    assert((await page.inputValue('#paste-keys')) === '', 'the long paste went into the box');
  };
  await paste(`${lines.join('\n')}\n${'k'.repeat(2000)}`);
  await page.click('#use-pasted');
  await page.waitForSelector('#paste-keys-error:not(:empty)', { timeout: 10000 });
  const refused = (await page.textContent('#paste-keys-error')).trim();
  assert(/200,?001/.test(refused), `the refusal does not name the line: ${refused}`);
  assert(!(await page.evaluate(() => window.__opening.jobSeen)), 'a refused paste started a job');
  assert(await page.$('#paste-held'), 'the refused paste was forgotten');

  await paste(lines.join('\n'));
  await page.click('#use-pasted');
  await page.waitForFunction(() => document.querySelector('#keys-now')?.textContent.includes('200,000 pasted'), null, { timeout: 60000 });
  await page.waitForSelector('#job-progress.empty', { state: 'attached', timeout: 60000 });
  assert(await page.evaluate(() => window.__opening.jobSeen), 'no progress bar while 200,000 pasted keys were placed');
  assert(await legendKeys(page) === 200_000, `the legend's keys add up to ${await legendKeys(page)}`);
  // The address follows once the change has settled.
  await page.waitForFunction(() => location.search.includes('pasted='), null, { timeout: 10000 });
  const search = await page.evaluate(() => location.search);
  assert(search.includes('pasted=200000') && !search.includes('keylist'), `address: ${search}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});
