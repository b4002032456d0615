import type { Grid } from '@fieldmarshal/core';
import type { Point } from './tools.js';
import { createWalker, stepWalker, type Walker, type WalkTarget } from './walker.js';

/** Colours given to dropped units in turn. */
export const UNIT_COLORS = ['#35e0ff', '#7dff6b', '#ff7ad9', '#ffd84d', '#b18cff', '#ff9f43'];

/** Most units on the map at once; dropping one more removes the oldest. */
export const MAX_UNITS = 24;

/** Most walker steps taken in one animation frame (a slow frame never runs a long catch-up). */
export const MAX_STEPS_PER_FRAME = 64;

/** The units of the Fields page: the walkers on the map and the ids and colours of new ones. */
export class WalkerRoster {
  /** The walkers, oldest first. Replaced (not emptied in place) by {@link reset} and {@link clear}. */
  list: Walker[] = [];
  private nextId = 1;

  /** Starts over with the unit a map suggests (in the first colour), or none. */
  reset(unit: Point | null): void {
    this.list = unit ? [createWalker(this.nextId++, unit.x, unit.y, UNIT_COLORS[0] as string)] : [];
  }

  /** Drops a unit on (x, y) (the caller checks the tile is walkable), removing the oldest past {@link MAX_UNITS}. */
  drop(x: number, y: number): void {
    const walkers = this.list;
    if (walkers.length >= MAX_UNITS) walkers.shift();
    const color = UNIT_COLORS[(this.nextId - 1) % UNIT_COLORS.length] as string;
    walkers.push(createWalker(this.nextId++, x, y, color));
  }

  /** Puts every unit back on the tile it was dropped on, with a fresh trail. */
  restart(): void {
    for (const w of this.list) Object.assign(w, createWalker(w.id, w.startX, w.startY, w.color));
  }

  /** Removes every unit. */
  clear(): void {
    this.list = [];
  }

  /** Sets every unit moving again (a new map to follow). */
  wake(): void {
    for (const w of this.list) if (w.status !== 'moving') w.status = 'moving';
  }

  /** True when any unit is still moving. */
  anyMoving(): boolean {
    return this.list.some((w) => w.status === 'moving');
  }

  /** Takes `steps` steps with every moving unit. */
  step(target: WalkTarget, grid: Grid, steps: number): void {
    const walkers = this.list;
    for (let s = 0; s < steps; s++) {
      for (const w of walkers) if (w.status === 'moving') stepWalker(w, target, grid);
    }
  }

  /** Ends the in-between drawing of the last move: every unit is drawn on its tile. */
  settle(): void {
    for (const w of this.list) {
      w.px = w.x;
      w.py = w.y;
    }
  }
}
