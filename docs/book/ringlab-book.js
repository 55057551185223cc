// The Ringlab Book's one addition to mdBook's scripts (theme/index.hbs says why the sidebar
// toggle is a button): a click toggles the hidden checkbox that mdBook's CSS and book.js read.
// book.js registered its own click handler first, which readies the sidebar for the change.
'use strict';
(() => {
  const toggle = document.getElementById('mdbook-sidebar-toggle');
  const checkbox = document.getElementById('mdbook-sidebar-toggle-anchor');
  if (!toggle || !checkbox) return;
  toggle.addEventListener('click', () => {
    checkbox.checked = !checkbox.checked;
    checkbox.dispatchEvent(new Event('change'));
  });
})();
