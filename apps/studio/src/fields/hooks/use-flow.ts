import { computeFlow, type Field, type FieldService, type Flow, type Grid, updateFlow } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../shared/format-value.js';
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
  /** Where it ran, and whether the last flow was repaired from the one before (core's updateFlow) or computed in full. */
  where: string;
  error: string | null;
  computing: boolean;
}

/**
 * Computes the smooth flow of the shown cost field when the page shows flows: in the worker service
 * (`service.computeFlow`, read in place from the field's shared buffers) when the page computes there, else on
 * the main thread. Flows are made repairable: a new field (a repair after painting, or a new goal) updates the
 * flow shown (core's updateFlow), which visits again only the tiles whose anchor may have changed, or computes
 * it in full when too much changed; the replaced one goes back to the service.
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
        let how = 'computed in full';
        // The flow shown before, when it can be brought up to date (same size, same place of computation).
        const prev = owned.current;
        const base = prev !== null && prev.flow.width === grid.width && prev.flow.height === grid.height ? prev : null;
        if (engine.offThread) {
          service = await studioService();
          if (base?.service === service) {
            const done = await service.updateFlow(grid, field, base.flow, { radius, signal: controller.signal });
            flow = done.flow;
            if (!done.full) how = `repaired, ${formatCount(done.tiles)} tiles`;
          } else flow = await service.computeFlow(grid, field, { radius, repairable: true, signal: controller.signal });
        } else if (base !== null && base.service === null) {
          // In place: the arrays shown are rewritten now, and the new flow object is shown by this render.
          const done = updateFlow(grid, field, base.flow, { radius });
          flow = done.flow;
          if (!done.full) how = `repaired, ${formatCount(done.tiles)} tiles`;
        } else flow = computeFlow(grid, field, { radius, repairable: true });
        const ms = performance.now() - t0;
        if (controller.signal.aborted) {
          service?.release(flow);
          return;
        }
        const old = owned.current;
        owned.current = { flow, service };
        const replaced = old !== null && old.flow.vx !== flow.vx ? old : null;
        setState({
          flow,
          field,
          ms,
          where: `${service ? 'worker, round trip' : 'main thread'}; ${how}`,
          error: null,
          computing: false,
        });
        // The overlay reads the old flow until this render is drawn; give it back a frame later.
        if (replaced?.service) requestAnimationFrame(() => replaced.service?.release(replaced.flow));
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
