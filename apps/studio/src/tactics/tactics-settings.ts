import type { GeneratedMapSettings } from '../shared/generated-map.js';
import type { TacticsMapSource } from './tactics-maps.js';

/** Sides offered for generated maps on this page (small: the page shades every tile per placement). */
export const TACTICS_SIZES = [48, 96, 160, 256];
/** Largest side of a map opened from a file on this page. */
export const TACTICS_MAX_SIDE = 512;

/** The generator settings the Tactics page starts with. */
export const DEFAULT_TACTICS_GEN: GeneratedMapSettings = {
  generator: 'random',
  width: 96,
  height: 96,
  seed: 1,
  density: 0.12,
};

/** The source of the generator form's settings (square maps: the width is the side). */
export function generatedSource(gen: GeneratedMapSettings): TacticsMapSource {
  return { kind: 'generated', generator: gen.generator, size: gen.width, seed: gen.seed, density: gen.density };
}

/**
 * Largest side of a convex set on this page. Smaller sets make set costs closer to tile costs and give the
 * searches more to choose from on a small map (the library's default has no limit).
 */
export const DEFAULT_MAX_SIDE = 8;
export const MAX_SIDES = [Number.POSITIVE_INFINITY, 16, 8, 6, 4, 2];

/** Frame budget of the main-thread set searches, in milliseconds. */
export const FRAME_BUDGET_MS = 1;
