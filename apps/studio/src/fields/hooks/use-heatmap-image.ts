import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import type { ColorScale } from '../../shared/color-scale.js';
import { HeatmapSurface } from '../draw/heatmap-surface.js';
import { styleForRange, type ValueRange, valueRange } from '../model/heatmap.js';
import type { MapResult } from '../model/map-compute.js';

export interface HeatmapImage {
  /** The map at one pixel per tile (null outside a browser). */
  surface: HeatmapSurface | null;
  /** The value range of the shown map (count 0 with none). */
  range: ValueRange;
  /** Time of the last render in ms. */
  renderMs: number | null;
  /** Changes on every render, so the map view redraws. */
  imageKey: number;
}

/** Renders the heatmap once per map or result change (not per frame). */
export function useHeatmapImage(grid: Grid | null, shown: MapResult | null, scale: ColorScale): HeatmapImage {
  const surfaceRef = useRef<HeatmapSurface | null>(null);
  if (surfaceRef.current === null && typeof document !== 'undefined') surfaceRef.current = new HeatmapSurface();
  const [range, setRange] = useState<ValueRange>({ min: 0, max: 0, count: 0 });
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const [imageKey, setImageKey] = useState(0);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!grid || !surface) return;
    const r = shown ? valueRange(shown.values) : { min: 0, max: 0, count: 0 };
    setRange(r);
    setRenderMs(surface.render(grid.width, grid.height, grid.passable, shown?.values ?? null, styleForRange(scale, r)));
    setImageKey((k) => k + 1);
  }, [grid, shown, scale]);

  return { surface: surfaceRef.current, range, renderMs, imageKey };
}
