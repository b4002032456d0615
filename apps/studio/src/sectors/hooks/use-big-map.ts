import type { Grid } from '@fieldmarshal/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EditTracker, paintLinkEdits } from '../../shared/edit-runs.js';
import { keepMapOffThread, loadKeptOffThread, makeBigMapOffThread } from '../../shared/map-files/map-file-loader.js';
import type { BigMapSettings, BigMapSource } from '../model/big-map.js';

export interface LoadedBigMap {
  grid: Grid;
  label: string;
  /** A new id per map (the view fits a new map; everything of the old one is cleared). */
  id: number;
  /** Milliseconds to make or read it. */
  ms: number;
}

/** What is being made: the stage, the fraction done (null while unknown) and when it started. */
export interface MakingState {
  stage: string;
  fraction: number | null;
  started: number;
}

export interface BigMapState {
  /** The form's settings (applied by `generate`). */
  settings: BigMapSettings;
  setSettings: (s: BigMapSettings) => void;
  /** Makes the map of the form's settings. */
  generate: () => void;
  /** The settings of the map shown (a kept map's source once a file's map is kept). */
  applied: BigMapSettings;
  map: LoadedBigMap | null;
  making: MakingState | null;
  /** Stops making the map (the map shown stays). */
  cancel: () => void;
  error: string | null;
  /** Shows a map read from a file and keeps it in this browser (links and reloads then open it). */
  openFile: (grid: Grid, name: string) => void;
  /**
   * Keeps a copy of the edited map in this browser (its edits grew too long for a link): it becomes the source of
   * the map shown. Resolves to false when it was not kept.
   */
  keepEdited: (copy: Grid) => Promise<boolean>;
  /** Whether the map shown is kept, or why not. */
  keptNote: string | null;
  /** Tiles painted since the map was loaded (their old states), for the link. */
  tracker: EditTracker;
}

let nextId = 1;

/** The first 16 characters of a kept map's hash: how links name it. */
const prefixOf = (hash: string) => hash.slice(0, 16);

/**
 * The Big maps page's map: made in a worker from the form's settings when Generate is pressed (and once at first,
 * from the link), or read back from this browser when the link names a kept map, or opened from a file (and then
 * kept). The first map gets the link's painted edits.
 */
export function useBigMap(initial: BigMapSettings, initialEdits: string | null): BigMapState {
  const [settings, setSettings] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const [map, setMap] = useState<LoadedBigMap | null>(null);
  const [making, setMaking] = useState<MakingState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [keptNote, setKeptNote] = useState<string | null>(null);
  const [again, setAgain] = useState(0);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const trackerRef = useRef<EditTracker | null>(null);
  trackerRef.current ??= new EditTracker();
  const tracker = trackerRef.current;
  /** The map shown for a kept source, so switching the source to it (after keeping) does not read it again. */
  const shown = useRef<{ source: BigMapSource; grid: Grid } | null>(null);
  const edits = useRef(initialEdits);
  const abortRef = useRef<AbortController | null>(null);

  const show = useCallback(
    (grid: Grid, label: string, ms: number, source: BigMapSource) => {
      tracker.clear();
      const text = edits.current;
      edits.current = null;
      if (text) {
        const done = paintLinkEdits(grid, text, tracker);
        if (done.error) setError(done.error);
      }
      shown.current = { source, grid };
      setMap({ grid, label, id: nextId++, ms });
    },
    [tracker],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: again is the trigger
  useEffect(() => {
    const source = applied.source;
    if (shown.current?.source === source && source.startsWith('kept:')) return; // kept just now: already shown
    const controller = new AbortController();
    abortRef.current = controller;
    const t0 = performance.now();
    setMaking({ stage: 'starting', fraction: null, started: t0 });
    const progress = (stage: string, fraction: number | null) => {
      if (!controller.signal.aborted) setMaking({ stage, fraction, started: t0 });
    };
    const job = source.startsWith('kept:')
      ? loadKeptOffThread(source.slice(5), controller.signal, progress)
      : makeBigMapOffThread(applied, controller.signal, progress);
    job
      .then(({ grid, label }) => {
        if (controller.signal.aborted) return;
        setError(null);
        setKeptNote(source.startsWith('kept:') ? 'kept in this browser' : null);
        show(grid, label, performance.now() - t0, source);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        edits.current = null; // the link's edits were for the map that could not be made
        setError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        if (abortRef.current === controller) {
          abortRef.current = null;
          setMaking(null);
        }
      });
    return () => controller.abort();
  }, [applied, again, show]);

  const generate = useCallback(() => {
    shown.current = null;
    setApplied({ ...settingsRef.current });
    setAgain((n) => n + 1);
  }, []);

  /**
   * Keeps `stored` (the file's map, or a copy of the edited one) and makes it the source of `shownGrid`, the map
   * on the page (shown as it is). Resolves to false when it was not kept (or another map came meanwhile).
   */
  const keep = useCallback(async (stored: Grid, name: string, shownGrid: Grid): Promise<boolean> => {
    setKeptNote('keeping it in this browser…');
    try {
      const info = await keepMapOffThread(stored, name);
      if (shown.current?.grid !== shownGrid) return false; // another map came meanwhile
      if (!info) {
        setKeptNote('not kept in this browser (larger than the kept maps may be): links cannot open it');
        return false;
      }
      const source = `kept:${prefixOf(info.hash)}` as const;
      shown.current = { source, grid: shownGrid };
      setKeptNote('kept in this browser');
      setApplied((a) => ({ ...a, source }));
      setSettings((s) => ({ ...s, source }));
      return true;
    } catch (e) {
      setKeptNote(`not kept: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  }, []);

  return {
    settings,
    setSettings,
    generate,
    applied,
    map,
    making,
    cancel: () => {
      abortRef.current?.abort();
      abortRef.current = null;
      setMaking(null);
      setError('cancelled: the map shown stays');
    },
    error,
    openFile: (grid, name) => {
      abortRef.current?.abort();
      abortRef.current = null;
      setMaking(null);
      setError(null);
      show(grid, `${name} (${grid.width} x ${grid.height})`, 0, 'city');
      shown.current = { source: 'city', grid };
      void keep(grid, name, grid);
    },
    keepEdited: (copy) =>
      map
        ? keep(copy, map.label.endsWith('(edited)') ? map.label : `${map.label} (edited)`, map.grid)
        : Promise.resolve(false),
    keptNote,
    tracker,
  };
}
