import { dHypot } from '../determinism/deterministic-math.js';
import { InvalidOptionError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { checkNumber } from '../util/check-number.js';
import { arrayLength, recordOf } from '../util/own-options.js';
import { formationAnchor } from './formation.js';
import { RtsFormationMarch } from './formation-march.js';
import { rtsBodyClearance } from './geometry.js';
import { planGroupFlowRoutes } from './group-flow.js';
import type { RtsGroupHost } from './group-host.js';
import { type RtsGroupOptions, type RtsGroupPhase, resolveRtsGroupOptions } from './group-options.js';
import { adjustGroupSpeeds, groupFit, planGroupRoutes } from './group-plan.js';
import { RtsUnit, type RtsUnitGroup } from './unit.js';

/** Throws InvalidOptionError unless `world` looks like a group host (an {@link RtsWorld}): an object with a Grid. */
function checkHost(world: unknown): asserts world is RtsGroupHost {
  if (world === null || typeof world !== 'object' || !((world as RtsGroupHost).grid instanceof Grid))
    throw new InvalidOptionError('world', world, 'an RtsWorld');
}

/**
 * A group moving together ("Group movement" of rodrigodpl's RTS group movement tutorial). The commander (the
 * unit nearest the group's centre) plans once, for the largest unit's size (the clearance its body needs: tiles
 * with room for a square of 2c + 1 tiles around them, see {@link computeRtsClearance}).
 *
 * Plain groups: every member gets waypoints on the nearest free tiles to each of the commander's waypoints
 * (tiles checked in breadth-first order from the waypoint, members served in a fixed order), and a speed
 * multiplier relative to the commander (caps, dead band, fixed intervals); see group-plan.ts.
 *
 * Formations: built around the centre of the units' bounding box (moved off walls and idle units if needed),
 * units sorted by distance to the centre take the nearest free slots; then the commander follows its path at
 * once (the commander waits at most a second for the members to gather; they finish on the way) and every slot replays its motion; the formation wheels about the commander to face the direction of travel
 * (looking ahead along the path), pausing only for sharp turns, instead of stopping and rebuilding. Members
 * whose slot falls inside a wall file in behind the commander along its trail. See formation-march.ts, and
 * formation.ts for the geometry.
 *
 * A group works on any {@link RtsGroupHost} (an {@link RtsWorld}), which calls its `beforeStep` and `afterStep`.
 */
export class RtsGroup implements RtsUnitGroup {
  /** The group's members. */
  readonly units: RtsUnit[];
  /** The order's options after defaults (frozen). */
  readonly options: Readonly<Required<RtsGroupOptions>>;
  /** Group speed, tiles per second: the slowest member's top speed. */
  speed: number;
  /** The member that plans for the group (and holds slot 0 of a formation). */
  commander: RtsUnit;
  /** Where the order stands: forming (formations only), marching, arrived or failed. */
  phase: RtsGroupPhase = 'marching';
  /** Destination of the group (of the commander), tiles. */
  goalX: number;
  /** Destination y of the group, tiles. */
  goalY: number;
  /** Formation slots as (forward, right) pairs, tiles, slot 0 the commander's; empty for a plain group. */
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
  private readonly world: RtsGroupHost;
  /** Steps until the next speed adjustment of a plain group. */
  private stepsToAdjust = 0;
  /** Forming and marching of a formation. */
  private readonly march: RtsFormationMarch;

  /**
   * Orders `units` to tile (tx, ty) as one group: they leave their old groups and patrols, the group registers
   * itself with the world, and plans (a plain group) or starts forming (a formation) at once.
   * @throws CoordinateError when the tile is outside or a wall; InvalidOptionError or OutOfRangeError for a bad
   * option (the units are left alone then); InvalidOptionError when `world` is not a world, for an empty list,
   * a list with something else than units, or a unit listed twice.
   */
  constructor(world: RtsGroupHost, units: readonly RtsUnit[], tx: number, ty: number, options?: RtsGroupOptions) {
    checkHost(world);
    const n = arrayLength(units, 'units', 'an array of units');
    if (n === 0) throw new InvalidOptionError('units', units, 'at least one unit');
    const seen = new Set<RtsUnit>();
    for (let k = 0; k < n; k++) {
      const u = units[k];
      if (!(u instanceof RtsUnit)) throw new InvalidOptionError(`units[${k}]`, u, 'an RtsUnit');
      if (seen.has(u)) throw new InvalidOptionError(`units[${k}]`, `unit ${u.id} twice`, 'each unit once');
      seen.add(u);
    }
    world.grid.assertWalkable('destination', tx, ty);
    this.world = world;
    this.options = resolveRtsGroupOptions(options);
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
    this.march = new RtsFormationMarch(world, this);
    world.addGroup(this);
    // A formation with no room near the units moves as a plain group.
    if (!this.options.formation || !this.march.build()) this.planGroup();
  }

  /**
   * The formation's anchor (centre) when the commander stands at (x, y): the commander's slot is slot 0,
   * which may be off the centre (even rows or columns). (x, y) itself for a plain group.
   */
  anchorOf(x: number, y: number, out: { x: number; y: number }): { x: number; y: number } {
    checkNumber('x', x);
    checkNumber('y', y);
    recordOf(out, 'out', 'an object { x, y }');
    return formationAnchor(this.slots, x, y, this.angle, out);
  }

  /** Called by the world at the start of every step: speed adjustment, forming, marching, arrival. */
  beforeStep(world: RtsGroupHost): void {
    checkHost(world);
    if (this.units.length === 0) {
      world.removeGroup(this);
      return;
    }
    if (this.slots.length === 0) {
      if (this.phase !== 'marching') return;
      if (this.stepsToAdjust-- <= 0) {
        this.stepsToAdjust = world.stepsFor(this.options.adjustInterval) - 1;
        adjustGroupSpeeds(this.units, this.commander, this.speed, this.options);
      }
      if (this.units.every((u) => u.state !== 'moving' && u.state !== 'waiting-for-path')) {
        this.phase = 'arrived';
        for (const u of this.units) u.speedMultiplier = 1;
      }
      return;
    }
    if (this.phase === 'forming') {
      // The march is planned at once; the commander waits at most a second, the members gather on the way.
      if (!this.march.started) {
        if (!this.march.start()) this.fail();
        return;
      }
      this.march.step();
      if (this.phase === 'forming' && this.march.formed()) this.phase = 'marching';
      return;
    }
    if (this.phase === 'marching' || this.phase === 'arrived') this.march.step();
  }

  /** Called by the world at the end of every step. */
  afterStep(_world: RtsGroupHost): void {}

  /** Takes a unit out of the group; a new commander is chosen if needed (a formation without it fails). */
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
      const d = dHypot(u.tailX - cx, u.tailY - cy);
      if (d < bd) {
        bd = d;
        best = u;
      }
    }
    return best;
  }

  /** Largest hard radius of a member, tiles. */
  private maxRadius(): number {
    return Math.max(...this.units.map((u) => u.hardRadius));
  }

  /** Plain group: the commander plans once; members get the nearest free tiles to each commander waypoint. */
  private planGroup(): void {
    const r = this.maxRadius();
    const smooth = this.world.options.useFlow === true && rtsBodyClearance(r) === 0;
    const plan =
      (smooth ? planGroupFlowRoutes(this.world, this, this.goalX, this.goalY, r) : null) ??
      planGroupRoutes(this.world, this, this.goalX, this.goalY, rtsBodyClearance(r), groupFit(this.world, r));
    if (!plan) {
      this.phase = 'failed';
      for (const u of this.units) this.world.stopUnit(u);
      return;
    }
    this.plan = plan;
    this.phase = 'marching';
    this.stepsToAdjust = 0;
  }

  /** The formation cannot go on: every member stops where it is. */
  private fail(): void {
    this.phase = 'failed';
    for (const u of this.units) {
      u.slotX = Number.NaN;
      u.slotY = Number.NaN;
      this.world.stopUnit(u);
    }
  }
}
