/**
 * The studio's RTS battlefield (apps/studio/src/units/rts/rts-map.ts, built again here from the same walls): 48x32
 * tiles, a ridge down the middle crossed by a one-tile canyon (row 15, three guards in it) and a three-tile pass
 * at the top (rows 2-4), and four blocks. The scene: twenty blue units (speed 3, priority 1) at (3..7, 17..20),
 * sixteen red ones (speed 2.5, team 1) at (40..43, 12..15), the guards and a hero.
 */
import { Grid } from '../grid/grid.js';
import type { RtsUnit } from './unit.js';
import { RtsWorld } from './world.js';

/** The battlefield's walls, [x0, y0, x1, y1] inclusive rectangles of tiles (48 x 32). */
export const STUDIO_RTS_WALLS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 47, 0],
  [0, 31, 47, 31],
  [0, 0, 0, 31],
  [47, 0, 47, 31],
  [20, 5, 27, 14],
  [20, 16, 27, 30],
  [20, 1, 27, 1],
  [8, 7, 11, 11],
  [34, 20, 38, 24],
  [35, 6, 40, 8],
  [12, 23, 13, 27],
];

/** Walls `grid` (48 x 32) as the battlefield. */
export function wallStudioRts(grid: Pick<Grid, 'passable' | 'touch'>): void {
  for (const [x0, y0, x1, y1] of STUDIO_RTS_WALLS)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.passable[y * 48 + x] = 0;
  grid.touch();
}

export function studioRtsGrid(): Grid {
  const grid = Grid.open(48, 32, { shared: false });
  wallStudioRts(grid);
  return grid;
}

export interface StudioRtsScene {
  world: RtsWorld;
  blue: RtsUnit[];
  red: RtsUnit[];
  guards: RtsUnit[];
  hero: RtsUnit;
}

export function studioRtsScene(useFlow = false): StudioRtsScene {
  const world = new RtsWorld(studioRtsGrid(), { useFlow });
  const blue: RtsUnit[] = [];
  const red: RtsUnit[] = [];
  const guards: RtsUnit[] = [];
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) blue.push(world.addUnit(3 + c, 17 + r, { speed: 3, priority: 1 }));
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) red.push(world.addUnit(40 + c, 12 + r, { speed: 2.5, priority: 0, team: 1 }));
  for (const x of [22, 23, 24]) guards.push(world.addUnit(x, 15, { speed: 2.5, team: 2 }));
  const hero = world.addUnit(3, 13, { speed: 5, priority: 5, hardRadius: 0.42, softRadius: 0.7 });
  return { world, blue, red, guards, hero };
}

/**
 * Simulated seconds (steps of 1/20 s) for the scene's middle blue unit alone to reach tile (tx, ty): the bench's
 * single route (packages/bench/src/suites/rts-formations.ts); infinity after 120 s.
 */
export function studioAloneSeconds(tx: number, ty: number): number {
  const s = studioRtsScene();
  const u = s.blue[12] as RtsUnit;
  s.world.moveUnit(u, tx, ty);
  for (let step = 1; step <= 120 * 20; step++) {
    s.world.step();
    if (u.state === 'destination-reached') return step / 20;
  }
  return Number.POSITIVE_INFINITY;
}
