import { CoordinateError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { computeFlow } from '../flow/compute-flow.js';
import { type Point, readPoint } from '../grid/point.js';
import { checkKernelAbort, readKernelControl } from '../util/kernel-control.js';
import { ownOptions } from '../util/own-options.js';
import { CROWD_CELL } from './crowd-options.js';
import {
  CROWD_MOVING,
  type Crowd,
  checkCrowd,
  checkCrowdGroup,
  crowdCount,
  crowdFrame,
  touchCrowdFields,
} from './crowd-state.js';

/** Options of {@link commandCrowdGroup}. */
export interface CrowdCommandOptions {
  /**
   * Follow a vector field (computed here with `computeField`, octile metric, 8 neighbours, `if-both-free`)
   * so the group moves around walls. `false` sends the units in a straight line.
   * @defaultValue {@link DEFAULT_CROWD_USE_FIELD} (true)
   */
  useField?: boolean;
  /**
   * Follow the field's smooth flow (`computeFlow`, with the units' half side as its radius) instead of its eight
   * arrows: units head straight for the corners they round. Needs a crowd created with `flows: true`; ignored
   * without a field.
   * @defaultValue true when the crowd was created with `flows: true` (`crowd.flowAnchor.length > 0`), else false
   */
  useFlow?: boolean;
  /**
   * Cancels the field and flow computation: an already-aborted signal throws AbortError before anything changes;
   * one aborted during the computation throws AbortError at the kernel's next poll and leaves the group without a
   * field (its units then head straight for the old destination) until the next command.
   * @defaultValue undefined (meaning no cancellation)
   */
  signal?: AbortSignal;
}

/** Default of {@link CrowdCommandOptions.useField}. */
export const DEFAULT_CROWD_USE_FIELD = true;

/**
 * Sends every unit of `group` to `destination` (a continuous position in tiles): the units become moving with a fresh stop timer.
 * With a field (default) the group follows the field's direction of the tile it stands on (or, with a flow, heads
 * for the flow's anchor of that tile) and heads straight for the point once it is in the destination tile. Throws CoordinateError when the point is outside the map
 * or on a blocked tile, InvalidOptionError when it is not a `{ x, y }` of numbers, OutOfRangeError for a bad group.
 */
export function commandCrowdGroup(
  crowd: Crowd,
  group: number,
  destination: Point,
  options?: CrowdCommandOptions,
): void {
  checkCrowd(crowd);
  checkCrowdGroup(crowd, group);
  const { x, y } = readPoint(destination, 'destination');
  const own = ownOptions(options, 'options', 'an object { useField?, useFlow?, signal? }');
  const control = readKernelControl(own.signal === undefined ? undefined : { signal: own.signal }, 'options');
  checkKernelAbort(control, 'crowd command');
  const useField = own.useField ?? DEFAULT_CROWD_USE_FIELD;
  if (typeof useField !== 'boolean') throw new InvalidOptionError('useField', useField, 'a boolean');
  const hasFlows = crowd.flowAnchor.length > 0;
  const useFlow = own.useFlow ?? hasFlows;
  if (typeof useFlow !== 'boolean') throw new InvalidOptionError('useFlow', useFlow, 'a boolean');
  if (useFlow && useField && !hasFlows)
    throw new InvalidOptionError('useFlow', useFlow, 'false for a crowd created without flows: true');
  const { grid } = crowd;
  const T = CROWD_CELL;
  const tx = Math.floor(x / T);
  const ty = Math.floor(y / T);
  if (!Number.isFinite(x) || !Number.isFinite(y) || !grid.inBounds(tx, ty))
    throw new CoordinateError('destination', x, y, 'is outside the map');
  if (grid.passable[ty * grid.width + tx] === 0) throw new CoordinateError('destination', x, y, 'is on a wall');
  const cells = grid.width * grid.height;
  const layer = crowd.fieldDir.subarray(group * cells, (group + 1) * cells);
  if (useField) {
    try {
      const field = computeField(grid, { goals: [{ x: tx, y: ty }], out: { dir: layer }, control });
      crowd.groupHasField[group] = 1;
      if (useFlow) {
        const anchor = crowd.flowAnchor.subarray(group * cells, (group + 1) * cells);
        computeFlow(grid, field, { radius: crowd.flowRadius, out: { anchor }, control });
      }
    } catch (error) {
      // Aborted half-way: the group's layers are partly overwritten, so the group moves straight until the next command.
      layer.fill(255);
      crowd.groupHasField[group] = 0;
      crowd.groupHasFlow[group] = 0;
      touchCrowdFields(crowd);
      throw error;
    }
    crowd.groupHasFlow[group] = useFlow ? 1 : 0;
  } else {
    layer.fill(255);
    crowd.groupHasField[group] = 0;
    crowd.groupHasFlow[group] = 0;
  }
  crowd.groupTargetX[group] = x;
  crowd.groupTargetY[group] = y;
  touchCrowdFields(crowd);
  const n = crowdCount(crowd);
  const f = crowdFrame(crowd);
  for (let i = 0; i < n; i++) {
    if (crowd.unitGroup[i] !== group) continue;
    f.state[i] = CROWD_MOVING;
    f.timer[i] = 0;
  }
}
