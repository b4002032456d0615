import type { BenchMapSpec } from '../bench-maps.js';
import type { BenchConfig } from '../run-bench.js';
import type { BenchAnswer, RunRow, WireMapSpec } from './bench-messages.js';

/** What a running benchmark tells the page. */
export interface BenchListener {
  progress: (fraction: number, label: string) => void;
  row: (row: RunRow) => void;
  /** The run ended: finished (`error` null) or failed. Not called after cancel(). */
  end: (error: string | null) => void;
}

/** A benchmark running in its own worker. */
export interface RunningBench {
  /** Ends the worker (and the pools it started) at once; nothing more is reported. */
  cancel: () => void;
}

function toWire(spec: BenchMapSpec): WireMapSpec {
  return spec.kind === 'file'
    ? { kind: 'file', name: spec.name, buffer: spec.grid.buffer, scenario: spec.scenario }
    : spec;
}

/**
 * Starts one benchmark in a new worker (bench-worker.ts), so the page's thread only draws its progress and
 * rows. Cancel terminates the worker: it stops at once, whatever it was doing (a peer search, a crowd step).
 */
export function startBench(
  config: BenchConfig,
  maps: readonly BenchMapSpec[],
  base: string,
  listener: BenchListener,
): RunningBench {
  const worker = new Worker(new URL('./bench-worker.ts', import.meta.url), { type: 'module', name: 'bench' });
  let open = true;
  const close = () => {
    open = false;
    worker.terminate();
  };
  worker.onmessage = (e: MessageEvent<BenchAnswer>) => {
    if (!open) return;
    const a = e.data;
    if (a.type === 'progress') listener.progress(a.fraction, a.label);
    else if (a.type === 'row') listener.row(a.row);
    else {
      close();
      listener.end(a.type === 'error' ? a.message : null);
    }
  };
  worker.onerror = (e) => {
    if (!open) return;
    e.preventDefault();
    close();
    listener.end(`the bench worker failed: ${e.message || 'it could not start'}`);
  };
  worker.postMessage({ type: 'run', config, maps: maps.map(toWire), base });
  return { cancel: close };
}
