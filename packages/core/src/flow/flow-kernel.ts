/**
 * The flow kernel: anchor propagation over a field, after Theta* (Nash, Daniel, Koenig and Felner, "Theta*:
 * Any-Angle Path Planning on Grids"), with the field's cost order in place of Theta*'s open list. Each tile takes,
 * among the anchors of its visited neighbours and the convex wall corners near it, the one with the shortest path
 * estimate G(anchor) + |centre - anchor| that its centre sees; the centre of its parent (the tile the field's `dir`
 * points to) is always seen and is the last resort. Anchors are goal centres, points just off convex wall corners
 * (moved off by the clearance along both axes), or parents' centres. Sight is decided by the O(1) local rule of
 * ./sight.ts, and where that rule cannot tell (a neighbour it reads chose another anchor) by an exact walk, as
 * Theta*'s line-of-sight test (./choose-anchor.ts).
 */
import { ControlSlot } from '../fields/index.js';
import { centreCode } from './anchor-code.js';
import { addAnchor, anchors, markAnchorsLoaded } from './anchor-table.js';
import { chooseAnchor, setChooseClearance } from './choose-anchor.js';
import { FLOW_CONTROL_INTERVAL, type FlowKernelInput, pollFlow } from './flow-kernel-input.js';
import { runFlowKernelWasm } from './flow-kernel-wasm.js';
import { orderByCost } from './flow-order.js';
import { finishState, StateSlot } from './flow-state.js';
import { setSightClearance } from './sight.js';

// Per-thread scratch, grown to the largest grid seen: the visit order and each tile's anchor id (-1: none yet).
let order = new Int32Array(0);
let aid = new Int32Array(0);

/**
 * Fills `vx`, `vy` and `anchor` for every tile of the field (walls and unreachable tiles: 0, 0 and -1). Returns the
 * number of reachable tiles. Throws AbortError when `control` asks to stop (the outputs are then incomplete).
 */
export function runFlowKernel(input: FlowKernelInput): number {
  const { width: w, height: h, passable: pass, terrain: terr, cost, dir, vx, vy, anchor, control } = input;
  const size = w * h;
  const c = control?.control;
  if (c !== undefined) {
    Atomics.store(c, ControlSlot.total, size);
    Atomics.store(c, ControlSlot.done, 0);
  }
  if (input.state !== undefined) input.state.info[StateSlot.valid] = 0;
  pollFlow(control, 0);
  // The same kernel in WebAssembly where available (the same outputs, several times faster).
  const fast = runFlowKernelWasm(input);
  if (fast >= 0) {
    keepState(input);
    if (c !== undefined) Atomics.store(c, ControlSlot.done, size);
    return fast;
  }
  if (order.length < size) {
    order = new Int32Array(size);
    aid = new Int32Array(size);
  }
  const ids = aid;
  const table = anchors;
  setSightClearance(input.clearance);
  setChooseClearance(input.clearance);
  ids.fill(-1, 0, size);
  table.count = 0;
  markAnchorsLoaded(-1);
  const reachable = orderByCost(cost, order);
  const ord = order;
  let next = FLOW_CONTROL_INTERVAL;
  for (let k = 0; k < reachable; k++) {
    if (k === next) {
      pollFlow(control, k);
      next += FLOW_CONTROL_INTERVAL;
    }
    const t = ord[k] as number;
    const y = (t / w) | 0;
    const x = t - y * w;
    const d = dir[t] as number;
    // A goal anchors on its own centre; every other tile chooses (its parent came earlier in the order).
    ids[t] =
      d === 255
        ? addAnchor(centreCode(t), x + 0.5, y + 0.5, cost[t] as number)
        : chooseAnchor(ids, t, x, y, d, w, h, pass, terr);
  }
  // PERF: the outputs are written in one raster pass (sequential), not during the visit (scattered).
  const tx = table.x;
  const ty = table.y;
  const tc = table.code;
  for (let y = 0, t = 0; y < h; y++) {
    for (let x = 0; x < w; x++, t++) {
      const id = ids[t] as number;
      if (id < 0) {
        vx[t] = 0;
        vy[t] = 0;
        anchor[t] = -1;
        continue;
      }
      anchor[t] = tc[id] as number;
      if (dir[t] === 255) {
        vx[t] = 0;
        vy[t] = 0;
        continue;
      }
      const dx = (tx[id] as number) - x - 0.5;
      const dy = (ty[id] as number) - y - 0.5;
      const len = Math.sqrt(dx * dx + dy * dy);
      vx[t] = dx / len;
      vy[t] = dy / len;
    }
  }
  const state = input.state;
  if (state !== undefined) {
    state.ids.set(ids.subarray(0, size));
    state.code.set(tc.subarray(0, table.count));
    state.g.set(table.g.subarray(0, table.count));
    state.info[StateSlot.count] = table.count;
    keepState(input);
  }
  if (c !== undefined) Atomics.store(c, ControlSlot.done, size);
  return reachable;
}

// Scratch for the order keys of finishState.
let prim = new Float64Array(0);

/** Completes `input.state` (when given) after a run that wrote its ids and table. */
function keepState(input: FlowKernelInput): void {
  const state = input.state;
  if (state === undefined) return;
  const size = input.width * input.height;
  if (prim.length < size) prim = new Float64Array(size);
  finishState(
    state,
    state.info[StateSlot.count] as number,
    input.width,
    input.clearance,
    input.cost,
    input.dir,
    input.passable,
    input.terrain,
    prim.subarray(0, size),
  );
}
