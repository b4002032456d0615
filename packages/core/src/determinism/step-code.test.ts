/**
 * Keeps engine-dependent arithmetic out of step code: every source file the steps of the crowd, the RTS world,
 * the followers and the steering behaviours can run (the files their public entries import, transitively) may use
 * only the operations JavaScript defines exactly: `+ - * /`, comparisons, and the `Math` members below; never
 * `Math.sin`, `Math.hypot`, `Math.pow`, `Math.random`... nor the `**` operator (whose precision the language also
 * leaves to the engine). The library's own functions (./deterministic-math.ts) stand in for the trigonometry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The steps' public entries. */
const ENTRIES = ['crowd/index.ts', 'rts/index.ts', 'followers/index.ts', 'steering/index.ts'];
/** Math members whose results the language defines exactly (IEEE 754 rounding, or integer results), and constants. */
const EXACT = new Set([
  'abs',
  'ceil',
  'floor',
  'round',
  'trunc',
  'sign',
  'max',
  'min',
  'sqrt',
  'fround',
  'clz32',
  'imul',
  'PI',
  'SQRT2',
  'SQRT1_2',
  'E',
  'LN2',
  'LN10',
  'LOG2E',
  'LOG10E',
]);
/** Uses that no result depends on, with the reason. */
const ALLOWED: Record<string, string[]> = {
  // A random tag telling a repair thread whether it already holds an anchor table: a cache key, not a result.
  'flow/flow-state.ts': ['Math.random'],
  // A new grid's identity (where crypto.getRandomValues is missing): a name, never a value a step computes with.
  'grid/grid-id.ts': ['Math.random'],
};

/**
 * Source text with comments, strings and the literal parts of template literals blanked out (their lengths kept);
 * the expressions inside `${...}` stay, as code.
 */
function codeOnly(src: string): string {
  let out = '';
  let i = 0;
  // Open template literals: for each, the depth of braces of the `${` expression being read.
  const templates: number[] = [];
  const inTemplateText = () => templates.length > 0 && templates[templates.length - 1] === -1;
  while (i < src.length) {
    const c = src[i] as string;
    const next = src[i + 1];
    if (inTemplateText()) {
      if (c === '\\') {
        out += '  ';
        i += 2;
      } else if (c === '`') {
        templates.pop();
        out += ' ';
        i++;
      } else if (c === '$' && next === '{') {
        templates[templates.length - 1] = 0;
        out += '  ';
        i += 2;
      } else {
        out += c === '\n' ? '\n' : ' ';
        i++;
      }
    } else if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out += ' '.repeat(j + 1 - i);
      i = j + 1;
    } else if (c === '`') {
      templates.push(-1);
      out += ' ';
      i++;
    } else {
      if (templates.length > 0 && c === '{')
        templates[templates.length - 1] = (templates[templates.length - 1] as number) + 1;
      else if (templates.length > 0 && c === '}') {
        const depth = templates[templates.length - 1] as number;
        if (depth === 0) {
          templates[templates.length - 1] = -1;
          out += ' ';
          i++;
          continue;
        }
        templates[templates.length - 1] = depth - 1;
      }
      out += c;
      i++;
    }
  }
  return out;
}

/** The engine-dependent operations in a source text: `Math.x` not in {@link EXACT}, any other use of `Math`, `**`. */
function engineDependent(src: string): string[] {
  const code = codeOnly(src);
  const found: string[] = [];
  for (const m of code.matchAll(/\bMath\b(\s*\.\s*([A-Za-z_$][\w$]*))?/g)) {
    const member = m[2];
    if (member === undefined) found.push('Math (not a member access)');
    else if (!EXACT.has(member)) found.push(`Math.${member}`);
  }
  for (const _ of code.matchAll(/\*\*(?!\/)/g)) found.push('**');
  return found;
}

/** The source files reachable from the entries by value imports (type-only imports carry no code). */
function stepFiles(): string[] {
  const seen = new Set<string>();
  const stack = ENTRIES.map((e) => resolve(SRC, e));
  while (stack.length > 0) {
    const f = stack.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/^\s*(import|export)(\s+type)?\b[^;]*?from\s*['"](\.[^'"]+)['"]/gm)) {
      if (m[2] !== undefined) continue;
      const t = resolve(dirname(f), m[3] as string).replace(/\.js$/, '');
      for (const c of [`${t}.ts`, resolve(t, 'index.ts')])
        if (existsSync(c)) {
          stack.push(c);
          break;
        }
    }
  }
  return [...seen].sort();
}

describe('step code uses only exactly defined operations', () => {
  it('finds the engine-dependent operations a scan must catch, and none in comments or strings', () => {
    expect(engineDependent('const a = Math.sin(x) + Math.floor(y);')).toEqual(['Math.sin']);
    expect(engineDependent('const { cos } = Math; const b = x ** 2; const c = Math["atan2"](y, x);')).toEqual([
      'Math (not a member access)',
      'Math (not a member access)',
      '**',
    ]);
    expect(
      engineDependent("/** Math.hypot is slow */ const s = 'Math.pow'; // x ** 2\nconst d = Math.sqrt(2);"),
    ).toEqual([]);
    // Inside a template literal, its text is blanked but its expressions are code.
    expect(engineDependent(['const e = `Math.exp $', '{Math.exp(1)} {x}`;'].join(''))).toEqual(['Math.exp']);
  });

  it('in every file the crowd, RTS world, followers and steering steps can run', () => {
    const files = stepFiles();
    // The closure reaches the fields, flows, sectors and grid the behaviours read.
    expect(files.length).toBeGreaterThan(100);
    for (const dir of ['crowd/', 'rts/', 'followers/', 'steering/', 'flow/', 'fields/', 'grid/'])
      expect(files.some((f) => relative(SRC, f).startsWith(dir))).toBe(true);
    const problems: string[] = [];
    for (const f of files) {
      const name = relative(SRC, f).split('\\').join('/');
      const allowed = ALLOWED[name] ?? [];
      const found = engineDependent(readFileSync(f, 'utf8')).filter((op) => !allowed.includes(op));
      if (found.length > 0) problems.push(`${name}: ${found.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
