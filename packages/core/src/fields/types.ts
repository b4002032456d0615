import type { DiagonalRule } from '../grid/directions.js';
import type { Point } from '../grid/point.js';

/**
 * How a move is priced:
 * - `steps`: every move costs 1 (breadth-first waves, as the cost fields of the "Flanking / Retreating" tutorial).
 * - `octile`: straight moves cost 1, diagonal moves sqrt(2) (exact to Moving AI's published lengths).
 * - `weighted`: the terrain cost of the tile stepped into times the step length (1 or sqrt(2)).
 */
export type Metric = 'steps' | 'octile' | 'weighted';
/** Every `Metric`, in the order of the README's table. */
export const METRICS: readonly Metric[] = ['steps', 'octile', 'weighted'];

/**
 * A goal tile of a field: a {@link Point} (integer tile) and a starting cost. `value` is its starting cost
 * (default 0); several goals make a multi-source field.
 */
export interface Goal extends Point {
  /**
   * Starting cost at this goal, in cost units (the metric's units: steps, tiles of octile length, or terrain cost
   * times length). Finite.
   * @defaultValue 0
   */
  value?: number;
}

/** Default {@link FieldOptions.metric}. */
export const DEFAULT_METRIC: Metric = 'octile';
/** Default {@link FieldOptions.neighbors}. */
export const DEFAULT_NEIGHBORS: 4 | 8 = 8;
/** Default {@link FieldOptions.maxCost}: no limit. */
export const DEFAULT_MAX_COST: number = Number.POSITIVE_INFINITY;

/** How a unit may step between tiles: shared by the field kernels, {@link walkableLine} and {@link smoothPath}. */
export interface MoveOptions {
  /**
   * Neighbours per tile: 4 (orthogonal moves only) or 8.
   * @defaultValue {@link DEFAULT_NEIGHBORS} (8)
   */
  neighbors?: 4 | 8;
  /**
   * When a diagonal move is allowed (ignored with 4 neighbours). The two orthogonal tiles beside the step must
   * carry the same passability code as the two ends.
   * @defaultValue `'if-both-free'` (`DEFAULT_DIAGONAL_RULE`, the Moving AI rule)
   */
  diagonal?: DiagonalRule;
}

/**
 * Options of {@link computeFieldFromSeeds}: everything but the goals, plus the run options (`out`, `signal`,
 * `onProgress`, `control`) every kernel takes under the same names.
 */
export interface SeedFieldOptions extends MoveOptions, KernelRunOptions {
  /**
   * Arrays to fill in place (each `grid.size` long; no allocation). Incomplete after an abort.
   * @defaultValue undefined (meaning new arrays are allocated)
   */
  out?: FieldOut;
  /**
   * How moves are priced.
   * @defaultValue {@link DEFAULT_METRIC} (`'octile'`)
   */
  metric?: Metric;
  /**
   * Range limit in cost units: tiles whose cost would exceed this are not expanded and stay unreachable
   * (Infinity). A number >= 0 (Infinity allowed).
   * @defaultValue {@link DEFAULT_MAX_COST} (Infinity: no limit)
   */
  maxCost?: number;
}

/** Options of {@link computeField}. */
export interface FieldOptions extends SeedFieldOptions {
  /** One or many goal tiles (at least one). Each must be a walkable tile of the grid. */
  goals: readonly Goal[];
}

/** Arrays a caller may hand to a kernel to be filled in place (no allocation). Each is `grid.size` long. */
export interface FieldOut {
  /**
   * Receives the cost per tile (see {@link Field.cost}); `grid.size` long.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  cost?: Float64Array;
  /**
   * Receives the direction per tile (see {@link Field.dir}); `grid.size` long.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  dir?: Uint8Array;
}

/** A computed field. Following `dir` from any reachable tile reaches a goal along a path of length `cost`. */
export interface Field {
  /** Width of the grid the field was computed on, in tiles. */
  width: number;
  /** Height of the grid the field was computed on, in tiles. */
  height: number;
  /** Cost to the nearest goal per tile, `y * width + x`; Infinity where blocked or unreachable. */
  cost: Float64Array;
  /** Direction index into `DIRECTIONS` of the next step per tile; 255 (`NO_DIRECTION`) at goals, walls, unreachable. */
  dir: Uint8Array;
  /** The grid's version when the field was computed: compare with `grid.version` to detect a stale field. */
  gridVersion: number;
  /**
   * The id of the grid the field was computed on (`grid.id`). Every field this library makes carries it; a field
   * given with another grid is refused (InvalidOptionError naming both ids). A field made by hand without one is
   * taken as a field of any grid of its size.
   * @defaultValue undefined (meaning a field of unknown grid)
   */
  gridId?: number;
}

/**
 * Cooperative control of a long kernel run, used by the worker service. The kernel checks it every few
 * thousand tiles. `control` is an Int32Array (usually on a SharedArrayBuffer) laid out as {@link ControlSlot}.
 */
export interface KernelControl {
  /**
   * Shared control slots (abort flag, progress counters) laid out as {@link ControlSlot}, {@link CONTROL_LENGTH}
   * long.
   * @defaultValue undefined (meaning no cancellation and no progress reports through shared memory)
   */
  control?: Int32Array;
  /**
   * Checked on the same schedule as `control` when the kernel runs on the thread that owns the signal.
   * @defaultValue undefined (meaning no signal)
   */
  signal?: AbortSignal;
  /**
   * Called at each look at `control` (every few thousand elements, on the kernel's thread), after the progress
   * was stored: a host that cannot share memory with the caller (a worker in the service's `transfer` mode)
   * forwards the progress from here. It may throw AbortError to stop the kernel.
   * @defaultValue undefined (meaning no call)
   */
  tick?: () => void;
}

/** Called with the tiles (or other units) done so far and the expected total (0 while unknown). */
export type ProgressCallback = (done: number, total: number) => void;

/**
 * The run options every main-thread kernel of API 1.0 takes beside its own options (issue 31 item 4): the same
 * names as on the service.
 */
export interface KernelRunOptions {
  /**
   * Cancels the run: an already-aborted signal throws AbortError before any work, a signal aborted during the
   * work throws AbortError at the kernel's next look (every few thousand tiles).
   * @defaultValue undefined (meaning the run cannot be cancelled)
   */
  signal?: AbortSignal;
  /**
   * Called with the tiles done so far and the expected total at each look of the kernel (every few thousand
   * tiles, on the calling thread).
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: ProgressCallback;
  /**
   * The worker hook (used by the service's jobs): shared control slots, a signal and a tick.
   * @defaultValue undefined (meaning no worker control)
   */
  control?: KernelControl;
}

/** Slots of a {@link KernelControl.control} array. */
export const ControlSlot = {
  /** Non-zero asks the kernel to stop; it then throws AbortError. */
  abort: 0,
  /** The kernel stores the number of tiles it has finished so far (Atomics.store). */
  done: 1,
  /** The kernel stores the number of tiles it expects to finish in all (an upper bound). */
  total: 2,
} as const;
/** Length of a control array. */
export const CONTROL_LENGTH = 4;
