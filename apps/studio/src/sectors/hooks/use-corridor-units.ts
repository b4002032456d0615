import { NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import type { CorridorField } from '@fieldmarshal/core/sectors';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MapViewHandle } from '../../shared/map-view.js';
import { usePageActiveRef } from '../../shared/page-activity.js';

export interface CorridorUnits {
  /** Positions as x, y pairs (tiles; drawn between the last two tiles while moving). */
  xy: RefObject<Float64Array>;
  count: number;
  /** Units standing on the goal. */
  arrived: number;
}

/**
 * The units the corridor field was made for, stepping along its directions (`dirAt`) at `speed` tiles per
 * second once the field is complete; they start again from `starts` for every new field.
 */
export function useCorridorUnits(
  field: CorridorField | null,
  complete: boolean,
  starts: Int32Array | null,
  speed: number,
  viewRef: RefObject<MapViewHandle | null>,
): CorridorUnits {
  const xy = useRef<Float64Array>(new Float64Array(0));
  const [arrived, setArrived] = useState(0);
  const active = usePageActiveRef();
  const count = starts ? starts.length >> 1 : 0;
  // A new speed applies at once, without sending the units back to their starts.
  const speedRef = useRef(speed);
  speedRef.current = speed;

  useEffect(() => {
    xy.current = starts ? Float64Array.from(starts) : new Float64Array(0);
    setArrived(0);
    viewRef.current?.redraw();
    if (!field || !complete || !starts) return;
    const tiles = Int32Array.from(starts);
    let id = 0;
    let last = performance.now();
    let acc = 0;
    let lastUi = 0;
    const loop = (now: number) => {
      if (active.current) {
        acc += (Math.min(100, now - last) * speedRef.current) / 1000;
        const steps = Math.min(8, Math.floor(acc));
        acc -= steps;
        let moving = 0;
        let atGoal = 0;
        const pos = xy.current;
        for (let u = 0; u < tiles.length; u += 2) {
          for (let k = 0; k < steps; k++) {
            const d = field.dirAt(tiles[u] as number, tiles[u + 1] as number);
            if (d === NO_DIRECTION) break;
            tiles[u] = (tiles[u] as number) + (DIR_DX[d] as number);
            tiles[u + 1] = (tiles[u + 1] as number) + (DIR_DY[d] as number);
          }
          const d = field.dirAt(tiles[u] as number, tiles[u + 1] as number);
          if (d !== NO_DIRECTION) {
            moving++;
            // Drawn part of the way to the next tile: smooth motion between steps.
            pos[u] = (tiles[u] as number) + (DIR_DX[d] as number) * acc;
            pos[u + 1] = (tiles[u + 1] as number) + (DIR_DY[d] as number) * acc;
          } else {
            pos[u] = tiles[u] as number;
            pos[u + 1] = tiles[u + 1] as number;
            if (tiles[u] === field.data.goalX && tiles[u + 1] === field.data.goalY) atGoal++;
          }
        }
        viewRef.current?.redraw();
        if (now - lastUi > 250 || moving === 0) {
          lastUi = now;
          setArrived(atGoal);
        }
        if (moving === 0) return;
      }
      last = now;
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [field, complete, starts, viewRef, active]);

  return { xy, count, arrived };
}
