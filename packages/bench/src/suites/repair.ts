import { loadMap } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { REPAIR_CASES, REPAIR_PLACES, runRepairCases } from '../scenarios/repair-cases.js';

/**
 * Field repair (`updateField`) against a full recompute on the same map and goal, octile metric: the cases of
 * scenarios/repair-cases.ts (toggles, 4x4 stamps and a door, near and far from the goal), which the studio's
 * Bench page runs too.
 */
export async function runRepair(options: { maps: string[]; edits: number; reps: number; warmup: number }) {
  const bar = new ProgressBar(options.maps.length * REPAIR_CASES.length * REPAIR_PLACES.length, 'repair');
  const data: Row[] = [];
  const rows: string[][] = [];
  for (const spec of options.maps) {
    bar.setLabel(`loading ${spec}`);
    const grid = loadMap(spec).grid;
    const { full, cases } = runRepairCases(grid, {
      ...options,
      onCase: (name, index) => {
        if (index > 0) bar.tick();
        bar.setLabel(`${spec} ${name}`);
      },
    });
    bar.tick();
    for (const c of cases) {
      const { stats, p95, max } = c;
      data.push({
        suite: 'repair',
        map: spec,
        case: c.case,
        tiles: grid.size,
        stats,
        extra: {
          p95,
          max,
          fullMedian: full.median,
          ratioMedian: full.median / stats.median,
          ratioP95: full.median / p95,
          worstOverFull: max / full.median,
          fallbacks: c.fallbacks,
          tilesMedian: c.tilesMedian,
        },
      });
      rows.push([
        spec,
        c.case,
        String(stats.runs),
        fmtUs(stats.median),
        fmtUs(p95),
        fmt(max),
        fmt(full.median),
        `${(full.median / stats.median).toFixed(0)}x`,
        `${(full.median / p95).toFixed(0)}x`,
        `${(max / full.median).toFixed(2)}x`,
        `${c.fallbacks}`,
        String(Math.round(c.tilesMedian)),
      ]);
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
