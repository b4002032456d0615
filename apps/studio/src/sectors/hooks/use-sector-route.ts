import type { SectorGraph } from '@fieldmarshal/core/sectors';
import { useEffect, useState } from 'react';
import { routeInWorker, routeWhere } from '../route/route-client.js';
import { queryRoute, type RouteAnswer, StaleGraphError, type Tile } from '../route/route-queries.js';

export type { RouteAnswer, Tile };

/**
 * An answer and where it was worked out: the route worker over the page's shared memory, the route worker on a
 * copy of the graph (a page without cross-origin isolation), or this page (no workers).
 */
export interface ShownRoute extends RouteAnswer {
  where: 'shared' | 'copy' | 'page';
}

/**
 * Queries the graph for the route and the path from `start` to `goal` whenever either or the graph changes
 * (`revision`): in the route worker (the path's refinement takes tens of milliseconds on a 2048 x 2048 map and
 * grows with the map), over the graph's shared arrays, or on a copy sent in slices on a page without shared
 * memory (sent again after each update); here, one query per task, only where no worker starts. The times shown are the best of three warm runs of each query. A query the map's edits
 * overtook is dropped: the graph's update bumps `revision`, and that asks again.
 */
export function useSectorRoute(
  graph: SectorGraph | null,
  revision: number,
  start: Tile | null,
  goal: Tile | null,
): { answer: ShownRoute | null; error: string | null } {
  const [answer, setAnswer] = useState<ShownRoute | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sx = start?.x ?? -1;
  const sy = start?.y ?? -1;
  const gx = goal?.x ?? -1;
  const gy = goal?.y ?? -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision is the trigger (the graph is updated in place)
  useEffect(() => {
    if (!graph || sx < 0 || gx < 0) {
      setAnswer(null);
      return;
    }
    if (!graph.grid.isPassable(sx, sy) || !graph.grid.isPassable(gx, gy)) {
      setAnswer(null);
      setError('start or goal is on a wall: pick them again');
      return;
    }
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    const version = graph.grid.version;
    const where = routeWhere(graph);
    const query =
      where === 'page'
        ? queryRoute(graph, sx, sy, gx, gy, live)
        : routeInWorker(graph, [sx, sy, gx, gy], controller.signal);
    query
      .then((found) => {
        if (!found || !live()) return;
        setAnswer({ ...found, where });
        setError(null);
      })
      .catch((e: unknown) => {
        // A query the map's edits overtook (the graph read while the pool updated it): the update asks again.
        if (!live() || e instanceof StaleGraphError || graph.grid.version !== version) return;
        setAnswer(null);
        setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      });
    return () => controller.abort();
  }, [graph, revision, sx, sy, gx, gy]);
  return { answer, error };
}
