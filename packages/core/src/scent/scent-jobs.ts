/**
 * The scent, flee and safety maps as worker jobs (see ../jobs/job-spec.ts), each writing into output arrays the
 * job layer allocates.
 */
import type { FieldArrays } from '../fields/field-jobs.js';
import type { Field } from '../fields/types.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { metricOf, stableGrid } from '../grid/stable-grid.js';
import { defineJob } from '../jobs/job-spec.js';
import type { KernelRunOptions } from '../util/run-options.js';
import { type FleeMapOptions, fleeMap } from './flee-map.js';
import { type SafetyMapOptions, safetyField } from './safety-map.js';
import { type ScentSource, scentMap } from './scent-map.js';
import type { ScentMoveOptions } from './scent-options.js';

/** The output of a map job: one Int32 value per tile. */
export interface MapOut {
  /** The map, `width * height` values. */
  out: Int32Array;
}

/** An Int32 per tile of `grid`. */
function mapOutput(grid: Grid) {
  checkGrid(grid);
  return { out: { kind: 'i32' as const, length: grid.size } };
}

/** Arguments of the `scentMap` job (the breadth-first scent map of "Scent Map II" (thrig)). */
export interface ScentMapArgs {
  /** The grid. */
  grid: Grid;
  /** The tiles that give off scent, with their strengths. */
  sources: readonly ScentSource[];
  /**
   * Neighbourhood and diagonal rule.
   * @defaultValue undefined (meaning scentMap's defaults: 4 neighbours, `'if-both-free'`)
   */
  options?: ScentMoveOptions;
}

/** scentMap into the job's output; resolves to the map. */
export const scentMapJob = defineJob<ScentMapArgs, Int32Array, MapOut>({
  name: 'scentMap',
  outputs: (args) => mapOutput(args.grid),
  run: (args, control) => scentMap(args.grid, args.sources, { ...args.options, out: args.out, control }),
});

/** Arguments of the `fleeMap` job: the flee map of "Scent Map II" (thrig), the reverse of a scent map. */
export interface FleeMapArgs {
  /** The grid. */
  grid: Grid;
  /** The scent map to reverse (Int32, `width * height`). */
  scent: Int32Array;
  /** As fleeMap's options, without `out` and the run options (the job provides them). */
  options: Omit<FleeMapOptions, 'out' | keyof KernelRunOptions>;
}

/** fleeMap into the job's output; resolves to the map. */
export const fleeMapJob = defineJob<FleeMapArgs, Int32Array, MapOut>({
  name: 'fleeMap',
  outputs: (args) => mapOutput(args.grid),
  run: (args, control) => fleeMap(args.grid, args.scent, { ...args.options, out: args.out, control }),
});

/** Arguments of the `safetyField` job: both passes of Brogue's safety map in one job. */
export interface SafetyFieldArgs {
  /** The grid. */
  grid: Grid;
  /** The tiles to get away from (at least one). */
  threats: readonly Point[];
  /**
   * As safetyField's options, without `out` and the run options (the job provides them).
   * @defaultValue undefined (meaning safetyField's defaults)
   */
  options?: Omit<SafetyMapOptions, 'out' | keyof KernelRunOptions>;
}

/** safetyField into the job's outputs; resolves to the field. */
export const safetyFieldJob = defineJob<SafetyFieldArgs, Field, FieldArrays>({
  name: 'safetyField',
  outputs: (args) => {
    checkGrid(args.grid);
    return { cost: { kind: 'f64', length: args.grid.size }, dir: { kind: 'u8', length: args.grid.size } };
  },
  run: (args, control) =>
    safetyField(stableGrid(args.grid, metricOf(args.options)), args.threats, {
      ...args.options,
      out: { cost: args.cost, dir: args.dir },
      control,
    }),
});
