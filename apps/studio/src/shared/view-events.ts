import { useCallback, useRef } from 'react';
import type { ViewTransform } from './map-paint.js';

/** Subscribes to a map view's pans and zooms; returns the unsubscribe function. */
export type ViewSubscribe = (listener: (view: ViewTransform) => void) => () => void;

/**
 * Pans and zooms of a map view as events, for the small things that follow them (the minimap's rectangle, the
 * zoom readout, the note on what is too small to draw): they redraw themselves, so a wheel turn does not
 * render the whole page again. `emit` is the view's `onViewChange`.
 */
export function useViewEvents(): { emit: (view: ViewTransform) => void; subscribe: ViewSubscribe } {
  const listeners = useRef(new Set<(view: ViewTransform) => void>());
  const emit = useCallback((view: ViewTransform) => {
    for (const listener of listeners.current) listener(view);
  }, []);
  const subscribe = useCallback<ViewSubscribe>((listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  return { emit, subscribe };
}
