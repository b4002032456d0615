import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { RTS_FORMATION_KINDS, type RtsFormationKind, rtsFormationSlots, rtsSlotPosition } from './formation.js';
import { rtsSegmentClear, rtsTileOpen } from './geometry.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorld } from './world.js';

/** Options of a group order, see {@link RtsGroup}. */
export interface RtsGroupOptions {
  /** Formation to hold, or null for a plain group (members spread around the commander's waypoints). Default null. */
  formation?: RtsFormationKind | null;
  /** Distance between formation slots, tiles, finite, >= 0.5. Default 1. */
  spacing?: number;
  /** Units per row of a `box` formation, an integer >= 1, or 0 for ceil(sqrt(n)) of n units. Default 0. */
  columns?: number;
  /** Adjust member speeds relative to the commander so the group arrives together. Default true. */
  speedAdjust?: boolean;
  /** Seconds between two speed adjustments (the multiplier holds in between), finite, > 0. Default 0.25. */
  adjustInterval?: number;
  /** Dead band, tiles of remaining route length (finite, >= 0): within it a member moves at group speed. Default 0.75. */
  deadBand?: number;
  /** Multiplier change per tile of lead or lag beyond the dead band, finite, >= 0. Default 0.2. */
  gain?: number;
  /** Lowest speed multiplier, in (0, 1]. Default 0.5. */
  minMultiplier?: number;
  /** Highest speed multiplier, in [1, 2] (a member never exceeds its own top speed either). Default 1.5. */
  maxMultiplier?: number;
  /** A formation starts marching after this long even if some units did not reach their slots, seconds, finite, > 0. Default 15. */
  formingTimeout?: number;
}

export const DEFAULT_RTS_GROUP_OPTIONS: Readonly<Required<RtsGroupOptions>> = Object.freeze({
  formation: null,
  spacing: 1,
  columns: 0,
  speedAdjust: true,
  adjustInterval: 0.25,
  deadBand: 0.75,
  gain: 0.2,
  minMultiplier: 0.5,
  maxMultiplier: 1.5,
  formingTimeout: 15,
});

const finiteAtLeast = (name: string, value: number, min: number, open: boolean): void => {
  if (!((open ? value > min : value >= min) && value < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError(name, value, `a finite number ${open ? '>' : '>='} ${min}`);
};

/**
 * Throws InvalidOptionError (wrong kind) or OutOfRangeError (number out of range, NaN included) naming the first
 * bad option of a group order. Done by the {@link RtsGroup} constructor.
 */
export function validateRtsGroupOptions(o: Readonly<Required<RtsGroupOptions>>): void {
  if (o.formation !== null && !RTS_FORMATION_KINDS.includes(o.formation))
    throw new InvalidOptionError(
      'formation',
      o.formation,
      `null or ${RTS_FORMATION_KINDS.map((k) => `'${k}'`).join(', ')}`,
    );
  finiteAtLeast('spacing', o.spacing, 0.5, false);
  if (!Number.isInteger(o.columns) || o.columns < 0)
    throw new OutOfRangeError('columns', o.columns, 'an integer >= 1, or 0 for ceil(sqrt(n))');
  if (typeof o.speedAdjust !== 'boolean') throw new InvalidOptionError('speedAdjust', o.speedAdjust, 'a boolean');
  finiteAtLeast('adjustInterval', o.adjustInterval, 0, true);
  finiteAtLeast('deadBand', o.deadBand, 0, false);
  finiteAtLeast('gain', o.gain, 0, false);
  if (!(o.minMultiplier > 0 && o.minMultiplier <= 1))
    throw new OutOfRangeError('minMultiplier', o.minMultiplier, 'a number in (0, 1]');
  if (!(o.maxMultiplier >= 1 && o.maxMultiplier <= 2))
    throw new OutOfRangeError('maxMultiplier', o.maxMultiplier, 'a number in [1, 2]');
  finiteAtLeast('formingTimeout', o.formingTimeout, 0, true);
}

/** Phase of a group order. */
export type RtsGroupPhase = 'forming' | 'marching' | 'arrived' | 'failed';

const TOLERANCE = 0.05;

/**
 * A group moving together (seed 004, "Group movement"). The commander (the unit nearest the group's centre)
 * plans once, for the largest unit's size. Plain groups: every member gets waypoints on the nearest free tiles
 * to each of the commander's waypoints (tiles checked in breadth-first order from the waypoint, members served
 * in a fixed order), and a speed multiplier relative to the commander (caps, dead band, fixed intervals).
 * Formations: built around the centre of the units' bounding box (moved off walls and idle units if needed),
 * units sorted by distance to the centre take the nearest free slots; then the commander follows its path and
 * every slot replays its motion; the formation wheels about the commander to face the direction of travel
 * (looking ahead along the path), pausing only for sharp turns, instead of stopping and rebuilding.
 */
export class RtsGroup {
  readonly units: RtsUnit[];
  readonly options: Readonly<Required<RtsGroupOptions>>;
  /** Group speed, tiles per second: the slowest member's top speed. */
  speed: number;
  commander: RtsUnit;
  phase: RtsGroupPhase = 'marching';
  goalX: number;
  goalY: number;
  /** Formation slots as (forward, right) pairs, slot 0 the commander's; empty for a plain group. */
  slots: Float64Array = new Float64Array(0);
  /** Slot index per unit (same order as `units`). */
  slotOf: number[] = [];
  /** Facing of the formation, radians (0 = east, clockwise positive on screen). */
  angle = 0;
  /** Facing at the end of the march (radians): the last leg's direction, or turned to fit. */
  endAngle = 0;
  /** Facing the formation is turning to (radians), null before the march. */
  turnTarget: number | null = null;
  /** The commander's planned waypoints (x, y pairs of tile centres), for the debug view. */
  plan: number[] = [];
  private readonly world: RtsWorld;
  private stepsToAdjust = 0;
  private holdSteps = 0;
  /** The commander's positions while marching (x, y pairs), for members filing through narrow passes. */
  private readonly trail: number[] = [];
  private formingSteps = 0;
  private readonly tmp = { x: 0, y: 0 };
  private readonly anchorTmp = { x: 0, y: 0 };
  /** Unit indices sorted by slot (ties by index), reused between steps; see {@link RtsGroup.slotOrder}. */
  private order: Int32Array = new Int32Array(0);

  constructor(world: RtsWorld, units: readonly RtsUnit[], tx: number, ty: number, options: RtsGroupOptions = {}) {
    world.grid.assertWalkable('destination', tx, ty);
    this.world = world;
    this.options = Object.freeze({ ...DEFAULT_RTS_GROUP_OPTIONS, ...options });
    validateRtsGroupOptions(this.options);
    for (const u of units) {
      if (u.group) u.group.remove(u);
      u.group = this;
      u.speedMultiplier = 1;
      u.patrol = [];
      u.slotX = Number.NaN;
      u.slotY = Number.NaN;
    }
    this.units = [...units];
    this.speed = Math.min(...this.units.map((u) => u.speed));
    this.goalX = tx + 0.5;
    this.goalY = ty + 0.5;
    this.commander = this.nearestToCentre();
    world.addGroup(this);
    if (this.options.formation) this.buildFormation();
    else this.planGroup();
  }

  private nearestToCentre(): RtsUnit {
    let cx = 0;
    let cy = 0;
    for (const u of this.units) {
      cx += u.tailX;
      cy += u.tailY;
    }
    cx /= this.units.length;
    cy /= this.units.length;
    let best = this.units[0] as RtsUnit;
    let bd = Number.POSITIVE_INFINITY;
    for (const u of this.units) {
      const d = Math.hypot(u.tailX - cx, u.tailY - cy);
      if (d < bd) {
        bd = d;
        best = u;
      }
    }
    return best;
  }

  /** Radius (in tiles) of the square the largest unit needs: 0 for units up to one tile wide. */
  private unitClearance(): number {
    const r = Math.max(...this.units.map((u) => u.hardRadius));
    return Math.max(0, Math.ceil(2 * r) - 1);
  }

  /** Tiles in breadth-first order from (tx, ty) that are free (walkable, same code, no foreign idle unit). */
  private freeTilesNear(tx: number, ty: number, count: number, path: boolean): number[] {
    const grid = this.world.grid;
    const w = grid.width;
    const code = grid.passable[ty * w + tx] as number;
    const seen = new Set<number>([ty * w + tx]);
    const queue = [ty * w + tx];
    const out: number[] = [];
    const taken = new Set<number>();
    for (const v of this.world.units) {
      if (v.group === this || !v.idle) continue;
      taken.add(Math.floor(v.tailY) * w + Math.floor(v.tailX));
    }
    for (let head = 0; head < queue.length && out.length < count; head++) {
      const t = queue[head] as number;
      if (!taken.has(t) || (path && out.length === 0)) out.push(t);
      const x = t % w;
      const y = (t - x) / w;
      for (let d = 0; d < 8; d++) {
        const nx = x + (DIR_DX[d] as number);
        const ny = y + (DIR_DY[d] as number);
        if (!rtsTileOpen(grid, nx, ny, code)) continue;
        if (d >= 4 && !(rtsTileOpen(grid, nx, y, code) && rtsTileOpen(grid, x, ny, code))) continue;
        const n = ny * w + nx;
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return out;
  }

  /** Plain group: the commander plans once; members get the nearest free tiles to each commander waypoint. */
  private planGroup(): void {
    const world = this.world;
    const w = world.grid.width;
    const c = this.commander;
    const path =
      world.pathfinder.findPath(
        Math.floor(c.tailX),
        Math.floor(c.tailY),
        Math.floor(this.goalX),
        Math.floor(this.goalY),
        {
          diagonal: world.options.diagonal,
          clearance: this.unitClearance(),
        },
      ) ??
      world.pathfinder.findPath(
        Math.floor(c.tailX),
        Math.floor(c.tailY),
        Math.floor(this.goalX),
        Math.floor(this.goalY),
        { diagonal: world.options.diagonal },
      );
    world.stats.paths++;
    if (!path) {
      this.phase = 'failed';
      for (const u of this.units) world.stopUnit(u);
      return;
    }
    // Fixed member order: the commander first, then by distance to the commander (ties by id).
    const members = [...this.units].sort(
      (a, b) =>
        (a === c ? -1 : 0) - (b === c ? -1 : 0) ||
        Math.hypot(a.tailX - c.tailX, a.tailY - c.tailY) - Math.hypot(b.tailX - c.tailX, b.tailY - c.tailY) ||
        a.id - b.id,
    );
    const routes: number[][] = members.map(() => []);
    const wp = path.waypoints;
    this.plan = [];
    for (let k = 2; k < wp.length; k += 2) {
      const tx = wp[k] as number;
      const ty = wp[k + 1] as number;
      this.plan.push(tx + 0.5, ty + 0.5);
      const tiles = this.freeTilesNear(tx, ty, members.length, true);
      members.forEach((_, i) => {
        const t = tiles[Math.min(i, tiles.length - 1)] as number;
        (routes[i] as number[]).push((t % w) + 0.5, Math.floor(t / w) + 0.5);
      });
    }
    members.forEach((u, i) => {
      const route = routes[i] as number[];
      if (route.length === 0) route.push(u.tailX, u.tailY);
      world.setRoute(u, route);
      world.checkLine(u);
    });
    this.phase = 'marching';
    this.stepsToAdjust = 0;
  }

  /** Remaining route length of a unit, tiles. */
  private remaining(u: RtsUnit): number {
    if (u.state !== 'moving' || u.route.length === 0) return 0;
    let x = u.tailX;
    let y = u.tailY;
    let total = 0;
    for (let k = u.routeIndex * 2; k + 1 < u.route.length; k += 2) {
      const nx = u.route[k] as number;
      const ny = u.route[k + 1] as number;
      total += Math.hypot(nx - x, ny - y);
      x = nx;
      y = ny;
    }
    return total;
  }

  /** Speed adjustment: members ahead of the commander slow down, members behind speed up (capped). */
  private adjustSpeeds(): void {
    const o = this.options;
    const c = this.commander;
    const lead = this.remaining(c);
    const want = (diff: number) =>
      Math.abs(diff) <= o.deadBand ? 1 : 1 + o.gain * (diff - Math.sign(diff) * o.deadBand);
    // The commander slows for the worst lag of a member that cannot go fast enough (its own top speed).
    let cm = 1;
    if (o.speedAdjust) {
      for (const u of this.units) {
        if (u === c || u.state !== 'moving') continue;
        const diff = this.remaining(u) - lead; // > 0: behind the commander
        const m = Math.min(o.maxMultiplier, want(diff));
        if (diff > o.deadBand && u.speed < this.speed * m) cm = Math.min(cm, (u.speed / this.speed) * (2 - m));
      }
      cm = Math.max(o.minMultiplier, cm);
    }
    c.speedMultiplier = cm;
    for (const u of this.units) {
      if (u === c) continue;
      if (!o.speedAdjust || u.state !== 'moving') {
        u.speedMultiplier = 1;
        continue;
      }
      // Relative to the commander's pace: ahead slows down, behind speeds up, within caps.
      const m = cm * want(this.remaining(u) - lead);
      u.speedMultiplier = Math.min(o.maxMultiplier, Math.max(o.minMultiplier, m));
    }
  }

  // -----------------------------------------------------------------------------------------------------------
  // Formations

  /**
   * Do all slots fit with the centre at (ax, ay) facing `angle`: walkable tiles reachable in a straight line from
   * the centre, no idle unit of another group on them, and (with `minClear` 1) no slot in a corridor one tile
   * wide (every slot tile has its eight neighbours walkable)?
   */
  private slotValid(ax: number, ay: number, angle: number, code: number, minClear = 0): boolean {
    const grid = this.world.grid;
    const w = grid.width;
    const clear = minClear > 0 ? this.world.pathfinder.clearance() : null;
    for (let k = 0; k < this.slots.length; k += 2) {
      const p = rtsSlotPosition(ax, ay, angle, this.slots[k] as number, this.slots[k + 1] as number, this.tmp);
      const tx = Math.floor(p.x);
      const ty = Math.floor(p.y);
      if (!rtsTileOpen(grid, tx, ty, code)) return false;
      if (clear && (clear[ty * w + tx] as number) < minClear) return false;
      if (!rtsSegmentClear(grid, ax, ay, p.x, p.y)) return false;
      for (const v of this.world.units) {
        if (v.group === this || !v.idle) continue;
        if (Math.floor(v.tailX) === tx && Math.floor(v.tailY) === ty) return false;
      }
    }
    return true;
  }

  /** Nearest tile centre to (x, y), in breadth-first order, where every slot fits. Null when none within reach. */
  private placeFormation(x: number, y: number, angle: number, minClear = 0): { x: number; y: number } | null {
    const grid = this.world.grid;
    const tiles = this.freeTilesNear(Math.floor(x), Math.floor(y), 4096, true);
    const code = grid.passable[Math.floor(y) * grid.width + Math.floor(x)] as number;
    for (const t of tiles) {
      const cx = (t % grid.width) + 0.5;
      const cy = Math.floor(t / grid.width) + 0.5;
      const a = this.anchorFor(cx, cy, angle, { x: 0, y: 0 });
      if (this.slotValid(a.x, a.y, angle, code, minClear)) return { x: cx, y: cy };
    }
    return null;
  }

  /** The formation's centre when the commander (slot 0) stands at (x, y) and the formation faces `angle`. */
  private anchorFor(x: number, y: number, angle: number, out: { x: number; y: number }): { x: number; y: number } {
    if (this.slots.length === 0) {
      out.x = x;
      out.y = y;
      return out;
    }
    rtsSlotPosition(0, 0, angle, this.slots[0] as number, this.slots[1] as number, out);
    out.x = x - out.x;
    out.y = y - out.y;
    return out;
  }

  private buildFormation(): void {
    const world = this.world;
    const o = this.options;
    this.slots = rtsFormationSlots(
      o.formation as RtsFormationKind,
      this.units.length,
      o.spacing,
      o.columns || undefined,
    );
    // Centre of the bounding box of the units.
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const u of this.units) {
      x0 = Math.min(x0, u.tailX);
      y0 = Math.min(y0, u.tailY);
      x1 = Math.max(x1, u.tailX);
      y1 = Math.max(y1, u.tailY);
    }
    let cx = Math.floor((x0 + x1) / 2) + 0.5;
    let cy = Math.floor((y0 + y1) / 2) + 0.5;
    if (!rtsTileOpen(world.grid, Math.floor(cx), Math.floor(cy))) {
      cx = this.commander.tailX;
      cy = this.commander.tailY;
    }
    // Face the first leg of the way to the goal.
    // Formations are built facing a grid axis so that every slot lands on a tile centre.
    this.angle = snapRight(Math.atan2(this.goalY - cy, this.goalX - cx));
    const first = world.pathfinder.findPath(
      Math.floor(cx),
      Math.floor(cy),
      Math.floor(this.goalX),
      Math.floor(this.goalY),
      {
        diagonal: world.options.diagonal,
      },
    );
    if (first && first.waypoints.length >= 4) {
      const wp = first.waypoints;
      this.angle = snapRight(Math.atan2((wp[3] as number) - (wp[1] as number), (wp[2] as number) - (wp[0] as number)));
    }
    const place = this.placeFormation(cx, cy, this.angle);
    if (!place) {
      // No room for the formation: move as a plain group.
      this.slots = new Float64Array(0);
      this.planGroup();
      return;
    }
    // Units sorted by distance to the centre take the nearest free slot; the nearest one commands (slot 0).
    const centre = this.anchorFor(place.x, place.y, this.angle, { x: 0, y: 0 });
    const slotAt = (k: number) =>
      rtsSlotPosition(centre.x, centre.y, this.angle, this.slots[k * 2] as number, this.slots[k * 2 + 1] as number, {
        x: 0,
        y: 0,
      });
    const order = [...this.units].sort(
      (a, b) =>
        Math.hypot(a.tailX - centre.x, a.tailY - centre.y) - Math.hypot(b.tailX - centre.x, b.tailY - centre.y) ||
        a.id - b.id,
    );
    this.commander = order[0] as RtsUnit;
    const free = new Set<number>();
    for (let k = 0; k < this.units.length; k++) free.add(k);
    const slotOf = new Map<RtsUnit, number>();
    for (const u of order) {
      let best = -1;
      let bd = Number.POSITIVE_INFINITY;
      for (const k of free) {
        if (u === this.commander && k !== 0) continue;
        const p = slotAt(k);
        const d = Math.hypot(p.x - u.tailX, p.y - u.tailY);
        if (d < bd) {
          bd = d;
          best = k;
        }
      }
      free.delete(best);
      slotOf.set(u, best);
    }
    // Greedy picks can make paths cross; swapping two units' slots when that shortens the sum of squared
    // distances removes the crossings (the commander keeps slot 0).
    const d2 = (u: RtsUnit, k: number) => {
      const p = slotAt(k);
      return (p.x - u.tailX) ** 2 + (p.y - u.tailY) ** 2;
    };
    for (let pass = 0, changed = true; changed && pass < 20; pass++) {
      changed = false;
      for (const a of order) {
        if (a === this.commander) continue;
        for (const b of order) {
          if (b === this.commander || b.id <= a.id) continue;
          const ka = slotOf.get(a) as number;
          const kb = slotOf.get(b) as number;
          if (d2(a, ka) + d2(b, kb) > d2(a, kb) + d2(b, ka) + 1e-9) {
            slotOf.set(a, kb);
            slotOf.set(b, ka);
            changed = true;
          }
        }
      }
    }
    this.slotOf = this.units.map((u) => slotOf.get(u) as number);
    this.units.forEach((u, i) => {
      const p = slotAt(this.slotOf[i] as number);
      world.setOrder(u, p.x, p.y);
    });
    this.phase = 'forming';
    this.formingSteps = 0;
  }

  private startMarch(): void {
    const world = this.world;
    const c = this.commander;
    const code = world.grid.passable[Math.floor(c.tailY) * world.grid.width + Math.floor(c.tailX)] as number;
    let radius = 0;
    for (let k = 0; k < this.slots.length; k += 2)
      radius = Math.max(radius, Math.hypot(this.slots[k] as number, this.slots[k + 1] as number));
    const sx = Math.floor(c.tailX);
    const sy = Math.floor(c.tailY);
    const find = (gx: number, gy: number) => {
      for (let cl = Math.ceil(radius - 0.25); cl >= 0; cl--) {
        const p = world.pathfinder.findPath(sx, sy, gx, gy, { diagonal: world.options.diagonal, clearance: cl });
        world.stats.paths++;
        if (p) return p;
      }
      return null;
    };
    let path = find(Math.floor(this.goalX), Math.floor(this.goalY));
    if (!path) {
      this.fail();
      return;
    }
    // The formation must fit at the end, in the open (no slot in a one-tile corridor), facing the last leg;
    // otherwise it ends at the nearest place where it fits, turned a quarter or half turn if it must.
    const last = finalAngle(path.waypoints, this.angle);
    this.endAngle = last;
    const endAnchor = this.anchorFor(this.goalX, this.goalY, last, { x: 0, y: 0 });
    if (!this.slotValid(endAnchor.x, endAnchor.y, last, code, 1)) {
      let place: { x: number; y: number } | null = null;
      for (const minClear of [1, 0]) {
        for (const turn of [0, Math.PI / 2, -Math.PI / 2, Math.PI]) {
          place = this.placeFormation(this.goalX, this.goalY, last + turn, minClear);
          if (place) {
            this.endAngle = last + turn;
            break;
          }
        }
        if (place) break;
      }
      if (place) {
        this.goalX = place.x;
        this.goalY = place.y;
        path = find(Math.floor(place.x), Math.floor(place.y)) ?? path;
      }
    }
    const route: number[] = [];
    for (let k = 2; k < path.waypoints.length; k += 2)
      route.push((path.waypoints[k] as number) + 0.5, (path.waypoints[k + 1] as number) + 0.5);
    if (route.length === 0) route.push(c.tailX, c.tailY);
    this.plan = route.slice();
    this.turnTarget = this.angle;
    world.setRoute(c, route);
    for (const u of this.units) {
      // Positions recorded by pushes while forming are dropped: members now hold slots.
      u.returnStack = [];
      if (u === c) continue;
      u.state = 'destination-reached';
      u.route = [];
      u.arrivedStep = -1;
    }
    this.phase = 'marching';
  }

  private fail(): void {
    this.phase = 'failed';
    for (const u of this.units) {
      u.slotX = Number.NaN;
      u.slotY = Number.NaN;
      this.world.stopUnit(u);
    }
  }

  /** Look-ahead heading along the commander's remaining route (distance `ahead` tiles). */
  private headingAhead(ahead: number): number | null {
    const c = this.commander;
    if (c.state !== 'moving' && c.state !== 'waypoint-reached') return null;
    let x = c.tailX;
    let y = c.tailY;
    let left = ahead;
    let tx = x;
    let ty = y;
    for (let k = c.routeIndex * 2; k + 1 < c.route.length && left > 0; k += 2) {
      const nx = c.route[k] as number;
      const ny = c.route[k + 1] as number;
      const d = Math.hypot(nx - x, ny - y);
      if (d >= left) {
        tx = x + ((nx - x) * left) / d;
        ty = y + ((ny - y) * left) / d;
        left = 0;
        break;
      }
      left -= d;
      x = tx = nx;
      y = ty = ny;
    }
    if (Math.hypot(tx - c.tailX, ty - c.tailY) < 0.3) return null;
    return Math.atan2(ty - c.tailY, tx - c.tailX);
  }

  private marchStep(): void {
    const world = this.world;
    const c = this.commander;
    let radius = 0.5;
    for (let k = 0; k < this.slots.length; k += 2)
      radius = Math.max(radius, Math.hypot(this.slots[k] as number, this.slots[k + 1] as number));
    // Turn towards the direction of travel at the outer units' speed.
    const ahead = c.state === 'destination-reached' ? this.endAngle : this.headingAhead(Math.max(1.5, radius));
    let want = ahead === null ? null : snapAngle(ahead);
    let turning = false;
    if (want !== null && Math.abs(want - this.angle) > 1e-9 && this.turnTarget !== want) {
      // Turn only where the formation fits facing the new way; otherwise keep the facing and translate.
      const code = world.grid.passable[Math.floor(c.tailY) * world.grid.width + Math.floor(c.tailX)] as number;
      const saved = this.angle;
      this.angle = want;
      const a = this.anchorOf(c.tailX, c.tailY, { x: 0, y: 0 });
      const fits = this.slotValid(a.x, a.y, want, code);
      this.angle = saved;
      if (fits) this.turnTarget = want;
    }
    want = this.turnTarget;
    if (want !== null) {
      let delta = want - this.angle;
      while (delta > Math.PI) delta -= 2 * Math.PI;
      while (delta < -Math.PI) delta += 2 * Math.PI;
      const maxTurn = ((this.speed * world.options.stepSeconds) / radius) * 0.8;
      this.angle += Math.max(-maxTurn, Math.min(maxTurn, delta));
      // Wheel in place: the commander waits until the formation faces the new direction (within 10 degrees).
      turning = Math.abs(delta) > (10 * Math.PI) / 180;
    }
    // Slots replay the commander's newest position; the commander waits for stragglers and sharp turns.
    let worst = 0;
    const anchor = this.anchorOf(c.tailX, c.tailY, this.anchorTmp);
    // The commander's trail, for members whose slot is inside a wall (a pass narrower than the formation).
    const tn = this.trail.length;
    if (
      tn < 2 ||
      Math.hypot(c.tailX - (this.trail[tn - 2] as number), c.tailY - (this.trail[tn - 1] as number)) >= 0.1
    ) {
      this.trail.push(c.tailX, c.tailY);
      if (this.trail.length > 4000) this.trail.splice(0, 2000);
    }
    const spacing = this.options.spacing;
    let filed = 0;
    // Central slots first, so the file behind the commander keeps the formation's order.
    const order = this.slotOrder();
    for (let j = 0; j < order.length; j++) {
      const i = order[j] as number;
      const u = this.units[i] as RtsUnit;
      const k = this.slotOf[i] as number;
      if (u === c) continue;
      const p = rtsSlotPosition(
        anchor.x,
        anchor.y,
        this.angle,
        this.slots[k * 2] as number,
        this.slots[k * 2 + 1] as number,
        this.tmp,
      );
      if (
        rtsTileOpen(world.grid, Math.floor(p.x), Math.floor(p.y)) &&
        rtsSegmentClear(world.grid, anchor.x, anchor.y, p.x, p.y)
      ) {
        u.slotX = p.x;
        u.slotY = p.y;
        worst = Math.max(worst, Math.hypot(u.tailX - p.x, u.tailY - p.y));
      } else {
        // The slot is inside a wall: file in behind the commander along its trail until the slot is free again.
        filed++;
        this.trailPoint(filed * spacing, this.tmp);
        u.slotX = this.tmp.x;
        u.slotY = this.tmp.y;
      }
    }
    // Cohesion: wait for stragglers, but never for more than two seconds in a row (a member may be stuck behind
    // a corner; it catches up at its own top speed once the formation moves on).
    if (worst > 1.5) this.holdSteps++;
    else if (worst <= 0.6) this.holdSteps = 0;
    const hold = worst > 1.5 && this.holdSteps <= world.stepsFor(2);
    c.speedMultiplier = turning || hold ? 0 : worst > 0.6 ? 0.5 : 1;
    if (c.state === 'destination-reached' && worst <= TOLERANCE && !turning) {
      this.phase = 'arrived';
      c.speedMultiplier = 1;
    }
  }

  /**
   * Indices of `units` sorted by slot, ties by index (what a stable sort by slot gives). PERF: kept between
   * steps and re-sorted by insertion, which is linear while the slots do not change.
   */
  private slotOrder(): Int32Array {
    const n = this.units.length;
    let order = this.order;
    if (order.length !== n) {
      order = new Int32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      this.order = order;
    }
    const slotOf = this.slotOf;
    for (let j = 1; j < n; j++) {
      const i = order[j] as number;
      const k = slotOf[i] as number;
      let p = j - 1;
      while (p >= 0) {
        const q = order[p] as number;
        const kq = slotOf[q] as number;
        if (kq < k || (kq === k && q < i)) break;
        order[p + 1] = q;
        p--;
      }
      order[p + 1] = i;
    }
    return order;
  }

  /**
   * The formation's anchor (centre) when the commander stands at (x, y): the commander's slot is slot 0,
   * which may be off the centre (even rows or columns).
   */
  anchorOf(x: number, y: number, out: { x: number; y: number }): { x: number; y: number } {
    if (this.slots.length === 0) {
      out.x = x;
      out.y = y;
      return out;
    }
    rtsSlotPosition(0, 0, this.angle, this.slots[0] as number, this.slots[1] as number, out);
    out.x = x - out.x;
    out.y = y - out.y;
    return out;
  }

  /** The point `back` tiles behind the commander along its trail (the oldest point if the trail is shorter). */
  private trailPoint(back: number, out: { x: number; y: number }): { x: number; y: number } {
    const t = this.trail;
    let k = t.length - 2;
    let left = back;
    out.x = t[k] as number;
    out.y = t[k + 1] as number;
    for (; k >= 2 && left > 0; k -= 2) {
      const x0 = t[k] as number;
      const y0 = t[k + 1] as number;
      const x1 = t[k - 2] as number;
      const y1 = t[k - 1] as number;
      const d = Math.hypot(x1 - x0, y1 - y0);
      if (d >= left) {
        out.x = x0 + ((x1 - x0) * left) / d;
        out.y = y0 + ((y1 - y0) * left) / d;
        return out;
      }
      left -= d;
      out.x = x1;
      out.y = y1;
    }
    return out;
  }

  /** Called by the world at the start of every step. */
  beforeStep(world: RtsWorld): void {
    if (this.units.length === 0) {
      world.removeGroup(this);
      return;
    }
    if (this.slots.length === 0) {
      if (this.phase !== 'marching') return;
      if (this.stepsToAdjust-- <= 0) {
        this.stepsToAdjust = world.stepsFor(this.options.adjustInterval) - 1;
        this.adjustSpeeds();
      }
      if (this.units.every((u) => u.state !== 'moving' && u.state !== 'waiting-for-path')) {
        this.phase = 'arrived';
        for (const u of this.units) u.speedMultiplier = 1;
      }
      return;
    }
    if (this.phase === 'forming') {
      this.formingSteps++;
      const done = this.units.every((u) => u.state === 'destination-reached' || u.failed);
      if (done || this.formingSteps > world.stepsFor(this.options.formingTimeout)) this.startMarch();
      return;
    }
    if (this.phase === 'marching' || this.phase === 'arrived') this.marchStep();
  }

  /** Called by the world at the end of every step. */
  afterStep(_world: RtsWorld): void {}

  /** Takes a unit out of the group; a new commander is chosen if needed. */
  remove(unit: RtsUnit): void {
    const i = this.units.indexOf(unit);
    if (i < 0) return;
    this.units.splice(i, 1);
    this.slotOf.splice(i, 1);
    unit.group = null;
    unit.speedMultiplier = 1;
    unit.slotX = Number.NaN;
    unit.slotY = Number.NaN;
    if (this.units.length === 0) return;
    this.speed = Math.min(...this.units.map((u) => u.speed));
    if (unit === this.commander) {
      // A formation loses its shape without its commander: its members hold where they are.
      this.commander = this.nearestToCentre();
      if (this.slots.length > 0) this.fail();
    }
  }
}

function snapRight(a: number): number {
  return Math.round(a / (Math.PI / 2)) * (Math.PI / 2);
}

function snapAngle(a: number): number {
  return Math.round(a / (Math.PI / 4)) * (Math.PI / 4);
}

function finalAngle(wp: Int32Array, fallback: number): number {
  const n = wp.length;
  if (n < 4) return fallback;
  return Math.atan2((wp[n - 1] as number) - (wp[n - 3] as number), (wp[n - 2] as number) - (wp[n - 4] as number));
}
