import { createContext, type RefObject, useContext, useRef } from 'react';

/**
 * Whether the page a component belongs to is the one on screen. The studio keeps every visited page mounted
 * (hidden) so that its state lasts; hidden pages must not take keys or run animation loops.
 */
export const PageActiveContext = createContext(true);

/** True while this component's page is the one on screen. */
export function usePageActive(): boolean {
  return useContext(PageActiveContext);
}

/**
 * A ref that always holds whether this component's page is on screen, for event listeners and animation loops
 * that are registered once (they read `.current` at event time instead of being re-registered).
 */
export function usePageActiveRef(): RefObject<boolean> {
  const active = useContext(PageActiveContext);
  const ref = useRef(active);
  ref.current = active;
  return ref;
}
