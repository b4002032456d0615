import { CoordinateError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { CROWD_MOVING, type Crowd, checkCrowdGroup, crowdCount, crowdFrame } from './crowd-state.js';

/** Options of {@link commandCrowdGroup}. */
export interface CrowdCommandOptions {
  /**
   * Follow a vector field (computed here with `computeField`, octile metric, 8 neighbours, `if-both-free`)
   * so the group moves around walls. `false` sends the units in a straight line. Default true.
   */
  useField?: boolean;
}

/** Default of {@link CrowdCommandOptions.useField}. */
export const DEFAULT_CROWD_USE_FIELD = true;

/**
 * Sends every unit of `group` to the point (x, y) in pixels: the units become moving with a fresh stop timer.
 * With a field (default) the group follows the field's direction of the tile it stands on and heads straight
 * for the point once it is in the destination tile. Throws CoordinateError when the point is outside the map
 * or on a blocked tile, OutOfRangeError for a bad group.
 */
export function commandCrowdGroup(
  crowd: Crowd,
  group: number,
  x: number,
  y: number,
  options: CrowdCommandOptions = {},
): void {
  checkCrowdGroup(crowd, group);
  const useField = options.useField ?? DEFAULT_CROWD_USE_FIELD;
  if (typeof useField !== 'boolean') throw new InvalidOptionError('useField', useField, 'a boolean');
  const { grid } = crowd;
  const T = crowd.params.tileSize;
  const tx = Math.floor(x / T);
  const ty = Math.floor(y / T);
  if (!Number.isFinite(x) || !Number.isFinite(y) || !grid.inBounds(tx, ty))
    throw new CoordinateError('destination', x, y, 'is outside the map');
  if (grid.passable[ty * grid.width + tx] === 0) throw new CoordinateError('destination', x, y, 'is on a wall');
  crowd.groupTargetX[group] = x;
  crowd.groupTargetY[group] = y;
  const cells = grid.width * grid.height;
  const layer = crowd.fieldDir.subarray(group * cells, (group + 1) * cells);
  if (useField) {
    computeField(grid, { goals: [{ x: tx, y: ty }] }, { dir: layer });
    crowd.groupHasField[group] = 1;
  } else {
    layer.fill(255);
    crowd.groupHasField[group] = 0;
  }
  const n = crowdCount(crowd);
  const f = crowdFrame(crowd);
  for (let i = 0; i < n; i++) {
    if (crowd.unitGroup[i] !== group) continue;
    f.state[i] = CROWD_MOVING;
    f.timer[i] = 0;
  }
}
