// Serves the built benchmark site on 127.0.0.1, runs the page in headless Chromium
// (playwright-core, launched as the end-to-end tests launch it), prints the figures and, in a
// full run, writes them into BENCHMARKS.md. scripts/bench-web builds the site and calls this.
//
//   node bench/web/run.mjs --site target/bench-web/site [--smoke] [--runs N]
//        [--write BENCHMARKS.md] [--command TEXT] [--build TEXT] [--note TEXT]
//   node bench/web/run.mjs --site target/bench-web/site --serve PORT   # for a browser by hand
import { createServer } from 'node:http';
import { readFile, writeFile, rename, mkdir } from 'node:fs/promises';
import { cpus, loadavg, release } from 'node:os';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { launch } from '../../tests/e2e/harness.mjs';
import { BEGIN, END, markdown, problems, targets, trafficFigures, median, ms, sizeName } from './report.js';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

function parseArgs(argv) {
  const args = { smoke: false, site: null, runs: null, write: null, command: null, build: null, note: null, serve: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--smoke') args.smoke = true;
    else if (arg === '--site') args.site = value();
    else if (arg === '--runs') args.runs = Number(value());
    else if (arg === '--write') args.write = value();
    else if (arg === '--command') args.command = value();
    else if (arg === '--build') args.build = value();
    else if (arg === '--note') args.note = value();
    else if (arg === '--serve') args.serve = Number(value());
    else throw new Error(`unknown option ${arg}`);
  }
  if (!args.site) throw new Error('--site DIR is required');
  if (args.runs !== null && !(Number.isInteger(args.runs) && args.runs >= 1)) throw new Error('--runs takes a whole number ≥ 1');
  return args;
}

// A static server for the site. Cross-origin isolation (COOP + COEP) gives performance.now()
// steps of 5 µs instead of 100 µs, which matters for figures of a few milliseconds.
async function serve(root, port = 0) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path.endsWith('/')) path += 'index.html';
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, {
        'Content-Type': MIME[extname(path)] ?? 'application/octet-stream',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ready, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ready);
  });
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}

function withTimeout(promise, seconds, what) {
  let timer;
  const timeout = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} took longer than ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runPage(site, mode, overrides) {
  const { server, base } = await serve(site);
  const browser = await launch();
  const pageProblems = [];
  try {
    const page = await browser.newPage();
    // BENCH_CPU_SLOWDOWN=2 runs the page on a CPU twice as slow (Chromium's own throttling):
    // the headroom of a target on a slower machine. BENCHMARKS.md's figures are unthrottled.
    const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
    if (slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    // The first error stops the wait at once (a missing wasm file would otherwise show only
    // as a timeout); every error is reported.
    let failLoad;
    const loadFailed = new Promise((_, fail) => {
      failLoad = fail;
    });
    loadFailed.catch(() => {});
    const problem = (text) => {
      pageProblems.push(text);
      failLoad(new Error(`the page failed: ${text}`));
    };
    page.on('console', (msg) => {
      if (msg.type() === 'error') problem(`console: ${msg.text()}`);
      else if (msg.text().startsWith('[bench]')) console.error(msg.text());
    });
    page.on('pageerror', (err) => problem(`pageerror: ${err.message}`));
    await page.goto(base);
    await Promise.race([
      page.waitForFunction(() => window.ringBench?.loaded === true, null, { timeout: 30_000 }),
      loadFailed,
    ]);
    const result = await withTimeout(
      page.evaluate(([m, o]) => window.ringBench.run(m, o), [mode, overrides]),
      mode === 'smoke' ? 120 : 1200,
      'the benchmark page',
    );
    return { result, pageProblems, browser: `Chromium ${browser.version()}, headless` };
  } finally {
    await browser.close();
    server.close();
  }
}

function machine() {
  const cpu = cpus();
  const load = loadavg().map((l) => l.toFixed(1)).join(', ');
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Linux ${release()} (load average ${load} at the start)`;
}

// Replaces the section between BEGIN and END, or appends it.
async function writeSection(file, section) {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  let next;
  if (start >= 0 && end > start) {
    next = text.slice(0, start) + section.trimEnd() + text.slice(end + END.length);
  } else {
    next = `${text.trimEnd()}${text ? '\n\n' : ''}${section}`;
  }
  if (!next.endsWith('\n')) next += '\n';
  await mkdir(dirname(resolve(file)), { recursive: true });
  await writeFile(`${file}.new`, next);
  await rename(`${file}.new`, file);
}

// A short summary for the smoke run: one line per measurement, medians.
function summary(result) {
  const lines = [];
  for (const row of result.assign) {
    const core = median(row.wasm);
    const peer = median(row.hashring);
    lines.push(`assign ${row.wasmAssigned} keys on ${sizeName(row.nodes, row.perNode)}: wasm ${ms(core)} `
      + `(cached ${ms(median(row.wasmCached))}), hashring ${ms(peer)}, ratio ${(peer / core).toFixed(1)}×`);
  }
  for (const row of result.build) {
    lines.push(`build ${sizeName(row.nodes, row.perNode)}: wasm ${ms(median(row.wasm))}, hashring ${ms(median(row.hashring))}`);
  }
  for (const row of result.jump ?? []) {
    lines.push(`jump hash over ${row.buckets} buckets, ${row.keys} keys: wasm ${ms(median(row.wasm))}, `
      + `npm jump-consistent-hash ${ms(median(row.npm))} (${row.equal} of ${row.keys} buckets equal)`);
  }
  for (const row of result.change) {
    lines.push(`join/leave on ${sizeName(row.nodes, row.perNode)} with ${row.keys} keys: moved + loads `
      + `${ms(median(row.joinDelta))} / ${ms(median(row.leaveDelta))} (${row.join.moved} / ${row.leave.moved} keys moved)`);
  }
  if (result.traffic?.runs?.length) {
    const t = trafficFigures(result.traffic);
    const rate = (hits) => (hits === null ? '–' : `${((100 * hits) / t.hitsOf).toFixed(3)}%`);
    lines.push(`traffic: ${t.requests} requests over ${result.traffic.keys} keys in ${t.frames} frames, ${ms(t.totalMs)} `
      + `(slices ${ms(t.slicedMs)}, longest ${ms(t.worstCallMs)}; longest frame ${ms(t.worstGapMs)}; setup ${ms(t.setupMs)}); `
      + `hit rate just after the join ${rate(t.hits)} (${t.hits} of ${t.hitsOf}; native ${rate(t.nativeHits)})`);
  }
  return lines.join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.serve !== null) {
    const { base } = await serve(resolve(args.site), args.serve);
    console.error(`[bench-web] serving the benchmark page on ${base} (Ctrl-C stops)`);
    return;
  }
  const mode = args.smoke ? 'smoke' : 'full';
  const startMachine = machine();
  const overrides = args.runs ? { runs: args.runs } : {};
  const { result, pageProblems, browser } = await runPage(resolve(args.site), mode, overrides);
  await mkdir(join(resolve(args.site), '..'), { recursive: true });
  await writeFile(join(resolve(args.site), '..', `results-${mode}.json`), `${JSON.stringify(result, null, 1)}\n`);

  const found = [...pageProblems, ...problems(result)];
  if (args.smoke) {
    console.log(summary(result));
  } else {
    const now = new Date();
    const section = markdown(result, {
      date: `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      command: args.command ?? 'scripts/bench-web',
      machine: startMachine,
      browser,
      build: args.build,
      note: args.note,
    });
    console.log(`\n${section}`);
    if (found.length === 0 && args.write) {
      await writeSection(args.write, section);
      console.error(`[bench-web] wrote the Browser section of ${args.write}`);
    }
    const missed = targets(result).filter((t) => !t.ok);
    console.error(`[bench-web] targets: ${targets(result).length - missed.length} met, ${missed.length} not met`);
  }
  if (found.length) {
    console.error(`[bench-web] ${found.length} problem(s):\n- ${found.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.error(`[bench-web] ${mode}: the page's checks passed (keys equal, ketama agrees, every figure present)`);
  }
}

main().catch((err) => {
  console.error(`[bench-web] ${err?.stack ?? err}`);
  process.exitCode = 1;
});
