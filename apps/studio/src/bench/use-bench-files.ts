import type { Grid } from '@fieldmarshal/core';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { keepMapOffThread, loadKeptOffThread } from '../shared/map-files/map-file-loader.js';
import type { ScenarioRow } from '../shared/map-files/scenario.js';
import { useMapFiles } from '../shared/map-files/use-map-files.js';
import { readPageQuery } from '../shared/url-state.js';
import type { BenchConfig } from './run-bench.js';

/** A map opened from a file on the Bench page: its grid, its scenario rows, and its hash when kept. */
export interface BenchFile {
  grid: Grid;
  scenario: ScenarioRow[] | null;
  kept: string | null;
}

/** The link's kept maps (`files=hash:name,...`). */
function linkFiles(): { prefix: string; name: string }[] {
  const text = readPageQuery('bench').get('files') ?? '';
  return text
    .split(',')
    .map((part) => /^([0-9a-f]{16}):(.+)$/.exec(part))
    .filter((m) => m !== null)
    .map((m) => ({ prefix: m[1] as string, name: decodeURIComponent(m[2] as string) }));
}

/** The link's text for the kept maps among `names` (the ones picked), or undefined. */
export function filesParam(opened: ReadonlyMap<string, BenchFile>, names: readonly string[]): string | undefined {
  const parts = names.flatMap((name) => {
    const kept = opened.get(name)?.kept;
    return kept ? [`${kept}:${encodeURIComponent(name)}`] : [];
  });
  return parts.length > 0 ? parts.join(',') : undefined;
}

/**
 * Maps opened from files on the Bench page: read in the parse worker, kept in this browser (so the link names
 * them and a reload opens them again; their scenario rows are not kept), with `.scen` files joining the map they
 * name (or the one opened last).
 */
export function useBenchFiles(setConfig: Dispatch<SetStateAction<BenchConfig>>) {
  const [opened, setOpened] = useState(() => new Map<string, BenchFile>());
  const [message, setMessage] = useState<string | null>(null);
  const lastMap = useRef<string | null>(null);
  const openedRef = useRef(opened);
  openedRef.current = opened;

  const add = (name: string, file: BenchFile) => {
    setOpened((m) => new Map(m).set(name, file));
    setConfig((c) => ({ ...c, files: c.files.includes(name) ? c.files : [...c.files, name] }));
  };

  const addRef = useRef(add);
  addRef.current = add;
  // The link's kept maps, read back from this browser once.
  useEffect(() => {
    for (const { prefix, name } of linkFiles())
      loadKeptOffThread(prefix)
        .then(({ grid }) => addRef.current(name, { grid, scenario: null, kept: prefix }))
        .catch(() => setMessage(`${name} is not kept in this browser: open its file again`));
  }, []);

  const files = useMapFiles({
    onMap: (grid, name) => {
      lastMap.current = name;
      add(name, { grid, scenario: null, kept: null });
      keepMapOffThread(grid, name)
        .then((info) => {
          const f = openedRef.current.get(name);
          if (info && f?.grid === grid) setOpened((m) => new Map(m).set(name, { ...f, kept: info.hash.slice(0, 16) }));
        })
        .catch(() => undefined);
    },
    // A .scen joins the map it names (or the map opened last).
    onScenario: (rows, name) => {
      const mapName = rows[0]?.map ?? '';
      const m = openedRef.current;
      const key = m.has(mapName) ? mapName : (lastMap.current ?? '');
      const f = m.get(key);
      if (!f) {
        setMessage(`${name}: open its map (${mapName || 'the .map'}) first`);
        return;
      }
      setOpened(new Map(m).set(key, { ...f, scenario: rows }));
      setMessage(`${name}: ${rows.length} scenario rows for ${key}`);
    },
  });
  return { files, opened, message, setMessage };
}
