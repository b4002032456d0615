/**
 * The breadth-first wave shared by scent and flee maps (thrig's "Scent Map II: Vectoric Boogaloo"), kept internal to src/scent.
 * PERF: flat Int32Array queue reused across calls, no allocation per tile, no objects.
 */

/**
 * The post's direction order (borrowed from Brogue): N, S, W, E, then NW, SW, NE, SE. It decides which tile
 * claims a neighbour first when two waves meet at the same depth (multi-source maps).
 */
import type { KernelControl } from '../fields/types.js';
import { finishKernel, pollKernel } from '../util/kernel-control.js';

/** Popped tiles between two looks at the control array / abort signal. PERF: keeps the check off the hot path. */
export const SCENT_CONTROL_INTERVAL = 4096;

/**
 * Publishes `done` (and `total` when given) into `control` and throws AbortError when it asks to stop (the
 * abort slot is non-zero or the signal is aborted). No-op without a control.
 */
export function pollScentControl(control: KernelControl | undefined, done: number, total?: number): void {
  pollKernel(control, done, 'scent/flee map', total);
}

export const SCENT_DX: Int8Array = Int8Array.from([0, 0, -1, 1, -1, -1, 1, 1]);
/** y steps matching {@link SCENT_DX}. */
export const SCENT_DY: Int8Array = Int8Array.from([-1, 1, 0, 0, -1, 1, -1, 1]);

let scratch = new Int32Array(0);

/** A queue with room for `size` tiles, reused between calls (each tile is enqueued at most once). */
export function scratchQueue(size: number): Int32Array {
  if (scratch.length < size) scratch = new Int32Array(size);
  return scratch;
}

/**
 * Runs the FIFO wave: the first `tail` entries of `queue` are already enqueued (their map values set). Pops p,
 * scent = map[p] - 1; if scent < 0 skips it; otherwise every neighbour (seed order, `dirCount` 4 or 8) that is
 * inside, has the same passability code as p, passes the diagonal rule and is still -1 gets scent and is
 * enqueued. Tiles that are not -1 (walls -2, claimed tiles) are never entered.
 * With `control`: publishes the popped tiles as `done` (total: `width * height`) every
 * {@link SCENT_CONTROL_INTERVAL} pops and at the end, and throws AbortError when it asks to stop.
 */
export function spreadScent(
  passable: Uint8Array,
  width: number,
  height: number,
  map: Int32Array,
  queue: Int32Array,
  tail: number,
  dirCount: number,
  diagonal: number,
  control?: KernelControl,
): void {
  let head = 0;
  let end = tail;
  let nextPoll = -1;
  if (control !== undefined) {
    pollScentControl(control, 0, width * height);
    nextPoll = SCENT_CONTROL_INTERVAL;
  }
  while (head < end) {
    if (head === nextPoll) {
      pollScentControl(control, head);
      nextPoll = head + SCENT_CONTROL_INTERVAL;
    }
    const p = queue[head++] as number; // PERF: head < end <= queue.length
    const scent = (map[p] as number) - 1;
    if (scent < 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    const code = passable[p] as number;
    for (let i = 0; i < dirCount; i++) {
      const dx = SCENT_DX[i] as number;
      const dy = SCENT_DY[i] as number;
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const q = ny * width + nx;
      if (map[q] !== -1 || passable[q] !== code) continue;
      if (i >= 4 && diagonal !== 1) {
        const a = passable[p + dx] === code;
        const b = passable[p + dy * width] === code;
        if (diagonal === 3 ? !(a && b) : !(a || b)) continue;
      }
      map[q] = scent;
      queue[end++] = q;
    }
  }
  finishKernel(control, head);
}
