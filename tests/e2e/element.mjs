// End-to-end tests of <ring-lab>, the element other pages hold: a plain page with two of
// them and one script tag draws both from one download of the wasm, each from its own
// attributes; an attribute change redraws; the theme follows the host; a change inside
// sends `ringlab:change`; it works under a strict Content-Security-Policy; axe-core finds
// nothing on the page.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, screenshot, canvasStats, pixelStats, test, assert, ROOT } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const { base } = await serveDist();
const strict = await serveDist({ 'Content-Security-Policy': CSP });
const browser = await launch();

function noProblems(problems) {
  assert(problems.length === 0, `console, CSP or dialog problems: ${problems.join('; ')}`);
}

async function drawn(page, widget) {
  await page.waitForSelector(`${widget} #ring-canvas`, { timeout: 30000 });
  await page.waitForFunction((w) => document.querySelector(w)?.shadowRoot?.querySelector('#legend tbody tr'), widget, { timeout: 30000 });
  await page.waitForTimeout(400);
  return canvasStats(page, `${widget} #ring-canvas`);
}

for (const [label, server] of [['', base], [' under a strict Content-Security-Policy', strict.base]]) {
  test(`element: two <ring-lab> elements and one script tag draw both, with one wasm download${label}`, async () => {
    const { page, context, problems } = await openPage(browser, `${server}/ring-lab-example.html`, { reducedMotion: 'reduce' });
    const wasm = [];
    page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
    // Before the script runs the fallback is what shows; it stays in the element.
    assert((await page.textContent('#widget-ring p')).includes('ketama ring'), 'no fallback content');
    const ring = await drawn(page, '#widget-ring');
    // A blank or one-colour canvas fails: the ring has its arcs, points and keys.
    assert(ring.painted > ring.width * ring.height * 0.1 && ring.colours > 50, `ring: ${JSON.stringify(ring)}`);
    // Its attributes, not the first example: three weighted servers on ketama.
    // (Playwright's CSS selectors go into open shadow roots.)
    const rows = await page.$$eval('#widget-ring #legend tbody tr', (trs) => trs.map((r) => r.getAttribute('data-node')));
    assert(JSON.stringify(rows) === '["a","b","c"]', `legend: ${rows}`);
    // The second starts when it comes near the viewport; both share the one instance.
    await page.evaluate(() => document.querySelector('#widget-change').scrollIntoView());
    const change = await drawn(page, '#widget-change');
    assert(change.painted > 1000, 'the second widget is blank');
    assert(wasm.length === 1, `wasm downloads: ${wasm.length}`);
    // change="add:cache-e:100" in Chinese: the summary of that change.
    const summary = await page.textContent('#widget-change #summary-line');
    assert(/个键迁移/.test(summary) && /1\/5/.test(summary), `summary: ${summary}`);
    // No style leaks: the host page's own text keeps its font size and colour.
    const h1 = await page.$eval('h1', (h) => getComputedStyle(h).fontSize);
    assert(h1 === '25.6px', `the host's h1 is ${h1}`);
    await screenshot(page, `element-00-example${label ? '-csp' : ''}`);
    noProblems(problems);
    await context.close();
  });
}

test('element: an attribute change redraws it; a change inside sends ringlab:change; the theme follows the host', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/ring-lab-example.html`, { reducedMotion: 'reduce', colorScheme: 'dark' });
  const before = await drawn(page, '#widget-ring');
  // The system is dark: so is the widget (its card is dark).
  const card = await page.$eval('#widget-ring', (w) => getComputedStyle(w.shadowRoot.querySelector('.ring-lab-root')).backgroundColor);
  assert(card === 'rgb(18, 20, 24)', `dark background: ${card}`);
  await page.evaluate(() => document.querySelector('#widget-ring').setAttribute('nodes', 'a:600,b:300,c:100,d:100'));
  await page.waitForFunction(() => document.querySelector('#widget-ring').shadowRoot.querySelectorAll('#legend tbody tr').length === 4, null, { timeout: 20000 });
  await page.waitForTimeout(400);
  const after = await canvasStats(page, '#widget-ring #ring-canvas');
  assert(after.checksum !== before.checksum, 'the ring did not change with its attribute');
  // A theme attribute wins over the system's.
  await page.evaluate(() => document.querySelector('#widget-ring').setAttribute('theme', 'light'));
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#widget-ring').shadowRoot.querySelector('.ring-lab-root')).backgroundColor === 'rgb(244, 245, 247)', null, { timeout: 20000 });
  // A widget with controls: add a node inside it, and the host hears of it.
  await page.evaluate(() => {
    const el = document.createElement('ring-lab');
    el.id = 'widget-live';
    el.setAttribute('nodes', 'x:100,y:100');
    el.setAttribute('lang', 'en');
    window.heard = [];
    el.addEventListener('ringlab:change', (e) => window.heard.push(e.detail));
    document.querySelector('main').append(el);
    el.scrollIntoView();
  });
  await drawn(page, '#widget-live');
  await page.fill('#widget-live #add-name', 'z');
  await page.click('#widget-live #add-node');
  await page.waitForFunction(() => window.heard.length > 0, null, { timeout: 20000 });
  const heard = await page.evaluate(() => window.heard[0]);
  assert(heard.what === 'added z' && / of 10,000 keys moved/.test(heard.summary), `event: ${JSON.stringify(heard)}`);
  // Keys typed in the host page are not the widget's.
  const url = page.url();
  await page.keyboard.press('ArrowRight');
  assert(page.url() === url, 'a key on the host page changed something');
  await screenshot(page, 'element-01-dark-and-live');
  noProblems(problems);
  await context.close();
});

test('element: axe-core finds no violations on a page of <ring-lab> elements, in both languages', async () => {
  const { page, context } = await openPage(browser, `${base}/ring-lab-example.html`, { reducedMotion: 'reduce' });
  await drawn(page, '#widget-ring');
  await page.evaluate(() => document.querySelector('#widget-change').scrollIntoView());
  await drawn(page, '#widget-change');
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert(found.length === 0, `axe-core violations: ${found.join(' | ')}`);
  await context.close();
});

// The example book (docs/book, built by scripts/book with the mdbook-ringlab preprocessor)
// served under /book/ beside the app.
const book = await serveDist({}, { '/book/': `${ROOT}/docs/book/book/` });

for (const theme of ['light', 'coal']) {
  test(`element: the mdBook example's three widgets draw, in the book's ${theme} theme`, async () => {
    const { page, context, problems } = await openPage(browser, `${book.base}/book/rings.html`, { reducedMotion: 'reduce' });
    // mdBook keeps the reader's theme in localStorage and puts it on <html> as a class.
    await page.evaluate((t) => localStorage.setItem('mdbook-theme', t), theme);
    await page.reload();
    const widgets = await page.$$eval('ring-lab', (els) => els.map((e) => e.getAttribute('algo')));
    assert(widgets.length === 3, `widgets: ${widgets}`);
    for (const [i, canvas] of [[0, '#ring-canvas'], [1, '#ring-canvas'], [2, '#loads-chart']]) {
      const sel = `ring-lab:nth-of-type(${i + 1})`;
      await page.$$eval('ring-lab', (els, i) => els[i].scrollIntoView(), i);
      await page.waitForFunction(([i, c]) => {
        const root = document.querySelectorAll('ring-lab')[i]?.shadowRoot;
        const el = root?.querySelector(c);
        return el && el.width > 0;
      }, [i, canvas], { timeout: 30000 });
      await page.waitForTimeout(500);
      const stats = await page.$eval(`${sel} ${canvas}`, pixelStats);
      assert(stats.painted > 1000 && stats.colours > 10, `${sel} ${canvas} is blank: ${JSON.stringify(stats)}`);
      const background = await page.$$eval('ring-lab', (els, i) => getComputedStyle(els[i].shadowRoot.querySelector('.ring-lab-root')).backgroundColor, i);
      const dark = theme === 'coal';
      assert((background === 'rgb(18, 20, 24)') === dark, `${sel} background ${background} in the ${theme} theme`);
    }
    // The fallback's link opens the full lab with the same parameters.
    const href = await page.$eval('ring-lab a', (a) => a.getAttribute('href'));
    assert(href.startsWith('/?') && href.includes('algo=ketama'), `fallback link: ${href}`);
    await screenshot(page, `element-02-book-${theme}`);
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

// The book's page template (docs/book/theme/index.hbs): its sidebar toggle is a button a
// keyboard reaches, and the page passes axe with its widgets drawn, on a phone (sidebar
// closed) and a laptop (sidebar open).
for (const [device, viewport, openAtFirst] of [['phone', { width: 412, height: 823 }, false], ['laptop', { width: 1280, height: 800 }, true]]) {
  test(`element: the book's page on a ${device}: axe finds nothing, and Enter on the sidebar button toggles the contents`, async () => {
    const { page, context, problems } = await openPage(browser, `${book.base}/book/rings.html`, { reducedMotion: 'reduce', viewport });
    await drawn(page, 'ring-lab');
    const sidebar = () => page.evaluate(() => [
      document.documentElement.classList.contains('sidebar-visible'),
      document.getElementById('mdbook-sidebar-toggle').getAttribute('aria-expanded'),
    ]);
    const [open, expanded] = await sidebar();
    assert(open === openAtFirst && expanded === String(openAtFirst), `sidebar at first: ${open}, aria-expanded ${expanded}`);
    await page.addScriptTag({ content: AXE });
    const found = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert(found.length === 0, `axe-core violations: ${found.join(' | ')}`);
    await page.focus('#mdbook-sidebar-toggle');
    await page.keyboard.press('Enter');
    await page.waitForFunction((was) => document.documentElement.classList.contains('sidebar-visible') !== was, openAtFirst);
    const [now, nowExpanded] = await sidebar();
    assert(now === !openAtFirst && nowExpanded === String(!openAtFirst), `after Enter: ${now}, aria-expanded ${nowExpanded}`);
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

test('element: the Embed dialog writes the element and the iframe for what the lab shows, and previews it', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => /cache-e/.test(document.querySelector('#summary-what')?.textContent ?? ''));
  await page.click('#embed-open');
  const element = await page.inputValue('#embed-element');
  assert(element.startsWith(`<script type="module" src="${base}/ring-lab.js"></script>`), element);
  assert(element.includes('change="add:cache-e:100"') && element.includes('show="ring"'), element);
  const iframe = await page.inputValue('#embed-iframe');
  assert(iframe.includes('embed=ring') && iframe.includes("'ringlab:height'"), iframe);
  // The preview is the embedded page itself: its ring draws.
  const frame = page.frameLocator('#embed-preview');
  await frame.locator('#ring-canvas').waitFor({ timeout: 30000 });
  await page.waitForTimeout(800);
  const { painted } = await frame.locator('#ring-canvas').evaluate(pixelStats);
  assert(painted > 10000, `the preview's ring is blank (${painted})`);
  // The charts, without the change: the snippet follows the options.
  await page.check('input[name="embed-show"][value="chart"]');
  await page.uncheck('#embed-change');
  const charts = await page.inputValue('#embed-element');
  assert(charts.includes('show="chart"') && !charts.includes('change=') && charts.includes('cache-e:100'), charts);
  await screenshot(page, 'element-03-embed-dialog');
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document.querySelector('#embed-pop'), { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert(found.length === 0, `axe-core violations in the dialog: ${found.join(' | ')}`);
  await page.keyboard.press('Escape');
  assert(await page.isHidden('#embed-pop'), 'Escape does not close the dialog');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('element: off-screen, an element holds its animation and draws nothing; back in view, it goes on', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/ring-lab-example.html`, { reducedMotion: 'no-preference' });
  await drawn(page, '#widget-ring');
  // The element with `change=` starts a quarter of a screen ahead of the viewport, so its
  // animation begins off-screen: it is held there.
  await page.evaluate(() => {
    const el = document.getElementById('widget-change');
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 1.15 * innerHeight);
  });
  await page.waitForFunction(() => document.getElementById('widget-change')?.shadowRoot?.querySelector('.ring-lab-root[data-offscreen] #ring-canvas'), null, { timeout: 30000 });
  await page.waitForTimeout(300);
  const held = await canvasStats(page, '#widget-change #ring-canvas');
  // Longer than the whole animation (1.1 s): had it run, it would be over.
  await page.waitForTimeout(1600);
  const later = await canvasStats(page, '#widget-change #ring-canvas');
  assert(held.checksum === later.checksum, 'the animation went on off-screen');
  await page.evaluate(() => document.getElementById('widget-change').scrollIntoView());
  await page.waitForFunction(() => !document.getElementById('widget-change').shadowRoot.querySelector('.ring-lab-root[data-offscreen]'), null, { timeout: 5000 });
  const back = await canvasStats(page, '#widget-change #ring-canvas');
  await page.waitForTimeout(1600);
  const end = await canvasStats(page, '#widget-change #ring-canvas');
  assert(back.checksum !== end.checksum, 'back in view, the animation was already over: it had not been held');
  assert(end.painted > 1000, 'the element is blank after its animation');
  noProblems(problems);
  await context.close();
});
