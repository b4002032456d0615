/**
 * The followers' step: each moving follower walks `speed * dt` tiles along the safe direction of its target (the
 * rule of `sampleFlow` and `sampleField`, ./follow-target.ts), each sample followed as far as it was checked: the
 * safe step (`FLOW_SAFE_STEP`, 0.1 tiles) or the point the direction heads for, and for a direct sample the whole
 * way to that point or just past the tile's border (`directReach`), on a flow on through the next tiles that head
 * for the same point (`extendDirect`, up to about six tiles), or, when the body would meet a wall on the way, up
 * to a safe step short of it (`clearWay`). What is left of a checked way is kept in the
 * follower's memo and followed in later steps with no read of the map, while the follower's position, target and
 * the grid's version stay what the step wrote. The memo also keeps the blocked mask of the last sample's 3 x 3 block,
 * so that a follower sampling again in the same tile (after a short corner, slide or cut way: about half of the
 * samples on a random map) reads no more of the map than its tile's anchor. A follower reads only its own slots
 * and the shared targets, so any
 * split of the followers into ranges, in any order or on any thread, gives the same state bit for bit. No
 * allocation.
 */
import { OutOfRangeError } from '../errors.js';
import * as safeStep from '../fields/safe-step.js';
import { MAX_GRID_CELLS } from '../grid/grid.js';
import type { FollowTarget } from './follow-target.js';
import * as followTarget from './follow-target.js';
import type { Followers } from './followers-state.js';
import * as followersState from './followers-state.js';

// PERF: module-local copies of what the step uses from other modules. V8 reads an imported binding through its
// module cell, checking on every use that it is initialised; a local const costs nothing (the keep-way loop ran
// 1.7x slower with the imported constants than with these, on random-1024).
const { RULE_CENTRE, RULE_CORNER, RULE_DIRECT, RULE_OVERLAP, RULE_SLIDE, SAFE, SAFE_STEP } = safeStep;
const {
  AT_GOAL,
  clearWay,
  directReach,
  extendDirect,
  MAX_EXTENDED,
  onGoal,
  sampleTarget,
  TARGET_FIELD,
  TARGET_FLOW,
  WAY,
  WHOLE,
} = followTarget;
const {
  checkFollowers,
  FOLLOWER_ARRIVED,
  FOLLOWER_MEMO_SLOTS,
  FOLLOWER_MOVING,
  FOLLOWER_STUCK,
  followerDoubles,
  H_FOLLOWER_STEPS,
  MEMO_DX,
  MEMO_DY,
  MEMO_LEFT,
  MEMO_TARGET,
  MEMO_TILE,
  MEMO_VERSION,
  MEMO_X,
  MEMO_Y,
} = followersState;

/** Values of a block's mask (9 bits), and the end of the packed tile-and-mask values in the memo (MEMO_TILE). */
const MASK_VALUES = 512;
const MAX_PACKED_TILE = MAX_GRID_CELLS * MASK_VALUES;

/** Most a follower's memo can hold (tiles): an extended direct way (`extendDirect`) and a tile's diagonal. */
const MAX_KEPT = MAX_EXTENDED + 1.5;

/** Longest step of `stepFollowers`, seconds. */
export const MAX_FOLLOWER_DT = 1;

function checkDt(dt: number): void {
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_FOLLOWER_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_FOLLOWER_DT}`);
}

/**
 * Moves every moving follower by `dt` seconds (0 < dt <= 1) and counts the step; one call per frame, no
 * allocation. Each follower keeps the way it last checked (`Followers.memo`) and samples afresh at its end. A follower that enters a goal tile of its target becomes FOLLOWER_ARRIVED and stays where it
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

/** How far a follower's memo says its way is clear (tiles): 0 when it was written for another position, target or grid. */
function keptOf(memo: Float64Array, m: number, px: number, py: number, version: number, k: number, count: number) {
  const kept =
    memo[m + MEMO_X] === px &&
    memo[m + MEMO_Y] === py &&
    memo[m + MEMO_VERSION] === version &&
    memo[m + MEMO_TARGET] === k &&
    k < count
      ? (memo[m + MEMO_LEFT] as number)
      : 0;
  // A memo written by anyone else than the step is trusted for at most MAX_KEPT tiles of moves.
  return kept <= MAX_KEPT ? kept : 0;
}

/**
 * The step's length, seconds ([0]), and the grid's version ([1]), for {@link keepRun} and {@link stepSlow} (PERF:
 * doubles through an array, not arguments: V8 passes a double to a call it does not inline as a new heap number).
 */
const STEP = new Float64Array(2);

/** Most followers that sample in one batch of {@link stepBatch} (64 and 1024 were 7-9% slower on random-1024). */
const SLOW_BATCH = 256;
/** The indices of a batch of followers that sample (see {@link stepBatch}). */
const SLOW = new Int32Array(SLOW_BATCH);
/** What {@link keepRun} leaves: the follower it stopped before. */
const RUN = new Int32Array(1);
/** What {@link stepBatch}'s first pass read (folded into one number). */
const SEEN = new Int32Array(1);

function stepRange(followers: Followers, from: number, to: number, dt: number): void {
  // PERF: the common case runs in a loop of its own (keepRun), with no call that V8 would inline into it: a
  // follower keeps the direction it follows and how far it is clear (its memo), so most steps are one move with no
  // read of the map. Those that sample afresh (at the end of what was checked, and whenever their position, target
  // or the grid changed since) are listed, and stepped in batches (stepBatch) between runs.
  const version = followers.grid.version;
  STEP[0] = dt;
  STEP[1] = version;
  let i = from;
  while (i < to) {
    const slow = keepRun(followers, i, to);
    i = RUN[0] as number;
    if (slow > 0) stepBatch(followers, slow, version);
  }
}

/**
 * Moves followers `from`.. along their kept ways, and lists in SLOW those that need more than the rest of their
 * way (or that reach its very end this step, where they may enter a goal tile), until SLOW_BATCH are listed or at
 * `to`; returns how many it listed and leaves in RUN[0] the follower it stopped before. Each follower depends only
 * on itself, so stepping the listed ones after the rest changes no value.
 */
function keepRun(followers: Followers, from: number, to: number): number {
  // PERF: x, y, speed and the memo through one view of the buffer (followerDoubles).
  const { target, state } = followers;
  const d = followerDoubles(followers);
  const xo = followers.x.byteOffset >> 3;
  const yo = followers.y.byteOffset >> 3;
  const so = followers.speed.byteOffset >> 3;
  const mo = followers.memo.byteOffset >> 3;
  const count = followers.targets.length;
  const dt = STEP[0] as number;
  const version = STEP[1] as number;
  let slow = 0;
  for (let i = from; i < to; i++) {
    if (state[i] !== FOLLOWER_MOVING) continue;
    let px = d[xo + i] as number;
    let py = d[yo + i] as number;
    const k = target[i] as number;
    const m = mo + i * FOLLOWER_MEMO_SLOTS;
    const left = (d[so + i] as number) * dt;
    let kept = keptOf(d, m, px, py, version, k, count);
    // A follower that reaches the very end of its way steps in stepSlow, which checks for a goal tile there (the
    // same move: stepSlow too goes min(left, kept) along the kept direction first).
    if (!(kept > 0 && left < kept)) {
      SLOW[slow++] = i;
      if (slow === SLOW_BATCH) {
        RUN[0] = i + 1;
        return slow;
      }
      continue;
    }
    // The whole step along the kept direction: only the position and what is left of the checked way change.
    px += (d[m + MEMO_DX] as number) * left;
    py += (d[m + MEMO_DY] as number) * left;
    kept -= left;
    d[xo + i] = px;
    d[yo + i] = py;
    d[m + MEMO_X] = px;
    d[m + MEMO_Y] = py;
    d[m + MEMO_LEFT] = kept;
  }
  RUN[0] = to;
  return slow;
}

/**
 * Steps the followers SLOW[0..n) ({@link stepSlow}), which sample. PERF: a sample reads the map around its
 * follower's tile, far from the last sampler's, and each read waits for the one before (the anchor, then the block,
 * then the way); a first pass reads the rows of every sampler's 3 x 3 block (the codes, and the anchors or costs of
 * its target) with no read depending on another, so that the core fetches them all at once and the samples find
 * them in its cache (0.88-0.92 of the step's time on random-1024 and rooms-1024, 100k followers; 0.94-0.99 since
 * the keep-way loop got faster). Each follower depends only on itself, so stepping the samplers after the rest of
 * their batch changes no value.
 */
function stepBatch(followers: Followers, n: number, version: number): void {
  const { x, y, target, targets } = followers;
  const { width: w, height: h, passable } = followers.grid;
  const count = targets.length;
  let seen = 0;
  for (let j = 0; j < n; j++) {
    const i = SLOW[j] as number;
    const px = x[i] as number;
    const py = y[i] as number;
    const k = target[i] as number;
    // Only followers whose block lies inside the map (stepSlow checks them all).
    if (!(px >= 1 && py >= 1 && px < w - 1 && py < h - 1) || k >= count) continue;
    const tile = Math.floor(py) * w + Math.floor(px);
    seen ^= (passable[tile - w] as number) ^ (passable[tile] as number) ^ (passable[tile + w] as number);
    const t = targets[k] as FollowTarget;
    if (t.kind === TARGET_FLOW) {
      const anchor = (t.flow as NonNullable<FollowTarget['flow']>).anchor;
      seen ^= (anchor[tile - w] as number) ^ (anchor[tile] as number) ^ (anchor[tile + w] as number);
    } else if (t.kind === TARGET_FIELD) {
      const cost = (t.field as NonNullable<FollowTarget['field']>).cost;
      seen ^= (cost[tile - w] as number) ^ (cost[tile] as number) ^ (cost[tile + w] as number);
    }
  }
  // Kept, so that the reads are not dropped as unused.
  SEEN[0] = seen;
  for (let j = 0; j < n; j++) stepSlow(followers, SLOW[j] as number, version);
}

/** One step of follower i when its kept way does not cover it: what is left of the way, then samples. */
function stepSlow(followers: Followers, i: number, version: number): void {
  const { x, y, speed, target, state, memo, targets } = followers;
  const { width: w, height: h, passable } = followers.grid;
  const count = targets.length;
  let px = x[i] as number;
  let py = y[i] as number;
  const k = target[i] as number;
  const m = i * FOLLOWER_MEMO_SLOTS;
  let left = (speed[i] as number) * (STEP[0] as number);
  let kept = keptOf(memo, m, px, py, version, k, count);
  let dx = memo[m + MEMO_DX] as number;
  let dy = memo[m + MEMO_DY] as number;
  let st = FOLLOWER_MOVING;
  // The arrays live in a buffer anyone may write: a follower off the map or of no target is stuck, not read.
  if (!(px >= 0 && py >= 0 && px < w && py < h) || k >= count || passable[Math.floor(py) * w + Math.floor(px)] === 0) {
    state[i] = FOLLOWER_STUCK;
    memo[m + MEMO_LEFT] = 0;
    return;
  }
  const t = targets[k] as (typeof targets)[number];
  // The tile of the last sample and its block's mask, when the memo has them for this target and grid.
  let maskTile = -1;
  let mask = -1;
  if (memo[m + MEMO_VERSION] === version && memo[m + MEMO_TARGET] === k) {
    const packed = (memo[m + MEMO_TILE] as number) - 1;
    if (packed >= 0 && packed < MAX_PACKED_TILE) {
      maskTile = Math.floor(packed / MASK_VALUES);
      mask = (packed - maskTile * MASK_VALUES) | 0;
    }
  }
  // Each sample is followed for at least the safe step or to the point it heads for: at most one short move
  // per full one, plus the kept segment.
  const maxMoves = 2 * Math.ceil(left / SAFE_STEP) + 5;
  for (let n = 0; n < maxMoves && left > 0; n++) {
    if (kept <= 0) {
      SAFE[0] = px;
      SAFE[1] = py;
      const tile = Math.floor(py) * w + Math.floor(px);
      const rule = sampleAt(t, passable, w, h, tile === maskTile ? mask : -1);
      maskTile = tile;
      mask = WHOLE[0] as number;
      if (rule === AT_GOAL) {
        st = FOLLOWER_ARRIVED;
        break;
      }
      if (rule < 0) {
        st = FOLLOWER_STUCK;
        break;
      }
      dx = SAFE[0] as number;
      dy = SAFE[1] as number;
      kept = SAFE[2] as number;
    }
    const d = Math.min(left, kept);
    px += dx * d;
    py += dy * d;
    left -= d;
    kept -= d;
  }
  if (st === FOLLOWER_MOVING && onGoal(t, px, py, w)) st = FOLLOWER_ARRIVED;
  x[i] = px;
  y[i] = py;
  state[i] = st;
  memo[m + MEMO_DX] = dx;
  memo[m + MEMO_DY] = dy;
  memo[m + MEMO_LEFT] = st === FOLLOWER_MOVING ? kept : 0;
  memo[m + MEMO_X] = px;
  memo[m + MEMO_Y] = py;
  memo[m + MEMO_VERSION] = version;
  memo[m + MEMO_TARGET] = k;
  memo[m + MEMO_TILE] = mask >= 0 ? maskTile * MASK_VALUES + mask + 1 : 0;
}

/**
 * One sample for a follower at (SAFE[0], SAFE[1]) on target `t`: AT_GOAL on a goal tile; -1 with nowhere to go; else the
 * rule, with SAFE[0..1] the direction and SAFE[2] how far it may be followed: the safe step (or to the point it
 * heads for); for a direct sample as far as {@link directReach} when that is clear (on a flow, on through the tiles
 * that head for the same point, {@link extendDirect}); for a corner or the tile's centre, the whole way to it when
 * that is clear; short of a wall met on the way ({@link clearWay}).
 */
function sampleAt(t: FollowTarget, passable: Uint8Array, w: number, h: number, known: number): number {
  const px = SAFE[0] as number;
  const py = SAFE[1] as number;
  const rule = sampleTarget(t, passable, w, h, known);
  if (rule === AT_GOAL) return AT_GOAL;
  // RULE_OVERLAP: a body placed overlapping a wall heads for its tile's centre, out of the overlap.
  if (
    rule !== RULE_DIRECT &&
    rule !== RULE_CORNER &&
    rule !== RULE_SLIDE &&
    rule !== RULE_CENTRE &&
    rule !== RULE_OVERLAP
  )
    return -1;
  const dx = SAFE[0] as number;
  const dy = SAFE[1] as number;
  const reach = SAFE[2] as number;
  const checked = Math.min(SAFE_STEP, reach);
  WAY[0] = px;
  WAY[1] = py;
  WAY[2] = dx;
  WAY[3] = dy;
  WAY[4] = checked;
  WAY[5] = checked;
  WAY[6] = reach;
  if (rule === RULE_DIRECT && SAFE[3] === 0 && reach > SAFE_STEP) {
    const far = directReach(px, py, dx, dy, reach);
    if (far > checked) {
      WAY[4] = far;
      clearWay(t);
      // A way clear to just past the tile's border goes on through the tiles that head for the same point.
      if (WAY[4] === far && far < reach) extendDirect(t, passable, w, h);
    }
  } else if ((rule === RULE_CORNER || rule === RULE_CENTRE) && reach > SAFE_STEP) {
    // A corner in the tile and the tile's centre: the whole way to them stays in the tile.
    WAY[4] = reach;
    clearWay(t);
  }
  SAFE[0] = dx;
  SAFE[1] = dy;
  SAFE[2] = WAY[4] as number;
  return rule;
}
