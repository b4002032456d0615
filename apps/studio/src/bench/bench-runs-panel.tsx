import { useRef } from 'react';
import { type BenchRun, runLabel } from './bench-runs.js';

export interface BenchRunsPanelProps {
  runs: readonly BenchRun[];
  runA: number | null;
  setRunA: (id: number | null) => void;
  runB: number | null;
  setRunB: (id: number | null) => void;
  remove: (id: number) => void;
  exportAll: () => void;
  importText: (text: string) => void;
  message: string | null;
}

/** The kept runs: which one the table shows (A), which one it is compared with (B), delete, export, import. */
export function BenchRunsPanel(props: BenchRunsPanelProps) {
  const { runs, runA, runB } = props;
  const input = useRef<HTMLInputElement>(null);
  const a = runs.find((r) => r.id === runA);
  return (
    <div className="panel runs-panel">
      <h2>Runs (kept in this browser)</h2>
      <div className="runs-row">
        <label className="row inline">
          <span>Show (A)</span>
          <select
            value={runA ?? ''}
            onChange={(e) => props.setRunA(e.target.value === '' ? null : Number(e.target.value))}
            data-testid="run-a"
          >
            {runs.length === 0 && <option value="">no runs yet</option>}
            {runs.map((r) => (
              <option key={r.id} value={r.id}>
                {runLabel(r)}
              </option>
            ))}
          </select>
        </label>
        <label className="row inline">
          <span>Compare with (B)</span>
          <select
            value={runB ?? ''}
            onChange={(e) => props.setRunB(e.target.value === '' ? null : Number(e.target.value))}
            data-testid="run-b"
          >
            <option value="">none</option>
            {runs
              .filter((r) => r.id !== runA)
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {runLabel(r)}
                </option>
              ))}
          </select>
        </label>
        <button
          type="button"
          className="small"
          disabled={!a || a.status === 'running'}
          onClick={() => a && props.remove(a.id)}
        >
          Delete A
        </button>
        <button
          type="button"
          className="small"
          disabled={runs.length === 0}
          onClick={props.exportAll}
          data-testid="bench-export"
        >
          Export JSON
        </button>
        <button type="button" className="small" onClick={() => input.current?.click()} data-testid="bench-import">
          Import…
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="bench-import-input"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) props.importText(await file.text());
          }}
        />
      </div>
      {a && (
        <div className="muted small-text" data-testid="run-a-status">
          run #{a.id}: {a.status}
          {a.error ? ` (${a.error})` : ''}, {(a.durationMs / 1000).toFixed(1)} s, {a.results.length} field rows
          {a.peers.length ? `, ${a.peers.length} peer rows` : ''}
          {a.repair.length ? `, ${a.repair.length} repair rows` : ''}
          {a.behaviours.length ? `, ${a.behaviours.length} crowd and RTS rows` : ''}
        </div>
      )}
      {props.message && (
        <div className="small-text" data-testid="bench-message">
          {props.message}
        </div>
      )}
    </div>
  );
}
