// End-to-end tests of the real systems in the app (issue 13): one click in the algorithm
// menu's "Real systems" group sets a system, which is drawn as what it is (a ring, a table
// of slots or partitions, buckets), names its source file with a link, travels in the
// address as system=, and refuses a key the system refuses, in both languages.
import { readFileSync } from 'node:fs';
import { serveDist, launch, openPage, screenshot, canvasStats, test, assert } from './harness.mjs';

// How many systems the registry holds: one book page each under "Real systems" in the
// book's SUMMARY.md, which the book's build checks against `ringlab list`.
const summary = readFileSync(new URL('../../docs/book/src/SUMMARY.md', import.meta.url), 'utf8');
const systemCount = summary.split(/^# /m).find((part) => part.startsWith('Real systems'))
  .split('\n').filter((line) => line.includes('](systems/')).length;

const { base } = await serveDist();
const browser = await launch();

async function ready(page) {
  await page.waitForSelector('#ring-canvas', { timeout: 30000 });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForTimeout(400);
}

for (const lang of ['en', 'zh']) {
  test(`systems: one click sets nginx, names its source and draws its ring (${lang})`, async () => {
    const { page, context, problems } = await openPage(browser, `${base}/?lang=${lang}`, { reducedMotion: 'reduce' });
    await ready(page);
    const textbook = await canvasStats(page, '#ring-canvas');
    const groups = await page.$$eval('#algorithm optgroup', (g) => g.map((x) => x.children.length));
    assert(groups.length === 2 && groups[1] === systemCount, `menu groups: ${groups}, ${systemCount} systems in the registry`);
    await page.selectOption('#algorithm', 'system:nginx');
    // Right after the change the address is the state before it plus the change.
    await page.waitForFunction(() => decodeURIComponent(location.search).includes('change=algo:system:nginx'), null, { timeout: 10000 });
    await page.waitForTimeout(300);
    const href = await page.getAttribute('.system-source a', 'href');
    assert(href === 'https://github.com/nginx/nginx/blob/HEAD/src/http/modules/ngx_http_upstream_hash_module.c', `source link: ${href}`);
    assert((await page.$('#hash')) === null, 'a system hashes its own way: no hash menu');
    const about = await page.textContent('#algorithm-about');
    assert(lang === 'en' ? /160 points/.test(about) : /160 个点/.test(about), `about: ${about}`);
    const ring = await canvasStats(page, '#ring-canvas');
    assert(ring.painted > ring.width * ring.height * 0.05 && ring.colours >= 4, 'nginx ring is nearly blank');
    assert(ring.checksum !== textbook.checksum, 'nginx is drawn as the textbook ring');
    // The key walk names nginx's own hash, CRC-32 (IEEE).
    await page.fill('#explain-key', 'user:1:abc');
    await page.waitForTimeout(200);
    const steps = await page.textContent('#explain-output');
    assert(/crc32-ieee\(.user:1:abc.\) = \d+/.test(steps), `steps: ${steps}`);
    const caption = await page.textContent('#picture-caption');
    assert(caption.includes('crc32-ieee'), `caption: ${caption}`);
    await screenshot(page, `systems-nginx-${lang}`);
    // That link opens nginx again, with the same picture (the change and the walk); the
    // address takes the typed key a moment after the typing.
    await page.waitForFunction(() => location.search.includes('explain='), null, { timeout: 10000 });
    const shown = await canvasStats(page, '#ring-canvas');
    const again = await openPage(browser, page.url(), { reducedMotion: 'reduce' });
    await ready(again.page);
    assert((await again.page.inputValue('#algorithm')) === 'system:nginx', 'the link does not reopen nginx');
    const reopened = await canvasStats(again.page, '#ring-canvas');
    assert(reopened.checksum === shown.checksum, `the link draws another picture: ${JSON.stringify([shown, reopened])}`);
    await again.context.close();
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

test('systems: each picture is the system\'s own, and system= opens it', async () => {
  const seen = new Map();
  for (const system of ['haproxy', 'redis-cluster', 'envoy-maglev', 'cassandra', 'riak', 'guava']) {
    const { page, context, problems } = await openPage(browser, `${base}/?system=${system}&lang=en`, { reducedMotion: 'reduce' });
    await ready(page);
    assert((await page.inputValue('#algorithm')) === `system:${system}`, `${system}: menu shows ${await page.inputValue('#algorithm')}`);
    const pic = await canvasStats(page, '#ring-canvas');
    assert(pic.painted > 1000 && pic.colours >= 3, `${system}: picture is nearly blank`);
    for (const [other, sum] of seen) assert(sum !== pic.checksum, `${system} is drawn as ${other}`);
    seen.set(system, pic.checksum);
    const summary = (await page.textContent('#summary')).trim();
    assert(summary.length > 0, `${system}: no summary`);
    await screenshot(page, `systems-${system}`);
    assert(problems.length === 0, `${system}: ${problems.join('; ')}`);
    await context.close();
  }
});

test('systems: a key the system refuses is refused with its reason, and nothing changes', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?system=twemproxy&lang=en`, { reducedMotion: 'reduce' });
  await ready(page);
  await page.fill('#explain-key', 'has space');
  await page.waitForSelector('#explain-key-error', { timeout: 5000 });
  const error = await page.textContent('#explain-key-error');
  assert(/twemproxy cannot take the key "has space"/.test(error), `error: ${error}`);
  assert((await page.getAttribute('#explain-key', 'aria-invalid')) === 'true', 'the field is not marked invalid');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

// Riak keeps a key on its partition and the next n_val - 1: the walk says where, and the
// picture outlines the other partitions too (more outline than for a system without copies).
test('systems: Riak says and draws a key\'s preference list', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?system=riak&lang=en`, { reducedMotion: 'reduce' });
  await ready(page);
  const plain = await canvasStats(page, '#ring-canvas');
  await page.fill('#explain-key', 'user:42');
  await page.waitForFunction(() => /keeps 3 copies of it/.test(document.body.textContent), null, { timeout: 5000 });
  const line = await page.evaluate(() => [...document.querySelectorAll('li, p')].map((e) => e.textContent).find((t) => /keeps 3 copies/.test(t)));
  assert(/the owner first: cache-\w, cache-\w, cache-\w\./.test(line), line);
  await page.waitForTimeout(300);
  const outlined = await canvasStats(page, '#ring-canvas');
  assert(outlined.checksum !== plain.checksum, 'the picture did not change for the explained key');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('systems: a weight that is not a whole nginx weight is refused, and nothing changes', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?system=nginx&lang=en`, { reducedMotion: 'reduce' });
  await ready(page);
  const before = await page.$$eval('#legend tbody tr', (r) => r.length);
  await page.fill('#add-name', 'cache-e');
  await page.fill('#add-weight', '150');
  await page.click('#add-node');
  await page.waitForSelector('.field-error', { timeout: 5000 });
  const errors = await page.$$eval('.field-error', (e) => e.map((x) => x.textContent).join(' | '));
  assert(/nginx takes whole weights, in hundreds/.test(errors), `errors: ${errors}`);
  const after = await page.$$eval('#legend tbody tr', (r) => r.length);
  assert(after === before, `the legend went from ${before} to ${after} rows`);
  await page.fill('#add-weight', '300');
  await page.click('#add-node');
  await page.waitForFunction((n) => document.querySelectorAll('#legend tbody tr').length === n + 1, before, { timeout: 10000 });
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('systems: Envoy\'s ring sizes: a larger ring is built in slices behind the progress bar, and a minimum above the maximum is refused', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?system=envoy-ring-hash&lang=en`, { reducedMotion: 'reduce' });
  await ready(page);
  const labels = await page.$$eval('label[for="min-ring-size"], label[for="max-ring-size"]', (l) => l.map((x) => x.textContent));
  assert(labels.join('|') === 'Minimum ring size|Maximum ring size', `labels: ${labels}`);
  const small = await canvasStats(page, '#ring-canvas');
  // 400,000 entries: more than a change builds inside one action.
  await page.fill('#min-ring-size', '400000');
  await page.press('#min-ring-size', 'Tab');
  // The bar says what it waits for: the ring first (4 hosts × 100,000 entries), then the keys.
  const what = await (await page.waitForFunction(() => document.querySelector('#job-progress .work-status')?.textContent, null, { timeout: 5000 })).jsonValue();
  assert(what === 'Building a ring of 400,000 points, then placing 10,000 keys…', `the bar reads: ${what}`);
  await page.waitForFunction(() => !document.querySelector('progress'), null, { timeout: 60000 });
  await page.waitForFunction(() => decodeURIComponent(location.search).includes('change=param:min-ring:400000'), null, { timeout: 10000 });
  const summary = await page.textContent('#summary');
  assert(/minimum ring size set to 400,000/.test(summary), `summary: ${summary}`);
  const large = await canvasStats(page, '#ring-canvas');
  assert(large.painted > large.width * large.height * 0.05, 'the large ring is nearly blank');
  assert(large.checksum !== small.checksum, 'the ring of 400,000 entries is drawn as the one of 1,026');
  // A fifth host on the large ring: built from the ring before (each host keeps its first
  // 80,000 entries), and its keys' moves shown.
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => /added cache-e/.test(document.querySelector('#summary')?.textContent ?? '') && !document.querySelector('progress'), null, { timeout: 60000 });
  const moved = await page.textContent('#summary');
  // Envoy shares the scale out again: each host loses its last fifth of entries, and the
  // keys on them go to whichever entry follows, old hosts' too (about 30%, not 20%).
  const share = /([\d,]+) of 10,000 keys moved/.exec(moved);
  const count = share ? Number(share[1].replace(/,/g, '')) : 0;
  assert(count > 2000 && count < 4000 && /cache-. → cache-e/.test(moved), `after the join: ${moved}`);
  // Envoy refuses a minimum above the maximum: said, and nothing changes.
  const before = await page.textContent('#summary');
  await page.fill('#max-ring-size', '1000');
  await page.press('#max-ring-size', 'Tab');
  await page.waitForSelector('.field-error', { timeout: 5000 });
  const errors = await page.$$eval('.field-error', (e) => e.map((x) => x.textContent).join(' | '));
  assert(/minimum ring size 400,?000 is above the maximum 1,?000/.test(errors), `errors: ${errors}`);
  assert((await page.textContent('#summary')) === before, 'the refused sizes changed the lab');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

// A system's own configuration, pasted (issue 35): a Varnish VCL sets the shard director
// with the replicas it names, and the ring is drawn anew.
test('systems: a pasted Varnish VCL shows the shard director, with its backends, weights and replicas', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?lang=en`, { reducedMotion: 'reduce' });
  await ready(page);
  const before = await canvasStats(page, '#ring-canvas');
  await page.click('.paste-servers summary');
  const vcl = [
    'sub vcl_init {',
    '    new vd = directors.shard();',
    '    vd.add_backend(web1);',
    '    vd.add_backend(web2, weight=2);',
    '    vd.add_backend(be=web3, ident="cache-c");',
    '    vd.reconfigure(replicas=25);',
    '}',
  ].join('\n');
  await page.fill('#paste-servers', vcl);
  await page.click('#use-servers');
  await page.waitForFunction(() => /servers read from a Varnish/.test(document.querySelector('#summary')?.textContent ?? ''), null, { timeout: 10000 });
  assert((await page.inputValue('#algorithm')) === 'system:varnish-shard', `menu: ${await page.inputValue('#algorithm')}`);
  assert((await page.inputValue('#shard-replicas')) === '25', `replicas: ${await page.inputValue('#shard-replicas')}`);
  const rows = await page.$$eval('#legend tbody tr', (r) => r.map((x) => [...x.cells].slice(0, 2).map((c) => c.textContent.trim())));
  assert(JSON.stringify(rows) === JSON.stringify([['web1', '25'], ['web2', '50'], ['cache-c', '25']]), `legend: ${JSON.stringify(rows)}`);
  const caption = await page.textContent('#picture-caption');
  assert(/100 points/.test(caption), `caption: ${caption}`);
  const after = await canvasStats(page, '#ring-canvas');
  assert(after.painted > after.width * after.height * 0.05 && after.checksum !== before.checksum, 'the ring is not drawn anew');
  await screenshot(page, 'systems-varnish-pasted');
  // A line the lab cannot replay is refused by its number, and nothing changes.
  await page.fill('#paste-servers', 'new vd = directors.shard();\nvd.add_backend(web1);\nvd.remove_backend(web1);');
  await page.click('#use-servers');
  await page.waitForSelector('#paste-servers-error', { timeout: 5000 });
  assert(/line 3/.test(await page.textContent('#paste-servers-error')), 'the bad line is not named');
  assert((await page.$$('#legend tbody tr')).length === 3, 'the refused VCL changed the nodes');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

// Two clients of one cluster side by side (issue 35): a button ticks a program's clients and
// each column after the first counts the keys it places on the same node as the first.
test('systems: Compare ticks the clients of one program and counts the keys they place alike', async () => {
  const nodes = '10.0.0.1%3A11211:100,10.0.0.2%3A11211:100,10.0.0.3%3A11211:100';
  const { page, context, problems } = await openPage(browser, `${base}/?view=compare&compare-change=none&keys=6000&nodes=${nodes}&lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#compare-clients-memcached', { timeout: 30000 });
  await page.click('#compare-clients-memcached');
  await page.waitForSelector('#compare-table tbody tr[data-algo="libmemcached"]', { timeout: 15000 });
  const rows = await page.$$eval('#compare-table tbody tr', (r) => r.map((x) => [x.dataset.algo, x.querySelector('[data-testid="alike"]')?.textContent.trim()]));
  assert(rows.length === 4, `rows: ${JSON.stringify(rows)}`);
  assert(rows[0][1] === '—', `the first column is compared with itself: ${rows[0][1]}`);
  const shares = {};
  for (const [algo, text] of rows.slice(1)) {
    const m = /^([\d,]+) \(([\d.]+)%\)$/.exec(text ?? '');
    assert(m, `${algo}: ${text}`);
    shares[algo] = Number(m[1].replace(/,/g, '')) / 6000;
    assert(Math.abs(shares[algo] * 100 - Number(m[2])) < 0.06, `${algo}: ${text}`);
  }
  // The Java client's ketama is libketama's, point for point: every key alike. pymemcache's
  // rendezvous shares nothing with it: about a third alike on three servers, by chance.
  assert(shares.spymemcached === 1, `spymemcached: ${JSON.stringify(shares)}`);
  assert(shares.pymemcache > 0.2 && shares.pymemcache < 0.5, `pymemcache: ${JSON.stringify(shares)}`);
  await page.click('#compare-clients-kafka');
  await page.waitForSelector('#compare-table tbody tr[data-algo="librdkafka"]', { timeout: 15000 });
  assert((await page.$$('#compare-table tbody tr')).length === 2, 'kafka has two clients');
  await screenshot(page, 'systems-compare-clients');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});
