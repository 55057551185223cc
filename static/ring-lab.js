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
// its own shadow root, so no style leaks either way (the app comes in two builds: elements
// start with the first load, the lab and the tour, and one switches to the whole lab when
// it shows another view): the app's style sheets are read once
// and their page-level selectors (`html[data-embed]`, `:root[data-theme]`, `:root:lang(zh)`)
// are turned into ones on the lab's root inside the shadow root (`.ring-lab-root[…]`),
// where the lab marks its layout, theme and language. The theme follows the `theme` attribute,
// else an mdBook page's theme class on <html>, else the system's. After each change the
// element sends a `ringlab:change` event whose detail has `what` and `summary`, in words.
// No key is captured outside the element. Works under `script-src 'self'` (no inline
// script, no eval) and `style-src 'self'` (constructed style sheets, no <style> element).

const here = new URL('./', import.meta.url);

// mdBook's theme classes on <html>: which are dark.
const MDBOOK_DARK = ['coal', 'navy', 'ayu'];
const MDBOOK_LIGHT = ['light', 'rust'];

// The views the first load has (`ViewKind::needs_whole_lab`; tests/architecture.rs checks
// this list against it). An element showing another view starts with the whole lab.
const FIRST_LOAD_VIEWS = ['explore', 'tour'];

let page = null;
const builds = {};

// The app's page (its loader tag names the builds' files, hashed by the build) and its style
// sheets, once for the page.
function loadPage() {
  page ??= (async () => {
    const index = await fetch(new URL('index.html', here));
    const doc = new DOMParser().parseFromString(await index.text(), 'text/html');
    const boot = doc.querySelector('script[data-ringlab-js][data-ringlab-wasm]');
    const sheets = [...doc.querySelectorAll('link[rel="stylesheet"][href]')];
    const texts = await Promise.all(sheets.map(async (l) => (await fetch(new URL(l.getAttribute('href'), here))).text()));
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(texts.map(forShadow).join('\n') + HOST_RULES);
    return { boot, sheet };
  })();
  return page;
}

// One of the app's two builds, its JavaScript glue and its WebAssembly, once for the page:
// 'first' (the lab and the tour) or 'whole' (every view). Elements share each; the whole lab
// is loaded only for an element that shows a view the first load lacks.
function loadBuild(kind) {
  builds[kind] ??= (async () => {
    const { boot, sheet } = await loadPage();
    const [js, wasm] = kind === 'whole'
      ? [boot.dataset.ringlabWholeJs, boot.dataset.ringlabWholeWasm]
      : [boot.dataset.ringlabJs, boot.dataset.ringlabWasm];
    const glue = await import(new URL(js, here).href);
    await glue.default({ module_or_path: new URL(wasm, here) });
    return { glue, sheet };
  })();
  builds[kind].catch(() => { delete builds[kind]; });
  return builds[kind];
}

// The app's page-level selectors, made the element's own.
// Its layouts by width follow the element's width, not the window's: an element in a
// column of text is laid out as a page that wide would be.
function forShadow(css) {
  return css
    .replace(/html\s*,\s*body/g, '.ring-lab-root')
    .replace(/:root|\bhtml(?=\[)/g, '.ring-lab-root')
    .replace(/@media\s*(?=\((?:min|max)-width)/g, '@container ');
}

const HOST_RULES = `
:host { display: block; contain: content; container-type: inline-size; }
:host([hidden]) { display: none; }
.ring-lab-root { min-height: 120px; }
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
  // The build the lab runs in, and the state it was switched to the whole lab with (null:
  // the attributes say the state).
  #build = 'first';
  #glue = null;
  #switchedTo = null;

  connectedCallback() {
    if (this.#visible) return;
    // Start when the element first comes within a screen of the viewport.
    this.#visible = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.#visible.disconnect();
        this.#start();
      }
    }, { rootMargin: '100% 0px' });
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
    let app;
    const view = this.getAttribute('view');
    if (view !== null && !FIRST_LOAD_VIEWS.includes(view.trim().toLowerCase())) this.#build = 'whole';
    try {
      app = await loadBuild(this.#build);
    } catch (e) {
      console.error('ring-lab: could not load Ringlab', e);
      this.#started = false;
      return;
    }
    if (!this.isConnected) return;
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: 'open' });
      shadow.adoptedStyleSheets = [app.sheet];
      this.#root = document.createElement('div');
      this.#root.className = 'ring-lab-root';
      shadow.append(this.#root);
    }
    this.#glue = app.glue;
    this.#mount(app.glue);
    // Off-screen, the lab holds its animation where it is (it reads the root's
    // data-offscreen each frame) and draws nothing until the element is back in view.
    this.#onscreen = new IntersectionObserver((entries) => {
      this.#root.toggleAttribute('data-offscreen', !entries[entries.length - 1].isIntersecting);
    });
    this.#onscreen.observe(this);
    // Attributes of the element, and the mdBook theme of the page, remount it.
    this.#attributes = new MutationObserver(() => {
      this.#switchedTo = null;
      this.#mount(this.#glue);
    });
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

  #mount(glue) {
    const query = this.#switchedTo ?? this.#query();
    if (query === this.dataset.ringlabQuery && this.#lab) return;
    this.dataset.ringlabQuery = query;
    this.#lab?.destroy();
    this.#root.replaceChildren();
    const onChange = (what, summary) => {
      this.dispatchEvent(new CustomEvent('ringlab:change', { detail: { what, summary }, bubbles: true, composed: true }));
    };
    this.#lab = glue.mountRingLab(this.#root, query, onChange, here.href, (state) => this.#toWholeLab(state));
    this.dataset.ringlabBuild = this.#build;
  }

  // The first load's lab opened a view only the whole lab has: the whole lab is loaded and
  // takes the lab's place with its state (`state`, a query). Other elements keep their build.
  async #toWholeLab(state) {
    const app = await loadBuild('whole');
    if (!this.isConnected || this.#build === 'whole') return;
    this.#build = 'whole';
    this.#glue = app.glue;
    this.#switchedTo = state;
    // The tab just picked keeps the focus once the whole lab has drawn it.
    const focused = this.shadowRoot.activeElement?.id;
    this.#mount(app.glue);
    for (let frame = 0; focused && frame < 300; frame++) {
      const shown = this.shadowRoot.getElementById(focused);
      if (shown) {
        shown.focus();
        break;
      }
      await new Promise((r) => requestAnimationFrame(r));
    }
  }
}

if (!customElements.get('ring-lab')) customElements.define('ring-lab', RingLabElement);
