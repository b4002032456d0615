/**
 * One path shape (issue 31 item 2), checked over every entry of the BUILT package (build first): every function or
 * method of every entry's API report that returns a route returns a `Path` (`{ cost, points }`, a TilePath of
 * integer tiles or a Path<Float64Array> of continuous positions) or null, no other exported type carries a route,
 * and each of them, called on a small map, gives that shape at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module (the fuzz workers import it too).
import { packageEntries } from './testing/package-entries.mjs';

const packageRoot = new URL('../', import.meta.url);

/** Names that mention a path or a route but do not return one, and why. */
const NOT_ROUTES: Record<string, string> = {
  pathLength: 'a number: the length of a route',
  pathPointCount: 'a number: the points of a route',
  pathTileIndices: 'the index-list form of a route',
  routeDirection: 'a direction along a tactic route (per frame)',
  routePhase: 'which leg of a tactic route a tile is on',
  createTacticRoute: 'the route plan (sets to cross), not a route',
  setRoute: 'gives a unit a route',
};

/** Every `name(...): returns;` line of the API reports (functions, methods and getters), by entry. */
function signatures(): { report: string; name: string; returns: string }[] {
  const found: { report: string; name: string; returns: string }[] = [];
  for (const file of readdirSync(new URL('api/', packageRoot)).filter((f) => f.endsWith('.api.md'))) {
    const text = readFileSync(new URL(`api/${file}`, packageRoot), 'utf8');
    for (const m of text.matchAll(
      /^(?:export (?:declare )?function |\s+(?:static )?)(\w+)(?:<[^>]*>)?\(.*\): ([^;]+);$/gm,
    ))
      found.push({ report: file, name: m[1] as string, returns: (m[2] as string).trim() });
  }
  return found;
}

const ROUTE_TYPES = new Set(['TilePath', 'TilePath | null', 'Path<Float64Array>', 'Path<Float64Array> | null']);

/** The route functions the reports declare (by name), with the reports that declare them. */
function routeFunctions(): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  for (const { report, name, returns } of signatures()) {
    const named = /path|route/i.test(name) && !(name in NOT_ROUTES);
    if (!named && !/\bPath\b|TilePath/.test(returns)) continue;
    routes.set(name, [...(routes.get(name) ?? []), `${report}: ${returns}`]);
  }
  return routes;
}

function isPath(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { cost, points } = value as { cost: unknown; points: unknown };
  const keys = Object.keys(value).sort();
  return (
    keys.join() === 'cost,points' &&
    typeof cost === 'number' &&
    Number.isFinite(cost) &&
    cost >= 0 &&
    (points instanceof Int32Array || points instanceof Float64Array) &&
    points.length >= 2 &&
    points.length % 2 === 0
  );
}

async function load(subpath: string): Promise<Record<string, unknown>> {
  const entry = (packageEntries(packageRoot) as [string, string][]).find(([key]) => key === subpath);
  if (!entry) throw new Error(`no entry ${subpath}`);
  return (await import(/* @vite-ignore */ entry[1])) as Record<string, unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: the built modules are untyped here.
type Module = Record<string, any>;

/** One call of each route function on a small map, by name: what it returned. */
async function routeCalls(): Promise<Record<string, () => unknown>> {
  const [core, flow, scent, sectors, rts, tactics, steering] = (await Promise.all(
    ['.', './flow', './scent', './sectors', './rts', './tactics', './steering'].map(load),
  )) as [Module, Module, Module, Module, Module, Module, Module];
  const map = ['..........', '..####....', '......#...', '......#...', '..........'].join('\n');
  const grid = core.parseAsciiMap(map);
  const from = { x: 0, y: 0 };
  const to = { x: 9, y: 4 };
  const field = core.computeField(grid, { goals: [to] });
  const flowOf = core.computeFlow(grid, field);
  const sets = tactics.decomposeConvexSets(grid);
  const toSet = sets.setOf[to.y * grid.width + to.x];
  const graph = sectors.buildSectorGraph(grid, { sectorSize: 8 });
  return {
    pathFromField: () => core.pathFromField(field, from),
    smoothPath: () => core.smoothPath(grid, core.pathFromField(field, from)),
    followFlow: () => core.followFlow(grid, field, flowOf, { x: 0.5, y: 0.5 }),
    anyAnglePath: () => flow.anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 9.5, y: 4.5 }),
    descendMapPath: () => scent.descendMapPath(grid, field.cost, from),
    findPath: () => graph.findPath(from, to),
    route: () => graph.route(from, to),
    rtsPathFromField: () => rts.rtsPathFromField(field, from),
    'RtsPathfinder.findPath': () => new rts.RtsPathfinder(grid).findPath(from, to),
    tacticPath: () => tactics.tacticPath(grid, sets, from, to, toSet, { mode: 'flank' }),
    routePath: () => tactics.routePath(tactics.createTacticRoute(grid, sets, toSet, to), sets, from),
    buildTilePatternPath: () => steering.buildTilePatternPath(steering.parseTilePattern('0 0 3 0'), { x: 2, y: 2 }),
  };
}

describe('one path shape across every entry (issue 31 item 2)', () => {
  it('every route function of every API report returns TilePath, Path<Float64Array> or null', () => {
    const routes = routeFunctions();
    expect(routes.size).toBeGreaterThanOrEqual(10);
    for (const [name, declared] of routes)
      for (const line of declared)
        expect(ROUTE_TYPES.has(line.slice(line.indexOf(': ') + 2)), `${name} in ${line}`).toBe(true);
  });

  it('no other exported type carries a route (cost beside a path, waypoints or points)', () => {
    for (const file of readdirSync(new URL('api/', packageRoot)).filter((f) => f.endsWith('.api.md'))) {
      const text = readFileSync(new URL(`api/${file}`, packageRoot), 'utf8');
      for (const m of text.matchAll(/^export interface (\w+)[^{]*\{\n([\s\S]*?)^\}/gm)) {
        const body = m[2] as string;
        const carries = /^\s+(?:readonly )?(?:path|waypoints|points)\??: (?:Int32Array|Float64Array|number\[\])/m;
        if (m[1] === 'Path') continue;
        expect(carries.test(body), `${file}: ${m[1]}`).toBe(false);
      }
    }
  });

  it('each route function gives { cost, points } at run time, and the table covers every one', async () => {
    const calls = await routeCalls();
    const names = new Set(Object.keys(calls).map((k) => k.split('.').at(-1)));
    for (const name of routeFunctions().keys()) expect(names.has(name), `a call of ${name} in this test`).toBe(true);
    for (const [name, call] of Object.entries(calls)) expect(isPath(call()), name).toBe(true);
  });
});
