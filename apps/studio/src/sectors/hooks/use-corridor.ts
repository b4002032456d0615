import { type CorridorField, corridorFieldInPool, type SectorGraph } from '@fieldmarshal/core/sectors';
import { useEffect, useRef, useState } from 'react';
import { VIRIDIS } from '../../shared/color-scale.js';
import { studioService } from '../../shared/studio-service.js';
import { type CorridorImage, paintCorridor } from '../model/corridor-image.js';
import type { Tile } from './use-sector-route.js';

export interface CorridorState {
  field: CorridorField | null;
  image: CorridorImage | null;
  /** Changes on every repaint (the view redraws). */
  imageKey: number;
  /** Fill progress 0..1 while the field fills, else null. */
  progress: number | null;
  /** Milliseconds of the whole corridor field (plan + fill, worker round trips). */
  ms: number | null;
  error: string | null;
}

/** Repaint the filling corridor at most this often (ms). */
const REPAINT_MS = 120;

/**
 * The corridor field towards `goal` for the units at `starts` (x, y pairs), computed in the pool
 * (`corridorFieldInPool`, one full field instead past `fullFieldAbove` of the sectors) whenever the goal, the
 * units, the graph or the threshold change. The heatmap is repainted while the
 * worker fills the field, so the corridor is seen filling in.
 */
export function useCorridor(
  graph: SectorGraph | null,
  revision: number,
  goal: Tile | null,
  starts: Int32Array | null,
  fullFieldAbove: number,
): CorridorState {
  const [state, setState] = useState<CorridorState>({
    field: null,
    image: null,
    imageKey: 0,
    progress: null,
    ms: null,
    error: null,
  });
  const imageRef = useRef<CorridorImage | null>(null);
  const gx = goal?.x ?? -1;
  const gy = goal?.y ?? -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision is the trigger (the graph is updated in place)
  useEffect(() => {
    if (!graph || gx < 0 || !starts || starts.length === 0 || !graph.grid.isPassable(gx, gy)) {
      setState((s) => ({ ...s, field: null, image: null, progress: null, ms: null, error: null }));
      return;
    }
    const controller = new AbortController();
    let field: CorridorField | null = null;
    let lastPaint = 0;
    // One paint at a time (each is sliced over several tasks); a paint asked for meanwhile follows it.
    let painting = false;
    let queued: { progress: number | null } | null = null;
    const paint = (progress: number | null) => {
      if (!field || controller.signal.aborted) return;
      // A full field (the corridor's fallback) is written in one go: paint it once done.
      if (field.fullField && progress !== null) {
        const f = field;
        setState((s) => ({ ...s, field: f, image: null, imageKey: s.imageKey + 1, progress }));
        return;
      }
      if (painting) {
        queued = { progress };
        return;
      }
      painting = true;
      const f = field;
      lastPaint = performance.now();
      void paintCorridor(f, VIRIDIS, imageRef.current, controller.signal).then((image) => {
        painting = false;
        if (!image || controller.signal.aborted) return;
        imageRef.current = image;
        setState((s) => ({ ...s, field: f, image, imageKey: s.imageKey + 1, progress }));
        const next = queued;
        queued = null;
        if (next) paint(next.progress);
      });
    };
    const run = async () => {
      const t0 = performance.now();
      try {
        const service = await studioService();
        const done = await corridorFieldInPool(service, graph, { x: gx, y: gy }, starts, {
          fullFieldAbove,
          signal: controller.signal,
          onStart: (f) => {
            field = f;
            paint(0);
          },
          onProgress: (d, total) => {
            if (total > 0 && performance.now() - lastPaint > REPAINT_MS) paint(d / total);
          },
        });
        if (controller.signal.aborted) return;
        field = done;
        paint(null);
        setState((s) => ({ ...s, ms: performance.now() - t0, error: null }));
      } catch (e) {
        if (controller.signal.aborted) return;
        setState((s) => ({
          ...s,
          progress: null,
          error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
        }));
      }
    };
    setState((s) => ({ ...s, progress: 0, ms: null }));
    void run();
    return () => controller.abort();
  }, [graph, revision, gx, gy, starts, fullFieldAbove]);
  return state;
}
