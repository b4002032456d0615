/**
 * The last few complete searches (of at least {@link MEMO_MIN_EXPANDED} expansions) of one {@link RtsPathfinder}, so that a search asked again with the same inputs
 * on the same grid version is answered without searching. A group order asks the same question more than once:
 * a formation's first leg and its commander's narrowest route are the same search when the formation is built
 * where the commander's route starts, and the route is priced again when the end of the march moves by less than
 * a tile. The search is deterministic, so the answer (the path, null, and the expansions reported in `info`) is
 * the one the search would give. Only searches without `blocked` tiles are kept (the mask changes without the
 * grid's version changing); the grid's version is the key of the grid's contents, as for the clearance map
 * (edits of `passable` made directly must call `grid.touch()`, see {@link Grid.touch}). Internal.
 */
import type { TilePath } from '../grid/point.js';
import { makePath } from '../grid/point.js';

/** One completed search: what it was asked and what it found. */
interface Entry {
  version: number;
  start: number;
  goal: number;
  /** Neighbours (4 or 8), the diagonal rule's code and the clearance, packed (see `settingsKey`). */
  settings: number;
  /** The path found, or null when the search ran out of tiles. */
  path: TilePath | null;
  /** Tiles expanded by the complete search. */
  expanded: number;
}

/** Searches kept per pathfinder. */
const SIZE = 4;
/** Searches that expanded fewer tiles are not kept (asking again costs little; they would push big ones out). */
export const MEMO_MIN_EXPANDED = 1024;

/** Neighbours, diagonal rule code (0..3) and clearance (0..126) as one integer. */
export function settingsKey(neighbors: number, rule: number, clearance: number): number {
  return (clearance * 4 + rule) * 16 + neighbors;
}

/** What a kept search answers: the path (a fresh copy) or null, and the expansions to report. */
export interface MemoAnswer {
  path: TilePath | null;
  expanded: number;
}

export class RtsSearchMemo {
  private readonly entries: Entry[] = [];
  /** Slot the next new entry overwrites (oldest first). */
  private next = 0;

  /** @param minExpanded searches that expanded fewer tiles are not kept (tests keep all with 0). */
  constructor(private readonly minExpanded = MEMO_MIN_EXPANDED) {}

  /**
   * The answer of a kept search with these inputs under an expansion limit, or null when none is kept. A search
   * that found its goal after E expansions finds it again when E <= `maxExpansions`; otherwise (and for a search
   * that ran out of tiles after more expansions than the limit) it stops at the first count above the limit.
   */
  find(version: number, start: number, goal: number, settings: number, maxExpansions: number): MemoAnswer | null {
    for (const e of this.entries) {
      if (e.version !== version || e.start !== start || e.goal !== goal || e.settings !== settings) continue;
      if (e.expanded > maxExpansions) return { path: null, expanded: Math.floor(maxExpansions) + 1 };
      const p = e.path;
      return { path: p === null ? null : makePath(p.cost, p.points.slice()), expanded: e.expanded };
    }
    return null;
  }

  /** Keeps a complete search (found, or out of tiles; not one stopped by its expansion limit). */
  keep(version: number, start: number, goal: number, settings: number, path: TilePath | null, expanded: number): void {
    if (expanded < this.minExpanded) return;
    const entry: Entry = {
      version,
      start,
      goal,
      settings,
      path: path === null ? null : makePath(path.cost, path.points.slice()),
      expanded,
    };
    if (this.entries.length < SIZE) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % SIZE;
  }
}
