import { Grid, type RtsUnit, RtsWorld } from '@fieldmarshal/core';

/** Map size in tiles. */
export const RTS_MAP_WIDTH = 48;
export const RTS_MAP_HEIGHT = 32;
/** Row of the one-tile canyon through the central ridge. */
export const RTS_CANYON_ROW = 15;

/** Team of a demo unit (for colours). */
export type RtsTeam = 'blue' | 'red' | 'guard' | 'hero';

export interface RtsScene {
  world: RtsWorld;
  team: Map<RtsUnit, RtsTeam>;
}

function wall(grid: Grid, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.passable[y * grid.width + x] = 0;
}

/**
 * The demo map: a border, a ridge down the middle crossed by a one-tile canyon (with three guards) and a
 * three-tile pass at the top, and a few blocks to walk around.
 */
export function createRtsMap(): Grid {
  const grid = Grid.open(RTS_MAP_WIDTH, RTS_MAP_HEIGHT, { shared: false });
  const w = RTS_MAP_WIDTH;
  const h = RTS_MAP_HEIGHT;
  wall(grid, 0, 0, w - 1, 0);
  wall(grid, 0, h - 1, w - 1, h - 1);
  wall(grid, 0, 0, 0, h - 1);
  wall(grid, w - 1, 0, w - 1, h - 1);
  // The ridge, with the pass (rows 2..4) and the canyon (row 15).
  wall(grid, 20, 5, 27, RTS_CANYON_ROW - 1);
  wall(grid, 20, RTS_CANYON_ROW + 1, 27, h - 2);
  wall(grid, 20, 1, 27, 1);
  // Blocks.
  wall(grid, 8, 7, 11, 11);
  wall(grid, 34, 20, 38, 24);
  wall(grid, 35, 6, 40, 8);
  wall(grid, 12, 23, 13, 27);
  grid.touch();
  return grid;
}

/** The demo scene: about forty units in two armies, three canyon guards and a hero. */
export function createRtsScene(): RtsScene {
  const world = new RtsWorld(createRtsMap());
  const team = new Map<RtsUnit, RtsTeam>();
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) team.set(world.addUnit(3 + c, 17 + r, { speed: 3, priority: 1 }), 'blue');
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) team.set(world.addUnit(40 + c, 12 + r, { speed: 2.5, priority: 0, team: 1 }), 'red');
  for (const x of [22, 23, 24]) team.set(world.addUnit(x, RTS_CANYON_ROW, { speed: 2.5, team: 2 }), 'guard');
  team.set(world.addUnit(3, RTS_CANYON_ROW - 2, { speed: 5, priority: 5, hardRadius: 0.42, softRadius: 0.7 }), 'hero');
  return { world, team };
}
