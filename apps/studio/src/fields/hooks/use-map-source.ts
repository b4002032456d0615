import type { Grid } from '@fieldmarshal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GeneratedMapSettings } from '../../shared/generated-map.js';
import {
  DEFAULT_GENERATED,
  type LoadedMap,
  loadMapSource,
  type SourceChoice,
  sourceFromChoice,
  sourceKey,
} from '../model/map-sources.js';

/** The map on the page. */
export interface LoadedState {
  grid: Grid;
  label: string;
  /** Changes for every load, so the view fits and results of older maps are dropped. */
  id: number;
}

export interface MapSourceState {
  choice: SourceChoice;
  setChoice: (choice: SourceChoice) => void;
  /** The generator form's settings (applied by {@link generate}). */
  gen: GeneratedMapSettings;
  setGen: (gen: GeneratedMapSettings) => void;
  /** Generates a map with the form's settings. */
  generate: () => void;
  /** Loads the source again, discarding edits. */
  reload: () => void;
  loaded: LoadedState | null;
  loadError: string | null;
  /** The Timing panel's row for the last load or generation. */
  loadTiming: { label: string; ms: number } | null;
}

/**
 * The Fields page's map: the source menu and generator form, and the loaded (or generated) map. Every load
 * calls `onLoaded` (the latest one given) before the new map is set, so the page can place its points and units.
 */
export function useMapSource(onLoaded: (map: LoadedMap) => void): MapSourceState {
  const [choice, setChoice] = useState<SourceChoice>('demo');
  const [gen, setGen] = useState<GeneratedMapSettings>(DEFAULT_GENERATED);
  const [genApplied, setGenApplied] = useState(gen);
  const source = useMemo(() => sourceFromChoice(choice, genApplied), [choice, genApplied]);
  const [reloadCount, setReloadCount] = useState(0);
  const [loaded, setLoaded] = useState<LoadedState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadMs, setLoadMs] = useState<number | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  // Load (or generate) the map whenever the source changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadCount is a trigger
  useEffect(() => {
    const controller = new AbortController();
    const t0 = performance.now();
    setLoadError(null);
    loadMapSource(source, controller.signal)
      .then((map) => {
        if (controller.signal.aborted) return;
        setLoadMs(performance.now() - t0);
        onLoadedRef.current(map);
        setLoaded((old) => ({ grid: map.grid, label: map.label, id: (old?.id ?? 0) + 1 }));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => controller.abort();
  }, [sourceKey(source), reloadCount]);

  return {
    choice,
    setChoice,
    gen,
    setGen,
    generate: () => setGenApplied({ ...gen }),
    reload: () => setReloadCount((c) => c + 1),
    loaded,
    loadError,
    loadTiming: loadMs !== null ? { label: choice === 'generated' ? 'generate map' : 'load map', ms: loadMs } : null,
  };
}
