// The Ringlab Book (docs/book, built by scripts/book) served under /book/ beside the release
// build, read as a reader on a phone would: every internal link resolves (to a page, and to
// its anchor when it names one); every page fits the phone's width; axe-core finds nothing
// serious or critical on it; each of its widgets starts and draws (pixels other than its
// background), without a note of ignored parameters; and an Explore widget takes a change
// made through its attributes.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, test, assert, ROOT } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
const BOOK = join(ROOT, 'docs/book/book');

// The book's chapters: its HTML files but mdBook's own (the print page, 404, the contents).
async function pages(dir = BOOK) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !['css', 'fonts', 'FontAwesome'].includes(entry.name)) out.push(...(await pages(path)));
    else if (entry.name.endsWith('.html') && !['print.html', '404.html', 'toc.html'].includes(entry.name)) out.push(relative(BOOK, path));
  }
  return out.sort();
}

const chapters = await pages();
const html = new Map(await Promise.all(chapters.map(async (c) => [c, await readFile(join(BOOK, c), 'utf8')])));

test(`book: every internal link of its ${chapters.length} pages resolves, to an anchor where it names one`, async () => {
  assert(chapters.length >= 20, `only ${chapters.length} pages in ${BOOK}`);
  const broken = [];
  for (const [page, text] of html) {
    for (const [, href] of text.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
      // Outside the book: other sites, the lab at the site's root (a widget's fallback link).
      if (/^[a-z]+:/i.test(href) || (href.startsWith('/') && !href.startsWith('/book/'))) continue;
      const url = new URL(href.replaceAll('&amp;', '&'), `http://book.invalid/book/${page}`);
      const target = decodeURIComponent(url.pathname.replace(/^\/book\//, '')) || 'index.html';
      const file = target.endsWith('/') ? `${target}index.html` : target;
      if (!html.has(file) && !['index.html', 'print.html', 'toc.html'].includes(file)) {
        broken.push(`${page}: ${href}`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && html.has(file) && !html.get(file).includes(`id="${anchor}"`)) broken.push(`${page}: ${href} (no such anchor)`);
    }
  }
  assert(broken.length === 0, `broken links: ${broken.join(' | ')}`);
});

const browser = await launch();
const book = await serveDist({}, { '/book/': `${BOOK}/` });
const PHONE = { width: 412, height: 860 };

// What a widget's canvases hold: the pixels unlike the corner's (the background it is
// filled with first), so that a drawing of nothing but its background counts 0.
function drawnPixels(root) {
  let drawn = 0;
  for (const canvas of root.querySelectorAll('canvas')) {
    if (!canvas.width || !canvas.height) continue;
    const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < d.length; i += 16) {
      if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) + Math.abs(d[i + 3] - d[3]) > 24) drawn += 1;
    }
  }
  return drawn;
}

async function widgetState(page, i) {
  return page.evaluate(([i, fn]) => {
    const element = document.querySelectorAll('ring-lab')[i];
    const root = element?.shadowRoot?.querySelector('.ring-lab-root');
    if (!root) return null;
    // eslint-disable-next-line no-new-func
    const count = new Function(`return (${fn})`)();
    return {
      drawn: count(root),
      notes: [...root.querySelectorAll('.notice-note')].map((n) => n.textContent.trim()),
      what: root.querySelector('#summary-what')?.textContent ?? '',
    };
  }, [i, drawnPixels.toString()]);
}

async function waitDrawn(page, i, label) {
  const deadline = Date.now() + 30000;
  let state = null;
  for (;;) {
    state = await widgetState(page, i);
    if (state && state.drawn > 500) return state;
    if (Date.now() > deadline) throw new Error(`${label}: widget ${i + 1} did not draw: ${JSON.stringify(state)}`);
    await page.waitForTimeout(250);
  }
}

for (const chapter of chapters) {
  const widgets = (html.get(chapter).match(/<ring-lab\b/g) ?? []).length;
  test(`book: ${chapter} on a phone: fits, axe finds nothing serious${widgets ? `, its ${widgets} widget${widgets > 1 ? 's draw' : ' draws'}` : ''}`, async () => {
    const { page, context, problems } = await openPage(browser, `${book.base}/book/${chapter}`, { reducedMotion: 'reduce', viewport: PHONE });
    await page.waitForLoadState('load');
    for (let i = 0; i < widgets; i += 1) {
      await page.evaluate((i) => document.querySelectorAll('ring-lab')[i].scrollIntoView(), i);
      const state = await waitDrawn(page, i, chapter);
      assert(state.notes.length === 0, `${chapter}, widget ${i + 1}: ${state.notes.join(' / ')}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 1, `${chapter} is ${overflow} px wider than the phone`);
    await page.addScriptTag({ content: AXE });
    const found = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations
        .filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert(found.length === 0, `${chapter}: axe-core: ${found.join(' | ')}`);
    assert(problems.length === 0, `${chapter}: ${problems.join('; ')}`);
    await context.close();
  });
}

// mdBook's five themes, on a page with code, links and a widget: the template's fixes of their
// contrast hold in each (docs/book/theme/index.hbs).
test('book: in each of mdBook\'s themes, axe-core finds no contrast problem on the mdBook guide', async () => {
  const found = [];
  for (const theme of ['light', 'rust', 'coal', 'navy', 'ayu']) {
    const { page, context, problems } = await openPage(browser, `${book.base}/book/guide/mdbook.html`, { reducedMotion: 'reduce', viewport: PHONE });
    await page.evaluate((t) => localStorage.setItem('mdbook-theme', t), theme);
    await page.reload();
    await page.waitForLoadState('load');
    await page.addScriptTag({ content: AXE });
    const v = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { runOnly: ['color-contrast'] });
      return r.violations.flatMap((x) => x.nodes.map((n) => n.target.join(' ')));
    });
    found.push(...v.map((t) => `${theme}: ${t}`), ...problems.map((p) => `${theme}: ${p}`));
    await context.close();
  }
  assert(found.length === 0, found.join(' | '));
});

test('book: an Explore widget takes a change made through its attributes', async () => {
  const { page, context, problems } = await openPage(browser, `${book.base}/book/introduction.html`, { reducedMotion: 'reduce', viewport: PHONE });
  await waitDrawn(page, 0, 'introduction');
  await page.evaluate(() => document.querySelector('ring-lab').setAttribute('change', 'remove:cache-b'));
  await page.waitForFunction(() => /cache-b/.test(document.querySelector('ring-lab').shadowRoot?.querySelector('#summary-what')?.textContent ?? ''), null, { timeout: 30000 });
  const state = await waitDrawn(page, 0, 'introduction, after the change');
  assert(/removed/.test(state.what) && state.notes.length === 0, JSON.stringify(state));
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});
