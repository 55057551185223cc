// Ringlab's site as a static host serves it: the release build (dist/) at the root and the
// Ringlab Book (docs/book/book/) under /book/. One server for `scripts/serve`, the end-to-end
// tests (tests/e2e/harness.mjs) and Lighthouse (bench/app/lighthouse.mjs). Node's own
// modules only, so that serving needs nothing installed.
//
//   node scripts/site.mjs [PORT]      # serves on 127.0.0.1:PORT (8080), gzip as a host would
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';

export const ROOT = resolve(new URL('..', import.meta.url).pathname);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.otf': 'font/otf',
};
// What hosts compress (nginx's gzip_types, Netlify, GitHub Pages): text and wasm. Images and
// woff/woff2 fonts are compressed already.
const GZIP = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.txt', '.xml', '.map', '.ico', '.ttf', '.eot', '.otf']);

// Serves `root` at / and each of `mounts` ({ '/book/': dir }) under its path, on 127.0.0.1
// (`port` 0 takes a free one). `gzip` compresses as a host would (zlib's default level 6,
// each file once: compressing the wasm per request would load the machine being measured);
// `headers` go on every answer (a test's Content-Security-Policy); `missing(method, path)`
// hears of every 404. Never serves a file outside its directories.
export async function serveSite({
  root = process.env.RINGLAB_DIST ?? join(ROOT, 'dist'),
  mounts = {},
  gzip = false,
  headers = {},
  missing = () => {},
  port = 0,
} = {}) {
  // Keyed by the file's time and size too, so that a file built again is served anew.
  const cache = new Map();
  const body = async (file, info, compressed) => {
    const key = `${compressed ? 'gz' : 'id'}:${info.mtimeMs}:${info.size}:${file}`;
    if (!cache.has(key)) {
      const raw = await readFile(file);
      cache.set(key, compressed ? gzipSync(raw, { level: 6 }) : raw);
    }
    return cache.get(key);
  };
  const fileFor = (pathname) => {
    const [prefix, dir] = Object.entries(mounts).find(([p]) => pathname.startsWith(p)) ?? ['/', root];
    const base = resolve(dir);
    let path = join(base, normalize(`/${pathname.slice(prefix.length)}`));
    if (!path.startsWith(base + sep) && path !== base) return null;
    if (pathname.endsWith('/')) path = join(path, 'index.html');
    return path;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let pathname = null;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      // A malformed escape is a missing file, below.
    }
    // A mount asked for without its slash (/book) is redirected, as hosts do for a directory.
    const mount = pathname && Object.keys(mounts).find((p) => `${pathname}/` === p);
    if (mount) {
      res.writeHead(301, { Location: mount });
      res.end();
      return;
    }
    const file = pathname && fileFor(pathname);
    const info = file && (await stat(file).catch(() => null));
    if (!info?.isFile() || (req.method !== 'GET' && req.method !== 'HEAD')) {
      missing(req.method, url.pathname);
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found');
      return;
    }
    const ext = extname(file).toLowerCase();
    const compressed = gzip && GZIP.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const data = await body(file, info, compressed);
    res.writeHead(200, {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': data.length,
      Vary: 'Accept-Encoding',
      ...(compressed ? { 'Content-Encoding': 'gzip' } : {}),
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : data);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const port = Number(process.argv[2] ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`site: the port must be a whole number from 1 to 65535, not ${process.argv[2]}`);
    process.exit(2);
  }
  try {
    const { base } = await serveSite({ mounts: { '/book/': join(ROOT, 'docs/book/book') }, gzip: true, port });
    console.log(`Ringlab: ${base}/ (the Ringlab Book: ${base}/book/); Ctrl-C stops.`);
  } catch (e) {
    console.error(`site: cannot serve on 127.0.0.1:${port}: ${e.message}`);
    process.exit(1);
  }
}
