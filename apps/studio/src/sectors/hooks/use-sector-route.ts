import type { SectorGraph, SectorPathInfo } from '@fieldmarshal/core/sectors';
import { useEffect, useState } from 'react';

const nextTask = () => new Promise((r) => setTimeout(r, 0));

/**
 * Milliseconds of the fastest of three runs of `query`, after one untimed run; each run in a task of its own (a
 * path on a big map takes tens of milliseconds: four in one task would hold the page). Null when `live()` turned
 * false meanwhile.
 */
async function bestOf(query: () => unknown, live: () => boolean): Promise<number | null> {
  await nextTask();
  if (!live()) return null;
  query();
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    await nextTask();
    if (!live()) return null;
    const t0 = performance.now();
    query();
    best = Math.min(best, performance.now() - t0);
  }
  await nextTask();
  return live() ? best : null;
}

/** A tile. */
export interface Tile {
  x: number;
  y: number;
}

/** The answer of one start-goal query on the sector graph, with its times. */
export interface RouteAnswer {
  start: Tile;
  goal: Tile;
  /** False when the goal cannot be reached from the start (answered from the components). */
  reachable: boolean;
  /** The abstract route through entrances (`graph.route`): its cost and waypoints. */
  routeCost: number;
  waypoints: Int32Array | null;
  routeMs: number;
  /** The path in tiles (`graph.findPath`): its true cost, tiles, how it was refined. */
  pathCost: number;
  path: Int32Array | null;
  pathMs: number;
  info: SectorPathInfo;
  /** Milliseconds to the first move (`graph.firstMove`), before any path or corridor exists. */
  firstMoveMs: number;
}

/**
 * Queries the graph for the route and the path from `start` to `goal` whenever either or the graph changes
 * (`revision`), on the main thread, one query per task: the route search runs over entrances (about a millisecond
 * on any map size); the path's refinement takes tens of milliseconds on big maps. The times shown are the best of
 * three warm runs of each query.
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
    let live = true;
    const alive = () => live;
    const run = async () => {
      // Each query runs once untimed (the first query on a graph sets up its scratch arrays), then the best of
      // three runs is shown: the time of a query as a game makes it every frame, on a machine shared with others.
      const info: SectorPathInfo = {
        routeCost: 0,
        routeNodes: 0,
        expanded: 0,
        refined: 'none',
        corridorSectors: 0,
        corridorExpanded: 0,
      };
      const firstMoveMs = await bestOf(() => graph.firstMove(sx, sy, gx, gy), alive);
      if (firstMoveMs === null) return;
      const route = graph.route({ x: sx, y: sy }, { x: gx, y: gy });
      const routeMs = await bestOf(() => graph.route({ x: sx, y: sy }, { x: gx, y: gy }), alive);
      if (routeMs === null) return;
      const found = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { info });
      const pathMs = await bestOf(() => graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }), alive);
      if (pathMs === null) return;
      setAnswer({
        start: { x: sx, y: sy },
        goal: { x: gx, y: gy },
        reachable: route !== null,
        routeCost: route?.cost ?? Number.POSITIVE_INFINITY,
        waypoints: route?.points ?? null,
        routeMs,
        pathCost: found?.cost ?? Number.POSITIVE_INFINITY,
        path: found?.points ?? null,
        pathMs,
        info,
        firstMoveMs,
      });
      setError(null);
    };
    run().catch((e: unknown) => {
      if (!live) return;
      setAnswer(null);
      setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    });
    return () => {
      live = false;
    };
  }, [graph, revision, sx, sy, gx, gy]);
  return { answer, error };
}
