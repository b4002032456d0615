import type { Grid } from '@fieldmarshal/core';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from 'react';
import type { MapViewHandle, TilePointerEvent } from '../../shared/map-view.js';
import type { HeatmapSurface } from '../draw/heatmap-surface.js';
import { SPECIAL_COLORS } from '../model/heatmap.js';
import { isPaintTool, movePoint, type Point, paintLine, type Tool, togglePoint } from '../model/tools.js';

export interface EditToolsOptions {
  grid: Grid | null;
  surface: HeatmapSurface | null;
  viewRef: RefObject<MapViewHandle | null>;
  /** Recompute while a wall stroke is being painted (else once, on release). */
  liveEdits: boolean;
  setPoints: Dispatch<SetStateAction<Point[]>>;
  /** Called when painted walls should trigger a recomputation. */
  onEdited: () => void;
  /** Drops a unit (the unit tool). */
  dropUnit: (x: number, y: number) => void;
}

export interface EditTools {
  tool: Tool;
  setTool: Dispatch<SetStateAction<Tool>>;
  brush: number;
  setBrush: Dispatch<SetStateAction<number>>;
  /** The map view's left-button handler: paint walls, erase, place or drag goals, drop units. */
  onTilePointer: (e: TilePointerEvent) => void;
}

/**
 * The Fields page's edit tools. Walls are painted straight into the grid and recoloured on the heatmap at once;
 * the map is recomputed during the stroke when computing is quick (or off the page), else when it ends.
 */
export function useEditTools(options: EditToolsOptions): EditTools {
  const { grid, surface, viewRef, liveEdits, setPoints, onEdited, dropUnit } = options;
  const [tool, setTool] = useState<Tool>('goal');
  const [brush, setBrush] = useState<number>(1);
  const paintRef = useRef<{ last: Point | null; dragGoal: boolean; changed: boolean }>({
    last: null,
    dragGoal: false,
    changed: false,
  });

  const paintTiles = useCallback(
    (from: Point, to: Point, code: number) => {
      if (!grid || !surface) return false;
      const changed = paintLine(grid, from, to, brush, code, (x, y) =>
        surface.setTile(x, y, code === 0 ? SPECIAL_COLORS.wall : SPECIAL_COLORS.floor),
      );
      if (changed) viewRef.current?.redraw();
      return changed;
    },
    [grid, surface, brush, viewRef],
  );

  const onTilePointer = (e: TilePointerEvent) => {
    if (!grid) return;
    const paint = paintRef.current;
    const tile = { x: Math.min(grid.width - 1, Math.max(0, e.x)), y: Math.min(grid.height - 1, Math.max(0, e.y)) };
    if (isPaintTool(tool)) {
      const code = tool === 'wall' ? 0 : 1;
      if (e.phase === 'down') {
        if (!e.inside) return;
        paint.last = tile;
        paint.changed = paintTiles(tile, tile, code);
      } else if (e.phase === 'move' && paint.last) {
        if (paintTiles(paint.last, tile, code)) paint.changed = true;
        paint.last = tile;
      } else if (e.phase === 'up') {
        paint.last = null;
      }
      if (paint.changed && (liveEdits || e.phase === 'up')) {
        paint.changed = false;
        if (tool === 'wall') setPoints((ps) => ps.filter((p) => grid.isPassable(p.x, p.y)));
        onEdited();
      }
      return;
    }
    if (tool === 'unit') {
      if (e.phase === 'down' && e.inside) dropUnit(e.x, e.y);
      return;
    }
    // Goal tool.
    if (e.phase === 'down') {
      if (!e.inside || !grid.isPassable(e.x, e.y)) return;
      if (e.shiftKey) {
        paint.dragGoal = false;
        setPoints((ps) => togglePoint(ps, e.x, e.y));
      } else {
        paint.dragGoal = true;
        setPoints([{ x: e.x, y: e.y }]);
      }
    } else if (e.phase === 'move' && paint.dragGoal && e.inside && grid.isPassable(e.x, e.y)) {
      setPoints((ps) => movePoint(ps, e.x, e.y));
    } else if (e.phase === 'up') paint.dragGoal = false;
  };

  return { tool, setTool, brush, setBrush, onTilePointer };
}
