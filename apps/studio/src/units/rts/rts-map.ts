import { Grid } from '@fieldmarshal/core';
import { type RtsUnit, RtsWorld } from '@fieldmarshal/core/rts';

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

/**
 * The demo scene: about forty units in two armies, three canyon guards and a hero. With `useFlow`, orders follow
 * smooth flows instead of A*'s eight-arrow tile paths (the world option of that name).
 */
export function createRtsScene(useFlow = false): RtsScene {
  const world = new RtsWorld(createRtsMap(), { useFlow });
  const team = new Map<RtsUnit, RtsTeam>();
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) team.set(world.addUnit(3 + c, 17 + r, { speed: 3, priority: 1 }), 'blue');
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) team.set(world.addUnit(40 + c, 12 + r, { speed: 2.5, priority: 0, team: 1 }), 'red');
  for (const x of [22, 23, 24]) team.set(world.addUnit(x, RTS_CANYON_ROW, { speed: 2.5, team: 2 }), 'guard');
  team.set(world.addUnit(3, RTS_CANYON_ROW - 2, { speed: 5, priority: 5, hardRadius: 0.42, softRadius: 0.7 }), 'hero');
  return { world, team };
}

/** Up to `count` free walkable tiles nearest to (cx, cy) (rings outwards), marked in `taken`. */
function tilesNear(grid: Grid, cx: number, cy: number, count: number, taken: Uint8Array): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const maxR = Math.max(grid.width, grid.height);
  for (let r = 0; r <= maxR && out.length < count; r++) {
    for (let dy = -r; dy <= r && out.length < count; dy++) {
      for (let dx = -r; dx <= r && out.length < count; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const x = cx + dx;
        const y = cy + dy;
        if (!grid.isPassable(x, y) || taken[y * grid.width + x]) continue;
        // Every other tile, so the units do not start pressed together.
        if ((x + y) % 2 !== 0) continue;
        taken[y * grid.width + x] = 1;
        out.push({ x, y });
      }
    }
  }
  return out;
}

/** Largest side of a map the RTS demo takes from a file. */
export const RTS_MAX_SIDE = 96;

/**
 * A scene on a map of your own (a copy of it, since buildings edit the grid): twenty blue units near the left
 * and sixteen red ones near the right, on free ground, and the hero beside the blue army (`useFlow` as in
 * {@link createRtsScene}).
 */
export function createRtsSceneOn(map: Grid, useFlow = false): RtsScene {
  const grid = map.clone({ shared: false });
  const world = new RtsWorld(grid, { useFlow });
  const team = new Map<RtsUnit, RtsTeam>();
  const taken = new Uint8Array(grid.size);
  const cy = Math.floor(grid.height / 2);
  for (const t of tilesNear(grid, Math.floor(grid.width * 0.15), cy, 20, taken))
    team.set(world.addUnit(t.x, t.y, { speed: 3, priority: 1 }), 'blue');
  for (const t of tilesNear(grid, Math.floor(grid.width * 0.85), cy, 16, taken))
    team.set(world.addUnit(t.x, t.y, { speed: 2.5, priority: 0, team: 1 }), 'red');
  for (const t of tilesNear(grid, Math.floor(grid.width * 0.1), Math.floor(grid.height * 0.25), 1, taken))
    team.set(world.addUnit(t.x, t.y, { speed: 5, priority: 5, hardRadius: 0.42, softRadius: 0.7 }), 'hero');
  return { world, team };
}
