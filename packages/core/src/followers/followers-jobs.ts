/**
 * The worker half of a parallel followers step, as a job (see ../jobs/job-spec.ts): a pure kernel over followers
 * rebuilt from their buffer. The main-thread half is ./followers-parallel.ts. Neither imports the service (the
 * service imports this file, never the reverse).
 *
 * Where the workers cannot share memory, a worker keeps its copy of the targets' arrays (targets never change
 * once added), receives only its range of the followers with each step (`reads`), and returns the positions and
 * states of that range (`writes`).
 */
import { AbortError, OutOfRangeError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { defineJob, type KeepSpec } from '../jobs/job-spec.js';
import { readKernelControl } from '../util/kernel-control.js';
import { ownOptions } from '../util/own-options.js';
import type { FollowTarget } from './follow-target.js';
import { type FollowersBuffers, followerCount, followersFromBuffers, followersRegions } from './followers-state.js';
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
 * `stepFollowersRange` over followers rebuilt from their buffer, in chunks of 16,384 followers
 * (each follower depends only on itself, so chunking changes no value). With `control`: publishes followers done
 * of `to - from` and throws AbortError between chunks when asked to stop (the followers of the chunks done are
 * moved; the others not).
 */
export function runFollowersStepRange(args: FollowersStepRangeArgs, control?: KernelControl): void {
  const a = ownOptions(args, 'args', 'an object { grid, followers, targets, from, to, dt }');
  const followers = followersFromBuffers({
    followers: a.followers,
    grid: a.grid,
    targets: a.targets,
  } as FollowersBuffers);
  const n = followerCount(followers);
  const from0 = a.from;
  const to = a.to;
  if (
    !Number.isInteger(from0) ||
    !Number.isInteger(to) ||
    (from0 as number) < 0 ||
    (to as number) > n ||
    (from0 as number) > (to as number)
  )
    throw new OutOfRangeError('range', [from0, to], `integers with 0 <= from <= to <= ${n}`);
  const dt = a.dt as number;
  const checked = readKernelControl(control);
  const c = checked?.control;
  const start = from0 as number;
  const end = to as number;
  if (c) Atomics.store(c, ControlSlot.total, end - start);
  if (end === start) stepFollowersRange(followers, start, end, dt);
  for (let from = start; from < end; from += FOLLOWERS_CONTROL_INTERVAL) {
    if (c) Atomics.store(c, ControlSlot.done, from - start);
    if ((c && Atomics.load(c, ControlSlot.abort) !== 0) || checked?.signal?.aborted === true)
      throw new AbortError('followers step range aborted');
    stepFollowersRange(followers, from, Math.min(end, from + FOLLOWERS_CONTROL_INTERVAL), dt);
  }
  if (c) Atomics.store(c, ControlSlot.done, end - start);
}

/** Paths of the typed arrays of the targets (two levels into each target: `flow`, `field`, `corridor`). */
function targetArrays(targets: readonly FollowTarget[]): string[][] {
  const paths: string[][] = [];
  if (!Array.isArray(targets)) return paths;
  targets.forEach((t, k) => {
    if (t === null || typeof t !== 'object') return;
    for (const part of ['flow', 'field', 'corridor'] as const) {
      const o = Object.hasOwn(t, part) ? (t[part] as Record<string, unknown> | null) : null;
      if (o === null || typeof o !== 'object') continue;
      for (const key of Object.keys(o)) if (ArrayBuffer.isView(o[key])) paths.push(['targets', String(k), part, key]);
    }
  });
  return paths;
}

/** One range of a followers step (see {@link runFollowersStepRange}). */
export const followersStepRangeJob = defineJob<FollowersStepRangeArgs, void>({
  name: 'followersStepRange',
  // A target never changes once added (a new flow or field is a new target): its arrays are kept as they are.
  keep: (args) => targetArrays(args.targets).map((path): KeepSpec => ({ path, stamp: 0 })),
  reads: (args) =>
    followersRegions(args.followers, args.from, args.to).reads.map(([byteOffset, byteLength]) => ({
      path: ['followers'],
      byteOffset,
      byteLength,
    })),
  writes: (args) =>
    followersRegions(args.followers, args.from, args.to).writes.map(([start, bytes]) => ({
      path: ['followers'],
      range: [start, start + bytes] as const,
    })),
  run: runFollowersStepRange,
});
