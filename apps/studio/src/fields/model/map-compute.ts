import {
  computeField,
  type Field,
  type FieldOptions,
  type Grid,
  NoFleeSeedError,
  sharedMemoryAvailable,
  updateField,
} from '@fieldmarshal/core';
import { fleeMap, type ScentSource, safetyField, scentMap } from '@fieldmarshal/core/scent';
import type { TileValues } from './heatmap.js';
import type { MapMode, MapParams } from './map-modes.js';

/** One computation the page asks for. */
export interface MapRequest {
  mode: MapMode;
  grid: Grid;
  /** Goals, sources, heroes or threats (walkable tiles; at least one). */
  points: readonly { x: number; y: number }[];
  params: MapParams;
}

/** One timed stage of a computation. */
export interface Timing {
  label: string;
  ms: number;
}

/** A computed map, ready for the heatmap and for units. */
export interface MapResult {
  mode: MapMode;
  values: TileValues;
  /** The kernel's direction field (cost fields only); other maps are followed by their gradient. */
  dir: Uint8Array | null;
  /** grid.version when the computation started. */
  gridVersion: number;
  timings: Timing[];
  /** Where it ran: "main thread" or "workers". */
  engine: string;
  /** A non-fatal note (e.g. why a flee map is empty). */
  warning: string | null;
  /** Gives the result's shared buffers back to the service for reuse; call once nothing reads it any more. */
  release?: () => void;
  /** The request it answers ({@link requestKey}): a repair needs a result of the same request. */
  key: string;
  /** The cost field as the kernels made it (cost fields), for repairs. */
  field?: Field;
  /** Set when this result was repaired from the previous one after grid edits. */
  repair?: { tiles: number; full: boolean; ms: number };
  /** Milliseconds of the last full computation of this request (carried over by repairs). */
  fullMs?: number;
}

/** A text key of what a request computes (not the grid's version): mode, parameters and points. */
export function requestKey(request: Pick<MapRequest, 'mode' | 'params' | 'points'>): string {
  const p = request.params;
  return `${request.mode}|${p.metric}|${p.neighbors}|${p.diagonal}|${p.maxCost}|${p.strength}|${p.coefficient}|${request.points.map((q) => `${q.x},${q.y}`).join(';')}`;
}

/** The cost-field options of a request. */
export function fieldOptionsOf(request: MapRequest): FieldOptions {
  const { params } = request;
  return {
    goals: request.points.map((p) => ({ x: p.x, y: p.y })),
    metric: params.metric,
    maxCost: params.maxCost,
    neighbors: params.neighbors,
    diagonal: params.diagonal,
  };
}

/** A Float64Array and a Uint8Array of `n` entries on shared memory when available (workers read them without copies). */
export function fieldArrays(n: number): { cost: Float64Array; dir: Uint8Array } {
  if (!sharedMemoryAvailable) return { cost: new Float64Array(n), dir: new Uint8Array(n) };
  return { cost: new Float64Array(new SharedArrayBuffer(n * 8)), dir: new Uint8Array(new SharedArrayBuffer(n)) };
}

/** Progress of a long computation: tiles done and expected (0 while unknown). */
export type ProgressListener = (done: number, total: number) => void;

/** Runs map computations somewhere (the main thread, or the worker service). */
export interface MapEngine {
  /** Shown to the user: "main thread", "2 workers". */
  readonly name: string;
  /** True when computing does not block the page (the UI can then show live progress and a Cancel button). */
  readonly offThread: boolean;
  compute(request: MapRequest, options: { signal: AbortSignal; onProgress?: ProgressListener }): Promise<MapResult>;
  /**
   * Brings `base` (a cost field of the same request, on an older version of the grid) up to the grid's version
   * by repairing it (core's updateField), as a new result; `base` stays as it was, so it can stay on screen.
   */
  repair(request: MapRequest, base: MapResult, options: { signal: AbortSignal }): Promise<MapResult>;
}

/** Seed 002's flee map of a scent map; an empty map with a warning when nothing can seed it. */
function fleeFrom(
  grid: Grid,
  scent: Int32Array,
  params: MapParams,
  timings: Timing[],
  label: string,
): { map: Int32Array; warning: string | null } {
  const options = { strength: params.strength, neighbors: params.neighbors, diagonal: params.diagonal };
  try {
    return { map: time(timings, label, () => fleeMap(grid, scent, options)), warning: null };
  } catch (error) {
    if (!(error instanceof NoFleeSeedError)) throw error;
    return { map: fleeMap(grid, scent, { ...options, onNoSeed: 'return' }), warning: error.message };
  }
}

export function time<T>(timings: Timing[], label: string, fn: () => T): T {
  const t0 = performance.now();
  const value = fn();
  timings.push({ label, ms: performance.now() - t0 });
  return value;
}

/** Runs the core kernels synchronously on the main thread (used until the worker service is available). */
export const mainThreadEngine: MapEngine = {
  name: 'main thread',
  offThread: false,
  async compute(request, { signal }) {
    signal.throwIfAborted();
    const { grid, points, params } = request;
    const gridVersion = grid.version;
    const timings: Timing[] = [];
    const move = { neighbors: params.neighbors, diagonal: params.diagonal } as const;
    const key = requestKey(request);
    const result = (values: TileValues, dir: Uint8Array | null, warning: string | null = null): MapResult => ({
      mode: request.mode,
      values,
      dir,
      gridVersion,
      timings,
      engine: this.name,
      warning,
      key,
      fullMs: timings.reduce((sum, t) => sum + t.ms, 0),
    });
    switch (request.mode) {
      case 'cost': {
        const field = time(timings, 'cost field', () =>
          computeField(grid, { ...fieldOptionsOf(request), out: fieldArrays(grid.size) }),
        );
        return { ...result({ kind: 'float', values: field.cost }, field.dir), field };
      }
      case 'scent': {
        const map = time(timings, 'scent map', () => scentMap(grid, sources(request), move));
        return result({ kind: 'scent', values: map }, null);
      }
      case 'flee': {
        const scent = time(timings, 'scent map', () => scentMap(grid, sources(request), move));
        const flee = fleeFrom(grid, scent, params, timings, 'flee map');
        return result({ kind: 'scent', values: flee.map }, null, flee.warning);
      }
      case 'safety': {
        const field = time(timings, 'safety map (2 passes)', () =>
          safetyField(grid, points, {
            coefficient: params.coefficient,
            metric: params.metric,
            maxCost: params.maxCost,
            ...move,
          }),
        );
        return result({ kind: 'float', values: field.cost }, field.dir);
      }
    }
  },
  async repair(request, base, { signal }) {
    signal.throwIfAborted();
    if (!base.field) throw new Error('only cost fields are repaired');
    const { grid } = request;
    const t0 = performance.now();
    // A copy, so the shown field stays whole while the repair runs (and until the new one is on screen).
    const out = fieldArrays(grid.size);
    out.cost.set(base.field.cost);
    out.dir.set(base.field.dir);
    const field: Field = { ...base.field, cost: out.cost, dir: out.dir };
    const done = updateField(grid, field, fieldOptionsOf(request));
    const ms = performance.now() - t0;
    return repairedResult(base, field, done, ms, this.name, 'repair (main thread)');
  },
};

/** The result of a repair of `base` into `field`. */
export function repairedResult(
  base: MapResult,
  field: Field,
  done: { full: boolean; tiles: number },
  ms: number,
  engine: string,
  label: string,
): MapResult {
  const fullMs = done.full ? ms : (base.fullMs ?? 0);
  return {
    mode: 'cost',
    values: { kind: 'float', values: field.cost },
    dir: field.dir,
    gridVersion: field.gridVersion,
    timings: [{ label: done.full ? `${label}: full recompute` : label, ms }],
    engine,
    warning: null,
    key: base.key,
    field,
    repair: { tiles: done.tiles, full: done.full, ms },
    fullMs,
  };
}

export function sources(request: MapRequest): ScentSource[] {
  return request.points.map((p) => ({ x: p.x, y: p.y, strength: request.params.strength }));
}
