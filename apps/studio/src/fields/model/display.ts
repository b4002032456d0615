import type { Grid } from '@fieldmarshal/core';
import { COOL_WARM, type ColorScale, colorScaleById, INFERNO, VIRIDIS } from '../../shared/color-scale.js';
import type { LegendSwatch } from '../../shared/legend.js';
import {
  CHANGED_TINT,
  type HeatmapStyle,
  scaleFraction,
  specialCss,
  styleForRange,
  type ValueRange,
} from './heatmap.js';
import type { MapResult } from './map-compute.js';
import type { MapMode, MapModeInfo } from './map-modes.js';
import { MARKER_COLORS, type MarkerKind } from './markers.js';
import { UNIT_COLORS } from './walker-roster.js';

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
    {
      label: 'units (each its own colour, as in the Units panel)',
      background: `conic-gradient(${UNIT_COLORS.map((c, i) => `${c} ${(i * 100) / UNIT_COLORS.length}% ${((i + 1) * 100) / UNIT_COLORS.length}%`).join(', ')})`,
      round: true,
    },
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

/** Everything the legend shows for the map on screen (the page's legend and the exported PNG's). */
export interface LegendModel {
  title: string;
  scale: ColorScale;
  style: HeatmapStyle;
  range: ValueRange;
  lowLabel: string;
  highLabel: string;
  ticks: { value: number; at: number }[];
  swatches: LegendSwatch[];
  empty: string | undefined;
}

/** The legend of the field (or of the terrain costs when those are shown). */
export function legendModel(args: {
  mode: MapMode;
  info: MapModeInfo;
  markerKind: MarkerKind;
  scale: ColorScale;
  range: ValueRange;
  shown: MapResult | null;
  computeError: string | null;
  pointCount: number;
  terrain: boolean;
  fitted: boolean;
  /** Tiles whose value changed since the previous field are tinted (the swatch says in what colour). */
  highlight?: boolean;
}): LegendModel {
  const { info, range } = args;
  const scale = args.terrain ? INFERNO : args.scale;
  const style = styleForRange(scale, range);
  const fitted = args.fitted && !args.terrain ? ' (range of the view)' : '';
  return {
    title: args.terrain ? 'Terrain cost per tile (a step costs it times the step length)' : `${info.legend}${fitted}`,
    scale,
    style,
    range,
    lowLabel: args.terrain ? 'cheap' : info.low,
    highLabel: args.terrain ? 'dear' : info.high,
    ticks: legendTicks(style, range),
    swatches: [
      ...legendSwatches(args.mode, info, args.markerKind),
      ...(args.highlight && !args.terrain
        ? [{ label: 'changed by the last edit', background: `rgb(${CHANGED_TINT.join(', ')})`, id: 'changed' }]
        : []),
    ],
    empty: args.terrain ? undefined : legendEmptyText(args.shown, args.computeError, args.pointCount, info),
  };
}
