import type { RtsFormationKind, RtsGroup, RtsUnit, RtsWorld } from '@fieldmarshal/core/rts';
import type { RtsScene } from './rts-map.js';

/** A drag shorter than this (tiles) is a click. */
export const CLICK_SLOP = 0.3;

/** A box being dragged, in tiles (`add`: Shift held, the box adds to the selection). */
export interface SelectionDrag {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  add: boolean;
}

/** True when a drag went far enough to be a box rather than a click. */
export function isBoxDrag(d: SelectionDrag): boolean {
  return Math.hypot(d.x1 - d.x0, d.y1 - d.y0) > CLICK_SLOP;
}

/** The unit drawn under (x, y) (within its hard radius plus a quarter tile), nearest first; null when none. */
export function unitAt(world: RtsWorld, x: number, y: number): RtsUnit | null {
  const at = { x: 0, y: 0 };
  let best: RtsUnit | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const u of world.units) {
    world.renderPosition(u, at);
    const dist = Math.hypot(at.x - x, at.y - y);
    if (dist < u.hardRadius + 0.25 && dist < bestD) {
      best = u;
      bestD = dist;
    }
  }
  return best;
}

/** Adds to `out` every unit drawn inside the box with corners (ax, ay) and (bx, by). */
export function unitsInBox(world: RtsWorld, ax: number, ay: number, bx: number, by: number, out: Set<RtsUnit>): void {
  const x0 = Math.min(ax, bx);
  const x1 = Math.max(ax, bx);
  const y0 = Math.min(ay, by);
  const y1 = Math.max(ay, by);
  const at = { x: 0, y: 0 };
  for (const u of world.units) {
    world.renderPosition(u, at);
    if (at.x >= x0 && at.x <= x1 && at.y >= y0 && at.y <= y1) out.add(u);
  }
}

/**
 * Ends a left-button drag at (x, y): a click selects the unit under it, a box the units inside; without
 * `add` the old selection is dropped first.
 */
export function finishSelection(world: RtsWorld, d: SelectionDrag, x: number, y: number, selected: Set<RtsUnit>): void {
  if (!d.add) selected.clear();
  if (Math.hypot(x - d.x0, y - d.y0) <= CLICK_SLOP) {
    const best = unitAt(world, x, y);
    if (best) selected.add(best);
  } else unitsInBox(world, d.x0, d.y0, x, y, selected);
}

/** What the RTS readout shows. */
export interface RtsReadout {
  units: number;
  selected: number;
  /** Units moving, pushed or returning. */
  moving: number;
  avoids: number;
  pushes: number;
  hardPushes: number;
  /** The last group order's phase, or '-'. */
  phase: string;
}

/** The readout of a scene. */
export function rtsReadout(scene: RtsScene, selected: number, lastGroup: RtsGroup | null): RtsReadout {
  const s = scene.world.stats;
  return {
    units: scene.world.units.length,
    selected,
    moving: scene.world.units.filter((u) => !u.idle || u.returnStack.length > 0).length,
    avoids: s.avoids,
    pushes: s.pushes,
    hardPushes: s.hardPushes,
    phase: lastGroup?.phase ?? '-',
  };
}

/**
 * Orders the selected units that are still in the world to tile (floor x, floor y): one unit moves alone
 * (returns null), several move as a group with a commander, in `formation` if given (returns the group).
 * Returns undefined when no unit is selected. Throws the world's errors (for example an unreachable tile).
 */
export function orderSelection(
  world: RtsWorld,
  selected: ReadonlySet<RtsUnit>,
  x: number,
  y: number,
  formation: RtsFormationKind | null,
): RtsGroup | null | undefined {
  const units = [...selected].filter((u) => world.units.includes(u));
  if (units.length === 0) return undefined;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (units.length === 1) {
    world.moveUnit(units[0] as RtsUnit, tx, ty);
    return null;
  }
  return world.orderGroup(units, tx, ty, { formation });
}
