import { Grid, generateMap, MAP_KINDS, type MapKind, parseMovingAiMap } from '@fieldmarshal/core';
import { fetchMovingAiText, MOVING_AI_MAPS } from '../../shared/moving-ai.js';

/**
 * Where a big map comes from: `city` (the Moving AI city map Berlin_0_256 scaled up, each tile becoming k x k
 * tiles: the game-like map of the sector benchmark), a generator of core (`random`, `rooms`, `maze`, `open`), or
 * a shipped Moving AI map at its own size (`movingai:<name>`).
 */
export type BigMapSource = 'city' | MapKind | `movingai:${string}`;

export interface BigMapSettings {
  source: BigMapSource;
  /** Side in tiles (generated and city maps). */
  size: number;
  /** Integer >= 0. */
  seed: number;
  /** Share of walls of `random`, 0..1. */
  density: number;
}

/** Sides offered, in tiles. */
export const BIG_MAP_SIZES = [256, 512, 1024, 2048, 4096, 8192] as const;

export const DEFAULT_BIG_MAP: BigMapSettings = { source: 'city', size: 2048, seed: 1, density: 0.2 };

/** Every source, with its label, for the map form. */
export const BIG_MAP_SOURCES: readonly { id: BigMapSource; label: string }[] = [
  { id: 'city', label: 'city (Berlin_0_256 scaled up)' },
  ...MAP_KINDS.map((k) => ({ id: k as BigMapSource, label: `generated: ${k}` })),
  ...MOVING_AI_MAPS.map((m) => ({
    id: `movingai:${m.name}` as BigMapSource,
    label: `Moving AI: ${m.name} (${m.size})`,
  })),
];

/** True when the source takes the size, seed and density settings. */
export function isGenerated(source: BigMapSource): boolean {
  return !source.startsWith('movingai:');
}

/**
 * `base` scaled up `k` times: every tile becomes k x k tiles of the same passability, in a new shared grid.
 * PERF: one row is expanded, then copied to the k - 1 rows under it (typed-array copies, no per-tile calls).
 */
export function scaleUp(base: Grid, k: number): Grid {
  const w = base.width * k;
  const grid = Grid.create(w, base.height * k);
  const src = base.passable;
  const dst = grid.passable;
  for (let y = 0; y < base.height; y++) {
    const row = y * k * w;
    for (let x = 0; x < base.width; x++) dst.fill(src[y * base.width + x] as number, row + x * k, row + x * k + k);
    for (let r = 1; r < k; r++) dst.copyWithin(row + r * w, row, row + w);
  }
  return grid;
}

/** Makes the map of `s` (on the main thread: about a second for 8192 x 8192). */
export async function makeBigMap(s: BigMapSettings, signal?: AbortSignal): Promise<{ grid: Grid; label: string }> {
  if (s.source.startsWith('movingai:')) {
    const name = s.source.slice(9);
    const grid = parseMovingAiMap(await fetchMovingAiText(name, signal));
    return { grid, label: name };
  }
  if (s.source === 'city') {
    const base = parseMovingAiMap(await fetchMovingAiText('Berlin_0_256', signal));
    const k = Math.max(1, Math.round(s.size / base.width));
    return { grid: scaleUp(base, k), label: `Berlin_0_256 x ${k} (${base.width * k} x ${base.height * k})` };
  }
  const kind = s.source as MapKind;
  const grid = generateMap(kind, s.size, s.size, { seed: s.seed, density: s.density });
  const what = kind === 'random' ? `random, ${Math.round(s.density * 100)}% walls` : kind;
  return { grid, label: `${what} ${s.size} x ${s.size}, seed ${s.seed}` };
}

/** A walkable tile near (x, y) (searched in growing squares), or null when there is none nearby. */
export function nearestWalkable(grid: Grid, x: number, y: number, reach = 64): { x: number; y: number } | null {
  for (let r = 0; r <= reach; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const tx = x + dx;
        const ty = y + dy;
        if (grid.inBounds(tx, ty) && grid.isPassable(tx, ty)) return { x: tx, y: ty };
      }
    }
  }
  return null;
}
