/**
 * What a follower follows, and the one read of it per move: a flow, a field or a sector corridor field, each by the
 * safe rule of ../fields/safe-step.ts (the rule of `sampleFlow` and `sampleField`). Internal, but the target
 * objects are plain (typed arrays and numbers), so a worker receives them as they are.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkField } from '../fields/check-field.js';
import * as safeMask from '../fields/safe-mask.js';
import * as safeStep from '../fields/safe-step.js';
import * as safeSweep from '../fields/safe-sweep.js';
import type { Field } from '../fields/types.js';
import { clearanceOf } from '../flow/anchor-code.js';
import { checkFlow } from '../flow/check-flow.js';
import * as flowDirectionModule from '../flow/flow-direction.js';
import { type Flow, MAX_FLOW_RADIUS } from '../flow/types.js';
import * as directions from '../grid/directions.js';
import type { CorridorFieldData } from '../sectors/corridor-data.js';
import { CorridorField } from '../sectors/corridor-field.js';
import { ownOptions } from '../util/own-options.js';

// PERF: module-local copies of the imported names the sampling code uses (V8 checks an imported binding's module
// cell on every use; a local const costs nothing; see ../followers/followers-step.ts).
const { fieldMask, flowMask, reachMask } = safeMask;
const { RULE_STILL, SAFE, SAFE_STEP, SELF_BIT, safeDirection } = safeStep;
const { SWEEP, sweepEntry } = safeSweep;
const { flowDirection } = flowDirectionModule;
const { DIR_DX, DIR_DY } = directions;

/**
 * A target to follow, as given to `addFollowTarget`: a flow (its radius is the body's), a field or a corridor
 * field of the followers' grid, with the body's radius.
 */
export type FollowTargetInput =
  | { flow: Flow }
  | {
      field: Field;
      /**
       * Half-side of the followers' square bodies, tiles, from 0 to 0.45 (0 is checked as 1/256).
       * @defaultValue 0
       */
      radius?: number;
    }
  | {
      corridor: CorridorField;
      /**
       * Half-side of the followers' square bodies, tiles, from 0 to 0.45 (0 is checked as 1/256).
       * @defaultValue 0
       */
      radius?: number;
    };

/** Kinds of a stored target. */
export const TARGET_FLOW = 0;
export const TARGET_FIELD = 1;
export const TARGET_CORRIDOR = 2;

/** A stored target: plain data (structured-cloneable), the clearance resolved; frozen once checked. */
export interface FollowTarget {
  readonly kind: number;
  /** The body's clearance, tiles (`flowClearance` of the radius). */
  readonly clearance: number;
  readonly flow: Pick<Flow, 'anchor' | 'vx' | 'vy'> | null;
  readonly field: Pick<Field, 'cost' | 'dir'> | null;
  readonly corridor: CorridorFieldData | null;
}

/** Targets checked for this thread (made by {@link resolveTarget}, or received and checked): frozen, trusted. */
const TRUSTED = new WeakSet<object>();

/** Freezes a checked target and remembers it, so that later checks are O(1). */
export function trustTarget(t: FollowTarget): FollowTarget {
  Object.freeze(t);
  TRUSTED.add(t);
  return t;
}

/** True for a target made or checked on this thread. */
export function isTrustedTarget(t: unknown): boolean {
  return typeof t === 'object' && t !== null && TRUSTED.has(t);
}

/** Checks a target input against a grid of `w` x `h` tiles and stores it. */
export function resolveTarget(input: FollowTargetInput, w: number, h: number): FollowTarget {
  const own = ownOptions(
    input as Record<string, unknown>,
    'target',
    'an object { flow } or { field | corridor, radius? }',
  );
  const radius = (own.radius as number | undefined) ?? 0;
  if (typeof radius !== 'number' || !(radius >= 0 && radius <= MAX_FLOW_RADIUS))
    throw new OutOfRangeError('target.radius', radius, `tiles, from 0 to ${MAX_FLOW_RADIUS}`);
  const sizeError = (name: string, o: { width: number; height: number }) =>
    new InvalidOptionError(
      `target.${name}`,
      `a ${o.width}x${o.height} ${name}`,
      `one of the followers' ${w}x${h} grid`,
    );
  if (own.flow !== undefined) {
    const flow = own.flow as Flow;
    checkFlow(flow, undefined, undefined, 'target.flow');
    if (flow.width !== w || flow.height !== h) throw sizeError('flow', flow);
    const arrays = { anchor: flow.anchor, vx: flow.vx, vy: flow.vy };
    return trustTarget({
      kind: TARGET_FLOW,
      clearance: clearanceOf(flow.radius),
      flow: arrays,
      field: null,
      corridor: null,
    });
  }
  if (own.field !== undefined) {
    const field = own.field as Field;
    checkField(field, 'target.field');
    if (field.width !== w || field.height !== h) throw sizeError('field', field);
    return trustTarget({
      kind: TARGET_FIELD,
      clearance: clearanceOf(radius),
      flow: null,
      field: { cost: field.cost, dir: field.dir },
      corridor: null,
    });
  }
  if (own.corridor !== undefined) {
    const corridor = own.corridor;
    if (!(corridor instanceof CorridorField))
      throw new InvalidOptionError('target.corridor', corridor, 'a CorridorField');
    if (corridor.width !== w || corridor.height !== h) throw sizeError('corridor', corridor);
    return trustTarget({
      kind: TARGET_CORRIDOR,
      clearance: clearanceOf(radius),
      flow: null,
      field: null,
      corridor: corridor.data,
    });
  }
  throw new InvalidOptionError('target', input, 'an object { flow } or { field | corridor, radius? }');
}

/**
 * The blocked mask of the whole 3 x 3 block around tile (tx, ty) on a flow: what `flowMask` gives with the
 * tile's centre and a reach of the whole block (a tile is blocked off the map, of another code than `code`, or
 * without an anchor). PERF: a tile whose block lies inside the map reads its nine tiles in one unrolled pass, with
 * no test of the map's edges; the followers read one block per sample and per tile a kept way is extended through.
 */
export function wholeFlowMask(
  anchor: Int32Array,
  pass: Uint8Array,
  w: number,
  h: number,
  tx: number,
  ty: number,
  code: number,
): number {
  if (!(tx >= 1 && ty >= 1 && tx < w - 1 && ty < h - 1))
    return flowMask(anchor, 0, w, h, tx, ty, pass, code, 0.5, 0.5, WHOLE_BLOCK);
  let mask = 0;
  let i = (ty - 1) * w + tx - 1;
  // Bit (dy + 1) * 3 + dx + 1 for the tile at (dx, dy) from (tx, ty), row by row.
  for (let bit = 1; bit < 512; bit <<= 3) {
    if (pass[i] !== code || anchor[i] === -1) mask |= bit;
    if (pass[i + 1] !== code || anchor[i + 1] === -1) mask |= bit << 1;
    if (pass[i + 2] !== code || anchor[i + 2] === -1) mask |= bit << 2;
    i += w;
  }
  return mask;
}

/** What {@link sampleTarget} found besides a direction: the point is on a goal tile. */
export const AT_GOAL = -1;

/** A `reach` for the masks that reads the whole 3 x 3 block (from any point: they are given the tile's centre). */
const WHOLE_BLOCK = 2;

/**
 * The blocked mask of the whole 3 x 3 block around the tile of the point {@link sampleTarget} last sampled (for the
 * way the follower keeps, {@link clearWay}, and kept in the follower's memo for its next sample in that tile);
 * read at most once per sample, -1 when the sample read none.
 */
export const WHOLE = new Int32Array(1);

/**
 * The direction for a follower at (SAFE[0], SAFE[1]) (tiles, inside the map) on target `t`, over the grid's
 * passability `pass` (tiles of another code than the point's count as blocked): writes SAFE[0..2] and returns
 * the rule of ../fields/safe-step.ts, or {@link AT_GOAL} on a goal tile (no direction written). `known` is the
 * blocked mask of the point's tile's whole 3 x 3 block on this target and grid ({@link WHOLE}[0] after an earlier
 * sample in the same tile), or -1 to read it from the map. Leaves that mask in WHOLE[0] (-1 when none was read).
 */
export function sampleTarget(t: FollowTarget, pass: Uint8Array, w: number, h: number, known: number): number {
  const x = SAFE[0] as number;
  const y = SAFE[1] as number;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const i = ty * w + tx;
  const fx = x - tx;
  const fy = y - ty;
  SAFE[4] = t.clearance;
  WHOLE[0] = -1;
  if (t.kind === TARGET_FLOW) {
    const flow = t.flow as Pick<Flow, 'anchor' | 'vx' | 'vy'>;
    // A goal's anchor is its own centre (no other tile's is).
    if (flow.anchor[i] === -2 - i) return AT_GOAL;
    const whole = known >= 0 ? known : wholeFlowMask(flow.anchor, pass, w, h, tx, ty, pass[i] as number);
    WHOLE[0] = whole;
    // The mask is given whole, so flowDirection reads neither `pass` nor the code.
    return flowDirection(flow.anchor, 0, flow.vx, flow.vy, w, h, pass, 0, true, whole);
  }
  let d: number;
  if (t.kind === TARGET_FIELD) {
    const f = t.field as Pick<Field, 'cost' | 'dir'>;
    if (!((f.cost[i] as number) < Number.POSITIVE_INFINITY)) return stillRule();
    d = f.dir[i] as number;
  } else {
    const s = corridorSlot(t.corridor as CorridorFieldData, tx, ty, w);
    const cd = t.corridor as CorridorFieldData;
    if (s < 0 || !((cd.cost[s] as number) < Number.POSITIVE_INFINITY)) return stillRule();
    d = cd.dir[s] as number;
  }
  if (d > 7) return AT_GOAL;
  SAFE[0] = fx;
  SAFE[1] = fy;
  SAFE[2] = 0.5 + (DIR_DX[d] as number);
  SAFE[3] = 0.5 + (DIR_DY[d] as number);
  SAFE[5] = 0;
  SAFE[6] = 0;
  SAFE[7] = SAFE_STEP;
  const code = pass[i] as number;
  const whole =
    known >= 0
      ? known
      : t.kind === TARGET_FIELD
        ? fieldMask((t.field as Pick<Field, 'cost'>).cost, w, h, tx, ty, pass, code, 0.5, 0.5, WHOLE_BLOCK)
        : corridorMask(t.corridor as CorridorFieldData, w, h, tx, ty, pass, code, 0.5, 0.5, WHOLE_BLOCK);
  WHOLE[0] = whole;
  return safeDirection(whole & reachMask(fx, fy, t.clearance + SAFE_STEP));
}

/** How far past its tile's border a follower's kept direct segment runs, tiles: its end lies in the next tile. */
const PAST_BORDER = 1e-6;

/**
 * How far a follower at (x, y) may keep going along the direct direction (dx, dy) that {@link sampleTarget} gave
 * towards a target `dist` tiles away, if the way is clear ({@link clearWay}): to the target, or just past
 * the border of its tile when that comes first. Every point of the way but the last heads for the same point (its
 * tile's), so a follower may go on along it with no new sample.
 */
export function directReach(x: number, y: number, dx: number, dy: number, dist: number): number {
  const fx = x - Math.floor(x);
  const fy = y - Math.floor(y);
  const toX = dx > 0 ? (1 - fx) / dx : dx < 0 ? -fx / dx : Number.POSITIVE_INFINITY;
  const toY = dy > 0 ? (1 - fy) / dy : dy < 0 ? -fy / dy : Number.POSITIVE_INFINITY;
  return Math.min(dist, Math.min(toX, toY) + PAST_BORDER);
}

/**
 * In and out of {@link clearWay} and {@link extendDirect}: [0] x, [1] y (the follower, tiles), [2] dx, [3] dy (the
 * unit vector it goes along), [4] the way's length (tiles; in, and out as far as it may be kept), [5] how far it is
 * known clear (clearWay), [6] how far the point it heads for is (extendDirect). PERF: numbers through an array, as
 * {@link SAFE}: V8 passes a double to a call it does not inline as a new heap number.
 */
export const WAY = new Float64Array(7);

/**
 * How far a follower at (WAY[0], WAY[1]), just sampled by {@link sampleTarget} on target `t`, may keep going along
 * the unit vector (WAY[2], WAY[3]) for a way of WAY[4] tiles, given that its first WAY[5] tiles are clear: all of it
 * when the body swept along it overlaps no blocked tile of the 3 x 3 block around its tile (the exact check of the
 * safe rule, over the whole block); else up to {@link SAFE_STEP} short of the first blocked tile it meets (so the
 * follower samples again where the rule would have turned), and never less than WAY[5]. Writes WAY[4]. The way must
 * stay within the tile, or leave it by no more than the body's room (half-side plus length past the border under a
 * tile), as every way the followers keep does: the way to the point the tile heads for or just past the border,
 * to a corner in the tile, to the tile's centre.
 */
export function clearWay(t: FollowTarget): void {
  const whole = WHOLE[0] as number;
  const x = WAY[0] as number;
  const y = WAY[1] as number;
  const len = WAY[4] as number;
  const checked = WAY[5] as number;
  if ((whole & SELF_BIT) !== 0) {
    WAY[4] = checked;
    return;
  }
  // No blocked tile in the block: the whole way is clear (sweepEntry of an empty mask).
  if (whole === 0) return;
  SWEEP[0] = x - Math.floor(x);
  SWEEP[1] = y - Math.floor(y);
  SWEEP[2] = (WAY[2] as number) * len;
  SWEEP[3] = (WAY[3] as number) * len;
  SWEEP[4] = t.clearance;
  if (sweepEntry(whole)) return;
  WAY[4] = Math.max((SWEEP[5] as number) * len - SAFE_STEP, checked);
}

/** Most tiles a follower's direct way is extended over further tiles heading for the same point. */
export const MAX_EXTENDED = 6;

/**
 * Extends a follower's clear direct way on a flow target across the tiles that head for the same point: the
 * follower at (WAY[0], WAY[1]) goes along the unit vector (WAY[2], WAY[3]) towards its tile's anchor WAY[6] tiles
 * away, clear for WAY[4] tiles (to just past its tile's border, {@link directReach}). While the tile the way enters
 * has the same anchor (and is no goal), the same passability code, and the body swept along the way through it (to
 * just past its border, and at least the safe step) overlaps no blocked tile of its 3 x 3 block, the way goes on
 * through it: the move that sampling afresh in that tile would give (the direct rule towards the same point, as
 * far as {@link directReach}). Writes the way's new length to WAY[4]: at most about {@link MAX_EXTENDED} tiles plus
 * a tile's diagonal.
 */
export function extendDirect(t: FollowTarget, pass: Uint8Array, w: number, h: number): void {
  if (t.kind !== TARGET_FLOW) return;
  const anchor = (t.flow as Pick<Flow, 'anchor'>).anchor;
  const x = WAY[0] as number;
  const y = WAY[1] as number;
  const dx = WAY[2] as number;
  const dy = WAY[3] as number;
  const dist = WAY[6] as number;
  const start = Math.floor(y) * w + Math.floor(x);
  const a = anchor[start] as number;
  const code = pass[start] as number;
  let way = WAY[4] as number;
  while (way < dist && way < MAX_EXTENDED) {
    const qx = x + dx * way;
    const qy = y + dy * way;
    if (!(qx >= 0 && qy >= 0 && qx < w && qy < h)) break;
    const tx = Math.floor(qx);
    const ty = Math.floor(qy);
    const j = ty * w + tx;
    // Another anchor (a goal's is its own centre, so a goal tile always stops the way) or another code.
    if (anchor[j] !== a || a === -2 - j || pass[j] !== code) break;
    const whole = wholeFlowMask(anchor, pass, w, h, tx, ty, code);
    if ((whole & SELF_BIT) !== 0) break;
    const rest = dist - way;
    const step = directReach(qx, qy, dx, dy, rest);
    // A block with no blocked tile lets any body through (sweepEntry of an empty mask).
    if (whole !== 0) {
      const check = Math.max(step, Math.min(SAFE_STEP, rest));
      SWEEP[0] = qx - tx;
      SWEEP[1] = qy - ty;
      SWEEP[2] = dx * check;
      SWEEP[3] = dy * check;
      SWEEP[4] = t.clearance;
      if (!sweepEntry(whole)) break;
    }
    way += step;
  }
  WAY[4] = way;
}

/** True when (x, y) (tiles, inside the map) lies on a goal tile of target `t`. */
export function onGoal(t: FollowTarget, x: number, y: number, w: number): boolean {
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const i = ty * w + tx;
  if (t.kind === TARGET_FLOW) return (t.flow as Pick<Flow, 'anchor'>).anchor[i] === -2 - i;
  if (t.kind === TARGET_FIELD) {
    const f = t.field as Pick<Field, 'cost' | 'dir'>;
    return (f.dir[i] as number) > 7 && (f.cost[i] as number) < Number.POSITIVE_INFINITY;
  }
  const d = t.corridor as CorridorFieldData;
  const s = corridorSlot(d, tx, ty, w);
  return s >= 0 && (d.dir[s] as number) > 7 && (d.cost[s] as number) < Number.POSITIVE_INFINITY;
}

function stillRule(): number {
  SAFE[0] = 0;
  SAFE[1] = 0;
  SAFE[2] = 0;
  return RULE_STILL;
}

/** Slot of tile (x, y) in a corridor field's arrays, or -1 outside its corridor (x, y inside the map). */
function corridorSlot(d: CorridorFieldData, x: number, y: number, w: number): number {
  if (d.full === true) return y * w + x;
  const shift = d.shift;
  const b = d.sectorBlock[(y >> shift) * d.sectorsX + (x >> shift)] as number;
  if (b < 0) return -1;
  const mask = (1 << shift) - 1;
  return (b << (2 * shift)) | ((y & mask) << shift) | (x & mask);
}

/** As `fieldMask` (../fields/safe-mask.ts) over a corridor field: blocked = no finite cost there, or another code. */
function corridorMask(
  d: CorridorFieldData,
  w: number,
  h: number,
  tx: number,
  ty: number,
  pass: Uint8Array,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  let mask = 0;
  const x0 = fx < reach ? -1 : 0;
  const x1 = fx > 1 - reach ? 1 : 0;
  const y0 = fy < reach ? -1 : 0;
  const y1 = fy > 1 - reach ? 1 : 0;
  for (let dy = y0; dy <= y1; dy++) {
    const y = ty + dy;
    for (let dx = x0; dx <= x1; dx++) {
      const x = tx + dx;
      const bit = 1 << ((dy + 1) * 3 + dx + 1);
      if (x < 0 || y < 0 || x >= w || y >= h || pass[y * w + x] !== code) {
        mask |= bit;
        continue;
      }
      const s = corridorSlot(d, x, y, w);
      if (s < 0 || !((d.cost[s] as number) < Number.POSITIVE_INFINITY)) mask |= bit;
    }
  }
  return mask;
}
