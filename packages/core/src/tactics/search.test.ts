import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { generateMap } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { locateInAscii, parseAsciiMap } from '../grid/parse.js';
import { createFrameScheduler } from '../service/frame-scheduler.js';
import { type ConvexSets, decomposeConvexSets } from '../sets/convex-sets.js';
import { setCostsFrom } from '../sets/set-costs.js';
import { buildSetFields } from '../sets/set-fields.js';
import { createRandom, randomInt } from '../util/random.js';
import type { ResumableTask } from '../util/task.js';
import { tacticConstants } from './criteria.js';
import {
  chooseTacticSet,
  createTacticSearch,
  DEFAULT_MAX_CANDIDATES,
  pickCandidate,
  type SetCostPair,
  searchTactic,
  type TacticKind,
  type TacticSearchResult,
  tacticCandidates,
} from './search.js';

/**
 * A row of one-tile sets (set id = x) with hand-picked costs: the player stands in set 0, the target in set 1;
 * `me[1]` is cost(me, targetSet), `target[0]` cost(target, mySet). Sets 2.. are the sets under test.
 */
function costRow(myCost: number, targetCost: number, cases: [number, number][]) {
  const n = 2 + cases.length;
  const grid = Grid.open(n, 1, { shared: false });
  const sets = decomposeConvexSets(grid, { maxSide: 1 });
  const me = new Int32Array(n);
  const target = new Int32Array(n);
  me[0] = 0;
  me[1] = myCost;
  target[0] = targetCost;
  target[1] = 0;
  cases.forEach(([m, t], i) => {
    me[2 + i] = m;
    target[2 + i] = t;
  });
  const costs: SetCostPair = { me, target };
  const run = (kind: TacticKind, extra = {}) =>
    [...searchTactic(grid, sets, { x: 0, y: 0 }, { x: 1, y: 0 }, kind, { costs, ...extra }).candidates]
      .filter((s) => s >= 2)
      .map((s) => cases[s - 2]);
  return { grid, sets, costs, run };
}

describe('flank criteria at their boundaries', () => {
  // average = floor((10 + 11) / 2) = 10: hyperbola 5, small ellipse 20, large ellipse 80.
  it('hyperbola |m - t| <= 5', () => {
    const { run } = costRow(10, 11, [
      [10, 15],
      [10, 16],
      [15, 10],
      [16, 10],
    ]);
    expect(run('flank')).toEqual([
      [10, 15],
      [15, 10],
    ]);
  });
  it('small ellipse m + t >= 20', () => {
    const { run } = costRow(10, 11, [
      [10, 10],
      [9, 10],
      [10, 9],
    ]);
    expect(run('flank')).toEqual([[10, 10]]);
  });
  it('large ellipse m + t <= 80', () => {
    const { run } = costRow(10, 11, [
      [40, 40],
      [40, 41],
      [41, 40],
    ]);
    expect(run('flank')).toEqual([[40, 40]]);
  });
  it('unreachable sets are never kept', () => {
    const { run } = costRow(10, 11, [
      [-1, 12],
      [12, -1],
      [12, 12],
    ]);
    expect(run('flank')).toEqual([[12, 12]]);
  });
  it('uses the factors given as options', () => {
    // hyperbola floor(1 * 10) = 10, small ellipse floor(1.5 * 10) = 15, large ellipse floor(3 * 10) = 30.
    const { run } = costRow(10, 11, [
      [3, 13],
      [2, 13],
      [8, 7],
      [7, 7],
      [15, 15],
      [15, 16],
    ]);
    expect(run('flank', { hyperbolaFactor: 1, smallEllipseFactor: 1.5, largeEllipseFactor: 3 })).toEqual([
      [3, 13],
      [8, 7],
      [15, 15],
    ]);
  });
});

describe('retreat criteria at their boundaries', () => {
  // average 10: hyperbola 5, circle 20.
  it('t - m >= 5, t >= 20, m <= 20, m <= t', () => {
    const { run } = costRow(10, 11, [
      [15, 20],
      [16, 20],
      [10, 19],
      [20, 25],
      [21, 26],
      [20, 20],
      [0, 20],
      [-1, 30],
      [3, -1],
    ]);
    expect(run('retreat')).toEqual([
      [15, 20],
      [20, 25],
      [0, 20],
    ]);
  });
  it('m <= t even when the hyperbola is 0 (average 1)', () => {
    const { run } = costRow(1, 2, [
      [2, 2],
      [3, 2],
      [1, 2],
      [2, 1],
    ]);
    expect(run('retreat')).toEqual([
      [2, 2],
      [1, 2],
    ]);
  });
  it('the circle factor is an option', () => {
    const { run } = costRow(10, 11, [
      [15, 20],
      [20, 30],
      [25, 30],
      [26, 30],
      [31, 40],
    ]);
    // circle floor(3 * 10) = 30: t >= 30 and m <= 30; the hyperbola stays 5.
    expect(run('retreat', { circleFactor: 3 })).toEqual([
      [20, 30],
      [25, 30],
    ]);
  });
});

describe('tacticConstants', () => {
  it('uses integer arithmetic as the seed', () => {
    expect(tacticConstants(3, 4)).toEqual({
      myCost: 3,
      targetCost: 4,
      average: 3,
      hyperbola: 1,
      smallEllipse: 6,
      largeEllipse: 24,
      circle: 6,
    });
    expect(() => tacticConstants(-1, 4)).toThrow(OutOfRangeError);
    expect(() => tacticConstants(1, 4, { circleFactor: -2 })).toThrow(OutOfRangeError);
  });
});

/** The seed's figure 3/4 map: B needs 3 moves into A's set (the top row), A needs 7 into B's (the column). */
const FIG3 = ['.A......', '#######.', '#######.', '#######B'].join('\n');
/** The seed's figure 2 map: B and C share the bottom set, so A sees 6 moves to both. */
const FIG2 = ['###A###', '###.###', '###.###', '###.###', '###.###', '###.###', 'B.....C', '.......'].join('\n');
const LEGEND = { '#': 0, '.': 1, A: 1, B: 1, C: 1 };
const at = (text: string, ch: string) => locateInAscii(text, ch)[0] as { x: number; y: number };

describe("the seed's figures", () => {
  it('fig 2: one cost for every tile of a set', () => {
    const g = parseAsciiMap(FIG2, LEGEND);
    const sets = decomposeConvexSets(g);
    const a = at(FIG2, 'A');
    const b = at(FIG2, 'B');
    const c = at(FIG2, 'C');
    const bSet = sets.setOf[b.y * g.width + b.x] as number;
    expect(sets.setOf[c.y * g.width + c.x]).toBe(bSet);
    const fromA = setCostsFrom(g, sets, { x: a.x, y: a.y });
    expect(fromA[bSet]).toBe(6);
  });

  it('figs 3 and 4: B sees 3 moves into A set, A sees 7 into B set', () => {
    const g = parseAsciiMap(FIG3, LEGEND);
    const sets = decomposeConvexSets(g);
    expect(sets.count).toBe(2);
    const a = at(FIG3, 'A');
    const b = at(FIG3, 'B');
    const aSet = sets.setOf[a.y * g.width + a.x] as number;
    const bSet = sets.setOf[b.y * g.width + b.x] as number;
    expect(setCostsFrom(g, sets, { x: b.x, y: b.y })[aSet]).toBe(3);
    expect(setCostsFrom(g, sets, { x: a.x, y: a.y })[bSet]).toBe(7);
    const r = searchTactic(g, sets, a, b, 'flank');
    expect(r.constants).toMatchObject({ myCost: 7, targetCost: 3, average: 5, hyperbola: 2, smallEllipse: 10 });
  });
});

describe('searches on maps', () => {
  it('gives no candidates and the own set when both stand in one set', () => {
    const g = Grid.open(9, 9, { shared: false });
    const sets = decomposeConvexSets(g);
    expect([...tacticCandidates(g, sets, { x: 0, y: 0 }, { x: 8, y: 8 }, { mode: 'flank' })]).toEqual([]);
    expect([...tacticCandidates(g, sets, { x: 0, y: 0 }, { x: 8, y: 8 }, { mode: 'retreat' })]).toEqual([]);
    expect(chooseTacticSet(g, sets, { x: 0, y: 0 }, { x: 8, y: 8 }, { mode: 'flank' })).toBe(0);
    expect(chooseTacticSet(g, sets, { x: 0, y: 0 }, { x: 8, y: 8 }, { mode: 'retreat' })).toBe(0);
    expect(searchTactic(g, sets, { x: 0, y: 0 }, { x: 8, y: 8 }, 'flank').constants).toBeNull();
  });

  it('gives no candidates when they cannot reach each other', () => {
    const g = parseAsciiMap(['...#...', '...#...'].join('\n'));
    const sets = decomposeConvexSets(g, { maxSide: 1 });
    expect([...tacticCandidates(g, sets, { x: 0, y: 0 }, { x: 6, y: 1 }, { mode: 'flank' })]).toEqual([]);
    expect(chooseTacticSet(g, sets, { x: 0, y: 0 }, { x: 6, y: 1 }, { mode: 'retreat' })).toBe(sets.setOf[0]);
  });

  it('refuses walls and outside tiles, and bad options', () => {
    const g = parseAsciiMap(['..#', '...'].join('\n'));
    const sets = decomposeConvexSets(g);
    expect(() => tacticCandidates(g, sets, { x: 2, y: 0 }, { x: 0, y: 0 }, { mode: 'flank' })).toThrow(CoordinateError);
    expect(() => tacticCandidates(g, sets, { x: 0, y: 0 }, { x: 5, y: 0 }, { mode: 'retreat' })).toThrow(
      CoordinateError,
    );
    expect(() =>
      tacticCandidates(g, sets, { x: 0, y: 0 }, { x: 0, y: 1 }, { mode: 'flank', maxCandidates: 0 }),
    ).toThrow(OutOfRangeError);
    expect(() => createTacticSearch(g, sets, { x: 0, y: 0 }, { x: 0, y: 1 }, 'hide' as TacticKind, {})).toThrow(
      InvalidOptionError,
    );
  });

  it('stops at maxCandidates with the first ids in ascending order', () => {
    const g = generateMap('random', 40, 30, { seed: 9, density: 0.15, shared: false });
    const sets = decomposeConvexSets(g, { maxSide: 3 });
    const me = { x: 12, y: 10 };
    const target = { x: 22, y: 16 };
    g.passable[me.y * 40 + me.x] = 1;
    g.passable[target.y * 40 + target.x] = 1;
    const s2 = decomposeConvexSets(g, { maxSide: 3 });
    const all = [...tacticCandidates(g, s2, me, target, { mode: 'flank', maxCandidates: Number.POSITIVE_INFINITY })];
    expect(all.length).toBeGreaterThan(5);
    expect(all).toEqual([...all].sort((p, q) => p - q));
    expect([...tacticCandidates(g, s2, me, target, { mode: 'flank', maxCandidates: 5 })]).toEqual(all.slice(0, 5));
    expect(sets.count).toBeGreaterThan(0);
  });

  it("keeps at most 255 sets by default, where the tutorial's C search stops (bufferIndex == 255)", () => {
    expect(DEFAULT_MAX_CANDIDATES).toBe(255);
    const g = Grid.open(64, 64);
    const sets = decomposeConvexSets(g, { maxSide: 1 });
    const me = { x: 2, y: 2 };
    const target = { x: 40, y: 40 };
    const all = [...tacticCandidates(g, sets, me, target, { mode: 'flank', maxCandidates: Number.POSITIVE_INFINITY })];
    expect(all.length).toBeGreaterThan(256);
    const kept = [...tacticCandidates(g, sets, me, target, { mode: 'flank' })];
    expect(kept.length).toBe(255);
    expect(kept).toEqual(all.slice(0, 255));
    expect([...tacticCandidates(g, sets, me, target, { mode: 'flank', maxCandidates: 256 })]).toEqual(
      all.slice(0, 256),
    );
  });

  it('picks a candidate with the given random source', () => {
    const g = generateMap('random', 40, 30, { seed: 4, density: 0.1, shared: false });
    const me = { x: 10, y: 10 };
    const target = { x: 24, y: 18 };
    g.passable[me.y * 40 + me.x] = 1;
    g.passable[target.y * 40 + target.x] = 1;
    const sets = decomposeConvexSets(g, { maxSide: 2 });
    const r = searchTactic(g, sets, me, target, 'flank');
    expect(r.candidates.length).toBeGreaterThan(1);
    const expected = r.candidates[randomInt(createRandom(77), r.candidates.length)];
    expect(chooseTacticSet(g, sets, me, target, { mode: 'flank', random: createRandom(77) })).toBe(expected);
    expect(pickCandidate(r, createRandom(77))).toBe(expected);
  });
});

// ---- Property tests against a slow, literal reference -------------------------------------------------------

/** Slow reference: moves from (x, y) to every tile, by repeated relaxation (8 neighbours, if-both-free). */
function referenceCosts(grid: Grid, x: number, y: number): Float64Array {
  const { width, height, passable } = grid;
  const cost = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
  cost[y * width + x] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let ty = 0; ty < height; ty++)
      for (let tx = 0; tx < width; tx++) {
        const t = ty * width + tx;
        const code = passable[t];
        if (!code) continue;
        for (let d = 0; d < 8; d++) {
          const nx = tx + (DIR_DX[d] as number);
          const ny = ty + (DIR_DY[d] as number);
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          if (passable[ny * width + nx] !== code) continue;
          if (d >= 4 && !(passable[ty * width + nx] === code && passable[ny * width + tx] === code)) continue;
          const c = (cost[ny * width + nx] as number) + 1;
          if (c < (cost[t] as number)) {
            cost[t] = c;
            changed = true;
          }
        }
      }
  }
  return cost;
}

function referenceSetCost(sets: ConvexSets, cost: Float64Array, s: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let t = 0; t < cost.length; t++) if (sets.setOf[t] === s) best = Math.min(best, cost[t] as number);
  return best;
}

/** The seed's tests written out literally. */
function literalKeeps(kind: TacticKind, m: number, t: number, myCost: number, targetCost: number): boolean {
  const average = Math.floor((myCost + targetCost) / 2);
  const hyperbola = Math.floor(average / 2);
  if (!Number.isFinite(m) || !Number.isFinite(t)) return false;
  if (kind === 'flank') return Math.abs(m - t) <= hyperbola && m + t >= 2 * average && m + t <= 8 * average;
  return m <= t && t - m >= hyperbola && t >= 2 * average && m <= 2 * average;
}

const mapArb = fc.record({
  w: fc.integer({ min: 2, max: 16 }),
  h: fc.integer({ min: 2, max: 16 }),
  seed: fc.integer(),
  density: fc.constantFrom(0, 0.1, 0.25),
  maxSide: fc.constantFrom(1, 2, 4, Number.POSITIVE_INFINITY),
  a: fc.nat(),
  b: fc.nat(),
});

function setup(p: { w: number; h: number; seed: number; density: number; maxSide: number; a: number; b: number }) {
  const g = generateMap('random', p.w, p.h, { seed: p.seed, density: p.density, shared: false });
  const me = p.a % g.size;
  const target = p.b % g.size;
  g.passable[me] = 1;
  g.passable[target] = 1;
  const sets = decomposeConvexSets(g, { maxSide: p.maxSide });
  return {
    g,
    sets,
    me: { x: me % p.w, y: Math.floor(me / p.w) },
    target: { x: target % p.w, y: Math.floor(target / p.w) },
  };
}

describe('flank and retreat candidates (property, against a literal reference)', () => {
  it('keep exactly the sets that pass every test, from both cost sources', () => {
    fc.assert(
      fc.property(mapArb, fc.constantFrom<TacticKind>('flank', 'retreat'), (p, kind) => {
        const { g, sets, me, target } = setup(p);
        const got = [
          ...searchTactic(g, sets, me, target, kind, { maxCandidates: Number.POSITIVE_INFINITY }).candidates,
        ];
        const fields = buildSetFields(g, sets);
        const viaFields = [
          ...searchTactic(g, sets, me, target, kind, { maxCandidates: Number.POSITIVE_INFINITY, costs: fields })
            .candidates,
        ];
        expect(viaFields).toEqual(got);
        const fields32 = buildSetFields(g, sets, { costType: 'int32' });
        const viaFields32 = [
          ...searchTactic(g, sets, me, target, kind, { maxCandidates: Number.POSITIVE_INFINITY, costs: fields32 })
            .candidates,
        ];
        expect(viaFields32).toEqual(got);
        const mySet = sets.setOf[me.y * g.width + me.x] as number;
        const targetSet = sets.setOf[target.y * g.width + target.x] as number;
        if (mySet === targetSet) {
          expect(got).toEqual([]);
          return;
        }
        const fromMe = referenceCosts(g, me.x, me.y);
        const fromTarget = referenceCosts(g, target.x, target.y);
        const myCost = referenceSetCost(sets, fromMe, targetSet);
        const targetCost = referenceSetCost(sets, fromTarget, mySet);
        const expected: number[] = [];
        for (let s = 0; s < sets.count; s++) {
          const m = referenceSetCost(sets, fromMe, s);
          const t = referenceSetCost(sets, fromTarget, s);
          if (Number.isFinite(myCost) && literalKeeps(kind, m, t, myCost, targetCost)) expected.push(s);
        }
        expect(got).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('a budgeted search stepped in slices equals the one-shot search', () => {
    fc.assert(
      fc.property(
        mapArb,
        fc.constantFrom<TacticKind>('flank', 'retreat'),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(3, Number.POSITIVE_INFINITY),
        fc.boolean(),
        (p, kind, setsPerStep, maxCandidates, pastDeadline) => {
          const { g, sets, me, target } = setup(p);
          const oneShot = searchTactic(g, sets, me, target, kind, { maxCandidates });
          const task = createTacticSearch(g, sets, me, target, kind, { setsPerStep, maxCandidates });
          let steps = 0;
          let last = -1;
          while (!task.step(pastDeadline ? performance.now() - 1 : Number.POSITIVE_INFINITY)) {
            steps++;
            expect(task.progress()).toBeGreaterThanOrEqual(last);
            last = task.progress();
            expect(steps).toBeLessThanOrEqual(sets.count + 1);
          }
          expect(task.progress()).toBe(1);
          expect(task.result()).toEqual(oneShot);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the resumable task', () => {
  it('examines at most setsPerStep sets per step', () => {
    const g = generateMap('random', 30, 30, { seed: 3, density: 0.2, shared: false });
    g.passable[5 * 30 + 5] = 1;
    g.passable[20 * 30 + 18] = 1;
    const sets = decomposeConvexSets(g, { maxSide: 1 });
    const task = createTacticSearch(g, sets, { x: 5, y: 5 }, { x: 18, y: 20 }, 'retreat', {
      setsPerStep: 100,
      maxCandidates: Number.POSITIVE_INFINITY,
    });
    let steps = 0;
    while (!task.step(Number.POSITIVE_INFINITY)) {
      steps++;
      expect(task.progress()).toBeCloseTo((steps * 100) / sets.count, 10);
    }
    expect(steps).toBe(Math.ceil(sets.count / 100) - 1);
    expect(task.result().examined).toBe(sets.count);
    expect(() => createTacticSearch(g, sets, { x: 5, y: 5 }, { x: 18, y: 20 }, 'flank').result()).toThrow(
      InvalidOptionError,
    );
  });
});

describe('through the frame scheduler', () => {
  it('runs in slices across frames, and a new search for the same unit cancels the stale one', async () => {
    const g = generateMap('random', 60, 40, { seed: 12, density: 0.1, shared: false });
    const me = { x: 10, y: 10 };
    const target = { x: 40, y: 25 };
    g.passable[me.y * 60 + me.x] = 1;
    g.passable[target.y * 60 + target.x] = 1;
    const sets = decomposeConvexSets(g, { maxSide: 1 });
    const costs = {
      me: setCostsFrom(g, sets, { x: me.x, y: me.y }),
      target: setCostsFrom(g, sets, { x: target.x, y: target.y }),
    };
    const frames: (() => void)[] = [];
    // A fake clock far ahead of performance.now() (so the search's own clock check never cuts a slice short)
    // that advances by the whole budget on every read: each frame runs exactly one slice.
    const budgetMs = 4;
    let clock = 1e12;
    const now = () => {
      clock += budgetMs;
      return clock;
    };
    const scheduler = createFrameScheduler({ tick: (run) => frames.push(run), now, budgetMs });
    const setsPerStep = 200;
    const options = { costs, setsPerStep, maxCandidates: Number.POSITIVE_INFINITY };
    const stale = scheduler.schedule(createTacticSearch(g, sets, me, target, 'flank', options), { key: 'unit-1' });
    // Count the slices and the sets each one examined (progress is examined / count).
    const inner = createTacticSearch(g, sets, me, target, 'retreat', options);
    const perSlice: number[] = [];
    const counted: ResumableTask<TacticSearchResult> = {
      step(deadline) {
        const before = Math.round(inner.progress() * sets.count);
        const finished = inner.step(deadline);
        const after = finished ? inner.result().examined : Math.round(inner.progress() * sets.count);
        perSlice.push(after - before);
        return finished;
      },
      result: () => inner.result(),
      progress: () => inner.progress(),
    };
    const fresh = scheduler.schedule(counted, { key: 'unit-1' });
    await expect(stale.promise).rejects.toBeInstanceOf(AbortError);
    let n = 0;
    while (!fresh.settled && frames.length > 0) {
      (frames.shift() as () => void)();
      n++;
      await Promise.resolve();
    }
    const result = await fresh.promise;
    expect(result).toEqual(searchTactic(g, sets, me, target, 'retreat', options));
    expect(sets.count).toBeGreaterThan(5 * setsPerStep);
    expect(perSlice.length).toBeGreaterThanOrEqual(Math.ceil(sets.count / setsPerStep));
    for (const k of perSlice) expect(k).toBeLessThanOrEqual(setsPerStep);
    expect(perSlice.reduce((a, b) => a + b, 0)).toBe(sets.count);
    expect(n).toBe(perSlice.length); // one slice per frame
    expect(result.examined).toBe(sets.count);
  });
});
