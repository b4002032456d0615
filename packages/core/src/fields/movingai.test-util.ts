/**
 * Moving AI benchmark conformance: for every scenario row, the octile field from the goal must give the
 * published optimal length at the start, and walking `dir` from the start must reach the goal with the same
 * summed length. The folder is `data/movingai` of the repository, or FM_MOVINGAI_DIR (same layout: maps/*.map,
 * scenarios/*.scen); scenario rows are matched to maps by the base name of their map column.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { parseMovingAiMap } from '../grid/parse.js';
import { computeField } from './compute-field.js';

export const MOVINGAI_DIR =
  process.env.FM_MOVINGAI_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../data/movingai');

export interface ScenarioRow {
  line: number;
  startX: number;
  startY: number;
  goalX: number;
  goalY: number;
  optimal: number;
}

/** The folder of the large (1024-wide) maps, gzipped: `large/` of the Moving AI folder. */
export const MOVINGAI_LARGE_DIR = join(MOVINGAI_DIR, 'large');

/** Base names of the maps that have a scenario file (`NAME.scen` or `NAME.scen.gz`), sorted. */
export function scenarioMaps(dir = MOVINGAI_DIR): string[] {
  const scenDir = join(dir, 'scenarios');
  if (!existsSync(scenDir)) return [];
  return readdirSync(scenDir)
    .filter((f) => f.endsWith('.scen') || f.endsWith('.scen.gz'))
    .map((f) => f.replace(/\.scen(\.gz)?$/, ''))
    .sort();
}

/** A data file as text, read from `path` or else from `path.gz` (the large maps are stored gzipped). */
function readData(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8');
  return gunzipSync(readFileSync(`${path}.gz`)).toString('utf8');
}

export function loadScenario(mapName: string, dir = MOVINGAI_DIR): { grid: Grid; rows: ScenarioRow[] } {
  const text = readData(join(dir, 'scenarios', `${mapName}.scen`));
  const rows: ScenarioRow[] = [];
  let mapFile: string | null = null;
  text.split(/\r?\n/).forEach((line, index) => {
    if (index === 0 || line.trim() === '') return;
    const cols = line.split('\t');
    if (cols.length < 9) throw new Error(`${mapName}.scen line ${index + 1}: expected 9 columns`);
    const file = basename((cols[1] as string).replace(/\\/g, '/'));
    if (mapFile === null) mapFile = file;
    else if (file !== mapFile) throw new Error(`${mapName}.scen line ${index + 1}: map ${file}, expected ${mapFile}`);
    rows.push({
      line: index + 1,
      startX: Number(cols[4]),
      startY: Number(cols[5]),
      goalX: Number(cols[6]),
      goalY: Number(cols[7]),
      optimal: Number(cols[8]),
    });
  });
  const grid = parseMovingAiMap(readData(join(dir, 'maps', mapFile ?? `${mapName}`)), {
    shared: false,
  });
  return { grid, rows };
}

/**
 * Checks rows [from, to) of a scenario; returns the problems found (empty when all rows conform). Every
 * `stepsEvery`-th row also checks the steps metric: the fewest moves S satisfy S <= optimal <= S * sqrt 2, the
 * steps field's walk has exactly S moves, and the octile walk has at least S moves.
 */
export function checkRows(grid: Grid, rows: ScenarioRow[], from: number, to: number, stepsEvery = 16): string[] {
  const problems: string[] = [];
  const out = { cost: new Float64Array(grid.size), dir: new Uint8Array(grid.size) };
  const { width, passable } = grid;
  const walk = (sx: number, sy: number, gx: number, gy: number): { length: number; moves: number } | string => {
    let x = sx;
    let y = sy;
    let length = 0;
    let moves = 0;
    for (;;) {
      const d = out.dir[y * width + x] as number;
      if (d === NO_DIRECTION) break;
      const dx = DIR_DX[d] as number;
      const dy = DIR_DY[d] as number;
      const code = passable[y * width + x] as number;
      const ok =
        passable[(y + dy) * width + x + dx] === code &&
        (dx === 0 || dy === 0 || (passable[y * width + x + dx] === code && passable[(y + dy) * width + x] === code));
      if (!ok) return `illegal step from (${x}, ${y}) direction ${d}`;
      x += dx;
      y += dy;
      length += dx !== 0 && dy !== 0 ? Math.SQRT2 : 1;
      if (++moves > grid.size) return 'dir cycle';
    }
    if (x !== gx || y !== gy) return `walk ended at (${x}, ${y}), not at the goal`;
    return { length, moves };
  };
  for (let r = from; r < Math.min(to, rows.length); r++) {
    const row = rows[r] as ScenarioRow;
    const { startX, startY, goalX, goalY, optimal } = row;
    const where = `line ${row.line} (${startX}, ${startY}) -> (${goalX}, ${goalY})`;
    const maxCost = optimal * (1 + 1e-5) + 1e-6;
    const goals = [{ x: goalX, y: goalY }];
    computeField(grid, { goals, metric: 'octile', maxCost, out });
    const cost = out.cost[startY * width + startX] as number;
    if (!(Math.abs(cost - optimal) <= 1e-5 * Math.max(1, optimal))) {
      problems.push(`${where}: cost ${cost}, optimal ${optimal}`);
      continue;
    }
    const octileWalk = walk(startX, startY, goalX, goalY);
    if (typeof octileWalk === 'string') {
      problems.push(`${where}: ${octileWalk}`);
      continue;
    }
    if (!(Math.abs(octileWalk.length - cost) <= 1e-9 * Math.max(1, cost))) {
      problems.push(`${where}: walk length ${octileWalk.length} != cost ${cost}`);
    }
    if (r % stepsEvery !== 0) continue;
    computeField(grid, { goals, metric: 'steps', maxCost, out });
    const steps = out.cost[startY * width + startX] as number;
    const stepsWalk = walk(startX, startY, goalX, goalY);
    if (typeof stepsWalk === 'string') problems.push(`${where} (steps): ${stepsWalk}`);
    else if (stepsWalk.moves !== steps) problems.push(`${where} (steps): ${stepsWalk.moves} moves, cost ${steps}`);
    const tol = 1e-5 * Math.max(1, optimal);
    if (!(steps <= optimal + tol && optimal <= steps * Math.SQRT2 + tol && octileWalk.moves >= steps)) {
      problems.push(`${where}: steps ${steps}, optimal ${optimal}, octile moves ${octileWalk.moves}`);
    }
  }
  return problems;
}

/** Rows per `it`, so each test stays well under the test timeout and reports progress. */
const CHUNK = 600;

/**
 * Declares the conformance tests of one shard: every map with a scenario file gets a `describe`, and the rows
 * with `index % shards === shard` are checked in chunks. Four shard files run in parallel and split every map
 * (long and short rows alike) evenly.
 */
export function describeConformanceShard(shard: number, shards: number): void {
  const maps = scenarioMaps();
  it(`finds scenario files in ${MOVINGAI_DIR}`, () => {
    expect(maps.length).toBeGreaterThan(0);
  });
  for (const name of maps) {
    describe(name, () => {
      const { grid, rows } = loadScenario(name);
      const mine = rows.filter((_, r) => r % shards === shard);
      for (let from = 0; from < mine.length; from += CHUNK) {
        const to = Math.min(mine.length, from + CHUNK);
        it(`rows ${from * shards + shard}..${(to - 1) * shards + shard} (every ${shards}th)`, () => {
          expect(checkRows(grid, mine, from, to)).toEqual([]);
        });
      }
    });
  }
}
