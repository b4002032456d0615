/**
 * The package's entries (issue 31 item 1, families), against the BUILT package (dist; build first): the root
 * `@fieldmarshal/core` keeps what a first program needs, each family subpath lists every public name of its area,
 * and together they export every public name once, one binding per name whichever entry it is imported from.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module (the fuzz workers import it too).
import { packageEntries } from './testing/package-entries.mjs';

const packageRoot = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', packageRoot), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string; default: string }>;
  sideEffects: unknown;
};
const FAMILIES = ['grid', 'fields', 'flow', 'sectors', 'scent', 'tactics', 'steering', 'crowd', 'rts', 'service'];

/** The names an entry's API report declares (types included): the report is checked against dist by npm test. */
function reportNames(report: string): string[] {
  const text = readFileSync(new URL(`api/${report}.api.md`, packageRoot), 'utf8');
  const declared = [
    ...text.matchAll(/^export (?:declare )?(?:abstract )?(?:class|function|const|interface|type|enum) (\w+)/gm),
  ].map((m) => m[1] as string);
  const listed = [...text.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
    (m[1] as string).split(',').map(
      (s) =>
        s
          .trim()
          .split(/\s+as\s+/)
          .at(-1) as string,
    ),
  );
  return [...declared, ...listed].filter((name, i, all) => name !== '' && all.indexOf(name) === i);
}

async function load(subpath: string): Promise<Record<string, unknown>> {
  const entry = (packageEntries(packageRoot) as [string, string][]).find(([key]) => key === subpath);
  if (!entry) throw new Error(`no entry ${subpath}`);
  return (await import(/* @vite-ignore */ entry[1])) as Record<string, unknown>;
}

describe('package entries: the root and one subpath per family', () => {
  it('package.json exports the root, each family (types and JavaScript, built), the worker modules; no side effects', () => {
    expect(Object.keys(pkg.exports)).toEqual([
      '.',
      ...FAMILIES.map((f) => `./${f}`),
      './worker',
      './worker-runtime',
      './package.json',
    ]);
    for (const family of FAMILIES) {
      const value = pkg.exports[`./${family}`];
      expect(value, family).toEqual({
        types: `./dist/${family}/index.d.ts`,
        import: `./dist/${family}/index.js`,
        default: `./dist/${family}/index.js`,
      });
      expect(existsSync(new URL(`dist/${family}/index.js`, packageRoot)), `${family} is built`).toBe(true);
      expect(existsSync(new URL(`dist/${family}/index.d.ts`, packageRoot)), `${family} has types`).toBe(true);
    }
    // Only the worker module does something when imported (it serves the jobs): a bundler keeps
    // `import '@fieldmarshal/core/worker'` in a worker file, and drops whatever a family import does not use.
    expect(pkg.sideEffects).toEqual(['./dist/worker.js']);
  });

  it('the root keeps about 80 names (values and types), among them the first program and every error class', async () => {
    const names = reportNames('core');
    expect(names.length).toBeGreaterThan(60);
    expect(names.length).toBeLessThanOrEqual(82);
    for (const name of ['Grid', 'parseAsciiMap', 'parseMovingAiMap', 'computeField', 'pathFromField', 'computeFlow'])
      expect(names, name).toContain(name);
    for (const name of ['sampleFlow', 'createFieldService', 'FieldMarshalError', 'Field', 'FieldOptions', 'Flow'])
      expect(names, name).toContain(name);
    const root = await load('.');
    const errors = (await import(/* @vite-ignore */ new URL('dist/errors.js', packageRoot).href)) as object;
    for (const name of Object.keys(errors)) expect(root, `the root exports ${name}`).toHaveProperty(name);
    // Names of the other families are not in the root.
    for (const name of ['stepCrowd', 'RtsWorld', 'scentMap', 'buildSectorGraph', 'chaseControl', 'tacticCandidates'])
      expect(root[name], name).toBeUndefined();
  });

  it('every value of the root is, where a family has it, the same binding there; each family is its area', async () => {
    const root = await load('.');
    const families = await Promise.all(FAMILIES.map((f) => load(`./${f}`)));
    const owner = new Map<string, string>();
    families.forEach((mod, i) => {
      for (const [name, value] of Object.entries(mod)) {
        if (name in root) expect(value, `${FAMILIES[i]}.${name} is the root's`).toBe(root[name]);
        // A name in two families is the same binding (the service errors, say, are also in the root).
        const first = owner.get(name);
        if (first !== undefined)
          expect(value, `${name} in ${first} and ${FAMILIES[i]}`).toBe(families[FAMILIES.indexOf(first)]?.[name]);
        else owner.set(name, FAMILIES[i] as string);
      }
    });
    const spots: [string, string][] = [
      ['grid', 'generateMaze'],
      ['fields', 'computeFieldFromSeeds'],
      ['flow', 'anyAnglePath'],
      ['flow', 'stepFollowers'],
      ['sectors', 'buildSectorGraph'],
      ['scent', 'fleeMap'],
      ['tactics', 'decomposeConvexSets'],
      ['tactics', 'tacticCandidates'],
      ['steering', 'bresenhamLine'],
      ['crowd', 'stepCrowd'],
      ['rts', 'RtsWorld'],
      ['service', 'createFrameScheduler'],
      ['service', 'defineJob'],
    ];
    for (const [family, name] of spots) expect(owner.get(name), name).toBe(family);
  });

  it("every family has an API report of its own, and its root names are the root's declarations", () => {
    const root = new Set(reportNames('core'));
    for (const family of FAMILIES) {
      const names = reportNames(`core-${family}`);
      expect(names.length, family).toBeGreaterThan(10);
      expect(names.filter((n) => !root.has(n)).length, `${family} has names of its own`).toBeGreaterThan(0);
    }
  });
});
