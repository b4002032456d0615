import { DIRECTIONS, type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { formatValue } from '../../shared/format-value.js';
import { valueAt } from './heatmap.js';
import type { MapResult, Timing } from './map-compute.js';
import type { Point } from './tools.js';
import type { WalkerStatus } from './walker.js';

/** How the units list words each walker status. */
export const STATUS_TEXT: Record<WalkerStatus, string> = {
  moving: 'moving',
  resting: 'arrived (local optimum)',
  'no-value': 'no value here: nowhere to go',
  blocked: 'blocked by a new wall',
};

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
  return { x: hover.x, y: hover.y, passability: passabilityName(code), value, direction };
}

/** The rows of the Timing panel: loading, the computation's stages, the heatmap render and the frame draw. */
export function timingRows(
  load: { label: string; ms: number } | null,
  shown: MapResult | null,
  renderMs: number | null,
  drawMs: number | null,
): Timing[] {
  return [
    ...(load !== null ? [load] : []),
    ...(shown?.timings ?? []),
    ...(renderMs !== null ? [{ label: 'heatmap render', ms: renderMs }] : []),
    ...(drawMs !== null ? [{ label: 'map frame draw (worst)', ms: drawMs }] : []),
  ];
}

/** A timing in milliseconds as the Timing panel prints it. */
export function formatMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}
