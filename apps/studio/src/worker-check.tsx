import { useEffect, useState } from 'react';
import { studioService } from './shared/studio-service.js';

type Check =
  | { state: 'checking' }
  | { state: 'ok'; workers: number; roundTripMs: number }
  | { state: 'failed'; reason: string };

/**
 * Shows in the top bar whether the worker pool is up and really shares memory with the page: a worker writes a
 * value into a SharedArrayBuffer through the `fillShared` kernel, and the page reads it from its own view.
 */
export function WorkerCheck() {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const service = await studioService();
        const buffer = new SharedArrayBuffer(64);
        const value = 0x5eed;
        const t0 = performance.now();
        const written = await service.run('fillShared', { buffer, value });
        const view = new Int32Array(buffer);
        if (written !== view.length || !view.every((v) => v === value))
          throw new Error('the page does not see the worker write');
        if (live) setCheck({ state: 'ok', workers: service.size, roundTripMs: performance.now() - t0 });
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
        ? `workers: ${check.workers} ready, shared memory verified (${check.roundTripMs.toFixed(1)} ms)`
        : `workers unavailable: ${check.reason}`;
  return (
    <span className="isolation" data-testid="worker-check" data-state={check.state}>
      {text}
    </span>
  );
}
