// End-to-end tests of bad and hostile input against the release build: every refused value
// gets a visible message next to its control naming the problem and the allowed range, the
// state does not change, what was typed elsewhere stays, markup and scripts in names and
// keys are shown as text and never run, bidirectional controls stay inside their name, long
// names are cut with an ellipsis (whole in the tooltip), damaged links are reported and
// ignored, no dialog opens and no error reaches the console; the app still works after all
// of it. Screenshots of the error states go to tests/e2e/out/hostile-*.png.
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

// A payload that would set a flag (and open a dialog) if it ever ran as markup or script.
const HTML_NAME = '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script>';
const BIDI_NAME = 'abc\u202Eevil\u2066x';
const LONG_NAME = 'n'.repeat(10000);
const LONG_OK = 'w'.repeat(250);

// A number as the page writes it: with or without thousands separators.
function num(n) {
  const digits = String(n);
  const grouped = Number(n).toLocaleString('en-US');
  return new RegExp(`(${digits}|${grouped.replace(/,/g, '[,\u00a0 ]?')})`);
}

async function ready(page) {
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(300);
}

async function rows(page) {
  return page.$$eval('#legend tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-node')));
}

async function addNode(page, name, weight = '100', vnodes = '') {
  await page.fill('#add-name', name);
  await page.fill('#add-weight', weight);
  await page.fill('#add-vnodes', vnodes);
  await page.click('#add-node');
}

// The message of the element `selector`: it must be shown (not empty, with a size on the
// page) and match every pattern.
async function message(page, selector, patterns, what) {
  await page.waitForSelector(selector, { timeout: 5000 }).catch(() => {
    throw new Error(`${what}: no message ${selector}`);
  });
  const { text, visible } = await page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { text: el.textContent.trim(), visible: r.width > 0 && r.height > 0 };
  });
  assert(visible, `${what}: the message ${selector} is not visible`);
  for (const p of patterns) assert(p.test(text), `${what}: "${text}" does not match ${p}`);
  return text;
}

// Types into a box that applies on change (Enter).
async function commit(page, selector, value) {
  await page.fill(selector, value);
  await page.press(selector, 'Enter');
  await page.waitForTimeout(150);
}

function noProblems(problems, page) {
  assert(problems.length === 0, `console, page error or dialog: ${problems.join('; ')}`);
  return page.evaluate(() => window.__pwned).then((v) => assert(v === undefined, `a payload ran (${v})`));
}

test('hostile: names with markup, bidi controls and 10,000 characters', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  const before = await rows(page);

  await addNode(page, HTML_NAME);
  await page.waitForFunction((n) => document.querySelectorAll('#legend tbody tr').length === n, before.length + 1);
  assert((await rows(page)).includes(HTML_NAME), 'the markup name is not in the legend as typed');
  const legendText = await page.textContent('#legend');
  assert(legendText.includes('<img src=x onerror='), 'the markup name is not shown as text');
  const injected = await page.evaluate(() => document.querySelectorAll('#app img, #app script').length);
  assert(injected === 0, `${injected} img/script elements were created from a name`);

  await addNode(page, BIDI_NAME);
  await page.waitForFunction((n) => document.querySelectorAll('#legend tbody tr').length === n, before.length + 2);
  const bidi = await page.$eval(`#legend tr[data-node="${BIDI_NAME}"] .node-name`, (el) => getComputedStyle(el).unicodeBidi);
  assert(bidi === 'isolate', `the bidi name is not isolated (unicode-bidi: ${bidi})`);
  // The summary names the change; its words stay in order around the name.
  const what = await page.$eval('#summary-what', (el) => ({ text: el.textContent, bidi: getComputedStyle(el).unicodeBidi }));
  assert(what.bidi === 'isolate', `the summary's name is not isolated (${what.bidi})`);

  // 10,000 characters: refused, with the length and the limit.
  await page.fill('#add-weight', '100');
  await addNode(page, LONG_NAME);
  await message(page, '#add-name-error', [num(10000), /256/], 'a 10,000-character name');
  assert((await rows(page)).length === before.length + 2, 'a refused name changed the nodes');
  // What was typed stays in the box.
  assert((await page.inputValue('#add-name')) === LONG_NAME, 'the typed name was lost');
  await screenshot(page, 'hostile-01-long-name');

  // 250 characters: allowed, cut in the middle in the legend (its start and its end kept,
  // where names differ), whole in the tooltip and for screen readers.
  await addNode(page, LONG_OK);
  await page.waitForFunction((n) => document.querySelectorAll('#legend tbody tr').length === n, before.length + 3);
  const cut = await page.$eval(`#legend tr[data-node="${LONG_OK}"] .node-name`, (el) => ({
    title: el.getAttribute('title'),
    shown: el.querySelector('[aria-hidden="true"]')?.textContent,
    read: el.querySelector('.visually-hidden')?.textContent,
    width: el.getBoundingClientRect().width,
  }));
  assert(cut.title === LONG_OK && cut.read === LONG_OK, `the long name is not whole in the tooltip and for screen readers: ${JSON.stringify(cut)}`);
  assert(cut.shown && cut.shown.includes('…') && LONG_OK.startsWith(cut.shown.split('…')[0].replace(/[\u2066-\u2069]/g, ''))
    && LONG_OK.endsWith(cut.shown.split('…')[1].replace(/[\u2066-\u2069]/g, '')), `the long name is not cut in the middle: ${JSON.stringify(cut)}`);
  assert(cut.width < 300, `the long name is ${cut.width}px wide in the legend`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 1, `the page is ${overflow}px wider than the window`);
  // Every canvas still draws (labels of hostile names do not break the drawing).
  const { painted } = await canvasStats(page, '#ring-canvas');
  assert(painted > 1000, `the ring is nearly blank (${painted} pixels)`);
  await screenshot(page, 'hostile-02-names');
  await noProblems(problems, page);
  await context.close();
});

test('hostile: bad numbers get a message with the range and change nothing', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await ready(page);
  const before = await rows(page);
  const summary = await page.textContent('#summary');

  for (const [weight, pattern] of [['-3', /-3/], ['abc', /abc/], ['1e12', /1e12/]]) {
    await addNode(page, 'typed-name', weight);
    await message(page, '#add-weight-error', [pattern, /1\b/, num(1000000)], `weight ${weight}`);
    assert((await page.inputValue('#add-name')) === 'typed-name', 'the name typed beside a bad weight was lost');
  }
  await addNode(page, 'typed-name', '100', '0');
  await message(page, '#add-vnodes-error', [/1\b/, num(10000)], 'vnodes 0');
  assert((await rows(page)).length === before.length, 'a refused node was added');

  // A node's own weight box keeps what was typed next to the message.
  const weightBox = page.locator('[data-testid="node-weight"]').first();
  const id = (await weightBox.getAttribute('id')).replace(/-weight$/, '');
  await weightBox.fill('abc');
  await weightBox.press('Enter');
  await message(page, `#${id}-weight-error`, [/abc/, num(1000000)], 'a node weight "abc"');
  assert((await weightBox.inputValue()) === 'abc', 'the weight box lost what was typed');

  // Key counts.
  for (const count of ['0', '10000001']) {
    await page.fill('#key-count', count);
    await page.click('#generate-keys');
    await message(page, '#key-count-error', [/1\b/, num(1000000)], `key count ${count}`);
  }
  const keysNow = await page.textContent('#keys-now');
  assert(/10,000/.test(keysNow), `the key set changed after refused counts: ${keysNow}`);

  // A pasted key of 10,000 characters.
  await page.click('details.paste summary');
  await page.fill('#paste-keys', `fine-key\n${'k'.repeat(10000)}\nanother`);
  await page.click('#use-pasted');
  await message(page, '#paste-keys-error', [num(10000), num(1024)], 'a pasted 10,000-character key');
  assert((await page.inputValue('#paste-keys')).length > 10000, 'the pasted text was lost');
  await screenshot(page, 'hostile-03-numbers');

  // Maglev's table size 100 (not a prime) and bounded loads' ε −1.
  await page.selectOption('#algorithm', 'maglev');
  await page.waitForSelector('#table-size');
  await commit(page, '#table-size', '100');
  await message(page, '#table-size-error', [/100/, /prime/], 'table size 100');
  assert((await page.inputValue('#table-size')) === '100', 'the table size box lost what was typed');
  await page.selectOption('#algorithm', 'bounded');
  await page.waitForSelector('#epsilon');
  await commit(page, '#epsilon', '-1');
  await message(page, '#epsilon-error', [/-1/, /0/, /100/], 'ε -1');
  await screenshot(page, 'hostile-04-parameters');

  // Replication factor 99 on a ring of 4 nodes.
  await page.selectOption('#algorithm', 'virtual');
  await page.click('#tab-replication');
  await page.waitForSelector('#replication-r');
  await page.fill('#replication-r', '99');
  await message(page, '#replication-r-error', [/99/, /4/], 'replication factor 99');
  await screenshot(page, 'hostile-05-replication');

  // Nothing that was refused changed the lab: same nodes, and it still works.
  await page.click('#tab-explore');
  await page.waitForSelector('#add-name');
  assert(JSON.stringify(await rows(page)) === JSON.stringify(before), 'refused input changed the nodes');
  await addNode(page, 'after-all', '100', '');
  await page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  assert((await rows(page)).includes('after-all'), 'adding a node after the refusals did not work');
  assert((await page.textContent('#summary')) !== summary, 'the summary did not change');
  await noProblems(problems, page);
  await context.close();
});

test('hostile: a damaged link and a link with a script in a node name', async () => {
  const damaged = '/?algo=nope&nodes=%ZZ&keys=-5&eps=NaN&step=0&bogus=%3Cscript%3E';
  const a = await openPage(browser, base + damaged, { reducedMotion: 'reduce' });
  await ready(a.page);
  const note = await a.page.textContent('#notice');
  for (const p of [/nope/, /%ZZ|percent/, /-5/]) assert(p.test(note), `the notice does not report ${p}: ${note}`);
  assert((await rows(a.page)).length === 4, 'a damaged link did not fall back to the first example');
  await screenshot(a.page, 'hostile-06-damaged-link');
  await addNode(a.page, 'after-damage');
  await a.page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  await noProblems(a.problems, a.page);
  await a.context.close();

  const script = '<script>window.__pwned=3;alert(3)</script>';
  const link = `/?nodes=${encodeURIComponent(script)}:100,b:100,${encodeURIComponent(BIDI_NAME)}:100&explain=${encodeURIComponent('<img src=x onerror=alert(4)>')}`;
  const b = await openPage(browser, base + link, { reducedMotion: 'reduce' });
  await ready(b.page);
  const names = await rows(b.page);
  assert(names.includes(script) && names.includes(BIDI_NAME), `the link's names are not shown as typed: ${names}`);
  const legend = await b.page.textContent('#legend');
  assert(legend.includes('<script>window.__pwned=3'), 'the script name is not shown as text');
  const scripts = await b.page.evaluate(() => document.querySelectorAll('#app script, #app img').length);
  assert(scripts === 0, `${scripts} script/img elements were created from the link`);
  await screenshot(b.page, 'hostile-07-script-link');
  await addNode(b.page, 'after-script');
  await b.page.waitForFunction(() => /moved/.test(document.querySelector('#summary-line')?.textContent ?? ''), null, { timeout: 10000 });
  await noProblems(b.problems, b.page);
  await b.context.close();
});
