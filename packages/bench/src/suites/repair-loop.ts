import { computeField, type Field, type FieldOptions, type Grid, updateField } from '@fieldmarshal/core';
import { loadMap } from '../maps.js';
import { fmt, type Row } from '../report.js';
import { percentile, summarize } from '../stats.js';
import { rng } from './sectors-setup.js';

/**
 * Field repair as a game loop uses it: a wall put on a random walkable tile (then taken away again), and the
 * field of a central goal repaired with `updateField`, in three loops:
 * - `field between`: one full field of another goal (computeField into reused arrays) before every repair, so
 *   the repair finds its memory and code cold, as after a frame's other work;
 * - `back to back`: repair after repair, nothing between (caches warm);
 * - `field between, warmed`: the first loop's edits again, after `warmup` more repairs back to back (other
 *   edits). A game calls `updateField` once a frame: for its first few thousand calls V8 runs `updateField`'s
 *   own code (the checks around the kernels) in its interpreter, which costs tens of microseconds with caches
 *   cold; this row is the loop once that code is optimized (a game past its first minute at 60 frames a
 *   second), the first row a fresh process.
 * Against one full recompute of the repaired field (computeField into reused arrays, median of `reps`).
 */
const LOOPS = ['field between', 'back to back', 'field between, warmed'] as const;

/** Toggles a wall on `count` random walkable tiles (not `keep`), repairing after each edit: JIT warm-up. */
function warmUp(grid: Grid, field: Field, options: FieldOptions, keep: number[], count: number): void {
  const random = rng(991);
  const { width } = grid;
  for (let k = 0; k < count; k++) {
    let t: number;
    do t = Math.floor(random() * grid.size);
    while (grid.passable[t] === 0 || keep.includes(t));
    for (const code of [0, 1]) {
      grid.setPassable(t % width, Math.floor(t / width), code);
      updateField(grid, field, options);
    }
  }
}

export function runRepairLoop(options: { maps: string[]; edits: number; reps: number; warmup: number }) {
  const rows: string[][] = [];
  const data: Row[] = [];
  for (const spec of options.maps) {
    const grid = loadMap(spec).grid.clone();
    const { width, height } = grid;
    const walkable = (x: number, y: number) => grid.passable[y * width + x] !== 0;
    let cx = width >> 1;
    while (!walkable(cx, height >> 1)) cx++;
    let ox = width >> 3;
    while (!walkable(ox, height - 1 - (height >> 3))) ox++;
    const repaired: FieldOptions = { goals: [{ x: cx, y: height >> 1 }], metric: 'octile' };
    const other: FieldOptions = { goals: [{ x: ox, y: height - 1 - (height >> 3) }], metric: 'octile' };
    const goalTile = (height >> 1) * width + cx;
    const otherTile = (height - 1 - (height >> 3)) * width + ox;
    const field = computeField(grid, repaired);
    const out = { cost: new Float64Array(grid.size), dir: new Uint8Array(grid.size) };
    const fullTimes: number[] = [];
    for (let r = 0; r < Math.max(3, options.reps); r++) {
      const t0 = performance.now();
      computeField(grid, { ...repaired, out });
      fullTimes.push(performance.now() - t0);
    }
    const full = summarize(fullTimes).median;
    for (const loop of LOOPS) {
      const warmed = loop === 'field between, warmed';
      if (warmed) warmUp(grid, field, repaired, [goalTile, otherTile], options.warmup);
      // The warmed loop makes the first loop's edits.
      const random = rng((warmed ? 'field between' : loop).length * 31 + 7);
      const times: number[] = [];
      const tiles: number[] = [];
      for (let k = 0; k < options.edits; k++) {
        let t: number;
        do t = Math.floor(random() * grid.size);
        while (grid.passable[t] === 0 || t === goalTile || t === otherTile);
        for (const code of [0, 1]) {
          grid.setPassable(t % width, Math.floor(t / width), code);
          if (loop !== 'back to back') computeField(grid, { ...other, out });
          const t0 = performance.now();
          const result = updateField(grid, field, repaired);
          times.push(performance.now() - t0);
          tiles.push(result.tiles);
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = percentile(sorted, 50);
      const p95 = percentile(sorted, 95);
      const sortedTiles = [...tiles].sort((a, b) => a - b);
      rows.push([
        spec,
        loop,
        String(times.length),
        (median * 1000).toFixed(1),
        (p95 * 1000).toFixed(0),
        fmt(full),
        `${(full / median).toFixed(0)}x`,
        `${(full / p95).toFixed(0)}x`,
        String(percentile(sortedTiles, 50)),
        String(Math.round(percentile(sortedTiles, 95))),
      ]);
      data.push({
        suite: 'repair',
        map: spec,
        case: `one-tile loop, ${loop}`,
        tiles: grid.size,
        stats: summarize(times),
        extra: { p95, full, ratioMedian: full / median, ratioP95: full / p95 },
      });
    }
  }
  return {
    title: `One-tile repairs in a loop (updateField, octile, central goal): with a full field of another goal between edits, back to back, and between edits again after ${options.warmup} warm-up edits (the JIT's optimized code)`,
    header: [
      'map',
      'loop',
      'repairs',
      'median us',
      'p95 us',
      'full ms',
      'full/median',
      'full/p95',
      'tiles median',
      'tiles p95',
    ],
    rows,
    data,
  };
}
