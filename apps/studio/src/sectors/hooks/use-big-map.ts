import type { Grid } from '@fieldmarshal/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BigMapSettings, makeBigMap } from '../model/big-map.js';

export interface LoadedBigMap {
  grid: Grid;
  label: string;
  /** A new id per map (the view fits a new map). */
  id: number;
  /** Milliseconds to make it. */
  ms: number;
}

export interface BigMapState {
  /** The form's settings (applied by `generate`). */
  settings: BigMapSettings;
  setSettings: (s: BigMapSettings) => void;
  /** Makes the map of the form's settings. */
  generate: () => void;
  /** The settings of the map shown. */
  applied: BigMapSettings;
  map: LoadedBigMap | null;
  loading: boolean;
  error: string | null;
}

let nextId = 1;

/** The Big maps page's map: made from the form's settings when Generate is pressed (and once at first). */
export function useBigMap(initial: BigMapSettings): BigMapState {
  const [settings, setSettings] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const [map, setMap] = useState<LoadedBigMap | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [again, setAgain] = useState(0);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  // biome-ignore lint/correctness/useExhaustiveDependencies: again is the trigger
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    // Let the page paint "making the map…" before a big generator holds the main thread.
    const timer = setTimeout(async () => {
      const t0 = performance.now();
      try {
        const { grid, label } = await makeBigMap(applied, controller.signal);
        if (controller.signal.aborted) return;
        setMap({ grid, label, id: nextId++, ms: performance.now() - t0 });
        setError(null);
      } catch (e) {
        if (controller.signal.aborted) return;
        setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, 30);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [applied, again]);

  const generate = useCallback(() => {
    setApplied({ ...settingsRef.current });
    setAgain((n) => n + 1);
  }, []);

  return { settings, setSettings, generate, applied, map, loading, error };
}
