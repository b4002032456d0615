#!/usr/bin/env node
// The two README commands. `node scripts/bootstrap.mjs start|test`.
// Installs what a fresh Debian machine with Node 20 lacks (pnpm at the pinned version, the workspace packages,
// and for tests Debian's Chromium), then builds and serves the studio or runs every check and test.
// Idempotent: a second run finds everything present and skips the installs. Never prompts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2];
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', CI: process.env.CI ?? '' };

function log(message) {
  console.log(`\x1b[36m[fieldmarshal]\x1b[0m ${message}`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`\n[fieldmarshal] failed: ${cmd} ${args.join(' ')} (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

function output(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The pnpm to run: the one on PATH when it is the pinned version, else a copy installed by this script. */
let pnpm = 'pnpm';
const localPnpm = join(root, '.tools', 'node_modules', '.bin', 'pnpm');

function ensurePnpm() {
  if (output('pnpm', ['--version']) === pinned) return;
  if (existsSync(localPnpm) && output(localPnpm, ['--version']) === pinned) {
    useLocalPnpm();
    return;
  }
  log(`installing pnpm@${pinned} with npm`);
  const global = spawnSync('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${pinned}`], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (global.status === 0 && output('pnpm', ['--version']) === pinned) return;
  // No write access to npm's global folder (a non-root user with a system Node): install into .tools instead.
  log(`the global install did not give pnpm ${pinned} on PATH; installing it into .tools/ instead`);
  run('npm', ['install', '--prefix', join(root, '.tools'), '--no-fund', '--no-audit', '--no-save', `pnpm@${pinned}`]);
  if (output(localPnpm, ['--version']) !== pinned) {
    console.error(
      `[fieldmarshal] could not install pnpm ${pinned}; install it yourself: npm install --global pnpm@${pinned}`,
    );
    process.exit(1);
  }
  useLocalPnpm();
}

/** Puts .tools' pnpm first on PATH, so turbo and the tests find it too. */
function useLocalPnpm() {
  pnpm = localPnpm;
  env.PATH = `${dirname(localPnpm)}${delimiter}${env.PATH ?? ''}`;
}

function ensureWorkspace() {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  log('installing workspace packages (pnpm install)');
  run(pnpm, ['install', ...frozen, '--prefer-offline', '--reporter=append-only'], {
    env: { ...env, CI: 'true' },
  });
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

function ensureChromium() {
  const found = chromiumPath();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      '[fieldmarshal] the browser tests need Chromium. Install the Debian packages `chromium` and `fonts-liberation`\n' +
        '  (sudo apt-get install -y --no-install-recommends chromium fonts-liberation), or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  log('installing Debian packages chromium and fonts-liberation (apt-get)');
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { env: aptEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
    env: aptEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const installed = chromiumPath();
  if (!installed) {
    console.error('[fieldmarshal] apt-get finished but /usr/bin/chromium is still missing');
    process.exit(1);
  }
  return installed;
}

function turbo(args) {
  run(pnpm, ['exec', 'turbo', 'run', ...args, '--output-logs=new-only', '--log-order=grouped'], {
    env,
  });
}

if (mode === 'test') {
  ensurePnpm();
  ensureWorkspace();
  env.CHROMIUM_PATH = ensureChromium();
  log('lint and format check (biome)');
  run(pnpm, ['exec', 'biome', 'check', '.']);
  log('build and type-check every package');
  turbo(['build', 'typecheck']);
  log('tests: unit, property, Moving AI conformance, browser mode, consumers and end-to-end');
  // One package at a time: the machine has two cores and the browser suites start Chromium.
  turbo(['test', '--force', '--concurrency=1']);
  const contract = resolve(root, '../shared/checks/api-contract.mjs');
  if (existsSync(contract)) {
    log('public API contract (../shared/checks/api-contract.mjs)');
    run('node', [contract]);
  }
  log('all checks passed');
} else if (mode === 'start') {
  ensurePnpm();
  ensureWorkspace();
  log('building the core package and the studio');
  turbo(['build', '--filter=@fieldmarshal/studio...']);
  log('serving the studio at http://127.0.0.1:5173 (Ctrl-C stops it)');
  const child = spawn(pnpm, ['--filter', '@fieldmarshal/studio', 'exec', 'vite', 'preview'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const stop = () => child.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
