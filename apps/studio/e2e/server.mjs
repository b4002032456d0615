// Starts `vite preview` of the built studio on a free loopback port and opens headless Chromium on it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const studioDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = join(studioDir, 'artifacts');

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Serves apps/studio/dist with vite preview. Returns { url, headers, stop }. */
export async function startPreview() {
  if (!existsSync(join(studioDir, 'dist', 'index.html'))) throw new Error('apps/studio/dist is missing: build first');
  const port = await freePort();
  const vite = join(studioDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: studioDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}/`;
  let res;
  try {
    res = await waitFor(url, 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  }
  return {
    url,
    headers: Object.fromEntries(res.headers),
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({ executablePath, args: chromiumArgs, headless: true });
}

/**
 * How long the tests wait for a state of the page before calling it stuck: a hang detector, not a speed check,
 * set for a machine whose cores are busy with other work (a wait that takes a second on a quiet machine can take
 * many there). Also every page's default for Playwright's actions and waits (30 s otherwise).
 */
export const WAIT_MS = 120_000;

/** Opens a page that records console errors and page errors into `errors`. */
export async function openPage(browser, url, { width = 1400, height = 900 } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(WAIT_MS);
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
  await page.goto(url);
  return { page, errors };
}

/**
 * Starts the studio's preview server and a browser before a test file's tests, and stops both after them.
 * `use(server, browser)` receives them once started.
 */
export function withStudio(use) {
  let server;
  let browser;
  before(async () => {
    server = await startPreview();
    browser = await launchBrowser();
    use(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
