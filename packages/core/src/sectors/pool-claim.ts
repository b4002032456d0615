/**
 * The shared counters the jobs of a pool build's phase take their work from (worker side; see
 * ./sector-jobs.ts). A phase may go on with further stages over the same sectors, each needing the one before
 * it done on every sector: the jobs wait for each other at the stage's end instead of going back to the main
 * thread.
 */
import type { KernelControl } from '../fields/types.js';
import { checkAbort, pollWork } from './control.js';

/** The shared counter of a phase whose jobs take its work as they go (see `SectorBuildArgs.claim`). */
export interface SectorClaim {
  /**
   * Two elements per stage: `cursor[2i]` counts the items of [first, last) taken so far in stage i,
   * `cursor[2i + 1]` those finished. Stage 0 is the phase, 1 is `after`, 2 the components' labels (`after.tail`
   * `components`), whose `cursor[6]` is also the dearest edge of the sectors built so far (`dearestEdge` of
   * landmarks.ts: the landmarks' ring is it plus 2). On a SharedArrayBuffer, 0 at first (4 elements, or 7 with
   * the components); added to atomically.
   */
  cursor: Int32Array;
  /** Items taken at a time, an integer >= 1. */
  chunk: number;
  /**
   * A second phase over the same sectors (`count` after `labels`, `link` after `sectors`), which needs the first
   * done on every sector: each job, once no sector of the first is left to take, waits until all are finished
   * (by whichever job took them), then takes sectors of the second. No round trip through the main thread
   * between the two. Progress reports count the first phase only.
   * @defaultValue undefined (meaning the job ends with `phase`)
   */
  after?: {
    phase: 'count' | 'link';
    chunk: number;
    /**
     * The work after the second phase. `layout`: the one job that finishes the last sectors of `count` lays out
     * the slots (and returns the node arrays it made, as the `layout` phase does). `components`: each job,
     * as it builds and links its sectors, starts their entrances' components and joins them (a union-find on
     * the graph's `nodeComp`, joined with compare-and-swap), then, once every sector is linked, takes sectors
     * again to write their entrances' component labels (stage 2); the job that finishes the last of those
     * picks the landmarks and returns their nodes (as `pick` does). The other jobs return 0.
     * @defaultValue undefined (meaning nothing after `phase`)
     */
    tail?: 'layout' | 'components';
  };
}

/** How long a job waiting for the other jobs of a phase sleeps between two looks at its control (ms). */
const WAIT_MS = 20;

/** The cursor elements of a claim: 7 with the components' stage, else 4. */
export function claimLength(tail: 'layout' | 'components' | undefined): number {
  return tail === 'components' ? 7 : 4;
}

/** Where a claim's cursor keeps the dearest edge of the sectors built (with the components' stage). */
export const CURSOR_DEAREST = 6;

/** Raises `cursor[at]` to `value` unless it is higher already (whichever job gets there first). */
export function raiseTo(cursor: Int32Array, at: number, value: number): void {
  for (let seen = Atomics.load(cursor, at); seen < value; ) {
    const was = Atomics.compareExchange(cursor, at, seen, value);
    if (was === seen) return;
    seen = was;
  }
}

/**
 * Takes items of [first, last) from stage `stage`'s counter, `claim.chunk` at a time in stage 0 (`after.chunk`
 * later), and hands each run of them to `work` (from, to), until none are left; after each run, polls `control`
 * with the items done by this job (stage 0) or checks it for an abort. Returns the sum of what `work` returned,
 * and whether this job finished the last items (exactly one job does; it wakes the jobs waiting for the stage).
 */
export function claimed(
  claim: SectorClaim,
  first: number,
  last: number,
  control: KernelControl,
  work: (from: number, to: number) => number,
  stage = 0,
): { sum: number; closed: boolean } {
  const { cursor } = claim;
  const at = 2 * stage;
  const chunk = Math.max(1, Math.floor(stage > 0 ? (claim.after?.chunk ?? 1) : claim.chunk));
  let done = 0;
  let sum = 0;
  let closed = false;
  for (;;) {
    const from = first + Atomics.add(cursor, at, chunk);
    if (from >= last) return { sum, closed };
    const to = Math.min(last, from + chunk);
    sum += work(from, to);
    done += to - from;
    if (Atomics.add(cursor, at + 1, to - from) + (to - from) >= last - first) {
      closed = true;
      Atomics.notify(cursor, at + 1);
    }
    if (stage > 0) checkAbort(control);
    else pollWork(control, done);
  }
}

/**
 * Waits until every item of stage `stage` is finished (its `cursor[2 x stage + 1]` reaches `total`), looking at
 * `control` every {@link WAIT_MS} (AbortError when the call was aborted, say because another job failed).
 * Only the items taken are waited for, and each is being worked on by a running job, so the wait ends.
 */
export function awaitStage(claim: SectorClaim, stage: number, total: number, control: KernelControl): void {
  const at = 2 * stage + 1;
  for (;;) {
    const finished = Atomics.load(claim.cursor, at);
    if (finished >= total) return;
    checkAbort(control);
    Atomics.wait(claim.cursor, at, finished, WAIT_MS);
  }
}
