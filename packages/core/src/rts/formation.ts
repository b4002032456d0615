import { InvalidOptionError, OutOfRangeError } from '../errors.js';

/** Formation shapes. `box` fills rows of `columns` units. */
export type RtsFormationKind = 'line' | 'column' | 'wedge' | 'box';
export const RTS_FORMATION_KINDS: readonly RtsFormationKind[] = ['line', 'column', 'wedge', 'box'];

/**
 * Slot offsets of a formation of `count` units, as (forward, right) pairs in tiles, relative to the formation's
 * anchor; forward is the facing direction, right is 90 degrees clockwise from it (screen coordinates, y down).
 * The offsets are centred on their bounding box, and sorted by distance to the centre (ties: front first,
 * then left first) so slot 0 is the central slot (the commander's).
 * @param spacing distance between neighbouring slots, tiles, >= 0.5. Default 1.
 * @param columns units per row of a `box`, >= 1. Default ceil(sqrt(count)).
 */
export function rtsFormationSlots(kind: RtsFormationKind, count: number, spacing = 1, columns?: number): Float64Array {
  if (!RTS_FORMATION_KINDS.includes(kind))
    throw new InvalidOptionError('formation', kind, RTS_FORMATION_KINDS.join(' | '));
  if (!Number.isInteger(count) || count < 1) throw new OutOfRangeError('count', count, 'an integer >= 1');
  if (!(spacing >= 0.5 && spacing < Number.POSITIVE_INFINITY)) throw new OutOfRangeError('spacing', spacing, '>= 0.5');
  const cols = columns ?? Math.ceil(Math.sqrt(count));
  if (!Number.isInteger(cols) || cols < 1) throw new OutOfRangeError('columns', cols, 'an integer >= 1');
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
  const d = (i: number) => Math.hypot((f[i] as number) - fMid, (r[i] as number) - rMid);
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

/** World position of a slot: anchor plus the (forward, right) offset turned to `angle` (radians, 0 = east). */
export function rtsSlotPosition(
  ax: number,
  ay: number,
  angle: number,
  forward: number,
  right: number,
  out: { x: number; y: number },
): { x: number; y: number } {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  out.x = ax + forward * c - right * s;
  out.y = ay + forward * s + right * c;
  return out;
}
