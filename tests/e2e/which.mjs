// End-to-end tests of the "Which algorithm?" view (issue 14): the field's comparison table
// for the algorithms and node counts picked, filled between frames, with the published
// trends on its exact shares, a chart per metric, the command line that prints the same
// table, and the settings in the address.
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

async function finished(page) {
  await page.waitForSelector('.which-table-box[aria-busy="false"] #which-table tbody tr', { timeout: 120000 });
}

// The table's rows as { algo, nodes, cells } (cells: the text of each column).
async function rows(page) {
  return page.$$eval('#which-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
}

for (const lang of ['en', 'zh']) {
  test(`which: the comparison table shows the published trends, with a chart per metric (${lang})`, async () => {
    const { page, context, problems } = await openPage(browser,
      `${base}/?view=which&which=virtual,jump,multiprobe&which-nodes=100&lang=${lang}`, { reducedMotion: 'reduce' });
    await finished(page);
    const table = await rows(page);
    assert(table.length === 3, `${table.length} rows`);
    const pct = (t) => Number(t.replace('%', '')) / 100;
    // The algorithms in the menu's order.
    const [ring, probes, jump] = table;
    if (lang === 'en') assert(`${ring[0]}|${probes[0]}|${jump[0]}`.startsWith('Ring with virtual nodes|Multi-probe'), table.map((r) => r[0]).join('|'));
    // A ring of 100 virtual nodes: a coefficient of variation near 10% (exact shares).
    assert(pct(ring[4]) > 0.07 && pct(ring[4]) < 0.13, `ring CV ${ring[4]}`);
    // Jump hash: balanced within the sampling noise of a million keys (1% at 100 nodes).
    assert(pct(jump[4]) < 0.02, `jump CV ${jump[4]}`);
    // Multi-probe, 21 probes: the busiest node about 5% above the mean.
    const peak = Number(probes[2]);
    assert(peak > 1.0 && peak < 1.12, `multi-probe peak/mean ${probes[2]}`);
    // Jump refuses to lose nodes that are not its last; last-first it moves only what it must.
    assert(/refused|被拒绝/.test(jump[7]) && jump[8] === '1.00 / 1.00 / 1.00', `jump: ${jump[7]} | ${jump[8]}`);
    assert((await page.textContent('#which-command')).trim() === 'ringlab study --algos virtual,multiprobe,jump --nodes 100',
      await page.textContent('#which-command'));
    for (let i = 0; i < 4; i++) {
      const chart = await canvasStats(page, `#which-chart-${i}`);
      assert(chart.painted > 1000 && chart.colours > 3, `chart ${i} is blank`);
    }
    if (lang === 'zh') assert(/键空间/.test(await page.textContent('#which-table thead')), 'the table is not in Chinese');
    await screenshot(page, `which-00-${lang}`);
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

test('which: ticking an algorithm and typing node counts redo the table, and the address keeps them', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?view=which&which=jump&which-nodes=10&lang=en`, { reducedMotion: 'reduce' });
  await finished(page);
  assert((await rows(page)).length === 1, 'one row to start with');
  await page.check('#which-anchor');
  await page.fill('#which-nodes', '10, 20');
  await page.press('#which-nodes', 'Enter');
  await page.locator('#which-nodes').blur();
  await page.waitForFunction(() => document.querySelectorAll('#which-table tbody tr').length === 4);
  await finished(page);
  const names = (await rows(page)).map((r) => `${r[0]} ${r[1]}`);
  assert(names.join('|') === 'Jump consistent hash 10|Jump consistent hash 20|AnchorHash 10|AnchorHash 20', names.join('|'));
  await page.waitForTimeout(700);
  const search = await page.evaluate(() => location.search);
  assert(search.includes('which=jump%2Canchor') || search.includes('which=jump,anchor'), search);
  assert(search.includes('which-nodes=10%2C20') || search.includes('which-nodes=10,20'), search);
  // A count over the limit is refused next to the field, and the table stays.
  await page.fill('#which-nodes', '10, 5000');
  await page.locator('#which-nodes').blur();
  await page.waitForSelector('#which-nodes-error', { timeout: 5000 });
  assert(/1,000|1000/.test(await page.textContent('#which-nodes-error')), await page.textContent('#which-nodes-error'));
  assert((await rows(page)).length === 4, 'the refused list changed the table');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});
