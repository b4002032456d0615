import { describe, expect, it } from 'vitest';
import { parseAsciiMap } from '../grid/parse.js';
import { RtsPathfinder } from './astar.js';
import { columnLength, planFormationRoute, reformLength } from './formation-route.js';

// From S (2, 6) to G (30, 6): a one-tile canyon straight through the ridge (row 6), or round it by a pass three
// tiles wide (rows 1 to 3), 3.3 tiles longer.
const RIDGE = `
#################################
#...............................#
#...............................#
#...............................#
#..........###########..........#
#..........###########..........#
#...............................#
#..........###########..........#
#..........###########..........#
#..........###########..........#
#..........###########..........#
#################################
`;

function needs(members: number, radius: number) {
  return {
    sx: 2,
    sy: 6,
    gx: 30,
    gy: 6,
    widest: 3,
    radius,
    least: 0,
    members,
    spacing: 1,
    diagonal: 'if-both-free' as const,
  };
}

describe('planFormationRoute: the clearance whose last member arrives first', () => {
  const pathfinder = new RtsPathfinder(parseAsciiMap(RIDGE, undefined, { shared: false }));
  const canyon = pathfinder.findPath({ x: 2, y: 6 }, { x: 30, y: 6 }, { clearance: 0 });
  const pass = pathfinder.findPath({ x: 2, y: 6 }, { x: 30, y: 6 }, { clearance: 1 });

  it('prices a column and the way back to the slots', () => {
    expect(columnLength(20, 1, 1)).toBe(19);
    expect(columnLength(20, 3, 1)).toBe(6);
    expect(columnLength(20, 3, 1.5)).toBe(9);
    expect(columnLength(1, 7, 1)).toBe(0);
    expect(reformLength(2.5, 1)).toBe(1);
    expect(reformLength(2.5, 2)).toBe(0);
    expect(reformLength(2.5, 3)).toBe(0);
  });

  it('a small group takes the canyon in file; a long column goes round by the pass', () => {
    expect(canyon?.cost).toBe(28);
    expect(pass).not.toBeNull();
    const extra = (pass?.cost ?? 0) - 28;
    expect(extra).toBeGreaterThan(2);
    expect(extra).toBeLessThan(12);
    // 4 members: a column of 3 in file against 1 three abreast; the pass costs `extra` more.
    const small = planFormationRoute(pathfinder, needs(4, 1.5));
    expect(small?.clearance).toBe(0);
    expect(small?.path.cost).toBe(28);
    // 40 members: 39 tiles of column in file against 13 three abreast, more than the pass's extra way.
    const large = planFormationRoute(pathfinder, needs(40, 1.5));
    expect(large?.clearance).toBe(1);
    expect(large?.path.cost).toBe(pass?.cost);
    // No walk of clearance 2 or 3 joins the two tiles: after 3 fails, 2 is skipped; then 1 and (for the small
    // group) 0.
    expect(small?.searches).toBe(3);
  });

  it('stops searching narrower clearances once their column alone cannot win', () => {
    // 60 members: in file the column is 59 tiles, past the pass's whole time; the canyon is never searched.
    const plan = planFormationRoute(pathfinder, needs(60, 1.5));
    expect(plan?.clearance).toBe(1);
    expect(plan?.searches).toBe(2);
  });

  it('null when no clearance has a path; the widest with a path when all tie', () => {
    expect(planFormationRoute(pathfinder, { ...needs(4, 1.5), gx: 16, gy: 8 })).toBeNull();
    const open = new RtsPathfinder(parseAsciiMap('#######\n#.....#\n#.....#\n#.....#\n#######', undefined));
    const plan = planFormationRoute(open, { ...needs(3, 1.5), sx: 1, sy: 2, gx: 5, gy: 2, widest: 1 });
    expect(plan?.clearance).toBe(1);
    expect(plan?.path.cost).toBe(4);
  });
});
