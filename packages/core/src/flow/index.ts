// The family entry `@fieldmarshal/core/flow`: every public name of src/flow, and the followers of src/followers
// (many units following a flow, a field or a corridor by the flow's sampling rule).
export * from '../followers/index.js';
export { flowAnchorX, flowAnchorY, flowClearance } from './anchor-code.js';
export { type AnyAngleOptions, anyAnglePath } from './any-angle-path.js';
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
