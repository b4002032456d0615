import { useEffect, useRef } from 'react';
import { isTyping } from '../../shared/is-typing.js';
import { usePageActiveRef } from '../../shared/page-activity.js';
import { MAP_MODES, type MapMode } from '../model/map-modes.js';
import { largerBrush, smallerBrush, type Tool } from '../model/tools.js';

/** What the Fields page's keys do (the map view handles + - 0 and Space itself). */
export interface FieldsKeyActions {
  setMode: (mode: MapMode) => void;
  setTool: (tool: Tool) => void;
  /** The tile under the pointer, or null. */
  hoveredTile: () => { x: number; y: number } | null;
  dropUnit: (x: number, y: number) => void;
  toggleArrows: () => void;
  toggleNumbers: () => void;
  toggleHelp: () => void;
  fit: () => void;
  clearPoints: () => void;
  clearUnits: () => void;
  toggleRunning: () => void;
  setBrush: (update: (old: number) => number) => void;
  undo: () => void;
  redo: () => void;
  /** V: eight arrows or the smooth flow. */
  toggleFlow: () => void;
  /** K: compare the followers from the tile under the cursor. */
  pickCompare: () => void;
}

/** Handles a key; returns false when the key is not one of the page's. */
function handleKey(e: KeyboardEvent, a: FieldsKeyActions): boolean {
  const key = e.key.toLowerCase();
  const m = MAP_MODES.find((mm) => mm.key === e.key);
  if (m) a.setMode(m.id);
  else if (key === 'g') a.setTool('goal');
  else if (key === 'w') a.setTool('wall');
  else if (key === 'e') a.setTool('erase');
  else if (key === 't') a.setTool('terrain');
  else if (key === 'u') {
    const h = a.hoveredTile();
    if (h) a.dropUnit(h.x, h.y);
    else a.setTool('unit');
  } else if (key === 'a') a.toggleArrows();
  else if (key === 'n') a.toggleNumbers();
  else if (key === 'h' || e.key === '?') a.toggleHelp();
  else if (key === 'f') a.fit();
  else if (key === 'c') a.clearPoints();
  else if (key === 'x') a.clearUnits();
  else if (key === 'p') a.toggleRunning();
  else if (key === 'v') a.toggleFlow();
  else if (key === 'k') a.pickCompare();
  else if (e.key === '[') a.setBrush(smallerBrush);
  else if (e.key === ']') a.setBrush(largerBrush);
  else return false;
  return true;
}

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac); returns false for other keys. */
function handleUndoKey(e: KeyboardEvent, a: FieldsKeyActions): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return false;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) a.undo();
  else if ((key === 'z' && e.shiftKey) || key === 'y') a.redo();
  else return false;
  return true;
}

/**
 * The Fields page's keyboard shortcuts (ignored while typing, on a hidden page, and with Ctrl, Meta or Alt
 * held except for undo and redo).
 */
export function useFieldsKeys(actions: FieldsKeyActions): void {
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const active = usePageActiveRef();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!active.current || isTyping(e.target)) return;
      if (handleUndoKey(e, actionsRef.current)) {
        e.preventDefault();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (handleKey(e, actionsRef.current)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
