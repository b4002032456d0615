import { textOf } from '../util/describe-value.js';

/**
 * {@link fleeMap} found no tile to flee to: no walkable tile has scent 0 or -1 (the scent covers every reachable
 * tile with a positive value, as on a small closed map with a strong scent). thrig's "Scent Map II: Vectoric Boogaloo" prints a warning there.
 */
export class NoFleeSeedError extends Error {
  override readonly name = 'NoFleeSeedError';
  constructor(
    /** The player's strength the flee map was asked for. */
    readonly strength: number,
  ) {
    super(
      `no flee seed: no walkable tile has scent 0 or -1 (strength ${textOf(strength)}); ` +
        'lower the strength, or use a safety map, which always has somewhere to go',
    );
  }
}
