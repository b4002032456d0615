/**
 * An independent check of safe sampling for the tests: does a square body swept along a step overlap a blocked
 * tile? Separating axes (x, y and the normal of the motion) between the swept hexagon and each tile, so it shares
 * no code with the sampler's slab test. Plus random cases (maps, radii, positions anywhere in a tile, biased to
 * its edges) and the naive sampler (head for the anchor, ignoring sight) for the mutation check.
 */
import fc from 'fast-check';
import { computeField } from '../fields/compute-field.js';
import type { Field } from '../fields/types.js';
import { DIR_DX, DIR_DY, type DiagonalRule } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { anchorCodeX, anchorCodeY, clearanceOf } from './anchor-code.js';
import { computeFlow } from './compute-flow.js';
import type { Flow } from './types.js';

/** Overlaps up to this deep (tiles) count as touching in the checker. */
export const CHECK_TOLERANCE = 1e-8;

/** A tile is blocked for a body standing on a tile of code `code`: outside, another code, or unreachable. */
export function blockedTile(grid: Grid, field: Field, code: number, x: number, y: number): boolean {
  if (!(x >= 0 && y >= 0 && x < grid.width && y < grid.height)) return true;
  const i = y * grid.width + x;
  return grid.passable[i] !== code || !((field.cost[i] as number) < Number.POSITIVE_INFINITY);
}

/** Depth (tiles) by which the square of half-side c swept from p to q overlaps the tile (tx, ty); <= 0: apart. */
export function sweepOverlapDepth(
  px: number,
  py: number,
  qx: number,
  qy: number,
  c: number,
  tx: number,
  ty: number,
): number {
  const ox = Math.min(Math.max(px, qx) + c, tx + 1) - Math.max(Math.min(px, qx) - c, tx);
  const oy = Math.min(Math.max(py, qy) + c, ty + 1) - Math.max(Math.min(py, qy) - c, ty);
  let depth = Math.min(ox, oy);
  const mx = qx - px;
  const my = qy - py;
  const len = Math.hypot(mx, my);
  if (len > 0) {
    const nx = -my / len;
    const ny = mx / len;
    const centre = px * nx + py * ny;
    const half = c * (Math.abs(nx) + Math.abs(ny));
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const [cx, cy] of [
      [tx, ty],
      [tx + 1, ty],
      [tx, ty + 1],
      [tx + 1, ty + 1],
    ] as const) {
      const v = cx * nx + cy * ny;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    depth = Math.min(depth, Math.min(centre + half, hi) - Math.max(centre - half, lo));
  }
  return depth;
}

/** The deepest overlap of the swept body with a blocked tile near it (tiles; <= tolerance means clear). */
export function sweepOverlap(
  grid: Grid,
  field: Field,
  code: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  c: number,
): number {
  let worst = 0;
  const x0 = Math.floor(Math.min(px, qx) - c) - 1;
  const x1 = Math.floor(Math.max(px, qx) + c) + 1;
  const y0 = Math.floor(Math.min(py, qy) - c) - 1;
  const y1 = Math.floor(Math.max(py, qy) + c) + 1;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++)
      if (blockedTile(grid, field, code, x, y)) worst = Math.max(worst, sweepOverlapDepth(px, py, qx, qy, c, x, y));
  return worst;
}

/** A sampler under test: writes a direction (and how far it may be followed) into `out`. */
export type Sampler = (k: SampleCase, x: number, y: number, out: Float64Array) => Float64Array;

/** The rule before safe sampling: the unit vector to the anchor of the point's tile, whatever lies between. */
export const naiveSampler: Sampler = (k, x, y, out) => {
  const flow = k.flow;
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < flow.width && ty < flow.height)) return out;
  const i = ty * flow.width + tx;
  const code = flow.anchor[i] as number;
  if (code === -1 || (flow.vx[i] === 0 && flow.vy[i] === 0)) return out;
  const c = clearanceOf(flow.radius);
  const dx = anchorCodeX(code, flow.width, c) - x;
  const dy = anchorCodeY(code, flow.width, c) - y;
  const len = Math.hypot(dx, dy);
  out[0] = len < 1e-9 ? (flow.vx[i] as number) : dx / len;
  out[1] = len < 1e-9 ? (flow.vy[i] as number) : dy / len;
  out[2] = len;
  return out;
};

/** A random map with a goal, a flow of a random radius and positions anywhere in walkable tiles. */
export interface SampleCase {
  grid: Grid;
  field: Field;
  flow: Flow;
  goal: { x: number; y: number };
  radius: number;
  /** The field's diagonal rule. */
  diagonal: DiagonalRule;
  /** Positions (x, y pairs, tiles). */
  points: number[];
}

/** Fractions of a tile biased towards its edges and the clearances off them, where corners bite. */
function arbFraction(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: 0, max: (1 << 20) - 1 }).map((v) => v / (1 << 20)),
    fc.constantFrom(0, 1 / 256, 0.1, 0.25, 0.45, 0.5, 0.55, 0.75, 0.9, 1 - 1 / 256, 1 - 1e-9),
    fc.double({ min: 0, max: 0.02, noNaN: true }),
    fc.double({ min: 0.98, max: 1, maxExcluded: true, noNaN: true }),
  );
}

/** Radii: the flow's extremes, common values and any value in between. */
export function arbRadius(): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(0, 0.1, 0.25, 0.3, 0.45), fc.double({ min: 0, max: 0.45, noNaN: true }));
}

/** Random cases: maps up to `maxSide` tiles with walls at `density`, any diagonal rule, 1-8 positions. */
export function arbSampleCase(maxSide = 16, density = 0.25): fc.Arbitrary<SampleCase> {
  return fc
    .record({ w: fc.integer({ min: 2, max: maxSide }), h: fc.integer({ min: 2, max: maxSide }) })
    .chain(({ w, h }) =>
      fc.record({
        w: fc.constant(w),
        h: fc.constant(h),
        // Integers, not fc.double: fast-check's doubles crowd near 0 (nearly every tile would be a wall).
        walls: fc.array(fc.integer({ min: 0, max: 999 }), { minLength: w * h, maxLength: w * h }),
        goal: fc.nat({ max: w * h - 1 }),
        radius: arbRadius(),
        diagonal: fc.constantFrom<DiagonalRule>('if-both-free', 'if-both-free', 'if-one-free', 'never', 'always'),
        points: fc.array(fc.tuple(fc.nat({ max: w * h - 1 }), arbFraction(), arbFraction()), {
          minLength: 1,
          maxLength: 8,
        }),
      }),
    )
    .map(({ w, h, walls, goal, radius, diagonal, points }) => {
      const grid = Grid.create(w, h, { shared: false, editLog: 0 });
      walls.forEach((r, i) => {
        grid.passable[i] = r < density * 1000 ? 0 : 1;
      });
      grid.passable[goal] = 1;
      const g = { x: goal % w, y: Math.floor(goal / w) };
      const field = computeField(grid, { goals: [g], diagonal });
      const flow = computeFlow(grid, field, { radius });
      const pts: number[] = [];
      for (const [i, fx, fy] of points) pts.push((i % w) + fx, Math.floor(i / w) + fy);
      return { grid, field, flow, goal: g, radius, diagonal, points: pts };
    });
}

/** Is the body at (x, y) on a reachable tile and clear of blocked tiles (a position a unit may stand at)? */
export function standable(k: SampleCase, x: number, y: number): boolean {
  const { grid, field } = k;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < grid.width && ty < grid.height)) return false;
  const code = grid.passable[ty * grid.width + tx] as number;
  if (code === 0 || blockedTile(grid, field, code, tx, ty)) return false;
  return sweepOverlap(grid, field, code, x, y, x, y, clearanceOf(k.radius)) <= CHECK_TOLERANCE;
}

/**
 * Is (x, y) the centre of its tile, and the field's step out of that tile a diagonal one between two blocked
 * tiles ({@link blockedTile})? Under the `always` rule a flow may lead through that gap of zero width, which no body passes: on the
 * tile's centre the sampler then has no way (its documented stuck case), and anywhere else on the tile it heads
 * for the centre.
 */
function zeroWidthGapAhead(k: SampleCase, x: number, y: number): boolean {
  const { grid, field } = k;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (k.diagonal !== 'always' || Math.abs(x - tx - 0.5) > 1e-9 || Math.abs(y - ty - 0.5) > 1e-9) return false;
  const d = field.dir[ty * grid.width + tx] as number;
  if (!(d >= 4 && d < 8)) return false;
  const dx = DIR_DX[d] as number;
  const dy = DIR_DY[d] as number;
  const code = grid.passable[ty * grid.width + tx] as number;
  return blockedTile(grid, field, code, tx + dx, ty) && blockedTile(grid, field, code, tx, ty + dy);
}

/**
 * The first problem of one step of `length` tiles along the sampler's direction from each standable point of the
 * case (a swept overlap deeper than the tolerance, or no direction off a goal tile, but for the gap of zero width
 * of {@link zeroWidthGapAhead}), or null.
 */
export function firstUnsafeStep(k: SampleCase, sampler: Sampler, lengths: readonly number[]): string | null {
  const out = new Float64Array(3);
  const c = clearanceOf(k.radius);
  for (let p = 0; p < k.points.length; p += 2) {
    const x = k.points[p] as number;
    const y = k.points[p + 1] as number;
    if (!standable(k, x, y)) continue;
    sampler(k, x, y, out);
    const onGoal = Math.floor(x) === k.goal.x && Math.floor(y) === k.goal.y;
    if (!onGoal && out[0] === 0 && out[1] === 0) {
      if (zeroWidthGapAhead(k, x, y)) continue;
      return `no direction at (${x}, ${y})`;
    }
    const code = k.grid.passable[Math.floor(y) * k.grid.width + Math.floor(x)] as number;
    for (const l of lengths) {
      // The documented step: at most the length asked, and not past out[2].
      const s = Math.min(l, out[2] as number);
      const depth = sweepOverlap(
        k.grid,
        k.field,
        code,
        x,
        y,
        x + (out[0] as number) * s,
        y + (out[1] as number) * s,
        c,
      );
      if (depth > CHECK_TOLERANCE) return `a step of ${s} from (${x}, ${y}) overlaps a wall by ${depth}`;
    }
  }
  return null;
}
