/**
 * Crowd steps split over Node worker_threads, against the BUILT package (dist): Node 20 cannot run the .ts
 * worker module, so `pnpm run build` must run first (the test pipeline builds before testing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
import type * as Core from '../testing/package.test-util.js';

const core = await builtPackage();

/** A point in tiles from the flocking tutorial's pixels (30 per tile): the scene keeps the tutorial's numbers. */
const px = (x: number, y: number) => ({ x: x / 30, y: y / 30 });

const DT = 1 / 60;
const MAP = [
  '##############################',
  '#............................#',
  '#............................#',
  '#.......######...............#',
  '#............#...............#',
  '#............#.......#.......#',
  '#............#.......#.......#',
  '#....................#.......#',
  '#............................#',
  '##############################',
].join('\n');

/** Two groups of 150 units crossing each other, the red one down a vector field. */
function scenario(): Core.Crowd {
  const grid = core.parseAsciiMap(MAP);
  const crowd = core.createCrowd({ grid, capacity: 300, shared: true });
  const random = core.createRandom(11);
  while (core.crowdCount(crowd) < 300) {
    const i = core.crowdCount(crowd);
    const x = (i % 2 === 0 ? 30 : 480) + random() * 390;
    const y = 30 + random() * 240;
    if (core.crowdSpotIsFree(crowd, px(x, y))) core.addCrowdUnit(crowd, px(x, y), i % 2);
  }
  core.commandCrowdGroup(crowd, 0, px(800, 150));
  core.commandCrowdGroup(crowd, 1, px(60, 150), { useField: false });
  return crowd;
}

function bytes(crowd: Core.Crowd): Uint8Array[] {
  const f = core.crowdFrame(crowd);
  return [f.x, f.y, f.vx, f.vy, f.timer, f.avoidX, f.avoidY, f.state].map((a) =>
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice(),
  );
}

describe('stepCrowdParallel over Node worker_threads (built package)', () => {
  let one: Core.FieldService;
  let two: Core.FieldService;
  beforeAll(async () => {
    [one, two] = await Promise.all([core.createFieldService({ workers: 1 }), core.createFieldService({ workers: 2 })]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('gives bit-identical state with 1 worker, 2 workers and on the main thread', async () => {
    const serial = scenario();
    const a = scenario();
    const b = scenario();
    for (let s = 1; s <= 180; s++) {
      core.stepCrowd(serial, DT);
      await core.stepCrowdParallel(one, a, DT);
      await core.stepCrowdParallel(two, b, DT, { parts: s % 2 === 0 ? 2 : 5 });
      if (s % 60 === 0) {
        const expected = bytes(serial);
        expect(bytes(a)).toEqual(expected);
        expect(bytes(b)).toEqual(expected);
      }
    }
    expect(core.crowdSteps(b)).toBe(180);
    // The units did meet: someone is avoiding someone.
    const f = core.crowdFrame(b);
    expect(f.avoidX.some((v, i) => v !== 0 || f.avoidY[i] !== 0)).toBe(true);
  });

  it('steps a crowd on ordinary memory too (the job layer carries it), as stepCrowd does', async () => {
    const grid = core.parseAsciiMap(MAP);
    const make = () => {
      const crowd = core.createCrowd({ grid, capacity: 4, shared: false });
      core.addCrowdUnit(crowd, px(45, 45));
      core.addCrowdUnit(crowd, px(75, 45));
      core.commandCrowdGroup(crowd, 0, px(800, 225));
      return crowd;
    };
    const a = make();
    const b = make();
    for (let k = 0; k < 10; k++) {
      core.stepCrowd(a, DT);
      await core.stepCrowdParallel(one, b, DT);
    }
    // The state, bit for bit (the crowd's own neighbour grid is stepCrowd's scratch: the bands build their own).
    expect(bytes(b)).toEqual(bytes(a));
    expect(core.hashCrowd(b)).toBe(core.hashCrowd(a));
  });
});
