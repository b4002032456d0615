/**
 * The crowd step of the "Group Movement / Flocking Behavior" tutorial. Per unit, reading only the previous frame of everyone:
 * 1. Contacts: every other square within `unitSize + contactMargin` on both axes, judged on predicted positions
 *    (position + velocity * dt for both), found through the hashed neighbour grid. Each contact adds the unit
 *    vector of the wall of the other square that was hit (walls run clockwise, y down: top (1,0), right (0,1),
 *    bottom (-1,0), left (0,-1)) to the avoidance vector, restarting from that wall when the sum cancels
 *    (|x|, |y| < 0.001); the sum is normalised. `collidedWithOpposite` is set when the other's moving flag differs.
 * 2. Stop timers exactly as the flocking tutorial (./stop-timers.ts). A moving unit that arrives or times out becomes stopped
 *    with velocity and timer 0; a stopped unit whose timer says stop keeps velocity and timer 0 (the flocking tutorial:
 *    "ignore whatever value the timer has and just stop"; a timer left over would start it again, and be copied
 *    by its neighbours, the next time any unit touches it). A moving unit has arrived when its centre is within
 *    `arriveRadius` of the destination, or when it touches another unit while its square covers the destination
 *    (the flocking tutorial's "standing on the desired coordinates": in a crowd converging on one point the units jostle the
 *    one on the point, so that none may ever get within `arriveRadius`, and nobody stops while all move).
 *    For the moving unit's timer, a stopped square within `contactMargin + topSpeed * dt` counts as collided
 *    with: the speed limit below holds a unit up to one step short of the square that blocks it, where the
 *    contact test alone would see it touch, then not touch, then touch again (the timer would count up one
 *    frame and down the next ones, like the flocking tutorial's units that swing out).
 * 3. Acceleration: the avoidance vector while colliding and (moving, or stopped with a positive timer), else
 *    steering towards the destination (down the group's vector field when it has one, or along its smooth flow
 *    by the safe rule of `sampleFlow` when it has one; ./crowd-steer.ts). Stopped units that do not avoid stand
 *    still.
 * 4. Motion: speed capped at `topSpeed`; towards a touched unit no faster than it moves away; overlapping
 *    squares push each other apart by half the overlap each; blocked tiles and the map edge stop the square
 *    (x then y). Level tiles are squares too: a unit that avoids other units also adds the clockwise wall vector
 *    of each blocked tile its square touches (within `contactMargin`), by the same rule, so that the wall vector
 *    of a unit ahead cannot hold it pressed against a wall face (in a queue along a wall every unit hits the
 *    wall of the one ahead, whose vector may point into the wall; the flocking tutorial's moving units stop only
 *    for stopped ones, so they would stand there until the queue clears). Walls do not count as collisions for
 *    the stop timers. Without a unit to avoid, the field steers around the walls.
 */
import { OutOfRangeError } from '../errors.js';
import { clearanceOf } from '../flow/anchor-code.js';
import { bucket, crowdSearchRadius, type NeighbourGrid } from './crowd-grid.js';
import { H_CURRENT, H_STEPS } from './crowd-layout.js';
import { CROWD_CELL, MAX_CROWD_DT } from './crowd-options.js';
import {
  CROWD_BUMPED,
  CROWD_MOVING,
  CROWD_STOPPED,
  type Crowd,
  type CrowdFrame,
  checkCrowd,
  crowdCount,
} from './crowd-state.js';
import { crowdSteer, STEER } from './crowd-steer.js';
import { AVOID, addWallVectors, columnBlocked, rowBlocked, touchedWalls } from './crowd-walls.js';
import { type CrowdStopTimerResult, stopTimerMoving, stopTimerStopped } from './stop-timers.js';

/**
 * Tile spans ignore overlaps thinner than this fraction of a tile, so a unit clamped against a wall is outside it.
 * The edge a move leads with is taken exactly: a move that would put it past a grid line into a blocked tile, by
 * however little, is clamped to the line.
 */
const SPAN_EPS = 1e-7;
/** The flocking tutorial's test for an avoidance vector that cancelled out. */
const CANCEL = 0.001;
/** Rows of cells a span takes when it takes them all. */
const ALL_ROWS = [-2147483648, 2147483647] as const;

export function checkDt(dt: number): void {
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_CROWD_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_CROWD_DT}`);
}

const timerOut: CrowdStopTimerResult = { timer: 0, stop: false };

/**
 * Steps units `from` (inclusive) to `to` (exclusive) by `dt` seconds (0 < dt <= {@link MAX_CROWD_DT}). Reads the
 * current frame of every unit and the neighbour grid built by {@link prepareCrowdStep}; writes only the next
 * frame of units in the range. Disjoint ranges can therefore run in any order or on different threads, and
 * after {@link swapCrowd} the result is bit-identical whatever the split.
 */
export function stepCrowdRange(crowd: Crowd, from: number, to: number, dt: number): void {
  const n = checkCrowd(crowd);
  checkDt(dt);
  checkRange(from, to, n);
  stepUnits(crowd, crowd, { from, to, e0: 0, e1: n, rowFrom: ALL_ROWS[0], rowTo: ALL_ROWS[1] }, dt, null);
}

/**
 * Steps the units at positions `from` to `to` (exclusive) of the neighbour grid's order (`crowd.cellItems`, as
 * {@link prepareCrowdStep} left it): a block of the map's rows rather than of unit indices. Otherwise as
 * {@link stepCrowdRange}: the blocks of one step may run in any order or on different threads.
 */
export function stepCrowdGridRange(crowd: Crowd, from: number, to: number, dt: number): void {
  const n = checkCrowd(crowd);
  checkDt(dt);
  checkRange(from, to, n);
  stepUnits(crowd, crowd, { from: 0, to: n, e0: from, e1: to, rowFrom: ALL_ROWS[0], rowTo: ALL_ROWS[1] }, dt, null);
}

/**
 * As {@link stepCrowdGridRange}, but writes the units' next states into `out` (entry `e - base` for grid-order
 * position `e`) instead of the crowd's next frame: the worker half of a step without shared memory, whose
 * caller scatters them (internal).
 */
export function stepCrowdGridRangeInto(
  crowd: Crowd,
  from: number,
  to: number,
  dt: number,
  out: CrowdFrame,
  base: number,
): void {
  const n = checkCrowd(crowd);
  checkDt(dt);
  checkRange(from, to, n);
  if (!(base >= 0 && base <= from) || !Object.values(out).every((a) => (a as { length: number }).length >= to - base))
    throw new OutOfRangeError('out', to - base, 'arrays of the range`s length');
  const span = { from: 0, to: n, e0: from, e1: to, rowFrom: ALL_ROWS[0], rowTo: ALL_ROWS[1] };
  stepUnits(crowd, crowd, span, dt, { frame: out, index: null, slots: null, at: from - base, work: null });
}

function checkRange(from: number, to: number, n: number): void {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > n || from > to)
    throw new OutOfRangeError('range', [from, to], `integers with 0 <= from <= to <= ${n}`);
}

/**
 * Which units of a neighbour grid a call of {@link stepUnits} steps: those at positions [e0, e1) of the grid
 * whose index is in [from, to) and whose cell row is in [rowFrom, rowTo).
 */
export interface StepSpan {
  from: number;
  to: number;
  e0: number;
  e1: number;
  rowFrom: number;
  rowTo: number;
}

/**
 * Where {@link stepUnits} writes next states: the crowd's next frame at the units' indices (`frame` null), or
 * entries of `frame`: entry `slots[e]` for the unit at grid position e (when `slots` is given), else entries `at`,
 * `at + 1`, ... in the order the units are stepped (`at` is left after the last entry written); each unit's index
 * goes to `index` at its entry (when given). With `work`, each unit stepped adds
 * {@link UNIT_WORK} plus the neighbours it looked at to `work[row - span.rowFrom]`: the cost of its row, which
 * balances the bands of the next step.
 */
export interface StepOutput {
  frame: CrowdFrame | null;
  index: Int32Array | null;
  slots: Int32Array | null;
  at: number;
  work: Float64Array | null;
}

/** A unit's own share of its step, in neighbours looked at (steering, timers, moving): for balancing bands only. */
export const UNIT_WORK = 8;

/**
 * Steps the units of `span` (see {@link StepSpan}) reading the neighbour grid `g` (the crowd's own, or a band's),
 * into the next frame (or into `out`, see {@link StepOutput}). Internal: the public steps and ./crowd-band.ts.
 */
export function stepUnits(crowd: Crowd, g: NeighbourGrid, span: StepSpan, dt: number, out: StepOutput | null): void {
  const n = crowdCount(crowd);
  const cur = (crowd.header[H_CURRENT] as number) & 1;
  const packed = out?.frame ?? null;
  const N = packed ?? (crowd.frames[cur ^ 1] as CrowdFrame);
  const outIndex = out?.index ?? null;
  const slots = out?.slots ?? null;
  const work = out?.work ?? null;
  let w = out?.at ?? 0;
  const { from, to, e0, e1, rowFrom, rowTo } = span;
  // PERF: every array in a local so the hot loop does no property lookups.
  // The current frame in neighbour-grid order (prepareCrowdStep's copy): entry k is unit cellItems[k].
  const sorted = g.sorted;
  const px = sorted.x;
  const py = sorted.y;
  const pvx = sorted.vx;
  const pvy = sorted.vy;
  const ptimer = sorted.timer;
  const pstate = sorted.state;
  const cellX = sorted.cellX;
  const cellY = sorted.cellY;
  const nx = N.x;
  const ny = N.y;
  const nvx = N.vx;
  const nvy = N.vy;
  const ntimer = N.timer;
  const nstate = N.state;
  const navx = N.avoidX;
  const navy = N.avoidY;
  const { cellStart, cellItems } = g;
  const { unitGroup, groupTargetX, groupTargetY } = crowd;
  const flowC = clearanceOf(crowd.flowRadius);
  const mask = g.tableSize - 1;
  const T = CROWD_CELL;
  const { unitSize: S, topSpeed, acceleration: A, contactMargin, arriveRadius, bumpTime } = crowd.params;
  const h = S / 2;
  const reach = S + contactMargin;
  // A moving unit held this close to a stopped one counts as colliding with it (see the file comment).
  const holdReach = reach + topSpeed * dt;
  // A unit touching others stands on its destination when the point is under its square (grown by the margin).
  const cover = h + contactMargin;
  const searchRadius = crowdSearchRadius(crowd.params, dt);
  const { width: W, height: H, passable } = crowd.grid;
  const dv = A * dt;

  // PERF: the units in the order of the neighbour grid (row by row, see bucket), not by index: each unit reads
  // the field and its neighbours' cells near the previous unit's, in memory the cache already holds. Each unit's
  // result does not depend on the order.
  const all = from === 0 && to === n;
  for (let e = e0; e < e1; e++) {
    const i = cellItems[e] as number; // PERF: e < n
    if (!all && (i < from || i >= to)) continue;
    const row = cellY[e] as number;
    if (row < rowFrom || row >= rowTo) continue;
    const x = px[e] as number;
    const y = py[e] as number;
    let vx = pvx[e] as number;
    let vy = pvy[e] as number;
    let timer = ptimer[e] as number;
    const moving = pstate[e] === CROWD_MOVING;

    // --- collisions with other units (previous frame only) ---
    let ax = 0;
    let ay = 0;
    let collision = false;
    let opposite = false;
    let otherTimer = 0;
    let pushX = 0;
    let pushY = 0;
    // Speed limits towards touched units: no faster than the unit ahead moves away (never below 0).
    let maxR = Number.POSITIVE_INFINITY;
    let maxL = Number.POSITIVE_INFINITY;
    let maxU = Number.POSITIVE_INFINITY;
    let maxD = Number.POSITIVE_INFINITY;
    // PERF: only the cells the reach box touches (1 to 4, as reach < cell side), not the 3 x 3 block.
    const qx0 = Math.floor((x - searchRadius) / T);
    const qx1 = Math.floor((x + searchRadius) / T);
    const qy0 = Math.floor((y - searchRadius) / T);
    const qy1 = Math.floor((y + searchRadius) / T);
    // Contacts are judged where both squares will be if unimpeded (previous positions plus previous velocities
    // times dt), so units following each other at the same speed do not collide but closing ones do.
    const fx = x + vx * dt;
    const fy = y + vy * dt;
    let seen = 0;
    for (let qy = qy0; qy <= qy1; qy++) {
      for (let qx = qx0; qx <= qx1; qx++) {
        const b = bucket(qx, qy, W, mask);
        const end = cellStart[b + 1] as number;
        seen += end - (cellStart[b] as number);
        for (let k = cellStart[b] as number; k < end; k++) {
          // Skip hash collisions: only units whose cell is the queried one (each neighbour is seen once).
          if (k === e || cellX[k] !== qx || cellY[k] !== qy) continue;
          const xj = px[k] as number;
          const yj = py[k] as number;
          const dx = fx - (xj + (pvx[k] as number) * dt);
          const dy = fy - (yj + (pvy[k] as number) * dt);
          const adx = dx < 0 ? -dx : dx;
          const ady = dy < 0 ? -dy : dy;
          // Overlap now pushes the squares apart (each half of it), whether or not they are closing.
          const cdx = x - xj;
          const cdy = y - yj;
          const ocx = S - (cdx < 0 ? -cdx : cdx);
          const ocy = S - (cdy < 0 ? -cdy : cdy);
          if (ocx > 0 && ocy > 0) {
            if (ocx < ocy) pushX += cdx < 0 ? -ocx / 2 : ocx / 2;
            else pushY += cdy < 0 || (cdy === 0 && i < (cellItems[k] as number)) ? -ocy / 2 : ocy / 2;
          }
          const jMoving = pstate[k] === CROWD_MOVING;
          if (adx >= reach || ady >= reach) {
            // Held off by a stopped unit (one step short of touching it): collided with it, for the timer.
            if (moving && !jMoving && adx < holdReach && ady < holdReach) opposite = true;
            continue;
          }
          collision = true;
          if (!opposite) opposite = moving !== jMoving;
          const tj = ptimer[k] as number;
          if (!jMoving && tj > otherTimer) otherTimer = tj;
          const penX = S - adx;
          const penY = S - ady;
          // The wall of j that i hit, as a clockwise unit vector (y down): top (1,0), right (0,1),
          // bottom (-1,0), left (0,-1).
          let wx: number;
          let wy: number;
          if (penX < penY) {
            if (dx < 0) {
              wx = 0; // left wall
              wy = -1;
              const away = pvx[k] as number;
              if (away < maxR) maxR = Math.max(away, 0);
            } else {
              wx = 0; // right wall
              wy = 1;
              const away = -(pvx[k] as number);
              if (away < maxL) maxL = Math.max(away, 0);
            }
          } else {
            const above = dy < 0 || (dy === 0 && i < (cellItems[k] as number));
            if (above) {
              wx = 1; // top wall
              wy = 0;
              const away = pvy[k] as number;
              if (away < maxD) maxD = Math.max(away, 0);
            } else {
              wx = -1; // bottom wall
              wy = 0;
              const away = -(pvy[k] as number);
              if (away < maxU) maxU = Math.max(away, 0);
            }
          }
          ax += wx;
          ay += wy;
          if (Math.abs(ax) < CANCEL && Math.abs(ay) < CANCEL) {
            ax = wx;
            ay = wy;
          }
        }
      }
    }
    if (collision) {
      // Level squares count as squares: while avoiding units, a unit also follows the clockwise wall of each
      // blocked tile it touches (else an avoidance vector pointing into a wall holds it pressed there).
      AVOID[0] = ax;
      AVOID[1] = ay;
      addWallVectors(touchedWalls(passable, W, H, x, y, h, contactMargin, T, SPAN_EPS), CANCEL);
      ax = AVOID[0] as number;
      ay = AVOID[1] as number;
      const len = Math.sqrt(ax * ax + ay * ay);
      ax /= len;
      ay /= len;
    }

    // --- stop timers and acceleration ---
    const g = unitGroup[i] as number;
    const tx = groupTargetX[g] as number;
    const ty = groupTargetY[g] as number;
    let state: number = moving ? CROWD_MOVING : CROWD_STOPPED;
    let accelerate = false;
    let accX = 0;
    let accY = 0;
    if (moving) {
      stopTimerMoving(timer, opposite, x, y, tx, ty, topSpeed, dt, timerOut);
      timer = timerOut.timer;
      const ddx = tx - x;
      const ddy = ty - y;
      const dist = Math.sqrt(ddx * ddx + ddy * ddy);
      // Standing on the destination: near its centre, or jostled by others with the point under the square.
      const onPoint = dist < arriveRadius || (collision && Math.abs(ddx) <= cover && Math.abs(ddy) <= cover);
      if (timerOut.stop || onPoint) {
        // Arrived or exhausted: stop completely. The seed leaves the reset implicit; a fresh timer keeps the
        // exhausted unit from moving on as a "bumped" unit for as long as it had been stuck.
        state = CROWD_STOPPED;
        timer = 0;
        vx = 0;
        vy = 0;
      } else if (collision) {
        accelerate = true;
        accX = ax;
        accY = ay;
      } else {
        // Steer down the group's field or flow, or straight at the target (slowing to arrive): ./crowd-steer.ts.
        STEER[0] = x;
        STEER[1] = y;
        STEER[2] = dist;
        crowdSteer(crowd, g, flowC);
        const wx = STEER[0] as number;
        const wy = STEER[1] as number;
        const speed = STEER[2] as number;
        const sx = wx - x;
        const sy = wy - y;
        const sl = Math.sqrt(sx * sx + sy * sy);
        const desX = sl > 0 ? (sx / sl) * speed : 0;
        const desY = sl > 0 ? (sy / sl) * speed : 0;
        const ex = desX - vx;
        const ey = desY - vy;
        const el = Math.sqrt(ex * ex + ey * ey);
        if (el <= dv) {
          vx = desX;
          vy = desY;
        } else {
          vx += (ex / el) * dv;
          vy += (ey / el) * dv;
        }
      }
    } else {
      stopTimerStopped(timer, collision, opposite, otherTimer, dt, bumpTime, timerOut);
      // Stopping forgets the timer (the flocking tutorial: "ignore whatever value the timer has and just stop").
      timer = timerOut.stop ? 0 : timerOut.timer;
      if (!timerOut.stop && collision && timer > 0) {
        accelerate = true;
        accX = ax;
        accY = ay;
        state = CROWD_BUMPED;
      } else {
        vx = 0;
        vy = 0;
      }
    }
    if (accelerate) {
      vx += accX * dv;
      vy += accY * dv;
      const sp = Math.sqrt(vx * vx + vy * vy);
      if (sp > topSpeed) {
        vx *= topSpeed / sp;
        vy *= topSpeed / sp;
      }
    }
    // Do not push into a unit we touch: move towards it at most as fast as it moves away.
    if (vx > maxR) vx = maxR;
    else if (-vx > maxL) vx = -maxL;
    if (vy > maxD) vy = maxD;
    else if (-vy > maxU) vy = -maxU;

    // --- move, x then y, stopping at blocked tiles and the map edge ---
    let mx = vx * dt + pushX;
    let my = vy * dt + pushY;
    if (mx > h) mx = h;
    else if (mx < -h) mx = -h;
    if (my > h) my = h;
    else if (my < -h) my = -h;
    let nxv = x;
    let nyv = y;
    if (mx !== 0) {
      const r0 = Math.floor((nyv - h) / T + SPAN_EPS);
      const r1 = Math.ceil((nyv + h) / T - SPAN_EPS) - 1;
      const x2 = nxv + mx;
      if (mx > 0) {
        const c0 = Math.ceil((nxv + h) / T - SPAN_EPS) - 1;
        const c1 = Math.ceil((x2 + h) / T) - 1;
        if (c1 > c0 && columnBlocked(passable, W, H, c1, r0, r1)) {
          nxv = c1 * T - h;
          if (vx > 0) vx = 0;
        } else nxv = x2;
      } else {
        const c0 = Math.floor((nxv - h) / T + SPAN_EPS);
        const c1 = Math.floor((x2 - h) / T);
        if (c1 < c0 && columnBlocked(passable, W, H, c1, r0, r1)) {
          nxv = (c1 + 1) * T + h;
          if (vx < 0) vx = 0;
        } else nxv = x2;
      }
    }
    if (my !== 0) {
      const c0 = Math.floor((nxv - h) / T + SPAN_EPS);
      const c1 = Math.ceil((nxv + h) / T - SPAN_EPS) - 1;
      const y2 = nyv + my;
      if (my > 0) {
        const r0 = Math.ceil((nyv + h) / T - SPAN_EPS) - 1;
        const r1 = Math.ceil((y2 + h) / T) - 1;
        if (r1 > r0 && rowBlocked(passable, W, H, r1, c0, c1)) {
          nyv = r1 * T - h;
          if (vy > 0) vy = 0;
        } else nyv = y2;
      } else {
        const r0 = Math.floor((nyv - h) / T + SPAN_EPS);
        const r1 = Math.floor((y2 - h) / T);
        if (r1 < r0 && rowBlocked(passable, W, H, r1, c0, c1)) {
          nyv = (r1 + 1) * T + h;
          if (vy < 0) vy = 0;
        } else nyv = y2;
      }
    }
    if (state === CROWD_BUMPED && vx === 0 && vy === 0) state = CROWD_STOPPED;

    const slot = packed === null ? i : slots !== null ? (slots[e] as number) : w++;
    nx[slot] = nxv;
    ny[slot] = nyv;
    nvx[slot] = vx;
    nvy[slot] = vy;
    ntimer[slot] = timer;
    nstate[slot] = state;
    navx[slot] = ax;
    navy[slot] = ay;
    if (outIndex !== null) outIndex[slot] = i;
    if (work !== null) work[row - rowFrom] = (work[row - rowFrom] as number) + UNIT_WORK + seen;
  }
  if (out !== null) out.at = w;
}

/** Makes the frame written by the last step current. Call once after every range of the step has run. */
export function swapCrowd(crowd: Crowd): void {
  checkCrowd(crowd);
  crowd.header[H_CURRENT] = ((crowd.header[H_CURRENT] as number) ^ 1) & 1;
  crowd.header[H_STEPS] = (crowd.header[H_STEPS] as number) + 1;
}
