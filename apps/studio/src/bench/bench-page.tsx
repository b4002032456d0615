import { useEffect, useMemo, useState } from 'react';
import { downloadBlob } from '../shared/download.js';
import { DropOverlay, MapFileDialogView } from '../shared/map-files/map-file-ui.js';
import { ProgressBar } from '../shared/progress-bar.js';
import { BehaviourResults } from './behaviour-results.js';
import { benchConfigFromLink, useWriteBenchLink } from './bench-link.js';
import type { BenchMapSpec } from './bench-maps.js';
import { type ChartRuns, formatTiles, seriesBySize, seriesByWorkers } from './bench-results.js';
import { BenchResultsTable } from './bench-results-table.js';
import { exportRuns, runLabel } from './bench-runs.js';
import { BenchRunsPanel } from './bench-runs-panel.js';
import { BenchSetup } from './bench-setup.js';
import { PeerTable, RepairTable } from './bench-suite-tables.js';
import { BenchSuitesSetup } from './bench-suites-setup.js';
import { LineChart } from './line-chart.js';
import type { BenchConfig } from './run-bench.js';
import { type BenchFile, filesParam, useBenchFiles } from './use-bench-files.js';
import { useBenchRun } from './use-bench-run.js';

/** The map specs of a configuration: generated sizes, shipped Moving AI maps, then opened files. */
function mapSpecs(config: BenchConfig, files: ReadonlyMap<string, BenchFile>) {
  const specs: BenchMapSpec[] = [
    ...config.sizes.map((size) => ({ kind: 'generated' as const, generator: config.kind, size })),
    ...config.movingAi.map((name) => ({ kind: 'movingai' as const, name })),
  ];
  for (const name of config.files) {
    const f = files.get(name);
    if (f) specs.push({ kind: 'file', name, grid: f.grid, scenario: f.scenario });
  }
  return specs;
}

/**
 * The Bench page: field kernels on generated, Moving AI and your own maps, on a single thread and in worker
 * pools of several sizes, the peer libraries on the same maps and queries, field repair, the crowd and the RTS
 * world: the CLI's scenarios, run in a worker of their own (the page only draws progress and rows). Every run is
 * kept (also across reloads) with its targets, two can be compared, and runs export to JSON and import again.
 */
export function BenchPage() {
  const [config, setConfig] = useState<BenchConfig>(benchConfigFromLink);
  const [target, setTarget] = useState<number | null>(null);
  const run = useBenchRun();
  const { runs, progress, status, running } = run;
  const [runA, setRunA] = useState<number | null>(null);
  const [runB, setRunB] = useState<number | null>(null);
  const { files, opened, message, setMessage } = useBenchFiles(setConfig);
  useWriteBenchLink(config, filesParam(opened, config.files));

  // The latest run is run A until the user picks another.
  const latest = runs.at(-1)?.id ?? null;
  useEffect(() => setRunA(latest), [latest]);
  const a = runs.find((r) => r.id === runA) ?? null;
  const b = runs.find((r) => r.id === runB && r.id !== runA) ?? null;
  const chartRuns: ChartRuns = useMemo(
    () => ({
      a: { name: a ? runLabel(a) : '', results: a?.results ?? [] },
      b: b ? { name: runLabel(b), results: b.results } : null,
    }),
    [a, b],
  );
  const bySize = useMemo(() => seriesBySize(chartRuns), [chartRuns]);
  const byWorkers = useMemo(() => seriesByWorkers(chartRuns), [chartRuns]);
  const specs = mapSpecs(config, opened);
  const behaviours = config.crowdUnits.length + config.rtsUnits.length > 0;
  const canRun =
    !running &&
    (behaviours ||
      (specs.length > 0 &&
        ((config.peers && config.peerNames.length > 0) ||
          config.repair ||
          (config.kernels.length > 0 && (config.mainThread || config.workerCounts.length > 0)))));

  return (
    <section className="bench-page" {...files.dropProps}>
      <h1>Bench</h1>
      <div className="layout">
        <div className="sidebar">
          <div className="panel run-panel">
            <div className="controls">
              <button
                type="button"
                onClick={() => run.start(config, specs, target)}
                disabled={!canRun}
                data-testid="bench-run"
              >
                Run
              </button>
              <button type="button" onClick={run.cancel} disabled={!running} data-testid="bench-cancel">
                Cancel
              </button>
              {(running || run.elapsed > 0) && (
                <span className="muted small-text" data-testid="bench-elapsed">
                  {(run.elapsed / 1000).toFixed(1)} s
                </span>
              )}
            </div>
            {progress && <ProgressBar value={progress.fraction} label={progress.label} />}
            {status && <p data-testid="bench-status">{status}</p>}
            {!running && !canRun && (
              <p className="muted small-text">Pick a map and a kernel or suite (crowd and RTS need no map).</p>
            )}
          </div>
          <BenchSetup
            config={config}
            setConfig={setConfig}
            running={running}
            files={files}
            fileNames={[...opened.keys()]}
          />
          <BenchSuitesSetup config={config} setConfig={setConfig} running={running} />
        </div>
        <div className="layout-main">
          <BenchRunsPanel
            runs={runs}
            runA={runA}
            setRunA={setRunA}
            runB={runB}
            setRunB={setRunB}
            remove={run.remove}
            exportAll={() =>
              downloadBlob(
                new Blob([exportRuns(runs)], { type: 'application/json' }),
                `fieldmarshal-bench-${Date.now()}.json`,
              )
            }
            importText={(text) => {
              try {
                setMessage(`imported ${run.importText(text)} runs`);
              } catch (error) {
                setMessage(`import failed: ${(error as Error).message}`);
              }
            }}
            message={message}
          />
          <BenchResultsTable results={a?.results ?? []} compare={b?.results ?? null} />
          <div className="chart-row">
            <label className="row inline">
              <span>Target ms per field</span>
              <input
                type="number"
                min={0}
                placeholder="none"
                value={target ?? ''}
                onChange={(e) => setTarget(e.target.value === '' ? null : Math.max(0, Number(e.target.value)))}
                data-testid="bench-target"
              />
            </label>
          </div>
          <div className="chart-row">
            <LineChart
              title="Time per field against map size"
              xLabel="map size (tiles, as the side of a square)"
              yLabel="ms per field"
              series={bySize}
              formatX={formatTiles}
              target={target}
            />
            <LineChart
              title="Throughput against worker count"
              xLabel="workers"
              yLabel="fields per second"
              series={byWorkers}
            />
          </div>
          <PeerTable rows={a?.peers ?? []} />
          <RepairTable rows={a?.repair ?? []} />
          <BehaviourResults rows={a?.behaviours ?? []} compare={b?.behaviours ?? null} />
          <p className="help">
            Times are medians over the timed repetitions after warm-up, per field; fields and flows go into the arrays
            of the previous repetition (the pool recycles its buffers), as a game would. This machine may be shared and
            noisy: compare ratios, not absolute times.
          </p>
        </div>
      </div>
      <DropOverlay files={files} />
      <MapFileDialogView files={files} />
    </section>
  );
}
