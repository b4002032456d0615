// The static build (`pnpm build:static`) served by a plain file server that sends NO isolation headers, the way
// GitHub Pages serves it: the page's own service worker (public/isolation-sw.js) makes it cross-origin isolated
// after one reload, and the worker service then computes fields over shared memory.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { settled } from './helpers.mjs';
import { launchBrowser, openPage, studioDir, WAIT_MS } from './server.mjs';

const outDir = join(studioDir, 'dist-static');
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.map': 'text/plain',
  '.scen': 'text/plain',
};

/** The site's sub-path, as a GitHub Pages project site (https://user.github.io/project/). */
const SUB_PATH = '/field-marshal/';
let server;
let url;
let browser;

before(async () => {
  const vite = join(studioDir, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--mode', 'static', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: studioDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = createServer((req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!full.startsWith(SUB_PATH)) return res.writeHead(404).end();
    const path = full.slice(SUB_PATH.length - 1);
    let file = normalize(join(outDir, path));
    if (!file.startsWith(outDir + sep) && file !== outDir) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  // Under a sub-path, as a project page on GitHub Pages would be: the build uses relative asset paths.
  url = `http://127.0.0.1:${server.address().port}${SUB_PATH}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done) ?? done());
});

describe('static studio build without isolation headers', () => {
  it('the server sends no isolation headers', async () => {
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cross-origin-opener-policy'), null);
    assert.equal(res.headers.get('cross-origin-embedder-policy'), null);
    assert.match(await res.text(), /<script src="\.\/isolation-sw\.js"><\/script>/);
  });

  it('becomes cross-origin isolated through its service worker and computes in workers over shared memory', async () => {
    const { page } = await openPage(browser, url);
    // The first load registers the service worker and reloads once.
    await page.waitForFunction(() => globalThis.crossOriginIsolated === true, null, { timeout: WAIT_MS });
    assert.equal(await page.evaluate(() => typeof SharedArrayBuffer), 'function');
    await page.waitForSelector('[data-testid="worker-check"][data-state="ok"]', { timeout: WAIT_MS });
    assert.match(await page.textContent('[data-testid="worker-check"]'), /shared memory verified/);
    // A field on the Fields page, computed through the worker service.
    await page.goto(`${url}#/fields`);
    await page.waitForFunction(() => globalThis.crossOriginIsolated === true, null, { timeout: WAIT_MS });
    await page.waitForSelector('[data-testid="page-fields"]');
    await settled(page);
    await page.close();
  });
});
