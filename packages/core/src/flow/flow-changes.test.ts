import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCAN, scanChanges } from './flow-changes.js';
import { finiteRange, RANGE } from './flow-order.js';
import { newFlowState, StateSlot } from './flow-state.js';

/** Bytes at offset `shift` of a fresh buffer (an offset not a multiple of 4 takes the tile-by-tile path). */
function bytesAt(values: number[], shift: number): Uint8Array {
  const a = new Uint8Array(new ArrayBuffer(values.length + shift), shift, values.length);
  a.set(values);
  return a;
}

const arbTile = fc.record({
  cost: fc.oneof(
    fc.constant(Number.POSITIVE_INFINITY),
    fc.integer({ min: 0, max: 400 }).map((v) => v / 4),
  ),
  dir: fc.integer({ min: 0, max: 8 }),
  pass: fc.integer({ min: 0, max: 2 }),
});

describe('scanChanges', () => {
  it('lists the changed tiles and the new cost range, as a tile-by-tile comparison does', () => {
    fc.assert(
      fc.property(
        fc.array(arbTile, { minLength: 1, maxLength: 70 }),
        fc.array(fc.tuple(fc.nat(), arbTile), { maxLength: 8 }),
        fc.constantFrom(0, 1, 2),
        (tiles, changes, shift) => {
          const size = tiles.length;
          const state = newFlowState(size, 1, false);
          state.cost.set(tiles.map((t) => t.cost));
          state.dir.set(tiles.map((t) => t.dir));
          state.pass.set(tiles.map((t) => t.pass));
          finiteRange(state.cost, size);
          state.info[StateSlot.min] = RANGE[0] as number;
          state.info[StateSlot.max] = RANGE[1] as number;
          const next = tiles.map((t) => ({ ...t }));
          for (const [at, tile] of changes) next[at % size] = tile;
          const cost = Float64Array.from(next.map((t) => t.cost));
          const dir = bytesAt(
            next.map((t) => t.dir),
            shift,
          );
          const pass = bytesAt(
            next.map((t) => t.pass),
            shift,
          );
          const edits = new Int32Array(size);
          const keyed = new Int32Array(size);
          scanChanges(size, pass, null, cost, dir, state, edits, keyed);
          const wantEdits: number[] = [];
          const wantKeyed: number[] = [];
          for (let t = 0; t < size; t++) {
            if (next[t]?.pass !== tiles[t]?.pass) wantEdits.push(t);
            if (next[t]?.cost !== tiles[t]?.cost || next[t]?.dir !== tiles[t]?.dir) wantKeyed.push(t);
          }
          expect(Array.from(edits.subarray(0, SCAN[0] as number))).toEqual(wantEdits);
          expect(Array.from(keyed.subarray(0, SCAN[1] as number))).toEqual(wantKeyed);
          finiteRange(cost, size);
          expect([SCAN[2], SCAN[3]]).toEqual([RANGE[0], RANGE[1]]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
