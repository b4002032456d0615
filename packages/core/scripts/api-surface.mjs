#!/usr/bin/env node
// Lists the public API of the built package (every export of every entry of package.json `exports`: the root
// `index`, each family subpath, `worker` and `worker-runtime`, with its kind, and the value of every constant:
// numbers, strings and the plain objects and arrays of defaults, so that a changed default fails as a changed
// signature does in scripts/api-report.mjs) and compares it with api-surface.json. `node scripts/api-surface.mjs --update` rewrites the snapshot after an intended change;
// without --update it exits 1 and prints the difference, so an accidental change fails the tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const snapshotPath = join(root, 'api-surface.json');

function kind(value) {
  if (typeof value === 'function')
    return /^class\s/.test(Function.prototype.toString.call(value)) ? 'class' : 'function';
  if (Array.isArray(value)) return 'array';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  return value === null ? 'null' : typeof value;
}

/** Longest value written into the snapshot; a longer one (a table) is recorded by its kind only. */
const MAX_VALUE_TEXT = 2000;

/** JSON with the numbers JSON cannot hold (NaN, Infinity, -0) and bigints written as text. */
function valueText(value) {
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) return Object.is(v, -0) ? '-0' : String(v);
    return v;
  });
}

/** True for data a default is made of: primitives, and plain objects and arrays of them, with no functions. */
function isPlainData(value, depth = 0) {
  if (value === null || ['number', 'string', 'boolean', 'bigint', 'undefined'].includes(typeof value)) return true;
  if (typeof value !== 'object' || depth > 4) return false;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => isPlainData(v, depth + 1));
}

/** Exports whose value depends on where the package runs (recorded by their kind only). */
const ENVIRONMENT_VALUES = new Set(['sharedMemoryAvailable']);

/** An export's entry in the snapshot: its kind, and its value when it is plain data. */
function describe(name, value) {
  const k = kind(value);
  if (typeof value === 'function' || ENVIRONMENT_VALUES.has(name) || !isPlainData(value)) return k;
  const text = valueText(value);
  return text === undefined || text.length > MAX_VALUE_TEXT ? k : `${k} = ${text}`;
}

/** Every entry of the package with a JavaScript file: [snapshot key (`index` for the root), file]. */
function entries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const out = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    const file = typeof value === 'string' ? value : (value.import ?? value.default);
    if (!file.endsWith('.js')) continue;
    out.push([key === '.' ? 'index' : key.slice(2), join(root, file)]);
  }
  return out;
}

export async function surface() {
  const out = {};
  for (const [entry, file] of entries()) {
    const mod = await import(pathToFileURL(file).href);
    out[entry] = Object.fromEntries(
      Object.keys(mod)
        .sort()
        .map((name) => [name, describe(name, mod[name])]),
    );
  }
  return out;
}

const current = await surface();
if (process.argv.includes('--update')) {
  writeFileSync(snapshotPath, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`wrote ${snapshotPath}`);
} else {
  const saved = JSON.parse(readFileSync(snapshotPath, 'utf8'));
  const lines = [];
  for (const entry of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    const a = saved[entry] ?? {};
    const b = current[entry] ?? {};
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(name in b)) lines.push(`- ${entry}: ${name} (${a[name]}) was removed`);
      else if (!(name in a)) lines.push(`+ ${entry}: ${name} (${b[name]}) was added`);
      else if (a[name] !== b[name]) lines.push(`~ ${entry}: ${name} changed from ${a[name]} to ${b[name]}`);
    }
  }
  if (lines.length) {
    console.error(
      `the public API differs from api-surface.json:\n${lines.join('\n')}\n` +
        'If the change is intended, run `node scripts/api-surface.mjs --update` in packages/core and note it in CHANGELOG.md.',
    );
    process.exit(1);
  }
  const counts = Object.entries(current).map(([entry, names]) => `${entry} ${Object.keys(names).length}`);
  console.log(`public API unchanged (exports per entry: ${counts.join(', ')})`);
}
