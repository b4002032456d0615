import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { arbGrid, METRIC_LIST, RULE_LIST } from '../fields/field-check.test-util.js';
import { setWasmKernelsEnabled } from '../fields/kernels/wasm-module.js';
import { updateField } from '../fields/repair/update-field.js';
import { CONTROL_LENGTH, ControlSlot, type FieldOptions } from '../fields/types.js';
import type { DiagonalRule } from '../grid/directions.js';
import { generateMap } from '../grid/generate.js';
import type { Grid } from '../grid/grid.js';
import { anchorCodeX, anchorCodeY, flowClearance } from './anchor-code.js';
import { computeFlow } from './compute-flow.js';
import { arbFlowCase } from './flow-check.test-util.js';
import { firstDifference } from './flow-kernel-wasm.test-util.js';
import { REACH_BLOCK, reachRow } from './flow-reach.js';
import { stateOf } from './flow-state.js';
import type { Flow, FlowOptions } from './types.js';
import { updateFlow } from './update-flow.js';

/** One edit: a tile's passability code, or its terrain cost. */
interface Edit {
  at: number;
  code: number;
  terrain: number;
}

const arbEdits = fc.array(
  fc.array(fc.record({ at: fc.nat(), code: fc.integer({ min: 0, max: 2 }), terrain: fc.integer({ min: 0, max: 8 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  { minLength: 1, maxLength: 4 },
);

/** Applies a batch of edits, leaving the goals walkable. */
function apply(grid: Grid, batch: Edit[], goals: number[]): void {
  for (const { at, code, terrain } of batch) {
    const i = at % grid.size;
    if (goals.includes(i)) continue;
    const x = i % grid.width;
    const y = Math.floor(i / grid.width);
    if (terrain > 0 && grid.terrain !== null) grid.setTerrain(x, y, 1 + terrain / 2);
    else grid.setPassable(x, y, code);
  }
}

/**
 * Checks the kept state's reach: the box of every block holds each of its tiles' straight way to its anchor
 * (what lets a repair skip the blocks far from the edits). Returns how many blocks reach beyond their own tiles.
 */
function expectReachHolds(flow: Flow): number {
  const state = stateOf(flow);
  expect(state).toBeDefined();
  const { reach } = state as NonNullable<typeof state>;
  const { width: w, height: h, anchor } = flow;
  const clearance = flowClearance(flow.radius);
  const row = reachRow(w);
  const beyond = new Set<number>();
  for (let t = 0; t < w * h; t++) {
    const code = anchor[t] as number;
    if (code === -1) continue;
    const x = t % w;
    const y = Math.floor(t / w);
    const b = 4 * (Math.floor(y / REACH_BLOCK) * row + Math.floor(x / REACH_BLOCK));
    const ax = anchorCodeX(code, w, clearance);
    const ay = anchorCodeY(code, w, clearance);
    for (const [px, py] of [
      [x + 0.5, y + 0.5],
      [ax, ay],
    ] as const) {
      if (
        px < (reach[b] as number) ||
        py < (reach[b + 1] as number) ||
        px > (reach[b + 2] as number) ||
        py > (reach[b + 3] as number)
      )
        throw new Error(`tile (${x}, ${y}): (${px}, ${py}) outside its block's reach`);
    }
    const bx = (b / 4) % row;
    if (ax < bx * REACH_BLOCK || ax > (bx + 1) * REACH_BLOCK) beyond.add(b);
  }
  return beyond.size;
}

/**
 * Edits the grid batch by batch; after each, updates the field and the flow and checks the flow against a fresh
 * computeFlow of the updated field. Returns how many updates were repairs.
 */
function checkUpdates(
  grid: Grid,
  fieldOptions: FieldOptions & { goals: { x: number; y: number }[] },
  flowOptions: FlowOptions,
  batches: Edit[][],
): number {
  const goals = fieldOptions.goals.map((g) => g.y * grid.width + g.x);
  const field = computeField(grid, fieldOptions);
  let flow: Flow = computeFlow(grid, field, { ...flowOptions, repairable: true });
  expectReachHolds(flow);
  let repairs = 0;
  for (const batch of batches) {
    apply(grid, batch, goals);
    updateField(grid, field, fieldOptions);
    const update = updateFlow(grid, field, flow, flowOptions);
    flow = update.flow;
    if (!update.full) repairs++;
    expect(flow.gridVersion).toBe(grid.version);
    expectReachHolds(flow);
    const fresh = computeFlow(grid, field, flowOptions);
    expect(firstDifference(flow, fresh)).toBe(-1);
  }
  return repairs;
}

describe('updateFlow', () => {
  it('repairs flows to what computeFlow gives on the updated field, bit for bit, on random maps and edits', () => {
    let updates = 0;
    let repairs = 0;
    fc.assert(
      fc.property(
        arbGrid(24, 4),
        fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
        fc.constantFrom(...METRIC_LIST),
        fc.constantFrom<4 | 8>(4, 8),
        fc.constantFrom<DiagonalRule>(...RULE_LIST),
        fc.constantFrom(0, 0.25, 0.45),
        arbEdits,
        ({ grid, walkable }, picks, metric, neighbors, diagonal, radius, batches) => {
          const goals = picks.map((pick) => {
            const i = walkable[pick % walkable.length] as number;
            return { x: i % grid.width, y: Math.floor(i / grid.width) };
          });
          repairs += checkUpdates(grid, { goals, metric, neighbors, diagonal }, { metric, radius }, batches);
          updates += batches.length;
        },
      ),
      { numRuns: 300 },
    );
    // Most updates are repairs (the others changed the order of the costs or touched too much of a tiny map).
    expect(repairs).toBeGreaterThan(updates / 2);
  });

  it('repairs flows on open maps where walls placed or removed cross long lines of sight', () => {
    fc.assert(
      fc.property(
        arbFlowCase(40, 0.08),
        fc.constantFrom(0, 0.25),
        fc.constantFrom<DiagonalRule>('if-both-free', 'always'),
        fc.array(
          fc.array(fc.record({ at: fc.nat(), code: fc.constantFrom(0, 1), terrain: fc.constant(0) }), {
            minLength: 1,
            maxLength: 2,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        ({ grid, goal }, radius, diagonal, batches) => {
          checkUpdates(grid, { goals: [goal], diagonal }, { radius }, batches);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('repairs with the JavaScript kernel keeping the state, too', () => {
    setWasmKernelsEnabled(false);
    try {
      fc.assert(
        fc.property(
          arbGrid(20, 4),
          fc.nat(),
          fc.constantFrom(0, 0.3),
          arbEdits,
          ({ grid, walkable }, pick, radius, batches) => {
            const i = walkable[pick % walkable.length] as number;
            const goals = [{ x: i % grid.width, y: Math.floor(i / grid.width) }];
            checkUpdates(grid, { goals }, { radius }, batches);
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      setWasmKernelsEnabled(true);
    }
  });

  it('repairs most one-tile edits on generated 96x96 maps, visiting a small part of them', () => {
    for (const kind of ['random', 'rooms', 'maze'] as const) {
      const grid = generateMap(kind, 96, 96, { seed: 7 });
      let goal = 48 * 96 + 48;
      while (grid.passable[goal] === 0) goal++;
      const fieldOptions = { goals: [{ x: goal % 96, y: Math.floor(goal / 96) }] };
      const field = computeField(grid, fieldOptions);
      let flow = computeFlow(grid, field, { repairable: true });
      let visited = 0;
      let repairs = 0;
      let beyond = expectReachHolds(flow);
      for (let k = 0; k < 24; k++) {
        const at = (k * 7919 + 1234) % grid.size;
        if (at === goal) continue;
        grid.setPassable(at % 96, Math.floor(at / 96), grid.passable[at] === 0 ? 1 : 0);
        updateField(grid, field, fieldOptions);
        const update = updateFlow(grid, field, flow);
        flow = update.flow;
        if (!update.full) {
          repairs++;
          visited += update.tiles;
        }
        expect(firstDifference(flow, computeFlow(grid, field))).toBe(-1);
        beyond = Math.max(beyond, expectReachHolds(flow));
      }
      // Some blocks' tiles see anchors in other blocks (so the reach is not just the block itself).
      expect(beyond).toBeGreaterThan(0);
      // An edit that cuts a maze's corridor changes the costs of much of the map: computed in full.
      expect(repairs).toBeGreaterThanOrEqual(18);
      expect(visited / repairs).toBeLessThan(grid.size / 8);
    }
  });

  it("keeps the cost range up to date through repairs in the comparison order, so the order it repairs in stays the full run's", () => {
    // Goal A alone in a walled pocket (its cost is its value, no other tile depends on it), goal B in the open:
    // changing A's value changes one cost, and moves the least cost. Costs from 500 against a lower A's span more
    // than a 12x12 map's buckets allow (the comparison sort) until A's value comes close to B's.
    const grid = generateMap('open', 12, 12, { seed: 1 });
    grid.fillPassable(0, 0, 3, 3, 0);
    grid.setPassable(1, 1, 1);
    const fieldWith = (a: number) =>
      computeField(grid, {
        goals: [
          { x: 1, y: 1, value: a },
          { x: 8, y: 8, value: 500 },
        ],
      });
    let flow = computeFlow(grid, fieldWith(0), { repairable: true });
    // 0 -> 300: still the comparison sort, one tile changed: repaired.
    let field = fieldWith(300);
    let update = updateFlow(grid, field, flow);
    expect(update.full).toBe(false);
    flow = update.flow;
    expect(firstDifference(flow, computeFlow(grid, field))).toBe(-1);
    // 300 -> 400: the costs now fit buckets (a full run visits in their order): computed in full, as it must.
    field = fieldWith(400);
    update = updateFlow(grid, field, flow);
    expect(update.full).toBe(true);
    expect(firstDifference(update.flow, computeFlow(grid, field))).toBe(-1);
  });

  it('computes a flow kept without state in full, then repairs it', () => {
    const grid = generateMap('random', 40, 30, { seed: 3 });
    grid.setPassable(1, 1, 1);
    const options = { goals: [{ x: 1, y: 1 }] };
    const field = computeField(grid, options);
    const first = updateFlow(grid, field, computeFlow(grid, field));
    expect(first.full).toBe(true);
    grid.setPassable(20, 15, grid.passable[20 + 15 * 40] === 0 ? 1 : 0);
    updateField(grid, field, options);
    const second = updateFlow(grid, field, first.flow);
    expect(second.full).toBe(false);
    expect(firstDifference(second.flow, computeFlow(grid, field))).toBe(-1);
    // Another radius: in full.
    const third = updateFlow(grid, field, second.flow, { radius: 0.25 });
    expect(third.full).toBe(true);
    expect(firstDifference(third.flow, computeFlow(grid, field, { radius: 0.25 }))).toBe(-1);
  });

  it('after an abort, computes the next update in full', () => {
    const grid = generateMap('random', 200, 200, { seed: 5 });
    grid.setPassable(0, 0, 1);
    const options = { goals: [{ x: 0, y: 0 }] };
    const field = computeField(grid, options);
    const flow = computeFlow(grid, field, { repairable: true });
    grid.fillPassable(100, 100, 3, 3, 0);
    updateField(grid, field, options);
    const control = new Int32Array(CONTROL_LENGTH);
    Atomics.store(control, ControlSlot.abort, 1);
    expect(() => updateFlow(grid, field, flow, { control: { control } })).toThrow(AbortError);
    const again = updateFlow(grid, field, flow);
    expect(again.full).toBe(true);
    expect(firstDifference(again.flow, computeFlow(grid, field))).toBe(-1);
  });

  it('refuses a flow or options that are not of this grid with typed errors', () => {
    const grid = generateMap('random', 12, 10, { seed: 1 });
    grid.setPassable(0, 0, 1);
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    const flow = computeFlow(grid, field, { repairable: true });
    const other = generateMap('random', 10, 10, { seed: 1 });
    expect(() => updateFlow(other, field, flow)).toThrow(InvalidOptionError);
    expect(() => updateFlow(grid, field, { ...flow, width: 11 } as Flow)).toThrow(InvalidOptionError);
    expect(() => updateFlow(grid, field, flow, 'fast' as unknown as FlowOptions)).toThrow(InvalidOptionError);
    const shared = new Float32Array(grid.size);
    expect(() => updateFlow(grid, field, { ...flow, vx: shared, vy: shared })).toThrow(InvalidOptionError);
    expect(() => updateFlow(grid, field, flow, { repairable: 1 } as unknown as FlowOptions)).toThrow(
      InvalidOptionError,
    );
  });
});
