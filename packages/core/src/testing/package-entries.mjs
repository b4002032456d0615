// The built package's public entries (package.json `exports`: the root and each family subpath; not the worker
// modules, which serve jobs, nor package.json), imported and merged into one namespace object. Used by the fuzz
// catalogue (which must cover every export of every entry) and by the tests that run against dist.
import { readFileSync } from 'node:fs';

/** The JavaScript file of each entry: [subpath, file URL]. */
export function packageEntries(packageRoot) {
  const pkg = JSON.parse(readFileSync(new URL('package.json', packageRoot), 'utf8'));
  const out = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (key === './package.json' || key === './worker' || key === './worker-runtime') continue;
    const file = typeof value === 'string' ? value : (value.import ?? value.default);
    out.push([key, new URL(file, packageRoot).href]);
  }
  return out;
}

/** Every entry's exports in one object; a name in two entries is the same binding in both (checked). */
export async function importPackageEntries(packageRoot) {
  const merged = {};
  for (const [key, url] of packageEntries(packageRoot)) {
    const mod = await import(url);
    for (const name of Object.keys(mod)) {
      if (name in merged && merged[name] !== mod[name]) throw new Error(`${key} exports another ${name}`);
      merged[name] = mod[name];
    }
  }
  return merged;
}
