import { createFieldService, type FieldService } from '@fieldmarshal/core';
import { useRef, useState } from 'react';
import { ProgressBar } from '../shared/progress-bar.js';
import { LineChart, type Series } from './line-chart.js';
import { type BehaviourResult, runBehaviours } from './run-behaviours.js';

const CROWD_SIZES = [10_000, 50_000] as const;
const RTS_SIZES = [200, 1000] as const;
/** The issue's targets: 50k crowd units under 16 ms per step with 2 workers, 1000 RTS units under 4 ms. */
const TARGETS = { crowd: 16, rts: 4 } as const;
const COLORS = ['#4f8cff', '#f0b429', '#3ddc84'];

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

function toggle<T>(list: readonly T[], v: T): T[] {
  return list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
}

/**
 * The behaviour suites of `pnpm bench` (crowd and RTS) run in this browser: milliseconds per crowd step on the
 * main thread and on pools of 1 and 2 workers, milliseconds per RTS update, with the issue's targets drawn.
 */
export function BehaviourBench() {
  const [crowdUnits, setCrowdUnits] = useState<number[]>([10_000]);
  const [rtsUnits, setRtsUnits] = useState<number[]>([200, 1000]);
  const [workers, setWorkers] = useState<number[]>([1, 2]);
  const [steps, setSteps] = useState(20);
  const [results, setResults] = useState<BehaviourResult[]>([]);
  const [progress, setProgress] = useState<{ fraction: number; label: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = progress !== null;

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setResults([]);
    setStatus(null);
    setProgress({ fraction: 0, label: 'starting workers' });
    const services = new Map<number, FieldService>();
    try {
      if (crowdUnits.length > 0) for (const w of workers) services.set(w, await createFieldService({ workers: w }));
      await runBehaviours({
        crowdUnits,
        rtsUnits,
        crowdSteps: steps,
        rtsUpdates: steps * 10,
        services,
        signal: controller.signal,
        onProgress: (fraction, label) => setProgress({ fraction, label }),
        onResult: (r) => setResults((list) => [...list, r]),
      });
      setStatus(controller.signal.aborted ? 'cancelled' : 'done');
    } catch (error) {
      setStatus(`failed: ${(error as Error).message}`);
    } finally {
      for (const s of services.values()) await s.close();
      setProgress(null);
    }
  };

  const crowdRows = results.filter((r) => r.suite === 'crowd');
  const rtsRows = results.filter((r) => r.suite === 'rts');
  const executors = [...new Set(crowdRows.map((r) => r.where))];
  const crowdSeries: Series[] = executors.map((where, i) => ({
    name: where,
    color: COLORS[i % COLORS.length] as string,
    points: crowdRows.filter((r) => r.where === where).map((r) => ({ x: r.units, y: r.median })),
  }));
  const rtsSeries: Series[] =
    rtsRows.length > 0
      ? [{ name: 'main thread', color: COLORS[0] as string, points: rtsRows.map((r) => ({ x: r.units, y: r.median })) }]
      : [];

  return (
    <div className="panel" data-testid="behaviour-bench">
      <h2>Behaviours: crowd and RTS</h2>
      <p className="help">
        The CLI's <code>crowd</code> and <code>rts</code> suites in this browser: the same maps, seeds and steps. Crowd:
        two groups crossing a {1024}x{1024} map with 10% walls, one 1/60 s step per sample, after 30 untimed steps. RTS:
        groups of 20 (plain, box, wedge) ordered on and on across a random map, one 1/20 s update per sample.
      </p>
      <div className="controls">
        <span>Crowd units</span>
        {CROWD_SIZES.map((n) => (
          <label key={n}>
            <input
              type="checkbox"
              checked={crowdUnits.includes(n)}
              disabled={running}
              onChange={() => setCrowdUnits((l) => toggle(l, n))}
              data-testid={`behaviour-crowd-${n}`}
            />{' '}
            {n / 1000}k
          </label>
        ))}
        <span>workers</span>
        {[1, 2].map((w) => (
          <label key={w}>
            <input
              type="checkbox"
              checked={workers.includes(w)}
              disabled={running}
              onChange={() => setWorkers((l) => toggle(l, w))}
            />{' '}
            {w}
          </label>
        ))}
      </div>
      <div className="controls">
        <span>RTS units</span>
        {RTS_SIZES.map((n) => (
          <label key={n}>
            <input
              type="checkbox"
              checked={rtsUnits.includes(n)}
              disabled={running}
              onChange={() => setRtsUnits((l) => toggle(l, n))}
              data-testid={`behaviour-rts-${n}`}
            />{' '}
            {n}
          </label>
        ))}
        <label>
          crowd steps{' '}
          <input
            type="number"
            min={3}
            max={200}
            value={steps}
            disabled={running}
            onChange={(e) => setSteps(Math.max(3, Math.min(200, Math.round(Number(e.target.value)) || 3)))}
            data-testid="behaviour-steps"
            style={{ width: 60 }}
          />
        </label>
        <span className="help">(RTS: ten times as many updates)</span>
      </div>
      <div className="controls">
        <button
          type="button"
          onClick={run}
          disabled={running || (crowdUnits.length === 0 && rtsUnits.length === 0)}
          data-testid="behaviour-run"
        >
          Run behaviours
        </button>
        <button type="button" onClick={() => abort.current?.abort()} disabled={!running}>
          Cancel
        </button>
      </div>
      {progress && <ProgressBar value={progress.fraction} label={progress.label} />}
      {status && <p data-testid="behaviour-status">{status}</p>}
      {results.length > 0 && (
        <div className="table-scroll">
          <table data-testid="behaviour-results">
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>suite</th>
                <th>units</th>
                <th style={{ textAlign: 'left' }}>where</th>
                <th>samples</th>
                <th>median ms</th>
                <th>p10-p90 ms</th>
                <th>max ms</th>
                <th>target</th>
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={`${r.suite}-${r.units}-${r.where}`} data-suite={r.suite} data-units={r.units}>
                  <td style={{ textAlign: 'left' }}>{r.suite}</td>
                  <td>{r.units}</td>
                  <td style={{ textAlign: 'left' }}>{r.where}</td>
                  <td>{r.samples}</td>
                  <td data-median={r.median}>{ms(r.median)}</td>
                  <td>
                    {ms(r.p10)}-{ms(r.p90)}
                  </td>
                  <td>{ms(r.max)}</td>
                  <td>
                    {r.suite === 'rts' && r.units === 1000
                      ? `< ${TARGETS.rts} ms: ${r.median < TARGETS.rts ? 'met' : 'not met'}`
                      : r.suite === 'crowd' && r.units === 50_000 && r.workers === 2
                        ? `< ${TARGETS.crowd} ms: ${r.median < TARGETS.crowd ? 'met' : 'not met'}`
                        : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {results.length > 0 && (
        <div className="chart-row">
          <LineChart
            title="Crowd: ms per step against units"
            xLabel="units"
            yLabel="ms per step"
            series={crowdSeries}
            target={TARGETS.crowd}
          />
          <LineChart
            title="RTS: ms per update against units"
            xLabel="units"
            yLabel="ms per update"
            series={rtsSeries}
            target={TARGETS.rts}
          />
        </div>
      )}
    </div>
  );
}
