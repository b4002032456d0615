/**
 * Issue 23: hostile values against every public function and method of the BUILT package (dist; build first):
 * every export of every entry (the root and each family subpath of package.json `exports`; the worker modules,
 * which only serve jobs inside a worker, are left out).
 * Every call must return (a correct result where the catalog can check one) or throw one of the documented error
 * classes, within a deadline; a hang or a crash is caught by running the calls in worker threads. Known failures
 * of areas not hardened yet are listed in expected-failures.test-util.ts. The catalog is in catalog*.mjs.
 * `FUZZ_REPORT=/tmp/fuzz.json pnpm exec vitest run src/fuzz` writes every failure to a file; `FUZZ_ONLY=<regexp>`
 * runs only the entries whose names match (the check for stale expected failures is then skipped).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
// @ts-expect-error: plain JavaScript modules of the fuzz catalog (they run in worker threads too).
import { IDENTITY_CASES, refusedNamingIds } from './catalog-versions.mjs';
import { EXPECTED_FAILURES, matches } from './expected-failures.test-util.js';
// @ts-expect-error: plain JavaScript module of the fuzz catalog.
import { helpers } from './fuzz-helpers.mjs';
import { type CatalogInfo, describeCatalog, type FuzzFailure, runFuzzLane } from './fuzz-runner.test-util.js';

const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));
const distUrl = new URL('../../dist/index.js', import.meta.url).href;

/**
 * A call that does not answer within this long is a hang: the maps are 8x8 or 16x16, a call takes microseconds
 * to a few milliseconds on a quiet machine. The deadline only has to tell a hang from a slow call, so it is set
 * for a machine whose cores are all busy with other work (a call can then wait seconds for a core): a hang costs
 * this long once per path, a tighter deadline made slow calls fail under load.
 */
const DEADLINE_MS = 10_000;
/** Time to import the package and plan a lane's calls (the worker service starts here), on a loaded machine. */
const PLAN_DEADLINE_MS = 120_000;

/** Public members of each exported class, read from the declaration files (private ones are marked there). */
function publicMembers(className: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.d.ts')) files.push(p);
    }
  };
  walk(distDir);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf(`export declare class ${className} `);
    if (start < 0) continue;
    const body = text.slice(start, text.indexOf('\n}', start));
    const out: string[] = [];
    for (const line of body.split('\n')) {
      const m = /^ {4}(static |get )?([A-Za-z_$][\w$]*)[<(]/.exec(line);
      if (!m || /^ {4}(private|protected) /.test(line)) continue;
      const name = m[2] as string;
      if (name === 'constructor') out.push(`new ${className}`);
      else if (m[1] === 'static ') out.push(`${className}.${name}`);
      else out.push(`${className}#${name}`);
    }
    // A class without a declared constructor has the implicit public one; a private one is not callable.
    if (!out.includes(`new ${className}`) && !/^ {4}private constructor/m.test(body)) out.push(`new ${className}`);
    return out;
  }
  throw new Error(`no declaration of class ${className} in dist`);
}

function requiredNames(info: CatalogInfo): string[] {
  const out: string[] = [];
  for (const [name, kind] of info.exports) {
    if (kind === 'function') out.push(name);
    else if (kind === 'class') out.push(...publicMembers(name));
  }
  return [...out, ...info.interfaces];
}

describe('hostile inputs against every public function and method (issue 23)', () => {
  it('the package is built (the fuzz suite runs against dist)', () => {
    expect(existsSync(join(distDir, 'index.js')), 'run `pnpm exec turbo run build` first').toBe(true);
  });

  it('every public function, constructor, method and getter has a fuzz entry; constants are listed', async () => {
    const info = await describeCatalog(distUrl);
    const entries = new Set(info.entries.map((e) => e.name));
    const required = requiredNames(info);
    expect(
      required.filter((n) => !entries.has(n)),
      'public names without a fuzz entry',
    ).toEqual([]);
    expect(
      [...entries].filter((n) => !required.includes(n)),
      'fuzz entries of names that are not public',
    ).toEqual([]);
    const constants = info.exports.filter(([, kind]) => kind === 'constant').map(([name]) => name);
    expect(
      constants.filter((n) => !info.constants.includes(n)),
      'constants missing from CONSTANTS',
    ).toEqual([]);
    expect(
      info.constants.filter((n) => !constants.includes(n)),
      'CONSTANTS that are not exports',
    ).toEqual([]);
    expect(info.entries.length, 'entries listed twice').toBe(entries.size);
  });

  it("every function given another grid's result refuses it, naming both grid ids (issue 35)", async () => {
    const lib = await builtPackage();
    const h = helpers(lib);
    const problems: string[] = [];
    try {
      for (const c of IDENTITY_CASES as { name: string; make: (lib: unknown, h: unknown) => unknown }[]) {
        const problem = await refusedNamingIds(lib, await c.make(lib, h));
        if (problem !== null) problems.push(`${c.name}: ${problem}`);
      }
    } finally {
      await h.close();
    }
    expect(problems).toEqual([]);
  });

  it('no call hangs, crashes, throws an undocumented error or reads an inherited option', async () => {
    const info = await describeCatalog(distUrl);
    // Two lanes (the machine has two cores), entries dealt alternately so that slow areas are shared.
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
    const lanes: string[][] = [[], []];
    info.entries
      .filter((e) => only === null || only.test(e.name))
      .forEach((e, i) => {
        lanes[i % 2]?.push(e.name);
      });
    const started = Date.now();
    const runs = await Promise.all(
      lanes.map(async (names, i) => {
        const run = await runFuzzLane(distUrl, names, DEADLINE_MS, PLAN_DEADLINE_MS);
        console.info(`fuzz lane ${i}: ${names.length} entries, ${run.calls} calls, ${Date.now() - started} ms`);
        return run;
      }),
    );
    const failures = runs.flatMap((r) => r.failures);
    const counts: Record<string, number> = {};
    for (const r of runs) for (const [k, v] of Object.entries(r.counts)) counts[k] = (counts[k] ?? 0) + v;
    const calls = runs.reduce((n, r) => n + r.calls, 0);
    const show = (f: FuzzFailure) => `${f.outcome}: ${f.name} [${f.label}]${f.detail ? ` ${f.detail}` : ''}`;
    const unexpected = failures.filter((f) => !EXPECTED_FAILURES.some((e) => matches(e, f)));
    const stale = only ? [] : EXPECTED_FAILURES.filter((e) => !failures.some((f) => matches(e, f)));
    console.info(`fuzz: ${calls} calls, outcomes ${JSON.stringify(counts)}; ${failures.length} failures`);
    // FUZZ_REPORT=file.json writes every failure (for updating EXPECTED_FAILURES after a fix).
    if (process.env.FUZZ_REPORT) {
      const times = Object.assign({}, ...runs.map((r) => r.times));
      const tallies = Object.assign({}, ...runs.map((r) => r.tallies));
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ failures, times, tallies, counts }, null, 1));
    }
    expect(unexpected.map(show), 'failures not in EXPECTED_FAILURES').toEqual([]);
    expect(
      stale.map((e) => `item ${e.item}: ${String(e.name)} ${e.label ?? ''} (${e.why})`),
      'EXPECTED_FAILURES that no longer fail: remove them',
    ).toEqual([]);
  }, 1_800_000); // a bound for a hang of the whole run, on a loaded machine (a quiet one takes a few minutes)

  it('no call that takes a service misbehaves in the transfer and main-thread modes either', async () => {
    const info = await describeCatalog(distUrl);
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
    const names = info.entries.filter((e) => e.service && (only === null || only.test(e.name))).map((e) => e.name);
    const runs = await Promise.all(
      (['transfer', 'main-thread'] as const).map((mode) =>
        runFuzzLane(distUrl, names, DEADLINE_MS, PLAN_DEADLINE_MS, mode),
      ),
    );
    const failures = runs.flatMap((r, i) =>
      r.failures.map((f) => ({ ...f, mode: i === 0 ? 'transfer' : 'main-thread' })),
    );
    const unexpected = failures.filter((f) => !EXPECTED_FAILURES.some((e) => matches(e, f)));
    console.info(
      `fuzz (transfer, main-thread): ${names.length} service entries, ${runs.reduce((n, r) => n + r.calls, 0)} calls`,
    );
    expect(
      unexpected.map((f) => `${f.mode} ${f.outcome}: ${f.name} [${f.label}]${f.detail ? ` ${f.detail}` : ''}`),
      'failures of the service entries in the other modes',
    ).toEqual([]);
  }, 1_800_000);
});
