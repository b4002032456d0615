import { dAtan2, dCos, dHypot, dSin } from '../determinism/deterministic-math.js';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { type Point, readPoint } from '../grid/point.js';
import { checkInteger, checkNumber } from '../util/check-number.js';
import { ownOptions, recordOf } from '../util/own-options.js';

/** Formation shapes. `box` fills rows of `columns` units. */
export type RtsFormationKind = 'line' | 'column' | 'wedge' | 'box';
/** Every `RtsFormationKind`. */
export const RTS_FORMATION_KINDS: readonly RtsFormationKind[] = ['line', 'column', 'wedge', 'box'];

/** Most slots of one formation (`count` of {@link rtsFormationSlots}), columns included: 65536. */
const MAX_FORMATION_SLOTS = 1 << 16;

/**
 * Slot offsets of a formation of `count` units, as (forward, right) pairs in tiles, relative to the formation's
 * anchor; forward is the facing direction, right is 90 degrees clockwise from it (screen coordinates, y down).
 * The offsets are centred on their bounding box, and sorted by distance to the centre (ties: front first,
 * then left first) so slot 0 is the central slot (the commander's).
 * @param spacing distance between neighbouring slots, tiles, >= 0.5. Default 1.
 * @param columns units per row of a `box`, >= 1. Default ceil(sqrt(count)).
 * @throws OutOfRangeError for a `count` or `columns` that is not an integer from 1 to 65536.
 */
export function rtsFormationSlots(kind: RtsFormationKind, count: number, spacing = 1, columns?: number): Float64Array {
  if (!RTS_FORMATION_KINDS.includes(kind))
    throw new InvalidOptionError('formation', kind, RTS_FORMATION_KINDS.join(' | '));
  checkInteger('count', count, 1, MAX_FORMATION_SLOTS);
  if (typeof spacing !== 'number' || !(spacing >= 0.5 && spacing < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError('spacing', spacing, '>= 0.5');
  const cols = columns ?? Math.ceil(Math.sqrt(count));
  checkInteger('columns', cols, 1, MAX_FORMATION_SLOTS);
  const f: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < count; i++) {
    switch (kind) {
      case 'line':
        f.push(0);
        r.push(i);
        break;
      case 'column':
        f.push(-i);
        r.push(0);
        break;
      case 'wedge': {
        const row = Math.ceil(i / 2);
        f.push(-row);
        r.push(i === 0 ? 0 : i % 2 === 1 ? -row : row);
        break;
      }
      case 'box': {
        const row = Math.floor(i / cols);
        const inRow = Math.min(cols, count - row * cols);
        f.push(-row);
        r.push((i % cols) - (inRow - 1) / 2);
        break;
      }
    }
  }
  const fMid = (Math.max(...f) + Math.min(...f)) / 2;
  const rMid = (Math.max(...r) + Math.min(...r)) / 2;
  const order = f.map((_, i) => i);
  const d = (i: number) => dHypot((f[i] as number) - fMid, (r[i] as number) - rMid);
  order.sort(
    (a, b) => d(a) - d(b) || (f[b] as number) - (f[a] as number) || (r[a] as number) - (r[b] as number) || a - b,
  );
  const out = new Float64Array(count * 2);
  order.forEach((i, k) => {
    out[k * 2] = ((f[i] as number) - fMid) * spacing;
    out[k * 2 + 1] = ((r[i] as number) - rMid) * spacing;
  });
  return out;
}

/** Options of {@link rtsSlotPosition}. */
export interface RtsSlotPositionOptions {
  /**
   * An object to write the position into (and return).
   * @defaultValue undefined (meaning a new `{ x, y }`)
   */
  out?: { x: number; y: number };
}

/**
 * World position of a slot, in tiles: `anchor` (`{ x, y }` in tiles) plus the (`forward`, `right`) offset (tiles,
 * as {@link rtsFormationSlots} gives them) turned to `angle` (radians, 0 = east).
 * @throws InvalidOptionError when `anchor` is not a point or `out` not an object; OutOfRangeError when `angle`,
 *   `forward` or `right` is not a number.
 */
export function rtsSlotPosition(
  anchor: Point,
  angle: number,
  forward: number,
  right: number,
  options?: RtsSlotPositionOptions,
): { x: number; y: number } {
  const { x: ax, y: ay } = readPoint(anchor, 'anchor');
  checkNumber('angle', angle);
  checkNumber('forward', forward);
  checkNumber('right', right);
  const given = ownOptions(options, 'options', '{ out? }').out;
  const out =
    given === undefined ? { x: 0, y: 0 } : recordOf<{ x: number; y: number }>(given, 'out', 'an object { x, y }');
  return slotPositionInto(ax, ay, angle, forward, right, out);
}

/** {@link rtsSlotPosition} without the checks, on numbers (the formations' per-unit, per-tick call). Internal. */
export function slotPositionInto(
  ax: number,
  ay: number,
  angle: number,
  forward: number,
  right: number,
  out: { x: number; y: number },
): { x: number; y: number } {
  const c = dCos(angle);
  const s = dSin(angle);
  out.x = ax + forward * c - right * s;
  out.y = ay + forward * s + right * c;
  return out;
}

// Formation geometry used by RtsGroup (internal: not exported from the package).

/**
 * The formation's anchor (the centre of its slots) when the slot-0 unit (the commander) stands at (x, y) and the
 * formation faces `angle`: slot 0 may be off the centre (even rows or columns). (x, y) itself without slots.
 */
export function formationAnchor(
  slots: Float64Array,
  x: number,
  y: number,
  angle: number,
  out: { x: number; y: number },
): { x: number; y: number } {
  if (slots.length === 0) {
    out.x = x;
    out.y = y;
    return out;
  }
  slotPositionInto(0, 0, angle, slots[0] as number, slots[1] as number, out);
  out.x = x - out.x;
  out.y = y - out.y;
  return out;
}

/** Distance of the farthest slot from the anchor, tiles, and at least `min`. */
export function formationRadius(slots: Float64Array, min: number): number {
  let radius = min;
  for (let k = 0; k < slots.length; k += 2)
    radius = Math.max(radius, dHypot(slots[k] as number, slots[k + 1] as number));
  return radius;
}

/**
 * The angle (radians) rounded to a quarter turn: a formation built facing a grid axis has its slots on tile
 * centres.
 */
export function snapToQuarterTurn(a: number): number {
  return Math.round(a / (Math.PI / 2)) * (Math.PI / 2);
}

/** The angle (radians) rounded to an eighth of a turn: the facings of a marching formation. */
export function snapToEighthTurn(a: number): number {
  return Math.round(a / (Math.PI / 4)) * (Math.PI / 4);
}

/** Direction (radians) of the last leg of tile waypoints (x, y pairs), or `fallback` with fewer than two. */
export function lastLegAngle(wp: Int32Array, fallback: number): number {
  const n = wp.length;
  if (n < 4) return fallback;
  return dAtan2((wp[n - 1] as number) - (wp[n - 3] as number), (wp[n - 2] as number) - (wp[n - 4] as number));
}

/**
 * Gives each of n units one of n slots as a formation is built around its centre (cx, cy). Units sorted by
 * distance to the centre (ties: lower id first) take the nearest free slot in turn; the first of them commands
 * and takes slot 0 (the central one). Greedy picks can make paths cross, so two units swap slots whenever that
 * shortens the sum of their squared distances (the commander keeps slot 0; at most 20 passes).
 * @param x, y, ids the units' positions and ids. @param slotX, slotY the slots' positions (slot 0 first).
 * @param slotOf receives the slot of each unit, in input order.
 * @returns the index of the commander.
 */
export function assignFormationSlots(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  ids: ArrayLike<number>,
  cx: number,
  cy: number,
  slotX: ArrayLike<number>,
  slotY: ArrayLike<number>,
  slotOf: number[],
): number {
  const n = x.length;
  const at = (i: number) => dHypot((x[i] as number) - cx, (y[i] as number) - cy);
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  order.sort((a, b) => at(a) - at(b) || (ids[a] as number) - (ids[b] as number));
  const commander = order[0] as number;
  const taken = new Uint8Array(n);
  slotOf.length = n;
  for (const i of order) {
    let best = -1;
    let bd = Number.POSITIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      if (taken[k] || (i === commander && k !== 0)) continue;
      const d = dHypot((slotX[k] as number) - (x[i] as number), (slotY[k] as number) - (y[i] as number));
      if (d < bd) {
        bd = d;
        best = k;
      }
    }
    taken[best] = 1;
    slotOf[i] = best;
  }
  const d2 = (i: number, k: number) =>
    square((slotX[k] as number) - (x[i] as number)) + square((slotY[k] as number) - (y[i] as number));
  for (let pass = 0, changed = true; changed && pass < 20; pass++) {
    changed = false;
    for (const a of order) {
      if (a === commander) continue;
      for (const b of order) {
        if (b === commander || (ids[b] as number) <= (ids[a] as number)) continue;
        const ka = slotOf[a] as number;
        const kb = slotOf[b] as number;
        if (d2(a, ka) + d2(b, kb) > d2(a, kb) + d2(b, ka) + 1e-9) {
          slotOf[a] = kb;
          slotOf[b] = ka;
          changed = true;
        }
      }
    }
  }
  return commander;
}

/**
 * Sorts `order` (indices into `slotOf`) by slot, ties by index, as a stable sort by slot would. PERF: by
 * insertion, which is linear when the order is kept between calls and the slots did not change.
 */
export function sortBySlot(order: Int32Array, slotOf: readonly number[]): void {
  const n = order.length;
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
}

/**
 * The point `back` tiles behind the end of a trail (x, y pairs, oldest first), measured along the trail; the
 * oldest point if the trail is shorter. For members filing behind the commander through a narrow pass.
 */
export function pointBehind(trail: readonly number[], back: number, out: { x: number; y: number }) {
  const t = trail;
  let k = t.length - 2;
  let left = back;
  out.x = t[k] as number;
  out.y = t[k + 1] as number;
  for (; k >= 2 && left > 0; k -= 2) {
    const x0 = t[k] as number;
    const y0 = t[k + 1] as number;
    const x1 = t[k - 2] as number;
    const y1 = t[k - 1] as number;
    const d = dHypot(x1 - x0, y1 - y0);
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

/** v * v (the `**` operator's precision is left to each engine). */
function square(v: number): number {
  return v * v;
}
