import type { Grid } from '@fieldmarshal/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MapEngine, MapResult } from '../model/map-compute.js';
import { type MapMode, type MapParams, modeInfo } from '../model/map-modes.js';
import type { Point } from '../model/tools.js';

/** The inputs of one computation of the Fields page. */
export interface FieldInputs {
  grid: Grid | null;
  mode: MapMode;
  params: MapParams;
  points: Point[];
  /** Bumped after the grid was edited in place (a trigger: the grid object stays the same). */
  editVersion: number;
  engine: MapEngine;
}

export interface FieldResultState {
  /** The latest result (of any mode; see shownResult), or null. */
  result: MapResult | null;
  computeError: string | null;
  /** The progress bar: shown once a computation takes a while (null progress: indeterminate). */
  busy: { label: string; progress: number | null } | null;
  /** Counts results shown, for the `data-result-key` end-to-end hook. */
  resultCount: number;
  /** A computation is in flight (set at once, unlike the bar, which appears only when it takes a while). */
  computing: boolean;
  /** Total time of the last computation in ms (read by the edit tools: live recomputes only when quick). */
  lastComputeMs: RefObject<number>;
  /** Cancels the computation in flight. */
  cancel: () => void;
  /** Drops the shown result (a new map was loaded). */
  clear: () => void;
}

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Computes the chosen map whenever its inputs change; a newer request cancels the one in flight. Calls
 * `onResult` (the latest one given) after each new result is set. A replaced result's shared buffers go back
 * to the service once the new one is on screen.
 */
export function useFieldResult(inputs: FieldInputs, onResult: () => void): FieldResultState {
  const { grid, mode, params, points, editVersion, engine } = inputs;
  const [result, setResult] = useState<MapResult | null>(null);
  const [computeError, setComputeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ label: string; progress: number | null } | null>(null);
  const [resultCount, setResultCount] = useState(0);
  const [computing, setComputing] = useState(false);
  const lastComputeMs = useRef(0);
  const abortRef = useRef<AbortController | null>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion is a trigger (the grid is edited in place)
  useEffect(() => {
    if (!grid) return;
    const valid = points.filter((p) => grid.isPassable(p.x, p.y));
    abortRef.current?.abort();
    if (valid.length === 0) {
      setResult(null);
      setBusy(null);
      setComputing(false);
      setComputeError(null);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const label = `${modeInfo(mode).label} on ${engine.name}`;
    setComputing(true);
    const run = async () => {
      const long = lastComputeMs.current > 60;
      let reveal: ReturnType<typeof setTimeout> | undefined;
      if (long) {
        setBusy({ label, progress: null });
        if (!engine.offThread) await nextPaint();
      } else reveal = setTimeout(() => setBusy({ label, progress: null }), 120);
      try {
        if (controller.signal.aborted) return;
        const r = await engine.compute(
          { mode, grid, points: valid, params },
          {
            signal: controller.signal,
            onProgress: (done, total) => {
              if (!controller.signal.aborted && total > 0) setBusy({ label, progress: done / total });
            },
          },
        );
        if (controller.signal.aborted) return;
        lastComputeMs.current = r.timings.reduce((s, t) => s + t.ms, 0);
        setComputeError(null);
        setResult(r);
        setResultCount((n) => n + 1);
        onResultRef.current();
      } catch (error) {
        if (controller.signal.aborted) return;
        setComputeError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        setResult(null);
      } finally {
        clearTimeout(reveal);
        // Clear the bar unless a newer request took over (it owns the bar now). Cancel aborts this same
        // controller, so testing `aborted` here would leave the bar up after Cancel.
        if (abortRef.current === controller) {
          setBusy(null);
          setComputing(false);
        }
      }
    };
    const timer = setTimeout(run, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [grid, mode, params, points, editVersion, engine]);

  // Give a replaced result's shared buffers back to the service (after the new one is on screen).
  useEffect(() => () => result?.release?.(), [result]);

  return {
    result,
    computeError,
    busy,
    resultCount,
    computing,
    lastComputeMs,
    cancel: () => abortRef.current?.abort(),
    clear: () => setResult(null),
  };
}
