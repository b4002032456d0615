import fc from 'fast-check';
import { describe, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { computeFlow } from '../flow/compute-flow.js';
import { generateMap } from '../grid/generate.js';
import type { Grid } from '../grid/grid.js';
import { createRandom } from '../util/random.js';
import {
  addFollower,
  addFollowTarget,
  createFollowers,
  FOLLOWER_MEMO_SLOTS,
  type Followers,
  followerCount,
  MEMO_TILE,
  setFollowerTarget,
} from './followers-state.js';
import { stepFollowers } from './followers-step.js';

const SIDE = 24;

/**
 * Followers on a random map with four targets whose blocked tiles differ (a flow, and fields cut off at a few tiles
 * from their goals: tiles past the cut count as blocked), 40 followers.
 */
function scene(grid: Grid, seed: number): Followers {
  const random = createRandom(seed);
  const open: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.passable[i] === 1) open.push(i);
  const pick = () => {
    const i = open[Math.floor(random() * open.length)] as number;
    return { x: i % SIDE, y: Math.floor(i / SIDE) };
  };
  const f = createFollowers({ grid, capacity: 40 });
  addFollowTarget(f, { flow: computeFlow(grid, computeField(grid, { goals: [pick()] }), { radius: 0.25 }) });
  for (const maxCost of [3, 5, 8])
    addFollowTarget(f, { field: computeField(grid, { goals: [pick()], maxCost }), radius: 0.25 });
  for (let n = 0; n < 40; n++) {
    const p = pick();
    addFollower(
      f,
      { x: p.x + 0.3 + 0.4 * random(), y: p.y + 0.3 + 0.4 * random() },
      { target: n % 4, speed: 2 + random() },
    );
  }
  return f;
}

describe('the tile mask a follower keeps in its memo', () => {
  it('changes no move: followers whose kept mask is wiped before every step move bit for bit the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        // Two copies of one scene: one stepped as it is, one with every kept tile mask wiped (each sample reads the
        // map). The same target switches and wall edits on both, between steps.
        const grids = [0, 1].map(() => generateMap('random', SIDE, SIDE, { density: 0.25, seed }));
        const copies = grids.map((g) => scene(g, seed));
        const random = createRandom(seed + 1);
        for (let s = 0; s < 240; s++) {
          const switchTo = random() < 0.3 ? Math.floor(random() * 40) : -1;
          const target = Math.floor(random() * 4);
          const edit = random() < 0.05 ? Math.floor(random() * SIDE * SIDE) : -1;
          copies.forEach((f, c) => {
            if (switchTo >= 0) setFollowerTarget(f, switchTo, target);
            const grid = grids[c] as Grid;
            if (edit >= 0) grid.setPassable(edit % SIDE, Math.floor(edit / SIDE), grid.passable[edit] === 0);
            if (c === 1) for (let i = 0; i < followerCount(f); i++) f.memo[i * FOLLOWER_MEMO_SLOTS + MEMO_TILE] = 0;
            stepFollowers(f, 1 / 30);
          });
          const [a, b] = copies as [Followers, Followers];
          for (let i = 0; i < 40; i++) {
            if (a.x[i] !== b.x[i] || a.y[i] !== b.y[i] || a.state[i] !== b.state[i])
              throw new Error(`seed ${seed}, step ${s}: follower ${i} moved otherwise with its kept mask`);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
