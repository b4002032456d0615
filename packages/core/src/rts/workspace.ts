import { RtsUnitIndex } from './unit-index.js';

/**
 * Working memory of one world's movement modules, kept between calls so that a step allocates nothing: the unit
 * spatial index and its query buffer, the per-step A* budget, the marks of a hard push, the tile mask of the
 * re-plans around units, and small results passed back without an object per call.
 */
export class RtsWorkspace {
  /** The units' newest positions (point i is `units[i]`); rebuilt once per step and after adds and removes. */
  readonly index: RtsUnitIndex;
  /** False when units were added or removed since the index was built. */
  indexValid = false;
  /** Largest hard and soft radius of any unit at the last build, tiles (the reach of the index queries). */
  maxHard = 0;
  maxSoft = 0;
  /** Output of the index queries: unit indices. */
  candidates: Int32Array = new Int32Array(64);
  /** A* searches started in this step for units waiting for a path (limited by `maxPathsPerStep`). */
  pathsThisStep = 0;
  /** The next predicted position found by the step functions (`stepToward`, `nextStep`, `slide`). */
  stepX = 0;
  stepY = 0;
  /** The point a unit's route heads for (`routeTarget`). */
  routeX = 0;
  routeY = 0;
  /** Units visited by the current hard push: `visitStamp[id] === visitGen`. */
  visitStamp: Uint32Array = new Uint32Array(16);
  visitGen = 0;
  /** Reused per-tile marks for re-plans around units: set before a search and cleared after it. */
  blocked: Uint8Array | null = null;

  constructor(width: number, height: number) {
    this.index = new RtsUnitIndex(width, height);
  }

  /** Makes room for the marks of unit ids below `count`. */
  reserveIds(count: number): void {
    if (this.visitStamp.length < count) this.visitStamp = new Uint32Array(count * 2);
  }
}
