import { describe, expect, it } from 'vitest';
import {
  METRIC_OCTILE,
  METRIC_STEPS,
  METRIC_WEIGHTED,
  type ResolvedFieldOptions,
  RULE_BOTH_FREE,
  RULE_NEVER,
} from '../options.js';
import { BFS_MAX_TILES } from './bfs.js';
import { chooseKernel, type FieldFacts } from './choose-kernel.js';
import { MAX_DIAL_BUCKETS } from './dial.js';

const steps: ResolvedFieldOptions = { neighbors: 8, rule: RULE_BOTH_FREE, metric: METRIC_STEPS, maxCost: Infinity };
const octile: ResolvedFieldOptions = { ...steps, metric: METRIC_OCTILE };
const weighted: ResolvedFieldOptions = { ...steps, metric: METRIC_WEIGHTED };
/** One seed of value 0 on ground (code 1) of a 100x100 grid, edges of 1 only. */
const one: FieldFacts = { maxEdge: 1, code: 1, minValue: 0, maxValue: 0, tiles: 10_000 };

describe('chooseKernel (the table in its doc comment, row by row)', () => {
  it('bfs: every edge costs 1, equal seed values on one passability code, at most 2^24 tiles', () => {
    expect(chooseKernel(steps, one)).toBe('bfs');
    expect(chooseKernel(steps, { ...one, minValue: -3.5, maxValue: -3.5 })).toBe('bfs');
    expect(chooseKernel(steps, { ...one, code: 2 })).toBe('bfs');
    expect(chooseKernel(steps, { ...one, tiles: BFS_MAX_TILES })).toBe('bfs');
    // Octile or weighted on flat terrain with 4 neighbours: every edge costs 1 too.
    expect(chooseKernel(octile, one)).toBe('bfs');
    expect(chooseKernel(weighted, one)).toBe('bfs');
  });

  it('octile-one-code: edges of 1 and sqrt 2, seeds on one code, no value below +0', () => {
    expect(chooseKernel(octile, { ...one, maxEdge: Math.SQRT2 })).toBe('octile-one-code');
    expect(chooseKernel(weighted, { ...one, maxEdge: Math.SQRT2 })).toBe('octile-one-code');
    // Unequal values, or too many tiles for the BFS kernel's Float32 waves.
    expect(chooseKernel(steps, { ...one, maxValue: 2 })).toBe('octile-one-code');
    expect(chooseKernel(steps, { ...one, tiles: BFS_MAX_TILES + 1 })).toBe('octile-one-code');
  });

  it('octile: edges of 1 and sqrt 2 otherwise (seeds on several codes, a negative or -0 value)', () => {
    const facts = { ...one, maxEdge: Math.SQRT2 };
    expect(chooseKernel(octile, { ...facts, code: -1 })).toBe('octile');
    expect(chooseKernel(octile, { ...facts, minValue: -0.5 })).toBe('octile');
    expect(chooseKernel(octile, { ...facts, minValue: -0, maxValue: 1 })).toBe('octile');
    expect(chooseKernel(steps, { ...one, code: -1 })).toBe('octile');
  });

  it('dial: weighted with terrain, up to MAX_DIAL_BUCKETS buckets; heap beyond', () => {
    expect(chooseKernel(weighted, { ...one, maxEdge: 4 * Math.SQRT2 })).toBe('dial');
    // Terrain up to 1.25: no diagonal costs that much, but the straight steps do (4 neighbours, or 8).
    expect(chooseKernel({ ...weighted, rule: RULE_NEVER }, { ...one, maxEdge: 1.25 })).toBe('dial');
    expect(chooseKernel(weighted, { ...one, maxEdge: 1.25 * Math.SQRT2 })).toBe('dial');
    expect(chooseKernel(weighted, { ...one, maxEdge: MAX_DIAL_BUCKETS - 2 })).toBe('dial');
    expect(chooseKernel(weighted, { ...one, maxEdge: MAX_DIAL_BUCKETS - 1.5 })).toBe('heap');
    expect(chooseKernel(weighted, { ...one, maxEdge: 5000 * Math.SQRT2, code: -1 })).toBe('heap');
  });
});
