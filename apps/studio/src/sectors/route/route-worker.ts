// The Big maps page's route worker: answers the route panel's start-goal queries (first move, route, path, each
// timed) on the page's sector graph, over the same shared memory (SectorGraph.from on the graph's arrays), so the
// path's refinement (tens of milliseconds on big maps, growing with them) never holds the page. Started by
// route-client.ts.
import { Grid } from '@fieldmarshal/core';
import { SectorGraph, type SectorGraphData, type SectorGraphStats } from '@fieldmarshal/core/sectors';
import { queryRoute, type RouteAnswer, StaleGraphError } from './route-queries.js';

/** The graph as sent: its grid's buffer and arrays (shared), named by `key` (the same key, the same graph). */
export interface WireGraph {
  key: string;
  buffer: ArrayBufferLike;
  data: SectorGraphData;
}

/**
 * A query (the ends: sx, sy, gx, gy), or what the page shows of a graph (its sizes and entrances: both loops over
 * every sector and entrance, growing with the map), or the end of a query.
 */
export type RouteMessage =
  | { id: number; graph: WireGraph; ends: [number, number, number, number] }
  | { id: number; graph: WireGraph; describe: true }
  | { cancel: number };

/** The answer, `stale` when the map was edited meanwhile (an update and another query follow). */
export type RouteReply =
  | { id: number; type: 'answer'; answer: RouteAnswer }
  | { id: number; type: 'described'; stats: SectorGraphStats; entrances: Int32Array }
  | { id: number; type: 'stale' }
  | { id: number; type: 'error'; message: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<RouteMessage>) => void) | null;
  postMessage(message: RouteReply, transfer?: Transferable[]): void;
};

/** The graph of the last query (checked once by SectorGraph.from, then reused while the key stays). */
let kept: { key: string; graph: SectorGraph } | null = null;
/** The query being answered: an older one stops at its next task. */
let latest = 0;

function graphOf({ key, buffer, data }: WireGraph): SectorGraph {
  if (kept?.key !== key) kept = { key, graph: SectorGraph.from(Grid.from(buffer), data) };
  return kept.graph;
}

/** Sends `error` back as the reply to `id`. */
function fail(id: number, error: unknown): void {
  if (error instanceof StaleGraphError) scope.postMessage({ id, type: 'stale' });
  else {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    scope.postMessage({ id, type: 'error', message });
  }
}

scope.onmessage = (e) => {
  const m = e.data;
  if ('cancel' in m) {
    if (latest === m.cancel) latest = 0;
    return;
  }
  const { id } = m;
  if ('describe' in m) {
    try {
      const graph = graphOf(m.graph);
      const entrances = graph.entrances();
      scope.postMessage({ id, type: 'described', stats: graph.stats(), entrances }, [entrances.buffer]);
    } catch (error) {
      fail(id, error);
    }
    return;
  }
  latest = id;
  void (async () => {
    try {
      const graph = graphOf(m.graph);
      const [sx, sy, gx, gy] = m.ends;
      const answer = await queryRoute(graph, sx, sy, gx, gy, () => latest === id);
      if (answer) scope.postMessage({ id, type: 'answer', answer });
    } catch (error) {
      fail(id, error);
    }
  })();
};
