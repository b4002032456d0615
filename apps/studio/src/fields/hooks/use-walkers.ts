import type { Grid } from '@fieldmarshal/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { MapViewHandle } from '../../shared/map-view.js';
import { usePageActiveRef } from '../../shared/page-activity.js';
import type { Point } from '../model/tools.js';
import type { Walker, WalkTarget } from '../model/walker.js';
import { MAX_STEPS_PER_FRAME, WalkerRoster } from '../model/walker-roster.js';

export interface WalkersState {
  /** The roster (read by the overlay every frame). */
  roster: WalkerRoster;
  /** The walkers as of this render. */
  walkers: readonly Walker[];
  /** Changes when the list or the units' readout changes (at most every 250 ms while they move). */
  tick: number;
  /** Fraction of a step the units have moved since their last tile (for smooth drawing). */
  stepFraction: RefObject<number>;
  running: boolean;
  setRunning: (next: boolean | ((old: boolean) => boolean)) => void;
  /** Tiles per second. */
  speed: number;
  setSpeed: (speed: number) => void;
  /** Drops a unit on (x, y) when the tile is walkable. */
  drop: (x: number, y: number) => void;
  /** Puts the units back on their start tiles. */
  restart: () => void;
  /** Removes every unit. */
  clear: () => void;
  /** Starts over with these units (a map's suggested unit, or those of a link). */
  reset: (units: readonly Point[]) => void;
}

/**
 * The units of the Fields page: they step along `target` (the shown map) at `speed` tiles per second on an
 * animation-frame loop while running, and redraw the view; the React readout follows at most every 250 ms.
 */
export function useWalkers(
  grid: Grid | null,
  target: WalkTarget | null,
  viewRef: RefObject<MapViewHandle | null>,
): WalkersState {
  const rosterRef = useRef<WalkerRoster | null>(null);
  if (rosterRef.current === null) rosterRef.current = new WalkerRoster();
  const roster = rosterRef.current;
  const [tick, setTick] = useState(0);
  const [running, setRunning] = useState(true);
  const [speed, setSpeed] = useState(12);
  const stepFraction = useRef(0);
  const targetRef = useRef(target);
  targetRef.current = target;
  const active = usePageActiveRef();

  useEffect(() => {
    if (!running || !grid) return;
    let id = 0;
    let last = performance.now();
    let acc = 0;
    let lastUi = 0;
    const loop = (now: number) => {
      const t = targetRef.current;
      // A hidden page's units wait (and do not catch up when it is shown again).
      const moving = active.current && t !== null && roster.anyMoving();
      if (moving && t) {
        acc += ((now - last) * speed) / 1000;
        const steps = Math.min(MAX_STEPS_PER_FRAME, Math.floor(acc));
        acc -= steps;
        roster.step(t, grid, steps);
        stepFraction.current = acc;
        viewRef.current?.redraw();
        if (now - lastUi > 250) {
          lastUi = now;
          setTick((k) => k + 1);
        }
      } else {
        if (stepFraction.current !== 0 || acc !== 0) {
          stepFraction.current = 0;
          acc = 0;
          roster.settle();
          viewRef.current?.redraw();
          setTick((k) => k + 1);
        }
      }
      last = now;
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [running, speed, grid, roster, viewRef, active]);

  const drop = useCallback(
    (x: number, y: number) => {
      if (!grid?.isPassable(x, y)) return;
      roster.drop(x, y);
      setTick((k) => k + 1);
      viewRef.current?.redraw();
    },
    [grid, roster, viewRef],
  );

  const clear = useCallback(() => {
    roster.clear();
    setTick((k) => k + 1);
    viewRef.current?.redraw();
  }, [roster, viewRef]);

  return {
    roster,
    walkers: roster.list,
    tick,
    stepFraction,
    running,
    setRunning,
    speed,
    setSpeed,
    drop,
    restart: () => {
      roster.restart();
      setTick((k) => k + 1);
    },
    clear,
    reset: (units) => {
      roster.reset(null);
      for (const u of units) roster.drop(u.x, u.y);
      setTick((t) => t + 1);
    },
  };
}
