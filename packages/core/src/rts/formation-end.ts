/**
 * Where the members of a formation end its march: each in its slot around the goal when the slot is open, seen
 * from the formation's centre and free; otherwise (a slot inside a wall, off the map, beyond a wall, or on an
 * idle unit of another group) on the free tile nearest to that slot among the tiles near the goal that can be
 * walked to from it and that the formation's centre sees (any of them when it sees none). So a formation whose
 * target overlaps walls still gives every member a place, next to the
 * shape it could not take, instead of moving the whole order far away. Internal.
 */
import { dCos, dHypot, dSin } from '../determinism/deterministic-math.js';
import type { Grid } from '../grid/grid.js';
import { slotPositionInto } from './formation.js';
import { improvePlaces } from './formation-assign.js';
import type { RtsFormationGroup } from './formation-group.js';
import { rtsBodyClear, rtsSegmentClear } from './geometry.js';
import type { RtsGroupHost } from './group-host.js';
import { freeTilesNear } from './group-plan.js';
import { RtsTileSet } from './tile-set.js';
import type { RtsUnit } from './unit.js';

/** The end places of the members, by unit index (x, y, tiles). */
export interface RtsEndSpots {
  x: Float64Array;
  y: Float64Array;
}

/**
 * Fills `out` with an end place per member. `order` lists the unit indices by slot (central slots first, the
 * commander's first), `slotOf` the slot of each unit; the commander (slot 0) ends on the goal (gx, gy). A member
 * whose slot cannot be held gets the free tile nearest to its slot that the centre (anchorX, anchorY) sees, else
 * the nearest free tile. `taken`
 * holds the tiles of idle units of other groups. Tiles are searched breadth-first from the goal, at most `reach`
 * of them (diagonal steps need both sides open), so a place is never far from the goal by way of the map.
 */
export function rtsEndSpots(
  grid: Grid,
  slots: Float64Array,
  slotOf: readonly number[],
  order: Int32Array,
  anchorX: number,
  anchorY: number,
  angle: number,
  gx: number,
  gy: number,
  radius: number,
  candidates: readonly number[],
  out: RtsEndSpots,
): void {
  const w = grid.width;
  const gtx = Math.floor(gx);
  const gty = Math.floor(gy);
  const near = new RtsTileSet(candidates.length);
  for (const t of candidates) near.add(t);
  const queue = candidates;
  const used = new RtsTileSet(64);
  used.add(gty * w + gtx);
  const p = { x: 0, y: 0 };
  for (let j = 0; j < order.length; j++) {
    const i = order[j] as number;
    const k = slotOf[i] as number;
    if (k === 0) {
      out.x[i] = gx;
      out.y[i] = gy;
      continue;
    }
    slotPositionInto(anchorX, anchorY, angle, slots[k * 2] as number, slots[k * 2 + 1] as number, p);
    const tx = Math.floor(p.x);
    const ty = Math.floor(p.y);
    const t = ty * w + tx;
    if (
      tx >= 0 &&
      ty >= 0 &&
      tx < w &&
      ty < grid.height &&
      near.has(t) &&
      !used.has(t) &&
      rtsSegmentClear(grid, anchorX, anchorY, p.x, p.y) &&
      (radius <= 0.5 || rtsBodyClear(grid, p.x, p.y, radius))
    ) {
      used.add(t);
      out.x[i] = p.x;
      out.y[i] = p.y;
      continue;
    }
    // The free tile near the goal nearest to the slot (ties: the earlier in breadth-first order) that the
    // formation's centre sees; only when there is none, the nearest of all. (The nearest of all was often across a
    // wall block from the goal, a long walk round it: the wedge at the studio's (42, 26) took 30.2 s, now 29.)
    let best = -1;
    for (let pass = 0; pass < 2 && best < 0; pass++) {
      let bestD = Number.POSITIVE_INFINITY;
      for (const c of queue) {
        if (used.has(c)) continue;
        const cx = c % w;
        const cy = (c - cx) / w;
        if (radius > 0.5 && !rtsBodyClear(grid, cx + 0.5, cy + 0.5, radius)) continue;
        const d = dHypot(cx + 0.5 - p.x, cy + 0.5 - p.y);
        if (d >= bestD) continue;
        // First pass: only tiles the formation's centre sees (the same side of a wall block as the others).
        if (pass === 0 && !rtsSegmentClear(grid, anchorX, anchorY, cx + 0.5, cy + 0.5)) continue;
        bestD = d;
        best = c;
      }
    }
    if (best < 0) {
      // More members than free tiles near the goal: this one stays where the goal's search began.
      out.x[i] = gx;
      out.y[i] = gy;
      continue;
    }
    used.add(best);
    const bx = best % w;
    out.x[i] = bx + 0.5;
    out.y[i] = (best - bx) / w + 0.5;
  }
}

/** v * v (the `**` operator's precision is left to each engine). */
function square(v: number): number {
  return v * v;
}

/** A formation has arrived when every member is this close to its end place, tiles. */
const TOLERANCE = 0.05;

/**
 * The end of a formation's march, once the commander stands on the goal: every other member gets an end place
 * ({@link rtsEndSpots}) and walks there by its own path; {@link RtsMarchEnd.step} tells when all are done.
 */
export class RtsMarchEnd {
  private readonly world: RtsGroupHost;
  private readonly group: RtsFormationGroup;
  private readonly endX: Float64Array;
  private readonly endY: Float64Array;
  private readonly endTries: Uint8Array;
  private endSteps = 0;
  /** Whether the commander has stood on the goal (it does when the end begins; a new commander walks there). */
  private commanderHome = true;

  /**
   * Hands out the end places (`order`: unit indices by slot; (ax, ay) the formation's centre with the commander
   * on the goal (gx, gy), where it stands or where its route ends; `radius`: the largest member's) and sends the
   * members there.
   */
  constructor(
    world: RtsGroupHost,
    g: RtsFormationGroup,
    order: Int32Array,
    ax: number,
    ay: number,
    radius: number,
    gx: number,
    gy: number,
  ) {
    this.world = world;
    this.group = g;
    const c = g.commander;
    const n = g.units.length;
    const spots = { x: new Float64Array(n), y: new Float64Array(n) };
    const reach = Math.max(256, 16 * n);
    const candidates = freeTilesNear(world.grid, world.units, g, Math.floor(gx), Math.floor(gy), reach, true);
    rtsEndSpots(world.grid, g.slots, g.slotOf, order, ax, ay, g.angle, gx, gy, radius, candidates, spots);
    // Who takes which place: members coming in (in file, or as a block) fill the places from the far side of
    // the direction of travel, so that no member has to pass through the members already in place: the members
    // most advanced along that direction take the farthest places (lanes by their side offset), the commander
    // keeps the goal.
    const dx = dCos(g.endAngle);
    const dy = dSin(g.endAngle);
    const ahead = (x: number, y: number) => Math.round(((x - gx) * dx + (y - gy) * dy) * 2);
    const side = (x: number, y: number) => (y - gy) * dx - (x - gx) * dy;
    const members: number[] = [];
    const places: number[] = [];
    g.units.forEach((u, i) => {
      if (u !== c) {
        members.push(i);
        places.push(i);
      }
    });
    const px = (i: number) => spots.x[i] as number;
    const py = (i: number) => spots.y[i] as number;
    places.sort(
      (a, b) => ahead(px(b), py(b)) - ahead(px(a), py(a)) || side(px(a), py(a)) - side(px(b), py(b)) || a - b,
    );
    const mx = (i: number) => (g.units[i] as RtsUnit).tailX;
    const my = (i: number) => (g.units[i] as RtsUnit).tailY;
    members.sort(
      (a, b) => ahead(mx(b), my(b)) - ahead(mx(a), my(a)) || side(mx(a), my(a)) - side(mx(b), my(b)) || a - b,
    );
    this.endX = new Float64Array(n);
    this.endY = new Float64Array(n);
    const ci = g.units.indexOf(c);
    this.endX[ci] = gx;
    this.endY[ci] = gy;
    // Each member takes over the slot of the place it was given (slotOf tells where it ends).
    const slotOf = g.slotOf.slice();
    members.forEach((i, k) => {
      const p = places[k] as number;
      this.endX[i] = spots.x[p] as number;
      this.endY[i] = spots.y[p] as number;
      g.slotOf[i] = slotOf[p] as number;
    });
    this.endTries = new Uint8Array(n);
    g.units.forEach((u, i) => {
      u.slotX = this.endX[i] as number;
      u.slotY = this.endY[i] as number;
      if (u !== c) world.setOrder(u, u.slotX, u.slotY);
    });
    c.speedMultiplier = 1;
  }

  /**
   * Members trade end places that are nearer to each other (the commander keeps the goal); then
   * {@link RtsMarchEnd.handOver}.
   */
  private trade(): void {
    const g = this.group;
    improvePlaces(g.units, g.commander, this.endX, this.endY, (a, b) => this.swapPlaces(a, b));
    this.handOver();
  }

  /** Units a and b (indices) swap end places and slots, and walk to their new places. */
  private swapPlaces(a: number, b: number): void {
    const g = this.group;
    const k = g.slotOf[a] as number;
    g.slotOf[a] = g.slotOf[b] as number;
    g.slotOf[b] = k;
    for (const i of [a, b]) {
      const u = g.units[i] as RtsUnit;
      u.slotX = this.endX[i] as number;
      u.slotY = this.endY[i] as number;
      this.endTries[i] = 0;
      this.world.setOrder(u, u.slotX, u.slotY);
    }
  }

  /**
   * A commander pushed off the goal (after standing on it) by more than half a tile hands the goal to the member
   * within a tile and a half of it that shortens their two ways the most, takes that member's place, and the
   * member commands from then on (the commander is the unit in slot 0, on the goal). Walking back instead, it
   * pushed its way through the members in their places and they pushed it back, until the timeout.
   */
  private handOver(): void {
    const g = this.group;
    const c = g.commander;
    const ci = g.units.indexOf(c);
    const gx = this.endX[ci] as number;
    const gy = this.endY[ci] as number;
    const dc = square(c.tailX - gx) + square(c.tailY - gy);
    if (dc <= TOLERANCE * TOLERANCE) this.commanderHome = true;
    if (!this.commanderHome || dc <= 0.25) return;
    let best = -1;
    let bestGain = 1e-9;
    g.units.forEach((u, i) => {
      if (u === c || u.failed) return;
      const dm = square(u.tailX - gx) + square(u.tailY - gy);
      if (dm > 1.5 * 1.5) return;
      const px = this.endX[i] as number;
      const py = this.endY[i] as number;
      const gain = dc + square(u.tailX - px) + square(u.tailY - py) - square(c.tailX - px) - square(c.tailY - py) - dm;
      if (gain > bestGain) {
        bestGain = gain;
        best = i;
      }
    });
    if (best < 0) return;
    const x = this.endX[ci] as number;
    const y = this.endY[ci] as number;
    this.endX[ci] = this.endX[best] as number;
    this.endY[ci] = this.endY[best] as number;
    this.endX[best] = x;
    this.endY[best] = y;
    this.swapPlaces(ci, best);
    g.commander = g.units[best] as RtsUnit;
    this.commanderHome = false;
  }

  /**
   * One step of the end: true (the formation has arrived) once every member has either reached its end
   * place (within 0.05 tiles) or failed, with the reason in its `failReason`. A member whose order ended short of
   * its place is sent again (four times at most), then fails (`slot-unreachable`); members still on their way when the
   * group's `formingTimeout` runs out fail (`formation-timeout`) and stop.
   */
  step(): boolean {
    const g = this.group;
    const world = this.world;
    this.endSteps++;
    const timeUp = this.endSteps > world.stepsFor(g.options.formingTimeout);
    // Every half second, members trade end places that are nearer to each other (two members each standing on
    // the other's place, or walking across each other, would else jam until the timeout).
    if (this.endSteps % world.stepsFor(0.5) === 0) this.trade();
    let done = true;
    g.units.forEach((u, i) => {
      if (u.failed && u.state === 'destination-reached') return;
      const x = this.endX[i] as number;
      const y = this.endY[i] as number;
      if (u.state === 'destination-reached' && dHypot(u.tailX - x, u.tailY - y) <= TOLERANCE) return;
      if (u === g.commander) {
        // Pushed off the goal by a member: it walks back to it (its slot) by itself.
        if (!timeUp) done = false;
        return;
      }
      if (timeUp) {
        world.stopUnit(u);
        u.failed = true;
        u.failReason = 'formation-timeout';
        return;
      }
      done = false;
      if (u.state !== 'destination-reached') return;
      // Ended short of its place (near arrival, or failed on the way): try again, then give up.
      const tries = this.endTries[i] as number;
      if (!u.failed && tries < 4) {
        this.endTries[i] = tries + 1;
        world.setOrder(u, x, y);
      } else if (!u.failed || u.failReason === null) {
        u.failed = true;
        u.failReason = 'slot-unreachable';
      }
    });
    return done || timeUp;
  }
}
