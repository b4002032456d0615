/**
 * The field of a corridor: exact Dijkstra from the goal over the tiles of the corridor's sectors only (a move
 * whose end lies outside the corridor is not taken; its side tiles may lie anywhere). `cost` is the cost of
 * the cheapest walk to the goal that stays in the corridor, `dir` its first step, in the corridor's compact
 * slots (corridor.ts). `steps` and `octile` use Dial's unit-width buckets (three rotating stacks, as in the
 * field kernels), `weighted` a binary heap. The step from u to v is priced as the fields price it (the terrain
 * of v times the step length), so following `dir` adds up to `cost`.
 */
import type { KernelControl } from '../fields/types.js';
import { pollWork } from './control.js';
import { DIR_OPPOSITE_LOCAL, DX, DY } from './moves.js';
import { M_STEPS, M_WEIGHTED, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

/** What the fill reads and writes. */
export interface CorridorFillInput {
  width: number;
  height: number;
  shift: number;
  sectorsX: number;
  passable: Uint8Array;
  terrain: Float32Array | null;
  metric: number;
  rule: number;
  /** Block of each sector, -1 outside the corridor. */
  sectorBlock: Int32Array;
  /** Output, `blocks << 2 * shift` slots; filled with Infinity / 255 first. */
  cost: Float64Array;
  dir: Uint8Array;
  /** Goal tile and its starting cost. */
  goalX: number;
  goalY: number;
  goalValue: number;
  /** Stop expanding past this cost. */
  maxCost: number;
}

// Per-thread scratch.
const buckets: Int32Array[] = [new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)];
let heapKey = new Float64Array(1024);
let heapTile = new Int32Array(1024);
let done = new Uint8Array(0);

function room(b: number, need: number, len: number): Int32Array {
  const a = buckets[b] as Int32Array;
  if (need <= a.length) return a;
  const bigger = new Int32Array(Math.max(need, a.length * 2));
  bigger.set(a.subarray(0, len));
  buckets[b] = bigger;
  return bigger;
}

function heapPush(size: number, c: number, t: number): void {
  if (size === heapKey.length) {
    const k = new Float64Array(size * 2);
    k.set(heapKey);
    heapKey = k;
    const a = new Int32Array(size * 2);
    a.set(heapTile);
    heapTile = a;
  }
  let i = size;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if ((heapKey[p] as number) <= c) break;
    heapKey[i] = heapKey[p] as number;
    heapTile[i] = heapTile[p] as number;
    i = p;
  }
  heapKey[i] = c;
  heapTile[i] = t;
}

function heapPop(size: number): void {
  const n = size - 1;
  if (n === 0) return;
  const c = heapKey[n] as number;
  const t = heapTile[n] as number;
  let i = 0;
  for (;;) {
    let ch = 2 * i + 1;
    if (ch >= n) break;
    if (ch + 1 < n && (heapKey[ch + 1] as number) < (heapKey[ch] as number)) ch++;
    if ((heapKey[ch] as number) >= c) break;
    heapKey[i] = heapKey[ch] as number;
    heapTile[i] = heapTile[ch] as number;
    i = ch;
  }
  heapKey[i] = c;
  heapTile[i] = t;
}

/**
 * Relaxes the neighbours of settled tiles. PERF: a tile away from its sector's edge has all eight neighbours
 * in its own block (slot offsets fixed per direction, no sector lookup, no bounds checks); only edge tiles look
 * their neighbours' blocks up.
 */
class Relaxer {
  readonly offT = new Int32Array(8);
  readonly offS = new Int32Array(8);
  /** Improved neighbours of the last call: tile, and whether the step was diagonal. */
  readonly outT = new Int32Array(8);
  readonly outD = new Uint8Array(8);
  done: Uint8Array = new Uint8Array(0);
  mask = 0;
  blockShift = 0;
  wd = 1;
  weighted = false;
  dirs = 8;

  constructor(readonly k: CorridorFillInput) {
    const { width, shift, metric, terrain, rule } = k;
    for (let d = 0; d < 8; d++) {
      this.offT[d] = (DY[d] as number) * width + (DX[d] as number);
      this.offS[d] = ((DY[d] as number) << shift) + (DX[d] as number);
    }
    this.mask = (1 << shift) - 1;
    this.blockShift = 2 * shift;
    this.weighted = metric === M_WEIGHTED && terrain !== null;
    this.wd = metric === M_STEPS ? 1 : Math.SQRT2;
    this.dirs = rule === R_NEVER ? 4 : 8;
  }

  slotOf(x: number, y: number): number {
    const { shift, sectorsX, sectorBlock } = this.k;
    const b = sectorBlock[(y >> shift) * sectorsX + (x >> shift)] as number;
    return b < 0 ? -1 : (b << this.blockShift) | ((y & this.mask) << shift) | (x & this.mask);
  }

  /** Relaxes around tile t (slot s, cost cu); returns the number of improved neighbours (in outT / outD). */
  relax(t: number, s: number, cu: number): number {
    const { width, height, passable, terrain, rule, cost, dir, maxCost } = this.k;
    const { offT, offS, outT, outD, done, mask } = this;
    const y = (t / width) | 0;
    const x = t - y * width;
    const lx = x & mask;
    const ly = y & mask;
    const interior = lx > 0 && ly > 0 && lx < mask && ly < mask && x + 1 < width && y + 1 < height;
    const code = passable[t] as number;
    // The step into t from a neighbour is priced by t (the fields' rule: the terrain of the tile entered).
    const w = this.weighted ? ((terrain as Float32Array)[t] as number) : 1;
    const c1 = cu + w;
    const c2 = cu + (this.weighted ? w * Math.SQRT2 : this.wd);
    // Free flags of N, E, S, W for the diagonal rule.
    let free = 0;
    let n = 0;
    for (let d = 0; d < 4; d++) {
      let nt: number;
      let ns: number;
      if (interior) {
        nt = t + (offT[d] as number);
        if (passable[nt] !== code) continue;
        ns = s + (offS[d] as number);
      } else {
        const nx = x + (DX[d] as number);
        const ny = y + (DY[d] as number);
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        nt = ny * width + nx;
        if (passable[nt] !== code) continue;
        ns = this.slotOf(nx, ny);
      }
      free |= 1 << d;
      if (ns < 0 || done[ns] !== 0 || !(c1 < (cost[ns] as number)) || c1 > maxCost) continue;
      cost[ns] = c1;
      dir[ns] = DIR_OPPOSITE_LOCAL[d] as number;
      outT[n] = nt;
      outD[n++] = 0;
    }
    if (this.dirs === 4) return n;
    for (let d = 4; d < 8; d++) {
      if (rule !== R_ALWAYS) {
        // Side tiles of NE, SE, SW, NW: (N, E), (S, E), (S, W), (N, W).
        const a = (free >> (d === 4 || d === 7 ? 0 : 2)) & 1;
        const b = (free >> (d === 4 || d === 5 ? 1 : 3)) & 1;
        if (rule === R_BOTH_FREE ? (a & b) === 0 : (a | b) === 0) continue;
      }
      let nt: number;
      let ns: number;
      if (interior) {
        nt = t + (offT[d] as number);
        if (passable[nt] !== code) continue;
        ns = s + (offS[d] as number);
      } else {
        const nx = x + (DX[d] as number);
        const ny = y + (DY[d] as number);
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        nt = ny * width + nx;
        if (passable[nt] !== code) continue;
        ns = this.slotOf(nx, ny);
      }
      if (ns < 0 || done[ns] !== 0 || !(c2 < (cost[ns] as number)) || c2 > maxCost) continue;
      cost[ns] = c2;
      dir[ns] = DIR_OPPOSITE_LOCAL[d] as number;
      outT[n] = nt;
      outD[n++] = 1;
    }
    return n;
  }
}

/** Fills the corridor's field. Returns the tiles settled. */
export function fillCorridor(k: CorridorFillInput, control?: KernelControl): number {
  const { width, cost, dir, maxCost } = k;
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  if (done.length < cost.length) done = new Uint8Array(cost.length);
  else done.fill(0, 0, cost.length);
  const r = new Relaxer(k);
  r.done = done;
  const goalSlot = r.slotOf(k.goalX, k.goalY);
  if (goalSlot < 0 || !(k.goalValue <= maxCost)) return 0;
  cost[goalSlot] = k.goalValue;
  const { outT, outD } = r;
  let settled = 0;
  let nextPoll = 65536;
  const goalTile = k.goalY * width + k.goalX;
  if (!r.weighted) {
    // Dial: bucket K holds costs in [base + K, base + K + 1); a straight step lands in K + 1, a diagonal in K + 1
    // or K + 2.
    const base = k.goalValue;
    const lengths = [1, 0, 0];
    (buckets[0] as Int32Array)[0] = goalTile;
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
          const t = cur[h] as number;
          const y = (t / width) | 0;
          const s = r.slotOf(t - y * width, y);
          if (done[s] !== 0) continue;
          done[s] = 1;
          settled++;
          const cu = cost[s] as number;
          const far = cu + r.wd - base - K >= 2;
          const n = r.relax(t, s, cu);
          for (let i = 0; i < n; i++) {
            if (outD[i] !== 0 && far) b2[l2++] = outT[i] as number;
            else b1[l1++] = outT[i] as number;
          }
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
    let size = 0;
    heapPush(size++, k.goalValue, goalTile);
    while (size > 0) {
      const t = heapTile[0] as number;
      heapPop(size--);
      const y = (t / width) | 0;
      const s = r.slotOf(t - y * width, y);
      if (done[s] !== 0) continue;
      done[s] = 1;
      settled++;
      const n = r.relax(t, s, cost[s] as number);
      for (let i = 0; i < n; i++) {
        const nt = outT[i] as number;
        const ny = (nt / width) | 0;
        heapPush(size++, cost[r.slotOf(nt - ny * width, ny)] as number, nt);
      }
      if (settled >= nextPoll) {
        nextPoll = settled + 65536;
        pollWork(control, settled);
      }
    }
  }
  return settled;
}
