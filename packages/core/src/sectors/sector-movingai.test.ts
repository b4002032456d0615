/**
 * Moving AI scenario rows through a sector graph with its default options, on the six shipped maps and the four
 * 1024-wide ones (data/movingai/large, gzipped): every path legal and never below the published optimum, and
 * near-optimal (at most 0.3% over the optimum on average, 2% in the worst row) on a deterministic sample of
 * every map's rows, spread evenly over the file. The benchmark (`pnpm bench --suite sectors`) checks every row
 * of the ten maps against the same bound. The folder is data/movingai or FM_MOVINGAI_DIR.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, MOVINGAI_DIR, MOVINGAI_LARGE_DIR, scenarioMaps } from '../fields/movingai.test-util.js';
import { buildSectorGraph } from './build.js';
import { referencePathCost } from './sectors.test-util.js';

const octile = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' } as const;
/** Rows per map in this test (spread evenly over the file): the small maps, then the 1024-wide ones. */
const SAMPLE = 60;
const SAMPLE_LARGE = 48;

describe('sector graphs on the Moving AI scenarios', () => {
  const maps = [
    ...scenarioMaps().map((name) => ({ name, dir: MOVINGAI_DIR, sample: SAMPLE })),
    ...scenarioMaps(MOVINGAI_LARGE_DIR).map((name) => ({ name, dir: MOVINGAI_LARGE_DIR, sample: SAMPLE_LARGE })),
  ];
  it('finds the shipped scenario files, the four 1024-wide maps among them', () => {
    expect(maps.length).toBeGreaterThanOrEqual(10);
    expect(scenarioMaps(MOVINGAI_LARGE_DIR).length).toBe(4);
  });
  for (const { name, dir, sample } of maps) {
    it(`${name}: legal paths, never below the optimum, within 0.3% on average and 2% at worst`, () => {
      const { grid, rows } = loadScenario(name, dir);
      const graph = buildSectorGraph(grid);
      const step = Math.max(1, Math.floor(rows.length / sample));
      let sum = 0;
      let worst = 0;
      let count = 0;
      for (let r = 0; r < rows.length; r += step) {
        const row = rows[r] as (typeof rows)[number];
        const found = graph.findPath({ x: row.startX, y: row.startY }, { x: row.goalX, y: row.goalY });
        expect(found, `line ${row.line}`).not.toBeNull();
        const { cost, points: path } = found as { cost: number; points: Int32Array };
        expect([path[0], path[1], path.at(-2), path.at(-1)], `line ${row.line}`).toEqual([
          row.startX,
          row.startY,
          row.goalX,
          row.goalY,
        ]);
        expect(referencePathCost(grid, path, octile), `line ${row.line}`).toBeCloseTo(cost, 9);
        expect(cost, `line ${row.line}`).toBeGreaterThanOrEqual(row.optimal * (1 - 1e-5));
        const excess = row.optimal > 0 ? cost / row.optimal - 1 : 0;
        expect(excess, `line ${row.line}`).toBeLessThanOrEqual(0.02);
        sum += excess;
        worst = Math.max(worst, excess);
        count++;
      }
      expect(sum / count).toBeLessThanOrEqual(0.003);
      expect(worst).toBeLessThanOrEqual(0.02);
    }, 60_000);
  }
});
