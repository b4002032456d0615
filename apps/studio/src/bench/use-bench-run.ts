import { createFieldService } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { type BenchConfig, type BenchProgress, type BenchResult, runBench } from './run-bench.js';

/** A benchmark run on the page: its results as they come, progress, status line, and Cancel. */
export function useBenchRun() {
  const [results, setResults] = useState<BenchResult[]>([]);
  const [progress, setProgress] = useState<BenchProgress | null>(null);
  const [status, setStatus] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  const running = abortRef.current !== null && progress !== null && progress.fraction < 1;
  // Leaving the page cancels a running benchmark (its workers are closed by runBench's cleanup).
  useEffect(() => () => abortRef.current?.abort(), []);

  async function start(config: BenchConfig) {
    const controller = new AbortController();
    abortRef.current = controller;
    setResults([]);
    setStatus('');
    const t0 = performance.now();
    try {
      await runBench(
        config,
        (workers) => createFieldService({ workers }),
        setProgress,
        (r) => setResults((prev) => [...prev, r]),
        controller.signal,
      );
      setStatus(`finished in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } catch (error) {
      setStatus(
        controller.signal.aborted ? 'cancelled' : `failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      setProgress(null);
    } finally {
      abortRef.current = null;
    }
  }

  return { results, progress, status, running, start, cancel: () => abortRef.current?.abort() };
}
