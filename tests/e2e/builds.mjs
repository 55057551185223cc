// End-to-end tests of the app's one build: dist/ holds one wasm, every view is in it, and
// opening a view, an element or the Embed dialog never downloads it again (static/boot.js,
// static/ring-lab.js).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

// The wasm files a page fetches (the page's own, not its frames': the Embed dialog's
// preview is a page of its own). Watch before the page opens its address: the wasm can be
// asked for before `goto` returns.
function wasmRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm') && r.frame() === page.mainFrame()) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

async function wasmFiles(dir) {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith('.wasm'));
}

test('builds: dist/ holds one wasm', async () => {
  const dist = process.env.RINGLAB_DIST ?? join(import.meta.dirname, '..', '..', 'dist');
  const files = await wasmFiles(dist);
  assert(files.length === 1, `wasm files in dist/: ${files.join(', ') || 'none'}`);
});

test('builds: Compare, opened after a change, shows the same lab with the tab focused, with no second download', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  const wasm = wasmRequests(page);
  await page.goto(`${base}/`);
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.fill('#add-name', 'cache-z');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  const summary = (await page.textContent('#summary-line')).trim();
  await page.focus('#tab-compare');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.teach-compare canvas', { timeout: 30000 });
  await page.waitForTimeout(400);
  const chart = await canvasStats(page, '.teach-compare canvas');
  assert(chart.painted > 1000, `Compare's first chart is nearly blank (${chart.painted})`);
  // The lab Compare works on is the one just changed: its nodes and its change.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('view') === 'compare');
  const url = new URL(page.url());
  assert(url.searchParams.get('change') === 'add:cache-z:100', `address: ${page.url()}`);
  assert(await page.evaluate(() => document.activeElement?.id) === 'tab-compare', 'the focus left the tab');
  await screenshot(page, 'builds-compare-after-switch');
  await page.click('#tab-explore');
  await page.waitForSelector('#summary-line');
  assert((await page.textContent('#summary-line')).trim() === summary, 'the summary changed across the views');
  assert(wasm.length === 1, `wasm downloads: ${wasm.join(', ')}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: a link to the Traffic view starts on it, with one download', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank');
  const wasm = wasmRequests(page);
  await page.goto(`${base}/?view=Traffic`);
  await page.waitForSelector('.teach-traffic canvas', { timeout: 30000 });
  assert(wasm.length === 1, `wasm downloads: ${wasm.join(', ')}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: <ring-lab> elements showing Compare and Explore share one download; an attribute switching to Chord shows it', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  const wasm = wasmRequests(page);
  await page.goto(`${base}/ring-lab-example.html`);
  await page.waitForSelector('#widget-ring #ring-canvas', { timeout: 30000 });
  await page.evaluate(() => {
    for (const [id, view] of [['widget-compare', 'compare'], ['widget-later', 'explore']]) {
      const el = document.createElement('ring-lab');
      el.id = id;
      el.setAttribute('nodes', 'a:100,b:100,c:100');
      el.setAttribute('view', view);
      document.querySelector('ring-lab').before(el);
    }
  });
  // Each starts when it comes near the viewport (ring-lab.css reserves their room).
  await page.waitForSelector('#widget-later #ring-canvas', { timeout: 30000 });
  await page.$eval('#widget-compare', (el) => el.scrollIntoView());
  await page.waitForSelector('#widget-compare .teach-compare canvas', { timeout: 30000 });
  await page.$eval('#widget-later', (el) => el.setAttribute('view', 'chord'));
  await page.waitForSelector('#widget-later .teach-chord canvas', { timeout: 30000 });
  await page.waitForTimeout(400);
  const chord = await canvasStats(page, '#widget-later .teach-chord canvas');
  assert(chord.painted > 1000, `Chord is nearly blank (${chord.painted})`);
  assert(wasm.length === 1, `wasm downloads: ${wasm.join(', ')}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: Back to the lab after a change, from another view, shows that change again', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.fill('#add-name', 'cache-z');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  const summary = (await page.textContent('#summary-line')).trim();
  // Let the change settle into its own history entry, then open another view.
  await page.waitForFunction(() => location.search.includes('change='));
  await page.click('#tab-replication');
  await page.waitForSelector('.teach-replication canvas', { timeout: 30000 });
  await page.waitForFunction(() => location.search.includes('view='));
  await page.goBack();
  await page.waitForFunction(() => !location.search.includes('view='));
  await page.waitForSelector('#summary-line');
  await page.waitForFunction((s) => document.querySelector('#summary-line')?.textContent.trim() === s, summary, { timeout: 10000 })
    .catch(async () => assert(false, `after Back: ${(await page.textContent('#summary-line')).trim()} (was: ${summary})`));
  assert(new URL(page.url()).searchParams.get('change') === 'add:cache-z:100', `address after Back: ${page.url()}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: Embed opens its dialog on the lab just changed; a link ending in #embed opens it at the start and loses the fragment', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  const wasm = wasmRequests(page);
  await page.goto(`${base}/?lang=en`);
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  await page.click('#embed-open');
  await page.waitForSelector('#embed-pop:not([hidden]) #embed-element', { timeout: 30000 });
  const element = await page.inputValue('#embed-element');
  assert(element.includes('change="add:cache-e:100"'), `the snippet is not of the lab just changed: ${element}`);
  assert(await page.evaluate(() => document.getElementById('embed-open').getAttribute('aria-expanded')) === 'true', 'the button does not say the dialog is open');
  await page.click('#embed-close');
  await page.waitForSelector('#embed-pop[hidden]', { state: 'attached' });
  assert(wasm.length === 1, `wasm downloads: ${wasm.join(', ')}`);
  await page.goto(`${base}/?lang=en&nodes=a:100,b:100,c:100#embed`);
  await page.waitForSelector('#embed-pop:not([hidden]) #embed-element', { timeout: 30000 });
  assert(new URL(page.url()).hash === '', `address: ${page.url()}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

// The page before the wasm arrives (src/prerender.rs): the default ring, drawn at build time.
async function firstRingColours(page) {
  return page.$eval('.first-ring', async (img) => {
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.naturalWidth, img.naturalHeight];
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const colours = new Map();
    for (let i = 0; i < d.length; i += 4) {
      const key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      colours.set(key, (colours.get(key) ?? 0) + 1);
    }
    // The node colours: those that fill at least 200 pixels, other than the background's.
    return [...colours.entries()].filter(([k, n]) => n >= 200 && k !== 0xffffff).length;
  });
}

test('builds: before the wasm arrives the page shows the default ring and the view around it; the app replaces it', async () => {
  const { page, context } = await openPage(browser, 'about:blank');
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(`${base}/`);
  await page.waitForSelector('.first-page .first-ring');
  assert(await page.$eval('.first-page', (el) => getComputedStyle(el).visibility) === 'visible', 'the first page is hidden');
  assert(await page.$$eval('.first-page button, .first-page select, .first-page input', (els) => els.length > 0 && els.every((el) => el.closest('[inert]'))),
    'the first page\'s controls can be used before the app');
  const colours = await firstRingColours(page);
  assert(colours >= 4, `the first ring shows ${colours} colours, not the four nodes'`);
  const text = await page.textContent('.first-page');
  for (const words of ['Ringlab', 'Explore', 'What moves', 'Nothing to compare yet']) assert(text.includes(words), `no "${words}" in the first page`);
  await screenshot(page, 'builds-first-page');
  await page.unroute('**/*.wasm');
  await page.reload();
  await page.waitForSelector('#ring-canvas');
  await page.waitForSelector('#add-name');
  assert(!(await page.$('.first-page')), 'the first page is still there beside the app');
  await context.close();
});

test('builds: a link to another lab keeps the first page hidden, so no reader sees a picture not theirs', async () => {
  const { page, context } = await openPage(browser, 'about:blank');
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(`${base}/?nodes=x:100,y:100`);
  await page.waitForSelector('.first-page', { state: 'attached' });
  assert(await page.$eval('.first-page', (el) => getComputedStyle(el).visibility) === 'hidden', 'the default ring shows on a link to another lab');
  await context.close();
});
