import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMovingAiMap } from '../grid/parse.js';
import { RtsPathfinder, rtsWaypointLength } from './astar.js';

const DATA = fileURLToPath(new URL('../../../../data/movingai/', import.meta.url));

function must<T>(value: T | null | undefined): T {
  if (value == null) throw new Error('expected a value');
  return value;
}

/** Every `stride`-th scenario row of a map: start, goal and optimal length. */
function scenarios(name: string, stride: number) {
  const lines = readFileSync(`${DATA}scenarios/${name}.map.scen`, 'utf8').split(/\r?\n/).slice(1);
  const rows: { sx: number; sy: number; gx: number; gy: number; length: number }[] = [];
  lines.forEach((line, k) => {
    if (line.trim() === '' || k % stride !== 0) return;
    const f = line.split('\t');
    rows.push({
      sx: Number(f[4]),
      sy: Number(f[5]),
      gx: Number(f[6]),
      gy: Number(f[7]),
      length: Number(f[8]),
    });
  });
  return rows;
}

// Strides keep the file fast on two cores; arena is checked in full.
const MAPS: [string, number][] = [
  ['arena', 1],
  ['den520d', 12],
  ['Berlin_0_256', 10],
  ['random512-10-0', 25],
  ['8room_000', 40],
  ['maze512-1-0', 250],
];

describe('RtsPathfinder on the Moving AI scenarios', () => {
  for (const [name, stride] of MAPS) {
    it(`${name}: path length equals optimal_length (every ${stride} row)`, () => {
      const grid = parseMovingAiMap(readFileSync(`${DATA}maps/${name}.map`, 'utf8'), { shared: false });
      const finder = new RtsPathfinder(grid);
      const rows = scenarios(name, stride);
      expect(rows.length).toBeGreaterThan(10);
      for (const r of rows) {
        const path = finder.findPath({ x: r.sx, y: r.sy }, { x: r.gx, y: r.gy });
        expect(path, `${name} ${r.sx},${r.sy} -> ${r.gx},${r.gy}`).not.toBeNull();
        const cost = must(path).cost;
        expect(Math.abs(cost - r.length) / Math.max(1, r.length), `${name} ${r.sx},${r.sy}`).toBeLessThan(1e-5);
        // The waypoints describe the same path: straight runs whose lengths add up to the cost.
        expect(rtsWaypointLength(must(path).points)).toBeCloseTo(cost, 6);
        expect(must(path).points[0]).toBe(r.sx);
        expect(must(path).points[must(path).points.length - 1]).toBe(r.gy);
      }
    });
  }
});
