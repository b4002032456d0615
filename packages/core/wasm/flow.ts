// The flow kernel compiled to WebAssembly with AssemblyScript (exported through wasm/kernels.ts; its lines of
// sight in wasm/flow-sight.ts). It is the
// JavaScript kernel of src/flow (flow-order.ts, flow-kernel.ts, choose-anchor.ts, sight.ts, segment.ts) step for
// step, with the same floating-point operations in the same order, so its flows are the same bit for bit; the
// JavaScript kernel stays as the reference and the fallback. The host (src/flow/flow-kernel-wasm.ts) lays out the
// memory: passability codes (u8), directions (u8), terrain (f32, weighted only), costs (f64; the kernel then
// writes vx and vy there as f32), the visit order (i32; then the anchor codes), each tile's anchor id (i32), a
// scratch block for the candidates, and last the anchor table, which grows at the end of the memory.

import {
  ag,
  acode,
  ax,
  ay,
  dist,
  fClear,
  fH,
  fIds,
  fPass,
  firstStepOpen,
  fTable,
  fW,
  fWeighted,
  idOf,
  passOf,
  sameTile,
  seesByNeighbours,
  seesExactly,
  setSightArrays,
  setSightEnds,
  terrOf,
} from './flow-sight';

/** Buckets per cost unit of the counting sort, and most buckets per tile (src/flow/flow-order.ts). */
const BUCKETS_PER_UNIT: f64 = 4;
const MAX_BUCKETS_PER_TILE: f64 = 4;

/** Candidates per tile, tie between neighbours' anchors, longest exact walk (src/flow/choose-anchor.ts). */
const MAX_CANDIDATES: i32 = 24;
const TIE: f64 = 0.02;
const MAX_WALK: f64 = 64;

/** Candidate states. */
const UNCHECKED: u8 = 0;
const SEEN: u8 = 1;
const RULE_FAILED: u8 = 2;

/** Kind bits of corner codes (src/flow/anchor-code.ts). */
const CORNER_PLUS_X: i32 = 1;
const CORNER_PLUS_Y: i32 = 2;
const CORNER_EXACT: i32 = 4;

// The table's state, the candidates of the current tile and the best estimate surely seen (the last resort's).
let fCount: i32 = 0;
let fCap: i32 = 0;
/** The candidate scratch: MAX_CANDIDATES entries of each array below, at fixed offsets from `fCand`. */
let fCand: usize = 0;
let candCount: i32 = 0;
let fBest: f64 = 0;

// Direction steps (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW), packed 2 bits per direction, plus 1.
@inline
function dirDx(d: i32): i32 {
  return ((2585 >> (d << 1)) & 3) - 1;
}
@inline
function dirDy(d: i32): i32 {
  return ((10340 >> (d << 1)) & 3) - 1;
}

// Candidate arrays (offsets in bytes from fCand).
const C_ID: usize = 0;
const C_CODE: usize = 4 * 24;
const C_NEXT: usize = 8 * 24;
const C_RANK: usize = 12 * 24;
const C_STATE: usize = 16 * 24;
const C_X: usize = 20 * 24;
const C_Y: usize = 28 * 24;
const C_AG: usize = 36 * 24;
const C_G: usize = 44 * 24;
// The candidate scratch takes 52 * 24 = 1248 bytes (the host reserves 2048).

@inline
function getI(off: usize, k: i32): i32 {
  return load<i32>(fCand + off + (<usize>k << 2));
}
@inline
function setI(off: usize, k: i32, v: i32): void {
  store<i32>(fCand + off + (<usize>k << 2), v);
}
@inline
function getF(off: usize, k: i32): f64 {
  return load<f64>(fCand + off + (<usize>k << 3));
}
@inline
function setF(off: usize, k: i32, v: f64): void {
  store<f64>(fCand + off + (<usize>k << 3), v);
}
@inline
function getS(k: i32): u8 {
  return load<u8>(fCand + C_STATE + <usize>k);
}
@inline
function setS(k: i32, v: u8): void {
  store<u8>(fCand + C_STATE + <usize>k, v);
}

/** Adds an anchor to the table (growing the memory when full); returns its id, or -1 when it cannot grow. */
function addAnchor(code: i32, x: f64, y: f64, g: f64): i32 {
  const id = fCount;
  if (id === fCap) {
    const have = <i64>memory.size() << 16;
    const need = <i64>fTable + (<i64>id << 6) + 65536;
    const pages = <i32>((need - have + 65535) >> 16);
    if (pages > 0 && memory.grow(pages) < 0) return -1;
    fCap = <i32>(((<i64>memory.size() << 16) - <i64>fTable) >> 5);
  }
  const at = fTable + (<usize>id << 5);
  store<f64>(at, x);
  store<f64>(at, y, 8);
  store<f64>(at, g, 16);
  store<i32>(at, code, 24);
  fCount = id + 1;
  return id;
}

@inline
function cornerCode(vx: i32, vy: i32, kind: i32): i32 {
  return ((vy * (fW + 1) + vx) << 3) | kind;
}

/**
 * Writes the indices of the tiles with a finite cost (f64 at `cost`, `n` tiles) into `order` (i32), cheapest
 * first, by the counting sort of src/flow/flow-order.ts, with its counts at `counts` (the memory grows for them).
 * Returns how many there are; -1 when the cost range needs the comparison sort (the host does it), -2 when the
 * memory cannot grow.
 */
export function flowOrder(cost: usize, order: usize, counts: usize, n: i32): i32 {
  let min: f64 = Infinity;
  let max: f64 = -Infinity;
  let reachable: i32 = 0;
  for (let i: i32 = 0; i < n; i++) {
    const c = load<f64>(cost + (<usize>i << 3));
    if (c < Infinity) {
      reachable++;
      if (c < min) min = c;
      if (c > max) max = c;
    }
  }
  if (reachable === 0) return 0;
  const range = max - min;
  if (!(range * BUCKETS_PER_UNIT <= MAX_BUCKETS_PER_TILE * <f64>n + 64)) return -1;
  const buckets = <i32>Math.floor(range * BUCKETS_PER_UNIT) + 2;
  const need = <i64>counts + (<i64>buckets << 2);
  const have = <i64>memory.size() << 16;
  if (need > have && memory.grow(<i32>((need - have + 65535) >> 16)) < 0) return -2;
  memory.fill(counts, 0, <usize>buckets << 2);
  for (let i: i32 = 0; i < n; i++) {
    const c = load<f64>(cost + (<usize>i << 3));
    if (c < Infinity) {
      const b = counts + (<usize>(<i32>((c - min) * BUCKETS_PER_UNIT)) << 2);
      store<i32>(b, load<i32>(b) + 1);
    }
  }
  let sum: i32 = 0;
  for (let b: i32 = 0; b < buckets; b++) {
    const at = counts + (<usize>b << 2);
    const v = load<i32>(at);
    store<i32>(at, sum);
    sum += v;
  }
  for (let i: i32 = 0; i < n; i++) {
    const c = load<f64>(cost + (<usize>i << 3));
    if (c < Infinity) {
      const b = counts + (<usize>(<i32>((c - min) * BUCKETS_PER_UNIT)) << 2);
      const at = load<i32>(b);
      store<i32>(order + (<usize>at << 2), i);
      store<i32>(b, at + 1);
    }
  }
  return reachable;
}

/** src/flow/choose-anchor.ts addCorners. */
function addCorners(i: i32, x: i32, y: i32, ux: i32, uy: i32): void {
  const w = fW;
  const h = fH;
  const code = passOf(i);
  const weighted = fWeighted;
  const tv: f64 = weighted ? terrOf(i) : 1;
  const rep = <u32>code * 0x01010101;
  const best = fBest;
  const clearance = fClear;
  for (let k: i32 = 0; k < 4; k++) {
    const vx = ux + (k & 1);
    const vy = uy + (k >> 1);
    if (vx <= 0 || vy <= 0 || vx >= w || vy >= h) continue;
    const nw = (vy - 1) * w + vx - 1;
    // The one tile of the four around the corner that is not of the tile's kind: 0 nw, 1 ne, 2 sw, 3 se.
    let b: i32;
    if (weighted) {
      const fNw = sameTile(nw, code, tv);
      const fNe = sameTile(nw + 1, code, tv);
      const fSw = sameTile(nw + w, code, tv);
      const fSe = sameTile(nw + w + 1, code, tv);
      if (<i32>fNw + <i32>fNe + <i32>fSw + <i32>fSe !== 3) continue;
      b = !fNw ? 0 : !fNe ? 1 : !fSw ? 2 : 3;
    } else {
      // PERF: the four codes in one word (two rows of two bytes); a byte differs from the tile's code where
      // its bit 7 is set in `m` (the usual zero-byte test), and a convex corner has exactly one.
      const quad = <u32>load<u16>(fPass + <usize>nw) | (<u32>load<u16>(fPass + <usize>(nw + w)) << 16);
      const xo = quad ^ rep;
      const m = (((xo & 0x7f7f7f7f) + 0x7f7f7f7f) | xo) & 0x80808080;
      if (popcnt<u32>(m) !== 1) continue;
      b = <i32>(ctz<u32>(m) >> 3);
    }
    // The tile across from it, and the quadrant (signs along x and y) the anchor moves into.
    const o = nw + ((3 - b) & 1) + ((3 - b) >> 1) * w;
    if (o === i) continue;
    const oid = idOf(o);
    if (oid < 0) continue;
    const qx: i32 = (b & 1) === 0 ? 1 : -1;
    const qy: i32 = b < 2 ? 1 : -1;
    const px = <f64>vx + <f64>qx * clearance;
    const py = <f64>vy + <f64>qy * clearance;
    const anchorG = ag(oid) + tv * dist(ax(oid) - px, ay(oid) - py);
    const g = anchorG + tv * dist(px - <f64>x - 0.5, py - <f64>y - 0.5);
    if (!(g < best)) continue;
    const kind = (qx > 0 ? CORNER_PLUS_X : 0) | (qy > 0 ? CORNER_PLUS_Y : 0);
    const code2 = cornerCode(vx, vy, kind);
    let dup = false;
    for (let j: i32 = 0; j < candCount; j++) if (getI(C_ID, j) === -1 && getI(C_CODE, j) === code2) dup = true;
    if (dup || candCount === MAX_CANDIDATES) continue;
    const beside =
      (o === i + 1 || o === i - 1 || o === i + w || o === i - w) &&
      (vx === x || vx === x + 1) &&
      (vy === y || vy === y + 1);
    const c = candCount++;
    setI(C_ID, c, -1);
    setI(C_CODE, c, code2);
    setF(C_X, c, px);
    setF(C_Y, c, py);
    setF(C_AG, c, anchorG);
    setF(C_G, c, g);
    setS(c, beside ? SEEN : UNCHECKED);
    setI(C_NEXT, c, oid);
  }
}

/** src/flow/choose-anchor.ts chooseAnchor: the anchor id of tile i at (x, y) with parent direction d (-1: full). */
function chooseAnchor(i: i32, x: i32, y: i32, d: i32): i32 {
  const w = fW;
  const h = fH;
  const code = passOf(i);
  const weighted = fWeighted;
  const tv: f64 = weighted ? terrOf(i) : 1;
  const cx = <f64>x + 0.5;
  const cy = <f64>y + 0.5;
  candCount = 0;
  let first: i32 = -1;
  let firstG: f64 = Infinity;
  for (let dd: i32 = 0; dd < 8; dd++) {
    const nx = x + dirDx(dd);
    const ny = y + dirDy(dd);
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
    const q = ny * w + nx;
    const id = idOf(q);
    if (id < 0 || !sameTile(q, code, tv)) continue;
    let dup = false;
    for (let k: i32 = 0; k < candCount; k++) if (getI(C_ID, k) === id) dup = true;
    if (dup) continue;
    const g = ag(id) + tv * dist(ax(id) - cx, ay(id) - cy);
    const c = candCount++;
    setI(C_ID, c, id);
    setF(C_G, c, g);
    setS(c, UNCHECKED);
    if (g < firstG) {
      firstG = g;
      first = c;
    }
  }
  if (first >= 0) {
    const id = getI(C_ID, first);
    if (seesByNeighbours(i, x, y, id)) return id;
    setS(first, RULE_FAILED);
    for (let k: i32 = 0; k < candCount; k++) {
      if (k === first || !(getF(C_G, k) <= firstG + TIE)) continue;
      const other = getI(C_ID, k);
      if (seesByNeighbours(i, x, y, other)) return other;
      setS(k, RULE_FAILED);
    }
  }
  for (let k: i32 = 0; k < candCount; k++) {
    const id = getI(C_ID, k);
    setI(C_CODE, k, acode(id));
    setF(C_X, k, ax(id));
    setF(C_Y, k, ay(id));
    setF(C_AG, k, ag(id));
  }
  // The last resort.
  const pdx = dirDx(d);
  const pdy = dirDy(d);
  const p = i + pdx + pdy * w;
  const pid = idOf(p);
  const pcx = cx + <f64>pdx;
  const pcy = cy + <f64>pdy;
  const pv: f64 = weighted ? terrOf(p) : 1;
  const gp = ag(pid) + pv * dist(ax(pid) - pcx, ay(pid) - pcy);
  let fX = pcx;
  let fY = pcy;
  let fCode = -2 - p;
  let fG = gp;
  if (pdx !== 0 && pdy !== 0) {
    const freeA = passOf(i + pdx) === code;
    const freeB = passOf(i + pdy * w) === code;
    if (!(freeA && freeB)) {
      const vxx = pdx > 0 ? x + 1 : x;
      const vyy = pdy > 0 ? y + 1 : y;
      if (freeA || freeB) {
        const qx = freeA ? pdx : -pdx;
        const qy = freeA ? -pdy : pdy;
        fX = <f64>vxx + <f64>qx * fClear;
        fY = <f64>vyy + <f64>qy * fClear;
        fCode = cornerCode(vxx, vyy, (qx > 0 ? CORNER_PLUS_X : 0) | (qy > 0 ? CORNER_PLUS_Y : 0));
      } else {
        fX = <f64>vxx;
        fY = <f64>vyy;
        fCode = cornerCode(vxx, vyy, CORNER_EXACT);
      }
      fG = gp + tv * dist(pcx - fX, pcy - fY);
    }
  }
  const best = fG + tv * dist(fX - cx, fY - cy);
  fBest = best;
  addCorners(i, x, y, x, y);
  addCorners(i, x, y, x + pdx, y + pdy);
  const pax = ax(pid);
  const pay = ay(pid);
  const along = Math.abs(pax - cx) >= Math.abs(pay - cy);
  const sx: i32 = along ? (pax > cx ? 1 : -1) : 0;
  const sy: i32 = along ? 0 : pay > cy ? 1 : -1;
  if ((sx !== pdx || sy !== pdy) && x + sx >= 0 && x + sx < w && y + sy >= 0 && y + sy < h)
    addCorners(i, x, y, x + sx, y + sy);
  let n: i32 = 0;
  for (let k: i32 = 0; k < candCount; k++) {
    const g = getF(C_G, k);
    if (!(g < best)) continue;
    let at = n++;
    while (at > 0 && getF(C_G, getI(C_RANK, at - 1)) > g) {
      setI(C_RANK, at, getI(C_RANK, at - 1));
      at--;
    }
    setI(C_RANK, at, k);
  }
  for (let r: i32 = 0; r < n; r++) {
    const k = getI(C_RANK, r);
    const id = getI(C_ID, k);
    const state = getS(k);
    const kx = getF(C_X, k);
    const ky = getF(C_Y, k);
    let seen = state === SEEN || (state === UNCHECKED && id >= 0 && seesByNeighbours(i, x, y, id));
    if (!seen && !weighted && Math.abs(kx - cx) + Math.abs(ky - cy) <= MAX_WALK) {
      setSightEnds(cx, cy, kx, ky);
      seen = firstStepOpen(i, x, y) && seesExactly(code);
    }
    if (!seen) continue;
    if (id >= 0) return id;
    if (!weighted) {
      const next = getI(C_NEXT, k);
      setSightEnds(kx, ky, ax(next), ay(next));
      if (!seesExactly(code)) continue;
    }
    return addAnchor(getI(C_CODE, k), kx, ky, getF(C_AG, k));
  }
  return addAnchor(fCode, fX, fY, fG);
}

// The outputs of the current call: vx and vy (f32) at fCost and fCost + 4 * w * h, the anchor codes at fOrder.
let fDir: usize = 0;
let fCost: usize = 0;
let fOrder: usize = 0;

/**
 * Starts the flow kernel (src/flow/flow-kernel.ts runFlowKernel after the order) over the tiles listed at
 * `order`: `terr` is read only when `weighted` is 1; `ids` needs 4 bytes per tile, `cand` 1248 bytes; the anchor
 * table starts at `table` and grows the memory as it needs. The host then calls {@link flowVisit} and
 * {@link flowOutputs} in slices (PERF: a long call would run in the baseline compiler to its end, as WebAssembly
 * has no on-stack replacement; between slices the engine switches to the optimized code).
 */
export function flowStart(
  pass: usize,
  dir: usize,
  terr: usize,
  weighted: i32,
  cost: usize,
  order: usize,
  ids: usize,
  cand: usize,
  table: usize,
  w: i32,
  h: i32,
  clearance: f64,
): void {
  setSightArrays(pass, terr, weighted !== 0, ids, table, w, h, clearance);
  fDir = dir;
  fCost = cost;
  fOrder = order;
  fCount = 0;
  fCap = 0;
  fCand = cand;
  memory.fill(ids, 255, <usize>(w * h) << 2);
}

/**
 * Visits the tiles at positions k0..k1 - 1 of the order, choosing their anchors. Returns 0, or -1 when the anchor
 * table cannot grow the memory (the host then runs the JavaScript kernel).
 */
export function flowVisit(k0: i32, k1: i32): i32 {
  const w = fW;
  for (let k = k0; k < k1; k++) {
    const t = load<i32>(fOrder + (<usize>k << 2));
    const y = t / w;
    const x = t - y * w;
    const d = <i32>load<u8>(fDir + <usize>t);
    const id =
      d === 255
        ? addAnchor(-2 - t, <f64>x + 0.5, <f64>y + 0.5, load<f64>(fCost + (<usize>t << 3)))
        : chooseAnchor(t, x, y, d);
    if (id < 0) return -1;
    store<i32>(fIds + (<usize>t << 2), id);
  }
  return 0;
}

/**
 * Writes the outputs of rows y0..y1 - 1 (after the visit: the costs and the order are no longer read): vx and vy
 * (f32) over the costs, the anchor codes (i32) over the order. Returns the number of anchors.
 */
export function flowOutputs(y0: i32, y1: i32): i32 {
  const w = fW;
  const vxOut = fCost;
  const vyOut = fCost + (<usize>(w * fH) << 2);
  const anchorOut = fOrder;
  for (let y = y0; y < y1; y++) {
    let t = y * w;
    for (let x: i32 = 0; x < w; x++, t++) {
      const id = idOf(t);
      const o4 = <usize>t << 2;
      if (id < 0) {
        store<f32>(vxOut + o4, 0);
        store<f32>(vyOut + o4, 0);
        store<i32>(anchorOut + o4, -1);
        continue;
      }
      store<i32>(anchorOut + o4, acode(id));
      if (load<u8>(fDir + <usize>t) === 255) {
        store<f32>(vxOut + o4, 0);
        store<f32>(vyOut + o4, 0);
        continue;
      }
      const dx = ax(id) - <f64>x - 0.5;
      const dy = ay(id) - <f64>y - 0.5;
      const len = Math.sqrt(dx * dx + dy * dy);
      store<f32>(vxOut + o4, <f32>(dx / len));
      store<f32>(vyOut + o4, <f32>(dy / len));
    }
  }
  return fCount;
}
