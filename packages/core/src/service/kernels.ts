/**
 * The kernel registry: every pure kernel the worker pool can run, by name. The worker dispatches
 * `service.run(name, args)` to `KERNELS[name](args, control)`.
 *
 * HOW TO ADD A KERNEL (other areas add exactly one entry each to the object literal below):
 *   myKernel: (args: { grid: Grid; out: Float64Array; ... }, control: KernelControl) => result,
 * - `args` is one plain object. A top-level value that is a `Grid` is handed to each worker once and cached
 *   there (rebuilt with Grid.from over the same SharedArrayBuffer); everything else is structured-cloned per
 *   job, so pass big inputs/outputs as typed arrays over SharedArrayBuffers (shared, not copied).
 * - Write results into shared arrays from `args` and return something small (or nothing).
 * - Check `control.control` every few thousand cells: throw `AbortError` when `[ControlSlot.abort]` is
 *   non-zero; `Atomics.store` `[ControlSlot.done]`/`[ControlSlot.total]` for progress.
 * - Throw the typed errors of ../errors.ts for bad input: they are re-created with their class on the main
 *   thread (CoordinateError stays CoordinateError). An area's own error class: add it to ERROR_CLASSES in
 *   ./error-transport.ts (otherwise it arrives as an Error whose `name` and fields are kept).
 * - Keep it pure and synchronous (a Promise is allowed). Then call `service.run('myKernel', args, options)`.
 * - The kernel lives in its algorithm's folder (the worker half, e.g. ../crowd/crowd-parallel-kernel.ts); the
 *   main-thread half there declares the small runner interface it needs (e.g. `CrowdStepRunner` in
 *   ../crowd/crowd-parallel.ts), which the FieldService satisfies. This registry imports the kernels; the
 *   algorithm folders never import ../service (infrastructure depends on the algorithms, not the reverse).
 */
import { type CrowdStepRangeArgs, runCrowdStepRange } from '../crowd/crowd-parallel-kernel.js';
import { computeField, computeFieldFromSeeds, type FieldUpdate, updateField } from '../fields/index.js';
import type { FieldOptions, KernelControl, SeedFieldOptions } from '../fields/types.js';
import { type FlowJobArgs, runFlowJob } from '../flow/flow-job-kernel.js';
import { Grid } from '../grid/grid.js';
import {
  type FleeMapOptions,
  fleeMap,
  type SafetyMapOptions,
  type ScentMoveOptions,
  type ScentSource,
  safetyField,
  scentMap,
  type Threat,
} from '../scent/index.js';
import {
  runSectorBuild,
  runSectorCorridorFill,
  runSectorCorridorPlan,
  runSectorUpdate,
  type SectorBuildArgs,
  type SectorCorridorFillArgs,
  type SectorCorridorPlanArgs,
  type SectorUpdateArgs,
} from '../sectors/sector-pool-kernel.js';
import { type ComputeSetFieldsArgs, runSetFieldsRange } from '../sets/set-fields-pool-kernel.js';

/**
 * The grid a kernel of `metric` reads. A `weighted` kernel on a shared grid with a terrain layer reads a private
 * copy made when it starts: another thread editing the terrain while it runs cannot change the costs it sized
 * its buckets by (which made it throw, or loop for ever). The copy carries the version it was taken at, which
 * the result reports, so a field computed while the grid was edited is stale (`isFieldStale`), never
 * inconsistent. Other grids are read in place (the other metrics read the passability only, whose edits during
 * a run leave the kernel safe).
 */
function stableGrid(grid: Grid, options: unknown): Grid {
  if (grid.terrain === null || typeof SharedArrayBuffer !== 'function' || !(grid.buffer instanceof SharedArrayBuffer))
    return grid;
  const metric =
    typeof options === 'object' && options !== null && Object.hasOwn(options, 'metric')
      ? (options as { metric: unknown }).metric
      : undefined;
  if (metric !== 'weighted') return grid;
  const bytes = grid.buffer.byteLength;
  // PERF: one scratch buffer per thread, reused (the kernels that take a snapshot are synchronous): copying
  // 1024x1024 tiles with terrain into it takes well under a millisecond, into a fresh buffer about 30 ms (the
  // page faults of 5 MB). A scratch over 4 times what a job needs is replaced, so a thread does not keep the
  // memory of its largest grid for ever.
  if (snapshotScratch === null || snapshotScratch.byteLength < bytes || snapshotScratch.byteLength > 4 * bytes) {
    snapshotScratch = new ArrayBuffer(bytes);
  }
  // Copied in aligned 4-byte units (a grid's buffer is a multiple of 4 bytes long), so that a terrain value
  // written meanwhile is read whole, old or new, never torn.
  if (bytes % 4 === 0) new Int32Array(snapshotScratch, 0, bytes / 4).set(new Int32Array(grid.buffer));
  else new Uint8Array(snapshotScratch, 0, bytes).set(new Uint8Array(grid.buffer));
  return Grid.from(snapshotScratch);
}

/** The scratch of {@link stableGrid}. */
let snapshotScratch: ArrayBuffer | null = null;

/** A kernel: pure work over shared buffers, cancellable and observable through `control`. */
export type Kernel<A, R> = (args: A, control: KernelControl) => R | Promise<R>;

/** Arguments of the `computeField` kernel. */
export interface ComputeFieldArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** computeField's options (goals, metric, moves, range). */
  options: FieldOptions;
  /** Output cost per tile, on a SharedArrayBuffer. */
  cost: Float64Array;
  /** Output direction per tile, on a SharedArrayBuffer. */
  dir: Uint8Array;
}

/** Arguments of the `updateField` kernel: a field's shared arrays and the version they describe. */
export interface UpdateFieldArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The options the field was computed with. */
  options: FieldOptions;
  /** The field's cost per tile, on a SharedArrayBuffer: repaired in place. */
  cost: Float64Array;
  /** The field's direction per tile, on a SharedArrayBuffer: repaired in place. */
  dir: Uint8Array;
  /** The grid version `cost` and `dir` describe (-1: incomplete, recompute in full); with a base, the base's. */
  gridVersion: number;
  /**
   * A field to copy into `cost` before the repair (read only; its version is `gridVersion`).
   * @defaultValue undefined (meaning `cost` and `dir` are repaired as they are)
   */
  baseCost?: Float64Array;
  /**
   * The base field's directions, copied into `dir` with `baseCost`.
   * @defaultValue undefined (meaning no base)
   */
  baseDir?: Uint8Array;
}

/** Arguments of the `computeFlow` and `updateFlow` kernels (see ../flow/flow-job-kernel.ts). */
export type ComputeFlowArgs = FlowJobArgs;

/** Arguments of the `computeFieldFromSeeds` kernel. */
export interface ComputeFieldFromSeedsArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** Starting cost per tile (`Infinity` = not a seed), `grid.size` values; share it (SharedArrayBuffer) when large. */
  seeds: Float64Array;
  /** computeFieldFromSeeds's options (metric, moves, range). */
  options: SeedFieldOptions;
  /** Output cost per tile, on a SharedArrayBuffer. */
  cost: Float64Array;
  /** Output direction per tile, on a SharedArrayBuffer. */
  dir: Uint8Array;
}

/** Arguments of the `fleeMap` kernel: the flee map of "Scent Map II" (thrig): the reverse map of a scent map, written into the shared `out`. */
export interface FleeMapArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The scent map to reverse (Int32, `width * height`), preferably on a SharedArrayBuffer. */
  scent: Int32Array;
  /** As fleeMap's options, without `out` and `control` (the service passes the job's control). */
  options: Omit<FleeMapOptions, 'out' | 'control'>;
  /** Output, `width * height` Int32 values on a SharedArrayBuffer. */
  out: Int32Array;
}

/** Arguments of the `safetyField` kernel: both passes of the safety map in one job, into shared `cost`/`dir`. */
export interface SafetyFieldArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The tiles to get away from (at least one). */
  threats: readonly Threat[];
  /**
   * As safetyField's options, without `out` and `control` (the service passes the job's control).
   * @defaultValue undefined (meaning safetyField's defaults, `DEFAULT_SAFETY_MAP_OPTIONS`)
   */
  options?: Omit<SafetyMapOptions, 'out' | 'control'>;
  /** Output costs, `width * height` Float64 values on a SharedArrayBuffer. */
  cost: Float64Array;
  /** Output directions, `width * height` bytes on a SharedArrayBuffer. */
  dir: Uint8Array;
}

/** Arguments of the `scentMap` kernel (the breadth-first scent map of "Scent Map II" (thrig)). */
export interface ScentMapArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The tiles that give off scent, with their strengths. */
  sources: readonly ScentSource[];
  /**
   * Neighbourhood and diagonal rule.
   * @defaultValue undefined (meaning scentMap's defaults: 4 neighbours, `'if-both-free'`)
   */
  options?: ScentMoveOptions;
  /** Output, `width * height` Int32 values on a SharedArrayBuffer. */
  out: Int32Array;
}

/** Arguments of the `fillShared` diagnostic kernel. */
export interface FillSharedArgs {
  /** The buffer to write into, seen as an Int32Array over its whole length. */
  buffer: SharedArrayBuffer;
  /** Int32 value stored (with Atomics.store) into every slot. */
  value: number;
}

export const KERNELS = {
  /** The field kernel of ../fields, writing into the shared `cost`/`dir` arrays. Returns the grid version used. */
  computeField: (args: ComputeFieldArgs, control: KernelControl): { gridVersion: number } => {
    const grid = stableGrid(args.grid, args.options);
    const field = computeField(grid, args.options, { cost: args.cost, dir: args.dir }, control);
    return { gridVersion: field.gridVersion };
  },
  /**
   * updateField of ../fields: repairs the shared `cost`/`dir` in place up to the grid's current version (or
   * recomputes them). Returns the version reached and what was done.
   */
  updateField: (args: UpdateFieldArgs, control: KernelControl): FieldUpdate & { gridVersion: number } => {
    if (args.baseCost && args.baseDir) {
      args.cost.set(args.baseCost);
      args.dir.set(args.baseDir);
    }
    const field = {
      width: args.grid.width,
      height: args.grid.height,
      cost: args.cost,
      dir: args.dir,
      gridVersion: args.gridVersion,
    };
    const result = updateField(stableGrid(args.grid, args.options), field, args.options, control);
    return { ...result, gridVersion: field.gridVersion };
  },
  /**
   * computeFlow of ../flow over the given field, writing into the shared `vx`/`vy`/`anchor` (and `state` when
   * given, for later repairs).
   */
  computeFlow: (args: FlowJobArgs, control: KernelControl) =>
    runFlowJob({ ...args, grid: stableGrid(args.grid, args.options) }, control),
  /** updateFlow of ../flow: repairs a copy of `base` (with its state) into the outputs, or computes it in full. */
  updateFlow: (args: FlowJobArgs, control: KernelControl) =>
    runFlowJob({ ...args, grid: stableGrid(args.grid, args.options) }, control),
  /** computeFieldFromSeeds of ../fields (safety maps, per-set fields), writing into the shared `cost`/`dir`. */
  computeFieldFromSeeds: (args: ComputeFieldFromSeedsArgs, control: KernelControl): { gridVersion: number } => {
    const field = computeFieldFromSeeds(
      stableGrid(args.grid, args.options),
      args.seeds,
      args.options,
      { cost: args.cost, dir: args.dir },
      control,
    );
    return { gridVersion: field.gridVersion };
  },
  /** Seed 002's scent map written into the shared `out` array. */
  scentMap: (args: ScentMapArgs, control: KernelControl): void => {
    scentMap(args.grid, args.sources, { ...args.options, out: args.out, control });
  },
  /** Seed 002's flee map (../scent) written into the shared `out` array. */
  fleeMap: (args: FleeMapArgs, control: KernelControl): void => {
    fleeMap(args.grid, args.scent, { ...args.options, out: args.out, control });
  },
  /** Brogue's safety map (../scent): distance from the threats, scaled, re-relaxed; into shared `cost`/`dir`. */
  safetyField: (args: SafetyFieldArgs, control: KernelControl): { gridVersion: number } => {
    const out = { cost: args.cost, dir: args.dir };
    const field = safetyField(stableGrid(args.grid, args.options), args.threats, { ...args.options, out, control });
    return { gridVersion: field.gridVersion };
  },
  /** Per-set steps fields of sets [firstSet, lastSet) written into their slices of shared `cost`/`dir` (../sets). */
  computeSetFields: (args: ComputeSetFieldsArgs, control: KernelControl): void => runSetFieldsRange(args, control),
  /** One range of a crowd step (../crowd, the "Group Movement / Flocking Behavior" tutorial's avoidance): writes the next frame of units [from, to) in the shared crowd. */
  crowdStepRange: (args: CrowdStepRangeArgs, control: KernelControl): void => runCrowdStepRange(args, control),
  /** One phase of a sector graph build over a band of sectors, in the graph's shared arrays (../sectors). */
  sectorBuild: (args: SectorBuildArgs, control: KernelControl) => runSectorBuild(args, control),
  /** Plans a corridor field (../sectors): its sectors, and its shared arrays, not filled yet. */
  sectorCorridorPlan: (args: SectorCorridorPlanArgs) => runSectorCorridorPlan(args),
  /** Fills a planned corridor field's shared arrays (../sectors). Returns the tiles settled. */
  sectorCorridorFill: (args: SectorCorridorFillArgs, control: KernelControl) => runSectorCorridorFill(args, control),
  /** A copy of a sector graph's arrays brought up to its grid's version (../sectors). */
  sectorUpdate: (args: SectorUpdateArgs, control: KernelControl) => runSectorUpdate(args, control),
  /**
   * Diagnostic: stores `value` into every Int32 slot of `buffer` and returns the number of slots written. The
   * caller sees the values in its own view of the buffer: proof that a worker answers over comlink and shares
   * memory (used by the studio's end-to-end test).
   */
  fillShared: (args: FillSharedArgs): number => {
    const view = new Int32Array(args.buffer);
    for (let i = 0; i < view.length; i++) Atomics.store(view, i, args.value);
    return view.length;
  },
} satisfies Record<string, Kernel<never, unknown>>;

/** Names of the registered kernels. */
export type KernelName = keyof typeof KERNELS;
