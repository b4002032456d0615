import type { Grid } from '../grid/grid.js';
import type { RtsPathfinder } from './astar.js';
import type { RtsUnit, RtsUnitGroup } from './unit.js';
import type { RtsWorldOptions } from './world-options.js';
import type { RtsWorldStats } from './world-view.js';

/**
 * What a group needs from its world ({@link RtsWorld} is one): the map, the pathfinder, the units (to keep off
 * the tiles of others), and the orders it gives its members. A group depends on this, not on the world's class.
 */
export interface RtsGroupHost {
  /** The map. */
  readonly grid: Grid;
  /** The pathfinder the group plans its routes with. */
  readonly pathfinder: RtsPathfinder;
  /**
   * The world's diagonal rule, fixed step (seconds) and whether plain groups follow smooth flows
   * ({@link RtsWorldOptions.useFlow}; absent means false).
   */
  readonly options: Pick<Readonly<Required<RtsWorldOptions>>, 'diagonal' | 'stepSeconds'> &
    Readonly<Pick<RtsWorldOptions, 'useFlow'>>;
  /** Every unit of the world. */
  readonly units: readonly RtsUnit[];
  /** The world's counters; the group counts its path searches in `paths`. */
  readonly stats: Pick<RtsWorldStats, 'paths'>;
  /** Seconds to whole steps (at least 1). */
  stepsFor(seconds: number): number;
  /** Registers the group so that its `beforeStep` and `afterStep` run every step. */
  addGroup(group: RtsUnitGroup): void;
  /** Stops updating the group. */
  removeGroup(group: RtsUnitGroup): void;
  /** Orders a member to an exact position (planned on its next step). */
  setOrder(unit: RtsUnit, x: number, y: number): void;
  /** Gives a member a prepared route (x, y pairs), followed at once. */
  setRoute(unit: RtsUnit, route: number[]): void;
  /** Cancels a member's order. */
  stopUnit(unit: RtsUnit): void;
  /** Repairs the way to a member's current waypoint if a wall is in the way. */
  checkLine(unit: RtsUnit): void;
}
