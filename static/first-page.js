// The page before the wasm arrives shows the default lab (src/prerender.rs). A page that
// will show another lab — its address has parameters or a fragment, the browser's storage
// holds a lab, or the browser asks for Chinese — keeps that frame's space but shows none of
// it, so that no reader sees a picture that is not theirs. A classic script before #app:
// it runs before the first paint, while the style sheets it waits beside load.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('ringlab:state');
  } catch {
    // Storage refused (privacy settings, sandboxed frames): nothing stored either.
  }
  const other = location.search !== '' || location.hash !== '' || stored !== null
    || /^zh\b/i.test(navigator.language ?? '');
  if (other) document.documentElement.dataset.firstPage = 'other';
})();
