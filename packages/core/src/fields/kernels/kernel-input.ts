import type { KernelControl } from '../types.js';
import type { SeedList } from './seed-list.js';

/** Everything a field kernel reads and writes. Built by compute-field.ts after validation; see choose-kernel.ts. */
export interface KernelInput {
  /** Padded state bytes (see `paddedState`), stride `width + 2`. Kernels may rewrite them (rebuilt per call). */
  st: Uint8Array;
  /** The grid's passability codes, `y * width + x` (read only). */
  passable: Uint8Array;
  stride: number;
  width: number;
  height: number;
  /** Output, `y * width + x`: every kernel writes all of it. */
  cost: Float64Array;
  /** Output, `y * width + x`: every kernel writes all of it. */
  dir: Uint8Array;
  /** Terrain per tile for the weighted metric, or null for 1 everywhere. */
  terrain: Float32Array | null;
  /** METRIC_* of options.ts. */
  metric: number;
  /** RULE_* of options.ts. */
  rule: number;
  maxCost: number;
  /** Largest edge cost that can occur (1, sqrt 2, or the terrain maximum times the step). */
  maxEdge: number;
  /**
   * Seeds with value <= maxCost, on walkable tiles; sorted by bucket key `floor(v - min)` for every kernel but BFS
   * (choose-kernel.ts `runKernel`).
   */
  seeds: SeedList;
  control: KernelControl | undefined;
  /** The passability code shared by every seed, or -1 when the seeds stand on different codes. */
  code: number;
}
