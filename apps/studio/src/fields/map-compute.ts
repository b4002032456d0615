import { computeField, fleeMap, type Grid, NoFleeSeedError, scentMap } from '@fieldmarshal/core';
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
}

function time<T>(timings: Timing[], label: string, fn: () => T): T {
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
    let warning: string | null = null;
    const move = { neighbors: params.neighbors, diagonal: params.diagonal } as const;
    switch (request.mode) {
      case 'cost': {
        const field = time(timings, 'cost field', () =>
          computeField(grid, { goals: points, metric: params.metric, maxCost: params.maxCost, ...move }),
        );
        return {
          mode: 'cost',
          values: { kind: 'float', values: field.cost },
          dir: field.dir,
          gridVersion,
          timings,
          engine: this.name,
          warning,
        };
      }
      case 'scent': {
        const sources = points.map((p) => ({ x: p.x, y: p.y, strength: params.strength }));
        const map = time(timings, 'scent map', () => scentMap(grid, sources, move));
        return {
          mode: 'scent',
          values: { kind: 'scent', values: map },
          dir: null,
          gridVersion,
          timings,
          engine: this.name,
          warning,
        };
      }
      case 'flee': {
        const sources = points.map((p) => ({ x: p.x, y: p.y, strength: params.strength }));
        const scent = time(timings, 'scent map', () => scentMap(grid, sources, move));
        let map: Int32Array;
        try {
          map = time(timings, 'flee map', () => fleeMap(grid, scent, { strength: params.strength, ...move }));
        } catch (error) {
          if (!(error instanceof NoFleeSeedError)) throw error;
          warning = error.message;
          map = fleeMap(grid, scent, { strength: params.strength, ...move, onNoSeed: 'return' });
        }
        return {
          mode: 'flee',
          values: { kind: 'scent', values: map },
          dir: null,
          gridVersion,
          timings,
          engine: this.name,
          warning,
        };
      }
      case 'safety':
        throw new Error('safety maps are not available in @fieldmarshal/core yet');
    }
  },
};
