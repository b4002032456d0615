import { BEHAVIOUR_TARGETS } from '@fieldmarshal/bench/scenarios';
import { useEffect, useRef, useState } from 'react';
import { studioBase } from '../shared/moving-ai.js';
import type { BenchMapSpec } from './bench-maps.js';
import { type BenchRun, importRuns, loadRuns, saveRuns } from './bench-runs.js';
import type { BenchConfig, BenchProgress } from './run-bench.js';
import { type RunningBench, startBench } from './worker/bench-client.js';
import type { RunRow } from './worker/bench-messages.js';

/** The run's rows with one more measured row. */
function withRow(run: BenchRun, row: RunRow): BenchRun {
  switch (row.kind) {
    case 'field':
      return { ...run, results: [...run.results, row.row] };
    case 'peers':
      return { ...run, peers: [...run.peers, ...row.rows] };
    case 'repair':
      return { ...run, repair: [...run.repair, ...row.rows] };
    case 'behaviour':
      return { ...run, behaviours: [...run.behaviours, row.row] };
  }
}

/**
 * The Bench page's runs: one at a time, in its own worker (bench-client.ts), so the page stays live; progress,
 * elapsed time and every measured row arrive as they are made; Cancel ends the worker at once. Every run is kept
 * (with what it measured, also when cancelled) in this browser, so results last across runs, pages and reloads;
 * runs can be exported and imported again.
 */
export function useBenchRun() {
  const [runs, setRuns] = useState<BenchRun[]>(loadRuns);
  const [progress, setProgress] = useState<BenchProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const current = useRef<{ id: number; bench: RunningBench; t0: number } | null>(null);
  // Leaving the studio cancels a running benchmark.
  useEffect(() => () => current.current?.bench.cancel(), []);
  useEffect(() => saveRuns(runs), [runs]);
  // The elapsed time, ticking while a run is on.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      const c = current.current;
      if (c) setElapsed(performance.now() - c.t0);
    }, 200);
    return () => clearInterval(timer);
  }, [running]);

  const update = (id: number, patch: (r: BenchRun) => BenchRun) =>
    setRuns((list) => list.map((r) => (r.id === id ? patch(r) : r)));

  /** Ends the run in the list and on the page. */
  const finish = (id: number, how: 'finished' | 'cancelled' | 'failed', error?: string) => {
    const c = current.current;
    const ms = c ? performance.now() - c.t0 : 0;
    current.current = null;
    update(id, (x) => ({ ...x, status: how, durationMs: ms, ...(error !== undefined && { error }) }));
    setStatus(
      how === 'finished'
        ? `finished in ${(ms / 1000).toFixed(1)} s`
        : how === 'failed'
          ? `failed: ${error}`
          : 'cancelled',
    );
    setProgress(null);
    setRunning(false);
    setElapsed(ms);
  };

  function start(config: BenchConfig, maps: readonly BenchMapSpec[], fieldTargetMs: number | null) {
    if (current.current) return;
    const id = Math.max(0, ...runs.map((r) => r.id)) + 1;
    const run: BenchRun = {
      id,
      started: new Date().toISOString(),
      status: 'running',
      durationMs: 0,
      config,
      results: [],
      peers: [],
      repair: [],
      behaviours: [],
      targets: { fieldMs: fieldTargetMs, crowdStepMs: BEHAVIOUR_TARGETS.crowd, rtsUpdateMs: BEHAVIOUR_TARGETS.rts },
      userAgent: navigator.userAgent,
      hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
      crossOriginIsolated: globalThis.crossOriginIsolated === true,
    };
    setRuns((list) => [...list, run]);
    setRunning(true);
    setStatus('');
    setElapsed(0);
    setProgress({ fraction: 0, label: 'starting the bench worker' });
    const bench = startBench(config, maps, studioBase(), {
      progress: (fraction, label) => setProgress({ fraction, label }),
      row: (row) => update(id, (x) => withRow(x, row)),
      end: (error) => finish(id, error === null ? 'finished' : 'failed', error ?? undefined),
    });
    current.current = { id, bench, t0: performance.now() };
  }

  return {
    runs,
    progress,
    status,
    running,
    /** Milliseconds since the run started (the last run's length once it ended). */
    elapsed,
    start,
    cancel: () => {
      const c = current.current;
      if (!c) return;
      c.bench.cancel();
      finish(c.id, 'cancelled');
    },
    remove: (id: number) => setRuns((list) => list.filter((r) => r.id !== id)),
    /** Adds the runs of an exported file; returns how many, or throws with what is wrong. */
    importText: (text: string): number => {
      const added = importRuns(text, Math.max(0, ...runs.map((r) => r.id)) + 1);
      setRuns((list) => [...list, ...added]);
      return added.length;
    },
  };
}
