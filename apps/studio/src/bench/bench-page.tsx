import { createFieldService, MAP_KINDS, type MapKind } from '@fieldmarshal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LineChart, type Series } from './line-chart.js';
import {
  BENCH_FRAME_BUDGET_MS,
  BENCH_MAX_SET_FIELD_CELLS,
  type BenchConfig,
  type BenchProgress,
  type BenchResult,
  KERNELS,
  type KernelId,
  runBench,
} from './run-bench.js';

const SIZES = [128, 256, 512, 1024, 2048, 4096];
const COLORS = ['#f0b429', '#4fc3f7', '#81c784', '#e57373', '#ba68c8', '#ffb74d', '#90a4ae', '#f06292'];
const hardware = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2);

function executorName(e: 'main' | number): string {
  return e === 'main' ? 'main thread' : `${e} worker${e > 1 ? 's' : ''}`;
}

function formatRate(v: number): string {
  return v >= 1e9 ? `${(v / 1e9).toFixed(2)} G` : v >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : `${(v / 1e3).toFixed(0)} k`;
}

/** The Bench page: kernels on large generated maps, on the main thread and in worker pools of several sizes. */
export function BenchPage() {
  const [sizes, setSizes] = useState<number[]>([512, 1024]);
  const [kind, setKind] = useState<MapKind>('random');
  const [kernel, setKernel] = useState<KernelId>('octile');
  const [workerCounts, setWorkerCounts] = useState<number[]>([1]);
  const [mainThread, setMainThread] = useState(true);
  const [reps, setReps] = useState(5);
  const [warmup, setWarmup] = useState(1);
  const [results, setResults] = useState<BenchResult[]>([]);
  const [progress, setProgress] = useState<BenchProgress | null>(null);
  const [status, setStatus] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  const running = abortRef.current !== null && progress !== null && progress.fraction < 1;
  // Leaving the page cancels a running benchmark (its workers are closed by runBench's cleanup).
  useEffect(() => () => abortRef.current?.abort(), []);

  const toggle = (list: number[], v: number) =>
    list.includes(v) ? list.filter((x) => x !== v) : [...list, v].sort((a, b) => a - b);

  async function start() {
    const controller = new AbortController();
    abortRef.current = controller;
    setResults([]);
    setStatus('');
    const config: BenchConfig = { sizes, kind, kernel, workerCounts, mainThread, reps, warmup };
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

  function exportJson() {
    const payload = {
      userAgent: navigator.userAgent,
      hardwareConcurrency: hardware,
      crossOriginIsolated: globalThis.crossOriginIsolated,
      date: new Date().toISOString(),
      config: { sizes, kind, kernel, workerCounts, mainThread, reps, warmup },
      results,
    };
    const url = URL.createObjectURL(new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `fieldmarshal-bench-${kernel}-${Date.now()}.json`;
    a.click();
    URL.revokeObjectURL(url);
  }

  const hasSlices = results.some((r) => r.longestSliceMs !== undefined);
  const bySize: Series[] = useMemo(() => {
    const measured = results.filter((r) => r.refused === undefined);
    const executors = [...new Set(measured.map((r) => r.executor))];
    return executors.map((e, i) => ({
      name: executorName(e),
      color: COLORS[i % COLORS.length] as string,
      points: measured.filter((r) => r.executor === e).map((r) => ({ x: r.size, y: r.median / r.batch })),
    }));
  }, [results]);
  const byWorkers: Series[] = useMemo(() => {
    const measured = results.filter((r) => r.refused === undefined);
    const sizesDone = [...new Set(measured.map((r) => r.size))];
    return sizesDone.map((s, i) => ({
      name: `${s}x${s}`,
      color: COLORS[i % COLORS.length] as string,
      points: measured
        .filter((r) => r.size === s && r.executor !== 'main')
        .map((r) => ({ x: r.executor as number, y: (r.batch * 1000) / r.median })),
    }));
  }, [results]);

  return (
    <section>
      <h1>Bench</h1>
      <div className="layout">
        <div className="sidebar">
          <div className="panel">
            <h2>Map</h2>
            <div className="controls">
              {SIZES.map((s) => (
                <label key={s}>
                  <input
                    type="checkbox"
                    checked={sizes.includes(s)}
                    onChange={() => setSizes(toggle(sizes, s))}
                    disabled={running}
                  />{' '}
                  {s}²
                </label>
              ))}
            </div>
            <label>
              kind{' '}
              <select
                value={kind}
                onChange={(e) => setKind(e.target.value as MapKind)}
                disabled={running}
                aria-label="map kind"
              >
                {MAP_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {k === 'random' ? 'random (20% walls)' : k}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="panel">
            <h2>Kernel</h2>
            <select
              value={kernel}
              onChange={(e) => setKernel(e.target.value as KernelId)}
              disabled={running}
              aria-label="kernel"
            >
              {KERNELS.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label}
                </option>
              ))}
            </select>
            {kernel === 'set-fields' && (
              <p className="help">
                One field per convex set, from all its tiles. Memory grows with sets x tiles (3 bytes each); past{' '}
                {BENCH_MAX_SET_FIELD_CELLS.toLocaleString('en')} entries a size is refused: use small sizes or open and
                rooms maps. Fields/run is the number of sets; workers split the sets.
              </p>
            )}
            {kernel === 'flank' && (
              <p className="help">
                Set costs from two steps fields (in the pool with workers), then the flank search over every set on the
                frame scheduler ({BENCH_FRAME_BUDGET_MS} ms per frame). The time includes waiting for frames; the
                longest slice is what a frame pays.
              </p>
            )}
          </div>
          <div className="panel">
            <h2>Where</h2>
            <label>
              <input
                type="checkbox"
                checked={mainThread}
                onChange={() => setMainThread(!mainThread)}
                disabled={running}
              />{' '}
              main thread
            </label>
            <div className="controls">
              {Array.from({ length: hardware }, (_, i) => i + 1).map((n) => (
                <label key={n}>
                  <input
                    type="checkbox"
                    checked={workerCounts.includes(n)}
                    onChange={() => setWorkerCounts(toggle(workerCounts, n))}
                    disabled={running}
                  />{' '}
                  {n} worker{n > 1 ? 's' : ''}
                </label>
              ))}
            </div>
            <p className="help">
              A pool of N workers computes N fields at once (one each); the main thread computes one.
            </p>
          </div>
          <div className="panel">
            <h2>Repetitions</h2>
            <label>
              timed{' '}
              <input
                type="number"
                min={1}
                max={100}
                value={reps}
                onChange={(e) => setReps(Math.max(1, Number(e.target.value)))}
                disabled={running}
                aria-label="repetitions"
              />
            </label>{' '}
            <label>
              warm-up{' '}
              <input
                type="number"
                min={0}
                max={20}
                value={warmup}
                onChange={(e) => setWarmup(Math.max(0, Number(e.target.value)))}
                disabled={running}
                aria-label="warm-up runs"
              />
            </label>
          </div>
          <div className="controls">
            <button
              type="button"
              onClick={start}
              disabled={running || sizes.length === 0 || (!mainThread && workerCounts.length === 0)}
              data-testid="bench-run"
            >
              Run
            </button>
            <button
              type="button"
              onClick={() => abortRef.current?.abort()}
              disabled={!running}
              data-testid="bench-cancel"
            >
              Cancel
            </button>
            <button type="button" onClick={exportJson} disabled={results.length === 0}>
              Export JSON
            </button>
          </div>
          {progress && (
            <div>
              <div
                className="progress"
                role="progressbar"
                aria-valuenow={Math.round(progress.fraction * 100)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div style={{ width: `${progress.fraction * 100}%` }} />
              </div>
              <p className="help">{progress.label}</p>
            </div>
          )}
          {status && <p data-testid="bench-status">{status}</p>}
        </div>
        <div>
          <table data-testid="bench-results">
            <thead>
              <tr>
                <th>size</th>
                <th>kernel</th>
                <th>where</th>
                <th>fields/run</th>
                <th>median ms</th>
                <th>p10 ms</th>
                <th>p90 ms</th>
                <th>cells/s</th>
                {hasSlices && <th>longest slice ms</th>}
              </tr>
            </thead>
            <tbody>
              {results.map((r) =>
                r.refused !== undefined ? (
                  <tr key={`${r.size}-${r.executor}`} data-refused="true">
                    <td>{`${r.size}x${r.size}`}</td>
                    <td>{r.kernel}</td>
                    <td>{executorName(r.executor)}</td>
                    <td colSpan={hasSlices ? 6 : 5} className="error" style={{ textAlign: 'left' }}>
                      refused: {r.refused}
                    </td>
                  </tr>
                ) : (
                  <tr key={`${r.size}-${r.executor}`}>
                    <td>{`${r.size}x${r.size}`}</td>
                    <td>{r.kernel}</td>
                    <td>{executorName(r.executor)}</td>
                    <td>{r.batch}</td>
                    <td>{r.median.toFixed(1)}</td>
                    <td>{r.p10.toFixed(1)}</td>
                    <td>{r.p90.toFixed(1)}</td>
                    <td>{formatRate(r.cellsPerSecond)}</td>
                    {hasSlices && <td>{r.longestSliceMs === undefined ? '' : r.longestSliceMs.toFixed(2)}</td>}
                  </tr>
                ),
              )}
              {results.length === 0 && (
                <tr>
                  <td colSpan={hasSlices ? 9 : 8} className="muted" style={{ textAlign: 'left' }}>
                    No results yet: pick sizes and executors, then Run.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <div className="controls" style={{ marginTop: 16 }}>
            <LineChart
              title="Time per field against map size"
              xLabel="map side (tiles)"
              yLabel="ms per field"
              series={bySize}
            />
            <LineChart
              title="Throughput against worker count"
              xLabel="workers"
              yLabel="fields per second"
              series={byWorkers}
            />
          </div>
          <p className="help">
            Times are medians over the timed repetitions after warm-up. This machine may be shared and noisy: compare
            ratios, not absolute times.
          </p>
        </div>
      </div>
    </section>
  );
}
