// Sizes each Ringlab frame from the height it reports. A message counts only if it comes
// from one of this page's frames, has exactly the expected shape and a finite height; the
// height is clamped, and nothing in a message is ever run.
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 4000;
const frames = [...document.querySelectorAll('iframe[data-ringlab]')];

window.addEventListener('message', (event) => {
  const frame = frames.find((f) => f.contentWindow === event.source);
  if (!frame) return;
  const data = event.data;
  if (data === null || typeof data !== 'object' || data.type !== 'ringlab:height') return;
  if (typeof data.height !== 'number' || !Number.isFinite(data.height)) return;
  const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)));
  frame.style.height = `${height}px`;
  frame.dataset.height = String(height);
  const label = document.getElementById(`size-${frame.id.replace(/^widget-/, '')}`);
  if (label) label.textContent = `The widget reported a height of ${height} px; the frame follows it.`;
});

// A frame that loaded before this script listened is asked again.
for (const frame of frames) {
  frame.addEventListener('load', () => {
    frame.contentWindow?.postMessage({ type: 'ringlab:get-height' }, '*');
  });
}
