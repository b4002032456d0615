import { runRepairCases } from '@fieldmarshal/bench/scenarios';
import type { BenchMap } from './bench-maps.js';

/** Edits per toggle and stamp case. */
export const REPAIR_EDITS = 40;

/** One case on one map. Times in milliseconds. */
export interface RepairResult {
  size: string;
  map: string;
  case: string;
  edits: number;
  median: number;
  p95: number;
  max: number;
  /** Median of a full recompute of the same field. */
  fullMedian: number;
  /** Updates that fell back to a full recompute. */
  fallbacks: number;
  tilesMedian: number;
}

/**
 * The CLI's repair cases (`@fieldmarshal/bench/scenarios`: toggles, 4x4 stamps and a door, near and far from a
 * central goal) on one map: `updateField` after each edit against a full recompute. Synchronous: run it in a
 * worker.
 */
export function runRepair(
  map: BenchMap,
  options: { reps: number; warmup: number; onCase?: (name: string) => void },
): RepairResult[] {
  const { full, cases } = runRepairCases(map.grid, {
    edits: REPAIR_EDITS,
    reps: Math.max(3, options.reps),
    warmup: Math.max(1, options.warmup),
    ...(options.onCase && { onCase: options.onCase }),
  });
  return cases.map((c) => ({
    size: map.size,
    map: map.name,
    case: c.case,
    edits: c.stats.runs,
    median: c.stats.median,
    p95: c.p95,
    max: c.max,
    fullMedian: full.median,
    fallbacks: c.fallbacks,
    tilesMedian: c.tilesMedian,
  }));
}
