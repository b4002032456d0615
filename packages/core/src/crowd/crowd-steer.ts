/**
 * Where a moving crowd unit that touches nobody steers (step 3 of ./crowd-step.ts): down its group's vector field
 * or smooth flow, or straight at the group's point. Internal.
 */
import { SAFE } from '../fields/safe-step.js';
import { flowDirection } from '../flow/flow-direction.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { CROWD_CELL } from './crowd-options.js';
import type { Crowd } from './crowd-state.js';

/**
 * In: [0] x, [1] y (the unit, tiles), [2] its distance to the group's point. Out: [0] wx, [1] wy (the point to
 * steer at, tiles), [2] the speed to steer at (tiles per second). PERF: doubles go through this array, not as
 * arguments (V8 boxes the double arguments of a call it does not inline).
 */
export const STEER = new Float64Array(3);

/**
 * The point unit of group `g` steers at, and how fast (see {@link STEER}): with a flow, one tile along the flow's
 * safe direction at the unit's position (the rule of `sampleFlow`, the one the followers and the RTS world use,
 * but for its corner rule),
 * at full speed; with a field, one tile along the field's direction from its tile, to the nearest spot where the
 * whole square fits in the next tile (units keep their lanes, two side by side in a tile, but never clip a wall
 * corner), at full speed; else straight at the group's point, slowing to arrive.
 */
export function crowdSteer(crowd: Crowd, g: number, flowC: number): void {
  const x = STEER[0] as number;
  const y = STEER[1] as number;
  const dist = STEER[2] as number;
  const T = CROWD_CELL;
  const { unitSize: S, topSpeed, acceleration: A } = crowd.params;
  let wx = crowd.groupTargetX[g] as number;
  let wy = crowd.groupTargetY[g] as number;
  let speed = Math.min(topSpeed, Math.sqrt(2 * A * dist));
  if (crowd.groupHasField[g] === 1) {
    const { width: W, height: H, passable } = crowd.grid;
    const cells = W * H;
    const tcx = Math.floor(x / T);
    const tcy = Math.floor(y / T);
    const d = crowd.fieldDir[g * cells + tcy * W + tcx] as number;
    if (d !== 255 && crowd.groupHasFlow[g] === 1) {
      SAFE[0] = x / T;
      SAFE[1] = y / T;
      SAFE[4] = flowC;
      // Without the corner rule: a unit steered at a wall corner touches the wall face, where the tutorial's
      // clockwise wall vectors take it along the wall (an 80-unit crowd through a door settled in 65 s at the
      // median of 10 starts with corners, 55 s without).
      flowDirection(crowd.flowAnchor, g * cells, null, null, W, H, passable, passable[tcy * W + tcx] as number, false);
      wx = x + (SAFE[0] as number) * T;
      wy = y + (SAFE[1] as number) * T;
      speed = topSpeed;
    } else if (d !== 255) {
      const h = S / 2;
      const ntx = tcx + (DIR_DX[d] as number);
      const nty = tcy + (DIR_DY[d] as number);
      wx = x + (DIR_DX[d] as number) * T;
      wy = y + (DIR_DY[d] as number) * T;
      const lox = ntx * T + h;
      const hix = (ntx + 1) * T - h;
      const loy = nty * T + h;
      const hiy = (nty + 1) * T - h;
      wx = wx < lox ? lox : Math.min(wx, hix);
      wy = wy < loy ? loy : Math.min(wy, hiy);
      speed = topSpeed;
    }
  }
  STEER[0] = wx;
  STEER[1] = wy;
  STEER[2] = speed;
}
