// Packs @fieldmarshal/core, installs the tarball into fresh apps outside the workspace (a Node script and a
// Vite app) and checks that each computes a field through the worker service, equal to the direct kernel.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, '..', 'fixtures');
const coreDir = resolve(here, '..', '..', '..', 'packages', 'core');
const work = mkdtempSync(join(tmpdir(), 'fieldmarshal-consumers-'));
let tarball;
/** The family subpaths of the package (`@fieldmarshal/core/<family>`), beside the root. */
const FAMILIES = ['grid', 'fields', 'flow', 'sectors', 'scent', 'tactics', 'steering', 'crowd', 'rts', 'service'];

function sh(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
}

function npmInstall(dir) {
  sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
}

/** A fresh app in `work/dir` from a fixture, with the packed core and the studio's Vite installed. */
function viteApp(dir, fixture, name) {
  const app = join(work, dir);
  cpSync(join(fixtures, fixture), app, { recursive: true });
  const vite = JSON.parse(
    sh('node', ['-p', 'JSON.stringify(require("vite/package.json").version)'], resolve(here, '..', '..', 'studio')),
  );
  const dependencies = { '@fieldmarshal/core': `file:${tarball}` };
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module', dependencies, devDependencies: { vite } }),
  );
  npmInstall(app);
  return app;
}

/** The result the consumers must reproduce, from the workspace build of the same package. */
async function expected() {
  const core = await import(join(coreDir, 'dist', 'index.js'));
  const grid = core.generateMap('random', 128, 96, { density: 0.2, seed: 7 });
  let goal = 0;
  while (!grid.passable[goal]) goal++;
  const field = core.computeField(grid, {
    goals: [{ x: goal % grid.width, y: Math.floor(goal / grid.width) }],
    metric: 'octile',
  });
  let reachable = 0;
  let checksum = 0;
  for (const c of field.cost) {
    if (Number.isFinite(c)) {
      reachable++;
      checksum += c;
    }
  }
  return { reachable, checksum };
}

before(() => {
  sh('pnpm', ['pack', '--pack-destination', work], coreDir);
  const name = readdirSync(work).find((f) => f.endsWith('.tgz'));
  assert.ok(name, 'pnpm pack wrote no tarball');
  tarball = join(work, name);
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed core package', () => {
  it('contains the built library, its types and the worker module', () => {
    const files = sh('tar', ['-tzf', tarball], work).split('\n');
    for (const f of [
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/worker.js',
      'package/README.md',
      'package/MIGRATING.md',
      ...FAMILIES.flatMap((f) => [`package/dist/${f}/index.js`, `package/dist/${f}/index.d.ts`]),
    ]) {
      assert.ok(files.includes(f), `${f} is missing from the tarball`);
    }
    assert.ok(!files.some((f) => f.includes('.test.')), 'tests were packed');
    // The tests' own kernels (crash, spin, hang...) are registered by the tests alone: none ships.
    assert.ok(!files.some((f) => /testing\/|test-(kernels|jobs|worker)/.test(f)), 'test kernels were packed');
    const unpacked = join(work, 'unpacked');
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked);
    sh('tar', ['-xzf', tarball, '-C', unpacked], work);
    const named = (dir) =>
      readdirSync(dir, { recursive: true })
        .map((f) => join(dir, String(f)))
        .filter((f) => /\.js$/.test(f) && /__(crash|spin|hang)\b/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(named(join(unpacked, 'package', 'dist')), [], 'a packed file names a test kernel');
  });

  it('works from a fresh Node app through worker_threads', async () => {
    const app = join(work, 'node-app');
    cpSync(join(fixtures, 'node'), app, { recursive: true });
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'node-consumer',
        private: true,
        type: 'module',
        dependencies: { '@fieldmarshal/core': `file:${tarball}` },
      }),
    );
    npmInstall(app);
    const lines = sh(process.execPath, ['main.mjs'], app).trim().split('\n');
    const want = await expected();
    const results = lines.slice(-3).map((line) => JSON.parse(line));
    assert.deepEqual(
      results.map((r) => r.mode),
      ['shared', 'transfer', 'main-thread'],
    );
    for (const result of results) {
      assert.equal(result.same, true, `${result.mode}: worker field differs from computeField`);
      assert.equal(result.shared, result.mode === 'shared', `${result.mode}: the field's memory`);
      assert.equal(result.reachable, want.reachable);
      assert.equal(result.checksum, want.checksum);
      assert.equal(result.runtime, 'function', 'the worker-runtime entry has no serveJobs');
    }
    // Every family subpath imports in Node, with its names, and shares the root's classes.
    const families = JSON.parse(sh(process.execPath, ['families.mjs'], app).trim().split('\n').at(-1));
    for (const name of ['root', ...FAMILIES]) {
      assert.ok(families[name].exports > 10, `${name}: ${families[name].exports} exports`);
      assert.equal(families[name].probe, 'function', `${name}: its probe name is missing`);
    }
    assert.equal(families.sameGrid, true, 'the root and the grid family export different Grid classes');
  });

  it('bundles each family subpath in Vite, and a one-name import tree-shakes the rest away', () => {
    const app = viteApp('families-app', 'families', 'families-consumer');
    const sizes = JSON.parse(sh(process.execPath, ['build.mjs'], app).trim().split('\n').at(-1));
    for (const family of FAMILIES) {
      const { bytes, kind } = sizes[family];
      assert.equal(kind, 'function', `${family}: the bundled name does not run`);
      // The whole package bundles to about 700 kB; the largest one-name bundle (a sector graph) to about 165 kB.
      assert.ok(bytes < 0.4 * sizes.all.bytes, `${family}: ${bytes} bytes of ${sizes.all.bytes} (not tree-shaken)`);
    }
  });

  it('works from a fresh Vite app in Chromium through Web Workers, with and without isolation headers', async () => {
    const app = viteApp('vite-app', 'vite', 'vite-consumer');
    sh(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], app);
    // No test kernel is bundled into the app.
    const bundled = readdirSync(join(app, 'dist'), { recursive: true })
      .map((f) => join(app, 'dist', String(f)))
      .filter((f) => /\.js$/.test(f) && /__(crash|spin|hang)\b/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(bundled, [], 'the app bundle names a test kernel');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const want = await expected();
    /** Loads the app from `url` and returns what it printed. */
    const run = async (url) => {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      for (let i = 0; i < 100; i++) {
        try {
          await page.goto(url);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'running', null, {
        timeout: 30_000,
      });
      const result = JSON.parse(await page.textContent('#out'));
      assert.equal(result.error, undefined, result.error);
      assert.equal(result.same, true, 'worker field differs from computeField');
      assert.equal(result.reachable, want.reachable);
      assert.equal(result.checksum, want.checksum);
      assert.deepEqual(errors, []);
      await page.close();
      return result;
    };
    const port = await freePort();
    const server = spawn(
      process.execPath,
      [
        join(app, 'node_modules', 'vite', 'bin', 'vite.js'),
        'preview',
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--strictPort',
      ],
      { cwd: app, stdio: 'ignore' },
    );
    // The same files from a server that sends no isolation headers (a game portal, a static host).
    const plain = await serveStatic(join(app, 'dist'));
    try {
      const isolated = await run(`http://127.0.0.1:${port}/`);
      assert.equal(isolated.isolated, true);
      assert.equal(isolated.mode, 'shared');
      assert.equal(isolated.shared, true, 'the field is not on shared memory');
      const open = await run(plain.url);
      assert.equal(open.isolated, false);
      assert.equal(open.mode, 'transfer', 'without isolation the service computes in workers by transfer');
      assert.equal(open.shared, false);
    } finally {
      await browser.close();
      server.kill('SIGTERM');
      plain.close();
    }
  });
});

/** A free loopback port. */
function freePort() {
  return new Promise((r) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => r(port));
    });
  });
}

/** Serves `dir` on a free loopback port with no headers beyond the content type. */
async function serveStatic(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
  const server = createHttpServer((req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = existsSync(path) && statSync(path).isFile() ? path : join(dir, 'index.html');
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}
