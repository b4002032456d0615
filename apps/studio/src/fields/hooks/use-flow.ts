import { computeFlow, type Field, type FieldService, type Flow, type Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { studioService } from '../../shared/studio-service.js';
import type { MapEngine, MapResult } from '../model/map-compute.js';

/** How the Fields page draws directions: the field's eight arrows or the smooth flow (core's computeFlow). */
export type ArrowKind = 'eight' | 'flow';

export interface FlowState {
  /** The smooth flow of the shown cost field (null in eight-arrow mode, for other maps, or while computing). */
  flow: Flow | null;
  /** The field the flow was made from (followers and comparisons use this pair, never a newer field). */
  field: Field | null;
  /** Milliseconds of the last flow (worker round trip, or on the main thread). */
  ms: number | null;
  /** Where it ran. */
  where: string;
  error: string | null;
  computing: boolean;
}

/**
 * Computes the smooth flow of the shown cost field when the page shows flows: in the worker service
 * (`service.computeFlow`, read in place from the field's shared buffers) when the page computes there, else on
 * the main thread. A new field (a new goal, or a repair after painting) computes a new flow; the replaced one
 * goes back to the service.
 */
export function useFlow(
  grid: Grid | null,
  shown: MapResult | null,
  kind: ArrowKind,
  engine: MapEngine,
  radius: number,
): FlowState {
  const [state, setState] = useState<FlowState>({
    flow: null,
    field: null,
    ms: null,
    where: '',
    error: null,
    computing: false,
  });
  const owned = useRef<{ flow: Flow; service: FieldService | null } | null>(null);
  const field = kind === 'flow' && shown?.mode === 'cost' ? (shown.field ?? null) : null;

  useEffect(() => {
    if (!grid || !field) {
      // Eight arrows (or no cost field): the flow shown last goes back to the service.
      const old = owned.current;
      owned.current = null;
      if (old?.service) requestAnimationFrame(() => old.service?.release(old.flow));
      setState({ flow: null, field: null, ms: null, where: '', error: null, computing: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, computing: true }));
    const run = async () => {
      const t0 = performance.now();
      try {
        let flow: Flow;
        let service: FieldService | null = null;
        if (engine.offThread) {
          service = await studioService();
          flow = await service.computeFlow(grid, field, { radius }, { signal: controller.signal });
        } else flow = computeFlow(grid, field, { radius });
        const ms = performance.now() - t0;
        if (controller.signal.aborted) {
          service?.release(flow);
          return;
        }
        const old = owned.current;
        owned.current = { flow, service };
        setState({
          flow,
          field,
          ms,
          where: service ? 'worker, round trip' : 'main thread',
          error: null,
          computing: false,
        });
        // The overlay reads the old flow until this render is drawn; give it back a frame later.
        if (old?.service) requestAnimationFrame(() => old.service?.release(old.flow));
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({
          flow: null,
          field: null,
          ms: null,
          where: '',
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          computing: false,
        });
      }
    };
    void run();
    return () => controller.abort();
  }, [grid, field, engine, radius]);

  return state;
}
