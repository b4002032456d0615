import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { HeatmapRenderer, type RenderedHeatmap } from '../draw/heatmap-renderer.js';
import type { TileValues, ValueRange } from '../model/heatmap.js';
import type { MapResult } from '../model/map-compute.js';

/** What the map shows: the field (or map) of the page, or the grid's terrain costs. */
export type MapLayer = 'field' | 'terrain';

export interface HeatmapInputs {
  grid: Grid | null;
  shown: MapResult | null;
  scaleId: string;
  layer: MapLayer;
  /** The tile rectangle the colour range is fitted to, or null for the whole map. */
  fit: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Tint the tiles that changed since the previous field. */
  highlight: boolean;
  /** Bumped after the grid was edited in place (repaint walls). */
  editVersion: number;
}

export interface HeatmapImage {
  /** The latest painted heatmap, or null before the first. */
  rendered: RenderedHeatmap | null;
  /** The value range the colours span (of the view when fitted; count 0 with none). */
  range: ValueRange;
  /** Time of the last paint in ms (in the worker when there is one). */
  renderMs: number | null;
  /** Changes on every new image, so the map view redraws. */
  imageKey: number;
  /** The renderer (to release fields only once it no longer reads them). */
  renderer: HeatmapRenderer | null;
}

const ids = new WeakMap<object, number>();
let nextId = 1;
function idOf(values: object): number {
  let id = ids.get(values);
  if (id === undefined) {
    id = nextId++;
    ids.set(values, id);
  }
  return id;
}

/** Paints the heatmap (off the main thread when possible) whenever the map, the field or the display changes. */
export function useHeatmapImage(inputs: HeatmapInputs): HeatmapImage {
  const { grid, shown, scaleId, layer, fit, highlight, editVersion } = inputs;
  const [rendered, setRendered] = useState<RenderedHeatmap | null>(null);
  const [imageKey, setImageKey] = useState(0);
  const rendererRef = useRef<HeatmapRenderer | null>(null);

  useEffect(() => {
    const renderer = new HeatmapRenderer((image) => {
      setRendered(image);
      setImageKey((k) => k + 1);
    });
    rendererRef.current = renderer;
    return () => {
      renderer.dispose();
      rendererRef.current = null;
    };
  }, []);

  // Free the previous bitmaps once a new image replaced them.
  useEffect(() => () => rendered?.dispose(), [rendered]);

  const fitKey = fit ? `${fit.x0},${fit.y0},${fit.x1},${fit.y1}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion and fitKey are triggers
  useEffect(() => {
    const renderer = rendererRef.current;
    if (!grid || !renderer) return;
    const terrain = layer === 'terrain' && grid.terrain !== null;
    const values: TileValues | null = terrain
      ? { kind: 'float', values: grid.terrain as Float32Array }
      : (shown?.values ?? null);
    renderer.render({
      width: grid.width,
      height: grid.height,
      passable: grid.passable,
      values,
      valuesId: terrain ? -1 : values ? idOf(values.values) : 0,
      scaleId: terrain ? 'inferno' : scaleId,
      fit,
      highlight: highlight && !terrain,
      gridVersion: grid.version,
    });
  }, [grid, shown, scaleId, layer, fitKey, highlight, editVersion]);

  return {
    rendered,
    range: rendered?.range ?? { min: 0, max: 0, count: 0 },
    renderMs: rendered?.ms ?? null,
    imageKey,
    renderer: rendererRef.current,
  };
}
