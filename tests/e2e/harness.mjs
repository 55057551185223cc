// Shared set-up for the end-to-end tests: a static server for the release build in dist/,
// Debian's Chromium driven by playwright-core, and a tiny test runner that prints one
// result line per test and a closing "N passed, N failed" line.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, serveSite } from '../../scripts/site.mjs';

export { ROOT };
export const OUT = join(ROOT, 'tests/e2e/out');

// Serves dist/ (or RINGLAB_DIST, a private build while others use dist/) on 127.0.0.1 at a
// free port; `extraHeaders` lets a test add a CSP, and `mounts` serves other directories
// under a path (`{ '/book/': dir }`).
export async function serveDist(extraHeaders = {}, mounts = {}) {
  return serveSite({ headers: extraHeaders, mounts });
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

// A page that records console errors, page errors and dialogs, so each test can assert
// that none happened (a panic in wasm shows up as a console error).
export async function openPage(browser, url, { viewport = { width: 1280, height: 860 }, colorScheme = 'light', reducedMotion = 'no-preference' } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, reducedMotion, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('dialog', async (d) => { problems.push(`dialog: ${d.message()}`); await d.dismiss(); });
  await page.goto(url);
  return { page, context, problems };
}

export async function screenshot(page, name) {
  await mkdir(OUT, { recursive: true });
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

// A canvas's pixels, summed up. Every drawing fills its background first, so a blank one is
// not an empty canvas but one colour: `background` is the colour at the top-left corner,
// `painted` counts the pixels of any other colour (none on a drawing that filled only its
// background), `colours` how many other colours a sample of every 16th pixel holds, and
// `checksum` changes when the drawing changes. Runs in the page: pass it to `$eval` or
// `evaluate` (`page.$eval(selector, pixelStats)`; Playwright's selectors go into open
// shadow roots).
export function pixelStats(canvas) {
  const { width, height } = canvas;
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const rgba = (i) => ((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]) >>> 0;
  const background = data.length ? rgba(0) : 0;
  let painted = 0;
  let sum = 0;
  const colours = new Set();
  for (let i = 0; i < data.length; i += 4) {
    const other = data[i + 3] !== 0 && rgba(i) !== background;
    if (other) painted++;
    sum = (sum * 31 + data[i] * 7 + data[i + 1] * 13 + data[i + 2] * 17 + data[i + 3]) >>> 0;
    if (i % 64 === 0 && other) colours.add(rgba(i));
  }
  const hex = background.toString(16).padStart(8, '0');
  return { width, height, painted, checksum: sum, colours: colours.size, background: `#${hex}` };
}

export async function canvasStats(page, selector) {
  return page.$eval(selector, pixelStats);
}

const tests = [];
export function test(name, fn) { tests.push({ name, fn }); }

export async function run() {
  let passed = 0;
  let failed = 0;
  // RINGLAB_E2E_ONLY=text runs only the tests whose names contain it (while working on them).
  const only = process.env.RINGLAB_E2E_ONLY;
  for (const { name, fn } of tests) {
    if (only && !name.includes(only)) continue;
    const started = Date.now();
    try {
      await fn();
      passed++;
      console.log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${name}\n     ${String(err?.stack ?? err).split('\n').join('\n     ')}`);
    }
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed;
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}
