import { MAP_KINDS, type MapKind } from '@fieldmarshal/core';
import { useMemo, useState } from 'react';
import { downloadJson, exportPayload, seriesBySize, seriesByWorkers } from './bench-results.js';
import { BenchResultsTable } from './bench-results-table.js';
import { LineChart, type Series } from './line-chart.js';
import {
  BENCH_FRAME_BUDGET_MS,
  BENCH_MAX_SET_FIELD_CELLS,
  type BenchConfig,
  KERNELS,
  type KernelId,
} from './run-bench.js';
import { useBenchRun } from './use-bench-run.js';

const SIZES = [128, 256, 512, 1024, 2048, 4096];
const hardware = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2);

/** Adds `v` to a sorted list, or removes it when present. */
function toggle(list: number[], v: number): number[] {
  return list.includes(v) ? list.filter((x) => x !== v) : [...list, v].sort((a, b) => a - b);
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
  const run = useBenchRun();
  const { results, progress, status, running } = run;
  const config: BenchConfig = { sizes, kind, kernel, workerCounts, mainThread, reps, warmup };

  const exportJson = () =>
    downloadJson(exportPayload(config, results, hardware), `fieldmarshal-bench-${kernel}-${Date.now()}.json`);
  const bySize: Series[] = useMemo(() => seriesBySize(results), [results]);
  const byWorkers: Series[] = useMemo(() => seriesByWorkers(results), [results]);

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
              onClick={() => run.start(config)}
              disabled={running || sizes.length === 0 || (!mainThread && workerCounts.length === 0)}
              data-testid="bench-run"
            >
              Run
            </button>
            <button type="button" onClick={run.cancel} disabled={!running} data-testid="bench-cancel">
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
          <BenchResultsTable results={results} />
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
