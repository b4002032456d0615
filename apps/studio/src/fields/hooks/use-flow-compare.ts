import type { DiagonalRule, Field, Flow, Grid } from '@fieldmarshal/core';
import { useEffect, useState } from 'react';
import { compareFollowers, type FlowComparison } from '../model/flow-compare.js';
import type { Point } from '../model/tools.js';

export interface FlowCompareState {
  comparison: FlowComparison | null;
  /** The start picked with K (null: the newest unit's start). */
  picked: Point | null;
  pick: (p: Point | null) => void;
  error: string | null;
}

/**
 * Compares the three followers (eight arrows, flow, any-angle optimum) from the picked start, or from the
 * newest unit's start when none was picked, whenever the flow changes. Runs a task after the render (the exact
 * any-angle search takes milliseconds to a second on big open maps).
 */
export function useFlowCompare(
  grid: Grid | null,
  field: Field | null,
  flow: Flow | null,
  fallback: Point | null,
  rule: { neighbors: 4 | 8; diagonal: DiagonalRule },
): FlowCompareState {
  const [picked, pick] = useState<Point | null>(null);
  const [comparison, setComparison] = useState<FlowComparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A tile picked on another map means nothing on this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the grid is the trigger
  useEffect(() => pick(null), [grid]);
  const start = picked ?? fallback;
  const sx = start?.x ?? -1;
  const sy = start?.y ?? -1;
  const { neighbors, diagonal } = rule;
  useEffect(() => {
    if (!grid || !field || !flow || sx < 0) {
      setComparison(null);
      return;
    }
    const timer = setTimeout(() => {
      try {
        setComparison(compareFollowers(grid, field, flow, sx, sy, { neighbors, diagonal }));
        setError(null);
      } catch (e) {
        setComparison(null);
        setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [grid, field, flow, sx, sy, neighbors, diagonal]);
  return { comparison, picked, pick, error };
}
