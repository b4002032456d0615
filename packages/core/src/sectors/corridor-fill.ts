/**
 * The field of a corridor: exact Dijkstra from the goal over the tiles of the corridor's sectors only (a move
 * whose end lies outside the corridor is not taken; its side tiles may lie anywhere). `cost` is the cost of
 * the cheapest walk to the goal that stays in the corridor, `dir` its first step, in the corridor's compact
 * slots (corridor.ts). `steps` and `octile` use Dial's unit-width buckets (three rotating stacks, as in the
 * field kernels), `weighted` a binary heap. The step from u to v is priced as the fields price it (the terrain
 * of v times the step length), so following `dir` adds up to `cost`.
 */
import type { KernelControl } from '../fields/types.js';
import { diagonalsAllowed } from '../util/diagonals.js';
import { KeyHeap } from '../util/key-heap.js';
import { pollWork } from './control.js';
import type { CorridorFillInput } from './corridor-fill-input.js';
import { fillCorridorWasm } from './corridor-fill-wasm.js';
import { DIR_OPPOSITE_LOCAL, DX, DY } from './moves.js';

import { M_STEPS, M_WEIGHTED, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

// Per-thread scratch.
const buckets: Int32Array[] = [new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)];
const heap = new KeyHeap(1024);
let done = new Uint8Array(0);

function room(b: number, need: number, len: number): Int32Array {
  const a = buckets[b] as Int32Array;
  if (need <= a.length) return a;
  const bigger = new Int32Array(Math.max(need, a.length * 2));
  bigger.set(a.subarray(0, len));
  buckets[b] = bigger;
  return bigger;
}

/**
 * Relaxes the neighbours of settled slots. PERF: queue entries are slots, decoded with shifts and a per-block
 * origin (no division); a slot away from its sector's edge has all eight neighbours in its own block (fixed
 * offsets, no sector lookup, no bounds checks); only edge slots look their neighbours' blocks up.
 */
class Relaxer {
  readonly offT = new Int32Array(8);
  readonly offS = new Int32Array(8);
  /** Improved neighbours of the last call: slot, and whether the step was diagonal. */
  readonly outS = new Int32Array(8);
  readonly outD = new Uint8Array(8);
  /** Top-left tile's x and y of each block. */
  readonly ox: Int32Array;
  readonly oy: Int32Array;
  done: Uint8Array = new Uint8Array(0);
  readonly mask: number;
  readonly blockShift: number;
  readonly wd: number;
  readonly weighted: boolean;
  readonly dirs: number;

  constructor(readonly k: CorridorFillInput) {
    const { width, shift, metric, terrain, rule, blockSector, sectorsX } = k;
    for (let d = 0; d < 8; d++) {
      this.offT[d] = (DY[d] as number) * width + (DX[d] as number);
      this.offS[d] = ((DY[d] as number) << shift) + (DX[d] as number);
    }
    this.mask = (1 << shift) - 1;
    this.blockShift = 2 * shift;
    this.weighted = metric === M_WEIGHTED && terrain !== null;
    this.wd = metric === M_STEPS ? 1 : Math.SQRT2;
    this.dirs = rule === R_NEVER ? 4 : 8;
    const blocks = blockSector.length;
    this.ox = new Int32Array(blocks);
    this.oy = new Int32Array(blocks);
    for (let b = 0; b < blocks; b++) {
      const sct = blockSector[b] as number;
      const sx = sct % sectorsX;
      this.ox[b] = sx << shift;
      this.oy[b] = ((sct - sx) / sectorsX) << shift;
    }
  }

  slotOf(x: number, y: number): number {
    const { shift, sectorsX, sectorBlock } = this.k;
    const b = sectorBlock[(y >> shift) * sectorsX + (x >> shift)] as number;
    return b < 0 ? -1 : (b << this.blockShift) | ((y & this.mask) << shift) | (x & this.mask);
  }

  /** Relaxes around slot s (cost cu); returns the number of improved neighbours (in outS / outD). */
  relax(s: number, cu: number): number {
    const { width, height, passable, terrain, rule, cost, dir, maxCost, shift } = this.k;
    const { offT, offS, outS, outD, done, mask } = this;
    const b = s >>> this.blockShift;
    const lx = s & mask;
    const ly = (s >>> shift) & mask;
    const x = (this.ox[b] as number) + lx;
    const y = (this.oy[b] as number) + ly;
    const t = y * width + x;
    const interior = lx > 0 && ly > 0 && lx < mask && ly < mask && x + 1 < width && y + 1 < height;
    const code = passable[t] as number;
    // The step into t from a neighbour is priced by t (the fields' rule: the terrain of the tile entered).
    const w = this.weighted ? ((terrain as Float32Array)[t] as number) : 1;
    const c1 = cu + w;
    const c2 = cu + (this.weighted ? w * Math.SQRT2 : this.wd);
    // Free flags of N, E, S, W for the diagonal rule.
    let free = 0;
    let n = 0;
    for (let d = 0; d < this.dirs; d++) {
      if (d >= 4 && rule !== R_ALWAYS) {
        // Side tiles of NE, SE, SW, NW: (N, E), (S, E), (S, W), (N, W).
        const a = (free >> (d === 4 || d === 7 ? 0 : 2)) & 1;
        const c = (free >> (d === 4 || d === 5 ? 1 : 3)) & 1;
        if (rule === R_BOTH_FREE ? (a & c) === 0 : (a | c) === 0) continue;
      }
      let ns: number;
      if (interior) {
        if (passable[t + (offT[d] as number)] !== code) continue;
        ns = s + (offS[d] as number);
      } else {
        const nx = x + (DX[d] as number);
        const ny = y + (DY[d] as number);
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || passable[ny * width + nx] !== code) continue;
        ns = this.slotOf(nx, ny);
      }
      if (d < 4) free |= 1 << d;
      const c = d < 4 ? c1 : c2;
      if (ns < 0 || done[ns] !== 0 || !(c < (cost[ns] as number)) || c > maxCost) continue;
      cost[ns] = c;
      dir[ns] = DIR_OPPOSITE_LOCAL[d] as number;
      outS[n] = ns;
      outD[n++] = d < 4 ? 0 : 1;
    }
    return n;
  }
}

/**
 * Fills the corridor's field. Returns the tiles settled. Steps and octile run in WebAssembly where it can
 * (./corridor-fill-wasm.ts, the same results bit for bit); this search is the reference and the fallback.
 */
export function fillCorridor(k: CorridorFillInput, control?: KernelControl): number {
  const { cost, dir, maxCost } = k;
  const { shift, sectorsX, sectorBlock } = k;
  const goalBlock = sectorBlock[(k.goalY >> shift) * sectorsX + (k.goalX >> shift)] as number;
  if (goalBlock >= 0 && k.goalValue <= maxCost) {
    const mask = (1 << shift) - 1;
    const goalSlot = (goalBlock << (2 * shift)) | ((k.goalY & mask) << shift) | (k.goalX & mask);
    const settled = fillCorridorWasm(k, goalSlot, control);
    if (settled !== null) return settled;
  }
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  if (done.length < cost.length) done = new Uint8Array(cost.length);
  else done.fill(0, 0, cost.length);
  const r = new Relaxer(k);
  r.done = done;
  const goalSlot = r.slotOf(k.goalX, k.goalY);
  if (goalSlot < 0 || !(k.goalValue <= maxCost)) return 0;
  cost[goalSlot] = k.goalValue;
  const { outS, outD } = r;
  let settled = 0;
  let nextPoll = 65536;
  if (!r.weighted) {
    // Dial: bucket K holds costs in [base + K, base + K + 1); a straight step lands in K + 1, a diagonal in K + 1
    // or K + 2.
    const base = k.goalValue;
    const { width, height, passable, rule, shift } = k;
    const { ox, oy, mask, blockShift, wd } = r;
    const side = 1 << shift;
    const diagonals = rule !== R_NEVER;
    const both = rule === R_BOTH_FREE;
    const always = rule === R_ALWAYS;
    const lengths = [1, 0, 0];
    (buckets[0] as Int32Array)[0] = goalSlot;
    let slot = 0;
    let K = 0;
    for (;;) {
      const s1 = slot === 2 ? 0 : slot + 1;
      const s2 = s1 === 2 ? 0 : s1 + 1;
      const len = lengths[slot] as number;
      if (len === 0 && lengths[s1] === 0 && lengths[s2] === 0) break;
      if (len > 0) {
        const cur = buckets[slot] as Int32Array;
        let l1 = lengths[s1] as number;
        let l2 = lengths[s2] as number;
        const b1 = room(s1, l1 + 8 * len, l1);
        const b2 = room(s2, l2 + 4 * len, l2);
        for (let h = len - 1; h >= 0; h--) {
          const s = cur[h] as number;
          if (done[s] !== 0) continue;
          done[s] = 1;
          settled++;
          const cu = cost[s] as number;
          const near = cu + wd - base - K < 2;
          const lx = s & mask;
          const ly = (s >>> shift) & mask;
          const b = s >>> blockShift;
          const x = (ox[b] as number) + lx;
          const y = (oy[b] as number) + ly;
          if (!(lx > 0 && ly > 0 && lx < mask && ly < mask && x + 1 < width && y + 1 < height)) {
            // An edge slot: the general relaxation, with neighbour lookups.
            const n = r.relax(s, cu);
            for (let i = 0; i < n; i++) {
              if (outD[i] !== 0 && !near) b2[l2++] = outS[i] as number;
              else b1[l1++] = outS[i] as number;
            }
            continue;
          }
          // PERF: an interior slot, all neighbours in its block: unrolled, no lookups (keep in step with relax).
          const t = y * width + x;
          const code = passable[t] as number;
          const c1 = cu + 1;
          if (c1 > maxCost) continue;
          const fN = passable[t - width] === code;
          const fE = passable[t + 1] === code;
          const fS = passable[t + width] === code;
          const fW = passable[t - 1] === code;
          let ns = s - side;
          if (fN && done[ns] === 0 && c1 < (cost[ns] as number)) {
            cost[ns] = c1;
            dir[ns] = 2;
            b1[l1++] = ns;
          }
          ns = s + 1;
          if (fE && done[ns] === 0 && c1 < (cost[ns] as number)) {
            cost[ns] = c1;
            dir[ns] = 3;
            b1[l1++] = ns;
          }
          ns = s + side;
          if (fS && done[ns] === 0 && c1 < (cost[ns] as number)) {
            cost[ns] = c1;
            dir[ns] = 0;
            b1[l1++] = ns;
          }
          ns = s - 1;
          if (fW && done[ns] === 0 && c1 < (cost[ns] as number)) {
            cost[ns] = c1;
            dir[ns] = 1;
            b1[l1++] = ns;
          }
          if (!diagonals) continue;
          const c2 = cu + wd;
          if (c2 > maxCost) continue;
          const diag = diagonalsAllowed(both, always, fN, fE, fS, fW);
          const bd = near ? b1 : b2;
          let ld = near ? l1 : l2;
          ns = s - side + 1;
          if ((diag & 1) !== 0 && passable[t - width + 1] === code && done[ns] === 0 && c2 < (cost[ns] as number)) {
            cost[ns] = c2;
            dir[ns] = 6;
            bd[ld++] = ns;
          }
          ns = s + side + 1;
          if ((diag & 2) !== 0 && passable[t + width + 1] === code && done[ns] === 0 && c2 < (cost[ns] as number)) {
            cost[ns] = c2;
            dir[ns] = 7;
            bd[ld++] = ns;
          }
          ns = s + side - 1;
          if ((diag & 4) !== 0 && passable[t + width - 1] === code && done[ns] === 0 && c2 < (cost[ns] as number)) {
            cost[ns] = c2;
            dir[ns] = 4;
            bd[ld++] = ns;
          }
          ns = s - side - 1;
          if ((diag & 8) !== 0 && passable[t - width - 1] === code && done[ns] === 0 && c2 < (cost[ns] as number)) {
            cost[ns] = c2;
            dir[ns] = 5;
            bd[ld++] = ns;
          }
          if (near) l1 = ld;
          else l2 = ld;
        }
        lengths[s1] = l1;
        lengths[s2] = l2;
        if (settled >= nextPoll) {
          nextPoll = settled + 65536;
          pollWork(control, settled);
        }
      }
      lengths[slot] = 0;
      K++;
      slot = s1;
    }
  } else {
    heap.size = 0;
    heap.push(k.goalValue, goalSlot);
    while (heap.size > 0) {
      const s = heap.pop();
      if (done[s] !== 0) continue;
      done[s] = 1;
      settled++;
      const n = r.relax(s, cost[s] as number);
      for (let i = 0; i < n; i++) heap.push(cost[outS[i] as number] as number, outS[i] as number);
      if (settled >= nextPoll) {
        nextPoll = settled + 65536;
        pollWork(control, settled);
      }
    }
  }
  return settled;
}
