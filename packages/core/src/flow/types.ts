import { SAFE_STEP } from '../fields/safe-step.js';
import type { KernelRunOptions, Metric } from '../fields/types.js';

/**
 * A smooth flow over a field: per tile a unit vector and the point it heads for (its anchor). Made by
 * `computeFlow`; read continuously with `sampleFlow`, turned into a path with `followFlow`.
 *
 * Positions are in tiles: tile (x, y) spans [x, x + 1) by [y, y + 1) and its centre is (x + 0.5, y + 0.5).
 * From every reachable tile's centre the straight way to its anchor keeps the flow's clearance from every wall
 * and passes no tile corner between walls; every corner anchor sees the anchor of the tile it lies in. A point off
 * the centre on the shadow side of a corner may find that corner in its way: `followFlow` handles it.
 */
export interface Flow {
  /** Width of the grid the flow was computed on, in tiles. */
  width: number;
  /** Height of that grid, in tiles. */
  height: number;
  /** x of the unit vector from each tile's centre towards its anchor, `y * width + x`; 0 at goals, walls and unreachable tiles. */
  vx: Float32Array;
  /** y of the unit vector (y grows downwards); 0 at goals, walls and unreachable tiles. */
  vy: Float32Array;
  /**
   * Each tile's anchor as a code (decode with `flowAnchorX` / `flowAnchorY`): `-1` none (walls, unreachable
   * tiles), `-2 - i` the centre of tile i (a goal, or the next tile where no farther point is visible),
   * `v * 8 + k` with `v = vy * (width + 1) + vx` a tile corner (vertex), moved off it by the flow's clearance
   * into the free quadrant `k` (bit 0: +x, bit 1: +y), or `k = 4` the corner itself (a diagonal gap between
   * two walls under the `always` rule). A goal's anchor is its own centre.
   */
  anchor: Int32Array;
  /** The mover radius the flow was made for, in tiles (see {@link FlowOptions.radius}). */
  radius: number;
  /** The version of the grid the field described (the field's `gridVersion`). */
  gridVersion: number;
  /**
   * The id of the grid the flow was computed on (`grid.id`). Every flow this library makes carries it; a flow
   * given with another grid is refused (InvalidOptionError naming both ids).
   * @defaultValue undefined (meaning a flow of unknown grid, made by hand)
   */
  gridId?: number;
}

/**
 * Options of `computeFlow`. The field's neighbourhood and diagonal rule need not be given: the flow's segments
 * pass no tile corner between walls, except where the field itself squeezes between two walls (`always`).
 * Passing the field's own options object is fine (other keys are ignored).
 */
export interface FlowOptions extends KernelRunOptions {
  /**
   * The field's metric. With `weighted`, a tile takes a farther anchor only across tiles of its own terrain cost,
   * so straight lines never cross terrain of another cost.
   * @defaultValue `'octile'`
   */
  metric?: Metric;
  /**
   * Radius of the mover in tiles, from 0 to {@link MAX_FLOW_RADIUS}: the flow rounds wall corners this far off
   * them (its corner anchors are moved off the corner by the radius along both axes), so a square (or disk) of
   * this half-size that follows it keeps clear of the corners it turns round. 0 still moves the anchors
   * {@link FLOW_MIN_CLEARANCE} off the corner, so that paths never touch a wall.
   * @defaultValue {@link DEFAULT_FLOW_RADIUS} (0)
   */
  radius?: number;
  /**
   * Keep what the kernel needs to repair the flow after edits (`updateFlow`): each tile's anchor id, the anchors'
   * estimates and a copy of the field and grid the flow was made from, about 39 bytes per tile (43 weighted) on
   * top of the flow's 12.
   * @defaultValue false
   */
  repairable?: boolean;
}

/** Options of `computeFlow`: the flow's options and the run options, with `out`. */
export interface ComputeFlowOptions extends FlowOptions {
  /**
   * Arrays to fill in place (each `grid.size` long; no allocation). Incomplete after an abort.
   * @defaultValue undefined (meaning new arrays are allocated)
   */
  out?: FlowOut;
}

/** What `updateFlow` did. */
export interface FlowUpdate {
  /** The flow on the field's version: a new object over the same arrays as the flow given (which now hold it). */
  flow: Flow;
  /**
   * True when the flow was computed in full instead of repaired: it kept no state (made without
   * {@link FlowOptions.repairable}, or left incomplete by an abort), its radius or metric changed, the order of the
   * field's costs shifted (its smallest cost changed), or the repair would have visited more than
   * {@link FLOW_REPAIR_LIMIT_FRACTION} of the tiles.
   */
  full: boolean;
  /** Tiles whose anchor was chosen again: the repaired ones, or every reachable tile after a full computation. */
  tiles: number;
}

/**
 * Fraction of the map a flow repair may visit before it gives up and the flow is computed in full (a repaired
 * tile costs several times a tile of the full kernel: a heap in JavaScript against a counting sort in
 * WebAssembly).
 */
export const FLOW_REPAIR_LIMIT_FRACTION = 1 / 8;

/** Arrays a caller may hand to `computeFlow` to be filled in place (each `grid.size` long). */
export interface FlowOut {
  /**
   * Receives {@link Flow.vx}.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  vx?: Float32Array;
  /**
   * Receives {@link Flow.vy}.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  vy?: Float32Array;
  /**
   * Receives {@link Flow.anchor}.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  anchor?: Int32Array;
}

/** Default {@link FlowOptions.radius}. */
export const DEFAULT_FLOW_RADIUS = 0;
/** Largest {@link FlowOptions.radius}: a mover wider than a tile could not pass a one-tile corridor. */
export const MAX_FLOW_RADIUS = 0.45;
/**
 * Smallest distance, in tiles along each axis, between a wall corner and the anchor placed beside it (1/256).
 * Paths never touch a wall: they pass each corner at least this far off it.
 */
export const FLOW_MIN_CLEARANCE = 1 / 256;

/** Anchor code of a tile with no anchor (wall, unreachable). */
export const NO_ANCHOR = -1;

/**
 * Longest step, in tiles, that a direction read by `sampleFlow` or `sampleField` is safe for: a body (a square of
 * half-side `flowClearance(radius)`) that overlaps no wall and moves up to this far along the direction (and not
 * past the distance the sampler writes into `out[2]`) still overlaps none, and passes no blocked corner. A mover
 * that goes farther in one frame samples again on the way. It is the room a body of the largest radius
 * ({@link MAX_FLOW_RADIUS}) has across a one-tile corridor, 1 - 2 * 0.45.
 */
export const FLOW_SAFE_STEP: number = SAFE_STEP;
