import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { EDITS_UNKNOWN } from './edit-log.js';
import { DEFAULT_EDIT_LOG, GRID_HEADER_BYTES, Grid, MAX_EDIT_LOG } from './grid.js';

/** The tiles changed in (since, version], sorted and without repeats, or null when unknown. */
function editedSince(grid: Grid, since: number): number[] | null {
  const out = new Int32Array(grid.edits.capacity + 1);
  const n = grid.edits.read(since, grid.version, out);
  if (n === EDITS_UNKNOWN) return null;
  return [...new Set(out.subarray(0, n))].sort((a, b) => a - b);
}

describe('Grid edit log', () => {
  it('records each changed tile with the version its edit produced', () => {
    const g = Grid.open(4, 3, { terrain: true });
    expect(g.edits.capacity).toBe(DEFAULT_EDIT_LOG);
    g.setPassable(1, 0, false); // v1: tile 1
    g.setTerrain(2, 2, 3); // v2: tile 10
    g.setPassable(3, 1, 2); // v3: tile 7
    expect(g.version).toBe(3);
    expect(editedSince(g, 0)).toEqual([1, 7, 10]);
    expect(editedSince(g, 1)).toEqual([7, 10]);
    expect(editedSince(g, 2)).toEqual([7]);
    expect(editedSince(g, 3)).toEqual([]);
  });

  it('an edit that changes nothing bumps the version but logs no tile', () => {
    const g = Grid.open(3, 3, { terrain: true });
    g.setPassable(0, 0, true);
    g.setTerrain(1, 1, 1);
    expect(g.version).toBe(2);
    expect(editedSince(g, 0)).toEqual([]);
  });

  it('batch and fill make one version for many tiles', () => {
    const g = Grid.open(6, 5, { terrain: true });
    const v = g.fillPassable(1, 1, 2, 3, false);
    expect(v).toBe(1);
    expect(g.version).toBe(1);
    expect(editedSince(g, 0)).toEqual([7, 8, 13, 14, 19, 20]);
    const r = g.batch(() => {
      g.setPassable(0, 0, false);
      g.setTerrain(5, 4, 2.5);
      g.fillTerrain(4, 0, 2, 1, 7);
      return 'done';
    });
    expect(r).toBe('done');
    expect(g.version).toBe(2);
    expect(editedSince(g, 1)).toEqual([0, 4, 5, 29]);
    expect(g.terrainAt(5, 4)).toBe(2.5);
    // An empty batch is no edit at all.
    g.batch(() => {});
    expect(g.version).toBe(2);
  });

  it('touch() is an unknown edit: fields older than it cannot learn what changed', () => {
    const g = Grid.open(3, 3);
    g.setPassable(0, 0, false);
    g.passable[4] = 0;
    expect(g.touch()).toBe(2);
    expect(editedSince(g, 0)).toBeNull();
    expect(editedSince(g, 1)).toBeNull();
    g.setPassable(2, 2, false);
    expect(editedSince(g, 2)).toEqual([8]);
  });

  it('overflow: once entries are overwritten, fields older than them are told the edits are unknown', () => {
    const g = Grid.open(10, 10, { editLog: 4 });
    for (let x = 0; x < 6; x++) g.setPassable(x, 0, false); // versions 1..6, tiles 0..5
    expect(g.edits.floor).toBe(2);
    expect(editedSince(g, 0)).toBeNull();
    expect(editedSince(g, 1)).toBeNull();
    expect(editedSince(g, 2)).toEqual([2, 3, 4, 5]);
    expect(editedSince(g, 4)).toEqual([4, 5]);
    // A batch larger than the log overflows its own entries.
    g.fillPassable(0, 5, 10, 1, false);
    expect(editedSince(g, 6)).toBeNull();
    expect(editedSince(g, 7)).toEqual([]);
  });

  it('editLog 0 turns the log off: every edit is unknown', () => {
    const g = Grid.open(3, 3, { editLog: 0 });
    g.setPassable(1, 1, false);
    expect(editedSince(g, 0)).toBeNull();
    expect(editedSince(g, 1)).toEqual([]);
  });

  it('workers see the same log through Grid.from, and clone copies it', () => {
    const g = Grid.open(5, 5);
    const view = Grid.from(g.buffer);
    g.setPassable(2, 2, false);
    expect(editedSince(view, 0)).toEqual([12]);
    const copy = g.clone();
    g.setPassable(3, 3, false);
    expect(editedSince(copy, 0)).toEqual([12]);
    expect(editedSince(g, 0)).toEqual([12, 18]);
  });

  it('matches a model of the edits (random edit sequences)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('tile' as const), i: fc.nat(48), code: fc.integer({ min: 0, max: 2 }) }),
            fc.record({ kind: fc.constant('rect' as const), i: fc.nat(48), code: fc.integer({ min: 0, max: 2 }) }),
            fc.record({ kind: fc.constant('touch' as const), i: fc.constant(0), code: fc.constant(0) }),
          ),
          { maxLength: 30 },
        ),
        (capacity, ops) => {
          const g = Grid.open(7, 7, { editLog: capacity });
          const model: { version: number; tiles: number[]; unknown: boolean }[] = [];
          for (const op of ops) {
            const before = Uint8Array.from(g.passable);
            let unknown = false;
            if (op.kind === 'tile') g.setPassable(op.i % 7, Math.floor(op.i / 7), op.code);
            else if (op.kind === 'rect') g.fillPassable(op.i % 6, Math.floor(op.i / 7) % 6, 2, 2, op.code);
            else {
              g.touch();
              unknown = true;
            }
            const tiles: number[] = [];
            for (let i = 0; i < 49; i++) if (before[i] !== g.passable[i]) tiles.push(i);
            model.push({ version: g.version, tiles, unknown });
          }
          // Entries in write order; the ring keeps the newest `capacity` of them.
          const entries = model.flatMap((m) => m.tiles.map(() => m.version));
          const lost = entries.slice(0, Math.max(0, entries.length - capacity));
          const floor = lost.length > 0 ? Math.max(...lost) : 0;
          for (let since = 0; since <= g.version; since++) {
            const later = model.filter((m) => m.version > since);
            const got = editedSince(g, since);
            if (later.some((m) => m.unknown) || floor > since) expect(got).toBeNull();
            else expect(got).toEqual([...new Set(later.flatMap((m) => m.tiles))].sort((a, b) => a - b));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('checks its arguments', () => {
    const g = Grid.open(4, 4);
    expect(() => g.fillPassable(3, 0, 2, 1, false)).toThrow(OutOfRangeError);
    expect(() => g.fillPassable(4, 0, 1, 1, false)).toThrow(CoordinateError);
    expect(() => g.fillPassable(0, 0, 1, 1, 7)).toThrow('passability code out of range: 7');
    expect(() => g.fillTerrain(0, 0, 1, 1, 2)).toThrow(InvalidOptionError);
    expect(() => g.batch(null as never)).toThrow(InvalidOptionError);
    expect(() => Grid.open(2, 2, { editLog: -1 })).toThrow(OutOfRangeError);
    expect(() => Grid.open(2, 2, { editLog: MAX_EDIT_LOG + 1 })).toThrow(OutOfRangeError);
    expect(() => Grid.open(2, 2, { editLog: 1.5 })).toThrow(OutOfRangeError);
    expect(g.version).toBe(0);
  });
});

describe('Grid.from refuses buffers that are not a grid', () => {
  const forge = (edit: (header: Int32Array) => void, bytes?: number): ArrayBuffer => {
    const g = Grid.open(4, 3, { shared: false });
    const copy = g.buffer.slice(0, bytes ?? g.buffer.byteLength) as ArrayBuffer;
    edit(new Int32Array(copy, 0, 16));
    return copy;
  };

  it.each([
    ['too short', new ArrayBuffer(8), 'fewer than a grid header'],
    ['not a buffer', { byteLength: 1000 }, 'not an ArrayBuffer'],
    ['no magic', new ArrayBuffer(200), 'does not start with a grid header'],
    ['width -1', forge((h) => h.set([-1, -1], 1)), 'declares a -1x-1 grid'],
    ['20000 by 0', forge((h) => h.set([20000, 0], 1)), 'declares a 20000x0 grid'],
    ['huge', forge((h) => h.set([16384, 16384], 1)), 'declares a 16384x16384 grid'],
    ['unknown flags', forge((h) => h.set([6], 4)), 'unknown flags'],
    ['log capacity', forge((h) => h.set([-5], 5)), 'edit log of -5'],
    ['log head', forge((h) => h.set([99999], 6)), 'edit log header is inconsistent'],
    ['truncated', forge(() => {}, GRID_HEADER_BYTES + 4), 'needs'],
    ['terrain flag without terrain bytes', forge((h) => h.set([1, 0], 4), GRID_HEADER_BYTES + 12), 'needs'],
  ])('%s', (_, buffer, message) => {
    expect(() => Grid.from(buffer as ArrayBuffer)).toThrow(InvalidOptionError);
    expect(() => Grid.from(buffer as ArrayBuffer)).toThrow(message);
  });

  it('terrain above the float32 maximum is refused where it is given', () => {
    const g = Grid.open(2, 2, { terrain: true });
    expect(() => g.setTerrain(0, 0, 1e39)).toThrow(OutOfRangeError);
    expect(() => g.setTerrain(0, 0, '3' as never)).toThrow(OutOfRangeError);
    expect(() => g.fillTerrain(0, 0, 2, 2, 1e39)).toThrow(OutOfRangeError);
    g.setTerrain(0, 0, 3e38);
    expect(g.terrainAt(0, 0)).toBe(Math.fround(3e38));
  });

  it('options are read from own properties only', () => {
    const proto = { terrain: true, editLog: 0 };
    const options = Object.create(proto) as { terrain?: boolean };
    const g = Grid.open(3, 3, options);
    expect(g.terrain).toBeNull();
    expect(g.edits.capacity).toBe(DEFAULT_EDIT_LOG);
  });
});
