// End-to-end tests of the "keys drawn" setting (the Keys panel, `drawn=` in a link): it
// changes how many key dots the canvas draws, refuses bad values next to the control, and
// travels in the link and the stored state.
import { serveDist, launch, openPage, screenshot, test, assert } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

// The address follows the state after this long without a change.
const SETTLE = 700;

async function ready(page) {
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(500);
}

// Pixels of the ring's key band (the annulus the key dots are drawn in) that are not the
// background: the dots, counted from the canvas itself.
async function keyBandPixels(page) {
  return page.$eval('#ring-canvas', (canvas) => {
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const scale = width / canvas.clientWidth;
    // The ring's geometry (src/draw/ring.rs, Geometry::new with text on).
    const r = Math.min(width, height) / 2 - 24 * scale;
    const [inner, outer] = [0.52 * r, 0.74 * r];
    const [cx, cy] = [width / 2, height / 2];
    const bg = [data[0], data[1], data[2]];
    let dots = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        if (d < inner + 2 || d > outer - 2) continue;
        const i = 4 * (y * width + x);
        if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 24) dots++;
      }
    }
    return dots;
  });
}

async function drawn(page) {
  return Number(await page.getAttribute('#ring-canvas', 'data-drawn'));
}

async function setDrawn(page, value) {
  await page.fill('#drawn-keys', value);
  await page.click('#set-drawn');
  await page.waitForTimeout(300);
}

test('keys drawn: the setting changes how many key dots the ring draws', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?keys=20000`, { reducedMotion: 'reduce' });
  await ready(page);
  assert(await drawn(page) === 2000, `the default draws ${await drawn(page)} keys, not 2,000`);
  assert((await page.inputValue('#drawn-keys')) === '2000', 'the control does not show 2000');
  const at2000 = await keyBandPixels(page);
  await setDrawn(page, '0');
  assert(await drawn(page) === 0, `drawn=0 draws ${await drawn(page)} keys`);
  const at0 = await keyBandPixels(page);
  await setDrawn(page, '4000');
  assert(await drawn(page) === 4000, `drawn=4000 draws ${await drawn(page)} keys`);
  const at4000 = await keyBandPixels(page);
  // No dots leave the key band empty; twice the dots cover clearly more of it.
  assert(at0 < 50, `the key band has ${at0} coloured pixels with no keys drawn`);
  assert(at2000 > 5000, `2,000 keys colour only ${at2000} pixels of the key band`);
  assert(at4000 > at2000 * 1.3, `4,000 keys colour ${at4000} pixels, 2,000 keys ${at2000}`);
  const note = (await page.textContent('#sample-note')).trim();
  assert(/4,000 of 20,000/.test(note), `the legend's note says: ${note}`);
  // Nothing was placed again: the counts are the same.
  const summary = await page.textContent('#legend tbody');
  await setDrawn(page, '20000');
  assert(await drawn(page) === 20000, `drawn=20000 draws ${await drawn(page)} keys`);
  assert(await page.textContent('#legend tbody') === summary, 'the legend changed with the drawn keys');
  await screenshot(page, 'drawn-20000');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('keys drawn: a bad value shows a message next to the control and changes nothing', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?keys=20000`, { reducedMotion: 'reduce' });
  await ready(page);
  await setDrawn(page, '3000');
  const before = await keyBandPixels(page);
  const version = await page.$eval('#ring-canvas', (c) => c.toDataURL());
  for (const bad of ['20001', '-5', 'ten', '']) {
    await setDrawn(page, bad);
    const error = (await page.textContent('#drawn-keys-error')).trim();
    assert(/from 0 to 20,?000/.test(error), `for "${bad}" the message is: ${error}`);
    assert((await page.getAttribute('#drawn-keys', 'aria-invalid')) === 'true', `"${bad}": the control is not marked invalid`);
    assert((await page.inputValue('#drawn-keys')) === bad, `"${bad}": the control no longer shows what was typed`);
    assert(await drawn(page) === 3000, `"${bad}" changed the drawn keys to ${await drawn(page)}`);
  }
  assert(await keyBandPixels(page) === before, 'a refused value changed the key dots');
  assert(await page.$eval('#ring-canvas', (c) => c.toDataURL()) === version, 'a refused value changed the picture');
  await screenshot(page, 'drawn-refused');
  // A good value clears the message.
  await setDrawn(page, '2500');
  assert(await drawn(page) === 2500, 'a good value after a bad one was not used');
  assert((await page.$$('#drawn-keys-error')).length === 0, 'the message stayed after a good value');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});

test('keys drawn: the link and the stored state carry it', async () => {
  const a = await openPage(browser, `${base}/?keys=20000`, { reducedMotion: 'reduce' });
  await ready(a.page);
  await setDrawn(a.page, '12345');
  await a.page.waitForTimeout(SETTLE);
  const search = await a.page.evaluate(() => location.search);
  assert(search.includes('drawn=12345'), `the address does not carry drawn=12345: ${search}`);
  // A fresh page from the link draws the same.
  const b = await openPage(browser, `${base}/${search}`, { reducedMotion: 'reduce' });
  await ready(b.page);
  assert(await drawn(b.page) === 12345, `the link's page draws ${await drawn(b.page)} keys`);
  assert((await b.page.inputValue('#drawn-keys')) === '12345', 'the link\'s page does not show 12345');
  await b.context.close();
  // The same browser, opened without a link, restores it from storage.
  const c = await a.context.newPage();
  await c.goto(`${base}/`);
  await ready(c);
  assert(await drawn(c) === 12345, `the stored state draws ${await drawn(c)} keys`);
  // Back to the default: the parameter goes.
  await setDrawn(a.page, '2000');
  await a.page.waitForTimeout(SETTLE);
  const plain = await a.page.evaluate(() => location.search);
  assert(!plain.includes('drawn'), `the default is still in the address: ${plain}`);
  assert(a.problems.length === 0, `console or dialog problems: ${a.problems.join('; ')}`);
  await a.context.close();
});

test('keys drawn: a bad value in a link is reported and the rest of the link used', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?algo=jump&drawn=99999`, { reducedMotion: 'reduce' });
  await ready(page);
  const notice = (await page.textContent('#notice')).trim();
  assert(/drawn/.test(notice) && /99999 is out of range/.test(notice), `the notice says: ${notice}`);
  assert(await drawn(page) === 2000, `a bad drawn= drew ${await drawn(page)} keys`);
  assert((await page.inputValue('#algorithm')) === 'jump', 'the rest of the link was not used');
  assert(problems.length === 0, `console or dialog problems: ${problems.join('; ')}`);
  await context.close();
});
