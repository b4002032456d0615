import type { Grid } from '@fieldmarshal/core';

/** One undoable edit: the tiles a stroke changed, with their passability and terrain before and after. */
interface Stroke {
  /** Tile indices, in the order they were first changed. */
  tiles: number[];
  beforeCode: number[];
  afterCode: number[];
  /** Terrain before and after (empty when the grid has no terrain layer). */
  beforeTerrain: number[];
  afterTerrain: number[];
}

/** Most strokes kept for undo. */
export const MAX_UNDO = 200;
/** Most tiles kept over all strokes (older strokes are dropped first). */
export const MAX_UNDO_TILES = 4_000_000;

/**
 * Undo and redo of map edits. A stroke (one drag of a tool, a stamp) is opened with {@link begin}, each tile's
 * state is recorded before it changes ({@link touchTile}) and after the stroke ({@link end}); undo writes the
 * old states back through the grid's logged edits (one `batch`), so fields can be repaired instead of
 * recomputed. Pure TypeScript: no React.
 */
export class EditHistory {
  private done: Stroke[] = [];
  private undone: Stroke[] = [];
  private open: Stroke | null = null;
  private seen = new Map<number, number>();
  private tiles = 0;

  /** Strokes that can be undone. */
  get undoCount(): number {
    return this.done.length;
  }

  /** Strokes that can be redone. */
  get redoCount(): number {
    return this.undone.length;
  }

  /** Tiles the open stroke has changed so far (0 when no stroke is open). */
  get openTiles(): number {
    return this.open?.tiles.length ?? 0;
  }

  /** Forgets everything (a new map). */
  clear(): void {
    this.done = [];
    this.undone = [];
    this.open = null;
    this.seen.clear();
    this.tiles = 0;
  }

  /** Opens a stroke (closing any open one). */
  begin(): void {
    this.open = { tiles: [], beforeCode: [], afterCode: [], beforeTerrain: [], afterTerrain: [] };
    this.seen.clear();
  }

  /** Records tile `i`'s state before the open stroke changes it (only the first time per stroke). */
  touchTile(grid: Grid, i: number): void {
    const s = this.open;
    if (!s || this.seen.has(i)) return;
    this.seen.set(i, s.tiles.length);
    s.tiles.push(i);
    s.beforeCode.push(grid.passable[i] as number);
    if (grid.terrain) s.beforeTerrain.push(grid.terrain[i] as number);
  }

  /** Closes the stroke, reading each tile's state after it; a stroke that changed nothing is dropped. */
  end(grid: Grid): boolean {
    const s = this.open;
    this.open = null;
    this.seen.clear();
    if (!s) return false;
    let changed = false;
    for (let k = 0; k < s.tiles.length; k++) {
      const i = s.tiles[k] as number;
      s.afterCode.push(grid.passable[i] as number);
      if (grid.terrain) s.afterTerrain.push(grid.terrain[i] as number);
      if (s.afterCode[k] !== s.beforeCode[k] || (grid.terrain && s.afterTerrain[k] !== s.beforeTerrain[k]))
        changed = true;
    }
    if (!changed) return false;
    this.done.push(s);
    this.undone = [];
    this.tiles += s.tiles.length;
    while (this.done.length > MAX_UNDO || (this.tiles > MAX_UNDO_TILES && this.done.length > 1)) {
      this.tiles -= (this.done.shift() as Stroke).tiles.length;
    }
    return true;
  }

  /** Undoes the last stroke on `grid` (one logged batch). Returns the tiles it set back (0: nothing to undo). */
  undo(grid: Grid): number {
    const s = this.done.pop();
    if (!s) return 0;
    apply(grid, s.tiles, s.beforeCode, s.beforeTerrain);
    this.undone.push(s);
    return s.tiles.length;
  }

  /** Redoes the last undone stroke. Returns the tiles it set again (0: nothing to redo). */
  redo(grid: Grid): number {
    const s = this.undone.pop();
    if (!s) return 0;
    apply(grid, s.tiles, s.afterCode, s.afterTerrain);
    this.done.push(s);
    return s.tiles.length;
  }
}

function apply(grid: Grid, tiles: number[], codes: number[], terrain: number[]): void {
  const w = grid.width;
  grid.batch(() => {
    for (let k = 0; k < tiles.length; k++) {
      const i = tiles[k] as number;
      const x = i % w;
      const y = (i - x) / w;
      grid.setPassable(x, y, codes[k] as number);
      if (grid.terrain && terrain.length > k) grid.setTerrain(x, y, terrain[k] as number);
    }
  });
}
