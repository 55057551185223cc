// Starts Ringlab without an inline script, so that the page runs under a
// Content-Security-Policy that allows scripts from 'self' (and 'wasm-unsafe-eval' for the
// WebAssembly) only. Trunk's own loader is an inline <script type="module">; Trunk.toml's
// `pattern_script` replaces it with a tag loading this file, which carries the hashed file
// names of the app's JavaScript glue and WebAssembly in data attributes.
//
// The app comes in two builds: the first load (the lab and the tour) and the whole lab
// (every view; scripts/build-whole-lab). A link to another view starts the whole lab at
// once; otherwise the first load starts, and it calls `ringlabWholeLab` when another view is
// opened, having written the state to the address: the whole lab is fetched and compiled
// while the first load still shows, then takes its place and reads the state back.
// Marks for bench/app/startup.mjs (the wasm adds ringlab:wasm-start and ringlab:first-ring).
performance.mark('ringlab:boot');
const tag = document.querySelector('script[data-ringlab-js][data-ringlab-wasm]');
const whole = { js: tag.dataset.ringlabWholeJs, wasm: tag.dataset.ringlabWholeWasm };

// The views the first load has (`ViewKind::needs_whole_lab`; tests/architecture.rs checks
// this list against it).
const FIRST_LOAD_VIEWS = ['explore', 'tour'];
const view = new URLSearchParams(location.search).get('view');
const wantsWhole = view !== null && !FIRST_LOAD_VIEWS.includes(view.trim().toLowerCase());

let wholeLoading = null;
globalThis.ringlabWholeLab = () => {
  wholeLoading ??= (async () => {
    const [glue, module] = await Promise.all([
      import(whole.js),
      fetch(whole.wasm).then((r) => {
        if (!r.ok) throw new Error(`${whole.wasm}: ${r.status}`);
        return r.arrayBuffer();
      }).then((bytes) => WebAssembly.compile(bytes)),
    ]);
    // The swap keeps the page's height (no jump to the top) and the focus (the tab just
    // picked), once the whole lab has drawn them again.
    const app = document.getElementById('app');
    const focused = document.activeElement?.id;
    if (app) app.style.minHeight = `${app.offsetHeight}px`;
    firstLoad?.unmountLab();
    app?.replaceChildren();
    await glue.default({ module_or_path: module });
    document.documentElement.dataset.ringlabBuild = 'whole';
    await afterRedrawn(focused);
    if (app) app.style.minHeight = '';
  })();
  // A failed load may be tried again (the next view opened).
  wholeLoading.catch(() => { wholeLoading = null; });
  return wholeLoading;
};

// Waits (a few seconds at most) until the whole lab shows the element that had the focus,
// and focuses it; or, without one, until the lab shows anything.
async function afterRedrawn(id) {
  for (let frame = 0; frame < 300; frame++) {
    const shown = id ? document.getElementById(id) : document.querySelector('#app > *');
    if (shown) {
      shown.focus?.();
      return;
    }
    await new Promise((r) => requestAnimationFrame(r));
  }
}

let firstLoad = null;
let wasm;
if (wantsWhole) {
  await globalThis.ringlabWholeLab();
} else {
  firstLoad = await import(tag.dataset.ringlabJs);
  wasm = await firstLoad.default({ module_or_path: tag.dataset.ringlabWasm });
  document.documentElement.dataset.ringlabBuild = 'first';
}
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
