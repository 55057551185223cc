// Starts Ringlab without an inline script, so that the page runs under a
// Content-Security-Policy that allows scripts from 'self' (and 'wasm-unsafe-eval' for the
// WebAssembly) only. Trunk's own loader is an inline <script type="module">; Trunk.toml's
// `pattern_script` replaces it with a tag loading this file, which carries the hashed file
// names of the app's JavaScript glue and WebAssembly in data attributes.
// Marks for bench/app/startup.mjs (the wasm adds ringlab:wasm-start and ringlab:first-ring).
performance.mark('ringlab:boot');
const tag = document.querySelector('script[data-ringlab-js][data-ringlab-wasm]');

// The page before the wasm arrives (src/prerender.rs) shows its ring before the app
// replaces it: on a fast connection the wasm can be ready before the picture is on the
// screen, and the reader would see the page's frame flash by without it; on a slow one the
// wasm, fetched at once, would share the line with the picture and delay it. So the app is
// fetched once the browser reports the picture painted (as the page's largest paint), or
// after a second at most.
function firstRingShown() {
  const ring = document.querySelector('.first-ring');
  if (!ring || document.documentElement.dataset.firstPage === 'other') return Promise.resolve();
  return new Promise((shown) => {
    const done = () => {
      observer?.disconnect();
      shown();
    };
    let observer = null;
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => e.element === ring)) done();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else {
      ring.decode().then(done, done);
    }
    setTimeout(done, 1000);
  });
}

await firstRingShown();
const glue = await import(tag.dataset.ringlabJs);
const wasm = await glue.default({ module_or_path: tag.dataset.ringlabWasm });
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));

// A copy of the build for the next visit without a network (static/sw.js), ten seconds
// after the lab runs, so that keeping it (the wasm a second time, if the browser's cache
// does not answer) does not compete with what the reader does first. Registered at once,
// it took Lighthouse's mobile blocking time from 118 to 251 ms (scripts/bench-app).
if ('serviceWorker' in navigator && window.isSecureContext) {
  setTimeout(() => {
    navigator.serviceWorker.register(new URL('sw.js', document.baseURI)).catch(() => {});
  }, 10000);
}
