import type { Grid } from '../grid/grid.js';
import type { RtsPathfinder } from './astar.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorldOptions } from './world-options.js';

/** Counters of what the collision logic did, for tests and the debug view. */
export interface RtsWorldStats {
  /** Local avoidance moves started (a unit dodges to the nearest free adjacent tile). */
  avoids: number;
  /** Units pushed aside (idle units, or movers of lower priority). */
  pushes: number;
  /** Hard pushes (a chain of idle units pushed one after the other). */
  hardPushes: number;
  /** Unit steps spent waiting: the unit had somewhere to go but its newest prediction did not move. */
  waits: number;
  /** A* searches and field walks for high-level paths. */
  paths: number;
  /** Low-level route repairs (a wall on the way to the next waypoint, or a slot behind a wall). */
  repairs: number;
  /** Orders ended within 3 tiles of the destination because the last tiles stayed blocked (livelock guard). */
  nearArrivals: number;
  /** Times both units of one pair were dodging each other at once (the priority rules keep this at 0). */
  doubleDodges: number;
}

/**
 * The members of {@link RtsWorld} that its movement modules (routing, prediction, collision queries and
 * solving) read and write: a narrow view, so that they are free functions over it rather than methods of one
 * large class. `targetX` / `targetY` and `hitHard` are the outputs of `currentTarget` and `firstCollision`.
 */
export interface RtsWorldView {
  readonly grid: Grid;
  readonly pathfinder: RtsPathfinder;
  readonly options: Readonly<Required<RtsWorldOptions>>;
  readonly units: readonly RtsUnit[];
  readonly stats: RtsWorldStats;
  readonly stepCount: number;
  targetX: number;
  targetY: number;
  hitHard: boolean;
  /** The unit with this id, if it is in the world. */
  unit(id: number): RtsUnit | undefined;
  /** Seconds to whole steps (at least 1). */
  stepsFor(seconds: number): number;
}
