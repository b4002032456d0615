/**
 * The worker half of a parallel followers step: a pure kernel over followers rebuilt from their buffer. Ready to
 * be registered by the service as `followersStepRange` (not registered yet: the worker job layer is being
 * rewritten); the main-thread half splits the followers into ranges and counts the step once all ran
 * (`countFollowerStep`). Neither imports the service.
 */
import { AbortError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import type { FollowTarget } from './follow-target.js';
import { followersFromBuffers } from './followers-state.js';
import { stepFollowersRange } from './followers-step.js';

/** Arguments of the worker kernel `followersStepRange`. */
export interface FollowersStepRangeArgs {
  /** The followers' grid (or its buffer). */
  grid: Grid | ArrayBufferLike;
  /** The followers' buffer (`Followers.buffer`: a SharedArrayBuffer to be written in place). */
  followers: ArrayBuffer | SharedArrayBuffer;
  /** `Followers.targets`. */
  targets: readonly FollowTarget[];
  /** First follower of the range (inclusive). */
  from: number;
  /** End of the range (exclusive). */
  to: number;
  /** Time step in seconds. */
  dt: number;
}

/** Followers stepped between two looks at the control array (abort flag, progress). */
export const FOLLOWERS_CONTROL_INTERVAL = 16384;

/**
 * `stepFollowersRange` over followers rebuilt from their buffer, in chunks of {@link FOLLOWERS_CONTROL_INTERVAL}
 * (each follower depends only on itself, so chunking changes no value). With `control`: publishes followers done
 * of `to - from` and throws AbortError between chunks when asked to stop (the followers of the chunks done are
 * moved; the others not).
 */
export function runFollowersStepRange(args: FollowersStepRangeArgs, control: KernelControl = {}): void {
  const followers = followersFromBuffers({ followers: args.followers, grid: args.grid, targets: args.targets });
  if (!(args.to > args.from)) {
    stepFollowersRange(followers, args.from, args.to, args.dt);
    return;
  }
  const c = control.control;
  if (c) Atomics.store(c, ControlSlot.total, args.to - args.from);
  for (let from = args.from; from < args.to; from += FOLLOWERS_CONTROL_INTERVAL) {
    if (c) Atomics.store(c, ControlSlot.done, from - args.from);
    if ((c && Atomics.load(c, ControlSlot.abort) !== 0) || control.signal?.aborted)
      throw new AbortError('followers step range aborted');
    stepFollowersRange(followers, from, Math.min(args.to, from + FOLLOWERS_CONTROL_INTERVAL), args.dt);
  }
  if (c) Atomics.store(c, ControlSlot.done, args.to - args.from);
}
