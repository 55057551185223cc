// What the app benchmarks that take only `--smoke` share: reading that option, failing
// a run with a line that names the benchmark, an idle control for frame figures, a result
// line, and the median.

// Whether `--smoke` was given; any other option ends the process with a usage line.
export function smokeOption(bench) {
  for (const a of process.argv.slice(2)) {
    if (a !== '--smoke') {
      console.error(`${bench}: unknown option ${a} (use --smoke)`);
      process.exit(2);
    }
  }
  return process.argv.includes('--smoke');
}

// A function that reports `message` as the benchmark's failure, sets the exit code and
// throws, so that the run stops where it failed.
export function failure(bench) {
  return (message) => {
    console.error(`${bench}: FAIL: ${message}`);
    process.exitCode = 1;
    throw new Error(message);
  };
}

// The control for a frame figure: `n` animation frames with nothing done, in the same page
// (headless Chromium starts a callback late now and then whatever the page does). Frames
// are timed callback to callback, as the benchmarks time theirs.
export function idleFrames(page, n) {
  return page.evaluate((n) => new Promise((resolve) => {
    const t = [];
    const tick = () => {
      t.push(performance.now());
      if (t.length <= n) requestAnimationFrame(tick);
      else {
        const gaps = t.slice(1).map((x, i) => x - t[i]);
        resolve({ done: t[t.length - 1] - t[0], frames: gaps.length, late: gaps.filter((g) => g > 17.7).length, gap: Math.max(...gaps) });
      }
    };
    requestAnimationFrame(tick);
  }), n);
}

// One step's figures as a JSON line (each to a tenth) after `fields`, kept in `results`
// and printed.
export function record(results, fields, figures) {
  const line = { ...fields, ...Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v * 10) / 10])) };
  results.push(line);
  console.log(JSON.stringify(line));
}

// The median of some numbers (the upper one of an even count).
export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
