// Starts Ringlab without an inline script, so that the page runs under a
// Content-Security-Policy that allows scripts from 'self' (and 'wasm-unsafe-eval' for the
// WebAssembly) only. Trunk's own loader is an inline <script type="module">; Trunk.toml's
// `pattern_script` replaces it with a tag loading this file, which carries the hashed file
// names of the app's JavaScript glue and WebAssembly in data attributes.
// Marks for bench/app/startup.mjs (the wasm adds ringlab:wasm-start and ringlab:first-ring).
performance.mark('ringlab:boot');
const tag = document.querySelector('script[data-ringlab-js][data-ringlab-wasm]');
const glue = await import(tag.dataset.ringlabJs);
const wasm = await glue.default({ module_or_path: tag.dataset.ringlabWasm });
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
