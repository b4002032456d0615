// Public exports of src/flow. Listed again from ../index.ts.
export { flowAnchorX, flowAnchorY, flowClearance } from './anchor-code.js';
export { type AnyAngleOptions, type AnyAnglePath, anyAnglePath } from './any-angle-path.js';
export { computeFlow } from './compute-flow.js';
export {
  DEFAULT_FOLLOW_STEP,
  type FollowFlowOptions,
  type FollowFlowStats,
  followFlow,
} from './follow-flow.js';
export { type SampleFlowOptions, sampleFlow } from './sample-flow.js';
export * from './types.js';
export { updateFlow } from './update-flow.js';
export { walkableSegment } from './walkable-segment.js';
