// Issue 23 (hardening): flank/retreat searches and routes under hostile input.
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { parseAsciiMap } from '../grid/parse.js';
import { decomposeConvexSets } from '../sets/convex-sets.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { createRandom } from '../util/random.js';
import { flankKeeps, retreatKeeps, tacticConstants } from './criteria.js';
import { createTacticRoute, routeDirection, routePath, routePhase, tacticPath } from './route.js';
import { chooseTacticSet, createTacticSearch, pickCandidate, tacticCandidates } from './search.js';

// Pillars every 4 tiles: 22 convex sets, five flank candidates between (4, 4) and (11, 11).
const rows: string[] = [];
for (let y = 0; y < 16; y++) {
  let row = '';
  for (let x = 0; x < 16; x++) row += x % 4 === 2 && y % 4 === 2 ? '#' : '.';
  rows.push(row);
}
const grid = parseAsciiMap(rows.join('\n'));
const sets = decomposeConvexSets(grid);
const me = { x: 4, y: 4 };
const target = { x: 11, y: 11 };

describe('typed errors where untyped ones were thrown (issue 23 item 9)', () => {
  it('searches and routes name a missing grid, sets, point or options', () => {
    expect(() => tacticCandidates(null as never, sets, me, target, { mode: 'flank' })).toThrow(InvalidOptionError);
    expect(() => tacticCandidates(grid, null as never, me, target, { mode: 'flank' })).toThrow(InvalidOptionError);
    expect(() => tacticCandidates(grid, sets, null as never, target, { mode: 'flank' })).toThrow(InvalidOptionError);
    expect(() => tacticCandidates(grid, sets, me, target, 3 as never)).toThrow(InvalidOptionError);
    expect(() => tacticCandidates(grid, sets, me, target, {} as never)).toThrow(/mode/);
    expect(() => tacticPath(grid, sets, me, target, 0, { mode: 'sideways' as never })).toThrow(InvalidOptionError);
    expect(() => tacticCandidates(grid, sets, me, target, { mode: 'flank', costs: 5 as never })).toThrow(
      InvalidOptionError,
    );
    expect(() =>
      tacticCandidates(grid, sets, me, target, {
        mode: 'flank',
        costs: { me: [0] as never, target: new Int32Array(99) },
      }),
    ).toThrow(InvalidOptionError);
    expect(() => createTacticRoute(grid, sets, 0, null as never)).toThrow(InvalidOptionError);
    expect(() => createTacticRoute(grid, sets, 0, target, { fields: {} as never })).toThrow(InvalidOptionError);
    expect(() => routePath(null as never, sets, me)).toThrow(InvalidOptionError);
    const route = createTacticRoute(grid, sets, 0, target);
    expect(() => routeDirection(route, 0, 0, 7)).toThrow(OutOfRangeError);
    expect(() => routePhase(route, null as never, 0, 0, 0)).toThrow(InvalidOptionError);
    expect(() => flankKeeps(1, 2, null as never)).toThrow(InvalidOptionError);
    expect(() => retreatKeeps('1' as never, 2, tacticConstants(4, 4))).toThrow(OutOfRangeError);
    expect(() => pickCandidate(null as never)).toThrow(InvalidOptionError);
    const task = createTacticSearch(grid, sets, me, target, 'flank');
    expect(() => task.step('soon' as never)).toThrow(OutOfRangeError);
  });

  it('a random source that returns 1 gets an error, not undefined as the chosen set', () => {
    const result = { ...createTacticSearch(grid, sets, me, target, 'flank'), candidates: new Int32Array([4, 5]) };
    expect(() => pickCandidate(result as never, () => 1)).toThrow(OutOfRangeError);
  });

  it('routePath refuses a forged route that runs in a circle or off the grid instead of growing for ever', () => {
    const route = createTacticRoute(grid, sets, sets.setOf[11 * 16 + 11] as number, target);
    const circle = { ...route, viaDir: new Uint8Array(route.viaDir.length).fill(1) };
    circle.viaDir[4 * 16 + 9] = 3; // east along row 4, then west at x = 9: back and forth
    expect(() => routePath(circle, sets, me, Number.MAX_SAFE_INTEGER)).toThrow(InvalidOptionError);
    const off = { ...route, viaDir: new Uint8Array(route.viaDir.length).fill(0) };
    expect(() => routePath(off, sets, me)).toThrow(InvalidOptionError);
    const bad = { ...route, viaDir: new Uint8Array(route.viaDir.length).fill(9) };
    expect(() => routePath(bad, sets, me)).toThrow(InvalidOptionError);
    // A real route with a huge maxSteps ends where it always did.
    expect(routePath(route, sets, me, Number.MAX_SAFE_INTEGER)).toEqual(routePath(route, sets, me));
  });
});

describe('inherited options are ignored (issue 23 item 11)', () => {
  // neighbors and diagonal are left out: the per-set fields of src/sets still read them inherited (phase B).
  it('a property added to Object.prototype changes no search or route', () => {
    const make = () => ({
      flank: Array.from(tacticCandidates(grid, sets, me, target, { mode: 'flank' })),
      retreat: Array.from(tacticCandidates(grid, sets, me, target, { mode: 'retreat' })),
      constants: tacticConstants(10, 20),
      chosen: chooseTacticSet(grid, sets, me, target, { mode: 'flank', random: createRandom(3) }),
      route: Array.from(routePath(createTacticRoute(grid, sets, 0, target), sets, me)?.points ?? []),
    });
    const before = make();
    const after = withPollutedPrototype(
      {
        maxCandidates: 1,
        hyperbolaFactor: 0,
        largeEllipseFactor: 100,
        circleFactor: 0,
        approach: false,
        random: () => 0.999,
        fields: null,
      },
      make,
    );
    expect(after).toEqual(before);
    expect(before.flank).toHaveLength(5);
  });
});
