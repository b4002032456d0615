/**
 * End places of a formation whose slots cannot be held (./formation-end.ts, rtsEndSpots): the member goes to a
 * free tile near its slot that the formation's centre sees, not across a wall block from the others.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../grid/grid.js';
import { rtsEndSpots } from './formation-end.js';

describe('rtsEndSpots', () => {
  it('puts a member whose slot is behind a wall on a free tile the centre sees', () => {
    // 12 x 12, open but for a wall at x = 5 from y = 0 to 8: the tiles west of it are walked to round its end.
    const grid = Grid.open(12, 12, { shared: false });
    for (let y = 0; y <= 8; y++) grid.passable[y * 12 + 5] = 0;
    grid.touch();
    // Breadth-first order does not matter here: every open tile is near the goal.
    const candidates: number[] = [];
    for (let t = 0; t < 144; t++) if (grid.passable[t]) candidates.push(t);
    // The commander on the goal (7.5, 4.5), facing east; slot 1 four tiles behind it, at (3.5, 4.5), west of the
    // wall: open, but not in a straight line from the centre.
    const slots = new Float64Array([0, 0, -4, 0]);
    const out = { x: new Float64Array(2), y: new Float64Array(2) };
    rtsEndSpots(grid, slots, [0, 1], new Int32Array([0, 1]), 7.5, 4.5, 0, 7.5, 4.5, 0.4, candidates, out);
    expect([out.x[0], out.y[0]]).toEqual([7.5, 4.5]);
    // The nearest tile to the slot that the centre sees is (6, 4), next to the wall on the goal's side; the
    // nearest of all, (3, 4) itself, is a walk round the wall's end.
    expect([out.x[1], out.y[1]]).toEqual([6.5, 4.5]);
  });

  it('falls back to the nearest free tile when the centre sees none', () => {
    // 8 x 3, a wall at x = 4 from y = 0 to 1 (open round its end at y = 2).
    const grid = Grid.open(8, 3, { shared: false });
    for (let y = 0; y <= 1; y++) grid.passable[y * 8 + 4] = 0;
    grid.touch();
    // Candidates: the goal's tile and two tiles west of the wall, which the centre (6.5, 1.5) does not see.
    const candidates = [1 * 8 + 6, 1 * 8 + 2, 1 * 8 + 1];
    const slots = new Float64Array([0, 0, -4, 0]);
    const out = { x: new Float64Array(2), y: new Float64Array(2) };
    rtsEndSpots(grid, slots, [0, 1], new Int32Array([0, 1]), 6.5, 1.5, 0, 6.5, 1.5, 0.4, candidates, out);
    expect([out.x[1], out.y[1]]).toEqual([2.5, 1.5]);
  });
});
