/**
 * Moving AI scenario rows through a sector graph with its default options: every path legal and never below the
 * published optimum, and the targets (within 1% of optimal on average, 3% in the worst row) met on a sample of
 * every map's rows (the benchmark runs every row). The folder is data/movingai or FM_MOVINGAI_DIR.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioMaps } from '../fields/movingai.test-util.js';
import { buildSectorGraph } from './build.js';
import { referencePathCost } from './sectors.test-util.js';

const octile = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' } as const;
/** Rows per map in this test (spread evenly over the file). */
const SAMPLE = 60;

describe('sector graphs on the Moving AI scenarios', () => {
  const maps = scenarioMaps();
  it('finds the shipped scenario files', () => {
    expect(maps.length).toBeGreaterThanOrEqual(6);
  });
  for (const name of maps) {
    it(`${name}: legal paths, never below the optimum, within 1% on average and 3% at worst`, () => {
      const { grid, rows } = loadScenario(name);
      const graph = buildSectorGraph(grid);
      const step = Math.max(1, Math.floor(rows.length / SAMPLE));
      let sum = 0;
      let worst = 0;
      let count = 0;
      for (let r = 0; r < rows.length; r += step) {
        const row = rows[r] as (typeof rows)[number];
        const found = graph.findPath(row.startX, row.startY, row.goalX, row.goalY);
        expect(found, `line ${row.line}`).not.toBeNull();
        const { cost, path } = found as { cost: number; path: Int32Array };
        expect(referencePathCost(grid, path, octile), `line ${row.line}`).toBeCloseTo(cost, 9);
        expect(cost, `line ${row.line}`).toBeGreaterThanOrEqual(row.optimal * (1 - 1e-5));
        const excess = row.optimal > 0 ? cost / row.optimal - 1 : 0;
        sum += excess;
        worst = Math.max(worst, excess);
        count++;
      }
      expect(sum / count).toBeLessThanOrEqual(0.01);
      expect(worst).toBeLessThanOrEqual(0.03);
    });
  }
});
