import { dAtan2, dHypot } from '../determinism/deterministic-math.js';
import {
  assignFormationSlots,
  formationAnchor,
  formationRadius,
  lastLegAngle,
  type RtsFormationKind,
  rtsFormationSlots,
  slotPositionInto,
  snapToEighthTurn,
  snapToQuarterTurn,
  sortBySlot,
} from './formation.js';
import { rtsNarrowAhead, rtsNarrowPoints, rtsRouteLeft, rtsSlotHeld } from './formation-ahead.js';
import { fileRanksByDistance, improvePlaces, routeHeading, slotsShareTile } from './formation-assign.js';
import { RtsMarchEnd } from './formation-end.js';
import { RtsFormationFit } from './formation-fit.js';
import type { RtsFormationGroup } from './formation-group.js';
import { columnLength, planFormationRoute } from './formation-route.js';
import { rtsFileTarget, rtsTrailTarget } from './formation-trail.js';
import { rtsBodyClearance, rtsSegmentClear, rtsTileOpen } from './geometry.js';
import type { RtsGroupHost } from './group-host.js';
import type { RtsUnit } from './unit.js';

/** How many tiles, breadth-first from the goal, the end of a march may move to so that the formation fits. */
const NEAR_GOAL = 81;
/**
 * The commander's pace while the members hold their places: a tenth below the group speed, so that a member
 * that fell behind (a dodge, a corner) closes the gap at its own top speed without the formation stopping.
 */
const CRUISE = 0.9;
/**
 * Its pace while the formation holds its shape and a member is more than {@link STRAGGLER} tiles from its place,
 * and while the formation wheels.
 */
const CATCH_UP = 0.7;
/**
 * Its pace while the formation files through a pass: the group speed, neither {@link CRUISE} nor {@link CATCH_UP}.
 * A file is held up at the pass's funnel, not by its head: a slower head does not bring the last member in sooner.
 */
const FILE_PACE = 1;
const WHEEL = 0.5;
/** Tiles from its place beyond which a member counts as a straggler. */
const STRAGGLER = 3;
/** Seconds every slot must stay free before a filing formation re-forms (so it does not re-form in every gap). */
const FREE_BEFORE_REFORM = 3;
/**
 * Longest wait for the members to gather, seconds: the commander stands until every member is within a tile of
 * its slot, or this long, then marches; the members finish gathering on the way.
 */
const GATHER = 1;

/**
 * How a group holds a formation ("Formations" of rodrigodpl's RTS group movement tutorial): the formation is
 * built around the centre of the units' bounding box (moved off walls and idle units if needed), and the units,
 * sorted by distance to the centre, take the nearest free slots ({@link RtsFormationMarch.build}); once they
 * stand in them, the commander plans its route (the formation's width, or in file where that arrives sooner) and every slot replays its motion
 * ({@link RtsFormationMarch.start}, {@link RtsFormationMarch.step}). Instead of the RTS tutorial's stop-and-rebuild at
 * every waypoint, the formation wheels about the commander to face the direction of travel (looking ahead along
 * the path), pausing only for sharp turns; members whose slot falls inside a wall file in behind the commander
 * along its trail. One per formation group; it keeps the march's own state.
 */
export class RtsFormationMarch {
  private readonly world: RtsGroupHost;
  private readonly group: RtsFormationGroup;
  /** The commander's positions while marching (x, y pairs), for members filing through narrow passes. */
  private readonly trail: number[] = [];
  private readonly tmp = { x: 0, y: 0 };
  private readonly anchorTmp = { x: 0, y: 0 };
  /** Where the formation fits (./formation-fit.ts). */
  private readonly fit: RtsFormationFit;
  /** Unit indices sorted by slot (ties by index), kept between steps (see sortBySlot). */
  private order: Int32Array = new Int32Array(0);
  /** Whether the members walk in file behind the commander (a slot is inside a wall), and for how long all fit. */
  private filing = false;
  private freeSteps = 0;
  /** Members abreast while filing: the width of the commander's path (2 * its clearance + 1). */
  private ranks = 1;
  /** The end of the march: members walking to their end places (null before). */
  private end: RtsMarchEnd | null = null;
  private formingSteps = 0;
  /** Where the commander's slot was built (tiles): the march's route starts there. */
  private fromX = 0;
  private fromY = 0;
  /** Largest distance of a member from its place at the last step, tiles (less a tile in file). */
  private worst = Number.POSITIVE_INFINITY;
  /** Rank in file of each unit (by index) while filing. */
  private fileRank: Int32Array = new Int32Array(0);
  /** Places of the units (by index) for {@link improvePlaces}. */
  private placeX: Float64Array = new Float64Array(0);
  private placeY: Float64Array = new Float64Array(0);
  /** Where on the route the formation cannot hold its shape, as route left there (see formation-ahead.ts). */
  private narrow: Float64Array = new Float64Array(0);

  constructor(world: RtsGroupHost, group: RtsFormationGroup) {
    this.world = world;
    this.group = group;
    this.fit = new RtsFormationFit(world, group);
  }

  /**
   * Builds the formation and orders every unit to its slot (phase `forming`). False when there is no room for
   * it near the units (the group's slots are then empty: it moves as a plain group).
   */
  build(): boolean {
    const g = this.group;
    const world = this.world;
    const o = g.options;
    // Bodies bigger than half a tile stand further apart: at least their diameter (and a twentieth) between slots.
    const r = this.maxRadius();
    const spacing = r > 0.5 ? Math.max(o.spacing, 2 * r + 0.05) : o.spacing;
    g.slots = rtsFormationSlots(o.formation as RtsFormationKind, g.units.length, spacing, o.columns || undefined);
    // Centre of the bounding box of the units.
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const u of g.units) {
      x0 = Math.min(x0, u.tailX);
      y0 = Math.min(y0, u.tailY);
      x1 = Math.max(x1, u.tailX);
      y1 = Math.max(y1, u.tailY);
    }
    let cx = Math.floor((x0 + x1) / 2) + 0.5;
    let cy = Math.floor((y0 + y1) / 2) + 0.5;
    if (!rtsTileOpen(world.grid, Math.floor(cx), Math.floor(cy))) {
      cx = g.commander.tailX;
      cy = g.commander.tailY;
    }
    // Face the first leg of the way to the goal. Formations are built facing a grid axis so that every slot
    // lands on a tile centre.
    g.angle = snapToQuarterTurn(dAtan2(g.goalY - cy, g.goalX - cx));
    const first = world.pathfinder.findPath(
      { x: Math.floor(cx), y: Math.floor(cy) },
      { x: Math.floor(g.goalX), y: Math.floor(g.goalY) },
      {
        diagonal: world.options.diagonal,
      },
    );
    if (first && first.points.length >= 4) {
      const wp = first.points;
      g.angle = snapToQuarterTurn(dAtan2((wp[3] as number) - (wp[1] as number), (wp[2] as number) - (wp[0] as number)));
    }
    const place = this.fit.place(cx, cy, g.angle);
    if (!place) {
      g.slots = new Float64Array(0);
      return false;
    }
    // Units sorted by distance to the centre take the nearest free slot; the nearest one commands (slot 0).
    const centre = formationAnchor(g.slots, place.x, place.y, g.angle, { x: 0, y: 0 });
    const n = g.units.length;
    const slotX = new Float64Array(n);
    const slotY = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const p = slotPositionInto(
        centre.x,
        centre.y,
        g.angle,
        g.slots[k * 2] as number,
        g.slots[k * 2 + 1] as number,
        this.tmp,
      );
      slotX[k] = p.x;
      slotY[k] = p.y;
    }
    const slotOf: number[] = [];
    const commander = assignFormationSlots(
      g.units.map((u) => u.tailX),
      g.units.map((u) => u.tailY),
      g.units.map((u) => u.id),
      centre.x,
      centre.y,
      slotX,
      slotY,
      slotOf,
    );
    g.commander = g.units[commander] as RtsUnit;
    g.slotOf = slotOf;
    g.units.forEach((u, i) => {
      const k = slotOf[i] as number;
      const sx = slotX[k] as number;
      const sy = slotY[k] as number;
      // setOrder refuses a slot on a wall (the place is chosen so that slots fit; this keeps a step from throwing).
      if (world.grid.isPassable(Math.floor(sx), Math.floor(sy))) world.setOrder(u, sx, sy);
      else world.setOrder(u, u.tailX, u.tailY);
    });
    g.phase = 'forming';
    this.fromX = place.x;
    this.fromY = place.y;
    this.formingSteps = 0;
    return true;
  }

  /** Whether the march has started (see {@link RtsFormationMarch.start}). */
  started = false;

  /**
   * Counts a step of forming: true once every member is within a tile of its place (in its slot, or in file),
   * the members were sent to their end places, or a second has passed (or `formingTimeout`, if shorter). The
   * formation does not wait for its units to stand in their slots: the march is planned at once (the group steps
   * it while forming), the commander waits at most a second, and the members finish gathering on the way (the
   * commander's pace leaves them a tenth of their speed to catch up).
   */
  formed(): boolean {
    this.formingSteps++;
    const limit = Math.min(GATHER, this.group.options.formingTimeout);
    return this.end !== null || this.worst <= 1 || this.formingSteps > this.world.stepsFor(limit);
  }

  /**
   * Starts the march (on the first step of forming; the group goes on to `marching` once {@link
   * RtsFormationMarch.formed}): the commander plans for the clearance whose last member arrives first (the
   * formation's width, or narrower to pass in file: formation-route.ts), and the end of the march is moved (and turned) to the nearest place where the
   * formation fits in the open. False when there is no path at all.
   */
  start(): boolean {
    const g = this.group;
    const world = this.world;
    const c = g.commander;
    const code = world.grid.passable[Math.floor(c.tailY) * world.grid.width + Math.floor(c.tailX)] as number;
    const radius = formationRadius(g.slots, 0);
    // The route starts where the formation is built (the commander's slot), as if it had gathered there first.
    const sx = Math.floor(this.fromX);
    const sy = Math.floor(this.fromY);
    const least = rtsBodyClearance(this.maxRadius());
    const find = (gx: number, gy: number) => {
      const plan = planFormationRoute(world.pathfinder, {
        sx,
        sy,
        gx,
        gy,
        widest: Math.ceil(radius - 0.25),
        radius,
        least,
        members: g.units.length,
        spacing: g.options.spacing,
        diagonal: world.options.diagonal,
      });
      world.stats.paths += plan?.searches ?? 1;
      if (plan === null) return null;
      this.ranks = 2 * plan.clearance + 1;
      return plan.path;
    };
    let path = find(Math.floor(g.goalX), Math.floor(g.goalY));
    if (!path) return false;
    // The formation should fit at the end, in the open (no slot in a one-tile corridor), facing the last leg;
    // otherwise it ends at the nearest place near the goal where it fits (a few tiles off: the order's target is
    // kept), turned a quarter or half turn if it must. Where it fits nowhere near, the members whose slots are
    // blocked end on the free tiles nearest to them (./formation-end.ts).
    // Facing the last leg; or the nearest grid axis when, facing the last leg, two slots would share a tile (the
    // members meant for them would jam: one of them would be sent to another tile, next to the others).
    let last = lastLegAngle(path.points, g.angle);
    if (slotsShareTile(g.slots, g.goalX, g.goalY, last)) last = snapToQuarterTurn(last);
    g.endAngle = last;
    const endAnchor = formationAnchor(g.slots, g.goalX, g.goalY, last, { x: 0, y: 0 });
    this.fit.markTaken();
    if (!this.fit.fits(endAnchor.x, endAnchor.y, last, code, 1)) {
      let place: { x: number; y: number } | null = null;
      // Facing a grid axis (the one nearest to the last leg first): slots on tile centres pack best.
      const axis = snapToQuarterTurn(last);
      for (const minClear of [1, 0]) {
        for (const turn of [0, Math.PI / 2, -Math.PI / 2, Math.PI]) {
          place = this.fit.place(g.goalX, g.goalY, axis + turn, minClear, NEAR_GOAL);
          if (place) {
            g.endAngle = axis + turn;
            break;
          }
        }
        if (place) break;
      }
      if (place) {
        g.goalX = place.x;
        g.goalY = place.y;
        path = find(Math.floor(place.x), Math.floor(place.y)) ?? path;
      } else g.endAngle = axis; // it fits nowhere near: the members end on free tiles
    }
    const route: number[] = [];
    for (let k = 2; k < path.points.length; k += 2)
      route.push((path.points[k] as number) + 0.5, (path.points[k + 1] as number) + 0.5);
    if (route.length === 0) route.push(c.tailX, c.tailY);
    g.plan = route.slice();
    g.turnTarget = g.angle;
    world.setRoute(c, route);
    this.narrow = rtsNarrowPoints(world.grid, g.slots, route, this.fromX, this.fromY, this.maxRadius(), g.angle);
    for (const u of g.units) {
      // Positions recorded by pushes while forming are dropped: members now hold slots.
      u.returnStack = [];
      if (u === c) continue;
      u.state = 'destination-reached';
      u.route = [];
      u.arrivedStep = -1;
    }
    this.started = true;
    return true;
  }

  /**
   * One step of the march: turn towards the direction of travel where the formation fits; give every member its
   * slot from the commander's newest position, or, while any slot is inside a wall (a pass narrower than the
   * formation), or from when such a pass is a file's length ahead on the route (formation-ahead.ts), a place in file
   * behind the commander along its trail (ranked by distance to the commander when
   * the filing starts), until every slot has been free for three seconds (then the members re-form); members
   * trade places that are nearer to each other; pace the commander: the group speed while the formation files,
   * else nine tenths of it, seven tenths while a member is more than three tiles from its place, half while the
   * formation wheels. Once the commander reached the goal, every member is sent to its end place
   * (./formation-end.ts, {@link RtsMarchEnd}).
   */
  step(): void {
    const g = this.group;
    const world = this.world;
    const c = g.commander;
    if (this.end !== null) {
      if (this.end.step()) g.phase = 'arrived';
      return;
    }
    if (c.state === 'destination-reached') {
      this.beginEnd(c.tailX, c.tailY);
      return;
    }
    const radius = formationRadius(g.slots, 0.5);
    // Turn towards the direction of travel at the outer units' speed.
    const ahead = routeHeading(c, Math.max(1.5, radius));
    let want = ahead === null ? null : snapToEighthTurn(ahead);
    let turning = false;
    if (!this.filing && want !== null && Math.abs(want - g.angle) > 1e-9 && g.turnTarget !== want) {
      // Turn only where the formation fits facing the new way; otherwise keep the facing and translate.
      const code = world.grid.passable[Math.floor(c.tailY) * world.grid.width + Math.floor(c.tailX)] as number;
      const a = formationAnchor(g.slots, c.tailX, c.tailY, want, { x: 0, y: 0 });
      this.fit.markTaken();
      if (this.fit.fits(a.x, a.y, want, code)) g.turnTarget = want;
    }
    want = g.turnTarget;
    if (want !== null) {
      let delta = want - g.angle;
      while (delta > Math.PI) delta -= 2 * Math.PI;
      while (delta < -Math.PI) delta += 2 * Math.PI;
      const maxTurn = ((g.speed * world.options.stepSeconds) / radius) * 0.8;
      g.angle += Math.max(-maxTurn, Math.min(maxTurn, delta));
      // Wheel in place: the commander waits until the formation faces the new direction (within 10 degrees).
      turning = !this.filing && Math.abs(delta) > (10 * Math.PI) / 180;
    }
    const anchor = formationAnchor(g.slots, c.tailX, c.tailY, g.angle, this.anchorTmp);
    // The commander's trail, for members filing through narrow passes.
    const trail = this.trail;
    const tn = trail.length;
    if (tn < 2 || dHypot(c.tailX - (trail[tn - 2] as number), c.tailY - (trail[tn - 1] as number)) >= 0.1) {
      trail.push(c.tailX, c.tailY);
      if (trail.length > 4000) trail.splice(0, 2000);
    }
    // Central slots first, so the file behind the commander keeps the formation's order.
    const order = this.slotOrder();
    let blocked = false;
    for (let j = 0; j < order.length && !blocked; j++) {
      const i = order[j] as number;
      if (g.units[i] === c) continue;
      blocked = !this.slotAt(anchor.x, anchor.y, g.slotOf[i] as number);
    }
    // In shape, a pass narrower than the formation a file's length ahead: the members file now, so that the file
    // has formed when the commander enters the pass (forming it at the pass's mouth, they jammed there).
    let fileSoon = false;
    if (!blocked && !this.filing && this.narrow.length > 0) {
      const left = rtsRouteLeft(c.tailX, c.tailY, c.route, c.routeIndex);
      fileSoon = rtsNarrowAhead(this.narrow, left, columnLength(g.units.length, this.ranks, g.options.spacing));
      if (g.phase === 'marching') blocked = fileSoon;
    }
    if (blocked) {
      if (!this.filing) {
        if (this.fileRank.length !== g.units.length) this.fileRank = new Int32Array(g.units.length);
        fileRanksByDistance(g.units, c, this.fileRank);
      }
      this.filing = true;
      this.freeSteps = 0;
    } else if (this.filing && ++this.freeSteps >= world.stepsFor(FREE_BEFORE_REFORM)) this.filing = false;
    if (this.filing && this.fileRank.length !== g.units.length) {
      // A member left the group while filing.
      this.fileRank = new Int32Array(g.units.length);
      fileRanksByDistance(g.units, c, this.fileRank);
    }
    const spacing = g.options.spacing;
    this.trade(anchor.x, anchor.y, spacing);
    let worst = 0;
    for (let j = 0; j < order.length; j++) {
      const i = order[j] as number;
      const u = g.units[i] as RtsUnit;
      if (u === c) continue;
      if (!this.filing && this.slotAt(anchor.x, anchor.y, g.slotOf[i] as number)) {
        const sx = this.tmp.x;
        const sy = this.tmp.y;
        worst = Math.max(worst, dHypot(u.tailX - sx, u.tailY - sy));
        // A member that does not see its slot (a wall between: it was left behind a corner) catches up along
        // the commander's trail, towards the newest point of it that it sees.
        if (rtsSegmentClear(world.grid, u.tailX, u.tailY, sx, sy)) {
          u.slotX = sx;
          u.slotY = sy;
        } else {
          rtsTrailTarget(world.grid, trail, 0, u.tailX, u.tailY, this.tmp);
          u.slotX = this.tmp.x;
          u.slotY = this.tmp.y;
        }
        continue;
      }
      // In file behind the commander, `ranks` abreast (the width of its path), along the trail (the nearest point
      // of it the member sees).
      this.fileTarget(u, this.fileRank[i] as number, spacing);
      u.slotX = this.tmp.x;
      u.slotY = this.tmp.y;
      worst = Math.max(worst, dHypot(u.tailX - this.tmp.x, u.tailY - this.tmp.y) - 1);
    }
    // Pace (the tutorial's speed adjustment, done on the commander since the members may not exceed their top
    // speed): the members can hold the cruise and close small gaps; a straggler far behind slows a formation in
    // shape down without stopping it (it may be stuck behind a corner: it catches up along the trail); a file goes
    // at the group speed (see FILE_PACE); the commander goes slowly, but does not stop, while the formation wheels.
    this.worst = worst;
    // Forming, it waits (GATHER) unless they file now or a file's length on (formation-gather.test.ts).
    const gathering = g.phase === 'forming' && worst > 1 && !this.filing && !fileSoon;
    let pace = CRUISE;
    if (gathering) pace = 0;
    else if (turning) pace = WHEEL;
    else if (this.filing) pace = FILE_PACE;
    else if (worst > STRAGGLER) pace = CATCH_UP;
    c.speedMultiplier = pace;
  }

  /** A member's place in file (rank `rank`, `ranks` abreast) behind the commander along its trail, into `tmp`. */
  private fileTarget(u: RtsUnit, rank: number, spacing: number): void {
    const row = Math.floor(rank / this.ranks) + 1;
    const side = ((rank % this.ranks) - (this.ranks - 1) / 2) * spacing;
    rtsFileTarget(this.world.grid, this.trail, row * spacing, side, u.tailX, u.tailY, this.tmp);
  }

  /**
   * The members trade slots (or ranks in file) when that shortens their way to them (see {@link improvePlaces}):
   * after a wheel or a pass, the member nearest to a place takes it instead of crossing the formation.
   */
  private trade(ax: number, ay: number, spacing: number): void {
    const g = this.group;
    const n = g.units.length;
    if (this.placeX.length !== n) {
      this.placeX = new Float64Array(n);
      this.placeY = new Float64Array(n);
    }
    for (let i = 0; i < n; i++) {
      const u = g.units[i] as RtsUnit;
      if (u === g.commander) continue;
      if (this.filing) this.fileTarget(u, this.fileRank[i] as number, spacing);
      else {
        const k = g.slotOf[i] as number;
        slotPositionInto(ax, ay, g.angle, g.slots[k * 2] as number, g.slots[k * 2 + 1] as number, this.tmp);
      }
      this.placeX[i] = this.tmp.x;
      this.placeY[i] = this.tmp.y;
    }
    const owner = this.filing ? this.fileRank : g.slotOf;
    improvePlaces(g.units, g.commander, this.placeX, this.placeY, (a, b) => {
      const k = owner[a] as number;
      owner[a] = owner[b] as number;
      owner[b] = k;
    });
  }

  /**
   * The slot `k` with the formation's centre at (ax, ay) into `tmp`; true when it can be held: its tile open, in
   * a straight line from the centre, and (bodies bigger than half a tile) room for the body.
   */
  private slotAt(ax: number, ay: number, k: number): boolean {
    const g = this.group;
    return rtsSlotHeld(this.world.grid, g.slots, ax, ay, g.angle, k, this.maxRadius(), this.tmp);
  }

  /**
   * The commander stands on the goal: every other member gets its end place and walks there by its own path
   * (./formation-end.ts).
   */
  private beginEnd(gx: number, gy: number): void {
    const g = this.group;
    const a = formationAnchor(g.slots, gx, gy, g.endAngle, this.anchorTmp);
    g.angle = g.endAngle;
    g.turnTarget = g.endAngle;
    this.end = new RtsMarchEnd(this.world, g, this.slotOrder(), a.x, a.y, this.maxRadius(), gx, gy);
  }

  /** Largest hard radius of a member, tiles. */
  private maxRadius(): number {
    let r = 0;
    for (const u of this.group.units) r = Math.max(r, u.hardRadius);
    return r;
  }

  /** Indices of the group's units sorted by slot (ties by index), kept between steps and re-sorted in place. */
  private slotOrder(): Int32Array {
    const n = this.group.units.length;
    if (this.order.length !== n) {
      this.order = new Int32Array(n);
      for (let i = 0; i < n; i++) this.order[i] = i;
    }
    sortBySlot(this.order, this.group.slotOf);
    return this.order;
  }
}
