// Sizes each Ringlab frame from the height it reports. A message counts only if it comes
// from one of this page's frames, has exactly the expected shape and a finite height; the
// height is clamped, and nothing in a message is ever run.
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 4000;
const frames = [...document.querySelectorAll('iframe[data-ringlab]')];

// The page's own words in Simplified Chinese (the English ones are the HTML's). Constant
// markup written here, never text from a message or a link.
const ZH = {
  title: '在网页中嵌入 Ringlab',
  intro: '任何 Ringlab 链接都能变成其他网页里的小部件：在参数里加上 <code>embed</code>，再放进 <code>&lt;iframe&gt;</code> 即可。小部件会告诉宿主页面自己的高度，框架就能完整容纳它，不出现滚动条。',
  ketama: 'ketama，三台服务器，权重分别为 600、300 和 100：只显示哈希环',
  ketamaFrame: 'Ringlab：三台带权重服务器的 ketama 哈希环',
  waiting: '正在等待小部件报告高度……',
  jump: '五个节点上的跳跃一致性哈希：只显示负载图表',
  jumpFrame: 'Ringlab：五个节点上跳跃一致性哈希的负载',
  params: '参数',
  embed: '<code>embed</code>：紧凑页面（没有标题栏）；<code>embed=ring</code>：只显示哈希环；<code>embed=chart</code>：只显示图表。',
  controls: '<code>controls=0</code>：隐藏控制面板。',
  lang: '<code>lang=en</code> 或 <code>lang=zh</code>：小部件的语言（英文或简体中文）；不写时跟随浏览器的语言。',
  state: '其余参数都是状态，和任何 Ringlab 链接一样：在实验室里点“复制链接”就能得到。',
  heights: '高度消息',
  messages: '小部件加载时以及尺寸变化时，会向父页面发送 <code>{type: \'ringlab:height\', height}</code>。宿主页面可以向框架发送 <code>{type: \'ringlab:get-height\'}</code> 再问一次；其他消息一律忽略，收到的任何内容都不会被执行。本页的脚本 <a href="embed-example.js">embed-example.js</a> 负责调整框架大小：只接受来自本页框架、数值有限的高度，并限制在合理范围内。',
  csp: '小部件不需要内联脚本或样式，因此能在 <code>default-src \'self\'; script-src \'self\' \'wasm-unsafe-eval\'; style-src \'self\'</code> 这样的内容安全策略下运行。只有获得焦点时，它才接收按键。',
};
const EN = {};
for (const el of document.querySelectorAll('[data-i18n]')) EN[el.dataset.i18n] = el.innerHTML;
for (const el of document.querySelectorAll('[data-i18n-title]')) EN[el.dataset.i18nTitle] = el.title;

let lang = navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
const sizeText = (height) => (lang === 'zh'
  ? `小部件报告的高度为 ${height} px，框架随之调整。`
  : `The widget reported a height of ${height} px; the frame follows it.`);

function showLanguage() {
  const words = lang === 'zh' ? ZH : EN;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = lang === 'zh' ? ZH.title : 'Embedding Ringlab';
  for (const el of document.querySelectorAll('[data-i18n]')) el.innerHTML = words[el.dataset.i18n];
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = words[el.dataset.i18nTitle];
  for (const frame of frames) {
    if (frame.dataset.height) {
      const label = document.getElementById(`size-${frame.id.replace(/^widget-/, '')}`);
      if (label) label.textContent = sizeText(frame.dataset.height);
    }
  }
  const toggle = document.getElementById('lang-toggle');
  toggle.textContent = lang === 'zh' ? 'English' : '中文';
  toggle.lang = lang === 'zh' ? 'en' : 'zh-CN';
}

if (lang === 'zh') showLanguage();

// The toggle switches this page's words and the widgets' language (`lang=` in their links).
document.getElementById('lang-toggle').addEventListener('click', () => {
  lang = lang === 'zh' ? 'en' : 'zh';
  showLanguage();
  for (const frame of frames) {
    const url = new URL(frame.src);
    url.searchParams.set('lang', lang);
    delete frame.dataset.height;
    frame.src = url.toString();
  }
});

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
  if (label) label.textContent = sizeText(height);
});

// A frame that loaded before this script listened is asked again.
for (const frame of frames) {
  frame.addEventListener('load', () => {
    frame.contentWindow?.postMessage({ type: 'ringlab:get-height' }, '*');
  });
}
