import type { SectorGraph } from '@fieldmarshal/core/sectors';
import { useEffect, useState } from 'react';
import { routeInWorker, routeWorkerCan } from '../route/route-client.js';
import { queryRoute, type RouteAnswer, StaleGraphError, type Tile } from '../route/route-queries.js';

export type { RouteAnswer, Tile };

/**
 * Queries the graph for the route and the path from `start` to `goal` whenever either or the graph changes
 * (`revision`): in the route worker, over the graph's shared arrays (the path's refinement takes tens of
 * milliseconds on a 2048 x 2048 map and grows with the map), or here, one query per task, on a page without
 * shared memory. The times shown are the best of three warm runs of each query. A query the map's edits
 * overtook is dropped: the graph's update bumps `revision`, and that asks again.
 */
export function useSectorRoute(
  graph: SectorGraph | null,
  revision: number,
  start: Tile | null,
  goal: Tile | null,
): { answer: RouteAnswer | null; error: string | null } {
  const [answer, setAnswer] = useState<RouteAnswer | null>(null);
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
    const query = routeWorkerCan(graph)
      ? routeInWorker(graph, [sx, sy, gx, gy], controller.signal)
      : queryRoute(graph, sx, sy, gx, gy, live);
    query
      .then((found) => {
        if (!found || !live()) return;
        setAnswer(found);
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
