import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError } from '../../errors.js';
import type { DiagonalRule } from '../../grid/directions.js';
import { Grid } from '../../grid/grid.js';
import { parseAsciiMap } from '../../grid/parse.js';
import { computeField } from '../compute-field.js';
import { arbGrid, close, dirWalkProblem, METRIC_LIST, RULE_LIST } from '../field-check.test-util.js';
import { CONTROL_LENGTH, ControlSlot, type Field, type FieldOptions, type Goal, type Metric } from '../types.js';
import { seedsOf } from './repair.test-util.js';
import { updateField } from './update-field.js';

const COMBOS: [Metric, 4 | 8, DiagonalRule][] = METRIC_LIST.flatMap((metric) => [
  [metric, 4, 'if-both-free'] as [Metric, 4 | 8, DiagonalRule],
  ...RULE_LIST.map((rule) => [metric, 8, rule] as [Metric, 4 | 8, DiagonalRule]),
]);

/** One edit of a random sequence. */
type Edit =
  | { kind: 'tile'; at: number; code: number }
  | { kind: 'rect'; at: number; w: number; h: number; code: number }
  | { kind: 'terrain'; at: number; cost: number }
  | { kind: 'unknown'; at: number; code: number };

const arbEdit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('tile' as const), at: fc.nat(), code: fc.integer({ min: 0, max: 2 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rect' as const),
      at: fc.nat(),
      w: fc.integer({ min: 1, max: 4 }),
      h: fc.integer({ min: 1, max: 4 }),
      code: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('terrain' as const),
      at: fc.nat(),
      cost: fc.integer({ min: 2, max: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('unknown' as const), at: fc.nat(), code: fc.integer({ min: 0, max: 2 }) }),
  },
);

/** Applies an edit; edits on goal tiles are skipped (a goal must stay walkable). */
function apply(grid: Grid, edit: Edit, goalTiles: Set<number>): void {
  const i = edit.at % grid.size;
  const x = i % grid.width;
  const y = (i - x) / grid.width;
  if (edit.kind === 'tile') {
    if (!goalTiles.has(i) || edit.code !== 0) grid.setPassable(x, y, edit.code);
  } else if (edit.kind === 'terrain') grid.setTerrain(x, y, edit.cost / 2);
  else if (edit.kind === 'unknown') {
    if (!goalTiles.has(i) || edit.code !== 0) grid.passable[i] = edit.code;
    grid.touch();
  } else {
    const w = Math.min(edit.w, grid.width - x);
    const h = Math.min(edit.h, grid.height - y);
    grid.batch(() => {
      for (let ty = y; ty < y + h; ty++)
        for (let tx = x; tx < x + w; tx++)
          if (!goalTiles.has(ty * grid.width + tx) || edit.code !== 0) grid.setPassable(tx, ty, edit.code);
    });
  }
}

function costProblem(actual: Float64Array, expected: Float64Array, exact: boolean): string | null {
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] as number;
    const e = expected[i] as number;
    if (exact ? a !== e : !close(a, e)) return `tile ${i}: repaired ${a}, fresh ${e}`;
  }
  return null;
}

describe('updateField equals a fresh computeField after random edit sequences', () => {
  for (const [metric, neighbors, diagonal] of COMBOS) {
    it(`${metric}, ${neighbors} neighbours, ${diagonal}`, () => {
      fc.assert(
        fc.property(
          arbGrid(14, 6),
          fc.array(fc.record({ pick: fc.nat(), value: fc.integer({ min: 0, max: 12 }).map((v) => v / 4) }), {
            minLength: 1,
            maxLength: 3,
          }),
          fc.oneof(
            fc.constant(Number.POSITIVE_INFINITY),
            fc.integer({ min: 1, max: 40 }).map((v) => v / 2),
          ),
          fc.array(fc.array(arbEdit, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }),
          ({ grid, walkable }, picks, maxCost, batches) => {
            const goals: Goal[] = picks.map(({ pick, value }) => {
              const i = walkable[pick % walkable.length] as number;
              return { x: i % grid.width, y: Math.floor(i / grid.width), value };
            });
            const goalTiles = new Set(goals.map((g) => g.y * grid.width + g.x));
            const options: FieldOptions = { goals, metric, neighbors, diagonal, maxCost };
            const field = computeField(grid, options);
            for (const batch of batches) {
              for (const edit of batch) apply(grid, edit, goalTiles);
              const result = updateField(grid, field, options);
              expect(field.gridVersion).toBe(grid.version);
              expect(result.tiles).toBeGreaterThanOrEqual(0);
              const fresh = computeField(grid, options);
              const problem =
                costProblem(field.cost, fresh.cost, metric === 'steps') ??
                dirWalkProblem(grid, field, seedsOf(grid, goals, maxCost), metric, neighbors, diagonal);
              if (problem) throw new Error(`${problem} after ${JSON.stringify(batch)}`);
            }
          },
        ),
        { numRuns: 120 },
      );
    });
  }
});

const MAP = [
  '....................',
  '....................',
  '..........#.........',
  '..........#.........',
  '..........#.........',
  '....................',
];

describe('updateField', () => {
  const options: FieldOptions = { goals: [{ x: 18, y: 3 }], metric: 'octile' };

  it('repairs a wall put on a path with a few tiles, and reports them', () => {
    const grid = parseAsciiMap(MAP.join('\n'));
    const field = computeField(grid, options);
    grid.setPassable(0, 0, false); // a corner no path runs through: only itself
    expect(updateField(grid, field, options)).toEqual({ full: false, tiles: 1 });
    grid.setPassable(17, 3, false); // next to the goal: the paths of the left side change
    const result = updateField(grid, field, options);
    expect(result.full).toBe(false);
    expect(result.tiles).toBeGreaterThan(20);
    expect(field.cost).toEqual(computeField(grid, options).cost);
  });

  it('cutting the map in two leaves the far side unreachable; joining it again brings it back', () => {
    const grid = parseAsciiMap(MAP.join('\n'));
    const field = computeField(grid, options);
    grid.fillPassable(10, 0, 1, 6, false);
    updateField(grid, field, options);
    expect(field.cost[2 * 20 + 2]).toBe(Number.POSITIVE_INFINITY);
    expect(field.dir[2 * 20 + 2]).toBe(255);
    expect(field.cost).toEqual(computeField(grid, options).cost);
    grid.setPassable(10, 5, true);
    updateField(grid, field, options);
    expect(field.cost[2 * 20 + 2]).toBeLessThan(Number.POSITIVE_INFINITY);
    for (let i = 0; i < grid.size; i++)
      expect(close(field.cost[i] as number, computeField(grid, options).cost[i] as number)).toBe(true);
  });

  it('an up-to-date field is left alone; unknown edits and an overflowed log recompute in full', () => {
    const grid = Grid.open(30, 30, { editLog: 8 });
    const field = computeField(grid, options);
    expect(updateField(grid, field, options)).toEqual({ full: false, tiles: 0 });
    grid.passable[5] = 0;
    grid.touch();
    expect(updateField(grid, field, options).full).toBe(true);
    for (let x = 0; x < 9; x++) grid.setPassable(x, 10, false);
    expect(updateField(grid, field, options)).toEqual({ full: true, tiles: 900 });
    expect(field.cost).toEqual(computeField(grid, options).cost);
    grid.setPassable(0, 20, false);
    expect(updateField(grid, field, options).full).toBe(false);
  });

  it('the same options object changed in place between calls is read again (metric, neighbours, goal value)', () => {
    const grid = Grid.open(30, 30);
    const opts: { goals: Goal[]; metric: Metric; neighbors?: 4 | 8 } = { goals: [{ x: 3, y: 3 }], metric: 'octile' };
    const field = computeField(grid, opts);
    grid.setPassable(10, 10, false);
    updateField(grid, field, opts);
    const changes: (() => void)[] = [
      () => {
        opts.metric = 'steps';
      },
      () => {
        opts.neighbors = 4;
      },
      () => {
        (opts.goals[0] as Goal).value = 2;
      },
    ];
    for (const change of changes) {
      change();
      // The field recomputed in place with the new options, then an edit repaired with them.
      field.gridVersion = computeField(grid, { ...opts, out: { cost: field.cost, dir: field.dir } }).gridVersion;
      // A wall across most of the map (many tiles settled again) and one next to the goal (the goal seeded again).
      const i = changes.indexOf(change);
      grid.fillPassable(6 + 4 * i, 0, 1, 25, false);
      grid.setPassable(2 + i, 2, false);
      updateField(grid, field, opts);
      expect(field.cost).toEqual(computeField(grid, opts).cost);
    }
  });

  it('an option deleted since the last call and inherited from a prototype counts as absent, as computeField reads it', () => {
    const grid = Grid.open(30, 30);
    const opts: FieldOptions = { goals: [{ x: 3, y: 3 }], metric: 'steps' };
    const field = computeField(grid, opts);
    grid.setPassable(10, 10, false);
    updateField(grid, field, opts);
    // The same value, but no longer the options' own: the default metric (octile) applies.
    delete opts.metric;
    Object.setPrototypeOf(opts, { metric: 'steps' });
    field.gridVersion = computeField(grid, { ...opts, out: { cost: field.cost, dir: field.dir } }).gridVersion;
    grid.fillPassable(12, 0, 1, 25, false);
    expect(updateField(grid, field, opts).full).toBe(false);
    expect(field.cost).toEqual(computeField(grid, { goals: [{ x: 3, y: 3 }], metric: 'octile' }).cost);
  });

  it('repairs one edit after another while the edit log wraps around', () => {
    const grid = Grid.open(20, 20, { editLog: 4 });
    const opts: FieldOptions = { goals: [{ x: 2, y: 2 }], metric: 'steps' };
    const field = computeField(grid, opts);
    for (let k = 0; k < 13; k++) {
      grid.setPassable(5 + (k % 7), 3 + ((3 * k) % 11), k % 3 === 2);
      expect(updateField(grid, field, opts).full).toBe(false);
      expect(field.cost).toEqual(computeField(grid, opts).cost);
    }
  });

  it('reports progress during a long repair, not only at its start and end', () => {
    // A closed 70x70 room (unreachable), then a door opened in its wall: its 4,900 tiles are settled.
    const grid = Grid.open(512, 512);
    grid.fillPassable(300, 200, 72, 1, false);
    grid.fillPassable(300, 271, 72, 1, false);
    grid.fillPassable(300, 200, 1, 72, false);
    grid.fillPassable(371, 200, 1, 72, false);
    const opts: FieldOptions = { goals: [{ x: 256, y: 235 }], metric: 'octile' };
    const field = computeField(grid, opts);
    grid.setPassable(300, 235, true);
    const done: number[] = [];
    const result = updateField(grid, field, { ...opts, onProgress: (d) => done.push(d) });
    expect(result.full).toBe(false);
    expect(result.tiles).toBeGreaterThan(4096);
    // The settling loop's reports come every 4096 tiles settled.
    expect(done).toContain(4096);
    expect(costProblem(field.cost, computeField(grid, opts).cost, false)).toBeNull();
  });

  it('a field whose version reads differently between two checks of one call is recomputed in full', () => {
    const grid = Grid.open(30, 30);
    const opts: FieldOptions = { goals: [{ x: 3, y: 3 }], metric: 'octile' };
    const computed = computeField(grid, opts);
    grid.setPassable(10, 10, false);
    // The full check reads a whole number, the repair that follows it a fraction (a getter: any read may differ).
    let version: number = computed.gridVersion;
    let reads = 0;
    const field = {
      ...computed,
      get gridVersion(): number {
        reads++;
        return reads === 2 ? version + 0.5 : version;
      },
      set gridVersion(value: number) {
        version = value;
      },
    } as Field;
    expect(updateField(grid, field, opts)).toEqual({ full: true, tiles: 900 });
    expect(field.cost).toEqual(computeField(grid, opts).cost);
    expect(version).toBe(grid.version);
  });

  it('run options added to the options of the last call are read (an aborted signal stops before any work)', () => {
    const grid = Grid.open(30, 30);
    const opts: FieldOptions = { goals: [{ x: 3, y: 3 }], metric: 'octile' };
    const field = computeField(grid, opts);
    grid.setPassable(10, 10, false);
    updateField(grid, field, opts);
    const controller = new AbortController();
    controller.abort();
    opts.signal = controller.signal;
    grid.setPassable(11, 10, false);
    const before = field.cost.slice();
    expect(() => updateField(grid, field, opts)).toThrow(AbortError);
    expect(field.cost).toEqual(before);
    const done: number[] = [];
    opts.signal = undefined;
    opts.onProgress = (d) => done.push(d);
    expect(updateField(grid, field, opts).full).toBe(false);
    expect(done.length).toBeGreaterThan(0);
    expect(field.cost).toEqual(computeField(grid, { goals: [{ x: 3, y: 3 }], metric: 'octile' }).cost);
  });

  it('falls back to a full recompute when the repair would touch too much of the map', () => {
    const grid = Grid.open(100, 100);
    const opts: FieldOptions = { goals: [{ x: 99, y: 50 }], metric: 'octile' };
    const field = computeField(grid, opts);
    // A wall next to the goal invalidates the paths of most of the map.
    grid.fillPassable(98, 1, 1, 98, false);
    const result = updateField(grid, field, opts);
    expect(result.full).toBe(true);
    expect(field.cost).toEqual(computeField(grid, opts).cost);
  });

  it('a goal walled off is a CoordinateError, and the field stays as it was', () => {
    const grid = parseAsciiMap(MAP.join('\n'));
    const field = computeField(grid, options);
    const before = field.cost.slice();
    grid.setPassable(18, 3, false);
    expect(() => updateField(grid, field, options)).toThrow(CoordinateError);
    expect(() => updateField(grid, field, options)).toThrow('goals[0] (18, 3) is a wall');
    expect(field.cost).toEqual(before);
    expect(field.gridVersion).toBe(0);
  });

  it('refuses a field of another grid', () => {
    const grid = parseAsciiMap(MAP.join('\n'));
    const other = Grid.open(5, 5);
    const field = computeField(other, { goals: [{ x: 0, y: 0 }] });
    expect(() => updateField(grid, field, options)).toThrow(InvalidOptionError);
    expect(() => updateField(grid, field, options)).toThrow('a field of this 20x6 grid');
    const newer = computeField(grid, options);
    newer.gridVersion = 7;
    expect(() => updateField(grid, newer, options)).toThrow('belongs to another grid');
    const buffer = new ArrayBuffer(grid.size * 8);
    const overlapping: Field = {
      ...newer,
      gridVersion: 0,
      cost: new Float64Array(buffer),
      dir: new Uint8Array(buffer, 0, grid.size),
    };
    expect(() => updateField(grid, overlapping, options)).toThrow('cost and dir over the same bytes');
    expect(() => updateField(grid, null as never, options)).toThrow(InvalidOptionError);
  });

  it('an aborted repair marks the field incomplete; the next update recomputes it', () => {
    const grid = Grid.open(300, 300);
    const opts: FieldOptions = { goals: [{ x: 150, y: 150 }], metric: 'octile' };
    const field = computeField(grid, opts);
    grid.fillPassable(100, 100, 30, 1, false);
    const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    Atomics.store(control, ControlSlot.abort, 1);
    expect(() => updateField(grid, field, { ...opts, control: { control } })).toThrow(AbortError);
    expect(field.gridVersion).toBe(-1);
    expect(updateField(grid, field, opts).full).toBe(true);
    expect(field.cost).toEqual(computeField(grid, opts).cost);
  });
});
