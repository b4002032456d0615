import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.js';
import { loadPatternMovement } from './book-listings.test-util.js';
import { buildTilePatternPath, DEFAULT_TILE_PATTERN_OPTIONS, parseTilePattern } from './tile-pattern.js';

const pairs = (a: Int32Array) => {
  const out: [number, number][] = [];
  for (let i = 0; i < a.length; i += 2) out.push([a[i] as number, a[i + 1] as number]);
  return out;
};

// The chapter's guard: the camp (10, 10) to (15, 15) normalised, as its pattern file holds it.
const CAMP_NORMALISED = '0 0 0 5\n0 5 5 5\n5 5 5 0\n5 0 0 0\n';
// The same camp written where it stands, not normalised.
const CAMP_ABSOLUTE = '10 10 10 15\n10 15 15 15\n15 15 15 10\n15 10 10 10\n';

describe("tile pattern paths are the book's LoadPatternMovement by default", () => {
  it('the camp moved to (6, 5): 21 tiles, ending on the start again, tile for tile', () => {
    const values = CAMP_NORMALISED.trim().split(/\s+/).map(Number);
    const book = loadPatternMovement(values, 200, 6, 5);
    expect(book.length).toBe(21);
    expect(book[0]).toEqual([6, 5]);
    expect(book[5]).toEqual([6, 10]);
    expect(book[10]).toEqual([11, 10]);
    expect(book[15]).toEqual([11, 5]);
    expect(book[20]).toEqual([6, 5]);
    expect(pairs(buildTilePatternPath(parseTilePattern(CAMP_NORMALISED), { x: 6, y: 5 }).points)).toEqual(book);
  });

  it('returns a TilePath: 21 tiles and a cost of 20 one-tile steps; the origin is a point', () => {
    const path = buildTilePatternPath(parseTilePattern(CAMP_NORMALISED), { x: 6, y: 5 });
    expect(path.points).toBeInstanceOf(Int32Array);
    expect(path.points.length).toBe(42);
    expect(path.cost).toBe(20);
    expect(() => buildTilePatternPath(parseTilePattern(CAMP_NORMALISED), 6 as never)).toThrow(InvalidOptionError);
    expect(() => buildTilePatternPath(parseTilePattern(CAMP_NORMALISED), { x: 6 } as never)).toThrow('origin');
  });

  it('random patterns, diagonal segments and segments that do not join included', () => {
    const coordinate = fc.integer({ min: 0, max: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coordinate, coordinate, coordinate, coordinate), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (segments, close, startX, startY) => {
          const values = segments.flat();
          if (close) values.push(values[values.length - 2] as number, values[values.length - 1] as number, 0, 0);
          values[0] = 0; // a normalised file: the first point is (0, 0)
          values[1] = 0;
          const book = loadPatternMovement(values, 10_000, startX, startY);
          const pattern = parseTilePattern(values.join(' '));
          expect(pairs(buildTilePatternPath(pattern, { x: startX, y: startY }).points)).toEqual(book);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a pattern text that is not normalised', () => {
  it("normalize: false adds the start to the raw values as the book's loader does: (16, 15) for the camp at (10, 10)", () => {
    const values = CAMP_ABSOLUTE.trim().split(/\s+/).map(Number);
    const book = loadPatternMovement(values, 200, 6, 5);
    expect(book[0]).toEqual([16, 15]);
    const raw = parseTilePattern(CAMP_ABSOLUTE, { normalize: false });
    expect(Array.from(raw.segments.subarray(0, 4))).toEqual([10, 10, 10, 15]);
    expect([raw.originX, raw.originY]).toEqual([0, 0]);
    expect(raw.closed).toBe(true);
    const path = pairs(buildTilePatternPath(raw, { x: 6, y: 5 }).points);
    expect(path[0]).toEqual([16, 15]);
    expect(path).toEqual(book);
  });

  it('by default it is made relative to its first point: (6, 5), the start, whatever the text was drawn at', () => {
    expect(DEFAULT_TILE_PATTERN_OPTIONS.normalize).toBe(true);
    const p = parseTilePattern(CAMP_ABSOLUTE);
    expect([p.originX, p.originY]).toEqual([10, 10]);
    const path = pairs(buildTilePatternPath(p, { x: 6, y: 5 }).points);
    expect(path[0]).toEqual([6, 5]);
    // The same tiles as the normalised file, the book's example.
    expect(path).toEqual(pairs(buildTilePatternPath(parseTilePattern(CAMP_NORMALISED), { x: 6, y: 5 }).points));
    // Replayed at its own origin it is where it was drawn; so is the raw pattern at (0, 0).
    expect(pairs(buildTilePatternPath(p, { x: p.originX, y: p.originY }).points)).toEqual(
      pairs(buildTilePatternPath(parseTilePattern(CAMP_ABSOLUTE, { normalize: false }), { x: 0, y: 0 }).points),
    );
  });

  it('bad options are refused', () => {
    expect(() => parseTilePattern(CAMP_ABSOLUTE, { normalize: 'no' as never })).toThrow(InvalidOptionError);
    const p = parseTilePattern(CAMP_NORMALISED);
    expect(() => buildTilePatternPath(p, { x: 0, y: 0 }, 'listing' as never).points).toThrow(InvalidOptionError);
    expect(() => buildTilePatternPath(p, { x: 0, y: 0 }, { keepReturnTile: 1 as never }).points).toThrow(
      InvalidOptionError,
    );
    expect(() => buildTilePatternPath(p, { x: 0, y: 0 }, { style: 'book' as never }).points).toThrow(
      InvalidOptionError,
    );
  });
});
