import type { Grid } from '@fieldmarshal/core';
import { useCallback, useRef, useState } from 'react';
import type { EditTracker } from '../../shared/edit-runs.js';
import type { TilePointerEvent } from '../../shared/map-view.js';
import type { Tile } from './use-sector-route.js';

/** What a left click does: pick the goal (Shift: the start), or paint walls, or erase them. */
export type SectorTool = 'pick' | 'wall' | 'erase';

export interface SectorTools {
  tool: SectorTool;
  setTool: (tool: SectorTool) => void;
  /** Brush side in tiles. */
  brush: number;
  setBrush: (update: (old: number) => number) => void;
  start: Tile | null;
  goal: Tile | null;
  setStart: (t: Tile | null) => void;
  setGoal: (t: Tile | null) => void;
  /** Rectangles painted since the map image was painted: x, y, w, h, code (the overlay draws them at once). */
  painted: React.RefObject<number[]>;
  onTilePointer: (e: TilePointerEvent) => void;
}

/**
 * The Big maps page's mouse tools. Painting writes walls (or ground) into the grid as the pointer moves, each
 * brush stamp one `fillPassable` edit (the grid's edit log lists them; `tracker` keeps the tiles' old states for
 * the link); when the stroke ends `onEdited` runs (the page updates the sector graph in the pool, repaints the map
 * and writes the link).
 */
export function useSectorTools(
  grid: Grid | null,
  initial: { start: Tile | null; goal: Tile | null },
  onEdited: () => void,
  tracker: EditTracker,
) {
  const [tool, setTool] = useState<SectorTool>('pick');
  const [brush, setBrushState] = useState(4);
  const [start, setStart] = useState<Tile | null>(initial.start);
  const [goal, setGoal] = useState<Tile | null>(initial.goal);
  const painted = useRef<number[]>([]);
  const stroke = useRef(false);
  const last = useRef<Tile | null>(null);
  const onEditedRef = useRef(onEdited);
  onEditedRef.current = onEdited;

  const stamp = useCallback(
    (x: number, y: number, code: number) => {
      if (!grid) return;
      const r = (brush - 1) >> 1;
      const x0 = Math.max(0, x - r);
      const y0 = Math.max(0, y - r);
      const x1 = Math.min(grid.width, x - r + brush);
      const y1 = Math.min(grid.height, y - r + brush);
      if (x1 <= x0 || y1 <= y0) return;
      tracker.touchRect(grid, x0, y0, x1 - x0, y1 - y0);
      grid.fillPassable(x0, y0, x1 - x0, y1 - y0, code);
      painted.current.push(x0, y0, x1 - x0, y1 - y0, code);
    },
    [grid, brush, tracker],
  );

  const onTilePointer = useCallback(
    (e: TilePointerEvent) => {
      if (!grid) return;
      if (tool === 'pick') {
        if (e.phase !== 'down' || !e.inside || !grid.isPassable(e.x, e.y)) return;
        if (e.shiftKey) setStart({ x: e.x, y: e.y });
        else setGoal({ x: e.x, y: e.y });
        return;
      }
      const code = tool === 'wall' ? 0 : 1;
      if (e.phase === 'down') {
        stroke.current = true;
        last.current = null;
      }
      if (stroke.current && e.phase !== 'up') {
        // Stamps along the segment from the last tile, so a fast drag leaves no gaps.
        const from = last.current ?? { x: e.x, y: e.y };
        const steps = Math.max(
          1,
          Math.ceil(Math.max(Math.abs(e.x - from.x), Math.abs(e.y - from.y)) / Math.max(1, brush >> 1)),
        );
        for (let k = 1; k <= steps; k++)
          stamp(
            Math.round(from.x + ((e.x - from.x) * k) / steps),
            Math.round(from.y + ((e.y - from.y) * k) / steps),
            code,
          );
        last.current = { x: e.x, y: e.y };
      }
      if (e.phase === 'up' && stroke.current) {
        stroke.current = false;
        onEditedRef.current();
      }
    },
    [grid, tool, stamp, brush],
  );

  const setBrush = useCallback((update: (old: number) => number) => {
    setBrushState((b) => Math.max(1, Math.min(64, update(b))));
  }, []);

  return {
    tool,
    setTool,
    brush,
    setBrush,
    start,
    goal,
    setStart,
    setGoal,
    painted,
    onTilePointer,
  } satisfies SectorTools;
}
