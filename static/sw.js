// Ringlab's service worker: after a first visit, the lab, the book pages read and the
// <ring-lab> element open with no network (a lecture hall's Wi-Fi).
//
// On install it keeps a copy of the page and of every file the page names (the hashed
// JavaScript, WebAssembly and style sheets Trunk wrote into index.html), with the element's
// files and the Chinese words. Then every request of this site goes to the network first,
// and the answer refreshes the copy, so a new build is used as soon as it is served; without
// a network the copy answers. A file asked for with another query (a link's `?nodes=…`, the
// words' `?v=`) is the same file, so its copy answers it too.
const CACHE = 'ringlab';
const ALSO = ['ring-lab.js', 'ring-lab.css', 'ring-lab-example.html', 'zh.ftl', 'favicon.svg'];

async function keepTheBuild() {
  const cache = await caches.open(CACHE);
  const page = await fetch('./', { cache: 'no-cache' });
  // The files the page names are hashed by the build: the browser's cache may answer.
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put('./', page.clone());
  // The element asks for the page by its name.
  await cache.put('index.html', page);
  const named = [...html.matchAll(/(?:href|src|data-ringlab-js|data-ringlab-wasm)="([^"#?]+)"/g)]
    .map((m) => m[1])
    .filter((url) => !/^[a-z]+:/i.test(url) && !url.startsWith('//'));
  await Promise.all([...new Set([...named, ...ALSO])].map(async (url) => {
    try {
      const res = await fetch(url);
      if (res.ok) await cache.put(url, res);
    } catch {
      // A file that cannot be fetched now is kept the next time it is asked for.
    }
  }));
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
