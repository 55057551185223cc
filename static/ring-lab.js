// <ring-lab>: Ringlab as an element any page can hold, with one script tag:
//
//   <script type="module" src="https://…/ring-lab.js"></script>
//   <ring-lab algo="ketama" nodes="a:600,b:300,c:100" keys="2000" show="ring" lang="zh">
//     <p>What readers without JavaScript see (and search engines).</p>
//   </ring-lab>
//
// The attributes are the link's parameters (one table, src/model/url.rs, read by the wasm;
// no list of them here): every attribute is passed on as `name=value`, and what the lab
// cannot use is listed in a note inside the element. Changing an attribute mounts the lab
// again with the new ones. Every element on a page shares one download of the app and one
// WebAssembly instance; each starts when it first comes near the viewport. Each draws in
// its own shadow root, so no style leaks either way: the app's style sheets are read once
// and their page-level selectors (`html[data-embed]`, `:root[data-theme]`, `:root:lang(zh)`)
// are turned into ones on the lab's root inside the shadow root (`.ring-lab-root[…]`),
// where the lab marks its layout, theme and language. The theme follows the `theme` attribute,
// else an mdBook page's theme class on <html>, else the system's. After each change the
// element sends a `ringlab:change` event whose detail has `what` and `summary`, in words.
// No key is captured outside the element. Works under `script-src 'self'` (no inline
// script, no eval) and `style-src 'self'` (constructed style sheets, no <style> element).

const here = new URL('./', import.meta.url);

// Served beside the lab (the book's widgets), the lab's service worker keeps a copy for a
// visit without a network (static/sw.js); on another site's page, nothing is registered.
if (here.origin === location.origin && 'serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register(new URL('sw.js', here)).catch(() => {});
}

// mdBook's theme classes on <html>: which are dark.
const MDBOOK_DARK = ['coal', 'navy', 'ayu'];
const MDBOOK_LIGHT = ['light', 'rust'];

let app = null;

// The app, once for the page: its page (whose loader tag names the files, hashed by the
// build), its style sheets, its JavaScript glue and its WebAssembly. Every element shares it.
function loadApp() {
  app ??= (async () => {
    const index = await fetch(new URL('index.html', here));
    const doc = new DOMParser().parseFromString(await index.text(), 'text/html');
    const boot = doc.querySelector('script[data-ringlab-js][data-ringlab-wasm]');
    const sheets = [...doc.querySelectorAll('link[rel="stylesheet"][href]')];
    const [texts, glue] = await Promise.all([
      Promise.all(sheets.map(async (l) => (await fetch(new URL(l.getAttribute('href'), here))).text())),
      import(new URL(boot.dataset.ringlabJs, here).href),
    ]);
    await glue.default({ module_or_path: new URL(boot.dataset.ringlabWasm, here) });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(texts.map(forShadow).join('\n') + HOST_RULES);
    return { glue, sheet };
  })();
  app.catch(() => { app = null; });
  return app;
}

// The reader's default font size, in pixels: what the app's `rem` means on its own page. A
// host page may set its root's font size to anything (mdBook's is 62.5%, 10 px), which
// inside the shadow root would shrink every text of the lab.
function defaultFontPx() {
  const probe = document.createElement('div');
  // Through the CSSOM, which a strict Content-Security-Policy allows (a style attribute not).
  for (const [name, value] of [['position', 'absolute'], ['visibility', 'hidden'], ['font-size', 'medium']]) {
    probe.style.setProperty(name, value);
  }
  document.body.append(probe);
  const px = parseFloat(getComputedStyle(probe).fontSize) || 16;
  probe.remove();
  return px;
}

// The app's page-level selectors, made the element's own; `rem` lengths as the reader's
// default font size makes them (`defaultFontPx`).
// Its layouts by width follow the element's width, not the window's: an element in a
// column of text is laid out as a page that wide would be.
function forShadow(css) {
  const rem = defaultFontPx();
  return css
    .replace(/(\d*\.?\d+)rem\b/g, (_, n) => `${+(Number(n) * rem).toFixed(3)}px`)
    .replace(/html\s*,\s*body/g, '.ring-lab-root')
    .replace(/:root|\bhtml(?=\[)/g, '.ring-lab-root')
    .replace(/@media\s*(?=\((?:min|max)-width)/g, '@container ');
}

const HOST_RULES = `
:host { display: block; contain: content; container-type: inline-size; }
:host([hidden]) { display: none; }
.ring-lab-root { min-height: 120px; }
.ring-lab-root[data-present] { font-size: 1.35em; }
:host(:fullscreen) { overflow: auto; background: Canvas; }
/* Full screen: the ring no taller than the screen leaves below the lecture's bar. */
:host(:fullscreen) .ring-lab-root[data-present] .canvas-box.square { max-width: min(100%, 720px, calc(100vh - 280px)); }
`;

// The theme the host page asks for, when the element has no `theme` attribute: an mdBook
// page's class on <html>, else none (the system's).
function hostTheme() {
  const classes = document.documentElement.classList;
  if (MDBOOK_DARK.some((c) => classes.contains(c))) return 'dark';
  if (MDBOOK_LIGHT.some((c) => classes.contains(c))) return 'light';
  return null;
}

class RingLabElement extends HTMLElement {
  #lab = null;
  #root = null;
  #visible = null;
  #onscreen = null;
  #attributes = null;
  #started = false;
  #glue = null;

  connectedCallback() {
    if (this.#visible) return;
    // Start when the element first comes within a quarter of a screen of the viewport: one
    // further down starts when the reader scrolls near it, not while the page itself starts
    // (each start holds a phone for tens of milliseconds).
    this.#visible = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.#visible.disconnect();
        this.#start();
      }
    }, { rootMargin: '25% 0px' });
    this.#visible.observe(this);
  }

  disconnectedCallback() {
    this.#visible?.disconnect();
    this.#visible = null;
    this.#onscreen?.disconnect();
    this.#onscreen = null;
    this.#attributes?.disconnect();
    this.#attributes = null;
    this.#lab?.destroy();
    this.#lab = null;
    this.#started = false;
  }

  async #start() {
    if (this.#started) return;
    this.#started = true;
    let loaded;
    try {
      loaded = await loadApp();
    } catch (e) {
      console.error('ring-lab: could not load Ringlab', e);
      this.#started = false;
      return;
    }
    // Each element starts in a task of its own: those waiting on the one download would
    // otherwise all start in the task that finished it, holding a phone for their sum.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!this.isConnected) return;
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: 'open' });
      shadow.adoptedStyleSheets = [loaded.sheet];
      this.#root = document.createElement('div');
      this.#root.className = 'ring-lab-root';
      shadow.append(this.#root);
    }
    this.#glue = loaded.glue;
    this.#mount();
    // Off-screen, the lab holds its animation where it is (it reads the root's
    // data-offscreen each frame) and draws nothing until the element is back in view.
    this.#onscreen = new IntersectionObserver((entries) => {
      this.#root.toggleAttribute('data-offscreen', !entries[entries.length - 1].isIntersecting);
    });
    this.#onscreen.observe(this);
    // Attributes of the element, and the mdBook theme of the page, remount it.
    this.#attributes = new MutationObserver(() => this.#mount());
    this.#attributes.observe(this, { attributes: true });
    if (!this.hasAttribute('theme')) {
      this.#attributes.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    }
  }

  #query() {
    const pairs = [];
    const seen = new Set();
    for (const { name, value } of this.attributes) {
      // The page's own attributes of any element are not the lab's parameters.
      if (name.startsWith('data-') || name.startsWith('aria-') || ['style', 'class', 'id', 'hidden', 'title'].includes(name)) continue;
      pairs.push([name, value]);
      seen.add(name);
    }
    const theme = hostTheme();
    if (!seen.has('theme') && theme) pairs.push(['theme', theme]);
    // A value is written as in a link (names percent-encoded where the link grammar says
    // so): only what would end the parameter, or read as a space, is escaped here.
    const raw = (v) => v.replace(/[&#+ ]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
    return pairs.map(([n, v]) => (v === '' ? raw(n) : `${raw(n)}=${raw(v)}`)).join('&');
  }

  #mount() {
    const query = this.#query();
    if (query === this.dataset.ringlabQuery && this.#lab) return;
    this.dataset.ringlabQuery = query;
    this.#lab?.destroy();
    this.#root.replaceChildren();
    const onChange = (what, summary) => {
      this.dispatchEvent(new CustomEvent('ringlab:change', { detail: { what, summary }, bubbles: true, composed: true }));
    };
    this.#lab = this.#glue.mountRingLab(this.#root, query, onChange, here.href);
  }
}

if (!customElements.get('ring-lab')) customElements.define('ring-lab', RingLabElement);
