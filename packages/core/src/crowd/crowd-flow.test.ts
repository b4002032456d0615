import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.js';
import { parseAsciiMap } from '../grid/parse.js';
import { createRandom } from '../util/random.js';
import { addAt, crowdOnAscii, freeAt, PX, runUntil, sendTo, unitsInWalls } from './crowd.test-util.js';
import {
  type Crowd,
  countMovingCrowdUnits,
  createCrowd,
  crowdBuffers,
  crowdCount,
  crowdFrame,
  crowdFromBuffers,
} from './crowd-state.js';

const DT = 1 / 60;
/** The tutorial's pixels per tile: positions below are written in its pixels (see crowd.test-util.ts). */
const T = PX;

/** Seconds one unit takes from (sx, sy) to (gx, gy) tiles, and whether it ever overlapped a wall. */
function trip(map: string, sx: number, sy: number, gx: number, gy: number, useFlow: boolean): [number, boolean] {
  const crowd = crowdOnAscii(map, { capacity: 1, flows: true });
  addAt(crowd, sx * T, sy * T, 0);
  sendTo(crowd, 0, gx * T, gy * T, { useFlow });
  let clipped = false;
  const t = runUntil(crowd, DT, 120, (c) => {
    if (unitsInWalls(c).length > 0) clipped = true;
    return countMovingCrowdUnits(c) === 0;
  });
  const f = crowdFrame(crowd);
  expect(Math.hypot((f.x[0] as number) - gx, (f.y[0] as number) - gy)).toBeLessThan(crowd.params.arriveRadius);
  return [t, clipped];
}

const room = [
  '##############################',
  '#............................#',
  '#............................#',
  '#........#####...............#',
  '#........#####...............#',
  '#............................#',
  '#............................#',
  '#............................#',
  '#............................#',
  '##############################',
].join('\n');

describe('crowds along smooth flows', () => {
  it('a unit crosses a room at 2:1 faster along the flow than down the eight arrows', () => {
    const [byField, clippedField] = trip(room, 1.5, 8.5, 25.5, 1.5, false);
    const [byFlow, clippedFlow] = trip(room, 1.5, 8.5, 25.5, 1.5, true);
    expect(clippedField || clippedFlow).toBe(false);
    // The straight 2:1 line is ~27 tiles; eight arrows walk ~7% more. The flow rounds the block at a corner.
    expect(byFlow).toBeLessThan(byField * 0.97);
  });

  it('a crowd sent through a door along flows stops past the wall, never inside one', () => {
    const rows: string[] = [];
    for (let r = 0; r < 20; r++) {
      let row = '';
      for (let c = 0; c < 30; c++) {
        const edge = r === 0 || c === 0 || r === 19 || c === 29;
        row += edge || (r === 9 && !(c >= 20 && c <= 22)) ? '#' : '.';
      }
      rows.push(row);
    }
    const grid = parseAsciiMap(rows.join('\n'));
    const crowd = createCrowd({ grid, capacity: 60, flows: true, shared: false });
    const random = createRandom(3);
    while (crowdCount(crowd) < 60) {
      const x = 30 + random() * 840;
      const y = 30 + random() * 230;
      if (freeAt(crowd, x, y)) addAt(crowd, x, y, 0);
    }
    sendTo(crowd, 0, 15.5 * T, 15.5 * T);
    expect(crowd.groupHasFlow[0]).toBe(1);
    const t = runUntil(crowd, DT, 240, (c) => {
      expect(unitsInWalls(c)).toEqual([]);
      return countMovingCrowdUnits(c) === 0;
    });
    expect(t).toBeLessThan(240);
    const f = crowdFrame(crowd);
    let past = 0;
    for (let i = 0; i < 60; i++) if ((f.y[i] as number) > 10) past++;
    expect(past).toBe(60);
  });

  it('keeps its flow layer in the buffer (workers see it) and refuses flows it has no room for', () => {
    const crowd = crowdOnAscii(room, { capacity: 2, flows: true, shared: true });
    sendTo(crowd, 1, 25 * T, 2 * T);
    const copy: Crowd = crowdFromBuffers(crowdBuffers(crowd));
    expect(copy.flowAnchor.length).toBe(crowd.flowAnchor.length);
    expect(Array.from(copy.flowAnchor)).toEqual(Array.from(crowd.flowAnchor));
    expect(copy.groupHasFlow[1]).toBe(1);
    expect(crowd.flowRadius).toBeCloseTo((T / 2 - 1) / 2 / T, 12); // half the tutorial's 14-pixel square, in tiles
    const plain = crowdOnAscii(room, { capacity: 2 });
    expect(plain.flowAnchor.length).toBe(0);
    expect(() => sendTo(plain, 0, 25 * T, 2 * T, { useFlow: true })).toThrow(InvalidOptionError);
    sendTo(plain, 0, 25 * T, 2 * T);
    expect(plain.groupHasFlow[0]).toBe(0);
    sendTo(crowd, 0, 25 * T, 2 * T, { useFlow: false });
    expect(crowd.groupHasFlow[0]).toBe(0);
  });
});
