import { type RefObject, useCallback, useRef } from 'react';
import type { OverlayContext } from '../../shared/map-paint.js';
import { directionAt, drawFieldsOverlay, type FieldsOverlayState } from '../draw/fields-overlay.js';
import type { FlowFollower } from '../model/flow-follower.js';
import type { WalkerRoster } from '../model/walker-roster.js';

/**
 * The map view's overlay painter and the direction lookup of the readout. Both are stable and read the latest
 * state, so the view redraws on its own triggers without re-creating them.
 */
export function useFieldsOverlay(
  state: FieldsOverlayState,
  roster: WalkerRoster,
  stepFraction: RefObject<number>,
  followers: RefObject<FlowFollower[]>,
) {
  const stateRef = useRef(state);
  stateRef.current = state;
  const dirAt = useCallback((x: number, y: number): number => directionAt(stateRef.current, x, y), []);
  const drawOverlay = useCallback(
    (o: OverlayContext) =>
      drawFieldsOverlay(o, stateRef.current, roster.list, stepFraction.current, dirAt, followers.current),
    [dirAt, roster, stepFraction, followers],
  );
  return { dirAt, drawOverlay };
}
