import type { Grid } from '@fieldmarshal/core';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from 'react';
import type { EditTracker } from '../../shared/edit-runs.js';
import type { MapViewHandle, TilePointerEvent } from '../../shared/map-view.js';
import { EditHistory } from '../model/edit-history.js';
import { PENDING_GROUND, PENDING_TERRAIN, PENDING_WALL, PendingTiles } from '../model/pending-tiles.js';
import {
  type BrushPaint,
  isPaintTool,
  movePoint,
  type Point,
  paintLine,
  pointNear,
  type Tool,
  togglePoint,
} from '../model/tools.js';

export interface EditToolsOptions {
  grid: Grid | null;
  viewRef: RefObject<MapViewHandle | null>;
  /** Asked at every painted segment: recompute during the stroke (else once, on release). */
  liveEdits: () => boolean;
  points: readonly Point[];
  setPoints: Dispatch<SetStateAction<Point[]>>;
  /** Called when the grid was edited and the map should be brought up to date. */
  onEdited: () => void;
  /** Drops a unit (the unit tool). */
  dropUnit: (x: number, y: number) => void;
  /** Keeps every painted tile's state before its first change, for the link. */
  tracker: EditTracker;
  initialTool?: Tool;
}

/** The edit the field's repairs are summed for: a stroke, an undo or a redo. */
export interface EditStroke {
  /** Counts edits: a new one starts a new sum. */
  id: number;
  /** Tiles it changed (so far, while a stroke is painted). */
  tiles: number;
}

export interface EditTools {
  tool: Tool;
  setTool: Dispatch<SetStateAction<Tool>>;
  brush: number;
  setBrush: Dispatch<SetStateAction<number>>;
  /** Terrain cost painted by the terrain tool. */
  terrainCost: number;
  setTerrainCost: (cost: number) => void;
  /** The map view's left-button handler: paint, erase, place or drag goals, drop units. */
  onTilePointer: (e: TilePointerEvent) => void;
  /** Tiles painted since the heatmap on screen was made (drawn by the overlay). */
  pending: PendingTiles;
  undo: () => void;
  redo: () => void;
  undoCount: number;
  redoCount: number;
  /** Forgets the edit history (a new map). */
  resetHistory: () => void;
  /** The current (or last) edit. */
  stroke: () => EditStroke;
}

/**
 * The Fields page's edit tools. Walls and terrain are painted through the grid's logged edits (so fields are
 * repaired, not recomputed) and shown at once by the overlay; the map is brought up to date during the stroke
 * when that is quick (or off the page), else when it ends. Every stroke can be undone and redone.
 */
export function useEditTools(options: EditToolsOptions): EditTools {
  const { grid, viewRef, setPoints, onEdited, dropUnit, tracker } = options;
  const strokeRef = useRef<EditStroke>({ id: 0, tiles: 0 });
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [tool, setTool] = useState<Tool>(options.initialTool ?? 'goal');
  const [brush, setBrush] = useState<number>(1);
  const [terrainCost, setTerrainCost] = useState(3);
  const historyRef = useRef<EditHistory | null>(null);
  historyRef.current ??= new EditHistory();
  const history = historyRef.current;
  const pendingRef = useRef<PendingTiles | null>(null);
  pendingRef.current ??= new PendingTiles();
  const pending = pendingRef.current;
  const [counts, setCounts] = useState({ undo: 0, redo: 0 });
  const paintRef = useRef<{ last: Point | null; drag: number; changed: boolean }>({
    last: null,
    drag: -1,
    changed: false,
  });

  const syncCounts = useCallback(() => setCounts({ undo: history.undoCount, redo: history.redoCount }), [history]);

  const paintTiles = useCallback(
    (from: Point, to: Point, paint: BrushPaint) => {
      if (!grid) return false;
      const kind = paint.kind === 'terrain' ? PENDING_TERRAIN : paint.code === 0 ? PENDING_WALL : PENDING_GROUND;
      const changed = paintLine(
        grid,
        from,
        to,
        brush,
        paint,
        (i) => {
          history.touchTile(grid, i);
          tracker.touch(grid, i);
        },
        (x, y) => pending.add(x, y, kind, grid.version + 1),
      );
      if (changed) viewRef.current?.redraw();
      return changed;
    },
    [grid, brush, viewRef, history, pending, tracker],
  );

  const onTilePointer = (e: TilePointerEvent) => {
    if (!grid) return;
    const paint = paintRef.current;
    const tile = { x: Math.min(grid.width - 1, Math.max(0, e.x)), y: Math.min(grid.height - 1, Math.max(0, e.y)) };
    if (isPaintTool(tool)) {
      const brushPaint: BrushPaint =
        tool === 'terrain' ? { kind: 'terrain', cost: terrainCost } : { kind: 'code', code: tool === 'wall' ? 0 : 1 };
      if (e.phase === 'down') {
        if (!e.inside) return;
        history.begin();
        strokeRef.current = { id: strokeRef.current.id + 1, tiles: 0 };
        paint.last = tile;
        paint.changed = paintTiles(tile, tile, brushPaint);
      } else if (e.phase === 'move' && paint.last) {
        if (paintTiles(paint.last, tile, brushPaint)) paint.changed = true;
        paint.last = tile;
      } else if (e.phase === 'up') {
        if (paint.last) {
          strokeRef.current = { ...strokeRef.current, tiles: history.openTiles };
          history.end(grid);
          syncCounts();
        }
        paint.last = null;
      }
      if (paint.changed && (e.phase === 'up' || optionsRef.current.liveEdits())) {
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
    // Goal tool: press on a goal (or next to it) drags that goal; elsewhere a click places one (shift: adds).
    if (e.phase === 'down') {
      if (!e.inside) return;
      // A goal's marker is drawn at least 9 px across: pressing on it grabs it at any zoom.
      const reach = Math.floor(9 / (viewRef.current?.view().scale ?? 10));
      const near = pointNear(optionsRef.current.points, e.x, e.y, reach);
      if (e.shiftKey) {
        paint.drag = -1;
        if (grid.isPassable(e.x, e.y)) setPoints((ps) => togglePoint(ps, e.x, e.y));
      } else if (near >= 0) paint.drag = near;
      else if (grid.isPassable(e.x, e.y)) {
        paint.drag = 0;
        setPoints([{ x: e.x, y: e.y }]);
      }
    } else if (e.phase === 'move' && paint.drag >= 0 && e.inside && grid.isPassable(e.x, e.y)) {
      const index = paint.drag;
      setPoints((ps) => movePoint(ps, index, e.x, e.y));
    } else if (e.phase === 'up') paint.drag = -1;
  };

  const undo = () => {
    const tiles = grid ? history.undo(grid) : 0;
    if (tiles > 0) {
      strokeRef.current = { id: strokeRef.current.id + 1, tiles };
      syncCounts();
      onEdited();
    }
  };
  const redo = () => {
    const tiles = grid ? history.redo(grid) : 0;
    if (grid && tiles > 0) {
      strokeRef.current = { id: strokeRef.current.id + 1, tiles };
      syncCounts();
      setPoints((ps) => ps.filter((p) => grid.isPassable(p.x, p.y)));
      onEdited();
    }
  };

  return {
    tool,
    setTool,
    brush,
    setBrush,
    terrainCost,
    setTerrainCost,
    onTilePointer,
    pending,
    undo,
    redo,
    undoCount: counts.undo,
    redoCount: counts.redo,
    resetHistory: () => {
      history.clear();
      pending.clear();
      syncCounts();
    },
    stroke: () => {
      const s = strokeRef.current;
      const open = history.openTiles;
      return open > 0 ? { id: s.id, tiles: open } : s;
    },
  };
}
