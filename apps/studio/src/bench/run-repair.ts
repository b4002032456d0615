import { computeField, type FieldOptions, type Grid, updateField } from '@fieldmarshal/core';
import type { BenchMap } from './bench-maps.js';
import { rng } from './bench-maps.js';
import { percentile } from './run-bench.js';

/**
 * Field repair (`updateField`) against a full recompute (`computeField` into reused arrays), as the CLI's
 * repair suite does (packages/bench/src/suites/repair.ts), on the main thread: octile, central goal; each case
 * edits the grid (not timed), then times one `updateField`. Cases: `toggle` (a wall on a random walkable tile,
 * then taken away), `stamp 4x4` (a building stamped and lifted), `door` (a wall across the map with a one-tile
 * door that closes and opens: the worst case, where the repair gives up and recomputes in full); `near` edits
 * within 32 tiles of the goal, `far` ones farther than a quarter of the map's side.
 */
export const REPAIR_CASES = ['toggle', 'stamp 4x4', 'door'] as const;
export const REPAIR_PLACES = ['near', 'far'] as const;

/** One case on one map. Times in milliseconds. */
export interface RepairResult {
  size: string;
  map: string;
  case: string;
  edits: number;
  median: number;
  p95: number;
  max: number;
  /** Median of a full recompute of the same field. */
  fullMedian: number;
  /** Updates that fell back to a full recompute. */
  fallbacks: number;
  tilesMedian: number;
}

function centralGoal(grid: Grid): { x: number; y: number } {
  const cx = grid.width >> 1;
  const cy = grid.height >> 1;
  for (let r = 0; r < Math.max(grid.width, grid.height); r++)
    for (let y = Math.max(0, cy - r); y <= Math.min(grid.height - 1, cy + r); y++)
      for (let x = Math.max(0, cx - r); x <= Math.min(grid.width - 1, cx + r); x++)
        if (grid.passable[y * grid.width + x]) return { x, y };
  throw new Error('the map has no walkable tile');
}

function place(grid: Grid, goal: { x: number; y: number }, near: boolean, side: number, random: () => number) {
  const far = Math.max(side, Math.floor(Math.min(grid.width, grid.height) / 4));
  for (let tries = 0; tries < 100_000; tries++) {
    const x = Math.floor(random() * (grid.width - side + 1));
    const y = Math.floor(random() * (grid.height - side + 1));
    const d = Math.max(Math.abs(x + side / 2 - goal.x), Math.abs(y + side / 2 - goal.y));
    const covers = goal.x >= x && goal.x < x + side && goal.y >= y && goal.y < y + side;
    if (!covers && (near ? d <= 32 : d > far)) return { x, y };
  }
  return null;
}

/** Runs every case on one map (a copy of its grid); `edits` per toggle and stamp case, at most 10 door cycles. */
export async function runRepair(
  map: BenchMap,
  edits: number,
  reps: number,
  signal: AbortSignal,
  onCase: (name: string) => Promise<void>,
): Promise<RepairResult[]> {
  const grid = map.grid.clone();
  const goal = centralGoal(grid);
  const options: FieldOptions = { goals: [goal], metric: 'octile' };
  const cost = new Float64Array(grid.size);
  const dir = new Uint8Array(grid.size);
  const fullTimes: number[] = [];
  for (let r = 0; r < Math.max(3, reps); r++) {
    const t0 = performance.now();
    computeField(grid, options, { cost, dir });
    fullTimes.push(performance.now() - t0);
  }
  const fullMedian = percentile(
    [...fullTimes].sort((a, b) => a - b),
    50,
  );
  const field = computeField(grid, options);
  // Warm-up (not timed): a few far toggles, so the first timed repairs do not pay for compiling the repair.
  const warm = rng(99);
  for (let k = 0; k < 8; k++) {
    const at = place(grid, goal, false, 1, warm);
    if (!at || grid.passable[at.y * grid.width + at.x] === 0) continue;
    grid.setPassable(at.x, at.y, false);
    updateField(grid, field, options);
    grid.setPassable(at.x, at.y, true);
    updateField(grid, field, options);
  }
  const results: RepairResult[] = [];
  for (const kind of REPAIR_CASES) {
    for (const where of REPAIR_PLACES) {
      signal.throwIfAborted();
      await onCase(`${kind} ${where}`);
      const random = rng(kind.length * 7919 + where.length);
      const samples: number[] = [];
      const tiles: number[] = [];
      let fallbacks = 0;
      const timed = (edit: () => void) => {
        edit();
        const t0 = performance.now();
        const done = updateField(grid, field, options);
        samples.push(performance.now() - t0);
        if (done.full) fallbacks++;
        tiles.push(done.tiles);
      };
      if (kind === 'door') {
        const column = where === 'near' ? Math.min(grid.width - 1, goal.x + 8) : grid.width - 16;
        const saved = new Uint8Array(grid.height);
        for (let y = 0; y < grid.height; y++) saved[y] = grid.passable[y * grid.width + column] as number;
        grid.fillPassable(column, 0, 1, grid.height, false);
        grid.setPassable(column, goal.y, true);
        updateField(grid, field, options);
        for (let k = 0; k < Math.max(2, Math.min(reps, 10)); k++) {
          timed(() => grid.setPassable(column, goal.y, false));
          timed(() => grid.setPassable(column, goal.y, true));
        }
        grid.batch(() => {
          for (let y = 0; y < grid.height; y++) grid.setPassable(column, y, saved[y] as number);
        });
      } else {
        const side = kind === 'toggle' ? 1 : 4;
        for (let k = 0; k < edits; k++) {
          const at = place(grid, goal, where === 'near', side, random);
          if (!at) break;
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
      updateField(grid, field, options);
      const sorted = [...samples].sort((a, b) => a - b);
      results.push({
        size: map.size,
        map: map.name,
        case: `${kind} ${where}`,
        edits: samples.length,
        median: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted[sorted.length - 1] ?? Number.NaN,
        fullMedian,
        fallbacks,
        tilesMedian: percentile(
          [...tiles].sort((a, b) => a - b),
          50,
        ),
      });
    }
  }
  return results;
}
