#!/usr/bin/env node
// Moves `import { ... } from '@fieldmarshal/core'` (and `export { ... } from`) statements of the given files to the
// entries that export each name since the split into families: a name the root keeps stays on the root, every
// other name goes to its family subpath (read from the API reports, api/*.api.md). For code written against 0.1
// (one flat namespace) and for branches merged after the split:
//   node packages/core/scripts/move-imports.mjs $(git grep -l "from '@fieldmarshal/core'")
// then `pnpm exec biome check --write` to format. A name no entry exports stops the script with its file.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const families = Object.keys(pkg.exports)
  .filter((k) => k !== '.' && k !== './package.json' && !k.startsWith('./worker'))
  .map((k) => k.slice(2));

/** The names an entry's API report declares or lists. */
function reportNames(report) {
  const text = readFileSync(join(root, 'api', `${report}.api.md`), 'utf8');
  const declared = [
    ...text.matchAll(/^export (?:declare )?(?:abstract )?(?:class|function|const|interface|type|enum) (\w+)/gm),
  ].map((m) => m[1]);
  const listed = [...text.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
    m[1].split(',').map((s) =>
      s
        .trim()
        .split(/\s+as\s+/)
        .at(-1),
    ),
  );
  return [...declared, ...listed].filter(Boolean);
}

const home = new Map();
for (const n of reportNames('core')) home.set(n, pkg.name);
for (const f of families) for (const n of reportNames(`core-${f}`)) if (!home.has(n)) home.set(n, `${pkg.name}/${f}`);
const order = [pkg.name, ...families.map((f) => `${pkg.name}/${f}`)];
const statement = /^(import|export)( type)? \{([^}]*)\} from '@fieldmarshal\/core';$/gms;

let changed = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const out = text.replace(statement, (_all, keyword, typeOnly, list) => {
    const groups = new Map();
    for (const spec of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const local = spec.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      const target = home.get(local);
      if (!target) throw new Error(`${file}: no entry of ${pkg.name} exports ${local}`);
      if (!groups.has(target)) groups.set(target, []);
      groups.get(target).push(spec);
    }
    return [...groups]
      .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
      .map(([target, specs]) => {
        const allTypes = !typeOnly && keyword === 'import' && specs.every((s) => /^type\s/.test(s));
        const items = allTypes ? specs.map((s) => s.replace(/^type\s+/, '')) : specs;
        return `${keyword}${typeOnly || allTypes ? ' type' : ''} { ${items.join(', ')} } from '${target}';`;
      })
      .join('\n');
  });
  if (out !== text) {
    writeFileSync(file, out);
    changed++;
  }
}
console.log(`move-imports: ${changed} of ${process.argv.length - 2} files changed`);
