import { dHypot } from '../determinism/deterministic-math.js';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkField } from '../fields/check-field.js';
import type { Field } from '../fields/types.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { allocating } from '../util/allocate.js';
import { checkFinite, checkNonNegative, checkNumber } from '../util/check-number.js';
import { arrayLength, recordOf } from '../util/own-options.js';
import { RtsPathfinder } from './astar.js';
import { RtsFixedStepClock } from './clock.js';
import { firstCollision, rebuildUnitIndex } from './collision-query.js';
import { clearAvoid, clearCollision } from './collision-state.js';
import { extendPrediction } from './extend.js';
import { rtsBodyClearance } from './geometry.js';
import { RtsGroup } from './group.js';
import type { RtsGroupHost } from './group-host.js';
import type { RtsGroupOptions } from './group-options.js';
import { popPrediction, rtsSpeedOf } from './prediction.js';
import { checkLine } from './routing.js';
import { currentTarget } from './state-machine.js';
import { RtsUnit } from './unit.js';
import { type RtsUnitOptions, resolveRtsUnitOptions } from './unit-options.js';
import { RtsWorkspace } from './workspace.js';
import { type RtsWorldOptions, resolveRtsWorldOptions } from './world-options.js';
import type { RtsWorldStats } from './world-view.js';

const NONE = -1;

/**
 * The RTS movement world of "Group movement, formations and collision solving" (rodrigodpl's RTS group
 * movement tutorial): units with hard and soft circular colliders, a rolling queue of predicted positions at a
 * fixed time step (interpolated with the real frame time by {@link RtsWorld.update}), collisions predicted on
 * the newest predicted position and solved by priorities (local avoidance to the nearest free adjacent tile,
 * pushing idle units, recursive hard push, waiting), high-level paths from A* or a shared vector field, and
 * groups with a commander, speed adjustment and formations ({@link RtsGroup}).
 *
 * This class is the front: the unit registry, the orders and the fixed-step loop. The work of a step is done by
 * free functions over a narrow view of it (`RtsWorldView`): the state machine (state-machine.ts), routing
 * (routing.ts), the prediction queue (prediction.ts, extend.ts), collision queries over a unit spatial index
 * (collision-query.ts, unit-index.ts) and collision solving (collision-solve.ts, stuck.ts).
 *
 * Invariant: a predicted position is appended only if its hard collider overlaps no other unit's newest
 * position, and every unit appends one position per step, so bodies never overlap at any fixed step.
 */
export class RtsWorld implements RtsGroupHost {
  /** The map (tiles; positions are in tiles). */
  readonly grid: Grid;
  /** The A* pathfinder of the high-level paths. */
  readonly pathfinder: RtsPathfinder;
  /** The options after defaults (frozen). */
  readonly options: Readonly<Required<RtsWorldOptions>>;
  /** Every unit in the world, in the order they were added (removed units are taken out). */
  readonly units: RtsUnit[] = [];
  /** The active group orders. */
  readonly groups: RtsGroup[] = [];
  /** Counters of what the simulation did, for benchmarks and debug views. */
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
  /** Scratch results (no object per call): the target of {@link RtsWorld.currentTarget}, tiles. */
  targetX = 0;
  /** y of the target of {@link RtsWorld.currentTarget}, tiles. */
  targetY = 0;
  /** Whether the last {@link RtsWorld.firstCollision} hit was a hard one (bodies overlap). */
  hitHard = false;
  private nextId = 0;
  private readonly byId = new Map<number, RtsUnit>();
  private readonly clock: RtsFixedStepClock;
  private readonly ws: RtsWorkspace;
  private readonly groupScratch: RtsGroup[] = [];

  /**
   * @throws OutOfRangeError or InvalidOptionError naming the first bad option (see {@link RtsWorldOptions}).
   */
  constructor(grid: Grid, options?: RtsWorldOptions) {
    checkGrid(grid);
    this.options = resolveRtsWorldOptions(options);
    this.grid = grid;
    // The A* records (16 bytes a tile) and the spatial index take memory in proportion to the map.
    const tiles = grid.width * grid.height;
    const what = `an RTS world on a ${grid.width}x${grid.height} grid`;
    this.pathfinder = allocating(what, tiles * 24, () => new RtsPathfinder(grid));
    this.clock = new RtsFixedStepClock(this.options.stepSeconds, this.options.maxStepsPerUpdate);
    this.ws = allocating(what, tiles * 4, () => new RtsWorkspace(grid.width, grid.height));
  }

  /** Seconds to steps (at least 1). */
  stepsFor(seconds: number): number {
    checkNonNegative('seconds', seconds);
    return Math.max(1, Math.round(seconds / this.options.stepSeconds));
  }

  /** The unit with this id, or undefined when there is none (or it was removed). */
  unit(id: number): RtsUnit | undefined {
    return this.byId.get(id);
  }

  /**
   * Adds a unit standing at the centre of tile (tx, ty).
   * @throws CoordinateError when the tile is outside, a wall, has no room for a body bigger than half a tile (its
   * clearance is too small), or the body would overlap another unit;
   * OutOfRangeError for a bad radius or speed (see {@link RtsUnitOptions}).
   */
  addUnit(tx: number, ty: number, options?: RtsUnitOptions): RtsUnit {
    this.grid.assertWalkable('unit', tx, ty);
    const o = resolveRtsUnitOptions(options);
    const x = tx + 0.5;
    const y = ty + 0.5;
    const room = rtsBodyClearance(o.hardRadius);
    if (room > 0 && (this.pathfinder.clearance()[ty * this.grid.width + tx] as number) < room)
      throw new CoordinateError('unit', tx, ty, `has no room for a body of radius ${o.hardRadius}`);
    for (const u of this.units) {
      if (
        dHypot(u.tailX - x, u.tailY - y) < u.hardRadius + o.hardRadius ||
        dHypot(u.x - x, u.y - y) < u.hardRadius + o.hardRadius
      )
        throw new CoordinateError('unit', tx, ty, `would overlap unit ${u.id}`);
    }
    const unit = new RtsUnit(this.nextId++, x, y, o, this.options.horizon);
    this.units.push(unit);
    this.byId.set(unit.id, unit);
    this.ws.reserveIds(this.nextId);
    this.ws.indexValid = false;
    return unit;
  }

  /** Removes a unit (and takes it out of its group); units in a collision with it forget that collision. */
  removeUnit(unit: RtsUnit): void {
    const i = this.units.indexOf(unit);
    if (i < 0) return;
    this.units.splice(i, 1);
    this.byId.delete(unit.id);
    this.ws.indexValid = false;
    unit.group?.remove(unit);
    for (const u of this.units) if (u.collisionWith === unit.id) clearCollision(u);
  }

  /** Registers a group so that it is updated every step (done by the group constructors). */
  addGroup(group: RtsGroup): void {
    if (!this.groups.includes(group)) this.groups.push(group);
  }

  /** Stops updating a group (done by the group itself once it has no units left). */
  removeGroup(group: RtsGroup): void {
    const i = this.groups.indexOf(group);
    if (i >= 0) this.groups.splice(i, 1);
  }

  /**
   * Orders one unit to tile (tx, ty) with a path from A*, or along the goal's smooth flow with the world option
   * `useFlow` (planned on its next step). Takes the unit out of its group and stops patrolling unless `keepPatrol`.
   * @throws CoordinateError when the tile is outside or a wall.
   */
  moveUnit(unit: RtsUnit, tx: number, ty: number, keepPatrol = false): void {
    this.checkUnit(unit);
    this.grid.assertWalkable('destination', tx, ty);
    if (unit.group) unit.group.remove(unit);
    if (!keepPatrol) unit.patrol = [];
    this.order(unit, tx + 0.5, ty + 0.5);
  }

  /**
   * Throws InvalidOptionError naming `name` unless `unit` is an {@link RtsUnit} of this world (added with
   * {@link RtsWorld.addUnit} and not removed): a unit of another world would corrupt both.
   */
  private checkUnit(unit: unknown, name = 'unit'): asserts unit is RtsUnit {
    if (!(unit instanceof RtsUnit)) throw new InvalidOptionError(name, unit, 'an RtsUnit');
    if (this.byId.get(unit.id) !== unit)
      throw new InvalidOptionError(name, `unit ${unit.id} of another world`, 'a unit of this world (addUnit)');
  }

  /** Checks a list of units of this world, each listed once; returns its length. */
  private checkUnits(units: readonly RtsUnit[]): number {
    const n = arrayLength(units, 'units', 'an array of units');
    const seen = new Set<RtsUnit>();
    for (let k = 0; k < n; k++) {
      const u = units[k];
      this.checkUnit(u, `units[${k}]`);
      if (seen.has(u)) throw new InvalidOptionError(`units[${k}]`, `unit ${u.id} twice`, 'each unit once');
      seen.add(u);
    }
    return n;
  }

  /**
   * Orders units down a shared vector field (high-level paths from a Field's `dir` instead of one A* search
   * per unit): each unit follows the field from its tile to the goal the field leads it to (the nearest goal of a
   * multi-goal field), along the field's smooth flow with the world option `useFlow` (when the field describes the
   * grid's current version; an older field is followed by its arrows). The field must have been computed on this world's grid (same size); a field computed
   * before the grid's last edit still works (walls found on the way are repaired with A*).
   * A unit whose way along the field fails (the directions run in a circle or into a wall) fails its order on
   * its own: `failed` true, state `destination-reached`; the others go on.
   * @throws InvalidOptionError when the field's size differs from the grid's, the field was computed on another
   *   grid (its `gridId`), or for units not of this world.
   */
  moveUnitsAlongField(units: readonly RtsUnit[], field: Field): void {
    this.checkUnits(units);
    checkField(field);
    if (field.width !== this.grid.width || field.height !== this.grid.height)
      throw new InvalidOptionError('field', field, `a field of ${this.grid.width}x${this.grid.height} tiles`);
    checkSameGrid('field', field.gridId, this.grid);
    for (const unit of units) {
      if (unit.group) unit.group.remove(unit);
      unit.patrol = [];
      this.order(unit, Number.NaN, Number.NaN);
      unit.field = field;
    }
  }

  /**
   * Gives a unit a prepared route (x, y pairs of positions, tiles) to follow at once, keeping its group: used by
   * groups, which plan once for all their members.
   * @throws InvalidOptionError when the route is not a non-empty list of x, y pairs.
   */
  setRoute(unit: RtsUnit, route: number[]): void {
    this.checkUnit(unit);
    const n = arrayLength(route, 'route', 'x, y pairs');
    if (n < 2 || n % 2 !== 0) throw new InvalidOptionError('route', route, 'x, y pairs');
    for (let k = 0; k < n; k++) checkFinite(`route[${k}]`, route[k]);
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
    unit.failReason = null;
    unit.waitSteps = 0;
  }

  /**
   * Patrols between tiles (x, y pairs), looping: the tutorial's `ispatrolling` branch of the state machine.
   * @throws CoordinateError when a patrol tile is outside or a wall; InvalidOptionError for fewer than two tiles.
   */
  patrolUnit(unit: RtsUnit, tiles: readonly { x: number; y: number }[]): void {
    this.checkUnit(unit);
    const n = arrayLength(tiles, 'patrol', 'an array of tiles { x, y }');
    if (n < 2) throw new InvalidOptionError('patrol', tiles, 'at least two tiles');
    const patrol: number[] = [];
    for (let k = 0; k < n; k++) {
      // Each tile is read once: the checked value is the used one.
      const { x, y } = recordOf<{ x: number; y: number }>(tiles[k], `patrol[${k}]`, 'a tile { x, y }');
      this.grid.assertWalkable(`patrol[${k}]`, x, y);
      patrol.push(x + 0.5, y + 0.5);
    }
    if (unit.group) unit.group.remove(unit);
    unit.patrol = patrol;
    unit.patrolIndex = 0;
    this.order(unit, unit.patrol[0] as number, unit.patrol[1] as number);
  }

  /**
   * Orders units to tile (tx, ty) as one group (optionally in formation); they leave their old groups.
   * @throws CoordinateError when the tile is outside or a wall; InvalidOptionError for an empty list;
   * InvalidOptionError or OutOfRangeError for a bad group option (see {@link RtsGroupOptions}); InvalidOptionError
   * for a unit of another world or a unit listed twice.
   */
  orderGroup(units: readonly RtsUnit[], tx: number, ty: number, options?: RtsGroupOptions): RtsGroup {
    if (this.checkUnits(units) === 0) throw new InvalidOptionError('units', units, 'at least one unit');
    return new RtsGroup(this, units, tx, ty, options);
  }

  /** Cancels a unit's order: it stops where its newest prediction is. */
  stopUnit(unit: RtsUnit): void {
    this.checkUnit(unit);
    unit.route = [];
    unit.patrol = [];
    unit.state = 'destination-reached';
    unit.homeX = unit.tailX;
    unit.homeY = unit.tailY;
    clearAvoid(unit);
  }

  /**
   * Orders a unit to an exact position (tiles; the tile under it must be walkable) keeping its group; used by
   * groups and formations. Patrols go on. The path is planned on the unit's next step; when none is found then
   * (the destination or the unit's own tile was walled meanwhile, or the unit cannot get there) the order fails
   * on its own: the unit's `failed` becomes true and its state `destination-reached`, while the world goes on.
   * @throws CoordinateError when (x, y) is not a finite position on a walkable tile of the grid (as
   *   {@link RtsWorld.moveUnit}); InvalidOptionError for a unit of another world.
   */
  setOrder(unit: RtsUnit, x: number, y: number): void {
    this.checkUnit(unit);
    checkNumber('x', x);
    checkNumber('y', y);
    this.grid.assertWalkable('destination', Math.floor(x), Math.floor(y));
    this.order(unit, x, y);
  }

  /** {@link RtsWorld.setOrder} without the checks (NaN, NaN for a unit that follows a field). */
  private order(unit: RtsUnit, x: number, y: number): void {
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
    unit.failReason = null;
    unit.waitSteps = 0;
    unit.returnStack = [];
    clearAvoid(unit);
  }

  /**
   * Advances the simulation by real frame time: runs as many fixed steps as the accumulated time allows (at
   * most `maxStepsPerUpdate`) and sets {@link RtsWorld.alpha} for {@link RtsWorld.renderPosition}.
   * @param seconds the frame's time, seconds, >= 0.
   * @returns the number of fixed steps run.
   * @throws OutOfRangeError when `seconds` is negative or NaN.
   */
  update(seconds: number): number {
    if (typeof seconds !== 'number' || !(seconds >= 0)) throw new OutOfRangeError('seconds', seconds, 'a number >= 0');
    const steps = this.clock.advance(seconds);
    for (let k = 0; k < steps; k++) this.step();
    this.alpha = this.clock.alpha;
    return steps;
  }

  /** The position to draw: between the previous and the current fixed-step positions, at {@link alpha}. */
  renderPosition(unit: RtsUnit, out: { x: number; y: number } = { x: 0, y: 0 }): { x: number; y: number } {
    if (!(unit instanceof RtsUnit)) throw new InvalidOptionError('unit', unit, 'an RtsUnit');
    recordOf(out, 'out', 'an object { x, y }');
    out.x = unit.prevX + (unit.x - unit.prevX) * this.alpha;
    out.y = unit.prevY + (unit.y - unit.prevY) * this.alpha;
    return out;
  }

  /** Runs one fixed step: groups plan, every unit pops its front prediction and appends a new one. */
  step(): void {
    const ws = this.ws;
    this.stepCount++;
    ws.pathsThisStep = 0;
    rebuildUnitIndex(this, ws);
    const groups = this.groupScratch;
    // A copy: groups may remove themselves while stepping.
    groups.length = 0;
    for (const g of this.groups) groups.push(g);
    for (const g of groups) g.beforeStep(this);
    const horizon = this.options.horizon;
    for (const u of this.units) popPrediction(u, horizon);
    for (const u of this.units) extendPrediction(this, ws, u);
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
    if (!(u instanceof RtsUnit)) throw new InvalidOptionError('unit', u, 'an RtsUnit');
    return rtsSpeedOf(u);
  }

  /**
   * Runs the state machine and finds the point the unit's newest prediction heads for: true with the point in
   * {@link RtsWorld.targetX} / {@link RtsWorld.targetY}, false when it holds still. Counts down the unit's
   * timers and may plan its path: the world calls it once or twice per unit and step.
   */
  currentTarget(u: RtsUnit): boolean {
    this.checkUnit(u);
    return currentTarget(this, this.ws, u);
  }

  /** If the straight line to the current waypoint crosses a wall, plans a detour to it with A*. */
  checkLine(u: RtsUnit): void {
    this.checkUnit(u);
    checkLine(this, u);
  }

  /**
   * The first unit (in `units` order) whose newest position collides with `u` at (x, y): a hard collision
   * (bodies overlap) first; with `soft`, also a soft one (u's personal space touches a unit of another group it
   * moves towards), the nearest. Sets {@link RtsWorld.hitHard}; null when nothing collides.
   * The segment from u's newest position is sampled so a fast unit cannot jump over a body.
   * @throws OutOfRangeError when (x, y) is not a position on the grid (0 to width, 0 to height);
   *   InvalidOptionError for a unit of another world.
   */
  firstCollision(u: RtsUnit, x: number, y: number, soft: boolean): RtsUnit | null {
    this.checkUnit(u);
    const { width, height } = this.grid;
    if (typeof x !== 'number' || !(x >= 0 && x <= width))
      throw new OutOfRangeError('x', x, `a number from 0 to ${width}`);
    if (typeof y !== 'number' || !(y >= 0 && y <= height))
      throw new OutOfRangeError('y', y, `a number from 0 to ${height}`);
    if (typeof soft !== 'boolean') throw new InvalidOptionError('soft', soft, 'true or false');
    return firstCollision(this, this.ws, u, x, y, soft);
  }
}
