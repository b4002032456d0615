import { useKeys } from './frame-loop.js';

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** The keyboard shortcuts of a chase scene. */
export interface SceneKeyHandlers {
  /** Arrow keys, called with the unit step (dx, dy) in tiles, y down; arrows are ignored when absent. */
  arrows?: (dx: number, dy: number) => void;
  /**
   * Other keys by lower-case `KeyboardEvent.key` (' ' is space, 'r' also answers 'R'). Keys not listed are left
   * to the browser.
   */
  keys: Readonly<Record<string, () => void>>;
}

/**
 * Window keyboard shortcuts for a chase scene (via {@link useKeys}: typing in text fields and modified keys are
 * ignored, used keys have their default action prevented). The latest handlers are always used.
 */
export function useSceneKeys({ arrows, keys }: SceneKeyHandlers): void {
  useKeys((e) => {
    const arrow = ARROWS[e.key];
    if (arrow && arrows) {
      arrows(arrow[0], arrow[1]);
      return true;
    }
    const key = e.key.toLowerCase();
    const action = Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (!action) return false;
    action();
    return true;
  });
}
