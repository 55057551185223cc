// End-to-end tests of the view switcher and the teaching views: the tabs and their keys,
// the guided tour (back is a real rewind: identical pixels; keys only while it has focus),
// compare mode, the Chord view's hop bound, replication's refusals and failures, and the
// paper's live table. Screenshots of every view go to tests/e2e/out/.
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

function noProblems(problems) {
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
}

async function text(page, selector) {
  return ((await page.textContent(selector)) ?? '').trim();
}

async function tourStep(page) {
  const m = (await text(page, '#tour-progress')).match(/Step (\d+) of (\d+)/);
  assert(m, 'no "Step N of M" line');
  return [Number(m[1]), Number(m[2])];
}

async function waitStep(page, n) {
  await page.waitForFunction((n) => (document.querySelector('#tour-progress')?.textContent ?? '').includes(`Step ${n} of`), n, { timeout: 15000 });
  // The canvases draw in effects after the render.
  await page.waitForTimeout(400);
}

async function painted(page, selector, what) {
  const s = await canvasStats(page, selector);
  assert(s.width > 100 && s.height > 100, `${what}: canvas is ${s.width}x${s.height}`);
  // Canvases paint their background, so count colours too: a blank one has one or two.
  assert(s.colours >= 3, `${what}: canvas has ${s.colours} colours, it looks blank`);
  return s;
}

async function unnamedControls(page) {
  return page.evaluate(() => {
    const missing = [];
    for (const el of document.querySelectorAll('button, input, select, textarea, canvas')) {
      const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
        || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el.closest('label')
        || (el.tagName === 'BUTTON' && el.textContent.trim());
      if (!labelled) missing.push(el.outerHTML.slice(0, 80));
    }
    return missing;
  });
}

test('tabs: the view switcher follows the ARIA tabs pattern; arrows only while it has focus', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  const tabs = await page.$$eval('[role=tablist] [role=tab]', (els) => els.map((e) => ({
    id: e.id, selected: e.getAttribute('aria-selected'), controls: e.getAttribute('aria-controls'), tabindex: e.getAttribute('tabindex'),
  })));
  assert(tabs.length === 9, `${tabs.length} tabs`);
  assert(tabs.map((t) => t.id).join() === 'tab-explore,tab-tour,tab-compare,tab-traffic,tab-chord,tab-replication,tab-paper,tab-which,tab-quiz', tabs.map((t) => t.id).join());
  assert(tabs.filter((t) => t.selected === 'true').length === 1 && tabs[0].selected === 'true', 'Explore is not the one selected tab');
  assert(tabs.filter((t) => t.tabindex === '0').length === 1, 'more than one tab in the tab order');
  for (const t of tabs) {
    const panel = await page.$(`#${t.controls}[role=tabpanel][aria-labelledby=${t.id}]`);
    assert(panel, `no tabpanel for ${t.id}`);
  }
  await page.focus('#tab-explore');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#tour', { timeout: 15000 });
  let focused = await page.evaluate(() => document.activeElement?.id);
  assert(focused === 'tab-tour', `focus is on ${focused} after ArrowRight`);
  assert(await page.getAttribute('#tab-tour', 'aria-selected') === 'true', 'Tour is not selected');
  assert(await page.isHidden('#panel-explore'), 'the Explore panel still shows');
  await page.keyboard.press('End');
  await page.waitForSelector('.quiz-question', { timeout: 15000 });
  focused = await page.evaluate(() => document.activeElement?.id);
  assert(focused === 'tab-quiz', `focus is on ${focused} after End`);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#ring-canvas', { timeout: 15000 });
  assert(await page.getAttribute('#tab-explore', 'aria-selected') === 'true', 'ArrowRight from the last tab does not wrap to the first');
  // Focus elsewhere: the arrow keys do not switch views.
  await page.focus('#add-name');
  await page.keyboard.press('ArrowRight');
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  assert(await page.getAttribute('#tab-explore', 'aria-selected') === 'true', 'arrow keys switched views without the tab list having focus');
  // Clicking a tab selects it.
  await page.click('#tab-compare');
  await page.waitForSelector('#compare-grid', { timeout: 15000 });
  noProblems(problems);
  await context.close();
});

test('tour: step 1 teaches at once; next then back redraws identical pixels', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-tour');
  await waitStep(page, 1);
  const [, count] = await tourStep(page);
  assert(count >= 11, `the tour has ${count} steps`);
  assert((await text(page, '#tour-caption')).length > 80, 'step 1 has no real caption');
  assert((await page.$$('#tour-facts li')).length > 0, 'step 1 has no numbers');
  const first = await painted(page, '#tour-canvas-0', 'step 1');
  await screenshot(page, 'tour-01-step1');
  assert(await page.isDisabled('#tour-back'), 'Back is enabled on step 1');

  await page.click('#tour-next');
  await waitStep(page, 2);
  // Step 2 asks first: until the guess is checked it draws the lab before its join, which
  // is step 1's; then the join.
  const asking = await painted(page, '#tour-canvas-0', 'step 2 asking');
  assert(asking.checksum === first.checksum, 'step 2 shows its join before the guess is checked');
  await page.click('#tour-check');
  await page.waitForFunction(() => document.querySelector('#tour-answer')?.textContent.trim().length > 0);
  await page.waitForTimeout(300);
  const second = await painted(page, '#tour-canvas-0', 'step 2');
  assert(second.checksum !== first.checksum, 'step 2 draws the same pixels as step 1 after the check');
  assert(/moved/.test(await text(page, '#tour-facts')), 'step 2 does not say what moved');
  await page.click('#tour-back');
  await waitStep(page, 1);
  const again = await canvasStats(page, '#tour-canvas-0');
  assert(again.checksum === first.checksum, 'back to step 1 does not redraw the same pixels');

  // A ring step and its neighbour, reached through the step menu.
  await page.selectOption('#tour-step', '3');
  await waitStep(page, 3);
  const ring = await painted(page, '#tour-canvas-0', 'step 3');
  await screenshot(page, 'tour-03-ring');
  await page.click('#tour-next');
  await waitStep(page, 4);
  await page.click('#tour-back');
  await waitStep(page, 3);
  assert((await canvasStats(page, '#tour-canvas-0')).checksum === ring.checksum, 'step 3 differs after next and back');

  // Every step draws, and the last one disables Next.
  for (let n = 4; n <= count; n++) {
    await page.selectOption('#tour-step', String(n));
    await waitStep(page, n);
    await painted(page, '#tour-canvas-0', `step ${n}`);
    assert((await text(page, '#tour-caption')).length > 80, `step ${n} has no caption`);
    if (n === 6 || n === 12 || n === 13) await screenshot(page, `tour-${String(n).padStart(2, '0')}`);
  }
  assert(await page.isDisabled('#tour-next'), 'Next is enabled on the last step');
  assert((await unnamedControls(page)).length === 0, `unnamed controls: ${await unnamedControls(page)}`);
  noProblems(problems);
  await context.close();
});

test('tour: arrow keys and space work while the tour has focus, and not elsewhere', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-tour');
  await waitStep(page, 1);
  await page.focus('#tour');
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 2);
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 3);
  await page.keyboard.press('ArrowLeft');
  await waitStep(page, 2);
  await page.keyboard.press('End');
  const [, count] = await tourStep(page);
  await waitStep(page, count);
  await page.keyboard.press('Home');
  await waitStep(page, 1);
  // Space plays; the play button says so; space again pauses (the timer is dropped).
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('#tour-play')?.getAttribute('aria-pressed') === 'true', null, { timeout: 5000 });
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('#tour-play')?.getAttribute('aria-pressed') === 'false', null, { timeout: 5000 });
  // Focus outside the tour: nothing moves.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(400);
  assert((await tourStep(page))[0] === 1, 'arrow keys stepped the tour without it having focus');
  await page.focus('#tab-tour');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(400);
  assert(await page.getAttribute('#tab-explore', 'aria-selected') === 'true', 'the tab list took its arrow key');
  noProblems(problems);
  await context.close();
});

test('tour: play advances on its own at the fastest speed, and pausing stops it', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-tour');
  await waitStep(page, 1);
  await page.selectOption('#tour-speed', '3');
  await page.click('#tour-play');
  await waitStep(page, 2);
  await page.click('#tour-play');
  const [stopped] = await tourStep(page);
  await page.waitForTimeout(3000);
  assert((await tourStep(page))[0] === stopped, 'the tour kept playing after pause');
  noProblems(problems);
  await context.close();
});

test('compare: two to four pictures with their numbers, the same change for all', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-compare');
  await page.waitForSelector('#compare-grid .compare-col', { timeout: 15000 });
  await page.waitForTimeout(500);
  const columns = async () => page.$$eval('#compare-grid .compare-col', (cols) => cols.map((c) => c.getAttribute('data-algo')));
  let cols = await columns();
  assert(cols.length >= 2 && cols.length <= 4, `${cols.length} columns`);
  for (let i = 0; i < cols.length; i++) await painted(page, `#compare-canvas-${i}`, cols[i]);
  const moved = await page.$$eval('#compare-grid [data-testid=moved]', (els) => els.map((e) => e.textContent.trim()));
  assert(moved.length === cols.length && moved.every((m) => /^[\d,]+ \([\d.]+%\)$/.test(m)), `moved: ${moved}`);
  // Modulo moves most keys; jump about the ideal 1/5.
  const pct = (s) => Number(s.match(/\(([\d.]+)%\)/)[1]);
  const byAlgo = Object.fromEntries(cols.map((c, i) => [c, pct(moved[i])]));
  if ('modulo' in byAlgo) assert(byAlgo.modulo > 60, `modulo moved ${byAlgo.modulo}%`);
  if ('jump' in byAlgo) assert(Math.abs(byAlgo.jump - 20) < 3, `jump moved ${byAlgo.jump}%`);
  await screenshot(page, 'compare-01');

  // Up to four.
  await page.check('#compare-maglev');
  await page.waitForFunction(() => document.querySelectorAll('#compare-grid .compare-col').length === 4, null, { timeout: 15000 });
  await page.click('#compare-ketama');
  await page.waitForSelector('#compare-error', { timeout: 5000 });
  assert(/at most 4/.test(await text(page, '#compare-error')), 'no message for a fifth algorithm');
  assert((await columns()).length === 4, 'a fifth column appeared');
  assert(!(await page.isChecked('#compare-ketama')), 'the refused box stays ticked');
  const rows = await page.$$('#compare-table tbody tr');
  assert(rows.length === 4, `${rows.length} summary rows`);
  // The same change for all: remove the last node.
  await page.click('#compare-change-remove');
  await page.waitForFunction(() => /remove/.test(document.querySelector('#compare-table caption')?.textContent ?? ''), null, { timeout: 15000 });
  await page.waitForTimeout(400);
  cols = await columns();
  for (let i = 0; i < cols.length; i++) await painted(page, `#compare-canvas-${i}`, `${cols[i]} after remove`);
  const memory = await page.$$eval('#compare-grid [data-testid=memory]', (els) => els.map((e) => e.textContent.trim()));
  assert(memory.every((m) => /B$/.test(m)), `memory: ${memory}`);
  await screenshot(page, 'compare-02-four');
  // At least two.
  for (const id of cols.slice(2)) await page.uncheck(`#compare-${id}`);
  await page.waitForFunction(() => document.querySelectorAll('#compare-grid .compare-col').length === 2, null, { timeout: 15000 });
  cols = await columns();
  await page.click(`#compare-${cols[0]}`);
  await page.waitForTimeout(300);
  assert(/at least 2/.test(await text(page, '#compare-error')), 'no message for a single algorithm');
  assert((await columns()).length === 2, 'fewer than two columns');
  assert((await unnamedControls(page)).length === 0, `unnamed controls: ${await unnamedControls(page)}`);
  noProblems(problems);
  await context.close();
});

test('chord: each lookup takes at most ceil(log2 n) + 1 hops, drawn on the ring', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-chord');
  await page.waitForSelector('#chord-canvas', { timeout: 15000 });
  for (let i = 0; i < 8; i++) {
    await page.click('#chord-add');
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => /12 nodes up/.test(document.querySelector('.chord-nodes')?.textContent ?? ''), null, { timeout: 15000 });
  const starts = await page.$$eval('#chord-start option', (os) => os.map((o) => o.value));
  assert(starts.length === 12, `${starts.length} start nodes`);
  let most = 0;
  for (const key of ['user:42', 'apple', 'order:7']) {
    await page.fill('#chord-key', key);
    for (const s of starts) {
      await page.selectOption('#chord-start', s);
      await page.waitForTimeout(60);
      const line = await text(page, '#chord-hops');
      const m = line.match(/^(\d+) hops?; log2 (\d+) = ([\d.]+)/);
      assert(m, `hop line reads "${line}"`);
      const [hops, n] = [Number(m[1]), Number(m[2])];
      assert(n === 12, `log2 of ${n} nodes`);
      assert(hops <= Math.ceil(Math.log2(n)) + 1, `${hops} hops from ${s} for ${key}`);
      const listed = (await page.$$('#chord-path li')).length;
      assert(listed === Math.max(hops, 1), `${listed} hops listed for ${hops}`);
      most = Math.max(most, hops);
    }
  }
  assert(most >= 2, 'no lookup took two hops: the test looks at nothing');
  await painted(page, '#chord-canvas', 'chord');
  const fingerRows = (await page.$$('#finger-table tbody tr')).length;
  assert(fingerRows === 12, `${fingerRows} finger tables`);
  // A lookup with more hops draws more ink than one with none.
  await screenshot(page, 'chord-01');
  // An empty key is refused next to the box and changes nothing else.
  await page.fill('#chord-key', '');
  await page.waitForSelector('#chord-key-error', { timeout: 5000 });
  assert((await unnamedControls(page)).length === 0, `unnamed controls: ${await unnamedControls(page)}`);
  noProblems(problems);
  await context.close();
});

test('replication: preference lists, the core refusing a bad R, failover and lost copies', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-replication');
  await page.waitForSelector('#replication-canvas', { timeout: 15000 });
  await painted(page, '#replication-canvas', 'replication');
  const list = await text(page, '#replication-list');
  assert(list.split('→')[1].split(',').length === 3, `R = 3 list: ${list}`);
  // A bad R: the core's message next to the box, and the lists stay at R = 3.
  await page.fill('#replication-r', '9');
  await page.waitForSelector('#replication-r-error', { timeout: 5000 });
  const err = await text(page, '#replication-r-error');
  assert(/9/.test(err) && /4/.test(err), `message for R = 9: ${err}`);
  assert((await text(page, '#replication-list')) === list, 'a refused R changed the lists');
  await page.fill('#replication-r', 'x');
  assert(/whole number/.test(await text(page, '#replication-r-error')), 'no message for R = x');
  // R = 1 and the owner fails: its keys lose every copy.
  await page.fill('#replication-r', '1');
  await page.waitForFunction(() => !document.querySelector('#replication-r-error'), null, { timeout: 5000 });
  const owner = (await text(page, '#replication-list')).split('→')[1].trim();
  const value = await page.$eval('#replication-down', (sel, owner) => [...sel.options].find((o) => o.textContent.trim() === owner)?.value, owner);
  await page.selectOption('#replication-down', value);
  await page.waitForFunction(() => /fails/.test(document.querySelector('#replication-summary')?.textContent ?? ''), null, { timeout: 15000 });
  const lost = (await text(page, '#replication-summary')).match(/lost every copy: ([\d,]+)/);
  assert(lost && Number(lost[1].replace(/,/g, '')) > 0, `R = 1: ${await text(page, '#replication-summary')}`);
  // R = 2: a replica takes over, nothing is lost.
  await page.fill('#replication-r', '2');
  await page.waitForFunction(() => /lost every copy: 0\./.test(document.querySelector('#replication-summary')?.textContent ?? ''), null, { timeout: 15000 });
  assert((await page.$$('#replication-table tbody tr')).length === 8, 'sample table');
  await page.waitForTimeout(300);
  await painted(page, '#replication-canvas', 'replication with a failure');
  await screenshot(page, 'replication-01');
  assert((await unnamedControls(page)).length === 0, `unnamed controls: ${await unnamedControls(page)}`);
  noProblems(problems);
  await context.close();
});

test('paper: the live table fills with the known answers, and a table too large is refused', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.click('#tab-paper');
  await page.waitForSelector('#paper-table', { timeout: 15000 });
  await page.waitForFunction(() => /All 40 cells computed/.test(document.querySelector('#paper-progress')?.textContent ?? ''), null, { timeout: 90000 });
  const r1 = await page.$$eval('#paper-table td.r1', (els) => els.map((e) => Number(e.textContent.replace(/,/g, ''))));
  assert(r1.length === 40, `${r1.length} R1 cells`);
  // known-answers.md: MD5, one point per node, 10 nodes: R1 = 17; 1000 vnodes: 1.04 to 1.19.
  assert(Math.round(r1[0]) === 17, `R1 of 10 nodes, one point each: ${r1[0]}`);
  for (let row = 0; row < 10; row++) {
    const v = r1[row * 4 + 3];
    assert(v >= 1.035 && v <= 1.195, `1000 vnodes, row ${row}: R1 ${v}`);
  }
  assert(/ringlab balance --algo virtual --hash md5/.test(await text(page, '#paper-command')), 'no command line');
  await page.waitForTimeout(300);
  await painted(page, '#paper-chart', 'paper chart');
  await screenshot(page, 'paper-01');
  // Bad input: a message next to the box; the table stays.
  await page.fill('#paper-nodes', '0, 10');
  await page.press('#paper-nodes', 'Enter');
  await page.waitForSelector('#paper-nodes-error', { timeout: 5000 });
  assert((await page.$$('#paper-table td.r1')).length === 40, 'a refused list changed the table');
  // Too much work: refused with the budget named.
  await page.fill('#paper-nodes', '1000, 2000');
  await page.press('#paper-nodes', 'Enter');
  await page.waitForSelector('#paper-budget-error', { timeout: 5000 });
  assert(/2,000,000/.test(await text(page, '#paper-budget-error')), 'the budget is not named');
  // A small table of another algorithm fills too.
  await page.fill('#paper-nodes', '5, 10');
  await page.press('#paper-nodes', 'Enter');
  await page.selectOption('#paper-algo', 'maglev');
  await page.waitForFunction(() => /All 8 cells computed/.test(document.querySelector('#paper-progress')?.textContent ?? ''), null, { timeout: 60000 });
  assert((await unnamedControls(page)).length === 0, `unnamed controls: ${await unnamedControls(page)}`);
  noProblems(problems);
  await context.close();
});

test('teaching views: phone width and dark theme stay within the screen', async () => {
  const { page, context, problems } = await openPage(browser, base + '/', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  for (const [tab, ready] of [['tour', '#tour-canvas-0'], ['compare', '#compare-canvas-0'], ['chord', '#chord-canvas'], ['replication', '#replication-canvas'], ['paper', '#paper-table']]) {
    await page.click(`#tab-${tab}`);
    await page.waitForSelector(ready, { timeout: 15000 });
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 1, `${tab}: the page is ${overflow}px wider than a phone`);
    await screenshot(page, `phone-${tab}`);
  }
  noProblems(problems);
  await context.close();
});

test('tour: the last step ends with a reading list, the articles by author, title and date, and the papers', async () => {
  for (const [lang, heading] of [['en', 'Reading list'], ['zh', '延伸阅读']]) {
    const { page, context, problems } = await openPage(browser, `${base}/?view=tour&step=25&lang=${lang}`, { reducedMotion: 'reduce' });
    await page.waitForSelector('#tour-reading', { timeout: 30000 });
    assert((await page.textContent('#tour-reading-title')).trim() === heading, `${lang}: heading`);
    const items = await page.$$eval('#tour-reading li', (li) => li.map((l) => l.textContent));
    assert(items.length === 19, `${lang}: ${items.length} items`);
    const all = items.join('\n');
    for (const must of ['zouyq', '2018-05-30', '《聊聊一致性哈希》', 'Karger', 'STOC 1997', 'Lamping', 'Maglev', 'Bounded Loads', 'MementoHash', 'Appleton', 'JumpBackHash', 'AnchorHash', 'DxHash', 'Power Consistent Hashing', 'FlipHash', 'BinomialHash']) {
      assert(all.includes(must), `${lang}: the reading list lacks ${must}`);
    }
    assert(!/seed\s*00|文章\s*00/i.test(all), `${lang}: a filing name in the reading list`);
    // Only after the last step.
    await page.click('#tour-back');
    await page.waitForFunction(() => !document.querySelector('#tour-reading'));
    if (lang === 'zh') await screenshot(page, 'tour-24-zh');
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  }
});

test('tour: four steps ask what share of the keys will move, and grade the guess against the core', async () => {
  const asked = [];
  for (let step = 1; step <= 25; step++) {
    const { page, context, problems } = await openPage(browser, `${base}/?view=tour&step=${step}&lang=en`, { reducedMotion: 'reduce' });
    await page.waitForSelector('#tour-canvas-0', { timeout: 30000 });
    await page.waitForTimeout(200);
    if (await page.$('#tour-guess')) asked.push(step);
    if (step === 2) {
      // Before the check: no moved-keys line, and the picture is the state before the join.
      const hidden = await page.$$eval('#tour-facts li', (li) => li.filter((l) => l.hidden).length);
      assert(hidden > 0, 'no fact is held back before the check');
      const before = await canvasStats(page, '#tour-canvas-0');
      assert(before.painted > 1000, 'the picture before the check is blank');
      await page.$eval('#tour-guess', (el) => {
        el.value = '80';
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.click('#tour-check');
      await page.waitForFunction(() => document.querySelector('#tour-answer')?.textContent.trim().length > 0);
      const answer = await page.textContent('#tour-answer');
      // The core moves 1,599 of 2,000 keys under modulo 4 → 5: 80.0%.
      assert(/You guessed 80%/.test(answer) && /1,599 of 2,000 keys moved \(80\.0%\)/.test(answer) && /Right/.test(answer), `answer: ${answer}`);
      const shown = await page.$$eval('#tour-facts li', (li) => li.filter((l) => !l.hidden).length);
      assert(shown === (await page.$$eval('#tour-facts li', (li) => li.length)), 'facts still hidden after the check');
      const after = await canvasStats(page, '#tour-canvas-0');
      assert(after.checksum !== before.checksum, 'the picture did not show the join after the check');
      await screenshot(page, 'tour-02-checked');
    }
    noProblems(problems);
    await context.close();
  }
  assert(JSON.stringify(asked) === '[2,5,8,14]', `question steps: ${asked}`);
});

test('explore: "Ask me first" asks for a guess after a change, shows the lab before it, then grades and shows it', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?ask=1&lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(400);
  assert(await page.isChecked('#ask-first'), 'ask=1 does not tick the switch');
  const before = await canvasStats(page, '#ring-canvas');
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForSelector('#ask-question', { timeout: 10000 });
  await page.waitForTimeout(300);
  assert((await page.$('#summary-line')) === null, 'the moved-keys line shows before the guess');
  assert((await page.$$('#legend tbody tr')).length === 4, 'the legend shows the new node before the guess');
  const asked = await canvasStats(page, '#ring-canvas');
  assert(asked.checksum === before.checksum, 'the picture is not the lab before the change');
  await page.$eval('#ask-guess', (el) => {
    el.value = '10';
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.click('#ask-check');
  await page.waitForSelector('#ask-answer', { timeout: 10000 });
  const answer = await page.textContent('#ask-answer');
  assert(/You guessed 10%/.test(answer) && /of 10,000 keys moved/.test(answer), `answer: ${answer}`);
  const line = await page.textContent('#summary-line');
  assert(answer.includes(line.trim().split(';')[0]), `the grade and the summary disagree: ${answer} / ${line}`);
  assert((await page.$$('#legend tbody tr')).length === 5, 'the legend lacks the new node after the guess');
  const shown = await canvasStats(page, '#ring-canvas');
  assert(shown.checksum !== before.checksum, 'the change is not drawn after the guess');
  await screenshot(page, 'explore-ask-first');
  noProblems(problems);
  await context.close();
});

test('Explore\'s try-it tasks tick themselves: removing the busiest node, R1 under 1.2 with the fewest virtual nodes kept, a weight that gives twice the keys; in both languages', async () => {
  for (const lang of ['en', 'zh']) {
    const { page, context, problems } = await openPage(browser, `${base}/?lang=${lang}`, { reducedMotion: 'reduce' });
    await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
    const done = (id) => page.$eval(id, (li) => li.classList.contains('done'));
    for (const id of ['#task-busiest', '#task-r1', '#task-twice']) assert(!(await done(id)), `${lang}: ${id} is done before anything was done`);
    // The legend's busiest and quietest nodes (the keys column is "2,027 (20.3%)").
    const rows = await page.$$eval('#legend tbody tr', (trs) => trs.map((tr) => [tr.dataset.node,
      Number([...tr.querySelectorAll('td')].map((td) => td.textContent.match(/^([\d,]+) \(/)).find(Boolean)[1].replace(/,/g, ''))]));
    rows.sort((x, y) => y[1] - x[1]);
    const [busiest, quietest] = [rows[0][0], rows[rows.length - 1][0]];
    await page.click(`[data-testid="node-remove"][data-node="${quietest}"]`);
    await page.waitForFunction((n) => !document.querySelector(`#legend tr[data-node="${n}"]`), quietest);
    assert(!(await done('#task-busiest')), `${lang}: removing the quietest node ticked the busiest task`);
    await page.click('#reset');
    await page.waitForSelector(`#legend tr[data-node="${quietest}"]`);
    await page.click(`[data-testid="node-remove"][data-node="${busiest}"]`);
    await page.waitForFunction(() => document.querySelector('#task-busiest')?.classList.contains('done'));
    const text = await page.textContent('#task-busiest');
    assert(text.includes(lang === 'en' ? 'Done' : '已完成'), `${lang}: the done task does not say so: ${text}`);
    // R1 under 1.2: 500 virtual nodes do it; the task keeps the fewest that did.
    for (const v of ['500', '300']) {
      await page.fill('#default-vnodes', v);
      await page.press('#default-vnodes', 'Enter');
      await page.waitForTimeout(400);
    }
    const r1 = Number((await page.textContent('#balance tbody tr:first-child td')).trim());
    assert(r1 < 1.2 && await done('#task-r1'), `${lang}: R1 ${r1} and the task is not done`);
    assert((await page.textContent('#task-r1')).includes('300'), `${lang}: the fewest is not 300: ${await page.textContent('#task-r1')}`);
    await page.fill('#default-vnodes', '1');
    await page.press('#default-vnodes', 'Enter');
    await page.waitForTimeout(400);
    assert(await done('#task-r1') && (await page.textContent('#task-r1')).includes('300'), `${lang}: one virtual node undid the task`);
    assert(!(await done('#task-twice')), `${lang}: twice is done without a weight`);
    assert(problems.length === 0, problems.join('\n'));
    await context.close();
  }
});

test('tour: the picture has its colour key, and a key\'s walk after a join waits for the guess', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?view=tour&step=5&lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#tour-key li', { timeout: 30000 });
  // Step 5 asks first: the picture and its key are the four nodes before cache-e joins.
  const before = await page.$$eval('#tour-key li', (li) => li.map((l) => l.textContent.trim()));
  assert(before.length === 4 && before.every((n) => /cache-[a-d]/.test(n)), `key before: ${before}`);
  assert(await page.$$eval('#tour-key .swatch', (s) => new Set(s.map((e) => getComputedStyle(e).backgroundColor)).size) === 4, 'the swatches are not four colours');
  await page.click('#tour-check');
  await page.waitForFunction(() => document.querySelectorAll('#tour-key li').length === 5);
  await page.goto(`${base}/?view=tour&step=14&lang=en`);
  await page.waitForSelector('#tour-guess');
  const shown = await page.$$eval('#tour-facts li', (li) => li.filter((l) => !l.hidden).map((l) => l.textContent).join(' | '));
  assert(!/cache-e/.test(shown), `before the check, a fact names the node that joins: ${shown}`);
  await screenshot(page, 'tour-14-before-check');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});
