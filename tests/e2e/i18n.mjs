// End-to-end tests of the two languages: a Chinese page from `?lang=zh` or from the
// browser's language, the moved-keys line in Chinese, switching language without losing the
// state, a Chinese link that opens in Chinese, the tour and the teaching views in Chinese,
// refusals in Chinese, and Chinese glyphs (not empty boxes) on the canvases.
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

// The canvases' font (src/draw/mod.rs, FONT).
const FONT = "'DejaVu Sans', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif";
const CJK = /[\u4e00-\u9fff]/;

async function ready(page) {
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(400);
}

async function text(page, selector) {
  return (await page.textContent(selector)).trim();
}

async function nodeCount(page) {
  return page.$$eval('#legend tbody tr', (rows) => rows.length);
}

function noProblems(problems) {
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
}

// Whether the page draws Chinese with real glyphs: two different characters drawn in the
// canvases' font must both leave ink and differ. A missing font draws both as the same
// empty box (or nothing), which fails.
async function drawsChinese(page) {
  return page.evaluate((font) => {
    const ink = (ch) => {
      const c = document.createElement('canvas');
      c.width = 48;
      c.height = 48;
      const ctx = c.getContext('2d');
      ctx.font = `32px ${font}`;
      ctx.fillStyle = '#000';
      ctx.textBaseline = 'top';
      ctx.fillText(ch, 4, 4);
      return Array.from(ctx.getImageData(0, 0, 48, 48).data.filter((_, i) => i % 4 === 3));
    };
    const a = ink('键');
    const b = ink('环');
    const painted = (px) => px.filter((v) => v > 0).length;
    const differ = a.some((v, i) => v !== b[i]);
    return { a: painted(a), b: painted(b), differ };
  }, FONT);
}

test('i18n: ?lang=zh shows the controls in Chinese, and the moved-keys line after a join', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=zh', { reducedMotion: 'reduce' });
  await ready(page);
  assert((await page.evaluate(() => document.documentElement.lang)) === 'zh-CN', 'html lang is not zh-CN');
  assert((await page.title()).includes('一致性哈希'), `title: ${await page.title()}`);
  assert((await text(page, '#add-title')) === '添加节点', `add title: ${await text(page, '#add-title')}`);
  assert((await text(page, 'label[for="add-name"]')) === '名称', 'name label');
  assert((await text(page, '#algo-title')) === '算法', 'algorithm title');
  assert((await text(page, '#tab-explore')) === '探索', 'explore tab');
  assert((await text(page, '#summary-line')).includes('添加、移除一个节点'), 'empty summary');
  assert((await page.inputValue('#lang')) === 'zh', 'the language menu does not say zh');
  assert((await text(page, 'label[for="lang"]')) === '语言', 'the language menu has no Chinese name');
  const algoLabel = await page.$eval('#algorithm', (s) => s.options[s.selectedIndex].textContent);
  assert(algoLabel === '带虚拟节点的哈希环', `algorithm menu: ${algoLabel}`);
  // The picture's caption and its accessible name, in Chinese.
  assert(CJK.test(await text(page, '#picture-caption')), 'picture caption');
  assert(CJK.test(await page.getAttribute('#ring-canvas', 'aria-label')), 'ring canvas label');
  await screenshot(page, 'i18n-01-explore-zh');

  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => /个键迁移/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  const line = await text(page, '#summary-line');
  const m = line.match(/^([\d,]+) \/ ([\d,]+) 个键迁移（([\d.]+)%）；理想值 1\/(\d+) = ([\d.]+)%$/);
  assert(m, `the moved-keys line does not read "N / M 个键迁移（x%）；理想值 1/k = y%": ${line}`);
  const moved = Number(m[1].replace(/,/g, ''));
  const total = Number(m[2].replace(/,/g, ''));
  assert(total === 10000 && moved > 0 && moved < total, `moved ${moved} of ${total}`);
  assert(m[4] === '5' && m[5] === '20.0', `ideal: ${line}`);
  assert((await text(page, '#summary-what')) === '添加了 cache-e', `what: ${await text(page, '#summary-what')}`);
  assert((await text(page, '#nodes-title')).includes('5 个在线'), `nodes title: ${await text(page, '#nodes-title')}`);
  const flows = await text(page, '#flows');
  assert(/cache-e/.test(flows) && /个键/.test(flows), `flows: ${flows}`);
  const ring = await canvasStats(page, '#ring-canvas');
  assert(ring.painted > ring.width * ring.height * 0.05, 'ring canvas is nearly blank');
  await screenshot(page, 'i18n-02-after-add-zh');
  noProblems(problems);
  await context.close();
});

test('i18n: switching to English and back keeps the state; a Chinese link opens in Chinese', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=zh', { reducedMotion: 'reduce' });
  await ready(page);
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 5);
  await page.selectOption('#algorithm', 'ketama');
  await page.waitForFunction(() => /个键迁移/.test(document.querySelector('#summary-line')?.textContent ?? ''));
  const zhLine = await text(page, '#summary-line');
  const numbers = (s) => (s.match(/[\d,.]+/g) ?? []).join(' ');

  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.querySelector('#add-title')?.textContent.trim() === 'Add a node');
  assert((await page.evaluate(() => document.documentElement.lang)) === 'en', 'html lang is not en');
  assert((await nodeCount(page)) === 5, 'switching to English lost a node');
  assert((await page.inputValue('#algorithm')) === 'ketama', 'switching to English lost the algorithm');
  const enLine = await text(page, '#summary-line');
  assert(/ of 10,000 keys moved \(/.test(enLine), `English line: ${enLine}`);
  // The same change, the same numbers: only the words differ.
  assert(numbers(enLine) === numbers(zhLine), `numbers differ: ${enLine} | ${zhLine}`);
  assert((await text(page, '#summary-what')) === 'algorithm changed to ketama', await text(page, '#summary-what'));
  assert(!CJK.test(await text(page, '.controls')), 'Chinese left in the English controls');
  await screenshot(page, 'i18n-03-switched-to-en');

  await page.selectOption('#lang', 'zh');
  await page.waitForFunction(() => document.querySelector('#add-title')?.textContent.trim() === '添加节点');
  assert((await nodeCount(page)) === 5 && (await page.inputValue('#algorithm')) === 'ketama', 'switching back lost the state');
  assert((await text(page, '#summary-line')) === zhLine, 'the Chinese line changed on the way back');

  await page.click('#copy-link');
  const link = await page.inputValue('#share-link');
  // The last change was the algorithm: the link is the state before it and the change.
  assert(link.includes('lang=zh') && link.includes('change=algo:ketama') && link.includes('cache-e'), `link: ${link}`);
  assert(CJK.test(await text(page, 'label[for="share-link"]')), 'the link box is not labelled in Chinese');
  await page.waitForTimeout(700);
  assert((await page.evaluate(() => location.search)).includes('lang=zh'), 'the address does not carry lang=zh');
  noProblems(problems);
  await context.close();

  // The link opens in Chinese, with the same nodes and algorithm, whatever the browser says.
  const fresh = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
  const other = await fresh.newPage();
  await other.goto(link);
  await ready(other);
  assert((await other.evaluate(() => document.documentElement.lang)) === 'zh-CN', 'the shared link did not open in Chinese');
  assert((await text(other, '#add-title')) === '添加节点', 'the shared link shows English controls');
  assert((await nodeCount(other)) === 5 && (await other.inputValue('#algorithm')) === 'ketama', 'the shared link lost the state');
  await screenshot(other, 'i18n-04-shared-link-zh');
  await fresh.close();
});

test('i18n: the browser language decides when the link does not', async () => {
  for (const [locale, title, htmlLang] of [['zh-CN', '添加节点', 'zh-CN'], ['zh-TW', '添加节点', 'zh-CN'], ['en-GB', 'Add a node', 'en'], ['fr-FR', 'Add a node', 'en']]) {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(base + '/');
    await ready(page);
    assert((await text(page, '#add-title')) === title, `${locale}: ${await text(page, '#add-title')}`);
    assert((await page.evaluate(() => document.documentElement.lang)) === htmlLang, `${locale}: html lang`);
    // Following the browser is no choice: the address stays free of lang=.
    assert(!(await page.evaluate(() => location.search)).includes('lang='), `${locale}: lang= in the address`);
    await context.close();
  }
  // A link's language wins over the browser's.
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(base + '/?lang=en');
  await ready(page);
  assert((await text(page, '#add-title')) === 'Add a node', 'lang=en did not win over a Chinese browser');
  await context.close();
});

test('i18n: refusals and notes are worded in Chinese, the core\'s from their fields', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=zh&algo=nope', { reducedMotion: 'reduce' });
  await ready(page);
  const notice = await text(page, '#notice');
  assert(notice.includes('链接中有部分内容无法使用') && notice.includes('“nope” 不是算法'), `notice: ${notice}`);
  await page.fill('#add-name', 'x');
  await page.fill('#add-weight', 'abc');
  await page.click('#add-node');
  const weight = await text(page, '#add-weight-error');
  assert(weight === '权重“abc”不是整数：权重须为 1 到 1,000,000 之间的整数', `weight message: ${weight}`);
  await page.fill('#add-name', 'cache-a');
  await page.fill('#add-weight', '100');
  await page.click('#add-node');
  const dup = await text(page, '#add-name-error');
  assert(dup === '有两个节点都叫“cache-a”：节点名不能重复', `duplicate message: ${dup}`);
  // Jump hash lets only its last bucket leave: the core's refusal, in Chinese.
  await page.selectOption('#algorithm', 'jump');
  await page.click('[data-testid="node-remove"][data-node="cache-a"]');
  const jump = await text(page, '#node-0-error');
  assert(jump.includes('只有最后一个（3 号桶）可以离开'), `jump message: ${jump}`);
  await screenshot(page, 'i18n-05-refusals-zh');
  noProblems(problems);
  await context.close();
});

test('i18n: every control has an accessible name in Chinese', async () => {
  for (const view of ['explore', 'tour', 'compare', 'traffic', 'chord', 'replication', 'paper', 'which']) {
    const { page, context } = await openPage(browser, `${base}/?lang=zh&view=${view}`, { reducedMotion: 'reduce' });
    await page.waitForSelector(`#panel-${view}:not([hidden]) *`, { timeout: 30000 });
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
    assert(unnamed.length === 0, `${view}: controls without an accessible name: ${unnamed.join(' | ')}`);
    // No English sentence is left among the labels and buttons.
    const english = await page.evaluate(() => [...document.querySelectorAll('label, button, h2, h3, legend, caption, th')]
      .map((el) => el.textContent.trim())
      .filter((t) => /\b(the|of|and|to|is|are|per|with)\b/i.test(t) && !/[\u4e00-\u9fff]/.test(t)));
    assert(english.length === 0, `${view}: English left: ${english.join(' | ')}`);
    await context.close();
  }
});

test('i18n: the tour in Chinese, step by step, with Chinese glyphs on its canvases', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=zh&view=tour', { reducedMotion: 'reduce' });
  await page.waitForSelector('#tour-title', { timeout: 30000 });
  await page.waitForTimeout(400);
  assert((await text(page, '#tour-title')) === '1. 先哈希，再取模', `title: ${await text(page, '#tour-title')}`);
  assert((await text(page, '#tour-caption')).startsWith('zouyq 在博客《一致性哈希的个人理解'), 'caption 1');
  assert((await text(page, '#tour-progress')) === '第 1 步，共 25 步', await text(page, '#tour-progress'));
  const facts1 = await text(page, '#tour-facts');
  assert(/ mod 4 = /.test(facts1) && /节点/.test(facts1) && /最忙的节点/.test(facts1), `facts 1: ${facts1}`);
  await screenshot(page, 'i18n-06-tour-step-1-zh');
  await page.click('#tour-next');
  await page.waitForFunction(() => document.querySelector('#tour-title')?.textContent.startsWith('2.'));
  const facts2 = await text(page, '#tour-facts');
  assert(/个键迁移（/.test(facts2) && /添加了 cache-e/.test(facts2) && /键的迁移：/.test(facts2), `facts 2: ${facts2}`);
  assert((await text(page, '#tour-caption')).includes('缓存中的数据几乎全部失效'), 'caption 2');
  await page.waitForTimeout(300);
  await screenshot(page, 'i18n-07-tour-step-2-zh');
  // Every step has a Chinese title and caption, and no English sentence.
  for (let step = 3; step <= 17; step++) {
    await page.selectOption('#tour-step', String(step));
    await page.waitForFunction((s) => document.querySelector('#tour-title')?.textContent.startsWith(`${s}.`), step);
    const caption = await text(page, '#tour-caption');
    assert(CJK.test(caption) && /zouyq|《|潘子浩/.test(caption), `step ${step}: ${caption}`);
    const facts = await text(page, '#tour-facts');
    assert(CJK.test(facts), `step ${step} facts: ${facts}`);
    if (step === 12) {
      const label = await page.getAttribute('#tour-canvas-0', 'aria-label');
      assert(/Chord 环/.test(label) && /跳到达/.test(label), `step 12 label: ${label}`);
      const chord = await canvasStats(page, '#tour-canvas-0');
      assert(chord.painted > 1000, 'the Chord canvas is blank');
      await page.waitForTimeout(300);
      await screenshot(page, 'i18n-08-tour-step-12-chord-zh');
    }
    if (step === 13) {
      assert(/副本/.test(facts) && /宕机/.test(facts), `step 13 facts: ${facts}`);
      await screenshot(page, 'i18n-09-tour-step-13-replication-zh');
    }
  }
  const glyphs = await drawsChinese(page);
  assert(glyphs.a > 20 && glyphs.b > 20 && glyphs.differ, `Chinese draws as empty boxes or nothing: ${JSON.stringify(glyphs)}`);
  noProblems(problems);
  await context.close();
});

test('i18n: compare, Chord, replication, the paper and an embedded widget in Chinese', async () => {
  const { page, context, problems } = await openPage(browser, base + '/?lang=zh&view=compare', { reducedMotion: 'reduce' });
  await page.waitForSelector('#compare-table tbody tr', { timeout: 30000 });
  await page.waitForTimeout(400);
  assert((await text(page, '#compare-title')) === '算法对比', 'compare title');
  assert((await text(page, '#compare-table caption')) === '汇总：添加 cache-e', await text(page, '#compare-table caption'));
  await screenshot(page, 'i18n-10-compare-zh');
  await page.click('#tab-chord');
  await page.waitForSelector('#chord-hops', { timeout: 30000 });
  assert(/ 跳；log2 4 = 2.00$/.test(await text(page, '#chord-hops')), await text(page, '#chord-hops'));
  const chord = await canvasStats(page, '#chord-canvas');
  assert(chord.painted > 1000, 'Chord canvas is blank');
  await page.waitForTimeout(300);
  await screenshot(page, 'i18n-11-chord-zh');
  await page.click('#tab-replication');
  await page.waitForSelector('#replication-summary', { timeout: 30000 });
  await page.selectOption('#replication-down', { index: 2 });
  await page.waitForFunction(() => /宕机：/.test(document.querySelector('#replication-summary')?.textContent ?? ''));
  await screenshot(page, 'i18n-12-replication-zh');
  await page.click('#tab-paper');
  await page.waitForFunction(() => /全部 40 个单元格已算完/.test(document.querySelector('#paper-progress')?.textContent ?? ''), null, { timeout: 60000 });
  await page.waitForTimeout(300);
  const chart = await canvasStats(page, '#paper-chart');
  assert(chart.painted > 1000, 'the paper chart is blank');
  await screenshot(page, 'i18n-13-paper-zh');
  noProblems(problems);
  await context.close();

  const widget = await openPage(browser, base + '/?embed=chart&lang=zh&algo=jump&nodes=a:100,b:100,c:100', { reducedMotion: 'reduce' });
  await widget.page.waitForSelector('#loads-chart', { timeout: 30000 });
  await widget.page.waitForTimeout(400);
  assert((await text(widget.page, '#open-full')).startsWith('在 Ringlab 中打开'), 'embed bar');
  assert((await text(widget.page, '#loads-caption')).includes('各节点的键数'), 'embedded chart caption');
  const href = await widget.page.getAttribute('#open-full', 'href');
  assert(href.includes('lang=zh'), `the full lab link drops the language: ${href}`);
  await screenshot(widget.page, 'i18n-14-embed-chart-zh');
  noProblems(widget.problems);
  await widget.context.close();
});

test('i18n: the embedding example follows the browser, and its toggle switches the widgets', async () => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1100, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto(base + '/embed-example.html');
  for (const id of ['#widget-ketama', '#widget-jump']) {
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.height) > 150, id, { timeout: 30000 });
  }
  assert((await text(page, 'h1')) === '在网页中嵌入 Ringlab', `h1: ${await text(page, 'h1')}`);
  assert((await text(page, '#size-jump')).startsWith('小部件报告的高度为'), await text(page, '#size-jump'));
  const ring = page.frames().find((f) => f.url().includes('embed=ring'));
  assert((await ring.evaluate(() => document.documentElement.lang)) === 'zh-CN', 'the ring widget does not follow the browser');
  await page.waitForTimeout(500);
  await screenshot(page, 'i18n-15-embed-example-zh');
  await page.click('#lang-toggle');
  assert((await text(page, 'h1')) === 'Embedding Ringlab', 'the toggle did not switch the page');
  await page.waitForFunction(() => [...document.querySelectorAll('iframe[data-ringlab]')].every((f) => f.src.includes('lang=en') && Number(f.dataset.height) > 150), null, { timeout: 30000 });
  const chart = page.frames().find((f) => f.url().includes('embed=chart'));
  await chart.waitForSelector('#loads-caption');
  assert((await text(chart, '#loads-caption')).startsWith('Keys per node'), 'the chart widget did not switch to English');
  noProblems(problems);
  await context.close();
});
