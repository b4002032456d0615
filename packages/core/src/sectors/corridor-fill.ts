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

/** Fills the corridor's field. Returns the tiles settled. */
export function fillCorridor(k: CorridorFillInput, control?: KernelControl): number {
  const { width, height, shift, sectorsX, passable, terrain, metric, rule, sectorBlock, cost, dir, maxCost } = k;
  const mask = (1 << shift) - 1;
  const blockShift = 2 * shift;
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  if (done.length < cost.length) done = new Uint8Array(cost.length);
  else done.fill(0, 0, cost.length);
  const slotOf = (x: number, y: number): number => {
    const b = sectorBlock[(y >> shift) * sectorsX + (x >> shift)] as number;
    return b < 0 ? -1 : (b << blockShift) | ((y & mask) << shift) | (x & mask);
  };
  const goalSlot = slotOf(k.goalX, k.goalY);
  if (goalSlot < 0 || !(k.goalValue <= maxCost)) return 0;
  cost[goalSlot] = k.goalValue;
  const dirs = rule === R_NEVER ? 4 : 8;
  const weighted = metric === M_WEIGHTED && terrain !== null;
  const wd = metric === M_STEPS ? 1 : Math.SQRT2;
  let settled = 0;
  let nextPoll = 65536;
  // Settles tile t (slot s, cost cu): relaxes its neighbours, handing each improvement to `push`.
  const expand = (t: number, s: number, cu: number, push: (c: number, t: number, far: boolean) => void): void => {
    const y = (t / width) | 0;
    const x = t - y * width;
    const code = passable[t] as number;
    const w = weighted ? (terrain[t] as number) : 1;
    for (let d = 0; d < dirs; d++) {
      const nx = x + (DX[d] as number);
      const ny = y + (DY[d] as number);
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const nt = ny * width + nx;
      if (passable[nt] !== code) continue;
      if (d >= 4 && rule !== R_ALWAYS) {
        const a = passable[y * width + nx] === code;
        const b = passable[ny * width + x] === code;
        if (rule === R_BOTH_FREE ? !(a && b) : !(a || b)) continue;
      }
      // The slot of the neighbour: same block when it stays in the sector.
      const lx = (x & mask) + (DX[d] as number);
      const ly = (y & mask) + (DY[d] as number);
      const ns =
        lx >= 0 && ly >= 0 && lx <= mask && ly <= mask
          ? s + ((DY[d] as number) << shift) + (DX[d] as number)
          : slotOf(nx, ny);
      if (ns < 0 || done[ns] !== 0) continue;
      // The move nt -> t enters t: priced by t's terrain.
      const c = cu + (d < 4 ? w : weighted ? w * Math.SQRT2 : wd);
      if (!(c < (cost[ns] as number)) || c > maxCost) continue;
      cost[ns] = c;
      dir[ns] = DIR_OPPOSITE_LOCAL[d] as number;
      push(c, nt, d >= 4);
    }
  };
  if (!weighted) {
    // Dial: bucket K holds costs in [base + K, base + K + 1).
    const base = k.goalValue;
    const lengths = [1, 0, 0];
    (buckets[0] as Int32Array)[0] = k.goalY * width + k.goalX;
    let slot = 0;
    let K = 0;
    let b1 = buckets[1] as Int32Array;
    let b2 = buckets[2] as Int32Array;
    let l1 = 0;
    let l2 = 0;
    const push = (c: number, t: number, diagonal: boolean): void => {
      if (diagonal && c - base - K >= 2) b2[l2++] = t;
      else b1[l1++] = t;
    };
    for (;;) {
      const s1 = slot === 2 ? 0 : slot + 1;
      const s2 = s1 === 2 ? 0 : s1 + 1;
      const len = lengths[slot] as number;
      if (len === 0 && lengths[s1] === 0 && lengths[s2] === 0) break;
      if (len > 0) {
        const cur = buckets[slot] as Int32Array;
        l1 = lengths[s1] as number;
        l2 = lengths[s2] as number;
        b1 = room(s1, l1 + 8 * len, l1);
        b2 = room(s2, l2 + 4 * len, l2);
        for (let h = len - 1; h >= 0; h--) {
          const t = cur[h] as number;
          const y = (t / width) | 0;
          const s = slotOf(t - y * width, y);
          if (done[s] !== 0) continue;
          done[s] = 1;
          settled++;
          expand(t, s, cost[s] as number, push);
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
    heapPush(size++, k.goalValue, k.goalY * width + k.goalX);
    const push = (c: number, t: number): void => heapPush(size++, c, t);
    while (size > 0) {
      const t = heapTile[0] as number;
      heapPop(size--);
      const y = (t / width) | 0;
      const s = slotOf(t - y * width, y);
      if (done[s] !== 0) continue;
      done[s] = 1;
      settled++;
      expand(t, s, cost[s] as number, push);
      if (settled >= nextPoll) {
        nextPoll = settled + 65536;
        pollWork(control, settled);
      }
    }
  }
  return settled;
}
