import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { type MapEngine, type MapRequest, type MapResult, requestKey } from '../model/map-compute.js';
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
  /** False while the chosen engine is starting: nothing is computed until it is up. */
  ready: boolean;
  /** Gives a replaced result's buffers back once nothing reads them any more (the heatmap may still be). */
  release: (result: MapResult) => void;
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
  /** True after Cancel until the next computation: the map shown is out of date on purpose. */
  cancelled: boolean;
  /** Total time of the last computation in ms (live edits recompute during a stroke only when it is quick). */
  lastComputeMs: () => number;
  /** Cancels the computation in flight. */
  cancel: () => void;
  /** Computes again (after a Cancel). */
  recompute: () => void;
  /** Drops the shown result (a new map was loaded). */
  clear: () => void;
  /** Shows a result read from a file (it answers the current inputs: nothing is computed for them). */
  show: (result: MapResult, grid: Grid) => void;
}

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Computes the chosen map whenever its inputs change; a newer request cancels the one in flight. After grid
 * edits a cost field of the same request is repaired (core's updateField, in a worker or here) instead of
 * recomputed. Calls `onResult` (the latest one given) after each new result is set. A replaced result's
 * buffers go back (through `release`) once the new one is on screen.
 */
export function useFieldResult(inputs: FieldInputs, onResult: () => void): FieldResultState {
  const { grid, mode, params, points, editVersion, engine, ready } = inputs;
  const [result, setResult] = useState<MapResult | null>(null);
  const [computeError, setComputeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ label: string; progress: number | null } | null>(null);
  const [resultCount, setResultCount] = useState(0);
  const [computing, setComputing] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [again, setAgain] = useState(0);
  const lastComputeMs = useRef(0);
  const abortRef = useRef<AbortController | null>(null);
  /** The latest result and the grid it belongs to (read by the next request: repair or not). */
  const latest = useRef<{ result: MapResult; grid: Grid } | null>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const releaseRef = useRef(inputs.release);
  releaseRef.current = inputs.release;

  const publish = (r: MapResult, g: Grid) => {
    latest.current = { result: r, grid: g };
    setResult(r);
    setResultCount((n) => n + 1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion and again are triggers
  useEffect(() => {
    if (!grid || !ready) return;
    const valid = points.filter((p) => grid.isPassable(p.x, p.y));
    abortRef.current?.abort();
    setCancelled(false);
    if (valid.length === 0) {
      latest.current = null;
      setResult(null);
      setBusy(null);
      setComputing(false);
      setComputeError(null);
      return;
    }
    const request: MapRequest = { mode, grid, points: valid, params };
    const key = requestKey(request);
    const base = latest.current?.grid === grid ? latest.current.result : null;
    if (base && base.key === key && base.gridVersion === grid.version) {
      // Already shown (a result read from a file, or a repeated trigger).
      setBusy(null);
      setComputing(false);
      return;
    }
    const repair = base?.field !== undefined && base.key === key && base.gridVersion >= 0;
    const controller = new AbortController();
    abortRef.current = controller;
    const label = `${modeInfo(mode).label} on ${engine.name}`;
    setComputing(true);
    const run = async () => {
      const long = !repair && lastComputeMs.current > 60;
      let reveal: ReturnType<typeof setTimeout> | undefined;
      if (long) {
        setBusy({ label, progress: null });
        if (!engine.offThread) await nextPaint();
      } else reveal = setTimeout(() => setBusy({ label, progress: null }), 120);
      try {
        if (controller.signal.aborted) return;
        const r =
          repair && base
            ? await engine.repair(request, base, { signal: controller.signal })
            : await engine.compute(request, {
                signal: controller.signal,
                onProgress: (done, total) => {
                  if (!controller.signal.aborted && total > 0) setBusy({ label, progress: done / total });
                },
              });
        if (controller.signal.aborted) {
          r.release?.();
          return;
        }
        lastComputeMs.current = r.repair ? r.repair.ms : r.timings.reduce((s, t) => s + t.ms, 0);
        setComputeError(null);
        publish(r, grid);
        onResultRef.current();
      } catch (error) {
        if (controller.signal.aborted) return;
        setComputeError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        latest.current = null;
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
  }, [grid, mode, params, points, editVersion, engine, ready, again]);

  // Give a replaced result's buffers back (after the new one is on screen and the heatmap no longer reads it).
  useEffect(
    () => () => {
      if (result) releaseRef.current(result);
    },
    [result],
  );

  return {
    result,
    computeError,
    busy,
    resultCount,
    computing,
    cancelled,
    lastComputeMs: () => lastComputeMs.current,
    cancel: () => {
      abortRef.current?.abort();
      setCancelled(true);
    },
    recompute: () => setAgain((n) => n + 1),
    clear: () => {
      latest.current = null;
      setResult(null);
    },
    show: (r, g) => publish(r, g),
  };
}
