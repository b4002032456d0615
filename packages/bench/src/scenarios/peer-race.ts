import { computeField, type Field, type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import { RtsPathfinder } from '@fieldmarshal/core/rts';
import { createPeer, type PeerName, type PeerRules } from './peers.js';
import { walkableTiles } from './random.js';
import { measure, type Stats, summarize } from './stats.js';

/**
 * The peer race: our searches against the peer libraries on the same map and the same queries, every path length
 * checked against the optimal one. Two cases, as `pnpm bench --suite peers` reports them and the studio's Bench
 * page runs them: many units to one goal (one field plus a lookup per start, against one peer search per
 * start), and Moving AI scenario rows as single pairs (our A* against the peers whose rules match).
 */

/** One query: a start, a goal and the optimal length between them (tiles, under the searcher's rules). */
export interface PeerQuery {
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  optimal: number;
}

/** How a searcher's path lengths compare with the optimal ones, and its time per search (ms). */
export interface RaceOutcome {
  /** Milliseconds per search, in query order. */
  samples: number[];
  /** Paths of the optimal length (within `tolerance` relative). */
  optimal: number;
  /** Longer paths, and the worst excess as a fraction of the optimal length. */
  longer: number;
  worstExcess: number;
  /** Shorter than optimal: the rules differ (should be 0). */
  shorter: number;
  failed: number;
}

/** Walks a field's directions from tile `i` to the goal; returns the walked length (the lookup a unit does). */
export function walkLength(field: Field, i: number, octile: boolean): number {
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
    length += octile && dx !== 0 && dy !== 0 ? Math.SQRT2 : 1;
  }
  return length;
}

/**
 * Times `search` over `queries` (after `warmup` untimed searches of the first ones, so nobody pays for a cold JIT)
 * and checks each length (-1: no path) against the query's optimal one. `before` runs untimed before each search.
 */
export function race(
  queries: readonly PeerQuery[],
  search: (q: PeerQuery) => number,
  options: { before?: () => void; warmup?: number; tolerance?: number } = {},
): RaceOutcome {
  const { before } = options;
  for (const q of queries.slice(0, options.warmup ?? 0)) {
    before?.();
    search(q);
  }
  const out: RaceOutcome = { samples: [], optimal: 0, longer: 0, worstExcess: 0, shorter: 0, failed: 0 };
  const tolerance = options.tolerance ?? 1e-6;
  for (const q of queries) {
    before?.();
    const t0 = performance.now();
    const length = search(q);
    out.samples.push(performance.now() - t0);
    const tol = tolerance * Math.max(1, q.optimal);
    if (length < 0) out.failed++;
    else if (length < q.optimal - tol) out.shorter++;
    else if (length > q.optimal + tol) {
      out.longer++;
      out.worstExcess = Math.max(out.worstExcess, (length - q.optimal) / q.optimal);
    } else out.optimal++;
  }
  return out;
}

/** One peer in the many-units case. Times in milliseconds. */
export interface OneGoalResult {
  peer: string;
  rules: PeerRules;
  /** Units (starts) of the many-units case. */
  pairs: number;
  /** One full field to the goal under the peer's rules (reused output arrays). */
  field: Stats;
  /** One field plus a lookup walk from every start. */
  oursMany: Stats;
  /** One peer search, over the searches run. */
  search: Stats;
  /** The peer's searches, their lengths against our exact field. */
  outcome: RaceOutcome;
  /** The peer's time for all `pairs` starts (its mean search times `pairs` when fewer were run). */
  peerManyMs: number;
}

/** Options of {@link oneGoalRace}. */
export interface OneGoalOptions {
  peers: readonly PeerName[];
  /** Units sent to the goal (starts of the lookups). */
  pairs: number;
  /** Searches each peer runs (at most `pairs`); its time for all units is scaled from them. */
  peerSearches: number;
  /** Repetitions of our field timings after `warmup` untimed ones. */
  reps: number;
  warmup: number;
  /** Called before each peer (for progress). */
  onPeer?: (name: string, index: number) => void;
}

/**
 * Many units, one goal: for each peer, under its rules, one exact field plus a lookup per start against one peer
 * search per start; the goal and starts are seeded walkable tiles (the starts reachable from the goal).
 */
export function oneGoalRace(grid: Grid, options: OneGoalOptions): OneGoalResult[] {
  const w = grid.width;
  const goalIndex = walkableTiles(grid, 1, 7)[0] ?? 0;
  const goal = { x: goalIndex % w, y: Math.floor(goalIndex / w) };
  const results: OneGoalResult[] = [];
  options.peers.forEach((name, index) => {
    const peer = createPeer(name);
    options.onPeer?.(peer.name, index);
    peer.prepare(grid);
    const { rules } = peer;
    const fieldOptions = { goals: [goal], metric: rules.metric, neighbors: rules.neighbors, diagonal: rules.diagonal };
    const cost = new Float64Array(grid.size);
    const dir = new Uint8Array(grid.size);
    const reference = computeField(grid, fieldOptions);
    const starts = walkableTiles(grid, options.pairs, 31, reference.cost);
    const octile = rules.metric === 'octile';
    const field = measure(() => computeField(grid, { ...fieldOptions, out: { cost, dir } }), options);
    let sink = 0;
    const oursMany = measure(() => {
      const f = computeField(grid, { ...fieldOptions, out: { cost, dir } });
      for (const s of starts) sink += walkLength(f, s, octile);
    }, options);
    const queries = starts.slice(0, Math.min(options.peerSearches, starts.length)).map((s) => ({
      sx: s % w,
      sy: Math.floor(s / w),
      gx: goal.x,
      gy: goal.y,
      optimal: reference.cost[s] as number,
    }));
    const outcome = race(queries, (q) => peer.search(q.sx, q.sy, q.gx, q.gy), {
      ...(peer.beforeSearch && { before: () => peer.beforeSearch?.() }),
    });
    const search = summarize(outcome.samples);
    const total = outcome.samples.reduce((a, b) => a + b, 0);
    results.push({
      peer: peer.name,
      rules,
      pairs: starts.length,
      field,
      oursMany,
      search,
      outcome,
      peerManyMs: (total / Math.max(1, queries.length)) * starts.length,
    });
    if (sink < 0) throw new Error('unreachable: walked lengths are never negative');
  });
  return results;
}

/** One searcher on Moving AI scenario rows. */
export interface ScenarioRaceResult {
  searcher: string;
  rows: number;
  stats: Stats;
  totalMs: number;
  outcome: RaceOutcome;
  note: string;
}

/** `count` rows spread evenly over `rows` (Moving AI scenario rows as queries). */
export function pickRows<T>(rows: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(rows.length / Math.max(1, count)));
  return rows.filter((_, i) => i % step === 0).slice(0, count);
}

/**
 * Moving AI scenario rows as single pairs (octile, no corner cutting): our A* (the rts area's) against the peers
 * whose rules match, row by row, every length against the published optimal one. Rows outside the map are left
 * out.
 */
export function scenarioRace(
  grid: Grid,
  rows: readonly PeerQuery[],
  options: { peers: readonly PeerName[]; rows: number; onSearcher?: (name: string) => void },
): ScenarioRaceResult[] {
  const inside = rows.filter((r) => r.sx < grid.width && r.gx < grid.width && r.sy < grid.height && r.gy < grid.height);
  const picked = pickRows(inside, options.rows);
  const astar = new RtsPathfinder(grid);
  const contenders: {
    name: string;
    note: string;
    search: (q: PeerQuery) => number;
    prepare?: () => void;
    before?: () => void;
  }[] = [
    {
      name: 'Field Marshal A* (rts)',
      note: 'our A*, one search per row',
      search: (q) => astar.findPath({ x: q.sx, y: q.sy }, { x: q.gx, y: q.gy })?.cost ?? -1,
    },
  ];
  for (const name of options.peers) {
    const peer = createPeer(name);
    if (peer.rules.metric !== 'octile' || peer.rules.diagonal !== 'if-both-free') continue;
    contenders.push({
      name: peer.name,
      note: peer.rules.note,
      search: (q) => peer.search(q.sx, q.sy, q.gx, q.gy),
      prepare: () => peer.prepare(grid),
      ...(peer.beforeSearch && { before: () => peer.beforeSearch?.() }),
    });
  }
  return contenders.map((c) => {
    options.onSearcher?.(c.name);
    // Prepared in turn (untimed), so only one peer's structures are built at a time.
    c.prepare?.();
    const outcome = race(picked, c.search, { ...(c.before && { before: c.before }), warmup: 5, tolerance: 1e-5 });
    return {
      searcher: c.name,
      rows: picked.length,
      stats: summarize(outcome.samples),
      totalMs: outcome.samples.reduce((a, b) => a + b, 0),
      outcome,
      note: c.note,
    };
  });
}
