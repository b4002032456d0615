import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, DIR_DX, DIR_DY, type DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { RtsPathfinder } from './astar.js';
import { rtsSegmentClear, rtsTileOpen } from './geometry.js';
import { RtsGroup, type RtsGroupOptions } from './group.js';
import { rtsPathFromField } from './path-from-field.js';
import { DEFAULT_RTS_UNIT_OPTIONS, RtsUnit, type RtsUnitOptions, rtsOutranks } from './unit.js';

/** Options of {@link RtsWorld}. */
export interface RtsWorldOptions {
  /** Fixed simulation step, seconds, in (0, 0.5]. Default 1/20. */
  stepSeconds?: number;
  /** Number of predicted positions per unit (the rolling queue), 1..64. Default 6. */
  horizon?: number;
  /** Diagonal rule of the high-level paths. Default `if-both-free`. */
  diagonal?: DiagonalRule;
  /** Largest number of A* searches per step; other units keep waiting for their path. Default 16. */
  maxPathsPerStep?: number;
  /** A pushed unit waits this long (seconds, finite, >= 0) with no mover near before it returns. Default 0.5. */
  returnDelaySeconds?: number;
  /**
   * After waiting this long (seconds, finite, > 0) a blocked unit dodges to any free tile and re-plans around
   * units. Default 1.
   */
  stuckSeconds?: number;
  /** After waiting this long in all (seconds, finite, > 0) a unit gives up its order (`failed`). Default 30. */
  giveUpSeconds?: number;
  /**
   * Largest number of fixed steps one {@link RtsWorld.update} call runs (avoids a spiral of death), an integer
   * >= 1. Default 8.
   */
  maxStepsPerUpdate?: number;
}

export const DEFAULT_RTS_WORLD_OPTIONS: Readonly<Required<RtsWorldOptions>> = Object.freeze({
  stepSeconds: 1 / 20,
  horizon: 6,
  diagonal: DEFAULT_DIAGONAL_RULE,
  maxPathsPerStep: 16,
  returnDelaySeconds: 0.5,
  stuckSeconds: 1,
  giveUpSeconds: 30,
  maxStepsPerUpdate: 8,
});

/** Counters of what the collision logic did, for tests and the debug view. */
export interface RtsWorldStats {
  avoids: number;
  pushes: number;
  hardPushes: number;
  waits: number;
  paths: number;
  repairs: number;
  /** Orders ended within 3 tiles of the destination because the last tiles stayed blocked (livelock guard). */
  nearArrivals: number;
  /** Times both units of one pair were dodging each other at once (the priority rules keep this at 0). */
  doubleDodges: number;
}

const NONE = -1;
/** Number of bucket cells below which the unit buckets use one cell per tile. */
const BUCKET_CELLS = 1 << 14;

/** How far a formation member is from its slot (the commander counts as infinitely far: it never yields). */
function slotLag(u: RtsUnit, commander: RtsUnit): number {
  if (u === commander) return Number.POSITIVE_INFINITY;
  if (Number.isNaN(u.slotX)) return Math.hypot(u.destX - u.tailX, u.destY - u.tailY) || 0;
  return Math.hypot(u.slotX - u.tailX, u.slotY - u.tailY);
}

/** Distance from point (px, py) to the segment (ax, ay)-(bx, by). */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Does a return stack (x, y pairs, bottom = final home) still pass through (x, y) before its final home? */
function passesThrough(stack: number[], x: number, y: number): boolean {
  for (let k = 2; k + 1 < stack.length; k += 2) {
    if (Math.abs((stack[k] as number) - x) < 0.3 && Math.abs((stack[k + 1] as number) - y) < 0.3) return true;
  }
  return false;
}

/**
 * The RTS movement world of seed 004: units with hard and soft circular colliders, a rolling queue of
 * predicted positions at a fixed time step (interpolated with the real frame time by {@link RtsWorld.update}),
 * collisions predicted on the newest predicted position and solved by priorities (local avoidance to the
 * nearest free adjacent tile, pushing idle units, recursive hard push, waiting), high-level paths from A*.
 *
 * Invariant: a predicted position is appended only if its hard collider overlaps no other unit's newest
 * position, and every unit appends one position per step, so bodies never overlap at any fixed step.
 */
export class RtsWorld {
  readonly grid: Grid;
  readonly pathfinder: RtsPathfinder;
  readonly options: Readonly<Required<RtsWorldOptions>>;
  readonly units: RtsUnit[] = [];
  readonly groups: RtsGroup[] = [];
  readonly stats: RtsWorldStats = {
    avoids: 0,
    pushes: 0,
    hardPushes: 0,
    waits: 0,
    paths: 0,
    repairs: 0,
    nearArrivals: 0,
    doubleDodges: 0,
  };
  /** Number of fixed steps run so far. */
  stepCount = 0;
  /** Fraction of a step accumulated by {@link RtsWorld.update}, in [0, 1): the interpolation factor. */
  alpha = 0;
  private accumulator = 0;
  private nextId = 0;
  private pathsThisStep = 0;
  private readonly byId = new Map<number, RtsUnit>();
  private visitStamp: Uint32Array = new Uint32Array(16);
  private visitGen = 0;
  /** Scratch results (no object per call): the target of {@link RtsWorld.currentTarget}. */
  targetX = 0;
  targetY = 0;
  /** Whether the last {@link RtsWorld.firstCollision} hit was a hard one (bodies overlap). */
  hitHard = false;
  private routeX = 0;
  private routeY = 0;
  private stepX = 0;
  private stepY = 0;
  private readonly groupScratch: RtsGroup[] = [];
  /** Reused per-tile marks for re-plans around units: set before a search and cleared after it. */
  private blockedScratch: Uint8Array | null = null;
  // PERF: a uniform grid (buckets) of unit indices, built by a counting sort once per fixed step, so the
  // collision queries look at nearby units only instead of all of them. Positions drift by at most one step
  // of movement per unit between rebuilds; queries widen their box by `bucketMargin` to cover it.
  private bucketValid = false;
  private bucketCell = 2;
  private bucketCols = 0;
  private bucketRows = 0;
  private bucketStart: Int32Array = new Int32Array(1);
  private bucketItems: Int32Array = new Int32Array(16);
  private bucketOf: Int32Array = new Int32Array(16);
  private bucketMargin = 0;
  private bucketMaxHard = 0;
  private bucketMaxSoft = 0;
  private candidates: Int32Array = new Int32Array(64);

  constructor(grid: Grid, options: RtsWorldOptions = {}) {
    const o = { ...DEFAULT_RTS_WORLD_OPTIONS, ...options };
    if (!(o.stepSeconds > 0 && o.stepSeconds <= 0.5))
      throw new OutOfRangeError('stepSeconds', o.stepSeconds, 'a number in (0, 0.5]');
    if (!Number.isInteger(o.horizon) || o.horizon < 1 || o.horizon > 64)
      throw new OutOfRangeError('horizon', o.horizon, 'an integer from 1 to 64');
    if (!Number.isInteger(o.maxPathsPerStep) || o.maxPathsPerStep < 1)
      throw new OutOfRangeError('maxPathsPerStep', o.maxPathsPerStep, 'an integer >= 1');
    if (!Number.isInteger(o.maxStepsPerUpdate) || o.maxStepsPerUpdate < 1)
      throw new OutOfRangeError('maxStepsPerUpdate', o.maxStepsPerUpdate, 'an integer >= 1');
    if (!(o.returnDelaySeconds >= 0 && o.returnDelaySeconds < Number.POSITIVE_INFINITY))
      throw new OutOfRangeError('returnDelaySeconds', o.returnDelaySeconds, 'a finite number >= 0');
    if (!(o.stuckSeconds > 0 && o.stuckSeconds < Number.POSITIVE_INFINITY))
      throw new OutOfRangeError('stuckSeconds', o.stuckSeconds, 'a finite number > 0');
    if (!(o.giveUpSeconds > 0 && o.giveUpSeconds < Number.POSITIVE_INFINITY))
      throw new OutOfRangeError('giveUpSeconds', o.giveUpSeconds, 'a finite number > 0');
    if (!DIAGONAL_RULES.includes(o.diagonal))
      throw new InvalidOptionError('diagonal', o.diagonal, DIAGONAL_RULES.map((r) => `'${r}'`).join(', '));
    this.grid = grid;
    this.options = Object.freeze(o);
    this.pathfinder = new RtsPathfinder(grid);
  }

  /** Seconds to steps (at least 1). */
  stepsFor(seconds: number): number {
    return Math.max(1, Math.round(seconds / this.options.stepSeconds));
  }

  unit(id: number): RtsUnit | undefined {
    return this.byId.get(id);
  }

  /**
   * Adds a unit standing at the centre of tile (tx, ty).
   * @throws CoordinateError when the tile is outside, a wall, or the body would overlap another unit.
   */
  addUnit(tx: number, ty: number, options: RtsUnitOptions = {}): RtsUnit {
    this.grid.assertWalkable('unit', tx, ty);
    const o = { ...DEFAULT_RTS_UNIT_OPTIONS, ...options };
    if (!(o.hardRadius > 0 && o.hardRadius <= 0.5)) throw new OutOfRangeError('hardRadius', o.hardRadius, '(0, 0.5]');
    if (!(o.softRadius >= o.hardRadius)) throw new OutOfRangeError('softRadius', o.softRadius, '>= hardRadius');
    if (!(o.speed > 0 && o.speed < Number.POSITIVE_INFINITY)) throw new OutOfRangeError('speed', o.speed, '> 0');
    const x = tx + 0.5;
    const y = ty + 0.5;
    for (const u of this.units) {
      if (
        Math.hypot(u.tailX - x, u.tailY - y) < u.hardRadius + o.hardRadius ||
        Math.hypot(u.x - x, u.y - y) < u.hardRadius + o.hardRadius
      )
        throw new CoordinateError('unit', tx, ty, `would overlap unit ${u.id}`);
    }
    const unit = new RtsUnit(this.nextId++, x, y, o, this.options.horizon);
    this.units.push(unit);
    this.byId.set(unit.id, unit);
    this.bucketValid = false;
    return unit;
  }

  /** Removes a unit (and takes it out of its group). */
  removeUnit(unit: RtsUnit): void {
    const i = this.units.indexOf(unit);
    if (i < 0) return;
    this.units.splice(i, 1);
    this.byId.delete(unit.id);
    this.bucketValid = false;
    unit.group?.remove(unit);
    for (const u of this.units) if (u.collisionWith === unit.id) this.clearCollision(u);
  }

  /** Registers a group so that it is updated every step (done by the group constructors). */
  addGroup(group: RtsGroup): void {
    if (!this.groups.includes(group)) this.groups.push(group);
  }

  removeGroup(group: RtsGroup): void {
    const i = this.groups.indexOf(group);
    if (i >= 0) this.groups.splice(i, 1);
  }

  /**
   * Orders one unit to tile (tx, ty) with a path from A* (planned on its next step). Takes the unit out of its
   * group and stops patrolling unless `keepPatrol`.
   * @throws CoordinateError when the tile is outside or a wall.
   */
  moveUnit(unit: RtsUnit, tx: number, ty: number, keepPatrol = false): void {
    this.grid.assertWalkable('destination', tx, ty);
    if (unit.group) unit.group.remove(unit);
    if (!keepPatrol) unit.patrol = [];
    this.setOrder(unit, tx + 0.5, ty + 0.5);
  }

  /**
   * Orders units down a shared vector field (high-level paths from a Field's `dir` instead of one A* search
   * per unit): each unit follows the field from its tile to the goal the field leads it to (the nearest goal of a
   * multi-goal field). The field must have been computed on this world's grid (same size); a field computed
   * before the grid's last edit still works (walls found on the way are repaired with A*).
   * @throws InvalidOptionError when the field's size differs from the grid's.
   */
  moveUnitsAlongField(units: readonly RtsUnit[], field: Field): void {
    if (field.width !== this.grid.width || field.height !== this.grid.height)
      throw new InvalidOptionError('field', field, `a field of ${this.grid.width}x${this.grid.height} tiles`);
    for (const unit of units) {
      if (unit.group) unit.group.remove(unit);
      unit.patrol = [];
      this.setOrder(unit, Number.NaN, Number.NaN);
      unit.field = field;
    }
  }

  /** Gives a unit a prepared route (x, y pairs of positions) to follow: used by groups. */
  setRoute(unit: RtsUnit, route: number[]): void {
    if (route.length < 2 || route.length % 2 !== 0) throw new InvalidOptionError('route', route, 'x, y pairs');
    unit.destX = route[route.length - 2] as number;
    unit.destY = route[route.length - 1] as number;
    unit.route = route;
    unit.routeIndex = 0;
    unit.returnStack = [];
    unit.state = 'moving';
    unit.bestDistance = Number.POSITIVE_INFINITY;
    unit.noProgress = 0;
    unit.arrivedStep = NONE;
    unit.failed = false;
    unit.waitSteps = 0;
  }

  /**
   * Patrols between tiles (x, y pairs), looping: the seed's `ispatrolling` branch of the state machine.
   * @throws CoordinateError when a patrol tile is outside or a wall.
   */
  patrolUnit(unit: RtsUnit, tiles: readonly { x: number; y: number }[]): void {
    if (tiles.length < 2) throw new InvalidOptionError('patrol', tiles, 'at least two tiles');
    tiles.forEach((t, k) => {
      this.grid.assertWalkable(`patrol[${k}]`, t.x, t.y);
    });
    if (unit.group) unit.group.remove(unit);
    unit.patrol = tiles.flatMap((t) => [t.x + 0.5, t.y + 0.5]);
    unit.patrolIndex = 0;
    this.setOrder(unit, unit.patrol[0] as number, unit.patrol[1] as number);
  }

  /**
   * Orders units to tile (tx, ty) as one group (optionally in formation); they leave their old groups.
   * @throws CoordinateError when the tile is outside or a wall; InvalidOptionError for an empty list.
   */
  orderGroup(units: readonly RtsUnit[], tx: number, ty: number, options: RtsGroupOptions = {}): RtsGroup {
    if (units.length === 0) throw new InvalidOptionError('units', units, 'at least one unit');
    return new RtsGroup(this, units, tx, ty, options);
  }

  /** Cancels a unit's order: it stops where its newest prediction is. */
  stopUnit(unit: RtsUnit): void {
    unit.route = [];
    unit.patrol = [];
    unit.state = 'destination-reached';
    unit.homeX = unit.tailX;
    unit.homeY = unit.tailY;
    this.clearAvoid(unit);
  }

  /**
   * Orders a unit to an exact position (tiles; the tile under it must be walkable) keeping its group; used by
   * groups and formations. Patrols go on.
   */
  setOrder(unit: RtsUnit, x: number, y: number): void {
    unit.field = null;
    unit.destX = x;
    unit.destY = y;
    unit.route = [];
    unit.routeIndex = 0;
    unit.state = 'waiting-for-path';
    unit.bestDistance = Number.POSITIVE_INFINITY;
    unit.noProgress = 0;
    unit.arrivedStep = NONE;
    unit.failed = false;
    unit.waitSteps = 0;
    unit.returnStack = [];
    this.clearAvoid(unit);
  }

  /**
   * Advances the simulation by real frame time: runs as many fixed steps as the accumulated time allows (at
   * most `maxStepsPerUpdate`) and sets {@link RtsWorld.alpha} for {@link RtsWorld.renderPosition}.
   * @returns the number of fixed steps run.
   */
  update(seconds: number): number {
    if (!(seconds >= 0)) throw new OutOfRangeError('seconds', seconds, 'a number >= 0');
    const dt = this.options.stepSeconds;
    this.accumulator += Math.min(seconds, dt * this.options.maxStepsPerUpdate);
    let steps = 0;
    while (this.accumulator >= dt && steps < this.options.maxStepsPerUpdate) {
      this.step();
      this.accumulator -= dt;
      steps++;
    }
    if (this.accumulator >= dt) this.accumulator = 0;
    this.alpha = this.accumulator / dt;
    return steps;
  }

  /** The position to draw: between the previous and the current fixed-step positions, at {@link alpha}. */
  renderPosition(unit: RtsUnit, out: { x: number; y: number } = { x: 0, y: 0 }): { x: number; y: number } {
    out.x = unit.prevX + (unit.x - unit.prevX) * this.alpha;
    out.y = unit.prevY + (unit.y - unit.prevY) * this.alpha;
    return out;
  }

  /** Runs one fixed step: groups plan, every unit pops its front prediction and appends a new one. */
  step(): void {
    this.stepCount++;
    this.pathsThisStep = 0;
    this.rebuildBuckets();
    const groups = this.groupScratch;
    // A copy: groups may remove themselves while stepping.
    groups.length = 0;
    for (const g of this.groups) groups.push(g);
    for (const g of groups) g.beforeStep(this);
    const n = this.options.horizon;
    for (const u of this.units) {
      const i = u.queueHead * 4;
      u.prevX = u.x;
      u.prevY = u.y;
      u.x = u.queue[i] as number;
      u.y = u.queue[i + 1] as number;
      u.queueHead = (u.queueHead + 1) % n;
      u.queueLength--;
    }
    for (const u of this.units) this.extend(u);
    groups.length = 0;
    for (const g of this.groups) groups.push(g);
    for (const g of groups) g.afterStep(this);
    groups.length = 0;
    for (const u of this.units) {
      const d = u.dodging >= 0 ? this.byId.get(u.dodging) : undefined;
      if (d && d.dodging === u.id && u.id < d.id) this.stats.doubleDodges++;
    }
  }

  /** Effective top speed this step, tiles per second: the group speed times the speed adjustment. */
  speedOf(u: RtsUnit): number {
    const base = u.group ? Math.min(u.speed, u.group.speed * u.speedMultiplier) : u.speed;
    return base;
  }

  private append(u: RtsUnit, x: number, y: number): void {
    const n = this.options.horizon;
    const i = ((u.queueHead + u.queueLength) % n) * 4;
    const dx = x - u.tailX;
    const dy = y - u.tailY;
    const len = Math.hypot(dx, dy);
    if (len > 1e-9) {
      u.headingX = dx / len;
      u.headingY = dy / len;
    }
    u.queue[i] = x;
    u.queue[i + 1] = y;
    u.queue[i + 2] = len > 1e-9 ? u.headingX : 0;
    u.queue[i + 3] = len > 1e-9 ? u.headingY : 0;
    u.queueLength++;
    u.tailX = x;
    u.tailY = y;
  }

  // ---------------------------------------------------------------------------------------------------------
  // State machine

  /**
   * Runs the state machine and finds the point the unit's newest prediction heads for: true with the point in
   * {@link RtsWorld.targetX} / {@link RtsWorld.targetY}, false when it holds still.
   */
  currentTarget(u: RtsUnit): boolean {
    if (u.pushMoves.length > 0 && --u.pushTimer <= 0) {
      // An imposed move that cannot be finished in time is dropped (another unit took the tile).
      u.pushMoves = [];
      u.returnDelay = this.stepsFor(this.options.returnDelaySeconds);
      this.finishSolving(u);
    }
    if (!Number.isNaN(u.avoidX) && --u.avoidTimer <= 0) {
      // A dodge that cannot be finished in time is dropped too.
      this.clearAvoid(u);
      this.finishSolving(u);
    }
    for (let guard = 0; guard < 64; guard++) {
      if (u.pushMoves.length > 0) {
        const tx = u.pushMoves[0] as number;
        const ty = u.pushMoves[1] as number;
        if (Math.hypot(tx - u.tailX, ty - u.tailY) > 1e-6) return this.setTarget(tx, ty);
        u.pushMoves.splice(0, 2);
        if (u.pushMoves.length === 0) {
          u.returnDelay = this.stepsFor(this.options.returnDelaySeconds);
          this.finishSolving(u);
          if (!u.idle || u.state === 'moving') this.checkLine(u);
        }
        continue;
      }
      if (!Number.isNaN(u.avoidX)) {
        if (Math.hypot(u.avoidX - u.tailX, u.avoidY - u.tailY) > 1e-6) return this.setTarget(u.avoidX, u.avoidY);
        this.clearAvoid(u);
        this.finishSolving(u);
        this.checkLine(u);
        continue;
      }
      switch (u.state) {
        case 'waiting-for-path': {
          if (this.pathsThisStep >= this.options.maxPathsPerStep) return false;
          this.pathsThisStep++;
          this.planRoute(u);
          continue;
        }
        case 'moving': {
          const wx = u.route[u.routeIndex * 2] as number;
          const wy = u.route[u.routeIndex * 2 + 1] as number;
          if (Math.hypot(wx - u.tailX, wy - u.tailY) > 1e-6) return this.setTarget(wx, wy);
          u.state = 'waypoint-reached';
          continue;
        }
        case 'waypoint-reached': {
          if (u.routeIndex * 2 + 2 < u.route.length) {
            u.routeIndex++;
            u.state = 'moving';
            this.checkLine(u);
          } else if (u.patrol.length > 0) {
            u.patrolIndex = (u.patrolIndex + 1) % (u.patrol.length / 2);
            u.destX = u.patrol[u.patrolIndex * 2] as number;
            u.destY = u.patrol[u.patrolIndex * 2 + 1] as number;
            u.state = 'waiting-for-path';
            u.bestDistance = Number.POSITIVE_INFINITY;
            u.noProgress = 0;
          } else this.arrive(u, false);
          continue;
        }
        default:
          break;
      }
      // Idle or destination reached.
      if (!Number.isNaN(u.slotX)) {
        if (Math.hypot(u.slotX - u.tailX, u.slotY - u.tailY) > 1e-6) return this.setTarget(u.slotX, u.slotY);
        return false;
      }
      if (u.returnStack.length > 0) {
        if (u.returnDelay > 0 || this.moverNear(u) || this.mustLetPass(u)) {
          if (u.returnDelay > 0) u.returnDelay--;
          return false;
        }
        const k = u.returnStack.length - 2;
        const rx = u.returnStack[k] as number;
        const ry = u.returnStack[k + 1] as number;
        if (Math.hypot(rx - u.tailX, ry - u.tailY) > 1e-6) return this.setTarget(rx, ry);
        u.returnStack.length = k;
        if (u.returnStack.length === 0) {
          u.homeX = rx;
          u.homeY = ry;
          if (u.collision === 'solved') this.clearCollision(u);
        }
        continue;
      }
      return false;
    }
    return false;
  }

  private setTarget(x: number, y: number): true {
    this.targetX = x;
    this.targetY = y;
    return true;
  }

  private arrive(u: RtsUnit, failed: boolean): void {
    u.state = 'destination-reached';
    u.arrivedStep = this.stepCount + this.options.horizon - 1;
    u.failed = failed;
    u.homeX = u.tailX;
    u.homeY = u.tailY;
    u.route = [];
    u.routeIndex = 0;
    u.waitSteps = 0;
  }

  /** A* from the unit's newest tile to its destination; the route's points are tile centres. */
  private planRoute(u: RtsUnit, blocked: Uint8Array | null = null): boolean {
    const sx = Math.floor(u.tailX);
    const sy = Math.floor(u.tailY);
    this.stats.paths++;
    if (u.field && !blocked && rtsTileOpen(this.grid, sx, sy)) {
      // High level from the shared field: its waypoints end at the goal it leads to.
      const shared = rtsPathFromField(u.field, sx, sy);
      if (!shared) {
        this.arrive(u, true);
        return false;
      }
      const wp = shared.waypoints;
      u.destX = (wp[wp.length - 2] as number) + 0.5;
      u.destY = (wp[wp.length - 1] as number) + 0.5;
      return this.takePath(u, wp, sx, sy);
    }
    const gx = Math.floor(u.destX);
    const gy = Math.floor(u.destY);
    const path = this.pathfinder.findPath(sx, sy, gx, gy, { diagonal: this.options.diagonal, blocked });
    if (!path) {
      if (blocked) return false;
      this.arrive(u, true);
      return false;
    }
    return this.takePath(u, path.waypoints, sx, sy);
  }

  /** Turns tile waypoints (x, y pairs, the first one the unit's tile) into the unit's route. */
  private takePath(u: RtsUnit, wp: Int32Array, sx: number, sy: number): boolean {
    const route: number[] = [];
    for (let k = 2; k < wp.length; k += 2) route.push((wp[k] as number) + 0.5, (wp[k + 1] as number) + 0.5);
    // The exact destination may be off the tile centre (formation slots).
    if (route.length === 0) route.push(u.destX, u.destY);
    else {
      route[route.length - 2] = u.destX;
      route[route.length - 1] = u.destY;
    }
    const first = route.length > 2 || wp.length > 2;
    if (first && !rtsSegmentClear(this.grid, u.tailX, u.tailY, route[0] as number, route[1] as number))
      route.unshift(sx + 0.5, sy + 0.5);
    u.route = route;
    u.routeIndex = 0;
    u.state = 'moving';
    return true;
  }

  /** If the straight line to the current waypoint crosses a wall, plans a detour to it with A*. */
  checkLine(u: RtsUnit): void {
    if (u.state !== 'moving' || u.route.length === 0) return;
    const wx = u.route[u.routeIndex * 2] as number;
    const wy = u.route[u.routeIndex * 2 + 1] as number;
    if (rtsSegmentClear(this.grid, u.tailX, u.tailY, wx, wy)) return;
    this.repairRoute(u);
  }

  /** Replaces the way to the current waypoint with an A* path (the rest of the route is kept). */
  private repairRoute(u: RtsUnit): void {
    if (u.state !== 'moving' || u.route.length === 0) return;
    this.stats.repairs++;
    u.repairCooldown = 10;
    const wx = u.route[u.routeIndex * 2] as number;
    const wy = u.route[u.routeIndex * 2 + 1] as number;
    const sx = Math.floor(u.tailX);
    const sy = Math.floor(u.tailY);
    const gx = Math.floor(wx);
    const gy = Math.floor(wy);
    if (!rtsTileOpen(this.grid, sx, sy) || !rtsTileOpen(this.grid, gx, gy)) return;
    const path = this.pathfinder.findPath(sx, sy, gx, gy, { diagonal: this.options.diagonal });
    if (!path) return;
    const pts: number[] = [sx + 0.5, sy + 0.5];
    const wp = path.waypoints;
    for (let k = 2; k + 2 < wp.length; k += 2) pts.push((wp[k] as number) + 0.5, (wp[k + 1] as number) + 0.5);
    u.route = [...pts, ...u.route.slice(u.routeIndex * 2)];
    u.routeIndex = 0;
  }

  /** A formation member whose slot is behind a wall: walk around it (first A* waypoint as a detour). */
  private followAround(u: RtsUnit): void {
    u.repairCooldown = 10;
    const sx = Math.floor(u.tailX);
    const sy = Math.floor(u.tailY);
    const gx = Math.floor(u.slotX);
    const gy = Math.floor(u.slotY);
    if (!rtsTileOpen(this.grid, sx, sy) || !rtsTileOpen(this.grid, gx, gy)) return;
    this.stats.repairs++;
    const path = this.pathfinder.findPath(sx, sy, gx, gy, { diagonal: this.options.diagonal, maxExpansions: 4000 });
    if (!path || path.waypoints.length < 4) return;
    u.avoidX = (path.waypoints[2] as number) + 0.5;
    u.avoidY = (path.waypoints[3] as number) + 0.5;
    u.avoidTimer = this.stepsFor(1.5);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Prediction and collisions

  /** Appends the unit's next predicted position, solving collisions predicted there. */
  private extend(u: RtsUnit): void {
    if (u.repairCooldown > 0) u.repairCooldown--;
    let target = this.currentTarget(u);
    if (!target) {
      u.waitSteps = 0;
      this.append(u, u.tailX, u.tailY);
      return;
    }
    this.stepToward(u, this.targetX, this.targetY);
    let qx = this.stepX;
    let qy = this.stepY;
    if (!rtsSegmentClear(this.grid, u.tailX, u.tailY, qx, qy)) {
      // A wall: re-plan the way to the waypoint (low level), or give up the imposed move.
      if (u.pushMoves.length > 0) u.pushMoves = [];
      else if (!Number.isNaN(u.avoidX)) this.clearAvoid(u);
      else if (u.repairCooldown === 0) {
        if (u.state === 'moving') this.repairRoute(u);
        else if (!Number.isNaN(u.slotX)) this.followAround(u);
      }
      target = this.nextStep(u);
      qx = this.stepX;
      qy = this.stepY;
    }
    const hit = this.firstCollision(u, qx, qy, true);
    if (hit) {
      this.solve(u, hit, this.hitHard);
      target = this.nextStep(u);
      qx = this.stepX;
      qy = this.stepY;
      if (target && (qx !== u.tailX || qy !== u.tailY) && this.firstCollision(u, qx, qy, false)) {
        if (this.activelySolving(u)) {
          qx = u.tailX;
          qy = u.tailY;
        } else {
          this.slide(u, qx, qy);
          qx = this.stepX;
          qy = this.stepY;
        }
      }
    } else if (u.collision === 'unsolved') this.clearCollision(u);
    const moved = qx !== u.tailX || qy !== u.tailY;
    if (!moved && target && this.speedOf(u) > 0) {
      u.waitSteps++;
      this.stats.waits++;
      this.onStuck(u);
    } else u.waitSteps = 0;
    this.append(u, qx, qy);
    this.watchProgress(u);
  }

  /**
   * Runs the state machine again and puts the step towards its target (or the unit's newest position when it
   * holds still or a wall is in the way) in stepX / stepY. Returns whether there is a target.
   */
  private nextStep(u: RtsUnit): boolean {
    const target = this.currentTarget(u);
    if (target) this.stepToward(u, this.targetX, this.targetY);
    if (!target || !rtsSegmentClear(this.grid, u.tailX, u.tailY, this.stepX, this.stepY)) {
      this.stepX = u.tailX;
      this.stepY = u.tailY;
    }
    return target;
  }

  /**
   * Livelock guard: a unit that keeps moving (dodging back and forth) without getting closer to its
   * destination escalates like a blocked one: hard push the unit in its way, then re-plan around units, then
   * stop near the destination (within 3 tiles: counted as arrived) or give up.
   */
  private watchProgress(u: RtsUnit): void {
    if (u.state !== 'moving' && !Number.isNaN(u.slotX) && u.pushMoves.length === 0) {
      // A formation member that does not get closer to its slot walks around the units in its way.
      const d = Math.hypot(u.slotX - u.tailX, u.slotY - u.tailY);
      if (d < u.bestDistance - 0.25 || d < 0.3) {
        u.bestDistance = d;
        u.noProgress = 0;
      } else if (++u.noProgress >= this.stepsFor(this.options.stuckSeconds) * 2) {
        u.noProgress = 0;
        u.bestDistance = Number.POSITIVE_INFINITY;
        this.clearAvoid(u);
        this.detourAround(u, u.slotX, u.slotY);
      }
      return;
    }
    if (u.state !== 'moving' || this.speedOf(u) === 0) {
      u.bestDistance = Number.POSITIVE_INFINITY;
      u.noProgress = 0;
      return;
    }
    const d = Math.hypot(u.destX - u.tailX, u.destY - u.tailY);
    if (d < u.bestDistance - 0.25) {
      u.bestDistance = d;
      u.noProgress = 0;
      return;
    }
    u.noProgress++;
    const stuck = this.stepsFor(this.options.stuckSeconds) * 3;
    if (u.noProgress % stuck !== 0) return;
    const round = u.noProgress / stuck;
    const other = u.collisionWith >= 0 ? this.byId.get(u.collisionWith) : undefined;
    if (round === 1 && other && other.idle && other.priority <= u.priority && u.pushMoves.length === 0) {
      this.clearAvoid(u);
      this.tryHardPush(u, other);
    } else if (round === 2) this.replanAround(u);
    else if (round >= 3 && d < 3) {
      this.clearAvoid(u);
      this.arrive(u, false);
      this.stats.nearArrivals++;
    } else if (u.noProgress > this.stepsFor(this.options.giveUpSeconds)) {
      this.clearAvoid(u);
      this.arrive(u, true);
    }
  }

  /** Imposes an A* walk to (x, y) around the tiles other units stand on (done first, at the unit's own speed). */
  private detourAround(u: RtsUnit, x: number, y: number): void {
    const w = this.grid.width;
    const sx = Math.floor(u.tailX);
    const sy = Math.floor(u.tailY);
    const gx = Math.floor(x);
    const gy = Math.floor(y);
    if (!rtsTileOpen(this.grid, sx, sy) || !rtsTileOpen(this.grid, gx, gy)) return;
    const blocked = this.blockedTiles();
    for (const v of this.units) if (v !== u) blocked[Math.floor(v.tailY) * w + Math.floor(v.tailX)] = 1;
    this.stats.paths++;
    const path = this.pathfinder.findPath(sx, sy, gx, gy, {
      diagonal: this.options.diagonal,
      blocked,
      maxExpansions: 4000,
    });
    for (const v of this.units) blocked[Math.floor(v.tailY) * w + Math.floor(v.tailX)] = 0;
    if (!path || path.waypoints.length < 4) return;
    const wp = path.waypoints;
    u.pushMoves = [];
    for (let k = 2; k < wp.length; k += 2) u.pushMoves.push((wp[k] as number) + 0.5, (wp[k + 1] as number) + 0.5);
    u.pushTimer = this.stepsFor(path.cost / u.speed + 2);
  }

  /** The reused all-zero tile mask for searches around units (callers clear what they set). */
  private blockedTiles(): Uint8Array {
    const size = this.grid.width * this.grid.height;
    if (!this.blockedScratch || this.blockedScratch.length !== size) this.blockedScratch = new Uint8Array(size);
    return this.blockedScratch;
  }

  /** Re-plans to the destination around the tiles other units stand on (moving groupmates excepted). */
  private replanAround(u: RtsUnit): void {
    const w = this.grid.width;
    const blocked = this.blockedTiles();
    for (const v of this.units) {
      if (v === u || (v.group !== null && v.group === u.group && !v.idle)) continue;
      blocked[Math.floor(v.tailY) * w + Math.floor(v.tailX)] = 1;
    }
    const keep = u.route;
    const keepIndex = u.routeIndex;
    const planned = this.planRoute(u, blocked);
    // Clear the marks again (the unit's own tile was never set and nothing else moved meanwhile).
    for (const v of this.units) blocked[Math.floor(v.tailY) * w + Math.floor(v.tailX)] = 0;
    if (!planned) {
      u.route = keep;
      u.routeIndex = keepIndex;
      u.state = 'moving';
    }
  }

  /**
   * The straight step is blocked by a body: try the same step turned by 30, 60, 90 degrees to either side
   * (sliding along the other unit; beyond 90 degrees too once the unit has waited a while). Stays put if
   * every turn is blocked. The result goes to stepX / stepY.
   */
  private slide(u: RtsUnit, qx: number, qy: number): void {
    const dx = qx - u.tailX;
    const dy = qy - u.tailY;
    const wide = u.waitSteps > this.stepsFor(this.options.stuckSeconds) / 2;
    const turns = wide ? 6 : 3;
    for (let k = 1; k <= turns; k++) {
      for (let sign = 1; sign >= -1; sign -= 2) {
        const a = (sign * k * Math.PI) / 6;
        const c = Math.cos(a);
        const s = Math.sin(a);
        const x = u.tailX + dx * c - dy * s;
        const y = u.tailY + dx * s + dy * c;
        if (!rtsSegmentClear(this.grid, u.tailX, u.tailY, x, y)) continue;
        if (!this.clearOfWalls(x, y, u.hardRadius)) continue;
        if (this.firstCollision(u, x, y, false)) continue;
        this.stepX = x;
        this.stepY = y;
        return;
      }
    }
    this.stepX = u.tailX;
    this.stepY = u.tailY;
  }

  /** Does a body of radius r at (x, y) stay off the blocked tiles next to its tile? */
  private clearOfWalls(x: number, y: number, r: number): boolean {
    const tx = Math.floor(x);
    const ty = Math.floor(y);
    const code = this.grid.passable[ty * this.grid.width + tx] as number;
    const fx = x - tx;
    const fy = y - ty;
    if (fx < r && !rtsTileOpen(this.grid, tx - 1, ty, code)) return false;
    if (1 - fx < r && !rtsTileOpen(this.grid, tx + 1, ty, code)) return false;
    if (fy < r && !rtsTileOpen(this.grid, tx, ty - 1, code)) return false;
    if (1 - fy < r && !rtsTileOpen(this.grid, tx, ty + 1, code)) return false;
    return true;
  }

  /** One step of `u` towards (tx, ty), into stepX / stepY. */
  private stepToward(u: RtsUnit, tx: number, ty: number): void {
    const dx = tx - u.tailX;
    const dy = ty - u.tailY;
    const d = Math.hypot(dx, dy);
    // Imposed moves (pushes) and returns use the unit's own top speed, not the group's.
    const own = u.pushMoves.length > 0 || !Number.isNaN(u.avoidX) || u.idle;
    const v = (own ? u.speed : this.speedOf(u)) * this.options.stepSeconds;
    if (d <= v) {
      this.stepX = tx;
      this.stepY = ty;
    } else {
      this.stepX = u.tailX + (dx / d) * v;
      this.stepY = u.tailY + (dy / d) * v;
    }
  }

  /**
   * The first unit (in `units` order) whose newest position collides with `u` at (x, y): a hard collision
   * (bodies overlap) first; with `soft`, also a soft one (u's personal space touches a unit of another group it
   * moves towards), the nearest. Sets {@link RtsWorld.hitHard}; null when nothing collides.
   * The segment from u's newest position is sampled so a fast unit cannot jump over a body.
   */
  firstCollision(u: RtsUnit, x: number, y: number, soft: boolean): RtsUnit | null {
    const px = u.tailX;
    const py = u.tailY;
    const len = Math.hypot(x - px, y - py);
    const samples = Math.max(1, Math.ceil(len / u.hardRadius));
    const units = this.units;
    // Only units whose newest position may be within reach of the segment (hard) or of (x, y) (soft).
    const reach = Math.max(u.hardRadius, soft ? u.softRadius : 0) + this.bucketMaxHard;
    const count = this.gather(
      Math.min(px, x) - reach,
      Math.min(py, y) - reach,
      Math.max(px, x) + reach,
      Math.max(py, y) + reach,
    );
    const cand = this.candidates;
    // The original scan went through `units` in order and returned the first hard hit, else the nearest soft
    // hit (the first on ties): the lowest index wins, so the candidates' order does not matter.
    let hardIndex = -1;
    let softIndex = -1;
    let softD = Number.POSITIVE_INFINITY;
    for (let c = 0; c < count; c++) {
      const i = cand[c] as number; // PERF: c < count
      if (hardIndex >= 0 && i > hardIndex) continue;
      const v = units[i] as RtsUnit;
      if (v === u) continue;
      const hs = u.hardRadius + v.hardRadius;
      let hard = false;
      for (let k = 1; k <= samples; k++) {
        const sx = px + ((x - px) * k) / samples;
        const sy = py + ((y - py) * k) / samples;
        const dx = v.tailX - sx;
        const dy = v.tailY - sy;
        if (dx * dx + dy * dy < hs * hs - 1e-9) {
          // Only a collision if the move brings the bodies closer (never blocks moving apart).
          const before = (v.tailX - px) ** 2 + (v.tailY - py) ** 2;
          if (dx * dx + dy * dy < before) {
            hard = true;
            break;
          }
        }
      }
      if (hard) {
        hardIndex = i;
        continue;
      }
      if (!soft || (u.group !== null && v.group === u.group)) continue;
      const ss = u.softRadius + v.hardRadius;
      const dx = v.tailX - x;
      const dy = v.tailY - y;
      const d2 = dx * dx + dy * dy;
      if (
        d2 < ss * ss &&
        (d2 < softD || (d2 === softD && i < softIndex)) &&
        (v.tailX - px) * (x - px) + (v.tailY - py) * (y - py) > 0
      ) {
        softD = d2;
        softIndex = i;
      }
    }
    if (hardIndex >= 0) {
      this.hitHard = true;
      return units[hardIndex] as RtsUnit;
    }
    this.hitHard = false;
    return softIndex >= 0 ? (units[softIndex] as RtsUnit) : null;
  }

  /** Rebuilds the unit buckets (a counting sort of unit indices by cell). */
  private rebuildBuckets(): void {
    const units = this.units;
    const n = units.length;
    const w = this.grid.width;
    const h = this.grid.height;
    // Cells of one tile (dense crowds: few candidates per query), made larger only on big maps so that the
    // cells stay within BUCKET_CELLS or 16 per unit (the rebuild then costs O(n), not O(width * height)).
    const cell = Math.max(1, Math.ceil(Math.sqrt((w * h) / Math.max(BUCKET_CELLS, 16 * n))));
    const cols = Math.ceil(w / cell);
    const rows = Math.ceil(h / cell);
    const cells = cols * rows;
    this.bucketCell = cell;
    this.bucketCols = cols;
    this.bucketRows = rows;
    if (this.bucketStart.length < cells + 1) this.bucketStart = new Int32Array(cells + 1);
    if (this.bucketItems.length < n) {
      this.bucketItems = new Int32Array(n * 2);
      this.bucketOf = new Int32Array(n * 2);
    }
    const start = this.bucketStart;
    const items = this.bucketItems;
    const of = this.bucketOf;
    start.fill(0, 0, cells + 1);
    let maxSpeed = 0;
    let maxHard = 0;
    let maxSoft = 0;
    for (let i = 0; i < n; i++) {
      const u = units[i] as RtsUnit;
      const cx = Math.min(cols - 1, Math.max(0, Math.floor(u.tailX / cell)));
      const cy = Math.min(rows - 1, Math.max(0, Math.floor(u.tailY / cell)));
      const c = cy * cols + cx;
      of[i] = c;
      start[c + 1] = (start[c + 1] as number) + 1;
      if (u.speed > maxSpeed) maxSpeed = u.speed;
      if (u.hardRadius > maxHard) maxHard = u.hardRadius;
      if (u.softRadius > maxSoft) maxSoft = u.softRadius;
    }
    for (let c = 0; c < cells; c++) start[c + 1] = (start[c + 1] as number) + (start[c] as number);
    // Fill (the start of each cell moves up as it fills, then is restored from its neighbour).
    for (let i = 0; i < n; i++) {
      const c = of[i] as number;
      items[start[c] as number] = i;
      start[c] = (start[c] as number) + 1;
    }
    for (let c = cells; c > 0; c--) start[c] = start[c - 1] as number;
    start[0] = 0;
    // Every unit appends one position per step, at most its top speed times the step away.
    this.bucketMargin = maxSpeed * this.options.stepSeconds + 1e-6;
    this.bucketMaxHard = maxHard;
    this.bucketMaxSoft = maxSoft;
    if (this.candidates.length < n) this.candidates = new Int32Array(n * 2);
    this.bucketValid = true;
  }

  /**
   * Indices (into `units`) of the units whose newest position may lie in the box [x0, x1] x [y0, y1] (widened by
   * the drift since the last rebuild) into `candidates`; returns their count. The order is not `units` order.
   */
  private gather(x0: number, y0: number, x1: number, y1: number): number {
    if (!this.bucketValid) this.rebuildBuckets();
    const m = this.bucketMargin;
    const cell = this.bucketCell;
    const cols = this.bucketCols;
    const cx0 = Math.max(0, Math.floor((x0 - m) / cell));
    const cy0 = Math.max(0, Math.floor((y0 - m) / cell));
    const cx1 = Math.min(cols - 1, Math.floor((x1 + m) / cell));
    const cy1 = Math.min(this.bucketRows - 1, Math.floor((y1 + m) / cell));
    const start = this.bucketStart;
    const items = this.bucketItems;
    const out = this.candidates;
    let count = 0;
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const c = cy * cols + cx;
        const end = start[c + 1] as number;
        for (let k = start[c] as number; k < end; k++) out[count++] = items[k] as number;
      }
    }
    return count;
  }

  /** The seed's decision order for a collision of mover `u` with `v` (idle or moving). */
  private solve(u: RtsUnit, v: RtsUnit, hard: boolean): void {
    // A collision already being solved by either unit is left alone: two units never dodge the same one.
    if (this.solving(u, v) || this.solving(v, u) || u.dodging === v.id || v.dodging === u.id) return;
    const returning = u.idle && Number.isNaN(u.slotX); // a pushed unit walking back home
    if (u.collision !== 'solving') this.mark(u, v, 'unsolved', NONE, 'none');
    // Members of a formation never push each other (the commander included): they hold their slots.
    const sameFormation =
      u.group !== null && u.group === v.group && u.group.slots.length > 0 && u.group.phase !== 'forming';
    if (v.idle && Number.isNaN(v.slotX) && !sameFormation) {
      if (returning) return;
      // Moving / idle: push, else avoid, else hard push, else stop.
      if (v.priority > u.priority) {
        if (hard) this.tryAvoid(u, v, false);
        return;
      }
      if (this.tryPush(v, u)) return;
      if (!hard) return;
      if (this.tryAvoid(u, v, false)) return;
      this.tryHardPush(u, v);
      return;
    }
    if (!hard) return; // moving / moving: act only on a predicted overlap of the bodies
    let hi = rtsOutranks(u, v) ? u : v;
    const formation = u.group !== null && u.group === v.group && u.group.slots.length > 0 ? u.group : null;
    // Inside a formation the unit farther from its slot goes first (the commander always does); the other one
    // makes way, and may be pushed (it returns to its slot).
    if (formation) hi = slotLag(u, formation.commander) >= slotLag(v, formation.commander) ? u : v;
    const lo = hi === u ? v : u;
    if (lo.pushMoves.length === 0 && this.tryAvoid(lo, hi, false)) return;
    if (hi.pushMoves.length === 0 && this.tryAvoid(hi, lo, false)) return;
    if (lo.group === null || lo.group !== hi.group || (formation && lo !== formation.commander)) {
      if (this.tryPush(lo, hi)) return;
      if (this.tryHardPush(hi, lo)) return;
    }
    this.mark(u, v, 'unsolved', NONE, 'wait');
  }

  /** Is `a` still acting (dodging, or being pushed) on its collision with `b`? */
  private solving(a: RtsUnit, b: RtsUnit): boolean {
    if (a.collision !== 'solving' || a.collisionWith !== b.id) return false;
    return a.dodging === b.id || (a.collisionSolver === a.id && a.pushMoves.length > 0);
  }

  /** Is the collision of `u` being acted on right now (by u or by the other unit)? */
  private activelySolving(u: RtsUnit): boolean {
    const o = u.collisionWith >= 0 ? this.byId.get(u.collisionWith) : undefined;
    return o !== undefined && (this.solving(u, o) || this.solving(o, u));
  }

  /** The unit's action on its collision is finished: the collision is solved for both units of the pair. */
  private finishSolving(u: RtsUnit): void {
    if (u.collision !== 'solving') return;
    u.collision = 'solved';
    const other = this.byId.get(u.collisionWith);
    if (other && other.collisionWith === u.id && other.collision === 'solving') other.collision = 'solved';
  }

  private mark(
    a: RtsUnit,
    b: RtsUnit,
    state: RtsUnit['collision'],
    solver: number,
    action: RtsUnit['collisionAction'],
  ) {
    a.collision = state;
    a.collisionWith = b.id;
    a.collisionSolver = solver;
    a.collisionAction = action;
    b.collision = state;
    b.collisionWith = a.id;
    b.collisionSolver = solver;
    b.collisionAction = action;
  }

  private clearCollision(u: RtsUnit): void {
    u.collision = 'none';
    u.collisionWith = NONE;
    u.collisionSolver = NONE;
    u.collisionAction = 'none';
  }

  private clearAvoid(u: RtsUnit): void {
    u.avoidX = Number.NaN;
    u.avoidY = Number.NaN;
    u.dodging = NONE;
  }

  /**
   * Target of the unit's route (ignoring avoidance): the current waypoint, slot or return point, into
   * routeX / routeY; false when there is none.
   */
  private routeTarget(u: RtsUnit): boolean {
    if (u.state === 'moving' && u.route.length > 0) {
      this.routeX = u.route[u.routeIndex * 2] as number;
      this.routeY = u.route[u.routeIndex * 2 + 1] as number;
    } else if (!Number.isNaN(u.slotX)) {
      this.routeX = u.slotX;
      this.routeY = u.slotY;
    } else if (u.returnStack.length > 0) {
      const k = u.returnStack.length - 2;
      this.routeX = u.returnStack[k] as number;
      this.routeY = u.returnStack[k + 1] as number;
    } else if (!Number.isNaN(u.destX)) {
      this.routeX = u.destX;
      this.routeY = u.destY;
    } else return false;
    return true;
  }

  /** Is any unit's newest position within the hard colliders of a unit of radius r standing at (x, y)? */
  private occupied(
    x: number,
    y: number,
    r: number,
    except: RtsUnit | null,
    except2: RtsUnit | null = null,
  ): RtsUnit | null {
    const reach = r + this.bucketMaxHard;
    const count = this.gather(x - reach, y - reach, x + reach, y + reach);
    const cand = this.candidates;
    const units = this.units;
    // The first in `units` order, as a plain scan would find.
    let best = -1;
    for (let c = 0; c < count; c++) {
      const i = cand[c] as number; // PERF: c < count
      if (best >= 0 && i > best) continue;
      const v = units[i] as RtsUnit;
      if (v === except || v === except2) continue;
      const s = r + v.hardRadius;
      if ((v.tailX - x) ** 2 + (v.tailY - y) ** 2 < s * s - 1e-9) best = i;
    }
    return best >= 0 ? (units[best] as RtsUnit) : null;
  }

  /** Can a unit step from tile (tx, ty) to the adjacent tile (nx, ny) under the diagonal rule? */
  private adjacentOpen(tx: number, ty: number, nx: number, ny: number): boolean {
    const code = this.grid.passable[ty * this.grid.width + tx] as number;
    if (!rtsTileOpen(this.grid, nx, ny, code)) return false;
    if (nx !== tx && ny !== ty) {
      const rule = this.options.diagonal;
      if (rule === 'never') return false;
      const a = rtsTileOpen(this.grid, nx, ty, code);
      const b = rtsTileOpen(this.grid, tx, ny, code);
      if (rule === 'if-both-free' && !(a && b)) return false;
      if (rule === 'if-one-free' && !(a || b)) return false;
    }
    return true;
  }

  /**
   * The seed's "pathfinding in miniature": the adjacent tile nearest to the unit's next waypoint whose first
   * step collides with nobody and whose centre is free. Staying is not a dodge (the caller then tries the next
   * rule). Unless `anyTile` (used when stuck), a tile may be at most half a tile farther from the waypoint than
   * the current one, which keeps the unit close to its route.
   */
  private tryAvoid(a: RtsUnit, from: RtsUnit, anyTile: boolean): boolean {
    if (!this.routeTarget(a) || from.dodging === a.id) return false;
    const targetX = this.routeX;
    const targetY = this.routeY;
    const tx = Math.floor(a.tailX);
    const ty = Math.floor(a.tailY);
    const here = Math.hypot(tx + 0.5 - targetX, ty + 0.5 - targetY);
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let d = 0; d < 8; d++) {
      const nx = tx + (DIR_DX[d] as number);
      const ny = ty + (DIR_DY[d] as number);
      if (!this.adjacentOpen(tx, ty, nx, ny)) continue;
      const cx = nx + 0.5;
      const cy = ny + 0.5;
      const score = Math.hypot(cx - targetX, cy - targetY);
      if (!anyTile && score > here + 0.5) continue;
      if (score >= bestScore) continue;
      if (this.occupied(cx, cy, a.hardRadius, a)) continue;
      if (!rtsSegmentClear(this.grid, a.tailX, a.tailY, cx, cy)) continue;
      this.stepToward(a, cx, cy);
      if (this.firstCollision(a, this.stepX, this.stepY, false)) continue;
      best = d;
      bestScore = score;
    }
    if (best < 0) return false;
    a.avoidX = tx + (DIR_DX[best] as number) + 0.5;
    a.avoidY = ty + (DIR_DY[best] as number) + 0.5;
    a.dodging = from.id;
    a.avoidTimer = this.stepsFor(1.5);
    this.mark(a, from, 'solving', a.id, 'avoid');
    this.stats.avoids++;
    return true;
  }

  /**
   * Pushes `v` (idle, or a lower-priority mover that could not dodge) to a free neighbouring tile out of the
   * mover's line; an idle unit records where it stood and returns there once the mover has passed.
   */
  private tryPush(v: RtsUnit, mover: RtsUnit): boolean {
    if (v.pushMoves.length > 0) return false;
    let ux = mover.headingX;
    let uy = mover.headingY;
    if (this.routeTarget(mover)) {
      const d = Math.hypot(this.routeX - mover.tailX, this.routeY - mover.tailY);
      if (d > 1e-6) {
        ux = (this.routeX - mover.tailX) / d;
        uy = (this.routeY - mover.tailY) / d;
      }
    }
    const tx = Math.floor(v.tailX);
    const ty = Math.floor(v.tailY);
    const need = mover.hardRadius + v.hardRadius + 0.05;
    let best = -1;
    let bestLateral = need;
    for (let d = 0; d < 8; d++) {
      const nx = tx + (DIR_DX[d] as number);
      const ny = ty + (DIR_DY[d] as number);
      if (!this.adjacentOpen(tx, ty, nx, ny)) continue;
      const cx = nx + 0.5;
      const cy = ny + 0.5;
      const ox = cx - mover.tailX;
      const oy = cy - mover.tailY;
      const along = ox * ux + oy * uy;
      // Distance from the mover's line of travel (behind the mover counts as clear).
      const lateral = along < 0 ? Math.hypot(ox, oy) : Math.abs(ox * uy - oy * ux);
      if (lateral < bestLateral) continue;
      if (this.occupied(cx, cy, v.hardRadius, v)) continue;
      // The way to the side tile must not brush the mover.
      if (segmentDistance(mover.tailX, mover.tailY, v.tailX, v.tailY, cx, cy) < need - 0.05) continue;
      best = d;
      bestLateral = lateral;
    }
    if (best < 0) return false;
    const cx = tx + (DIR_DX[best] as number) + 0.5;
    const cy = ty + (DIR_DY[best] as number) + 0.5;
    if (v.idle && Number.isNaN(v.slotX)) v.returnStack.push(v.tailX, v.tailY);
    v.pushMoves.push(cx, cy);
    v.pushTimer = this.stepsFor(2);
    this.mark(v, mover, 'solving', v.id, 'push');
    this.stats.pushes++;
    return true;
  }

  /**
   * The seed's hard push: `v` steps left, right or ahead (relative to the mover's direction); when that tile
   * holds an idle unit, that unit is hard-pushed first, recursively. Every unit of the chain records where it
   * stood and returns along those recorded positions later.
   */
  private tryHardPush(mover: RtsUnit, v: RtsUnit): boolean {
    let dx = v.tailX - mover.tailX;
    let dy = v.tailY - mover.tailY;
    if (this.routeTarget(mover) && Math.hypot(this.routeX - mover.tailX, this.routeY - mover.tailY) > 1e-6) {
      dx = this.routeX - mover.tailX;
      dy = this.routeY - mover.tailY;
    }
    let dir = 0;
    let bestDot = Number.NEGATIVE_INFINITY;
    for (let d = 0; d < 8; d++) {
      const dot = ((DIR_DX[d] as number) * dx + (DIR_DY[d] as number) * dy) / (d >= 4 ? Math.SQRT2 : 1);
      if (dot > bestDot) {
        bestDot = dot;
        dir = d;
      }
    }
    this.visitGen++;
    if (this.visitStamp.length < this.nextId) this.visitStamp = new Uint32Array(this.nextId * 2);
    this.visitStamp[mover.id] = this.visitGen;
    const ok = this.hardPush(v, DIR_DX[dir] as number, DIR_DY[dir] as number, 0);
    if (ok) {
      this.mark(v, mover, 'solving', v.id, 'hard-push');
      this.stats.hardPushes++;
    }
    return ok;
  }

  private hardPush(v: RtsUnit, dx: number, dy: number, depth: number): boolean {
    if (depth > 16 || v.pushMoves.length > 0 || !v.idle) return false;
    this.visitStamp[v.id] = this.visitGen;
    const tx = Math.floor(v.tailX);
    const ty = Math.floor(v.tailY);
    // Left, right, then straight on (the seed's order).
    for (let k = 0; k < 3; k++) {
      const ox = k === 0 ? dy : k === 1 ? -dy : dx;
      const oy = k === 0 ? -dx : k === 1 ? dx : dy;
      const nx = tx + ox;
      const ny = ty + oy;
      if (!this.adjacentOpen(tx, ty, nx, ny)) continue;
      const cx = nx + 0.5;
      const cy = ny + 0.5;
      const occupant = this.occupied(cx, cy, v.hardRadius, v);
      if (occupant) {
        if (this.visitStamp[occupant.id] === this.visitGen) continue;
        if (!this.hardPush(occupant, ox, oy, depth + 1)) continue;
        if (this.occupied(cx, cy, v.hardRadius, v, occupant)) continue;
      }
      if (Number.isNaN(v.slotX)) v.returnStack.push(v.tailX, v.tailY);
      v.pushMoves.push(cx, cy);
      v.pushTimer = this.stepsFor(2);
      return true;
    }
    return false;
  }

  /**
   * Must `u` wait before returning because another returning unit still has to pass through u's home (its
   * post)? Keeps the order of a chain in a corridor: the unit that must go deepest returns first. When two
   * units wait for each other the lower id goes first.
   */
  private mustLetPass(u: RtsUnit): boolean {
    const hx = u.returnStack[0] as number;
    const hy = u.returnStack[1] as number;
    for (const v of this.units) {
      if (v === u || v.returnStack.length < 4 || !Number.isNaN(v.slotX)) continue;
      if (!passesThrough(v.returnStack, hx, hy)) continue;
      const vx = v.returnStack[0] as number;
      const vy = v.returnStack[1] as number;
      if (passesThrough(u.returnStack, vx, vy) && u.id < v.id) continue;
      return true;
    }
    return false;
  }

  /** Is a moving unit (not of u's group) close to u or to the place it wants to return to? */
  private moverNear(u: RtsUnit): boolean {
    const k = u.returnStack.length - 2;
    const rx = u.returnStack[k] as number;
    const ry = u.returnStack[k + 1] as number;
    const reach = this.bucketMaxSoft + u.softRadius + 0.5;
    // Two boxes (around the return point and around u); a unit found twice is tested twice, harmlessly.
    const n1 = this.gather(rx - reach, ry - reach, rx + reach, ry + reach);
    if (this.nearMover(u, rx, ry, n1)) return true;
    const n2 = this.gather(u.tailX - reach, u.tailY - reach, u.tailX + reach, u.tailY + reach);
    return this.nearMover(u, rx, ry, n2);
  }

  /** The test of {@link moverNear} over the first `count` candidates. */
  private nearMover(u: RtsUnit, rx: number, ry: number, count: number): boolean {
    const units = this.units;
    const cand = this.candidates;
    for (let c = 0; c < count; c++) {
      const v = units[cand[c] as number] as RtsUnit; // PERF: c < count
      if (v === u || v.idle) continue;
      if (v.group !== null && v.group === u.group) continue;
      const r = v.softRadius + u.softRadius + 0.5;
      if ((v.tailX - rx) ** 2 + (v.tailY - ry) ** 2 < r * r) return true;
      if ((v.tailX - u.tailX) ** 2 + (v.tailY - u.tailY) ** 2 < r * r) return true;
    }
    return false;
  }

  /** Blocked too long: dodge anywhere, then re-plan around units, then give up. */
  private onStuck(u: RtsUnit): void {
    const stuck = this.stepsFor(this.options.stuckSeconds);
    if (u.waitSteps > this.stepsFor(this.options.giveUpSeconds)) {
      u.pushMoves = [];
      this.clearAvoid(u);
      u.returnStack = [];
      if (u.state === 'moving' || u.state === 'waiting-for-path') this.arrive(u, true);
      u.waitSteps = 0;
      return;
    }
    if (u.waitSteps % stuck !== 0) return;
    if (u.state === 'moving' && (u.waitSteps / stuck) % 2 === 0) {
      this.replanAround(u);
      return;
    }
    const other = u.collisionWith >= 0 ? this.byId.get(u.collisionWith) : undefined;
    if (other && Number.isNaN(u.avoidX) && u.pushMoves.length === 0) this.tryAvoid(u, other, true);
  }
}
