/**
 * The family entry `@fieldmarshal/core/crowd`: the "Group Movement / Flocking Behavior" tutorial's crowd (chirality
 * avoidance, stop timers). It works in tiles and seconds: positions, sizes and distances in tiles, speeds in tiles
 * per second. The tutorial's pixel numbers are {@link CROWD_TUTORIAL}; each default is one of them divided by
 * {@link CROWD_TUTORIAL_SCALE} (30 pixels per tile).
 *
 * @packageDocumentation
 */

export type { CrowdBandResult, CrowdStepBandArgs } from './crowd-band-jobs.js';
export * from './crowd-command.js';
export { prepareCrowdStep } from './crowd-grid.js';
export { hashCrowd } from './crowd-hash.js';
export type { CrowdPackedFrame, CrowdStepPackedArgs, CrowdStepRangeArgs } from './crowd-jobs.js';
export {
  CROWD_TUTORIAL,
  CROWD_TUTORIAL_SCALE,
  type CrowdOptions,
  type CrowdParams,
  DEFAULT_CROWD_ACCELERATION,
  DEFAULT_CROWD_ARRIVE_RADIUS,
  DEFAULT_CROWD_BUMP_TIME,
  DEFAULT_CROWD_CONTACT_MARGIN,
  DEFAULT_CROWD_GROUPS,
  DEFAULT_CROWD_TOP_SPEED,
  DEFAULT_CROWD_UNIT_SIZE,
  MAX_CROWD_CAPACITY,
  MAX_CROWD_DT,
  MAX_CROWD_GROUPS,
  MAX_CROWD_UNIT_SIZE,
} from './crowd-options.js';
export { type CrowdParallelOptions, stepCrowdParallel } from './crowd-parallel.js';
export {
  addCrowdUnit,
  CROWD_BUMPED,
  CROWD_MOVING,
  CROWD_STOPPED,
  type Crowd,
  type CrowdBuffers,
  type CrowdFrame,
  type CrowdSortedFrame,
  clearCrowd,
  countMovingCrowdUnits,
  createCrowd,
  crowdBuffers,
  crowdCount,
  crowdFrame,
  crowdFromBuffers,
  crowdSpotIsFree,
  crowdSteps,
  crowdTotalSpeed,
  setCrowdUnitMoving,
  touchCrowdFields,
} from './crowd-state.js';
export { stepCrowdGridRange, stepCrowdRange, swapCrowd } from './crowd-step.js';
export { CROWD_STEP_CHUNK, type CrowdStepOptions, stepCrowd } from './crowd-step-whole.js';
export {
  type CrowdStopTimerMovingOptions,
  type CrowdStopTimerResult,
  type CrowdStopTimerStoppedOptions,
  crowdStopTimerMoving,
  crowdStopTimerStopped,
} from './stop-timers.js';
