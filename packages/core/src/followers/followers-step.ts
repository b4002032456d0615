/**
 * The followers' step: each moving follower walks `speed * dt` tiles in moves of at most `FLOW_SAFE_STEP` (0.1)
 * tiles, each along the safe direction of its target at the point it has reached (the rule of `sampleFlow` and
 * `sampleField`, ./follow-target.ts), and not past the point that direction heads for. A follower reads only its
 * own slots and the shared targets, so any split of the followers into ranges, in any order or on any thread,
 * gives the same state bit for bit. No allocation.
 */
import { OutOfRangeError } from '../errors.js';
import { RULE_CENTRE, RULE_DIRECT, RULE_OVERLAP, RULE_SLIDE, SAFE, SAFE_STEP } from '../fields/safe-step.js';
import { AT_GOAL, onGoal, sampleTarget } from './follow-target.js';
import {
  checkFollowers,
  FOLLOWER_ARRIVED,
  FOLLOWER_MOVING,
  FOLLOWER_STUCK,
  type Followers,
  H_FOLLOWER_STEPS,
} from './followers-state.js';

/** Longest step of `stepFollowers`, seconds. */
export const MAX_FOLLOWER_DT = 1;

function checkDt(dt: number): void {
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_FOLLOWER_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_FOLLOWER_DT}`);
}

/**
 * Moves every moving follower by `dt` seconds (0 < dt <= 1) and counts the step; one call per frame, no
 * allocation. A follower that enters a goal tile of its target becomes FOLLOWER_ARRIVED and stays where it
 * entered it; one on a tile its target does not reach (or with no clear way, which from a reachable position the
 * tests never found) becomes FOLLOWER_STUCK. Its square body (of its target's radius) never overlaps a wall: every
 * move is checked by the safe rule.
 * @throws InvalidOptionError for followers not made by createFollowers; OutOfRangeError for a bad dt.
 */
export function stepFollowers(followers: Followers, dt: number): void {
  const n = checkFollowers(followers);
  checkDt(dt);
  stepRange(followers, 0, n, dt);
  followers.header[H_FOLLOWER_STEPS] = (followers.header[H_FOLLOWER_STEPS] as number) + 1;
}

/**
 * The worker half of a parallel step: moves followers `from` (inclusive) to `to` (exclusive) as
 * {@link stepFollowers} does, without counting the step (count it with {@link countFollowerStep} once every range
 * ran). Ranges of one step may run in any order or on different threads: the result is bit-identical to
 * `stepFollowers`.
 * @throws OutOfRangeError for a bad range or dt.
 */
export function stepFollowersRange(followers: Followers, from: number, to: number, dt: number): void {
  const n = checkFollowers(followers);
  checkDt(dt);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > n || from > to)
    throw new OutOfRangeError('range', [from, to], `integers with 0 <= from <= to <= ${n}`);
  stepRange(followers, from, to, dt);
}

/** Counts one step taken in ranges (see {@link stepFollowersRange}). */
export function countFollowerStep(followers: Followers): void {
  checkFollowers(followers);
  followers.header[H_FOLLOWER_STEPS] = (followers.header[H_FOLLOWER_STEPS] as number) + 1;
}

function stepRange(followers: Followers, from: number, to: number, dt: number): void {
  // PERF: every array in a local; the per-follower work is one sample per move.
  const { x, y, speed, target, state, targets } = followers;
  const { width: w, height: h, passable } = followers.grid;
  const count = targets.length;
  for (let i = from; i < to; i++) {
    if (state[i] !== FOLLOWER_MOVING) continue;
    let px = x[i] as number;
    let py = y[i] as number;
    const k = target[i] as number;
    // The arrays live in a buffer anyone may write: a follower off the map or of no target is stuck, not read.
    if (
      !(px >= 0 && py >= 0 && px < w && py < h) ||
      k >= count ||
      passable[Math.floor(py) * w + Math.floor(px)] === 0
    ) {
      state[i] = FOLLOWER_STUCK;
      continue;
    }
    const t = targets[k] as (typeof targets)[number];
    let left = (speed[i] as number) * dt;
    // Moves shorter than the safe step end at the point a direction heads for: at most one per full move.
    const maxMoves = 2 * Math.ceil(left / SAFE_STEP) + 4;
    let st = FOLLOWER_MOVING;
    for (let m = 0; m < maxMoves && left > 0; m++) {
      SAFE[0] = px;
      SAFE[1] = py;
      const rule = sampleTarget(t, passable, w, h);
      if (rule === AT_GOAL) {
        st = FOLLOWER_ARRIVED;
        break;
      }
      // RULE_OVERLAP: a body placed overlapping a wall heads for its tile's centre, out of the overlap.
      if (rule !== RULE_DIRECT && rule !== RULE_SLIDE && rule !== RULE_CENTRE && rule !== RULE_OVERLAP) {
        st = FOLLOWER_STUCK;
        break;
      }
      const reach = SAFE[2] as number;
      const d = Math.min(left, SAFE_STEP, reach);
      px += (SAFE[0] as number) * d;
      py += (SAFE[1] as number) * d;
      left -= d;
    }
    if (st === FOLLOWER_MOVING && onGoal(t, px, py, w)) st = FOLLOWER_ARRIVED;
    x[i] = px;
    y[i] = py;
    state[i] = st;
  }
}
