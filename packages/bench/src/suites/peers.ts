import { loadMap, loadMovingAi } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { oneGoalRace, type PeerQuery, scenarioRace } from '../scenarios/peer-race.js';
import type { PeerName } from '../scenarios/peers.js';

/**
 * The peer race of scenarios/peer-race.ts (which the studio's Bench page runs too): (a) one full field against
 * one peer search, (b) many units to one goal, (c) Moving AI scenario rows as single pairs, and the fairness
 * check of every peer's path lengths.
 */
export async function runPeers(options: {
  map: string;
  peers: PeerName[];
  pairs: number;
  peerSearches: number;
  scenarioRows: number;
  reps: number;
  warmup: number;
}) {
  const grid = loadMap(options.map).grid;
  const bar = new ProgressBar(options.peers.length, 'peers');
  const results = oneGoalRace(grid, {
    ...options,
    onPeer: (name, index) => {
      if (index > 0) bar.tick();
      bar.setLabel(name);
    },
  });
  bar.finish();
  const data: Row[] = [];
  const rowsA: string[][] = [];
  const rowsB: string[][] = [];
  const checks: string[][] = [];
  for (const r of results) {
    const { outcome, search, rules } = r;
    const searched = outcome.samples.length;
    const sampledNote = searched < r.pairs ? ` (${searched} run, scaled)` : '';
    data.push({
      suite: 'peers',
      map: options.map,
      case: r.peer,
      tiles: grid.size,
      stats: search,
      extra: {
        fieldMs: r.field.median,
        oursManyMs: r.oursMany.median,
        peerManyMs: r.peerManyMs,
        peerSearchesRun: searched,
        mismatches: outcome.longer,
        worstExcess: outcome.worstExcess,
        failed: outcome.failed,
        shorter: outcome.shorter,
      },
    });
    rowsA.push([
      r.peer,
      `${rules.metric}/${rules.neighbors}/${rules.diagonal}`,
      fmt(r.field.median),
      fmt(search.median),
      `${fmt(search.p10)}-${fmt(search.p90)}`,
      (r.field.median / search.median).toFixed(2),
    ]);
    rowsB.push([
      r.peer,
      String(r.pairs),
      fmt(r.oursMany.median),
      `${fmt(r.peerManyMs)}${sampledNote}`,
      `${(r.peerManyMs / r.oursMany.median).toFixed(0)}x`,
    ]);
    checks.push([r.peer, rules.note, `${outcome.optimal}/${searched}`, fairness(outcome)]);
  }
  return [
    {
      title: `(a) One full field against one peer search, ${options.map} (${grid.width}x${grid.height})`,
      header: [
        'peer',
        'rules (metric/neighbours/diagonal)',
        'our field ms',
        'peer search ms',
        'p10-p90 ms',
        'field / search',
      ],
      rows: rowsA,
      data,
    },
    {
      title: `(b) Many units, one goal: one field + ${options.pairs} path lookups against ${options.pairs} peer searches, ${options.map}`,
      header: ['peer', 'units', 'ours ms', 'peer ms', 'speed-up'],
      rows: rowsB,
      data: [],
    },
    runScenarioRows(options),
    {
      title: 'Fairness: peer path lengths against our field under the same rules',
      header: ['peer', 'rules', 'equal to ours', 'longer than optimal'],
      rows: checks,
      data: [],
    },
  ];
}

/** The fairness column: longer, shorter and failed searches, or `none`. */
function fairness(o: { longer: number; worstExcess: number; shorter: number; failed: number }): string {
  return (
    [
      o.longer ? `${o.longer} longer, worst +${(o.worstExcess * 100).toFixed(2)}%` : '',
      o.shorter ? `${o.shorter} SHORTER than ours (rules differ)` : '',
      o.failed ? `${o.failed} found no path` : '',
    ]
      .filter(Boolean)
      .join('; ') || 'none'
  );
}

/** Case (c): Moving AI scenario rows as single pairs, checked against the published optimal lengths. */
function runScenarioRows(options: { peers: PeerName[]; scenarioRows: number }) {
  const rows: string[][] = [];
  const data: Row[] = [];
  for (const name of ['den520d', 'random512-10-0']) {
    const map = loadMovingAi(name);
    const queries: PeerQuery[] = map.scenarios.map(([sx, sy, gx, gy, optimal]) => ({
      sx: sx as number,
      sy: sy as number,
      gx: gx as number,
      gy: gy as number,
      optimal: optimal as number,
    }));
    for (const r of scenarioRace(map.grid, queries, { peers: options.peers, rows: options.scenarioRows })) {
      const { stats, outcome } = r;
      data.push({
        suite: 'scenarios',
        map: name,
        case: r.searcher,
        stats,
        extra: { rows: r.rows, optimal: outcome.optimal, worstExcess: outcome.worstExcess, totalMs: r.totalMs },
      });
      rows.push([
        name,
        r.searcher,
        String(r.rows),
        fmt(r.totalMs),
        fmt(stats.median),
        `${fmt(stats.p10)}-${fmt(stats.p90)}`,
        `${outcome.optimal}/${r.rows}${outcome.worstExcess > 0 ? `, worst +${(outcome.worstExcess * 100).toFixed(2)}%` : ''}${outcome.failed ? `, ${outcome.failed} no path` : ''}`,
      ]);
    }
  }
  return {
    title: '(c) Moving AI scenario rows as single pairs (octile, no corner cutting)',
    header: ['map', 'searcher', 'rows', 'total ms', 'median ms', 'p10-p90 ms', 'optimal length'],
    rows,
    data,
  };
}
