/**
 * Exact A* on the tiles of a corridor (a set of sectors, corridor.ts): the cheapest path from start to goal
 * among the paths that stay inside the corridor, with the distance bound of moves.ts as heuristic (consistent,
 * so the first time the goal is taken from the queue its cost is final). Per-slot scratch (cost, direction back,
 * generation stamps) covers the corridor's blocks only and is never cleared: a new search bumps the generation.
 * Ties on f are broken towards larger g (fewer expansions on open ground); the open list has decrease-key
 * (slot-heap.ts).
 *
 * PERF: a neighbour inside the same block is found by adding a fixed offset to the slot and to the tile index;
 * only tiles on a block's edge look their neighbours' blocks up (`sectorBlock`), and only tiles on the map's
 * edge check its bounds. City-2048, windows of far pairs: about 2x fewer milliseconds per expanded tile than
 * looking every neighbour's block up. The four straight neighbours are read once per expanded tile, for the
 * straight steps and the diagonals' side tiles alike (random-4096, 100 far pairs: the same paths, about 0.9x the
 * time).
 */
import type { SectorContext } from './build-phases.js';
import type { Corridor } from './corridor.js';
import * as moveRules from './moves.js';
import type { PathBuffer } from './path-buffer.js';
import { M_STEPS, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';
import { SlotHeap } from './slot-heap.js';

// PERF: module-local copies (V8 reads an imported binding through its module cell, with a check, on every use).
const { DIR_OPPOSITE_LOCAL, DX, DY, estimateTo, openStraight, stepInto } = moveRules;

const INF = Number.POSITIVE_INFINITY;
/** The straight directions beside each diagonal one (bits of direction indices: N 1, E 2, S 4, W 8). */
const DIAGONAL_SIDES = Uint8Array.of(0, 0, 0, 0, 2 | 1, 2 | 4, 8 | 4, 8 | 1);

/**
 * For each set of open straight neighbours (bits 0 to 3), the diagonal directions (bits 4 to 7) whose side tiles
 * let the diagonal rule pass: both sides open, at least one, any, or none (4 neighbours).
 */
function diagonalTable(pass: (sides: number, both: number) => boolean): Uint8Array {
  const table = new Uint8Array(16);
  for (let open = 0; open < 16; open++) {
    for (let d = 4; d < 8; d++) {
      const both = DIAGONAL_SIDES[d] as number;
      if (pass(open & both, both)) table[open] = (table[open] as number) | (1 << d);
    }
  }
  return table;
}
const BOTH_FREE = diagonalTable((sides, both) => sides === both);
const ONE_FREE = diagonalTable((sides) => sides !== 0);
const ALL_DIAGONALS = diagonalTable(() => true);
const NO_DIAGONALS = new Uint8Array(16);

/** The legal diagonals (bits 4 to 7) for each set of open straight neighbours (bits 0 to 3), by the corner rule. */
export function diagonalsOf(rule: number): Uint8Array {
  return rule === R_NEVER
    ? NO_DIAGONALS
    : rule === R_ALWAYS
      ? ALL_DIAGONALS
      : rule === R_BOTH_FREE
        ? BOTH_FREE
        : ONE_FREE;
}

export class CorridorAStar {
  private g = new Float64Array(0);
  private stamp = new Int32Array(0);
  private back = new Uint8Array(0);
  private gen = 2;
  private readonly heap = new SlotHeap();
  /** Per block: x and y of its sector's first tile, its width and height (sectors on the map's edge are cut). */
  private bx = new Int32Array(64);
  private by = new Int32Array(64);
  private bw = new Int32Array(64);
  private bh = new Int32Array(64);
  private readonly slotStep = new Int32Array(8);
  private readonly tileStep = new Int32Array(8);
  /** Tiles expanded by the last search. */
  expanded = 0;
  /** True when the last search stopped at its budget (it then returned Infinity, appending nothing). */
  gaveUp = false;

  private ensure(slots: number, blocks: number): void {
    if (this.g.length < slots) {
      const n = Math.max(slots, this.g.length * 2);
      this.g = new Float64Array(n);
      this.stamp = new Int32Array(n);
      this.back = new Uint8Array(n);
      this.gen = 2;
    }
    if (this.bx.length < blocks) {
      const n = Math.max(blocks, this.bx.length * 2);
      this.bx = new Int32Array(n);
      this.by = new Int32Array(n);
      this.bw = new Int32Array(n);
      this.bh = new Int32Array(n);
    }
  }

  /**
   * Searches from (sx, sy) to (gx, gy), both inside the corridor. Appends the path (start first) to `out` and
   * returns its cost, or returns Infinity (appending nothing) when no path stays inside the corridor or when more
   * than `budget` tiles would be expanded (`gaveUp`). `weight` above 1 makes it weighted A* (Pohl): the estimate
   * times `weight`, no tile expanded twice; with a consistent estimate the path then costs at most `weight` times
   * the cheapest in the corridor (Likhachev, Gordon and Thrun, "ARA*", 2003), for fewer expansions.
   */
  run(
    ctx: SectorContext,
    corridor: Corridor,
    sx: number,
    sy: number,
    gx: number,
    gy: number,
    out: PathBuffer,
    budget = Number.POSITIVE_INFINITY,
    weight = 1,
  ): number {
    const { width, height, shift, sectorsX, passable, metric, rule, terrain } = ctx;
    const size = 1 << shift;
    const mask = size - 1;
    const blockShift = 2 * shift;
    const blocks = corridor.blocks;
    this.ensure(blocks << blockShift, blocks);
    this.gen += 2;
    if (this.gen > 0x3ffffff0) {
      this.stamp.fill(0);
      this.gen = 2;
    }
    const gen = this.gen;
    const closed = gen + 1;
    const { g, stamp, back, heap, bx, by, bw, bh, slotStep, tileStep } = this;
    const { sectorBlock, blockSector } = corridor;
    for (let b = 0; b < blocks; b++) {
      const s = blockSector[b] as number;
      const x0 = (s % sectorsX) << shift;
      const y0 = ((s / sectorsX) | 0) << shift;
      bx[b] = x0;
      by[b] = y0;
      bw[b] = Math.min(size, width - x0);
      bh[b] = Math.min(size, height - y0);
    }
    for (let d = 0; d < 8; d++) {
      slotStep[d] = (DY[d] as number) * size + (DX[d] as number);
      tileStep[d] = (DY[d] as number) * width + (DX[d] as number);
    }
    heap.reset(blocks << blockShift);
    this.expanded = 0;
    this.gaveUp = false;
    const slotOf = (x: number, y: number): number => {
      if (x < 0 || y < 0 || x >= width || y >= height) return -1;
      const b = sectorBlock[(y >> shift) * sectorsX + (x >> shift)] as number;
      return b < 0 ? -1 : (b << blockShift) | ((y & mask) << shift) | (x & mask);
    };
    const goalTile = gy * width + gx;
    const s0 = slotOf(sx, sy);
    const straight = rule === R_NEVER;
    const octile = metric !== M_STEPS;
    const bound = (x: number, y: number): number => estimateTo(x, y, gx, gy, straight, octile);
    g[s0] = 0;
    stamp[s0] = gen;
    back[s0] = 255;
    heap.push(weight * bound(sx, sy), 0, s0);
    const wd = metric === M_STEPS ? 1 : Math.SQRT2;
    // The legal diagonals (bits 4 to 7) for each set of open straight neighbours (bits 0 to 3), by the rule.
    const diagonals = diagonalsOf(rule);
    let found = INF;
    let expanded = 0;
    while (heap.size > 0) {
      // One entry per slot (decrease-key): what the heap gives is open, with its best cost.
      const slot = heap.pop();
      const gt = heap.popped;
      stamp[slot] = closed;
      if (++expanded > budget) {
        this.expanded = expanded;
        this.gaveUp = true;
        return INF;
      }
      const b = slot >> blockShift;
      const lx = slot & mask;
      const ly = (slot >> shift) & mask;
      const x = (bx[b] as number) + lx;
      const y = (by[b] as number) + ly;
      const t = y * width + x;
      if (t === goalTile) {
        found = gt;
        break;
      }
      const code = passable[t] as number;
      // The four straight neighbours that carry the code (bit d: direction d), read once for the straight steps
      // and the diagonals' side tiles; then the diagonals the rule allows. Directions in increasing order.
      const open = openStraight(passable, t, x, y, width, height, code);
      let moves = open | (diagonals[open] as number);
      // Inside the block (and so inside the map) with every neighbour: fixed offsets.
      const inner = lx > 0 && ly > 0 && lx < (bw[b] as number) - 1 && ly < (bh[b] as number) - 1;
      while (moves !== 0) {
        const d = 31 - Math.clz32(moves & -moves);
        moves &= moves - 1;
        const nt = t + (tileStep[d] as number);
        let ns: number;
        if (inner) ns = slot + (slotStep[d] as number);
        else {
          ns = slotOf(x + (DX[d] as number), y + (DY[d] as number));
          if (ns < 0) continue;
        }
        if (d >= 4 && passable[nt] !== code) continue;
        const st = stamp[ns] as number;
        if (st === closed) continue;
        const c = gt + stepInto(terrain, nt, d, wd);
        if (st === gen && (g[ns] as number) <= c) continue;
        g[ns] = c;
        stamp[ns] = gen;
        back[ns] = DIR_OPPOSITE_LOCAL[d] as number;
        const ny = y + (DY[d] as number);
        const nx = x + (DX[d] as number);
        heap.push(c + weight * bound(nx, ny), c, ns);
      }
    }
    this.expanded = expanded;
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
