import { createFieldService } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { type BenchMapSpec, loadBenchMap } from './bench-maps.js';
import { type BenchRun, importRuns, loadRuns, saveRuns } from './bench-runs.js';
import { type BenchConfig, type BenchProgress, runBench } from './run-bench.js';
import { runPeers } from './run-peers.js';
import { runRepair } from './run-repair.js';

const nextFrame = () => new Promise<void>((r) => setTimeout(r, 0));

/** Peer searches per map (PathFinding.js clones its grid per search: keep it modest). */
export const PEER_SEARCHES = 40;
/** Edits per repair case. */
export const REPAIR_EDITS = 40;

/**
 * The Bench page's runs: every run is kept (with what it measured, also when cancelled) in this browser, so
 * results last across runs, pages and reloads; runs can be exported and imported again. One run at a time.
 */
export function useBenchRun() {
  const [runs, setRuns] = useState<BenchRun[]>(loadRuns);
  const [progress, setProgress] = useState<BenchProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  // Leaving the studio cancels a running benchmark (its workers are closed by runBench's cleanup).
  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => saveRuns(runs), [runs]);

  const update = (id: number, patch: (r: BenchRun) => BenchRun) =>
    setRuns((list) => list.map((r) => (r.id === id ? patch(r) : r)));

  async function start(config: BenchConfig, maps: readonly BenchMapSpec[]) {
    const controller = new AbortController();
    abortRef.current = controller;
    const id = Math.max(0, ...runs.map((r) => r.id)) + 1;
    const t0 = performance.now();
    const run: BenchRun = {
      id,
      started: new Date().toISOString(),
      status: 'running',
      durationMs: 0,
      config,
      results: [],
      peers: [],
      repair: [],
      userAgent: navigator.userAgent,
      hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
      crossOriginIsolated: globalThis.crossOriginIsolated === true,
    };
    setRuns((list) => [...list, run]);
    setRunning(true);
    setStatus('');
    const { signal } = controller;
    try {
      if (config.kernels.length > 0)
        await runBench(
          config,
          maps,
          (workers) => createFieldService({ workers }),
          setProgress,
          (r) => update(id, (x) => ({ ...x, results: [...x.results, r] })),
          signal,
        );
      for (const spec of config.peers || config.repair ? maps : []) {
        signal.throwIfAborted();
        const map = await loadBenchMap(spec, false, signal);
        if (config.peers) {
          setProgress({ fraction: 0.5, label: `peers on ${map.size} ${map.name}` });
          await nextFrame();
          const rows = runPeers(map, PEER_SEARCHES);
          update(id, (x) => ({ ...x, peers: [...x.peers, ...rows] }));
        }
        if (config.repair) {
          const rows = await runRepair(map, REPAIR_EDITS, config.reps, signal, async (name) => {
            setProgress({ fraction: 0.5, label: `repair ${name} on ${map.size} ${map.name}` });
            await nextFrame();
          });
          update(id, (x) => ({ ...x, repair: [...x.repair, ...rows] }));
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      update(id, (x) => ({ ...x, status: 'finished', durationMs: seconds * 1000 }));
      setStatus(`finished in ${seconds.toFixed(1)} s`);
    } catch (error) {
      const cancelledRun = signal.aborted;
      const message = error instanceof Error ? error.message : String(error);
      update(id, (x) => ({
        ...x,
        status: cancelledRun ? 'cancelled' : 'failed',
        ...(cancelledRun ? {} : { error: message }),
        durationMs: performance.now() - t0,
      }));
      setStatus(cancelledRun ? 'cancelled' : `failed: ${message}`);
    } finally {
      setProgress(null);
      setRunning(false);
      abortRef.current = null;
    }
  }

  return {
    runs,
    progress,
    status,
    running,
    start,
    cancel: () => abortRef.current?.abort(),
    remove: (id: number) => setRuns((list) => list.filter((r) => r.id !== id)),
    /** Adds the runs of an exported file; returns how many, or throws with what is wrong. */
    importText: (text: string): number => {
      const added = importRuns(text, Math.max(0, ...runs.map((r) => r.id)) + 1);
      setRuns((list) => [...list, ...added]);
      return added.length;
    },
  };
}
