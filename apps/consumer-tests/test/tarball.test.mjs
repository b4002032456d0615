// Checks the packed @fieldmarshal/core as someone who has only the tarball sees it: its license, its README links,
// its metadata and source maps, no test kernels in the production worker, and the README's example page
// type-checked against the package's types and run in Chromium from a fresh Vite app.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..', '..');
const coreDir = join(repo, 'packages', 'core');
const pageDir = join(repo, 'examples', 'units-page');
const work = mkdtempSync(join(tmpdir(), 'fieldmarshal-tarball-'));
const pkg = join(work, 'package');
let tarball;

function sh(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** GitHub's heading anchors: lower case, punctuation dropped (not - or _), spaces to hyphens. */
function anchorsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set(
    [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
      m[1]
        .replace(/`/g, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

before(() => {
  sh('pnpm', ['pack', '--pack-destination', work], coreDir);
  const name = readdirSync(work).find((f) => f.endsWith('.tgz'));
  assert.ok(name, 'pnpm pack wrote no tarball');
  tarball = join(work, name);
  sh('tar', ['-xzf', tarball], work);
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed core package, read from the tarball alone', () => {
  it('ships the same LICENSE as the repository', () => {
    assert.ok(existsSync(join(pkg, 'LICENSE')), 'no LICENSE in the tarball');
    assert.equal(readFileSync(join(pkg, 'LICENSE'), 'utf8'), readFileSync(join(repo, 'LICENSE'), 'utf8'));
  });

  it('resolves every link of its README and API reference inside the package (files and anchors)', () => {
    const pages = ['README.md', ...filesUnder(join(pkg, 'docs', 'api')).map((f) => relative(pkg, f))];
    assert.ok(pages.includes(join('docs', 'api', 'README.md')), 'no API reference in docs/api');
    const broken = [];
    let checked = 0;
    for (const page of pages) {
      const text = readFileSync(join(pkg, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(link)) continue; // https: links point outside on purpose
        checked++;
        const [path, anchor] = link.split('#');
        const target = path ? normalize(join(pkg, dirname(page), path)) : join(pkg, page);
        if (!target.startsWith(pkg + sep) || !existsSync(target)) broken.push(`${page}: ${link}`);
        else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor))
          broken.push(`${page}: ${link} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(checked > 400, `only ${checked} links checked`);
  });

  it('has honest metadata: the CHANGELOG heads with the package version, engines from Node 20.19', () => {
    const meta = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
    const changelog = readFileSync(join(pkg, 'CHANGELOG.md'), 'utf8');
    const first = /^## (.+)$/m.exec(changelog)?.[1] ?? '';
    assert.ok(first.startsWith(`${meta.version} `) || first === meta.version, `first heading "${first}"`);
    assert.equal(meta.engines.node, '>=20.19');
    for (const key of ['repository', 'homepage', 'bugs']) assert.equal(meta[key], undefined, `${key} set`);
  });

  it('ships source maps only with their sources', () => {
    const maps = filesUnder(pkg).filter((f) => f.endsWith('.map'));
    assert.ok(maps.length > 0);
    for (const map of maps) {
      const m = JSON.parse(readFileSync(map, 'utf8'));
      const missing = m.sources.filter((s, i) => {
        if (typeof m.sourcesContent?.[i] === 'string') return false;
        return !existsSync(resolve(dirname(map), m.sourceRoot ?? '', s));
      });
      assert.deepEqual(missing, [], `${relative(pkg, map)} points at missing sources`);
    }
  });

  it('ships no test kernel (crash, spin, hang): tests register their own', () => {
    const js = filesUnder(join(pkg, 'dist')).filter((f) => f.endsWith('.js'));
    const withKernels = js.filter((f) => /__spin|__hang|__crash|test-kernels/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(
      withKernels.map((f) => relative(pkg, f)),
      [],
    );
    assert.ok(!filesUnder(pkg).some((f) => /test-kernels/.test(f)), 'a test-kernels file is in the tarball');
  });
});

describe('the example page (examples/units-page) against the tarball', () => {
  const app = join(work, 'page-app');

  it('is the page shown in the README, word for word', () => {
    const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
    const main = readFileSync(join(pageDir, 'main.ts'), 'utf8');
    assert.ok(readme.includes(`\`\`\`ts\n${main.trimEnd()}\n\`\`\``), 'README page example differs from main.ts');
  });

  it('type-checks in strict TypeScript against the packed types, builds with Vite and runs in Chromium', async () => {
    mkdirSync(app, { recursive: true });
    for (const f of ['index.html', 'main.ts', 'vite.config.js', 'tsconfig.json'])
      cpSync(join(pageDir, f), join(app, f));
    const vite = JSON.parse(readFileSync(join(repo, 'apps', 'studio', 'node_modules', 'vite', 'package.json'), 'utf8'));
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'page-consumer',
        private: true,
        type: 'module',
        dependencies: { '@fieldmarshal/core': `file:${tarball}` },
        devDependencies: { vite: vite.version },
      }),
    );
    sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app);
    // The workspace's TypeScript, on the installed package's .d.ts (skipLibCheck is off in the page's tsconfig).
    sh(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], app);
    sh(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], app);
    const assets = readdirSync(join(app, 'dist', 'assets'));
    const worker = assets.filter((f) => /^worker-.*\.js$/.test(f));
    assert.equal(worker.length, 1, `worker chunks: ${assets.join(', ')}`);
    const workerText = readFileSync(join(app, 'dist', 'assets', worker[0]), 'utf8');
    assert.ok(!/__spin|__hang|__crash/.test(workerText), 'the production worker chunk carries test kernels');

    const port = await new Promise((done) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port: p } = s.address();
        s.close(() => done(p));
      });
    });
    const server = spawn(
      process.execPath,
      [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port)],
      { cwd: app, stdio: 'ignore' },
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      for (let i = 0; i < 100; i++) {
        try {
          await page.goto(`http://127.0.0.1:${port}/`);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      await page
        .waitForFunction(() => document.getElementById('status')?.dataset.arrived === '500', null, {
          timeout: 90_000,
        })
        .catch(async (error) => {
          throw new Error(`${error.message}; status: ${await page.textContent('#status')}; errors: ${errors}`);
        });
      assert.equal(await page.getAttribute('#status', 'data-source'), 'shared');
      assert.equal(await page.evaluate(() => crossOriginIsolated), true);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      server.kill('SIGTERM');
    }
  });
});
