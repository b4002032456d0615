// The static build (`pnpm build:static`) served by a plain file server that sends NO isolation headers and has no
// service worker, the way GitHub Pages or a game portal serves it: the page is not cross-origin isolated, and the
// worker service computes fields, flows, sector graphs and crowd steps in workers by transfer; the header bar
// says so. The service's own time on the main thread (its stats) is checked against the builds' time.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { computeField, generateMap } from '@fieldmarshal/core';
import { dragTiles, sectorsReady, settled } from './helpers.mjs';
import { watchLongTasks } from './long-tasks.mjs';
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

describe('static studio build without isolation headers or service worker', () => {
  it('the server sends no isolation headers and the page loads no service worker', async () => {
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cross-origin-opener-policy'), null);
    assert.equal(res.headers.get('cross-origin-embedder-policy'), null);
    assert.doesNotMatch(await res.text(), /serviceWorker|isolation-sw/);
  });

  it('computes in workers by transfer, says so in the header bar, and the Fields page computes fields and flows', async () => {
    const { page, errors } = await openPage(browser, `${url}#/fields`);
    assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), false);
    assert.equal(await page.evaluate(() => typeof SharedArrayBuffer), 'undefined');
    await page.waitForSelector('[data-testid="worker-check"][data-state="ok"]', { timeout: WAIT_MS });
    assert.equal(await page.getByTestId('worker-check').getAttribute('data-mode'), 'transfer');
    assert.match(await page.textContent('[data-testid="worker-check"]'), /workers: \d+ ready, .*by transfer/);
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
    await page.waitForSelector('[data-testid="page-fields"]');
    await settled(page);
    assert.match(await page.textContent('[data-testid="page-fields"]'), /transfer/);
    // The smooth flow of the shown field, computed by the service too.
    await page.getByTestId('arrows-flow').check();
    await page.waitForFunction(
      () => /flow in [\d.]+ ms/.test(document.querySelector('[data-testid="flow-status"]')?.textContent ?? ''),
      null,
      { timeout: WAIT_MS },
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('builds a sector graph in the workers: the service keeps the main thread busy a small part of the time', async () => {
    const { page, errors } = await openPage(browser, `${url}#/sectors?src=city&size=1024`);
    const started = Date.now();
    await page.waitForSelector('[data-testid="sector-stats"]', { timeout: 2 * WAIT_MS });
    // Build again with smaller sectors.
    await page.getByTestId('sector-size').selectOption('16');
    await page.waitForSelector('[data-testid="sector-stats"][data-sectors="4096"]', { timeout: 2 * WAIT_MS });
    const elapsed = Date.now() - started;
    // The same service (the studio has one) reports what it did on this thread: carrying the jobs to the workers
    // and back, never long at once.
    await page.evaluate(() => {
      window.location.hash = '#/fields';
    });
    const memory = page.getByTestId('service-memory');
    await memory.waitFor({ timeout: WAIT_MS });
    const busy = Number(await memory.getAttribute('data-main-thread-ms'));
    const longest = Number(await memory.getAttribute('data-longest-ms'));
    assert.match(await memory.textContent(), /transfer mode/);
    assert.ok(busy < elapsed / 4, `the service kept the main thread busy ${busy} ms of ${elapsed} ms`);
    assert.ok(longest < 50, `the service blocked the main thread ${longest} ms at once`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('answers routes in the route worker on a copy of the graph sent in slices, and again after an edit', async () => {
    // The page's random 2048 x 2048 map (seed 1, 20% walls), made here too; the ends on walkable tiles.
    const grid = generateMap('random', 2048, 2048, { seed: 1, density: 0.2 });
    const open = (x, y) => {
      while (!grid.isPassable(x, y)) x++;
      return [x, y];
    };
    const [sx, sy] = open(100, 120);
    const [gx, gy] = open(1900, 1800);
    const optimum = computeField(grid, { goals: [{ x: gx, y: gy }] }).cost[sy * grid.width + sx];
    const { page, errors } = await openPage(
      browser,
      `${url}#/sectors?src=random&size=2048&seed=1&dens=0.2&s=${sx},${sy}&g=${gx},${gy}`,
    );
    const stop = await watchLongTasks(browser, page);
    await sectorsReady(page);
    const stats = page.getByTestId('route-stats');
    assert.equal(await page.getByTestId('route-where').getAttribute('data-where'), 'copy');
    assert.match(await page.getByTestId('route-where').textContent(), /on a copy of the graph/);
    const cost = Number(await stats.getAttribute('data-cost'));
    assert.ok(cost >= optimum - 1e-6 && cost <= optimum * 1.03, `path cost ${cost}, optimum ${optimum}`);

    // A wall painted: the pool updates the graph, a new copy goes over, and the route is answered on it.
    await page.getByTestId('sector-tool-wall').click();
    await dragTiles(page, [1000, 1000], [1040, 1000]);
    await page.waitForSelector('[data-testid="sector-update"]', { timeout: WAIT_MS });
    await sectorsReady(page);
    await page.waitForSelector('[data-testid="route-where"][data-where="copy"]', { timeout: WAIT_MS });
    assert.ok(Number(await stats.getAttribute('data-cost')) >= optimum - 1e-6);
    const long = await stop();
    assert.deepEqual(long.over(100), [], long.summary);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('steps the crowd in the workers', async () => {
    const { page, errors } = await openPage(browser, `${url}#/units`);
    await page.click('[data-demo="crowd"]');
    await page.waitForSelector('[data-testid="crowd-demo"]');
    await page.getByTestId('crowd-workers').check();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="crowd-where"]')?.textContent === '(workers, transfer)',
      null,
      { timeout: WAIT_MS },
    );
    // An order: the red army marches, stepped in the workers.
    const box = await page.getByTestId('crowd-canvas').boundingBox();
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.5);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="crowd-moving"]')?.textContent) > 0,
      null,
      {
        timeout: WAIT_MS,
      },
    );
    assert.equal(await page.textContent('[data-testid="crowd-where"]'), '(workers, transfer)');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
