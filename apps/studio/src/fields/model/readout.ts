import { DIRECTIONS, type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { formatValue } from '../../shared/format-value.js';
import { valueAt } from './heatmap.js';
import type { MapResult, Timing } from './map-compute.js';
import type { MapMode } from './map-modes.js';
import type { Point } from './tools.js';
import type { WalkerStatus } from './walker.js';

/** How the units list words each walker status, on a map of `mode` (where a resting unit stopped depends on it). */
export function statusText(status: WalkerStatus, mode: MapMode): string {
  if (status === 'moving') return 'moving';
  if (status === 'no-value') return 'no value here: nowhere to go';
  if (status === 'blocked') return 'blocked by a new wall';
  if (mode === 'cost') return 'arrived at a goal';
  if (mode === 'scent') return 'arrived: strongest scent it can reach';
  if (mode === 'flee') return 'resting: best flee tile it can reach';
  return 'resting: safest tile it can reach';
}

/** The name of a passability code. */
export function passabilityName(code: number | undefined): string {
  return code === 0 ? 'wall' : code === 2 ? 'water' : code === 1 ? 'ground' : '?';
}

/** What the readout under the map says about the hovered tile. */
export interface TileReadout {
  x: number;
  y: number;
  passability: string;
  /** The map's value, or why there is none. */
  value: string;
  /** The direction a unit takes from the tile. */
  direction: string;
  /** The tile's terrain cost, when the grid has a terrain layer. */
  terrain: string | null;
}

/**
 * The readout of the hovered tile, or null when nothing (or a tile off the map) is hovered. `dirAt` gives the
 * direction a unit takes from a tile (the kernel's, or the map's gradient).
 */
export function tileReadout(
  hover: Point | null,
  grid: Grid | null,
  shown: MapResult | null,
  dirAt: (x: number, y: number) => number,
): TileReadout | null {
  if (!hover || !grid?.inBounds(hover.x, hover.y)) return null;
  const i = hover.y * grid.width + hover.x;
  const code = grid.passable[i];
  let value = '—';
  let direction = '—';
  if (shown) {
    const v = valueAt(shown.values, i);
    if (v !== null) value = formatValue(v);
    else if (code === 0) value = 'wall';
    else if (shown.values.kind === 'scent' && shown.values.values[i] === -2) value = 'blocked (-2)';
    else value = shown.values.kind === 'scent' ? 'unseen (-1)' : 'unreachable (∞)';
    const d = dirAt(hover.x, hover.y);
    direction = d === NO_DIRECTION ? (v !== null ? 'none (optimum)' : 'none') : (DIRECTIONS[d]?.name ?? '?');
  }
  const terrain = grid.terrain ? formatValue(grid.terrain[i] as number) : null;
  return { x: hover.x, y: hover.y, passability: passabilityName(code), value, direction, terrain };
}

/** The rows of the Timing panel: loading, the computation's stages, the heatmap render and the frame draw. */
export function timingRows(
  load: { label: string; ms: number } | null,
  shown: MapResult | null,
  renderMs: number | null,
  drawMs: number | null,
  renderLabel = 'heatmap render',
): Timing[] {
  return [
    ...(load !== null ? [load] : []),
    ...(shown?.timings ?? []),
    ...(renderMs !== null ? [{ label: renderLabel, ms: renderMs }] : []),
    ...(drawMs !== null ? [{ label: 'map frame draw (worst)', ms: drawMs }] : []),
  ];
}

/** A timing in milliseconds as the Timing panel prints it. */
export function formatMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}
