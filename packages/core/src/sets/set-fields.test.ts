import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError, GridTooLargeError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY, type DiagonalRule } from '../grid/directions.js';
import { generateMap, generateRooms } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { decomposeConvexSets } from './convex-sets.js';
import {
  allocateSetFields,
  buildSetField,
  buildSetFields,
  computeSetFieldsInto,
  SET_FIELD_CONTROL_INTERVAL,
  SET_FIELD_UNREACHABLE_U16,
  setFieldCost,
} from './set-fields.js';

/** The map of the hand-checked example: set `b` is the right-hand column. */
const SMALL = ['...#.', '.#.#.', '.#...'].join('\n');

function costsAsText(grid: Grid, cost: ArrayLike<number>, offset = 0): string {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < grid.width; x++) {
      const t = y * grid.width + x;
      const c = cost[offset + t] as number;
      row.push(grid.passable[t] === 0 ? 'X' : c === SET_FIELD_UNREACHABLE_U16 || c === -1 ? '-' : String(c));
    }
    rows.push(row.join(' '));
  }
  return rows.join('\n');
}

/** Slow reference: is the single move from tile a in direction d allowed? */
function moveAllowed(grid: Grid, x: number, y: number, d: number, rule: DiagonalRule, neighbors: 4 | 8): boolean {
  const dx = DIR_DX[d] as number;
  const dy = DIR_DY[d] as number;
  const nx = x + dx;
  const ny = y + dy;
  if (!grid.inBounds(nx, ny)) return false;
  const code = grid.passable[y * grid.width + x];
  if (!code || grid.passable[ny * grid.width + nx] !== code) return false;
  if (d < 4) return true;
  if (neighbors === 4 || rule === 'never') return false;
  const a = grid.passable[y * grid.width + nx] === code;
  const b = grid.passable[ny * grid.width + x] === code;
  return rule === 'always' || (rule === 'if-one-free' ? a || b : a && b);
}

/** Slow reference: relax until nothing changes (Bellman-Ford on unit costs). */
function referenceSetCosts(grid: Grid, setOf: Int32Array, set: number, rule: DiagonalRule, neighbors: 4 | 8) {
  const cost = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
  for (let t = 0; t < grid.size; t++) if (setOf[t] === set) cost[t] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let y = 0; y < grid.height; y++)
      for (let x = 0; x < grid.width; x++)
        for (let d = 0; d < 8; d++) {
          if (!moveAllowed(grid, x, y, d, rule, neighbors)) continue;
          const t = y * grid.width + x;
          const u = (y + (DIR_DY[d] as number)) * grid.width + x + (DIR_DX[d] as number);
          if ((cost[u] as number) + 1 < (cost[t] as number)) {
            cost[t] = (cost[u] as number) + 1;
            changed = true;
          }
        }
  }
  return cost;
}

describe('per-set fields', () => {
  it('gives the hand-checked costs into the right-hand column (if-both-free)', () => {
    const g = parseAsciiMap(SMALL);
    const sets = decomposeConvexSets(g);
    expect(sets.count).toBe(5);
    const b = sets.setOf[4] as number;
    expect([...sets.rects.subarray(b * 4, b * 4 + 4)]).toEqual([4, 0, 1, 3]);
    const { cost } = buildSetField(g, sets, b);
    expect(costsAsText(g, cost)).toBe(['6 5 4 X 0', '7 X 3 X 0', '8 X 2 1 0'].join('\n'));
  });

  it('cuts corners with diagonal: always, and never moves diagonally with 4 neighbours', () => {
    const g = parseAsciiMap(SMALL);
    const sets = decomposeConvexSets(g);
    const b = sets.setOf[4] as number;
    expect(costsAsText(g, buildSetField(g, sets, b, { diagonal: 'always' }).cost)).toBe(
      ['4 3 3 X 0', '4 X 2 X 0', '5 X 2 1 0'].join('\n'),
    );
    expect(costsAsText(g, buildSetField(g, sets, b, { neighbors: 4 }).cost)).toBe(
      ['6 5 4 X 0', '7 X 3 X 0', '8 X 2 1 0'].join('\n'),
    );
  });

  it('marks tiles of another code and cut-off tiles unreachable', () => {
    const g = parseAsciiMap(['..#~', '..#~', '####', '....'].join('\n'), { '.': 1, '~': 2, '#': 0 });
    const sets = decomposeConvexSets(g);
    const fields = buildSetFields(g, sets);
    const first = sets.setOf[0] as number;
    expect(costsAsText(g, fields.cost, first * fields.size)).toBe(
      ['0 0 X -', '0 0 X -', 'X X X X', '- - - -'].join('\n'),
    );
    expect(setFieldCost(fields, 3, first)).toBe(-1);
    expect(setFieldCost(fields, 1, first)).toBe(0);
  });

  it('matches a slow reference and its directions walk into the set in `cost` moves (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer(),
        fc.constantFrom<DiagonalRule>('never', 'always', 'if-one-free', 'if-both-free'),
        fc.constantFrom<4 | 8>(4, 8),
        (w, h, seed, diagonal, neighbors) => {
          const g = generateMap('random', w, h, { seed, density: 0.3, shared: false });
          for (let t = 0; t < g.size; t++) if (g.passable[t] && (t * 5 + seed) % 7 === 0) g.passable[t] = 2;
          const sets = decomposeConvexSets(g);
          const fields = buildSetFields(g, sets, { diagonal, neighbors, costType: seed % 2 ? 'int32' : 'uint16' });
          for (let s = 0; s < sets.count; s++) {
            const ref = referenceSetCosts(g, sets.setOf, s, diagonal, neighbors);
            for (let t = 0; t < g.size; t++) {
              const c = setFieldCost(fields, t, s);
              const r = ref[t] as number;
              expect(c).toBe(r === Number.POSITIVE_INFINITY ? -1 : r);
              let x = t % w;
              let y = (t / w) | 0;
              let moves = 0;
              for (let d = fields.dir[s * fields.size + t] as number; d !== 255; moves++) {
                expect(moveAllowed(g, x, y, d, diagonal, neighbors)).toBe(true);
                x += DIR_DX[d] as number;
                y += DIR_DY[d] as number;
                d = fields.dir[s * fields.size + y * w + x] as number;
              }
              if (c >= 0) {
                expect(moves).toBe(c);
                expect(sets.setOf[y * w + x]).toBe(s);
              } else expect(moves).toBe(0);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes slices relative to sliceBase, the same as the full build', () => {
    const g = generateRooms(20, 20, { seed: 2, roomSize: 6, shared: false });
    const sets = decomposeConvexSets(g);
    const full = buildSetFields(g, sets);
    const first = 3;
    const last = 7;
    const cost = new Uint16Array((last - first) * g.size);
    const dir = new Uint8Array((last - first) * g.size);
    computeSetFieldsInto(g, sets, first, last, cost, dir, { sliceBase: first });
    expect([...cost]).toEqual([...full.cost.subarray(first * g.size, last * g.size)]);
    expect([...dir]).toEqual([...full.dir.subarray(first * g.size, last * g.size)]);
  });

  it('refuses more than maxCells entries before allocating, naming the numbers', () => {
    const g = generateMap('random', 64, 64, { seed: 1, shared: false });
    const sets = decomposeConvexSets(g);
    expect(() => allocateSetFields(g, sets, { maxCells: sets.count * g.size - 1 })).toThrow(GridTooLargeError);
    expect(() => buildSetFields(g, sets, { maxCells: 1000 })).toThrow(
      new RegExp(`${sets.count} sets need ${sets.count} x 4096 = ${sets.count * 4096} entries, over maxCells 1000`),
    );
    expect(allocateSetFields(g, sets, { maxCells: sets.count * g.size }).cost.length).toBe(sets.count * g.size);
  });

  it('throws when a Uint16 cost would overflow, and succeeds with int32', () => {
    // A serpentine corridor of about 66,000 moves: corridors on even rows, joined alternately at the ends.
    const w = 520;
    const h = 255;
    const g = Grid.create(w, h, { shared: false });
    for (let y = 0; y < h; y += 2) g.passable.fill(1, y * w, y * w + w);
    for (let y = 1; y < h; y += 2) g.passable[y * w + ((y >> 1) % 2 === 0 ? w - 1 : 0)] = 1;
    const sets = decomposeConvexSets(g);
    expect(() => buildSetField(g, sets, 0)).toThrow(OutOfRangeError);
    const { cost } = buildSetField(g, sets, 0, { costType: 'int32' });
    let max = 0;
    for (const c of cost) if (c > max) max = c;
    expect(max).toBeGreaterThan(65534);
  });

  it('stops with AbortError when the control array asks', () => {
    const g = Grid.open(8, 8, { shared: false });
    const sets = decomposeConvexSets(g, { maxSide: 2 });
    const control = new Int32Array(new SharedArrayBuffer(16));
    control[0] = 1;
    const f = allocateSetFields(g, sets);
    expect(() => computeSetFieldsInto(g, sets, 0, sets.count, f.cost, f.dir, { control: { control } })).toThrow(
      AbortError,
    );
  });

  it('stops inside one huge set when the abort arrives mid-wave (checked every 4096 tiles)', () => {
    const g = Grid.open(128, 128, { shared: false });
    const sets = { count: 1, setOf: new Int32Array(g.size).fill(-1), rects: Int32Array.from([0, 0, 1, 1]) };
    sets.setOf[0] = 0;
    const control = new Int32Array(new SharedArrayBuffer(16));
    let looks = 0;
    const signal = {
      get aborted() {
        looks++;
        // The look before the set pass (a worker hook's signal is read on the kernel's schedule only); the first
        // look inside its wave aborts.
        return looks >= 2;
      },
    } as unknown as AbortSignal;
    const f = allocateSetFields(g, sets);
    expect(() => computeSetFieldsInto(g, sets, 0, 1, f.cost, f.dir, { control: { control, signal } })).toThrow(
      AbortError,
    );
    expect(looks).toBe(2);
    expect(control[1]).toBe(SET_FIELD_CONTROL_INTERVAL);
  });

  it('rejects a bad set range', () => {
    const g = Grid.open(4, 4, { shared: false });
    const sets = decomposeConvexSets(g);
    const f = allocateSetFields(g, sets);
    expect(() => computeSetFieldsInto(g, sets, 0, 2, f.cost, f.dir)).toThrow(OutOfRangeError);
    expect(() => buildSetField(g, sets, 1)).toThrow(OutOfRangeError);
  });
});
