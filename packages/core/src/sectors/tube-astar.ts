/**
 * A* inside a tube: the tiles within `radius` tiles (Chebyshev) of some marked points and segments, in a box
 * around them. The windows refinement (refine-windows.ts) marks a window's stretch of the route (the polyline
 * through its entrances) and the rest of the previous window's path, then searches only there: the work grows
 * with the stretch's length times the tube's width, where a search over whole sectors grows with their area.
 *
 * Scratch (cost, direction back, stamps) is one flat array over the box, row by row, with a ring of one tile
 * around the tube that is never marked, so a neighbour's index is the slot plus a fixed offset and needs no bounds
 * check. One stamp array holds both the tube and the search's state: a slot is in the tube when its stamp is at
 * least the generation `gen` (marked: `gen`, open: `gen + 1`, closed: `gen + 2`); older stamps are all below.
 * Marks are clipped to the map, so a slot in the tube is a tile of the map.
 */

import { BucketOpenList } from './bucket-open-list.js';
import type { SectorContext } from './build-phases.js';
import * as moveRules from './moves.js';
import type { PathBuffer } from './path-buffer.js';
import { diagonalsOf } from './refine-corridor.js';
import { M_STEPS, R_NEVER } from './sector-options.js';

// PERF: module-local copies (V8 reads an imported binding through its module cell, with a check, on every use).
const { DIR_OPPOSITE_LOCAL, DX, DY, estimateTo, openStraight, stepInto } = moveRules;

const INF = Number.POSITIVE_INFINITY;

/**
 * The width of the open list's buckets, in cost. Random-4096, 100 far pairs, tubes of 8 tiles: 1/8 found the same
 * quality as a binary heap (0.61% over the optimum on average) with weighted (1.02) A* at 0.7x its time; wider
 * buckets lose quality (1/2: the same; 1: 1.1% over), and weighted A* with buckets takes tiles in a worse order.
 */
export const TUBE_BUCKET = 1 / 8;

export class TubeAStar {
  private g = new Float64Array(0);
  private stamp = new Int32Array(0);
  private back = new Uint8Array(0);
  private gen = 4;
  private readonly queue = new BucketOpenList();
  /** {@link TUBE_BUCKET}. */
  bucketWidth = TUBE_BUCKET;
  private readonly slotStep = new Int32Array(8);
  private readonly tileStep = new Int32Array(8);
  /** The box: its first tile's x and y (may lie off the map), width and height. */
  private x0 = 0;
  private y0 = 0;
  private bw = 0;
  private bh = 0;
  private radius = 0;
  private width = 0;
  private height = 0;
  /** The last point marked (a point marked twice in a row is marked once). */
  private lastX = -0x40000000;
  private lastY = -1;
  /** Tiles expanded by the last search. */
  expanded = 0;

  /**
   * Starts a new tube of `radius` tiles on `ctx`'s map whose points all lie in the rectangle [xa, xb] x [ya, yb].
   */
  begin(ctx: SectorContext, xa: number, ya: number, xb: number, yb: number, radius: number): void {
    const pad = radius + 1;
    this.x0 = xa - pad;
    this.y0 = ya - pad;
    this.bw = xb - xa + 1 + 2 * pad;
    this.bh = yb - ya + 1 + 2 * pad;
    this.radius = radius;
    this.width = ctx.width;
    this.height = ctx.height;
    this.lastX = -0x40000000;
    this.lastY = -1;
    const slots = this.bw * this.bh;
    if (this.g.length < slots) {
      const n = Math.max(slots, this.g.length * 2);
      this.g = new Float64Array(n);
      this.stamp = new Int32Array(n);
      this.back = new Uint8Array(n);
      this.gen = 4;
    }
    this.gen += 4;
    if (this.gen > 0x3ffffff0) {
      this.stamp.fill(0);
      this.gen = 4;
    }
  }

  /** Marks the tiles of the map within the radius of (x, y) (inside the rectangle given to `begin`). */
  mark(x: number, y: number): void {
    const dx = x - this.lastX;
    const dy = y - this.lastY;
    if (dx === 0 && dy === 0) return;
    this.lastX = x;
    this.lastY = y;
    const r = this.radius;
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) {
      // A step from the last point: only the square's new column and row.
      if (dx !== 0) this.fill(x + dx * r, x + dx * r, y - r, y + r);
      if (dy !== 0) this.fill(x - r, x + r, y + dy * r, y + dy * r);
      return;
    }
    this.fill(x - r, x + r, y - r, y + r);
  }

  /** Marks the tiles of the map in [xa, xb] x [ya, yb]. */
  private fill(xa0: number, xb0: number, ya0: number, yb0: number): void {
    const xa = Math.max(0, xa0) - this.x0;
    const xb = Math.min(this.width - 1, xb0) - this.x0;
    const ya = Math.max(0, ya0) - this.y0;
    const yb = Math.min(this.height - 1, yb0) - this.y0;
    const { stamp, gen, bw } = this;
    for (let ly = ya; ly <= yb; ly++) {
      const row = ly * bw;
      for (let i = row + xa; i <= row + xb; i++) stamp[i] = gen;
    }
  }

  /** Marks the tiles within the radius of the segment from (xa, ya) to (xb, yb) (a digital line). */
  markSegment(xa: number, ya: number, xb: number, yb: number): void {
    const n = Math.max(Math.abs(xb - xa), Math.abs(yb - ya));
    if (n === 0) {
      this.mark(xa, ya);
      return;
    }
    for (let k = 0; k <= n; k++) this.mark(xa + Math.round(((xb - xa) * k) / n), ya + Math.round(((yb - ya) * k) / n));
  }

  /**
   * A* from (sx, sy) to (gx, gy) (both marked) among the tiles of the tube, its open list buckets of
   * {@link TubeAStar.bucketWidth} (bucket-open-list.ts). Appends the path (start first) to `out` and returns its cost,
   * or Infinity (appending nothing) when no path stays inside. The path costs less than the cheapest in the tube
   * plus the bucket width times that path's steps (the estimate is consistent, so the buckets are taken in order:
   * a tile taken before an open tile of the cheapest path to it has an estimate less than one bucket above that
   * tile's, which by induction along the path is at most one bucket per step too dear).
   */
  run(ctx: SectorContext, sx: number, sy: number, gx: number, gy: number, out: PathBuffer): number {
    const { width, passable, metric, rule, terrain } = ctx;
    const { g, stamp, back, queue, slotStep, tileStep, x0, y0, bw, gen } = this;
    const height = this.height;
    const open = gen + 1;
    const closed = gen + 2;
    for (let d = 0; d < 8; d++) {
      slotStep[d] = (DY[d] as number) * bw + (DX[d] as number);
      tileStep[d] = (DY[d] as number) * width + (DX[d] as number);
    }
    this.expanded = 0;
    const straight = rule === R_NEVER;
    const octile = metric !== M_STEPS;
    const bound = (x: number, y: number): number => estimateTo(x, y, gx, gy, straight, octile);
    const s0 = (sy - y0) * bw + (sx - x0);
    const goalSlot = (gy - y0) * bw + (gx - x0);
    if ((stamp[s0] as number) < gen || (stamp[goalSlot] as number) < gen) return INF;
    g[s0] = 0;
    stamp[s0] = open;
    back[s0] = 255;
    queue.reset(bound(sx, sy), this.bucketWidth);
    queue.push(bound(sx, sy), 0, s0);
    const wd = metric === M_STEPS ? 1 : Math.SQRT2;
    const diagonals = diagonalsOf(rule);
    let found = INF;
    let expanded = 0;
    while (queue.size > 0) {
      const slot = queue.pop();
      const gt = queue.popped;
      // An entry left behind by a cheaper one for its tile (or its tile already taken).
      if (stamp[slot] === closed || gt > (g[slot] as number)) continue;
      stamp[slot] = closed;
      expanded++;
      if (slot === goalSlot) {
        found = gt;
        break;
      }
      const ly = (slot / bw) | 0;
      const y = y0 + ly;
      const x = x0 + slot - ly * bw;
      const t = y * width + x;
      const code = passable[t] as number;
      let moves = openStraight(passable, t, x, y, width, height, code);
      moves |= diagonals[moves] as number;
      while (moves !== 0) {
        const d = 31 - Math.clz32(moves & -moves);
        moves &= moves - 1;
        const ns = slot + (slotStep[d] as number);
        const st = stamp[ns] as number;
        if (st < gen || st === closed) continue;
        const nt = t + (tileStep[d] as number);
        if (d >= 4 && passable[nt] !== code) continue;
        const c = gt + stepInto(terrain, nt, d, wd);
        if (st === open && (g[ns] as number) <= c) continue;
        g[ns] = c;
        stamp[ns] = open;
        back[ns] = DIR_OPPOSITE_LOCAL[d] as number;
        queue.push(c + bound(x + (DX[d] as number), y + (DY[d] as number)), c, ns);
      }
    }
    this.expanded = expanded;
    if (!(found < INF)) return INF;
    const from = out.n;
    let slot = goalSlot;
    for (;;) {
      const ly = (slot / bw) | 0;
      out.push(x0 + slot - ly * bw, y0 + ly);
      const d = back[slot] as number;
      if (d === 255) break;
      slot += slotStep[d] as number;
    }
    out.reverseFrom(from);
    return found;
  }
}
