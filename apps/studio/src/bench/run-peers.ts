import {
  oneGoalRace,
  type PeerName,
  type PeerQuery,
  type RaceOutcome,
  scenarioRace,
} from '@fieldmarshal/bench/scenarios';
import type { BenchMap } from './bench-maps.js';

/** One searcher's race on one map: its time and how its path lengths compare with the optimal ones. ms. */
export interface PeerResult {
  size: string;
  map: string;
  searcher: string;
  /** `octile/8/if-both-free`: the rules it searched under (our field used the same ones). */
  rules: string;
  /** How the queries were chosen: Moving AI scenario rows, or seeded starts to one goal. */
  queries: 'scenario' | 'one goal';
  searches: number;
  /** All the searches. */
  totalMs: number;
  /** Median, p10 and p90 per search. */
  median: number;
  p10: number;
  p90: number;
  /** One goal: our exact field under the same rules (median). */
  fieldMs?: number;
  /** One goal: units sent to the goal; our field plus a lookup per unit, and the peer's time for all of them. */
  pairs?: number;
  oursManyMs?: number;
  peerManyMs?: number;
  /** Paths of the optimal length; longer ones (and the worst excess); shorter ones (rules differ); none found. */
  optimal: number;
  longer: number;
  worstExcess: number;
  shorter: number;
  failed: number;
  note: string;
}

/** Peer searches per map (their time for every unit is scaled from these). */
export const PEER_SEARCHES = 40;
/** Units of the many-units case. */
export const PEER_PAIRS = 1000;

/** The peers a fresh Bench page races (the slow ones, rot-js and ngraph.path, are picked by hand). */
export const DEFAULT_PEERS: readonly PeerName[] = ['pf-astar', 'pf-jps', 'easystarjs', 'l1-path-finder'];

function outcomeOf(o: RaceOutcome) {
  return { optimal: o.optimal, longer: o.longer, worstExcess: o.worstExcess, shorter: o.shorter, failed: o.failed };
}

/**
 * The CLI's peer race (`@fieldmarshal/bench/scenarios`) on one map: with Moving AI scenario rows, the rows as
 * single pairs (our A* and the peers with Moving AI's rules); otherwise many units to one goal (our exact field
 * plus a lookup per unit against one peer search per unit, each peer under its own rules). Every path length
 * is checked against the optimal one. Synchronous: run it in a worker.
 */
export function runPeers(
  map: BenchMap,
  peers: readonly PeerName[],
  options: { reps: number; warmup: number; onSearcher?: (name: string) => void },
): PeerResult[] {
  const { grid } = map;
  const rows: PeerQuery[] = (map.scenario ?? []).map((r) => ({ ...r }));
  if (rows.length > 0) {
    return scenarioRace(grid, rows, {
      peers,
      rows: PEER_SEARCHES,
      ...(options.onSearcher && { onSearcher: options.onSearcher }),
    }).map((r) => ({
      size: map.size,
      map: map.name,
      searcher: r.searcher,
      rules: 'octile/8/if-both-free',
      queries: 'scenario',
      searches: r.rows,
      totalMs: r.totalMs,
      median: r.stats.median,
      p10: r.stats.p10,
      p90: r.stats.p90,
      ...outcomeOf(r.outcome),
      note: r.note,
    }));
  }
  return oneGoalRace(grid, {
    peers,
    pairs: PEER_PAIRS,
    peerSearches: PEER_SEARCHES,
    reps: Math.min(5, Math.max(1, options.reps)),
    warmup: Math.min(1, options.warmup),
    ...(options.onSearcher && { onPeer: options.onSearcher }),
  }).map((r) => ({
    size: map.size,
    map: map.name,
    searcher: r.peer,
    rules: `${r.rules.metric}/${r.rules.neighbors}/${r.rules.diagonal}`,
    queries: 'one goal',
    searches: r.outcome.samples.length,
    totalMs: r.outcome.samples.reduce((a, b) => a + b, 0),
    median: r.search.median,
    p10: r.search.p10,
    p90: r.search.p90,
    fieldMs: r.field.median,
    pairs: r.pairs,
    oursManyMs: r.oursMany.median,
    peerManyMs: r.peerManyMs,
    ...outcomeOf(r.outcome),
    note: r.rules.note,
  }));
}
