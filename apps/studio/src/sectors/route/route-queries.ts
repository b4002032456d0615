import type { SectorGraph, SectorPathInfo } from '@fieldmarshal/core/sectors';
import { nextTask } from '../../shared/next-task.js';

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

/** Thrown by {@link queryRoute} when the grid was edited after the graph's last update (an update follows). */
export class StaleGraphError extends Error {
  override readonly name = 'StaleGraphError';
  constructor() {
    super('the map was edited after the sector graph was updated');
  }
}

/**
 * Runs `query` on `graph` unless the grid was edited since the graph's last update: a query would then update
 * the graph itself, on this thread (on a worker, over arrays the pool is updating).
 */
function current<T>(graph: SectorGraph, query: () => T): T {
  if (graph.gridVersion !== graph.grid.version) throw new StaleGraphError();
  return query();
}

/**
 * Milliseconds of the fastest of three runs of `query`, after one untimed run; each run in a task of its own (a
 * path on a big map takes tens of milliseconds). Null when `live()` turned false meanwhile.
 */
async function bestOf(graph: SectorGraph, query: () => unknown, live: () => boolean): Promise<number | null> {
  await nextTask();
  if (!live()) return null;
  current(graph, query);
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    await nextTask();
    if (!live()) return null;
    const t0 = performance.now();
    current(graph, query);
    best = Math.min(best, performance.now() - t0);
  }
  await nextTask();
  return live() ? best : null;
}

/**
 * The route and the path from (sx, sy) to (gx, gy) on `graph`, one query per task: each runs once untimed (the
 * first query on a graph sets up its scratch arrays), then the best of three warm runs is its time (the time of a
 * query as a game makes it every frame, on a machine shared with others). Null when `live()` turned false;
 * throws {@link StaleGraphError} when the grid was edited meanwhile. The path's refinement takes tens of
 * milliseconds on big maps, growing with the map: the page runs this in its route worker (route-worker.ts).
 */
export async function queryRoute(
  graph: SectorGraph,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  live: () => boolean,
): Promise<RouteAnswer | null> {
  const info: SectorPathInfo = {
    routeCost: 0,
    routeNodes: 0,
    expanded: 0,
    refined: 'none',
    corridorSectors: 0,
    corridorExpanded: 0,
  };
  const firstMoveMs = await bestOf(graph, () => graph.firstMove(sx, sy, gx, gy), live);
  if (firstMoveMs === null) return null;
  const route = current(graph, () => graph.route({ x: sx, y: sy }, { x: gx, y: gy }));
  const routeMs = await bestOf(graph, () => graph.route({ x: sx, y: sy }, { x: gx, y: gy }), live);
  if (routeMs === null) return null;
  await nextTask();
  if (!live()) return null;
  const found = current(graph, () => graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { info }));
  const pathMs = await bestOf(graph, () => graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }), live);
  if (pathMs === null) return null;
  return {
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
  };
}
