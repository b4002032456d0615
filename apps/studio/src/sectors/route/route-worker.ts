// The Big maps page's route worker: answers the route panel's start-goal queries (first move, route, path, each
// timed) on the page's sector graph, over the same shared memory (SectorGraph.from on the graph's arrays), or on
// a copy sent in slices where the page has no shared memory (route-copy.ts), so the path's refinement (tens of
// milliseconds on big maps, growing with them) never holds the page. Started by route-client.ts.
import { Grid } from '@fieldmarshal/core';
import { SectorGraph, type SectorGraphData, type SectorGraphStats } from '@fieldmarshal/core/sectors';
import { type CopyMessage, GraphCopy } from './route-copy.js';
import { queryRoute, type RouteAnswer, StaleGraphError } from './route-queries.js';

/**
 * The graph as sent, named by `key` (the same key, the same graph): its grid's buffer and arrays (shared), or
 * only the key of a copy sent before (`sendGraphCopy`).
 */
export interface WireGraph {
  key: string;
  buffer?: ArrayBufferLike;
  data?: SectorGraphData;
}

/**
 * A query (the ends: sx, sy, gx, gy), or what the page shows of a graph (its sizes and entrances: both loops over
 * every sector and entrance, growing with the map), or the end of a query.
 */
export type RouteMessage =
  | { id: number; graph: WireGraph; ends: [number, number, number, number] }
  | { id: number; graph: WireGraph; describe: true }
  | { cancel: number }
  | CopyMessage;

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
let kept: { key: string; graph: SectorGraph; copied: boolean } | null = null;
/** The copy being received or last received (a page without shared memory). */
let copy: GraphCopy | null = null;
/** The query being answered: an older one stops at its next task. */
let latest = 0;

/** The graph of the copy under `key`, once whole; a query for a copy that was dropped or never came is stale. */
function copied(key: string): SectorGraph {
  if (copy?.key !== key || !copy.whole) throw new StaleGraphError();
  const { arrays } = copy;
  const grid = arrays.get('grid') as Uint8Array;
  const data = Object.fromEntries([...arrays].filter(([name]) => name !== 'grid')) as unknown as SectorGraphData;
  // The copy's arrays now belong to the graph; the next copy allocates its own.
  copy = null;
  return SectorGraph.from(Grid.from(grid.buffer), data);
}

function graphOf({ key, buffer, data }: WireGraph): SectorGraph {
  if (kept?.key !== key) {
    kept = null;
    kept =
      buffer && data
        ? { key, graph: SectorGraph.from(Grid.from(buffer), data), copied: false }
        : { key, graph: copied(key), copied: true };
  }
  return kept.graph;
}

/** Takes a copy's layout or one of its slices (slices of a copy already replaced are dropped). */
function receive(m: CopyMessage): void {
  if ('copy' in m) {
    // Only one copy is kept: the graph of an older key goes.
    copy = null;
    if (kept?.copied) kept = null;
    copy = new GraphCopy(m.copy.key, m.copy.arrays);
    return;
  }
  const { key, name, offset, data } = m.part;
  if (copy?.key === key) copy.take(name, offset, data as unknown as ArrayLike<number>);
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
  if ('copy' in m || 'part' in m) {
    receive(m);
    return;
  }
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
