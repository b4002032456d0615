/**
 * A worker of the followers suite: the worker half of a parallel followers step (`runFollowersStepRange`, the
 * kernel of the library's `followersStepRange` job) run over a SharedArrayBuffer on a bare worker_thread, so that
 * the suite measures how the step itself scales, without the job layer's dispatch.
 */
import { parentPort } from 'node:worker_threads';
import { type FollowersStepRangeArgs, runFollowersStepRange } from '@fieldmarshal/core/flow';
import { threadCpuMs } from './stats.js';

let base: Omit<FollowersStepRangeArgs, 'from' | 'to' | 'dt'> | null = null;
const port = parentPort;
if (port === null) throw new Error('followers-worker.js runs as a worker');
port.on(
  'message',
  (m: { init?: Omit<FollowersStepRangeArgs, 'from' | 'to' | 'dt'>; from: number; to: number; dt: number }) => {
    if (m.init) {
      base = m.init;
      port.postMessage('ready');
      return;
    }
    if (base === null) throw new Error('followers worker: not initialised');
    // The reply is this thread's CPU time for the range, ms (NaN where it cannot be read).
    const cpu = threadCpuMs();
    runFollowersStepRange({ ...base, from: m.from, to: m.to, dt: m.dt });
    port.postMessage(threadCpuMs() - cpu);
  },
);
