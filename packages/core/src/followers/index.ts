// Public exports of src/followers, listed from the flow family entry (../flow/index.ts).
export type { FollowTarget, FollowTargetInput } from './follow-target.js';
export { hashFollowers } from './followers-hash.js';
export { type FollowersStepRangeArgs, runFollowersStepRange } from './followers-jobs.js';
export { type FollowersParallelOptions, stepFollowersParallel } from './followers-parallel.js';
export {
  addFollower,
  addFollowTarget,
  createFollowers,
  FOLLOWER_ARRIVED,
  FOLLOWER_MOVING,
  FOLLOWER_STUCK,
  type FollowerOptions,
  type Followers,
  type FollowersBuffers,
  type FollowersOptions,
  followerCount,
  followerSteps,
  followersBuffers,
  followersFromBuffers,
  MAX_FOLLOW_TARGETS,
  MAX_FOLLOWER_SPEED,
  MAX_FOLLOWERS,
  setFollowerTarget,
} from './followers-state.js';
export { countFollowerStep, MAX_FOLLOWER_DT, stepFollowers, stepFollowersRange } from './followers-step.js';
