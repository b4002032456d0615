import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { generateMap } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { type ConvexSets, type DecomposeStrategy, decomposeConvexSets } from './convex-sets.js';

/** Draws set ids as letters (walls `#`), for readable expectations. */
function draw(grid: Grid, sets: ConvexSets): string {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let row = '';
    for (let x = 0; x < grid.width; x++) {
      const s = sets.setOf[y * grid.width + x] as number;
      row += s < 0 ? '#' : String.fromCharCode(97 + s);
    }
    rows.push(row);
  }
  return rows.join('\n');
}

/** Checks the partition invariants; returns a problem description or null. */
function partitionProblem(grid: Grid, sets: ConvexSets, maxSide = Number.POSITIVE_INFINITY): string | null {
  const { width, passable } = grid;
  const seen = new Int32Array(grid.size);
  for (let s = 0; s < sets.count; s++) {
    const [x, y, w, h] = [...sets.rects.subarray(s * 4, s * 4 + 4)] as [number, number, number, number];
    if (w < 1 || h < 1 || x < 0 || y < 0 || x + w > grid.width || y + h > grid.height) return `set ${s} bad rect`;
    if (w > maxSide || h > maxSide) return `set ${s} exceeds maxSide`;
    const code = passable[y * width + x];
    for (let yy = y; yy < y + h; yy++)
      for (let xx = x; xx < x + w; xx++) {
        const t = yy * width + xx;
        if (passable[t] === 0 || passable[t] !== code) return `set ${s} tile (${xx}, ${yy}) has another code`;
        if (sets.setOf[t] !== s) return `setOf(${xx}, ${yy}) = ${sets.setOf[t]}, rect says ${s}`;
        seen[t] = (seen[t] as number) + 1;
      }
  }
  for (let t = 0; t < grid.size; t++) {
    if (passable[t] === 0 && sets.setOf[t] !== -1) return `wall ${t} has set ${sets.setOf[t]}`;
    if (passable[t] !== 0 && seen[t] !== 1) return `tile ${t} covered ${seen[t]} times`;
  }
  return null;
}

describe('decomposeConvexSets', () => {
  it('makes one set of an open map', () => {
    const g = Grid.open(7, 5, { shared: false });
    const sets = decomposeConvexSets(g);
    expect(sets.count).toBe(1);
    expect([...sets.rects]).toEqual([0, 0, 7, 5]);
  });

  it('splits the contract map into four rectangles', () => {
    const g = parseAsciiMap(['..........', '..........', '...####...', '..........', '..........'].join('\n'));
    const sets = decomposeConvexSets(g);
    expect(draw(g, sets)).toBe(['aaaaaaaaaa', 'aaaaaaaaaa', 'bbb####ccc', 'bbbddddccc', 'bbbddddccc'].join('\n'));
    expect(sets.count).toBe(4);
    expect([...sets.rects]).toEqual([0, 0, 10, 2, 0, 2, 3, 3, 7, 2, 3, 3, 3, 3, 4, 2]);
  });

  it('keeps a door from cutting a room in two (band-aware, chosen by auto)', () => {
    const text = ['###.####', '#......#', '#......#', '#......#'].join('\n');
    const g = parseAsciiMap(text);
    expect(draw(g, decomposeConvexSets(g, { strategy: 'max-area' }))).toBe(
      ['###a####', '#bbaccc#', '#bbaccc#', '#bbaccc#'].join('\n'),
    );
    const auto = decomposeConvexSets(g);
    expect(draw(g, auto)).toBe(['###a####', '#bbbbbb#', '#bbbbbb#', '#bbbbbb#'].join('\n'));
    expect(auto.count).toBe(2);
  });

  it('never mixes passability codes in one set', () => {
    const g = parseAsciiMap(['..~~', '..~~', '....'].join('\n'), { '.': 1, '~': 2, '#': 0 });
    const sets = decomposeConvexSets(g);
    expect(partitionProblem(g, sets)).toBeNull();
    expect(draw(g, sets)).toBe(['aabb', 'aabb', 'aacc'].join('\n'));
  });

  it('respects maxSide', () => {
    const g = Grid.open(10, 7, { shared: false });
    const sets = decomposeConvexSets(g, { maxSide: 4 });
    expect(partitionProblem(g, sets, 4)).toBeNull();
    expect(sets.count).toBe(6); // 3 columns (4, 4, 2) x 2 rows (4, 3)
  });

  it('rejects bad options', () => {
    const g = Grid.open(3, 3, { shared: false });
    expect(() => decomposeConvexSets(g, { maxSide: 0 })).toThrow(OutOfRangeError);
    expect(() => decomposeConvexSets(g, { strategy: 'best' as DecomposeStrategy })).toThrow(InvalidOptionError);
  });

  it('partitions random maps with two codes exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer(),
        fc.constantFrom<DecomposeStrategy>('auto', 'max-area', 'band-aware'),
        fc.constantFrom(Number.POSITIVE_INFINITY, 1, 3),
        (w, h, seed, strategy, maxSide) => {
          const g = generateMap('random', w, h, { seed, density: 0.3, shared: false });
          for (let t = 0; t < g.size; t++) if (g.passable[t] && (t * 7 + seed) % 5 === 0) g.passable[t] = 2;
          const sets = decomposeConvexSets(g, { strategy, maxSide });
          expect(partitionProblem(g, sets, maxSide)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('auto never gives more sets than either sweep', () => {
    for (const kind of ['random', 'rooms', 'maze'] as const) {
      const g = generateMap(kind, 96, 80, { seed: 5, shared: false });
      const auto = decomposeConvexSets(g).count;
      expect(auto).toBe(
        Math.min(
          decomposeConvexSets(g, { strategy: 'max-area' }).count,
          decomposeConvexSets(g, { strategy: 'band-aware' }).count,
        ),
      );
    }
  });
});
