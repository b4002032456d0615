/**
 * Where a formation fits: its slots on open tiles seen from its centre, off idle units of other groups, with
 * room for big bodies; and the nearest place near a point where it does. Internal (see ./formation-march.ts).
 */
import { formationAnchor, slotPositionInto } from './formation.js';
import type { RtsFormationGroup } from './formation-group.js';
import { rtsBodyClear, rtsSegmentClear, rtsTileOpen } from './geometry.js';
import type { RtsGroupHost } from './group-host.js';
import { freeTilesNear, idleTilesOf } from './group-plan.js';
import { RtsTileSet } from './tile-set.js';
import type { RtsUnit } from './unit.js';

/** Largest hard radius of the units, tiles. */
function maxRadius(units: readonly RtsUnit[]): number {
  let r = 0;
  for (const u of units) r = Math.max(r, u.hardRadius);
  return r;
}

/** The fitting tests of one formation group. */
export class RtsFormationFit {
  private readonly world: RtsGroupHost;
  private readonly group: RtsFormationGroup;
  /** Tiles of idle units of other groups (see markTaken). */
  private readonly taken = new RtsTileSet(64);
  private readonly tmp = { x: 0, y: 0 };

  constructor(world: RtsGroupHost, group: RtsFormationGroup) {
    this.world = world;
    this.group = group;
  }

  /**
   * Do all slots fit with the centre at (ax, ay) facing `angle`: walkable tiles of passability `code` reachable
   * in a straight line from the centre, no idle unit of another group on them, and (with `minClear` 1) no slot in
   * a corridor one tile wide (every slot tile has its eight neighbours walkable)?
   */
  fits(ax: number, ay: number, angle: number, code: number, minClear = 0): boolean {
    const g = this.group;
    const grid = this.world.grid;
    const w = grid.width;
    const clear = minClear > 0 ? this.world.pathfinder.clearance() : null;
    const r = maxRadius(g.units);
    for (let k = 0; k < g.slots.length; k += 2) {
      const p = slotPositionInto(ax, ay, angle, g.slots[k] as number, g.slots[k + 1] as number, this.tmp);
      const tx = Math.floor(p.x);
      const ty = Math.floor(p.y);
      if (!rtsTileOpen(grid, tx, ty, code)) return false;
      if (clear && (clear[ty * w + tx] as number) < minClear) return false;
      if (!rtsSegmentClear(grid, ax, ay, p.x, p.y)) return false;
      if (r > 0.5 && !rtsBodyClear(grid, p.x, p.y, r)) return false;
      // PERF: the tiles of idle units of other groups, marked once per search (markTaken), not a scan of all
      // units per slot and candidate place.
      if (this.taken.has(ty * w + tx)) return false;
    }
    return true;
  }

  /** Marks the tiles where idle units of other groups stand, for {@link RtsFormationFit.fits}. */
  markTaken(): void {
    idleTilesOf(this.world.units, this.group, this.world.grid.width, this.taken);
  }

  /**
   * Nearest tile centre to (x, y), in breadth-first order, where the commander can stand with every slot
   * fitting (see {@link RtsFormationFit.fits}). Null when there is none within reach.
   */
  place(x: number, y: number, angle: number, minClear = 0, count = 4096): { x: number; y: number } | null {
    const grid = this.world.grid;
    const tiles = freeTilesNear(grid, this.world.units, this.group, Math.floor(x), Math.floor(y), count, true);
    this.markTaken();
    const code = grid.passable[Math.floor(y) * grid.width + Math.floor(x)] as number;
    for (const t of tiles) {
      const cx = (t % grid.width) + 0.5;
      const cy = Math.floor(t / grid.width) + 0.5;
      const a = formationAnchor(this.group.slots, cx, cy, angle, { x: 0, y: 0 });
      if (this.fits(a.x, a.y, angle, code, minClear)) return { x: cx, y: cy };
    }
    return null;
  }
}
