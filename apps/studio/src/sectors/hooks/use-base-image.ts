import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { HeatmapRenderer, type RenderedHeatmap } from '../../fields/draw/heatmap-renderer.js';

/**
 * The map itself (walls and ground) as an image at one pixel per tile plus a reduced overview for zoomed-out
 * views, painted in the heatmap worker whenever the map or its walls change (`editVersion`).
 */
export function useBaseImage(
  grid: Grid | null,
  editVersion: number,
): { rendered: RenderedHeatmap | null; key: number } {
  const [rendered, setRendered] = useState<RenderedHeatmap | null>(null);
  const [key, setKey] = useState(0);
  const rendererRef = useRef<HeatmapRenderer | null>(null);
  useEffect(() => {
    const renderer = new HeatmapRenderer((image) => {
      setRendered(image);
      setKey((k) => k + 1);
    });
    rendererRef.current = renderer;
    return () => {
      renderer.dispose();
      rendererRef.current = null;
    };
  }, []);
  useEffect(() => () => rendered?.dispose(), [rendered]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion is the trigger
  useEffect(() => {
    if (!grid) return;
    rendererRef.current?.render({
      width: grid.width,
      height: grid.height,
      passable: grid.passable,
      values: null,
      valuesId: 0,
      scaleId: 'viridis',
      fit: null,
      highlight: false,
      gridVersion: grid.version,
    });
  }, [grid, editVersion]);
  return { rendered, key };
}
