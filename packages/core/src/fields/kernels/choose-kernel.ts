/**
 * The one place that decides which field kernel runs. compute-field.ts validates the options and gathers the
 * facts below; {@link chooseKernel} picks the kernel from them and {@link runKernel} runs it (the WebAssembly
 * version first where there is one, the JavaScript version where WebAssembly is unavailable: both give the same
 * outputs bit for bit).
 */
import { METRIC_WEIGHTED, type ResolvedFieldOptions, RULE_NEVER } from '../options.js';
import { BFS_MAX_TILES, runBfs } from './bfs.js';
import { runBfsWasm } from './bfs-wasm.js';
import { MAX_DIAL_BUCKETS, runDial } from './dial.js';
import { runHeap } from './heap.js';
import type { KernelInput } from './kernel-input.js';
import { runOctile } from './octile.js';
import { runOctileOneCode } from './octile-one-code.js';
import { runOctileOneCodeWasm } from './octile-one-code-wasm.js';
import { sortSeedsByKey } from './seed-list.js';

/** The field kernels, one file each in this folder. */
export type FieldKernel = 'bfs' | 'octile-one-code' | 'octile' | 'dial' | 'heap';

/** What the kernel choice depends on besides the resolved options (at least one seed). */
export interface FieldFacts {
  /** The largest edge cost that can occur: 1 or sqrt 2 (the step), times the largest terrain cost if weighted. */
  maxEdge: number;
  /** The passability code every seed stands on, or -1 when the seeds stand on different codes. */
  code: number;
  /** The smallest seed value. */
  minValue: number;
  /** The largest seed value. */
  maxValue: number;
  /** Tiles of the grid (width * height). */
  tiles: number;
}

/**
 * The kernel that computes a field: the first row whose condition holds.
 *
 * | kernel            | when                                                                   | WebAssembly |
 * |-------------------|------------------------------------------------------------------------|-------------|
 * | `bfs`             | every edge costs 1 (`maxEdge` 1: `steps`, or 4 neighbours on flat      | yes         |
 * |                   | terrain), all seeds have the same value and stand on one passability   |             |
 * |                   | code, at most {@link BFS_MAX_TILES} tiles                              |             |
 * | `octile-one-code` | edges of 1 and sqrt 2 only (`steps`, `octile`, or `weighted` on flat   | yes         |
 * |                   | terrain), all seeds on one passability code, no seed value below +0    |             |
 * | `octile`          | edges of 1 and sqrt 2 only, otherwise (seeds on several codes, a       | no          |
 * |                   | negative or -0 seed value: safety maps)                                |             |
 * | `dial`            | `weighted` with terrain costs above 1, `ceil(maxEdge) + 2` buckets at  | no          |
 * |                   | most {@link MAX_DIAL_BUCKETS}                                          |             |
 * | `heap`            | `weighted` with costlier terrain                                       | no          |
 *
 * All five are exact (the same costs as a textbook Dijkstra; see the tests against the slow reference). The
 * rows are ordered fastest first: BFS waves need no costs at all, the two octile kernels three rotating
 * unit-width buckets, Dial's algorithm one bucket per cost unit of the largest edge, the heap a log factor.
 */
export function chooseKernel(options: ResolvedFieldOptions, facts: FieldFacts): FieldKernel {
  const { maxEdge, code, minValue } = facts;
  if (maxEdge === 1 && facts.maxValue === minValue && code >= 0 && facts.tiles <= BFS_MAX_TILES) return 'bfs';
  // Flat terrain: the largest edge is the step itself (1 with 4 neighbours, else sqrt 2).
  const flat = maxEdge === (options.rule === RULE_NEVER ? 1 : Math.SQRT2);
  if (options.metric !== METRIC_WEIGHTED || flat)
    return code >= 0 && minValue >= 0 && 1 / minValue > 0 ? 'octile-one-code' : 'octile';
  return Math.ceil(maxEdge) + 2 <= MAX_DIAL_BUCKETS ? 'dial' : 'heap';
}

/**
 * Runs `kernel` on `k` and returns the number of tiles it settled. Every kernel but BFS takes its seeds sorted by
 * bucket key (`floor(v - minValue)`), sorted here. Each kernel writes the whole `cost` and `dir` output.
 */
export function runKernel(kernel: FieldKernel, k: KernelInput, minValue: number): number {
  if (kernel === 'bfs') {
    const done = runBfsWasm(k);
    return done >= 0 ? done : runBfs(k);
  }
  k.seeds = sortSeedsByKey(k.seeds, minValue);
  if (kernel === 'octile-one-code') {
    const done = runOctileOneCodeWasm(k);
    return done >= 0 ? done : runOctileOneCode(k);
  }
  if (kernel === 'octile') return runOctile(k);
  if (kernel === 'dial') return runDial(k);
  return runHeap(k);
}
