import { serveDist, launch, openPage, screenshot } from './harness.mjs';
const { server, base } = await serveDist();
const browser = await launch();
const { page, context } = await openPage(browser, base + '/?nodes=' + 'w'.repeat(250) + ':100,b:100', { reducedMotion: 'reduce' });
await page.waitForSelector('#legend tbody tr');
await page.fill('#add-name', 'v'.repeat(250)); await page.click('#add-node');
await page.waitForTimeout(800);
const wide = await page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1 && r.width > 0) out.push(`${el.tagName}#${el.id}.${el.className} w=${Math.round(r.width)} right=${Math.round(r.right)}`);
  }
  return out.slice(0, 25);
});
console.log(wide.join('\n'));
await screenshot(page, 'hard-wide');
await context.close(); await browser.close(); server.close();
