import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { HeatmapRenderer } from '../../fields/draw/heatmap-renderer.js';
import { HUGE_MAP_TILES, paintOverviewSliced } from '../model/huge-map-image.js';

/** The map's walls and ground as the view draws them. */
export interface BaseImage {
  /** The map at one pixel per tile (null for huge maps: the overlay paints the visible tiles). */
  image: CanvasImageSource | null;
  /** A reduced copy for zoomed-out views and the minimap. */
  overview: { image: CanvasImageSource; factor: number } | null;
  /** The grid version the images show. */
  gridVersion: number;
  /** Frees the images' memory (bitmaps); called once a newer base replaced this one on screen. */
  dispose: () => void;
}

/**
 * The map itself (walls and ground), repainted whenever the map or its walls change (`editVersion`): up to
 * 4096 x 4096 as an image at one pixel per tile plus an overview, painted in the heatmap worker; above that only
 * the overview, painted here in slices (the view paints the visible tiles itself).
 */
export function useBaseImage(grid: Grid | null, editVersion: number): { base: BaseImage | null; key: number } {
  const [base, setBase] = useState<BaseImage | null>(null);
  const [key, setKey] = useState(0);
  const rendererRef = useRef<HeatmapRenderer | null>(null);
  useEffect(() => {
    const renderer = new HeatmapRenderer((image) => {
      setBase({ image: image.image, overview: image.overview, gridVersion: image.gridVersion, dispose: image.dispose });
      setKey((k) => k + 1);
    });
    rendererRef.current = renderer;
    return () => {
      renderer.dispose();
      rendererRef.current = null;
    };
  }, []);
  // Free the previous bitmaps once a new base replaced them on screen.
  useEffect(() => () => base?.dispose(), [base]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion is the trigger
  useEffect(() => {
    if (!grid) return;
    if (grid.size > HUGE_MAP_TILES) {
      const controller = new AbortController();
      const version = grid.version;
      void paintOverviewSliced(grid, controller.signal).then((overview) => {
        if (!overview) return;
        setBase({ image: null, overview, gridVersion: version, dispose: () => undefined });
        setKey((k) => k + 1);
      });
      return () => controller.abort();
    }
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
  return { base, key };
}
