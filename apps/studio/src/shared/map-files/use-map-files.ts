import type { Grid } from '@fieldmarshal/core';
import { type DragEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type AsciiLegend, guessLegend } from './ascii-legend.js';
import { DEFAULT_IMAGE_OPTIONS, type ImageMapOptions } from './image-map.js';
import { loadMapFile } from './map-file-loader.js';
import { type MapFileKind, mapFileKind, type ParsedFile, type ParseRequest } from './parse-map-file.js';
import type { ScenarioRow } from './scenario.js';

/** What a page does with the files it is given. */
export interface MapFileHandlers {
  /** A map was read (Moving AI, ASCII or image). */
  onMap: (grid: Grid, name: string) => void;
  /** Scenario rows were read; without a handler, `.scen` files are refused. */
  onScenario?: (rows: ScenarioRow[], name: string) => void;
  /** A saved field was read; without a handler, field files are refused. */
  onField?: (parsed: Extract<ParsedFile, { kind: 'field' }>, name: string) => void;
  /** Largest side this page takes, in tiles (larger maps are refused with a message). Default no limit. */
  maxSide?: number;
}

/** The dialog shown before an ASCII map or an image becomes a map: its settings and a preview. */
export type MapFileDialog =
  | { kind: 'ascii'; file: File; legend: AsciiLegend }
  | { kind: 'image'; file: File; options: ImageMapOptions };

export interface MapFilesState {
  /** Reads files (a file picker's or a drop's): maps at once, ASCII maps and images after their dialog. */
  open: (files: readonly File[]) => void;
  /** The file being read and how far, or null. */
  progress: { label: string; fraction: number | null } | null;
  /** Cancels the read in flight. */
  cancel: () => void;
  /** The last file's error (the parser's message with line and column); the map on the page stays. */
  error: string | null;
  /** The settings dialog of an ASCII map or image, or null. */
  dialog: MapFileDialog | null;
  setDialog: (dialog: MapFileDialog) => void;
  /** The dialog's map as read with its current settings (null while reading or after an error). */
  preview: Grid | null;
  /** Uses the previewed map. */
  accept: () => void;
  /** Closes the dialog without using the map. */
  dismiss: () => void;
  /** Spread on the page's element: files dropped anywhere on it are opened. */
  dropProps: {
    onDragOver: (e: DragEvent) => void;
    onDragLeave: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
  /** True while files are dragged over the page. */
  dragging: boolean;
}

const KIND_NAMES: Record<MapFileKind, string> = {
  movingai: 'Moving AI map',
  scen: 'scenario',
  ascii: 'ASCII map',
  image: 'image',
  field: 'field file',
};

/**
 * Opening map files on a page: a file picker and drops, read in the studio's parse worker with a progress bar
 * and Cancel, a dialog with a preview for ASCII maps (legend) and images (threshold or colour legend), and the
 * parser's error (line and column) when a file is bad; the page's map changes only when a file was read.
 */
export function useMapFiles(handlers: MapFileHandlers): MapFilesState {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const [progress, setProgress] = useState<{ label: string; fraction: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialogState] = useState<MapFileDialog | null>(null);
  const [preview, setPreview] = useState<Grid | null>(null);
  const [dragging, setDragging] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  const read = useCallback(async (file: File, request: ParseRequest): Promise<ParsedFile | null> => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    const name = file.name;
    setProgress({ label: `${name}: reading`, fraction: 0 });
    try {
      return await loadMapFile(
        request,
        (stage, fraction) => {
          if (!controller.signal.aborted) setProgress({ label: `${name}: ${stage}`, fraction });
        },
        controller.signal,
      );
    } catch (e) {
      if (!controller.signal.aborted) setError(`${name}: ${(e as Error).message}`);
      return null;
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        setProgress(null);
      }
    }
  }, []);

  /** Hands a read file to the page (refusing maps over the page's limit). */
  const deliver = useCallback((parsed: ParsedFile, name: string): boolean => {
    const h = handlersRef.current;
    if (parsed.kind === 'scen') {
      h.onScenario?.(parsed.rows, name);
      return true;
    }
    const { grid } = parsed;
    if (h.maxSide !== undefined && Math.max(grid.width, grid.height) > h.maxSide) {
      setError(`${name}: ${grid.width} x ${grid.height} is larger than this page takes (${h.maxSide} a side)`);
      return false;
    }
    if (parsed.kind === 'field') h.onField?.(parsed, name);
    else h.onMap(grid, name);
    return true;
  }, []);

  const open = useCallback(
    (files: readonly File[]) => {
      // Maps before scenarios, so a .map dropped with its .scen is loaded first.
      const sorted = [...files].sort(
        (a, b) => Number(mapFileKind(a.name) === 'scen') - Number(mapFileKind(b.name) === 'scen'),
      );
      setError(null);
      void (async () => {
        for (const file of sorted) {
          const kind = mapFileKind(file.name);
          const h = handlersRef.current;
          if ((kind === 'scen' && !h.onScenario) || (kind === 'field' && !h.onField)) {
            setError(`${file.name}: this page does not open ${KIND_NAMES[kind]}s`);
            continue;
          }
          if (kind === 'ascii') {
            const head = await file.slice(0, 1 << 20).text();
            setPreview(null);
            setDialogState({ kind: 'ascii', file, legend: guessLegend(head) });
            return;
          }
          if (kind === 'image') {
            setPreview(null);
            setDialogState({ kind: 'image', file, options: DEFAULT_IMAGE_OPTIONS });
            return;
          }
          const parsed = await read(file, { kind, file });
          if (parsed) deliver(parsed, file.name);
        }
      })();
    },
    [read, deliver],
  );

  // The dialog's preview: read again (debounced) whenever its settings change.
  useEffect(() => {
    if (!dialog) return;
    const timer = setTimeout(async () => {
      setError(null);
      const request: ParseRequest =
        dialog.kind === 'ascii'
          ? { kind: 'ascii', file: dialog.file, legend: dialog.legend }
          : { kind: 'image', file: dialog.file, image: dialog.options };
      const parsed = await read(dialog.file, request);
      setPreview(parsed && parsed.kind === 'map' ? parsed.grid : null);
    }, 200);
    return () => clearTimeout(timer);
  }, [dialog, read]);

  const stop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  return {
    open,
    progress,
    cancel: () => abortRef.current?.abort(),
    error,
    dialog,
    setDialog: setDialogState,
    preview,
    accept: () => {
      if (!dialog || !preview) return;
      if (deliver({ kind: 'map', grid: preview }, dialog.file.name)) {
        setDialogState(null);
        setPreview(null);
      }
    },
    dismiss: () => {
      abortRef.current?.abort();
      setDialogState(null);
      setPreview(null);
    },
    dropProps: {
      onDragOver: (e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        stop(e);
        e.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      },
      onDragLeave: (e) => {
        const to = e.relatedTarget as Node | null;
        if (!to || !(e.currentTarget as Node).contains(to)) setDragging(false);
      },
      onDrop: (e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        stop(e);
        setDragging(false);
        open([...e.dataTransfer.files]);
      },
    },
    dragging,
  };
}
