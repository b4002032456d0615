import type { Grid } from '@fieldmarshal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GeneratedMapSettings } from '../../shared/generated-map.js';
import { keepMapOffThread, loadKeptOffThread } from '../../shared/map-files/map-file-loader.js';
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
  /**
   * Shows a map read from a file (it becomes the `file:<name>` choice; Reload goes back to it as read) and keeps
   * it in this browser, so links and reloads open it again.
   */
  openFile: (map: LoadedMap, name: string) => void;
  /**
   * Keeps `copy` (of the map on the page, as edited) in this browser and makes it the source (`file:<label>
   * (edited)`); the map on the page stays as it is: painted edits too long for a link. Resolves to false when it
   * could not be kept.
   */
  keepEdited: (copy: Grid) => Promise<boolean>;
  /** The kept file's hash prefix (the link's `fh`), or null. */
  fileHash: string | null;
  /** Whether the file's map is kept, or why not (null for other sources). */
  keptNote: string | null;
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
  onLoaded: (map: LoadedMap) => Grid | undefined,
  initial: { choice: SourceChoice; gen: GeneratedMapSettings; fileHash?: string | null } = {
    choice: 'demo',
    gen: DEFAULT_GENERATED,
  },
): MapSourceState {
  const [choice, setChoiceState] = useState<SourceChoice>(initial.choice);
  const [fileHash, setFileHash] = useState<string | null>(initial.fileHash ?? null);
  const [keptNote, setKeptNote] = useState<string | null>(null);
  const [gen, setGen] = useState<GeneratedMapSettings>(initial.gen);
  const [genApplied, setGenApplied] = useState(initial.gen);
  const source = useMemo(() => sourceFromChoice(choice, genApplied), [choice, genApplied]);
  const [reloadCount, setReloadCount] = useState(0);
  const [loaded, setLoaded] = useState<LoadedState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadTiming, setLoadTiming] = useState<{ label: string; ms: number } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const loadAbort = useRef<AbortController | null>(null);
  /**
   * The file's map as read (Reload restores a copy of it); `fresh` is the map to show next (null: a copy of `map`;
   * `shown`: it is on the page already).
   */
  const fileMap = useRef<{ name: string; map: LoadedMap; fresh: LoadedMap | 'shown' | null } | null>(null);
  /** Why the demo level is shown instead of the map a link named (said once the demo level loads). */
  const fallback = useRef<string | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  /** Shows a map; the page may hand back another grid for it (a copy with a terrain layer for the link's edits). */
  const show = (map: LoadedMap) => {
    const grid = onLoadedRef.current(map) ?? map.grid;
    setLoaded((old) => ({ grid, label: map.label, id: (old?.id ?? 0) + 1 }));
  };
  /** Keeps `map` (a file's, or the page's edited one) and names it in the link once kept. */
  const keep = async (grid: Grid, name: string): Promise<boolean> => {
    setKeptNote('keeping it in this browser…');
    try {
      const info = await keepMapOffThread(grid, name);
      if (!info) {
        setKeptNote('not kept in this browser (larger than the kept maps may be): links cannot open it');
        return false;
      }
      setFileHash(info.hash.slice(0, 16));
      setKeptNote('kept in this browser');
      return true;
    } catch (e) {
      setKeptNote(`not kept: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  };

  // Load (or generate) the map whenever the source changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadCount is a trigger
  useEffect(() => {
    if (source.kind === 'file') {
      const kept = fileMap.current;
      if (kept && kept.name === source.name) {
        // The map as read the first time (or kept as edited: already on the page), a copy of it after a Reload.
        if (kept.fresh !== 'shown') show(kept.fresh ?? { ...kept.map, grid: kept.map.grid.clone() });
        kept.fresh = null;
        setLoadError(null);
        return;
      }
      // A link or a reload: the map kept in this browser under the link's hash, else the demo level and why.
      const controller = new AbortController();
      loadAbort.current = controller;
      setLoading(`reading ${source.name} from this browser`);
      const hash = fileHash;
      (hash ? loadKeptOffThread(hash, controller.signal) : Promise.reject(new Error('the link names no kept map')))
        .then(({ grid }) => {
          if (controller.signal.aborted) return;
          fileMap.current = {
            name: source.name,
            map: { grid: grid.clone(), label: source.name, goals: [], unit: null },
            fresh: null,
          };
          setKeptNote('kept in this browser');
          setLoadError(null);
          show({ grid, label: `${source.name} (${grid.width} x ${grid.height})`, goals: [], unit: null });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          fallback.current = `the map file ${source.name} is not kept in this browser (${error instanceof Error ? error.message : String(error)}): the demo level is shown; open the file again`;
          setFileHash(null);
          setChoiceState('demo');
        })
        .finally(() => {
          if (loadAbort.current === controller) {
            loadAbort.current = null;
            setLoading(null);
          }
        });
      return () => controller.abort();
    }
    const controller = new AbortController();
    loadAbort.current = controller;
    const t0 = performance.now();
    const label = source.kind === 'generated' ? 'generate map' : 'load map';
    // A file the link named but this browser did not keep says so over the demo level shown instead (which does
    // not take the link's goals, units and edits: they were the file's).
    const instead = fallback.current !== null;
    setLoadError(fallback.current);
    fallback.current = null;
    setLoading(
      source.kind === 'generated' ? `generating ${source.width} x ${source.height}` : `loading ${source.name}`,
    );
    loadMapSource(source, controller.signal)
      .then((map) => {
        if (controller.signal.aborted) return;
        setLoadTiming({ label, ms: performance.now() - t0 });
        show(instead ? { ...map, instead: true } : map);
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
      setFileHash(null);
      if (choice === `file:${name}`) setReloadCount((c) => c + 1);
      else setChoiceState(`file:${name}`);
      void keep(map.grid, name);
    },
    keepEdited: async (copy) => {
      if (!loaded) return false;
      const name = loaded.label.endsWith('(edited)') ? loaded.label : `${loaded.label} (edited)`;
      if (!(await keep(copy, name))) return false;
      // Reload goes back to the map as kept; the map on the page stays (with any edits painted since).
      fileMap.current = { name, map: { grid: copy, label: name, goals: [], unit: null }, fresh: 'shown' };
      setChoiceState(`file:${name}`);
      return true;
    },
    fileHash: choice.startsWith('file:') ? fileHash : null,
    keptNote: choice.startsWith('file:') ? keptNote : null,
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
