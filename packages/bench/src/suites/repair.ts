import { computeField, type FieldOptions, type Grid, updateField } from '@fieldmarshal/core';
import { loadMap } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { measure, percentile, summarize } from '../stats.js';

/**
 * Field repair (`updateField`) against a full recompute (`computeField` into reused arrays) on the same map and
 * goal, octile metric. Each case edits the grid (untimed), then times one `updateField`. Cases:
 * - `toggle`: a wall put on a random walkable tile, then taken away again (both timed);
 * - `stamp 4x4`: a 4x4 building stamped on a random place, then lifted;
 * - `door`: a wall across the whole map with a one-tile door; the door closes and opens (the far side becomes
 *   unreachable, then reachable: the repair gives up and recomputes in full, the worst case);
 * `near` edits fall within 32 tiles of the goal, `far` ones farther than a quarter of the map's side.
 */
const CASES = ['toggle', 'stamp 4x4', 'door'] as const;
const PLACES = ['near', 'far'] as const;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The walkable tile nearest the map's centre (the goal). */
function centralGoal(grid: Grid): { x: number; y: number } {
  const cx = grid.width >> 1;
  const cy = grid.height >> 1;
  for (let r = 0; r < Math.max(grid.width, grid.height); r++) {
    for (let y = Math.max(0, cy - r); y <= Math.min(grid.height - 1, cy + r); y++) {
      for (let x = Math.max(0, cx - r); x <= Math.min(grid.width - 1, cx + r); x++) {
        if (grid.passable[y * grid.width + x]) return { x, y };
      }
    }
  }
  throw new Error('the map has no walkable tile');
}

/** A random rectangle corner (w x h inside the map) near or far from the goal, not covering the goal. */
function place(
  grid: Grid,
  goal: { x: number; y: number },
  where: (typeof PLACES)[number],
  w: number,
  h: number,
  random: () => number,
): { x: number; y: number } {
  const far = Math.max(w, h, Math.floor(Math.min(grid.width, grid.height) / 4));
  for (;;) {
    const x = Math.floor(random() * (grid.width - w + 1));
    const y = Math.floor(random() * (grid.height - h + 1));
    const d = Math.max(Math.abs(x + w / 2 - goal.x), Math.abs(y + h / 2 - goal.y));
    const covers = goal.x >= x && goal.x < x + w && goal.y >= y && goal.y < y + h;
    if (covers) continue;
    if (where === 'near' ? d <= 32 : d > far) return { x, y };
  }
}

export async function runRepair(options: { maps: string[]; edits: number; reps: number; warmup: number }) {
  const bar = new ProgressBar(options.maps.length * CASES.length * PLACES.length, 'repair');
  const data: Row[] = [];
  const rows: string[][] = [];
  for (const spec of options.maps) {
    bar.setLabel(`loading ${spec}`);
    const grid = loadMap(spec).grid.clone();
    const goal = centralGoal(grid);
    const fieldOptions: FieldOptions = { goals: [goal], metric: 'octile' };
    const cost = new Float64Array(grid.size);
    const dir = new Uint8Array(grid.size);
    const full = measure(() => computeField(grid, fieldOptions, { cost, dir }), {
      reps: options.reps,
      warmup: options.warmup,
    });
    const field = computeField(grid, fieldOptions);
    for (const kind of CASES) {
      for (const where of PLACES) {
        bar.setLabel(`${spec} ${kind} ${where}`);
        const random = rng(kind.length * 7919 + where.length);
        const samples: number[] = [];
        let fulls = 0;
        const tiles: number[] = [];
        const timed = (edit: () => void) => {
          edit();
          const t0 = performance.now();
          const result = updateField(grid, field, fieldOptions);
          samples.push(performance.now() - t0);
          if (result.full) fulls++;
          tiles.push(result.tiles);
        };
        const edits = kind === 'door' ? Math.max(2, Math.min(options.reps, 10)) : options.edits;
        if (kind === 'door') {
          // A wall across the map on a column near or far from the goal, its door on the goal's row.
          const column = where === 'near' ? Math.min(grid.width - 1, goal.x + 8) : grid.width - 16;
          const saved = new Uint8Array(grid.height);
          for (let y = 0; y < grid.height; y++) saved[y] = grid.passable[y * grid.width + column] as number;
          grid.fillPassable(column, 0, 1, grid.height, false);
          grid.setPassable(column, goal.y, true);
          updateField(grid, field, fieldOptions);
          for (let k = 0; k < edits; k++) {
            timed(() => grid.setPassable(column, goal.y, false));
            timed(() => grid.setPassable(column, goal.y, true));
          }
          grid.batch(() => {
            for (let y = 0; y < grid.height; y++) grid.setPassable(column, y, saved[y] as number);
          });
        } else {
          const side = kind === 'toggle' ? 1 : 4;
          for (let k = 0; k < edits; k++) {
            const at = place(grid, goal, where, side, side, random);
            const before = new Uint8Array(side * side);
            for (let y = 0; y < side; y++)
              for (let x = 0; x < side; x++)
                before[y * side + x] = grid.passable[(at.y + y) * grid.width + at.x + x] as number;
            if (side === 1 && before[0] === 0) continue; // toggles start from walkable tiles
            timed(() => grid.fillPassable(at.x, at.y, side, side, false));
            timed(() =>
              grid.batch(() => {
                for (let y = 0; y < side; y++)
                  for (let x = 0; x < side; x++) grid.setPassable(at.x + x, at.y + y, before[y * side + x] as number);
              }),
            );
          }
        }
        updateField(grid, field, fieldOptions);
        const stats = summarize(samples);
        const sorted = [...samples].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        const max = sorted[sorted.length - 1] ?? Number.NaN;
        const sortedTiles = [...tiles].sort((a, b) => a - b);
        data.push({
          suite: 'repair',
          map: spec,
          case: `${kind} ${where}`,
          tiles: grid.size,
          stats,
          extra: {
            p95,
            max,
            fullMedian: full.median,
            ratioMedian: full.median / stats.median,
            ratioP95: full.median / p95,
            worstOverFull: max / full.median,
            fallbacks: fulls,
            tilesMedian: percentile(sortedTiles, 50),
          },
        });
        rows.push([
          spec,
          `${kind} ${where}`,
          String(samples.length),
          fmtUs(stats.median),
          fmtUs(p95),
          fmt(max),
          fmt(full.median),
          `${(full.median / stats.median).toFixed(0)}x`,
          `${(full.median / p95).toFixed(0)}x`,
          `${(max / full.median).toFixed(2)}x`,
          `${fulls}`,
          String(Math.round(percentile(sortedTiles, 50))),
        ]);
        bar.tick();
      }
    }
  }
  bar.finish();
  return {
    title: 'Field repair after edits (updateField) against a full recompute, octile, central goal',
    header: [
      'map',
      'case',
      'edits',
      'median us',
      'p95 us',
      'max ms',
      'full ms',
      'full/median',
      'full/p95',
      'max/full',
      'full recomputes',
      'tiles median',
    ],
    rows,
    data,
  };
}

function fmtUs(ms: number): string {
  const us = ms * 1000;
  return us >= 100 ? us.toFixed(0) : us.toFixed(1);
}
