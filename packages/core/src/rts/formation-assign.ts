/**
 * Who holds which place of a marching formation: slots and places in file are handed to the members so that
 * their total travel is short ("Building the formation" of rodrigodpl's RTS group movement tutorial sorts units by
 * distance to take the nearest slots; here the same rule is kept up while the formation moves). Internal.
 */
import { dAtan2, dHypot } from '../determinism/deterministic-math.js';
import { formationAnchor, slotPositionInto } from './formation.js';
import type { RtsUnit } from './unit.js';

/** v * v (the `**` operator's precision is left to each engine). */
function square(v: number): number {
  return v * v;
}

/**
 * One pass of pairwise swaps: members `a` and `b` (not `skip`, the commander, nor failed members) trade their
 * places whenever that shortens the sum of their squared distances to them. `px`, `py` hold the place of each
 * unit (by index) and are swapped along; `swap(a, b)` is called for every trade so that the caller swaps
 * whatever the places stand for (slot indices, ranks in file, end places). Returns the number of trades.
 * Deterministic: pairs in index order, a strict improvement (more than 1e-9 tiles²) needed.
 */
export function improvePlaces(
  units: readonly RtsUnit[],
  skip: RtsUnit,
  px: Float64Array,
  py: Float64Array,
  swap: (a: number, b: number) => void,
): number {
  const n = units.length;
  const d2 = (i: number, j: number) => {
    const u = units[i] as RtsUnit;
    return square(u.tailX - (px[j] as number)) + square(u.tailY - (py[j] as number));
  };
  let trades = 0;
  for (let a = 0; a < n; a++) {
    const ua = units[a] as RtsUnit;
    if (ua === skip || ua.failed) continue;
    for (let b = a + 1; b < n; b++) {
      const ub = units[b] as RtsUnit;
      if (ub === skip || ub.failed) continue;
      if (d2(a, b) + d2(b, a) + 1e-9 < d2(a, a) + d2(b, b)) {
        const x = px[a] as number;
        const y = py[a] as number;
        px[a] = px[b] as number;
        py[a] = py[b] as number;
        px[b] = x;
        py[b] = y;
        swap(a, b);
        trades++;
      }
    }
  }
  return trades;
}

/**
 * Ranks in file when a formation starts filing through a narrow pass: the members nearest to the commander
 * (ties by index) walk first, so that nobody has to overtake the file. `out[i]` is the rank of unit i (the
 * commander's entry is left 0 and not used).
 */
export function fileRanksByDistance(units: readonly RtsUnit[], commander: RtsUnit, out: Int32Array): void {
  const idx: number[] = [];
  for (let i = 0; i < units.length; i++) if (units[i] !== commander) idx.push(i);
  const d = (i: number) =>
    dHypot((units[i] as RtsUnit).tailX - commander.tailX, (units[i] as RtsUnit).tailY - commander.tailY);
  idx.sort((a, b) => d(a) - d(b) || a - b);
  out.fill(0);
  idx.forEach((i, r) => {
    out[i] = r;
  });
}

/** Look-ahead heading (radians) along a unit's remaining route, `ahead` tiles on; null when that is too close. */
export function routeHeading(u: RtsUnit, ahead: number): number | null {
  if (u.state !== 'moving' && u.state !== 'waypoint-reached') return null;
  let x = u.tailX;
  let y = u.tailY;
  let left = ahead;
  let tx = x;
  let ty = y;
  for (let k = u.routeIndex * 2; k + 1 < u.route.length && left > 0; k += 2) {
    const nx = u.route[k] as number;
    const ny = u.route[k + 1] as number;
    const d = dHypot(nx - x, ny - y);
    if (d >= left) {
      tx = x + ((nx - x) * left) / d;
      ty = y + ((ny - y) * left) / d;
      left = 0;
      break;
    }
    left -= d;
    x = tx = nx;
    y = ty = ny;
  }
  if (dHypot(tx - u.tailX, ty - u.tailY) < 0.3) return null;
  return dAtan2(ty - u.tailY, tx - u.tailX);
}

/** Would two slots share a tile with the commander (slot 0) at (x, y) and the formation facing `angle`? */
export function slotsShareTile(slots: Float64Array, x: number, y: number, angle: number): boolean {
  const a = formationAnchor(slots, x, y, angle, { x: 0, y: 0 });
  const p = { x: 0, y: 0 };
  const seen = new Set<number>();
  for (let k = 0; k < slots.length; k += 2) {
    slotPositionInto(a.x, a.y, angle, slots[k] as number, slots[k + 1] as number, p);
    const t = Math.floor(p.y) * 65536 + Math.floor(p.x);
    if (seen.has(t)) return true;
    seen.add(t);
  }
  return false;
}
