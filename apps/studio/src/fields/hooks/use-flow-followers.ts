import type { Field, Flow, Grid } from '@fieldmarshal/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { MapViewHandle } from '../../shared/map-view.js';
import { usePageActiveRef } from '../../shared/page-activity.js';
import { advance, createFollower, type FlowFollower, replan } from '../model/flow-follower.js';
import type { Walker } from '../model/walker.js';

export interface FlowFollowersState {
  /** The followers (read by the overlay every frame). */
  list: RefObject<FlowFollower[]>;
  /** Changes when the readout should re-render (at most every 250 ms while they move). */
  tick: number;
  /** Puts every follower back where it was dropped. */
  restart: () => void;
}

/**
 * In flow mode the page's units follow the smooth flow instead of the eight arrows: one follower per unit
 * (same id, colour and start), moving continuously along `followFlow`'s polyline at `speed` tiles per second.
 * A new flow (a new goal, an edit) re-plans every follower from where it stands.
 */
export function useFlowFollowers(
  grid: Grid | null,
  field: Field | null,
  flow: Flow | null,
  walkers: readonly Walker[],
  running: boolean,
  speed: number,
  viewRef: RefObject<MapViewHandle | null>,
): FlowFollowersState {
  const list = useRef<FlowFollower[]>([]);
  const [tick, setTick] = useState(0);
  const active = usePageActiveRef();
  const planned = useRef<Flow | null>(null);

  // One follower per unit; a new unit starts from its tile, a new flow re-plans everyone.
  const walkerKey = walkers.map((w) => `${w.id}:${w.startX},${w.startY}`).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: walkerKey stands for the walkers
  useEffect(() => {
    const old = new Map(list.current.map((f) => [f.id, f]));
    const next = walkers.map((w) => {
      const f = old.get(w.id);
      return f && f.startX === w.startX && f.startY === w.startY
        ? f
        : createFollower(w.id, w.color, w.startX, w.startY);
    });
    list.current = next;
    const fresh = planned.current !== flow;
    planned.current = flow;
    if (grid && field && flow) for (const f of next) if (fresh || f.status === 'waiting') replan(f, grid, field, flow);
    setTick((t) => t + 1);
    viewRef.current?.redraw();
  }, [walkerKey, grid, field, flow, viewRef]);

  useEffect(() => {
    if (!running || !flow) return;
    let id = 0;
    let last = performance.now();
    let lastUi = 0;
    const loop = (now: number) => {
      const moving = list.current.some((f) => f.status === 'moving');
      if (active.current && moving) {
        const d = (Math.min(100, now - last) * speed) / 1000;
        for (const f of list.current) advance(f, d);
        viewRef.current?.redraw();
        if (now - lastUi > 250 || !list.current.some((f) => f.status === 'moving')) {
          lastUi = now;
          setTick((t) => t + 1);
        }
      }
      last = now;
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [running, speed, flow, viewRef, active]);

  const restart = useCallback(() => {
    list.current = list.current.map((f) => createFollower(f.id, f.color, f.startX, f.startY));
    if (grid && field && flow) for (const f of list.current) replan(f, grid, field, flow);
    setTick((t) => t + 1);
    viewRef.current?.redraw();
  }, [grid, field, flow, viewRef]);

  return { list, tick, restart };
}
