// End-to-end tests of the app's two builds: the page's first load (the lab and the tour)
// and the whole lab (every view), which the page loads when another view is opened
// (static/boot.js, static/ring-lab.js, `share::open_whole_lab`).
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

// The wasm files a page fetches, by build (the page's own, not its frames': the Embed
// dialog's preview is a page of its own). Watch before the page opens its address: the
// first load's wasm can be asked for before `goto` returns.
function wasmRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.endsWith('.wasm') && r.frame() === page.mainFrame()) seen.push(url.includes('/whole/') ? 'whole' : 'first');
  });
  return seen;
}

test('builds: the page starts with the first load; Compare, opened after a change, loads the whole lab, which shows it on the same lab with the tab focused', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  const wasm = wasmRequests(page);
  await page.goto(`${base}/`);
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  assert(await page.evaluate(() => document.documentElement.dataset.ringlabBuild) === 'first', 'the page did not start with the first load');
  await page.fill('#add-name', 'cache-z');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  const summary = (await page.textContent('#summary-line')).trim();
  assert(wasm.join() === 'first', `before Compare: ${wasm}`);
  await page.focus('#tab-compare');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.teach-compare canvas', { timeout: 30000 });
  await page.waitForTimeout(400);
  assert(wasm.join() === 'first,whole', `after Compare: ${wasm}`);
  assert(await page.evaluate(() => document.documentElement.dataset.ringlabBuild) === 'whole', 'Compare is not the whole lab');
  const chart = await canvasStats(page, '.teach-compare canvas');
  assert(chart.painted > 1000, `Compare's first chart is nearly blank (${chart.painted})`);
  // The lab Compare works on is the one just changed: its nodes and its change.
  const url = new URL(page.url());
  assert(url.searchParams.get('view') === 'compare' && url.searchParams.get('change') === 'add:cache-z:100', `address: ${page.url()}`);
  assert(await page.evaluate(() => document.activeElement?.id) === 'tab-compare', 'the focus left the tab');
  await screenshot(page, 'builds-compare-after-switch');
  // Back in Explore, the whole lab shows the same summary.
  await page.click('#tab-explore');
  await page.waitForSelector('#summary-line');
  assert((await page.textContent('#summary-line')).trim() === summary, 'the summary changed across the builds');
  assert(wasm.length === 2, `more downloads: ${wasm}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: a link to the Traffic view starts the whole lab alone', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank');
  const wasm = wasmRequests(page);
  await page.goto(`${base}/?view=Traffic`);
  await page.waitForSelector('.teach-traffic canvas', { timeout: 30000 });
  assert(wasm.join() === 'whole', `downloads: ${wasm}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: when the whole lab cannot be loaded, the view says so and the lab goes on', async () => {
  const { page, context } = await openPage(browser, `${base}/`, { reducedMotion: 'reduce' });
  await page.route('**/whole/*', (route) => route.abort());
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.click('#tab-chord');
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#panel-chord')?.textContent ?? ''), null, { timeout: 30000 });
  await page.click('#tab-explore');
  await page.fill('#add-name', 'cache-y');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  assert(await page.evaluate(() => document.documentElement.dataset.ringlabBuild) === 'first', 'the build changed');
  // Once the connection is back, opening a view tries again.
  await page.unroute('**/whole/*');
  await page.click('#tab-chord');
  await page.waitForSelector('.teach-chord canvas', { timeout: 30000 });
  await context.close();
});

test('builds: a <ring-lab> showing Compare runs the whole lab, beside one on the first load; an attribute switching to Chord switches its build', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/ring-lab-example.html`, { reducedMotion: 'reduce' });
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
  await page.waitForSelector('#widget-compare .teach-compare canvas', { timeout: 30000 });
  await page.waitForSelector('#widget-later #ring-canvas', { timeout: 30000 });
  const builds = await page.$$eval('ring-lab', (els) => Object.fromEntries(els.map((e) => [e.id, e.dataset.ringlabBuild])));
  const wanted = { 'widget-compare': 'whole', 'widget-later': 'first', 'widget-ring': 'first' };
  for (const [id, build] of Object.entries(wanted)) assert(builds[id] === build, `${id}: ${builds[id]}`);
  await page.$eval('#widget-later', (el) => el.setAttribute('view', 'chord'));
  await page.waitForSelector('#widget-later .teach-chord canvas', { timeout: 30000 });
  assert(await page.$eval('#widget-later', (el) => el.dataset.ringlabBuild) === 'whole', 'the element did not switch');
  const chord = await canvasStats(page, '#widget-later .teach-chord canvas');
  assert(chord.painted > 1000, `Chord is nearly blank (${chord.painted})`);
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
  // Let the change settle into its own history entry, then leave for the whole lab.
  await page.waitForFunction(() => location.search.includes('change='));
  await page.click('#tab-replication');
  await page.waitForSelector('.teach-replication canvas', { timeout: 30000 });
  await page.goBack();
  await page.waitForFunction(() => !location.search.includes('view='));
  await page.waitForSelector('#summary-line');
  await page.waitForFunction((s) => document.querySelector('#summary-line')?.textContent.trim() === s, summary, { timeout: 10000 })
    .catch(async () => assert(false, `after Back: ${(await page.textContent('#summary-line')).trim()} (was: ${summary})`));
  assert(new URL(page.url()).searchParams.get('change') === 'add:cache-z:100', `address after Back: ${page.url()}`);
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('builds: Embed in the first load opens the whole lab with the Embed dialog open, on the same lab', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { reducedMotion: 'reduce' });
  const wasm = wasmRequests(page);
  await page.goto(`${base}/?lang=en`);
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  assert(!(await page.$('#embed-element')), 'the first load has the dialog');
  await page.click('#embed-open');
  await page.waitForSelector('#embed-pop:not([hidden]) #embed-element', { timeout: 30000 });
  assert(await page.evaluate(() => document.documentElement.dataset.ringlabBuild) === 'whole', 'not the whole lab');
  assert(wasm.join() === 'first,whole', `downloads: ${wasm}`);
  const element = await page.inputValue('#embed-element');
  assert(element.includes('change="add:cache-e:100"'), `the snippet is not of the lab just changed: ${element}`);
  // The fragment that asked for the dialog is gone: a reload or a copied address opens the lab.
  assert(new URL(page.url()).hash === '', `address: ${page.url()}`);
  assert(await page.evaluate(() => document.getElementById('embed-open').getAttribute('aria-expanded')) === 'true', 'the button does not say the dialog is open');
  await page.click('#embed-close');
  await page.waitForSelector('#embed-pop[hidden]', { state: 'attached' });
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});
