import { describe, expect, it } from 'vitest';
import { assignFormationSlots, formationAnchor, pointBehind, rtsFormationSlots, sortBySlot } from './formation.js';

describe('formation geometry', () => {
  it('assigns slots greedily from the centre out, then swaps two units whose paths cross', () => {
    // Slots 0, 1, 2 at x = 0, -1, 1. A stands nearest the centre and commands; B is served before C and takes
    // slot 1 (its nearest), which leaves C the far slot 2 (3.5 tiles away); swapping gives B slot 2 and C slot 1.
    const slotOf: number[] = [];
    const commander = assignFormationSlots(
      [0, -0.2, -2.5],
      [0.05, 0, 0],
      [7, 8, 9],
      0,
      0,
      [0, -1, 1],
      [0, 0, 0],
      slotOf,
    );
    expect(commander).toBe(0);
    expect(slotOf).toEqual([0, 2, 1]);
  });

  it('gives slot 0 to the unit nearest the centre, the lower id on a tie', () => {
    const slotOf: number[] = [];
    const commander = assignFormationSlots([1, -1], [0, 0], [5, 4], 0, 0, [0.5, -0.5], [0, 0], slotOf);
    expect(commander).toBe(1);
    expect(slotOf).toEqual([1, 0]);
  });

  it('anchors the formation so that slot 0 stands at the commander', () => {
    const slots = rtsFormationSlots('line', 2); // slot 0 at right -0.5, slot 1 at right 0.5
    const out = { x: 0, y: 0 };
    // Facing east, right is south (+y): the anchor is half a tile south of the commander.
    expect(formationAnchor(slots, 3, 4, 0, out)).toEqual({ x: 3, y: 4.5 });
    expect(formationAnchor(new Float64Array(0), 3, 4, 1, out)).toEqual({ x: 3, y: 4 });
  });

  it('sorts indices by slot, ties by index, keeping the order between calls', () => {
    const order = new Int32Array([0, 1, 2, 3]);
    sortBySlot(order, [2, 0, 2, 1]);
    expect(Array.from(order)).toEqual([1, 3, 0, 2]);
    sortBySlot(order, [0, 1, 2, 3]);
    expect(Array.from(order)).toEqual([0, 1, 2, 3]);
  });

  it('finds the point a distance behind the end of a trail, or its oldest point', () => {
    const trail = [0, 0, 4, 0, 4, 3];
    const out = { x: 0, y: 0 };
    expect(pointBehind(trail, 2, out)).toEqual({ x: 4, y: 1 });
    expect(pointBehind(trail, 5, out)).toEqual({ x: 2, y: 0 });
    expect(pointBehind(trail, 50, out)).toEqual({ x: 0, y: 0 });
  });
});
