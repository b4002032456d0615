import type { DiagonalRule, Grid, Metric } from '@fieldmarshal/core';
import { METRICS } from '@fieldmarshal/core/fields';
import { DIAGONAL_RULES } from '@fieldmarshal/core/grid';
import type { FieldFileData } from '../../shared/map-files/field-file.js';
import type { MapResult } from './map-compute.js';
import { requestKey } from './map-compute.js';
import { DEFAULT_MAP_PARAMS, MAP_MODES, type MapMode, type MapParams } from './map-modes.js';
import type { Point } from './tools.js';

/** The saved form of the field on the page: the map, the shown values and directions, mode, parameters, points. */
export function fieldFileOf(
  grid: Grid,
  shown: MapResult | null,
  mode: MapMode,
  params: MapParams,
  points: readonly Point[],
  label: string,
): FieldFileData {
  const values = shown
    ? shown.values.kind === 'scent'
      ? { kind: 'scent' as const, values: shown.values.values }
      : { kind: 'float' as const, values: Float64Array.from(shown.values.values) }
    : null;
  return {
    width: grid.width,
    height: grid.height,
    label,
    mode,
    params: { ...params },
    points: points.map((p) => ({ x: p.x, y: p.y })),
    passable: grid.passable,
    terrain: grid.terrain,
    values,
    dir: shown?.dir ?? null,
  };
}

/** The page's parameters from a saved field's (unknown or bad values fall back to the defaults). */
export function paramsFromFile(p: Record<string, unknown>): MapParams {
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    metric: METRICS.includes(p.metric as Metric) ? (p.metric as Metric) : DEFAULT_MAP_PARAMS.metric,
    neighbors: p.neighbors === 4 ? 4 : 8,
    diagonal: DIAGONAL_RULES.includes(p.diagonal as DiagonalRule)
      ? (p.diagonal as DiagonalRule)
      : DEFAULT_MAP_PARAMS.diagonal,
    // JSON has no Infinity: a missing or null range limit is none.
    maxCost: num(p.maxCost, Number.POSITIVE_INFINITY),
    strength: num(p.strength, DEFAULT_MAP_PARAMS.strength),
    coefficient: num(p.coefficient, DEFAULT_MAP_PARAMS.coefficient),
  };
}

/** The mode named in a saved field, or `cost`. */
export function modeFromFile(mode: string): MapMode {
  return MAP_MODES.some((m) => m.id === mode) ? (mode as MapMode) : 'cost';
}

/** A result showing a saved field's values as they were saved (nothing is computed for it). */
export function resultFromFile(
  data: Pick<FieldFileData, 'values' | 'dir' | 'label'>,
  grid: Grid,
  mode: MapMode,
  params: MapParams,
  points: readonly Point[],
): MapResult | null {
  if (!data.values) return null;
  const values = data.values;
  // A cost field with its directions can be repaired after edits like a computed one.
  const field =
    mode === 'cost' && values.kind === 'float' && data.dir
      ? { width: grid.width, height: grid.height, cost: values.values, dir: data.dir, gridVersion: grid.version }
      : undefined;
  return {
    ...(field ? { field } : {}),
    mode,
    values: data.values,
    dir: data.dir,
    gridVersion: grid.version,
    timings: [],
    engine: 'file',
    warning: null,
    key: requestKey({ mode, params, points }),
  };
}
