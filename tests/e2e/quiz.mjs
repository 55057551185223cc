// The classroom (issue 36): the Quiz view asks what `ringlab quiz` answers for the same seed
// and grades with the core; Explore's history undoes and redoes changes exactly.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, screenshot, test, assert, ROOT } from './harness.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const { base } = await serveDist({}, { '/book/': `${ROOT}/docs/book/book/` });
const browser = await launch();

// `ringlab quiz --seed SEED` as JSON, or the command the page shows (`ringlab quiz …`, words
// quoted for a POSIX shell) when given.
function answerKey(seed, command = `ringlab quiz --seed ${seed}`) {
  const args = command.replace(/^ringlab /, '');
  const run = spawnSync('sh', ['-c', `cargo run -q --offline -p ringlab -- ${args} --format json`],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  assert(run.status === 0, `ringlab quiz failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

// Answers `key`'s questions on `page` (asked: the questions' texts), every one right but
// the "which moves fewer" one, and checks each grade and the owner question's walk.
async function answerQuiz(page, key, asked) {
  let wrongAt = -1;
  for (const [i, { nodes, question: q }] of key.entries()) {
    // The page asks about ringlab's nodes and keys.
    for (const n of nodes) assert(asked[i].includes(n), `question ${i + 1} lacks ${n}: ${asked[i]}`);
    if (q.key) assert(asked[i].includes(q.key), `question ${i + 1} lacks ${q.key}`);
    const at = `#quiz-q${i}`;
    if (q.kind === 'owner') {
      await page.check(`#quiz-${i}-${nodes.indexOf(q.answer)}`);
    } else if (q.kind === 'leave') {
      for (const [k, node] of q.answer.entries()) await page.selectOption(`#quiz-${i}-key-${k}`, String(nodes.indexOf(node)));
    } else if (q.kind === 'join-share') {
      await page.fill(`#quiz-${i}-number`, q.answer.toFixed(1));
    } else if (q.kind === 'r1') {
      await page.fill(`#quiz-${i}-number`, q.answer.toFixed(3));
    } else if (q.kind === 'fewer') {
      // Answered wrong on purpose: the other algorithm.
      wrongAt = i;
      await page.check(`#quiz-${i}-${1 - q.algos.indexOf(q.answer)}`);
    } else if (q.kind === 'systems') {
      for (const [j, on] of q.answer.entries()) if (on) await page.check(`#quiz-${i}-system-${j}`);
    }
    await page.click(`#quiz-check-${i}`);
    const verdict = await page.waitForSelector(`${at} .quiz-right, ${at} .quiz-wrong`, { timeout: 10000 });
    const right = await verdict.evaluate((e) => e.classList.contains('quiz-right'));
    assert(right === (i !== wrongAt), `question ${i + 1} (${q.kind}) graded ${right ? 'right' : 'wrong'}`);
    if (q.kind === 'owner') {
      // The key's walk, only now, ending at the answer.
      const steps = await page.$$eval(`${at} ol.steps li`, (l) => l.map((x) => x.textContent));
      assert(steps.length >= 2 && steps[steps.length - 1].includes(q.answer), `walk: ${steps.join(' / ')}`);
    }
  }
}

for (const lang of ['en', 'zh']) {
  test(`quiz: quiz=5 asks ringlab quiz's questions, and the core grades them (${lang})`, async () => {
    const key = answerKey(5);
    const { page, context, problems } = await openPage(browser, `${base}/?quiz=5&lang=${lang}`, { reducedMotion: 'reduce' });
    await page.waitForSelector('.quiz-question', { timeout: 30000 });
    assert((await page.getAttribute('#tab-quiz', 'aria-selected')) === 'true', 'quiz= does not open the Quiz view');
    const asked = await page.$$eval('.quiz-question .quiz-asked', (q) => q.map((x) => x.textContent));
    assert(asked.length === key.length && key.length === 6, `${asked.length} questions on the page, ${key.length} from ringlab`);
    await answerQuiz(page, key, asked);
    const score = await page.textContent('#quiz-score');
    assert(lang === 'en' ? score.includes('5 of 6') : /6 题中答对 5 题/.test(score), `score: ${score}`);
    await screenshot(page, `quiz-${lang}`);
    // An answer that is no number is said so, and not graded.
    await page.click('#quiz-next');
    await page.waitForFunction(() => /[?&]quiz=6/.test(location.search), null, { timeout: 10000 });
    const number = await page.$('[id$="-number"]');
    await number.fill('lots');
    const id = await number.getAttribute('id');
    await page.click(`#quiz-check-${id.split('-')[1]}`);
    await page.waitForSelector('.quiz-question .field-error', { timeout: 5000 });
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

test('quiz: a lab of the teacher\'s is what the first three questions ask about, with the command for its answer key', async () => {
  const lab = 'algo=maglev&hash=fnv1a-64&vnodes=40&nodes=web%201:100,web-2:300,it%27s:50,down-one:100:down';
  const { page, context, problems } = await openPage(browser, `${base}/?quiz=5&lang=en&${lab}`, { reducedMotion: 'reduce' });
  await page.waitForSelector('.quiz-question', { timeout: 30000 });
  const command = await page.textContent('#quiz-command');
  assert(/^ringlab quiz --seed 5 --algo maglev --hash fnv1a-64 --vnodes 40 /.test(command), `command: ${command}`);
  const key = answerKey(5, command);
  const asked = await page.$$eval('.quiz-question .quiz-asked', (q) => q.map((x) => x.textContent));
  const ours = key.filter(({ question: q }) => ['owner', 'leave', 'join-share'].includes(q.kind));
  assert(ours.length === 3, `${ours.length} questions about the lab`);
  for (const { nodes } of ours) assert(JSON.stringify(nodes) === JSON.stringify(['web 1', 'web-2', "it's"]), `nodes: ${nodes}`);
  await answerQuiz(page, key, asked);
  const score = await page.textContent('#quiz-score');
  assert(score.includes('5 of 6'), `score: ${score}`);
  await screenshot(page, 'quiz-lab');
  // Jump's leave is no fresh build: the quiz says it is not about this lab.
  await page.goto(`${base}/?quiz=5&lang=en&algo=jump&nodes=a:100,b:100,c:100`);
  await page.waitForSelector('#quiz-not-lab', { timeout: 30000 });
  assert((await page.$('#quiz-command')) === null, 'an answer-key command for a lab the quiz is not about');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('history: Ctrl+Z undoes a change exactly, Ctrl+Shift+Z redoes it, and a step goes back to it', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  const rows = () => page.$$eval('#legend tbody tr', (r) => r.map((x) => x.textContent));
  const start = await rows();
  assert((await page.isDisabled('#undo')) && (await page.isDisabled('#redo')), 'undo or redo offered before any change');
  await page.fill('#add-name', 'cache-e');
  await page.click('#add-node');
  await page.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 5, null, { timeout: 10000 });
  const added = await rows();
  await page.selectOption('#algorithm', 'jump');
  await page.waitForFunction(() => /algorithm changed/.test(document.querySelector('#summary')?.textContent ?? ''), null, { timeout: 10000 });
  const steps = await page.$$eval('#history-list .history-step', (s) => s.map((x) => x.textContent));
  assert(steps.length === 3 && /added cache-e/.test(steps[1]) && /keys moved/.test(steps[1]), `steps: ${steps.join(' | ')}`);
  // Keys outside a text field.
  await page.click('#picture-caption');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#algorithm')?.value !== 'jump', null, { timeout: 5000 });
  assert(JSON.stringify(await rows()) === JSON.stringify(added), 'undo did not restore the lab after the join');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 4, null, { timeout: 5000 });
  assert(JSON.stringify(await rows()) === JSON.stringify(start), 'undo twice did not restore the first lab');
  await page.keyboard.press('Control+Shift+Z');
  await page.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 5, null, { timeout: 5000 });
  // Straight to the last step.
  await page.click('#history-list li:first-child .history-step');
  await page.waitForFunction(() => document.querySelector('#algorithm')?.value === 'jump', null, { timeout: 5000 });
  assert(await page.isDisabled('#redo'), 'redo offered at the last step');
  await screenshot(page, 'history');
  // The Embed dialog writes the changes made as a lecture.
  await page.click('#embed-open');
  const lecture = await page.inputValue('#embed-lecture');
  assert(/[?&]script=add:cache-e:100,algo:jump(&|$)/.test(lecture) && /[?&]present=1/.test(lecture), `lecture: ${lecture}`);
  await page.click('#embed-close');
  // A parameter's menu shows the option the state holds again after an undo.
  await page.selectOption('#algorithm', 'virtual');
  await page.waitForSelector('#naming', { timeout: 10000 });
  await page.selectOption('#naming', 'dash');
  await page.waitForFunction(() => /naming/.test(document.querySelector('#summary')?.textContent ?? ''), null, { timeout: 10000 });
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#naming')?.value === 'hash', null, { timeout: 10000 });
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#algorithm')?.value === 'jump', null, { timeout: 10000 });
  // The history travels in the link: a fresh page undoes the same steps to the same labs.
  await page.waitForFunction(() => /[?&]history=/.test(location.search), null, { timeout: 5000 });
  const link = page.url();
  const second = await context.newPage();
  await second.goto(link);
  await second.waitForSelector('#history-list', { timeout: 30000 });
  const theirSteps = await second.$$eval('#history-list .history-step', (s) => s.map((x) => x.textContent));
  const ourSteps = await page.$$eval('#history-list .history-step', (s) => s.map((x) => x.textContent));
  // Here the redo step (virtual) is still listed; the link carries the steps up to the one shown.
  assert(JSON.stringify(theirSteps) === JSON.stringify(ourSteps.slice(-theirSteps.length)) && theirSteps.length === 3,
    `steps through the link: ${theirSteps.join(' | ')} against ${ourSteps.join(' | ')}`);
  await second.click('#undo');
  await second.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 5 && document.querySelector('#algorithm')?.value !== 'jump', null, { timeout: 5000 });
  const rowsThere = await second.$$eval('#legend tbody tr', (r) => r.map((x) => x.textContent));
  assert(JSON.stringify(rowsThere) === JSON.stringify(added), 'undo through a link did not restore the lab after the join');
  await second.close();
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('lecture: script= plays its changes with → and ←, in presenter mode, readable at 1920×1080 and 1280×720', async () => {
  for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
    const url = `${base}/?script=add:cache-e:100,remove:cache-b,algo:jump&present=1&lang=en`;
    const { page, context, problems } = await openPage(browser, url, { reducedMotion: 'reduce', viewport });
    await page.waitForSelector('#script-bar', { timeout: 30000 });
    await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
    assert(/0 of 3/.test(await page.textContent('#script-title')), await page.textContent('#script-title'));
    assert(await page.isHidden('.controls'), 'presenter mode shows the controls');
    const summary = () => page.textContent('#summary');
    await page.click('#script-title');
    for (const [said, played] of [[/added cache-e/, 1], [/removed cache-b/, 2], [/algorithm changed to Jump/, 3]]) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((n) => document.querySelector('#script-title')?.textContent.includes(`${n} of 3`), played, { timeout: 10000 });
      assert(said.test(await summary()), `after change ${played}: ${await summary()}`);
    }
    assert(await page.isDisabled('#script-next'), 'Next offered after the last change');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#script-title')?.textContent.includes('2 of 3'), null, { timeout: 10000 });
    assert((await page.inputValue('#algorithm').catch(() => 'hidden')) !== 'jump', 'Back did not undo the last change');
    // Type for the back of a room: what moved at least 20 px, its headline larger.
    const size = await page.$eval('.stage-side', (e) => parseFloat(getComputedStyle(e).fontSize));
    assert(size >= 20, `what moved is ${size} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 1, `the page is ${overflow} px wider than ${viewport.width}`);
    await page.addScriptTag({ content: AXE });
    const found = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id} (${v.impact})`);
    });
    assert(found.length === 0, `axe-core: ${found.join(' | ')}`);
    await screenshot(page, `lecture-${viewport.width}`);
    // Presenter mode off: the controls are back.
    await page.click('#present-toggle');
    await page.waitForSelector('.controls', { state: 'visible', timeout: 10000 });
    assert(problems.length === 0, problems.join('; '));
    await context.close();
  }
});

test('lecture: inside a <ring-lab> element, presenter mode from its button fills the screen, one column, the ring within it', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/ring-lab-example.html`, { reducedMotion: 'reduce', viewport: { width: 1280, height: 720 } });
  await page.evaluate(() => {
    const el = document.createElement('ring-lab');
    el.id = 'lecture';
    el.setAttribute('script', 'add:cache-e:100,remove:cache-b,algo:jump');
    el.setAttribute('lang', 'en');
    document.querySelector('main').prepend(el);
  });
  await page.waitForFunction(() => document.querySelector('#lecture')?.shadowRoot?.querySelector('canvas'), null, { timeout: 30000 });
  const inside = (sel) => page.locator(`#lecture ${sel}`);
  const columns = () => inside('.layout').evaluate((e) => getComputedStyle(e).gridTemplateColumns.split(' ').length);
  assert((await columns()) === 2, 'the element\'s lab is not in two columns to start with');
  await inside('#present-toggle').click();
  await page.waitForFunction(() => document.fullscreenElement?.id === 'lecture', null, { timeout: 5000 });
  await page.waitForFunction(() => document.querySelector('#lecture').shadowRoot.querySelector('.controls')?.offsetParent === null, null, { timeout: 5000 });
  assert((await columns()) === 1, 'presenter mode keeps the controls\' column');
  await inside('#script-next').click();
  await page.waitForFunction(() => /1 of 3/.test(document.querySelector('#lecture').shadowRoot.querySelector('#script-title')?.textContent ?? ''), null, { timeout: 10000 });
  const box = await inside('canvas').first().boundingBox();
  assert(box.width >= 360 && box.y + box.height <= 720, `the ring in full screen: ${JSON.stringify(box)}`);
  const size = await inside('.stage-side').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert(size >= 20, `what moved is ${size} px`);
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document.querySelector('#lecture'), { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact})`);
  });
  assert(found.length === 0, `axe-core: ${found.join(' | ')}`);
  await screenshot(page, 'lecture-element');
  // Off again: out of full screen, the controls back.
  await inside('#present-toggle').click();
  await page.waitForFunction(() => document.fullscreenElement === null, null, { timeout: 5000 });
  assert((await columns()) === 2, 'the controls\' column did not come back');
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});

test('offline: after a first visit the lab, a link, a quiz, the element and the whole book open with no network', async () => {
  const { page, context, problems } = await openPage(browser, `${base}/?lang=en`, { reducedMotion: 'reduce' });
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  assert((await page.$('#offline-note')) === null, 'offline said while online');
  // The worker has kept the build once it is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const kept = (url) => page.evaluate((url) => caches.open('ringlab').then((c) => c.match(url)).then((r) => !!r), url);
  // An earlier build's file is dropped when the lab's page comes from the network again;
  // the element's files (not hashed) stay.
  const old = '/ringlab-app-0123456789abcdef_bg.wasm';
  await page.evaluate((old) => caches.open('ringlab').then((c) => c.put(old, new Response('an earlier build'))), old);
  assert(await kept(old), 'the test could not keep a file');
  await page.goto(`${base}/?lang=en`);
  await page.waitForSelector('#legend tbody tr', { timeout: 30000 });
  await page.waitForFunction((old) => caches.open('ringlab').then((c) => c.match(old)).then((r) => !r), old, { timeout: 15000 });
  assert(await kept('/ring-lab.js'), 'the element\'s file was dropped');
  // Reading one book page keeps the book: a page never opened is there offline.
  await page.goto(`${base}/book/guide/quiz.html`);
  await page.waitForFunction(() => caches.open('ringlab').then((c) => c.match('/book/lessons/two-clients.html')).then((r) => !!r),
    null, { timeout: 30000 });
  await context.setOffline(true);
  try {
    await page.goto(`${base}/?nodes=a:100,b:200,c:100&keys=500&lang=en`);
    await page.waitForFunction(() => document.querySelectorAll('#legend tbody tr').length === 3, null, { timeout: 30000 });
    await page.waitForSelector('#offline-note', { timeout: 10000 });
    const ring = await page.$eval('#ring-canvas', (c) => c.width > 0);
    assert(ring, 'no ring offline');
    await page.goto(`${base}/?quiz=3&lang=zh`);
    await page.waitForSelector('.quiz-question', { timeout: 30000 });
    // The Chinese words come from the copy too.
    await page.waitForFunction(() => /离线/.test(document.querySelector('#offline-note')?.textContent ?? ''), null, { timeout: 15000 });
    await page.goto(`${base}/ring-lab-example.html`);
    await page.waitForFunction(() => {
      const root = document.querySelector('ring-lab')?.shadowRoot?.querySelector('.ring-lab-root');
      return root && root.querySelector('canvas');
    }, null, { timeout: 30000 });
    await page.goto(`${base}/book/lessons/two-clients.html`);
    const title = await page.textContent('main h1');
    assert(/Two clients/.test(title), `the unread book page offline: ${title}`);
    // Its style sheets came too: the page is laid out, not bare HTML.
    const styled = await page.$eval('.sidebar', (s) => getComputedStyle(s).position);
    assert(styled === 'fixed', `the book's style sheet offline: the sidebar is ${styled}`);
  } finally {
    await context.setOffline(false);
  }
  // Failed requests while offline are the test's own doing.
  assert(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(p)).length === 0, problems.join('; '));
  await context.close();
});

test('quiz: <ring-lab quiz="3"> asks the same questions in a page of its own, in Chinese too', async () => {
  const key = answerKey(3);
  const { page, context, problems } = await openPage(browser, `${base}/ring-lab-example.html`, { reducedMotion: 'reduce' });
  for (const lang of ['en', 'zh']) {
    await page.evaluate((lang) => {
      const el = document.createElement('ring-lab');
      el.id = `quiz-widget-${lang}`;
      el.setAttribute('quiz', '3');
      el.setAttribute('lang', lang);
      document.querySelector('main').append(el);
      el.scrollIntoView();
    }, lang);
    await page.waitForFunction((id) => document.getElementById(id)?.shadowRoot?.querySelectorAll('.quiz-question').length === 6, `quiz-widget-${lang}`, { timeout: 30000 });
    const asked = await page.$$eval(`#quiz-widget-${lang} .quiz-asked`, (q) => q.map((x) => x.textContent));
    for (const [i, { nodes }] of key.entries()) {
      for (const n of nodes) assert(asked[i].includes(n), `${lang} question ${i + 1} lacks ${n}: ${asked[i]}`);
    }
    if (lang === 'zh') {
      await page.waitForFunction(() => [...document.getElementById('quiz-widget-zh').shadowRoot.querySelectorAll('.quiz-asked')]
        .every((q) => /节点|服务器/.test(q.textContent)), null, { timeout: 15000 });
    }
  }
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});
