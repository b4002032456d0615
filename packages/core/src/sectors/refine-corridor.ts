/**
 * Exact A* on the tiles of a corridor (a set of sectors, corridor.ts): the cheapest path from start to goal
 * among the paths that stay inside the corridor, with the distance bound of moves.ts as heuristic (consistent,
 * so the first time the goal is taken from the queue its cost is final). Per-slot scratch (cost, direction back,
 * generation stamps) covers the corridor's blocks only and is never cleared: a new search bumps the generation.
 * Ties on f are broken towards larger g (fewer expansions on open ground).
 */
import type { SectorContext } from './build-phases.js';
import type { Corridor } from './corridor.js';
import { FGHeap } from './fg-heap.js';
import { DIR_OPPOSITE_LOCAL, DX, DY, distanceBound } from './moves.js';
import type { PathBuffer } from './path-buffer.js';
import { M_STEPS, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

const INF = Number.POSITIVE_INFINITY;

export class CorridorAStar {
  private g = new Float64Array(0);
  private stamp = new Int32Array(0);
  private back = new Uint8Array(0);
  private gen = 2;
  private readonly heap = new FGHeap();
  /** Tiles expanded by the last search. */
  expanded = 0;

  private ensure(slots: number): void {
    if (this.g.length >= slots) return;
    const n = Math.max(slots, this.g.length * 2);
    this.g = new Float64Array(n);
    this.stamp = new Int32Array(n);
    this.back = new Uint8Array(n);
    this.gen = 2;
  }

  /**
   * Searches from (sx, sy) to (gx, gy), both inside the corridor. Appends the path (start first) to `out` and
   * returns its cost, or returns Infinity (appending nothing) when no path stays inside the corridor.
   */
  run(ctx: SectorContext, corridor: Corridor, sx: number, sy: number, gx: number, gy: number, out: PathBuffer): number {
    const { width, height, shift, sectorsX, passable, metric, rule, terrain } = ctx;
    const mask = (1 << shift) - 1;
    const blockShift = 2 * shift;
    this.ensure(corridor.blocks << blockShift);
    this.gen += 2;
    if (this.gen > 0x3ffffff0) {
      this.stamp.fill(0);
      this.gen = 2;
    }
    const gen = this.gen;
    const { g, stamp, back, heap } = this;
    const sectorBlock = corridor.sectorBlock;
    heap.size = 0;
    this.expanded = 0;
    const slotOf = (x: number, y: number): number => {
      const b = sectorBlock[(y >> shift) * sectorsX + (x >> shift)] as number;
      return b < 0 ? -1 : (b << blockShift) | ((y & mask) << shift) | (x & mask);
    };
    const goalTile = gy * width + gx;
    const s0 = slotOf(sx, sy);
    g[s0] = 0;
    stamp[s0] = gen;
    back[s0] = 255;
    heap.push(distanceBound(metric, rule, Math.abs(sx - gx), Math.abs(sy - gy)), 0, sy * width + sx);
    const dirs = rule === R_NEVER ? 4 : 8;
    const wd = metric === M_STEPS ? 1 : Math.SQRT2;
    let found = INF;
    while (heap.size > 0) {
      const t = heap.pop();
      const gt = heap.popped;
      const y = (t / width) | 0;
      const x = t - y * width;
      const slot = slotOf(x, y);
      if (stamp[slot] === gen + 1 || gt > (g[slot] as number)) continue;
      stamp[slot] = gen + 1;
      this.expanded++;
      if (t === goalTile) {
        found = gt;
        break;
      }
      const code = passable[t] as number;
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
        const ns = slotOf(nx, ny);
        if (ns < 0) continue;
        const st = stamp[ns] as number;
        if (st === gen + 1) continue;
        let c: number;
        if (terrain === null) c = gt + (d < 4 ? 1 : wd);
        else c = gt + (d < 4 ? (terrain[nt] as number) : (terrain[nt] as number) * Math.SQRT2);
        if (st === gen && (g[ns] as number) <= c) continue;
        g[ns] = c;
        stamp[ns] = gen;
        back[ns] = DIR_OPPOSITE_LOCAL[d] as number;
        heap.push(c + distanceBound(metric, rule, Math.abs(nx - gx), Math.abs(ny - gy)), c, nt);
      }
    }
    if (!(found < INF)) return INF;
    // Walk back from the goal, then reverse.
    const from = out.n;
    let x = gx;
    let y = gy;
    for (;;) {
      out.push(x, y);
      const d = back[slotOf(x, y)] as number;
      if (d === 255) break;
      x += DX[d] as number;
      y += DY[d] as number;
    }
    out.reverseFrom(from);
    return found;
  }
}
