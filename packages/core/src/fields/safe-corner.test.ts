import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweepOverlapDepth } from '../flow/safe-step.test-util.js';
import { CORNER, cornerWay } from './safe-corner.js';
import { SAFE_STEP, SELF_BIT } from './safe-step.js';
import { SWEEP } from './safe-sweep.js';

/** Deepest overlap of the body (half-side c) swept from (px, py) to (qx, qy) with a tile of the 3 x 3 `mask`. */
function maskOverlap(mask: number, px: number, py: number, qx: number, qy: number, c: number): number {
  let worst = 0;
  for (let k = 0; k < 9; k++)
    if ((mask & (1 << k)) !== 0)
      worst = Math.max(worst, sweepOverlapDepth(px, py, qx, qy, c, (k % 3) - 1, Math.floor(k / 3) - 1));
  return worst;
}

describe('the corner rule (cornerWay)', () => {
  it('heads for a corner in its own tile, nearer the target, along a step that touches no blocked tile', () => {
    let found = 0;
    fc.assert(
      fc.property(
        fc.noBias(fc.integer({ min: 0, max: 511 })),
        fc.constantFrom(0, 2, 6, 8),
        // Uniform values (fc.double draws uniformly over the numbers' bit patterns, mostly tiny ones).
        fc.noBias(fc.integer({ min: 0, max: 1e6 })).map((i) => i / 1e6),
        fc.noBias(fc.integer({ min: 0, max: 1e6 })).map((i) => i / 1e6),
        fc.noBias(fc.integer({ min: 0, max: 1e6 })).map((i) => 0.2 + (i / 1e6) * 5.8),
        fc.noBias(fc.integer({ min: -1e6, max: 1e6 })).map((i) => (i / 1e6) * 0.6),
        fc.constantFrom(1 / 256, 0.1, 0.25, 0.45),
        (bits, diagonal, u, v, far, skew, c) => {
          // Blocked tiles: one diagonal neighbour, others at random (the orthogonal ones less often); the point near
          // the corner it shares with the point's tile, the target beyond that corner (where the straight way is
          // often blocked by it).
          const orthogonal = bits % 7 === 0 ? 0b010101010 : 0;
          const mask = ((bits & (0b101000101 | orthogonal)) | (1 << diagonal)) & ~SELF_BIT;
          const vx = diagonal % 3 === 0 ? 0 : 1;
          const vy = diagonal < 3 ? 0 : 1;
          // Within reach of the diagonal tile: c plus a little more than a step from the corner along each axis.
          const near = Math.min(1, c + 0.15);
          const fx = vx === 0 ? u * near : 1 - u * near;
          const fy = vy === 0 ? v * near : 1 - v * near;
          const ax = vx + (vx - fx) * far + skew;
          const ay = vy + (vy - fy) * far - skew;
          // A point whose body overlaps no blocked tile, heading for a target whose straight sweep is blocked.
          if (maskOverlap(mask, fx, fy, fx, fy, c) > 1e-9) return;
          const dist = Math.hypot(ax - fx, ay - fy);
          if (!(dist > 1e-6)) return;
          const d = Math.min(dist, SAFE_STEP);
          const mx = ((ax - fx) / dist) * d;
          const my = ((ay - fy) / dist) * d;
          if (maskOverlap(mask, fx, fy, fx + mx, fy + my, c) <= 1e-9) return;
          SWEEP.set([fx, fy, mx, my, c]);
          CORNER.set([ax, ay, SAFE_STEP]);
          if (!cornerWay(mask)) return;
          found++;
          const [ux, uy, len] = [CORNER[0] as number, CORNER[1] as number, CORNER[2] as number];
          expect(Math.hypot(ux, uy)).toBeCloseTo(1, 12);
          const kx = fx + ux * len;
          const ky = fy + uy * len;
          expect(kx).toBeGreaterThanOrEqual(-1e-12);
          expect(kx).toBeLessThanOrEqual(1 + 1e-12);
          expect(ky).toBeGreaterThanOrEqual(-1e-12);
          expect(ky).toBeLessThanOrEqual(1 + 1e-12);
          expect(Math.hypot(ax - kx, ay - ky)).toBeLessThan(dist);
          const step = Math.min(SAFE_STEP, len);
          expect(maskOverlap(mask, fx, fy, fx + ux * step, fy + uy * step, c)).toBeLessThanOrEqual(1e-8);
        },
      ),
      { numRuns: 5000 },
    );
    // The rule had its say in a good share of the cases.
    expect(found).toBeGreaterThan(500);
  });
});
