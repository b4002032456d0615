import type { SectorGraph, SectorPathInfo } from '@fieldmarshal/core';
import { useEffect, useState } from 'react';

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
 * (`revision`), on the main thread: the route search runs over entrances, so it takes about a millisecond on any
 * map size. The times shown are of a second (warm) run of each query.
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
    try {
      if (!graph.grid.isPassable(sx, sy) || !graph.grid.isPassable(gx, gy)) {
        setAnswer(null);
        setError('start or goal is on a wall: pick them again');
        return;
      }
      // Each query runs once untimed first: the first query on a graph sets up its scratch arrays, and the
      // figures shown are those of a query as a game makes it, every frame (warm).
      graph.firstMove(sx, sy, gx, gy);
      const t0 = performance.now();
      graph.firstMove(sx, sy, gx, gy);
      const t1 = performance.now();
      graph.route(sx, sy, gx, gy);
      const t1b = performance.now();
      const route = graph.route(sx, sy, gx, gy);
      const t2 = performance.now();
      const info: SectorPathInfo = {
        routeCost: 0,
        routeNodes: 0,
        expanded: 0,
        refined: 'none',
        corridorSectors: 0,
        corridorExpanded: 0,
      };
      graph.findPath(sx, sy, gx, gy);
      const t2b = performance.now();
      const found = graph.findPath(sx, sy, gx, gy, { info });
      const t3 = performance.now();
      setAnswer({
        start: { x: sx, y: sy },
        goal: { x: gx, y: gy },
        reachable: route !== null,
        routeCost: route?.cost ?? Number.POSITIVE_INFINITY,
        waypoints: route?.waypoints ?? null,
        routeMs: t2 - t1b,
        pathCost: found?.cost ?? Number.POSITIVE_INFINITY,
        path: found?.path ?? null,
        pathMs: t3 - t2b,
        info,
        firstMoveMs: t1 - t0,
      });
      setError(null);
    } catch (e) {
      setAnswer(null);
      setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    }
  }, [graph, revision, sx, sy, gx, gy]);
  return { answer, error };
}
