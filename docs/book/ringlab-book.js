// The Ringlab Book's additions to mdBook's scripts:
// - the sidebar toggle is a button (theme/index.hbs says why): a click toggles the hidden
//   checkbox that mdBook's CSS and book.js read; book.js registered its own click handler
//   first, which readies the sidebar for the change;
// - a code block or table wider than the page scrolls sideways, so it takes the keyboard's
//   focus, for readers who cannot scroll it with a pointer (axe: scrollable-region-focusable).
'use strict';
(() => {
  const scrollers = () => document.querySelectorAll('#mdbook-content pre > code, #mdbook-content .table-wrapper');
  const focusable = () => {
    for (const el of scrollers()) {
      if (el.scrollWidth > el.clientWidth) el.setAttribute('tabindex', '0');
      else el.removeAttribute('tabindex');
    }
  };
  focusable();
  let pending = 0;
  addEventListener('resize', () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(focusable);
  });

  const toggle = document.getElementById('mdbook-sidebar-toggle');
  const checkbox = document.getElementById('mdbook-sidebar-toggle-anchor');
  if (!toggle || !checkbox) return;
  toggle.addEventListener('click', () => {
    checkbox.checked = !checkbox.checked;
    checkbox.dispatchEvent(new Event('change'));
  });
})();
