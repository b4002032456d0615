import { describe, expect, it } from 'vitest';
import * as errors from './errors.js';
import { FieldMarshalError, InvalidOptionError } from './errors.js';
import { computeField } from './fields/compute-field.js';
import { pathFromField } from './fields/follow.js';
import { generateMap } from './grid/generate.js';
import { parseAsciiMap } from './grid/parse.js';
import { RtsPathfinder } from './rts/astar.js';
import { buildSectorGraph } from './sectors/build.js';
import { reviveError, serializeError } from './service/error-transport.js';
import * as entries from './testing/package.test-util.js';

/** Every exported class of a module that makes Error objects. */
function errorClasses(mod: Record<string, unknown>): [string, new (...args: never[]) => Error][] {
  return Object.entries(mod).filter(
    (e): e is [string, new (...args: never[]) => Error] =>
      typeof e[1] === 'function' && (e[1] === Error || (e[1] as { prototype: unknown }).prototype instanceof Error),
  );
}

/** One instance of each class, made with plausible arguments. */
const SAMPLES: Error[] = [
  new errors.MapParseError('bad', 1, 2),
  new errors.PatternParseError('bad', 1, 2),
  new errors.InvalidOptionError('metric', 'x', "'steps'"),
  new errors.OutOfRangeError('maxCost', -1, '>= 0'),
  new errors.CoordinateError('start', 1, 2, 'is outside'),
  new errors.GridTooLargeError(1, 2, 'limit'),
  new errors.AbortError(),
  new errors.NoFleeSeedError(3),
  new errors.WorkerCrashedError('computeField', 1, 0, 'exit'),
  new errors.ServiceClosedError('computeField', 1),
  new errors.SharedMemoryUnavailableError('detail'),
  new errors.WorkerStartError(0, 'timeout'),
  new errors.MemoryLimitError('computeField', 1, 2, 3),
];

describe('one error base (issue 31 item 5)', () => {
  it('every exported error class of every entry extends FieldMarshalError, and all live in errors.ts', () => {
    const classes = errorClasses(entries as Record<string, unknown>);
    expect(classes.length).toBeGreaterThan(10);
    for (const [name, C] of classes) {
      expect(C === FieldMarshalError || C.prototype instanceof FieldMarshalError, name).toBe(true);
      expect((errors as Record<string, unknown>)[name], `${name} is declared in errors.ts`).toBe(C);
    }
    expect(classes.map(([n]) => n).sort()).toEqual(
      errorClasses(errors as Record<string, unknown>)
        .map(([n]) => n)
        .sort(),
    );
  });

  it('each class has its own stable code, kept through a worker boundary', () => {
    expect(SAMPLES.length).toBe(errorClasses(errors as Record<string, unknown>).length - 1);
    const codes = SAMPLES.map((e) => (e as FieldMarshalError).code);
    expect(new Set(codes).size).toBe(SAMPLES.length);
    for (const e of SAMPLES) {
      expect(e).toBeInstanceOf(FieldMarshalError);
      expect((e as FieldMarshalError).code).toMatch(/^FM_[A-Z_]+$/);
      const revived = reviveError(structuredClone(serializeError(e)));
      expect(revived).toBeInstanceOf(e.constructor as new () => Error);
      expect(revived).toBeInstanceOf(FieldMarshalError);
      expect((revived as FieldMarshalError).code).toBe((e as FieldMarshalError).code);
    }
  });

  it('an unknown map kind is an InvalidOptionError, as the errors table says', () => {
    let error: unknown;
    try {
      generateMap('cave' as never, 8, 8);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(error).toMatchObject({ option: 'kind', value: 'cave', code: 'FM_INVALID_OPTION' });
  });

  it('a start on a wall is "no route" for every route query; a goal on a wall too (API 1.0)', () => {
    const grid = parseAsciiMap(['.....', '.#...', '.....'].join('\n'));
    const field = computeField(grid, { goals: [{ x: 4, y: 2 }] });
    expect(pathFromField(field, { x: 1, y: 1 })).toBeNull();
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    expect(graph.findPath({ x: 1, y: 1 }, { x: 4, y: 2 })).toBeNull();
    expect(graph.route({ x: 1, y: 1 }, { x: 4, y: 2 })).toBeNull();
    expect(graph.firstMove(1, 1, 4, 2)).toBe(entries.NO_DIRECTION);
    expect(new RtsPathfinder(grid).findPath({ x: 1, y: 1 }, { x: 4, y: 2 })).toBeNull();
    expect(entries.anyAnglePath(grid, { x: 1.5, y: 1.5 }, { x: 4.5, y: 2.5 })).toBeNull();
    // API 1.0: every route query answers a goal on a wall with "no route" too.
    expect(graph.findPath({ x: 0, y: 0 }, { x: 1, y: 1 })).toBeNull();
    expect(graph.route({ x: 0, y: 0 }, { x: 1, y: 1 })).toBeNull();
    expect(graph.firstMove(0, 0, 1, 1)).toBe(entries.NO_DIRECTION);
    expect(new RtsPathfinder(grid).findPath({ x: 0, y: 0 }, { x: 1, y: 1 })).toBeNull();
    expect(entries.anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 1.5, y: 1.5 })).toBeNull();
    // A field's goal on a wall (a definition, not a query), and an end outside the grid, are mistakes.
    for (const call of [
      () => computeField(grid, { goals: [{ x: 1, y: 1 }] }),
      () => entries.anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 5.5, y: 0.5 }),
      () => graph.findPath({ x: -1, y: 0 }, { x: 4, y: 2 }),
      () => pathFromField(field, { x: 9, y: 0 }),
    ]) {
      expect(call).toThrow(entries.CoordinateError);
    }
  });
});
