/**
 * How a tile chooses its anchor (see ./flow-kernel.ts). Candidates, by path estimate G(anchor) + |centre - anchor|:
 * 1. the anchors of the visited neighbours (of the tile's passability code and terrain), always including the
 *    parent's; the cheapest one, when the local rule of ./sight.ts says it is seen, wins at once (the common case);
 * 2. otherwise also points just off the convex wall corners of the tile, its parent and the neighbour towards the
 *    parent's anchor (each leading on to the anchor of the tile across its corner, which it must see), checked by
 *    construction, the local rule or an exact walk, cheapest first;
 * 3. the parent's centre (or, for a diagonal parent past a wall, a point beside the corner they share, or that
 *    corner itself for a gap between two diagonal walls under `always`), always seen: the last resort.
 *
 * PERF: the hot calls take integers only (V8 boxes double arguments of calls it does not inline); coordinates go
 * through typed arrays.
 */
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { CORNER_EXACT, CORNER_PLUS_X, CORNER_PLUS_Y, centreCode, cornerCode } from './anchor-code.js';
import { addAnchorAt, anchors, NEW_ANCHOR } from './anchor-table.js';
import { dist, firstStepOpen, SIGHT, seesByNeighbours, seesExactly } from './sight.js';

// The candidates of the current tile (unsorted; `rank` lists them by g): existing anchors have an id; new corner
// anchors id -1, a code and the id of the anchor they lead on to.
const MAX_CANDIDATES = 24;
const candId = new Int32Array(MAX_CANDIDATES);
const candCode = new Int32Array(MAX_CANDIDATES);
const candX = new Float64Array(MAX_CANDIDATES);
const candY = new Float64Array(MAX_CANDIDATES);
const candAnchorG = new Float64Array(MAX_CANDIDATES);
const candG = new Float64Array(MAX_CANDIDATES);
const candState = new Uint8Array(MAX_CANDIDATES);
const candNext = new Int32Array(MAX_CANDIDATES);
const rank = new Int32Array(MAX_CANDIDATES);
let candCount = 0;

/** Candidate states: not checked yet, seen by construction (a corner beside the tile), local rule failed. */
const UNCHECKED = 0;
const SEEN = 1;
const RULE_FAILED = 2;

/** Path estimates this close (tiles) count as a tie between neighbours' anchors. */
const TIE = 0.02;
/** Longest exact line-of-sight walk, in tiles; a farther candidate counts as not seen (the last resort is). */
const MAX_WALK = 64;

let clearance = 0;
/** The best (smallest) estimate of a candidate that is surely seen: [g]. */
const BEST = new Float64Array(1);

/** Sets the clearance (tiles) of this thread's anchor choices. */
export function setChooseClearance(c: number): void {
  clearance = c;
}

/**
 * Adds the convex wall corners of tile (ux, uy) as candidates for tile i at (x, y): a corner with exactly one
 * blocked tile of its four gets an anchor just off it (by the clearance, into the tile o across from the wall),
 * leading on to o's anchor. Corners whose anchor would lie in tile i itself are skipped; those beside i are seen
 * by construction.
 */
function addCorners(
  ids: Int32Array,
  i: number,
  x: number,
  y: number,
  ux: number,
  uy: number,
  w: number,
  h: number,
  pass: Uint8Array,
  terr: Float32Array | null,
): void {
  const table = anchors;
  const code = pass[i] as number;
  const tv = terr === null ? 1 : (terr[i] as number);
  const best = BEST[0] as number;
  for (let k = 0; k < 4; k++) {
    const vx = ux + (k & 1);
    const vy = uy + (k >> 1);
    if (vx <= 0 || vy <= 0 || vx >= w || vy >= h) continue; // a corner on the map's edge is never convex
    const nw = (vy - 1) * w + vx - 1;
    const ne = nw + 1;
    const sw = nw + w;
    const se = sw + 1;
    const fNw = pass[nw] === code && (terr === null || terr[nw] === tv);
    const fNe = pass[ne] === code && (terr === null || terr[ne] === tv);
    const fSw = pass[sw] === code && (terr === null || terr[sw] === tv);
    const fSe = pass[se] === code && (terr === null || terr[se] === tv);
    if ((fNw ? 1 : 0) + (fNe ? 1 : 0) + (fSw ? 1 : 0) + (fSe ? 1 : 0) !== 3) continue;
    const o = !fNw ? se : !fNe ? sw : !fSw ? ne : nw;
    if (o === i) continue;
    const oid = ids[o] as number;
    if (oid < 0) continue;
    const qx = !fNw || !fSw ? 1 : -1;
    const qy = !fNw || !fNe ? 1 : -1;
    const px = vx + qx * clearance;
    const py = vy + qy * clearance;
    const anchorG = (table.g[oid] as number) + tv * dist((table.x[oid] as number) - px, (table.y[oid] as number) - py);
    const g = anchorG + tv * dist(px - x - 0.5, py - y - 0.5);
    if (!(g < best)) continue;
    const kind = (qx > 0 ? CORNER_PLUS_X : 0) | (qy > 0 ? CORNER_PLUS_Y : 0);
    const code2 = cornerCode(w, vx, vy, kind);
    let dup = false;
    for (let j = 0; j < candCount; j++) if (candId[j] === -1 && candCode[j] === code2) dup = true;
    if (dup || candCount === MAX_CANDIDATES) continue;
    // Beside the tile: o shares an edge with it and the corner is one of the tile's own.
    const beside =
      (o === i + 1 || o === i - 1 || o === i + w || o === i - w) &&
      (vx === x || vx === x + 1) &&
      (vy === y || vy === y + 1);
    const c = candCount++;
    candId[c] = -1;
    candCode[c] = code2;
    candX[c] = px;
    candY[c] = py;
    candAnchorG[c] = anchorG;
    candG[c] = g;
    candState[c] = beside ? SEEN : UNCHECKED;
    candNext[c] = oid;
  }
}

/** Chooses the anchor of tile i at (x, y), whose parent lies in direction `d`; returns its id (adding it if new). */
export function chooseAnchor(
  ids: Int32Array,
  i: number,
  x: number,
  y: number,
  d: number,
  w: number,
  h: number,
  pass: Uint8Array,
  terr: Float32Array | null,
): number {
  const table = anchors;
  const code = pass[i] as number;
  const tv = terr === null ? 1 : (terr[i] as number);
  const cx = x + 0.5;
  const cy = y + 0.5;
  // (1) The visited neighbours' anchors; the cheapest is tried at once.
  candCount = 0;
  let first = -1;
  let firstG = Number.POSITIVE_INFINITY;
  for (let dd = 0; dd < 8; dd++) {
    const nx = x + (DIR_DX[dd] as number);
    const ny = y + (DIR_DY[dd] as number);
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
    const q = ny * w + nx;
    const id = ids[q] as number;
    if (id < 0 || pass[q] !== code || (terr !== null && terr[q] !== tv)) continue;
    let dup = false;
    for (let k = 0; k < candCount; k++) if (candId[k] === id) dup = true;
    if (dup) continue;
    const g = (table.g[id] as number) + tv * dist((table.x[id] as number) - cx, (table.y[id] as number) - cy);
    const c = candCount++;
    candId[c] = id;
    candG[c] = g;
    candState[c] = UNCHECKED;
    if (g < firstG) {
      firstG = g;
      first = c;
    }
  }
  if (first >= 0) {
    const id = candId[first] as number;
    // PERF: the common case, one local rule test.
    if (seesByNeighbours(ids, pass, terr, w, i, x, y, id)) return id;
    candState[first] = RULE_FAILED;
    // PERF: on the line where two anchors' regions meet, a neighbour holds the other, equally good one; take it by
    // the local rule rather than walk to the first (the choice costs at most TIE tiles).
    for (let k = 0; k < candCount; k++) {
      if (k === first || !((candG[k] as number) <= firstG + TIE)) continue;
      const other = candId[k] as number;
      if (seesByNeighbours(ids, pass, terr, w, i, x, y, other)) return other;
      candState[k] = RULE_FAILED;
    }
  }
  for (let k = 0; k < candCount; k++) {
    const id = candId[k] as number;
    candCode[k] = table.code[id] as number;
    candX[k] = table.x[id] as number;
    candY[k] = table.y[id] as number;
    candAnchorG[k] = table.g[id] as number;
  }
  // (3) The last resort: the parent's centre, or a point beside or at the corner shared with a diagonal parent.
  const pdx = DIR_DX[d] as number;
  const pdy = DIR_DY[d] as number;
  const p = i + pdx + pdy * w;
  const pid = ids[p] as number;
  const pcx = cx + pdx;
  const pcy = cy + pdy;
  const pv = terr === null ? 1 : (terr[p] as number);
  const gp = (table.g[pid] as number) + pv * dist((table.x[pid] as number) - pcx, (table.y[pid] as number) - pcy);
  let fX = pcx;
  let fY = pcy;
  let fCode = centreCode(p);
  let fG = gp;
  if (pdx !== 0 && pdy !== 0) {
    const freeA = pass[i + pdx] === code;
    const freeB = pass[i + pdy * w] === code;
    if (!(freeA && freeB)) {
      const vxx = pdx > 0 ? x + 1 : x;
      const vyy = pdy > 0 ? y + 1 : y;
      if (freeA || freeB) {
        const qx = freeA ? pdx : -pdx;
        const qy = freeA ? -pdy : pdy;
        fX = vxx + qx * clearance;
        fY = vyy + qy * clearance;
        fCode = cornerCode(w, vxx, vyy, (qx > 0 ? CORNER_PLUS_X : 0) | (qy > 0 ? CORNER_PLUS_Y : 0));
      } else {
        fX = vxx;
        fY = vyy;
        fCode = cornerCode(w, vxx, vyy, CORNER_EXACT);
      }
      fG = gp + tv * dist(pcx - fX, pcy - fY);
    }
  }
  const best = fG + tv * dist(fX - cx, fY - cy);
  BEST[0] = best;
  // (2) Convex wall corners near the tile: its own, its parent's, and the neighbour's towards the parent's anchor.
  addCorners(ids, i, x, y, x, y, w, h, pass, terr);
  addCorners(ids, i, x, y, x + pdx, y + pdy, w, h, pass, terr);
  const pax = table.x[pid] as number;
  const pay = table.y[pid] as number;
  const along = Math.abs(pax - cx) >= Math.abs(pay - cy);
  const sx = along ? (pax > cx ? 1 : -1) : 0;
  const sy = along ? 0 : pay > cy ? 1 : -1;
  if ((sx !== pdx || sy !== pdy) && x + sx >= 0 && x + sx < w && y + sy >= 0 && y + sy < h)
    addCorners(ids, i, x, y, x + sx, y + sy, w, h, pass, terr);
  // The candidates shorter than the last resort, cheapest first.
  let n = 0;
  for (let k = 0; k < candCount; k++) {
    const g = candG[k] as number;
    if (!(g < best)) continue;
    let at = n++;
    while (at > 0 && (candG[rank[at - 1] as number] as number) > g) {
      rank[at] = rank[at - 1] as number;
      at--;
    }
    rank[at] = k;
  }
  for (let r = 0; r < n; r++) {
    const k = rank[r] as number;
    const id = candId[k] as number;
    const state = candState[k] as number;
    let seen = state === SEEN || (state === UNCHECKED && id >= 0 && seesByNeighbours(ids, pass, terr, w, i, x, y, id));
    if (
      !seen &&
      terr === null &&
      Math.abs((candX[k] as number) - cx) + Math.abs((candY[k] as number) - cy) <= MAX_WALK
    ) {
      SIGHT[0] = cx;
      SIGHT[1] = cy;
      SIGHT[2] = candX[k] as number;
      SIGHT[3] = candY[k] as number;
      seen = firstStepOpen(pass, w, i, x, y) && seesExactly(pass, w, h, code);
    }
    if (!seen) continue;
    if (id >= 0) return id;
    // A new corner anchor must see the anchor it leads on to: a mover that reaches it follows the tile it is in.
    if (terr === null) {
      const next = candNext[k] as number;
      SIGHT[0] = candX[k] as number;
      SIGHT[1] = candY[k] as number;
      SIGHT[2] = table.x[next] as number;
      SIGHT[3] = table.y[next] as number;
      if (!seesExactly(pass, w, h, code)) continue;
    }
    NEW_ANCHOR[0] = candX[k] as number;
    NEW_ANCHOR[1] = candY[k] as number;
    NEW_ANCHOR[2] = candAnchorG[k] as number;
    return addAnchorAt(candCode[k] as number);
  }
  NEW_ANCHOR[0] = fX;
  NEW_ANCHOR[1] = fY;
  NEW_ANCHOR[2] = fG;
  return addAnchorAt(fCode);
}
