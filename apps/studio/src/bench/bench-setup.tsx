import type { MapKind } from '@fieldmarshal/core';
import { MAP_KINDS } from '@fieldmarshal/core/grid';
import { formatCount } from '../shared/format-value.js';
import { MapFileControls } from '../shared/map-files/map-file-ui.js';
import type { MapFilesState } from '../shared/map-files/use-map-files.js';
import { MOVING_AI_MAPS } from '../shared/moving-ai.js';
import {
  BENCH_FRAME_BUDGET_MS,
  BENCH_MAX_SET_FIELD_CELLS,
  type BenchConfig,
  KERNELS,
  type KernelId,
} from './run-bench.js';

export const SIZES = [128, 256, 512, 1024, 2048, 4096];
const hardware = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2);

/** Adds `v` to a list, or removes it when present (numbers sorted). */
export function toggle<T>(list: readonly T[], v: T): T[] {
  return list.includes(v) ? list.filter((x) => x !== v) : ([...list, v].sort() as T[]);
}

export interface BenchSetupProps {
  config: BenchConfig;
  setConfig: (c: BenchConfig) => void;
  running: boolean;
  files: MapFilesState;
  /** Names of the maps opened from files (each can be picked). */
  fileNames: readonly string[];
}

export function Check({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
  disabled: boolean;
}) {
  return (
    <label className="check-item">
      <input type="checkbox" checked={checked} onChange={onChange} disabled={disabled} /> {label}
    </label>
  );
}

/** The Bench page's settings: maps, kernels, where, repetitions (the other suites: BenchSuitesSetup). */
export function BenchSetup({ config, setConfig, running, files, fileNames }: BenchSetupProps) {
  const set = (patch: Partial<BenchConfig>) => setConfig({ ...config, ...patch });
  const { kernels } = config;
  return (
    <>
      <div className="panel">
        <h2>Maps</h2>
        <div className="check-grid">
          {SIZES.map((s) => (
            <Check
              key={s}
              label={`${s}²`}
              checked={config.sizes.includes(s)}
              onChange={() => set({ sizes: toggle(config.sizes, s).sort((a, b) => a - b) })}
              disabled={running}
            />
          ))}
        </div>
        <label className="row">
          <span>Generated</span>
          <select
            value={config.kind}
            onChange={(e) => set({ kind: e.target.value as MapKind })}
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
        <div className="muted small-text">Moving AI (with their scenario rows):</div>
        <div className="check-grid">
          {MOVING_AI_MAPS.map((m) => (
            <Check
              key={m.name}
              label={m.name}
              checked={config.movingAi.includes(m.name)}
              onChange={() => set({ movingAi: toggle(config.movingAi, m.name) })}
              disabled={running}
            />
          ))}
          {fileNames.map((name) => (
            <Check
              key={name}
              label={name}
              checked={config.files.includes(name)}
              onChange={() => set({ files: toggle(config.files, name) })}
              disabled={running}
            />
          ))}
        </div>
        <MapFileControls files={files} what="your own maps (.map with .scen, ASCII, images) join the list" />
      </div>
      <div className="panel">
        <h2>Kernels</h2>
        <select
          multiple
          size={KERNELS.length}
          value={kernels}
          onChange={(e) => set({ kernels: [...e.target.selectedOptions].map((o) => o.value as KernelId) })}
          disabled={running}
          aria-label="kernel"
          className="kernel-list"
        >
          {KERNELS.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
        <p className="help">Ctrl-click (Cmd-click) picks several; each runs on every map and executor.</p>
        {kernels.includes('flow') && (
          <p className="help">
            Smooth flow: computeFlow of an octile field to the same goal (the field is computed before the timed runs);
            pick the octile field too to compare the two.
          </p>
        )}
        {kernels.includes('set-fields') && (
          <p className="help">
            Per-set fields: one field per convex set; memory grows with sets x tiles (3 bytes each); past{' '}
            {formatCount(BENCH_MAX_SET_FIELD_CELLS)} entries a map is refused. Fields/run is the number of sets.
          </p>
        )}
        {kernels.includes('flank') && (
          <p className="help">
            Flank: set costs from two steps fields, then the search over every set on the frame scheduler (
            {BENCH_FRAME_BUDGET_MS} ms per frame); the longest slice is what a frame pays.
          </p>
        )}
      </div>
      <div className="panel">
        <h2>Where</h2>
        <div className="check-grid">
          <Check
            label="single thread"
            checked={config.mainThread}
            onChange={() => set({ mainThread: !config.mainThread })}
            disabled={running}
          />
          {Array.from({ length: hardware }, (_, i) => i + 1).map((n) => (
            <Check
              key={n}
              label={`${n} worker${n > 1 ? 's' : ''}`}
              checked={config.workerCounts.includes(n)}
              onChange={() => set({ workerCounts: toggle(config.workerCounts, n).sort((a, b) => a - b) })}
              disabled={running}
            />
          ))}
        </div>
        <p className="help">
          A pool of N workers computes N fields at once (one each); every figure is per field. The single thread is the
          bench's own worker, as a game's main thread would compute: the page itself never does.
        </p>
      </div>
      <div className="panel">
        <h2>Repetitions</h2>
        <label className="row">
          <span>timed</span>
          <input
            type="number"
            min={1}
            max={100}
            value={config.reps}
            onChange={(e) => set({ reps: Math.max(1, Math.min(100, Number(e.target.value) || 1)) })}
            disabled={running}
            aria-label="repetitions"
          />
        </label>
        <label className="row">
          <span>warm-up</span>
          <input
            type="number"
            min={0}
            max={20}
            value={config.warmup}
            onChange={(e) => set({ warmup: Math.max(0, Math.min(20, Number(e.target.value) || 0)) })}
            disabled={running}
            aria-label="warm-up runs"
          />
        </label>
      </div>
    </>
  );
}
