import type { Grid } from '@fieldmarshal/core';
import { COOL_WARM, type ColorScale, colorScaleById, INFERNO, VIRIDIS } from '../../shared/color-scale.js';
import type { LegendSwatch } from '../../shared/legend.js';
import { type HeatmapStyle, scaleFraction, specialCss, type ValueRange } from './heatmap.js';
import type { MapResult } from './map-compute.js';
import type { MapMode, MapModeInfo } from './map-modes.js';
import { MARKER_COLORS, type MarkerKind } from './markers.js';

/** The colour scale shown: the chosen one, or with `auto` the mode's own (diverging for safety maps). */
export function scaleFor(scaleId: string, mode: MapMode): ColorScale {
  if (scaleId !== 'auto') return colorScaleById(scaleId);
  return mode === 'safety' ? COOL_WARM : mode === 'cost' ? VIRIDIS : INFERNO;
}

/** The result to show: the latest one when it belongs to this grid's size and the current mode, else null. */
export function shownResult(result: MapResult | null, grid: Grid | null, mode: MapMode): MapResult | null {
  return result && grid && result.values.values.length === grid.size && result.mode === mode ? result : null;
}

/** Ticks of the legend bar: zero on a two-slope diverging map, else the midpoint, along the shown part. */
export function legendTicks(style: HeatmapStyle, range: ValueRange): { value: number; at: number }[] {
  const from = style.from ?? 0;
  const to = style.to ?? 1;
  const tickValue = style.pivot ? style.pivot.value : (range.min + range.max) / 2;
  return [{ value: tickValue, at: (scaleFraction(style, tickValue) - from) / (to - from || 1) }];
}

/** The legend's swatches: walls, tiles without a value, the flee map's hero tile, the points and the units. */
export function legendSwatches(mode: MapMode, info: MapModeInfo, markerKind: MarkerKind): LegendSwatch[] {
  return [
    { label: 'wall', background: specialCss('wall') },
    {
      label: mode === 'cost' || mode === 'safety' ? 'unreachable' : 'unseen (-1)',
      background: `repeating-conic-gradient(${specialCss('unreachable')} 0 25%, ${specialCss('unreachableAlt')} 0 50%) 0 0 / 6px 6px`,
    },
    ...(mode === 'flee' ? [{ label: 'hero tile (-2)', background: specialCss('blocked') }] : []),
    { label: info.point, background: MARKER_COLORS[markerKind], round: true },
    { label: 'unit', background: MARKER_COLORS.unit, round: true },
  ];
}

/** What the legend says while no map is shown (undefined when one is). */
export function legendEmptyText(
  shown: MapResult | null,
  computeError: string | null,
  pointCount: number,
  info: MapModeInfo,
): string | undefined {
  if (shown) return undefined;
  if (computeError) return 'no map: see the error in the Map mode panel';
  return pointCount > 0
    ? `computing the ${info.label.toLowerCase()}…`
    : `place a ${info.point} to compute the ${info.label.toLowerCase()}`;
}
