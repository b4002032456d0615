import { useEffect, useRef, useState } from 'react';
import type { MapResult } from '../model/map-compute.js';
import type { EditStroke } from './use-edit-tools.js';

/** The repairs of one edit (a stroke, an undo or a redo), summed. Times in milliseconds. */
export interface StrokeRepair {
  /** Tiles the edit changed. */
  painted: number;
  /** Field results that repaired it (live repairs during a stroke come one per painted segment or so). */
  repairs: number;
  /** Tiles the repairs re-settled, and their time, in all. */
  tiles: number;
  ms: number;
  /** Repairs that gave up and recomputed the whole field. */
  full: number;
  /** One full computation of the same field, for comparison. */
  fullMs: number;
}

/**
 * Sums the repairs of the field shown since the current edit began: each repaired result covers the edits since
 * the result before it, so their sum is what the whole stroke cost (the last result alone is only its end).
 */
export function useStrokeRepair(shown: MapResult | null, stroke: () => EditStroke): StrokeRepair | null {
  const [sum, setSum] = useState<StrokeRepair | null>(null);
  const acc = useRef<{ id: number; seen: MapResult | null; sum: StrokeRepair | null }>({
    id: -1,
    seen: null,
    sum: null,
  });
  useEffect(() => {
    const a = acc.current;
    if (!shown || shown === a.seen) return;
    a.seen = shown;
    if (!shown.repair) {
      // A fresh computation (new goals, a new map): no edit to sum.
      a.sum = null;
      a.id = -1;
      setSum(null);
      return;
    }
    const edit = stroke();
    const base: StrokeRepair =
      a.sum && a.id === edit.id ? a.sum : { painted: 0, repairs: 0, tiles: 0, ms: 0, full: 0, fullMs: 0 };
    a.id = edit.id;
    a.sum = {
      painted: edit.tiles,
      repairs: base.repairs + 1,
      tiles: base.tiles + shown.repair.tiles,
      ms: base.ms + shown.repair.ms,
      full: base.full + (shown.repair.full ? 1 : 0),
      fullMs: shown.fullMs ?? 0,
    };
    setSum(a.sum);
  }, [shown, stroke]);
  return sum;
}
