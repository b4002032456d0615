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
  /** The generator settings of the map shown (the last Generate). */
  genApplied: GeneratedMapSettings;
  /** Generates a map with the form's settings. */
  generate: () => void;
  /** Loads the source again, discarding edits. */
  reload: () => void;
  /** Shows a map read from a file (it becomes the `file:<name>` choice; Reload goes back to it as read). */
  openFile: (map: LoadedMap, name: string) => void;
  /** Replaces the grid on the page by an equivalent one (a copy with a terrain layer), keeping points and view. */
  replaceGrid: (grid: Grid) => void;
  loaded: LoadedState | null;
  loadError: string | null;
  /** The Timing panel's row for the last load or generation (named by what it timed). */
  loadTiming: { label: string; ms: number } | null;
  /** What is being loaded or generated (a progress bar with Cancel), or null. */
  loading: string | null;
  /** Stops the load or generation in flight; the map shown stays. */
  cancelLoad: () => void;
}

/**
 * The Fields page's map: the source menu and generator form, the loaded (or generated) map, and maps opened
 * from files. Every load calls `onLoaded` (the latest one given) before the new map is set, so the page can
 * place its points and units. A load that fails keeps the map shown and says why.
 */
export function useMapSource(
  onLoaded: (map: LoadedMap) => void,
  initial: { choice: SourceChoice; gen: GeneratedMapSettings } = { choice: 'demo', gen: DEFAULT_GENERATED },
): MapSourceState {
  const [choice, setChoiceState] = useState<SourceChoice>(initial.choice);
  const [gen, setGen] = useState<GeneratedMapSettings>(initial.gen);
  const [genApplied, setGenApplied] = useState(initial.gen);
  const source = useMemo(() => sourceFromChoice(choice, genApplied), [choice, genApplied]);
  const [reloadCount, setReloadCount] = useState(0);
  const [loaded, setLoaded] = useState<LoadedState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadTiming, setLoadTiming] = useState<{ label: string; ms: number } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const loadAbort = useRef<AbortController | null>(null);
  /** The file's map as read (Reload restores a copy of it). */
  const fileMap = useRef<{ name: string; map: LoadedMap; fresh: LoadedMap | null } | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  const show = (map: LoadedMap) => {
    onLoadedRef.current(map);
    setLoaded((old) => ({ grid: map.grid, label: map.label, id: (old?.id ?? 0) + 1 }));
  };

  // Load (or generate) the map whenever the source changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadCount is a trigger
  useEffect(() => {
    if (source.kind === 'file') {
      const kept = fileMap.current;
      if (kept && kept.name === source.name) {
        // The map as read the first time, a copy of it after a Reload.
        show(kept.fresh ?? { ...kept.map, grid: kept.map.grid.clone() });
        kept.fresh = null;
        setLoadError(null);
      } else setLoadError(`the map file ${source.name} is not kept in links or after a reload: open it again`);
      return;
    }
    const controller = new AbortController();
    loadAbort.current = controller;
    const t0 = performance.now();
    const label = source.kind === 'generated' ? 'generate map' : 'load map';
    setLoadError(null);
    setLoading(
      source.kind === 'generated' ? `generating ${source.width} x ${source.height}` : `loading ${source.name}`,
    );
    loadMapSource(source, controller.signal)
      .then((map) => {
        if (controller.signal.aborted) return;
        setLoadTiming({ label, ms: performance.now() - t0 });
        show(map);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        if (loadAbort.current === controller) {
          loadAbort.current = null;
          setLoading(null);
        }
      });
    return () => controller.abort();
  }, [sourceKey(source), reloadCount]);

  return {
    choice,
    setChoice: setChoiceState,
    gen,
    setGen,
    genApplied,
    generate: () => setGenApplied({ ...gen }),
    reload: () => setReloadCount((c) => c + 1),
    openFile: (map, name) => {
      fileMap.current = { name, map: { ...map, grid: map.grid.clone() }, fresh: map };
      setLoadTiming(null);
      if (choice === `file:${name}`) setReloadCount((c) => c + 1);
      else setChoiceState(`file:${name}`);
    },
    replaceGrid: (grid) => setLoaded((old) => (old ? { ...old, grid } : old)),
    loaded,
    loadError,
    loadTiming,
    loading,
    cancelLoad: () => {
      const c = loadAbort.current;
      if (!c) return;
      c.abort();
      loadAbort.current = null;
      setLoading(null);
      setLoadError('cancelled: the map shown stays');
    },
  };
}
