// Public exports of src/crowd. Listed again from ../index.ts.
export * from './crowd-command.js';
export * from './crowd-options.js';
export { type CrowdParallelOptions, type CrowdStepRangeArgs, stepCrowdParallel } from './crowd-parallel.js';
export {
  addCrowdUnit,
  CROWD_BUMPED,
  CROWD_MOVING,
  CROWD_STOPPED,
  type Crowd,
  type CrowdBuffers,
  type CrowdFrame,
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
} from './crowd-state.js';
export { prepareCrowdStep, stepCrowd, stepCrowdRange, swapCrowd } from './crowd-step.js';
export * from './stop-timers.js';
