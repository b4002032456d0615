// The Bench page's worker: runs one benchmark (every suite: field kernels and their pools, the peer libraries,
// field repair, crowd and RTS) off the page's thread, posting progress and every measured row as it comes. The
// page ends the worker to cancel. Started by bench-client.ts.
import type { BenchAnswer, BenchRequest } from './bench-messages.js';
import { fromWire, runSuites } from './run-suites.js';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BenchRequest>) => void) | null;
  postMessage(message: BenchAnswer): void;
};

/** Progress messages at most this often (ms): enough for a live bar, few enough not to flood the page. */
const PROGRESS_MS = 50;

scope.onmessage = async (e) => {
  const { config, maps, base } = e.data;
  let last = 0;
  try {
    await runSuites(config, maps.map(fromWire), base, {
      progress: (fraction, label) => {
        const now = performance.now();
        if (now - last < PROGRESS_MS && fraction < 1) return;
        last = now;
        scope.postMessage({ type: 'progress', fraction, label });
      },
      row: (row) => scope.postMessage({ type: 'row', row }),
    });
    scope.postMessage({ type: 'done' });
  } catch (error) {
    scope.postMessage({
      type: 'error',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
};
