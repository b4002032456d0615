import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTyping } from '../../shared/is-typing.js';
import { usePageActiveRef } from '../../shared/page-activity.js';

/**
 * Calls `onFrame(dtSeconds)` on every animation frame while the component is mounted, and cancels the
 * requestAnimationFrame loop on unmount. `dt` is clamped to 0.1 s so a background tab does not make the
 * simulation jump. The latest `onFrame` is always used (no need to memoise it).
 */
export function useFrameLoop(onFrame: (dt: number) => void): void {
  const callback = useRef(onFrame);
  const active = usePageActiveRef();
  useLayoutEffect(() => {
    callback.current = onFrame;
  });
  useEffect(() => {
    let id = 0;
    let last = performance.now();
    const loop = (now: number) => {
      const dt = Math.min(0.1, Math.max(0, (now - last) / 1000));
      last = now;
      // A hidden page's scene waits where it is.
      if (active.current) callback.current(dt);
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [active]);
}

/**
 * Listens to keydown on the window while mounted, ignoring keys typed into text fields. Handlers get the
 * event and return true when they used the key (its default action is then prevented).
 */
export function useKeys(onKey: (e: KeyboardEvent) => boolean): void {
  const callback = useRef(onKey);
  const active = usePageActiveRef();
  useLayoutEffect(() => {
    callback.current = onKey;
  });
  useEffect(() => {
    const handler = (e: KeyboardEvent) => {
      if (!active.current || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (callback.current(e)) e.preventDefault();
    };
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [active]);
}
