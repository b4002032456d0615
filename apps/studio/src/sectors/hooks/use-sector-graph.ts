import type { Grid } from '@fieldmarshal/core';
import {
  buildSectorGraphInPool,
  type SectorGraph,
  type SectorGraphStats,
  updateSectorGraphInPool,
} from '@fieldmarshal/core/sectors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { studioService } from '../../shared/studio-service.js';
import { describeInWorker, routeWhere } from '../route/route-client.js';

/**
 * The sizes and entrances of `graph` (for the panel and the overlay): worked out in the route worker (both loop
 * over every sector and entrance, tens of milliseconds on 8192 x 8192), on the graph's shared arrays or on a
 * copy; here where no worker starts or it could not.
 */
async function describe(graph: SectorGraph): Promise<{ stats: SectorGraphStats; entrances: Int32Array }> {
  if (routeWhere(graph) !== 'page') {
    const shown = await describeInWorker(graph).catch(() => null);
    if (shown) return shown;
  }
  return { stats: graph.stats(), entrances: graph.entrances() };
}

/** What the last update after painting did. */
export interface GraphUpdateInfo {
  /** Sectors rebuilt. */
  sectors: number;
  /** True when the whole graph was rebuilt (unknown edits, or too many sectors dirtied). */
  full: boolean;
  /** True when the connected components were recomputed. */
  components: boolean;
  /** Milliseconds of the update (worker round trip, landmarks refreshed afterwards not included). */
  ms: number;
}

export interface SectorGraphState {
  graph: SectorGraph | null;
  stats: SectorGraphStats | null;
  /** Milliseconds of the last build (worker pool). */
  buildMs: number | null;
  /** Build progress 0..1 while building, else null. */
  progress: number | null;
  building: boolean;
  error: string | null;
  cancel: () => void;
  rebuild: () => void;
  /** Bumped after every build and update (queries and drawings follow). */
  revision: number;
  /** Entrances as x, y pairs (for the overlay). */
  entrances: Int32Array | null;
  lastUpdate: GraphUpdateInfo | null;
  updating: boolean;
  /** Brings the graph up to the grid after painting (in the pool); later calls wait for the one in flight. */
  update: () => Promise<void>;
}

/**
 * The sector graph of the Big maps page: built across the worker pool (`buildSectorGraphInPool`) with progress
 * and Cancel whenever the map or the sector size changes, and updated in the pool (`updateSectorGraphInPool`)
 * after the walls are painted, reporting how many sectors were rebuilt.
 */
export function useSectorGraph(grid: Grid | null, sectorSize: number): SectorGraphState {
  const [graph, setGraph] = useState<SectorGraph | null>(null);
  const [stats, setStats] = useState<SectorGraphStats | null>(null);
  const [buildMs, setBuildMs] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const [entrances, setEntrances] = useState<Int32Array | null>(null);
  const [lastUpdate, setLastUpdate] = useState<GraphUpdateInfo | null>(null);
  const [updating, setUpdating] = useState(false);
  const [again, setAgain] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  const graphRef = useRef<SectorGraph | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());

  // biome-ignore lint/correctness/useExhaustiveDependencies: again is the trigger
  useEffect(() => {
    graphRef.current = null;
    setGraph(null);
    setStats(null);
    setEntrances(null);
    setLastUpdate(null);
    if (!grid) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    setError(null);
    const run = async () => {
      try {
        const service = await studioService();
        const t0 = performance.now();
        const built = await buildSectorGraphInPool(service, grid, {
          sectorSize,
          signal: controller.signal,
          onProgress: (done, total) => {
            if (!controller.signal.aborted && total > 0) setProgress(done / total);
          },
        });
        if (controller.signal.aborted) return;
        const ms = performance.now() - t0;
        const shown = await describe(built);
        if (controller.signal.aborted) return;
        setBuildMs(ms);
        graphRef.current = built;
        setGraph(built);
        setStats(shown.stats);
        setEntrances(shown.entrances);
        setRevision((r) => r + 1);
      } catch (e) {
        if (controller.signal.aborted) return;
        setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      } finally {
        if (abortRef.current === controller) setProgress(null);
      }
    };
    void run();
    return () => controller.abort();
  }, [grid, sectorSize, again]);

  const update = useCallback(() => {
    const next = chain.current.then(async () => {
      const g = graphRef.current;
      if (!g || g.gridVersion === g.grid.version) return;
      setUpdating(true);
      try {
        const service = await studioService();
        const t0 = performance.now();
        const done = await updateSectorGraphInPool(service, g);
        const ms = performance.now() - t0;
        if (graphRef.current !== g) return;
        const shown = await describe(g);
        if (graphRef.current !== g) return;
        setLastUpdate({ sectors: done.sectors, full: done.full, components: done.components, ms });
        setStats(shown.stats);
        setEntrances(shown.entrances);
        setRevision((r) => r + 1);
      } catch (e) {
        setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      } finally {
        setUpdating(false);
      }
    });
    chain.current = next;
    return next;
  }, []);

  return {
    graph,
    stats,
    buildMs,
    progress,
    building: progress !== null,
    error,
    cancel: () => abortRef.current?.abort(),
    rebuild: () => setAgain((n) => n + 1),
    revision,
    entrances,
    lastUpdate,
    updating,
    update,
  };
}
