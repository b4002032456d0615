import { computeField } from '../fields/compute-field.js';
import { updateField } from '../fields/repair/update-field.js';
import type { Field } from '../fields/types.js';
import { computeFlow } from '../flow/compute-flow.js';
import { keepStateOf } from '../flow/flow-state.js';
import { type FollowFlowStats, followFlow } from '../flow/follow-flow.js';
import { type Flow, MAX_FLOW_RADIUS } from '../flow/types.js';
import { updateFlow } from '../flow/update-flow.js';
import type { DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { rtsSegmentDistance } from './geometry.js';

// Routes along smooth flows (the world option `useFlow`): the route of a unit ordered to a goal is the polyline
// `followFlow` walks along the goal's flow (`computeFlow` over the goal's field), with its collinear points merged,
// so that the unit heads straight for the corners it rounds instead of taking the eight-arrow tile path. The
// fields and flows are kept in a small cache per grid (a few goals at a time: units ordered to one goal, patrols).
// After the grid changes, a goal's field is repaired (`updateField`) and so is its flow (`updateFlow`: on a
// 1024x1024 map a few ms instead of some 300 ms) when it is one of the two goals used last (a patrol's two ends),
// which alone keep the flows' repair state (about 39 bytes per tile each); older goals' flows are computed again.

/** Goals whose field and flow a grid's cache keeps (each about 21 bytes per tile). */
const CACHE_SIZE = 4;
/** The most recently used entries of a cache whose flows keep their repair state. */
const REPAIRABLE = 2;
/** Largest distance, tiles, of a merged point from the straight leg that replaces it. */
const MERGE_EPS = 1e-3;

interface GoalFlow {
  gx: number;
  gy: number;
  radius: number;
  diagonal: DiagonalRule;
  version: number;
  field: Field;
  flow: Flow;
}

interface FieldFlow {
  radius: number;
  gridVersion: number;
  flow: Flow;
}

/** Per grid, the goal flows most recently used first. */
const goalFlows = new WeakMap<Grid, GoalFlow[]>();
/** Per shared field (moveUnitsAlongField), its flows by radius. */
const fieldFlows = new WeakMap<Field, FieldFlow[]>();
const stats: FollowFlowStats = { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };
let scratch = new Float64Array(256);

/** The flow radius for a body of hard radius r (tiles): r, at most {@link MAX_FLOW_RADIUS}. */
export function rtsFlowRadius(hardRadius: number): number {
  return Math.min(hardRadius, MAX_FLOW_RADIUS);
}

/** Updates of cached fields and flows that were repaired rather than computed again (for tests). */
let repairs = 0;

/** How many cached flows were repaired after edits so far (a test hook). */
export function rtsFlowRepairs(): number {
  return repairs;
}

/** Drops the repair state of the flows of `list` past the {@link REPAIRABLE} most recently used. */
function dropOldStates(list: readonly { flow: Flow }[]): void {
  for (let k = REPAIRABLE; k < list.length; k++) keepStateOf((list[k] as { flow: Flow }).flow, undefined);
}

/** Makes entry `k` of `list` the most recently used one. */
function toFront<E extends { flow: Flow }>(list: E[], k: number): void {
  if (k === 0) return;
  list.unshift(...list.splice(k, 1));
  dropOldStates(list);
}

/** The field and flow to goal tile (gx, gy) on the grid as it is now, from the cache (repaired) or computed. */
function goalFlow(grid: Grid, diagonal: DiagonalRule, gx: number, gy: number, radius: number): GoalFlow {
  let list = goalFlows.get(grid);
  if (!list) {
    list = [];
    goalFlows.set(grid, list);
  }
  const version = grid.version;
  for (let k = 0; k < list.length; k++) {
    const e = list[k] as GoalFlow;
    if (e.gx !== gx || e.gy !== gy || e.radius !== radius || e.diagonal !== diagonal) continue;
    toFront(list, k);
    if (e.version !== version) {
      // A flow without its state (an older entry) is computed in full by updateFlow, and keeps one from then on.
      updateField(grid, e.field, { goals: [{ x: gx, y: gy }], diagonal });
      const update = updateFlow(grid, e.field, e.flow, { radius });
      if (!update.full) repairs++;
      e.flow = update.flow;
      e.version = version;
    }
    return e;
  }
  const field = computeField(grid, { goals: [{ x: gx, y: gy }], diagonal });
  const flow = computeFlow(grid, field, { radius, repairable: true });
  const e: GoalFlow = { gx, gy, radius, diagonal, version, field, flow };
  list.unshift(e);
  if (list.length > CACHE_SIZE) list.length = CACHE_SIZE;
  dropOldStates(list);
  return e;
}

/** The flow of a shared field, from the cache (repaired after the field changed) or computed. */
function flowOfField(grid: Grid, field: Field, radius: number): Flow {
  let list = fieldFlows.get(field);
  if (!list) {
    list = [];
    fieldFlows.set(field, list);
  }
  for (let k = 0; k < list.length; k++) {
    const e = list[k] as FieldFlow;
    if (e.radius !== radius) continue;
    toFront(list, k);
    if (e.gridVersion !== field.gridVersion) {
      const update = updateFlow(grid, field, e.flow, { radius });
      if (!update.full) repairs++;
      e.flow = update.flow;
      e.gridVersion = field.gridVersion;
    }
    return e.flow;
  }
  const flow = computeFlow(grid, field, { radius, repairable: true });
  list.unshift({ radius, gridVersion: field.gridVersion, flow });
  if (list.length > 2) list.length = 2;
  dropOldStates(list);
  return flow;
}

/**
 * The route (x, y pairs, tiles, the start left out) from (x, y) to the centre of goal tile (gx, gy) along the
 * goal's smooth flow, for a mover of flow radius `radius`; null when the goal cannot be reached from there.
 */
export function rtsFlowRoute(
  grid: Grid,
  diagonal: DiagonalRule,
  x: number,
  y: number,
  gx: number,
  gy: number,
  radius: number,
): number[] | null {
  const e = goalFlow(grid, diagonal, gx, gy, radius);
  return walk(grid, e.field, e.flow, x, y);
}

/**
 * The route from (x, y) along the smooth flow of a shared field to the goal it leads to (its last point is that
 * goal's centre); null when the field was computed before the grid's last edit (its flow could not be trusted:
 * the caller reads the field's own directions) or leads nowhere from there.
 */
export function rtsFlowRouteAlong(grid: Grid, field: Field, x: number, y: number, radius: number): number[] | null {
  if (field.gridVersion !== grid.version) return null;
  return walk(grid, field, flowOfField(grid, field, radius), x, y);
}

function walk(grid: Grid, field: Field, flow: Flow, x: number, y: number): number[] | null {
  const route = followFlow(grid, field, flow, { x, y }, { out: scratch, stats });
  if (route === null) return null;
  const path = route.points;
  if (path.buffer !== scratch.buffer && path.length > 0) scratch = new Float64Array(path.buffer as ArrayBuffer);
  if (!stats.reached || path.length < 2) return null;
  return mergeStraight(path, path.length / 2);
}

/**
 * The points of a polyline (flat x, y pairs, `n` points) after the first, with the points that lie on a straight
 * leg left out: from each kept point, the leg runs to the farthest point such that every point in between is
 * within {@link MERGE_EPS} of it. The last point is always kept.
 */
export function mergeStraight(pts: Float64Array, n: number): number[] {
  const out: number[] = [];
  let a = 0;
  while (a < n - 1) {
    let b = a + 1;
    while (b + 1 < n && onLeg(pts, a, b + 1)) b++;
    out.push(pts[2 * b] as number, pts[2 * b + 1] as number);
    a = b;
  }
  return out;
}

/** Are the points strictly between a and b within MERGE_EPS of the segment a-b? */
function onLeg(pts: Float64Array, a: number, b: number): boolean {
  const ax = pts[2 * a] as number;
  const ay = pts[2 * a + 1] as number;
  const bx = pts[2 * b] as number;
  const by = pts[2 * b + 1] as number;
  for (let i = a + 1; i < b; i++) {
    if (rtsSegmentDistance(pts[2 * i] as number, pts[2 * i + 1] as number, ax, ay, bx, by) > MERGE_EPS) return false;
  }
  return true;
}
