import { hashState } from '../determinism/state-hash.js';
import { H_STEPS } from './crowd-layout.js';
import { type Crowd, checkCrowd, crowdFrame } from './crowd-state.js';

/**
 * The hash of a crowd's state (`hashState`): its steps, units (positions, velocities, timers, avoidance vectors,
 * states, groups) and groups (points, fields). Two crowds stepped alike from the same state have the same hash on
 * every engine and with any number of workers; see the README's "Determinism".
 */
export function hashCrowd(crowd: Crowd): string {
  const n = checkCrowd(crowd);
  const f = crowdFrame(crowd);
  return hashState([
    'crowd',
    crowd.header[H_STEPS] as number,
    n,
    f.x.subarray(0, n),
    f.y.subarray(0, n),
    f.vx.subarray(0, n),
    f.vy.subarray(0, n),
    f.timer.subarray(0, n),
    f.avoidX.subarray(0, n),
    f.avoidY.subarray(0, n),
    f.state.subarray(0, n),
    crowd.unitGroup.subarray(0, n),
    crowd.groupTargetX,
    crowd.groupTargetY,
    crowd.groupHasField,
    crowd.groupHasFlow,
  ]);
}
