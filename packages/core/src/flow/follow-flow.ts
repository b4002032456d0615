import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field } from '../fields/index.js';
import { passMask } from '../fields/safe-mask.js';
import { RULE_CENTRE, RULE_CORNER, RULE_DIRECT, RULE_SLIDE, SAFE, SAFE_STEP, SELF_BIT } from '../fields/safe-step.js';
import { SWEEP, sweepClear } from '../fields/safe-sweep.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { makePath, type Path, type Point, readPoint } from '../grid/point.js';
import { checkNumber } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';
import { anchorCodeX, anchorCodeY, CORNER_EXACT, clearanceOf } from './anchor-code.js';
import { checkFieldOf, checkFlow } from './check-flow.js';
import { flowDirection } from './flow-direction.js';
import { SIGHT, sweptClear } from './sight.js';
import type { Flow } from './types.js';

/** Options of {@link followFlow}. */
export interface FollowFlowOptions {
  /**
   * A Float64Array to write the points into while it is long enough (an even length): the path's `points` is
   * then a view of its start (no allocation but the path object); a longer path continues in a new array.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  out?: Float64Array;
  /**
   * Length of each step along the flow, in tiles, more than 0 and at most 1. A step ends early at the tile's
   * anchor (where the direction changes) and at a wall it slides along.
   * @defaultValue 0.25 ({@link DEFAULT_FOLLOW_STEP})
   */
  step?: number;
  /**
   * Longest path, in tiles, before the follower stops trusting the flow and follows the field's `dir` from
   * where it is. A number >= 0.
   * @defaultValue twice the field's cost at the start tile plus 16 (`2 * field.cost[start] + 16`)
   */
  maxLength?: number;
  /**
   * Filled with what the walk did (no allocation).
   * @defaultValue undefined (meaning no statistics are written)
   */
  stats?: FollowFlowStats;
}

/** What {@link followFlow} did. */
export interface FollowFlowStats {
  /** Points written (the start, every step's end, the goal's centre). */
  points: number;
  /** Length of the path in tiles. */
  length: number;
  /** True when the path ends at a goal's centre (false only from a wall or an unreachable tile). */
  reached: boolean;
  /**
   * Moves that met a wall (grown by the clearance) and slid along it, or went back towards their tile's centre,
   * instead of heading straight for the anchor (the rules 2 and 3 of `sampleFlow`).
   */
  slides: number;
  /** Steps taken along the field's `dir` after the flow stalled (no progress) or ran past `maxLength`. */
  fallbackSteps: number;
}

/** Default {@link FollowFlowOptions.step}, tiles. */
export const DEFAULT_FOLLOW_STEP = 0.25;
/** Tiles travelled without reaching a cheaper tile of the field before the follower falls back to `dir`. */
const PATIENCE = 12;
/** Slack below a grid line when clamping against a wall (keeps a clamped mover strictly outside). */
const CLAMP_EPS = 1e-9;

const EMPTY = new Float64Array(0);
/** The path being written (per thread; followFlow is synchronous and not re-entered). */
const path: { buf: Float64Array; n: number; length: number } = { buf: EMPTY, n: 0, length: 0 };

/** Fills `stats` (when given) and returns the path written (a view of its buffer), or null when it is empty. */
function finish(
  stats: FollowFlowStats | undefined,
  reached: boolean,
  slides: number,
  fallbackSteps: number,
): Path<Float64Array> | null {
  if (stats) {
    stats.points = path.n / 2;
    stats.length = path.length;
    stats.reached = reached;
    stats.slides = slides;
    stats.fallbackSteps = fallbackSteps;
  }
  const result = path.n === 0 ? null : makePath(path.length, path.buf.subarray(0, path.n));
  path.buf = EMPTY; // do not keep the caller's array alive
  return result;
}

/** Appends a point to {@link path}, growing its buffer (a copy) when full, and adds the segment's length. */
function put(px: number, py: number): void {
  let buf = path.buf;
  const n = path.n;
  if (n + 2 > buf.length) {
    const bigger = new Float64Array(Math.max(64, buf.length * 2));
    bigger.set(buf.subarray(0, n));
    path.buf = bigger;
    buf = bigger;
  }
  if (n >= 2) {
    const dx = px - (buf[n - 2] as number);
    const dy = py - (buf[n - 1] as number);
    path.length += Math.sqrt(dx * dx + dy * dy);
  }
  buf[n] = px;
  buf[n + 1] = py;
  path.n = n + 2;
}

/**
 * Follows a flow from the continuous position `start` (tiles) to a goal and returns the path as a
 * `Path<Float64Array>`: `cost` is its Euclidean length in tiles, `points` the polyline `[x0, y0, x1, y1, ...]` of
 * continuous positions: the start, then the end of every step (and every point where the direction changed
 * within one), then the goal tile's centre. The mover is a square of half-side `flowClearance(flow.radius)`; it
 * moves by the rule of {@link sampleFlow} (the one rule the followers, the crowd and the RTS world use): in moves
 * of at most `FLOW_SAFE_STEP` (0.1) tiles, each straight for the anchor of the tile it stands on when that is
 * clear, else sliding along the wall that hides the anchor, else back towards its tile's centre; a step is `step`
 * tiles of such moves, or ends early at an anchor. So the path never enters a wall tile nor passes a blocked
 * corner. Should the flow stall (no cheaper field tile for 12 tiles of travel) or run past `maxLength`, the
 * follower goes to its tile's centre and follows the field's `dir` (counted in `stats.fallbackSteps`). A start
 * closer than the clearance to a wall first moves to its tile's centre. Under the `always` diagonal rule the flow
 * may squeeze through the corner point between two diagonal walls: the path goes through that point.
 *
 * Writes into `options.out` while it is long enough (no allocation but the path object); a longer path continues
 * in a new array.
 * @returns the path, or null from a wall or an unreachable tile (no route).
 * @throws InvalidOptionError naming `start` unless it is a point `{ x, y }`; CoordinateError when the start is
 *   outside the grid; InvalidOptionError when grid, field and flow do not match, `out` is not a Float64Array, or
 *   the field's `dir` does not lead to a goal (a forged field: refused after at most `width * height` steps along
 *   it, never followed for ever); OutOfRangeError for a bad step, maxLength, an odd `out.length`, or a start
 *   coordinate that is not a finite number.
 */
export function followFlow(
  grid: Grid,
  field: Field,
  flow: Flow,
  start: Point,
  options?: FollowFlowOptions,
): Path<Float64Array> | null {
  checkGrid(grid);
  const { width: w, height: h, passable: pass } = grid;
  checkFieldOf(field, w, h);
  checkFlow(flow, w, h);
  checkSameGrid('field', field.gridId, grid);
  checkSameGrid('flow', flow.gridId, grid);
  const { x, y } = readPoint(start, 'start');
  checkNumber('start.x', x);
  checkNumber('start.y', y);
  const own = ownOptions(options, 'options');
  const out = own.out;
  if (out !== undefined && typedArrayName(out) !== 'Float64Array')
    throw new InvalidOptionError('out', out, 'a Float64Array');
  if (out !== undefined && out.length % 2 !== 0)
    throw new OutOfRangeError('out.length', out.length, 'an even length (x, y pairs)');
  const stats = own.stats;
  if (stats !== undefined && !isPlainObject(stats))
    throw new InvalidOptionError('stats', stats, 'a plain object to fill');
  const step = own.step ?? DEFAULT_FOLLOW_STEP;
  if (typeof step !== 'number' || !(step > 0 && step <= 1))
    throw new OutOfRangeError('step', step, 'tiles, > 0 and <= 1');
  if (!(x >= 0 && y >= 0 && x < w && y < h)) throw new CoordinateError('start', x, y, `is outside the ${w}x${h} grid`);
  path.buf = out ?? new Float64Array(64);
  path.n = 0;
  path.length = 0;
  let slides = 0;
  let fallbackSteps = 0;
  let t = Math.floor(y) * w + Math.floor(x);
  const code = pass[t] as number;
  const startCost = field.cost[t] as number;
  if (code === 0 || !(startCost < Number.POSITIVE_INFINITY)) return finish(stats, false, slides, fallbackSteps);
  const maxLength = own.maxLength ?? 2 * startCost + 16;
  if (typeof maxLength !== 'number' || !(maxLength >= 0))
    throw new OutOfRangeError('maxLength', maxLength, 'tiles, >= 0');
  const c = clearanceOf(flow.radius);
  let px = x;
  let py = y;
  put(px, py);
  if (!squareFree(pass, w, h, code, px, py, c)) {
    px = (t % w) + 0.5;
    py = Math.floor(t / w) + 0.5;
    put(px, py);
  }
  let best = startCost;
  let bestAt = 0;
  let bestStep = 0;
  let steps = 0;
  const patienceSteps = Math.ceil(PATIENCE / step) + 1;
  let trusting = true;
  let iterations = 0;
  const guard = 2 * w * h * (patienceSteps + 2) + 64;
  // The anchor the mover is heading for (NaN: none), kept while the anchor of its tile is out of view.
  let targetX = Number.NaN;
  let targetY = Number.NaN;
  for (;;) {
    t = Math.floor(py) * w + Math.floor(px);
    const d = field.dir[t] as number;
    if (d === NO_DIRECTION) {
      // A tile past the field's maxCost (not reachable): nowhere to go.
      if (!((field.cost[t] as number) < Number.POSITIVE_INFINITY)) return finish(stats, false, slides, fallbackSteps);
      // On a goal: end at its centre.
      const gx = (t % w) + 0.5;
      const gy = Math.floor(t / w) + 0.5;
      if (gx !== px || gy !== py) put(gx, gy);
      return finish(stats, true, slides, fallbackSteps);
    }
    const cost = field.cost[t] as number;
    if (cost < best) {
      best = cost;
      bestAt = path.length;
      bestStep = steps;
    }
    // A bound no walk along a real flow reaches (the cost improves at most once per tile, and at least once
    // per patience): a forged flow or field is refused instead of followed for ever.
    if (++iterations > guard) throw new InvalidOptionError('flow', flow, 'a flow computed from this field');
    if (
      trusting &&
      (!(path.length - bestAt <= PATIENCE) || steps - bestStep > patienceSteps || !(path.length <= maxLength))
    ) {
      trusting = false;
      const cx = (t % w) + 0.5;
      const cy = Math.floor(t / w) + 0.5;
      if (cx !== px || cy !== py) put(cx, cy);
      px = cx;
      py = cy;
    }
    if (!trusting) {
      // Fallback: one field step, centre to centre. A field's `dir` reaches a goal in fewer steps than tiles,
      // inside the grid; one that does not (forged, or not this grid's) is refused rather than followed for ever.
      px += (DIR_DX[d] as number | undefined) ?? Number.NaN;
      py += (DIR_DY[d] as number | undefined) ?? Number.NaN;
      if (!(px >= 0 && py >= 0 && px < w && py < h) || ++fallbackSteps > w * h)
        throw new InvalidOptionError('field.dir', field.dir, 'directions that lead to a goal inside the grid');
      put(px, py);
      continue;
    }
    const code0 = flow.anchor[t] as number;
    const ax = anchorCodeX(code0, w, c);
    const ay = anchorCodeY(code0, w, c);
    if (code0 >= 0 && (code0 & 7) === CORNER_EXACT) {
      // A gap between two diagonal walls (`always`): through its corner point, to the centre across it.
      put(ax, ay);
      px = ax + (ax > px ? 0.5 : -0.5);
      py = ay + (ay > py ? 0.5 : -0.5);
      put(px, py);
      continue;
    }
    // Switch to the tile's anchor when it is in view from here (the whole way); otherwise keep heading for the
    // anchor the mover was heading for, which stays in view along the way to it.
    if (!Number.isNaN(targetX) && (targetX !== ax || targetY !== ay)) {
      SIGHT[0] = px;
      SIGHT[1] = py;
      SIGHT[2] = ax;
      SIGHT[3] = ay;
      if (sweptClear(pass, w, h, code, c)) {
        targetX = ax;
        targetY = ay;
      }
    } else if (Number.isNaN(targetX)) {
      targetX = ax;
      targetY = ay;
    }
    const ex = targetX - px;
    const ey = targetY - py;
    const e = Math.sqrt(ex * ex + ey * ey);
    let qx = e <= step ? targetX : px + (ex / e) * step;
    let qy = e <= step ? targetY : py + (ey / e) * step;
    if (e > 0 && !lineClear(pass, w, h, code, c, px, py, ex / e, ey / e, Math.min(e, step))) {
      // The way ahead meets a wall (a start on the shadow side of a corner): moves by the safe rule of
      // sampleFlow (at most 0.1 tiles each, checked exactly) for this step, a point wherever its line changes.
      slides++;
      targetX = Number.NaN;
      targetY = Number.NaN;
      let left = step;
      let key = Number.NaN;
      let moved = false;
      qx = px;
      qy = py;
      for (;;) {
        const mt = Math.floor(qy) * w + Math.floor(qx);
        if ((field.dir[mt] as number) === NO_DIRECTION) break;
        const rule = sampleAt(flow, pass, w, h, code, c, qx, qy);
        if (rule !== RULE_DIRECT && rule !== RULE_CORNER && rule !== RULE_SLIDE && rule !== RULE_CENTRE) break;
        // The move's line: its anchor (direct), its tile's centre, its axis (slide) or its corner; apart from
        // anchor codes.
        const k =
          rule === RULE_DIRECT
            ? (flow.anchor[mt] as number)
            : rule === RULE_CENTRE
              ? -1_099_511_627_776 /* -2^40 */ - mt
              : rule === RULE_CORNER
                ? -35_184_372_088_832 /* -2^45 */ - cornerOf(qx, qy, w)
                : -1_125_899_906_842_624 /* -2^50 */ - axisOf();
        if (moved && k !== key) put(qx, qy);
        key = k;
        const reach = SAFE[2] as number;
        const d = Math.min(left, SAFE_STEP, reach);
        qx += (SAFE[0] as number) * d;
        qy += (SAFE[1] as number) * d;
        moved = true;
        left -= d;
        if (!(left > 1e-12) || (rule !== RULE_SLIDE && d === reach)) break;
      }
    } else if (qx === targetX && qy === targetY) {
      targetX = Number.NaN;
      targetY = Number.NaN;
    }
    steps++;
    if (qx === px && qy === py) {
      // Pinned (no clear way from here): let the fallback take over.
      bestStep = Number.NEGATIVE_INFINITY;
      continue;
    }
    px = qx;
    py = qy;
    put(px, py);
  }
}

/**
 * True when the body (half-side c) swept from (px, py) along the unit vector (ux, uy) for `len` tiles overlaps no
 * tile of another code: the exact 3 x 3 test of ../fields/safe-step.ts, piece by piece of at most 0.1 tiles.
 */
function lineClear(
  pass: Uint8Array,
  w: number,
  h: number,
  code: number,
  c: number,
  px: number,
  py: number,
  ux: number,
  uy: number,
  len: number,
): boolean {
  for (let done = 0; done < len; done += SAFE_STEP) {
    const piece = Math.min(SAFE_STEP, len - done);
    const sx = px + ux * done;
    const sy = py + uy * done;
    const tx = Math.floor(sx);
    const ty = Math.floor(sy);
    const fx = sx - tx;
    const fy = sy - ty;
    const mask = passMask(pass, w, h, tx, ty, code, fx, fy, c + piece);
    if ((mask & SELF_BIT) !== 0) return false;
    SWEEP[0] = fx;
    SWEEP[1] = fy;
    SWEEP[2] = ux * piece;
    SWEEP[3] = uy * piece;
    SWEEP[4] = c;
    if (!sweepClear(mask)) return false;
  }
  return true;
}

/** A small integer for the axis of the last slide (0..3), so that two slides along different axes differ. */
/**
 * The corner a corner move from (qx, qy) heads for (SAFE[0..1] its direction, SAFE[2] its distance), as a number:
 * its tile corner (vertex) and the side of it the body grazes it from (the corner lies less than half a tile off).
 */
function cornerOf(qx: number, qy: number, w: number): number {
  const kx = qx + (SAFE[0] as number) * (SAFE[2] as number);
  const ky = qy + (SAFE[1] as number) * (SAFE[2] as number);
  const vx = Math.round(kx);
  const vy = Math.round(ky);
  return (vy * (w + 1) + vx) * 4 + (kx > vx ? 1 : 0) + (ky > vy ? 2 : 0);
}

function axisOf(): number {
  return (SAFE[0] as number) > 0 ? 0 : (SAFE[0] as number) < 0 ? 1 : (SAFE[1] as number) > 0 ? 2 : 3;
}

/** The safe rule at (px, py) (see ./flow-direction.ts); writes SAFE[0..2], returns the rule. */
function sampleAt(flow: Flow, pass: Uint8Array, w: number, h: number, code: number, c: number, px: number, py: number) {
  SAFE[0] = px;
  SAFE[1] = py;
  SAFE[4] = c;
  return flowDirection(flow.anchor, 0, flow.vx, flow.vy, w, h, pass, code);
}

/** True for an object literal (or one without a prototype): something `stats` can be written into. */
function isPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when a square of half-side c centred at (x, y) overlaps no wall (touching allowed). */
function squareFree(pass: Uint8Array, w: number, h: number, code: number, x: number, y: number, c: number): boolean {
  const x0 = Math.floor(x - c + CLAMP_EPS);
  const x1 = Math.ceil(x + c - CLAMP_EPS) - 1;
  const y0 = Math.floor(y - c + CLAMP_EPS);
  const y1 = Math.ceil(y + c - CLAMP_EPS) - 1;
  for (let ty = y0; ty <= y1; ty++) {
    for (let tx = x0; tx <= x1; tx++) {
      if (!(tx >= 0 && ty >= 0 && tx < w && ty < h && pass[ty * w + tx] === code)) return false;
    }
  }
  return true;
}
