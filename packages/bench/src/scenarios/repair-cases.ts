import { computeField, type FieldOptions, type Grid, updateField } from '@fieldmarshal/core';
import { rng } from './random.js';
import { measure, percentile, type Stats, summarize } from './stats.js';

/**
 * Field repair (`updateField`) against a full recompute (`computeField` into reused arrays) on the same map and
 * goal, octile metric, as `pnpm bench --suite repair` and the studio's Bench page run it. Each case edits the grid
 * (untimed), then times one `updateField`:
 * - `toggle`: a wall put on a random walkable tile, then taken away again (both timed);
 * - `stamp 4x4`: a 4x4 building stamped on a random place, then lifted;
 * - `door`: a wall across the whole map with a one-tile door; the door closes and opens (the far side becomes
 *   unreachable, then reachable: the repair gives up and recomputes in full, the worst case);
 * `near` edits fall within 32 tiles of the goal, `far` ones farther than a quarter of the map's side.
 */
export const REPAIR_CASES = ['toggle', 'stamp 4x4', 'door'] as const;
export const REPAIR_PLACES = ['near', 'far'] as const;

/** One case on one map. Times in milliseconds. */
export interface RepairCaseResult {
  /** `toggle near`, `door far`, ... */
  case: string;
  /** One `updateField` per sample. */
  stats: Stats;
  p95: number;
  max: number;
  /** Updates that fell back to a full recompute. */
  fallbacks: number;
  /** Median tiles an update re-settled. */
  tilesMedian: number;
}

/** The walkable tile nearest the map's centre (the goal). */
export function centralGoal(grid: Grid): { x: number; y: number } {
  const cx = grid.width >> 1;
  const cy = grid.height >> 1;
  for (let r = 0; r < Math.max(grid.width, grid.height); r++)
    for (let y = Math.max(0, cy - r); y <= Math.min(grid.height - 1, cy + r); y++)
      for (let x = Math.max(0, cx - r); x <= Math.min(grid.width - 1, cx + r); x++)
        if (grid.passable[y * grid.width + x]) return { x, y };
  throw new Error('the map has no walkable tile');
}

/**
 * The corner of a random `side` x `side` square inside the map, near or far from the goal and not covering it;
 * null when 100,000 tries found none (a map too small for `far`).
 */
export function placeEdit(
  grid: Grid,
  goal: { x: number; y: number },
  near: boolean,
  side: number,
  random: () => number,
): { x: number; y: number } | null {
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

/** Options of {@link runRepairCases}. */
export interface RepairRunOptions {
  /** Edits per toggle and stamp case (each timed twice: put and taken away). */
  edits: number;
  /** Repetitions of the full recompute (and door cycles, at most 10). */
  reps: number;
  /** Untimed full recomputes first; with any, also 8 untimed far toggles so repairs are compiled. */
  warmup: number;
  /** Called before each case. */
  onCase?: (name: string, index: number, total: number) => void;
}

/** Every case on a copy of `source`; returns the full recompute's times and each case's. */
export function runRepairCases(source: Grid, options: RepairRunOptions): { full: Stats; cases: RepairCaseResult[] } {
  const grid = source.clone();
  const goal = centralGoal(grid);
  const fieldOptions: FieldOptions = { goals: [goal], metric: 'octile' };
  const cost = new Float64Array(grid.size);
  const dir = new Uint8Array(grid.size);
  const full = measure(() => computeField(grid, { ...fieldOptions, out: { cost, dir } }), options);
  const field = computeField(grid, fieldOptions);
  if (options.warmup > 0) {
    const warm = rng(99);
    for (let k = 0; k < 8; k++) {
      const at = placeEdit(grid, goal, false, 1, warm);
      if (!at || grid.passable[at.y * grid.width + at.x] === 0) continue;
      grid.setPassable(at.x, at.y, false);
      updateField(grid, field, fieldOptions);
      grid.setPassable(at.x, at.y, true);
      updateField(grid, field, fieldOptions);
    }
  }
  const cases: RepairCaseResult[] = [];
  const total = REPAIR_CASES.length * REPAIR_PLACES.length;
  for (const kind of REPAIR_CASES) {
    for (const where of REPAIR_PLACES) {
      options.onCase?.(`${kind} ${where}`, cases.length, total);
      const random = rng(kind.length * 7919 + where.length);
      const samples: number[] = [];
      const tiles: number[] = [];
      let fallbacks = 0;
      const timed = (edit: () => void) => {
        edit();
        const t0 = performance.now();
        const done = updateField(grid, field, fieldOptions);
        samples.push(performance.now() - t0);
        if (done.full) fallbacks++;
        tiles.push(done.tiles);
      };
      const settle = () => updateField(grid, field, fieldOptions);
      if (kind === 'door')
        doorCase(grid, goal, where === 'near', Math.max(2, Math.min(options.reps, 10)), timed, settle);
      else editCase(grid, goal, where === 'near', kind === 'toggle' ? 1 : 4, options.edits, random, timed);
      settle();
      const sorted = [...samples].sort((a, b) => a - b);
      cases.push({
        case: `${kind} ${where}`,
        stats: summarize(samples),
        p95: percentile(sorted, 95),
        max: sorted[sorted.length - 1] ?? Number.NaN,
        fallbacks,
        tilesMedian: percentile(
          [...tiles].sort((a, b) => a - b),
          50,
        ),
      });
    }
  }
  return { full, cases };
}

/** A wall across the map on a column near or far from the goal, its door on the goal's row, closed and opened. */
function doorCase(
  grid: Grid,
  goal: { x: number; y: number },
  near: boolean,
  cycles: number,
  timed: (edit: () => void) => void,
  settle: () => void,
): void {
  const column = near ? Math.min(grid.width - 1, goal.x + 8) : Math.max(0, grid.width - 16);
  const saved = new Uint8Array(grid.height);
  for (let y = 0; y < grid.height; y++) saved[y] = grid.passable[y * grid.width + column] as number;
  grid.fillPassable(column, 0, 1, grid.height, false);
  grid.setPassable(column, goal.y, true);
  settle();
  for (let k = 0; k < cycles; k++) {
    timed(() => grid.setPassable(column, goal.y, false));
    timed(() => grid.setPassable(column, goal.y, true));
  }
  grid.batch(() => {
    for (let y = 0; y < grid.height; y++) grid.setPassable(column, y, saved[y] as number);
  });
}

/** `edits` squares of walls (toggles start from walkable tiles), each put and then taken away, both timed. */
function editCase(
  grid: Grid,
  goal: { x: number; y: number },
  near: boolean,
  side: number,
  edits: number,
  random: () => number,
  timed: (edit: () => void) => void,
): void {
  for (let k = 0; k < edits; k++) {
    const at = placeEdit(grid, goal, near, side, random);
    if (!at) break;
    const before = new Uint8Array(side * side);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) before[y * side + x] = grid.passable[(at.y + y) * grid.width + at.x + x] as number;
    if (side === 1 && before[0] === 0) continue;
    timed(() => grid.fillPassable(at.x, at.y, side, side, false));
    timed(() =>
      grid.batch(() => {
        for (let y = 0; y < side; y++)
          for (let x = 0; x < side; x++) grid.setPassable(at.x + x, at.y + y, before[y * side + x] as number);
      }),
    );
  }
}
