// End-to-end tests of the Traffic view (issue 15): the same change and requests through
// modulo and the lab's ring, each with caches in front of one store; the dip of the hit
// rate right after the change is seen on the line charts and said in words, in both
// languages; the sliders change the run; the settings travel in the address.
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

async function finished(page) {
  await page.waitForSelector('#traffic-grid[aria-busy="false"] [data-testid="figures"]', { timeout: 60000 });
  await page.waitForTimeout(300);
}

// "… just after: 64.5%" → 0.645, for each side in order.
async function justAfter(page) {
  const lines = await page.$$eval('#traffic-grid [data-testid="figures"]', (ps) => ps.map((p) => p.textContent));
  return lines.map((l) => Number((l.match(/([\d.]+)%\D*$/) ?? [])[1]) / 100);
}

for (const lang of ['en', 'zh']) {
  test(`traffic: modulo's hit rate drops right after a join and the ring's barely, drawn and said (${lang})`, async () => {
    const { page, context, problems } = await openPage(browser, `${base}/?view=traffic&lang=${lang}`, { reducedMotion: 'reduce' });
    await finished(page);
    const cols = await page.$$eval('#traffic-grid .compare-col', (c) => c.map((x) => x.getAttribute('data-algo')));
    assert(JSON.stringify(cols) === '["modulo","virtual"]', `columns: ${cols}`);
    const [modulo, ring] = await justAfter(page);
    // A fifth cache under hash % n: about four keys in five move, so most requests miss at
    // once (the warm keys hit again soon); the ring moves about one in five.
    assert(modulo > 0 && modulo < 0.8, `modulo just after: ${modulo}`);
    assert(ring > 0.85 && ring > modulo + 0.15, `ring just after: ${ring} against modulo ${modulo}`);
    for (const i of [0, 1]) {
      const lines = await canvasStats(page, `#traffic-lines-${i}`);
      const nodes = await canvasStats(page, `#traffic-nodes-${i}`);
      assert(lines.painted > 1000 && lines.colours > 3, `line chart ${i} is blank`);
      assert(nodes.painted > 1000 && nodes.colours > 5, `node chart ${i} is blank`);
    }
    const a = await canvasStats(page, '#traffic-lines-0');
    const b = await canvasStats(page, '#traffic-lines-1');
    assert(a.checksum !== b.checksum, 'the two line charts are the same picture');
    if (lang === 'zh') assert(/命中率/.test(await page.textContent('#traffic-grid')), 'the figures are not in Chinese');
    await screenshot(page, `traffic-00-${lang}`);
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

// Every key of the lab is requested (the other views take the first 20,000): the setup of
// both sides runs in steps over the frames, then the requests.
test('traffic: every one of 60,000 keys is requested, set up in steps', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?view=traffic&lang=en&keys=60000`, { reducedMotion: 'reduce' });
  await finished(page);
  const hint = await page.textContent('#traffic-title + .hint');
  assert(/its 60,000 keys/.test(hint), `hint: ${hint}`);
  const done = await page.textContent('#traffic-progress');
  assert(/requests simulated over 60,000 keys/.test(done), `progress: ${done}`);
  assert((await page.$('#traffic-first-keys')) === null, 'the view still says it takes the first keys only');
  const [modulo, ring] = await justAfter(page);
  assert(modulo > 0 && modulo < 0.8 && ring > 0.85, `just after: modulo ${modulo}, ring ${ring}`);
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('traffic: a slider changes the run, and the settings travel in the address', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?view=traffic&lang=en`, { reducedMotion: 'reduce' });
  await finished(page);
  const before = await canvasStats(page, '#traffic-nodes-0');
  // Uniform popularity: every key as likely as any other.
  await page.$eval('#traffic-zipf', (el) => {
    el.value = '0';
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('#traffic-zipf-value')?.textContent.trim() === '0');
  await finished(page);
  const after = await canvasStats(page, '#traffic-nodes-0');
  assert(after.checksum !== before.checksum, 'the node chart did not change with the Zipf exponent');
  await page.waitForTimeout(700);
  const address = await page.evaluate(() => location.search);
  assert(address.includes('traffic-zipf=0'), `address: ${address}`);
  const again = await openPage(browser, `${base}/${address}`, { reducedMotion: 'reduce' });
  await finished(again.page);
  assert((await again.page.inputValue('#traffic-zipf')) === '0', 'the link lost the Zipf exponent');
  assert(JSON.stringify(await justAfter(again.page)) === JSON.stringify(await justAfter(page)), 'the same settings gave other figures');
  assert(problems.length === 0 && again.problems.length === 0, [...problems, ...again.problems].join('; '));
  await again.context.close();
  await context.close();
});
