import type { Grid } from '@fieldmarshal/core';
import type { ConvexSets } from '@fieldmarshal/core/tactics';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import type { MapViewHandle } from '../shared/map-view.js';
import type { TacticsScene } from './tactics-compute.js';
import { paintTactics, type ShadeMode } from './tactics-shading.js';

/**
 * The Tactics map image at one pixel per tile, shaded in cost space, repainted when `imageKey` changes (it
 * names the placement, the shading, whether a scene is shown and the set count).
 */
export function useTacticsImage(
  grid: Grid,
  sets: ConvexSets,
  mode: ShadeMode,
  shown: TacticsScene | null,
  imageKey: string,
  viewRef: RefObject<MapViewHandle | null>,
): { surface: HTMLCanvasElement | null; paintedKey: string } {
  const surface = useMemo(() => (typeof document === 'undefined' ? null : document.createElement('canvas')), []);
  const [paintedKey, setPaintedKey] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: imageKey captures the inputs
  useEffect(() => {
    if (!surface) return;
    surface.width = grid.width;
    surface.height = grid.height;
    const ctx = surface.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(grid.width, grid.height);
    paintTactics(
      image,
      grid,
      sets,
      mode,
      shown?.fromBlue ?? null,
      shown?.fromRed ?? null,
      shown?.flank.constants ?? null,
    );
    ctx.putImageData(image, 0, 0);
    setPaintedKey(imageKey);
    viewRef.current?.redraw();
  }, [imageKey, surface, grid, sets]);
  return { surface, paintedKey };
}
