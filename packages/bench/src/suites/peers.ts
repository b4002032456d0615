import { computeField, DIR_DX, DIR_DY, type Field, NO_DIRECTION, RtsPathfinder } from '@fieldmarshal/core';
import { loadMap, loadMovingAi, walkableTiles } from '../maps.js';
import { createPeer, type Peer, type PeerName } from '../peers.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { measure, summarize } from '../stats.js';

/** Walks `dir` from tile i to the goal and returns the walked length (the lookup a unit does). */
function walk(field: Field, i: number, octile: boolean): number {
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

export async function runPeers(options: {
  map: string;
  peers: PeerName[];
  pairs: number;
  peerSearches: number;
  scenarioRows: number;
  reps: number;
  warmup: number;
}) {
  const map = loadMap(options.map);
  const grid = map.grid;
  const w = grid.width;
  const goalIndex = walkableTiles(grid, 1, 7)[0] ?? 0;
  const goal = { x: goalIndex % w, y: Math.floor(goalIndex / w) };
  const bar = new ProgressBar(options.peers.length * 3, 'peers');
  const data: Row[] = [];
  const rowsA: string[][] = [];
  const rowsB: string[][] = [];
  const checks: string[][] = [];
  for (const name of options.peers) {
    const peer: Peer = createPeer(name);
    bar.setLabel(`${peer.name}: preparing`);
    peer.prepare(grid);
    bar.tick();
    const rules = peer.rules;
    const fieldOptions = { goals: [goal], metric: rules.metric, neighbors: rules.neighbors, diagonal: rules.diagonal };
    const tiles = grid.width * grid.height;
    const cost = new Float64Array(tiles);
    const dir = new Uint8Array(tiles);
    const reference = computeField(grid, fieldOptions);
    const starts = walkableTiles(grid, options.pairs, 31, reference.cost);
    const octile = rules.metric === 'octile';
    // Case (a): one full field against single-pair searches.
    const fieldStats = measure(() => computeField(grid, fieldOptions, { cost, dir }), {
      reps: options.reps,
      warmup: options.warmup,
    });
    // Case (b): one field plus `pairs` lookups against `pairs` peer searches.
    let sink = 0;
    const oursStats = measure(
      () => {
        const field = computeField(grid, fieldOptions, { cost, dir });
        for (const s of starts) sink += walk(field, s, octile);
      },
      { reps: options.reps, warmup: options.warmup },
    );
    bar.setLabel(`${peer.name}: ${options.peerSearches} searches`);
    const sample = starts.slice(0, Math.min(options.peerSearches, starts.length));
    const times: number[] = [];
    let mismatches = 0;
    let worst = 0;
    let failed = 0;
    // A path shorter than our optimal field under the same rules would mean the rules differ (or a bug here).
    let shorter = 0;
    for (const s of sample) {
      peer.beforeSearch?.();
      const t0 = performance.now();
      const length = peer.search(s % w, Math.floor(s / w), goal.x, goal.y);
      times.push(performance.now() - t0);
      const want = reference.cost[s] as number;
      if (length < 0) failed++;
      else if (length < want - 1e-6 * Math.max(1, want)) shorter++;
      else if (length - want > 1e-6 * Math.max(1, want)) {
        mismatches++;
        worst = Math.max(worst, (length - want) / want);
      }
    }
    bar.tick();
    const search = summarize(times);
    const total = times.reduce((a, b) => a + b, 0);
    const scaled = (total / Math.max(1, sample.length)) * starts.length;
    const sampledNote = sample.length < starts.length ? ` (${sample.length} run, scaled)` : '';
    data.push({
      suite: 'peers',
      map: options.map,
      case: `${peer.name}`,
      tiles,
      stats: search,
      extra: {
        fieldMs: fieldStats.median,
        oursManyMs: oursStats.median,
        peerManyMs: scaled,
        peerSearchesRun: sample.length,
        mismatches,
        worstExcess: worst,
        failed,
        shorter,
      },
    });
    rowsA.push([
      peer.name,
      `${rules.metric}/${rules.neighbors}/${rules.diagonal}`,
      fmt(fieldStats.median),
      fmt(search.median),
      `${fmt(search.p10)}-${fmt(search.p90)}`,
      (fieldStats.median / search.median).toFixed(2),
    ]);
    rowsB.push([
      peer.name,
      String(starts.length),
      fmt(oursStats.median),
      `${fmt(scaled)}${sampledNote}`,
      `${(scaled / oursStats.median).toFixed(0)}x`,
    ]);
    checks.push([
      peer.name,
      rules.note,
      `${sample.length - mismatches - failed - shorter}/${sample.length}`,
      [
        mismatches ? `${mismatches} longer, worst +${(worst * 100).toFixed(2)}%` : '',
        shorter ? `${shorter} SHORTER than ours (rules differ)` : '',
        failed ? `${failed} found no path` : '',
      ]
        .filter(Boolean)
        .join('; ') || 'none',
    ]);
    bar.tick();
    if (sink < 0) console.log(sink);
  }
  bar.finish();
  const scenario = runScenarioRows(options);
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
    scenario,
    {
      title: 'Fairness: peer path lengths against our field under the same rules',
      header: ['peer', 'rules', 'equal to ours', 'longer than optimal'],
      rows: checks,
      data: [],
    },
  ];
}

/**
 * Case (c): Moving AI scenario rows as single pairs. Ours is the A* of the rts area (octile, if-both-free);
 * the peers whose rules match run the same rows. Lengths are checked against the published optimal lengths.
 */
function runScenarioRows(options: { peers: PeerName[]; scenarioRows: number; scenarioMaps?: string[] }) {
  const maps = options.scenarioMaps ?? ['den520d', 'random512-10-0'];
  const rows: string[][] = [];
  const data: Row[] = [];
  for (const name of maps) {
    const map = loadMovingAi(name);
    const step = Math.max(1, Math.floor(map.scenarios.length / Math.max(1, options.scenarioRows)));
    const picked = map.scenarios.filter((_, i) => i % step === 0).slice(0, options.scenarioRows);
    const contenders: {
      name: string;
      search: (sx: number, sy: number, gx: number, gy: number) => number;
      before?: () => void;
    }[] = [];
    const astar = new RtsPathfinder(map.grid);
    contenders.push({
      name: 'Field Marshal A* (rts)',
      search: (sx, sy, gx, gy) => astar.findPath(sx, sy, gx, gy)?.cost ?? -1,
    });
    for (const peerName of options.peers) {
      const peer = createPeer(peerName);
      if (peer.rules.metric !== 'octile' || peer.rules.diagonal !== 'if-both-free') continue;
      peer.prepare(map.grid);
      contenders.push({
        name: peer.name,
        search: (sx, sy, gx, gy) => peer.search(sx, sy, gx, gy),
        before: () => peer.beforeSearch?.(),
      });
    }
    for (const c of contenders) {
      // Warm-up: a few untimed rows per searcher, so nobody pays for a cold JIT in the timed rows.
      for (const r of picked.slice(0, 5)) {
        c.before?.();
        c.search(r[0] as number, r[1] as number, r[2] as number, r[3] as number);
      }
      const times: number[] = [];
      let optimal = 0;
      let worst = 0;
      let failed = 0;
      for (const r of picked) {
        const [sx, sy, gx, gy, want] = r as [number, number, number, number, number];
        c.before?.();
        const t0 = performance.now();
        const length = c.search(sx, sy, gx, gy);
        times.push(performance.now() - t0);
        if (length < 0) failed++;
        else if (Math.abs(length - want) <= 1e-5 * Math.max(1, want)) optimal++;
        else worst = Math.max(worst, (length - want) / want);
      }
      const stats = summarize(times);
      const total = times.reduce((a, b) => a + b, 0);
      data.push({
        suite: 'scenarios',
        map: name,
        case: c.name,
        stats,
        extra: { rows: picked.length, optimal, worstExcess: worst, totalMs: total },
      });
      rows.push([
        name,
        c.name,
        String(picked.length),
        fmt(total),
        fmt(stats.median),
        `${fmt(stats.p10)}-${fmt(stats.p90)}`,
        `${optimal}/${picked.length}${worst > 0 ? `, worst +${(worst * 100).toFixed(2)}%` : ''}${failed ? `, ${failed} no path` : ''}`,
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
