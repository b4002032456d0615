#!/usr/bin/env node
// Writes the API reference as Markdown (docs/api/*.md, shipped in the package) from the built declaration files:
// every public name of `@fieldmarshal/core` (followed from each entry's .d.ts through its re-exports) with its doc
// comment and its declaration as the type checker sees it (interfaces and classes with their members' comments).
// One page per entry of package.json `exports`: the root (`root.md`), each family subpath (`fields.md`, ...) and
// the worker modules, plus an index. Run by `build` after `tsc`.
// `--check` exits 1 when a public name has no doc comment; `--members` lists the members of public interfaces and
// classes that have none (a report, not a failure).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const outDir = join(root, 'docs', 'api');

/** Index just past the statement that starts at `start`: a `;` at depth 0, or the `}` closing a block body. */
function statementEnd(text, start, blockBody) {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && next === '*') i = text.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      i++;
    } else {
      if (c === '{' || c === '(' || c === '[') depth++;
      else if (c === '}' || c === ')' || c === ']') {
        depth--;
        if (depth === 0 && c === '}' && blockBody) return i + 1;
      } else if (c === ';' && depth === 0) return i + 1;
      i++;
    }
  }
  return text.length;
}

const DECLARATION =
  /^(export\s+)?(?:declare\s+)?(?:abstract\s+)?(function|class|const|let|var|enum|namespace|interface|type)\s+([A-Za-z_$][\w$]*)/;

/** The top-level statements of one .d.ts file: declarations (with their doc comments) and re-exports. */
function parseModule(file) {
  const text = readFileSync(file, 'utf8');
  const declarations = new Map(); // name -> { kind, exported, docs: string[], texts: string[] }
  const reexports = []; // { from, names: [[exported, local]] | null (all) }
  const localExports = []; // [exported, local]
  let doc = null;
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    if (text.startsWith('/**', i)) {
      const end = text.indexOf('*/', i) + 2;
      doc = text.slice(i, end);
      i = end;
      continue;
    }
    if (text.startsWith('//', i)) {
      i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      continue;
    }
    if (text.startsWith('/*', i)) {
      i = text.indexOf('*/', i) + 2;
      continue;
    }
    const head = text.slice(i, i + 200);
    const m = DECLARATION.exec(head);
    const blockBody = m !== null && /^(class|enum|namespace|interface)$/.test(m[2]);
    const end = statementEnd(text, i, blockBody);
    const statement = text.slice(i, end).trim();
    i = end;
    if (m) {
      const entry = declarations.get(m[3]) ?? { kind: m[2], exported: false, docs: [], texts: [] };
      entry.exported ||= Boolean(m[1]);
      if (doc) entry.docs.push(doc);
      entry.texts.push(doc ? `${doc}\n${statement}` : statement);
      declarations.set(m[3], entry);
    } else {
      const star = /^export\s+(?:type\s+)?\*\s+from\s+['"]([^'"]+)['"]/.exec(statement);
      const list = /^export\s+(?:type\s+)?\{([^}]*)\}(?:\s+from\s+['"]([^'"]+)['"])?/.exec(statement);
      if (star) reexports.push({ from: star[1], names: null });
      else if (list) {
        const names = list[1]
          .split(',')
          .map((s) => s.trim().replace(/^type\s+/, ''))
          .filter(Boolean)
          .map((s) => {
            const [local, exported] = s.split(/\s+as\s+/);
            return [exported ?? local, local];
          });
        if (list[2]) reexports.push({ from: list[2], names });
        else localExports.push(...names);
      }
    }
    doc = null;
  }
  return { declarations, reexports, localExports };
}

const modules = new Map();
function moduleAt(file) {
  if (!modules.has(file)) modules.set(file, parseModule(file));
  return modules.get(file);
}

function dtsOf(fromFile, specifier) {
  return resolve(dirname(fromFile), specifier.replace(/\.js$/, '.d.ts'));
}

/** Every public name of the module: name -> { file, local } where the declaration lives. */
function exportsOf(file, seen = new Set()) {
  const result = new Map();
  if (seen.has(file)) return result;
  seen.add(file);
  const mod = moduleAt(file);
  for (const [name, entry] of mod.declarations) if (entry.exported) result.set(name, { file, local: name });
  for (const [exported, local] of mod.localExports) result.set(exported, { file, local });
  for (const { from, names } of mod.reexports) {
    const target = exportsOf(dtsOf(file, from), seen);
    if (names === null) for (const [name, where] of target) result.set(name, where);
    else for (const [exported, local] of names) if (target.has(local)) result.set(exported, target.get(local));
  }
  seen.delete(file);
  return result;
}

function docText(doc) {
  const lines = doc
    .replace(/^\/\*\*\s?/, '')
    .replace(/\s*\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const out = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line);
    if (tag) out.push(`- **@${tag[1]}** ${tag[2]}`);
    else if (out.length && out.at(-1).startsWith('- **@') && /^\s+\S/.test(line))
      out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line);
  }
  return out
    .join('\n')
    .replace(/\{@link\s+([^}|\s]+)(?:[\s|][^}]*)?\}/g, '`$1`')
    .trim();
}

function anchor(name) {
  return name.toLowerCase().replace(/[^a-z0-9_ -]/g, '');
}

const AREA_TITLES = {
  root: 'Root entry: a first program (grids, fields, flows, the service, errors, common types)',
  crowd: 'Crowd (collision avoidance with stop timers)',
  fields: 'Fields (cost and direction fields, paths)',
  flow: 'Smooth flows and followers',
  grid: 'Grids and maps',
  rts: 'RTS movement',
  scent: 'Scent, flee, safety and desire maps',
  sectors: 'Sector graphs (huge maps)',
  service: 'Worker service, frame scheduler and worker jobs',
  steering: 'Steering',
  tactics: 'Convex sets, flank and retreat',
  worker: 'Worker module',
  'worker-runtime': 'Worker runtime (serving your own jobs)',
};

/** Every entry of package.json `exports` with declarations: [page, import specifier, .d.ts file]. */
function entries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const out = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value !== 'object' || typeof value.types !== 'string') continue;
    const page = key === '.' ? 'root' : key.slice(2).replaceAll('/', '-');
    out.push([page, key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, join(root, value.types)]);
  }
  return out;
}

const byArea = new Map();
const specifiers = new Map();
const undocumented = new Set();
for (const [area, specifier, dts] of entries()) {
  specifiers.set(area, specifier);
  byArea.set(area, new Map());
  for (const [name, where] of exportsOf(dts)) {
    const decl = moduleAt(where.file).declarations.get(where.local);
    if (!decl) continue;
    if (!decl.docs.length) undocumented.add(`${name} (${relative(dist, where.file)})`);
    byArea.get(area).set(name, decl);
  }
}

const areas = [...byArea.keys()];
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const index = [
  `# @fieldmarshal/core ${version}: API reference`,
  '',
  'Generated from the declaration files (`dist/**/*.d.ts`) and their doc comments by `scripts/api-markdown.mjs`.',
  'One page per entry of the package: the root `@fieldmarshal/core` keeps what a first program needs, each family',
  'subpath (`@fieldmarshal/core/<family>`) lists every public name of its area (the root names of that area',
  'included). Guides, semantics and option tables: the [README](../../README.md); moving from 0.1: MIGRATING.md.',
  '',
];
for (const area of areas) {
  const names = [...byArea.get(area).keys()].sort((a, b) => a.localeCompare(b));
  index.push(`## [${AREA_TITLES[area] ?? area}](${area}.md): \`${specifiers.get(area)}\``, '');
  index.push(names.map((n) => `[\`${n}\`](${area}.md#${anchor(n)})`).join(' · '), '');
  const page = [
    `# ${AREA_TITLES[area] ?? area}`,
    '',
    `Part of the [API reference](README.md) of \`@fieldmarshal/core\` ${version}. Import these names from`,
    `\`${specifiers.get(area)}\`.`,
    '',
  ];
  for (const name of names) {
    const decl = byArea.get(area).get(name);
    page.push(`## ${name}`, '');
    const doc = decl.docs.map(docText).find((d) => d.length > 0);
    if (doc) page.push(doc, '');
    const code = decl.texts.map((t) => t.replace(/^\/\*\*[\s\S]*?\*\/\n/, '')).join('\n');
    page.push('```ts', code, '```', '');
  }
  writeFileSync(join(outDir, `${area}.md`), `${page.join('\n').trimEnd()}\n`);
}
writeFileSync(join(outDir, 'README.md'), `${index.join('\n').trimEnd()}\n`);
const count = areas.reduce((n, a) => n + byArea.get(a).size, 0);
console.log(
  `api-markdown: ${count} names (root ${byArea.get('root')?.size}) on ${areas.length} pages in ${relative(root, outDir)}`,
);
if (process.argv.includes('--members')) {
  const bare = [];
  for (const area of areas) {
    for (const [name, decl] of byArea.get(area)) {
      if (!/^(interface|class)$/.test(decl.kind)) continue;
      const lines = decl.texts.join('\n').split('\n');
      lines.forEach((line, i) => {
        const m = /^ {4}(?:readonly |static |protected |get |set )*([A-Za-z_$][\w$]*)\??[(:<]/.exec(line);
        if (m && m[1] !== 'constructor' && !/\*\/\s*$/.test(lines[i - 1] ?? '')) bare.push(`${area}: ${name}.${m[1]}`);
      });
    }
  }
  console.log(`${bare.length} members without a doc comment:\n${bare.join('\n')}`);
}
if (process.argv.includes('--check') && undocumented.size) {
  console.error(`public names without a doc comment:\n${[...undocumented].join('\n')}`);
  process.exit(1);
}
