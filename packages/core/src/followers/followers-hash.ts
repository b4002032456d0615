import { hashState } from '../determinism/state-hash.js';
import { checkFollowers, FOLLOWER_MEMO_SLOTS, type Followers, H_FOLLOWER_STEPS } from './followers-state.js';

/**
 * The hash of the followers' state (`hashState`): steps taken, and each follower's position, speed, target, state
 * and memo (the direction it keeps between steps). Followers stepped alike from the same state have the same hash on every engine and however the step is
 * split into ranges; see the README's "Determinism".
 */
export function hashFollowers(followers: Followers): string {
  const n = checkFollowers(followers);
  return hashState([
    'followers',
    followers.header[H_FOLLOWER_STEPS] as number,
    n,
    followers.x.subarray(0, n),
    followers.y.subarray(0, n),
    followers.speed.subarray(0, n),
    followers.target.subarray(0, n),
    followers.state.subarray(0, n),
    followers.memo.subarray(0, n * FOLLOWER_MEMO_SLOTS),
    followers.targets.length,
  ]);
}
