import type { Grid } from '@fieldmarshal/core';

/**
 * Painted edits in a link: the tiles whose passability (and terrain cost) differ from the map as it was loaded,
 * as runs of equal values in row order, written as varints in base64url. A stroke of six walls is one run, a few
 * characters; a page keeps the edited map in the browser instead once the text passes {@link MAX_LINK_EDITS}.
 */

/** Longest edit text a link carries (characters); past it the edited map is kept in the browser instead. */
export const MAX_LINK_EDITS = 4000;

/** The runs' format version (the text's first varint). */
const FORMAT = 1;

function pushVarint(out: number[], v: number): void {
  let n = v;
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

function toBase64Url(bytes: readonly number[]): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Runs (gap from the last run's end, length, value) of the changed tiles, sorted by index. */
function runsOf(tiles: readonly number[], value: (i: number) => number, out: number[]): void {
  pushVarint(out, tiles.length === 0 ? 0 : countRuns(tiles, value));
  let end = 0;
  for (let k = 0; k < tiles.length; ) {
    const start = tiles[k] as number;
    const v = value(start);
    let n = 1;
    while (k + n < tiles.length && tiles[k + n] === start + n && value(start + n) === v) n++;
    pushVarint(out, start - end);
    pushVarint(out, n - 1);
    pushVarint(out, v);
    end = start + n;
    k += n;
  }
}

function countRuns(tiles: readonly number[], value: (i: number) => number): number {
  let runs = 0;
  for (let k = 0; k < tiles.length; runs++) {
    const start = tiles[k] as number;
    const v = value(start);
    let n = 1;
    while (k + n < tiles.length && tiles[k + n] === start + n && value(start + n) === v) n++;
    k += n;
  }
  return runs;
}

/**
 * What the user painted on a map since it was loaded: each tile's state before its first change, so the net
 * change (tiles painted and painted back are no change) can be written into a link. Call {@link touch} before a
 * tile changes.
 */
export class EditTracker {
  private readonly code = new Map<number, number>();
  private readonly terrain = new Map<number, number>();

  /** Forgets everything (a new map). */
  clear(): void {
    this.code.clear();
    this.terrain.clear();
  }

  /**
   * Hands over what was recorded and starts again from the map as it is now (it becomes the new baseline, for
   * example once kept in the browser); {@link restore} takes it back if that fails.
   */
  take(): EditTracker {
    const taken = new EditTracker();
    for (const [i, v] of this.code) taken.code.set(i, v);
    for (const [i, v] of this.terrain) taken.terrain.set(i, v);
    this.clear();
    return taken;
  }

  /** Takes back a {@link take}n record: its older first states win over those recorded since. */
  restore(taken: EditTracker): void {
    for (const [i, v] of taken.code) this.code.set(i, v);
    for (const [i, v] of taken.terrain) this.terrain.set(i, v);
  }

  /** Records tile `i`'s passability and terrain before it changes (only the first time). */
  touch(grid: Grid, i: number): void {
    if (!this.code.has(i)) this.code.set(i, grid.passable[i] as number);
    if (grid.terrain && !this.terrain.has(i)) this.terrain.set(i, grid.terrain[i] as number);
  }

  /** {@link touch} for every tile of a rectangle (clipped to the map). */
  touchRect(grid: Grid, x: number, y: number, w: number, h: number): void {
    for (let ty = Math.max(0, y); ty < Math.min(grid.height, y + h); ty++)
      for (let tx = Math.max(0, x); tx < Math.min(grid.width, x + w); tx++) this.touch(grid, ty * grid.width + tx);
  }

  /**
   * The net edits as link text ('' when the map is as loaded), or null when they cannot be written (a terrain
   * cost that is not a whole number).
   */
  encode(grid: Grid): string | null {
    const codes = [...this.code.keys()].filter((i) => grid.passable[i] !== this.code.get(i)).sort((a, b) => a - b);
    const terrain = grid.terrain;
    const costs = terrain
      ? [...this.terrain.keys()].filter((i) => terrain[i] !== this.terrain.get(i)).sort((a, b) => a - b)
      : [];
    if (codes.length === 0 && costs.length === 0) return '';
    if (terrain && costs.some((i) => !Number.isInteger(terrain[i]) || (terrain[i] as number) < 0)) return null;
    const out: number[] = [];
    pushVarint(out, FORMAT);
    runsOf(codes, (i) => grid.passable[i] as number, out);
    runsOf(costs, (i) => (terrain ? (terrain[i] as number) : 0), out);
    return toBase64Url(out);
  }
}

/** Decoded link edits: passability and terrain runs as (first tile, length, value). */
export interface LinkEdits {
  codes: [number, number, number][];
  costs: [number, number, number][];
}

/** Reads link edit text; null when it is not edit text of this format (a link from elsewhere, or cut short). */
export function decodeEdits(text: string): LinkEdits | null {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(text);
  } catch {
    return null;
  }
  let at = 0;
  const next = (): number => {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (at >= bytes.length) throw new RangeError('cut short');
      const b = bytes[at++] as number;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
  };
  const section = () => {
    const runs: [number, number, number][] = [];
    let end = 0;
    for (let n = next(); n > 0; n--) {
      const start = end + next();
      const length = next() + 1;
      runs.push([start, length, next()]);
      end = start + length;
    }
    return runs;
  };
  try {
    if (next() !== FORMAT) return null;
    const codes = section();
    const costs = section();
    return at === bytes.length ? { codes, costs } : null;
  } catch {
    return null;
  }
}

/**
 * Paints link edits onto `grid` in one logged batch, recording each tile's old state in `tracker` first. Terrain
 * runs need a terrain layer (the caller adds one). Returns the tiles changed, or an error when a run lies
 * outside the map or holds a code that is not one (the map is then left as it was).
 */
export function applyEdits(grid: Grid, edits: LinkEdits, tracker: EditTracker): { tiles: number } | { error: string } {
  const size = grid.width * grid.height;
  for (const [start, length, value] of edits.codes)
    if (start + length > size || value > 2)
      return { error: `the link's edits do not fit this ${grid.width} x ${grid.height} map` };
  for (const [start, length] of edits.costs)
    if (start + length > size || !grid.terrain)
      return { error: `the link's terrain edits do not fit this ${grid.width} x ${grid.height} map` };
  let tiles = 0;
  try {
    grid.batch(() => {
      for (const [start, length, value] of edits.codes)
        for (let i = start; i < start + length; i++) {
          tracker.touch(grid, i);
          grid.setPassable(i % grid.width, Math.floor(i / grid.width), value);
          tiles++;
        }
      for (const [start, length, value] of edits.costs)
        for (let i = start; i < start + length; i++) {
          tracker.touch(grid, i);
          grid.setTerrain(i % grid.width, Math.floor(i / grid.width), value);
          tiles++;
        }
    });
  } catch (error) {
    return { error: `the link's edits cannot be painted: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { tiles };
}

/**
 * Paints a link's edit text onto a freshly loaded map (`addTerrain` gives a copy with a terrain layer when the
 * edits hold terrain costs and the map has none). Returns the grid to show and, when the edits could not be read
 * or painted, why (the map is then shown as loaded).
 */
export function paintLinkEdits(
  grid: Grid,
  text: string,
  tracker: EditTracker,
  addTerrain?: (grid: Grid) => Grid,
): { grid: Grid; error: string | null } {
  const edits = decodeEdits(text);
  if (!edits) return { grid, error: 'the link holds edits this page cannot read: the map is shown as loaded' };
  const target = edits.costs.length > 0 && !grid.terrain && addTerrain ? addTerrain(grid) : grid;
  const done = applyEdits(target, edits, tracker);
  return 'error' in done ? { grid, error: done.error } : { grid: target, error: null };
}
