import { useEffect, useRef } from 'react';
import { isTyping } from '../../shared/is-typing.js';
import { usePageActiveRef } from '../../shared/page-activity.js';
import type { SectorTool } from './use-sector-tools.js';

/** What the Big maps page's keys do (the map view handles + - 0 and Space itself). */
export interface SectorsKeyActions {
  /** G / S: goal / start at the tile under the cursor. */
  pickAtCursor: (what: 'goal' | 'start') => void;
  setTool: (tool: SectorTool) => void;
  setBrush: (update: (old: number) => number) => void;
  toggleBorders: () => void;
  toggleEntrances: () => void;
  toggleCorridor: () => void;
  toggleHelp: () => void;
  fit: () => void;
}

function handleKey(e: KeyboardEvent, a: SectorsKeyActions): boolean {
  const key = e.key.toLowerCase();
  if (key === 'g') a.pickAtCursor('goal');
  else if (key === 's') a.pickAtCursor('start');
  else if (key === 'p') a.setTool('pick');
  else if (key === 'w') a.setTool('wall');
  else if (key === 'e') a.setTool('erase');
  else if (e.key === '[') a.setBrush((b) => b - 1);
  else if (e.key === ']') a.setBrush((b) => b + 1);
  else if (key === 'b') a.toggleBorders();
  else if (key === 'n') a.toggleEntrances();
  else if (key === 'h') a.toggleCorridor();
  else if (e.key === '?') a.toggleHelp();
  else if (key === 'f') a.fit();
  else return false;
  return true;
}

/** The Big maps page's keyboard shortcuts (ignored while typing, on a hidden page, and with Ctrl, Meta or Alt). */
export function useSectorsKeys(actions: SectorsKeyActions): void {
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const active = usePageActiveRef();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!active.current || isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (handleKey(e, actionsRef.current)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
