/**
 * Helpers of the pool functions of ./sector-pool.ts: jobs submitted a few at a time, an abort that follows the
 * caller's, and the shared counters the jobs of a phase take their sectors from.
 */
import type { JobRunner } from '../jobs/job-spec.js';
import { claimLength, type SectorClaim } from './pool-claim.js';
import { int32Array } from './sector-data.js';

/**
 * Runs `job(0)` to `job(count - 1)` with at most `limit` of them submitted at a time (one more each time one
 * ends), so that the main thread posts a job or two per event instead of every job of a phase at once (each post
 * clones the graph's array handles: a phase of 8 jobs posted together blocked it for several ms). Rejects with
 * the first failure at once (the caller aborts the jobs still in flight); no job starts after it.
 */
export async function inFlight(count: number, limit: number, job: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < count && !failed) {
      const index = next++;
      try {
        await job(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
}

/** An AbortController that follows `outer`; `done` removes the listener. */
export function linkedAbort(outer: AbortSignal | undefined): { controller: AbortController; done: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  return { controller, done: () => outer?.removeEventListener('abort', onAbort) };
}

/**
 * Sectors a job of each phase takes at a time from the shared counter. PERF: small enough that the workers of a
 * pool end a phase within a few sectors' work of each other (a `sectors` step costs up to a few ms on a cluttered
 * map), large enough that the counter is not fought over (`count` and `link` cost a few microseconds a sector).
 */
export const CLAIM_CHUNK: Record<'labels' | 'count' | 'sectors' | 'link', number> = {
  labels: 4,
  count: 32,
  sectors: 2,
  link: 32,
};

/**
 * A new claim counter for a phase whose jobs take its work as they go, or undefined when `runner` does not share
 * memory with its workers (the jobs then get bands) or runs on the calling thread (`main-thread`: shorter
 * bands keep it responsive).
 */
export function newClaim(runner: JobRunner, chunk: number, tail?: 'layout' | 'components'): SectorClaim | undefined {
  return runner.mode === 'shared' ? { cursor: int32Array(claimLength(tail), true), chunk } : undefined;
}
