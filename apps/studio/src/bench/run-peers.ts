import { computeField, DIR_DX, DIR_DY, type Field, NO_DIRECTION, RtsPathfinder } from '@fieldmarshal/core';
import type { ScenarioRow } from '../shared/map-files/scenario.js';
import { type BenchMap, benchGoals, rng } from './bench-maps.js';
import { createPeer, PEER_IDS } from './peers.js';
import { percentile } from './run-bench.js';

/** One searcher's race on one map: its time and how its path lengths compare with the optimal ones. */
export interface PeerResult {
  size: string;
  map: string;
  searcher: string;
  /** How the queries were chosen: Moving AI scenario rows, or random starts to one goal. */
  queries: 'scenario' | 'one goal';
  searches: number;
  /** Milliseconds for all the searches (ours: the field plus one lookup per start, for `one goal`). */
  totalMs: number;
  /** Median, p10 and p90 per search (ours with one goal: the field's time shared out per start). */
  median: number;
  p10: number;
  p90: number;
  /** Paths of the optimal length (relative tolerance 1e-5); longer ones (and the worst excess); shorter ones. */
  optimal: number;
  longer: number;
  worstExcess: number;
  /** Shorter than optimal: the rules differ (should be 0). */
  shorter: number;
  failed: number;
  note: string;
}

/** The rules every searcher runs under here: Moving AI's (8 neighbours, sqrt 2 diagonals, no corner cutting). */
const RULES = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' } as const;

/** Walks `dir` from tile i to the goal and returns the walked octile length (the lookup a unit does). */
function walk(field: Field, i: number): number {
  const w = field.width;
  let x = i % w;
  let y = (i - x) / w;
  let length = 0;
  for (let guard = 0; guard < field.cost.length; guard++) {
    const d = field.dir[y * w + x] as number;
    if (d === NO_DIRECTION) break;
    const dx = DIR_DX[d] as number;
    const dy = DIR_DY[d] as number;
    x += dx;
    y += dy;
    length += dx !== 0 && dy !== 0 ? Math.SQRT2 : 1;
  }
  return length;
}

interface Query {
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  optimal: number;
}

/** Up to `count` queries: scenario rows spread over the file, else random reachable starts to one goal. */
function queriesOf(map: BenchMap, count: number): { kind: PeerResult['queries']; list: Query[]; field: Field | null } {
  const { grid } = map;
  const rows = (map.scenario ?? []).filter(
    (r: ScenarioRow) => r.sx < grid.width && r.gx < grid.width && r.sy < grid.height && r.gy < grid.height,
  );
  if (rows.length > 0) {
    const step = Math.max(1, Math.floor(rows.length / count));
    const list = rows.filter((_, i) => i % step === 0).slice(0, count);
    return { kind: 'scenario', list: list.map((r) => ({ ...r })), field: null };
  }
  const goal = benchGoals(grid, 1)[0] ?? { x: 0, y: 0 };
  const field = computeField(grid, { goals: [goal], ...RULES });
  const random = rng(31);
  const list: Query[] = [];
  for (let tries = 0; list.length < count && tries < count * 1000; tries++) {
    const i = Math.floor(random() * grid.size);
    const c = field.cost[i] as number;
    if (grid.passable[i] === 1 && Number.isFinite(c) && c > 0)
      list.push({ sx: i % grid.width, sy: Math.floor(i / grid.width), gx: goal.x, gy: goal.y, optimal: c });
  }
  return { kind: 'one goal', list, field };
}

/** Times `search` over the queries and checks every length against the optimal one. */
function race(
  map: BenchMap,
  searcher: string,
  note: string,
  kind: PeerResult['queries'],
  list: readonly Query[],
  search: (q: Query) => number,
  before?: () => void,
): PeerResult {
  // Warm-up: a few untimed searches, so nobody pays for a cold JIT in the timed ones.
  for (const q of list.slice(0, 3)) {
    before?.();
    search(q);
  }
  const times: number[] = [];
  let optimal = 0;
  let longer = 0;
  let shorter = 0;
  let failed = 0;
  let worst = 0;
  for (const q of list) {
    before?.();
    const t0 = performance.now();
    const length = search(q);
    times.push(performance.now() - t0);
    const tol = 1e-5 * Math.max(1, q.optimal);
    if (length < 0) failed++;
    else if (length < q.optimal - tol) shorter++;
    else if (length > q.optimal + tol) {
      longer++;
      worst = Math.max(worst, (length - q.optimal) / q.optimal);
    } else optimal++;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    size: map.size,
    map: map.name,
    searcher,
    queries: kind,
    searches: list.length,
    totalMs: times.reduce((a, b) => a + b, 0),
    median: percentile(sorted, 50),
    p10: percentile(sorted, 10),
    p90: percentile(sorted, 90),
    optimal,
    longer,
    worstExcess: worst,
    shorter,
    failed,
    note,
  };
}

/**
 * Races our searches against the peers on one map with the same queries, on the main thread: with Moving AI
 * scenario rows, our A* (the rts area's) row by row; otherwise one field from a goal plus a lookup per start
 * against one peer search per start. Every path length is checked against the optimal one (the published
 * length, or our exact field's cost), as the CLI's fairness table does.
 */
export function runPeers(map: BenchMap, searches: number, onSearcher?: (name: string) => void): PeerResult[] {
  const { grid } = map;
  const { kind, list, field } = queriesOf(map, searches);
  const results: PeerResult[] = [];
  if (kind === 'scenario') {
    const astar = new RtsPathfinder(grid);
    onSearcher?.('Field Marshal A*');
    results.push(
      race(
        map,
        'Field Marshal A* (rts)',
        'our A*, one search per row',
        kind,
        list,
        (q) => astar.findPath(q.sx, q.sy, q.gx, q.gy)?.cost ?? -1,
      ),
    );
  } else if (field) {
    // One exact field answers every start: time it once, then one lookup per start.
    const t0 = performance.now();
    const fresh = computeField(grid, { goals: [{ x: list[0]?.gx ?? 0, y: list[0]?.gy ?? 0 }], ...RULES });
    const fieldMs = performance.now() - t0;
    const r = race(
      map,
      'Field Marshal (one field + lookups)',
      `one field (${fieldMs.toFixed(1)} ms) shared by every start`,
      kind,
      list,
      (q) => walk(fresh, q.sy * grid.width + q.sx),
    );
    const total = r.totalMs + fieldMs;
    results.push({ ...r, totalMs: total, median: total / Math.max(1, list.length), p10: r.p10, p90: r.p90 });
  }
  for (const id of PEER_IDS) {
    const peer = createPeer(id);
    onSearcher?.(peer.name);
    peer.prepare(grid);
    results.push(
      race(
        map,
        peer.name,
        peer.note,
        kind,
        list,
        (q) => peer.search(q.sx, q.sy, q.gx, q.gy),
        peer.beforeSearch && (() => peer.beforeSearch?.()),
      ),
    );
  }
  return results;
}
