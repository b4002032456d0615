import { computeField, type Grid } from '@fieldmarshal/core';
import { scentMap } from '@fieldmarshal/core/scent';
import { loadMap, walkableTiles } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { cellsPerSecond, fmt, type Row } from '../report.js';
import { withBenchTerrain } from '../scenarios/random.js';
import { measure } from '../stats.js';

export async function runKernels(options: { maps: string[]; kernels: string[]; reps: number; warmup: number }) {
  const bar = new ProgressBar(
    options.maps.length * options.kernels.length * (options.reps + options.warmup),
    'kernels',
  );
  const data: Row[] = [];
  const rows: string[][] = [];
  for (const spec of options.maps) {
    bar.setLabel(`loading ${spec}`);
    const map = loadMap(spec);
    const grid = map.grid;
    const goalIndex = walkableTiles(grid, 1, 99)[0] ?? 0;
    const goal = { x: goalIndex % grid.width, y: Math.floor(goalIndex / grid.width) };
    const tiles = grid.width * grid.height;
    let weighted: Grid | null = null;
    for (const kernel of options.kernels) {
      bar.setLabel(`${spec} ${kernel}`);
      let run: () => unknown;
      if (kernel === 'steps' || kernel === 'octile') {
        const cost = new Float64Array(tiles);
        const dir = new Uint8Array(tiles);
        run = () => computeField(grid, { goals: [goal], metric: kernel, out: { cost, dir } });
      } else if (kernel === 'weighted') {
        weighted ??= withBenchTerrain(grid);
        const g = weighted;
        const cost = new Float64Array(tiles);
        const dir = new Uint8Array(tiles);
        run = () => computeField(g, { goals: [goal], metric: 'weighted', out: { cost, dir } });
      } else if (kernel === 'scent') {
        const out = new Int32Array(tiles);
        run = () =>
          scentMap(grid, [{ x: goal.x, y: goal.y, strength: grid.width + grid.height }], { neighbors: 4, out });
      } else {
        throw new Error(`unknown kernel ${kernel}`);
      }
      const stats = measure(run, {
        reps: options.reps,
        warmup: options.warmup,
        warmupMs: 200,
        onRun: () => bar.tick(),
      });
      bar.tick(options.warmup);
      data.push({ suite: 'kernels', map: spec, case: kernel, tiles, stats });
      rows.push([
        spec,
        kernel,
        `${grid.width}x${grid.height}`,
        fmt(stats.median),
        `${fmt(stats.p10)}-${fmt(stats.p90)}`,
        cellsPerSecond(tiles, stats.median),
      ]);
    }
  }
  bar.finish();
  return {
    title: 'Field kernels, single thread (one goal, full map)',
    header: ['map', 'kernel', 'size', 'median ms', 'p10-p90 ms', 'cells/s'],
    rows,
    data,
  };
}
