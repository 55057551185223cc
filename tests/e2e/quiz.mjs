// The classroom (issue 36): the Quiz view asks what `ringlab quiz` answers for the same seed
// and grades with the core; Explore's history undoes and redoes changes exactly.
import { spawnSync } from 'node:child_process';
import { serveDist, launch, openPage, screenshot, test, assert, ROOT } from './harness.mjs';

const { base } = await serveDist();
const browser = await launch();

function answerKey(seed) {
  const run = spawnSync('cargo', ['run', '-q', '--offline', '-p', 'ringlab', '--', 'quiz', '--seed', String(seed), '--format', 'json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  assert(run.status === 0, `ringlab quiz failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

for (const lang of ['en', 'zh']) {
  test(`quiz: quiz=5 asks ringlab quiz's questions, and the core grades them (${lang})`, async () => {
    const key = answerKey(5);
    const { page, context, problems } = await openPage(browser, `${base}/?quiz=5&lang=${lang}`, { reducedMotion: 'reduce' });
    await page.waitForSelector('.quiz-question', { timeout: 30000 });
    assert((await page.getAttribute('#tab-quiz', 'aria-selected')) === 'true', 'quiz= does not open the Quiz view');
    const asked = await page.$$eval('.quiz-question .quiz-asked', (q) => q.map((x) => x.textContent));
    assert(asked.length === key.length && key.length === 6, `${asked.length} questions on the page, ${key.length} from ringlab`);
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
  assert(problems.length === 0, problems.join('; '));
  await context.close();
});
