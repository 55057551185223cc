// Ringlab's service worker: after a first visit, the lab, its book and the <ring-lab>
// element open with no network (a lecture hall's Wi-Fi).
//
// On install it keeps a copy of the page and of every file the page names (the hashed
// JavaScript, WebAssembly and style sheets Trunk wrote into index.html), with the element's
// files and the Chinese words. Then every request of this site goes to the network first,
// and the answer refreshes the copy, so a new build is used as soon as it is served; without
// a network the copy answers. A file asked for with another query (a link's `?nodes=…`, the
// words' `?v=`) is the same file, so its copy answers it too.
//
// Each time the lab's page comes from the network, the copies of other builds' hashed files
// beside it are dropped. Reading one page of the book keeps the whole book: every page its
// table of contents lists, the files the page names and the fonts, each fetched once.
const CACHE = 'ringlab';
const ALSO = ['ring-lab.js', 'ring-lab.css', 'ring-lab-example.html', 'zh.ftl', 'favicon.svg'];
// A name Trunk or mdBook hashed: `ringlab-app-480f2d160166f6fe_bg.wasm`, `book-609e4cb8.js`.
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/;

// The relative files an HTML page or style sheet names, as absolute URLs.
function named(text, base) {
  const found = [
    ...text.matchAll(/(?:href|src|data-ringlab-js|data-ringlab-wasm)="([^"#?]+)"/g),
    ...text.matchAll(/path_to_searchindex_js = "([^"]+)"/g),
    ...text.matchAll(/url\('?([^')#?]+)'?\)/g),
  ].map((m) => m[1]);
  return found
    .filter((url) => !/^[a-z]+:/i.test(url) && !url.startsWith('//'))
    .map((url) => new URL(url, base).href);
}

// Fetches each of `urls` the cache has no copy of, and keeps it; says whether all are kept.
async function keepMissing(cache, urls) {
  const kept = await Promise.all([...new Set(urls)].map(async (url) => {
    if (await cache.match(url, { ignoreVary: true })) return true;
    try {
      const res = await fetch(url);
      if (res.ok) await cache.put(url, res);
      return res.ok;
    } catch {
      // A file that cannot be fetched now is kept the next time it is asked for.
      return false;
    }
  }));
  return kept.every(Boolean);
}

// Drops the copies of hashed files directly in `dir` that `keep` does not list: an
// earlier build's.
async function dropOthers(cache, dir, keep) {
  const wanted = new Set(keep);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    url.search = '';
    const inDir = url.href.startsWith(dir) && !url.href.slice(dir.length).includes('/');
    if (inDir && HASHED.test(url.pathname) && !wanted.has(url.href)) {
      await cache.delete(request, { ignoreSearch: true, ignoreVary: true });
    }
  }
}

async function keepTheBuild() {
  const cache = await caches.open(CACHE);
  const page = await fetch('./', { cache: 'no-cache' });
  // The files the page names are hashed by the build: the browser's cache may answer.
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put('./', page.clone());
  // The element asks for the page by its name.
  await cache.put('index.html', page);
  const base = self.registration.scope;
  await keepMissing(cache, [...named(html, base), ...ALSO.map((f) => new URL(f, base).href)]);
}

// The lab's page as the network gave it: other builds' files go.
async function afterTheLab(url, html) {
  const cache = await caches.open(CACHE);
  const dir = new URL('./', url).href;
  await dropOthers(cache, dir, named(html, url));
}

// A book page as the network gave it (mdBook writes `path_to_root`): the rest of the book.
async function keepTheBook(url, html) {
  const root = html.match(/path_to_root = "([^"]*)"/);
  if (!root) return;
  const cache = await caches.open(CACHE);
  const rootUrl = new URL(root[1] || './', url).href;
  const files = named(html, url);
  const toc = files.find((f) => /\/toc-[0-9a-f]+\.js$/.test(f));
  // Once this book (its table of contents is hashed by the build) is kept whole, later
  // pages read ask for nothing more.
  const whole = toc && `${toc}?ringlab-kept-whole`;
  if (whole && await cache.match(whole)) return;
  const pages = [];
  if (toc) {
    try {
      const text = await (await fetch(toc)).text();
      for (const m of text.matchAll(/href=\\?"([^"\\#]+\.html)/g)) pages.push(new URL(m[1], rootUrl).href);
    } catch {
      return;
    }
  }
  const fonts = [];
  for (const css of files.filter((f) => /\/fonts\/[^/]+\.css$/.test(f))) {
    try {
      fonts.push(...named(await (await fetch(css)).text(), css));
    } catch {
      // The fonts wait for the next page read.
    }
  }
  if (await keepMissing(cache, [...files, ...pages, ...fonts]) && whole) {
    await cache.put(whole, new Response(''));
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepTheBuild().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') {
        await cache.put(request, response.clone());
        const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
        if (request.mode === 'navigate' && html) {
          const text = await response.clone().text();
          // After the answer: the page does not wait for the copies.
          event.waitUntil(text.includes('data-ringlab-wasm') || /_bg\.wasm"/.test(text)
            ? afterTheLab(request.url, text)
            : keepTheBook(request.url, text));
        }
      }
      return response;
    } catch (offline) {
      // The file asked for, else the same file kept under another query (a page's link, the
      // words' `?v=` of another build).
      const kept = await cache.match(request, { ignoreVary: true })
        ?? await cache.match(request, { ignoreSearch: true, ignoreVary: true });
      if (kept) return kept;
      throw offline;
    }
  })());
});
