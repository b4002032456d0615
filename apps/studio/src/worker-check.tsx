import type { FieldServiceMode } from '@fieldmarshal/core';
import { useEffect, useState } from 'react';
import { studioService } from './shared/studio-service.js';

type Check =
  | { state: 'checking' }
  | { state: 'ok'; workers: number; mode: FieldServiceMode; roundTripMs: number }
  | { state: 'failed'; reason: string };

/** What each execution mode means for the page, in the top bar. */
const MODE_TEXT: Record<FieldServiceMode, string> = {
  shared: 'shared memory verified',
  transfer: 'no shared memory here: work goes to the workers by transfer',
  'main-thread': 'no workers: computing on the main thread',
};

/**
 * Shows in the top bar where the studio computes: the worker service's execution mode (workers over shared memory
 * on a cross-origin-isolated page, workers fed by transfer on any other page) and that it answers: a worker writes
 * a value into a buffer through the `fillShared` kernel, and the page reads it from its own view (on shared
 * memory directly, elsewhere as the job's writes come back).
 */
export function WorkerCheck() {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const service = await studioService();
        const buffer = service.mode === 'shared' ? new SharedArrayBuffer(64) : new ArrayBuffer(64);
        const value = 0x5eed;
        const t0 = performance.now();
        const written = await service.run('fillShared', { buffer, value });
        const view = new Int32Array(buffer);
        if (written !== view.length || !view.every((v) => v === value))
          throw new Error('the page does not see the worker write');
        if (live)
          setCheck({ state: 'ok', workers: service.size, mode: service.mode, roundTripMs: performance.now() - t0 });
      } catch (error) {
        if (live) setCheck({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  const text =
    check.state === 'checking'
      ? 'workers: starting'
      : check.state === 'ok'
        ? `${check.mode === 'main-thread' ? 'main thread' : `workers: ${check.workers} ready`}, ${MODE_TEXT[check.mode]} (${check.roundTripMs.toFixed(1)} ms)`
        : `workers unavailable: ${check.reason}`;
  return (
    <span
      className="isolation"
      data-testid="worker-check"
      data-state={check.state}
      data-mode={check.state === 'ok' ? check.mode : undefined}
    >
      {text}
    </span>
  );
}
